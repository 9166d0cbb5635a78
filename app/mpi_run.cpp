// reducelab-mpi run: argument parsing and output; the execution is mpi/real_reduction.h's.
#include "mpi_run.h"

#include "cli_args.h"
#include "cli_figures.h"
#include "cli_platform.h"
#include "figure_renderer.h"

#include "algorithms/algorithm_registry.h"
#include "base/file_io.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "mpi/real_reduction.h"
#include "mpi/real_run.h"
#include "schedule/critical_path.h"
#include "schedule/paje_trace.h"
#include "schedule/schedule_csv.h"
#include "studies/chrome_trace.h"
#include "studies/figure_format.h"
#include "studies/run_study.h"
#include "studies/schedule_json.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <utility>

namespace rl::cli {

namespace {

/// The largest --payload: each rank holds five values of it (its own, the result and three
/// reception buffers), and every rank of a machine shares its memory.
constexpr long long kMaxPayloadBytes = 64LL << 20;
constexpr double kMaxTimeUnit = 60.0;
constexpr double kDefaultMaxSeconds = 600.0;
constexpr long long kMaxReplicates = 10000;

/// The built-ins with a real execution (mpi/real_reduction.h's table), comma-separated.
std::string realAlgorithmKeys() {
    std::string keys;
    for (const Algorithm& a : allAlgorithms()) {
        if (mpi::realAlgorithm(a, 2)) {
            keys += (keys.empty() ? "" : ", ") + a.key();
        }
    }
    return keys;
}

std::vector<OptionSpec> runOptions() {
    std::vector<OptionSpec> specs{
        {"algo", "ALGO", realAlgorithmKeys() + " (the algorithms with a real execution)"}};
    const auto ompi = ompiOptions(); // reducelab-cli's --fanout and --message-bytes
    specs.insert(specs.end(), ompi.begin(), ompi.end());
    const auto platform = platformOptions(); // --arrival: injected as the costs are
    specs.insert(specs.end(), platform.begin(), platform.end());
    specs.push_back({"replicate", "R", "which replicate of the seed to draw (default 0)"});
    specs.push_back({"replicates", "K",
                     "run K replicates in a row (R, R+1, ...): one row each, "
                     "replicate,measured,simulated,relative_error,same_tree, and a summary"});
    specs.push_back({"time-unit", "SECONDS",
                     "inject the drawn costs: one model unit lasts SECONDS (times in units)"});
    specs.push_back({"payload", "BYTES",
                     "real data: BYTES per rank, reduced with --op (times in seconds without "
                     "--time-unit)"});
    specs.push_back({"op", "sum|max|matmul2",
                     "the real operation, on 64-bit integers; matmul2: 2x2 matrix products, "
                     "not commutative (default sum, matmul2 with --noncommutative)"});
    specs.push_back({"root", "R", "the rank that ends holding the result (default 0)"});
    specs.push_back({"max-seconds", "S",
                     "refuse a run whose simulation lasts longer than S seconds at --time-unit "
                     "(default 600)"});
    specs.push_back({"format", "csv|json", "output format (default csv: one row per operation)"});
    specs.push_back({"out", "FILE", "write there (atomically) instead of standard output"});
    specs.push_back({"paje", "FILE", "also write the measured schedule as a Paje trace"});
    specs.push_back({"chrome-trace", "FILE",
                     "also write the measured schedule as a trace for Perfetto and "
                     "chrome://tracing (JSON trace events)"});
    specs.push_back({"otf2", "DIR",
                     "also write the measured schedule as an OTF2 archive into the new folder "
                     "DIR (a build with libotf2)"});
    specs.push_back({"gantt", "FILE", "also draw the measured Gantt chart: .png, .svg or .pdf"});
    specs.push_back({"tree", "FILE", "also draw the measured reduction tree"});
    specs.push_back({"figure", "FILE", "also draw the Gantt chart and the tree in one figure"});
    return specs;
}

/// Everything the command line says, the same on every rank.
struct Settings {
    Scenario scenario;
    mpi::RealAlgorithm real;
    std::optional<double> unit;
    std::size_t payload = 0;
    mpi::RealOp op = mpi::RealOp::Sum;
    bool commutative = true;
    int root = 0;
    std::uint64_t firstReplicate = 0;
    int replicates = 1;
    std::string format = "csv";
    std::vector<std::shared_ptr<const Schedule>> simulated; ///< one per replicate
};

bool givesN(const std::vector<std::string>& argv) {
    return std::any_of(argv.begin(), argv.end(), [](const std::string& s) {
        return s == "--n" || s.rfind("--n=", 0) == 0 || s == "--matrix" ||
               s.rfind("--matrix=", 0) == 0;
    });
}

Settings parseSettings(const Args& a, const CliEnvironment& env, int ranks) {
    Settings s;
    const std::string algo = a.required("algo", "ALGO");
    // --fanout and --message-bytes as reducelab-cli run reads them: the same rule, the same key.
    const Algorithm algorithm =
        applyOmpiOptions(a, {parseAlgorithm(algo, env.algorithms)}, "run").front();
    static_cast<PlatformSpec&>(s.scenario) = parsePlatform(a, "run");
    if (s.scenario.n != ranks) {
        throw InputError("run: --n is " + std::to_string(s.scenario.n) + " but there are " +
                         std::to_string(ranks) + " MPI ranks (every rank is one processor)");
    }
    if (!mpi::realAlgorithm(algorithm, ranks)) {
        throw InputError("run: " + algorithm.name() +
                         " has no real execution (those that have: " + realAlgorithmKeys() + ")");
    }
    if (!a.has("time-unit") && !a.has("payload")) {
        throw InputError("run: give --time-unit SECONDS (injected costs) or --payload BYTES "
                         "(real data)");
    }
    if (s.scenario.arrival && !a.has("time-unit")) {
        throw InputError("run: --arrival needs --time-unit SECONDS (the drawn arrival times are "
                         "injected as the costs are)");
    }
    if (a.has("time-unit")) {
        const double unit = a.number("time-unit", 0.0);
        if (!(unit > 0.0) || unit > kMaxTimeUnit) {
            throw InputError("run: --time-unit must lie in (0, " + formatNumber(kMaxTimeUnit) +
                             "] seconds, not " + formatNumber(unit));
        }
        s.unit = unit;
    }
    s.op = mpi::parseRealOp(a.get("op", a.has("noncommutative") ? "matmul2" : "sum"));
    s.commutative = mpi::realOpCommutative(s.op) && !s.scenario.nonCommutative;
    s.scenario.nonCommutative = !s.commutative;
    // The plan of the simulated run (ompi-default decides for its default message size).
    s.real = *mpi::realAlgorithm(algorithm, ranks, s.commutative);
    const auto element = static_cast<long long>(mpi::realOpElementBytes(s.op));
    const long long payload = a.integer("payload", element, 1, kMaxPayloadBytes);
    if (payload % element != 0) {
        throw InputError("run: --payload must be a multiple of " + std::to_string(element) +
                         " bytes for --op " + a.get("op", "sum"));
    }
    s.payload = static_cast<std::size_t>(payload);
    s.root = static_cast<int>(a.integer("root", 0, 0, ranks - 1));
    s.firstReplicate = static_cast<std::uint64_t>(
        a.integer("replicate", 0, 0, std::numeric_limits<long long>::max() - kMaxReplicates));
    s.replicates = static_cast<int>(a.integer("replicates", 1, 1, kMaxReplicates));
    s.format = a.get("format", "csv");
    if (s.format != "csv" && s.format != "json") {
        throw InputError("run: --format must be csv or json, not '" + s.format + "'");
    }
    if (s.replicates > 1) {
        for (const char* option :
             {"format", "paje", "chrome-trace", "otf2", "gantt", "tree", "figure"}) {
            if (a.has(option)) {
                throw InputError(std::string("run: --") + option +
                                 " is for one schedule; --replicates writes one row per "
                                 "replicate");
            }
        }
    }
    const double maxSeconds = a.number("max-seconds", kDefaultMaxSeconds);
    if (!(maxSeconds > 0.0)) {
        throw InputError("run: --max-seconds must be positive");
    }
    s.scenario.algorithms = {algorithm};
    s.scenario.validate();
    std::string why;
    if (!mpi::realExecutable(s.real, s.commutative, &why)) {
        throw InputError("run: " + why);
    }
    // The simulations first: the refusal of a run too long comes before any message.
    double total = 0.0;
    for (int k = 0; k < s.replicates; ++k) {
        Scenario one = s.scenario;
        one.replicate = s.firstReplicate + static_cast<std::uint64_t>(k);
        s.simulated.push_back(runScenario(one, RunDetail::Schedules)->schedules.front());
        total += s.simulated.back()->makespan;
    }
    if (s.unit && total * *s.unit > maxSeconds) {
        throw InputError("run: the simulated run" + std::string(s.replicates > 1 ? "s" : "") +
                         " would last " + formatSignificant(total * *s.unit, 4) +
                         " s at --time-unit " + formatNumber(*s.unit) + ", over --max-seconds " +
                         formatNumber(maxSeconds));
    }
    return s;
}

/// The measured schedule in model units (with --time-unit) or seconds.
Schedule inUnits(Schedule s, std::optional<double> unit) {
    if (!unit) {
        return s;
    }
    const double k = 1.0 / *unit;
    for (TransferOp& t : s.transfers) {
        t.start *= k;
        t.end *= k;
    }
    for (ReductionOp& r : s.reductions) {
        r.start *= k;
        r.end *= k;
    }
    for (double& t : s.arrivals) {
        t *= k;
    }
    s.makespan *= k;
    return s;
}

std::string percent(double x) {
    return formatSignificant(100.0 * x, 3) + " %";
}

// Agrees on whether every rank got this far: the lowest failing rank prints its line once.
bool allFine(const std::string& error, int rank, int ranks, MPI_Comm comm) {
    const int mine = error.empty() ? ranks : rank;
    int first = ranks;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm);
    if (first == rank) {
        std::cerr << "reducelab-mpi: error: " << printable(error) << "\n";
    }
    return first == ranks;
}

} // namespace

int mpiRun(const std::vector<std::string>& argvIn, const CliEnvironment& env, MPI_Comm comm) {
    int rank = 0;
    int ranks = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &ranks);
    std::vector<std::string> argv = argvIn;
    const std::vector<OptionSpec> specs = runOptions();
    const DrawingOptions drawing{{"gantt", "tree", "figure"},
                                 "run the same command with a full build of ReduceLab"};
    Settings s;
    std::optional<Args> args;
    std::optional<VerbOutputs> out;
    std::string error;
    try {
        args.emplace("run", argv, specs, 0, "reducelab-mpi");
        if (args->helpAsked()) {
            if (rank == 0) {
                std::cout << usageWithFigures("run", "--algo ALGO (--time-unit S | --payload B)",
                                              specs, drawing, env)
                          << "\nExecutes one reduction over real MPI messages, every rank one "
                             "processor, beside its\nsimulation on the same draws; the last line "
                             "on standard error compares them.\n";
            }
            return 0;
        }
        if (!givesN(argv)) {
            argv.insert(argv.end(), {"--n", std::to_string(ranks)});
            args.emplace("run", argv, specs, 0, "reducelab-mpi");
        }
        refuseDrawingWithoutFigures(*args, "run", drawing, env);
        s = parseSettings(*args, env, ranks);
        if (rank == s.root) {
            out.emplace(
                *args,
                std::vector<std::string>{"out", "paje", "chrome-trace", "gantt", "tree", "figure"},
                std::vector<std::string>{"matrix"});
            out->declareArchive(*args, "otf2");
            bool png = false;
            for (const char* figure : {"gantt", "tree", "figure"}) {
                png = png || (out->wanted(figure) && fileExtension(out->path(figure)) == "png");
            }
            FigureFormat{}.validate(png);
        }
    } catch (const std::exception& e) { // InputError, OutputError: one line, every rank stops
        error = e.what();
    }
    if (!allFine(error, rank, ranks, comm)) {
        return 2;
    }
    if (rank == s.root) {
        noteOmpiPicks(*args, s.scenario.algorithms, ranks, !s.commutative);
    }

    std::ostringstream table;
    table << "replicate,measured,simulated,relative_error,same_tree\n";
    double errorSum = 0.0;
    double errorMax = 0.0;
    int same = 0;
    int code = 0;
    std::string lastLine;
    Schedule measured;
    for (int k = 0; k < s.replicates; ++k) {
        const Schedule& simulated = *s.simulated[static_cast<std::size_t>(k)];
        const std::uint64_t replicate = s.firstReplicate + static_cast<std::uint64_t>(k);
        const std::uint64_t dataSeed = s.scenario.seed * 0x9e3779b97f4a7c15ULL + replicate;
        std::vector<std::uint64_t> input = mpi::realOpInput(s.op, s.payload, dataSeed, rank);
        std::vector<std::uint64_t> output(input.size());
        mpi::RealRequest request;
        request.comm = comm;
        request.root = s.root;
        request.algorithm = s.real;
        request.data.bytes = s.payload;
        request.data.input = input.data();
        request.data.output = output.data();
        request.data.commutative = s.commutative;
        const mpi::RealOp op = s.op;
        const std::size_t bytes = s.payload;
        request.data.combine = [op, bytes](const void* left, void* right) {
            mpi::realOpCombine(op, bytes, left, right);
        };
        if (s.unit) {
            request.costs = mpi::injectedCosts(simulated, s.scenario.costModel(), *s.unit);
        }
        const mpi::RealResult result = mpi::executeReduction(request);
        if (rank != s.root) {
            continue;
        }
        if (output != mpi::realOpSerial(s.op, s.payload, dataSeed, ranks)) {
            std::cerr << "reducelab-mpi: error: replicate " << replicate
                      << ": the result at the root differs from the serial reduction\n";
            code = 2;
            break;
        }
        measured = inUnits(result.schedule, s.unit);
        const double rel = (measured.makespan - simulated.makespan) / simulated.makespan;
        const bool tree = mpi::sameTree(measured, simulated);
        errorSum += std::abs(rel);
        errorMax = std::max(errorMax, std::abs(rel));
        same += tree ? 1 : 0;
        table << replicate << "," << formatNumber(measured.makespan) << ","
              << formatNumber(simulated.makespan) << "," << formatNumber(rel) << ","
              << (tree ? 1 : 0) << "\n";
        lastLine = "measured makespan " + formatSignificant(measured.makespan, 5) +
                   (s.unit ? "" : " s") + ", simulated " +
                   formatSignificant(simulated.makespan, 5) + ", relative difference " +
                   (s.unit ? percent(rel) : "n/a (seconds against model units)") +
                   ", same tree: " + (tree ? "yes" : "no");
    }
    MPI_Bcast(&code, 1, MPI_INT, s.root, comm);
    if (rank != s.root || code != 0) {
        return code;
    }
    try {
        if (s.replicates > 1) {
            out->stage("out", table.str());
            out->commit();
            std::cerr << s.replicates << " replicates of " << s.real.name << " on " << ranks
                      << " ranks: mean relative difference " << percent(errorSum / s.replicates)
                      << ", max " << percent(errorMax) << ", same tree in " << same << " of "
                      << s.replicates << "\n";
            return 0;
        }
        const auto shared = std::make_shared<const Schedule>(measured);
        Scenario scenario = s.scenario;
        scenario.replicate = s.firstReplicate;
        const ScheduleOrigin origin{true, s.unit.value_or(0.0)};
        if (out->wanted("paje")) {
            out->stage("paje", pajeTrace(measured, pajeColors(false)));
        }
        if (out->wanted("chrome-trace")) {
            out->stage("chrome-trace", chromeTrace(measured, scenario, "reducelab-mpi", origin));
        }
        if (out->wantsArchive()) {
            out->stageArchive(measured, otf2Metadata(measured, scenario, "reducelab-mpi", origin));
        }
        RunDrawing drawn;
        drawn.schedule = shared;
        drawn.criticalPath = criticalPath(measured);
        drawn.title = measured.algorithm + " (measured) — n = " + std::to_string(ranks) +
                      ", makespan " + formatSignificant(measured.makespan, 5);
        for (const auto& [option, kind] :
             {std::pair{"gantt", FigureKind::Gantt}, std::pair{"tree", FigureKind::Tree},
              std::pair{"figure", FigureKind::GanttAndTree}}) {
            if (out->wanted(option)) {
                out->stage(option,
                           env.figures->runFigure(kind, drawn, FigureFormat{}, out->path(option)));
            }
        }
        out->stage("out", s.format == "json"
                              ? scheduleJson(measured, scenario, "reducelab-mpi", origin)
                              : scheduleCsv(measured));
        out->commit();
    } catch (const std::exception& e) {
        std::cerr << "reducelab-mpi: error: " << printable(e.what()) << "\n";
        return 2;
    }
    std::cerr << lastLine << "\n";
    return 0;
}

} // namespace rl::cli
