#pragma once

#include "algorithms/algorithm.h"
#include "engine/static_plan.h"

#include <string>
#include <vector>

namespace rl {

/// The reduce trees of Open MPI 4.1 (coll/base, v4.1.4: coll_base_topo.c builds them,
/// coll_base_reduce.c receives the children; docs/model.md, "Open MPI's reduce trees"), with
/// whole messages (no segmentation).
enum class OmpiTree {
    Linear,        ///< the root receives from ranks n-1 down to 0 (basic_linear)
    Chain,         ///< the root receives the heads of `fanout` chains of consecutive ranks
    Pipeline,      ///< one chain (Chain of fan-out 1)
    Binary,        ///< the breadth-first binary tree of build_tree(2)
    Binomial,      ///< the in-order binomial tree (children 1, 2, 4, ... ranks further on)
    InOrderBinary, ///< rooted at rank n-1 whatever the root (build_in_order_bintree)
};

/// The fan-out of Open MPI's `coll_tuned_reduce_algorithm_chain_fanout` default.
inline constexpr int kOmpiChainFanout = 4;
/// Open MPI's MAXTREEFANOUT: build_chain's largest fan-out.
inline constexpr int kOmpiMaxFanout = 32;
/// The message size ompi-default decides for unless told (bytes).
inline constexpr long long kOmpiDefaultMessageBytes = 8;

/// A tree over ranks as Open MPI 4.1.4 builds it for `root`.
struct OmpiTreeShape {
    /// The rank that ends with the whole reduction: the root, except for InOrderBinary (n-1),
    /// which Open MPI then sends to the root.
    int holder = 0;
    std::vector<int> parent;                ///< -1 for the holder
    std::vector<std::vector<int>> children; ///< in the order the parent receives them
};

/// The tree of `kind` over n ranks for `root`; `fanout` only for Chain (clamped to 1..32 as
/// build_chain does).
OmpiTreeShape ompiReduceTree(OmpiTree kind, int n, int root, int fanout = kOmpiChainFanout);

/// The StaticPlan ReduceLab runs for `kind` over indices 0..n-1 (the ranks of root 0). Every
/// tree but Linear receives child j once reception j-1 has ended and the reduction of
/// reception j-2 has (lag 1: coll_base_reduce_generic posts the next child's receive before
/// reducing the previous one); Linear's blocking receives wait for each reduction (lag 0).
/// Non-commutative: Linear's accumulator is index n-1 receiving n-2 down to 0 (Open MPI's root
/// folds a(n-1), then a(n-2), ..., into a buffer apart from its own value, which a processor
/// of the model, holding one interval, cannot: the same fold in the same order).
StaticPlan ompiStaticPlan(OmpiTree kind, int n, bool nonCommutative, int fanout = kOmpiChainFanout);

/// What Open MPI 4.1.4's fixed decision (coll_tuned_decision_fixed.c,
/// ompi_coll_tuned_reduce_intra_dec_fixed) picks, and what ReduceLab runs for it.
struct OmpiDecision {
    /// Open MPI's algorithm number (1 linear, ..., 6 in-order binary, 7 Rabenseifner).
    int algorithm = 1;
    /// The tree ReduceLab runs: Rabenseifner (7) runs Linear (see ompiDefaultDecision()).
    OmpiTree tree = OmpiTree::Linear;
    /// The chain's fan-out: the decision passes 0, which build_chain turns into 1.
    int fanout = 1;
};

/// The fixed decision for n ranks, a message of `bytes` bytes and the operation's
/// commutativity. It never segments (it passes segment size 0). Where it picks Rabenseifner
/// (commutative, n < 4, under 8 bytes), a reduce-scatter and gather of message pieces that the
/// model's whole messages cannot express, ReduceLab runs Linear, what Open MPI itself falls
/// back to there when the count is below 2 (any single element).
OmpiDecision ompiDefaultDecision(int n, long long bytes, bool commutative);

/// Open MPI's name of a decision's algorithm ("binary", "rabenseifner", ...).
std::string ompiAlgorithmName(int algorithm);

/// The registry key of a tree ("ompi-binary", ...).
std::string ompiKey(OmpiTree kind);

/// The kernel and fast-path factories of `kind`'s row (ompi-linear, ...), for a fan-out.
KernelFactory ompiKernelFactory(OmpiTree kind, int fanout = kOmpiChainFanout);
FastPathFactory ompiFastPathFactory(OmpiTree kind, int fanout = kOmpiChainFanout);
/// ompi-default's: the tree ompiDefaultDecision() picks for the run's n, `bytes` and the
/// run's commutativity.
KernelFactory ompiDefaultKernelFactory(long long bytes = kOmpiDefaultMessageBytes);
FastPathFactory ompiDefaultFastPathFactory(long long bytes = kOmpiDefaultMessageBytes);

} // namespace rl
