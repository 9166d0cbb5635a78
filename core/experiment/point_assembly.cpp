#include "experiment/point_assembly.h"

#include "base/sorted_runs.h"
#include "base/statistics.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <span>
#include <stdexcept>

namespace rl {

namespace {

constexpr std::uint64_t kBlock = kMonteCarloBlock;

std::uint64_t blocksFor(std::uint64_t replicates) {
    return (replicates + kBlock - 1) / kBlock;
}

// nearestToMedian(): the lowest replicate r whose value(r) is nearest `target`. The sorted
// blocks `runs` hold the same values (or, with `runTarget` = -target, their negations) and say
// which block holds the first one at the smallest distance; that block is scanned in order.
template <typename Value>
std::uint64_t nearestReplicate(const SortedRuns& runs, double target, double runTarget,
                               const Value& value) {
    const auto [distance, block] = runs.nearestRun(runTarget);
    std::uint64_t r = block * kBlock;
    while (std::abs(value(r) - target) != distance) {
        ++r;
    }
    return r;
}

} // namespace

void UnitList::add(std::uint64_t point, std::uint64_t from, std::uint64_t upto) {
    if (upto <= from) {
        return;
    }
    m_ranges.push_back({point, from, upto, m_units});
    m_units += blocksFor(upto) - from / kBlock;
    m_replicates += upto - from;
}

BlockUnit UnitList::at(std::size_t index) const {
    const auto it =
        std::upper_bound(m_ranges.begin(), m_ranges.end(), static_cast<std::uint64_t>(index),
                         [](std::uint64_t i, const Range& r) { return i < r.firstUnit; });
    const Range& r = *(it - 1);
    BlockUnit u;
    u.point = r.point;
    u.block = r.from / kBlock + (index - r.firstUnit);
    u.first = std::max(r.from, u.block * kBlock);
    u.last = std::min(r.upto, (u.block + 1) * kBlock);
    return u;
}

bool sortsBlocks(const McConfig& config) {
    return keepsEverySample(config) && (!config.quantiles.empty() || config.analysePairs);
}

bool keepsReplicateOrder(const McConfig& config) {
    return keepsEverySample(config) && (config.analysePairs || config.keepSamples);
}

struct PointAssembly::Point {
    const McConfig* config = nullptr;
    std::size_t algos = 0;
    std::uint64_t blocks = 0;
    bool exact = true;
    bool sorted = false;
    bool kept = false;
    bool differences = false; // the first two algorithms' paired differences, sorted by block

    std::mutex mutex; // allocation, and the streaming histograms' merges
    bool allocated = false;
    std::vector<Moments> moments;                 // block-major, each block's running moments
    std::vector<std::uint32_t> filled;            // replicates of each block simulated so far
    std::vector<std::vector<double>> byReplicate; // per algorithm, when kept
    // Per algorithm: block b's makespans at [b * kBlock, b * kBlock + filled[b]), sorted when
    // `sorted`, else in replicate order (unused when kept and not sorted).
    std::vector<std::vector<double>> values;
    // The paired differences of the first two algorithms, sorted by block: the ratio's median
    // replicate (and the best method's, when those two are the best) without a pass over
    // every replicate.
    std::vector<double> diffs;
    std::vector<LogHistogram> streams; // per algorithm, streaming mode

    std::atomic<std::uint64_t> unitsLeft{0}; // of the current pass
    std::uint64_t done = 0;                  // replicates held before the pass
    std::uint64_t upto = 0;                  // replicates held after it

    // The state before the pass, to drop a cancelled one (passes only).
    std::vector<Moments> savedMoments;
    std::vector<std::uint32_t> savedFilled;
    std::uint64_t savedDone = 0;

    void allocate() {
        const std::lock_guard lock(mutex);
        if (allocated) {
            return;
        }
        allocated = true;
        const std::size_t size = exact ? static_cast<std::size_t>(config->replicates) : 0;
        if (kept) {
            byReplicate.assign(algos, std::vector<double>(size));
        }
        if (exact && (sorted || !kept)) {
            values.assign(algos, std::vector<double>(size));
        }
        if (differences) {
            diffs.assign(size, 0.0);
        }
        if (!exact) {
            streams.resize(algos);
        }
    }

    void release() {
        const std::lock_guard lock(mutex);
        allocated = false;
        std::vector<std::vector<double>>().swap(byReplicate);
        std::vector<std::vector<double>>().swap(values);
        std::vector<double>().swap(diffs);
        std::vector<LogHistogram>().swap(streams);
    }

    std::uint64_t blockSize(std::uint64_t b) const {
        return std::min(config->replicates, (b + 1) * kBlock) - b * kBlock;
    }

    // Sorts block b's makespans [b * kBlock, last) of every algorithm (from the kept ones).
    void sortBlock(std::uint64_t b, std::uint64_t last) {
        const std::uint64_t start = b * kBlock;
        for (std::size_t a = 0; a < algos; ++a) {
            double* run = values[a].data() + start;
            if (kept) {
                std::copy(byReplicate[a].data() + start, byReplicate[a].data() + last, run);
            }
            sortValues(std::span<double>(run, last - start));
        }
        if (differences) {
            for (std::uint64_t r = start; r < last; ++r) {
                diffs[r] = byReplicate[0][r] - byReplicate[1][r];
            }
            sortValues(std::span<double>(diffs.data() + start, last - start));
        }
    }

    // Block b's sorted values of `v` (values[a] or diffs), for the first `count` replicates.
    SortedRuns runs(const std::vector<double>& v, std::uint64_t count) const {
        std::vector<std::span<const double>> spans;
        for (std::uint64_t b = 0; b < blocksFor(count); ++b) {
            spans.emplace_back(v.data() + b * kBlock, filled[b]);
        }
        return SortedRuns(std::move(spans));
    }
};

PointAssembly::PointAssembly(const std::vector<McConfig>& points, bool passes) : m_passes(passes) {
    for (const McConfig& c : points) {
        auto p = std::make_unique<Point>();
        p->config = &c;
        p->algos = c.algorithms.size();
        p->blocks = blockCount(c);
        p->exact = keepsEverySample(c);
        p->sorted = sortsBlocks(c);
        p->kept = keepsReplicateOrder(c);
        p->differences = p->kept && c.analysePairs && p->algos >= 2;
        if (passes && !p->kept) {
            throw std::logic_error("passes continue blocks from their makespans in order");
        }
        p->moments.assign(static_cast<std::size_t>(p->blocks) * p->algos, Moments{});
        p->filled.assign(static_cast<std::size_t>(p->blocks), 0);
        m_state.push_back(std::move(p));
    }
}

PointAssembly::~PointAssembly() = default;

UnitList PointAssembly::beginPass(const std::vector<std::size_t>& pending, std::uint64_t upto) {
    UnitList units;
    m_simulated = 0;
    for (const auto& state : m_state) {
        state->savedFilled.clear(); // points outside this pass are not rolled back
    }
    for (std::size_t i : pending) {
        Point& p = *m_state[i];
        p.upto = std::min(upto, p.config->replicates);
        if (p.upto <= p.done) {
            continue;
        }
        if (m_passes) {
            p.savedMoments = p.moments;
            p.savedFilled = p.filled;
            p.savedDone = p.done;
        }
        const std::size_t before = units.size();
        units.add(i, p.done, p.upto);
        p.unitsLeft = units.size() - before;
    }
    return units;
}

std::optional<McResult> PointAssembly::simulate(McBlockRunner& runner, const BlockUnit& u,
                                                const std::atomic<bool>* stop) {
    Point& p = *m_state[u.point];
    p.allocate();
    McSink sink;
    sink.done = &m_simulated;
    sink.stop = stop;
    sink.moments = &p.moments[u.block * p.algos];
    thread_local std::vector<double*> out;
    std::vector<LogHistogram> streams;
    if (p.exact) {
        out.clear();
        for (std::size_t a = 0; a < p.algos; ++a) {
            out.push_back(p.kept ? p.byReplicate[a].data() : p.values[a].data());
        }
        sink.samples = out.data();
    } else {
        streams.resize(p.algos);
        sink.streams = streams.data();
    }
    if (!runner.simulate(u.first, u.last, sink)) {
        return std::nullopt; // stopped: the job is cancelled, the block left unfilled
    }
    return finishUnit(p, u.block, u.last, p.exact ? nullptr : &streams);
}

std::optional<McResult> PointAssembly::deposit(std::uint64_t point, const McBlockResult& block) {
    Point& p = *m_state[point];
    p.allocate();
    const std::uint64_t start = block.block * kBlock;
    const std::uint64_t last = start + p.blockSize(block.block);
    for (std::size_t a = 0; a < p.algos; ++a) {
        p.moments[block.block * p.algos + a] = block.moments[a];
        if (p.exact) {
            std::vector<double>& to = p.kept ? p.byReplicate[a] : p.values[a];
            std::copy(block.samples[a].begin(), block.samples[a].end(),
                      to.begin() + static_cast<std::ptrdiff_t>(start));
        }
    }
    m_simulated.fetch_add(last - start, std::memory_order_relaxed);
    return finishUnit(p, block.block, last, p.exact ? nullptr : &block.streams);
}

std::optional<McResult> PointAssembly::finishUnit(Point& p, std::uint64_t block, std::uint64_t last,
                                                  const std::vector<LogHistogram>* streams) {
    if (p.sorted) {
        p.sortBlock(block, last);
    }
    if (streams != nullptr) {
        const std::lock_guard lock(p.mutex); // counts: the order of the merges does not matter
        for (std::size_t a = 0; a < p.algos; ++a) {
            p.streams[a].merge((*streams)[a]);
        }
    }
    p.filled[block] = static_cast<std::uint32_t>(last - block * kBlock);
    // The last unit of the point in this pass: every other unit's writes happened before its
    // decrement (acquire-release), so this thread sees the whole point.
    if (p.unitsLeft.fetch_sub(1, std::memory_order_acq_rel) != 1) {
        return std::nullopt;
    }
    p.done = p.upto;
    McResult r = assemble(p, p.upto, true);
    if (!m_passes) {
        p.release();
    }
    return r;
}

McResult PointAssembly::assemble(const Point& p, std::uint64_t count, bool complete) const {
    const McConfig& c = *p.config;
    const std::uint64_t nBlocks = blocksFor(count);
    McResult result;
    result.replicatesDone = count;
    result.cancelled = !complete;
    std::vector<std::uint64_t> medians;
    for (std::size_t a = 0; a < p.algos; ++a) {
        Moments m;
        for (std::uint64_t b = 0; b < nBlocks; ++b) {
            m.merge(p.moments[b * p.algos + a]);
        }
        McSummary s = summaryFromMoments(c.algorithms[a], m, c);
        if (p.exact && p.sorted) {
            SortedRuns runs = p.runs(p.values[a], count);
            s.histogram = runs.histogram(m.min, m.max, c.histogramBins);
            s.quantiles = runs.quantilesType7(c.quantiles);
            if (c.analysePairs && complete && count > 0) {
                const double median = runs.quantilesType7({0.5}).front();
                const double* x = p.byReplicate[a].data();
                medians.push_back(
                    nearestReplicate(runs, median, median, [&](std::uint64_t r) { return x[r]; }));
            }
        } else if (p.exact) {
            const double* x =
                count == 0 ? nullptr : (p.kept ? p.byReplicate[a] : p.values[a]).data();
            s.histogram =
                histogram(std::span<const double>(x, count), m.min, m.max, c.histogramBins);
            s.quantiles = {}; // not sorted: no quantile was asked for
        } else if (complete) {
            // Streaming mode: the histograms hold every replicate; quantiles only when the run
            // completed (a cancelled streaming run reports moments, not quantiles).
            s.exactQuantiles = false;
            s.quantileRelativeError = LogHistogram::kRelativeError;
            s.quantiles = p.streams[a].quantiles(c.quantiles, m.min, m.max);
            s.histogram = p.streams[a].rebin(m.min, m.max, c.histogramBins);
        } else {
            s.exactQuantiles = false;
            s.quantiles.assign(c.quantiles.size(), std::nan(""));
        }
        if (p.exact && c.keepSamples) {
            const double* x = count == 0 ? nullptr : p.byReplicate[a].data();
            s.samples = std::make_shared<const std::vector<double>>(x, x + count);
        }
        result.summaries.push_back(std::move(s));
    }
    if (c.analysePairs && p.exact && complete && count > 0) {
        std::vector<const double*> all;
        for (const auto& v : p.byReplicate) {
            all.push_back(v.data());
        }
        std::optional<SortedRuns> diffs;
        const double* x0 = all[0];
        const double* x1 = all.size() > 1 ? all[1] : nullptr;
        // The replicate nearest the median of x0 - x1, or of x1 - x0 (each difference exactly
        // the negated other, so that their order statistics are those of x0 - x1 reversed).
        const DifferenceMedian differenceMedian =
            [&](std::size_t first, std::size_t second) -> std::optional<std::uint64_t> {
            if (!p.differences || first + second != 1) {
                return std::nullopt;
            }
            if (!diffs) {
                diffs.emplace(p.runs(p.diffs, count));
            }
            if (first == 0) {
                const double median = diffs->quantilesType7({0.5}).front();
                return nearestReplicate(*diffs, median, median,
                                        [&](std::uint64_t r) { return x0[r] - x1[r]; });
            }
            const std::uint64_t lo = type7Rank(count, 0.5);
            double xlo = 0.0;
            double xhi = 0.0;
            if (lo + 1 < count) {
                const auto [below, at] = diffs->orderStatistics(count - 2 - lo);
                xlo = -at;
                xhi = -below;
            } else {
                xlo = xhi = -diffs->orderStatistics(count - 1 - lo).first;
            }
            const double median = type7Value(count, 0.5, xlo, xhi);
            return nearestReplicate(*diffs, median, -median,
                                    [&](std::uint64_t r) { return x1[r] - x0[r]; });
        };
        result.analysis = analysePoint(all, count, std::move(medians), differenceMedian);
    }
    return result;
}

McResult PointAssembly::prefixResult(std::size_t point) const {
    const Point& p = *m_state[point];
    std::uint64_t prefix = 0;
    while (prefix < p.blocks && p.filled[prefix] == p.blockSize(prefix)) {
        ++prefix;
    }
    const std::uint64_t count = std::min(p.config->replicates, prefix * kBlock);
    return assemble(p, count, prefix == p.blocks);
}

void PointAssembly::rollBack() {
    for (const auto& state : m_state) {
        Point& p = *state;
        if (p.savedFilled.empty()) {
            continue; // not in the pass
        }
        // A block's sorted makespans may hold the dropped ones now: the next pass that
        // continues the block sorts it again from the kept makespans (sortBlock).
        p.moments = std::move(p.savedMoments);
        p.filled = std::move(p.savedFilled);
        p.done = p.savedDone;
        p.savedMoments.clear();
        p.savedFilled.clear();
    }
}

const double* PointAssembly::samples(std::size_t point, std::size_t algorithm) const {
    return m_state[point]->byReplicate[algorithm].data();
}

} // namespace rl
