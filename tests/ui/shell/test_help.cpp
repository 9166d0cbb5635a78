// The Help pane (F1, Help menu) explains the window's keys, words and marks; the window's own
// texts say things in plain words (the papers are cited in tooltips and in the Help only).
#include "base/version.h"
#include "panels/theory_panel.h"
#include "shell/help_pane.h"
#include "shell/main_window.h"
#include "window_fixture.h"

#include <qcustomplot.h>

#include <QAbstractButton>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBrowser>
#include <QtTest>

using namespace rl;
using namespace rl::test;

class TestHelp : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ReduceLabTests"));
    }

    // F1 and the Help menu: keys, a glossary of the window's words, the legend drawn by the
    // views, About with the version and the licence.
    void helpExplainsTheWindow() {
        MainWindow w;
        openDemo(w);
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(!w.helpDock()->isVisible());
        QTest::keyClick(&w, Qt::Key_F1);
        QVERIFY(w.helpDock()->isVisible());
        const QString text = w.help()->browser()->toPlainText();
        for (const char* key : {"F1", "F5", "F11", "Ctrl+D", "Space", "Esc"}) {
            QVERIFY2(text.contains(key), qPrintable(key));
        }
        // The words of the issue, and those the narration and the panels use.
        for (const char* term :
             {"slot", "reception 3", "[4,5]", "T(1,1,2)@P1", "makespan", "critical path",
              "replicate", "CV", "seed", "Markov chain", "quantiles", "throughput"}) {
            QVERIFY2(text.contains(term), qPrintable(term));
        }
        for (const QString& term : HelpPane::glossaryTerms()) {
            QVERIFY2(text.contains(term), qPrintable(term));
        }
        QVERIFY(text.contains(QStringLiteral("GPL-3.0-or-later")));
        QVERIFY(text.contains(QString::fromLatin1(kVersion)));
        QVERIFY(text.contains(QStringLiteral("RR-8315")));
        // The legend's pictures are drawn (one per mark of the tree and of the chart).
        QTextDocument* doc = w.help()->browser()->document();
        for (const char* name : {"in-flight", "holding", "sent", "complete", "transfer",
                                 "reception", "reduction", "critical-path", "cursor"}) {
            const QVariant image =
                doc->resource(QTextDocument::ImageResource, QUrl(QStringLiteral("swatch:") + name));
            QVERIFY2(image.isValid() && !image.value<QImage>().isNull(), name);
        }
        QTest::keyClick(&w, Qt::Key_F1);
        QVERIFY(!w.helpDock()->isVisible());
    }

    // No "RR §5" or "SPEC §3" in what the window says: labels, buttons, group titles, tabs,
    // combo items, table headers, figure titles and legends, the narration. Tooltips and the
    // Help may cite.
    void plainWordsInTheWindow() {
        MainWindow w;
        openDemo(w);
        makeSweepsCheap(w);
        visitEveryTab(w);
        auto* theory = w.findChild<TheoryPanel*>();
        theory->waitForIdle();
        QStringList texts;
        for (QWidget* widget : w.findChildren<QWidget*>()) {
            if (qobject_cast<QTextBrowser*>(widget)) {
                continue; // the Help
            }
            if (auto* l = qobject_cast<QLabel*>(widget)) {
                texts << l->text();
            } else if (auto* b = qobject_cast<QAbstractButton*>(widget)) {
                texts << b->text();
            } else if (auto* g = qobject_cast<QGroupBox*>(widget)) {
                texts << g->title();
            } else if (auto* c = qobject_cast<QComboBox*>(widget)) {
                for (int i = 0; i < c->count(); ++i) {
                    texts << c->itemText(i);
                }
            } else if (auto* t = qobject_cast<QTableWidget*>(widget)) {
                for (int i = 0; i < t->columnCount(); ++i) {
                    if (t->horizontalHeaderItem(i)) {
                        texts << t->horizontalHeaderItem(i)->text();
                    }
                    for (int row = 0; row < t->rowCount(); ++row) {
                        if (t->item(row, i)) {
                            texts << t->item(row, i)->text();
                        }
                    }
                }
            } else if (auto* plot = qobject_cast<QCustomPlot*>(widget)) {
                if (QCPTextElement* title = titleOf(plot)) {
                    texts << title->text();
                }
                for (int i = 0; i < plot->legend->itemCount(); ++i) {
                    if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i))) {
                        texts << item->plottable()->name();
                    }
                }
            }
        }
        for (int i = 0; i < w.tabs()->count(); ++i) {
            texts << w.tabs()->tabText(i);
        }
        for (int i = 0; i < w.narrationList()->count(); ++i) {
            texts << w.narrationList()->item(i)->text();
        }
        QVERIFY(texts.size() > 200);
        QStringList cited;
        for (const QString& t : texts) {
            if (t.contains(QStringLiteral("§")) || t.contains(QStringLiteral("RR ")) ||
                t.contains(QStringLiteral("SPEC"))) {
                cited << t;
            }
        }
        QVERIFY2(cited.isEmpty(), qPrintable(cited.join(QStringLiteral(" | "))));
    }
};

QTEST_MAIN(TestHelp)
#include "test_help.moc"
