#pragma once

namespace rl {

/// Routes Qt's own diagnostics: one line each, prefixed with `program` ("reducelab"), control
/// characters escaped; the ones that say nothing to a user of ReduceLab (an unset XDG runtime
/// folder, a file engine asked for an empty name) are dropped, so that an error path prints
/// the program's one line and nothing else. `program` must outlive the process (a literal).
void installQtMessageHandler(const char* program);

} // namespace rl
