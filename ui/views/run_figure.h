#pragma once

#include "common/theme.h"
#include "schedule/critical_path.h"
#include "schedule/schedule.h"
#include "studies/figure_format.h"

#include <QByteArray>
#include <QSize>
#include <QString>

#include <limits>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace rl {

/// What a printed figure of one run shows (an explorer pane, a CLI run).
struct RunFigureContent {
    std::shared_ptr<const Schedule> schedule;
    /// Its critical path, derived with the run (studies/run_study.h), drawn in both views.
    std::vector<CriticalStep> criticalPath;
    QString title;
    /// The Gantt chart's line at the run's lower bound or optimum, with its label.
    std::optional<double> reference;
    QString referenceLabel;
    /// The time axis (compare mode shares one); none: the run's own.
    std::optional<std::pair<double, double>> timeRange;
    /// The frame drawn: operations started by then, running ones up to it, and the time
    /// cursor; +inf: the whole schedule.
    double cursor = std::numeric_limits<double>::infinity();
    Theme theme;
};

/// From this width a Gantt + tree figure puts the tree beside the chart instead of below it.
inline constexpr double kSideBySideMm = 150.0;

/// The figure's size in whole points: the format's width, and a height that follows from
/// the content (a row of at least the font's size per processor, tree levels about as tall
/// as its columns are wide), within bounds (FigureFormat::kMaxAspect).
QSize runFigureSize(FigureKind kind, const RunFigureContent& content, const FigureFormat& format);

/// The figure as PNG, SVG or PDF (by `path`'s extension, only named) in `bytes`, drawn by the
/// explorer's own views; text at the format's point size. False with a one-line message.
bool renderRunFigure(FigureKind kind, const RunFigureContent& content, const FigureFormat& format,
                     const QString& path, QByteArray* bytes, QString* error);

} // namespace rl
