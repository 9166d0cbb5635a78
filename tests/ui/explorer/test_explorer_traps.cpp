// The explorer's research-workflow traps (issue #10): Back and Forward after a drill-down, the
// preset list after any scenario is shown, the fallback when non-commutative mode drops the only
// algorithm, compare-mode splitters that move together, numbers shown rounded but kept exact.
#include "common/number_text.h"
#include "explorer/algorithm_pane.h"
#include "explorer/animation_controller.h"
#include "explorer/config_panel.h"
#include "explorer/explorer_page.h"
#include "explorer/law_editor.h"
#include "explorer/scenario_history.h"
#include "shell/main_window.h"
#include "studies/run_study.h"
#include "studies/theory_study.h"
#include "views/gantt_view.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyleOptionFrame>
#include <QWheelEvent>
#include <QtTest>

using namespace rl;

namespace {

void waitForRun(MainWindow& w, const Scenario& s) {
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && w.session()->result()->scenario == s &&
                                 w.panes().size() == s.algorithms.size() &&
                                 !w.session()->isRunning(),
                             10000);
}

// The window as a user meets it on a 1280x720 screen, the demo shown; nothing is saved.
void openAt1280x720(MainWindow& w) {
    w.setInteractive(false);
    w.setRemembersView(false);
    w.resize(1280, 720);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    waitForRun(w, Scenario::demo());
}

// A scenario the settings can show exactly (a drill-down's: another seed, replicate and laws).
Scenario drilled() {
    Scenario s;
    s.n = 12;
    s.algorithms = {AlgorithmId::TreeDyn};
    s.transfer = Law::gamma(1.0, 0.6309573444801934);
    s.reduction = Law::gamma(0.3, 0.25);
    s.seed = 77;
    s.replicate = 5;
    return s;
}

} // namespace

class TestExplorerTraps : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // QSettings of the tests stay apart
        QCoreApplication::setOrganizationName(QStringLiteral("ReduceLabTests"));
    }

    // Back (Alt+Left) after a drill-down restores the scenario it replaced, exactly (laws,
    // seed, replicate, algorithms), in the settings and in the run; Forward returns.
    void backRestoresTheScenario() {
        MainWindow w;
        w.setInteractive(false);
        w.setRemembersView(false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const Scenario first = Scenario::demo();
        waitForRun(w, first);
        QVERIFY(!w.explorer()->backAction()->isEnabled());

        const Scenario second = drilled();
        w.tabs()->setCurrentIndex(1); // a drill-down comes from another tab
        w.openInExplorer(second);
        waitForRun(w, second);
        QCOMPARE(w.tabs()->currentIndex(), 0);
        QVERIFY(w.explorer()->backAction()->isEnabled());

        QTest::keyClick(&w, Qt::Key_Left, Qt::AltModifier);
        waitForRun(w, first);
        QCOMPARE(w.configPanel()->scenario(), first);
        QVERIFY(!w.explorer()->backAction()->isEnabled());
        QVERIFY(w.explorer()->forwardAction()->isEnabled());

        QTest::keyClick(&w, Qt::Key_Right, Qt::AltModifier);
        waitForRun(w, second);
        QCOMPARE(w.session()->scenario().replicate, second.replicate);

        // Back from another tab shows the explorer.
        w.tabs()->setCurrentIndex(2);
        w.explorer()->backAction()->trigger();
        QCOMPARE(w.tabs()->currentIndex(), 0);
        waitForRun(w, first);
    }

    // Only navigations make entries; the lists are bounded, the newest kept.
    void historyIsBounded() {
        ScenarioHistory h;
        Scenario s = Scenario::demo();
        h.visit(s, s); // the same scenario: no entry
        QVERIFY(!h.canGoBack());
        for (int i = 0; i < 70; ++i) {
            Scenario next = s;
            next.seed = static_cast<std::uint64_t>(i + 100);
            h.visit(s, next);
            s = next;
        }
        QCOMPARE(h.backCount(), ScenarioHistory::kMaxEntries);
        const auto back = h.back(s);
        QVERIFY(back);
        QCOMPARE(back->seed, std::uint64_t(168)); // the one before the last
        QCOMPARE(h.forwardCount(), std::size_t(1));
        h.visit(*back, s); // a new place drops Forward
        QCOMPARE(h.forwardCount(), std::size_t(0));

        // Matrices count in bytes: 128 MiB each at n = 4096 would not fit 50 times.
        ScenarioHistory big;
        Scenario m = Scenario::demo();
        m.costMode = CostMode::FixedMatrix;
        m.n = 2048;
        m.matrix = FixedCosts::homogeneous(2048, 1.0, 1.0);
        Scenario other = m;
        for (int i = 0; i < 20; ++i) {
            other.seed = static_cast<std::uint64_t>(i + 2);
            big.visit(other, m);
        }
        const std::size_t each = (m.matrix->d.size() + m.matrix->c.size()) * sizeof(double);
        QVERIFY(big.backCount() >= 1);
        QVERIFY(big.backCount() * each <= ScenarioHistory::kMaxMatrixBytes);
        QVERIFY(big.backCount() < 20);
    }

    // The preset list names the preset that made the matrix (with its parameters) or "custom",
    // whatever showed it: a drill-down from Theory, an opened scenario, Back.
    void presetListNamesTheMatrix() {
        MainWindow w;
        w.setInteractive(false);
        w.setRemembersView(false);
        ConfigPanel* c = w.configPanel();
        QComboBox* preset = c->presetBox();
        auto shownKey = [&] { return preset->currentData().toString(); };

        const Scenario fig8 = gapScenario(GapStudy::panel().times, AlgorithmId::Snf);
        w.openInExplorer(fig8);
        waitForRun(w, fig8);
        QCOMPARE(shownKey(), QStringLiteral("liuwang-fig8"));
        QCOMPARE(c->presetParamsField()->text(), QStringLiteral("1.25"));

        const Scenario cluster = gapScenario({1.0, 2.0, 3.0}, AlgorithmId::Snf);
        w.openInExplorer(cluster);
        waitForRun(w, cluster);
        QCOMPARE(shownKey(), QString::fromLatin1(ConfigPanel::kCustomPreset));

        Scenario worst = Scenario::demo();
        worst.costMode = CostMode::FixedMatrix;
        worst.n = 10;
        worst.matrix = FixedCosts::worstCase(10, 1.0, 3.0, 0.5);
        w.openInExplorer(worst);
        waitForRun(w, worst);
        QCOMPARE(shownKey(), QStringLiteral("worstcase"));
        QCOMPARE(c->presetParamsField()->text(), QStringLiteral("1, 3, 0.5"));

        QVERIFY(w.explorer()->goBack());
        waitForRun(w, cluster);
        QCOMPARE(shownKey(), QString::fromLatin1(ConfigPanel::kCustomPreset));
        QVERIFY(w.explorer()->goBack());
        waitForRun(w, fig8);
        QCOMPARE(shownKey(), QStringLiteral("liuwang-fig8"));
    }

    // Ticking Non-commutative with only Tree-dyn: its non-commutative twin takes over, with a
    // message, and the view shows it (never an empty, stale view).
    void nonCommutativeFallsBackWithAMessage() {
        MainWindow w;
        w.setInteractive(false);
        w.setRemembersView(false);
        Scenario only = Scenario::demo();
        only.algorithms = {AlgorithmId::TreeDyn};
        w.openInExplorer(only);
        waitForRun(w, only);
        ConfigPanel* c = w.configPanel();
        c->nonCommutativeBox()->click();
        QVERIFY(c->algorithmBox(AlgorithmId::NonCommutTreeDyn)->isChecked());
        QVERIFY(!c->algorithmBox(AlgorithmId::TreeDyn)->isChecked());
        QVERIFY2(c->noteText().contains(QStringLiteral("Non-Commut-Tree-dyn")),
                 qPrintable(c->noteText()));
        QVERIFY(c->errorText().isEmpty());
        Scenario expected = only;
        expected.nonCommutative = true;
        expected.algorithms = {AlgorithmId::NonCommutTreeDyn};
        waitForRun(w, expected);
        // With another algorithm left, Tree-dyn only goes, and the note says so.
        c->nonCommutativeBox()->click();
        c->algorithmBox(AlgorithmId::TreeDyn)->click();
        c->nonCommutativeBox()->click();
        QVERIFY(!c->algorithmBox(AlgorithmId::TreeDyn)->isChecked());
        QVERIFY(c->algorithmBox(AlgorithmId::NonCommutTreeDyn)->isChecked());
        QVERIFY(c->noteText().contains(QStringLiteral("turned off")));
    }

    // Compare mode: dragging one pane's Gantt/tree splitter moves all of them, so the panes'
    // time axes stay one above the other.
    void compareSplittersMoveTogether() {
        MainWindow w;
        w.setInteractive(false);
        w.setRemembersView(false);
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        Scenario three = Scenario::demo();
        three.algorithms = {AlgorithmId::FibonacciStat, AlgorithmId::BinomialStat,
                            AlgorithmId::TreeDyn};
        w.openInExplorer(three);
        waitForRun(w, three);
        // Once the panes are laid out (their grid and splits follow the run), as a user sees
        // them: a drag measured on a splitter still being laid out moves by more than it seems.
        QSplitter* first = w.panes()[0]->splitter();
        QTRY_VERIFY(first->width() > 1000);
        QTest::qWait(100);
        QSplitterHandle* handle = first->handle(1);
        const QPoint from = handle->rect().center();
        QTest::mousePress(handle, Qt::LeftButton, {}, from);
        QTest::mouseMove(handle, from - QPoint(150, 0));
        QTest::mouseRelease(handle, Qt::LeftButton, {}, from - QPoint(150, 0));
        QCoreApplication::processEvents();
        const QList<int> moved = first->sizes();
        QVERIFY2(moved[0] < 600 * first->width() / 1000, "the drag moved the splitter");
        for (AlgorithmPane* p : w.panes()) {
            QCOMPARE(p->splitter()->sizes(), moved);
        }
        for (AlgorithmPane* p : w.panes()) {
            p->gantt()->plot()->replot();
        }
        const QRect axis = w.panes()[0]->gantt()->plot()->axisRect()->rect();
        for (AlgorithmPane* p : w.panes()) {
            const QRect a = p->gantt()->plot()->axisRect()->rect();
            QCOMPARE(a.left(), axis.left());
            QCOMPARE(a.right(), axis.right());
        }
        // A new pane (another algorithm ticked) takes the same split once laid out.
        Scenario four = three;
        four.algorithms.push_back(AlgorithmId::NonCommutTreeDyn);
        w.openInExplorer(four);
        waitForRun(w, four);
        QTRY_COMPARE(w.panes().back()->splitter()->sizes(), moved);
    }

    // A drill-down's CV 0.6309573444801934 shows as 0.630957 (from its first digit), and the
    // scenario still holds it exactly (the replicate replays to the bit).
    void numbersShownRoundedKeptExact() {
        MainWindow w;
        w.setInteractive(false);
        w.setRemembersView(false);
        const Scenario s = drilled();
        w.openInExplorer(s);
        waitForRun(w, s);
        QLineEdit* cv = w.configPanel()->transferEditor()->cvField();
        QCOMPARE(cv->text(), QStringLiteral("0.630957"));
        QCOMPARE(cv->cursorPosition(), 0);
        QCOMPARE(w.configPanel()->scenario().transfer.cv, 0.6309573444801934);
        // Typed over, the field means what it shows.
        cv->setText(QStringLiteral("0.5"));
        QCOMPARE(w.configPanel()->scenario().transfer.cv, 0.5);
        QCOMPARE(shownNumber(1.0 / 3.0), QStringLiteral("0.333333"));
        QCOMPARE(shownNumber(1e-5), QStringLiteral("1e-05"));
        QCOMPARE(shownNumber(123456789.0), QStringLiteral("1.23457e+08"));
        NumberSpinBox spin;
        spin.setRange(0, 1e6);
        spin.setValue(0.6309573444801934);
        QCOMPARE(spin.text(), QStringLiteral("0.630957"));
        QCOMPARE(spin.value(), 0.6309573444801934);
        spin.setValue(1e-5);
        QCOMPARE(spin.text(), QStringLiteral("1e-05")); // not 0.000 as with fixed decimals
    }

    // Issue #29: at 1280x720 a refused edit is seen where the user looks. `abc` in n marks
    // the field and says, over the charts, that they still show the previous run; n beyond
    // the explorer's limit is refused before any work, with the limit and the CLI named; a
    // valid edit clears both.
    void invalidInputIsVisible() {
        MainWindow w;
        openAt1280x720(w);
        const auto before = w.session()->result();
        ConfigPanel* c = w.configPanel();
        QLineEdit* n = c->processorsField();
        QLabel* message = w.explorer()->settingsMessage();
        QVERIFY(!message->isVisible());
        n->setText(QStringLiteral("abc"));
        emit n->editingFinished();
        QCOMPARE(c->invalidField(), n);
        QCOMPARE(n->palette().color(QPalette::Base), w.theme().invalidBase());
        QVERIFY(message->isVisible());
        QVERIFY2(message->text().contains(QStringLiteral("processors n")) &&
                     message->text().contains(QStringLiteral("previous run")),
                 qPrintable(message->text()));
        QCOMPARE(message->palette().color(QPalette::WindowText), w.theme().error());
        // Over the charts, inside the window: seen without scrolling anything.
        QCoreApplication::processEvents();
        const QRect shown(message->mapTo(&w, QPoint(0, 0)), message->size());
        QVERIFY2(w.rect().contains(shown), qPrintable(QStringLiteral("%1,%2 %3x%4")
                                                          .arg(shown.x())
                                                          .arg(shown.y())
                                                          .arg(shown.width())
                                                          .arg(shown.height())));
        QVERIFY(shown.top() < w.panes().front()->mapTo(&w, QPoint(0, 0)).y());
        QCOMPARE(w.session()->result(), before);
        // A picture to look at.
        QVERIFY(w.grab().save(QDir::tempPath() + QStringLiteral("/explorer_refused_n.png")));

        // Beyond the explorer's limit: refused at once, nothing runs.
        n->setText(QStringLiteral("1000000"));
        emit n->editingFinished();
        QVERIFY(!w.session()->isRunning());
        QCOMPARE(c->invalidField(), n);
        QVERIFY2(message->text().contains(QString::number(kMaxExplorerProcessors)) &&
                     message->text().contains(QStringLiteral("reducelab-cli")),
                 qPrintable(message->text()));
        QCOMPARE(w.session()->result(), before);

        // A scenario file or drill-down beyond it changes nothing either.
        Scenario big = Scenario::demo();
        big.n = kMaxExplorerProcessors + 1;
        QVERIFY(!w.explorer()->navigate(big, false));
        QVERIFY(w.lastError().contains(QStringLiteral("reducelab-cli")));
        QVERIFY(!w.explorer()->backAction()->isEnabled());
        QCOMPARE(n->text(), QStringLiteral("1000000")); // the settings as the user left them

        n->setText(QStringLiteral("12"));
        emit n->editingFinished();
        QVERIFY(c->invalidField() == nullptr);
        QVERIFY(n->palette().color(QPalette::Base) != w.theme().invalidBase());
        QVERIFY(!message->isVisible());
        QTRY_VERIFY(w.session()->result()->scenario.n == 12);
    }

    // Issue #39: n is checked as it is typed (not only on Return), against the explorer's real
    // limit, the core's kMaxExplorerProcessors; the refusal appearing moves no field (n stays
    // under the mouse).
    void processorsCheckedAsTypedWithTheRealLimit() {
        MainWindow w;
        openAt1280x720(w);
        const auto before = w.session()->result();
        ConfigPanel* c = w.configPanel();
        QLineEdit* n = c->processorsField();
        QCoreApplication::processEvents();
        const QPoint nAt = n->mapTo(c, QPoint(0, 0));
        const QPoint seedAt = c->replicateField()->mapTo(c, QPoint(0, 0));
        n->setFocus();
        n->selectAll();
        QTest::keyClicks(n, QStringLiteral("0")); // typed, no Return
        QCOMPARE(c->invalidField(), n);
        const QString range = QStringLiteral("[1, %1]").arg(kMaxExplorerProcessors);
        QVERIFY2(c->errorText().contains(range), qPrintable(c->errorText()));
        QCOMPARE(w.session()->result(), before); // nothing ran
        QVERIFY(!w.session()->isRunning());
        QCoreApplication::processEvents();
        QCOMPARE(n->mapTo(c, QPoint(0, 0)), nAt);
        QCOMPARE(c->replicateField()->mapTo(c, QPoint(0, 0)), seedAt);
        QTest::keyClicks(n, QStringLiteral("12")); // "012": valid again, the mark goes
        QCOMPARE(c->invalidField(), nullptr);
        QVERIFY(c->errorText().isEmpty());
        QTest::keyClick(n, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && w.session()->result()->scenario.n == 12,
                                 10000);
    }

    // A law's mean or CV refused is marked on that field.
    void refusedLawMarksItsField() {
        MainWindow w;
        openAt1280x720(w);
        ConfigPanel* c = w.configPanel();
        QLineEdit* cv = c->reductionEditor()->cvField();
        cv->setText(QStringLiteral("-1"));
        emit cv->editingFinished();
        QCOMPARE(c->invalidField(), cv);
        QLineEdit* mean = c->transferEditor()->meanField();
        cv->setText(QStringLiteral("0.5"));
        mean->setText(QStringLiteral("x"));
        emit mean->editingFinished();
        QCOMPARE(c->invalidField(), mean);
        QCOMPARE(cv->palette().color(QPalette::Base), w.palette().color(QPalette::Base));
    }

    // Ticking Non-commutative with Fibonacci-stat and Tree-dyn drops Tree-dyn, and the
    // explorer says so over its charts (the settings' note was at the panel's bottom).
    void droppedAlgorithmIsSaidOverTheCharts() {
        MainWindow w;
        openAt1280x720(w);
        w.configPanel()->nonCommutativeBox()->click();
        QLabel* message = w.explorer()->settingsMessage();
        QVERIFY(message->isVisible());
        QVERIFY2(message->text().contains(QStringLiteral("Tree-dyn")) &&
                     message->text().contains(QStringLiteral("turned off")),
                 qPrintable(message->text()));
        QVERIFY(message->palette().color(QPalette::WindowText) != w.theme().error());
        Scenario expected = Scenario::demo();
        expected.nonCommutative = true;
        expected.algorithms = {AlgorithmId::FibonacciStat};
        waitForRun(w, expected);
    }

    // The mouse wheel over the settings scrolls them: an unfocused combo box (the reductions'
    // law became Bernoulli unseen) or spin box keeps its value; once clicked, it takes the
    // wheel.
    void wheelScrollsTheSettingsNotTheirValues() {
        MainWindow w;
        openAt1280x720(w);
        auto* scroll = qobject_cast<QScrollArea*>(w.configDock()->widget());
        QVERIFY(scroll);
        QScrollBar* bar = scroll->verticalScrollBar();
        QVERIFY2(bar->maximum() > 0, "the settings scroll at 1280x720");
        bar->setValue(0);
        QComboBox* law = w.configPanel()->reductionEditor()->kindBox();
        const int index = law->currentIndex();
        auto wheel = [](QWidget* target) {
            const QPointF at = QRectF(target->rect()).center();
            QWheelEvent e(at, target->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(target, &e);
        };
        wheel(law);
        QCOMPARE(law->currentIndex(), index);
        QVERIFY2(bar->value() > 0, "the panel scrolled");
        law->setFocus();
        QTRY_VERIFY(law->hasFocus());
        wheel(law);
        QVERIFY(law->currentIndex() != index);
        // Spin boxes too, wherever they are.
        QScrollArea area;
        auto* inner = new QWidget;
        auto* spin = new QSpinBox(inner);
        spin->setRange(0, 100);
        spin->setValue(50);
        inner->setMinimumSize(200, 2000);
        area.setWidget(inner);
        area.resize(200, 200);
        area.show();
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        spin->clearFocus(); // the window gave it the focus: a click elsewhere takes it
        wheel(spin);
        QCOMPARE(spin->value(), 50);
        QVERIFY(area.verticalScrollBar()->value() > 0);
        QCOMPARE(spin->focusPolicy(), Qt::StrongFocus);
    }

    // Return applies n and gives the keys back to the views: Space then plays, it does not
    // type a space into the field. A refused value keeps the field.
    void spaceAfterEditingPlays() {
        MainWindow w;
        openAt1280x720(w);
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.animation()->pause();
        QLineEdit* n = w.configPanel()->processorsField();
        n->setFocus();
        QTRY_VERIFY(n->hasFocus());
        n->selectAll();
        QTest::keyClicks(n, QStringLiteral("20"));
        QTest::keyClick(n, Qt::Key_Return);
        QTRY_VERIFY(w.session()->result()->scenario.n == 20 && !w.session()->isRunning());
        QTRY_VERIFY(!n->hasFocus());
        w.animation()->pause();
        QWidget* focus = QApplication::focusWidget();
        QTest::keyClick(focus != nullptr ? focus : &w, Qt::Key_Space);
        QVERIFY(w.animation()->isPlaying());
        QCOMPARE(n->text(), QStringLiteral("20"));
        w.animation()->pause();
        // Or typed, then a click on a chart: the page takes the keys (and n is applied).
        n->setFocus();
        QTRY_VERIFY(n->hasFocus());
        n->selectAll();
        QTest::keyClicks(n, QStringLiteral("24"));
        QTest::mouseClick(w.panes().front()->gantt()->plot(), Qt::LeftButton, {}, QPoint(5, 5));
        QTRY_VERIFY(w.session()->result()->scenario.n == 24 && !w.session()->isRunning());
        w.animation()->pause();
        focus = QApplication::focusWidget();
        QTest::keyClick(focus != nullptr ? focus : &w, Qt::Key_Space);
        QVERIFY(w.animation()->isPlaying());
        QCOMPARE(n->text(), QStringLiteral("24"));
        w.animation()->pause();
        // Refused: the field keeps the keys, to be corrected.
        n->setFocus();
        QTRY_VERIFY(n->hasFocus());
        n->selectAll();
        QTest::keyClicks(n, QStringLiteral("abc"));
        QTest::keyClick(n, Qt::Key_Return);
        QCoreApplication::processEvents();
        QVERIFY(n->hasFocus());
    }

    // A law that fixes its CV shows that CV in the disabled field (the exponential's 1, a
    // constant's 0), and gives the one typed for gamma back.
    void disabledCvShowsTheLawsOwn() {
        MainWindow w;
        w.setInteractive(false);
        w.setRemembersView(false);
        LawEditor* e = w.configPanel()->transferEditor();
        e->setLaw(Law::gamma(1.0, 0.6309573444801934));
        auto pick = [e](LawKind k) {
            e->kindBox()->setCurrentIndex(e->kindBox()->findData(static_cast<int>(k)));
        };
        pick(LawKind::Exponential);
        QVERIFY(!e->cvField()->isEnabled());
        QCOMPARE(e->cvField()->text(), QStringLiteral("1"));
        pick(LawKind::Constant);
        QCOMPARE(e->cvField()->text(), QStringLiteral("0"));
        QCOMPARE(e->law("transfer law").cv, 0.0);
        pick(LawKind::Gamma);
        QVERIFY(e->cvField()->isEnabled());
        QCOMPARE(e->law("transfer law").cv, 0.6309573444801934); // exactly, as before
        e->cvField()->setText(QStringLiteral("0.50"));
        pick(LawKind::Exponential);
        QCOMPARE(e->law("transfer law").cv, 1.0);
        pick(LawKind::Uniform);
        QCOMPARE(e->cvField()->text(), QStringLiteral("0.50"));
    }

    // Every value a CV or mean field shows fits it whole (0.0398107 was cut to "0.039810"),
    // in normal and presentation mode at 1280x720.
    void numberFieldsShowTheirWholeValue() {
        MainWindow w;
        openAt1280x720(w);
        for (bool presentation : {false, true}) {
            w.setPresentation(presentation);
            for (double v : {0.039810717055349725, 0.000123456789, 1.23456789e-05, 123456.789}) {
                for (LawEditor* e :
                     {w.configPanel()->transferEditor(), w.configPanel()->reductionEditor()}) {
                    e->setLaw(Law::gamma(v, v));
                }
                QTest::qWait(50); // the dock is fitted to its content once fonts have settled
                QCoreApplication::processEvents();
                for (LawEditor* e :
                     {w.configPanel()->transferEditor(), w.configPanel()->reductionEditor()}) {
                    for (QLineEdit* field : {static_cast<QLineEdit*>(e->meanField()),
                                             static_cast<QLineEdit*>(e->cvField())}) {
                        QStyleOptionFrame option;
                        option.initFrom(field);
                        option.rect = field->rect();
                        option.lineWidth = field->style()->pixelMetric(QStyle::PM_DefaultFrameWidth,
                                                                       &option, field);
                        const QRect text = field->style()->subElementRect(
                            QStyle::SE_LineEditContents, &option, field);
                        // QLineEdit's own margin of 2 pixels a side.
                        const int room = text.width() - 4;
                        const int need = field->fontMetrics().horizontalAdvance(field->text());
                        QVERIFY2(
                            need <= room,
                            qPrintable(QStringLiteral("'%1' needs %2 px in %3 (presentation %4)")
                                           .arg(field->text())
                                           .arg(need)
                                           .arg(room)
                                           .arg(presentation)));
                    }
                }
            }
        }
    }
};

QTEST_MAIN(TestExplorerTraps)
#include "test_explorer_traps.moc"
