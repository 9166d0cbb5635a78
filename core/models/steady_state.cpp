#include "models/steady_state.h"

#include "algorithms/algorithm_registry.h"
#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "base/limits.h"
#include "base/lp_solver.h"
#include "base/text_util.h"
#include "platform/cost_model.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <set>

namespace rl {

namespace {

using Rel = LinearProgram::Relation;
constexpr double kInf = std::numeric_limits<double>::infinity();

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

struct Edge {
    int from;
    int to;
};

std::vector<Edge> edgesOf(const PlatformGraph& g) {
    std::vector<Edge> e;
    for (int i = 0; i < g.n; ++i) {
        for (int j = 0; j < g.n; ++j) {
            if (g.hasLink(i, j)) {
                e.push_back({i, j});
            }
        }
    }
    return e;
}

void fillOccupation(const PlatformGraph& g, SteadyStateResult& r) {
    r.linkOccupation.assign(static_cast<std::size_t>(g.n) * g.n, 0.0);
    r.computeOccupation.assign(static_cast<std::size_t>(g.n), 0.0);
    for (const FlowTransfer& f : r.transfers) {
        r.linkOccupation[static_cast<std::size_t>(f.from) * g.n + f.to] +=
            f.rate * g.messageSize * g.cost(f.from, f.to);
    }
    for (const FlowTask& f : r.tasks) {
        r.computeOccupation[static_cast<std::size_t>(f.proc)] +=
            f.rate * g.w[static_cast<std::size_t>(f.proc)];
    }
}

} // namespace

// --------------------------------------------------------------------------------- reduce

SteadyStateResult solveSteadyReduce(const PlatformGraph& g, int target) {
    g.validate();
    if (target < -1 || target >= g.n) {
        throw InputError("the target must be a processor in [0, " + std::to_string(g.n - 1) +
                         "] or any, not " + std::to_string(target));
    }
    const int n = g.n;
    const Intervals iv(n);
    const std::vector<Edge> edges = edgesOf(g);
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

    SteadyStateResult res;
    res.scatter = false;
    res.target = target;
    res.throughput = sol.values[static_cast<std::size_t>(tp)];
    res.lpVariables = lp.variableCount();
    res.lpConstraints = lp.constraintCount();
    if (res.throughput <= 1e-12) {
        throw InputError("SSRP(G): some processor cannot reach the target (throughput 0)");
    }
    const double eps = 1e-9 * std::max(1.0, res.throughput);
    auto value = [&](int var) { return sol.values[static_cast<std::size_t>(var)]; };
    // Remaining amounts for the decomposition.
    std::vector<double> sendLeft(send.size());
    for (std::size_t x = 0; x < send.size(); ++x) {
        sendLeft[x] = value(send[x]);
    }
    std::vector<double> taskLeft(tasks.size());
    for (std::size_t x = 0; x < tasks.size(); ++x) {
        taskLeft[x] = value(tasks[x].var);
    }
    std::vector<double> deliverLeft(static_cast<std::size_t>(n), 0.0);
    for (int p = 0; p < n; ++p) {
        if (delivered[static_cast<std::size_t>(p)] >= 0) {
            deliverLeft[static_cast<std::size_t>(p)] =
                value(delivered[static_cast<std::size_t>(p)]);
        }
    }
    for (std::size_t e = 0; e < edges.size(); ++e) {
        for (int k = 0; k < n; ++k) {
            for (int m = k; m < n; ++m) {
                const double r = sendLeft[e * static_cast<std::size_t>(iv.count()) +
                                          static_cast<std::size_t>(iv.id(k, m))];
                if (r > eps) {
                    res.transfers.push_back({edges[e].from, edges[e].to, k, m, r});
                }
            }
        }
    }
    for (std::size_t x = 0; x < tasks.size(); ++x) {
        if (taskLeft[x] > eps) {
            res.tasks.push_back({tasks[x].proc, tasks[x].k, tasks[x].l, tasks[x].m, taskLeft[x]});
        }
    }
    fillOccupation(g, res);

    // Decomposition into weighted trees: derive, with the amounts left, how each (Pi, v[k,m])
    // can be obtained (own value, a task, or a reception from a processor that can obtain it),
    // shortest intervals first; the first derivation found is acyclic by construction. Take
    // the tree of one target, remove its weight (its smallest amount), repeat.
    struct How {
        int kind = -1; ///< 0 own value, 1 task, 2 reception
        std::size_t index = 0;
    };
    const std::size_t cells = static_cast<std::size_t>(n) * iv.count();
    std::vector<std::vector<std::size_t>> inEdges(static_cast<std::size_t>(n));
    for (std::size_t e = 0; e < edges.size(); ++e) {
        inEdges[static_cast<std::size_t>(edges[e].to)].push_back(e);
    }
    std::vector<std::vector<std::size_t>> tasksAt(cells);
    for (std::size_t x = 0; x < tasks.size(); ++x) {
        tasksAt[static_cast<std::size_t>(tasks[x].proc) * iv.count() +
                static_cast<std::size_t>(iv.id(tasks[x].k, tasks[x].m))]
            .push_back(x);
    }
    double covered = 0.0;
    for (int guard = 0; guard < 100000 && covered < res.throughput - eps; ++guard) {
        std::vector<How> how(cells);
        auto cell = [&](int p, int k, int m) {
            return static_cast<std::size_t>(p) * iv.count() + static_cast<std::size_t>(iv.id(k, m));
        };
        for (int len = 1; len <= n; ++len) {
            for (int k = 0; k + len - 1 < n; ++k) {
                const int m = k + len - 1;
                bool changed = true;
                while (changed) {
                    changed = false;
                    for (int p = 0; p < n; ++p) {
                        How& h = how[cell(p, k, m)];
                        if (h.kind >= 0) {
                            continue;
                        }
                        if (len == 1 && p == k) {
                            h = {0, 0};
                        }
                        for (std::size_t x : tasksAt[cell(p, k, m)]) {
                            if (h.kind < 0 && taskLeft[x] > eps &&
                                how[cell(p, k, tasks[x].l)].kind >= 0 &&
                                how[cell(p, tasks[x].l + 1, m)].kind >= 0) {
                                h = {1, x};
                            }
                        }
                        for (std::size_t e : inEdges[static_cast<std::size_t>(p)]) {
                            const std::size_t sv = e * static_cast<std::size_t>(iv.count()) +
                                                   static_cast<std::size_t>(iv.id(k, m));
                            if (h.kind < 0 && sendLeft[sv] > eps &&
                                how[cell(edges[e].from, k, m)].kind >= 0) {
                                h = {2, e};
                            }
                        }
                        changed = changed || h.kind >= 0;
                    }
                }
            }
        }
        int root = -1;
        for (int p = 0; p < n && root < 0; ++p) {
            if (deliverLeft[static_cast<std::size_t>(p)] > eps &&
                how[cell(p, 0, n - 1)].kind >= 0) {
                root = p;
            }
        }
        if (root < 0) {
            break;
        }
        WeightedPattern pat;
        pat.target = root;
        double weight = deliverLeft[static_cast<std::size_t>(root)];
        std::vector<std::size_t> usedSends;
        std::vector<std::size_t> usedTasks;
        std::function<void(int, int, int)> walk = [&](int p, int k, int m) {
            const How h = how[cell(p, k, m)];
            if (h.kind == 1) {
                const Task& t = tasks[h.index];
                usedTasks.push_back(h.index);
                weight = std::min(weight, taskLeft[h.index]);
                pat.tasks.push_back({p, k, t.l, m, 0.0});
                walk(p, k, t.l);
                walk(p, t.l + 1, m);
            } else if (h.kind == 2) {
                const std::size_t sv = h.index * static_cast<std::size_t>(iv.count()) +
                                       static_cast<std::size_t>(iv.id(k, m));
                usedSends.push_back(sv);
                weight = std::min(weight, sendLeft[sv]);
                walk(edges[h.index].from, k, m);
                pat.transfers.push_back({edges[h.index].from, p, k, m, 0.0});
            }
        };
        walk(root, 0, n - 1);
        for (std::size_t x : usedSends) {
            sendLeft[x] -= weight;
        }
        for (std::size_t x : usedTasks) {
            taskLeft[x] -= weight;
        }
        deliverLeft[static_cast<std::size_t>(root)] -= weight;
        pat.weight = weight;
        for (auto& f : pat.transfers) {
            f.rate = weight;
        }
        for (auto& f : pat.tasks) {
            f.rate = weight;
        }
        // Transfers in an order that respects dependencies (leaves first).
        std::reverse(pat.tasks.begin(), pat.tasks.end());
        covered += weight;
        res.patterns.push_back(std::move(pat));
    }
    res.schedule = buildPeriod(g, res.patterns, false, 0, res.throughput, {});
    return res;
}

// -------------------------------------------------------------------------------- scatter

SteadyStateResult solveSteadyScatter(const PlatformGraph& g, int source, std::vector<int> targets) {
    g.validate();
    if (source < 0 || source >= g.n) {
        throw InputError("the source must be a processor in [0, " + std::to_string(g.n - 1) +
                         "], not " + std::to_string(source));
    }
    if (targets.empty()) {
        for (int p = 0; p < g.n; ++p) {
            if (p != source) {
                targets.push_back(p);
            }
        }
    }
    std::set<int> seen;
    for (int t : targets) {
        if (t < 0 || t >= g.n || t == source || !seen.insert(t).second) {
            throw InputError("scatter target " + std::to_string(t) +
                             " is not a processor other than the source, or is repeated");
        }
    }
    const int n = g.n;
    const std::vector<Edge> edges = edgesOf(g);
    const std::size_t types = targets.size();
    LinearProgram lp(LinearProgram::Sense::Maximize);
    const int tp = lp.addVariable("TP", 0.0, LinearProgram::kInfinity, 1.0);
    std::vector<int> send(edges.size() * types);
    for (auto& v : send) {
        v = lp.addVariable("send");
    }
    std::vector<std::vector<std::pair<int, double>>> out(static_cast<std::size_t>(n));
    std::vector<std::vector<std::pair<int, double>>> in(static_cast<std::size_t>(n));
    std::vector<std::vector<std::pair<int, double>>> flow(static_cast<std::size_t>(n) * types);
    for (std::size_t e = 0; e < edges.size(); ++e) {
        const double c = g.messageSize * g.cost(edges[e].from, edges[e].to);
        for (std::size_t k = 0; k < types; ++k) {
            const int v = send[e * types + k];
            out[static_cast<std::size_t>(edges[e].from)].push_back({v, c});
            in[static_cast<std::size_t>(edges[e].to)].push_back({v, c});
            flow[static_cast<std::size_t>(edges[e].to) * types + k].push_back({v, 1.0});
            flow[static_cast<std::size_t>(edges[e].from) * types + k].push_back({v, -1.0});
        }
    }
    for (int p = 0; p < n; ++p) {
        if (!out[static_cast<std::size_t>(p)].empty()) {
            lp.addConstraint(out[static_cast<std::size_t>(p)], Rel::LessEqual, 1.0);
        }
        if (!in[static_cast<std::size_t>(p)].empty()) {
            lp.addConstraint(in[static_cast<std::size_t>(p)], Rel::LessEqual, 1.0);
        }
        // Messages m_k: received - sent = TP on P_k, -TP on the source, 0 elsewhere.
        for (std::size_t k = 0; k < types; ++k) {
            auto r = flow[static_cast<std::size_t>(p) * types + k];
            if (p == targets[k]) {
                r.push_back({tp, -1.0});
            } else if (p == source) {
                r.push_back({tp, 1.0});
            }
            lp.addConstraint(std::move(r), Rel::Equal, 0.0);
        }
    }
    const LpSolution sol = lp.solveOrThrow("SSSP(G)");
    SteadyStateResult res;
    res.scatter = true;
    res.target = source;
    res.scatterTargets = targets;
    res.throughput = sol.values[static_cast<std::size_t>(tp)];
    res.lpVariables = lp.variableCount();
    res.lpConstraints = lp.constraintCount();
    if (res.throughput <= 0.0) {
        throw InputError("SSSP(G): some target cannot be reached from the source (throughput 0)");
    }
    const double eps = 1e-9 * std::max(1.0, res.throughput);
    std::vector<double> left(send.size());
    for (std::size_t x = 0; x < send.size(); ++x) {
        left[x] = sol.values[static_cast<std::size_t>(send[x])];
        if (left[x] > eps) {
            const std::size_t e = x / types;
            const int k = targets[x % types];
            res.transfers.push_back({edges[e].from, edges[e].to, k, k, left[x]});
        }
    }
    fillOccupation(g, res);
    // Decomposition into weighted routes, one per target: breadth-first search of a path from
    // the source along edges with flow left; its weight is the smallest flow on it. A pattern
    // combines one route per target with a common weight (the smallest of the route weights).
    std::vector<double> need(types, res.throughput);
    for (int guard = 0; guard < 100000; ++guard) {
        WeightedPattern pat;
        pat.target = source;
        std::vector<std::vector<std::size_t>> paths(types);
        double weight = kInf;
        bool ok = true;
        for (std::size_t k = 0; k < types && ok; ++k) {
            if (need[k] <= eps) {
                ok = false;
                break;
            }
            std::vector<int> prevEdge(static_cast<std::size_t>(n), -1);
            std::vector<char> reached(static_cast<std::size_t>(n), 0);
            std::vector<int> queue{source};
            reached[static_cast<std::size_t>(source)] = 1;
            for (std::size_t qi = 0; qi < queue.size(); ++qi) {
                const int u = queue[qi];
                for (std::size_t e = 0; e < edges.size(); ++e) {
                    if (edges[e].from == u && !reached[static_cast<std::size_t>(edges[e].to)] &&
                        left[e * types + k] > eps) {
                        reached[static_cast<std::size_t>(edges[e].to)] = 1;
                        prevEdge[static_cast<std::size_t>(edges[e].to)] = static_cast<int>(e);
                        queue.push_back(edges[e].to);
                    }
                }
            }
            if (!reached[static_cast<std::size_t>(targets[k])]) {
                ok = false;
                break;
            }
            double wk = need[k];
            for (int v = targets[k]; v != source;) {
                const auto e = static_cast<std::size_t>(prevEdge[static_cast<std::size_t>(v)]);
                paths[k].insert(paths[k].begin(), e);
                wk = std::min(wk, left[e * types + k]);
                v = edges[e].from;
            }
            weight = std::min(weight, wk);
        }
        if (!ok) {
            break;
        }
        for (std::size_t k = 0; k < types; ++k) {
            for (std::size_t e : paths[k]) {
                left[e * types + k] -= weight;
                pat.transfers.push_back(
                    {edges[e].from, edges[e].to, targets[k], targets[k], weight});
            }
            need[k] -= weight;
        }
        pat.weight = weight;
        res.patterns.push_back(std::move(pat));
    }
    res.schedule = buildPeriod(g, res.patterns, true, source, res.throughput, targets);
    return res;
}

// ------------------------------------------------------------------------- comparison

std::vector<PipelineComparison> compareWithExplorer(const FixedCosts& costs) {
    const PlatformGraph g = PlatformGraph::fromFixedCosts(costs);
    std::map<int, double> tpByRoot;
    std::vector<PipelineComparison> rows;
    for (const AlgorithmInfo& info : algorithms()) {
        if (!info.validNonCommutative) {
            continue;
        }
        Simulator sim(info.id, costs.n, true, CostModel::fixedMatrix(costs));
        const Schedule s = sim.schedule(1, 0);
        PipelineComparison c;
        c.algorithm = std::string(info.name);
        c.makespan = s.makespan;
        c.root = s.root;
        c.singleThroughput = s.makespan > 0 ? 1.0 / s.makespan : kInf;
        if (!tpByRoot.count(s.root)) {
            tpByRoot[s.root] = solveSteadyReduce(g, s.root).throughput;
        }
        c.steadyThroughput = tpByRoot[s.root];
        rows.push_back(c);
    }
    return rows;
}

} // namespace rl
