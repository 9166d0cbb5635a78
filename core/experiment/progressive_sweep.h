#pragma once

#include "experiment/paired_stats.h"
#include "experiment/point_assembly.h"
#include "experiment/sweep.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace rl {

/// What a figure needs to know about one grid point, computed from the paired samples.
struct GridCell {
    double cv = 0.0;
    double ratio = 0.0;
    std::vector<McSummary> summaries; ///< spec.algorithms order, same numbers as runSweep
    /// Per algorithm: the replicate whose makespan is nearest that algorithm's median.
    std::vector<std::uint64_t> medianReplicate;
    /// algorithms[0] over algorithms[1] (Fig. 5), when there are at least two algorithms.
    std::optional<RatioEstimate> ratio01;
    /// The replicate whose paired difference algorithms[0] - algorithms[1] is nearest its median.
    std::uint64_t ratioReplicate = 0;
    /// The best mean among all algorithms (Fig. 6), with margin and tie.
    std::optional<BestMethod> best;
    /// The replicate whose paired difference runner-up - best is nearest its median.
    std::uint64_t bestReplicate = 0;
};

/// The state of a sweep after some passes: every cell summarises replicates 0..replicates-1.
struct GridSnapshot {
    SweepSpec spec;
    std::uint64_t replicates = 0;
    bool complete = false;       ///< replicates == spec.replicates
    std::vector<GridCell> cells; ///< ratio outer, CV inner (as SweepResult::rows)
    /// A value the figure marks beside the data: Tree-dyn's Markov-chain mean at CV 1 for a CV
    /// sweep (set by studies/sweep_study.h, which knows the theory; none when it does not
    /// apply).
    std::optional<double> reference;

    const GridCell& cell(std::size_t cvIndex, std::size_t ratioIndex) const {
        return cells[ratioIndex * spec.cvs.size() + cvIndex];
    }
    /// The tidy rows of runSweep (same order, same numbers for a complete snapshot).
    std::vector<SweepRow> rows() const;
    /// The CSV of `reducelab-cli sweep` for these rows.
    std::string csv() const;
};

/// A snapshot holding only the summaries of `rows` (as runSweep gives them, possibly a prefix of
/// the points): enough for a CV sweep figure when the replicates are too many to keep (the
/// paired fields stay empty; points without rows have no summaries).
GridSnapshot snapshotFromRows(const SweepSpec& spec, const std::vector<SweepRow>& rows,
                              bool complete);

/// Sets the paired fields of a cell (median replicates, the ratio of the first two algorithms,
/// the best method) from its point's analysis.
void applyAnalysis(GridCell& cell, const PointAnalysis& analysis);

/// The complete snapshot (summaries only, no paired fields) that a sweep of `spec` wrote as
/// `csv` (GridSnapshot::csv(), whose numbers read back exactly). The file must be exactly what
/// such a sweep writes: otherwise throws InputError naming the first line that differs.
GridSnapshot snapshotFromCsv(const SweepSpec& spec, std::string_view csv);

/// A complete snapshot of every point's result (grid order): the summaries, and the paired
/// fields of the points run with McConfig::analysePairs.
GridSnapshot snapshotFromResults(const SweepSpec& spec, const std::vector<McResult>& points);

/// A sweep run in passes over growing replicate prefixes, so a figure can show a coarse
/// picture early and refine it. Each pass is a pass of the point job (experiment/point_job.h):
/// units of the replicates between the last pass and this one, on every thread, each point
/// assembled by the thread that finishes it. Keeps every makespan (paired analyses need them),
/// so the grid is bounded: replicates x points x algorithms <= kSampleBudget. After the pass
/// that reaches R replicates, every summary equals, to the bit, that of runSweep with
/// replicates = R (a pass that ends inside a block continues its running moments).
class ProgressiveSweep {
  public:
    /// 2^25 makespans: Fig. 5/6 at 1,000 replicates hold 2.6 million. Each is kept in
    /// replicate order and sorted by block, with the first two algorithms' differences: 20
    /// bytes a makespan at most (640 MiB at the budget).
    static constexpr std::uint64_t kSampleBudget = 1ULL << 25;

    /// Whether every makespan of the grid fits kSampleBudget.
    static bool fitsSampleBudget(const SweepSpec& spec);
    /// Throws the InputError of a grid beyond kSampleBudget, naming its size.
    static void checkSampleBudget(const SweepSpec& spec);

    /// Validates the spec (InputError naming the problem, including an over-budget grid).
    explicit ProgressiveSweep(SweepSpec spec);
    ~ProgressiveSweep();

    const SweepSpec& spec() const { return m_spec; }
    std::uint64_t replicatesDone() const { return m_done; }

    /// Simulates replicates [replicatesDone(), upto) of every point on spec().threads threads.
    /// `progress(done, total)` counts simulated (point, replicate) pairs of this pass: once
    /// before it starts, then about every 50 ms, from the calling thread; returning false
    /// cancels. A cancelled pass is dropped whole (the state stays at the previous pass) and
    /// runPass returns false.
    bool runPass(std::uint64_t upto, const SweepProgress& progress = {});

    /// Summaries and paired analyses of every point after the last pass (assembled as the pass
    /// went).
    GridSnapshot snapshot() const;

    /// The sample of algorithm `a` (index into spec().algorithms) at point `point`.
    const double* samples(std::size_t point, std::size_t a) const;

    /// Replicate counts of the passes: a first pass small enough to show a coarse picture
    /// within about a second (about `firstPassSimulations` simulations in all), then x4 steps,
    /// ending at `replicates`.
    static std::vector<std::uint64_t> passPlan(std::uint64_t replicates, std::size_t points,
                                               std::size_t algorithms,
                                               std::uint64_t firstPassSimulations = 40000);

  private:
    SweepSpec m_spec;
    std::vector<McConfig> m_configs;           // per point
    std::unique_ptr<PointAssembly> m_assembly; // the points' makespans, continued by each pass
    std::vector<McResult> m_results;           // per point, after the last pass
    std::uint64_t m_done = 0;
};

} // namespace rl
