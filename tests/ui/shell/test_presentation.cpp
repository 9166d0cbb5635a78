// The lecture hall: presentation mode scales every widget of every page, titles keep the
// algorithm and its makespan whole at 1280x720, the dark theme reaches every page and export,
// full screen hides the settings, trees of up to 32 processors label every node.
#include "analysis/sweep_panel.h"
#include "explorer/algorithm_pane.h"
#include "explorer/animation_controller.h"
#include "explorer/config_panel.h"
#include "shell/main_window.h"
#include "views/gantt_view.h"
#include "views/legend_strip.h"
#include "views/ratio_map_figure.h"
#include "views/tree_view.h"
#include "window_fixture.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <map>

using namespace rl;
using namespace rl::test;

namespace {

// The fonts of every widget, and those the plots and trees paint with, by widget and part.
using FontSizes = std::map<std::pair<const QObject*, QString>, double>;

FontSizes fontSizes(MainWindow& w) {
    FontSizes sizes;
    for (QWidget* widget : w.findChildren<QWidget*>()) {
        const QString name = QString::fromLatin1(widget->metaObject()->className());
        sizes[{widget, name}] = widget->font().pointSizeF();
        if (auto* plot = qobject_cast<QCustomPlot*>(widget)) {
            // A Gantt chart's row labels take the rows' height (down to 70 % of the font): their
            // size follows the rows as well as the scale (test_run_figure checks them), so its
            // row axes are checked by their title font.
            const bool gantt = qobject_cast<GanttView*>(plot->parentWidget()) != nullptr;
            int a = 0;
            for (QCPAxisRect* rect : plot->axisRects()) {
                for (QCPAxis* axis : rect->axes()) {
                    const bool rows = gantt && axis->orientation() == Qt::Vertical;
                    sizes[{widget, name + QStringLiteral(" axis %1").arg(a++)}] =
                        rows ? axis->labelFont().pointSizeF() : axis->tickLabelFont().pointSizeF();
                }
            }
            sizes[{widget, name + " legend"}] = plot->legend->font().pointSizeF();
            if (QCPTextElement* t = titleOf(plot)) {
                sizes[{widget, name + " title"}] = t->font().pointSizeF();
            }
        }
        if (auto* tree = qobject_cast<TreeView*>(widget)) {
            sizes[{widget, name + " paint"}] = tree->paintFont().pixelSize();
        }
    }
    return sizes;
}

} // namespace

class TestPresentation : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ReduceLabTests"));
    }

    // One factor for every font of every widget of every page: fonts of their own that did
    // not follow (the narration used to) fail here with their class name.
    void presentationScalesEveryWidget() {
        MainWindow w;
        openDemo(w);
        makeSweepsCheap(w);
        visitEveryTab(w);
        const auto before = fontSizes(w);
        const int iconBefore =
            w.explorer()->findChildren<QToolButton*>().front()->iconSize().width();
        w.setPresentation(true);
        settle();
        visitEveryTab(w);
        const auto after = fontSizes(w);
        QStringList unscaled;
        for (const auto& [key, size] : before) {
            const auto it = after.find(key);
            QVERIFY2(it != after.end(), qPrintable(key.second)); // no widget went away
            // Pixel sizes of the trees round to whole pixels.
            if (std::abs(it->second / size - Theme::kPresentationScale) > 0.05) {
                unscaled
                    << QStringLiteral("%1: %2 -> %3").arg(key.second).arg(size).arg(it->second);
            }
        }
        QVERIFY2(unscaled.isEmpty(), qPrintable(unscaled.join(QStringLiteral("\n"))));
        QVERIFY(before.size() > 300); // every page's widgets were there
        // Sizes too: the transport bar's icons.
        const int iconAfter =
            w.explorer()->findChildren<QToolButton*>().front()->iconSize().width();
        QVERIFY2(iconAfter >= iconBefore * 1.5, qPrintable(QString::number(iconAfter)));
        // And back.
        w.setPresentation(false);
        settle();
        const auto back = fontSizes(w);
        for (const auto& [key, size] : before) {
            QCOMPARE(back.at(key), size);
        }
    }

    // The issue's clipped titles: "onacci-stat — makespan 8.7", "·dyn — makespan 9.6237
    // (Markov chain: mean 7.3912, sd 1.". At 1280x720 in presentation mode the algorithm and
    // its makespan are whole, every line fits its rectangle, the Markov detail is shown or in
    // the tooltip; the counter fits too.
    void titlesStayWholeAt1280x720() {
        MainWindow w;
        openDemo(w);
        for (bool presentation : {false, true}) {
            w.setPresentation(presentation);
            Scenario s = Scenario::demo();
            s.n = 9 + (presentation ? 1 : 0);
            s.algorithms = {AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn};
            s.transfer = Law::exponential(1.0);
            s.reduction = Law::exponential(0.5);
            w.openInExplorer(s);
            waitForRun(w, s.n, 2);
            settle();
            QVERIFY(w.session()->result()->treeDynChain);
            for (std::size_t i = 0; i < w.panes().size(); ++i) {
                GanttView* g = w.panes()[i]->gantt();
                g->plot()->replot();
                const double makespan = w.session()->result()->schedules[i]->makespan;
                const QString name =
                    i == 0 ? QStringLiteral("Fibonacci-stat") : QStringLiteral("Tree-dyn");
                const QString whole =
                    QStringLiteral("%1 — makespan %2").arg(name).arg(makespan, 0, 'g', 5);
                const QString shown = g->shownTitle();
                QVERIFY2(shown.contains(whole), qPrintable(shown + " / " + whole));
                QString why;
                QVERIFY2(titleFits(titleOf(g->plot()), &why), qPrintable(why));
            }
            // The counter: its text fits its label.
            auto* counter = w.explorer()->findChild<QLabel*>();
            QVERIFY(counter);
            for (QLabel* l : w.explorer()->findChildren<QLabel*>()) {
                if (l->text().startsWith(QStringLiteral("t = "))) {
                    QVERIFY2(l->fontMetrics().horizontalAdvance(l->text()) <= l->width(),
                             qPrintable(l->text()));
                }
            }
        }
        // The analysis figures' long titles wrap within their plots, each on its tab.
        makeSweepsCheap(w);
        int figures = 0;
        for (int i = 0; i < w.tabs()->count(); ++i) {
            if (auto* panel = qobject_cast<SweepPanel*>(w.tabs()->widget(i))) {
                w.tabs()->setCurrentIndex(i);
                settle();
                panel->figure()->plot()->replot();
                QString why;
                QVERIFY2(titleFits(titleOf(panel->figure()->plot()), &why), qPrintable(why));
                QVERIFY(panel->figure()->shownTitle().contains(QStringLiteral("n = 8")));
                ++figures;
            }
        }
        QCOMPARE(figures, 3);
    }

    // Every widget of every page takes the dark palette; every plot, tree and legend paints
    // a dark background, the model panels' Gantt charts included; exports too.
    void darkThemeReachesEveryPage() {
        MainWindow w;
        openDemo(w);
        makeSweepsCheap(w);
        w.setDark(true);
        visitEveryTab(w);
        const Theme dark = w.theme();
        QVERIFY(dark.dark);
        const QColor window = dark.palette().color(QPalette::Window);
        QStringList light;
        for (QWidget* widget : w.findChildren<QWidget*>()) {
            if (widget->palette().color(QPalette::Window) != window) {
                light << QString::fromLatin1(widget->metaObject()->className());
            }
        }
        QVERIFY2(light.isEmpty(), qPrintable(light.join(", ")));
        auto isDark = [&](const QImage& image) {
            return QColor(image.pixel(2, 2)).lightness() < 60;
        };
        int plots = 0;
        for (QCustomPlot* plot : w.findChildren<QCustomPlot*>()) {
            const QImage image = plot->toPixmap(400, 300).toImage();
            QVERIFY2(isDark(image), plot->parent()->metaObject()->className());
            ++plots;
        }
        QCOMPARE(plots, 2 + 3 + 2); // the explorer's two charts, three figures, two models
        for (TreeView* tree : w.findChildren<TreeView*>()) {
            QVERIFY(isDark(tree->grab().toImage()));
        }
        QVERIFY(isDark(w.explorer()->legend()->grab().toImage()));
        QTemporaryDir dir;
        QVERIFY(w.exportGantt(dir.filePath("g.png")));
        QVERIFY(isDark(QImage(dir.filePath("g-fibonacci.png"))));
        QVERIFY(w.exportTree(dir.filePath("t.png")));
        QVERIFY(isDark(QImage(dir.filePath("t-tree-dyn.png"))));
        // And back to light everywhere.
        w.setDark(false);
        settle();
        for (QCustomPlot* plot : w.findChildren<QCustomPlot*>()) {
            QVERIFY(!isDark(plot->toPixmap(400, 300).toImage()));
        }
        QCOMPARE(w.explorer()->palette().color(QPalette::Window),
                 Theme{}.palette().color(QPalette::Window));
    }

    // F11: the views, the transport bar and a few narration lines; no settings, menus or
    // status bar, whose keys still work; F11 or Esc comes back.
    void fullScreenHidesTheSettings() {
        MainWindow w;
        openDemo(w);
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.configDock()->isVisible());
        QTest::keyClick(&w, Qt::Key_F11);
        QVERIFY(w.isFullScreenMode());
        settle();
        QVERIFY(!w.configDock()->isVisible());
        QVERIFY(!w.menuBar()->isVisible());
        QVERIFY(!w.statusBar()->isVisible());
        QVERIFY(w.narrationList()->isVisible());
        QVERIFY(w.explorer()->visibleNarrationLines() >= 3);
        for (AlgorithmPane* p : w.panes()) {
            QVERIFY(p->isVisible());
        }
        // The dock stays hidden on the other tabs and back.
        w.tabs()->setCurrentIndex(1);
        w.tabs()->setCurrentIndex(0);
        QVERIFY(!w.configDock()->isVisible());
        // The menus' keys still work: F5.
        QTest::keyClick(&w, Qt::Key_F5);
        QVERIFY(w.theme().presentation);
        QTest::keyClick(&w, Qt::Key_Escape);
        QVERIFY(!w.isFullScreenMode());
        settle();
        QVERIFY(w.configDock()->isVisible());
        QVERIFY(w.menuBar()->isVisible());
    }

    // The ratio map's colour bar in presentation mode, on screen and exported then: the
    // gradient fills the bar from blue (bottom, A faster) to red (top), and the bar stays left
    // of its tick labels.
    void ratioMapColourBarInPresentation() {
        MainWindow w;
        openDemo(w);
        makeSweepsCheap(w);
        RatioMapFigure* figure = w.findChild<RatioMapFigure*>();
        QVERIFY(figure);
        for (int i = 0; i < w.tabs()->count(); ++i) {
            if (w.tabs()->widget(i)->isAncestorOf(figure)) {
                w.tabs()->setCurrentIndex(i);
            }
        }
        w.setPresentation(true);
        settle();
        QTemporaryDir dir;
        QString error;
        QVERIFY2(figure->exportTo(dir.filePath("map.png"), &error, QSize(1000, 640)),
                 qPrintable(error));
        const QImage image(dir.filePath("map.png"));
        auto* scale = figure->plot()->findChild<QCPColorScale*>();
        QVERIFY(scale);
        // The export's layout (logical pixels; the PNG is twice as large): the bar is the
        // left part of the scale's rectangle, its tick labels right of it.
        const QRect rect = scale->rect();
        QCOMPARE(scale->barWidth(), static_cast<int>(std::lround(w.theme().px(20.0))));
        const int x = 2 * rect.left() + scale->barWidth();
        const QColor top(image.pixel(x, 2 * rect.top() + 6));
        const QColor middle(image.pixel(x, 2 * rect.center().y()));
        const QColor bottom(image.pixel(x, 2 * rect.bottom() - 6));
        QVERIFY2(top.red() > 150 && top.blue() < 90, qPrintable(top.name()));
        QVERIFY2(bottom.blue() > 150 && bottom.red() < 90, qPrintable(bottom.name()));
        QVERIFY2(middle.lightness() > 200, qPrintable(middle.name()));
        // Nothing is painted over the bar: down its column every pixel is a gradient colour,
        // and each is bluer than the one above.
        int previousBlue = -1;
        for (int y = 2 * rect.top() + 4; y < 2 * rect.bottom() - 4; y += 8) {
            const QColor c(image.pixel(x, y));
            QVERIFY2(c.saturation() > 20 || c.lightness() > 200, qPrintable(c.name()));
            QVERIFY2(c.blue() >= previousBlue - 2, qPrintable(c.name()));
            previousBlue = c.blue();
        }
        // The tick labels right of the bar: the text colour appears there, not on the bar.
        bool text = false;
        for (int y = 2 * rect.top(); y < 2 * rect.bottom() && !text; ++y) {
            for (int dx = 2 * scale->barWidth() + 4; dx < 2 * rect.width() && !text; ++dx) {
                text = QColor(image.pixel(2 * rect.left() + dx, y)).lightness() < 80;
            }
        }
        QVERIFY(text);
    }

    // On a 1280x720 projector in presentation mode every Gantt row is labelled (left, or every
    // other one on the right), at 70 % of the chart's font or more: the demo's two algorithms
    // (compare mode shares one time axis, written under the bottom chart only) and one
    // algorithm with 32 processors.
    void everyGanttRowLabelledInPresentation_data() {
        QTest::addColumn<int>("n");
        QTest::addColumn<bool>("compare");
        QTest::newRow("the demo: n = 16, two algorithms") << 16 << true;
        QTest::newRow("n = 32, one algorithm") << 32 << false;
    }
    void everyGanttRowLabelledInPresentation() {
        QFETCH(int, n);
        QFETCH(bool, compare);
        MainWindow w;
        openDemo(w);
        w.setPresentation(true);
        Scenario s = Scenario::demo();
        s.n = n;
        if (!compare) {
            s.algorithms = {AlgorithmId::TreeDyn};
        }
        w.openInExplorer(s);
        waitForRun(w, n, s.algorithms.size());
        settle();
        Theme hall;
        hall.presentation = true;
        const int em = QFontInfo(hall.font()).pixelSize();
        using Text = GanttView::TimeAxisText;
        for (std::size_t i = 0; i < w.panes().size(); ++i) {
            GanttView* g = w.panes()[i]->gantt();
            const bool last = i + 1 == w.panes().size();
            QCOMPARE(g->timeAxisText(),
                     !compare ? Text::NumbersAndName : (last ? Text::Numbers : Text::None));
            QCustomPlot* plot = g->plot();
            plot->replot(QCustomPlot::rpImmediateRefresh); // labels for the final size
            QSet<long long> rows;
            for (QCPAxis* axis : {plot->yAxis, plot->yAxis2}) {
                if (!axis->visible() || !axis->tickLabels()) {
                    continue;
                }
                QVERIFY2(QFontInfo(axis->tickLabelFont()).pixelSize() >= 0.7 * em,
                         qPrintable(QString::number(QFontInfo(axis->tickLabelFont()).pixelSize())));
                for (double tick : axis->tickVector()) {
                    rows.insert(std::llround(tick));
                }
            }
            for (int row = 0; row < n; ++row) {
                QVERIFY2(rows.contains(row),
                         qPrintable(QStringLiteral("P%1 of pane %2 (rows %3 px)")
                                        .arg(row)
                                        .arg(i)
                                        .arg(plot->axisRect()->height())));
            }
        }
        if (compare) {
            // The charts' rows are as tall as each other's (the bottom pane takes the axis).
            const int top = w.panes().front()->gantt()->plot()->axisRect()->height();
            const int bottom = w.panes().back()->gantt()->plot()->axisRect()->height();
            QVERIFY2(std::abs(top - bottom) <= 4,
                     qPrintable(QStringLiteral("%1 / %2").arg(top).arg(bottom)));
        }
    }

    // In presentation mode at 1280x720 the settings never scroll sideways (fields go under
    // their labels), whichever cost page is shown, and the time slider keeps its room.
    void settingsFitAndSliderKeepsRoom() {
        MainWindow w;
        openDemo(w);
        w.setPresentation(true);
        settle();
        auto* scroll = qobject_cast<QScrollArea*>(w.configDock()->widget());
        QVERIFY(scroll);
        const auto modes = w.configPanel()->findChildren<QComboBox*>();
        QComboBox* mode = nullptr;
        for (QComboBox* c : modes) {
            if (c->findData(static_cast<int>(CostMode::FixedMatrix)) >= 0) {
                mode = c;
            }
        }
        QVERIFY(mode);
        for (int i = 0; i < mode->count(); ++i) {
            mode->setCurrentIndex(i);
            settle();
            QVERIFY2(scroll->widget()->width() <= scroll->viewport()->width(),
                     qPrintable(QStringLiteral("%1: settings %2 px in %3 px")
                                    .arg(mode->currentText())
                                    .arg(scroll->widget()->width())
                                    .arg(scroll->viewport()->width())));
            QVERIFY(!scroll->horizontalScrollBar()->isVisible());
        }
        auto* slider = w.explorer()->findChild<QSlider*>();
        QVERIFY(slider);
        QVERIFY2(slider->width() >= 120, qPrintable(QString::number(slider->width())));
    }

    // At 720 pixels in presentation mode the narration keeps five lines or more.
    void narrationLinesInPresentation() {
        MainWindow w;
        openDemo(w);
        w.setPresentation(true);
        settle();
        QVERIFY2(w.explorer()->visibleNarrationLines() >= 5,
                 qPrintable(QString::number(w.explorer()->visibleNarrationLines())));
        QVERIFY(w.narrationList()->font().pointSizeF() > 14.0);
    }

    // Every node of a tree of up to 32 processors is labelled at 1280x720, for every algorithm
    // alone and for the demo's pair, in both modes.
    void treeLabelsUpTo32() {
        MainWindow w;
        openDemo(w);
        const std::vector<std::vector<Algorithm>> sets = {
            {AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn},
            {AlgorithmId::BinomialStat},
            {AlgorithmId::FibonacciStat},
            {AlgorithmId::TreeDyn},
            {AlgorithmId::NonCommutTreeDyn}};
        for (bool presentation : {false, true}) {
            w.setPresentation(presentation);
            for (const auto& algorithms : sets) {
                Scenario s = Scenario::demo();
                s.n = 32;
                s.algorithms = algorithms;
                w.openInExplorer(s);
                QTRY_VERIFY_WITH_TIMEOUT(
                    w.session()->result() &&
                        w.session()->result()->scenario.algorithms == algorithms &&
                        w.panes().size() == algorithms.size() && !w.session()->isRunning(),
                    10000);
                w.animation()->pause();
                w.animation()->toEnd();
                settle();
                for (AlgorithmPane* p : w.panes()) {
                    p->tree()->repaint();
                    QVERIFY2(p->tree()->labelledNodeCount() == s.n,
                             qPrintable(QStringLiteral("%1 of %2 labelled, %3, presentation %4")
                                            .arg(p->tree()->labelledNodeCount())
                                            .arg(s.n)
                                            .arg(p->gantt()->shownTitle())
                                            .arg(presentation)));
                }
            }
        }
    }

    // Leaving the explorer hides the settings dock: the tabs stay where they were, so that
    // successive clicks hit the tabs the user aims at (they moved left by the dock's width),
    // in presentation mode at 1280x720 and back.
    void tabsStayPutWhenTheDockHides() {
        MainWindow w;
        openDemo(w);
        w.setPresentation(true);
        settle();
        QTabBar* bar = w.pageBar();
        QVERIFY(bar && bar->isVisible());
        QCOMPARE(bar->count(), w.tabs()->count());
        auto places = [&] {
            QList<QRect> rects;
            for (int i = 0; i < bar->count(); ++i) {
                rects << QRect(bar->mapTo(&w, bar->tabRect(i).topLeft()), bar->tabRect(i).size());
            }
            return rects;
        };
        const QList<QRect> before = places();
        QVERIFY(w.configDock()->isVisible());
        // Clicks where the tabs were: each hits its tab, the dock comes and goes.
        for (int i : {1, 2, 0, 3, 0}) {
            QTest::mouseClick(bar, Qt::LeftButton, {}, bar->mapFrom(&w, before[i].center()));
            settle();
            QCOMPARE(w.tabs()->currentIndex(), i);
            QCOMPARE(w.configDock()->isVisible(), i == 0);
            QCOMPARE(places(), before);
        }
        // Every tab whole on the bar: none hidden behind scroll buttons.
        for (const QRect& r : before) {
            QVERIFY(w.rect().contains(r));
        }
    }
};

QTEST_MAIN(TestPresentation)
#include "test_presentation.moc"
