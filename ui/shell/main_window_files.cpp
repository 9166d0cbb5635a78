// MainWindow's files: scenarios opened and saved (the explorer navigates to them: Back returns),
// sweep results reopened in their panel, and the recent files.
#include "analysis/sweep_panel.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "shell/main_window.h"
#include "shell/recent_files.h"
#include "studies/scenario_json.h"
#include "studies/sweep_results.h"

#include <QFileInfo>
#include <QMenu>
#include <QTabWidget>

namespace rl {

void MainWindow::openInExplorer(const Scenario& s) {
    m_explorer->navigate(s, false); // Back returns to the scenario it replaces
    m_tabs->setCurrentIndex(0);
}

bool MainWindow::openResults(const QString& path) {
    try {
        // A few hundred kB at most (bounded by kMaxSweepResultsBytes): read and checked here,
        // before anything changes.
        const SweepResults r = loadSweepResults(path.toStdString(), m_policies->catalog());
        for (int i = 0; i < m_tabs->count(); ++i) {
            auto* panel = qobject_cast<SweepPanel*>(m_tabs->widget(i));
            if (panel && panel->figureKind() == r.figure) {
                panel->showResults(r.snapshot, QFileInfo(path).fileName());
                m_tabs->setCurrentIndex(i);
                return true;
            }
        }
        showError(tr("no panel draws %1").arg(QString::fromUtf8(figureKey(r.figure).data())));
        return false;
    } catch (const InputError& e) {
        showError(QString::fromStdString(printable(e.what())));
        return false;
    }
}

bool MainWindow::saveScenario(const QString& path) {
    try {
        rl::saveScenario(session()->scenario(), path.toStdString());
    } catch (const std::exception& e) { // InputError (a path refused) or OutputError (I/O)
        showError(QString::fromStdString(printable(e.what())));
        return false;
    }
    addRecent(path);
    return true;
}

void MainWindow::addRecent(const QString& path) {
    RecentFiles().add(path);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = RecentFiles().paths(); // the files that still exist
    for (const QString& p : recent) {
        m_recentMenu
            ->addAction(RecentFiles::menuText(p), this,
                        [this, p] {
                            if (!openScenario(p) && !QFileInfo::exists(p)) {
                                RecentFiles().remove(p); // gone since the menu was made
                                rebuildRecentMenu();
                            }
                        })
            ->setToolTip(p);
    }
    m_recentMenu->setToolTipsVisible(true);
    m_recentMenu->setEnabled(!recent.isEmpty());
}

} // namespace rl
