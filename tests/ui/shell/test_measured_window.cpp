// A measured schedule in the window (#36): `reducelab FILE` and File → Open results show a
// measured run (the JSON of `reducelab-mpi run`) beside the simulation of its platform and draw,
// "measured" and "simulated" as the two rows of compare mode on one time axis, the
// per-processor difference in the hover and the narration; the web page carries both; a file
// that cannot be shown changes nothing. The fixture is a real run (tests/data/measured/README).
#include "explorer/algorithm_pane.h"
#include "explorer/explorer_page.h"
#include "shell/main_window.h"
#include "studies/measured_run.h"
#include "studies/run_study.h"
#include "studies/schedule_file.h"
#include "views/gantt_view.h"

#include "../../core/web/web_page_data.h"

#include <qcustomplot.h>

#include <QFile>
#include <QListWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace rl;

namespace {

const QString kMeasured = QStringLiteral(REDUCELAB_TEST_DATA "/measured/tree_dyn_n8.json");

void waitForResult(MainWindow& w, std::size_t panes) {
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && w.panes().size() == panes &&
                                 w.session()->result()->schedules.size() == panes &&
                                 !w.session()->isRunning(),
                             20000);
}

QString readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

} // namespace

class TestMeasuredWindow : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ReduceLabTests"));
    }

    // The file's schedule and the simulation of its scenario, labelled, on one axis.
    void measuredOpensBesideItsSimulation() {
        MainWindow w;
        w.setInteractive(false);
        QVERIFY(w.openFile(kMeasured));
        waitForResult(w, 2);
        const RunResult& r = *w.session()->result();
        const ScheduleFile file = readScheduleFile(kMeasured.toStdString(), AlgorithmCatalog());
        QVERIFY(file.origin.measured);
        QCOMPARE(r.scenario, *file.scenario);
        QCOMPARE(r.name(0), std::string("Tree-dyn measured"));
        QCOMPARE(r.name(1), std::string("Tree-dyn simulated"));
        // The file's schedule, not a rerun; the simulation of its scenario.
        QCOMPARE(r.schedules[0]->makespan, file.schedule.makespan);
        QCOMPARE(r.schedules[0]->transfers.size(), file.schedule.transfers.size());
        for (std::size_t k = 0; k < file.schedule.transfers.size(); ++k) {
            QCOMPARE(r.schedules[0]->transfers[k].end, file.schedule.transfers[k].end);
        }
        const auto simulated = runScenario(*file.scenario, RunDetail::Schedules);
        QCOMPARE(r.schedules[1]->makespan, simulated->schedules[0]->makespan);
        QCOMPARE(r.schedules[1]->parent, simulated->schedules[0]->parent);
        QVERIFY(r.schedules[0]->makespan != r.schedules[1]->makespan); // measured: never exact
        QCOMPARE(r.end, std::max(r.schedules[0]->makespan, r.schedules[1]->makespan));
        // The panes' titles and one time range.
        QVERIFY(runTitle(r, 0).starts_with("Tree-dyn measured — makespan "));
        QVERIFY(runTitle(r, 1).starts_with("Tree-dyn simulated — makespan "));
        const QCPRange a = w.panes()[0]->gantt()->plot()->xAxis->range();
        const QCPRange b = w.panes()[1]->gantt()->plot()->xAxis->range();
        QCOMPARE(a.lower, b.lower);
        QCOMPARE(a.upper, b.upper);
        // The measured title says how far from the simulation it is and whether the tree is.
        const std::string detail = runDetail(r, 0);
        QVERIFY2(detail.find("against the simulation") != std::string::npos, detail.c_str());
        QVERIFY(detail.find(r.schedules[0]->parent == r.schedules[1]->parent
                                ? "the same tree"
                                : "another tree") != std::string::npos);
        // The window's title names the file.
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("tree_dyn_n8.json — Tree-dyn")));
    }

    // Each processor's finish, measured against simulated, in its row's hover; the narration
    // tells the measured events with their simulated counterparts, the simulated ones after.
    void differencesInTheHoverAndTheNarration() {
        MainWindow w;
        w.setInteractive(false);
        QVERIFY(w.openFile(kMeasured));
        waitForResult(w, 2);
        const RunResult& r = *w.session()->result();
        const std::vector<double> measured = processorFinishes(*r.schedules[0]);
        const std::vector<double> simulated = processorFinishes(*r.schedules[1]);
        for (const AlgorithmPane* pane : w.panes()) {
            const QStringList notes = pane->gantt()->rowNotes();
            QCOMPARE(notes.size(), 8);
            for (int p = 0; p < 8; ++p) {
                const auto k = static_cast<std::size_t>(p);
                const QString want =
                    QStringLiteral("P%1 done at %2 measured, %3 simulated (%4)")
                        .arg(p)
                        .arg(QString::fromStdString(formatNarrationTime(measured[k])),
                             QString::fromStdString(formatNarrationTime(simulated[k])),
                             QString::fromStdString(
                                 relativeDifferenceText(measured[k], simulated[k])));
                QCOMPARE(notes[p], want);
            }
        }
        // An operation's tooltip ends with its processor's note.
        const Schedule& m = *r.schedules[0];
        const QString tip = w.panes()[0]->gantt()->describe({true, 0});
        QVERIFY2(tip.endsWith(w.panes()[0]->gantt()->rowNotes()[m.transfers[0].from]),
                 qPrintable(tip));
        // The narration: both runs, the measured sentences naming their simulated twins.
        QListWidget* list = w.narrationList();
        int measuredLines = 0;
        int simulatedLines = 0;
        int twins = 0;
        for (int i = 0; i < list->count(); ++i) {
            const QString line = list->item(i)->text();
            measuredLines += line.contains(QStringLiteral("Tree-dyn measured · ")) ? 1 : 0;
            simulatedLines += line.contains(QStringLiteral("Tree-dyn simulated · ")) ? 1 : 0;
            twins += line.contains(QStringLiteral("(simulated: ")) ? 1 : 0;
        }
        QVERIFY(measuredLines > 0);
        QVERIFY(simulatedLines > 0);
        QCOMPARE(list->count(), static_cast<int>(r.narration.size()));
        // One per transfer and the completion.
        QCOMPARE(twins, static_cast<int>(m.transfers.size()) + 1);
    }

    // File → Export web page… carries both runs, named, with the notes in their tips.
    void theWebPageCarriesBoth() {
        MainWindow w;
        w.setInteractive(false);
        QVERIFY(w.openFile(kMeasured));
        waitForResult(w, 2);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("measured.html"));
        QVERIFY(w.exportWebPage(path));
        w.webPageJob()->waitForIdle();
        QVERIFY(w.webPageJob()->failure().isEmpty());
        const nlohmann::json d = test::pageData(readAll(path).toStdString());
        QCOMPARE(d["runs"].size(), std::size_t{2});
        QCOMPARE(d["runs"][0]["name"].get<std::string>(), std::string("Tree-dyn measured"));
        QCOMPARE(d["runs"][1]["name"].get<std::string>(), std::string("Tree-dyn simulated"));
        QVERIFY(d["title"].get<std::string>().find("beside its simulation") != std::string::npos);
        const std::string tip = d["runs"][0]["tips"][0][0].get<std::string>();
        QVERIFY2(tip.find(" measured, ") != std::string::npos, tip.c_str());
    }

    // File → Open results takes a schedule as well as a sweep's results.
    void openResultsTakesASchedule() {
        MainWindow w;
        w.setInteractive(false);
        QVERIFY(w.openResults(kMeasured));
        waitForResult(w, 2);
        QCOMPARE(w.session()->result()->labels,
                 (std::vector<std::string>{"measured", "simulated"}));
    }

    // A schedule with no scenario (a CSV), or a broken one: one line, nothing changes.
    void refusalsChangeNothing() {
        MainWindow w;
        w.setInteractive(false);
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && !w.session()->isRunning(), 20000);
        const auto before = w.session()->result();
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("m.csv"));
        {
            QFile f(csv);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("kind,processor,peer,start,end,duration,value\n"
                    "transfer,1,0,0,1,1,\"[1,1]\"\n"
                    "reduction,0,1,1,2,1,\"[0,1]\"\n");
        }
        QVERIFY(!w.openFile(csv));
        QVERIFY2(w.lastError().contains(QStringLiteral("holds no scenario")),
                 qPrintable(w.lastError()));
        QVERIFY(!w.lastError().contains(QLatin1Char('\n')));
        const QString broken = dir.filePath(QStringLiteral("broken.json"));
        {
            QFile f(broken);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QString text = readAll(kMeasured);
            text.replace(QStringLiteral("\"makespan\""), QStringLiteral("\"makespan_\""));
            f.write(text.toUtf8());
        }
        QVERIFY(!w.openFile(broken));
        QVERIFY(w.lastError().contains(broken));
        QTest::qWait(50);
        QCOMPARE(w.session()->result(), before);
    }
};

QTEST_MAIN(TestMeasuredWindow)
#include "test_measured_window.moc"
