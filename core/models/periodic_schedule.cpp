#include "models/periodic_schedule.h"

#include "base/input_error.h"
#include "base/text_util.h"

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

constexpr double kInf = std::numeric_limits<double>::infinity();

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
    const std::size_t big = 2 * static_cast<std::size_t>(n);
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

} // namespace

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

std::string PeriodicOp::label(bool scatter) const {
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict, its bug 105329) on
    // "m" + std::to_string(k) once the strings' code is inlined.
    std::string out;
    if (isTask) {
        out += "T(";
        out += std::to_string(k);
        out += ',';
        out += std::to_string(l);
        out += ',';
        out += std::to_string(m);
        out += ')';
    } else if (scatter) {
        out += 'm';
        out += std::to_string(k);
    } else {
        out += "v[";
        out += std::to_string(k);
        out += ',';
        out += std::to_string(m);
        out += ']';
    }
    out += " #";
    out += std::to_string(instance);
    return out;
}

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
                fail(op.label() + " on " + processorName(op.from) + " does not last w");
            }
            balance[{op.from, op.k, op.m}] += 1;
            balance[{op.from, op.k, op.l}] -= 1;
            balance[{op.from, op.l + 1, op.m}] -= 1;
            continue;
        }
        if (!g.hasLink(op.from, op.to)) {
            fail(op.label() + ": no link " + processorName(op.from) + " -> " +
                 processorName(op.to));
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
                 std::to_string(inst) + " " + processorName(from) + " -> " + processorName(to) +
                 " lasts " + formatNumber(total) +
                 " in all, not size x c = " + formatNumber(expected));
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
        disjoint(sending[static_cast<std::size_t>(p)], processorName(p) + " sends (one-port)");
        disjoint(receiving[static_cast<std::size_t>(p)], processorName(p) + " receives (one-port)");
        disjoint(computing[static_cast<std::size_t>(p)], processorName(p) + " computations");
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
            fail("value [" + std::to_string(k) + "," + std::to_string(m) + "] on " +
                 processorName(p) + " is not conserved over a period (" + std::to_string(count) +
                 ")");
        }
    }
    return errors;
}

GanttBars periodicGantt(const PeriodicSchedule& s, int n) {
    GanttBars g;
    g.rows = n;
    g.end = s.period;
    g.activeUntil.assign(static_cast<std::size_t>(n), s.period);
    for (const PeriodicOp& op : s.ops) {
        if (op.isTask) {
            g.blocks.push_back({op.from, op.start, op.end});
        } else {
            g.arrows.push_back({op.from, op.to, op.start, op.end});
        }
    }
    return g;
}

} // namespace rl
