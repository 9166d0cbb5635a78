#pragma once

#include "cost_model.h"
#include "kernel.h"

#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace rl {

/// The algorithms the simulator knows.
enum class AlgorithmId { BinomialStat, FibonacciStat, TreeDyn, NonCommutTreeDyn };

/// What the UI and the CLI need to know about an algorithm, and how to build it.
struct AlgorithmInfo {
    AlgorithmId id;
    std::string_view key;  ///< CLI spelling: binomial, fibonacci, tree-dyn, nctd
    std::string_view name; ///< display name, as in the paper
    bool validNonCommutative;
    bool isStatic;
    std::string_view summary; ///< one sentence for tooltips and --help
    std::unique_ptr<KernelBase> (*makeKernel)(int n, bool nonCommutative, const CostModel& costs);
};

/// Every algorithm, in the paper's order.
std::span<const AlgorithmInfo> algorithms();
const AlgorithmInfo& algorithmInfo(AlgorithmId id);
/// Throws InputError naming the unknown key and listing the known ones.
AlgorithmId parseAlgorithm(std::string_view key);
/// "a,b,c" or "all"; throws InputError on an unknown or repeated key.
std::vector<AlgorithmId> parseAlgorithmList(std::string_view text);

// One factory per algorithm file.
std::unique_ptr<KernelBase> makeBinomialStatKernel(int n, bool nonCommutative,
                                                   const CostModel& costs);
std::unique_ptr<KernelBase> makeFibonacciStatKernel(int n, bool nonCommutative,
                                                    const CostModel& costs);
std::unique_ptr<KernelBase> makeTreeDynKernel(int n, bool nonCommutative, const CostModel& costs);
std::unique_ptr<KernelBase> makeNonCommutTreeDynKernel(int n, bool nonCommutative,
                                                       const CostModel& costs);

} // namespace rl
