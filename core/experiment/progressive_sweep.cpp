#include "experiment/progressive_sweep.h"

#include "experiment/point_job.h"

#include "algorithms/algorithm_registry.h"
#include "base/input_error.h"
#include "base/parallel_for.h"
#include "base/statistics.h"
#include "base/text_util.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rl {

bool ProgressiveSweep::fitsSampleBudget(const SweepSpec& spec) {
    const std::uint64_t perReplicate =
        std::max<std::uint64_t>(spec.pointCount() * spec.algorithms.size(), 1);
    return spec.replicates <= kSampleBudget / perReplicate;
}

void ProgressiveSweep::checkSampleBudget(const SweepSpec& spec) {
    if (!fitsSampleBudget(spec)) {
        throw InputError("a figure keeps every makespan: " + std::to_string(spec.replicates) +
                         " replicates x " + std::to_string(spec.pointCount()) + " points x " +
                         std::to_string(spec.algorithms.size()) +
                         " algorithms exceeds the limit of " + std::to_string(kSampleBudget) +
                         "; use fewer replicates or points");
    }
}

ProgressiveSweep::ProgressiveSweep(SweepSpec spec) : m_spec(std::move(spec)) {
    m_spec.validate();
    checkSampleBudget(m_spec);
    m_configs = m_spec.pointConfigs();
    for (McConfig& c : m_configs) {
        c.analysePairs = true; // what the figures draw and drill into, pass after pass
    }
    m_assembly = std::make_unique<PointAssembly>(m_configs, true);
}

ProgressiveSweep::~ProgressiveSweep() = default;

bool ProgressiveSweep::runPass(std::uint64_t upto, const SweepProgress& progress) {
    upto = std::min(upto, m_spec.replicates);
    if (upto <= m_done) {
        return true;
    }
    const std::uint64_t total = (upto - m_done) * m_configs.size();
    if (progress && !progress(0, total)) {
        return false; // asked to stop before anything ran
    }
    std::vector<std::size_t> all(m_configs.size());
    for (std::size_t p = 0; p < all.size(); ++p) {
        all[p] = p;
    }
    const UnitList units = m_assembly->beginPass(all, upto);
    std::vector<McResult> results(m_configs.size());
    const bool finished = runUnits(
        *m_assembly, units, m_configs, workerCount(m_spec.threads, units.size()),
        [&](std::size_t point, McResult&& r) { results[point] = std::move(r); }, progress);
    if (!finished) {
        m_assembly->rollBack();
        return false;
    }
    m_results = std::move(results);
    m_done = upto;
    if (progress) {
        progress(total, total);
    }
    return true;
}

const double* ProgressiveSweep::samples(std::size_t point, std::size_t a) const {
    return m_assembly->samples(point, a);
}

GridSnapshot ProgressiveSweep::snapshot() const {
    GridSnapshot snap;
    snap.spec = m_spec;
    snap.replicates = m_done;
    snap.complete = m_done == m_spec.replicates;
    snap.cells.resize(m_configs.size());
    for (std::size_t ri = 0; ri < m_spec.ratios.size(); ++ri) {
        for (std::size_t ci = 0; ci < m_spec.cvs.size(); ++ci) {
            GridCell& cell = snap.cells[ri * m_spec.cvs.size() + ci];
            cell.cv = m_spec.cvs[ci];
            cell.ratio = m_spec.ratios[ri];
        }
    }
    for (std::size_t point = 0; point < m_results.size(); ++point) {
        snap.cells[point].summaries = m_results[point].summaries;
        if (m_results[point].analysis) {
            applyAnalysis(snap.cells[point], *m_results[point].analysis);
        }
    }
    return snap;
}

GridSnapshot snapshotFromResults(const SweepSpec& spec, const std::vector<McResult>& points) {
    std::vector<SweepRow> rows;
    for (std::size_t p = 0; p < points.size(); ++p) {
        for (const McSummary& s : points[p].summaries) {
            rows.push_back({spec.cvs[p % spec.cvs.size()], spec.ratios[p / spec.cvs.size()], s});
        }
    }
    GridSnapshot snap = snapshotFromRows(spec, rows, true);
    for (std::size_t p = 0; p < points.size() && p < snap.cells.size(); ++p) {
        if (points[p].analysis) {
            applyAnalysis(snap.cells[p], *points[p].analysis);
        }
    }
    return snap;
}

void applyAnalysis(GridCell& cell, const PointAnalysis& analysis) {
    cell.medianReplicate = analysis.medianReplicate;
    cell.ratio01 = analysis.ratio01;
    cell.ratioReplicate = analysis.ratioReplicate;
    cell.best = analysis.best;
    cell.bestReplicate = analysis.bestReplicate;
}

std::vector<std::uint64_t> ProgressiveSweep::passPlan(std::uint64_t replicates, std::size_t points,
                                                      std::size_t algorithms,
                                                      std::uint64_t firstPassSimulations) {
    const std::uint64_t perReplicate = std::max<std::uint64_t>(points * algorithms, 1);
    // At least 8 replicates: fewer give no useful quantile or interval.
    std::uint64_t r = std::max<std::uint64_t>(8, firstPassSimulations / perReplicate);
    std::vector<std::uint64_t> plan;
    while (r < replicates) {
        plan.push_back(r);
        r *= 4;
    }
    plan.push_back(replicates);
    return plan;
}

GridSnapshot snapshotFromRows(const SweepSpec& spec, const std::vector<SweepRow>& rows,
                              bool complete) {
    GridSnapshot snap;
    snap.spec = spec;
    snap.complete = complete;
    for (double ratio : spec.ratios) {
        for (double cv : spec.cvs) {
            snap.cells.push_back(GridCell{cv, ratio, {}, {}, std::nullopt, 0, std::nullopt, 0});
        }
    }
    const std::size_t nAlgos = spec.algorithms.size();
    for (std::size_t k = 0; k < rows.size() && k / nAlgos < snap.cells.size(); ++k) {
        snap.cells[k / nAlgos].summaries.push_back(rows[k].summary);
    }
    snap.replicates = rows.empty() ? 0 : rows.front().summary.count;
    return snap;
}

std::vector<SweepRow> GridSnapshot::rows() const {
    std::vector<SweepRow> out;
    for (const GridCell& c : cells) {
        for (const McSummary& s : c.summaries) {
            out.push_back({c.cv, c.ratio, s});
        }
    }
    return out;
}

std::string GridSnapshot::csv() const {
    std::string text = sweepCsvHeader(spec.quantiles) + "\n";
    for (const SweepRow& row : rows()) {
        text += sweepCsvRow(row, spec.n) + "\n";
    }
    return text;
}

GridSnapshot snapshotFromCsv(const SweepSpec& spec, std::string_view csv) {
    spec.validate();
    std::vector<std::string_view> lines;
    for (std::size_t at = 0; at < csv.size();) {
        const std::size_t end = csv.find('\n', at);
        if (end == std::string_view::npos) {
            throw InputError("line " + std::to_string(lines.size() + 1) +
                             " does not end with a line break");
        }
        lines.push_back(csv.substr(at, end - at));
        at = end + 1;
    }
    const std::string header = sweepCsvHeader(spec.quantiles);
    if (lines.empty() || lines.front() != header) {
        throw InputError("line 1 is not the header of a sweep with these quantiles ('" + header +
                         "')");
    }
    const std::size_t nAlgos = spec.algorithms.size();
    const std::uint64_t expected = static_cast<std::uint64_t>(spec.pointCount()) * nAlgos;
    if (lines.size() - 1 != expected) {
        throw InputError("the file has " + std::to_string(lines.size() - 1) + " rows; the grid (" +
                         std::to_string(spec.cvs.size()) + " CVs x " +
                         std::to_string(spec.ratios.size()) + " ratios x " +
                         std::to_string(nAlgos) + " algorithms) has " + std::to_string(expected));
    }
    const std::size_t nq = spec.quantiles.size();
    std::vector<SweepRow> rows;
    rows.reserve(expected);
    for (std::size_t k = 1; k < lines.size(); ++k) {
        const std::string where = "line " + std::to_string(k + 1);
        const std::vector<std::string> f = splitString(lines[k], ',');
        if (f.size() != 10 + nq) {
            throw InputError(where + " has " + std::to_string(f.size()) + " fields, not " +
                             std::to_string(10 + nq));
        }
        // A sweep writes finite numbers only; "inf" would reach the figures' axes.
        auto number = [&](const std::string& field, const char* name) {
            const double v = parseNumber(field, where + ": " + name);
            if (!std::isfinite(v)) {
                throw InputError(where + ": " + name + " is not finite");
            }
            return v;
        };
        SweepRow row;
        row.cv = number(f[0], "cv");
        row.ratio = number(f[1], "ratio");
        McSummary& m = row.summary;
        // The rows name the grid's own algorithms (checked below by writing them back).
        const std::optional<Algorithm> algorithm = findAlgorithm(spec.algorithms, f[2]);
        if (!algorithm) {
            throw InputError(where + ": algorithm '" + f[2] + "' is not one of the grid's");
        }
        m.algorithm = *algorithm;
        m.count = static_cast<std::uint64_t>(
            parseInteger(f[4], where + ": replicates", 1, std::numeric_limits<long long>::max()));
        m.mean = number(f[5], "mean");
        m.variance = number(f[6], "variance");
        m.stdError = number(f[7], "stderr");
        m.min = number(f[8], "min");
        m.quantileProbs = spec.quantiles;
        for (std::size_t q = 0; q < nq; ++q) {
            m.quantiles.push_back(number(f[9 + q], "quantile"));
        }
        m.max = number(f[9 + nq], "max");
        m.exactQuantiles = m.count <= McConfig{}.exactQuantileLimit;
        rows.push_back(std::move(row));
    }
    GridSnapshot snap = snapshotFromRows(spec, rows, true);
    // Everything else (the grid's values, the algorithms' order, n, one replicate count) is
    // checked by writing the rows back: the file must be what a sweep of `spec` writes.
    const std::string again = snap.csv();
    if (again != csv) {
        std::size_t line = 1;
        for (std::size_t i = 0; i < again.size() && i < csv.size() && again[i] == csv[i]; ++i) {
            line += csv[i] == '\n' ? 1 : 0;
        }
        throw InputError("line " + std::to_string(line) +
                         " is not what a sweep with these settings writes");
    }
    snap.spec.replicates = snap.replicates;
    return snap;
}

} // namespace rl
