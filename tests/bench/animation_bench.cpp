// Animation export benchmark (run by hand, not by CTest): the demo scenario the GUI opens,
// exported as the issue asks (10 s at 30 frames per second, 1280 x 720) to MP4, GIF and WebM,
// through the explorer's own export path (ExplorerPage::animatedRuns, AnimationJob).
//   QT_QPA_PLATFORM=offscreen ./build/tests/bench/animation_bench [OUTPUT_FOLDER [STYLE...]]
// Prints, per format, the wall and CPU time (the process's, both threads) and the file size;
// the files stay in OUTPUT_FOLDER (default: a temporary folder, removed) to be looked at.
// STYLE words change the look to compare: presentation, dark, WIDTHxHEIGHT, gif-only.
#include "explorer/explorer_page.h"
#include "export/animation_job.h"
#include "studies/scenario.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>

#include <cstdio>
#include <ctime>

using namespace rl;

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QTemporaryDir temp;
    const QString folder = argc > 1 ? QString::fromLocal8Bit(argv[1]) : temp.path();
    ExplorerPage page;
    page.showScenario(Scenario::demo(), false);
    page.session()->waitForIdle();
    const std::vector<AnimatedRun> runs = page.animatedRuns();
    AnimationOptions options; // the defaults are the issue's: 10 s, 30 fps, 1280x720
    bool gifOnly = false;
    for (int i = 2; i < argc; ++i) {
        const std::string word = argv[i];
        options.presentation = options.presentation || word == "presentation";
        options.dark = options.dark || word == "dark";
        gifOnly = gifOnly || word == "gif-only";
        if (word.find('x') != std::string::npos) {
            parseAnimationSize(word, "size", options);
        }
    }
    std::printf("demo: %zu runs, n = %d; %g s at %d fps, %dx%d%s%s\n", runs.size(),
                runs.front().schedule->n, options.seconds, options.fps, options.width,
                options.height, options.presentation ? ", presentation" : "",
                options.dark ? ", dark" : "");
    {
        // Drawing alone (the GUI thread's share of an export), without encoding.
        AnimationFrames frames(runs, QSize(options.width, options.height), Theme{});
        QElapsedTimer wall;
        wall.start();
        for (int i = 0; i < options.frameCount(); ++i) {
            frames.render(frames.timeOfFrame(i, options.frameCount()));
        }
        std::printf("drawing    %6.2f s wall  (%.1f ms per frame)\n",
                    static_cast<double>(wall.nsecsElapsed()) * 1e-9,
                    static_cast<double>(wall.nsecsElapsed()) * 1e-6 / options.frameCount());
    }
    struct Case {
        const char* file;
        AnimationFormat format;
    };
    for (const Case& c :
         {Case{"demo.mp4", AnimationFormat::Mp4}, Case{"demo.gif", AnimationFormat::Gif},
          Case{"demo.webm", AnimationFormat::WebM}}) {
        if (gifOnly && c.format != AnimationFormat::Gif) {
            continue;
        }
        QByteArray bytes;
        QElapsedTimer wall;
        wall.start();
        const std::clock_t cpu = std::clock();
        {
            AnimationJob job(runs, options, c.format,
                             [&bytes](const QByteArray& file) { bytes = file; });
            while (job.renderNext(true) != AnimationJob::Step::Done) {
            }
            job.wait();
        }
        const double seconds = static_cast<double>(wall.nsecsElapsed()) * 1e-9;
        const double cpuSeconds = static_cast<double>(std::clock() - cpu) / CLOCKS_PER_SEC;
        QFile out(QDir(folder).filePath(QString::fromLatin1(c.file)));
        if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size()) {
            std::fprintf(stderr, "cannot write %s\n", qPrintable(out.fileName()));
            return 1;
        }
        std::printf("%-10s %6.2f s wall  %6.2f s CPU  %8.2f MB  (%d frames)\n", c.file, seconds,
                    cpuSeconds, static_cast<double>(bytes.size()) / 1e6, options.frameCount());
    }
    return 0;
}
