// Platform-graph files of the steady-state model (n rows of n link costs, '-' = no link, then
// the computation times): parse; an accepted graph validates, and for small graphs the linear
// program answers or refuses with a named problem (never an abort inside the LP solver).
#include "fuzz_input.h"
#include "models/steady_state.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    rl::fuzz::expectAcceptOrRefuse([&] {
        const rl::PlatformGraph g =
            rl::PlatformGraph::parseCsv(rl::fuzz::text(data, size), "g.csv");
        g.validate();
        if (g.n <= 4) {
            const rl::SteadyStateResult r = rl::solveSteadyReduce(g, 0);
            rl::fuzz::expectFiniteNonNegative(r.throughput, "throughput is not finite");
        }
    });
    return 0;
}
