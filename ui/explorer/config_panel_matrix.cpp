// ConfigPanel's fixed matrix: its presets (applied, and named again for a matrix they make), a
// CSV file, and the table that edits it.
#include "explorer/config_panel.h"

#include "base/file_io.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "common/number_text.h"
#include "explorer/matrix_presets.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QTableWidget>

#include <algorithm>

namespace rl {

void ConfigPanel::showMatrixPreset() {
    if (!m_matrix) {
        return; // nothing loaded: the list offers a preset to apply, it names none
    }
    std::vector<Algorithm> shown;
    for (std::size_t i = 0; i < m_algos.size(); ++i) {
        if (m_algos[i]->isChecked()) {
            shown.push_back(m_algorithmList[i]);
        }
    }
    const auto match = matchMatrixPreset(*m_matrix, shown, m_appliedPreset.toStdString());
    if (!match) {
        m_preset->setCurrentIndex(m_preset->findData(QString::fromLatin1(kCustomPreset)));
        return;
    }
    QStringList params;
    for (double p : match->params) {
        params << shownNumber(p);
    }
    m_preset->setCurrentIndex(m_preset->findData(
        QString::fromLatin1(match->key.data(), static_cast<qsizetype>(match->key.size()))));
    m_presetParams->setText(params.join(QStringLiteral(", ")));
}

void ConfigPanel::applyPreset() {
    const QString key = m_preset->currentData().toString();
    if (key == QLatin1String(kCustomPreset)) {
        m_error->setText(tr("choose a preset to apply (custom is the matrix as it is)"));
        return;
    }
    std::vector<double> p;
    try {
        for (const QString& f : m_presetParams->text().split(',', Qt::SkipEmptyParts)) {
            p.push_back(parseNumber(f.trimmed().toStdString(), "preset parameter"));
        }
        const int n = static_cast<int>(
            parseInteger(m_n->text().toStdString(), "processors n", 1, kMaxPresetProcessors));
        const std::string k = key.toStdString();
        m_matrix = buildMatrixPreset(k, p, n);
        m_appliedPreset = key;
        const auto presets = matrixPresets();
        const auto preset = std::find_if(presets.begin(), presets.end(),
                                         [&](const MatrixPreset& m) { return m.key == k; });
        const std::vector<Algorithm> shows =
            preset != presets.end() ? explorerPreset(*preset).algorithms : std::vector<Algorithm>{};
        m_updating = true;
        m_n->setText(QString::number(m_matrix->n));
        m_mode->setCurrentIndex(m_mode->findData(static_cast<int>(CostMode::FixedMatrix)));
        fillMatrixTable();
        updateEnabled();
        if (!shows.empty()) {
            for (std::size_t i = 0; i < m_algos.size(); ++i) {
                m_algos[i]->setChecked(std::find(shows.begin(), shows.end(), m_algorithmList[i]) !=
                                       shows.end());
            }
        }
        showMatrixPreset();
        m_updating = false;
        onEdited();
    } catch (const InputError& e) {
        m_updating = false;
        m_error->setText(QString::fromUtf8(e.what()));
    }
}

bool ConfigPanel::loadMatrix(const QString& path) {
    try {
        FixedCosts f = FixedCosts::parseCsv(readInputFile(path.toStdString()), path.toStdString());
        m_matrix = std::move(f);
    } catch (const InputError& e) {
        m_error->setText(QString::fromUtf8(e.what()));
        return false;
    }
    m_updating = true;
    m_n->setText(QString::number(m_matrix->n));
    m_mode->setCurrentIndex(m_mode->findData(static_cast<int>(CostMode::FixedMatrix)));
    fillMatrixTable();
    showMatrixPreset();
    m_updating = false;
    onEdited();
    return true;
}

void ConfigPanel::fillMatrixTable() {
    const bool old = m_updating;
    m_updating = true;
    m_table->clear();
    if (!m_matrix || m_matrix->n > kMaxTableN) {
        m_table->setRowCount(0);
        m_table->setColumnCount(0);
        m_table->setToolTip(
            m_matrix ? tr("a %1 x %1 matrix is loaded (too large to edit here)").arg(m_matrix->n)
                     : tr("no matrix: apply a preset or load a CSV file"));
        m_updating = old;
        return;
    }
    const int n = m_matrix->n;
    m_table->setRowCount(n + 1);
    m_table->setColumnCount(n);
    QStringList rows;
    for (int i = 0; i < n; ++i) {
        rows << QStringLiteral("d P%1→").arg(i);
    }
    rows << QStringLiteral("c");
    m_table->setVerticalHeaderLabels(rows);
    for (int j = 0; j < n; ++j) {
        m_table->setHorizontalHeaderItem(j, new QTableWidgetItem(QStringLiteral("P%1").arg(j)));
        for (int i = 0; i < n; ++i) {
            auto* item =
                new QTableWidgetItem(i == j ? QString() : shownNumber(m_matrix->transfer(i, j)));
            if (i == j) {
                item->setFlags(Qt::NoItemFlags);
            }
            m_table->setItem(i, j, item);
        }
        m_table->setItem(n, j, new QTableWidgetItem(shownNumber(m_matrix->reduction(j))));
    }
    m_updating = old;
}

} // namespace rl
