// buildTimeline(): the order an animation and its narration step through. Times never
// decrease, and among events at one instant the model's causal rules hold: a start before its
// end, a transfer's end before the reduction that merges it, a processor's reductions in turn,
// its send after its last reduction, its receptions in turn (one-port). Zero costs (constant
// 0, Bernoulli) and constant costs make many events tie, which is where time alone is not
// enough (regression: zero-cost reductions were narrated as ending before they started).
#include "algorithms/simulator.h"
#include "engine/narration.h"
#include "platform/fixed_costs.h"
#include "schedule/timeline.h"

#include "../../test_support.h"

#include <map>

using namespace rl;
using rl::test::formatted;

namespace {

/// Position of every event in the timeline, keyed by (kind, op).
std::map<std::pair<int, int>, std::size_t> positions(const std::vector<TimelineEvent>& t) {
    std::map<std::pair<int, int>, std::size_t> pos;
    for (std::size_t i = 0; i < t.size(); ++i) {
        pos[{static_cast<int>(t[i].kind), t[i].op}] = i;
    }
    return pos;
}

/// Checks every causal rule of the model on `s`'s timeline; returns the first violation.
std::string causalViolation(const Schedule& s) {
    const std::vector<TimelineEvent> t = buildTimeline(s);
    if (t.size() != 2 * (s.transfers.size() + s.reductions.size())) {
        return "wrong event count";
    }
    for (std::size_t i = 1; i < t.size(); ++i) {
        if (t[i].time < t[i - 1].time) {
            return formatted("time decreases at event %1", i);
        }
    }
    auto pos = positions(t);
    const auto at = [&](EventKind k, int op) { return pos.at({static_cast<int>(k), op}); };
    std::vector<int> lastReduction(static_cast<std::size_t>(s.n), -1);
    std::vector<int> lastReception(static_cast<std::size_t>(s.n), -1);
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        const int op = static_cast<int>(k);
        if (at(EventKind::TransferStart, op) > at(EventKind::TransferEnd, op)) {
            return formatted("transfer %1 ends before it starts", k);
        }
        int& prev = lastReception[static_cast<std::size_t>(s.transfers[k].to)];
        if (prev >= 0 && at(EventKind::TransferEnd, prev) > at(EventKind::TransferStart, op)) {
            return formatted("P%1 receives two transfers at once", s.transfers[k].to);
        }
        prev = op;
    }
    for (std::size_t r = 0; r < s.reductions.size(); ++r) {
        const int op = static_cast<int>(r);
        const ReductionOp& red = s.reductions[r];
        if (at(EventKind::ReductionStart, op) > at(EventKind::ReductionEnd, op)) {
            return formatted("reduction %1 ends before it starts", r);
        }
        if (at(EventKind::TransferEnd, red.transfer) > at(EventKind::ReductionStart, op)) {
            return formatted("reduction %1 starts before its transfer ends", r);
        }
        int& prev = lastReduction[static_cast<std::size_t>(red.proc)];
        if (prev >= 0 && at(EventKind::ReductionEnd, prev) > at(EventKind::ReductionStart, op)) {
            return formatted("P%1 runs two reductions at once", red.proc);
        }
        prev = op;
    }
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        const int last = lastReduction[static_cast<std::size_t>(s.transfers[k].from)];
        if (last >= 0 &&
            at(EventKind::ReductionEnd, last) > at(EventKind::TransferStart, static_cast<int>(k))) {
            return formatted("P%1 sends before its last reduction ends", s.transfers[k].from);
        }
    }
    return {};
}

std::string keyOf(const Algorithm& info) {
    return std::string(info.key());
}

} // namespace

struct CausalOrderOnRandomRunsWithTiesRow {
    std::string name;
    std::string comm;
    std::string comp;
};

std::vector<CausalOrderOnRandomRunsWithTiesRow> causalOrderOnRandomRunsWithTiesRows() {
    return {
        {"gamma", "gamma:1:1", "gamma:0.5:1"},
        {"zero reductions", "gamma:1:1", "const:0"},
        {"bernoulli both", "bernoulli:1:2", "bernoulli:1:1"},
        {"constant ties", "const:1", "const:1"},
        {"zero transfers", "const:0", "gamma:1:1"},
        {"all zero", "const:0", "const:0"},
        {"gamma cv 10", "gamma:1:10", "gamma:1:10"},
    };
}

class CausalOrderOnRandomRunsWithTies
    : public ::testing::TestWithParam<CausalOrderOnRandomRunsWithTiesRow> {};

TEST_P(CausalOrderOnRandomRunsWithTies, Row) {
    auto comm = GetParam().comm;
    auto comp = GetParam().comp;
    const CostModel costs = CostModel::perOperation(parseLaw(comm), parseLaw(comp));
    int runs = 0;
    for (const Algorithm& info : allAlgorithms()) {
        if (info.clairvoyant()) {
            continue; // their kernels need fixed matrices (checked below)
        }
        for (bool nc : {false, true}) {
            if (nc && !info.validNonCommutative()) {
                continue;
            }
            for (int n : {2, 3, 5, 8, 13, 16, 33, 100}) {
                for (std::uint64_t rep = 0; rep < 4; ++rep) {
                    Simulator sim(info, n, nc, costs);
                    const Schedule s = sim.schedule(9, rep);
                    const std::string v = causalViolation(s);
                    ASSERT_TRUE(v.empty())
                        << keyOf(info) << " n=" << n << " nc=" << nc << " rep=" << rep << ": " << v;
                    ++runs;
                }
            }
        }
    }
    ASSERT_TRUE(runs > 100);
}
INSTANTIATE_TEST_SUITE_P(Timeline, CausalOrderOnRandomRunsWithTies,
                         ::testing::ValuesIn(causalOrderOnRandomRunsWithTiesRows()),
                         rl::test::RowName());

// The example: Liu-Wang Fig. 1 with SNF, reductions of cost 0. At t = 2 P4 merges
// [5,5] into its [4,4] and only then holds [4,5] and sends it; the run is complete only
// after its last merge started. The narration tells the events in that order.
TEST(Timeline, LiuWangFigureOneNarratedInCausalOrder) {
    const CostModel costs = CostModel::fixedMatrix(FixedCosts::liuWangFig1());
    for (const Algorithm& info : allAlgorithms()) {
        if (!info.clairvoyant() && !info.isStatic() && info != AlgorithmId::TreeDyn) {
            continue;
        }
        Simulator sim(info, costs.fixed->n, false, costs);
        Narration narration;
        const Schedule s = sim.narratedSchedule(1, 0, narration);
        const std::string v = causalViolation(s);
        ASSERT_TRUE(v.empty()) << keyOf(info) + ": " + v;
        // Per processor: "starts merging" never follows a sentence where it sends.
        std::map<std::string, bool> sent;
        for (const NarrationEntry& entry : narration) {
            const std::string& line = entry.text;
            const auto colon = line.find(": P");
            if (colon == std::string::npos) {
                continue;
            }
            const std::string who = line.substr(colon + 2, line.find(' ', colon + 2) - colon - 2);
            if (line.find("starts merging") != std::string::npos) {
                ASSERT_TRUE(!sent[who]) << line.c_str();
            }
            if (line.find(who + " sends") != std::string::npos ||
                line.find(who + " is idle and sends") != std::string::npos) {
                sent[who] = true;
            }
        }
    }
}
