#include "panels/steady_state_panel.h"

#include "base/input_error.h"
#include "base/text_util.h"
#include "common/app_style.h"
#include "common/number_text.h"
#include "platform/matrix_presets.h"
#include "views/gantt_view.h"
#include "views/model_gantt.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace rl {

namespace {

const char* const kExplorer = "explorer platform";

} // namespace

SteadyStatePanel::SteadyStatePanel(std::function<void(const Scenario&)> openInExplorer,
                                   QWidget* parent)
    : ModelPage(parent), m_openInExplorer(std::move(openInExplorer)) {
    watch(m_run, [this] {
        m_result = m_run.latest();
        display(*m_result);
    });
    m_preset = new QComboBox;
    m_preset->addItems({"reduce-toy", "scatter-toy", "ring:6", "complete:4", kExplorer});
    m_preset->setToolTip(tr("the seed's examples (002), generated graphs, or a complete graph "
                            "from an explorer platform preset"));
    m_explorerSpec = new QLineEdit(QString::fromLatin1(SteadyStudy::kPanelExplorerPreset));
    m_explorerSpec->setToolTip(tr("explorer preset: homogeneous:D:C, worstcase:d:D:c, "
                                  "liuwang-fig1, senderonly:t0,t1,..."));
    m_n = new QSpinBox;
    m_n->setRange(2, kMaxSteadyProcessors);
    m_n->setValue(SteadyStudy::kPanelExplorerN);
    m_problem = new QComboBox;
    m_problem->addItem(tr("series of reductions (SSRP)"));
    m_problem->addItem(tr("series of scatters (SSSP)"));
    m_target = new QComboBox;
    m_target->setToolTip(tr("reduce: the processor receiving the result; scatter: the source"));
    m_scatterTargets = new QLineEdit;
    m_scatterTargets->setPlaceholderText(tr("all but the source"));
    m_scatterTargets->setToolTip(tr("scatter: comma-separated target processors"));
    m_size = new NumberSpinBox; // 6 significant digits, the value kept exactly
    m_size->setRange(1e-3, 1e6);
    m_size->setValue(1.0);
    m_table = new QTableWidget;
    m_table->setObjectName(QStringLiteral("links"));
    m_table->setToolTip(tr("row i, column j: c(i,j), time to send one unit from Pi to Pj ('-': "
                           "no link); last row: w, time of one task on each processor"));
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    auto* form = new QFormLayout;
    form->addRow(tr("Platform"), m_preset);
    form->addRow(tr("Explorer preset"), m_explorerSpec);
    form->addRow(tr("Processors (explorer)"), m_n);
    form->addRow(tr("Problem"), m_problem);
    form->addRow(tr("Target / source"), m_target);
    form->addRow(tr("Scatter targets"), m_scatterTargets);
    form->addRow(tr("Message size"), m_size);
    auto* settings = new QVBoxLayout;
    settings->addLayout(form);
    auto* linksLabel = new QLabel(tr("Links c(i,j) and computation times w"));
    linksLabel->setWordWrap(true);
    linksLabel->setBuddy(m_table);
    settings->addWidget(linksLabel);
    settings->addWidget(m_table, 1);
    m_trees = new QTableWidget(0, 4);
    m_trees->setHorizontalHeaderLabels(
        {tr("weight"), tr("result on"), tr("transfers"), tr("tasks")});
    m_trees->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_trees->horizontalHeader()->setStretchLastSection(true);
    m_occupation = new QTableWidget(0, 3);
    m_occupation->setHorizontalHeaderLabels({tr("resource"), tr("occupation"), tr("of")});
    m_occupation->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_pipeline = new QTableWidget(0, 6);
    m_pipeline->setHorizontalHeaderLabels({tr("algorithm"), tr("makespan"), tr("root"),
                                           tr("1 / makespan"), tr("steady TP"), tr("gain")});
    m_pipeline->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_explore = new QPushButton(tr("Open this platform in the explorer"));
    auto* pipelineTab = new QWidget;
    auto* pipelineLayout = new QVBoxLayout(pipelineTab);
    pipelineLayout->setContentsMargins(0, 0, 0, 0);
    pipelineLayout->addWidget(m_pipeline);
    pipelineLayout->addWidget(m_explore, 0, Qt::AlignLeft);
    auto* tabs = new QTabWidget;
    tabs->addTab(m_trees, tr("Reduction trees"));
    tabs->addTab(m_occupation, tr("Occupations"));
    tabs->addTab(pipelineTab, tr("Pipelining gain"));
    for (QTableWidget* t : {m_trees, m_occupation, m_pipeline}) {
        t->verticalHeader()->setVisible(false);
    }
    layOut(settings, 320, 360, tabs, 2);

    connect(m_preset, &QComboBox::currentTextChanged, this, &SteadyStatePanel::loadPreset);
    connect(m_explorerSpec, &QLineEdit::editingFinished, this, [this] {
        if (m_preset->currentText() == kExplorer) {
            loadPreset(kExplorer);
        }
    });
    connect(m_n, &QSpinBox::valueChanged, this, [this] {
        if (m_preset->currentText() == kExplorer) {
            loadPreset(kExplorer);
        }
    });
    connect(m_problem, qOverload<int>(&QComboBox::currentIndexChanged), this,
            &SteadyStatePanel::recompute);
    connect(m_target, qOverload<int>(&QComboBox::currentIndexChanged), this,
            &SteadyStatePanel::recompute);
    connect(m_scatterTargets, &QLineEdit::editingFinished, this, &SteadyStatePanel::recompute);
    connect(m_size, &QDoubleSpinBox::valueChanged, this, &SteadyStatePanel::recompute);
    connect(m_table, &QTableWidget::cellChanged, this, &SteadyStatePanel::recompute);
    connect(m_explore, &QPushButton::clicked, this, [this] {
        if (m_result && m_openInExplorer) {
            if (const auto s = m_result->explorerScenario()) {
                m_openInExplorer(*s);
            }
        }
    });
    loadPreset(m_preset->currentText());
}

void SteadyStatePanel::resizeTargets(int n) {
    const int keep = m_target->currentIndex();
    m_target->clear();
    m_target->addItem(tr("any processor (reduce)"), -1);
    for (int i = 0; i < n; ++i) {
        m_target->addItem(QStringLiteral("P%1").arg(i), i);
    }
    m_target->setCurrentIndex(keep >= 0 && keep < m_target->count() ? keep : 1);
}

void SteadyStatePanel::fillTable(const PlatformGraph& g) {
    m_table->setRowCount(g.n + 1);
    m_table->setColumnCount(g.n);
    QStringList cols;
    QStringList rows;
    for (int i = 0; i < g.n; ++i) {
        cols << QStringLiteral("P%1").arg(i);
        rows << QStringLiteral("P%1").arg(i);
    }
    rows << QStringLiteral("w");
    m_table->setHorizontalHeaderLabels(cols);
    m_table->setVerticalHeaderLabels(rows);
    for (int i = 0; i < g.n; ++i) {
        for (int j = 0; j < g.n; ++j) {
            if (i == j) {
                m_table->setItem(i, j, readOnlyItem(QStringLiteral("·")));
            } else {
                m_table->setItem(i, j,
                                 new QTableWidgetItem(g.hasLink(i, j) ? number(g.cost(i, j))
                                                                      : QStringLiteral("-")));
            }
        }
        m_table->setItem(g.n, i, new QTableWidgetItem(number(g.w[static_cast<std::size_t>(i)])));
    }
}

void SteadyStatePanel::loadPreset(const QString& name) {
    PlatformGraph g;
    try {
        if (name == kExplorer) {
            g = PlatformGraph::fromFixedCosts(
                parsePreset(m_explorerSpec->text().toStdString(), m_n->value()));
        } else {
            g = PlatformGraph::preset(name.toStdString());
        }
    } catch (const InputError& e) {
        setError(QString::fromUtf8(e.what()));
        return;
    }
    m_loading = true;
    selectQuietly(m_preset, name);
    m_explorerSpec->setEnabled(name == kExplorer);
    m_n->setEnabled(name == kExplorer);
    fillTable(g);
    m_target->setCurrentIndex(-1);
    resizeTargets(g.n);
    m_size->setValue(g.messageSize);
    const bool scatter = name == "scatter-toy";
    m_problem->setCurrentIndex(scatter ? 1 : 0);
    m_scatterTargets->setText(scatter ? QStringLiteral("3,4") : QString());
    m_loading = false;
    recompute();
}

void SteadyStatePanel::setProblem(bool scatter) {
    m_problem->setCurrentIndex(scatter ? 1 : 0);
}

PlatformGraph SteadyStatePanel::graphFromTable() const {
    PlatformGraph g;
    g.n = m_table->columnCount();
    g.messageSize = m_size->value();
    for (int i = 0; i < g.n; ++i) {
        for (int j = 0; j < g.n; ++j) {
            if (i == j) {
                g.link.push_back(INFINITY);
                continue;
            }
            const QString text = m_table->item(i, j) ? m_table->item(i, j)->text().trimmed() : "-";
            g.link.push_back(
                text == "-" || text.isEmpty()
                    ? INFINITY
                    : parseNumber(text.toStdString(),
                                  "link c(" + std::to_string(i) + "," + std::to_string(j) + ")"));
        }
    }
    for (int j = 0; j < g.n; ++j) {
        const QString text = m_table->item(g.n, j) ? m_table->item(g.n, j)->text().trimmed() : "";
        g.w.push_back(parseNumber(text.toStdString(), "w(P" + std::to_string(j) + ")"));
    }
    g.validate();
    return g;
}

void SteadyStatePanel::recompute() {
    if (m_loading) {
        return;
    }
    SteadyStudy q;
    try {
        q.graph = graphFromTable();
        q.scatter = m_problem->currentIndex() == 1;
        q.target = m_target->currentData().toInt();
        if (q.scatter) {
            for (const std::string& f :
                 splitString(m_scatterTargets->text().trimmed().toStdString(), ',')) {
                if (!trim(f).empty()) {
                    q.scatterTargets.push_back(static_cast<int>(
                        parseInteger(trim(f), "scatter target", 0, q.graph.n - 1)));
                }
            }
        }
        q.validate();
    } catch (const InputError& e) {
        setError(QString::fromUtf8(e.what()));
        return;
    }
    setError(tr("solving…"));
    m_run.start([q](AsyncJob<SteadyStudyResult>::Context&) {
        return runSteadyStudy(q, SteadyGoal::SolveAndCompare);
    });
}

void SteadyStatePanel::display(const SteadyStudyResult& pr) {
    const SteadyStateResult& r = *pr.result;
    const PlatformGraph& g = pr.graph;
    const PeriodicSchedule& s = r.schedule;
    QString who;
    if (r.scatter) {
        who = tr("scatters from P%1").arg(r.target);
    } else {
        who = r.target < 0 ? tr("reductions, result on any processor")
                           : tr("reductions to P%1").arg(r.target);
    }
    m_summary->setText(
        tr("<b>Series of %1</b>: optimal throughput TP = <b>%2</b> per time unit (LP: %3 "
           "variables, %4 constraints). %5 weighted %6. One period lasts %7 and completes %8 "
           "%9 (%10 throughput %11).")
            .arg(who)
            .arg(number(r.throughput))
            .arg(r.lpVariables)
            .arg(r.lpConstraints)
            .arg(r.patterns.size())
            .arg(r.scatter ? tr("route sets") : tr("reduction trees"))
            .arg(number(s.period))
            .arg(s.results)
            .arg(r.scatter ? tr("scatters") : tr("reductions"))
            .arg(s.exact ? tr("exact:") : tr("fixed-period rounding:"))
            .arg(number(s.throughput())));
    showPeriodicSchedule(*m_gantt, pr.result, g.n);
    m_gantt->setTitle(tr("one period of the periodic schedule (one-port, validated)"));

    m_trees->setRowCount(static_cast<int>(r.patterns.size()));
    for (std::size_t t = 0; t < r.patterns.size(); ++t) {
        const WeightedPattern& p = r.patterns[t];
        QStringList transfers;
        for (const FlowTransfer& f : p.transfers) {
            transfers << (r.scatter ? QStringLiteral("P%1→P%2 m%3").arg(f.from).arg(f.to).arg(f.k)
                                    : QStringLiteral("P%1→P%2 v[%3,%4]")
                                          .arg(f.from)
                                          .arg(f.to)
                                          .arg(f.k)
                                          .arg(f.m));
        }
        QStringList tasks;
        for (const FlowTask& f : p.tasks) {
            tasks << QStringLiteral("T(%1,%2,%3)@P%4").arg(f.k).arg(f.l).arg(f.m).arg(f.proc);
        }
        const int row = static_cast<int>(t);
        m_trees->setItem(row, 0, readOnlyItem(number(p.weight)));
        m_trees->setItem(
            row, 1, readOnlyItem(r.scatter ? tr("targets") : QStringLiteral("P%1").arg(p.target)));
        m_trees->setItem(row, 2, readOnlyItem(transfers.join(QStringLiteral(", "))));
        m_trees->setItem(row, 3, readOnlyItem(tasks.join(QStringLiteral(", "))));
    }

    m_occupation->setRowCount(0);
    auto addOccupation = [this](const QString& what, double v) {
        const int row = m_occupation->rowCount();
        m_occupation->insertRow(row);
        m_occupation->setItem(row, 0, readOnlyItem(what));
        m_occupation->setItem(row, 1, readOnlyItem(number(v)));
        m_occupation->setItem(row, 2, readOnlyItem(QStringLiteral("1")));
    };
    for (int i = 0; i < g.n; ++i) {
        for (int j = 0; j < g.n; ++j) {
            const double v = r.linkOccupation[static_cast<std::size_t>(i) * g.n + j];
            if (g.hasLink(i, j) && v > 1e-12) {
                addOccupation(tr("link P%1→P%2").arg(i).arg(j), v);
            }
        }
    }
    for (int i = 0; i < g.n; ++i) {
        const double v = r.computeOccupation[static_cast<std::size_t>(i)];
        if (v > 1e-12) {
            addOccupation(tr("computation on P%1").arg(i), v);
        }
    }

    m_pipeline->setRowCount(static_cast<int>(pr.comparisons.size()));
    for (std::size_t k = 0; k < pr.comparisons.size(); ++k) {
        const PipelineComparison& c = pr.comparisons[k];
        const int row = static_cast<int>(k);
        m_pipeline->setItem(row, 0, readOnlyItem(QString::fromStdString(c.algorithm)));
        m_pipeline->setItem(row, 1, readOnlyItem(number(c.makespan)));
        m_pipeline->setItem(row, 2, readOnlyItem(QStringLiteral("P%1").arg(c.root)));
        m_pipeline->setItem(row, 3, readOnlyItem(number(c.singleThroughput)));
        m_pipeline->setItem(row, 4, readOnlyItem(number(c.steadyThroughput)));
        m_pipeline->setItem(row, 5, readOnlyItem(QStringLiteral("×%1").arg(number(c.gain()))));
    }
    m_explore->setEnabled(pr.explorerPlatform.has_value() && m_openInExplorer != nullptr);
    m_explore->setToolTip(pr.explorerPlatform
                              ? QString()
                              : tr("needs a complete graph with unit messages and a reduce"));
}

} // namespace rl
