#include "cli_animation.h"

#include "base/input_error.h"
#include "base/text_util.h"
#include "export/animation_job.h"

#include <limits>

namespace rl::cli {

std::vector<OptionSpec> animationOptions() {
    using O = AnimationOptions;
    const auto size = [](int w, int h) { return std::to_string(w) + "x" + std::to_string(h); };
    return {
        {"animation", "FILE",
         "also write the run as an animation (.gif, .mp4 or .webm), drawn as the GUI's explorer"},
        {"fps", "F",
         "animation frames per second, " + std::to_string(O::kMinFps) + " to " +
             std::to_string(O::kMaxFps) + " (default " + std::to_string(O::kDefaultFps) + ")"},
        {"seconds", "S",
         "animation length, " + formatNumber(O::kMinSeconds) + " to " +
             formatNumber(O::kMaxSeconds) + " s (default " + formatNumber(O::kDefaultSeconds) +
             "), from t = 0 to the makespan"},
        {"size", "WxH",
         "animation size, " + size(O::kMinWidth, O::kMinHeight) + " to " +
             size(O::kMaxWidth, O::kMaxHeight) + " (default " +
             size(O::kDefaultWidth, O::kDefaultHeight) + "; even for .mp4, .webm)"},
        {"presentation", "", "animation in presentation style (large fonts, as the GUI's F5)"},
        {"dark", "", "animation in the dark theme (as the GUI's Ctrl+D)"},
    };
}

std::optional<AnimationRequest> readAnimationRequest(const Args& a) {
    AnimationRequest r;
    // Every value is checked, with or without --animation, so that a typo is never ignored.
    r.options.fps = static_cast<int>(
        a.integer("fps", AnimationOptions::kDefaultFps, 0, std::numeric_limits<int>::max()));
    if (const auto seconds = a.get("seconds")) {
        r.options.seconds = parseNumber(*seconds, "--seconds");
    }
    if (const auto size = a.get("size")) {
        parseAnimationSize(*size, "--size", r.options);
    }
    r.options.presentation = a.has("presentation");
    r.options.dark = a.has("dark");
    const auto path = a.get("animation");
    if (!path) {
        for (const OptionSpec& s : animationOptions()) {
            if (a.has(s.name)) {
                throw InputError("run: --" + s.name +
                                 " applies to an animation; add --animation FILE");
            }
        }
        return std::nullopt;
    }
    r.path = *path;
    r.format = animationFormatOf(r.path, "--animation");
    r.options.validate(r.format);
    return r;
}

QByteArray renderAnimation(const Args& a, std::vector<AnimatedRun> runs,
                           const AnimationRequest& request) {
    QByteArray file;
    // `file` is written by the worker and read here after wait() has joined it.
    AnimationJob job(std::move(runs), request.options, request.format,
                     [&file](const QByteArray& bytes) { file = bytes; });
    ProgressLine progress(a, "animation");
    while (job.renderNext(true) != AnimationJob::Step::Done) {
        progress(static_cast<std::uint64_t>(job.framesEncoded()),
                 static_cast<std::uint64_t>(job.frameCount()));
    }
    job.wait();
    progress.finish(std::to_string(job.frameCount()) + " frames, " +
                    std::to_string(file.size() / 1024) + " KiB");
    return file;
}

} // namespace rl::cli
