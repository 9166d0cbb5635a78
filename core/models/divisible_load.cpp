#include "models/divisible_load.h"

#include "models/divisible_detail.h"

#include "base/input_error.h"
#include "base/lp_solver.h"
#include "base/text_util.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

namespace rl {

namespace {

using Rel = LinearProgram::Relation;
using divisible_detail::checkLoad;
using divisible_detail::chunkOrder;
using divisible_detail::worker;

/// Throws unless `order` lists distinct valid workers.
void checkOrder(const StarPlatform& p, const std::vector<int>& order, const std::string& what) {
    std::set<int> seen;
    for (int i : order) {
        if (i < 0 || i >= p.workerCount()) {
            throw InputError(what + ": worker " + std::to_string(i + 1) + " does not exist (" +
                             std::to_string(p.workerCount()) + " workers)");
        }
        if (!seen.insert(i).second) {
            throw InputError(what + ": worker P" + std::to_string(i + 1) + " appears twice");
        }
    }
}

LoadChunk masterChunk(const StarPlatform& p, double amount) {
    LoadChunk m;
    m.worker = -1;
    m.amount = amount;
    m.computeEnd = amount * p.masterW;
    m.returnStart = m.returnEnd = m.computeEnd;
    return m;
}

/// Sends back to back in `order` with the given amounts (no latency), computation right after
/// reception; zero shares are left out (the worker is not selected).
std::vector<LoadChunk> sequentialSends(const StarPlatform& p, const std::vector<int>& order,
                                       const std::vector<double>& amounts, double load) {
    std::vector<LoadChunk> chunks;
    double t = 0.0;
    for (std::size_t k = 0; k < order.size(); ++k) {
        if (amounts[k] <= 1e-12 * load) {
            continue;
        }
        const Worker& wk = worker(p, order[k]);
        LoadChunk ch;
        ch.worker = order[k];
        ch.amount = amounts[k];
        ch.sendStart = t;
        ch.sendEnd = t + amounts[k] * wk.c;
        ch.computeStart = ch.sendEnd;
        ch.computeEnd = ch.computeStart + amounts[k] * wk.w;
        ch.returnStart = ch.returnEnd = ch.computeEnd;
        t = ch.sendEnd;
        chunks.push_back(ch);
    }
    return chunks;
}

} // namespace

// ------------------------------------------------------------------------------- schedule

std::vector<double> DivisibleSchedule::alphas(int workerCount) const {
    std::vector<double> a(static_cast<std::size_t>(workerCount), 0.0);
    for (const LoadChunk& ch : chunks) {
        if (ch.worker >= 0 && ch.worker < workerCount) {
            a[static_cast<std::size_t>(ch.worker)] += ch.amount / load;
        }
    }
    return a;
}

double DivisibleSchedule::masterAlpha() const {
    double a = 0.0;
    for (const LoadChunk& ch : chunks) {
        if (ch.worker < 0) {
            a += ch.amount / load;
        }
    }
    return a;
}

double DivisibleSchedule::tolerance() const {
    return kDivisibleRelativeTolerance * std::max({1.0, makespan, load});
}

double DivisibleSchedule::idleBeforeReturn(const LoadChunk& chunk) const {
    const double x = chunk.returnStart - chunk.computeEnd;
    return std::abs(x) <= tolerance() ? 0.0 : x;
}

std::vector<double> DivisibleSchedule::idleBeforeReturn(int workerCount) const {
    std::vector<double> x(static_cast<std::size_t>(workerCount), 0.0);
    for (const LoadChunk& ch : chunks) {
        if (ch.worker >= 0 && ch.worker < workerCount) {
            x[static_cast<std::size_t>(ch.worker)] += idleBeforeReturn(ch);
        }
    }
    return x;
}

std::vector<int> bandwidthOrder(const StarPlatform& p) {
    std::vector<int> order(static_cast<std::size_t>(p.workerCount()));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return worker(p, a).c < worker(p, b).c; });
    return order;
}

std::vector<int> commPlusReturnOrder(const StarPlatform& p) {
    std::vector<int> order(static_cast<std::size_t>(p.workerCount()));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return worker(p, a).c + worker(p, a).d < worker(p, b).c + worker(p, b).d;
    });
    return order;
}

// ------------------------------------------------------------------------------ one round

DivisibleSchedule oneRoundClosedForm(const StarPlatform& p, const std::vector<int>& order,
                                     double load) {
    p.validate();
    checkLoad(load);
    checkOrder(p, order, "one-round order");
    if (order.empty() && p.masterW <= 0.0) {
        throw InputError("nobody computes: give the master a time per unit or serve a worker");
    }
    // For T = 1: the master computes 1/w0; worker j, served when the master has sent for S,
    // computes until 1: a_j (c_j + w_j) = 1 - S. Everything is linear in T, so scale after.
    double volume = p.masterW > 0.0 ? 1.0 / p.masterW : 0.0;
    double sent = 0.0;
    std::vector<double> unit;
    for (int i : order) {
        const Worker& wk = worker(p, i);
        const double a = (1.0 - sent) / (wk.c + wk.w);
        unit.push_back(a);
        sent += a * wk.c;
        volume += a;
    }
    const double makespan = load / volume;
    DivisibleSchedule s;
    s.method = "one round, closed form";
    s.load = load;
    if (p.masterW > 0.0) {
        s.chunks.push_back(masterChunk(p, makespan / p.masterW));
    }
    std::vector<double> amounts;
    for (double a : unit) {
        amounts.push_back(a * makespan);
    }
    const auto sends = sequentialSends(p, order, amounts, load);
    s.chunks.insert(s.chunks.end(), sends.begin(), sends.end());
    s.sendOrder = chunkOrder(s.chunks);
    s.makespan = chunksEnd(s.chunks);
    return s;
}

DivisibleSchedule oneRoundLp(const StarPlatform& p, const std::vector<int>& order, double load) {
    p.validate();
    checkLoad(load);
    checkOrder(p, order, "one-round order");
    LinearProgram lp(LinearProgram::Sense::Minimize);
    const int tVar = lp.addVariable("T", 0.0, LinearProgram::kInfinity, 1.0);
    std::vector<int> a;
    std::vector<std::pair<int, double>> total;
    for (int i : order) {
        a.push_back(lp.addVariable("alpha" + std::to_string(i + 1)));
        total.push_back({a.back(), 1.0});
    }
    int master = -1;
    if (p.masterW > 0.0) {
        master = lp.addVariable("alpha0");
        total.push_back({master, 1.0});
        lp.addConstraint({{master, p.masterW}, {tVar, -1.0}}, Rel::LessEqual, 0.0, "master");
    }
    lp.addConstraint(total, Rel::Equal, load, "load");
    std::vector<std::pair<int, double>> sends;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const Worker& wk = worker(p, order[k]);
        sends.push_back({a[k], wk.c});
        auto row = sends;
        row.push_back({a[k], wk.w});
        row.push_back({tVar, -1.0});
        lp.addConstraint(row, Rel::LessEqual, 0.0);
    }
    const LpSolution sol = lp.solveOrThrow("one-round linear program");
    DivisibleSchedule s;
    s.method = "one round, linear program";
    s.load = load;
    if (master >= 0) {
        s.chunks.push_back(masterChunk(p, sol.values[static_cast<std::size_t>(master)]));
    }
    std::vector<double> amounts;
    for (int v : a) {
        amounts.push_back(std::max(0.0, sol.values[static_cast<std::size_t>(v)]));
    }
    const auto chunks = sequentialSends(p, order, amounts, load);
    s.chunks.insert(s.chunks.end(), chunks.begin(), chunks.end());
    s.sendOrder = chunkOrder(s.chunks);
    s.makespan = chunksEnd(s.chunks);
    return s;
}

// ------------------------------------------------------------------------ return messages

DivisibleSchedule withReturnsLp(const StarPlatform& p, const std::vector<int>& sendOrder,
                                const std::vector<int>& returnOrder, double load) {
    p.validate();
    checkLoad(load);
    checkOrder(p, sendOrder, "send order");
    checkOrder(p, returnOrder, "return order");
    if (std::set<int>(sendOrder.begin(), sendOrder.end()) !=
        std::set<int>(returnOrder.begin(), returnOrder.end())) {
        throw InputError("the return order must list the same workers as the send order");
    }
    LinearProgram lp(LinearProgram::Sense::Minimize);
    const int tVar = lp.addVariable("T", 0.0, LinearProgram::kInfinity, 1.0);
    std::vector<int> var(static_cast<std::size_t>(p.workerCount()), -1);
    std::vector<std::pair<int, double>> total;
    for (int i : sendOrder) {
        var[static_cast<std::size_t>(i)] = lp.addVariable("alpha" + std::to_string(i + 1));
        total.push_back({var[static_cast<std::size_t>(i)], 1.0});
    }
    if (p.masterW > 0.0) {
        const int m = lp.addVariable("alpha0");
        total.push_back({m, 1.0});
        lp.addConstraint({{m, p.masterW}, {tVar, -1.0}}, Rel::LessEqual, 0.0, "master");
    }
    lp.addConstraint(total, Rel::Equal, load, "load");
    // Worker i: t_term = sum_{k <= i} a_k c_k + a_i w_i  <=  t_back = T - sum_{j >= i} a_j d_j,
    // where "k <= i" runs over the send order and "j >= i" over the return order.
    for (std::size_t k = 0; k < sendOrder.size(); ++k) {
        const int i = sendOrder[k];
        std::vector<std::pair<int, double>> row;
        for (std::size_t j = 0; j <= k; ++j) {
            row.push_back({var[static_cast<std::size_t>(sendOrder[j])], worker(p, sendOrder[j]).c});
        }
        row.push_back({var[static_cast<std::size_t>(i)], worker(p, i).w});
        const auto pos = std::find(returnOrder.begin(), returnOrder.end(), i);
        for (auto it = pos; it != returnOrder.end(); ++it) {
            row.push_back({var[static_cast<std::size_t>(*it)], worker(p, *it).d});
        }
        row.push_back({tVar, -1.0});
        lp.addConstraint(row, Rel::LessEqual, 0.0, "worker " + std::to_string(i + 1));
    }
    const LpSolution sol = lp.solveOrThrow("return-message linear program");
    auto amount = [&](int i) {
        return std::max(0.0,
                        sol.values[static_cast<std::size_t>(var[static_cast<std::size_t>(i)])]);
    };
    const double makespan = sol.values[static_cast<std::size_t>(tVar)];
    DivisibleSchedule s;
    s.method = "with returns, linear program";
    s.load = load;
    s.withReturns = true;
    if (p.masterW > 0.0) {
        s.chunks.push_back(masterChunk(p, sol.values.back()));
    }
    std::vector<double> amounts;
    for (int i : sendOrder) {
        amounts.push_back(amount(i));
    }
    auto chunks = sequentialSends(p, sendOrder, amounts, load);
    // Returns as late as possible, packed at the end in the return order.
    double t = makespan;
    for (auto it = returnOrder.rbegin(); it != returnOrder.rend(); ++it) {
        const auto ch = std::find_if(chunks.begin(), chunks.end(),
                                     [&](const LoadChunk& c) { return c.worker == *it; });
        if (ch == chunks.end()) {
            continue;
        }
        ch->returnEnd = t;
        ch->returnStart = t - ch->amount * worker(p, *it).d;
        t = ch->returnStart;
    }
    s.chunks.insert(s.chunks.end(), chunks.begin(), chunks.end());
    s.sendOrder = chunkOrder(s.chunks);
    for (int i : returnOrder) {
        if (std::find(s.sendOrder.begin(), s.sendOrder.end(), i) != s.sendOrder.end()) {
            s.returnOrder.push_back(i);
        }
    }
    s.makespan = std::max(chunksEnd(s.chunks), makespan);
    return s;
}

DivisibleSchedule bestLifo(const StarPlatform& p, double load) {
    const std::vector<int> order = commPlusReturnOrder(p);
    DivisibleSchedule s = withReturnsLp(p, order, {order.rbegin(), order.rend()}, load);
    s.method = "best LIFO (send by increasing c + d)";
    return s;
}

DivisibleSchedule bestFifo(const StarPlatform& p, double load, int exhaustiveLimit) {
    p.validate();
    std::vector<std::vector<int>> candidates;
    std::vector<int> order = commPlusReturnOrder(p);
    if (p.workerCount() <= exhaustiveLimit) {
        std::sort(order.begin(), order.end());
        do {
            candidates.push_back(order);
        } while (std::next_permutation(order.begin(), order.end()));
    } else {
        candidates.push_back(order);
        candidates.push_back({order.rbegin(), order.rend()});
    }
    DivisibleSchedule best;
    bool found = false;
    for (const auto& o : candidates) {
        DivisibleSchedule s = withReturnsLp(p, o, o, load);
        // Strictly better by a relative margin: equal schedules keep the first order tried.
        if (!found || s.makespan < best.makespan * (1.0 - 1e-9)) {
            best = std::move(s);
            found = true;
        }
    }
    best.method = p.workerCount() <= exhaustiveLimit ? "best FIFO (all send orders)"
                                                     : "best FIFO (increasing or decreasing c + d)";
    return best;
}

double chunksEnd(const std::vector<LoadChunk>& chunks) {
    double end = 0.0;
    for (const LoadChunk& ch : chunks) {
        end = std::max({end, ch.sendEnd, ch.computeEnd, ch.returnEnd});
    }
    return end;
}

} // namespace rl
