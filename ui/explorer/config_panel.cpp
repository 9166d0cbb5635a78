#include "explorer/config_panel.h"

#include "algorithms/ompi_parameters.h"
#include "algorithms/ompi_trees.h"
#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "common/app_style.h"
#include "explorer/law_editor.h"
#include "explorer/matrix_presets.h"
#include "studies/run_study.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRandomGenerator>
#include <QStackedWidget>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>
#include <utility>

namespace rl {

namespace {

QString algoName(const Algorithm& a) {
    return QString::fromStdString(a.name());
}

/// The processors field's number; InputError naming the explorer's real range (the limit is
/// the core's, kMaxExplorerProcessors): not an integer, above the limit (the message points
/// to the CLI, which takes larger platforms), or below 1.
int parseProcessors(const QString& text) {
    const std::string t = text.toStdString();
    Scenario probe;
    probe.n = static_cast<int>(parseInteger(t, "processors n", std::numeric_limits<int>::min(),
                                            std::numeric_limits<int>::max()));
    checkRunDetail(probe, RunDetail::Explorer);
    return static_cast<int>(parseInteger(t, "processors n", 1, kMaxExplorerProcessors));
}

/// The registry's row of Open MPI's tree that `a` is with a parameter (ompi-chain:8 is
/// ompi-chain's), or `a` itself: the check box that shows it.
Algorithm shownRow(const Algorithm& a) {
    if (ompiChainFanout(a)) {
        return ompiChainAlgorithm(kOmpiChainFanout);
    }
    if (ompiDefaultBytes(a)) {
        return ompiDefaultAlgorithm(kOmpiDefaultMessageBytes);
    }
    return a;
}

/// A parameter's row under its algorithm's check box: its name and its field, indented.
QWidget* parameterRow(QWidget* parent, const QString& name, const QString& tip, QLineEdit** field) {
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(row->style()->pixelMetric(QStyle::PM_IndicatorWidth), 0, 0, 0);
    auto* label = new QLabel(name, row);
    *field = new QLineEdit(row);
    (*field)->setToolTip(tip);
    label->setBuddy(*field);
    layout->addWidget(label);
    layout->addWidget(*field, 1);
    return row;
}

} // namespace

ConfigPanel::ConfigPanel(QWidget* parent) : QWidget(parent) {
    auto* form = new QFormLayout;
    m_n = new QLineEdit(this);
    m_n->setToolTip(tr("number of processors, 1 to %1 in the explorer (reducelab-cli runs "
                       "larger platforms)")
                        .arg(kMaxExplorerProcessors));
    form->addRow(tr("Processors n"), m_n);

    // A group title does not wrap: the short name there, what choosing several does under it,
    // in a label that wraps to the width of the settings (presentation mode's larger fonts).
    auto* algoBox = new QGroupBox(tr("Algorithms"), this);
    auto* algoLayout = new QVBoxLayout(algoBox);
    m_algoLayout = algoLayout;
    auto* algoHint =
        new QLabel(tr("One to four; several are compared on the same draws."), algoBox);
    algoHint->setWordWrap(true);
    algoLayout->addWidget(algoHint);
    for (const Algorithm& a : allAlgorithms()) {
        auto* box = new QCheckBox(algoName(a), algoBox);
        box->setToolTip(QString::fromStdString(a.summary()));
        m_algorithmList.push_back(a);
        m_algos.push_back(box);
        algoLayout->addWidget(box);
        connect(box, &QCheckBox::toggled, this, &ConfigPanel::onEdited);
        // Open MPI's parameters under their algorithms; the core's rule reads them (read()).
        if (a == ompiChainAlgorithm(kOmpiChainFanout)) {
            m_fanoutRow = parameterRow(
                algoBox, tr("Fan-out"),
                tr("ompi-chain's fan-out: the root receives the heads of K chains, 1 to %1 "
                   "(default %2, Open MPI's)")
                    .arg(kOmpiMaxFanout)
                    .arg(kOmpiChainFanout),
                &m_fanout);
            algoLayout->addWidget(m_fanoutRow);
        } else if (a == ompiDefaultAlgorithm(kOmpiDefaultMessageBytes)) {
            m_messageBytesRow = parameterRow(
                algoBox, tr("Message bytes"),
                tr("the message size ompi-default decides for, 1 to %1 bytes (default %2)")
                    .arg(kOmpiMaxMessageBytes)
                    .arg(kOmpiDefaultMessageBytes),
                &m_messageBytes);
            algoLayout->addWidget(m_messageBytesRow);
        }
    }
    m_builtins = m_algorithmList.size();
    m_extrasTitle = new QLabel(tr("From files:"), algoBox);
    m_extrasTitle->setToolTip(tr("policies written in Python (Algorithms → Load policy…)"));
    m_extrasTitle->hide();
    algoLayout->addWidget(m_extrasTitle);
    // Short: a check box's text does not wrap, and the settings stay narrow in presentation mode.
    m_nonCommutative = new QCheckBox(tr("Non-commutative"), this);
    m_nonCommutative->setToolTip(tr("the operation is not commutative: only adjacent intervals "
                                    "may be merged (e.g. matrix products)"));

    m_mode = new QComboBox(this);
    m_mode->addItem(tr("random per operation"), static_cast<int>(CostMode::PerOperation));
    m_mode->addItem(tr("random platform (drawn once)"), static_cast<int>(CostMode::DrawnMatrix));
    m_mode->addItem(tr("fixed matrix"), static_cast<int>(CostMode::FixedMatrix));

    // Closed, a combo is as wide as a short entry, not its longest: the settings stay narrow.
    m_mode->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_mode->setMinimumContentsLength(12);

    m_costPages = new QStackedWidget(this);
    auto* lawPage = new QWidget(m_costPages);
    auto* lawForm = new QFormLayout(lawPage);
    lawForm->setContentsMargins(0, 0, 0, 0);
    m_transfer = new LawEditor(lawPage);
    m_reduction = new LawEditor(lawPage);
    lawForm->addRow(tr("Transfers"), m_transfer);
    lawForm->addRow(tr("Reductions"), m_reduction);
    // A row's name belongs to the law it starts with (mean and CV have their own).
    for (LawEditor* e : {m_transfer, m_reduction}) {
        if (auto* label = qobject_cast<QLabel*>(lawForm->labelForField(e))) {
            label->setBuddy(e->kindBox());
        }
    }
    m_costPages->addWidget(lawPage);

    auto* matrixPage = new QWidget(m_costPages);
    auto* mLayout = new QVBoxLayout(matrixPage);
    mLayout->setContentsMargins(0, 0, 0, 0);
    m_preset = new QComboBox(matrixPage);
    // The core's presets (platform/matrix_presets.h), in plain words; where each comes from
    // in its tooltip.
    for (const MatrixPreset& p : matrixPresets()) {
        if (!p.explorer) {
            continue;
        }
        const ExplorerPreset shown = explorerPreset(p);
        m_preset->addItem(shown.text,
                          QString::fromLatin1(p.key.data(), static_cast<qsizetype>(p.key.size())));
        m_preset->setItemData(m_preset->count() - 1, shown.source, Qt::ToolTipRole);
    }
    // The list shows the long names; closed, the combo does not widen the settings.
    m_preset->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_preset->setMinimumContentsLength(14);
    // What the list shows when no preset makes the matrix: never the name of another one.
    m_preset->addItem(tr("custom"), kCustomPreset);
    m_preset->setItemData(m_preset->count() - 1,
                          tr("no preset makes this matrix: a file, edited cells or a drill-down"),
                          Qt::ToolTipRole);
    m_preset->setToolTip(tr("the preset that made the matrix, or custom"));
    m_presetParams = new QLineEdit(matrixPage);
    m_presetParams->setToolTip(tr("the preset's parameters, comma-separated"));
    auto* presetForm = new QFormLayout;
    presetForm->setContentsMargins(0, 0, 0, 0);
    presetForm->addRow(tr("Preset"), m_preset);
    presetForm->addRow(tr("Parameters"), m_presetParams);
    auto* apply = new QPushButton(tr("Apply preset"), matrixPage);
    auto* load = new QPushButton(tr("Load CSV…"), matrixPage);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(apply);
    buttons->addWidget(load);
    m_table = new QTableWidget(matrixPage);
    m_table->setToolTip(
        tr("d[i][j] (rows: senders), last row: reduction costs c[j]; editable up to n = %1")
            .arg(kMaxTableN));
    // Columns as wide as a cost like "1.25" at the current font size.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    mLayout->addLayout(presetForm);
    mLayout->addLayout(buttons);
    mLayout->addWidget(m_table);
    m_costPages->addWidget(matrixPage);

    // Late arrivals (docs/model.md §1), in every cost mode: a law, or none (all at t = 0).
    m_arrivalBox = new QCheckBox(tr("Late arrivals"), this);
    m_arrivalBox->setToolTip(tr("each processor enters the reduction at a draw of this law, as "
                                "ranks reach MPI_Reduce at different times (off: all at t = 0)"));
    m_arrival = new LawEditor(this);
    m_arrival->setLaw(Law::exponential(1.0));

    m_seed = new QLineEdit(this);
    m_seed->setToolTip(tr("the seed of the random costs (0 to 2^63 - 1)"));
    auto* draw = new QPushButton(tr("New draw"), this);
    draw->setToolTip(tr("another seed: new random costs, same settings"));
    auto* seedRow = new QHBoxLayout;
    seedRow->addWidget(m_seed, 1);
    seedRow->addWidget(draw);
    m_replicate = new QLineEdit(QStringLiteral("0"), this);
    m_replicate->setToolTip(tr("which replicate of the seed: each has its own random costs; a "
                               "click in the analysis panels opens the replicate nearest the "
                               "median there"));

    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    setMessage(m_error, QString(), true); // in the theme's error colour, always
    m_note = new QLabel(this);
    m_note->setWordWrap(true);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(algoBox);
    layout->addWidget(m_nonCommutative);
    auto* costForm = new QFormLayout;
    costForm->addRow(tr("Costs"), m_mode);
    layout->addLayout(costForm);
    layout->addWidget(m_costPages);
    layout->addWidget(m_arrivalBox);
    auto* arrivalForm = new QFormLayout;
    arrivalForm->addRow(tr("Arrival law"), m_arrival);
    m_arrivalLabel = qobject_cast<QLabel*>(arrivalForm->labelForField(m_arrival));
    if (m_arrivalLabel != nullptr) {
        m_arrivalLabel->setBuddy(m_arrival->kindBox()); // the row's name is the law's
    }
    layout->addLayout(arrivalForm);
    auto* seedForm = new QFormLayout;
    seedForm->addRow(tr("Seed"), seedRow);
    if (auto* label = qobject_cast<QLabel*>(seedForm->labelForField(seedRow))) {
        label->setBuddy(m_seed);
    }
    seedForm->addRow(tr("Replicate"), m_replicate);
    layout->addLayout(seedForm);
    // The messages after the fields: appearing, they move none of them (the n field stayed
    // under the mouse); the explorer repeats them over its charts, where they are seen.
    layout->addWidget(m_error);
    layout->addWidget(m_note);
    m_error->hide();
    m_note->hide();
    layout->addStretch(1);
    // A field goes under its label when both do not fit side by side (presentation mode's
    // fonts in a narrow dock): the settings never scroll sideways.
    for (QFormLayout* f : findChildren<QFormLayout*>()) {
        f->setRowWrapPolicy(QFormLayout::WrapLongRows);
    }
    // A law's editor (its law, mean and CV) and the cost mode are the widest fields: always
    // under their names.
    lawForm->setRowWrapPolicy(QFormLayout::WrapAllRows);
    costForm->setRowWrapPolicy(QFormLayout::WrapAllRows);

    connect(m_n, &QLineEdit::editingFinished, this, &ConfigPanel::onEdited);
    // An invalid n is flagged as it is typed; it runs (or is refused) on Return or leaving.
    connect(m_n, &QLineEdit::textEdited, this, [this](const QString& text) {
        try {
            parseProcessors(text);
            if (m_invalid == m_n) {
                showError(QString(), nullptr);
            }
        } catch (const InputError& e) {
            showError(QString::fromUtf8(e.what()), m_n);
        }
    });
    connect(m_fanout, &QLineEdit::editingFinished, this, &ConfigPanel::onEdited);
    connect(m_messageBytes, &QLineEdit::editingFinished, this, &ConfigPanel::onEdited);
    connect(m_arrivalBox, &QCheckBox::toggled, this, &ConfigPanel::onEdited);
    connect(m_arrival, &LawEditor::edited, this, &ConfigPanel::onEdited);
    connect(m_seed, &QLineEdit::editingFinished, this, &ConfigPanel::onEdited);
    connect(m_replicate, &QLineEdit::editingFinished, this, &ConfigPanel::onEdited);
    connect(m_nonCommutative, &QCheckBox::toggled, this, &ConfigPanel::onEdited);
    connect(m_mode, &QComboBox::currentIndexChanged, this, &ConfigPanel::onEdited);
    connect(m_transfer, &LawEditor::edited, this, &ConfigPanel::onEdited);
    connect(m_reduction, &LawEditor::edited, this, &ConfigPanel::onEdited);
    connect(draw, &QPushButton::clicked, this, &ConfigPanel::newDraw);
    // Return applies a field's edit (editingFinished, after returnPressed): once applied, the
    // keys go back to the views; a refused edit keeps the field to be corrected.
    for (QLineEdit* field : findChildren<QLineEdit*>()) {
        connect(
            field, &QLineEdit::returnPressed, this,
            [this] {
                if (m_error->text().isEmpty()) {
                    emit editingDone();
                }
            },
            Qt::QueuedConnection);
    }
    connect(apply, &QPushButton::clicked, this, &ConfigPanel::applyPreset);
    connect(load, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Load cost matrix"), {},
                                                          tr("CSV (*.csv);;All files (*)"));
        if (!path.isEmpty()) {
            loadMatrix(path);
        }
    });
    connect(m_table, &QTableWidget::cellChanged, this, [this](int row, int col) {
        if (m_updating || !m_matrix) {
            return;
        }
        const QString text = m_table->item(row, col)->text();
        try {
            const double v = parseNumber(text.toStdString(), "matrix cell");
            if (!(v >= 0.0) || !std::isfinite(v)) {
                throw InputError("matrix cell: a cost must be finite and >= 0");
            }
            FixedCosts f = *m_matrix;
            if (row < f.n) {
                f.d[static_cast<std::size_t>(row) * static_cast<std::size_t>(f.n) +
                    static_cast<std::size_t>(col)] = v;
            } else {
                f.c[static_cast<std::size_t>(col)] = v;
            }
            m_matrix = std::move(f);
            showMatrixPreset(); // an edited cell may leave the preset
            onEdited();
        } catch (const InputError& e) {
            showError(QString::fromUtf8(e.what()), m_table);
            fillMatrixTable(); // restore the valid value
        }
    });
    setScenario(Scenario::demo());
}

QCheckBox* ConfigPanel::algorithmBox(const Algorithm& a) const {
    const auto it = std::find(m_algorithmList.begin(), m_algorithmList.end(), a);
    return it == m_algorithmList.end()
               ? nullptr
               : m_algos[static_cast<std::size_t>(it - m_algorithmList.begin())];
}

void ConfigPanel::setExtraAlgorithms(const std::vector<Algorithm>& extras) {
    QStringList checked; // the policies' keys shown now
    for (std::size_t i = m_builtins; i < m_algos.size(); ++i) {
        if (m_algos[i]->isChecked()) {
            checked << QString::fromStdString(m_algorithmList[i].key());
        }
        delete m_algos[i];
    }
    m_algos.resize(m_builtins);
    m_algorithmList.erase(m_algorithmList.begin() + static_cast<std::ptrdiff_t>(m_builtins),
                          m_algorithmList.end());
    const bool wasUpdating = std::exchange(m_updating, true);
    QStringList kept;
    for (const Algorithm& a : extras) {
        auto* box = new QCheckBox(algoName(a));
        box->setToolTip(QString::fromStdString(a.summary()));
        m_algorithmList.push_back(a);
        m_algos.push_back(box);
        m_algoLayout->addWidget(box);
        const QString key = QString::fromStdString(a.key());
        box->setChecked(checked.contains(key));
        if (box->isChecked()) {
            kept << key;
        }
        connect(box, &QCheckBox::toggled, this, &ConfigPanel::onEdited);
    }
    m_extrasTitle->setVisible(!extras.empty());
    updateEnabled();
    m_updating = wasUpdating;
    if (checked.isEmpty()) {
        return; // the scenario shown runs no policy
    }
    if (std::none_of(m_algos.begin(), m_algos.end(),
                     [](const QCheckBox* b) { return b->isChecked(); })) {
        algorithmBox(m_nonCommutative->isChecked() ? AlgorithmId::NonCommutTreeDyn
                                                   : AlgorithmId::TreeDyn)
            ->setChecked(true); // emits the edit
    } else if (!m_updating) {
        onEdited(); // the new code runs
    }
    QStringList gone;
    for (const QString& key : checked) {
        if (!kept.contains(key)) {
            gone << key;
        }
    }
    if (!gone.isEmpty()) {
        m_note->setText(
            tr("No file defines %1 any longer: turned off.").arg(gone.join(QStringLiteral(", "))));
        m_note->show();
        emit messagesChanged(m_error->text(), m_note->text());
    }
}

void ConfigPanel::setScenario(const Scenario& s) {
    m_updating = true;
    m_n->setText(QString::number(s.n));
    for (std::size_t i = 0; i < m_algos.size(); ++i) {
        m_algos[i]->setChecked(
            std::any_of(s.algorithms.begin(), s.algorithms.end(),
                        [&](const Algorithm& a) { return shownRow(a) == m_algorithmList[i]; }));
    }
    long long fanout = kOmpiChainFanout;
    long long bytes = kOmpiDefaultMessageBytes;
    for (const Algorithm& a : s.algorithms) {
        fanout = ompiChainFanout(a).value_or(fanout);
        bytes = ompiDefaultBytes(a).value_or(bytes);
    }
    m_fanout->setText(QString::number(fanout));
    m_messageBytes->setText(QString::number(bytes));
    m_arrivalBox->setChecked(s.arrival.has_value());
    if (s.arrival) {
        m_arrival->setLaw(*s.arrival);
    }
    m_nonCommutative->setChecked(s.nonCommutative);
    m_mode->setCurrentIndex(m_mode->findData(static_cast<int>(s.costMode)));
    m_transfer->setLaw(s.transfer);
    m_reduction->setLaw(s.reduction);
    m_matrix = s.matrix;
    m_seed->setText(QString::number(s.seed));
    m_replicate->setText(QString::number(s.replicate));
    m_note->clear();
    m_note->hide();
    showError(QString(), nullptr);
    fillMatrixTable();
    showMatrixPreset();
    updateEnabled();
    m_updating = false;
}

Scenario ConfigPanel::scenario() const {
    return read(nullptr);
}

Scenario ConfigPanel::read(QWidget** culprit) const {
    // Each field read as its own step: a refusal names the field it comes from.
    auto field = [culprit](QWidget* w, auto&& parse) {
        try {
            return parse();
        } catch (const InputError&) {
            if (culprit != nullptr) {
                *culprit = w;
            }
            throw;
        }
    };
    Scenario s;
    s.n = field(m_n, [this] { return parseProcessors(m_n->text()); });
    s.algorithms.clear();
    for (std::size_t i = 0; i < m_algos.size(); ++i) {
        if (m_algos[i]->isChecked()) {
            s.algorithms.push_back(m_algorithmList[i]);
        }
    }
    // Open MPI's parameters by the core's rule, in the settings' words; each field read while
    // its algorithm is ticked (the rule refuses a parameter no algorithm takes).
    const OmpiSpelling spelling{"fan-out", "message size", "the algorithms"};
    const auto ompi = [&](QLineEdit* w, const Algorithm& row, const std::string& name,
                          std::optional<long long> OmpiParameters::*parameter) {
        if (!algorithmBox(row)->isChecked()) {
            return;
        }
        s.algorithms = field(w, [&] {
            OmpiParameters p;
            p.*parameter =
                parseInteger(w->text().toStdString(), name, std::numeric_limits<long long>::min(),
                             std::numeric_limits<long long>::max());
            return applyOmpiParameters(s.algorithms, p, spelling);
        });
    };
    ompi(m_fanout, ompiChainAlgorithm(kOmpiChainFanout), spelling.fanout, &OmpiParameters::fanout);
    ompi(m_messageBytes, ompiDefaultAlgorithm(kOmpiDefaultMessageBytes), spelling.messageBytes,
         &OmpiParameters::messageBytes);
    s.nonCommutative = m_nonCommutative->isChecked();
    s.costMode = static_cast<CostMode>(m_mode->currentData().toInt());
    s.transfer = m_transfer->law("transfer law", culprit);
    s.reduction = m_reduction->law("reduction law", culprit);
    if (m_arrivalBox->isChecked()) {
        s.arrival = m_arrival->law("arrival law", culprit);
    }
    if (s.costMode == CostMode::FixedMatrix) {
        if (!m_matrix) {
            throw InputError("fixed-matrix mode: apply a preset or load a CSV matrix");
        }
        s.matrix = m_matrix;
    }
    s.seed = field(m_seed, [this] {
        return static_cast<std::uint64_t>(parseInteger(m_seed->text().toStdString(), "seed", 0,
                                                       std::numeric_limits<long long>::max()));
    });
    s.replicate = field(m_replicate, [this] {
        return static_cast<std::uint64_t>(parseInteger(m_replicate->text().toStdString(),
                                                       "replicate", 0,
                                                       std::numeric_limits<long long>::max()));
    });
    s.validate();
    return s;
}

void ConfigPanel::showError(const QString& error, QWidget* field) {
    if (m_invalid != nullptr && m_invalid != field) {
        markInvalid(m_invalid, false);
    }
    m_invalid = field;
    if (field != nullptr) {
        markInvalid(field, true);
    }
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
    emit messagesChanged(error, m_note->text());
}

QString ConfigPanel::errorText() const {
    return m_error->text();
}

QString ConfigPanel::noteText() const {
    return m_note->text();
}

void ConfigPanel::updateEnabled() {
    const bool nc = m_nonCommutative->isChecked();
    QStringList dropped; // the algorithms this change turns off, with why
    QCheckBox* treeDyn = algorithmBox(AlgorithmId::TreeDyn);
    treeDyn->setEnabled(!nc);
    treeDyn->setToolTip(
        nc ? tr("Tree-dyn pairs any two idle processors, so it cannot keep a non-commutative "
                "operation in order: disabled")
           : QString::fromStdString(Algorithm(AlgorithmId::TreeDyn).summary()));
    if (nc && treeDyn->isChecked()) {
        treeDyn->setChecked(false);
        dropped << tr("Tree-dyn cannot keep a non-commutative operation in order");
    }
    const bool fixed =
        static_cast<CostMode>(m_mode->currentData().toInt()) == CostMode::FixedMatrix;
    // Liu-Wang's baselines know the costs: only a sender-only fixed matrix defines them.
    QString why;
    if (nc) {
        why = tr("they pair any two processors, so they cannot keep a non-commutative operation "
                 "in order");
    } else if (!fixed || !m_matrix) {
        why = tr("they need fixed costs known in advance (choose \"fixed matrix\" and a Liu-Wang "
                 "preset)");
    }
    for (const Algorithm& info : clairvoyantAlgorithms()) {
        QCheckBox* box = algorithmBox(info);
        // The algorithm's own rule on these costs (its descriptor's): Liu-Wang's sender-only
        // costs, Optimum's search limit.
        QString rule;
        if (why.isEmpty() && info.descriptor().checkCosts) {
            try {
                info.descriptor().checkCosts(CostModel::fixedMatrix(*m_matrix), m_matrix->n);
            } catch (const InputError& e) {
                rule = QString::fromUtf8(e.what());
            }
        }
        if (!why.isEmpty()) {
            if (box->isChecked()) {
                dropped << tr("%1 needs sender-only fixed costs").arg(algoName(info));
            }
            box->setEnabled(false);
            box->setChecked(false);
            box->setToolTip(tr("%1 is a Liu-Wang clairvoyant baseline, valid only for "
                               "sender-only costs d[i][j] = t(Pi) with c = 0: %2. Disabled.")
                                .arg(algoName(info), why));
        } else if (!rule.isEmpty()) {
            if (box->isChecked()) {
                dropped << rule;
            }
            box->setEnabled(false);
            box->setChecked(false);
            box->setToolTip(tr("%1. Disabled.").arg(rule));
        } else {
            box->setEnabled(true);
            box->setToolTip(QString::fromStdString(info.summary()));
        }
    }
    // The policies from files: the model's rules as for the built-ins, said in their words.
    const bool perOperation =
        static_cast<CostMode>(m_mode->currentData().toInt()) == CostMode::PerOperation;
    for (std::size_t i = m_builtins; i < m_algos.size(); ++i) {
        const Algorithm& a = m_algorithmList[i];
        QCheckBox* box = m_algos[i];
        QString off;
        if (nc && !a.validNonCommutative()) {
            off = tr("%1 pairs processors regardless of their values (commutative_only), so it "
                     "cannot keep a non-commutative operation in order")
                      .arg(algoName(a));
        } else if (a.clairvoyant() && perOperation) {
            off = tr("%1 reads the costs in advance (clairvoyant): it needs fixed costs, a "
                     "matrix or a random platform")
                      .arg(algoName(a));
        }
        if (!off.isEmpty() && box->isChecked()) {
            dropped << off;
        }
        box->setEnabled(off.isEmpty());
        if (!off.isEmpty()) {
            box->setChecked(false);
        }
        box->setToolTip(off.isEmpty() ? QString::fromStdString(a.summary())
                                      : off + tr(": disabled"));
    }
    m_fanoutRow->setVisible(algorithmBox(ompiChainAlgorithm(kOmpiChainFanout))->isChecked());
    m_messageBytesRow->setVisible(
        algorithmBox(ompiDefaultAlgorithm(kOmpiDefaultMessageBytes))->isChecked());
    m_arrival->setVisible(m_arrivalBox->isChecked());
    if (m_arrivalLabel != nullptr) {
        m_arrivalLabel->setVisible(m_arrivalBox->isChecked());
    }
    m_costPages->setCurrentIndex(fixed ? 1 : 0);
    m_n->setEnabled(!fixed);
    if (dropped.isEmpty()) {
        return;
    }
    // Never an empty, stale view: with nothing left, the dynamic algorithm valid in this mode
    // takes over (Non-Commut-Tree-dyn keeps a non-commutative operation in order).
    const bool none = std::none_of(m_algos.begin(), m_algos.end(),
                                   [](const QCheckBox* b) { return b->isChecked(); });
    QString note = dropped.join(QStringLiteral("; ")) + QStringLiteral(": ");
    if (none) {
        const Algorithm fallback = nc ? AlgorithmId::NonCommutTreeDyn : AlgorithmId::TreeDyn;
        algorithmBox(fallback)->setChecked(true);
        note += tr("%1 is shown instead.").arg(algoName(fallback));
    } else {
        note += tr("turned off.");
    }
    m_note->setText(note);
}

void ConfigPanel::onEdited() {
    if (m_updating) {
        return;
    }
    m_updating = true;
    m_note->clear();
    updateEnabled();
    m_updating = false;
    m_note->setVisible(!m_note->text().isEmpty());
    QWidget* culprit = nullptr;
    try {
        const Scenario s = read(&culprit);
        showError(QString(), nullptr);
        emit scenarioEdited(s);
    } catch (const InputError& e) {
        showError(QString::fromUtf8(e.what()), culprit);
    }
}

void ConfigPanel::newDraw() {
    m_seed->setText(QString::number(QRandomGenerator::global()->bounded(1000000000)));
    m_replicate->setText(QStringLiteral("0"));
    onEdited();
}

} // namespace rl
