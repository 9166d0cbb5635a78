#include "experiment/mc_block.h"

#include "engine/kernel.h"
#include "fastpath/fast_draws.h"

#include "algorithms/simulator.h"

#include <algorithm>
#include <cmath>

namespace rl {

McBlockRunner::McBlockRunner(const McConfig& config) : m_config(&config) {
    m_sims.reserve(config.algorithms.size());
    for (const Algorithm& a : config.algorithms) {
        m_sims.emplace_back(a, config.n, config.nonCommutative, config.costs);
    }
    if (config.costs.mode == CostMode::PerOperation) {
        // fastDrawFill: the same draws, with the gamma's exp inline where it has the same bits.
        m_draws = std::make_unique<StreamDraws>(config.costs.transfer, config.costs.reduction,
                                                config.n, &fastDrawFill);
        m_draws2 = std::make_unique<StreamDraws>(config.costs.transfer, config.costs.reduction,
                                                 config.n, &fastDrawFill);
    }
}

McBlockRunner::~McBlockRunner() = default;
McBlockRunner::McBlockRunner(McBlockRunner&&) noexcept = default;
McBlockRunner& McBlockRunner::operator=(McBlockRunner&&) noexcept = default;

void McBlockRunner::simulate(std::uint64_t first, std::uint64_t last, const McSink& sink) {
    const std::size_t nAlgos = m_sims.size();
    const std::uint64_t seed = m_config->seed;
    // Each algorithm's results reach the sink in replicate order (its sums and histograms
    // depend on the order): r, then r + 1 for a pair.
    auto take = [&](std::size_t a, std::uint64_t r, double x) {
        if (sink.moments) {
            sink.moments[a].add(x);
        }
        if (sink.samples && sink.samples[a]) {
            sink.samples[a][r - sink.sampleBase] = x;
        }
        if (sink.streams) {
            sink.streams[a].add(x);
        }
    };
    std::uint64_t r = first;
    if (m_draws) {
        // The draws depend on (seed, replicate) only: drawing them once for all the algorithms
        // gives common random numbers and saves a large share of a run at high CV. Two
        // replicates at a time, for the kernels that interleave two runs.
        for (; r + 1 < last; r += 2) {
            m_draws->draw(seed, r);
            m_draws2->draw(seed, r + 1);
            for (std::size_t a = 0; a < nAlgos; ++a) {
                double x = 0.0;
                double y = 0.0;
                m_sims[a].makespansFromDraws(*m_draws, *m_draws2, x, y);
                take(a, r, x);
                take(a, r + 1, y);
            }
        }
    }
    for (; r < last; ++r) {
        if (m_draws) {
            m_draws->draw(seed, r);
        }
        for (std::size_t a = 0; a < nAlgos; ++a) {
            take(a, r,
                 m_draws ? m_sims[a].makespanFromDraws(*m_draws) : m_sims[a].makespan(seed, r));
        }
    }
}

std::uint64_t blockCount(const McConfig& config) {
    return (config.replicates + kMonteCarloBlock - 1) / kMonteCarloBlock;
}

bool keepsEverySample(const McConfig& config) {
    return config.replicates <= config.exactQuantileLimit;
}

McBlockResult runMonteCarloBlock(McBlockRunner& runner, const McConfig& config,
                                 std::uint64_t block) {
    const std::size_t nAlgos = config.algorithms.size();
    const std::uint64_t first = block * kMonteCarloBlock;
    const std::uint64_t last = std::min(config.replicates, first + kMonteCarloBlock);
    McBlockResult out;
    out.block = block;
    out.moments.assign(nAlgos, Moments{});
    McSink sink;
    sink.moments = out.moments.data();
    std::vector<double*> ptrs;
    if (keepsEverySample(config)) {
        out.samples.assign(nAlgos, std::vector<double>(last - first));
        for (auto& v : out.samples) {
            ptrs.push_back(v.data());
        }
        sink.samples = ptrs.data();
        sink.sampleBase = first;
    } else {
        out.streams.resize(nAlgos);
        sink.streams = out.streams.data();
    }
    runner.simulate(first, last, sink);
    return out;
}

} // namespace rl
