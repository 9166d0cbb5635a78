#include "explorer/animation_controller.h"

#include <algorithm>

namespace rl {

AnimationController::AnimationController(QObject* parent) : QObject(parent) {
    m_timer.setInterval(16);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &AnimationController::tick);
}

void AnimationController::setTimeline(std::vector<TimelineEvent> events, double end) {
    m_events = std::move(events);
    m_end = end;
    setState(0.0, lastEventAtOrBefore(m_events, 0.0));
}

void AnimationController::play() {
    if (m_time >= m_end) {
        setState(0.0, lastEventAtOrBefore(m_events, 0.0));
    }
    m_clock.start();
    m_timer.start();
    emit playingChanged(true);
}

void AnimationController::pause() {
    if (m_timer.isActive()) {
        m_timer.stop();
        emit playingChanged(false);
    }
}

void AnimationController::togglePlay() {
    isPlaying() ? pause() : play();
}

void AnimationController::tick() {
    const double dt = static_cast<double>(m_clock.restart()) / 1000.0;
    if (m_time < m_stop && m_stop < m_end && m_time + dt * m_speed >= m_stop) {
        pauseAt(m_stop);
        return;
    }
    const double t = std::min(m_end, m_time + dt * m_speed);
    setState(t, lastEventAtOrBefore(m_events, t));
    if (t >= m_end) {
        pause();
    }
}

// One event at a time, even when several share a time (the narration tells them apart).
void AnimationController::stepForward() {
    pause();
    if (m_index + 1 < static_cast<int>(m_events.size())) {
        const int i = m_index + 1;
        setState(m_events[static_cast<std::size_t>(i)].time, i);
    }
}

void AnimationController::stepBack() {
    pause();
    if (m_index >= 0) {
        const int i = m_index - 1;
        setState(i >= 0 ? m_events[static_cast<std::size_t>(i)].time : 0.0, i);
    }
}

void AnimationController::seek(double t) {
    t = std::clamp(t, 0.0, m_end);
    setState(t, lastEventAtOrBefore(m_events, t));
}

void AnimationController::seekToEvent(int index) {
    pause();
    if (index >= 0 && index < static_cast<int>(m_events.size())) {
        setState(m_events[static_cast<std::size_t>(index)].time, index);
    }
}

void AnimationController::pauseAt(double t) {
    // Stopped before the new state is told: whoever hears it finds the animation paused.
    const bool wasPlaying = m_timer.isActive();
    m_timer.stop();
    setState(std::min(t, m_end), lastEventAtOrBefore(m_events, t));
    if (wasPlaying) {
        emit playingChanged(false);
    }
}

void AnimationController::toStart() {
    pause();
    seek(0.0);
}

void AnimationController::toEnd() {
    pause();
    setState(m_end, static_cast<int>(m_events.size()) - 1);
}

void AnimationController::setSpeed(double timeUnitsPerSecond) {
    m_speed = std::max(1e-6, timeUnitsPerSecond);
}

void AnimationController::setState(double t, int index) {
    m_time = t;
    m_index = index;
    emit cursorChanged(t, index);
}

} // namespace rl
