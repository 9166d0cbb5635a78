// bench --breakdown's measurement: the timed loops simulate the replicates Monte Carlo
// simulates (the same replicates of the same seed, in order; the repeated pair's results), and
// the refusal of costs
// it cannot split. Times themselves vary from run to run and are not checked beyond their
// shape (benchmarks are never timed tests).
#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "experiment/time_breakdown.h"

#include "../../test_support.h"

#include <cmath>

using namespace rl;

struct SimulatesWhatMonteCarloDoesRow {
    std::string name;
    int algorithm;
    double reductionMean;
};

std::vector<SimulatesWhatMonteCarloDoesRow> simulatesWhatMonteCarloDoesRows() {
    std::vector<SimulatesWhatMonteCarloDoesRow> rows;
    for (AlgorithmId id : {AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat,
                           AlgorithmId::TreeDyn, AlgorithmId::NonCommutTreeDyn}) {
        const std::string key(Algorithm(id).key());
        rows.push_back({key + " no reduction", static_cast<int>(id), 0.0});
        rows.push_back({key + " reductions", static_cast<int>(id), 1.0});
    }
    return rows;
}

class SimulatesWhatMonteCarloDoes
    : public ::testing::TestWithParam<SimulatesWhatMonteCarloDoesRow> {};

TEST_P(SimulatesWhatMonteCarloDoes, Row) {
    auto algorithm = GetParam().algorithm;
    auto reductionMean = GetParam().reductionMean;
    const auto id = static_cast<AlgorithmId>(algorithm);
    const int n = 20;
    const std::uint64_t seed = 5;
    const CostModel costs = CostModel::perOperation(
        Law::gamma(1.0, 1.5),
        reductionMean > 0.0 ? Law::gamma(reductionMean, 1.0) : Law::constant(0.0));
    const TimeBreakdown t = measureTimeBreakdown(id, n, costs, 0.01, seed);
    // Pairs of replicates, 32 pairs between two looks at the clock at this size.
    ASSERT_TRUE(t.replicates >= 64);
    ASSERT_EQ(t.replicates % 64, std::uint64_t{0});
    for (double ns : {t.totalNs, t.drawNs, t.sameDrawsNs}) {
        ASSERT_TRUE(std::isfinite(ns) && ns > 0.0) << ns;
    }
    // The first part ran replicates 0 .. replicates - 1 of `seed`, in order, as Monte Carlo
    // does (Simulator::makespan gives each replicate's result alone).
    Simulator sim(id, n, false, costs);
    double sum = 0.0;
    for (std::uint64_t r = 0; r < t.replicates; ++r) {
        sum += sim.makespan(seed, r);
    }
    ASSERT_FUZZY_EQ(t.makespanSum, sum);
    // The third part repeated replicates 0 and 1.
    ASSERT_FUZZY_EQ(t.sameDrawsMakespan[0], sim.makespan(seed, 0));
    ASSERT_FUZZY_EQ(t.sameDrawsMakespan[1], sim.makespan(seed, 1));
}
INSTANTIATE_TEST_SUITE_P(TimeBreakdown, SimulatesWhatMonteCarloDoes,
                         ::testing::ValuesIn(simulatesWhatMonteCarloDoesRows()),
                         rl::test::RowName());

TEST(TimeBreakdown, RefusesCostsItCannotSplit) {
    const CostModel drawn = CostModel::drawnMatrix(Law::gamma(1.0, 1.0), Law::constant(0.0));
    ASSERT_THROW(measureTimeBreakdown(AlgorithmId::TreeDyn, 8, drawn, 0.01), InputError);
}
