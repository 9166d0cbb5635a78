#pragma once

#include "common/theme.h"
#include "schedule/critical_path.h"
#include "schedule/gantt_bars.h"
#include "schedule/schedule.h"

#include <QStringList>
#include <QWidget>

#include <functional>

#include <limits>
#include <memory>
#include <optional>
#include <vector>

class QCustomPlot;
class QCPItemStraightLine;
class QCPPainter;
class QCPItemText;
class QCPLayoutGrid;
class QCPMarginGroup;
class QCPTextElement;
class QPainter;

namespace rl {

class GanttPlottable;

/// One operation of the chart: transfer (arrow) k or reduction (block) k.
struct OpRef {
    bool isTransfer = true;
    int index = 0;
    friend bool operator==(const OpRef&, const OpRef&) = default;
};

/// The Gantt chart of one schedule (QCustomPlot): one row per processor, transfers as arrows
/// from the sender's row to the receiver's, receptions as thin bars, reductions as blocks,
/// idle time as pale bands; a time cursor; the critical path and a selection highlighted.
/// Wheel zooms time (Shift+wheel: rows), drag pans, rectangle zoom on demand, double-click
/// resets. It only draws immutable bars it is given (schedule/gantt_bars.h): a reduction's
/// schedule, or the bars of another model (the model pages).
class GanttView : public QWidget {
    Q_OBJECT
  public:
    explicit GanttView(QWidget* parent = nullptr);

    /// A reduction's schedule: drawn as ganttBars(*schedule), described by its values.
    void setSchedule(std::shared_ptr<const Schedule> schedule);
    /// Bars of another model (no schedule): setDescriber() gives their tooltips.
    void setBars(std::shared_ptr<const GanttBars> bars);
    /// The reduction's schedule shown, or null (bars of another model, or nothing).
    std::shared_ptr<const Schedule> schedule() const { return m_schedule; }
    std::shared_ptr<const GanttBars> bars() const { return m_bars; }
    /// The title: `title` (e.g. the algorithm and its makespan) is always shown whole, wrapped
    /// if it must; `detail` follows it in parentheses when there is room, else on a second
    /// line, elided at its end (the title's tooltip shows both in full).
    void setTitle(const QString& title, const QString& detail = {});
    /// The title as the last layout drew it (lines separated by '\n').
    QString shownTitle() const;
    /// Whether the last layout put the legend beside the title (else under it, or none).
    bool legendBesideTitle() const;
    /// Whether the chart shows its legend on screen (a page may show one legend for all its
    /// charts); exported figures always have theirs.
    void setLegendShown(bool on);
    /// Operations starting after t are hidden, running ones drawn up to t. +inf: everything.
    void setCursorTime(double t);
    double cursorTime() const { return m_cursor; }
    void setTheme(const Theme& theme);
    void setCriticalPath(std::vector<OpRef> ops);
    /// The operations of a run's critical path (schedule/critical_path.h), drawn in
    /// Theme::critical().
    void setCriticalPath(const std::vector<CriticalStep>& path);
    /// A dashed vertical line at time `t` labelled above the rows (the lower bound or optimum
    /// of the run), never over a bar; nullopt hides it.
    void setReferenceLine(std::optional<double> t, const QString& label = {});
    std::optional<double> referenceLine() const { return m_reference; }
    void selectOperation(std::optional<OpRef> op);
    /// Follows one processor (compare mode follows it in every chart): a band on its row, the
    /// operations of the other rows faded. None: every operation in its own colour.
    void setHighlightedProcessor(std::optional<int> p);
    std::optional<int> highlightedProcessor() const;
    /// The processor whose row label (left or right of the rows) is under a widget position.
    std::optional<int> rowLabelAt(QPoint pos) const;
    /// Shares the time axis with other views (compare mode).
    void setTimeRange(double lo, double hi);
    /// What the time axis writes under its ticks (its ticks and grid always stay).
    enum class TimeAxisText {
        NumbersAndName, ///< the times and the word "time" (a chart alone)
        Numbers,        ///< the times only (the bottom chart of compare mode)
        None,           ///< nothing (the charts above it: the axis is shared)
    };
    /// Compare mode stacks charts on one shared time axis: only the bottom one writes it, and
    /// without its name, which leaves the height to the rows (presentation mode on a
    /// 720-pixel projector).
    void setTimeAxisText(TimeAxisText text);
    TimeAxisText timeAxisText() const { return m_timeAxisText; }
    /// Compare mode: charts stacked on one time axis put each time at the same pixel column.
    /// Their axis rectangles share their left and right margins through `group` (the widest
    /// row labels of any of them decide), and a chart whose layout changes those margins lays
    /// the others out again: aligned through every resize, font or label change. Null: alone.
    void setTimeAxisGroup(QCPMarginGroup* group);
    /// The height the chart needs to label every row of its bars (both sides, 70 % of its
    /// font: updateRowLabels()) when `width` pixels wide and writing `text` under its time
    /// axis: its header, margins and axis, laid out at that width, and the rows.
    int heightToLabelEveryRow(int width, TimeAxisText text);
    /// Number of operations drawn by the last repaint (visible and started at the cursor).
    int drawnOperationCount() const;
    /// The operation under a widget position, if any.
    std::optional<OpRef> operationAt(QPoint pos) const;
    /// Tooltip text of an operation.
    QString describe(const OpRef& op) const;
    QCustomPlot* plot() const { return m_plot; }

    /// The marks the chart draws (legends and the Help pane).
    enum class Glyph {
        Transfer,  ///< an arrow from the sender's row to the receiver's
        Reception, ///< the pale bar on the receiver's row while a value arrives
        Reduction, ///< a block: the receiver merges a value into its own
        Critical,  ///< an operation on the critical path
        Selected,  ///< the selected operation
        Idle,      ///< the grey band of a processor still in the reduction
        Cursor,    ///< the time cursor of the animation
        Reference, ///< the dashed line of a lower bound or of the optimum
    };
    /// Draws `glyph` in `box` as the chart draws it in `theme`.
    static void paintGlyph(QPainter& painter, Glyph glyph, QRectF box, const Theme& theme);
    /// Row names instead of "P0", "P1"... (e.g. "master"); empty restores the default.
    void setRowLabels(const QStringList& labels);
    /// A line per processor added to the tooltips of its row (its operations and its label):
    /// a measured schedule's difference from its simulation. Empty: none.
    void setRowNotes(const QStringList& notes);
    const QStringList& rowNotes() const { return m_rowNotes; }
    /// Tooltip text for bars that are not a reduction's (divisible load, periodic schedules):
    /// replaces describe()'s, which needs a reduction tree. Empty: default.
    void setDescriber(std::function<QString(const OpRef&)> describer);
    /// Legend names of the transfer and reduction swatches; `showCritical` false hides the
    /// critical-path one.
    void setLegendNames(const QString& transfer, const QString& reduction, bool showCritical);
    /// Paints the chart as it is now (cursor, zoom, theme) into `rect` of `device`: the picture
    /// of the screen at another size (animation frames).
    void paint(QPaintDevice& device, const QRect& rect) const;
    /// PNG, SVG or PDF by extension, written atomically.
    bool exportTo(const QString& path, QString* error, QSize size = QSize(1200, 700)) const;
    /// The same figure as bytes in the format of `path`'s extension (nothing written), for
    /// callers that write several files all or nothing.
    bool renderTo(const QString& path, QByteArray* bytes, QString* error,
                  QSize size = QSize(1200, 700)) const;

    /// Every text of the chart in `font` (pixel-sized, in a printed figure's layout units)
    /// instead of the theme's.
    void setFigureFont(const QFont& font);
    /// The height the chart needs besides its rows at `width` (legend row, time axis), for a
    /// printed figure (layout units).
    int figureChromeHeight(int width);
    /// Draws the chart for a printed figure over `size` (layout units): laid out at that size,
    /// its row labels chosen for it, then drawn.
    void paintFigure(QCPPainter& painter, QSize size);

  public slots:
    void resetView();
    void setRectangleZoom(bool on);

  signals:
    void operationClicked(rl::OpRef op);
    /// A click on a row's label: follow that processor (ExplorerPage toggles it).
    void processorClicked(int p);
    void timeRangeChanged(double lo, double hi);

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    void applyTheme();
    void replotSoon();
    /// Before each replot: the header for the width, a layout at the plot's size, then the
    /// row labels for the rows' height that layout gives (the previous layout's would be
    /// stale after a resize).
    void prepareReplot();
    /// The time axis's numbers and name as `text` says, without a replot.
    void applyTimeAxisText(TimeAxisText text);
    /// After a layout: the other charts of the time axis group lay out again if their margins
    /// differ from this one's.
    void alignGroup();
    /// The row axes: labels on the left, and on the right when rows are too thin (below).
    void setUpRowAxes();
    /// Every row labelled on the left when rows are about as tall as the labels' font (90 %);
    /// else every row still, odd ones on the right, while that leaves each label 70 % of the
    /// font; else every 2, 5, 10... rows. On every replot, for the current height
    /// (gantt_view_figure.cpp).
    void updateRowLabels();
    void layOutAt(QSize size);
    /// Places the title and the legend for a plot `width` pixels wide: side by side when both
    /// fit, else the legend under the title (on several rows if it must), never cut.
    void layoutHeader(int width, bool withLegend) const;
    /// The top margin the reference line's label takes (none without a label).
    void updateReferenceMargin();

    QCustomPlot* m_plot = nullptr;
    GanttPlottable* m_gantt = nullptr;
    QCPItemStraightLine* m_cursorLine = nullptr;
    QCPItemStraightLine* m_refLine = nullptr;
    QCPItemText* m_refLabel = nullptr;
    std::optional<double> m_reference;
    QCPTextElement* m_title = nullptr;
    QCPLayoutGrid* m_header = nullptr;
    QString m_titleText;
    QString m_titleDetail;
    std::shared_ptr<const Schedule> m_schedule;
    std::shared_ptr<const GanttBars> m_bars;
    Theme m_theme;
    double m_cursor = std::numeric_limits<double>::infinity();
    bool m_replotPending = false;
    std::function<QString(const OpRef&)> m_describer;
    QStringList m_rowNotes;
    std::optional<QFont> m_figureFont;
    bool m_legendShown = true;
    TimeAxisText m_timeAxisText = TimeAxisText::NumbersAndName;
    QCPMarginGroup* m_timeAxisGroup = nullptr;
    QSize m_minimumSize; ///< the plot's minimum size as its parent's layout last learnt it
};

} // namespace rl
