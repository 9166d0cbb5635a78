#pragma once

#include "algorithms/algorithm.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rl {

/// The largest message ompi-default decides for (bytes): 1 TiB, far beyond the last
/// threshold of Open MPI's table (1 MiB), and well within its size_t.
inline constexpr long long kOmpiMaxMessageBytes = 1LL << 40;

/// The parameters a run may give Open MPI's trees (docs/model.md §4.4), as the user gave them:
/// ompi-chain's fan-out (`--fanout K`, 1 to kOmpiMaxFanout, default kOmpiChainFanout) and the
/// message size ompi-default decides for (`--message-bytes B`, 1 to kOmpiMaxMessageBytes,
/// default kOmpiDefaultMessageBytes). The one place of their ranges, defaults and of the
/// algorithms they apply to; every front end maps its options onto it.
struct OmpiParameters {
    std::optional<long long> fanout;
    std::optional<long long> messageBytes;
};

/// How a front end names the parameters and the algorithms in applyOmpiParameters()'s
/// messages: the command line's options by default; Python's keywords, the explorer's fields.
struct OmpiSpelling {
    std::string fanout = "--fanout";
    std::string messageBytes = "--message-bytes";
    std::string algorithms = "--algo"; ///< "add ompi-chain to <algorithms>"
};

/// `algorithms` with `p` applied: ompi-chain becomes ompi-chain of fan-out K, ompi-default
/// decides for B bytes. Throws InputError (one line naming the setting as `spelling` writes
/// it) for a value out of range, or for a parameter that no listed algorithm takes. With the
/// defaults (or none) the algorithms are the registry's rows themselves, so every output stays
/// what it was.
std::vector<Algorithm> applyOmpiParameters(std::vector<Algorithm> algorithms,
                                           const OmpiParameters& p,
                                           const OmpiSpelling& spelling = {});

/// ompi-chain with fan-out K: the registry's row for the default, otherwise the algorithm of
/// key "ompi-chain:K", made once. Throws InputError outside 1..kOmpiMaxFanout.
Algorithm ompiChainAlgorithm(long long fanout);
/// ompi-default deciding for B bytes: the registry's row for the default, otherwise
/// "ompi-default:B", made once. Throws InputError outside 1..kOmpiMaxMessageBytes.
Algorithm ompiDefaultAlgorithm(long long bytes);
/// The algorithm a parameterised key names ("ompi-chain:8", "ompi-default:65536"), as the
/// outputs, scenario files and MPI messages write it; none for another key. Throws InputError
/// for a value out of range.
std::optional<Algorithm> ompiParameterisedAlgorithm(std::string_view key);

/// The message size `a` decides for, when it is ompi-default (the row or a parameterised one).
std::optional<long long> ompiDefaultBytes(const Algorithm& a);
/// The fan-out of `a`, when it is ompi-chain (the row or a parameterised one).
std::optional<long long> ompiChainFanout(const Algorithm& a);
/// What ompi-default picks, in one sentence: "ompi-default: Open MPI picks binary (algorithm
/// 4) for n = 16, 8 bytes, commutative", and where ReduceLab runs another tree, which and why.
std::string ompiDefaultPickText(int n, long long bytes, bool commutative);

} // namespace rl
