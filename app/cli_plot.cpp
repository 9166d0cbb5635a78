#include "cli_commands.h"

#include "cli_args.h"
#include "cli_figures.h"
#include "figure_renderer.h"

#include "base/file_io.h"
#include "base/input_error.h"
#include "studies/sweep_results.h"
#include "web/figure_page.h"

#include <iostream>
#include <map>

namespace rl::cli {

int cmdPlot(const std::vector<std::string>& argv, const CliEnvironment& env) {
    const std::vector<OptionSpec> specs{
        {"png", "FILE", "draw the figure into a PNG file"},
        {"svg", "FILE", "... into an SVG file"},
        {"pdf", "FILE", "... into a PDF file"},
        {"html", "FILE",
         "... as one web page: hovering shows the numbers, the legend switches series on and "
         "off; the results are in the page, which opens in any browser, offline"},
    };
    const DrawingOptions drawing{{"png", "svg", "pdf"},
                                 "run this plot with a full build of ReduceLab (the results "
                                 "file and its sidecar are all it needs), or ask for --html "
                                 "FILE, which works here"};
    const Args a("plot", argv, specs, 1);
    if (a.helpAsked()) {
        std::cout << usageWithFigures("plot",
                                      env.figures != nullptr
                                          ? "RESULTS.csv --png|--svg|--pdf|--html FILE"
                                          : "RESULTS.csv --html FILE",
                                      specs, drawing, env)
                  << "\nRedraws the figure of a sweep's results (the CSV of sweep --out, with the "
                     "FILE.csv.json\nsidecar written beside it), as the GUI panel draws it.\n";
        return 0;
    }
    refuseDrawingWithoutFigures(a, "plot", drawing, env);
    if (a.positional().size() != 1) {
        throw InputError("plot: name one results file (the CSV of sweep --out)");
    }
    const std::string input = a.positional().front();
    const std::vector<FigureFile> figures = sweepFigureFiles(a);
    if (figures.empty() && !a.has("html")) {
        throw InputError(env.figures != nullptr
                             ? "plot: ask for at least one figure: --png, --svg, --pdf or --html "
                               "FILE"
                             : "plot: ask for the figure as a web page, --html FILE (this build "
                               "draws no PNG, SVG or PDF)");
    }
    // The results and their sidecar are inputs: no figure may replace them.
    OutputSet out;
    out.declareInput("the results", input);
    out.declareInput("their sidecar", sweepSidecarPath(input));
    std::map<std::string, std::string> paths; // option -> file
    for (const char* option : {"png", "svg", "pdf", "html"}) {
        if (const auto path = a.get(option)) {
            out.declare(std::string("--") + option, *path);
            paths[option] = *path;
        }
    }
    const SweepResults results = loadSweepResults(input, env.algorithms);
    if (!figures.empty()) {
        for (const auto& [option, bytes] :
             env.figures->sweepFigures(results.snapshot, results.figure, figures)) {
            out.stage(paths.at(option), bytes);
        }
    }
    if (paths.count("html") > 0) {
        out.stage(paths.at("html"),
                  figurePageHtml({results.snapshot.get(), results.figure, "reducelab-cli"}));
    }
    out.commit();
    return 0;
}

} // namespace rl::cli
