#include "algorithms/fibonacci_stat.h"

#include "algorithms/static_policy.h"
#include "engine/kernel.h"
#include "fastpath/fast_path.h"

namespace rl {

long long fibonacci(int k) {
    long long a = 0; // F(0)
    long long b = 1; // F(1)
    for (int i = 0; i < k; ++i) {
        const long long c = a + b;
        a = b;
        b = c;
    }
    return a;
}

int fibonacciOrder(int n) {
    int k = 0;
    while (fibonacci(k + 2) < n) {
        ++k;
    }
    return k;
}

namespace {

void build(int k, long long base, int n, std::vector<std::vector<int>>& receptions) {
    if (k <= 0 || base >= n) {
        return;
    }
    const long long second = base + fibonacci(k + 1); // root of FS(k-2)
    build(k - 1, base, n, receptions);
    build(k - 2, second, n, receptions);
    if (second < n) {
        receptions[static_cast<std::size_t>(base)].push_back(static_cast<int>(second));
    }
}

} // namespace

StaticPlan fibonacciStatPlan(int n) {
    std::vector<std::vector<int>> receptions(static_cast<std::size_t>(n));
    build(fibonacciOrder(n), 0, n, receptions);
    return StaticPlan::fromLists(receptions, 1);
}

std::unique_ptr<KernelBase> makeFibonacciStatKernel(int n, bool nonCommutative,
                                                    const CostModel& costs) {
    return makeStaticPlanKernel(fibonacciStatPlan(n), nonCommutative, costs);
}

std::unique_ptr<FastPath> makeFibonacciStatFastPath(int n, bool /*nonCommutative*/,
                                                    const CostModel& /*costs*/) {
    return makeStaticPlanFastPath(fibonacciStatPlan(n));
}

} // namespace rl
