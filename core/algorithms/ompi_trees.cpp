// Follows Open MPI v4.1.4: ompi/mca/coll/base/coll_base_topo.c (the trees),
// ompi/mca/coll/base/coll_base_reduce.c (the order of receptions) and
// ompi/mca/coll/tuned/coll_tuned_decision_fixed.c (the fixed decision). Written from their
// description, not their code: the trees are built whole here, where Open MPI computes each
// rank's parent and children alone; scripts/ompi_tree_table.py is a second implementation,
// rank by rank, that tests/data/ompi/ holds the output of.
#include "algorithms/ompi_trees.h"

#include "algorithms/static_policy.h"
#include "engine/kernel.h"
#include "fastpath/fast_path.h"

#include <algorithm>
#include <functional>

namespace rl {

namespace {

// Children lists of a tree over shifted ranks (0 is the root) made into ranks of `root`.
OmpiTreeShape unshifted(const std::vector<std::vector<int>>& shifted, int root) {
    const int n = static_cast<int>(shifted.size());
    OmpiTreeShape t;
    t.holder = root;
    t.parent.assign(shifted.size(), -1);
    t.children.resize(shifted.size());
    for (int s = 0; s < n; ++s) {
        const int r = (s + root) % n;
        for (int c : shifted[static_cast<std::size_t>(s)]) {
            const int rc = (c + root) % n;
            t.children[static_cast<std::size_t>(r)].push_back(rc);
            t.parent[static_cast<std::size_t>(rc)] = r;
        }
    }
    return t;
}

// The root heads `fanout` chains of consecutive shifted ranks 1..n-1: the first (n-1) mod
// fanout chains are one longer than the others; each rank sends to the one before it, the
// heads to the root, which receives them in chain order.
std::vector<std::vector<int>> chain(int n, int fanout) {
    std::vector<std::vector<int>> c(static_cast<std::size_t>(n));
    const int chains = std::min(std::clamp(fanout, 1, kOmpiMaxFanout), n - 1);
    if (chains < 1) {
        return c;
    }
    const int shortLength = (n - 1) / chains;
    const int longer = (n - 1) % chains;
    int head = 1;
    for (int k = 0; k < chains; ++k) {
        const int length = shortLength + (k < longer ? 1 : 0);
        c[0].push_back(head);
        for (int r = head; r + 1 < head + length; ++r) {
            c[static_cast<std::size_t>(r)].push_back(r + 1);
        }
        head += length;
    }
    return c;
}

// Level by level: the rank s of level L (2^L - 1 <= s < 2^(L+1) - 1) has the children
// s + 2^L and s + 2^(L+1).
std::vector<std::vector<int>> binary(int n) {
    std::vector<std::vector<int>> c(static_cast<std::size_t>(n));
    long long levelStart = 0;
    for (long long delta = 1; levelStart < n; levelStart += delta, delta *= 2) {
        for (long long s = levelStart; s < std::min<long long>(levelStart + delta, n); ++s) {
            for (long long child = s + delta; child <= s + 2 * delta && child < n; child += delta) {
                c[static_cast<std::size_t>(s)].push_back(static_cast<int>(child));
            }
        }
    }
    return c;
}

// The multiples of 2m receive the rank m further on, for m = 1, 2, 4, ...: nearest first.
std::vector<std::vector<int>> binomial(int n) {
    std::vector<std::vector<int>> c(static_cast<std::size_t>(n));
    for (long long m = 1; m < n; m *= 2) {
        for (long long s = 0; s + m < n; s += 2 * m) {
            c[static_cast<std::size_t>(s)].push_back(static_cast<int>(s + m));
        }
    }
    return c;
}

// Ranks lo..lo+size-1: the last is the subtree's root; its first child is the one before it,
// root of the higher ranks' part, its second the root of the lower size/2 ranks.
void inOrder(int lo, int size, std::vector<std::vector<int>>& c) {
    const int top = lo + size - 1;
    if (size == 2) {
        c[static_cast<std::size_t>(top)].push_back(lo);
        return;
    }
    if (size < 3) {
        return;
    }
    const int lower = size / 2;
    c[static_cast<std::size_t>(top)].push_back(top - 1);
    c[static_cast<std::size_t>(top)].push_back(lo + lower - 1);
    inOrder(lo + lower, size - lower - 1, c);
    inOrder(lo, lower, c);
}

} // namespace

OmpiTreeShape ompiReduceTree(OmpiTree kind, int n, int root, int fanout) {
    switch (kind) {
    case OmpiTree::Linear: {
        OmpiTreeShape t;
        t.holder = root;
        t.parent.assign(static_cast<std::size_t>(n), root);
        t.parent[static_cast<std::size_t>(root)] = -1;
        t.children.resize(static_cast<std::size_t>(n));
        for (int r = n - 1; r >= 0; --r) {
            if (r != root) {
                t.children[static_cast<std::size_t>(root)].push_back(r);
            }
        }
        return t;
    }
    case OmpiTree::Chain:
        return unshifted(chain(n, fanout), root);
    case OmpiTree::Pipeline:
        return unshifted(chain(n, 1), root);
    case OmpiTree::Binary:
        return unshifted(binary(n), root);
    case OmpiTree::Binomial:
        return unshifted(binomial(n), root);
    case OmpiTree::InOrderBinary: {
        std::vector<std::vector<int>> c(static_cast<std::size_t>(n));
        inOrder(0, n, c);
        OmpiTreeShape t = unshifted(c, 0);
        t.holder = n - 1;
        return t;
    }
    }
    return {};
}

StaticPlan ompiStaticPlan(OmpiTree kind, int n, bool nonCommutative, int fanout) {
    if (kind == OmpiTree::Linear) {
        return StaticPlan::fromLists(ompiReduceTree(kind, n, nonCommutative ? n - 1 : 0).children,
                                     0);
    }
    return StaticPlan::fromLists(ompiReduceTree(kind, n, 0, fanout).children, 1);
}

OmpiDecision ompiDefaultDecision(int n, long long bytes, bool commutative) {
    // The decision's table as bands of n, each a list of message-size thresholds: the first
    // band whose bound exceeds n holds, then in it the first row whose bound exceeds the size
    // (-1: no bound).
    struct Row {
        long long below;
        int algorithm;
    };
    struct Band {
        int below;
        std::initializer_list<Row> rows;
    };
    const auto pick = [](long long value, std::initializer_list<Row> rows) {
        for (const Row& r : rows) {
            if (r.below < 0 || value < r.below) {
                return r.algorithm;
            }
        }
        return rows.end()[-1].algorithm;
    };
    const auto decide = [&](std::initializer_list<Band> bands) {
        for (const Band& band : bands) {
            if (band.below < 0 || n < band.below) {
                return pick(bytes, band.rows);
            }
        }
        return pick(bytes, bands.end()[-1].rows);
    };
    const int alg =
        commutative
            ? decide(
                  {{4, {{8, 7}, {16, 4}, {32, 3}, {262144, 1}, {524288, 3}, {1048576, 2}, {-1, 3}}},
                   {8, {{4096, 4}, {65536, 2}, {262144, 5}, {524288, 1}, {1048576, 5}, {-1, 1}}},
                   {16, {{8192, 4}, {-1, 5}}},
                   {32, {{4096, 4}, {-1, 5}}},
                   {256, {{-1, 5}}},
                   {512, {{8192, 5}, {16384, 6}, {-1, 5}}},
                   {2048, {{-1, 5}}},
                   {4096, {{512, 5}, {1024, 6}, {8192, 5}, {16384, 6}, {-1, 5}}},
                   {-1, {{16, 5}, {32, 6}, {1024, 5}, {2048, 6}, {8192, 5}, {16384, 6}, {-1, 5}}}})
            : decide({{4, {{8, 6}, {-1, 1}}},
                      {8, {{-1, 1}}},
                      {16, {{1024, 6}, {8192, 1}, {16384, 6}, {262144, 1}, {-1, 6}}},
                      {128, {{-1, 6}}},
                      {256, {{512, 6}, {1024, 1}, {-1, 6}}},
                      {-1, {{-1, 6}}}});
    static constexpr OmpiTree kTrees[] = {
        OmpiTree::Linear, OmpiTree::Linear,   OmpiTree::Chain,         OmpiTree::Pipeline,
        OmpiTree::Binary, OmpiTree::Binomial, OmpiTree::InOrderBinary, OmpiTree::Linear};
    return {.algorithm = alg, .tree = kTrees[alg], .fanout = 1};
}

std::string ompiAlgorithmName(int algorithm) {
    static const char* const kNames[] = {"ignore", "linear",   "chain",           "pipeline",
                                         "binary", "binomial", "in-order_binary", "rabenseifner"};
    return algorithm >= 0 && algorithm <= 7 ? kNames[algorithm] : "unknown";
}

std::string ompiKey(OmpiTree kind) {
    switch (kind) {
    case OmpiTree::Linear:
        return "ompi-linear";
    case OmpiTree::Chain:
        return "ompi-chain";
    case OmpiTree::Pipeline:
        return "ompi-pipeline";
    case OmpiTree::Binary:
        return "ompi-binary";
    case OmpiTree::Binomial:
        return "ompi-binomial";
    case OmpiTree::InOrderBinary:
        return "ompi-in-order-binary";
    }
    return {};
}

KernelFactory ompiKernelFactory(OmpiTree kind, int fanout) {
    return [kind, fanout](int n, bool nonCommutative, const CostModel& costs) {
        return makeStaticPlanKernel(ompiStaticPlan(kind, n, nonCommutative, fanout), nonCommutative,
                                    costs);
    };
}

FastPathFactory ompiFastPathFactory(OmpiTree kind, int fanout) {
    return [kind, fanout](int n, bool nonCommutative, const CostModel& /*costs*/) {
        return makeStaticPlanFastPath(ompiStaticPlan(kind, n, nonCommutative, fanout));
    };
}

KernelFactory ompiDefaultKernelFactory(long long bytes) {
    return [bytes](int n, bool nonCommutative, const CostModel& costs) {
        const OmpiDecision d = ompiDefaultDecision(n, bytes, !nonCommutative);
        return ompiKernelFactory(d.tree, d.fanout)(n, nonCommutative, costs);
    };
}

FastPathFactory ompiDefaultFastPathFactory(long long bytes) {
    return [bytes](int n, bool nonCommutative, const CostModel& costs) {
        const OmpiDecision d = ompiDefaultDecision(n, bytes, !nonCommutative);
        return ompiFastPathFactory(d.tree, d.fanout)(n, nonCommutative, costs);
    };
}

} // namespace rl
