// The narration (engine/narration.h), recorded as the engine runs: exact sentences on small runs
// with constant costs, checked by hand against the rules of docs/model.md §4 (noted above each
// case); and a replay of whole stories against the rules' state (StoryReplay below), for every
// algorithm on random runs, ties and zero costs included: a sentence that contradicts what it
// describes at the moment it is read fails.
#include "algorithms/binomial_stat.h"
#include "algorithms/fibonacci_stat.h"
#include "algorithms/simulator.h"
#include "engine/narration.h"
#include "engine/static_plan.h"
#include "platform/fixed_costs.h"

#include "../../test_support.h"

#include <map>
#include <optional>
#include <regex>

using namespace rl;
using rl::test::contains;
using rl::test::formatted;

namespace {

using Lines = std::vector<std::string>;

Narration story(const Algorithm& a, int n, const CostModel& costs, std::uint64_t seed = 1,
                std::uint64_t rep = 0, Schedule* schedule = nullptr) {
    Simulator sim(a, n, a == AlgorithmId::NonCommutTreeDyn, costs);
    Narration narration;
    Schedule s = sim.narratedSchedule(seed, rep, narration);
    if (schedule != nullptr) {
        *schedule = std::move(s);
    }
    return narration;
}

Lines lines(const Narration& narration) {
    Lines out;
    for (const NarrationEntry& e : narration) {
        out.push_back(e.text);
    }
    return out;
}

CostModel constantCosts(double d, double c) {
    return CostModel::perOperation(Law::constant(d), Law::constant(c));
}

// Compares line by line, so that a failure names the first sentence that differs.
void compareLines(const Lines& actual, const Lines& expected) {
    for (std::size_t i = 0; i < std::min(actual.size(), expected.size()); ++i) {
        ASSERT_EQ(actual[i], expected[i]);
    }
    ASSERT_EQ(actual.size(), expected.size());
}

bool contains(const Lines& l, const std::string& line) {
    return std::find(l.begin(), l.end(), line) != l.end();
}

// The groups of `re` matching the whole of `text` (0: the whole), none when it does not match.
std::vector<std::string> fullMatch(const std::string& text, const std::regex& re) {
    std::smatch m;
    if (!std::regex_match(text, m, re)) {
        return {};
    }
    std::vector<std::string> groups;
    for (std::size_t i = 0; i < m.size(); ++i) {
        groups.push_back(m.str(i));
    }
    return groups;
}

// A value as the sentences write it ("[0,3] [6,7]"), as the set of its indices.
std::vector<bool> indices(const std::string& runs, int n) {
    std::vector<bool> v(static_cast<std::size_t>(n), false);
    static const std::regex run("\\[(\\d+),(\\d+)\\]");
    for (auto it = std::sregex_iterator(runs.begin(), runs.end(), run);
         it != std::sregex_iterator(); ++it) {
        for (int i = std::stoi(it->str(1)); i <= std::stoi(it->str(2)); ++i) {
            v[static_cast<std::size_t>(i)] = true;
        }
    }
    return v;
}

/// Replays a story against the state its sentences describe, sentence by sentence, and
/// returns the first sentence that contradicts it (empty when none). What every story must
/// respect: times never go back and are the events'; a processor sends once, its whole value,
/// when idle, to a started processor that receives nothing else; each transfer arrives once, at
/// its receiver, and is merged once, into what the receiver holds then, after any value that
/// arrived before it; "now holds" is the merge just made, "complete" exactly when it is
/// everything; a processor said idle is idle. And the rule of each built-in algorithm: Tree-dyn's
/// slot, Non-Commut-Tree-dyn's neighbours, the static plans' receptions and rounds.
class StoryReplay {
  public:
    StoryReplay(const Algorithm& algorithm, int n) : m_algorithm(algorithm), m_n(n) {
        for (int p = 0; p < n; ++p) {
            std::vector<bool> v(static_cast<std::size_t>(n), false);
            v[static_cast<std::size_t>(p)] = true;
            m_hold.push_back(std::move(v));
        }
        m_proc.resize(static_cast<std::size_t>(n));
        if (algorithm == AlgorithmId::BinomialStat) {
            m_plan = binomialStatPlan(n);
        } else if (algorithm == AlgorithmId::FibonacciStat) {
            m_plan = fibonacciStatPlan(n);
        }
    }

    /// The first sentence of `narration` that contradicts the state, with why; empty if none.
    std::string firstContradiction(const Narration& narration) {
        for (const NarrationEntry& e : narration) {
            const std::string line = e.text;
            const std::string why = replay(e, line);
            if (!why.empty()) {
                return why + std::string(": \"") + line + '"';
            }
        }
        for (int p = 0; p < m_n; ++p) {
            if (proc(p).inFlight || proc(p).reducing || !proc(p).waiting.empty()) {
                return formatted("P%1 still works when the story ends", p);
            }
        }
        return {};
    }

  private:
    struct Proc {
        bool started = false;
        bool sent = false;
        bool gone = false; // its value was merged by its receiver
        bool inFlight = false;
        int from = -1; // the sender of the value travelling to it
        bool reducing = false;
        std::vector<int> waiting; // the senders whose values arrived, not merged yet
        int receptions = 0;       // started
    };
    Proc& proc(int p) { return m_proc[static_cast<std::size_t>(p)]; }
    std::vector<bool>& hold(int p) { return m_hold[static_cast<std::size_t>(p)]; }
    bool idle(int p) {
        const Proc& s = proc(p);
        return s.started && !s.sent && !s.inFlight && !s.reducing && s.waiting.empty();
    }
    // The processor holding initial index i now (a value is its receiver's from the start of
    // the merge, as in the engine).
    int holderOf(int i) {
        for (int p = 0; p < m_n; ++p) {
            if (!proc(p).gone && hold(p)[static_cast<std::size_t>(i)]) {
                return p;
            }
        }
        return -1;
    }
    std::pair<int, int> interval(int p) {
        const auto first = std::find(hold(p).begin(), hold(p).end(), true);
        const auto last = std::find(hold(p).rbegin(), hold(p).rend(), true);
        return {static_cast<int>(first - hold(p).begin()),
                m_n - 1 - static_cast<int>(last - hold(p).rbegin())};
    }

    std::string replay(const NarrationEntry& e, const std::string& line) {
        static const std::regex time("^t = ([^:]+): (.*)$");
        const auto tm = fullMatch(line, time);
        if (!!tm.empty() || tm[1] != formatNarrationTime(e.event.time)) {
            return std::string("not the event's time");
        }
        if (e.event.time < m_now) {
            return std::string("time goes back");
        }
        m_now = e.event.time;
        const std::string text = tm[2];
        static const std::regex sends(
            "^(.*?)P(\\d+) (is idle and )?sends ((?:\\[\\d+,\\d+\\] ?)+) to "
            "(?:P(\\d+)|it)$");
        static const std::regex arrives("^((?:\\[\\d+,\\d+\\] ?)+) arrives at P(\\d+); (.*)$");
        static const std::regex merges(
            "^P(\\d+) (starts merging|has finished its previous reduction and starts merging "
            "the waiting) ((?:\\[\\d+,\\d+\\] ?)+) into its ((?:\\[\\d+,\\d+\\] ?)+)$");
        static const std::regex holds(
            "^P(\\d+) now holds ((?:\\[\\d+,\\d+\\] ?)+)(; the reduction is "
            "complete)?$");
        static const std::regex decides("^P(\\d+) (.*)$");
        switch (e.event.kind) {
        case EventKind::TransferStart: {
            const auto m = fullMatch(text, sends);
            if (!!m.empty()) {
                return std::string("not a transfer's start");
            }
            return transferStarts(std::stoi(m[2]), m[5].empty() ? -1 : std::stoi(m[5]),
                                  indices(m[4], m_n), m[1]);
        }
        case EventKind::TransferEnd: {
            const auto m = fullMatch(text, arrives);
            if (!!m.empty()) {
                return std::string("not a transfer's end");
            }
            const int to = std::stoi(m[2]);
            Proc& r = proc(to);
            if (!r.inFlight || hold(r.from) != indices(m[1], m_n)) {
                return formatted("no such value travels to P%1", to);
            }
            const bool waits = r.reducing || !r.waiting.empty();
            if (m[3] !=
                formatted(waits ? "it waits for P%1's previous reduction" : "P%1 reduces it", to)) {
                return formatted("whether P%1 reduces it at once is wrong", to);
            }
            r.inFlight = false;
            r.waiting.push_back(r.from);
            m_waited[r.from] = waits;
            return {};
        }
        case EventKind::ReductionStart: {
            const auto m = fullMatch(text, merges);
            if (!!m.empty()) {
                return std::string("not a reduction's start");
            }
            const int p = std::stoi(m[1]);
            Proc& r = proc(p);
            if (r.reducing || r.waiting.empty()) {
                return formatted("P%1 has nothing to merge now", p);
            }
            const int from = r.waiting.front();
            if (hold(from) != indices(m[3], m_n) || hold(p) != indices(m[4], m_n)) {
                return std::string("the values merged are not those held");
            }
            if (m[2].starts_with(std::string("has finished")) != m_waited[from]) {
                return std::string("whether the value waited is wrong");
            }
            r.waiting.erase(r.waiting.begin());
            r.reducing = true;
            for (int i = 0; i < m_n; ++i) {
                if (hold(from)[static_cast<std::size_t>(i)]) {
                    hold(p)[static_cast<std::size_t>(i)] = true;
                }
            }
            proc(from).gone = true;
            return {};
        }
        case EventKind::ReductionEnd: {
            const auto m = fullMatch(text, holds);
            if (!!m.empty()) {
                return std::string("not a reduction's end");
            }
            const int p = std::stoi(m[1]);
            if (!proc(p).reducing || hold(p) != indices(m[2], m_n)) {
                return formatted("P%1 did not just merge that", p);
            }
            const bool all = std::all_of(hold(p).begin(), hold(p).end(), [](bool b) { return b; });
            if (all == m[3].empty()) {
                return std::string("\"complete\" is wrong");
            }
            proc(p).reducing = false;
            return {};
        }
        case EventKind::Decision: {
            const auto m = fullMatch(text, decides);
            if (!!m.empty() || std::stoi(m[1]) != e.event.op) {
                return std::string("not a decision of its processor");
            }
            proc(e.event.op).started = true;
            if (!idle(e.event.op)) {
                return formatted("P%1 is not idle", e.event.op);
            }
            return ruleOfWaiting(e.event.op, m[2]);
        }
        }
        return std::string("unknown event");
    }

    std::string transferStarts(int from, int to, const std::vector<bool>& value,
                               const std::string& reason) {
        if (to < 0) { // the generic "Pq is idle: Pp sends V to it"
            static const std::regex who("^P(\\d+) is idle: $");
            const auto w = fullMatch(reason, who);
            if (!!w.empty()) {
                return std::string("to whom?");
            }
            to = std::stoi(w[1]);
        }
        proc(from).started = true;
        proc(to).started = true;
        if (proc(from).sent) {
            return formatted("P%1 sends twice", from);
        }
        if (!idle(from) || value != hold(from)) {
            return formatted("P%1 is not idle with that value", from);
        }
        if (from == to || proc(to).inFlight || proc(to).sent) {
            return formatted("P%1 cannot receive now", to);
        }
        if (const std::string why = ruleOfTransfer(from, to, reason); !why.empty()) {
            return why;
        }
        proc(from).sent = true;
        proc(to).inFlight = true;
        proc(to).from = from;
        ++proc(to).receptions;
        return {};
    }

    std::string ruleOfTransfer(int from, int to, const std::string& reason) {
        if (m_algorithm == AlgorithmId::TreeDyn) {
            if (reason != formatted("P%1 is idle; the slot holds P%2, so ", from, to) ||
                m_slot != to || !idle(to)) {
                return formatted("the slot does not hold P%1", to);
            }
            m_slot = -1;
        } else if (m_algorithm == AlgorithmId::NonCommutTreeDyn) {
            const auto [lo, hi] = interval(from);
            const auto [tlo, thi] = interval(to);
            const bool left = thi + 1 == lo;
            if (!left && tlo != hi + 1) {
                return formatted("P%1 is not a neighbour", to);
            }
            std::string expected = formatted("P%1 is idle; ", from);
            if (!left && lo == 0) {
                expected += std::string("it has no left neighbour and ");
            } else if (!left) {
                const int l = holderOf(lo - 1);
                if (idle(l)) {
                    return formatted("its left neighbour P%1 is idle", l);
                }
                expected += formatted("its left neighbour P%1 is busy and ", l);
            }
            expected += formatted("its %1 neighbour P%2 holding [%3,%4] is idle, so ",
                                  left ? std::string("left") : std::string("right"), to, tlo, thi);
            if (reason != expected || !idle(to)) {
                return std::string("not what the neighbours are");
            }
        } else if (m_plan) {
            const int j = proc(to).receptions + 1;
            if (j > m_plan->receptionCount(to) || m_plan->source(to, j - 1) != from) {
                return std::string("not the planned reception");
            }
            const std::string expected = m_plan->rounds
                                             ? formatted("round %1 of P%2: ", j, to)
                                             : formatted("reception %1 of %2 planned for P%3: ", j,
                                                         m_plan->receptionCount(to), to);
            if (reason != expected) {
                return std::string("not the reception's number");
            }
        }
        return {};
    }

    std::string ruleOfWaiting(int p, const std::string& what) {
        if (m_algorithm == AlgorithmId::TreeDyn) {
            if (what != std::string("is idle and enters the empty slot") || m_slot >= 0) {
                return std::string("the slot is not empty");
            }
            m_slot = p;
        } else if (m_algorithm == AlgorithmId::NonCommutTreeDyn) {
            const auto [lo, hi] = interval(p);
            if (what != std::string("is idle and waits: no idle neighbour") ||
                (lo > 0 && idle(holderOf(lo - 1))) || (hi < m_n - 1 && idle(holderOf(hi + 1)))) {
                return std::string("a neighbour is idle");
            }
        } else if (m_plan) {
            const int next = proc(p).receptions;
            std::string expected;
            if (next < m_plan->receptionCount(p)) {
                const int s = m_plan->source(p, next);
                if (proc(s).sent) {
                    return formatted("P%1 has sent already", s);
                }
                expected = formatted("is idle and waits for P%1's value (%2)", s,
                                     m_plan->rounds ? formatted("round %1", next + 1)
                                                    : formatted("reception %1 of %2", next + 1,
                                                                m_plan->receptionCount(p)));
            } else {
                const int to = m_plan->parent[static_cast<std::size_t>(p)];
                int j = 1;
                while (m_plan->source(to, j - 1) != p) {
                    ++j;
                }
                if (proc(to).receptions >= j) {
                    return formatted("P%1 has taken it already", to);
                }
                expected = (m_plan->receptionCount(p) == 0
                                ? std::string("has nothing to receive and waits ")
                                : std::string("is idle and waits ")) +
                           (m_plan->rounds ? formatted("for round %1 of P%2", j, to)
                                           : formatted("until P%1 can take reception %2", to, j));
            }
            if (what != expected) {
                return std::string("not what the plan waits for");
            }
        }
        return {};
    }

    Algorithm m_algorithm;
    int m_n;
    std::vector<std::vector<bool>> m_hold;
    std::vector<Proc> m_proc;
    std::optional<StaticPlan> m_plan;
    std::map<int, bool> m_waited; // per sender: its value arrived while the receiver reduced
    int m_slot = -1;
    double m_now = 0.0;
};

} // namespace

TEST(Narration, TimesHaveThreeSignificantDigits) {
    ASSERT_EQ(formatNarrationTime(0.0), std::string("0.00"));
    ASSERT_EQ(formatNarrationTime(2.3149), std::string("2.31"));
    ASSERT_EQ(formatNarrationTime(1.2), std::string("1.20"));
    ASSERT_EQ(formatNarrationTime(3.0), std::string("3.00"));
    ASSERT_EQ(formatNarrationTime(12.345), std::string("12.3"));
    ASSERT_EQ(formatNarrationTime(123.45), std::string("123"));
    ASSERT_EQ(formatNarrationTime(0.045678), std::string("0.0457"));
    ASSERT_EQ(formatNarrationTime(0.5), std::string("0.500"));
}

// Tree-dyn, n = 4, c = d = 1 (docs/model.md §3-4): at time 0 the processors become idle in
// index order: P0 enters the empty slot, P1 finds P0 there and sends to it, P2 enters the
// slot again, P3 sends to P2. At t = 2 P0's reduction ends first (its end was queued
// first): P0 is idle and enters the empty slot; then P2 finds P0 there and sends.
TEST(Narration, TreeDynFour) {
    compareLines(lines(story(AlgorithmId::TreeDyn, 4, constantCosts(1, 1))),
                 {"t = 0.00: P0 is idle and enters the empty slot",
                  "t = 0.00: P1 is idle; the slot holds P0, so P1 sends [1,1] to P0",
                  "t = 0.00: P2 is idle and enters the empty slot",
                  "t = 0.00: P3 is idle; the slot holds P2, so P3 sends [3,3] to P2",
                  "t = 1.00: [1,1] arrives at P0; P0 reduces it",
                  "t = 1.00: P0 starts merging [1,1] into its [0,0]",
                  "t = 1.00: [3,3] arrives at P2; P2 reduces it",
                  "t = 1.00: P2 starts merging [3,3] into its [2,2]",
                  "t = 2.00: P0 now holds [0,1]", "t = 2.00: P0 is idle and enters the empty slot",
                  "t = 2.00: P2 now holds [2,3]",
                  "t = 2.00: P2 is idle; the slot holds P0, so P2 sends [2,3] to P0",
                  "t = 3.00: [2,3] arrives at P0; P0 reduces it",
                  "t = 3.00: P0 starts merging [2,3] into its [0,1]",
                  "t = 4.00: P0 now holds [0,3]; the reduction is complete"});
}

// The issue's run (reducelab-cli run --algo tree-dyn --n 16 --comm gamma:1:0.5 --comp
// gamma:0.5:0.5 --seed 1): at time 0, P0 enters, P1 sends to P0, P2 enters, ... (never two
// processors in the one slot); and no event is told twice (a send once, as it starts).
TEST(Narration, TreeDynIssueRun) {
    const CostModel costs = CostModel::perOperation(Law::gamma(1, 0.5), Law::gamma(0.5, 0.5));
    Schedule s;
    const Narration n = story(AlgorithmId::TreeDyn, 16, costs, 1, 0, &s);
    for (int p = 0; p < 16; ++p) {
        const std::string expected =
            p % 2 == 0 ? "t = 0.00: P" + std::to_string(p) + " is idle and enters the empty slot"
                       : "t = 0.00: P" + std::to_string(p) + " is idle; the slot holds P" +
                             std::to_string(p - 1) + ", so P" + std::to_string(p) + " sends [" +
                             std::to_string(p) + "," + std::to_string(p) + "] to P" +
                             std::to_string(p - 1);
        ASSERT_EQ(n[static_cast<std::size_t>(p)].text, expected);
    }
    std::size_t sends = 0;
    for (const NarrationEntry& e : n) {
        sends += e.text.find(" sends ") != std::string::npos ? 1 : 0;
    }
    ASSERT_EQ(sends, s.transfers.size());
    ASSERT_EQ(StoryReplay(AlgorithmId::TreeDyn, 16).firstContradiction(n), std::string());
}

// Non-Commut-Tree-dyn, n = 4: at time 0 P0 has no left neighbour and P1 has not started,
// so P0 waits; P1's left neighbour P0 is idle: P1 sends. Likewise P2 (P1 has sent, P3 has
// not started) and P3. At t = 2 P0 is idle first while P2, holding [2,3], still reduces:
// P0 waits; then P2's left neighbour P0 is idle: P2 sends to it.
TEST(Narration, NonCommutTreeDynFour) {
    compareLines(
        lines(story(AlgorithmId::NonCommutTreeDyn, 4, constantCosts(1, 1))),
        {"t = 0.00: P0 is idle and waits: no idle neighbour",
         "t = 0.00: P1 is idle; its left neighbour P0 holding [0,0] is idle, so P1 sends "
         "[1,1] to P0",
         "t = 0.00: P2 is idle and waits: no idle neighbour",
         "t = 0.00: P3 is idle; its left neighbour P2 holding [2,2] is idle, so P3 sends "
         "[3,3] to P2",
         "t = 1.00: [1,1] arrives at P0; P0 reduces it",
         "t = 1.00: P0 starts merging [1,1] into its [0,0]",
         "t = 1.00: [3,3] arrives at P2; P2 reduces it",
         "t = 1.00: P2 starts merging [3,3] into its [2,2]", "t = 2.00: P0 now holds [0,1]",
         "t = 2.00: P0 is idle and waits: no idle neighbour", "t = 2.00: P2 now holds [2,3]",
         "t = 2.00: P2 is idle; its left neighbour P0 holding [0,1] is idle, so P2 sends "
         "[2,3] to P0",
         "t = 3.00: [2,3] arrives at P0; P0 reduces it",
         "t = 3.00: P0 starts merging [2,3] into its [0,1]",
         "t = 4.00: P0 now holds [0,3]; the reduction is complete"});
}

// Binomial-stat, n = 4, c = d = 1: round 1 pairs P1 -> P0 and P3 -> P2 over [0, 1], both
// reduce over [1, 2]; P0 waits for P2 (round 2), which sends once its reduction ends:
// [2, 3], reduced over [3, 4].
TEST(Narration, BinomialFour) {
    compareLines(lines(story(AlgorithmId::BinomialStat, 4, constantCosts(1, 1))),
                 {"t = 0.00: P0 is idle and waits for P1's value (round 1)",
                  "t = 0.00: round 1 of P0: P1 sends [1,1] to P0",
                  "t = 0.00: P2 is idle and waits for P3's value (round 1)",
                  "t = 0.00: round 1 of P2: P3 sends [3,3] to P2",
                  "t = 1.00: [1,1] arrives at P0; P0 reduces it",
                  "t = 1.00: P0 starts merging [1,1] into its [0,0]",
                  "t = 1.00: [3,3] arrives at P2; P2 reduces it",
                  "t = 1.00: P2 starts merging [3,3] into its [2,2]",
                  "t = 2.00: P0 now holds [0,1]",
                  "t = 2.00: P0 is idle and waits for P2's value (round 2)",
                  "t = 2.00: P2 now holds [2,3]", "t = 2.00: round 2 of P0: P2 sends [2,3] to P0",
                  "t = 3.00: [2,3] arrives at P0; P0 reduces it",
                  "t = 3.00: P0 starts merging [2,3] into its [0,1]",
                  "t = 4.00: P0 now holds [0,3]; the reduction is complete"});
}

// Fibonacci-stat, n = 4 (order 3): P0 receives from P1, P2, P3 in that order; reception j
// waits for reception j-1 and the reduction of reception j-2. At t = 1 reception 1 ends
// and its reduction starts, and reception 2 may start (it overlaps that reduction); at
// t = 2 the reduction ends first (queued first), then reception 2 arrives and reception 3
// starts.
TEST(Narration, FibonacciFour) {
    compareLines(lines(story(AlgorithmId::FibonacciStat, 4, constantCosts(1, 1))),
                 {"t = 0.00: P0 is idle and waits for P1's value (reception 1 of 3)",
                  "t = 0.00: reception 1 of 3 planned for P0: P1 sends [1,1] to P0",
                  "t = 0.00: P2 has nothing to receive and waits until P0 can take reception 2",
                  "t = 0.00: P3 has nothing to receive and waits until P0 can take reception 3",
                  "t = 1.00: [1,1] arrives at P0; P0 reduces it",
                  "t = 1.00: P0 starts merging [1,1] into its [0,0]",
                  "t = 1.00: reception 2 of 3 planned for P0: P2 sends [2,2] to P0",
                  "t = 2.00: P0 now holds [0,1]", "t = 2.00: [2,2] arrives at P0; P0 reduces it",
                  "t = 2.00: P0 starts merging [2,2] into its [0,1]",
                  "t = 2.00: reception 3 of 3 planned for P0: P3 sends [3,3] to P0",
                  "t = 3.00: P0 now holds [0,2]", "t = 3.00: [3,3] arrives at P0; P0 reduces it",
                  "t = 3.00: P0 starts merging [3,3] into its [0,2]",
                  "t = 4.00: P0 now holds [0,3]; the reduction is complete"});
}

// Binomial-stat, n = 6: P4 receives only from P5 (P6 does not exist) and holds [4,5] at 2,
// while P0 runs round 2 (from P2) over [2, 4]: P4 waits for round 3 of P0.
TEST(Narration, BinomialWaitsForItsRound) {
    const Lines l = lines(story(AlgorithmId::BinomialStat, 6, constantCosts(1, 1)));
    ASSERT_TRUE(contains(l, "t = 2.00: P4 now holds [4,5]"));
    ASSERT_TRUE(contains(l, "t = 2.00: P4 is idle and waits for round 3 of P0"));
    ASSERT_TRUE(contains(l, "t = 4.00: round 3 of P0: P4 sends [4,5] to P0"));
}

// Fibonacci-stat, n = 8, d = 1, c = 2: reception 2 of P0 ends at 2 while the reduction of
// reception 1 runs until 3, so the value waits and is merged at 3.
TEST(Narration, FibonacciValueWaitsForPreviousReduction) {
    const Lines l = lines(story(AlgorithmId::FibonacciStat, 8, constantCosts(1, 2)));
    ASSERT_TRUE(contains(l, "t = 2.00: [2,2] arrives at P0; it waits for P0's previous reduction"));
    ASSERT_TRUE(contains(l, "t = 3.00: P0 has finished its previous reduction and starts merging "
                            "the waiting [2,2] into its [0,1]"));
    ASSERT_EQ(l.back(), std::string("t = 9.00: P0 now holds [0,7]; the reduction is complete"));
}

// Liu-Wang's Fig. 1 cluster (SNF): the schedule is decided before the run, so its story
// tells each transfer as the next of the sender order, and who waits for its turn.
TEST(Narration, ClairvoyantWaitsForItsTurn) {
    const CostModel costs = CostModel::fixedMatrix(FixedCosts::liuWangFig1());
    for (const Algorithm& a : clairvoyantAlgorithms()) {
        const Narration n = story(a, 7, costs);
        ASSERT_EQ(StoryReplay(a, 7).firstContradiction(n), std::string());
    }
    const Lines snf = lines(story(AlgorithmId::Snf, 7, costs));
    compareLines(Lines(snf.begin(), snf.begin() + 3),
                 {"t = 0.00: P4 has nothing to receive and waits for its turn in the sender "
                  "order (EP starts it once two processors are free)",
                  "t = 0.00: next in the sender order and two processors are free: P1 sends "
                  "[1,1] to P0",
                  "t = 0.00: next in the sender order and two processors are free: P2 sends "
                  "[2,2] to P5"});
}

TEST(Narration, SingleProcessor) {
    for (const Algorithm& a : algorithms()) {
        const Narration n = story(a, 1, constantCosts(1, 1));
        compareLines(lines(n), {"t = 0.00: P0 alone holds [0,0]; there is nothing to reduce"});
        ASSERT_EQ(n.front().event.kind, EventKind::Decision);
    }
}

// Every operation's start and end is told exactly once, with its time, in a story whose
// times never go back; the other lines are decisions. On random runs of every algorithm,
// zero costs (Bernoulli) included, where many events tie.
TEST(Narration, EveryEventOnce) {
    const CostModel gamma = CostModel::perOperation(Law::gamma(1, 1), Law::gamma(0.5, 1));
    const CostModel zeros = CostModel::perOperation(Law::bernoulli(1, 2), Law::bernoulli(1, 1));
    for (const CostModel& costs : {gamma, zeros}) {
        for (int n : {2, 3, 7, 16, 31}) {
            for (const Algorithm& a : algorithms()) {
                for (std::uint64_t rep = 0; rep < 5; ++rep) {
                    Schedule s;
                    const Narration story_ = story(a, n, costs, 3, rep, &s);
                    std::map<std::pair<int, int>, int> told; // (kind, op) -> times told
                    double now = 0.0;
                    for (const NarrationEntry& e : story_) {
                        ASSERT_TRUE(e.event.time >= now);
                        now = e.event.time;
                        const std::string prefix =
                            "t = " + formatNarrationTime(e.event.time) + ": ";
                        ASSERT_TRUE(e.text.compare(0, prefix.size(), prefix) == 0)
                            << e.text.c_str();
                        if (e.event.kind != EventKind::Decision) {
                            ++told[{static_cast<int>(e.event.kind), e.event.op}];
                        }
                    }
                    ASSERT_EQ(told.size(), 4 * static_cast<std::size_t>(n - 1));
                    for (const auto& [event, times] : told) {
                        ASSERT_EQ(times, 1);
                    }
                    for (const auto& [event, times] : told) {
                        const bool transfer =
                            event.first == static_cast<int>(EventKind::TransferStart) ||
                            event.first == static_cast<int>(EventKind::TransferEnd);
                        ASSERT_TRUE(
                            event.second <
                            static_cast<int>(transfer ? s.transfers.size() : s.reductions.size()));
                    }
                }
            }
        }
    }
}

// The text form (reducelab-cli run --narration): the story, a line each.
TEST(Narration, NarrationTextIsTheStory) {
    const CostModel costs = CostModel::perOperation(Law::gamma(1, 1), Law::bernoulli(0.5, 1));
    for (const Algorithm& a : algorithms()) {
        const Narration n = story(a, 12, costs, 4);
        std::string expected;
        for (const NarrationEntry& e : n) {
            expected += e.text + "\n";
        }
        ASSERT_EQ(narrationText(n), expected);
    }
}

// The replay (#29): every built-in algorithm's story, on random platforms and laws (ties
// with constant costs, zero costs with Bernoulli, both modes of Non-Commut-Tree-dyn and the
// static plans), never contradicts the state its sentences describe.
struct StoriesAgreeWithTheRulesRow {
    std::string name;
    std::string comm;
    std::string comp;
};

std::vector<StoriesAgreeWithTheRulesRow> storiesAgreeWithTheRulesRows() {
    return {
        {"constant ties", "const:1", "const:1"},
        {"constant, no reduction", "const:1", "const:0"},
        {"slow reductions", "const:1", "const:2.5"},
        {"gamma", "gamma:1:1", "gamma:0.5:1"},
        {"gamma cv 3", "gamma:1:3", "gamma:1:3"},
        {"zero costs", "bernoulli:1:2", "bernoulli:1:1"},
        {"zero transfers", "const:0", "gamma:1:0.5"},
    };
}

class StoriesAgreeWithTheRules : public ::testing::TestWithParam<StoriesAgreeWithTheRulesRow> {};

TEST_P(StoriesAgreeWithTheRules, Row) {
    auto comm = GetParam().comm;
    auto comp = GetParam().comp;
    const CostModel costs = CostModel::perOperation(parseLaw(comm), parseLaw(comp));
    int stories = 0;
    for (const Algorithm& a : algorithms()) {
        for (int n : {2, 3, 5, 8, 13, 33}) {
            for (std::uint64_t rep = 0; rep < 6; ++rep) {
                const Narration s = story(a, n, costs, 7, rep);
                const std::string why = StoryReplay(a, n).firstContradiction(s);
                ASSERT_TRUE(why.empty()) << a.key() + formatted(" n=%1 rep=%2: ", n, rep) + why;
                ++stories;
            }
        }
    }
    ASSERT_EQ(stories, 4 * 6 * 6);
}
INSTANTIATE_TEST_SUITE_P(Narration, StoriesAgreeWithTheRules,
                         ::testing::ValuesIn(storiesAgreeWithTheRulesRows()), rl::test::RowName());

// The replay is not blind: a story with one sentence made false (P0 entering a slot that
// holds a processor, a send told twice, times out of order, a wrong value) is refused.
TEST(Narration, ReplayRefusesFalseStories) {
    const Narration good = story(AlgorithmId::TreeDyn, 8, constantCosts(1, 1));
    ASSERT_EQ(StoryReplay(AlgorithmId::TreeDyn, 8).firstContradiction(good), std::string());
    Narration twoInSlot = good; // P1 enters the slot P0 holds
    twoInSlot[1] = {{0.0, EventKind::Decision, 1},
                    "t = 0.00: P1 is idle and enters the empty slot"};
    ASSERT_TRUE(!StoryReplay(AlgorithmId::TreeDyn, 8).firstContradiction(twoInSlot).empty());
    Narration twice = good; // the first send told again
    twice.insert(twice.begin() + 2, good[1]);
    ASSERT_TRUE(!StoryReplay(AlgorithmId::TreeDyn, 8).firstContradiction(twice).empty());
    Narration late = good; // times out of order
    std::swap(late[8], late[late.size() - 1]);
    ASSERT_TRUE(!StoryReplay(AlgorithmId::TreeDyn, 8).firstContradiction(late).empty());
    Narration value = good; // a wrong value merged
    for (NarrationEntry& e : value) {
        if (e.event.kind == EventKind::ReductionStart) {
            e.text.replace(e.text.find("[0,0]"), 5, "[0,1]");
            break;
        }
    }
    ASSERT_TRUE(!StoryReplay(AlgorithmId::TreeDyn, 8).firstContradiction(value).empty());
    // Non-Commut-Tree-dyn: waiting beside an idle neighbour.
    Narration nctd = story(AlgorithmId::NonCommutTreeDyn, 4, constantCosts(1, 1));
    nctd[1] = {{0.0, EventKind::Decision, 1}, "t = 0.00: P1 is idle and waits: no idle neighbour"};
    ASSERT_TRUE(!StoryReplay(AlgorithmId::NonCommutTreeDyn, 4).firstContradiction(nctd).empty());
    // Binomial-stat: a reception numbered wrong.
    Narration binomial = story(AlgorithmId::BinomialStat, 4, constantCosts(1, 1));
    binomial[11].text = "t = 2.00: round 3 of P0: P2 sends [2,3] to P0";
    ASSERT_TRUE(!StoryReplay(AlgorithmId::BinomialStat, 4).firstContradiction(binomial).empty());
}
