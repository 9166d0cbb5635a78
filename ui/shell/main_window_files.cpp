// MainWindow's files: scenarios opened and saved (the explorer navigates to them: Back returns),
// sweep results reopened in their panel, schedules (a measured run) beside their simulation,
// and the recent files.
#include "analysis/sweep_panel.h"
#include "base/file_io.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "shell/main_window.h"
#include "shell/recent_files.h"
#include "studies/measured_run.h"
#include "studies/scenario_json.h"
#include "studies/schedule_file.h"
#include "studies/sweep_results.h"

#include <QFileInfo>
#include <QMenu>
#include <QTabWidget>

namespace rl {

void MainWindow::openInExplorer(const Scenario& s) {
    m_explorer->navigate(s, false); // Back returns to the scenario it replaces
    m_tabs->setCurrentIndex(0);
}

bool MainWindow::openFile(const QString& path) {
    bool schedule = false;
    try {
        schedule = isScheduleFileText(readInputFile(path.toStdString(), kMaxScheduleFileBytes));
    } catch (const InputError&) {
        schedule = false; // unreadable: openScenario() says why in its own words
    }
    return schedule ? openSchedule(path) : openScenario(path);
}

bool MainWindow::openSchedule(const QString& path) {
    try {
        const ScheduleFile file = readScheduleFile(path.toStdString(), m_policies->catalog());
        try {
            checkBesideMeasured(file, RunDetail::Explorer);
        } catch (const InputError& e) {
            throw InputError(rl::quoted(path.toStdString()) + ": " + e.what());
        }
        if (!m_explorer->showBesideMeasured(file, true)) {
            return false; // refused by the explorer (failed() showed why)
        }
        m_tabs->setCurrentIndex(0);
        addRecent(path);
        setScenarioFile(path, *file.scenario);
        return true;
    } catch (const InputError& e) {
        showError(QString::fromStdString(printable(e.what())));
        return false;
    }
}

bool MainWindow::openResults(const QString& path) {
    try {
        if (isScheduleFileText(readInputFile(path.toStdString(), kMaxScheduleFileBytes))) {
            return openSchedule(path);
        }
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
    setScenarioFile(path, session()->scenario());
    return true;
}

QString MainWindow::titleFor(const QString& file, const std::vector<Algorithm>& algorithms) {
    QStringList names;
    for (const Algorithm& a : algorithms) {
        names << QString::fromStdString(a.name());
    }
    const QString what = file.isEmpty() ? tr("unsaved") : QFileInfo(file).fileName();
    return names.isEmpty() ? tr("%1 — ReduceLab").arg(what)
                           : tr("%1 — %2 — ReduceLab").arg(what, names.join(QStringLiteral(", ")));
}

void MainWindow::setScenarioFile(const QString& path, const Scenario& s) {
    m_scenarioFile = path;
    m_scenarioFileContent = s;
    updateTitle();
}

void MainWindow::updateTitle() {
    // What the charts show (the previous run while one is in flight), compared with the file:
    // an edit or a new draw makes it "unsaved", and Back to the file's scenario names it again.
    const auto shown = session()->result();
    if (!shown) {
        setWindowTitle(titleFor({}, {}));
        return;
    }
    const bool fromFile = !m_scenarioFile.isEmpty() && shown->scenario == m_scenarioFileContent;
    setWindowTitle(titleFor(fromFile ? m_scenarioFile : QString(), shown->scenario.algorithms));
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
                            if (!openFile(p) && !QFileInfo::exists(p)) {
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
