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

std::string procName(int i) {
    std::string name("P"); // not "P" + to_string: GCC 12 warns falsely (-Wrestrict)
    name += std::to_string(i);
    return name;
}

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

/// p/q with q <= maxDen equal to x up to 1e-9 relative, by continued fractions.
std::optional<std::pair<long long, long long>> rationalize(double x, long long maxDen) {
    long long p0 = 0, q0 = 1, p1 = 1, q1 = 0;
    double r = x;
    for (int it = 0; it < 40; ++it) {
        const double a = std::floor(r);
        if (a > 1e12) {
            break;
        }
        const auto ai = static_cast<long long>(a);
        const long long p2 = ai * p1 + p0;
        const long long q2 = ai * q1 + q0;
        if (q2 > maxDen) {
            break;
        }
        p0 = p1;
        q0 = q1;
        p1 = p2;
        q1 = q2;
        if (std::abs(x - static_cast<double>(p1) / static_cast<double>(q1)) <=
            1e-9 * std::max(1.0, std::abs(x))) {
            return std::make_pair(p1, q1);
        }
        const double frac = r - a;
        if (frac < 1e-15) {
            break;
        }
        r = 1.0 / frac;
    }
    return std::nullopt;
}

/// Weighted bipartite edge colouring of the matrix `time` (senders x receivers): slots of
/// simultaneous transfers (matchings) whose durations add up to the largest row or column sum.
/// The matrix is padded to a 2n x 2n one with equal line sums (Birkhoff-von Neumann); each
/// step takes a perfect matching of its support and removes its smallest entry.
struct Slot {
    double duration;
    std::vector<std::pair<int, int>> pairs; ///< real (sender, receiver) pairs only
};

bool augment(int u, const std::vector<std::vector<double>>& a, double tol,
             std::vector<int>& matchRight, std::vector<char>& seen) {
    const int size = static_cast<int>(a.size());
    for (int v = 0; v < size; ++v) {
        if (a[static_cast<std::size_t>(u)][static_cast<std::size_t>(v)] > tol &&
            !seen[static_cast<std::size_t>(v)]) {
            seen[static_cast<std::size_t>(v)] = 1;
            if (matchRight[static_cast<std::size_t>(v)] < 0 ||
                augment(matchRight[static_cast<std::size_t>(v)], a, tol, matchRight, seen)) {
                matchRight[static_cast<std::size_t>(v)] = u;
                return true;
            }
        }
    }
    return false;
}

std::vector<Slot> edgeColouring(const std::vector<std::vector<double>>& time) {
    const int n = static_cast<int>(time.size());
    std::vector<double> rows(static_cast<std::size_t>(n), 0.0);
    std::vector<double> cols(static_cast<std::size_t>(n), 0.0);
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            rows[static_cast<std::size_t>(i)] +=
                time[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
            cols[static_cast<std::size_t>(j)] +=
                time[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
        }
    }
    const double delta = std::max(*std::max_element(rows.begin(), rows.end()),
                                  *std::max_element(cols.begin(), cols.end()));
    std::vector<Slot> slots;
    if (delta <= 0.0) {
        return slots;
    }
    const auto big = static_cast<std::size_t>(2 * n);
    std::vector<std::vector<double>> a(big, std::vector<double>(big, 0.0));
    for (int i = 0; i < n; ++i) {
        const auto ui = static_cast<std::size_t>(i);
        for (int j = 0; j < n; ++j) {
            const auto uj = static_cast<std::size_t>(j);
            a[ui][uj] = time[ui][uj];
            a[static_cast<std::size_t>(n) + uj][static_cast<std::size_t>(n) + ui] = time[ui][uj];
        }
        a[ui][static_cast<std::size_t>(n) + ui] = delta - rows[ui];
        a[static_cast<std::size_t>(n) + ui][ui] = delta - cols[ui];
    }
    const double tol = 1e-12 * delta;
    double left = delta;
    while (left > 1e-9 * delta) {
        std::vector<int> matchRight(big, -1);
        bool perfect = true;
        for (int u = 0; u < 2 * n && perfect; ++u) {
            std::vector<char> seen(big, 0);
            perfect = augment(u, a, tol, matchRight, seen);
        }
        if (!perfect) {
            break; // only rounding dust is left; the validator checks the totals
        }
        double d = kInf;
        for (std::size_t v = 0; v < big; ++v) {
            d = std::min(d, a[static_cast<std::size_t>(matchRight[v])][v]);
        }
        Slot slot{d, {}};
        for (std::size_t v = 0; v < big; ++v) {
            const auto u = static_cast<std::size_t>(matchRight[v]);
            a[u][v] = std::max(0.0, a[u][v] - d);
            if (u < static_cast<std::size_t>(n) && v < static_cast<std::size_t>(n) &&
                time[u][v] > 0.0) {
                slot.pairs.push_back({static_cast<int>(u), static_cast<int>(v)});
            }
            if (a[u][v] <= tol) {
                a[u][v] = 0.0;
            }
        }
        slots.push_back(std::move(slot));
        left -= d;
    }
    return slots;
}

/// Builds one period from the decomposition: a period making every pattern's count integral
/// (exact when the weights are small-denominator rationals, else the seed's fixed-period
/// rounding r = floor(weight x Tfixed)), transfers by edge colouring, tasks back to back.
PeriodicSchedule buildPeriod(const PlatformGraph& g, const std::vector<WeightedPattern>& patterns,
                             bool scatter, int source, double throughput,
                             const std::vector<int>& targets) {
    PeriodicSchedule s;
    s.scatter = scatter;
    s.source = source;
    s.delivered.assign(static_cast<std::size_t>(g.n), 0);
    if (patterns.empty()) {
        return s;
    }
    long long period = 1;
    bool exact = true;
    for (const WeightedPattern& p : patterns) {
        const auto r = rationalize(p.weight, 1000);
        if (!r) {
            exact = false;
            break;
        }
        period = std::lcm(period, r->second);
        if (period > 100000) {
            exact = false;
            break;
        }
    }
    std::vector<int> counts;
    long long total = 0;
    if (exact) {
        for (const WeightedPattern& p : patterns) {
            counts.push_back(
                static_cast<int>(std::llround(p.weight * static_cast<double>(period))));
            total += counts.back();
        }
        exact = total <= 400;
    }
    double length = static_cast<double>(period);
    if (!exact) {
        // Seed 002, "approximation for a fixed period": TP - TP* <= card(trees) / Tfixed.
        // Tfixed = 20 card(trees) / TP keeps at least 95% of TP with about 20 uses per pattern.
        length = 20.0 * static_cast<double>(patterns.size()) / throughput;
        counts.clear();
        for (const WeightedPattern& p : patterns) {
            counts.push_back(static_cast<int>(std::floor(p.weight * length * (1.0 + 1e-12))));
        }
    }
    s.period = length;
    s.exact = exact;

    // Instances and their operations.
    struct Message {
        int from, to, k, m, instance;
        double duration;
    };
    std::map<std::pair<int, int>, std::vector<Message>> queues;
    std::vector<std::vector<PeriodicOp>> tasks(static_cast<std::size_t>(g.n));
    int instance = 0;
    for (std::size_t t = 0; t < patterns.size(); ++t) {
        for (int c = 0; c < counts[t]; ++c, ++instance) {
            ++s.results;
            if (!scatter) {
                ++s.delivered[static_cast<std::size_t>(patterns[t].target)];
            }
            for (const FlowTransfer& f : patterns[t].transfers) {
                queues[{f.from, f.to}].push_back(
                    {f.from, f.to, f.k, f.m, instance, g.messageSize * g.cost(f.from, f.to)});
            }
            for (const FlowTask& f : patterns[t].tasks) {
                PeriodicOp op;
                op.isTask = true;
                op.from = op.to = f.proc;
                op.k = f.k;
                op.l = f.l;
                op.m = f.m;
                op.instance = instance;
                tasks[static_cast<std::size_t>(f.proc)].push_back(op);
            }
        }
    }
    std::vector<std::vector<double>> time(static_cast<std::size_t>(g.n),
                                          std::vector<double>(static_cast<std::size_t>(g.n), 0.0));
    for (const auto& [edge, msgs] : queues) {
        for (const Message& m : msgs) {
            time[static_cast<std::size_t>(edge.first)][static_cast<std::size_t>(edge.second)] +=
                m.duration;
        }
    }
    // Feed each edge's messages into its slots, in order; a message may span several slots.
    std::map<std::pair<int, int>, std::pair<std::size_t, double>> cursor; // message, time done
    std::vector<PeriodicOp> transfers;
    double t = 0.0;
    for (const Slot& slot : edgeColouring(time)) {
        for (const auto& [i, j] : slot.pairs) {
            auto& [msg, done] = cursor[{i, j}];
            const auto& q = queues[{i, j}];
            double avail = slot.duration;
            double at = t;
            while (avail > 1e-12 * s.period && msg < q.size()) {
                const Message& m = q[msg];
                const double take = std::min(avail, m.duration - done);
                PeriodicOp op;
                op.from = i;
                op.to = j;
                op.k = m.k;
                op.l = m.k;
                op.m = m.m;
                op.instance = m.instance;
                op.start = at;
                op.end = at + take;
                // Glue to the previous piece of the same message when contiguous.
                auto prev =
                    std::find_if(transfers.rbegin(), transfers.rend(), [&op](const PeriodicOp& o) {
                        return o.from == op.from && o.to == op.to;
                    });
                if (prev != transfers.rend() && prev->instance == op.instance && prev->k == op.k &&
                    prev->m == op.m && std::abs(prev->end - op.start) <= 1e-12 * s.period) {
                    prev->end = op.end;
                } else {
                    transfers.push_back(op);
                }
                at += take;
                avail -= take;
                done += take;
                if (done >= m.duration * (1.0 - 1e-12)) {
                    ++msg;
                    done = 0.0;
                }
            }
        }
        t += slot.duration;
    }
    std::stable_sort(transfers.begin(), transfers.end(),
                     [](const PeriodicOp& a, const PeriodicOp& b) { return a.start < b.start; });
    std::vector<PeriodicOp> computed;
    for (int p = 0; p < g.n; ++p) {
        double at = 0.0;
        for (PeriodicOp op : tasks[static_cast<std::size_t>(p)]) {
            op.start = at;
            op.end = at + g.w[static_cast<std::size_t>(p)];
            at = op.end;
            computed.push_back(op);
        }
    }
    std::stable_sort(computed.begin(), computed.end(),
                     [](const PeriodicOp& a, const PeriodicOp& b) { return a.start < b.start; });
    if (scatter) {
        for (int k : targets) {
            s.delivered[static_cast<std::size_t>(k)] = s.results;
        }
    }
    s.ops = std::move(transfers);
    s.ops.insert(s.ops.end(), computed.begin(), computed.end());
    return s;
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

// ------------------------------------------------------------------------------- platform

bool PlatformGraph::hasLink(int i, int j) const {
    return i != j && std::isfinite(cost(i, j));
}

void PlatformGraph::validate() const {
    if (n < 2 || n > kMaxSteadyProcessors) {
        throw InputError("the platform graph needs 2 to " + std::to_string(kMaxSteadyProcessors) +
                         " processors, not " + std::to_string(n));
    }
    if (link.size() != static_cast<std::size_t>(n) * n || w.size() != static_cast<std::size_t>(n)) {
        throw InputError("the platform graph has " + std::to_string(link.size()) +
                         " link entries and " + std::to_string(w.size()) +
                         " computation times for n = " + std::to_string(n));
    }
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const double c = cost(i, j);
            if (i != j && (std::isnan(c) || c <= 0.0)) {
                throw InputError("link c(" + std::to_string(i) + "," + std::to_string(j) +
                                 ") must be > 0 (or inf: no link), not " + formatNumber(c));
            }
        }
        const double wi = w[static_cast<std::size_t>(i)];
        if (!std::isfinite(wi) || wi < 0.0) {
            throw InputError("w(P" + std::to_string(i) + ") must be a finite number >= 0, not " +
                             formatNumber(wi));
        }
    }
    if (!std::isfinite(messageSize) || messageSize <= 0.0) {
        throw InputError("the message size must be a finite number > 0, not " +
                         formatNumber(messageSize));
    }
    // The linear programs see every link cost and computation time times the message size:
    // each product is held to the magnitude range of base/limits.h, which keeps GLPK's
    // scaling far from overflow and underflow (values of 1e300 or 1e-300 made it abort).
    checkMagnitude(messageSize, "the message size");
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const double c = cost(i, j);
            if (i != j && std::isfinite(c)) {
                const std::string what =
                    "link c(" + std::to_string(i) + "," + std::to_string(j) + ")";
                checkMagnitude(c, what);
                checkMagnitude(c * messageSize, what + " times the message size");
            }
        }
        const double wi = w[static_cast<std::size_t>(i)];
        checkMagnitude(wi, "w(P" + std::to_string(i) + ")");
        checkMagnitude(wi * messageSize, "w(P" + std::to_string(i) + ") times the message size");
    }
}

PlatformGraph PlatformGraph::fromFixedCosts(const FixedCosts& costs) {
    costs.validate();
    PlatformGraph g;
    g.n = costs.n;
    g.link.assign(static_cast<std::size_t>(g.n) * g.n, kInf);
    for (int i = 0; i < g.n; ++i) {
        for (int j = 0; j < g.n; ++j) {
            if (i != j) {
                g.link[static_cast<std::size_t>(i) * g.n + j] = costs.transfer(i, j);
            }
        }
        g.w.push_back(costs.reduction(i));
    }
    g.validate();
    return g;
}

PlatformGraph PlatformGraph::parseCsv(std::string_view text, const std::string& source) {
    std::vector<std::vector<double>> rows;
    for (const CsvLine& line : csvDataLines(text)) {
        std::vector<double> row;
        const auto& fields = line.fields;
        for (std::size_t f = 0; f < fields.size(); ++f) {
            const std::string_view v = trim(fields[f]);
            const std::string where =
                source + ":" + std::to_string(line.number) + ": field " + std::to_string(f + 1);
            row.push_back(v == "-" || v == "inf" ? kInf : parseNumber(v, where));
        }
        rows.push_back(std::move(row));
    }
    if (rows.size() < 3) {
        throw InputError(source + ": expected n rows of n link costs then a row of n computation "
                                  "times (n >= 2)");
    }
    PlatformGraph g;
    g.n = static_cast<int>(rows.size()) - 1;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (rows[r].size() != static_cast<std::size_t>(g.n)) {
            throw InputError(source + ": row " + std::to_string(r + 1) + " has " +
                             std::to_string(rows[r].size()) + " fields, expected " +
                             std::to_string(g.n));
        }
    }
    for (int i = 0; i < g.n; ++i) {
        for (int j = 0; j < g.n; ++j) {
            g.link.push_back(
                i == j ? kInf : rows[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]);
        }
    }
    g.w = rows.back();
    try {
        g.validate();
    } catch (const InputError& e) {
        throw InputError(source + ": " + e.what());
    }
    return g;
}

std::string PlatformGraph::toCsv() const {
    std::string out = "# link costs c(i,j) (- = no link), then computation times w\n";
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            if (j > 0) {
                out += ',';
            }
            out += hasLink(i, j) ? formatNumber(cost(i, j)) : std::string("-");
        }
        out += "\n";
    }
    for (int i = 0; i < n; ++i) {
        if (i > 0) {
            out += ',';
        }
        out += formatNumber(w[static_cast<std::size_t>(i)]);
    }
    return out + "\n";
}

std::vector<std::string> PlatformGraph::presetNames() {
    return {"scatter-toy", "reduce-toy", "ring:N", "complete:N"};
}

PlatformGraph PlatformGraph::preset(std::string_view name) {
    if (name == "scatter-toy") {
        // Seed 002's toy scatter as we read its figure: Ps -> Pa and Ps -> Pb cost 1,
        // Pa -> P0 and Pb -> P0 cost 4/3, Pb -> P1 costs 2/3 (Ps, Pa, Pb, P0, P1 = P0..P4).
        return parseCsv("-,1,1,-,-\n-,-,-,1.3333333333333333,-\n-,-,-,1.3333333333333333,"
                        "0.6666666666666666\n-,-,-,-,-\n-,-,-,-,-\n0,0,0,0,0\n",
                        "scatter-toy");
    }
    if (name == "reduce-toy") {
        // The seed's three-processor reduction (P2 -> P1, P0 -> P1, P1 -> P0), with costs.
        return parseCsv("-,1,2\n1,-,1\n2,1,-\n2,1,2\n", "reduce-toy");
    }
    const auto colon = name.find(':');
    if (colon != std::string_view::npos) {
        const std::string_view kind = name.substr(0, colon);
        const int n = static_cast<int>(parseInteger(name.substr(colon + 1),
                                                    "preset " + std::string(name) + ": N", 2,
                                                    kMaxSteadyProcessors));
        PlatformGraph g;
        g.n = n;
        g.link.assign(static_cast<std::size_t>(n) * n, kInf);
        g.w.assign(static_cast<std::size_t>(n), 1.0);
        if (kind == "ring") { // bidirectional ring, unit costs
            for (int i = 0; i < n; ++i) {
                g.link[static_cast<std::size_t>(i) * n + (i + 1) % n] = 1.0;
                g.link[static_cast<std::size_t>((i + 1) % n) * n + i] = 1.0;
            }
            g.validate();
            return g;
        }
        if (kind == "complete") {
            for (int i = 0; i < n; ++i) {
                for (int j = 0; j < n; ++j) {
                    if (i != j) {
                        g.link[static_cast<std::size_t>(i) * n + j] = 1.0;
                    }
                }
            }
            g.validate();
            return g;
        }
    }
    std::string known;
    for (const std::string& k : presetNames()) {
        known += (known.empty() ? "" : ", ") + k;
    }
    throw InputError("unknown platform-graph preset '" + std::string(name) + "' (known: " + known +
                     ")");
}

std::string PeriodicOp::label(bool scatter) const {
    const std::string inst = " #" + std::to_string(instance);
    if (isTask) {
        return "T(" + std::to_string(k) + "," + std::to_string(l) + "," + std::to_string(m) + ")" +
               inst;
    }
    if (scatter) {
        return "m" + std::to_string(k) + inst;
    }
    return "v[" + std::to_string(k) + "," + std::to_string(m) + "]" + inst;
}

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
            lp.addConstraint(out[up], Rel::LessEqual, 1.0, "out " + procName(p));
        }
        if (!in[up].empty()) {
            lp.addConstraint(in[up], Rel::LessEqual, 1.0, "in " + procName(p));
        }
        if (g.w[up] > 0.0) {
            lp.addConstraint(compute[up], Rel::LessEqual, 1.0, "compute " + procName(p));
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

// ----------------------------------------------------------------------------- validation

std::vector<std::string> validatePeriodic(const PeriodicSchedule& s, const PlatformGraph& g) {
    std::vector<std::string> errors;
    const double tol = 1e-7 * std::max(1.0, s.period);
    auto fail = [&](const std::string& m) {
        if (errors.size() < 50) {
            errors.push_back(m);
        }
    };
    const int n = g.n;
    std::vector<std::vector<std::pair<double, double>>> sending(static_cast<std::size_t>(n));
    std::vector<std::vector<std::pair<double, double>>> receiving(static_cast<std::size_t>(n));
    std::vector<std::vector<std::pair<double, double>>> computing(static_cast<std::size_t>(n));
    // Message identity: (from, to, k, m, instance) -> total time.
    std::map<std::tuple<int, int, int, int, int>, double> messages;
    // Per period counts of value (k,m) on processor p: +in/produced, -out/consumed.
    std::map<std::tuple<int, int, int>, long long> balance;
    for (const PeriodicOp& op : s.ops) {
        if (op.from < 0 || op.from >= n || op.to < 0 || op.to >= n) {
            fail("operation " + op.label() + " on a processor that does not exist");
            continue;
        }
        if (op.start < -tol || op.end > s.period + tol || op.end < op.start) {
            fail(op.label() + " lies outside the period [0, " + formatNumber(s.period) + ")");
        }
        if (op.isTask) {
            computing[static_cast<std::size_t>(op.from)].push_back({op.start, op.end});
            if (std::abs(op.end - op.start - g.w[static_cast<std::size_t>(op.from)]) > tol) {
                fail(op.label() + " on " + procName(op.from) + " does not last w");
            }
            balance[{op.from, op.k, op.m}] += 1;
            balance[{op.from, op.k, op.l}] -= 1;
            balance[{op.from, op.l + 1, op.m}] -= 1;
            continue;
        }
        if (!g.hasLink(op.from, op.to)) {
            fail(op.label() + ": no link " + procName(op.from) + " -> " + procName(op.to));
        }
        sending[static_cast<std::size_t>(op.from)].push_back({op.start, op.end});
        receiving[static_cast<std::size_t>(op.to)].push_back({op.start, op.end});
        messages[{op.from, op.to, op.k, op.m, op.instance}] += op.end - op.start;
    }
    for (const auto& [key, total] : messages) {
        const auto [from, to, k, m, inst] = key;
        const double expected = g.messageSize * g.cost(from, to);
        if (std::abs(total - expected) > tol) {
            fail("message v[" + std::to_string(k) + "," + std::to_string(m) + "] #" +
                 std::to_string(inst) + " " + procName(from) + " -> " + procName(to) + " lasts " +
                 formatNumber(total) + " in all, not size x c = " + formatNumber(expected));
        }
        balance[{to, k, m}] += 1;
        balance[{from, k, m}] -= 1;
    }
    auto disjoint = [&](std::vector<std::pair<double, double>> v, const std::string& what) {
        std::sort(v.begin(), v.end());
        for (std::size_t i = 1; i < v.size(); ++i) {
            if (v[i].first < v[i - 1].second - tol) {
                fail(what + ": two operations overlap at " + formatNumber(v[i].first));
                return;
            }
        }
    };
    for (int p = 0; p < n; ++p) {
        disjoint(sending[static_cast<std::size_t>(p)], procName(p) + " sends (one-port)");
        disjoint(receiving[static_cast<std::size_t>(p)], procName(p) + " receives (one-port)");
        disjoint(computing[static_cast<std::size_t>(p)], procName(p) + " computations");
    }
    // Sources and sinks of values per period: a reduce's participants each supply `results`
    // own values and the targets take the full value; a scatter's source creates `results`
    // messages of each type and each target takes its own.
    const long long r = s.results;
    if (s.delivered.size() != static_cast<std::size_t>(n)) {
        fail("the schedule does not say where its results end");
        return errors;
    }
    for (int p = 0; p < n; ++p) {
        const long long took = s.delivered[static_cast<std::size_t>(p)];
        if (s.scatter) {
            if (took > 0) {
                balance[{s.source, p, p}] += took;
                balance[{p, p, p}] -= took;
            }
        } else {
            balance[{p, p, p}] += r;
            balance[{p, 0, n - 1}] -= took;
        }
    }
    long long total = 0;
    for (int p = 0; p < n; ++p) {
        total += s.delivered[static_cast<std::size_t>(p)];
    }
    if (!s.scatter && total != r) {
        fail("the targets take " + std::to_string(total) + " results, not " + std::to_string(r));
    }
    for (const auto& [key, count] : balance) {
        if (count != 0) {
            const auto [p, k, m] = key;
            fail("value [" + std::to_string(k) + "," + std::to_string(m) + "] on " + procName(p) +
                 " is not conserved over a period (" + std::to_string(count) + ")");
        }
    }
    return errors;
}

Schedule periodicGantt(const PeriodicSchedule& s, int n) {
    Schedule g;
    g.n = n;
    g.algorithm = s.scatter ? "periodic scatter" : "periodic reduce";
    g.parent.assign(static_cast<std::size_t>(n), -1);
    g.makespan = s.period;
    for (const PeriodicOp& op : s.ops) {
        if (op.isTask) {
            g.reductions.push_back({op.from, -1, op.start, op.end});
        } else {
            g.transfers.push_back({op.from, op.to, op.start, op.end});
        }
    }
    return g;
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
