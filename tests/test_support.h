#pragma once
// What the GoogleTest tests share, without Qt: a temporary folder, whole files read and written,
// a program run as a separate process (arguments without a shell, its exit code and both
// outputs), text split into lines, and two GoogleTest helpers (Qt Test's comparison of doubles,
// and the names of a table's rows).

#include <gtest/gtest.h>

#include <sys/types.h>

#include <array>
#include <concepts>
#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace rl::test {

// ---- files and folders

/// A new, empty folder under $TMPDIR (or /tmp), removed with its content when destroyed.
class TempDir {
  public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    /// False when the folder could not be made (path() is then empty).
    bool isValid() const { return !m_path.empty(); }
    const std::string& path() const { return m_path; }
    /// The path of `name` inside the folder.
    std::string filePath(std::string_view name) const;

  private:
    std::string m_path;
};

/// The bytes of a file, or nothing when it cannot be read.
std::optional<std::string> readFile(const std::string& path);
/// Writes (replaces) a file; false when it cannot be written in full.
bool writeFile(const std::string& path, std::string_view content);
bool fileExists(const std::string& path);
/// The size of a file in bytes, -1 when there is none.
std::int64_t fileSize(const std::string& path);
/// The working directory of this process, and changing it (false when it cannot).
std::string currentDirectory();
bool setCurrentDirectory(const std::string& path);
/// The names in a folder (hidden ones too, without "." and ".."), sorted.
std::vector<std::string> dirEntries(const std::string& path);

// ---- text

/// The non-empty lines of a text.
std::vector<std::string> lines(std::string_view text);
/// Every field between separators, empty ones included ("a,,b" gives three).
std::vector<std::string> split(std::string_view text, char separator);
std::string join(const std::vector<std::string>& parts, std::string_view separator);
bool contains(std::string_view text, std::string_view part);
bool contains(std::string_view text, char c);
bool startsWith(std::string_view text, std::string_view prefix);
bool endsWith(std::string_view text, std::string_view suffix);
/// How many times `c` occurs.
std::size_t count(std::string_view text, char c);
/// How many times `part` occurs, without overlaps.
std::size_t count(std::string_view text, std::string_view part);
/// The text without white space at either end.
std::string trimmed(std::string_view text);
/// The text trimmed, every run of white space inside it one space.
std::string simplified(std::string_view text);
/// `pattern` with %1 ... %9 replaced by texts[0] ... texts[count - 1].
std::string fillPlaceholders(std::string_view pattern, const std::string* texts, std::size_t count);
/// A value as a stream writes it.
template <class T> std::string streamed(const T& value) {
    std::ostringstream os;
    os << value;
    return os.str();
}
/// `pattern` with %1, %2, ... replaced by the arguments as a stream writes them (QString::arg's
/// placeholders, for the tests' messages).
template <class... T> std::string formatted(std::string_view pattern, const T&... args) {
    const std::array<std::string, sizeof...(T)> texts{streamed(args)...};
    return fillPlaceholders(pattern, texts.data(), texts.size());
}
/// The number a whole field holds (white space around allowed), if it holds one.
std::optional<double> parseDouble(std::string_view text);
/// The number a whole field holds (white space around allowed), 0 when it holds none.
double toDouble(std::string_view text);
/// The integer a whole field holds, 0 when it holds none.
long long toLongLong(std::string_view text);

// ---- processes

struct ProcessOptions {
    int timeoutMs = 120000;
    /// Variables to set (a value) or remove (nothing), over this process's environment.
    std::map<std::string, std::optional<std::string>> environment;
    /// Where the program starts; empty: this process's working directory.
    std::string workingDirectory;
};

struct ProcessResult {
    bool started = false;  ///< the program was found and executed
    bool finished = false; ///< it exited by itself (no signal) within the time limit
    int exitCode = -1;
    std::string out;
    std::string err;
};

/// A program run with its arguments (no shell; `program` is looked up in PATH when it has no
/// slash), standard input empty, standard output and error read as it runs.
class Process {
  public:
    Process() = default;
    ~Process();
    Process(const Process&) = delete;
    Process& operator=(const Process&) = delete;

    bool start(const std::string& program, const std::vector<std::string>& args,
               const ProcessOptions& options = {});
    /// True while the program has not ended.
    bool isRunning();
    pid_t pid() const { return m_pid; }
    /// Waits until the program ends, at most `timeoutMs` (then it is killed: not finished).
    ProcessResult waitForFinished(int timeoutMs);

  private:
    void drain(int timeoutMs);
    pid_t m_pid = -1;
    int m_out = -1;
    int m_err = -1;
    bool m_exited = false;
    int m_status = 0;
    ProcessResult m_result;
};

ProcessResult runProcess(const std::string& program, const std::vector<std::string>& args,
                         const ProcessOptions& options = {});

/// The full path of a program found in PATH, empty when there is none.
std::string findExecutable(const std::string& name);

// ---- GoogleTest helpers

/// Qt Test's QCOMPARE of two doubles, which the tests were written with: equal to 12
/// significant digits (qFuzzyCompare), zero against a magnitude of at most 1e-12, infinities
/// by sign, NaN against NaN.
bool qtFuzzyEqual(double actual, double expected);
::testing::AssertionResult fuzzyEqual(const char* actualText, const char* expectedText,
                                      double actual, double expected);

/// A test name from a table row's description: its letters and digits, every other run of
/// characters one underscore ("cv 1 (shape 1)" gives "cv_1_shape_1").
std::string rowName(std::string_view description);

/// INSTANTIATE_TEST_SUITE_P's name generator for rows that have a `name` member.
struct RowName {
    template <class Row> std::string operator()(const ::testing::TestParamInfo<Row>& info) const {
        return rowName(info.param.name);
    }
};

} // namespace rl::test

/// How GoogleTest shows a row of a test's table (a struct with a `name`, declared in the test
/// file's global namespace, where this is found): by its name, not its bytes.
template <class Row>
requires std::is_class_v<Row> && requires(const Row& row) {
    { row.name } -> std::convertible_to<std::string_view>;
}
std::ostream& operator<<(std::ostream& os, const Row& row) {
    return os << std::string_view(row.name);
}

#define EXPECT_FUZZY_EQ(actual, expected)                                                          \
    EXPECT_PRED_FORMAT2(::rl::test::fuzzyEqual, actual, expected)
#define ASSERT_FUZZY_EQ(actual, expected)                                                          \
    ASSERT_PRED_FORMAT2(::rl::test::fuzzyEqual, actual, expected)
