#pragma once

#include "studies/run_study.h"

#include <cstddef>
#include <string>
#include <vector>

namespace rl {

/// What a question of "predict, then reveal" asks the class to click.
enum class QuizKind {
    Winner,     ///< "Which algorithm finishes first on this draw?" (compare mode): a run
    Root,       ///< "Which processor will hold everything?": a processor of `run`
    NextSender, ///< "Who sends next, and to whom?": a transfer about to start, sender then receiver
};

/// One question, asked while the animation is paused just before what it asks about.
struct QuizQuestion {
    QuizKind kind = QuizKind::NextSender;
    /// The run asked about (index into RunResult::schedules); -1 for Winner.
    int run = -1;
    /// The first entry of RunResult::narration the answer tells: the animation stops before it.
    /// Winner and Root are asked before the first entry (0).
    std::size_t entry = 0;
    /// Where the animation pauses: the largest time below the decision's (std::nextafter), so
    /// that what ends at that time is drawn and nothing that starts at it; below 0 for the
    /// questions asked before the first event (front ends show that time as 0).
    double pauseAt = 0.0;
    /// The question as shown: "Fibonacci-stat: who sends next, and to whom?"
    std::string prompt;
    /// The right answers (processors, or run indices for Winner): several transfers may start
    /// at once, several algorithms may tie. Any one of them is right.
    std::vector<int> answers;
    /// NextSender: the receiver of each sender of `answers` (a processor sends once), the
    /// "to whom" of the question: right is a sender and its receiver.
    std::vector<int> receivers;
    /// The answer in words ("P3 sends to P2"), then the narration's reason, one sentence a line.
    std::string reveal;
};

/// The questions of `r` in the order the animation reaches them: in compare mode which
/// algorithm finishes first, then for each run which processor holds everything (its root),
/// then, for each time at which transfers of a run start, who sends (one question per run and
/// time). From the schedules and their narration (RunDetail::Narrated at least); empty when
/// the run has no narration.
std::vector<QuizQuestion> quizQuestions(const RunResult& r);

} // namespace rl
