#pragma once

#include "common/theme.h"
#include "schedule/critical_path.h"
#include "schedule/schedule.h"
#include "schedule/tree_layout.h"

#include <QPointF>
#include <QPolygonF>
#include <QWidget>

#include <array>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

class QFontMetricsF;
class QPainter;

namespace rl {

/// The reduction tree of one schedule, drawn with QPainter: processors as circles, the root on
/// top, each child below its parent in reception order, one edge per transfer (child to parent)
/// labelled with the value it carries and its start and end times when zoomed in enough.
///
/// It follows the animation: an edge appears dashed when its transfer starts and turns solid
/// when the receiver has merged the value; a processor turns hollow and grey once it has sent,
/// and the root is filled once it holds everything. Wheel zooms around the mouse (Shift+wheel:
/// horizontally only), drag pans, double-click fits. Labels, arrowheads and outlines are only
/// drawn when they are large enough to read, and off-screen items are skipped, so n = 4096
/// paints in a few milliseconds. It only draws the immutable schedule it is given.
class TreeView : public QWidget {
    Q_OBJECT
  public:
    explicit TreeView(QWidget* parent = nullptr);

    void setSchedule(std::shared_ptr<const Schedule> schedule);
    std::shared_ptr<const Schedule> schedule() const { return m_schedule; }
    /// What exists at time t: edges whose transfer started at or before t. +inf (the default)
    /// shows the complete tree.
    void setCursorTime(double t);
    double cursorTime() const { return m_cursor; }
    void setTheme(const Theme& theme);
    /// Highlights transfer k (-1: none). Does not emit transferClicked.
    void selectTransfer(int k);
    int selectedTransfer() const { return m_selected; }
    /// Transfers drawn thicker in Theme::critical() (the critical path).
    /// Follows one processor (compare mode follows it in every tree): a ring around its node,
    /// its edges drawn strong. None: no ring.
    void setHighlightedProcessor(std::optional<int> p);
    std::optional<int> highlightedProcessor() const { return m_focus; }
    void setHighlightedTransfers(const std::vector<int>& transfers);
    /// Highlights the transfers of a run's critical path (schedule/critical_path.h).
    void setCriticalPath(const std::vector<CriticalStep>& path);

    /// The caption as the view draws it at its current width: the algorithm, n, the tree's
    /// depth and the time on one line; where they do not fit, the depth, then n, then the
    /// time are left out whole (never cut mid-word).
    QString caption() const;

    /// Processors drawn (n, or 0 without a schedule).
    int nodeCount() const;
    /// Edges drawn at the current cursor: transfers started at or before it.
    int visibleEdgeCount() const { return m_visibleEdges; }
    /// The tree's layout (not QWidget::layout(), which it would hide).
    const TreeLayout& treeLayout() const { return m_layout; }
    /// Centre of processor p in widget coordinates, under the current zoom and pan.
    QPointF nodePosition(int p) const;
    /// The line drawn for transfer k in widget coordinates, from the child to the parent's
    /// circle (a stem up from the child, then a straight line); empty if none.
    QPolygonF edgeGeometry(int k) const;
    /// The shortest edge between two levels, in pixels: long enough for a dash and its gap,
    /// so that an edge in flight (dashed) is told from a merged one (solid) at every layout
    /// (the circles shrink rather than touch); at most 30 % of a level.
    double minEdgeLength() const;
    /// The visible transfer whose edge passes under a widget position, or -1.
    int transferAt(QPointF pos) const;
    /// The processor whose circle is under a widget position, or -1.
    int nodeAt(QPointF pos) const;
    /// Tooltip text of transfer k: sender, receiver, value, start, end, duration.
    QString describeTransfer(int k) const;
    /// The marks the tree draws: edge styles and node states (legends and the Help pane).
    enum class Glyph {
        InFlight,  ///< dashed edge: the value travels, or waits to be merged
        Merged,    ///< solid edge: the receiver has merged the value
        Critical,  ///< thick edge: on the critical path
        Selected,  ///< the selected transfer
        Holding,   ///< a processor holding a value, idle
        Receiving, ///< receiving a value (blue ring)
        Reducing,  ///< merging a value into its own (orange ring)
        Sending,   ///< sending its value (blue ring)
        Sent,      ///< has sent its value: out of the reduction (hollow, grey)
        Complete,  ///< the root holding every value (filled)
    };
    /// Draws `glyph` centred in `box` as the tree draws it in `theme`.
    static void paintGlyph(QPainter& painter, Glyph glyph, QRectF box, const Theme& theme);

    /// Whether the view shows its legend on screen (a page may show one legend for all its
    /// views); exported figures always have theirs.
    void setLegendShown(bool on);
    /// Nodes whose processor label the last paint drew (tests: every node up to n = 32).
    int labelledNodeCount() const { return m_labelled; }
    /// The hint drawn at the last paint when nodes are too small for labels ("wheel to zoom in
    /// for labels", or a shorter form that fits whole), or empty.
    QString shownHint() const { return m_hint; }
    /// The boxes of the edge labels the last paint drew, in its coordinates (tests: never
    /// beyond the view).
    const std::vector<QRectF>& edgeLabelBoxes() const { return m_edgeLabelBoxes; }
    /// The font the view paints with (the theme's, in pixels so that exports keep the
    /// proportions).
    QFont paintFont() const;
    /// Screen pixels per layout unit, horizontally (for tests of zoom).
    double horizontalScale() const { return m_view.sx; }

    /// Paints the tree fitted to `rect` of `device`, at the current cursor (animation frames).
    void paint(QPaintDevice& device, const QRect& rect) const;
    /// Writes the complete tree, fitted, at the current cursor: PNG (2x), SVG or PDF by
    /// extension, atomically. False with a message naming the path on failure.
    bool exportTo(const QString& path, QString* error) const;
    /// The same figure as bytes in the format of `path`'s extension (nothing written).
    bool renderTo(const QString& path, QByteArray* bytes, QString* error) const;

    /// Text in `font` (pixel-sized, in a printed figure's layout units) instead of the theme's.
    void setFigureFont(const QFont& font);
    /// Whether the header starts with the caption (algorithm, n, depth, time); a figure under
    /// a title of its own shows only the legend.
    void setCaptionVisible(bool on);
    /// The height of a printed figure of the tree `width` wide (layout units): the header,
    /// then levels about as tall as the columns are wide, within what nodes and labels need.
    double figureHeight(double width) const;
    /// Draws the tree fitted into `size`, for a printed figure.
    void paintFigure(QPainter& painter, QSizeF size) const;

  public slots:
    /// Fits the whole tree in the widget (and keeps it fitted on resize until the next zoom
    /// or pan).
    void resetView();
    /// Zooms by `factor` around a widget position (both axes, or only horizontally).
    void zoomAt(QPointF pos, double factor, bool horizontalOnly = false);

  signals:
    /// The user clicked the edge of transfer k (-1: clicked beside every edge).
    void transferClicked(int k);
    /// A click on a node: follow that processor (ExplorerPage toggles it).
    void processorClicked(int p);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;

  private:
    /// Layout units to pixels: screen = (x * sx + tx, y * sy + ty).
    struct View {
        double sx = 1.0;
        double sy = 1.0;
        double tx = 0.0;
        double ty = 0.0;
        QPointF map(double x, double y) const { return {x * sx + tx, y * sy + ty}; }
    };
    /// Sizes in pixels that depend on the zoom and the font.
    struct Metrics {
        double radius = 0.0;
        bool nodeLabels = false;
        double labelPx = 0.0;   ///< node label font, shrunk to fit the circle
        double labelBoxH = 0.0; ///< height of an edge label
        double labelStem = 0.0; ///< stem length an edge label needs
        bool edgeLabels = false;
        bool arrows = false;
        bool numberOnly = false; ///< labels "12" instead of "P12" (small trees, tight room)
    };
    static QString nodeLabel(int p, bool numberOnly);
    using NodeState = Glyph; // Holding ... Complete
    static constexpr int kFirstState = static_cast<int>(Glyph::Holding);
    static constexpr int kStates = 6;
    /// How a node in each state is drawn.
    struct Look {
        QColor fill;
        QColor outline;
        double width = 1.0;
        QColor text;
    };
    struct LegendEntry {
        Glyph kind;
        QString text;
    };
    static std::size_t stateIndex(NodeState s) {
        return static_cast<std::size_t>(static_cast<int>(s) - kFirstState);
    }

    View fitView(QSizeF size, const QFont& font, bool withLegend) const;
    Metrics metrics(const View& view, const QFont& font) const;
    void paintTree(QPainter& painter, QSizeF size, const View& view, bool interactive) const;
    static std::array<Look, kStates> nodeLooks(const Theme& theme, double radius);
    std::vector<LegendEntry> legendEntries(bool withCritical) const;
    /// Where the caption band puts the legend: beside the caption when both fit on one line,
    /// else on the lines under it (rows: the line of each entry).
    struct HeaderLayout {
        bool beside = true;
        std::vector<int> rows;
        double legendWidth = 0.0;
        double height = 0.0;
    };
    double legendEntryWidth(const LegendEntry& e, const QFontMetricsF& fm) const;
    std::vector<int> legendRows(const std::vector<LegendEntry>& legend, const QFontMetricsF& fm,
                                double width) const;
    HeaderLayout headerLayout(double width, const QFontMetricsF& fm,
                              const std::vector<LegendEntry>& legend) const;
    /// Height of the caption band: one line, or more when the legend does not fit beside it.
    double headerHeight(double width, const QFontMetricsF& fm, bool withLegend) const;
    /// The margin around the tree and in its caption band, at the theme's scale.
    double margin() const;
    void paintHeader(QPainter& painter, QSizeF size, bool withLegend) const;
    /// The caption for a header `width` wide (see caption()); `widestTime`: with the widest
    /// time text instead of the cursor's (to measure it).
    QString caption(const QFontMetricsF& fm, double width, bool widestTime) const;
    /// The transfers' labels over their stems, each whole within `area` or left out.
    void paintEdgeLabels(QPainter& painter, const View& view, const Metrics& m, QRectF area) const;
    NodeState nodeState(int p) const;
    bool isMerged(int k) const;
    const std::vector<QString>& valueTexts() const;
    void clampZoom(View& v, QPointF anchor) const;

    std::shared_ptr<const Schedule> m_schedule;
    TreeLayout m_layout;
    std::vector<int> m_sendOf;      // transfer sent by each processor, -1 for the root
    std::vector<double> m_mergedAt; // end of the reduction merging each transfer
    std::vector<std::vector<int>> m_reductionsOn;         // reductions of each processor
    double m_completeAt = 0.0;                            // when the root holds everything
    mutable std::optional<std::vector<QString>> m_values; // formatted lazily: costly at large n
    Theme m_theme;
    double m_cursor = std::numeric_limits<double>::infinity();
    int m_visibleEdges = 0;
    int m_selected = -1;
    std::optional<int> m_focus;
    std::vector<bool> m_critical;
    View m_view;
    bool m_autoFit = true;
    QPointF m_pressPos;
    QPointF m_lastDragPos;
    bool m_pressed = false;
    bool m_dragging = false;
    std::optional<QFont> m_figureFont;
    bool m_captionVisible = true;
    mutable int m_labelled = 0;
    mutable QString m_hint;                       ///< shownHint()
    mutable std::vector<QRectF> m_edgeLabelBoxes; ///< edgeLabelBoxes()
    bool m_legendShown = true;
};

} // namespace rl
