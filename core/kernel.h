#pragma once

#include "cost_model.h"
#include "engine.h"
#include "fixed_costs.h"
#include "law.h"
#include "rng.h"
#include "schedule.h"

#include <cstdint>
#include <memory>

namespace rl {

/// Per-operation costs: the k-th started transfer (reduction) takes the k-th draw of the
/// transfer (reduction) stream of this replicate.
struct StreamCosts {
    Rng transferRng;
    Rng reductionRng;
    const LawSampler* transferLaw = nullptr;
    const LawSampler* reductionLaw = nullptr;
    double transfer(int /*from*/, int /*to*/) { return (*transferLaw)(transferRng); }
    double reduction(int /*proc*/) { return (*reductionLaw)(reductionRng); }
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
        }
    }

    double makespan(std::uint64_t seed, std::uint64_t replicate) override {
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

    StreamCosts streamCosts(std::uint64_t seed, std::uint64_t replicate) const {
        return {Rng(seed, replicate, Stream::Transfer), Rng(seed, replicate, Stream::Reduction),
                &m_transferLaw, &m_reductionLaw};
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
    EngineWorkspace m_ws;
    FixedCosts m_drawn;
};

} // namespace rl
