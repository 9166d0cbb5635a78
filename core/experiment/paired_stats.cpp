#include "experiment/paired_stats.h"

#include "base/input_error.h"
#include "base/statistics.h"
#include "base/text_util.h"

#include <boost/math/distributions/normal.hpp>

#include <algorithm>
#include <cmath>
#include <utility>

namespace rl {

namespace {

struct PairMoments {
    double meanA = 0.0;
    double meanB = 0.0;
    double varA = 0.0;
    double varB = 0.0;
    double cov = 0.0;
};

// Two passes (means, then centred sums): accurate even when the means are large compared with
// the spread, as for makespans at small CV.
PairMoments pairMoments(const double* a, const double* b, std::size_t n) {
    PairMoments m;
    for (std::size_t r = 0; r < n; ++r) {
        m.meanA += a[r];
        m.meanB += b[r];
    }
    m.meanA /= static_cast<double>(n);
    m.meanB /= static_cast<double>(n);
    for (std::size_t r = 0; r < n; ++r) {
        const double da = a[r] - m.meanA;
        const double db = b[r] - m.meanB;
        m.varA += da * da;
        m.varB += db * db;
        m.cov += da * db;
    }
    const auto d = static_cast<double>(n - 1);
    m.varA /= d;
    m.varB /= d;
    m.cov /= d;
    return m;
}

} // namespace

double normalQuantileTwoSided(double level) {
    if (!(level > 0.0 && level < 1.0)) {
        throw InputError("confidence level " + formatNumber(level) + " is not in (0, 1)");
    }
    return boost::math::quantile(boost::math::normal(), 0.5 + level / 2.0);
}

RatioEstimate pairedRatio(const double* a, const double* b, std::size_t count, double level) {
    if (count < 2) {
        throw InputError("a paired ratio needs at least two replicates");
    }
    const double z = normalQuantileTwoSided(level);
    const PairMoments m = pairMoments(a, b, count);
    if (!(m.meanB > 0.0)) {
        throw InputError("a ratio of means needs a positive denominator mean");
    }
    RatioEstimate e;
    e.count = count;
    e.ratio = m.meanA / m.meanB;
    const double var = (m.varA - 2.0 * e.ratio * m.cov + e.ratio * e.ratio * m.varB) /
                       (static_cast<double>(count) * m.meanB * m.meanB);
    e.stdError = std::sqrt(std::max(0.0, var)); // rounding may make an exact 0 slightly negative
    e.low = e.ratio - z * e.stdError;
    e.high = e.ratio + z * e.stdError;
    return e;
}

RatioEstimate pairedRatio(const std::vector<double>& a, const std::vector<double>& b,
                          double level) {
    if (a.size() != b.size()) {
        throw InputError("paired samples must have the same length (" + std::to_string(a.size()) +
                         " and " + std::to_string(b.size()) + ")");
    }
    return pairedRatio(a.data(), b.data(), a.size(), level);
}

BestMethod bestMethod(const std::vector<const double*>& samples, std::size_t count) {
    if (samples.empty()) {
        throw InputError("no candidate algorithm to compare");
    }
    if (count < 2) {
        throw InputError("comparing algorithms needs at least two replicates");
    }
    std::vector<double> means;
    for (const double* s : samples) {
        double sum = 0.0;
        for (std::size_t r = 0; r < count; ++r) {
            sum += s[r];
        }
        means.push_back(sum / static_cast<double>(count));
    }
    BestMethod out;
    out.best = 0;
    for (int k = 1; k < static_cast<int>(means.size()); ++k) {
        if (means[static_cast<std::size_t>(k)] < means[static_cast<std::size_t>(out.best)]) {
            out.best = k;
        }
    }
    for (int k = 0; k < static_cast<int>(means.size()); ++k) {
        if (k != out.best &&
            (out.runnerUp < 0 ||
             means[static_cast<std::size_t>(k)] < means[static_cast<std::size_t>(out.runnerUp)])) {
            out.runnerUp = k;
        }
    }
    if (out.runnerUp < 0) {
        return out;
    }
    const double* best = samples[static_cast<std::size_t>(out.best)];
    const double* second = samples[static_cast<std::size_t>(out.runnerUp)];
    Moments diff;
    for (std::size_t r = 0; r < count; ++r) {
        diff.add(second[r] - best[r]);
    }
    const double bestMean = means[static_cast<std::size_t>(out.best)];
    out.margin = means[static_cast<std::size_t>(out.runnerUp)] - bestMean;
    out.relativeMargin = bestMean > 0.0 ? out.margin / bestMean : 0.0;
    out.diffStdError = diff.standardError();
    out.tie = out.margin <= out.diffStdError;
    return out;
}

std::size_t nearestToMedian(const double* values, std::size_t count) {
    if (count == 0) {
        throw InputError("no replicate to choose from");
    }
    std::vector<double> copy(values, values + count);
    const double median = quantilesType7(copy, {0.5}).front();
    std::size_t best = 0;
    for (std::size_t r = 1; r < count; ++r) {
        if (std::abs(values[r] - median) < std::abs(values[best] - median)) {
            best = r;
        }
    }
    return best;
}

namespace {

std::uint64_t medianOfDifference(const double* a, const double* b, std::size_t count) {
    std::vector<double> d(count);
    for (std::size_t r = 0; r < count; ++r) {
        d[r] = a[r] - b[r];
    }
    return nearestToMedian(d.data(), d.size());
}

} // namespace

PointAnalysis analysePoint(const std::vector<const double*>& samples, std::size_t count) {
    std::vector<std::uint64_t> medians;
    for (const double* x : samples) {
        medians.push_back(nearestToMedian(x, count));
    }
    return analysePoint(samples, count, std::move(medians));
}

PointAnalysis analysePoint(const std::vector<const double*>& samples, std::size_t count,
                           std::vector<std::uint64_t> medianReplicate,
                           const DifferenceMedian& differenceMedian) {
    const auto medianOfPair = [&](std::size_t a, std::size_t b) {
        if (differenceMedian) {
            if (const auto r = differenceMedian(a, b)) {
                return *r;
            }
        }
        return medianOfDifference(samples[a], samples[b], count);
    };
    PointAnalysis p;
    p.medianReplicate = std::move(medianReplicate);
    if (count < 2) {
        return p;
    }
    double meanB = 0.0;
    if (samples.size() >= 2) {
        for (std::size_t r = 0; r < count; ++r) {
            meanB += samples[1][r];
        }
    }
    if (samples.size() >= 2 && meanB > 0.0) {
        p.ratio01 = pairedRatio(samples[0], samples[1], count);
        p.ratioReplicate = medianOfPair(0, 1);
    }
    p.best = bestMethod(samples, count);
    const auto best = static_cast<std::size_t>(p.best->best);
    if (p.best->runnerUp < 0) {
        p.bestReplicate = p.medianReplicate[best];
    } else if (p.ratio01 && p.best->runnerUp == 0 && best == 1) {
        p.bestReplicate = p.ratioReplicate; // the same difference, already looked at
    } else {
        p.bestReplicate = medianOfPair(static_cast<std::size_t>(p.best->runnerUp), best);
    }
    return p;
}

} // namespace rl
