#include "algorithms/algorithm_registry.h"

#include "engine/kernel.h"

#include "algorithms/binomial_stat.h"
#include "algorithms/ep_optimum.h"
#include "algorithms/ep_schedule.h"
#include "algorithms/fibonacci_stat.h"
#include "algorithms/non_commut_tree_dyn.h"
#include "algorithms/ompi_parameters.h"
#include "algorithms/ompi_trees.h"
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

/// Liu-Wang's sender-only rule, as a clairvoyant baseline's cost check.
void checkEpCosts(const CostModel& costs, int n) {
    checkSenderOnlyCosts("EP", costs, n);
}
void checkSnfCosts(const CostModel& costs, int n) {
    checkSenderOnlyCosts("SNF", costs, n);
}

/// The registry: one row per built-in algorithm (AlgorithmDescriptor's fields by name). The
/// first rows are the AlgorithmId values, in their order.
const std::vector<AlgorithmDescriptor>& rows() {
    static const std::vector<AlgorithmDescriptor> kRows{
        {.key = "binomial",
         .name = "Binomial-stat",
         .validNonCommutative = true,
         .isStatic = true,
         .summary = "static binomial tree; each round waits for the previous reception and its "
                    "reduction",
         .makeKernel = &makeBinomialStatKernel,
         .makeFastPath = &makeBinomialStatFastPath},
        {.key = "fibonacci",
         .name = "Fibonacci-stat",
         .validNonCommutative = true,
         .isStatic = true,
         .summary = "static Fibonacci tree; a reception may overlap the previous reduction",
         .makeKernel = &makeFibonacciStatKernel,
         .makeFastPath = &makeFibonacciStatFastPath},
        {.key = "tree-dyn",
         .name = "Tree-dyn",
         .validNonCommutative = false,
         .isStatic = false,
         .summary = "dynamic: an idle processor sends to the one waiting in a single slot "
                    "(commutative only)",
         .makeKernel = &makeTreeDynKernel,
         .makeFastPath = &makeTreeDynFastPath},
        {.key = "nctd",
         .name = "Non-Commut-Tree-dyn",
         .validNonCommutative = true,
         .isStatic = false,
         .summary = "dynamic: an idle processor sends to an idle neighbour interval, the left one "
                    "first",
         .makeKernel = &makeNonCommutTreeDynKernel,
         .makeFastPath = &makeNonCommutTreeDynFastPath},
        {.key = "ep",
         .name = "EP",
         .validNonCommutative = false,
         .isStatic = true,
         .summary = "clairvoyant (Liu-Wang): senders in index order, each as early as two "
                    "processors are free",
         .makeKernel = &makeEpKernel,
         .makeFastPath = nullptr,
         .clairvoyant = true,
         .checkCosts = &checkEpCosts},
        {.key = "snf",
         .name = "SNF",
         .validNonCommutative = false,
         .isStatic = true,
         .summary = "clairvoyant (Liu-Wang): slowest node first, the slowest processor only "
                    "receives",
         .makeKernel = &makeSnfKernel,
         .makeFastPath = nullptr,
         .clairvoyant = true,
         .checkCosts = &checkSnfCosts},
        {.key = "optimum",
         .name = "Optimum",
         .validNonCommutative = false,
         .isStatic = true,
         .summary = "clairvoyant: the best EP schedule over every sender order (exact, small n "
                    "only)",
         .makeKernel = &makeOptimumKernel,
         .makeFastPath = nullptr,
         .clairvoyant = true,
         .checkCosts = &checkOptimumCosts},
        // Open MPI 4.1.4's reduce trees (algorithms/ompi_trees.h), whole messages. Only
        // linear and in-order binary are valid for a non-commutative operation in Open MPI.
        {.key = "ompi-linear",
         .name = "OMPI-linear",
         .validNonCommutative = true,
         .isStatic = true,
         .summary = "Open MPI 4.1: the root receives from every rank, the highest first",
         .makeKernel = ompiKernelFactory(OmpiTree::Linear),
         .makeFastPath = ompiFastPathFactory(OmpiTree::Linear),
         .mpiLibrary = true},
        {.key = "ompi-chain",
         .name = "OMPI-chain",
         .validNonCommutative = false,
         .isStatic = true,
         .summary = "Open MPI 4.1: the root receives the heads of 4 chains of consecutive ranks",
         .makeKernel = ompiKernelFactory(OmpiTree::Chain),
         .makeFastPath = ompiFastPathFactory(OmpiTree::Chain),
         .mpiLibrary = true},
        {.key = "ompi-pipeline",
         .name = "OMPI-pipeline",
         .validNonCommutative = false,
         .isStatic = true,
         .summary = "Open MPI 4.1: one chain, each rank sending to the one before it",
         .makeKernel = ompiKernelFactory(OmpiTree::Pipeline),
         .makeFastPath = ompiFastPathFactory(OmpiTree::Pipeline),
         .mpiLibrary = true},
        {.key = "ompi-binary",
         .name = "OMPI-binary",
         .validNonCommutative = false,
         .isStatic = true,
         .summary = "Open MPI 4.1: a binary tree filled level by level",
         .makeKernel = ompiKernelFactory(OmpiTree::Binary),
         .makeFastPath = ompiFastPathFactory(OmpiTree::Binary),
         .mpiLibrary = true},
        {.key = "ompi-binomial",
         .name = "OMPI-binomial",
         .validNonCommutative = false,
         .isStatic = true,
         .summary = "Open MPI 4.1: the in-order binomial tree, the nearest child first",
         .makeKernel = ompiKernelFactory(OmpiTree::Binomial),
         .makeFastPath = ompiFastPathFactory(OmpiTree::Binomial),
         .mpiLibrary = true},
        {.key = "ompi-in-order-binary",
         .name = "OMPI-in-order-binary",
         .validNonCommutative = true,
         .isStatic = true,
         .summary = "Open MPI 4.1: an in-order binary tree that ends at the highest rank",
         .makeKernel = ompiKernelFactory(OmpiTree::InOrderBinary),
         .makeFastPath = ompiFastPathFactory(OmpiTree::InOrderBinary),
         .mpiLibrary = true},
        {.key = "ompi-default",
         .name = "OMPI-default",
         .validNonCommutative = true,
         .isStatic = true,
         .summary = "Open MPI 4.1.4's fixed decision: the tree it picks for n, the message "
                    "size and commutativity",
         .makeKernel = ompiDefaultKernelFactory(),
         .makeFastPath = ompiDefaultFastPathFactory(),
         .mpiLibrary = true},
    };
    return kRows;
}

// The handles of the rows, and of the two groups, made once.
struct Lists {
    std::vector<Algorithm> all;
    std::vector<Algorithm> stochastic;
    std::vector<Algorithm> clairvoyant;
    std::vector<Algorithm> model;
    std::vector<Algorithm> mpiLibrary;
};

const Lists& lists() {
    static const Lists kLists = [] {
        Lists l;
        for (const AlgorithmDescriptor& d : rows()) {
            // Aliasing, not owning: the rows live as long as the program.
            l.all.emplace_back(std::shared_ptr<const AlgorithmDescriptor>(
                std::shared_ptr<const AlgorithmDescriptor>(), &d));
            if (d.mpiLibrary) {
                l.mpiLibrary.push_back(l.all.back());
                continue;
            }
            l.model.push_back(l.all.back());
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
    if (const auto colon = a.key().find(':'); colon != std::string::npos) {
        // A built-in with a parameter (ompi-chain:8) keeps its row's colour.
        if (const auto row = findAlgorithm(builtins, a.key().substr(0, colon))) {
            return algorithmCategory(*row);
        }
    }
    // After the paper's and its baselines' colours, as before the MPI library's rows came.
    return static_cast<int>(modelAlgorithms().size() + std::hash<std::string>{}(a.key()) % 4);
}

std::span<const Algorithm> algorithms() {
    return lists().stochastic;
}

std::span<const Algorithm> clairvoyantAlgorithms() {
    return lists().clairvoyant;
}

std::span<const Algorithm> modelAlgorithms() {
    return lists().model;
}

std::span<const Algorithm> mpiLibraryAlgorithms() {
    return lists().mpiLibrary;
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
    if (it != known.end()) {
        return *it;
    }
    // Open MPI's trees with a parameter (ompi-chain:8), which every reader knows.
    return ompiParameterisedAlgorithm(key);
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
