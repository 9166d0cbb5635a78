// The reliability contract of the executables (README, Reliability), on the commands that broke
// it before: every one exits 0 with a correct result or 2 with one line naming the problem; no
// file is clobbered, truncated or left behind; nothing blocks. (The GUI's part of the contract,
// --help without a display and no dialog when it runs unattended, is test_gui_flags.)

#include "cli_runner.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <map>
#include <regex>
#include <thread>

#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace rl::test;

namespace {

std::string slurp(const std::string& path) {
    return readFile(path).value_or(std::string());
}

void put(const std::string& path, const std::string& data) {
    ASSERT_TRUE(writeFile(path, data));
}

/// A refusal: exit 2, nothing on standard output, exactly one line on standard error that
/// contains `needle`.
void expectRefused(const CliResult& r, const std::string& needle) {
    const std::string err = r.err;
    ASSERT_TRUE(r.exitCode == 2) << "exit " << r.exitCode << ": " << err;
    ASSERT_TRUE(r.out.empty()) << r.out;
    ASSERT_TRUE(count(err, '\n') == 1 && err.ends_with('\n')) << err;
    ASSERT_TRUE(err.starts_with("reducelab-cli: error: ")) << err;
    ASSERT_TRUE(contains(err, needle)) << err + " lacks: " + needle;
}

std::string senderOnly(int count) {
    Args t;
    for (int i = 0; i < count; ++i) {
        t << std::string("1");
    }
    return "senderonly:" + join(t, ",");
}

/// The outputs of one verb, each "OPTION FILE", and the options of its figures.
struct VerbOutputsCase {
    const char* name;
    Args args;
    Args outputs;
    Args figureArgs = {}; ///< options that only apply to figures
};

/// Whether an output ("OPTION FILE") is a figure, which only a build with the GUI draws.
bool isFigure(const std::string& output) {
    for (const char* option :
         {"--gantt ", "--tree ", "--figure ", "--animation ", "--png ", "--svg ", "--pdf "}) {
        if (output.starts_with(option)) {
            return true;
        }
    }
    return false;
}

/// Every verb with every output it writes (sweep's --out brings its sidecar FILE.json); in a
/// build without figures, every output but the figures.
std::vector<VerbOutputsCase> everyVerbsOutputs() {
    std::vector<VerbOutputsCase> verbs = {
        {"run",
         {"run", "--algo", "binomial", "--n", "4"},
         {"--out o.csv", "--gantt g.png", "--tree t.svg", "--figure f.pdf", "--paje p.paje",
          "--narration n.txt", "--animation a.gif"},
         {"--seconds", "0.5", "--fps", "2", "--size", "320x180"}},
        {"mc",
         {"mc", "--algo", "binomial", "--n", "4", "--replicates", "50"},
         {"--out o.csv", "--hist h.csv"}},
        {"sweep",
         {"sweep", "fig4", "--n", "4", "--replicates", "50", "--cv", "1", "--quiet"},
         {"--out r.csv", "--png f.png", "--svg f.svg", "--pdf f.pdf"}},
        {"divisible", {"divisible", "--preset", "star"}, {"--out o.csv", "--gantt g.svg"}},
        {"steady", {"steady", "--preset", "ring:4"}, {"--out o.csv", "--gantt g.png"}},
        {"theory", {"theory", "markov", "--n", "8"}, {"--out o.csv"}},
        {"bench",
         {"bench", "--algo", "binomial", "--n", "8", "--seconds", "0.02", "--quiet"},
         {"--out o.csv"}},
    };
    for (VerbOutputsCase& verb : verbs) {
        if (kCliDrawsFigures) {
            verb.args = verb.args + verb.figureArgs;
        } else {
            std::erase_if(verb.outputs, isFigure);
        }
    }
    return verbs;
}

/// The option of an output ("--out o.csv" gives "--out") and its file ("o.csv").
std::string optionOf(const std::string& output) {
    return output.substr(0, output.find(' '));
}
std::string fileOf(const std::string& output) {
    return output.substr(output.find(' ') + 1);
}

/// A checkpoint of `args` that records every point: the command fails at its commit (its
/// output is /dev/full) and keeps it.
void makeCompleteCheckpoint(Args args, const std::string& checkpoint) {
    args << "--checkpoint" << checkpoint << "--out"
         << "/dev/full";
    expectRefused(runCli(args), "cannot write '/dev/full': No space left on device");
    ASSERT_TRUE(rl::test::fileExists(checkpoint));
}

} // namespace

// Class 1: the kernels beyond the event queue's sorted-array limit (n > 512).
TEST(CliReliability, LargePlatformsRun) {
    for (const Args& args :
         {Args{"mc", "--algo", "binomial", "--n", "513", "--replicates", "1", "--threads", "1"},
          Args{"sweep", "fig4", "--n", "600", "--replicates", "1", "--cv", "1"},
          Args{"bench", "--n", "600", "--seconds", "0.02"}}) {
        const CliResult r = runCli(args);
        ASSERT_TRUE(r.exitCode == 0) << join(args, " ") + ": " + r.err;
        ASSERT_TRUE(!r.out.empty());
    }
}

// Class 2: streaming quantiles with two workers (crashed in 18 runs of 20).
TEST(CliReliability, StreamingWithTwoThreads) {
    for (int run = 0; run < 10; ++run) {
        const CliResult r = runCli({"mc", "--algo", "binomial", "--n", "2", "--replicates", "3000",
                                    "--exact-limit", "0", "--threads", "2"});
        ASSERT_EQ(r.exitCode, 0);
    }
}

// Classes 3, 8, 9: values the computations cannot hold are refused with the reason.
struct RefusedInputsRow {
    std::string name;
    Args args;
    std::string needle;
};

std::vector<RefusedInputsRow> refusedInputsRows() {
    return {
        {"tiny message size",
         {"steady", "--preset", "ring:4", "--size", "2.2250738585072014e-308"},
         "the message size = 2.2250738585072014e-308 is too small"},
        {"huge message size",
         {"steady", "--preset", "ring:4", "--size", "1.7976931348623157e308"},
         "the message size = 1.7976931348623157e+308 is too large"},
        {"replicates beyond memory",
         {"mc", "--algo", "all", "--n", "8", "--replicates", "1099511627776", "--exact-limit",
          "1099511627776"},
         "more than the limit of 4 GiB"},
        {"drawn matrix beyond memory",
         {"run", "--algo", "binomial", "--n", "100000", "--draw-matrix"},
         "a cost matrix for n = 100000 processors would need about 74.5 GiB"},
        {"schedule beyond memory",
         {"run", "--algo", "tree-dyn", "--n", "16777216"},
         "recording the schedule of n = 16777216 processors would need about 8 GiB"},
        {"long sender-only preset",
         {"run", "--algo", "snf", "--preset", senderOnly(30000)},
         "a cost matrix for n = 30000 processors"},
        {"device as matrix",
         {"run", "--algo", "binomial", "--n", "4", "--matrix", "/dev/zero"},
         "cannot read '/dev/zero': not a regular file"},
        {"reduction mean overflows",
         {"run", "--algo", "binomial", "--n", "8", "--comp", "exp:1e308"},
         "the mean = 1e+308 is too large"},
        {"markov mean overflows",
         {"theory", "markov", "--n", "8", "--comm-mean", "1e308"},
         "Markov chain: the transfer mean = 1e+308 is too large"},
        {"markov mean underflows",
         {"theory", "markov", "--n", "8", "--comp-mean", "1e-320"},
         "Markov chain: the reduction mean = 1e-320 is too small"},
        {"sweep ratio overflows",
         {"sweep", "fig6", "--ratio", "1e300", "--family", "uniform", "--replicates", "10"},
         "--ratio grid '1e300' = 1e+300 is too large"},
        {"degenerate gamma",
         {"run", "--algo", "binomial", "--n", "8", "--comm", "gamma:1:1e150"},
         "a gamma law needs CV <= 100"},
        {"degenerate bernoulli",
         {"mc", "--algo", "binomial", "--n", "8", "--comm", "bernoulli:1:1e200", "--replicates",
          "10"},
         "a Bernoulli law needs CV <= 1e+06"},
        // Class 10: a newline inside an argument is echoed escaped, on the one line.
        {"newline in an argument",
         {"run", "--algo", "binomial", "--n", "8", "--comm", "gamma:1\nx"},
         "'gamma:1\\nx'"},
        {"newline in a verb", {"ru\nn"}, "unknown verb 'ru\\nn'"},
    };
}

class RefusedInputs : public ::testing::TestWithParam<RefusedInputsRow> {};

TEST_P(RefusedInputs, Row) {
    auto args = GetParam().args;
    auto needle = GetParam().needle;
    expectRefused(runCli(args), needle);
}
INSTANTIATE_TEST_SUITE_P(CliReliability, RefusedInputs, ::testing::ValuesIn(refusedInputsRows()),
                         rl::test::RowName());

// Class 3: link costs that made GLPK abort are refused before any linear program.
TEST(CliReliability, ExtremeGraphsRefused) {
    rl::test::TempDir dir;
    for (const char* cost : {"1e300", "1e-300"}) {
        const std::string path = dir.filePath(std::string("g.csv"));
        put(path, formatted("0,%1\n%1,0\n1,1\n", cost));
        expectRefused(runCli({"steady", "--graph", path}), "link c(0,1)");
        const std::string matrix = dir.filePath(std::string("m.csv"));
        put(matrix, formatted("0,%1\n%1,0\n", cost));
        expectRefused(runCli({"steady", "--matrix", matrix}), "cost matrix: d[0][1]");
    }
}

// Found by fuzzing: costs from 1 to 1e27 in one graph made GLPK's simplex cycle for ever;
// refused at once with the range (and the simplex's iterations are capped).
TEST(CliReliability, BadlyScaledGraphRefusedAtOnce) {
    rl::test::TempDir dir;
    const std::string path = dir.filePath(std::string("g.csv"));
    put(path, "0,2,1\n1,0,4\n2,1000000000000000000000000000,51\n7,0,1\n");
    expectRefused(runCli({"steady", "--graph", path}),
                  "coefficients range from 1 to 1e+27, more than 1e+12 apart");
}

// Classes 6 and 11: special files are neither clobbered as outputs nor block as inputs.
TEST(CliReliability, SpecialFiles) {
    rl::test::TempDir dir;
    const std::string fifo = dir.filePath(std::string("fifo"));
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    expectRefused(runCli({"run", "--algo", "binomial", "--n", "8", "--out", fifo}),
                  "is a FIFO, not a regular file");
    expectRefused(runCli({"run", "--algo", "binomial", "--n", "8", "--matrix", fifo}),
                  "not a regular file");
    expectRefused(runCli({"steady", "--graph", fifo}), "not a regular file");
    struct stat st {};
    ASSERT_EQ(::stat(fifo.c_str(), &st), 0);
    ASSERT_TRUE(S_ISFIFO(st.st_mode));
    // A character device is written in place, never replaced by a file.
    const CliResult r = runCli({"run", "--algo", "binomial", "--n", "8", "--out", "/dev/null"});
    ASSERT_EQ(r.exitCode, 0);
    ASSERT_EQ(::stat("/dev/null", &st), 0);
    ASSERT_TRUE(S_ISCHR(st.st_mode));
}

// Class 7: every output is checked before any computation, and none is written when one
// is refused; an output naming an input is refused.
TEST(CliReliability, AllOrNothing) {
    rl::test::TempDir dir;
    const std::string paje = dir.filePath(std::string("p.paje"));
    const std::string gantt = dir.filePath(std::string("g.png"));
    // (A build without figures refuses --gantt: then the Paje trace is the other output.)
    const Args drawn = kCliDrawsFigures ? Args{"--gantt", gantt} : Args{};
    expectRefused(runCli(Args{"run", "--algo", "binomial", "--n", "8", "--paje", paje} + drawn +
                         Args{"--out", dir.filePath(std::string("no/x.csv"))}),
                  "--out '");
    ASSERT_EQ(dirEntries(dir.path()), Args{});
    const std::string hist = dir.filePath(std::string("h.csv"));
    expectRefused(runCli({"mc", "--algo", "binomial", "--n", "8", "--replicates", "100", "--hist",
                          hist, "--out", dir.filePath(std::string("no/x"))}),
                  "--out '");
    ASSERT_EQ(dirEntries(dir.path()), Args{});
    const std::string matrix = dir.filePath(std::string("m.csv"));
    put(matrix, "0,1\n1,0\n");
    expectRefused(runCli({"run", "--algo", "binomial", "--matrix", matrix, "--out", matrix}),
                  "is also an input of this command");
    expectRefused(runCli({"steady", "--matrix", matrix, "--out", matrix}),
                  "is also an input of this command");
    ASSERT_EQ(slurp(matrix), std::string("0,1\n1,0\n"));
    // A refused command leaves an existing output as it was.
    const std::string out = dir.filePath(std::string("keep.csv"));
    put(out, "previous result\n");
    expectRefused(
        runCli({"run", "--algo", "binomial", "--n", "8", "--comm", "gamma:1:-1", "--out", out}),
        "--comm");
    ASSERT_EQ(slurp(out), std::string("previous result\n"));
    // bench validates its output first: the refusal comes before any measurement line.
    expectRefused(runCli({"bench", "--out", dir.filePath(std::string("no/b.csv"))}), "--out '");
    ASSERT_EQ(dirEntries(dir.path()), (Args{"keep.csv", "m.csv"}));
}

// Class 5: kill -9 in the middle of a long sweep leaves the previous file and no
// temporary file.
TEST(CliReliability, KilledSweepLeavesThePreviousFile) {
    rl::test::TempDir dir;
    const std::string out = dir.filePath(std::string("fig4.csv"));
    put(out, "previous result\n");
    Process p;
    ASSERT_TRUE(p.start(REDUCELAB_CLI, {"sweep", "fig4", "--replicates", "100000000", "--threads",
                                        "1", "--quiet", "--out", out}));
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    ASSERT_TRUE(p.isRunning()); // still computing: the kill lands mid-run
    ::kill(p.pid(), SIGKILL);
    p.waitForFinished(30000);
    ASSERT_TRUE(!p.isRunning());
    ASSERT_EQ(slurp(out), std::string("previous result\n"));
    ASSERT_EQ(dirEntries(dir.path()), Args{"fig4.csv"});
}

// Class 5: a full disk (a 64 KiB tmpfs, when the tests run as root) keeps the previous
// file, leaves no temporary file and exits 2 naming the path and the reason.
TEST(CliReliability, FullDiskKeepsThePreviousFile) {
    if (::geteuid() != 0) {
        GTEST_SKIP() << "needs root to mount a small tmpfs";
    }
    rl::test::TempDir dir;
    const std::string& mountPoint = dir.path();
    if (::mount("tmpfs", mountPoint.c_str(), "tmpfs", 0, "size=64k") != 0) {
        GTEST_SKIP() << "cannot mount a tmpfs here";
    }
    const std::string out = dir.filePath(std::string("fig5.csv"));
    put(out, "previous result\n");
    const CliResult r = runCli({"sweep", "fig5", "--replicates", "20", "--quiet", "--out", out});
    const std::string kept = slurp(out);
    const std::vector<std::string> left = dirEntries(dir.path());
    ::umount(mountPoint.c_str());
    expectRefused(r, "No space left on device");
    ASSERT_EQ(kept, std::string("previous result\n"));
    ASSERT_EQ(left, Args{"fig5.csv"});
}

// A command whose last output fails to be written (here a full device, named through a
// link that gives it the right extension) leaves every other output as it was: the
// previous content of each existing file stays, no new file appears, no temporary file
// is left. Every output of every verb, in turn.
struct FailedOutputKeepsTheOtherFilesRow {
    std::string name;
    Args args;
    Args outputs;
    std::size_t failing;
};

std::vector<FailedOutputKeepsTheOtherFilesRow> failedOutputKeepsTheOtherFilesRows() {
    std::vector<FailedOutputKeepsTheOtherFilesRow> rows;
    for (const VerbOutputsCase& verb : everyVerbsOutputs()) {
        for (std::size_t i = 0; i < verb.outputs.size(); ++i) {
            const std::string row = std::string(verb.name) + " " + optionOf(verb.outputs[i]);
            rows.push_back({row, verb.args, verb.outputs, i});
        }
    }
    return rows;
}

class FailedOutputKeepsTheOtherFiles
    : public ::testing::TestWithParam<FailedOutputKeepsTheOtherFilesRow> {};

TEST_P(FailedOutputKeepsTheOtherFiles, Row) {
    auto args = GetParam().args;
    auto outputs = GetParam().outputs;
    auto failing = GetParam().failing;
    rl::test::TempDir dir;
    std::map<std::string, std::string> before;
    std::string full;
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        const std::string option = optionOf(outputs[i]);
        const std::string file = fileOf(outputs[i]);
        if (i == failing) {
            full = dir.filePath("full" + std::filesystem::path(file).extension().string());
            std::error_code error;
            std::filesystem::create_symlink("/dev/full", full, error);
            ASSERT_TRUE(!error) << error.message();
            args << option << full;
            continue;
        }
        before[file] = "previous " + file + "\n";
        if (option == "--out" && args.front() == "sweep") {
            before[file + ".json"] = "previous sidecar\n";
        }
        args << option << dir.filePath(file);
    }
    for (const auto& [file, content] : before) {
        put(dir.filePath(file), content);
    }
    expectRefused(runCli(args), "cannot write '" + full + "': No space left on device");
    std::vector<std::string> expected;
    for (const auto& [file, content] : before) {
        expected.push_back(file);
    }
    expected.push_back(std::filesystem::path(full).filename().string());
    std::sort(expected.begin(), expected.end());
    ASSERT_EQ(dirEntries(dir.path()), expected);
    for (const auto& [file, content] : before) {
        ASSERT_EQ(slurp(dir.filePath(file)), content);
    }
}
INSTANTIATE_TEST_SUITE_P(CliReliability, FailedOutputKeepsTheOtherFiles,
                         ::testing::ValuesIn(failedOutputKeepsTheOtherFilesRows()),
                         rl::test::RowName());

// Standard output that cannot be written (a full device, a reader gone: EPIPE, not a
// SIGPIPE that would kill the commit half way) fails before any file is replaced.
TEST(CliReliability, FailedStandardOutputKeepsTheFiles) {
    rl::test::TempDir dir;
    const std::string paje = dir.filePath(std::string("p.paje"));
    // The standard output of the command: /dev/full, or a pipe whose reader has ended.
    for (const std::string& stdoutTo : {std::string("> /dev/full"), std::string("| true")}) {
        put(paje, "previous trace\n");
        const std::string script = "\"$0\" run --algo binomial --n 64 --out - --paje \"$1\" " +
                                   stdoutTo + "; exit ${PIPESTATUS[0]}";
        ProcessOptions options;
        options.timeoutMs = 60000;
        const ProcessResult o = runProcess("bash", {"-c", script, REDUCELAB_CLI, paje}, options);
        ASSERT_TRUE(o.finished);
        ASSERT_TRUE(o.exitCode == 2) << stdoutTo + ": " + o.err;
        const std::string reason =
            stdoutTo.starts_with('|') ? "Broken pipe" : "No space left on device";
        ASSERT_EQ(o.err, "reducelab-cli: error: cannot write '-': " + reason + "\n");
        ASSERT_EQ(slurp(paje), std::string("previous trace\n"));
        ASSERT_EQ(dirEntries(dir.path()), Args{"p.paje"});
    }
}

// A checkpoint named as an output, or as the sidecar an output implies, is refused before
// any computation, whether or not the files exist yet, under any spelling.
struct CheckpointNamedAsAnOutputRow {
    std::string name;
    Args args;
    std::string needle;
};

std::vector<CheckpointNamedAsAnOutputRow> checkpointNamedAsAnOutputRows() {
    std::vector<CheckpointNamedAsAnOutputRow> rows;
    const Args mc{"mc", "--algo", "binomial", "--n", "4", "--replicates", "5"};
    const Args sweep{"sweep", "fig4", "--n", "4", "--replicates", "5", "--cv", "1"};
    rows.push_back({"mc --out", (mc + Args{"--checkpoint", "o.csv", "--out", "o.csv"}),
                    "--out 'o.csv': is also an input of this command "
                    "(--checkpoint); refused"});
    rows.push_back({"mc --hist", (mc + Args{"--checkpoint", "./h.csv", "--hist", "sub/../h.csv"}),
                    "--hist 'sub/../h.csv': is also an input"});
    rows.push_back({"sweep sidecar", (sweep + Args{"--checkpoint", "r.csv.json", "--out", "r.csv"}),
                    "--out sidecar 'r.csv.json': is also an input of this command (--checkpoint)"});
    if (kCliDrawsFigures) {
        rows.push_back({"sweep --png",
                        (sweep + Args{"--checkpoint", "f.png", "--png", "f.png", "--out", "r.csv"}),
                        "--png 'f.png': is also an input"});
    }
    return rows;
}

class CheckpointNamedAsAnOutput : public ::testing::TestWithParam<CheckpointNamedAsAnOutputRow> {};

TEST_P(CheckpointNamedAsAnOutput, Row) {
    auto args = GetParam().args;
    auto needle = GetParam().needle;
    rl::test::TempDir dir;
    ASSERT_TRUE(std::filesystem::create_directory(dir.filePath("sub")));
    const std::string cwd = currentDirectory();
    ASSERT_TRUE(setCurrentDirectory(dir.path()));
    const CliResult r = runCli(args);
    ASSERT_TRUE(setCurrentDirectory(cwd));
    expectRefused(r, needle);
    ASSERT_EQ(dirEntries(dir.path()), Args{"sub"});
}
INSTANTIATE_TEST_SUITE_P(CliReliability, CheckpointNamedAsAnOutput,
                         ::testing::ValuesIn(checkpointNamedAsAnOutputRows()), rl::test::RowName());

// A checkpoint whose bytes changed (here the 8 bytes of one recorded mean), or written by
// the previous format, is refused with the reason, and nothing is written.
TEST(CliReliability, DamagedCheckpointRefused) {
    rl::test::TempDir dir;
    const std::string checkpoint = dir.filePath(std::string("c.ckpt"));
    const Args job{"sweep", "fig4", "--n",     "16",        "--replicates",
                   "4000",  "--cv", "0.1:3:6", "--threads", "1"};
    makeCompleteCheckpoint(job, checkpoint);
    std::string bytes = slurp(checkpoint);
    const std::string good = bytes;
    bytes.replace(bytes.size() / 2, 8, std::string(8, '\x7f'));
    put(checkpoint, bytes);
    const std::string out = dir.filePath(std::string("r.csv"));
    expectRefused(runCli(job + Args{"--checkpoint", checkpoint, "--out", out}),
                  "checkpoint '" + checkpoint +
                      "' is damaged: its checksum does not match its content; remove it or "
                      "name another file");
    ASSERT_TRUE(!rl::test::fileExists(out));
    ASSERT_EQ(slurp(checkpoint), bytes); // refused, not replaced
    bytes = good;
    const std::string format2 = "reducelab checkpoint 2";
    for (std::size_t at = bytes.find(format2); at != std::string::npos;
         at = bytes.find(format2, at + 1)) {
        bytes.replace(at, format2.size(), "reducelab checkpoint 1");
    }
    put(checkpoint, bytes);
    expectRefused(runCli(job + Args{"--checkpoint", checkpoint, "--out", out}),
                  "has format 1, which this version of ReduceLab does not read (format 2)");
    ASSERT_TRUE(!rl::test::fileExists(out));
}

// A command that fails at its commit keeps its checkpoint with every point (the same
// command, resumed, computes nothing again and ends with the bytes of a run straight
// through, then removes it). Resumed and failing again, it prints exactly one line on
// standard error: notices (resumed, kept) come only with the progress report.
struct FailedCommandKeepsItsCheckpointRow {
    std::string name;
    Args job;
};

std::vector<FailedCommandKeepsItsCheckpointRow> failedCommandKeepsItsCheckpointRows() {
    return {
        {"mc",
         {"mc", "--algo", "binomial,tree-dyn", "--n", "8", "--replicates", "3000", "--exact-limit",
          "0"}},
        {"sweep",
         {"sweep", "fig5", "--n", "6", "--replicates", "200", "--cv", "0.5:2:2", "--ratio", "1",
          "--threads", "1"}},
    };
}

class FailedCommandKeepsItsCheckpoint
    : public ::testing::TestWithParam<FailedCommandKeepsItsCheckpointRow> {};

TEST_P(FailedCommandKeepsItsCheckpoint, Row) {
    auto job = GetParam().job;
    rl::test::TempDir dir;
    const std::string checkpoint = dir.filePath(std::string("c.ckpt"));
    makeCompleteCheckpoint(job, checkpoint);
    const std::string kept = slurp(checkpoint);
    const CliResult again = runCli(job + Args{"--checkpoint", checkpoint, "--out", "/dev/full"});
    expectRefused(again, "cannot write '/dev/full'"); // one line: no "resuming from"
    ASSERT_EQ(slurp(checkpoint), kept);
    const CliResult noisy =
        runCli(job + Args{"--checkpoint", checkpoint, "--out", "/dev/full", "--progress"});
    ASSERT_EQ(noisy.exitCode, 2);
    ASSERT_TRUE(contains(noisy.err, "resuming from '" + checkpoint + "'") &&
                contains(noisy.err, "the checkpoint '" + checkpoint + "' keeps ") &&
                contains(noisy.err, "points: the same command resumes from it\n"
                                    "reducelab-cli: error: cannot write '/dev/full'"))
        << noisy.err;

    const std::string out = dir.filePath(std::string("r.csv"));
    const CliResult resumed =
        runCli(job + Args{"--checkpoint", checkpoint, "--out", out, "--progress"});
    ASSERT_EQ(resumed.exitCode, 0);
    const std::regex all("resuming from '[^']*': (\\d+) of \\1 points done");
    ASSERT_TRUE(std::regex_search(resumed.err, all)) << resumed.err;
    ASSERT_TRUE(!rl::test::fileExists(checkpoint));
    const CliResult straight = runCli(job);
    ASSERT_EQ(straight.exitCode, 0);
    ASSERT_EQ(slurp(out), straight.out);
}
INSTANTIATE_TEST_SUITE_P(CliReliability, FailedCommandKeepsItsCheckpoint,
                         ::testing::ValuesIn(failedCommandKeepsItsCheckpointRows()),
                         rl::test::RowName());
