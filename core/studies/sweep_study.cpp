#include "studies/sweep_study.h"

#include "base/input_error.h"
#include "base/parallel_for.h"
#include "base/text_util.h"
#include "theory/tree_dyn_markov.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rl {

SweepStudy SweepStudy::paper(Figure fig) {
    return {fig, SweepSpec::figure(fig)};
}

SweepStudy SweepStudy::panel(Figure fig) {
    SweepStudy s = paper(fig);
    if (fig == Figure::Fig4) {
        s.spec.replicates = kPanelCvReplicates;
    }
    return s;
}

void SweepStudy::validate() const {
    if (spec.algorithms.empty()) {
        throw InputError("select at least one algorithm");
    }
    if (figure == Figure::Fig5 && spec.algorithms.size() >= 2 &&
        spec.algorithms[0] == spec.algorithms[1]) {
        throw InputError("A and B must be two different algorithms");
    }
    spec.validate();
    // Figs. 5 and 6 draw the ratio on a logarithmic axis, where 0 has no place.
    if (figure != Figure::Fig4) {
        for (double r : spec.ratios) {
            if (!(r > 0.0)) {
                throw InputError("ratio " + formatNumber(r) + ": " +
                                 std::string(figureKey(figure)) +
                                 " draws the ratio on a logarithmic axis: every ratio must be "
                                 "> 0 (fig4 runs ratio 0)");
            }
        }
    }
}

void SweepStudy::checkFigureAnalysis() const {
    if (needsPairs() && !spec.analysesPairs()) {
        throw InputError("a figure's paired analysis keeps every makespan of a point: at most " +
                         std::to_string(McConfig{}.exactQuantileLimit) + " replicates, not " +
                         std::to_string(spec.replicates));
    }
}

SweepEstimate estimateSweep(const SweepStudy& study, double workPerThreadSecond) {
    const SweepSpec& spec = study.spec;
    SweepEstimate e;
    const std::uint64_t perPoint = spec.replicates * spec.algorithms.size();
    const double size = spec.n * std::max(1.0, std::log2(static_cast<double>(spec.n)));
    for (double ratio : spec.ratios) {
        const double weight = ratio > 0.0 ? 2.0 : 1.0;
        e.simulations += perPoint * spec.cvs.size();
        e.work += weight * size * static_cast<double>(perPoint * spec.cvs.size());
    }
    // Every point's blocks are spread over the threads (experiment/point_job.h).
    e.threads = workerCount(spec.threads, std::numeric_limits<std::size_t>::max());
    e.seconds = e.work / (std::max(workPerThreadSecond, 1.0) * e.threads);
    return e;
}

LiveSweepMode liveSweepMode(const SweepStudy& study) {
    study.validate();
    if (ProgressiveSweep::fitsSampleBudget(study.spec)) {
        return LiveSweepMode::Progressive;
    }
    if (study.needsPairs()) {
        ProgressiveSweep::checkSampleBudget(study.spec); // throws, naming the grid's size
    }
    return LiveSweepMode::Streaming;
}

namespace {

std::shared_ptr<const GridSnapshot> share(GridSnapshot s) {
    return std::make_shared<const GridSnapshot>(withReference(std::move(s)));
}

bool runProgressive(const SweepStudy& study, const StudyProgress& progress,
                    const OnSnapshot& onSnapshot) {
    ProgressiveSweep sweep(study.spec);
    const SweepSpec& spec = sweep.spec();
    const std::uint64_t points = spec.pointCount();
    const std::uint64_t total = spec.replicates * points;
    for (std::uint64_t upto : ProgressiveSweep::passPlan(
             spec.replicates, points, spec.algorithms.size(), SweepStudy::kFirstPassSimulations)) {
        const std::uint64_t before = sweep.replicatesDone() * points;
        const bool done = sweep.runPass(upto, [&](std::uint64_t d, std::uint64_t) {
            return keepGoing(progress, before + d, total);
        });
        if (!done || !keepGoing(progress, upto * points, total)) {
            return false;
        }
        onSnapshot(share(sweep.snapshot()));
    }
    return true;
}

bool runStreaming(const SweepStudy& study, const StudyProgress& progress,
                  const OnSnapshot& onSnapshot) {
    const SweepSpec& spec = study.spec;
    std::vector<SweepRow> rows;
    const SweepResult r = runSweep(spec, progress, [&](const std::vector<SweepRow>& point) {
        rows.insert(rows.end(), point.begin(), point.end());
        const bool complete = rows.size() == spec.pointCount() * spec.algorithms.size();
        onSnapshot(share(snapshotFromRows(spec, rows, complete)));
    });
    return !r.cancelled;
}

} // namespace

bool runLiveSweep(const SweepStudy& study, const StudyProgress& progress,
                  const OnSnapshot& onSnapshot) {
    return liveSweepMode(study) == LiveSweepMode::Progressive
               ? runProgressive(study, progress, onSnapshot)
               : runStreaming(study, progress, onSnapshot);
}

std::shared_ptr<const GridSnapshot> runSweepJob(const SweepStudy& study, PointExecutor& executor,
                                                const PointJobOptions& options,
                                                const StudyProgress& progress) {
    const std::vector<McResult> results =
        runPointJob(study.spec.pointConfigs(), executor, options, progress);
    if (results.size() != study.spec.pointCount()) {
        return nullptr;
    }
    return share(snapshotFromResults(study.spec, results));
}

Scenario replicateScenario(const GridSnapshot& snapshot, std::size_t point,
                           std::uint64_t replicate) {
    const GridCell& cell = snapshot.cells.at(point);
    const McConfig c = snapshot.spec.pointConfig(cell.cv, cell.ratio);
    Scenario sc;
    sc.n = c.n;
    sc.algorithms = c.algorithms;
    sc.nonCommutative = c.nonCommutative;
    sc.costMode = CostMode::PerOperation;
    sc.transfer = c.costs.transfer;
    sc.reduction = c.costs.reduction;
    sc.seed = c.seed;
    sc.replicate = replicate;
    return sc;
}

std::optional<double> sweepReference(const SweepSpec& spec) {
    const auto& algos = spec.algorithms;
    if (spec.ratios.empty() || spec.family != LawKind::Gamma || !(spec.transferMean > 0.0) ||
        std::find(algos.begin(), algos.end(), AlgorithmId::TreeDyn) == algos.end()) {
        return std::nullopt;
    }
    const double ratio = spec.ratios.front();
    if (!(ratio == 0.0 || spec.n <= kMaxMarkovProcessors)) {
        return std::nullopt; // the chain with reductions has about n^2/4 states
    }
    try {
        return treeDynMarkov(spec.n, spec.transferMean, ratio * spec.transferMean).mean;
    } catch (const InputError&) {
        return std::nullopt; // a mean beyond the chain's magnitudes: no reference, the data stay
    }
}

GridSnapshot withReference(GridSnapshot snapshot) {
    snapshot.reference = sweepReference(snapshot.spec);
    return snapshot;
}

} // namespace rl
