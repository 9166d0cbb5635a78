// The theory, steady-state and divisible-load requests (studies/theory_study.h,
// steady_study.h, divisible_study.h): their validation messages, the defaults the Theory and
// model tabs start from, and each request's result against the core functions it orchestrates.
#include "../input_refusal.h"
#include "algorithms/ep_optimum.h"
#include "algorithms/ep_schedule.h"
#include "algorithms/snf.h"
#include "base/input_error.h"
#include "platform/fixed_costs.h"
#include "platform/matrix_presets.h"
#include "studies/divisible_study.h"
#include "studies/steady_study.h"
#include "studies/theory_study.h"

#include "../../test_support.h"

#include <set>

using namespace rl;
using rl::test::contains;
using rl::test::formatted;
using rl::test::refusal;

TEST(ModelStudies, MarkovStudy) {
    MarkovStudy s;
    ASSERT_EQ(refusal([&] { s.validate(); }), std::string("Markov chain: give at least one n"));
    s.sizes = {8, 0};
    ASSERT_TRUE(refusal([&] { s.validate(); }).starts_with("Markov chain: n = 0"))
        << refusal([&] { s.validate(); });
    s.sizes = {8};
    s.transferMean = 0.0;
    ASSERT_EQ(refusal([&] { s.validate(); }),
              std::string("Markov chain: the transfer mean 0 must be finite and > 0"));
    // The chain only (0 replicates), as `theory markov` prints by default.
    s.transferMean = 1.0;
    const auto chain = runMarkovStudy(s);
    ASSERT_EQ(chain->size(), std::size_t{1});
    ASSERT_FUZZY_EQ(chain->front().chain.mean, treeDynMarkov(8, 1.0, 0.0).mean);
    ASSERT_EQ(chain->front().replicates, std::uint64_t(0));
    // Beside a simulation: the numbers of checkMarkov, seed and all.
    s.sizes = {5, 6};
    s.reductionMean = 0.5;
    s.replicates = 3000;
    s.seed = 3;
    const auto rows = runMarkovStudy(s);
    ASSERT_EQ(rows->size(), std::size_t{2});
    const MarkovCheck direct = checkMarkov(6, 1.0, 0.5, 3000, 3);
    ASSERT_FUZZY_EQ(rows->at(1).simMean, direct.simMean);
    ASSERT_FUZZY_EQ(rows->at(1).simStdError, direct.simStdError);
    // Cancelled: no rows.
    ASSERT_TRUE(!runMarkovStudy(s, [](std::uint64_t, std::uint64_t) { return false; }));
    // The Theory tab starts from odd and even n beside a simulation.
    const MarkovStudy panel = MarkovStudy::panel();
    ASSERT_TRUE(panel.replicates > 0);
    panel.validate();
}

TEST(ModelStudies, RatiosAndClusters) {
    RatiosStudy r;
    r.n = 1;
    ASSERT_TRUE(refusal([&] { r.validate(); }).starts_with("n = 1"));
    r.n = 8;
    ASSERT_EQ(runRatiosStudy(r)->size(), worstCaseRatios(8, r.d, r.bigD, r.c).size());
    // One default D for the CLI and the tab (they used to differ: 2 and 3).
    ASSERT_FUZZY_EQ(RatiosStudy{}.bigD, 3.0);

    ASSERT_EQ(parseClusterTimes("10,5,5", "--times"), (std::vector<double>{10, 5, 5}));
    ASSERT_EQ(refusal([] { parseClusterTimes("1,-2", "--times", "theory snf: "); }),
              std::string("theory snf: transmission time -2 must be finite and >= 0"));
    // The preset's own message is the core's, without the verb (as `theory` always wrote it).
    ASSERT_TRUE(refusal([] {
                    clusterPresetTimes("worstcase:1:3:0.5", "theory optimum: ");
                }).starts_with("preset 'worstcase:1:3:0.5': this preset needs the number"));
    ASSERT_EQ(clusterPresetTimes("liuwang-fig1"), senderTimes(FixedCosts::liuWangFig1()));
    const ClusterSchedule snf = clusterSchedule({10, 5, 5, 5, 4, 2, 2}, false);
    ASSERT_EQ(snf.schedule.algorithm, std::string("SNF"));
    ASSERT_EQ(snf.senders, snfSenders({10, 5, 5, 5, 4, 2, 2}));
    ASSERT_FUZZY_EQ(snf.schedule.makespan, 11.0); // Liu-Wang's Fig. 1
    const ClusterSchedule opt =
        clusterSchedule({1.25, 1.25, 1.25, 1.25, 1, 1, 1, 1, 1, 1, 1, 1}, true);
    ASSERT_FUZZY_EQ(opt.schedule.makespan, 4.0); // Fig. 8, x = 1.25

    GapStudy g{{1.0}};
    ASSERT_EQ(refusal([&] { g.validate(); }), std::string("give at least two transmission times"));
    g.times.clear();
    for (int i = 1; i <= 12; ++i) {
        g.times.push_back(i);
    }
    ASSERT_TRUE(contains(refusal([&] { g.validate(); }), "more than the limit of 3628800"));
    // The tab's cluster is Fig. 8's, from the preset itself.
    ASSERT_EQ(GapStudy::panel().times, senderTimes(parsePreset("liuwang-fig8:1.25", 0)));
    const auto gaps = runGapStudy(GapStudy::panel());
    ASSERT_FUZZY_EQ(gaps->optimum, 4.0);
    // A row opens the cluster in the explorer, beside the optimum.
    const Scenario snfRow = gapScenario(GapStudy::panel().times, AlgorithmId::Snf);
    ASSERT_EQ(snfRow.algorithms, (std::vector<Algorithm>{AlgorithmId::Snf, AlgorithmId::Optimum}));
    ASSERT_EQ(*snfRow.matrix, FixedCosts::senderOnly(GapStudy::panel().times));
    snfRow.validate();
    ASSERT_EQ(gapScenario({1, 2}, AlgorithmId::Optimum).algorithms,
              std::vector<Algorithm>{AlgorithmId::Optimum});
}

TEST(ModelStudies, SteadyStudy) {
    SteadyStudy s;
    s.graph = PlatformGraph::preset("scatter-toy");
    s.scatter = true;
    s.target = -1;
    ASSERT_EQ(refusal([&] { s.validate(); }),
              std::string("a scatter needs a source processor, not 'any'"));
    s.target = 0;
    s.scatterTargets = {3, 9};
    ASSERT_TRUE(refusal([&] { s.validate(); }).starts_with("scatter target 9 is not a processor"));
    s.scatterTargets = {3, 4};
    const auto r = runSteadyStudy(s, SteadyGoal::SolveAndCompare);
    ASSERT_TRUE(std::abs(r->result->throughput - 0.5) < 1e-9); // the seed's toy scatter
    ASSERT_TRUE(r->comparisons.empty());                       // a scatter compares nothing

    // A complete graph with unit messages is an explorer platform, compared as such.
    const FixedCosts f =
        parsePreset(SteadyStudy::kPanelExplorerPreset, SteadyStudy::kPanelExplorerN);
    const PlatformGraph g = PlatformGraph::fromFixedCosts(f);
    ASSERT_EQ(*explorerPlatformOf(g), f);
    SteadyStudy q;
    q.graph = g;
    const auto both = runSteadyStudy(q, SteadyGoal::SolveAndCompare);
    ASSERT_EQ(both->comparisons.size(), std::size_t{3});
    ASSERT_EQ(both->explorerPlatform, std::optional<FixedCosts>(f));
    // The compared algorithms open in the explorer on the same platform.
    const Scenario compared = *both->explorerScenario();
    ASSERT_EQ(compared.algorithms.size(), both->comparisons.size());
    for (std::size_t k = 0; k < compared.algorithms.size(); ++k) {
        ASSERT_EQ(std::string(Algorithm(compared.algorithms[k]).name()),
                  both->comparisons[k].algorithm);
    }
    ASSERT_TRUE(compared.nonCommutative);
    ASSERT_EQ(*compared.matrix, f);
    compared.validate();
    const auto only = runSteadyStudy(q, SteadyGoal::CompareOnly);
    ASSERT_TRUE(!only->result);
    ASSERT_EQ(only->comparisons.size(), both->comparisons.size());
    ASSERT_FUZZY_EQ(only->comparisons[0].steadyThroughput, both->comparisons[0].steadyThroughput);
    SteadyStudy ring;
    ring.graph = PlatformGraph::preset("ring:5");
    ASSERT_TRUE(!explorerPlatformOf(ring.graph));
    ASSERT_TRUE(refusal([&] {
                    runSteadyStudy(ring, SteadyGoal::CompareOnly);
                }).starts_with("the pipelining comparison needs an explorer platform"));
    ASSERT_EQ(refusal([] {
                  SteadyStudy::onExplorerPlatform(
                      FixedCosts::homogeneous(kMaxSteadyProcessors + 1, 1, 0));
              }),
              formatted("the platform has %1 processors; the linear programs take at most %2",
                        kMaxSteadyProcessors + 1, kMaxSteadyProcessors));
    const SteadyStudy onFive = SteadyStudy::onExplorerPlatform(f);
    ASSERT_EQ(onFive.graph, g);
    ASSERT_EQ(onFive.explorerPlatform, std::optional<FixedCosts>(f));

    // Progress over every SSRP solved, and cancel. On the worst case of 12 processors with
    // P0 as target (the root of Binomial-stat and Fibonacci-stat; Non-Commut-Tree-dyn's is
    // P8), the reduce just solved is the comparison's SSRP for P0: solved once (the
    // comparison solved it again), so the total is the reduce's units plus one solve.
    SteadyStudy slow = SteadyStudy::onExplorerPlatform(FixedCosts::worstCase(12, 1, 3, 0.5));
    slow.target = 0;
    const auto compareOnly = runSteadyStudy(slow, SteadyGoal::CompareOnly);
    std::set<int> roots;
    for (const PipelineComparison& c : compareOnly->comparisons) {
        roots.insert(c.root);
    }
    ASSERT_TRUE(roots.count(0) == 1 && roots.size() == 2);
    std::uint64_t lastDone = 0;
    std::uint64_t lastTotal = 0;
    bool monotone = true;
    const auto solvedAndCompared = runSteadyStudy(slow, SteadyGoal::SolveAndCompare,
                                                  [&](std::uint64_t done, std::uint64_t total) {
                                                      monotone = monotone && done >= lastDone;
                                                      lastDone = done;
                                                      lastTotal = total;
                                                      return true;
                                                  });
    ASSERT_TRUE(monotone);
    ASSERT_EQ(lastTotal, 2 * kSteadyProgressUnits);
    ASSERT_EQ(lastDone, lastTotal);
    for (std::size_t k = 0; k < compareOnly->comparisons.size(); ++k) {
        ASSERT_FUZZY_EQ(solvedAndCompared->comparisons[k].steadyThroughput,
                        compareOnly->comparisons[k].steadyThroughput);
    }
    for (SteadyGoal goal :
         {SteadyGoal::Solve, SteadyGoal::SolveAndCompare, SteadyGoal::CompareOnly}) {
        ASSERT_TRUE(
            !runSteadyStudy(slow, goal, [](std::uint64_t, std::uint64_t) { return false; }));
    }

    // The one rule on outputs: the comparison alone has no period to draw; every goal
    // that solves has one (the CLI's --gantt used to fail after the work, exit 1).
    ASSERT_TRUE(steadyOutputProblem(SteadyGoal::CompareOnly, true).find("no periodic schedule") !=
                std::string::npos);
    for (SteadyGoal goal :
         {SteadyGoal::Solve, SteadyGoal::SolveAndCompare, SteadyGoal::CompareOnly}) {
        ASSERT_TRUE(steadyOutputProblem(goal, false).empty());
        if (goal != SteadyGoal::CompareOnly) {
            ASSERT_TRUE(steadyOutputProblem(goal, true).empty());
            ASSERT_TRUE(runSteadyStudy(q, goal)->result);
        }
    }
}

TEST(ModelStudies, DivisibleStudy) {
    DivisibleStudy s = DivisibleStudy::forPreset("star");
    ASSERT_TRUE(s.model == DivisibleModel::Star);
    s.model = DivisibleModel::Bus;
    ASSERT_TRUE(refusal([&] { s.validate(); }).starts_with("a bus has one c for every worker"));
    // Every order of up to kMaxAllOrdersWorkers workers, one limit for the CLI's
    // --order all and the tab's explanation (they used to be 8 and 7).
    s = DivisibleStudy{};
    for (int i = 0; i < DivisibleStudy::kMaxAllOrdersWorkers; ++i) {
        s.platform.workers.push_back({1.0 + i, 2.0, 0.0, 0.0});
    }
    s.explain = true;
    const auto explained = runDivisibleStudy(s);
    ASSERT_TRUE(explained->orders.empty()); // asked for the explanation only
    ASSERT_TRUE(explained->comparison.find("over all 40320 orders") != std::string::npos)
        << explained->comparison.c_str();
    s.explain = false;
    s.orderChoice = DivisibleOrder::All;
    const auto all = runDivisibleStudy(s);
    ASSERT_EQ(all->orders.size(), std::size_t{40320});
    ASSERT_EQ(all->schedule->sendOrder, bandwidthOrder(s.platform)); // shown: the best
    ASSERT_FUZZY_EQ(all->schedule->makespan,
                    oneRoundClosedForm(s.platform, bandwidthOrder(s.platform), 1.0).makespan);
    s.platform.workers.push_back({9.0, 2.0, 0.0, 0.0});
    ASSERT_TRUE(
        refusal([&] { s.validate(); }).starts_with("every send order is tried for at most 8"));

    // The preset each model shows best, with the tab's explanations.
    DivisibleStudy m = DivisibleStudy::forPreset("multiround");
    ASSERT_TRUE(m.model == DivisibleModel::MultiRound);
    ASSERT_FUZZY_EQ(m.load, 100.0);
    ASSERT_EQ(m.maxRounds, DivisibleStudy::kDefaultMaxRounds);
    ASSERT_FUZZY_EQ(
        runDivisibleStudy(m)->schedule->makespan,
        bestUniformMultiRound(m.platform, 100.0, DivisibleStudy::kDefaultMaxRounds).best.makespan);
    DivisibleStudy ret = DivisibleStudy::forPreset(DivisibleStudy::kPanelPreset);
    ASSERT_TRUE(ret.model == DivisibleModel::Lifo);
    ret.explain = true;
    const auto lifo = runDivisibleStudy(ret);
    ASSERT_FUZZY_EQ(lifo->schedule->makespan, bestLifo(ret.platform, 1.0).makespan);
    ASSERT_TRUE(lifo->comparison.rfind("best LIFO: T = ", 0) == 0);
    // Issue 29's reproducers: one worker 0.1:1:0:0.1, a load of 100, the best number of
    // rounds and 14, 20, 30 rounds (an invalid schedule, std::runtime_error, or refused);
    // the best-rounds search on two workers. Candidates that do not exist are skipped
    // with their reason, and the explanation counts them.
    DivisibleStudy umr;
    umr.model = DivisibleModel::MultiRound;
    umr.platform = StarPlatform::parseWorkers("0.1:1:0:0.1");
    umr.load = 100.0;
    for (int rounds : {0, 14, 20, 30}) {
        umr.rounds = rounds;
        const auto r = runDivisibleStudy(umr);
        ASSERT_TRUE(std::abs(r->schedule->makespan / (100.0 + 1.0 / 9.0) - 1.0) < 1e-10);
        ASSERT_EQ(r->roundCandidates.size(),
                  static_cast<std::size_t>(rounds == 0 ? DivisibleStudy::kDefaultMaxRounds : 0));
    }
    umr.rounds = 0;
    umr.platform = StarPlatform::parseWorkers("0.078:0.713:0.0:0.108,0.646:3.366:0.0:0.426");
    umr.load = 1635.1;
    ASSERT_TRUE(std::abs(runDivisibleStudy(umr)->schedule->makespan / 962.80678636 - 1.0) < 1e-10);
    umr.platform = StarPlatform::parseWorkers("0.1:1:0:5,0.2:1:0:0.1");
    umr.load = 100.0;
    umr.explain = true;
    const auto skipping = runDivisibleStudy(umr);
    const auto skipped =
        std::count_if(skipping->roundCandidates.begin(), skipping->roundCandidates.end(),
                      [](const MultiRoundCandidate& c) { return !c.refused.empty(); });
    ASSERT_TRUE(skipped > 20);
    ASSERT_TRUE(skipping->comparison.find(std::to_string(skipped) + " of 60 candidates skipped") !=
                std::string::npos)
        << skipping->comparison.c_str();

    // A load whose times overflow the doubles is refused as such in every model that
    // simulates it (it was an invalid schedule, std::runtime_error).
    DivisibleStudy huge;
    huge.platform = StarPlatform::parseWorkers("10:0.5:1:0.1");
    huge.load = 1e308;
    for (DivisibleModel model :
         {DivisibleModel::Bus, DivisibleModel::Star, DivisibleModel::MultiRound}) {
        huge.model = model;
        ASSERT_EQ(refusal([&] { runDivisibleStudy(huge); }),
                  std::string("the load 1e+308 is too large for these costs: the schedule's times "
                              "are not finite numbers"));
    }

    DivisibleStudy steady = DivisibleStudy::forPreset("multiround");
    steady.model = DivisibleModel::Steady;
    const auto share = runDivisibleStudy(steady);
    ASSERT_TRUE(share->steady);
    ASSERT_FUZZY_EQ(share->steady->period, DivisibleStudy::kDefaultPeriod);
}
