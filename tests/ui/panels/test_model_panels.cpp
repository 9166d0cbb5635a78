// The two panels of the related models: they compute on the thread pool and show what the core
// computes (LIFO on the "returns" preset, the bandwidth order on "star", TP = 1/2 on the toy
// scatter, the pipelining gain on an explorer platform and its drill-down into the explorer),
// refuse bad cells with a message naming them, and sit as tabs of the main window.
#include "panels/divisible_load_panel.h"
#include "panels/steady_state_panel.h"
#include "shell/main_window.h"
#include "views/gantt_view.h"

#include <qcustomplot.h>

#include <QtTest>

#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>

using namespace rl;

class TestModelPanels : public QObject {
    Q_OBJECT
  private slots:
    void divisiblePanel() {
        DivisibleLoadPanel panel;
        panel.waitForIdle();
        QVERIFY(panel.result() && panel.result()->schedule);
        const DivisibleStudyResult& r = *panel.result();
        QVERIFY(QString::fromStdString(r.schedule->method).contains("LIFO"));
        QVERIFY(validateDivisible(*r.schedule, r.platform).empty());
        QCOMPARE(r.schedule->makespan, bestLifo(StarPlatform::preset("returns"), 1.0).makespan);

        panel.loadPreset("star");
        panel.waitForIdle();
        QCOMPARE(panel.result()->schedule->sendOrder, bandwidthOrder(StarPlatform::preset("star")));

        auto* workers = panel.findChild<QTableWidget*>("workers");
        QVERIFY(workers);
        workers->item(1, 1)->setText("abc");
        QVERIFY2(panel.errorText().contains("worker P2: w"), qPrintable(panel.errorText()));
        workers->item(1, 1)->setText("-3");
        QVERIFY2(panel.errorText().contains("must be"), qPrintable(panel.errorText()));
        workers->item(1, 1)->setText("3");
        panel.waitForIdle();
        QVERIFY(panel.errorText().isEmpty());
    }

    void steadyPanel() {
        std::optional<Scenario> opened;
        SteadyStatePanel panel([&](const Scenario& s) { opened = s; });
        panel.waitForIdle();
        QVERIFY(panel.result() && panel.result()->result);
        QCOMPARE(panel.result()->result->throughput,
                 solveSteadyReduce(PlatformGraph::preset("reduce-toy"), 0).throughput);
        QCOMPARE(panel.result()->comparisons.size(), std::size_t{3}); // complete graph

        panel.loadPreset("scatter-toy");
        panel.waitForIdle();
        QVERIFY(panel.result()->result->scatter);
        QVERIFY(std::abs(panel.result()->result->throughput - 0.5) < 1e-9);

        panel.loadPreset("explorer platform");
        panel.waitForIdle();
        const auto& rows = panel.result()->comparisons;
        QCOMPARE(rows.size(), std::size_t{3});
        for (const PipelineComparison& c : rows) {
            QVERIFY(c.gain() >= 1.0 - 1e-9);
        }
        QPushButton* explore = nullptr;
        for (QPushButton* b : panel.findChildren<QPushButton*>()) {
            if (b->text().contains("explorer")) {
                explore = b;
            }
        }
        QVERIFY(explore && explore->isEnabled());
        explore->click();
        QVERIFY(opened.has_value());
        QCOMPARE(opened->n, 5);
        QVERIFY(opened->nonCommutative);
        QVERIFY(opened->matrix.has_value());

        auto* table = panel.findChild<QTableWidget*>("links");
        QVERIFY(table);
        table->item(0, 1)->setText("x");
        QVERIFY2(panel.errorText().contains("link c(0,1)"), qPrintable(panel.errorText()));
        table->item(0, 1)->setText("0");
        QVERIFY2(panel.errorText().contains("must be > 0"), qPrintable(panel.errorText()));
    }

    // The model pages draw neutral bars (no reduction schedule behind them): the divisible
    // load's sends, returns and computations, one period's messages and tasks, every row in
    // grey to the end, each bar with its own tooltip.
    void modelPagesDrawBars() {
        DivisibleLoadPanel divisible;
        divisible.waitForIdle();
        auto* gantt = divisible.findChild<GanttView*>();
        QVERIFY(gantt && gantt->bars());
        QVERIFY(!gantt->schedule());
        const DivisibleStudyResult& d = *divisible.result();
        const GanttBars expected = divisibleGantt(*d.schedule, d.platform.workerCount());
        QCOMPARE(gantt->bars()->arrows.size(), expected.arrows.size());
        QCOMPARE(gantt->bars()->blocks.size(), expected.blocks.size());
        QVERIFY2(gantt->describe({true, 0}).contains("load sent to"),
                 qPrintable(gantt->describe({true, 0})));
        QVERIFY2(gantt->describe({false, 0}).contains("load units"),
                 qPrintable(gantt->describe({false, 0})));

        SteadyStatePanel steady([](const Scenario&) {});
        steady.waitForIdle();
        auto* period = steady.findChild<GanttView*>();
        QVERIFY(period && period->bars() && !period->schedule());
        QCOMPARE(period->bars()->end, steady.result()->result->schedule.period);
        QVERIFY(!period->bars()->arrows.empty() && !period->bars()->blocks.empty());
        QVERIFY2(period->describe({true, 0}).startsWith("message"),
                 qPrintable(period->describe({true, 0})));
        QVERIFY2(period->describe({false, 0}).startsWith("task"),
                 qPrintable(period->describe({false, 0})));
    }

    // The Gantt chart was first drawn before the window was shown (at a small default size,
    // room for two labels): on first show every row is labelled at once, not only "master".
    void divisibleRowLabelsOnFirstShow() {
        MainWindow w;
        w.setInteractive(false);
        w.resize(1280, 720);
        auto* panel = w.findChild<DivisibleLoadPanel*>();
        QVERIFY(panel);
        panel->waitForIdle();
        auto* gantt = panel->findChild<GanttView*>();
        QVERIFY(gantt);
        QTest::qWait(50); // its replot before the window is shown
        // What every replot shows (a replot draws at once; the screen shows its picture).
        QList<QStringList> shown;
        connect(gantt->plot(), &QCustomPlot::afterReplot, this, [&] {
            const QVector<QString> l = gantt->plot()->yAxis->tickVectorLabels();
            shown << QStringList(l.begin(), l.end());
        });
        w.tabs()->setCurrentWidget(panel);
        w.show();
        QTRY_VERIFY(!shown.isEmpty());
        const QStringList labels = shown.front();
        const int workers = panel->result()->platform.workerCount();
        QStringList expected{QStringLiteral("master")};
        for (int i = 1; i <= workers; ++i) {
            expected << QStringLiteral("P%1").arg(i);
        }
        QCOMPARE(labels, expected);
    }

    void tabsInMainWindow() {
        MainWindow w;
        auto* tabs = w.findChild<QTabWidget*>();
        QVERIFY(tabs);
        QStringList titles;
        for (int i = 0; i < tabs->count(); ++i) {
            titles << tabs->tabText(i);
        }
        QVERIFY(titles.contains("Steady state"));
        QVERIFY(titles.contains("Divisible load"));
    }
};

QTEST_MAIN(TestModelPanels)
#include "test_model_panels.moc"
