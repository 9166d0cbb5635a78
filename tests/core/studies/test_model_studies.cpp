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

#include <QtTest>

using namespace rl;
using rl::test::refusal;

class TestModelStudies : public QObject {
    Q_OBJECT
  private slots:
    void markovStudy() {
        MarkovStudy s;
        QCOMPARE(refusal([&] { s.validate(); }), QString("Markov chain: give at least one n"));
        s.sizes = {8, 0};
        QVERIFY2(refusal([&] { s.validate(); }).startsWith("Markov chain: n = 0"),
                 qPrintable(refusal([&] { s.validate(); })));
        s.sizes = {8};
        s.transferMean = 0.0;
        QCOMPARE(refusal([&] { s.validate(); }),
                 QString("Markov chain: the transfer mean 0 must be finite and > 0"));
        // The chain only (0 replicates), as `theory markov` prints by default.
        s.transferMean = 1.0;
        const auto chain = runMarkovStudy(s);
        QCOMPARE(chain->size(), std::size_t{1});
        QCOMPARE(chain->front().chain.mean, treeDynMarkov(8, 1.0, 0.0).mean);
        QCOMPARE(chain->front().replicates, std::uint64_t(0));
        // Beside a simulation: the numbers of checkMarkov, seed and all.
        s.sizes = {5, 6};
        s.reductionMean = 0.5;
        s.replicates = 3000;
        s.seed = 3;
        const auto rows = runMarkovStudy(s);
        QCOMPARE(rows->size(), std::size_t{2});
        const MarkovCheck direct = checkMarkov(6, 1.0, 0.5, 3000, 3);
        QCOMPARE(rows->at(1).simMean, direct.simMean);
        QCOMPARE(rows->at(1).simStdError, direct.simStdError);
        // Cancelled: no rows.
        QVERIFY(!runMarkovStudy(s, [](std::uint64_t, std::uint64_t) { return false; }));
        // The Theory tab starts from odd and even n beside a simulation.
        const MarkovStudy panel = MarkovStudy::panel();
        QVERIFY(panel.replicates > 0);
        panel.validate();
    }

    void ratiosAndClusters() {
        RatiosStudy r;
        r.n = 1;
        QVERIFY(refusal([&] { r.validate(); }).startsWith("n = 1"));
        r.n = 8;
        QCOMPARE(runRatiosStudy(r)->size(), worstCaseRatios(8, r.d, r.bigD, r.c).size());
        // One default D for the CLI and the tab (they used to differ: 2 and 3).
        QCOMPARE(RatiosStudy{}.bigD, 3.0);

        QCOMPARE(parseClusterTimes("10,5,5", "--times"), (std::vector<double>{10, 5, 5}));
        QCOMPARE(refusal([] { parseClusterTimes("1,-2", "--times", "theory snf: "); }),
                 QString("theory snf: transmission time -2 must be finite and >= 0"));
        // The preset's own message is the core's, without the verb (as `theory` always wrote it).
        QVERIFY(refusal([] {
                    clusterPresetTimes("worstcase:1:3:0.5", "theory optimum: ");
                }).startsWith("preset 'worstcase:1:3:0.5': this preset needs the number"));
        QCOMPARE(clusterPresetTimes("liuwang-fig1"), senderTimes(FixedCosts::liuWangFig1()));
        const ClusterSchedule snf = clusterSchedule({10, 5, 5, 5, 4, 2, 2}, false);
        QCOMPARE(snf.schedule.algorithm, std::string("SNF"));
        QCOMPARE(snf.senders, snfSenders({10, 5, 5, 5, 4, 2, 2}));
        QCOMPARE(snf.schedule.makespan, 11.0); // Liu-Wang's Fig. 1
        const ClusterSchedule opt =
            clusterSchedule({1.25, 1.25, 1.25, 1.25, 1, 1, 1, 1, 1, 1, 1, 1}, true);
        QCOMPARE(opt.schedule.makespan, 4.0); // Fig. 8, x = 1.25

        GapStudy g{{1.0}};
        QCOMPARE(refusal([&] { g.validate(); }), QString("give at least two transmission times"));
        g.times.clear();
        for (int i = 1; i <= 12; ++i) {
            g.times.push_back(i);
        }
        QVERIFY(refusal([&] { g.validate(); }).contains("more than the limit of 3628800"));
        // The tab's cluster is Fig. 8's, from the preset itself.
        QCOMPARE(GapStudy::panel().times, senderTimes(parsePreset("liuwang-fig8:1.25", 0)));
        const auto gaps = runGapStudy(GapStudy::panel());
        QCOMPARE(gaps->optimum, 4.0);
        // A row opens the cluster in the explorer, beside the optimum.
        const Scenario snfRow = gapScenario(GapStudy::panel().times, AlgorithmId::Snf);
        QCOMPARE(snfRow.algorithms,
                 (std::vector<Algorithm>{AlgorithmId::Snf, AlgorithmId::Optimum}));
        QCOMPARE(*snfRow.matrix, FixedCosts::senderOnly(GapStudy::panel().times));
        snfRow.validate();
        QCOMPARE(gapScenario({1, 2}, AlgorithmId::Optimum).algorithms,
                 std::vector<Algorithm>{AlgorithmId::Optimum});
    }

    void steadyStudy() {
        SteadyStudy s;
        s.graph = PlatformGraph::preset("scatter-toy");
        s.scatter = true;
        s.target = -1;
        QCOMPARE(refusal([&] { s.validate(); }),
                 QString("a scatter needs a source processor, not 'any'"));
        s.target = 0;
        s.scatterTargets = {3, 9};
        QVERIFY(refusal([&] { s.validate(); }).startsWith("scatter target 9 is not a processor"));
        s.scatterTargets = {3, 4};
        const auto r = runSteadyStudy(s, SteadyGoal::SolveAndCompare);
        QVERIFY(std::abs(r->result->throughput - 0.5) < 1e-9); // the seed's toy scatter
        QVERIFY(r->comparisons.empty());                       // a scatter compares nothing

        // A complete graph with unit messages is an explorer platform, compared as such.
        const FixedCosts f =
            parsePreset(SteadyStudy::kPanelExplorerPreset, SteadyStudy::kPanelExplorerN);
        const PlatformGraph g = PlatformGraph::fromFixedCosts(f);
        QCOMPARE(*explorerPlatformOf(g), f);
        SteadyStudy q;
        q.graph = g;
        const auto both = runSteadyStudy(q, SteadyGoal::SolveAndCompare);
        QCOMPARE(both->comparisons.size(), std::size_t{3});
        QCOMPARE(both->explorerPlatform, std::optional<FixedCosts>(f));
        // The compared algorithms open in the explorer on the same platform.
        const Scenario compared = *both->explorerScenario();
        QCOMPARE(compared.algorithms.size(), both->comparisons.size());
        for (std::size_t k = 0; k < compared.algorithms.size(); ++k) {
            QCOMPARE(std::string(Algorithm(compared.algorithms[k]).name()),
                     both->comparisons[k].algorithm);
        }
        QVERIFY(compared.nonCommutative);
        QCOMPARE(*compared.matrix, f);
        compared.validate();
        const auto only = runSteadyStudy(q, SteadyGoal::CompareOnly);
        QVERIFY(!only->result);
        QCOMPARE(only->comparisons.size(), both->comparisons.size());
        QCOMPARE(only->comparisons[0].steadyThroughput, both->comparisons[0].steadyThroughput);
        SteadyStudy ring;
        ring.graph = PlatformGraph::preset("ring:5");
        QVERIFY(!explorerPlatformOf(ring.graph));
        QVERIFY(refusal([&] {
                    runSteadyStudy(ring, SteadyGoal::CompareOnly);
                }).startsWith("the pipelining comparison needs an explorer platform"));
        QCOMPARE(refusal([] {
                     SteadyStudy::onExplorerPlatform(
                         FixedCosts::homogeneous(kMaxSteadyProcessors + 1, 1, 0));
                 }),
                 QString("the platform has %1 processors; the linear programs take at most %2")
                     .arg(kMaxSteadyProcessors + 1)
                     .arg(kMaxSteadyProcessors));
        const SteadyStudy onFive = SteadyStudy::onExplorerPlatform(f);
        QCOMPARE(onFive.graph, g);
        QCOMPARE(onFive.explorerPlatform, std::optional<FixedCosts>(f));
    }

    void divisibleStudy() {
        DivisibleStudy s = DivisibleStudy::forPreset("star");
        QVERIFY(s.model == DivisibleModel::Star);
        s.model = DivisibleModel::Bus;
        QVERIFY(refusal([&] { s.validate(); }).startsWith("a bus has one c for every worker"));
        // Every order of up to kMaxAllOrdersWorkers workers, one limit for the CLI's
        // --order all and the tab's explanation (they used to be 8 and 7).
        s = DivisibleStudy{};
        for (int i = 0; i < DivisibleStudy::kMaxAllOrdersWorkers; ++i) {
            s.platform.workers.push_back({1.0 + i, 2.0, 0.0, 0.0});
        }
        s.explain = true;
        const auto explained = runDivisibleStudy(s);
        QVERIFY(explained->orders.empty()); // asked for the explanation only
        QVERIFY2(explained->comparison.find("over all 40320 orders") != std::string::npos,
                 explained->comparison.c_str());
        s.explain = false;
        s.orderChoice = DivisibleOrder::All;
        const auto all = runDivisibleStudy(s);
        QCOMPARE(all->orders.size(), std::size_t{40320});
        QCOMPARE(all->schedule->sendOrder, bandwidthOrder(s.platform)); // shown: the best
        QCOMPARE(all->schedule->makespan,
                 oneRoundClosedForm(s.platform, bandwidthOrder(s.platform), 1.0).makespan);
        s.platform.workers.push_back({9.0, 2.0, 0.0, 0.0});
        QVERIFY(
            refusal([&] { s.validate(); }).startsWith("every send order is tried for at most 8"));

        // The preset each model shows best, with the tab's explanations.
        DivisibleStudy m = DivisibleStudy::forPreset("multiround");
        QVERIFY(m.model == DivisibleModel::MultiRound);
        QCOMPARE(m.load, 100.0);
        QCOMPARE(m.maxRounds, DivisibleStudy::kDefaultMaxRounds);
        QCOMPARE(
            runDivisibleStudy(m)->schedule->makespan,
            bestUniformMultiRound(m.platform, 100.0, DivisibleStudy::kDefaultMaxRounds).makespan);
        DivisibleStudy ret = DivisibleStudy::forPreset(DivisibleStudy::kPanelPreset);
        QVERIFY(ret.model == DivisibleModel::Lifo);
        ret.explain = true;
        const auto lifo = runDivisibleStudy(ret);
        QCOMPARE(lifo->schedule->makespan, bestLifo(ret.platform, 1.0).makespan);
        QVERIFY(lifo->comparison.rfind("best LIFO: T = ", 0) == 0);
        DivisibleStudy steady = DivisibleStudy::forPreset("multiround");
        steady.model = DivisibleModel::Steady;
        const auto share = runDivisibleStudy(steady);
        QVERIFY(share->steady);
        QCOMPARE(share->steady->period, DivisibleStudy::kDefaultPeriod);
    }
};

QTEST_APPLESS_MAIN(TestModelStudies)
#include "test_model_studies.moc"
