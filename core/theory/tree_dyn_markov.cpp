#include "theory/tree_dyn_markov.h"

#include "base/input_error.h"
#include "base/limits.h"
#include "base/text_util.h"
#include "experiment/monte_carlo.h"
#include "platform/cost_model.h"

#include <cmath>
#include <string>
#include <vector>

namespace rl {

namespace {

void checkMean(double mu, const char* what, bool zeroAllowed) {
    if (!std::isfinite(mu) || mu < 0.0 || (!zeroAllowed && mu == 0.0)) {
        throw InputError(std::string("Markov chain: the ") + what + " mean " + formatNumber(mu) +
                         (zeroAllowed ? " must be finite and >= 0" : " must be finite and > 0"));
    }
    checkMagnitude(mu, std::string("Markov chain: the ") + what + " mean");
}

void checkN(int n, int limit) {
    if (n < 1 || n > limit) {
        throw InputError("Markov chain: n = " + std::to_string(n) + " must be between 1 and " +
                         std::to_string(limit));
    }
}

} // namespace

void checkMarkovMeans(double transferMean, double reductionMean) {
    checkMean(reductionMean, "reduction", true);
    checkMean(transferMean, "transfer", false);
}

MeanVariance treeDynMarkovClosedForm(int n, double transferMean) {
    checkN(n, 1 << 30);
    checkMean(transferMean, "transfer", false);
    double h = 0.0;
    double h2 = 0.0;
    const int m = n % 2 == 0 ? n / 2 - 1 : (n - 1) / 2;
    for (int i = 1; i <= m; ++i) {
        h += 1.0 / i;
        h2 += 1.0 / (static_cast<double>(i) * i);
    }
    MeanVariance out;
    if (n % 2 == 0) {
        const double nn = static_cast<double>(n);
        out.mean = (2.0 * h + 2.0 / nn) * transferMean;
        out.variance = (2.0 * h2 + 4.0 / (nn * nn)) * transferMean * transferMean;
    } else {
        out.mean = 2.0 * h * transferMean;
        out.variance = 2.0 * h2 * transferMean * transferMean;
    }
    return out;
}

MeanVariance treeDynMarkov(int n, double transferMean, double reductionMean) {
    checkMean(reductionMean, "reduction", true);
    if (reductionMean == 0.0) {
        return treeDynMarkovClosedForm(n, transferMean);
    }
    checkN(n, kMaxMarkovProcessors);
    checkMean(transferMean, "transfer", false);
    const double ld = 1.0 / transferMean;
    const double lc = 1.0 / reductionMean;
    // Memo over (a, b, s): a <= n/2 transfers, b <= n reductions. The recursion depth is the
    // number of operations left (<= 2n), fine for n <= kMaxMarkovProcessors.
    const int amax = n / 2 + 1;
    const int bmax = n / 2 + 2;
    struct Entry {
        double m1 = -1.0; // E[T], -1 = not computed
        double m2 = 0.0;  // E[T^2]
    };
    std::vector<Entry> memo(static_cast<std::size_t>(amax) * static_cast<std::size_t>(bmax) * 2);
    auto solve = [&](auto&& self, int a, int b, int s) -> Entry {
        if (a == 0 && b == 0) {
            return {0.0, 0.0}; // absorbing: one value left, in the slot
        }
        Entry& e = memo[(static_cast<std::size_t>(a) * static_cast<std::size_t>(bmax) +
                         static_cast<std::size_t>(b)) *
                            2 +
                        static_cast<std::size_t>(s)];
        if (e.m1 >= 0.0) {
            return e;
        }
        const double rt = a * ld;
        const double rr = b * lc;
        const double r = rt + rr;
        double sum1 = 0.0;
        double sum2 = 0.0;
        if (a > 0) {
            const Entry next = self(self, a - 1, b + 1, s);
            sum1 += rt / r * next.m1;
            sum2 += rt / r * next.m2;
        }
        if (b > 0) {
            const Entry next = s == 0 ? self(self, a, b - 1, 1) : self(self, a + 1, b - 1, 0);
            sum1 += rr / r * next.m1;
            sum2 += rr / r * next.m2;
        }
        // `memo` never reallocates, so `e` is still valid after the recursive calls.
        e.m1 = 1.0 / r + sum1;
        e.m2 = 2.0 / (r * r) + 2.0 / r * sum1 + sum2;
        return e;
    };
    const Entry start = n % 2 == 0 ? solve(solve, n / 2, 0, 0) : solve(solve, (n - 1) / 2, 0, 1);
    return {start.m1, start.m2 - start.m1 * start.m1};
}

MarkovCheck checkMarkov(int n, double transferMean, double reductionMean, std::uint64_t replicates,
                        std::uint64_t seed, int threads,
                        const std::function<bool(std::uint64_t, std::uint64_t)>& progress) {
    MarkovCheck out;
    out.n = n;
    out.chain = treeDynMarkov(n, transferMean, reductionMean);
    if (replicates == 0) {
        return out;
    }
    McConfig c;
    c.algorithms = {AlgorithmId::TreeDyn};
    c.n = n;
    c.costs = CostModel::perOperation(Law::exponential(transferMean),
                                      reductionMean > 0 ? Law::exponential(reductionMean)
                                                        : Law::constant(0.0));
    c.replicates = replicates;
    c.seed = seed;
    c.threads = threads;
    const McResult r = runMonteCarlo(c, progress);
    const McSummary& s = r.summaries.front();
    out.simMean = s.mean;
    out.simStdError = s.stdError;
    out.simVariance = s.variance;
    out.replicates = r.replicatesDone;
    return out;
}

std::optional<MeanVariance> treeDynMarkovFor(const CostModel& costs, int n) {
    const auto exponential = [](const Law& l) {
        return l.mean > 0.0 &&
               (l.kind == LawKind::Exponential || (l.kind == LawKind::Gamma && l.cv == 1.0));
    };
    const auto none = [](const Law& l) { return l.mean == 0.0; };
    if (costs.mode != CostMode::PerOperation || n < 1 || !exponential(costs.transfer)) {
        return std::nullopt;
    }
    if (none(costs.reduction)) {
        return treeDynMarkovClosedForm(n, costs.transfer.mean);
    }
    if (exponential(costs.reduction) && n <= kMaxMarkovProcessors) {
        return treeDynMarkov(n, costs.transfer.mean, costs.reduction.mean);
    }
    return std::nullopt;
}

} // namespace rl
