#pragma once

#include "algorithms/algorithm_registry.h"
#include "studies/platform_spec.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rl {

/// The request of one run: what the explorer shows and `reducelab-cli run` prints. A platform
/// and the algorithms run on it (on common random numbers: the same seed and replicate), a
/// plain value that the GUI saves as versioned JSON (studies/scenario_json.h).
struct Scenario : PlatformSpec {
    /// The newest file version read and written: 2 adds the arrival law. A scenario without
    /// one is written as version 1, which earlier releases read the same.
    static constexpr int kVersion = 2;
    static constexpr int kVersionWithoutArrival = 1;
    /// Compare mode shows at most this many algorithms, one pane each.
    static constexpr std::size_t kMaxAlgorithms = 4;
    /// Largest scenario file read (a 16-processor matrix is a few kB; a 4096 one, about 100 MB,
    /// is not a scenario for the explorer).
    static constexpr std::size_t kMaxFileBytes = std::size_t{16} << 20;

    std::vector<Algorithm> algorithms{AlgorithmId::FibonacciStat,
                                      AlgorithmId::TreeDyn}; ///< paper order
    std::uint64_t replicate = 0;

    /// The demo that the GUI opens with: the explorer's first platform
    /// (PlatformSpec::explorerDefault), Tree-dyn beside Fibonacci-stat.
    static Scenario demo() {
        Scenario s;
        static_cast<PlatformSpec&>(s) = PlatformSpec::explorerDefault();
        return s;
    }

    /// Throws InputError naming the first problem: no or too many algorithms, an algorithm
    /// invalid for n or the mode, a bad law or matrix, a clairvoyant baseline on costs it does
    /// not know, an exact optimum beyond its search limit.
    void validate() const;

    friend bool operator==(const Scenario&, const Scenario&) = default;
};

} // namespace rl
