#include "mpi/real_run.h"

#include "base/input_error.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>

namespace rl::mpi {

namespace {

// SplitMix64: the inputs, a function of (seed, index, element) alone.
std::uint64_t mix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30U)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27U)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31U);
}

} // namespace

RealOp parseRealOp(std::string_view text) {
    if (text == "sum") {
        return RealOp::Sum;
    }
    if (text == "max") {
        return RealOp::Max;
    }
    if (text == "matmul2") {
        return RealOp::MatMul2;
    }
    throw InputError("--op must be sum, max or matmul2, not '" + std::string(text) + "'");
}

std::size_t realOpElementBytes(RealOp op) {
    return op == RealOp::MatMul2 ? 32 : 8;
}

bool realOpCommutative(RealOp op) {
    return op != RealOp::MatMul2;
}

std::vector<std::uint64_t> realOpInput(RealOp op, std::size_t bytes, std::uint64_t seed,
                                       int index) {
    std::vector<std::uint64_t> v(bytes / 8);
    for (std::size_t k = 0; k < v.size(); ++k) {
        v[k] = mix(mix(seed) ^ mix(static_cast<std::uint64_t>(index) * 0x100000001ULL + k));
        if (op == RealOp::Max) {
            v[k] >>= 1U; // leaves room to tell the maximum from a sum
        }
    }
    return v;
}

void realOpCombine(RealOp op, std::size_t bytes, const void* left, void* right) {
    const std::size_t count = bytes / 8;
    std::vector<std::uint64_t> a(count);
    std::memcpy(a.data(), left, bytes);
    auto* b = static_cast<std::uint64_t*>(right);
    if (op == RealOp::Sum) {
        for (std::size_t k = 0; k < count; ++k) {
            b[k] += a[k];
        }
    } else if (op == RealOp::Max) {
        for (std::size_t k = 0; k < count; ++k) {
            b[k] = std::max(b[k], a[k]);
        }
    } else {
        for (std::size_t m = 0; m + 4 <= count; m += 4) { // [a0 a1; a2 a3] * [b0 b1; b2 b3]
            const std::array<std::uint64_t, 4> x{a[m], a[m + 1], a[m + 2], a[m + 3]};
            const std::array<std::uint64_t, 4> y{b[m], b[m + 1], b[m + 2], b[m + 3]};
            b[m] = x[0] * y[0] + x[1] * y[2];
            b[m + 1] = x[0] * y[1] + x[1] * y[3];
            b[m + 2] = x[2] * y[0] + x[3] * y[2];
            b[m + 3] = x[2] * y[1] + x[3] * y[3];
        }
    }
}

std::vector<std::uint64_t> realOpSerial(RealOp op, std::size_t bytes, std::uint64_t seed, int n) {
    std::vector<std::uint64_t> acc = realOpInput(op, bytes, seed, 0);
    for (int i = 1; i < n; ++i) {
        std::vector<std::uint64_t> next = realOpInput(op, bytes, seed, i);
        realOpCombine(op, bytes, acc.data(), next.data()); // acc ∘ a_i
        acc = std::move(next);
    }
    return acc;
}

InjectedCosts injectedCosts(const Schedule& simulated, const CostModel& costs, double unitSeconds) {
    InjectedCosts c;
    c.unitSeconds = unitSeconds;
    c.arrival = simulated.arrivals; // the simulation's draws, by index (empty without a law)
    if (costs.mode == CostMode::FixedMatrix && costs.fixed) {
        const std::shared_ptr<const FixedCosts> fixed = costs.fixed;
        c.transfer = [fixed](int from, int to) { return fixed->transfer(from, to); };
        c.reduction = [fixed](int to, int /*from*/) { return fixed->reduction(to); };
        return c;
    }
    const auto n = static_cast<std::size_t>(simulated.n);
    auto transfer = std::make_shared<std::vector<double>>(n, -1.0);
    auto reduction = std::make_shared<std::vector<double>>(n, -1.0);
    double transferSum = 0.0;
    double reductionSum = 0.0;
    for (const TransferOp& t : simulated.transfers) {
        (*transfer)[static_cast<std::size_t>(t.from)] = t.end - t.start;
        transferSum += t.end - t.start;
    }
    for (const ReductionOp& r : simulated.reductions) {
        const TransferOp& t = simulated.transfers[static_cast<std::size_t>(r.transfer)];
        (*reduction)[static_cast<std::size_t>(t.from)] = r.end - r.start;
        reductionSum += r.end - r.start;
    }
    const double k = std::max<double>(1.0, static_cast<double>(simulated.transfers.size()));
    for (std::size_t i = 0; i < n; ++i) {
        if ((*transfer)[i] < 0.0) {
            (*transfer)[i] = transferSum / k;
        }
        if ((*reduction)[i] < 0.0) {
            (*reduction)[i] = reductionSum / k;
        }
    }
    c.transfer = [transfer](int from, int /*to*/) {
        return (*transfer)[static_cast<std::size_t>(from)];
    };
    c.reduction = [reduction](int /*to*/, int from) {
        return (*reduction)[static_cast<std::size_t>(from)];
    };
    return c;
}

bool sameTree(const Schedule& a, const Schedule& b) {
    return a.n == b.n && a.parent == b.parent;
}

} // namespace rl::mpi
