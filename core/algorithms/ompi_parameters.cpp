#include "algorithms/ompi_parameters.h"

#include "algorithms/algorithm_registry.h"
#include "algorithms/ompi_trees.h"
#include "base/input_error.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <memory>
#include <mutex>

namespace rl {

namespace {

constexpr std::string_view kChainKey = "ompi-chain";
constexpr std::string_view kDefaultKey = "ompi-default";

/// The registry's row of `key` (ompi-chain, ompi-default).
Algorithm row(std::string_view key) {
    return *findAlgorithm(allAlgorithms(), key);
}

long long checkedFanout(long long fanout, const std::string& context) {
    if (fanout < 1 || fanout > kOmpiMaxFanout) {
        throw InputError(context + " " + std::to_string(fanout) +
                         ": Open MPI's chains have a fan-out of 1 to " +
                         std::to_string(kOmpiMaxFanout) + " (MAXTREEFANOUT)");
    }
    return fanout;
}

long long checkedBytes(long long bytes, const std::string& context) {
    if (bytes < 1 || bytes > kOmpiMaxMessageBytes) {
        throw InputError(context + " " + std::to_string(bytes) + ": a message of 1 to " +
                         std::to_string(kOmpiMaxMessageBytes) + " bytes");
    }
    return bytes;
}

/// The row of `base` under another key, name, summary and factories, made once per key: the
/// same key always gives the same handle (Algorithm compares descriptors), in every thread.
Algorithm interned(std::string_view base, const std::string& suffix,
                   const std::function<void(AlgorithmDescriptor&)>& make) {
    static std::mutex mutex;
    static std::map<std::string, Algorithm> made;
    const std::string key = std::string(base) + ":" + suffix;
    const std::scoped_lock lock(mutex);
    if (const auto it = made.find(key); it != made.end()) {
        return it->second;
    }
    auto d = std::make_shared<AlgorithmDescriptor>(row(base).descriptor());
    d->key = key;
    make(*d);
    return made.emplace(key, Algorithm(std::move(d))).first->second;
}

Algorithm chainAlgorithm(long long fanout) {
    if (fanout == kOmpiChainFanout) {
        return row(kChainKey);
    }
    const std::string k = std::to_string(fanout);
    return interned(kChainKey, k, [&](AlgorithmDescriptor& d) {
        const int f = static_cast<int>(fanout);
        d.name += " (fan-out " + k + ")";
        d.summary =
            "Open MPI 4.1: the root receives the heads of " + k + " chains of consecutive ranks";
        d.makeKernel = ompiKernelFactory(OmpiTree::Chain, f);
        d.makeFastPath = ompiFastPathFactory(OmpiTree::Chain, f);
    });
}

Algorithm defaultAlgorithm(long long bytes) {
    if (bytes == kOmpiDefaultMessageBytes) {
        return row(kDefaultKey);
    }
    const std::string b = std::to_string(bytes);
    return interned(kDefaultKey, b, [&](AlgorithmDescriptor& d) {
        d.name += " (" + b + " bytes)";
        d.summary = "Open MPI 4.1.4's fixed decision for messages of " + b + " bytes";
        d.makeKernel = ompiDefaultKernelFactory(bytes);
        d.makeFastPath = ompiDefaultFastPathFactory(bytes);
    });
}

/// "ompi-chain:8" -> 8 when `key` is `base` and a colon; none otherwise.
std::optional<std::string_view> suffixOf(std::string_view key, std::string_view base) {
    if (key.size() <= base.size() + 1 || key.substr(0, base.size()) != base ||
        key[base.size()] != ':') {
        return std::nullopt;
    }
    return key.substr(base.size() + 1);
}

long long keyValue(std::string_view key, std::string_view text) {
    long long value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end) {
        throw InputError("algorithm '" + std::string(key) + "': '" + std::string(text) +
                         "' is not an integer");
    }
    return value;
}

} // namespace

Algorithm ompiChainAlgorithm(long long fanout) {
    return chainAlgorithm(checkedFanout(fanout, "--fanout"));
}

Algorithm ompiDefaultAlgorithm(long long bytes) {
    return defaultAlgorithm(checkedBytes(bytes, "--message-bytes"));
}

std::optional<Algorithm> ompiParameterisedAlgorithm(std::string_view key) {
    const std::string context = "algorithm '" + std::string(key) + "':";
    if (const auto k = suffixOf(key, kChainKey)) {
        return chainAlgorithm(checkedFanout(keyValue(key, *k), context + " fan-out"));
    }
    if (const auto b = suffixOf(key, kDefaultKey)) {
        return defaultAlgorithm(checkedBytes(keyValue(key, *b), context + " message size"));
    }
    return std::nullopt;
}

std::vector<Algorithm> applyOmpiParameters(std::vector<Algorithm> algorithms,
                                           const OmpiParameters& p, const OmpiSpelling& spelling) {
    const auto replace = [&](std::string_view key, const Algorithm& by, const std::string& option) {
        const auto it = std::find(algorithms.begin(), algorithms.end(), row(key));
        if (it == algorithms.end()) {
            const std::string k(key);
            throw InputError(option + " applies to " + k + ": add " + k + " to " +
                             spelling.algorithms);
        }
        if (std::find(algorithms.begin(), algorithms.end(), by) != algorithms.end() &&
            !(by == row(key))) {
            throw InputError("algorithm '" + by.key() + "' is listed twice");
        }
        *it = by;
    };
    if (p.fanout) {
        replace(kChainKey, chainAlgorithm(checkedFanout(*p.fanout, spelling.fanout)),
                spelling.fanout);
    }
    if (p.messageBytes) {
        replace(kDefaultKey, defaultAlgorithm(checkedBytes(*p.messageBytes, spelling.messageBytes)),
                spelling.messageBytes);
    }
    return algorithms;
}

std::optional<long long> ompiDefaultBytes(const Algorithm& a) {
    if (a.key() == kDefaultKey) {
        return kOmpiDefaultMessageBytes;
    }
    if (const auto b = suffixOf(a.key(), kDefaultKey)) {
        return keyValue(a.key(), *b);
    }
    return std::nullopt;
}

std::optional<long long> ompiChainFanout(const Algorithm& a) {
    if (a.key() == kChainKey) {
        return kOmpiChainFanout;
    }
    if (const auto k = suffixOf(a.key(), kChainKey)) {
        return keyValue(a.key(), *k);
    }
    return std::nullopt;
}

std::string ompiDefaultPickText(int n, long long bytes, bool commutative) {
    const OmpiDecision d = ompiDefaultDecision(n, bytes, commutative);
    std::string text = "ompi-default: Open MPI picks " + ompiAlgorithmName(d.algorithm) +
                       " (algorithm " + std::to_string(d.algorithm) +
                       ") for n = " + std::to_string(n) + ", " + std::to_string(bytes) +
                       (bytes == 1 ? " byte, " : " bytes, ") +
                       (commutative ? "commutative" : "non-commutative");
    if (d.algorithm == 7) {
        text += "; ReduceLab runs linear instead (Rabenseifner's reduce-scatter and gather split "
                "the message, which the model's whole messages cannot)";
    } else if (d.algorithm == 2) {
        text += "; with the fan-out 0 it passes, which Open MPI builds as 1: the pipeline";
    }
    return text;
}

} // namespace rl
