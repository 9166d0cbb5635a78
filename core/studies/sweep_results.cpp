#include "studies/sweep_results.h"

#include "studies/json_text.h"
#include "studies/sweep_study.h"

#include "algorithms/algorithm_registry.h"
#include "algorithms/simulator.h"
#include "base/byte_codec.h"
#include "base/file_io.h"
#include "base/input_error.h"
#include "base/limits.h"
#include "base/text_util.h"
#include "base/version.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <system_error>

namespace rl {

namespace {

using nlohmann::json;

constexpr const char* kFormat = "reducelab-sweep-results";
// The CLI's grids have at most 10,000 values per axis (parseGrid); a sidecar may not ask more.
constexpr std::size_t kMaxAxisValues = 10000;
constexpr std::size_t kMaxListValues = 1024;

constexpr std::string_view kContext = "results sidecar: ";

[[noreturn]] void fail(const std::string& what) {
    throw InputError(std::string(kContext) + what);
}

const json& need(const json& o, const char* key, JsonTypeTest is) {
    return jsonField(o, key, is, kContext);
}

/// A finite number: `v` when it is one (absent fields are null).
double finite(const json* v, const std::string& what) {
    if (v == nullptr || !v->is_number() || !std::isfinite(v->get<double>())) {
        fail(what + " is not a finite number");
    }
    return v->get<double>();
}

const json* field(const json& o, const char* key) {
    const auto it = o.find(key);
    return it == o.end() ? nullptr : &*it;
}

/// A whole number in [lo, hi] stored as a JSON number (exact up to 2^53).
std::uint64_t whole(const json* v, const std::string& what, double lo, double hi) {
    const double d = finite(v, what);
    if (!(d >= lo && d <= hi) || d != std::floor(d)) {
        fail(what + " must be a whole number between " + formatNumber(lo) + " and " +
             formatNumber(hi));
    }
    return static_cast<std::uint64_t>(d);
}

/// A non-negative integer written as a string (JSON numbers hold 53 bits).
std::uint64_t wholeString(const json* v, const std::string& what) {
    const std::optional<std::uint64_t> x = v != nullptr ? wholeFromString(*v) : std::nullopt;
    if (!x) {
        fail(what + " is not a non-negative integer (as a string)");
    }
    return *x;
}

std::vector<double> numbers(const json& o, const char* key, std::size_t maxCount) {
    const json& a = need(o, key, &json::is_array);
    if (a.empty() || a.size() > maxCount) {
        fail(std::string("'") + key + "' must hold 1 to " + std::to_string(maxCount) + " values");
    }
    std::vector<double> out;
    for (const json& v : a) {
        out.push_back(finite(&v, std::string("a value of '") + key + "'"));
    }
    return out;
}

json toArray(const std::vector<double>& values) {
    json a = json::array();
    for (double v : values) {
        a.push_back(jsonNumber(v));
    }
    return a;
}

json cellJson(const GridCell& c) {
    json medians = json::array();
    for (std::uint64_t r : c.medianReplicate) {
        medians.push_back(r);
    }
    json o = {{"medianReplicate", medians},
              {"ratioReplicate", c.ratioReplicate},
              {"bestReplicate", c.bestReplicate}};
    if (c.ratio01) {
        o["ratio"] = {{"ratio", jsonNumber(c.ratio01->ratio)},
                      {"stdError", jsonNumber(c.ratio01->stdError)},
                      {"low", jsonNumber(c.ratio01->low)},
                      {"high", jsonNumber(c.ratio01->high)},
                      {"count", c.ratio01->count}};
    }
    if (c.best) {
        o["best"] = {{"best", c.best->best},
                     {"runnerUp", c.best->runnerUp},
                     {"margin", jsonNumber(c.best->margin)},
                     {"relativeMargin", jsonNumber(c.best->relativeMargin)},
                     {"diffStdError", jsonNumber(c.best->diffStdError)},
                     {"tie", c.best->tie}};
    }
    return o;
}

PointAnalysis cellFromJson(const json& o, std::size_t algorithms, std::uint64_t replicates) {
    if (!o.is_object()) {
        fail("a cell is not an object");
    }
    const double lastReplicate = static_cast<double>(replicates - 1);
    PointAnalysis p;
    const json& medians = need(o, "medianReplicate", &json::is_array);
    if (medians.size() != algorithms) {
        fail("a cell's 'medianReplicate' needs one replicate per algorithm");
    }
    for (const json& m : medians) {
        p.medianReplicate.push_back(whole(&m, "a median replicate", 0, lastReplicate));
    }
    p.ratioReplicate = whole(field(o, "ratioReplicate"), "'ratioReplicate'", 0, lastReplicate);
    p.bestReplicate = whole(field(o, "bestReplicate"), "'bestReplicate'", 0, lastReplicate);
    if (o.contains("ratio")) {
        const json& r = need(o, "ratio", &json::is_object);
        RatioEstimate e;
        e.ratio = finite(field(r, "ratio"), "a ratio");
        e.stdError = finite(field(r, "stdError"), "a ratio's standard error");
        e.low = finite(field(r, "low"), "a ratio's lower bound");
        e.high = finite(field(r, "high"), "a ratio's upper bound");
        e.count = whole(field(r, "count"), "a ratio's count", static_cast<double>(replicates),
                        static_cast<double>(replicates));
        if (algorithms < 2 || !(e.low <= e.ratio && e.ratio <= e.high) || e.stdError < 0.0) {
            fail("a cell's ratio is inconsistent");
        }
        p.ratio01 = e;
    }
    if (o.contains("best")) {
        const json& b = need(o, "best", &json::is_object);
        BestMethod m;
        const double top = static_cast<double>(algorithms) - 1.0;
        m.best = static_cast<int>(whole(field(b, "best"), "a best method", 0, top));
        const double runnerUp = finite(field(b, "runnerUp"), "a runner-up");
        if (!(runnerUp >= -1.0 && runnerUp <= top) || runnerUp != std::floor(runnerUp) ||
            runnerUp == m.best) {
            fail("a runner-up must be -1 or another algorithm's index");
        }
        m.runnerUp = static_cast<int>(runnerUp);
        m.margin = finite(field(b, "margin"), "a margin");
        m.relativeMargin = finite(field(b, "relativeMargin"), "a relative margin");
        m.diffStdError = finite(field(b, "diffStdError"), "a difference's standard error");
        m.tie = need(b, "tie", &json::is_boolean).get<bool>();
        p.best = m;
    }
    return p;
}

} // namespace

std::string sweepSidecarPath(std::string_view csvPath) {
    return std::string(csvPath) + ".json";
}

std::string sweepCsvFingerprint(std::string_view csv) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(fnv1a64(csv)));
    return text;
}

std::optional<std::string> sweepSidecarFor(const std::string& csvPath) {
    if (!outputIsRegularFile(csvPath)) {
        return std::nullopt;
    }
    return sweepSidecarPath(csvPath);
}

void saveSweepResults(const GridSnapshot& snapshot, Figure fig, const std::string& csvPath) {
    OutputSet out;
    out.declare("", csvPath);
    const std::optional<std::string> sidecar = sweepSidecarFor(csvPath);
    if (sidecar) {
        out.declare("", *sidecar);
    }
    out.stage(csvPath, snapshot.csv());
    if (sidecar) {
        out.stage(*sidecar, sweepSidecar(snapshot, fig));
    }
    out.commit();
}

std::string sweepSidecar(const GridSnapshot& snapshot, Figure fig) {
    const SweepSpec& s = snapshot.spec;
    json algos = json::array();
    for (const Algorithm& a : s.algorithms) {
        algos.push_back(a.key());
    }
    json o = {{"format", kFormat},
              {"version", kSweepSidecarVersion},
              {"program", std::string("ReduceLab ") + kVersion},
              {"figure", figureKey(fig)},
              {"n", s.n},
              {"noncommutative", s.nonCommutative},
              {"family", sweepFamilyKey(s.family)},
              {"transferMean", jsonNumber(s.transferMean)},
              {"cvs", toArray(s.cvs)},
              {"ratios", toArray(s.ratios)},
              {"algorithms", algos},
              {"replicates", std::to_string(snapshot.replicates)},
              {"seed", std::to_string(s.seed)},
              {"quantiles", toArray(s.quantiles)},
              {"csvFingerprint", sweepCsvFingerprint(snapshot.csv())}};
    // Only complete analyses are written: a cell without one cannot be drilled into.
    bool analysed = !snapshot.cells.empty();
    for (const GridCell& c : snapshot.cells) {
        analysed = analysed && c.medianReplicate.size() == s.algorithms.size();
    }
    if (analysed) {
        json cells = json::array();
        for (const GridCell& c : snapshot.cells) {
            cells.push_back(cellJson(c));
        }
        o["cells"] = std::move(cells);
    }
    return jsonText(o);
}

SweepResults parseSweepResults(std::string_view csv, std::string_view sidecar,
                               const AlgorithmCatalog& catalog) {
    json o;
    try {
        o = parseJsonObject(sidecar);
    } catch (const InputError& e) {
        fail(e.what());
    }
    const auto format = o.find("format");
    if (format == o.end() || *format != kFormat) {
        fail(std::string("not ReduceLab sweep results (no \"format\": \"") + kFormat + "\")");
    }
    const auto version = whole(field(o, "version"), "'version'", 1, 1e9);
    if (version > static_cast<std::uint64_t>(kSweepSidecarVersion)) {
        fail("version " + std::to_string(version) + " is newer than this ReduceLab reads (" +
             std::to_string(kSweepSidecarVersion) + "): please update ReduceLab");
    }
    SweepResults r;
    r.figure = parseFigure(need(o, "figure", &json::is_string).get_ref<const std::string&>());
    SweepSpec s;
    s.n = static_cast<int>(whole(field(o, "n"), "'n'", 1, kMaxProcessors));
    s.nonCommutative = need(o, "noncommutative", &json::is_boolean).get<bool>();
    s.family = parseSweepFamily(need(o, "family", &json::is_string).get_ref<const std::string&>());
    s.transferMean = finite(field(o, "transferMean"), "'transferMean'");
    s.cvs = numbers(o, "cvs", kMaxAxisValues);
    s.ratios = numbers(o, "ratios", kMaxAxisValues);
    const json& algos = need(o, "algorithms", &json::is_array);
    if (algos.empty() || algos.size() > kMaxListValues) {
        fail("'algorithms' must name 1 to " + std::to_string(kMaxListValues) + " algorithms");
    }
    s.algorithms.clear();
    for (const json& a : algos) {
        if (!a.is_string()) {
            fail("an algorithm is not a name (a string)");
        }
        s.algorithms.push_back(parseAlgorithm(a.get_ref<const std::string&>(), catalog));
    }
    s.replicates = wholeString(field(o, "replicates"), "'replicates'");
    s.seed = wholeString(field(o, "seed"), "'seed'");
    s.quantiles = numbers(o, "quantiles", kMaxListValues);
    if (s.replicates < 1) {
        fail("'replicates' must be at least 1");
    }
    s.validate();
    if (need(o, "csvFingerprint", &json::is_string).get_ref<const std::string&>() !=
        sweepCsvFingerprint(csv)) {
        throw InputError("the CSV differs from the one its sidecar describes (edited after the "
                         "sweep, or another sweep's sidecar)");
    }
    GridSnapshot snap;
    try {
        snap = snapshotFromCsv(s, csv);
    } catch (const InputError& e) {
        throw InputError(std::string("results CSV: ") + e.what());
    }
    if (snap.replicates != s.replicates) {
        fail("the CSV has " + std::to_string(snap.replicates) + " replicates per point, not " +
             std::to_string(s.replicates));
    }
    if (SweepStudy{r.figure, s}.needsPairs() && !o.contains("cells")) {
        fail("a " + std::string(figureKey(r.figure)) +
             " file needs 'cells', the paired analyses the map draws");
    }
    if (o.contains("cells")) {
        const json& cells = need(o, "cells", &json::is_array);
        if (cells.size() != snap.cells.size()) {
            fail("'cells' must hold one analysis per grid point (" +
                 std::to_string(snap.cells.size()) + ")");
        }
        for (std::size_t k = 0; k < snap.cells.size(); ++k) {
            applyAnalysis(snap.cells[k], cellFromJson(cells[k], s.algorithms.size(), s.replicates));
        }
    }
    r.snapshot = std::make_shared<const GridSnapshot>(withReference(std::move(snap)));
    return r;
}

SweepResults loadSweepResults(const std::string& csvPath, const AlgorithmCatalog& catalog) {
    const std::string sidecarPath = sweepSidecarPath(csvPath);
    // The CSV first: a missing or special file is named as such before its sidecar.
    const std::string csv = readInputFile(csvPath, kMaxSweepResultsBytes);
    std::error_code ec;
    if (!std::filesystem::exists(sidecarPath, ec)) {
        throw InputError(rl::quoted(csvPath) + ": no sidecar " + rl::quoted(sidecarPath) +
                         " beside it (sweep --out and Export data… write both)");
    }
    const std::string sidecar = readInputFile(sidecarPath, kMaxSweepResultsBytes);
    try {
        return parseSweepResults(csv, sidecar, catalog);
    } catch (const InputError& e) {
        throw InputError(rl::quoted(csvPath) + ": " + e.what());
    }
}

} // namespace rl
