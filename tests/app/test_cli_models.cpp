// The `steady` and `divisible` verbs as a user meets them: --help, CSV shapes and the seeds'
// results through the command line (TP = 1/2 on the toy scatter, the bandwidth order best of
// all orders, LIFO without idle time, pipelining never slower than one reduction at a time),
// figures written, and bad input refused with exit code 2 and a one-line message.
#include "cli_runner.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

using namespace rl::test;

namespace {

/// CSV rows as column -> text (fields never contain commas except the quoted method, which
/// the tests below do not read).
std::vector<std::map<std::string, std::string>> table(const std::string& csv) {
    const std::vector<std::string> text = lines(csv);
    std::vector<std::map<std::string, std::string>> rows;
    if (text.empty()) {
        return rows;
    }
    const std::vector<std::string> head = split(text.front(), ',');
    for (std::size_t i = 1; i < text.size(); ++i) {
        std::string line = text[i];
        // Drop a leading quoted field with commas inside.
        if (line.starts_with('"')) {
            const std::size_t end = line.find('"', 1);
            line = "method" + line.substr(end + 1);
        }
        const std::vector<std::string> f = split(line, ',');
        std::map<std::string, std::string> row;
        for (std::size_t j = 0; j < head.size() && j < f.size(); ++j) {
            row[head[j]] = f[j];
        }
        rows.push_back(row);
    }
    return rows;
}

double number(const std::map<std::string, std::string>& row, const std::string& key) {
    const auto it = row.find(key);
    return it == row.end() ? std::numeric_limits<double>::quiet_NaN() : toDouble(it->second);
}

void expectUsageError(const Args& args, const std::string& needle) {
    const CliResult r = runCli(args);
    ASSERT_EQ(r.exitCode, 2);
    ASSERT_TRUE(r.out.empty());
    ASSERT_EQ(count(r.err, '\n'), 1);
    ASSERT_TRUE(contains(r.err, needle)) << r.err;
}

} // namespace

TEST(CliModels, Help) {
    for (const char* verb : {"steady", "divisible"}) {
        const CliResult r = runCli({verb, "--help"});
        ASSERT_EQ(r.exitCode, 0);
        ASSERT_TRUE(contains(r.out, "usage") || contains(r.out, "Usage"));
    }
    ASSERT_TRUE(contains(runCli({"--help"}).out, "divisible"));
}

TEST(CliModels, DivisibleStar) {
    const CliResult r = runCli({"divisible", "--preset", "star"});
    ASSERT_EQ(r.exitCode, 0);
    const auto rows = table(r.out);
    ASSERT_EQ(rows.size(), std::size_t{4});
    double alpha = 0.0;
    for (const auto& row : rows) {
        alpha += number(row, "alpha");
        ASSERT_TRUE(std::abs(number(row, "compute_end") - number(row, "makespan")) < 1e-9);
    }
    ASSERT_TRUE(std::abs(alpha - 1.0) < 1e-9);
    // Served by decreasing bandwidth: the preset's c are 2, 0.5, 1, 3.
    ASSERT_EQ(rows[0].at("worker"), std::string("P2"));
    ASSERT_EQ(rows[3].at("worker"), std::string("P4"));
}

TEST(CliModels, DivisibleAllOrders) {
    const CliResult r = runCli({"divisible", "--preset", "star", "--order", "all"});
    ASSERT_EQ(r.exitCode, 0);
    const auto rows = table(r.out);
    ASSERT_EQ(rows.size(), std::size_t{24});
    const auto best = std::min_element(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
        return number(a, "makespan") < number(b, "makespan");
    });
    ASSERT_EQ(best->at("bandwidth_order"), std::string("yes"));
    const auto worst = std::max_element(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
        return number(a, "makespan") < number(b, "makespan");
    });
    ASSERT_TRUE(number(*worst, "makespan") > 1.1 * number(*best, "makespan"));
}

TEST(CliModels, DivisibleReturnsAndRounds) {
    const CliResult lifo = runCli({"divisible", "--preset", "returns", "--model", "lifo"});
    ASSERT_EQ(lifo.exitCode, 0);
    for (const auto& row : table(lifo.out)) {
        ASSERT_FUZZY_EQ(number(row, "idle"), 0.0);
        ASSERT_TRUE(number(row, "alpha") > 0.0);
    }
    const CliResult one = runCli({"divisible", "--preset", "multiround", "--model", "multiround",
                                  "--load", "100", "--rounds", "1"});
    const CliResult best =
        runCli({"divisible", "--preset", "multiround", "--model", "multiround", "--load", "100"});
    ASSERT_EQ(one.exitCode, 0);
    ASSERT_EQ(best.exitCode, 0);
    ASSERT_TRUE(number(table(best.out).front(), "makespan") <
                number(table(one.out).front(), "makespan"));
    const CliResult steady =
        runCli({"divisible", "--preset", "multiround", "--model", "steady", "--period", "20"});
    ASSERT_EQ(steady.exitCode, 0);
    ASSERT_EQ(table(steady.out).size(), std::size_t{4});
}

TEST(CliModels, SteadyScatterToy) {
    const CliResult r =
        runCli({"steady", "--preset", "scatter-toy", "--problem", "scatter", "--targets", "3,4"});
    ASSERT_EQ(r.exitCode, 0);
    const auto rows = table(r.out);
    ASSERT_EQ(rows.size(), std::size_t{1});
    ASSERT_TRUE(std::abs(number(rows[0], "throughput") - 0.5) < 1e-9);
    ASSERT_EQ(rows[0].at("period_exact"), std::string("yes"));
    for (const char* what : {"occupation", "flows", "trees", "schedule"}) {
        const CliResult w = runCli({"steady", "--preset", "reduce-toy", "--what", what});
        ASSERT_EQ(w.exitCode, 0);
        ASSERT_TRUE(table(w.out).size() >= 1);
    }
}

TEST(CliModels, SteadyBeatsSingleReductions) {
    const CliResult r =
        runCli({"steady", "--fixed-preset", "worstcase:1:3:0.5", "--n", "5", "--what", "compare"});
    ASSERT_EQ(r.exitCode, 0);
    const auto rows = table(r.out);
    ASSERT_EQ(rows.size(), std::size_t{3});
    for (const auto& row : rows) {
        ASSERT_TRUE(number(row, "steady_throughput") >=
                    number(row, "single_throughput") * (1 - 1e-9));
        ASSERT_TRUE(number(row, "gain") >= 1.0 - 1e-9);
    }
}

// Issue 29's multi-round reproducers through the command line: one worker 0.1:1:0:0.1 and
// a load of 100 (the slides' recurrence: T = 100 + 1/9), the best number of rounds, 14
// and 20 rounds; the best-rounds search on a 2-worker platform (T = 962.80678636). They
// exited 1 (an invalid schedule) or were refused; now exit 0, every round positive.
TEST(CliModels, DivisibleMultiRoundReproducers) {
    const Args one{"divisible",   "--model", "multiround", "--workers",
                   "0.1:1:0:0.1", "--load",  "100"};
    for (const Args& extra : {Args{}, Args{"--rounds", "14"}, Args{"--rounds", "20"}}) {
        const CliResult r = runCli(one + extra);
        ASSERT_TRUE(r.exitCode == 0) << r.err;
        const auto rows = table(r.out);
        if (!extra.empty()) {
            ASSERT_EQ(rows.size(),
                      static_cast<std::size_t>(static_cast<int>(toLongLong(extra[1]))));
        }
        for (const auto& row : rows) {
            ASSERT_TRUE(number(row, "amount") > 0.0);
            ASSERT_TRUE(std::abs(number(row, "makespan") / (100.0 + 1.0 / 9.0) - 1.0) < 1e-10);
        }
    }
    const CliResult two =
        runCli({"divisible", "--model", "multiround", "--workers",
                "0.078:0.713:0.0:0.108,0.646:3.366:0.0:0.426", "--load", "1635.1"});
    ASSERT_TRUE(two.exitCode == 0) << two.err;
    ASSERT_TRUE(std::abs(number(table(two.out).front(), "makespan") / 962.80678636 - 1.0) < 1e-10);
    // Truly too many rounds: refused with the reason.
    expectUsageError(one + Args{"--rounds", "1000"}, "rounds do not fit");
}

// LIFO with returns: its idle times (none, by the slides' theorem) print as 0, not as the
// linear program's rounding (-4e-6 with a makespan of 438947 here); none is negative.
TEST(CliModels, DivisibleIdleIsNotSolverNoise) {
    const CliResult r =
        runCli({"divisible", "--model", "lifo", "--workers",
                "5.692:40.12:0.6311,4.723:18.99:2.1,4.328:38.12:0.02106,5.912:5.12:3.174", "--load",
                "49630.2"});
    ASSERT_EQ(r.exitCode, 0);
    const auto rows = table(r.out);
    ASSERT_EQ(rows.size(), std::size_t{4});
    for (const auto& row : rows) {
        ASSERT_EQ(row.at("idle"), std::string("0"));
    }
}

// Every output a mode of steady or divisible is given is written (exit 0), or the
// combination is refused before any work (exit 2, one line, no file): never exit 1 with an
// output declared and never staged. --what compare solves no periodic schedule to draw.
TEST(CliModels, EveryOutputIsWrittenOrRefused) {
    if (!kCliDrawsFigures) {
        GTEST_SKIP() << "this build's reducelab-cli draws no figures";
    }
    rl::test::TempDir dir;
    const std::string gantt = dir.filePath("g.svg");
    const std::string csv = dir.filePath("o.csv");
    const auto check = [&](Args args, bool drawn) {
        std::remove(gantt.c_str());
        std::remove(csv.c_str());
        args << "--gantt" << gantt << "--out" << csv;
        const CliResult r = runCli(args);
        const std::string what = join(args, " ") + ": " + r.err;
        if (drawn) {
            ASSERT_TRUE(r.exitCode == 0) << what;
            ASSERT_TRUE(rl::test::fileSize(gantt) > 1000) << what;
            ASSERT_TRUE(rl::test::fileSize(csv) > 10) << what;
        } else {
            ASSERT_TRUE(r.exitCode == 2) << what;
            ASSERT_EQ(count(r.err, '\n'), 1);
            ASSERT_TRUE(!rl::test::fileExists(gantt) && !rl::test::fileExists(csv));
        }
    };
    for (const char* what : {"summary", "occupation", "flows", "trees", "schedule"}) {
        check({"steady", "--fixed-preset", "worstcase:1:3:0.5", "--n", "4", "--what", what}, true);
        check({"steady", "--preset", "scatter-toy", "--problem", "scatter", "--what", what}, true);
    }
    check({"steady", "--fixed-preset", "worstcase:1:3:0.5", "--n", "4", "--what", "compare"},
          false);
    const CliResult compare = runCli({"steady", "--fixed-preset", "worstcase:1:3:0.5", "--n", "4",
                                      "--what", "compare", "--gantt", gantt});
    ASSERT_TRUE(contains(compare.err, "--gantt with --what compare")) << compare.err;
    const std::pair<const char*, const char*> models[] = {{"bus", "bus"},
                                                          {"star", "star"},
                                                          {"lifo", "returns"},
                                                          {"fifo", "fifo"},
                                                          {"multiround", "multiround"},
                                                          {"steady", "multiround"}};
    for (const auto& [model, preset] : models) {
        check({"divisible", "--model", model, "--preset", preset, "--period", "20"}, true);
    }
    for (const char* order : {"worst", "all", "2,1,3,4"}) {
        check({"divisible", "--preset", "star", "--order", order}, true);
    }
}

TEST(CliModels, Figures) {
    if (!kCliDrawsFigures) {
        GTEST_SKIP() << "this build's reducelab-cli draws no figures";
    }
    rl::test::TempDir dir;
    const std::string a = dir.filePath("divisible.png");
    const std::string b = dir.filePath("steady.svg");
    ASSERT_EQ(
        runCli({"divisible", "--preset", "returns", "--model", "lifo", "--gantt", a}).exitCode, 0);
    ASSERT_EQ(runCli({"steady", "--preset", "reduce-toy", "--gantt", b}).exitCode, 0);
    ASSERT_TRUE(rl::test::fileSize(a) > 1000);
    ASSERT_TRUE(rl::test::fileSize(b) > 1000);
}

TEST(CliModels, BadInput) {
    expectUsageError({"divisible", "--workers", "1:-2"}, "worker P1: w");
    expectUsageError({"divisible", "--preset", "star", "--model", "nope"}, "--model");
    expectUsageError({"divisible", "--preset", "star", "--model", "bus"}, "one c");
    expectUsageError({"divisible"}, "--workers");
    expectUsageError({"divisible", "--preset", "star", "--order", "1,1,2,3"}, "twice");
    expectUsageError({"divisible", "--preset", "multiround", "--model", "steady", "--period", "1"},
                     "latencies");
    expectUsageError({"steady", "--graph", "/nonexistent/g.csv"}, "cannot read");
    expectUsageError({"steady", "--preset", "reduce-toy", "--target", "9"}, "--target");
    expectUsageError({"steady", "--preset", "reduce-toy", "--what", "compare"}, "--matrix");
    expectUsageError({"steady", "--preset", "ring:99"}, "ring:99");
    rl::test::TempDir dir;
    const std::string out = dir.filePath("missing/x.csv");
    expectUsageError({"steady", "--preset", "reduce-toy", "--out", out},
                     "--out '" + out + "': folder");
    ASSERT_TRUE(!rl::test::fileExists(out));
}
