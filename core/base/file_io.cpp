#include "base/file_io.h"

#include "base/input_error.h"
#include "base/text_util.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
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
    const std::string name = quoted(path);
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
        bool committed = false;

        void write(std::string_view data) override { owner->append(*this, data); }
    };

    std::vector<std::string> inputs;
    std::vector<std::unique_ptr<Entry>> entries;
    std::uint64_t failAfter = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t written = 0;

    Entry& find(const std::string& path) {
        for (auto& e : entries) {
            if (e->path == path) {
                return *e;
            }
        }
        throw std::logic_error("output " + quoted(path) + " was not declared");
    }

    [[noreturn]] void fail(Entry& e, int error) {
        const std::string message = "cannot write " + quoted(e.path) + ": " + systemReason(error);
        discardAll();
        throw OutputError(message);
    }

    void append(Entry& e, std::string_view data) {
        if (e.standardOutput || e.device) {
            e.pending.append(data);
            return;
        }
        if (e.fd < 0) {
            throw std::logic_error("output " + quoted(e.path) + " is not open");
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

    void discardAll() noexcept {
        for (auto& e : entries) {
            if (e->fd >= 0) {
                ::close(e->fd);
                e->fd = -1;
            }
            if (!e->temp.empty()) {
                ::unlink(e->temp.c_str());
                e->temp.clear();
            }
            if (e->committed && !e->device && !e->standardOutput) {
                ::unlink(e->target.c_str()); // all or nothing: a partial set is removed
                e->committed = false;
            }
        }
    }
};

OutputSet::OutputSet(std::vector<std::string> inputs) : m_impl(std::make_unique<Impl>()) {
    m_impl->inputs = std::move(inputs);
}

OutputSet::~OutputSet() {
    for (auto& e : m_impl->entries) {
        e->committed = false; // a destroyed set never removes what a commit made visible
    }
    m_impl->discardAll();
}

void OutputSet::declare(std::string_view option, const std::string& path) {
    auto e = std::make_unique<Impl::Entry>();
    e->owner = m_impl.get();
    e->option = std::string(option);
    e->path = path;
    const std::string where = e->option.empty() ? quoted(path) : e->option + " " + quoted(path);
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
        FileId out;
        if (fileId(e->target, out)) {
            for (const std::string& input : m_impl->inputs) {
                FileId in;
                if (fileId(input, in) && in == out) {
                    throw InputError(where + ": is also an input of this command; refused");
                }
            }
            for (const auto& other : m_impl->entries) {
                FileId id;
                if (!other->standardOutput && fileId(other->target, id) && id == out &&
                    !e->device) {
                    throw InputError(where + ": the same output is named twice (" + other->option +
                                     ")");
                }
            }
        }
        if (e->device && ::access(e->target.c_str(), W_OK) != 0) {
            throw InputError(where + ": " + systemReason(errno));
        }
    } else if (errno != ENOENT) {
        throw InputError(where + ": " + systemReason(errno));
    }
    if (!e->device) {
        const std::string folder = folderOf(e->target);
        struct stat fs {};
        if (::stat(folder.c_str(), &fs) != 0) {
            throw InputError(where + ": folder " + quoted(folder) + ": " + systemReason(errno));
        }
        if (!S_ISDIR(fs.st_mode)) {
            throw InputError(where + ": " + quoted(folder) + " is not a folder");
        }
        if (::access(folder.c_str(), W_OK | X_OK) != 0) {
            throw InputError(where + ": folder " + quoted(folder) + " is not writable (" +
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
        throw std::logic_error("output " + quoted(path) + " staged twice");
    }
    e.staged = true;
    if (!e.standardOutput && !e.device) {
        m_impl->openTemp(e);
    }
    return e;
}

void OutputSet::commit() {
    Impl& impl = *m_impl;
    for (auto& e : impl.entries) {
        if (!e->staged) {
            throw std::logic_error("output " + quoted(e->path) + " declared but never staged");
        }
        impl.finishTemp(*e);
    }
    // Files first (renames are atomic and rarely fail), devices and standard output last, so
    // that a failure leaves nothing half-shown.
    for (auto& e : impl.entries) {
        if (e->standardOutput || e->device) {
            continue;
        }
        if (::rename(e->temp.c_str(), e->target.c_str()) != 0) {
            impl.fail(*e, errno);
        }
        e->temp.clear();
        e->committed = true;
    }
    for (auto& e : impl.entries) {
        if (e->device) {
            const int fd = ::open(e->target.c_str(), O_WRONLY | O_CLOEXEC | O_NONBLOCK);
            if (fd < 0) {
                impl.fail(*e, errno);
            }
            if (!writeAll(fd, e->pending)) {
                const int error = errno;
                ::close(fd);
                impl.fail(*e, error);
            }
            if (::close(fd) != 0) {
                impl.fail(*e, errno);
            }
        } else if (e->standardOutput) {
            if (std::fwrite(e->pending.data(), 1, e->pending.size(), stdout) != e->pending.size() ||
                std::fflush(stdout) != 0) {
                impl.fail(*e, errno);
            }
        }
    }
    for (auto& e : impl.entries) {
        e->committed = false; // done: nothing to undo any more
        e->pending.clear();
    }
}

void OutputSet::failAfterBytesForTesting(std::uint64_t bytes) {
    m_impl->failAfter = bytes;
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
