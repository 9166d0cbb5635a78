// The explorer page's figures and records: the printed figure of a pane, the clipboard, the
// scenario written beside a schedule CSV, and going to a narration line's event. The page's
// widgets, its runs and its exports are in explorer_page.cpp.
#include "explorer/explorer_page.h"

#include "explorer/algorithm_pane.h"
#include "explorer/animation_controller.h"
#include "studies/scenario_json.h"
#include "views/gantt_view.h"
#include "views/tree_view.h"

#include <QApplication>
#include <QClipboard>
#include <QFileInfo>
#include <QImage>
#include <QListWidget>
#include <QMimeData>

#include <algorithm>
#include <memory>

namespace rl {

RunFigureContent ExplorerPage::figureContent(std::size_t pane, bool currentFrame) const {
    RunFigureContent c;
    c.schedule = m_result->schedules.at(pane);
    c.criticalPath = m_result->criticalPaths.at(pane);
    c.title = m_titles.at(static_cast<qsizetype>(pane));
    if (m_result->bound) {
        c.reference = m_result->bound->value;
        c.referenceLabel = QString::fromStdString(m_result->bound->label);
    }
    if (m_result->schedules.size() > 1) {
        // Compare mode: every figure on the time axis the panes share.
        double end = 0.0;
        for (const auto& s : m_result->schedules) {
            end = std::max(end, s->makespan);
        }
        end = std::max(end, 1e-9);
        c.timeRange = std::pair{-0.02 * end, 1.02 * end};
    }
    if (currentFrame) {
        c.cursor = m_anim->time();
    }
    c.theme = m_theme;
    return c;
}

bool ExplorerPage::copyFigure(QString* error) const {
    if (!m_result || m_panes.empty()) {
        *error = tr("nothing to copy yet");
        return false;
    }
    std::size_t pane = 0;
    for (std::size_t i = 0; i < m_panes.size(); ++i) {
        if (m_panes[i]->isAncestorOf(QApplication::focusWidget())) {
            pane = i;
        }
    }
    const RunFigureContent content = figureContent(pane, true);
    auto mime = std::make_unique<QMimeData>();
    for (const char* ext : {"png", "svg", "pdf"}) {
        QByteArray bytes;
        if (!renderRunFigure(FigureKind::GanttAndTree, content, FigureFormat{},
                             QStringLiteral("figure.%1").arg(QLatin1String(ext)), &bytes, error)) {
            return false;
        }
        if (QLatin1String(ext) == QLatin1String("png")) {
            mime->setImageData(QImage::fromData(bytes, "png"));
            mime->setData(QStringLiteral("image/png"), bytes);
        } else if (QLatin1String(ext) == QLatin1String("svg")) {
            mime->setData(QStringLiteral("image/svg+xml"), bytes);
        } else {
            mime->setData(QStringLiteral("application/pdf"), bytes);
        }
    }
    QApplication::clipboard()->setMimeData(mime.release());
    return true;
}

QByteArray ExplorerPage::scenarioSidecar(std::size_t pane, const QString& csvPath) const {
    return QByteArray::fromStdString(scheduleSidecarText(
        m_result->scenario, "reducelab", m_result->labels.empty() ? pane : 0,
        QFileInfo(csvPath).fileName().toStdString(), m_result->schedules.at(pane)->makespan));
}

void ExplorerPage::seekToNarrationLine(int row) {
    if (row < 0 || static_cast<std::size_t>(row) >= m_eventOwner.size() ||
        static_cast<std::size_t>(row) >= m_anim->timeline().size()) {
        return;
    }
    m_anim->seekToEvent(row);
    const TimelineEvent& e = m_anim->timeline()[static_cast<std::size_t>(row)];
    const bool transfer = e.kind == EventKind::TransferStart || e.kind == EventKind::TransferEnd;
    const auto pane = static_cast<std::size_t>(m_eventOwner[static_cast<std::size_t>(row)]);
    if (pane >= m_panes.size()) {
        return;
    }
    if (e.kind == EventKind::Decision) {
        // A decision that starts no operation (entering the slot, waiting): its time only,
        // and no operation left selected from another line.
        for (AlgorithmPane* p : m_panes) {
            p->gantt()->selectOperation(std::nullopt);
            p->tree()->selectTransfer(-1);
        }
        return;
    }
    m_panes[pane]->selectOperation(OpRef{transfer, e.op});
}

} // namespace rl
