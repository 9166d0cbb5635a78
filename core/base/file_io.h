#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace rl {

/// Raised when writing an output fails while the program runs (disk full, I/O error, a rename
/// refused): the message names the path and the system's reason, on one line. A path refused
/// before any computation (a FIFO, a missing folder, an input named as output) is an
/// InputError instead.
class OutputError : public std::runtime_error {
  public:
    explicit OutputError(const std::string& what) : std::runtime_error(what) {}
};

/// Largest input file read by readInputFile() unless the caller says otherwise.
inline constexpr std::size_t kMaxInputFileBytes = std::size_t{64} << 20; // 64 MiB

/// Reads a whole input file. Only regular files are read (a FIFO, a device or a folder is
/// refused without opening it for reading, so nothing blocks); a file larger than `maxBytes`
/// is refused with the limit in the message. Throws InputError naming the path.
std::string readInputFile(const std::string& path, std::size_t maxBytes = kMaxInputFileBytes);

/// Whether `a` and `b` name the same file, existing or not: the same absolute, lexically
/// normal path once the links of its existing folders are resolved (`x.csv`, `./x.csv` and
/// `dir/../x.csv` are one path before the file exists), or the same file when both exist (a
/// hard link, a symbolic link). "-" (standard output) is the same as nothing else. The one rule
/// that keeps an output from naming an input, another output or a checkpoint.
bool samePathOrFile(const std::string& a, const std::string& b);

/// Every output of one command, written all or nothing (docs/reliability.md).
///
/// 1. declare() every output path before any computation: each is checked at once (the folder
///    exists and is writable; the target is absent, a regular file, or a character device such
///    as /dev/null, which is written in place; never a FIFO, folder or other special file; not
///    one of the command's inputs; not declared twice, by samePathOrFile()). "-" is standard
///    output.
/// 2. stage() (or open()) each output's content: it goes to a temporary file beside its target
///    (every write, flush, fsync and close checked); nothing is visible yet.
/// 3. commit(): devices and standard output are written first (they cannot be taken back, and
///    a full device is the likeliest failure: it then changes no file); then each existing
///    target is kept under a backup name (a hard link, ".NAME.XXXXXX.prev") and each staged
///    file is renamed over its target; the backups are removed once every rename succeeded.
///    If any step fails, every target already replaced gets its previous content back (a target
///    that did not exist is removed), the temporary files are removed, and OutputError is
///    thrown. An OutputSet destroyed before commit() removes its temporary files, so an
///    exception anywhere leaves no trace.
///
/// Crash safety: a kill -9 at any moment never loses both the previous and the new content of
/// an output. During staging only ".NAME.XXXXXX.part" files exist beside the targets; during a
/// commit each target holds its previous or its new content in full, and the other one is kept
/// beside it (".part": the new one, ".prev": the previous one) until the commit ends. Such
/// files are never removed by a later command (they may be the only copy). On a file system
/// without hard links (FAT, some network shares) the previous file is renamed to its backup
/// name instead, so for the instant between two renames the target is absent and its content
/// is in the ".prev" file.
class OutputSet {
  public:
    /// `inputs`: the command's input files; an output naming one of them is refused.
    explicit OutputSet(std::vector<std::string> inputs = {});
    ~OutputSet();
    OutputSet(const OutputSet&) = delete;
    OutputSet& operator=(const OutputSet&) = delete;

    /// An input of the command given by the option `option` (for messages, e.g. "--matrix"), or
    /// a file it writes by itself (a checkpoint): no output may name it, existing or not.
    /// Throws InputError when a declared output already names it.
    void declareInput(std::string_view option, const std::string& path);

    /// Checks `path` as an output of the option `option` (for messages, e.g. "--out").
    /// Throws InputError naming the option, the path and the problem.
    void declare(std::string_view option, const std::string& path);

    /// Stages the whole content of a declared output.
    void stage(const std::string& path, std::string_view content);

    /// A staged output written piece by piece (large outputs: animations, traces).
    class Stream {
      public:
        virtual ~Stream() = default;
        /// Appends `data`; throws OutputError on failure.
        virtual void write(std::string_view data) = 0;
    };
    /// Opens a declared output for staging piece by piece; valid until commit() or
    /// destruction. stage() is open() + one write.
    Stream& open(const std::string& path);

    /// Makes every staged output visible, or none (see the class comment).
    void commit();

    // Test hooks (fault and crash tests; never set by the program itself).

    /// The staging writes fail with ENOSPC once `bytes` bytes have been staged in all.
    void failAfterBytesForTesting(std::uint64_t bytes);
    /// `hook(action, target)` runs before each change commit() makes to the file system:
    /// "write" (a device or standard output), "backup", "rename", "cleanup" (a backup
    /// removed). A test may end the process there or change the folder under the commit.
    void beforeCommitStepForTesting(
        std::function<void(std::string_view action, const std::string& target)> hook);
    /// Backups are made by renaming the previous file, as on a file system without hard links.
    void withoutHardLinksForTesting();

  private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

/// Whether an output written to `path` ends up in a file of its own, which may get a sidecar
/// beside it: false for standard output ("-") and for an existing device or other special file
/// (/dev/null), which get none.
bool outputIsRegularFile(const std::string& path);

/// One output, atomically: declare(path), stage, commit.
void writeFileAtomically(const std::string& path, std::string_view content,
                         const std::vector<std::string>& inputs = {});

} // namespace rl
