#include "studies/measured_run.h"

#include "base/input_error.h"
#include "base/text_util.h"
#include "engine/narration.h"
#include "schedule/timeline.h"

#include <algorithm>
#include <cmath>

namespace rl {

namespace {

// Per processor, the index of its send in `s` (-1 at the root).
std::vector<int> sendOf(const Schedule& s) {
    std::vector<int> k(static_cast<std::size_t>(s.n), -1);
    for (std::size_t i = 0; i < s.transfers.size(); ++i) {
        k[static_cast<std::size_t>(s.transfers[i].from)] = static_cast<int>(i);
    }
    return k;
}

// The story of a schedule that no engine ran (a measured one): its events in time order, in
// the generic sentences, each transfer followed by what the simulation did with the same
// sender, and the completion by the simulated makespan.
Narration fileNarration(const Schedule& s, const Schedule* simulated) {
    std::vector<char> waited(s.transfers.size(), 0);
    for (const ReductionOp& r : s.reductions) {
        const auto t = static_cast<std::size_t>(r.transfer);
        waited[t] = r.start > s.transfers[t].end ? 1 : 0;
    }
    std::vector<NarrationStep> steps;
    const std::vector<TimelineEvent> timeline = buildTimeline(s);
    steps.reserve(timeline.size());
    for (const TimelineEvent& e : timeline) {
        NarrationStep step{e.kind, e.op, e.time, {}, -1, false};
        if (e.kind == EventKind::TransferEnd) {
            step.waited = waited[static_cast<std::size_t>(e.op)] != 0;
        } else if (e.kind == EventKind::ReductionStart) {
            step.waited = waited[static_cast<std::size_t>(
                              s.reductions[static_cast<std::size_t>(e.op)].transfer)] != 0;
        }
        steps.push_back(step);
    }
    Narration story = narrate(s, steps);
    if (simulated == nullptr || simulated->n != s.n) {
        return story;
    }
    const std::vector<int> simulatedSend = sendOf(*simulated);
    for (NarrationEntry& entry : story) {
        const auto k = static_cast<std::size_t>(entry.event.op);
        if (entry.event.kind == EventKind::TransferStart) {
            const TransferOp& t = s.transfers[k];
            const int j = simulatedSend[static_cast<std::size_t>(t.from)];
            if (j < 0) {
                entry.text += " (the simulation's root: it sends nothing)";
                continue;
            }
            const TransferOp& u = simulated->transfers[static_cast<std::size_t>(j)];
            entry.text += u.to == t.to ? " (simulated: t = " + formatNarrationTime(u.start) + ")"
                                       : " (simulated: to " + narrationProcessor(u.to) +
                                             " at t = " + formatNarrationTime(u.start) + ")";
        } else if (entry.event.kind == EventKind::ReductionEnd &&
                   entry.text.ends_with("the reduction is complete")) {
            entry.text += " (simulated: t = " + formatNarrationTime(simulated->makespan) + ", " +
                          relativeDifferenceText(s.makespan, simulated->makespan) + ")";
        }
    }
    return story;
}

} // namespace

void checkBesideMeasured(const ScheduleFile& file, RunDetail detail) {
    if (!file.scenario) {
        throw InputError(std::string(file.format == "paje" ? "a Paje trace" : "a schedule CSV") +
                         " holds no scenario to simulate beside it: open the JSON of the same "
                         "run (--format json) or its Chrome trace");
    }
    // Its n, operation and single algorithm: checked as it was read (parseScheduleFile).
    checkRunDetail(*file.scenario, detail);
}

std::shared_ptr<const RunResult> runBesideMeasured(const ScheduleFile& file, RunDetail detail,
                                                   const StudyProgress& progress) {
    checkBesideMeasured(file, detail);
    auto fileSchedule = std::make_shared<const Schedule>(file.schedule);
    const std::string fileLabel = file.origin.measured ? "measured" : "from file";
    auto result = std::make_shared<RunResult>();
    std::shared_ptr<const RunResult> simulated;
    if (!file.origin.inSeconds()) {
        simulated = runScenario(*file.scenario, detail, progress);
        if (!simulated) {
            return nullptr;
        }
        *result = *simulated; // its bound and Markov chain hold for the file's draw too
        result->labels = {fileLabel, "simulated"};
    } else {
        // Real data timed in seconds: no draw in model units to set beside it.
        result->scenario = *file.scenario;
        result->labels = {fileLabel};
    }
    const Schedule* sim = simulated ? simulated->schedules.front().get() : nullptr;
    result->schedules.insert(result->schedules.begin(), fileSchedule);
    result->criticalPaths.insert(result->criticalPaths.begin(), criticalPath(*fileSchedule));
    result->end = std::max(result->end, fileSchedule->makespan);
    if (detail != RunDetail::Schedules) {
        result->narrations.insert(
            result->narrations.begin(),
            std::make_shared<const Narration>(fileNarration(*fileSchedule, sim)));
        std::vector<const Narration*> runs;
        std::vector<std::string> names;
        for (std::size_t i = 0; i < result->narrations.size(); ++i) {
            runs.push_back(result->narrations[i].get());
            names.push_back(result->name(i));
        }
        result->narration = narrateRuns(runs, names);
    }
    if (sim != nullptr) {
        const std::vector<std::string> notes = measuredFinishNotes(*fileSchedule, *sim, fileLabel);
        result->processorNotes = {notes, notes};
    }
    // Each schedule named as its run ("Tree-dyn measured"): the trees' captions and the Paje
    // trace's root container tell them apart.
    for (std::size_t i = 0; i < result->schedules.size(); ++i) {
        auto named = std::make_shared<Schedule>(*result->schedules[i]);
        named->algorithm = result->name(i);
        result->schedules[i] = std::move(named);
    }
    return result;
}

std::vector<double> processorFinishes(const Schedule& s) {
    std::vector<double> done(static_cast<std::size_t>(s.n), s.makespan);
    for (const TransferOp& t : s.transfers) {
        done[static_cast<std::size_t>(t.from)] = t.end;
    }
    return done;
}

std::string relativeDifferenceText(double value, double reference) {
    if (reference == 0.0 || !std::isfinite(value) || !std::isfinite(reference)) {
        return value == reference ? "+0 %" : "n/a";
    }
    const double percent = 100.0 * (value - reference) / reference;
    // U+2212 MINUS SIGN: the narration's and the titles' typography.
    return (percent < 0 ? "\u2212" : "+") + formatSignificant(std::abs(percent), 2) + " %";
}

std::vector<std::string> measuredFinishNotes(const Schedule& file, const Schedule& simulated,
                                             const std::string& fileLabel) {
    const std::vector<double> a = processorFinishes(file);
    const std::vector<double> b = processorFinishes(simulated);
    std::vector<std::string> notes(a.size());
    for (std::size_t p = 0; p < a.size() && p < b.size(); ++p) {
        notes[p] = narrationProcessor(static_cast<int>(p)) + " done at " +
                   formatNarrationTime(a[p]) + " " + fileLabel + ", " + formatNarrationTime(b[p]) +
                   " simulated (" + relativeDifferenceText(a[p], b[p]) + ")";
    }
    return notes;
}

} // namespace rl
