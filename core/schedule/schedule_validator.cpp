#include "schedule/schedule_validator.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace rl {

namespace {

std::string P(int p) {
    return std::string("P").append(std::to_string(p));
}

// Reports overlaps among half-open intervals [start, end) of one processor.
void checkNoOverlap(std::vector<std::pair<double, double>> spans, const std::string& what,
                    std::vector<std::string>& errors) {
    std::sort(spans.begin(), spans.end());
    for (std::size_t i = 1; i < spans.size(); ++i) {
        if (spans[i].first < spans[i - 1].second) {
            errors.push_back(what + " overlap: [" + std::to_string(spans[i - 1].first) + ", " +
                             std::to_string(spans[i - 1].second) + ") and [" +
                             std::to_string(spans[i].first) + ", " +
                             std::to_string(spans[i].second) + ")");
            return;
        }
    }
}

} // namespace

std::vector<std::string> validateSchedule(const Schedule& s, const FixedCosts* fixed) {
    std::vector<std::string> errors;
    const int n = s.n;
    const auto nn = static_cast<std::size_t>(n);
    if (n < 1 || s.parent.size() != nn) {
        errors.push_back("bad size: n = " + std::to_string(n));
        return errors;
    }
    // 1. n-1 transfers; every processor but the root sends exactly once.
    if (s.transfers.size() != nn - 1) {
        errors.push_back("expected " + std::to_string(n - 1) + " transfers, found " +
                         std::to_string(s.transfers.size()));
    }
    std::vector<int> sends(nn, 0);
    double lastEnd = 0.0;
    // Late arrivals: nothing happens on a processor before it arrives (a run of one processor
    // ends as it arrives).
    if (!s.arrivals.empty()) {
        if (s.arrivals.size() != nn) {
            errors.push_back("expected " + std::to_string(n) + " arrival times, found " +
                             std::to_string(s.arrivals.size()));
            return errors;
        }
        for (int p = 0; p < n; ++p) {
            const double a = s.arrivals[static_cast<std::size_t>(p)];
            if (!(std::isfinite(a) && a >= 0.0)) {
                errors.push_back(P(p) + " has a bad arrival time");
                return errors;
            }
        }
        const auto before = [&](int p, double t) {
            return t < s.arrivals[static_cast<std::size_t>(p)];
        };
        for (const TransferOp& t : s.transfers) {
            if (t.from >= 0 && t.from < n && t.to >= 0 && t.to < n &&
                (before(t.from, t.start) || before(t.to, t.start))) {
                errors.push_back("transfer " + P(t.from) + " -> " + P(t.to) +
                                 " starts before both have arrived");
            }
        }
        for (const ReductionOp& r : s.reductions) {
            if (r.proc >= 0 && r.proc < n && before(r.proc, r.start)) {
                errors.push_back("reduction on " + P(r.proc) + " starts before it arrives");
            }
        }
        if (n == 1) {
            lastEnd = s.arrivals[0];
        }
    }
    for (const TransferOp& t : s.transfers) {
        if (t.from < 0 || t.from >= n || t.to < 0 || t.to >= n || t.from == t.to) {
            errors.push_back("transfer with invalid endpoints " + P(t.from) + " -> " + P(t.to));
            return errors;
        }
        ++sends[static_cast<std::size_t>(t.from)];
        if (!(std::isfinite(t.start) && std::isfinite(t.end) && t.start >= 0.0 &&
              t.end >= t.start)) {
            errors.push_back("transfer " + P(t.from) + " -> " + P(t.to) + " has bad times");
        }
        lastEnd = std::max(lastEnd, t.end);
        if (fixed && t.end - t.start != fixed->transfer(t.from, t.to) &&
            std::abs(t.end - t.start - fixed->transfer(t.from, t.to)) >
                1e-9 * std::max(1.0, t.end)) {
            errors.push_back("transfer " + P(t.from) + " -> " + P(t.to) + " does not last d[i][j]");
        }
    }
    for (int p = 0; p < n; ++p) {
        const int expected = p == s.root ? 0 : 1;
        if (sends[static_cast<std::size_t>(p)] != expected) {
            errors.push_back(P(p) + " sends " + std::to_string(sends[static_cast<std::size_t>(p)]) +
                             " times (expected " + std::to_string(expected) + ")");
        }
    }
    if (!errors.empty()) {
        return errors;
    }
    // The tree: parents consistent with transfers, and every chain reaches the root.
    for (const TransferOp& t : s.transfers) {
        if (s.parent[static_cast<std::size_t>(t.from)] != t.to) {
            errors.push_back("parent of " + P(t.from) + " does not match its transfer");
        }
    }
    for (int p = 0; p < n; ++p) {
        int q = p;
        int steps = 0;
        while (q != s.root && q >= 0 && steps <= n) {
            q = s.parent[static_cast<std::size_t>(q)];
            ++steps;
        }
        if (q != s.root) {
            errors.push_back(P(p) + " does not reach the root " + P(s.root));
            return errors;
        }
    }
    // 2. One-port receive, sequential reductions.
    std::vector<std::vector<std::pair<double, double>>> recv(nn);
    std::vector<std::vector<std::pair<double, double>>> reds(nn);
    for (const TransferOp& t : s.transfers) {
        recv[static_cast<std::size_t>(t.to)].emplace_back(t.start, t.end);
    }
    // 4. Each transfer is reduced exactly once, on its receiver, after it ended.
    std::vector<int> reducedCount(s.transfers.size(), 0);
    std::vector<double> lastActivity(nn, 0.0); // end of the last reception or reduction
    for (const ReductionOp& r : s.reductions) {
        if (r.transfer < 0 || static_cast<std::size_t>(r.transfer) >= s.transfers.size()) {
            errors.push_back("reduction refers to no transfer");
            return errors;
        }
        const TransferOp& t = s.transfers[static_cast<std::size_t>(r.transfer)];
        ++reducedCount[static_cast<std::size_t>(r.transfer)];
        if (r.proc != t.to) {
            errors.push_back("reduction of " + P(t.from) + " -> " + P(t.to) + " runs on " +
                             P(r.proc));
        }
        if (r.start < t.end) {
            errors.push_back("reduction on " + P(r.proc) + " starts at " + std::to_string(r.start) +
                             " before its transfer ends at " + std::to_string(t.end));
        }
        if (!(std::isfinite(r.end) && r.end >= r.start)) {
            errors.push_back("reduction on " + P(r.proc) + " has bad times");
        }
        if (fixed &&
            std::abs(r.end - r.start - fixed->reduction(r.proc)) > 1e-9 * std::max(1.0, r.end)) {
            errors.push_back("reduction on " + P(r.proc) + " does not last c[j]");
        }
        reds[static_cast<std::size_t>(r.proc)].emplace_back(r.start, r.end);
        lastEnd = std::max(lastEnd, r.end);
        auto& last = lastActivity[static_cast<std::size_t>(r.proc)];
        last = std::max(last, r.end);
    }
    for (std::size_t k = 0; k < reducedCount.size(); ++k) {
        if (reducedCount[k] != 1) {
            errors.push_back("transfer " + std::to_string(k) + " is reduced " +
                             std::to_string(reducedCount[k]) + " times");
        }
    }
    for (int p = 0; p < n; ++p) {
        checkNoOverlap(recv[static_cast<std::size_t>(p)], "receptions on " + P(p), errors);
        checkNoOverlap(reds[static_cast<std::size_t>(p)], "reductions on " + P(p), errors);
    }
    // 3. A processor sends after all its receptions and reductions ended.
    for (const TransferOp& t : s.transfers) {
        lastActivity[static_cast<std::size_t>(t.to)] =
            std::max(lastActivity[static_cast<std::size_t>(t.to)], t.end);
    }
    for (const TransferOp& t : s.transfers) {
        if (t.start < lastActivity[static_cast<std::size_t>(t.from)]) {
            errors.push_back(P(t.from) + " sends at " + std::to_string(t.start) +
                             " before its last reception or reduction ends at " +
                             std::to_string(lastActivity[static_cast<std::size_t>(t.from)]));
        }
    }
    // 5. Non-commutative: every merge joins adjacent intervals; the root ends with [0, n-1].
    if (s.nonCommutative) {
        std::vector<std::size_t> order(s.reductions.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return s.reductions[a].start < s.reductions[b].start;
        });
        std::vector<int> lo(nn);
        std::vector<int> hi(nn);
        std::iota(lo.begin(), lo.end(), 0);
        std::iota(hi.begin(), hi.end(), 0);
        for (std::size_t idx : order) {
            const ReductionOp& r = s.reductions[idx];
            const int from = s.transfers[static_cast<std::size_t>(r.transfer)].from;
            auto& rl = lo[static_cast<std::size_t>(r.proc)];
            auto& rh = hi[static_cast<std::size_t>(r.proc)];
            const int sl = lo[static_cast<std::size_t>(from)];
            const int sh = hi[static_cast<std::size_t>(from)];
            if (sh + 1 == rl) {
                rl = sl;
            } else if (rh + 1 == sl) {
                rh = sh;
            } else {
                errors.push_back("non-adjacent merge on " + P(r.proc) + ": [" + std::to_string(rl) +
                                 "," + std::to_string(rh) + "] with [" + std::to_string(sl) + "," +
                                 std::to_string(sh) + "] from " + P(from));
                return errors;
            }
        }
        if (lo[static_cast<std::size_t>(s.root)] != 0 ||
            hi[static_cast<std::size_t>(s.root)] != n - 1) {
            errors.push_back("the root does not end with [0," + std::to_string(n - 1) + "]");
        }
    }
    if (s.makespan != lastEnd) {
        errors.push_back("makespan " + std::to_string(s.makespan) + " differs from the last end " +
                         std::to_string(lastEnd));
    }
    // 6. With fixed costs, makespan >= ceil(log2 n) * min d (RR §4).
    if (fixed && n > 1) {
        int rounds = 0;
        while ((1LL << rounds) < n) {
            ++rounds;
        }
        const double bound = rounds * fixed->minTransfer();
        if (s.makespan < bound * (1.0 - 1e-12)) {
            errors.push_back("makespan " + std::to_string(s.makespan) +
                             " is below the lower bound " + std::to_string(bound));
        }
    }
    return errors;
}

} // namespace rl
