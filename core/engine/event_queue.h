#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <numeric>
#include <vector>

namespace rl {

/// The event queue of docs/model.md §3: events by time, ties broken by creation order (stable
/// FIFO).
///
/// Events created for the current time (zero-cost operations, the initial "available" events)
/// go to a plain FIFO instead of the time-ordered structure. This is exact, not an
/// approximation: every timed event due now was created before them (at an earlier time), so
/// the order is "timed events due now, then the FIFO in creation order", which is what a
/// (time, sequence) heap would give. It keeps zero-cost reductions out of the ordered part,
/// which matters for the paper's no-reduction-cost setting.
///
/// Capacity: a run pushes at most n - 1 transfer ends and n - 1 reduction ends (docs/model.md §1:
/// each processor sends once and each transfer is followed by one reduction), so the buffers are
/// sized once per platform size and no push ever has to check for room. The initial events
/// 0..n-1 are a prefix of the FIFO written once per size, not once per run.
///
/// Future events live in one of two structures, chosen by the platform size in clear():
/// - up to kSortedLimit processors, a sorted array (SortedEvents below).
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

    /// True when a queue cleared for `processors` uses the sorted array (else the heap). The
    /// one place the choice is made: callers that pick a path before clear() must ask this,
    /// never sortedMode(), which describes the previous clear().
    static constexpr bool usesSortedArray(int processors) { return processors <= kSortedLimit; }

    /// The sorted-array queue for small platforms, as a plain value. It is what makes n = 64
    /// Monte Carlo fast: a new event lands after every entry of equal or smaller time, which is
    /// exactly the (time, creation) order; new events are usually late, so the backward scan
    /// is short, and a pop is an index increment. Fast loops take a copy (sorted()) into a
    /// local variable, so that its indices live in registers: as a member of a referenced
    /// object they would be reloaded after every store the compiler cannot prove unaliased.
    class SortedEvents {
      public:
        double now() const { return m_now; }

        /// True when an event pushed now for the current time would be the very next one
        /// popped (nothing else is due now), so a caller may handle it at once, same outcome.
        bool nothingDueNow() const {
            return m_fifoHead == m_fifoTail && (m_head == m_tail || m_events[m_head].time > m_now);
        }

        [[gnu::always_inline]] void push(double time, std::uint32_t payload) {
            if (time == m_now) {
                m_fifo[m_fifoTail++] = payload;
                return;
            }
            // Shift one side of the insertion point: entries before it move one slot down
            // (into the room below m_head), or later ones one slot up; the new event goes
            // after every entry of equal or smaller time either way. Which side is a habit
            // that changes rarely, so that its branch predicts well (a per-event choice of the
            // shorter side mispredicts half the time): new events land near the back for most
            // laws, but near the front for skewed ones (gamma of CV > 1: mostly tiny costs
            // beside rare huge ones). The shifting loops themselves have neither a chain of
            // dependent loads nor a call.
            const std::uint32_t size = m_tail - m_head;
            std::uint32_t later = 0; // entries after the new one
            if (m_fromFront) {
                Timed* pos = m_events + m_head;
                Timed* const last = m_events + m_tail;
                while (pos != last && pos->time <= time) {
                    pos[-1] = pos[0];
                    ++pos;
                }
                pos[-1] = Timed{time, payload};
                --m_head;
                later = static_cast<std::uint32_t>(last - pos);
            } else {
                Timed* const first = m_events + m_head;
                Timed* pos = m_events + m_tail;
                while (pos != first && pos[-1].time > time) {
                    pos[0] = pos[-1];
                    --pos;
                }
                *pos = Timed{time, payload};
                ++m_tail;
                later = static_cast<std::uint32_t>(m_events + m_tail - 1 - pos);
            }
            // Vote for the side that would have shifted less; switch at a clear majority.
            const std::uint32_t earlier = size - later;
            m_habit += static_cast<int>(later > earlier) - static_cast<int>(later < earlier);
            m_habit = std::clamp(m_habit, -kHabit, kHabit);
            m_fromFront = m_habit == kHabit ? true : (m_habit == -kHabit ? false : m_fromFront);
        }

        /// Pops the next event into `payload`; false when the queue is empty.
        [[gnu::always_inline]] bool pop(std::uint32_t& payload) {
            if (m_head != m_tail && m_events[m_head].time <= m_now) {
                payload = m_events[m_head++].payload;
                return true;
            }
            if (m_fifoHead != m_fifoTail) {
                payload = m_fifo[m_fifoHead++];
                return true;
            }
            if (m_head != m_tail) {
                m_now = m_events[m_head].time;
                payload = m_events[m_head++].payload;
                return true;
            }
            return false;
        }

      private:
        friend class EventQueue;
        struct Timed {
            double time;
            std::uint32_t payload;
        };
        Timed* m_events = nullptr; // [m_head, m_tail) in (time, creation) order
        std::uint32_t* m_fifo = nullptr;
        std::uint32_t m_head = 0;
        std::uint32_t m_tail = 0;
        std::uint32_t m_fifoHead = 0;
        std::uint32_t m_fifoTail = 0;
        double m_now = 0.0;
        static constexpr int kHabit = 64;
        int m_habit = 0;          // > 0: the front side would have shifted less, lately
        bool m_fromFront = false; // the side pushes shift
    };

    /// Empties the queue, sets time 0 and queues the events with payloads 0..processors-1 at
    /// time 0 (the processors' "available" events); `processors` selects the structure and
    /// sizes the buffers (see Capacity above).
    void clear(int processors) { reset(processors, false); }

    /// As clear(), but no processor is queued: the caller pushes each processor's "available"
    /// event at its own time (late arrivals, docs/model.md §1), n events more than a run
    /// otherwise pushes, for which this makes room.
    void clearForArrivals(int processors) { reset(processors, true); }

    bool sortedMode() const { return m_sortedMode; }
    /// The sorted queue, valid until the next clear() (sorted mode only).
    SortedEvents sorted() const { return m_sorted; }
    /// Keeps what a local copy of sorted() learnt about where events land (speed only: the
    /// order of events never depends on it).
    void keepHabit(const SortedEvents& local) {
        m_sorted.m_habit = local.m_habit;
        m_sorted.m_fromFront = local.m_fromFront;
    }

  private:
    void reset(int processors, bool arrivals) {
        const auto n = static_cast<std::size_t>(processors);
        // The arrivals' n pushes come on top of the 2n of a run (Capacity above).
        const std::size_t extra = arrivals ? n : 0;
        if (m_fifo.size() != 3 * n + 2 + extra) {
            m_fifo.assign(3 * n + 2 + extra, 0);
            std::iota(m_fifo.begin(), m_fifo.begin() + processors, 0U);
        }
        m_sortedMode = usesSortedArray(processors);
        if (m_sortedMode && m_events.size() < 4 * n + 4 + 2 * extra) {
            m_events.resize(4 * n + 4 + 2 * extra);
        }
        m_sorted.m_events = m_events.data();
        m_sorted.m_fifo = m_fifo.data();
        // The live window starts in the middle: it grows down by at most one slot per push,
        // and up by at most one slot per push.
        m_sorted.m_head = static_cast<std::uint32_t>(2 * n + extra) + 1;
        m_sorted.m_tail = m_sorted.m_head;
        // With arrivals the FIFO's identity prefix is skipped, not overwritten (it is written
        // once per size).
        m_sorted.m_fifoHead = arrivals ? static_cast<std::uint32_t>(processors) : 0;
        m_sorted.m_fifoTail = static_cast<std::uint32_t>(processors);
        m_sorted.m_now = 0.0;
        m_size = 0;
        ensure(1);
        m_heap[0] = kSentinel;
        m_seq = 0;
    }

  public:
    double now() const { return m_sorted.m_now; }

    bool nothingDueNow() const {
        if (m_sortedMode) {
            return m_sorted.nothingDueNow();
        }
        return m_sorted.m_fifoHead == m_sorted.m_fifoTail &&
               (m_size == 0 || std::bit_cast<double>(m_heap[0].key) > m_sorted.m_now);
    }

    [[gnu::always_inline]] void push(double time, std::uint32_t payload) {
        if (m_sortedMode) {
            m_sorted.push(time, payload);
            return;
        }
        if (time == m_sorted.m_now) {
            m_sorted.m_fifo[m_sorted.m_fifoTail++] = payload;
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
            return m_sorted.pop(payload);
        }
        if (m_size > 0 && std::bit_cast<double>(m_heap[0].key) <= m_sorted.m_now) {
            payload = popHeap();
            return true;
        }
        if (m_sorted.m_fifoHead != m_sorted.m_fifoTail) {
            payload = m_sorted.m_fifo[m_sorted.m_fifoHead++];
            return true;
        }
        if (m_size > 0) {
            m_sorted.m_now = std::bit_cast<double>(m_heap[0].key);
            payload = popHeap();
            return true;
        }
        return false;
    }

    /// Runs `run(q)` on the fastest view of this (cleared) queue and returns its result: in
    /// sorted mode a local copy of the sorted array, whose indices then live in registers, and
    /// whose habit is kept afterwards; in heap mode the queue itself. The one place the
    /// local-copy sequence is written; `run` is generic in the queue type.
    template <class F> auto runLocally(F&& run) {
        if (m_sortedMode) {
            SortedEvents local = m_sorted;
            auto result = run(local);
            keepHabit(local);
            return result;
        }
        return run(*this);
    }

  private:
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
    // The sorted queue in sorted mode; in heap mode, only its FIFO and clock are used.
    SortedEvents m_sorted;
    std::vector<SortedEvents::Timed> m_events;
    std::vector<std::uint32_t> m_fifo; // identity prefix 0..n-1, then room for 2n pushes
    std::vector<Entry> m_heap;         // [0, m_size) the heap, then sentinels
    std::size_t m_size = 0;
    std::uint32_t m_seq = 0;
};

} // namespace rl
