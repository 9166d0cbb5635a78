// LawSampler::fill with expFma for std::exp (see fastpath/exp_fma.h), compiled for AVX2 and FMA.
// This file is compiled without floating-point contraction (CMakeLists.txt): Marsaglia and
// Tsang's arithmetic, inlined here, must round as it does everywhere else.
#include "fastpath/fast_draws.h"

#include "base/rng.h"
#include "fastpath/exp_fma.h"
#include "platform/law.h"

namespace rl {

namespace {

// expFma as fill's exp. Not always_inline: the fill's draw, where it is called, is compiled
// without the target on its own; gnu::flatten below inlines all of it into the one function
// that has the target.
struct ExpFmaCall {
    [[RL_FMA_TARGET]] double operator()(double x) const { return expFma(x); }
};

// gnu::flatten inlines the fill, its draw and expFma here: the loop keeps one copy of the
// formula, with no call.
[[RL_FMA_TARGET gnu::flatten]] void fillWithExpFma(const LawSampler& law, Rng& rng, double* out,
                                                   std::size_t count) {
    law.fill(rng, out, count, ExpFmaCall{});
}

} // namespace

DrawFill fastDrawFill(const LawSampler& law) {
    return law.drawsExp() && expFmaMatchesStd() ? &fillWithExpFma : nullptr;
}

} // namespace rl
