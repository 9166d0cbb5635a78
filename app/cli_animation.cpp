#include "cli_animation.h"

#include "export/animation_job.h"

namespace rl::cli {

QByteArray renderAnimation(std::vector<AnimatedRun> runs, const AnimationOptions& options,
                           AnimationFormat format,
                           const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
    QByteArray file;
    // `file` is written by the worker and read here after wait() has joined it.
    AnimationJob job(std::move(runs), options, format,
                     [&file](const QByteArray& bytes) { file = bytes; });
    while (job.renderNext(true) != AnimationJob::Step::Done) {
        progress(static_cast<std::uint64_t>(job.framesEncoded()),
                 static_cast<std::uint64_t>(job.frameCount()));
    }
    job.wait();
    return file;
}

} // namespace rl::cli
