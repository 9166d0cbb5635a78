// `reducelab-cli run ... --animation FILE`: the run's schedule is printed as without it and
// the animation is written with the requested frames; every refusal (format, size, rate,
// length, path, an option without --animation) exits 2 with one line before any computation
// and writes nothing.
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include "cli_process.h"

using rl::test::CliResult;
using rl::test::runCli;

namespace {

const QStringList kRun{"run", "--algo", "tree-dyn", "--n", "8", "--comm", "gamma:1:0.5"};

/// ffprobe's count of decoded frames in `path`, or -1.
int framesOf(const QString& path) {
    QProcess p;
    p.start(QStringLiteral("ffprobe"),
            {"-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
             "stream=nb_read_frames", "-of", "csv=p=0", path});
    if (!p.waitForFinished(60000) || p.exitCode() != 0) {
        return -1;
    }
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed().toInt();
}

} // namespace

class TestCliAnimation : public QObject {
    Q_OBJECT
  private slots:
    void writesTheAnimationBesideTheSchedule_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("style");
        QTest::newRow("gif") << "a.gif" << QStringList{};
        QTest::newRow("mp4 presentation") << "a.mp4" << QStringList{"--presentation"};
        QTest::newRow("webm dark") << "a.webm" << QStringList{"--dark", "--presentation"};
    }
    void writesTheAnimationBesideTheSchedule() {
        QFETCH(QString, file);
        QFETCH(QStringList, style);
        QTemporaryDir dir;
        const CliResult plain = runCli(kRun);
        QCOMPARE(plain.exitCode, 0);
        const QString path = dir.filePath(file);
        const CliResult r = runCli(kRun +
                                   QStringList{"--animation", path, "--fps", "8", "--seconds",
                                               "1.5", "--size", "320x180"} +
                                   style);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out, plain.out); // the schedule does not change because it is animated
        QVERIFY(r.err.isEmpty());   // no progress line when standard error is not a terminal
        QCOMPARE(framesOf(path), 12);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{file});
    }

    void refusalsWriteNothing_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("extension") << QStringList{"--animation", "DIR/a.avi"}
                                   << "--animation 'DIR/a.avi': the file name must end in .gif, "
                                      ".mp4 or .webm";
        QTest::newRow("size text") << QStringList{"--animation", "DIR/a.gif", "--size", "big"}
                                   << "--size 'big': expected WIDTHxHEIGHT, e.g. 1280x720";
        QTest::newRow("size zero") << QStringList{"--animation", "DIR/a.gif", "--size", "0x0"}
                                   << "--size 0x0: the size must be from 320x180 to 3840x2160";
        QTest::newRow("size huge")
            << QStringList{"--animation", "DIR/a.gif", "--size", "100000x100000"}
            << "--size 100000x100000: the size must be from";
        QTest::newRow("odd size") << QStringList{"--animation", "DIR/a.webm", "--size", "321x180"}
                                  << "--size 321x180: WebM (VP9) needs an even width and height";
        QTest::newRow("fps") << QStringList{"--animation", "DIR/a.gif", "--fps", "120"}
                             << "--fps 120: the frame rate must be 1 to 60 frames per second";
        QTest::newRow("seconds") << QStringList{"--animation", "DIR/a.gif", "--seconds", "nan"}
                                 << "--seconds: NaN is not allowed";
        QTest::newRow("unwritable") << QStringList{"--animation", "/nonexistent-dir/a.gif"}
                                    << "--animation '/nonexistent-dir/a.gif': folder "
                                       "'/nonexistent-dir': No such file or directory";
        QTest::newRow("a folder") << QStringList{"--animation", "DIR"} << "is a folder";
        QTest::newRow("without --animation") << QStringList{"--fps", "10"}
                                             << "run: --fps applies to an animation; add "
                                                "--animation FILE";
        QTest::newRow("twice") << QStringList{"--animation", "DIR/a.gif", "--out", "DIR/a.gif"}
                               << "the same output is named twice";
    }
    void refusalsWriteNothing() {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        args.replaceInStrings("DIR", dir.path());
        expected.replace("DIR", dir.path());
        const CliResult r = runCli(kRun + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        const QString err = QString::fromUtf8(r.err).trimmed();
        QCOMPARE(err.count('\n'), 0); // one line
        QVERIFY2(err.contains(expected), qPrintable(err));
        QVERIFY(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).isEmpty());
    }

    // An existing file survives a refused run (the refusal comes before anything is drawn).
    void aRefusalKeepsTheOldFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath("a.mp4");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("old");
        f.close();
        const CliResult r = runCli(kRun + QStringList{"--animation", path, "--size", "333x200"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("old"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"a.mp4"});
    }
};

QTEST_MAIN(TestCliAnimation)
#include "test_cli_animation.moc"
