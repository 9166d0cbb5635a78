// The Theory tab and the explorer's clairvoyant baselines under the offscreen platform: the
// three tables fill from background computations, bad input shows a message and computes
// nothing, EP/SNF/Optimum are disabled (with the reason in the tooltip) unless the costs are
// sender-only, the Liu-Wang presets select them, and the Gantt chart carries the bound marker.
#include "base/text_util.h"
#include "explorer/algorithm_pane.h"
#include "explorer/config_panel.h"
#include "panels/theory_panel.h"
#include "shell/main_window.h"
#include "views/gantt_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableWidget>
#include <QtTest>

using namespace rl;

namespace {

void waitForResult(MainWindow& w, std::size_t panes) {
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->result() && w.panes().size() == panes &&
                                 !w.session()->isRunning() &&
                                 w.session()->result()->scenario == w.session()->scenario(),
                             10000);
}

// Applies a matrix preset of the config panel by its key.
void applyPreset(ConfigPanel* c, const QString& key, const QString& params) {
    QComboBox* preset = nullptr;
    for (QComboBox* box : c->findChildren<QComboBox*>()) {
        if (box->findData(key) >= 0) {
            preset = box;
        }
    }
    QVERIFY(preset);
    preset->setCurrentIndex(preset->findData(key));
    for (QLineEdit* f : c->findChildren<QLineEdit*>()) {
        if (f->toolTip().contains("preset's parameters")) {
            f->setText(params);
        }
    }
    for (QPushButton* b : c->findChildren<QPushButton*>()) {
        if (b->text() == "Apply preset") {
            b->click();
        }
    }
}

} // namespace

class TestTheoryPanel : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ReduceLabTests"));
    }

    void tablesFill() {
        Scenario opened;
        TheoryPanel panel([&](const Scenario& s) { opened = s; });
        panel.computeAll();
        panel.waitForIdle();
        QTRY_COMPARE(panel.ratiosTable()->rowCount(), 12);
        QTRY_COMPARE(panel.markovTable()->rowCount(), 5);
        QTRY_COMPARE(panel.gapTable()->rowCount(), 7);
        QVERIFY(panel.errorText().isEmpty());
        // Theorem 1 on n = 16 = 2^4 reaches D/d = 3 (named in words, not "Th. 1").
        QCOMPARE(panel.ratiosTable()->item(0, 0)->text(), QString("Theorem 1"));
        QCOMPARE(panel.ratiosTable()->item(0, 7)->text(), QString("3"));
        QCOMPARE(panel.ratiosTable()->item(0, 8)->text(), QString("yes"));
        // Markov: n = 64 row matches RR's 8.0857; |z| < 4.
        QTableWidget* m = panel.markovTable();
        QCOMPARE(m->item(4, 0)->text(), QString("64"));
        QVERIFY(std::abs(m->item(4, 1)->text().toDouble() - 8.0857) < 1e-4);
        for (int r = 0; r < m->rowCount(); ++r) {
            QVERIFY2(std::abs(m->item(r, 6)->text().toDouble()) < 4.0,
                     qPrintable(m->item(r, 6)->text()));
        }
        // Fig. 8 cluster, x = 1.25: SNF 4.25, optimum 4.
        QTableWidget* g = panel.gapTable();
        QCOMPARE(g->item(5, 0)->text(), QString("SNF"));
        QCOMPARE(g->item(5, 1)->text(), QString("4.25"));
        QCOMPARE(g->item(6, 1)->text(), QString("4"));
        QCOMPARE(g->item(6, 2)->text(), QString("+0.0 %"));
        // Drill-down: SNF beside the optimum on the same cluster.
        emit g->cellDoubleClicked(5, 0);
        QCOMPARE(opened.algorithms,
                 (std::vector<Algorithm>{AlgorithmId::Snf, AlgorithmId::Optimum}));
        QCOMPARE(opened.n, 12);
        QVERIFY(opened.matrix.has_value());
    }

    void fieldsStartFromTheStudies() {
        // The tab's first settings are the studies' (studies/theory_study.h), as the CLI's
        // defaults: nothing of its own.
        TheoryPanel panel({});
        QCOMPARE(panel.ratiosN()->text(), QString::number(RatiosStudy{}.n));
        QStringList times;
        for (double t : GapStudy::panel().times) {
            times << QString::fromStdString(formatNumber(t));
        }
        QCOMPARE(panel.clusterField()->text(), times.join(','));
    }

    void badInputShowsAMessage() {
        TheoryPanel panel({});
        panel.ratiosN()->setText("1");
        panel.computeAll();
        panel.waitForIdle();
        QVERIFY2(panel.errorText().startsWith("Worst-case ratios: n"),
                 qPrintable(panel.errorText()));
        QCOMPARE(panel.ratiosTable()->rowCount(), 0);
        panel.ratiosN()->setText("8");
        panel.clusterField()->setText("1,2,3,4,5,6,7,8,9,10,11,12");
        panel.computeAll();
        panel.waitForIdle();
        QVERIFY2(panel.errorText().contains("more than the limit"), qPrintable(panel.errorText()));
        QCOMPARE(panel.gapTable()->rowCount(), 0);
    }

    void clairvoyantAlgorithmsInTheExplorer() {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QStringList titles;
        for (int i = 0; i < w.tabs()->count(); ++i) {
            titles << w.tabs()->tabText(i);
        }
        QVERIFY2(titles.contains("Theory"), qPrintable(titles.join(", ")));
        ConfigPanel* c = w.configPanel();
        // Random costs: disabled, and the tooltip says why.
        QCheckBox* snf = c->algorithmBox(AlgorithmId::Snf);
        QVERIFY(!snf->isEnabled());
        QVERIFY2(snf->toolTip().contains("sender-only"), qPrintable(snf->toolTip()));
        // Liu-Wang Fig. 8 preset: SNF and Optimum selected and run, the marker at the optimum.
        applyPreset(c, "liuwang-fig8", "1.25");
        QVERIFY(snf->isEnabled());
        QVERIFY(snf->isChecked());
        QVERIFY(c->algorithmBox(AlgorithmId::Optimum)->isChecked());
        waitForResult(w, 2);
        QCOMPARE(w.panes()[0]->gantt()->schedule()->makespan, 4.25);
        QCOMPARE(w.panes()[1]->gantt()->schedule()->makespan, 4.0);
        QCOMPARE(w.panes()[0]->gantt()->referenceLine(), std::optional<double>(4.0));
        // A matrix that is not sender-only disables them again and unchecks them.
        applyPreset(c, "worstcase", "1,2,0");
        QVERIFY(!snf->isEnabled());
        QVERIFY(!snf->isChecked());
        // The tooltip is SNF's own cost rule (its descriptor's), naming the offending entry.
        QVERIFY2(snf->toolTip().contains("baseline: ") && snf->toolTip().contains(" must "),
                 qPrintable(snf->toolTip()));
        // Homogeneous costs: the marker is the optimal homogeneous makespan (n = 8, c = d).
        applyPreset(c, "fig2", "");
        c->algorithmBox(AlgorithmId::FibonacciStat)->setChecked(true);
        waitForResult(w, w.session()->scenario().algorithms.size());
        QCOMPARE(w.panes()[0]->gantt()->referenceLine(), std::optional<double>(5.0));
    }
};

QTEST_MAIN(TestTheoryPanel)
#include "test_theory_panel.moc"
