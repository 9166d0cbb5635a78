#include "test_support.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <system_error>

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h> // environ too (_GNU_SOURCE, which g++ and clang++ define)

namespace fs = std::filesystem;

namespace rl::test {

// ---- files and folders

TempDir::TempDir() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = (tmp != nullptr && *tmp != '\0') ? tmp : "/tmp";
    pattern += "/reducelab-test-XXXXXX";
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    if (::mkdtemp(buffer.data()) != nullptr) {
        m_path = buffer.data();
    }
}

TempDir::~TempDir() {
    if (!m_path.empty()) {
        std::error_code ignored;
        fs::remove_all(m_path, ignored);
    }
}

std::string TempDir::filePath(std::string_view name) const {
    return m_path + "/" + std::string(name);
}

std::optional<std::string> readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return std::nullopt;
    }
    std::ostringstream content;
    content << in.rdbuf();
    if (in.bad()) {
        return std::nullopt;
    }
    return std::move(content).str();
}

bool writeFile(const std::string& path, std::string_view content) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.close();
    return !out.fail();
}

bool fileExists(const std::string& path) {
    std::error_code error;
    return fs::exists(path, error);
}

std::int64_t fileSize(const std::string& path) {
    std::error_code error;
    const auto size = fs::file_size(path, error);
    return error ? -1 : static_cast<std::int64_t>(size);
}

std::string currentDirectory() {
    std::error_code error;
    return fs::current_path(error).string();
}

bool setCurrentDirectory(const std::string& path) {
    std::error_code error;
    fs::current_path(path, error);
    return !error;
}

std::vector<std::string> dirEntries(const std::string& path) {
    std::vector<std::string> names;
    std::error_code error;
    for (fs::directory_iterator it(path, error), end; !error && it != end; it.increment(error)) {
        names.push_back(it->path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
}

// ---- text

std::vector<std::string> lines(std::string_view text) {
    std::vector<std::string> result;
    for (std::string& line : split(text, '\n')) {
        if (!line.empty()) {
            result.push_back(std::move(line));
        }
    }
    return result;
}

std::vector<std::string> split(std::string_view text, char separator) {
    std::vector<std::string> parts;
    std::size_t from = 0;
    while (true) {
        const std::size_t end = text.find(separator, from);
        parts.emplace_back(text.substr(from, end - from));
        if (end == std::string_view::npos) {
            return parts;
        }
        from = end + 1;
    }
}

std::string join(const std::vector<std::string>& parts, std::string_view separator) {
    std::string text;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i > 0) {
            text += separator;
        }
        text += parts[i];
    }
    return text;
}

bool contains(std::string_view text, std::string_view part) {
    return text.find(part) != std::string_view::npos;
}

bool contains(std::string_view text, char c) {
    return text.find(c) != std::string_view::npos;
}

bool startsWith(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

bool endsWith(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

std::size_t count(std::string_view text, char c) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), c));
}

std::size_t count(std::string_view text, std::string_view part) {
    std::size_t n = 0;
    for (std::size_t at = text.find(part); !part.empty() && at != std::string_view::npos;
         at = text.find(part, at + part.size())) {
        ++n;
    }
    return n;
}

std::string trimmed(std::string_view text) {
    const auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
    while (!text.empty() && space(text.front())) {
        text.remove_prefix(1);
    }
    while (!text.empty() && space(text.back())) {
        text.remove_suffix(1);
    }
    return std::string(text);
}

std::string simplified(std::string_view text) {
    std::string out;
    bool space = false;
    for (char c : text) {
        if (std::isspace(static_cast<unsigned char>(c)) != 0) {
            space = true;
            continue;
        }
        if (space && !out.empty()) {
            out += ' ';
        }
        space = false;
        out += c;
    }
    return out;
}

std::string fillPlaceholders(std::string_view pattern, const std::string* texts,
                             std::size_t count) {
    std::string out;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char next = i + 1 < pattern.size() ? pattern[i + 1] : '\0';
        if (pattern[i] == '%' && next >= '1' && next <= '9' &&
            static_cast<std::size_t>(next - '1') < count) {
            out += texts[static_cast<std::size_t>(next - '1')];
            ++i;
        } else {
            out += pattern[i];
        }
    }
    return out;
}

std::optional<double> parseDouble(std::string_view text) {
    const std::string field = trimmed(text);
    if (field.empty()) {
        return std::nullopt;
    }
    char* end = nullptr;
    const double value = std::strtod(field.c_str(), &end);
    if (end != field.c_str() + field.size()) {
        return std::nullopt;
    }
    return value;
}

double toDouble(std::string_view text) {
    return parseDouble(text).value_or(0.0);
}

long long toLongLong(std::string_view text) {
    const std::string field = trimmed(text);
    if (field.empty()) {
        return 0;
    }
    char* end = nullptr;
    errno = 0;
    const long long value = std::strtoll(field.c_str(), &end, 10);
    return end == field.c_str() + field.size() && errno == 0 ? value : 0;
}

// ---- processes

namespace {

void closeFd(int& fd) {
    if (fd >= 0) {
        ::close(fd);
        fd = -1;
    }
}

/// NAME=VALUE strings: this process's environment with the options' changes.
std::vector<std::string> environmentFor(const ProcessOptions& options) {
    std::map<std::string, std::string> vars;
    for (char** e = environ; *e != nullptr; ++e) {
        const std::string_view entry(*e);
        const std::size_t eq = entry.find('=');
        if (eq != std::string_view::npos) {
            vars[std::string(entry.substr(0, eq))] = std::string(entry.substr(eq + 1));
        }
    }
    for (const auto& [name, value] : options.environment) {
        if (value) {
            vars[name] = *value;
        } else {
            vars.erase(name);
        }
    }
    std::vector<std::string> result;
    result.reserve(vars.size());
    for (const auto& [name, value] : vars) {
        result.push_back(name + "=" + value);
    }
    return result;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
    std::vector<char*> p;
    p.reserve(strings.size() + 1);
    for (std::string& s : strings) {
        p.push_back(s.data());
    }
    p.push_back(nullptr);
    return p;
}

} // namespace

std::string findExecutable(const std::string& name) {
    if (name.find('/') != std::string::npos) {
        return ::access(name.c_str(), X_OK) == 0 ? name : std::string();
    }
    const char* path = std::getenv("PATH");
    for (const std::string& dir : split(path != nullptr ? path : "/usr/bin:/bin", ':')) {
        const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
        if (::access(candidate.c_str(), X_OK) == 0 && !fs::is_directory(candidate)) {
            return candidate;
        }
    }
    return {};
}

Process::~Process() {
    if (m_pid > 0 && !m_exited) {
        ::kill(m_pid, SIGKILL);
        ::waitpid(m_pid, &m_status, 0);
    }
    closeFd(m_out);
    closeFd(m_err);
}

bool Process::start(const std::string& program, const std::vector<std::string>& args,
                    const ProcessOptions& options) {
    const std::string executable = findExecutable(program);
    if (executable.empty()) {
        return false;
    }
    // Everything the child needs is made before fork(): after it, the child only calls
    // async-signal-safe functions (dup2, chdir, execve, write, _exit).
    std::vector<std::string> argv{program};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<std::string> envp = environmentFor(options);
    std::vector<char*> argvp = pointers(argv);
    std::vector<char*> envpp = pointers(envp);
    int out[2] = {-1, -1};
    int err[2] = {-1, -1};
    int exec[2] = {-1, -1}; // closed by a successful exec; carries errno otherwise
    if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0 ||
        ::pipe2(exec, O_CLOEXEC) != 0) {
        for (int* fds : {out, err, exec}) {
            closeFd(fds[0]);
            closeFd(fds[1]);
        }
        return false;
    }
    const int devNull = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    const pid_t pid = ::fork();
    if (pid == 0) {
        if (::dup2(devNull, 0) < 0 || ::dup2(out[1], 1) < 0 || ::dup2(err[1], 2) < 0 ||
            (!options.workingDirectory.empty() && ::chdir(options.workingDirectory.c_str()) != 0)) {
            const int e = errno;
            [[maybe_unused]] const auto written = ::write(exec[1], &e, sizeof e);
            ::_exit(127);
        }
        ::execve(executable.c_str(), argvp.data(), envpp.data());
        const int e = errno;
        [[maybe_unused]] const auto written = ::write(exec[1], &e, sizeof e);
        ::_exit(127);
    }
    closeFd(out[1]);
    closeFd(err[1]);
    closeFd(exec[1]);
    if (devNull >= 0) {
        ::close(devNull);
    }
    if (pid < 0) {
        closeFd(out[0]);
        closeFd(err[0]);
        closeFd(exec[0]);
        return false;
    }
    int childErrno = 0;
    ssize_t got = 0;
    do {
        got = ::read(exec[0], &childErrno, sizeof childErrno);
    } while (got < 0 && errno == EINTR);
    closeFd(exec[0]);
    m_pid = pid;
    m_out = out[0];
    m_err = err[0];
    if (got > 0) { // the exec failed: the child has exited
        ::waitpid(m_pid, &m_status, 0);
        m_exited = true;
        return false;
    }
    m_result.started = true;
    return true;
}

bool Process::isRunning() {
    if (m_pid <= 0 || m_exited) {
        return false;
    }
    if (::waitpid(m_pid, &m_status, WNOHANG) == m_pid) {
        m_exited = true;
    }
    return !m_exited;
}

// Reads both outputs until they close or the time is up.
void Process::drain(int timeoutMs) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    char buffer[65536];
    while (m_out >= 0 || m_err >= 0) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                              deadline - std::chrono::steady_clock::now())
                              .count();
        if (left <= 0) {
            return;
        }
        pollfd fds[2] = {{m_out, POLLIN, 0}, {m_err, POLLIN, 0}};
        const int ready = ::poll(fds, 2, static_cast<int>(std::min<long long>(left, 1000)));
        if (ready < 0 && errno != EINTR) {
            return;
        }
        int* fd[2] = {&m_out, &m_err};
        std::string* text[2] = {&m_result.out, &m_result.err};
        for (int k = 0; k < 2 && ready > 0; ++k) {
            if (*fd[k] < 0 || fds[k].revents == 0) {
                continue;
            }
            const ssize_t n = ::read(*fd[k], buffer, sizeof buffer);
            if (n > 0) {
                text[k]->append(buffer, static_cast<std::size_t>(n));
            } else if (n == 0 || errno != EINTR) {
                closeFd(*fd[k]);
            }
        }
    }
}

ProcessResult Process::waitForFinished(int timeoutMs) {
    if (m_pid <= 0) {
        return m_result;
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    drain(timeoutMs);
    // Its outputs closed: the program ends now (or went on without them, until the deadline).
    while (!m_exited && std::chrono::steady_clock::now() < deadline) {
        if (!isRunning()) {
            break;
        }
        ::usleep(5000);
    }
    bool killed = false;
    if (!m_exited) {
        ::kill(m_pid, SIGKILL);
        ::waitpid(m_pid, &m_status, 0);
        m_exited = true;
        killed = true;
        drain(1000);
    }
    closeFd(m_out);
    closeFd(m_err);
    m_result.finished = !killed && WIFEXITED(m_status);
    m_result.exitCode = WIFEXITED(m_status) ? WEXITSTATUS(m_status) : -1;
    return m_result;
}

ProcessResult runProcess(const std::string& program, const std::vector<std::string>& args,
                         const ProcessOptions& options) {
    Process p;
    if (!p.start(program, args, options)) {
        return {};
    }
    return p.waitForFinished(options.timeoutMs);
}

// ---- GoogleTest helpers

bool qtFuzzyEqual(double actual, double expected) {
    // QTest::qCompare(double, double) in Qt 6: qFuzzyCompare unless `expected` is null, where
    // qFuzzyIsNull(actual) decides.
    const auto fuzzyIsNull = [](double d) { return std::abs(d) <= 1e-12; };
    switch (std::fpclassify(expected)) {
    case FP_INFINITE:
        return (expected < 0) == (actual < 0) && std::isinf(actual);
    case FP_NAN:
        return std::isnan(actual);
    case FP_SUBNORMAL:
    case FP_ZERO:
        return fuzzyIsNull(actual);
    default:
        if (fuzzyIsNull(expected)) {
            return fuzzyIsNull(actual);
        }
        return std::abs(actual - expected) * 1e12 <= std::min(std::abs(actual), std::abs(expected));
    }
}

::testing::AssertionResult fuzzyEqual(const char* actualText, const char* expectedText,
                                      double actual, double expected) {
    if (qtFuzzyEqual(actual, expected)) {
        return ::testing::AssertionSuccess();
    }
    std::ostringstream message;
    message.precision(17);
    message << "Expected " << actualText << " to equal " << expectedText
            << " to 12 significant digits\n  actual: " << actual << "\n  expected: " << expected;
    return ::testing::AssertionFailure() << message.str();
}

std::string rowName(std::string_view description) {
    std::string name;
    bool gap = false;
    for (char c : description) {
        if (std::isalnum(static_cast<unsigned char>(c)) != 0) {
            if (gap && !name.empty()) {
                name += '_';
            }
            name += c;
            gap = false;
        } else {
            gap = true;
        }
    }
    return name.empty() ? "row" : name;
}

} // namespace rl::test
