#include "cli_commands.h"

#include "cli_args.h"
#include "figure_render.h"
#include "sweep_render.h"

#include "base/file_io.h"

#include "base/input_error.h"
#include "common/sweep_results.h"
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
    const Args a("plot", argv, specs, 1);
    if (a.helpAsked()) {
        std::cout << Args::usage("plot", "RESULTS.csv --png|--svg|--pdf|--html FILE", specs)
                  << "\nRedraws the figure of a sweep's results (the CSV of sweep --out, with the "
                     "FILE.csv.json\nsidecar written beside it), as the GUI panel draws it.\n";
        return 0;
    }
    if (a.positional().size() != 1) {
        throw InputError("plot: name one results file (the CSV of sweep --out)");
    }
    const std::string input = a.positional().front();
    const SweepFigureFiles figures{a.get("png"), a.get("svg"), a.get("pdf")};
    if (!figures.any() && !a.has("html")) {
        throw InputError("plot: ask for at least one figure: --png, --svg, --pdf or --html FILE");
    }
    checkFigureFiles(figures);
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
    const SweepResults results = loadSweepResults(QString::fromStdString(input), env.algorithms);
    if (figures.any()) {
        for (const auto& [option, bytes] :
             renderSweepFigure(results.snapshot, results.figure, figures)) {
            out.stage(paths.at(option), bytesView(bytes));
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
