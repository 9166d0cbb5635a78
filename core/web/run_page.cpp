#include "web/run_page.h"

#include "web/page_html.h"

#include "base/input_error.h"
#include "base/text_util.h"
#include "base/version.h"
#include "base/vocabulary.h"
#include "schedule/gantt_bars.h"
#include "schedule/operation_text.h"
#include "schedule/tree_layout.h"
#include "studies/quiz.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace rl {

namespace {

using nlohmann::json;

bool shows(const Scenario& s, AlgorithmId id) {
    return std::find(s.algorithms.begin(), s.algorithms.end(), id) != s.algorithms.end();
}

/// The narration as the page lists it: the merged story of the runs (RunResult::narration, in
/// each engine's order), each entry with its time, its run and, for an operation's start or
/// end, the index of its step among timelineEvents(); a decision that starts nothing ("P0 is
/// idle and enters the empty slot") has a time and no step. The one place where the page
/// meets the core's narration.
json narrationEntries(const RunResult& r) {
    json entries = json::array();
    std::size_t step = 0;
    for (const NarratedEvent& e : r.narration) {
        json entry = {{"t", e.event.time}, {"text", e.text}, {"run", e.run}};
        if (countsAsEvent(e.event)) { // the explorer counts the same
            entry["event"] = step++;
        }
        entries.push_back(std::move(entry));
    }
    return entries;
}

/// The animation's steps: every operation's start and end of the merged story, [time, kind,
/// operation, run] (kind: 0 transfer start, 1 transfer end, 2 reduction start, 3 reduction end).
json timelineEvents(const RunResult& r) {
    json events = json::array();
    for (const NarratedEvent& e : r.narration) {
        if (countsAsEvent(e.event)) { // the explorer counts the same
            events.push_back({e.event.time, static_cast<int>(e.event.kind), e.event.op, e.run});
        }
    }
    return events;
}

/// The questions of "predict, then reveal" (studies/quiz.h): the player pauses at `at`.
json quizJson(const RunResult& r) {
    json questions = json::array();
    for (const QuizQuestion& q : quizQuestions(r)) {
        static const char* const kKinds[] = {"winner", "root", "sender"};
        questions.push_back({{"kind", kKinds[static_cast<int>(q.kind)]},
                             {"run", q.run},
                             {"at", q.pauseAt},
                             {"prompt", q.prompt},
                             {"answers", q.answers},
                             {"receivers", q.receivers},
                             {"reveal", q.reveal}});
    }
    return questions;
}

json runJson(const RunResult& r, std::size_t i) {
    const Schedule& s = *r.schedules[i];
    const Schedule::Values values = s.allValues();
    // The window's hover says the same: a processor's note after its operation's words.
    const auto withNote = [&](std::string tip, int p) {
        if (i < r.processorNotes.size() &&
            static_cast<std::size_t>(p) < r.processorNotes[i].size() &&
            !r.processorNotes[i][static_cast<std::size_t>(p)].empty()) {
            tip += "\n" + r.processorNotes[i][static_cast<std::size_t>(p)];
        }
        return tip;
    };
    json transfers = json::array();
    json transferTips = json::array();
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        const TransferOp& t = s.transfers[k];
        transfers.push_back({t.from, t.to, t.start, t.end});
        transferTips.push_back(withNote(
            describeOperation(s, true, static_cast<int>(k), formatRuns(values.transfers[k])),
            t.from));
    }
    json reductions = json::array();
    json reductionTips = json::array();
    for (std::size_t k = 0; k < s.reductions.size(); ++k) {
        const ReductionOp& op = s.reductions[k];
        reductions.push_back({op.proc, op.transfer, op.start, op.end});
        reductionTips.push_back(withNote(
            describeOperation(s, false, static_cast<int>(k), formatRuns(values.reductions[k])),
            op.proc));
    }
    json criticalTransfers = json::array();
    json criticalReductions = json::array();
    for (const CriticalStep& step : r.criticalPaths[i]) {
        (step.isTransfer ? criticalTransfers : criticalReductions).push_back(step.op);
    }
    const TreeLayout layout = layoutTree(s);
    json run = {{"name", r.name(i)},
                {"title", runTitle(r, i)},
                {"detail", runDetail(r, i)},
                {"n", s.n},
                {"root", s.root},
                {"makespan", s.makespan},
                {"transfers", transfers},
                {"reductions", reductions},
                {"tips", json::array({transferTips, reductionTips})},
                {"critical", json::array({criticalTransfers, criticalReductions})},
                {"x", layout.x},
                {"y", layout.y},
                {"active", ganttBars(s).activeUntil}};
    if (!s.arrivals.empty()) { // late arrivals: each band starts at its processor's arrival
        run["arrivals"] = s.arrivals;
    }
    return run;
}

std::string costsText(const Scenario& s) {
    switch (s.costMode) {
    case CostMode::PerOperation:
        return "transfers " + s.transfer.toString() + ", reductions " + s.reduction.toString() +
               ", drawn per operation";
    case CostMode::DrawnMatrix:
        return "transfers " + s.transfer.toString() + ", reductions " + s.reduction.toString() +
               ", a matrix drawn per replicate";
    case CostMode::FixedMatrix:
        return "a fixed matrix of transfer and reduction costs";
    }
    return {};
}

json scenarioJson(const RunPageContent& c) {
    const Scenario& s = c.run->scenario;
    std::string algorithms;
    for (const Algorithm& a : s.algorithms) {
        algorithms += (algorithms.empty() ? "" : ", ") + a.name();
    }
    if (s.algorithms.size() > 1) {
        algorithms += " (compare mode: common random numbers)";
    }
    const json lines = json::array(
        {json::array({"processors", "n = " + std::to_string(s.n)}),
         json::array({"algorithms", algorithms}), json::array({"costs", costsText(s)}),
         json::array({"operation", s.nonCommutative ? "non-commutative" : "commutative"}),
         json::array({"seed", std::to_string(s.seed)}),
         json::array({"replicate", std::to_string(s.replicate)})});
    return {{"lines", lines}, {"file", c.scenarioFile}};
}

/// The words the page shows, from the glossary (and the shown algorithms' summaries).
json glossaryJson(const RunResult& r) {
    const Scenario& s = r.scenario;
    std::vector<std::string_view> terms{"P3", "value, [4,5]"};
    if (!s.nonCommutative) {
        terms.push_back("[4,5] [14,15]");
    }
    terms.insert(terms.end(), {"transfer", "reception", "reduction"});
    if (shows(s, AlgorithmId::BinomialStat) || shows(s, AlgorithmId::FibonacciStat)) {
        terms.push_back("reception 3");
    }
    if (shows(s, AlgorithmId::BinomialStat)) {
        terms.push_back("round");
    }
    if (shows(s, AlgorithmId::TreeDyn)) {
        terms.push_back("slot");
    }
    if (shows(s, AlgorithmId::Ep) || shows(s, AlgorithmId::Snf) || shows(s, AlgorithmId::Optimum)) {
        terms.push_back("sender order");
    }
    terms.insert(terms.end(), {"idle", "makespan", "critical path"});
    if (r.bound) {
        terms.push_back(r.bound->optimal ? "optimum" : "lower bound");
    }
    if (s.costMode != CostMode::FixedMatrix) {
        terms.insert(terms.end(), {"cost law", "CV"});
    }
    if (s.costMode != CostMode::PerOperation) {
        terms.push_back("fixed matrix");
    }
    terms.insert(terms.end(), {"seed", "replicate", "commutative / non-commutative"});
    if (s.algorithms.size() > 1) {
        terms.insert(terms.end(), {"compare mode", "common random numbers"});
    }
    if (r.treeDynChain && shows(s, AlgorithmId::TreeDyn)) {
        terms.push_back("Markov chain");
    }
    json entries = json::array();
    for (std::string_view term : terms) {
        const GlossaryEntry& e = glossaryEntry(term);
        entries.push_back({{"term", e.term}, {"meaning", e.meaning}});
    }
    for (const Algorithm& a : s.algorithms) {
        entries.push_back({{"term", a.name()}, {"meaning", htmlEscaped(a.summary())}});
    }
    return entries;
}

json legendJson(bool withBound) {
    // The explorer's legend strip, then the marks the Help pane explains besides.
    static const std::pair<const char*, Mark> kMarks[] = {{"transfer", Mark::Transfer},
                                                          {"reception", Mark::Reception},
                                                          {"reduction", Mark::Reduction},
                                                          {"critical", Mark::Critical},
                                                          {"selected", Mark::Selected},
                                                          {"idle", Mark::Idle},
                                                          {"cursor", Mark::Cursor},
                                                          {"reference", Mark::Reference},
                                                          {"inFlight", Mark::InFlight},
                                                          {"merged", Mark::Merged},
                                                          {"criticalEdge", Mark::CriticalEdge},
                                                          {"holding", Mark::Holding},
                                                          {"receiving", Mark::Receiving},
                                                          {"reducing", Mark::Reducing},
                                                          {"sent", Mark::Sent},
                                                          {"complete", Mark::Complete}};
    json legend = json::array();
    for (const auto& [key, mark] : kMarks) {
        if (mark == Mark::Reference && !withBound) {
            continue; // no line to explain
        }
        const MarkWords& w = markWords(mark);
        legend.push_back({{"mark", key}, {"label", w.label}, {"meaning", w.meaning}});
    }
    return legend;
}

} // namespace

void RunPageLimits::check(const Scenario& scenario) {
    const long long rows =
        static_cast<long long>(scenario.n) * static_cast<long long>(scenario.algorithms.size());
    if (rows > kMaxRows) {
        throw InputError("web page: n = " + std::to_string(scenario.n) + " with " +
                         std::to_string(scenario.algorithms.size()) + " algorithm" +
                         (scenario.algorithms.size() > 1 ? "s" : "") + " is " +
                         std::to_string(rows) + " processor rows; a page holds at most " +
                         std::to_string(kMaxRows) +
                         " (n times the algorithms), to stay fluid in a browser: show fewer "
                         "processors or algorithms");
    }
}

std::string runPageTitle(const Scenario& scenario) {
    std::string names;
    for (std::size_t i = 0; i < scenario.algorithms.size(); ++i) {
        if (i > 0) {
            names += i + 1 == scenario.algorithms.size() ? " and " : ", ";
        }
        names += scenario.algorithms[i].name();
    }
    return names + ", n = " + std::to_string(scenario.n);
}

std::string runPageHtml(const RunPageContent& content) {
    const RunResult& r = *content.run;
    RunPageLimits::check(r.scenario);
    bool operations = false;
    for (const auto& s : r.schedules) {
        operations = operations || !s->transfers.empty();
    }
    if (operations && r.narration.empty()) {
        throw std::logic_error("runPageHtml: the run has no narration (RunDetail::Narrated)");
    }
    std::string title = content.title;
    if (title.empty()) {
        // A file's run beside its simulation (studies/measured_run.h) says so.
        title = r.labels.size() == 2
                    ? r.name(0) + " beside its simulation, n = " + std::to_string(r.scenario.n)
                    : runPageTitle(r.scenario);
    }
    json runs = json::array();
    for (std::size_t i = 0; i < r.schedules.size(); ++i) {
        runs.push_back(runJson(r, i));
    }
    json bound = nullptr;
    if (r.bound) {
        bound = {{"value", r.bound->value}, {"label", r.bound->label}};
    }
    const json data{{"kind", "run"},
                    {"title", title},
                    {"program", content.program},
                    {"version", kVersion},
                    {"scenario", scenarioJson(content)},
                    {"style", webStyle()},
                    {"legend", legendJson(r.bound.has_value())},
                    {"glossary", glossaryJson(r)},
                    {"end", r.end},
                    {"bound", bound},
                    {"runs", runs},
                    {"events", timelineEvents(r)},
                    {"narration", narrationEntries(r)},
                    {"quiz", quizJson(r)}};
    return webPage(
        {"run_page.html", "player.css", "player.js", {"classroom.css"}, {"classroom.js"}}, title,
        data, "the web page of " + title);
}

} // namespace rl
