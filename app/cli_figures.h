#pragma once

#include "cli_args.h"
#include "cli_commands.h"
#include "figure_renderer.h"

#include <optional>
#include <string>
#include <vector>

namespace rl::cli {

/// The options of a verb that draw (figures, animations) and what a build without figures
/// offers instead. Every build knows these options: one without figures (-DREDUCELAB_GUI=OFF)
/// refuses them by name, before any computation, and its --help lists them apart.
struct DrawingOptions {
    std::vector<std::string> names; ///< without the dashes: "gantt", "width-mm"
    /// The end of the refusal's line: how to get the figure ("run the same command with a
    /// full build of ReduceLab, ...").
    std::string instead;
};

/// Throws InputError "VERB: --OPTION: this build of PROGRAM draws no figures (built without
/// Qt): INSTEAD" when `env` has no renderer and `a` gives one of the drawing options.
void refuseDrawingWithoutFigures(const Args& a, const std::string& verb,
                                 const DrawingOptions& drawing, const CliEnvironment& env);

/// The verb's usage (Args::usage). Without figures, the drawing options are left out of the
/// list and named in a last paragraph of their own, "not in this build ...: --gantt, ...",
/// with what to do instead (the bash completion reads no option from that paragraph).
std::string usageWithFigures(const std::string& verb, const std::string& synopsis,
                             const std::vector<OptionSpec>& specs, const DrawingOptions& drawing,
                             const CliEnvironment& env);

/// The extension of `path`'s file name in lower case, without the dot ("PNG" in "a/b.PNG" ->
/// "png"); empty when the name has none.
std::string fileExtension(const std::string& path);

/// The figure files a sweep or plot command line asks for (--png, --svg, --pdf), each checked
/// before any computation to end in its format's extension; throws InputError naming the option
/// and the path.
std::vector<FigureFile> sweepFigureFiles(const Args& a);

/// The animation options of `run` (--animation FILE, --fps, --seconds, --size, --presentation,
/// --dark), their help from the bounds of AnimationOptions.
std::vector<OptionSpec> animationOptions();

/// What --animation asks for: the format (from the file name) and the options, checked.
struct AnimationRequest {
    std::string path;
    AnimationFormat format = AnimationFormat::Gif;
    AnimationOptions options;
};

/// Reads and checks the animation options (before any computation); nullopt without
/// --animation. Throws InputError naming the option: a bad value, or an animation option
/// without --animation.
std::optional<AnimationRequest> readAnimationRequest(const Args& a);

} // namespace rl::cli
