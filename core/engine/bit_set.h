#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace rl {

/// A set of integers of [0, size) for lean kernels on large platforms (Non-Commut-Tree-dyn
/// beyond 64 processors): a tree of words, where a bit of level k + 1 says whether word i of
/// level k has a member, so next()/previous() climb to the first level with a member beside
/// the query and go down again: O(log64 size), a few steps for any platform.
/// Storage is reused from run to run (reset()).
class BitTree {
  public:
    /// Empty, or [0, size) when `full`.
    void reset(int size, bool full) {
        m_size = size;
        m_levels.clear();
        std::size_t count = static_cast<std::size_t>(size);
        do {
            const std::size_t words = (count + 63) / 64;
            m_levels.emplace_back(words, 0);
            if (full) {
                for (std::size_t w = 0; w < words; ++w) {
                    const std::size_t bits = std::min<std::size_t>(64, count - 64 * w);
                    m_levels.back()[w] =
                        bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
                }
            }
            count = words;
        } while (count > 1);
    }

    bool contains(int i) const {
        return ((m_levels[0][static_cast<std::size_t>(i) >> 6] >> (i & 63)) & 1U) != 0;
    }
    void insert(int i) {
        auto u = static_cast<std::size_t>(i);
        for (auto& level : m_levels) {
            const bool wasEmpty = level[u >> 6] == 0;
            level[u >> 6] |= std::uint64_t{1} << (u & 63);
            if (!wasEmpty) {
                return;
            }
            u >>= 6;
        }
    }
    void erase(int i) {
        auto u = static_cast<std::size_t>(i);
        for (auto& level : m_levels) {
            level[u >> 6] &= ~(std::uint64_t{1} << (u & 63));
            if (level[u >> 6] != 0) {
                return;
            }
            u >>= 6;
        }
    }
    void assign(int i, bool in) {
        if (in) {
            insert(i);
        } else {
            erase(i);
        }
    }
    /// The smallest member above i, or size() when there is none (-1 <= i < size). Inline
    /// when it shares i's word (Non-Commut-Tree-dyn's neighbours mostly do), else a climb.
    [[gnu::always_inline]] int next(int i) const {
        const std::size_t from = static_cast<std::size_t>(i) + 1; // i = -1 wraps to 0
        const std::vector<std::uint64_t>& words = m_levels[0];
        if ((from >> 6) < words.size()) {
            const std::uint64_t bits = words[from >> 6] & (~std::uint64_t{0} << (from & 63));
            if (bits != 0) {
                return static_cast<int>((from & ~std::size_t{63}) |
                                        static_cast<std::size_t>(std::countr_zero(bits)));
            }
        }
        return nextByClimbing(i);
    }
    /// The largest member below i, or -1 when there is none (0 <= i <= size); inline as next().
    [[gnu::always_inline]] int previous(int i) const {
        if (i > 0) {
            const auto u = static_cast<std::size_t>(i - 1);
            const std::uint64_t bits = m_levels[0][u >> 6] & (~std::uint64_t{0} >> (63 - (u & 63)));
            if (bits != 0) {
                return static_cast<int>((u & ~std::size_t{63}) +
                                        static_cast<std::size_t>(63 - std::countl_zero(bits)));
            }
        }
        return previousByClimbing(i);
    }

  private:
    [[gnu::noinline]] int nextByClimbing(int i) const {
        std::size_t level = 0;
        // First candidate at this level; i = -1 wraps to 0 (unsigned arithmetic is modular).
        std::size_t from = static_cast<std::size_t>(i) + 1;
        for (;;) {
            const std::vector<std::uint64_t>& words = m_levels[level];
            if ((from >> 6) < words.size()) {
                const std::uint64_t bits = words[from >> 6] & (~std::uint64_t{0} << (from & 63));
                if (bits != 0) {
                    from = (from & ~std::size_t{63}) |
                           static_cast<std::size_t>(std::countr_zero(bits));
                    break;
                }
            }
            if (++level == m_levels.size()) {
                return m_size;
            }
            from = (from >> 6) + 1;
        }
        while (level > 0) {
            --level;
            from = 64 * from + static_cast<std::size_t>(std::countr_zero(m_levels[level][from]));
        }
        return static_cast<int>(from);
    }
    [[gnu::noinline]] int previousByClimbing(int i) const {
        std::size_t level = 0;
        auto to = static_cast<std::ptrdiff_t>(i) - 1; // last candidate at this level
        for (;;) {
            if (to < 0) {
                return -1;
            }
            const auto u = static_cast<std::size_t>(to);
            const std::uint64_t bits =
                m_levels[level][u >> 6] & (~std::uint64_t{0} >> (63 - (u & 63)));
            if (bits != 0) {
                to = static_cast<std::ptrdiff_t>(
                    (u & ~std::size_t{63}) + static_cast<std::size_t>(63 - std::countl_zero(bits)));
                break;
            }
            if (++level == m_levels.size()) {
                return -1;
            }
            to = static_cast<std::ptrdiff_t>(u >> 6) - 1;
        }
        while (level > 0) {
            --level;
            const auto u = static_cast<std::size_t>(to);
            to = static_cast<std::ptrdiff_t>(
                64 * u + 63 - static_cast<std::size_t>(std::countl_zero(m_levels[level][u])));
        }
        return static_cast<int>(to);
    }

    int m_size = 0;
    std::vector<std::vector<std::uint64_t>> m_levels; // [0]: the members
};

/// BitTree's interface for at most 4,096 members (kMaxSize), the sizes of Non-Commut-Tree-dyn
/// runs from 65 to 4,096 processors: 64 words and one word over them, stored in place. With
/// exactly two levels every operation is straight-line code: insert() and erase() update the
/// upper word without the early exit that made BitTree's loops branch, and a neighbour in
/// another word is two bit scans away, with no climb and no vector to follow.
class TwoLevelBitTree {
  public:
    static constexpr int kMaxSize = 64 * 64;

    /// Empty, or [0, size) when `full` (size <= kMaxSize).
    void reset(int size, bool full) {
        m_size = size;
        const int words = (size + 63) / 64;
        for (int w = 0; w < 64; ++w) {
            const int bits = std::clamp(size - 64 * w, 0, 64);
            const std::uint64_t all =
                bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
            m_words[w] = full ? all : 0;
        }
        const std::uint64_t used =
            words == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << words) - 1;
        m_summary = full && size > 0 ? used : 0;
    }

    bool contains(int i) const {
        return ((m_words[static_cast<std::size_t>(i) >> 6] >> (i & 63)) & 1U) != 0;
    }
    void insert(int i) {
        const auto u = static_cast<std::size_t>(i);
        m_words[u >> 6] |= std::uint64_t{1} << (u & 63);
        m_summary |= std::uint64_t{1} << (u >> 6);
    }
    void erase(int i) {
        const auto u = static_cast<std::size_t>(i);
        const std::uint64_t word = m_words[u >> 6] & ~(std::uint64_t{1} << (u & 63));
        m_words[u >> 6] = word;
        m_summary &= ~(std::uint64_t{word == 0} << (u >> 6));
    }
    /// insert(i) or erase(i) without a branch (Non-Commut-Tree-dyn's choice is a coin toss).
    [[gnu::always_inline]] void assign(int i, bool in) {
        const auto u = static_cast<std::size_t>(i);
        const std::uint64_t bit = std::uint64_t{1} << (u & 63);
        const std::uint64_t word = (m_words[u >> 6] & ~bit) | (bit & (0 - std::uint64_t{in}));
        m_words[u >> 6] = word;
        const std::uint64_t wordBit = std::uint64_t{1} << (u >> 6);
        m_summary = (m_summary & ~wordBit) | (wordBit & (0 - std::uint64_t{word != 0}));
    }
    /// The smallest member above i, or size() when there is none (-1 <= i < size).
    [[gnu::always_inline]] int next(int i) const {
        const std::size_t from = static_cast<std::size_t>(i) + 1; // i = -1 wraps to 0
        const std::size_t w = from >> 6;
        if (w < 64) {
            const std::uint64_t bits = m_words[w] & (~std::uint64_t{0} << (from & 63));
            if (bits != 0) {
                return static_cast<int>(64 * w + static_cast<std::size_t>(std::countr_zero(bits)));
            }
            // The words above w: a shift by w + 1 < 64, then one more (w = 63 leaves none).
            const std::uint64_t above = (m_summary >> w) >> 1;
            if (above != 0) {
                const std::size_t v = w + 1 + static_cast<std::size_t>(std::countr_zero(above));
                return static_cast<int>(64 * v +
                                        static_cast<std::size_t>(std::countr_zero(m_words[v])));
            }
        }
        return m_size;
    }
    /// The largest member below i, or -1 when there is none (0 <= i <= size).
    [[gnu::always_inline]] int previous(int i) const {
        if (i <= 0) {
            return -1;
        }
        const auto u = static_cast<std::size_t>(i - 1);
        const std::size_t w = u >> 6;
        const std::uint64_t bits = m_words[w] & (~std::uint64_t{0} >> (63 - (u & 63)));
        if (bits != 0) {
            return static_cast<int>(64 * w + 63 - static_cast<std::size_t>(std::countl_zero(bits)));
        }
        const std::uint64_t below = m_summary & ((std::uint64_t{1} << w) - 1);
        if (below == 0) {
            return -1;
        }
        const std::size_t v = 63 - static_cast<std::size_t>(std::countl_zero(below));
        return static_cast<int>(64 * v + 63 -
                                static_cast<std::size_t>(std::countl_zero(m_words[v])));
    }

  private:
    int m_size = 0;
    std::uint64_t m_summary = 0; // bit w: word w has a member
    std::uint64_t m_words[64] = {};
};

} // namespace rl
