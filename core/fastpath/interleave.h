#pragma once

namespace rl {

/// Advances two independent runs, one event of each in turn while both run, then whichever is
/// left. A lean kernel's run is one chain of dependent steps (pop the earliest event, decide,
/// push the next: each waits for the one before), so a lone run leaves most of the core idle;
/// two chains side by side fill each other's waits (Monte Carlo's pairs of replicates). A run
/// offers `bool running() const` and `void step()`; each ends as it would alone.
template <class RunA, class RunB> [[gnu::always_inline]] inline void interleave(RunA& a, RunB& b) {
    while (a.running() && b.running()) {
        a.step();
        b.step();
    }
    while (a.running()) {
        a.step();
    }
    while (b.running()) {
        b.step();
    }
}

} // namespace rl
