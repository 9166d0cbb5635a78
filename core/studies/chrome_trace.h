#pragma once

#include "schedule/otf2_archive.h"
#include "schedule/schedule.h"
#include "studies/scenario.h"
#include "studies/schedule_json.h"

#include <string>
#include <string_view>

namespace rl {

/// The schedule in the Trace Event Format (the JSON that chrome://tracing and Perfetto open,
/// https://docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU):
/// an object with "traceEvents", "displayTimeUnit" and "otherData".
///
/// Each processor p is a process (pid p + 1, named "P<p>", sorted by p) with two threads:
/// "transfers" (tid 1: its receptions and its send, which never overlap: one-port receive, and
/// a processor sends once everything it received is reduced) and "reductions" (tid 2: they
/// run one at a time, possibly during a reception). Each operation is one complete event
/// ("ph": "X"): a transfer k (category "transfer") on its receiver's transfers thread, its send
/// (category "send") on the sender's, a reduction (category "reduction") on its processor's
/// reductions thread; "args" holds the exact times and the data. A flow (category "message",
/// "s" then "f", id k, bound to the enclosing slices) joins each send to its reception. Should
/// a measured schedule overlap two operations of one thread, the later one goes to a further
/// thread of the processor ("transfers 2", ...), so that slices on a thread never overlap.
///
/// Times ("ts", "dur") are microseconds: a schedule in model units is drawn as if a unit were
/// a second (makespan 12.5 reads 12.5 s), a measured one in seconds as measured.
/// "otherData" holds "format": "reducelab-chrome-trace", "version", the algorithm, n, the
/// root, the operation's commutativity, the makespan, the seed and replicate (strings), the
/// time unit ("measured", as in scheduleJson()) and "scenario" with its provenance, which
/// readScheduleFile() reads back.
std::string chromeTrace(const Schedule& s, const Scenario& scenario, std::string_view program,
                        const ScheduleOrigin& origin = {});

/// What an OTF2 archive of the schedule says beside its events (schedule/otf2_archive.h): the
/// creator (`program` and the version), a description (the algorithm, n, the seed and
/// replicate, measured or simulated) and the properties REDUCELAB::SCENARIO (the scenario with
/// its provenance, as JSON), REDUCELAB::TIME_UNIT (as the Chrome trace's "time_unit") and
/// REDUCELAB::MEASURED (scheduleOriginJson()).
Otf2Metadata otf2Metadata(const Schedule& s, const Scenario& scenario, std::string_view program,
                          const ScheduleOrigin& origin = {});

/// The Chrome trace's "otherData.format" and version.
inline constexpr const char* kChromeTraceFormat = "reducelab-chrome-trace";
inline constexpr int kChromeTraceVersion = 1;

} // namespace rl
