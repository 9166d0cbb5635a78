// What the window keeps between sessions and shows around its fields: recent files (absolute
// paths, their folder shown, missing ones dropped), a restored geometry that fits the screen,
// and a visible label for every field of every tab.
#include "explorer/animation_dialog.h"
#include "explorer/figure_export_dialog.h"
#include "shell/main_window.h"
#include "shell/recent_files.h"
#include "shell/window_geometry.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QSettings>
#include <QSlider>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace rl;

namespace {

// The fields of `root` that no visible text names: no QLabel has them as buddy (a form row's
// label is one). The line edits inside spin boxes and combo boxes are their parents'.
QStringList unlabelledFields(QWidget* root) {
    QList<const QWidget*> named;
    for (const QLabel* l : root->findChildren<QLabel*>()) {
        if (l->buddy() != nullptr && !l->text().trimmed().isEmpty()) {
            named << l->buddy();
        }
    }
    QStringList missing;
    for (QWidget* f : root->findChildren<QWidget*>()) {
        const bool field =
            qobject_cast<QAbstractSpinBox*>(f) || qobject_cast<QComboBox*>(f) ||
            qobject_cast<QSlider*>(f) ||
            (qobject_cast<QLineEdit*>(f) && !qobject_cast<QAbstractSpinBox*>(f->parentWidget()) &&
             !qobject_cast<QComboBox*>(f->parentWidget()));
        if (field && !named.contains(f)) {
            QString where;
            for (QWidget* p = f->parentWidget(); p != nullptr; p = p->parentWidget()) {
                where += QStringLiteral(" < ") + QString::fromLatin1(p->metaObject()->className());
            }
            missing << QString::fromLatin1(f->metaObject()->className()) + " '" + f->toolTip() +
                           "'" + where;
        }
    }
    return missing;
}

} // namespace

class TestWindowState : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // QSettings of the tests stay apart
        QCoreApplication::setOrganizationName(QStringLiteral("ReduceLabTests"));
    }

    void init() { QSettings().clear(); }

    // Kept as absolute paths whatever the working folder was, shown with their folder, and
    // gone from the list once the file is.
    void recentFilesKeepFoldersAndDropMissing() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString old = QDir::currentPath();
        QDir::setCurrent(dir.path());
        for (const char* name : {"a & b.json", "c.json"}) {
            QFile f(QString::fromLatin1(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        RecentFiles().add(QStringLiteral("a & b.json")); // relative, as a command line gives it
        RecentFiles().add(QStringLiteral("c.json"));
        QDir::setCurrent(old);
        const QString a = QDir(dir.path()).absoluteFilePath(QStringLiteral("a & b.json"));
        const QString c = QDir(dir.path()).absoluteFilePath(QStringLiteral("c.json"));
        QCOMPARE(RecentFiles().paths(), QStringList({c, a}));
        // The name, then its folder; '&' is not a shortcut.
        const QString text = RecentFiles::menuText(a);
        QVERIFY2(text.startsWith(QStringLiteral("a && b.json — ")), qPrintable(text));
        QVERIFY2(text.endsWith(QDir(dir.path()).dirName()), qPrintable(text));
        QVERIFY(RecentFiles::menuText(QStringLiteral("/") + QString(200, QLatin1Char('x')) +
                                      QStringLiteral("/f.json"))
                    .size() < 80);

        // Names stored by older versions (relative) and deleted files are dropped.
        QFile::remove(c);
        QSettings().setValue(RecentFiles::kSettingsKey, QStringList({c, "old.json", a}));
        QCOMPARE(RecentFiles().paths(), QStringList({a}));
        QCOMPARE(QSettings().value(RecentFiles::kSettingsKey).toStringList(), QStringList({a}));

        // The window's menu shows them so, with the full path as tooltip.
        MainWindow w;
        w.setInteractive(false);
        w.setRemembersView(false);
        QMenu* recent = nullptr;
        for (QMenu* m : w.menuBar()->findChildren<QMenu*>()) {
            if (m->title().contains(QStringLiteral("recent"))) {
                recent = m;
            }
        }
        QVERIFY(recent);
        QCOMPARE(recent->actions().size(), 1);
        QCOMPARE(recent->actions().front()->text(), text);
        QCOMPARE(recent->actions().front()->toolTip(), a);
        // Deleted while the window is open: the menu drops it once a file is looked at again.
        QFile::remove(a);
        for (QMenu* m : w.menuBar()->findChildren<QMenu*>()) {
            if (m->actions().contains(recent->menuAction())) {
                emit m->aboutToShow(); // the File menu opens
            }
        }
        QVERIFY(recent->actions().isEmpty());
        QVERIFY(!recent->isEnabled());
    }

    // A frame moved and shrunk into the room the screen has, as near as can be to where it was.
    void geometryFitsTheScreen() {
        const QRect screen(0, 0, 1280, 720);
        const QMargins frame(4, 30, 4, 4);
        const QRect fitted = fitWithin(QRect(200, 150, 1400, 860), frame, screen);
        QVERIFY(screen.contains(fitted.marginsAdded(frame)));
        QCOMPARE(fitted.size(), QSize(1280 - 8, 720 - 34));
        // What fits keeps its size and comes back on screen.
        const QRect small = fitWithin(QRect(-500, 900, 800, 500), frame, screen);
        QCOMPARE(small.size(), QSize(800, 500));
        QVERIFY(screen.contains(small.marginsAdded(frame)));
        // Already inside: unchanged.
        QCOMPARE(fitWithin(QRect(100, 100, 600, 400), frame, screen), QRect(100, 100, 600, 400));
    }

    // A 1400x860 geometry saved on a large screen, restored on a smaller one (the offscreen
    // platform's), ends on it and within it; so does the first size.
    void restoredGeometryFitsTheScreen() {
        const QRect avail = QGuiApplication::primaryScreen()->availableGeometry();
        QVERIFY2(avail.width() < 1400 || avail.height() < 860, "the test needs a smaller screen");
        QByteArray saved;
        {
            QWidget big;
            big.setGeometry(300, 200, 1400, 860);
            saved = big.saveGeometry();
        }
        QSettings().setValue(QStringLiteral("window/geometry"), saved);
        for (int pass = 0; pass < 2; ++pass) {
            MainWindow w;
            w.setInteractive(false);
            w.setRemembersView(false);
            QVERIFY2(avail.contains(w.geometry()), qPrintable(QStringLiteral("%1,%2 %3x%4")
                                                                  .arg(w.geometry().x())
                                                                  .arg(w.geometry().y())
                                                                  .arg(w.width())
                                                                  .arg(w.height())));
            QSettings().remove(QStringLiteral("window/geometry")); // then the first size
        }
    }

    // Every field of every tab (and of the export dialogs) has a visible name tied to it.
    void everyFieldHasAVisibleLabel() {
        MainWindow w;
        w.setInteractive(false);
        w.setRemembersView(false);
        const QStringList missing = unlabelledFields(&w);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
        AnimationDialog dialog(w.theme(), QStringLiteral("demo.gif"));
        const QStringList inDialog = unlabelledFields(&dialog);
        QVERIFY2(inDialog.isEmpty(), qPrintable(inDialog.join(QLatin1Char('\n'))));
        FigureExportDialog figure(ExplorerPage::Export::Figure, 1.0);
        const QStringList inFigure = unlabelledFields(&figure);
        QVERIFY2(inFigure.isEmpty(), qPrintable(inFigure.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestWindowState)
#include "test_window_state.moc"
