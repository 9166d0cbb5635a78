// MainWindow's policies (docs/guide.md, "Your own algorithm"): Algorithms → Load policy…, the
// policies offered in the explorer and the analysis panels, the error pane with a policy's
// traceback, the Cancel button of a slow run, and the question asked before a scenario's
// policy files run.
#include "analysis/sweep_panel.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "common/policy_library.h"
#include "explorer/config_panel.h"
#include "shell/main_window.h"
#include "studies/scenario_json.h"

#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>

#include <utility>

namespace rl {

namespace {

/// A run shorter than this shows no Cancel button (it would only flicker).
constexpr int kCancelButtonDelayMs = 400;

std::vector<SweepPanel*> sweepPanels(const QTabWidget* tabs) {
    std::vector<SweepPanel*> out;
    for (int i = 0; i < tabs->count(); ++i) {
        if (auto* p = qobject_cast<SweepPanel*>(tabs->widget(i))) {
            out.push_back(p);
        }
    }
    return out;
}

} // namespace

void MainWindow::buildPolicies() {
    m_policies = new PolicyLibrary(this);
    QMenu* menu = menuBar()->addMenu(tr("Al&gorithms"));
    menu->setToolTipsVisible(true);
    m_loadPolicyAction = menu->addAction(tr("&Load policy…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Load policy"), {}, tr("Python policies (*.py);;All files (*)"));
        if (!path.isEmpty()) {
            loadPolicy(path);
        }
    });
    if (PolicyLibrary::available()) {
        m_loadPolicyAction->setToolTip(
            tr("Run a Python file: its reducelab.Policy classes join the built-in algorithms "
               "(the file is watched and reloaded when it changes)"));
    } else {
        m_loadPolicyAction->setEnabled(false);
        m_loadPolicyAction->setToolTip(tr("This ReduceLab was built without Python "
                                          "(pybind11-dev and python3-dev): it cannot run "
                                          "policies"));
    }
    // Before View: File, Edit, Animation, Go, Algorithms, View, Help.
    for (QAction* a : menuBar()->actions()) {
        if (a->menu() != nullptr && a->menu() != menu && a->text() == tr("&View")) {
            menuBar()->insertMenu(a, menu);
            break;
        }
    }

    m_policyError = new QPlainTextEdit;
    m_policyError->setReadOnly(true);
    m_policyError->setLineWrapMode(QPlainTextEdit::NoWrap);
    // Its font: applyTheme() (a fixed font, scaled in presentation mode).
    m_policyError->setTextInteractionFlags(Qt::TextSelectableByMouse |
                                           Qt::TextSelectableByKeyboard);
    m_policyErrorDock = new QDockWidget(tr("Policy error"), this);
    m_policyErrorDock->setObjectName(QStringLiteral("policyError"));
    m_policyErrorDock->setWidget(m_policyError);
    addDockWidget(Qt::BottomDockWidgetArea, m_policyErrorDock);
    m_policyErrorDock->hide();

    m_cancelRun = new QPushButton(tr("Cancel"));
    m_cancelRun->setToolTip(tr("Stop the explorer's computation (a slow or looping policy); "
                               "the run shown stays"));
    // In the status bar only while shown: a hidden permanent widget still sets the bar's
    // height, and the taller bar cost the explorer a narration line at 720 pixels.
    m_cancelRun->setParent(statusBar());
    m_cancelRun->hide();
    auto* showCancel = new QTimer(this);
    showCancel->setSingleShot(true);
    showCancel->setInterval(kCancelButtonDelayMs);
    connect(showCancel, &QTimer::timeout, this, [this] {
        if (session()->isRunning()) {
            statusBar()->addPermanentWidget(m_cancelRun);
            m_cancelRun->show();
        }
    });
    connect(session(), &Session::runningChanged, this, [this, showCancel](bool running) {
        if (running) {
            showCancel->start();
        } else {
            showCancel->stop();
            statusBar()->removeWidget(m_cancelRun); // hides it
            m_cancelRun->hide();
        }
    });
    connect(m_cancelRun, &QPushButton::clicked, this, [this] {
        session()->cancel();
        statusBar()->showMessage(tr("cancelled: the run shown is the previous one"), 8000);
    });

    connect(m_policies, &PolicyLibrary::failed, this,
            [this](const QString& message, const QString& details) {
                showPolicyError(message, details);
                m_policyErrorFromLoad = true;
                m_policyLoadFailed = true;
            });
    // A load with no failure: a file's traceback shown before is about a file that is no
    // longer loaded (a file that fails is not kept) or loads fine now. A policy's error in a
    // run stays: it is about the run shown.
    connect(m_policies, &PolicyLibrary::loadFinished, this, [this] {
        if (!std::exchange(m_policyLoadFailed, false) && m_policyErrorFromLoad) {
            m_policyErrorFromLoad = false;
            m_policyError->clear();
            m_policyErrorDock->hide();
        }
    });
    connect(m_policies, &PolicyLibrary::algorithmsChanged, this, [this] {
        configPanel()->setExtraAlgorithms(m_policies->algorithms());
        for (SweepPanel* p : sweepPanels(m_tabs)) {
            p->setExtraAlgorithms(m_policies->algorithms());
        }
        fitSettingsDock();
        const QStringList names = [this] {
            QStringList out;
            for (const Algorithm& a : m_policies->algorithms()) {
                out << QString::fromStdString(a.name());
            }
            return out;
        }();
        if (!names.isEmpty()) {
            statusBar()->showMessage(tr("policies: %1").arg(names.join(QStringLiteral(", "))),
                                     8000);
        }
    });
    connect(m_policies, &PolicyLibrary::loadFinished, this, [this] {
        if (!m_pending) {
            return;
        }
        const PendingScenario pending = *m_pending;
        m_pending.reset();
        for (const QString& f : pending.files) {
            if (!m_policies->hasFile(f)) {
                showError(
                    tr("%1: not opened: its policy file %2 did not load").arg(pending.path, f));
                return;
            }
        }
        openScenarioText(pending.path, pending.text);
    });
    // A panel's run that a policy broke: its traceback in the pane (the panel says one line).
    for (SweepPanel* p : sweepPanels(m_tabs)) {
        connect(p->runner(), &AsyncJobBase::failed, this, [this, p](const QString& message) {
            if (!p->runner()->failureDetails().isEmpty()) {
                showPolicyError(message, p->runner()->failureDetails());
            }
        });
    }
}

bool MainWindow::loadPolicy(const QString& path) {
    if (!PolicyLibrary::available()) {
        showError(m_loadPolicyAction->toolTip());
        return false;
    }
    statusBar()->showMessage(tr("loading %1…").arg(QFileInfo(path).fileName()));
    m_policies->load({path});
    return true;
}

void MainWindow::showPolicyError(const QString& message, const QString& details) {
    m_lastError = message;
    m_policyErrorFromLoad = false; // a run's, unless the load's failure says otherwise
    m_policyError->setPlainText(details.isEmpty() ? message : message + "\n\n" + details);
    m_policyErrorDock->show();
    m_policyErrorDock->raise();
    statusBar()->showMessage(message, 10000);
}

bool MainWindow::askTrust(const QStringList& files) {
    if (m_trust) {
        return m_trust(files);
    }
    if (!m_interactive) {
        return false; // nobody to ask: a policy never runs unasked
    }
    QStringList shown;
    for (const QString& f : files) {
        shown << f.toHtmlEscaped();
    }
    QMessageBox box(QMessageBox::Warning, tr("Run policy code?"),
                    tr("This scenario uses algorithms written in Python. A policy is code: run "
                       "<b>%1</b>?<br><br>Run it only if you trust where it comes from: it can "
                       "do anything your account can.")
                        .arg(shown.join(QStringLiteral("</b>, <b>"))),
                    QMessageBox::NoButton, this);
    QPushButton* run = box.addButton(tr("Run the policy"), QMessageBox::AcceptRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == run;
}

bool MainWindow::openScenario(const QString& path) {
    try {
        const std::string file = path.toStdString();
        const std::string text = readScenarioFile(file);
        // The policy files it names that are not loaded: asked about, never run unasked.
        const AlgorithmCatalog known = m_policies->catalog();
        QStringList files;
        QStringList missing;
        for (const ScenarioPolicy& p : scenarioFilePolicies(file, text)) {
            if (known.find(p.algorithm)) {
                continue;
            }
            const QString policyFile = QString::fromStdString(p.file);
            if (policyFile.isEmpty()) {
                missing << tr("%1 (class %2, defined in no file)")
                               .arg(QString::fromStdString(p.algorithm),
                                    QString::fromStdString(p.className));
            } else if (!files.contains(policyFile)) {
                files << policyFile;
            }
        }
        if (!missing.isEmpty()) {
            throw InputError(tr("%1: the policy %2 is not loaded")
                                 .arg(path, missing.join(QStringLiteral(", ")))
                                 .toStdString());
        }
        if (files.isEmpty()) {
            return openScenarioText(path, text);
        }
        if (!PolicyLibrary::available()) {
            throw InputError(
                tr("%1 uses the policies of %2: %3")
                    .arg(path, files.join(QStringLiteral(", ")), m_loadPolicyAction->toolTip())
                    .toStdString());
        }
        if (!askTrust(files)) {
            showError(tr("%1: not opened: its policy file %2 was not run")
                          .arg(path, files.join(QStringLiteral(", "))));
            return false;
        }
        // Opened once the files are loaded (off the GUI thread).
        m_pending = PendingScenario{path, text, files};
        m_policies->load(files);
        return true;
    } catch (const InputError& e) {
        showError(QString::fromUtf8(e.what()));
        return false;
    }
}

bool MainWindow::openScenarioText(const QString& path, const std::string& text) {
    try {
        const Scenario s = scenarioFromFileText(path.toStdString(), text, m_policies->catalog());
        if (!m_explorer->navigate(s, true)) {
            return false; // refused by the explorer (failed() showed why)
        }
        addRecent(path);
        setScenarioFile(path, s);
        return true;
    } catch (const InputError& e) {
        showError(QString::fromUtf8(e.what()));
        return false;
    }
}

} // namespace rl
