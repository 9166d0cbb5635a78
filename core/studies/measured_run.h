#pragma once

#include "studies/run_study.h"
#include "studies/schedule_file.h"

#include <memory>
#include <string>
#include <vector>

namespace rl {

/// Throws InputError, one line naming the file's problem, when `file` (as parseScheduleFile()
/// read it) cannot be shown beside a simulation: it holds no scenario (a CSV or a Paje trace:
/// the JSON of the same run does), or its scenario exceeds the explorer's limits
/// (checkRunDetail).
void checkBesideMeasured(const ScheduleFile& file, RunDetail detail);

/// A schedule read from a file (a measured one from `reducelab-mpi run`, or one ReduceLab
/// simulated) shown beside the simulation of its scenario, on the same seed and replicate: two
/// runs of scenario.algorithms[0] labelled "measured" (or "from file" for a simulated file) and
/// "simulated", on one time axis. The file's run is narrated from its own events, each transfer
/// followed by its simulated counterpart ("simulated: 2.25, +2.7 %", or the other receiver the
/// simulation chose); `processorNotes` say how each processor's finish differs. A schedule
/// measured in seconds (real data, no injected costs) has no draw to compare with: it is shown
/// alone. `progress` as runScenario()'s; false cancels (null result).
std::shared_ptr<const RunResult> runBesideMeasured(const ScheduleFile& file, RunDetail detail,
                                                   const StudyProgress& progress = {});

/// When each processor is done in `s`: the end of its send, or the makespan at the root.
std::vector<double> processorFinishes(const Schedule& s);

/// "+2.7 %" or "−0.43 %": how much `value` differs from `reference`, 2 significant digits; "n/a"
/// when the reference is 0 (a processor done at t = 0 in both).
std::string relativeDifferenceText(double value, double reference);

/// Per processor, how its finish in `file` (measured or read back, said by `fileLabel`)
/// differs from the simulation's: "P3 done at 2.40 measured, 2.33 simulated (+3.0 %)".
std::vector<std::string> measuredFinishNotes(const Schedule& file, const Schedule& simulated,
                                             const std::string& fileLabel);

} // namespace rl
