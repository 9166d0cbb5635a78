#pragma once

// The statistics every Monte Carlo path must give to the bit, whatever the thread count, the
// block order or the passes: shared by the tests of Monte Carlo, point jobs and progressive
// sweeps.
#include "experiment/monte_carlo.h"

#include "../../test_support.h"

namespace rl::test {

inline void compareSummaryStatistics(const McSummary& a, const McSummary& b) {
    ASSERT_EQ(a.count, b.count);
    ASSERT_FUZZY_EQ(a.mean, b.mean);
    ASSERT_FUZZY_EQ(a.variance, b.variance);
    ASSERT_FUZZY_EQ(a.stdError, b.stdError);
    ASSERT_FUZZY_EQ(a.min, b.min);
    ASSERT_FUZZY_EQ(a.max, b.max);
    ASSERT_EQ(a.quantiles, b.quantiles);
    ASSERT_EQ(a.histogram, b.histogram);
}

} // namespace rl::test
