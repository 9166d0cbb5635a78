// Progressive sweeps: passes over growing replicate prefixes merge, to the bit, into the result
// of a one-pass sweep; a cancelled pass is dropped whole; results do not depend on the thread
// count; the paired analyses and drill-down replicates point at real replicates.
#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "experiment/progressive_sweep.h"

#include <QtTest>

#include <cmath>

using namespace rl;

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
    QCOMPARE(a.algorithm, b.algorithm);
    QCOMPARE(a.count, b.count);
    QCOMPARE(a.mean, b.mean);
    QCOMPARE(a.variance, b.variance);
    QCOMPARE(a.stdError, b.stdError);
    QCOMPARE(a.min, b.min);
    QCOMPARE(a.max, b.max);
    QCOMPARE(a.quantiles, b.quantiles);
    QCOMPARE(a.histogram, b.histogram);
}

} // namespace

class TestProgressiveSweep : public QObject {
    Q_OBJECT
  private slots:
    void passesMergeExactlyToOnePass() {
        const SweepSpec spec = smallSpec();
        const SweepResult reference = runSweep(spec);
        ProgressiveSweep p(spec);
        for (std::uint64_t upto :
             {std::uint64_t(7), std::uint64_t(300), std::uint64_t(1100), std::uint64_t(1500)}) {
            QVERIFY(p.runPass(upto));
            QCOMPARE(p.replicatesDone(), upto);
        }
        const GridSnapshot snap = p.snapshot();
        QVERIFY(snap.complete);
        const std::vector<SweepRow> rows = snap.rows();
        QCOMPARE(rows.size(), reference.rows.size());
        for (std::size_t k = 0; k < rows.size(); ++k) {
            QCOMPARE(rows[k].cv, reference.rows[k].cv);
            QCOMPARE(rows[k].ratio, reference.rows[k].ratio);
            compareExactly(rows[k].summary, reference.rows[k].summary);
        }
        // And an intermediate snapshot equals a one-pass sweep of that many replicates.
        SweepSpec shorter = spec;
        shorter.replicates = 300;
        ProgressiveSweep q(spec);
        QVERIFY(q.runPass(10));
        QVERIFY(q.runPass(300));
        const auto partial = q.snapshot().rows();
        const auto ref300 = runSweep(shorter).rows;
        for (std::size_t k = 0; k < partial.size(); ++k) {
            compareExactly(partial[k].summary, ref300[k].summary);
        }
        QVERIFY(!q.snapshot().complete);
    }

    void independentOfThreadCount() {
        SweepSpec one = smallSpec();
        one.threads = 1;
        one.replicates = 200;
        SweepSpec three = one;
        three.threads = 3;
        ProgressiveSweep a(one);
        ProgressiveSweep b(three);
        QVERIFY(a.runPass(200));
        QVERIFY(b.runPass(50));
        QVERIFY(b.runPass(200));
        const auto ra = a.snapshot().rows();
        const auto rb = b.snapshot().rows();
        for (std::size_t k = 0; k < ra.size(); ++k) {
            compareExactly(ra[k].summary, rb[k].summary);
        }
    }

    void cancelledPassIsDropped() {
        // runPass asks progress() once before it starts: refusing then cancels deterministically.
        SweepSpec spec = smallSpec();
        ProgressiveSweep p(spec);
        QVERIFY(p.runPass(100));
        const auto before = p.snapshot().rows();
        int calls = 0;
        QVERIFY(!p.runPass(1500, [&](std::uint64_t, std::uint64_t) { return ++calls < 1; }));
        QCOMPARE(p.replicatesDone(), std::uint64_t(100));
        const auto after = p.snapshot().rows();
        for (std::size_t k = 0; k < before.size(); ++k) {
            compareExactly(before[k].summary, after[k].summary);
        }
        // It can go on afterwards and still matches the one-pass result.
        QVERIFY(p.runPass(1500));
        const auto reference = runSweep(spec).rows;
        const auto done = p.snapshot().rows();
        for (std::size_t k = 0; k < done.size(); ++k) {
            compareExactly(done[k].summary, reference[k].summary);
        }
    }

    void drillDownReplicatesAreRealReplicates() {
        SweepSpec spec = smallSpec();
        spec.replicates = 101;
        ProgressiveSweep p(spec);
        QVERIFY(p.runPass(101));
        const GridSnapshot snap = p.snapshot();
        for (std::size_t point = 0; point < snap.cells.size(); ++point) {
            const GridCell& cell = snap.cells[point];
            const McConfig c = spec.pointConfig(cell.cv, cell.ratio);
            for (std::size_t a = 0; a < spec.algorithms.size(); ++a) {
                // The median of 101 values is one of them: the drill-down replicate is exactly
                // the median replicate, and re-simulating it alone gives the same makespan.
                const std::uint64_t r = cell.medianReplicate[a];
                QCOMPARE(p.samples(point, a)[r], cell.summaries[a].quantile(0.5));
                Simulator sim(spec.algorithms[a], spec.n, spec.nonCommutative, c.costs);
                QCOMPARE(sim.makespan(spec.seed, r), cell.summaries[a].quantile(0.5));
            }
            QVERIFY(cell.best.has_value());
            QVERIFY(cell.ratio01.has_value());
            QVERIFY(cell.bestReplicate < 101 && cell.ratioReplicate < 101);
            // The best method has the smallest mean.
            for (const McSummary& s : cell.summaries) {
                QVERIFY(cell.summaries[static_cast<std::size_t>(cell.best->best)].mean <= s.mean);
            }
            QCOMPARE(cell.ratio01->ratio, cell.summaries[0].mean / cell.summaries[1].mean);
        }
    }

    void passPlanAndBudget() {
        const auto plan = ProgressiveSweep::passPlan(1000, 651, 4, 40000);
        QCOMPARE(plan.front(), std::uint64_t(15));
        QCOMPARE(plan.back(), std::uint64_t(1000));
        for (std::size_t k = 1; k < plan.size(); ++k) {
            QVERIFY(plan[k] > plan[k - 1]);
        }
        QCOMPARE(ProgressiveSweep::passPlan(5, 1, 1).size(), std::size_t(1));
        SweepSpec huge = SweepSpec::figure(Figure::Fig4); // 1e6 x 25 x 4 > 2^25
        QVERIFY_THROWS_EXCEPTION(InputError, ProgressiveSweep{huge});
        SweepSpec bad = smallSpec();
        bad.cvs.clear();
        QVERIFY_THROWS_EXCEPTION(InputError, ProgressiveSweep{bad});
    }

    // A sweep's CSV reads back to the same summaries, bit for bit (shortest round-trip
    // numbers), and a file that is not what such a sweep writes is refused naming the line.
    void csvReadsBackExactly() {
        SweepSpec spec = smallSpec();
        spec.replicates = 60;
        const SweepResult run = runSweep(spec);
        const GridSnapshot written = snapshotFromRows(spec, run.rows, true);
        const std::string csv = written.csv();
        const GridSnapshot back = snapshotFromCsv(spec, csv);
        QCOMPARE(back.csv(), csv);
        QCOMPARE(back.replicates, std::uint64_t(60));
        QCOMPARE(back.cells.size(), written.cells.size());
        for (std::size_t k = 0; k < back.cells.size(); ++k) {
            for (std::size_t a = 0; a < spec.algorithms.size(); ++a) {
                const McSummary& x = back.cells[k].summaries[a];
                const McSummary& y = written.cells[k].summaries[a];
                QCOMPARE(x.mean, y.mean);
                QCOMPARE(x.variance, y.variance);
                QCOMPARE(x.quantiles, y.quantiles);
                QCOMPARE(x.max, y.max);
            }
        }
        auto refused = [&](const SweepSpec& sp, const std::string& text, const char* expected) {
            try {
                snapshotFromCsv(sp, text);
            } catch (const InputError& e) {
                return QString::fromUtf8(e.what()).contains(QString::fromUtf8(expected));
            }
            return false;
        };
        QVERIFY(refused(spec, csv.substr(0, csv.size() - 1), "does not end with a line break"));
        QVERIFY(refused(spec, "cv,ratio\n", "line 1 is not the header"));
        SweepSpec wider = spec;
        wider.cvs.push_back(9.0);
        QVERIFY(refused(wider, csv, "rows; the grid (4 CVs x 2 ratios x 3 algorithms) has 24"));
        SweepSpec otherN = spec;
        otherN.n = 21;
        QVERIFY(refused(otherN, csv, "line 2 is not what a sweep with these settings writes"));
        std::string infinite = csv;
        const std::size_t row2 = infinite.find('\n') + 1;
        const std::size_t field = infinite.find(",60,", row2) + 4;
        infinite.replace(field, infinite.find(',', field) - field, "inf");
        QVERIFY(refused(spec, infinite, "line 2: mean is not finite"));
        std::string shortRow = csv;
        shortRow.insert(shortRow.find('\n', row2), ",1");
        QVERIFY(refused(spec, shortRow, "line 2 has 14 fields, not 13"));
    }
};

QTEST_APPLESS_MAIN(TestProgressiveSweep)
#include "test_progressive_sweep.moc"
