// Analysis benchmark (run by hand, not by CTest): the default Fig. 5 + Fig. 6 grid
// (31 CVs x 21 ratios x 1,000 replicates x 4 algorithms), in the core and in the GUI panels.
//   QT_QPA_PLATFORM=offscreen ./build/tests/bench/analysis_bench
// Prints: the core sweep time; for the panels, the time to the first (coarse) picture, the
// time to the complete picture, and the longest the GUI thread was busy, measured by a 5 ms
// QTimer probe (a stall is the gap between two probe ticks minus the period).
#include "best_method_panel.h"
#include "progressive_sweep.h"
#include "ratio_map_panel.h"
#include "sweep_figure.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <cstdio>
#include <ctime>

using namespace rl;

namespace {

// Process CPU time over all threads: on a shared machine wall time depends on the neighbours,
// CPU time much less.
double cpuSeconds() {
    return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

struct Probe {
    QElapsedTimer clock;
    qint64 last = 0;
    qint64 worst = 0;
    QTimer timer;

    Probe() {
        timer.setInterval(5);
        timer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&timer, &QTimer::timeout, [this] {
            const qint64 now = clock.nsecsElapsed();
            worst = std::max(worst, now - last - 5'000'000);
            last = now;
        });
        clock.start();
        timer.start();
    }
    double worstMs() const { return static_cast<double>(worst) / 1e6; }
};

} // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    {
        SweepSpec s = SweepSpec::figure(Figure::Fig5);
        s.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn,
                        AlgorithmId::NonCommutTreeDyn};
        QElapsedTimer t;
        t.start();
        const double cpu0 = cpuSeconds();
        ProgressiveSweep sweep(s);
        sweep.runPass(s.replicates);
        const double sim = static_cast<double>(t.nsecsElapsed()) / 1e9;
        const GridSnapshot snap = sweep.snapshot();
        const double total = static_cast<double>(t.nsecsElapsed()) / 1e9;
        std::printf("core: 31 x 21 x 1000 x 4 algorithms: %.2f s (simulation %.2f s, summaries "
                    "and paired analyses %.2f s), %zu cells, %.2f CPU s\n",
                    total, sim, total - sim, snap.cells.size(), cpuSeconds() - cpu0);
    }
    // The two panels at their defaults, one after the other as a user would open them.
    RatioMapPanel ratio;
    BestMethodPanel best;
    for (SweepPanel* panel : {static_cast<SweepPanel*>(&ratio), static_cast<SweepPanel*>(&best)}) {
        panel->resize(1400, 860);
        Probe probe;
        QElapsedTimer t;
        t.start();
        const double cpu0 = cpuSeconds();
        double first = -1.0;
        QObject::connect(panel->runner(), &SweepRunner::snapshotReady, [&] {
            if (first < 0.0) {
                first = static_cast<double>(t.nsecsElapsed()) / 1e9;
            }
        });
        QEventLoop loop;
        QObject::connect(panel->runner(), &SweepRunner::runningChanged, &loop, [&](bool running) {
            if (!running) {
                loop.quit();
            }
        });
        panel->show(); // starts the run, as in the window
        loop.exec();
        const double total = static_cast<double>(t.nsecsElapsed()) / 1e9;
        QTimer::singleShot(500, &loop, &QEventLoop::quit); // the last throttled rebuild
        loop.exec();
        const double cpu = cpuSeconds() - cpu0;
        std::printf("%s panel: first picture %.2f s, complete %.2f s (%.1f CPU s), longest GUI "
                    "stall %.1f ms (%d rebuilds)\n",
                    panel == &ratio ? "ratio map (fig5, 2 algorithms)"
                                    : "best method (fig6, 3 algorithms)",
                    first, total, cpu, probe.worstMs(), panel->figure()->rebuildCount());
        panel->hide();
    }
    return 0;
}
