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
    ASSERT_TRUE(contains(both.err, "--narration '-': standard output is where --out writes when it "
                                   "is not given; add --out FILE"))
        << both.err;
}

// --arrival: the run's JSON records each processor's arrival, the narration tells it, the
// sidecar scenario carries the law (so the run replays), and the clairvoyant baselines refuse
// it in one line. A constant arrival of 0.5 delays the whole run by 0.5 (unit costs: exact).
TEST(CliRun, LateArrivals) {
    TempDir dir;
    const Args unit{"run", "--algo", "binomial", "--n", "6", "--comm", "const:1"};
    const CliResult plain = runCli(unit + Args{"--format", "json"});
    ASSERT_TRUE(plain.exitCode == 0) << plain.err;
    const CliResult late = runCli(unit + Args{"--format", "json", "--arrival", "const:0.5"});
    ASSERT_TRUE(late.exitCode == 0) << late.err;
    ASSERT_TRUE(contains(plain.out, "\"makespan\": 3,")) << plain.out;
    ASSERT_TRUE(contains(late.out, "\"makespan\": 3.5,")) << late.out;
    ASSERT_TRUE(contains(late.out, "\"arrivals\": [")) << late.out;
    ASSERT_TRUE(!contains(plain.out, "\"arrivals\"")) << plain.out;

    const CliResult told =
        runCli(kRun + Args{"--arrival", "gamma:2:1", "--narration", "-", "--out", "/dev/null"});
    ASSERT_TRUE(told.exitCode == 0) << told.err;
    ASSERT_TRUE(contains(told.out, " arrives\n")) << told.out;

    // The schedule's JSON carries the law in its scenario, and a scenario file with one
    // replays the same run.
    const Args lateRun{"run",    "--algo",   "tree-dyn", "--n",   "5",
                       "--comm", "exp:1",    "--seed",   "3",     "--arrival",
                       "exp:3",  "--format", "json",     "--out", dir.filePath("late.json")};
    const CliResult first = runCli(lateRun);
    ASSERT_TRUE(first.exitCode == 0) << first.err;
    const std::string firstJson = readAll(dir.filePath("late.json"));
    ASSERT_TRUE(contains(firstJson, "\"arrival\": \"exp:3\"")) << firstJson;
    const std::string scenario = dir.filePath("late.scenario.json");
    ASSERT_TRUE(writeFile(scenario,
                          "{\"format\": \"reducelab-scenario\", \"version\": 2, \"n\": 5, "
                          "\"algorithms\": [\"tree-dyn\"], \"noncommutative\": false, "
                          "\"costMode\": \"per-operation\", \"transfer\": \"exp:1\", "
                          "\"reduction\": \"const:0\", \"seed\": \"3\", \"replicate\": "
                          "\"0\", \"arrival\": \"exp:3\"}"));
    const CliResult replay = runCli(Args{"run", "--scenario", scenario, "--format", "json", "--out",
                                         dir.filePath("again.json")});
    ASSERT_TRUE(replay.exitCode == 0) << replay.err;
    const std::string again = readAll(dir.filePath("again.json"));
    const auto arrivalsOf = [](const std::string& text) {
        const std::size_t from = text.find("\"arrivals\"");
        return from == std::string::npos ? std::string()
                                         : text.substr(from, text.find(']', from) - from);
    };
    ASSERT_FALSE(arrivalsOf(again).empty()) << again;
    ASSERT_EQ(arrivalsOf(again), arrivalsOf(firstJson));

    const CliResult ep =
        runCli(Args{"run", "--algo", "ep", "--n", "4", "--draw-matrix", "--arrival", "const:1"});
    ASSERT_EQ(ep.exitCode, 2);
    ASSERT_TRUE(contains(ep.err, "EP plans its whole schedule from the costs before the run, so "
                                 "it does not model late arrivals"))
        << ep.err;
    const CliResult bad = runCli(unit + Args{"--arrival", "gamma:1:-1"});
    ASSERT_EQ(bad.exitCode, 2);
    ASSERT_TRUE(contains(bad.err, "--arrival gamma:1:-1:")) << bad.err;
}

// run --from reads back what run writes (the CSV, the JSON, the Chrome and Paje traces) and
// writes the same schedule again: the CSV of each equals run's; the JSON of a JSON or a Chrome
// trace equals run's to the byte (its scenario read back too).
TEST(CliRun, FromReadsBackEveryFormatRunWrites) {
    rl::test::TempDir dir;
    const std::string csv = dir.filePath("s.csv");
    const std::string json = dir.filePath("s.json");
    const CliResult written = runCli(kRun + Args{"--out", csv, "--paje", dir.filePath("s.paje"),
                                                 "--chrome-trace", dir.filePath("s.trace.json")});
    ASSERT_EQ(written.exitCode, 0) << written.err;
    ASSERT_EQ(runCli(kRun + Args{"--format", "json", "--out", json}).exitCode, 0);
    for (const char* name : {"s.csv", "s.json", "s.paje", "s.trace.json"}) {
        SCOPED_TRACE(name);
        const CliResult again = runCli({"run", "--from", dir.filePath(name)});
        ASSERT_EQ(again.exitCode, 0) << again.err;
        ASSERT_EQ(again.out, readAll(csv));
    }
    for (const char* name : {"s.json", "s.trace.json"}) {
        SCOPED_TRACE(name);
        const CliResult again = runCli({"run", "--from", dir.filePath(name), "--format", "json"});
        ASSERT_EQ(again.exitCode, 0) << again.err;
        ASSERT_EQ(again.out, readAll(json));
    }
}

// Refused with exit 2 and one line, nothing written: a foreign or malformed file, options of a
// simulation, JSON or a Chrome trace from a file without a scenario, an output over the input.
TEST(CliRun, FromRefusesWhatItCannotRedraw) {
    rl::test::TempDir dir;
    const std::string csv = dir.filePath("s.csv");
    ASSERT_EQ(runCli(kRun + Args{"--out", csv}).exitCode, 0);
    const std::string foreign = dir.filePath("foreign.json");
    ASSERT_TRUE(writeFile(foreign, "{\"traceEvents\": [{\"ph\": \"X\"}]}"));
    const std::string broken = dir.filePath("broken.csv");
    ASSERT_TRUE(writeFile(broken, readAll(csv) + "transfer,1,2,0,1,1,\"[1,1]\"\n"));
    const std::string out = dir.filePath("out.csv");
    const std::vector<std::pair<Args, std::string>> cases = {
        {{"--from", foreign}, "foreign.json': a trace-event file that ReduceLab did not write"},
        {{"--from", broken}, "broken.csv': line 64: P1 sends a second time"},
        {{"--from", csv, "--algo", "binomial"},
         "--from redraws a schedule already run: leave "
         "out --algo"},
        {{"--from", csv, "--format", "json"}, "carries no scenario"},
        {{"--from", csv, "--chrome-trace", dir.filePath("t.json")}, "carries no scenario"},
        {{"--from", csv, "--html", dir.filePath("p.html")}, "holds no scenario to simulate"},
    };
    for (const auto& [args, expected] : cases) {
        const CliResult r = runCli(Args{"run"} + args + Args{"--out", out});
        ASSERT_EQ(r.exitCode, 2) << expected;
        const std::string err = trimmed(r.err);
        ASSERT_EQ(count(err, '\n'), 0) << err;
        ASSERT_TRUE(contains(err, expected)) << err;
        ASSERT_FALSE(readFile(out).has_value()) << expected;
    }
    const CliResult over = runCli({"run", "--from", csv, "--out", csv});
    ASSERT_EQ(over.exitCode, 2);
    ASSERT_TRUE(contains(over.err, "is also an input of this command (--from)")) << over.err;
}
