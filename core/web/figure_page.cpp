#include "web/figure_page.h"

#include "web/page_html.h"
#include "web/web_assets.h"

#include "base/text_util.h"
#include "base/theme_colours.h"
#include "base/version.h"
#include "base/vocabulary.h"
#include "experiment/contour.h"
#include "studies/figure_text.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace rl {

namespace {

using nlohmann::json;

/// A finite number, or null (JSON has no NaN).
json finite(double v) {
    return std::isfinite(v) ? json(v) : json(nullptr);
}

std::string gridText(const std::vector<double>& axis) {
    if (axis.size() == 1) {
        return figure_text::number(axis.front());
    }
    return figure_text::number(axis.front()) + " to " + figure_text::number(axis.back()) + " (" +
           std::to_string(axis.size()) + " values, log-spaced)";
}

json settingsJson(const GridSnapshot& s) {
    std::string algorithms;
    for (const Algorithm& a : s.spec.algorithms) {
        algorithms += (algorithms.empty() ? "" : ", ") + a.name();
    }
    return json::array({json::array({"processors", "n = " + std::to_string(s.spec.n)}),
                        json::array({"algorithms", algorithms + " (common random numbers)"}),
                        json::array({"costs", std::string(sweepFamilyKey(s.spec.family)) +
                                                  " laws, mean transfer " +
                                                  figure_text::number(s.spec.transferMean)}),
                        json::array({"CV", gridText(s.spec.cvs)}),
                        json::array({"mu_c/mu_d", gridText(s.spec.ratios)}),
                        json::array({"replicates", std::to_string(s.replicates) + " per point" +
                                                       (s.complete ? "" : " (an incomplete run)")}),
                        json::array({"seed", std::to_string(s.spec.seed)})});
}

json glossaryJson(Figure fig) {
    std::vector<std::string_view> terms{"makespan",
                                        "cost law",
                                        "CV",
                                        "mu_d, mu_c, mu_c/mu_d",
                                        "replicate",
                                        "common random numbers",
                                        "mean ± standard error"};
    if (fig == Figure::Fig4) {
        terms.insert(terms.end(), {"q10, q90, ribbon", "Markov chain"});
    } else if (fig == Figure::Fig5) {
        terms.push_back("95% interval");
    } else {
        terms.push_back("margin, runner-up, tie");
    }
    json entries = json::array();
    for (std::string_view term : terms) {
        const GlossaryEntry& e = glossaryEntry(term);
        entries.push_back({{"term", e.term}, {"meaning", e.meaning}});
    }
    return entries;
}

void addCvSweep(const GridSnapshot& s, json& data) {
    json series = json::array();
    const bool ribbon = s.spec.quantiles.size() >= 2;
    for (std::size_t a = 0; a < s.spec.algorithms.size(); ++a) {
        json points = json::array();
        for (std::size_t c = 0; c < s.spec.cvs.size(); ++c) {
            const std::size_t point = c; // the first ratio of the grid, as the figure draws
            const GridCell& cell = s.cells[point];
            if (cell.summaries.size() <= a || cell.cv <= 0.0) {
                continue; // not computed yet, or CV 0 (no place on a log axis)
            }
            const McSummary& m = cell.summaries[a];
            json p{{"cv", cell.cv},
                   {"mean", finite(m.mean)},
                   {"tip", figure_text::describeCvPoint(s, point, a)}};
            if (ribbon && m.quantiles.size() >= 2) {
                p["lo"] = finite(m.quantiles.front());
                p["hi"] = finite(m.quantiles.back());
            }
            points.push_back(p);
        }
        series.push_back({{"algorithm", a}, {"points", points}});
    }
    data["series"] = series;
    data["ribbon"] = ribbon ? json(figure_text::quantileName(s.spec.quantiles.front()) + "–" +
                                   figure_text::quantileName(s.spec.quantiles.back()))
                            : json(nullptr);
    data["reference"] = s.reference ? json{{"value", *s.reference},
                                           {"label", figure_text::cvSweepReference(*s.reference)}}
                                    : json(nullptr);
    data["axes"] = {{"x", figure_text::kCvAxis}, {"y", figure_text::kMakespanAxis}};
}

/// The ratio map's cells, colour scale and level line as RatioMapFigure draws them.
void addRatioMap(const GridSnapshot& s, json& data) {
    ContourGrid field;
    for (double cv : s.spec.cvs) {
        field.xs.push_back(std::log10(std::max(cv, 1e-300)));
    }
    for (double r : s.spec.ratios) {
        field.ys.push_back(std::log10(std::max(r, 1e-300)));
    }
    double extent = std::log10(1.05);
    json cells = json::array();
    for (std::size_t point = 0; point < s.cells.size(); ++point) {
        const GridCell& cell = s.cells[point];
        double v = std::nan("");
        bool hatch = false;
        if (cell.ratio01 && cell.ratio01->ratio > 0.0) {
            v = std::log10(cell.ratio01->ratio);
            extent = std::max(extent, std::abs(v));
            hatch = cell.ratio01->contains(1.0);
        }
        field.values.push_back(v);
        cells.push_back({{"v", finite(v)},
                         {"hatch", hatch},
                         {"tip", figure_text::describeRatioCell(s, point)}});
    }
    json ticks = json::array();
    for (double r :
         {0.1, 0.2, 0.3, 0.5, 0.67, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 2.0, 3.0, 5.0, 10.0}) {
        // As the application's scale: 0.9 and 1.1 only when they do not crowd 1.
        if (std::abs(std::log10(r)) <= extent && (extent < 0.25 || (r != 0.9 && r != 1.1)) &&
            (extent < 0.5 || (r != 0.8 && r != 1.25))) {
            ticks.push_back(json::array({std::log10(r), formatSignificant(r, 3)}));
        }
    }
    json contours = json::array();
    if (s.spec.cvs.size() > 1 && s.spec.ratios.size() > 1) {
        for (const ContourLine& line : contourLines(field, 0.0)) {
            json points = json::array();
            for (const ContourPoint& p : line) {
                points.push_back(json::array({p.x, p.y}));
            }
            contours.push_back(points);
        }
    }
    json stops = json::array();
    for (const Rgb& c : ratioMapStops()) {
        stops.push_back(c.hex());
    }
    data["cells"] = cells;
    data["extent"] = extent;
    data["ticks"] = ticks;
    data["contours"] = contours;
    data["stops"] = stops;
    data["missing"] = ratioMapMissing().hex();
    data["scale"] = figure_text::ratioMapScale(s);
}

/// The best-method map's cells: the best algorithm, how strongly its colour shows (the margin)
/// and the ties, as BestMethodFigure draws them.
void addBestMethod(const GridSnapshot& s, json& data) {
    json cells = json::array();
    for (std::size_t point = 0; point < s.cells.size(); ++point) {
        const GridCell& cell = s.cells[point];
        json c{{"best", -1}, {"tip", figure_text::describeBestCell(s, point)}};
        if (cell.best) {
            c["best"] = cell.best->best;
            c["w"] = ColourRules::bestMethodWeight(cell.best->relativeMargin);
            c["tie"] = cell.best->tie && cell.best->runnerUp >= 0;
        }
        cells.push_back(c);
    }
    data["cells"] = cells;
}

} // namespace

std::string figurePageHtml(const FigurePageContent& content) {
    const GridSnapshot& s = *content.snapshot;
    std::string title;
    switch (content.figure) {
    case Figure::Fig4:
        title = figure_text::cvSweepTitle(s);
        break;
    case Figure::Fig5:
        title = figure_text::ratioMapTitle(s);
        break;
    case Figure::Fig6:
        title = figure_text::bestMethodTitle(s);
        break;
    }
    json algorithms = json::array();
    for (const Algorithm& a : s.spec.algorithms) {
        algorithms.push_back({{"name", a.name()}, {"category", algorithmCategory(a)}});
    }
    json data{{"kind", "figure"},
              {"figure", figureKey(content.figure)},
              {"title", title},
              {"program", content.program},
              {"version", kVersion},
              {"style", webStyle()},
              {"settings", settingsJson(s)},
              {"glossary", glossaryJson(content.figure)},
              {"algorithms", algorithms},
              {"cvs", s.spec.cvs},
              {"ratios", s.spec.ratios},
              {"axes", {{"x", figure_text::kCvAxis}, {"y", figure_text::kRatioAxis}}}};
    switch (content.figure) {
    case Figure::Fig4:
        addCvSweep(s, data);
        break;
    case Figure::Fig5:
        addRatioMap(s, data);
        break;
    case Figure::Fig6:
        addBestMethod(s, data);
        break;
    }
    WebPageParts parts;
    parts.htmlTemplate = webAsset("figure_page.html");
    parts.title = title;
    parts.styles = {webAsset("page.css"), webAsset("figure.css")};
    parts.scripts = {webAsset("common.js"), webAsset("figure.js")};
    parts.data = &data;
    return assembleWebPage(parts, "the web page of the figure");
}

} // namespace rl
