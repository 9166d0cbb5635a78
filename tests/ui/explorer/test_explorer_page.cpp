// The explorer page's figures and records, offscreen: exports draw the whole schedule unless
// the frame is asked for; a schedule CSV gets its scenario beside it (all or nothing), which
// reopens and replays the same schedule; Copy figure fills the clipboard; clicking a narration
// line goes to its event; the replicate is shown and kept.
#include "../../figure_files.h"

#include "algorithms/simulator.h"
#include "base/version.h"
#include "common/app_style.h"
#include "common/export_paths.h"
#include "explorer/algorithm_pane.h"
#include "explorer/animation_controller.h"
#include "explorer/config_panel.h"
#include "explorer/explorer_page.h"
#include "explorer/figure_export_dialog.h"
#include "schedule/schedule_csv.h"
#include "studies/scenario_json.h"
#include "views/gantt_view.h"
#include "views/legend_strip.h"
#include "views/tree_view.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QRadioButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace rl;
using rl::test::countColour;

namespace {

void waitForResult(ExplorerPage& page, const Scenario& s) {
    QTRY_VERIFY_WITH_TIMEOUT(page.session()->result() && page.session()->result()->scenario == s &&
                                 page.panes().size() == s.algorithms.size() &&
                                 !page.session()->isRunning(),
                             10000);
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

Scenario demoAt(std::uint64_t replicate) {
    Scenario s = Scenario::demo();
    s.replicate = replicate;
    return s;
}

} // namespace

class TestExplorerPage : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ReduceLabTests"));
    }

    // Paused a third of the way, an export still draws every operation; the frame option
    // draws what the animation shows, with its time cursor.
    void figuresDrawTheWholeScheduleUnlessTheFrameIsAsked() {
        ExplorerPage page;
        const Scenario s = demoAt(0);
        page.showScenario(s, false);
        waitForResult(page, s);
        page.animation()->seek(page.animation()->end() / 3);
        QTemporaryDir dir;
        QStringList written;
        QString error;
        FigureExportOptions options;
        options.format.dpi = 100;
        QVERIFY2(page.exportRun(ExplorerPage::Export::Gantt, dir.filePath("whole.png"), &written,
                                &error, options),
                 qPrintable(error));
        QCOMPARE(written.size(), 2); // compare mode: one file per algorithm
        options.currentFrame = true;
        QVERIFY(page.exportRun(ExplorerPage::Export::Gantt, dir.filePath("frame.png"), &written,
                               &error, options));
        const Theme theme;
        for (const char* algo : {"fibonacci", "tree-dyn"}) {
            const QImage whole(dir.filePath(QStringLiteral("whole-%1.png").arg(algo)));
            const QImage frame(dir.filePath(QStringLiteral("frame-%1.png").arg(algo)));
            QVERIFY(!whole.isNull() && !frame.isNull());
            QVERIFY(countColour(frame, theme.reduction()) < countColour(whole, theme.reduction()));
            QCOMPARE(countColour(whole, theme.cursor()), 0);
            QVERIFY(countColour(frame, theme.cursor()) > 0);
        }
        // The default format: 85 mm wide, 8-point text.
        QVERIFY(
            page.exportRun(ExplorerPage::Export::Figure, dir.filePath("f.svg"), &written, &error));
        const auto svg = rl::test::readSvg(readAll(dir.filePath("f-tree-dyn.svg")));
        QVERIFY(std::abs(svg.widthMm - 85.0) < 0.2);
        QVERIFY(!svg.fontPt.empty());
        QVERIFY(svg.texts.contains(QStringLiteral("has sent")) &&
                svg.texts.contains(QStringLiteral("time")));
    }

    // The CSV's scenario file reopens as the scenario, and replays exactly the CSV's schedule.
    void csvCarriesItsScenario() {
        ExplorerPage page;
        Scenario s = demoAt(7);
        s.algorithms = {AlgorithmId::TreeDyn};
        page.showScenario(s, false);
        waitForResult(page, s);
        QTemporaryDir dir;
        QStringList written;
        QString error;
        const QString csv = dir.filePath("run.csv");
        QVERIFY2(page.exportRun(ExplorerPage::Export::Csv, csv, &written, &error),
                 qPrintable(error));
        const QString sidecar = dir.filePath("run.scenario.json");
        QCOMPARE(written, (QStringList{csv, sidecar}));
        const Scenario reopened = loadScenario(sidecar.toStdString(), AlgorithmCatalog());
        QCOMPARE(reopened, s);
        Simulator sim(AlgorithmId::TreeDyn, reopened.n, reopened.nonCommutative,
                      reopened.costModel());
        QCOMPARE(readAll(csv),
                 QByteArray::fromStdString(scheduleCsv(sim.schedule(reopened.seed, 7))));
        const QJsonObject o = QJsonDocument::fromJson(readAll(sidecar)).object();
        QCOMPARE(o.value("program").toString(), QStringLiteral("reducelab"));
        QCOMPARE(o.value("programVersion").toString(), QString::fromLatin1(rl::kVersion));
        QCOMPARE(o.value("replicate").toString(), QStringLiteral("7"));
        const QJsonObject schedule = o.value("schedule").toObject();
        QCOMPARE(schedule.value("algorithm").toString(), QStringLiteral("tree-dyn"));
        QCOMPARE(schedule.value("file").toString(), QStringLiteral("run.csv"));
        QCOMPARE(schedule.value("makespan").toDouble(),
                 page.session()->result()->schedules[0]->makespan);
        // A device gets no sidecar; a sidecar that cannot be written leaves no CSV either.
        QVERIFY(page.exportRun(ExplorerPage::Export::Csv, "/dev/null", &written, &error));
        QCOMPARE(written, QStringList{"/dev/null"});
        QVERIFY(QDir(dir.path()).mkdir("blocked.scenario.json"));
        QVERIFY(!page.exportRun(ExplorerPage::Export::Csv, dir.filePath("blocked.csv"), &written,
                                &error));
        QVERIFY2(error.contains(QStringLiteral("blocked.scenario.json")), qPrintable(error));
        QVERIFY(!QFile::exists(dir.filePath("blocked.csv")));
    }

    // A name typed without its extension (issue #29: "gui_sched" gave "gui_sched-fibonacci."
    // and "gui_sched-fibonacci..scenario.json"): the export's extension is added once, before
    // the algorithm's key goes in; a dot inside a name is not an extension.
    void exportNamesFromATypedName() {
        ExplorerPage page;
        const Scenario s = demoAt(0);
        page.showScenario(s, false);
        waitForResult(page, s);
        QTemporaryDir dir;
        QStringList written;
        QString error;
        QVERIFY2(
            page.exportRun(ExplorerPage::Export::Csv, dir.filePath("gui_sched"), &written, &error),
            qPrintable(error));
        QStringList names;
        for (const QString& p : written) {
            names << QFileInfo(p).fileName();
        }
        QCOMPARE(names, (QStringList{"gui_sched-fibonacci.csv", "gui_sched-tree-dyn.csv",
                                     "gui_sched-fibonacci.scenario.json",
                                     "gui_sched-tree-dyn.scenario.json"}));
        const QJsonObject o =
            QJsonDocument::fromJson(readAll(dir.filePath("gui_sched-fibonacci.scenario.json")))
                .object();
        QCOMPARE(o.value("schedule").toObject().value("file").toString(),
                 QStringLiteral("gui_sched-fibonacci.csv"));
        QVERIFY(page.exportRun(ExplorerPage::Export::Paje, dir.filePath("gui_sched"), &written,
                               &error));
        QCOMPARE(written, (QStringList{dir.filePath("gui_sched-fibonacci.trace"),
                                       dir.filePath("gui_sched-tree-dyn.trace")}));
        QVERIFY(
            page.exportRun(ExplorerPage::Export::Csv, dir.filePath("run.v2"), &written, &error));
        QCOMPARE(QFileInfo(written.front()).fileName(), QStringLiteral("run.v2-fibonacci.csv"));
        // An extension of the export is kept, in any case.
        QVERIFY(
            page.exportRun(ExplorerPage::Export::Csv, dir.filePath("Upper.CSV"), &written, &error));
        QCOMPARE(QFileInfo(written.front()).fileName(), QStringLiteral("Upper-fibonacci.CSV"));
        QCOMPARE(QFileInfo(written.back()).fileName(),
                 QStringLiteral("Upper-tree-dyn.scenario.json"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).filter(QStringLiteral("..")),
                 QStringList());
        // One algorithm: the name itself, with its extension.
        Scenario one = s;
        one.algorithms = {AlgorithmId::TreeDyn};
        page.showScenario(one, false);
        waitForResult(page, one);
        QVERIFY(page.exportRun(ExplorerPage::Export::Csv, dir.filePath("solo"), &written, &error));
        QCOMPARE(written,
                 (QStringList{dir.filePath("solo.csv"), dir.filePath("solo.scenario.json")}));
        QVERIFY(
            page.exportRun(ExplorerPage::Export::Gantt, dir.filePath("chart"), &written, &error));
        QCOMPARE(written, QStringList{dir.filePath("chart.pdf")});
        QVERIFY(QFile::exists(dir.filePath("chart.pdf")));
    }

    // The page's one legend explains the trees' node looks too, not only Help does: the
    // fills (holds a value, has sent, holds everything) and the rings (sending or receiving,
    // merging), on two lines at most on a 1280-pixel projector in presentation mode (the
    // width the charts have beside the settings there).
    void legendExplainsTheNodes() {
        ExplorerPage page;
        const QStringList texts = page.legend()->texts();
        for (const char* word : {"holds a value", "sending or receiving", "merging", "has sent",
                                 "holds everything", "in flight", "merged"}) {
            QVERIFY2(texts.contains(QString::fromLatin1(word)), word);
        }
        Theme hall;
        hall.presentation = true;
        applyApplicationTheme(hall);
        page.legend()->setTheme(hall);
        const int twoLines = 2 * page.legend()->fontMetrics().height() +
                             2 * static_cast<int>(std::lround(hall.px(4.0)));
        const int height = page.legend()->heightForWidth(918);
        applyApplicationTheme(Theme{});
        QVERIFY2(height <= twoLines,
                 qPrintable(QStringLiteral("%1 > %2").arg(height).arg(twoLines)));
    }

    // Menu texts as window titles: no mnemonic marker, no ellipsis.
    void plainActionTexts() {
        QCOMPARE(plainActionText(QStringLiteral("Export schedule as &CSV…")),
                 QStringLiteral("Export schedule as CSV"));
        QCOMPARE(plainActionText(QStringLiteral("&Save scenario as...")),
                 QStringLiteral("Save scenario as"));
        QCOMPARE(plainActionText(QStringLiteral("Black && &white")),
                 QStringLiteral("Black & white"));
    }

    void copyFigureFillsTheClipboard() {
        ExplorerPage page;
        const Scenario s = demoAt(0);
        page.showScenario(s, false);
        waitForResult(page, s);
        QApplication::clipboard()->clear();
        QString error;
        QVERIFY2(page.copyFigure(&error), qPrintable(error));
        const QMimeData* mime = QApplication::clipboard()->mimeData();
        QVERIFY(mime);
        QVERIFY(mime->hasImage());
        const QImage image = qvariant_cast<QImage>(mime->imageData());
        // The default format: 85 mm at 300 dpi.
        QCOMPARE(image.width(), static_cast<int>(std::lround(241 / 72.0 * 300)));
        QVERIFY(mime->data(QStringLiteral("image/svg+xml")).contains("<svg"));
        QVERIFY(mime->data(QStringLiteral("application/pdf")).startsWith("%PDF-"));
        const auto svg = rl::test::readSvg(mime->data(QStringLiteral("image/svg+xml")));
        QVERIFY(svg.texts.contains(QStringLiteral("has sent")) || // the tree's legend
                svg.texts.contains(QStringLiteral("in flight")));
        QVERIFY(svg.texts.contains(QStringLiteral("time"))); // and the chart
    }

    // A click on a narration line pauses at its event (also when it shares its time with
    // others), and selects its operation in its pane; a decision that starts no operation
    // (entering Tree-dyn's slot) pauses at its time with no operation selected.
    void narrationClickSeeksToItsEvent() {
        ExplorerPage page;
        page.resize(1000, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        const Scenario s = demoAt(0);
        page.showScenario(s, false);
        waitForResult(page, s);
        QListWidget* list = page.narrationList();
        const auto& timeline = page.animation()->timeline();
        QCOMPARE(static_cast<std::size_t>(list->count()), timeline.size());
        // The second of two events at the same time, and a later one.
        int tied = -1;
        for (std::size_t k = 1; k < timeline.size() && tied < 0; ++k) {
            if (timeline[k].time == timeline[k - 1].time) {
                tied = static_cast<int>(k);
            }
        }
        QVERIFY(tied > 0);
        int decision = -1;
        for (std::size_t k = 0; k < timeline.size(); ++k) {
            if (timeline[k].kind == EventKind::Decision) {
                decision = static_cast<int>(k);
            }
        }
        QVERIFY(decision > 0);
        for (int row : {tied, list->count() - 3, decision}) {
            list->scrollToItem(list->item(row));
            QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                              list->visualItemRect(list->item(row)).center());
            QCOMPARE(page.animation()->eventIndex(), row);
            const TimelineEvent& e = timeline[static_cast<std::size_t>(row)];
            QCOMPARE(page.animation()->time(), e.time);
            QVERIFY(!page.animation()->isPlaying());
            QCOMPARE(list->currentRow(), row);
            if (e.kind == EventKind::Decision) {
                for (AlgorithmPane* pane : page.panes()) {
                    QCOMPARE(pane->tree()->selectedTransfer(), -1);
                }
                continue;
            }
            // The event's pane selects its transfer (a reduction: the one it merges).
            const bool transfer =
                e.kind == EventKind::TransferStart || e.kind == EventKind::TransferEnd;
            bool found = false;
            for (AlgorithmPane* pane : page.panes()) {
                const Schedule& sch = *pane->tree()->schedule();
                const int k =
                    transfer ? e.op : sch.reductions[static_cast<std::size_t>(e.op)].transfer;
                found = found || pane->tree()->selectedTransfer() == k;
            }
            QVERIFY(found);
        }
    }

    // The export dialog offers the defaults, refuses a file it cannot write as a figure (the
    // reason in the dialog, which stays open) and remembers its choices.
    void exportDialogChecksAndRemembers() {
        QSettings().remove(QStringLiteral("figure")); // no choice remembered from a past run
        QTemporaryDir dir;
        {
            FigureExportDialog d(ExplorerPage::Export::Tree, 2.5);
            QCOMPARE(d.what(), ExplorerPage::Export::Tree);
            const FigureExportOptions o = d.options();
            QCOMPARE(o.format.widthMm, FigureFormat::kDefaultWidthMm);
            QCOMPARE(o.format.fontPt, FigureFormat::kDefaultFontPt);
            QCOMPARE(o.format.dpi, FigureFormat::kDefaultDpi);
            QVERIFY(!o.currentFrame);
            d.setPath(dir.filePath("figure.txt"));
            d.accept();
            QCOMPARE(d.result(), int(QDialog::Rejected));
            QVERIFY(d.findChild<QLabel*>() != nullptr);
            bool said = false;
            for (QLabel* label : d.findChildren<QLabel*>()) {
                said = said || label->text().contains(QStringLiteral(".pdf, .svg or .png"));
            }
            QVERIFY(said);
            d.findChild<QDoubleSpinBox*>()->setValue(120); // the width, first of the two
            for (QRadioButton* r : d.findChildren<QRadioButton*>()) {
                r->setChecked(r->text().contains(QStringLiteral("frame")));
            }
            d.setPath(dir.filePath("figure.pdf"));
            d.accept();
            QCOMPARE(d.result(), int(QDialog::Accepted));
        }
        FigureExportDialog again(ExplorerPage::Export::Gantt, 1.0);
        // The folder and format are remembered, the name comes from the figure (#39).
        QCOMPARE(again.path(), dir.filePath("gantt.pdf"));
        QCOMPARE(again.options().format.widthMm, 120.0);
        QVERIFY(again.options().currentFrame);
    }

    // Exporting the tree after the Gantt chart proposes the tree's own name, and a file that
    // exists is replaced only when the user says so (#39: gantt-fibonacci.pdf was silently
    // overwritten with a tree).
    void exportDialogProposesANameAndAsksBeforeReplacing() {
        QSettings().remove(QStringLiteral("figure"));
        QTemporaryDir dir;
        QSettings().setValue(QStringLiteral("figure/path"), dir.filePath("gantt.svg"));
        FigureExportDialog d(ExplorerPage::Export::Gantt, 0.0, nullptr, {"fibonacci", "tree-dyn"});
        QCOMPARE(d.path(), dir.filePath("gantt.svg"));
        auto* what = d.findChild<QComboBox*>();
        QVERIFY(what);
        what->setCurrentIndex(what->findData(static_cast<int>(ExplorerPage::Export::Tree)));
        QCOMPARE(d.path(), dir.filePath("tree.svg"));
        FigureExportDialog one(ExplorerPage::Export::Tree, 0.0, nullptr, {"tree-dyn"});
        QCOMPARE(one.path(), dir.filePath("tree-tree-dyn.svg"));
        // A name the user typed stays when the figure changes.
        d.setPath(dir.filePath("mine.pdf"));
        what->setCurrentIndex(what->findData(static_cast<int>(ExplorerPage::Export::Gantt)));
        QCOMPARE(d.path(), dir.filePath("mine.pdf"));
        // mine-tree-dyn.pdf exists: asked, refused, the dialog stays open.
        {
            QFile f(dir.filePath("mine-tree-dyn.pdf"));
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        QStringList asked;
        bool answer = false;
        d.setReplacePrompt([&](const QStringList& files) {
            asked = files;
            return answer;
        });
        d.accept();
        QCOMPARE(asked, QStringList{dir.filePath("mine-tree-dyn.pdf")});
        QCOMPARE(d.result(), int(QDialog::Rejected));
        answer = true;
        d.accept();
        QCOMPARE(d.result(), int(QDialog::Accepted));
        // A new file: nothing asked.
        FigureExportDialog fresh(ExplorerPage::Export::Figure, 0.0, nullptr, {"binomial"});
        QCOMPARE(fresh.path(), dir.filePath("figure-binomial.pdf"));
        bool prompted = false;
        fresh.setReplacePrompt([&](const QStringList&) { return prompted = true; });
        fresh.accept();
        QVERIFY(!prompted);
        QCOMPARE(fresh.result(), int(QDialog::Accepted));
    }

    // Issue #39: the settings never disagree with the charts unsaid. A cancelled run puts the
    // settings (the algorithms' ticks) back to the run shown; a refused edit and a run pending
    // longer than kStaleDelayMs grey the charts, which come back with the new result.
    void cancelledRunRevertsTheSettingsAndStaleChartsGrey() {
        ExplorerPage page;
        page.resize(1000, 700);
        page.show();
        const Scenario shown = demoAt(0);
        page.showScenario(shown, false);
        waitForResult(page, shown);
        QVERIFY(!page.chartsStale());
        // A run long enough to cancel: four algorithms at the explorer's limit, on a platform
        // drawn once (n * n costs per algorithm).
        Scenario big = shown;
        big.n = kMaxExplorerProcessors;
        big.costMode = CostMode::DrawnMatrix;
        big.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat,
                          AlgorithmId::TreeDyn, AlgorithmId::NonCommutTreeDyn};
        QElapsedTimer clock;
        clock.start();
        QVERIFY(page.showScenario(big, false));
        QVERIFY(page.configPanel()->algorithmBox(AlgorithmId::BinomialStat)->isChecked());
        QTRY_VERIFY_WITH_TIMEOUT(page.chartsStale() || !page.session()->isRunning(), 10000);
        QVERIFY2(page.session()->isRunning(),
                 qPrintable(QStringLiteral("the run took %1 ms").arg(clock.elapsed())));
        QVERIFY(page.panes().front()->graphicsEffect() != nullptr);
        page.session()->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!page.session()->isRunning(), 10000);
        QCOMPARE(page.session()->result()->scenario, shown); // nothing new shown
        QCOMPARE(page.configPanel()->scenario(), shown);     // nor ticked
        QVERIFY(!page.configPanel()->algorithmBox(AlgorithmId::BinomialStat)->isChecked());
        QCOMPARE(page.session()->scenario(), shown);
        QVERIFY(!page.chartsStale());
        QCOMPARE(page.panes().front()->graphicsEffect(), nullptr);

        // A refused edit: greyed with the banner, clear again once valid.
        QLineEdit* n = page.configPanel()->processorsField();
        n->setText(QStringLiteral("abc"));
        emit n->editingFinished();
        QVERIFY(page.chartsStale());
        n->setText(QStringLiteral("16"));
        emit n->editingFinished();
        QVERIFY(!page.chartsStale());
    }

    // Following a processor: a click on a row label of one chart follows it in every chart and
    // tree, drawn (a band on its row); a click on its node in another tree stops; a node
    // follows; Esc (Stop following) stops; a run whose n lacks it stops too.
    void aProcessorIsFollowedAcrossEveryPane() {
        ExplorerPage page;
        page.resize(1200, 900);
        page.show();
        Scenario s = demoAt(0);
        s.n = 8;
        s.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat,
                        AlgorithmId::TreeDyn};
        page.showScenario(s, false);
        waitForResult(page, s);
        page.animation()->toEnd();
        QVERIFY(!page.followedProcessor());
        QVERIFY(!page.stopFollowingAction()->isEnabled());
        QCOMPARE(page.stopFollowingAction()->shortcut(), QKeySequence(Qt::Key_Escape));

        GanttView* chart = page.panes()[1]->gantt();
        QCustomPlot* plot = chart->plot();
        plot->replot();
        const QRect rows = plot->axisRect()->rect();
        const QPoint label(rows.left() - 4, qRound(plot->yAxis->coordToPixel(5)));
        QCOMPARE(chart->rowLabelAt(label), std::optional<int>(5));
        QCOMPARE(chart->rowLabelAt(rows.center()), std::nullopt); // the rows are not labels
        const QImage before = chart->grab().toImage();
        QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, label);
        QCOMPARE(page.followedProcessor(), std::optional<int>(5));
        for (AlgorithmPane* pane : page.panes()) {
            QCOMPARE(pane->gantt()->highlightedProcessor(), std::optional<int>(5));
            QCOMPARE(pane->tree()->highlightedProcessor(), std::optional<int>(5));
        }
        QVERIFY(page.stopFollowingAction()->isEnabled());
        QVERIFY(page.stopFollowingAction()->text().contains(QStringLiteral("P5")));
        plot->replot();
        const QImage after = chart->grab().toImage();
        // The band is drawn on row 5 (left of every bar: at t < 0 the row is background).
        const int y = qRound(plot->yAxis->coordToPixel(5));
        const int x = qRound(plot->xAxis->coordToPixel(-0.01 * page.session()->result()->end));
        QVERIFY(rows.contains(QPoint(x, y)));
        QVERIFY2(after.pixelColor(x, y) != before.pixelColor(x, y),
                 qPrintable(after.pixelColor(x, y).name()));
        // Another row is not banded.
        const int y2 = qRound(plot->yAxis->coordToPixel(2));
        QCOMPARE(after.pixelColor(x, y2), before.pixelColor(x, y2));

        // The node of the followed processor in another tree: a click stops following.
        TreeView* tree = page.panes()[2]->tree();
        QTest::mouseClick(tree, Qt::LeftButton, Qt::NoModifier, tree->nodePosition(5).toPoint());
        QVERIFY(!page.followedProcessor());
        QCOMPARE(page.panes()[0]->tree()->highlightedProcessor(), std::nullopt);
        // Another node follows its processor, and keeps the transfer selection as it was.
        QTest::mouseClick(tree, Qt::LeftButton, Qt::NoModifier, tree->nodePosition(3).toPoint());
        QCOMPARE(page.followedProcessor(), std::optional<int>(3));
        QCOMPARE(page.panes()[0]->gantt()->highlightedProcessor(), std::optional<int>(3));

        // Through a new draw it stays; Esc's action stops it.
        Scenario next = s;
        next.replicate = 1;
        page.showScenario(next, false);
        waitForResult(page, next);
        QCOMPARE(page.followedProcessor(), std::optional<int>(3));
        QCOMPARE(page.panes()[2]->tree()->highlightedProcessor(), std::optional<int>(3));
        page.stopFollowingAction()->trigger();
        QVERIFY(!page.followedProcessor());
        QVERIFY(!page.stopFollowingAction()->isEnabled());
        QCOMPARE(page.panes()[1]->gantt()->highlightedProcessor(), std::nullopt);

        // A run without that processor stops following it.
        page.followProcessor(7);
        Scenario small = next;
        small.n = 4;
        page.showScenario(small, false);
        waitForResult(page, small);
        QVERIFY(!page.followedProcessor());
        QCOMPARE(page.panes()[0]->gantt()->highlightedProcessor(), std::nullopt);
        page.followProcessor(4); // out of range: refused
        QVERIFY(!page.followedProcessor());
    }

    void replicateIsShownAndKept() {
        ExplorerPage page;
        const Scenario s = demoAt(7);
        page.showScenario(s, false);
        waitForResult(page, s);
        QVERIFY2(page.summary().contains(QStringLiteral("replicate 7")),
                 qPrintable(page.summary()));
        QLineEdit* field = page.configPanel()->replicateField();
        QCOMPARE(field->text(), QStringLiteral("7"));
        // An edit elsewhere keeps the replicate; editing it runs that replicate.
        QLineEdit* n = page.configPanel()->processorsField();
        n->setText(QStringLiteral("8"));
        emit n->editingFinished();
        Scenario eight = s;
        eight.n = 8;
        waitForResult(page, eight);
        field->setText(QStringLiteral("9"));
        emit field->editingFinished();
        Scenario nine = eight;
        nine.replicate = 9;
        waitForResult(page, nine);
        QVERIFY(page.summary().contains(QStringLiteral("replicate 9")));
        field->setText(QStringLiteral("-1"));
        emit field->editingFinished();
        QVERIFY(page.configPanel()->errorText().contains(QStringLiteral("replicate")));
        QCOMPARE(page.session()->scenario(), nine); // refused: nothing changed
    }
};

QTEST_MAIN(TestExplorerPage)
#include "test_explorer_page.moc"
