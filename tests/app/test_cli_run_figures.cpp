// `reducelab-cli run` and what it writes beside the schedule that Qt reads back: print-ready
// figures (--gantt, --tree, --figure at --width-mm / --font-pt / --dpi, the whole schedule or
// --frame), the JSON's scenario, which replays the run (read by the GUI's scenario files), and
// the Paje trace in the GUI's colours. The rest of `run` is test_cli_run (GoogleTest).
#include "../figure_files.h"
#include "cli_process.h"

#include "algorithms/simulator.h"
#include "base/version.h"
#include "common/theme.h"
#include "schedule/paje_trace.h"
#include "studies/scenario_json.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace rl;
using rl::test::CliResult;
using rl::test::runCli;

namespace {

const QStringList kRun{"run",    "--algo",      "fibonacci", "--n",           "32",
                       "--comm", "gamma:1:0.5", "--comp",    "gamma:0.5:0.5", "--seed",
                       "5",      "--replicate", "2"};

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QSet<QString> rowLabels(const QStringList& texts) {
    QSet<QString> rows;
    for (const QString& t : texts) {
        if (QRegularExpression(QStringLiteral("^P\\d+$")).match(t.trimmed()).hasMatch()) {
            rows.insert(t.trimmed());
        }
    }
    return rows;
}

} // namespace

class TestCliRunFigures : public QObject {
    Q_OBJECT
  private slots:
    // The defaults: one column (85 mm), 8-point text, every processor labelled at n = 32.
    void figuresAreOneColumnAt8PointsByDefault() {
        QTemporaryDir dir;
        const CliResult r = runCli(
            kRun + QStringList{"--gantt", dir.filePath("g.svg"), "--tree", dir.filePath("t.pdf"),
                               "--figure", dir.filePath("f.png"), "--out", dir.filePath("s.csv")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto svg = rl::test::readSvg(readAll(dir.filePath("g.svg")));
        QCOMPARE(QString::number(svg.widthMm, 'g', 6), // SVG lengths: 6 significant digits
                 QString::number(std::round(85 / 25.4 * 72) / 72 * 25.4, 'g', 6));
        QCOMPARE(rowLabels(svg.texts).size(), 32);
        for (double pt : svg.fontPt) {
            QCOMPARE(std::round(pt * 1000) / 1000, 8.0);
        }
        const auto pdf = rl::test::readPdf(readAll(dir.filePath("t.pdf")));
        QCOMPARE(pdf.pagePt.width(), std::round(85 / 25.4 * 72));
        QVERIFY(!pdf.fontPt.empty());
        QCOMPARE(*std::max_element(pdf.fontPt.begin(), pdf.fontPt.end()), 8.0); // node labels
        const QImage png(dir.filePath("f.png"));                                // may shrink
        QCOMPARE(png.width(), static_cast<int>(std::lround(pdf.pagePt.width() / 72 * 300)));
        QCOMPARE(png.dotsPerMeterX(), static_cast<int>(std::lround(300 / 0.0254)));
    }

    void sizeFontAndResolutionAsAsked() {
        QTemporaryDir dir;
        const CliResult r =
            runCli(kRun + QStringList{"--gantt", dir.filePath("g.svg"), "--figure",
                                      dir.filePath("f.png"), "--width-mm", "170", "--font-pt",
                                      "9.5", "--dpi", "150", "--out", "/dev/null"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto svg = rl::test::readSvg(readAll(dir.filePath("g.svg")));
        QCOMPARE(QString::number(svg.widthMm, 'g', 6),
                 QString::number(std::round(170 / 25.4 * 72) / 72 * 25.4, 'g', 6));
        for (double pt : svg.fontPt) {
            QCOMPARE(std::round(pt * 1000) / 1000, 9.5);
        }
        const QImage png(dir.filePath("f.png"));
        QCOMPARE(png.width(),
                 static_cast<int>(std::lround(std::round(170 / 25.4 * 72) / 72 * 150)));
        QCOMPARE(png.dotsPerMeterX(), static_cast<int>(std::lround(150 / 0.0254)));
    }

    // --frame draws the schedule as the animation shows it at that fraction of the makespan.
    void frameDrawsAPartialSchedule() {
        QTemporaryDir dir;
        QVERIFY(
            runCli(kRun + QStringList{"--gantt", dir.filePath("whole.svg"), "--out", "/dev/null"})
                .exitCode == 0);
        const CliResult r = runCli(kRun + QStringList{"--gantt", dir.filePath("half.svg"),
                                                      "--frame", "0.5", "--out", "/dev/null"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray whole = readAll(dir.filePath("whole.svg"));
        const QByteArray half = readAll(dir.filePath("half.svg"));
        // Reductions are filled in the theme's colour: fewer of them by half-time.
        const QByteArray reduction = "fill=\"" + Theme().reduction().name().toLatin1() + "\"";
        QVERIFY(half.count(reduction) > 0);
        QVERIFY2(
            half.count(reduction) < whole.count(reduction),
            qPrintable(
                QStringLiteral("%1 of %2").arg(half.count(reduction)).arg(whole.count(reduction))));
        const auto svg = rl::test::readSvg(half);
        QVERIFY(std::any_of(svg.texts.begin(), svg.texts.end(), [](const QString& t) {
            return t.contains(QStringLiteral("t\u00a0=\u00a0"));
        }));
    }

    // The JSON carries the scenario: the GUI's scenario file with the program and its version,
    // which replays the same schedule.
    void jsonCarriesTheScenario() {
        const CliResult r = runCli(kRun + QStringList{"--format", "json", "--noncommutative"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonObject scenario = o.value("scenario").toObject();
        QCOMPARE(scenario.value("program").toString(), QStringLiteral("reducelab-cli"));
        QCOMPARE(scenario.value("programVersion").toString(), QString::fromLatin1(rl::kVersion));
        const Scenario s =
            parseScenarioFile(QJsonDocument(scenario).toJson().toStdString(), AlgorithmCatalog());
        QCOMPARE(s.n, 32);
        QCOMPARE(s.algorithms, std::vector<Algorithm>{AlgorithmId::FibonacciStat});
        QCOMPARE(s.seed, std::uint64_t{5});
        QCOMPARE(s.replicate, std::uint64_t{2});
        QVERIFY(s.nonCommutative);
        QCOMPARE(s.transfer, Law::gamma(1, 0.5));
        QCOMPARE(s.reduction, Law::gamma(0.5, 0.5));
        Simulator sim(AlgorithmId::FibonacciStat, s.n, s.nonCommutative, s.costModel());
        QCOMPARE(o.value("makespan").toDouble(), sim.schedule(s.seed, s.replicate).makespan);
        // A fixed platform is recorded with its matrix.
        const CliResult fixed =
            runCli({"run", "--algo", "snf", "--preset", "liuwang-fig1", "--format", "json"});
        QVERIFY2(fixed.exitCode == 0, fixed.err.constData());
        const Scenario f = parseScenarioFile(
            QJsonDocument(QJsonDocument::fromJson(fixed.out).object().value("scenario").toObject())
                .toJson()
                .toStdString(),
            AlgorithmCatalog());
        QCOMPARE(f.costMode, CostMode::FixedMatrix);
        QVERIFY(f.matrix.has_value());
        QCOMPARE(f.n, 7);
    }

    void pajeTraceHasTheGuiColours() {
        QTemporaryDir dir;
        const CliResult r =
            runCli(kRun + QStringList{"--paje", dir.filePath("p.trace"), "--out", "/dev/null"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString trace = QString::fromUtf8(readAll(dir.filePath("p.trace")));
        // The colours the GUI's Gantt chart draws with (idle band, reception bar over it,
        // reduction, transfer), read from the GUI's theme: the core's pajeColors() must match.
        const Theme theme;
        const auto paje = [](const QColor& c) {
            return PajeColor{c.red() / 255.0, c.green() / 255.0, c.blue() / 255.0};
        };
        const PajeColors gui{paje(theme.idle()), paje(theme.receptionBar(theme.transfer())),
                             paje(theme.reduction()), paje(theme.transfer())};
        const std::pair<const char*, PajeColor> states[] = {{"Idle", gui.idle},
                                                            {"Receive", gui.receive},
                                                            {"Reduce", gui.reduce},
                                                            {"Send", gui.send}};
        for (const auto& [name, colour] : states) {
            const auto m =
                QRegularExpression(QStringLiteral("\"%1\" \"([^\"]*)\"").arg(name)).match(trace);
            QVERIFY2(m.hasMatch(), name);
            const QStringList v = m.captured(1).split(' ');
            QCOMPARE(v.size(), 3);
            QCOMPARE(v[0].toDouble(), colour.red);
            QCOMPARE(v[1].toDouble(), colour.green);
            QCOMPARE(v[2].toDouble(), colour.blue);
        }
    }
};

QTEST_MAIN(TestCliRunFigures)
#include "test_cli_run_figures.moc"
