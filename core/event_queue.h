#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace rl {

/// The event queue of SPEC §3: events by time, ties broken by creation order (stable FIFO).
///
/// Events created for the current time (zero-cost operations, the initial "available" events)
/// go to a plain FIFO instead of the heap. This is exact, not an approximation: every heap event
/// due now was created before them (at an earlier time), so the order is "heap events due now,
/// then the FIFO in creation order", which is what a (time, sequence) heap would give. It keeps
/// zero-cost reductions off the heap, which matters for the paper's no-reduction-cost setting.
///
/// Future events live in one of two structures, chosen by the platform size in clear():
/// - up to kSortedLimit processors, a sorted array (ascending time, insertion order among
///   equals). A new event lands after every entry of equal or smaller time, which is exactly
///   the (time, creation) order; new events are usually late, so the backward scan is short,
///   and a pop is an index increment. This is what makes n = 64 Monte Carlo fast.
/// - beyond, a binary heap keyed on (time, creation sequence), which stays O(log n).
///
/// The heap is tuned for random event times, where the compare branches of a textbook heap
/// mispredict: times are compared as integer bit patterns (non-negative doubles order like
/// their bits), the smaller child is chosen without a branch, and a pop sinks the hole to a
/// leaf before placing the last element (Wegener's bottom-up heap), so the per-level branch is
/// the predictable loop test. A sentinel after the last entry removes the bounds check.
class EventQueue {
  public:
    static constexpr int kSortedLimit = 512;

    /// Empties the queue, sets time 0 and queues the events with payloads 0..initial-1 at time 0
    /// (the processors' "available" events); `processors` selects the structure.
    void clear(int processors, std::uint32_t initial) {
        m_initialNext = 0;
        m_initialCount = initial;
        m_sortedMode = processors <= kSortedLimit;
        m_head = 0;
        m_tail = 0;
        m_size = 0;
        ensure(1);
        m_heap[0] = kSentinel;
        m_fifo.clear();
        m_fifoHead = 0;
        m_seq = 0;
        m_now = 0.0;
    }

    double now() const { return m_now; }

    /// True when an event pushed now for the current time would be the very next one popped
    /// (nothing else is due now), so a caller may handle it at once with the same outcome.
    bool nothingDueNow() const {
        if (m_initialNext < m_initialCount || m_fifoHead < m_fifo.size()) {
            return false;
        }
        if (m_sortedMode) {
            return m_head == m_tail || m_sorted[m_head].time > m_now;
        }
        return m_size == 0 || std::bit_cast<double>(m_heap[0].key) > m_now;
    }

    [[gnu::always_inline]] void push(double time, std::uint32_t payload) {
        if (time == m_now) {
            m_fifo.push_back(payload);
            return;
        }
        if (m_sortedMode) {
            pushSorted(time, payload);
            return;
        }
        const Entry e{std::bit_cast<std::uint64_t>(time), m_seq++, payload};
        ensure(m_size + 2);
        std::size_t i = m_size++;
        while (i > 0) {
            const std::size_t parent = (i - 1) / 2;
            if (!less(e, m_heap[parent])) {
                break;
            }
            m_heap[i] = m_heap[parent];
            i = parent;
        }
        m_heap[i] = e;
        m_heap[m_size] = kSentinel;
    }

    /// Pops the next event into `payload`; false when the queue is empty.
    [[gnu::always_inline]] bool pop(std::uint32_t& payload) {
        if (m_sortedMode) {
            return popSorted(payload);
        }
        if (m_size > 0 && std::bit_cast<double>(m_heap[0].key) <= m_now) {
            payload = popHeap();
            return true;
        }
        if (popFifo(payload)) {
            return true;
        }
        if (m_size > 0) {
            m_now = std::bit_cast<double>(m_heap[0].key);
            payload = popHeap();
            return true;
        }
        return false;
    }

  private:
    void pushSorted(double time, std::uint32_t payload) {
        if (m_head == m_tail) {
            m_head = m_tail = 0;
        }
        if (m_tail == m_sorted.size()) {
            if (m_head > 0) { // slide the live window back to the front
                std::copy(m_sorted.begin() + diff(m_head), m_sorted.begin() + diff(m_tail),
                          m_sorted.begin());
                m_tail -= m_head;
                m_head = 0;
            } else {
                m_sorted.resize(2 * m_sorted.size() + 64);
            }
        }
        // Scan back from the tail, shifting as we go: new events are usually among the later
        // ones, and this loop has neither a chain of dependent loads nor a library call.
        Timed* const first = m_sorted.data() + m_head;
        Timed* pos = m_sorted.data() + m_tail;
        while (pos != first && pos[-1].time > time) {
            pos[0] = pos[-1];
            --pos;
        }
        *pos = Timed{time, payload};
        ++m_tail;
    }

    static std::ptrdiff_t diff(std::size_t i) { return static_cast<std::ptrdiff_t>(i); }

    bool popSorted(std::uint32_t& payload) {
        if (m_head < m_tail && m_sorted[m_head].time <= m_now) {
            payload = m_sorted[m_head++].payload;
            return true;
        }
        if (popFifo(payload)) {
            return true;
        }
        if (m_head < m_tail) {
            m_now = m_sorted[m_head].time;
            payload = m_sorted[m_head++].payload;
            return true;
        }
        return false;
    }

    // The FIFO of events due now; the initial "available" events are its virtual prefix (they
    // are created first, so they come before anything pushed later).
    bool popFifo(std::uint32_t& payload) {
        if (m_initialNext < m_initialCount) {
            payload = m_initialNext++;
            return true;
        }
        if (m_fifoHead < m_fifo.size()) {
            payload = m_fifo[m_fifoHead++];
            if (m_fifoHead == m_fifo.size()) {
                m_fifo.clear();
                m_fifoHead = 0;
            }
            return true;
        }
        return false;
    }

    struct Entry {
        std::uint64_t key; // bit pattern of a time >= 0
        std::uint32_t seq;
        std::uint32_t payload;
    };
    static constexpr Entry kSentinel{~std::uint64_t{0}, ~std::uint32_t{0}, 0};

    static bool less(const Entry& a, const Entry& b) {
        return (a.key < b.key) | ((a.key == b.key) & (a.seq < b.seq));
    }

    void ensure(std::size_t n) {
        if (m_heap.size() < n) {
            m_heap.resize(2 * n + 16, kSentinel);
        }
    }

    std::uint32_t popHeap() {
        const std::uint32_t top = m_heap[0].payload;
        const Entry last = m_heap[--m_size];
        m_heap[m_size] = kSentinel;
        if (m_size == 0) {
            return top;
        }
        // Sink the hole to a leaf along the smaller children (the sentinel stands in for a
        // missing right child)...
        std::size_t i = 0;
        for (std::size_t child = 1; child < m_size; child = 2 * i + 1) {
            child += static_cast<std::size_t>(less(m_heap[child + 1], m_heap[child]));
            m_heap[i] = m_heap[child];
            i = child;
        }
        // ...then bring the former last entry up to its place.
        while (i > 0) {
            const std::size_t parent = (i - 1) / 2;
            if (!less(last, m_heap[parent])) {
                break;
            }
            m_heap[i] = m_heap[parent];
            i = parent;
        }
        m_heap[i] = last;
        return top;
    }

    bool m_sortedMode = true;
    struct Timed {
        double time;
        std::uint32_t payload;
    };
    std::vector<Timed> m_sorted; // [m_head, m_tail) in (time, creation) order
    std::size_t m_head = 0;
    std::size_t m_tail = 0;
    std::vector<Entry> m_heap; // [0, m_size) the heap, then sentinels
    std::size_t m_size = 0;
    std::uint32_t m_initialNext = 0;
    std::uint32_t m_initialCount = 0;
    std::vector<std::uint32_t> m_fifo;
    std::size_t m_fifoHead = 0;
    std::uint32_t m_seq = 0;
    double m_now = 0.0;
};

} // namespace rl
