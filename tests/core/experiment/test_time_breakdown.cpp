// bench --breakdown's measurement: the timed loops simulate the replicates Monte Carlo
// simulates (the same replicates of the same seed, in order; the repeated pair's results), and
// the refusal of costs
// it cannot split. Times themselves vary from run to run and are not checked beyond their
// shape (benchmarks are never timed tests).
#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "experiment/time_breakdown.h"

#include <QtTest>

#include <cmath>

using namespace rl;

class TestTimeBreakdown : public QObject {
    Q_OBJECT
  private slots:
    void simulatesWhatMonteCarloDoes_data() {
        QTest::addColumn<int>("algorithm");
        QTest::addColumn<double>("reductionMean");
        for (AlgorithmId id : {AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat,
                               AlgorithmId::TreeDyn, AlgorithmId::NonCommutTreeDyn}) {
            const std::string key(Algorithm(id).key());
            QTest::newRow((key + " no reduction").c_str()) << static_cast<int>(id) << 0.0;
            QTest::newRow((key + " reductions").c_str()) << static_cast<int>(id) << 1.0;
        }
    }
    void simulatesWhatMonteCarloDoes() {
        QFETCH(int, algorithm);
        QFETCH(double, reductionMean);
        const auto id = static_cast<AlgorithmId>(algorithm);
        const int n = 20;
        const std::uint64_t seed = 5;
        const CostModel costs = CostModel::perOperation(
            Law::gamma(1.0, 1.5),
            reductionMean > 0.0 ? Law::gamma(reductionMean, 1.0) : Law::constant(0.0));
        const TimeBreakdown t = measureTimeBreakdown(id, n, costs, 0.01, seed);
        // Pairs of replicates, 32 pairs between two looks at the clock at this size.
        QVERIFY(t.replicates >= 64);
        QCOMPARE(t.replicates % 64, std::uint64_t{0});
        for (double ns : {t.totalNs, t.drawNs, t.sameDrawsNs}) {
            QVERIFY2(std::isfinite(ns) && ns > 0.0, qPrintable(QString::number(ns)));
        }
        // The first part ran replicates 0 .. replicates - 1 of `seed`, in order, as Monte Carlo
        // does (Simulator::makespan gives each replicate's result alone).
        Simulator sim(id, n, false, costs);
        double sum = 0.0;
        for (std::uint64_t r = 0; r < t.replicates; ++r) {
            sum += sim.makespan(seed, r);
        }
        QCOMPARE(t.makespanSum, sum);
        // The third part repeated replicates 0 and 1.
        QCOMPARE(t.sameDrawsMakespan[0], sim.makespan(seed, 0));
        QCOMPARE(t.sameDrawsMakespan[1], sim.makespan(seed, 1));
    }

    void refusesCostsItCannotSplit() {
        const CostModel drawn = CostModel::drawnMatrix(Law::gamma(1.0, 1.0), Law::constant(0.0));
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 measureTimeBreakdown(AlgorithmId::TreeDyn, 8, drawn, 0.01));
    }
};

QTEST_GUILESS_MAIN(TestTimeBreakdown)
#include "test_time_breakdown.moc"
