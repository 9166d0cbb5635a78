#include "views/tree_view.h"

#include "common/figure_export.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <array>
#include <cmath>

namespace rl {

namespace {

constexpr double kMargin = 10.0;
// Largest column and level sizes, in font heights: where nodes and edge labels are comfortable.
constexpr double kColumnCap = 7.0;
constexpr double kLevelCap = 7.0;
// Node labels shrink to fit their circle, down to this many pixels; below, none are drawn.
constexpr double kMinLabelPx = 7.0;
constexpr double kInf = std::numeric_limits<double>::infinity();

QString fmtShort(double v) {
    return QString::number(v, 'g', 4);
}
QString fmtLong(double v) {
    return QString::number(v, 'g', 6);
}

QColor blend(const QColor& a, const QColor& b, double t) {
    return QColor::fromRgbF(static_cast<float>(a.redF() * (1 - t) + b.redF() * t),
                            static_cast<float>(a.greenF() * (1 - t) + b.greenF() * t),
                            static_cast<float>(a.blueF() * (1 - t) + b.blueF() * t));
}

double distanceToSegment(QPointF p, QPointF a, QPointF b) {
    const QPointF ab = b - a;
    const double len2 = QPointF::dotProduct(ab, ab);
    const double t = len2 > 0.0 ? std::clamp(QPointF::dotProduct(p - a, ab) / len2, 0.0, 1.0) : 0.0;
    const QPointF d = p - (a + t * ab);
    return std::hypot(d.x(), d.y());
}

// The segment from a to b with `ra` cut at a and `rb` at b, so that it ends on the circles.
bool trimmed(QPointF a, QPointF b, double ra, double rb, QLineF& out) {
    const QPointF d = b - a;
    const double len = std::hypot(d.x(), d.y());
    if (len <= ra + rb) {
        return false;
    }
    const QPointF u = d / len;
    out = QLineF(a + u * ra, b - u * rb);
    return true;
}

/// How an edge is drawn: a vertical stem up from the child, then a straight line to the
/// parent. The stem lifts the slanted part above the child's row, so that even a nearly
/// horizontal edge (a binomial root far from its first children) never runs through the
/// neighbours of its child; the layout keeps other nodes of the parent's row out of its way.
/// All slanted parts between two levels start on one line and end on another, in the same
/// order at both ends, so they cannot cross; and the stems are tall enough to carry their edge
/// label below that line, where no other edge passes.
struct EdgePath {
    QLineF stem;
    QLineF slant;
    bool hasStem = false;
};

/// Stem length for a gap of `band` pixels between two rows of circles: what an edge label
/// needs, within 30 % and 60 % of the band.
double stemLength(double band, double labelStem) {
    return std::clamp(labelStem, 0.3 * band, 0.6 * band);
}

bool edgePath(QPointF child, QPointF parent, double radius, double labelStem, EdgePath& out) {
    const double gap = radius >= 1.5 ? radius + 0.5 : 0.0;
    const double stem = stemLength(std::max(0.0, child.y() - parent.y() - 2 * gap), labelStem);
    out.hasStem = stem >= 1.0 && std::abs(child.x() - parent.x()) >= 0.5;
    if (!out.hasStem) {
        return trimmed(child, parent, gap, gap, out.slant);
    }
    const QPointF top(child.x(), child.y() - gap);
    const QPointF knee(child.x(), top.y() - stem);
    out.stem = QLineF(top, knee);
    return trimmed(knee, parent, 0.0, gap, out.slant);
}

bool segmentMayCross(QPointF a, QPointF b, const QRectF& clip) {
    return std::max(a.x(), b.x()) >= clip.left() && std::min(a.x(), b.x()) <= clip.right() &&
           std::max(a.y(), b.y()) >= clip.top() && std::min(a.y(), b.y()) <= clip.bottom();
}

QPolygonF arrowHead(const QLineF& line, double size) {
    const QPointF tip = line.p2();
    const QPointF d = line.p2() - line.p1();
    const double len = std::hypot(d.x(), d.y());
    const QPointF u = d / len;
    const QPointF n(-u.y(), u.x());
    return QPolygonF({tip, tip - u * size + n * size * 0.45, tip - u * size - n * size * 0.45});
}

} // namespace

TreeView::TreeView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(false);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(160, 120);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setWhatsThis(tr("Reduction tree: wheel zooms around the mouse (Shift: horizontally), drag "
                    "pans, double-click fits. Click an edge to select its transfer."));
}

void TreeView::setSchedule(std::shared_ptr<const Schedule> schedule) {
    m_schedule = std::move(schedule);
    m_values.reset();
    m_selected = -1;
    m_critical.clear();
    m_sendOf.clear();
    m_mergedAt.clear();
    m_reductionsOn.clear();
    m_completeAt = 0.0;
    if (m_schedule) {
        const Schedule& s = *m_schedule;
        m_layout = layoutTree(s);
        const auto n = static_cast<std::size_t>(std::max(0, s.n));
        m_sendOf.assign(n, -1);
        m_reductionsOn.assign(n, {});
        for (std::size_t k = 0; k < s.transfers.size(); ++k) {
            const int from = s.transfers[k].from;
            if (from >= 0 && static_cast<std::size_t>(from) < n) {
                m_sendOf[static_cast<std::size_t>(from)] = static_cast<int>(k);
            }
            m_mergedAt.push_back(s.transfers[k].end); // until a reduction says otherwise
        }
        for (std::size_t r = 0; r < s.reductions.size(); ++r) {
            const ReductionOp& op = s.reductions[r];
            if (op.transfer >= 0 && static_cast<std::size_t>(op.transfer) < m_mergedAt.size()) {
                m_mergedAt[static_cast<std::size_t>(op.transfer)] = op.end;
            }
            if (op.proc >= 0 && static_cast<std::size_t>(op.proc) < n) {
                m_reductionsOn[static_cast<std::size_t>(op.proc)].push_back(static_cast<int>(r));
                if (op.proc == s.root) {
                    m_completeAt = std::max(m_completeAt, op.end);
                }
            }
        }
    } else {
        m_layout = TreeLayout{};
    }
    setCursorTime(m_cursor);
    m_autoFit = true;
    m_view = fitView(size(), paintFont());
    update();
}

void TreeView::setCursorTime(double t) {
    m_cursor = std::isnan(t) ? kInf : t;
    int visible = 0;
    if (m_schedule) {
        for (const TransferOp& op : m_schedule->transfers) {
            visible += op.start <= m_cursor ? 1 : 0;
        }
    }
    m_visibleEdges = visible;
    update();
}

void TreeView::setTheme(const Theme& theme) {
    m_theme = theme;
    if (m_autoFit) {
        m_view = fitView(size(), paintFont()); // presentation mode changes the font
    }
    update();
}

void TreeView::selectTransfer(int k) {
    const int count = m_schedule ? static_cast<int>(m_schedule->transfers.size()) : 0;
    m_selected = k >= 0 && k < count ? k : -1;
    update();
}

void TreeView::setHighlightedTransfers(std::vector<int> transfers) {
    const std::size_t count = m_schedule ? m_schedule->transfers.size() : 0;
    m_critical.assign(count, false);
    for (int k : transfers) {
        if (k >= 0 && static_cast<std::size_t>(k) < count) {
            m_critical[static_cast<std::size_t>(k)] = true;
        }
    }
    update();
}

int TreeView::nodeCount() const {
    return m_schedule ? m_schedule->n : 0;
}

QFont TreeView::paintFont() const {
    // Pixel sizes, not points: SVG and PDF (72 dpi) then keep the proportions of the screen.
    QFont f = m_theme.font();
    f.setPixelSize(static_cast<int>(std::lround(m_theme.fontPointSize() * 4.0 / 3.0)));
    return f;
}

TreeView::View TreeView::fitView(QSizeF size, const QFont& font) const {
    const double fh = QFontMetricsF(font).height();
    const double cols = m_layout.width + 1.0;
    const double levels = m_layout.height + 1.0;
    const double top = headerHeight(size.width(), QFontMetricsF(font));
    const double availW = std::max(1.0, size.width() - 2 * kMargin);
    const double availH = std::max(1.0, size.height() - top - kMargin);
    View v;
    // Small trees do not blow up to fill the widget: the column and level sizes are capped
    // where nodes and their labels are comfortable to read.
    v.sx = std::min(availW / cols, kColumnCap * fh);
    v.sy = std::min(availH / levels, kLevelCap * fh);
    v.tx = kMargin + availW / 2.0 - m_layout.width / 2.0 * v.sx;
    v.ty = top + availH / 2.0 - m_layout.height / 2.0 * v.sy;
    return v;
}

TreeView::Metrics TreeView::metrics(const View& view, const QFont& font) const {
    const QFontMetricsF fm(font);
    const double fh = fm.height();
    Metrics m;
    m.radius = std::min({0.4 * view.sx, 0.3 * view.sy, 1.15 * fh});
    const int n = nodeCount();
    const double labelW = fm.horizontalAdvance(QStringLiteral("P%1").arg(std::max(0, n - 1)));
    const double scale =
        std::min({1.0, (2 * m.radius - 4) / labelW, (2 * m.radius + 2) / std::max(1.0, fh)});
    m.labelPx = font.pixelSize() * scale;
    m.nodeLabels = m.labelPx >= kMinLabelPx;
    m.arrows = m.radius >= 5.0;
    // An edge label (two lines) fits on its stem, below every slanted edge.
    m.labelBoxH = 2 * fh + 4;
    m.labelStem = m.labelBoxH + 6;
    const double band = view.sy - 2 * (m.radius + 0.5);
    m.edgeLabels =
        m.nodeLabels && stemLength(band, m.labelStem) >= m.labelStem && view.sx >= 2.5 * fh;
    return m;
}

void TreeView::resetView() {
    m_autoFit = true;
    m_view = fitView(size(), paintFont());
    update();
}

void TreeView::clampZoom(View& v, QPointF anchor) const {
    const View fit = fitView(size(), paintFont());
    const double fh = QFontMetricsF(paintFont()).height();
    // Out to a quarter of the fitted size, in until a column is far wider than any label.
    // Levels stop growing once edge labels fit between them: wide trees need horizontal room,
    // and a zoom that also stretched the levels would push the neighbouring levels off screen.
    const double sx = std::clamp(v.sx, fit.sx / 4.0, std::max(fit.sx, 30.0 * fh));
    const double sy = std::clamp(v.sy, fit.sy / 4.0, std::max(fit.sy, kLevelCap * fh));
    v.tx = anchor.x() - (anchor.x() - v.tx) * (sx / v.sx);
    v.ty = anchor.y() - (anchor.y() - v.ty) * (sy / v.sy);
    v.sx = sx;
    v.sy = sy;
}

void TreeView::zoomAt(QPointF pos, double factor, bool horizontalOnly) {
    if (!(factor > 0.0)) {
        return;
    }
    View v = m_view;
    // The layout point under `pos` stays under it.
    v.tx = pos.x() - (pos.x() - v.tx) * factor;
    v.sx *= factor;
    if (!horizontalOnly) {
        v.ty = pos.y() - (pos.y() - v.ty) * factor;
        v.sy *= factor;
    }
    clampZoom(v, pos);
    m_view = v;
    m_autoFit = false;
    update();
}

QPointF TreeView::nodePosition(int p) const {
    if (p < 0 || p >= nodeCount()) {
        return {};
    }
    const auto up = static_cast<std::size_t>(p);
    return m_view.map(m_layout.x[up], m_layout.y[up]);
}

bool TreeView::isMerged(int k) const {
    return m_mergedAt[static_cast<std::size_t>(k)] <= m_cursor;
}

TreeView::NodeState TreeView::nodeState(int p) const {
    const Schedule& s = *m_schedule;
    const auto up = static_cast<std::size_t>(p);
    const int k = m_sendOf[up];
    if (k >= 0) {
        const TransferOp& t = s.transfers[static_cast<std::size_t>(k)];
        if (t.end <= m_cursor) {
            return NodeState::Sent;
        }
        if (t.start <= m_cursor) {
            return NodeState::Sending;
        }
    } else if (m_completeAt <= m_cursor) {
        return NodeState::Complete;
    }
    for (int r : m_reductionsOn[up]) {
        const ReductionOp& red = s.reductions[static_cast<std::size_t>(r)];
        if (red.start <= m_cursor && m_cursor < red.end) {
            return NodeState::Reducing;
        }
        const TransferOp& in = s.transfers[static_cast<std::size_t>(red.transfer)];
        if (in.start <= m_cursor && m_cursor < in.end) {
            return NodeState::Receiving;
        }
    }
    return NodeState::Holding;
}

const std::vector<QString>& TreeView::valueTexts() const {
    if (!m_values) {
        std::vector<QString> texts;
        if (m_schedule) {
            const Schedule::Values values = m_schedule->allValues();
            texts.reserve(values.transfers.size());
            for (const auto& runs : values.transfers) {
                texts.push_back(QString::fromStdString(formatRuns(runs)));
            }
        }
        m_values = std::move(texts);
    }
    return *m_values;
}

QString TreeView::describeTransfer(int k) const {
    if (!m_schedule || k < 0 || static_cast<std::size_t>(k) >= m_schedule->transfers.size()) {
        return {};
    }
    const TransferOp& t = m_schedule->transfers[static_cast<std::size_t>(k)];
    const auto& values = valueTexts();
    QString text =
        tr("Transfer %1: P%2 → P%3\nvalue: %4\nstart: %5\nend: %6\nduration: %7")
            .arg(k)
            .arg(t.from)
            .arg(t.to)
            .arg(static_cast<std::size_t>(k) < values.size() ? values[static_cast<std::size_t>(k)]
                                                             : QString())
            .arg(fmtLong(t.start), fmtLong(t.end), fmtLong(t.end - t.start));
    const double merged = m_mergedAt[static_cast<std::size_t>(k)];
    if (merged > t.end) {
        text += tr("\nmerged by P%1 at %2").arg(t.to).arg(fmtLong(merged));
    }
    return text;
}

int TreeView::nodeAt(QPointF pos) const {
    if (!m_schedule) {
        return -1;
    }
    const double r = std::max(3.0, metrics(m_view, paintFont()).radius);
    int best = -1;
    double bestD = r;
    for (int p = 0; p < nodeCount(); ++p) {
        const QPointF d = nodePosition(p) - pos;
        const double dist = std::hypot(d.x(), d.y());
        if (dist <= bestD) {
            bestD = dist;
            best = p;
        }
    }
    return best;
}

QPolygonF TreeView::edgeGeometry(int k) const {
    if (!m_schedule || k < 0 || static_cast<std::size_t>(k) >= m_schedule->transfers.size()) {
        return {};
    }
    const TransferOp& t = m_schedule->transfers[static_cast<std::size_t>(k)];
    EdgePath path;
    const Metrics m = metrics(m_view, paintFont());
    if (!edgePath(nodePosition(t.from), nodePosition(t.to), m.radius, m.labelStem, path)) {
        return {};
    }
    QPolygonF out;
    if (path.hasStem) {
        out << path.stem.p1();
    }
    out << path.slant.p1() << path.slant.p2();
    return out;
}

int TreeView::transferAt(QPointF pos) const {
    if (!m_schedule) {
        return -1;
    }
    const Metrics m = metrics(m_view, paintFont());
    const double tolerance = 5.0;
    int best = -1;
    double bestD = tolerance;
    for (std::size_t k = 0; k < m_schedule->transfers.size(); ++k) {
        const TransferOp& t = m_schedule->transfers[k];
        if (t.start > m_cursor) {
            continue;
        }
        // Only the part between the circles: a click on a node is not a click on its edges.
        EdgePath path;
        if (!edgePath(nodePosition(t.from), nodePosition(t.to), m.radius, m.labelStem, path)) {
            continue;
        }
        double d = distanceToSegment(pos, path.slant.p1(), path.slant.p2());
        if (path.hasStem) {
            d = std::min(d, distanceToSegment(pos, path.stem.p1(), path.stem.p2()));
        }
        if (d <= bestD) {
            bestD = d;
            best = static_cast<int>(k);
        }
    }
    return best;
}

void TreeView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    paintTree(painter, size(), m_view, true);
}

void TreeView::paintTree(QPainter& painter, QSizeF size, const View& view, bool interactive) const {
    const QColor bg = m_theme.background();
    const QColor grey = greyColor();
    painter.fillRect(QRectF(QPointF(0, 0), size), bg);
    const QFont font = paintFont();
    painter.setFont(font);
    if (!m_schedule || nodeCount() == 0) {
        painter.setPen(grey);
        painter.drawText(QRectF(QPointF(0, 0), size), Qt::AlignCenter, tr("No schedule"));
        return;
    }
    const Schedule& s = *m_schedule;
    const Metrics m = metrics(view, font);
    const double r = m.radius;
    const QRectF clip = QRectF(QPointF(0, 0), size).adjusted(-r - 2, -r - 2, r + 2, r + 2);
    const int n = nodeCount();
    std::vector<QPointF> pts(static_cast<std::size_t>(n));
    for (int p = 0; p < n; ++p) {
        pts[static_cast<std::size_t>(p)] = view.map(m_layout.x[static_cast<std::size_t>(p)],
                                                    m_layout.y[static_cast<std::size_t>(p)]);
    }

    // Edges, batched by style: one drawLines() per style keeps n = 4096 fast. Zoomed in, where
    // few edges are on screen and lines are thick, each is one polyline instead, so that the
    // knee between stem and slant is joined and a dash pattern runs on around it.
    enum Style { Plain, Critical, Selected, StyleCount };
    const bool polylines = r >= 3.0;
    std::array<std::array<QVector<QLineF>, 2>, StyleCount> lines;    // [style][merged]
    std::array<std::array<QVector<QPolygonF>, 2>, StyleCount> paths; // [style][merged]
    std::array<QVector<QPolygonF>, StyleCount> arrows;
    const double width = std::clamp(r * 0.13, 1.0, 2.0);
    const double arrowSize = std::clamp(r * 0.55, 5.0, 10.0);
    EdgePath future; // the selected transfer before it starts: shown faintly, so it can be found
    bool hasFuture = false;
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        const TransferOp& t = s.transfers[k];
        const QPointF a = pts[static_cast<std::size_t>(t.from)];
        const QPointF b = pts[static_cast<std::size_t>(t.to)];
        if (!segmentMayCross(a, b, clip)) {
            continue;
        }
        EdgePath path;
        if (!edgePath(a, b, r, m.labelStem, path)) {
            continue;
        }
        const bool selected = static_cast<int>(k) == m_selected;
        if (t.start > m_cursor) {
            if (selected) {
                future = path;
                hasFuture = true;
            }
            continue;
        }
        const Style style = selected                                   ? Selected
                            : (k < m_critical.size() && m_critical[k]) ? Critical
                                                                       : Plain;
        const std::size_t merged = isMerged(static_cast<int>(k)) ? 1 : 0;
        if (polylines) {
            QPolygonF poly;
            if (path.hasStem) {
                poly << path.stem.p1();
            }
            poly << path.slant.p1() << path.slant.p2();
            paths[style][merged].push_back(poly);
        } else {
            if (path.hasStem) {
                lines[style][merged].push_back(path.stem);
            }
            lines[style][merged].push_back(path.slant);
        }
        if (m.arrows) {
            arrows[style].push_back(arrowHead(path.slant, arrowSize));
        }
    }
    // Where edges are packed tighter than a few pixels, lighter lines keep the shape of the
    // tree readable instead of a solid block; highlighted edges stay strong on top. Blended,
    // not translucent: translucent antialiased lines cost 15 times more to paint.
    const QColor plain =
        blend(m_theme.background(), m_theme.transfer(), std::clamp(view.sx / 6.0, 0.45, 1.0));
    const std::array<QColor, StyleCount> colors{plain, m_theme.critical(), m_theme.selection()};
    const std::array<double, StyleCount> widths{width, std::max(2.5, width * 2.2),
                                                std::max(3.0, width * 2.5)};
    if (hasFuture) {
        QPen pen(m_theme.selection(), widths[Selected], Qt::DotLine);
        painter.setPen(pen);
        QPolygonF poly;
        if (future.hasStem) {
            poly << future.stem.p1();
        }
        painter.drawPolyline(poly << future.slant.p1() << future.slant.p2());
    }
    for (int style = 0; style < StyleCount; ++style) {
        for (int merged = 0; merged < 2; ++merged) {
            const auto st = static_cast<std::size_t>(style);
            const auto mg = static_cast<std::size_t>(merged);
            if (lines[st][mg].isEmpty() && paths[st][mg].isEmpty()) {
                continue;
            }
            QPen pen(colors[st], widths[st]);
            pen.setCapStyle(Qt::FlatCap);
            pen.setJoinStyle(Qt::RoundJoin);
            if (!merged) {
                // In flight (or waiting for its reduction): dashed, in units of the pen width.
                pen.setDashPattern({4.0, 3.0});
            }
            painter.setPen(pen);
            painter.setBrush(Qt::NoBrush);
            painter.drawLines(lines[st][mg]);
            for (const QPolygonF& poly : paths[st][mg]) {
                painter.drawPolyline(poly);
            }
        }
        const auto& heads = arrows[static_cast<std::size_t>(style)];
        if (!heads.isEmpty()) {
            painter.setPen(Qt::NoPen);
            painter.setBrush(colors[static_cast<std::size_t>(style)]);
            for (const QPolygonF& head : heads) {
                painter.drawPolygon(head);
            }
        }
    }

    // Nodes, batched by state.
    std::array<QVector<QPointF>, kStates> byState;
    for (int p = 0; p < n; ++p) {
        const QPointF c = pts[static_cast<std::size_t>(p)];
        if (clip.contains(c)) {
            byState[static_cast<std::size_t>(nodeState(p))].push_back(c);
        }
    }
    const std::array<Look, kStates> looks = nodeLooks(r);
    for (int st = 0; st < kStates; ++st) {
        const auto& centres = byState[static_cast<std::size_t>(st)];
        if (centres.isEmpty()) {
            continue;
        }
        const Look& look = looks[static_cast<std::size_t>(st)];
        if (r < 2.0) {
            // Too small to show an outline: a square dot, in the colour that tells the state.
            const double half = std::max(r, 0.8);
            QVector<QRectF> dots;
            dots.reserve(centres.size());
            for (const QPointF& c : centres) {
                dots.push_back(QRectF(c.x() - half, c.y() - half, 2 * half, 2 * half));
            }
            painter.setPen(Qt::NoPen);
            const NodeState state = static_cast<NodeState>(st);
            painter.setBrush(state == NodeState::Holding ? blend(bg, m_theme.transfer(), 0.6)
                             : state == NodeState::Sent  ? grey
                                                         : look.outline);
            painter.drawRects(dots);
            continue;
        }
        painter.setPen(QPen(look.outline, look.width));
        painter.setBrush(look.fill);
        for (const QPointF& c : centres) {
            painter.drawEllipse(c, r, r);
        }
    }
    if (r < 4.0 && s.root >= 0 && s.root < n) {
        // Zoomed far out the root stays findable: drawn at a legible size over the dots.
        const Look& look = looks[static_cast<std::size_t>(nodeState(s.root))];
        painter.setPen(QPen(look.outline, 1.2));
        painter.setBrush(look.fill);
        painter.drawEllipse(pts[static_cast<std::size_t>(s.root)], 4.0, 4.0);
    }
    if (m_selected >= 0) {
        const TransferOp& t = s.transfers[static_cast<std::size_t>(m_selected)];
        painter.setPen(QPen(m_theme.selection(), 2.0));
        painter.setBrush(Qt::NoBrush);
        for (int p : {t.from, t.to}) {
            painter.drawEllipse(pts[static_cast<std::size_t>(p)], r + 3, r + 3);
        }
    }
    if (m.nodeLabels) {
        QFont labelFont = font;
        labelFont.setPixelSize(std::max(1, static_cast<int>(std::floor(m.labelPx))));
        painter.setFont(labelFont);
        for (int p = 0; p < n; ++p) {
            const QPointF c = pts[static_cast<std::size_t>(p)];
            if (!clip.contains(c)) {
                continue;
            }
            painter.setPen(looks[static_cast<std::size_t>(nodeState(p))].text);
            painter.drawText(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), Qt::AlignCenter,
                             QStringLiteral("P%1").arg(p));
        }
        painter.setFont(font);
    }
    if (m.edgeLabels) {
        paintEdgeLabels(painter, view, m, clip);
    }

    paintHeader(painter, size, looks);
    if (interactive && !m.nodeLabels && n > 1) {
        painter.setPen(grey);
        painter.drawText(QRectF(0, 0, size.width() - kMargin, size.height() - 4),
                         Qt::AlignRight | Qt::AlignBottom, tr("wheel to zoom in for labels"));
    }
}

QColor TreeView::greyColor() const {
    return blend(m_theme.foreground(), m_theme.background(), 0.55);
}

std::array<TreeView::Look, TreeView::kStates> TreeView::nodeLooks(double radius) const {
    const QColor bg = m_theme.background();
    const QColor fg = m_theme.foreground();
    const QColor tint = blend(bg, m_theme.transfer(), 0.2);
    const QColor reduceTint = blend(bg, m_theme.reduction(), 0.35);
    const double thick = std::clamp(radius * 0.16, 1.5, 3.0);
    return {{
        {tint, fg, 1.2, fg},                                              // Holding
        {tint, m_theme.transfer(), thick, fg},                            // Receiving
        {reduceTint, m_theme.reduction(), thick, fg},                     // Reducing
        {tint, m_theme.transfer(), thick, fg},                            // Sending
        {bg, greyColor(), 1.0, greyColor()},                              // Sent
        {m_theme.transfer(), m_theme.transfer(), 1.2, QColor(Qt::white)}, // Complete
    }};
}

std::vector<TreeView::LegendEntry> TreeView::legendEntries(bool withCritical) const {
    std::vector<LegendEntry> legend{{LegendEntry::InFlight, tr("in flight")},
                                    {LegendEntry::Merged, tr("merged")}};
    if (withCritical) {
        legend.push_back({LegendEntry::Critical, tr("critical path")});
    }
    legend.push_back({LegendEntry::Holding, tr("holds a value")});
    legend.push_back({LegendEntry::Sent, tr("has sent")});
    legend.push_back({LegendEntry::Complete, tr("holds everything")});
    return legend;
}

double TreeView::legendWidth(const std::vector<LegendEntry>& legend, const QFontMetricsF& fm) {
    double w = 0.0;
    for (const auto& e : legend) {
        w += 1.6 * fm.height() + 4 + fm.horizontalAdvance(e.text) + 12;
    }
    return w - 12;
}

namespace {

QString captionText(const Schedule& s, int depth) {
    return TreeView::tr("%1  ·  n = %2  ·  depth %3")
        .arg(QString::fromStdString(s.algorithm))
        .arg(s.n)
        .arg(depth);
}

} // namespace

double TreeView::headerHeight(double width, const QFontMetricsF& fm) const {
    const double fh = fm.height();
    if (!m_schedule) {
        return fh + 2 * kMargin;
    }
    // Measured with the longest time suffix and the critical-path entry, so the band does not
    // change height (and the tree jump) while the animation runs.
    const double caption =
        fm.horizontalAdvance(captionText(*m_schedule, static_cast<int>(m_layout.height)) +
                             QStringLiteral("  ·  t = 0.0000e+00"));
    const double legend = legendWidth(legendEntries(true), fm);
    // Beside the caption, else on a line of its own, else (too narrow) left out.
    const bool oneLine = caption + legend + 3 * kMargin <= width || legend + 2 * kMargin > width;
    return (oneLine ? fh : 2 * fh + 4) + 2 * kMargin;
}

void TreeView::paintHeader(QPainter& painter, QSizeF size,
                           const std::array<Look, kStates>& looks) const {
    const QFontMetricsF fm(painter.font());
    const double fh = fm.height();
    const QColor fg = m_theme.foreground();
    // An opaque strip under the caption, so that a panned tree does not garble it.
    const double band = headerHeight(size.width(), fm) - 4;
    QColor strip = m_theme.background();
    strip.setAlpha(225);
    painter.fillRect(QRectF(0, 0, size.width(), band), strip);

    QString caption = captionText(*m_schedule, static_cast<int>(m_layout.height));
    if (std::isfinite(m_cursor)) {
        caption += tr("  ·  t = %1").arg(fmtShort(m_cursor));
    }
    painter.setPen(fg);
    // A narrow pane (compare mode) elides the caption rather than cutting it mid-word.
    caption = fm.elidedText(caption, Qt::ElideRight, size.width() - 2 * kMargin);
    painter.drawText(QRectF(kMargin, kMargin, size.width() - 2 * kMargin, fh),
                     Qt::AlignLeft | Qt::AlignVCenter, caption);

    const bool critical = std::find(m_critical.begin(), m_critical.end(), true) != m_critical.end();
    const auto legend = legendEntries(critical);
    const double legendW = legendWidth(legend, fm);
    const bool secondLine = band > 2 * fh;
    const double baseY = secondLine ? kMargin + fh + 4 : kMargin;
    double x = secondLine ? kMargin : size.width() - kMargin - legendW;
    if (x < (secondLine ? kMargin : 3 * kMargin + fm.horizontalAdvance(caption))) {
        return; // too narrow for a legend
    }
    const double glyph = 1.6 * fh;
    const double cy = baseY + fh / 2;
    const double gr = std::min(fh * 0.35, 6.0);
    for (const LegendEntry& e : legend) {
        // Only whole entries: one that would run past the edge is left out with the rest.
        if (x + glyph + 4 + fm.horizontalAdvance(e.text) > size.width() - kMargin) {
            break;
        }
        switch (e.kind) {
        case LegendEntry::InFlight:
        case LegendEntry::Merged:
        case LegendEntry::Critical: {
            const bool crit = e.kind == LegendEntry::Critical;
            QPen pen(crit ? m_theme.critical() : m_theme.transfer(), crit ? 2.5 : 1.5);
            pen.setCapStyle(Qt::FlatCap);
            if (e.kind == LegendEntry::InFlight) {
                pen.setDashPattern({4.0, 3.0});
            }
            painter.setPen(pen);
            painter.drawLine(QPointF(x, cy), QPointF(x + glyph, cy));
            break;
        }
        case LegendEntry::Holding:
        case LegendEntry::Sent:
        case LegendEntry::Complete: {
            const NodeState state = e.kind == LegendEntry::Holding ? NodeState::Holding
                                    : e.kind == LegendEntry::Sent  ? NodeState::Sent
                                                                   : NodeState::Complete;
            const Look& look = looks[static_cast<std::size_t>(state)];
            painter.setPen(QPen(look.outline, look.width));
            painter.setBrush(look.fill);
            painter.drawEllipse(QPointF(x + glyph / 2, cy), gr, gr);
            break;
        }
        }
        x += glyph + 4;
        painter.setPen(fg);
        const double w = fm.horizontalAdvance(e.text);
        painter.drawText(QRectF(x, baseY, w + 2, fh), Qt::AlignLeft | Qt::AlignVCenter, e.text);
        x += w + 12;
    }
}

void TreeView::paintEdgeLabels(QPainter& painter, const View& view, const Metrics& m,
                               QRectF clip) const {
    const Schedule& s = *m_schedule;
    const QFontMetricsF fm(painter.font());
    const double fh = fm.height();
    const double boxH = m.labelBoxH;
    // Long values (commutative runs) are elided; the tooltip has them in full.
    const double maxW = std::max(4.0 * fh, 2.0 * view.sx);
    struct Stem {
        double depth;
        double x;
        int transfer;
    };
    // Every visible edge's stem near the screen, by level then left to right: a label may only
    // cover its own stem.
    std::vector<Stem> stems;
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        const TransferOp& t = s.transfers[k];
        if (t.start > m_cursor) {
            continue;
        }
        const auto c = static_cast<std::size_t>(t.from);
        const QPointF pc = view.map(m_layout.x[c], m_layout.y[c]);
        if (pc.x() + maxW < clip.left() || pc.x() - maxW > clip.right() || pc.y() < clip.top() ||
            pc.y() - boxH - m.radius > clip.bottom()) {
            continue;
        }
        stems.push_back({m_layout.y[c], pc.x(), static_cast<int>(k)});
    }
    std::sort(stems.begin(), stems.end(), [](const Stem& a, const Stem& b) {
        return a.depth != b.depth ? a.depth < b.depth : a.x < b.x;
    });
    const auto& values = valueTexts();
    const QColor bg = m_theme.background();
    const QColor fg = m_theme.foreground();
    const QColor grey = blend(fg, bg, 0.45);
    constexpr double kGap = 6.0; // between two labels, and between a label and another stem
    double lastRight = -kInf;
    for (std::size_t i = 0; i < stems.size(); ++i) {
        const Stem& st = stems[i];
        const bool newLevel = i == 0 || stems[i - 1].depth != st.depth;
        if (newLevel) {
            lastRight = -kInf;
        }
        // Left to right, each label as close to centred on its stem as the neighbouring stems
        // and the previous label allow; one that cannot hold its own stem is left out (the
        // tooltip and a closer zoom show it).
        const double lo = std::max(newLevel ? -kInf : stems[i - 1].x + kGap, lastRight + kGap);
        const bool lastOfLevel = i + 1 == stems.size() || stems[i + 1].depth != st.depth;
        const double hi = lastOfLevel ? kInf : stems[i + 1].x - kGap;
        const TransferOp& t = s.transfers[static_cast<std::size_t>(st.transfer)];
        const QString times = QStringLiteral("%1 → %2").arg(fmtShort(t.start), fmtShort(t.end));
        const double room = std::min(hi - lo, maxW);
        const double timesW = fm.horizontalAdvance(times) + 8;
        if (timesW > room) {
            continue;
        }
        const auto uk = static_cast<std::size_t>(st.transfer);
        const QString value =
            fm.elidedText(uk < values.size() ? values[uk] : QString(), Qt::ElideRight, room - 8);
        const double w = std::max(timesW, fm.horizontalAdvance(value) + 8);
        double left = std::max(st.x - w / 2, lo);
        if (left + w > hi) {
            left = hi - w;
        }
        if (left < lo || left > st.x - 4 || left + w < st.x + 4) {
            continue;
        }
        lastRight = left + w;
        const double top = view.map(0, st.depth).y() - m.radius - 3 - boxH;
        const QRectF box(left, top, w, boxH);
        painter.setPen(Qt::NoPen);
        painter.setBrush(bg);
        painter.drawRoundedRect(box, 3, 3);
        painter.setPen(fg);
        painter.drawText(QRectF(box.left(), box.top() + 2, box.width(), fh), Qt::AlignCenter,
                         value);
        painter.setPen(grey);
        painter.drawText(QRectF(box.left(), box.top() + 2 + fh, box.width(), fh), Qt::AlignCenter,
                         times);
    }
}

void TreeView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (m_autoFit) {
        m_view = fitView(size(), paintFont());
    }
}

void TreeView::wheelEvent(QWheelEvent* event) {
    const QPoint delta = event->angleDelta();
    // Shift+wheel arrives as a horizontal delta on some platforms.
    const int steps = delta.y() != 0 ? delta.y() : delta.x();
    if (steps == 0) {
        event->ignore();
        return;
    }
    zoomAt(event->position(), std::pow(1.2, steps / 120.0),
           event->modifiers().testFlag(Qt::ShiftModifier));
    event->accept();
}

void TreeView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    m_pressed = true;
    m_dragging = false;
    m_pressPos = m_lastDragPos = event->position();
    event->accept();
}

void TreeView::mouseMoveEvent(QMouseEvent* event) {
    if (!m_pressed) {
        QWidget::mouseMoveEvent(event);
        return;
    }
    const QPointF pos = event->position();
    if (!m_dragging && (pos - m_pressPos).manhattanLength() > 4.0) {
        m_dragging = true;
        setCursor(Qt::ClosedHandCursor);
    }
    if (m_dragging) {
        const QPointF d = pos - m_lastDragPos;
        m_view.tx += d.x();
        m_view.ty += d.y();
        m_lastDragPos = pos;
        m_autoFit = false;
        update();
    }
    event->accept();
}

void TreeView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !m_pressed) {
        QWidget::mouseReleaseEvent(event);
        return;
    }
    const bool wasDrag = m_dragging;
    m_pressed = false;
    m_dragging = false;
    unsetCursor();
    if (!wasDrag) {
        const int k = transferAt(event->position());
        selectTransfer(k);
        emit transferClicked(k);
    }
    event->accept();
}

void TreeView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        resetView();
        event->accept();
        return;
    }
    QWidget::mouseDoubleClickEvent(event);
}

void TreeView::keyPressEvent(QKeyEvent* event) {
    const QPointF centre(width() / 2.0, height() / 2.0);
    const double step = 40.0;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomAt(centre, 1.25);
        break;
    case Qt::Key_Minus:
        zoomAt(centre, 0.8);
        break;
    case Qt::Key_0:
    case Qt::Key_Home:
        resetView();
        break;
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down:
        m_view.tx += event->key() == Qt::Key_Left    ? step
                     : event->key() == Qt::Key_Right ? -step
                                                     : 0;
        m_view.ty += event->key() == Qt::Key_Up ? step : event->key() == Qt::Key_Down ? -step : 0;
        m_autoFit = false;
        update();
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

bool TreeView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QPointF pos = help->pos();
        QString text;
        if (const int p = nodeAt(pos); p >= 0) {
            const Schedule& s = *m_schedule;
            const int k = m_sendOf[static_cast<std::size_t>(p)];
            text = QStringLiteral("P%1").arg(p);
            const auto& kids = m_reductionsOn[static_cast<std::size_t>(p)];
            if (!kids.empty()) {
                QStringList from;
                for (int r : kids) {
                    from << QStringLiteral("P%1").arg(
                        s.transfers[static_cast<std::size_t>(
                                        s.reductions[static_cast<std::size_t>(r)].transfer)]
                            .from);
                }
                text += tr("\nreceives from %1").arg(from.join(QStringLiteral(", ")));
            }
            if (k >= 0) {
                const TransferOp& t = s.transfers[static_cast<std::size_t>(k)];
                text += tr("\nsends to P%1 over [%2, %3)")
                            .arg(t.to)
                            .arg(fmtLong(t.start), fmtLong(t.end));
            } else {
                text += tr("\nroot: holds everything at %1").arg(fmtLong(m_completeAt));
            }
        } else if (const int k = transferAt(pos); k >= 0) {
            text = describeTransfer(k);
        }
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

bool TreeView::exportTo(const QString& path, QString* error) const {
    QByteArray bytes;
    return renderTo(path, &bytes, error) && writeFileAtomically(path, bytes, error);
}

bool TreeView::renderTo(const QString& path, QByteArray* bytes, QString* error) const {
    const QFont font = paintFont();
    const double fh = QFontMetricsF(font).height();
    const QSize base = width() >= 200 && height() >= 150 ? size() : QSize(1000, 700);
    // A large tree gets a larger canvas, so that the figure keeps its node labels: columns of
    // 2.6 font heights (a label "P255" in its circle), up to a limit that keeps a 2x PNG of the
    // widest canvas near 100 MB of pixels while encoding.
    const double wantW = (m_layout.width + 1.0) * 2.6 * fh + 2 * kMargin;
    const double wantH = (m_layout.height + 1.0) * 4.5 * fh + 3 * fh + 3 * kMargin;
    const QSize canvas(
        std::clamp(static_cast<int>(std::ceil(wantW)), base.width(), std::max(base.width(), 3200)),
        std::clamp(static_cast<int>(std::ceil(wantH)), base.height(),
                   std::max(base.height(), 2000)));
    return renderFigure(
        path, canvas,
        [&](QPaintDevice& device, QSize sz) {
            QPainter painter(&device);
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setRenderHint(QPainter::TextAntialiasing);
            paintTree(painter, sz, fitView(sz, font), false);
        },
        bytes, error);
}

} // namespace rl
