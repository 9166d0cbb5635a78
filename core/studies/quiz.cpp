#include "studies/quiz.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>

namespace rl {

namespace {

/// The largest time before `t`: drawn there, every operation ending at t is (all but) done and
/// none starting at t has begun, also at t = 0.
double justBefore(double t) {
    return std::nextafter(t, -std::numeric_limits<double>::infinity());
}

/// The sentence of a narration entry without the run's name that compare mode puts first.
std::string sentence(const RunResult& r, const NarratedEvent& e) {
    const std::string name =
        r.schedules.size() > 1 ? r.name(static_cast<std::size_t>(e.run)) + " · " : "";
    return e.text.rfind(name, 0) == 0 ? e.text.substr(name.size()) : e.text;
}

/// "Tree-dyn: who sends next…" in compare mode, "Who sends next…" for one run.
std::string prompt(const RunResult& r, int run, std::string question) {
    if (r.schedules.size() > 1) {
        return r.name(static_cast<std::size_t>(run)) + ": " + question;
    }
    question[0] = static_cast<char>(question[0] - 'a' + 'A');
    return question;
}

QuizQuestion winner(const RunResult& r) {
    QuizQuestion q;
    q.kind = QuizKind::Winner;
    q.prompt = "Which algorithm finishes first on this draw?";
    q.pauseAt = justBefore(0.0);
    double best = std::numeric_limits<double>::infinity();
    for (const auto& s : r.schedules) {
        best = std::min(best, s->makespan);
    }
    std::string names;
    std::string all;
    for (std::size_t i = 0; i < r.schedules.size(); ++i) {
        if (r.schedules[i]->makespan == best) {
            q.answers.push_back(static_cast<int>(i));
            names += (names.empty() ? "" : " and ") + r.name(i);
        }
        all += '\n';
        all += runTitle(r, i);
    }
    q.reveal = names + (q.answers.size() > 1 ? " finish first, tied" : " finishes first") + all;
    return q;
}

QuizQuestion root(const RunResult& r, int run) {
    const Schedule& s = *r.schedules[static_cast<std::size_t>(run)];
    QuizQuestion q;
    q.kind = QuizKind::Root;
    q.run = run;
    q.pauseAt = justBefore(0.0);
    q.prompt = prompt(r, run, "which processor will hold everything?");
    q.answers = {s.root};
    q.reveal = narrationProcessor(s.root) + " holds everything";
    // The sentence that completes the reduction: the root's last reduction ending (or the
    // only sentence of a run without operations).
    const NarratedEvent* last = nullptr;
    for (const NarratedEvent& e : r.narration) {
        const bool ends = e.event.kind == EventKind::ReductionEnd &&
                          s.reductions[static_cast<std::size_t>(e.event.op)].proc == s.root;
        if (e.run == run && (ends || s.reductions.empty())) {
            last = &e;
        }
    }
    if (last != nullptr) {
        q.reveal += '\n';
        q.reveal += sentence(r, *last);
    }
    return q;
}

} // namespace

std::vector<QuizQuestion> quizQuestions(const RunResult& r) {
    std::vector<QuizQuestion> questions;
    if (r.narration.empty() || r.schedules.empty()) {
        return questions;
    }
    if (r.schedules.size() > 1) {
        questions.push_back(winner(r));
    }
    for (std::size_t i = 0; i < r.schedules.size(); ++i) {
        questions.push_back(root(r, static_cast<int>(i)));
    }
    // One question per run and time at which transfers start, asked before the first of them.
    std::map<std::pair<int, double>, std::size_t> open;
    for (std::size_t k = 0; k < r.narration.size(); ++k) {
        const NarratedEvent& e = r.narration[k];
        if (e.event.kind != EventKind::TransferStart) {
            continue;
        }
        const Schedule& s = *r.schedules[static_cast<std::size_t>(e.run)];
        const TransferOp& t = s.transfers[static_cast<std::size_t>(e.event.op)];
        auto [it, added] = open.try_emplace({e.run, e.event.time}, questions.size());
        if (added) {
            QuizQuestion q;
            q.kind = QuizKind::NextSender;
            q.run = e.run;
            q.entry = k;
            q.pauseAt = justBefore(e.event.time);
            q.prompt = prompt(r, e.run, "who sends next, and to whom?");
            questions.push_back(std::move(q));
        }
        QuizQuestion& q = questions[it->second];
        q.answers.push_back(t.from); // a processor sends once: no sender twice
        q.receivers.push_back(t.to);
        q.reveal += (q.reveal.empty() ? "" : "; ") + narrationProcessor(t.from) + " sends to " +
                    narrationProcessor(t.to);
    }
    // The reasons, after the answers: the narration's sentences of the transfers asked about.
    for (std::size_t k = 0; k < r.narration.size(); ++k) {
        const NarratedEvent& e = r.narration[k];
        if (e.event.kind == EventKind::TransferStart) {
            std::string& reveal = questions[open.at({e.run, e.event.time})].reveal;
            reveal += '\n';
            reveal += sentence(r, e);
        }
    }
    return questions;
}

} // namespace rl
