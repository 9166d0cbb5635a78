#pragma once

#include "experiment/point_job.h"
#include "experiment/progressive_sweep.h"
#include "experiment/sweep.h"
#include "studies/scenario.h"
#include "studies/study.h"

#include <functional>
#include <memory>
#include <optional>

namespace rl {

/// The request of a sweep: the grid (SweepSpec) and the paper's figure that draws it. What the
/// three analysis panels and `reducelab-cli sweep fig4|fig5|fig6` run.
struct SweepStudy {
    /// Simulations of a live sweep's first pass: a coarse picture well under a second.
    static constexpr std::uint64_t kFirstPassSimulations = 40000;
    /// Replicates per point the CV sweep panel offers: a full picture in about a minute,
    /// where the paper's 10^6 (what `sweep fig4` runs) takes ten.
    static constexpr std::uint64_t kPanelCvReplicates = 100000;
    /// The longest sweep, by estimateSweep(), that a panel starts unasked (on first show or
    /// after an edit); a longer one waits for Start.
    static constexpr double kAutoStartSeconds = 5.0;

    Figure figure = Figure::Fig4;
    SweepSpec spec = SweepSpec::figure(Figure::Fig4);

    /// The paper's settings for `fig` (what `reducelab-cli sweep` runs by default).
    static SweepStudy paper(Figure fig);
    /// What the GUI panel of `fig` shows first.
    static SweepStudy panel(Figure fig);

    /// Throws InputError naming the first invalid field: the grid (SweepSpec::validate), and a
    /// ratio map of an algorithm against itself.
    void validate() const;
    /// Whether the figure draws every point's paired analysis (the ratio of Fig. 5, the best
    /// method of Fig. 6), which keeps every makespan of a point; Fig. 4 draws summaries (and
    /// drills down when the pairs were kept).
    bool needsPairs() const { return figure != Figure::Fig4; }
    /// Throws the InputError of a figure that needs its pairs when the replicates are too many
    /// to keep them (SweepSpec::analysesPairs).
    void checkFigureAnalysis() const;
};

/// How a live sweep (an analysis panel's) runs.
enum class LiveSweepMode {
    Progressive, ///< passes over growing replicate prefixes, every makespan kept (drill-down)
    Streaming, ///< points in grid order, summaries only: the grid's makespans do not fit in memory
};

/// What a sweep will cost before it runs: the panels' Start button and `sweep`'s progress line.
struct SweepEstimate {
    std::uint64_t simulations = 0; ///< one algorithm on one replicate of one point, summed
    double work = 0.0;             ///< simulations weighted by their size (see estimateSweep)
    unsigned threads = 1;          ///< the threads it runs on
    double seconds = 0.0;          ///< work / (rate × threads)
};

/// Work a Monte Carlo thread does per second, in estimateSweep()'s units: measured with
/// `sweep fig4 --ratio 0|1` and `sweep fig5` on one thread (CPU time 152-157 M on this
/// project's 2-core VM, under load).
inline constexpr double kSweepWorkPerThreadSecond = 150e6;

/// The one estimate of a sweep's duration. A simulation on n processors counts n·log2(n) (the
/// kernels' events times their queue), twice when reductions cost (ratio > 0: twice the
/// events); the work spreads over the study's threads at `workPerThreadSecond` (measured by a
/// caller on this machine, or kSweepWorkPerThreadSecond).
SweepEstimate estimateSweep(const SweepStudy& study,
                            double workPerThreadSecond = kSweepWorkPerThreadSecond);

/// The one rule: progressive when every makespan of the grid fits
/// ProgressiveSweep::kSampleBudget; otherwise streaming, for a figure that does without the
/// pairs; otherwise InputError (the budget's message). Validates the study.
LiveSweepMode liveSweepMode(const SweepStudy& study);

/// Each picture of a live sweep: a coarse snapshot first, then refined ones (progressive), or
/// one more point each time (streaming); the last is complete.
using OnSnapshot = std::function<void(std::shared_ptr<const GridSnapshot>)>;

/// Runs a live sweep in liveSweepMode(study), sending each snapshot (with its reference point)
/// to `onSnapshot`. `progress` counts (point, replicate) simulations over the whole run;
/// returning false cancels. Returns false when cancelled.
bool runLiveSweep(const SweepStudy& study, const StudyProgress& progress,
                  const OnSnapshot& onSnapshot);

/// A batch sweep (reducelab-cli and reducelab-mpi): every point through `executor`, each with
/// its paired analysis when the replicates allow (SweepSpec::pointConfigs); the complete
/// snapshot with its reference point, or null when cancelled.
std::shared_ptr<const GridSnapshot> runSweepJob(const SweepStudy& study, PointExecutor& executor,
                                                const PointJobOptions& options,
                                                const StudyProgress& progress = {});

/// The run of replicate `replicate` of grid point `point` (index into snapshot.cells): the same
/// n, mode, laws, seed and algorithms, so the explorer shows exactly that Monte Carlo replicate
/// (the analysis panels' drill-down).
Scenario replicateScenario(const GridSnapshot& snapshot, std::size_t point,
                           std::uint64_t replicate);

/// The reference point of a CV sweep: Tree-dyn's expected makespan from its Markov chain
/// (RR §5, theory/tree_dyn_markov.h) at CV 1, where gamma is the exponential law, for the
/// first ratio of the grid; none when the family is not gamma, Tree-dyn is not swept, or the
/// chain with reductions is beyond its size limit.
std::optional<double> sweepReference(const SweepSpec& spec);
/// `snapshot` with its reference point (a snapshot read back from a results file has none).
GridSnapshot withReference(GridSnapshot snapshot);

} // namespace rl
