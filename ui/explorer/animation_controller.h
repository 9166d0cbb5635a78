#pragma once

#include "schedule/timeline.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <limits>
#include <vector>

namespace rl {

/// Drives the shared time cursor of all views: play (about 60 frames per second), pause, step
/// forward or back one event of the timeline, seek, speed in time units per second.
class AnimationController : public QObject {
    Q_OBJECT
  public:
    explicit AnimationController(QObject* parent = nullptr);

    /// A new timeline (the merged events of the shown schedules) and its end.
    void setTimeline(std::vector<TimelineEvent> events, double end);
    const std::vector<TimelineEvent>& timeline() const { return m_events; }
    double time() const { return m_time; }
    double end() const { return m_end; }
    /// Index of the current event (-1 before the first).
    int eventIndex() const { return m_index; }
    bool isPlaying() const { return m_timer.isActive(); }
    double speed() const { return m_speed; }

  public slots:
    void play();
    void pause();
    void togglePlay();
    void stepForward();
    void stepBack();
    void seek(double t);
    /// Pauses at event `index` of the timeline (at its time, after the events before it).
    void seekToEvent(int index);
    void toStart();
    void toEnd();
    void setSpeed(double timeUnitsPerSecond);
    /// Playing pauses when it reaches `t` (the quiz's next question, explorer/quiz_panel.h);
    /// +infinity: at the end only.
    void setStop(double t) { m_stop = t; }
    /// Pauses at time `t`, which may lie just below an event's time or below 0 (a question of
    /// studies/quiz.h): the views draw what ends before it and nothing that starts at it.
    void pauseAt(double t);

  signals:
    void cursorChanged(double time, int eventIndex);
    void playingChanged(bool playing);

  private:
    void tick();
    void setState(double t, int index);

    std::vector<TimelineEvent> m_events;
    double m_end = 0.0;
    double m_time = 0.0;
    int m_index = -1;
    double m_speed = 1.0;
    double m_stop = std::numeric_limits<double>::infinity();
    QTimer m_timer;
    QElapsedTimer m_clock;
};

} // namespace rl
