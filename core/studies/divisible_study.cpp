#include "studies/divisible_study.h"

#include "base/input_error.h"
#include "base/text_util.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <stdexcept>

namespace rl {

namespace {

// Numbers in the explanation: five significant digits, as the tab's tables show them.
std::string num(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.5g", v);
    return buffer;
}

std::string percentMore(double worse, double best) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f%%", 100.0 * (worse / best - 1.0));
    return buffer;
}

std::vector<int> identityOrder(const StarPlatform& p) {
    std::vector<int> o(static_cast<std::size_t>(p.workerCount()));
    std::iota(o.begin(), o.end(), 0);
    return o;
}

// Every permutation's closed form, in next_permutation order from the identity.
std::vector<OrderMakespan> everyOrder(const StarPlatform& p, double load) {
    const std::vector<int> best = bandwidthOrder(p);
    std::vector<OrderMakespan> out;
    std::vector<int> o = identityOrder(p);
    do {
        out.push_back({o, oneRoundClosedForm(p, o, load).makespan, o == best});
    } while (std::next_permutation(o.begin(), o.end()));
    return out;
}

void oneRound(const DivisibleStudy& q, DivisibleStudyResult& r) {
    const StarPlatform& p = q.platform;
    const std::vector<int> best = bandwidthOrder(p);
    const std::vector<int> reverse(best.rbegin(), best.rend());
    std::vector<int> shown = best;
    if (q.orderChoice == DivisibleOrder::Reverse) {
        shown = reverse;
    } else if (q.orderChoice == DivisibleOrder::Given) {
        shown = q.order;
    }
    const bool everyOrderWanted = q.orderChoice == DivisibleOrder::All ||
                                  (q.explain && p.workerCount() <= q.kMaxAllOrdersWorkers);
    if (everyOrderWanted) {
        r.orders = everyOrder(p, q.load);
    }
    r.schedule = std::make_shared<const DivisibleSchedule>(oneRoundClosedForm(p, shown, q.load));
    if (!q.explain) {
        return;
    }
    const double good = oneRoundClosedForm(p, best, q.load).makespan;
    const double bad = oneRoundClosedForm(p, reverse, q.load).makespan;
    r.comparison = "served by decreasing bandwidth: T = " + num(good) +
                   "; in the reverse order: T = " + num(bad) + " (+" + percentMore(bad, good) + ")";
    if (!r.orders.empty()) {
        double lo = good;
        double hi = good;
        for (const OrderMakespan& o : r.orders) {
            lo = std::min(lo, o.makespan);
            hi = std::max(hi, o.makespan);
        }
        r.comparison += "; over all " + std::to_string(r.orders.size()) + " orders T ranges from " +
                        num(lo) + " to " + num(hi);
        if (q.orderChoice != DivisibleOrder::All) {
            r.orders.clear(); // asked for the explanation only
        }
    }
}

void withReturns(const DivisibleStudy& q, DivisibleStudyResult& r) {
    const StarPlatform& p = q.platform;
    const bool lifoShown = q.model == DivisibleModel::Lifo;
    const DivisibleSchedule shown = lifoShown ? bestLifo(p, q.load) : bestFifo(p, q.load);
    if (q.explain) {
        const DivisibleSchedule other = lifoShown ? bestFifo(p, q.load) : bestLifo(p, q.load);
        const DivisibleSchedule& lifo = lifoShown ? shown : other;
        const DivisibleSchedule& fifo = lifoShown ? other : shown;
        r.comparison = "best LIFO: T = " + num(lifo.makespan) + " with " +
                       std::to_string(lifo.sendOrder.size()) +
                       " workers; best FIFO: T = " + num(fifo.makespan) + " with " +
                       std::to_string(fifo.sendOrder.size()) + " of " +
                       std::to_string(p.workerCount()) + " workers";
    }
    r.schedule = std::make_shared<const DivisibleSchedule>(shown);
}

void multiRound(const DivisibleStudy& q, DivisibleStudyResult& r) {
    const StarPlatform& p = q.platform;
    DivisibleSchedule s;
    if (q.rounds > 0) {
        s = uniformMultiRound(p, q.load, q.rounds, p.workerCount());
    } else {
        MultiRoundSearch search = bestUniformMultiRound(p, q.load, q.maxRounds);
        s = std::move(search.best);
        r.roundCandidates = std::move(search.candidates);
    }
    if (q.explain) {
        const DivisibleSchedule one = uniformMultiRound(p, q.load, 1, p.workerCount());
        r.comparison = std::to_string(s.rounds) + " rounds on " +
                       std::to_string(s.sendOrder.size()) + " workers: T = " + num(s.makespan) +
                       "; one round on all workers: T = " + num(one.makespan);
        const auto skipped =
            std::count_if(r.roundCandidates.begin(), r.roundCandidates.end(),
                          [](const MultiRoundCandidate& c) { return !c.refused.empty(); });
        if (skipped > 0) {
            r.comparison += "; " + std::to_string(skipped) + " of " +
                            std::to_string(r.roundCandidates.size()) +
                            " candidates skipped as infeasible";
        }
    }
    r.schedule = std::make_shared<const DivisibleSchedule>(s);
}

void steadyState(const DivisibleStudy& q, DivisibleStudyResult& r) {
    SteadyStateShare s = bandwidthCentric(q.platform, q.period, q.overlap);
    if (q.explain) {
        r.comparison = "throughput " + num(s.throughput) + " load units per time unit; " +
                       std::to_string(s.saturated) + " workers fed at full speed (sorted by " +
                       "bandwidth, sum of c/(c+w) <= 1), period Tp = " + num(q.period);
    }
    r.schedule = std::make_shared<const DivisibleSchedule>(s.periodSchedule);
    r.steady = std::move(s);
}

} // namespace

DivisibleStudy DivisibleStudy::forPreset(const std::string& name) {
    DivisibleStudy s;
    s.platform = StarPlatform::preset(name);
    if (name == "returns") {
        s.model = DivisibleModel::Lifo;
    } else if (name == "fifo") {
        s.model = DivisibleModel::Fifo;
    } else if (name == "multiround") {
        s.model = DivisibleModel::MultiRound;
        s.load = 100.0; // rounds pay off once the load dwarfs the latencies
    }
    return s;
}

void DivisibleStudy::validate() const {
    platform.validate();
    if (model == DivisibleModel::Bus) {
        for (const Worker& wk : platform.workers) {
            if (wk.c != platform.workers.front().c) {
                throw InputError("a bus has one c for every worker (use the star model)");
            }
        }
    }
    const bool oneRound = model == DivisibleModel::Bus || model == DivisibleModel::Star;
    if (oneRound && orderChoice == DivisibleOrder::All &&
        platform.workerCount() > kMaxAllOrdersWorkers) {
        throw InputError("every send order is tried for at most " +
                         std::to_string(kMaxAllOrdersWorkers) + " workers, not " +
                         std::to_string(platform.workerCount()));
    }
}

std::shared_ptr<const DivisibleStudyResult> runDivisibleStudy(const DivisibleStudy& study) {
    study.validate();
    auto r = std::make_shared<DivisibleStudyResult>();
    r->platform = study.platform;
    switch (study.model) {
    case DivisibleModel::Bus:
    case DivisibleModel::Star:
        oneRound(study, *r);
        break;
    case DivisibleModel::Lifo:
    case DivisibleModel::Fifo:
        withReturns(study, *r);
        break;
    case DivisibleModel::MultiRound:
        multiRound(study, *r);
        break;
    case DivisibleModel::Steady:
        steadyState(study, *r);
        break;
    }
    // A load that the costs turn into times beyond the doubles is the input's problem, said
    // as such (the validator would call the schedule invalid).
    for (const LoadChunk& ch : r->schedule->chunks) {
        for (double v : {ch.amount, ch.sendEnd, ch.computeEnd, ch.returnEnd}) {
            if (!std::isfinite(v)) {
                throw InputError("the load " + formatNumber(study.load) +
                                 " is too large for these costs: the schedule's times are not "
                                 "finite numbers");
            }
        }
    }
    const auto errors = validateDivisible(*r->schedule, study.platform);
    if (!errors.empty()) {
        throw std::runtime_error("invalid divisible schedule: " + errors.front());
    }
    return r;
}

} // namespace rl
