#include "engine/kernel.h"

#include "base/job_scope.h"

#include <stdexcept>
#include <string>

namespace rl {

void throwNonAdjacentMerge(int proc, int sender) {
    throw std::logic_error("non-commutative merge of non-adjacent values on P" +
                           std::to_string(proc) + " (from P" + std::to_string(sender) + ")");
}

void throwIncompleteRun(int transfers, int n) {
    throw std::logic_error("the algorithm stopped after " + std::to_string(transfers) + " of " +
                           std::to_string(n - 1) + " transfers");
}

void drawMatrix(FixedCosts& out, int n, const LawSampler& transfer, const LawSampler& reduction,
                std::uint64_t seed, std::uint64_t replicate) {
    const auto nn = static_cast<std::size_t>(n);
    out.n = n;
    out.d.assign(nn * nn, 0.0);
    out.c.assign(nn, 0.0);
    Rng dRng(seed, replicate, Stream::Transfer);
    Rng cRng(seed, replicate, Stream::Reduction);
    CancelPoll cancel; // n^2 draws: seconds at large n
    for (std::size_t i = 0; i < nn; ++i) {
        cancel.add(nn);
        for (std::size_t j = 0; j < nn; ++j) {
            if (i != j) {
                out.d[i * nn + j] = transfer(dRng);
            }
        }
    }
    for (std::size_t j = 0; j < nn; ++j) {
        out.c[j] = reduction(cRng);
    }
}

} // namespace rl
