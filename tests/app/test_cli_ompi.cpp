// Open MPI's trees on the command line: ompi-chain's --fanout K and ompi-default's
// --message-bytes B on run, mc and sweep (their rule: algorithms/ompi_parameters.h), refused with
// exit 2 and one line out of range or without the algorithm they apply to; the chain's makespan
// with constant costs as docs/model.md §4.4 writes it for every fan-out; and ompi-default's
// pick named on standard error and in run's JSON.
#include "cli_runner.h"

#include <nlohmann/json.hpp>

#include <algorithm>

using namespace rl::test;
using nlohmann::json;

namespace {

constexpr double kD = 1.0; // constant transfer cost
constexpr double kC = 0.5; // constant reduction cost (d >= c, as the formula asks)
constexpr int kProcessors = 16;

Args chainRun(int n) {
    return {"run",
            "--algo",
            "ompi-chain",
            "--n",
            std::to_string(n),
            "--comm",
            "const:" + std::to_string(kD),
            "--comp",
            "const:" + std::to_string(kC),
            "--format",
            "json"};
}

/// docs/model.md §4.4: ompi-chain with d >= c takes (L - 1)(d + c) + K' d + c, K' = min(K,
/// n - 1) chains, the longest of L = ceil((n - 1) / K') ranks.
double chainMakespan(int n, int fanout) {
    const int chains = std::min(fanout, n - 1);
    const int longest = (n - 1 + chains - 1) / chains;
    return (longest - 1) * (kD + kC) + chains * kD + kC;
}

json runJson(const Args& args) {
    const CliResult r = runCli(args);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    return r.exitCode == 0 ? json::parse(r.out) : json();
}

void expectRefused(const Args& args, const std::string& expected) {
    const CliResult r = runCli(args);
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_EQ(count(r.err, '\n'), std::size_t{1}) << r.err;
    EXPECT_TRUE(contains(r.err, expected)) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
}

} // namespace

TEST(CliOmpi, FanoutChangesTheChainAsTheFormulaSays) {
    for (const int k : {1, 2, 3, 4, 5, 8, 15, 32}) {
        const json s = runJson(chainRun(kProcessors) + Args{"--fanout", std::to_string(k)});
        ASSERT_TRUE(s.is_object()) << "fan-out " << k;
        EXPECT_DOUBLE_EQ(s["makespan"].get<double>(), chainMakespan(kProcessors, k))
            << "fan-out " << k;
        // The root receives min(K, n - 1) chain heads.
        EXPECT_EQ(s["tree"]["children"][0].size(),
                  static_cast<std::size_t>(std::min(k, kProcessors - 1)))
            << "fan-out " << k;
        // The fan-out is named with the algorithm: its key in the scenario, its name.
        if (k != 4) {
            EXPECT_EQ(s["scenario"]["algorithms"][0], "ompi-chain:" + std::to_string(k));
            EXPECT_EQ(s["algorithm"], "OMPI-chain (fan-out " + std::to_string(k) + ")");
        }
    }
    // Fan-out 1 is the pipeline.
    const json pipeline = runJson(Args{"run", "--algo", "ompi-pipeline", "--n", "16", "--comm",
                                       "const:1", "--comp", "const:0.5", "--format", "json"});
    const json one = runJson(chainRun(kProcessors) + Args{"--fanout", "1"});
    EXPECT_EQ(pipeline["tree"], one["tree"]);
    EXPECT_EQ(pipeline["makespan"], one["makespan"]);
}

TEST(CliOmpi, TheDefaultsChangeNothing) {
    const Args run{"run", "--algo", "ompi-chain", "--n", "23", "--seed", "7"};
    const CliResult plain = runCli(run);
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    const CliResult four = runCli(run + Args{"--fanout", "4"});
    ASSERT_EQ(four.exitCode, 0) << four.err;
    EXPECT_EQ(plain.out, four.out);
    const Args mc{"mc",  "--algo", "ompi-default,ompi-chain",
                  "--n", "12",     "--replicates",
                  "200", "--comm", "gamma:1:0.7"};
    const CliResult mcPlain = runCli(mc);
    ASSERT_EQ(mcPlain.exitCode, 0) << mcPlain.err;
    const CliResult mcDefaults = runCli(mc + Args{"--fanout", "4", "--message-bytes", "8"});
    ASSERT_EQ(mcDefaults.exitCode, 0) << mcDefaults.err;
    EXPECT_EQ(mcPlain.out, mcDefaults.out);
}

TEST(CliOmpi, McAndSweepTakeTheParameters) {
    const Args mc{"mc",     "--algo",    "ompi-chain",   "--n", "16",       "--comm", "const:1",
                  "--comp", "const:0.5", "--replicates", "3",   "--fanout", "8"};
    const CliResult r = runCli(mc);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::vector<std::string> rows = lines(r.out);
    ASSERT_EQ(rows.size(), 2U) << r.out;
    const std::vector<std::string> f = split(rows[1], ',');
    EXPECT_EQ(f[0], "ompi-chain:8");
    EXPECT_DOUBLE_EQ(toDouble(f[3]), chainMakespan(16, 8));
    // The key says the same as the option.
    const CliResult byKey = runCli(Args{"mc", "--algo", "ompi-chain:8", "--n", "16", "--comm",
                                        "const:1", "--comp", "const:0.5", "--replicates", "3"});
    ASSERT_EQ(byKey.exitCode, 0) << byKey.err;
    EXPECT_EQ(byKey.out, r.out);

    const CliResult sweep = runCli(Args{"sweep", "fig4", "--n", "8", "--replicates", "20", "--cv",
                                        "0.5", "--algo", "ompi-default,ompi-chain", "--fanout", "2",
                                        "--message-bytes", "65536", "--quiet"});
    ASSERT_EQ(sweep.exitCode, 0) << sweep.err;
    EXPECT_TRUE(contains(sweep.out, "ompi-chain:2,")) << sweep.out;
    EXPECT_TRUE(contains(sweep.out, "ompi-default:65536,")) << sweep.out;
}

TEST(CliOmpi, ARunWithAParameterReadsBack) {
    const TempDir dir;
    const std::string file = dir.path() + "/chain.json";
    const CliResult first = runCli(chainRun(kProcessors) + Args{"--fanout", "8", "--out", file});
    ASSERT_EQ(first.exitCode, 0) << first.err;
    const CliResult again = runCli(Args{"run", "--from", file, "--format", "json"});
    ASSERT_EQ(again.exitCode, 0) << again.err;
    EXPECT_EQ(json::parse(again.out)["makespan"].get<double>(), chainMakespan(kProcessors, 8));
}

TEST(CliOmpi, OutOfRangeOrMisplacedParametersAreRefused) {
    const Args chain{"run", "--algo", "ompi-chain", "--n", "8"};
    const Args deflt{"run", "--algo", "ompi-default", "--n", "8"};
    expectRefused(chain + Args{"--fanout", "0"},
                  "run: --fanout 0: Open MPI's chains have a fan-out of 1 to 32 (MAXTREEFANOUT)");
    expectRefused(chain + Args{"--fanout", "33"}, "--fanout 33:");
    expectRefused(chain + Args{"--fanout", "four"}, "--fanout: 'four' is not an integer");
    expectRefused(Args{"run", "--algo", "ompi-chain:40", "--n", "8"}, "ompi-chain:40");
    expectRefused(deflt + Args{"--message-bytes", "0"},
                  "run: --message-bytes 0: a message of 1 to 1099511627776 bytes");
    expectRefused(deflt + Args{"--message-bytes", "1099511627777"}, "--message-bytes");
    expectRefused(deflt + Args{"--fanout", "2"},
                  "run: --fanout applies to ompi-chain: add ompi-chain to --algo");
    expectRefused(chain + Args{"--message-bytes", "64"},
                  "run: --message-bytes applies to ompi-default: add ompi-default to --algo");
    expectRefused(
        Args{"mc", "--algo", "ompi-binary", "--n", "8", "--replicates", "10", "--fanout", "2"},
        "mc: --fanout applies to ompi-chain");
    expectRefused(Args{"sweep", "fig4", "--n", "8", "--replicates", "10", "--message-bytes", "64"},
                  "sweep: --message-bytes applies to ompi-default");
    const TempDir dir;
    const std::string scenario = dir.filePath("s.json");
    ASSERT_TRUE(writeFile(scenario, "{}"));
    expectRefused(Args{"run", "--scenario", scenario, "--fanout", "2"}, "leave out --fanout");
}

struct PickRow {
    int n;
    long long bytes;
    bool nonCommutative;
    std::string text;
    std::string runs;
};

TEST(CliOmpi, DefaultNamesItsPick) {
    const std::vector<PickRow> rows{
        {16, 8, false,
         "ompi-default: Open MPI picks binary (algorithm 4) for n = 16, 8 bytes, commutative",
         "ompi-binary"},
        {16, 65536, false, "Open MPI picks binomial (algorithm 5) for n = 16, 65536 bytes",
         "ompi-binomial"},
        {16, 8, true,
         "Open MPI picks in-order_binary (algorithm 6) for n = 16, 8 bytes, non-commutative",
         "ompi-in-order-binary"},
        {5, 8192, false, "picks chain (algorithm 2) for n = 5, 8192 bytes", "ompi-pipeline"},
        {3, 4, false,
         "Open MPI picks rabenseifner (algorithm 7) for n = 3, 4 bytes, commutative; ReduceLab "
         "runs linear instead",
         "ompi-linear"},
        {6, 1, true, "Open MPI picks linear (algorithm 1) for n = 6, 1 byte, non-commutative",
         "ompi-linear"},
    };
    for (const PickRow& row : rows) {
        const auto run = [&](const std::string& algo) {
            Args args{"run", "--algo", algo, "--n", std::to_string(row.n), "--format", "json"};
            if (row.nonCommutative) {
                args << "--noncommutative";
            }
            return args;
        };
        const Args args = row.bytes == 8 ? run("ompi-default")
                                         : run("ompi-default") +
                                               Args{"--message-bytes", std::to_string(row.bytes)};
        const CliResult r = runCli(args);
        ASSERT_EQ(r.exitCode, 0) << r.err;
        EXPECT_TRUE(contains(r.err, row.text)) << r.err;
        EXPECT_EQ(count(r.err, '\n'), std::size_t{1}) << r.err;
        const json s = json::parse(r.out);
        EXPECT_TRUE(contains(s["ompi_default"]["text"].get<std::string>(), row.text)) << r.out;
        EXPECT_EQ(s["ompi_default"]["runs"], row.runs) << row.text;
        EXPECT_EQ(s["ompi_default"]["message_bytes"], row.bytes) << row.text;
        // The tree run is the one named: the same schedule as that algorithm's.
        const CliResult same = runCli(run(row.runs));
        ASSERT_EQ(same.exitCode, 0) << same.err;
        EXPECT_EQ(json::parse(same.out)["tree"], s["tree"]) << row.text;
    }
    // --quiet says nothing; mc names the pick too; the CSV of run has no new field.
    const CliResult quiet = runCli(Args{"run", "--algo", "ompi-default", "--n", "16", "--quiet"});
    ASSERT_EQ(quiet.exitCode, 0) << quiet.err;
    EXPECT_TRUE(quiet.err.empty()) << quiet.err;
    const CliResult loud = runCli(Args{"run", "--algo", "ompi-default", "--n", "16"});
    EXPECT_EQ(loud.out, quiet.out);
    const CliResult mc = runCli(Args{"mc", "--algo", "ompi-default", "--n", "40", "--replicates",
                                     "10", "--message-bytes", "100"});
    ASSERT_EQ(mc.exitCode, 0) << mc.err;
    EXPECT_TRUE(contains(mc.err, "Open MPI picks binomial (algorithm 5) for n = 40, 100 bytes"))
        << mc.err;
}
