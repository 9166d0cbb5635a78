#pragma once

#include "algorithms/algorithm.h"
#include "schedule/schedule.h"
#include "studies/scenario.h"
#include "studies/schedule_json.h"

#include <optional>
#include <string>
#include <string_view>

namespace rl {

/// A schedule read back from a file ReduceLab wrote.
struct ScheduleFile {
    /// What the file is: "csv" (`run --out`), "json" (`run --format json`), "chrome-trace"
    /// (`run --chrome-trace`) or "paje" (`run --paje`).
    std::string format;
    Schedule schedule;
    ScheduleOrigin origin;            ///< simulated unless the JSON or the trace says measured
    std::optional<Scenario> scenario; ///< the JSON's and the Chrome trace's; none in CSV, Paje
};

/// The largest schedule file read back.
inline constexpr std::size_t kMaxScheduleFileBytes = std::size_t{256} << 20;

/// Reads a schedule from the text of a file: the format is told by its first bytes (the CSV
/// header, a JSON object with "traceEvents" or with "transfers", a Paje "%EventDef"). The
/// schedule CSV (schedule/schedule_csv.h) and the Paje trace (readPajeTrace()) are read by
/// core/schedule; the JSON (scheduleJson()) and the Chrome trace (chromeTrace(), its
/// "otherData.format" "reducelab-chrome-trace") here, their scenario resolved in `catalog`.
/// Every number is bounded, every time finite, the schedule valid (validateSchedule()), the
/// values the file states those of its tree, and the tree and the makespan those it states.
/// Throws InputError naming the first problem, on one line.
ScheduleFile parseScheduleFile(std::string_view text, const AlgorithmCatalog& catalog);

/// Whether `text` begins as a schedule parseScheduleFile() reads, and not as a scenario or a
/// sweep's results: the CSV header of `run --out`, a Paje "%EventDef", or a JSON object with
/// "traceEvents" or "transfers". How the window tells what `reducelab FILE` opens.
bool isScheduleFileText(std::string_view text);

/// parseScheduleFile() of the file at `path` (readInputFile(), at most kMaxScheduleFileBytes);
/// the errors name the path.
ScheduleFile readScheduleFile(const std::string& path, const AlgorithmCatalog& catalog);

} // namespace rl
