// Times are compared with ==, never ASSERT_FUZZY_EQ (QCOMPARE's tolerance): the kernels built on
// these structures must reproduce the engine to the bit.
//
// The lean kernels' data structures against plain references, on random operation sequences
// with a fixed seed: the sorted array and the heap of keys (SortedKeys, KeyHeap) against a
// std::multiset, the packed events and the calendar queue of events (PackedEvents,
// CalendarEvents) against the exact times and payloads pushed; the packed events in vectors
// (WideEvents) against PackedEvents, operation by operation.
#include "fastpath/calendar_queue.h"
#include "fastpath/pending_events.h"
#include "fastpath/wide_events.h"

#include "../../test_support.h"

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <type_traits>

using namespace rl;

namespace {

// Times of the lean kernels: non-negative, many ties (rounded) or none.
double randomTime(std::mt19937_64& g, bool ties) {
    std::uniform_real_distribution<double> u(0.0, 10.0);
    const double t = u(g);
    return ties ? std::round(t * 4.0) / 4.0 : t;
}

constexpr int kSteps = 20000; // operations per random sequence

// WideEvents and PackedEvents given the same operations (random pushes, pushes that do not
// happen, pops; at most one pending event per payload, times never below the last popped,
// zero-cost events included) must pop the same keys, times and payloads. Compiled here
// without AVX-512: the compilers lower the generic vectors to narrower instructions, so this
// checks the logic on any processor; test_algorithms checks the AVX-512 kernels against the
// engine.
template <int kRegs, int kAlways> void checkWideAgainstPacked(std::uint32_t payloads, bool ties) {
    using Wide = WideEvents<kRegs, kAlways>;
    std::mt19937_64 g(payloads * 4 + kRegs * 2 + (ties ? 1 : 0));
    PackedEvents::Storage storage;
    PackedEvents packed = storage.view(payloads);
    std::vector<double> exact(payloads, 0.0);
    Wide wide(exact.data(), payloads);
    std::vector<char> pending(payloads, 0);
    const std::size_t capacity = std::min<std::size_t>(Wide::kCapacity, payloads);
    std::size_t count = 0;
    std::size_t largest = 0;
    double now = 0.0;
    for (int step = 0; step < kSteps; ++step) {
        // Pushes three times as likely as pops for a while, then the reverse: every size is
        // met, from empty to full.
        const bool growing = (step / 500) % 2 == 0;
        const bool push = count == 0 || (count < capacity && g() % 4 < (growing ? 3U : 1U));
        if (push) {
            auto p = static_cast<std::uint32_t>(g() % payloads);
            while (pending[p] != 0) {
                p = (p + 1) % payloads;
            }
            const double t = g() % 8 == 0 ? now : now + randomTime(g, ties);
            const bool really = g() % 4 != 0;
            wide.pushIf(really, t, p);
            if (really) {
                packed.push(t, p);
                pending[p] = 1;
                ++count;
            }
        } else {
            double tw = -1.0;
            double tp = -1.0;
            std::uint32_t pw = 0;
            std::uint32_t pp = 0;
            const std::uint64_t kw = wide.pop(tw, pw);
            const std::uint64_t kp = packed.pop(tp, pp);
            ASSERT_EQ(kw, kp);
            ASSERT_EQ(pw, pp);
            ASSERT_TRUE(tw == tp);
            ASSERT_EQ(wide.nextHasKey(kw), packed.nextHasKey(kp));
            pending[pp] = 0;
            now = tp;
            --count;
        }
        ASSERT_EQ(wide.size(), count);
        ASSERT_EQ(wide.empty(), count == 0);
        ASSERT_TRUE(!wide.overflowed());
        largest = std::max(largest, count);
    }
    ASSERT_EQ(largest, capacity);
}

template <class Keys> void checkKeysAgainstMultiset(Keys keys, std::size_t capacity, bool ties) {
    std::mt19937_64 g(capacity * 2 + (ties ? 1 : 0));
    std::multiset<double> ref;
    for (int step = 0; step < 20000; ++step) {
        const bool push = ref.empty() || (ref.size() < capacity && g() % 2 == 0);
        if (push) {
            const double v = randomTime(g, ties);
            keys.insert(v);
            ref.insert(v);
        } else {
            ASSERT_TRUE(keys.min() == *ref.begin());
            ASSERT_TRUE(keys.popMin() == *ref.begin());
            ref.erase(ref.begin());
        }
        ASSERT_EQ(keys.size(), ref.size());
        ASSERT_EQ(keys.empty(), ref.empty());
    }
}

// Pushes (time, payload) events, at most one pending per payload, with times never below the
// last one popped (as in a simulation); every pop must give the earliest time with its payload,
// except among events whose tie keys are equal, which must come out one after the other.
template <class Events> void checkEvents(Events events, std::uint32_t payloads, bool ties) {
    std::mt19937_64 g(payloads * 2 + (ties ? 1 : 0));
    std::vector<double> pending(payloads, -1.0); // -1: none
    std::size_t count = 0;
    double now = 0.0;
    std::uint64_t lastKey = ~std::uint64_t{0};
    double lastTime = -1.0;
    for (int step = 0; step < kSteps; ++step) {
        const auto p = static_cast<std::uint32_t>(g() % payloads);
        if (pending[p] < 0.0 && (count == 0 || g() % 2 == 0)) {
            const double t = now + randomTime(g, ties);
            events.push(t, p);
            pending[p] = t;
            ++count;
        } else if (count > 0) {
            double t = 0.0;
            std::uint32_t q = 0;
            const std::uint64_t key = events.pop(t, q);
            ASSERT_TRUE(q < payloads);
            ASSERT_TRUE(t == pending[q]); // the exact time of that payload's event
            double earliest = 1e300;
            for (double v : pending) {
                if (v >= 0.0) {
                    earliest = std::min(earliest, v);
                }
            }
            if (t != earliest) {
                // Out of order only within equal tie keys, reported as such.
                ASSERT_EQ(key, events.tieKey(earliest));
            }
            // The kernels' tie test: is an event of this key still pending?
            bool sameKeyPending = false;
            for (std::uint32_t r = 0; r < payloads; ++r) {
                sameKeyPending = sameKeyPending ||
                                 (r != q && pending[r] >= 0.0 && events.tieKey(pending[r]) == key);
            }
            ASSERT_EQ(events.nextHasKey(key), sameKeyPending);
            // Tie keys never decrease, and equal times have equal keys.
            ASSERT_TRUE(lastKey == ~std::uint64_t{0} || key >= lastKey);
            if (t == lastTime) {
                ASSERT_EQ(key, lastKey);
            }
            lastKey = key;
            lastTime = t;
            now = std::max(now, t);
            pending[q] = -1.0;
            --count;
        }
        ASSERT_EQ(events.size(), count);
    }
}

// As a run without reductions uses them: every key inserted is the last one popped plus a
// cost of at most `largest` (CalendarKeys needs it). Zero costs (ties) included.
// kRounded: SortedKeys::prepareRounded, then insertRounded (plain times, none below the last
// popped) instead of insert. `built`: that many keys first, by build() (as a run's transfers
// of time 0).
template <bool kRounded = false, class Keys>
void checkMonotoneAgainstMultiset(Keys keys, std::size_t capacity, bool ties, double largest = 10.0,
                                  std::size_t built = 0) {
    std::mt19937_64 g(capacity * 2 + (ties ? 1 : 0));
    std::multiset<double> ref;
    double last = 0.0;
    if constexpr (kRounded) {
        keys.prepareRounded(capacity);
    }
    if (built > 0) {
        std::vector<double> first(built);
        for (double& v : first) {
            v = randomTime(g, ties) * (largest / 10.0);
            ref.insert(v);
        }
        keys.build(built, [&](std::size_t i) { return first[i]; });
    }
    for (int step = 0; step < kSteps; ++step) {
        const bool push = ref.empty() || (ref.size() < capacity && g() % 2 == 0);
        if (push) {
            const double v = last + (g() % 8 == 0 ? 0.0 : randomTime(g, ties) * (largest / 10.0));
            if constexpr (kRounded) {
                keys.insertRounded(v);
            } else {
                keys.insert(v);
            }
            ref.insert(v);
        } else {
            ASSERT_TRUE(keys.min() == *ref.begin());
            last = keys.popMin();
            ASSERT_TRUE(last == *ref.begin());
            ref.erase(ref.begin());
        }
        ASSERT_EQ(keys.size(), ref.size());
        ASSERT_EQ(keys.empty(), ref.empty());
    }
}

// build() then more insertions and pops against a multiset: the built array must be the one
// the insertions make, and stay usable. The storage is reused from size to size (stale keys
// beyond the array, as in a Monte Carlo run).
// Start::Network: buildStart (SortedKeys::buildBySortingNetwork: 25 to 32 keys by a sorting
// network, 45 to 128 by merged blocks); Start::NetworkThenPasses: the static plans' joins'
// SortedKeys::buildByNetworkThenPasses (33 to 44 keys: 32 by the network, then passes).
enum class Start { Passes, Network, NetworkThenPasses };

// Fills `set` the way `start` names: network(set), thenPasses(set) where the set offers it
// (thenPasses is then well-formed; KeyHeap and CalendarEvents do not), else passes(set).
template <class Set, class Passes, class Network, class ThenPasses>
void startBy(Start start, Set& set, Passes passes, Network network, ThenPasses thenPasses) {
    if (start == Start::Network) {
        network(set);
        return;
    }
    if constexpr (requires { thenPasses(set); }) {
        if (start == Start::NetworkThenPasses) {
            thenPasses(set);
            return;
        }
    }
    passes(set);
}

template <class Storage> void checkBuildAgainstMultiset(bool ties, Start start) {
    std::mt19937_64 g(ties ? 7 : 8);
    Storage storage;
    for (std::size_t count = 0; count <= 140; ++count) {
        auto keys = storage.view(count + 8);
        std::vector<double> values(count);
        for (double& v : values) {
            v = randomTime(g, ties);
        }
        std::size_t calls = 0;
        bool inOrder = true; // each key asked for once, in order (they may be draws)
        auto key = [&](std::size_t i) {
            inOrder = inOrder && i == calls++;
            return values[i];
        };
        startBy(
            start, keys, [&](auto& k) { k.build(count, key); },
            [&](auto& k) { buildStart(k, count, key); },
            [&](auto& k) -> decltype(k.buildByNetworkThenPasses(count, key)) {
                k.buildByNetworkThenPasses(count, key);
            });
        ASSERT_TRUE(inOrder);
        ASSERT_EQ(calls, count);
        std::multiset<double> ref(values.begin(), values.end());
        ASSERT_EQ(keys.size(), count);
        for (int k = 0; k < 8; ++k) { // then as a kernel goes on
            if (!ref.empty() && g() % 2 == 0) {
                ASSERT_TRUE(keys.popMin() == *ref.begin());
                ref.erase(ref.begin());
            }
            const double v = randomTime(g, ties);
            keys.insert(v);
            ref.insert(v);
        }
        while (!ref.empty()) {
            ASSERT_TRUE(keys.popMin() == *ref.begin());
            ref.erase(ref.begin());
        }
        ASSERT_TRUE(keys.empty());
    }
}

template <class Storage> void checkPushAllAgainstPushes(Start start) {
    std::mt19937_64 g(9);
    Storage storage;
    for (std::uint32_t count = 0; count <= 140; ++count) {
        auto events = [&] {
            if constexpr (std::is_same_v<Storage, CalendarEvents::Storage>) {
                return storage.view(count, count, 10.0); // randomTime: below 10
            } else {
                return storage.view(2 * count + 1);
            }
        }();
        std::vector<double> times(count);
        for (double& t : times) {
            t = randomTime(g, false);
        }
        auto event = [&](std::size_t i, double& time, std::uint32_t& payload) {
            time = times[i];
            payload = static_cast<std::uint32_t>(2 * i + 1);
        };
        startBy(
            start, events, [&](auto& e) { e.pushAll(count, event); },
            [&](auto& e) { pushStart(e, count, event); },
            [&](auto& e) -> decltype(e.pushAllByNetworkThenPasses(count, event)) {
                e.pushAllByNetworkThenPasses(count, event);
            });
        std::vector<std::uint32_t> order(count);
        std::iota(order.begin(), order.end(), 0U);
        std::sort(order.begin(), order.end(),
                  [&](std::uint32_t a, std::uint32_t b) { return times[a] < times[b]; });
        for (const std::uint32_t i : order) {
            double t = 0.0;
            std::uint32_t payload = 0;
            events.pop(t, payload);
            ASSERT_EQ(payload, 2 * i + 1);
            ASSERT_TRUE(t == times[i]);
        }
        ASSERT_TRUE(events.empty());
    }
}

} // namespace

TEST(PendingEvents, SortedKeysAndHeapMatchAMultiset) {
    for (std::size_t capacity : {1U, 2U, 3U, 5U, 16U, 128U, 1000U}) {
        for (bool ties : {false, true}) {
            SortedKeys::Storage sorted;
            checkKeysAgainstMultiset(sorted.view(capacity), capacity, ties);
            KeyHeap::Storage heap;
            checkKeysAgainstMultiset(heap.view(capacity), capacity, ties);
        }
    }
}

// insertRounded's passes run past the keys into slots holding earlier keys or -inf: every
// key still comes out in order, at every size around the multiples of 8 where the passes
// stop, after a build, and on storage that held a run of far later times (which
// prepareRounded must clear as far as the passes reach).
TEST(PendingEvents, SortedKeysRoundedMatchAMultiset) {
    for (std::size_t capacity : {1U, 2U, 3U, 6U, 7U, 8U, 9U, 15U, 16U, 17U, 32U, 33U, 128U}) {
        for (bool ties : {false, true}) {
            SortedKeys::Storage sorted;
            checkMonotoneAgainstMultiset<true>(sorted.view(capacity), capacity, ties, 1e6);
            checkMonotoneAgainstMultiset<true>(sorted.view(capacity), capacity, ties);
            checkMonotoneAgainstMultiset<true>(sorted.view(capacity), capacity, ties, 1e6,
                                               capacity);
            checkMonotoneAgainstMultiset<true>(sorted.view(capacity), capacity, ties, 10.0,
                                               (capacity + 1) / 2);
        }
    }
}

// Every key popped in order, from sparse buckets (one or two keys each) to crowded ones:
// equal times (ties), a horizon far beyond the costs (every key in a few buckets, sorted
// runs), too few buckets for the keys pending, and zero costs only (one bucket).
TEST(PendingEvents, CalendarKeysMatchAMultiset) {
    for (std::size_t capacity : {1U, 2U, 3U, 129U, 1000U, 5000U}) {
        for (bool ties : {false, true}) {
            CalendarKeys::Storage calendar;
            checkMonotoneAgainstMultiset(calendar.view(capacity, kSteps, 10.0), capacity, ties);
            // Reused storage, as from run to run.
            checkMonotoneAgainstMultiset(calendar.view(capacity, kSteps, 10.0), capacity, ties);
            // Crowded: the largest cost far beyond the others, or few buckets.
            checkMonotoneAgainstMultiset(calendar.view(capacity, kSteps, 1e6), capacity, ties);
            checkMonotoneAgainstMultiset(calendar.view(1, kSteps, 10.0), capacity, ties);
            // Costs far below a bucket's width: keys crowd the first buckets.
            checkMonotoneAgainstMultiset(calendar.view(capacity, kSteps, 10.0), capacity, ties,
                                         1e-3);
            // Only zero costs.
            checkMonotoneAgainstMultiset(calendar.view(capacity, kSteps, 0.0), capacity, ties, 0.0);
            // Denormal costs: the bucket width would underflow (every key in bucket 0).
            checkMonotoneAgainstMultiset(calendar.view(capacity, kSteps, 1e-320), capacity, ties,
                                         1e-320);
        }
    }
}

// A run's horizon: the largest cost, whatever the count (the unrolled loop's tail).
TEST(PendingEvents, LargestCostIsTheMaximum) {
    std::mt19937_64 g(3);
    std::uniform_real_distribution<double> u(0.0, 5.0);
    for (std::size_t count = 0; count <= 40; ++count) {
        std::vector<double> costs(count);
        for (double& c : costs) {
            c = u(g);
        }
        const double expected = costs.empty() ? 0.0 : *std::max_element(costs.begin(), costs.end());
        ASSERT_TRUE(largestCost(costs.data(), count) == expected);
    }
}

// The lean kernels' time-0 events, built in one go (SortedKeys::build, four per pass, or
// a sorting network, alone or followed by passes), for every count up to 140, ties
// included.
TEST(PendingEvents, BuildEqualsInsertions) {
    for (Start start : {Start::Passes, Start::Network, Start::NetworkThenPasses}) {
        for (bool ties : {false, true}) {
            checkBuildAgainstMultiset<SortedKeys::Storage>(ties, start);
            checkBuildAgainstMultiset<KeyHeap::Storage>(ties, start);
        }
        checkPushAllAgainstPushes<PackedEvents::Storage>(start);
        checkPushAllAgainstPushes<CalendarEvents::Storage>(start);
    }
}

TEST(PendingEvents, PackedEventsAndHeapGiveExactTimesAndPayloads) {
    for (std::uint32_t payloads : {1U, 2U, 7U, 64U, 129U, 513U}) {
        for (bool ties : {false, true}) {
            PackedEvents::Storage packed;
            checkEvents(packed.view(payloads), payloads, ties);
            CalendarEvents::Storage calendar;
            checkEvents(calendar.view(payloads, kSteps, 10.0), payloads, ties);
            checkEvents(calendar.view(payloads, kSteps, 10.0), payloads, ties); // reused
            checkEvents(calendar.view(1, kSteps, 1e6), payloads, ties);         // crowded
        }
    }
}

// Times that differ in their last bits only: the packed keys may order them wrongly, and
// must then say so (equal tie keys).
TEST(PendingEvents, PackedEventsReportNearTies) {
    PackedEvents::Storage storage;
    PackedEvents events = storage.view(64);
    const double t = 1.0;
    events.push(std::nextafter(t, 2.0), 3);
    events.push(t, 60);
    double a = 0.0;
    double b = 0.0;
    std::uint32_t pa = 0;
    std::uint32_t pb = 0;
    const std::uint64_t ka = events.pop(a, pa);
    const std::uint64_t kb = events.pop(b, pb);
    ASSERT_EQ(ka, kb);
    ASSERT_TRUE(std::min(a, b) == t);
    ASSERT_TRUE(a != b);
}

TEST(PendingEvents, WideEventsMatchPackedEvents) {
    for (bool ties : {false, true}) {
        for (std::uint32_t payloads : {2U, 7U, 64U, 129U}) {
            checkWideAgainstPacked<5, 1>(payloads, ties);
            checkWideAgainstPacked<5, 5>(payloads, ties);
            checkWideAgainstPacked<1, 1>(payloads, ties);
            checkWideAgainstPacked<2, 1>(payloads, ties);
        }
    }
}

// pushAll as the pushes one by one; and one event beyond the capacity is reported (the
// kernels then give up), not lost silently.
TEST(PendingEvents, WideEventsPushAllAndOverflow) {
    std::vector<double> exact(129, 0.0);
    std::vector<double> times(41);
    std::mt19937_64 g(3);
    for (double& t : times) {
        t = randomTime(g, true);
    }
    auto event = [&](std::size_t i, double& time, std::uint32_t& payload) {
        time = times[i];
        payload = static_cast<std::uint32_t>(i);
    };
    WideEvents<5> all(exact.data(), 129);
    all.pushAll(40, event);
    PackedEvents::Storage storage;
    PackedEvents packed = storage.view(129);
    packed.pushAll(40, event);
    ASSERT_TRUE(!all.overflowed());
    while (!packed.empty()) {
        double tw = -1.0;
        double tp = -1.0;
        std::uint32_t pw = 0;
        std::uint32_t pp = 0;
        ASSERT_EQ(all.pop(tw, pw), packed.pop(tp, pp));
        ASSERT_EQ(pw, pp);
        ASSERT_TRUE(tw == tp);
    }
    ASSERT_TRUE(all.empty());
    WideEvents<5> full(exact.data(), 129);
    full.pushAll(40, event);
    full.pushIf(false, 0.0, 40);
    ASSERT_TRUE(!full.overflowed());
    full.push(times[40], 40);
    ASSERT_TRUE(full.overflowed());
}
