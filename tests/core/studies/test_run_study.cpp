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

#include <QtTest>

using namespace rl;

namespace {

// The message of the InputError that `s.validate()` throws ("" when valid).
QString refusal(const Scenario& s) {
    return rl::test::refusal([&] { s.validate(); });
}

} // namespace

class TestRunStudy : public QObject {
    Q_OBJECT
  private slots:
    void validationMessages() {
        QVERIFY(refusal(Scenario::demo()).isEmpty());
        Scenario s;
        s.algorithms.clear();
        QCOMPARE(refusal(s), QString("select at least one algorithm"));
        s.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn,
                        AlgorithmId::NonCommutTreeDyn, AlgorithmId::Ep};
        QCOMPARE(refusal(s), QString("compare at most four algorithms"));
        s.algorithms = {AlgorithmId::TreeDyn};
        s.nonCommutative = true;
        QVERIFY2(refusal(s).startsWith("Tree-dyn pairs any two processors"),
                 qPrintable(refusal(s)));
        s = Scenario::demo();
        s.costMode = CostMode::FixedMatrix;
        QCOMPARE(refusal(s), QString("fixed-matrix mode without a matrix"));
        s = Scenario::demo();
        s.transfer = Law::gamma(-1.0, 0.5);
        QVERIFY(!refusal(s).isEmpty());
        s = Scenario::demo();
        s.algorithms = {AlgorithmId::Snf};
        QVERIFY2(refusal(s).startsWith("SNF is a Liu-Wang clairvoyant baseline: "),
                 qPrintable(refusal(s)));
        // The exhaustive search's limit: one message for the explorer, the Theory tab and the CLI.
        std::vector<double> t;
        for (int i = 1; i <= 14; ++i) {
            t.push_back(i);
        }
        s.algorithms = {AlgorithmId::Optimum};
        s.costMode = CostMode::FixedMatrix;
        s.matrix = FixedCosts::senderOnly(t);
        s.n = 14;
        QVERIFY2(
            refusal(s).startsWith("exact optimum: 14 processors need 6227020800 sender orders, "
                                  "more than the limit of 3628800"),
            qPrintable(refusal(s)));
        s.matrix = FixedCosts::senderOnly({3, 2, 1, 1});
        s.n = 4;
        QVERIFY(refusal(s).isEmpty());
    }

    void defaultsInOnePlace() {
        // The explorer's demo is the request's default value, on the explorer's platform;
        // `run` and `mc` start from the command line's platform, named beside it.
        QCOMPARE(Scenario::demo(), Scenario{});
        QCOMPARE(static_cast<const PlatformSpec&>(Scenario::demo()),
                 PlatformSpec::explorerDefault());
        QCOMPARE(Scenario::demo().n, 16);
        QCOMPARE(Scenario::demo().transfer, Law::gamma(1.0, 0.5));
        QCOMPARE(Scenario::demo().reduction, Law::gamma(0.5, 0.5));
        QCOMPARE(Scenario::demo().algorithms,
                 (std::vector<Algorithm>{AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn}));
        QCOMPARE(PlatformSpec::cliDefault().transfer, Law::gamma(1.0, 1.0));
        QCOMPARE(PlatformSpec::cliDefault().reduction, Law::constant(0.0));
        QCOMPARE(PlatformSpec::cliDefault().seed, PlatformSpec::explorerDefault().seed);
        // McStudy has no defaults of its own: the command line's platform and McOptions'.
        McStudy study;
        QCOMPARE(study.platform, PlatformSpec::cliDefault());
        study.platform.n = 8;
        study.options.algorithms = {AlgorithmId::TreeDyn};
        const McConfig c = study.config();
        const McOptions defaults;
        QCOMPARE(c.replicates, defaults.replicates);
        QCOMPARE(c.quantiles, defaults.quantiles);
        QCOMPARE(c.histogramBins, defaults.histogramBins);
        QCOMPARE(c.exactQuantileLimit, defaults.exactQuantileLimit);
        QCOMPARE(c.costs.transfer, PlatformSpec::cliDefault().transfer);
        QCOMPARE(c.costs.reduction, PlatformSpec::cliDefault().reduction);
        QCOMPARE(c.n, 8);
    }

    void runDerivesWhatTheViewsDraw() {
        Scenario s;
        s.n = 13;
        s.algorithms = {AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn};
        s.transfer = Law::exponential(1.0);
        s.reduction = Law::constant(0.0);
        s.seed = 5;
        s.replicate = 2;
        const auto r = runScenario(s, RunDetail::Explorer);
        QVERIFY(r);
        QCOMPARE(r->scenario, s);
        QCOMPARE(r->schedules.size(), std::size_t{2});
        std::size_t events = 0;
        double end = 0.0;
        for (std::size_t i = 0; i < 2; ++i) {
            Simulator sim(s.algorithms[i], s.n, false, s.costModel());
            const Schedule direct = sim.schedule(s.seed, s.replicate);
            QCOMPARE(r->schedules[i]->makespan, direct.makespan);
            const auto path = criticalPath(direct);
            QCOMPARE(r->criticalPaths[i].size(), path.size());
            for (std::size_t k = 0; k < path.size(); ++k) {
                QCOMPARE(r->criticalPaths[i][k].isTransfer, path[k].isTransfer);
                QCOMPARE(r->criticalPaths[i][k].op, path[k].op);
            }
            events += buildTimeline(direct).size();
            end = std::max(end, direct.makespan);
        }
        QCOMPARE(r->end, end);
        // One timeline for both, by time: every event once, and the decisions that start no
        // operation; in compare mode each line names its algorithm.
        std::size_t decisions = 0;
        for (const NarratedEvent& e : r->narration) {
            decisions += e.event.kind == EventKind::Decision ? 1 : 0;
        }
        QCOMPARE(r->narration.size() - decisions, events);
        QCOMPARE(r->narrations.size(), std::size_t{2});
        QCOMPARE(r->narrations[0]->size() + r->narrations[1]->size(), r->narration.size());
        for (std::size_t k = 1; k < r->narration.size(); ++k) {
            QVERIFY(r->narration[k - 1].event.time <= r->narration[k].event.time);
        }
        for (const NarratedEvent& e : r->narration) {
            const QString l = QString::fromStdString(e.text);
            QVERIFY2(l.startsWith(e.run == 0 ? "Fibonacci-stat · " : "Tree-dyn · "), qPrintable(l));
        }
        // Exponential transfers without reduction: Tree-dyn's chain is the closed form.
        QVERIFY(r->treeDynChain);
        QCOMPARE(r->treeDynChain->mean, treeDynMarkovClosedForm(13, 1.0).mean);
        QVERIFY(!r->bound); // random costs: no bound
    }

    void singleRunNarratesWithoutPrefix() {
        Scenario s;
        s.n = 6;
        s.algorithms = {AlgorithmId::BinomialStat};
        s.costMode = CostMode::FixedMatrix;
        s.matrix = FixedCosts::homogeneous(6, 1.0, 0.5);
        const auto r = runScenario(s, RunDetail::Explorer);
        Narration direct;
        Simulator(AlgorithmId::BinomialStat, 6, false, s.costModel())
            .narratedSchedule(s.seed, s.replicate, direct);
        QCOMPARE(r->narration.size(), direct.size());
        for (std::size_t k = 0; k < direct.size(); ++k) {
            QCOMPARE(r->narration[k].text, direct[k].text);
        }
        QVERIFY(r->bound && r->bound->optimal); // constant costs: the optimum is drawn
    }

    void schedulesOnlyForTheCli() {
        Scenario s = Scenario::demo();
        const auto r = runScenario(s, RunDetail::Schedules);
        QCOMPARE(r->schedules.size(), std::size_t{2});
        QCOMPARE(r->criticalPaths.size(), std::size_t{2});
        QVERIFY(r->narration.empty() && r->narrations.empty() && !r->treeDynChain);
        // An animation narrates, without the explorer's bound and chain.
        const auto narrated = runScenario(s, RunDetail::Narrated);
        QVERIFY(!narrated->narration.empty() && !narrated->treeDynChain);
    }

    void cancelledRunHasNoResult() {
        int calls = 0;
        const auto r = runScenario(Scenario::demo(), RunDetail::Explorer,
                                   [&](std::uint64_t, std::uint64_t) { return ++calls < 2; });
        QVERIFY(!r);
        QCOMPARE(calls, 2); // asked before each algorithm: stopped before the second
    }

    // The explorer's limit (issue #29: n = 1,000,000 ran for minutes in 7 GB and froze the
    // window): refused before any work with a message that names the limit and the CLI; the
    // CLI's own detail runs the same platform.
    void explorerLimitIsOneRule() {
        Scenario s = Scenario::demo();
        s.algorithms = {AlgorithmId::BinomialStat};
        s.n = kMaxExplorerProcessors;
        QVERIFY(rl::test::refusal([&] { checkRunDetail(s, RunDetail::Explorer); }).isEmpty());
        s.n = kMaxExplorerProcessors + 1;
        const QString message = rl::test::refusal([&] { checkRunDetail(s, RunDetail::Explorer); });
        QVERIFY2(message.contains(QString::number(kMaxExplorerProcessors)) &&
                     message.contains("reducelab-cli run"),
                 qPrintable(message));
        QCOMPARE(rl::test::refusal([&] { runScenario(s, RunDetail::Explorer); }), message);
        QVERIFY(refusal(s).isEmpty()); // a valid scenario: the CLI runs it
        QVERIFY(rl::test::refusal([&] { checkRunDetail(s, RunDetail::Schedules); }).isEmpty());
        QCOMPARE(runScenario(s, RunDetail::Schedules)->schedules.front()->n,
                 kMaxExplorerProcessors + 1);
    }

    void invalidRunThrows() {
        Scenario s;
        s.algorithms.clear();
        QVERIFY_THROWS_EXCEPTION(InputError, runScenario(s, RunDetail::Schedules));
    }
};

QTEST_APPLESS_MAIN(TestRunStudy)
#include "test_run_study.moc"
