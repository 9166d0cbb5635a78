// The one output writer and input reader: atomic, all or nothing, special files refused or
// written in place, inputs never overwritten, bounded reads that never block.
#include "base/file_io.h"
#include "base/input_error.h"

#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
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

/// Every file in `dir` (hidden ones included) by name, with its content.
std::map<std::string, std::string> contents(const QTemporaryDir& dir) {
    std::map<std::string, std::string> out;
    for (const QString& name : entries(dir)) {
        const std::string path = dir.filePath(name).toStdString();
        out[name.toStdString()] =
            std::filesystem::is_directory(path) ? std::string("<folder>") : slurp(path);
    }
    return out;
}

/// The three outputs of the commit tests: one replaced, one created, one replaced.
struct ThreeOutputs {
    std::string a, b, c;
    explicit ThreeOutputs(const QTemporaryDir& dir)
        : a(dir.filePath("a.csv").toStdString()), b(dir.filePath("b.csv").toStdString()),
          c(dir.filePath("c.csv").toStdString()) {
        put(a, "old a");
        put(c, "old c");
    }
    void stageIn(OutputSet& out) const {
        for (const std::string& p : {a, b, c}) {
            out.declare("--" + p.substr(p.size() - 5, 1), p);
        }
        out.stage(a, "new a");
        out.stage(b, "new b");
        out.stage(c, "new c");
    }
};

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

    // A device that fails (here full) fails before any file is replaced: every previous file
    // stays as it was, a new one is not created, no temporary file is left.
    void failingDeviceKeepsEveryFile() {
        QTemporaryDir dir;
        const ThreeOutputs files(dir);
        OutputSet out;
        files.stageIn(out);
        out.declare("--paje", "/dev/full");
        out.stage("/dev/full", "trace");
        std::vector<std::string> steps;
        out.beforeCommitStepForTesting([&](std::string_view action, const std::string& target) {
            steps.push_back(std::string(action) + " " + target);
        });
        try {
            out.commit();
            QFAIL("writing /dev/full succeeded");
        } catch (const OutputError& e) {
            QCOMPARE(std::string(e.what()), std::string("cannot write '/dev/full': No space left "
                                                        "on device"));
        }
        const std::map<std::string, std::string> expected{{"a.csv", "old a"}, {"c.csv", "old c"}};
        QCOMPARE(contents(dir), expected);
        // Not even for an instant: the device came first, and no file was touched after it.
        QCOMPARE(steps, std::vector<std::string>{"write /dev/full"});
    }

    // A rename that fails after others succeeded (here a folder appears where b.csv goes)
    // gives the targets already replaced their previous content back, with or without hard
    // links for the backups.
    void failedRenameRestoresTheReplacedFiles_data() {
        QTest::addColumn<bool>("hardLinks");
        QTest::newRow("hard-link backups") << true;
        QTest::newRow("renamed backups (no hard links)") << false;
    }
    void failedRenameRestoresTheReplacedFiles() {
        QFETCH(bool, hardLinks);
        QTemporaryDir dir;
        const ThreeOutputs files(dir);
        OutputSet out;
        if (!hardLinks) {
            out.withoutHardLinksForTesting();
        }
        files.stageIn(out);
        bool aReplaced = false;
        out.beforeCommitStepForTesting([&](std::string_view action, const std::string& target) {
            if (action == "rename" && target == files.b) {
                aReplaced = slurp(files.a) == "new a";
                QDir().mkpath(QString::fromStdString(files.b + "/inside"));
            }
        });
        QVERIFY_THROWS_EXCEPTION(OutputError, out.commit());
        QVERIFY(aReplaced); // the failure came after a.csv was replaced
        const std::map<std::string, std::string> expected{
            {"a.csv", "old a"}, {"b.csv", "<folder>"}, {"c.csv", "old c"}};
        QCOMPARE(contents(dir), expected);
    }

    // Without hard links, a successful commit leaves no backup either.
    void commitWithoutHardLinks() {
        QTemporaryDir dir;
        const ThreeOutputs files(dir);
        OutputSet out;
        out.withoutHardLinksForTesting();
        files.stageIn(out);
        out.commit();
        const std::map<std::string, std::string> expected{
            {"a.csv", "new a"}, {"b.csv", "new b"}, {"c.csv", "new c"}};
        QCOMPARE(contents(dir), expected);
    }

    // Crash safety: a process killed (SIGKILL) before any step of a commit never loses both
    // the previous and the new content of an output: until every rename is done, each target
    // holds one of them in full and the other is in a hidden file beside it. A commit that
    // ends leaves every target with its new content and nothing else.
    void killedAnywhereInACommitLosesNothing_data() { failedRenameRestoresTheReplacedFiles_data(); }
    void killedAnywhereInACommitLosesNothing() {
        QFETCH(bool, hardLinks);
        bool completed = false;
        int killedSteps = 0;
        for (int killAt = 0; !completed && killAt < 50; ++killAt) {
            QTemporaryDir dir;
            const ThreeOutputs files(dir);
            const pid_t child = ::fork();
            QVERIFY(child >= 0);
            if (child == 0) {
                OutputSet out;
                if (!hardLinks) {
                    out.withoutHardLinksForTesting();
                }
                files.stageIn(out);
                out.declare("--trace", "/dev/null");
                out.stage("/dev/null", "trace");
                int step = 0;
                out.beforeCommitStepForTesting([&](std::string_view, const std::string&) {
                    if (step++ == killAt) {
                        ::raise(SIGKILL);
                    }
                });
                out.commit();
                ::_exit(0);
            }
            int status = 0;
            QCOMPARE(::waitpid(child, &status, 0), child);
            const std::map<std::string, std::string> files_ = contents(dir);
            completed = WIFEXITED(status) && WEXITSTATUS(status) == 0;
            if (completed) {
                const std::map<std::string, std::string> expected{
                    {"a.csv", "new a"}, {"b.csv", "new b"}, {"c.csv", "new c"}};
                QCOMPARE(files_, expected);
                break;
            }
            QVERIFY(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
            ++killedSteps;
            const auto holds = [&](const std::string& name, const std::string& content) {
                const auto it = files_.find(name);
                return it != files_.end() && it->second == content;
            };
            if (holds("a.csv", "new a") && holds("b.csv", "new b") && holds("c.csv", "new c")) {
                continue; // every rename done: the commit has succeeded, backups may remain
            }
            for (const std::string name : {"a.csv", "b.csv", "c.csv"}) {
                const std::string before = name == "b.csv" ? "" : "old " + name.substr(0, 1);
                const std::string after = "new " + name.substr(0, 1);
                bool hasOld = before.empty();
                bool hasNew = false;
                for (const auto& [file, content] : files_) {
                    const bool mine = file == name || file.rfind("." + name + ".", 0) == 0;
                    if (!mine || content.empty()) {
                        continue; // an empty file: a backup's placeholder
                    }
                    QVERIFY2(content == before || content == after,
                             qPrintable(QString::fromStdString(file + ": " + content)));
                    hasOld = hasOld || content == before;
                    hasNew = hasNew || content == after;
                }
                const auto target = files_.find(name);
                QVERIFY2(hasOld && hasNew,
                         qPrintable(QString("killed at step %1: %2 lost a content")
                                        .arg(killAt)
                                        .arg(QString::fromStdString(name))));
                if (hardLinks && !before.empty()) {
                    QVERIFY(target != files_.end()); // with hard links a target never vanishes
                }
            }
        }
        QVERIFY(completed);
        QVERIFY(killedSteps >= 8); // a device, three backups, three renames, two cleanups
    }

    // One rule for "the same file": spellings of one path are one before the file exists, and
    // links to one file are one once it does.
    void samePathsAndFiles() {
        QTemporaryDir dir;
        const std::string d = dir.path().toStdString();
        QVERIFY(samePathOrFile(d + "/x.csv", d + "/./x.csv"));
        QVERIFY(samePathOrFile(d + "/x.csv", d + "/sub/../x.csv"));
        QVERIFY(!samePathOrFile(d + "/x.csv", d + "/x.csv.json"));
        QVERIFY(!samePathOrFile("-", "-"));
        QVERIFY(std::filesystem::create_directory(d + "/real"));
        std::filesystem::create_directory_symlink(d + "/real", d + "/alias");
        QVERIFY(samePathOrFile(d + "/alias/y.csv", d + "/real/y.csv")); // neither exists
        put(d + "/real/y.csv", "y");
        std::filesystem::create_hard_link(d + "/real/y.csv", d + "/hard.csv");
        QVERIFY(samePathOrFile(d + "/hard.csv", d + "/alias/y.csv"));
        const QString cwd = QDir::currentPath();
        QVERIFY(QDir::setCurrent(dir.path()));
        QVERIFY(samePathOrFile("z.csv", d + "/z.csv"));
        QVERIFY(QDir::setCurrent(cwd));
    }

    // An input (or a checkpoint the command writes by itself) that does not exist yet is
    // still refused as an output, in either order of declaration, under any spelling; so are
    // two outputs that name one new file.
    void newFilesNamedTwiceRefused() {
        QTemporaryDir dir;
        const std::string ckpt = dir.filePath("o.csv").toStdString();
        OutputSet out;
        out.declareInput("--checkpoint", ckpt);
        try {
            out.declare("--out", dir.path().toStdString() + "/./o.csv");
            QFAIL("an output naming the checkpoint was accepted");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find(
                         "is also an input of this command (--checkpoint)") != std::string::npos,
                     e.what());
        }
        OutputSet later;
        later.declare("--out", ckpt);
        QVERIFY_THROWS_EXCEPTION(InputError, later.declareInput("--checkpoint", ckpt));
        OutputSet twice;
        twice.declare("--out", ckpt);
        QVERIFY_THROWS_EXCEPTION(
            InputError, twice.declare("--hist", dir.path().toStdString() + "/sub/../o.csv"));
        // A device may be named twice: it is written in place.
        OutputSet devices;
        devices.declare("--out", "/dev/null");
        devices.declare("--hist", "/dev/./null");
        QVERIFY(entries(dir).isEmpty());
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
