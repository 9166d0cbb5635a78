#include "fastpath/static_joins.h"

#include "engine/static_plan.h"

#include <algorithm>
#include <stdexcept>

namespace rl {

StaticJoins StaticJoins::build(const StaticPlan& plan, bool withReductions) {
    const int n = plan.n;
    StaticJoins j;
    j.n = n;
    j.withReductions = withReductions;
    // Ids: X(s) = s, then R(s) = n + s with reductions, then the dummy.
    j.dummy = withReductions ? 2 * n : n;
    const auto ids = static_cast<std::size_t>(j.dummy) + 1;
    j.need.assign(ids, kNeverFires);
    j.consumers.assign(j.consumersPerJoin() * ids, j.dummy);
    std::vector<int> pos(static_cast<std::size_t>(n), 0); // index of s among its parent's sources
    for (int p = 0; p < n; ++p) {
        for (int k = 0; k < plan.receptionCount(p); ++k) {
            pos[static_cast<std::size_t>(plan.source(p, k))] = k;
        }
    }
    const int lag = plan.lag;
    auto source = [&](int p, int k) { return k < plan.receptionCount(p) ? plan.source(p, k) : -1; };
    auto consumer = [&](int c) { return c >= 0 ? c : j.dummy; };
    // The join fed by the end of p's last operation: p's own transfer (it is then ready to
    // send), or nothing for the root.
    auto sendOf = [&](int p) { return plan.parent[static_cast<std::size_t>(p)] >= 0 ? p : -1; };
    for (int s = 0; s < n; ++s) {
        const int p = plan.parent[static_cast<std::size_t>(s)];
        if (p < 0) {
            continue;
        }
        const int k = pos[static_cast<std::size_t>(s)];
        const int count = plan.receptionCount(p);
        const int ready = plan.receptionCount(s) > 0 ? 1 : 0; // s waits for its last reduction
        auto x = [&](std::size_t slot) -> int& {
            return j.consumers[j.consumersPerJoin() * static_cast<std::size_t>(s) + slot];
        };
        auto r = [&](std::size_t slot) -> int& {
            return j.consumers[j.consumersPerJoin() *
                                   (static_cast<std::size_t>(n) + static_cast<std::size_t>(s)) +
                               slot];
        };
        if (!withReductions) {
            // Reception k waits for reception k-1 and for the sender's last reception.
            j.need[static_cast<std::size_t>(s)] = (k > 0 ? 1 : 0) + ready;
            x(0) = consumer(k + 1 < count ? source(p, k + 1) : sendOf(p));
            continue;
        }
        // X(s): lag 0 waits for the reduction of reception k-1 (which ends after the
        // reception itself); lag 1 for reception k-1 and the reduction of reception k-2.
        j.need[static_cast<std::size_t>(s)] =
            (lag == 0 ? (k > 0 ? 1 : 0) : (k > 0 ? 1 : 0) + (k > 1 ? 1 : 0)) + ready;
        // R(s): the transfer's end and p's previous reduction.
        j.need[static_cast<std::size_t>(n) + static_cast<std::size_t>(s)] = 1 + (k > 0 ? 1 : 0);
        x(0) = n + s;
        x(1) = consumer(lag == 1 && k + 1 < count ? source(p, k + 1) : -1);
        r(0) = consumer(k + 1 < count ? n + source(p, k + 1) : -1);
        if (k == count - 1) {
            r(1) = consumer(sendOf(p));
        } else {
            r(1) = consumer(source(p, k + 1 + lag));
        }
    }
    if (withReductions) {
        j.pruneDominatedInputs();
        j.feedStartsOfJoins();
        j.compactConsumers();
    }
    // Time 0: the processors' available events in index order, as the engine handles them
    // (StaticPolicy::onIdle: trySend, then tryReceive); only first receptions from senders
    // without receptions of their own can start then.
    std::vector<char> started(static_cast<std::size_t>(n), 0);
    std::vector<char> receiving(static_cast<std::size_t>(n), 0);
    auto fire = [&](int s) {
        j.initial.push_back(s);
        receiving[static_cast<std::size_t>(plan.parent[static_cast<std::size_t>(s)])] = 1;
    };
    for (int p = 0; p < n; ++p) {
        started[static_cast<std::size_t>(p)] = 1;
        const int parent = plan.parent[static_cast<std::size_t>(p)];
        if (parent >= 0 && plan.receptionCount(p) == 0 && pos[static_cast<std::size_t>(p)] == 0 &&
            started[static_cast<std::size_t>(parent)] &&
            !receiving[static_cast<std::size_t>(parent)]) {
            fire(p);
        }
        if (plan.receptionCount(p) > 0 && !receiving[static_cast<std::size_t>(p)]) {
            const int s = plan.source(p, 0);
            if (plan.receptionCount(s) == 0 && started[static_cast<std::size_t>(s)]) {
                fire(s);
            }
        }
    }
    // The joins the initial transfers complete, then those their starts complete.
    std::vector<int> delivered(j.need.size(), 0);
    auto deliver = [&](int c) {
        if (++delivered[static_cast<std::size_t>(c)] == j.need[static_cast<std::size_t>(c)]) {
            j.readyAtZero.push_back(c);
        }
    };
    for (const int s : j.initial) {
        for (std::size_t slot = 0; slot < j.consumersPerJoin(); ++slot) {
            deliver(j.consumers[j.consumersPerJoin() * static_cast<std::size_t>(s) + slot]);
        }
    }
    for (std::size_t k = 0; k < j.readyAtZero.size() && !j.startConsumers.empty(); ++k) {
        deliver(j.startConsumers[static_cast<std::size_t>(j.readyAtZero[k])]);
    }
    std::vector<char> initial(static_cast<std::size_t>(n), 0);
    for (const int s : j.initial) {
        initial[static_cast<std::size_t>(s)] = 1;
    }
    for (int s = 0; s < n; ++s) {
        const bool zero = plan.parent[static_cast<std::size_t>(s)] >= 0 &&
                          j.need[static_cast<std::size_t>(s)] == 0;
        if (zero != (initial[static_cast<std::size_t>(s)] != 0)) {
            throw std::logic_error("static plan: the transfers of time 0 are not the joins "
                                   "without inputs");
        }
    }
    return j;
}

std::vector<std::vector<int>> StaticJoins::inputsOfJoins() const {
    const std::size_t per = consumersPerJoin();
    std::vector<std::vector<int>> inputs(need.size());
    for (std::size_t a = 0; a < need.size(); ++a) {
        for (std::size_t slot = 0; slot < per; ++slot) {
            const int c = consumers[per * a + slot];
            if (c != dummy) {
                inputs[static_cast<std::size_t>(c)].push_back(static_cast<int>(a));
            }
        }
    }
    return inputs;
}

void StaticJoins::dropEdge(int a, int c) {
    const std::size_t per = consumersPerJoin();
    for (std::size_t slot = 0; slot < per; ++slot) {
        int& target = consumers[per * static_cast<std::size_t>(a) + slot];
        if (target == c) {
            target = dummy;
        }
    }
}

void StaticJoins::pruneDominatedInputs() {
    const std::size_t per = consumersPerJoin();
    const std::size_t ids = need.size();
    const std::vector<int> edges = consumers; // as built: pruning one edge keeps the others'
    auto feeds = [&](std::size_t a, int c) {
        for (std::size_t slot = 0; slot < per; ++slot) {
            if (edges[per * a + slot] == c) {
                return true;
            }
        }
        return false;
    };
    // An input a of join c is never the last to end when another input b of c waits for a
    // itself: b starts after a ends, and a cost is never negative, so b's end is not earlier
    // (in floating point too: start + cost >= start). Removing a -> c changes neither c's
    // start time (the latest of its inputs) nor when c joins the queue (at b's end, which is
    // handled after a's, b being pushed only once a ended). Binomial-stat's reduction j waits
    // for reduction j-1 and transfer j, which itself waited for reduction j-1: each of its
    // operations then feeds one join, and a run takes the one-consumer loop.
    std::vector<std::vector<int>> inputs = inputsOfJoins();
    for (std::size_t c = 0; c < ids; ++c) {
        for (const int a : inputs[c]) {
            for (const int b : inputs[c]) {
                if (b != a && feeds(static_cast<std::size_t>(a), b)) {
                    dropEdge(a, static_cast<int>(c));
                    --need[c];
                    break;
                }
            }
        }
    }
}

void StaticJoins::feedStartsOfJoins() {
    const std::size_t per = consumersPerJoin();
    const std::size_t ids = need.size();
    std::vector<std::vector<int>> inputs = inputsOfJoins();
    // When every input of a join b is also an input of c, c's start is the latest of b's
    // start and c's other inputs: b's inputs can be replaced by one, "b is pushed" (its start
    // is known then), delivered as b joins the queue. Fibonacci-stat's reception k waits for
    // reception k-1 and the reduction of k-2, exactly what the reduction of k-1 waits for
    // (for k = 1, reception 0, all that reduction 0 waits for): each of its operations then
    // feeds one join at its end. c's start is the same max, exactly, and c joins the queue at
    // the same moment (b is pushed while the last of its inputs is handled), so the
    // operations start in the same order. One level only: a join fed so feeds none so.
    std::vector<int> feeds(ids, dummy);
    std::vector<char> fed(ids, 0);
    auto contains = [](const std::vector<int>& set, int x) {
        return std::find(set.begin(), set.end(), x) != set.end();
    };
    for (std::size_t c = 0; c < ids; ++c) {
        if (inputs[c].empty() || feeds[c] != dummy) {
            continue;
        }
        for (const int a : inputs[c]) {
            bool done = false;
            for (std::size_t slot = 0; slot < per && !done; ++slot) {
                const int b = consumers[per * static_cast<std::size_t>(a) + slot];
                const auto bi = static_cast<std::size_t>(b);
                if (b == dummy || bi == c || feeds[bi] != dummy || fed[bi] != 0 ||
                    inputs[bi].empty() || inputs[bi].size() > inputs[c].size() ||
                    static_cast<int>(inputs[bi].size()) != need[bi]) {
                    continue;
                }
                if (!std::all_of(inputs[bi].begin(), inputs[bi].end(),
                                 [&](int x) { return contains(inputs[c], x); })) {
                    continue;
                }
                feeds[bi] = static_cast<int>(c);
                fed[c] = 1;
                for (const int x : inputs[bi]) {
                    dropEdge(x, static_cast<int>(c));
                }
                need[c] -= static_cast<int>(inputs[bi].size()) - 1;
                done = true;
            }
            if (done) {
                break;
            }
        }
    }
    if (std::any_of(fed.begin(), fed.end(), [](char f) { return f != 0; })) {
        startConsumers = std::move(feeds);
    }
}

void StaticJoins::compactConsumers() {
    const std::size_t per = consumersPerJoin();
    const std::size_t ids = need.size();
    // One consumer at most per join: one slot each (the run's loop then delivers once).
    for (std::size_t a = 0; a < ids; ++a) {
        if (consumers[per * a] != dummy && consumers[per * a + 1] != dummy) {
            return;
        }
    }
    std::vector<int> single(ids, dummy);
    for (std::size_t a = 0; a < ids; ++a) {
        single[a] = consumers[per * a] != dummy ? consumers[per * a] : consumers[per * a + 1];
    }
    consumers = std::move(single);
    oneConsumer = true;
}

} // namespace rl
