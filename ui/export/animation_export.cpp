#include "export/animation_export.h"

#include "base/file_io.h"
#include "export/animation_job.h"

namespace rl {

namespace {

/// Once every frame is drawn, how often the GUI looks at the encoder's progress.
constexpr int kPollMilliseconds = 30;
/// While the encoder has no room for another frame.
constexpr int kBusyMilliseconds = 5;

} // namespace

AnimationExport::AnimationExport(std::vector<AnimatedRun> runs, const AnimationOptions& options,
                                 const QString& path, QObject* parent)
    : QObject(parent), m_path(path), m_output(std::make_shared<OutputSet>()) {
    const std::string target = path.toStdString();
    const AnimationFormat format = animationFormatOf(target, "");
    options.validate(format);
    m_output->declare("", target);
    // The worker stages and commits: the encoded file never crosses back to the GUI thread.
    m_job = std::make_unique<AnimationJob>(
        std::move(runs), options, format, [out = m_output, target](const QByteArray& bytes) {
            out->stage(target,
                       std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
            out->commit();
        });
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, &AnimationExport::step);
}

AnimationExport::~AnimationExport() = default;

int AnimationExport::frameCount() const {
    return m_job ? m_job->frameCount() : 0;
}

void AnimationExport::start() {
    m_timer.start();
}

void AnimationExport::cancel() {
    if (!m_job) {
        return;
    }
    m_timer.stop();
    m_job->cancel();
    m_job->join();
    // A cancel that came after the file was committed does not undo it: say so.
    const bool written = m_job->isDelivered();
    m_job.reset();
    m_output.reset(); // removes a staged file that was not committed
    emit finished(written, QString());
}

void AnimationExport::step() {
    if (m_rendering) {
        const AnimationJob::Step s = m_job->renderNext(false);
        // Drawing runs at every turn of the event loop; while the encoder's queue is full
        // (a slow codec, a large size), look again later instead of spinning for its core.
        m_timer.setInterval(s == AnimationJob::Step::Busy ? kBusyMilliseconds : 0);
        if (s == AnimationJob::Step::Done) {
            m_rendering = false;
            m_timer.setInterval(kPollMilliseconds);
        }
    }
    emit progress(m_job->framesEncoded(), m_job->frameCount());
    if (!m_job->isFinished()) {
        return;
    }
    m_timer.stop();
    const std::string error = m_job->error();
    m_job.reset();
    m_output.reset();
    emit finished(error.empty(), QString::fromStdString(error));
}

} // namespace rl
