#include "theory/lower_bound.h"

#include "algorithms/ep_schedule.h"
#include "base/text_util.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <queue>
#include <tuple>
#include <vector>

namespace rl {

int ceilLog2(int n) {
    int k = 0;
    while ((1LL << k) < n) {
        ++k;
    }
    return k;
}

namespace {

// Times are kept exact as i*c + j*d with integer (i, j) (N only changes at such times).
struct Time {
    int i = 0;
    int j = 0;
};

class NSolver {
  public:
    NSolver(double d, double c, std::size_t budget) : m_d(d), m_c(c), m_budget(budget) {}

    // N(E, R); returns -1 when the memo budget is exhausted.
    double solve(Time e, Time r) {
        const Time rc{r.i - 1, r.j};
        const Time x = value(e) <= value(rc) ? e : rc;
        // Tolerance: d is compared with a sum of multiples of c and d.
        if (value(x) < m_d - 1e-12 * (1.0 + std::abs(m_d))) {
            return 1.0;
        }
        const auto key = std::make_tuple(x.i, x.j, r.i, r.j);
        if (const auto it = m_memo.find(key); it != m_memo.end()) {
            return it->second;
        }
        // Very unequal c and d make deep, wide recursions: give up (the caller falls back to a
        // weaker bound) rather than exhaust the memory or a worker thread's stack.
        if (m_memo.size() >= m_budget || m_depth >= kMaxDepth) {
            return -1.0;
        }
        const Time xd{x.i, x.j - 1};
        ++m_depth;
        const double a = solve({x.i - 1, x.j - 1}, xd);
        const double b = a < 0 ? -1.0 : solve(xd, rc);
        --m_depth;
        const double out = b < 0 ? -1.0 : std::min(a + b, 1e300);
        if (out >= 0) {
            m_memo[key] = out;
        }
        return out;
    }
    double value(Time t) const { return t.i * m_c + t.j * m_d; }

  private:
    double m_d;
    double m_c;
    std::size_t m_budget;
    static constexpr int kMaxDepth = 4000;
    int m_depth = 0;
    std::map<std::tuple<int, int, int, int>, double> m_memo;
};

} // namespace

double spec56Bound(const FixedCosts& f) {
    return ceilLog2(f.n) * f.minTransfer();
}

HomogeneousOptimum homogeneousOptimum(int n, double d, double c) {
    const int k = ceilLog2(std::max(n, 1));
    if (n <= 1) {
        return {0.0, true};
    }
    if (d == 0.0 || c == 0.0) {
        return {k * (c + d), true};
    }
    // Visit candidate times i*c + j*d in increasing order until N(T, T) >= n. The answer is at
    // most k (c + d) (Binomial-stat), which bounds the search.
    const double upper = k * (c + d);
    NSolver solver(d, c, 400000);
    auto cmp = [&](const Time& a, const Time& b) { return solver.value(a) > solver.value(b); };
    std::priority_queue<Time, std::vector<Time>, decltype(cmp)> queue(cmp);
    std::map<std::pair<int, int>, bool> seen;
    queue.push({0, 0});
    seen[{0, 0}] = true;
    std::size_t visited = 0;
    while (!queue.empty() && visited < 200000) {
        const Time t = queue.top();
        queue.pop();
        ++visited;
        const double v = solver.value(t);
        if (v > upper * (1 + 1e-12)) {
            break;
        }
        const double size = solver.solve(t, t);
        if (size < 0) {
            break; // budget exhausted
        }
        if (size >= n) {
            return {v, true};
        }
        for (const Time next : {Time{t.i + 1, t.j}, Time{t.i, t.j + 1}}) {
            if (!seen[{next.i, next.j}]) {
                seen[{next.i, next.j}] = true;
                queue.push(next);
            }
        }
    }
    if (!queue.empty() || visited >= 200000) {
        return {k * std::max(c, d), false};
    }
    return {upper, true};
}

std::optional<MakespanBound> makespanBound(const CostModel& costs, int n) {
    auto make = [](HomogeneousOptimum h, bool optimal, double floor) {
        MakespanBound b;
        b.value = std::max(h.value, floor);
        b.optimal = optimal && h.exact;
        b.label = (b.optimal ? "optimum " : "lower bound ") + formatNumber(b.value);
        return b;
    };
    if (costs.mode == CostMode::FixedMatrix && costs.fixed) {
        const FixedCosts& f = *costs.fixed;
        if (f.n < 2) {
            return make({0.0, true}, true, 0.0);
        }
        const double dmin = f.minTransfer();
        const double cmin = *std::min_element(f.c.begin(), f.c.end());
        bool constant = *std::max_element(f.c.begin(), f.c.end()) == cmin;
        for (int i = 0; i < f.n && constant; ++i) {
            for (int j = 0; j < f.n; ++j) {
                if (i != j && f.transfer(i, j) != dmin) {
                    constant = false;
                    break;
                }
            }
        }
        return make(homogeneousOptimum(f.n, dmin, cmin), constant, spec56Bound(f));
    }
    if (costs.mode == CostMode::PerOperation) {
        const auto constantValue = [](const Law& law) -> std::optional<double> {
            if (law.effectiveCv() == 0.0) {
                return law.mean;
            }
            return std::nullopt;
        };
        const auto d = constantValue(costs.transfer);
        const auto c = constantValue(costs.reduction);
        if (d && c) {
            return make(homogeneousOptimum(n, *d, *c), true, 0.0);
        }
    }
    return std::nullopt;
}

std::optional<MakespanBound> referenceBound(const CostModel& costs, int n, bool nonCommutative,
                                            const SearchProgress& progress) {
    std::optional<MakespanBound> bound = makespanBound(costs, n);
    if (!senderOnlyViolation(costs, n).empty()) {
        return bound;
    }
    const std::vector<double> t = senderTimes(*costs.fixed);
    if (epOptimumSequenceCount(t) > kMaxOptimumSequences) {
        return bound;
    }
    const EpOptimum opt = epOptimum(t, progress);
    if (opt.cancelled) {
        return bound;
    }
    MakespanBound b;
    b.value = opt.makespan;
    b.optimal = !nonCommutative;
    b.label = (b.optimal ? "optimum " : "lower bound ") + formatNumber(b.value);
    return b;
}

} // namespace rl
