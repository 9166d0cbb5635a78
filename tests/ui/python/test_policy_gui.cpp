// Policies in Python in the window (#31; docs/guide.md, "Your own algorithm"), under the
// offscreen platform: a policy file loaded off the GUI thread shows its algorithm in the
// explorer (on the built-in Tree-dyn's draws) and in an analysis panel; a policy that raises
// shows its traceback and leaves the window working; a policy that never returns is cancelled
// within a second (the Cancel button, a superseding edit), and so is a file whose top-level code
// loops; a scenario that names a policy file runs it only after the user agreed; an edited file
// is reloaded. Built only with Python.
#include "analysis/sweep_panel.h"
#include "explorer/algorithm_pane.h"
#include "explorer/config_panel.h"
#include "shell/main_window.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtTest>

#include <memory>

using namespace rl;

namespace {

// Tree-dyn in Python, with its own narration; a module-level line records each run of the file
// (the trust test checks that a refused file never ran).
const char* const kTreeDyn = R"py(
import reducelab
with open(__file__ + ".ran", "a") as f:
    f.write("ran\n")

class TreeDynPy(reducelab.Policy):
    """Tree-dyn in Python."""
    name = "%1"
    commutative_only = True

    def reset(self, n):
        self.slot = None

    def on_idle(self, engine, p):
        if self.slot is None:
            self.slot = p
        else:
            engine.start_transfer(p, self.slot)
            self.slot = None

    def describe(self, engine, p):
        return "is idle and meets the Python slot" if self.slot == p else None
)py";

const char* const kRaises = R"py(
import reducelab

class Broken(reducelab.Policy):
    name = "broken"

    def on_idle(self, engine, p):
        return self.ratio(p)

    def ratio(self, p):
        return p / 0
)py";

const char* const kLoops = R"py(
import reducelab

class Looper(reducelab.Policy):
    name = "looper"

    def on_idle(self, engine, p):
        while True:
            pass
)py";

QString writePolicy(const QTemporaryDir& dir, const QString& name, const QString& text) {
    const QString path = dir.filePath(name);
    // As an editor saves: a new file renamed over the old one.
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text.toUtf8()) < 0 || !f.commit()) {
        qFatal("cannot write %s", qPrintable(path));
    }
    return path;
}

std::optional<Algorithm> policy(const MainWindow& w, const std::string& key) {
    for (const Algorithm& a : w.policies()->algorithms()) {
        if (a.key() == key) {
            return a;
        }
    }
    return std::nullopt;
}

bool loadAndWait(MainWindow& w, const QString& path) {
    if (!w.loadPolicy(path)) {
        return false;
    }
    w.policies()->waitForIdle();
    return w.policies()->hasFile(path);
}

void setN(MainWindow& w, int n) {
    QLineEdit* field = w.configPanel()->processorsField();
    field->setText(QString::number(n));
    emit field->editingFinished();
}

bool shows(const MainWindow& w, const std::vector<Algorithm>& algos) {
    const auto r = w.session()->result();
    return r && !w.session()->isRunning() && r->scenario.algorithms == algos &&
           w.panes().size() == algos.size();
}

} // namespace

class TestPolicyGui : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }

    void loadedPolicyInExplorerAndPanel() {
        MainWindow w;
        w.setInteractive(false);
        w.show();
        QVERIFY(w.loadPolicyAction()->isEnabled());
        const QString file = writePolicy(m_dir, "tree_dyn.py", QString(kTreeDyn).arg("py-dyn"));
        QVERIFY(loadAndWait(w, file));
        const auto py = policy(w, "py-dyn");
        QVERIFY(py.has_value());
        QCOMPARE(QString::fromStdString(py->descriptor().policyFile), file);
        QCOMPARE(QString::fromStdString(py->descriptor().policyClass), QString("TreeDynPy"));

        // The explorer: a check box beside the built-ins; compared with Tree-dyn on the same
        // draws, the Python Tree-dyn gives the same makespan.
        QCheckBox* box = w.configPanel()->algorithmBox(*py);
        QVERIFY(box != nullptr);
        QVERIFY(box->isEnabled());
        for (const Algorithm& a : w.session()->scenario().algorithms) {
            w.configPanel()->algorithmBox(a)->setChecked(false);
        }
        w.configPanel()->algorithmBox(AlgorithmId::TreeDyn)->setChecked(true);
        box->setChecked(true);
        const std::vector<Algorithm> both{AlgorithmId::TreeDyn, *py};
        QTRY_VERIFY_WITH_TIMEOUT(shows(w, both), 10000);
        const auto& runs = w.session()->result()->schedules;
        QCOMPARE(runs.size(), std::size_t{2});
        QCOMPARE(runs[1]->makespan, runs[0]->makespan);
        // The narration tells the policy's own sentence.
        bool told = false;
        for (int i = 0; i < w.narrationList()->count(); ++i) {
            told = told || w.narrationList()->item(i)->text().contains("meets the Python slot");
        }
        QVERIFY(told);
        QVERIFY(w.policyErrorDock()->isHidden());

        // An analysis panel: offered in the CV sweep, run beside Tree-dyn on the same draws.
        SweepPanel* panel = nullptr;
        for (int i = 0; i < w.tabs()->count() && panel == nullptr; ++i) {
            if (w.tabs()->tabText(i) == "CV sweep") {
                panel = qobject_cast<SweepPanel*>(w.tabs()->widget(i));
                w.tabs()->setCurrentIndex(i);
            }
        }
        QVERIFY(panel != nullptr);
        // Offered in the three panels' lists (the ratio map's pair included).
        for (int i = 0; i < w.tabs()->count(); ++i) {
            if (auto* p = qobject_cast<SweepPanel*>(w.tabs()->widget(i))) {
                const auto& offered = p->params()->offered();
                QVERIFY2(std::find(offered.begin(), offered.end(), *py) != offered.end(),
                         qPrintable(w.tabs()->tabText(i)));
            }
        }
        SweepSpec spec = panel->params()->spec();
        spec.algorithms = both;
        spec.n = 16;
        spec.cvs = {0.5, 1.0};
        spec.ratios = {0.0};
        spec.replicates = 200;
        panel->params()->setSpec(spec);
        QVERIFY(panel->run());
        QTRY_VERIFY_WITH_TIMEOUT(!panel->runner()->isRunning(), 30000);
        QVERIFY2(panel->runner()->failure().isEmpty(), qPrintable(panel->runner()->failure()));
        const auto snap = panel->runner()->latest();
        QVERIFY(snap && snap->complete);
        QCOMPARE(snap->spec.algorithms, both);
        for (const GridCell& cell : snap->cells) {
            QCOMPARE(cell.summaries.size(), std::size_t{2});
            QCOMPARE(cell.summaries[1].mean, cell.summaries[0].mean); // common random numbers
        }
    }

    void raisingPolicyShowsTraceback() {
        MainWindow w;
        w.setInteractive(false);
        w.show();
        QVERIFY(loadAndWait(w, writePolicy(m_dir, "broken.py", kRaises)));
        const auto broken = policy(w, "broken");
        QVERIFY(broken.has_value());
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && !w.session()->isRunning(), 10000);
        const auto before = w.session()->result();
        w.configPanel()->algorithmBox(*broken)->setChecked(true);
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.policyErrorDock()->isVisible(),
                                 10000);
        const QString text = w.policyErrorView()->toPlainText();
        QVERIFY2(text.contains("ZeroDivisionError"), qPrintable(text));
        QVERIFY2(text.contains("Traceback"), qPrintable(text));
        QVERIFY2(text.contains("broken.py") && text.contains("in ratio"), qPrintable(text));
        QVERIFY(w.policyErrorView()->textInteractionFlags() & Qt::TextSelectableByMouse);
        // Only that computation failed: the run shown stays, its settings with it (the policy
        // no longer ticked), and the next edit runs.
        QCOMPARE(w.session()->result(), before);
        QVERIFY(!w.configPanel()->algorithmBox(*broken)->isChecked());
        QCOMPARE(w.configPanel()->scenario(), before->scenario);
        setN(w, 5);
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && w.session()->result()->scenario.n == 5 &&
                                     !w.session()->isRunning(),
                                 10000);
    }

    void loopingPolicyIsCancelled() {
        auto window = std::make_unique<MainWindow>();
        MainWindow& w = *window;
        w.setInteractive(false);
        w.show();
        QVERIFY(loadAndWait(w, writePolicy(m_dir, "loops.py", kLoops)));
        const auto looper = policy(w, "looper");
        QVERIFY(looper.has_value());
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && !w.session()->isRunning(), 10000);
        const auto before = w.session()->result();

        // The Cancel button, shown once the run takes a while.
        w.configPanel()->algorithmBox(*looper)->setChecked(true);
        QVERIFY(w.session()->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(w.cancelRunButton()->isVisible(), 5000);
        QVERIFY(w.session()->isRunning()); // still looping
        QElapsedTimer clock;
        clock.start();
        QTest::mouseClick(w.cancelRunButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 1000);
        QTRY_COMPARE_WITH_TIMEOUT(QThreadPool::globalInstance()->activeThreadCount(), 0, 1000);
        const qint64 cancelMs = clock.elapsed();
        qInfo("cancelled by the button in %lld ms", static_cast<long long>(cancelMs));
        QVERIFY(cancelMs < 1000);
        QCOMPARE(w.session()->result(), before);   // the run shown stays
        QVERIFY(w.session()->failure().isEmpty()); // cancelled, not failed
        QVERIFY(w.cancelRunButton()->isHidden());
        QVERIFY(!w.configPanel()->algorithmBox(*looper)->isChecked()); // as the charts show
        QCOMPARE(w.configPanel()->scenario(), before->scenario);

        // Superseded by an edit: the looping run is interrupted, the new one runs.
        w.configPanel()->algorithmBox(*looper)->setChecked(true); // runs the looper again
        setN(w, 6);
        QTest::qWait(200);
        QVERIFY(w.session()->isRunning());
        clock.restart();
        w.configPanel()->algorithmBox(*looper)->setChecked(false);
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && w.session()->result()->scenario.n == 6 &&
                                     !w.session()->isRunning(),
                                 1000);
        QTRY_COMPARE_WITH_TIMEOUT(QThreadPool::globalInstance()->activeThreadCount(), 0, 1000);
        const qint64 supersedeMs = clock.elapsed();
        qInfo("superseded in %lld ms", static_cast<long long>(supersedeMs));
        QVERIFY(supersedeMs < 1000);

        // Closing the window while it loops does not hang either.
        w.configPanel()->algorithmBox(*looper)->setChecked(true);
        QTest::qWait(100);
        QVERIFY(w.session()->isRunning());
        clock.restart();
        window.reset();
        const qint64 closeMs = clock.elapsed();
        qInfo("closed while looping in %lld ms", static_cast<long long>(closeMs));
        QVERIFY(closeMs < 1000);
    }

    // A file whose top-level code never returns: its load is interrupted by the next load and by
    // closing the window (EmbeddedPython::loadPolicyFile under the job's PolicyInterrupt).
    void fileLoopingAtTopLevelIsInterrupted() {
        auto window = std::make_unique<MainWindow>();
        MainWindow& w = *window;
        w.setInteractive(false);
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && !w.session()->isRunning(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(QThreadPool::globalInstance()->activeThreadCount(), 0, 5000);
        const QString looping =
            writePolicy(m_dir, "loops_at_top.py", "import reducelab\nwhile True:\n    pass\n");
        QVERIFY(w.loadPolicy(looping));
        QTest::qWait(300);
        QVERIFY(w.policies()->isLoading()); // still looping

        // Superseded by another load: the looping file stops, the other one loads.
        QElapsedTimer clock;
        clock.start();
        const QString good = writePolicy(m_dir, "after_loop.py", QString(kTreeDyn).arg("after"));
        QVERIFY(loadAndWait(w, good));
        QTRY_COMPARE_WITH_TIMEOUT(QThreadPool::globalInstance()->activeThreadCount(), 0, 1000);
        const qint64 supersedeMs = clock.elapsed();
        qInfo("a looping file superseded in %lld ms", static_cast<long long>(supersedeMs));
        QVERIFY(supersedeMs < 1000);
        QVERIFY(!w.policies()->hasFile(looping));
        QVERIFY(policy(w, "after").has_value());

        // Closing the window while a file loops does not hang.
        QVERIFY(w.loadPolicy(looping));
        QTest::qWait(300);
        QVERIFY(w.policies()->isLoading());
        clock.restart();
        window.reset();
        const qint64 closeMs = clock.elapsed();
        qInfo("closed while a file loops in %lld ms", static_cast<long long>(closeMs));
        QVERIFY(closeMs < 1000);
    }

    void scenarioAsksBeforeRunningItsPolicy() {
        const QString file = writePolicy(m_dir, "trusted.py", QString(kTreeDyn).arg("trusted"));
        const QString marker = file + ".ran";
        const QString scenarioPath = m_dir.filePath("with-policy.json");
        {
            MainWindow w;
            w.setInteractive(false);
            QVERIFY(loadAndWait(w, file));
            const auto py = policy(w, "trusted");
            QVERIFY(py.has_value());
            QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && !w.session()->isRunning(), 10000);
            w.configPanel()->algorithmBox(*py)->setChecked(true);
            QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() &&
                                         w.session()->scenario().algorithms.back() == *py,
                                     10000);
            QVERIFY(w.saveScenario(scenarioPath));
        }
        // The file names the policy's file and class.
        QFile f(scenarioPath);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        const QJsonObject entry = o["policies"].toArray().at(0).toObject();
        QCOMPARE(entry["algorithm"].toString(), QString("trusted"));
        QCOMPARE(entry["class"].toString(), QString("TreeDynPy"));
        QCOMPARE(entry["file"].toString(), file);
        QVERIFY(QFile::remove(marker));

        MainWindow w;
        w.setInteractive(false);
        QStringList asked;
        bool consent = false;
        w.setTrustPrompt([&](const QStringList& files) {
            asked << files;
            return consent;
        });
        // Refused: the file never runs, the scenario is not opened.
        QVERIFY(!w.openScenario(scenarioPath));
        QCOMPARE(asked, QStringList{file});
        w.policies()->waitForIdle();
        QVERIFY(!QFile::exists(marker));
        QVERIFY(w.policies()->files().isEmpty());
        QVERIFY(w.lastError().contains("was not run"));
        // Without a prompt and nobody to ask: refused too.
        w.setTrustPrompt({});
        QVERIFY(!w.openScenario(scenarioPath));
        QVERIFY(!QFile::exists(marker));
        // Agreed: loaded, then opened.
        w.setTrustPrompt([&](const QStringList& files) {
            asked << files;
            return consent;
        });
        consent = true;
        QVERIFY(w.openScenario(scenarioPath));
        w.policies()->waitForIdle();
        QVERIFY(QFile::exists(marker));
        const auto py = policy(w, "trusted");
        QVERIFY(py.has_value());
        QTRY_VERIFY_WITH_TIMEOUT(
            !w.session()->isRunning() && w.session()->scenario().algorithms.back() == *py, 10000);
        // Loaded now: opened again without asking.
        asked.clear();
        QVERIFY(w.openScenario(scenarioPath));
        QVERIFY(asked.isEmpty());
    }

    // Issue #39: a file's traceback goes once another file loads fine (the broken one is not
    // kept); a policy's error in a run is about the run shown and stays.
    void errorPaneClearsWhenAnotherFileLoads() {
        MainWindow w;
        w.setInteractive(false);
        w.show();
        const QString bad = writePolicy(m_dir, "bad.py", "import reducelab\nclass X(:\n");
        QVERIFY(!loadAndWait(w, bad));
        QTRY_VERIFY_WITH_TIMEOUT(w.policyErrorDock()->isVisible(), 5000);
        QVERIFY(w.policyErrorView()->toPlainText().contains("SyntaxError"));
        QVERIFY(loadAndWait(w, writePolicy(m_dir, "good.py", QString(kTreeDyn).arg("good"))));
        QTRY_VERIFY_WITH_TIMEOUT(w.policyErrorDock()->isHidden(), 5000);
        QVERIFY(w.policyErrorView()->toPlainText().isEmpty());
    }

    void editedFileIsReloaded() {
        MainWindow w;
        w.setInteractive(false);
        w.show();
        const QString file = writePolicy(m_dir, "edited.py", QString(kTreeDyn).arg("first"));
        QVERIFY(loadAndWait(w, file));
        const auto first = policy(w, "first");
        QVERIFY(first.has_value());
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && !w.session()->isRunning(), 10000);
        w.configPanel()->algorithmBox(*first)->setChecked(true);
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() &&
                                     w.session()->result()->scenario.algorithms.back() == *first,
                                 10000);

        // Same name, new code: the explorer re-runs with the new handle.
        writePolicy(m_dir, "edited.py", QString(kTreeDyn).arg("first") + "\n# edited\n");
        QTRY_VERIFY_WITH_TIMEOUT(policy(w, "first") && !(*policy(w, "first") == *first), 5000);
        const auto second = *policy(w, "first");
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() &&
                                     w.session()->result()->scenario.algorithms.back() == second,
                                 10000);
        // A broken save keeps the last good policies and shows the error; fixing it reloads.
        writePolicy(m_dir, "edited.py", "import reducelab\nclass X(reducelab.Policy:\n");
        QTRY_VERIFY_WITH_TIMEOUT(w.policyErrorDock()->isVisible(), 5000);
        QVERIFY(w.policyErrorView()->toPlainText().contains("SyntaxError"));
        QVERIFY(policy(w, "first").has_value());
        writePolicy(m_dir, "edited.py", QString(kTreeDyn).arg("renamed"));
        QTRY_VERIFY_WITH_TIMEOUT(policy(w, "renamed").has_value(), 5000);
        // The file loads fine again: its old traceback goes.
        QTRY_VERIFY_WITH_TIMEOUT(w.policyErrorDock()->isHidden(), 5000);
        QVERIFY(w.policyErrorView()->toPlainText().isEmpty());
        QVERIFY(!policy(w, "first").has_value());
        QVERIFY(w.configPanel()->algorithmBox(*policy(w, "renamed")) != nullptr);
    }

  private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestPolicyGui)
#include "test_policy_gui.moc"
