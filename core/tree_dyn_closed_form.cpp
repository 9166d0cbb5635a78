#include "tree_dyn_closed_form.h"

namespace rl {

std::optional<double> treeDynExponentialMean(int n, double mu) {
    if (n == 1) {
        return 0.0;
    }
    if (n < 2 || n % 2 != 0) {
        return std::nullopt;
    }
    double harmonic = 0.0;
    for (int i = 1; i <= n / 2 - 1; ++i) {
        harmonic += 1.0 / i;
    }
    return (2.0 * harmonic + 2.0 / n) * mu;
}

} // namespace rl
