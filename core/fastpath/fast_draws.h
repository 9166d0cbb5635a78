#pragma once

#include "engine/kernel.h"

namespace rl {

/// The fill of Monte Carlo's draws for `law` (a DrawFillChoice for StreamDraws): for a gamma law
/// of shape below 1 (one exp per draw), where expFmaMatchesStd(), LawSampler::fill with expFma
/// (fastpath/exp_fma.h) inline in a function compiled for AVX2 and FMA, which takes the call
/// out of every draw (a fifth of a replicate at CV 3): the same values to the bit by
/// construction (test_exp_fma checks them against LawSampler::fill). Otherwise none:
/// LawSampler::fill itself.
DrawFill fastDrawFill(const LawSampler& law);

} // namespace rl
