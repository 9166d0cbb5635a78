#include "models/reduction_tree_pricer.h"

#include <limits>
#include <stdexcept>

namespace rl {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
} // namespace

double PricedTree::cost(const ResourcePrices& prices) const {
    double c = 0.0;
    for (std::size_t p = 0; p < outUse.size(); ++p) {
        c +=
            prices.out[p] * outUse[p] + prices.in[p] * inUse[p] + prices.compute[p] * computeUse[p];
    }
    return c;
}

ReductionTreePricer::ReductionTreePricer(const PlatformGraph& g)
    : m_g(g), m_n(g.n), m_intervalBase(static_cast<std::size_t>(g.n)) {
    int b = 0;
    for (int k = 0; k < m_n; ++k) {
        m_intervalBase[static_cast<std::size_t>(k)] = b;
        b += m_n - k;
    }
    const std::size_t cells = static_cast<std::size_t>(m_n) * static_cast<std::size_t>(b);
    m_best.assign(cells, kInf);
    m_from.assign(cells, -1);
    m_made.assign(cells, kInf);
    m_split.assign(cells, -1);
}

std::size_t ReductionTreePricer::cell(int p, int k, int m) const {
    // Interval-major: the processors of one interval are contiguous for the inner loops.
    return static_cast<std::size_t>(m_intervalBase[static_cast<std::size_t>(k)] + (m - k)) *
               static_cast<std::size_t>(m_n) +
           static_cast<std::size_t>(p);
}

void ReductionTreePricer::price(const ResourcePrices& prices) {
    const int n = m_n;
    const auto at = [n](int i, int j) { return static_cast<std::size_t>(i) * n + j; };
    // Cheapest paths between processors for one message (Floyd-Warshall; costs are >= 0, and
    // a strict improvement only, so every path is simple).
    m_dist.assign(static_cast<std::size_t>(n) * n, kInf);
    m_next.assign(static_cast<std::size_t>(n) * n, -1);
    for (int i = 0; i < n; ++i) {
        m_dist[at(i, i)] = 0.0;
        m_next[at(i, i)] = i;
        for (int j = 0; j < n; ++j) {
            if (m_g.hasLink(i, j)) {
                const double time = m_g.messageSize * m_g.cost(i, j);
                m_dist[at(i, j)] = time * (prices.out[static_cast<std::size_t>(i)] +
                                           prices.in[static_cast<std::size_t>(j)]);
                m_next[at(i, j)] = j;
            }
        }
    }
    for (int h = 0; h < n; ++h) {
        for (int i = 0; i < n; ++i) {
            const double ih = m_dist[at(i, h)];
            if (ih == kInf) {
                continue;
            }
            for (int j = 0; j < n; ++j) {
                if (ih + m_dist[at(h, j)] < m_dist[at(i, j)]) {
                    m_dist[at(i, j)] = ih + m_dist[at(h, j)];
                    m_next[at(i, j)] = m_next[at(i, h)];
                }
            }
        }
    }
    m_task.resize(static_cast<std::size_t>(n));
    for (int q = 0; q < n; ++q) {
        m_task[static_cast<std::size_t>(q)] =
            prices.compute[static_cast<std::size_t>(q)] * m_g.w[static_cast<std::size_t>(q)];
    }
    // v[k,m] produced on Pq (m_made), then carried to every processor (m_best).
    for (int len = 1; len <= n; ++len) {
        for (int k = 0; k + len - 1 < n; ++k) {
            const int m = k + len - 1;
            const std::size_t here = cell(0, k, m);
            if (len == 1) {
                for (int q = 0; q < n; ++q) {
                    m_made[here + q] = q == k ? 0.0 : kInf;
                    m_split[here + q] = -1;
                }
            } else {
                for (int q = 0; q < n; ++q) {
                    m_made[here + q] = kInf;
                    m_split[here + q] = -1;
                }
                for (int l = k; l < m; ++l) {
                    const double* left = &m_best[cell(0, k, l)];
                    const double* right = &m_best[cell(0, l + 1, m)];
                    for (int q = 0; q < n; ++q) {
                        const double v = left[q] + right[q] + m_task[static_cast<std::size_t>(q)];
                        if (v < m_made[here + q]) {
                            m_made[here + q] = v;
                            m_split[here + q] = l;
                        }
                    }
                }
            }
            for (int q = 0; q < n; ++q) {
                m_best[here + q] = kInf;
                m_from[here + q] = -1;
            }
            for (int p = 0; p < n; ++p) {
                const double made = m_made[here + p];
                if (made == kInf) {
                    continue;
                }
                const double* dist = &m_dist[at(p, 0)];
                for (int q = 0; q < n; ++q) {
                    const double v = made + dist[q];
                    if (v < m_best[here + q]) {
                        m_best[here + q] = v;
                        m_from[here + q] = p;
                    }
                }
            }
        }
    }
}

double ReductionTreePricer::cost(int root) const {
    return m_best[cell(root, 0, m_n - 1)];
}

PricedTree ReductionTreePricer::tree(int root) const {
    if (!(cost(root) < kInf)) {
        throw std::logic_error("ReductionTreePricer: no tree ends on " + processorName(root));
    }
    PricedTree t;
    t.tree.target = root;
    t.outUse.assign(static_cast<std::size_t>(m_n), 0.0);
    t.inUse.assign(static_cast<std::size_t>(m_n), 0.0);
    t.computeUse.assign(static_cast<std::size_t>(m_n), 0.0);
    build(root, 0, m_n - 1, t);
    return t;
}

// Post-order: the operands of a task and the path of a value come before their uses, so the
// tree's transfers and tasks are listed leaves first.
void ReductionTreePricer::build(int q, int k, int m, PricedTree& t) const {
    const int p = m_from[cell(q, k, m)];
    const int l = m_split[cell(p, k, m)];
    if (l >= 0) {
        build(p, k, l, t);
        build(p, l + 1, m, t);
        t.tree.tasks.push_back({p, k, l, m, 0.0});
        t.computeUse[static_cast<std::size_t>(p)] += m_g.w[static_cast<std::size_t>(p)];
    }
    for (int u = p, hops = 0; u != q; ++hops) {
        const int v = m_next[static_cast<std::size_t>(u) * m_n + q];
        if (v < 0 || hops >= m_n) {
            throw std::logic_error("ReductionTreePricer: broken path");
        }
        const double time = m_g.messageSize * m_g.cost(u, v);
        t.tree.transfers.push_back({u, v, k, m, 0.0});
        t.outUse[static_cast<std::size_t>(u)] += time;
        t.inUse[static_cast<std::size_t>(v)] += time;
        u = v;
    }
}

} // namespace rl
