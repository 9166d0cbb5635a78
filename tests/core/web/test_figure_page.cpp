// An analysis figure's web page (core/web/figure_page.h): the results of a sweep as the
// application's figures draw them, with the application's words (studies/figure_text.h): the
// title, each point's or cell's hover text, the ratio map's colour scale and level line, the
// best-method map's shades and ties.
#include "web_page_data.h"

#include "base/theme_colours.h"
#include "experiment/contour.h"
#include "studies/figure_text.h"
#include "studies/sweep_study.h"
#include "web/figure_page.h"

#include "../../test_support.h"

#include <cmath>

using namespace rl;
using nlohmann::json;

namespace {

GridSnapshot sweep(Figure fig) {
    SweepSpec spec = SweepSpec::figure(fig);
    spec.n = 8;
    spec.cvs = {0.1, 0.5, 1.0, 3.0};
    spec.ratios =
        fig == Figure::Fig4 ? std::vector<double>{0.0} : std::vector<double>{0.2, 1.0, 5.0};
    spec.replicates = 300;
    spec.threads = 1;
    spec.seed = 2;
    ProgressiveSweep p(spec);
    p.runPass(spec.replicates);
    return withReference(p.snapshot());
}

json page(const GridSnapshot& s, Figure fig) {
    return test::pageData(figurePageHtml({&s, fig, "test"}));
}

} // namespace

TEST(FigurePage, CvSweep) {
    const GridSnapshot s = sweep(Figure::Fig4);
    const json d = page(s, Figure::Fig4);
    ASSERT_EQ(d["figure"].get<std::string>(), std::string("fig4"));
    ASSERT_EQ(d["title"].get<std::string>(), figure_text::cvSweepTitle(s));
    ASSERT_EQ(d["series"].size(), s.spec.algorithms.size());
    for (std::size_t a = 0; a < s.spec.algorithms.size(); ++a) {
        const json& points = d["series"][a]["points"];
        ASSERT_EQ(points.size(), s.spec.cvs.size());
        for (std::size_t c = 0; c < points.size(); ++c) {
            const McSummary& m = s.cells[c].summaries[a];
            ASSERT_FUZZY_EQ(points[c]["mean"].get<double>(), m.mean);
            ASSERT_FUZZY_EQ(points[c]["lo"].get<double>(), m.quantiles.front());
            ASSERT_FUZZY_EQ(points[c]["hi"].get<double>(), m.quantiles.back());
            ASSERT_EQ(points[c]["tip"].get<std::string>(), figure_text::describeCvPoint(s, c, a));
        }
    }
    ASSERT_TRUE(s.reference.has_value()); // gamma, Tree-dyn swept, CV 1 in the grid
    ASSERT_FUZZY_EQ(d["reference"]["value"].get<double>(), *s.reference);
    ASSERT_EQ(d["ribbon"].get<std::string>(), std::string("q10–q90"));
    ASSERT_TRUE(d["series"][0]["points"][0]["tip"].get<std::string>().find("mean = ") !=
                std::string::npos);
}

TEST(FigurePage, RatioMap) {
    const GridSnapshot s = sweep(Figure::Fig5);
    const json d = page(s, Figure::Fig5);
    ASSERT_EQ(d["title"].get<std::string>(), figure_text::ratioMapTitle(s));
    ASSERT_EQ(d["scale"].get<std::string>(), figure_text::ratioMapScale(s));
    ASSERT_EQ(d["cells"].size(), s.cells.size());
    double extent = std::log10(1.05);
    ContourGrid field;
    for (double cv : s.spec.cvs) {
        field.xs.push_back(std::log10(cv));
    }
    for (double r : s.spec.ratios) {
        field.ys.push_back(std::log10(r));
    }
    for (std::size_t k = 0; k < s.cells.size(); ++k) {
        const GridCell& cell = s.cells[k];
        ASSERT_TRUE(cell.ratio01.has_value());
        const double v = std::log10(cell.ratio01->ratio);
        extent = std::max(extent, std::abs(v));
        field.values.push_back(v);
        ASSERT_FUZZY_EQ(d["cells"][k]["v"].get<double>(), v);
        ASSERT_EQ(d["cells"][k]["hatch"].get<bool>(), cell.ratio01->contains(1.0));
        ASSERT_EQ(d["cells"][k]["tip"].get<std::string>(), figure_text::describeRatioCell(s, k));
    }
    ASSERT_FUZZY_EQ(d["extent"].get<double>(), extent);
    ASSERT_EQ(d["contours"].size(), contourLines(field, 0.0).size());
    ASSERT_EQ(d["stops"][0].get<std::string>(), ratioMapStops()[0].hex());
    ASSERT_TRUE(!d["ticks"].empty());
}

TEST(FigurePage, BestMethod) {
    const GridSnapshot s = sweep(Figure::Fig6);
    const json d = page(s, Figure::Fig6);
    ASSERT_EQ(d["title"].get<std::string>(), figure_text::bestMethodTitle(s));
    ASSERT_EQ(d["algorithms"].size(), s.spec.algorithms.size());
    for (std::size_t k = 0; k < s.cells.size(); ++k) {
        const BestMethod& b = *s.cells[k].best;
        ASSERT_EQ(d["cells"][k]["best"].get<int>(), b.best);
        ASSERT_FUZZY_EQ(d["cells"][k]["w"].get<double>(),
                        ColourRules::bestMethodWeight(b.relativeMargin));
        ASSERT_EQ(d["cells"][k]["tie"].get<bool>(), b.tie && b.runnerUp >= 0);
        ASSERT_EQ(d["cells"][k]["tip"].get<std::string>(), figure_text::describeBestCell(s, k));
    }
}
