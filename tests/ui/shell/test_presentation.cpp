// The lecture hall: presentation mode scales every widget of every page, titles keep the
// algorithm and its makespan whole at 1280x720, the dark theme reaches every page and export,
// full screen hides the settings, trees of up to 32 processors label every node, the Help pane
// explains the window's words and marks, and the window's texts say things in plain words.
#include "analysis/sweep_panel.h"
#include "base/version.h"
#include "explorer/algorithm_pane.h"
#include "explorer/animation_controller.h"
#include "explorer/config_panel.h"
#include "panels/theory_panel.h"
#include "shell/help_pane.h"
#include "shell/main_window.h"
#include "views/gantt_view.h"
#include "views/legend_strip.h"
#include "views/tree_view.h"

#include <qcustomplot.h>

#include <QAbstractButton>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QToolButton>
#include <QtTest>

#include <map>

using namespace rl;

namespace {

void waitForRun(MainWindow& w, int n, std::size_t panes) {
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && w.session()->result()->scenario.n == n &&
                                 w.panes().size() == panes && !w.session()->isRunning(),
                             10000);
    w.animation()->pause();
    w.animation()->toEnd();
    QTest::qWait(50);
}

// The window as a lecturer meets it on a 1280x720 projector, the demo shown; nothing is saved.
void openDemo(MainWindow& w) {
    w.setInteractive(false);
    w.setRemembersView(false);
    w.setPresentation(false);
    w.resize(1280, 720);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    waitForRun(w, 16, 2);
}

// Lets layouts, deferred fits and throttled replots settle.
void settle() {
    for (int i = 0; i < 5; ++i) {
        QCoreApplication::processEvents();
        QTest::qWait(20);
    }
}

// Every tab shown once, so that each page has built what it shows (the analysis panels start
// small runs: the tests make them cheap first).
void visitEveryTab(MainWindow& w) {
    for (int i = 0; i < w.tabs()->count(); ++i) {
        w.tabs()->setCurrentIndex(i);
        settle();
    }
    w.tabs()->setCurrentIndex(0);
    settle();
}

// Small analysis runs, so that the panels have figures fast.
void makeSweepsCheap(MainWindow& w) {
    for (SweepPanel* panel : w.findChildren<SweepPanel*>()) {
        SweepSpec spec = panel->params()->spec();
        spec.n = 8;
        spec.replicates = 40;
        spec.cvs = {0.1, 1.0};
        spec.ratios = spec.ratios.size() > 1 ? std::vector<double>{0.5, 2.0} : spec.ratios;
        panel->params()->setSpec(spec);
        QVERIFY(panel->run());
    }
    for (SweepPanel* panel : w.findChildren<SweepPanel*>()) {
        QTRY_VERIFY_WITH_TIMEOUT(panel->figure()->snapshot() &&
                                     panel->figure()->snapshot()->complete &&
                                     !panel->runner()->isRunning(),
                                 20000);
        panel->figure()->flush();
    }
}

QCPTextElement* titleOf(QCustomPlot* plot) {
    for (QCPLayoutElement* e : plot->plotLayout()->elements(true)) {
        if (auto* t = qobject_cast<QCPTextElement*>(e)) {
            return t;
        }
    }
    return nullptr;
}

// Every line of a title element is as wide as its rectangle at most: nothing is cut.
bool titleFits(QCPTextElement* title, QString* why) {
    const QFontMetricsF fm(title->font());
    for (const QString& line : title->text().split('\n')) {
        if (fm.horizontalAdvance(line) > title->outerRect().width() + 1) {
            *why = QStringLiteral("'%1' is %2 px wide in %3 px")
                       .arg(line)
                       .arg(fm.horizontalAdvance(line))
                       .arg(title->outerRect().width());
            return false;
        }
    }
    return true;
}

// The fonts of every widget, and those the plots and trees paint with, by widget and part.
using FontSizes = std::map<std::pair<const QObject*, QString>, double>;

FontSizes fontSizes(MainWindow& w) {
    FontSizes sizes;
    for (QWidget* widget : w.findChildren<QWidget*>()) {
        const QString name = QString::fromLatin1(widget->metaObject()->className());
        sizes[{widget, name}] = widget->font().pointSizeF();
        if (auto* plot = qobject_cast<QCustomPlot*>(widget)) {
            int a = 0;
            for (QCPAxisRect* rect : plot->axisRects()) {
                for (QCPAxis* axis : rect->axes()) {
                    sizes[{widget, name + QStringLiteral(" axis %1").arg(a++)}] =
                        axis->tickLabelFont().pointSizeF();
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
        const std::vector<std::vector<AlgorithmId>> sets = {
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

    // F1 and the Help menu: keys, a glossary of the window's words, the legend drawn by the
    // views, About with the version and the licence.
    void helpExplainsTheWindow() {
        MainWindow w;
        openDemo(w);
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(!w.helpDock()->isVisible());
        QTest::keyClick(&w, Qt::Key_F1);
        QVERIFY(w.helpDock()->isVisible());
        const QString text = w.help()->browser()->toPlainText();
        for (const char* key : {"F1", "F5", "F11", "Ctrl+D", "Space", "Esc"}) {
            QVERIFY2(text.contains(key), qPrintable(key));
        }
        // The words of the issue, and those the narration and the panels use.
        for (const char* term :
             {"slot", "reception 3", "[4,5]", "T(1,1,2)@P1", "makespan", "critical path",
              "replicate", "CV", "seed", "Markov chain", "quantiles", "throughput"}) {
            QVERIFY2(text.contains(term), qPrintable(term));
        }
        for (const QString& term : HelpPane::glossaryTerms()) {
            QVERIFY2(text.contains(term), qPrintable(term));
        }
        QVERIFY(text.contains(QStringLiteral("GPL-3.0-or-later")));
        QVERIFY(text.contains(QString::fromLatin1(kVersion)));
        QVERIFY(text.contains(QStringLiteral("RR-8315")));
        // The legend's pictures are drawn (one per mark of the tree and of the chart).
        QTextDocument* doc = w.help()->browser()->document();
        for (const char* name : {"in-flight", "holding", "sent", "complete", "transfer",
                                 "reception", "reduction", "critical-path", "cursor"}) {
            const QVariant image =
                doc->resource(QTextDocument::ImageResource, QUrl(QStringLiteral("swatch:") + name));
            QVERIFY2(image.isValid() && !image.value<QImage>().isNull(), name);
        }
        QTest::keyClick(&w, Qt::Key_F1);
        QVERIFY(!w.helpDock()->isVisible());
    }

    // No "RR §5" or "SPEC §3" in what the window says: labels, buttons, group titles, tabs,
    // combo items, table headers, figure titles and legends, the narration. Tooltips and the
    // Help may cite.
    void plainWordsInTheWindow() {
        MainWindow w;
        openDemo(w);
        makeSweepsCheap(w);
        visitEveryTab(w);
        auto* theory = w.findChild<TheoryPanel*>();
        theory->waitForIdle();
        QStringList texts;
        for (QWidget* widget : w.findChildren<QWidget*>()) {
            if (qobject_cast<QTextBrowser*>(widget)) {
                continue; // the Help
            }
            if (auto* l = qobject_cast<QLabel*>(widget)) {
                texts << l->text();
            } else if (auto* b = qobject_cast<QAbstractButton*>(widget)) {
                texts << b->text();
            } else if (auto* g = qobject_cast<QGroupBox*>(widget)) {
                texts << g->title();
            } else if (auto* c = qobject_cast<QComboBox*>(widget)) {
                for (int i = 0; i < c->count(); ++i) {
                    texts << c->itemText(i);
                }
            } else if (auto* t = qobject_cast<QTableWidget*>(widget)) {
                for (int i = 0; i < t->columnCount(); ++i) {
                    if (t->horizontalHeaderItem(i)) {
                        texts << t->horizontalHeaderItem(i)->text();
                    }
                }
            } else if (auto* plot = qobject_cast<QCustomPlot*>(widget)) {
                if (QCPTextElement* title = titleOf(plot)) {
                    texts << title->text();
                }
                for (int i = 0; i < plot->legend->itemCount(); ++i) {
                    if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i))) {
                        texts << item->plottable()->name();
                    }
                }
            }
        }
        for (int i = 0; i < w.tabs()->count(); ++i) {
            texts << w.tabs()->tabText(i);
        }
        for (int i = 0; i < w.narrationList()->count(); ++i) {
            texts << w.narrationList()->item(i)->text();
        }
        QVERIFY(texts.size() > 200);
        QStringList cited;
        for (const QString& t : texts) {
            if (t.contains(QStringLiteral("§")) || t.contains(QStringLiteral("RR ")) ||
                t.contains(QStringLiteral("SPEC"))) {
                cited << t;
            }
        }
        QVERIFY2(cited.isEmpty(), qPrintable(cited.join(QStringLiteral(" | "))));
    }
};

QTEST_MAIN(TestPresentation)
#include "test_presentation.moc"
