// The run request (studies/scenario.h) and its result (studies/run_study.h): one validation with
// the messages both front ends show, the defaults in one place, and a run whose derived results
// (critical paths, the merged timeline and its narration, the bound, the Markov chain) are the
// ones the core computes from its schedules.
#include "../input_refusal.h"
#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "engine/narration.h"
#include "platform/fixed_costs.h"
#include "studies/mc_study.h"
#include "studies/run_study.h"

#include "../../test_support.h"

using namespace rl;
using rl::test::contains;

namespace {

// The message of the InputError that `s.validate()` throws ("" when valid).
std::string refusal(const Scenario& s) {
    return rl::test::refusal([&] { s.validate(); });
}

} // namespace

TEST(RunStudy, ValidationMessages) {
    ASSERT_TRUE(refusal(Scenario::demo()).empty());
    Scenario s;
    s.algorithms.clear();
    ASSERT_EQ(refusal(s), std::string("select at least one algorithm"));
    s.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn,
                    AlgorithmId::NonCommutTreeDyn, AlgorithmId::Ep};
    ASSERT_EQ(refusal(s), std::string("compare at most four algorithms"));
    s.algorithms = {AlgorithmId::TreeDyn};
    s.nonCommutative = true;
    ASSERT_TRUE(refusal(s).starts_with("Tree-dyn pairs any two processors")) << refusal(s);
    s = Scenario::demo();
    s.costMode = CostMode::FixedMatrix;
    ASSERT_EQ(refusal(s), std::string("fixed-matrix mode without a matrix"));
    s = Scenario::demo();
    s.transfer = Law::gamma(-1.0, 0.5);
    ASSERT_TRUE(!refusal(s).empty());
    s = Scenario::demo();
    s.algorithms = {AlgorithmId::Snf};
    ASSERT_TRUE(refusal(s).starts_with("SNF is a Liu-Wang clairvoyant baseline: ")) << refusal(s);
    // The exhaustive search's limit: one message for the explorer, the Theory tab and the CLI.
    std::vector<double> t;
    for (int i = 1; i <= 14; ++i) {
        t.push_back(i);
    }
    s.algorithms = {AlgorithmId::Optimum};
    s.costMode = CostMode::FixedMatrix;
    s.matrix = FixedCosts::senderOnly(t);
    s.n = 14;
    ASSERT_TRUE(
        refusal(s).starts_with("exact optimum: 14 processors need 6227020800 sender orders, "
                               "more than the limit of 3628800"))
        << refusal(s);
    s.matrix = FixedCosts::senderOnly({3, 2, 1, 1});
    s.n = 4;
    ASSERT_TRUE(refusal(s).empty());
}

TEST(RunStudy, DefaultsInOnePlace) {
    // The explorer's demo is the request's default value, on the explorer's platform;
    // `run` and `mc` start from the command line's platform, named beside it.
    ASSERT_EQ(Scenario::demo(), Scenario{});
    ASSERT_EQ(static_cast<const PlatformSpec&>(Scenario::demo()), PlatformSpec::explorerDefault());
    ASSERT_EQ(Scenario::demo().n, 16);
    ASSERT_EQ(Scenario::demo().transfer, Law::gamma(1.0, 0.5));
    ASSERT_EQ(Scenario::demo().reduction, Law::gamma(0.5, 0.5));
    ASSERT_EQ(Scenario::demo().algorithms,
              (std::vector<Algorithm>{AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn}));
    ASSERT_EQ(PlatformSpec::cliDefault().transfer, Law::gamma(1.0, 1.0));
    ASSERT_EQ(PlatformSpec::cliDefault().reduction, Law::constant(0.0));
    ASSERT_EQ(PlatformSpec::cliDefault().seed, PlatformSpec::explorerDefault().seed);
    // McStudy has no defaults of its own: the command line's platform and McOptions'.
    McStudy study;
    ASSERT_EQ(study.platform, PlatformSpec::cliDefault());
    study.platform.n = 8;
    study.options.algorithms = {AlgorithmId::TreeDyn};
    const McConfig c = study.config();
    const McOptions defaults;
    ASSERT_EQ(c.replicates, defaults.replicates);
    ASSERT_EQ(c.quantiles, defaults.quantiles);
    ASSERT_EQ(c.histogramBins, defaults.histogramBins);
    ASSERT_EQ(c.exactQuantileLimit, defaults.exactQuantileLimit);
    ASSERT_EQ(c.costs.transfer, PlatformSpec::cliDefault().transfer);
    ASSERT_EQ(c.costs.reduction, PlatformSpec::cliDefault().reduction);
    ASSERT_EQ(c.n, 8);
}

TEST(RunStudy, RunDerivesWhatTheViewsDraw) {
    Scenario s;
    s.n = 13;
    s.algorithms = {AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn};
    s.transfer = Law::exponential(1.0);
    s.reduction = Law::constant(0.0);
    s.seed = 5;
    s.replicate = 2;
    const auto r = runScenario(s, RunDetail::Explorer);
    ASSERT_TRUE(r);
    ASSERT_EQ(r->scenario, s);
    ASSERT_EQ(r->schedules.size(), std::size_t{2});
    std::size_t events = 0;
    double end = 0.0;
    for (std::size_t i = 0; i < 2; ++i) {
        Simulator sim(s.algorithms[i], s.n, false, s.costModel());
        const Schedule direct = sim.schedule(s.seed, s.replicate);
        ASSERT_FUZZY_EQ(r->schedules[i]->makespan, direct.makespan);
        const auto path = criticalPath(direct);
        ASSERT_EQ(r->criticalPaths[i].size(), path.size());
        for (std::size_t k = 0; k < path.size(); ++k) {
            ASSERT_EQ(r->criticalPaths[i][k].isTransfer, path[k].isTransfer);
            ASSERT_EQ(r->criticalPaths[i][k].op, path[k].op);
        }
        events += buildTimeline(direct).size();
        end = std::max(end, direct.makespan);
    }
    ASSERT_FUZZY_EQ(r->end, end);
    // One timeline for both, by time: every event once, and the decisions that start no
    // operation; in compare mode each line names its algorithm.
    std::size_t decisions = 0;
    for (const NarratedEvent& e : r->narration) {
        decisions += e.event.kind == EventKind::Decision ? 1 : 0;
    }
    ASSERT_EQ(r->narration.size() - decisions, events);
    ASSERT_EQ(r->narrations.size(), std::size_t{2});
    ASSERT_EQ(r->narrations[0]->size() + r->narrations[1]->size(), r->narration.size());
    for (std::size_t k = 1; k < r->narration.size(); ++k) {
        ASSERT_TRUE(r->narration[k - 1].event.time <= r->narration[k].event.time);
    }
    for (const NarratedEvent& e : r->narration) {
        const std::string l = e.text;
        ASSERT_TRUE(l.starts_with(e.run == 0 ? "Fibonacci-stat · " : "Tree-dyn · ")) << l;
    }
    // Exponential transfers without reduction: Tree-dyn's chain is the closed form.
    ASSERT_TRUE(r->treeDynChain);
    ASSERT_FUZZY_EQ(r->treeDynChain->mean, treeDynMarkovClosedForm(13, 1.0).mean);
    ASSERT_TRUE(!r->bound); // random costs: no bound
}

TEST(RunStudy, SingleRunNarratesWithoutPrefix) {
    Scenario s;
    s.n = 6;
    s.algorithms = {AlgorithmId::BinomialStat};
    s.costMode = CostMode::FixedMatrix;
    s.matrix = FixedCosts::homogeneous(6, 1.0, 0.5);
    const auto r = runScenario(s, RunDetail::Explorer);
    Narration direct;
    Simulator(AlgorithmId::BinomialStat, 6, false, s.costModel())
        .narratedSchedule(s.seed, s.replicate, direct);
    ASSERT_EQ(r->narration.size(), direct.size());
    for (std::size_t k = 0; k < direct.size(); ++k) {
        ASSERT_EQ(r->narration[k].text, direct[k].text);
    }
    ASSERT_TRUE(r->bound && r->bound->optimal); // constant costs: the optimum is drawn
}

TEST(RunStudy, SchedulesOnlyForTheCli) {
    Scenario s = Scenario::demo();
    const auto r = runScenario(s, RunDetail::Schedules);
    ASSERT_EQ(r->schedules.size(), std::size_t{2});
    ASSERT_EQ(r->criticalPaths.size(), std::size_t{2});
    ASSERT_TRUE(r->narration.empty() && r->narrations.empty() && !r->treeDynChain);
    // An animation narrates, without the explorer's bound and chain.
    const auto narrated = runScenario(s, RunDetail::Narrated);
    ASSERT_TRUE(!narrated->narration.empty() && !narrated->treeDynChain);
}

TEST(RunStudy, CancelledRunHasNoResult) {
    int calls = 0;
    const auto r = runScenario(Scenario::demo(), RunDetail::Explorer,
                               [&](std::uint64_t, std::uint64_t) { return ++calls < 2; });
    ASSERT_TRUE(!r);
    ASSERT_EQ(calls, 2); // asked before each algorithm: stopped before the second
}

// The explorer's limit (issue #29: n = 1,000,000 ran for minutes in 7 GB and froze the
// window): refused before any work with a message that names the limit and the CLI; the
// CLI's own detail runs the same platform.
TEST(RunStudy, ExplorerLimitIsOneRule) {
    Scenario s = Scenario::demo();
    s.algorithms = {AlgorithmId::BinomialStat};
    s.n = kMaxExplorerProcessors;
    ASSERT_TRUE(rl::test::refusal([&] { checkRunDetail(s, RunDetail::Explorer); }).empty());
    s.n = kMaxExplorerProcessors + 1;
    const std::string message = rl::test::refusal([&] { checkRunDetail(s, RunDetail::Explorer); });
    ASSERT_TRUE(contains(message, std::to_string(kMaxExplorerProcessors)) &&
                contains(message, "reducelab-cli run"))
        << message;
    ASSERT_EQ(rl::test::refusal([&] { runScenario(s, RunDetail::Explorer); }), message);
    ASSERT_TRUE(refusal(s).empty()); // a valid scenario: the CLI runs it
    ASSERT_TRUE(rl::test::refusal([&] { checkRunDetail(s, RunDetail::Schedules); }).empty());
    ASSERT_EQ(runScenario(s, RunDetail::Schedules)->schedules.front()->n,
              kMaxExplorerProcessors + 1);
}

TEST(RunStudy, InvalidRunThrows) {
    Scenario s;
    s.algorithms.clear();
    ASSERT_THROW(runScenario(s, RunDetail::Schedules), InputError);
}
