#include "panels/theory_panel.h"

#include "base/input_error.h"
#include "base/text_util.h"
#include "common/app_style.h"
#include "platform/fixed_costs.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>
#include <tuple>

namespace rl {

namespace {

QString num(double v, int digits = 5) {
    return std::isfinite(v) ? QString::number(v, 'g', digits) : QStringLiteral("—");
}

QString algoName(const Algorithm& a) {
    return QString::fromStdString(a.name());
}

QTableWidget* makeTable(const QStringList& headers, QWidget* parent, bool stretchLast = false) {
    auto* t = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->verticalHeader()->setVisible(false);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->horizontalHeader()->setStretchLastSection(stretchLast);
    t->setWordWrap(false);
    return t;
}

void setCell(QTableWidget* t, int row, int col, const QString& text, const QString& tip = {}) {
    auto* item = new QTableWidgetItem(text);
    if (col > 0 && !text.isEmpty() && (text[0].isDigit() || text[0] == '-' || text[0] == '+')) {
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (!tip.isEmpty()) {
        item->setToolTip(tip);
    }
    t->setItem(row, col, item);
}

QLineEdit* field(const QString& text, const QString& tip, QWidget* parent) {
    auto* f = new QLineEdit(text, parent);
    f->setToolTip(tip);
    return f;
}

// A field's visible name, tied to it (a click on it focuses the field; screen readers read it).
QLabel* labelFor(const QString& text, QWidget* field, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    label->setBuddy(field);
    return label;
}

double parseField(const QLineEdit* f, const char* what) {
    return parseNumber(f->text().toStdString(), what);
}

// A study's default as the field shows it: numbers as the CLI writes them, comma-separated.
template <class T> QString listText(const std::vector<T>& values) {
    QStringList parts;
    for (T v : values) {
        parts << QString::fromStdString(formatNumber(static_cast<double>(v)));
    }
    return parts.join(QLatin1Char(','));
}

QString numberText(double v) {
    return QString::fromStdString(formatNumber(v));
}

} // namespace

TheoryPanel::TheoryPanel(std::function<void(const Scenario&)> openInExplorer, QWidget* parent)
    : QWidget(parent), m_openInExplorer(std::move(openInExplorer)) {
    // --- Worst-case ratios (docs/model.md §6: the report's Table 1)
    auto* ratios = new QGroupBox(tr("Worst-case ratios: how far from the optimum"), this);
    ratios->setToolTip(tr("The report's Table 1 (RR-8315 §4) on its worst-case platform: "
                          "d[i][j] = d for i < j, D for i > j"));
    auto* ratiosNote = new QLabel(tr("On the platform where a transfer from a lower to a higher "
                                     "index costs d and the other way D, each algorithm's "
                                     "makespan against the proven bound, the lower bound and "
                                     "the optimum. Bold rows reach their bound."),
                                  ratios);
    ratiosNote->setWordWrap(true);
    const RatiosStudy ratiosDefaults;
    m_ratioN = field(QString::number(ratiosDefaults.n),
                     tr("number of processors (>= %1)").arg(RatiosStudy::kMinN), ratios);
    m_ratioD =
        field(numberText(ratiosDefaults.d), tr("small transfer cost d (> 0), for i < j"), ratios);
    m_ratioBigD = field(numberText(ratiosDefaults.bigD),
                        tr("large transfer cost D (>= d), for i > j"), ratios);
    m_ratioC = field(numberText(ratiosDefaults.c),
                     tr("reduction cost c of Table 1's middle column"), ratios);
    auto* ratiosRun = new QPushButton(tr("Compute"), ratios);
    auto* ratioRow = new QHBoxLayout;
    for (const auto& [label, f] : {std::pair{tr("n"), m_ratioN}, std::pair{tr("d"), m_ratioD},
                                   std::pair{tr("D"), m_ratioBigD}, std::pair{tr("c"), m_ratioC}}) {
        ratioRow->addWidget(labelFor(label, f, ratios));
        ratioRow->addWidget(f);
    }
    ratioRow->addWidget(ratiosRun);
    ratioRow->addStretch(1);
    m_ratiosTable =
        makeTable({tr("Theorem"), tr("Case"), tr("Algorithm"), tr("Bound"), tr("Makespan"),
                   tr("Lower bound"), tr("Optimum"), tr("Ratio"), tr("Reached"), tr("Note")},
                  ratios);
    m_ratiosTable->horizontalHeaderItem(0)->setToolTip(tr("the theorem of the report (RR-8315) "
                                                          "that proves the bound"));
    m_ratiosTable->horizontalHeaderItem(5)->setToolTip(
        tr("ceil(log2 n) d: no reduction can be faster (the report's §5.6)"));
    auto* ratiosLayout = new QVBoxLayout(ratios);
    ratiosLayout->addWidget(ratiosNote);
    ratiosLayout->addLayout(ratioRow);
    ratiosLayout->addWidget(m_ratiosTable);

    // --- Markov chain (docs/model.md §6)
    auto* markov = new QGroupBox(tr("Tree-dyn's Markov chain"), this);
    markov->setToolTip(tr("With exponential costs Tree-dyn is a Markov chain whose mean and "
                          "variance are known exactly (RR-8315 §5)"));
    const MarkovStudy markovDefaults = MarkovStudy::panel();
    m_markovN = field(listText(markovDefaults.sizes),
                      tr("numbers of processors, comma-separated (odd n start with a processor "
                         "in the slot)"),
                      markov);
    m_markovMuD =
        field(numberText(markovDefaults.transferMean), tr("mean transfer cost (> 0)"), markov);
    m_markovMuC = field(numberText(markovDefaults.reductionMean),
                        tr("mean reduction cost (0: none, the report's closed form; > 0: "
                           "first-step analysis)"),
                        markov);
    m_markovReplicates = field(
        QString::number(markovDefaults.replicates),
        tr("simulated replicates per n (seed %1; 0: the chain only)").arg(markovDefaults.seed),
        markov);
    m_markovRun = new QPushButton(tr("Compute"), markov);
    m_markovProgress = new QProgressBar(markov);
    m_markovProgress->setVisible(false);
    auto* markovForm = new QFormLayout;
    markovForm->addRow(tr("n"), m_markovN);
    auto* means = new QHBoxLayout;
    means->addWidget(labelFor(tr("mean d"), m_markovMuD, markov));
    means->addWidget(m_markovMuD);
    means->addWidget(labelFor(tr("mean c"), m_markovMuC, markov));
    means->addWidget(m_markovMuC);
    markovForm->addRow(tr("costs"), means);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_markovReplicates, 1);
    runRow->addWidget(m_markovRun);
    markovForm->addRow(tr("replicates"), runRow);
    if (auto* label = qobject_cast<QLabel*>(markovForm->labelForField(runRow))) {
        label->setBuddy(m_markovReplicates); // the row's name is the field's
    }
    m_markovTable = makeTable({tr("n"), tr("Chain mean"), tr("Chain var."), tr("Sim. mean"),
                               tr("± SE"), tr("Sim. var."), tr("z")},
                              markov);
    auto* markovNote =
        new QLabel(tr("Exponential costs: the exact mean and variance of Tree-dyn's makespan "
                      "beside a simulation. Odd n start with P(n-1) waiting in the slot "
                      "(processors become available in index order). z = (sim. mean - chain "
                      "mean) / SE: |z| < 4 means agreement within 4 standard errors."),
                   markov);
    markovNote->setWordWrap(true);
    auto* markovLayout = new QVBoxLayout(markov);
    markovLayout->addLayout(markovForm);
    markovLayout->addWidget(markovNote);
    markovLayout->addWidget(m_markovProgress);
    markovLayout->addWidget(m_markovTable);

    // --- Gap to the exact optimum (Liu-Wang)
    auto* gaps = new QGroupBox(tr("Gap to the exact optimum"), this);
    gaps->setToolTip(tr("On a Liu-Wang cluster: sender-only costs, no reduction cost"));
    m_times = field(listText(GapStudy::panel().times),
                    tr("transmission time t(Pi) of each processor (at most %1 distinct sender "
                       "orders: about 11 processors of distinct times)")
                        .arg(kMaxOptimumSequences),
                    gaps);
    m_gapRun = new QPushButton(tr("Compute"), gaps);
    m_gapProgress = new QProgressBar(gaps);
    m_gapProgress->setVisible(false);
    auto* gapRow = new QHBoxLayout;
    gapRow->addWidget(labelFor(tr("times"), m_times, gaps));
    gapRow->addWidget(m_times, 1);
    gapRow->addWidget(m_gapRun);
    m_gapTable = makeTable({tr("Algorithm"), tr("Makespan"), tr("Gap to optimum")}, gaps);
    m_gapTable->setToolTip(tr("double-click a row to open the cluster in the explorer"));
    auto* gapNote = new QLabel(tr("On a cluster where each processor's transfers take its own "
                                  "time and reductions are free. Double-click a row to see its "
                                  "schedule beside the optimum in the explorer."),
                               gaps);
    gapNote->setWordWrap(true);
    auto* gapLayout = new QVBoxLayout(gaps);
    gapLayout->addLayout(gapRow);
    gapLayout->addWidget(m_gapProgress);
    gapLayout->addWidget(m_gapTable);
    gapLayout->addWidget(gapNote);

    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    setMessage(m_error, QString(), true); // in the theme's error colour, always

    auto* top = new QHBoxLayout;
    top->addWidget(markov, 3);
    top->addWidget(gaps, 2);
    // In a scroll area: in presentation mode the three tables may need more than the screen.
    auto* content = new QWidget;
    auto* contentLayout = new QVBoxLayout(content);
    contentLayout->addLayout(top, 2);
    contentLayout->addWidget(ratios, 3);
    contentLayout->addWidget(m_error);
    auto* scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);

    connect(ratiosRun, &QPushButton::clicked, this, [this] {
        m_error->clear();
        computeRatios();
    });
    connect(m_markovRun, &QPushButton::clicked, this, [this] {
        if (m_markovJob.isRunning()) {
            m_markovJob.cancel();
        } else {
            m_error->clear();
            computeMarkov();
        }
    });
    connect(m_gapRun, &QPushButton::clicked, this, [this] {
        if (m_gapJob.isRunning()) {
            m_gapJob.cancel();
        } else {
            m_error->clear();
            computeGaps();
        }
    });
    connect(m_gapTable, &QTableWidget::cellDoubleClicked, this,
            [this](int row, int) { openGapRow(row); });
    // The three computations, each on its own job: a result replaces the table, a failure names
    // its reason, a running job turns its button into Cancel and shows its progress.
    for (AsyncJobBase* job :
         std::initializer_list<AsyncJobBase*>{&m_ratiosJob, &m_markovJob, &m_gapJob}) {
        connect(job, &AsyncJobBase::failed, this, &TheoryPanel::setError);
    }
    connect(&m_ratiosJob, &AsyncJobBase::resultReady, this,
            [this] { showRatios(m_ratiosJob.latest()); });
    connect(&m_markovJob, &AsyncJobBase::resultReady, this,
            [this] { showMarkov(m_markovJob.latest()); });
    connect(&m_gapJob, &AsyncJobBase::resultReady, this, [this] { showGaps(m_gapJob.latest()); });
    // Not structured bindings: clang before 16 cannot capture them in the lambdas below.
    for (const auto& jobParts :
         {std::tuple{static_cast<AsyncJobBase*>(&m_markovJob), m_markovRun, m_markovProgress},
          std::tuple{static_cast<AsyncJobBase*>(&m_gapJob), m_gapRun, m_gapProgress}}) {
        AsyncJobBase* job = std::get<0>(jobParts);
        QPushButton* button = std::get<1>(jobParts);
        QProgressBar* bar = std::get<2>(jobParts);
        bar->setRange(0, 1000);
        connect(job, &AsyncJobBase::progressChanged, bar, [bar](double fraction, double) {
            bar->setValue(static_cast<int>(fraction * 1000));
        });
        connect(job, &AsyncJobBase::runningChanged, this, [button, bar](bool running) {
            bar->setVisible(running);
            button->setText(running ? tr("Cancel") : tr("Compute"));
        });
    }
}

void TheoryPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (!m_shown) {
        m_shown = true;
        computeAll();
    }
}

QString TheoryPanel::errorText() const {
    return m_error->text();
}

void TheoryPanel::setError(const QString& text) {
    m_error->setText(text);
}

void TheoryPanel::computeAll() {
    m_error->clear();
    computeRatios();
    computeMarkov();
    computeGaps();
}

void TheoryPanel::waitForIdle() {
    m_ratiosJob.waitForIdle();
    m_markovJob.waitForIdle();
    m_gapJob.waitForIdle();
}

void TheoryPanel::computeRatios() {
    RatiosStudy q;
    try {
        q.n = static_cast<int>(parseInteger(m_ratioN->text().toStdString(), "n", RatiosStudy::kMinN,
                                            RatiosStudy::kMaxN));
        q.d = parseField(m_ratioD, "d");
        q.bigD = parseField(m_ratioBigD, "D");
        q.c = parseField(m_ratioC, "c");
        q.validate();
    } catch (const InputError& e) {
        // The table would describe other settings than the fields: empty it.
        m_ratiosTable->setRowCount(0);
        setError(tr("Worst-case ratios: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    m_ratiosJob.start([q](RatiosJob::Context&) { return runRatiosStudy(q); });
}

void TheoryPanel::computeMarkov() {
    MarkovStudy q = MarkovStudy::panel();
    try {
        q.sizes.clear();
        for (const std::string& f : splitString(m_markovN->text().toStdString(), ',')) {
            q.sizes.push_back(static_cast<int>(parseInteger(f, "n", 1, kMaxMarkovProcessors)));
        }
        q.transferMean = parseField(m_markovMuD, "mean d");
        q.reductionMean = parseField(m_markovMuC, "mean c");
        q.replicates = static_cast<std::uint64_t>(
            parseInteger(m_markovReplicates->text().toStdString(), "replicates", 0,
                         static_cast<long long>(MarkovStudy::kMaxReplicates)));
        q.validate();
    } catch (const InputError& e) {
        m_markovTable->setRowCount(0);
        setError(tr("Markov chain: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    m_markovJob.start(
        [q](MarkovJob::Context& job) { return runMarkovStudy(q, job.studyProgress()); });
}

void TheoryPanel::computeGaps() {
    GapStudy q;
    try {
        q.times = parseClusterTimes(m_times->text().toStdString(), "transmission time");
        q.validate();
    } catch (const InputError& e) {
        m_gapTable->setRowCount(0);
        m_gapCluster.clear();
        setError(tr("Optimum gap: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    m_gapCluster = q.times;
    m_gapJob.start([q](GapJob::Context& job) { return runGapStudy(q, job.studyProgress()); });
}

void TheoryPanel::showRatios(const std::shared_ptr<const std::vector<RatioRow>>& rows) {
    QTableWidget* t = m_ratiosTable;
    t->setRowCount(static_cast<int>(rows->size()));
    int i = 0;
    for (const RatioRow& r : *rows) {
        setCell(t, i, 0,
                QString::fromStdString(r.theorem).replace(QStringLiteral("Th. "),
                                                          QStringLiteral("Theorem ")));
        setCell(t, i, 1, QString::fromStdString(r.costCase));
        setCell(t, i, 2, algoName(r.algorithm));
        setCell(t, i, 3, num(r.bound));
        setCell(t, i, 4, num(r.makespan));
        setCell(t, i, 5, num(r.lowerBound));
        setCell(t, i, 6, num(r.optimum));
        setCell(t, i, 7, num(r.ratio));
        setCell(t, i, 8, r.reached ? tr("yes") : tr("no"));
        setCell(t, i, 9, QString::fromStdString(r.note), QString::fromStdString(r.note));
        if (r.reached) {
            for (int col = 0; col < t->columnCount(); ++col) {
                QFont f = t->item(i, col)->font();
                f.setBold(true);
                t->item(i, col)->setFont(f);
            }
        }
        ++i;
    }
}

void TheoryPanel::showMarkov(const std::shared_ptr<const std::vector<MarkovCheck>>& rows) {
    QTableWidget* t = m_markovTable;
    t->setRowCount(static_cast<int>(rows->size()));
    int i = 0;
    for (const MarkovCheck& m : *rows) {
        setCell(t, i, 0, QString::number(m.n));
        setCell(t, i, 1, num(m.chain.mean, 6));
        setCell(t, i, 2, num(m.chain.variance, 6));
        if (m.replicates == 0) { // the chain only
            for (int col = 3; col <= 6; ++col) {
                setCell(t, i, col, QStringLiteral("—"));
            }
        } else {
            setCell(t, i, 3, num(m.simMean, 6));
            setCell(t, i, 4, num(m.simStdError, 2));
            setCell(t, i, 5, num(m.simVariance, 6));
            setCell(t, i, 6, QString::number(m.z(), 'f', 2),
                    tr("(simulated mean - chain mean) / standard error over %1 replicates: "
                       "within ±4 the two agree")
                        .arg(m.replicates));
        }
        ++i;
    }
}

void TheoryPanel::showGaps(const std::shared_ptr<const OptimumGaps>& gaps) {
    QTableWidget* t = m_gapTable;
    t->setRowCount(static_cast<int>(gaps->rows.size()));
    int i = 0;
    for (const AlgorithmGap& g : gaps->rows) {
        setCell(t, i, 0, algoName(g.algorithm));
        setCell(t, i, 1, num(g.makespan));
        setCell(t, i, 2, QStringLiteral("+%1 %").arg(g.gap * 100.0, 0, 'f', 1));
        ++i;
    }
}

void TheoryPanel::openGapRow(int row) {
    if (!m_openInExplorer || m_gapCluster.empty() || row < 0 ||
        row >= static_cast<int>(modelAlgorithms().size())) {
        return;
    }
    m_openInExplorer(gapScenario(m_gapCluster, modelAlgorithms()[static_cast<std::size_t>(row)]));
}

} // namespace rl
