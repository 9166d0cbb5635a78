#include "explorer/quiz_panel.h"

#include "explorer/algorithm_pane.h"
#include "explorer/animation_controller.h"
#include "explorer/explorer_page.h"
#include "views/gantt_view.h"
#include "views/tree_view.h"

#include <qcustomplot.h>

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMouseEvent>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace rl {

namespace {

QString fromStd(const std::string& s) {
    return QString::fromStdString(s);
}

} // namespace

QuizPanel::QuizPanel(ExplorerPage* page, QWidget* parent) : QWidget(parent), m_page(page) {
    setObjectName(QStringLiteral("quiz"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    auto* head = new QVBoxLayout;
    m_prompt = new QLabel;
    m_prompt->setWordWrap(true);
    QFont bold = m_prompt->font();
    bold.setBold(true);
    m_prompt->setFont(bold);
    m_score = new QLabel;
    head->addWidget(m_score);
    head->addWidget(m_prompt);
    layout->addLayout(head);
    m_choiceRow = new QVBoxLayout;
    layout->addLayout(m_choiceRow);
    m_result = new QLabel;
    m_result->setWordWrap(true);
    m_reveal = new QLabel;
    m_reveal->setWordWrap(true);
    m_reveal->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_result);
    layout->addWidget(m_reveal);
    m_next = new QPushButton(tr("Next question (Page Down)"));
    m_next->setAutoDefault(false);
    connect(m_next, &QPushButton::clicked, this, &QuizPanel::next);
    auto* nextRow = new QHBoxLayout;
    nextRow->addWidget(m_next);
    nextRow->addStretch(1);
    layout->addLayout(nextRow);
    layout->addStretch(1);

    // The projector's keys, while the panel is shown (a presenter's remote sends Page Down).
    auto* nextKey = new QAction(tr("Next question"), this);
    nextKey->setShortcut(QKeySequence(Qt::Key_PageDown));
    connect(nextKey, &QAction::triggered, this, &QuizPanel::next);
    addAction(nextKey);
    for (int r = 0; r < 4; ++r) {
        auto* key = new QAction(this);
        key->setShortcut(QKeySequence(Qt::Key_1 + r));
        connect(key, &QAction::triggered, this, [this, r] {
            if (m_current >= 0 &&
                m_questions[static_cast<std::size_t>(m_current)].kind == QuizKind::Winner) {
                answer(r);
            }
        });
        addAction(key);
    }

    connect(page->session(), &Session::resultReady, this, &QuizPanel::setRun);
    AnimationController* anim = page->animation();
    connect(anim, &AnimationController::cursorChanged, this, [this, anim](double t, int) {
        showPastOnly();
        if (!m_on || anim->isPlaying()) {
            return;
        }
        // Playing stopped before a question, or a seek landed on one: ask it.
        if (m_current < 0) {
            const int i = nextQuestion(t);
            if (i >= 0 && m_questions[static_cast<std::size_t>(i)].pauseAt == t) {
                ask(i);
                return;
            }
        }
        updateStop();
    });
    showState();
}

void QuizPanel::setRun(const std::shared_ptr<const RunResult>& run) {
    m_run = run;
    m_questions = run ? quizQuestions(*run) : std::vector<QuizQuestion>{};
    m_answered.clear();
    m_lastShown = std::numeric_limits<int>::max(); // the page shows every line of a new run
    m_current = -1;
    m_revealed = false;
    for (AlgorithmPane* pane : m_page->panes()) {
        pane->gantt()->plot()->installEventFilter(this);
        pane->tree()->installEventFilter(this);
    }
    if (m_on) {
        setOn(true);
    }
    showState();
}

void QuizPanel::setOn(bool on) {
    const bool changed = on != m_on;
    m_on = on;
    m_current = -1;
    m_revealed = false;
    if (on) {
        const double t = m_page->animation()->time();
        const int i = nextQuestion(t <= 0.0 ? -std::numeric_limits<double>::infinity() : t);
        if (i >= 0 && (t <= 0.0 || m_questions[static_cast<std::size_t>(i)].pauseAt == t)) {
            ask(i);
        }
    }
    updateStop();
    showState();
    showPastOnly();
    if (changed) {
        emit toggled(on);
    }
}

int QuizPanel::nextQuestion(double t) const {
    for (std::size_t i = 0; i < m_questions.size(); ++i) {
        if (m_answered.count(static_cast<int>(i)) == 0 && m_questions[i].pauseAt >= t) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

int QuizPanel::rightAnswers() const {
    return static_cast<int>(std::count_if(m_answered.begin(), m_answered.end(),
                                          [](const auto& a) { return a.second; }));
}

void QuizPanel::ask(int i) {
    m_current = i;
    m_revealed = false;
    m_sender = -1;
    const double at = m_questions[static_cast<std::size_t>(i)].pauseAt;
    AnimationController* anim = m_page->animation();
    if (anim->isPlaying() || anim->time() != at) {
        anim->pauseAt(at);
    }
    updateStop();
    showState();
}

bool QuizPanel::answer(int choice, int run) {
    if (m_current < 0 || m_revealed) {
        return false;
    }
    const QuizQuestion& q = m_questions[static_cast<std::size_t>(m_current)];
    if (q.kind != QuizKind::Winner && run >= 0 && run != q.run) {
        return false;
    }
    if (q.kind == QuizKind::Winner &&
        (choice < 0 || choice >= static_cast<int>(m_run->schedules.size()))) {
        return false;
    }
    if (q.kind == QuizKind::NextSender && m_sender < 0) {
        m_sender = choice; // and to whom: the next click
        showState();
        return true;
    }
    const auto sent = std::find(q.answers.begin(), q.answers.end(),
                                q.kind == QuizKind::NextSender ? m_sender : choice);
    const bool right = sent != q.answers.end() &&
                       (q.kind != QuizKind::NextSender ||
                        q.receivers[static_cast<std::size_t>(sent - q.answers.begin())] == choice);
    m_answered[m_current] = right;
    m_revealed = true;
    auto name = [&](int c, int to) {
        return q.kind == QuizKind::Winner ? fromStd(m_run->name(static_cast<std::size_t>(c)))
               : to >= 0                  ? QStringLiteral("P%1 → P%2").arg(c).arg(to)
                                          : QStringLiteral("P%1").arg(c);
    };
    QStringList answers;
    for (std::size_t k = 0; k < q.answers.size(); ++k) {
        answers << name(q.answers[k], k < q.receivers.size() ? q.receivers[k] : -1);
    }
    const QString picked =
        q.kind == QuizKind::NextSender ? name(m_sender, choice) : name(choice, -1);
    m_result->setText(right ? tr("Right: %1").arg(picked)
                            : tr("Not quite: you chose %1; the answer is %2")
                                  .arg(picked, answers.join(tr(" or "))));
    m_result->setProperty("right", right);
    m_reveal->setText(fromStd(q.reveal));
    updateStop();
    showState();
    return true;
}

void QuizPanel::next() {
    if (!m_on || (m_current >= 0 && !m_revealed)) {
        return; // a question waits for its answer
    }
    m_current = -1;
    m_revealed = false;
    AnimationController* anim = m_page->animation();
    const int i = nextQuestion(anim->time());
    if (i >= 0 && m_questions[static_cast<std::size_t>(i)].pauseAt == anim->time()) {
        ask(i);
        return;
    }
    updateStop();
    showState();
    anim->play();
}

void QuizPanel::showPastOnly() {
    // Rows after m_lastShown are hidden: only the rows between it and the new last change.
    QListWidget* list = m_page->narrationList();
    const int last = m_on ? m_page->animation()->eventIndex() : list->count() - 1;
    for (int i = std::min(last, m_lastShown) + 1;
         i <= std::max(last, m_lastShown) && i < list->count(); ++i) {
        list->setRowHidden(i, i > last);
    }
    m_lastShown = last;
}

void QuizPanel::updateStop() {
    AnimationController* anim = m_page->animation();
    double stop = std::numeric_limits<double>::infinity();
    if (m_on) {
        if (m_current >= 0 && !m_revealed) {
            stop = m_questions[static_cast<std::size_t>(m_current)].pauseAt;
        } else if (const int i = nextQuestion(anim->time()); i >= 0) {
            stop = m_questions[static_cast<std::size_t>(i)].pauseAt;
        }
    }
    anim->setStop(stop);
}

void QuizPanel::showState() {
    m_score->setText(tr("score %1 of %2").arg(rightAnswers()).arg(answeredCount()));
    for (QPushButton* b : m_choices) {
        delete b;
    }
    m_choices.clear();
    const QuizQuestion* q =
        m_current >= 0 ? &m_questions[static_cast<std::size_t>(m_current)] : nullptr;
    m_next->setVisible(
        m_on && (q == nullptr ? nextQuestion(m_page->animation()->time()) >= 0 : m_revealed));
    if (q == nullptr) {
        m_prompt->setText(m_questions.empty() ? tr("No question: nothing is sent in this run.")
                          : nextQuestion(m_page->animation()->time()) < 0
                              ? tr("No question left.")
                              : tr("Play on (Page Down) to the next question."));
        m_result->clear();
        m_reveal->clear();
        return;
    }
    m_prompt->setText(fromStd(q->prompt));
    if (q->kind == QuizKind::Winner) {
        for (std::size_t r = 0; r < m_run->schedules.size(); ++r) {
            auto* b =
                new QPushButton(QStringLiteral("%1  %2").arg(r + 1).arg(fromStd(m_run->name(r))));
            b->setAutoDefault(false);
            b->setToolTip(tr("key %1").arg(r + 1));
            const int run = static_cast<int>(r);
            connect(b, &QPushButton::clicked, this, [this, run] { answer(run); });
            b->setEnabled(!m_revealed);
            m_choiceRow->addWidget(b);
            m_choices.push_back(b);
        }
    }
    if (!m_revealed) {
        const QString what = q->kind != QuizKind::NextSender ? tr("Click a processor")
                             : m_sender < 0
                                 ? tr("Click the sender")
                                 : tr("P%1 sends to …: click its receiver").arg(m_sender);
        m_result->setText(
            q->kind == QuizKind::Winner
                ? QString()
                : tr("%1 (its row label or its tree node)%2.")
                      .arg(what)
                      .arg(m_run->schedules.size() > 1
                               ? tr(" in %1's charts")
                                     .arg(fromStd(m_run->name(static_cast<std::size_t>(q->run))))
                               : QString()));
        m_result->setProperty("right", QVariant());
        m_reveal->clear();
    }
}

int QuizPanel::processorAt(QObject* watched, QPoint pos, int* pane) const {
    const auto& panes = m_page->panes();
    for (std::size_t i = 0; i < panes.size(); ++i) {
        if (watched == panes[i]->tree()) {
            *pane = static_cast<int>(i);
            return panes[i]->tree()->nodeAt(QPointF(pos));
        }
        QCustomPlot* plot = panes[i]->gantt()->plot();
        if (watched == plot) {
            *pane = static_cast<int>(i);
            // The row labels, left of the rows (and right of them, where thin rows put every
            // other label there).
            const QRect rows = plot->axisRect()->rect();
            const bool labels = pos.x() < rows.left() || pos.x() > rows.right();
            if (!labels || pos.y() < rows.top() || pos.y() > rows.bottom()) {
                return -1;
            }
            const int row = static_cast<int>(std::lround(plot->yAxis->pixelToCoord(pos.y())));
            const int n = panes[i]->gantt()->schedule() ? panes[i]->gantt()->schedule()->n : 0;
            return row >= 0 && row < n ? row : -1;
        }
    }
    return -1;
}

bool QuizPanel::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::MouseButtonPress && m_on && m_current >= 0 && !m_revealed &&
        m_questions[static_cast<std::size_t>(m_current)].kind != QuizKind::Winner) {
        auto* e = static_cast<QMouseEvent*>(event);
        int pane = -1;
        const int p = processorAt(watched, e->position().toPoint(), &pane);
        if (p >= 0 && e->button() == Qt::LeftButton) {
            answer(p, pane);
            return true; // the answer, not a selection
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace rl
