#pragma once

#include "fastpath/pending_events.h"

#include <bit>
#include <cstddef>
#include <cstdint>

namespace rl {

/// PackedEvents' keys (a time's bits with the payload in the low bits) held in kRegs vectors
/// of eight, in increasing order, the empty slots all ones: on a processor with 512-bit
/// vectors (AVX-512) the whole set lives in kRegs registers. For the lean kernels of small
/// platforms (n <= 64), whose runs waited on mispredicted branches: whether an operation's
/// end completes a join, which kind of end is popped, the length of the sorted array's
/// insertion loop.
/// - An insertion is, for every slot j, d'[j] = min(d[j], max(d[j-1], v)) (d[-1] = 0): the
///   same few instructions per vector, no branch on the key.
/// - pushIf(false, ...) inserts the all-ones key, which changes nothing: a kernel pushes
///   "this join, if complete" without branching on it.
/// - A pop takes slot 0 and moves every slot down one.
/// - The first kAlways vectors are always moved, the others only while they hold keys:
///   that branch changes a few times per run (a run's pending set starts full and shrinks),
///   so it is predicted, and a run does not pay for its largest moment all along.
/// The keys compare as unsigned integers as PackedEvents' compare as doubles (times >= 0), so
/// both pop the same events in the same order. Written with the compilers' generic vectors,
/// which need no instruction-set flag: a function compiled for AVX-512 (RL_WIDE_TARGET,
/// fastpath/wide_runs.h) turns them into its instructions, and elsewhere (the tests) they are
/// lowered to narrower ones. With more than 8 * kRegs events pending, keys would be lost:
/// overflowed() then says so, and the kernel gives up and lets the exact path run.
template <int kRegs, int kAlways = 1> class WideEvents {
  public:
    using Vec = std::uint64_t __attribute__((vector_size(64)));
    static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
    static constexpr std::size_t kCapacity = 8 * kRegs;

    /// `exact[payload]` receives each pushed event's time; `payloads` as PackedEvents::view
    /// (the same keys).
    [[gnu::always_inline]] WideEvents(double* exact, std::uint32_t payloads)
        : m_exact(exact), m_mask(PackedEvents::payloadMask(payloads)) {
        for (int i = 0; i < kRegs; ++i) {
            m_v[i] = (Vec{} + kEmpty);
        }
    }

    bool empty() const { return m_size == 0; }
    std::size_t size() const { return m_size; }
    /// Whether more events were pushed than the vectors hold (the set is then wrong).
    bool overflowed() const { return m_size > kCapacity; }

    [[gnu::always_inline]] void push(double time, std::uint32_t payload) {
        pushIf(true, time, payload);
    }
    /// push(time, payload) if `really`, else nothing (but the same work, without a branch).
    /// `exact[payload]` is written either way: a payload has one pending event at most, and
    /// one not pushed is not pending.
    [[gnu::always_inline]] void pushIf(bool really, double time, std::uint32_t payload) {
        m_exact[payload] = time;
        const std::uint64_t key = pack(time, payload) | (std::uint64_t{really} - 1);
        insert(key);
        m_size += really ? 1U : 0U;
    }
    /// On an empty set, pushes `count` events, the i-th given by event(i, time, payload).
    template <class Event> [[gnu::always_inline]] void pushAll(std::size_t count, Event&& event) {
        for (std::size_t i = 0; i < count; ++i) {
            double time = 0.0;
            std::uint32_t payload = 0;
            event(i, time, payload);
            push(time, payload);
        }
    }
    /// Pops the earliest event and returns its tie key (as PackedEvents::pop).
    [[gnu::always_inline]] std::uint64_t pop(double& time, std::uint32_t& payload) {
        const std::uint64_t key = m_v[0][0];
        for (int i = 0; i < kRegs; ++i) {
            if (i >= kAlways && m_size <= 8U * i) {
                break; // vector i and those after it hold no key
            }
            const Vec next = i + 1 < kRegs ? m_v[i + 1] : (Vec{} + kEmpty);
            m_v[i] = __builtin_shufflevector(m_v[i], next, 1, 2, 3, 4, 5, 6, 7, 8);
        }
        --m_size;
        payload = static_cast<std::uint32_t>(key & m_mask);
        time = m_exact[payload];
        return key & ~m_mask;
    }
    /// Whether an event with tie key `key` (the one pop() just returned) is still pending.
    bool nextHasKey(std::uint64_t key) const { return !empty() && (m_v[0][0] & ~m_mask) == key; }
    /// The tie key of an event at `time` handled outside the queue (time 0's).
    std::uint64_t tieKey(double time) const { return std::bit_cast<std::uint64_t>(time) & ~m_mask; }

  private:
    std::uint64_t pack(double time, std::uint32_t payload) const {
        return (std::bit_cast<std::uint64_t>(time) & ~m_mask) | payload;
    }
    // Keys >= v move up one slot, the first of them replaced by v: d'[j] = min(d[j],
    // max(d[j-1], v)). The all-ones key changes nothing (no key is above it).
    [[gnu::always_inline]] void insert(std::uint64_t key) {
        const Vec v = (Vec{} + key);
        Vec prev = Vec{};
        for (int i = 0; i < kRegs; ++i) {
            if (i >= kAlways && m_size < 8U * i) {
                break; // the new key lands before vector i, which holds no key
            }
            const Vec cur = m_v[i];
            const Vec shifted = __builtin_shufflevector(prev, cur, 7, 8, 9, 10, 11, 12, 13, 14);
            // No helper functions: one taking or returning a 512-bit vector, compiled
            // without AVX-512, would be a different ABI (-Wpsabi).
#if defined(__clang__)
            m_v[i] = __builtin_elementwise_min(cur, __builtin_elementwise_max(shifted, v));
#else
            const Vec high = shifted > v ? shifted : v;
            m_v[i] = cur < high ? cur : high;
#endif
            prev = cur;
        }
    }

    Vec m_v[kRegs];
    double* m_exact;
    std::uint64_t m_mask;
    std::uint32_t m_size = 0;
};

} // namespace rl
