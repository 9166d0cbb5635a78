#pragma once

#include "common/theme.h"
#include "engine/narration.h"
#include "schedule/schedule.h"

#include <QImage>
#include <QSize>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace rl {

class GanttView;
class TreeView;

/// One run of an animation, with what the explorer shows beside it.
struct AnimatedRun {
    std::shared_ptr<const Schedule> schedule;
    std::shared_ptr<const Narration> narration; ///< its story (RunResult::narrations)
    QString title;                              ///< the Gantt chart's title
    std::optional<double> bound;                ///< the reference line (lower bound, optimum)
    QString boundLabel;
};

/// The frames of an animation, drawn by the explorer's own views: per run (stacked as in
/// compare mode) its Gantt chart beside its reduction tree, sharing one time axis, and below
/// them a caption with the time and the last lines of the narration. Widgets draw them, so this
/// lives on the GUI thread (the encoders do not).
class AnimationFrames {
  public:
    AnimationFrames(std::vector<AnimatedRun> runs, QSize size, const Theme& theme);
    ~AnimationFrames();
    AnimationFrames(const AnimationFrames&) = delete;
    AnimationFrames& operator=(const AnimationFrames&) = delete;

    /// The end of the animation: the longest makespan.
    double end() const { return m_end; }
    QSize size() const { return m_size; }
    /// The picture at time `t` (RGB32, of size()).
    QImage render(double t);
    /// The time of frame `index` of `count`: from 0 to end(), both included.
    double timeOfFrame(int index, int count) const;

  private:
    void paintCaption(QImage& image, double t) const;

    std::vector<AnimatedRun> m_runs;
    QSize m_size;
    Theme m_theme;
    double m_end = 0.0;
    std::vector<std::unique_ptr<GanttView>> m_gantts;
    std::vector<std::unique_ptr<TreeView>> m_trees;
    std::vector<NarratedEvent> m_narration;
    std::vector<QRect> m_ganttRects;
    std::vector<QRect> m_treeRects;
    QRect m_captionRect;
    int m_captionLines = 3;
};

} // namespace rl
