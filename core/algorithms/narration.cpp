#include "algorithms/narration.h"

#include "algorithms/binomial_stat.h"
#include "algorithms/fibonacci_stat.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

namespace rl {

namespace {

// The built-in id of `a`, or Ep for an algorithm this narration has no sentences of its own for.
AlgorithmId builtinId(const Algorithm& a) {
    const auto all = allAlgorithms();
    for (std::size_t i = 0; i < all.size() && i <= static_cast<std::size_t>(AlgorithmId::Optimum);
         ++i) {
        if (all[i] == a) {
            return static_cast<AlgorithmId>(i);
        }
    }
    return AlgorithmId::Ep;
}

bool isDynamic(AlgorithmId a) {
    return a == AlgorithmId::TreeDyn || a == AlgorithmId::NonCommutTreeDyn;
}

std::string proc(int p) {
    std::string out = "P";
    out += std::to_string(p);
    return out;
}

std::string prefix(double t) {
    std::string out = "t = ";
    out += formatNarrationTime(t);
    out += ": ";
    return out;
}

// Everything the sentences need, computed once per schedule.
class Narrator {
  public:
    Narrator(const Schedule& s, const Algorithm& algo)
        : m_s(s), m_algo(builtinId(algo)), m_clairvoyant(algo.clairvoyant()),
          m_values(s.allValues()), m_sendOf(static_cast<std::size_t>(s.n), -1),
          m_reductionOf(s.transfers.size(), -1), m_reductionsOn(static_cast<std::size_t>(s.n)) {
        for (std::size_t k = 0; k < s.transfers.size(); ++k) {
            m_sendOf[static_cast<std::size_t>(s.transfers[k].from)] = static_cast<int>(k);
        }
        for (std::size_t k = 0; k < s.reductions.size(); ++k) {
            const ReductionOp& r = s.reductions[k];
            m_reductionOf[static_cast<std::size_t>(r.transfer)] = static_cast<int>(k);
            m_reductionsOn[static_cast<std::size_t>(r.proc)].push_back(static_cast<int>(k));
        }
        if (algo == AlgorithmId::BinomialStat) {
            m_plan = binomialStatPlan(s.n);
        } else if (algo == AlgorithmId::FibonacciStat) {
            m_plan = fibonacciStatPlan(s.n);
        }
    }

    std::string event(const TimelineEvent& e) const {
        switch (e.kind) {
        case EventKind::TransferStart:
            return transferStart(e.op);
        case EventKind::TransferEnd:
            return transferEnd(e.op);
        case EventKind::ReductionStart:
            return reductionStart(e.op);
        case EventKind::ReductionEnd:
            return reductionEnd(e.op);
        }
        return prefix(e.time);
    }

    std::vector<std::string> start() const;

  private:
    const TransferOp& transfer(int k) const { return m_s.transfers[static_cast<std::size_t>(k)]; }
    const ReductionOp& reduction(int k) const {
        return m_s.reductions[static_cast<std::size_t>(k)];
    }
    std::string transferValue(int k) const {
        return formatRuns(m_values.transfers[static_cast<std::size_t>(k)]);
    }
    std::string reductionValue(int k) const {
        return formatRuns(m_values.reductions[static_cast<std::size_t>(k)]);
    }
    const std::vector<int>& reductionsOn(int p) const {
        return m_reductionsOn[static_cast<std::size_t>(p)];
    }

    // What p holds before reduction k (its own index, or the result of its previous one).
    std::string valueBefore(int k) const {
        const auto& mine = reductionsOn(reduction(k).proc);
        const auto it = std::find(mine.begin(), mine.end(), k);
        if (it == mine.begin() || it == mine.end()) {
            return formatRuns({{reduction(k).proc, reduction(k).proc}});
        }
        return reductionValue(*(it - 1));
    }
    // What p holds at time t once every reduction that ended by then is accounted for.
    std::vector<IndexRange> valueAt(int p, double t) const {
        std::vector<IndexRange> v{{p, p}};
        for (int k : reductionsOn(p)) {
            if (reduction(k).end <= t) {
                v = m_values.reductions[static_cast<std::size_t>(k)];
            }
        }
        return v;
    }
    // The processor that holds initial index i at time t in Non-Commut-Tree-dyn, as the
    // engine sees it: a value belongs to its receiver once the reduction merging it started
    // (merges are applied at reduction start), to its sender before.
    int holderAt(int i, double t) const {
        int p = i;
        for (;;) {
            const int k = m_sendOf[static_cast<std::size_t>(p)];
            if (k < 0 || transfer(k).start > t) {
                return p;
            }
            const int red = m_reductionOf[static_cast<std::size_t>(k)];
            if (red < 0 || reduction(red).start > t) {
                return p;
            }
            p = transfer(k).to;
        }
    }
    // 1-based position of `sender` among the planned receptions of `receiver` (0 if absent,
    // which only a schedule from another algorithm would give).
    int receptionNumber(int receiver, int sender) const {
        if (!m_plan) {
            return 0;
        }
        for (int j = 0; j < m_plan->receptionCount(receiver); ++j) {
            if (m_plan->source(receiver, j) == sender) {
                return j + 1;
            }
        }
        return 0;
    }
    // Binomial-stat: reception j of every receiver happens in round j, since processor
    // i*2^k receives from i*2^k + 2^(k-1) in rounds k = 1, 2, ... and the senders skipped
    // (>= n) are always its last ones.
    std::string waitForParent(int p) const {
        const int to = m_s.parent[static_cast<std::size_t>(p)];
        std::string out = " waits ";
        if (m_clairvoyant) {
            out += "for its turn in the sender order (EP starts it once two processors are "
                   "free)";
        } else if (m_algo == AlgorithmId::BinomialStat) {
            out += "for round ";
            out += std::to_string(receptionNumber(to, p));
            out += " of ";
            out += proc(to);
        } else {
            out += "until ";
            out += proc(to);
            out += " can take reception ";
            out += std::to_string(receptionNumber(to, p));
        }
        return out;
    }

    std::string transferStart(int k) const;
    std::string transferEnd(int k) const;
    std::string reductionStart(int k) const;
    std::string reductionEnd(int k) const;

    const Schedule& m_s;
    AlgorithmId m_algo;
    bool m_clairvoyant;
    Schedule::Values m_values;
    std::vector<int> m_sendOf;      // transfer sent by p, -1 for the root
    std::vector<int> m_reductionOf; // reduction merging transfer k
    std::vector<std::vector<int>> m_reductionsOn;
    std::optional<StaticPlan> m_plan;
};

std::string Narrator::transferStart(int k) const {
    const TransferOp& t = transfer(k);
    std::string out = prefix(t.start);
    switch (m_algo) {
    case AlgorithmId::TreeDyn:
        out += proc(t.from);
        out += " is idle; the slot holds ";
        out += proc(t.to);
        out += ", so ";
        break;
    case AlgorithmId::NonCommutTreeDyn: {
        const int lo = m_values.transfers[static_cast<std::size_t>(k)].front().lo;
        const std::vector<IndexRange> held = valueAt(t.to, t.start);
        const bool left = !held.empty() && held.back().hi + 1 == lo;
        out += proc(t.from);
        out += " is idle; ";
        if (!left) {
            // The rule prefers the left neighbour: say why it was not chosen.
            if (lo == 0) {
                out += "it has no left neighbour and ";
            } else {
                out += "its left neighbour ";
                out += proc(holderAt(lo - 1, t.start));
                out += " is busy and ";
            }
        }
        out += left ? "its left neighbour " : "its right neighbour ";
        out += proc(t.to);
        out += " holding ";
        out += formatRuns(held);
        out += " is idle, so ";
        break;
    }
    case AlgorithmId::BinomialStat:
        out += "round ";
        out += std::to_string(receptionNumber(t.to, t.from));
        out += " of ";
        out += proc(t.to);
        out += ": ";
        break;
    case AlgorithmId::Ep:
    case AlgorithmId::Snf:
    case AlgorithmId::Optimum:
        out += "next in the sender order and two processors are free: ";
        break;
    case AlgorithmId::FibonacciStat:
        out += "reception ";
        out += std::to_string(receptionNumber(t.to, t.from));
        out += " of ";
        out += std::to_string(m_plan->receptionCount(t.to));
        out += " planned for ";
        out += proc(t.to);
        out += ": ";
        break;
    }
    out += proc(t.from);
    out += " sends ";
    out += transferValue(k);
    out += " to ";
    out += proc(t.to);
    return out;
}

std::string Narrator::transferEnd(int k) const {
    const TransferOp& t = transfer(k);
    std::string out = prefix(t.end);
    out += transferValue(k);
    out += " arrives at ";
    out += proc(t.to);
    const int red = m_reductionOf[static_cast<std::size_t>(k)];
    if (red >= 0 && reduction(red).start > t.end) {
        out += "; it waits for ";
        out += proc(t.to);
        out += "'s previous reduction";
    } else {
        out += "; ";
        out += proc(t.to);
        out += " reduces it";
    }
    return out;
}

std::string Narrator::reductionStart(int k) const {
    const ReductionOp& r = reduction(k);
    std::string out = prefix(r.start);
    out += proc(r.proc);
    if (r.start > transfer(r.transfer).end) {
        out += " has finished its previous reduction and starts merging the waiting ";
    } else {
        out += " starts merging ";
    }
    out += transferValue(r.transfer);
    out += " into its ";
    out += valueBefore(k);
    return out;
}

std::string Narrator::reductionEnd(int k) const {
    const ReductionOp& r = reduction(k);
    const int p = r.proc;
    std::string out = prefix(r.end);
    out += proc(p);
    out += " now holds ";
    out += reductionValue(k);
    const auto& v = m_values.reductions[static_cast<std::size_t>(k)];
    if (v.size() == 1 && v.front().lo == 0 && v.front().hi == m_s.n - 1) {
        out += "; the reduction is complete";
        return out;
    }
    const int send = m_sendOf[static_cast<std::size_t>(p)];
    const bool sendsNow = send >= 0 && transfer(send).start == r.end;
    if (!isDynamic(m_algo) && reductionsOn(p).back() != k) {
        return out; // more planned receptions to come: nothing to decide yet
    }
    if (sendsNow) {
        out += " and sends it to ";
        out += proc(transfer(send).to);
    } else if (m_algo == AlgorithmId::TreeDyn) {
        // In the dynamic algorithms a processor receives only when idle, so the end of each
        // of its reductions makes it idle again.
        out += " and enters the empty slot";
    } else if (m_algo == AlgorithmId::NonCommutTreeDyn) {
        out += " and waits: no idle neighbour";
    } else if (send >= 0) {
        out += " and";
        out += waitForParent(p);
    }
    return out;
}

std::vector<std::string> Narrator::start() const {
    std::vector<std::string> out;
    if (m_s.n == 1) {
        out.push_back(prefix(0.0) + "P0 alone holds [0,0]; there is nothing to reduce");
        return out;
    }
    // docs/model.md §3: every processor becomes available at time 0, in index order, before any
    // other event; no value has moved yet, so the rules alone decide who waits, whatever the costs.
    if (m_algo == AlgorithmId::TreeDyn) {
        bool slotFull = false;
        for (int p = 0; p < m_s.n; ++p) {
            if (!slotFull) {
                out.push_back(prefix(0.0) + proc(p) + " is idle and enters the empty slot");
            }
            slotFull = !slotFull; // the next one sends to p (a TransferStart event)
        }
    } else if (m_algo == AlgorithmId::NonCommutTreeDyn) {
        // The left neighbour P(p-1) is idle iff it waits; the right one has not started yet.
        bool leftWaits = false;
        for (int p = 0; p < m_s.n; ++p) {
            if (!leftWaits) {
                out.push_back(prefix(0.0) + proc(p) + " is idle and waits: no idle neighbour");
            }
            leftWaits = !leftWaits;
        }
    } else {
        for (int p = 0; p < m_s.n; ++p) {
            const int send = m_sendOf[static_cast<std::size_t>(p)];
            if (send >= 0 && reductionsOn(p).empty() && transfer(send).start > 0.0) {
                out.push_back(prefix(0.0) + proc(p) + " has nothing to receive and" +
                              waitForParent(p));
            }
        }
    }
    return out;
}

} // namespace

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

std::vector<std::string> narrate(const Schedule& s, const Algorithm& algo,
                                 const std::vector<TimelineEvent>& timeline) {
    const Narrator narrator(s, algo);
    std::vector<std::string> out;
    out.reserve(timeline.size());
    for (const TimelineEvent& e : timeline) {
        out.push_back(narrator.event(e));
    }
    return out;
}

std::vector<std::string> narrateStart(const Schedule& s, const Algorithm& algo) {
    return Narrator(s, algo).start();
}

std::vector<NarratedEvent> narrateRuns(const std::vector<const Schedule*>& schedules,
                                       const std::vector<Algorithm>& algorithms) {
    std::vector<NarratedEvent> merged;
    for (std::size_t i = 0; i < schedules.size(); ++i) {
        const std::vector<TimelineEvent> timeline = buildTimeline(*schedules[i]);
        const std::vector<std::string> lines = narrate(*schedules[i], algorithms[i], timeline);
        const std::string name = schedules.size() > 1 ? algorithms[i].name() + " · " : "";
        for (std::size_t k = 0; k < timeline.size(); ++k) {
            merged.push_back({timeline[k], static_cast<int>(i), name + lines[k]});
        }
    }
    std::stable_sort(merged.begin(), merged.end(),
                     [](const auto& a, const auto& b) { return a.event.time < b.event.time; });
    return merged;
}

std::string narrationText(const Schedule& s, const Algorithm& algo) {
    std::string out;
    const Narrator narrator(s, algo);
    for (const std::string& line : narrator.start()) {
        out += line;
        out += '\n';
    }
    for (const TimelineEvent& e : buildTimeline(s)) {
        out += narrator.event(e);
        out += '\n';
    }
    return out;
}

} // namespace rl
