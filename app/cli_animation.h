#pragma once

#include "studies/animation_options.h"
#include "views/animation_frames.h"

#include <QByteArray>

#include <cstdint>
#include <functional>
#include <vector>

namespace rl::cli {

/// Draws and encodes the animation of `runs` with the GUI's explorer views and encoders, and
/// returns the file's bytes, for the verb's OutputSet; `progress(framesEncoded, frames)` is
/// called as the encoder takes the frames. Throws InputError or OutputError from the encoder.
QByteArray renderAnimation(std::vector<AnimatedRun> runs, const AnimationOptions& options,
                           AnimationFormat format,
                           const std::function<void(std::uint64_t, std::uint64_t)>& progress);

} // namespace rl::cli
