#include "schedule/schedule.h"

#include <algorithm>

namespace rl {

namespace {

std::vector<IndexRange> toRuns(std::vector<int> indices) {
    std::sort(indices.begin(), indices.end());
    std::vector<IndexRange> runs;
    for (int i : indices) {
        if (!runs.empty() && runs.back().hi + 1 == i) {
            runs.back().hi = i;
        } else {
            runs.push_back({i, i});
        }
    }
    return runs;
}

// Total length of a union of half-open intervals.
double unionLength(std::vector<std::pair<double, double>> spans) {
    std::sort(spans.begin(), spans.end());
    double total = 0.0;
    double curStart = 0.0;
    double curEnd = -1.0;
    bool open = false;
    for (const auto& [s, e] : spans) {
        if (!open || s > curEnd) {
            if (open) {
                total += curEnd - curStart;
            }
            curStart = s;
            curEnd = e;
            open = true;
        } else {
            curEnd = std::max(curEnd, e);
        }
    }
    if (open) {
        total += curEnd - curStart;
    }
    return total;
}

} // namespace

std::string formatRuns(const std::vector<IndexRange>& runs) {
    std::string out;
    for (const IndexRange& r : runs) {
        if (!out.empty()) {
            out += ' ';
        }
        out += '[';
        out += std::to_string(r.lo);
        out += ',';
        out += std::to_string(r.hi);
        out += ']';
    }
    return out;
}

std::vector<int> Schedule::children(int p) const {
    std::vector<int> out;
    for (const TransferOp& t : transfers) {
        if (t.to == p) {
            out.push_back(t.from);
        }
    }
    return out;
}

std::vector<IndexRange> Schedule::transferValue(int k) const {
    // Subtree of the sender: every processor whose chain of parents reaches it.
    const int sender = transfers[static_cast<std::size_t>(k)].from;
    std::vector<std::vector<int>> kids(static_cast<std::size_t>(n));
    for (const TransferOp& t : transfers) {
        kids[static_cast<std::size_t>(t.to)].push_back(t.from);
    }
    std::vector<int> members;
    std::vector<int> stack{sender};
    while (!stack.empty()) {
        const int p = stack.back();
        stack.pop_back();
        members.push_back(p);
        for (int c : kids[static_cast<std::size_t>(p)]) {
            stack.push_back(c);
        }
    }
    return toRuns(std::move(members));
}

std::vector<IndexRange> Schedule::reductionValue(int k) const {
    const ReductionOp& red = reductions[static_cast<std::size_t>(k)];
    std::vector<int> members{red.proc};
    for (std::size_t j = 0; j <= static_cast<std::size_t>(k); ++j) {
        if (reductions[j].proc == red.proc) {
            for (const IndexRange& r : transferValue(reductions[j].transfer)) {
                for (int i = r.lo; i <= r.hi; ++i) {
                    members.push_back(i);
                }
            }
        }
    }
    return toRuns(std::move(members));
}

namespace {

std::vector<IndexRange> unite(const std::vector<IndexRange>& a, const std::vector<IndexRange>& b) {
    std::vector<IndexRange> all(a);
    all.insert(all.end(), b.begin(), b.end());
    std::sort(all.begin(), all.end(),
              [](const IndexRange& x, const IndexRange& y) { return x.lo < y.lo; });
    std::vector<IndexRange> out;
    for (const IndexRange& r : all) {
        if (!out.empty() && out.back().hi + 1 >= r.lo) {
            out.back().hi = std::max(out.back().hi, r.hi);
        } else {
            out.push_back(r);
        }
    }
    return out;
}

} // namespace

Schedule::Values Schedule::allValues() const {
    // A processor's final value is itself plus the final values of its children; a reduction's
    // value is its processor's value so far plus the value it merges. Reductions on one
    // processor happen in start order, and a sender's value is final before it sends, so one
    // pass over reductions in start order, after computing final values bottom-up, suffices.
    const auto nn = static_cast<std::size_t>(n);
    std::vector<std::vector<IndexRange>> finalValue(nn);
    std::vector<std::vector<int>> kids(nn);
    for (const TransferOp& t : transfers) {
        kids[static_cast<std::size_t>(t.to)].push_back(t.from);
    }
    // Post-order without recursion (trees may be deep).
    std::vector<std::pair<int, bool>> stack{{root, false}};
    while (!stack.empty()) {
        auto [p, expanded] = stack.back();
        stack.pop_back();
        const auto up = static_cast<std::size_t>(p);
        if (!expanded) {
            stack.emplace_back(p, true);
            for (int c : kids[up]) {
                stack.emplace_back(c, false);
            }
            continue;
        }
        std::vector<IndexRange> v{{p, p}};
        for (int c : kids[up]) {
            v = unite(v, finalValue[static_cast<std::size_t>(c)]);
        }
        finalValue[up] = std::move(v);
    }
    Values out;
    out.transfers.reserve(transfers.size());
    for (const TransferOp& t : transfers) {
        out.transfers.push_back(finalValue[static_cast<std::size_t>(t.from)]);
    }
    std::vector<std::vector<IndexRange>> current(nn);
    for (std::size_t p = 0; p < nn; ++p) {
        current[p] = {{static_cast<int>(p), static_cast<int>(p)}};
    }
    for (const ReductionOp& r : reductions) {
        auto& cur = current[static_cast<std::size_t>(r.proc)];
        cur = unite(cur, out.transfers[static_cast<std::size_t>(r.transfer)]);
        out.reductions.push_back(cur);
    }
    return out;
}

std::vector<ProcessorTime> Schedule::processorTimes() const {
    const auto nn = static_cast<std::size_t>(n);
    std::vector<ProcessorTime> out(nn);
    std::vector<std::vector<std::pair<double, double>>> spans(nn);
    for (const TransferOp& t : transfers) {
        out[static_cast<std::size_t>(t.from)].sending += t.end - t.start;
        out[static_cast<std::size_t>(t.to)].receiving += t.end - t.start;
        spans[static_cast<std::size_t>(t.from)].emplace_back(t.start, t.end);
        spans[static_cast<std::size_t>(t.to)].emplace_back(t.start, t.end);
    }
    for (const ReductionOp& r : reductions) {
        out[static_cast<std::size_t>(r.proc)].reducing += r.end - r.start;
        spans[static_cast<std::size_t>(r.proc)].emplace_back(r.start, r.end);
    }
    for (std::size_t p = 0; p < nn; ++p) {
        out[p].busy = unionLength(std::move(spans[p]));
        out[p].idle = makespan - out[p].busy;
    }
    return out;
}

} // namespace rl
