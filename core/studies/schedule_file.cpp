#include "studies/schedule_file.h"

#include "base/file_io.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "schedule/schedule_reader.h"
#include "studies/chrome_trace.h"
#include "studies/json_text.h"
#include "studies/scenario_json.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>

namespace rl {

namespace {

using nlohmann::json;

const json& field(const json& o, const char* key, JsonTypeTest is, const std::string& context) {
    return jsonField(o, key, is, context);
}

int whole(const json& o, const char* key, long long lo, long long hi, const std::string& context) {
    const json& v = field(o, key, &json::is_number_integer, context);
    const long long x = v.is_number_unsigned() && v.get<unsigned long long>() > 1ULL << 62
                            ? hi + 1
                            : v.get<long long>();
    if (x < lo || x > hi) {
        throw InputError(context + "field '" + key + "' = " + std::to_string(x) + " must lie in [" +
                         std::to_string(lo) + ", " + std::to_string(hi) + "]");
    }
    return static_cast<int>(x);
}

double number(const json& o, const char* key, const std::string& context) {
    return field(o, key, &json::is_number, context).get<double>();
}

// The "measured" object of scheduleOriginJson(): null or absent for a simulated schedule.
ScheduleOrigin origin(const json& o, const std::string& context) {
    const auto it = o.find("measured");
    if (it == o.end() || it->is_null()) {
        return {};
    }
    if (!it->is_object()) {
        throw InputError(context + "field 'measured' must be an object or null");
    }
    const std::string sub = context + "measured: ";
    const std::string unit = field(*it, "time_unit", &json::is_string, sub).get<std::string>();
    if (unit == "seconds") {
        return {true, 0.0};
    }
    if (unit != "model") {
        throw InputError(sub + "time_unit must be model or seconds, not '" + printable(unit) + "'");
    }
    const double perUnit = number(*it, "seconds_per_unit", sub);
    if (!(perUnit > 0.0) || !std::isfinite(perUnit)) {
        throw InputError(sub + "seconds_per_unit must be positive");
    }
    return {true, perUnit};
}

Scenario scenario(const json& o, const AlgorithmCatalog& catalog, const std::string& context) {
    try {
        return scenarioFromJson(field(o, "scenario", &json::is_object, context), catalog);
    } catch (const InputError& e) {
        throw InputError(context + "scenario: " + e.what());
    }
}

std::size_t arraySize(const json& a, const char* what, const std::string& context) {
    if (a.size() > 2 * static_cast<std::size_t>(kMaxReadProcessors)) {
        throw InputError(context + "over " + std::to_string(2 * std::size_t{kMaxReadProcessors}) +
                         " " + what);
    }
    return a.size();
}

ScheduleFile scheduleJsonFile(const json& o, const AlgorithmCatalog& catalog) {
    const std::string top;
    ScheduleParts parts;
    parts.algorithm = field(o, "algorithm", &json::is_string, top).get<std::string>();
    parts.n = whole(o, "n", 1, kMaxReadProcessors, top);
    parts.nonCommutative = field(o, "noncommutative", &json::is_boolean, top).get<bool>();
    parts.root = whole(o, "root", 0, parts.n - 1, top);
    parts.makespan = number(o, "makespan", top);
    const json& transfers = field(o, "transfers", &json::is_array, top);
    const std::size_t count = arraySize(transfers, "transfers", top);
    for (std::size_t k = 0; k < count; ++k) {
        const std::string at = "transfer " + std::to_string(k) + ": ";
        const json& t = transfers[k];
        if (!t.is_object()) {
            throw InputError(at + "not an object");
        }
        parts.transfers.push_back({whole(t, "from", 0, parts.n - 1, at),
                                   whole(t, "to", 0, parts.n - 1, at), number(t, "start", at),
                                   number(t, "end", at)});
        parts.transferValues.push_back(field(t, "value", &json::is_string, at).get<std::string>());
    }
    const json& reductions = field(o, "reductions", &json::is_array, top);
    const std::size_t rcount = arraySize(reductions, "reductions", top);
    for (std::size_t k = 0; k < rcount; ++k) {
        const std::string at = "reduction " + std::to_string(k) + ": ";
        const json& r = reductions[k];
        if (!r.is_object()) {
            throw InputError(at + "not an object");
        }
        const int transfer = whole(r, "transfer", 0, static_cast<long long>(count) - 1, at);
        if (whole(r, "from", 0, parts.n - 1, at) !=
            parts.transfers[static_cast<std::size_t>(transfer)].from) {
            throw InputError(at + "'from' is not the sender of transfer " +
                             std::to_string(transfer));
        }
        parts.reductions.push_back({whole(r, "processor", 0, parts.n - 1, at), transfer,
                                    number(r, "start", at), number(r, "end", at)});
        parts.reductionValues.push_back(field(r, "value", &json::is_string, at).get<std::string>());
    }
    ScheduleFile file;
    file.format = "json";
    file.schedule = assembleSchedule(std::move(parts));
    const json& tree = field(o, "tree", &json::is_object, top);
    const json& parent = field(tree, "parent", &json::is_array, "tree: ");
    if (parent != json(file.schedule.parent)) {
        throw InputError("tree: 'parent' is not the transfers' tree");
    }
    file.origin = origin(o, top);
    file.scenario = scenario(o, catalog, top);
    return file;
}

ScheduleFile chromeTraceFile(const json& o, const AlgorithmCatalog& catalog) {
    const auto otherData = o.find("otherData");
    const bool ours = otherData != o.end() && otherData->is_object() &&
                      otherData->value("format", json()) == kChromeTraceFormat;
    if (!ours) {
        throw InputError("a trace-event file that ReduceLab did not write (otherData.format is "
                         "not " +
                         std::string(kChromeTraceFormat) + ")");
    }
    const json& other = *otherData;
    const std::string top = "otherData: ";
    if (whole(other, "version", 1, kChromeTraceVersion, top) != kChromeTraceVersion) {
        throw InputError(top + "unknown version");
    }
    ScheduleParts parts;
    parts.algorithm = field(other, "algorithm", &json::is_string, top).get<std::string>();
    parts.n = whole(other, "n", 1, kMaxReadProcessors, top);
    parts.nonCommutative = field(other, "noncommutative", &json::is_boolean, top).get<bool>();
    parts.root = whole(other, "root", 0, parts.n - 1, top);
    parts.makespan = number(other, "makespan", top);
    const json& events = field(o, "traceEvents", &json::is_array, "");
    const long long last = static_cast<long long>(parts.n) - 2;
    std::map<int, std::size_t> transfers; // index -> position in parts
    std::map<int, TransferOp> sends;
    std::map<int, ReductionOp> reductions;
    std::map<int, std::string> reductionValues;
    std::map<int, int> reductionFrom;
    const std::size_t count = arraySize(events, "events", "traceEvents: ");
    for (std::size_t i = 0; i < count; ++i) {
        const std::string at = "event " + std::to_string(i) + ": ";
        const json& e = events[i];
        if (!e.is_object()) {
            throw InputError(at + "not an object");
        }
        if (field(e, "ph", &json::is_string, at) != "X") {
            continue; // metadata and flows: drawn from the operations
        }
        const std::string cat = field(e, "cat", &json::is_string, at).get<std::string>();
        const json& args = field(e, "args", &json::is_object, at);
        const std::string sub = at + "args: ";
        const double start = number(args, "start", sub);
        const double end = number(args, "end", sub);
        const std::string value = field(args, "value", &json::is_string, sub).get<std::string>();
        if (cat == "transfer" || cat == "send") {
            const int k = whole(args, "transfer", 0, last, sub);
            const TransferOp op{whole(args, "from", 0, parts.n - 1, sub),
                                whole(args, "to", 0, parts.n - 1, sub), start, end};
            if (cat == "send") {
                if (!sends.emplace(k, op).second) {
                    throw InputError(at + "a second send of transfer " + std::to_string(k));
                }
                continue;
            }
            if (transfers.count(k) != 0) {
                throw InputError(at + "a second reception of transfer " + std::to_string(k));
            }
            transfers[k] = parts.transfers.size();
            parts.transfers.push_back(op);
            parts.transferValues.push_back(value);
        } else if (cat == "reduction") {
            const int k = whole(args, "reduction", 0, last, sub);
            if (reductions.count(k) != 0) {
                throw InputError(at + "a second event of reduction " + std::to_string(k));
            }
            reductions[k] = {whole(args, "processor", 0, parts.n - 1, sub),
                             whole(args, "transfer", 0, last, sub), start, end};
            reductionFrom[k] = whole(args, "from", 0, parts.n - 1, sub);
            reductionValues[k] = value;
        } else {
            throw InputError(at + "a complete event of category '" + printable(cat) +
                             "' (ReduceLab's are transfer, send and reduction)");
        }
    }
    // Transfers by index; the events are in index order, but any order reads the same.
    std::vector<TransferOp> ordered;
    std::vector<std::string> orderedValues;
    int expected = 0;
    for (const auto& [k, at] : transfers) {
        if (k != expected++) {
            break;
        }
        ordered.push_back(parts.transfers[at]);
        orderedValues.push_back(parts.transferValues[at]);
    }
    if (ordered.size() != static_cast<std::size_t>(parts.n - 1) || sends.size() != ordered.size()) {
        throw InputError("traceEvents: " + std::to_string(transfers.size()) + " transfers and " +
                         std::to_string(sends.size()) + " sends, indexed 0.." +
                         std::to_string(parts.n - 2) + ", for n = " + std::to_string(parts.n));
    }
    for (const auto& [k, op] : sends) {
        const auto it = transfers.find(k);
        const TransferOp* t = it == transfers.end() ? nullptr : &parts.transfers[it->second];
        if (t == nullptr || t->from != op.from || t->to != op.to || t->start != op.start ||
            t->end != op.end) {
            throw InputError("traceEvents: the send of transfer " + std::to_string(k) +
                             " is not its reception");
        }
    }
    parts.transfers = std::move(ordered);
    parts.transferValues = std::move(orderedValues);
    expected = 0;
    for (const auto& [k, r] : reductions) {
        if (k != expected++) {
            throw InputError("traceEvents: no reduction " + std::to_string(k - 1));
        }
        if (reductionFrom[k] != parts.transfers[static_cast<std::size_t>(r.transfer)].from) {
            throw InputError("reduction " + std::to_string(k) +
                             ": 'from' is not the sender of "
                             "transfer " +
                             std::to_string(r.transfer));
        }
        parts.reductions.push_back(r);
        parts.reductionValues.push_back(reductionValues[k]);
    }
    ScheduleFile file;
    file.format = "chrome-trace";
    file.schedule = assembleSchedule(std::move(parts));
    file.origin = origin(other, top);
    file.scenario = scenario(other, catalog, top);
    return file;
}

// The file of the format its first bytes tell.
ScheduleFile parseScheduleText(std::string_view text, const AlgorithmCatalog& catalog) {
    const std::string_view start = trim(text.substr(0, 64));
    if (start.starts_with("kind,processor,peer")) {
        return {"csv", readScheduleCsv(text), {}, std::nullopt};
    }
    if (start.starts_with("%EventDef")) {
        return {"paje", readPajeTrace(text), {}, std::nullopt};
    }
    if (start.starts_with('{')) {
        const json o = parseJsonObject(text);
        if (o.contains("traceEvents")) {
            return chromeTraceFile(o, catalog);
        }
        if (o.contains("transfers") && o.contains("reductions")) {
            return scheduleJsonFile(o, catalog);
        }
        throw InputError("a JSON object that is not a schedule (run --format json) nor a trace "
                         "(run --chrome-trace)");
    }
    throw InputError("not a schedule ReduceLab reads: the CSV of run --out, the JSON of run "
                     "--format json, a trace of --chrome-trace or --paje");
}

} // namespace

ScheduleFile parseScheduleFile(std::string_view text, const AlgorithmCatalog& catalog) {
    ScheduleFile file = parseScheduleText(text, catalog);
    if (file.scenario && (file.scenario->n != file.schedule.n ||
                          file.scenario->nonCommutative != file.schedule.nonCommutative ||
                          file.scenario->algorithms.size() != 1)) {
        throw InputError("the scenario (n = " + std::to_string(file.scenario->n) +
                         ") is not that of the schedule (n = " + std::to_string(file.schedule.n) +
                         ", one algorithm)");
    }
    return file;
}

bool isScheduleFileText(std::string_view text) {
    const std::string_view start = trim(text.substr(0, 64));
    if (start.starts_with("kind,processor,peer") || start.starts_with("%EventDef")) {
        return true;
    }
    if (!start.starts_with('{')) {
        return false;
    }
    try {
        const json o = parseJsonObject(text);
        return o.contains("traceEvents") || (o.contains("transfers") && o.contains("reductions"));
    } catch (const InputError&) {
        return false; // not JSON at all: whoever reads it says why
    }
}

ScheduleFile readScheduleFile(const std::string& path, const AlgorithmCatalog& catalog) {
    const std::string text = readInputFile(path, kMaxScheduleFileBytes);
    try {
        return parseScheduleFile(text, catalog);
    } catch (const InputError& e) {
        throw InputError(rl::quoted(path) + ": " + e.what());
    }
}

} // namespace rl
