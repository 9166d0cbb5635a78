#pragma once

#include "cli_args.h"

#include "export/animation_options.h"
#include "views/animation_frames.h"

#include <optional>
#include <string>
#include <vector>

namespace rl::cli {

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

/// Draws and encodes the animation of `runs` (a progress line on standard error, as the long
/// verbs show it) and returns the file's bytes, for the verb's OutputSet.
QByteArray renderAnimation(const Args& a, std::vector<AnimatedRun> runs,
                           const AnimationRequest& request);

} // namespace rl::cli
