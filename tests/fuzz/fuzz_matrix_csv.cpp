// Cost-matrix files (n rows of n transfer costs, then an optional row of reduction costs):
// parse; an accepted matrix validates and round-trips through toCsv().
#include "fuzz_input.h"
#include "platform/fixed_costs.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    rl::fuzz::expectAcceptOrRefuse([&] {
        const rl::FixedCosts f = rl::FixedCosts::parseCsv(rl::fuzz::text(data, size), "m.csv");
        f.validate();
        if (rl::FixedCosts::parseCsv(f.toCsv(), "round trip") != f) {
            rl::fuzz::finding("toCsv() does not round-trip");
        }
    });
    return 0;
}
