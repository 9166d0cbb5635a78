#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace rl {

/// A radix heap (Ahuja, Mehlhorn, Orlin, Tarjan 1990) of entries ordered by a non-negative
/// time, for large sets whose times never go below the last one popped, as a lean kernel's
/// pending events (every event pushed ends an operation that starts at the time of the event
/// being handled). It works on the times' bit patterns, which order like non-negative doubles:
/// an entry sits in the bucket of the highest bit where its time differs from the last time
/// popped (bucket 0: equal to it), so a push is an append, with no comparison; when bucket 0
/// runs out, the first non-empty bucket is scanned for its earliest time, which becomes the
/// last one, and its entries move to lower buckets. An entry moves at most 64 times, in
/// practice a few: O(1) per operation instead of the binary heap's O(log size) chain of
/// dependent loads and compares. Times must be non-negative and not NaN.
/// `timeOf(entry)` gives an entry's time. Buckets are reused from run to run (Storage).
template <class Entry, double (*timeOf)(const Entry&)> class RadixHeap {
    static constexpr int kBuckets = 64; // bit widths 0..63 (the sign bit is 0)

  public:
    class Storage {
      public:
        RadixHeap view() {
            for (auto& b : m_buckets) {
                b.clear();
            }
            return RadixHeap(m_buckets);
        }

      private:
        std::vector<Entry> m_buckets[kBuckets];
    };

    bool empty() const { return m_size == 0; }
    std::size_t size() const { return m_size; }
    /// Whether an entry of the last time popped is still pending (bucket 0 holds them).
    bool lastTimeLeft() const { return !m_buckets[0].empty(); }

    void push(const Entry& e) {
        const int b = bucketOf(timeOf(e));
        m_buckets[b].push_back(e);
        m_nonEmpty |= std::uint64_t{1} << b;
        ++m_size;
    }
    /// The earliest entry (not empty()); its time becomes the last one popped.
    const Entry& top() {
        if (m_buckets[0].empty()) {
            refill();
        }
        return m_buckets[0].back();
    }
    Entry pop() {
        const Entry e = top();
        m_buckets[0].pop_back();
        if (m_buckets[0].empty()) {
            m_nonEmpty &= ~std::uint64_t{1};
        }
        --m_size;
        return e;
    }

  private:
    explicit RadixHeap(std::vector<Entry>* buckets) : m_buckets(buckets) {}

    int bucketOf(double time) const {
        return std::bit_width(std::bit_cast<std::uint64_t>(time) ^
                              std::bit_cast<std::uint64_t>(m_last));
    }
    // Bucket 0 is empty and the heap is not: the earliest time of the first non-empty bucket
    // becomes the last one, and that bucket's entries move down (they now differ from it in
    // a lower bit, or not at all).
    void refill() {
        const int b = std::countr_zero(m_nonEmpty);
        std::vector<Entry>& from = m_buckets[b];
        double earliest = timeOf(from[0]);
        for (const Entry& e : from) {
            earliest = timeOf(e) < earliest ? timeOf(e) : earliest;
        }
        m_last = earliest;
        for (const Entry& e : from) {
            const int to = bucketOf(timeOf(e));
            m_buckets[to].push_back(e);
            m_nonEmpty |= std::uint64_t{1} << to;
        }
        from.clear();
        m_nonEmpty &= ~(std::uint64_t{1} << b);
    }

    std::vector<Entry>* m_buckets;
    std::uint64_t m_nonEmpty = 0; // bit b: bucket b has entries
    double m_last = 0.0;          // the last time popped (no pending time is below it)
    std::size_t m_size = 0;
};

namespace radix_detail {
inline double keyTime(const double& key) {
    return key;
}
struct Event {
    double time;
    std::uint32_t payload;
};
inline double eventTime(const Event& e) {
    return e.time;
}
} // namespace radix_detail

/// SortedKeys' interface on a RadixHeap of times, for Tree-dyn's pending transfer ends
/// without reductions (each the time just popped plus a cost). min() makes the smallest key
/// the last one popped: call it only when no key below it will be inserted.
class RadixKeys {
    using Heap = RadixHeap<double, &radix_detail::keyTime>;

  public:
    class Storage {
      public:
        RadixKeys view(std::size_t /*capacity*/) { return RadixKeys(m_heap.view()); }

      private:
        Heap::Storage m_heap;
    };

    std::size_t size() const { return m_heap.size(); }
    bool empty() const { return m_heap.empty(); }
    double min() { return m_heap.top(); }
    double popMin() { return m_heap.pop(); }
    /// popMin() then insert(v).
    void replaceMin(double v) {
        m_heap.pop();
        m_heap.push(v);
    }
    void insert(double v) { m_heap.push(v); }
    /// SortedKeys::build's interface: inserts key(0), ..., key(count - 1).
    template <class Key> void build(std::size_t count, Key&& key) {
        for (std::size_t i = 0; i < count; ++i) {
            m_heap.push(key(i));
        }
    }

  private:
    explicit RadixKeys(Heap heap) : m_heap(heap) {}
    Heap m_heap;
};

/// PackedEvents' interface on a RadixHeap of (time, payload), for the large platforms of the
/// kernels with one queue of events (Non-Commut-Tree-dyn, the static plans' joins), whose
/// times never go below the last one popped. Ties are exact (equal times).
class RadixEvents {
    using Heap = RadixHeap<radix_detail::Event, &radix_detail::eventTime>;

  public:
    class Storage {
      public:
        RadixEvents view(std::uint32_t /*payloads*/) { return RadixEvents(m_heap.view()); }

      private:
        Heap::Storage m_heap;
    };

    bool empty() const { return m_heap.empty(); }
    std::size_t size() const { return m_heap.size(); }
    void push(double time, std::uint32_t payload) { m_heap.push({time, payload}); }
    /// PackedEvents::pushAll's interface.
    template <class Event> void pushAll(std::size_t count, Event&& event) {
        for (std::size_t i = 0; i < count; ++i) {
            radix_detail::Event e{0.0, 0};
            event(i, e.time, e.payload);
            m_heap.push(e);
        }
    }
    /// Pops an earliest event (not empty()) and returns its tie key, its time's bits.
    std::uint64_t pop(double& time, std::uint32_t& payload) {
        const radix_detail::Event e = m_heap.pop();
        time = e.time;
        payload = e.payload;
        return tieKey(time);
    }
    /// Whether an event with tie key `key` (the one pop() just returned) is still pending.
    bool nextHasKey(std::uint64_t /*key*/) const { return m_heap.lastTimeLeft(); }
    static std::uint64_t tieKey(double time) { return std::bit_cast<std::uint64_t>(time); }

  private:
    explicit RadixEvents(Heap heap) : m_heap(heap) {}
    Heap m_heap;
};

} // namespace rl
