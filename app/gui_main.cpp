#include "analysis/sweep_panel.h"
#include "base/version.h"
#include "explorer/animation_controller.h"
#include "panels/theory_panel.h"
#include "shell/main_window.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QScreen>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ReduceLab"));
    QApplication::setOrganizationName(QStringLiteral("ReduceLab"));
    QApplication::setApplicationVersion(QString::fromLatin1(rl::kVersion));
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("See how reduction algorithms behave on unpredictable platforms."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("scenario"),
                                 QStringLiteral("a scenario file to open (JSON)"));
    const QCommandLineOption shot(
        QStringLiteral("screenshot"),
        QStringLiteral("save a PNG of the window once the run is shown, then quit"),
        QStringLiteral("file"));
    const QCommandLineOption at(
        QStringLiteral("at"),
        QStringLiteral("with --screenshot: pause the animation at this fraction of the run"),
        QStringLiteral("fraction"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("window size WxH"),
                                  QStringLiteral("size"));
    const QCommandLineOption tab(QStringLiteral("tab"),
                                 QStringLiteral("show this tab first (e.g. \"Ratio map\")"),
                                 QStringLiteral("name"));
    parser.addOptions({shot, at, size, tab});
    parser.process(app);
    rl::MainWindow window;
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split('x');
        if (wh.size() == 2) {
            window.resize(wh[0].toInt(), wh[1].toInt());
        }
    }
    window.show();
    if (!parser.positionalArguments().isEmpty() &&
        !window.openScenario(parser.positionalArguments().constFirst())) {
        if (parser.isSet(shot)) {
            std::fprintf(stderr, "reducelab: %s\n", qPrintable(window.lastError()));
            return 2;
        }
    }
    if (parser.isSet(tab)) {
        bool found = false;
        QStringList titles;
        for (int i = 0; i < window.tabs()->count(); ++i) {
            titles << window.tabs()->tabText(i).remove('&');
            if (titles.back() == parser.value(tab)) {
                window.tabs()->setCurrentIndex(i);
                found = true;
            }
        }
        if (!found) {
            std::fprintf(stderr, "reducelab: no tab '%s' (tabs: %s)\n",
                         qPrintable(parser.value(tab)), qPrintable(titles.join(", ")));
            return 2;
        }
    }
    if (parser.isSet(shot)) {
        // For the README's screenshots: wait for the run, place the cursor, grab the window.
        const QString path = parser.value(shot);
        const double fraction = parser.isSet(at) ? parser.value(at).toDouble() : -1.0;
        auto* poll = new QTimer(&window);
        QObject::connect(poll, &QTimer::timeout, &window, [&window, poll, path, fraction] {
            if (!window.session()->result() || window.session()->isRunning() ||
                window.panes().empty()) {
                return;
            }
            // An analysis panel in front: wait for its complete picture.
            if (auto* panel = qobject_cast<rl::SweepPanel*>(window.tabs()->currentWidget());
                panel && (panel->runner()->isRunning() || !panel->runner()->latest() ||
                          !panel->runner()->latest()->complete)) {
                return;
            }
            poll->stop();
            if (fraction >= 0.0) {
                window.animation()->pause();
                window.animation()->seek(fraction * window.animation()->end());
            }
            QTimer::singleShot(fraction >= 0.0 ? 400 : 2500, &window, [&window, path] {
                if (auto* theory = qobject_cast<rl::TheoryPanel*>(window.tabs()->currentWidget())) {
                    theory->waitForIdle();
                }
                const bool ok = window.grab().save(path);
                std::fprintf(stderr, "%s %s\n", ok ? "wrote" : "could not write", qPrintable(path));
                QApplication::exit(ok ? 0 : 1);
            });
        });
        poll->start(50);
    }
    return QApplication::exec();
}
