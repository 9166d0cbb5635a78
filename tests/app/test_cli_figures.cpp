// `reducelab-cli sweep fig4|fig5|fig6 ... --png/--svg/--pdf`: the figures are drawn headless
// by the GUI's figure classes, the CSV is the same with or without them, and bad figure paths
// exit 2 with a one-line message naming the path, before any computation and leaving no file.
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>

#include "cli_process.h"

using rl::test::CliResult;
using rl::test::runCli;

namespace {

QByteArray head(const QString& path, int bytes) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.read(bytes) : QByteArray();
}

// A reduced grid: 4 x 3 cells at 64 replicates.
const QStringList kSmall{"--n", "16", "--cv", "0.05:5:4", "--replicates", "64", "--threads", "2"};

} // namespace

class TestCliFigures : public QObject {
    Q_OBJECT
  private slots:
    void figuresOfEachKind_data() {
        QTest::addColumn<QString>("figure");
        QTest::addColumn<QStringList>("extra");
        QTest::newRow("fig4") << "fig4" << QStringList{};
        QTest::newRow("fig5") << "fig5" << QStringList{"--ratio", "0.2:5:3"};
        QTest::newRow("fig6") << "fig6" << QStringList{"--ratio", "0.2:5:3"};
    }
    void figuresOfEachKind() {
        QFETCH(QString, figure);
        QFETCH(QStringList, extra);
        QTemporaryDir dir;
        const QStringList base = QStringList{"sweep", figure} + kSmall + extra;
        const CliResult plain = runCli(base);
        QCOMPARE(plain.exitCode, 0);
        const CliResult drawn =
            runCli(base + QStringList{"--png", dir.filePath("f.png"), "--svg",
                                      dir.filePath("f.svg"), "--pdf", dir.filePath("f.pdf")});
        QVERIFY2(drawn.exitCode == 0, drawn.err.constData());
        // The numbers do not change because a figure was asked for.
        QCOMPARE(drawn.out, plain.out);
        const QImage png(dir.filePath("f.png"));
        QVERIFY(!png.isNull());
        QCOMPARE(png.size(), QSize(2000, 1280)); // 1000 x 640 at 2x
        // Not a blank page: the plot has many colours.
        QSet<QRgb> colours;
        for (int y = 0; y < png.height(); y += 16) {
            for (int x = 0; x < png.width(); x += 16) {
                colours.insert(png.pixel(x, y));
            }
        }
        QVERIFY(colours.size() > 8);
        QVERIFY(head(dir.filePath("f.svg"), 200).contains("<svg") ||
                head(dir.filePath("f.svg"), 200).contains("<?xml"));
        QVERIFY(head(dir.filePath("f.pdf"), 5) == "%PDF-");
    }

    void badFigurePaths_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing directory")
            << QStringList{"--png", "/nonexistent-dir/x/f.png"}
            << "--png '/nonexistent-dir/x/f.png': folder '/nonexistent-dir/x': No such file or "
               "directory";
        QTest::newRow("wrong extension")
            << QStringList{"--png", "f.svg"} << "--png 'f.svg': the file name must end in .png";
        QTest::newRow("pdf extension")
            << QStringList{"--pdf", "f"} << "--pdf 'f': the file name must end in .pdf";
    }
    void badFigurePaths() {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString out = dir.filePath("out.csv");
        const CliResult r =
            runCli(QStringList{"sweep", "fig5"} + kSmall + QStringList{"--out", out} + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        const QString err = QString::fromUtf8(r.err).trimmed();
        QCOMPARE(err.count('\n'), 0); // one line
        QVERIFY2(err.contains(expected), qPrintable(err));
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    }

    // sweep --out writes the results with a sidecar; plot redraws the same figure, byte for
    // byte, from them, and refuses results that do not match (no sidecar, an edited CSV, a
    // figure named like one of its inputs), before drawing anything.
    void plotRedrawsTheSweepsFigure_data() {
        QTest::addColumn<QString>("figure");
        QTest::newRow("fig4") << "fig4";
        QTest::newRow("fig5") << "fig5";
        QTest::newRow("fig6") << "fig6";
    }
    void plotRedrawsTheSweepsFigure() {
        QFETCH(QString, figure);
        QTemporaryDir dir;
        const QString csv = dir.filePath("r.csv");
        const CliResult sweep =
            runCli(QStringList{"sweep", figure} + kSmall +
                   QStringList{"--ratio", "0.2:5:3", "--out", csv, "--svg", dir.filePath("a.svg"),
                               "--png", dir.filePath("a.png")});
        QVERIFY2(sweep.exitCode == 0, sweep.err.constData());
        QVERIFY(QFile::exists(csv + ".json"));
        const CliResult plot =
            runCli({"plot", csv, "--svg", dir.filePath("b.svg"), "--png", dir.filePath("b.png")});
        QVERIFY2(plot.exitCode == 0, plot.err.constData());
        QCOMPARE(head(dir.filePath("b.svg"), 1 << 24), head(dir.filePath("a.svg"), 1 << 24));
        QCOMPARE(head(dir.filePath("b.png"), 1 << 24), head(dir.filePath("a.png"), 1 << 24));
        // Outputs that would replace an input.
        const CliResult self = runCli({"plot", csv, "--svg", csv + ".svg", "--pdf", csv});
        QCOMPARE(self.exitCode, 2);
        QVERIFY2(self.err.contains("--pdf"), self.err.constData());
        // An edited CSV.
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QByteArray text = f.readAll();
        text.replace(",16,64,", ",16,64,1");
        f.resize(0);
        f.write(text);
        f.close();
        const CliResult edited = runCli({"plot", csv, "--svg", dir.filePath("c.svg")});
        QCOMPARE(edited.exitCode, 2);
        QVERIFY2(edited.err.contains("differs from the one its sidecar describes"),
                 edited.err.constData());
        // No sidecar.
        QVERIFY(QFile::remove(csv + ".json"));
        const CliResult lone = runCli({"plot", csv, "--svg", dir.filePath("c.svg")});
        QCOMPARE(lone.exitCode, 2);
        QVERIFY2(lone.err.contains("no sidecar"), lone.err.constData());
        QCOMPARE(QString::fromUtf8(lone.err).trimmed().count('\n'), 0);
        QVERIFY(!QFile::exists(dir.filePath("c.svg")));
        QVERIFY(!QFile::exists(csv + ".svg"));
        // Standard output and devices get no sidecar.
        const CliResult toNull =
            runCli(QStringList{"sweep", figure} + kSmall + QStringList{"--out", "/dev/null"});
        QCOMPARE(toNull.exitCode, 0);
        QVERIFY(!QFile::exists("/dev/null.json"));
    }

    void tooManyReplicatesForAMapIsAnInputError() {
        // The paired analysis keeps one point's makespans: beyond the exact-quantile limit a
        // map cannot be drawn, refused at once with a clear message and no file.
        QTemporaryDir dir;
        const CliResult r =
            runCli({"sweep", "fig5", "--replicates", "16777217", "--png", dir.filePath("x.png")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("keeps every makespan of a point: at most 16777216 replicates"),
                 r.err.constData());
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    }
};

QTEST_MAIN(TestCliFigures)
#include "test_cli_figures.moc"
