// The Gantt chart under the offscreen platform: a reception bar answers the pointer like its
// arrow (tooltip), and the bound / optimum label lies above the rows, never over a bar.
#include "../../figure_files.h"

#include "algorithms/simulator.h"
#include "views/gantt_view.h"

#include <qcustomplot.h>

#include <QHelpEvent>
#include <QToolTip>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace rl;

namespace {

std::shared_ptr<const Schedule> makeSchedule(int n) {
    Simulator sim(AlgorithmId::FibonacciStat, n, false,
                  CostModel::perOperation(Law::gamma(1, 0.5), Law::gamma(0.5, 0.5)));
    return std::make_shared<const Schedule>(sim.schedule(3, 0));
}

// The view on screen at `size`, showing `schedule` whole.
void showSchedule(GanttView& view, const std::shared_ptr<const Schedule>& schedule, QSize size) {
    view.resize(size);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setSchedule(schedule);
    view.plot()->replot();
}

double distanceToSegment(QPointF p, QPointF a, QPointF b) {
    const QPointF ab = b - a;
    const double len2 = QPointF::dotProduct(ab, ab);
    const double u = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / len2, 0.0, 1.0) : 0;
    return QLineF(p, a + u * ab).length();
}

} // namespace

class TestGanttView : public QObject {
    Q_OBJECT
  private slots:
    // Every transfer's reception bar, hovered away from its arrow, names that transfer, and
    // the tooltip shows it.
    void receptionBarsHaveTooltips() {
        GanttView view;
        const auto schedule = makeSchedule(8);
        showSchedule(view, schedule, QSize(1000, 500));
        QCustomPlot* plot = view.plot();
        int tested = 0;
        for (std::size_t k = 0; k < schedule->transfers.size(); ++k) {
            const TransferOp& t = schedule->transfers[k];
            const double mid = (t.start + t.end) / 2;
            const QPointF onBar(plot->xAxis->coordToPixel(mid),
                                plot->yAxis->coordToPixel(t.to + 0.08));
            const QPointF a(plot->xAxis->coordToPixel(t.start), plot->yAxis->coordToPixel(t.from));
            const QPointF b(plot->xAxis->coordToPixel(t.end), plot->yAxis->coordToPixel(t.to));
            if (distanceToSegment(onBar, a, b) <= 6.0 || t.end - t.start <= 0.0) {
                continue; // the arrow answers there already
            }
            // No reduction on the same row at that time (it would answer first).
            bool reduction = false;
            for (const ReductionOp& r : schedule->reductions) {
                reduction = reduction || (r.proc == t.to && r.start <= mid && mid <= r.end);
            }
            if (reduction) {
                continue;
            }
            const auto op = view.operationAt(onBar.toPoint());
            QVERIFY2(op.has_value(), qPrintable(QStringLiteral("transfer %1").arg(k)));
            QCOMPARE(*op, (OpRef{true, static_cast<int>(k)}));
            ++tested;
        }
        QVERIFY(tested >= 3);
        // The tooltip itself, for the last transfer.
        const TransferOp& t = schedule->transfers.back();
        const QPoint pos(static_cast<int>(plot->xAxis->coordToPixel((t.start + t.end) / 2)),
                         static_cast<int>(plot->yAxis->coordToPixel(t.to + 0.08)));
        if (const auto op = view.operationAt(pos)) {
            QHelpEvent help(QEvent::ToolTip, pos, plot->mapToGlobal(pos));
            QCoreApplication::sendEvent(plot, &help);
            QTRY_COMPARE(QToolTip::text(), view.describe(*op));
        }
    }

    // "optimum 11" and the bounds sit in a margin above the first row: inside the widget, out of
    // the rows' rectangle, at the line's time.
    void referenceLabelNeverCoversBars() {
        GanttView view;
        const auto schedule = makeSchedule(8);
        showSchedule(view, schedule, QSize(900, 400));
        view.setReferenceLine(schedule->makespan * 0.8, QStringLiteral("optimum 11"));
        view.plot()->replot();
        QCPItemText* label = nullptr;
        for (int i = 0; i < view.plot()->itemCount(); ++i) {
            auto* text = qobject_cast<QCPItemText*>(view.plot()->item(i));
            if (text && text->text() == QStringLiteral("optimum 11")) {
                label = text;
            }
        }
        QVERIFY(label && label->visible());
        const QRect rows = view.plot()->axisRect()->rect();
        const QRectF box(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition());
        QVERIFY2(box.bottom() <= rows.top() + 0.5,
                 qPrintable(QStringLiteral("label %1..%2, rows from %3")
                                .arg(box.top())
                                .arg(box.bottom())
                                .arg(rows.top())));
        QVERIFY(box.top() >= 0);
        QVERIFY(box.right() <= view.plot()->xAxis->coordToPixel(schedule->makespan * 0.8) + 1);
        // Without a line, the rows get their room back.
        view.setReferenceLine(std::nullopt);
        view.plot()->replot();
        QVERIFY(view.plot()->axisRect()->rect().top() < rows.top());
    }

    // A reception over a task or a reduction block (the steady state's periodic schedules
    // receive while they compute) is drawn in the reception bar's own colour, the one its
    // legend swatch shows, not blended into an olive that no legend explains (issue #29).
    void receptionOverABlockKeepsItsColour() {
        auto bars = std::make_shared<GanttBars>();
        bars->rows = 2;
        bars->end = 10.0;
        bars->arrows = {GanttArrow{0, 1, 2.0, 6.0}};
        bars->blocks = {GanttBlock{1, 1.0, 8.0}};
        bars->activeUntil = {10.0, 10.0};
        for (bool dark : {false, true}) {
            GanttView view;
            Theme theme;
            theme.dark = dark;
            view.setTheme(theme);
            view.setBars(bars);
            const QImage image = view.plot()->toPixmap(800, 300).toImage();
            const QColor r = theme.reception(theme.transfer());
            // 8 bits a channel, as the image has them.
            const double a = r.alphaF();
            const QColor under = theme.reduction();
            const QColor olive(
                QColor::fromRgbF(static_cast<float>(r.redF() * a + under.redF() * (1 - a)),
                                 static_cast<float>(r.greenF() * a + under.greenF() * (1 - a)),
                                 static_cast<float>(r.blueF() * a + under.blueF() * (1 - a)))
                    .rgb());
            QCOMPARE(rl::test::countColour(image, olive), 0);
            QVERIFY(rl::test::countColour(image, theme.receptionBar(theme.transfer())) > 100);
            QVERIFY(rl::test::countColour(image, theme.reduction()) > 100);
            // And the legend shows that band.
            bool explained = false;
            for (int i = 0; i < view.plot()->legend->itemCount(); ++i) {
                auto* item = qobject_cast<QCPPlottableLegendItem*>(view.plot()->legend->item(i));
                explained = explained || (item && item->plottable()->name() == "receiving" &&
                                          item->plottable()->pen().color() ==
                                              theme.receptionBar(theme.transfer()));
            }
            QVERIFY(explained);
        }
    }
};

QTEST_MAIN(TestGanttView)
#include "test_gantt_view.moc"
