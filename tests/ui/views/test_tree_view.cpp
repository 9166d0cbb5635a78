// The reduction-tree view under the offscreen platform (its layout: tests/core/schedule/
// test_tree_layout): edges that follow the animation cursor, clicks and zoom, atomic exports,
// and a paint of n = 4096 that stays fast.
#include "algorithms/algorithm_registry.h"
#include "algorithms/simulator.h"
#include "schedule/timeline.h"
#include "views/tree_view.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolTip>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace rl;

namespace {

std::shared_ptr<const Schedule> makeSchedule(const Algorithm& id, int n, std::uint64_t seed = 1) {
    // Tree-dyn pairs any two processors: it only exists in commutative mode.
    const bool nonCommutative = id == AlgorithmId::NonCommutTreeDyn;
    Simulator sim(id, n, nonCommutative,
                  CostModel::perOperation(Law::gamma(1, 0.5), Law::gamma(0.5, 0.5)));
    return std::make_shared<const Schedule>(sim.schedule(seed, 0));
}

QByteArray head(const QString& path, int bytes) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.read(bytes) : QByteArray();
}

} // namespace

class TestTreeView : public QObject {
    Q_OBJECT
  private slots:
    void nodeCountIsN() {
        TreeView view;
        QCOMPARE(view.nodeCount(), 0);
        QCOMPARE(view.visibleEdgeCount(), 0);
        for (int n : {1, 2, 7, 16, 100, 333}) {
            view.setSchedule(makeSchedule(AlgorithmId::TreeDyn, n));
            QCOMPARE(view.nodeCount(), n);
            // Before any cursor is set the whole tree shows.
            QCOMPARE(view.visibleEdgeCount(), n - 1);
        }
        view.setSchedule(nullptr);
        QCOMPARE(view.nodeCount(), 0);
    }

    void singleProcessor() {
        const auto s = makeSchedule(AlgorithmId::BinomialStat, 1);
        TreeView view;
        view.resize(300, 200);
        view.setSchedule(s);
        QCOMPARE(view.nodeCount(), 1);
        QCOMPARE(view.visibleEdgeCount(), 0);
        QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
        view.render(&image);
    }

    // The caption (algorithm, n, depth, time) is never cut mid-word: where it does not fit, the
    // depth, then n, then the time are left out whole (it was "Fibonacci-stat  ·  n = 16  ·
    // depth…" in a compare-mode pane in presentation mode).
    void captionLeavesPartsOutWhole() {
        TreeView view;
        view.setSchedule(makeSchedule(AlgorithmId::FibonacciStat, 16));
        view.setCursorTime(5.25);
        view.resize(1200, 300);
        QVERIFY2(view.caption().startsWith("Fibonacci-stat  ·  n = 16  ·  depth ") &&
                     view.caption().endsWith("  ·  t = 5.25"),
                 qPrintable(view.caption()));
        Theme hall;
        hall.presentation = true;
        view.setTheme(hall);
        QStringList seen;
        for (int width = 900; width >= 260; width -= 10) {
            view.resize(width, 240);
            const QString c = view.caption();
            QVERIFY2(c.startsWith("Fibonacci-stat"), qPrintable(c));
            QVERIFY2(!c.contains(QChar(0x2026)), qPrintable(c)); // no ellipsis
            QVERIFY2(c == "Fibonacci-stat" || c.endsWith("t = 5.25"), qPrintable(c));
            if (seen.isEmpty() || seen.back() != c) {
                seen << c;
            }
        }
        // Every step down was passed through: depth, then n, then the time left out.
        QCOMPARE(seen.size(), 4);
        QVERIFY(seen[1].contains("n = 16") && !seen[1].contains("depth"));
        QCOMPARE(seen[2], QStringLiteral("Fibonacci-stat  ·  t = 5.25"));
        QCOMPARE(seen[3], QStringLiteral("Fibonacci-stat"));
    }

    void edgesFollowTheCursor_data() {
        QTest::addColumn<int>("algorithm");
        for (const Algorithm& a : algorithms()) {
            QTest::addRow("%s", std::string(a.key()).c_str())
                << static_cast<int>(&a - algorithms().data());
        }
    }
    void edgesFollowTheCursor() {
        QFETCH(int, algorithm);
        const int n = 37;
        const auto s = makeSchedule(static_cast<AlgorithmId>(algorithm), n);
        TreeView view;
        view.setSchedule(s);
        view.setCursorTime(-1.0);
        QCOMPARE(view.visibleEdgeCount(), 0);
        int last = 0;
        for (const TimelineEvent& e : buildTimeline(*s)) {
            view.setCursorTime(e.time);
            QVERIFY(view.visibleEdgeCount() >= last);
            last = view.visibleEdgeCount();
        }
        view.setCursorTime(s->makespan);
        QCOMPARE(view.visibleEdgeCount(), n - 1);
        view.setCursorTime(std::numeric_limits<double>::infinity());
        QCOMPARE(view.visibleEdgeCount(), n - 1);
    }

    // Issue #39: in a short pane (three algorithms at 1280x720, presentation mode) a child's
    // circle touched its parent and in-flight edges vanished. Every edge between two levels
    // keeps minEdgeLength(), a dash and its gap, whatever the pane's shape and the theme.
    void shortLevelsKeepEveryEdgeVisible_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<bool>("presentation");
        QTest::newRow("wide and short") << 700 << 150 << false;
        QTest::newRow("presentation, short") << 600 << 220 << true;
        QTest::newRow("roomy") << 500 << 500 << false;
    }
    void shortLevelsKeepEveryEdgeVisible() {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(bool, presentation);
        for (const Algorithm& a :
             {Algorithm(AlgorithmId::TreeDyn), Algorithm(AlgorithmId::BinomialStat)}) {
            TreeView view;
            Theme theme;
            theme.presentation = presentation;
            view.setTheme(theme);
            view.resize(width, height);
            view.setSchedule(makeSchedule(a, 16));
            view.resetView();
            const double least = view.minEdgeLength();
            QVERIFY(least >= 6.0);
            const auto& transfers = view.schedule()->transfers;
            for (std::size_t k = 0; k < transfers.size(); ++k) {
                const QPolygonF edge = view.edgeGeometry(static_cast<int>(k));
                QVERIFY2(!edge.isEmpty(),
                         qPrintable(QStringLiteral("transfer %1 has no edge").arg(k)));
                double length = 0.0;
                for (qsizetype i = 1; i < edge.size(); ++i) {
                    length += QLineF(edge[i - 1], edge[i]).length();
                }
                QVERIFY2(length >= least - 0.5,
                         qPrintable(QStringLiteral("%1: transfer P%2 -> P%3 is %4 px, under %5")
                                        .arg(QString::fromStdString(a.name()))
                                        .arg(transfers[k].from)
                                        .arg(transfers[k].to)
                                        .arg(length)
                                        .arg(least)));
            }
        }
    }

    // Issue #39: a narrow pane cut the hint to "…oom in for labels": it is drawn whole, in a
    // shorter form where the long one does not fit, or not at all.
    void zoomHintIsWholeOrAbsent() {
        for (const int width : {600, 260, 170, 90, 40}) {
            TreeView view;
            view.resize(width, 300);
            view.setSchedule(makeSchedule(AlgorithmId::TreeDyn, 200));
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            view.resetView();
            view.repaint();
            QCOMPARE(view.labelledNodeCount(), 0);
            const QString hint = view.shownHint();
            if (width >= 600) {
                QCOMPARE(hint, QStringLiteral("wheel to zoom in for labels"));
            }
            QVERIFY2(hint.isEmpty() || hint.contains(QStringLiteral("for labels")),
                     qPrintable(hint));
            const double room = view.width() - 2 * 10.0; // the view's margins
            QVERIFY2(QFontMetricsF(view.paintFont()).horizontalAdvance(hint) <= room,
                     qPrintable(QStringLiteral("%1 px: \"%2\"").arg(width).arg(hint)));
        }
    }

    void clickSelectsAnEdge() {
        const auto s = makeSchedule(AlgorithmId::FibonacciStat, 16);
        TreeView view;
        view.resize(900, 600);
        view.setSchedule(s);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy spy(&view, &TreeView::transferClicked);
        for (int k : {0, 7, 14}) {
            const TransferOp& t = s->transfers[static_cast<std::size_t>(k)];
            const QPolygonF edge = view.edgeGeometry(k);
            QVERIFY(edge.size() >= 2);
            QCOMPARE(edge.front().x(), view.nodePosition(t.from).x()); // leaves its child upwards
            const QPointF mid = (edge[edge.size() - 2] + edge.back()) / 2.0;
            QCOMPARE(view.transferAt(mid), k);
            QTest::mouseClick(&view, Qt::LeftButton, {}, mid.toPoint());
            QCOMPARE(spy.count(), 1);
            QCOMPARE(spy.takeFirst().at(0).toInt(), k);
            QCOMPARE(view.selectedTransfer(), k);
            const QString tip = view.describeTransfer(k);
            QVERIFY(tip.contains(QStringLiteral("P%1 → P%2").arg(t.from).arg(t.to)));
            QVERIFY(tip.contains(QString::fromStdString(formatRuns(s->transferValue(k)))));
            QVERIFY(tip.contains(QStringLiteral("duration")));
            // Hovering shows the same text.
            QHelpEvent help(QEvent::ToolTip, mid.toPoint(), view.mapToGlobal(mid.toPoint()));
            QApplication::sendEvent(&view, &help);
            QTRY_VERIFY(QToolTip::isVisible());
            QCOMPARE(QToolTip::text(), tip);
            QToolTip::hideText();
        }
        // Edges that have not started yet cannot be hovered or clicked.
        view.setCursorTime(-1.0);
        const QPolygonF edge = view.edgeGeometry(0);
        QCOMPARE(view.transferAt((edge[edge.size() - 2] + edge.back()) / 2.0), -1);
        // A click on empty space clears the selection.
        QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(3, view.height() - 3));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.takeFirst().at(0).toInt(), -1);
        QCOMPARE(view.selectedTransfer(), -1);
    }

    void zoomKeepsThePointUnderTheMouse() {
        const auto s = makeSchedule(AlgorithmId::BinomialStat, 256);
        TreeView view;
        view.resize(800, 500);
        view.setSchedule(s);
        const double fitted = view.horizontalScale();
        const QPointF before = view.nodePosition(100);
        view.zoomAt(before, 3.0);
        QCOMPARE(view.horizontalScale(), fitted * 3.0);
        const QPointF after = view.nodePosition(100);
        QVERIFY(std::abs(after.x() - before.x()) < 1e-6 && std::abs(after.y() - before.y()) < 1e-6);
        // A wheel notch zooms in too, around the mouse.
        QWheelEvent wheel(before, view.mapToGlobal(before), QPoint(), QPoint(0, 120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&view, &wheel);
        QVERIFY(view.horizontalScale() > fitted * 3.0);
        QVERIFY((view.nodePosition(100) - before).manhattanLength() < 1e-6);
        // Drag pans.
        const QPointF p0 = view.nodePosition(100);
        QTest::mousePress(&view, Qt::LeftButton, {}, QPoint(400, 250));
        QMouseEvent move(QEvent::MouseMove, QPointF(450, 270), view.mapToGlobal(QPointF(450, 270)),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&view, &move);
        QTest::mouseRelease(&view, Qt::LeftButton, {}, QPoint(450, 270));
        QVERIFY((view.nodePosition(100) - (p0 + QPointF(50, 20))).manhattanLength() < 1e-6);
        view.resetView();
        QCOMPARE(view.horizontalScale(), fitted);
    }

    void exportsEveryFormat() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        TreeView view;
        view.resize(800, 500);
        view.setSchedule(makeSchedule(AlgorithmId::NonCommutTreeDyn, 24));
        view.setHighlightedTransfers({0, 3, 5});
        view.setCursorTime(3.0);
        QString error;
        const QString png = dir.filePath(QStringLiteral("tree.png"));
        const QString svg = dir.filePath(QStringLiteral("tree.svg"));
        const QString pdf = dir.filePath(QStringLiteral("tree.pdf"));
        QVERIFY2(view.exportTo(png, &error), qPrintable(error));
        QVERIFY2(view.exportTo(svg, &error), qPrintable(error));
        QVERIFY2(view.exportTo(pdf, &error), qPrintable(error));
        QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 2 * 800); // 2x device pixel ratio
        const QByteArray svgHead = head(svg, 4096);
        QVERIFY(svgHead.startsWith("<?xml") || svgHead.contains("<svg"));
        QVERIFY(head(svg, 1 << 20).contains("<path") || head(svg, 1 << 20).contains("<text"));
        QVERIFY(head(pdf, 8).startsWith("%PDF"));
        // Nothing but the three figures: no temporary file left behind.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 3);
        // Overwriting keeps a valid file.
        QVERIFY2(view.exportTo(png, &error), qPrintable(error));
        QVERIFY(!QImage(png).isNull());
    }

    void exportFailsCleanly() {
        QTemporaryDir dir;
        TreeView view;
        view.setSchedule(makeSchedule(AlgorithmId::TreeDyn, 8));
        for (const char* ext : {"png", "svg", "pdf"}) {
            const QString path = dir.filePath(QStringLiteral("missing/sub/tree.%1").arg(ext));
            QString error;
            QVERIFY(!view.exportTo(path, &error));
            QVERIFY2(error.contains(path), qPrintable(error));
            QVERIFY(!QFile::exists(path));
            QVERIFY(!QDir(dir.filePath(QStringLiteral("missing"))).exists());
        }
        QString error;
        const QString bad = dir.filePath(QStringLiteral("tree.bmpx"));
        QVERIFY(!view.exportTo(bad, &error));
        QVERIFY(error.contains(bad));
        QVERIFY(!QFile::exists(bad));
        QVERIFY(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).isEmpty());
    }

    // Every drawing path of a large tree runs (whole tree, animation frames, zoomed in with
    // labels and culling) and draws something; how fast is measured by tests/bench/gui_bench.
    void paintingLargeTrees() {
        const auto s = makeSchedule(AlgorithmId::TreeDyn, 4096);
        TreeView view;
        view.resize(1000, 700);
        view.setSchedule(s);
        view.setHighlightedTransfers({0, 1, 2, 3});
        QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
        const auto distinctColours = [&image] {
            QSet<QRgb> colours;
            for (int y = 0; y < image.height(); y += 7) {
                for (int x = 0; x < image.width(); x += 7) {
                    colours.insert(image.pixel(x, y));
                }
            }
            return colours.size();
        };
        view.render(&image);
        QVERIFY(distinctColours() > 2);
        for (int i = 0; i < 10; ++i) {
            view.setCursorTime(s->makespan * (i + 1) / 10);
            view.render(&image);
        }
        QVERIFY(distinctColours() > 2);
        view.zoomAt(view.nodePosition(s->root), 40.0);
        view.render(&image);
        QVERIFY(distinctColours() > 2);
    }

    // Every edge label the tree draws lies whole inside the view, the last one of a level
    // near the right edge included (issue #29: "1.592 → 3.1…" cut at the right edge of an
    // animation's frame); small trees at the sizes of the explorer's panes and the frames.
    void edgeLabelsStayInsideTheView() {
        int labels = 0;
        for (AlgorithmId id : {AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat,
                               AlgorithmId::TreeDyn, AlgorithmId::NonCommutTreeDyn}) {
            for (int n : {3, 4, 5, 6, 8}) {
                for (std::uint64_t seed : {1, 2, 3}) {
                    const auto s = makeSchedule(id, n, seed);
                    for (const QSize size : {QSize(380, 240), QSize(300, 300), QSize(520, 260)}) {
                        for (bool presentation : {false, true}) {
                            TreeView view;
                            Theme theme;
                            theme.presentation = presentation;
                            view.setTheme(theme);
                            view.resize(size);
                            view.setSchedule(s);
                            QImage image(size, QImage::Format_ARGB32_Premultiplied);
                            view.paint(image, QRect(QPoint(0, 0), size));
                            for (const QRectF& box : view.edgeLabelBoxes()) {
                                QVERIFY2(box.left() >= 0 && box.right() <= size.width(),
                                         qPrintable(QStringLiteral("%1, n = %2, seed %3, %4x%5: "
                                                                   "label over %6 .. %7")
                                                        .arg(s->algorithm.c_str())
                                                        .arg(n)
                                                        .arg(seed)
                                                        .arg(size.width())
                                                        .arg(size.height())
                                                        .arg(box.left())
                                                        .arg(box.right())));
                                ++labels;
                            }
                        }
                    }
                }
            }
        }
        QVERIFY2(labels > 30, qPrintable(QString::number(labels))); // labels were drawn
    }

    // Figures to look at (and a smoke test of every drawing path).
    void renderSamples() {
        const QString out = QDir::tempPath();
        TreeView view;
        view.resize(900, 560);
        QString error;
        const auto s16 = makeSchedule(AlgorithmId::TreeDyn, 16);
        view.setSchedule(s16);
        view.setHighlightedTransfers({static_cast<int>(s16->transfers.size()) - 1});
        QVERIFY2(view.exportTo(out + QStringLiteral("/tree16.png"), &error), qPrintable(error));
        view.setCursorTime(s16->makespan * 0.55);
        view.selectTransfer(5);
        QVERIFY2(view.exportTo(out + QStringLiteral("/tree16_mid.png"), &error), qPrintable(error));
        Theme dark;
        dark.dark = true;
        dark.presentation = true;
        view.setTheme(dark);
        QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
        view.render(&image);
        QVERIFY(image.save(out + QStringLiteral("/tree16_dark.png")));
        view.setTheme(Theme{});
        view.setCursorTime(std::numeric_limits<double>::infinity());

        const auto nc = makeSchedule(AlgorithmId::NonCommutTreeDyn, 16);
        view.setSchedule(nc);
        QVERIFY2(view.exportTo(out + QStringLiteral("/tree16_nctd.png"), &error),
                 qPrintable(error));

        const auto s256 = makeSchedule(AlgorithmId::BinomialStat, 256);
        view.setSchedule(s256);
        QVERIFY2(view.exportTo(out + QStringLiteral("/tree256.png"), &error), qPrintable(error));
        view.render(&image);
        QVERIFY(image.save(out + QStringLiteral("/tree256_widget.png")));
        view.zoomAt(view.nodePosition(s256->root), 6.0);
        view.render(&image);
        QVERIFY(image.save(out + QStringLiteral("/tree256_zoom.png")));
        const auto td256 = makeSchedule(AlgorithmId::TreeDyn, 256);
        view.setSchedule(td256);
        QVERIFY2(view.exportTo(out + QStringLiteral("/tree256_treedyn.png"), &error),
                 qPrintable(error));
        view.setSchedule(makeSchedule(AlgorithmId::TreeDyn, 4096));
        view.render(&image);
        QVERIFY(image.save(out + QStringLiteral("/tree4096_widget.png")));
    }
};

QTEST_MAIN(TestTreeView)
#include "test_tree_view.moc"
