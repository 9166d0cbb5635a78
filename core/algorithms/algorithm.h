#pragma once

#include "platform/cost_model.h"

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rl {

class KernelBase; // engine/kernel.h: the generic engine bound to one algorithm
class FastPath;   // fastpath/fast_path.h: an optional makespan-only kernel

/// The algorithms compiled into ReduceLab that code names by themselves (docs/model.md §4): the
/// paper's four non-clairvoyant ones, then Liu-Wang's clairvoyant baselines for sender-only
/// costs. Each converts to its Algorithm (`{AlgorithmId::TreeDyn}` is a list of algorithms).
enum class AlgorithmId { BinomialStat, FibonacciStat, TreeDyn, NonCommutTreeDyn, Ep, Snf, Optimum };

/// Builds the generic engine's kernel of an algorithm for a platform and a cost model.
using KernelFactory =
    std::function<std::unique_ptr<KernelBase>(int n, bool nonCommutative, const CostModel& costs)>;
/// Builds an algorithm's fast path (per-operation costs only; fastpath/fast_path.h).
using FastPathFactory =
    std::function<std::unique_ptr<FastPath>(int n, bool nonCommutative, const CostModel& costs)>;

/// Everything the program knows about an algorithm, and how to run it. Immutable once made:
/// a row of the registry (algorithm_registry.cpp) or made at run time (a test, a policy file).
struct AlgorithmDescriptor {
    std::string key;  ///< CLI spelling and serialised form: binomial, tree-dyn, ...
    std::string name; ///< display name, as in the paper
    bool validNonCommutative = false;
    bool isStatic = false; ///< the tree and the reception order are fixed in advance
    std::string summary;   ///< one sentence for tooltips and --help
    KernelFactory makeKernel;
    /// Optional: without one the algorithm runs everywhere at the engine's speed.
    FastPathFactory makeFastPath;
    /// Knows the costs in advance: valid only for fixed costs (the built-in baselines: sender-only
    /// ones, see senderOnlyViolation()); never part of "all".
    bool clairvoyant = false;
    /// Optional: the algorithm's own rule on the costs of a run of n processors (Liu-Wang's
    /// sender-only costs, Optimum's search limit, a clairvoyant policy's fixed costs): throws the
    /// InputError that names the problem, in the algorithm's words. Every front end asks it
    /// (Scenario::validate(), the explorer's check boxes), none names an algorithm's rule.
    std::function<void(const CostModel& costs, int n)> checkCosts{};
    /// An MPI library's algorithm (Open MPI's trees, algorithms/ompi_trees.h), not the paper's
    /// nor its baselines: never part of "all", nor of the paper's tables (the optimum gaps).
    bool mpiLibrary = false;
    /// Where a run-time algorithm comes from, which a scenario file records beside its key so
    /// that a program reading the file can offer to load it: the policy file (an absolute path)
    /// and the policy's class in it. Empty for a built-in, and for a policy defined in no file.
    std::string policyFile{};
    std::string policyClass{};
};

/// A handle to an algorithm: a plain value that refers to its immutable descriptor (shared,
/// never copied). Two handles are equal when they refer to the same descriptor.
class Algorithm {
  public:
    /// The built-in algorithm `id` (implicit, so that `{AlgorithmId::TreeDyn}` converts).
    Algorithm(AlgorithmId id); // NOLINT(google-explicit-constructor)
    /// An algorithm made at run time (shared ownership).
    explicit Algorithm(std::shared_ptr<const AlgorithmDescriptor> descriptor);

    const AlgorithmDescriptor& descriptor() const { return *m_descriptor; }
    const std::string& key() const { return m_descriptor->key; }
    const std::string& name() const { return m_descriptor->name; }
    const std::string& summary() const { return m_descriptor->summary; }
    bool validNonCommutative() const { return m_descriptor->validNonCommutative; }
    bool isStatic() const { return m_descriptor->isStatic; }
    bool clairvoyant() const { return m_descriptor->clairvoyant; }
    bool mpiLibrary() const { return m_descriptor->mpiLibrary; }

    friend bool operator==(const Algorithm& a, const Algorithm& b) {
        return a.m_descriptor == b.m_descriptor;
    }

  private:
    std::shared_ptr<const AlgorithmDescriptor> m_descriptor;
};

/// The algorithms a program knows: the built-ins (the registry), then those it was given at
/// run time. A plain value passed explicitly to whatever reads algorithm keys back (the CLI's
/// options, scenario and results files, checkpoints, MPI messages): nothing is registered
/// globally.
class AlgorithmCatalog {
  public:
    /// The built-ins only.
    AlgorithmCatalog();
    /// The built-ins and `extras`; throws InputError when a key is already taken.
    explicit AlgorithmCatalog(std::vector<Algorithm> extras);

    /// The built-ins in registry order, then the extras.
    std::span<const Algorithm> all() const { return m_all; }
    std::span<const Algorithm> extras() const;
    /// The algorithm of `key`, if known.
    std::optional<Algorithm> find(std::string_view key) const;

  private:
    std::vector<Algorithm> m_all;
    std::size_t m_builtins = 0;
};

/// The algorithm of `key` in `catalog`; throws InputError naming the unknown key and listing the
/// known ones.
Algorithm parseAlgorithm(std::string_view key, const AlgorithmCatalog& catalog);
/// "a,b,c" or "all" (the built-in non-clairvoyant algorithms: the paper's four); throws
/// InputError on an unknown or repeated key.
std::vector<Algorithm> parseAlgorithmList(std::string_view text, const AlgorithmCatalog& catalog);
/// The algorithm of `key` among `known` (a configuration's own algorithms, read back from a
/// file or a message), or one of Open MPI's trees with a parameter ("ompi-chain:8",
/// algorithms/ompi_parameters.h), if any; InputError for such a key's value out of range.
std::optional<Algorithm> findAlgorithm(std::span<const Algorithm> known, std::string_view key);

} // namespace rl
