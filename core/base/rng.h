#pragma once

#include <boost/random/taus88.hpp>

#include <array>
#include <cstdint>

namespace rl {

/// The independent streams of one replicate: the two cost streams of docs/model.md §2.
/// Arrival: the late arrivals' times (docs/model.md §1), its own stream so that the cost draws,
/// hence every result without an arrival law, do not move. Policy: a run-time policy's own
/// random numbers (PolicyEngine::random), which no built-in draws, for the same reason.
enum class Stream : std::uint64_t { Transfer = 1, Reduction = 2, Arrival = 4, Policy = 8 };

/// SplitMix64 finaliser (Steele, Lea, Flood 2014): a bijective 64-bit mixer.
constexpr std::uint64_t splitMix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/// A random stream on Boost.Random's taus88 (L'Ecuyer's combined Tausworthe generator).
///
/// Derivation (docs/model.md §9): key = M(M(M(seed) ^ replicate) ^ stream) with M =
/// splitMix64; the three 32-bit state words are the high halves of M(key + 1), M(key + 2),
/// M(key + 3), passed to taus88's iterator seeding (which lifts words below each component's
/// minimum). taus88 is chosen because seeding it costs three words: a stream is created for
/// every replicate, which a Mersenne Twister (624 words) would make the dominant cost.
class Rng {
  public:
    Rng() = default;
    Rng(std::uint64_t seed, std::uint64_t replicate, Stream stream) {
        reseed(seed, replicate, stream);
    }

    void reseed(std::uint64_t seed, std::uint64_t replicate, Stream stream) {
        const std::uint64_t key = splitMix64(splitMix64(splitMix64(seed) ^ replicate) ^
                                             static_cast<std::uint64_t>(stream));
        std::array<std::uint32_t, 3> words{};
        for (std::size_t i = 0; i < words.size(); ++i) {
            words[i] = static_cast<std::uint32_t>(splitMix64(key + i + 1) >> 32);
        }
        auto first = words.begin();
        m_engine.seed(first, words.end());
    }

    std::uint32_t nextU32() { return static_cast<std::uint32_t>(m_engine()); }
    /// Uniform on the open interval (0, 1), resolution 2^-32.
    double uniform01() { return (static_cast<double>(nextU32()) + 0.5) * 0x1p-32; }
    /// Uniform on [0, 1), resolution 2^-53: 27 and 26 high bits of two draws (as Python's
    /// random.random() makes it).
    double uniform53() {
        const std::uint32_t a = nextU32() >> 5U;
        const std::uint32_t b = nextU32() >> 6U;
        return (static_cast<double>(a) * 0x1p26 + static_cast<double>(b)) * 0x1p-53;
    }

  private:
    boost::random::taus88 m_engine;
};

} // namespace rl
