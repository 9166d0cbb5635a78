#include "models/steady_detail.h"
#include "models/steady_state.h"

#include "base/input_error.h"
#include "base/lp_solver.h"

#include <algorithm>
#include <limits>
#include <set>

namespace rl {

namespace {
using Rel = LinearProgram::Relation;
using steady_detail::Edge;
constexpr double kInf = std::numeric_limits<double>::infinity();
} // namespace

// SSSP(G): one flow per target's messages on every link (seed 002's LP), then its
// decomposition into weighted routes.
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
    const std::vector<Edge> edges = steady_detail::edgesOf(g);
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
    steady_detail::fillOccupation(g, res);
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

} // namespace rl
