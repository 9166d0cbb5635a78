#include "experiment/mc_block.h"

#include "base/job_scope.h"
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
        if (config.costs.arrival) {
            m_draws->setArrival(*config.costs.arrival);
            m_draws2->setArrival(*config.costs.arrival);
        }
    }
}

McBlockRunner::~McBlockRunner() = default;
McBlockRunner::McBlockRunner(McBlockRunner&&) noexcept = default;
McBlockRunner& McBlockRunner::operator=(McBlockRunner&&) noexcept = default;

bool McBlockRunner::simulate(std::uint64_t first, std::uint64_t last, const McSink& sink) {
    const std::size_t nAlgos = m_sims.size();
    const std::uint64_t seed = m_config->seed;
    // Counted by work, not by replicate: the shared counter is touched about every
    // kReportWork simulated operations (each replicate of n processors does about 2n per
    // algorithm), so that small platforms do not contend on it and large ones report every
    // replicate.
    constexpr std::uint64_t kReportWork = std::uint64_t{1} << 16;
    const std::uint64_t perReplicate =
        std::max<std::uint64_t>(1, 2 * static_cast<std::uint64_t>(m_config->n) * nAlgos);
    const std::uint64_t reportEvery = std::max<std::uint64_t>(1, kReportWork / perReplicate);
    std::uint64_t unreported = 0;
    // After `count` more replicates: reported when due; false once the job is stopped.
    auto keepGoing = [&](std::uint64_t count) {
        unreported += count;
        if (sink.done != nullptr && unreported >= reportEvery) {
            sink.done->fetch_add(unreported, std::memory_order_relaxed);
            unreported = 0;
        }
        return sink.stop == nullptr || !sink.stop->load(std::memory_order_relaxed);
    };
    auto finish = [&](bool complete) {
        if (sink.done != nullptr && unreported > 0) {
            sink.done->fetch_add(unreported, std::memory_order_relaxed);
        }
        return complete;
    };
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
    // Cancellation by work done, not replicates: a block is 1,024 replicates, minutes at
    // large n.
    CancelPoll cancel;
    const auto work = static_cast<std::uint64_t>(m_config->n) * nAlgos;
    std::uint64_t r = first;
    if (m_draws) {
        // The draws depend on (seed, replicate) only: drawing them once for all the algorithms
        // gives common random numbers and saves a large share of a run at high CV. Two
        // replicates at a time, for the kernels that interleave two runs.
        for (; r + 1 < last; r += 2) {
            cancel.add(2 * work);
            m_draws->draw(seed, r);
            m_draws2->draw(seed, r + 1);
            for (std::size_t a = 0; a < nAlgos; ++a) {
                double x = 0.0;
                double y = 0.0;
                m_sims[a].makespansFromDraws(*m_draws, *m_draws2, x, y);
                take(a, r, x);
                take(a, r + 1, y);
            }
            if (!keepGoing(2) && r + 2 < last) {
                return finish(false);
            }
        }
    }
    for (; r < last; ++r) {
        cancel.add(work);
        if (m_draws) {
            m_draws->draw(seed, r);
        }
        for (std::size_t a = 0; a < nAlgos; ++a) {
            take(a, r,
                 m_draws ? m_sims[a].makespanFromDraws(*m_draws) : m_sims[a].makespan(seed, r));
        }
        if (!keepGoing(1) && r + 1 < last) {
            return finish(false);
        }
    }
    return finish(true);
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
