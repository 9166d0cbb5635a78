// Late arrivals (CostModel::arrival, docs/model.md §1): every algorithm that decides at run time
// or follows a static plan runs with processors entering at drawn times. Checked by properties
// that hold exactly: an arrival law of constant 0 is the paper's start, a constant c shifts the
// whole run by c, nothing happens on a processor before it arrives (the schedule validator), the
// Monte Carlo path gives the displayed schedules' makespans, and the costs' draws do not move.
#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "experiment/monte_carlo.h"
#include "schedule/schedule_validator.h"

#include "../../test_support.h"

#include <algorithm>
#include <cmath>

using namespace rl;
using rl::test::contains;

namespace {

// The algorithms that run on the generic engine (the clairvoyant ones refuse arrivals), each
// with the mode it is valid in.
struct Case {
    Algorithm algorithm;
    bool nonCommutative;
};

std::vector<Case> cases() {
    std::vector<Case> out;
    for (const Algorithm& a : allAlgorithms()) {
        if (!a.descriptor().clairvoyant) {
            out.push_back({a, a.validNonCommutative()});
        }
    }
    return out;
}

std::vector<CostModel> costModels() {
    const Law d = Law::gamma(1.0, 0.8);
    const Law c = Law::gamma(0.3, 0.5);
    return {CostModel::perOperation(d, c), CostModel::drawnMatrix(d, c),
            CostModel::perOperation(Law::constant(1.0), Law::constant(0.0))};
}

Schedule scheduleOf(const Case& k, int n, const CostModel& costs, std::uint64_t rep) {
    Simulator sim(k.algorithm, n, k.nonCommutative, costs);
    return sim.schedule(7, rep);
}

} // namespace

// An arrival law of constant 0 is the paper's start: the same schedule, operation by operation
// (the arrivals are queued in index order, as the engine's own start is).
TEST(Arrivals, ZeroArrivalsAreThePapersStart) {
    for (const Case& k : cases()) {
        for (const CostModel& costs : costModels()) {
            for (const int n : {1, 2, 5, 33, 600}) { // 600: the event queue's heap mode
                const Schedule plain = scheduleOf(k, n, costs, 3);
                const Schedule zero = scheduleOf(k, n, costs.withArrival(Law::constant(0.0)), 3);
                ASSERT_EQ(zero.makespan, plain.makespan) << k.algorithm.key() << " n=" << n;
                ASSERT_EQ(zero.transfers.size(), plain.transfers.size());
                for (std::size_t i = 0; i < plain.transfers.size(); ++i) {
                    ASSERT_EQ(zero.transfers[i].from, plain.transfers[i].from);
                    ASSERT_EQ(zero.transfers[i].to, plain.transfers[i].to);
                    ASSERT_EQ(zero.transfers[i].start, plain.transfers[i].start);
                }
                ASSERT_TRUE(plain.arrivals.empty());
                ASSERT_EQ(zero.arrivals, std::vector<double>(static_cast<std::size_t>(n), 0.0));
            }
        }
    }
}

// Everyone arriving at t = c is the paper's run delayed by c: the same tree, every operation
// shifted (c = 0.5 and unit costs are exact in binary, so the times are equal to the bit).
TEST(Arrivals, ConstantArrivalShiftsTheRun) {
    const CostModel unit = CostModel::perOperation(Law::constant(1.0), Law::constant(0.25));
    for (const Case& k : cases()) {
        for (const int n : {1, 4, 13}) {
            const Schedule plain = scheduleOf(k, n, unit, 0);
            const Schedule late = scheduleOf(k, n, unit.withArrival(Law::constant(0.5)), 0);
            ASSERT_EQ(late.makespan, plain.makespan + 0.5) << k.algorithm.key() << " n=" << n;
            ASSERT_EQ(late.parent, plain.parent);
            for (std::size_t i = 0; i < plain.transfers.size(); ++i) {
                ASSERT_EQ(late.transfers[i].start, plain.transfers[i].start + 0.5);
            }
        }
    }
}

// Drawn arrivals: every schedule is valid (the validator checks that nothing starts on a
// processor before it arrives), ends after the last arrival, and differs between replicates.
TEST(Arrivals, DrawnArrivalsGiveValidSchedules) {
    const Law arrival = Law::gamma(2.0, 1.5);
    for (const Case& k : cases()) {
        for (const CostModel& base : costModels()) {
            const CostModel costs = base.withArrival(arrival);
            for (const int n : {1, 2, 9, 64, 700}) {
                for (std::uint64_t rep = 0; rep < 3; ++rep) {
                    const Schedule s = scheduleOf(k, n, costs, rep);
                    const std::vector<std::string> errors = validateSchedule(s);
                    ASSERT_TRUE(errors.empty()) << k.algorithm.key() << " n=" << n << " rep=" << rep
                                                << ": " << errors.front();
                    ASSERT_EQ(s.arrivals.size(), static_cast<std::size_t>(n));
                    const double last = *std::max_element(s.arrivals.begin(), s.arrivals.end());
                    ASSERT_GE(s.makespan, last);
                }
            }
        }
    }
    const Schedule a = scheduleOf(cases().front(), 8, costModels().front().withArrival(arrival), 0);
    const Schedule b = scheduleOf(cases().front(), 8, costModels().front().withArrival(arrival), 1);
    ASSERT_NE(a.arrivals, b.arrivals);
}

// The validator refuses an operation before its processor's arrival.
TEST(Arrivals, ValidatorRefusesAnOperationBeforeArrival) {
    Schedule s = scheduleOf(cases().front(), 4, costModels().back(), 0);
    s.arrivals.assign(4, 0.0);
    ASSERT_TRUE(validateSchedule(s).empty());
    s.arrivals[static_cast<std::size_t>(s.transfers.front().from)] = 0.5;
    const std::vector<std::string> errors = validateSchedule(s);
    ASSERT_FALSE(errors.empty());
    ASSERT_TRUE(contains(errors.front(), "starts before both have arrived")) << errors.front();
}

// The arrivals have a stream of their own: the costs' draws, hence the operations' durations in
// start order, are those of the run without them.
TEST(Arrivals, CostDrawsDoNotMove) {
    const CostModel costs = costModels().front();
    for (const Case& k : cases()) {
        const Schedule plain = scheduleOf(k, 16, costs, 5);
        const Schedule late = scheduleOf(k, 16, costs.withArrival(Law::exponential(3.0)), 5);
        ASSERT_EQ(late.transfers.size(), plain.transfers.size());
        for (std::size_t i = 0; i < plain.transfers.size(); ++i) {
            const double dp = plain.transfers[i].end - plain.transfers[i].start;
            const double dl = late.transfers[i].end - late.transfers[i].start;
            ASSERT_NEAR(dl, dp, 1e-12 * std::max(1.0, late.makespan)) << k.algorithm.key();
        }
    }
}

// Monte Carlo with arrivals (the generic engine, the draws shared by the algorithms) gives the
// displayed schedules' makespans, at any thread count.
TEST(Arrivals, MonteCarloAgreesWithSchedules) {
    McConfig c;
    c.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn};
    c.n = 12;
    c.costs = CostModel::perOperation(Law::gamma(1.0, 0.7), Law::gamma(0.4, 0.7))
                  .withArrival(Law::gamma(1.0, 2.0));
    c.replicates = 300;
    c.seed = 7;
    c.threads = 1;
    const McResult one = runMonteCarlo(c);
    c.threads = 2;
    const McResult two = runMonteCarlo(c);
    for (std::size_t a = 0; a < c.algorithms.size(); ++a) {
        Simulator sim(c.algorithms[a], c.n, false, c.costs);
        double sum = 0.0;
        double max = 0.0;
        for (std::uint64_t r = 0; r < c.replicates; ++r) {
            const double m = sim.schedule(c.seed, r).makespan;
            ASSERT_EQ(sim.makespan(c.seed, r), m);
            sum += m;
            max = std::max(max, m);
        }
        ASSERT_EQ(one.summaries[a].max, max);
        ASSERT_NEAR(one.summaries[a].mean, sum / 300.0, 1e-12 * max);
        ASSERT_EQ(two.summaries[a].mean, one.summaries[a].mean);
    }
    // Late arrivals make every run longer on average than the paper's start.
    McConfig paper = c;
    paper.costs.arrival.reset();
    const McResult plain = runMonteCarlo(paper);
    for (std::size_t a = 0; a < c.algorithms.size(); ++a) {
        ASSERT_GT(one.summaries[a].mean, plain.summaries[a].mean);
    }
}

// The clairvoyant baselines plan before the run: they refuse an arrival law, in their words.
TEST(Arrivals, ClairvoyantAlgorithmsRefuseArrivals) {
    const CostModel costs = CostModel::drawnMatrix(Law::constant(1.0), Law::constant(0.0))
                                .withArrival(Law::constant(1.0));
    for (const Algorithm& a : clairvoyantAlgorithms()) {
        try {
            Simulator sim(a, 4, false, costs);
            FAIL() << a.key() << " accepted an arrival law";
        } catch (const InputError& e) {
            ASSERT_TRUE(contains(e.what(), "does not model late arrivals")) << e.what();
        }
    }
}

// The narration says when each processor arrives, at its arrival time.
TEST(Arrivals, NarrationTellsArrivals) {
    Simulator sim(AlgorithmId::TreeDyn, 3, false,
                  CostModel::perOperation(Law::constant(1.0), Law::constant(0.0))
                      .withArrival(Law::constant(0.5)));
    Narration narration;
    sim.narratedSchedule(1, 0, narration);
    int arrivals = 0;
    for (const NarrationEntry& e : narration) {
        if (e.text.ends_with(" arrives")) {
            ASSERT_TRUE(e.text.starts_with("t = 0.500: P")) << e.text;
            ++arrivals;
        }
    }
    ASSERT_EQ(arrivals, 3);
}
