#include "panels/theory_panel.h"

#include "base/input_error.h"
#include "base/text_util.h"
#include "common/app_style.h"

#include <QCoreApplication>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPromise>
#include <QPushButton>
#include <QScrollArea>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>

namespace rl {

namespace {

QString num(double v, int digits = 5) {
    return std::isfinite(v) ? QString::number(v, 'g', digits) : QStringLiteral("—");
}

QString algoName(AlgorithmId a) {
    const std::string_view name = algorithmInfo(a).name;
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
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

double parseField(const QLineEdit* f, const char* what) {
    return parseNumber(f->text().toStdString(), what);
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
    m_ratioN = field(QStringLiteral("16"), tr("number of processors (>= 2)"), ratios);
    m_ratioD = field(QStringLiteral("1"), tr("small transfer cost d (> 0), for i < j"), ratios);
    m_ratioBigD = field(QStringLiteral("3"), tr("large transfer cost D (>= d), for i > j"), ratios);
    m_ratioC =
        field(QStringLiteral("0.5"), tr("reduction cost c of Table 1's middle column"), ratios);
    auto* ratiosRun = new QPushButton(tr("Compute"), ratios);
    auto* ratioRow = new QHBoxLayout;
    for (auto [label, f] : {std::pair{tr("n"), m_ratioN}, std::pair{tr("d"), m_ratioD},
                            std::pair{tr("D"), m_ratioBigD}, std::pair{tr("c"), m_ratioC}}) {
        ratioRow->addWidget(new QLabel(label, ratios));
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
    m_markovN = field(QStringLiteral("7,8,16,63,64"),
                      tr("numbers of processors, comma-separated (odd n start with a processor "
                         "in the slot)"),
                      markov);
    m_markovMuD = field(QStringLiteral("1"), tr("mean transfer cost (> 0)"), markov);
    m_markovMuC = field(QStringLiteral("0"),
                        tr("mean reduction cost (0: none, the report's closed form; > 0: "
                           "first-step analysis)"),
                        markov);
    m_markovReplicates =
        field(QStringLiteral("100000"), tr("simulated replicates per n (fixed seed 1)"), markov);
    m_markovRun = new QPushButton(tr("Compute"), markov);
    m_markovProgress = new QProgressBar(markov);
    m_markovProgress->setVisible(false);
    auto* markovForm = new QFormLayout;
    markovForm->addRow(tr("n"), m_markovN);
    auto* means = new QHBoxLayout;
    means->addWidget(new QLabel(tr("mean d"), markov));
    means->addWidget(m_markovMuD);
    means->addWidget(new QLabel(tr("mean c"), markov));
    means->addWidget(m_markovMuC);
    markovForm->addRow(tr("costs"), means);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_markovReplicates, 1);
    runRow->addWidget(m_markovRun);
    markovForm->addRow(tr("replicates"), runRow);
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
    m_times = field(QStringLiteral("1.25,1.25,1.25,1.25,1,1,1,1,1,1,1,1"),
                    tr("transmission time t(Pi) of each processor (at most %1 distinct sender "
                       "orders: about 11 processors of distinct times)")
                        .arg(kMaxOptimumSequences),
                    gaps);
    m_gapRun = new QPushButton(tr("Compute"), gaps);
    m_gapProgress = new QProgressBar(gaps);
    m_gapProgress->setVisible(false);
    auto* gapRow = new QHBoxLayout;
    gapRow->addWidget(new QLabel(tr("times"), gaps));
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
        if (m_markovWatcher.isRunning()) {
            m_markovWatcher.cancel();
        } else {
            m_error->clear();
            computeMarkov();
        }
    });
    connect(m_gapRun, &QPushButton::clicked, this, [this] {
        if (m_gapWatcher.isRunning()) {
            m_gapWatcher.cancel();
        } else {
            m_error->clear();
            computeGaps();
        }
    });
    connect(m_gapTable, &QTableWidget::cellDoubleClicked, this,
            [this](int row, int) { openGapRow(row); });
    connect(&m_ratiosWatcher, &QFutureWatcherBase::finished, this, [this] {
        const auto f = m_ratiosWatcher.future();
        if (!f.isCanceled() && f.resultCount() > 0) {
            const auto r = f.result();
            r.value ? showRatios(r.value) : setError(r.error);
        }
    });
    connect(&m_markovWatcher, &QFutureWatcherBase::progressValueChanged, m_markovProgress,
            &QProgressBar::setValue);
    connect(&m_markovWatcher, &QFutureWatcherBase::progressRangeChanged, m_markovProgress,
            &QProgressBar::setRange);
    connect(&m_markovWatcher, &QFutureWatcherBase::finished, this, [this] {
        m_markovProgress->setVisible(false);
        m_markovRun->setText(tr("Compute"));
        const auto f = m_markovWatcher.future();
        if (!f.isCanceled() && f.resultCount() > 0) {
            const auto r = f.result();
            r.value ? showMarkov(r.value) : setError(r.error);
        }
    });
    connect(&m_gapWatcher, &QFutureWatcherBase::progressValueChanged, m_gapProgress,
            &QProgressBar::setValue);
    connect(&m_gapWatcher, &QFutureWatcherBase::progressRangeChanged, m_gapProgress,
            &QProgressBar::setRange);
    connect(&m_gapWatcher, &QFutureWatcherBase::finished, this, [this] {
        m_gapProgress->setVisible(false);
        m_gapRun->setText(tr("Compute"));
        const auto f = m_gapWatcher.future();
        if (!f.isCanceled() && f.resultCount() > 0) {
            const auto r = f.result();
            r.value ? showGaps(r.value) : setError(r.error);
        }
    });
}

TheoryPanel::~TheoryPanel() {
    for (QFutureWatcherBase* w : std::initializer_list<QFutureWatcherBase*>{
             &m_ratiosWatcher, &m_markovWatcher, &m_gapWatcher}) {
        w->cancel();
        w->waitForFinished();
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
    for (QFutureWatcherBase* w : std::initializer_list<QFutureWatcherBase*>{
             &m_ratiosWatcher, &m_markovWatcher, &m_gapWatcher}) {
        w->waitForFinished();
    }
    // Deliver the finished signals now (they are queued to this thread's event loop).
    QCoreApplication::sendPostedEvents();
}

void TheoryPanel::computeRatios() {
    int n = 0;
    double d = 0, bigD = 0, c = 0;
    try {
        n = static_cast<int>(parseInteger(m_ratioN->text().toStdString(), "n", 2, 1 << 20));
        d = parseField(m_ratioD, "d");
        bigD = parseField(m_ratioBigD, "D");
        c = parseField(m_ratioC, "c");
    } catch (const InputError& e) {
        // The table would describe other settings than the fields: empty it.
        m_ratiosTable->setRowCount(0);
        setError(tr("Worst-case ratios: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    m_ratiosWatcher.cancel();
    m_ratiosWatcher.setFuture(
        QtConcurrent::run([n, d, bigD, c](QPromise<Outcome<std::vector<RatioRow>>>& promise) {
            Outcome<std::vector<RatioRow>> out;
            try {
                out.value =
                    std::make_shared<const std::vector<RatioRow>>(worstCaseRatios(n, d, bigD, c));
            } catch (const InputError& e) {
                out.error = QString::fromUtf8(e.what());
            }
            promise.addResult(out);
        }));
}

void TheoryPanel::computeMarkov() {
    std::vector<int> ns;
    double muD = 0, muC = 0;
    std::uint64_t replicates = 0;
    try {
        for (const std::string& f : splitString(m_markovN->text().toStdString(), ',')) {
            ns.push_back(static_cast<int>(parseInteger(f, "n", 1, kMaxMarkovProcessors)));
        }
        muD = parseField(m_markovMuD, "mean d");
        muC = parseField(m_markovMuC, "mean c");
        replicates = static_cast<std::uint64_t>(
            parseInteger(m_markovReplicates->text().toStdString(), "replicates", 2, 100000000));
        for (int n : ns) {
            treeDynMarkov(n, muD, muC); // validates the means on this thread, fast
        }
    } catch (const InputError& e) {
        m_markovTable->setRowCount(0);
        setError(tr("Markov chain: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    m_markovRun->setText(tr("Cancel"));
    m_markovProgress->setVisible(true);
    m_markovWatcher.setFuture(QtConcurrent::run(
        [ns, muD, muC, replicates](QPromise<Outcome<std::vector<MarkovCheck>>>& promise) {
            const auto total = static_cast<int>(ns.size() * 100);
            promise.setProgressRange(0, total);
            auto rows = std::make_shared<std::vector<MarkovCheck>>();
            for (std::size_t i = 0; i < ns.size(); ++i) {
                rows->push_back(checkMarkov(
                    ns[i], muD, muC, replicates, 1, [&](std::uint64_t done, std::uint64_t all) {
                        promise.setProgressValue(
                            static_cast<int>(i * 100 + (all > 0 ? done * 100 / all : 0)));
                        return !promise.isCanceled();
                    }));
                if (promise.isCanceled()) {
                    return;
                }
            }
            promise.addResult(Outcome<std::vector<MarkovCheck>>{std::move(rows), {}});
        }));
}

void TheoryPanel::computeGaps() {
    std::vector<double> t;
    try {
        for (const std::string& f : splitString(m_times->text().toStdString(), ',')) {
            const double v = parseNumber(f, "transmission time");
            if (!std::isfinite(v) || v < 0.0) {
                throw InputError("transmission time " + f + " must be finite and >= 0");
            }
            t.push_back(v);
        }
        if (t.size() < 2) {
            throw InputError("give at least two transmission times");
        }
        const std::uint64_t count = epOptimumSequenceCount(t);
        if (count > kMaxOptimumSequences) {
            throw InputError(std::to_string(t.size()) + " processors need " +
                             std::to_string(count) + " sender orders, more than the limit of " +
                             std::to_string(kMaxOptimumSequences) +
                             " (about 11 processors of distinct times)");
        }
    } catch (const InputError& e) {
        m_gapTable->setRowCount(0);
        m_gapCluster.clear();
        setError(tr("Optimum gap: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    m_gapRun->setText(tr("Cancel"));
    m_gapProgress->setVisible(true);
    m_gapCluster = t;
    m_gapWatcher.setFuture(QtConcurrent::run([t](QPromise<Outcome<OptimumGaps>>& promise) {
        promise.setProgressRange(0, 1000);
        Outcome<OptimumGaps> out;
        try {
            OptimumGaps g = optimumGaps(t, [&](std::uint64_t done, std::uint64_t total) {
                promise.setProgressValue(
                    static_cast<int>(done * 1000 / std::max<std::uint64_t>(total, 1)));
                return !promise.isCanceled();
            });
            if (g.cancelled) {
                return;
            }
            out.value = std::make_shared<const OptimumGaps>(std::move(g));
        } catch (const InputError& e) {
            out.error = QString::fromUtf8(e.what());
        }
        promise.addResult(out);
    }));
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
        setCell(t, i, 3, num(m.simMean, 6));
        setCell(t, i, 4, num(m.simStdError, 2));
        setCell(t, i, 5, num(m.simVariance, 6));
        setCell(t, i, 6, QString::number(m.z(), 'f', 2),
                tr("(simulated mean - chain mean) / standard error over %1 replicates: within "
                   "±4 the two agree")
                    .arg(m.replicates));
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
        row >= static_cast<int>(allAlgorithms().size())) {
        return;
    }
    Scenario s;
    s.n = static_cast<int>(m_gapCluster.size());
    s.costMode = CostMode::FixedMatrix;
    s.matrix = FixedCosts::senderOnly(m_gapCluster);
    const AlgorithmId picked = allAlgorithms()[static_cast<std::size_t>(row)].id;
    s.algorithms = {picked};
    if (picked != AlgorithmId::Optimum) {
        s.algorithms.push_back(AlgorithmId::Optimum);
    }
    m_openInExplorer(s);
}

} // namespace rl
