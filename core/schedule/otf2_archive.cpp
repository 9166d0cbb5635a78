#include "schedule/otf2_archive.h"

#include "base/file_io.h"
#include "base/input_error.h"
#include "base/text_util.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>

#include <unistd.h>

#if REDUCELAB_OTF2
#include <otf2/otf2.h>
#endif

namespace rl {

namespace fs = std::filesystem;

bool otf2Available() {
    return REDUCELAB_OTF2 != 0;
}

void checkOtf2Target(const std::string& option, const std::string& dir) {
    const std::string what = option + " " + rl::quoted(dir);
    if (!otf2Available()) {
        throw InputError(option + ": this build writes no OTF2 archive (it was built without "
                                  "libotf2: install libopen-trace-format2-dev and build again)");
    }
    std::error_code ec;
    if (dir.empty() || dir == "-") {
        throw InputError(what + ": an OTF2 archive is a folder: name one");
    }
    if (fs::symlink_status(dir, ec).type() != fs::file_type::not_found) {
        throw InputError(what + ": already exists (an archive is never replaced: remove it or "
                                "name another folder)");
    }
    fs::path parent = fs::path(dir).parent_path();
    if (parent.empty()) {
        parent = ".";
    }
    if (!fs::is_directory(parent, ec)) {
        throw InputError(what + ": the folder " + rl::quoted(parent.string()) + " does not exist");
    }
    if (::access(parent.c_str(), W_OK | X_OK) != 0) {
        throw InputError(what + ": the folder " + rl::quoted(parent.string()) +
                         " is not writable: " + std::strerror(errno));
    }
}

#if REDUCELAB_OTF2

namespace {

OTF2_FlushType preFlush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) {
    return OTF2_FLUSH;
}

OTF2_TimeStamp postFlush(void*, OTF2_FileType, OTF2_LocationRef) {
    return 0;
}

OTF2_FlushCallbacks flushCallbacks = {preFlush, postFlush};

void check(OTF2_ErrorCode code, const std::string& what) {
    if (code != OTF2_SUCCESS) {
        throw OutputError(what + ": OTF2: " + OTF2_Error_GetName(code) + ": " +
                          OTF2_Error_GetDescription(code));
    }
}

OTF2_TimeStamp ns(double t) {
    return static_cast<OTF2_TimeStamp>(std::llround(std::max(0.0, t) * 1e9));
}

enum Region : OTF2_RegionRef { Receive, Send, Reduce };

// One operation on a thread: a region entered at `start` and left at `end`, with the message
// record of a transfer.
struct Slice {
    OTF2_TimeStamp start;
    OTF2_TimeStamp end;
    Region region;
    int transfer;
    int peer;
};

void writeArchive(const Schedule& s, const Otf2Metadata& metadata, const std::string& folder) {
    const std::string what = "--otf2 " + rl::quoted(folder);
    OTF2_Archive* archive =
        OTF2_Archive_Open(folder.c_str(), "traces", OTF2_FILEMODE_WRITE, 1024 * 1024,
                          4 * 1024 * 1024, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
    if (archive == nullptr) {
        throw OutputError(what + ": OTF2 could not open the archive");
    }
    struct Closer {
        OTF2_Archive* a;
        ~Closer() {
            if (a != nullptr) {
                OTF2_Archive_Close(a);
            }
        }
    } closer{archive};
    check(OTF2_Archive_SetFlushCallbacks(archive, &flushCallbacks, nullptr), what);
    check(OTF2_Archive_SetSerialCollectiveCallbacks(archive), what);
    check(OTF2_Archive_SetCreator(archive, metadata.creator.c_str()), what);
    check(OTF2_Archive_SetDescription(archive, metadata.description.c_str()), what);
    for (const auto& [name, value] : metadata.properties) {
        check(OTF2_Archive_SetProperty(archive, name.c_str(), value.c_str(), true), what);
    }
    const auto n = static_cast<std::size_t>(s.n);
    // Threads: 2p transfers, 2p + 1 reductions; operations in start order, which on a thread
    // of a valid schedule never overlap.
    std::vector<std::vector<Slice>> threads(2 * n);
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        const TransferOp& t = s.transfers[k];
        const int index = static_cast<int>(k);
        threads[2 * static_cast<std::size_t>(t.from)].push_back(
            {ns(t.start), ns(t.end), Send, index, t.to});
        threads[2 * static_cast<std::size_t>(t.to)].push_back(
            {ns(t.start), ns(t.end), Receive, index, t.from});
    }
    for (const ReductionOp& r : s.reductions) {
        threads[2 * static_cast<std::size_t>(r.proc) + 1].push_back(
            {ns(r.start), ns(r.end), Reduce, r.transfer, -1});
    }
    check(OTF2_Archive_OpenEvtFiles(archive), what);
    std::vector<std::uint64_t> eventCounts(2 * n, 0);
    for (std::size_t loc = 0; loc < threads.size(); ++loc) {
        auto& slices = threads[loc];
        std::stable_sort(slices.begin(), slices.end(),
                         [](const Slice& a, const Slice& b) { return a.start < b.start; });
        OTF2_EvtWriter* w = OTF2_Archive_GetEvtWriter(archive, loc);
        if (w == nullptr) {
            throw OutputError(what + ": OTF2 gave no event writer");
        }
        std::uint64_t& count = eventCounts[loc];
        for (const Slice& sl : slices) {
            check(OTF2_EvtWriter_Enter(w, nullptr, sl.start, sl.region), what);
            const auto tag = static_cast<std::uint32_t>(sl.transfer);
            if (sl.region == Send) {
                check(OTF2_EvtWriter_MpiSend(w, nullptr, sl.start,
                                             static_cast<std::uint32_t>(sl.peer), 0, tag, 0),
                      what);
            } else if (sl.region == Receive) {
                check(OTF2_EvtWriter_MpiRecv(w, nullptr, sl.end,
                                             static_cast<std::uint32_t>(sl.peer), 0, tag, 0),
                      what);
            }
            check(OTF2_EvtWriter_Leave(w, nullptr, sl.end, sl.region), what);
            count += sl.region == Reduce ? 2 : 3;
        }
        check(OTF2_Archive_CloseEvtWriter(archive, w), what);
    }
    check(OTF2_Archive_CloseEvtFiles(archive), what);
    check(OTF2_Archive_OpenDefFiles(archive), what);
    for (std::size_t loc = 0; loc < threads.size(); ++loc) {
        OTF2_DefWriter* dw = OTF2_Archive_GetDefWriter(archive, loc);
        if (dw == nullptr) {
            throw OutputError(what + ": OTF2 gave no definition writer");
        }
        check(OTF2_Archive_CloseDefWriter(archive, dw), what);
    }
    check(OTF2_Archive_CloseDefFiles(archive), what);

    OTF2_GlobalDefWriter* g = OTF2_Archive_GetGlobalDefWriter(archive);
    if (g == nullptr) {
        throw OutputError(what + ": OTF2 gave no global definition writer");
    }
    OTF2_StringRef strings = 0;
    auto string = [&](const std::string& text) {
        check(OTF2_GlobalDefWriter_WriteString(g, strings, text.c_str()), what);
        return strings++;
    };
    check(OTF2_GlobalDefWriter_WriteClockProperties(g, 1000000000, 0, ns(s.makespan),
                                                    OTF2_UNDEFINED_TIMESTAMP),
          what);
    const OTF2_StringRef empty = string("");
    const char* regionNames[] = {"receive", "send", "reduce"};
    const char* regionWords[] = {"receiving a value", "sending the value",
                                 "reducing a received value"};
    for (OTF2_RegionRef r = 0; r < 3; ++r) {
        const OTF2_StringRef name = string(regionNames[r]);
        check(OTF2_GlobalDefWriter_WriteRegion(g, r, name, name, string(regionWords[r]),
                                               r == Reduce ? OTF2_REGION_ROLE_FUNCTION
                                                           : OTF2_REGION_ROLE_POINT2POINT,
                                               r == Reduce ? OTF2_PARADIGM_USER : OTF2_PARADIGM_MPI,
                                               OTF2_REGION_FLAG_NONE, empty, 0, 0),
              what);
    }
    const std::string machine =
        s.algorithm.empty() ? "ReduceLab" : std::string("ReduceLab ").append(s.algorithm);
    check(OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, string(machine), string("machine"),
                                                   OTF2_UNDEFINED_SYSTEM_TREE_NODE),
          what);
    const OTF2_StringRef transfersName = string("transfers");
    const OTF2_StringRef reductionsName = string("reductions");
    for (std::size_t p = 0; p < n; ++p) {
        check(OTF2_GlobalDefWriter_WriteLocationGroup(
                  g, p, string(std::string("P").append(std::to_string(p))),
                  OTF2_LOCATION_GROUP_TYPE_PROCESS, 0, OTF2_UNDEFINED_LOCATION_GROUP),
              what);
        check(OTF2_GlobalDefWriter_WriteLocation(
                  g, 2 * p, transfersName, OTF2_LOCATION_TYPE_CPU_THREAD, eventCounts[2 * p], p),
              what);
        check(OTF2_GlobalDefWriter_WriteLocation(g, 2 * p + 1, reductionsName,
                                                 OTF2_LOCATION_TYPE_CPU_THREAD,
                                                 eventCounts[2 * p + 1], p),
              what);
    }
    // The communicator of the messages: rank p is processor p's transfers thread.
    std::vector<std::uint64_t> locations(n);
    std::vector<std::uint64_t> ranks(n);
    for (std::size_t p = 0; p < n; ++p) {
        locations[p] = 2 * p;
        ranks[p] = p;
    }
    check(OTF2_GlobalDefWriter_WriteGroup(g, 0, string("processors' transfers"),
                                          OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                          OTF2_GROUP_FLAG_NONE, static_cast<std::uint32_t>(n),
                                          locations.data()),
          what);
    check(OTF2_GlobalDefWriter_WriteGroup(g, 1, string("processors"), OTF2_GROUP_TYPE_COMM_GROUP,
                                          OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                          static_cast<std::uint32_t>(n), ranks.data()),
          what);
    check(OTF2_GlobalDefWriter_WriteComm(g, 0, string("reduction"), 1, OTF2_UNDEFINED_COMM,
                                         OTF2_COMM_FLAG_NONE),
          what);
    check(OTF2_Archive_CloseGlobalDefWriter(archive, g), what);
    closer.a = nullptr;
    check(OTF2_Archive_Close(archive), what);
}

} // namespace

#endif

Otf2Archive::Otf2Archive(const Schedule& s, const Otf2Metadata& metadata, std::string dir)
    : m_dir(std::move(dir)) {
    checkOtf2Target("--otf2", m_dir);
#if REDUCELAB_OTF2
    fs::path target(m_dir);
    fs::path parent = target.parent_path();
    std::string pattern =
        (parent.empty() ? fs::path(".") : parent) /
        std::string(".").append(target.filename().string()).append(".part.XXXXXX");
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    if (::mkdtemp(buffer.data()) == nullptr) {
        throw OutputError("--otf2 " + rl::quoted(m_dir) + ": " + std::strerror(errno));
    }
    m_staging = buffer.data();
    // OTF2 makes the archive's folder itself: it writes into a fresh one inside the staging.
    writeArchive(s, metadata, (fs::path(m_staging) / "archive").string());
#else
    (void)s;
    (void)metadata;
#endif
}

Otf2Archive::~Otf2Archive() {
    if (!m_staging.empty()) {
        std::error_code ec;
        fs::remove_all(m_staging, ec);
    }
}

void Otf2Archive::commit() {
    std::error_code ec;
    fs::rename(fs::path(m_staging) / "archive", m_dir, ec);
    if (ec) {
        throw OutputError("--otf2 " + rl::quoted(m_dir) + ": " + ec.message());
    }
    m_committed = true;
    fs::remove_all(m_staging, ec);
    m_staging.clear();
}

void Otf2Archive::undo() {
    if (m_committed) {
        std::error_code ec;
        fs::remove_all(m_dir, ec);
        m_committed = false;
    }
}

} // namespace rl
