// "Predict, then reveal" (studies/quiz.h): the questions come from the run's schedules and
// narration, each asked just before what it asks about, with every right answer and the
// narration's reason.
#include "studies/quiz.h"

#include "../../test_support.h"

#include <cmath>
#include <limits>
#include <set>

using namespace rl;
using rl::test::contains;

namespace {

std::shared_ptr<const RunResult> run(std::vector<Algorithm> algorithms, int n) {
    Scenario s = Scenario::demo();
    s.algorithms = std::move(algorithms);
    s.n = n;
    s.seed = 7;
    return runScenario(s, RunDetail::Narrated);
}

} // namespace

TEST(Quiz, CompareModeAsksTheWinnerThenTheRootsThenEverySend) {
    const auto r =
        run({AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn}, 12);
    const std::vector<QuizQuestion> qs = quizQuestions(*r);
    ASSERT_GE(qs.size(), std::size_t{4});
    // Which algorithm finishes first: every run of the smallest makespan, before anything.
    ASSERT_EQ(qs[0].kind, QuizKind::Winner);
    double best = std::numeric_limits<double>::infinity();
    for (const auto& s : r->schedules) {
        best = std::min(best, s->makespan);
    }
    std::vector<int> winners;
    for (std::size_t i = 0; i < r->schedules.size(); ++i) {
        if (r->schedules[i]->makespan == best) {
            winners.push_back(static_cast<int>(i));
        }
        ASSERT_TRUE(contains(qs[0].reveal, runTitle(*r, i))) << qs[0].reveal;
    }
    ASSERT_EQ(qs[0].answers, winners);
    ASSERT_LT(qs[0].pauseAt, 0.0); // before the first event, even one at t = 0
    // Which processor holds everything: each run's root, with the sentence that completes it.
    for (int i = 0; i < 3; ++i) {
        const QuizQuestion& q = qs[static_cast<std::size_t>(1 + i)];
        ASSERT_EQ(q.kind, QuizKind::Root);
        ASSERT_EQ(q.run, i);
        ASSERT_EQ(q.answers, std::vector<int>{r->schedules[static_cast<std::size_t>(i)]->root});
        ASSERT_TRUE(contains(q.reveal, "the reduction is complete")) << q.reveal;
        ASSERT_TRUE(
            q.prompt.starts_with(r->scenario.algorithms[static_cast<std::size_t>(i)].name()));
    }
    // Who sends next: one question per run and start time; each transfer asked exactly once,
    // its sender among the answers and its sentence in the reveal; the pause is the largest
    // time below the start, in the animation's order.
    std::set<std::pair<int, int>> asked;
    double previous = -std::numeric_limits<double>::infinity();
    for (std::size_t k = 4; k < qs.size(); ++k) {
        const QuizQuestion& q = qs[k];
        ASSERT_EQ(q.kind, QuizKind::NextSender);
        ASSERT_GE(q.pauseAt, previous);
        previous = q.pauseAt;
        const NarratedEvent& first = r->narration[q.entry];
        ASSERT_EQ(first.event.kind, EventKind::TransferStart);
        ASSERT_EQ(first.run, q.run);
        const double t = first.event.time;
        ASSERT_EQ(q.pauseAt, std::nextafter(t, -std::numeric_limits<double>::infinity()));
        const Schedule& s = *r->schedules[static_cast<std::size_t>(q.run)];
        for (std::size_t j = 0; j < s.transfers.size(); ++j) {
            if (s.transfers[j].start != t) {
                continue;
            }
            ASSERT_TRUE(asked.insert({q.run, static_cast<int>(j)}).second);
            const int from = s.transfers[j].from;
            const auto at = std::find(q.answers.begin(), q.answers.end(), from);
            ASSERT_NE(at, q.answers.end());
            ASSERT_EQ(q.receivers[static_cast<std::size_t>(at - q.answers.begin())],
                      s.transfers[j].to);
            ASSERT_TRUE(contains(q.reveal, narrationProcessor(from) + " sends to " +
                                               narrationProcessor(s.transfers[j].to)))
                << q.reveal;
        }
        for (const NarratedEvent& e : r->narration) {
            if (e.run == q.run && e.event.kind == EventKind::TransferStart && e.event.time == t) {
                // The sentence, without the "<algorithm> · " of compare mode.
                const std::string dot = " · ";
                const std::string text = e.text.substr(e.text.find(dot) + dot.size());
                ASSERT_TRUE(contains(q.reveal, text)) << q.reveal;
            }
        }
    }
    std::size_t transfers = 0;
    for (const auto& s : r->schedules) {
        transfers += s->transfers.size();
    }
    ASSERT_EQ(asked.size(), transfers);
    for (const QuizQuestion& q : qs) {
        ASSERT_EQ(q.receivers.size(), q.kind == QuizKind::NextSender ? q.answers.size() : 0);
    }
}

TEST(Quiz, OneAlgorithmAsksNoWinner) {
    const auto r = run({AlgorithmId::TreeDyn}, 6);
    const std::vector<QuizQuestion> qs = quizQuestions(*r);
    ASSERT_GE(qs.size(), std::size_t{2});
    ASSERT_EQ(qs[0].kind, QuizKind::Root);
    ASSERT_EQ(qs[0].prompt, std::string("Which processor will hold everything?"));
    ASSERT_EQ(qs[1].prompt, std::string("Who sends next, and to whom?"));
    // Nothing to reduce: only where the value lies.
    const auto alone = run({AlgorithmId::TreeDyn}, 1);
    ASSERT_EQ(quizQuestions(*alone).size(), std::size_t{1});
    ASSERT_TRUE(contains(quizQuestions(*alone)[0].reveal, "alone holds"));
    // A run without narration has no quiz.
    Scenario s = Scenario::demo();
    ASSERT_TRUE(quizQuestions(*runScenario(s, RunDetail::Schedules)).empty());
}
