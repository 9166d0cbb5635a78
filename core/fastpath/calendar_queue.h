#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace rl {

/// A calendar queue (Brown 1988) of entries ordered by a non-negative time, for the large
/// pending sets of the lean kernels, whose times lie between the last time popped and that
/// time plus the largest cost of the run (`horizon`): every event pushed ends an operation
/// that starts at the time of the event being handled. Time is cut into `buckets` intervals
/// of width horizon / (buckets - 4), used in a circle: the pending times span less than one
/// turn, so one bucket never holds two turns, and bucket order from the last time popped is
/// time order. A push is an append to its bucket's list (no comparison); a pop finds the
/// first non-empty bucket with a bit scan and the earliest entry of its list, which holds
/// one or two entries when the buckets outnumber the pending entries (compared without a
/// walk, find()). Each entry is placed once, where the radix heap it replaces moved each
/// about log2(size) times (n = 4,096: 9 instead of 31 ns per transfer). A bucket found
/// holding more than kCrowded entries (a law whose costs cluster far below its largest one,
/// or many equal times) is sorted once and popped from the end of that sorted run, so a
/// crowded bucket costs O(log k) per entry, not O(k). The entries' order among equal times is
/// unspecified. `timeOf(entry)` gives an entry's time; buckets and lists are reused from run
/// to run (Storage).
template <class Entry, double (*timeOf)(const Entry&)> class CalendarQueue {
    static constexpr std::int32_t kNone = -1;
    static constexpr int kCrowded = 16;
    struct Node {
        Entry entry;
        std::int32_t next;
    };

  public:
    class Storage {
      public:
        /// A queue for one run with at most `pushes` pushes, about `pending` entries pending at
        /// once, and times never beyond the last time popped plus `horizon` (finite, >= 0).
        CalendarQueue view(std::size_t pending, std::size_t pushes, double horizon) {
            const std::size_t buckets = std::bit_ceil(std::max<std::size_t>(8 * pending, 64));
            if (m_head.size() < buckets) {
                m_head.assign(buckets, kNone);
                m_bits.assign(buckets / 64, 0);
            }
            // A run that stopped early (a tie) leaves entries: empty their buckets.
            for (std::size_t w = 0; w < m_bits.size(); ++w) {
                for (std::uint64_t b = m_bits[w]; b != 0; b &= b - 1) {
                    m_head[64 * w + static_cast<std::size_t>(std::countr_zero(b))] = kNone;
                }
                m_bits[w] = 0;
            }
            m_run.clear();
            if (m_nodes.size() < pushes + 1) {
                m_nodes.resize(pushes + 1);
            }
            // Node kNone (-1): the end of every list, an entry later than any.
            m_nodes[0] = Node{Entry{std::numeric_limits<double>::infinity()}, kNone};
            // Times in [last, last + horizon] fall in buckets first .. first + buckets - 4 + 2
            // (rounding included): within one turn of the circle.
            // A horizon so small that the ratio overflows (denormal costs) puts every time in
            // bucket 0, as a zero horizon does: the crowded bucket's sorted run orders them.
            const double ratio = horizon > 0.0 ? static_cast<double>(buckets - 4) / horizon : 0.0;
            const double perWidth = std::isfinite(ratio) ? ratio : 0.0;
            return CalendarQueue(m_head.data(), m_bits.data(), m_nodes.data() + 1, &m_run,
                                 buckets - 1, perWidth);
        }

      private:
        std::vector<std::int32_t> m_head;  // per bucket: its first node
        std::vector<std::uint64_t> m_bits; // bit b: bucket b has entries
        std::vector<Node> m_nodes;         // [0]: node kNone
        std::vector<Entry> m_run;          // a crowded bucket, sorted latest first
    };

    bool empty() const { return m_size == 0; }
    std::size_t size() const { return m_size; }

    [[gnu::always_inline]] void push(const Entry& e) {
        const std::uint64_t abs = bucketOf(timeOf(e));
        ++m_size;
        if (m_runActive && abs == m_runBucket) {
            // Into the sorted run, after the entries not earlier than it.
            const auto at = std::upper_bound(
                m_run->begin(), m_run->end(), e,
                [](const Entry& a, const Entry& b) { return timeOf(a) > timeOf(b); });
            m_run->insert(at, e);
            m_found = false;
            return;
        }
        if (m_found && abs <= m_at.bucket) {
            m_found = false; // it may come first, or change the list holding the earliest
        }
        const std::size_t b = abs & m_mask;
        const std::int32_t node = m_free++;
        m_nodes[node] = Node{e, m_head[b]};
        m_head[b] = node;
        m_bits[b >> 6] |= std::uint64_t{1} << (b & 63);
    }
    /// The earliest entry (not empty()).
    [[gnu::always_inline]] const Entry& top() {
        if (!m_found) {
            m_at = find();
            m_found = true;
        }
        return m_at.inRun ? m_run->back() : m_nodes[m_at.node].entry;
    }
    /// Removes and returns the earliest entry (not empty()); its time becomes the last popped.
    [[gnu::always_inline]] Entry pop() {
        // A local copy: the stores below (int32 links) could alias the members for the
        // compiler, which then read them back from memory on the chain to the next pop.
        const Found at = m_found ? m_at : find();
        --m_size;
        m_found = false;
        m_lastBucket = at.bucket;
        const std::size_t b = at.bucket & m_mask;
        if (at.inRun) {
            const Entry e = m_run->back();
            m_run->pop_back();
            m_lastTime = timeOf(e);
            if (m_run->empty()) {
                m_runActive = false;
                m_bits[b >> 6] &= ~(std::uint64_t{1} << (b & 63));
            }
            return e;
        }
        const Entry e = m_nodes[at.node].entry;
        *at.link = m_nodes[at.node].next;
        m_lastTime = timeOf(e);
        // Whether the bucket is now empty is a coin toss (one or two entries): no branch.
        m_bits[b >> 6] &= ~(std::uint64_t{at.empties} << (b & 63));
        return e;
    }
    /// Whether an entry of the last time popped is still pending.
    [[gnu::always_inline]] bool lastTimeLeft() { return !empty() && timeOf(top()) == m_lastTime; }

  private:
    CalendarQueue(std::int32_t* head, std::uint64_t* bits, Node* nodes, std::vector<Entry>* run,
                  std::size_t mask, double perWidth)
        : m_head(head), m_bits(bits), m_nodes(nodes), m_run(run), m_mask(mask),
          m_perWidth(perWidth) {}

    std::uint64_t bucketOf(double time) const {
        // Through a signed conversion, one instruction (the unsigned one branches on 2^63):
        // time * m_perWidth stays far below 2^63 (at most about twice the run's costs
        // over a bucket's width).
        return static_cast<std::uint64_t>(static_cast<std::int64_t>(time * m_perWidth));
    }

    // Where the earliest entry is: the first non-empty bucket from the last one popped (in
    // circle order), then the earliest of its list or its sorted run.
    struct Found {
        std::uint64_t bucket = 0;     // absolute
        std::int32_t* link = nullptr; // the link to its node (in a list)
        std::int32_t node = kNone;    // its node (in a list)
        bool inRun = false;           // it is the sorted run's last entry
        bool empties = false;         // popping it empties its bucket's list
    };
    [[gnu::always_inline]] Found find() {
        Found at;
        std::uint64_t abs = m_lastBucket;
        const std::uint64_t bits = m_bits[(abs & m_mask) >> 6] >> (abs & 63);
        abs =
            bits != 0 ? abs + static_cast<std::uint64_t>(std::countr_zero(bits)) : nextBucket(abs);
        at.bucket = abs;
        if (m_runActive && abs == m_runBucket) {
            at.inRun = true;
            return at;
        }
        std::int32_t* link = &m_head[abs & m_mask];
        // One or two entries, the usual case, without walking the list: node kNone, after the
        // last one, is later than any, so one entry takes the two-entry path. The walk's exit
        // (after one entry or two, a coin toss where times are dense) mispredicted; a select
        // by masks instead of the branch on takeSecond measured slower (it lengthens the
        // chain to the next pop), so that one stays a branch, mostly predicted.
        const std::int32_t first = *link;
        const std::int32_t second = m_nodes[first].next;
        // Known from the list's length, before the choice: pop() clears the bucket's bit
        // without reading the head back (which made the next pop's scan wait for the choice).
        at.empties = second == kNone; // one entry
        if (m_nodes[second].next == kNone) {
            const bool takeSecond = timeOf(m_nodes[second].entry) < timeOf(m_nodes[first].entry);
            at.link = takeSecond ? &m_nodes[first].next : link;
            at.node = takeSecond ? second : first;
            return at;
        }
        std::int32_t* bestLink = link;
        double best = std::numeric_limits<double>::infinity();
        int length = 0;
        for (std::int32_t node = *link; node != kNone; node = *link) {
            const double t = timeOf(m_nodes[node].entry);
            if (t < best) {
                best = t;
                bestLink = link;
            }
            link = &m_nodes[node].next;
            ++length;
        }
        at.link = bestLink;
        at.node = *bestLink; // (three entries or more: at.empties is false)
        if (length > kCrowded && !m_runActive) {
            crowd(abs);
            at.inRun = true;
        }
        return at;
    }

    // The first non-empty bucket after the word holding `abs`, whose buckets from `abs` on
    // are empty; found a word (64 buckets) at a time.
    [[gnu::noinline]] std::uint64_t nextBucket(std::uint64_t abs) const {
        const std::size_t words = (m_mask + 1) >> 6;
        std::size_t word = (abs & m_mask) >> 6;
        std::uint64_t skipped = 64 - (abs & 63); // to the start of the next word
        word = (word + 1) & (words - 1);
        while (m_bits[word] == 0) {
            skipped += 64;
            word = (word + 1) & (words - 1);
        }
        return abs + skipped + static_cast<std::uint64_t>(std::countr_zero(m_bits[word]));
    }

    // Moves the crowded bucket `abs` into the sorted run.
    [[gnu::noinline]] void crowd(std::uint64_t abs) {
        std::int32_t& head = m_head[abs & m_mask];
        for (std::int32_t node = head; node != kNone; node = m_nodes[node].next) {
            m_run->push_back(m_nodes[node].entry);
        }
        head = kNone; // its bit stays set while the run has entries
        std::sort(m_run->begin(), m_run->end(),
                  [](const Entry& a, const Entry& b) { return timeOf(a) > timeOf(b); });
        m_runActive = true;
        m_runBucket = abs;
    }

    std::int32_t* m_head;
    std::uint64_t* m_bits;
    Node* m_nodes;
    std::vector<Entry>* m_run;
    std::size_t m_mask;
    double m_perWidth;
    std::size_t m_size = 0;
    std::int32_t m_free = 0;
    std::uint64_t m_lastBucket = 0; // the bucket of the last time popped (absolute)
    double m_lastTime = -1.0;
    // The earliest entry, once located (until a pop or a push that may come first).
    bool m_found = false;
    Found m_at;
    bool m_runActive = false;
    std::uint64_t m_runBucket = 0;
};

namespace calendar_detail {
inline double keyTime(const double& key) {
    return key;
}
struct Event {
    double time;
    std::uint32_t payload = 0;
};
inline double eventTime(const Event& e) {
    return e.time;
}
} // namespace calendar_detail

/// The largest of `count` costs (>= 0): a run's horizon for CalendarQueue (no pending time is
/// later than the last time popped plus the largest cost of the run). Eight running maxima:
/// one would be a chain of dependent steps as long as the run.
inline double largestCost(const double* costs, std::size_t count) {
    double m[8] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
    std::size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        for (std::size_t k = 0; k < 8; ++k) {
            m[k] = std::max(m[k], costs[i + k]);
        }
    }
    for (; i < count; ++i) {
        m[0] = std::max(m[0], costs[i]);
    }
    return std::max({m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7]});
}

/// A run's horizon: the largest of its n - 1 transfer costs and, unless `reduction` is null
/// (no reduction cost), of its n - 1 reduction costs.
inline double runHorizon(int n, const double* transfer, const double* reduction) {
    const auto ops = static_cast<std::size_t>(n - 1);
    return std::max(largestCost(transfer, ops),
                    reduction != nullptr ? largestCost(reduction, ops) : 0.0);
}

/// The buffers of a CalendarQueue wrapper (CalendarKeys, CalendarEvents), reused from run to
/// run: view() makes the wrapper for one run (CalendarQueue::Storage::view).
template <class Wrapper, class Queue> class CalendarStorage {
  public:
    Wrapper view(std::size_t pending, std::size_t pushes, double horizon) {
        return Wrapper(m_queue.view(pending, pushes, horizon));
    }

  private:
    typename Queue::Storage m_queue;
};

/// SortedKeys' interface on a CalendarQueue of times, for Tree-dyn's pending ends on large
/// platforms. min() makes nothing pending below the smallest key: every key inserted after
/// it must be at least that key.
class CalendarKeys {
    using Queue = CalendarQueue<double, &calendar_detail::keyTime>;
    friend class CalendarStorage<CalendarKeys, Queue>;

  public:
    using Storage = CalendarStorage<CalendarKeys, Queue>;

    std::size_t size() const { return m_queue.size(); }
    bool empty() const { return m_queue.empty(); }
    [[gnu::always_inline]] double min() { return m_queue.top(); }
    [[gnu::always_inline]] double popMin() { return m_queue.pop(); }
    [[gnu::always_inline]] void insert(double v) { m_queue.push(v); }
    /// SortedKeys::build's interface: inserts key(0), ..., key(count - 1).
    template <class Key> void build(std::size_t count, Key&& key) {
        for (std::size_t i = 0; i < count; ++i) {
            m_queue.push(key(i));
        }
    }

  private:
    explicit CalendarKeys(Queue queue) : m_queue(queue) {}
    Queue m_queue;
};

/// PackedEvents' interface on a CalendarQueue of (time, payload), for the large platforms of
/// the kernels with one queue of events (Non-Commut-Tree-dyn, the static plans' joins). Ties
/// are exact (equal times).
class CalendarEvents {
    using Queue = CalendarQueue<calendar_detail::Event, &calendar_detail::eventTime>;
    friend class CalendarStorage<CalendarEvents, Queue>;

  public:
    using Storage = CalendarStorage<CalendarEvents, Queue>;

    bool empty() const { return m_queue.empty(); }
    std::size_t size() const { return m_queue.size(); }
    [[gnu::always_inline]] void push(double time, std::uint32_t payload) {
        m_queue.push({time, payload});
    }
    /// PackedEvents::pushAll's interface.
    template <class Event> void pushAll(std::size_t count, Event&& event) {
        for (std::size_t i = 0; i < count; ++i) {
            calendar_detail::Event e{0.0, 0};
            event(i, e.time, e.payload);
            m_queue.push(e);
        }
    }
    /// Pops an earliest event (not empty()) and returns its tie key, its time's bits.
    [[gnu::always_inline]] std::uint64_t pop(double& time, std::uint32_t& payload) {
        const calendar_detail::Event e = m_queue.pop();
        time = e.time;
        payload = e.payload;
        return tieKey(time);
    }
    /// Whether an event with tie key `key` (the one pop() just returned) is still pending.
    [[gnu::always_inline]] bool nextHasKey(std::uint64_t /*key*/) { return m_queue.lastTimeLeft(); }
    static std::uint64_t tieKey(double time) { return std::bit_cast<std::uint64_t>(time); }

  private:
    explicit CalendarEvents(Queue queue) : m_queue(queue) {}
    Queue m_queue;
};

} // namespace rl
