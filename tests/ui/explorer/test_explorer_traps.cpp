// The explorer's research-workflow traps (issue #10): Back and Forward after a drill-down, the
// preset list after any scenario is shown, the fallback when non-commutative mode drops the only
// algorithm, compare-mode splitters that move together, numbers shown rounded but kept exact.
#include "common/number_text.h"
#include "explorer/algorithm_pane.h"
#include "explorer/config_panel.h"
#include "explorer/law_editor.h"
#include "explorer/scenario_history.h"
#include "shell/main_window.h"
#include "studies/theory_study.h"
#include "views/gantt_view.h"

#include <qcustomplot.h>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QSplitter>
#include <QStandardPaths>
#include <QtTest>

using namespace rl;

namespace {

void waitForRun(MainWindow& w, const Scenario& s) {
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && w.session()->result()->scenario == s &&
                                 w.panes().size() == s.algorithms.size() &&
                                 !w.session()->isRunning(),
                             10000);
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
        QSplitter* first = w.panes()[0]->splitter();
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
};

QTEST_MAIN(TestExplorerTraps)
#include "test_explorer_traps.moc"
