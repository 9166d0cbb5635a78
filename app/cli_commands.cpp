#include "cli_commands.h"

#include "cli_args.h"
#include "cli_theory.h"

#include "algorithms/algorithm_registry.h"
#include "algorithms/fibonacci_stat.h"
#include "algorithms/simulator.h"
#include "base/file_io.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "base/version.h"
#include "experiment/monte_carlo.h"
#include "experiment/sweep.h"
#include "figure_render.h"
#include "schedule/paje_trace.h"
#include "schedule/schedule_csv.h"
#include "schedule/schedule_validator.h"
#include "sweep_render.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <functional>
#include <iostream>
#include <thread>

namespace rl::cli {

namespace {

const char* const kLawHelp =
    "gamma:MEAN:CV, exp:MEAN, const:VALUE, uniform:MEAN:CV, bernoulli:MEAN:CV";

std::vector<OptionSpec> platformOptions() {
    return {
        {"n", "N", "number of processors (>= 1)"},
        {"comm", "LAW", std::string("transfer cost law: ") + kLawHelp + " (default gamma:1:1)"},
        {"comp", "LAW", "reduction cost law (default const:0)"},
        {"noncommutative", "", "the operation is not commutative (Tree-dyn is then invalid)"},
        {"matrix", "FILE",
         "fixed costs from a CSV file: n rows of n transfer costs d[i][j], then an "
         "optional row of n reduction costs c[j]"},
        {"preset", "SPEC",
         "fixed costs from a preset: homogeneous:D:C, worstcase:d:D[:c], liuwang-fig1, "
         "liuwang-fig8:X, senderonly:t0,t1,..."},
        {"draw-matrix", "",
         "draw d and c once per replicate from --comm and --comp (fixed-platform model)"},
        {"seed", "S", "random seed (default 1)"},
    };
}

struct Platform {
    int n = 0;
    bool nonCommutative = false;
    CostModel costs;
    std::uint64_t seed = 1;
};

Platform parsePlatform(const Args& a, const std::string& verb) {
    Platform p;
    const int sources =
        (a.has("matrix") ? 1 : 0) + (a.has("preset") ? 1 : 0) + (a.has("draw-matrix") ? 1 : 0);
    if (sources > 1) {
        throw InputError(verb + ": use only one of --matrix, --preset and --draw-matrix");
    }
    if (a.has("matrix") && (a.has("comm") || a.has("comp"))) {
        throw InputError(verb + ": --comm and --comp do not apply to a --matrix file");
    }
    p.seed =
        static_cast<std::uint64_t>(a.integer("seed", 1, 0, std::numeric_limits<long long>::max()));
    p.nonCommutative = a.has("noncommutative");
    if (a.has("matrix")) {
        const std::string path = *a.get("matrix");
        FixedCosts f = FixedCosts::parseCsv(readInputFile(path), path);
        p.n = static_cast<int>(a.integer("n", f.n, 1, kMaxProcessors));
        if (p.n != f.n) {
            throw InputError(path + ": the matrix is for n = " + std::to_string(f.n) +
                             " processors but --n " + std::to_string(p.n) + " was given");
        }
        p.costs = CostModel::fixedMatrix(std::move(f));
        return p;
    }
    if (a.has("preset")) {
        const auto n = a.get("n");
        const int hint = n ? static_cast<int>(parseInteger(*n, "--n", 1, 4096)) : 0;
        FixedCosts f = parsePreset(*a.get("preset"), hint);
        if (n && f.n != hint) {
            throw InputError("preset '" + *a.get("preset") + "' has n = " + std::to_string(f.n) +
                             ", not " + std::to_string(hint));
        }
        p.n = f.n;
        p.costs = CostModel::fixedMatrix(std::move(f));
        return p;
    }
    if (!a.has("n")) {
        throw InputError(verb + ": --n N is required");
    }
    p.n = static_cast<int>(a.integer("n", 0, 1, kMaxProcessors));
    const Law comm = parseLaw(a.get("comm", "gamma:1:1"), "--comm");
    const Law comp = parseLaw(a.get("comp", "const:0"), "--comp");
    p.costs = a.has("draw-matrix") ? CostModel::drawnMatrix(comm, comp)
                                   : CostModel::perOperation(comm, comp);
    return p;
}

std::vector<double> parseQuantiles(const Args& a) {
    std::vector<double> probs;
    for (const std::string& f : splitString(a.get("quantiles", "0.1,0.5,0.9"), ',')) {
        probs.push_back(parseNumber(f, "--quantiles"));
    }
    return probs;
}

int threadsOption(const Args& a) {
    return static_cast<int>(a.integer("threads", 0, 0, 1024));
}

// ---------------------------------------------------------------------------------- run

std::string scheduleJson(const Schedule& s, std::uint64_t seed, std::uint64_t replicate) {
    const Schedule::Values values = s.allValues();
    QJsonArray transfers;
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        const TransferOp& t = s.transfers[k];
        transfers.append(
            QJsonObject{{"from", t.from},
                        {"to", t.to},
                        {"start", t.start},
                        {"end", t.end},
                        {"value", QString::fromStdString(formatRuns(values.transfers[k]))}});
    }
    QJsonArray reductions;
    for (std::size_t k = 0; k < s.reductions.size(); ++k) {
        const ReductionOp& r = s.reductions[k];
        reductions.append(
            QJsonObject{{"processor", r.proc},
                        {"transfer", r.transfer},
                        {"from", s.transfers[static_cast<std::size_t>(r.transfer)].from},
                        {"start", r.start},
                        {"end", r.end},
                        {"value", QString::fromStdString(formatRuns(values.reductions[k]))}});
    }
    QJsonArray parent;
    QJsonArray children;
    std::vector<QJsonArray> kids(static_cast<std::size_t>(s.n));
    for (const TransferOp& t : s.transfers) {
        kids[static_cast<std::size_t>(t.to)].append(t.from);
    }
    for (int p = 0; p < s.n; ++p) {
        parent.append(s.parent[static_cast<std::size_t>(p)]);
        children.append(kids[static_cast<std::size_t>(p)]);
    }
    QJsonArray busy;
    for (const ProcessorTime& pt : s.processorTimes()) {
        busy.append(QJsonObject{{"sending", pt.sending},
                                {"receiving", pt.receiving},
                                {"reducing", pt.reducing},
                                {"busy", pt.busy},
                                {"idle", pt.idle}});
    }
    QJsonObject root{{"algorithm", QString::fromStdString(s.algorithm)},
                     {"n", s.n},
                     {"noncommutative", s.nonCommutative},
                     {"seed", QString::number(seed)},
                     {"replicate", QString::number(replicate)},
                     {"makespan", s.makespan},
                     {"root", s.root},
                     {"transfers", transfers},
                     {"reductions", reductions},
                     {"tree", QJsonObject{{"parent", parent}, {"children", children}}},
                     {"processors", busy}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented).toStdString();
}

int cmdRun(const std::vector<std::string>& argv) {
    std::vector<OptionSpec> specs{
        {"algo", "ALGO",
         "binomial, fibonacci, tree-dyn, nctd, or on sender-only fixed costs (Liu-Wang) ep, snf, "
         "optimum"}};
    const auto platform = platformOptions();
    specs.insert(specs.end(), platform.begin(), platform.end());
    specs.push_back({"replicate", "R", "which replicate of the seed to draw (default 0)"});
    specs.push_back({"format", "csv|json", "output format (default csv: one row per operation)"});
    specs.push_back({"out", "FILE", "write there (atomically) instead of standard output"});
    specs.push_back({"gantt", "FILE",
                     "also draw the Gantt chart: .png, .svg or .pdf (same drawing as the GUI)"});
    specs.push_back({"tree", "FILE", "also draw the reduction tree: .png, .svg or .pdf"});
    specs.push_back({"paje", "FILE", "also write a Paje trace (for ViTE or pj_dump)"});
    const Args a("run", argv, specs, 0);
    if (a.helpAsked()) {
        std::cout << Args::usage("run", "--algo ALGO --n N [options]", specs)
                  << "\nSimulates one reduction and prints its schedule.\n";
        return 0;
    }
    VerbOutputs out(a, {"out", "gantt", "tree", "paje"}, {"matrix"});
    if (!a.has("algo")) {
        throw InputError("run: --algo ALGO is required");
    }
    const AlgorithmId algo = parseAlgorithm(*a.get("algo"));
    const Platform p = parsePlatform(a, "run");
    const std::string format = a.get("format", "csv");
    if (format != "csv" && format != "json") {
        throw InputError("run: --format must be csv or json, not '" + format + "'");
    }
    const auto replicate = static_cast<std::uint64_t>(
        a.integer("replicate", 0, 0, std::numeric_limits<long long>::max()));
    Simulator sim(algo, p.n, p.nonCommutative, p.costs);
    const Schedule s = sim.schedule(p.seed, replicate);
    if (out.wanted("paje")) {
        out.stage("paje", pajeTrace(s));
    }
    if (out.wanted("gantt") || out.wanted("tree")) {
        const auto shared = std::make_shared<const Schedule>(s);
        const QString title = QStringLiteral("%1 — n = %2, makespan %3")
                                  .arg(QString::fromStdString(s.algorithm))
                                  .arg(s.n)
                                  .arg(s.makespan, 0, 'g', 5);
        if (out.wanted("gantt")) {
            out.stage("gantt", bytesView(renderGantt(shared, title, out.path("gantt"))));
        }
        if (out.wanted("tree")) {
            out.stage("tree", bytesView(renderTree(shared, out.path("tree"))));
        }
    }
    out.stage("out", format == "json" ? scheduleJson(s, p.seed, replicate) : scheduleCsv(s));
    out.commit();
    return 0;
}

// ----------------------------------------------------------------------------------- mc

int cmdMc(const std::vector<std::string>& argv) {
    std::vector<OptionSpec> specs{
        {"algo", "LIST", "comma-separated algorithms (see run --help), or all (the paper's four)"}};
    const auto platform = platformOptions();
    specs.insert(specs.end(), platform.begin(), platform.end());
    specs.push_back({"replicates", "R", "number of Monte Carlo replicates"});
    specs.push_back(
        {"threads", "T", "worker threads (default: all cores); results do not depend on it"});
    specs.push_back(
        {"quantiles", "P1,P2,...", "quantile probabilities, increasing (default 0.1,0.5,0.9)"});
    specs.push_back({"exact-limit", "R",
                     "keep samples (exact quantiles) up to R replicates; beyond, a "
                     "streaming estimator of relative error 2^-11 (default 16777216)"});
    specs.push_back({"hist", "FILE", "also write histograms (algorithm,bin_low,bin_high,count)"});
    specs.push_back({"bins", "B", "histogram bins (default 40)"});
    specs.push_back({"out", "FILE", "write the CSV there (atomically) instead of standard output"});
    const auto progress = progressOptions();
    specs.insert(specs.end(), progress.begin(), progress.end());
    const Args a("mc", argv, specs, 0);
    if (a.helpAsked()) {
        std::cout << Args::usage("mc",
                                 "--algo LIST --n N --comm LAW --comp LAW --replicates R [options]",
                                 specs)
                  << "\nRuns R replicates of each algorithm on common random numbers and prints "
                     "one CSV row per\n"
                     "algorithm: "
                  << mcCsvHeader({0.1, 0.5, 0.9}) << "\n";
        return 0;
    }
    if (!a.has("algo")) {
        throw InputError("mc: --algo LIST is required");
    }
    if (!a.has("replicates")) {
        throw InputError("mc: --replicates R is required");
    }
    VerbOutputs out(a, {"out", "hist"}, {"matrix"});
    const Platform p = parsePlatform(a, "mc");
    McConfig c;
    c.algorithms = parseAlgorithmList(*a.get("algo"));
    c.n = p.n;
    c.nonCommutative = p.nonCommutative;
    c.costs = p.costs;
    c.seed = p.seed;
    c.replicates = static_cast<std::uint64_t>(a.integer("replicates", 0, 1, 1LL << 40));
    c.threads = threadsOption(a);
    c.quantiles = parseQuantiles(a);
    c.histogramBins = static_cast<int>(a.integer("bins", 40, 1, 100000));
    c.exactQuantileLimit =
        static_cast<std::uint64_t>(a.integer("exact-limit", 1LL << 24, 0, 1LL << 40));
    c.validate(); // before the progress line: a refused request prints only its error
    ProgressLine line(a, "mc");
    const McResult r = runMonteCarlo(c, std::ref(line));
    line.finish("done in " + formatNumber(std::round(r.seconds * 10) / 10) + " s");
    std::string csv = mcCsvHeader(c.quantiles) + "\n";
    for (const McSummary& s : r.summaries) {
        csv += mcCsvRow(s, c.n) + "\n";
    }
    if (a.has("hist")) {
        std::string h = "algorithm,bin_low,bin_high,count\n";
        for (const McSummary& s : r.summaries) {
            const double width =
                (s.histogramHigh - s.histogramLow) / static_cast<double>(s.histogram.size());
            for (std::size_t b = 0; b < s.histogram.size(); ++b) {
                h += std::string(algorithmInfo(s.algorithm).key) + "," +
                     formatNumber(s.histogramLow + width * static_cast<double>(b)) + "," +
                     formatNumber(s.histogramLow + width * static_cast<double>(b + 1)) + "," +
                     std::to_string(s.histogram[b]) + "\n";
            }
        }
        out.stage("hist", h);
    }
    out.stage("out", csv);
    out.commit();
    return 0;
}

// -------------------------------------------------------------------------------- sweep

int cmdSweep(const std::vector<std::string>& argv) {
    const std::vector<OptionSpec> specs{
        {"n", "N", "number of processors (default 64)"},
        {"replicates", "R", "replicates per point (default: fig4 1000000, fig5/fig6 1000)"},
        {"cv", "A:B:K",
         "K log-spaced CVs from A to B, or one value (default fig4 0.01:10:25, "
         "fig5/fig6 0.01:10:31)"},
        {"ratio", "A:B:K", "mu_c/mu_d grid, or one value (default fig4 0, fig5/fig6 0.1:10:21)"},
        {"algo", "LIST",
         "algorithms (default fig4 all, fig5 fibonacci,tree-dyn, fig6 binomial,fibonacci,nctd)"},
        {"family", "LAW", "law family of both streams: gamma (default), uniform or bernoulli"},
        {"mean", "MU", "mean transfer cost mu_d (default 1)"},
        {"seed", "S", "random seed (default 1); every point uses it (common random numbers)"},
        {"threads", "T", "worker threads (default: all cores)"},
        {"quantiles", "P1,P2,...", "quantile probabilities (default 0.1,0.5,0.9)"},
        {"progress", "", "show progress on standard error even when it is not a terminal"},
        {"quiet", "", "no progress report"},
        {"out", "FILE", "write the CSV there (atomically) instead of standard output"},
        {"png", "FILE", "also draw the figure, as the GUI panel does, into a PNG file"},
        {"svg", "FILE", "... into an SVG file"},
        {"pdf", "FILE", "... into a PDF file"},
    };
    const Args a("sweep", argv, specs, 1);
    if (a.helpAsked()) {
        std::cout << Args::usage("sweep", "fig4|fig5|fig6 [options]", specs)
                  << "\nRuns the grid of one of the paper's figures (RR §6) and prints a tidy CSV, "
                     "one row per\n"
                     "(point, algorithm): "
                  << sweepCsvHeader({0.1, 0.5, 0.9}) << "\n";
        return 0;
    }
    if (a.positional().empty()) {
        throw InputError("sweep: name the figure: fig4, fig5 or fig6");
    }
    const std::string figName = a.positional().front();
    Figure fig = Figure::Fig4;
    if (figName == "fig4") {
        fig = Figure::Fig4;
    } else if (figName == "fig5") {
        fig = Figure::Fig5;
    } else if (figName == "fig6") {
        fig = Figure::Fig6;
    } else {
        throw InputError("sweep: unknown figure '" + figName + "' (known: fig4, fig5, fig6)");
    }
    const SweepFigureFiles figures{a.get("png"), a.get("svg"), a.get("pdf")};
    checkFigureFiles(figures);
    VerbOutputs out(a, {"out", "png", "svg", "pdf"});
    SweepSpec spec = SweepSpec::figure(fig);
    spec.n = static_cast<int>(a.integer("n", spec.n, 1, kMaxProcessors));
    spec.replicates = static_cast<std::uint64_t>(
        a.integer("replicates", static_cast<long long>(spec.replicates), 1, 1LL << 40));
    if (const auto cv = a.get("cv")) {
        spec.cvs = parseGrid(*cv, "--cv");
    }
    if (const auto ratio = a.get("ratio")) {
        spec.ratios = parseGrid(*ratio, "--ratio");
    }
    if (const auto algo = a.get("algo")) {
        spec.algorithms = parseAlgorithmList(*algo);
    }
    if (const auto family = a.get("family")) {
        if (*family == "gamma") {
            spec.family = LawKind::Gamma;
        } else if (*family == "uniform") {
            spec.family = LawKind::Uniform;
        } else if (*family == "bernoulli") {
            spec.family = LawKind::Bernoulli;
        } else {
            throw InputError("sweep: --family must be gamma, uniform or bernoulli, not '" +
                             *family + "'");
        }
    }
    if (const auto mean = a.get("mean")) {
        spec.transferMean = parseNumber(*mean, "--mean");
    }
    spec.seed =
        static_cast<std::uint64_t>(a.integer("seed", 1, 0, std::numeric_limits<long long>::max()));
    spec.threads = threadsOption(a);
    spec.quantiles = parseQuantiles(a);
    spec.validate();
    const auto t0 = std::chrono::steady_clock::now();
    ProgressLine line(a, "sweep " + figName);
    SweepResult r;
    if (figures.any()) {
        // Same numbers as runSweep (tested), plus the paired analyses the maps draw.
        const auto snapshot = runFigureSweep(spec, fig, std::ref(line));
        r.rows = snapshot->rows();
        for (const auto& [option, bytes] : renderSweepFigure(snapshot, fig, figures)) {
            out.stage(option, bytesView(bytes));
        }
    } else {
        r = runSweep(spec, std::ref(line));
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    line.finish("done in " + formatNumber(std::round(seconds * 10) / 10) + " s");
    std::string csv = sweepCsvHeader(spec.quantiles) + "\n";
    for (const SweepRow& row : r.rows) {
        csv += sweepCsvRow(row, spec.n) + "\n";
    }
    out.stage("out", csv);
    out.commit();
    return 0;
}

// -------------------------------------------------------------------------------- bench

int cmdBench(const std::vector<std::string>& argv) {
    const std::vector<OptionSpec> specs{
        {"seconds", "S", "target duration of each measurement (default 1)"},
        {"n", "N", "number of processors (default 64)"},
        {"large", "", "also time one Tree-dyn run with n = 2^20 (schedule and makespan only)"},
        {"out", "FILE", "write the CSV there instead of standard output"},
    };
    const Args a("bench", argv, specs, 0);
    if (a.helpAsked()) {
        std::cout << Args::usage("bench", "[options]", specs)
                  << "\nMeasures simulations per second of every algorithm at CV 0.1, 1 and 3 "
                     "(gamma transfers of\n"
                     "mean 1, no reduction cost, as in the paper's Fig. 4), with one thread and "
                     "with all.\n";
        return 0;
    }
    VerbOutputs out(a, {"out"});
    const double seconds = parseNumber(a.get("seconds", "1"), "--seconds");
    if (!(seconds > 0.0 && seconds <= 600.0)) {
        throw InputError("bench: --seconds must be in (0, 600]");
    }
    const int n = static_cast<int>(a.integer("n", 64, 1, kMaxProcessors));
    const int hw = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    std::string csv =
        "algorithm,n,cv,threads,replicates,seconds,sims_per_second,sims_per_second_per_thread,"
        "sims_per_cpu_second\n";
    for (const AlgorithmInfo& info : algorithms()) {
        for (double cv : {0.1, 1.0, 3.0}) {
            for (int threads : {1, hw}) {
                if (threads == hw && hw == 1 &&
                    csv.find(std::string(info.key) + "," + std::to_string(n) + "," +
                             formatNumber(cv) + ",1,") != std::string::npos) {
                    continue;
                }
                McConfig c;
                c.algorithms = {info.id};
                c.n = n;
                c.costs = CostModel::perOperation(Law::gamma(1.0, cv), Law::constant(0.0));
                c.threads = threads;
                c.quantiles = {};
                // Calibrate on a short run, then measure one of about `seconds`.
                c.replicates = 4096;
                const McResult probe = runMonteCarlo(c);
                c.replicates = static_cast<std::uint64_t>(
                    std::max(4096.0, 4096.0 * seconds / std::max(probe.seconds, 1e-6)));
                // CPU time as well as wall time: on a loaded machine the wall-clock rate
                // measures the neighbours, the rate per CPU second still measures the code.
                const std::clock_t cpu0 = std::clock();
                const McResult r = runMonteCarlo(c);
                const double cpuSeconds =
                    static_cast<double>(std::clock() - cpu0) / static_cast<double>(CLOCKS_PER_SEC);
                const double rate = static_cast<double>(c.replicates) / r.seconds;
                const double cpuRate =
                    static_cast<double>(c.replicates) / std::max(cpuSeconds, 1e-9);
                csv += std::string(info.key) + "," + std::to_string(n) + "," + formatNumber(cv) +
                       "," + std::to_string(threads) + "," + std::to_string(c.replicates) + "," +
                       formatNumber(r.seconds) + "," +
                       std::to_string(static_cast<long long>(rate)) + "," +
                       std::to_string(static_cast<long long>(rate / threads)) + "," +
                       std::to_string(static_cast<long long>(cpuRate)) + "\n";
                std::cerr << info.name << " cv=" << cv << " threads=" << threads << ": "
                          << static_cast<long long>(rate) << " sims/s, "
                          << static_cast<long long>(cpuRate) << " per CPU second\n";
            }
        }
    }
    if (a.has("large")) {
        const int big = 1 << 20;
        Simulator sim(AlgorithmId::TreeDyn, big, false,
                      CostModel::perOperation(Law::gamma(1.0, 1.0), Law::constant(0.0)));
        auto t0 = std::chrono::steady_clock::now();
        const Schedule s = sim.schedule(1, 0);
        const double tSchedule =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        t0 = std::chrono::steady_clock::now();
        const double m = sim.makespan(1, 0);
        const double tMakespan =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::cerr << "Tree-dyn n=2^20: schedule " << tSchedule << " s, makespan only " << tMakespan
                  << " s (makespan " << m << ", " << s.transfers.size() << " transfers)\n";
        csv += "# tree-dyn n=1048576 one schedule: " + formatNumber(tSchedule) +
               " s; makespan only: " + formatNumber(tMakespan) + " s\n";
    }
    out.stage("out", csv);
    out.commit();
    return 0;
}

const char* const kTopHelp =
    "usage: reducelab-cli VERB [options]    (reducelab-cli VERB --help for each verb)\n"
    "\n"
    "verbs:\n"
    "  run     simulate one reduction and print its schedule (CSV or JSON)\n"
    "  mc      Monte Carlo summary of one or more algorithms on common random numbers\n"
    "  sweep   the grids of the paper's Fig. 4, 5 and 6 as tidy CSV\n"
    "  bench   simulations per second of every algorithm\n"
    "  steady  steady-state series of reductions or scatters on a platform graph (LP)\n"
    "  divisible  divisible load on a bus or a star: shares, orders, returns, rounds\n"
    "  theory  Markov chain, worst-case ratios (RR Table 1), Liu-Wang SNF and exact optimum\n"
    "\n"
    "options of every verb: --help, --version\n"
    "\n"
    "exit status: 0 success; 2 invalid usage or input, or an output that could not be written\n"
    "(one line on standard error; no output file is left changed); 1 internal error\n";

} // namespace

int runCli(const std::vector<std::string>& args) {
    try {
        // --version anywhere (reducelab-cli --version, reducelab-cli mc --version) answers it.
        if (std::find(args.begin(), args.end(), "--version") != args.end()) {
            std::cout << "reducelab-cli " << kVersion << "\n";
            return 0;
        }
        if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
            std::cout << kTopHelp;
            return args.empty() ? 2 : 0;
        }
        const std::string verb = args[0];
        const std::vector<std::string> rest(args.begin() + 1, args.end());
        const std::map<std::string, std::function<int(const std::vector<std::string>&)>> verbs{
            {"run", cmdRun},
            {"mc", cmdMc},
            {"sweep", cmdSweep},
            {"bench", cmdBench},
            {"theory", cmdTheory},
            {"steady", cmdSteady},
            {"divisible", cmdDivisible}};
        const auto it = verbs.find(verb);
        if (it == verbs.end()) {
            throw InputError(
                "unknown verb '" + verb +
                "' (known: run, mc, sweep, bench, theory, steady, divisible; see --help)");
        }
        return it->second(rest);
    } catch (const InputError& e) {
        // printable(): whatever a message echoes (a path, an argument) stays on one line.
        std::cerr << "reducelab-cli: error: " << printable(e.what()) << "\n";
        return 2;
    } catch (const OutputError& e) {
        std::cerr << "reducelab-cli: error: " << printable(e.what()) << "\n";
        return 2;
    } catch (const std::bad_alloc&) {
        std::cerr << "reducelab-cli: error: out of memory (the request is larger than this "
                     "machine can hold)\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "reducelab-cli: internal error: " << printable(e.what()) << "\n";
        return 1;
    }
}

} // namespace rl::cli
