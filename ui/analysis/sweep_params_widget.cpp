#include "analysis/sweep_params_widget.h"

#include "algorithms/simulator.h"
#include "base/text_util.h"
#include "common/number_text.h"
#include "views/sweep_figure.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QSpinBox>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rl {

QString gridText(const std::vector<double>& values) {
    if (values.size() == 1) {
        return QString::fromStdString(formatNumber(values.front()));
    }
    if (values.empty()) {
        return {};
    }
    return QStringLiteral("%1:%2:%3")
        .arg(QString::fromStdString(formatNumber(values.front())),
             QString::fromStdString(formatNumber(values.back())))
        .arg(values.size());
}

SweepParamsWidget::SweepParamsWidget(AlgorithmMode mode, const SweepSpec& defaults, QWidget* parent)
    : QWidget(parent), m_mode(mode), m_n(new QSpinBox), m_family(new QComboBox),
      m_mean(new NumberSpinBox), m_cv(new QLineEdit), m_ratio(new QLineEdit),
      m_replicates(new QSpinBox), m_seed(new QSpinBox), m_quantiles(new QLineEdit),
      m_nonCommutative(new QCheckBox(tr("non-commutative operation"))) {
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    m_n->setRange(1, kMaxProcessors);
    m_n->setToolTip(tr("number of processors"));
    form->addRow(tr("n"), m_n);
    m_family->addItem(tr("gamma"), static_cast<int>(LawKind::Gamma));
    m_family->addItem(tr("uniform"), static_cast<int>(LawKind::Uniform));
    m_family->addItem(tr("bernoulli"), static_cast<int>(LawKind::Bernoulli));
    m_family->setToolTip(tr("the law of both cost streams, set by its mean and CV"));
    form->addRow(tr("law family"), m_family);
    m_mean->setRange(0.0, 1e6);
    m_mean->setToolTip(tr("mean transfer cost mu_d; reductions have mean ratio x mu_d"));
    form->addRow(tr("mu_d"), m_mean);
    m_cv->setToolTip(tr("A:B:K = K log-spaced CVs from A to B, or one value"));
    form->addRow(tr("CV grid"), m_cv);
    m_ratio->setToolTip(tr("A:B:K = K log-spaced mu_c/mu_d from A to B, or one value (0: no "
                           "reduction cost)"));
    form->addRow(tr("mu_c/mu_d grid"), m_ratio);
    // The study's limit, within what a spin box holds.
    m_replicates->setRange(1, static_cast<int>(std::min<std::uint64_t>(
                                  kMaxReplicates, std::numeric_limits<int>::max())));
    m_replicates->setGroupSeparatorShown(true);
    m_replicates->setToolTip(tr("Monte Carlo replicates per grid point"));
    form->addRow(tr("replicates"), m_replicates);
    m_seed->setRange(0, 1 << 30);
    m_seed->setToolTip(tr("random seed; every point uses it (common random numbers)"));
    form->addRow(tr("seed"), m_seed);
    m_quantiles->setToolTip(tr("quantile probabilities, increasing; the ribbon spans the first "
                               "to the last"));
    form->addRow(tr("quantiles"), m_quantiles);
    m_offered.assign(algorithms().begin(), algorithms().end());
    if (mode == AlgorithmMode::Subset) {
        auto* box = new QWidget;
        m_algoList = new QVBoxLayout(box);
        m_algoList->setContentsMargins(0, 0, 0, 0);
        form->addRow(tr("algorithms"), box);
    } else {
        m_algoA = new QComboBox;
        m_algoB = new QComboBox;
        form->addRow(tr("A (numerator)"), m_algoA);
        form->addRow(tr("B (denominator)"), m_algoB);
        for (QComboBox* c : {m_algoA, m_algoB}) {
            connect(c, &QComboBox::currentIndexChanged, this, [this] {
                if (!m_updating) {
                    emit edited();
                }
            });
        }
    }
    m_updating = true;
    fillAlgorithms();
    m_updating = false;
    form->addRow(QString(), m_nonCommutative);
    auto changed = [this] {
        if (!m_updating) {
            emit edited();
        }
    };
    connect(m_n, &QSpinBox::valueChanged, this, changed);
    connect(m_family, &QComboBox::currentIndexChanged, this, changed);
    connect(m_mean, &QDoubleSpinBox::valueChanged, this, changed);
    connect(m_cv, &QLineEdit::editingFinished, this, changed);
    connect(m_ratio, &QLineEdit::editingFinished, this, changed);
    connect(m_replicates, &QSpinBox::valueChanged, this, changed);
    connect(m_seed, &QSpinBox::valueChanged, this, changed);
    connect(m_quantiles, &QLineEdit::editingFinished, this, changed);
    connect(m_nonCommutative, &QCheckBox::toggled, this, changed);
    setSpec(defaults);
}

void SweepParamsWidget::setSpec(const SweepSpec& s) {
    m_updating = true;
    m_n->setValue(s.n);
    m_family->setCurrentIndex(m_family->findData(static_cast<int>(s.family)));
    m_mean->setValue(s.transferMean);
    m_cv->setText(gridText(s.cvs));
    m_ratio->setText(gridText(s.ratios));
    m_replicates->setValue(static_cast<int>(std::min<std::uint64_t>(
        s.replicates, static_cast<std::uint64_t>(m_replicates->maximum()))));
    m_seed->setValue(static_cast<int>(std::min<std::uint64_t>(s.seed, 1 << 30)));
    QStringList q;
    for (double p : s.quantiles) {
        q << QString::fromStdString(formatNumber(p));
    }
    m_quantiles->setText(q.join(','));
    m_nonCommutative->setChecked(s.nonCommutative);
    if (m_mode == AlgorithmMode::Subset) {
        for (std::size_t k = 0; k < m_algoChecks.size(); ++k) {
            m_algoChecks[k]->setChecked(std::find(s.algorithms.begin(), s.algorithms.end(),
                                                  m_offered[k]) != s.algorithms.end());
        }
    } else if (s.algorithms.size() >= 2) {
        m_algoA->setCurrentIndex(m_algoA->findData(place(s.algorithms[0])));
        m_algoB->setCurrentIndex(m_algoB->findData(place(s.algorithms[1])));
    }
    m_updating = false;
}

SweepSpec SweepParamsWidget::spec() const {
    SweepSpec s;
    s.n = m_n->value();
    s.family = static_cast<LawKind>(m_family->currentData().toInt());
    s.transferMean = m_mean->value();
    s.cvs = parseGrid(m_cv->text().toStdString(), "CV");
    s.ratios = parseGrid(m_ratio->text().toStdString(), "mu_c/mu_d");
    s.replicates = static_cast<std::uint64_t>(m_replicates->value());
    s.seed = static_cast<std::uint64_t>(m_seed->value());
    s.quantiles.clear();
    for (const std::string& f : splitString(m_quantiles->text().toStdString(), ',')) {
        s.quantiles.push_back(parseNumber(f, "quantiles"));
    }
    s.nonCommutative = m_nonCommutative->isChecked();
    if (m_mode == AlgorithmMode::Subset) {
        for (std::size_t k = 0; k < m_algoChecks.size(); ++k) {
            if (m_algoChecks[k]->isChecked()) {
                s.algorithms.push_back(m_offered[k]);
            }
        }
    } else {
        s.algorithms = {m_offered[static_cast<std::size_t>(m_algoA->currentData().toInt())],
                        m_offered[static_cast<std::size_t>(m_algoB->currentData().toInt())]};
    }
    return s;
}

int SweepParamsWidget::place(const Algorithm& a) const {
    return static_cast<int>(std::find(m_offered.begin(), m_offered.end(), a) - m_offered.begin());
}

void SweepParamsWidget::fillAlgorithms() {
    if (m_mode == AlgorithmMode::Subset) {
        for (QCheckBox* c : m_algoChecks) {
            delete c;
        }
        m_algoChecks.clear();
        for (const Algorithm& a : m_offered) {
            auto* check = new QCheckBox(algorithmName(a));
            check->setToolTip(QString::fromStdString(a.summary()));
            m_algoList->addWidget(check);
            m_algoChecks.push_back(check);
            connect(check, &QCheckBox::toggled, this, [this] {
                if (!m_updating) {
                    emit edited();
                }
            });
        }
        return;
    }
    // Each entry's data: its place in m_offered.
    for (QComboBox* c : {m_algoA, m_algoB}) {
        c->clear();
        for (std::size_t k = 0; k < m_offered.size(); ++k) {
            c->addItem(algorithmName(m_offered[k]), static_cast<int>(k));
        }
    }
}

bool SweepParamsWidget::setExtraAlgorithms(const std::vector<Algorithm>& extras) {
    // What is chosen now, by key: the same names are chosen again among the new handles.
    QStringList chosen;
    if (m_mode == AlgorithmMode::Subset) {
        for (std::size_t k = 0; k < m_algoChecks.size(); ++k) {
            if (m_algoChecks[k]->isChecked()) {
                chosen << QString::fromStdString(m_offered[k].key());
            }
        }
    } else {
        for (const QComboBox* c : {m_algoA, m_algoB}) {
            chosen << QString::fromStdString(
                m_offered[static_cast<std::size_t>(c->currentData().toInt())].key());
        }
    }
    const auto builtins = algorithms();
    const bool hadPolicy = std::any_of(chosen.begin(), chosen.end(), [&](const QString& key) {
        return std::none_of(builtins.begin(), builtins.end(), [&](const Algorithm& a) {
            return QString::fromStdString(a.key()) == key;
        });
    });
    m_offered.assign(builtins.begin(), builtins.end());
    for (const Algorithm& a : extras) {
        if (!a.clairvoyant()) {
            m_offered.push_back(a);
        }
    }
    m_updating = true;
    fillAlgorithms();
    const auto find = [this](const QString& key) {
        for (std::size_t k = 0; k < m_offered.size(); ++k) {
            if (QString::fromStdString(m_offered[k].key()) == key) {
                return static_cast<int>(k);
            }
        }
        return -1;
    };
    if (m_mode == AlgorithmMode::Subset) {
        for (const QString& key : chosen) {
            if (const int k = find(key); k >= 0) {
                m_algoChecks[static_cast<std::size_t>(k)]->setChecked(true);
            }
        }
    } else {
        m_algoA->setCurrentIndex(std::max(0, find(chosen[0])));
        m_algoB->setCurrentIndex(std::max(0, find(chosen[1])));
    }
    m_updating = false;
    return hadPolicy;
}

} // namespace rl
