// ganttBars(): a reduction's schedule as the Gantt chart's neutral bars, for each of the paper's
// algorithms (the registry's list): transfer k is arrow k and reduction k block k, with the same
// rows and times, and each processor's band ends when its send ends (the root's at the makespan).
#include "algorithms/algorithm_registry.h"
#include "algorithms/simulator.h"
#include "schedule/gantt_bars.h"

#include "../../test_support.h"

using namespace rl;

TEST(GanttBars, EveryAlgorithm) {
    const CostModel costs = CostModel::perOperation(Law::gamma(1.0, 1.0), Law::gamma(0.5, 1.0));
    // The paper's four (the clairvoyant baselines need sender-only fixed costs; their
    // schedules are the same data).
    for (const Algorithm& info : algorithms()) {
        const int n = 13;
        Simulator sim(info, n, info == AlgorithmId::NonCommutTreeDyn, costs);
        const Schedule s = sim.schedule(3, 1);
        const GanttBars b = ganttBars(s);
        ASSERT_EQ(b.rows, n);
        ASSERT_FUZZY_EQ(b.end, s.makespan);
        ASSERT_EQ(b.arrows.size(), s.transfers.size());
        ASSERT_EQ(b.blocks.size(), s.reductions.size());
        for (std::size_t k = 0; k < s.transfers.size(); ++k) {
            ASSERT_EQ(b.arrows[k].from, s.transfers[k].from);
            ASSERT_EQ(b.arrows[k].to, s.transfers[k].to);
            ASSERT_FUZZY_EQ(b.arrows[k].start, s.transfers[k].start);
            ASSERT_FUZZY_EQ(b.arrows[k].end, s.transfers[k].end);
        }
        for (std::size_t k = 0; k < s.reductions.size(); ++k) {
            ASSERT_EQ(b.blocks[k].row, s.reductions[k].proc);
            ASSERT_FUZZY_EQ(b.blocks[k].start, s.reductions[k].start);
            ASSERT_FUZZY_EQ(b.blocks[k].end, s.reductions[k].end);
        }
        ASSERT_EQ(b.activeUntil.size(), static_cast<std::size_t>(n));
        for (int p = 0; p < n; ++p) {
            const int parent = s.parent[static_cast<std::size_t>(p)];
            double expected = s.makespan;
            for (const TransferOp& t : s.transfers) {
                if (t.from == p) {
                    expected = t.end;
                }
            }
            ASSERT_EQ(parent < 0, p == s.root);
            ASSERT_FUZZY_EQ(b.activeUntil[static_cast<std::size_t>(p)], expected);
        }
    }
}

// Late arrivals: a processor's band starts when it arrives; without them, at 0 (no starts).
TEST(GanttBars, BandsStartAtArrivals) {
    const CostModel costs = CostModel::perOperation(Law::gamma(1, 0.5), Law::constant(0))
                                .withArrival(Law::exponential(2));
    Simulator sim(AlgorithmId::TreeDyn, 6, false, costs);
    const Schedule s = sim.schedule(3, 0);
    const GanttBars b = ganttBars(s);
    ASSERT_EQ(b.activeFrom, s.arrivals);
    ASSERT_EQ(b.activeFrom.size(), std::size_t{6});
    for (std::size_t p = 0; p < 6; ++p) {
        ASSERT_LT(b.activeFrom[p], b.activeUntil[p]);
    }
    Simulator plain(AlgorithmId::TreeDyn, 6, false, costs.withArrival(std::nullopt));
    ASSERT_TRUE(ganttBars(plain.schedule(3, 0)).activeFrom.empty());
}
