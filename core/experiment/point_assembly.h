#pragma once

#include "experiment/mc_block.h"
#include "experiment/monte_carlo.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

namespace rl {

/// One unit of work of a job: replicates [first, last) of point `point`, all in block `block`
/// (kMonteCarloBlock replicates from block * kMonteCarloBlock). A one-pass job's units are
/// whole blocks; a pass that ends inside a block leaves the rest of it to the next pass.
struct BlockUnit {
    std::uint64_t point = 0;
    std::uint64_t block = 0;
    std::uint64_t first = 0;
    std::uint64_t last = 0;
};

/// The units of a pass, point after point (so that few points are open at a time), computed
/// from their index rather than listed (a run of 2^40 replicates has 2^30 blocks).
class UnitList {
  public:
    /// Appends the units of replicates [from, upto) of `point`.
    void add(std::uint64_t point, std::uint64_t from, std::uint64_t upto);
    std::size_t size() const { return static_cast<std::size_t>(m_units); }
    BlockUnit at(std::size_t index) const;
    /// Replicates of every unit, summed.
    std::uint64_t replicates() const { return m_replicates; }
    /// Points with at least one unit.
    std::size_t points() const { return m_ranges.size(); }

  private:
    struct Range {
        std::uint64_t point = 0;
        std::uint64_t from = 0;
        std::uint64_t upto = 0;
        std::uint64_t firstUnit = 0;
    };
    std::vector<Range> m_ranges;
    std::uint64_t m_units = 0;
    std::uint64_t m_replicates = 0;
};

/// Whether a point sorts each block's makespans where they are simulated (exact quantiles or a
/// paired analysis: order statistics are then read from the sorted blocks), and whether it keeps
/// them in replicate order too (the paired analysis sums over replicates in order; kept samples).
bool sortsBlocks(const McConfig& config);
bool keepsReplicateOrder(const McConfig& config);

/// The points a process assembles, while their units run on any threads in any order: each
/// block's running moments, its makespans (by replicate when kept, and sorted within the block
/// where order statistics are needed) or its streaming histograms. The thread that finishes a
/// point's last unit of a pass assembles the point then and there: moments merged in block
/// order, quantiles and histogram from the sorted blocks, the paired analysis over the
/// replicates in their order. Every number equals, to the bit, the serial computation on the
/// concatenated makespans (base/sorted_runs.h), whichever threads or processes ran the units.
class PointAssembly {
  public:
    static constexpr std::uint64_t kAllReplicates = std::numeric_limits<std::uint64_t>::max();

    /// `points` (validated) must outlive the assembly. With `passes`, a point keeps its
    /// makespans after a pass, for the next pass to continue (ProgressiveSweep); otherwise its
    /// memory is freed once it is assembled.
    explicit PointAssembly(const std::vector<McConfig>& points, bool passes = false);
    ~PointAssembly();
    PointAssembly(const PointAssembly&) = delete;
    PointAssembly& operator=(const PointAssembly&) = delete;

    /// Prepares a pass that takes the `pending` points from the replicates they hold to `upto`
    /// (at most each point's replicates), and returns its units. A pass that ends inside a
    /// block continues that block's running moments in the next one: Moments::add is
    /// sequential, so a pass to R replicates gives, to the bit, a run of R replicates. Call
    /// only while no unit runs.
    UnitList beginPass(const std::vector<std::size_t>& pending,
                       std::uint64_t upto = kAllReplicates);

    /// Simulates `unit` of the current pass in place, on the calling thread, with `runner`
    /// (made for the unit's point); returns the point's result when it was the pass's last unit
    /// of that point. simulated() counts its replicates as they are done; once `stop` is set it
    /// ends at the next replicate, unfinished (the job is cancelled: nothing is returned, and
    /// the block is not counted as filled).
    std::optional<McResult> simulate(McBlockRunner& runner, const BlockUnit& unit,
                                     const std::atomic<bool>* stop = nullptr);
    /// A whole block of a one-pass job simulated elsewhere (another process): as simulate().
    std::optional<McResult> deposit(std::uint64_t point, const McBlockResult& block);

    /// The result of a point over its longest prefix of finished blocks (cancelled unless
    /// that is every block: a cancelled run keeps what it finished). Only while no unit runs.
    McResult prefixResult(std::size_t point) const;

    /// Drops the current pass (cancelled): every point back where beginPass() found it. Only
    /// with `passes`, while no unit runs.
    void rollBack();

    /// Replicates simulated in the current pass, so far (any thread).
    std::uint64_t simulated() const { return m_simulated.load(std::memory_order_relaxed); }
    /// Point `point`'s makespans of algorithm `algorithm` by replicate (with `passes`).
    const double* samples(std::size_t point, std::size_t algorithm) const;

  private:
    struct Point;
    std::optional<McResult> finishUnit(Point& p, std::uint64_t block, std::uint64_t last,
                                       const std::vector<LogHistogram>* streams);
    McResult assemble(const Point& p, std::uint64_t count, bool complete) const;

    bool m_passes;
    std::vector<std::unique_ptr<Point>> m_state;
    std::atomic<std::uint64_t> m_simulated{0};
};

} // namespace rl
