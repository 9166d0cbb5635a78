#include "algorithms/ep_optimum.h"

#include "engine/kernel.h"

#include "algorithms/algorithm_registry.h"
#include "algorithms/ep_schedule.h"
#include "base/input_error.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>

namespace rl {

std::uint64_t epOptimumSequenceCount(const std::vector<double>& t) {
    if (t.size() < 2) {
        return 1;
    }
    std::vector<double> rest = t;
    rest.erase(rest.begin() + slowestProcessor(t));
    std::map<double, int> multiplicity;
    for (double v : rest) {
        ++multiplicity[v];
    }
    // Multinomial (n-1)! / prod(m_i!), built as a product of binomials to stay exact.
    std::uint64_t count = 1;
    std::uint64_t placed = 0;
    for (const auto& [v, m] : multiplicity) {
        for (int k = 1; k <= m; ++k) {
            ++placed;
            // count *= placed / k, exact because count * C(placed, k) stays integral.
            const std::uint64_t g = std::gcd(count, static_cast<std::uint64_t>(k));
            const std::uint64_t a = count / g;
            const std::uint64_t b = placed / (static_cast<std::uint64_t>(k) / g);
            if (a > std::numeric_limits<std::uint64_t>::max() / b) {
                return std::numeric_limits<std::uint64_t>::max();
            }
            count = a * b;
        }
    }
    return count;
}

bool optimumSearchFits(const std::vector<double>& t) {
    return epOptimumSequenceCount(t) <= kMaxOptimumSequences;
}

void checkOptimumSearch(const std::vector<double>& t) {
    const std::uint64_t total = epOptimumSequenceCount(t);
    if (total > kMaxOptimumSequences) {
        throw InputError(
            "exact optimum: " + std::to_string(t.size()) + " processors need " +
            (total == std::numeric_limits<std::uint64_t>::max() ? std::string("too many")
                                                                : std::to_string(total)) +
            " sender orders, more than the limit of " + std::to_string(kMaxOptimumSequences) +
            " (about 11 processors of distinct times)");
    }
}

void checkOptimumCosts(const CostModel& costs, int n) {
    checkSenderOnlyCosts("Optimum", costs, n);
    checkOptimumSearch(senderTimes(*costs.fixed));
}

EpOptimum epOptimum(const std::vector<double>& t, const SearchProgress& progress) {
    checkOptimumSearch(t);
    const std::uint64_t total = epOptimumSequenceCount(t);
    EpOptimum best;
    best.makespan = std::numeric_limits<double>::infinity();
    if (t.empty()) {
        throw InputError("exact optimum: the cluster is empty");
    }
    const int root = slowestProcessor(t);
    // Senders sorted by time; next_permutation then visits each distinct time sequence once.
    std::vector<int> senders = indexOrderSenders(t);
    auto byTime = [&](int a, int b) {
        const double ta = t[static_cast<std::size_t>(a)];
        const double tb = t[static_cast<std::size_t>(b)];
        return ta < tb || (ta == tb && a < b);
    };
    std::sort(senders.begin(), senders.end(), byTime);
    std::vector<double> times(senders.size());
    for (std::size_t k = 0; k < senders.size(); ++k) {
        times[k] = t[static_cast<std::size_t>(senders[k])];
    }
    // EP only depends on the time sequence: evaluate it on a pseudo-cluster where sender k has
    // times[k] and the root comes last.
    std::vector<double> pseudo = times;
    pseudo.push_back(t[static_cast<std::size_t>(root)]);
    std::vector<int> identity(times.size());
    for (std::size_t k = 0; k < identity.size(); ++k) {
        identity[k] = static_cast<int>(k);
    }
    std::vector<double> bestTimes = times;
    do {
        for (std::size_t k = 0; k < times.size(); ++k) {
            pseudo[k] = times[k];
        }
        const double m = epMakespan(pseudo, identity);
        ++best.sequences;
        if (m < best.makespan) {
            best.makespan = m;
            bestTimes = times;
        }
        if (progress && (best.sequences & 0x3fff) == 0 && !progress(best.sequences, total)) {
            best.cancelled = true;
            break;
        }
    } while (std::next_permutation(times.begin(), times.end()));
    if (progress && !best.cancelled) {
        progress(best.sequences, total);
    }
    // Map the best time sequence back to processors: equal times take processors in index
    // order (the `senders` list is sorted by (time, index)).
    std::vector<char> used(senders.size(), 0);
    for (double v : bestTimes) {
        for (std::size_t k = 0; k < senders.size(); ++k) {
            if (!used[k] && t[static_cast<std::size_t>(senders[k])] == v) {
                used[k] = 1;
                best.senders.push_back(senders[k]);
                break;
            }
        }
    }
    if (t.size() == 1) {
        best.makespan = 0.0;
    }
    return best;
}

std::unique_ptr<KernelBase> makeOptimumKernel(int n, bool nonCommutative, const CostModel& costs) {
    const std::vector<double> t = clairvoyantTimes("Optimum", n, nonCommutative, costs);
    return std::make_unique<ClairvoyantKernel>(epSchedule(t, epOptimum(t).senders));
}

} // namespace rl
