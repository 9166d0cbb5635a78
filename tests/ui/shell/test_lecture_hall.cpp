// The explorer as a lecturer meets it, under a real window manager (CTest runs this test in Xvfb
// with openbox, tests/ui/shell/run_under_wm.sh, at 1280x720 and at 1920x1080): the window is
// framed, so it has less height than the screen (about 686 pixels of 720), and maximising,
// full screen and leaving it go through the window manager. In normal, presentation and full
// screen modes, with one to four algorithms: every Gantt row labelled, the time axis shown,
// the current narration line whole, every chart whole in the window; and compare mode's charts
// put a time at the same pixel column through F5, F11, Esc and maximising (issue #29).
#include "explorer/algorithm_pane.h"
#include "explorer/animation_controller.h"
#include "explorer/explorer_page.h"
#include "shell/main_window.h"
#include "views/gantt_view.h"

#include <qcustomplot.h>

#include <QDockWidget>
#include <QGuiApplication>
#include <QListWidget>
#include <QScreen>
#include <QStandardPaths>
#include <QtTest>

#include <cmath>

using namespace rl;

namespace {

// How the window is shown: maximised in the window manager's frame, or full screen (F11);
// the normal or the presentation theme (F5).
struct Mode {
    const char* name;
    bool presentation;
    bool fullScreen;
};

const Mode kModes[] = {{"normal", false, false},
                       {"presentation", true, false},
                       {"full screen", false, true},
                       {"presentation, full screen", true, true}};

std::vector<Algorithm> firstAlgorithms(int count) {
    const std::vector<AlgorithmId> all{AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat,
                                       AlgorithmId::TreeDyn, AlgorithmId::NonCommutTreeDyn};
    return {all.begin(), all.begin() + count};
}

// Lets the window manager, deferred fits and throttled replots settle: until the window's
// geometry and every chart's axis rectangle stay the same over a few turns of the event loop.
void settle(MainWindow& w) {
    auto snapshot = [&w] {
        QList<QRect> rects{w.geometry()};
        for (AlgorithmPane* p : w.panes()) {
            rects << QRect(p->gantt()->mapTo(&w, QPoint(0, 0)), p->gantt()->size())
                  << p->gantt()->plot()->axisRect()->rect();
        }
        return rects;
    };
    QList<QRect> last;
    int stable = 0;
    for (int i = 0; i < 200 && stable < 4; ++i) {
        QTest::qWait(40);
        const QList<QRect> now = snapshot();
        stable = now == last ? stable + 1 : 0;
        last = now;
    }
}

void showRun(MainWindow& w, const std::vector<Algorithm>& algorithms) {
    Scenario s = Scenario::demo();
    s.algorithms = algorithms;
    w.openInExplorer(s);
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() &&
                                 w.session()->result()->scenario.algorithms == algorithms &&
                                 w.panes().size() == algorithms.size() && !w.session()->isRunning(),
                             10000);
    w.animation()->pause();
    // Mid-run: the narration's current line is one of many, the cursor inside the charts.
    w.animation()->seek(0.55 * w.animation()->end());
}

#define CHECKED(call)                                                                              \
    do {                                                                                           \
        call;                                                                                      \
        if (QTest::currentTestFailed()) {                                                          \
            return;                                                                                \
        }                                                                                          \
    } while (false)

// The pixel column, in the window, of time `t` in each chart.
QList<double> columnsOf(MainWindow& w, double t) {
    QList<double> xs;
    for (AlgorithmPane* p : w.panes()) {
        QCustomPlot* plot = p->gantt()->plot();
        xs << plot->mapTo(&w, QPoint(0, 0)).x() + plot->xAxis->coordToPixel(t);
    }
    return xs;
}

// Charts stacked one above the other (the same column of panes) put every time at the same
// pixel column; `where` names the step of the sequence.
void checkSharedAxis(MainWindow& w, const QString& where) {
    const double end = w.animation()->end();
    for (std::size_t i = 0; i < w.panes().size(); ++i) {
        for (std::size_t j = i + 1; j < w.panes().size(); ++j) {
            QWidget* a = w.panes()[i]->gantt();
            QWidget* b = w.panes()[j]->gantt();
            if (a->mapTo(&w, QPoint(0, 0)).x() != b->mapTo(&w, QPoint(0, 0)).x()) {
                continue; // side by side: each column has its own axis
            }
            for (double t : {0.0, 0.5 * end, end}) {
                const QList<double> xs = columnsOf(w, t);
                const auto ii = static_cast<qsizetype>(i);
                const auto jj = static_cast<qsizetype>(j);
                QVERIFY2(
                    std::abs(xs[ii] - xs[jj]) <= 1.0,
                    qPrintable(
                        QStringLiteral("%1: t = %2 at x = %3 in chart %4, %5 in chart "
                                       "%6 (window %7x%8)")
                            .arg(where)
                            .arg(t)
                            .arg(xs[ii])
                            .arg(i)
                            .arg(xs[jj])
                            .arg(j)
                            .arg(w.width())
                            .arg(w.height()) +
                        QStringLiteral(" [plots %1 / %2 wide, margins %3,%4 / %5,%6]")
                            .arg(w.panes()[i]->gantt()->plot()->width())
                            .arg(w.panes()[j]->gantt()->plot()->width())
                            .arg(w.panes()[i]->gantt()->plot()->axisRect()->margins().left())
                            .arg(w.panes()[i]->gantt()->plot()->axisRect()->margins().right())
                            .arg(w.panes()[j]->gantt()->plot()->axisRect()->margins().left())
                            .arg(w.panes()[j]->gantt()->plot()->axisRect()->margins().right())));
            }
        }
    }
}

// The part of `widget` that its ancestors up to the window leave visible (not clipped), in the
// window's coordinates.
QRect shownPart(QWidget* widget, QWidget* window) {
    QRect shown(widget->mapTo(window, QPoint(0, 0)), widget->size());
    for (QWidget* a = widget->parentWidget(); a != nullptr && a != window; a = a->parentWidget()) {
        shown &= QRect(a->mapTo(window, QPoint(0, 0)), a->size());
    }
    return shown & window->rect();
}

// Every processor's row has its label at 70 % of the chart's font or more, on the left or on
// the right; the chart is whole in the window (nothing of it clipped by the panes' area); the
// bottom chart of each column writes the times, inside its widget.
void checkCharts(MainWindow& w, const QString& where) {
    const int em = QFontInfo(w.theme().font()).pixelSize();
    const int n = w.session()->result()->scenario.n;
    int axes = 0;
    for (std::size_t i = 0; i < w.panes().size(); ++i) {
        GanttView* g = w.panes()[i]->gantt();
        QCustomPlot* plot = g->plot();
        const QString chart =
            QStringLiteral("%1, chart %2 of %3").arg(where).arg(i).arg(w.panes().size());
        QVERIFY2(shownPart(g, &w).size() == g->size(),
                 qPrintable(chart + QStringLiteral(": %1 px of %2 shown")
                                        .arg(shownPart(g, &w).height())
                                        .arg(g->height())));
        QSet<long long> rows;
        for (QCPAxis* axis : {plot->yAxis, plot->yAxis2}) {
            if (!axis->visible() || !axis->tickLabels()) {
                continue;
            }
            const int px = QFontInfo(axis->tickLabelFont()).pixelSize();
            QVERIFY2(px >= 0.7 * em, qPrintable(chart + QStringLiteral(": labels of %1 px, the "
                                                                       "font is %2 px")
                                                            .arg(px)
                                                            .arg(em)));
            for (double tick : axis->tickVector()) {
                rows.insert(std::llround(tick));
            }
        }
        for (int row = 0; row < n; ++row) {
            QVERIFY2(rows.contains(row),
                     qPrintable(chart + QStringLiteral(": P%1 unlabelled (rows of %2 px)")
                                            .arg(row)
                                            .arg(plot->axisRect()->height() /
                                                 plot->yAxis->range().size())));
        }
        if (g->timeAxisText() != GanttView::TimeAxisText::None) {
            ++axes;
            QVERIFY(plot->xAxis->tickLabels());
            const int numbers = plot->axisRect()->bottom() + plot->xAxis->tickLengthOut() +
                                plot->xAxis->tickLabelPadding() +
                                QFontMetrics(plot->xAxis->tickLabelFont()).height();
            QVERIFY2(numbers <= plot->height(),
                     qPrintable(chart + QStringLiteral(": the times end at %1 in %2 px")
                                            .arg(numbers)
                                            .arg(plot->height())));
        }
    }
    QVERIFY2(axes >= 1, qPrintable(where + QStringLiteral(": no chart writes the times")));
}

// The narration's current line is shown whole (and the list shows one at least).
void checkNarration(MainWindow& w, const QString& where) {
    QListWidget* list = w.narrationList();
    QVERIFY2(list->isVisible(), qPrintable(where));
    QListWidgetItem* current = list->currentItem();
    QVERIFY2(current != nullptr, qPrintable(where + QStringLiteral(": no current line")));
    const QRect line = list->visualItemRect(current);
    QVERIFY2(list->viewport()->rect().contains(line),
             qPrintable(where + QStringLiteral(": the current line (y %1 to %2) is cut by the "
                                               "list (%3 px high)")
                                    .arg(line.top())
                                    .arg(line.bottom())
                                    .arg(list->viewport()->height())));
    QVERIFY2(shownPart(list, &w).size() == list->size(), qPrintable(where));
}

} // namespace

class TestLectureHall : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ReduceLabTests"));
        // A real window system, framed by a window manager: what this test is for.
        QCOMPARE(QGuiApplication::platformName(), QStringLiteral("xcb"));
    }

    // Every mode, one to four algorithms, at the screen's size (the window maximised in its
    // frame, or full screen).
    void layoutsLabelEveryRow() {
        MainWindow w;
        w.setInteractive(false);
        w.setRemembersView(false);
        w.showMaximized();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        // The window manager frames it: the window is shorter than the screen.
        const QRect screen = w.screen()->geometry();
        QTRY_VERIFY_WITH_TIMEOUT(w.frameGeometry().height() > w.geometry().height(), 10000);
        const QRect maximised = w.geometry();
        for (const Mode& mode : kModes) {
            // Framed: maximised, and as tall as the window manager left it (a 686-pixel
            // window on a 720-pixel screen); full screen: the whole screen.
            QList<int> heights{maximised.height()};
            if (!mode.fullScreen) {
                heights << screen.height() - 34;
            }
            for (int height : heights) {
                w.setPresentation(mode.presentation);
                if (mode.fullScreen) {
                    w.setFullScreenMode(true);
                } else if (height != maximised.height()) {
                    w.showNormal();
                    w.resize(screen.width(), height);
                }
                for (int count = 1; count <= 4; ++count) {
                    showRun(w, firstAlgorithms(count));
                    settle(w);
                    const QString where = QStringLiteral("%1x%2 %3, %4 algorithm(s), window %5x%6")
                                              .arg(screen.width())
                                              .arg(screen.height())
                                              .arg(QLatin1String(mode.name))
                                              .arg(count)
                                              .arg(w.width())
                                              .arg(w.height());
                    if (mode.fullScreen) {
                        QCOMPARE(w.geometry().size(), screen.size());
                    } else {
                        QVERIFY2(w.height() == height,
                                 qPrintable(where + QStringLiteral(" state %1 min %2x%3 frame %4")
                                                        .arg(int(w.windowState()))
                                                        .arg(w.minimumSizeHint().width())
                                                        .arg(w.minimumSizeHint().height())
                                                        .arg(w.frameGeometry().height())));
                    }
                    checkCharts(w, where);
                    checkNarration(w, where);
                    checkSharedAxis(w, where);
                    if (QTest::currentTestFailed()) {
                        return;
                    }
                }
                w.setFullScreenMode(false);
                w.showMaximized();
                settle(w);
            }
        }
    }

    // The sequences that shifted the top chart's times against the bottom one's (12 px at
    // 1280x720 after F5, F11, Esc; 25 px at 1920x1080 after F5 then maximising), and more:
    // after each key, every time at the same pixel column in both charts.
    void sharedAxisStaysAligned() {
        MainWindow w;
        w.setInteractive(false);
        w.setRemembersView(false);
        const QRect screen = QGuiApplication::primaryScreen()->availableGeometry();
        w.resize(screen.width() * 3 / 4, screen.height() * 3 / 4);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        CHECKED(showRun(w, {AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn}));
        settle(w);
        CHECKED(checkSharedAxis(w, QStringLiteral("shown")));
        auto key = [&w](Qt::Key k, const char* name) {
            QTest::keyClick(&w, k);
            settle(w);
            checkSharedAxis(w, QString::fromLatin1(name));
        };
        auto state = [&w](Qt::WindowState s, const char* name) {
            w.setWindowState(s);
            settle(w);
            checkSharedAxis(w, QString::fromLatin1(name));
        };
        CHECKED(key(Qt::Key_F5, "F5"));
        CHECKED(key(Qt::Key_F11, "F5, F11"));
        CHECKED(key(Qt::Key_Escape, "F5, F11, Esc"));
        CHECKED(state(Qt::WindowMaximized, "F5, F11, Esc, maximised"));
        CHECKED(key(Qt::Key_F5, "maximised, F5 off"));
        CHECKED(state(Qt::WindowNoState, "restored"));
        CHECKED(key(Qt::Key_F5, "restored, F5"));
        CHECKED(state(Qt::WindowMaximized, "restored, F5, maximised"));
        CHECKED(key(Qt::Key_F11, "maximised, F11"));
        CHECKED(key(Qt::Key_F5, "maximised, F11, F5"));
        CHECKED(key(Qt::Key_Escape, "maximised, F11, F5, Esc"));
        // Rows zoomed in the top chart only (Shift+wheel): its row labels change sides and
        // widths, the times stay in line with the bottom chart's.
        QCustomPlot* top = w.panes().front()->gantt()->plot();
        top->yAxis->setRange(-0.6, 3.4);
        top->replot();
        settle(w);
        CHECKED(checkSharedAxis(w, QStringLiteral("top chart's rows zoomed")));
        w.explorer()->resetZoom();
        // Three and four algorithms, stacked or in columns.
        CHECKED(showRun(w, firstAlgorithms(4)));
        settle(w);
        CHECKED(key(Qt::Key_F5, "four, F5"));
        CHECKED(key(Qt::Key_F11, "four, F5, F11"));
        CHECKED(key(Qt::Key_Escape, "four, F5, F11, Esc"));
    }
};

QTEST_MAIN(TestLectureHall)
#include "test_lecture_hall.moc"
