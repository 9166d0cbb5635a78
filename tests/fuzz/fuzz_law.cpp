// Law specs ("gamma:1:0.5", ...): parse, and when accepted, draw a few costs: every draw is
// finite and >= 0 (a law that passes validation never yields inf or NaN).
#include "base/rng.h"
#include "fuzz_input.h"
#include "platform/law.h"

#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    rl::fuzz::expectAcceptOrRefuse([&] {
        const rl::Law law = rl::parseLaw(rl::fuzz::text(data, size), "--comm");
        if (rl::parseLaw(law.toString()) != law) {
            rl::fuzz::finding("toString() does not round-trip");
        }
        const rl::LawSampler sampler(law);
        std::vector<double> draws(64);
        rl::Rng rng(size, 7, rl::Stream::Transfer);
        sampler.fill(rng, draws.data(), draws.size());
        for (double d : draws) {
            rl::fuzz::expectFiniteNonNegative(d, "a draw of a valid law is not finite and >= 0");
        }
    });
    return 0;
}
