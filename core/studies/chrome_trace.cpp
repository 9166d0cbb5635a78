#include "studies/chrome_trace.h"

#include "base/text_util.h"
#include "base/version.h"
#include "studies/json_text.h"
#include "studies/scenario_json.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace rl {

namespace {

constexpr int kTransfersThread = 1;
constexpr int kReductionsThread = 2;

// Times are written in whole nanoseconds (as microseconds with three decimals), the unit
// Perfetto reads them in: a slice's duration is the difference of the rounded times, so a
// slice that ends where the next one starts ends there exactly, and slices stay nested once
// a reader adds ts and dur. Beyond 2^62 ns (146 years of seconds) the shortest decimals.
constexpr double kMaxNanoseconds = 4.6e18;

bool wholeNanoseconds(double start, double end) {
    return std::abs(start) * 1e9 < kMaxNanoseconds && std::abs(end) * 1e9 < kMaxNanoseconds;
}

std::string microsFromNanos(long long ns) {
    std::string out = ns < 0 ? "-" : "";
    const unsigned long long v =
        ns < 0 ? 0ULL - static_cast<unsigned long long>(ns) : static_cast<unsigned long long>(ns);
    out += std::to_string(v / 1000);
    const unsigned long long frac = v % 1000;
    if (frac != 0) {
        std::string digits = std::to_string(frac);
        digits.insert(0, 3 - digits.size(), '0');
        out += '.';
        out += digits;
    }
    return out;
}

std::string shortest(double v) {
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, res.ptr);
}

// "ts" of a time in seconds (or units drawn as seconds).
std::string micros(double seconds) {
    if (wholeNanoseconds(seconds, seconds)) {
        return microsFromNanos(std::llround(seconds * 1e9));
    }
    return shortest(seconds * 1e6);
}

// "dur" of a slice [start, end).
std::string duration(double start, double end) {
    if (wholeNanoseconds(start, end)) {
        return microsFromNanos(std::llround(end * 1e9) - std::llround(start * 1e9));
    }
    return shortest(end * 1e6 - start * 1e6);
}

// Appends every piece to `out` (GCC 12 warns wrongly about chains of string operator+).
template <class... Pieces> void append(std::string& out, const Pieces&... pieces) {
    (out.append(std::string_view(pieces)), ...);
}

// A JSON string (quoted and escaped).
std::string quote(const std::string& text) {
    return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// The threads of one processor: each kind (transfers, reductions) has lanes, a slice going to
// the first lane where it does not overlap what is there. A valid schedule needs one lane of
// each kind; a measured one that is not quite valid gets more rather than overlapping slices.
class Lanes {
  public:
    explicit Lanes(int n) : m_ends(static_cast<std::size_t>(n)) {}

    // The tid of a slice [start, end) of `kind` (0 transfers, 1 reductions) on processor p.
    int place(int p, int kind, double start, double end) {
        auto& lanes = m_ends[static_cast<std::size_t>(p)][static_cast<std::size_t>(kind)];
        std::size_t lane = 0;
        while (lane < lanes.size() && start < lanes[lane]) {
            ++lane;
        }
        if (lane == lanes.size()) {
            lanes.push_back(end);
        } else {
            lanes[lane] = std::max(lanes[lane], end);
        }
        return tid(kind, lane);
    }
    // tid: 1 and 2 for the first lanes, then 3, 4 for the second ones, ...
    static int tid(int kind, std::size_t lane) {
        return static_cast<int>(lane) * 2 + (kind == 0 ? kTransfersThread : kReductionsThread);
    }
    std::size_t laneCount(int p, int kind) const {
        return m_ends[static_cast<std::size_t>(p)][static_cast<std::size_t>(kind)].size();
    }

  private:
    std::vector<std::array<std::vector<double>, 2>> m_ends;
};

struct Slice {
    double start;
    double end;
    int proc;
    int kind; // 0 transfer or send, 1 reduction
    int order;
};

} // namespace

std::string chromeTrace(const Schedule& s, const Scenario& scenario, std::string_view program,
                        const ScheduleOrigin& origin) {
    using nlohmann::json;
    const Schedule::Values values = s.allValues();
    // Lanes are given in start order, so that a slice is placed after those it follows.
    std::vector<Slice> slices;
    slices.reserve(2 * s.transfers.size() + s.reductions.size());
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        const TransferOp& t = s.transfers[k];
        slices.push_back({t.start, t.end, t.to, 0, static_cast<int>(2 * k)});
        slices.push_back({t.start, t.end, t.from, 0, static_cast<int>(2 * k + 1)});
    }
    const int reductionBase = static_cast<int>(2 * s.transfers.size());
    for (std::size_t k = 0; k < s.reductions.size(); ++k) {
        const ReductionOp& r = s.reductions[k];
        slices.push_back({r.start, r.end, r.proc, 1, reductionBase + static_cast<int>(k)});
    }
    std::stable_sort(slices.begin(), slices.end(), [](const Slice& a, const Slice& b) {
        return a.start < b.start || (a.start == b.start && a.end < b.end);
    });
    Lanes lanes(s.n);
    std::vector<int> tids(slices.size());
    for (const Slice& sl : slices) {
        tids[static_cast<std::size_t>(sl.order)] = lanes.place(sl.proc, sl.kind, sl.start, sl.end);
    }

    std::string out = "{\n\"displayTimeUnit\": \"ms\",\n\"otherData\": ";
    const json other = {{"format", kChromeTraceFormat},
                        {"version", kChromeTraceVersion},
                        {"algorithm", s.algorithm},
                        {"n", s.n},
                        {"root", s.root},
                        {"noncommutative", s.nonCommutative},
                        {"makespan", jsonNumber(s.makespan)},
                        {"seed", std::to_string(scenario.seed)},
                        {"replicate", std::to_string(scenario.replicate)},
                        {"time_unit", origin.inSeconds() ? "seconds" : "model (drawn as seconds)"},
                        {"measured", scheduleOriginJson(origin)},
                        {"scenario", scenarioProvenanceJson(scenario, program)}};
    out += other.dump(-1, ' ', false, json::error_handler_t::replace);
    out += ",\n\"traceEvents\": [\n";
    bool first = true;
    // Starts an event: `ph` on thread (pid, tid), the fields that follow to be appended.
    auto begin = [&](std::string_view ph, int pid, int tid) {
        append(out, first ? "{\"ph\": \"" : ",\n{\"ph\": \"", ph,
               "\", \"pid\": ", std::to_string(pid), ", \"tid\": ", std::to_string(tid));
        first = false;
    };
    auto metadata = [&](int pid, int tid, std::string_view name, std::string_view args) {
        begin("M", pid, tid);
        append(out, ", \"name\": \"", name, "\", \"args\": {", args, "}}");
    };
    for (int p = 0; p < s.n; ++p) {
        const int pid = p + 1;
        std::string args;
        append(args, "\"name\": \"P", std::to_string(p), "\"");
        metadata(pid, 0, "process_name", args);
        args.clear();
        append(args, "\"sort_index\": ", std::to_string(p));
        metadata(pid, 0, "process_sort_index", args);
        for (int kind = 0; kind < 2; ++kind) {
            const std::size_t count = std::max<std::size_t>(1, lanes.laneCount(p, kind));
            for (std::size_t lane = 0; lane < count; ++lane) {
                const int tid = Lanes::tid(kind, lane);
                args.clear();
                append(args, "\"name\": \"", kind == 0 ? "transfers" : "reductions");
                if (lane > 0) {
                    append(args, " ", std::to_string(lane + 1));
                }
                args += '"';
                metadata(pid, tid, "thread_name", args);
                args.clear();
                append(args, "\"sort_index\": ", std::to_string(tid));
                metadata(pid, tid, "thread_sort_index", args);
            }
        }
    }
    // A complete event's category, name, times and the start of its args.
    auto complete = [&](int pid, int tid, std::string_view cat, std::string_view name, double start,
                        double end) {
        begin("X", pid, tid);
        append(out, ", \"cat\": \"", cat, "\", \"name\": \"", name, "\", \"ts\": ", micros(start),
               ", \"dur\": ", duration(start, end), ", \"args\": {\"start\": ", formatNumber(start),
               ", \"end\": ", formatNumber(end));
    };
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        const TransferOp& t = s.transfers[k];
        std::string name;
        append(name, "P", std::to_string(t.from), " \u2192 P", std::to_string(t.to));
        std::string args;
        append(args, ", \"transfer\": ", std::to_string(k), ", \"from\": ", std::to_string(t.from),
               ", \"to\": ", std::to_string(t.to),
               ", \"value\": ", quote(formatRuns(values.transfers[k])), "}}");
        const int recvTid = tids[2 * k];
        const int sendTid = tids[2 * k + 1];
        complete(t.to + 1, recvTid, "transfer", "receive " + name, t.start, t.end);
        out += args;
        complete(t.from + 1, sendTid, "send", "send " + name, t.start, t.end);
        out += args;
        std::string flow;
        append(flow, ", \"cat\": \"message\", \"name\": \"message\", \"id\": ", std::to_string(k),
               ", \"bp\": \"e\", \"ts\": ", micros(t.start), "}");
        begin("s", t.from + 1, sendTid);
        out += flow;
        begin("f", t.to + 1, recvTid);
        out += flow;
    }
    for (std::size_t k = 0; k < s.reductions.size(); ++k) {
        const ReductionOp& r = s.reductions[k];
        const int from = s.transfers[static_cast<std::size_t>(r.transfer)].from;
        std::string name;
        append(name, "reduce P", std::to_string(from), "'s value");
        complete(r.proc + 1, tids[static_cast<std::size_t>(reductionBase) + k], "reduction", name,
                 r.start, r.end);
        append(out, ", \"reduction\": ", std::to_string(k),
               ", \"processor\": ", std::to_string(r.proc),
               ", \"transfer\": ", std::to_string(r.transfer), ", \"from\": ", std::to_string(from),
               ", \"value\": ", quote(formatRuns(values.reductions[k])), "}}");
    }
    out += "\n]\n}\n";
    return out;
}

Otf2Metadata otf2Metadata(const Schedule& s, const Scenario& scenario, std::string_view program,
                          const ScheduleOrigin& origin) {
    using nlohmann::json;
    Otf2Metadata m;
    m.creator = std::string(program).append(" ").append(kVersion);
    m.description = s.algorithm;
    m.description.append(origin.measured ? " (measured)" : " (simulated)")
        .append(", n = ")
        .append(std::to_string(s.n))
        .append(", seed ")
        .append(std::to_string(scenario.seed))
        .append(", replicate ")
        .append(std::to_string(scenario.replicate));
    m.properties = {
        {"REDUCELAB::SCENARIO", scenarioProvenanceJson(scenario, program)
                                    .dump(-1, ' ', false, json::error_handler_t::replace)},
        {"REDUCELAB::TIME_UNIT", origin.inSeconds() ? "seconds" : "model (drawn as seconds)"},
        {"REDUCELAB::MEASURED", scheduleOriginJson(origin).dump()}};
    return m;
}

} // namespace rl
