#include "panels/model_page.h"

#include "common/app_style.h"
#include "views/gantt_view.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidgetItem>
#include <QVBoxLayout>

namespace rl {

ModelPage::ModelPage(QWidget* parent)
    : QWidget(parent), m_summary(new QLabel), m_gantt(new GanttView), m_error(new QLabel) {
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setWordWrap(true);
    setMessage(m_error, QString(), true); // in the theme's error colour, always
}

QString ModelPage::errorText() const {
    return m_error->text();
}

void ModelPage::setError(const QString& text) {
    m_error->setText(text);
}

void ModelPage::layOut(QLayout* settings, int minWidth, int width, QWidget* details,
                       int detailsStretch) {
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->addLayout(settings);
    leftLayout->addWidget(m_error);
    fitWidthToContents(left, minWidth);
    auto* top = new QWidget;
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_summary);
    topLayout->addWidget(m_gantt, 1);
    auto* right = new QSplitter(Qt::Vertical);
    right->addWidget(top);
    right->addWidget(details);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, detailsStretch);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    split->setSizes({width, 900});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);
}

void ModelPage::watch(AsyncJobBase& job, std::function<void()> show) {
    connect(&job, &AsyncJobBase::resultReady, this, [this, show = std::move(show)] {
        m_error->clear();
        show();
        emit resultShown();
    });
    connect(&job, &AsyncJobBase::failed, this, [this](const QString& message) {
        m_error->setText(message);
        emit resultShown();
    });
}

QString ModelPage::number(double v) {
    return QString::number(v, 'g', 5);
}

QTableWidgetItem* ModelPage::readOnlyItem(const QString& text) {
    auto* it = new QTableWidgetItem(text);
    it->setFlags(it->flags() & ~Qt::ItemIsEditable);
    return it;
}

void ModelPage::selectQuietly(QComboBox* box, const QString& text) {
    if (box->currentText() != text) {
        const QSignalBlocker block(box);
        box->setCurrentText(text);
    }
}

} // namespace rl
