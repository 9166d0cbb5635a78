// The command-line tool as a user meets it: exit codes and one-line errors for bad input (and no
// output file left behind), the shapes of the run/mc/sweep outputs, atomic --out, results that
// do not depend on the thread count, and the findings of the paper's Fig. 4 (docs/model.md §7) on a
// small sweep.
#include "cli_runner.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>

#include "experiment/monte_carlo.h"
#include "studies/platform_spec.h"

using namespace rl::test;
using nlohmann::json;

namespace {

// One row of the mc / sweep CSV, by column name.
using Row = std::map<std::string, std::string>;

std::vector<Row> parseCsv(const std::string& text, std::vector<std::string>* header = nullptr) {
    const std::vector<std::string> l = lines(text);
    std::vector<Row> rows;
    if (l.empty()) {
        return rows;
    }
    const std::vector<std::string> h = split(l.front(), ',');
    if (header) {
        *header = h;
    }
    for (std::size_t i = 1; i < l.size(); ++i) {
        const std::vector<std::string> f = split(l[i], ',');
        Row row;
        for (std::size_t j = 0; j < h.size() && j < f.size(); ++j) {
            row[h[j]] = f[j];
        }
        row["#fields"] = std::to_string(f.size());
        rows.push_back(row);
    }
    return rows;
}

// The matrix files the error cases read.
const TempDir& inputs() {
    static const TempDir dir;
    return dir;
}

// Before the tests (Qt Test's initTestCase): the CLI is there and the inputs are written; a
// failure here skips every test.
class Inputs : public ::testing::Environment {
  public:
    void SetUp() override {
        ASSERT_TRUE(fileExists(REDUCELAB_CLI));
        ASSERT_TRUE(inputs().isValid());
        ASSERT_TRUE(writeFile(inputs().filePath("malformed.csv"), "0,1,2\n3,0,x\n5,6,0\n"));
        ASSERT_TRUE(writeFile(inputs().filePath("three.csv"), "0,1,2\n3,0,4\n5,6,0\n"));
    }
};
::testing::Environment* const kInputs = ::testing::AddGlobalTestEnvironment(new Inputs);

} // namespace

// Long verbs report progress on standard error only when asked (--progress) or when it is
// a terminal (never here: the test reads a pipe); --quiet wins; the numbers never change.
struct ProgressOfLongVerbsRow {
    std::string name;
    Args args;
    std::string shown;
};

std::vector<ProgressOfLongVerbsRow> progressOfLongVerbsRows() {
    return {
        {"mc",
         {"mc", "--algo", "all", "--n", "32", "--replicates", "200000", "--threads", "2"},
         "mc: done"},
        {"sweep",
         {"sweep", "fig4", "--n", "16", "--replicates", "2000", "--cv", "0.1:1:3"},
         "sweep fig4: done"},
        {"bench", {"bench", "--seconds", "0.01", "--n", "8"}, "bench: done ("},
        // A steady state of about a second (a heterogeneous complete graph of 32 processors):
        // its time elapsed is shown after half a second.
        {"steady",
         {"steady", "--fixed-preset", "worstcase:1:3:0.5", "--n", "32", "--target", "any"},
         "steady: solved: "},
    };
}

class ProgressOfLongVerbs : public ::testing::TestWithParam<ProgressOfLongVerbsRow> {};

TEST_P(ProgressOfLongVerbs, Row) {
    auto args = GetParam().args;
    auto shown = GetParam().shown;
    const CliResult plain = runCli(args);
    ASSERT_EQ(plain.exitCode, 0);
    ASSERT_TRUE(plain.err.empty()) << plain.err;
    const CliResult asked = runCli(args + Args{"--progress"});
    ASSERT_EQ(asked.exitCode, 0);
    ASSERT_TRUE(contains(asked.err, shown)) << asked.err;
    ASSERT_TRUE(asked.err.ends_with('\n'));
    const CliResult quiet = runCli(args + Args{"--progress", "--quiet"});
    ASSERT_TRUE(quiet.err.empty());
    if (GetParam().name != "bench") { // bench measures: it varies
        ASSERT_EQ(asked.out, plain.out);
        ASSERT_EQ(quiet.out, plain.out);
    }
}
INSTANTIATE_TEST_SUITE_P(Cli, ProgressOfLongVerbs, ::testing::ValuesIn(progressOfLongVerbsRows()),
                         rl::test::RowName());

struct HelpOfEveryVerbRow {
    std::string name;
    Args args;
};

std::vector<HelpOfEveryVerbRow> helpOfEveryVerbRows() {
    return {
        {"top", {"--help"}},
        {"run", {"run", "--help"}},
        {"mc", {"mc", "--help"}},
        {"sweep", {"sweep", "--help"}},
        {"bench", {"bench", "--help"}},
        {"plot", {"plot", "--help"}},
        {"steady", {"steady", "--help"}},
        {"divisible", {"divisible", "--help"}},
    };
}

class HelpOfEveryVerb : public ::testing::TestWithParam<HelpOfEveryVerbRow> {};

TEST_P(HelpOfEveryVerb, Row) {
    auto args = GetParam().args;
    const CliResult r = runCli(args);
    ASSERT_EQ(r.exitCode, 0);
    ASSERT_TRUE(contains(r.out, "usage:")) << r.out;
    ASSERT_TRUE(r.err.empty());
}
INSTANTIATE_TEST_SUITE_P(Cli, HelpOfEveryVerb, ::testing::ValuesIn(helpOfEveryVerbRows()),
                         rl::test::RowName());

// Invalid input: exit 2, one line on stderr "reducelab-cli: error: ..." naming the problem,
// nothing on stdout, and no output file (every case also asks for --out).
struct InputErrorsRow {
    std::string name;
    Args args;
    Args expected;
};

std::vector<InputErrorsRow> inputErrorsRows() {
    std::vector<InputErrorsRow> rows;
    const Args run8{"run", "--algo", "binomial", "--n", "8"};
    rows.push_back({"unknown verb", {"frobnicate"}, Args{"unknown verb 'frobnicate'"}});
    rows.push_back({"unknown option", run8 + Args{"--bogus", "1"}, Args{"unknown option --bogus"}});
    rows.push_back({"missing --n", {"run", "--algo", "binomial"}, Args{"--n N is required"}});
    rows.push_back(
        {"--n 0", {"run", "--algo", "binomial", "--n", "0"}, Args{"--n", "0 is out of range"}});
    rows.push_back(
        {"--n -3", {"run", "--algo", "binomial", "--n", "-3"}, Args{"--n", "-3 is out of range"}});
    rows.push_back({"negative mean", run8 + Args{"--comm", "gamma:-1:1"},
                    Args{"--comm", "mean must be a finite number >= 0"}});
    rows.push_back({"nan mean", run8 + Args{"--comm", "gamma:nan:1"}, Args{"--comm", "NaN"}});
    rows.push_back({"uniform cv too large", run8 + Args{"--comm", "uniform:1:0.9"},
                    Args{"--comm", "1/sqrt(3)"}});
    rows.push_back(
        {"bad --comp", run8 + Args{"--comp", "gamma:1"}, Args{"--comp", "expected gamma:MEAN:CV"}});
    rows.push_back({"unknown algorithm",
                    {"run", "--algo", "quicksort", "--n", "8"},
                    Args{"unknown algorithm 'quicksort'"}});
    rows.push_back({"tree-dyn non-commutative",
                    {"run", "--algo", "tree-dyn", "--n", "8", "--noncommutative"},
                    Args{"Tree-dyn", "commutative"}});
    rows.push_back({"malformed matrix",
                    {"run", "--algo", "binomial", "--matrix", "@/malformed.csv"},
                    Args{"malformed.csv:2:", "'x' is not a number"}});
    rows.push_back({"matrix of another size",
                    {"run", "--algo", "binomial", "--matrix", "@/three.csv", "--n", "4"},
                    Args{"three.csv", "n = 3", "--n 4"}});
    rows.push_back({"missing matrix file",
                    {"run", "--algo", "binomial", "--matrix", "@/absent.csv"},
                    Args{"absent.csv"}});
    rows.push_back({"bad format", run8 + Args{"--format", "xml"}, Args{"--format", "'xml'"}});
    rows.push_back({"mc without --replicates",
                    {"mc", "--algo", "all", "--n", "8"},
                    Args{"--replicates R is required"}});
    rows.push_back({"mc repeated algorithm",
                    {"mc", "--algo", "nctd,nctd", "--n", "8", "--replicates", "10"},
                    Args{"'nctd' is listed twice"}});
    rows.push_back(
        {"mc quantiles out of order",
         {"mc", "--algo", "all", "--n", "8", "--replicates", "10", "--quantiles", "0.9,0.1"},
         Args{"increasing order"}});
    rows.push_back({"sweep unknown figure", {"sweep", "fig7"}, Args{"unknown figure 'fig7'"}});
    rows.push_back(
        {"sweep fig6 ratio 0 (log axis)",
         {"sweep", "fig6", "--n", "4", "--replicates", "5", "--cv", "0.3", "--ratio", "0"},
         Args{"ratio 0: fig6 draws the ratio on a logarithmic axis"}});
    rows.push_back(
        {"sweep bad grid", {"sweep", "fig4", "--cv", "0:1:3"}, Args{"--cv", "bounds > 0"}});
    rows.push_back(
        {"bench growth with --n", {"bench", "--growth", "--n", "8"}, Args{"--growth", "--n"}});
    rows.push_back({"bench growth and breakdown",
                    {"bench", "--growth", "--breakdown"},
                    Args{"--growth", "--breakdown", "choose one"}});
    return rows;
}

class InputErrors : public ::testing::TestWithParam<InputErrorsRow> {};

TEST_P(InputErrors, Row) {
    auto args = GetParam().args;
    auto expected = GetParam().expected;
    rl::test::TempDir outDir;
    ASSERT_TRUE(outDir.isValid());
    for (std::string& arg : args) { // "@/x.csv": x.csv among the inputs
        if (arg.starts_with('@')) {
            arg = inputs().path() + arg.substr(1);
        }
    }
    args << "--out" << outDir.filePath("out.csv");
    const CliResult r = runCli(args);
    ASSERT_EQ(r.exitCode, 2);
    ASSERT_TRUE(r.out.empty()) << r.out;
    const std::string err = r.err;
    ASSERT_TRUE(err.starts_with("reducelab-cli: error: ")) << err;
    ASSERT_TRUE(err.ends_with('\n') && count(err, '\n') == 1) << "not one line: " + err;
    for (const std::string& e : expected) {
        ASSERT_TRUE(contains(err, e)) << "'" << trimmed(err) << "' lacks '" << e << "'";
    }
    ASSERT_EQ(dirEntries(outDir.path()), Args{});
}
INSTANTIATE_TEST_SUITE_P(Cli, InputErrors, ::testing::ValuesIn(inputErrorsRows()),
                         rl::test::RowName());

// bench --growth: one row per size, 16 to 65536, for the algorithms asked, each with a
// positive cost per transfer (the values vary from run to run; only the shape is checked).
// The help of run and mc prints the defaults the core defines, once each: the command
// line's platform (PlatformSpec::cliDefault) and the experiment's options (McOptions).
TEST(Cli, HelpPrintsTheCoresDefaults) {
    const rl::PlatformSpec platform = rl::PlatformSpec::cliDefault();
    const rl::McOptions options;
    const std::string comm = formatted("(default %1)", platform.transfer.toString());
    const std::string comp = formatted("(default %1)", platform.reduction.toString());
    for (const char* verb : {"run", "mc"}) {
        const CliResult r = runCli({verb, "--help"});
        ASSERT_EQ(r.exitCode, 0);
        ASSERT_TRUE(contains(r.out, comm) && contains(r.out, comp)) << verb;
    }
    const CliResult mc = runCli({"mc", "--help"});
    ASSERT_TRUE(contains(mc.out, formatted("histogram bins (default %1)", options.histogramBins)));
    ASSERT_TRUE(contains(mc.out, formatted("(default %1)", options.exactQuantileLimit)));
    ASSERT_TRUE(contains(mc.out, "increasing (default 0.1,0.5,0.9)"));
    ASSERT_EQ(options.quantiles, (std::vector<double>{0.1, 0.5, 0.9}));
}

TEST(Cli, BenchGrowth) {
    const CliResult r = runCli({"bench", "--growth", "--algo", "tree-dyn", "--seconds", "0.01"});
    ASSERT_EQ(r.exitCode, 0);
    const Args lines = split(trimmed(r.out), '\n');
    ASSERT_EQ(lines.front(), std::string("algorithm,n,cv,replicates,cpu_seconds,ns_per_transfer"));
    ASSERT_EQ(lines.size(), 8);
    const Args sizes{"16", "64", "256", "1024", "4096", "16384", "65536"};
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        const Args f = split(lines[i + 1], ',');
        ASSERT_EQ(f.size(), 6);
        ASSERT_EQ(f[0], std::string("tree-dyn"));
        ASSERT_EQ(f[1], sizes[i]);
        ASSERT_TRUE(toDouble(f[5]) > 0.0) << lines[i + 1];
    }
}

// bench --breakdown: one row per algorithm and setting (CV 0.1, 1, 3, then reductions), the
// run's share being the total less the draws (the values vary; their shape is checked).
TEST(Cli, BenchBreakdown) {
    const CliResult r = runCli(
        {"bench", "--breakdown", "--algo", "nctd,binomial", "--n", "16", "--seconds", "0.03"});
    ASSERT_EQ(r.exitCode, 0);
    const Args lines = split(trimmed(r.out), '\n');
    ASSERT_EQ(lines.front(), std::string("algorithm,n,cv,comp,replicates,total_ns,draw_ns,run_ns,"
                                         "run_same_draws_ns"));
    ASSERT_EQ(lines.size(), 9);
    const Args algos{"nctd", "binomial"};
    const Args cvs{"0.1", "1", "3", "1"};
    const Args comps{"const:0", "const:0", "const:0", "gamma:1:1"};
    for (int i = 0; i < 8; ++i) {
        const Args f = split(lines[i + 1], ',');
        ASSERT_EQ(f.size(), 9);
        ASSERT_EQ(f[0], algos[i / 4]);
        ASSERT_EQ(f[1], std::string("16"));
        ASSERT_EQ(f[2], cvs[i % 4]);
        ASSERT_EQ(f[3], comps[i % 4]);
        ASSERT_TRUE(toLongLong(f[4]) >= 64) << lines[i + 1];
        for (int k : {5, 6, 8}) {
            ASSERT_TRUE(toDouble(f[k]) > 0.0) << lines[i + 1];
        }
        // The run's time is the total less the draws': each of the three is rounded to a
        // tenth of a nanosecond (up to 0.05 off), so they agree within 0.15.
        const double rounding = 3 * 0.05 + 1e-9;
        ASSERT_TRUE(std::abs(toDouble(f[7]) - (toDouble(f[5]) - toDouble(f[6]))) <= rounding)
            << lines[i + 1];
    }
}

TEST(Cli, OutIntoMissingDirectory) {
    rl::test::TempDir outDir;
    const std::string missing = outDir.filePath("no/such/dir");
    const CliResult r =
        runCli({"run", "--algo", "binomial", "--n", "8", "--out", missing + "/s.csv"});
    ASSERT_EQ(r.exitCode, 2);
    const std::string err = r.err;
    ASSERT_TRUE(err.starts_with("reducelab-cli: error: --out '") && contains(err, missing) &&
                contains(err, "No such file or directory") && count(err, '\n') == 1)
        << err;
    ASSERT_TRUE(r.out.empty());
    ASSERT_EQ(dirEntries(outDir.path()), Args{});
}

TEST(Cli, RunJson) {
    const CliResult r = runCli({"run", "--algo", "fibonacci", "--n", "8", "--comm", "gamma:1:0.5",
                                "--comp", "gamma:0.5:0.5", "--seed", "3", "--format", "json"});
    ASSERT_EQ(r.exitCode, 0);
    const json o = json::parse(r.out, nullptr, false);
    ASSERT_TRUE(!o.is_discarded()) << "not JSON: " << r.out;
    ASSERT_TRUE(o.is_object());
    ASSERT_TRUE(o.at("makespan").is_number());
    ASSERT_TRUE(o.at("root").is_number());
    ASSERT_EQ(o.at("n").get<int>(), 8);
    const json& transfers = o.at("transfers");
    const json& reductions = o.at("reductions");
    ASSERT_EQ(transfers.size(), 7);
    ASSERT_EQ(reductions.size(), 7);
    const json& parent = o.at("tree").at("parent");
    ASSERT_EQ(parent.size(), 8);
    const int root = o.at("root").get<int>();
    ASSERT_EQ(parent.at(root).get<int>(), -1);
    // The makespan is the last end of an operation; every non-root sends once, to its parent.
    double last = 0.0;
    for (const json& t : transfers) {
        ASSERT_EQ(parent.at(t.at("from").get<int>()).get<int>(), t.at("to").get<int>());
        ASSERT_TRUE(t.at("end").get<double>() > t.at("start").get<double>());
        last = std::max(last, t.at("end").get<double>());
    }
    for (const json& v : reductions) {
        last = std::max(last, v.at("end").get<double>());
    }
    ASSERT_FUZZY_EQ(o.at("makespan").get<double>(), last);
    ASSERT_EQ(reductions.back().at("value").get<std::string>(), std::string("[0,7]"));
}

TEST(Cli, RunCsv) {
    const int n = 16;
    const CliResult r =
        runCli({"run", "--algo", "nctd", "--n", std::to_string(n), "--comm", "gamma:1:0.5"});
    ASSERT_EQ(r.exitCode, 0);
    const std::vector<std::string> l = lines(r.out);
    ASSERT_EQ(l.size(), 1 + 2 * (n - 1));
    ASSERT_EQ(l.front(), std::string("kind,processor,peer,start,end,duration,value"));
    for (std::size_t i = 1; i < l.size(); ++i) {
        ASSERT_TRUE(l[i].starts_with(i < n ? "transfer," : "reduction,")) << l[i];
    }
}

// The value column holds runs such as "[0,3] [6,7]", which contain commas: unquoted, a row
// has more fields than the header and no CSV reader can load the file.
TEST(Cli, RunCsvValueColumnIsOneField) {
    const CliResult r = runCli({"run", "--algo", "binomial", "--n", "8", "--comm", "const:1"});
    ASSERT_EQ(r.exitCode, 0);
    const std::vector<std::string> l = lines(r.out);
    ASSERT_TRUE(l.size() > 1);
    ASSERT_TRUE(l[1].ends_with("\"[1,1]\"")) << l[1];
}

// --out writes the file atomically: the same bytes as standard output, nothing printed, and
// no temporary file left beside it (also when it replaces an existing file).
TEST(Cli, OutWritesOnlyTheFile) {
    rl::test::TempDir outDir;
    ASSERT_TRUE(outDir.isValid());
    const Args args{"run",    "--algo", "tree-dyn", "--n", "12",
                    "--comm", "exp:1",  "--format", "json"};
    const CliResult toStdout = runCli(args);
    ASSERT_EQ(toStdout.exitCode, 0);
    const std::string path = outDir.filePath("schedule.json");
    for (int pass = 0; pass < 2; ++pass) {
        const CliResult r = runCli(args + Args{"--out", path});
        ASSERT_EQ(r.exitCode, 0);
        ASSERT_TRUE(r.out.empty());
        ASSERT_TRUE(r.err.empty());
        ASSERT_EQ(dirEntries(outDir.path()), Args{"schedule.json"});
        const std::optional<std::string> f = readFile(path);
        ASSERT_TRUE(f.has_value());
        ASSERT_EQ(*f, toStdout.out);
    }
    const CliResult mc = runCli({"mc", "--algo", "all", "--n", "8", "--replicates", "100", "--out",
                                 outDir.filePath("mc.csv"), "--hist", outDir.filePath("hist.csv")});
    ASSERT_EQ(mc.exitCode, 0);
    ASSERT_TRUE(mc.out.empty());
    ASSERT_EQ(dirEntries(outDir.path()), (Args{"hist.csv", "mc.csv", "schedule.json"}));
}

// Replicates are cut into fixed blocks merged in block order: one thread or two, the bytes
// are the same.
TEST(Cli, McIndependentOfThreads) {
    const Args args{"mc",          "--algo", "all",     "--n",          "16",  "--comm",
                    "gamma:1:0.5", "--comp", "const:0", "--replicates", "5000"};
    const CliResult one = runCli(args + Args{"--threads", "1"});
    const CliResult two = runCli(args + Args{"--threads", "2"});
    ASSERT_EQ(one.exitCode, 0);
    ASSERT_EQ(two.exitCode, 0);
    ASSERT_EQ(lines(one.out).size(), 5);
    ASSERT_EQ(one.out, two.out);
}

TEST(Cli, McColumns) {
    const CliResult r = runCli({"mc", "--algo", "all", "--n", "16", "--comm", "gamma:1:0.5",
                                "--comp", "const:0", "--replicates", "5000", "--threads", "2"});
    ASSERT_EQ(r.exitCode, 0);
    std::vector<std::string> header;
    const std::vector<Row> rows = parseCsv(r.out, &header);
    ASSERT_EQ(
        header,
        split(std::string("algorithm,n,replicates,mean,variance,stderr,min,q10,q50,q90,max"), ','));
    ASSERT_EQ(rows.size(), std::size_t{4});
    const Args keys{"binomial", "fibonacci", "tree-dyn", "nctd"};
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row& row = rows[i];
        ASSERT_EQ(row.at("#fields"), std::string("11"));
        ASSERT_EQ(row.at("algorithm"), keys[i]);
        ASSERT_EQ(row.at("n"), std::string("16"));
        ASSERT_EQ(row.at("replicates"), std::string("5000"));
        auto v = [&](const char* c) { return toDouble(row.at(c)); };
        ASSERT_TRUE(v("min") <= v("q10") && v("q10") <= v("q50") && v("q50") <= v("q90") &&
                    v("q90") <= v("max"));
        ASSERT_TRUE(v("min") <= v("mean") && v("mean") <= v("max"));
        ASSERT_TRUE(std::abs(v("stderr") - std::sqrt(v("variance") / 5000.0)) <=
                    1e-9 * v("stderr"));
    }
}

// docs/model.md §7, Fig. 4 (n = 64, gamma(1, CV) transfers, no reduction cost), on 7 CVs from
// 0.01 to 10 with 2000 replicates (about 0.2 s). Observed (seed 1), mean makespans:
//
//   CV       binomial  fibonacci  tree-dyn  nctd     nctd q90-q10  tree-dyn q90-q10
//   0.01     6.0394    8.9992     6.0312    7.1403   0.987         0.049
//   0.0316   6.1252    8.9974     6.0991    7.1560
//   0.1      6.4021    8.9919     6.3185    7.2024
//   0.316    7.3368    9.2332     6.6414    7.3933
//   1        10.592    11.816     8.0082    9.0539
//   3.16     23.208    24.050     19.552    20.780
//   10       50.482    50.782     49.036    49.451   (max/min mean 1.036)
//
// The orderings are paired comparisons on common random numbers, so what matters is the SE
// of the per-replicate difference, not of each mean. The narrowest margins are at CV 10:
// binomial - nctd = 1.03 (paired SE 0.15), nctd - tree-dyn = 0.42 (paired SE 0.084), both
// about 5 SE or more; at CV 0.01 binomial - tree-dyn = 0.0082 (paired SE 0.0001). The same
// checks hold for seeds 1 to 12. Thresholds are the paper's claims, not fitted to the run:
// Binomial-stat "close to" Tree-dyn for CV <= 0.1 is read as within 3% (observed at most 1.3%,
// while the gap is 10-32% for 0.3 <= CV <= 3); the NCTD ribbon at CV 0.01 spans the extra
// step it sometimes needs (about one transfer, observed 0.99), against Tree-dyn's spread of
// 2.56 sigma ~ 0.05; "all converge" near CV 10 as a spread of the means below 25%.
TEST(Cli, SweepFig4Findings) {
    const CliResult r = runCli({"sweep", "fig4", "--replicates", "2000", "--cv", "0.01:10:7",
                                "--threads", "2", "--seed", "1"});
    ASSERT_EQ(r.exitCode, 0);
    std::vector<std::string> header;
    const std::vector<Row> rows = parseCsv(r.out, &header);
    ASSERT_EQ(
        header,
        split("cv,ratio,algorithm,n,replicates,mean,variance,stderr,min,q10,q50,q90,max", ','));
    ASSERT_EQ(rows.size(), std::size_t{7 * 4});

    // point[cv index][algorithm] = row
    std::vector<std::map<std::string, Row>> point(7);
    std::vector<double> cvs;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row& row = rows[i];
        ASSERT_EQ(row.at("#fields"), std::string("13"));
        ASSERT_EQ(row.at("ratio"), std::string("0"));
        ASSERT_EQ(row.at("n"), std::string("64"));
        ASSERT_EQ(row.at("replicates"), std::string("2000"));
        if (i % 4 == 0) {
            cvs.push_back(toDouble(row.at("cv")));
        }
        ASSERT_FUZZY_EQ(toDouble(row.at("cv")), cvs.back());
        point[i / 4][row.at("algorithm")] = row;
    }
    for (std::size_t k = 0; k < cvs.size(); ++k) {
        const double expected = std::pow(10.0, -2.0 + 0.5 * static_cast<double>(k));
        ASSERT_TRUE(std::abs(cvs[k] - expected) <= 1e-12 * expected) << cvs[k];
    }

    const Args algos{"binomial", "fibonacci", "tree-dyn", "nctd"};
    for (std::size_t k = 0; k < cvs.size(); ++k) {
        std::map<std::string, double> mean;
        for (const std::string& a : algos) {
            ASSERT_TRUE(point[k].count(a)) << a;
            mean[a] = toDouble(point[k].at(a).at("mean"));
        }
        const std::string at =
            formatted(" at CV %1: binomial %2 fibonacci %3 tree-dyn %4 nctd %5", cvs[k],
                      mean["binomial"], mean["fibonacci"], mean["tree-dyn"], mean["nctd"]);
        for (const std::string& a : algos) {
            if (a != "tree-dyn") {
                ASSERT_TRUE(mean["tree-dyn"] < mean[a]) << "Tree-dyn is not the best" + at;
            }
            if (a != "fibonacci" && cvs[k] <= 3.0) {
                ASSERT_TRUE(mean["fibonacci"] > mean[a]) << "Fibonacci-stat is not the worst" + at;
            }
        }
        const double binomialGap = mean["binomial"] / mean["tree-dyn"] - 1.0;
        if (cvs[k] <= 0.1 + 1e-9) {
            ASSERT_TRUE(binomialGap < 0.03) << "Binomial-stat is not close to Tree-dyn" + at;
        } else if (cvs[k] < 3.2) {
            ASSERT_TRUE(binomialGap > 0.03) << "Binomial-stat is as good as Tree-dyn" + at;
        }
        if (cvs[k] >= 0.5) {
            ASSERT_TRUE(mean["nctd"] < mean["binomial"] && mean["nctd"] < mean["fibonacci"])
                << "Non-Commut-Tree-dyn is not second" + at;
        }
    }
    auto ribbon = [&](const std::string& a) {
        return toDouble(point[0].at(a).at("q90")) - toDouble(point[0].at(a).at("q10"));
    };
    ASSERT_TRUE(ribbon("nctd") > 0.5) << ribbon("nctd");
    ASSERT_TRUE(ribbon("tree-dyn") < 0.1) << ribbon("tree-dyn");
    double lo = INFINITY;
    double hi = 0.0;
    for (const std::string& a : algos) {
        lo = std::min(lo, toDouble(point[6].at(a).at("mean")));
        hi = std::max(hi, toDouble(point[6].at(a).at("mean")));
    }
    ASSERT_TRUE(hi / lo < 1.25) << "max/min mean at CV 10: " << hi / lo;
}
