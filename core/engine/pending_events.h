#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rl {

/// The pending events of the lean kernels (Tree-dyn, the static plans' joins,
/// Non-Commut-Tree-dyn), which handle ties themselves: unlike EventQueue they have no
/// creation-order tie-break, and a kernel that needs one gives up at the first tie (see
/// PackedEvents::pop) and lets the exact path run.
///
/// Small sets live in a sorted array updated without a data-dependent branch; large ones in a
/// calendar queue (engine/calendar_queue.h) where the pending times lie between the last one
/// popped and that plus the run's largest cost (one queue per run), else in a binary heap
/// (KeyHeap: Tree-dyn's two sets with reductions, where one set's times may run ahead).
/// The one place the choice is made is usesSortedKeys().
inline constexpr std::size_t kSortedKeysLimit = 128;

/// True when a lean kernel whose pending set holds at most about `pending` events uses the
/// sorted array (else a heap). All give the same result; this is speed only: an insertion
/// into the array costs O(size), into a heap O(log size) or O(1), and the array's constant is
/// much smaller (no dependent loads, no mispredicted branch).
constexpr bool usesSortedKeys(std::size_t pending) {
    return pending <= kSortedKeysLimit;
}

/// A multiset of doubles, kept in decreasing order in d[1..size] with d[0] = +inf, so that the
/// smallest is d[size]: a pop is a decrement. Inserting v is, for every j in 1..size+1,
///   d'[j] = max(d[j], min(d[j-1], v))    (with d[size+1] = -inf):
/// entries >= v stay, the first entry < v becomes v, the later ones move up one place. That is
/// min/max over the whole array, vectorised, with no data-dependent branch: the insertion
/// point of a random time is unpredictable, so a scan for it would mispredict.
///
/// A plain view over storage held elsewhere (SortedKeys::Storage): kernels keep it in a local
/// variable so that its pointers and size live in registers.
class SortedKeys {
  public:
    static constexpr double kInf = std::numeric_limits<double>::infinity();

    /// Buffers for up to `capacity` keys, reused from run to run.
    class Storage {
      public:
        SortedKeys view(std::size_t capacity) {
            // Slots 0..capacity, and room for the padding of build().
            if (m_buffer[0].size() < capacity + kPadding) {
                for (auto& b : m_buffer) {
                    b.assign(capacity + kPadding, kInf);
                }
            }
            return SortedKeys(m_buffer[0].data(), m_buffer[1].data());
        }

      private:
        std::vector<double> m_buffer[2]; // the array and room for its next version
    };

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    /// The smallest key (size() > 0).
    double min() const { return m_cur[m_size]; }

    /// Fills an empty array with key(0), ..., key(count - 1): the array that as many insert()
    /// calls would make, four keys per pass. A run's first events (the transfers of time 0,
    /// half the platform) were a third of a lean kernel's time at n = 64 when inserted one by
    /// one: each insertion waits for the previous one (a chain of count passes). Inserting
    /// four sorted keys s1 >= s2 >= s3 >= s4 at once is, for every slot j,
    ///   d'[j] = max(d[j], min(d[j-1], s1), min(d[j-2], s2), min(d[j-3], s3), min(d[j-4], s4))
    /// (the j-th largest of the union, with d[j] = +inf for j <= 0 and -inf past the end):
    /// a quarter of the passes, each about twice the work of one insertion.
    template <class Key> void build(std::size_t count, Key&& key) {
#if defined(__SSE2__)
        // Only pair stores, as in insert(): the slots past the keys hold -inf, written as
        // three (-inf, -inf) pairs after the last pair of each pass, so that the next pass
        // (four slots further) reads -inf there.
        const __m128d inf = _mm_set1_pd(kInf);
        const __m128d negInf = _mm_set1_pd(-kInf);
        for (std::size_t j = 1; j < 7; j += 2) {
            _mm_storeu_pd(m_cur + j, negInf);
        }
        for (std::size_t first = 0; first < count; first += 4) {
            double v[4];
            for (std::size_t i = 0; i < 4; ++i) {
                v[i] = first + i < count ? key(first + i) : -kInf;
            }
            // Decreasing, by a sorting network.
            auto order = [](double& hi, double& lo) {
                const double h = std::max(hi, lo);
                lo = std::min(hi, lo);
                hi = h;
            };
            order(v[0], v[1]);
            order(v[2], v[3]);
            order(v[0], v[2]);
            order(v[1], v[3]);
            order(v[1], v[2]);
            const __m128d s1 = _mm_set1_pd(v[0]);
            const __m128d s2 = _mm_set1_pd(v[1]);
            const __m128d s3 = _mm_set1_pd(v[2]);
            const __m128d s4 = _mm_set1_pd(v[3]);
            const double* in = m_cur;
            double* out = m_next;
            __m128d before2 = inf;              // (d[j-4], d[j-3])
            __m128d before1 = inf;              // (d[j-2], d[j-1])
            const std::size_t end = m_size + 4; // m_size is a multiple of 4 here
            for (std::size_t j = 1; j < end; j += 2) {
                const __m128d cur = _mm_loadu_pd(in + j);
                const __m128d prev1 = _mm_shuffle_pd(before1, cur, 1);
                const __m128d prev3 = _mm_shuffle_pd(before2, before1, 1);
                const __m128d a = _mm_max_pd(cur, _mm_min_pd(prev1, s1));
                const __m128d b = _mm_max_pd(_mm_min_pd(before1, s2), _mm_min_pd(prev3, s3));
                _mm_storeu_pd(out + j, _mm_max_pd(_mm_max_pd(a, b), _mm_min_pd(before2, s4)));
                before2 = before1;
                before1 = cur;
            }
            for (std::size_t j = end + 1; j < end + 7; j += 2) {
                _mm_storeu_pd(out + j, negInf);
            }
            m_size += std::min<std::size_t>(4, count - first);
            std::swap(m_cur, m_next);
        }
#else
        for (std::size_t i = 0; i < count; ++i) {
            insert(key(i));
        }
#endif
    }
    double popMin() {
        return m_cur[m_size--];
    }
    /// popMin() then insert(v).
    [[gnu::always_inline]] void replaceMin(double v) {
        --m_size;
        insert(v);
    }

    [[gnu::always_inline]] void insert(double v) {
        const double* in = m_cur;
        double* out = m_next;
#if defined(__SSE2__)
        // By pairs (d[j], d[j+1]), j odd, with no scalar prologue or epilogue: the sets are
        // small, so a compiled loop's set-up for odd sizes and alignment would cost as much
        // as the work. Memory is only ever written by these pair stores, and each pair is
        // loaded as it was stored by the previous insertion, with (d[j-1], d[j]) made from two
        // of them: a load spanning two recent stores (or a pair over a scalar store) could not
        // be forwarded from the store buffer and would wait for them to retire. So the slots
        // past the last key are not written as -inf but replaced by -inf in the register.
        const std::size_t size = m_size;
        const std::size_t tail = size | 1; // the pair holding the new slot size + 1
        ++m_size;
        const __m128d vv = _mm_set1_pd(v);
        __m128d before = _mm_set1_pd(kInf); // (., d[0])
        for (std::size_t j = 1; j < tail; j += 2) {
            const __m128d cur = _mm_loadu_pd(in + j);
            const __m128d prev = _mm_shuffle_pd(before, cur, 1); // (d[j-1], d[j])
            _mm_storeu_pd(out + j, _mm_max_pd(cur, _mm_min_pd(prev, vv)));
            before = cur;
        }
        // The tail pair: (d[size], -inf) when size is odd, else (-inf, -inf).
        const __m128d keepLow =
            _mm_castsi128_pd(_mm_set_epi64x(0, -static_cast<long long>(tail == size)));
        const __m128d cur = _mm_or_pd(_mm_and_pd(keepLow, _mm_loadu_pd(in + tail)),
                                      _mm_andnot_pd(keepLow, _mm_set1_pd(-kInf)));
        const __m128d prev = _mm_shuffle_pd(before, cur, 1);
        _mm_storeu_pd(out + tail, _mm_max_pd(cur, _mm_min_pd(prev, vv)));
#else
        m_cur[m_size + 1] = -kInf;
        ++m_size;
        for (std::size_t j = 1; j <= m_size; ++j) {
            out[j] = std::max(in[j], std::min(in[j - 1], v));
        }
#endif
        std::swap(m_cur, m_next);
    }

  private:
    static constexpr std::size_t kPadding = 11; // slot 0, and build()'s last pass and padding
    SortedKeys(double* a, double* b) : m_cur(a), m_next(b) {}
    double* m_cur;
    double* m_next;
    std::size_t m_size = 0;
};

/// SortedKeys' interface on a binary min-heap, for large sets: insert and popMin in
/// O(log size). A pop sinks the hole to a leaf along the smaller children, chosen without a
/// branch, then lifts the last key (Wegener's bottom-up heap); +inf after the last key stands
/// in for missing children.
class KeyHeap {
  public:
    class Storage {
      public:
        KeyHeap view(std::size_t capacity) {
            if (m_heap.size() < capacity + 2) {
                m_heap.assign(capacity + 2, SortedKeys::kInf);
            }
            return KeyHeap(m_heap.data());
        }

      private:
        std::vector<double> m_heap;
    };

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    double min() const { return m_heap[1]; }
    /// SortedKeys::build's interface: inserts key(0), ..., key(count - 1).
    template <class Key> void build(std::size_t count, Key&& key) {
        for (std::size_t i = 0; i < count; ++i) {
            insert(key(i));
        }
    }

    void insert(double v) {
        std::size_t i = ++m_size;
        while (i > 1 && v < m_heap[i / 2]) {
            m_heap[i] = m_heap[i / 2];
            i /= 2;
        }
        m_heap[i] = v;
    }
    double popMin() {
        const double top = m_heap[1];
        const double last = m_heap[m_size];
        m_heap[m_size--] = SortedKeys::kInf;
        if (m_size > 0) {
            replaceMin(last);
        }
        return top;
    }
    /// popMin() then insert(v), in one pass: the hole left by the smallest sinks to a leaf
    /// along the smaller children, then v rises to its place (usually a step or two).
    [[gnu::always_inline]] void replaceMin(double v) {
        std::size_t i = 1;
        for (std::size_t c = 2; c <= m_size; c = 2 * i) {
            c += static_cast<std::size_t>(m_heap[c + 1] < m_heap[c]);
            m_heap[i] = m_heap[c];
            i = c;
        }
        while (i > 1 && v < m_heap[i / 2]) {
            m_heap[i] = m_heap[i / 2];
            i /= 2;
        }
        m_heap[i] = v;
    }

  private:
    explicit KeyHeap(double* heap) : m_heap(heap) {}
    double* m_heap; // 1-based; [m_size + 1] and beyond hold +inf
    std::size_t m_size = 0;
};

/// Events (time, payload) for kernels that give up at the first tie, on the sorted array: a
/// key is the time's bit pattern with its low bits replaced by the payload, read as a double
/// (non-negative doubles order like their bits), and the exact time is kept per payload (each
/// payload has at most one pending event). Keys of different times compare like the times
/// unless the times agree on all but the low bits, which pop() reports as the tie key: a true
/// tie, or times within 2^b ulps of each other (as rare as a tie, and handled the same way).
/// Every pushed time is at least the time of the event being handled, so the tie keys popped
/// never decrease, and any two events with the same key come out one after the other (among
/// the events a kernel compares, e.g. of one stream): a kernel that stops when two
/// consecutive keys are equal never handles two events out of order, nor one that stops when
/// the key popped is the next one's (nextHasKey()), two events pending together.
class PackedEvents {
  public:
    class Storage {
      public:
        /// Room for payloads 0..payloads-1.
        PackedEvents view(std::uint32_t payloads) {
            if (m_exact.size() < payloads) {
                m_exact.assign(payloads, 0.0);
            }
            const int bits = std::bit_width(std::max<std::uint32_t>(payloads, 2) - 1);
            return PackedEvents(m_keys.view(payloads), m_exact.data(),
                                (std::uint64_t{1} << bits) - 1);
        }

      private:
        SortedKeys::Storage m_keys;
        std::vector<double> m_exact;
    };

    bool empty() const { return m_keys.empty(); }
    std::size_t size() const { return m_keys.size(); }

    [[gnu::always_inline]] void push(double time, std::uint32_t payload) {
        m_exact[payload] = time;
        m_keys.insert(pack(time, payload));
    }
    /// On an empty set, pushes `count` events, the i-th given by event(i, time, payload):
    /// SortedKeys::build, several times faster than as many push() calls.
    template <class Event> void pushAll(std::size_t count, Event&& event) {
        m_keys.build(
            count, [&](std::size_t i) __attribute__((always_inline)) {
                double time = 0.0;
                std::uint32_t payload = 0;
                event(i, time, payload);
                m_exact[payload] = time;
                return pack(time, payload);
            });
    }
    /// Pops the earliest event and returns its tie key: two events may tie (and may have
    /// come out in the wrong order) only if their keys are equal.
    [[gnu::always_inline]] std::uint64_t pop(double& time, std::uint32_t& payload) {
        const std::uint64_t key = std::bit_cast<std::uint64_t>(m_keys.popMin());
        payload = static_cast<std::uint32_t>(key & m_mask);
        time = m_exact[payload];
        return key & ~m_mask;
    }
    /// Whether an event with tie key `key` (the one pop() just returned) is still pending.
    bool nextHasKey(std::uint64_t key) const {
        return !empty() && (std::bit_cast<std::uint64_t>(m_keys.min()) & ~m_mask) == key;
    }
    /// The tie key of an event at `time` handled outside the queue (time 0's).
    std::uint64_t tieKey(double time) const { return std::bit_cast<std::uint64_t>(time) & ~m_mask; }

  private:
    PackedEvents(SortedKeys keys, double* exact, std::uint64_t mask)
        : m_keys(keys), m_exact(exact), m_mask(mask) {}
    double pack(double time, std::uint32_t payload) const {
        return std::bit_cast<double>((std::bit_cast<std::uint64_t>(time) & ~m_mask) | payload);
    }

    SortedKeys m_keys;
    double* m_exact;
    std::uint64_t m_mask;
};

} // namespace rl
