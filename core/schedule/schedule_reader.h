#pragma once

#include "schedule/schedule.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rl {

/// The most processors a schedule file read back may have: the simulator's bound.
inline constexpr int kMaxReadProcessors = 1 << 24;

/// The operations of a schedule file, before they are checked and made a Schedule.
struct ScheduleParts {
    int n = 0; ///< 0: n - 1 = the number of transfers
    std::string algorithm;
    bool nonCommutative = false;
    std::optional<int> root;             ///< none: the processor that never sends
    std::optional<double> makespan;      ///< none: the last end
    std::vector<TransferOp> transfers;   ///< in any order
    std::vector<ReductionOp> reductions; ///< `transfer` indexes `transfers`
    /// What the file says each transfer and each reduction carries ("[0,3] [6,7]"), checked
    /// against the tree; empty: not said.
    std::vector<std::string> transferValues;
    std::vector<std::string> reductionValues;
};

/// The Schedule of `parts`: every time finite and of magnitude at most 1e100, n within
/// kMaxReadProcessors, operations sorted by start (ties in file order), the parents from the
/// transfers, then validateSchedule() and the values. Throws InputError naming the first
/// problem ("not a valid schedule: P3 sends 2 times (expected 1)").
Schedule assembleSchedule(ScheduleParts parts);

/// Reads a schedule written by scheduleCsv() (schedule/schedule_csv.h): the header, then one
/// row per operation. The CSV does not say the algorithm nor whether the operation commutes:
/// the schedule has no algorithm name and a commutative operation. Throws InputError naming the
/// line and the first problem.
Schedule readScheduleCsv(std::string_view text);

/// Reads a Paje trace that follows pajeTrace()'s conventions (schedule/paje_trace.h): the
/// event definitions it writes (fields in any order), a root container named after the
/// algorithm, processor containers "P0" ... "P<n-1>", "Transfer" links keyed "k<index>" with
/// the values they carry, "Reduce" states pushed on the processors' "Activity" (a state popped
/// and pushed back at the same time to keep the stack nested stays one reduction). Each
/// reduction merges the earliest transfer into its processor that ended and was not merged
/// yet. The trace does not say whether the operation commutes: a commutative one. Throws
/// InputError naming the line and the first problem.
Schedule readPajeTrace(std::string_view text);

} // namespace rl
