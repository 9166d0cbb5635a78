#include "cli_commands.h"

#include "cli_args.h"
#include "cli_figures.h"
#include "cli_platform.h"
#include "cli_policy.h"
#include "figure_renderer.h"

#include "algorithms/algorithm_registry.h"
#include "base/file_io.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "engine/narration.h"
#include "schedule/critical_path.h"
#include "schedule/paje_trace.h"
#include "schedule/schedule_csv.h"
#include "studies/chrome_trace.h"
#include "studies/figure_format.h"
#include "studies/measured_run.h"
#include "studies/run_study.h"
#include "studies/scenario_json.h"
#include "studies/schedule_file.h"
#include "studies/schedule_json.h"
#include "web/run_page.h"

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <optional>
#include <utility>

namespace rl::cli {

namespace {

/// The --algo keys, from the catalog: "binomial, ..., Open MPI 4.1's ompi-linear, ..., or on
/// sender-only fixed costs (Liu-Wang) ep, snf, optimum".
std::string algorithmKeys(const AlgorithmCatalog& catalog) {
    std::string keys;
    std::string library;
    std::string clairvoyant;
    for (const Algorithm& a : catalog.all()) {
        std::string& list = a.clairvoyant() ? clairvoyant : (a.mpiLibrary() ? library : keys);
        list += (list.empty() ? "" : ", ") + a.key();
    }
    return keys + (library.empty() ? "" : ", Open MPI 4.1's " + library) +
           (clairvoyant.empty() ? "" : ", or on sender-only fixed costs (Liu-Wang) ") + clairvoyant;
}

/// run --help's table of the algorithms, by kind (a plan fixed in advance, decisions taken
/// as the run goes, an MPI library's trees, or costs known in advance): key, name, whether it
/// keeps a non-commutative operation in order, summary.
std::string algorithmTable(const AlgorithmCatalog& catalog) {
    std::string out;
    const std::pair<const char*, int> kinds[] = {
        {"static (the tree and the reception order are fixed in advance)", 0},
        {"dynamic (each decision is taken when a processor becomes idle)", 1},
        {"an MPI library's (Open MPI 4.1's static trees, whole messages)", 3},
        {"clairvoyant (sender-only fixed costs, known in advance)", 2}};
    for (const auto& [title, kind] : kinds) {
        std::string rows;
        for (const Algorithm& a : catalog.all()) {
            const int its = a.clairvoyant() ? 2 : (a.mpiLibrary() ? 3 : (a.isStatic() ? 0 : 1));
            if (its != kind) {
                continue;
            }
            std::string key = a.key();
            key.resize(std::max<std::size_t>(key.size() + 1, 11), ' ');
            rows += "  " + key + a.name() + (a.validNonCommutative() ? "" : " (commutative only)") +
                    ": " + a.summary() + "\n";
        }
        if (!rows.empty()) {
            out += std::string("\n--algo, ") + title + ":\n" + rows;
        }
    }
    return out;
}

// The figure options: their format and frame, checked before anything is computed.
struct FigureOptions {
    FigureFormat format;
    std::optional<double> frame; ///< a fraction of the makespan; none: the whole schedule
};

FigureOptions figureOptions(const Args& a, const VerbOutputs& out) {
    const std::vector<std::string> figures{"gantt", "tree", "figure"};
    const bool any = std::any_of(figures.begin(), figures.end(),
                                 [&](const std::string& f) { return out.wanted(f); });
    FigureOptions f;
    if (const auto v = a.get("width-mm")) {
        f.format.widthMm = FigureFormat::checkWidthMm(parseNumber(*v, "--width-mm"), "--width-mm");
    }
    if (const auto v = a.get("font-pt")) {
        f.format.fontPt = FigureFormat::checkFontPt(parseNumber(*v, "--font-pt"), "--font-pt");
    }
    f.format.dpi = static_cast<int>(
        a.integer("dpi", FigureFormat::kDefaultDpi, FigureFormat::kMinDpi, FigureFormat::kMaxDpi));
    if (const auto v = a.get("frame")) {
        f.frame = FigureFormat::checkFrameFraction(parseNumber(*v, "--frame"), "--frame");
    }
    for (const char* option : {"width-mm", "font-pt", "dpi", "frame"}) {
        if (a.has(option) && !any) {
            throw InputError(std::string("run: --") + option +
                             " applies to figures: add --gantt, --tree or --figure");
        }
    }
    bool png = false;
    for (const std::string& figure : figures) {
        png = png || (out.wanted(figure) && fileExtension(out.path(figure)) == "png");
    }
    f.format.validate(png);
    return f;
}

/// The web page's options: checked before any computation.
struct PageOptions {
    bool wanted = false;
    std::string title;
};

PageOptions pageOptions(const Args& a, const VerbOutputs& out) {
    PageOptions page;
    page.wanted = out.wanted("html");
    page.title = a.get("title", "");
    if (a.has("title") && !page.wanted) {
        throw InputError("run: --title names the web page: add --html FILE");
    }
    return page;
}

/// The scenario of the command line: a scenario file (--scenario, the GUI's format), or --algo
/// and the platform options.
Scenario readScenario(const Args& a, const AlgorithmCatalog& catalog) {
    if (const auto file = a.get("scenario")) {
        for (const char* option :
             {"algo", "fanout", "message-bytes", "n", "comm", "comp", "arrival", "noncommutative",
              "matrix", "preset", "draw-matrix", "seed", "replicate"}) {
            if (a.has(option)) {
                throw InputError(std::string("run: --scenario holds the platform, the algorithms, "
                                             "the seed and the replicate: leave out --") +
                                 option);
            }
        }
        return loadScenario(*file, catalog);
    }
    Scenario scenario;
    const std::string algo = a.required("algo", "ALGO");
    try {
        scenario.algorithms = parseAlgorithmList(algo, catalog);
    } catch (const InputError& e) {
        throw InputError(std::string("run: --algo: ") + e.what());
    }
    scenario.algorithms = applyOmpiOptions(a, std::move(scenario.algorithms), "run");
    static_cast<PlatformSpec&>(scenario) = parsePlatform(a, "run");
    scenario.replicate = static_cast<std::uint64_t>(
        a.integer("replicate", 0, 0, std::numeric_limits<long long>::max()));
    return scenario;
}

/// Compare mode (several algorithms) writes the web page only: every other output holds one
/// schedule.
void checkCompareOutputs(const Args& a, const Scenario& scenario) {
    if (scenario.algorithms.size() <= 1) {
        return;
    }
    for (const char* option :
         {"out", "format", "gantt", "tree", "figure", "paje", "chrome-trace", "otf2", "narration",
          "animation", "width-mm", "font-pt", "dpi", "frame"}) {
        if (a.has(option)) {
            throw InputError(std::string("run: --") + option +
                             " is for one schedule; with several algorithms (compare mode) "
                             "write them as a web page, --html FILE");
        }
    }
    if (!a.has("html")) {
        throw InputError("run: several algorithms (compare mode) are shown as a web page: add "
                         "--html FILE");
    }
}

/// The figures of one schedule (--gantt, --tree, --figure), staged in `out`.
void stageFigures(const RunDrawing& drawn, const FigureOptions& figure, VerbOutputs& out,
                  const CliEnvironment& env) {
    for (const auto& [option, kind] :
         {std::pair{"gantt", FigureKind::Gantt}, std::pair{"tree", FigureKind::Tree},
          std::pair{"figure", FigureKind::GanttAndTree}}) {
        if (out.wanted(option)) {
            out.stage(option, env.figures->runFigure(kind, drawn, figure.format, out.path(option)));
        }
    }
}

/// run --from FILE: a schedule read back (studies/schedule_file.h) instead of simulated, written
/// again as --out (CSV or JSON), --paje, --chrome-trace and the figures; --html: a web page of
/// it beside the simulation of its scenario (studies/measured_run.h), as the window shows it.
int redrawSchedule(const Args& a, VerbOutputs& out, const FigureOptions& figure,
                   const std::string& format, const CliEnvironment& env) {
    for (const char* option : {"algo", "fanout", "message-bytes", "n", "comm", "comp",
                               "noncommutative", "matrix", "preset", "draw-matrix", "seed",
                               "replicate", "scenario", "narration", "animation", "policy"}) {
        if (a.has(option)) {
            throw InputError(std::string("run: --from redraws a schedule already run: leave out "
                                         "--") +
                             option);
        }
    }
    const std::string path = *a.get("from");
    const ScheduleFile file = readScheduleFile(path, env.algorithms);
    if (!file.scenario && (format == "json" || out.wanted("chrome-trace") || out.wantsArchive())) {
        throw InputError(
            "run: " + quoted(path) + " (" + file.format +
            ") carries no scenario, which --format json, --chrome-trace and --otf2 write: "
            "give the JSON of run --format json or a trace of --chrome-trace");
    }
    const PageOptions page = pageOptions(a, out);
    if (page.wanted) {
        try {
            checkBesideMeasured(file, RunDetail::Explorer);
            RunPageLimits::check(*file.scenario);
        } catch (const InputError& e) {
            throw InputError("run: " + quoted(path) + ": " + e.what());
        }
        RunPageContent content;
        content.run = runBesideMeasured(file, RunDetail::Explorer);
        content.title = page.title;
        content.scenarioFile = scenarioFileText(*file.scenario);
        content.program = "reducelab-cli";
        out.stage("html", runPageHtml(content));
    }
    const auto shared = std::make_shared<const Schedule>(file.schedule);
    const Schedule& s = *shared;
    if (out.wanted("paje")) {
        out.stage("paje", pajeTrace(s, pajeColors(false)));
    }
    if (out.wanted("chrome-trace")) {
        out.stage("chrome-trace", chromeTrace(s, *file.scenario, "reducelab-cli", file.origin));
    }
    if (out.wantsArchive()) {
        out.stageArchive(s, otf2Metadata(s, *file.scenario, "reducelab-cli", file.origin));
    }
    RunDrawing drawn;
    drawn.schedule = shared;
    drawn.criticalPath = criticalPath(s);
    drawn.title = (s.algorithm.empty() ? std::string("Schedule") : s.algorithm) +
                  (file.origin.measured ? " (measured)" : "") + " — n = " + std::to_string(s.n) +
                  ", makespan " + formatSignificant(s.makespan, 5) +
                  (file.origin.inSeconds() ? " s" : "");
    if (figure.frame) {
        drawn.cursor = *figure.frame * s.makespan;
    }
    stageFigures(drawn, figure, out, env);
    out.stage("out", format == "json"
                         ? scheduleJson(s, *file.scenario, "reducelab-cli", file.origin)
                         : scheduleCsv(s));
    out.commit();
    return 0;
}

} // namespace

int cmdRun(const std::vector<std::string>& argv, const CliEnvironment& env) {
    std::vector<OptionSpec> specs{
        {"algo", "ALGO",
         algorithmKeys(env.algorithms) + "; with --html, up to " +
             std::to_string(Scenario::kMaxAlgorithms) +
             " of them, comma-separated (compare mode, on common random numbers)"}};
    for (const auto& list : {ompiOptions(), platformOptions()}) {
        specs.insert(specs.end(), list.begin(), list.end());
    }
    specs.push_back({"replicate", "R", "which replicate of the seed to draw (default 0)"});
    specs.push_back({"scenario", "FILE",
                     "the scenario from a file the GUI saves and opens (JSON), instead of --algo "
                     "and the platform options"});
    specs.push_back({"from", "FILE",
                     "redraw a schedule already written (run's CSV or JSON, a --chrome-trace or "
                     "--paje trace, measured by reducelab-mpi or simulated) instead of "
                     "simulating: --out, --format, --paje, --chrome-trace, --otf2 and the figures; "
                     "--html: a web page of it beside the simulation of its scenario"});
    specs.push_back({"format", "csv|json", "output format (default csv: one row per operation)"});
    specs.push_back({"out", "FILE", "write there (atomically) instead of standard output"});
    specs.push_back({"gantt", "FILE",
                     "also draw the Gantt chart: .png, .svg or .pdf (same drawing as the GUI)"});
    specs.push_back({"tree", "FILE", "also draw the reduction tree: .png, .svg or .pdf"});
    specs.push_back({"figure", "FILE",
                     "also draw the Gantt chart and the tree in one figure, under one title"});
    specs.push_back({"width-mm", "MM",
                     "width of the figures in mm (default " +
                         formatNumber(FigureFormat::kDefaultWidthMm) +
                         ", one column; the height follows from n and the tree)"});
    specs.push_back({"font-pt", "PT",
                     "font size of the figures in whole or half points (default " +
                         formatNumber(FigureFormat::kDefaultFontPt) + ")"});
    specs.push_back(
        {"dpi", "DPI",
         "resolution of PNG figures (default " + std::to_string(FigureFormat::kDefaultDpi) + ")"});
    specs.push_back({"frame", "FRACTION",
                     "draw the figures as the animation shows them at this fraction of the "
                     "makespan (0 to 1) instead of the whole schedule"});
    specs.push_back({"paje", "FILE", "also write a Paje trace (for ViTE or pj_dump)"});
    specs.push_back({"chrome-trace", "FILE",
                     "also write a trace for Perfetto and chrome://tracing (JSON trace events: a "
                     "track per processor, a flow per message)"});
    specs.push_back({"otf2", "DIR",
                     "also write an OTF2 archive into the new folder DIR (for Vampir and "
                     "otf2-print; a build with libotf2)"});
    specs.push_back({"narration", "FILE",
                     "also write the narration as plain text, one sentence a line (- for "
                     "standard output, with --out FILE)"});
    specs.push_back({"html", "FILE",
                     "also write the run as one web page: the explorer's player (Gantt charts, "
                     "trees, narration) in a single self-contained HTML file that opens in any "
                     "browser, offline"});
    specs.push_back({"title", "TEXT", "the web page's title (default: the algorithms and n)"});
    addPolicyOption(specs, env);
    for (const auto& list : {animationOptions(), progressOptions()}) {
        specs.insert(specs.end(), list.begin(), list.end());
    }
    DrawingOptions drawing{{"gantt", "tree", "figure", "width-mm", "font-pt", "dpi", "frame"},
                           "run the same command with a full build of ReduceLab, or write the "
                           "run as a web page with --html FILE, which works here"};
    for (const OptionSpec& o : animationOptions()) {
        drawing.names.push_back(o.name);
    }
    const Args a("run", argv, specs, 0);
    if (a.helpAsked()) {
        std::cout << usageWithFigures("run", "--algo ALGO --n N [options]", specs, drawing, env)
                  << "\nSimulates one reduction and prints its schedule. With --format json the "
                     "schedule carries its\nscenario (\"scenario\": the GUI's scenario file, "
                     "with the program and its version).\nWith --from FILE it reads a schedule "
                     "back instead (one run wrote, or reducelab-mpi run measured)\nand writes it "
                     "again: the same schedule in another format, or its figures.\n"
                  << algorithmTable(env.algorithms);
        return 0;
    }
    refuseDrawingWithoutFigures(a, "run", drawing, env);
    VerbOutputs out(a,
                    {"out", "gantt", "tree", "figure", "paje", "chrome-trace", "narration",
                     "animation", "html"},
                    {"matrix", "scenario", "from"});
    out.declareArchive(a, "otf2");
    if (a.has("from")) {
        const std::string format = a.get("format", "csv");
        if (format != "csv" && format != "json") {
            throw InputError("run: --format must be csv or json, not '" + format + "'");
        }
        return redrawSchedule(a, out, figureOptions(a, out), format, env);
    }
    const PageOptions page = pageOptions(a, out);
    const FigureOptions figure = figureOptions(a, out);
    const std::optional<AnimationRequest> animation = readAnimationRequest(a);
    const std::string format = a.get("format", "csv");
    if (format != "csv" && format != "json") {
        throw InputError("run: --format must be csv or json, not '" + format + "'");
    }
    const Scenario scenario = readScenario(a, env.algorithms);
    checkCompareOutputs(a, scenario);
    scenario.validate(); // before naming ompi-default's pick: a refused run says only why
    noteOmpiPicks(a, scenario.algorithms, scenario.n, scenario.nonCommutative);
    if (page.wanted) {
        RunPageLimits::check(scenario); // before the run: a page too large is refused at once
    }
    // A web page shows what the explorer shows: the bound line and Tree-dyn's Markov chain too.
    const bool narrated = out.wanted("narration") || animation.has_value();
    const auto run = runScenario(scenario, page.wanted ? RunDetail::Explorer
                                           : narrated  ? RunDetail::Narrated
                                                       : RunDetail::Schedules);
    if (page.wanted) {
        RunPageContent content;
        content.run = run;
        content.title = page.title;
        content.scenarioFile = scenarioFileText(scenario);
        content.program = "reducelab-cli";
        out.stage("html", runPageHtml(content));
    }
    if (scenario.algorithms.size() > 1) {
        out.stage("out", ""); // compare mode writes the page only
        out.commit();
        return 0;
    }
    const std::shared_ptr<const Schedule>& shared = run->schedules.front();
    const Schedule& s = *shared;
    if (out.wanted("paje")) {
        out.stage("paje", pajeTrace(s, pajeColors(false)));
    }
    if (out.wanted("chrome-trace")) {
        out.stage("chrome-trace", chromeTrace(s, scenario, "reducelab-cli"));
    }
    if (out.wantsArchive()) {
        out.stageArchive(s, otf2Metadata(s, scenario, "reducelab-cli"));
    }
    if (out.wanted("narration")) {
        out.stage("narration", narrationText(*run->narrations.front()));
    }
    RunDrawing drawn;
    drawn.schedule = shared;
    drawn.criticalPath = run->criticalPaths.front();
    if (!run->narrations.empty()) { // narrated runs only (--narration, --animation)
        drawn.narration = run->narrations.front();
    }
    drawn.title = s.algorithm + " — n = " + std::to_string(s.n) + ", makespan " +
                  formatSignificant(s.makespan, 5);
    if (figure.frame) {
        drawn.cursor = *figure.frame * s.makespan;
    }
    stageFigures(drawn, figure, out, env);
    if (animation) {
        ProgressLine progress(a, "animation");
        const std::string file = env.figures->animation(
            drawn, animation->options, animation->format,
            [&progress](std::uint64_t done, std::uint64_t total) { progress(done, total); });
        progress.finish(std::to_string(animation->options.frameCount()) + " frames, " +
                        std::to_string(file.size() / 1024) + " KiB");
        out.stage("animation", file);
    }
    out.stage("out",
              format == "json" ? scheduleJson(s, scenario, "reducelab-cli") : scheduleCsv(s));
    out.commit();
    return 0;
}

} // namespace rl::cli
