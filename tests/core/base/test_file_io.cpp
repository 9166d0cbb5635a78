// The one output writer and input reader: atomic, all or nothing, special files refused or
// written in place, inputs never overwritten, bounded reads that never block.
#include "base/file_io.h"
#include "base/input_error.h"

#include "../../test_support.h"

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
std::vector<std::string> entries(const rl::test::TempDir& dir) {
    return rl::test::dirEntries(dir.path());
}

/// Every file in `dir` (hidden ones included) by name, with its content.
std::map<std::string, std::string> contents(const rl::test::TempDir& dir) {
    std::map<std::string, std::string> out;
    for (const std::string& name : entries(dir)) {
        const std::string path = dir.filePath(name);
        out[name] = std::filesystem::is_directory(path) ? std::string("<folder>") : slurp(path);
    }
    return out;
}

/// The three outputs of the commit tests: one replaced, one created, one replaced.
struct ThreeOutputs {
    std::string a, b, c;
    explicit ThreeOutputs(const rl::test::TempDir& dir)
        : a(dir.filePath("a.csv")), b(dir.filePath("b.csv")), c(dir.filePath("c.csv")) {
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

TEST(FileIo, WritesAndReplacesAtomically) {
    rl::test::TempDir dir;
    const std::string path = dir.filePath("a.csv");
    writeFileAtomically(path, "one\n");
    ASSERT_EQ(slurp(path), std::string("one\n"));
    writeFileAtomically(path, "two\n");
    ASSERT_EQ(slurp(path), std::string("two\n"));
    ASSERT_EQ(entries(dir), std::vector<std::string>{"a.csv"});
}

// A write that fails half way (injected ENOSPC) keeps the old content, leaves no temporary
// file, and a second output of the same command that was already staged is not shown.
TEST(FileIo, FailureHalfWayKeepsTheOldFiles) {
    rl::test::TempDir dir;
    const std::string a = dir.filePath("a.csv");
    const std::string b = dir.filePath("b.csv");
    put(a, "old a");
    put(b, "old b");
    OutputSet out;
    out.declare("--out", a);
    out.declare("--hist", b);
    out.failAfterBytesForTesting(6000);
    out.stage(a, std::string(5000, 'x'));
    ASSERT_THROW(out.stage(b, std::string(5000, 'y')), OutputError);
    ASSERT_EQ(slurp(a), std::string("old a"));
    ASSERT_EQ(slurp(b), std::string("old b"));
    ASSERT_EQ(entries(dir), (std::vector<std::string>{"a.csv", "b.csv"}));
}

// A device that fails (here full) fails before any file is replaced: every previous file
// stays as it was, a new one is not created, no temporary file is left.
TEST(FileIo, FailingDeviceKeepsEveryFile) {
    rl::test::TempDir dir;
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
        FAIL() << "writing /dev/full succeeded";
    } catch (const OutputError& e) {
        ASSERT_EQ(std::string(e.what()), std::string("cannot write '/dev/full': No space left "
                                                     "on device"));
    }
    const std::map<std::string, std::string> expected{{"a.csv", "old a"}, {"c.csv", "old c"}};
    ASSERT_EQ(contents(dir), expected);
    // Not even for an instant: the device came first, and no file was touched after it.
    ASSERT_EQ(steps, std::vector<std::string>{"write /dev/full"});
}

// A rename that fails after others succeeded (here a folder appears where b.csv goes)
// gives the targets already replaced their previous content back, with or without hard
// links for the backups.
struct FailedRenameRestoresTheReplacedFilesRow {
    std::string name;
    bool hardLinks;
};

std::vector<FailedRenameRestoresTheReplacedFilesRow> failedRenameRestoresTheReplacedFilesRows() {
    return {
        {"hard-link backups", true},
        {"renamed backups (no hard links)", false},
    };
}

class FailedRenameRestoresTheReplacedFiles
    : public ::testing::TestWithParam<FailedRenameRestoresTheReplacedFilesRow> {};

TEST_P(FailedRenameRestoresTheReplacedFiles, Row) {
    auto hardLinks = GetParam().hardLinks;
    rl::test::TempDir dir;
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
            std::filesystem::create_directories(files.b + "/inside");
        }
    });
    ASSERT_THROW(out.commit(), OutputError);
    ASSERT_TRUE(aReplaced); // the failure came after a.csv was replaced
    const std::map<std::string, std::string> expected{
        {"a.csv", "old a"}, {"b.csv", "<folder>"}, {"c.csv", "old c"}};
    ASSERT_EQ(contents(dir), expected);
}
INSTANTIATE_TEST_SUITE_P(FileIo, FailedRenameRestoresTheReplacedFiles,
                         ::testing::ValuesIn(failedRenameRestoresTheReplacedFilesRows()),
                         rl::test::RowName());

// Without hard links, a successful commit leaves no backup either.
TEST(FileIo, CommitWithoutHardLinks) {
    rl::test::TempDir dir;
    const ThreeOutputs files(dir);
    OutputSet out;
    out.withoutHardLinksForTesting();
    files.stageIn(out);
    out.commit();
    const std::map<std::string, std::string> expected{
        {"a.csv", "new a"}, {"b.csv", "new b"}, {"c.csv", "new c"}};
    ASSERT_EQ(contents(dir), expected);
}

// Crash safety: a process killed (SIGKILL) before any step of a commit never loses both
// the previous and the new content of an output: until every rename is done, each target
// holds one of them in full and the other is in a hidden file beside it. A commit that
// ends leaves every target with its new content and nothing else.
// The same rows: with hard-link backups, and with renamed ones.
class KilledAnywhereInACommitLosesNothing
    : public ::testing::TestWithParam<FailedRenameRestoresTheReplacedFilesRow> {};

TEST_P(KilledAnywhereInACommitLosesNothing, Row) {
    auto hardLinks = GetParam().hardLinks;
    bool completed = false;
    int killedSteps = 0;
    for (int killAt = 0; !completed && killAt < 50; ++killAt) {
        rl::test::TempDir dir;
        const ThreeOutputs files(dir);
        const pid_t child = ::fork();
        ASSERT_TRUE(child >= 0);
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
        ASSERT_EQ(::waitpid(child, &status, 0), child);
        const std::map<std::string, std::string> files_ = contents(dir);
        completed = WIFEXITED(status) && WEXITSTATUS(status) == 0;
        if (completed) {
            const std::map<std::string, std::string> expected{
                {"a.csv", "new a"}, {"b.csv", "new b"}, {"c.csv", "new c"}};
            ASSERT_EQ(files_, expected);
            break;
        }
        ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
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
                ASSERT_TRUE(content == before || content == after) << file + ": " + content;
                hasOld = hasOld || content == before;
                hasNew = hasNew || content == after;
            }
            const auto target = files_.find(name);
            ASSERT_TRUE(hasOld && hasNew)
                << "killed at step " << killAt << ": " << name << " lost a content";
            if (hardLinks && !before.empty()) {
                ASSERT_TRUE(target != files_.end()); // with hard links a target never vanishes
            }
        }
    }
    ASSERT_TRUE(completed);
    ASSERT_TRUE(killedSteps >= 8); // a device, three backups, three renames, two cleanups
}
INSTANTIATE_TEST_SUITE_P(FileIo, KilledAnywhereInACommitLosesNothing,
                         ::testing::ValuesIn(failedRenameRestoresTheReplacedFilesRows()),
                         rl::test::RowName());

// One rule for "the same file": spellings of one path are one before the file exists, and
// links to one file are one once it does.
TEST(FileIo, SamePathsAndFiles) {
    rl::test::TempDir dir;
    const std::string d = dir.path();
    ASSERT_TRUE(samePathOrFile(d + "/x.csv", d + "/./x.csv"));
    ASSERT_TRUE(samePathOrFile(d + "/x.csv", d + "/sub/../x.csv"));
    ASSERT_TRUE(!samePathOrFile(d + "/x.csv", d + "/x.csv.json"));
    ASSERT_TRUE(!samePathOrFile("-", "-"));
    ASSERT_TRUE(std::filesystem::create_directory(d + "/real"));
    std::filesystem::create_directory_symlink(d + "/real", d + "/alias");
    ASSERT_TRUE(samePathOrFile(d + "/alias/y.csv", d + "/real/y.csv")); // neither exists
    put(d + "/real/y.csv", "y");
    std::filesystem::create_hard_link(d + "/real/y.csv", d + "/hard.csv");
    ASSERT_TRUE(samePathOrFile(d + "/hard.csv", d + "/alias/y.csv"));
    const std::string cwd = rl::test::currentDirectory();
    ASSERT_TRUE(rl::test::setCurrentDirectory(dir.path()));
    ASSERT_TRUE(samePathOrFile("z.csv", d + "/z.csv"));
    ASSERT_TRUE(rl::test::setCurrentDirectory(cwd));
}

// An input (or a checkpoint the command writes by itself) that does not exist yet is
// still refused as an output, in either order of declaration, under any spelling; so are
// two outputs that name one new file.
TEST(FileIo, NewFilesNamedTwiceRefused) {
    rl::test::TempDir dir;
    const std::string ckpt = dir.filePath("o.csv");
    OutputSet out;
    out.declareInput("--checkpoint", ckpt);
    try {
        out.declare("--out", dir.path() + "/./o.csv");
        FAIL() << "an output naming the checkpoint was accepted";
    } catch (const InputError& e) {
        ASSERT_TRUE(std::string(e.what()).find("is also an input of this command (--checkpoint)") !=
                    std::string::npos)
            << e.what();
    }
    OutputSet later;
    later.declare("--out", ckpt);
    ASSERT_THROW(later.declareInput("--checkpoint", ckpt), InputError);
    OutputSet twice;
    twice.declare("--out", ckpt);
    ASSERT_THROW(twice.declare("--hist", dir.path() + "/sub/../o.csv"), InputError);
    // A device may be named twice: it is written in place.
    OutputSet devices;
    devices.declare("--out", "/dev/null");
    devices.declare("--hist", "/dev/./null");
    ASSERT_TRUE(entries(dir).empty());
}

TEST(FileIo, NothingVisibleBeforeCommitAndNothingLeftWithoutIt) {
    rl::test::TempDir dir;
    const std::string a = dir.filePath("a.csv");
    {
        OutputSet out;
        out.declare("--out", a);
        out.stage(a, "content");
        ASSERT_TRUE(!rl::test::fileExists(a));
    }
    ASSERT_TRUE(entries(dir).empty());
}

TEST(FileIo, CharacterDeviceWrittenInPlace) {
    writeFileAtomically("/dev/null", "discarded");
    struct stat st {};
    ASSERT_EQ(::stat("/dev/null", &st), 0);
    ASSERT_TRUE(S_ISCHR(st.st_mode));
}

// What gets a sidecar: a file of its own, existing or not; not standard output, a device
// or a FIFO.
TEST(FileIo, RegularFileOutputs) {
    rl::test::TempDir dir;
    ASSERT_TRUE(outputIsRegularFile(dir.filePath("new.csv")));
    put(dir.filePath("old.csv"), "x");
    ASSERT_TRUE(outputIsRegularFile(dir.filePath("old.csv")));
    ASSERT_TRUE(!outputIsRegularFile("-"));
    ASSERT_TRUE(!outputIsRegularFile("/dev/null"));
    const std::string fifo = dir.filePath("fifo");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    ASSERT_TRUE(!outputIsRegularFile(fifo));
}

TEST(FileIo, SpecialFilesAndInputsRefused) {
    rl::test::TempDir dir;
    const std::string fifo = dir.filePath("fifo");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    OutputSet out({dir.filePath("in.csv")});
    ASSERT_THROW(out.declare("--out", fifo), InputError);
    ASSERT_THROW(out.declare("--out", dir.path()), InputError);
    ASSERT_THROW(out.declare("--out", dir.filePath("no/such/x")), InputError);
    const std::string in = dir.filePath("in.csv");
    put(in, "1,2\n");
    OutputSet same({in});
    // The same file under another spelling is still the input.
    ASSERT_THROW(same.declare("--out", dir.path() + "/./in.csv"), InputError);
    OutputSet twice;
    twice.declare("--out", dir.filePath("x"));
    ASSERT_THROW(twice.declare("--svg", dir.filePath("x")), InputError);
    ASSERT_EQ(slurp(in), std::string("1,2\n"));
}

TEST(FileIo, ReadsOnlyBoundedRegularFiles) {
    rl::test::TempDir dir;
    const std::string path = dir.filePath("m.csv");
    put(path, "0,1\n1,0\n");
    ASSERT_EQ(readInputFile(path), std::string("0,1\n1,0\n"));
    ASSERT_THROW(readInputFile(path, 4), InputError); // over the cap
    const std::string fifo = dir.filePath("fifo");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    ASSERT_THROW(readInputFile(fifo), InputError); // refused, never blocks
    ASSERT_THROW(readInputFile("/dev/zero"), InputError);
    ASSERT_THROW(readInputFile(dir.path()), InputError);
    try {
        readInputFile(dir.filePath("bad\nname"));
        FAIL() << "no error";
    } catch (const InputError& e) {
        ASSERT_TRUE(std::string(e.what()).find('\n') == std::string::npos); // one line
    }
}
