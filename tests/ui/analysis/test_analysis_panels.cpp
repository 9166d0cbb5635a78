// The analysis panels under the offscreen platform: start / cancel / start again leaves no
// thread running and no stale picture; edits mid-run restart cleanly; progressive snapshots
// are throttled; drill-down opens exactly the Monte Carlo replicate of the cell; hover,
// legend toggles, hatching, ties; exports (and errors naming the path).
#include "algorithms/simulator.h"
#include "analysis/best_method_panel.h"
#include "analysis/cv_sweep_panel.h"
#include "analysis/ratio_map_panel.h"
#include "base/text_util.h"
#include "experiment/paired_stats.h"
#include "shell/main_window.h"
#include "studies/sweep_results.h"
#include "theory/tree_dyn_markov.h"
#include "views/best_method_figure.h"
#include "views/cv_sweep_figure.h"
#include "views/ratio_map_figure.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtTest>

using namespace rl;

namespace {

// A grid small enough for a fast test, with a long run available through the replicates.
void setSmallGrid(SweepPanel& p, int replicates, int seed = 1) {
    SweepSpec s = p.params()->spec();
    s.n = 16;
    s.cvs = logSpace(0.05, 5.0, 5);
    if (s.ratios.size() > 1) {
        s.ratios = logSpace(0.2, 5.0, 5);
    }
    s.replicates = static_cast<std::uint64_t>(replicates);
    s.seed = static_cast<std::uint64_t>(seed);
    p.params()->setSpec(s);
}

bool noThreadLeft() {
    return QThreadPool::globalInstance()->waitForDone(10000) &&
           QThreadPool::globalInstance()->activeThreadCount() == 0;
}

void settle(int ms = 400) {
    QTest::qWait(ms); // lets queued results and throttled rebuilds arrive, if any
    QCoreApplication::processEvents();
}

QPointF cellPixel(const SweepFigure& f, double cv, double ratio) {
    return {f.plot()->xAxis->coordToPixel(std::log10(cv)),
            f.plot()->yAxis->coordToPixel(std::log10(ratio))};
}

} // namespace

class TestAnalysisPanels : public QObject {
    Q_OBJECT
  private slots:
    void startCancelStartAgain() {
        RatioMapPanel panel;
        panel.resize(1100, 700);
        setSmallGrid(panel, 400000); // far too long to finish during the test
        QVERIFY(panel.run());
        QTRY_VERIFY_WITH_TIMEOUT(panel.runner()->latest() != nullptr, 10000); // coarse picture
        const quint64 firstRun = panel.runner()->generation();
        panel.cancel();
        panel.runner()->waitForIdle();
        QVERIFY(!panel.runner()->isRunning());
        QVERIFY(noThreadLeft());
        QVERIFY(!panel.runner()->latest()->complete);
        QTRY_VERIFY(panel.statusLabel()->text().contains(QStringLiteral("cancelled")));
        // Start another with other parameters: only its results may be drawn.
        setSmallGrid(panel, 301, 7);
        QVERIFY(panel.run());
        QVERIFY(panel.figure()->snapshot() == nullptr); // the old picture is gone at once
        QVERIFY(panel.runner()->generation() > firstRun);
        QTRY_VERIFY_WITH_TIMEOUT(!panel.runner()->isRunning(), 20000);
        settle();
        const auto shown = panel.figure()->snapshot();
        QVERIFY(shown && shown->complete);
        QCOMPARE(shown->spec.seed, std::uint64_t(7));
        QCOMPARE(shown->replicates, std::uint64_t(301));
        QVERIFY(noThreadLeft());
        QCOMPARE(panel.progressBar()->value(), 1000);
    }

    // Opening the CV sweep tab does not start 25 x 100,000 replicates: the panel shows the
    // estimate (estimateSweep(), the one estimate) and Start. Short settings start by
    // themselves, long ones wait again, Start runs them.
    void longRunsWaitForStart() {
        CvSweepPanel panel;
        panel.resize(1100, 700);
        const SweepStudy study{Figure::Fig4, panel.params()->spec()};
        const SweepEstimate e = estimateSweep(study, panel.workRate());
        QVERIFY(e.seconds > SweepStudy::kAutoStartSeconds);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTRY_VERIFY(panel.awaitingStart());
        QVERIFY(!panel.runner()->isRunning());
        QVERIFY(panel.runner()->latest() == nullptr);
        QVERIFY(panel.startButton()->isVisible());
        const QString text = panel.estimateLabel()->text();
        QVERIFY2(text.contains(QString::fromStdString(formatDuration(e.seconds))),
                 qPrintable(text));
        // 25 points x 100,000 replicates x 4 algorithms.
        QVERIFY2(text.contains(QStringLiteral("10,000,000 simulations")), qPrintable(text));

        setSmallGrid(panel, 50);
        panel.params()->replicatesEdit()->setValue(60); // the user's edit: short, starts
        QTRY_VERIFY_WITH_TIMEOUT(!panel.awaitingStart() && panel.runner()->latest() != nullptr,
                                 10000);
        QVERIFY(!panel.startButton()->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(!panel.runner()->isRunning(), 20000);

        // Long again: the complete picture stays, Start waits.
        panel.params()->replicatesEdit()->setValue(40000000);
        QTRY_VERIFY_WITH_TIMEOUT(panel.awaitingStart(), 5000);
        QVERIFY(!panel.runner()->isRunning());
        QVERIFY(panel.figure()->snapshot() && panel.figure()->snapshot()->complete);
        panel.startButton()->click();
        QVERIFY(panel.runner()->isRunning());
        QVERIFY(!panel.awaitingStart());
        panel.cancel();
        panel.runner()->waitForIdle();
        QVERIFY(noThreadLeft());

        // The ratio map's default grid starts on first show when this machine's threads make it
        // short (two threads do: test_sweep_study), else it waits as well.
        RatioMapPanel map;
        map.resize(1100, 700);
        const bool starts =
            estimateSweep(SweepStudy{Figure::Fig5, map.params()->spec()}, map.workRate()).seconds <=
            SweepStudy::kAutoStartSeconds;
        map.show();
        if (starts) {
            QTRY_VERIFY_WITH_TIMEOUT(map.runner()->isRunning() || map.runner()->latest(), 5000);
            QVERIFY(!map.awaitingStart());
        } else {
            QTRY_VERIFY(map.awaitingStart());
        }
        map.cancel();
        map.runner()->waitForIdle();
        QVERIFY(noThreadLeft());
    }

    // Re-running a finished map with more replicates and cancelling keeps the complete picture
    // (and its settings): the partial one has fewer replicates. So does a cancelled run of
    // another grid.
    void cancelKeepsThePreviousMap() {
        RatioMapPanel panel;
        panel.resize(1100, 700);
        setSmallGrid(panel, 20000);
        QVERIFY(panel.run());
        QTRY_VERIFY_WITH_TIMEOUT(!panel.runner()->isRunning(), 60000);
        settle();
        const auto done = panel.figure()->snapshot();
        QVERIFY(done && done->complete);
        QCOMPARE(done->replicates, std::uint64_t(20000));

        setSmallGrid(panel, 400000); // the same grid, refined
        QVERIFY(panel.run());
        QCOMPARE(panel.figure()->snapshot(), done); // shown until the run does better
        QTRY_VERIFY_WITH_TIMEOUT(panel.runner()->latest() != nullptr, 10000); // its coarse pass
        QVERIFY(panel.runner()->latest()->replicates < done->replicates);
        panel.cancel();
        panel.runner()->waitForIdle();
        settle();
        QCOMPARE(panel.figure()->snapshot(), done);
        QCOMPARE(panel.params()->spec().replicates, std::uint64_t(20000));
        QVERIFY2(panel.statusLabel()->text().contains(QStringLiteral("last complete picture")),
                 qPrintable(panel.statusLabel()->text()));

        setSmallGrid(panel, 400000, 9); // another grid (seed), cancelled
        QVERIFY(panel.run());
        QVERIFY(panel.figure()->snapshot() == nullptr); // never the old picture under new settings
        QTRY_VERIFY_WITH_TIMEOUT(panel.runner()->latest() != nullptr, 10000);
        panel.cancel();
        panel.runner()->waitForIdle();
        settle();
        QCOMPARE(panel.figure()->snapshot(), done);
        QCOMPARE(panel.params()->spec().seed, std::uint64_t(1));
        QVERIFY(noThreadLeft());
    }

    void editMidRunRestartsCleanly() {
        BestMethodPanel panel;
        panel.resize(1100, 700);
        setSmallGrid(panel, 400000);
        QVERIFY(panel.run());
        QTRY_VERIFY_WITH_TIMEOUT(panel.runner()->latest() != nullptr, 10000);
        const quint64 before = panel.runner()->generation();
        // The user types a new replicate count: the run restarts once the edits settle.
        panel.params()->replicatesEdit()->setValue(150);
        QTRY_VERIFY_WITH_TIMEOUT(panel.runner()->generation() == before + 1, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(!panel.runner()->isRunning(), 20000);
        settle();
        QCOMPARE(panel.figure()->snapshot()->replicates, std::uint64_t(150));
        QVERIFY(panel.figure()->snapshot()->complete);
        QVERIFY(noThreadLeft());
        // Invalid input: a message naming the field, the run in place untouched.
        panel.params()->cvEdit()->setText(QStringLiteral("0.1:x:3"));
        QVERIFY(!panel.run());
        QVERIFY(panel.statusLabel()->text().contains(QStringLiteral("CV")));
        QCOMPARE(panel.figure()->snapshot()->replicates, std::uint64_t(150));
    }

    void progressiveSnapshotsAreThrottled() {
        RatioMapPanel panel;
        panel.resize(900, 600);
        setSmallGrid(panel, 4000); // passes of 800, 3200 and 4000 replicates
        auto* fig = panel.figure();
        int delivered = 0;
        connect(panel.runner(), &AsyncJobBase::resultReady, this, [&] { ++delivered; });
        QVERIFY(panel.run());
        QTRY_VERIFY_WITH_TIMEOUT(!panel.runner()->isRunning(), 30000);
        settle();
        QVERIFY(delivered >= 3); // coarse first, then refinements
        QVERIFY(fig->rebuildCount() >= 1 && fig->rebuildCount() <= delivered);
        // A burst of snapshots in one go gives one rebuild, not one each.
        const int rebuilds = fig->rebuildCount();
        const auto s = fig->snapshot();
        for (int k = 0; k < 20; ++k) {
            fig->setSnapshot(std::make_shared<const GridSnapshot>(*s));
        }
        settle(2 * SweepFigure::kMinRebuildMs);
        QCOMPARE(fig->rebuildCount(), rebuilds + 1);
    }

    void drillDownOpensTheMedianReplicate() {
        MainWindow window;
        window.setInteractive(false);
        CvSweepPanel* panel = nullptr;
        for (int i = 0; i < window.tabs()->count() && !panel; ++i) {
            panel = qobject_cast<CvSweepPanel*>(window.tabs()->widget(i));
        }
        QVERIFY(panel);
        panel->resize(1100, 700);
        SweepSpec s = CvSweepPanel::defaults();
        s.n = 12;
        s.cvs = {0.1, 1.0, 4.0};
        s.ratios = {0.5};
        s.replicates = 101; // odd: the median is one of the replicates
        panel->params()->setSpec(s);
        QVERIFY(panel->run());
        QTRY_VERIFY_WITH_TIMEOUT(!panel->runner()->isRunning(), 20000);
        settle();
        const auto snap = panel->figure()->snapshot();
        QVERIFY(snap && snap->complete);
        const GridCell& cell = snap->cells[1]; // CV 1
        for (int a = 0; a < static_cast<int>(s.algorithms.size()); ++a) {
            const auto sc = panel->scenarioFor(FigureHit{1, a});
            QVERIFY(sc);
            const double median = cell.summaries[static_cast<std::size_t>(a)].quantile(0.5);
            // The explorer's run of (seed, replicate) is that Monte Carlo replicate: the same
            // makespan to the bit, for the clicked algorithm.
            window.openInExplorer(*sc);
            QCOMPARE(window.tabs()->currentIndex(), 0);
            window.session()->waitForIdle();
            const auto result = window.session()->result();
            QVERIFY(result && result->scenario == *sc);
            QCOMPARE(result->schedules[static_cast<std::size_t>(a)]->makespan, median);
        }
        // A click on a point of the figure drills down the same way.
        std::optional<Scenario> opened;
        CvSweepPanel clickable([&](const Scenario& sc) { opened = sc; });
        clickable.resize(1100, 700);
        clickable.params()->setSpec(s);
        clickable.show();
        QVERIFY(clickable.run());
        QTRY_VERIFY_WITH_TIMEOUT(!clickable.runner()->isRunning(), 20000);
        settle();
        auto* fig = clickable.cvFigure();
        fig->plot()->replot();
        const McSummary& m = fig->snapshot()->cells[2].summaries[2]; // CV 4, Tree-dyn
        const QPoint at(static_cast<int>(fig->plot()->xAxis->coordToPixel(4.0)),
                        static_cast<int>(fig->plot()->yAxis->coordToPixel(m.mean)));
        QVERIFY(fig->hoverText(at).contains(QStringLiteral("<b>Tree-dyn</b>")));
        QTest::mouseClick(fig->plot(), Qt::LeftButton, {}, at);
        QVERIFY(opened);
        QCOMPARE(opened->replicate, fig->snapshot()->cells[2].medianReplicate[2]);
        QCOMPARE(opened->transfer, Law::gamma(1.0, 4.0));
        QCOMPARE(opened->reduction, Law::gamma(0.5, 4.0));
        // Hidden in the legend: no longer hit.
        fig->setAlgorithmShown(2, false);
        QVERIFY(!fig->hoverText(at).contains(QStringLiteral("<b>Tree-dyn</b>")));
        // The Markov chain's reference point (exponential reductions, mu_c/mu_d 0.5) agrees with
        // the simulated Tree-dyn mean at CV 1 within 4 standard errors (101 replicates).
        QVERIFY(fig->referenceValue());
        QCOMPARE(*fig->referenceValue(), treeDynMarkov(12, 1.0, 0.5).mean);
        const McSummary& cv1 = fig->snapshot()->cells[1].summaries[2];
        QVERIFY2(std::abs(cv1.mean - *fig->referenceValue()) < 4 * cv1.stdError,
                 qPrintable(QString("%1 vs %2").arg(cv1.mean).arg(*fig->referenceValue())));
    }

    void mapsHoverHatchAndTies() {
        RatioMapPanel ratio;
        ratio.resize(1100, 700);
        SweepSpec s = RatioMapPanel::defaults();
        s.n = 32;
        s.cvs = logSpace(0.01, 10.0, 7);
        s.ratios = logSpace(0.1, 10.0, 7);
        s.replicates = 60;
        ratio.params()->setSpec(s);
        ratio.show();
        QVERIFY(ratio.run());
        QTRY_VERIFY_WITH_TIMEOUT(!ratio.runner()->isRunning(), 20000);
        settle();
        auto* rf = ratio.ratioFigure();
        rf->plot()->replot();
        QVERIFY(rf->contourLineCount() >= 1); // the band around mu_c/mu_d = 1
        const std::size_t hatched = rf->hatchedCells();
        ratio.hatchCheck()->setChecked(false);
        QCOMPARE(rf->hatchedCells(), std::size_t(0));
        ratio.hatchCheck()->setChecked(true);
        QCOMPARE(rf->hatchedCells(), hatched);
        const QString text = rf->hoverText(cellPixel(*rf, 0.01, 1.0));
        QVERIFY2(text.contains(QStringLiteral("ratio")) &&
                     text.contains(QStringLiteral("interval")),
                 qPrintable(text));

        BestMethodPanel best;
        best.resize(1100, 700);
        SweepSpec b = BestMethodPanel::defaults();
        b.n = 32;
        b.cvs = s.cvs;
        b.ratios = s.ratios;
        b.replicates = 60;
        best.params()->setSpec(b);
        best.show();
        QVERIFY(best.run());
        QTRY_VERIFY_WITH_TIMEOUT(!best.runner()->isRunning(), 20000);
        settle();
        auto* bf = best.bestFigure();
        std::size_t ties = 0;
        for (const GridCell& c : bf->snapshot()->cells) {
            ties += c.best->tie ? 1 : 0;
        }
        QCOMPARE(bf->tieCount(), ties);
        bf->plot()->replot();
        QVERIFY(bf->hoverText(cellPixel(*bf, 10.0, 1.0)).contains(QStringLiteral("best:")));
        // Pale for a tiny margin, full for a large one.
        QVERIFY(BestMethodFigure::cellColour(AlgorithmId::BinomialStat, 1e-5).lightness() >
                BestMethodFigure::cellColour(AlgorithmId::BinomialStat, 0.5).lightness());
    }

    void exportsAndErrors() {
        BestMethodPanel panel;
        panel.resize(900, 600);
        QTemporaryDir dir;
        QString error;
        QVERIFY(!panel.exportFigure(dir.filePath("early.png"), &error)); // nothing yet
        QVERIFY(!error.isEmpty());
        setSmallGrid(panel, 40);
        QVERIFY(panel.run());
        QTRY_VERIFY_WITH_TIMEOUT(!panel.runner()->isRunning(), 20000);
        settle();
        for (const char* name : {"m.png", "m.svg", "m.pdf"}) {
            QVERIFY2(panel.exportFigure(dir.filePath(name), &error), qPrintable(error));
            QVERIFY(QFileInfo(dir.filePath(name)).size() > 1000);
        }
        QVERIFY(panel.exportData(dir.filePath("m.csv"), &error));
        QFile csv(dir.filePath("m.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
        QCOMPARE(lines.front(), QByteArray("cv,ratio,algorithm,n,replicates,mean,variance,stderr,"
                                           "min,q10,q50,q90,max"));
        QCOMPARE(lines.size(), 1 + 25 * 3);
        const QString bad = dir.filePath("missing/dir/m.png");
        QVERIFY(!panel.exportFigure(bad, &error));
        QVERIFY(error.contains(bad));
        QVERIFY(!panel.exportFigure(dir.filePath("m.bmp"), &error));
        QVERIFY(error.contains(QStringLiteral("m.bmp")));
        // The data go with their sidecar: the GUI reopens them into the same panel.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 5); // + m.csv.json, no leftovers
        const SweepResults back =
            loadSweepResults(dir.filePath("m.csv").toStdString(), AlgorithmCatalog());
        QCOMPARE(back.figure, Figure::Fig6);
        QCOMPARE(back.snapshot->csv(), panel.figure()->snapshot()->csv());
        QCOMPARE(back.snapshot->cells[7].bestReplicate,
                 panel.figure()->snapshot()->cells[7].bestReplicate);
    }

    // Results computed by reducelab-cli (or on a cluster by reducelab-mpi) open in the panel of
    // their figure, and a drill-down replays in the explorer the replicate the sweep chose, to
    // the same makespans as the sweep's own Monte Carlo.
    void openedResultsDrillDownToTheirReplicates() {
        QTemporaryDir dir;
        MainWindow window;
        window.setInteractive(false);
        for (const char* fig : {"fig5", "fig6"}) {
            const QString csv = dir.filePath(QStringLiteral("%1.csv").arg(fig));
            QProcess cli;
            cli.start(QStringLiteral(REDUCELAB_CLI),
                      {"sweep", fig, "--n", "12", "--replicates", "101", "--cv", "0.1:3:3",
                       "--ratio", "0.3:3:3", "--threads", "2", "--quiet", "--out", csv});
            QVERIFY(cli.waitForFinished(60000));
            QCOMPARE(cli.exitCode(), 0);
            QVERIFY(window.openResults(csv));
            auto* panel = qobject_cast<SweepPanel*>(window.tabs()->currentWidget());
            QVERIFY(panel);
            QCOMPARE(panel->figureKind(), parseFigure(fig));
            const auto snap = panel->figure()->snapshot();
            QVERIFY(snap && snap->complete);
            QCOMPARE(QByteArray::fromStdString(snap->csv()), [&] {
                QFile f(csv);
                f.open(QIODevice::ReadOnly);
                return f.readAll();
            }());
            QVERIFY(panel->statusLabel()->text().contains(QStringLiteral("opened")));
            const std::size_t point = 4; // CV 0.55, ratio 0.95: the middle of the grid
            const GridCell& cell = snap->cells[point];
            // The sweep's own samples of that point (same seed, laws and algorithms).
            McConfig c = snap->spec.pointConfig(cell.cv, cell.ratio);
            c.keepSamples = true;
            c.threads = 1;
            const McResult mc = runMonteCarlo(c);
            for (std::size_t a = 0; a < c.algorithms.size(); ++a) {
                // The median replicate of each algorithm is that algorithm's median (odd count).
                QCOMPARE((*mc.summaries[a].samples)[cell.medianReplicate[a]],
                         cell.summaries[a].quantile(0.5));
            }
            const auto sc = panel->scenarioFor(FigureHit{point, 0});
            QVERIFY(sc);
            window.openInExplorer(*sc);
            QCOMPARE(window.tabs()->currentIndex(), 0);
            window.session()->waitForIdle();
            const auto result = window.session()->result();
            QVERIFY(result && result->scenario == *sc);
            for (std::size_t a = 0; a < c.algorithms.size(); ++a) {
                QCOMPARE(result->schedules[a]->makespan, (*mc.summaries[a].samples)[sc->replicate]);
            }
            // The replicate is the one whose paired difference is the median one.
            const std::size_t first = fig == std::string("fig5") ? 0 : cell.best->runnerUp;
            const std::size_t second = fig == std::string("fig5") ? 1 : cell.best->best;
            std::vector<double> diff;
            for (std::size_t r = 0; r < 101; ++r) {
                diff.push_back((*mc.summaries[first].samples)[r] -
                               (*mc.summaries[second].samples)[r]);
            }
            QCOMPARE(sc->replicate, nearestToMedian(diff.data(), diff.size()));
        }
        // A CSV without its sidecar, or edited, is refused with the reason; nothing changes.
        const auto before =
            qobject_cast<SweepPanel*>(window.tabs()->widget(3))->figure()->snapshot();
        QFile::remove(dir.filePath("fig6.csv.json"));
        QVERIFY(!window.openResults(dir.filePath("fig6.csv")));
        QVERIFY2(window.lastError().contains(QStringLiteral("no sidecar")),
                 qPrintable(window.lastError()));
        QFile edit(dir.filePath("fig5.csv"));
        QVERIFY(edit.open(QIODevice::ReadWrite));
        QByteArray text = edit.readAll();
        text.replace(",12,101,", ",12,101,9");
        edit.resize(0);
        edit.write(text);
        edit.close();
        QVERIFY(!window.openResults(dir.filePath("fig5.csv")));
        QVERIFY2(window.lastError().contains(QStringLiteral("differs from the one its sidecar")),
                 qPrintable(window.lastError()));
        QCOMPARE(qobject_cast<SweepPanel*>(window.tabs()->widget(3))->figure()->snapshot(), before);
    }
};

QTEST_MAIN(TestAnalysisPanels)
#include "test_analysis_panels.moc"
