#pragma once

#include "platform/cost_model.h"

#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace rl {

class KernelBase; // engine/kernel.h: the registry only names the factories

/// The algorithms the simulator knows: the paper's four non-clairvoyant ones, then Liu-Wang's
/// clairvoyant baselines for sender-only costs (docs/model.md §4): EP with the senders in index
/// order, SNF, and the exact optimum (best EP sequence, small n only).
enum class AlgorithmId { BinomialStat, FibonacciStat, TreeDyn, NonCommutTreeDyn, Ep, Snf, Optimum };

/// What the UI and the CLI need to know about an algorithm, and how to build it.
struct AlgorithmInfo {
    AlgorithmId id;
    std::string_view key;  ///< CLI spelling: binomial, fibonacci, tree-dyn, nctd
    std::string_view name; ///< display name, as in the paper
    bool validNonCommutative;
    bool isStatic;
    std::string_view summary; ///< one sentence for tooltips and --help
    std::unique_ptr<KernelBase> (*makeKernel)(int n, bool nonCommutative, const CostModel& costs);
    /// Knows the costs in advance: valid only for sender-only fixed costs (see
    /// senderOnlyViolation()); never part of "all" nor of the stochastic experiments.
    bool clairvoyant = false;
};

/// The paper's four non-clairvoyant algorithms, in the paper's order (what "all" means).
std::span<const AlgorithmInfo> algorithms();
/// Liu-Wang's clairvoyant baselines: EP, SNF, Optimum.
std::span<const AlgorithmInfo> clairvoyantAlgorithms();
/// Both lists, the paper's four first.
std::span<const AlgorithmInfo> allAlgorithms();
const AlgorithmInfo& algorithmInfo(AlgorithmId id);
/// Throws InputError naming the unknown key and listing the known ones.
AlgorithmId parseAlgorithm(std::string_view key);
/// "a,b,c" or "all" (the paper's four); throws InputError on an unknown or repeated key.
std::vector<AlgorithmId> parseAlgorithmList(std::string_view text);

// One factory per algorithm file.
std::unique_ptr<KernelBase> makeBinomialStatKernel(int n, bool nonCommutative,
                                                   const CostModel& costs);
std::unique_ptr<KernelBase> makeFibonacciStatKernel(int n, bool nonCommutative,
                                                    const CostModel& costs);
std::unique_ptr<KernelBase> makeTreeDynKernel(int n, bool nonCommutative, const CostModel& costs);
std::unique_ptr<KernelBase> makeNonCommutTreeDynKernel(int n, bool nonCommutative,
                                                       const CostModel& costs);
std::unique_ptr<KernelBase> makeEpKernel(int n, bool nonCommutative, const CostModel& costs);
std::unique_ptr<KernelBase> makeSnfKernel(int n, bool nonCommutative, const CostModel& costs);
std::unique_ptr<KernelBase> makeOptimumKernel(int n, bool nonCommutative, const CostModel& costs);

} // namespace rl
