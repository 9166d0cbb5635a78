#include "models/divisible_load.h"

#include "base/text_util.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace rl {

std::vector<std::string> validateDivisible(const DivisibleSchedule& s, const StarPlatform& p) {
    std::vector<std::string> errors;
    const double tol = s.tolerance();
    auto near = [&](double a, double b) { return std::abs(a - b) <= tol; };
    auto fail = [&](const std::string& m) { errors.push_back(m); };
    double total = 0.0;
    struct Interval {
        double start, end;
        std::string what;
    };
    std::vector<Interval> sends;
    std::vector<Interval> returns;
    std::vector<std::vector<Interval>> compute(static_cast<std::size_t>(p.workerCount()));
    for (std::size_t k = 0; k < s.chunks.size(); ++k) {
        const LoadChunk& ch = s.chunks[k];
        const std::string name = "chunk " + std::to_string(k) + " (" +
                                 (ch.worker < 0 ? std::string("master") : workerName(ch.worker)) +
                                 ")";
        for (double v : {ch.amount, ch.sendStart, ch.sendEnd, ch.computeStart, ch.computeEnd,
                         ch.returnStart, ch.returnEnd}) {
            if (!std::isfinite(v)) {
                fail(name + ": a value is not finite");
            }
        }
        if (ch.amount < 0.0 || ch.sendStart < -tol) {
            fail(name + ": negative amount or start");
        }
        total += ch.amount;
        if (ch.worker < 0) {
            if (!near(ch.computeEnd - ch.computeStart, ch.amount * p.masterW)) {
                fail(name + ": computation does not last amount x masterW");
            }
            continue;
        }
        if (ch.worker >= p.workerCount()) {
            fail(name + ": no such worker");
            continue;
        }
        const Worker& wk = p.workers.at(ch.worker);
        const double lat = s.withLatency ? wk.latency : 0.0;
        if (!near(ch.sendEnd - ch.sendStart, lat + ch.amount * wk.c)) {
            fail(name + ": send does not last latency + amount x c");
        }
        if (ch.computeStart < ch.sendEnd - tol) {
            fail(name + ": computes before its data has arrived");
        }
        if (!near(ch.computeEnd - ch.computeStart, ch.amount * wk.w)) {
            fail(name + ": computation does not last amount x w");
        }
        if (ch.returnStart < ch.computeEnd - tol) {
            fail(name + ": returns before computing");
        }
        const double ret = s.withReturns ? lat + ch.amount * wk.d : 0.0;
        if (!near(ch.returnEnd - ch.returnStart, ret)) {
            fail(name + ": return does not last amount x d");
        }
        sends.push_back({ch.sendStart, ch.sendEnd, name + " send"});
        if (ch.returnEnd > ch.returnStart) {
            returns.push_back({ch.returnStart, ch.returnEnd, name + " return"});
        }
        compute[static_cast<std::size_t>(ch.worker)].push_back(
            {ch.computeStart, ch.computeEnd, name});
        if (s.periodic) {
            if (ch.sendEnd > s.makespan + tol) {
                fail(name + ": send ends after the period");
            }
            // The worker's next chunk arrives one period later and must find it free.
            if (ch.computeEnd > ch.sendEnd + s.makespan + tol) {
                fail(name + ": computation longer than the period");
            }
        }
    }
    auto checkDisjoint = [&](std::vector<Interval> v, const std::string& what) {
        std::sort(v.begin(), v.end(),
                  [](const Interval& a, const Interval& b) { return a.start < b.start; });
        for (std::size_t k = 1; k < v.size(); ++k) {
            if (v[k].start < v[k - 1].end - tol) {
                fail(what + ": " + v[k - 1].what + " and " + v[k].what + " overlap");
            }
        }
    };
    checkDisjoint(sends, "master sends (one-port)");
    checkDisjoint(returns, "master receptions (one-port)");
    for (int i = 0; i < p.workerCount(); ++i) {
        checkDisjoint(compute[static_cast<std::size_t>(i)], workerName(i) + " computations");
    }
    if (!near(total, s.load)) {
        fail("the chunks hold " + formatNumber(total) + " units, not the load " +
             formatNumber(s.load));
    }
    if (!s.periodic && !near(chunksEnd(s.chunks), s.makespan)) {
        fail("the makespan " + formatNumber(s.makespan) + " is not the last end " +
             formatNumber(chunksEnd(s.chunks)));
    }
    return errors;
}

// ---------------------------------------------------------------------------------- Gantt

GanttBars divisibleGantt(const DivisibleSchedule& s, int workerCount) {
    GanttBars g;
    g.rows = workerCount + 1;
    g.end = s.makespan;
    g.activeUntil.assign(static_cast<std::size_t>(g.rows), s.makespan);
    for (const LoadChunk& ch : s.chunks) {
        const int row = ch.worker + 1;
        if (ch.worker >= 0) {
            g.arrows.push_back({0, row, ch.sendStart, ch.sendEnd});
        }
        if (s.periodic && ch.computeEnd > s.makespan) {
            // Wraps into the next period: draw both pieces inside this one.
            if (ch.computeStart < s.makespan) {
                g.blocks.push_back({row, ch.computeStart, s.makespan});
            }
            g.blocks.push_back(
                {row, std::max(0.0, ch.computeStart - s.makespan), ch.computeEnd - s.makespan});
        } else {
            g.blocks.push_back({row, ch.computeStart, ch.computeEnd});
        }
        if (s.withReturns && ch.worker >= 0 && ch.returnEnd > ch.returnStart) {
            g.arrows.push_back({row, 0, ch.returnStart, ch.returnEnd});
        }
    }
    // In start order, as a schedule's operations are (the tooltips look them up by index).
    std::stable_sort(g.arrows.begin(), g.arrows.end(),
                     [](const GanttArrow& a, const GanttArrow& b) { return a.start < b.start; });
    std::stable_sort(g.blocks.begin(), g.blocks.end(),
                     [](const GanttBlock& a, const GanttBlock& b) { return a.start < b.start; });
    return g;
}

} // namespace rl
