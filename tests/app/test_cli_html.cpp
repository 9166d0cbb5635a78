// `reducelab-cli run|sweep|plot --html FILE`: one self-contained web page of a run (one
// algorithm, or up to four in compare mode from --algo A,B or a --scenario file) or of an
// analysis figure, written beside the usual outputs (the schedule's CSV is the same with or
// without it), and refused in one line (exit 2, no file) when the run is too large, the path
// is bad or the options do not go together: before any computation.
#include "../core/web/web_page_data.h"

#include "cli_runner.h"

#include <chrono>
#include <fstream>

using nlohmann::json;
using namespace rl::test;

namespace {

const std::string kExamples = std::string(REDUCELAB_TEST_DATA "/../../resources/examples");

std::string readAll(const std::string& path) {
    return readFile(path).value_or(std::string());
}

json data(const std::string& path) {
    return rl::test::pageData(readAll(path));
}

// A refusal: exit 2, one line naming the problem, nothing on standard output.
void refused(const CliResult& r, const std::string& message) {
    ASSERT_EQ(r.exitCode, 2);
    ASSERT_TRUE(r.out.empty());
    const std::string err = trimmed(r.err);
    ASSERT_TRUE(!contains(err, '\n')) << err;
    ASSERT_TRUE(contains(err, message)) << err;
}

} // namespace

// run --from a measured run's JSON --html: the page of the window's comparison, the measured
// run (the file's schedule, not a rerun) beside the simulation of its scenario.
TEST(CliHtml, MeasuredRunBesideItsSimulation) {
    rl::test::TempDir dir;
    const std::string measured = REDUCELAB_TEST_DATA "/measured/tree_dyn_n8.json";
    const std::string page = dir.filePath(std::string("measured.html"));
    const CliResult r = runCli(
        {"run", "--from", measured, "--html", page, "--out", dir.filePath(std::string("m.csv"))});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json d = data(page);
    ASSERT_EQ(d["runs"].size(), std::size_t(2));
    ASSERT_EQ(d["runs"][0]["name"].get<std::string>(), std::string("Tree-dyn measured"));
    ASSERT_EQ(d["runs"][1]["name"].get<std::string>(), std::string("Tree-dyn simulated"));
    const json file = json::parse(readAll(measured));
    ASSERT_EQ(d["runs"][0]["makespan"].get<double>(), file["makespan"].get<double>());
    ASSERT_EQ(d["runs"][0]["transfers"].size(), file["transfers"].size());
    // The simulation is that of the file's scenario.
    const std::string scenario = dir.filePath(std::string("s.json"));
    { std::ofstream(scenario) << file["scenario"].dump(); }
    const CliResult sim = runCli({"run", "--scenario", scenario, "--format", "json"});
    ASSERT_EQ(sim.exitCode, 0) << sim.err;
    ASSERT_EQ(d["runs"][1]["makespan"].get<double>(),
              json::parse(sim.out)["makespan"].get<double>());
    // A CSV holds no scenario to simulate: refused, nothing written.
    const std::string csv = dir.filePath(std::string("m.csv"));
    const std::string page2 = dir.filePath(std::string("csv.html"));
    refused(runCli({"run", "--from", csv, "--html", page2}), "holds no scenario");
    ASSERT_FALSE(readFile(page2).has_value());
}

// One algorithm: the page beside the schedule, whose CSV does not change.
TEST(CliHtml, RunWritesItsPage) {
    rl::test::TempDir dir;
    const Args run{"run", "--algo", "tree-dyn", "--n", "16", "--seed", "4"};
    const CliResult plain = runCli(run);
    ASSERT_EQ(plain.exitCode, 0);
    const std::string page = dir.filePath(std::string("run.html"));
    const CliResult r = runCli(run + Args{"--html", page, "--title", "Lecture 3"});
    ASSERT_EQ(r.exitCode, 0);
    ASSERT_EQ(r.out, plain.out);
    ASSERT_TRUE(readAll(page).starts_with("<!DOCTYPE html>"));
    const json d = data(page);
    ASSERT_EQ(d["title"].get<std::string>(), std::string("Lecture 3"));
    ASSERT_EQ(d["program"].get<std::string>(), std::string("reducelab-cli"));
    ASSERT_EQ(d["runs"].size(), std::size_t(1));
    ASSERT_EQ(d["runs"][0]["n"].get<int>(), 16);
    ASSERT_EQ(d["runs"][0]["transfers"].size(), std::size_t(15));
    // The scenario the page saves is the GUI's file of this run.
    const json scenario = json::parse(d["scenario"]["file"].get<std::string>());
    ASSERT_EQ(scenario["format"].get<std::string>(), std::string("reducelab-scenario"));
    ASSERT_EQ(scenario["seed"].get<std::string>(), std::string("4"));
    ASSERT_EQ(scenario["algorithms"][0].get<std::string>(), std::string("tree-dyn"));
}

// Compare mode: several algorithms on common random numbers, from --algo or a scenario
// file (the demo), the page only.
TEST(CliHtml, CompareModeWritesThePageOnly) {
    rl::test::TempDir dir;
    const std::string a = dir.filePath(std::string("a.html"));
    CliResult r =
        runCli({"run", "--algo", "binomial,fibonacci,tree-dyn,nctd", "--n", "16", "--html", a});
    ASSERT_EQ(r.exitCode, 0);
    ASSERT_TRUE(r.out.empty());
    ASSERT_EQ(data(a)["runs"].size(), std::size_t(4));
    ASSERT_EQ(data(a)["title"].get<std::string>(),
              std::string("Binomial-stat, Fibonacci-stat, Tree-dyn and Non-Commut-Tree-dyn, "
                          "n = 16"));
    const std::string demo = dir.filePath(std::string("demo.html"));
    r = runCli({"run", "--scenario", kExamples + "/demo.json", "--html", demo});
    ASSERT_EQ(r.exitCode, 0);
    const json d = data(demo);
    ASSERT_EQ(d["runs"].size(), std::size_t(2));
    ASSERT_EQ(d["runs"][0]["name"].get<std::string>(), std::string("Fibonacci-stat"));
    ASSERT_EQ(d["runs"][1]["name"].get<std::string>(), std::string("Tree-dyn"));
    ASSERT_TRUE(readAll(demo).size() <= 500 * 1000);
}

struct RefusalsRow {
    std::string name;
    Args args;
    std::string message;
};

std::vector<RefusalsRow> refusalsRows() {
    return {
        {"too large",
         {"run", "--algo", "tree-dyn", "--n", "2048"},
         "web page: n = 2048 with 1 algorithm is 2048 processor rows"},
        {"four too large",
         {"run", "--algo", "binomial,fibonacci,tree-dyn,nctd", "--n", "512"},
         "web page: n = 512 with 4 algorithms is 2048 processor rows"},
        {"five algorithms",
         {"run", "--algo", "binomial,fibonacci,tree-dyn,nctd,ep", "--n", "8"},
         "compare at most four algorithms"},
        {"compare with a figure",
         {"run", "--algo", "binomial,tree-dyn", "--n", "8", "--gantt", "g.png"},
         // A build without figures refuses --gantt itself, first.
         kCliDrawsFigures
             ? "run: --gantt is for one schedule; with several algorithms (compare mode) write "
               "them as a web page, --html FILE"
             : "run: --gantt: this build of reducelab-cli draws no figures"},
        {"scenario with --n",
         {"run", "--scenario", kExamples + "/demo.json", "--n", "8"},
         "run: --scenario holds the platform, the algorithms, the seed and the replicate: "
         "leave out --n"},
    };
}

class Refusals : public ::testing::TestWithParam<RefusalsRow> {};

// Refused before the run (a second at most, nothing written), the file already there kept.
TEST_P(Refusals, Row) {
    auto args = GetParam().args;
    auto message = GetParam().message;
    rl::test::TempDir dir;
    const std::string page = dir.filePath(std::string("page.html"));
    ASSERT_TRUE(writeFile(page, "kept"));
    const auto start = std::chrono::steady_clock::now();
    refused(runCli(args + Args{"--html", page}), message);
    ASSERT_TRUE(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
    ASSERT_EQ(readAll(page), std::string("kept"));
    ASSERT_EQ(dirEntries(dir.path()).size(), 1);
}
INSTANTIATE_TEST_SUITE_P(CliHtml, Refusals, ::testing::ValuesIn(refusalsRows()),
                         rl::test::RowName());

TEST(CliHtml, OptionsThatNeedAPage) {
    refused(runCli({"run", "--algo", "tree-dyn", "--n", "8", "--title", "x"}),
            "run: --title names the web page: add --html FILE");
    refused(runCli({"run", "--algo", "tree-dyn,binomial", "--n", "8"}),
            "run: several algorithms (compare mode) are shown as a web page: add --html FILE");
    refused(runCli({"run", "--algo", "tree-dyn", "--n", "8", "--html", "/nonexistent/p.html"}),
            "--html");
    // The page on standard output where the schedule goes by default: the message names the
    // option given and how to send the schedule elsewhere, not an --out that was not given.
    for (const Args& algos : {Args{"tree-dyn"}, Args{"tree-dyn,binomial"}}) {
        const CliResult r = runCli(Args{"run", "--n", "8", "--algo"} + algos + Args{"--html", "-"});
        refused(r, "--html '-': standard output is where --out writes when it is not given; add "
                   "--out FILE (or --out /dev/null)");
        ASSERT_TRUE(!contains(r.err, "named twice")) << r.err;
    }
    const CliResult r =
        runCli({"run", "--algo", "tree-dyn", "--n", "8", "--html", "-", "--out", "/dev/null"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    ASSERT_TRUE(r.out.starts_with("<!DOCTYPE html>"));
}

// sweep --html: the figure's page; plot --html: the same page from the results file.
TEST(CliHtml, FigurePages) {
    rl::test::TempDir dir;
    const std::string results = dir.filePath(std::string("r.csv"));
    const std::string swept = dir.filePath(std::string("sweep.html"));
    const std::string plotted = dir.filePath(std::string("plot.html"));
    CliResult r = runCli({"sweep", "fig5", "--n", "8", "--cv", "0.1:3:3", "--ratio", "0.5:2:2",
                          "--replicates", "64", "--threads", "2", "--quiet", "--out", results,
                          "--html", swept});
    ASSERT_EQ(r.exitCode, 0);
    const json s = data(swept);
    ASSERT_EQ(s["figure"].get<std::string>(), std::string("fig5"));
    ASSERT_EQ(s["cells"].size(), std::size_t(6));
    r = runCli({"plot", results, "--html", plotted});
    ASSERT_EQ(r.exitCode, 0);
    const json p = data(plotted);
    ASSERT_EQ(p["figure"].get<std::string>(), std::string("fig5"));
    // The same numbers: the results file reads back exactly (its paired analyses too).
    ASSERT_EQ(p["cells"], s["cells"]);
    ASSERT_EQ(p["title"], s["title"]);
    refused(runCli({"plot", results, "--html", results}), "r.csv");
    refused(runCli({"plot", results}),
            kCliDrawsFigures
                ? "plot: ask for at least one figure: --png, --svg, --pdf or --html FILE"
                : "plot: ask for the figure as a web page, --html FILE (this build draws no PNG, "
                  "SVG or PDF)");
}
