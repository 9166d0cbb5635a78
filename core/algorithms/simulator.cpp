#include "algorithms/simulator.h"

#include "base/input_error.h"

#include <string>

namespace rl {

void validateRun(AlgorithmId algorithm, int n, bool nonCommutative) {
    if (n < 1 || n > kMaxProcessors) {
        throw InputError("n = " + std::to_string(n) +
                         ": the number of processors must be between 1 and " +
                         std::to_string(kMaxProcessors));
    }
    const AlgorithmInfo& info = algorithmInfo(algorithm);
    if (nonCommutative && !info.validNonCommutative) {
        throw InputError(std::string(info.name) +
                         " pairs any two processors, so it is only valid for commutative "
                         "operations (drop --noncommutative or pick another algorithm)");
    }
}

Simulator::Simulator(AlgorithmId algorithm, int n, bool nonCommutative, const CostModel& costs)
    : m_algorithm(algorithm), m_n(n) {
    validateRun(algorithm, n, nonCommutative);
    costs.validate(n);
    m_kernel = algorithmInfo(algorithm).makeKernel(n, nonCommutative, costs);
}

Schedule Simulator::schedule(std::uint64_t seed, std::uint64_t replicate) {
    Schedule s = m_kernel->schedule(seed, replicate);
    s.algorithm = std::string(algorithmInfo(m_algorithm).name);
    return s;
}

} // namespace rl
