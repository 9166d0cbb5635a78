#include "cli_job.h"

#include "base/text_util.h"

#include <filesystem>
#include <system_error>

namespace rl::cli {

std::vector<OptionSpec> jobOptions() {
    return {{"checkpoint", "FILE",
             "record finished points in FILE and, when it exists, resume from it (a job "
             "killed at any moment ends with the same bytes; the file is removed once the "
             "outputs are written, and kept with every finished point if the command fails)"}};
}

CliJob::CliJob(const Args& a, ProgressLine& line, PointExecutor* executor)
    : m_executor(executor), m_line(line) {
    m_options.checkpoint = a.get("checkpoint");
    if (!m_options.checkpoint) {
        return;
    }
    m_options.onResume = [this](std::size_t done, std::size_t total) {
        m_line.notice("resuming from " + rl::quoted(*m_options.checkpoint) + ": " +
                      std::to_string(done) + " of " + std::to_string(total) + " points done");
    };
    m_options.onCheckpoint = [this](std::size_t recorded, std::size_t total) {
        m_written = true;
        m_recorded = recorded;
        m_total = total;
    };
}

CliJob::~CliJob() {
    std::error_code ec;
    if (m_finished || !m_written || !std::filesystem::exists(*m_options.checkpoint, ec)) {
        return;
    }
    m_line.notice("the checkpoint " + rl::quoted(*m_options.checkpoint) + " keeps " +
                  std::to_string(m_recorded) + " of " + std::to_string(m_total) +
                  " points: the same command resumes from it");
}

void CliJob::finish() {
    m_finished = true;
    if (m_options.checkpoint) {
        removeCheckpoint(*m_options.checkpoint);
    }
}

} // namespace rl::cli
