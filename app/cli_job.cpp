#include "cli_job.h"

#include "base/text_util.h"

#include <iostream>

namespace rl::cli {

std::vector<OptionSpec> jobOptions() {
    return {{"checkpoint", "FILE",
             "record finished points in FILE and, when it exists, resume from it (a job "
             "killed at any moment ends with the same bytes; the file is removed at the end)"}};
}

CliJob::CliJob(const Args& a, const std::string& verb, PointExecutor* executor)
    : m_executor(executor) {
    m_options.checkpoint = a.get("checkpoint");
    if (!a.has("quiet")) {
        m_options.onResume = [verb, path = m_options.checkpoint](std::size_t done,
                                                                 std::size_t total) {
            std::cerr << verb << ": resuming from " << quoted(*path) << ": " << done << " of "
                      << total << " points done\n";
        };
    }
}

void CliJob::finish() {
    if (m_options.checkpoint) {
        removeCheckpoint(*m_options.checkpoint);
    }
}

} // namespace rl::cli
