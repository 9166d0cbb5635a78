// An algorithm defined here, in this file only, and given to the program at run time (#30,
// #31): it appears in the command line's --algo list, runs in mc (the verb's output equals a
// Monte Carlo run of the same configuration), in Monte Carlo beside a built-in on common random
// numbers, in a schedule, and in the narration with the generic sentences. Nothing outside this
// file names it: the engine, the Monte Carlo loop, the CLI and the files that name algorithms
// work from its descriptor (algorithms/algorithm.h), resolved by key in the catalog the caller
// gives (AlgorithmCatalog).
#include "cli_commands.h"

#include "algorithms/simulator.h"
#include "base/byte_codec.h"
#include "base/input_error.h"
#include "engine/kernel.h"
#include "engine/narration.h"
#include "experiment/mc_wire.h"
#include "experiment/monte_carlo.h"
#include "schedule/schedule_validator.h"

#include "../test_support.h"

#include <fstream>
#include <iostream>
#include <sstream>

using namespace rl;

namespace {

/// Lowest-idle: an idle processor sends its value to the lowest-numbered other idle
/// processor, if any; otherwise it waits. (At most one processor waits at a time, so the run
/// always ends.) Any two processors may be paired: commutative operations only.
class LowestIdlePolicy {
  public:
    static constexpr bool kUsesIntervals = false;
    template <class E> void onIdle(E& e, int p) {
        for (int q = 0; q < e.n(); ++q) {
            if (q != p && e.isIdle(q)) {
                e.startTransfer(p, q);
                return;
            }
        }
    }
};

Algorithm lowestIdle() {
    auto d = std::make_shared<AlgorithmDescriptor>();
    d->key = "lowest-idle";
    d->name = "Lowest-idle";
    d->summary = "dynamic: an idle processor sends to the lowest-numbered idle processor";
    d->makeKernel = [](int n, bool nonCommutative, const CostModel& costs) {
        return std::make_unique<Kernel<LowestIdlePolicy>>(LowestIdlePolicy{}, n, nonCommutative,
                                                          costs);
    };
    return Algorithm(std::shared_ptr<const AlgorithmDescriptor>(std::move(d)));
}

// reducelab-cli in this process, with the algorithm given: its exit code and standard output.
std::pair<int, std::string> runWith(const Algorithm& algorithm,
                                    const std::vector<std::string>& args) {
    cli::CliEnvironment env;
    env.algorithms = AlgorithmCatalog({algorithm});
    std::ostringstream out;
    std::streambuf* const old = std::cout.rdbuf(out.rdbuf());
    const int code = cli::runCli(args, env);
    std::cout.rdbuf(old);
    return {code, out.str()};
}

std::string readFile(const std::string& path) {
    std::ifstream f(path);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

} // namespace

TEST(AddedAlgorithm, AppearsInTheAlgoList) {
    const Algorithm a = lowestIdle();
    const auto [code, help] = runWith(a, {"run", "--help"});
    ASSERT_EQ(code, 0);
    // In --algo's keys, after the paper's four and before Open MPI's trees, and in the table of
    // dynamic algorithms.
    ASSERT_TRUE(help.find("binomial, fibonacci, tree-dyn, nctd, lowest-idle, Open MPI 4.1's "
                          "ompi-linear, ompi-chain, ompi-pipeline, ompi-binary, ompi-binomial, "
                          "ompi-in-order-binary, ompi-default, or on sender-only") !=
                std::string::npos)
        << help.c_str();
    ASSERT_TRUE(help.find("  lowest-idle Lowest-idle (commutative only): dynamic: an idle "
                          "processor sends to the lowest-numbered idle processor") !=
                std::string::npos);
    // Not known without it.
    ASSERT_TRUE(cli::runCli({"run", "--algo", "lowest-idle", "--n", "4", "--out", "/dev/null"}) ==
                2);
}

TEST(AddedAlgorithm, RunsInMcAsMonteCarloDoes) {
    const Algorithm a = lowestIdle();
    rl::test::TempDir dir;
    const std::string out = dir.filePath("mc.csv");
    const auto [code, printed] = runWith(
        a, {"mc", "--algo", "lowest-idle,tree-dyn", "--n", "24", "--comm", "gamma:1:0.7", "--comp",
            "gamma:0.3:1", "--replicates", "3000", "--seed", "9", "--quiet", "--out", out});
    ASSERT_EQ(code, 0);
    McConfig c;
    c.algorithms = {a, AlgorithmId::TreeDyn};
    c.n = 24;
    c.costs = CostModel::perOperation(Law::gamma(1, 0.7), Law::gamma(0.3, 1));
    c.replicates = 3000;
    c.seed = 9;
    const McResult r = runMonteCarlo(c);
    std::string expected = mcCsvHeader(c.quantiles) + "\n";
    for (const McSummary& s : r.summaries) {
        expected += mcCsvRow(s, c.n) + "\n";
    }
    ASSERT_EQ(readFile(out), expected);
    ASSERT_TRUE(expected.find("\nlowest-idle,24,3000,") != std::string::npos);
}

// Monte Carlo runs it at the engine's speed (no fast path), every makespan the
// simulator's, on the same draws as the built-in beside it (common random numbers).
TEST(AddedAlgorithm, RunsInMonteCarlo) {
    const Algorithm a = lowestIdle();
    ASSERT_TRUE(!a.descriptor().makeFastPath);
    McConfig c;
    c.algorithms = {a, AlgorithmId::TreeDyn};
    c.n = 33;
    c.costs = CostModel::perOperation(Law::gamma(1, 2), Law::bernoulli(0.5, 1));
    c.replicates = 1500; // a pair path and a lone replicate per block
    c.seed = 4;
    c.keepSamples = true;
    const McResult r = runMonteCarlo(c);
    Simulator sim(a, c.n, false, c.costs);
    for (std::uint64_t rep = 0; rep < c.replicates; rep += 7) {
        ASSERT_FUZZY_EQ((*r.summaries[0].samples)[rep], sim.makespan(c.seed, rep));
    }
    McConfig alone = c;
    alone.algorithms = {AlgorithmId::TreeDyn};
    ASSERT_EQ(*runMonteCarlo(alone).summaries[0].samples, *r.summaries[1].samples);
}

// n = 4, c = d = 1: P0 waits, P1 sends to P0, P2 waits (P0 receives), P3 sends to P2; at
// 2, P0 is idle and waits (P2 still reduces), then P2 sends to P0: makespan 4.
TEST(AddedAlgorithm, RunsInAScheduleAndIsNarrated) {
    const Algorithm a = lowestIdle();
    Simulator sim(a, 4, false, CostModel::perOperation(Law::constant(1), Law::constant(1)));
    Narration narration;
    const Schedule s = sim.narratedSchedule(1, 0, narration);
    ASSERT_EQ(s.algorithm, std::string("Lowest-idle"));
    ASSERT_FUZZY_EQ(s.makespan, 4.0);
    ASSERT_TRUE(validateSchedule(s).empty());
    const std::vector<std::string> expected{
        "t = 0.00: P0 is idle and waits",
        "t = 0.00: P1 is idle and sends [1,1] to P0",
        "t = 0.00: P2 is idle and waits",
        "t = 0.00: P3 is idle and sends [3,3] to P2",
        "t = 1.00: [1,1] arrives at P0; P0 reduces it",
        "t = 1.00: P0 starts merging [1,1] into its [0,0]",
        "t = 1.00: [3,3] arrives at P2; P2 reduces it",
        "t = 1.00: P2 starts merging [3,3] into its [2,2]",
        "t = 2.00: P0 now holds [0,1]",
        "t = 2.00: P0 is idle and waits",
        "t = 2.00: P2 now holds [2,3]",
        "t = 2.00: P2 is idle and sends [2,3] to P0",
        "t = 3.00: [2,3] arrives at P0; P0 reduces it",
        "t = 3.00: P0 starts merging [2,3] into its [0,1]",
        "t = 4.00: P0 now holds [0,3]; the reduction is complete"};
    ASSERT_EQ(narration.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        ASSERT_EQ(narration[i].text, expected[i]);
    }
    // The command line narrates it too.
    rl::test::TempDir dir;
    const std::string text = dir.filePath("n.txt");
    ASSERT_EQ(runWith(a, {"run", "--algo", "lowest-idle", "--n", "4", "--comm", "const:1", "--comp",
                          "const:1", "--narration", text, "--out", "/dev/null"})
                  .first,
              0);
    ASSERT_EQ(readFile(text), narrationText(narration));
}

// Files and messages name it by its key, resolved in the catalog their reader is given;
// a catalog refuses a key twice; "all" stays the paper's four.
TEST(AddedAlgorithm, NamedByItsKey) {
    const Algorithm a = lowestIdle();
    const AlgorithmCatalog catalog({a});
    ASSERT_EQ(catalog.extras().size(), std::size_t{1});
    ASSERT_TRUE(parseAlgorithm("lowest-idle", catalog) == a);
    ASSERT_THROW(parseAlgorithm("lowest-idle", AlgorithmCatalog()), InputError);
    ASSERT_EQ(parseAlgorithmList("all", catalog).size(), std::size_t{4});
    auto twice = std::make_shared<AlgorithmDescriptor>(a.descriptor());
    twice->key = "tree-dyn";
    ASSERT_THROW(
        AlgorithmCatalog({Algorithm(std::shared_ptr<const AlgorithmDescriptor>(std::move(twice)))}),
        InputError);
    McConfig c;
    c.algorithms = {a, AlgorithmId::FibonacciStat};
    c.n = 8;
    ByteWriter w;
    writeMcConfig(w, c);
    ByteReader r(w.data(), "config");
    const McConfig back = readMcConfig(r, catalog);
    ASSERT_TRUE(back.algorithms == c.algorithms);
    ByteReader unknown(w.data(), "config");
    ASSERT_THROW(readMcConfig(unknown, AlgorithmCatalog()), InputError);
}
