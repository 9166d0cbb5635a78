#include "export/animation_job.h"

#include "base/text_util.h"
#include "export/animation_writer.h"

namespace rl {

namespace {

/// Frames queued between drawing and encoding: enough to keep both threads busy, few enough
/// to bound memory (a 4K frame is 33 MB).
constexpr std::size_t kQueuedFrames = 4;
/// Frames drawn first for the GIF palette, spread from the first to the last.
constexpr int kPaletteSamples = 5;

} // namespace

AnimationJob::AnimationJob(std::vector<AnimatedRun> runs, const AnimationOptions& options,
                           AnimationFormat format, Deliver deliver)
    : m_deliver(std::move(deliver)) {
    options.validate(format);
    m_frameCount = options.frameCount();
    Theme theme;
    theme.presentation = options.presentation;
    theme.dark = options.dark;
    m_writer = AnimationWriter::create(format, options);
    m_frames = std::make_unique<AnimationFrames>(std::move(runs),
                                                 QSize(options.width, options.height), theme);
    m_worker = std::thread([this] { work(); });
}

AnimationJob::~AnimationJob() {
    cancel();
    join();
}

void AnimationJob::push(std::vector<QImage> images, bool isPreview, bool wait) {
    std::unique_lock lock(m_mutex);
    if (wait) {
        m_changed.wait(
            lock, [this] { return m_queue.size() < kQueuedFrames || m_cancelled || m_finished; });
    }
    m_queue.push_back({std::move(images), isPreview});
    m_changed.notify_all();
}

AnimationJob::Step AnimationJob::renderNext(bool wait) {
    if (m_cancelled || m_finished || m_rendered >= m_frameCount) {
        return Step::Done;
    }
    if (!wait) {
        const std::lock_guard lock(m_mutex);
        if (m_queue.size() >= kQueuedFrames) {
            return Step::Busy;
        }
    }
    if (!m_previewed) {
        std::vector<QImage> samples;
        for (int i = 0; i < kPaletteSamples; ++i) {
            samples.push_back(m_frames->render(m_frames->timeOfFrame(i, kPaletteSamples)));
        }
        m_previewed = true;
        push(std::move(samples), true, wait);
        return Step::Rendered;
    }
    push({m_frames->render(m_frames->timeOfFrame(m_rendered, m_frameCount))}, false, wait);
    if (++m_rendered == m_frameCount) {
        const std::lock_guard lock(m_mutex);
        m_closed = true;
        m_changed.notify_all();
    }
    return Step::Rendered;
}

void AnimationJob::work() {
    try {
        for (;;) {
            Message m;
            {
                std::unique_lock lock(m_mutex);
                m_changed.wait(lock,
                               [this] { return !m_queue.empty() || m_closed || m_cancelled; });
                if (m_cancelled) {
                    break;
                }
                if (m_queue.empty()) { // closed and drained: the file is complete
                    lock.unlock();
                    const QByteArray bytes = m_writer->finish();
                    if (!m_cancelled) {
                        m_deliver(bytes);
                        m_delivered = true;
                    }
                    break;
                }
                m = std::move(m_queue.front());
                m_queue.pop_front();
                m_changed.notify_all();
            }
            if (m.preview) {
                m_writer->preview(m.images);
                continue;
            }
            for (const QImage& frame : m.images) {
                m_writer->addFrame(frame);
                ++m_encoded;
            }
        }
    } catch (...) {
        const std::lock_guard lock(m_mutex);
        m_failure = std::current_exception();
    }
    m_writer.reset(); // the encoder's memory goes with the worker
    {
        // Under the lock: a renderNext() about to wait for room sees it (no lost wake-up).
        const std::lock_guard lock(m_mutex);
        m_finished = true;
    }
    m_changed.notify_all();
}

void AnimationJob::cancel() {
    const std::lock_guard lock(m_mutex);
    m_cancelled = true;
    m_changed.notify_all();
}

void AnimationJob::join() {
    if (m_worker.joinable()) {
        m_worker.join();
    }
}

void AnimationJob::wait() {
    join();
    const std::lock_guard lock(m_mutex);
    if (m_failure) {
        std::rethrow_exception(m_failure);
    }
}

std::string AnimationJob::error() const {
    const std::lock_guard lock(m_mutex);
    if (!m_failure) {
        return {};
    }
    try {
        std::rethrow_exception(m_failure);
    } catch (const std::exception& e) {
        return printable(e.what());
    } catch (...) {
        return "unknown failure";
    }
}

} // namespace rl
