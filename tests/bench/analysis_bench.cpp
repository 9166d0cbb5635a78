// Analysis benchmark (run by hand, not by CTest): the default Fig. 5 + Fig. 6 grid
// (31 CVs x 21 ratios x 1,000 replicates x 4 algorithms), in the core and in the GUI panels,
// and the CV sweep panel's default picture (Fig. 4, 25 CVs x 100,000 replicates x 4
// algorithms).
//   QT_QPA_PLATFORM=offscreen ./build/tests/bench/analysis_bench
// Prints: the core sweep time; for the panels, the time to the first (coarse) picture, the
// time to the complete picture, and the longest the GUI thread was busy, measured by a 5 ms
// QTimer probe (a stall is the gap between two probe ticks minus the period).
#include "analysis/best_method_panel.h"
#include "analysis/cv_sweep_panel.h"
#include "analysis/ratio_map_panel.h"
#include "base/cpu_time.h"
#include "experiment/progressive_sweep.h"
#include "views/sweep_figure.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <cstdio>

using namespace rl;

namespace {

struct Probe {
    QElapsedTimer clock;
    qint64 last = 0;
    qint64 worst = 0;
    qint64 worstAt = 0;
    QTimer timer;

    Probe() {
        timer.setInterval(5);
        timer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&timer, &QTimer::timeout, [this] {
            const qint64 now = clock.nsecsElapsed();
            if (now - last - 5'000'000 > worst) {
                worst = now - last - 5'000'000;
                worstAt = now;
            }
            last = now;
        });
        clock.start();
        timer.start();
    }
    double worstMs() const { return static_cast<double>(worst) / 1e6; }
    double worstAtSeconds() const { return static_cast<double>(worstAt) / 1e9; }
};

} // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // each line as it comes (a piped run)
    {
        SweepSpec s = SweepSpec::figure(Figure::Fig5);
        s.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn,
                        AlgorithmId::NonCommutTreeDyn};
        QElapsedTimer t;
        t.start();
        const double cpu0 = processCpuSeconds();
        ProgressiveSweep sweep(s);
        sweep.runPass(s.replicates);
        const double sim = static_cast<double>(t.nsecsElapsed()) / 1e9;
        const GridSnapshot snap = sweep.snapshot();
        const double total = static_cast<double>(t.nsecsElapsed()) / 1e9;
        std::printf("core: 31 x 21 x 1000 x 4 algorithms: %.2f s (the pass, points assembled "
                    "as they finish, %.2f s; the snapshot %.2f s), %zu cells, %.2f CPU s\n",
                    total, sim, total - sim, snap.cells.size(), processCpuSeconds() - cpu0);
    }
    // The two panels at their defaults, one after the other as a user would open them.
    RatioMapPanel ratio;
    BestMethodPanel best;
    CvSweepPanel cv;
    for (SweepPanel* panel : {static_cast<SweepPanel*>(&ratio), static_cast<SweepPanel*>(&best),
                              static_cast<SweepPanel*>(&cv)}) {
        panel->resize(1400, 860);
        Probe probe;
        QElapsedTimer t;
        t.start();
        const double cpu0 = processCpuSeconds();
        double first = -1.0;
        double showStall = 0.0;
        QObject::connect(panel->runner(), &AsyncJobBase::resultReady, [&] {
            if (first < 0.0) {
                first = static_cast<double>(t.nsecsElapsed()) / 1e9;
                // What came before is the window's first layout and paint, once per tab
                // opening; from here on the run and its pictures.
                showStall = probe.worstMs();
                probe.worst = 0;
            }
        });
        QEventLoop loop;
        QObject::connect(panel->runner(), &AsyncJobBase::runningChanged, &loop, [&](bool running) {
            if (!running) {
                loop.quit();
            }
        });
        panel->show();
        // Its default run, started as Run or Start does: unasked the panel starts only runs
        // estimated under SweepStudy::kAutoStartSeconds (the CV sweep's waits for Start).
        panel->run();
        loop.exec();
        const double total = static_cast<double>(t.nsecsElapsed()) / 1e9;
        QTimer::singleShot(500, &loop, &QEventLoop::quit); // the last throttled rebuild
        loop.exec();
        const double cpu = processCpuSeconds() - cpu0;
        std::printf("%s panel: first picture %.2f s, complete %.2f s (%.1f CPU s), longest GUI "
                    "stall from the first picture on %.1f ms (%d rebuilds)\n",
                    panel == &ratio  ? "ratio map (fig5, 2 algorithms)"
                    : panel == &best ? "best method (fig6, 3 algorithms)"
                                     : "cv sweep (fig4, 4 algorithms)",
                    first, total, cpu, probe.worstMs(), panel->figure()->rebuildCount());
        // The GUI thread's own work per picture, apart from scheduling noise: a rebuild from a
        // snapshot and an immediate repaint, worst of 5.
        double worstRebuild = 0.0;
        for (int k = 0; k < 5; ++k) {
            QElapsedTimer r;
            r.start();
            panel->figure()->setSnapshot(
                std::make_shared<const GridSnapshot>(*panel->figure()->snapshot()));
            panel->figure()->flush();
            panel->figure()->plot()->replot(QCustomPlot::rpImmediateRefresh);
            worstRebuild = std::max(worstRebuild, static_cast<double>(r.nsecsElapsed()) / 1e6);
        }
        std::printf("  longest stall ended %.2f s after the start; showing the panel: %.1f ms\n",
                    probe.worstAtSeconds(), showStall);
        std::printf("  rebuild + repaint of the complete picture: %.1f ms (worst of 5)\n",
                    worstRebuild);
        panel->hide();
    }
    return 0;
}
