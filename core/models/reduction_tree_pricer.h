#pragma once

#include "models/periodic_schedule.h"
#include "models/platform_graph.h"

#include <vector>

namespace rl {

/// A price per unit of busy time of each one-port resource of a platform graph: the duals of
/// the capacity rows of SSRP(G)'s tree master (docs/model.md §8). Each vector has n entries.
struct ResourcePrices {
    std::vector<double> out;     ///< sending port of each processor
    std::vector<double> in;      ///< receiving port of each processor
    std::vector<double> compute; ///< each processor's computations
};

/// One reduction tree and the busy time it takes of every resource per result.
struct PricedTree {
    WeightedPattern tree;           ///< rates and weight left at 0
    std::vector<double> outUse;     ///< n: size x c(i,j) summed over its sends from Pi
    std::vector<double> inUse;      ///< n: the same over its receptions on Pj
    std::vector<double> computeUse; ///< n: w(Pi) per task on Pi
    double cost(const ResourcePrices& prices) const;
};

/// The pricing step of the column generation that solves SSRP(G): for given resource prices,
/// the cheapest reduction tree of v_0 (+) ... (+) v_(n-1) ending on each processor, by dynamic
/// programming over the intervals [k,m] (shortest to longest): v[k,m] is the own value (k = m)
/// or a task T(k,l,m) on some processor, then carried along a cheapest path of transfers.
/// O(n^4) per call; plain value, reusable.
class ReductionTreePricer {
  public:
    explicit ReductionTreePricer(const PlatformGraph& g);

    /// Prices every tree under `prices` (all >= 0).
    void price(const ResourcePrices& prices);
    /// The cost of the cheapest tree ending on `root` (infinity if v[0,n-1] cannot reach it).
    double cost(int root) const;
    /// That tree (cost(root) must be finite).
    PricedTree tree(int root) const;

  private:
    std::size_t cell(int p, int k, int m) const;
    void build(int q, int k, int m, PricedTree& t) const;

    const PlatformGraph& m_g;
    int m_n;
    std::vector<int> m_intervalBase; ///< first index of the intervals [k, .]
    std::vector<double> m_dist;      ///< n*n cheapest path cost between processors
    std::vector<int> m_next;         ///< n*n next hop on that path (-1: none)
    std::vector<double> m_best;      ///< cells: v[k,m] on Pq, obtained anyhow
    std::vector<int> m_from;         ///< cells: where that v[k,m] was produced
    std::vector<double> m_made;      ///< cells: v[k,m] produced on Pq (own value or a task)
    std::vector<int> m_split;        ///< cells: the task's l (-1: own value)
    std::vector<double> m_task;      ///< n: price of one task on each processor
};

} // namespace rl
