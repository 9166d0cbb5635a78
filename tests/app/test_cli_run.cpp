// `reducelab-cli run` and what it writes beside the schedule: the figures' bounds refused in one
// line before anything is written; --narration FILE|-. What Qt reads back (the figures, the
// scenario, the Paje trace's colours) is test_cli_run_figures.
#include "cli_runner.h"

#include "algorithms/simulator.h"
#include "engine/narration.h"

#include "cli_runner.h"

using namespace rl;
using rl::test::contains;
using namespace rl::test;

namespace {

const Args kRun{"run",    "--algo",      "fibonacci", "--n",           "32",
                "--comm", "gamma:1:0.5", "--comp",    "gamma:0.5:0.5", "--seed",
                "5",      "--replicate", "2"};

std::string readAll(const std::string& path) {
    return readFile(path).value_or(std::string());
}

} // namespace

// Every bound refused with exit 2, one line naming the option, before anything is written.
struct BadFigureOptionsAreRefusedRow {
    std::string name;
    Args args;
    std::string expected;
};

std::vector<BadFigureOptionsAreRefusedRow> badFigureOptionsAreRefusedRows() {
    return {
        {"narrow",
         {"--width-mm", "5"},
         "--width-mm 5: the figure's width must be between 20 and 500 mm"},
        {"wide", {"--width-mm", "600"}, "--width-mm 600:"},
        {"nan", {"--width-mm", "nan"}, "--width-mm"},
        {"font quarter point",
         {"--font-pt", "8.25"},
         "--font-pt 8.25: the font size must be a whole or half point"},
        {"font tiny",
         {"--font-pt", "1"},
         "--font-pt 1: the font size must be between 4 and 36 points"},
        {"font text", {"--font-pt", "eight"}, "--font-pt"},
        {"dpi", {"--dpi", "5000"}, "--dpi"},
        {"frame",
         {"--frame", "1.5"},
         "--frame 1.5: the frame is a fraction of the makespan, from 0 to 1"},
        {"png too large",
         {"--width-mm", "500", "--dpi", "1200"},
         "a PNG 500 mm wide at 1200 dpi may have"},
    };
}

class BadFigureOptionsAreRefused : public ::testing::TestWithParam<BadFigureOptionsAreRefusedRow> {
};

TEST_P(BadFigureOptionsAreRefused, Row) {
    if (!kCliDrawsFigures) {
        GTEST_SKIP() << "this build's reducelab-cli draws no figures";
    }
    auto args = GetParam().args;
    auto expected = GetParam().expected;
    rl::test::TempDir dir;
    const CliResult r = runCli(kRun + args +
                               Args{"--figure", dir.filePath("f.png"), "--narration",
                                    dir.filePath("n.txt"), "--out", dir.filePath("s.csv")});
    ASSERT_EQ(r.exitCode, 2);
    const std::string err = trimmed(r.err);
    ASSERT_EQ(count(err, '\n'), 0);
    ASSERT_TRUE(contains(err, expected)) << err;
    ASSERT_TRUE(dirEntries(dir.path()).empty());
}
INSTANTIATE_TEST_SUITE_P(CliRun, BadFigureOptionsAreRefused,
                         ::testing::ValuesIn(badFigureOptionsAreRefusedRows()),
                         rl::test::RowName());

TEST(CliRun, FigureOptionsNeedAFigure) {
    if (!kCliDrawsFigures) {
        GTEST_SKIP() << "this build's reducelab-cli draws no figures";
    }
    const CliResult r = runCli(kRun + Args{"--frame", "0.5"});
    ASSERT_EQ(r.exitCode, 2);
    ASSERT_TRUE(contains(r.err, "--frame applies to figures: add --gantt, --tree or --figure"))
        << r.err;
    ASSERT_TRUE(r.out.empty());
}

TEST(CliRun, NarrationAsText) {
    rl::test::TempDir dir;
    Simulator sim(AlgorithmId::FibonacciStat, 32, false,
                  CostModel::perOperation(Law::gamma(1, 0.5), Law::gamma(0.5, 0.5)));
    Narration narration;
    sim.narratedSchedule(5, 2, narration);
    const std::string expected = narrationText(narration);
    const CliResult toFile =
        runCli(kRun + Args{"--narration", dir.filePath("n.txt"), "--out", "/dev/null"});
    ASSERT_TRUE(toFile.exitCode == 0) << toFile.err;
    ASSERT_EQ(readAll(dir.filePath("n.txt")), expected);
    const CliResult toOut = runCli(kRun + Args{"--narration", "-", "--out", dir.filePath("s.csv")});
    ASSERT_TRUE(toOut.exitCode == 0) << toOut.err;
    ASSERT_EQ(toOut.out, expected);
    // One sentence a line, every line a time: 2 (n - 1) operations start and end.
    const std::vector<std::string> sentences = lines(expected);
    ASSERT_TRUE(sentences.size() >= 4 * 31);
    for (const std::string& line : sentences) {
        ASSERT_TRUE(line.starts_with(std::string("t = "))) << line;
    }
    // Standard output cannot carry both.
    const CliResult both = runCli(kRun + Args{"--narration", "-"});
    ASSERT_EQ(both.exitCode, 2);
    ASSERT_TRUE(contains(both.err, "--narration '-': the same output is named twice")) << both.err;
}
