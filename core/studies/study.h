#pragma once

#include <cstdint>
#include <functional>

namespace rl {

/// What a long study reports while it runs, from the thread that runs it: (done, total) in the
/// study's own units; returning false cancels the study, which then returns no result. Front
/// ends turn it into a progress bar (the GUI's AsyncJob) or a progress line (the CLI). The same
/// type as the core's ProgressCallback, SweepProgress and SearchProgress.
using StudyProgress = std::function<bool(std::uint64_t done, std::uint64_t total)>;

/// True when the study may go on: no callback, or the callback says so.
inline bool keepGoing(const StudyProgress& progress, std::uint64_t done, std::uint64_t total) {
    return !progress || progress(done, total);
}

} // namespace rl
