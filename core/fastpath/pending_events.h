#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>
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
/// calendar queue (fastpath/calendar_queue.h) where the pending times lie between the last one
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

    /// build(), but without its cost in the square of the count (a Tree-dyn or
    /// Non-Commut-Tree-dyn run's transfers of time 0, half the platform): 25 to 32 keys by a
    /// sorting network (sortBySortingNetwork), 45 to 128 by blocks of 32 so sorted, then
    /// merged (sortBlocksAndMerge). tests/bench/start_bench, CPU per build: 32 keys 1.9
    /// times as fast, 64 keys 1.8 times, 128 keys 2.2 times; the others keep build(), as
    /// fast or faster there (24 or fewer; 33 to 44, where the second block is mostly
    /// padding: 0.8 times at 33), and one network of 64 keys in 32 registers spills. The
    /// static plans' joins keep build(): there the extra call in the loop's function made the
    /// loop's code longer (n = 64: 4 % more instructions) than the sort saved.
    template <class Key> void buildBySortingNetwork(std::size_t count, Key&& key) {
#if defined(__SSE2__)
        if (count > 24 && count <= 32) {
            startByNetwork(count, key);
            return;
        }
        if (count > 44 && count <= kMergedLimit) {
            // Blocks of 32 sorted by the network, then merged (sortBlocksAndMerge).
            alignas(16) double v[kBlocks * kBlockStride];
            std::size_t i = 0;
            for (std::size_t b = 0; 32 * b < count; ++b) {
                for (std::size_t j = 0; j < 32; ++j, ++i) {
                    v[b * kBlockStride + 1 + j] = i < count ? key(i) : -kInf;
                }
            }
            // Scalar stores, once per run: the first insert()'s pair loads over them may
            // wait for them to retire instead of being forwarded.
            sortBlocksAndMerge(v, count, m_cur + 1);
            m_size = count;
            return;
        }
#endif
        build(count, key);
    }

    /// buildBySortingNetwork(), and 33 to 44 keys sorted 32 by the network, the rest by
    /// build()'s passes (one to three instead of nine to eleven). For the static plans' joins
    /// with reductions (Fibonacci-stat starts with 39 at n = 64); Tree-dyn and
    /// Non-Commut-Tree-dyn keep buildBySortingNetwork(): this extra branch in their inlined
    /// start made their loop's code longer (about 1 % more instructions per run at n = 64)
    /// than it would save at n = 66 to 89.
    template <class Key> void buildByNetworkThenPasses(std::size_t count, Key&& key) {
#if defined(__SSE2__)
        if (count > 32 && count <= 44) {
            networkThenPasses(count, key);
            return;
        }
#endif
        buildBySortingNetwork(count, key);
    }

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
        padWithNegInf(m_cur, 0); // an empty array
        insertByPasses(0, count, key);
#else
        for (std::size_t i = 0; i < count; ++i) {
            insert(key(i));
        }
#endif
    }
    double popMin() {
        return m_cur[m_size--];
    }

    /// Makes a set ready for insertRounded() with at most `capacity` keys (at most the
    /// view's): every slot its passes can reach holds -inf in both buffers, where another
    /// run may have left later times. Before build().
    void prepareRounded(std::size_t capacity) {
#if defined(__SSE2__)
        const __m128d negInf = _mm_set1_pd(-kInf);
        for (std::size_t j = 1; j < roundedSlots(capacity + 1); j += 2) {
            _mm_storeu_pd(m_cur + j, negInf);
            _mm_storeu_pd(m_next + j, negInf);
        }
#endif
    }
    /// insert(v) for a set of plain times (Tree-dyn's), where no key inserted is below the
    /// last one popped, after prepareRounded(). insert()'s loop, as long as the array, ends
    /// at a point that moves at every other insertion, and its exit branch mispredicted; this
    /// one runs to a multiple of 8 slots, which moves once per 8. The extra slots need no
    /// mask: past the keys, a slot holds -inf or a key popped earlier (not above any key
    /// pending or inserted), so max(d[j], min(d[j-1], v)) keeps them below the keys. That
    /// stays true: the other buffer holds the version before the last insertion, whose keys
    /// past this insertion's slots have all been popped since (keys leave from the end).
    [[gnu::always_inline]] void insertRounded(double v) {
#if defined(__SSE2__)
        const std::size_t reach = roundedSlots(m_size + 1);
        const double* in = m_cur;
        double* out = m_next;
        insertPairs(in, out, reach, _mm_set1_pd(v));
        ++m_size;
        std::swap(m_cur, m_next);
#else
        insert(v);
#endif
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
        const __m128d before = insertPairs(in, out, tail, vv); // (d[tail-2], d[tail-1])
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
#if defined(__SSE2__)
    // The insertion of (v, v) into the pairs (d[j], d[j+1]) for odd j < end (slots 1 to
    // end - 1 for an odd end, 1 to end for an even one): d'[j] = max(d[j], min(d[j-1], v)).
    // Returns the last pair loaded ((+inf, +inf) when there is none).
    [[gnu::always_inline]] static __m128d insertPairs(const double* in, double* out,
                                                      std::size_t end, __m128d vv) {
        __m128d before = _mm_set1_pd(kInf); // (., d[0])
        for (std::size_t j = 1; j < end; j += 2) {
            const __m128d cur = _mm_loadu_pd(in + j);
            const __m128d prev = _mm_shuffle_pd(before, cur, 1); // (d[j-1], d[j])
            _mm_storeu_pd(out + j, _mm_max_pd(cur, _mm_min_pd(prev, vv)));
            before = cur;
        }
        return before;
    }
#endif

    // The slots insertRounded() covers to reach slot `slot`: a multiple of 8 (at most 7 past
    // the capacity, within the view's padding).
    static constexpr std::size_t roundedSlots(std::size_t slot) {
        return (slot + 7) & ~std::size_t{7};
    }

#if defined(__SSE2__)
    // The slots after an array of m_size keys (a multiple of 4) read as -inf by the passes:
    // three (-inf, -inf) pairs, by pair stores only, as insert() expects.
    [[gnu::always_inline]] static void padWithNegInf(double* keys, std::size_t size) {
        const __m128d negInf = _mm_set1_pd(-kInf);
        for (std::size_t j = size + 1; j < size + 7; j += 2) {
            _mm_storeu_pd(keys + j, negInf);
        }
    }

    // An empty array filled with key(0), ..., key(count - 1), count <= 32, by the network.
    template <class Key> [[gnu::always_inline]] void startByNetwork(std::size_t count, Key& key) {
        alignas(16) double v[32];
        for (std::size_t i = 0; i < 32; ++i) {
            v[i] = i < count ? key(i) : -kInf; // -inf sorts last
        }
        sortBySortingNetwork<32>(v);
        // Slots 1..count (and count + 1 when count is odd: -inf), by pair stores as insert()
        // expects.
        for (std::size_t k = 0; 2 * k < count; ++k) {
            _mm_storeu_pd(m_cur + 1 + 2 * k, _mm_load_pd(v + 2 * k));
        }
        m_size = count;
    }

    // 33 to 44 keys: the first 32 by the network, then the passes. Out of line: the callers
    // are the kernels' loops, whose code an inlined copy would lengthen.
    template <class Key> [[gnu::noinline]] void networkThenPasses(std::size_t count, Key& key) {
        startByNetwork(32, key);
        padWithNegInf(m_cur, 32);
        insertByPasses(32, count, key);
    }

    // Inserts key(from), ..., key(count - 1) into the m_size = from keys held, four per pass.
    template <class Key>
    [[gnu::always_inline]] void insertByPasses(std::size_t from, std::size_t count, Key&& key) {
        const __m128d inf = _mm_set1_pd(kInf);
        const __m128d negInf = _mm_set1_pd(-kInf);
        for (std::size_t first = from; first < count; first += 4) {
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
    }
#endif

#if defined(__SSE2__)
    /// Sorts v[0..kN) in decreasing order by a bitonic sorting network on kN / 2 registers of
    /// two keys: for 32 keys about 400 instructions where build()'s passes, whose cost grows
    /// as the square of the count, take about 1,400 (a sixth of a Tree-dyn run at n = 64).
    /// The same array as the passes give: a sort of the same keys (distinct values, or equal
    /// ones with equal bits: times >= 0). Not inlined, and given no pointer into the queue: a
    /// kernel's queue then stays in registers (passing it to a call made the static plans'
    /// loop 4 % longer).
    template <std::size_t kN> [[gnu::noinline]] static void sortBySortingNetwork(double* v) {
        __m128d r[kN / 2];
        for (std::size_t k = 0; k < kN / 2; ++k) {
            r[k] = _mm_loadu_pd(v + 2 * k);
        }
        sortingNetwork<kN, 2>(r);
        for (std::size_t k = 0; k < kN / 2; ++k) {
            _mm_storeu_pd(v + 2 * k, r[k]);
        }
    }

    static constexpr std::size_t kMergedLimit = 128; // the sorted array's largest start
    static constexpr std::size_t kBlocks = kMergedLimit / 32;
    // A block: +inf, 32 keys, -inf (the sentinels of mergeDecreasing).
    static constexpr std::size_t kBlockStride = 34;

    /// 45 to kMergedLimit keys (n = 90 to 257: half the platform at time 0), in blocks of 32
    /// at v + kBlockStride * b + 1 (the last padded with -inf), into out[0..count) in
    /// decreasing order: each block by the network, then merged two by two. build()'s passes
    /// cost the square of the count: 27,000 instructions for 128 keys, half of a Tree-dyn run
    /// at n = 256; this, about 9,000.
    [[gnu::noinline]] static void sortBlocksAndMerge(double* v, std::size_t count, double* out) {
        const std::size_t blocks = (count + 31) / 32;
        std::size_t length[kBlocks];
        for (std::size_t b = 0; b < blocks; ++b) {
            double* block = v + b * kBlockStride + 1;
            sortBySortingNetwork<32>(block);
            length[b] = std::min<std::size_t>(32, count - 32 * b);
            block[-1] = kInf;
            block[length[b]] = -kInf; // every key lies between the sentinels
        }
        auto block = [&](std::size_t b) { return v + b * kBlockStride + 1; };
        if (blocks == 2) {
            mergeDecreasing(block(0), length[0], block(1), length[1], out);
            return;
        }
        // Three or four blocks: two runs of up to 64 keys, then one.
        alignas(16) double runs[2 * 66];
        double* first = runs + 1;
        double* second = runs + 67;
        const std::size_t firstLength = length[0] + length[1];
        mergeDecreasing(block(0), length[0], block(1), length[1], first);
        std::size_t secondLength = length[2];
        if (blocks == 4) {
            mergeDecreasing(block(2), length[2], block(3), length[3], second);
            secondLength += length[3];
        } else {
            std::copy(block(2), block(2) + length[2], second);
        }
        first[-1] = kInf;
        first[firstLength] = -kInf;
        second[-1] = kInf;
        second[secondLength] = -kInf;
        mergeDecreasing(first, firstLength, second, secondLength, out);
    }

    /// Merges the decreasing runs a[0..la) and b[0..lb), each between +inf (at [-1]) and -inf,
    /// into out, without a branch on the keys (which run a key comes from is unpredictable):
    /// the largest half from the front and the smallest from the back, two independent chains
    /// of steps (each step waits for the one before: its loads depend on which was taken).
    /// With equal keys either chain may take either copy: equal keys have equal bits here.
    [[gnu::always_inline]] static void
    mergeDecreasing(const double* a, std::size_t la, const double* b, std::size_t lb, double* out) {
        const std::size_t total = la + lb;
        const double* aFront = a;
        const double* bFront = b;
        const double* aBack = a + la - 1;
        const double* bBack = b + lb - 1;
        for (std::size_t k = 0; k < total / 2; ++k) {
            const double x = *aFront;
            const double y = *bFront;
            const bool frontA = x >= y;
            out[k] = frontA ? x : y;
            aFront += static_cast<std::size_t>(frontA);
            bFront += static_cast<std::size_t>(!frontA);
            const double u = *aBack;
            const double w = *bBack;
            const bool backA = u <= w;
            out[total - 1 - k] = backA ? u : w;
            aBack -= static_cast<std::size_t>(backA);
            bBack -= static_cast<std::size_t>(!backA);
        }
        if (total % 2 == 1) {
            out[total / 2] = std::max(*aFront, *bFront);
        }
    }

    // Bitonic sort, every index a constant so that the keys stay in registers: blocks of
    // kSize keys sorted in alternate directions (the last one decreasing) are merged by
    // halving strides.
    template <std::size_t kN, std::size_t kSize>
    [[gnu::always_inline]] static void sortingNetwork(__m128d* r) {
        if constexpr (kSize <= kN) {
            bitonicMerge<kSize, kSize / 2>(r, std::make_index_sequence<kN / 2>{});
            sortingNetwork<kN, 2 * kSize>(r);
        }
    }
    template <std::size_t kSize, std::size_t kStride, std::size_t... kReg>
    [[gnu::always_inline]] static void bitonicMerge(__m128d* r, std::index_sequence<kReg...> regs) {
        if constexpr (kStride >= 2) {
            // Keys i and i + kStride lie in the same lane of two registers.
            (compareRegisters<kSize, kStride, 2 * kReg>(r), ...);
            bitonicMerge<kSize, kStride / 2>(r, regs);
        } else {
            (compareHalves<kSize, 2 * kReg>(r), ...);
        }
    }
    template <std::size_t kSize, std::size_t kStride, std::size_t kI>
    [[gnu::always_inline]] static void compareRegisters(__m128d* r) {
        if constexpr ((kI & kStride) == 0) {
            constexpr std::size_t p = kI / 2;
            constexpr std::size_t q = (kI + kStride) / 2;
            const __m128d hi = _mm_max_pd(r[p], r[q]);
            const __m128d lo = _mm_min_pd(r[p], r[q]);
            constexpr bool kDecreasing = (kI & kSize) == 0;
            r[p] = kDecreasing ? hi : lo;
            r[q] = kDecreasing ? lo : hi;
        }
    }
    // Stride 1 compares the two halves of a register: registers k and k + 1 are transposed,
    // compared, and put back.
    template <std::size_t kSize, std::size_t kK>
    [[gnu::always_inline]] static void compareHalves(__m128d* r) {
        if constexpr (kK % 4 == 0) {
            constexpr std::size_t k = kK / 2;
            const __m128d first = _mm_unpacklo_pd(r[k], r[k + 1]);  // (a0, b0)
            const __m128d second = _mm_unpackhi_pd(r[k], r[k + 1]); // (a1, b1)
            const __m128d hi = _mm_max_pd(first, second);
            const __m128d lo = _mm_min_pd(first, second);
            r[k] = ((2 * k) & kSize) == 0 ? _mm_unpacklo_pd(hi, lo) : _mm_unpacklo_pd(lo, hi);
            r[k + 1] =
                ((2 * k + 2) & kSize) == 0 ? _mm_unpackhi_pd(hi, lo) : _mm_unpackhi_pd(lo, hi);
        }
    }
#endif

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
            return PackedEvents(m_keys.view(payloads), m_exact.data(), payloadMask(payloads));
        }

      private:
        SortedKeys::Storage m_keys;
        std::vector<double> m_exact;
    };

    /// The low bits of a key that hold the payload, for payloads 0..payloads-1.
    static std::uint64_t payloadMask(std::uint32_t payloads) {
        const int bits = std::bit_width(std::max<std::uint32_t>(payloads, 2) - 1);
        return (std::uint64_t{1} << bits) - 1;
    }

    bool empty() const { return m_keys.empty(); }
    std::size_t size() const { return m_keys.size(); }

    [[gnu::always_inline]] void push(double time, std::uint32_t payload) {
        m_exact[payload] = time;
        m_keys.insert(pack(time, payload));
    }
    /// On an empty set, pushes `count` events, the i-th given by event(i, time, payload):
    /// SortedKeys::build, several times faster than as many push() calls.
    template <class Event> void pushAll(std::size_t count, Event&& event) {
        m_keys.build(count, packed(event));
    }
    /// pushAll() by SortedKeys::buildBySortingNetwork.
    template <class Event> void pushAllBySortingNetwork(std::size_t count, Event&& event) {
        m_keys.buildBySortingNetwork(count, packed(event));
    }
    /// pushAll() by SortedKeys::buildByNetworkThenPasses.
    template <class Event> void pushAllByNetworkThenPasses(std::size_t count, Event&& event) {
        m_keys.buildByNetworkThenPasses(count, packed(event));
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
    // The key of event(i), whose exact time is recorded.
    template <class Event> auto packed(Event& event) {
        return [ this, &event ](std::size_t i) __attribute__((always_inline)) {
            double time = 0.0;
            std::uint32_t payload = 0;
            event(i, time, payload);
            m_exact[payload] = time;
            return pack(time, payload);
        };
    }

    PackedEvents(SortedKeys keys, double* exact, std::uint64_t mask)
        : m_keys(keys), m_exact(exact), m_mask(mask) {}
    double pack(double time, std::uint32_t payload) const {
        return std::bit_cast<double>((std::bit_cast<std::uint64_t>(time) & ~m_mask) | payload);
    }

    SortedKeys m_keys;
    double* m_exact;
    std::uint64_t m_mask;
};

/// A run's first events into an empty set: by a sorting network where the set has one
/// (buildBySortingNetwork, pushAllBySortingNetwork), else build() or pushAll().
template <class Keys, class Key> void buildStart(Keys& keys, std::size_t count, Key&& key) {
    if constexpr (requires { keys.buildBySortingNetwork(count, key); }) {
        keys.buildBySortingNetwork(count, key);
    } else {
        keys.build(count, key);
    }
}
template <class Events, class Event>
void pushStart(Events& events, std::size_t count, Event&& event) {
    if constexpr (requires { events.pushAllBySortingNetwork(count, event); }) {
        events.pushAllBySortingNetwork(count, event);
    } else {
        events.pushAll(count, event);
    }
}

} // namespace rl
