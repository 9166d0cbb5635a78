// The command-line tool as a user meets it: exit codes and one-line errors for bad input (and no
// output file left behind), the shapes of the run/mc/sweep outputs, atomic --out, results that
// do not depend on the thread count, and the findings of the paper's Fig. 4 (docs/model.md §7) on a
// small sweep.
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <cmath>
#include <map>

#include "cli_process.h"

#include "experiment/monte_carlo.h"
#include "studies/platform_spec.h"

using rl::test::CliResult;
using rl::test::lines;
using rl::test::runCli;

namespace {

QStringList dirEntries(const QString& path) {
    return QDir(path).entryList(QDir::AllEntries | QDir::Hidden | QDir::System |
                                QDir::NoDotAndDotDot);
}

bool writeFile(const QString& path, const QByteArray& content) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(content) == content.size();
}

// One row of the mc / sweep CSV, by column name.
using Row = std::map<QString, QString>;

std::vector<Row> parseCsv(const QByteArray& text, QStringList* header = nullptr) {
    const QStringList l = lines(text);
    std::vector<Row> rows;
    if (l.isEmpty()) {
        return rows;
    }
    const QStringList h = l.front().split(',');
    if (header) {
        *header = h;
    }
    for (qsizetype i = 1; i < l.size(); ++i) {
        const QStringList f = l[i].split(',');
        Row row;
        for (qsizetype j = 0; j < h.size() && j < f.size(); ++j) {
            row[h[j]] = f[j];
        }
        row["#fields"] = QString::number(f.size());
        rows.push_back(row);
    }
    return rows;
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
  private:
    QTemporaryDir m_inputs; // matrix files the error cases read

  private slots:
    void initTestCase() {
        QVERIFY(QFile::exists(QStringLiteral(REDUCELAB_CLI)));
        QVERIFY(m_inputs.isValid());
        QVERIFY(writeFile(m_inputs.filePath("malformed.csv"), "0,1,2\n3,0,x\n5,6,0\n"));
        QVERIFY(writeFile(m_inputs.filePath("three.csv"), "0,1,2\n3,0,4\n5,6,0\n"));
    }

    void helpOfEveryVerb_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("top") << QStringList{"--help"};
        QTest::newRow("run") << QStringList{"run", "--help"};
        QTest::newRow("mc") << QStringList{"mc", "--help"};
        QTest::newRow("sweep") << QStringList{"sweep", "--help"};
        QTest::newRow("bench") << QStringList{"bench", "--help"};
        QTest::newRow("plot") << QStringList{"plot", "--help"};
        QTest::newRow("steady") << QStringList{"steady", "--help"};
        QTest::newRow("divisible") << QStringList{"divisible", "--help"};
    }

    // Long verbs report progress on standard error only when asked (--progress) or when it is
    // a terminal (never here: the test reads a pipe); --quiet wins; the numbers never change.
    void progressOfLongVerbs_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("shown");
        QTest::newRow("mc") << QStringList{"mc",           "--algo", "all",       "--n", "32",
                                           "--replicates", "200000", "--threads", "2"}
                            << "mc: done";
        QTest::newRow("sweep") << QStringList{"sweep",        "fig4", "--n",  "16",
                                              "--replicates", "2000", "--cv", "0.1:1:3"}
                               << "sweep fig4: done";
        QTest::newRow("bench") << QStringList{"bench", "--seconds", "0.01", "--n", "8"}
                               << "bench: done (";
        // A steady state of about a second (a heterogeneous complete graph of 32 processors):
        // its time elapsed is shown after half a second.
        QTest::newRow("steady")
            << QStringList{"steady", "--fixed-preset", "worstcase:1:3:0.5", "--n", "32", "--target",
                           "any"}
            << "steady: solved: ";
    }
    void progressOfLongVerbs() {
        QFETCH(QStringList, args);
        QFETCH(QString, shown);
        const CliResult plain = runCli(args);
        QCOMPARE(plain.exitCode, 0);
        QVERIFY2(plain.err.isEmpty(), plain.err.constData());
        const CliResult asked = runCli(args + QStringList{"--progress"});
        QCOMPARE(asked.exitCode, 0);
        QVERIFY2(asked.err.contains(shown.toUtf8()), asked.err.constData());
        QVERIFY(asked.err.endsWith('\n'));
        const CliResult quiet = runCli(args + QStringList{"--progress", "--quiet"});
        QVERIFY(quiet.err.isEmpty());
        if (QTest::currentDataTag() != QLatin1String("bench")) { // bench measures: it varies
            QCOMPARE(asked.out, plain.out);
            QCOMPARE(quiet.out, plain.out);
        }
    }
    void helpOfEveryVerb() {
        QFETCH(QStringList, args);
        const CliResult r = runCli(args);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("usage:"), r.out.constData());
        QVERIFY(r.err.isEmpty());
    }

    // Invalid input: exit 2, one line on stderr "reducelab-cli: error: ..." naming the problem,
    // nothing on stdout, and no output file (every case also asks for --out).
    void inputErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("expected");
        const QStringList run8{"run", "--algo", "binomial", "--n", "8"};
        QTest::newRow("unknown verb")
            << QStringList{"frobnicate"} << QStringList{"unknown verb 'frobnicate'"};
        QTest::newRow("unknown option")
            << run8 + QStringList{"--bogus", "1"} << QStringList{"unknown option --bogus"};
        QTest::newRow("missing --n")
            << QStringList{"run", "--algo", "binomial"} << QStringList{"--n N is required"};
        QTest::newRow("--n 0") << QStringList{"run", "--algo", "binomial", "--n", "0"}
                               << QStringList{"--n", "0 is out of range"};
        QTest::newRow("--n -3") << QStringList{"run", "--algo", "binomial", "--n", "-3"}
                                << QStringList{"--n", "-3 is out of range"};
        QTest::newRow("negative mean")
            << run8 + QStringList{"--comm", "gamma:-1:1"}
            << QStringList{"--comm", "mean must be a finite number >= 0"};
        QTest::newRow("nan mean") << run8 + QStringList{"--comm", "gamma:nan:1"}
                                  << QStringList{"--comm", "NaN"};
        QTest::newRow("uniform cv too large")
            << run8 + QStringList{"--comm", "uniform:1:0.9"} << QStringList{"--comm", "1/sqrt(3)"};
        QTest::newRow("bad --comp") << run8 + QStringList{"--comp", "gamma:1"}
                                    << QStringList{"--comp", "expected gamma:MEAN:CV"};
        QTest::newRow("unknown algorithm") << QStringList{"run", "--algo", "quicksort", "--n", "8"}
                                           << QStringList{"unknown algorithm 'quicksort'"};
        QTest::newRow("tree-dyn non-commutative")
            << QStringList{"run", "--algo", "tree-dyn", "--n", "8", "--noncommutative"}
            << QStringList{"Tree-dyn", "commutative"};
        QTest::newRow("malformed matrix")
            << QStringList{"run", "--algo", "binomial", "--matrix", "@/malformed.csv"}
            << QStringList{"malformed.csv:2:", "'x' is not a number"};
        QTest::newRow("matrix of another size")
            << QStringList{"run", "--algo", "binomial", "--matrix", "@/three.csv", "--n", "4"}
            << QStringList{"three.csv", "n = 3", "--n 4"};
        QTest::newRow("missing matrix file")
            << QStringList{"run", "--algo", "binomial", "--matrix", "@/absent.csv"}
            << QStringList{"absent.csv"};
        QTest::newRow("bad format")
            << run8 + QStringList{"--format", "xml"} << QStringList{"--format", "'xml'"};
        QTest::newRow("mc without --replicates") << QStringList{"mc", "--algo", "all", "--n", "8"}
                                                 << QStringList{"--replicates R is required"};
        QTest::newRow("mc repeated algorithm")
            << QStringList{"mc", "--algo", "nctd,nctd", "--n", "8", "--replicates", "10"}
            << QStringList{"'nctd' is listed twice"};
        QTest::newRow("mc quantiles out of order")
            << QStringList{"mc",           "--algo", "all",         "--n",    "8",
                           "--replicates", "10",     "--quantiles", "0.9,0.1"}
            << QStringList{"increasing order"};
        QTest::newRow("sweep unknown figure")
            << QStringList{"sweep", "fig7"} << QStringList{"unknown figure 'fig7'"};
        QTest::newRow("sweep bad grid")
            << QStringList{"sweep", "fig4", "--cv", "0:1:3"} << QStringList{"--cv", "bounds > 0"};
        QTest::newRow("bench growth with --n")
            << QStringList{"bench", "--growth", "--n", "8"} << QStringList{"--growth", "--n"};
        QTest::newRow("bench growth and breakdown")
            << QStringList{"bench", "--growth", "--breakdown"}
            << QStringList{"--growth", "--breakdown", "choose one"};
    }
    void inputErrors() {
        QFETCH(QStringList, args);
        QFETCH(QStringList, expected);
        QTemporaryDir outDir;
        QVERIFY(outDir.isValid());
        args.replaceInStrings(QRegularExpression("^@"), m_inputs.path());
        args << "--out" << outDir.filePath("out.csv");
        const CliResult r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.startsWith("reducelab-cli: error: "), qPrintable(err));
        QVERIFY2(err.endsWith('\n') && err.count('\n') == 1, qPrintable("not one line: " + err));
        for (const QString& e : expected) {
            QVERIFY2(err.contains(e), qPrintable(QString("'%1' lacks '%2'").arg(err.trimmed(), e)));
        }
        QCOMPARE(dirEntries(outDir.path()), QStringList{});
    }

    // bench --growth: one row per size, 16 to 65536, for the algorithms asked, each with a
    // positive cost per transfer (the values vary from run to run; only the shape is checked).
    // The help of run and mc prints the defaults the core defines, once each: the command
    // line's platform (PlatformSpec::cliDefault) and the experiment's options (McOptions).
    void helpPrintsTheCoresDefaults() {
        const rl::PlatformSpec platform = rl::PlatformSpec::cliDefault();
        const rl::McOptions options;
        const QString comm = QStringLiteral("(default %1)")
                                 .arg(QString::fromStdString(platform.transfer.toString()));
        const QString comp = QStringLiteral("(default %1)")
                                 .arg(QString::fromStdString(platform.reduction.toString()));
        for (const char* verb : {"run", "mc"}) {
            const CliResult r = runCli({verb, "--help"});
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.out.contains(comm.toUtf8()) && r.out.contains(comp.toUtf8()), verb);
        }
        const CliResult mc = runCli({"mc", "--help"});
        QVERIFY(mc.out.contains(
            QStringLiteral("histogram bins (default %1)").arg(options.histogramBins).toUtf8()));
        QVERIFY(mc.out.contains(
            QStringLiteral("(default %1)").arg(options.exactQuantileLimit).toUtf8()));
        QVERIFY(mc.out.contains("increasing (default 0.1,0.5,0.9)"));
        QCOMPARE(options.quantiles, (std::vector<double>{0.1, 0.5, 0.9}));
    }

    void benchGrowth() {
        const CliResult r =
            runCli({"bench", "--growth", "--algo", "tree-dyn", "--seconds", "0.01"});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = QString::fromUtf8(r.out).trimmed().split('\n');
        QCOMPARE(lines.value(0), QString("algorithm,n,cv,replicates,cpu_seconds,ns_per_transfer"));
        QCOMPARE(lines.size(), 8);
        const QStringList sizes{"16", "64", "256", "1024", "4096", "16384", "65536"};
        for (int i = 0; i < sizes.size(); ++i) {
            const QStringList f = lines[i + 1].split(',');
            QCOMPARE(f.size(), 6);
            QCOMPARE(f[0], QString("tree-dyn"));
            QCOMPARE(f[1], sizes[i]);
            QVERIFY2(f[5].toDouble() > 0.0, qPrintable(lines[i + 1]));
        }
    }
    // bench --breakdown: one row per algorithm and setting (CV 0.1, 1, 3, then reductions), the
    // run's share being the total less the draws (the values vary; their shape is checked).
    void benchBreakdown() {
        const CliResult r = runCli(
            {"bench", "--breakdown", "--algo", "nctd,binomial", "--n", "16", "--seconds", "0.03"});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = QString::fromUtf8(r.out).trimmed().split('\n');
        QCOMPARE(lines.value(0), QString("algorithm,n,cv,comp,replicates,total_ns,draw_ns,run_ns,"
                                         "run_same_draws_ns"));
        QCOMPARE(lines.size(), 9);
        const QStringList algos{"nctd", "binomial"};
        const QStringList cvs{"0.1", "1", "3", "1"};
        const QStringList comps{"const:0", "const:0", "const:0", "gamma:1:1"};
        for (int i = 0; i < 8; ++i) {
            const QStringList f = lines[i + 1].split(',');
            QCOMPARE(f.size(), 9);
            QCOMPARE(f[0], algos[i / 4]);
            QCOMPARE(f[1], QString("16"));
            QCOMPARE(f[2], cvs[i % 4]);
            QCOMPARE(f[3], comps[i % 4]);
            QVERIFY2(f[4].toLongLong() >= 64, qPrintable(lines[i + 1]));
            for (int k : {5, 6, 8}) {
                QVERIFY2(f[k].toDouble() > 0.0, qPrintable(lines[i + 1]));
            }
            // The run's time is the total less the draws': each of the three is rounded to a
            // tenth of a nanosecond (up to 0.05 off), so they agree within 0.15.
            const double rounding = 3 * 0.05 + 1e-9;
            QVERIFY2(std::abs(f[7].toDouble() - (f[5].toDouble() - f[6].toDouble())) <= rounding,
                     qPrintable(lines[i + 1]));
        }
    }
    void outIntoMissingDirectory() {
        QTemporaryDir outDir;
        const QString missing = outDir.filePath("no/such/dir");
        const CliResult r =
            runCli({"run", "--algo", "binomial", "--n", "8", "--out", missing + "/s.csv"});
        QCOMPARE(r.exitCode, 2);
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.startsWith("reducelab-cli: error: --out '") && err.contains(missing) &&
                     err.contains("No such file or directory") && err.count('\n') == 1,
                 qPrintable(err));
        QVERIFY(r.out.isEmpty());
        QCOMPARE(dirEntries(outDir.path()), QStringList{});
    }

    void runJson() {
        const CliResult r =
            runCli({"run", "--algo", "fibonacci", "--n", "8", "--comm", "gamma:1:0.5", "--comp",
                    "gamma:0.5:0.5", "--seed", "3", "--format", "json"});
        QCOMPARE(r.exitCode, 0);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QVERIFY(doc.isObject());
        const QJsonObject o = doc.object();
        QVERIFY(o.value("makespan").isDouble());
        QVERIFY(o.value("root").isDouble());
        QCOMPARE(o.value("n").toInt(), 8);
        const QJsonArray transfers = o.value("transfers").toArray();
        const QJsonArray reductions = o.value("reductions").toArray();
        QCOMPARE(transfers.size(), 7);
        QCOMPARE(reductions.size(), 7);
        const QJsonObject tree = o.value("tree").toObject();
        const QJsonArray parent = tree.value("parent").toArray();
        QCOMPARE(parent.size(), 8);
        const int root = o.value("root").toInt();
        QCOMPARE(parent.at(root).toInt(), -1);
        // The makespan is the last end of an operation; every non-root sends once, to its parent.
        double last = 0.0;
        for (const QJsonValue& v : transfers) {
            const QJsonObject t = v.toObject();
            QCOMPARE(parent.at(t.value("from").toInt()).toInt(), t.value("to").toInt());
            QVERIFY(t.value("end").toDouble() > t.value("start").toDouble());
            last = std::max(last, t.value("end").toDouble());
        }
        for (const QJsonValue& v : reductions) {
            last = std::max(last, v.toObject().value("end").toDouble());
        }
        QCOMPARE(o.value("makespan").toDouble(), last);
        QCOMPARE(reductions.last().toObject().value("value").toString(), QString("[0,7]"));
    }

    void runCsv() {
        const int n = 16;
        const CliResult r =
            runCli({"run", "--algo", "nctd", "--n", QString::number(n), "--comm", "gamma:1:0.5"});
        QCOMPARE(r.exitCode, 0);
        const QStringList l = lines(r.out);
        QCOMPARE(l.size(), 1 + 2 * (n - 1));
        QCOMPARE(l.front(), QString("kind,processor,peer,start,end,duration,value"));
        for (qsizetype i = 1; i < l.size(); ++i) {
            QVERIFY2(l[i].startsWith(i < n ? "transfer," : "reduction,"), qPrintable(l[i]));
        }
    }

    // The value column holds runs such as "[0,3] [6,7]", which contain commas: unquoted, a row
    // has more fields than the header and no CSV reader can load the file.
    void runCsvValueColumnIsOneField() {
        const CliResult r = runCli({"run", "--algo", "binomial", "--n", "8", "--comm", "const:1"});
        QCOMPARE(r.exitCode, 0);
        const QStringList l = lines(r.out);
        QVERIFY(l.size() > 1);
        QVERIFY2(l[1].endsWith("\"[1,1]\""), qPrintable(l[1]));
    }

    // --out writes the file atomically: the same bytes as standard output, nothing printed, and
    // no temporary file left beside it (also when it replaces an existing file).
    void outWritesOnlyTheFile() {
        QTemporaryDir outDir;
        QVERIFY(outDir.isValid());
        const QStringList args{"run",    "--algo", "tree-dyn", "--n", "12",
                               "--comm", "exp:1",  "--format", "json"};
        const CliResult toStdout = runCli(args);
        QCOMPARE(toStdout.exitCode, 0);
        const QString path = outDir.filePath("schedule.json");
        for (int pass = 0; pass < 2; ++pass) {
            const CliResult r = runCli(args + QStringList{"--out", path});
            QCOMPARE(r.exitCode, 0);
            QVERIFY(r.out.isEmpty());
            QVERIFY(r.err.isEmpty());
            QCOMPARE(dirEntries(outDir.path()), QStringList{"schedule.json"});
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll(), toStdout.out);
        }
        const CliResult mc =
            runCli({"mc", "--algo", "all", "--n", "8", "--replicates", "100", "--out",
                    outDir.filePath("mc.csv"), "--hist", outDir.filePath("hist.csv")});
        QCOMPARE(mc.exitCode, 0);
        QVERIFY(mc.out.isEmpty());
        QCOMPARE(dirEntries(outDir.path()), (QStringList{"hist.csv", "mc.csv", "schedule.json"}));
    }

    // Replicates are cut into fixed blocks merged in block order: one thread or two, the bytes
    // are the same.
    void mcIndependentOfThreads() {
        const QStringList args{"mc",          "--algo", "all",     "--n",          "16",  "--comm",
                               "gamma:1:0.5", "--comp", "const:0", "--replicates", "5000"};
        const CliResult one = runCli(args + QStringList{"--threads", "1"});
        const CliResult two = runCli(args + QStringList{"--threads", "2"});
        QCOMPARE(one.exitCode, 0);
        QCOMPARE(two.exitCode, 0);
        QCOMPARE(lines(one.out).size(), 5);
        QCOMPARE(one.out, two.out);
    }

    void mcColumns() {
        const CliResult r = runCli({"mc", "--algo", "all", "--n", "16", "--comm", "gamma:1:0.5",
                                    "--comp", "const:0", "--replicates", "5000", "--threads", "2"});
        QCOMPARE(r.exitCode, 0);
        QStringList header;
        const std::vector<Row> rows = parseCsv(r.out, &header);
        QCOMPARE(
            header,
            QString("algorithm,n,replicates,mean,variance,stderr,min,q10,q50,q90,max").split(','));
        QCOMPARE(rows.size(), std::size_t{4});
        const QStringList keys{"binomial", "fibonacci", "tree-dyn", "nctd"};
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const Row& row = rows[i];
            QCOMPARE(row.at("#fields"), QString("11"));
            QCOMPARE(row.at("algorithm"), keys[static_cast<qsizetype>(i)]);
            QCOMPARE(row.at("n"), QString("16"));
            QCOMPARE(row.at("replicates"), QString("5000"));
            auto v = [&](const char* c) { return row.at(c).toDouble(); };
            QVERIFY(v("min") <= v("q10") && v("q10") <= v("q50") && v("q50") <= v("q90") &&
                    v("q90") <= v("max"));
            QVERIFY(v("min") <= v("mean") && v("mean") <= v("max"));
            QVERIFY(std::abs(v("stderr") - std::sqrt(v("variance") / 5000.0)) <=
                    1e-9 * v("stderr"));
        }
    }

    // docs/model.md §7, Fig. 4 (n = 64, gamma(1, CV) transfers, no reduction cost), on 7 CVs from
    // 0.01 to 10 with 2000 replicates (about 0.2 s). Observed (seed 1), mean makespans:
    //
    //   CV       binomial  fibonacci  tree-dyn  nctd     nctd q90-q10  tree-dyn q90-q10
    //   0.01     6.0394    8.9992     6.0312    7.1403   0.987         0.049
    //   0.0316   6.1252    8.9974     6.0991    7.1560
    //   0.1      6.4021    8.9919     6.3185    7.2024
    //   0.316    7.3368    9.2332     6.6414    7.3933
    //   1        10.592    11.816     8.0082    9.0539
    //   3.16     23.208    24.050     19.552    20.780
    //   10       50.482    50.782     49.036    49.451   (max/min mean 1.036)
    //
    // The orderings are paired comparisons on common random numbers, so what matters is the SE
    // of the per-replicate difference, not of each mean. The narrowest margins are at CV 10:
    // binomial - nctd = 1.03 (paired SE 0.15), nctd - tree-dyn = 0.42 (paired SE 0.084), both
    // about 5 SE or more; at CV 0.01 binomial - tree-dyn = 0.0082 (paired SE 0.0001). The same
    // checks hold for seeds 1 to 12. Thresholds are the paper's claims, not fitted to the run:
    // Binomial-stat "close to" Tree-dyn for CV <= 0.1 is read as within 3% (observed at most 1.3%,
    // while the gap is 10-32% for 0.3 <= CV <= 3); the NCTD ribbon at CV 0.01 spans the extra
    // step it sometimes needs (about one transfer, observed 0.99), against Tree-dyn's spread of
    // 2.56 sigma ~ 0.05; "all converge" near CV 10 as a spread of the means below 25%.
    void sweepFig4Findings() {
        const CliResult r = runCli({"sweep", "fig4", "--replicates", "2000", "--cv", "0.01:10:7",
                                    "--threads", "2", "--seed", "1"});
        QCOMPARE(r.exitCode, 0);
        QStringList header;
        const std::vector<Row> rows = parseCsv(r.out, &header);
        QCOMPARE(header,
                 QString("cv,ratio,algorithm,n,replicates,mean,variance,stderr,min,q10,q50,q90,max")
                     .split(','));
        QCOMPARE(rows.size(), std::size_t{7 * 4});

        // point[cv index][algorithm] = row
        std::vector<std::map<QString, Row>> point(7);
        std::vector<double> cvs;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const Row& row = rows[i];
            QCOMPARE(row.at("#fields"), QString("13"));
            QCOMPARE(row.at("ratio"), QString("0"));
            QCOMPARE(row.at("n"), QString("64"));
            QCOMPARE(row.at("replicates"), QString("2000"));
            if (i % 4 == 0) {
                cvs.push_back(row.at("cv").toDouble());
            }
            QCOMPARE(row.at("cv").toDouble(), cvs.back());
            point[i / 4][row.at("algorithm")] = row;
        }
        for (std::size_t k = 0; k < cvs.size(); ++k) {
            const double expected = std::pow(10.0, -2.0 + 0.5 * static_cast<double>(k));
            QVERIFY2(std::abs(cvs[k] - expected) <= 1e-12 * expected,
                     qPrintable(QString::number(cvs[k])));
        }

        const QStringList algos{"binomial", "fibonacci", "tree-dyn", "nctd"};
        for (std::size_t k = 0; k < cvs.size(); ++k) {
            std::map<QString, double> mean;
            for (const QString& a : algos) {
                QVERIFY2(point[k].count(a), qPrintable(a));
                mean[a] = point[k].at(a).at("mean").toDouble();
            }
            const QString at = QString(" at CV %1: binomial %2 fibonacci %3 tree-dyn %4 nctd %5")
                                   .arg(cvs[k])
                                   .arg(mean["binomial"])
                                   .arg(mean["fibonacci"])
                                   .arg(mean["tree-dyn"])
                                   .arg(mean["nctd"]);
            for (const QString& a : algos) {
                if (a != "tree-dyn") {
                    QVERIFY2(mean["tree-dyn"] < mean[a],
                             qPrintable("Tree-dyn is not the best" + at));
                }
                if (a != "fibonacci" && cvs[k] <= 3.0) {
                    QVERIFY2(mean["fibonacci"] > mean[a],
                             qPrintable("Fibonacci-stat is not the worst" + at));
                }
            }
            const double binomialGap = mean["binomial"] / mean["tree-dyn"] - 1.0;
            if (cvs[k] <= 0.1 + 1e-9) {
                QVERIFY2(binomialGap < 0.03,
                         qPrintable("Binomial-stat is not close to Tree-dyn" + at));
            } else if (cvs[k] < 3.2) {
                QVERIFY2(binomialGap > 0.03,
                         qPrintable("Binomial-stat is as good as Tree-dyn" + at));
            }
            if (cvs[k] >= 0.5) {
                QVERIFY2(mean["nctd"] < mean["binomial"] && mean["nctd"] < mean["fibonacci"],
                         qPrintable("Non-Commut-Tree-dyn is not second" + at));
            }
        }
        auto ribbon = [&](const QString& a) {
            return point[0].at(a).at("q90").toDouble() - point[0].at(a).at("q10").toDouble();
        };
        QVERIFY2(ribbon("nctd") > 0.5, qPrintable(QString::number(ribbon("nctd"))));
        QVERIFY2(ribbon("tree-dyn") < 0.1, qPrintable(QString::number(ribbon("tree-dyn"))));
        double lo = INFINITY;
        double hi = 0.0;
        for (const QString& a : algos) {
            lo = std::min(lo, point[6].at(a).at("mean").toDouble());
            hi = std::max(hi, point[6].at(a).at("mean").toDouble());
        }
        QVERIFY2(hi / lo < 1.25, qPrintable(QString("max/min mean at CV 10: %1").arg(hi / lo)));
    }
};

QTEST_APPLESS_MAIN(TestCli)
#include "test_cli.moc"
