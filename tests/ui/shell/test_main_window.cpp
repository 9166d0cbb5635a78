// The explorer window under the offscreen platform: the demo scenario, edits that re-simulate,
// step-by-step animation, exports, and bad files that must change nothing.
#include "explorer/algorithm_pane.h"
#include "explorer/animation_controller.h"
#include "explorer/config_panel.h"
#include "export/animation_export.h"
#include "shell/main_window.h"
#include "theory/tree_dyn_markov.h"
#include "views/gantt_view.h"
#include "views/legend_strip.h"
#include "views/tree_view.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <QMenu>
#include <QMenuBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>

using namespace rl;

namespace {

void waitForResult(MainWindow& w, int n, std::size_t panes) {
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && w.session()->result()->scenario.n == n &&
                                 w.panes().size() == panes && !w.session()->isRunning(),
                             10000);
}

// Shows everything (cursor at the end) and lets the throttled repaint happen.
void showAll(MainWindow& w) {
    w.animation()->toEnd();
    for (int i = 0; i < 5; ++i) {
        QCoreApplication::processEvents();
        QTest::qWait(20);
    }
}

void setN(MainWindow& w, int n) {
    QLineEdit* field = w.configPanel()->processorsField();
    field->setText(QString::number(n));
    emit field->editingFinished();
}

QByteArray head(const QString& path, int bytes) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.read(bytes) : QByteArray();
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // QSettings of the tests stay apart
        QCoreApplication::setOrganizationName(QStringLiteral("ReduceLabTests"));
    }

    // A small window (760x560, #39): the legend strip wraps onto a third line and keeps it
    // whole, and the time slider keeps room to be aimed (the word "speed" gives way).
    void aNarrowWindowKeepsTheLegendAndTheSlider() {
        MainWindow w;
        w.setInteractive(false);
        w.resize(760, 560);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && !w.session()->isRunning(), 10000);
        QTest::qWait(50);
        const LegendStrip* legend = w.explorer()->legend();
        const std::vector<int> rows = legend->rows();
        QVERIFY2(rows.back() >= 2, "the test's width should wrap the legend onto three lines");
        QTRY_COMPARE(legend->height(), legend->heightForWidth(legend->width()));
        const auto* slider = w.explorer()->findChild<QSlider*>();
        QVERIFY(slider != nullptr);
        QVERIFY2(slider->width() >= 10 * slider->fontMetrics().averageCharWidth(),
                 qPrintable(QString::number(slider->width())));
        const auto speedShown = [&w] {
            for (const QLabel* l :
                 w.explorer()->counterLabel()->parentWidget()->findChildren<QLabel*>()) {
                if (l->text() == QStringLiteral("speed")) {
                    return l->isVisible();
                }
            }
            return false;
        };
        QVERIFY(!speedShown());
        // Wide again: the word is back.
        w.resize(1400, 800);
        QTRY_VERIFY(speedShown());
    }

    void demoScenarioOpensAndPlays() {
        MainWindow w;
        w.setInteractive(false);
        w.show();
        waitForResult(w, 16, 2);
        QCOMPARE(w.session()->result()->scenario.algorithms,
                 (std::vector<Algorithm>{AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn}));
        QTRY_VERIFY(w.animation()->isPlaying() || w.animation()->time() > 0.0);
        showAll(w);
        for (AlgorithmPane* p : w.panes()) {
            QTRY_COMPARE(p->gantt()->drawnOperationCount(), 2 * 15);
            QCOMPARE(p->tree()->nodeCount(), 16);
        }
        QCOMPARE(w.narrationList()->count(), static_cast<int>(w.animation()->timeline().size()));
    }

    void editsResimulate() {
        MainWindow w;
        w.setInteractive(false);
        w.show();
        waitForResult(w, 16, 2);
        setN(w, 40);
        waitForResult(w, 40, 2);
        showAll(w);
        for (AlgorithmPane* p : w.panes()) {
            QTRY_COMPARE(p->gantt()->drawnOperationCount(), 2 * 39);
            QCOMPARE(p->tree()->nodeCount(), 40);
        }
        // One algorithm less: one pane.
        w.configPanel()->algorithmBox(AlgorithmId::FibonacciStat)->setChecked(false);
        waitForResult(w, 40, 1);
        // Four algorithms: compare mode with four panes on the same draws.
        w.configPanel()->algorithmBox(AlgorithmId::FibonacciStat)->setChecked(true);
        w.configPanel()->algorithmBox(AlgorithmId::BinomialStat)->setChecked(true);
        w.configPanel()->algorithmBox(AlgorithmId::NonCommutTreeDyn)->setChecked(true);
        waitForResult(w, 40, 4);
    }

    // Exponential costs: Tree-dyn's run is shown beside its Markov chain (RR §5); other laws
    // have no chain and show none.
    void treeDynShowsItsMarkovChain() {
        MainWindow w;
        w.setInteractive(false);
        w.show();
        waitForResult(w, 16, 2);
        Scenario s = Scenario::demo();
        s.n = 9;
        s.transfer = Law::exponential(1.0);
        s.reduction = Law::exponential(0.5);
        w.openInExplorer(s);
        waitForResult(w, 9, 2);
        const auto chain = w.session()->result()->treeDynChain;
        QVERIFY(chain);
        QCOMPARE(chain->mean, treeDynMarkov(9, 1.0, 0.5).mean);
        QVERIFY2(w.runSummaryLabel()->text().contains("Markov chain: mean"),
                 qPrintable(w.runSummaryLabel()->text()));
        s.n = 10;
        s.reduction = Law::constant(0.0);
        w.openInExplorer(s);
        waitForResult(w, 10, 2);
        QVERIFY(w.session()->result()->treeDynChain);
        QCOMPARE(w.session()->result()->treeDynChain->mean, treeDynMarkovClosedForm(10, 1.0).mean);
        s.n = 11;
        s.transfer = Law::gamma(1.0, 0.5);
        w.openInExplorer(s);
        waitForResult(w, 11, 2);
        QVERIFY(!w.session()->result()->treeDynChain);
        QVERIFY(!w.runSummaryLabel()->text().contains("Markov chain"));
    }

    // The seed/replicate/makespan line is what a researcher copies to reproduce a drill-down:
    // a menu item's status tip (a temporary message) must not wipe it.
    void statusTipKeepsTheRunSummary() {
        MainWindow w;
        w.setInteractive(false);
        w.show();
        waitForResult(w, 16, 2);
        QLabel* line = w.runSummaryLabel();
        QVERIFY(line);
        QTRY_VERIFY(line->text().startsWith(QStringLiteral("seed ")));
        const QString before = line->text();
        QVERIFY(before.contains(QStringLiteral("replicate")));
        QStatusTipEvent tip(QStringLiteral("Open a scenario file"));
        QApplication::sendEvent(&w, &tip);
        QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("Open a scenario file"));
        QCOMPARE(line->text(), before);
        QVERIFY(line->isVisibleTo(&w));
        QStatusTipEvent leave{QString()};
        QApplication::sendEvent(&w, &leave);
        w.statusBar()->showMessage(QStringLiteral("wrote x.csv"), 8000);
        QCOMPARE(line->text(), before);
        QVERIFY(line->isVisibleTo(&w));
    }

    void nonCommutativeDisablesTreeDyn() {
        MainWindow w;
        w.setInteractive(false);
        waitForResult(w, 16, 2);
        w.configPanel()->nonCommutativeBox()->setChecked(true);
        QCheckBox* td = w.configPanel()->algorithmBox(AlgorithmId::TreeDyn);
        QVERIFY(!td->isEnabled());
        QVERIFY(td->toolTip().contains(QStringLiteral("non-commutative")));
        waitForResult(w, 16, 1); // Fibonacci-stat alone
        QVERIFY(w.session()->result()->scenario.nonCommutative);
    }

    void invalidInputIsRefusedWithAReason() {
        MainWindow w;
        w.setInteractive(false);
        waitForResult(w, 16, 2);
        const auto before = w.session()->result();
        setN(w, 0);
        QVERIFY(w.configPanel()->errorText().contains(QStringLiteral("processors n")));
        QTest::qWait(100);
        QCOMPARE(w.session()->result(), before);
        QCOMPARE(w.session()->scenario().n, 16);
    }

    void stepsMoveByExactlyOneEvent() {
        MainWindow w;
        w.setInteractive(false);
        waitForResult(w, 16, 2);
        AnimationController* a = w.animation();
        a->toStart();
        const auto& tl = a->timeline();
        QVERIFY(tl.size() > 10);
        const int i0 = a->eventIndex();
        a->stepForward();
        QCOMPARE(a->eventIndex(), i0 + 1);
        QCOMPARE(a->time(), tl[static_cast<std::size_t>(i0 + 1)].time);
        a->stepForward();
        a->stepForward();
        QCOMPARE(a->eventIndex(), i0 + 3);
        a->stepBack();
        QCOMPARE(a->eventIndex(), i0 + 2);
        QCOMPARE(a->time(), tl[static_cast<std::size_t>(i0 + 2)].time);
        QCOMPARE(w.narrationList()->currentRow(), i0 + 2);
        QVERIFY(!a->isPlaying());
        // The views follow the cursor: at the start, no operation is finished.
        for (AlgorithmPane* p : w.panes()) {
            QCOMPARE(p->gantt()->cursorTime(), a->time());
        }
    }

    void exportsWriteValidFiles() {
        MainWindow w;
        w.setInteractive(false);
        waitForResult(w, 16, 2);
        w.configPanel()->algorithmBox(AlgorithmId::FibonacciStat)->setChecked(false);
        waitForResult(w, 16, 1);
        showAll(w);
        QTemporaryDir dir;
        const QString d = dir.path();
        QVERIFY(w.exportGantt(d + "/g.png"));
        QVERIFY(!QImage(d + "/g.png").isNull());
        QVERIFY(w.exportGantt(d + "/g.svg"));
        QVERIFY(head(d + "/g.svg", 200).contains("<svg") ||
                head(d + "/g.svg", 200).contains("<?xml"));
        QVERIFY(w.exportGantt(d + "/g.pdf"));
        QVERIFY(head(d + "/g.pdf", 5) == "%PDF-");
        QVERIFY(w.exportTree(d + "/t.pdf"));
        QVERIFY(head(d + "/t.pdf", 5) == "%PDF-");
        QVERIFY(w.exportCsv(d + "/s.csv"));
        QFile csv(d + "/s.csv");
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readAll().count('\n'), 1 + 2 * 15);
        QVERIFY(w.exportPaje(d + "/s.trace"));
        QVERIFY(head(d + "/s.trace", 9) == "%EventDef");
        // A folder that does not exist: a clear error naming the path, and no file.
        QVERIFY(!w.exportGantt(d + "/missing/g.png"));
        QVERIFY(w.lastError().contains(d + "/missing/g.png"));
        QVERIFY(!QDir(d + "/missing").exists());
        // Compare mode writes one file per algorithm.
        w.configPanel()->algorithmBox(AlgorithmId::FibonacciStat)->setChecked(true);
        waitForResult(w, 16, 2);
        QVERIFY(w.exportCsv(d + "/both.csv"));
        QVERIFY(QFile::exists(d + "/both-tree-dyn.csv")); // one per algorithm
        QVERIFY(QFile::exists(d + "/both-fibonacci.csv"));
        // All or nothing: when one algorithm's file cannot be written (a folder is in the
        // way), no file is written for the other either.
        QVERIFY(QDir(d).mkdir("all-tree-dyn.svg"));
        QVERIFY(!w.exportGantt(d + "/all.svg"));
        QVERIFY(w.lastError().contains(QStringLiteral("all-tree-dyn.svg")));
        QVERIFY(!QFile::exists(d + "/all-fibonacci.svg"));
    }

    // File → Export animation… of the compare mode: in the background with a progress dialog,
    // the file written once complete; a bad path is refused at once, naming it.
    void animationExportRunsInTheBackground() {
        MainWindow w;
        w.setInteractive(false);
        waitForResult(w, 16, 2);
        QAction* action = nullptr;
        for (QAction* a : w.findChildren<QAction*>()) {
            if (a->text().remove('&') == QStringLiteral("Export animation…")) {
                action = a;
            }
        }
        QVERIFY(action);
        QTemporaryDir dir;
        AnimationOptions o;
        o.fps = 4;
        o.seconds = 2;
        o.width = 640;
        o.height = 360;
        AnimationExport* run = w.exportAnimation(dir.filePath("demo.gif"), o);
        QVERIFY(run);
        QCOMPARE(run->frameCount(), 8);
        QSignalSpy done(run, &AnimationExport::finished);
        QVERIFY(w.findChild<QProgressDialog*>());
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 60000);
        QCOMPARE(done.front().at(0).toBool(), true);
        QVERIFY(head(dir.filePath("demo.gif"), 6) == "GIF89a");
        QVERIFY(w.statusBar()->currentMessage().contains(dir.filePath("demo.gif")));
        QTRY_VERIFY(!w.findChild<QProgressDialog*>()); // closed and gone
        const int firstSize = static_cast<int>(QFileInfo(dir.filePath("demo.gif")).size());

        // Cancel in the progress dialog: nothing is written, the old file stays.
        o.seconds = 60; // 240 frames: far from done when cancelled
        AnimationExport* long_ = w.exportAnimation(dir.filePath("demo.gif"), o);
        QVERIFY(long_);
        QSignalSpy cancelled(long_, &AnimationExport::finished);
        QProgressDialog* progress = w.findChild<QProgressDialog*>();
        QVERIFY(progress);
        QTest::qWait(50);
        QPushButton* cancel = progress->findChild<QPushButton*>();
        QVERIFY(cancel);
        cancel->click();
        QCOMPARE(cancelled.size(), 1);
        QCOMPARE(cancelled.front().at(0).toBool(), false);
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("nothing written")));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"demo.gif"});
        QCOMPARE(static_cast<int>(QFileInfo(dir.filePath("demo.gif")).size()), firstSize);

        QVERIFY(!w.exportAnimation(dir.filePath("missing/demo.mp4"), o));
        QVERIFY(w.lastError().contains(dir.filePath("missing/demo.mp4")));
        QVERIFY(!w.exportAnimation(dir.filePath("demo.mov"), o));
        QVERIFY(w.lastError().contains(QStringLiteral("must end in .gif, .mp4 or .webm")));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"demo.gif"});
    }

    void scenarioFilesRoundTripAndBadOnesChangeNothing() {
        MainWindow w;
        w.setInteractive(false);
        waitForResult(w, 16, 2);
        QTemporaryDir dir;
        setN(w, 12);
        waitForResult(w, 12, 2);
        const QString good = dir.path() + "/s.json";
        QVERIFY(w.saveScenario(good));
        QCOMPARE(loadScenario(good.toStdString(), AlgorithmCatalog()), w.session()->scenario());

        setN(w, 20);
        waitForResult(w, 20, 2);
        const auto before = w.session()->result();
        auto writeFile = [&](const QString& name, const QByteArray& data) {
            QFile f(dir.path() + "/" + name);
            f.open(QIODevice::WriteOnly);
            f.write(data);
            return f.fileName();
        };
        const QString garbage = writeFile("bad.json", "{ not json");
        QVERIFY(!w.openScenario(garbage));
        QVERIFY(w.lastError().contains("bad.json"));
        QByteArray newer = head(good, 100000);
        newer.replace("\"version\": 1", "\"version\": 99");
        QVERIFY(!w.openScenario(writeFile("newer.json", newer)));
        QVERIFY(w.lastError().contains(QStringLiteral("newer")));
        QByteArray negative = head(good, 100000);
        negative.replace("\"n\": 12", "\"n\": -3");
        QVERIFY(!w.openScenario(writeFile("neg.json", negative)));
        QTest::qWait(100);
        QCOMPARE(w.session()->result(), before);
        QCOMPARE(w.session()->scenario().n, 20);

        QVERIFY(w.openScenario(good));
        waitForResult(w, 12, 2);
    }

    // The title names what the charts show: the file while they show its scenario, "unsaved"
    // after an edit (the demo too), and the algorithms.
    void titleNamesTheScenarioFileAndAlgorithms() {
        MainWindow w;
        w.setInteractive(false);
        waitForResult(w, 16, 2);
        QCOMPARE(w.windowTitle(), QStringLiteral("unsaved — Fibonacci-stat, Tree-dyn — ReduceLab"));
        QTemporaryDir dir;
        const QString file = dir.path() + "/lecture.json";
        QVERIFY(w.saveScenario(file));
        QCOMPARE(w.windowTitle(),
                 QStringLiteral("lecture.json — Fibonacci-stat, Tree-dyn — ReduceLab"));
        w.configPanel()->algorithmBox(AlgorithmId::BinomialStat)->setChecked(true);
        waitForResult(w, 16, 3);
        QCOMPARE(w.windowTitle(),
                 QStringLiteral("unsaved — Binomial-stat, Fibonacci-stat, Tree-dyn — ReduceLab"));
        QVERIFY(w.openScenario(file));
        waitForResult(w, 16, 2);
        QCOMPARE(w.windowTitle(),
                 QStringLiteral("lecture.json — Fibonacci-stat, Tree-dyn — ReduceLab"));
        setN(w, 12);
        waitForResult(w, 12, 2);
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("unsaved — ")));
        setN(w, 16); // the file's scenario again
        waitForResult(w, 16, 2);
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("lecture.json — ")));
    }

    // File → Open example lists the shipped scenarios by title; each opens in the explorer.
    void examplesOpenFromTheFileMenu() {
        MainWindow w;
        w.setInteractive(false);
        waitForResult(w, 16, 2);
        QMenu* examples = nullptr;
        for (QMenu* m : w.findChildren<QMenu*>()) {
            if (m->title().remove('&') == QStringLiteral("Open example")) {
                examples = m;
            }
        }
        QVERIFY(examples);
        QStringList titles;
        QAction* liuWang = nullptr;
        for (QAction* a : examples->actions()) {
            titles << a->text();
            if (a->text().startsWith(QStringLiteral("Liu–Wang Fig. 1"))) {
                liuWang = a;
            }
        }
        QCOMPARE(titles.size(), 4);
        QVERIFY2(liuWang, qPrintable(titles.join(", ")));
        liuWang->trigger();
        waitForResult(w, 7, 2);
        QCOMPARE(w.session()->scenario().costMode, CostMode::FixedMatrix);
        QCOMPARE(w.session()->scenario().algorithms,
                 (std::vector<Algorithm>{AlgorithmId::Snf, AlgorithmId::Optimum}));
    }

    void malformedMatrixChangesNothing() {
        MainWindow w;
        w.setInteractive(false);
        waitForResult(w, 16, 2);
        const auto before = w.session()->result();
        QTemporaryDir dir;
        QFile f(dir.path() + "/m.csv");
        f.open(QIODevice::WriteOnly);
        f.write("0,1,1\n1,0\n1,1,0\n");
        f.close();
        QVERIFY(!w.configPanel()->loadMatrix(f.fileName()));
        QVERIFY(w.configPanel()->errorText().contains(QStringLiteral("m.csv")));
        QTest::qWait(100);
        QCOMPARE(w.session()->result(), before);
        // A good matrix switches to fixed costs and n = 3.
        QFile g(dir.path() + "/g.csv");
        g.open(QIODevice::WriteOnly);
        g.write("0,1,1\n4,0,1\n4,4,0\n0.5,0.5,0.5\n");
        g.close();
        QVERIFY(w.configPanel()->loadMatrix(g.fileName()));
        waitForResult(w, 3, 2);
        QCOMPARE(w.session()->result()->scenario.costMode, CostMode::FixedMatrix);
    }

    // On screen every processor's row is labelled up to n = 32, in compare mode at 1280 x 720:
    // on the left, or every other one on the right when rows are too thin for one side; the
    // labels stay readable (at least 70 % of the chart's font).
    void everyGanttRowLabelledOnScreen_data() {
        QTest::addColumn<int>("n");
        QTest::newRow("n = 16") << 16;
        QTest::newRow("n = 32") << 32;
    }
    void everyGanttRowLabelledOnScreen() {
        QFETCH(int, n);
        MainWindow w;
        w.setInteractive(false);
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        waitForResult(w, 16, 2);
        setN(w, n);
        waitForResult(w, n, 2);
        showAll(w);
        const int em = QFontInfo(Theme().font()).pixelSize();
        for (AlgorithmPane* p : w.panes()) {
            QCustomPlot* plot = p->gantt()->plot();
            QTRY_VERIFY(plot->axisRect()->height() > 100);
            plot->replot(QCustomPlot::rpImmediateRefresh); // labels for the final size
            QSet<long long> rows;
            for (QCPAxis* axis : {plot->yAxis, plot->yAxis2}) {
                if (!axis->visible() || !axis->tickLabels()) {
                    continue;
                }
                QVERIFY(QFontInfo(axis->tickLabelFont()).pixelSize() >= 0.7 * em);
                for (double tick : axis->tickVector()) {
                    rows.insert(std::llround(tick));
                }
            }
            for (int row = 0; row < n; ++row) {
                QVERIFY2(rows.contains(row), qPrintable(QStringLiteral("P%1").arg(row)));
            }
        }
    }

    // Every file dialog of the File menu is titled with its entry's words: no "&" of the
    // menu's mnemonic, no ellipsis ("Export schedule as &CSV…" was the title).
    void fileDialogTitlesHaveNoMnemonic() {
        MainWindow w;
        w.setInteractive(false);
        waitForResult(w, 16, 2);
        QMenu* file = w.menuBar()->findChildren<QMenu*>().front();
        QStringList titles;
        for (QAction* a : file->actions()) {
            const QString text = a->text();
            if (!text.startsWith(QStringLiteral("Export schedule")) &&
                !text.startsWith(QStringLiteral("Export &Paje"))) {
                continue;
            }
            // The dialog is modal: read its title once it shows, then close it.
            QTimer::singleShot(0, &w, [&titles] {
                QWidget* dialog = QApplication::activeModalWidget();
                QVERIFY(dialog);
                titles << dialog->windowTitle();
                dialog->close();
            });
            a->trigger();
        }
        QCOMPARE(titles, (QStringList{QStringLiteral("Export schedule as CSV"),
                                      QStringLiteral("Export Paje trace")}));
    }

    // Edit → Copy figure (Ctrl+C) puts the explorer's figure on the clipboard; on another tab
    // it says where it works.
    void copyFigureIsCtrlC() {
        MainWindow w;
        w.setInteractive(false);
        waitForResult(w, 16, 2);
        QAction* copy = nullptr;
        for (QAction* a : w.findChildren<QAction*>()) {
            if (a->shortcut() == QKeySequence(QKeySequence::Copy)) {
                copy = a;
            }
        }
        QVERIFY(copy);
        QApplication::clipboard()->clear();
        copy->trigger();
        const QMimeData* copied = QApplication::clipboard()->mimeData();
        QVERIFY(copied && copied->hasImage());
        QVERIFY(copied->hasFormat("application/pdf"));
        w.tabs()->setCurrentIndex(1);
        QApplication::clipboard()->clear();
        QVERIFY(!w.copyFigure());
        QVERIFY(w.lastError().contains(QStringLiteral("Explorer")));
        const QMimeData* left = QApplication::clipboard()->mimeData();
        QVERIFY(!left || !left->hasImage());
    }

    // Starting a run while one is in flight: only the newest result is ever shown.
    void noStaleResults() {
        MainWindow w;
        w.setInteractive(false);
        waitForResult(w, 16, 2);
        for (int n : {600, 700, 800, 24}) {
            setN(w, n);
        }
        waitForResult(w, 24, 2);
        QTest::qWait(300);
        QCOMPARE(w.session()->result()->scenario.n, 24);
        QCOMPARE(w.panes().front()->tree()->nodeCount(), 24);
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
