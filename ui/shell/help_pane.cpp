#include "shell/help_pane.h"

#include "algorithms/algorithm_registry.h"
#include "base/version.h"
#include "base/vocabulary.h"
#include "views/gantt_view.h"
#include "views/tree_view.h"

#include <QImage>
#include <QPainter>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#include <cmath>
#include <functional>

namespace rl {

namespace {

constexpr int kSwatchW = 44;
constexpr int kSwatchH = 20;

QString escape(const QString& s) {
    return s.toHtmlEscaped();
}

QString utf8(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

// The Help's sentence of a mark (core/base/vocabulary.h: the web pages say the same).
QString meaning(Mark mark) {
    return escape(utf8(markWords(mark).meaning));
}

} // namespace

HelpPane::HelpPane(QWidget* parent) : QWidget(parent), m_browser(new QTextBrowser(this)) {
    m_browser->setOpenExternalLinks(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_browser);
    rebuild();
}

QStringList HelpPane::glossaryTerms() {
    QStringList terms;
    for (const GlossaryEntry& e : glossary()) {
        terms << utf8(e.term);
    }
    return terms;
}

void HelpPane::setKeys(std::vector<Key> keys) {
    m_keys = std::move(keys);
    rebuild();
}

void HelpPane::setTheme(const Theme& theme) {
    m_theme = theme;
    rebuild();
}

void HelpPane::showSection(const QString& anchor) {
    m_browser->scrollToAnchor(anchor);
}

QString HelpPane::html() const {
    return m_browser->toHtml();
}

void HelpPane::rebuild() {
    QTextDocument* doc = m_browser->document();
    // The legend's pictures, drawn by the views in the current theme and scale.
    const int w = static_cast<int>(std::lround(m_theme.px(kSwatchW)));
    const int h = static_cast<int>(std::lround(m_theme.px(kSwatchH)));
    std::vector<std::pair<QString, QImage>> images; // added once the text is set (setHtml clears)
    auto swatch = [&](const QString& name, const std::function<void(QPainter&, QRectF)>& paint) {
        QImage image(w, h, QImage::Format_ARGB32_Premultiplied);
        image.fill(m_theme.background());
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        paint(painter, QRectF(2, 2, w - 4, h - 4));
        painter.end();
        images.emplace_back(name, image);
        return QStringLiteral("<img src=\"swatch:%1\" width=\"%2\" height=\"%3\">")
            .arg(name)
            .arg(w)
            .arg(h);
    };
    auto tree = [&](TreeView::Glyph g, const QString& name) {
        return swatch(name,
                      [&](QPainter& p, QRectF box) { TreeView::paintGlyph(p, g, box, m_theme); });
    };
    auto gantt = [&](GanttView::Glyph g, const QString& name) {
        return swatch(name,
                      [&](QPainter& p, QRectF box) { GanttView::paintGlyph(p, g, box, m_theme); });
    };
    auto row = [](const QString& picture, const QString& text) {
        return QStringLiteral("<tr><td>%1</td><td>%2</td></tr>").arg(picture, text);
    };

    QString html;
    html += tr("<h2>ReduceLab help</h2><p>ReduceLab shows how a <b>reduction</b> — combining "
               "one value per processor into one result, as <code>MPI_Reduce</code> does — "
               "runs on processors whose speeds vary and cannot be predicted. Each tab is a "
               "way to look at it; this pane explains the words and pictures.</p>");
    html += QStringLiteral("<p><a href=\"#keys\">%1</a> · <a href=\"#glossary\">%2</a> · "
                           "<a href=\"#legend\">%3</a> · <a href=\"#about\">%4</a></p>")
                .arg(tr("Keys"), tr("Glossary"), tr("Legend"), tr("About"));

    html +=
        QStringLiteral("<a name=\"keys\"></a><h3>%1</h3><table cellpadding=\"2\">").arg(tr("Keys"));
    for (const auto& [key, what] : m_keys) {
        html += row(QStringLiteral("<b>%1</b>").arg(escape(key)), escape(what));
    }
    html += row(tr("<b>Mouse</b>"),
                tr("wheel zooms time (Shift+wheel: rows, or the tree horizontally), drag pans, "
                   "double-click fits; hovering an operation or a point tells what it is; "
                   "clicking a transfer selects it in the chart and the tree; clicking a row "
                   "label or a node follows that processor in every chart (Esc stops); "
                   "clicking a point "
                   "of an analysis figure opens that run in the explorer."));
    html += QStringLiteral("</table>");

    html += QStringLiteral("<a name=\"glossary\"></a><h3>%1</h3><table cellpadding=\"2\">")
                .arg(tr("Glossary"));
    for (const GlossaryEntry& e : glossary()) {
        html += row(QStringLiteral("<b>%1</b>").arg(escape(utf8(e.term))), utf8(e.meaning));
    }
    for (const Algorithm& a : allAlgorithms()) {
        html += row(QStringLiteral("<b>%1</b>").arg(escape(QString::fromStdString(a.name()))),
                    escape(QString::fromStdString(a.summary())));
    }
    html += QStringLiteral("</table>");

    html += QStringLiteral("<a name=\"legend\"></a><h3>%1</h3><p><b>%2</b></p><table "
                           "cellpadding=\"2\">")
                .arg(tr("Legend"), tr("The reduction tree"));
    using TG = TreeView::Glyph;
    html += row(tree(TG::InFlight, "in-flight"), meaning(Mark::InFlight));
    html += row(tree(TG::Merged, "merged"), meaning(Mark::Merged));
    html += row(tree(TG::Critical, "critical"), meaning(Mark::CriticalEdge));
    html += row(tree(TG::Selected, "selected"), meaning(Mark::SelectedEdge));
    html += row(tree(TG::Holding, "holding"), meaning(Mark::Holding));
    html += row(tree(TG::Receiving, "receiving"), meaning(Mark::Receiving));
    html += row(tree(TG::Reducing, "reducing"), meaning(Mark::Reducing));
    html += row(tree(TG::Sent, "sent"), meaning(Mark::Sent));
    html += row(tree(TG::Complete, "complete"), meaning(Mark::Complete));
    html += QStringLiteral("</table><p><b>%1</b></p><table cellpadding=\"2\">")
                .arg(tr("The Gantt chart (one row per processor, time to the right)"));
    using GG = GanttView::Glyph;
    html += row(gantt(GG::Transfer, "transfer"), meaning(Mark::Transfer));
    html += row(gantt(GG::Reception, "reception"), meaning(Mark::Reception));
    html += row(gantt(GG::Reduction, "reduction"), meaning(Mark::Reduction));
    html += row(gantt(GG::Critical, "critical-path"), meaning(Mark::Critical));
    html += row(gantt(GG::Selected, "selection"), meaning(Mark::Selected));
    html += row(gantt(GG::Idle, "idle"), meaning(Mark::Idle));
    html += row(gantt(GG::Cursor, "cursor"), meaning(Mark::Cursor));
    html += row(gantt(GG::Reference, "reference"), meaning(Mark::Reference));
    html += QStringLiteral("</table>");

    html += QStringLiteral("<a name=\"about\"></a><h3>%1</h3>").arg(tr("About ReduceLab"));
    html += tr("<p>ReduceLab %1, built with Qt %2.<br>Free software under the GNU General Public "
               "License, version 3 or later (GPL-3.0-or-later).</p>")
                .arg(QString::fromLatin1(kVersion), QString::fromLatin1(qVersion()));
    html += tr("<p>The model is the one of the papers below, stated in the project's own words "
               "in docs/model.md:</p><ul>"
               "<li>Anne Benoit, Louis-Claude Canon, Loris Marchal. <i>Non-clairvoyant "
               "reduction algorithms for heterogeneous platforms</i>. Research Report RR-8315, "
               "Inria, 2013 (hal-00832102); and HeteroPar 2013 (hal-00926093). "
               "[“the report”]</li>"
               "<li>Arnaud Legrand, Loris Marchal, Yves Robert. <i>Optimizing the "
               "steady-state throughput of scatter and reduce operations on heterogeneous "
               "platforms</i>.</li>"
               "<li>Pangfeng Liu, Da-Wei Wang. <i>Reduction optimization in heterogeneous "
               "cluster environments</i>.</li>"
               "<li>Frédéric Vivien. <i>Divisible load theory</i>, lecture slides, ENS Lyon, "
               "2006.</li></ul>");
    m_browser->setHtml(html);
    for (const auto& [name, image] : images) {
        doc->addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("swatch:") + name),
                         image);
    }
}

} // namespace rl
