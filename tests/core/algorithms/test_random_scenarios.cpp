// Property test: random valid scenarios — n from 1 to 8192 (log-uniform), every algorithm of
// the registry, every law family with random means and CVs (zero costs and ties included), the
// three cost models, commutative or not — through the schedule validator, and through the
// agreement of every simulation path: the recorded schedule, the Monte Carlo fast path and the
// generic engine give the same makespan to the bit. A fixed seed makes a failure reproducible;
// the message names the scenario.
#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "platform/fixed_costs.h"
#include "schedule/schedule_validator.h"
#include "schedule/timeline.h"

#include "../../test_support.h"

#include <iomanip>

#include <cmath>
#include <random>

using namespace rl;
using rl::test::formatted;

namespace {

Law randomLaw(std::mt19937_64& g) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const double mean = unit(g) < 0.1 ? 0.0 : std::exp(std::log(1e-3) + unit(g) * std::log(1e6));
    switch (g() % 5) {
    case 0:
        return Law::constant(unit(g) < 0.3 ? std::round(mean) : mean);
    case 1:
        return Law::exponential(mean);
    case 2:
        return Law::gamma(mean, std::exp(std::log(0.01) + unit(g) * std::log(1e3))); // CV 0.01..10
    case 3:
        return Law::uniform(mean, unit(g) * 0.57);
    default:
        return Law::bernoulli(mean, unit(g) * 4.0);
    }
}

int randomN(std::mt19937_64& g) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    return static_cast<int>(std::floor(std::exp(unit(g) * std::log(8193.0))));
}

FixedCosts randomMatrix(std::mt19937_64& g, int n) {
    const Law d = randomLaw(g);
    const Law c = randomLaw(g);
    FixedCosts f = FixedCosts::homogeneous(n, 0.0, 0.0);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            if (i != j) {
                f.d[static_cast<std::size_t>(i) * n + j] = d.mean * std::round(4 * unit(g)) / 2;
            }
        }
        f.c[static_cast<std::size_t>(i)] = c.mean * std::round(4 * unit(g)) / 2;
    }
    return f;
}

} // namespace

TEST(RandomScenarios, RandomScenariosAreValidAndEveryPathAgrees) {
    std::mt19937_64 g(20261124);
    int checked = 0;
    int largest = 0;
    for (int scenario = 0; scenario < 1500; ++scenario) {
        const auto algos = allAlgorithms();
        const Algorithm& info = algos[g() % algos.size()];
        const bool nc = info.validNonCommutative() && g() % 2 == 0;
        int n = randomN(g);
        CostModel costs;
        std::string describe;
        if (info.clairvoyant()) {
            // Liu-Wang's baselines run on sender-only fixed costs, at most a few senders
            // for the exact optimum.
            n = std::min(n, info == AlgorithmId::Optimum ? 7 : 60);
            std::vector<double> t(static_cast<std::size_t>(n));
            for (double& v : t) {
                v = 0.5 * static_cast<double>(1 + g() % 6);
            }
            costs = CostModel::fixedMatrix(FixedCosts::senderOnly(t));
            describe = "sender-only";
        } else {
            switch (g() % 3) {
            case 0:
                costs = CostModel::perOperation(randomLaw(g), randomLaw(g));
                break;
            case 1:
                n = std::min(n, 300); // n^2 costs
                costs = CostModel::fixedMatrix(randomMatrix(g, n));
                break;
            default:
                n = std::min(n, 300);
                costs = CostModel::drawnMatrix(randomLaw(g), randomLaw(g));
                break;
            }
            describe = costs.mode == CostMode::FixedMatrix
                           ? std::string("fixed matrix")
                           : costs.transfer.toString() + " / " + costs.reduction.toString();
        }
        const std::uint64_t seed = g();
        const std::uint64_t rep = g() % 1000;
        const std::string what = formatted("%1 n=%2 nc=%3 %4 seed=%5 rep=%6",
                                           std::string(info.key()), n, nc, describe, seed, rep);
        Simulator sim(info, n, nc, costs);
        const Schedule s = sim.schedule(seed, rep);
        const auto errors =
            validateSchedule(s, costs.mode == CostMode::FixedMatrix ? costs.fixed.get() : nullptr);
        if (!errors.empty()) {
            FAIL() << what + ": " + errors.front();
        }
        ASSERT_TRUE(std::isfinite(s.makespan) && s.makespan >= 0.0) << what;
        ASSERT_EQ(buildTimeline(s).size(), 4 * static_cast<std::size_t>(n - 1));
        const double fast = sim.makespan(seed, rep);
        const double engine = sim.engineMakespan(seed, rep);
        ASSERT_TRUE(fast == s.makespan && engine == s.makespan)
            << what << ": schedule " << std::setprecision(17) << s.makespan << ", fast path "
            << fast << ", engine " << engine;
        ++checked;
        largest = std::max(largest, n);
    }
    ASSERT_EQ(checked, 1500);
    ASSERT_TRUE(largest > 4096); // the heaps and three-level interval sets were reached
}
