// `reducelab-cli theory ...` as a user meets it: SNF and optimum schedules ending with
// `makespan VALUE` (Liu-Wang Fig. 1 and Fig. 8), the Markov and ratio CSVs, exit 2 with a
// one-line message on bad input, and --help on every subcommand.
#include <QtTest>

#include <QProcess>
#include <QTemporaryDir>

#include "cli_process.h"

using rl::test::CliResult;
using rl::test::lines;
using rl::test::runCli;

namespace {

double lastMakespan(const QByteArray& out) {
    const QString last = lines(out).last();
    if (!last.startsWith("makespan ")) {
        return -1.0;
    }
    return last.mid(9).toDouble();
}

} // namespace

class TestCliTheory : public QObject {
    Q_OBJECT
  private slots:
    void snfOnFig1() {
        const CliResult r = runCli({"theory", "snf", "--times", "10,5,5,5,4,2,2"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(lastMakespan(r.out), 11.0);
        const QStringList l = lines(r.out);
        QCOMPARE(l.first(), QString("kind,processor,peer,start,end,duration,value"));
        // 6 transfers, 6 reductions, the sender line and the makespan line.
        QCOMPARE(l.size(), 1 + 12 + 2);
        QCOMPARE(l[l.size() - 2], QString("senders P1 P2 P3 P4 P5 P6"));
        // The preset gives the same cluster.
        QCOMPARE(runCli({"theory", "snf", "--preset", "liuwang-fig1"}).out, r.out);
    }

    void snfAndOptimumOnFig8() {
        const CliResult snf = runCli({"theory", "snf", "--preset", "liuwang-fig8:1.25"});
        QCOMPARE(snf.exitCode, 0);
        QCOMPARE(lastMakespan(snf.out), 4.25);
        const CliResult opt = runCli({"theory", "optimum", "--preset", "liuwang-fig8:1.25"});
        QCOMPARE(opt.exitCode, 0);
        QVERIFY(lastMakespan(opt.out) < 4.25);
        QVERIFY(lastMakespan(opt.out) > 0.0);
        const CliResult fig1 = runCli({"theory", "optimum", "--times", "10,5,5,5,4,2,2"});
        QCOMPARE(lastMakespan(fig1.out), 11.0);
    }

    void outIsAtomic() {
        QTemporaryDir dir;
        const QString path = dir.filePath("snf.csv");
        QCOMPARE(runCli({"theory", "snf", "--times", "3,1,2", "--out", path}).exitCode, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        // Root P0 (slowest); P2 sends over [0, 2), then P1 over [2, 3): only 3 processors.
        QCOMPARE(lastMakespan(f.readAll()), 3.0);
    }

    void markovCsv() {
        const CliResult r = runCli({"theory", "markov", "--n", "64,7", "--comm-mean", "1"});
        QCOMPARE(r.exitCode, 0);
        const QStringList l = lines(r.out);
        QCOMPARE(l.size(), 3);
        QCOMPARE(l[0], QString("n,comm_mean,comp_mean,chain_mean,chain_variance"));
        const QStringList row = l[1].split(',');
        QCOMPARE(row[0], QString("64"));
        QVERIFY(std::abs(row[3].toDouble() - 8.0857) < 5e-5);
        QVERIFY(std::abs(row[4].toDouble() - 3.2274) < 5e-5);
        // With a simulation: extra columns, |z| small for 20000 replicates (fixed seed).
        const CliResult sim =
            runCli({"theory", "markov", "--n", "9", "--comp-mean", "0.5", "--replicates", "20000"});
        QCOMPARE(sim.exitCode, 0);
        const QStringList cols = lines(sim.out)[1].split(',');
        QCOMPARE(cols.size(), 9);
        QVERIFY2(std::abs(cols[8].toDouble()) < 4.0, sim.out.constData());
    }

    void ratiosCsv() {
        const CliResult r = runCli({"theory", "ratios", "--n", "16", "--D", "4", "--c", "0.5"});
        QCOMPARE(r.exitCode, 0);
        const QStringList l = lines(r.out);
        QVERIFY(l[0].startsWith("theorem,case,algorithm,bound,c,makespan,lower_bound,optimum,"
                                "ratio,reached,note"));
        QCOMPARE(l.size(), 13);
        QVERIFY(l[1].startsWith("Th. 1,c = 0,Binomial-stat,4,0,16,4,4,4,yes,"));
        QVERIFY(l[2].startsWith("Th. 1,c = 0,Tree-dyn,4,0,16,4,4,4,yes,"));
    }

    void badInput_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no subcommand") << QStringList{"theory"} << "subcommand is required";
        QTest::newRow("unknown subcommand") << QStringList{"theory", "foo"} << "unknown subcommand";
        QTest::newRow("bad time") << QStringList{"theory", "snf", "--times", "1,x"} << "'x'";
        QTest::newRow("negative time")
            << QStringList{"theory", "snf", "--times", "1,-2"} << "must be finite and >= 0";
        QTest::newRow("no cluster") << QStringList{"theory", "optimum"} << "exactly one of";
        QTest::newRow("not sender-only")
            << QStringList{"theory", "snf", "--preset", "homogeneous:1:1"} << "preset";
        QTest::newRow("too large")
            << QStringList{"theory", "optimum", "--times", "1,2,3,4,5,6,7,8,9,10,11,12"}
            << "more than the limit";
        QTest::newRow("markov n") << QStringList{"theory", "markov", "--n", "0"} << "--n";
        QTest::newRow("markov mean")
            << QStringList{"theory", "markov", "--n", "4", "--comm-mean", "0"} << "mean";
        QTest::newRow("ratios D < d")
            << QStringList{"theory", "ratios", "--n", "4", "--D", "0.5"} << "D = 0.5";
        QTest::newRow("ratios n") << QStringList{"theory", "ratios"} << "--n N is required";
    }
    void badInput() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliResult r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
        QCOMPARE(lines(r.err).size(), 1);
    }

    void help() {
        for (const QString sub : {"markov", "ratios", "snf", "optimum"}) {
            const CliResult r = runCli({"theory", sub, "--help"});
            QCOMPARE(r.exitCode, 0);
            QVERIFY(r.out.contains("usage: reducelab-cli theory " + sub.toUtf8()));
        }
        QVERIFY(runCli({"theory", "--help"}).out.contains("subcommands:"));
        QVERIFY(runCli({"--help"}).out.contains("theory"));
    }
};

QTEST_APPLESS_MAIN(TestCliTheory)
#include "test_cli_theory.moc"
