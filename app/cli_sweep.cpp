#include "cli_commands.h"

#include "cli_args.h"
#include "cli_figures.h"
#include "cli_job.h"
#include "cli_platform.h"
#include "cli_policy.h"
#include "figure_renderer.h"

#include "algorithms/algorithm_registry.h"
#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "studies/sweep_results.h"
#include "studies/sweep_study.h"
#include "web/figure_page.h"

#include <chrono>
#include <cmath>
#include <functional>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>

namespace rl::cli {

int cmdSweep(const std::vector<std::string>& argv, const CliEnvironment& env) {
    std::vector<OptionSpec> specs{
        {"n", "N", "number of processors (default 64)"},
        {"replicates", "R", "replicates per point (default: fig4 1000000, fig5/fig6 1000)"},
        {"cv", "A:B:K",
         "K log-spaced CVs from A to B, or one value (default fig4 0.01:10:25, "
         "fig5/fig6 0.01:10:31)"},
        {"ratio", "A:B:K", "mu_c/mu_d grid, or one value (default fig4 0, fig5/fig6 0.1:10:21)"},
        {"algo", "LIST",
         "algorithms (default fig4 all, fig5 fibonacci,tree-dyn, fig6 binomial,fibonacci,nctd)"},
        ompiOptions()[0],
        ompiOptions()[1],
        {"family", "LAW", "law family of both streams: gamma (default), uniform or bernoulli"},
        {"mean", "MU", "mean transfer cost mu_d (default 1)"},
        {"seed", "S", "random seed (default 1); every point uses it (common random numbers)"},
        {"threads", "T", "worker threads (default: all cores)"},
        {"quantiles", "P1,P2,...", "quantile probabilities (default 0.1,0.5,0.9)"},
        {"out", "FILE",
         "write the CSV there (atomically) instead of standard output, with FILE.json beside it "
         "(settings and paired analyses: plot and the GUI reopen the results)"},
        {"png", "FILE", "also draw the figure, as the GUI panel does, into a PNG file"},
        {"svg", "FILE", "... into an SVG file"},
        {"pdf", "FILE", "... into a PDF file"},
        {"html", "FILE",
         "also write the figure as one web page: hovering shows the numbers, the legend switches "
         "series on and off; the results are in the page, which opens in any browser, offline"},
    };
    addPolicyOption(specs, env);
    for (const auto& more : {progressOptions(), jobOptions()}) {
        specs.insert(specs.end(), more.begin(), more.end());
    }
    const DrawingOptions drawing{
        {"png", "svg", "pdf"},
        "write the results with --out FILE.csv and redraw their figure with `reducelab-cli plot "
        "FILE.csv --png|--svg|--pdf FIGURE` on a full build of ReduceLab (the CSV and its sidecar "
        "hold everything it needs), or ask for --html FILE, which works here"};
    const Args a("sweep", argv, specs, 1, env.program);
    if (a.helpAsked()) {
        std::cout << usageWithFigures("sweep", "fig4|fig5|fig6 [options]", specs, drawing, env)
                  << "\nRuns the grid of one of the paper's figures (RR §6) and prints a tidy CSV, "
                     "one row per\n"
                     "(point, algorithm): "
                  << sweepCsvHeader({0.1, 0.5, 0.9}) << "\n";
        return 0;
    }
    refuseDrawingWithoutFigures(a, "sweep", drawing, env);
    if (a.positional().empty()) {
        throw InputError("sweep: name the figure: fig4, fig5 or fig6");
    }
    const std::string figName = a.positional().front();
    Figure fig = Figure::Fig4;
    try {
        fig = parseFigure(figName);
    } catch (const InputError& e) {
        throw InputError(std::string("sweep: ") + e.what());
    }
    const std::vector<FigureFile> figures = sweepFigureFiles(a);
    VerbOutputs out(a, {"out", "png", "svg", "pdf", "html"}, {"checkpoint"});
    SweepStudy study = SweepStudy::paper(fig);
    SweepSpec& spec = study.spec;
    spec.n = static_cast<int>(a.integer("n", spec.n, 1, kMaxProcessors));
    spec.replicates =
        static_cast<std::uint64_t>(a.integer("replicates", static_cast<long long>(spec.replicates),
                                             1, static_cast<long long>(kMaxReplicates)));
    if (const auto cv = a.get("cv")) {
        spec.cvs = parseGrid(*cv, "--cv");
    }
    if (const auto ratio = a.get("ratio")) {
        spec.ratios = parseGrid(*ratio, "--ratio");
    }
    if (const auto algo = a.get("algo")) {
        spec.algorithms = parseAlgorithmList(*algo, env.algorithms);
    }
    if (const auto family = a.get("family")) {
        try {
            spec.family = parseSweepFamily(*family);
        } catch (const InputError& e) {
            throw InputError(std::string("sweep: --family: ") + e.what());
        }
    }
    if (const auto mean = a.get("mean")) {
        spec.transferMean = parseNumber(*mean, "--mean");
    }
    spec.algorithms = applyOmpiOptions(a, std::move(spec.algorithms), "sweep");
    spec.seed = static_cast<std::uint64_t>(a.integer("seed", static_cast<long long>(spec.seed), 0,
                                                     std::numeric_limits<long long>::max()));
    spec.threads = threadsOption(a);
    spec.quantiles = parseQuantiles(a);
    study.validate();
    noteOmpiPicks(a, spec.algorithms, spec.n, spec.nonCommutative);
    if (!figures.empty() || out.wanted("html")) {
        study.checkFigureAnalysis();
    }
    // The sidecar beside a results file: what `plot` and the GUI's Open results… need.
    const std::optional<std::string> sidecar = sweepSidecarFor(out.path("out"));
    if (sidecar) {
        out.declareAlso("out", "sidecar", *sidecar);
    }
    const auto t0 = std::chrono::steady_clock::now();
    ProgressLine line(a, "sweep " + figName);
    if (env.executor == nullptr) {
        // The panels' estimate, before the first block ends (this process's threads; the
        // ranks of reducelab-mpi are not known to it).
        line.estimate(estimateSweep(study).seconds);
    }
    // Every point's paired analysis (median replicates, ratio, best method) is computed as the
    // point completes, with one point's makespans in memory at a time: the figures and the
    // results file (reopened by the GUI, drill-down included) need it.
    CliJob job(a, line, env.executor);
    const auto snapshot = runSweepJob(study, job.executor(), job.options(), std::ref(line));
    if (!figures.empty()) {
        for (const auto& [option, bytes] : env.figures->sweepFigures(snapshot, fig, figures)) {
            out.stage(option, bytes);
        }
    }
    if (out.wanted("html")) {
        out.stage("html", figurePageHtml({snapshot.get(), fig, env.program}));
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    line.finish("done in " + formatNumber(std::round(seconds * 10) / 10) + " s");
    out.stage("out", snapshot->csv());
    if (sidecar) {
        out.stage("sidecar", sweepSidecar(*snapshot, fig));
    }
    out.commit();
    job.finish();
    return 0;
}

} // namespace rl::cli
