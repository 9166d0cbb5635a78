#pragma once
// The main window as the lecture-hall tests drive it (test_presentation, test_help): the demo
// at 1280x720, cheap analysis runs, every tab visited, layouts settled.
#include "analysis/sweep_panel.h"
#include "explorer/animation_controller.h"
#include "shell/main_window.h"

#include <qcustomplot.h>

#include <QTabWidget>
#include <QtTest>

namespace rl::test {

inline void waitForRun(MainWindow& w, int n, std::size_t panes) {
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && w.session()->result()->scenario.n == n &&
                                 w.panes().size() == panes && !w.session()->isRunning(),
                             10000);
    w.animation()->pause();
    w.animation()->toEnd();
    QTest::qWait(50);
}

// The window as a lecturer meets it on a 1280x720 projector, the demo shown; nothing is saved.
inline void openDemo(MainWindow& w) {
    w.setInteractive(false);
    w.setRemembersView(false);
    w.setPresentation(false);
    w.resize(1280, 720);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    waitForRun(w, 16, 2);
}

// Lets layouts, deferred fits and throttled replots settle.
inline void settle() {
    for (int i = 0; i < 5; ++i) {
        QCoreApplication::processEvents();
        QTest::qWait(20);
    }
}

// Every tab shown once, so that each page has built what it shows (the analysis panels start
// small runs: the tests make them cheap first).
inline void visitEveryTab(MainWindow& w) {
    for (int i = 0; i < w.tabs()->count(); ++i) {
        w.tabs()->setCurrentIndex(i);
        settle();
    }
    w.tabs()->setCurrentIndex(0);
    settle();
}

// Small analysis runs, so that the panels have figures fast.
inline void makeSweepsCheap(MainWindow& w) {
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

inline QCPTextElement* titleOf(QCustomPlot* plot) {
    for (QCPLayoutElement* e : plot->plotLayout()->elements(true)) {
        if (auto* t = qobject_cast<QCPTextElement*>(e)) {
            return t;
        }
    }
    return nullptr;
}

// Every line of a title element is as wide as its rectangle at most: nothing is cut.
inline bool titleFits(QCPTextElement* title, QString* why) {
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

} // namespace rl::test
