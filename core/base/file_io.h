#pragma once

#include <cstddef>
#include <cstdint>
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

/// Every output of one command, written all or nothing.
///
/// 1. declare() every output path before any computation: each is checked at once (the folder
///    exists and is writable; the target is absent, a regular file, or a character device such
///    as /dev/null, which is written in place; never a FIFO, folder or other special file; not
///    one of the command's inputs; not declared twice). "-" is standard output.
/// 2. stage() (or open()) each output's content: it goes to a temporary file beside its target
///    (every write, flush, fsync and close checked); nothing is visible yet.
/// 3. commit(): every staged file is renamed over its target (devices and "-" are written
///    then). If any step fails, the temporary files are removed, targets already replaced in
///    this commit are removed, and OutputError is thrown; an OutputSet destroyed before commit()
///    removes its temporary files, so an exception anywhere leaves no trace.
///
/// A kill -9 during staging leaves only a temporary file named ".NAME.XXXXXX.part" beside the
/// target, never a truncated target.
class OutputSet {
  public:
    /// `inputs`: the command's input files; an output naming one of them is refused.
    explicit OutputSet(std::vector<std::string> inputs = {});
    ~OutputSet();
    OutputSet(const OutputSet&) = delete;
    OutputSet& operator=(const OutputSet&) = delete;

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

    /// Test hook: the staging writes fail with ENOSPC once `bytes` bytes have been staged in
    /// all (fault tests; never set by the program itself).
    void failAfterBytesForTesting(std::uint64_t bytes);

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
