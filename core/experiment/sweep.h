#pragma once

#include "experiment/monte_carlo.h"

#include <functional>
#include <string>
#include <vector>

namespace rl {

/// The paper's figures (RR §6, docs/model.md §7).
enum class Figure { Fig4, Fig5, Fig6 };

/// "fig4", "fig5", "fig6": the names the CLI and the results files use.
std::string_view figureKey(Figure fig);
/// The inverse of figureKey; throws InputError naming the known figures.
Figure parseFigure(std::string_view key);
/// "gamma", "uniform", "bernoulli": the law families a sweep may use, by name.
std::string_view sweepFamilyKey(LawKind family);
/// The inverse of sweepFamilyKey; throws InputError naming the known families.
LawKind parseSweepFamily(std::string_view key);

/// A grid over (CV, mu_c/mu_d): at each point, transfers follow family(transferMean, cv) and
/// reductions family(ratio * transferMean, cv) (the same CV for both streams, as in the paper;
/// ratio 0 means no reduction cost). Either axis may hold a single value.
struct SweepSpec {
    std::vector<Algorithm> algorithms;
    int n = 64;
    bool nonCommutative = false;
    LawKind family = LawKind::Gamma;
    double transferMean = 1.0;
    std::vector<double> cvs;
    std::vector<double> ratios;
    std::uint64_t replicates = 1000;
    std::uint64_t seed = 1;
    int threads = 0;
    std::vector<double> quantiles{0.1, 0.5, 0.9};

    /// The paper's settings for a figure (fig4: 1e6 replicates, 25 CVs; fig5/6: 31 x 21, 1000).
    static SweepSpec figure(Figure fig);
    /// Throws InputError naming the first invalid field (checks every grid point's laws).
    void validate() const;
    /// The Monte Carlo configuration of one grid point.
    McConfig pointConfig(double cv, double ratio) const;
    /// Whether every point can keep its makespans for the paired analysis (median replicates,
    /// ratio, best method): replicates within the exact-quantile limit.
    bool analysesPairs() const;
    /// Every point's configuration, in grid order (ratio outer, CV inner), with the paired
    /// analysis whenever analysesPairs().
    std::vector<McConfig> pointConfigs() const;
    std::size_t pointCount() const { return cvs.size() * ratios.size(); }
};

struct SweepRow {
    double cv = 0.0;
    double ratio = 0.0;
    McSummary summary;
};

struct SweepResult {
    std::vector<SweepRow> rows; ///< grid order (ratio outer, CV inner), algorithms in order
    bool cancelled = false;
};

/// Progress over the whole sweep, in replicates; return false to cancel.
using SweepProgress = std::function<bool(std::uint64_t done, std::uint64_t total)>;

/// Runs the grid as a point job on this process's threads (experiment/point_job.h: every
/// point's blocks spread over the threads; few points hold their makespans at a time), without
/// paired analyses. `onPoint`, if set, receives each point's rows in grid order, as soon as it
/// and the points before it are finished. `progress` returning false cancels: the rows are
/// then those of the finished points before the first unfinished one.
SweepResult runSweep(const SweepSpec& spec, const SweepProgress& progress = {},
                     const std::function<void(const std::vector<SweepRow>&)>& onPoint = {});

/// K values from a to b, equally spaced on a log scale (K = 1 gives {a}).
std::vector<double> logSpace(double a, double b, int k);
/// Parses "A:B:K" into logSpace(A, B, K), or a single value "A"; throws InputError.
std::vector<double> parseGrid(std::string_view text, std::string_view role);

/// "cv,ratio," + mcCsvHeader, and one row.
std::string sweepCsvHeader(const std::vector<double>& quantileProbs);
std::string sweepCsvRow(const SweepRow& row, int n);

} // namespace rl
