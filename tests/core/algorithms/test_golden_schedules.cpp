// Golden schedules: the n = 8 schedules of the four algorithms with constant costs, operation by
// operation, against files under tests/data/golden/. Any change of a time, an endpoint, an order
// or a carried value fails the test.
//
// Format: "kind,processor,peer,start,end,value", transfers in start order (processor = sender,
// peer = receiver), then reductions in start order (processor = the reducing processor, peer =
// the sender of the value it merges); value is formatRuns() of the carried value / the value
// after the reduction, quoted because it contains commas; times are shortest round-trip decimals.
//
// The files were generated once by the simulator, then checked by hand against docs/model.md §3-§4:
// - binomial, tree-dyn, nctd (d = c = 1): the same tree. Round 1: 1->0, 3->2, 5->4, 7->6 over
//   [0,1), reductions [1,2); round 2: 2->0 carrying [2,3] and 6->4 carrying [6,7] over [2,3),
//   reductions [3,4); round 3: 4->0 carrying [4,7] over [4,5), reduction [5,6) leaving [0,7].
//   Makespan 6 = 3 (c + d). For Tree-dyn this is the slot rule with the events handled in index
//   order (P0 takes the slot, P1 sends to it, P2 takes it, ...); for Non-Commut-Tree-dyn the same
//   order with the left-neighbour rule (at time 2, P0 finds [2,3] not yet idle and waits, P2
//   sends to its idle left neighbour P0).
// - fibonacci (d = c = 1): P0 receives from 1, 2, 3, 5 in that order over [0,1), [1,2), [2,3),
//   [3,4); P3 receives from 4; P5 from 6 then 7. Reception j overlaps the reduction of j-1 (2->0
//   starts at 1 while [0,1] is being reduced). 3 sends [3,4], 5 sends [5,7]; P0 reduces over
//   [1,2) [2,3) [3,4) [4,5): makespan 5 = d + (k-1) max(d,c) + c with k = 4.
// - fibonacci (d = 1, c = 0.5): the same transfers at the same times (max(d, c) = d), reductions
//   of 0.5; 3->0 starts at 2 when P0's previous reception ends, 5->0 at 3; the last reduction is
//   [4, 4.5): makespan 4.5 = 1 + 3 x 1 + 0.5.
// The structural checks below re-derive these makespans and P0's reception order from the files
// themselves, so a golden file regenerated from a broken simulator cannot pass unnoticed.
#include "algorithms/simulator.h"
#include "base/text_util.h"

#include <QtTest>

#include <algorithm>
#include <map>
#include <vector>

using namespace rl;

namespace {

std::string goldenCsv(const Schedule& s) {
    const Schedule::Values v = s.allValues();
    std::string out = "kind,processor,peer,start,end,value\n";
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        const TransferOp& t = s.transfers[k];
        out += "transfer," + std::to_string(t.from) + "," + std::to_string(t.to) + "," +
               formatNumber(t.start) + "," + formatNumber(t.end) + ",\"" +
               formatRuns(v.transfers[k]) + "\"\n";
    }
    for (std::size_t k = 0; k < s.reductions.size(); ++k) {
        const ReductionOp& r = s.reductions[k];
        const int from = s.transfers[static_cast<std::size_t>(r.transfer)].from;
        out += "reduction," + std::to_string(r.proc) + "," + std::to_string(from) + "," +
               formatNumber(r.start) + "," + formatNumber(r.end) + ",\"" +
               formatRuns(v.reductions[k]) + "\"\n";
    }
    return out;
}

QStringList readGolden(const QString& name) {
    QFile f(QStringLiteral(REDUCELAB_TEST_DATA "/golden/") + name);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
        return {};
    }
    return QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
}

Schedule constantRun(const Algorithm& a, double d, double c, bool nc) {
    Simulator sim(a, 8, nc, CostModel::perOperation(Law::constant(d), Law::constant(c)));
    return sim.schedule(1, 0);
}

// Compares line by line, so that a failure names the first operation that changed.
void compareWithGolden(const Schedule& s, const QString& file) {
    const QStringList golden = readGolden(file);
    QVERIFY2(!golden.isEmpty(), qPrintable("missing golden file " + file));
    const QStringList actual = QString::fromStdString(goldenCsv(s)).split('\n', Qt::SkipEmptyParts);
    for (qsizetype i = 0; i < std::min(golden.size(), actual.size()); ++i) {
        QVERIFY2(actual[i] == golden[i], qPrintable(QString("%1 line %2: got '%3', golden '%4'")
                                                        .arg(file)
                                                        .arg(i + 1)
                                                        .arg(actual[i], golden[i])));
    }
    QCOMPARE(actual.size(), golden.size());
}

struct Op {
    QString kind;
    int proc = 0;
    int peer = 0;
    double start = 0.0;
    double end = 0.0;
    QString value;
};

std::vector<Op> parseGolden(const QString& file) {
    std::vector<Op> ops;
    const QStringList lines = readGolden(file);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QString& line = lines[i];
        const qsizetype quote = line.indexOf('"');
        const QStringList f = line.left(quote).split(',');
        ops.push_back({f[0], f[1].toInt(), f[2].toInt(), f[3].toDouble(), f[4].toDouble(),
                       line.mid(quote + 1, line.size() - quote - 2)});
    }
    return ops;
}

} // namespace

class TestGoldenSchedules : public QObject {
    Q_OBJECT
  private slots:
    void schedulesMatchGolden_data() {
        QTest::addColumn<int>("algorithm");
        QTest::addColumn<double>("c");
        QTest::addColumn<bool>("nonCommutative");
        QTest::addColumn<QString>("file");
        QTest::newRow("binomial") << int(AlgorithmId::BinomialStat) << 1.0 << false
                                  << "binomial_n8_c1_d1.csv";
        QTest::newRow("fibonacci")
            << int(AlgorithmId::FibonacciStat) << 1.0 << false << "fibonacci_n8_c1_d1.csv";
        QTest::newRow("tree-dyn") << int(AlgorithmId::TreeDyn) << 1.0 << false
                                  << "tree-dyn_n8_c1_d1.csv";
        QTest::newRow("nctd") << int(AlgorithmId::NonCommutTreeDyn) << 1.0 << false
                              << "nctd_n8_c1_d1.csv";
        QTest::newRow("fibonacci c=0.5")
            << int(AlgorithmId::FibonacciStat) << 0.5 << false << "fibonacci_n8_c0.5_d1.csv";
        // The algorithms valid for a non-commutative operation build the same schedule in that
        // mode: the mode only adds the adjacency check, it must not change a decision.
        QTest::newRow("binomial non-commutative")
            << int(AlgorithmId::BinomialStat) << 1.0 << true << "binomial_n8_c1_d1.csv";
        QTest::newRow("fibonacci non-commutative")
            << int(AlgorithmId::FibonacciStat) << 1.0 << true << "fibonacci_n8_c1_d1.csv";
        QTest::newRow("nctd non-commutative")
            << int(AlgorithmId::NonCommutTreeDyn) << 1.0 << true << "nctd_n8_c1_d1.csv";
        QTest::newRow("fibonacci c=0.5 non-commutative")
            << int(AlgorithmId::FibonacciStat) << 0.5 << true << "fibonacci_n8_c0.5_d1.csv";
    }
    void schedulesMatchGolden() {
        QFETCH(int, algorithm);
        QFETCH(double, c);
        QFETCH(bool, nonCommutative);
        QFETCH(QString, file);
        const Schedule s = constantRun(static_cast<AlgorithmId>(algorithm), 1.0, c, nonCommutative);
        QCOMPARE(s.nonCommutative, nonCommutative);
        compareWithGolden(s, file);
    }

    // The golden files themselves against docs/model.md: 7 transfers and 7 reductions, the
    // closed-form makespan as the last end, and [0,7] as the root's final value.
    void goldenFilesAgreeWithSpec_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("makespan");
        QTest::newRow("binomial") << "binomial_n8_c1_d1.csv" << 6.0;
        QTest::newRow("tree-dyn") << "tree-dyn_n8_c1_d1.csv" << 6.0;
        QTest::newRow("nctd") << "nctd_n8_c1_d1.csv" << 6.0;
        QTest::newRow("fibonacci") << "fibonacci_n8_c1_d1.csv" << 5.0;
        QTest::newRow("fibonacci c=0.5") << "fibonacci_n8_c0.5_d1.csv" << 4.5;
    }
    void goldenFilesAgreeWithSpec() {
        QFETCH(QString, file);
        QFETCH(double, makespan);
        const std::vector<Op> ops = parseGolden(file);
        QCOMPARE(ops.size(), std::size_t{14});
        double last = 0.0;
        for (std::size_t k = 0; k < ops.size(); ++k) {
            QCOMPARE(ops[k].kind, QString(k < 7 ? "transfer" : "reduction"));
            last = std::max(last, ops[k].end);
        }
        QCOMPARE(last, makespan);
        QCOMPARE(ops.back().proc, 0);
        QCOMPARE(ops.back().value, QString("[0,7]"));
    }

    // docs/model.md §4's example: with Fibonacci-stat, P0 receives from 1, 2, 3, 5 in that order; 3
    // from 4; 5 from 6 then 7.
    void goldenFibonacciReceptionOrder() {
        for (const QString& file :
             {QString("fibonacci_n8_c1_d1.csv"), QString("fibonacci_n8_c0.5_d1.csv")}) {
            std::map<int, std::vector<int>> receptions;
            for (const Op& op : parseGolden(file)) {
                if (op.kind == "transfer") {
                    receptions[op.peer].push_back(op.proc);
                }
            }
            QCOMPARE(receptions[0], (std::vector<int>{1, 2, 3, 5}));
            QCOMPARE(receptions[3], (std::vector<int>{4}));
            QCOMPARE(receptions[5], (std::vector<int>{6, 7}));
        }
    }

    // docs/model.md §6: for n = 8 Binomial-stat, Tree-dyn and Non-Commut-Tree-dyn build the same
    // schedule.
    void threeGoldenTreesAreIdentical() {
        const QStringList binomial = readGolden("binomial_n8_c1_d1.csv");
        QVERIFY(!binomial.isEmpty());
        QCOMPARE(readGolden("tree-dyn_n8_c1_d1.csv"), binomial);
        QCOMPARE(readGolden("nctd_n8_c1_d1.csv"), binomial);
    }
};

QTEST_APPLESS_MAIN(TestGoldenSchedules)
#include "test_golden_schedules.moc"
