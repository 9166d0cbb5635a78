#pragma once

#include "studies/quiz.h"

#include <QWidget>

#include <limits>
#include <map>
#include <memory>
#include <vector>

class QAction;
class QBoxLayout;
class QLabel;
class QPushButton;

namespace rl {

class ExplorerPage;

/// "Predict, then reveal" over an explorer page: the questions of the shown run
/// (studies/quiz.h, from its schedules and narration), each asked with the animation paused
/// just before its decision. A click on a processor (a Gantt chart's row label or a tree's
/// node) or on an algorithm's button answers; the reveal tells the answer and the
/// narration's reason; the session's score counts the answers. While it is on, the
/// narration shows only what happened. Keys (the panel's, active
/// while it is shown): 1-4 choose an algorithm, Page Down plays on to the next question.
class QuizPanel : public QWidget {
    Q_OBJECT
  public:
    explicit QuizPanel(ExplorerPage* page, QWidget* parent = nullptr);

    bool isOn() const { return m_on; }
    /// On: the question at this moment, or the first one when the animation is at its start;
    /// otherwise playing stops at the next. Off: the animation plays through.
    void setOn(bool on);
    /// Answers the open question: a processor of run `run` (-1: the question's run), or a run
    /// for "which algorithm finishes first?"; "who sends next, and to whom?" takes two, the
    /// sender then its receiver. False when no question is open or the click was on another
    /// run's chart.
    bool answer(int choice, int run = -1);
    /// After a reveal: the next question at this very moment, or play on to the next one.
    void next();

    const std::vector<QuizQuestion>& questions() const { return m_questions; }
    /// The question asked now (-1: none).
    int current() const { return m_current; }
    bool revealed() const { return m_revealed; }
    int rightAnswers() const;
    int answeredCount() const { return static_cast<int>(m_answered.size()); }
    QLabel* promptLabel() const { return m_prompt; }
    QLabel* scoreLabel() const { return m_score; }
    QLabel* resultLabel() const { return m_result; }
    QLabel* revealLabel() const { return m_reveal; }
    QPushButton* nextButton() const { return m_next; }
    /// The algorithms' buttons of a "which algorithm" question.
    const std::vector<QPushButton*>& choiceButtons() const { return m_choices; }

  signals:
    void toggled(bool on);

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    void setRun(const std::shared_ptr<const RunResult>& run);
    /// The first question not answered at or after `t`, or -1.
    int nextQuestion(double t) const;
    void ask(int i);
    void updateStop();
    /// While the quiz is on, the narration's lines after the current one are hidden: they
    /// would tell the answer.
    void showPastOnly();
    void showState();
    /// The processor a click at `pos` of pane `pane`'s view `watched` names, or -1.
    int processorAt(QObject* watched, QPoint pos, int* pane) const;

    ExplorerPage* m_page;
    std::shared_ptr<const RunResult> m_run;
    std::vector<QuizQuestion> m_questions;
    std::map<int, bool> m_answered; ///< question -> answered right
    int m_current = -1;
    int m_sender = -1; ///< "who sends next, and to whom?": the sender clicked, or -1
    bool m_revealed = false;
    bool m_on = false;
    int m_lastShown = std::numeric_limits<int>::max(); ///< the narration's last row shown
    QLabel* m_prompt;
    QLabel* m_score;
    QBoxLayout* m_choiceRow;
    std::vector<QPushButton*> m_choices;
    QLabel* m_result;
    QLabel* m_reveal;
    QPushButton* m_next;
};

} // namespace rl
