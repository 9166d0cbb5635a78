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

#include <QApplication>
#include <QClipboard>
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
        QCOMPARE(again.path(), dir.filePath("figure.pdf"));
        QCOMPARE(again.options().format.widthMm, 120.0);
        QVERIFY(again.options().currentFrame);
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
