// reducelab._reducelab: the studies of the core as the Python package calls them. Every number
// comes from the code that reducelab-cli runs (studies/: runScenario, runMcStudy, runSweepJob,
// with this process's LocalExecutor), so the built-ins give the CLI's bits; every default comes
// from the core's one place (PlatformSpec::cliDefault, McOptions, McConfig).
#include "bindings/module_def.h"

#include "bindings/policy_interrupt.h"
#include "bindings/python_policy.h"
#include "bindings/values_def.h"

#include "algorithms/algorithm_registry.h"
#include "algorithms/ompi_parameters.h"
#include "algorithms/simulator.h"
#include "base/file_io.h"
#include "base/input_error.h"
#include "base/job_scope.h"
#include "base/statistics.h"
#include "base/theme_colours.h"
#include "base/version.h"
#include "experiment/monte_carlo.h"
#include "experiment/point_job.h"
#include "experiment/sweep.h"
#include "platform/matrix_presets.h"
#include "schedule/gantt_bars.h"
#include "studies/json_text.h"
#include "studies/mc_study.h"
#include "studies/run_study.h"
#include "studies/scenario_json.h"
#include "studies/sweep_study.h"

#include <nlohmann/json.hpp>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace rl::python {

namespace {

namespace py = pybind11;

/// An entry of `algorithms` or `algorithm=`: a key ("tree-dyn") or a policy (class or
/// instance).
Algorithm toAlgorithm(py::handle entry) {
    if (py::isinstance<py::str>(entry)) {
        return parseAlgorithm(entry.cast<std::string>(), AlgorithmCatalog());
    }
    return policyAlgorithm(entry, ErrorMode::Propagate);
}

std::vector<Algorithm> toAlgorithms(const py::handle& entries) {
    if (py::isinstance<py::str>(entries)) { // "all" or "a,b" as on the command line
        return parseAlgorithmList(entries.cast<std::string>(), AlgorithmCatalog());
    }
    std::vector<Algorithm> out;
    for (const py::handle entry : entries) {
        if (py::isinstance<py::str>(entry) && entry.cast<std::string>() == "all") {
            const auto all = parseAlgorithmList("all", AlgorithmCatalog());
            out.insert(out.end(), all.begin(), all.end());
        } else {
            out.push_back(toAlgorithm(entry));
        }
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j) {
            if (out[i].key() == out[j].key()) {
                throw InputError("algorithm '" + out[i].key() + "' is listed twice");
            }
        }
    }
    return out;
}

/// The platform of the package's keyword arguments (python/reducelab/_api.py checks which go
/// together): laws per operation, a matrix (a file, or d and c), a preset, or a matrix drawn
/// per replicate.
PlatformSpec platformFrom(const py::dict& a) {
    PlatformSpec p = PlatformSpec::cliDefault();
    p.seed = a["seed"].cast<std::uint64_t>();
    p.nonCommutative = a["noncommutative"].cast<bool>();
    const int n = a["n"].cast<int>();
    std::optional<FixedCosts> fixed;
    if (!a["matrix_file"].is_none()) {
        const std::string path = a["matrix_file"].cast<std::string>();
        fixed = FixedCosts::parseCsv(readInputFile(path), path);
    } else if (!a["d"].is_none()) {
        FixedCosts f;
        const auto d =
            a["d"].cast<py::array_t<double, py::array::c_style | py::array::forcecast>>();
        const auto c =
            a["c"].cast<py::array_t<double, py::array::c_style | py::array::forcecast>>();
        f.n = static_cast<int>(c.size());
        f.d.assign(d.data(), d.data() + d.size());
        f.c.assign(c.data(), c.data() + c.size());
        f.validate();
        fixed = std::move(f);
    } else if (!a["preset"].is_none()) {
        fixed = parsePreset(a["preset"].cast<std::string>(), a["n_given"].cast<bool>() ? n : 0);
    }
    if (!a["arrival"].is_none()) {
        p.arrival = parseLaw(a["arrival"].cast<std::string>(), "arrival");
    }
    if (fixed) {
        if (a["n_given"].cast<bool>() && fixed->n != n) {
            throw InputError("the fixed costs are for n = " + std::to_string(fixed->n) +
                             " processors, but n = " + std::to_string(n) + " was given");
        }
        p.n = fixed->n;
        p.costMode = CostMode::FixedMatrix;
        p.matrix = std::move(fixed);
        return p;
    }
    p.n = n;
    p.transfer = parseLaw(a["transfer"].cast<std::string>(), "transfer");
    p.reduction = parseLaw(a["reduction"].cast<std::string>(), "reduction");
    p.costMode = a["draw_matrix"].cast<bool>() ? CostMode::DrawnMatrix : CostMode::PerOperation;
    return p;
}

/// `algorithms` with Open MPI's parameters of the package's keywords applied (the core's rule,
/// algorithms/ompi_parameters.h): `fanout` and `message_bytes` in the dict of _api.py's
/// _ompi_options(), none when absent.
std::vector<Algorithm> withOmpiParameters(std::vector<Algorithm> algorithms, const py::dict& a) {
    OmpiParameters p;
    if (a.contains("fanout") && !a["fanout"].is_none()) {
        p.fanout = a["fanout"].cast<long long>();
    }
    if (a.contains("message_bytes") && !a["message_bytes"].is_none()) {
        p.messageBytes = a["message_bytes"].cast<long long>();
    }
    return applyOmpiParameters(std::move(algorithms), p,
                               {"fanout", "message_bytes", "the algorithms"});
}

template <class T> py::array_t<T> array(const std::vector<T>& v) {
    py::array_t<T> out(static_cast<py::ssize_t>(v.size()));
    std::copy(v.begin(), v.end(), out.mutable_data());
    return out;
}

/// One field of every operation of `ops`, as a numpy column.
template <class Ops, class Field> auto column(const Ops& ops, Field field) {
    py::array_t<decltype(field(ops.front()))> out(static_cast<py::ssize_t>(ops.size()));
    auto* data = out.mutable_data();
    for (std::size_t k = 0; k < ops.size(); ++k) {
        data[k] = field(ops[k]);
    }
    return out;
}

py::dict scheduleDict(const RunResult& run, std::size_t i) {
    const Schedule& s = *run.schedules[i];
    py::dict transfers;
    transfers["sender"] = column(s.transfers, [](const TransferOp& t) { return t.from; });
    transfers["receiver"] = column(s.transfers, [](const TransferOp& t) { return t.to; });
    transfers["start"] = column(s.transfers, [](const TransferOp& t) { return t.start; });
    transfers["end"] = column(s.transfers, [](const TransferOp& t) { return t.end; });
    py::dict reductions;
    reductions["processor"] = column(s.reductions, [](const ReductionOp& r) { return r.proc; });
    reductions["transfer"] = column(s.reductions, [](const ReductionOp& r) { return r.transfer; });
    reductions["sender"] = column(s.reductions, [&](const ReductionOp& r) {
        return s.transfers[static_cast<std::size_t>(r.transfer)].from;
    });
    reductions["start"] = column(s.reductions, [](const ReductionOp& r) { return r.start; });
    reductions["end"] = column(s.reductions, [](const ReductionOp& r) { return r.end; });
    py::list critical;
    for (const CriticalStep& c : run.criticalPaths[i]) {
        critical.append(py::make_tuple(c.isTransfer ? "transfer" : "reduction", c.op));
    }
    py::dict out;
    out["algorithm"] = run.scenario.algorithms[i].key();
    out["name"] = s.algorithm;
    out["n"] = s.n;
    out["noncommutative"] = s.nonCommutative;
    out["makespan"] = s.makespan;
    out["root"] = s.root;
    out["arrivals"] = s.arrivals.empty() ? py::object(py::none()) : py::object(array(s.arrivals));
    out["parent"] = array(s.parent);
    out["transfers"] = transfers;
    out["reductions"] = reductions;
    out["active_until"] = array(ganttBars(s).activeUntil);
    out["critical"] = critical;
    if (i < run.narrations.size()) {
        py::list lines;
        for (const NarrationEntry& e : *run.narrations[i]) {
            lines.append(e.text);
        }
        out["narration"] = lines;
    } else {
        out["narration"] = py::none();
    }
    // The scenario file the GUI opens and `run --scenario` reads, its policies included.
    out["scenario"] = jsonText(scenarioProvenanceJson(run.scenario, "reducelab (Python)"));
    return out;
}

/// The progress a job reports on its thread (StudyProgress: done, total), kept for the thread
/// that holds the interpreter's lock to hand to Python: the core's callback runs on the job's
/// thread, which must never call Python (a hook there would wait for the lock that the
/// caller's polling loop takes, and tqdm is not thread-safe).
class ProgressRecord {
  public:
    /// Any thread. `done` never goes back (a job whose threads report out of order still
    /// reports a monotone count).
    void record(std::uint64_t done, std::uint64_t total) {
        m_total.store(total, std::memory_order_relaxed);
        std::uint64_t seen = m_done.load(std::memory_order_relaxed);
        while (done > seen &&
               !m_done.compare_exchange_weak(seen, done, std::memory_order_relaxed)) {
        }
    }

    /// With the lock held: calls `hook(done, total)` when the count moved since the last call.
    /// Whatever the hook raises propagates.
    void report(const py::object& hook) {
        const std::uint64_t total = m_total.load(std::memory_order_relaxed);
        const std::uint64_t done = std::min(m_done.load(std::memory_order_relaxed), total);
        if (hook.is_none() || total == 0 || (m_reported && done == m_reportedDone)) {
            return;
        }
        m_reported = true;
        m_reportedDone = done;
        hook(done, total);
    }

    /// With the lock held, once the job succeeded: all of it is done, so the hook's last call
    /// is (total, total) whether or not the job's last report reached the polling loop.
    void finish(const py::object& hook) {
        m_done.store(m_total.load(std::memory_order_relaxed), std::memory_order_relaxed);
        report(hook);
    }

  private:
    std::atomic<std::uint64_t> m_done{0};
    std::atomic<std::uint64_t> m_total{0};
    std::uint64_t m_reportedDone = 0; // with the lock held only
    bool m_reported = false;
};

/// Runs `work` without the lock on a thread of its own, in a job whose policies stop when the
/// user presses Ctrl-C: this thread checks Python's signals every kSignalPoll (the handlers
/// run on the main thread only, and a policy looping on a worker never returns to a progress
/// callback), and on KeyboardInterrupt cancels the work through `progress` and the job's scope
/// (JobScope::cancel: the engine and Monte Carlo stop within kCancelCheckInterval units of
/// work, even inside one long simulation) and interrupts its policies (PolicyInterrupt), then
/// raises it. `onProgress` (None, or a callable taking (done, total)) is called from this
/// thread's polling loop, never from a worker, whenever the job's count moved, and once more
/// when the job ended; an exception it raises cancels the job as Ctrl-C does and propagates.
template <class Work> auto interruptible(Work&& work, const py::object& onProgress = py::none()) {
    constexpr auto kSignalPoll = std::chrono::milliseconds(20);
    const auto scope = std::make_shared<PolicyInterrupt>();
    std::atomic<bool> stop{false};
    ProgressRecord record;
    const StudyProgress progress = [&](std::uint64_t done, std::uint64_t total) {
        record.record(done, total);
        return !stop.load();
    };
    std::optional<decltype(work(progress))> result;
    std::exception_ptr error;
    bool raised = false; // a signal's handler or the progress hook raised (Python's error set)
    std::optional<py::error_already_set> hookError;
    {
        const py::gil_scoped_release release;
        std::mutex mutex;
        std::condition_variable ended;
        bool done = false;
        std::thread worker([&] {
            try {
                const JobScopeGuard inScope(scope);
                result.emplace(work(progress));
            } catch (...) {
                error = std::current_exception();
            }
            const std::lock_guard lock(mutex);
            done = true;
            ended.notify_all();
        });
        for (;;) {
            {
                std::unique_lock lock(mutex);
                if (ended.wait_for(lock, kSignalPoll, [&] { return done; })) {
                    break;
                }
            }
            const py::gil_scoped_acquire gil;
            if (PyErr_CheckSignals() != 0) { // the handler raised (KeyboardInterrupt)
                raised = true;
            } else {
                try {
                    record.report(onProgress);
                } catch (py::error_already_set& e) {
                    hookError.emplace(std::move(e));
                }
            }
            if (raised || hookError) {
                stop = true;
                scope->cancel();
                scope->interrupt();
                break;
            }
        }
        worker.join();
    }
    if (raised) {
        throw py::error_already_set(); // the exception that the signal's handler raised
    }
    if (hookError) {
        throw std::move(*hookError);
    }
    if (error) {
        std::rethrow_exception(error);
    }
    record.finish(onProgress);
    return std::move(*result);
}

py::dict simulate(py::handle algorithm, const py::dict& platform, std::uint64_t replicate,
                  bool narrate) {
    Scenario s;
    static_cast<PlatformSpec&>(s) = platformFrom(platform);
    s.algorithms = withOmpiParameters({toAlgorithm(algorithm)}, platform);
    s.replicate = replicate;
    // Interruptible: one run at large n takes seconds (a policy's runs take the lock themselves).
    const auto run = interruptible([&](const StudyProgress& progress) {
        return runScenario(s, narrate ? RunDetail::Narrated : RunDetail::Schedules, progress);
    });
    if (!run) {
        throw JobCancelled();
    }
    return scheduleDict(*run, 0);
}

py::dict summaryDict(const McSummary& s) {
    py::dict out;
    out["algorithm"] = s.algorithm.key();
    out["name"] = s.algorithm.name();
    out["count"] = s.count;
    out["mean"] = s.mean;
    out["variance"] = s.variance;
    out["std_error"] = s.stdError;
    out["min"] = s.min;
    out["max"] = s.max;
    out["quantile_probs"] = s.quantileProbs;
    out["quantiles"] = s.quantiles;
    out["exact_quantiles"] = s.exactQuantiles;
    out["quantile_relative_error"] = s.quantileRelativeError;
    out["histogram_low"] = s.histogramLow;
    out["histogram_high"] = s.histogramHigh;
    out["histogram"] = array(s.histogram);
    out["samples"] = s.samples ? py::object(array(*s.samples)) : py::object(py::none());
    return out;
}

py::dict monteCarlo(const py::handle& algorithms, const py::dict& platform,
                    std::uint64_t replicates, int threads, bool keepSamples,
                    const std::vector<double>& quantiles, const py::object& onProgress) {
    McStudy study;
    study.platform = platformFrom(platform);
    McOptions& o = study.options;
    o.algorithms = withOmpiParameters(toAlgorithms(algorithms), platform);
    o.replicates = replicates;
    o.threads = threads;
    o.quantiles = quantiles;
    o.keepSamples = keepSamples;
    const McConfig config = study.config();
    const McResult r = interruptible(
        [&](const StudyProgress& progress) {
            LocalExecutor executor;
            return runMcStudy(config, executor, {}, progress);
        },
        onProgress);
    py::list summaries;
    std::string csv = mcCsvHeader(config.quantiles) + "\n";
    for (const McSummary& s : r.summaries) {
        summaries.append(summaryDict(s));
        csv += mcCsvRow(s, config.n) + "\n";
    }
    py::dict out;
    out["summaries"] = summaries;
    out["csv"] = csv; // reducelab-cli mc's output
    return out;
}

/// A grid as the package gives it (_api.py, _grid): "A:B:K" as on the command line, or a list
/// of numbers.
std::vector<double> gridFrom(const py::handle& v, const char* role) {
    if (py::isinstance<py::str>(v)) {
        return parseGrid(v.cast<std::string>(), role);
    }
    return v.cast<std::vector<double>>();
}

/// `reducelab-cli sweep FIG` with the options given (the others: the paper's settings): the CSV
/// it writes ("csv") and the seed it ran with ("seed", the paper's when none was given).
py::dict sweepCsv(const std::string& figure, const py::dict& o, const py::object& onProgress) {
    SweepStudy study = SweepStudy::paper(parseFigure(figure));
    SweepSpec& spec = study.spec;
    const auto given = [&](const char* key) { return o.contains(key) && !o[key].is_none(); };
    if (given("n")) {
        spec.n = o["n"].cast<int>();
    }
    if (given("replicates")) {
        spec.replicates = o["replicates"].cast<std::uint64_t>();
    }
    if (given("cv")) {
        spec.cvs = gridFrom(o["cv"], "cv");
    }
    if (given("ratio")) {
        spec.ratios = gridFrom(o["ratio"], "ratio");
    }
    if (given("algorithms")) {
        spec.algorithms = toAlgorithms(o["algorithms"]);
    }
    if (given("family")) {
        spec.family = parseSweepFamily(o["family"].cast<std::string>());
    }
    if (given("mean")) {
        spec.transferMean = o["mean"].cast<double>();
    }
    if (given("seed")) {
        spec.seed = o["seed"].cast<std::uint64_t>();
    }
    if (given("threads")) {
        spec.threads = o["threads"].cast<int>();
    }
    if (given("quantiles")) {
        spec.quantiles = o["quantiles"].cast<std::vector<double>>();
    }
    study.validate();
    const auto snapshot = interruptible(
        [&](const StudyProgress& progress) {
            LocalExecutor executor;
            return runSweepJob(study, executor, {}, progress);
        },
        onProgress);
    py::dict out;
    out["csv"] = snapshot->csv();
    out["seed"] = spec.seed;
    return out;
}

py::dict colours(bool dark) {
    const ViewColours& c = viewColours(dark);
    py::dict out;
    for (const auto& [key, rgb] : {std::pair{"background", c.background},
                                   {"foreground", c.foreground},
                                   {"muted", c.muted},
                                   {"grid", c.grid},
                                   {"transfer", c.transfer},
                                   {"reduction", c.reduction},
                                   {"critical", c.critical},
                                   {"selection", c.selection},
                                   {"cursor", c.cursor},
                                   {"idle", c.idle},
                                   {"error", c.error}}) {
        out[key] = rgb.hex();
    }
    out["reception"] = ColourRules::receptionBar(c.transfer, dark).hex();
    out["reception_critical"] = ColourRules::receptionBar(c.critical, dark).hex();
    py::list categories;
    for (const Rgb& rgb : c.categories) {
        categories.append(rgb.hex());
    }
    out["categories"] = categories;
    return out;
}

py::dict defaults() {
    const PlatformSpec platform = PlatformSpec::cliDefault();
    const McOptions mc;
    py::dict d;
    d["n"] = platform.n;
    d["transfer"] = platform.transfer.toString();
    d["reduction"] = platform.reduction.toString();
    d["seed"] = platform.seed;
    d["mc_n"] = McConfig{}.n;
    d["replicates"] = mc.replicates;
    d["threads"] = mc.threads;
    d["quantiles"] = mc.quantiles;
    // The bounds the core checks, so that the package names the argument before a cast fails.
    d["max_n"] = kMaxProcessors;
    d["max_replicates"] = kMaxReplicates;
    d["max_threads"] = kMaxThreads;
    d["exact_quantile_limit"] = mc.exactQuantileLimit;
    return d;
}

py::list builtInAlgorithms() {
    py::list out;
    for (const Algorithm& a : allAlgorithms()) {
        py::dict d;
        d["key"] = a.key();
        d["name"] = a.name();
        d["summary"] = a.summary();
        d["static"] = a.isStatic();
        d["clairvoyant"] = a.clairvoyant();
        d["noncommutative"] = a.validNonCommutative();
        out.append(d);
    }
    return out;
}

} // namespace

void defineModule(py::module_& m) {
    m.doc() = "ReduceLab's core (private: use the reducelab package).";
    m.attr("__version__") = kVersion;
    definePolicyTypes(m);
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) {
                std::rethrow_exception(std::move(p));
            }
        } catch (const OutputError& e) {
            PyErr_SetString(PyExc_OSError, e.what());
        }
    });
    m.def("defaults", &defaults, "The core's defaults (PlatformSpec::cliDefault, McOptions).");
    m.def("builtin_algorithms", &builtInAlgorithms, "The built-in algorithms, in registry order.");
    m.def("colours", &colours, py::arg("dark") = false,
          "The views' colours (core/base/theme_colours.h), as '#rrggbb'.");
    m.def("simulate", &simulate, py::arg("algorithm"), py::arg("platform"), py::arg("replicate"),
          py::arg("narrate"));
    m.def("monte_carlo", &monteCarlo, py::arg("algorithms"), py::arg("platform"),
          py::arg("replicates"), py::arg("threads"), py::arg("keep_samples"), py::arg("quantiles"),
          py::arg("progress") = py::none(),
          "reducelab-cli mc: the summaries and the CSV; progress(done, total) is called on this "
          "thread as replicates are done.");
    m.def("sweep_csv", &sweepCsv, py::arg("figure"), py::arg("options"),
          py::arg("progress") = py::none(),
          "reducelab-cli sweep: the CSV and the seed; progress(done, total) as monte_carlo's.");
    m.def(
        "quantiles_type7",
        [](std::vector<double> values, std::vector<double> probs) {
            if (values.empty()) {
                throw InputError("quantile of no sample");
            }
            std::sort(probs.begin(), probs.end());
            return quantilesType7(values, probs);
        },
        py::arg("values"), py::arg("probs"),
        "Type-7 quantiles (base/statistics.h: the project's one formula) of `values`.");
    m.def(
        "write_file",
        [](const std::string& path, const std::string& content) {
            writeFileAtomically(path, content);
        },
        py::arg("path"), py::arg("content"),
        "Writes `content` to `path` atomically (core/base/file_io.h: all or nothing).");
    m.def(
        "policy_info",
        [](py::handle policy) {
            const Algorithm a = policyAlgorithm(policy, ErrorMode::Propagate);
            py::dict d;
            d["key"] = a.key();
            d["summary"] = a.summary();
            d["clairvoyant"] = a.clairvoyant();
            d["file"] = a.descriptor().policyFile;
            d["class"] = a.descriptor().policyClass;
            return d;
        },
        py::arg("policy"), "What the program knows of a policy (its key, summary, origin).");
    defineValues(m);
}

} // namespace rl::python
