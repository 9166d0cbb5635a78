// `reducelab-cli theory ...` as a user meets it: SNF and optimum schedules ending with
// `makespan VALUE` (Liu-Wang Fig. 1 and Fig. 8), the Markov and ratio CSVs, exit 2 with a
// one-line message on bad input, and --help on every subcommand.
#include "cli_runner.h"

using namespace rl::test;

namespace {

double lastMakespan(const std::string& out) {
    const std::string last = lines(out).back();
    if (!last.starts_with("makespan ")) {
        return -1.0;
    }
    return toDouble(last.substr(9));
}

} // namespace

TEST(CliTheory, SnfOnFig1) {
    const CliResult r = runCli({"theory", "snf", "--times", "10,5,5,5,4,2,2"});
    ASSERT_EQ(r.exitCode, 0);
    ASSERT_FUZZY_EQ(lastMakespan(r.out), 11.0);
    const Args l = lines(r.out);
    ASSERT_EQ(l.front(), std::string("kind,processor,peer,start,end,duration,value"));
    // 6 transfers, 6 reductions, the sender line and the makespan line.
    ASSERT_EQ(l.size(), 1 + 12 + 2);
    ASSERT_EQ(l[l.size() - 2], std::string("senders P1 P2 P3 P4 P5 P6"));
    // The preset gives the same cluster.
    ASSERT_EQ(runCli({"theory", "snf", "--preset", "liuwang-fig1"}).out, r.out);
}

TEST(CliTheory, SnfAndOptimumOnFig8) {
    const CliResult snf = runCli({"theory", "snf", "--preset", "liuwang-fig8:1.25"});
    ASSERT_EQ(snf.exitCode, 0);
    ASSERT_FUZZY_EQ(lastMakespan(snf.out), 4.25);
    const CliResult opt = runCli({"theory", "optimum", "--preset", "liuwang-fig8:1.25"});
    ASSERT_EQ(opt.exitCode, 0);
    ASSERT_TRUE(lastMakespan(opt.out) < 4.25);
    ASSERT_TRUE(lastMakespan(opt.out) > 0.0);
    const CliResult fig1 = runCli({"theory", "optimum", "--times", "10,5,5,5,4,2,2"});
    ASSERT_FUZZY_EQ(lastMakespan(fig1.out), 11.0);
}

TEST(CliTheory, OutIsAtomic) {
    rl::test::TempDir dir;
    const std::string path = dir.filePath("snf.csv");
    ASSERT_EQ(runCli({"theory", "snf", "--times", "3,1,2", "--out", path}).exitCode, 0);
    const std::optional<std::string> f = readFile(path);
    ASSERT_TRUE(f.has_value());
    // Root P0 (slowest); P2 sends over [0, 2), then P1 over [2, 3): only 3 processors.
    ASSERT_FUZZY_EQ(lastMakespan(*f), 3.0);
}

TEST(CliTheory, MarkovCsv) {
    const CliResult r = runCli({"theory", "markov", "--n", "64,7", "--comm-mean", "1"});
    ASSERT_EQ(r.exitCode, 0);
    const Args l = lines(r.out);
    ASSERT_EQ(l.size(), 3);
    ASSERT_EQ(l[0], std::string("n,comm_mean,comp_mean,chain_mean,chain_variance"));
    const Args row = split(l[1], ',');
    ASSERT_EQ(row[0], std::string("64"));
    ASSERT_TRUE(std::abs(toDouble(row[3]) - 8.0857) < 5e-5);
    ASSERT_TRUE(std::abs(toDouble(row[4]) - 3.2274) < 5e-5);
    // With a simulation: extra columns, |z| small for 20000 replicates (fixed seed).
    const CliResult sim =
        runCli({"theory", "markov", "--n", "9", "--comp-mean", "0.5", "--replicates", "20000"});
    ASSERT_EQ(sim.exitCode, 0);
    const Args cols = split(lines(sim.out)[1], ',');
    ASSERT_EQ(cols.size(), 9);
    ASSERT_TRUE(std::abs(toDouble(cols[8])) < 4.0) << sim.out;
}

TEST(CliTheory, RatiosCsv) {
    const CliResult r = runCli({"theory", "ratios", "--n", "16", "--D", "4", "--c", "0.5"});
    ASSERT_EQ(r.exitCode, 0);
    const Args l = lines(r.out);
    ASSERT_TRUE(l[0].starts_with("theorem,case,algorithm,bound,c,makespan,lower_bound,optimum,"
                                 "ratio,reached,note"));
    ASSERT_EQ(l.size(), 13);
    ASSERT_TRUE(l[1].starts_with("Th. 1,c = 0,Binomial-stat,4,0,16,4,4,4,yes,"));
    ASSERT_TRUE(l[2].starts_with("Th. 1,c = 0,Tree-dyn,4,0,16,4,4,4,yes,"));
}

struct BadInputRow {
    std::string name;
    Args args;
    std::string message;
};

std::vector<BadInputRow> badInputRows() {
    return {
        {"no subcommand", {"theory"}, "subcommand is required"},
        {"unknown subcommand", {"theory", "foo"}, "unknown subcommand"},
        {"bad time", {"theory", "snf", "--times", "1,x"}, "'x'"},
        {"negative time", {"theory", "snf", "--times", "1,-2"}, "must be finite and >= 0"},
        {"no cluster", {"theory", "optimum"}, "exactly one of"},
        {"not sender-only", {"theory", "snf", "--preset", "homogeneous:1:1"}, "preset"},
        {"too large",
         {"theory", "optimum", "--times", "1,2,3,4,5,6,7,8,9,10,11,12"},
         "more than the limit"},
        {"markov n", {"theory", "markov", "--n", "0"}, "--n"},
        {"markov mean", {"theory", "markov", "--n", "4", "--comm-mean", "0"}, "mean"},
        {"ratios D < d", {"theory", "ratios", "--n", "4", "--D", "0.5"}, "D = 0.5"},
        {"ratios n", {"theory", "ratios"}, "--n N is required"},
    };
}

class BadInput : public ::testing::TestWithParam<BadInputRow> {};

TEST_P(BadInput, Row) {
    auto args = GetParam().args;
    auto message = GetParam().message;
    const CliResult r = runCli(args);
    ASSERT_EQ(r.exitCode, 2);
    ASSERT_TRUE(contains(r.err, message)) << r.err;
    ASSERT_EQ(lines(r.err).size(), 1);
}
INSTANTIATE_TEST_SUITE_P(CliTheory, BadInput, ::testing::ValuesIn(badInputRows()),
                         rl::test::RowName());

TEST(CliTheory, Help) {
    for (const std::string sub : {"markov", "ratios", "snf", "optimum"}) {
        const CliResult r = runCli({"theory", sub, "--help"});
        ASSERT_EQ(r.exitCode, 0);
        ASSERT_TRUE(contains(r.out, "usage: reducelab-cli theory " + sub));
    }
    ASSERT_TRUE(contains(runCli({"theory", "--help"}).out, "subcommands:"));
    ASSERT_TRUE(contains(runCli({"--help"}).out, "theory"));
}
