// Steady-state series of reductions and scatters (seed 002, Legrand-Marchal-Robert): the LP
// wrapper around GLPK (duals, the growing program of the column generation), SSSP on the seed's
// toy scatter (TP = 1/2), SSRP against a two-processor instance solved by hand, SSRP's tree
// column generation against the flow LP solved as such on random graphs (fixed seed), TP on
// complete graphs up to the size limit against its closed form, the decomposition into
// weighted reduction trees, the one-period schedule checked by the validator (one-port,
// conservation), TP >= 1 / makespan of every explorer algorithm on random fixed platforms
// (fixed seed), and bad graphs refused by name.
#include "base/input_error.h"
#include "base/lp_solver.h"
#include "models/steady_flow_lp.h"
#include "models/steady_state.h"
#include "platform/fixed_costs.h"

#include "../../test_support.h"

#include <iomanip>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <set>

using namespace rl;
using rl::test::contains;
using rl::test::formatted;

namespace {

std::string joined(const std::vector<std::string>& errors) {
    return rl::test::join(errors, "; ");
}

std::string inputError(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

bool close(double a, double b, double rel = 1e-7) {
    return std::abs(a - b) <= rel * std::max({1.0, std::abs(a), std::abs(b)});
}

// A random graph (fixed generator): link costs U(0.2, 3), each link absent with probability
// `missing` except those of the ring 0 -> 1 -> ... -> 0 (so every target can be reached),
// computation times U(0, 2) or 0 on every other processor when `idle`.
PlatformGraph randomGraph(std::mt19937_64& gen, int n, double missing, bool idle) {
    std::uniform_real_distribution<double> u(0.0, 1.0);
    PlatformGraph g;
    g.n = n;
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const bool ring = j == (i + 1) % n;
            const double c = 0.2 + 2.8 * u(gen);
            g.link.push_back(i == j || (!ring && u(gen) < missing) ? INFINITY : c);
        }
    }
    for (int i = 0; i < n; ++i) {
        const double w = 2.0 * u(gen);
        g.w.push_back(idle && i % 2 == 1 ? 0.0 : w);
    }
    return g;
}

PlatformGraph twoProcessors(double a, double b) {
    PlatformGraph g;
    g.n = 2;
    g.link = {INFINITY, a, a, INFINITY};
    g.w = {b, b};
    return g;
}

// A pattern of a reduce is one reduction tree: n - 1 tasks, every value sent was obtained by
// its sender (own value, task, or earlier reception), and the target ends with [0, n-1].
void checkTree(const WeightedPattern& p, int n) {
    ASSERT_EQ(static_cast<int>(p.tasks.size()), n - 1);
    std::set<std::tuple<int, int, int>> have; // (proc, k, m)
    for (int i = 0; i < n; ++i) {
        have.insert({i, i, i});
    }
    // Resolve in any order: repeat until nothing new (a tree is finite and acyclic).
    std::vector<bool> doneT(p.transfers.size()), doneK(p.tasks.size());
    for (bool progress = true; progress;) {
        progress = false;
        for (std::size_t i = 0; i < p.transfers.size(); ++i) {
            const FlowTransfer& t = p.transfers[i];
            if (!doneT[i] && have.count({t.from, t.k, t.m})) {
                have.insert({t.to, t.k, t.m});
                doneT[i] = progress = true;
            }
        }
        for (std::size_t i = 0; i < p.tasks.size(); ++i) {
            const FlowTask& t = p.tasks[i];
            if (!doneK[i] && have.count({t.proc, t.k, t.l}) && have.count({t.proc, t.l + 1, t.m})) {
                have.insert({t.proc, t.k, t.m});
                doneK[i] = progress = true;
            }
        }
    }
    ASSERT_TRUE(std::all_of(doneT.begin(), doneT.end(), [](bool b) { return b; }));
    ASSERT_TRUE(std::all_of(doneK.begin(), doneK.end(), [](bool b) { return b; }));
    ASSERT_TRUE(have.count({p.target, 0, n - 1}));
}

void checkOccupations(const SteadyStateResult& r, const PlatformGraph& g) {
    for (int i = 0; i < g.n; ++i) {
        double out = 0.0;
        double in = 0.0;
        for (int j = 0; j < g.n; ++j) {
            out += r.linkOccupation[static_cast<std::size_t>(i) * g.n + j];
            in += r.linkOccupation[static_cast<std::size_t>(j) * g.n + i];
        }
        ASSERT_TRUE(out <= 1.0 + 1e-7);
        ASSERT_TRUE(in <= 1.0 + 1e-7);
        ASSERT_TRUE(r.computeOccupation[static_cast<std::size_t>(i)] <= 1.0 + 1e-7);
    }
    double weights = 0.0;
    for (const WeightedPattern& p : r.patterns) {
        ASSERT_TRUE(p.weight > 0.0);
        weights += p.weight;
    }
    ASSERT_TRUE(close(weights, r.throughput, 1e-6))
        << "trees " << weights << ", TP " << r.throughput;
    const auto errors = validatePeriodic(r.schedule, g);
    ASSERT_TRUE(errors.empty()) << joined(errors);
    // The period keeps the throughput: exactly, or within the fixed-period bound (5% here).
    if (r.schedule.exact) {
        ASSERT_TRUE(close(r.schedule.throughput(), r.throughput, 1e-6));
    } else {
        ASSERT_TRUE(r.schedule.throughput() >= 0.95 * r.throughput - 1e-9);
        ASSERT_TRUE(r.schedule.throughput() <= r.throughput * (1 + 1e-9));
    }
}

} // namespace

TEST(SteadyState, LpSolver) {
    // max x + y, x + 2y <= 4, 3x + y <= 6: optimum (1.6, 1.2), 2.8.
    LinearProgram lp(LinearProgram::Sense::Maximize);
    const int x = lp.addVariable("x", 0, LinearProgram::kInfinity, 1);
    const int y = lp.addVariable("y", 0, LinearProgram::kInfinity, 1);
    lp.addConstraint({{x, 1}, {y, 2}}, LinearProgram::Relation::LessEqual, 4);
    lp.addConstraint({{x, 3}, {y, 1}}, LinearProgram::Relation::LessEqual, 6);
    const LpSolution s = lp.solve();
    ASSERT_EQ(s.status, LpStatus::Optimal);
    ASSERT_TRUE(close(s.objective, 2.8, 1e-9));
    ASSERT_TRUE(close(s.values[0], 1.6, 1e-9));
    // The shadow prices: y = (0.4, 0.2) solves y A = c.
    ASSERT_EQ(s.duals.size(), std::size_t{2});
    ASSERT_TRUE(close(s.duals[0], 0.4, 1e-9));
    ASSERT_TRUE(close(s.duals[1], 0.2, 1e-9));
    LinearProgram inf = lp;
    inf.addConstraint({{x, 1}}, LinearProgram::Relation::GreaterEqual, 10);
    ASSERT_EQ(inf.solve().status, LpStatus::Infeasible);
    ASSERT_TRUE(contains(inputError([&] { inf.solveOrThrow("demo"); }),
                         "demo: the linear program is infeasible"));
    LinearProgram unb(LinearProgram::Sense::Maximize);
    const int z = unb.addVariable("z", 0, LinearProgram::kInfinity, 1);
    unb.addConstraint({{z, -1}}, LinearProgram::Relation::LessEqual, 1);
    ASSERT_EQ(unb.solve().status, LpStatus::Unbounded);
}

// Columns added one by one, solved after each: the same optima as the whole program built
// at once, and the coefficient range rule of LinearProgram.
TEST(SteadyState, GrowingProgram) {
    using Rel = LinearProgram::Relation;
    GrowingLinearProgram g(LinearProgram::Sense::Maximize,
                           {{Rel::LessEqual, 4.0}, {Rel::LessEqual, 6.0}});
    ASSERT_EQ(g.solve().status, LpStatus::Failed); // no column yet
    g.addColumn(0, LinearProgram::kInfinity, 1, {{0, 1}, {1, 3}});
    LpSolution s = g.solve();
    ASSERT_EQ(s.status, LpStatus::Optimal);
    ASSERT_TRUE(close(s.objective, 2.0, 1e-12)); // x = 2: 3x <= 6
    g.addColumn(0, LinearProgram::kInfinity, 1, {{0, 2}, {1, 1}});
    s = g.solve();
    ASSERT_EQ(s.status, LpStatus::Optimal);
    ASSERT_TRUE(close(s.objective, 2.8, 1e-12));
    ASSERT_TRUE(close(s.values[0], 1.6, 1e-12));
    ASSERT_TRUE(close(s.values[1], 1.2, 1e-12));
    ASSERT_TRUE(close(s.duals[0], 0.4, 1e-12));
    // A plain LinearProgram solved meanwhile leaves the growing one intact.
    LinearProgram other(LinearProgram::Sense::Maximize);
    other.addConstraint({{other.addVariable("z", 0, 1, 1), 1}}, Rel::LessEqual, 1);
    ASSERT_EQ(other.solve().status, LpStatus::Optimal);
    g.addColumn(0, LinearProgram::kInfinity, 1, {{0, 1e13}});
    s = g.solve();
    ASSERT_EQ(s.status, LpStatus::Failed);
    ASSERT_TRUE(contains(s.message, "more than 1e+12 apart")) << s.message.c_str();
}

// Seed 002's toy scatter: Ps has two unit-cost links, so TP = 1/2 (the slide's matchings of
// weight 1/2); the period is exact and valid.
TEST(SteadyState, ScatterToy) {
    const PlatformGraph g = PlatformGraph::preset("scatter-toy");
    const SteadyStateResult r = solveSteadyScatter(g, 0, {3, 4});
    ASSERT_TRUE(close(r.throughput, 0.5, 1e-9)) << r.throughput;
    ASSERT_TRUE(r.schedule.exact);
    ASSERT_TRUE(r.schedule.scatter);
    checkOccupations(r, g);
    // The source's port is saturated.
    ASSERT_TRUE(close(r.linkOccupation[1] + r.linkOccupation[2], 1.0, 1e-9));
}

// Two processors, links a, tasks b, target P0: TP = min(1/a, 2/b) (P1 sends v1 to P0 which
// merges, or P0 sends v0 to P1 which merges and sends back: both merge ports count).
TEST(SteadyState, ReduceTwoProcessorsByHand) {
    for (auto [a, b] : {std::pair{1.0, 4.0}, {1.0, 1.0}, {3.0, 1.0}, {0.5, 0.5}, {2.0, 0.0}}) {
        const PlatformGraph g = twoProcessors(a, b);
        const SteadyStateResult r = solveSteadyReduce(g, 0);
        const double expected = std::min(1.0 / a, b > 0 ? 2.0 / b : INFINITY);
        ASSERT_TRUE(close(r.throughput, expected, 1e-9))
            << "a " << a << " b " << b << ": TP " << r.throughput << ", expected " << expected;
        for (const WeightedPattern& p : r.patterns) {
            checkTree(p, 2);
            ASSERT_EQ(p.target, 0);
        }
        checkOccupations(r, g);
    }
}

TEST(SteadyState, ReducePresets) {
    for (const char* name : {"reduce-toy", "ring:5", "complete:4"}) {
        const PlatformGraph g = PlatformGraph::preset(name);
        for (int target : {0, -1}) {
            const SteadyStateResult r = solveSteadyReduce(g, target);
            ASSERT_TRUE(r.throughput > 0.0);
            ASSERT_TRUE(!r.patterns.empty());
            for (const WeightedPattern& p : r.patterns) {
                checkTree(p, g.n);
                if (target >= 0) {
                    ASSERT_EQ(p.target, target);
                }
            }
            checkOccupations(r, g);
        }
    }
    // Target "any" is never worse than a fixed target.
    const PlatformGraph g = PlatformGraph::preset("reduce-toy");
    ASSERT_TRUE(solveSteadyReduce(g, -1).throughput >=
                solveSteadyReduce(g, 0).throughput * (1 - 1e-9));
}

// The tree column generation reaches the flow LP's optimum: random graphs (seed 11), n = 3
// to 7, dense or sparse, with idle processors or not, a fixed target and any target; the
// trees are valid and weigh TP, the period is valid, and the LP size is the flow LP's.
TEST(SteadyState, TreesEqualFlowLp) {
    std::mt19937_64 gen(11);
    for (int trial = 0; trial < 40; ++trial) {
        const int n = 3 + trial % 5;
        const PlatformGraph g = randomGraph(gen, n, trial % 2 ? 0.6 : 0.0, trial % 3 == 0);
        for (int target : {trial % n, -1}) {
            const SteadyStateResult r = solveSteadyReduce(g, target);
            const SteadyFlowLpResult flow = solveSteadyReduceFlowLp(g, target);
            ASSERT_TRUE(close(r.throughput, flow.throughput, 1e-9))
                << "trial " << trial << ", n " << n << ", target " << target << ": trees "
                << std::setprecision(17) << r.throughput << ", flow LP " << flow.throughput;
            ASSERT_EQ(r.lpVariables, flow.size.variables);
            ASSERT_EQ(r.lpConstraints, flow.size.constraints);
            for (const WeightedPattern& p : r.patterns) {
                checkTree(p, n);
                if (target >= 0) {
                    ASSERT_EQ(p.target, target);
                }
            }
            checkOccupations(r, g);
        }
    }
}

// Graphs whose costs span 6 to 10 orders of magnitude (found by fuzz_graph_csv): GLPK's
// floating-point simplex gave the flow LP 4e-6 above or below its optimum, and the trees'
// master 9e-6 above it (TP 0.3341363 where the flow LP's exact optimum is 0.334126984...,
// 421/1260 to 16 digits); both optima are now re-solved exactly, so they agree.
TEST(SteadyState, TreesEqualFlowLpOnBadlyScaledGraphs) {
    const char* graphs[] = {
        "0,2,1\n1,0,4\n2,10000000000,3e0\n\n1000000000,00400000,0\n",
        "0,1,1\n1,0,4\n2,100000,3e0\n\n1000000,00000,0000040000",
        "0,32,5,2\n3,100000,0001,1\n2,100001,000,51\n7,2,41,51\n700,5,2,1\n",
    };
    for (const char* text : graphs) {
        const PlatformGraph g = PlatformGraph::parseCsv(text, "g.csv");
        const double trees = solveSteadyReduce(g, 0).throughput;
        const double flow = solveSteadyReduceFlowLp(g, 0).throughput;
        ASSERT_TRUE(close(trees, flow, 1e-12))
            << rl::test::simplified(text) << ": trees " << std::setprecision(17) << trees
            << ", flow LP " << flow;
    }
    const PlatformGraph third = PlatformGraph::parseCsv(graphs[2], "g.csv");
    ASSERT_TRUE(close(solveSteadyReduceFlowLp(third, 0).throughput, 421.0 / 1260.0, 1e-12));
}

// Complete graphs with unit costs up to the size limit: every processor but the target
// must send a message per result (TP <= 1), and with any target a result takes n - 1
// messages from n sending ports (TP <= n / (n - 1)); both bounds are reached.
TEST(SteadyState, CompleteGraphsInClosedForm) {
    for (int n : {5, 16, 24, kMaxSteadyProcessors}) {
        const PlatformGraph g = PlatformGraph::preset("complete:" + std::to_string(n));
        const SteadyStateResult fixed = solveSteadyReduce(g, 0);
        ASSERT_TRUE(close(fixed.throughput, 1.0, 1e-9)) << n;
        const SteadyStateResult any = solveSteadyReduce(g, -1);
        ASSERT_TRUE(close(any.throughput, n / (n - 1.0), 1e-9)) << n;
        for (const SteadyStateResult* r : {&fixed, &any}) {
            for (const WeightedPattern& p : r->patterns) {
                checkTree(p, n);
            }
            checkOccupations(*r, g);
        }
    }
}

// A dense heterogeneous graph of 24 processors: the trees, their weights and the period
// are checked (its TP is not known in closed form; the flow LP would take minutes).
TEST(SteadyState, LargeRandomGraphFeasible) {
    std::mt19937_64 gen(3);
    const PlatformGraph g = randomGraph(gen, 24, 0.0, false);
    const SteadyStateResult r = solveSteadyReduce(g, 0);
    ASSERT_TRUE(r.throughput > 0.0);
    for (const WeightedPattern& p : r.patterns) {
        checkTree(p, 24);
    }
    checkOccupations(r, g);
}

// The column generation reports how close it is and can be cancelled: on the explorer's
// worst case with the last processor as target (the slow family of issue 29: thousands of
// rounds at n = 31), the fraction of the best bound reached never goes back, ends at 1 with
// the optimum, and a callback that says stop gets a cancelled result at once. The
// comparison counts one solve per root and stops when cancelled.
TEST(SteadyState, ProgressAndCancel) {
    const PlatformGraph g = PlatformGraph::fromFixedCosts(FixedCosts::worstCase(12, 1, 3, 0.5));
    std::vector<std::uint64_t> seen;
    const SteadyStateResult r =
        solveSteadyReduce(g, 11, [&](std::uint64_t done, std::uint64_t total) {
            if (total != kSteadyProgressUnits) {
                return false;
            }
            seen.push_back(done);
            return true;
        });
    ASSERT_TRUE(!r.cancelled);
    ASSERT_EQ(seen.size(), static_cast<std::size_t>(r.pricingRounds) + 1);
    ASSERT_TRUE(std::is_sorted(seen.begin(), seen.end()));
    ASSERT_EQ(seen.back(), kSteadyProgressUnits);
    ASSERT_FUZZY_EQ(r.throughput, solveSteadyReduce(g, 11).throughput); // reporting changes nothing

    int calls = 0;
    const SteadyStateResult stopped =
        solveSteadyReduce(g, 11, [&](std::uint64_t, std::uint64_t) { return ++calls < 3; });
    ASSERT_TRUE(stopped.cancelled);
    ASSERT_EQ(calls, 3);
    ASSERT_TRUE(stopped.patterns.empty());

    const FixedCosts f = FixedCosts::worstCase(12, 1, 3, 0.5);
    std::uint64_t lastTotal = 0;
    const auto rows = compareWithExplorer(f, [&](std::uint64_t, std::uint64_t total) {
        lastTotal = total;
        return true;
    });
    std::set<int> roots;
    for (const PipelineComparison& c : rows) {
        roots.insert(c.root);
    }
    ASSERT_EQ(lastTotal, kSteadyProgressUnits * roots.size());
    ASSERT_TRUE(compareWithExplorer(f, [](std::uint64_t, std::uint64_t) { return false; }).empty());
    // A root whose TP is known is not solved again, and the rows are the same.
    const int known = rows.back().root;
    lastTotal = 0;
    const auto again = compareWithExplorer(f,
                                           [&](std::uint64_t, std::uint64_t total) {
                                               lastTotal = total;
                                               return true;
                                           },
                                           {{known, rows.back().steadyThroughput}});
    ASSERT_EQ(lastTotal, kSteadyProgressUnits * (roots.size() - 1));
    for (std::size_t k = 0; k < rows.size(); ++k) {
        ASSERT_FUZZY_EQ(again[k].steadyThroughput, rows[k].steadyThroughput);
    }
}

// Pipelining never loses: on random fixed platforms (seed 7, 12 instances, n = 3..6) the
// steady-state TP with the algorithm's root as target is at least 1 / makespan of each
// explorer algorithm, since repeating one reduction back to back is a periodic schedule.
TEST(SteadyState, SteadyThroughputAtLeastBestSingle) {
    std::mt19937_64 gen(7);
    auto u = [&](double lo, double hi) {
        return lo + (hi - lo) * static_cast<double>(gen() >> 11) * 0x1.0p-53;
    };
    for (int trial = 0; trial < 12; ++trial) {
        FixedCosts f;
        f.n = 3 + trial % 4;
        for (int i = 0; i < f.n * f.n; ++i) {
            f.d.push_back(u(0.2, 3.0));
        }
        for (int i = 0; i < f.n; ++i) {
            f.c.push_back(trial % 3 == 0 ? 0.0 : u(0.0, 2.0));
        }
        const auto rows = compareWithExplorer(f);
        ASSERT_EQ(rows.size(), std::size_t{3});
        double bestSingle = 0.0;
        double bestTp = 0.0;
        for (const PipelineComparison& c : rows) {
            ASSERT_TRUE(c.steadyThroughput >= c.singleThroughput * (1 - 1e-7))
                << c.algorithm << ": TP " << c.steadyThroughput << " < 1/makespan "
                << c.singleThroughput;
            bestSingle = std::max(bestSingle, c.singleThroughput);
            bestTp = std::max(bestTp, c.steadyThroughput);
        }
        ASSERT_TRUE(bestTp >= bestSingle * (1 - 1e-7));
    }
}

TEST(SteadyState, ValidatorCatchesErrors) {
    const PlatformGraph g = PlatformGraph::preset("reduce-toy");
    const SteadyStateResult r = solveSteadyReduce(g, 0);
    ASSERT_TRUE(validatePeriodic(r.schedule, g).empty());
    PeriodicSchedule lost = r.schedule;
    lost.ops.erase(lost.ops.begin()); // a message vanishes: conservation breaks
    ASSERT_TRUE(!validatePeriodic(lost, g).empty());
    PeriodicSchedule late = r.schedule;
    late.ops.front().start += late.period;
    late.ops.front().end += late.period;
    ASSERT_TRUE(contains(joined(validatePeriodic(late, g)), "outside the period"));
    PeriodicSchedule clash = r.schedule;
    // Two tasks on one processor at the same time.
    for (std::size_t i = 0; i < clash.ops.size(); ++i) {
        for (std::size_t j = i + 1; j < clash.ops.size(); ++j) {
            if (clash.ops[i].isTask && clash.ops[j].isTask &&
                clash.ops[i].from == clash.ops[j].from) {
                clash.ops[j].start = clash.ops[i].start;
                clash.ops[j].end = clash.ops[i].end;
                ASSERT_TRUE(contains(joined(validatePeriodic(clash, g)), "overlap"));
                return;
            }
        }
    }
    FAIL() << "no processor computes two tasks in the period";
}

// The period as a Gantt chart's bars: every message an arrow and every task a block, in
// the order of the operations (the tooltips find an operation by that index), each row
// taking part over the whole period.
TEST(SteadyState, PeriodAsGanttBars) {
    const PlatformGraph g = PlatformGraph::preset("reduce-toy");
    const SteadyStateResult r = solveSteadyReduce(g, 0);
    const int n = g.n;
    const GanttBars bars = periodicGantt(r.schedule, n);
    ASSERT_EQ(bars.rows, n);
    ASSERT_FUZZY_EQ(bars.end, r.schedule.period);
    ASSERT_EQ(bars.activeUntil,
              std::vector<double>(static_cast<std::size_t>(n), r.schedule.period));
    std::size_t arrow = 0;
    std::size_t block = 0;
    for (const PeriodicOp& op : r.schedule.ops) {
        if (op.isTask) {
            ASSERT_TRUE(block < bars.blocks.size());
            ASSERT_EQ(bars.blocks[block].row, op.from);
            ASSERT_FUZZY_EQ(bars.blocks[block].start, op.start);
            ASSERT_FUZZY_EQ(bars.blocks[block].end, op.end);
            ++block;
        } else {
            ASSERT_TRUE(arrow < bars.arrows.size());
            ASSERT_EQ(bars.arrows[arrow].from, op.from);
            ASSERT_EQ(bars.arrows[arrow].to, op.to);
            ASSERT_FUZZY_EQ(bars.arrows[arrow].start, op.start);
            ASSERT_FUZZY_EQ(bars.arrows[arrow].end, op.end);
            ++arrow;
        }
    }
    ASSERT_EQ(arrow, bars.arrows.size());
    ASSERT_EQ(block, bars.blocks.size());
    ASSERT_TRUE(arrow > 0 && block > 0);
}

TEST(SteadyState, BadInputRefused) {
    ASSERT_TRUE(
        contains(inputError([] { PlatformGraph::parseCsv("-,1\n1,-\n", "g.csv"); }), "g.csv"));
    ASSERT_TRUE(contains(inputError([] { PlatformGraph::parseCsv("-,1\n1\n1,1\n", "g.csv"); }),
                         "row 2 has 1 fields"));
    ASSERT_TRUE(contains(inputError([] { PlatformGraph::parseCsv("-,-1\n1,-\n1,1\n", "g.csv"); }),
                         "c(0,1)"));
    ASSERT_TRUE(contains(inputError([] { PlatformGraph::parseCsv("-,1\n1,-\n1,-2\n", "g.csv"); }),
                         "w(P1)"));
    ASSERT_TRUE(contains(inputError([] { PlatformGraph::parseCsv("-,x\n1,-\n1,1\n", "g.csv"); }),
                         "g.csv:1: field 2"));
    ASSERT_TRUE(contains(inputError([] { PlatformGraph::preset("ring:1"); }), "ring:1"));
    ASSERT_TRUE(contains(inputError([] { PlatformGraph::preset("nope"); }), "known"));
    const std::string tooLarge = "complete:" + std::to_string(kMaxSteadyProcessors + 1);
    ASSERT_TRUE(contains(inputError([&] { PlatformGraph::preset(tooLarge); }),
                         formatted("out of range [2, %1]", kMaxSteadyProcessors)));
    const PlatformGraph g = PlatformGraph::preset("reduce-toy");
    ASSERT_TRUE(contains(inputError([&] { solveSteadyReduce(g, 3); }), "target"));
    ASSERT_TRUE(contains(inputError([&] { solveSteadyScatter(g, 0, {0}); }), "target"));
    // P2 has no outgoing link: its value can never reach P0.
    const PlatformGraph cut = PlatformGraph::parseCsv("-,1,1\n1,-,1\n-,-,-\n1,1,1\n", "cut");
    ASSERT_TRUE(contains(inputError([&] { solveSteadyReduce(cut, 0); }), "cannot reach"));
    ASSERT_TRUE(contains(inputError([&] {
                             solveSteadyScatter(
                                 PlatformGraph::parseCsv("-,-,1\n1,-,1\n1,-,-\n1,1,1\n", "c2"), 0);
                         }),
                         "cannot be reached"));
}
