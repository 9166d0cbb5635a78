#pragma once

#include "algorithms/algorithm_registry.h"
#include "common/theme.h"
#include "experiment/progressive_sweep.h"

#include <QElapsedTimer>
#include <QWidget>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>

class QCustomPlot;
class QCPAxis;
class QCPTextElement;
class QTimer;

namespace rl {

/// A number as figures and hover texts show it (5 significant digits).
inline QString figureNumber(double v) {
    return QString::number(v, 'g', 5);
}
/// An algorithm's display name.
inline QString algorithmName(const Algorithm& a) {
    return QString::fromStdString(a.name());
}
/// What a click or hover on a figure points at: a grid point (index into GridSnapshot::cells)
/// and, for the CV sweep, an algorithm (index into spec.algorithms; -1 for a map cell).
struct FigureHit {
    std::size_t point = 0;
    int algorithm = -1;
};

/// Base of the three analysis figures (CV sweep, ratio map, best-method map): a QCustomPlot
/// drawn from an immutable GridSnapshot, with throttled rebuilds, hover text, a drill-down
/// signal on click and atomic export. The same class draws in the GUI and, headless, for
/// `reducelab-cli sweep --png/--svg/--pdf`.
class SweepFigure : public QWidget {
    Q_OBJECT
  public:
    explicit SweepFigure(QWidget* parent = nullptr);
    ~SweepFigure() override;

    QCustomPlot* plot() const { return m_plot; }
    std::shared_ptr<const GridSnapshot> snapshot() const { return m_snapshot; }
    /// Shows `s`; the plot is rebuilt at most every kMinRebuildMs (progressive runs send many).
    void setSnapshot(std::shared_ptr<const GridSnapshot> s);
    /// Drops the picture (a new run with other parameters started).
    void clear();
    void setTheme(const Theme& p);
    /// Rebuilds now if a snapshot is waiting (tests and headless export).
    void flush();
    /// How many times the plot was rebuilt (tests check the throttling and staleness).
    int rebuildCount() const { return m_rebuilds; }
    /// Writes PNG/SVG/PDF by extension, atomically; false with a message naming the path.
    bool exportTo(const QString& path, QString* error, QSize size = QSize(1000, 640));
    /// The same figure as bytes in the format of `path`'s extension (nothing written).
    bool renderTo(const QString& path, QByteArray* bytes, QString* error,
                  QSize size = QSize(1000, 640));
    /// The title as the last layout drew it, wrapped to the plot's width.
    QString shownTitle() const;
    /// The hover text at a pixel of the plot (empty when nothing is there).
    QString hoverText(QPointF pixel) const;

    static constexpr int kMinRebuildMs = 150;

  signals:
    /// The user clicked a point or cell: drill down into it.
    void drillDown(const rl::FigureHit& hit);

  protected:
    /// Fills the plot from `s` (never null); the plot is cleared before.
    virtual void build(const GridSnapshot& s) = 0;
    virtual std::optional<FigureHit> hitTest(const GridSnapshot& s, QPointF pixel) const = 0;
    virtual QString describe(const GridSnapshot& s, const FigureHit& hit) const = 0;
    bool eventFilter(QObject* watched, QEvent* e) override;
    const Theme& theme() const { return m_theme; }
    /// The title above the plot (one row of the layout, created on first use).
    void setTitle(const QString& text);
    /// Moves the legend out of the plot area into a row under the title (once; call after
    /// setTitle), so it never hides data.
    void placeLegendAbove();
    /// Axis ticks at 0.01, 0.1, 1, 10... for an axis holding log10 of the values.
    static void setLog10Ticks(QCPAxis* axis, double lo, double hi);
    /// Nearest index of `v` in `axis` (log distance), for maps whose cells sit on a log grid.
    static std::size_t nearestLog(const std::vector<double>& axis, double log10Value);

  private:
    void rebuild();
    /// Wraps the title and the legend to a plot `width` pixels wide.
    void layoutHeader(int width) const;

    QCustomPlot* m_plot;
    QCPTextElement* m_title = nullptr;
    QString m_titleText;
    bool m_legendAbove = false;
    QTimer* m_timer;
    QElapsedTimer m_sinceRebuild;
    std::shared_ptr<const GridSnapshot> m_snapshot;
    std::shared_ptr<const GridSnapshot> m_built;
    Theme m_theme;
    int m_rebuilds = 0;
};

} // namespace rl
