// "Predict, then reveal" in the window (explorer/quiz_panel.h), offscreen: the questions are
// the core's (studies/quiz.h) of the run shown; a wrong answer (an algorithm's button) and
// right ones (a click on a Gantt row label, on a tree node) are told, with the reveal and the
// score; Page Down plays on and the animation stops just before the next decision.
#include "explorer/algorithm_pane.h"
#include "explorer/animation_controller.h"
#include "explorer/explorer_page.h"
#include "explorer/quiz_panel.h"
#include "shell/main_window.h"
#include "views/gantt_view.h"
#include "views/tree_view.h"

#include <qcustomplot.h>

#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStandardPaths>
#include <QVBoxLayout>
#include <QtTest>

using namespace rl;

namespace {

Scenario twoAlgorithms() {
    Scenario s = Scenario::demo();
    s.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::TreeDyn};
    s.n = 8;
    s.seed = 3; // the two do not tie: a wrong answer exists
    return s;
}

/// A click on processor p's row label in pane `pane`'s Gantt chart (`right`: the labels right
/// of the rows).
void clickRowLabel(ExplorerPage& page, int pane, int p, bool right = false) {
    QCustomPlot* plot = page.panes()[static_cast<std::size_t>(pane)]->gantt()->plot();
    const QRect rows = plot->axisRect()->rect();
    const QPoint at(right ? rows.right() + 8 : rows.left() - 8,
                    static_cast<int>(std::lround(plot->yAxis->coordToPixel(p))));
    QTest::mouseClick(plot, Qt::LeftButton, {}, at);
}

void clickNode(ExplorerPage& page, int pane, int p) {
    TreeView* tree = page.panes()[static_cast<std::size_t>(pane)]->tree();
    QTest::mouseClick(tree, Qt::LeftButton, {}, tree->nodePosition(p).toPoint());
}

} // namespace

class TestQuizPanel : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ReduceLabTests"));
    }

    void wrongAndRightAnswersTheRevealAndTheScore() {
        QWidget window;
        auto* layout = new QVBoxLayout(&window);
        auto* page = new ExplorerPage;
        auto* quiz = new QuizPanel(page);
        layout->addWidget(page, 1);
        layout->addWidget(quiz);
        window.resize(1280, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const Scenario s = twoAlgorithms();
        page->showScenario(s, false);
        QTRY_VERIFY_WITH_TIMEOUT(page->session()->result() &&
                                     page->session()->result()->scenario == s &&
                                     page->panes().size() == 2 && !page->session()->isRunning(),
                                 10000);
        QTest::qWait(100); // the charts laid out
        const auto& result = *page->session()->result();
        const std::vector<QuizQuestion> expected = quizQuestions(result);
        QCOMPARE(quiz->questions().size(), expected.size());
        QVERIFY(expected.size() > 4);
        AnimationController* anim = page->animation();
        anim->setSpeed(50.0 * anim->end()); // the whole run in a fiftieth of a second: a fast test

        // The first question, before anything happened (the page played the run: back to
        // its start).
        anim->toStart();
        quiz->setOn(true);
        QCOMPARE(quiz->current(), 0);
        QCOMPARE(quiz->promptLabel()->text(), QString::fromStdString(expected[0].prompt));
        QVERIFY(anim->time() < 0.0 && anim->eventIndex() == -1);
        QCOMPARE(quiz->choiceButtons().size(), std::size_t{2});
        // A wrong answer: the algorithm that does not finish first.
        const int wrong = expected[0].answers == std::vector<int>{0} ? 1 : 0;
        QVERIFY(expected[0].answers == std::vector<int>{1 - wrong});
        quiz->choiceButtons()[static_cast<std::size_t>(wrong)]->click();
        QVERIFY(quiz->revealed());
        QVERIFY2(quiz->resultLabel()->text().startsWith(QStringLiteral("Not quite: you chose ")),
                 qPrintable(quiz->resultLabel()->text()));
        QCOMPARE(quiz->revealLabel()->text(), QString::fromStdString(expected[0].reveal));
        QCOMPARE(quiz->scoreLabel()->text(), QStringLiteral("score 0 of 1"));

        // Next: the first run's root, at the same moment, answered on its row label.
        quiz->nextButton()->click();
        QCOMPARE(quiz->current(), 1);
        QVERIFY(!quiz->revealed());
        clickRowLabel(*page, 0, expected[1].answers.front(), true);
        QVERIFY(quiz->revealed());
        QVERIFY2(quiz->resultLabel()->text().startsWith(QStringLiteral("Right: P")),
                 qPrintable(quiz->resultLabel()->text()));
        QCOMPARE(quiz->scoreLabel()->text(), QStringLiteral("score 1 of 2"));
        // The second run's root, on its tree node; a click on the other run's chart is no
        // answer.
        quiz->next();
        QCOMPARE(quiz->current(), 2);
        clickNode(*page, 0, expected[2].answers.front());
        QVERIFY(!quiz->revealed());
        clickNode(*page, 1, expected[2].answers.front());
        QVERIFY(quiz->revealed());
        QCOMPARE(quiz->scoreLabel()->text(), QStringLiteral("score 2 of 3"));

        // On to the first question after t = 0: answered right until there, then the
        // animation plays and stops just before its decision.
        std::size_t k = 3;
        while (expected[k].pauseAt < 0.0) {
            ++k;
        }
        while (quiz->current() < static_cast<int>(k)) {
            const int before = quiz->current();
            if (!quiz->revealed()) {
                const QuizQuestion& q = expected[static_cast<std::size_t>(before)];
                QVERIFY(quiz->answer(q.answers.front(), q.run));
                if (q.kind == QuizKind::NextSender) { // and to whom
                    QVERIFY(!quiz->revealed());
                    QVERIFY(quiz->answer(q.receivers.front(), q.run));
                }
            }
            QTest::keyClick(&window, Qt::Key_PageDown); // the projector's key
            QTRY_VERIFY_WITH_TIMEOUT(quiz->current() > before && !anim->isPlaying(), 20000);
        }
        const QuizQuestion& q = expected[k];
        QCOMPARE(quiz->current(), static_cast<int>(k));
        QCOMPARE(anim->time(), q.pauseAt);
        const Schedule& sched = *result.schedules[static_cast<std::size_t>(q.run)];
        for (const TransferOp& t : sched.transfers) {
            if (std::find(q.answers.begin(), q.answers.end(), t.from) != q.answers.end() &&
                t.start == std::nextafter(q.pauseAt, 1e300)) {
                QVERIFY(t.start > anim->time()); // not drawn yet
            }
        }
        // The narration tells only what happened: its next line would give the answer.
        QListWidget* narration = page->narrationList();
        QVERIFY(!narration->isRowHidden(anim->eventIndex()));
        QVERIFY(narration->isRowHidden(anim->eventIndex() + 1));
        clickNode(*page, q.run, q.answers.front());
        QVERIFY(!quiz->revealed());
        QVERIFY2(quiz->resultLabel()->text().startsWith(
                     QStringLiteral("P%1 sends to …: click its receiver").arg(q.answers.front())),
                 qPrintable(quiz->resultLabel()->text()));
        clickNode(*page, q.run, q.receivers.front());
        QVERIFY(quiz->revealed());
        QVERIFY2(
            quiz->resultLabel()->text() ==
                QStringLiteral("Right: P%1 → P%2").arg(q.answers.front()).arg(q.receivers.front()),
            qPrintable(quiz->resultLabel()->text()));
        QCOMPARE(quiz->revealLabel()->text(), QString::fromStdString(q.reveal));
        QCOMPARE(quiz->scoreLabel()->text(),
                 QStringLiteral("score %1 of %2").arg(k).arg(k + 1)); // one wrong

        // Off: the animation plays through, clicks are the views' again.
        quiz->setOn(false);
        QVERIFY(!narration->isRowHidden(anim->eventIndex() + 1));
        anim->play();
        QTRY_VERIFY_WITH_TIMEOUT(!anim->isPlaying(), 30000);
        QCOMPARE(anim->time(), anim->end());
    }

    // The window: Animation → Quiz (Q) shows the dock and asks the first question; with
    // REDUCELAB_QUIZ_SHOTS=DIR it saves the window at a projector's and a full-HD size, normal,
    // presentation and dark, for people to look at.
    void theWindowsQuizAction() {
        MainWindow window;
        window.setInteractive(false);
        window.setRemembersView(false);
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const Scenario s = twoAlgorithms();
        window.openInExplorer(s);
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->result() &&
                                     window.session()->result()->scenario == s &&
                                     !window.session()->isRunning(),
                                 10000);
        window.animation()->toStart();
        QVERIFY(!window.quizDock()->isVisible());
        window.quizAction()->trigger();
        QVERIFY(window.quizDock()->isVisible() && window.quiz()->isOn());
        QVERIFY(!window.configDock()->isVisible()); // the quiz takes the settings' place
        QCOMPARE(window.quiz()->current(), 0);
        const QString shots = qEnvironmentVariable("REDUCELAB_QUIZ_SHOTS");
        if (!shots.isEmpty()) {
            window.quiz()->answer(0);
            QDir().mkpath(shots);
            for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)}) {
                for (const auto& [name, presentation, dark] :
                     {std::tuple{"normal", false, false}, std::tuple{"presentation", true, false},
                      std::tuple{"dark", true, true}}) {
                    window.setPresentation(presentation);
                    window.setDark(dark);
                    window.resize(size);
                    QTest::qWait(300);
                    window.grab().save(QStringLiteral("%1/quiz-%2x%3-%4.png")
                                           .arg(shots)
                                           .arg(size.width())
                                           .arg(size.height())
                                           .arg(QLatin1String(name)));
                }
            }
        }
        window.quizAction()->trigger();
        QVERIFY(!window.quiz()->isOn() && !window.quizDock()->isVisible());
        QVERIFY(window.configDock()->isVisible());
    }
};

QTEST_MAIN(TestQuizPanel)
#include "test_quiz_panel.moc"
