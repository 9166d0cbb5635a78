// Progressive sweeps: passes over growing replicate prefixes merge, to the bit, into the result
// of a one-pass sweep; a cancelled pass is dropped whole; results do not depend on the thread
// count; the paired analyses and drill-down replicates point at real replicates.
#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "experiment/progressive_sweep.h"

#include "../../test_support.h"
#include "summary_checks.h"

#include <cmath>

using namespace rl;
using rl::test::contains;

namespace {

SweepSpec smallSpec() {
    SweepSpec s = SweepSpec::figure(Figure::Fig6);
    s.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat,
                    AlgorithmId::NonCommutTreeDyn};
    s.n = 20;
    s.cvs = {0.05, 0.7, 3.0};
    s.ratios = {0.3, 1.0};
    s.replicates = 1500; // beyond one 1024 block, not a multiple of the work chunk
    s.seed = 9;
    s.threads = 2;
    return s;
}

void compareExactly(const McSummary& a, const McSummary& b) {
    ASSERT_EQ(a.algorithm, b.algorithm);
    rl::test::compareSummaryStatistics(a, b);
}

} // namespace

TEST(ProgressiveSweep, PassesMergeExactlyToOnePass) {
    const SweepSpec spec = smallSpec();
    const SweepResult reference = runSweep(spec);
    ProgressiveSweep p(spec);
    for (std::uint64_t upto :
         {std::uint64_t(7), std::uint64_t(300), std::uint64_t(1100), std::uint64_t(1500)}) {
        ASSERT_TRUE(p.runPass(upto));
        ASSERT_EQ(p.replicatesDone(), upto);
    }
    const GridSnapshot snap = p.snapshot();
    ASSERT_TRUE(snap.complete);
    const std::vector<SweepRow> rows = snap.rows();
    ASSERT_EQ(rows.size(), reference.rows.size());
    for (std::size_t k = 0; k < rows.size(); ++k) {
        ASSERT_FUZZY_EQ(rows[k].cv, reference.rows[k].cv);
        ASSERT_FUZZY_EQ(rows[k].ratio, reference.rows[k].ratio);
        compareExactly(rows[k].summary, reference.rows[k].summary);
    }
    // And an intermediate snapshot equals a one-pass sweep of that many replicates.
    SweepSpec shorter = spec;
    shorter.replicates = 300;
    ProgressiveSweep q(spec);
    ASSERT_TRUE(q.runPass(10));
    ASSERT_TRUE(q.runPass(300));
    const auto partial = q.snapshot().rows();
    const auto ref300 = runSweep(shorter).rows;
    for (std::size_t k = 0; k < partial.size(); ++k) {
        compareExactly(partial[k].summary, ref300[k].summary);
    }
    ASSERT_TRUE(!q.snapshot().complete);
}

TEST(ProgressiveSweep, IndependentOfThreadCount) {
    SweepSpec one = smallSpec();
    one.threads = 1;
    one.replicates = 200;
    SweepSpec three = one;
    three.threads = 3;
    ProgressiveSweep a(one);
    ProgressiveSweep b(three);
    ASSERT_TRUE(a.runPass(200));
    ASSERT_TRUE(b.runPass(50));
    ASSERT_TRUE(b.runPass(200));
    const auto ra = a.snapshot().rows();
    const auto rb = b.snapshot().rows();
    for (std::size_t k = 0; k < ra.size(); ++k) {
        compareExactly(ra[k].summary, rb[k].summary);
    }
}

TEST(ProgressiveSweep, CancelledPassIsDropped) {
    // runPass asks progress() once before it starts: refusing then cancels deterministically.
    SweepSpec spec = smallSpec();
    ProgressiveSweep p(spec);
    ASSERT_TRUE(p.runPass(100));
    const auto before = p.snapshot().rows();
    int calls = 0;
    ASSERT_TRUE(!p.runPass(1500, [&](std::uint64_t, std::uint64_t) { return ++calls < 1; }));
    ASSERT_EQ(p.replicatesDone(), std::uint64_t(100));
    const auto after = p.snapshot().rows();
    for (std::size_t k = 0; k < before.size(); ++k) {
        compareExactly(before[k].summary, after[k].summary);
    }
    // It can go on afterwards and still matches the one-pass result.
    ASSERT_TRUE(p.runPass(1500));
    const auto reference = runSweep(spec).rows;
    const auto done = p.snapshot().rows();
    for (std::size_t k = 0; k < done.size(); ++k) {
        compareExactly(done[k].summary, reference[k].summary);
    }
}

TEST(ProgressiveSweep, DrillDownReplicatesAreRealReplicates) {
    SweepSpec spec = smallSpec();
    spec.replicates = 101;
    ProgressiveSweep p(spec);
    ASSERT_TRUE(p.runPass(101));
    const GridSnapshot snap = p.snapshot();
    for (std::size_t point = 0; point < snap.cells.size(); ++point) {
        const GridCell& cell = snap.cells[point];
        const McConfig c = spec.pointConfig(cell.cv, cell.ratio);
        for (std::size_t a = 0; a < spec.algorithms.size(); ++a) {
            // The median of 101 values is one of them: the drill-down replicate is exactly
            // the median replicate, and re-simulating it alone gives the same makespan.
            const std::uint64_t r = cell.medianReplicate[a];
            ASSERT_FUZZY_EQ(p.samples(point, a)[r], cell.summaries[a].quantile(0.5));
            Simulator sim(spec.algorithms[a], spec.n, spec.nonCommutative, c.costs);
            ASSERT_FUZZY_EQ(sim.makespan(spec.seed, r), cell.summaries[a].quantile(0.5));
        }
        ASSERT_TRUE(cell.best.has_value());
        ASSERT_TRUE(cell.ratio01.has_value());
        ASSERT_TRUE(cell.bestReplicate < 101 && cell.ratioReplicate < 101);
        // The best method has the smallest mean.
        for (const McSummary& s : cell.summaries) {
            ASSERT_TRUE(cell.summaries[static_cast<std::size_t>(cell.best->best)].mean <= s.mean);
        }
        ASSERT_FUZZY_EQ(cell.ratio01->ratio, cell.summaries[0].mean / cell.summaries[1].mean);
    }
}

TEST(ProgressiveSweep, PassPlanAndBudget) {
    const auto plan = ProgressiveSweep::passPlan(1000, 651, 4, 40000);
    ASSERT_EQ(plan.front(), std::uint64_t(15));
    ASSERT_EQ(plan.back(), std::uint64_t(1000));
    for (std::size_t k = 1; k < plan.size(); ++k) {
        ASSERT_TRUE(plan[k] > plan[k - 1]);
    }
    ASSERT_EQ(ProgressiveSweep::passPlan(5, 1, 1).size(), std::size_t(1));
    SweepSpec huge = SweepSpec::figure(Figure::Fig4); // 1e6 x 25 x 4 > 2^25
    ASSERT_THROW(ProgressiveSweep{huge}, InputError);
    SweepSpec bad = smallSpec();
    bad.cvs.clear();
    ASSERT_THROW(ProgressiveSweep{bad}, InputError);
}

// A sweep's CSV reads back to the same summaries, bit for bit (shortest round-trip
// numbers), and a file that is not what such a sweep writes is refused naming the line.
TEST(ProgressiveSweep, CsvReadsBackExactly) {
    SweepSpec spec = smallSpec();
    spec.replicates = 60;
    const SweepResult run = runSweep(spec);
    const GridSnapshot written = snapshotFromRows(spec, run.rows, true);
    const std::string csv = written.csv();
    const GridSnapshot back = snapshotFromCsv(spec, csv);
    ASSERT_EQ(back.csv(), csv);
    ASSERT_EQ(back.replicates, std::uint64_t(60));
    ASSERT_EQ(back.cells.size(), written.cells.size());
    for (std::size_t k = 0; k < back.cells.size(); ++k) {
        for (std::size_t a = 0; a < spec.algorithms.size(); ++a) {
            const McSummary& x = back.cells[k].summaries[a];
            const McSummary& y = written.cells[k].summaries[a];
            ASSERT_FUZZY_EQ(x.mean, y.mean);
            ASSERT_FUZZY_EQ(x.variance, y.variance);
            ASSERT_EQ(x.quantiles, y.quantiles);
            ASSERT_FUZZY_EQ(x.max, y.max);
        }
    }
    auto refused = [&](const SweepSpec& sp, const std::string& text, const char* expected) {
        try {
            snapshotFromCsv(sp, text);
        } catch (const InputError& e) {
            return contains(e.what(), expected);
        }
        return false;
    };
    ASSERT_TRUE(refused(spec, csv.substr(0, csv.size() - 1), "does not end with a line break"));
    ASSERT_TRUE(refused(spec, "cv,ratio\n", "line 1 is not the header"));
    SweepSpec wider = spec;
    wider.cvs.push_back(9.0);
    ASSERT_TRUE(refused(wider, csv, "rows; the grid (4 CVs x 2 ratios x 3 algorithms) has 24"));
    SweepSpec otherN = spec;
    otherN.n = 21;
    ASSERT_TRUE(refused(otherN, csv, "line 2 is not what a sweep with these settings writes"));
    std::string infinite = csv;
    const std::size_t row2 = infinite.find('\n') + 1;
    const std::size_t field = infinite.find(",60,", row2) + 4;
    infinite.replace(field, infinite.find(',', field) - field, "inf");
    ASSERT_TRUE(refused(spec, infinite, "line 2: mean is not finite"));
    std::string shortRow = csv;
    shortRow.insert(shortRow.find('\n', row2), ",1");
    ASSERT_TRUE(refused(spec, shortRow, "line 2 has 14 fields, not 13"));
}
