#include "base/file_io.h"

#include "base/input_error.h"
#include "base/text_util.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <limits>
#include <sys/stat.h>
#include <unistd.h>

namespace rl {

namespace {

std::string systemReason(int error) {
    return std::strerror(error);
}

/// The folder part of `path` ("." when it has none).
std::string folderOf(const std::string& path) {
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos) {
        return ".";
    }
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string baseName(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

/// Writes all of `data` to `fd`, retrying short writes and EINTR; false with errno set.
bool writeAll(int fd, std::string_view data) {
    while (!data.empty()) {
        const ssize_t n = ::write(fd, data.data(), data.size());
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return false;
        }
        data.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

/// Identity of an existing file, to recognise an output that names an input (through another
/// spelling, a link, or "./").
struct FileId {
    dev_t device = 0;
    ino_t inode = 0;
    bool operator==(const FileId&) const = default;
};

bool fileId(const std::string& path, FileId& id) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        return false;
    }
    id = {st.st_dev, st.st_ino};
    return true;
}

} // namespace

std::string readInputFile(const std::string& path, std::size_t maxBytes) {
    const std::string name = rl::quoted(path);
    struct stat st {};
    // stat before open: opening a FIFO for reading would block until a writer comes.
    if (::stat(path.c_str(), &st) != 0) {
        throw InputError("cannot read " + name + ": " + systemReason(errno));
    }
    if (!S_ISREG(st.st_mode)) {
        throw InputError("cannot read " + name + ": not a regular file" +
                         (S_ISDIR(st.st_mode) ? " (a folder)" : ""));
    }
    // O_NONBLOCK: if the path was swapped for a FIFO after the stat, open still returns.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        throw InputError("cannot read " + name + ": " + systemReason(errno));
    }
    std::string content;
    try {
        if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
            throw InputError("cannot read " + name + ": not a regular file");
        }
        const auto limitText = std::to_string(maxBytes >> 20) + " MiB";
        if (static_cast<std::uint64_t>(st.st_size) > maxBytes) {
            throw InputError("cannot read " + name + ": the file has " +
                             std::to_string(st.st_size) + " bytes, more than the limit of " +
                             (maxBytes >= (std::size_t{1} << 20)
                                  ? limitText
                                  : std::to_string(maxBytes) + " bytes"));
        }
        content.resize(static_cast<std::size_t>(st.st_size));
        std::size_t done = 0;
        // Read until EOF, not just st_size bytes: a file that grows while read is still capped.
        for (;;) {
            if (done == content.size()) {
                if (content.size() >= maxBytes + 1) {
                    break;
                }
                content.resize(std::min(maxBytes + 1, content.size() + 65536));
            }
            const ssize_t n = ::read(fd, content.data() + done, content.size() - done);
            if (n < 0) {
                if (errno == EINTR) {
                    continue;
                }
                throw InputError("cannot read " + name + ": " + systemReason(errno));
            }
            if (n == 0) {
                break;
            }
            done += static_cast<std::size_t>(n);
        }
        if (done > maxBytes) {
            throw InputError("cannot read " + name + ": larger than the limit of " + limitText);
        }
        content.resize(done);
    } catch (...) {
        ::close(fd);
        throw;
    }
    ::close(fd);
    return content;
}

namespace {

/// `path` made absolute and lexically normal, with the links of its existing part resolved.
std::string normalPath(const std::string& path) {
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
    if (ec) {
        return path;
    }
    const std::filesystem::path canonical = std::filesystem::weakly_canonical(absolute, ec);
    return (ec ? absolute.lexically_normal() : canonical).string();
}

/// link() refused because the file system (or its policy) has no hard links for this file:
/// the backup is then made by renaming the previous file aside.
bool linkUnsupported(int error) {
    return error == EPERM || error == EOPNOTSUPP || error == ENOSYS || error == EMLINK ||
           error == EXDEV;
}

} // namespace

bool samePathOrFile(const std::string& a, const std::string& b) {
    if (a == "-" || b == "-") {
        return false;
    }
    FileId ia;
    FileId ib;
    if (fileId(a, ia) && fileId(b, ib)) {
        return ia == ib;
    }
    return normalPath(a) == normalPath(b);
}

struct OutputSet::Impl {
    struct Entry final : Stream {
        Impl* owner = nullptr;
        std::string option;
        std::string path;   // as given
        std::string target; // where the content goes (a link's destination)
        bool standardOutput = false;
        bool device = false;
        bool exists = false;
        mode_t mode = 0666;
        std::string temp; // staged temporary file, or empty
        int fd = -1;
        std::string pending; // content of a device or of "-", written at commit
        bool staged = false;
        // During commit():
        std::string backup;     // the previous content's name beside the target, or empty
        bool moveAside = false; // the backup is made by renaming the target (no hard links)
        bool moved = false;     // ... and the target was renamed there
        bool committed = false; // the staged file was renamed over the target

        void write(std::string_view data) override { owner->append(*this, data); }
        bool isFile() const { return !standardOutput && !device; }
    };

    struct Input {
        std::string option;
        std::string path;
    };

    std::vector<Input> inputs;
    std::vector<std::unique_ptr<Entry>> entries;
    std::uint64_t failAfter = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t written = 0;
    std::function<void(std::string_view, const std::string&)> stepHook;
    bool withoutHardLinks = false;

    Entry& find(const std::string& path) {
        for (auto& e : entries) {
            if (e->path == path) {
                return *e;
            }
        }
        throw std::logic_error("output " + rl::quoted(path) + " was not declared");
    }

    void step(std::string_view action, const Entry& e) {
        if (stepHook) {
            stepHook(action, e.target.empty() ? e.path : e.target);
        }
    }

    [[noreturn]] void fail(Entry& e, const std::string& reason) {
        const std::string message = "cannot write " + rl::quoted(e.path) + ": " + reason + undo();
        throw OutputError(message);
    }
    [[noreturn]] void fail(Entry& e, int error) { fail(e, systemReason(error)); }

    void append(Entry& e, std::string_view data) {
        if (!e.isFile()) {
            e.pending.append(data);
            return;
        }
        if (e.fd < 0) {
            throw std::logic_error("output " + rl::quoted(e.path) + " is not open");
        }
        if (written + data.size() > failAfter) {
            const auto room = static_cast<std::size_t>(failAfter - written);
            writeAll(e.fd, data.substr(0, room));
            written = failAfter;
            fail(e, ENOSPC);
        }
        if (!writeAll(e.fd, data)) {
            fail(e, errno);
        }
        written += data.size();
    }

    void openTemp(Entry& e) {
        std::string pattern = folderOf(e.target) + "/." + baseName(e.target) + ".XXXXXX.part";
        std::vector<char> buffer(pattern.begin(), pattern.end());
        buffer.push_back('\0');
        const int fd = ::mkstemps(buffer.data(), 5);
        if (fd < 0) {
            // declare() found the folder: "No such file or directory" here means a file system
            // that makes no new files (/proc, /sys), and would mislead.
            if (errno == ENOENT) {
                fail(e, "its folder " + rl::quoted(folderOf(e.target)) +
                            " takes no new files (a virtual file system such as /proc)");
            }
            fail(e, errno);
        }
        e.fd = fd;
        e.temp = buffer.data();
        // mkstemp makes 0600; give the file the mode the target has, or the usual 0666 less
        // the umask for a new file.
        mode_t mode = e.mode;
        if (!e.exists) {
            const mode_t mask = ::umask(0);
            ::umask(mask);
            mode = 0666 & ~mask;
        }
        ::fchmod(fd, mode);
    }

    void finishTemp(Entry& e) {
        if (e.fd < 0) {
            return;
        }
        const int fd = e.fd;
        e.fd = -1;
        if (::fsync(fd) != 0) {
            const int error = errno;
            ::close(fd);
            fail(e, error);
        }
        if (::close(fd) != 0) {
            fail(e, errno);
        }
    }

    /// Devices and standard output, written in place before any file is replaced: they cannot
    /// be taken back, and when one fails (a full device, a closed pipe) no file has changed.
    void writeDevices() {
        for (auto& e : entries) {
            if (e->device) {
                step("write", *e);
                const int fd = ::open(e->target.c_str(), O_WRONLY | O_CLOEXEC | O_NONBLOCK);
                if (fd < 0) {
                    fail(*e, errno);
                }
                if (!writeAll(fd, e->pending)) {
                    const int error = errno;
                    ::close(fd);
                    fail(*e, error);
                }
                if (::close(fd) != 0) {
                    fail(*e, errno);
                }
            } else if (e->standardOutput) {
                step("write", *e);
                if (std::fwrite(e->pending.data(), 1, e->pending.size(), stdout) !=
                        e->pending.size() ||
                    std::fflush(stdout) != 0) {
                    fail(*e, errno);
                }
            }
        }
    }

    /// Keeps the previous content of an existing target under a new name beside it: a hard link
    /// (the target never disappears), or, where the file system has none, an empty placeholder
    /// that the target is renamed over just before its replacement.
    void makeBackup(Entry& e) {
        struct stat st {};
        if (::stat(e.target.c_str(), &st) != 0) {
            if (errno == ENOENT) {
                return; // a new file: removed again if the commit fails
            }
            fail(e, errno);
        }
        if (!S_ISREG(st.st_mode)) {
            fail(e, "is no longer a regular file");
        }
        const std::string_view stem =
            std::string_view(e.temp).substr(0, e.temp.size() - 5); // ".NAME.XXXXXX"
        for (int attempt = 0; attempt < 100; ++attempt) {
            std::string name(stem);
            if (attempt > 0) {
                name += '-';
                name += std::to_string(attempt);
            }
            name += ".prev";
            if (!e.moveAside && !withoutHardLinks) {
                if (::link(e.target.c_str(), name.c_str()) == 0) {
                    e.backup = name;
                    return;
                }
                if (errno == EEXIST) {
                    continue;
                }
                if (!linkUnsupported(errno)) {
                    fail(e, errno);
                }
            }
            e.moveAside = true;
            const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
            if (fd >= 0) {
                ::close(fd);
                e.backup = name;
                return;
            }
            if (errno != EEXIST) {
                fail(e, errno);
            }
        }
        fail(e, EEXIST);
    }

    /// Every staged file renamed over its target, the previous contents kept until all are.
    void replaceFiles() {
        for (auto& e : entries) {
            if (e->isFile()) {
                step("backup", *e);
                makeBackup(*e);
            }
        }
        for (auto& e : entries) {
            if (!e->isFile()) {
                continue;
            }
            step("rename", *e);
            if (e->moveAside && !e->backup.empty()) {
                if (::rename(e->target.c_str(), e->backup.c_str()) != 0) {
                    fail(*e, errno);
                }
                e->moved = true;
            }
            if (::rename(e->temp.c_str(), e->target.c_str()) != 0) {
                fail(*e, errno);
            }
            e->temp.clear();
            e->committed = true;
        }
        // The renames on disk before the backups go (best effort: not every file system can
        // sync a folder).
        std::vector<std::string> folders;
        for (auto& e : entries) {
            const std::string folder = folderOf(e->target);
            if (e->isFile() && std::find(folders.begin(), folders.end(), folder) == folders.end()) {
                folders.push_back(folder);
                const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
                if (fd >= 0) {
                    ::fsync(fd);
                    ::close(fd);
                }
            }
        }
    }

    /// After a successful commit: the backups go; nothing is left to undo.
    void removeBackups() {
        for (auto& e : entries) {
            if (!e->backup.empty()) {
                step("cleanup", *e);
                ::unlink(e->backup.c_str());
                e->backup.clear();
            }
            e->committed = false;
            e->moved = false;
            e->pending.clear();
        }
    }

    /// Brings every target back to its state before commit() and removes every temporary
    /// file; returns a note naming any previous content that could not be put back (it stays
    /// in its backup file), to append to the error message.
    std::string undo() noexcept {
        std::string note;
        for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
            Entry& e = **it;
            if (e.fd >= 0) {
                ::close(e.fd);
                e.fd = -1;
            }
            if (!e.temp.empty()) {
                ::unlink(e.temp.c_str());
                e.temp.clear();
            }
            if (!e.backup.empty()) {
                if (!e.committed && !e.moved) {
                    ::unlink(e.backup.c_str()); // the target still holds the previous content
                } else if (::rename(e.backup.c_str(), e.target.c_str()) != 0) {
                    note += "; its previous content is kept in " + rl::quoted(e.backup);
                }
                e.backup.clear();
            } else if (e.committed) {
                ::unlink(e.target.c_str()); // did not exist before this commit
            }
            e.committed = false;
            e.moved = false;
        }
        return note;
    }
};

OutputSet::OutputSet(std::vector<std::string> inputs) : m_impl(std::make_unique<Impl>()) {
    for (std::string& path : inputs) {
        m_impl->inputs.push_back({"", std::move(path)});
    }
}

OutputSet::~OutputSet() {
    m_impl->undo(); // removes staged files; what a successful commit() showed stays
}

void OutputSet::declareInput(std::string_view option, const std::string& path) {
    for (const auto& e : m_impl->entries) {
        if (!e->standardOutput && samePathOrFile(path, e->target)) {
            throw InputError((e->option.empty() ? "" : e->option + " ") + rl::quoted(e->path) +
                             ": is also an input of this command (" + std::string(option) +
                             "); refused");
        }
    }
    m_impl->inputs.push_back({std::string(option), path});
}

void OutputSet::declare(std::string_view option, const std::string& path) {
    auto e = std::make_unique<Impl::Entry>();
    e->owner = m_impl.get();
    e->option = std::string(option);
    e->path = path;
    const std::string where =
        e->option.empty() ? rl::quoted(path) : e->option + " " + rl::quoted(path);
    if (path.empty()) {
        throw InputError(e->option + ": an empty path cannot be written");
    }
    for (const auto& other : m_impl->entries) {
        if (other->path == path) {
            throw InputError(where + ": the same output is named twice (" + other->option + ")");
        }
    }
    if (path == "-") {
        e->standardOutput = true;
        m_impl->entries.push_back(std::move(e));
        return;
    }
    e->target = path;
    char resolved[PATH_MAX];
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode) &&
        ::realpath(path.c_str(), resolved) != nullptr) {
        e->target = resolved; // replace the link's file, keep the link
    }
    if (::stat(e->target.c_str(), &st) == 0) {
        e->exists = true;
        if (S_ISCHR(st.st_mode)) {
            e->device = true;
        } else if (!S_ISREG(st.st_mode)) {
            throw InputError(where + ": " +
                             (S_ISDIR(st.st_mode)    ? "is a folder"
                              : S_ISFIFO(st.st_mode) ? "is a FIFO, not a regular file"
                                                     : "is not a regular file") +
                             "; refused");
        }
        e->mode = st.st_mode & 07777;
        if (e->device && ::access(e->target.c_str(), W_OK) != 0) {
            throw InputError(where + ": " + systemReason(errno));
        }
    } else if (errno != ENOENT) {
        throw InputError(where + ": " + systemReason(errno));
    }
    // Existing or not: a file the command reads (or writes by itself, as a checkpoint) is never
    // an output, and two outputs never share a file (a device may be named twice).
    for (const Impl::Input& input : m_impl->inputs) {
        if (samePathOrFile(input.path, e->target)) {
            throw InputError(where + ": is also an input of this command" +
                             (input.option.empty() ? "" : " (" + input.option + ")") + "; refused");
        }
    }
    for (const auto& other : m_impl->entries) {
        if (!e->device && other->isFile() && samePathOrFile(other->target, e->target)) {
            throw InputError(where + ": the same output is named twice (" + other->option + ")");
        }
    }
    if (!e->device) {
        const std::string folder = folderOf(e->target);
        struct stat fs {};
        if (::stat(folder.c_str(), &fs) != 0) {
            throw InputError(where + ": folder " + rl::quoted(folder) + ": " + systemReason(errno));
        }
        if (!S_ISDIR(fs.st_mode)) {
            throw InputError(where + ": " + rl::quoted(folder) + " is not a folder");
        }
        if (::access(folder.c_str(), W_OK | X_OK) != 0) {
            throw InputError(where + ": folder " + rl::quoted(folder) + " is not writable (" +
                             systemReason(errno) + ")");
        }
    }
    m_impl->entries.push_back(std::move(e));
}

void OutputSet::stage(const std::string& path, std::string_view content) {
    open(path).write(content);
}

OutputSet::Stream& OutputSet::open(const std::string& path) {
    Impl::Entry& e = m_impl->find(path);
    if (e.staged) {
        throw std::logic_error("output " + rl::quoted(path) + " staged twice");
    }
    e.staged = true;
    if (e.isFile()) {
        m_impl->openTemp(e);
    }
    return e;
}

void OutputSet::commit() {
    Impl& impl = *m_impl;
    for (auto& e : impl.entries) {
        if (!e->staged) {
            throw std::logic_error("output " + rl::quoted(e->path) + " declared but never staged");
        }
    }
    try {
        for (auto& e : impl.entries) {
            impl.finishTemp(*e);
        }
        impl.writeDevices();
        impl.replaceFiles();
    } catch (const OutputError&) {
        throw; // already undone
    } catch (...) {
        impl.undo(); // a test hook's exception: the same undo as a failed step
        throw;
    }
    impl.removeBackups();
}

void OutputSet::failAfterBytesForTesting(std::uint64_t bytes) {
    m_impl->failAfter = bytes;
}

void OutputSet::beforeCommitStepForTesting(
    std::function<void(std::string_view action, const std::string& target)> hook) {
    m_impl->stepHook = std::move(hook);
}

void OutputSet::withoutHardLinksForTesting() {
    m_impl->withoutHardLinks = true;
}

void writeFileAtomically(const std::string& path, std::string_view content,
                         const std::vector<std::string>& inputs) {
    OutputSet out(inputs);
    out.declare("", path);
    out.stage(path, content);
    out.commit();
}

bool outputIsRegularFile(const std::string& path) {
    struct stat st {};
    return path != "-" && (::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode));
}

} // namespace rl
