// The point job, tested in one process: a point assembled from its blocks in any order, through
// the wire format (what reducelab-mpi's owners do) or simulated in place on any number of
// threads, equals the serial computation on every makespan (moments merged in block order,
// quantiles and histogram over the whole sample, the paired analysis), exact and streaming; a
// cancelled run keeps its longest finished prefix; the wire format round-trips configurations,
// blocks and summaries to the bit and refuses malformed bytes; a job with a checkpoint, stopped
// after some points and resumed, gives the same results as one run straight through, and a
// checkpoint of another job is refused.
#include "base/input_error.h"
#include "base/statistics.h"
#include "experiment/mc_block.h"
#include "experiment/mc_wire.h"
#include "experiment/point_job.h"
#include "experiment/progressive_sweep.h"

#include "../../test_support.h"
#include "summary_checks.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <random>
#include <set>

using namespace rl;

namespace {

McConfig config(std::uint64_t replicates, std::uint64_t exactLimit) {
    McConfig c;
    c.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::TreeDyn};
    c.n = 12;
    c.costs = CostModel::perOperation(Law::gamma(1.0, 0.8), Law::uniform(0.4, 0.3));
    c.replicates = replicates;
    c.seed = 5;
    c.threads = 2;
    c.exactQuantileLimit = exactLimit;
    return c;
}

void compareExactly(const McSummary& a, const McSummary& b) {
    ASSERT_EQ(a.algorithm, b.algorithm);
    rl::test::compareSummaryStatistics(a, b);
    ASSERT_EQ(a.exactQuantiles, b.exactQuantiles);
}

void compareExactly(const PointAnalysis& a, const PointAnalysis& b) {
    ASSERT_EQ(a.medianReplicate, b.medianReplicate);
    ASSERT_EQ(a.ratio01.has_value(), b.ratio01.has_value());
    if (a.ratio01) {
        ASSERT_FUZZY_EQ(a.ratio01->ratio, b.ratio01->ratio);
        ASSERT_FUZZY_EQ(a.ratio01->stdError, b.ratio01->stdError);
        ASSERT_FUZZY_EQ(a.ratio01->low, b.ratio01->low);
        ASSERT_FUZZY_EQ(a.ratio01->high, b.ratio01->high);
    }
    ASSERT_EQ(a.ratioReplicate, b.ratioReplicate);
    ASSERT_EQ(a.best.has_value(), b.best.has_value());
    if (a.best) {
        ASSERT_EQ(a.best->best, b.best->best);
        ASSERT_EQ(a.best->runnerUp, b.best->runnerUp);
        ASSERT_FUZZY_EQ(a.best->margin, b.best->margin);
        ASSERT_FUZZY_EQ(a.best->diffStdError, b.best->diffStdError);
        ASSERT_EQ(a.best->tie, b.best->tie);
    }
    ASSERT_EQ(a.bestReplicate, b.bestReplicate);
}

void compareExactly(const McResult& a, const McResult& b) {
    ASSERT_EQ(a.replicatesDone, b.replicatesDone);
    ASSERT_EQ(a.cancelled, b.cancelled);
    ASSERT_EQ(a.summaries.size(), b.summaries.size());
    for (std::size_t k = 0; k < a.summaries.size(); ++k) {
        compareExactly(a.summaries[k], b.summaries[k]);
    }
    ASSERT_EQ(a.analysis.has_value(), b.analysis.has_value());
    if (a.analysis) {
        compareExactly(*a.analysis, *b.analysis);
    }
}

// The serial computation the point job replaces (what one collecting thread did): every
// makespan of the first `count` replicates in replicate order, each block's moments merged in
// block order, quantiles and histogram over the whole sample (or the merged streaming
// histograms), the paired analysis over the replicates.
McResult serialReference(const McConfig& c, std::uint64_t count) {
    const std::size_t nAlgos = c.algorithms.size();
    const bool exact = keepsEverySample(c);
    McBlockRunner runner(c);
    std::vector<std::vector<double>> x(nAlgos, std::vector<double>(count));
    std::vector<Moments> merged(nAlgos);
    std::vector<LogHistogram> streams(nAlgos);
    for (std::uint64_t first = 0; first < count; first += kMonteCarloBlock) {
        std::vector<Moments> block(nAlgos);
        std::vector<double*> out;
        for (auto& v : x) {
            out.push_back(v.data());
        }
        std::vector<LogHistogram> local(nAlgos);
        runner.simulate(
            first, std::min(count, first + kMonteCarloBlock),
            McSink{block.data(), exact ? out.data() : nullptr, 0, exact ? nullptr : local.data()});
        for (std::size_t a = 0; a < nAlgos; ++a) {
            merged[a].merge(block[a]);
            streams[a].merge(local[a]);
        }
    }
    McResult r;
    r.replicatesDone = count;
    for (std::size_t a = 0; a < nAlgos; ++a) {
        McSummary s = summaryFromMoments(c.algorithms[a], merged[a], c);
        if (exact) {
            s.histogram = histogram(x[a], merged[a].min, merged[a].max, c.histogramBins);
            std::vector<double> copy = x[a];
            s.quantiles = quantilesType7(copy, c.quantiles);
        } else {
            s.exactQuantiles = false;
            s.quantileRelativeError = LogHistogram::kRelativeError;
            s.quantiles = streams[a].quantiles(c.quantiles, merged[a].min, merged[a].max);
            s.histogram = streams[a].rebin(merged[a].min, merged[a].max, c.histogramBins);
        }
        r.summaries.push_back(std::move(s));
    }
    if (c.analysePairs) {
        std::vector<const double*> all;
        for (const auto& v : x) {
            all.push_back(v.data());
        }
        r.analysis = analysePoint(all, count);
    }
    return r;
}

// Blocks computed by separate runners, sent through the wire format and deposited in a
// shuffled order: what a point's owner does with the blocks other ranks send it.
McResult assembleShuffled(const McConfig& c, unsigned seed) {
    const std::vector<McConfig> points{c};
    PointAssembly assembly(points);
    const UnitList units = assembly.beginPass({0});
    std::vector<std::uint64_t> order(units.size());
    for (std::uint64_t b = 0; b < order.size(); ++b) {
        order[b] = b;
    }
    std::shuffle(order.begin(), order.end(), std::mt19937(seed));
    McBlockRunner runner(c);
    std::optional<McResult> result;
    for (std::uint64_t b : order) {
        if (result) {
            throw std::logic_error("a point assembled before its last block");
        }
        ByteWriter w;
        writeBlockResult(w, runMonteCarloBlock(runner, c, b));
        ByteReader r(w.data(), "block");
        result = assembly.deposit(0, readBlockResult(r, c));
        if (!r.atEnd()) {
            throw InputError("bytes left after a block");
        }
    }
    if (!result) {
        throw std::logic_error("a point not assembled after its last block");
    }
    return std::move(*result);
}

std::vector<McConfig> gridPoints() {
    SweepSpec spec = SweepSpec::figure(Figure::Fig5);
    spec.n = 10;
    spec.cvs = {0.1, 1.0, 3.0};
    spec.ratios = {0.5, 2.0};
    spec.replicates = 1300;
    spec.threads = 2;
    return spec.pointConfigs();
}

// Runs the points but stops (cancels) after `stopAfter` points have finished.
class StoppingExecutor : public PointExecutor {
  public:
    explicit StoppingExecutor(std::size_t stopAfter) : m_stopAfter(stopAfter) {}
    std::vector<std::size_t> ran;
    void run(const std::vector<McConfig>& points, const std::vector<std::size_t>& pending,
             const OnPoint& onPoint, const SweepProgress&) override {
        for (std::size_t i : pending) {
            if (ran.size() == m_stopAfter) {
                return;
            }
            ran.push_back(i);
            onPoint(i, runMonteCarlo(points[i]));
        }
    }

  private:
    std::size_t m_stopAfter;
};

// Runs `finish` points, then fails as an executor does when a block is refused or a rank dies.
class FailingExecutor : public PointExecutor {
  public:
    explicit FailingExecutor(std::size_t finish) : m_finish(finish) {}
    void run(const std::vector<McConfig>& points, const std::vector<std::size_t>& pending,
             const OnPoint& onPoint, const SweepProgress&) override {
        for (std::size_t k = 0; k < m_finish && k < pending.size(); ++k) {
            onPoint(pending[k], runMonteCarlo(points[pending[k]]));
        }
        throw InputError("a block was refused");
    }

  private:
    std::size_t m_finish;
};

/// Options that record the job in `dir`/job.ckpt at least every `seconds`.
PointJobOptions checkpointIn(const rl::test::TempDir& dir, double seconds) {
    PointJobOptions options;
    options.checkpoint = (dir.path() + "/job.ckpt");
    options.checkpointSeconds = seconds;
    return options;
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The checkpoint with its checksum made again: what a file damaged before it was sealed (a
/// bug, a forged file) looks like, so that the checks of the values are what refuses it.
std::string resealed(std::string content) {
    content.resize(content.size() - 8);
    ByteWriter w;
    w.u64(fnv1a64(content));
    return content + w.data();
}

/// `content` with the 8 bytes of the double `from` (its first occurrence, found by its bits)
/// set to `to`.
std::string withDouble(std::string content, double from, double to) {
    ByteWriter a;
    a.f64(from);
    const std::size_t at = content.find(a.data());
    if (at == std::string::npos) {
        throw std::logic_error("the value is not in the checkpoint");
    }
    ByteWriter b;
    b.f64(to);
    return content.replace(at, 8, b.data());
}

/// The message readCheckpoint refuses `content` with (empty when it accepts it).
std::string refusal(const std::vector<McConfig>& points, const std::string& content) {
    try {
        readCheckpoint(points, content, "job.ckpt");
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

} // namespace

struct BlocksAssembledInAnyOrderEqualTheSerialComputationRow {
    std::string name;
    unsigned long long replicates;
    unsigned long long exactLimit;
    bool pairs;
};

std::vector<BlocksAssembledInAnyOrderEqualTheSerialComputationRow>
blocksAssembledInAnyOrderEqualTheSerialComputationRows() {
    return {
        {"exact, partial last block", 2500ULL, (1ULL << 24), false},
        {"exact, paired analysis", 5000ULL, (1ULL << 24), true},
        {"one block, paired analysis", 700ULL, (1ULL << 24), true},
        {"streaming histograms", 3000ULL, 0ULL, false},
    };
}

class BlocksAssembledInAnyOrderEqualTheSerialComputation
    : public ::testing::TestWithParam<BlocksAssembledInAnyOrderEqualTheSerialComputationRow> {};

TEST_P(BlocksAssembledInAnyOrderEqualTheSerialComputation, Row) {
    auto replicates = GetParam().replicates;
    auto exactLimit = GetParam().exactLimit;
    auto pairs = GetParam().pairs;
    McConfig c = config(replicates, exactLimit);
    c.analysePairs = pairs;
    const McResult reference = serialReference(c, c.replicates);
    for (unsigned seed : {3U, 4U, 5U}) {
        compareExactly(assembleShuffled(c, seed), reference);
    }
    compareExactly(runMonteCarlo(c), reference);
}
INSTANTIATE_TEST_SUITE_P(
    PointJob, BlocksAssembledInAnyOrderEqualTheSerialComputation,
    ::testing::ValuesIn(blocksAssembledInAnyOrderEqualTheSerialComputationRows()),
    rl::test::RowName());

// The same point, simulated in place on 1 to 5 threads: whichever thread finishes the last
// block assembles it, with the serial computation's numbers.
TEST(PointJob, PointsAssembledOnAnyThreadEqualTheSerialComputation) {
    SweepSpec spec = SweepSpec::figure(Figure::Fig4);
    spec.n = 16;
    spec.cvs = {0.05, 1.0, 4.0};
    spec.replicates = 9000; // 9 blocks, the last partial
    std::vector<McConfig> points = spec.pointConfigs();
    ASSERT_TRUE(points.front().analysePairs);
    std::vector<McResult> reference;
    for (const McConfig& c : points) {
        reference.push_back(serialReference(c, c.replicates));
    }
    for (int threads = 1; threads <= 5; ++threads) {
        for (McConfig& c : points) {
            c.threads = threads;
        }
        LocalExecutor local;
        const std::vector<McResult> job = runPointJob(points, local, {});
        ASSERT_EQ(job.size(), points.size());
        for (std::size_t p = 0; p < points.size(); ++p) {
            compareExactly(job[p], reference[p]);
        }
    }
}

// Two algorithms: the ratio's and the best method's median replicates come from the sorted
// differences, in both orders (the best method is either of the two across the grid).
TEST(PointJob, PairedDifferencesInBothOrders) {
    SweepSpec spec = SweepSpec::figure(Figure::Fig5);
    spec.n = 12;
    spec.cvs = {0.05, 0.5, 3.0};
    spec.ratios = {0.2, 1.0, 5.0};
    spec.replicates = 3100;
    spec.threads = 3;
    const std::vector<McConfig> points = spec.pointConfigs();
    LocalExecutor local;
    const std::vector<McResult> job = runPointJob(points, local, {});
    std::set<int> bests;
    for (std::size_t p = 0; p < points.size(); ++p) {
        compareExactly(job[p], serialReference(points[p], spec.replicates));
        bests.insert(job[p].analysis->best->best);
    }
    ASSERT_EQ(bests, (std::set<int>{0, 1}));
}

// Passes to 10, 700, 1500 and 2600 replicates (ending inside blocks) give at each step what
// a one-pass run of that many replicates gives, paired analysis included.
TEST(PointJob, PassesEqualOnePassRuns) {
    McConfig c = config(2600, 1ULL << 24);
    c.analysePairs = true;
    const std::vector<McConfig> points{c, config(2600, 1ULL << 24)};
    std::vector<McConfig> withPairs = points;
    withPairs[1].analysePairs = true;
    withPairs[1].seed = 6;
    PointAssembly assembly(withPairs, true);
    for (std::uint64_t upto : {10ULL, 700ULL, 1500ULL, 2600ULL}) {
        // A pass dropped half-way (cancelled) first: every point back where it was.
        const UnitList dropped = assembly.beginPass({0, 1}, upto);
        RunnerCache cache;
        for (std::size_t i = 0; i < dropped.size(); i += 2) {
            const BlockUnit u = dropped.at(i);
            assembly.simulate(cache.runner(withPairs, u.point), u);
        }
        assembly.rollBack();
        const UnitList units = assembly.beginPass({0, 1}, upto);
        std::vector<McResult> results(2);
        ASSERT_TRUE(runUnits(assembly, units, withPairs, 3,
                             [&](std::size_t p, McResult&& r) { results[p] = std::move(r); }, {}));
        for (std::size_t p = 0; p < 2; ++p) {
            compareExactly(results[p], serialReference(withPairs[p], upto));
        }
    }
}

// A cancelled run keeps its longest finished prefix of blocks: the same numbers as a run of
// that many replicates (exact quantiles and histogram included), without the analysis.
TEST(PointJob, CancelledRunKeepsItsFinishedPrefix) {
    McConfig c = config(4000000, 1ULL << 24);
    c.threads = 3;
    // Stopped once 20 blocks are done: with 3 threads taking blocks in order, at least 17
    // form a prefix, and the 3,907 blocks take far longer than one progress interval.
    const McResult r = runMonteCarlo(
        c, [&](std::uint64_t done, std::uint64_t) { return done < 20 * kMonteCarloBlock; });
    ASSERT_TRUE(r.cancelled);
    ASSERT_TRUE(r.replicatesDone > 0 && r.replicatesDone < c.replicates);
    ASSERT_EQ(r.replicatesDone % kMonteCarloBlock, std::uint64_t{0});
    McResult expected = serialReference(c, r.replicatesDone);
    expected.cancelled = true;
    compareExactly(r, expected);
}

// Progress and cancel by work, not by block (issue #39: Cancel in the CV sweep at n = 100,000
// took a minute with the bar at 0 %): a block of 1,024 replicates of a large platform reports
// its replicates as they are done, and a cancel ends it at the next replicate.
TEST(PointJob, LargePlatformReportsAndCancelsWithinABlock) {
    McConfig c = config(kMonteCarloBlock, 0);
    c.n = 100000;
    c.threads = 1;
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    std::uint64_t firstSeen = 0;
    Clock::time_point stopped{};
    const McResult r = runMonteCarlo(c, [&](std::uint64_t done, std::uint64_t) {
        if (done > 0 && firstSeen == 0) {
            firstSeen = done;
            stopped = Clock::now();
        }
        return done == 0; // cancel once the bar moves
    });
    const auto end = Clock::now();
    ASSERT_TRUE(r.cancelled);
    ASSERT_GT(firstSeen, std::uint64_t{0});
    ASSERT_LT(firstSeen, c.replicates);            // within the block
    ASSERT_EQ(r.replicatesDone, std::uint64_t{0}); // no block finished: nothing kept
    // Ended within a few replicates (each some tens of milliseconds), not the block's minute.
    const double afterCancel = std::chrono::duration<double>(end - stopped).count();
    const double total = std::chrono::duration<double>(end - start).count();
    ASSERT_LT(afterCancel, 2.0) << "total " << total << " s";
}

TEST(PointJob, UnitListsCoverThePassExactly) {
    UnitList units;
    units.add(3, 0, 2500);    // blocks 0, 1, 2 (partial)
    units.add(7, 1000, 1030); // inside block 0, across into block 1
    units.add(9, 5, 5);       // nothing
    ASSERT_EQ(units.size(), std::size_t(5));
    ASSERT_EQ(units.points(), std::size_t(2));
    ASSERT_EQ(units.replicates(), std::uint64_t(2530));
    const BlockUnit u2 = units.at(2);
    ASSERT_EQ(u2.point, std::uint64_t(3));
    ASSERT_EQ(u2.block, std::uint64_t(2));
    ASSERT_EQ(u2.first, std::uint64_t(2048));
    ASSERT_EQ(u2.last, std::uint64_t(2500));
    const BlockUnit u3 = units.at(3);
    ASSERT_EQ(u3.point, std::uint64_t(7));
    ASSERT_EQ(u3.first, std::uint64_t(1000));
    ASSERT_EQ(u3.last, std::uint64_t(1024));
    const BlockUnit u4 = units.at(4);
    ASSERT_EQ(u4.block, std::uint64_t(1));
    ASSERT_EQ(u4.first, std::uint64_t(1024));
    ASSERT_EQ(u4.last, std::uint64_t(1030));
}

TEST(PointJob, ConfigurationsAndSummariesRoundTrip) {
    McConfig c = config(2000, 100);
    c.costs = CostModel::fixedMatrix(FixedCosts::worstCase(12, 1.0, 7.5, 0.25));
    c.quantiles = {0.05, 0.5, 0.975};
    c.keepSamples = true;
    ByteWriter w;
    writeMcConfig(w, c);
    ByteReader r(w.data(), "config");
    const McConfig back = readMcConfig(r, AlgorithmCatalog());
    ASSERT_TRUE(r.atEnd());
    ASSERT_EQ(back.algorithms, c.algorithms);
    ASSERT_EQ(back.costs.mode, CostMode::FixedMatrix);
    ASSERT_EQ(back.costs.fixed->d, c.costs.fixed->d);
    ASSERT_EQ(back.costs.fixed->c, c.costs.fixed->c);
    ASSERT_EQ(back.quantiles, c.quantiles);
    ASSERT_EQ(back.exactQuantileLimit, c.exactQuantileLimit);
    ASSERT_TRUE(back.keepSamples);

    McConfig exact = config(1500, 1ULL << 24);
    exact.keepSamples = true;
    const McSummary s = runMonteCarlo(exact).summaries[1];
    ByteWriter ws;
    writeSummary(ws, s);
    ByteReader rs(ws.data(), "summary");
    const McSummary t = readSummary(rs, exact.algorithms);
    compareExactly(t, s);
    ASSERT_EQ(*t.samples, *s.samples);
}

TEST(PointJob, MalformedBytesAreRefused) {
    const McConfig c = config(1500, 1ULL << 24);
    ByteWriter w;
    writeMcConfig(w, c);
    const std::string bytes = w.data();
    // Every truncation is refused with a message, never read past the end.
    for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
        ByteReader r(std::string_view(bytes).substr(0, cut), "config");
        ASSERT_THROW(readMcConfig(r, AlgorithmCatalog()), InputError);
    }
    // A block of another size, or that does not exist, is refused.
    McBlockRunner runner(c);
    ByteWriter wb;
    writeBlockResult(wb, runMonteCarloBlock(runner, c, 1));
    const McConfig other = config(3000, 1ULL << 24);
    ByteReader rb(wb.data(), "block");
    ASSERT_THROW(readBlockResult(rb, other), InputError);
    const McConfig shorter = config(1000, 1ULL << 24);
    ByteReader rc(wb.data(), "block");
    ASSERT_THROW(readBlockResult(rc, shorter), InputError);
}

TEST(PointJob, StoppedAndResumedJobGivesTheSameResults) {
    std::vector<McConfig> points = gridPoints();
    for (McConfig& c : points) {
        c.analysePairs = true; // recorded in the checkpoint too
    }
    LocalExecutor local;
    const std::vector<McResult> straight = runPointJob(points, local, {});
    ASSERT_EQ(straight.size(), points.size());

    rl::test::TempDir dir;
    PointJobOptions options = checkpointIn(dir, 0); // record every point
    StoppingExecutor first(2);
    ASSERT_TRUE(runPointJob(points, first, options).empty()); // stopped: no result
    ASSERT_TRUE(std::filesystem::exists(*options.checkpoint));

    std::size_t resumedWith = 0;
    options.onResume = [&](std::size_t done, std::size_t) { resumedWith = done; };
    StoppingExecutor second(points.size());
    const std::vector<McResult> resumed = runPointJob(points, second, options);
    ASSERT_EQ(resumedWith, std::size_t{2});
    ASSERT_EQ(second.ran.size(), points.size() - 2); // the recorded points are not run again
    ASSERT_EQ(resumed.size(), points.size());
    for (std::size_t p = 0; p < points.size(); ++p) {
        for (std::size_t a = 0; a < points[p].algorithms.size(); ++a) {
            compareExactly(resumed[p].summaries[a], straight[p].summaries[a]);
        }
        ASSERT_TRUE(resumed[p].analysis && straight[p].analysis);
        ASSERT_EQ(resumed[p].analysis->medianReplicate, straight[p].analysis->medianReplicate);
        ASSERT_FUZZY_EQ(resumed[p].analysis->ratio01->high, straight[p].analysis->ratio01->high);
        ASSERT_EQ(resumed[p].analysis->bestReplicate, straight[p].analysis->bestReplicate);
    }
    removeCheckpoint(*options.checkpoint);
    ASSERT_TRUE(!std::filesystem::exists(*options.checkpoint));
}

TEST(PointJob, CheckpointOfAnotherJobIsRefused) {
    const std::vector<McConfig> points = gridPoints();
    rl::test::TempDir dir;
    PointJobOptions options = checkpointIn(dir, 0);
    StoppingExecutor stop(1);
    runPointJob(points, stop, options);
    std::vector<McConfig> changed = points;
    changed[3].seed = 6;
    LocalExecutor local;
    try {
        runPointJob(changed, local, options);
        FAIL() << "a checkpoint of another job was accepted";
    } catch (const InputError& e) {
        ASSERT_TRUE(std::string(e.what()).find("belongs to another job") != std::string::npos);
    }
    // Threads do not change the job: a resumed job may run with any number of them.
    std::vector<McConfig> threads = points;
    for (McConfig& c : threads) {
        c.threads = 1;
    }
    ASSERT_EQ(runPointJob(threads, local, options).size(), points.size());
    // A damaged file is refused with its name, not read past its end.
    std::ofstream(*options.checkpoint, std::ios::binary) << "reducelab checkpoint 2\nxx";
    ASSERT_THROW(runPointJob(points, local, options), InputError);
}

// A checkpoint whose bytes changed is refused with the reason, whichever byte changed;
// values that no run makes are refused even under a valid checksum; a checkpoint of the
// previous format is refused with both formats named.
TEST(PointJob, DamagedCheckpointsAreRefused) {
    std::vector<McConfig> points = gridPoints();
    for (McConfig& c : points) {
        c.analysePairs = true;
    }
    rl::test::TempDir dir;
    PointJobOptions options = checkpointIn(dir, 0);
    StoppingExecutor stop(3);
    runPointJob(points, stop, options);
    const std::string good = readFile(*options.checkpoint);
    ASSERT_EQ(refusal(points, good), std::string());
    ASSERT_EQ(readCheckpoint(points, good, "job.ckpt").size(), std::size_t{3});

    // Every byte flipped, one at a time: the checksum (or the first line) tells.
    for (std::size_t at = 0; at < good.size(); ++at) {
        std::string bad = good;
        bad[at] = static_cast<char>(bad[at] ^ 0x20);
        ASSERT_TRUE(!refusal(points, bad).empty()) << "byte " << at;
    }
    // The case: the 8 bytes of one recorded mean overwritten.
    const McSummary s = runMonteCarlo(points[stop.ran[1]]).summaries[1];
    const std::string flipped = withDouble(good, s.mean, std::nan(""));
    ASSERT_TRUE(refusal(points, flipped).find("is damaged: its checksum does not match") !=
                std::string::npos);
    ASSERT_TRUE(refusal(points, good.substr(0, good.size() - 3)).find("is damaged") !=
                std::string::npos);

    // Under a valid checksum, the values are checked.
    const auto refusedFor = [&](double from, double to, const char* why) {
        const std::string message = refusal(points, resealed(withDouble(good, from, to)));
        ASSERT_TRUE(message.find(why) != std::string::npos) << message + " lacks: " + why;
    };
    refusedFor(s.mean, std::nan(""), "the mean nan is not within");
    refusedFor(s.mean, s.max + 100.0, "is not within");
    refusedFor(s.variance, -1.0, "the variance -1 is not within");
    refusedFor(s.variance, s.max * s.max * 100.0, "the variance");
    refusedFor(s.min, std::numeric_limits<double>::infinity(), "are not a range");
    refusedFor(s.quantiles[1], s.max * 2.0, "the quantile");
    refusedFor(s.stdError, s.stdError * 1.5, "the standard error");
    ASSERT_TRUE(refusal(points, resealed(good)).empty()); // resealing alone changes nothing

    // The previous format: the first line tells which, and what to do.
    std::string v1 = good;
    v1.replace(0, std::string("reducelab checkpoint 2").size(), "reducelab checkpoint 1");
    ASSERT_EQ(refusal(points, v1),
              std::string("checkpoint 'job.ckpt' has format 1, which this version of ReduceLab "
                          "does not read (format 2); remove it or name another file"));
    ASSERT_EQ(refusal(points, "not a checkpoint"),
              std::string("checkpoint 'job.ckpt' is not a ReduceLab checkpoint"));
}

// Streaming summaries (quantiles from histograms) pass the checks of the values too.
TEST(PointJob, StreamingCheckpointResumes) {
    std::vector<McConfig> points{config(3000, 0), config(2500, 0)};
    points[1].seed = 9;
    rl::test::TempDir dir;
    PointJobOptions options = checkpointIn(dir, 0.5);
    StoppingExecutor stop(1);
    runPointJob(points, stop, options);
    const auto recorded = readCheckpoint(points, readFile(*options.checkpoint), "job.ckpt");
    ASSERT_EQ(recorded.size(), std::size_t{1});
    ASSERT_TRUE(!recorded.front().second.summaries.front().exactQuantiles);
}

// The lifecycle of a checkpoint when the job fails (not killed): the points finished are
// kept (written even if the last write was less than checkpointSeconds ago); a checkpoint
// the job created and never filled is removed; one that existed before stays. A job that
// completes records every point before it returns, so a command that then fails to write
// its outputs loses nothing.
TEST(PointJob, FailedJobKeepsWhatItFinished) {
    const std::vector<McConfig> points = gridPoints();
    rl::test::TempDir dir;
    PointJobOptions options = checkpointIn(dir, 1e9); // only the first write and the last
    std::size_t recorded = 0;
    options.onCheckpoint = [&](std::size_t done, std::size_t) { recorded = done; };

    FailingExecutor failsAtOnce(0);
    ASSERT_THROW(runPointJob(points, failsAtOnce, options), InputError);
    ASSERT_TRUE(!std::filesystem::exists(*options.checkpoint)); // created, never filled: gone

    FailingExecutor failsAfterTwo(2);
    ASSERT_THROW(runPointJob(points, failsAfterTwo, options), InputError);
    ASSERT_EQ(recorded, std::size_t{2});
    ASSERT_EQ(readCheckpoint(points, readFile(*options.checkpoint), "c").size(), std::size_t{2});

    FailingExecutor failsAgain(0); // resumed, fails before any new point: the file stays
    ASSERT_THROW(runPointJob(points, failsAgain, options), InputError);
    ASSERT_EQ(readCheckpoint(points, readFile(*options.checkpoint), "c").size(), std::size_t{2});

    LocalExecutor local;
    ASSERT_EQ(runPointJob(points, local, options).size(), points.size());
    ASSERT_EQ(recorded, points.size());
    ASSERT_EQ(readCheckpoint(points, readFile(*options.checkpoint), "c").size(), points.size());
}

TEST(PointJob, PairedAnalysesEqualTheProgressiveSweep) {
    SweepSpec spec = SweepSpec::figure(Figure::Fig6);
    spec.n = 9;
    spec.cvs = {0.2, 2.0};
    spec.ratios = {0.5, 1.5};
    spec.replicates = 1100;
    spec.threads = 2;
    LocalExecutor local;
    const std::vector<McConfig> points = spec.pointConfigs();
    ASSERT_TRUE(points.front().analysePairs);
    const GridSnapshot fromJob = snapshotFromResults(spec, runPointJob(points, local, {}));
    ProgressiveSweep progressive(spec);
    progressive.runPass(spec.replicates);
    const GridSnapshot expected = progressive.snapshot();
    ASSERT_EQ(fromJob.csv(), expected.csv());
    for (std::size_t k = 0; k < expected.cells.size(); ++k) {
        ASSERT_EQ(fromJob.cells[k].medianReplicate, expected.cells[k].medianReplicate);
        ASSERT_EQ(fromJob.cells[k].bestReplicate, expected.cells[k].bestReplicate);
        ASSERT_EQ(fromJob.cells[k].ratioReplicate, expected.cells[k].ratioReplicate);
        ASSERT_EQ(fromJob.cells[k].best->best, expected.cells[k].best->best);
    }
}

// An algorithm's key read from a checkpoint is quoted whole in the refusal: a NUL byte in it
// no longer cuts the message (the fuzzing campaign's case; tests/fuzz/corpus/checkpoint/
// algorithm_key_nul holds it for the fuzz target).
TEST(PointJob, CheckpointAlgorithmKeyWithNulIsQuotedWhole) {
    SweepSpec spec = SweepSpec::figure(Figure::Fig4);
    spec.n = 4;
    spec.replicates = 3;
    spec.cvs = {0.5};
    spec.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::TreeDyn};
    const std::vector<McConfig> points = spec.pointConfigs();
    std::map<std::size_t, McResult> done;
    done.emplace(0, runMonteCarlo(points[0]));
    std::string content = encodeCheckpoint(points, done);
    const std::size_t at = content.find("tree-dyn");
    ASSERT_NE(at, std::string::npos);
    content.replace(at, 8, std::string("tree\0dyn", 8));
    const std::string message = refusal(points, resealed(content));
    ASSERT_TRUE(rl::test::contains(message, "unknown algorithm 'tree\\x00dyn' (at byte"))
        << message;
}
