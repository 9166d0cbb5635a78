#include "schedule/schedule_reader.h"

#include "base/input_error.h"
#include "base/limits.h"
#include "base/text_util.h"
#include "schedule/schedule_validator.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace rl {

namespace {

std::string P(int p) {
    return std::string("P").append(std::to_string(p)); // not "P" + ...: GCC 12 warns wrongly
}

void checkTime(double t, const std::string& what) {
    if (!std::isfinite(t) || std::abs(t) > kMaxMagnitude) {
        throw InputError(what + " has the time " + formatNumber(t) +
                         " (times are finite, of magnitude at most 1e100)");
    }
}

// The line of `text` at `pos` (without its "\n" or "\r\n"); `pos` moves past it. False at the
// end.
bool nextLine(std::string_view text, std::size_t& pos, std::string_view& line) {
    if (pos >= text.size()) {
        return false;
    }
    std::size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) {
        eol = text.size();
    }
    line = text.substr(pos, eol - pos);
    pos = eol + 1;
    if (!line.empty() && line.back() == '\r') {
        line.remove_suffix(1);
    }
    return true;
}

// The positions of `starts` sorted by start, ties in their order.
std::vector<std::size_t> startOrder(const std::vector<double>& starts) {
    std::vector<std::size_t> order(starts.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return starts[a] < starts[b]; });
    return order;
}

} // namespace

Schedule assembleSchedule(ScheduleParts parts) {
    const std::size_t transferCount = parts.transfers.size();
    const long long n = parts.n > 0 ? parts.n : static_cast<long long>(transferCount) + 1;
    if (n > kMaxReadProcessors) {
        throw InputError(std::to_string(n) + " processors, over the limit of " +
                         std::to_string(kMaxReadProcessors));
    }
    if (transferCount + 1 != static_cast<std::size_t>(n)) {
        throw InputError(std::to_string(transferCount) + " transfers for n = " + std::to_string(n) +
                         " (a reduction tree has n - 1)");
    }
    if (parts.reductions.size() != transferCount) {
        throw InputError(std::to_string(parts.reductions.size()) + " reductions for " +
                         std::to_string(transferCount) + " transfers (one each)");
    }
    for (std::size_t k = 0; k < transferCount; ++k) {
        const TransferOp& t = parts.transfers[k];
        const std::string what = "transfer " + std::to_string(k);
        if (t.from < 0 || t.from >= n || t.to < 0 || t.to >= n) {
            throw InputError(what + " joins " + P(t.from) + " and " + P(t.to) + ", outside P0.." +
                             P(static_cast<int>(n - 1)));
        }
        checkTime(t.start, what);
        checkTime(t.end, what);
    }
    for (std::size_t k = 0; k < parts.reductions.size(); ++k) {
        const ReductionOp& r = parts.reductions[k];
        const std::string what = "reduction " + std::to_string(k);
        if (r.transfer < 0 || static_cast<std::size_t>(r.transfer) >= transferCount) {
            throw InputError(what + " merges no transfer");
        }
        checkTime(r.start, what);
        checkTime(r.end, what);
    }
    if (parts.makespan) {
        checkTime(*parts.makespan, "the makespan");
    }

    Schedule s;
    s.n = static_cast<int>(n);
    s.algorithm = std::move(parts.algorithm);
    s.nonCommutative = parts.nonCommutative;
    std::vector<double> starts;
    for (const TransferOp& t : parts.transfers) {
        starts.push_back(t.start);
    }
    const std::vector<std::size_t> tOrder = startOrder(starts);
    std::vector<int> newIndex(transferCount);
    for (std::size_t k = 0; k < transferCount; ++k) {
        newIndex[tOrder[k]] = static_cast<int>(k);
        s.transfers.push_back(parts.transfers[tOrder[k]]);
    }
    starts.clear();
    for (const ReductionOp& r : parts.reductions) {
        starts.push_back(r.start);
    }
    const std::vector<std::size_t> rOrder = startOrder(starts);
    for (const std::size_t k : rOrder) {
        ReductionOp r = parts.reductions[k];
        r.transfer = newIndex[static_cast<std::size_t>(r.transfer)];
        s.reductions.push_back(r);
    }
    s.parent.assign(static_cast<std::size_t>(n), -1);
    double lastEnd = 0.0;
    for (const TransferOp& t : s.transfers) {
        s.parent[static_cast<std::size_t>(t.from)] = t.to;
        lastEnd = std::max(lastEnd, t.end);
    }
    for (const ReductionOp& r : s.reductions) {
        lastEnd = std::max(lastEnd, r.end);
    }
    if (parts.root) {
        if (*parts.root < 0 || *parts.root >= n) {
            throw InputError("the root " + P(*parts.root) + " is outside P0.." +
                             P(static_cast<int>(n - 1)));
        }
        s.root = *parts.root;
    } else {
        const auto it = std::find(s.parent.begin(), s.parent.end(), -1);
        s.root = it == s.parent.end() ? 0 : static_cast<int>(it - s.parent.begin());
    }
    s.makespan = parts.makespan.value_or(lastEnd);
    const std::vector<std::string> errors = validateSchedule(s);
    if (!errors.empty()) {
        throw InputError("not a valid schedule: " + errors.front());
    }
    // The values the file states, against those of its tree.
    if (!parts.transferValues.empty() || !parts.reductionValues.empty()) {
        const Schedule::Values values = s.allValues();
        for (std::size_t k = 0; k < parts.transferValues.size(); ++k) {
            const std::string& said = parts.transferValues[k];
            const std::string tree =
                formatRuns(values.transfers[static_cast<std::size_t>(newIndex[k])]);
            if (said != tree) {
                throw InputError("transfer " + std::to_string(k) + " carries '" + said +
                                 "' but its tree gives '" + tree + "'");
            }
        }
        for (std::size_t k = 0; k < parts.reductionValues.size(); ++k) {
            const std::size_t at = static_cast<std::size_t>(
                std::find(rOrder.begin(), rOrder.end(), k) - rOrder.begin());
            const std::string& said = parts.reductionValues[k];
            const std::string tree = formatRuns(values.reductions[at]);
            if (said != tree) {
                throw InputError("reduction " + std::to_string(k) + " yields '" + said +
                                 "' but its tree gives '" + tree + "'");
            }
        }
    }
    return s;
}

namespace {

// One line of the schedule CSV: six fields, then the quoted value (which holds commas).
struct CsvRow {
    std::string kind;
    int processor = 0;
    int peer = 0;
    double start = 0.0;
    double end = 0.0;
    std::string value;
};

CsvRow csvRow(std::string_view line, int number) {
    const std::string at = "line " + std::to_string(number);
    std::vector<std::string_view> fields;
    std::size_t pos = 0;
    for (int i = 0; i < 6; ++i) {
        const std::size_t comma = line.find(',', pos);
        if (comma == std::string_view::npos) {
            throw InputError(at + ": 7 fields expected (kind,processor,peer,start,end,duration,"
                                  "value)");
        }
        fields.push_back(line.substr(pos, comma - pos));
        pos = comma + 1;
    }
    std::string_view value = line.substr(pos);
    if (value.size() < 2 || value.front() != '"' || value.back() != '"' ||
        value.substr(1, value.size() - 2).find('"') != std::string_view::npos) {
        throw InputError(at + ": the value must be one quoted field such as \"[0,3]\"");
    }
    CsvRow row;
    row.kind = std::string(fields[0]);
    if (row.kind != "transfer" && row.kind != "reduction") {
        throw InputError(at + ": the kind must be transfer or reduction, not '" +
                         printable(row.kind) + "'");
    }
    row.processor =
        static_cast<int>(parseInteger(fields[1], at + ": processor", 0, kMaxReadProcessors - 1));
    row.peer = static_cast<int>(parseInteger(fields[2], at + ": peer", 0, kMaxReadProcessors - 1));
    row.start = parseNumber(fields[3], at + ": start");
    row.end = parseNumber(fields[4], at + ": end");
    const double duration = parseNumber(fields[5], at + ": duration");
    checkTime(row.start, at);
    checkTime(row.end, at);
    if (duration != row.end - row.start) {
        throw InputError(at + ": the duration " + std::string(fields[5]) + " is not end - start");
    }
    row.value = std::string(value.substr(1, value.size() - 2));
    return row;
}

} // namespace

Schedule readScheduleCsv(std::string_view text) {
    constexpr std::string_view kHeader = "kind,processor,peer,start,end,duration,value";
    ScheduleParts parts;
    std::map<int, int> transferOf; // sender -> its transfer
    struct Pending {
        int line;
        ReductionOp op;
        int sender;
    };
    std::vector<Pending> reductions;
    int number = 0;
    std::size_t pos = 0;
    std::string_view line;
    while (nextLine(text, pos, line)) {
        ++number;
        if (number == 1) {
            if (line != kHeader) {
                throw InputError("line 1: not a schedule CSV (the header is '" +
                                 std::string(kHeader) + "')");
            }
            continue;
        }
        if (line.empty()) {
            continue;
        }
        if (parts.transfers.size() + reductions.size() >= 2 * std::size_t{kMaxReadProcessors}) {
            throw InputError("line " + std::to_string(number) + ": over " +
                             std::to_string(2 * std::size_t{kMaxReadProcessors}) + " operations");
        }
        const CsvRow row = csvRow(line, number);
        if (row.kind == "transfer") {
            if (!transferOf.emplace(row.processor, static_cast<int>(parts.transfers.size()))
                     .second) {
                throw InputError("line " + std::to_string(number) + ": " + P(row.processor) +
                                 " sends a second time");
            }
            parts.transfers.push_back({row.processor, row.peer, row.start, row.end});
            parts.transferValues.push_back(row.value);
        } else {
            reductions.push_back({number, {row.processor, 0, row.start, row.end}, row.peer});
            parts.reductionValues.push_back(row.value);
        }
    }
    if (number == 0) {
        throw InputError("empty: not a schedule CSV");
    }
    for (const Pending& r : reductions) {
        const auto it = transferOf.find(r.sender);
        if (it == transferOf.end()) {
            throw InputError("line " + std::to_string(r.line) + ": the reduction merges " +
                             P(r.sender) + "'s value, which no transfer sends");
        }
        ReductionOp op = r.op;
        op.transfer = it->second;
        parts.reductions.push_back(op);
    }
    return assembleSchedule(std::move(parts));
}

namespace {

// The fields of one Paje event line: words, or strings in double quotes.
std::vector<std::string> pajeFields(std::string_view line, const std::string& at) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < line.size()) {
        if (line[i] == ' ' || line[i] == '\t') {
            ++i;
            continue;
        }
        if (line[i] == '"') {
            const std::size_t close = line.find('"', i + 1);
            if (close == std::string_view::npos) {
                throw InputError(at + ": a string is not closed");
            }
            out.emplace_back(line.substr(i + 1, close - i - 1));
            i = close + 1;
        } else {
            std::size_t j = i;
            while (j < line.size() && line[j] != ' ' && line[j] != '\t') {
                ++j;
            }
            out.emplace_back(line.substr(i, j - i));
            i = j;
        }
    }
    return out;
}

struct EventDef {
    std::string name;
    std::vector<std::string> fields;
};

// A state on a processor's Activity stack.
struct Entry {
    std::string value;
    double start = 0.0;
};

class PajeReader {
  public:
    Schedule read(std::string_view text);

  private:
    void event(const EventDef& def, const std::vector<std::string>& values, const std::string& at);
    std::string field(const EventDef& def, const std::vector<std::string>& values, const char* name,
                      const std::string& at) const {
        const auto it = std::find(def.fields.begin(), def.fields.end(), name);
        if (it == def.fields.end()) {
            throw InputError(at + ": " + def.name + " has no field " + name);
        }
        return values[static_cast<std::size_t>(it - def.fields.begin())];
    }
    double time(const EventDef& def, const std::vector<std::string>& values,
                const std::string& at) const {
        const double t = parseNumber(field(def, values, "Time", at), at + ": Time");
        checkTime(t, at);
        return t;
    }
    int processor(const std::string& alias, const std::string& at) const {
        const auto it = m_processors.find(alias);
        if (it == m_processors.end()) {
            throw InputError(at + ": '" + printable(alias) + "' is no processor's container");
        }
        return it->second;
    }
    // Ends the pops of a run that were not pushed back: Reduce states become reductions.
    void flush() {
        const std::size_t size = m_popped.size();
        for (std::size_t i = 0; i < size; ++i) {
            // Pushed back: the m_restored states right above the last one popped.
            const bool restored = i + 1 < size && i + 1 + m_restored >= size;
            if (!restored && m_popped[i].value == "V_Reduce") {
                m_reductions.push_back({m_runProc, m_popped[i].start, m_runTime});
            }
        }
        m_popped.clear();
        m_restored = 0;
        m_runProc = -1;
    }

    std::map<std::string, EventDef> m_defs;  // by id
    std::map<std::string, int> m_processors; // container alias -> index
    std::vector<std::vector<Entry>> m_stacks;
    // The run of pops in progress: one processor, one time, the states popped (top first),
    // how many of those above the last one were pushed back.
    int m_runProc = -1;
    double m_runTime = 0.0;
    std::vector<Entry> m_popped;
    std::size_t m_restored = 0;
    struct Reduce {
        int proc;
        double start;
        double end;
    };
    std::vector<Reduce> m_reductions;
    struct Link {
        bool started = false;
        bool ended = false;
        TransferOp op;
        std::string value;
    };
    std::map<long long, Link> m_links;
    std::string m_algorithm;
    bool m_platform = false;
};

void PajeReader::event(const EventDef& def, const std::vector<std::string>& values,
                       const std::string& at) {
    const std::string& name = def.name;
    if (name == "PajeDefineContainerType" || name == "PajeDefineStateType" ||
        name == "PajeDefineLinkType" || name == "PajeDefineEntityValue" || name == "PajeSetState" ||
        name == "PajeDestroyContainer") {
        return; // the types are --paje's; Idle underneath; the end is the last operation's
    }
    if (name == "PajeCreateContainer") {
        const std::string type = field(def, values, "Type", at);
        const std::string alias = field(def, values, "Alias", at);
        const std::string label = field(def, values, "Name", at);
        if (type == "CT_Platform") {
            if (m_platform) {
                throw InputError(at + ": a second root container");
            }
            m_platform = true;
            m_algorithm = label == "Platform" ? "" : label;
            return;
        }
        if (type != "CT_Proc") {
            throw InputError(at + ": a container of type '" + printable(type) +
                             "' (ReduceLab's traces have CT_Platform and CT_Proc)");
        }
        const int p = static_cast<int>(m_processors.size());
        if (label != P(p)) {
            throw InputError(at + ": the processor containers are P0, P1, ... in order, not '" +
                             printable(label) + "'");
        }
        if (p + 1 >= kMaxReadProcessors) {
            throw InputError(at + ": over " + std::to_string(kMaxReadProcessors) + " processors");
        }
        if (!m_processors.emplace(alias, p).second) {
            throw InputError(at + ": the container alias '" + printable(alias) + "' twice");
        }
        m_stacks.emplace_back();
        return;
    }
    if (name == "PajePushState" || name == "PajePopState") {
        const double t = time(def, values, at);
        const int p = processor(field(def, values, "Container", at), at);
        auto& stack = m_stacks[static_cast<std::size_t>(p)];
        if (name == "PajePopState") {
            if (stack.empty()) {
                throw InputError(at + ": a state popped from " + P(p) + "'s empty stack");
            }
            if (m_runProc != p || m_runTime != t || m_restored > 0) {
                flush();
                m_runProc = p;
                m_runTime = t;
            }
            m_popped.push_back(stack.back());
            stack.pop_back();
            return;
        }
        const std::string value = field(def, values, "Value", at);
        if (value != "V_Receive" && value != "V_Reduce" && value != "V_Send") {
            throw InputError(at + ": the state '" + printable(value) +
                             "' (ReduceLab's traces push V_Receive, V_Reduce and V_Send)");
        }
        // Pushed back at once after the pops that let a state below end: the same state.
        const std::size_t next = m_popped.size() >= 2 ? m_popped.size() - 2 - m_restored : 0;
        if (m_runProc == p && m_runTime == t && m_popped.size() >= 2 &&
            m_restored + 1 < m_popped.size() && m_popped[next].value == value) {
            stack.push_back(m_popped[next]);
            ++m_restored;
            return;
        }
        flush();
        stack.push_back({value, t});
        return;
    }
    flush();
    if (name == "PajeStartLink" || name == "PajeEndLink") {
        const double t = time(def, values, at);
        const bool start = name == "PajeStartLink";
        const int p =
            processor(field(def, values, start ? "StartContainer" : "EndContainer", at), at);
        const std::string key = field(def, values, "Key", at);
        if (key.size() < 2 || key[0] != 'k') {
            throw InputError(at + ": the link key '" + printable(key) + "' is not k<index>");
        }
        const long long k = parseInteger(std::string_view(key).substr(1), at + ": link key", 0,
                                         kMaxReadProcessors - 2);
        Link& link = m_links[k];
        const std::string value = field(def, values, "Value", at);
        if (start ? link.started : link.ended) {
            throw InputError(at + ": the link " + key + " " + (start ? "starts" : "ends") +
                             " twice");
        }
        if ((link.started || link.ended) && value != link.value) {
            throw InputError(at + ": the link " + key + " carries two values");
        }
        link.value = value;
        if (start) {
            link.started = true;
            link.op.from = p;
            link.op.start = t;
        } else {
            link.ended = true;
            link.op.to = p;
            link.op.end = t;
        }
        return;
    }
    throw InputError(at + ": " + printable(name) + " is not an event of ReduceLab's traces");
}

Schedule PajeReader::read(std::string_view text) {
    int number = 0;
    std::size_t pos = 0;
    std::optional<EventDef> defining;
    std::string definingId;
    bool any = false;
    std::string_view line;
    while (nextLine(text, pos, line)) {
        ++number;
        const std::string at = "line " + std::to_string(number);
        if (trim(line).empty()) {
            continue;
        }
        if (line[0] == '%') {
            const std::vector<std::string> words = pajeFields(line.substr(1), at);
            if (!words.empty() && words[0] == "EventDef") {
                if (defining || words.size() != 3) {
                    throw InputError(at + ": '%EventDef NAME ID' expected");
                }
                defining = EventDef{words[1], {}};
                definingId = words[2];
            } else if (!words.empty() && words[0] == "EndEventDef") {
                if (!defining) {
                    throw InputError(at + ": %EndEventDef without %EventDef");
                }
                if (!m_defs.emplace(definingId, *defining).second) {
                    throw InputError(at + ": the event id " + printable(definingId) + " twice");
                }
                defining.reset();
            } else if (defining && words.size() == 2) {
                defining->fields.push_back(words[0]);
            } else {
                throw InputError(at + ": not a Paje event definition");
            }
            any = true;
            continue;
        }
        if (!any) {
            throw InputError(at + ": not a Paje trace (it begins with %EventDef)");
        }
        const std::vector<std::string> words = pajeFields(line, at);
        const auto def = m_defs.find(words.front());
        if (def == m_defs.end()) {
            throw InputError(at + ": the event id '" + printable(words.front()) +
                             "' is not defined");
        }
        if (words.size() != def->second.fields.size() + 1) {
            throw InputError(at + ": " + def->second.name + " has " +
                             std::to_string(def->second.fields.size()) + " fields, not " +
                             std::to_string(words.size() - 1));
        }
        event(def->second, std::vector<std::string>(words.begin() + 1, words.end()), at);
    }
    flush();
    if (defining) {
        throw InputError("the event definition " + defining->name + " does not end");
    }
    if (m_processors.empty()) {
        throw InputError("no processor container: not a ReduceLab Paje trace");
    }
    for (std::size_t p = 0; p < m_stacks.size(); ++p) {
        if (!m_stacks[p].empty()) {
            throw InputError(P(static_cast<int>(p)) + "'s state " + m_stacks[p].back().value +
                             " is never popped");
        }
    }
    ScheduleParts parts;
    parts.n = static_cast<int>(m_processors.size());
    parts.algorithm = m_algorithm;
    long long expected = 0;
    for (const auto& [k, link] : m_links) {
        if (k != expected++) {
            throw InputError("no link k" + std::to_string(expected - 1) +
                             " (links are keyed k0, k1, ...)");
        }
        if (!link.started || !link.ended) {
            throw InputError("the link k" + std::to_string(k) +
                             (link.started ? " never ends" : " never starts"));
        }
        parts.transfers.push_back(link.op);
        parts.transferValues.push_back(link.value);
    }
    // Each reduction merges the earliest transfer into its processor that ended before it
    // started and was not merged yet.
    std::vector<std::vector<int>> into(m_processors.size());
    for (std::size_t k = 0; k < parts.transfers.size(); ++k) {
        into[static_cast<std::size_t>(parts.transfers[k].to)].push_back(static_cast<int>(k));
    }
    for (auto& list : into) {
        std::stable_sort(list.begin(), list.end(), [&](int a, int b) {
            return parts.transfers[static_cast<std::size_t>(a)].end <
                   parts.transfers[static_cast<std::size_t>(b)].end;
        });
    }
    std::stable_sort(m_reductions.begin(), m_reductions.end(),
                     [](const Reduce& a, const Reduce& b) { return a.start < b.start; });
    std::vector<std::size_t> used(m_processors.size(), 0);
    for (const Reduce& r : m_reductions) {
        auto& list = into[static_cast<std::size_t>(r.proc)];
        std::size_t& next = used[static_cast<std::size_t>(r.proc)];
        if (next >= list.size() ||
            parts.transfers[static_cast<std::size_t>(list[next])].end > r.start) {
            throw InputError("a reduction on " + P(r.proc) + " at " + formatNumber(r.start) +
                             " merges no transfer that ended");
        }
        parts.reductions.push_back({r.proc, list[next], r.start, r.end});
        ++next;
    }
    return assembleSchedule(std::move(parts));
}

} // namespace

Schedule readPajeTrace(std::string_view text) {
    return PajeReader().read(text);
}

} // namespace rl
