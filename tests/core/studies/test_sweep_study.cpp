// The sweep request (studies/sweep_study.h): one rule for the live sweep's mode (progressive or
// streaming, decided once from the figure), the panels' defaults next to the paper's, the
// reference point computed with the result, and the GUI's live sweep and the CLI's batch job
// giving the same numbers to the bit.
#include "../input_refusal.h"
#include "base/input_error.h"
#include "studies/run_study.h"
#include "studies/sweep_study.h"
#include "theory/tree_dyn_markov.h"

#include "../../test_support.h"

using namespace rl;

namespace {

SweepStudy small(Figure fig) {
    SweepStudy s = SweepStudy::paper(fig);
    s.spec.n = 12;
    s.spec.cvs = {0.3, 1.0, 3.0};
    if (s.spec.ratios.size() > 1) {
        s.spec.ratios = {0.5, 2.0};
    }
    s.spec.replicates = 5000; // two passes (a coarse one first), blocks of 1024 and a tail
    s.spec.threads = 2;
    s.spec.seed = 4;
    return s;
}

// The message with which the live sweep refuses `s` ("" when it runs).
std::string refusal(const SweepStudy& s) {
    return rl::test::refusal([&] { liveSweepMode(s); });
}

} // namespace

TEST(SweepStudy, PanelDefaultsBesideThePaper) {
    for (Figure fig : {Figure::Fig4, Figure::Fig5, Figure::Fig6}) {
        const SweepStudy paper = SweepStudy::paper(fig);
        const SweepStudy panel = SweepStudy::panel(fig);
        ASSERT_EQ(paper.figure, fig);
        ASSERT_EQ(panel.figure, fig);
        ASSERT_EQ(paper.spec.algorithms, SweepSpec::figure(fig).algorithms);
        ASSERT_EQ(panel.spec.cvs, paper.spec.cvs);
        ASSERT_EQ(panel.spec.ratios, paper.spec.ratios);
        ASSERT_EQ(panel.spec.algorithms, paper.spec.algorithms);
    }
    // Only the CV sweep panel starts with fewer replicates than the paper.
    ASSERT_EQ(SweepStudy::paper(Figure::Fig4).spec.replicates, std::uint64_t(1000000));
    ASSERT_EQ(SweepStudy::panel(Figure::Fig4).spec.replicates, SweepStudy::kPanelCvReplicates);
    ASSERT_EQ(SweepStudy::panel(Figure::Fig5).spec.replicates,
              SweepStudy::paper(Figure::Fig5).spec.replicates);
}

// The one estimate of a sweep's length: simulations counted exactly, weighted by their size
// and by reductions, spread over the threads. The panels' defaults on 2 threads: the ratio
// map and the best method start by themselves, the CV sweep's 25 x 100,000 replicates do
// not.
TEST(SweepStudy, EstimateOfASweep) {
    SweepStudy cv = SweepStudy::panel(Figure::Fig4);
    cv.spec.threads = 2;
    const SweepEstimate e = estimateSweep(cv);
    ASSERT_EQ(e.simulations, std::uint64_t(25) * 100000 * 4);
    ASSERT_EQ(e.threads, 2U);
    ASSERT_FUZZY_EQ(e.work, 1e7 * 64 * 6); // n log2 n = 384, no reduction cost (ratio 0)
    ASSERT_FUZZY_EQ(e.seconds, e.work / (kSweepWorkPerThreadSecond * 2));
    ASSERT_TRUE(e.seconds > SweepStudy::kAutoStartSeconds);
    for (Figure fig : {Figure::Fig5, Figure::Fig6}) {
        SweepStudy map = SweepStudy::panel(fig);
        map.spec.threads = 2;
        const SweepEstimate m = estimateSweep(map);
        ASSERT_EQ(m.simulations, std::uint64_t(31) * 21 * 1000 * map.spec.algorithms.size());
        ASSERT_FUZZY_EQ(m.work, 2.0 * 384 * static_cast<double>(m.simulations)); // reductions cost
        ASSERT_TRUE(m.seconds <= SweepStudy::kAutoStartSeconds) << m.seconds;
    }
    // A measured speed, and threads: the time scales with both.
    ASSERT_FUZZY_EQ(estimateSweep(cv, 2 * kSweepWorkPerThreadSecond).seconds, e.seconds / 2);
    cv.spec.threads = 1;
    ASSERT_FUZZY_EQ(estimateSweep(cv).seconds, 2 * e.seconds);
    // One processor: no log, no division by zero.
    cv.spec.n = 1;
    ASSERT_FUZZY_EQ(estimateSweep(cv).work, 1e7);
}

TEST(SweepStudy, OneRuleForTheLiveMode) {
    // Within the sample budget: progressive passes for every figure.
    for (Figure fig : {Figure::Fig4, Figure::Fig5, Figure::Fig6}) {
        ASSERT_TRUE(liveSweepMode(small(fig)) == LiveSweepMode::Progressive);
    }
    // Beyond it: a CV sweep streams point by point; a map, which draws the paired analysis,
    // is refused with the budget's message. The grid's shape does not decide (it did: one
    // ratio streamed, whatever the figure).
    SweepStudy cv = small(Figure::Fig4);
    cv.spec.replicates = 3000000;
    cv.spec.ratios = {0.0, 1.0};
    ASSERT_TRUE(liveSweepMode(cv) == LiveSweepMode::Streaming);
    SweepStudy map = small(Figure::Fig5);
    map.spec.ratios = {1.0};
    map.spec.replicates = 20000000;
    ASSERT_TRUE(refusal(map).starts_with("a figure keeps every makespan")) << refusal(map);
}

TEST(SweepStudy, ValidationMessages) {
    SweepStudy s = small(Figure::Fig6);
    s.spec.algorithms.clear();
    ASSERT_EQ(refusal(s), std::string("select at least one algorithm"));
    s = small(Figure::Fig5);
    s.spec.algorithms = {AlgorithmId::TreeDyn, AlgorithmId::TreeDyn};
    ASSERT_EQ(refusal(s), std::string("A and B must be two different algorithms"));
    s = small(Figure::Fig4);
    s.spec.cvs.clear();
    ASSERT_EQ(refusal(s), std::string("a sweep needs at least one CV and one ratio"));
    // A map's figure needs its pairs: at most the exact-quantile limit of replicates.
    s = small(Figure::Fig5);
    s.spec.replicates = McConfig{}.exactQuantileLimit + 1;
    ASSERT_THROW(s.checkFigureAnalysis(), InputError);
    s.figure = Figure::Fig4;
    s.checkFigureAnalysis(); // summaries only: fine
}

TEST(SweepStudy, LiveSweepMatchesTheBatchJob) {
    // What the panels compute (passes over growing prefixes) and what reducelab-cli writes
    // (point jobs) are the same numbers, to the bit, and carry the same reference point.
    for (Figure fig : {Figure::Fig4, Figure::Fig6}) {
        const SweepStudy s = small(fig);
        std::vector<std::shared_ptr<const GridSnapshot>> pictures;
        std::uint64_t lastDone = 0;
        std::uint64_t total = 0;
        ASSERT_TRUE(runLiveSweep(
            s,
            [&](std::uint64_t done, std::uint64_t all) {
                lastDone = done;
                total = all;
                return true;
            },
            [&](std::shared_ptr<const GridSnapshot> p) { pictures.push_back(std::move(p)); }));
        ASSERT_TRUE(pictures.size() >= 2); // a coarse picture first
        ASSERT_TRUE(!pictures.front()->complete);
        ASSERT_TRUE(pictures.back()->complete);
        ASSERT_EQ(total, s.spec.replicates * s.spec.pointCount());
        ASSERT_EQ(lastDone, total);
        LocalExecutor local;
        const auto batch = runSweepJob(s, local, {});
        ASSERT_TRUE(batch && batch->complete);
        ASSERT_EQ(pictures.back()->csv(), batch->csv());
        ASSERT_EQ(pictures.back()->reference, batch->reference);
        for (std::size_t k = 0; k < batch->cells.size(); ++k) {
            ASSERT_EQ(pictures.back()->cells[k].medianReplicate, batch->cells[k].medianReplicate);
        }
    }
}

TEST(SweepStudy, StreamingSendsOnePointAtATime) {
    SweepStudy s = small(Figure::Fig4);
    s.spec.replicates = 40000000; // beyond the sample budget
    s.spec.cvs = {1.0};
    s.spec.ratios = {0.0};
    s.spec.algorithms = {AlgorithmId::TreeDyn};
    ASSERT_TRUE(liveSweepMode(s) == LiveSweepMode::Streaming);
    int calls = 0;
    // Cancelled at once: no picture, no result.
    ASSERT_TRUE(!runLiveSweep(
        s, [&](std::uint64_t, std::uint64_t) { return ++calls < 0; },
        [](std::shared_ptr<const GridSnapshot>) { FAIL() << "no picture after a cancel"; }));
}

TEST(SweepStudy, DrillDownReplaysTheReplicate) {
    // The explorer's run of a cell's replicate is that Monte Carlo replicate, to the bit.
    SweepStudy s = small(Figure::Fig5);
    s.spec.replicates = 101;
    LocalExecutor local;
    const auto snap = runSweepJob(s, local, {});
    const std::size_t point = 4;
    const GridCell& cell = snap->cells[point];
    const Scenario sc = replicateScenario(*snap, point, cell.medianReplicate[1]);
    ASSERT_EQ(sc.n, s.spec.n);
    ASSERT_EQ(sc.algorithms, s.spec.algorithms);
    ASSERT_EQ(sc.seed, s.spec.seed);
    ASSERT_EQ(sc.transfer, Law::gamma(s.spec.transferMean, cell.cv));
    const auto run = runScenario(sc, RunDetail::Schedules);
    ASSERT_FUZZY_EQ(run->schedules[1]->makespan, cell.summaries[1].quantile(0.5));
}

TEST(SweepStudy, ReferencePointComesWithTheSnapshot) {
    SweepSpec spec = SweepSpec::figure(Figure::Fig4);
    spec.n = 10;
    ASSERT_FUZZY_EQ(*sweepReference(spec), treeDynMarkov(10, 1.0, 0.0).mean);
    spec.ratios = {0.5};
    ASSERT_FUZZY_EQ(*sweepReference(spec), treeDynMarkov(10, 1.0, 0.5).mean);
    spec.family = LawKind::Uniform; // not exponential at CV 1
    ASSERT_TRUE(!sweepReference(spec));
    spec = SweepSpec::figure(Figure::Fig6); // no Tree-dyn
    ASSERT_TRUE(!sweepReference(spec));
    spec = SweepSpec::figure(Figure::Fig4);
    spec.transferMean = 0.0; // no chain for a zero mean: no reference, no error
    ASSERT_TRUE(!sweepReference(spec));
    GridSnapshot snap;
    snap.spec = SweepSpec::figure(Figure::Fig4);
    ASSERT_EQ(withReference(snap).reference, sweepReference(snap.spec));
}

// Figs. 5 and 6 draw the ratio on a logarithmic axis: ratio 0 (fine for Fig. 4, where
// reductions cost nothing) is refused there, not drawn at -infinity (the fuzzing campaign's
// `sweep fig6 --ratio 0 --svg` wrote inf coordinates).
TEST(SweepStudy, LogarithmicRatioAxesRefuseRatioZero) {
    for (const Figure fig : {Figure::Fig5, Figure::Fig6}) {
        SweepStudy s = SweepStudy::paper(fig);
        s.spec.ratios = {0.0};
        ASSERT_EQ(rl::test::refusal([&] { s.validate(); }),
                  "ratio 0: " + std::string(figureKey(fig)) +
                      " draws the ratio on a logarithmic axis: every ratio must be > 0 (fig4 "
                      "runs ratio 0)");
        s.spec.ratios = {0.5};
        ASSERT_EQ(rl::test::refusal([&] { s.validate(); }), std::string());
    }
    SweepStudy fig4 = SweepStudy::paper(Figure::Fig4);
    fig4.spec.ratios = {0.0};
    ASSERT_EQ(rl::test::refusal([&] { fig4.validate(); }), std::string());
}
