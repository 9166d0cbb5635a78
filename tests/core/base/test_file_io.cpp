// The one output writer and input reader: atomic, all or nothing, special files refused or
// written in place, inputs never overwritten, bounded reads that never block.
#include "base/file_io.h"
#include "base/input_error.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace rl;

namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void put(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

/// Names in `dir` (temporary files of the writer start with a dot).
QStringList entries(const QTemporaryDir& dir) {
    return QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
}

} // namespace

class TestFileIo : public QObject {
    Q_OBJECT
  private slots:
    void writesAndReplacesAtomically() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("a.csv").toStdString();
        writeFileAtomically(path, "one\n");
        QCOMPARE(slurp(path), std::string("one\n"));
        writeFileAtomically(path, "two\n");
        QCOMPARE(slurp(path), std::string("two\n"));
        QCOMPARE(entries(dir), QStringList{"a.csv"});
    }

    // A write that fails half way (injected ENOSPC) keeps the old content, leaves no temporary
    // file, and a second output of the same command that was already staged is not shown.
    void failureHalfWayKeepsTheOldFiles() {
        QTemporaryDir dir;
        const std::string a = dir.filePath("a.csv").toStdString();
        const std::string b = dir.filePath("b.csv").toStdString();
        put(a, "old a");
        put(b, "old b");
        OutputSet out;
        out.declare("--out", a);
        out.declare("--hist", b);
        out.failAfterBytesForTesting(6000);
        out.stage(a, std::string(5000, 'x'));
        QVERIFY_THROWS_EXCEPTION(OutputError, out.stage(b, std::string(5000, 'y')));
        QCOMPARE(slurp(a), std::string("old a"));
        QCOMPARE(slurp(b), std::string("old b"));
        QCOMPARE(entries(dir), (QStringList{"a.csv", "b.csv"}));
    }

    void nothingVisibleBeforeCommitAndNothingLeftWithoutIt() {
        QTemporaryDir dir;
        const std::string a = dir.filePath("a.csv").toStdString();
        {
            OutputSet out;
            out.declare("--out", a);
            out.stage(a, "content");
            QVERIFY(!QFile::exists(QString::fromStdString(a)));
        }
        QVERIFY(entries(dir).isEmpty());
    }

    void characterDeviceWrittenInPlace() {
        writeFileAtomically("/dev/null", "discarded");
        struct stat st {};
        QCOMPARE(::stat("/dev/null", &st), 0);
        QVERIFY(S_ISCHR(st.st_mode));
    }

    // What gets a sidecar: a file of its own, existing or not; not standard output, a device
    // or a FIFO.
    void regularFileOutputs() {
        QTemporaryDir dir;
        QVERIFY(outputIsRegularFile(dir.filePath("new.csv").toStdString()));
        put(dir.filePath("old.csv").toStdString(), "x");
        QVERIFY(outputIsRegularFile(dir.filePath("old.csv").toStdString()));
        QVERIFY(!outputIsRegularFile("-"));
        QVERIFY(!outputIsRegularFile("/dev/null"));
        const std::string fifo = dir.filePath("fifo").toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        QVERIFY(!outputIsRegularFile(fifo));
    }

    void specialFilesAndInputsRefused() {
        QTemporaryDir dir;
        const std::string fifo = dir.filePath("fifo").toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        OutputSet out({dir.filePath("in.csv").toStdString()});
        QVERIFY_THROWS_EXCEPTION(InputError, out.declare("--out", fifo));
        QVERIFY_THROWS_EXCEPTION(InputError, out.declare("--out", dir.path().toStdString()));
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 out.declare("--out", dir.filePath("no/such/x").toStdString()));
        const std::string in = dir.filePath("in.csv").toStdString();
        put(in, "1,2\n");
        OutputSet same({in});
        // The same file under another spelling is still the input.
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 same.declare("--out", dir.path().toStdString() + "/./in.csv"));
        OutputSet twice;
        twice.declare("--out", dir.filePath("x").toStdString());
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 twice.declare("--svg", dir.filePath("x").toStdString()));
        QCOMPARE(slurp(in), std::string("1,2\n"));
    }

    void readsOnlyBoundedRegularFiles() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("m.csv").toStdString();
        put(path, "0,1\n1,0\n");
        QCOMPARE(readInputFile(path), std::string("0,1\n1,0\n"));
        QVERIFY_THROWS_EXCEPTION(InputError, readInputFile(path, 4)); // over the cap
        const std::string fifo = dir.filePath("fifo").toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        QVERIFY_THROWS_EXCEPTION(InputError, readInputFile(fifo)); // refused, never blocks
        QVERIFY_THROWS_EXCEPTION(InputError, readInputFile("/dev/zero"));
        QVERIFY_THROWS_EXCEPTION(InputError, readInputFile(dir.path().toStdString()));
        try {
            readInputFile(dir.filePath("bad\nname").toStdString());
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find('\n') == std::string::npos); // one line
        }
    }
};

QTEST_APPLESS_MAIN(TestFileIo)
#include "test_file_io.moc"
