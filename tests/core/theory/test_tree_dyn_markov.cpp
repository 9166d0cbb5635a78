// RR §5 / docs/model.md §6: Tree-dyn with exponential transfers (rate 1/mu) and no reduction cost,
// n even: E = (2 H(n/2 - 1) + 2/n) mu and Var = (2 sum_{i<n/2} 1/i^2 + 4/n^2) mu^2. The simulator
// must agree within 4 standard errors on 10^6 replicates (fixed seed).
#include "experiment/monte_carlo.h"

#include "../../test_support.h"

#include <cmath>

using namespace rl;

namespace {

double expectedMakespan(int n, double mu) {
    double h = 0.0;
    for (int i = 1; i <= n / 2 - 1; ++i) {
        h += 1.0 / i;
    }
    return (2.0 * h + 2.0 / n) * mu;
}

double expectedVariance(int n, double mu) {
    double s = 0.0;
    for (int i = 1; i <= n / 2 - 1; ++i) {
        s += 1.0 / (static_cast<double>(i) * i);
    }
    return (2.0 * s + 4.0 / (static_cast<double>(n) * n)) * mu * mu;
}

} // namespace

// The report's numbers for n = 64, mu = 1.
TEST(TreeDynMarkov, ClosedFormMatchesReport) {
    ASSERT_TRUE(std::abs(expectedMakespan(64, 1.0) - 8.0857) < 5e-5);
    ASSERT_TRUE(std::abs(expectedVariance(64, 1.0) - 3.2274) < 5e-5);
}

struct SimulationMatchesChainRow {
    std::string name;
    int n;
    double mu;
    unsigned long long replicates;
};

std::vector<SimulationMatchesChainRow> simulationMatchesChainRows() {
    return {
        {"n=64 mu=1, 10^6 replicates", 64, 1.0, 1000000ULL},
        {"n=16 mu=2.5", 16, 2.5, 300000ULL},
        {"n=2", 2, 1.0, 300000ULL},
    };
}

class SimulationMatchesChain : public ::testing::TestWithParam<SimulationMatchesChainRow> {};

TEST_P(SimulationMatchesChain, Row) {
    auto n = GetParam().n;
    auto mu = GetParam().mu;
    auto replicates = GetParam().replicates;
    McConfig c;
    c.algorithms = {AlgorithmId::TreeDyn};
    c.n = n;
    c.costs = CostModel::perOperation(Law::exponential(mu), Law::constant(0.0));
    c.replicates = replicates;
    c.seed = 20131;
    c.keepSamples = true;
    const McSummary s = runMonteCarlo(c).summaries.front();
    const double mean = expectedMakespan(n, mu);
    const double var = expectedVariance(n, mu);
    // Standard error of the sample variance from the sample's 4th central moment:
    // Var(s^2) ~ (m4 - s^4 (R-3)/(R-1)) / R.
    double m4 = 0.0;
    for (double x : *s.samples) {
        const double d = x - s.mean;
        m4 += d * d * d * d;
    }
    const double r = static_cast<double>(s.count);
    m4 /= r;
    const double seVar = std::sqrt((m4 - s.variance * s.variance * (r - 3) / (r - 1)) / r);
    ASSERT_TRUE(std::abs(s.mean - mean) < 4 * s.stdError)
        << "mean " << s.mean << " vs " << mean << " (SE " << s.stdError << ")";
    ASSERT_TRUE(std::abs(s.variance - var) < 4 * seVar)
        << "variance " << s.variance << " vs " << var << " (SE " << seVar << ")";
}
INSTANTIATE_TEST_SUITE_P(TreeDynMarkov, SimulationMatchesChain,
                         ::testing::ValuesIn(simulationMatchesChainRows()), rl::test::RowName());

// The test has power: a 1% error in the mean (e.g. a wrong tie rule or rate) is 45
// standard errors at 10^6 replicates, so the check above would catch it. Here we verify
// that a slightly different law (mean 1.01) is indeed rejected.
TEST(TreeDynMarkov, CheckRejectsAWrongModel) {
    McConfig c;
    c.algorithms = {AlgorithmId::TreeDyn};
    c.n = 64;
    c.costs = CostModel::perOperation(Law::exponential(1.01), Law::constant(0.0));
    c.replicates = 200000;
    const McSummary s = runMonteCarlo(c).summaries.front();
    ASSERT_TRUE(std::abs(s.mean - expectedMakespan(64, 1.0)) > 4 * s.stdError);
}
