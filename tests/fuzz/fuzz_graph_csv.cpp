// Platform-graph files of the steady-state model (n rows of n link costs, '-' = no link, then
// the computation times): parse; an accepted graph validates, and for small graphs the linear
// program answers or refuses with a named problem (never an abort inside the LP solver), and
// the tree column generation agrees with the flow LP solved as such when both answer.
#include "base/input_error.h"
#include "fuzz_input.h"
#include "models/steady_flow_lp.h"
#include "models/steady_state.h"

#include <algorithm>
#include <cmath>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    rl::fuzz::expectAcceptOrRefuse([&] {
        const rl::PlatformGraph g =
            rl::PlatformGraph::parseCsv(rl::fuzz::text(data, size), "g.csv");
        g.validate();
        if (g.n <= 4) {
            const rl::SteadyStateResult r = rl::solveSteadyReduce(g, 0);
            rl::fuzz::expectFiniteNonNegative(r.throughput, "throughput is not finite");
            double flow = 0.0;
            try {
                flow = rl::solveSteadyReduceFlowLp(g, 0).throughput;
            } catch (const rl::InputError&) {
                return; // refused as a whole program (its range): nothing to compare
            }
            if (std::abs(r.throughput - flow) > 1e-7 * std::max(1.0, flow)) {
                rl::fuzz::finding("tree column generation and flow LP disagree on TP");
            }
        }
    });
    return 0;
}
