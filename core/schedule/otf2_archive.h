#pragma once

#include "schedule/schedule.h"

#include <string>
#include <utility>
#include <vector>

namespace rl {

/// Whether this build writes OTF2 archives: libotf2 (Debian's libopen-trace-format2-dev) was
/// found when it was configured. Where it was not, Otf2Archive refuses to be made.
bool otf2Available();

/// What an OTF2 archive says about its schedule beside the events.
struct Otf2Metadata {
    std::string creator;     ///< "reducelab-cli 0.3.0"
    std::string description; ///< one line: the algorithm, n, the seed
    /// Trace properties, names "NAMESPACE::NAME" ("REDUCELAB::SCENARIO"), values as text.
    std::vector<std::pair<std::string, std::string>> properties;
};

/// Checks, before any computation, that an OTF2 archive can be made at `dir`: the path does
/// not exist yet (an archive is a folder, never replaced) and its parent folder exists and is
/// writable. Throws InputError naming `option` and the path.
void checkOtf2Target(const std::string& option, const std::string& dir);

/// The schedule as an OTF2 archive (https://www.vi-hps.org/projects/score-p/, read by Vampir
/// and `otf2-print`), through libotf2, the one file of the core that includes it. Each
/// processor p is a process (location group "P<p>") with two threads, as in the Chrome trace:
/// "transfers" (its receptions and its send: regions "receive" and "send", an MPI send record
/// at the send's start and an MPI receive record at the reception's end, message tag the
/// transfer's index, on one communicator of the n processors) and "reductions" (region
/// "reduce"). Times are nanoseconds (timer resolution 1e9): model units drawn as seconds, as
/// in the Chrome trace, or measured seconds.
///
/// All or nothing, as OutputSet does for files: the archive is written into a temporary folder
/// beside `dir` (".NAME.part.XXXXXX"), which commit() renames to `dir`; one not committed is
/// removed when the object is destroyed, and undo() removes a committed one (when the files
/// written with it could not be). Throws OutputError when writing fails.
class Otf2Archive {
  public:
    Otf2Archive(const Schedule& s, const Otf2Metadata& metadata, std::string dir);
    ~Otf2Archive();
    Otf2Archive(const Otf2Archive&) = delete;
    Otf2Archive& operator=(const Otf2Archive&) = delete;

    /// Renames the temporary folder to its target; throws OutputError.
    void commit();
    /// Removes the committed archive again.
    void undo();

  private:
    std::string m_dir;
    std::string m_staging;
    bool m_committed = false;
};

} // namespace rl
