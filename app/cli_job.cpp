#include "cli_job.h"

#include "base/text_util.h"

#include <functional>
#include <iostream>

namespace rl::cli {

std::vector<OptionSpec> jobOptions() {
    return {{"checkpoint", "FILE",
             "record finished points in FILE and, when it exists, resume from it (a job "
             "killed at any moment ends with the same bytes; the file is removed at the end)"}};
}

std::vector<McResult> runJob(const Args& a, const std::string& verb,
                             const std::vector<McConfig>& points, PointExecutor* executor,
                             ProgressLine& line) {
    PointJobOptions options;
    options.checkpoint = a.get("checkpoint");
    if (!a.has("quiet")) {
        options.onResume = [&](std::size_t done, std::size_t total) {
            std::cerr << verb << ": resuming from " << quoted(*options.checkpoint) << ": " << done
                      << " of " << total << " points done\n";
        };
    }
    LocalExecutor local;
    return runPointJob(points, executor ? *executor : local, options, std::ref(line));
}

void finishJob(const Args& a) {
    if (const auto path = a.get("checkpoint")) {
        removeCheckpoint(*path);
    }
}

} // namespace rl::cli
