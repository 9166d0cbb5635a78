#include "panels/divisible_load_panel.h"

#include "base/input_error.h"
#include "common/app_style.h"
#include "common/number_text.h"
#include "views/gantt_view.h"
#include "views/model_gantt.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace rl {

namespace {

// The tab's models: a study's model and, for one round, its send order.
struct ModelChoice {
    DivisibleModel model;
    DivisibleOrder order;
};
constexpr ModelChoice kModels[] = {{DivisibleModel::Star, DivisibleOrder::Bandwidth},
                                   {DivisibleModel::Star, DivisibleOrder::Reverse},
                                   {DivisibleModel::Lifo, DivisibleOrder::Bandwidth},
                                   {DivisibleModel::Fifo, DivisibleOrder::Bandwidth},
                                   {DivisibleModel::MultiRound, DivisibleOrder::Bandwidth},
                                   {DivisibleModel::Steady, DivisibleOrder::Bandwidth}};

} // namespace

DivisibleLoadPanel::DivisibleLoadPanel(QWidget* parent) : ModelPage(parent) {
    watch(m_run, [this] {
        m_result = m_run.latest();
        display(*m_result);
    });
    m_preset = new QComboBox;
    for (const std::string& n : StarPlatform::presetNames()) {
        m_preset->addItem(QString::fromStdString(n));
    }
    m_preset->setToolTip(tr("platforms showing the effects of the slides (seed 004)"));
    m_model = new QComboBox;
    // In the order of kModels.
    for (const QString& label : {tr("one round, best order"), tr("one round, reverse order"),
                                 tr("returns: best LIFO (by c + d)"), tr("returns: best FIFO"),
                                 tr("uniform multi-round"), tr("bandwidth-centric steady state")}) {
        m_model->addItem(label);
    }
    m_workers = new QTableWidget(0, 4);
    m_workers->setObjectName(QStringLiteral("workers"));
    m_workers->setHorizontalHeaderLabels({tr("c"), tr("w"), tr("d"), tr("latency")});
    m_workers->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_workers->setToolTip(tr("per load unit: c to receive it, w to compute it, d to return "
                             "its result; latency per message"));
    auto* add = new QPushButton(tr("Add worker"));
    auto* remove = new QPushButton(tr("Remove"));
    // Spin boxes of 6 significant digits that keep the value as given (no fixed decimals).
    m_masterW = new NumberSpinBox;
    m_masterW->setRange(0, 1e6);
    m_masterW->setSpecialValueText(tr("does not compute"));
    m_load = new NumberSpinBox;
    m_load->setRange(1e-3, 1e9);
    m_load->setValue(DivisibleStudy::kDefaultLoad);
    m_rounds = new QSpinBox;
    m_rounds->setRange(0, kMaxMultiRounds);
    m_rounds->setSpecialValueText(tr("best"));
    m_rounds->setToolTip(
        tr("best: the best number of rounds up to %1").arg(DivisibleStudy::kDefaultMaxRounds));
    m_period = new NumberSpinBox;
    m_period->setRange(1e-3, 1e9);
    m_period->setValue(DivisibleStudy::kDefaultPeriod);
    m_overlap = new QCheckBox(tr("overlap (receive while computing)"));

    auto* form = new QFormLayout;
    form->addRow(tr("Preset"), m_preset);
    form->addRow(tr("Model"), m_model);
    form->addRow(tr("Master time per unit"), m_masterW);
    form->addRow(tr("Total load"), m_load);
    form->addRow(tr("Rounds (multi-round)"), m_rounds);
    form->addRow(tr("Period Tp (steady)"), m_period);
    form->addRow(QString(), m_overlap);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    auto* settings = new QVBoxLayout;
    settings->addLayout(form);
    auto* workersLabel = new QLabel(tr("Workers P1…Pp (master P0)"));
    workersLabel->setBuddy(m_workers);
    settings->addWidget(workersLabel);
    settings->addWidget(m_workers, 1);
    settings->addLayout(buttons);
    m_shares = new QTableWidget(0, 10);
    m_shares->setHorizontalHeaderLabels({tr("worker"), tr("c"), tr("w"), tr("d"), tr("α"),
                                         tr("chunks"), tr("first send"), tr("last computation end"),
                                         tr("return end"), tr("idle before return")});
    m_shares->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_shares->verticalHeader()->setVisible(false);
    layOut(settings, 360, 380, m_shares, 1);

    connect(m_preset, &QComboBox::currentTextChanged, this, &DivisibleLoadPanel::loadPreset);
    connect(m_model, qOverload<int>(&QComboBox::currentIndexChanged), this,
            &DivisibleLoadPanel::recompute);
    connect(m_workers, &QTableWidget::cellChanged, this, &DivisibleLoadPanel::recompute);
    for (QDoubleSpinBox* box : {m_masterW, m_load, m_period}) {
        connect(box, &QDoubleSpinBox::valueChanged, this, &DivisibleLoadPanel::recompute);
    }
    connect(m_rounds, &QSpinBox::valueChanged, this, &DivisibleLoadPanel::recompute);
    connect(m_overlap, &QCheckBox::toggled, this, &DivisibleLoadPanel::recompute);
    connect(add, &QPushButton::clicked, this, [this] {
        m_loading = true;
        const int row = m_workers->rowCount();
        m_workers->insertRow(row);
        const QStringList values{"1", "1", "0", "0"};
        for (int c = 0; c < 4; ++c) {
            m_workers->setItem(row, c, new QTableWidgetItem(values[c]));
        }
        m_loading = false;
        recompute();
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        if (m_workers->rowCount() > 1) {
            m_workers->removeRow(m_workers->currentRow() >= 0 ? m_workers->currentRow()
                                                              : m_workers->rowCount() - 1);
            recompute();
        }
    });
    // The richest example first: sends, computations and returns (LIFO).
    loadPreset(QString::fromLatin1(DivisibleStudy::kPanelPreset));
}

void DivisibleLoadPanel::loadPreset(const QString& name) {
    DivisibleStudy study;
    try {
        study = DivisibleStudy::forPreset(name.toStdString());
    } catch (const InputError& e) {
        setError(QString::fromUtf8(e.what()));
        return;
    }
    m_loading = true;
    selectQuietly(m_preset, name);
    m_workers->setRowCount(0);
    for (const Worker& wk : study.platform.workers) {
        const int row = m_workers->rowCount();
        m_workers->insertRow(row);
        const double values[] = {wk.c, wk.w, wk.d, wk.latency};
        for (int c = 0; c < 4; ++c) {
            m_workers->setItem(row, c, new QTableWidgetItem(shownNumber(values[c])));
        }
    }
    m_masterW->setValue(study.platform.masterW);
    m_load->setValue(study.load);
    for (int k = 0; k < m_model->count(); ++k) {
        if (kModels[k].model == study.model && kModels[k].order == study.orderChoice) {
            m_model->setCurrentIndex(k);
        }
    }
    m_loading = false;
    recompute();
}

StarPlatform DivisibleLoadPanel::platformFromTable() const {
    StarPlatform p;
    p.masterW = m_masterW->value();
    const char* names[] = {"c", "w", "d", "latency"};
    for (int r = 0; r < m_workers->rowCount(); ++r) {
        double v[4] = {0, 0, 0, 0};
        for (int c = 0; c < 4; ++c) {
            const QTableWidgetItem* it = m_workers->item(r, c);
            bool ok = false;
            v[c] = it ? it->text().trimmed().toDouble(&ok) : 0.0;
            if (!ok) {
                throw InputError("worker P" + std::to_string(r + 1) + ": " + names[c] +
                                 " is not a number");
            }
        }
        p.workers.push_back({v[0], v[1], v[2], v[3]});
    }
    return p;
}

void DivisibleLoadPanel::recompute() {
    if (m_loading) {
        return;
    }
    DivisibleStudy q;
    try {
        q.platform = platformFromTable();
        const ModelChoice& choice = kModels[std::max(m_model->currentIndex(), 0)];
        q.model = choice.model;
        q.orderChoice = choice.order;
        q.load = m_load->value();
        q.rounds = m_rounds->value();
        q.period = m_period->value();
        q.overlap = m_overlap->isChecked();
        q.explain = true;
        q.validate();
    } catch (const InputError& e) {
        setError(QString::fromUtf8(e.what()));
        return;
    }
    m_run.start([q](AsyncJob<DivisibleStudyResult>::Context&) { return runDivisibleStudy(q); });
}

void DivisibleLoadPanel::display(const DivisibleStudyResult& r) {
    const DivisibleSchedule& s = *r.schedule;
    const int p = r.platform.workerCount();
    m_summary->setText(tr("<b>%1</b> — %2 %3<br>%4")
                           .arg(QString::fromStdString(s.method))
                           .arg(s.periodic ? tr("period") : tr("makespan T ="))
                           .arg(number(s.makespan))
                           .arg(QString::fromStdString(r.comparison).toHtmlEscaped()));
    showDivisibleSchedule(*m_gantt, r.schedule, r.platform);
    m_gantt->setTitle(s.periodic ? tr("one period: master P0 sends, workers compute (wrapped)")
                                 : tr("master P0 sends, workers compute%1")
                                       .arg(s.withReturns ? tr(", results return") : QString()));
    const auto alpha = s.alphas(p);
    const auto idle = s.idleBeforeReturn(p);
    const bool master = s.masterAlpha() > 0;
    m_shares->setRowCount(p + (master ? 1 : 0));
    int row = 0;
    if (master) {
        m_shares->setItem(row, 0, readOnlyItem(tr("master P0")));
        m_shares->setItem(row, 1, readOnlyItem(QStringLiteral("—")));
        m_shares->setItem(row, 2, readOnlyItem(number(r.platform.masterW)));
        m_shares->setItem(row, 3, readOnlyItem(QStringLiteral("—")));
        m_shares->setItem(row, 4, readOnlyItem(number(s.masterAlpha())));
        for (int c = 5; c < 10; ++c) {
            m_shares->setItem(row, c, readOnlyItem(QString()));
        }
        ++row;
    }
    for (int i = 0; i < p; ++i, ++row) {
        const Worker& wk = r.platform.workers[static_cast<std::size_t>(i)];
        int chunks = 0;
        double firstSend = INFINITY;
        double lastEnd = 0.0;
        double returnEnd = 0.0;
        for (const LoadChunk& ch : s.chunks) {
            if (ch.worker == i) {
                ++chunks;
                firstSend = std::min(firstSend, ch.sendStart);
                lastEnd = std::max(lastEnd, ch.computeEnd);
                returnEnd = std::max(returnEnd, ch.returnEnd);
            }
        }
        const double x = std::abs(idle[static_cast<std::size_t>(i)]) < 1e-12 * (1 + s.makespan)
                             ? 0.0
                             : idle[static_cast<std::size_t>(i)];
        m_shares->setItem(row, 0, readOnlyItem(QStringLiteral("P%1").arg(i + 1)));
        m_shares->setItem(row, 1, readOnlyItem(number(wk.c)));
        m_shares->setItem(row, 2, readOnlyItem(number(wk.w)));
        m_shares->setItem(row, 3, readOnlyItem(number(wk.d)));
        m_shares->setItem(row, 4, readOnlyItem(number(alpha[static_cast<std::size_t>(i)])));
        m_shares->setItem(row, 5, readOnlyItem(QString::number(chunks)));
        m_shares->setItem(row, 6, readOnlyItem(chunks ? number(firstSend) : tr("not selected")));
        m_shares->setItem(row, 7, readOnlyItem(chunks ? number(lastEnd) : QString()));
        m_shares->setItem(row, 8,
                          readOnlyItem(chunks && s.withReturns ? number(returnEnd) : QString()));
        m_shares->setItem(row, 9, readOnlyItem(chunks && s.withReturns ? number(x) : QString()));
    }
}

} // namespace rl
