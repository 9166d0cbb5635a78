#include "experiment/mc_wire.h"

#include "algorithms/algorithm_registry.h"
#include "base/statistics.h"
#include "base/text_util.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace rl {

namespace {

void writeDoubles(ByteWriter& w, const std::vector<double>& v) {
    w.u64(v.size());
    for (double x : v) {
        w.f64(x);
    }
}

std::vector<double> readDoubles(ByteReader& r) {
    std::vector<double> v(r.count(8));
    for (double& x : v) {
        x = r.f64();
    }
    return v;
}

void writeLaw(ByteWriter& w, const Law& law) {
    w.u8(static_cast<std::uint8_t>(law.kind));
    w.f64(law.mean);
    w.f64(law.cv);
}

Law readLaw(ByteReader& r) {
    const std::uint8_t kind = r.u8();
    if (kind > static_cast<std::uint8_t>(LawKind::Bernoulli)) {
        r.fail("unknown law kind " + std::to_string(kind));
    }
    Law law;
    law.kind = static_cast<LawKind>(kind);
    law.mean = r.f64();
    law.cv = r.f64();
    return law;
}

// An algorithm travels as its key, resolved back among the algorithms the reader knows.
void writeAlgorithm(ByteWriter& w, const Algorithm& a) {
    w.bytes(a.key());
}

Algorithm readAlgorithm(ByteReader& r, std::span<const Algorithm> known) {
    const std::string_view key = r.bytes();
    if (const std::optional<Algorithm> a = findAlgorithm(known, key)) {
        return *a;
    }
    r.fail("unknown algorithm " + quoted(key)); // quoted: a NUL byte would cut the message
}

// The values of a finished run: what a damaged file or message breaks and a run never makes.
// Sums and merges of makespans may round a mean past an extreme by a few units in the last
// place: `slack` allows far less than any corruption that matters.
double slack(double lo, double hi) {
    return 1e-9 * std::max(std::abs(lo), std::abs(hi));
}

bool within(double x, double lo, double hi) {
    return std::isfinite(x) && x >= lo - slack(lo, hi) && x <= hi + slack(lo, hi);
}

// Count, extremes, mean and spread of makespans: finite, min <= mean <= max, spread >= 0 and
// no wider than the extremes allow (Popoviciu: variance <= (max - min)^2 n / (4 (n - 1))).
void checkSpread(ByteReader& r, std::uint64_t count, double mean, double variance, double min,
                 double max) {
    if (count == 0) {
        r.fail("a summary of no replicate");
    }
    if (!std::isfinite(min) || !std::isfinite(max) || min > max) {
        r.fail("the extremes " + formatNumber(min) + " and " + formatNumber(max) +
               " are not a range");
    }
    if (!within(mean, min, max)) {
        r.fail("the mean " + formatNumber(mean) + " is not within [" + formatNumber(min) + ", " +
               formatNumber(max) + "]");
    }
    const double n = static_cast<double>(count);
    const double bound = count > 1 ? (max - min) * (max - min) * n / (4.0 * (n - 1.0)) : 0.0;
    if (!within(variance, 0.0, bound)) {
        r.fail("the variance " + formatNumber(variance) + " is not within [0, " +
               formatNumber(bound) + "]");
    }
}

void writeMoments(ByteWriter& w, const Moments& m) {
    w.u64(m.count);
    w.f64(m.mean);
    w.f64(m.m2);
    w.f64(m.min);
    w.f64(m.max);
}

Moments readMoments(ByteReader& r) {
    Moments m;
    m.count = r.u64();
    m.mean = r.f64();
    m.m2 = r.f64();
    m.min = r.f64();
    m.max = r.f64();
    checkSpread(r, m.count, m.mean, m.variance(), m.min, m.max);
    if (!std::isfinite(m.m2)) {
        r.fail("a block's moments are not finite");
    }
    return m;
}

} // namespace

void writeMcConfig(ByteWriter& w, const McConfig& c) {
    w.u64(c.algorithms.size());
    for (const Algorithm& a : c.algorithms) {
        writeAlgorithm(w, a);
    }
    w.i32(c.n);
    w.u8(c.nonCommutative ? 1 : 0);
    w.u8(static_cast<std::uint8_t>(c.costs.mode));
    writeLaw(w, c.costs.transfer);
    writeLaw(w, c.costs.reduction);
    if (c.costs.mode == CostMode::FixedMatrix) {
        w.i32(c.costs.fixed->n);
        writeDoubles(w, c.costs.fixed->d);
        writeDoubles(w, c.costs.fixed->c);
    }
    w.u64(c.replicates);
    w.u64(c.seed);
    w.i32(c.threads);
    writeDoubles(w, c.quantiles);
    w.i32(c.histogramBins);
    w.u64(c.exactQuantileLimit);
    w.u8(c.keepSamples ? 1 : 0);
    w.u8(c.analysePairs ? 1 : 0);
}

McConfig readMcConfig(ByteReader& r, const AlgorithmCatalog& catalog) {
    McConfig c;
    c.algorithms.clear();
    const std::uint64_t algorithms = r.count(9);
    for (std::uint64_t k = 0; k < algorithms; ++k) {
        c.algorithms.push_back(readAlgorithm(r, catalog.all()));
    }
    c.n = r.i32();
    c.nonCommutative = r.u8() != 0;
    const std::uint8_t mode = r.u8();
    if (mode > static_cast<std::uint8_t>(CostMode::DrawnMatrix)) {
        r.fail("unknown cost mode " + std::to_string(mode));
    }
    c.costs.mode = static_cast<CostMode>(mode);
    c.costs.transfer = readLaw(r);
    c.costs.reduction = readLaw(r);
    if (c.costs.mode == CostMode::FixedMatrix) {
        FixedCosts fixed;
        fixed.n = r.i32();
        fixed.d = readDoubles(r);
        fixed.c = readDoubles(r);
        fixed.validate();
        c.costs.fixed = std::make_shared<const FixedCosts>(std::move(fixed));
    }
    c.replicates = r.u64();
    c.seed = r.u64();
    c.threads = r.i32();
    c.quantiles = readDoubles(r);
    c.histogramBins = r.i32();
    c.exactQuantileLimit = r.u64();
    c.keepSamples = r.u8() != 0;
    c.analysePairs = r.u8() != 0;
    c.validate();
    return c;
}

void writeBlockResult(ByteWriter& w, const McBlockResult& b) {
    w.u64(b.block);
    w.u64(b.moments.size());
    for (const Moments& m : b.moments) {
        writeMoments(w, m);
    }
    w.u64(b.samples.size());
    for (const auto& v : b.samples) {
        writeDoubles(w, v);
    }
    w.u64(b.streams.size());
    for (const LogHistogram& h : b.streams) {
        const auto buckets = h.nonEmptyBuckets();
        w.u64(buckets.size());
        for (const auto& [bucket, count] : buckets) {
            w.u32(bucket);
            w.u64(count);
        }
    }
}

McBlockResult readBlockResult(ByteReader& r, const McConfig& config) {
    const std::size_t nAlgos = config.algorithms.size();
    const bool exact = keepsEverySample(config);
    McBlockResult b;
    b.block = r.u64();
    if (b.block >= blockCount(config)) {
        r.fail("block " + std::to_string(b.block) + " does not exist");
    }
    const std::uint64_t first = b.block * kMonteCarloBlock;
    const std::uint64_t size = std::min(config.replicates, first + kMonteCarloBlock) - first;
    if (r.count(40) != nAlgos) {
        r.fail("wrong number of algorithms");
    }
    for (std::size_t a = 0; a < nAlgos; ++a) {
        b.moments.push_back(readMoments(r));
        if (b.moments.back().count != size) {
            r.fail("wrong replicate count in a block");
        }
    }
    if (r.count(8) != (exact ? nAlgos : 0)) {
        r.fail("wrong number of sample vectors");
    }
    for (std::size_t a = 0; exact && a < nAlgos; ++a) {
        b.samples.push_back(readDoubles(r));
        if (b.samples.back().size() != size) {
            r.fail("wrong sample count in a block");
        }
    }
    if (r.count(8) != (exact ? 0 : nAlgos)) {
        r.fail("wrong number of histograms");
    }
    for (std::size_t a = 0; !exact && a < nAlgos; ++a) {
        b.streams.emplace_back();
        const std::uint64_t buckets = r.count(12);
        for (std::uint64_t k = 0; k < buckets; ++k) {
            const std::uint32_t bucket = r.u32();
            b.streams.back().addToBucket(bucket, r.u64());
        }
        if (b.streams.back().count() != size) {
            r.fail("wrong histogram count in a block");
        }
    }
    return b;
}

void writeSummary(ByteWriter& w, const McSummary& s) {
    writeAlgorithm(w, s.algorithm);
    w.u64(s.count);
    w.f64(s.mean);
    w.f64(s.variance);
    w.f64(s.stdError);
    w.f64(s.min);
    w.f64(s.max);
    writeDoubles(w, s.quantileProbs);
    writeDoubles(w, s.quantiles);
    w.u8(s.exactQuantiles ? 1 : 0);
    w.f64(s.quantileRelativeError);
    w.f64(s.histogramLow);
    w.f64(s.histogramHigh);
    w.u64(s.histogram.size());
    for (std::uint64_t c : s.histogram) {
        w.u64(c);
    }
    w.u8(s.samples ? 1 : 0);
    if (s.samples) {
        writeDoubles(w, *s.samples);
    }
}

McSummary readSummary(ByteReader& r, std::span<const Algorithm> known) {
    McSummary s;
    s.algorithm = readAlgorithm(r, known);
    s.count = r.u64();
    s.mean = r.f64();
    s.variance = r.f64();
    s.stdError = r.f64();
    s.min = r.f64();
    s.max = r.f64();
    s.quantileProbs = readDoubles(r);
    s.quantiles = readDoubles(r);
    if (s.quantiles.size() != s.quantileProbs.size()) {
        r.fail("quantiles and their probabilities differ in number");
    }
    s.exactQuantiles = r.u8() != 0;
    s.quantileRelativeError = r.f64();
    s.histogramLow = r.f64();
    s.histogramHigh = r.f64();
    s.histogram.resize(r.count(8));
    for (std::uint64_t& c : s.histogram) {
        c = r.u64();
    }
    if (r.u8() != 0) {
        auto samples = readDoubles(r);
        if (samples.size() != s.count) {
            r.fail("the samples do not match the count");
        }
        if (!std::all_of(samples.begin(), samples.end(),
                         [&](double x) { return x >= s.min && x <= s.max; })) {
            r.fail("a sample lies outside [min, max]");
        }
        s.samples = std::make_shared<const std::vector<double>>(std::move(samples));
    }
    checkSpread(r, s.count, s.mean, s.variance, s.min, s.max);
    const double stdError = std::sqrt(s.variance / static_cast<double>(s.count));
    if (!within(s.stdError, stdError, stdError)) {
        r.fail("the standard error " + formatNumber(s.stdError) + " does not match the variance");
    }
    for (double q : s.quantiles) {
        if (!within(q, s.min, s.max)) {
            r.fail("the quantile " + formatNumber(q) + " is not within [" + formatNumber(s.min) +
                   ", " + formatNumber(s.max) + "]");
        }
    }
    if (s.quantileRelativeError != (s.exactQuantiles ? 0.0 : LogHistogram::kRelativeError) ||
        s.histogramLow != s.min || s.histogramHigh != s.max) {
        r.fail("the quantiles' error or the histogram's range does not match the summary");
    }
    std::uint64_t counted = 0;
    for (std::uint64_t c : s.histogram) {
        counted += std::min(c, s.count); // no overflow: a count above s.count fails below
    }
    if (s.histogram.empty() || counted != s.count) {
        r.fail("the histogram does not hold the " + std::to_string(s.count) + " replicates");
    }
    return s;
}

void writeAnalysis(ByteWriter& w, const PointAnalysis& p) {
    w.u64(p.medianReplicate.size());
    for (std::uint64_t r : p.medianReplicate) {
        w.u64(r);
    }
    w.u8(p.ratio01 ? 1 : 0);
    if (p.ratio01) {
        w.f64(p.ratio01->ratio);
        w.f64(p.ratio01->stdError);
        w.f64(p.ratio01->low);
        w.f64(p.ratio01->high);
        w.u64(p.ratio01->count);
    }
    w.u64(p.ratioReplicate);
    w.u8(p.best ? 1 : 0);
    if (p.best) {
        w.i32(p.best->best);
        w.i32(p.best->runnerUp);
        w.f64(p.best->margin);
        w.f64(p.best->relativeMargin);
        w.f64(p.best->diffStdError);
        w.u8(p.best->tie ? 1 : 0);
    }
    w.u64(p.bestReplicate);
}

PointAnalysis readAnalysis(ByteReader& r) {
    PointAnalysis p;
    p.medianReplicate.resize(r.count(8));
    for (std::uint64_t& m : p.medianReplicate) {
        m = r.u64();
    }
    if (r.u8() != 0) {
        RatioEstimate e;
        e.ratio = r.f64();
        e.stdError = r.f64();
        e.low = r.f64();
        e.high = r.f64();
        e.count = r.u64();
        if (!std::isfinite(e.ratio) || e.ratio < 0.0 || !std::isfinite(e.stdError) ||
            e.stdError < 0.0 || !std::isfinite(e.low) || !std::isfinite(e.high) ||
            !(e.low <= e.ratio && e.ratio <= e.high) || e.count < 2) {
            r.fail("a ratio that is not an interval around a finite ratio");
        }
        p.ratio01 = e;
    }
    p.ratioReplicate = r.u64();
    if (r.u8() != 0) {
        BestMethod b;
        b.best = r.i32();
        b.runnerUp = r.i32();
        b.margin = r.f64();
        b.relativeMargin = r.f64();
        b.diffStdError = r.f64();
        b.tie = r.u8() != 0;
        const auto n = static_cast<std::int64_t>(p.medianReplicate.size());
        if (b.best < 0 || b.best >= n || b.runnerUp < -1 || b.runnerUp >= n ||
            b.runnerUp == b.best) {
            r.fail("a best method that is not one of the algorithms");
        }
        for (double v : {b.margin, b.relativeMargin, b.diffStdError}) {
            if (!std::isfinite(v) || v < 0.0) {
                r.fail("a best method's margin is not a finite number >= 0");
            }
        }
        p.best = b;
    }
    p.bestReplicate = r.u64();
    return p;
}

void writePointResult(ByteWriter& w, const McResult& result) {
    w.u64(result.replicatesDone);
    w.u64(result.summaries.size());
    for (const McSummary& s : result.summaries) {
        writeSummary(w, s);
    }
    w.u8(result.analysis ? 1 : 0);
    if (result.analysis) {
        writeAnalysis(w, *result.analysis);
    }
}

McResult readPointResult(ByteReader& r, const McConfig& c) {
    McResult result;
    result.replicatesDone = r.u64();
    if (result.replicatesDone != c.replicates) {
        r.fail("a point is not complete");
    }
    if (r.count(1) != c.algorithms.size()) {
        r.fail("wrong number of algorithms");
    }
    const bool exact = keepsEverySample(c);
    for (const Algorithm& a : c.algorithms) {
        result.summaries.push_back(readSummary(r, c.algorithms));
        const McSummary& s = result.summaries.back();
        if (s.algorithm != a || s.count != c.replicates || s.quantileProbs != c.quantiles ||
            s.exactQuantiles != exact || (c.keepSamples && exact) != (s.samples != nullptr) ||
            s.histogram.size() > static_cast<std::size_t>(c.histogramBins)) {
            r.fail("a summary does not match its point");
        }
    }
    if (r.u8() != 0) {
        result.analysis = readAnalysis(r);
        const PointAnalysis& p = *result.analysis;
        const auto beyond = [&](std::uint64_t x) { return x >= c.replicates; };
        if (p.medianReplicate.size() != c.algorithms.size() ||
            std::any_of(p.medianReplicate.begin(), p.medianReplicate.end(), beyond) ||
            beyond(p.ratioReplicate) || beyond(p.bestReplicate) ||
            (p.ratio01 && p.ratio01->count != c.replicates)) {
            r.fail("a paired analysis does not match its point");
        }
    }
    if (c.analysePairs != result.analysis.has_value()) {
        r.fail("a paired analysis is missing or unexpected");
    }
    return result;
}

} // namespace rl
