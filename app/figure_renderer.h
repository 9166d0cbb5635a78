#pragma once

#include "engine/narration.h"
#include "experiment/progressive_sweep.h"
#include "experiment/sweep.h"
#include "models/divisible_load.h"
#include "models/steady_state.h"
#include "schedule/critical_path.h"
#include "schedule/schedule.h"
#include "studies/animation_options.h"
#include "studies/figure_format.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace rl::cli {

/// One run as a figure or an animation draws it (`run --gantt`, `--tree`, `--figure`,
/// `--animation`).
struct RunDrawing {
    std::shared_ptr<const Schedule> schedule;
    std::vector<CriticalStep> criticalPath;
    std::shared_ptr<const Narration> narration; ///< the animation's caption
    std::string title;
    /// The frame a figure shows: operations started by then, running ones up to it; +inf: the
    /// whole schedule. An animation plays the whole run.
    double cursor = std::numeric_limits<double>::infinity();
};

/// A figure file asked for: the option that names it ("png", "gantt") and its path, whose
/// extension gives the format.
using FigureFile = std::pair<std::string, std::string>;

/// What the command-line programs draw figures and animations with: the GUI's own views and
/// encoders in a full build (app/figure_render.cpp, the one part of the programs that links
/// Qt), none in a build without Qt (-DREDUCELAB_GUI=OFF), whose verbs refuse every option that
/// draws before any computation (cli_figures.h). Each call returns a file's bytes for the
/// verb's OutputSet (nothing is written here) or throws InputError naming the path.
class FigureRenderer {
  public:
    virtual ~FigureRenderer() = default;

    /// A run's printed figure in the format of `path`'s extension (PNG, SVG or PDF).
    virtual std::string runFigure(FigureKind kind, const RunDrawing& run,
                                  const FigureFormat& format, const std::string& path) = 0;
    /// A run's animation as the explorer plays it; `progress(framesEncoded, frames)` is called
    /// as the frames are encoded.
    virtual std::string
    animation(const RunDrawing& run, const AnimationOptions& options, AnimationFormat format,
              const std::function<void(std::uint64_t, std::uint64_t)>& progress) = 0;
    /// A sweep's figure as its panel draws it, in every file asked for: (option, bytes) pairs.
    virtual std::vector<std::pair<std::string, std::string>>
    sweepFigures(const std::shared_ptr<const GridSnapshot>& snapshot, Figure fig,
                 const std::vector<FigureFile>& files) = 0;
    /// A divisible-load schedule's Gantt chart, under `title`.
    virtual std::string divisibleGantt(const std::shared_ptr<const DivisibleSchedule>& schedule,
                                       const StarPlatform& platform, const std::string& title,
                                       const std::string& path) = 0;
    /// One period of a steady-state schedule as a Gantt chart, under `title`.
    virtual std::string steadyGantt(const std::shared_ptr<const SteadyStateResult>& result, int n,
                                    const std::string& title, const std::string& path) = 0;
};

/// The renderer of this build, for the program `program` ("reducelab-cli"), made at start-up
/// by main(): the GUI's views (which also route Qt's messages through one line each, and start
/// Qt only when a figure is first drawn), or none in a build without figures. Defined by
/// app/figure_render.cpp or app/no_figures.cpp, whichever the build links.
std::unique_ptr<FigureRenderer> makeFigureRenderer(const char* program);

} // namespace rl::cli
