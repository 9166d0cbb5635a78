// `reducelab-cli run|sweep|plot --html FILE`: one self-contained web page of a run (one
// algorithm, or up to four in compare mode from --algo A,B or a --scenario file) or of an
// analysis figure, written beside the usual outputs (the schedule's CSV is the same with or
// without it), and refused in one line (exit 2, no file) when the run is too large, the path
// is bad or the options do not go together: before any computation.
#include "../core/web/web_page_data.h"
#include "cli_process.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using nlohmann::json;
using rl::test::CliResult;
using rl::test::runCli;

namespace {

const QString kExamples = QStringLiteral(REDUCELAB_TEST_DATA "/../../resources/examples");

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

json data(const QString& path) {
    return rl::test::pageData(readAll(path).toStdString());
}

// A refusal: exit 2, one line naming the problem, nothing on standard output.
void refused(const CliResult& r, const QString& message) {
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    const QString err = QString::fromUtf8(r.err).trimmed();
    QVERIFY2(!err.contains(QLatin1Char('\n')), qPrintable(err));
    QVERIFY2(err.contains(message), qPrintable(err));
}

} // namespace

class TestCliHtml : public QObject {
    Q_OBJECT
  private slots:
    // One algorithm: the page beside the schedule, whose CSV does not change.
    void runWritesItsPage() {
        QTemporaryDir dir;
        const QStringList run{"run", "--algo", "tree-dyn", "--n", "16", "--seed", "4"};
        const CliResult plain = runCli(run);
        QCOMPARE(plain.exitCode, 0);
        const QString page = dir.filePath(QStringLiteral("run.html"));
        const CliResult r = runCli(run + QStringList{"--html", page, "--title", "Lecture 3"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, plain.out);
        QVERIFY(readAll(page).startsWith("<!DOCTYPE html>"));
        const json d = data(page);
        QCOMPARE(d["title"].get<std::string>(), std::string("Lecture 3"));
        QCOMPARE(d["program"].get<std::string>(), std::string("reducelab-cli"));
        QCOMPARE(d["runs"].size(), std::size_t(1));
        QCOMPARE(d["runs"][0]["n"].get<int>(), 16);
        QCOMPARE(d["runs"][0]["transfers"].size(), std::size_t(15));
        // The scenario the page saves is the GUI's file of this run.
        const json scenario = json::parse(d["scenario"]["file"].get<std::string>());
        QCOMPARE(scenario["format"].get<std::string>(), std::string("reducelab-scenario"));
        QCOMPARE(scenario["seed"].get<std::string>(), std::string("4"));
        QCOMPARE(scenario["algorithms"][0].get<std::string>(), std::string("tree-dyn"));
    }

    // Compare mode: several algorithms on common random numbers, from --algo or a scenario
    // file (the demo), the page only.
    void compareModeWritesThePageOnly() {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("a.html"));
        CliResult r =
            runCli({"run", "--algo", "binomial,fibonacci,tree-dyn,nctd", "--n", "16", "--html", a});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(data(a)["runs"].size(), std::size_t(4));
        QCOMPARE(data(a)["title"].get<std::string>(),
                 std::string("Binomial-stat, Fibonacci-stat, Tree-dyn and Non-Commut-Tree-dyn, "
                             "n = 16"));
        const QString demo = dir.filePath(QStringLiteral("demo.html"));
        r = runCli({"run", "--scenario", kExamples + "/demo.json", "--html", demo});
        QCOMPARE(r.exitCode, 0);
        const json d = data(demo);
        QCOMPARE(d["runs"].size(), std::size_t(2));
        QCOMPARE(d["runs"][0]["name"].get<std::string>(), std::string("Fibonacci-stat"));
        QCOMPARE(d["runs"][1]["name"].get<std::string>(), std::string("Tree-dyn"));
        QVERIFY(readAll(demo).size() <= 500 * 1000);
    }

    void refusals_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("too large") << QStringList{"run", "--algo", "tree-dyn", "--n", "2048"}
                                   << "web page: n = 2048 with 1 algorithm is 2048 processor rows";
        QTest::newRow("four too large")
            << QStringList{"run", "--algo", "binomial,fibonacci,tree-dyn,nctd", "--n", "512"}
            << "web page: n = 512 with 4 algorithms is 2048 processor rows";
        QTest::newRow("five algorithms")
            << QStringList{"run", "--algo", "binomial,fibonacci,tree-dyn,nctd,ep", "--n", "8"}
            << "compare at most four algorithms";
        QTest::newRow("compare with a figure")
            << QStringList{"run", "--algo", "binomial,tree-dyn", "--n", "8", "--gantt", "g.png"}
            << "run: --gantt is for one schedule; with several algorithms (compare mode) write "
               "them as a web page, --html FILE";
        QTest::newRow("scenario with --n")
            << QStringList{"run", "--scenario", kExamples + "/demo.json", "--n", "8"}
            << "run: --scenario holds the platform, the algorithms, the seed and the replicate: "
               "leave out --n";
    }
    // Refused before the run (a second at most, nothing written), the file already there kept.
    void refusals() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString page = dir.filePath(QStringLiteral("page.html"));
        QFile f(page);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("kept");
        f.close();
        QElapsedTimer clock;
        clock.start();
        refused(runCli(args + QStringList{"--html", page}), message);
        QVERIFY(clock.elapsed() < 5000);
        QCOMPARE(readAll(page), QByteArray("kept"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }

    void optionsThatNeedAPage() {
        refused(runCli({"run", "--algo", "tree-dyn", "--n", "8", "--title", "x"}),
                "run: --title names the web page: add --html FILE");
        refused(runCli({"run", "--algo", "tree-dyn,binomial", "--n", "8"}),
                "run: several algorithms (compare mode) are shown as a web page: add --html FILE");
        refused(runCli({"run", "--algo", "tree-dyn", "--n", "8", "--html", "/nonexistent/p.html"}),
                "--html");
    }

    // sweep --html: the figure's page; plot --html: the same page from the results file.
    void figurePages() {
        QTemporaryDir dir;
        const QString results = dir.filePath(QStringLiteral("r.csv"));
        const QString swept = dir.filePath(QStringLiteral("sweep.html"));
        const QString plotted = dir.filePath(QStringLiteral("plot.html"));
        CliResult r = runCli({"sweep", "fig5", "--n", "8", "--cv", "0.1:3:3", "--ratio", "0.5:2:2",
                              "--replicates", "64", "--threads", "2", "--quiet", "--out", results,
                              "--html", swept});
        QCOMPARE(r.exitCode, 0);
        const json s = data(swept);
        QCOMPARE(s["figure"].get<std::string>(), std::string("fig5"));
        QCOMPARE(s["cells"].size(), std::size_t(6));
        r = runCli({"plot", results, "--html", plotted});
        QCOMPARE(r.exitCode, 0);
        const json p = data(plotted);
        QCOMPARE(p["figure"].get<std::string>(), std::string("fig5"));
        // The same numbers: the results file reads back exactly (its paired analyses too).
        QCOMPARE(p["cells"], s["cells"]);
        QCOMPARE(p["title"], s["title"]);
        refused(runCli({"plot", results, "--html", results}), "r.csv");
        refused(runCli({"plot", results}),
                "plot: ask for at least one figure: --png, --svg, --pdf or --html FILE");
    }
};

QTEST_GUILESS_MAIN(TestCliHtml)
#include "test_cli_html.moc"
