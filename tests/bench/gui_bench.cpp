// GUI benchmark (run by hand, not by CTest): frames per second of the explorer's animation at
// n = 1024 and the time to open an n = 4096 schedule, both drawn by the real panes; the whole
// explorer at its limit (kMaxExplorerProcessors, four algorithms): run, open and play.
//   QT_QPA_PLATFORM=offscreen ./build/tests/bench/gui_bench
#include "algorithms/algorithm_registry.h"
#include "algorithms/simulator.h"
#include "cpu_time.h"
#include "explorer/algorithm_pane.h"
#include "explorer/animation_controller.h"
#include "explorer/explorer_page.h"
#include "schedule/tree_layout.h"
#include "studies/run_study.h"
#include "views/gantt_view.h"
#include "views/tree_view.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>

#include <cstdio>

using namespace rl;

namespace {

std::shared_ptr<const Schedule> makeSchedule(int n) {
    Simulator sim(AlgorithmId::TreeDyn, n, false,
                  CostModel::perOperation(Law::gamma(1, 0.5), Law::gamma(0.5, 0.5)));
    return std::make_shared<const Schedule>(sim.schedule(1, 0));
}

// One frame as the window would paint it: the whole pane into an image.
void paintFrame(AlgorithmPane& pane, QImage& image) {
    pane.gantt()->plot()->replot(QCustomPlot::rpImmediateRefresh);
    QPainter p(&image);
    pane.render(&p);
}

} // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QImage image(1400, 700, QImage::Format_ARGB32_Premultiplied);

    {
        const auto s = makeSchedule(1024);
        AlgorithmPane pane;
        pane.resize(1400, 700);
        pane.setSchedule(s, QStringLiteral("Tree-dyn"), criticalPath(*s));
        paintFrame(pane, image);
        const int frames = 120;
        QElapsedTimer t;
        t.start();
        for (int f = 0; f < frames; ++f) {
            pane.setCursorTime(s->makespan * f / frames);
            paintFrame(pane, image);
        }
        const double sec = static_cast<double>(t.nsecsElapsed()) / 1e9;
        std::printf("animation n=1024: %.1f frames per second (%d frames in %.3f s)\n",
                    frames / sec, frames, sec);
    }
    {
        QElapsedTimer t;
        t.start();
        const auto s = makeSchedule(4096);
        const auto path = criticalPath(*s); // derived with the run, off the GUI thread
        const double simulate = static_cast<double>(t.nsecsElapsed()) / 1e9;
        AlgorithmPane pane;
        pane.resize(1400, 700);
        pane.setSchedule(s, QStringLiteral("Tree-dyn"), path);
        paintFrame(pane, image);
        const double total = static_cast<double>(t.nsecsElapsed()) / 1e9;
        std::printf("open n=4096: %.3f s (simulate %.3f s, set up and first paint %.3f s)\n", total,
                    simulate, total - simulate);
    }
    for (const Algorithm& a : algorithms()) {
        Simulator sim(a, 4096, false,
                      CostModel::perOperation(Law::gamma(1, 0.5), Law::constant(0)));
        const Schedule s = sim.schedule(1, 0);
        QElapsedTimer t;
        t.start();
        const TreeLayout l = layoutTree(s);
        std::printf("tree layout n=4096 %s: %.1f ms (%g columns x %g levels)\n",
                    std::string(a.key()).c_str(), static_cast<double>(t.nsecsElapsed()) / 1e6,
                    l.width + 1, l.height + 1);
    }
    {
        const auto s = makeSchedule(4096);
        TreeView view;
        view.resize(1000, 700);
        view.setSchedule(s);
        QImage treeImage(view.size(), QImage::Format_ARGB32_Premultiplied);
        QElapsedTimer t;
        t.start();
        view.render(&treeImage);
        const double first = static_cast<double>(t.nsecsElapsed()) / 1e6;
        t.restart();
        const int frames = 10;
        for (int i = 0; i < frames; ++i) {
            view.setCursorTime(s->makespan * (i + 1) / frames);
            view.render(&treeImage);
        }
        std::printf("tree view n=4096: first paint %.1f ms, animation frame %.1f ms\n", first,
                    static_cast<double>(t.nsecsElapsed()) / 1e6 / frames);
    }
    {
        // The largest scenario the explorer takes: four algorithms at its limit, run on the
        // worker thread with the explorer's detail, shown, then played frame by frame.
        Scenario s = Scenario::demo();
        s.n = kMaxExplorerProcessors;
        s.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn,
                        AlgorithmId::NonCommutTreeDyn};
        ExplorerPage page;
        page.resize(1280, 720);
        QElapsedTimer t;
        t.start();
        const double cpu0 = rl::bench::cpuSeconds();
        page.showScenario(s, false);
        page.session()->waitForIdle(); // the run, then the result handed to the page
        const double open = static_cast<double>(t.nsecsElapsed()) / 1e9;
        QImage frame(page.size(), QImage::Format_ARGB32_Premultiplied);
        page.render(&frame);
        const double shown = static_cast<double>(t.nsecsElapsed()) / 1e9;
        const double cpu = rl::bench::cpuSeconds() - cpu0;
        std::printf("explorer n=%d, 4 algorithms: run and open %.3f s, first paint %.3f s "
                    "(%.3f s of CPU), %zu narrated events\n",
                    s.n, open, shown - open, cpu, page.session()->result()->narration.size());
        const int frames = 30;
        t.restart();
        for (int f = 0; f < frames; ++f) {
            page.animation()->seek(page.animation()->end() * (f + 1) / frames);
            for (AlgorithmPane* p : page.panes()) {
                p->gantt()->plot()->replot(QCustomPlot::rpImmediateRefresh);
            }
            page.render(&frame);
        }
        const double sec = static_cast<double>(t.nsecsElapsed()) / 1e9;
        std::printf("explorer n=%d, 4 algorithms: %.1f frames per second (%d frames in %.3f "
                    "s)\n",
                    s.n, frames / sec, frames, sec);
    }
    return 0;
}
