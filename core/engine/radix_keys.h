#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace rl {

/// SortedKeys' interface for large sets whose keys never go below the last one popped, as the
/// pending transfer ends of a run without reductions (every key pushed is the time of the
/// event being handled plus a cost): a radix heap (Ahuja, Mehlhorn, Orlin, Tarjan 1990) on
/// the keys' bit patterns, which order like non-negative doubles. A key sits in the bucket of
/// the highest bit where it differs from the last key popped (bucket 0: equal to it), so an
/// insertion is an append, with no comparison; when bucket 0 runs out, the first non-empty
/// bucket is scanned for its smallest key, which becomes the last one, and its keys move to
/// lower buckets. A key moves at most 64 times, in practice a few: O(1) per operation
/// instead of the binary heap's O(log size) chain of dependent loads and compares.
/// Keys must be non-negative, non-NaN and (after the first pop) at least the last one popped.
class RadixKeys {
    static constexpr int kBuckets = 64; // bit widths 0..63 (the sign bit is 0)

  public:
    /// Buckets reused from run to run (each grows to its largest occupancy).
    class Storage {
      public:
        RadixKeys view(std::size_t /*capacity*/) {
            for (auto& b : m_buckets) {
                b.clear();
            }
            return RadixKeys(m_buckets);
        }

      private:
        std::vector<double> m_buckets[kBuckets];
    };

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    /// The smallest key (not empty()); it becomes the last key.
    double min() {
        if (m_buckets[0].empty()) {
            refill();
        }
        return m_last;
    }
    double popMin() {
        const double v = min();
        m_buckets[0].pop_back();
        if (m_buckets[0].empty()) {
            m_nonEmpty &= ~std::uint64_t{1};
        }
        --m_size;
        return v;
    }
    /// popMin() then insert(v).
    void replaceMin(double v) {
        popMin();
        insert(v);
    }
    void insert(double v) {
        const int b = bucketOf(v);
        m_buckets[b].push_back(v);
        m_nonEmpty |= std::uint64_t{1} << b;
        ++m_size;
    }
    /// SortedKeys::build's interface: inserts key(0), ..., key(count - 1).
    template <class Key> void build(std::size_t count, Key&& key) {
        for (std::size_t i = 0; i < count; ++i) {
            insert(key(i));
        }
    }

  private:
    explicit RadixKeys(std::vector<double>* buckets) : m_buckets(buckets) {}

    int bucketOf(double v) const {
        return std::bit_width(std::bit_cast<std::uint64_t>(v) ^
                              std::bit_cast<std::uint64_t>(m_last));
    }
    // Bucket 0 is empty and the set is not: the smallest key of the first non-empty bucket
    // becomes the last one, and that bucket's keys move down (they now differ from it in a
    // lower bit, or not at all).
    void refill() {
        const int b = std::countr_zero(m_nonEmpty);
        std::vector<double>& from = m_buckets[b];
        double smallest = from[0];
        for (const double v : from) {
            smallest = v < smallest ? v : smallest;
        }
        m_last = smallest;
        for (const double v : from) {
            const int to = bucketOf(v);
            m_buckets[to].push_back(v);
            m_nonEmpty |= std::uint64_t{1} << to;
        }
        from.clear();
        m_nonEmpty &= ~(std::uint64_t{1} << b);
    }

    std::vector<double>* m_buckets;
    std::uint64_t m_nonEmpty = 0; // bit b: bucket b has keys
    double m_last = 0.0;          // the last key popped (all keys are at least this)
    std::size_t m_size = 0;
};

} // namespace rl
