#include "algorithms/algorithm_registry.h"

#include "engine/kernel.h"

#include "algorithms/binomial_stat.h"
#include "algorithms/ep_optimum.h"
#include "algorithms/ep_schedule.h"
#include "algorithms/fibonacci_stat.h"
#include "algorithms/non_commut_tree_dyn.h"
#include "algorithms/snf.h"
#include "algorithms/tree_dyn.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "fastpath/fast_path.h"
#include "fastpath/non_commut_tree_dyn_lanes.h"
#include "fastpath/tree_dyn_lanes.h"

#include <algorithm>
#include <array>
#include <functional>
#include <string>

namespace rl {

namespace {

/// The registry: one row per built-in algorithm (key, display name, valid in non-commutative
/// mode, static or not, one-sentence summary, kernel factory, fast-path factory or none,
/// clairvoyant or not). The first rows are the AlgorithmId values, in their order.
const std::vector<AlgorithmDescriptor>& rows() {
    static const std::vector<AlgorithmDescriptor> kRows{
        {"binomial", "Binomial-stat", true, true,
         "static binomial tree; each round waits for the previous reception and its reduction",
         &makeBinomialStatKernel, &makeBinomialStatFastPath},
        {"fibonacci", "Fibonacci-stat", true, true,
         "static Fibonacci tree; a reception may overlap the previous reduction",
         &makeFibonacciStatKernel, &makeFibonacciStatFastPath},
        {"tree-dyn", "Tree-dyn", false, false,
         "dynamic: an idle processor sends to the one waiting in a single slot (commutative only)",
         &makeTreeDynKernel, &makeTreeDynFastPath},
        {"nctd", "Non-Commut-Tree-dyn", true, false,
         "dynamic: an idle processor sends to an idle neighbour interval, the left one first",
         &makeNonCommutTreeDynKernel, &makeNonCommutTreeDynFastPath},
        {"ep", "EP", false, true,
         "clairvoyant (Liu-Wang): senders in index order, each as early as two processors are free",
         &makeEpKernel, nullptr, true},
        {"snf", "SNF", false, true,
         "clairvoyant (Liu-Wang): slowest node first, the slowest processor only receives",
         &makeSnfKernel, nullptr, true},
        {"optimum", "Optimum", false, true,
         "clairvoyant: the best EP schedule over every sender order (exact, small n only)",
         &makeOptimumKernel, nullptr, true},
    };
    return kRows;
}

// The handles of the rows, and of the two groups, made once.
struct Lists {
    std::vector<Algorithm> all;
    std::vector<Algorithm> stochastic;
    std::vector<Algorithm> clairvoyant;
};

const Lists& lists() {
    static const Lists kLists = [] {
        Lists l;
        for (const AlgorithmDescriptor& d : rows()) {
            // Aliasing, not owning: the rows live as long as the program.
            l.all.emplace_back(std::shared_ptr<const AlgorithmDescriptor>(
                std::shared_ptr<const AlgorithmDescriptor>(), &d));
            (d.clairvoyant ? l.clairvoyant : l.stochastic).push_back(l.all.back());
        }
        return l;
    }();
    return kLists;
}

std::string knownKeys(const AlgorithmCatalog& catalog) {
    std::string out;
    for (const Algorithm& a : catalog.all()) {
        out += (out.empty() ? "" : ", ") + a.key();
    }
    return out;
}

} // namespace

Algorithm::Algorithm(AlgorithmId id) : Algorithm(lists().all[static_cast<std::size_t>(id)]) {}

Algorithm::Algorithm(std::shared_ptr<const AlgorithmDescriptor> descriptor)
    : m_descriptor(std::move(descriptor)) {}

std::span<const Algorithm> allAlgorithms() {
    return lists().all;
}

int algorithmCategory(const Algorithm& a) {
    const auto builtins = allAlgorithms();
    const auto it = std::find(builtins.begin(), builtins.end(), a);
    if (it != builtins.end()) {
        return static_cast<int>(it - builtins.begin());
    }
    return static_cast<int>(builtins.size() + std::hash<std::string>{}(a.key()) % 4);
}

std::span<const Algorithm> algorithms() {
    return lists().stochastic;
}

std::span<const Algorithm> clairvoyantAlgorithms() {
    return lists().clairvoyant;
}

AlgorithmCatalog::AlgorithmCatalog()
    : m_all(allAlgorithms().begin(), allAlgorithms().end()), m_builtins(m_all.size()) {}

AlgorithmCatalog::AlgorithmCatalog(std::vector<Algorithm> extras) : AlgorithmCatalog() {
    for (Algorithm& a : extras) {
        if (find(a.key())) {
            throw InputError("algorithm '" + a.key() + "' is defined twice");
        }
        m_all.push_back(std::move(a));
    }
}

std::span<const Algorithm> AlgorithmCatalog::extras() const {
    return std::span<const Algorithm>(m_all).subspan(m_builtins);
}

std::optional<Algorithm> AlgorithmCatalog::find(std::string_view key) const {
    return findAlgorithm(m_all, key);
}

std::optional<Algorithm> findAlgorithm(std::span<const Algorithm> known, std::string_view key) {
    const auto it = std::find_if(known.begin(), known.end(),
                                 [&](const Algorithm& a) { return a.key() == key; });
    return it == known.end() ? std::nullopt : std::optional<Algorithm>(*it);
}

Algorithm parseAlgorithm(std::string_view key, const AlgorithmCatalog& catalog) {
    const std::string_view k = trim(key);
    if (const std::optional<Algorithm> a = catalog.find(k)) {
        return *a;
    }
    throw InputError("unknown algorithm '" + std::string(k) + "' (known: " + knownKeys(catalog) +
                     ", all)");
}

std::vector<Algorithm> parseAlgorithmList(std::string_view text, const AlgorithmCatalog& catalog) {
    if (trim(text) == "all") {
        return {algorithms().begin(), algorithms().end()};
    }
    std::vector<Algorithm> out;
    for (const std::string& key : splitString(text, ',')) {
        const Algorithm a = parseAlgorithm(key, catalog);
        if (std::find(out.begin(), out.end(), a) != out.end()) {
            throw InputError("algorithm '" + key + "' is listed twice");
        }
        out.push_back(a);
    }
    return out;
}

} // namespace rl
