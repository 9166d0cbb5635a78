#include "studies/theory_study.h"

#include "algorithms/ep_optimum.h"
#include "algorithms/ep_schedule.h"
#include "algorithms/snf.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "platform/fixed_costs.h"
#include "platform/matrix_presets.h"

#include <cmath>

namespace rl {

MarkovStudy MarkovStudy::panel() {
    MarkovStudy s;
    s.sizes = {7, 8, 16, 63, 64};
    s.replicates = 100000;
    return s;
}

void MarkovStudy::validate() const {
    if (sizes.empty()) {
        throw InputError("Markov chain: give at least one n");
    }
    for (int n : sizes) {
        if (n < 1 || n > kMaxMarkovProcessors) {
            throw InputError("Markov chain: n = " + std::to_string(n) + " must be between 1 and " +
                             std::to_string(kMaxMarkovProcessors));
        }
    }
    checkMarkovMeans(transferMean, reductionMean);
    if (replicates > kMaxReplicates) {
        throw InputError("Markov chain: at most " + std::to_string(kMaxReplicates) +
                         " replicates per n, not " + std::to_string(replicates));
    }
}

std::shared_ptr<const std::vector<MarkovCheck>> runMarkovStudy(const MarkovStudy& study,
                                                               const StudyProgress& progress) {
    study.validate();
    auto rows = std::make_shared<std::vector<MarkovCheck>>();
    const std::uint64_t total = study.replicates * study.sizes.size();
    for (std::size_t i = 0; i < study.sizes.size(); ++i) {
        const std::uint64_t before = study.replicates * i;
        bool cancelled = false;
        rows->push_back(checkMarkov(study.sizes[i], study.transferMean, study.reductionMean,
                                    study.replicates, study.seed, study.threads,
                                    [&](std::uint64_t done, std::uint64_t) {
                                        cancelled = !keepGoing(progress, before + done, total);
                                        return !cancelled;
                                    }));
        if (cancelled) {
            return nullptr;
        }
    }
    return rows;
}

void RatiosStudy::validate() const {
    if (n < kMinN || n > kMaxN) {
        throw InputError("n = " + std::to_string(n) + " must be between " + std::to_string(kMinN) +
                         " and " + std::to_string(kMaxN));
    }
}

std::shared_ptr<const std::vector<RatioRow>> runRatiosStudy(const RatiosStudy& study) {
    study.validate();
    return std::make_shared<const std::vector<RatioRow>>(
        worstCaseRatios(study.n, study.d, study.bigD, study.c));
}

std::vector<double> parseClusterTimes(std::string_view text, const std::string& role,
                                      const std::string& who) {
    std::vector<double> t;
    for (const std::string& f : splitString(text, ',')) {
        const double v = parseNumber(f, role);
        if (!std::isfinite(v) || v < 0.0) {
            throw InputError(who + "transmission time " + f + " must be finite and >= 0");
        }
        t.push_back(v);
    }
    if (t.empty()) {
        throw InputError(who + role + " is empty");
    }
    return t;
}

std::vector<double> clusterPresetTimes(std::string_view preset, const std::string& who) {
    const FixedCosts f = parsePreset(preset, 0);
    const std::string why = senderOnlyViolation(f);
    if (!why.empty()) {
        throw InputError(who + "preset '" + std::string(preset) +
                         "' is not a Liu-Wang cluster: " + why);
    }
    return senderTimes(f);
}

ClusterSchedule clusterSchedule(const std::vector<double>& times, bool optimum) {
    ClusterSchedule out;
    out.senders = optimum ? epOptimum(times).senders : snfSenders(times);
    out.schedule = epSchedule(times, out.senders);
    out.schedule.algorithm = optimum ? "Optimum" : "SNF";
    return out;
}

GapStudy GapStudy::panel() {
    return {clusterPresetTimes("liuwang-fig8:1.25")};
}

void GapStudy::validate() const {
    if (times.size() < 2) {
        throw InputError("give at least two transmission times");
    }
    for (double t : times) {
        if (!std::isfinite(t) || t < 0.0) {
            throw InputError("transmission time " + formatNumber(t) + " must be finite and >= 0");
        }
    }
    checkOptimumSearch(times);
}

Scenario gapScenario(const std::vector<double>& times, const Algorithm& algorithm) {
    Scenario s;
    s.n = static_cast<int>(times.size());
    s.costMode = CostMode::FixedMatrix;
    s.matrix = FixedCosts::senderOnly(times);
    s.algorithms = {algorithm};
    if (algorithm != AlgorithmId::Optimum) {
        s.algorithms.push_back(AlgorithmId::Optimum);
    }
    return s;
}

std::shared_ptr<const OptimumGaps> runGapStudy(const GapStudy& study,
                                               const StudyProgress& progress) {
    study.validate();
    OptimumGaps g = optimumGaps(study.times, progress);
    if (g.cancelled) {
        return nullptr;
    }
    return std::make_shared<const OptimumGaps>(std::move(g));
}

} // namespace rl
