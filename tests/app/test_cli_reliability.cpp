// The reliability contract of the executables (README, Reliability), on the commands that broke
// it before: every one exits 0 with a correct result or 2 with one line naming the problem; no
// file is clobbered, truncated or left behind; nothing blocks; the GUI answers --help without a
// display and never waits on a dialog when it runs unattended.
#include "cli_process.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QRegularExpression>
#include <QtTest>

#include <csignal>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace rl::test;

namespace {

struct Outcome {
    int exitCode = -1;
    bool finished = false;
    QByteArray out;
    QByteArray err;
};

/// Runs a program with a time limit (a hang is a failure, not a stuck test run).
Outcome runProgram(const QString& program, const QStringList& args,
                   const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment(),
                   int timeoutMs = 60000) {
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    Outcome o;
    o.finished = p.waitForFinished(timeoutMs) && p.exitStatus() == QProcess::NormalExit;
    if (!o.finished) {
        p.kill();
        p.waitForFinished();
    }
    o.exitCode = p.exitCode();
    o.out = p.readAllStandardOutput();
    o.err = p.readAllStandardError();
    return o;
}

QStringList dirEntries(const QString& dir) {
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

QByteArray slurp(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void put(const QString& path, const QByteArray& data) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(data);
}

/// A refusal: exit 2, nothing on standard output, exactly one line on standard error that
/// contains `needle`.
void expectRefused(const CliResult& r, const QString& needle) {
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(r.exitCode == 2, qPrintable(QString("exit %1: %2").arg(r.exitCode).arg(err)));
    QVERIFY2(r.out.isEmpty(), r.out.constData());
    QVERIFY2(err.count('\n') == 1 && err.endsWith('\n'), qPrintable(err));
    QVERIFY2(err.startsWith("reducelab-cli: error: "), qPrintable(err));
    QVERIFY2(err.contains(needle), qPrintable(err + " lacks: " + needle));
}

QString senderOnly(int count) {
    QStringList t;
    for (int i = 0; i < count; ++i) {
        t << QStringLiteral("1");
    }
    return "senderonly:" + t.join(',');
}

/// The outputs of one verb, each "OPTION FILE".
struct VerbOutputsCase {
    const char* name;
    QStringList args;
    QStringList outputs;
};

/// Every verb with every output it writes (sweep's --out brings its sidecar FILE.json).
QList<VerbOutputsCase> everyVerbsOutputs() {
    return {
        {"run",
         {"run", "--algo", "binomial", "--n", "4", "--seconds", "0.5", "--fps", "2", "--size",
          "320x180"},
         {"--out o.csv", "--gantt g.png", "--tree t.svg", "--figure f.pdf", "--paje p.paje",
          "--narration n.txt", "--animation a.gif"}},
        {"mc",
         {"mc", "--algo", "binomial", "--n", "4", "--replicates", "50"},
         {"--out o.csv", "--hist h.csv"}},
        {"sweep",
         {"sweep", "fig4", "--n", "4", "--replicates", "50", "--cv", "1", "--quiet"},
         {"--out r.csv", "--png f.png", "--svg f.svg", "--pdf f.pdf"}},
        {"divisible", {"divisible", "--preset", "star"}, {"--out o.csv", "--gantt g.svg"}},
        {"steady", {"steady", "--preset", "ring:4"}, {"--out o.csv", "--gantt g.png"}},
        {"theory", {"theory", "markov", "--n", "8"}, {"--out o.csv"}},
        {"bench",
         {"bench", "--algo", "binomial", "--n", "8", "--seconds", "0.02", "--quiet"},
         {"--out o.csv"}},
    };
}

/// A checkpoint of `args` that records every point: the command fails at its commit (its
/// output is /dev/full) and keeps it.
void makeCompleteCheckpoint(QStringList args, const QString& checkpoint) {
    args << "--checkpoint" << checkpoint << "--out"
         << "/dev/full";
    expectRefused(runCli(args), "cannot write '/dev/full': No space left on device");
    QVERIFY(QFile::exists(checkpoint));
}

} // namespace

class TestCliReliability : public QObject {
    Q_OBJECT
  private slots:
    // Class 1: the kernels beyond the event queue's sorted-array limit (n > 512).
    void largePlatformsRun() {
        for (const QStringList& args :
             {QStringList{"mc", "--algo", "binomial", "--n", "513", "--replicates", "1",
                          "--threads", "1"},
              QStringList{"sweep", "fig4", "--n", "600", "--replicates", "1", "--cv", "1"},
              QStringList{"bench", "--n", "600", "--seconds", "0.02"}}) {
            const CliResult r = runCli(args);
            QVERIFY2(r.exitCode == 0, qPrintable(args.join(' ') + ": " + r.err));
            QVERIFY(!r.out.isEmpty());
        }
    }

    // Class 2: streaming quantiles with two workers (crashed in 18 runs of 20).
    void streamingWithTwoThreads() {
        for (int run = 0; run < 10; ++run) {
            const CliResult r = runCli({"mc", "--algo", "binomial", "--n", "2", "--replicates",
                                        "3000", "--exact-limit", "0", "--threads", "2"});
            QCOMPARE(r.exitCode, 0);
        }
    }

    // Classes 3, 8, 9: values the computations cannot hold are refused with the reason.
    void refusedInputs_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        QTest::newRow("tiny message size")
            << QStringList{"steady", "--preset", "ring:4", "--size", "2.2250738585072014e-308"}
            << "the message size = 2.2250738585072014e-308 is too small";
        QTest::newRow("huge message size")
            << QStringList{"steady", "--preset", "ring:4", "--size", "1.7976931348623157e308"}
            << "the message size = 1.7976931348623157e+308 is too large";
        QTest::newRow("replicates beyond memory")
            << QStringList{"mc",           "--algo",        "all",           "--n",          "8",
                           "--replicates", "1099511627776", "--exact-limit", "1099511627776"}
            << "more than the limit of 4 GiB";
        QTest::newRow("drawn matrix beyond memory")
            << QStringList{"run", "--algo", "binomial", "--n", "100000", "--draw-matrix"}
            << "a cost matrix for n = 100000 processors would need about 74.5 GiB";
        QTest::newRow("schedule beyond memory")
            << QStringList{"run", "--algo", "tree-dyn", "--n", "16777216"}
            << "recording the schedule of n = 16777216 processors would need about 8 GiB";
        QTest::newRow("long sender-only preset")
            << QStringList{"run", "--algo", "snf", "--preset", senderOnly(30000)}
            << "a cost matrix for n = 30000 processors";
        QTest::newRow("device as matrix")
            << QStringList{"run", "--algo", "binomial", "--n", "4", "--matrix", "/dev/zero"}
            << "cannot read '/dev/zero': not a regular file";
        QTest::newRow("reduction mean overflows")
            << QStringList{"run", "--algo", "binomial", "--n", "8", "--comp", "exp:1e308"}
            << "the mean = 1e+308 is too large";
        QTest::newRow("markov mean overflows")
            << QStringList{"theory", "markov", "--n", "8", "--comm-mean", "1e308"}
            << "Markov chain: the transfer mean = 1e+308 is too large";
        QTest::newRow("markov mean underflows")
            << QStringList{"theory", "markov", "--n", "8", "--comp-mean", "1e-320"}
            << "Markov chain: the reduction mean = 1e-320 is too small";
        QTest::newRow("sweep ratio overflows")
            << QStringList{"sweep",    "fig6",    "--ratio",      "1e300",
                           "--family", "uniform", "--replicates", "10"}
            << "--ratio grid '1e300' = 1e+300 is too large";
        QTest::newRow("degenerate gamma")
            << QStringList{"run", "--algo", "binomial", "--n", "8", "--comm", "gamma:1:1e150"}
            << "a gamma law needs CV <= 100";
        QTest::newRow("degenerate bernoulli")
            << QStringList{"mc", "--algo", "binomial",          "--n",
                           "8",  "--comm", "bernoulli:1:1e200", "--replicates",
                           "10"}
            << "a Bernoulli law needs CV <= 1e+06";
        // Class 10: a newline inside an argument is echoed escaped, on the one line.
        QTest::newRow("newline in an argument")
            << QStringList{"run", "--algo", "binomial", "--n", "8", "--comm", "gamma:1\nx"}
            << "'gamma:1\\nx'";
        QTest::newRow("newline in a verb") << QStringList{"ru\nn"} << "unknown verb 'ru\\nn'";
    }
    void refusedInputs() {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        expectRefused(runCli(args), needle);
    }

    // Class 3: link costs that made GLPK abort are refused before any linear program.
    void extremeGraphsRefused() {
        QTemporaryDir dir;
        for (const char* cost : {"1e300", "1e-300"}) {
            const QString path = dir.filePath(QStringLiteral("g.csv"));
            put(path, QStringLiteral("0,%1\n%1,0\n1,1\n").arg(cost).toUtf8());
            expectRefused(runCli({"steady", "--graph", path}), "link c(0,1)");
            const QString matrix = dir.filePath(QStringLiteral("m.csv"));
            put(matrix, QStringLiteral("0,%1\n%1,0\n").arg(cost).toUtf8());
            expectRefused(runCli({"steady", "--matrix", matrix}), "cost matrix: d[0][1]");
        }
    }

    // Found by fuzzing: costs from 1 to 1e27 in one graph made GLPK's simplex cycle for ever;
    // refused at once with the range (and the simplex's iterations are capped).
    void badlyScaledGraphRefusedAtOnce() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("g.csv"));
        put(path, "0,2,1\n1,0,4\n2,1000000000000000000000000000,51\n7,0,1\n");
        expectRefused(runCli({"steady", "--graph", path}),
                      "coefficients range from 1 to 1e+27, more than 1e+12 apart");
    }

    // Classes 6 and 11: special files are neither clobbered as outputs nor block as inputs.
    void specialFiles() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("fifo"));
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        expectRefused(runCli({"run", "--algo", "binomial", "--n", "8", "--out", fifo}),
                      "is a FIFO, not a regular file");
        expectRefused(runCli({"run", "--algo", "binomial", "--n", "8", "--matrix", fifo}),
                      "not a regular file");
        expectRefused(runCli({"steady", "--graph", fifo}), "not a regular file");
        struct stat st {};
        QCOMPARE(::stat(fifo.toLocal8Bit().constData(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode));
        // A character device is written in place, never replaced by a file.
        const CliResult r = runCli({"run", "--algo", "binomial", "--n", "8", "--out", "/dev/null"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(::stat("/dev/null", &st), 0);
        QVERIFY(S_ISCHR(st.st_mode));
    }

    // Class 7: every output is checked before any computation, and none is written when one
    // is refused; an output naming an input is refused.
    void allOrNothing() {
        QTemporaryDir dir;
        const QString paje = dir.filePath(QStringLiteral("p.paje"));
        const QString gantt = dir.filePath(QStringLiteral("g.png"));
        expectRefused(runCli({"run", "--algo", "binomial", "--n", "8", "--paje", paje, "--gantt",
                              gantt, "--out", dir.filePath(QStringLiteral("no/x.csv"))}),
                      "--out '");
        QCOMPARE(dirEntries(dir.path()), QStringList{});
        const QString hist = dir.filePath(QStringLiteral("h.csv"));
        expectRefused(runCli({"mc", "--algo", "binomial", "--n", "8", "--replicates", "100",
                              "--hist", hist, "--out", dir.filePath(QStringLiteral("no/x"))}),
                      "--out '");
        QCOMPARE(dirEntries(dir.path()), QStringList{});
        const QString matrix = dir.filePath(QStringLiteral("m.csv"));
        put(matrix, "0,1\n1,0\n");
        expectRefused(runCli({"run", "--algo", "binomial", "--matrix", matrix, "--out", matrix}),
                      "is also an input of this command");
        expectRefused(runCli({"steady", "--matrix", matrix, "--out", matrix}),
                      "is also an input of this command");
        QCOMPARE(slurp(matrix), QByteArray("0,1\n1,0\n"));
        // A refused command leaves an existing output as it was.
        const QString out = dir.filePath(QStringLiteral("keep.csv"));
        put(out, "previous result\n");
        expectRefused(
            runCli({"run", "--algo", "binomial", "--n", "8", "--comm", "gamma:1:-1", "--out", out}),
            "--comm");
        QCOMPARE(slurp(out), QByteArray("previous result\n"));
        // bench validates its output first: the refusal comes before any measurement line.
        expectRefused(runCli({"bench", "--out", dir.filePath(QStringLiteral("no/b.csv"))}),
                      "--out '");
        QCOMPARE(dirEntries(dir.path()), (QStringList{"keep.csv", "m.csv"}));
    }

    // Class 5: kill -9 in the middle of a long sweep leaves the previous file and no
    // temporary file.
    void killedSweepLeavesThePreviousFile() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("fig4.csv"));
        put(out, "previous result\n");
        QProcess p;
        p.start(QStringLiteral(REDUCELAB_CLI), {"sweep", "fig4", "--replicates", "100000000",
                                                "--threads", "1", "--quiet", "--out", out});
        QVERIFY(p.waitForStarted());
        QTest::qWait(1500);
        QCOMPARE(p.state(), QProcess::Running); // still computing: the kill lands mid-run
        ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
        QVERIFY(p.waitForFinished());
        QCOMPARE(slurp(out), QByteArray("previous result\n"));
        QCOMPARE(dirEntries(dir.path()), QStringList{"fig4.csv"});
    }

    // Class 5: a full disk (a 64 KiB tmpfs, when the tests run as root) keeps the previous
    // file, leaves no temporary file and exits 2 naming the path and the reason.
    void fullDiskKeepsThePreviousFile() {
        if (::geteuid() != 0) {
            QSKIP("needs root to mount a small tmpfs");
        }
        QTemporaryDir dir;
        const QByteArray mountPoint = dir.path().toLocal8Bit();
        if (::mount("tmpfs", mountPoint.constData(), "tmpfs", 0, "size=64k") != 0) {
            QSKIP("cannot mount a tmpfs here");
        }
        const QString out = dir.filePath(QStringLiteral("fig5.csv"));
        put(out, "previous result\n");
        const CliResult r =
            runCli({"sweep", "fig5", "--replicates", "20", "--quiet", "--out", out});
        const QByteArray kept = slurp(out);
        const QStringList left = dirEntries(dir.path());
        ::umount(mountPoint.constData());
        expectRefused(r, "No space left on device");
        QCOMPARE(kept, QByteArray("previous result\n"));
        QCOMPARE(left, QStringList{"fig5.csv"});
    }

    // A command whose last output fails to be written (here a full device, named through a
    // link that gives it the right extension) leaves every other output as it was: the
    // previous content of each existing file stays, no new file appears, no temporary file
    // is left. Every output of every verb, in turn.
    void failedOutputKeepsTheOtherFiles_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("outputs");
        QTest::addColumn<int>("failing");
        for (const VerbOutputsCase& verb : everyVerbsOutputs()) {
            for (int i = 0; i < verb.outputs.size(); ++i) {
                const QString row = QString(verb.name) + " " + verb.outputs[i].section(' ', 0, 0);
                QTest::newRow(qPrintable(row)) << verb.args << verb.outputs << i;
            }
        }
    }
    void failedOutputKeepsTheOtherFiles() {
        QFETCH(QStringList, args);
        QFETCH(QStringList, outputs);
        QFETCH(int, failing);
        QTemporaryDir dir;
        QMap<QString, QByteArray> before;
        QString full;
        for (int i = 0; i < outputs.size(); ++i) {
            const QString option = outputs[i].section(' ', 0, 0);
            const QString file = outputs[i].section(' ', 1);
            if (i == failing) {
                full = dir.filePath("full." + QFileInfo(file).suffix());
                QVERIFY(QFile::link(QStringLiteral("/dev/full"), full));
                args << option << full;
                continue;
            }
            before[file] = "previous " + file.toUtf8() + "\n";
            if (option == "--out" && args.front() == "sweep") {
                before[file + ".json"] = "previous sidecar\n";
            }
            args << option << dir.filePath(file);
        }
        for (auto it = before.cbegin(); it != before.cend(); ++it) {
            put(dir.filePath(it.key()), it.value());
        }
        expectRefused(runCli(args), "cannot write '" + full + "': No space left on device");
        QStringList expected = before.keys();
        expected << QFileInfo(full).fileName();
        expected.sort();
        QCOMPARE(dirEntries(dir.path()), expected);
        for (auto it = before.cbegin(); it != before.cend(); ++it) {
            QCOMPARE(slurp(dir.filePath(it.key())), it.value());
        }
    }

    // Standard output that cannot be written (a full device, a reader gone: EPIPE, not a
    // SIGPIPE that would kill the commit half way) fails before any file is replaced.
    void failedStandardOutputKeepsTheFiles() {
        QTemporaryDir dir;
        const QString paje = dir.filePath(QStringLiteral("p.paje"));
        // The standard output of the command: /dev/full, or a pipe whose reader has ended.
        for (const QString& stdoutTo : {QStringLiteral("> /dev/full"), QStringLiteral("| true")}) {
            put(paje, "previous trace\n");
            const QString script = "\"$0\" run --algo binomial --n 64 --out - --paje \"$1\" " +
                                   stdoutTo + "; exit ${PIPESTATUS[0]}";
            const Outcome o =
                runProgram(QStringLiteral("bash"), {"-c", script, REDUCELAB_CLI, paje});
            QVERIFY(o.finished);
            QVERIFY2(o.exitCode == 2, qPrintable(stdoutTo + ": " + o.err));
            const QByteArray reason =
                stdoutTo.startsWith('|') ? "Broken pipe" : "No space left on device";
            QCOMPARE(o.err, "reducelab-cli: error: cannot write '-': " + reason + "\n");
            QCOMPARE(slurp(paje), QByteArray("previous trace\n"));
            QCOMPARE(dirEntries(dir.path()), QStringList{"p.paje"});
        }
    }

    // A checkpoint named as an output, or as the sidecar an output implies, is refused before
    // any computation, whether or not the files exist yet, under any spelling.
    void checkpointNamedAsAnOutput_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        const QStringList mc{"mc", "--algo", "binomial", "--n", "4", "--replicates", "5"};
        const QStringList sweep{"sweep", "fig4", "--n", "4", "--replicates", "5", "--cv", "1"};
        QTest::newRow("mc --out") << (mc + QStringList{"--checkpoint", "o.csv", "--out", "o.csv"})
                                  << "--out 'o.csv': is also an input of this command "
                                     "(--checkpoint); refused";
        QTest::newRow("mc --hist")
            << (mc + QStringList{"--checkpoint", "./h.csv", "--hist", "sub/../h.csv"})
            << "--hist 'sub/../h.csv': is also an input";
        QTest::newRow("sweep sidecar")
            << (sweep + QStringList{"--checkpoint", "r.csv.json", "--out", "r.csv"})
            << "--out sidecar 'r.csv.json': is also an input of this command (--checkpoint)";
        QTest::newRow("sweep --png")
            << (sweep + QStringList{"--checkpoint", "f.png", "--png", "f.png", "--out", "r.csv"})
            << "--png 'f.png': is also an input";
    }
    void checkpointNamedAsAnOutput() {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("sub")));
        const QString cwd = QDir::currentPath();
        QVERIFY(QDir::setCurrent(dir.path()));
        const CliResult r = runCli(args);
        QVERIFY(QDir::setCurrent(cwd));
        expectRefused(r, needle);
        QCOMPARE(dirEntries(dir.path()), QStringList{"sub"});
    }

    // A checkpoint whose bytes changed (here the 8 bytes of one recorded mean), or written by
    // the previous format, is refused with the reason, and nothing is written.
    void damagedCheckpointRefused() {
        QTemporaryDir dir;
        const QString checkpoint = dir.filePath(QStringLiteral("c.ckpt"));
        const QStringList job{"sweep", "fig4", "--n",     "16",        "--replicates",
                              "4000",  "--cv", "0.1:3:6", "--threads", "1"};
        makeCompleteCheckpoint(job, checkpoint);
        QByteArray bytes = slurp(checkpoint);
        const QByteArray good = bytes;
        bytes.replace(bytes.size() / 2, 8, QByteArray(8, '\x7f'));
        put(checkpoint, bytes);
        const QString out = dir.filePath(QStringLiteral("r.csv"));
        expectRefused(runCli(job + QStringList{"--checkpoint", checkpoint, "--out", out}),
                      "checkpoint '" + checkpoint +
                          "' is damaged: its checksum does not match its content; remove it or "
                          "name another file");
        QVERIFY(!QFile::exists(out));
        QCOMPARE(slurp(checkpoint), bytes); // refused, not replaced
        bytes = good;
        bytes.replace(QByteArray("reducelab checkpoint 2"), QByteArray("reducelab checkpoint 1"));
        put(checkpoint, bytes);
        expectRefused(runCli(job + QStringList{"--checkpoint", checkpoint, "--out", out}),
                      "has format 1, which this version of ReduceLab does not read (format 2)");
        QVERIFY(!QFile::exists(out));
    }

    // A command that fails at its commit keeps its checkpoint with every point (the same
    // command, resumed, computes nothing again and ends with the bytes of a run straight
    // through, then removes it). Resumed and failing again, it prints exactly one line on
    // standard error: notices (resumed, kept) come only with the progress report.
    void failedCommandKeepsItsCheckpoint_data() {
        QTest::addColumn<QStringList>("job");
        QTest::newRow("mc") << QStringList{
            "mc",           "--algo", "binomial,tree-dyn", "--n", "8",
            "--replicates", "3000",   "--exact-limit",     "0"};
        QTest::newRow("sweep") << QStringList{"sweep",        "fig5", "--n",       "6",
                                              "--replicates", "200",  "--cv",      "0.5:2:2",
                                              "--ratio",      "1",    "--threads", "1"};
    }
    void failedCommandKeepsItsCheckpoint() {
        QFETCH(QStringList, job);
        QTemporaryDir dir;
        const QString checkpoint = dir.filePath(QStringLiteral("c.ckpt"));
        makeCompleteCheckpoint(job, checkpoint);
        const QByteArray kept = slurp(checkpoint);
        const CliResult again =
            runCli(job + QStringList{"--checkpoint", checkpoint, "--out", "/dev/full"});
        expectRefused(again, "cannot write '/dev/full'"); // one line: no "resuming from"
        QCOMPARE(slurp(checkpoint), kept);
        const CliResult noisy = runCli(
            job + QStringList{"--checkpoint", checkpoint, "--out", "/dev/full", "--progress"});
        QCOMPARE(noisy.exitCode, 2);
        QVERIFY2(noisy.err.contains("resuming from '" + checkpoint.toUtf8() + "'") &&
                     noisy.err.contains("the checkpoint '" + checkpoint.toUtf8() + "' keeps ") &&
                     noisy.err.contains("points: the same command resumes from it\n"
                                        "reducelab-cli: error: cannot write '/dev/full'"),
                 noisy.err.constData());

        const QString out = dir.filePath(QStringLiteral("r.csv"));
        const CliResult resumed =
            runCli(job + QStringList{"--checkpoint", checkpoint, "--out", out, "--progress"});
        QCOMPARE(resumed.exitCode, 0);
        const QRegularExpression all(
            QStringLiteral("resuming from '[^']*': (\\d+) of \\1 points done"));
        QVERIFY2(all.match(QString::fromUtf8(resumed.err)).hasMatch(), resumed.err.constData());
        QVERIFY(!QFile::exists(checkpoint));
        const CliResult straight = runCli(job);
        QCOMPARE(straight.exitCode, 0);
        QCOMPARE(slurp(out), straight.out);
    }

    // Class 4: the GUI answers --help and --version without any display, and a refused
    // scenario under --screenshot exits 2 with one line instead of waiting on a dialog.
    void guiWithoutDisplay() {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        const Outcome help = runProgram(QStringLiteral(REDUCELAB_GUI), {"--help"}, env);
        QVERIFY(help.finished);
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.contains("--screenshot"), help.out.constData());
        QVERIFY2(help.err.isEmpty(), help.err.constData());
        const Outcome version = runProgram(QStringLiteral(REDUCELAB_GUI), {"--version"}, env);
        QCOMPARE(version.exitCode, 0);
        QVERIFY(version.out.startsWith("reducelab "));
        const Outcome bad = runProgram(QStringLiteral(REDUCELAB_GUI), {"--no-such-option"}, env);
        QCOMPARE(bad.exitCode, 2);
        QCOMPARE(bad.err.count('\n'), 1);

        QTemporaryDir dir;
        const QString scenario = dir.filePath(QStringLiteral("bad.json"));
        put(scenario, "{\"format\": \"reducelab-scenario\", \"version\": 99}\n");
        QProcessEnvironment offscreen = QProcessEnvironment::systemEnvironment();
        offscreen.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        offscreen.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path());
        const QString shot = dir.filePath(QStringLiteral("shot.png"));
        const Outcome refused = runProgram(QStringLiteral(REDUCELAB_GUI),
                                           {scenario, "--screenshot", shot}, offscreen, 30000);
        QVERIFY2(refused.finished, "the GUI waited instead of exiting");
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.startsWith("reducelab: error: ") && refused.err.count('\n') == 1,
                 refused.err.constData());
        QVERIFY(!QFile::exists(shot));
    }
};

QTEST_GUILESS_MAIN(TestCliReliability)
#include "test_cli_reliability.moc"
