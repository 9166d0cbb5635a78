#include "algorithms/ep_schedule.h"

#include "base/input_error.h"
#include "base/text_util.h"
#include "schedule/timeline.h"

#include <algorithm>
#include <array>
#include <deque>
#include <functional>
#include <queue>
#include <stdexcept>
#include <utility>

namespace rl {

std::string senderOnlyViolation(const FixedCosts& f) {
    for (int i = 0; i < f.n; ++i) {
        if (f.reduction(i) != 0.0) {
            return "reductions must be free (c[" + std::to_string(i) +
                   "] = " + formatNumber(f.reduction(i)) + ")";
        }
        const int first = i == 0 ? 1 : 0;
        for (int j = 0; j < f.n; ++j) {
            if (j != i && first < f.n && f.transfer(i, j) != f.transfer(i, first)) {
                return "a sender must cost the same to every receiver (d[" + std::to_string(i) +
                       "][" + std::to_string(first) + "] = " + formatNumber(f.transfer(i, first)) +
                       " but d[" + std::to_string(i) + "][" + std::to_string(j) +
                       "] = " + formatNumber(f.transfer(i, j)) + ")";
            }
        }
    }
    return {};
}

std::string senderOnlyViolation(const CostModel& costs, int n) {
    if (costs.mode != CostMode::FixedMatrix || !costs.fixed) {
        return "it needs fixed sender-only costs known in advance (a Liu-Wang preset or a "
               "matrix with d[i][j] = t(Pi) and c = 0), not random costs";
    }
    if (costs.fixed->n != n) {
        return "the cost matrix is for " + std::to_string(costs.fixed->n) + " processors, not " +
               std::to_string(n);
    }
    return senderOnlyViolation(*costs.fixed);
}

void checkSenderOnlyCosts(const std::string& name, const CostModel& costs, int n) {
    const std::string why = senderOnlyViolation(costs, n);
    if (!why.empty()) {
        throw InputError(name + " is a Liu-Wang clairvoyant baseline: " + why);
    }
}

std::vector<double> senderTimes(const FixedCosts& f) {
    std::vector<double> t(static_cast<std::size_t>(f.n), 0.0);
    for (int i = 0; i < f.n && f.n > 1; ++i) {
        t[static_cast<std::size_t>(i)] = f.transfer(i, i == 0 ? 1 : 0);
    }
    return t;
}

int slowestProcessor(const std::vector<double>& t) {
    // max_element keeps the first of equal maxima: the lowest index.
    return static_cast<int>(std::max_element(t.begin(), t.end()) - t.begin());
}

namespace {

void checkSequence(const std::vector<double>& t, const std::vector<int>& senders) {
    const auto n = t.size();
    if (n == 0) {
        throw InputError("EP: the cluster is empty");
    }
    if (senders.size() + 1 != n) {
        throw InputError("EP: " + std::to_string(senders.size()) + " senders given for " +
                         std::to_string(n) + " processors (need n - 1)");
    }
    std::vector<char> seen(n, 0);
    for (int p : senders) {
        if (p < 0 || static_cast<std::size_t>(p) >= n || seen[static_cast<std::size_t>(p)]) {
            throw InputError("EP: sender " + std::to_string(p) +
                             " is out of range or listed twice");
        }
        seen[static_cast<std::size_t>(p)] = 1;
    }
    for (double v : t) {
        if (!(v >= 0.0) || v > 1e300) {
            throw InputError("EP: transmission time " + formatNumber(v) +
                             " must be finite and >= 0");
        }
    }
}

using Completion = std::pair<double, int>; // (end time, sender)
using MinHeap = std::priority_queue<Completion, std::vector<Completion>, std::greater<>>;

} // namespace

double epMakespan(const std::vector<double>& t, const std::vector<int>& senders,
                  std::vector<double>* start) {
    const int n = static_cast<int>(t.size());
    if (start) {
        start->assign(t.size(), 0.0);
    }
    // Liu-Wang Fig. 2: `free` counts processors neither sending, receiving nor done.
    MinHeap active;
    double time = 0.0;
    double makespan = 0.0;
    int free = n;
    std::size_t i = 0;
    while (i < senders.size()) {
        while (free >= 2 && i < senders.size()) {
            const int p = senders[i++];
            if (start) {
                (*start)[static_cast<std::size_t>(p)] = time;
            }
            const double end = time + t[static_cast<std::size_t>(p)];
            makespan = std::max(makespan, end);
            active.push({end, p});
            free -= 2;
        }
        if (i == senders.size()) {
            break;
        }
        // Every transfer ending at the earliest completion time frees its receiver.
        time = active.top().first;
        while (!active.empty() && active.top().first == time) {
            active.pop();
            ++free;
        }
    }
    return makespan;
}

Schedule epSchedule(const std::vector<double>& t, const std::vector<int>& senders) {
    checkSequence(t, senders);
    const int n = static_cast<int>(t.size());
    const std::size_t m = senders.size();
    // Lemma 1 with tokens. A token is one free processor: n initial ones (0 .. n-1), and one
    // per transfer k (n + k) when it ends and frees its receiver. EP (Liu-Wang Fig. 2) starts
    // sender k on two tokens, taken in FIFO order of release (initial tokens first).
    std::vector<std::array<int, 2>> used(m);
    std::vector<double> start(m, 0.0);
    std::deque<int> free;
    for (int i = 0; i < n; ++i) {
        free.push_back(i);
    }
    std::priority_queue<std::pair<double, int>, std::vector<std::pair<double, int>>,
                        std::greater<>>
        active; // (end, k): equal ends release their tokens in sequence order
    double time = 0.0;
    std::size_t k = 0;
    while (k < m || !active.empty()) {
        while (free.size() >= 2 && k < m) {
            used[k] = {free[0], free[1]};
            free.pop_front();
            free.pop_front();
            start[k] = time;
            active.push({time + t[static_cast<std::size_t>(senders[k])], static_cast<int>(k)});
            ++k;
        }
        if (active.empty()) {
            break;
        }
        time = active.top().first;
        while (!active.empty() && active.top().first == time) {
            free.push_back(n + active.top().second);
            active.pop();
        }
    }
    // Backwards: the token left at the end belongs to the root. Each token belongs to one
    // processor; the two tokens of transfer k belong to its sender and its receiver, and the
    // receiver is the owner of the token k releases. Walking the transfers from the last, the
    // owner of token n + k is known when k is reached, and any split of k's two tokens between
    // sender and receiver gives a valid schedule (each processor's chain of tokens runs from
    // an initial token to its send). We give the sender the token released first.
    std::vector<int> owner(static_cast<std::size_t>(n) + m, -1);
    const int root = [&] {
        std::vector<char> sends(static_cast<std::size_t>(n), 0);
        for (int p : senders) {
            sends[static_cast<std::size_t>(p)] = 1;
        }
        return static_cast<int>(std::find(sends.begin(), sends.end(), 0) - sends.begin());
    }();
    if (free.size() != 1) {
        throw std::logic_error("EP: " + std::to_string(free.size()) + " tokens left");
    }
    owner[static_cast<std::size_t>(free.front())] = root;
    std::vector<int> dest(m, -1);
    for (std::size_t j = m; j-- > 0;) {
        dest[j] = owner[static_cast<std::size_t>(n) + j];
        owner[static_cast<std::size_t>(used[j][0])] = senders[j];
        owner[static_cast<std::size_t>(used[j][1])] = dest[j];
    }
    Schedule s;
    s.n = n;
    s.parent.assign(static_cast<std::size_t>(n), -1);
    s.root = root;
    for (std::size_t j = 0; j < m; ++j) {
        const int p = senders[j];
        const double end = start[j] + t[static_cast<std::size_t>(p)];
        s.transfers.push_back({p, dest[j], start[j], end});
        s.parent[static_cast<std::size_t>(p)] = dest[j];
        s.makespan = std::max(s.makespan, end);
    }
    // Zero-cost reductions at each transfer's end, in the order the transfers ended.
    std::vector<int> order(s.transfers.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
        order[k] = static_cast<int>(k);
    }
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return s.transfers[static_cast<std::size_t>(a)].end <
               s.transfers[static_cast<std::size_t>(b)].end;
    });
    for (int k : order) {
        const TransferOp& op = s.transfers[static_cast<std::size_t>(k)];
        s.reductions.push_back({op.to, k, op.end, op.end});
    }
    return s;
}

std::vector<int> indexOrderSenders(const std::vector<double>& t) {
    const int root = slowestProcessor(t);
    std::vector<int> out;
    for (int p = 0; p < static_cast<int>(t.size()); ++p) {
        if (p != root) {
            out.push_back(p);
        }
    }
    return out;
}

std::vector<double> clairvoyantTimes(std::string_view algorithm, int n, bool nonCommutative,
                                     const CostModel& costs) {
    const std::string name(algorithm);
    if (nonCommutative) {
        throw InputError(name + " pairs any two processors, so it is only valid for commutative "
                                "operations");
    }
    const std::string why = senderOnlyViolation(costs, n);
    if (!why.empty()) {
        throw InputError(name + " is a Liu-Wang clairvoyant baseline: " + why);
    }
    return senderTimes(*costs.fixed);
}

Narration epNarration(const Schedule& s) {
    const std::string turn =
        "waits for its turn in the sender order (EP starts it once two processors are free)";
    std::vector<int> sendOf(static_cast<std::size_t>(s.n), -1);
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        sendOf[static_cast<std::size_t>(s.transfers[k].from)] = static_cast<int>(k);
    }
    std::vector<int> lastReduction(static_cast<std::size_t>(s.n), -1);
    for (std::size_t r = 0; r < s.reductions.size(); ++r) {
        lastReduction[static_cast<std::size_t>(s.reductions[r].proc)] = static_cast<int>(r);
    }
    // A processor waits when it is free and its transfer starts later.
    const auto waits = [&](int p, double now) {
        const int k = sendOf[static_cast<std::size_t>(p)];
        return k >= 0 && s.transfers[static_cast<std::size_t>(k)].start > now;
    };
    std::vector<NarrationStep> steps;
    for (int p = 0; p < s.n; ++p) {
        if (lastReduction[static_cast<std::size_t>(p)] < 0 && waits(p, 0.0)) {
            steps.push_back(
                {EventKind::Decision, p, 0.0, "has nothing to receive and " + turn, -1, false});
        }
    }
    for (const TimelineEvent& e : buildTimeline(s)) {
        const auto k = static_cast<std::size_t>(e.op);
        NarrationStep step{e.kind, e.op, e.time, {}, -1, false};
        if (e.kind == EventKind::TransferStart) {
            step.reason = "next in the sender order and two processors are free: ";
        } else if (e.kind == EventKind::TransferEnd || e.kind == EventKind::ReductionStart) {
            const auto t = e.kind == EventKind::TransferEnd
                               ? k
                               : static_cast<std::size_t>(s.reductions[k].transfer);
            for (const ReductionOp& r : s.reductions) {
                step.waited = step.waited ||
                              (r.transfer == static_cast<int>(t) && r.start > s.transfers[t].end);
            }
        }
        steps.push_back(step);
        const int p = e.kind == EventKind::ReductionEnd ? s.reductions[k].proc : -1;
        if (p >= 0 && lastReduction[static_cast<std::size_t>(p)] == e.op && waits(p, e.time)) {
            steps.push_back({EventKind::Decision, p, e.time, "is idle and " + turn, -1, false});
        }
    }
    return narrate(s, steps);
}

std::unique_ptr<KernelBase> makeEpKernel(int n, bool nonCommutative, const CostModel& costs) {
    const std::vector<double> t = clairvoyantTimes("EP", n, nonCommutative, costs);
    return std::make_unique<ClairvoyantKernel>(epSchedule(t, indexOrderSenders(t)));
}

} // namespace rl
