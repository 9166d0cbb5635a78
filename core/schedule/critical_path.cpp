#include "schedule/critical_path.h"

#include <algorithm>
#include <cmath>

namespace rl {

namespace {

// Equal within 1e-12 relative: times computed as sums of costs may differ in the last bits
// from the time an event was handled at, yet they are the same instant.
bool sameTime(double a, double b) {
    return std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b));
}

// Per-processor indexes of a schedule, so that each step of the walk costs O(degree).
struct Index {
    std::vector<std::vector<int>> reductionsOn; // reductions of p, in start (= end) order
    std::vector<std::vector<int>> transfersInto;
    std::vector<int> reductionOf; // reduction merging transfer k, -1 if none (invalid input)

    explicit Index(const Schedule& s)
        : reductionsOn(static_cast<std::size_t>(s.n)), transfersInto(static_cast<std::size_t>(s.n)),
          reductionOf(s.transfers.size(), -1) {
        for (std::size_t k = 0; k < s.transfers.size(); ++k) {
            transfersInto[static_cast<std::size_t>(s.transfers[k].to)].push_back(
                static_cast<int>(k));
        }
        for (std::size_t k = 0; k < s.reductions.size(); ++k) {
            const ReductionOp& r = s.reductions[k];
            reductionsOn[static_cast<std::size_t>(r.proc)].push_back(static_cast<int>(k));
            reductionOf[static_cast<std::size_t>(r.transfer)] = static_cast<int>(k);
        }
    }
};

// The operation ending at the makespan: a reduction on the root first, then any reduction (a
// reduction ends after the transfer it merges), then a transfer.
bool lastOperation(const Schedule& s, CriticalStep& out) {
    double latest = -1.0;
    for (const TransferOp& t : s.transfers) {
        latest = std::max(latest, t.end);
    }
    for (const ReductionOp& r : s.reductions) {
        latest = std::max(latest, r.end);
    }
    int best = -1;
    int bestRank = 3;
    for (std::size_t k = 0; k < s.reductions.size(); ++k) {
        const ReductionOp& r = s.reductions[k];
        const int rank = r.proc == s.root ? 0 : 1;
        if (sameTime(r.end, latest) && rank < bestRank) {
            best = static_cast<int>(k);
            bestRank = rank;
        }
    }
    if (best >= 0) {
        out = {false, best};
        return true;
    }
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        if (sameTime(s.transfers[k].end, latest)) {
            out = {true, static_cast<int>(k)};
            return true;
        }
    }
    return false;
}

// The predecessor of `step`, if an operation constraining it ends at its start.
bool predecessor(const Schedule& s, const Index& idx, const CriticalStep& step, CriticalStep& out) {
    if (!step.isTransfer) {
        const ReductionOp& red = s.reductions[static_cast<std::size_t>(step.op)];
        if (sameTime(s.transfers[static_cast<std::size_t>(red.transfer)].end, red.start)) {
            out = {true, red.transfer};
            return true;
        }
        const auto& mine = idx.reductionsOn[static_cast<std::size_t>(red.proc)];
        const auto it = std::find(mine.begin(), mine.end(), step.op);
        if (it != mine.begin() && it != mine.end() &&
            sameTime(s.reductions[static_cast<std::size_t>(*(it - 1))].end, red.start)) {
            out = {false, *(it - 1)};
            return true;
        }
        return false;
    }
    const TransferOp& t = s.transfers[static_cast<std::size_t>(step.op)];
    // The sender first: a transfer starts when its sender becomes ready in every algorithm
    // but the static ones, where the receiver may be the one that was late.
    const auto& senderReds = idx.reductionsOn[static_cast<std::size_t>(t.from)];
    if (!senderReds.empty() &&
        sameTime(s.reductions[static_cast<std::size_t>(senderReds.back())].end, t.start)) {
        out = {false, senderReds.back()};
        return true;
    }
    // The receiver: its previous reception (one-port), else one of its reductions of an
    // earlier reception (the static plans' rule). Only operations before this transfer count:
    // with zero costs this transfer's own reduction also ends at its start.
    const auto& into = idx.transfersInto[static_cast<std::size_t>(t.to)];
    const auto it = std::find(into.begin(), into.end(), step.op);
    if (it != into.begin() && it != into.end() &&
        sameTime(s.transfers[static_cast<std::size_t>(*(it - 1))].end, t.start)) {
        out = {true, *(it - 1)};
        return true;
    }
    for (auto r = it; r != into.begin();) {
        --r;
        const int red = idx.reductionOf[static_cast<std::size_t>(*r)];
        if (red >= 0 && sameTime(s.reductions[static_cast<std::size_t>(red)].end, t.start)) {
            out = {false, red};
            return true;
        }
    }
    return false;
}

} // namespace

std::vector<CriticalStep> criticalPath(const Schedule& s) {
    std::vector<CriticalStep> path;
    CriticalStep step;
    if (!lastOperation(s, step)) {
        return path;
    }
    const Index idx(s);
    path.push_back(step);
    // Every predecessor is an operation that happened before (an earlier transfer into the
    // same processor, the transfer a reduction merges, ...), so the walk cannot loop; the
    // bound only guards against an inconsistent hand-made schedule.
    const std::size_t maxSteps = s.transfers.size() + s.reductions.size();
    CriticalStep prev;
    while (path.size() < maxSteps && predecessor(s, idx, path.back(), prev)) {
        path.push_back(prev);
    }
    std::reverse(path.begin(), path.end());
    return path;
}

} // namespace rl
