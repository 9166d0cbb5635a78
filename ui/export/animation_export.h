#pragma once

#include "studies/animation_options.h"
#include "views/animation_frames.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>
#include <vector>

namespace rl {

class AnimationJob;
class OutputSet;

/// An animation export in the GUI: the path is checked and declared at once (nothing is drawn
/// or written before), then one frame is drawn per turn of the event loop (the views are
/// widgets, so the GUI thread draws them; the window stays responsive) while a worker thread
/// encodes and finally writes the file through the atomic writer. Never calls processEvents().
/// Cancel, a failure or destroying the export leaves no file, and an existing one untouched.
class AnimationExport : public QObject {
    Q_OBJECT
  public:
    /// Throws InputError naming the problem (path, extension, size, rate, length) or
    /// OutputError (the encoder cannot be opened).
    AnimationExport(std::vector<AnimatedRun> runs, const AnimationOptions& options,
                    const QString& path, QObject* parent = nullptr);
    ~AnimationExport() override;

    int frameCount() const;
    QString path() const { return m_path; }
    bool isRunning() const { return m_timer.isActive(); }

  public slots:
    void start();
    void cancel();

  signals:
    /// Frames encoded so far, of frameCount().
    void progress(int frames, int total);
    /// The end: `ok` when the file is written; otherwise `message` says why (empty when
    /// cancelled).
    void finished(bool ok, const QString& message);

  private:
    void step();

    QString m_path;
    std::shared_ptr<OutputSet> m_output;
    std::unique_ptr<AnimationJob> m_job;
    QTimer m_timer;
    bool m_rendering = true;
};

} // namespace rl
