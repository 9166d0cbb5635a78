// File → Export web page…: the explorer's run, or the figure of an analysis tab, written as one
// web page off the GUI thread through the atomic writer; refused at once (nothing started,
// nothing written) with the CLI's message for a run too large, with the path for a bad one.
#include "../../core/web/web_page_data.h"

#include "analysis/sweep_panel.h"
#include "common/web_page_export.h"
#include "explorer/animation_controller.h"
#include "explorer/config_panel.h"
#include "explorer/explorer_page.h"
#include "explorer/session.h"
#include "shell/main_window.h"
#include "studies/run_study.h"
#include "studies/sweep_study.h"

#include <QAction>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace rl;
using nlohmann::json;

namespace {

void waitForResult(MainWindow& w, int n) {
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && w.session()->result()->scenario.n == n &&
                                 !w.session()->isRunning(),
                             20000);
}

json pageOf(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        return nullptr;
    }
    return test::pageData(f.readAll().toStdString());
}

} // namespace

class TestWebPageExport : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ReduceLabTests"));
    }

    void menuOffersIt() {
        MainWindow w;
        bool found = false;
        for (QAction* a : w.menuBar()->actions().first()->menu()->actions()) {
            found =
                found || a->text().remove(QLatin1Char('&')) == QStringLiteral("Export web page…");
        }
        QVERIFY(found);
    }

    // The explorer's run, as shown: its schedules, titles and scenario.
    void explorerRun() {
        MainWindow w;
        w.setInteractive(false);
        waitForResult(w, 16);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("demo.html"));
        QVERIFY(w.exportWebPage(path));
        w.webPageJob()->waitForIdle();
        QVERIFY(w.webPageJob()->failure().isEmpty());
        QCOMPARE(w.webPageJob()->latest()->path, path);
        const json d = pageOf(path);
        const RunResult& r = *w.session()->result();
        QCOMPARE(d["program"].get<std::string>(), std::string("reducelab"));
        QCOMPARE(d["runs"].size(), r.schedules.size());
        QCOMPARE(d["runs"][1]["title"].get<std::string>(), runTitle(r, 1));
        QCOMPARE(d["runs"][1]["makespan"].get<double>(), r.schedules[1]->makespan);
        const json scenario = json::parse(d["scenario"]["file"].get<std::string>());
        QCOMPARE(scenario["n"].get<int>(), 16);
        QCOMPARE(scenario["algorithms"].size(), r.scenario.algorithms.size());

        // One definition of "event k of N" (countsAsEvent, in the core): the window's counter
        // says what the page's player says at the same time, which steps through the page's
        // events and counts those at or before its time (web/player.js, lastEventAtOrBefore).
        const json events = d["events"];
        QVERIFY(events.size() > 0);
        // The narration tells decisions too: counting its lines would say another number.
        QVERIFY(w.session()->result()->narration.size() > events.size());
        const double end = w.session()->result()->end;
        for (const double t : {0.0, end / 3.0, end / 2.0, end}) {
            w.animation()->pause();
            w.animation()->seek(t);
            const auto atOrBefore = std::count_if(events.begin(), events.end(), [t](const json& e) {
                return e[0].get<double>() <= t;
            });
            const QString said =
                QStringLiteral("(event %1 of %2)").arg(atOrBefore).arg(events.size());
            QVERIFY2(w.explorer()->counterLabel()->text().contains(said),
                     qPrintable(w.explorer()->counterLabel()->text() + " != " + said));
        }
    }

    // A name typed without an extension gets .html, as the CSV export adds .csv (#39).
    void addsTheExtension() {
        MainWindow w;
        w.setInteractive(false);
        waitForResult(w, 16);
        QTemporaryDir dir;
        QVERIFY(w.exportWebPage(dir.filePath(QStringLiteral("run_page"))));
        w.webPageJob()->waitForIdle();
        QVERIFY(w.webPageJob()->failure().isEmpty());
        const QString page = dir.filePath(QStringLiteral("run_page.html"));
        QCOMPARE(w.webPageJob()->latest()->path, page);
        QVERIFY(QFile::exists(page));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("run_page"))));
        QVERIFY(pageOf(page).is_object());
    }

    // Refused at once, with the CLI's words, nothing started and nothing written.
    void refusals() {
        MainWindow w;
        w.setInteractive(false);
        waitForResult(w, 16);
        QTemporaryDir dir;
        const quint64 jobs = w.webPageJob()->generation();
        const QString missing = dir.filePath(QStringLiteral("missing/page.html"));
        QVERIFY(!w.exportWebPage(missing));
        QVERIFY(w.lastError().contains(missing));
        QLineEdit* field = w.configPanel()->processorsField();
        field->setText(QStringLiteral("600"));
        emit field->editingFinished();
        waitForResult(w, 600);
        const QString page = dir.filePath(QStringLiteral("big.html"));
        QVERIFY(!w.exportWebPage(page));
        QCOMPARE(w.lastError(),
                 QStringLiteral("web page: n = 600 with 2 algorithms is 1200 processor rows; a "
                                "page holds at most 1024 (n times the algorithms), to stay fluid "
                                "in a browser: show fewer processors or algorithms"));
        QVERIFY(!QFile::exists(page));
        w.tabs()->setCurrentIndex(4); // Theory: no page of its own
        QVERIFY(!w.exportWebPage(page));
        QVERIFY(w.lastError().contains(QStringLiteral("open one of them")));
        QCOMPARE(w.webPageJob()->generation(), jobs);
    }

    // An analysis tab: its figure with its results.
    void analysisFigure() {
        MainWindow w;
        w.setInteractive(false);
        SweepSpec spec = SweepSpec::figure(Figure::Fig6);
        spec.n = 8;
        spec.cvs = {0.3, 1.0};
        spec.ratios = {0.5, 2.0};
        spec.replicates = 200;
        spec.threads = 1;
        ProgressiveSweep sweep(spec);
        QVERIFY(sweep.runPass(spec.replicates));
        SweepPanel* panel = nullptr;
        for (int i = 0; i < w.tabs()->count(); ++i) {
            auto* p = qobject_cast<SweepPanel*>(w.tabs()->widget(i));
            if (p && p->figureKind() == Figure::Fig6) {
                panel = p;
                w.tabs()->setCurrentIndex(i);
            }
        }
        QVERIFY(panel);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("best.html"));
        QVERIFY(!panel->figure()->snapshot()); // the window is not shown: no run started
        QVERIFY(!w.exportWebPage(path));
        QVERIFY(w.lastError().contains(QStringLiteral("nothing to export yet")));
        panel->showResults(std::make_shared<const GridSnapshot>(sweep.snapshot()),
                           QStringLiteral("test"));
        QVERIFY(w.exportWebPage(path));
        w.webPageJob()->waitForIdle();
        const json d = pageOf(path);
        QCOMPARE(d["figure"].get<std::string>(), std::string("fig6"));
        QCOMPARE(d["cells"].size(), std::size_t(4));
    }
};

QTEST_MAIN(TestWebPageExport)
#include "test_web_page_export.moc"
