// The figures and animations of the command-line programs, drawn by the GUI's own views and
// encoders (ui/views, ui/export): the one part of reducelab-cli and reducelab-mpi that links
// Qt. A build without Qt links app/no_figures.cpp instead.
#include "cli_animation.h"
#include "figure_renderer.h"
#include "sweep_render.h"

#include "base/input_error.h"
#include "common/qt_messages.h"
#include "views/gantt_view.h"
#include "views/model_gantt.h"
#include "views/run_figure.h"

#include <QApplication>

#include <array>
#include <clocale>
#include <memory>

namespace rl::cli {

namespace {

std::string bytesOf(const QByteArray& bytes) {
    return {bytes.constData(), static_cast<std::size_t>(bytes.size())};
}

/// The bytes of a view drawn in the format of `path`'s extension (GanttView, TreeView); throws
/// InputError naming the path on failure.
template <class View> std::string renderedBytes(View& view, const std::string& path) {
    QString error;
    QByteArray bytes;
    if (!view.renderTo(QString::fromStdString(path), &bytes, &error)) {
        throw InputError(error.toStdString());
    }
    return bytesOf(bytes);
}

std::string modelGantt(GanttView& view, const std::string& title, const std::string& path) {
    view.resize(1200, 700);
    view.setTitle(QString::fromStdString(title));
    return renderedBytes(view, path);
}

class QtFigureRenderer final : public FigureRenderer {
  public:
    explicit QtFigureRenderer(const char* program) : m_program(program) {}

    std::string runFigure(FigureKind kind, const RunDrawing& run, const FigureFormat& format,
                          const std::string& path) override {
        start();
        RunFigureContent content;
        content.schedule = run.schedule;
        content.criticalPath = run.criticalPath;
        content.title = QString::fromStdString(run.title);
        content.cursor = run.cursor;
        QString error;
        QByteArray bytes;
        if (!renderRunFigure(kind, content, format, QString::fromStdString(path), &bytes, &error)) {
            throw InputError(error.toStdString());
        }
        return bytesOf(bytes);
    }

    std::string
    animation(const RunDrawing& run, const AnimationOptions& options, AnimationFormat format,
              const std::function<void(std::uint64_t, std::uint64_t)>& progress) override {
        start();
        return bytesOf(renderAnimation(
            {{run.schedule, run.narration, QString::fromStdString(run.title), {}, {}}}, options,
            format, progress));
    }

    std::vector<std::pair<std::string, std::string>>
    sweepFigures(const std::shared_ptr<const GridSnapshot>& snapshot, Figure fig,
                 const std::vector<FigureFile>& files) override {
        start();
        std::vector<std::pair<std::string, std::string>> out;
        for (const auto& [option, bytes] : renderSweepFigure(snapshot, fig, files)) {
            out.emplace_back(option, bytesOf(bytes));
        }
        return out;
    }

    std::string divisibleGantt(const std::shared_ptr<const DivisibleSchedule>& schedule,
                               const StarPlatform& platform, const std::string& title,
                               const std::string& path) override {
        start();
        GanttView view;
        showDivisibleSchedule(view, schedule, platform);
        return modelGantt(view, title, path);
    }

    std::string steadyGantt(const std::shared_ptr<const SteadyStateResult>& result, int n,
                            const std::string& title, const std::string& path) override {
        start();
        GanttView view;
        showPeriodicSchedule(view, result, n);
        return modelGantt(view, title, path);
    }

  private:
    /// Qt's application, made when the first figure is drawn (a command that draws nothing
    /// never starts Qt): the GUI's widgets draw the figures, offscreen when there is no
    /// display (clusters, CI).
    void start() {
        if (m_app) {
            return;
        }
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") &&
            qEnvironmentVariableIsEmpty("DISPLAY") &&
            qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
            qputenv("QT_QPA_PLATFORM", "offscreen");
        }
        m_app = std::make_unique<QApplication>(m_argc, m_argv.data());
        // Qt sets the locale of the environment (setlocale(LC_ALL, "")): numbers the verb
        // prints afterwards keep their decimal point whatever the user's language.
        std::setlocale(LC_NUMERIC, "C");
    }

    const char* m_program;
    // QApplication keeps references to its argc and argv: they live as long as it does.
    int m_argc = 1;
    std::array<char*, 2> m_argv{const_cast<char*>(m_program), nullptr};
    std::unique_ptr<QApplication> m_app;
};

} // namespace

std::unique_ptr<FigureRenderer> makeFigureRenderer(const char* program) {
    installQtMessageHandler(program);
    return std::make_unique<QtFigureRenderer>(program);
}

} // namespace rl::cli
