// The main window's quiz: "predict, then reveal" over the explorer (explorer/quiz_panel.h), in
// a dock beside the explorer, switched by Animation → Quiz (Q).
#include "shell/main_window.h"

#include "explorer/quiz_panel.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QTabWidget>

#include <algorithm>

namespace rl {

void MainWindow::buildQuiz(QMenu* menu) {
    m_quiz = new QuizPanel(m_explorer);
    m_quizDock = new QDockWidget(tr("Quiz: predict, then reveal"), this);
    m_quizDock->setObjectName(QStringLiteral("quiz"));
    m_quizDock->setWidget(m_quiz);
    // Beside the charts: a projector's height is what the charts and the narration need.
    addDockWidget(Qt::RightDockWidgetArea, m_quizDock);
    m_quizDock->hide();
    m_quizAction = menu->addAction(tr("&Quiz: predict, then reveal"), QKeySequence(Qt::Key_Q));
    m_quizAction->setCheckable(true);
    m_quizAction->setToolTip(tr("pause before each decision and ask the class; click a "
                                "processor or an algorithm to answer"));
    connect(m_quizAction, &QAction::toggled, this, [this](bool on) {
        if (on) {
            m_tabs->setCurrentIndex(0); // the quiz is the explorer's
        }
        m_quiz->setOn(on);
        m_quizDock->setVisible(on);
        updateDocks(); // the settings make room for the quiz
        if (on) {
            resizeDocks({m_quizDock}, {std::max(width() / 4, 260)}, Qt::Horizontal);
        }
    });
    // Closing the dock ends the quiz.
    connect(m_quizDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (!visible && m_quiz->isOn() && !isMinimized() && m_tabs->currentIndex() == 0) {
            m_quizAction->setChecked(false);
        }
    });
}

} // namespace rl
