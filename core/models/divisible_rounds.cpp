// The divisible-load schedules that repeat: uniform multi-round (UMR) and the
// bandwidth-centric steady state (docs/model.md §8). One-round schedules are in
// divisible_load.cpp.
#include "models/divisible_load.h"

#include "base/input_error.h"
#include "base/lp_solver.h"
#include "base/text_util.h"
#include "models/divisible_detail.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace rl {

using divisible_detail::checkLoad;
using divisible_detail::chunkOrder;
using divisible_detail::worker;
using Rel = LinearProgram::Relation;

// ------------------------------------------------------------------------- multi-round

namespace {

/// The computation time tau_j of every round j = 0..M-1 of a uniform multi-round schedule (the
/// same on every worker of the round), or why there is none.
struct RoundTimes {
    std::vector<double> tau;
    std::string refused; ///< empty when the rounds exist
};

/// Round j computes for tau_j on every worker used, and the master's sends of round j + 1 fill
/// it exactly: tau_j = lambda + theta tau_{j+1} (lambda: the latencies, theta = sum c/w), with
/// sum tau_j = `work` (the load over sum 1/w). Solved backwards from the last round x:
///   tau_j = lambda H_(M-1-j) + x theta^(M-1-j),  H_k = 1 + theta + ... + theta^(k-1),
/// a sum of positive terms (the form tau_0 theta^-j + B (1 - theta^-j) subtracts two terms of
/// order theta^-j, which lose every digit once theta^-j passes about 1e10). The load fixes x:
///   x sum_k theta^k = work - lambda sum_k H_k,
/// so the rounds exist (all positive) exactly when the latencies of the recurrence,
/// lambda sum_k H_k, leave room in `work`. For theta > 1 the powers are taken relative to
/// theta^(M-1) (x theta^(M-1-j) = y theta^-j), so that none overflows.
RoundTimes roundTimes(double theta, double lambda, double work, int rounds) {
    const auto m = static_cast<std::size_t>(rounds);
    std::vector<double> h(m, 0.0); // H_k
    for (std::size_t k = 1; k < m; ++k) {
        h[k] = 1.0 + theta * h[k - 1];
    }
    const double latencies = lambda > 0.0 ? lambda * std::accumulate(h.begin(), h.end(), 0.0) : 0.0;
    RoundTimes r;
    const double room = work - latencies;
    if (!(room > 0.0)) {
        r.refused = std::to_string(rounds) + " rounds do not fit: their latencies alone take " +
                    (std::isfinite(latencies) ? formatNumber(latencies) + " of"
                                              : std::string("more than")) +
                    " the " + formatNumber(work) +
                    " time units each worker computes (fewer rounds or a larger load)";
        return r;
    }
    std::vector<double> g(m); // theta^(M-1-j), or theta^-j when theta > 1: all in (0, 1]
    for (std::size_t j = 0; j < m; ++j) {
        g[j] = theta <= 1.0 ? std::pow(theta, static_cast<double>(m - 1 - j))
                            : std::pow(theta, -static_cast<double>(j));
    }
    const double scale = room / std::accumulate(g.begin(), g.end(), 0.0);
    r.tau.resize(m);
    for (std::size_t j = 0; j < m; ++j) {
        r.tau[j] = lambda * h[m - 1 - j] + scale * g[j];
        if (!(r.tau[j] > 0.0) || !std::isfinite(r.tau[j])) {
            r.refused = "with " + std::to_string(rounds) + " rounds, round " +
                        std::to_string(j + 1) +
                        " would be smaller than the smallest number a double holds";
            r.tau.clear();
            return r;
        }
    }
    return r;
}

} // namespace

DivisibleSchedule uniformMultiRound(const StarPlatform& p, double load, int rounds, int workers) {
    p.validate();
    checkLoad(load);
    if (rounds < 1 || rounds > kMaxMultiRounds) {
        throw InputError("the number of rounds must be in [1, " + std::to_string(kMaxMultiRounds) +
                         "], not " + std::to_string(rounds));
    }
    if (workers < 1 || workers > p.workerCount()) {
        throw InputError("the number of workers used must be in [1, " +
                         std::to_string(p.workerCount()) + "], not " + std::to_string(workers));
    }
    std::vector<int> used = bandwidthOrder(p);
    used.resize(static_cast<std::size_t>(workers));
    double theta = 0.0;
    double lambda = 0.0;
    double speed = 0.0;
    for (int i : used) {
        const Worker& wk = worker(p, i);
        if (wk.w <= 0.0 || wk.c <= 0.0) {
            throw InputError("uniform multi-round needs c > 0 and w > 0 (" + workerName(i) + ")");
        }
        theta += wk.c / wk.w;
        lambda += wk.latency;
        speed += 1.0 / wk.w;
    }
    const RoundTimes times = roundTimes(theta, lambda, load / speed, rounds);
    if (!times.refused.empty()) {
        throw InputError("uniform multi-round: " + times.refused);
    }
    const std::vector<double>& tau = times.tau;
    // Simulate: the master sends round after round, workers compute in arrival order.
    DivisibleSchedule s;
    s.method = "uniform multi-round";
    s.load = load;
    s.rounds = rounds;
    s.withLatency = true;
    std::vector<double> free(static_cast<std::size_t>(p.workerCount()), 0.0);
    double t = 0.0;
    for (int j = 0; j < rounds; ++j) {
        for (int i : used) {
            const Worker& wk = worker(p, i);
            LoadChunk ch;
            ch.worker = i;
            ch.round = j;
            ch.amount = tau[static_cast<std::size_t>(j)] / wk.w;
            ch.sendStart = t;
            ch.sendEnd = t + wk.latency + ch.amount * wk.c;
            t = ch.sendEnd;
            ch.computeStart = std::max(ch.sendEnd, free[static_cast<std::size_t>(i)]);
            ch.computeEnd = ch.computeStart + ch.amount * wk.w;
            ch.returnStart = ch.returnEnd = ch.computeEnd;
            free[static_cast<std::size_t>(i)] = ch.computeEnd;
            s.chunks.push_back(ch);
        }
    }
    s.sendOrder = used;
    s.makespan = chunksEnd(s.chunks);
    return s;
}

MultiRoundSearch bestUniformMultiRound(const StarPlatform& p, double load, int maxRounds) {
    p.validate();
    if (maxRounds < 1 || maxRounds > kMaxMultiRounds) {
        throw InputError("the maximum number of rounds must be in [1, " +
                         std::to_string(kMaxMultiRounds) + "], not " + std::to_string(maxRounds));
    }
    MultiRoundSearch search;
    bool found = false;
    for (int q = 1; q <= p.workerCount(); ++q) {
        for (int m = 1; m <= maxRounds; ++m) {
            MultiRoundCandidate candidate{m, q, 0.0, {}};
            // A candidate that does not exist is skipped with its reason; the others go on.
            try {
                DivisibleSchedule s = uniformMultiRound(p, load, m, q);
                candidate.makespan = s.makespan;
                if (!found || s.makespan < search.best.makespan * (1.0 - 1e-12)) {
                    search.best = std::move(s);
                    found = true;
                }
            } catch (const InputError& e) {
                candidate.refused = e.what();
            }
            search.candidates.push_back(std::move(candidate));
        }
    }
    if (!found) {
        throw InputError(search.candidates.front().refused);
    }
    return search;
}

// -------------------------------------------------------------------------- steady state

SteadyStateShare bandwidthCentric(const StarPlatform& p, double period, bool overlap) {
    p.validate();
    double latencies = 0.0;
    for (const Worker& wk : p.workers) {
        latencies += wk.latency;
    }
    if (!std::isfinite(period) || period <= latencies) {
        throw InputError("the period Tp must exceed the sum of the latencies (" +
                         formatNumber(latencies) + "), not " + formatNumber(period));
    }
    const double f = 1.0 - latencies / period;
    SteadyStateShare r;
    r.period = period;
    r.overlap = overlap;
    r.rate.assign(static_cast<std::size_t>(p.workerCount()), 0.0);
    // Sorted by bandwidth, feed workers at full speed while the master's port has room, then
    // give the rest of the port to the next one.
    double used = 0.0;
    const std::vector<int> order = bandwidthOrder(p);
    for (int i : order) {
        const Worker& wk = worker(p, i);
        const double busy = overlap ? wk.w : wk.c + wk.w; // time per unit on the worker
        const double ratio = busy > 0.0 ? wk.c / busy : LinearProgram::kInfinity;
        if (used + ratio <= 1.0) {
            r.rate[static_cast<std::size_t>(i)] = f / busy;
            used += ratio;
            ++r.saturated;
            continue;
        }
        r.rate[static_cast<std::size_t>(i)] = f * (1.0 - used) / wk.c;
        break;
    }
    r.throughput = std::accumulate(r.rate.begin(), r.rate.end(), 0.0);

    DivisibleSchedule& s = r.periodSchedule;
    s.method =
        overlap ? "bandwidth-centric steady state (overlap)" : "bandwidth-centric steady state";
    s.periodic = true;
    s.withLatency = true;
    double t = 0.0;
    for (int i : order) {
        const double amount = r.rate[static_cast<std::size_t>(i)] * period;
        if (amount <= 0.0) {
            continue;
        }
        const Worker& wk = worker(p, i);
        LoadChunk ch;
        ch.worker = i;
        ch.amount = amount;
        ch.sendStart = t;
        ch.sendEnd = t + wk.latency + amount * wk.c;
        ch.computeStart = ch.sendEnd;
        ch.computeEnd = ch.sendEnd + amount * wk.w;
        ch.returnStart = ch.returnEnd = ch.computeEnd;
        t = ch.sendEnd;
        s.chunks.push_back(ch);
        s.load += amount;
    }
    s.sendOrder = chunkOrder(s.chunks);
    s.makespan = period;
    return r;
}

std::vector<double> bandwidthCentricLp(const StarPlatform& p, double period, bool overlap) {
    p.validate();
    double latencies = 0.0;
    for (const Worker& wk : p.workers) {
        latencies += wk.latency;
    }
    if (!std::isfinite(period) || period <= latencies) {
        throw InputError("the period Tp must exceed the sum of the latencies");
    }
    const double f = 1.0 - latencies / period;
    LinearProgram lp(LinearProgram::Sense::Maximize);
    std::vector<std::pair<int, double>> port;
    for (int i = 0; i < p.workerCount(); ++i) {
        const Worker& wk = worker(p, i);
        const int x = lp.addVariable("x", 0.0, LinearProgram::kInfinity, 1.0);
        const double busy = overlap ? wk.w : wk.c + wk.w;
        if (busy > 0.0) {
            lp.addConstraint({{x, busy}}, Rel::LessEqual, f);
        }
        port.push_back({x, wk.c});
    }
    lp.addConstraint(port, Rel::LessEqual, f, "master port");
    return lp.solveOrThrow("bandwidth-centric linear program").values;
}

} // namespace rl
