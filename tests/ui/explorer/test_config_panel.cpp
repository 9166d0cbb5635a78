// The explorer's settings for issue #37: the late-arrival law, kept through every edit of the
// other settings (a scenario file with `arrival` opened, then n changed) and editable there;
// ompi-chain's fan-out and ompi-default's message size, each shown while its algorithm is
// ticked and read by the core's rule (algorithms/ompi_parameters.h).
#include "algorithms/algorithm_registry.h"
#include "algorithms/ompi_parameters.h"
#include "algorithms/ompi_trees.h"
#include "explorer/config_panel.h"
#include "explorer/law_editor.h"
#include "shell/main_window.h"
#include "studies/scenario_json.h"

#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace rl;

namespace {

Algorithm builtin(const char* key) {
    return *findAlgorithm(allAlgorithms(), key);
}

Scenario withArrivals() {
    Scenario s = Scenario::demo();
    s.n = 9;
    s.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::TreeDyn};
    s.arrival = Law::gamma(2.0, 1.5);
    s.seed = 11;
    return s;
}

/// Types `text` into `field` and leaves it (editingFinished): how a user edits a setting.
void typeInto(QLineEdit* field, const QString& text) {
    field->setText(text);
    emit field->editingFinished();
}

/// The scenarioEdited() signals of a panel: how many, and the last scenario.
struct Edits {
    explicit Edits(ConfigPanel* c) {
        QObject::connect(c, &ConfigPanel::scenarioEdited, c, [this](const Scenario& s) {
            ++n;
            last = s;
        });
    }
    int count() const { return n; }
    int n = 0;
    Scenario last;
};

Scenario lastEdited(const Edits& e) {
    return e.last;
}

} // namespace

class TestConfigPanel : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ReduceLabTests"));
    }

    // A scenario with an arrival law, shown, then any other setting edited: the law stays.
    void editsKeepTheArrivalLaw() {
        ConfigPanel c;
        const Scenario s = withArrivals();
        c.setScenario(s);
        QCOMPARE(c.scenario(), s);
        QVERIFY(c.arrivalBox()->isChecked());
        QVERIFY(!c.arrivalEditor()->isHidden());
        Edits edited(&c);

        typeInto(c.processorsField(), QStringLiteral("12"));
        QCOMPARE(edited.count(), 1);
        Scenario expected = s;
        expected.n = 12;
        QCOMPARE(lastEdited(edited), expected);
        QCOMPARE(lastEdited(edited).arrival, std::optional<Law>(Law::gamma(2.0, 1.5)));

        c.nonCommutativeBox()->click(); // Tree-dyn goes off; the arrivals stay
        QVERIFY(lastEdited(edited).nonCommutative);
        QCOMPARE(lastEdited(edited).arrival, s.arrival);
        typeInto(c.replicateField(), QStringLiteral("3"));
        QCOMPARE(lastEdited(edited).arrival, s.arrival);
        QCOMPARE(lastEdited(edited).replicate, std::uint64_t(3));
    }

    // The law is a setting of its own: edited, turned off (every processor at t = 0), on again.
    void theArrivalLawIsASetting() {
        ConfigPanel c;
        c.setScenario(Scenario::demo());
        QVERIFY(!c.arrivalBox()->isChecked());
        QVERIFY(c.arrivalEditor()->isHidden());
        QCOMPARE(c.scenario().arrival, std::nullopt);
        Edits edited(&c);

        c.arrivalBox()->click();
        QVERIFY(!c.arrivalEditor()->isHidden());
        QCOMPARE(edited.count(), 1);
        QVERIFY(lastEdited(edited).arrival.has_value());

        c.arrivalEditor()->setLaw(Law::constant(0.5));
        emit c.arrivalEditor()->edited();
        QCOMPARE(lastEdited(edited).arrival, std::optional<Law>(Law::constant(0.5)));

        c.arrivalBox()->click();
        QVERIFY(c.arrivalEditor()->isHidden());
        QCOMPARE(lastEdited(edited).arrival, std::nullopt);
        QCOMPARE(lastEdited(edited), Scenario::demo());
    }

    // The bug as a user meets it: File > Open of a scenario with `arrival`, then n changed in
    // the settings; the run shown keeps the arrivals.
    void anOpenedScenarioKeepsItsArrivalsInTheWindow() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("late.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(scenarioFileText(withArrivals())));
        file.close();

        MainWindow w;
        w.setInteractive(false);
        w.setRemembersView(false);
        QVERIFY(w.openScenario(path));
        ConfigPanel* c = w.configPanel();
        QCOMPARE(c->scenario(), withArrivals());
        typeInto(c->processorsField(), QStringLiteral("7"));
        Scenario expected = withArrivals();
        expected.n = 7;
        QTRY_COMPARE_WITH_TIMEOUT(w.session()->scenario(), expected, 10000);
    }

    // The fan-out row: shown while ompi-chain is ticked, its default Open MPI's, read by the
    // core's rule (the algorithm is ompi-chain:K); a value out of range is refused on its field.
    void theFanoutFieldFollowsTheCoreRule() {
        ConfigPanel c;
        Scenario s = Scenario::demo();
        s.algorithms = {AlgorithmId::TreeDyn};
        c.setScenario(s);
        QCheckBox* chain = c.algorithmBox(builtin("ompi-chain"));
        QVERIFY(chain != nullptr);
        QVERIFY(c.fanoutField()->parentWidget()->isHidden());
        QVERIFY(c.messageBytesField()->parentWidget()->isHidden());
        Edits edited(&c);

        chain->click();
        QVERIFY(!c.fanoutField()->parentWidget()->isHidden());
        QVERIFY(c.messageBytesField()->parentWidget()->isHidden());
        QCOMPARE(c.fanoutField()->text(), QString::number(kOmpiChainFanout));
        const std::vector<Algorithm> plain{AlgorithmId::TreeDyn, builtin("ompi-chain")};
        QCOMPARE(lastEdited(edited).algorithms, plain);

        typeInto(c.fanoutField(), QStringLiteral("2"));
        const std::vector<Algorithm> two{AlgorithmId::TreeDyn, ompiChainAlgorithm(2)};
        QCOMPARE(lastEdited(edited).algorithms, two);
        QCOMPARE(lastEdited(edited).algorithms.back().key(), std::string("ompi-chain:2"));

        const int before = edited.count();
        typeInto(c.fanoutField(), QString::number(kOmpiMaxFanout + 1));
        QCOMPARE(edited.count(), before); // refused: the run shown stays
        QVERIFY(c.errorText().startsWith(
            QStringLiteral("fan-out %1: Open MPI's chains").arg(kOmpiMaxFanout + 1)));
        QCOMPARE(c.invalidField(), static_cast<QWidget*>(c.fanoutField()));
        typeInto(c.fanoutField(), QStringLiteral("two"));
        QVERIFY(c.errorText().contains(QStringLiteral("'two' is not an integer")));
        typeInto(c.fanoutField(), QStringLiteral("8"));
        QVERIFY(c.errorText().isEmpty());
        QCOMPARE(lastEdited(edited).algorithms.back(), ompiChainAlgorithm(8));

        // Unticked, the row goes and the rule is not asked (no "applies to" refusal).
        chain->click();
        QVERIFY(c.fanoutField()->parentWidget()->isHidden());
        QVERIFY(c.errorText().isEmpty());
        const std::vector<Algorithm> alone{AlgorithmId::TreeDyn};
        QCOMPARE(lastEdited(edited).algorithms, alone);
    }

    // The message size: ompi-default:B, B read as the core reads it; 0 refused.
    void theMessageSizeFieldFollowsTheCoreRule() {
        ConfigPanel c;
        Scenario s = Scenario::demo();
        s.algorithms = {builtin("ompi-default")};
        c.setScenario(s);
        QVERIFY(!c.messageBytesField()->parentWidget()->isHidden());
        QCOMPARE(c.messageBytesField()->text(), QString::number(kOmpiDefaultMessageBytes));
        QCOMPARE(c.scenario(), s);
        Edits edited(&c);
        typeInto(c.messageBytesField(), QStringLiteral("65536"));
        QCOMPARE(lastEdited(edited).algorithms.front(), ompiDefaultAlgorithm(65536));
        typeInto(c.messageBytesField(), QStringLiteral("0"));
        QVERIFY(c.errorText().startsWith(QStringLiteral("message size 0: a message of 1 to")));
        QCOMPARE(c.invalidField(), static_cast<QWidget*>(c.messageBytesField()));
    }

    // A scenario with parameterised keys (a file, a drill-down) is shown as it is: the box of
    // its tree ticked, the parameter in its field, and read back the same.
    void parameterisedKeysAreShownAndReadBack() {
        ConfigPanel c;
        Scenario s = Scenario::demo();
        s.n = 20;
        s.algorithms = {AlgorithmId::TreeDyn, ompiChainAlgorithm(8), ompiDefaultAlgorithm(4096)};
        c.setScenario(s);
        QVERIFY(c.algorithmBox(builtin("ompi-chain"))->isChecked());
        QVERIFY(c.algorithmBox(builtin("ompi-default"))->isChecked());
        QCOMPARE(c.fanoutField()->text(), QStringLiteral("8"));
        QCOMPARE(c.messageBytesField()->text(), QStringLiteral("4096"));
        QCOMPARE(c.scenario(), s);
        // Another setting edited: the parameters stay.
        Edits edited(&c);
        typeInto(c.processorsField(), QStringLiteral("24"));
        Scenario expected = s;
        expected.n = 24;
        QCOMPARE(lastEdited(edited), expected);
        // The next scenario without them shows the defaults again.
        c.setScenario(Scenario::demo());
        QCOMPARE(c.fanoutField()->text(), QString::number(kOmpiChainFanout));
        QCOMPARE(c.messageBytesField()->text(), QString::number(kOmpiDefaultMessageBytes));
    }
};

QTEST_MAIN(TestConfigPanel)
#include "test_config_panel.moc"
