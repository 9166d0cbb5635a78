// The Monte Carlo engine and sweeps: determinism across thread counts, exactness of the
// summaries, the streaming quantile estimator, cancellation and progress, common random numbers.
#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "base/statistics.h"
#include "experiment/monte_carlo.h"
#include "experiment/sweep.h"

#include "../../test_support.h"
#include "summary_checks.h"

#include <atomic>
#include <cmath>

using namespace rl;

namespace {

McConfig baseConfig() {
    McConfig c;
    c.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn,
                    AlgorithmId::NonCommutTreeDyn};
    c.n = 24;
    c.costs = CostModel::perOperation(Law::gamma(1.0, 0.7), Law::gamma(0.4, 0.7));
    c.replicates = 5000; // not a multiple of the 1024-replicate block
    c.seed = 77;
    return c;
}

void compareExactly(const McSummary& a, const McSummary& b) {
    rl::test::compareSummaryStatistics(a, b);
}

} // namespace

TEST(MonteCarlo, BitIdenticalForAnyThreadCount) {
    McConfig c = baseConfig();
    c.threads = 1;
    const McResult one = runMonteCarlo(c);
    for (int t : {2, 3, 5}) {
        c.threads = t;
        const McResult many = runMonteCarlo(c);
        ASSERT_EQ(many.summaries.size(), one.summaries.size());
        for (std::size_t a = 0; a < one.summaries.size(); ++a) {
            compareExactly(many.summaries[a], one.summaries[a]);
        }
    }
}

TEST(MonteCarlo, StreamingModeIsBitIdenticalAcrossThreadsToo) {
    McConfig c = baseConfig();
    c.exactQuantileLimit = 0;
    c.threads = 1;
    const McResult one = runMonteCarlo(c);
    c.threads = 3;
    const McResult three = runMonteCarlo(c);
    for (std::size_t a = 0; a < one.summaries.size(); ++a) {
        compareExactly(three.summaries[a], one.summaries[a]);
    }
}

// Streaming quantiles with 1 to 5 workers, and with more workers than blocks (3,000
// replicates are 3 blocks): a worker that ran no block still takes part in the merge.
// Regression: its histograms were never allocated and the merge read past them.
TEST(MonteCarlo, StreamingModeWithIdleWorkers) {
    McConfig c = baseConfig();
    c.exactQuantileLimit = 0;
    c.replicates = 3000;
    c.threads = 1;
    const McResult one = runMonteCarlo(c);
    for (int t : {2, 3, 4, 5, 16}) {
        c.threads = t;
        const McResult many = runMonteCarlo(c);
        ASSERT_EQ(many.summaries.size(), one.summaries.size());
        for (std::size_t a = 0; a < one.summaries.size(); ++a) {
            compareExactly(many.summaries[a], one.summaries[a]);
        }
    }
    c.replicates = 2; // one block, five workers asked for
    c.threads = 5;
    ASSERT_EQ(runMonteCarlo(c).summaries.front().count, std::uint64_t{2});
    // Runs so short that one worker usually takes every block before the other starts
    // (the reported case: it crashed in 18 runs of 20).
    c.algorithms = {AlgorithmId::BinomialStat};
    c.n = 2;
    c.replicates = 3000;
    c.threads = 2;
    for (int run = 0; run < 40; ++run) {
        ASSERT_EQ(runMonteCarlo(c).summaries.front().count, std::uint64_t{3000});
    }
}

// Every algorithm through the Monte Carlo path (shared draws, fast paths) beyond the
// sorted-array limit of the event queue, without and with reduction costs, against the
// generic engine replicate by replicate. Regression: Binomial- and Fibonacci-stat's
// no-reduction kernel chose the queue's structure before sizing it and crashed at n > 512.
TEST(MonteCarlo, LargePlatformsMatchTheEngine) {
    for (const char* comp : {"const:0", "gamma:0.5:1"}) {
        for (int n : {512, 513, 600, 1000, 2000}) {
            McConfig c = baseConfig();
            c.n = n;
            c.costs = CostModel::perOperation(Law::gamma(1.0, 1.0), parseLaw(comp));
            c.replicates = 3;
            c.threads = 1;
            c.keepSamples = true;
            const McResult r = runMonteCarlo(c);
            for (const McSummary& s : r.summaries) {
                Simulator engine(s.algorithm, n, false, c.costs);
                for (std::uint64_t rep = 0; rep < c.replicates; ++rep) {
                    ASSERT_FUZZY_EQ((*s.samples)[rep], engine.engineMakespan(c.seed, rep));
                }
            }
        }
    }
}

// The summary is what its definition says, computed from the kept samples, and each
// sample is the makespan of that replicate (common random numbers: the same (seed,
// replicate) whatever the run, the thread or the other algorithms).
TEST(MonteCarlo, SummariesFollowTheirDefinitions) {
    McConfig c = baseConfig();
    c.keepSamples = true;
    c.threads = 2;
    const McResult r = runMonteCarlo(c);
    ASSERT_EQ(r.replicatesDone, c.replicates);
    ASSERT_TRUE(!r.cancelled);
    for (const McSummary& s : r.summaries) {
        const std::vector<double>& v = *s.samples;
        ASSERT_EQ(v.size(), std::size_t(c.replicates));
        Simulator sim(s.algorithm, c.n, false, c.costs);
        for (std::uint64_t rep : {0ULL, 1ULL, 1023ULL, 1024ULL, 4999ULL}) {
            ASSERT_FUZZY_EQ(v[rep], sim.makespan(c.seed, rep));
        }
        double sum = 0.0;
        for (double x : v) {
            sum += x;
        }
        const double mean = sum / static_cast<double>(v.size());
        double ss = 0.0;
        for (double x : v) {
            ss += (x - mean) * (x - mean);
        }
        const double var = ss / static_cast<double>(v.size() - 1);
        ASSERT_TRUE(std::abs(s.mean - mean) < 1e-12 * mean);
        ASSERT_TRUE(std::abs(s.variance - var) < 1e-9 * var);
        ASSERT_TRUE(std::abs(s.stdError - std::sqrt(var / static_cast<double>(v.size()))) < 1e-9);
        ASSERT_FUZZY_EQ(s.min, *std::min_element(v.begin(), v.end()));
        ASSERT_FUZZY_EQ(s.max, *std::max_element(v.begin(), v.end()));
        std::vector<double> copy = v;
        ASSERT_EQ(s.quantiles, quantilesType7(copy, c.quantiles));
        std::uint64_t total = 0;
        for (std::uint64_t h : s.histogram) {
            total += h;
        }
        ASSERT_EQ(total, c.replicates);
        ASSERT_TRUE(s.exactQuantiles);
    }
}

TEST(MonteCarlo, StreamingQuantilesWithinStatedError) {
    McConfig c = baseConfig();
    c.replicates = 40000;
    const McResult exact = runMonteCarlo(c);
    c.exactQuantileLimit = 1000;
    const McResult streamed = runMonteCarlo(c);
    for (std::size_t a = 0; a < exact.summaries.size(); ++a) {
        const McSummary& e = exact.summaries[a];
        const McSummary& s = streamed.summaries[a];
        ASSERT_TRUE(!s.exactQuantiles);
        ASSERT_FUZZY_EQ(s.quantileRelativeError, LogHistogram::kRelativeError);
        ASSERT_FUZZY_EQ(s.mean, e.mean); // moments never depend on the quantile mode
        ASSERT_FUZZY_EQ(s.variance, e.variance);
        for (std::size_t q = 0; q < e.quantiles.size(); ++q) {
            ASSERT_TRUE(std::abs(s.quantiles[q] - e.quantiles[q]) <=
                        LogHistogram::kRelativeError * e.quantiles[q])
                << "q" << c.quantiles[q] << ": " << s.quantiles[q] << " vs " << e.quantiles[q];
        }
    }
}

TEST(MonteCarlo, ProgressIsMonotoneAndEndsAtTotal) {
    McConfig c = baseConfig();
    c.replicates = 60000;
    std::uint64_t last = 0;
    bool monotone = true;
    int calls = 0;
    runMonteCarlo(c, [&](std::uint64_t done, std::uint64_t total) {
        monotone = monotone && done >= last && total == c.replicates;
        last = done;
        ++calls;
        return true;
    });
    ASSERT_TRUE(monotone);
    ASSERT_TRUE(calls >= 1);
    ASSERT_EQ(last, c.replicates);
}

// A huge run cancelled at once stops quickly, and reports the finished prefix.
TEST(MonteCarlo, CancellationStopsQuicklyWithAConsistentPrefix) {
    McConfig c = baseConfig();
    c.replicates = 100000000;
    c.threads = 2;
    const McResult r = runMonteCarlo(c, [](std::uint64_t, std::uint64_t) { return false; });
    ASSERT_TRUE(r.cancelled);
    // The first progress call (after 50 ms) cancels; the workers only finish the block they
    // are on. 1 % of the run would be minutes of work, so this cannot pass by luck, and it
    // does not depend on the machine's speed (no clock in tests).
    ASSERT_TRUE(r.replicatesDone < c.replicates / 100) << r.replicatesDone;
    for (const McSummary& s : r.summaries) {
        ASSERT_EQ(s.count, r.replicatesDone);
    }
    // The prefix summary equals a full run of that many replicates.
    if (r.replicatesDone > 0) {
        McConfig p = baseConfig();
        p.replicates = r.replicatesDone;
        const McResult full = runMonteCarlo(p);
        ASSERT_FUZZY_EQ(r.summaries[0].mean, full.summaries[0].mean);
    }
}

TEST(MonteCarlo, InvalidConfigurationsAreRefused) {
    McConfig c = baseConfig();
    c.algorithms.clear();
    ASSERT_THROW(runMonteCarlo(c), InputError);
    c = baseConfig();
    c.quantiles = {0.9, 0.1};
    ASSERT_THROW(runMonteCarlo(c), InputError);
    c.quantiles = {1.5};
    ASSERT_THROW(runMonteCarlo(c), InputError);
    c = baseConfig();
    c.nonCommutative = true; // Tree-dyn is in the list
    ASSERT_THROW(runMonteCarlo(c), InputError);
    c = baseConfig();
    c.n = 0;
    ASSERT_THROW(runMonteCarlo(c), InputError);
    c = baseConfig();
    c.costs = CostModel::perOperation(Law::gamma(-1.0, 1.0), Law::constant(0.0));
    ASSERT_THROW(runMonteCarlo(c), InputError);
}

TEST(MonteCarlo, FigureSpecsFollowThePaper) {
    const SweepSpec f4 = SweepSpec::figure(Figure::Fig4);
    ASSERT_EQ(f4.n, 64);
    ASSERT_EQ(f4.cvs.size(), std::size_t(25));
    ASSERT_FUZZY_EQ(f4.cvs.front(), 0.01);
    ASSERT_FUZZY_EQ(f4.cvs.back(), 10.0);
    ASSERT_EQ(f4.ratios, std::vector<double>{0.0});
    ASSERT_EQ(f4.replicates, std::uint64_t(1000000));
    ASSERT_EQ(f4.algorithms.size(), std::size_t(4));
    const McConfig p = f4.pointConfig(0.5, 0.0);
    ASSERT_EQ(p.costs.transfer, Law::gamma(1.0, 0.5));
    ASSERT_EQ(p.costs.reduction, Law::constant(0.0));
    const SweepSpec f5 = SweepSpec::figure(Figure::Fig5);
    ASSERT_EQ(f5.cvs.size(), std::size_t(31));
    ASSERT_EQ(f5.ratios.size(), std::size_t(21));
    ASSERT_FUZZY_EQ(f5.ratios.front(), 0.1);
    ASSERT_FUZZY_EQ(f5.ratios.back(), 10.0);
    ASSERT_EQ(f5.pointConfig(0.3, 2.0).costs.reduction, Law::gamma(2.0, 0.3));
    const SweepSpec f6 = SweepSpec::figure(Figure::Fig6);
    ASSERT_TRUE(f6.nonCommutative);
    ASSERT_EQ(f6.algorithms,
              (std::vector<Algorithm>{AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat,
                                      AlgorithmId::NonCommutTreeDyn}));
}

TEST(MonteCarlo, GridsParseAndRefuseNonsense) {
    const std::vector<double> g = parseGrid("0.1:10:3", "--cv");
    ASSERT_EQ(g.size(), std::size_t(3));
    ASSERT_TRUE(std::abs(g[1] - 1.0) < 1e-12);
    ASSERT_EQ(parseGrid("0.5", "--cv"), std::vector<double>{0.5});
    ASSERT_THROW(parseGrid("0:10:3", "--cv"), InputError);
    ASSERT_THROW(parseGrid("1:10", "--cv"), InputError);
    ASSERT_THROW(parseGrid("1:10:0", "--cv"), InputError);
    ASSERT_THROW(parseGrid("-1", "--cv"), InputError);
    ASSERT_THROW(parseGrid("a:b:c", "--cv"), InputError);
    SweepSpec s = SweepSpec::figure(Figure::Fig5);
    s.family = LawKind::Uniform; // CVs up to 10 exceed 1/sqrt(3)
    ASSERT_THROW(s.validate(), InputError);
}

TEST(MonteCarlo, SweepRowsComeInGridOrderAndPointsStream) {
    SweepSpec s = SweepSpec::figure(Figure::Fig5);
    s.n = 16;
    s.cvs = {0.1, 1.0};
    s.ratios = {0.5, 2.0};
    s.replicates = 500;
    int points = 0;
    const SweepResult r = runSweep(s, {}, [&](const std::vector<SweepRow>& rows) {
        ++points;
        ASSERT_EQ(rows.size(), s.algorithms.size());
    });
    ASSERT_EQ(points, 4);
    ASSERT_EQ(r.rows.size(), std::size_t(8));
    ASSERT_FUZZY_EQ(r.rows[0].ratio, 0.5);
    ASSERT_FUZZY_EQ(r.rows[0].cv, 0.1);
    ASSERT_FUZZY_EQ(r.rows[2].cv, 1.0);
    ASSERT_FUZZY_EQ(r.rows[4].ratio, 2.0);
    // A point equals the Monte Carlo run of its configuration.
    const McResult direct = runMonteCarlo(s.pointConfig(1.0, 2.0));
    ASSERT_FUZZY_EQ(r.rows[6].summary.mean, direct.summaries[0].mean);
    const SweepResult cancelled = runSweep(s, [](std::uint64_t, std::uint64_t) { return false; });
    ASSERT_TRUE(cancelled.cancelled);
}

TEST(MonteCarlo, CsvColumns) {
    ASSERT_EQ(mcCsvHeader({0.1, 0.5, 0.9}),
              std::string("algorithm,n,replicates,mean,variance,stderr,min,q10,q50,q90,max"));
    ASSERT_EQ(sweepCsvHeader({0.25}),
              std::string("cv,ratio,algorithm,n,replicates,mean,variance,stderr,min,q25,max"));
}
