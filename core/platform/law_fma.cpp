// LawSampler's gamma draws of shape below 1 compiled for AVX2 and FMA, around expFma (see
// base/exp_fma.h). This file is compiled without floating-point contraction (CMakeLists.txt):
// Marsaglia and Tsang's arithmetic, inlined here, must round as it does everywhere else.
#include "base/exp_fma.h"
#include "base/rng.h"
#include "platform/law.h"

namespace rl {

// gammaSmall() with expFma for std::exp (a callable passed to gammaSmall would be a function
// without the target, which cannot inline expFma).
double LawSampler::gammaSmallFma(Rng& rng) const {
    const double g = marsagliaTsangInline(rng);
    return m_scale * g * expFma(-m_invShape * m_zig->exponential(rng));
}

// gnu::flatten inlines gammaSmallFma here: the loop keeps one copy of the formula.
void LawSampler::fillGammaSmallFma(Rng& rng, double* out, std::size_t count) const {
    for (std::size_t i = 0; i < count; ++i) {
        out[i] = gammaSmallFma(rng);
    }
}

} // namespace rl
