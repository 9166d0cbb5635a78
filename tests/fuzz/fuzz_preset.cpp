// Fixed-cost presets ("homogeneous:D:C", "senderonly:t0,t1,..."): the first byte picks n, the
// rest is the preset; an accepted preset is a valid matrix of that many processors.
#include "fuzz_input.h"
#include "platform/fixed_costs.h"
#include "platform/matrix_presets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) {
        return 0;
    }
    const int n = 1 + data[0] % 64;
    rl::fuzz::expectAcceptOrRefuse([&] {
        const rl::FixedCosts f = rl::parsePreset(rl::fuzz::text(data + 1, size - 1), n);
        f.validate(); // throws InputError if the preset built an invalid matrix: a finding
        if (rl::FixedCosts::parseCsv(f.toCsv(), "round trip") != f) {
            rl::fuzz::finding("toCsv() does not round-trip");
        }
    });
    return 0;
}
