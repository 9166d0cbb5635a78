// ganttBars(): a reduction's schedule as the Gantt chart's neutral bars, for each of the paper's
// algorithms (the registry's list): transfer k is arrow k and reduction k block k, with the same
// rows and times, and each processor's band ends when its send ends (the root's at the makespan).
#include "algorithms/algorithm_registry.h"
#include "algorithms/simulator.h"
#include "schedule/gantt_bars.h"

#include <QtTest>

using namespace rl;

class TestGanttBars : public QObject {
    Q_OBJECT
  private slots:
    void everyAlgorithm() {
        const CostModel costs = CostModel::perOperation(Law::gamma(1.0, 1.0), Law::gamma(0.5, 1.0));
        // The paper's four (the clairvoyant baselines need sender-only fixed costs; their
        // schedules are the same data).
        for (const Algorithm& info : algorithms()) {
            const int n = 13;
            Simulator sim(info, n, info == AlgorithmId::NonCommutTreeDyn, costs);
            const Schedule s = sim.schedule(3, 1);
            const GanttBars b = ganttBars(s);
            QCOMPARE(b.rows, n);
            QCOMPARE(b.end, s.makespan);
            QCOMPARE(b.arrows.size(), s.transfers.size());
            QCOMPARE(b.blocks.size(), s.reductions.size());
            for (std::size_t k = 0; k < s.transfers.size(); ++k) {
                QCOMPARE(b.arrows[k].from, s.transfers[k].from);
                QCOMPARE(b.arrows[k].to, s.transfers[k].to);
                QCOMPARE(b.arrows[k].start, s.transfers[k].start);
                QCOMPARE(b.arrows[k].end, s.transfers[k].end);
            }
            for (std::size_t k = 0; k < s.reductions.size(); ++k) {
                QCOMPARE(b.blocks[k].row, s.reductions[k].proc);
                QCOMPARE(b.blocks[k].start, s.reductions[k].start);
                QCOMPARE(b.blocks[k].end, s.reductions[k].end);
            }
            QCOMPARE(b.activeUntil.size(), static_cast<std::size_t>(n));
            for (int p = 0; p < n; ++p) {
                const int parent = s.parent[static_cast<std::size_t>(p)];
                double expected = s.makespan;
                for (const TransferOp& t : s.transfers) {
                    if (t.from == p) {
                        expected = t.end;
                    }
                }
                QCOMPARE(parent < 0, p == s.root);
                QCOMPARE(b.activeUntil[static_cast<std::size_t>(p)], expected);
            }
        }
    }
};

QTEST_MAIN(TestGanttBars)
#include "test_gantt_bars.moc"
