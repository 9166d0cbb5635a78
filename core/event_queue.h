#pragma once

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
class EventQueue {
  public:
    void clear() {
        m_heap.clear();
        m_fifo.clear();
        m_fifoHead = 0;
        m_seq = 0;
        m_now = 0.0;
    }

    double now() const { return m_now; }

    void push(double time, std::uint32_t payload) {
        if (time == m_now) {
            m_fifo.push_back(payload);
            return;
        }
        Entry e{time, m_seq++, payload};
        std::size_t i = m_heap.size();
        m_heap.push_back(e);
        while (i > 0) {
            const std::size_t parent = (i - 1) / 2;
            if (!less(e, m_heap[parent])) {
                break;
            }
            m_heap[i] = m_heap[parent];
            i = parent;
        }
        m_heap[i] = e;
    }

    /// Pops the next event into `payload`; false when the queue is empty.
    bool pop(std::uint32_t& payload) {
        if (!m_heap.empty() && m_heap.front().time <= m_now) {
            payload = popHeap();
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
        if (!m_heap.empty()) {
            m_now = m_heap.front().time;
            payload = popHeap();
            return true;
        }
        return false;
    }

  private:
    struct Entry {
        double time;
        std::uint32_t seq;
        std::uint32_t payload;
    };
    static bool less(const Entry& a, const Entry& b) {
        return a.time < b.time || (a.time == b.time && a.seq < b.seq);
    }

    std::uint32_t popHeap() {
        const std::uint32_t top = m_heap.front().payload;
        const Entry last = m_heap.back();
        m_heap.pop_back();
        const std::size_t size = m_heap.size();
        if (size == 0) {
            return top;
        }
        std::size_t i = 0;
        for (;;) {
            std::size_t child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && less(m_heap[child + 1], m_heap[child])) {
                ++child;
            }
            if (!less(m_heap[child], last)) {
                break;
            }
            m_heap[i] = m_heap[child];
            i = child;
        }
        m_heap[i] = last;
        return top;
    }

    std::vector<Entry> m_heap;
    std::vector<std::uint32_t> m_fifo;
    std::size_t m_fifoHead = 0;
    std::uint32_t m_seq = 0;
    double m_now = 0.0;
};

} // namespace rl
