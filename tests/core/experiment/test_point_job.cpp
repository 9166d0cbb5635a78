// The pieces reducelab-mpi is made of, tested in one process: blocks computed one by one and
// assembled in any order equal runMonteCarlo to the bit (exact and streaming); the wire format
// round-trips configurations, blocks and summaries to the bit and refuses malformed bytes; a
// job with a checkpoint, stopped after some points and resumed, gives the same results as one
// run straight through, and a checkpoint of another job is refused.
#include "base/input_error.h"
#include "experiment/mc_block.h"
#include "experiment/mc_wire.h"
#include "experiment/point_job.h"
#include "experiment/progressive_sweep.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>

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
    QCOMPARE(a.algorithm, b.algorithm);
    QCOMPARE(a.count, b.count);
    QCOMPARE(a.mean, b.mean);
    QCOMPARE(a.variance, b.variance);
    QCOMPARE(a.min, b.min);
    QCOMPARE(a.max, b.max);
    QCOMPARE(a.quantiles, b.quantiles);
    QCOMPARE(a.histogram, b.histogram);
    QCOMPARE(a.exactQuantiles, b.exactQuantiles);
}

// Blocks computed by separate runners, sent through the wire format and added in a shuffled
// order: what reducelab-mpi's rank 0 does with its workers' messages.
McResult assembleShuffled(const McConfig& c) {
    McAssembler assembler(c);
    std::vector<std::uint64_t> order(assembler.blocks());
    for (std::uint64_t b = 0; b < order.size(); ++b) {
        order[b] = b;
    }
    std::shuffle(order.begin(), order.end(), std::mt19937(3));
    McBlockRunner runner(c);
    for (std::uint64_t b : order) {
        ByteWriter w;
        writeBlockResult(w, runMonteCarloBlock(runner, c, b));
        ByteReader r(w.data(), "block");
        assembler.add(readBlockResult(r, c));
        if (!r.atEnd()) {
            throw InputError("bytes left after a block");
        }
    }
    return assembler.finish();
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

} // namespace

class TestPointJob : public QObject {
    Q_OBJECT

  private slots:
    void blocksAssembledInAnyOrderEqualTheLoop_data() {
        QTest::addColumn<qulonglong>("replicates");
        QTest::addColumn<qulonglong>("exactLimit");
        QTest::newRow("exact, partial last block") << 2500ULL << (1ULL << 24);
        QTest::newRow("streaming histograms") << 3000ULL << 0ULL;
    }
    void blocksAssembledInAnyOrderEqualTheLoop() {
        QFETCH(qulonglong, replicates);
        QFETCH(qulonglong, exactLimit);
        const McConfig c = config(replicates, exactLimit);
        const McResult direct = runMonteCarlo(c);
        const McResult assembled = assembleShuffled(c);
        QVERIFY(!assembled.cancelled);
        QCOMPARE(assembled.replicatesDone, direct.replicatesDone);
        for (std::size_t a = 0; a < c.algorithms.size(); ++a) {
            compareExactly(assembled.summaries[a], direct.summaries[a]);
        }
    }

    void configurationsAndSummariesRoundTrip() {
        McConfig c = config(2000, 100);
        c.costs = CostModel::fixedMatrix(FixedCosts::worstCase(12, 1.0, 7.5, 0.25));
        c.quantiles = {0.05, 0.5, 0.975};
        c.keepSamples = true;
        ByteWriter w;
        writeMcConfig(w, c);
        ByteReader r(w.data(), "config");
        const McConfig back = readMcConfig(r, AlgorithmCatalog());
        QVERIFY(r.atEnd());
        QCOMPARE(back.algorithms, c.algorithms);
        QCOMPARE(back.costs.mode, CostMode::FixedMatrix);
        QCOMPARE(back.costs.fixed->d, c.costs.fixed->d);
        QCOMPARE(back.costs.fixed->c, c.costs.fixed->c);
        QCOMPARE(back.quantiles, c.quantiles);
        QCOMPARE(back.exactQuantileLimit, c.exactQuantileLimit);
        QVERIFY(back.keepSamples);

        McConfig exact = config(1500, 1ULL << 24);
        exact.keepSamples = true;
        const McSummary s = runMonteCarlo(exact).summaries[1];
        ByteWriter ws;
        writeSummary(ws, s);
        ByteReader rs(ws.data(), "summary");
        const McSummary t = readSummary(rs, exact.algorithms);
        compareExactly(t, s);
        QCOMPARE(*t.samples, *s.samples);
    }

    void malformedBytesAreRefused() {
        const McConfig c = config(1500, 1ULL << 24);
        ByteWriter w;
        writeMcConfig(w, c);
        const std::string bytes = w.data();
        // Every truncation is refused with a message, never read past the end.
        for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
            ByteReader r(std::string_view(bytes).substr(0, cut), "config");
            QVERIFY_THROWS_EXCEPTION(InputError, readMcConfig(r, AlgorithmCatalog()));
        }
        // A block of another size, or that does not exist, is refused.
        McBlockRunner runner(c);
        ByteWriter wb;
        writeBlockResult(wb, runMonteCarloBlock(runner, c, 1));
        const McConfig other = config(3000, 1ULL << 24);
        ByteReader rb(wb.data(), "block");
        QVERIFY_THROWS_EXCEPTION(InputError, readBlockResult(rb, other));
        const McConfig shorter = config(1000, 1ULL << 24);
        ByteReader rc(wb.data(), "block");
        QVERIFY_THROWS_EXCEPTION(InputError, readBlockResult(rc, shorter));
    }

    void stoppedAndResumedJobGivesTheSameResults() {
        std::vector<McConfig> points = gridPoints();
        for (McConfig& c : points) {
            c.analysePairs = true; // recorded in the checkpoint too
        }
        LocalExecutor local;
        const std::vector<McResult> straight = runPointJob(points, local, {});
        QCOMPARE(straight.size(), points.size());

        QTemporaryDir dir;
        PointJobOptions options;
        options.checkpoint = (dir.path() + "/job.ckpt").toStdString();
        options.checkpointSeconds = 0; // record every point
        StoppingExecutor first(2);
        QVERIFY(runPointJob(points, first, options).empty()); // stopped: no result
        QVERIFY(std::filesystem::exists(*options.checkpoint));

        std::size_t resumedWith = 0;
        options.onResume = [&](std::size_t done, std::size_t) { resumedWith = done; };
        StoppingExecutor second(points.size());
        const std::vector<McResult> resumed = runPointJob(points, second, options);
        QCOMPARE(resumedWith, std::size_t{2});
        QCOMPARE(second.ran.size(), points.size() - 2); // the recorded points are not run again
        QCOMPARE(resumed.size(), points.size());
        for (std::size_t p = 0; p < points.size(); ++p) {
            for (std::size_t a = 0; a < points[p].algorithms.size(); ++a) {
                compareExactly(resumed[p].summaries[a], straight[p].summaries[a]);
            }
            QVERIFY(resumed[p].analysis && straight[p].analysis);
            QCOMPARE(resumed[p].analysis->medianReplicate, straight[p].analysis->medianReplicate);
            QCOMPARE(resumed[p].analysis->ratio01->high, straight[p].analysis->ratio01->high);
            QCOMPARE(resumed[p].analysis->bestReplicate, straight[p].analysis->bestReplicate);
        }
        removeCheckpoint(*options.checkpoint);
        QVERIFY(!std::filesystem::exists(*options.checkpoint));
    }

    void checkpointOfAnotherJobIsRefused() {
        const std::vector<McConfig> points = gridPoints();
        QTemporaryDir dir;
        PointJobOptions options;
        options.checkpoint = (dir.path() + "/job.ckpt").toStdString();
        options.checkpointSeconds = 0;
        StoppingExecutor stop(1);
        runPointJob(points, stop, options);
        std::vector<McConfig> changed = points;
        changed[3].seed = 6;
        LocalExecutor local;
        try {
            runPointJob(changed, local, options);
            QFAIL("a checkpoint of another job was accepted");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("belongs to another job") != std::string::npos);
        }
        // Threads do not change the job: a resumed job may run with any number of them.
        std::vector<McConfig> threads = points;
        for (McConfig& c : threads) {
            c.threads = 1;
        }
        QCOMPARE(runPointJob(threads, local, options).size(), points.size());
        // A damaged file is refused with its name, not read past its end.
        std::ofstream(*options.checkpoint, std::ios::binary) << "reducelab checkpoint 1\nxx";
        QVERIFY_THROWS_EXCEPTION(InputError, runPointJob(points, local, options));
    }

    void pairedAnalysesEqualTheProgressiveSweep() {
        SweepSpec spec = SweepSpec::figure(Figure::Fig6);
        spec.n = 9;
        spec.cvs = {0.2, 2.0};
        spec.ratios = {0.5, 1.5};
        spec.replicates = 1100;
        spec.threads = 2;
        LocalExecutor local;
        const std::vector<McConfig> points = spec.pointConfigs();
        QVERIFY(points.front().analysePairs);
        const GridSnapshot fromJob = snapshotFromResults(spec, runPointJob(points, local, {}));
        ProgressiveSweep progressive(spec);
        progressive.runPass(spec.replicates);
        const GridSnapshot expected = progressive.snapshot();
        QCOMPARE(fromJob.csv(), expected.csv());
        for (std::size_t k = 0; k < expected.cells.size(); ++k) {
            QCOMPARE(fromJob.cells[k].medianReplicate, expected.cells[k].medianReplicate);
            QCOMPARE(fromJob.cells[k].bestReplicate, expected.cells[k].bestReplicate);
            QCOMPARE(fromJob.cells[k].ratioReplicate, expected.cells[k].ratioReplicate);
            QCOMPARE(fromJob.cells[k].best->best, expected.cells[k].best->best);
        }
    }
};

QTEST_GUILESS_MAIN(TestPointJob)
#include "test_point_job.moc"
