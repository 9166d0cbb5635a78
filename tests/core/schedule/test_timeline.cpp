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

#include <QtTest>

#include <map>

using namespace rl;

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
QString causalViolation(const Schedule& s) {
    const std::vector<TimelineEvent> t = buildTimeline(s);
    if (t.size() != 2 * (s.transfers.size() + s.reductions.size())) {
        return "wrong event count";
    }
    for (std::size_t i = 1; i < t.size(); ++i) {
        if (t[i].time < t[i - 1].time) {
            return QString("time decreases at event %1").arg(i);
        }
    }
    auto pos = positions(t);
    const auto at = [&](EventKind k, int op) { return pos.at({static_cast<int>(k), op}); };
    std::vector<int> lastReduction(static_cast<std::size_t>(s.n), -1);
    std::vector<int> lastReception(static_cast<std::size_t>(s.n), -1);
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        const int op = static_cast<int>(k);
        if (at(EventKind::TransferStart, op) > at(EventKind::TransferEnd, op)) {
            return QString("transfer %1 ends before it starts").arg(k);
        }
        int& prev = lastReception[static_cast<std::size_t>(s.transfers[k].to)];
        if (prev >= 0 && at(EventKind::TransferEnd, prev) > at(EventKind::TransferStart, op)) {
            return QString("P%1 receives two transfers at once").arg(s.transfers[k].to);
        }
        prev = op;
    }
    for (std::size_t r = 0; r < s.reductions.size(); ++r) {
        const int op = static_cast<int>(r);
        const ReductionOp& red = s.reductions[r];
        if (at(EventKind::ReductionStart, op) > at(EventKind::ReductionEnd, op)) {
            return QString("reduction %1 ends before it starts").arg(r);
        }
        if (at(EventKind::TransferEnd, red.transfer) > at(EventKind::ReductionStart, op)) {
            return QString("reduction %1 starts before its transfer ends").arg(r);
        }
        int& prev = lastReduction[static_cast<std::size_t>(red.proc)];
        if (prev >= 0 && at(EventKind::ReductionEnd, prev) > at(EventKind::ReductionStart, op)) {
            return QString("P%1 runs two reductions at once").arg(red.proc);
        }
        prev = op;
    }
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        const int last = lastReduction[static_cast<std::size_t>(s.transfers[k].from)];
        if (last >= 0 &&
            at(EventKind::ReductionEnd, last) > at(EventKind::TransferStart, static_cast<int>(k))) {
            return QString("P%1 sends before its last reduction ends").arg(s.transfers[k].from);
        }
    }
    return {};
}

QString keyOf(const Algorithm& info) {
    return QString::fromLatin1(info.key().data(), static_cast<qsizetype>(info.key().size()));
}

} // namespace

class TestTimeline : public QObject {
    Q_OBJECT
  private slots:
    void causalOrderOnRandomRunsWithTies_data() {
        QTest::addColumn<QString>("comm");
        QTest::addColumn<QString>("comp");
        QTest::newRow("gamma") << "gamma:1:1"
                               << "gamma:0.5:1";
        QTest::newRow("zero reductions") << "gamma:1:1"
                                         << "const:0";
        QTest::newRow("bernoulli both") << "bernoulli:1:2"
                                        << "bernoulli:1:1";
        QTest::newRow("constant ties") << "const:1"
                                       << "const:1";
        QTest::newRow("zero transfers") << "const:0"
                                        << "gamma:1:1";
        QTest::newRow("all zero") << "const:0"
                                  << "const:0";
        QTest::newRow("gamma cv 10") << "gamma:1:10"
                                     << "gamma:1:10";
    }
    void causalOrderOnRandomRunsWithTies() {
        QFETCH(QString, comm);
        QFETCH(QString, comp);
        const CostModel costs =
            CostModel::perOperation(parseLaw(comm.toStdString()), parseLaw(comp.toStdString()));
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
                        const QString v = causalViolation(s);
                        QVERIFY2(v.isEmpty(), qPrintable(QString("%1 n=%2 nc=%3 rep=%4: %5")
                                                             .arg(keyOf(info))
                                                             .arg(n)
                                                             .arg(nc)
                                                             .arg(rep)
                                                             .arg(v)));
                        ++runs;
                    }
                }
            }
        }
        QVERIFY(runs > 100);
    }

    // The example: Liu-Wang Fig. 1 with SNF, reductions of cost 0. At t = 2 P4 merges
    // [5,5] into its [4,4] and only then holds [4,5] and sends it; the run is complete only
    // after its last merge started. The narration tells the events in that order.
    void liuWangFigureOneNarratedInCausalOrder() {
        const CostModel costs = CostModel::fixedMatrix(FixedCosts::liuWangFig1());
        for (const Algorithm& info : allAlgorithms()) {
            if (!info.clairvoyant() && !info.isStatic() && info != AlgorithmId::TreeDyn) {
                continue;
            }
            Simulator sim(info, costs.fixed->n, false, costs);
            Narration narration;
            const Schedule s = sim.narratedSchedule(1, 0, narration);
            const QString v = causalViolation(s);
            QVERIFY2(v.isEmpty(), qPrintable(keyOf(info) + ": " + v));
            // Per processor: "starts merging" never follows a sentence where it sends.
            std::map<std::string, bool> sent;
            for (const NarrationEntry& entry : narration) {
                const std::string& line = entry.text;
                const auto colon = line.find(": P");
                if (colon == std::string::npos) {
                    continue;
                }
                const std::string who =
                    line.substr(colon + 2, line.find(' ', colon + 2) - colon - 2);
                if (line.find("starts merging") != std::string::npos) {
                    QVERIFY2(!sent[who], line.c_str());
                }
                if (line.find(who + " sends") != std::string::npos ||
                    line.find(who + " is idle and sends") != std::string::npos) {
                    sent[who] = true;
                }
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestTimeline)
#include "test_timeline.moc"
