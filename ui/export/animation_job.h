#pragma once

#include "studies/animation_options.h"
#include "views/animation_frames.h"

#include <QByteArray>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace rl {

class AnimationWriter;

/// One animation file in the making. The caller's thread (the GUI thread: widgets draw the
/// frames) renders frame after frame with AnimationFrames; a worker thread encodes them as they
/// come (a queue of a few frames between the two) and, once the file is complete, hands its
/// bytes to `deliver`, on the worker (the caller stages and commits them through its
/// OutputSet there). Nothing is written by the job itself.
class AnimationJob {
  public:
    /// Receives the whole file on the worker thread; may throw (the job then fails with it).
    using Deliver = std::function<void(const QByteArray& bytes)>;

    /// Checks the options against `format` (InputError) and opens the encoder (OutputError),
    /// before anything is drawn.
    AnimationJob(std::vector<AnimatedRun> runs, const AnimationOptions& options,
                 AnimationFormat format, Deliver deliver);
    /// Cancels the work still to do and waits for the worker.
    ~AnimationJob();
    AnimationJob(const AnimationJob&) = delete;
    AnimationJob& operator=(const AnimationJob&) = delete;

    int frameCount() const { return m_frameCount; }
    AnimationFrames& frames() { return *m_frames; }

    enum class Step { Rendered, Busy, Done };
    /// Draws the next frame and queues it for the encoder (the first call also draws the
    /// palette's sample frames). `wait`: block while the queue is full; otherwise return Busy
    /// at once, having done nothing (the GUI tries again on its next turn). Done: every frame
    /// is queued, or the job was cancelled or failed.
    Step renderNext(bool wait);
    /// Frames the encoder has taken so far.
    int framesEncoded() const { return m_encoded.load(); }
    /// True once the worker has stopped: the file delivered, or the job failed or cancelled.
    bool isFinished() const { return m_finished.load(); }
    /// Stops as soon as possible; nothing is delivered afterwards.
    void cancel();
    /// Waits for the worker to stop.
    void join();
    /// join(), then rethrows the worker's failure (InputError, OutputError...), if any.
    void wait();
    /// True once `deliver` has returned: the file is complete (even if cancel() came late).
    bool isDelivered() const { return m_delivered.load(); }
    /// The failure's one-line message, empty when none (after isFinished()).
    std::string error() const;

  private:
    void work();
    void push(std::vector<QImage> images, bool isPreview, bool wait);

    struct Message {
        std::vector<QImage> images;
        bool preview = false;
    };

    std::unique_ptr<AnimationFrames> m_frames;
    std::unique_ptr<AnimationWriter> m_writer;
    Deliver m_deliver;
    int m_frameCount = 0;
    int m_rendered = 0;
    bool m_previewed = false;

    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Message> m_queue;
    bool m_closed = false; ///< every frame queued
    std::atomic<bool> m_cancelled{false};
    std::atomic<bool> m_finished{false};
    std::atomic<int> m_encoded{0};
    std::atomic<bool> m_delivered{false};
    std::exception_ptr m_failure;
    std::thread m_worker;
};

} // namespace rl
