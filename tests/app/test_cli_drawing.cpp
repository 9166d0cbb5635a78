// The command line without figures (a build with -DREDUCELAB_GUI=OFF, and every in-process run
// without a FigureRenderer): each option that draws is refused before anything else is done,
// with exit 2 and one line saying what to do instead; --help lists the options apart; what
// needs no drawing (web pages, Paje traces) works. With a renderer, the verbs hand it what
// they draw and write its bytes. Last, the built reducelab-cli behaves as its build promises.
#include "../test_support.h"

#include "cli_commands.h"
#include "figure_renderer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace rl;
using rl::test::readFile;
using rl::test::TempDir;

namespace {

struct Outcome {
    int code = -1;
    std::string out;
    std::string err;
};

/// reducelab-cli (or `env`'s program) in this process, its standard output and error captured.
Outcome run(const std::vector<std::string>& args, const cli::CliEnvironment& env = {}) {
    std::ostringstream out;
    std::ostringstream err;
    std::streambuf* const oldOut = std::cout.rdbuf(out.rdbuf());
    std::streambuf* const oldErr = std::cerr.rdbuf(err.rdbuf());
    Outcome o;
    o.code = cli::runCli(args, env);
    std::cout.rdbuf(oldOut);
    std::cerr.rdbuf(oldErr);
    o.out = out.str();
    o.err = err.str();
    return o;
}

std::vector<std::string> withDir(std::vector<std::string> args, const TempDir& dir) {
    for (std::string& a : args) {
        if (a.rfind("DIR/", 0) == 0) {
            a = dir.filePath(a.substr(4));
        }
    }
    return args;
}

const std::string kNoFigures = "this build of reducelab-cli draws no figures (built without Qt): ";
const std::string kRunInstead = "run the same command with a full build of ReduceLab, or write "
                                "the run as a web page with --html FILE, which works here";

/// A renderer that draws nothing: it records what it is asked and answers with labelled bytes.
class RecordingRenderer final : public cli::FigureRenderer {
  public:
    std::vector<std::string> calls;
    std::string lastTitle;
    double lastCursor = 0.0;
    FigureFormat lastFormat;

    std::string runFigure(FigureKind kind, const cli::RunDrawing& drawn, const FigureFormat& format,
                          const std::string& path) override {
        calls.push_back("run " + std::to_string(static_cast<int>(kind)) + " " + path);
        lastTitle = drawn.title;
        lastCursor = drawn.cursor;
        lastFormat = format;
        return "figure of " + drawn.schedule->algorithm;
    }
    std::string
    animation(const cli::RunDrawing& drawn, const AnimationOptions& options, AnimationFormat,
              const std::function<void(std::uint64_t, std::uint64_t)>& progress) override {
        calls.push_back("animation " + std::to_string(options.fps));
        progress(1, 1);
        return "animation of " + drawn.title + (drawn.narration ? " narrated" : "");
    }
    std::vector<std::pair<std::string, std::string>>
    sweepFigures(const std::shared_ptr<const GridSnapshot>& snapshot, Figure fig,
                 const std::vector<cli::FigureFile>& files) override {
        std::vector<std::pair<std::string, std::string>> out;
        for (const auto& [option, path] : files) {
            calls.push_back("sweep " + std::string(figureKey(fig)) + " " + option + " " + path);
            out.emplace_back(option, option + " of " + std::to_string(snapshot->cells.size()));
        }
        return out;
    }
    std::string divisibleGantt(const std::shared_ptr<const DivisibleSchedule>&, const StarPlatform&,
                               const std::string& title, const std::string&) override {
        calls.push_back("divisible " + title);
        return "divisible";
    }
    std::string steadyGantt(const std::shared_ptr<const SteadyStateResult>&, int n,
                            const std::string& title, const std::string&) override {
        calls.push_back("steady " + std::to_string(n) + " " + title);
        return "steady";
    }
};

const std::vector<std::string> kRun{"run", "--algo", "tree-dyn", "--n", "8", "--quiet"};
const std::vector<std::string> kSweep{"sweep",        "fig5",    "--n",    "6",
                                      "--replicates", "64",      "--cv",   "0.2:1:2",
                                      "--ratio",      "0.5:2:2", "--quiet"};

std::vector<std::string> operator+(std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

} // namespace

// Every option that draws, of every verb: refused, one line, nothing written. An output path
// in a missing folder, which the verbs check before any computation, is not even looked at.
TEST(CliWithoutFigures, EveryDrawingOptionIsRefusedFirst) {
    struct Case {
        std::vector<std::string> args;
        std::string expected;
    };
    std::vector<Case> cases;
    for (const std::vector<std::string>& option :
         std::vector<std::vector<std::string>>{{"--gantt", "DIR/g.png"},
                                               {"--tree", "DIR/t.svg"},
                                               {"--figure", "DIR/f.pdf"},
                                               {"--width-mm", "100"},
                                               {"--font-pt", "9"},
                                               {"--dpi", "300"},
                                               {"--frame", "0.5"},
                                               {"--animation", "DIR/a.gif"},
                                               {"--fps", "10"},
                                               {"--seconds", "2"},
                                               {"--size", "320x180"},
                                               {"--presentation"},
                                               {"--dark"}}) {
        cases.push_back({kRun + option, "run: " + option[0] + ": " + kNoFigures + kRunInstead});
    }
    for (const char* option : {"--png", "--svg", "--pdf"}) {
        const std::string ext = std::string(option).substr(2);
        cases.push_back({kSweep + std::vector<std::string>{option, "DIR/f." + ext},
                         "sweep: " + std::string(option) + ": " + kNoFigures +
                             "write the results with --out FILE.csv and redraw their figure "
                             "with `reducelab-cli plot FILE.csv --png|--svg|--pdf FIGURE` on a "
                             "full build of ReduceLab (the CSV and its sidecar hold everything "
                             "it needs), or ask for --html FILE, which works here"});
        cases.push_back({{"plot", "DIR/r.csv", option, "DIR/f." + ext},
                         "plot: " + std::string(option) + ": " + kNoFigures +
                             "run this plot with a full build of ReduceLab (the results file "
                             "and its sidecar are all it needs), or ask for --html FILE, which "
                             "works here"});
    }
    cases.push_back(
        {{"steady", "--preset", "ring:4", "--what", "schedule", "--gantt", "DIR/g.svg"},
         "steady: --gantt: " + kNoFigures + "run the same command with a full build of ReduceLab"});
    cases.push_back({{"divisible", "--preset", "star", "--gantt", "DIR/g.png"},
                     "divisible: --gantt: " + kNoFigures +
                         "run the same command with a full build of ReduceLab"});
    for (const Case& c : cases) {
        TempDir dir;
        auto args = withDir(c.args, dir);
        if (c.args[0] != "plot") { // plot has no --out
            args.insert(args.end(), {"--out", "/nonexistent-folder/x.csv"});
        }
        SCOPED_TRACE(c.args[0] + " " + c.expected);
        const Outcome o = run(args);
        EXPECT_EQ(o.code, 2);
        EXPECT_EQ(o.err, "reducelab-cli: error: " + c.expected + "\n");
        EXPECT_EQ(o.out, "");
        EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
    }
    // reducelab-mpi names itself.
    cli::CliEnvironment mpi;
    mpi.program = "reducelab-mpi";
    mpi.onlyMonteCarloVerbs = true;
    const Outcome o = run(kSweep + std::vector<std::string>{"--png", "f.png"}, mpi);
    EXPECT_EQ(o.code, 2);
    EXPECT_EQ(o.err.rfind("reducelab-mpi: error: sweep: --png: this build of reducelab-mpi draws "
                          "no figures (built without Qt): ",
                          0),
              0u)
        << o.err;
}

// --help lists what this build does, and names apart what it lacks: the bash completion reads
// options above that paragraph only.
TEST(CliWithoutFigures, HelpNamesTheOptionsThisBuildLacks) {
    const std::pair<std::vector<std::string>, std::string> verbs[] = {
        {{"run", "--help"},
         "--gantt, --tree, --figure, --width-mm, --font-pt, --dpi, --frame, --animation, --fps, "
         "--seconds, --size, --presentation, --dark."},
        {{"sweep", "--help"}, "--png, --svg, --pdf."},
        {{"plot", "--help"}, "--png, --svg, --pdf."},
        {{"steady", "--help"}, "--gantt."},
        {{"divisible", "--help"}, "--gantt."}};
    for (const auto& [args, lacking] : verbs) {
        SCOPED_TRACE(args[0]);
        const Outcome o = run(args);
        EXPECT_EQ(o.code, 0);
        const std::string paragraph =
            "\nnot in this build (it draws no figures: built without Qt): " + lacking + "\n";
        const std::size_t at = o.out.find(paragraph);
        ASSERT_NE(at, std::string::npos) << o.out;
        const std::string offered = o.out.substr(0, at);
        for (const char* option : {"--gantt ", "--png ", "--animation ", "--width-mm "}) {
            EXPECT_EQ(offered.find(option), std::string::npos) << option;
        }
        EXPECT_NE(offered.find("--help"), std::string::npos);
    }
    EXPECT_NE(run({"plot", "--help"}).out.find("usage: reducelab-cli plot RESULTS.csv --html FILE"),
              std::string::npos);
    // A verb that draws nothing has no such paragraph.
    EXPECT_EQ(run({"mc", "--help"}).out.find("not in this build"), std::string::npos);
    // With figures, every option is listed and none apart.
    RecordingRenderer figures;
    cli::CliEnvironment full;
    full.figures = &figures;
    const Outcome help = run({"run", "--help"}, full);
    EXPECT_EQ(help.out.find("not in this build"), std::string::npos);
    EXPECT_NE(help.out.find("  --gantt FILE "), std::string::npos);
}

// What a build without figures still writes: the schedule, its Paje trace (the chart's colours,
// core/base/theme_colours.h: the same bytes as the previous version's, which took them from the
// GUI's chart) and the web pages, of a run and of a sweep, also redrawn by plot.
TEST(CliWithoutFigures, TracesAndWebPagesNeedNoFigures) {
    TempDir dir;
    const Outcome paje =
        run({"run", "--algo", "fibonacci", "--n", "32", "--comm", "gamma:1:0.5", "--comp",
             "gamma:0.5:0.5", "--seed", "5", "--replicate", "2", "--out", dir.filePath("r.csv"),
             "--paje", dir.filePath("r.paje"), "--html", dir.filePath("r.html")});
    ASSERT_EQ(paje.code, 0) << paje.err;
    EXPECT_EQ(readFile(dir.filePath("r.paje")).value(),
              readFile(std::string(REDUCELAB_TEST_DATA) + "/previous_version/run_fibonacci.paje")
                  .value());
    EXPECT_NE(readFile(dir.filePath("r.html")).value().find("<html"), std::string::npos);
    const Outcome sweep = run(kSweep + std::vector<std::string>{"--out", dir.filePath("s.csv"),
                                                                "--html", dir.filePath("s.html")});
    ASSERT_EQ(sweep.code, 0) << sweep.err;
    const Outcome plot = run({"plot", dir.filePath("s.csv"), "--html", dir.filePath("p.html")});
    ASSERT_EQ(plot.code, 0) << plot.err;
    EXPECT_EQ(readFile(dir.filePath("p.html")).value(), readFile(dir.filePath("s.html")).value());
    const Outcome nothing = run({"plot", dir.filePath("s.csv")});
    EXPECT_EQ(nothing.code, 2);
    EXPECT_NE(nothing.err.find("plot: ask for the figure as a web page, --html FILE"),
              std::string::npos)
        << nothing.err;
}

// With a renderer, each verb hands it what it draws (kind, title, frame, format, files) and
// writes its bytes with the other outputs.
TEST(CliWithFigures, TheVerbsDrawThroughTheirRenderer) {
    RecordingRenderer figures;
    cli::CliEnvironment env;
    env.figures = &figures;
    TempDir dir;
    const Outcome r = run(kRun + std::vector<std::string>{"--out", dir.filePath("r.csv"), "--gantt",
                                                          dir.filePath("g.png"), "--figure",
                                                          dir.filePath("f.svg"), "--frame", "0.5",
                                                          "--width-mm", "120"},
                          env);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(figures.calls, (std::vector<std::string>{"run 0 " + dir.filePath("g.png"),
                                                       "run 2 " + dir.filePath("f.svg")}));
    EXPECT_EQ(readFile(dir.filePath("g.png")).value(), "figure of Tree-dyn");
    EXPECT_EQ(figures.lastFormat.widthMm, 120.0);
    EXPECT_EQ(figures.lastTitle.rfind("Tree-dyn — n = 8, makespan ", 0), 0u) << figures.lastTitle;
    const std::string makespan = figures.lastTitle.substr(figures.lastTitle.rfind(' ') + 1);
    EXPECT_LE(makespan.size(), 6u) << "five significant digits: " << makespan;
    EXPECT_NEAR(figures.lastCursor, 0.5 * std::stod(makespan), 1e-3 * std::stod(makespan));

    figures.calls.clear();
    const Outcome a =
        run(kRun + std::vector<std::string>{"--out", dir.filePath("a.csv"), "--animation",
                                            dir.filePath("a.gif"), "--fps", "12"},
            env);
    ASSERT_EQ(a.code, 0) << a.err;
    EXPECT_EQ(figures.calls, std::vector<std::string>{"animation 12"});
    EXPECT_EQ(readFile(dir.filePath("a.gif")).value().rfind("animation of Tree-dyn — n = 8", 0),
              0u);
    EXPECT_NE(readFile(dir.filePath("a.gif")).value().find(" narrated"), std::string::npos);

    figures.calls.clear();
    const Outcome s = run(kSweep + std::vector<std::string>{"--out", dir.filePath("s.csv"), "--png",
                                                            dir.filePath("s.png"), "--pdf",
                                                            dir.filePath("s.pdf")},
                          env);
    ASSERT_EQ(s.code, 0) << s.err;
    EXPECT_EQ(figures.calls, (std::vector<std::string>{"sweep fig5 png " + dir.filePath("s.png"),
                                                       "sweep fig5 pdf " + dir.filePath("s.pdf")}));
    EXPECT_EQ(readFile(dir.filePath("s.pdf")).value(), "pdf of 4");
    // The extension is checked before anything is computed or drawn.
    figures.calls.clear();
    const Outcome bad = run(kSweep + std::vector<std::string>{"--png", dir.filePath("s.svg")}, env);
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find("the file name must end in .png"), std::string::npos) << bad.err;
    EXPECT_TRUE(figures.calls.empty());

    const Outcome st = run({"steady", "--preset", "ring:4", "--what", "schedule", "--out",
                            dir.filePath("st.csv"), "--gantt", dir.filePath("st.svg")},
                           env);
    ASSERT_EQ(st.code, 0) << st.err;
    ASSERT_EQ(figures.calls.size(), 1u);
    EXPECT_EQ(figures.calls[0].rfind("steady 4 one period of the reductions — TP ", 0), 0u)
        << figures.calls[0];
    EXPECT_EQ(readFile(dir.filePath("st.svg")).value(), "steady");
}

// The reducelab-cli of this build: a build without Qt refuses to draw, a full build draws.
TEST(CliProgram, DrawsAsItsBuildPromises) {
    TempDir dir;
    test::ProcessOptions options;
    options.environment["QT_QPA_PLATFORM"] = "offscreen";
    options.environment["XDG_RUNTIME_DIR"] = dir.path();
    const test::ProcessResult r =
        test::runProcess(REDUCELAB_CLI,
                         {"run", "--algo", "tree-dyn", "--n", "6", "--out", dir.filePath("r.csv"),
                          "--gantt", dir.filePath("g.png")},
                         options);
    ASSERT_TRUE(r.finished);
    if (REDUCELAB_CLI_FIGURES) {
        EXPECT_EQ(r.exitCode, 0) << r.err;
        EXPECT_EQ(readFile(dir.filePath("g.png")).value_or("").rfind("\x89PNG", 0), 0u);
    } else {
        EXPECT_EQ(r.exitCode, 2);
        EXPECT_EQ(r.err, "reducelab-cli: error: run: --gantt: " + kNoFigures + kRunInstead + "\n");
        EXPECT_FALSE(test::fileExists(dir.filePath("r.csv")));
    }
}
