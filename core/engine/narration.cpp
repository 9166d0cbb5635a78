#include "engine/narration.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace rl {

namespace {

std::string prefix(double t) {
    std::string out = "t = ";
    out += formatNarrationTime(t);
    out += ": ";
    return out;
}

bool holdsEverything(const std::vector<IndexRange>& v, int n) {
    return v.size() == 1 && v.front().lo == 0 && v.front().hi == n - 1;
}

} // namespace

std::string narrationProcessor(int p) {
    // Appended, not "P" + std::to_string(p): GCC 12 warns (-Wrestrict) on that form's memcpy.
    std::string out = "P";
    out += std::to_string(p);
    return out;
}

std::string formatNarrationTime(double t) {
    if (t == 0.0 || !std::isfinite(t)) {
        return t == 0.0 ? "0.00" : std::to_string(t);
    }
    // 3 significant digits: as many decimals as the magnitude leaves (none from 100 on).
    const int magnitude = static_cast<int>(std::floor(std::log10(std::abs(t))));
    const int decimals = std::max(0, 2 - magnitude);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, t);
    return buf;
}

Narration narrate(const Schedule& s, const std::vector<NarrationStep>& steps) {
    Narration out;
    if (s.n == 1) {
        out.push_back({{0.0, EventKind::Decision, 0},
                       prefix(0.0) + "P0 alone holds [0,0]; there is nothing to reduce"});
        return out;
    }
    const Schedule::Values values = s.allValues();
    // What each processor holds: its own index, then the value of its last reduction started
    // (the engine merges a value as its reduction starts, docs/model.md §3).
    std::vector<std::vector<IndexRange>> holds(static_cast<std::size_t>(s.n));
    for (int p = 0; p < s.n; ++p) {
        holds[static_cast<std::size_t>(p)] = {{p, p}};
    }
    const auto P = narrationProcessor;
    out.reserve(steps.size());
    for (const NarrationStep& step : steps) {
        const auto k = static_cast<std::size_t>(step.op);
        std::string text = prefix(step.time);
        switch (step.kind) {
        case EventKind::TransferStart: {
            const TransferOp& t = s.transfers[k];
            const std::string sends = P(t.from) + " sends " + formatRuns(values.transfers[k]);
            if (!step.reason.empty()) {
                text += step.reason + sends + " to " + P(t.to);
            } else if (step.idle == t.from) {
                text += P(t.from) + " is idle and sends " + formatRuns(values.transfers[k]) +
                        " to " + P(t.to);
            } else if (step.idle == t.to) {
                text += P(t.to) + " is idle: " + sends + " to it";
            } else {
                text += sends + " to " + P(t.to);
            }
            break;
        }
        case EventKind::TransferEnd: {
            const TransferOp& t = s.transfers[k];
            text += formatRuns(values.transfers[k]) + " arrives at " + P(t.to) +
                    (step.waited ? "; it waits for " + P(t.to) + "'s previous reduction"
                                 : "; " + P(t.to) + " reduces it");
            break;
        }
        case EventKind::ReductionStart: {
            const ReductionOp& r = s.reductions[k];
            const auto p = static_cast<std::size_t>(r.proc);
            text += P(r.proc) +
                    (step.waited ? " has finished its previous reduction and starts merging the "
                                   "waiting "
                                 : " starts merging ") +
                    formatRuns(values.transfers[static_cast<std::size_t>(r.transfer)]) +
                    " into its " + formatRuns(holds[p]);
            holds[p] = values.reductions[k];
            break;
        }
        case EventKind::ReductionEnd: {
            const ReductionOp& r = s.reductions[k];
            text += P(r.proc) + " now holds " + formatRuns(values.reductions[k]);
            if (holdsEverything(values.reductions[k], s.n)) {
                text += "; the reduction is complete";
            }
            break;
        }
        case EventKind::Decision:
            if (holdsEverything(holds[k], s.n)) {
                continue; // the reduction is complete: nothing is left to decide
            }
            text += P(step.op) + " " + (step.reason.empty() ? "is idle and waits" : step.reason);
            break;
        }
        out.push_back({{step.time, step.kind, step.op}, std::move(text)});
    }
    return out;
}

std::vector<int> eventNumbers(const std::vector<NarratedEvent>& events) {
    std::vector<int> numbers;
    numbers.reserve(events.size());
    int counted = 0;
    for (const NarratedEvent& e : events) {
        counted += countsAsEvent(e.event) ? 1 : 0;
        numbers.push_back(counted);
    }
    return numbers;
}

std::vector<NarratedEvent> narrateRuns(const std::vector<const Narration*>& runs,
                                       const std::vector<std::string>& names) {
    std::vector<NarratedEvent> merged;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const std::string name = runs.size() > 1 ? names[i] + " · " : "";
        for (const NarrationEntry& e : *runs[i]) {
            merged.push_back({e.event, static_cast<int>(i), name + e.text});
        }
    }
    // Each run's entries are in time order (the engine's): a stable sort by time merges them.
    std::stable_sort(merged.begin(), merged.end(),
                     [](const auto& a, const auto& b) { return a.event.time < b.event.time; });
    return merged;
}

std::string narrationText(const Narration& narration) {
    std::string out;
    for (const NarrationEntry& e : narration) {
        out += e.text;
        out += '\n';
    }
    return out;
}

} // namespace rl
