#include "panels/divisible_load_panel.h"

#include "base/input_error.h"
#include "common/app_style.h"
#include "views/gantt_view.h"
#include "views/model_gantt.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPromise>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace rl {

namespace {

enum class Model { StarBandwidth, StarReverse, Lifo, Fifo, MultiRound, Steady };

struct Request {
    StarPlatform platform;
    Model model = Model::StarBandwidth;
    double load = 1.0;
    int rounds = 0; ///< 0: best
    double period = 100.0;
    bool overlap = false;
};

QString num(double v) {
    return QString::number(v, 'g', 5);
}

std::string percent(double worse, double best) {
    return QString::number(100.0 * (worse / best - 1.0), 'f', 1).toStdString() + "%";
}

std::string fmt(double v) {
    return num(v).toStdString();
}

void compute(QPromise<std::shared_ptr<const DivisibleResult>>& promise, const Request& q) {
    auto r = std::make_shared<DivisibleResult>();
    r->platform = q.platform;
    try {
        q.platform.validate();
        const StarPlatform& p = q.platform;
        const std::vector<int> best = bandwidthOrder(p);
        const std::vector<int> reverse(best.rbegin(), best.rend());
        switch (q.model) {
        case Model::StarBandwidth:
        case Model::StarReverse: {
            const DivisibleSchedule good = oneRoundClosedForm(p, best, q.load);
            const DivisibleSchedule bad = oneRoundClosedForm(p, reverse, q.load);
            r->schedule = std::make_shared<const DivisibleSchedule>(
                q.model == Model::StarBandwidth ? good : bad);
            r->comparison = "served by decreasing bandwidth: T = " + fmt(good.makespan) +
                            "; in the reverse order: T = " + fmt(bad.makespan) + " (+" +
                            percent(bad.makespan, good.makespan) + ")";
            if (p.workerCount() <= 7) {
                std::vector<int> o(static_cast<std::size_t>(p.workerCount()));
                std::iota(o.begin(), o.end(), 0);
                double lo = good.makespan;
                double hi = good.makespan;
                int count = 0;
                do {
                    if (promise.isCanceled()) {
                        return;
                    }
                    const double t = oneRoundClosedForm(p, o, q.load).makespan;
                    lo = std::min(lo, t);
                    hi = std::max(hi, t);
                    ++count;
                } while (std::next_permutation(o.begin(), o.end()));
                r->comparison += "; over all " + std::to_string(count) + " orders T ranges from " +
                                 fmt(lo) + " to " + fmt(hi);
            }
            break;
        }
        case Model::Lifo:
        case Model::Fifo: {
            const DivisibleSchedule lifo = bestLifo(p, q.load);
            const DivisibleSchedule fifo = bestFifo(p, q.load);
            const DivisibleSchedule& shown = q.model == Model::Lifo ? lifo : fifo;
            r->schedule = std::make_shared<const DivisibleSchedule>(shown);
            r->comparison = "best LIFO: T = " + fmt(lifo.makespan) + " with " +
                            std::to_string(lifo.sendOrder.size()) +
                            " workers; best FIFO: T = " + fmt(fifo.makespan) + " with " +
                            std::to_string(fifo.sendOrder.size()) + " of " +
                            std::to_string(p.workerCount()) + " workers";
            break;
        }
        case Model::MultiRound: {
            const DivisibleSchedule s =
                q.rounds > 0 ? uniformMultiRound(p, q.load, q.rounds, p.workerCount())
                             : bestUniformMultiRound(p, q.load, 30);
            const DivisibleSchedule one = uniformMultiRound(p, q.load, 1, p.workerCount());
            r->schedule = std::make_shared<const DivisibleSchedule>(s);
            r->comparison = std::to_string(s.rounds) + " rounds on " +
                            std::to_string(s.sendOrder.size()) +
                            " workers: T = " + fmt(s.makespan) +
                            "; one round on all workers: T = " + fmt(one.makespan);
            break;
        }
        case Model::Steady: {
            const SteadyStateShare s = bandwidthCentric(p, q.period, q.overlap);
            r->schedule = std::make_shared<const DivisibleSchedule>(s.periodSchedule);
            r->comparison = "throughput " + fmt(s.throughput) + " load units per time unit; " +
                            std::to_string(s.saturated) + " workers fed at full speed (sorted by " +
                            "bandwidth, sum of c/(c+w) <= 1), period Tp = " + fmt(q.period);
            break;
        }
        }
    } catch (const InputError& e) {
        r->schedule.reset();
        r->error = e.what();
    }
    promise.addResult(std::shared_ptr<const DivisibleResult>(std::move(r)));
}

QTableWidgetItem* item(const QString& text) {
    auto* it = new QTableWidgetItem(text);
    it->setFlags(it->flags() & ~Qt::ItemIsEditable);
    return it;
}

} // namespace

DivisibleLoadPanel::DivisibleLoadPanel(QWidget* parent)
    : QWidget(parent), m_run(this, [this](std::shared_ptr<const DivisibleResult> r) {
          m_result = r;
          display(*r);
          emit resultShown();
      }) {
    m_preset = new QComboBox;
    for (const std::string& n : StarPlatform::presetNames()) {
        m_preset->addItem(QString::fromStdString(n));
    }
    m_preset->setToolTip(tr("platforms showing the effects of the slides (seed 004)"));
    m_model = new QComboBox;
    m_model->addItem(tr("one round, best order"), int(Model::StarBandwidth));
    m_model->addItem(tr("one round, reverse order"), int(Model::StarReverse));
    m_model->addItem(tr("returns: best LIFO (by c + d)"), int(Model::Lifo));
    m_model->addItem(tr("returns: best FIFO"), int(Model::Fifo));
    m_model->addItem(tr("uniform multi-round"), int(Model::MultiRound));
    m_model->addItem(tr("bandwidth-centric steady state"), int(Model::Steady));
    m_workers = new QTableWidget(0, 4);
    m_workers->setObjectName(QStringLiteral("workers"));
    m_workers->setHorizontalHeaderLabels({tr("c"), tr("w"), tr("d"), tr("latency")});
    m_workers->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_workers->setToolTip(tr("per load unit: c to receive it, w to compute it, d to return "
                             "its result; latency per message"));
    auto* add = new QPushButton(tr("Add worker"));
    auto* remove = new QPushButton(tr("Remove"));
    m_masterW = new QDoubleSpinBox;
    m_masterW->setRange(0, 1e6);
    m_masterW->setDecimals(3);
    m_masterW->setSpecialValueText(tr("does not compute"));
    m_load = new QDoubleSpinBox;
    m_load->setRange(1e-3, 1e9);
    m_load->setDecimals(3);
    m_load->setValue(1.0);
    m_rounds = new QSpinBox;
    m_rounds->setRange(0, 1000);
    m_rounds->setSpecialValueText(tr("best"));
    m_period = new QDoubleSpinBox;
    m_period->setRange(1e-3, 1e9);
    m_period->setValue(100.0);
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
    m_error = new QLabel;
    m_error->setWordWrap(true);
    setMessage(m_error, QString(), true); // in the theme's error colour, always
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->addLayout(form);
    leftLayout->addWidget(new QLabel(tr("Workers P1…Pp (master P0)")));
    leftLayout->addWidget(m_workers, 1);
    leftLayout->addLayout(buttons);
    leftLayout->addWidget(m_error);
    fitWidthToContents(left, 360);

    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_gantt = new GanttView;
    m_shares = new QTableWidget(0, 10);
    m_shares->setHorizontalHeaderLabels({tr("worker"), tr("c"), tr("w"), tr("d"), tr("α"),
                                         tr("chunks"), tr("first send"), tr("last computation end"),
                                         tr("return end"), tr("idle before return")});
    m_shares->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_shares->verticalHeader()->setVisible(false);
    auto* right = new QSplitter(Qt::Vertical);
    auto* top = new QWidget;
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_summary);
    topLayout->addWidget(m_gantt, 1);
    right->addWidget(top);
    right->addWidget(m_shares);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 1);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    split->setSizes({380, 900});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

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
    loadPreset(QStringLiteral("returns"));
}

void DivisibleLoadPanel::loadPreset(const QString& name) {
    StarPlatform p;
    try {
        p = StarPlatform::preset(name.toStdString());
    } catch (const InputError& e) {
        m_error->setText(QString::fromUtf8(e.what()));
        return;
    }
    m_loading = true;
    if (m_preset->currentText() != name) {
        const QSignalBlocker block(m_preset);
        m_preset->setCurrentText(name);
    }
    m_workers->setRowCount(0);
    for (const Worker& wk : p.workers) {
        const int row = m_workers->rowCount();
        m_workers->insertRow(row);
        const double values[] = {wk.c, wk.w, wk.d, wk.latency};
        for (int c = 0; c < 4; ++c) {
            m_workers->setItem(row, c, new QTableWidgetItem(QString::number(values[c], 'g', 6)));
        }
    }
    m_masterW->setValue(p.masterW);
    // The model each preset illustrates.
    Model model = Model::StarBandwidth;
    if (name == "returns") {
        model = Model::Lifo;
    } else if (name == "fifo") {
        model = Model::Fifo;
    } else if (name == "multiround") {
        model = Model::MultiRound;
        m_load->setValue(100.0);
    }
    if (name != "multiround") {
        m_load->setValue(1.0);
    }
    m_model->setCurrentIndex(m_model->findData(int(model)));
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
    Request q;
    try {
        q.platform = platformFromTable();
        q.platform.validate();
    } catch (const InputError& e) {
        m_error->setText(QString::fromUtf8(e.what()));
        return;
    }
    q.model = static_cast<Model>(m_model->currentData().toInt());
    q.load = m_load->value();
    q.rounds = m_rounds->value();
    q.period = m_period->value();
    q.overlap = m_overlap->isChecked();
    m_run.start(&compute, q);
}

void DivisibleLoadPanel::waitForIdle() {
    m_run.waitForIdle();
}

QString DivisibleLoadPanel::errorText() const {
    return m_error->text();
}

void DivisibleLoadPanel::display(const DivisibleResult& r) {
    if (!r.schedule) {
        m_error->setText(QString::fromStdString(r.error));
        return;
    }
    m_error->clear();
    const DivisibleSchedule& s = *r.schedule;
    const int p = r.platform.workerCount();
    m_summary->setText(tr("<b>%1</b> — %2 %3<br>%4")
                           .arg(QString::fromStdString(s.method))
                           .arg(s.periodic ? tr("period") : tr("makespan T ="))
                           .arg(num(s.makespan))
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
        m_shares->setItem(row, 0, item(tr("master P0")));
        m_shares->setItem(row, 1, item(QStringLiteral("—")));
        m_shares->setItem(row, 2, item(num(r.platform.masterW)));
        m_shares->setItem(row, 3, item(QStringLiteral("—")));
        m_shares->setItem(row, 4, item(num(s.masterAlpha())));
        for (int c = 5; c < 10; ++c) {
            m_shares->setItem(row, c, item(QString()));
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
        m_shares->setItem(row, 0, item(QStringLiteral("P%1").arg(i + 1)));
        m_shares->setItem(row, 1, item(num(wk.c)));
        m_shares->setItem(row, 2, item(num(wk.w)));
        m_shares->setItem(row, 3, item(num(wk.d)));
        m_shares->setItem(row, 4, item(num(alpha[static_cast<std::size_t>(i)])));
        m_shares->setItem(row, 5, item(QString::number(chunks)));
        m_shares->setItem(row, 6, item(chunks ? num(firstSend) : tr("not selected")));
        m_shares->setItem(row, 7, item(chunks ? num(lastEnd) : QString()));
        m_shares->setItem(row, 8, item(chunks && s.withReturns ? num(returnEnd) : QString()));
        m_shares->setItem(row, 9, item(chunks && s.withReturns ? num(x) : QString()));
    }
}

} // namespace rl
