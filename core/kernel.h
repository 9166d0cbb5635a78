#pragma once

#include "cost_model.h"
#include "engine.h"
#include "fixed_costs.h"
#include "law.h"
#include "rng.h"
#include "schedule.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace rl {

/// Per-operation costs: the k-th started transfer (reduction) takes the k-th draw of the
/// transfer (reduction) stream of this replicate. A run on n processors makes exactly n - 1
/// transfers and n - 1 reductions (SPEC §1), so the draws are made up front, in one batch per
/// stream (LawSampler::fill, the same values in the same order), and the run reads them.
struct StreamCosts {
    const double* transferDraws = nullptr;
    const double* reductionDraws = nullptr;
    std::size_t nextTransfer = 0;
    std::size_t nextReduction = 0;
    double transfer(int /*from*/, int /*to*/) { return transferDraws[nextTransfer++]; }
    double reduction(int /*proc*/) { return reductionDraws[nextReduction++]; }
};

/// Fixed platform costs d[i][j] and c[j].
struct MatrixCosts {
    const FixedCosts* costs = nullptr;
    double transfer(int from, int to) const { return costs->transfer(from, to); }
    double reduction(int proc) const { return costs->reduction(proc); }
};

/// One algorithm bound to a platform size, a mode and a cost model, behind one virtual call
/// per run. Holds reusable buffers: one per thread.
class KernelBase {
  public:
    virtual ~KernelBase() = default;
    virtual double makespan(std::uint64_t seed, std::uint64_t replicate) = 0;
    virtual Schedule schedule(std::uint64_t seed, std::uint64_t replicate) = 0;
    virtual double engineMakespan(std::uint64_t seed, std::uint64_t replicate) = 0;
};

/// Draws the fixed costs of one replicate (DrawnMatrix mode, SPEC §2): d from the transfer
/// stream in row-major order skipping the diagonal, then c from the reduction stream.
void drawMatrix(FixedCosts& out, int n, const LawSampler& transfer, const LawSampler& reduction,
                std::uint64_t seed, std::uint64_t replicate);

template <class Policy> class Kernel final : public KernelBase {
  public:
    Kernel(Policy policy, int n, bool nonCommutative, const CostModel& costs)
        : m_policy(std::move(policy)), m_n(n), m_nonCommutative(nonCommutative), m_costs(costs) {
        if (costs.mode != CostMode::FixedMatrix) {
            m_transferLaw = LawSampler(costs.transfer);
            m_reductionLaw = LawSampler(costs.reduction);
            m_noReductionCost =
                m_reductionLaw.isConstant() && m_reductionLaw.constantValue() == 0.0;
        }
    }

    double makespan(std::uint64_t seed, std::uint64_t replicate) override {
        if constexpr (requires(const double* d) { m_policy.noReductionMakespan(m_n, d); }) {
            if (m_costs.mode == CostMode::PerOperation && m_noReductionCost) {
                const StreamCosts costs = streamCosts(seed, replicate);
                return m_policy.noReductionMakespan(m_n, costs.transferDraws);
            }
        }
        if constexpr (requires(StreamCosts & c) { m_policy.fastMakespan(m_ws.queue, m_n, c); }) {
            if (m_costs.mode == CostMode::PerOperation) {
                StreamCosts costs = streamCosts(seed, replicate);
                return m_policy.fastMakespan(m_ws.queue, m_n, costs);
            }
        }
        NullRecorder rec;
        return run(seed, replicate, rec);
    }

    /// The generic engine's makespan, even where a fast path exists (to test their agreement).
    double engineMakespan(std::uint64_t seed, std::uint64_t replicate) override {
        NullRecorder rec;
        return run(seed, replicate, rec);
    }

    Schedule schedule(std::uint64_t seed, std::uint64_t replicate) override {
        Schedule s;
        s.n = m_n;
        s.nonCommutative = m_nonCommutative;
        s.parent.assign(static_cast<std::size_t>(m_n), -1);
        s.transfers.reserve(static_cast<std::size_t>(m_n));
        s.reductions.reserve(static_cast<std::size_t>(m_n));
        ScheduleRecorder rec{&s};
        s.makespan = run(seed, replicate, rec);
        for (int p = 0; p < m_n; ++p) {
            if (s.parent[static_cast<std::size_t>(p)] < 0) {
                s.root = p;
            }
        }
        return s;
    }

  private:
    template <class Recorder>
    double run(std::uint64_t seed, std::uint64_t replicate, Recorder& rec) {
        switch (m_costs.mode) {
        case CostMode::PerOperation: {
            StreamCosts costs = streamCosts(seed, replicate);
            return runWith(costs, rec);
        }
        case CostMode::FixedMatrix: {
            MatrixCosts costs{m_costs.fixed.get()};
            return runWith(costs, rec);
        }
        case CostMode::DrawnMatrix: {
            drawMatrix(m_drawn, m_n, m_transferLaw, m_reductionLaw, seed, replicate);
            MatrixCosts costs{&m_drawn};
            return runWith(costs, rec);
        }
        }
        return 0.0;
    }

    StreamCosts streamCosts(std::uint64_t seed, std::uint64_t replicate) {
        // One spare draw beyond the n - 1 a run uses, so an n = 1 run has a valid buffer.
        const auto count = static_cast<std::size_t>(m_n);
        if (m_transferDraws.size() != count) {
            m_transferDraws.assign(count, 0.0);
            m_reductionDraws.assign(count, 0.0);
            m_reductionFilled = false;
        }
        Rng rng(seed, replicate, Stream::Transfer);
        m_transferLaw.fill(rng, m_transferDraws.data(), count);
        // A constant reduction law (the paper's zero cost) draws nothing: fill it once.
        if (!m_reductionLaw.isConstant() || !m_reductionFilled) {
            rng.reseed(seed, replicate, Stream::Reduction);
            m_reductionLaw.fill(rng, m_reductionDraws.data(), count);
            m_reductionFilled = true;
        }
        return {m_transferDraws.data(), m_reductionDraws.data(), 0, 0};
    }

    template <class Costs, class Recorder> double runWith(Costs& costs, Recorder& rec) {
        Engine<Policy, Costs, Recorder> engine(m_ws, m_n, m_nonCommutative, m_policy, costs, rec);
        return engine.run();
    }

    Policy m_policy;
    int m_n;
    bool m_nonCommutative;
    CostModel m_costs;
    LawSampler m_transferLaw;
    LawSampler m_reductionLaw;
    std::vector<double> m_transferDraws;  // this replicate's transfer costs, in start order
    std::vector<double> m_reductionDraws; // and reduction costs
    bool m_reductionFilled = false;
    bool m_noReductionCost = false; // per-operation reductions that all cost 0
    EngineWorkspace m_ws;
    FixedCosts m_drawn;
};

} // namespace rl
