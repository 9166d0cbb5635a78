#include "base/input_error.h"
#include "base/lp_solver.h"
#include "models/reduction_tree_pricer.h"
#include "models/steady_detail.h"
#include "models/steady_flow_lp.h"
#include "models/steady_state.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <string>
#include <tuple>
#include <vector>

// SSRP(G) by column generation over reduction trees (docs/model.md §8): the flow LP's optimum
// decomposes into weighted trees and any weighted trees are a feasible flow, so
//   max sum(x_t)  s.t.  sum(use_t(r) x_t) <= 1 for every port and processor r,  x >= 0
// has the same optimum TP. Its rows are the 3n resources only; its columns (trees) are priced
// by ReductionTreePricer with the master's duals, and added while one is worth more than it
// costs. The flow LP's O(n^4) variables are never built, and the trees are the decomposition.

namespace rl {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// The column generation stops when the best upper bound on TP (prices divided by the cost of
/// the cheapest tree under them: a feasible dual of the whole program) is within this relative
/// distance of the master's TP, or when no tree costs less than 1 - this under the master's
/// duals (which makes them such a bound): TP is then optimal to this relative tolerance.
constexpr double kPricingTolerance = 1e-10;
/// A guard against cycling between degenerate masters: convergence takes at most a few
/// hundred rounds at n = 24, about 850 at n = 48 on dense heterogeneous graphs.
constexpr int kMaxPricingRounds = 20000;
/// The weight of the best prices so far in the prices of a round (Wentges' smoothing): 0.9
/// took the fewest rounds of 0, 0.5, 0.8 and 0.9 on dense random graphs of 16 to 32 processors.
constexpr double kSmoothing = 0.9;

enum class ResourceKind { Out, In, Compute };

struct Resource {
    ResourceKind kind;
    int proc;
};

/// The master's rows: the ports a link uses and the processors that take time to compute.
std::vector<Resource> resourcesOf(const PlatformGraph& g) {
    std::vector<Resource> r;
    for (int p = 0; p < g.n; ++p) {
        bool out = false;
        bool in = false;
        for (int q = 0; q < g.n; ++q) {
            out = out || g.hasLink(p, q);
            in = in || g.hasLink(q, p);
        }
        if (out) {
            r.push_back({ResourceKind::Out, p});
        }
        if (in) {
            r.push_back({ResourceKind::In, p});
        }
        if (g.w[static_cast<std::size_t>(p)] > 0.0) {
            r.push_back({ResourceKind::Compute, p});
        }
    }
    return r;
}

double usage(const PricedTree& t, const Resource& r) {
    const auto p = static_cast<std::size_t>(r.proc);
    switch (r.kind) {
    case ResourceKind::Out:
        return t.outUse[p];
    case ResourceKind::In:
        return t.inUse[p];
    case ResourceKind::Compute:
        return t.computeUse[p];
    }
    return 0.0;
}

/// The flow LP's coefficients (1, size x c(i,j), w(Pi)) under the one rule of the LP wrapper,
/// so that a graph is refused as it was when the flow LP itself was solved.
void checkCoefficients(const PlatformGraph& g) {
    CoefficientRange range;
    range.note(1.0);
    for (int i = 0; i < g.n; ++i) {
        for (int j = 0; j < g.n; ++j) {
            if (g.hasLink(i, j)) {
                range.note(g.messageSize * g.cost(i, j));
            }
        }
        range.note(g.w[static_cast<std::size_t>(i)]);
    }
    if (std::string why = range.problem(); !why.empty()) {
        throw InputError("SSRP(G): " + why);
    }
}

/// Identifies a tree, so that a tree the master already holds is never added again.
std::vector<int> keyOf(const PricedTree& t) {
    std::vector<int> key{t.tree.target};
    for (const FlowTransfer& f : t.tree.transfers) {
        key.insert(key.end(), {f.from, f.to, f.k, f.m});
    }
    key.push_back(-1);
    for (const FlowTask& f : t.tree.tasks) {
        key.insert(key.end(), {f.proc, f.k, f.l, f.m});
    }
    return key;
}

/// The rows' prices as the pricer takes them (0 for the resources without a row).
ResourcePrices pricesOf(const std::vector<double>& y, const std::vector<Resource>& rows, int n) {
    ResourcePrices p{std::vector<double>(static_cast<std::size_t>(n), 0.0),
                     std::vector<double>(static_cast<std::size_t>(n), 0.0),
                     std::vector<double>(static_cast<std::size_t>(n), 0.0)};
    for (std::size_t r = 0; r < rows.size(); ++r) {
        auto& price = rows[r].kind == ResourceKind::Out  ? p.out
                      : rows[r].kind == ResourceKind::In ? p.in
                                                         : p.compute;
        price[static_cast<std::size_t>(rows[r].proc)] = y[r];
    }
    return p;
}

/// The target, or with any target (-1) the processor where the cheapest tree ends; -1 when
/// no tree ends there.
int cheapestRoot(const ReductionTreePricer& pricer, int target, int n) {
    int best = -1;
    for (int root = 0; root < n; ++root) {
        if ((target < 0 || root == target) && pricer.cost(root) < kInf &&
            (best < 0 || pricer.cost(root) < pricer.cost(best))) {
            best = root;
        }
    }
    return best;
}

/// A tree as the master's column: its use of every resource row.
std::vector<std::pair<int, double>> columnOf(const PricedTree& t,
                                             const std::vector<Resource>& rows) {
    std::vector<std::pair<int, double>> terms;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (const double u = usage(t, rows[r]); u > 0.0) {
            terms.push_back({static_cast<int>(r), u});
        }
    }
    return terms;
}

/// The result's flows (the nonzero s and cons of the flow LP) from the weighted trees.
void fillFlows(const std::vector<WeightedPattern>& patterns, double eps, SteadyStateResult& r) {
    std::map<std::tuple<int, int, int, int>, double> sends;    // from, to, k, m
    std::map<std::tuple<int, int, int, int>, double> computes; // proc, k, m, l
    for (const WeightedPattern& p : patterns) {
        for (const FlowTransfer& f : p.transfers) {
            sends[{f.from, f.to, f.k, f.m}] += p.weight;
        }
        for (const FlowTask& f : p.tasks) {
            computes[{f.proc, f.k, f.m, f.l}] += p.weight;
        }
    }
    for (const auto& [key, rate] : sends) {
        if (rate > eps) {
            const auto [from, to, k, m] = key;
            r.transfers.push_back({from, to, k, m, rate});
        }
    }
    for (const auto& [key, rate] : computes) {
        if (rate > eps) {
            const auto [proc, k, m, l] = key;
            r.tasks.push_back({proc, k, l, m, rate});
        }
    }
}

} // namespace

SteadyStateResult solveSteadyReduce(const PlatformGraph& g, int target,
                                    const SteadyProgress& progress) {
    g.validate();
    steady_detail::checkReduceTarget(g, target);
    checkCoefficients(g);
    const int n = g.n;
    const std::vector<Resource> rows = resourcesOf(g);
    ReductionTreePricer pricer(g);
    std::vector<PricedTree> trees;
    std::set<std::vector<int>> held;
    GrowingLinearProgram lp(
        LinearProgram::Sense::Maximize,
        std::vector(rows.size(), std::pair{LinearProgram::Relation::LessEqual, 1.0}));
    const auto add = [&](PricedTree t) {
        if (!held.insert(keyOf(t)).second) {
            return false;
        }
        lp.addColumn(0.0, LinearProgram::kInfinity, 1.0, columnOf(t, rows));
        trees.push_back(std::move(t));
        return true;
    };
    // The first prices are the busy times themselves: the first tree is the one that keeps
    // the platform busy the least.
    std::vector<double> duals(rows.size(), 1.0);
    pricer.price(pricesOf(duals, rows, n));
    if (cheapestRoot(pricer, target, n) < 0) {
        throw InputError("SSRP(G): some processor cannot reach the target (throughput 0)");
    }
    add(pricer.tree(cheapestRoot(pricer, target, n)));
    // Then each round prices at a mix of the master's duals and the prices that gave the best
    // upper bound so far (Wentges' smoothing: the master's duals alone jump from vertex to
    // vertex of a degenerate master, and a round would add little); after a tree priced so is
    // not worth adding to the master, one round at the master's duals alone.
    std::vector<double> centre;
    double bestBound = kInf;
    bool misPriced = false;
    LpSolution master;
    // A badly scaled master is solved exactly once the generation would stop (its stopping
    // test trusts the master's objective), and from then on (GrowingLinearProgram::solve).
    bool exact = false;
    int round = 0;
    for (;; ++round) {
        if (round == kMaxPricingRounds) {
            throw InputError("SSRP(G): no optimum after " + std::to_string(kMaxPricingRounds) +
                             " rounds of tree pricing (the platform is badly scaled)");
        }
        if (!misPriced) {
            master = lp.solve(exact);
            if (master.status != LpStatus::Optimal) {
                throw InputError("SSRP(G): " + master.message);
            }
            for (std::size_t r = 0; r < rows.size(); ++r) {
                duals[r] = std::max(0.0, master.duals[r]); // GLPK may leave -0 or -1e-17
            }
        }
        const double alpha = centre.empty() || misPriced ? 0.0 : kSmoothing;
        std::vector<double> mixed(rows.size());
        for (std::size_t r = 0; r < rows.size(); ++r) {
            mixed[r] = alpha * (centre.empty() ? 0.0 : centre[r]) + (1.0 - alpha) * duals[r];
        }
        pricer.price(pricesOf(mixed, rows, n));
        const int root = cheapestRoot(pricer, target, n);
        // Every tree costs at least cost(root) under these prices, so mixed / cost(root) is a
        // feasible dual of the whole program: an upper bound on TP.
        const double cheapest = pricer.cost(root);
        const double bound =
            cheapest > 0.0 ? std::accumulate(mixed.begin(), mixed.end(), 0.0) / cheapest : kInf;
        if (bound < bestBound) {
            bestBound = bound;
            centre = mixed;
        }
        const auto stop = [&] {
            if (exact || !lp.refinesExactly()) {
                return true;
            }
            exact = true; // re-solve exactly and check again
            misPriced = false;
            return false;
        };
        if (progress) {
            const double reached = bestBound < kInf ? master.objective / bestBound : 0.0;
            const auto done = static_cast<std::uint64_t>(std::llround(
                std::clamp(reached, 0.0, 1.0) * static_cast<double>(kSteadyProgressUnits)));
            if (!progress(done, kSteadyProgressUnits)) {
                SteadyStateResult cancelled;
                cancelled.cancelled = true;
                return cancelled;
            }
        }
        if (bestBound <= master.objective * (1.0 + kPricingTolerance)) {
            if (stop()) {
                break;
            }
            continue;
        }
        PricedTree t = pricer.tree(root);
        const bool improving = t.cost(pricesOf(duals, rows, n)) < 1.0 - kPricingTolerance;
        if (improving && add(std::move(t))) {
            misPriced = false;
        } else if (alpha > 0.0) {
            misPriced = true;
        } else if (stop()) {
            break; // no tree is worth more than it costs at the master's duals
        }
    }

    SteadyStateResult res;
    res.scatter = false;
    res.target = target;
    res.throughput = master.objective;
    const SteadyLpSize size = steadyReduceLpSize(g, target);
    res.lpVariables = size.variables;
    res.lpConstraints = size.constraints;
    res.treesPriced = static_cast<int>(trees.size());
    res.pricingRounds = round;
    const double eps = 1e-9 * std::max(1.0, res.throughput);
    for (std::size_t t = 0; t < trees.size(); ++t) {
        const double weight = master.values[t];
        if (weight > eps) {
            WeightedPattern p = trees[t].tree;
            p.weight = weight;
            for (FlowTransfer& f : p.transfers) {
                f.rate = weight;
            }
            for (FlowTask& f : p.tasks) {
                f.rate = weight;
            }
            res.patterns.push_back(std::move(p));
        }
    }
    fillFlows(res.patterns, eps, res);
    steady_detail::fillOccupation(g, res);
    res.schedule = buildPeriod(g, res.patterns, false, 0, res.throughput, {});
    return res;
}

} // namespace rl
