#include "studies/figure_text.h"

#include "studies/figure_data.h"

#include "algorithms/algorithm_registry.h"
#include "base/text_util.h"

namespace rl::figure_text {

namespace {

std::string name(const Algorithm& a) {
    return a.name();
}

std::string algorithmAt(const GridSnapshot& s, std::size_t i) {
    return i < s.spec.algorithms.size() ? name(s.spec.algorithms[i]) : std::string();
}

} // namespace

std::string number(double v) {
    return formatSignificant(v, 5);
}

std::string quantileName(double p) {
    // Appended, not "q" + string: GCC 12 warns falsely (-Wrestrict) on inserting a literal.
    std::string name = "q";
    name += formatSignificant(p * 100.0, 3);
    return name;
}

std::string ribbonName(const SweepSpec& spec) {
    return quantileName(spec.quantiles.front()) + "–" + quantileName(spec.quantiles.back());
}

std::string cvSweepTitle(const GridSnapshot& s) {
    const double ratio = s.spec.ratios.empty() ? -1.0 : s.spec.ratios.front();
    std::string title = "Mean makespan against CV, n = " + std::to_string(s.spec.n) + ", " +
                        std::to_string(s.replicates) + " replicates per point";
    if (figure_data::drawsRibbon(s.spec)) {
        title += ", ribbon " + ribbonName(s.spec);
    }
    if (ratio > 0.0) {
        title += ", mu_c/mu_d = " + number(ratio);
    }
    return title;
}

std::string cvSweepReference(double value) {
    return "Tree-dyn's Markov chain at CV 1: " + number(value);
}

std::string describeCvPoint(const GridSnapshot& s, std::size_t point, std::size_t algorithm) {
    const GridCell& cell = s.cells[point];
    if (algorithm >= cell.summaries.size()) {
        return {};
    }
    const McSummary& m = cell.summaries[algorithm];
    std::string text = "<b>" + name(m.algorithm) + "</b><br>CV = " + number(cell.cv) +
                       "<br>mean = " + number(m.mean) + " ± " + number(m.stdError) +
                       " (standard error)";
    for (std::size_t k = 0; k < m.quantileProbs.size() && k < m.quantiles.size(); ++k) {
        text += "<br>" + quantileName(m.quantileProbs[k]) + " = " + number(m.quantiles[k]);
    }
    return text + "<br>" + std::to_string(m.count) + " replicates";
}

std::string ratioMapTitle(const GridSnapshot& s) {
    return "Mean makespan of " + algorithmAt(s, 0) + " / " + algorithmAt(s, 1) +
           ", n = " + std::to_string(s.spec.n) + ", " + std::to_string(s.replicates) +
           " replicates per cell — line: ratio = 1; hatched: 95% interval contains 1";
}

std::string ratioMapScale(const GridSnapshot& s) {
    return algorithmAt(s, 0) + " / " + algorithmAt(s, 1);
}

std::string mapCellHeader(const GridCell& cell) {
    std::string text = "CV = " + number(cell.cv) + ", mu_c/mu_d = " + number(cell.ratio);
    for (const McSummary& m : cell.summaries) {
        text +=
            "<br>" + name(m.algorithm) + ": mean " + number(m.mean) + " ± " + number(m.stdError);
    }
    return text;
}

std::string describeRatioCell(const GridSnapshot& s, std::size_t point) {
    const GridCell& cell = s.cells[point];
    std::string text = mapCellHeader(cell);
    if (cell.ratio01) {
        const RatioEstimate& r = *cell.ratio01;
        text += "<br><b>ratio " + number(r.ratio) + "</b>, 95% interval [" + number(r.low) + ", " +
                number(r.high) + "] (paired, delta method)";
        if (r.contains(1.0)) {
            text += "<br>the interval contains 1: not told apart";
        }
        text += "<br>" + std::to_string(r.count) + " replicates";
    }
    return text;
}

std::string bestMethodTitle(const GridSnapshot& s) {
    return "Best mean makespan, n = " + std::to_string(s.spec.n) + ", " +
           std::to_string(s.replicates) +
           " replicates per cell — shade: margin to the runner-up (faint ≤ 0.1%, full ≥ 10%); "
           "×: tie within one standard error";
}

std::string describeBestCell(const GridSnapshot& s, std::size_t point) {
    const GridCell& cell = s.cells[point];
    std::string text = mapCellHeader(cell);
    if (cell.best && cell.best->runnerUp >= 0) {
        const BestMethod& b = *cell.best;
        text += "<br><b>best: " + algorithmAt(s, static_cast<std::size_t>(b.best)) +
                "</b>, runner-up " + algorithmAt(s, static_cast<std::size_t>(b.runnerUp)) + " by " +
                number(b.margin) + " (" + number(100.0 * b.relativeMargin) + "%) ± " +
                number(b.diffStdError);
        if (b.tie) {
            text += "<br>tie: the margin is within one standard error";
        }
    }
    return text;
}

} // namespace rl::figure_text
