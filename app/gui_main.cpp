#include "analysis/sweep_panel.h"
#include "base/file_io.h"
#include "base/text_util.h"
#include "base/version.h"
#include "common/export_paths.h"
#include "common/qt_messages.h"
#include "explorer/animation_controller.h"
#include "panels/theory_panel.h"
#include "shell/main_window.h"

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QScreen>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

struct Options {
    QCommandLineOption shot{QStringLiteral("screenshot"),
                            QStringLiteral("save a PNG of the window once the run is shown, then "
                                           "quit (errors go to standard error, exit status 2)"),
                            QStringLiteral("file")};
    QCommandLineOption at{
        QStringLiteral("at"),
        QStringLiteral("with --screenshot: pause the animation at this fraction of the run"),
        QStringLiteral("fraction")};
    QCommandLineOption size{QStringLiteral("size"), QStringLiteral("window size WxH"),
                            QStringLiteral("size")};
    QCommandLineOption presentation{
        QStringLiteral("presentation"),
        QStringLiteral("presentation mode: everything larger, for a projector (F5)")};
    QCommandLineOption dark{QStringLiteral("dark"), QStringLiteral("the dark theme (Ctrl+D)")};
    QCommandLineOption fullscreen{
        QStringLiteral("fullscreen"),
        QStringLiteral("full screen: the views without the settings (F11)")};
    QCommandLineOption open{QStringLiteral("open"),
                            QStringLiteral("open a sweep's results (the CSV of reducelab-cli sweep "
                                           "--out, with its FILE.csv.json sidecar) in its panel"),
                            QStringLiteral("file")};
    QCommandLineOption policy{
        QStringLiteral("policy"),
        QStringLiteral("run the Python policies of this file, as Algorithms > Load policy... "
                       "does (repeatable); a scenario that names it then opens without asking"),
        QStringLiteral("file.py")};
    QCommandLineOption tab{QStringLiteral("tab"),
                           QStringLiteral("show this tab first (e.g. \"Ratio map\")"),
                           QStringLiteral("name")};
};

void configure(QCommandLineParser& parser, const Options& o) {
    parser.setApplicationDescription(
        QStringLiteral("See how reduction algorithms behave on unpredictable platforms."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("scenario"),
        QStringLiteral("a scenario file to open (JSON), or a schedule (a measured run's JSON, a "
                       "Chrome trace) to show beside its simulation"));
    parser.addOptions(
        {o.shot, o.at, o.size, o.presentation, o.dark, o.fullscreen, o.open, o.policy, o.tab});
}

void printError(const QString& message) {
    std::fprintf(stderr, "reducelab: error: %s\n", rl::printable(message.toStdString()).c_str());
}

/// Before the application object exists: nothing to tear down.
[[noreturn]] void refuse(const QString& message) {
    printError(message);
    std::exit(2);
}

} // namespace

int main(int argc, char** argv) {
    rl::installQtMessageHandler("reducelab");
    QCoreApplication::setApplicationName(QStringLiteral("ReduceLab"));
    QCoreApplication::setOrganizationName(QStringLiteral("ReduceLab"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(rl::kVersion));
    const Options o;
    QCommandLineParser parser;
    configure(parser, o);
    {
        // Arguments are checked, and --help and --version answered, before the GUI exists:
        // they work without a display.
        const QCoreApplication core(argc, argv);
        if (!parser.parse(QCoreApplication::arguments())) {
            refuse(parser.errorText());
        }
        if (parser.isSet(QStringLiteral("help"))) {
            std::fputs(qPrintable(parser.helpText()), stdout);
            return 0;
        }
        if (parser.isSet(QStringLiteral("version"))) {
            std::printf("reducelab %s\n", rl::kVersion);
            return 0;
        }
    }
    QSize windowSize;
    if (parser.isSet(o.size)) {
        const QStringList wh = parser.value(o.size).split('x');
        bool okW = false;
        bool okH = false;
        if (wh.size() == 2) {
            windowSize = QSize(wh[0].toInt(&okW), wh[1].toInt(&okH));
        }
        if (!okW || !okH || windowSize.width() < 320 || windowSize.height() < 240 ||
            windowSize.width() > 16384 || windowSize.height() > 16384) {
            refuse(QStringLiteral("--size '%1': expected WxH with 320x240 <= WxH <= 16384x16384")
                       .arg(parser.value(o.size)));
        }
    }
    double fraction = -1.0;
    if (parser.isSet(o.at)) {
        bool ok = false;
        fraction = parser.value(o.at).toDouble(&ok);
        if (!ok || !(fraction >= 0.0 && fraction <= 1.0)) {
            refuse(QStringLiteral("--at '%1': expected a fraction between 0 and 1")
                       .arg(parser.value(o.at)));
        }
    }
    // The screenshot's path is checked now, before any computation (rl::OutputSet).
    rl::OutputSet screenshotFile;
    if (parser.isSet(o.shot)) {
        try {
            screenshotFile.declare("--screenshot", parser.value(o.shot).toStdString());
        } catch (const std::exception& e) {
            refuse(QString::fromStdString(e.what()));
        }
    }
    QApplication app(argc, argv);
    const QCommandLineOption& shot = o.shot;
    const QCommandLineOption& tab = o.tab;
    rl::MainWindow window;
    // Screenshots run unattended: an error goes to standard error, never to a modal dialog
    // that nobody could close.
    window.setInteractive(!parser.isSet(shot));
    if (windowSize.isValid()) {
        window.resize(windowSize);
    }
    // View flags win over the saved view settings, and are not saved: they are for this run
    // (a screenshot is made exactly as its flags say).
    const bool viewFlags = parser.isSet(o.presentation) || parser.isSet(o.dark) ||
                           parser.isSet(o.fullscreen) || parser.isSet(shot);
    if (viewFlags) {
        window.setRemembersView(false);
        window.setPresentation(parser.isSet(o.presentation));
        window.setDark(parser.isSet(o.dark));
        window.setFullScreenMode(parser.isSet(o.fullscreen));
    }
    // Named on the command line: the user chose to run them. Loaded before the scenario that
    // may name them (the load is quick; the window is not shown yet).
    for (const QString& file : parser.values(o.policy)) {
        if (window.loadPolicy(file)) {
            window.policies()->waitForIdle();
        }
        if (!window.policies()->hasFile(file)) {
            printError(window.lastError());
            return 2;
        }
    }
    if (!parser.positionalArguments().isEmpty() &&
        !window.openFile(parser.positionalArguments().constFirst()) && parser.isSet(shot)) {
        // Returned, not exited: the window and the application are destroyed in order.
        printError(window.lastError());
        return 2;
    }
    if (parser.isSet(o.open) && !window.openResults(parser.value(o.open)) && parser.isSet(shot)) {
        printError(window.lastError());
        return 2;
    }
    window.show();
    if (parser.isSet(tab)) {
        bool found = false;
        QStringList titles;
        for (int i = 0; i < window.tabs()->count(); ++i) {
            titles << rl::plainActionText(window.tabs()->tabText(i));
            if (titles.back() == parser.value(tab)) {
                window.tabs()->setCurrentIndex(i);
                found = true;
            }
        }
        if (!found) {
            printError(QStringLiteral("no tab '%1' (tabs: %2)")
                           .arg(parser.value(tab), titles.join(QStringLiteral(", "))));
            return 2;
        }
    }
    if (parser.isSet(shot)) {
        // For the README's screenshots: wait for the run, place the cursor, grab the window.
        const QString path = parser.value(shot);
        auto* poll = new QTimer(&window);
        QObject::connect(poll, &QTimer::timeout, &window, [&, poll, path, fraction] {
            // A run that failed (a policy's exception) is shown as the window shows it.
            const bool failed = !window.session()->failure().isEmpty();
            if (window.session()->isRunning() ||
                (!failed && (!window.session()->result() || window.panes().empty()))) {
                return;
            }
            // An analysis panel in front: wait for its complete picture (a run's or an opened
            // file's); a long run that waits for Start is started, as a user would.
            if (auto* panel = qobject_cast<rl::SweepPanel*>(window.tabs()->currentWidget());
                panel && (panel->runner()->isRunning() || !panel->figure()->snapshot() ||
                          !panel->figure()->snapshot()->complete)) {
                if (panel->awaitingStart()) {
                    panel->run();
                }
                return;
            }
            poll->stop();
            if (fraction >= 0.0) {
                window.animation()->pause();
                window.animation()->seek(fraction * window.animation()->end());
            }
            QTimer::singleShot(fraction >= 0.0 ? 400 : 2500, &window, [&, path] {
                if (auto* theory = qobject_cast<rl::TheoryPanel*>(window.tabs()->currentWidget())) {
                    theory->waitForIdle();
                }
                QByteArray png;
                QBuffer buffer(&png);
                buffer.open(QIODevice::WriteOnly);
                try {
                    if (!window.grab().save(&buffer, "PNG")) {
                        throw rl::OutputError("cannot encode the screenshot as PNG");
                    }
                    screenshotFile.stage(
                        path.toStdString(),
                        std::string_view(png.constData(), static_cast<std::size_t>(png.size())));
                    screenshotFile.commit();
                } catch (const std::exception& e) {
                    std::fprintf(stderr, "reducelab: error: %s\n", rl::printable(e.what()).c_str());
                    QApplication::exit(2);
                    return;
                }
                std::fprintf(stderr, "wrote %s\n", rl::printable(path.toStdString()).c_str());
                QApplication::exit(0);
            });
        });
        poll->start(50);
    }
    return QApplication::exec();
}
