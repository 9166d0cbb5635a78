#include "algorithms/simulator.h"

#include "base/input_error.h"
#include "base/limits.h"
#include "engine/kernel.h"
#include "fastpath/fast_draws.h"
#include "fastpath/fast_path.h"

#include <string>

namespace rl {

void validateRun(const Algorithm& algorithm, int n, bool nonCommutative) {
    if (n < 1 || n > kMaxProcessors) {
        throw InputError("n = " + std::to_string(n) +
                         ": the number of processors must be between 1 and " +
                         std::to_string(kMaxProcessors));
    }
    if (nonCommutative && !algorithm.validNonCommutative()) {
        throw InputError(algorithm.name() +
                         " pairs any two processors, so it is only valid for commutative "
                         "operations (drop --noncommutative or pick another algorithm)");
    }
}

void checkArrivals(const Algorithm& algorithm, const CostModel& costs) {
    if (costs.arrival && algorithm.descriptor().clairvoyant) {
        throw InputError(algorithm.name() +
                         " plans its whole schedule from the costs before the run, so it does "
                         "not model late arrivals (drop the arrival law or pick another "
                         "algorithm)");
    }
}

Simulator::Simulator(const Algorithm& algorithm, int n, bool nonCommutative, const CostModel& costs)
    : m_algorithm(algorithm), m_n(n) {
    validateRun(algorithm, n, nonCommutative);
    costs.validate(n);
    checkArrivals(algorithm, costs);
    const AlgorithmDescriptor& d = algorithm.descriptor();
    m_kernel = d.makeKernel(n, nonCommutative, costs);
    // The fast paths know the paper's start (everyone ready at t = 0) only: late arrivals run
    // on the generic engine.
    if (costs.mode == CostMode::PerOperation && d.makeFastPath && !costs.arrival) {
        m_fast = d.makeFastPath(n, nonCommutative, costs);
        m_laws = {costs.transfer, costs.reduction};
    }
}

Simulator::~Simulator() = default;
Simulator::Simulator(Simulator&&) noexcept = default;
Simulator& Simulator::operator=(Simulator&&) noexcept = default;

double Simulator::makespan(std::uint64_t seed, std::uint64_t replicate) {
    if (m_fast) {
        if (!m_draws) { // on first use: Monte Carlo passes its own draws
            m_draws =
                std::make_unique<StreamDraws>(m_laws.first, m_laws.second, m_n, &fastDrawFill);
        }
        m_draws->draw(seed, replicate);
        return makespanFromDraws(*m_draws);
    }
    return m_kernel->makespan(seed, replicate);
}

double Simulator::makespanFromDraws(const StreamDraws& draws) {
    double makespan = 0.0;
    if (m_fast && m_fast->makespan(draws, makespan)) {
        return makespan;
    }
    return m_kernel->makespanFromDraws(draws);
}

void Simulator::makespansFromDraws(const StreamDraws& a, const StreamDraws& b, double& ma,
                                   double& mb) {
    bool doneA = false;
    bool doneB = false;
    if (m_fast) {
        m_fast->makespans(a, b, ma, mb, doneA, doneB);
    }
    if (!doneA) {
        ma = m_kernel->makespanFromDraws(a);
    }
    if (!doneB) {
        mb = m_kernel->makespanFromDraws(b);
    }
}

double Simulator::engineMakespan(std::uint64_t seed, std::uint64_t replicate) {
    return m_kernel->makespan(seed, replicate);
}

Schedule Simulator::schedule(std::uint64_t seed, std::uint64_t replicate) {
    return recorded(seed, replicate, nullptr);
}

Schedule Simulator::narratedSchedule(std::uint64_t seed, std::uint64_t replicate,
                                     Narration& narration) {
    return recorded(seed, replicate, &narration);
}

Schedule Simulator::recorded(std::uint64_t seed, std::uint64_t replicate, Narration* narration) {
    // A recorded schedule and what is derived from it (timeline, values, narration, CSV or
    // JSON text) take about this much per processor; the makespan alone needs none of it.
    constexpr std::uint64_t kScheduleBytesPerProcessor = 512;
    checkMemory(memoryProduct(static_cast<std::uint64_t>(m_n), kScheduleBytesPerProcessor),
                "recording the schedule of n = " + std::to_string(m_n) + " processors");
    Schedule s = narration != nullptr ? m_kernel->narratedSchedule(seed, replicate, *narration)
                                      : m_kernel->schedule(seed, replicate);
    s.algorithm = m_algorithm.name();
    return s;
}

} // namespace rl
