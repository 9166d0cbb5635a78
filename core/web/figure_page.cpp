#include "web/figure_page.h"

#include "web/page_html.h"

#include "base/text_util.h"
#include "base/theme_colours.h"
#include "base/version.h"
#include "base/vocabulary.h"
#include "studies/figure_data.h"
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
    for (const figure_data::CvSweepSeries& curve : figure_data::cvSweepSeries(s)) {
        json points = json::array();
        for (const figure_data::CvSweepPoint& p : curve.points) {
            json point{{"cv", p.cv},
                       {"mean", finite(p.mean)},
                       {"tip", figure_text::describeCvPoint(s, p.point, curve.algorithm)}};
            if (p.hasBand) {
                point["lo"] = finite(p.low);
                point["hi"] = finite(p.high);
            }
            points.push_back(point);
        }
        series.push_back({{"algorithm", curve.algorithm}, {"points", points}});
    }
    data["series"] = series;
    data["ribbon"] =
        figure_data::drawsRibbon(s.spec) ? json(figure_text::ribbonName(s.spec)) : json(nullptr);
    data["reference"] = s.reference ? json{{"value", *s.reference},
                                           {"label", figure_text::cvSweepReference(*s.reference)}}
                                    : json(nullptr);
    data["axes"] = {{"x", figure_text::kCvAxis}, {"y", figure_text::kMakespanAxis}};
}

/// The ratio map's cells, colour scale and level line as RatioMapFigure draws them.
void addRatioMap(const GridSnapshot& s, json& data) {
    const figure_data::RatioMap map = figure_data::ratioMap(s);
    json cells = json::array();
    for (std::size_t point = 0; point < s.cells.size(); ++point) {
        cells.push_back({{"v", finite(map.field.values[point])},
                         {"hatch", map.uncertain[point]},
                         {"tip", figure_text::describeRatioCell(s, point)}});
    }
    json ticks = json::array();
    for (const figure_data::RatioMapTick& tick : map.ticks) {
        ticks.push_back(json::array({tick.at, tick.label}));
    }
    json contours = json::array();
    for (const ContourLine& line : map.levelLines(1.0)) {
        json points = json::array();
        for (const ContourPoint& p : line) {
            points.push_back(json::array({p.x, p.y}));
        }
        contours.push_back(points);
    }
    json stops = json::array();
    for (const Rgb& c : ratioMapStops()) {
        stops.push_back(c.hex());
    }
    data["cells"] = cells;
    data["extent"] = map.extent;
    data["ticks"] = ticks;
    data["contours"] = contours;
    data["stops"] = stops;
    data["missing"] = ratioMapMissing().hex();
    data["scale"] = figure_text::ratioMapScale(s);
}

/// The best-method map's cells: the best algorithm, how strongly its colour shows (the margin)
/// and the ties, as BestMethodFigure draws them.
void addBestMethod(const GridSnapshot& s, json& data) {
    const std::vector<figure_data::BestMethodCell> best = figure_data::bestMethodCells(s);
    json cells = json::array();
    for (std::size_t point = 0; point < s.cells.size(); ++point) {
        json c{{"best", -1}, {"tip", figure_text::describeBestCell(s, point)}};
        if (best[point].best >= 0) {
            c["best"] = best[point].best;
            c["w"] = best[point].weight;
            c["tie"] = best[point].tie;
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
    return webPage({"figure_page.html", "figure.css", "figure.js"}, title, data,
                   "the web page of the figure");
}

} // namespace rl
