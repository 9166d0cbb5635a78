#pragma once

#include <cstddef>
#include <functional>

namespace rl {

/// Number of workers for `items` work units with `threads` requested (0: every core): never more
/// than the units, at least one.
unsigned workerCount(int threads, std::size_t items);

/// Runs body(item, worker) for every item in [0, items) on `workers` threads, each taking the
/// next unit as it finishes one (worker in [0, workers) identifies the thread, for per-thread
/// state). The calling thread calls progress() about every 50 ms while the workers run; false
/// cancels (units already started finish, no new unit starts). Returns false when cancelled;
/// rethrows the first exception of a worker (after stopping the others).
bool parallelFor(std::size_t items, unsigned workers,
                 const std::function<void(std::size_t item, unsigned worker)>& body,
                 const std::function<bool()>& progress = {});

} // namespace rl
