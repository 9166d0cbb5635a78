#include "models/steady_flow_lp.h"

#include "base/input_error.h"
#include "base/lp_solver.h"
#include "models/steady_detail.h"

namespace rl {

namespace {

using Rel = LinearProgram::Relation;
using steady_detail::Edge;

/// Index of the interval [k, m], 0 <= k <= m < n, in a triangular layout.
struct Intervals {
    int n = 0;
    std::vector<int> base;
    explicit Intervals(int n_) : n(n_), base(static_cast<std::size_t>(n_)) {
        int b = 0;
        for (int k = 0; k < n; ++k) {
            base[static_cast<std::size_t>(k)] = b;
            b += n - k;
        }
    }
    int count() const { return n * (n + 1) / 2; }
    int id(int k, int m) const { return base[static_cast<std::size_t>(k)] + (m - k); }
};

} // namespace

SteadyLpSize steadyReduceLpSize(const PlatformGraph& g, int target) {
    g.validate();
    steady_detail::checkReduceTarget(g, target);
    const int n = g.n;
    const int intervals = n * (n + 1) / 2;
    const int tasksPerProcessor = (n + 1) * n * (n - 1) / 6;
    int ports = 0;
    int computing = 0;
    for (int p = 0; p < n; ++p) {
        bool out = false;
        bool in = false;
        for (int q = 0; q < n; ++q) {
            out = out || g.hasLink(p, q);
            in = in || g.hasLink(q, p);
        }
        ports += (out ? 1 : 0) + (in ? 1 : 0);
        computing += g.w[static_cast<std::size_t>(p)] > 0.0 ? 1 : 0;
    }
    SteadyLpSize s;
    s.variables = 1 + static_cast<int>(steady_detail::edgesOf(g).size()) * intervals +
                  n * tasksPerProcessor + (target < 0 ? n : 1);
    s.constraints = 1 + ports + computing + n * intervals;
    return s;
}

SteadyFlowLpResult solveSteadyReduceFlowLp(const PlatformGraph& g, int target) {
    g.validate();
    steady_detail::checkReduceTarget(g, target);
    const int n = g.n;
    const Intervals iv(n);
    const std::vector<Edge> edges = steady_detail::edgesOf(g);
    LinearProgram lp(LinearProgram::Sense::Maximize);
    const int tp = lp.addVariable("TP", 0.0, LinearProgram::kInfinity, 1.0);
    // s(e, [k,m]) for every edge and interval.
    std::vector<int> send(edges.size() * static_cast<std::size_t>(iv.count()));
    for (std::size_t e = 0; e < edges.size(); ++e) {
        for (int k = 0; k < n; ++k) {
            for (int m = k; m < n; ++m) {
                send[e * static_cast<std::size_t>(iv.count()) +
                     static_cast<std::size_t>(iv.id(k, m))] = lp.addVariable("s");
            }
        }
    }
    // cons(Pi, T(k,l,m)).
    struct Task {
        int proc, k, l, m, var;
    };
    std::vector<Task> tasks;
    for (int p = 0; p < n; ++p) {
        for (int k = 0; k < n; ++k) {
            for (int m = k + 1; m < n; ++m) {
                for (int l = k; l < m; ++l) {
                    tasks.push_back({p, k, l, m, lp.addVariable("cons")});
                }
            }
        }
    }
    std::vector<int> delivered(static_cast<std::size_t>(n), -1);
    std::vector<std::pair<int, double>> tpRow{{tp, -1.0}};
    for (int p = 0; p < n; ++p) {
        if (target < 0 || target == p) {
            delivered[static_cast<std::size_t>(p)] = lp.addVariable("deliver");
            tpRow.push_back({delivered[static_cast<std::size_t>(p)], 1.0});
        }
    }
    lp.addConstraint(tpRow, Rel::Equal, 0.0, "TP");
    // One-port out and in, computation.
    std::vector<std::vector<std::pair<int, double>>> out(static_cast<std::size_t>(n));
    std::vector<std::vector<std::pair<int, double>>> in(static_cast<std::size_t>(n));
    for (std::size_t e = 0; e < edges.size(); ++e) {
        const double c = g.messageSize * g.cost(edges[e].from, edges[e].to);
        for (int id = 0; id < iv.count(); ++id) {
            const int v =
                send[e * static_cast<std::size_t>(iv.count()) + static_cast<std::size_t>(id)];
            out[static_cast<std::size_t>(edges[e].from)].push_back({v, c});
            in[static_cast<std::size_t>(edges[e].to)].push_back({v, c});
        }
    }
    std::vector<std::vector<std::pair<int, double>>> compute(static_cast<std::size_t>(n));
    for (const Task& t : tasks) {
        compute[static_cast<std::size_t>(t.proc)].push_back(
            {t.var, g.w[static_cast<std::size_t>(t.proc)]});
    }
    for (int p = 0; p < n; ++p) {
        const auto up = static_cast<std::size_t>(p);
        if (!out[up].empty()) {
            lp.addConstraint(out[up], Rel::LessEqual, 1.0, "out " + processorName(p));
        }
        if (!in[up].empty()) {
            lp.addConstraint(in[up], Rel::LessEqual, 1.0, "in " + processorName(p));
        }
        if (g.w[up] > 0.0) {
            lp.addConstraint(compute[up], Rel::LessEqual, 1.0, "compute " + processorName(p));
        }
    }
    // Conservation of v[k,m] on Pi: received + produced (+ TP for the own value) = sent +
    // consumed (+ delivered for the full value on a target).
    std::vector<std::vector<std::pair<int, double>>> cons(static_cast<std::size_t>(n) * iv.count());
    auto row = [&](int p, int k, int m) -> std::vector<std::pair<int, double>>& {
        return cons[static_cast<std::size_t>(p) * iv.count() +
                    static_cast<std::size_t>(iv.id(k, m))];
    };
    for (std::size_t e = 0; e < edges.size(); ++e) {
        for (int k = 0; k < n; ++k) {
            for (int m = k; m < n; ++m) {
                const int v = send[e * static_cast<std::size_t>(iv.count()) +
                                   static_cast<std::size_t>(iv.id(k, m))];
                row(edges[e].to, k, m).push_back({v, 1.0});
                row(edges[e].from, k, m).push_back({v, -1.0});
            }
        }
    }
    for (const Task& t : tasks) {
        row(t.proc, t.k, t.m).push_back({t.var, 1.0});
        row(t.proc, t.k, t.l).push_back({t.var, -1.0});
        row(t.proc, t.l + 1, t.m).push_back({t.var, -1.0});
    }
    for (int p = 0; p < n; ++p) {
        row(p, p, p).push_back({tp, 1.0});
        if (delivered[static_cast<std::size_t>(p)] >= 0) {
            row(p, 0, n - 1).push_back({delivered[static_cast<std::size_t>(p)], -1.0});
        }
    }
    for (auto& r : cons) {
        lp.addConstraint(std::move(r), Rel::Equal, 0.0, "conservation");
    }
    const LpSolution sol = lp.solveOrThrow("SSRP(G)");
    SteadyFlowLpResult r;
    r.throughput = sol.values[static_cast<std::size_t>(tp)];
    r.size = {lp.variableCount(), lp.constraintCount()};
    return r;
}

} // namespace rl
