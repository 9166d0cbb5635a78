#include "algorithms/algorithm_registry.h"

#include "engine/kernel.h"

#include "base/input_error.h"
#include "base/text_util.h"

#include <algorithm>
#include <array>
#include <string>

namespace rl {

namespace {

const std::array<AlgorithmInfo, 7> kAlgorithms{{
    {AlgorithmId::BinomialStat, "binomial", "Binomial-stat", true, true,
     "static binomial tree; each round waits for the previous reception and its reduction",
     &makeBinomialStatKernel},
    {AlgorithmId::FibonacciStat, "fibonacci", "Fibonacci-stat", true, true,
     "static Fibonacci tree; a reception may overlap the previous reduction",
     &makeFibonacciStatKernel},
    {AlgorithmId::TreeDyn, "tree-dyn", "Tree-dyn", false, false,
     "dynamic: an idle processor sends to the one waiting in a single slot (commutative only)",
     &makeTreeDynKernel},
    {AlgorithmId::NonCommutTreeDyn, "nctd", "Non-Commut-Tree-dyn", true, false,
     "dynamic: an idle processor sends to an idle neighbour interval, the left one first",
     &makeNonCommutTreeDynKernel},
    {AlgorithmId::Ep, "ep", "EP", false, true,
     "clairvoyant (Liu-Wang): senders in index order, each as early as two processors are free",
     &makeEpKernel, true},
    {AlgorithmId::Snf, "snf", "SNF", false, true,
     "clairvoyant (Liu-Wang): slowest node first, the slowest processor only receives",
     &makeSnfKernel, true},
    {AlgorithmId::Optimum, "optimum", "Optimum", false, true,
     "clairvoyant: the best EP schedule over every sender order (exact, small n only)",
     &makeOptimumKernel, true},
}};
constexpr std::size_t kPaperCount = 4;

std::string knownKeys() {
    std::string out;
    for (const AlgorithmInfo& a : kAlgorithms) {
        out += (out.empty() ? "" : ", ") + std::string(a.key);
    }
    return out;
}

} // namespace

std::span<const AlgorithmInfo> algorithms() {
    return std::span<const AlgorithmInfo>(kAlgorithms).first(kPaperCount);
}

std::span<const AlgorithmInfo> clairvoyantAlgorithms() {
    return std::span<const AlgorithmInfo>(kAlgorithms).subspan(kPaperCount);
}

std::span<const AlgorithmInfo> allAlgorithms() {
    return kAlgorithms;
}

const AlgorithmInfo& algorithmInfo(AlgorithmId id) {
    return kAlgorithms[static_cast<std::size_t>(id)];
}

AlgorithmId parseAlgorithm(std::string_view key) {
    const std::string_view k = trim(key);
    for (const AlgorithmInfo& a : kAlgorithms) {
        if (a.key == k) {
            return a.id;
        }
    }
    throw InputError("unknown algorithm '" + std::string(k) + "' (known: " + knownKeys() +
                     ", all)");
}

std::vector<AlgorithmId> parseAlgorithmList(std::string_view text) {
    std::vector<AlgorithmId> out;
    if (trim(text) == "all") {
        for (const AlgorithmInfo& a : algorithms()) {
            out.push_back(a.id);
        }
        return out;
    }
    for (const std::string& key : splitString(text, ',')) {
        const AlgorithmId id = parseAlgorithm(key);
        if (std::find(out.begin(), out.end(), id) != out.end()) {
            throw InputError("algorithm '" + key + "' is listed twice");
        }
        out.push_back(id);
    }
    return out;
}

} // namespace rl
