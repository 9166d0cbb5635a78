// Printed figures of a run (renderRunFigure): the size on paper and the font size asked for
// (read back from the SVG and the PDF), a PNG at its resolution, every processor labelled when
// rows fit (n = 32 at the default 85 mm / 8 pt), the Gantt chart and the tree under one title,
// a frame that draws a partial schedule; and the Paje trace's colours are the chart's.
#include "../../figure_files.h"

#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "schedule/critical_path.h"
#include "schedule/paje_trace.h"
#include "studies/figure_format.h"
#include "views/gantt_view.h"
#include "views/run_figure.h"

#include <qcustomplot.h>

#include <QImage>
#include <QtTest>

#include <cmath>

using namespace rl;
using rl::test::countColour;
using rl::test::readPdf;
using rl::test::readSvg;

namespace {

RunFigureContent content(const Algorithm& algo, int n, std::uint64_t seed = 3) {
    Simulator sim(algo, n, false,
                  CostModel::perOperation(Law::gamma(1, 0.5), Law::gamma(0.5, 0.5)));
    RunFigureContent c;
    c.schedule = std::make_shared<const Schedule>(sim.schedule(seed, 0));
    c.criticalPath = criticalPath(*c.schedule);
    c.title =
        QStringLiteral("%1 — n = %2").arg(QString::fromStdString(c.schedule->algorithm)).arg(n);
    return c;
}

QByteArray render(FigureKind kind, const RunFigureContent& c, const FigureFormat& f,
                  const QString& ext) {
    QByteArray bytes;
    QString error;
    if (!renderRunFigure(kind, c, f, QStringLiteral("figure.") + ext, &bytes, &error)) {
        qWarning() << error;
    }
    return bytes;
}

// Rows labelled "P<k>" among the texts of a figure.
QSet<int> rowLabels(const QStringList& texts) {
    QSet<int> rows;
    static const QRegularExpression label(QStringLiteral("^P(\\d+)$"));
    for (const QString& t : texts) {
        if (const auto m = label.match(t.trimmed()); m.hasMatch()) {
            rows.insert(m.captured(1).toInt());
        }
    }
    return rows;
}

// Whole points of a width in mm, and that width back in mm: the figure's exact width.
double roundedMm(double mm) {
    return std::round(mm / 25.4 * 72.0) / 72.0 * 25.4;
}

} // namespace

class TestRunFigure : public QObject {
    Q_OBJECT
  private slots:
    void svgHasTheRequestedSizeAndFontSize_data() {
        QTest::addColumn<double>("widthMm");
        QTest::addColumn<double>("fontPt");
        QTest::newRow("default: 85 mm, 8 pt")
            << FigureFormat::kDefaultWidthMm << FigureFormat::kDefaultFontPt;
        QTest::newRow("two columns, 9.5 pt") << 175.0 << 9.5;
        QTest::newRow("small") << 40.0 << 6.0;
    }
    void svgHasTheRequestedSizeAndFontSize() {
        QFETCH(double, widthMm);
        QFETCH(double, fontPt);
        FigureFormat f;
        f.widthMm = widthMm;
        f.fontPt = fontPt;
        const RunFigureContent c = content(AlgorithmId::TreeDyn, 16);
        const auto svg = readSvg(render(FigureKind::Gantt, c, f, "svg"));
        // SVG lengths have 6 significant digits.
        auto svgMm = [](double mm) { return QString::number(mm, 'g', 6); };
        QCOMPARE(svgMm(svg.widthMm), svgMm(roundedMm(widthMm)));
        QVERIFY(std::abs(svg.widthMm - widthMm) <= 25.4 / 72 / 2); // within half a point
        // The height follows from the content, and its size is the one laid out.
        QCOMPARE(svgMm(svg.heightMm),
                 svgMm(runFigureSize(FigureKind::Gantt, c, f).height() / 72.0 * 25.4));
        QVERIFY(!svg.texts.isEmpty());
        for (std::size_t i = 0; i < svg.fontPt.size(); ++i) {
            QVERIFY2(std::abs(svg.fontPt[i] - fontPt) < 1e-3,
                     qPrintable(QStringLiteral("'%1' at %2 pt")
                                    .arg(svg.texts[static_cast<qsizetype>(i)])
                                    .arg(svg.fontPt[i])));
        }
    }

    void pdfHasTheRequestedPageAndFontSize() {
        const FigureFormat f; // 85 mm, 8 pt
        const RunFigureContent c = content(AlgorithmId::FibonacciStat, 16);
        const QByteArray bytes = render(FigureKind::Gantt, c, f, "pdf");
        QVERIFY(bytes.startsWith("%PDF-"));
        const auto pdf = readPdf(bytes);
        QCOMPARE(pdf.pagePt, QSizeF(runFigureSize(FigureKind::Gantt, c, f)));
        QCOMPARE(pdf.pagePt.width(), std::round(85.0 / 25.4 * 72.0)); // 241 pt = 85.02 mm
        QVERIFY(!pdf.fontPt.empty());
        for (double pt : pdf.fontPt) {
            QCOMPARE(pt, 8.0);
        }
    }

    void pngHasTheRequestedResolution() {
        FigureFormat f;
        f.dpi = 150;
        const RunFigureContent c = content(AlgorithmId::TreeDyn, 8);
        const QSize pt = runFigureSize(FigureKind::GanttAndTree, c, f);
        QImage png;
        QVERIFY(png.loadFromData(render(FigureKind::GanttAndTree, c, f, "png"), "png"));
        QCOMPARE(png.width(), static_cast<int>(std::lround(pt.width() / 72.0 * 150)));
        QCOMPARE(png.height(), static_cast<int>(std::lround(pt.height() / 72.0 * 150)));
        QCOMPARE(png.dotsPerMeterX(), static_cast<int>(std::lround(150 / 0.0254)));
    }

    // The default export of n = 32 labels every processor, at the font size asked for; so
    // does n = 64 (odd rows on the right); beyond, labels thin out to every few rows.
    void everyRowLabelledWhenItFits_data() {
        QTest::addColumn<int>("n");
        QTest::addColumn<bool>("all");
        QTest::newRow("n = 2") << 2 << true;
        QTest::newRow("n = 32") << 32 << true;
        QTest::newRow("n = 64") << 64 << true;
        QTest::newRow("n = 512") << 512 << false;
    }
    void everyRowLabelledWhenItFits() {
        QFETCH(int, n);
        QFETCH(bool, all);
        const FigureFormat f;
        const auto svg =
            readSvg(render(FigureKind::Gantt, content(AlgorithmId::TreeDyn, n), f, "svg"));
        const QSet<int> rows = rowLabels(svg.texts);
        if (all) {
            QCOMPARE(rows.size(), n);
        } else {
            QVERIFY(rows.size() >= 8 && rows.size() < n);
        }
        for (double pt : svg.fontPt) {
            QCOMPARE(std::round(pt * 1000) / 1000, f.fontPt);
        }
    }

    // One file, one title, both views: the chart's axis and row labels and the tree's legend.
    void combinedFigureHasBothPartsUnderOneTitle() {
        const FigureFormat f;
        const RunFigureContent c = content(AlgorithmId::FibonacciStat, 16);
        const auto both = readSvg(render(FigureKind::GanttAndTree, c, f, "svg"));
        const auto gantt = readSvg(render(FigureKind::Gantt, c, f, "svg"));
        const auto tree = readSvg(render(FigureKind::Tree, c, f, "svg"));
        QCOMPARE(both.texts.count(c.title), 1);
        QVERIFY(both.texts.contains(QStringLiteral("time")));     // the chart's axis
        QVERIFY(both.texts.contains(QStringLiteral("has sent"))); // the tree's legend
        QVERIFY(!gantt.texts.contains(QStringLiteral("has sent")));
        QVERIFY(!tree.texts.contains(QStringLiteral("time")));
        // Every text of either view is in the combined figure.
        for (const QString& t : gantt.texts + tree.texts) {
            QVERIFY2(both.texts.contains(t), qPrintable(t));
        }
        QVERIFY(both.heightMm > gantt.heightMm && both.heightMm > tree.heightMm);
        QCOMPARE(both.widthMm, gantt.widthMm);
        // Wide enough, the tree goes beside the chart: less tall than stacked.
        FigureFormat wide = f;
        wide.widthMm = 2 * kSideBySideMm;
        const auto side = readSvg(render(FigureKind::GanttAndTree, c, wide, "svg"));
        QVERIFY(side.heightMm < both.heightMm);
    }

    // The frame draws the schedule as the animation shows it then: fewer operations, the time
    // cursor, the time in the title.
    void frameDrawsAPartialSchedule() {
        FigureFormat f;
        f.dpi = 100;
        RunFigureContent c = content(AlgorithmId::TreeDyn, 16);
        QImage whole;
        QVERIFY(whole.loadFromData(render(FigureKind::Gantt, c, f, "png"), "png"));
        const Theme theme;
        c.cursor = 0.0; // only the first transfers have started: no reduction but the legend's
        QImage start;
        QVERIFY(start.loadFromData(render(FigureKind::Gantt, c, f, "png"), "png"));
        const int reductionsStart = countColour(start, theme.reduction());
        c.cursor = c.schedule->makespan / 2;
        QImage frame;
        QVERIFY(frame.loadFromData(render(FigureKind::Gantt, c, f, "png"), "png"));
        const int reductionsWhole = countColour(whole, theme.reduction());
        const int reductionsFrame = countColour(frame, theme.reduction());
        QVERIFY(reductionsStart < reductionsFrame);
        QVERIFY2(reductionsFrame < reductionsWhole,
                 qPrintable(QStringLiteral("%1 of %2").arg(reductionsFrame).arg(reductionsWhole)));
        QCOMPARE(countColour(whole, theme.cursor()), 0);
        QVERIFY(countColour(frame, theme.cursor()) > 0);
        const auto svg = readSvg(render(FigureKind::Tree, c, f, "svg"));
        QVERIFY(std::any_of(svg.texts.begin(), svg.texts.end(), [](const QString& t) {
            return t.contains(QStringLiteral("t\u00a0=\u00a0"));
        }));
    }

    // A figure's bounds are refused before anything is drawn, naming the value.
    void formatBoundsAreRefused() {
        QVERIFY_THROWS_EXCEPTION(InputError, FigureFormat::checkWidthMm(5, "--width-mm"));
        QVERIFY_THROWS_EXCEPTION(InputError, FigureFormat::checkFontPt(8.3, "--font-pt"));
        QVERIFY_THROWS_EXCEPTION(InputError, FigureFormat::checkFontPt(NAN, "--font-pt"));
        QVERIFY_THROWS_EXCEPTION(InputError, FigureFormat::checkDpi(5000, "--dpi"));
        QVERIFY_THROWS_EXCEPTION(InputError, FigureFormat::checkFrameFraction(1.5, "--frame"));
        QCOMPARE(FigureFormat::checkFontPt(8.5, "--font-pt"), 8.5);
        FigureFormat huge;
        huge.widthMm = FigureFormat::kMaxWidthMm;
        huge.dpi = FigureFormat::kMaxDpi;
        huge.validate(false); // vector formats have no pixels
        QVERIFY_THROWS_EXCEPTION(InputError, huge.validate(true));
        try {
            FigureFormat::checkWidthMm(5, "--width-mm");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromUtf8(e.what()),
                     QStringLiteral("--width-mm 5: the figure's width must be between 20 and "
                                    "500 mm"));
        }
    }

    // The Paje trace's colours are the chart's: idle bands, reception bars as drawn over an
    // idle band (sampled from the chart itself), reductions, transfers; light and dark.
    void pajeColoursAreTheChartsColours_data() {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }
    void pajeColoursAreTheChartsColours() {
        QFETCH(bool, dark);
        Theme theme;
        theme.dark = dark;
        const PajeColors paje = pajeColors(theme.dark);
        auto rgb = [](const PajeColor& c) {
            return QColor(static_cast<int>(std::lround(c.red * 255)),
                          static_cast<int>(std::lround(c.green * 255)),
                          static_cast<int>(std::lround(c.blue * 255)));
        };
        QCOMPARE(rgb(paje.idle), theme.idle());
        QCOMPARE(rgb(paje.reduce), theme.reduction());
        QCOMPARE(rgb(paje.send), theme.transfer());
        // n = 2, constant costs: P1 sends to P0 over [0, 1], P0 reduces over [1, 2]; P0's row
        // shows the reception bar over its idle band from 0 to 1.
        Simulator sim(AlgorithmId::TreeDyn, 2, false,
                      CostModel::perOperation(Law::constant(1), Law::constant(1)));
        GanttView view;
        view.resize(600, 300);
        view.setTheme(theme);
        view.setSchedule(std::make_shared<const Schedule>(sim.schedule(1, 0)));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        const QImage image = view.plot()->grab().toImage();
        const QPointF bar = view.plot()->xAxis->coordToPixel(0.25) * QPointF(1, 0) +
                            view.plot()->yAxis->coordToPixel(0.02) * QPointF(0, 1);
        const QColor drawn = image.pixelColor(bar.toPoint());
        const QColor receive = rgb(paje.receive);
        for (const auto& [a, b] :
             {std::pair{drawn.red(), receive.red()}, std::pair{drawn.green(), receive.green()},
              std::pair{drawn.blue(), receive.blue()}}) {
            QVERIFY2(std::abs(a - b) <= 1, // 8-bit rounding of the alpha blend
                     qPrintable(drawn.name() + QStringLiteral(" drawn, ") + receive.name()));
        }
        // And a trace written with them carries them, exactly.
        const QString trace = QString::fromStdString(pajeTrace(*view.schedule(), paje));
        static const QRegularExpression reduce(QStringLiteral("\"Reduce\" \"([^\"]*)\""));
        const QStringList values = reduce.match(trace).captured(1).split(' ');
        QCOMPARE(values.size(), 3);
        QCOMPARE(values[0].toDouble(), paje.reduce.red);
        QCOMPARE(values[1].toDouble(), paje.reduce.green);
        QCOMPARE(values[2].toDouble(), paje.reduce.blue);
    }
};

QTEST_MAIN(TestRunFigure)
#include "test_run_figure.moc"
