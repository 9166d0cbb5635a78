#pragma once

#include "schedule/schedule.h"

#include <string>

namespace rl {

/// The schedule as CSV, one row per operation: `kind,processor,peer,start,end,duration,value`
/// (transfers in start order, processor = sender, peer = receiver, value = what it carries;
/// then reductions, processor = where it runs, peer = the sender, value = the result). Values
/// are sorted runs such as "[0,3] [6,7]", quoted since they contain commas (RFC 4180).
std::string scheduleCsv(const Schedule& s);

} // namespace rl
