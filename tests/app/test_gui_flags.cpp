// The GUI's view flags as a lecturer or a screenshot script uses them: --presentation, --dark,
// --fullscreen and --size WxH together with --screenshot, under the offscreen platform; a
// refused value exits 2 with one line; --help and --version without a display, and no dialog
// waited on when it runs unattended.
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct Run {
    int exitCode = -1;
    QByteArray err;
    QImage shot;
};

// Runs the GUI unattended, with its own settings and runtime folders.
Run runGui(const QStringList& args, const QString& shot = {}) {
    static QTemporaryDir home;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), home.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(REDUCELAB_GUI),
            shot.isEmpty() ? args : args + QStringList{QStringLiteral("--screenshot"), shot});
    Run r;
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit) {
        p.kill();
        p.waitForFinished();
        r.err = "the GUI did not finish";
        return r;
    }
    r.exitCode = p.exitCode();
    r.err = p.readAllStandardError();
    if (!shot.isEmpty()) {
        r.shot = QImage(shot);
    }
    return r;
}

double meanLightness(const QImage& image) {
    double sum = 0;
    int count = 0;
    for (int y = 0; y < image.height(); y += 4) {
        for (int x = 0; x < image.width(); x += 4) {
            sum += QColor(image.pixel(x, y)).lightness();
            ++count;
        }
    }
    return sum / std::max(1, count);
}

// Height of the first band of rows, from the top, holding dark text on the light menu bar:
// the menu's font size in pixels.
int firstTextBand(const QImage& image) {
    int first = -1;
    for (int y = 0; y < image.height() / 4; ++y) {
        bool dark = false;
        for (int x = 0; x < image.width() / 3 && !dark; ++x) {
            dark = QColor(image.pixel(x, y)).lightness() < 100;
        }
        if (dark && first < 0) {
            first = y;
        } else if (!dark && first >= 0) {
            return y - first;
        }
    }
    return -1;
}

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

void put(const QString& path, const QByteArray& data) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(data);
}

} // namespace

class TestGuiFlags : public QObject {
    Q_OBJECT
  private slots:
    void viewFlagsWithScreenshot() {
        QTemporaryDir dir;
        const QStringList size{QStringLiteral("--size"), QStringLiteral("1280x720")};
        const Run normal = runGui(size, dir.filePath("normal.png"));
        QCOMPARE(normal.exitCode, 0);
        QCOMPARE(normal.shot.size(), QSize(1280, 720));
        const Run presentation =
            runGui(size + QStringList{"--presentation"}, dir.filePath("presentation.png"));
        QCOMPARE(presentation.exitCode, 0);
        QCOMPARE(presentation.shot.size(), QSize(1280, 720));
        // Larger text: the menu bar's letters are about 1.6 times as tall.
        const int small = firstTextBand(normal.shot);
        const int large = firstTextBand(presentation.shot);
        QVERIFY2(small > 0 && large >= small * 1.4,
                 qPrintable(QStringLiteral("%1 -> %2").arg(small).arg(large)));
        const Run dark =
            runGui(size + QStringList{"--dark", "--presentation"}, dir.filePath("dark.png"));
        QCOMPARE(dark.exitCode, 0);
        QVERIFY2(meanLightness(normal.shot) > 170,
                 qPrintable(QString::number(meanLightness(normal.shot))));
        QVERIFY2(meanLightness(dark.shot) < 90,
                 qPrintable(QString::number(meanLightness(dark.shot))));
        // Full screen: the window covers the screen (the offscreen platform's, 800x800),
        // whatever --size says.
        const Run full = runGui(size + QStringList{"--fullscreen"}, dir.filePath("full.png"));
        QCOMPARE(full.exitCode, 0);
        QVERIFY2(
            !full.shot.isNull() && full.shot.size() != QSize(1280, 720),
            qPrintable(QStringLiteral("%1x%2").arg(full.shot.width()).arg(full.shot.height())));
        // The flags are for this run: a plain run afterwards is light and normal again.
        const Run again = runGui(size, dir.filePath("again.png"));
        QCOMPARE(firstTextBand(again.shot), small);
        QVERIFY(meanLightness(again.shot) > 170);
    }

    void refusedValuesExitTwoWithOneLine_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("size too small") << QStringList{"--size", "100x100"};
        QTest::newRow("size not WxH") << QStringList{"--size", "big"};
        QTest::newRow("size missing") << QStringList{"--size"};
        QTest::newRow("flag with a value") << QStringList{"--presentation=yes"};
        QTest::newRow("dark with a value") << QStringList{"--dark=1"};
    }
    void refusedValuesExitTwoWithOneLine() {
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        const Run r = runGui(args, dir.filePath("shot.png"));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith("reducelab: error: ") && r.err.count('\n') == 1 &&
                     r.err.endsWith('\n'),
                 r.err.constData());
        QVERIFY(!QFile::exists(dir.filePath("shot.png")));
    }

    // The GUI's part of the reliability contract (docs/reliability.md): it answers
    // --help and --version without any display, and a refused scenario under --screenshot
    // exits 2 with one line instead of waiting on a dialog.
    void withoutDisplay() {
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
        QVERIFY2(refused.err.startsWith("reducelab: error: ") && refused.err.count('\n') == 1 &&
                     refused.err.endsWith('\n'),
                 refused.err.constData());
        QVERIFY(!QFile::exists(shot));
    }
};

QTEST_GUILESS_MAIN(TestGuiFlags)
#include "test_gui_flags.moc"
