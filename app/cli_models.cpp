// The verbs of the related models of the seeds: `steady` (seed 002, steady-state series of
// reductions and scatters, linear programs) and `divisible` (seed 004, divisible load).
// Argument parsing and output only: the models live in core/, the drawing behind
// figure_renderer.h.
#include "cli_args.h"
#include "cli_commands.h"
#include "cli_figures.h"
#include "figure_renderer.h"

#include "base/file_io.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "platform/fixed_costs.h"
#include "platform/matrix_presets.h"
#include "studies/divisible_study.h"
#include "studies/steady_study.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <stdexcept>

namespace rl::cli {

namespace {

std::string num(double v) {
    return formatNumber(v);
}

/// "P<i>" (appended, not "P" + to_string: GCC 12 warns falsely with -Wrestrict).
std::string procLabel(int i) {
    std::string s("P");
    s += std::to_string(i);
    return s;
}

// ------------------------------------------------------------------------------ divisible

StarPlatform divisiblePlatform(const Args& a) {
    const auto preset = a.get("preset");
    const auto workers = a.get("workers");
    if (preset.has_value() == workers.has_value()) {
        throw InputError("divisible: give exactly one of --workers and --preset");
    }
    StarPlatform p = preset ? StarPlatform::preset(*preset) : StarPlatform::parseWorkers(*workers);
    p.masterW = a.number("master-w", p.masterW);
    p.validate();
    return p;
}

DivisibleModel divisibleModel(const std::string& name) {
    const std::pair<const char*, DivisibleModel> models[] = {
        {"bus", DivisibleModel::Bus},
        {"star", DivisibleModel::Star},
        {"lifo", DivisibleModel::Lifo},
        {"fifo", DivisibleModel::Fifo},
        {"multiround", DivisibleModel::MultiRound},
        {"steady", DivisibleModel::Steady}};
    for (const auto& [key, model] : models) {
        if (name == key) {
            return model;
        }
    }
    throw InputError("divisible: --model must be bus, star, lifo, fifo, multiround or steady, "
                     "not '" +
                     name + "'");
}

/// The study the options describe.
DivisibleStudy divisibleStudy(const Args& a) {
    DivisibleStudy q;
    q.platform = divisiblePlatform(a);
    if (const auto model = a.get("model")) {
        q.model = divisibleModel(*model);
    }
    q.load = a.number("load", q.load);
    switch (q.model) {
    case DivisibleModel::Bus:
    case DivisibleModel::Star: {
        const std::string order = a.get("order", "bandwidth");
        if (order == "all") {
            q.orderChoice = DivisibleOrder::All;
        } else if (order == "worst") {
            q.orderChoice = DivisibleOrder::Reverse;
        } else if (order != "bandwidth") {
            q.orderChoice = DivisibleOrder::Given;
            for (const std::string& f : splitString(order, ',')) {
                q.order.push_back(static_cast<int>(parseInteger(trim(f), "--order", 1,
                                                                q.platform.workerCount())) -
                                  1);
            }
        }
        break;
    }
    case DivisibleModel::MultiRound:
        if (a.has("rounds")) {
            q.rounds = static_cast<int>(a.integer("rounds", 1, 1, kMaxMultiRounds));
        } else {
            q.maxRounds =
                static_cast<int>(a.integer("max-rounds", q.maxRounds, 1, kMaxMultiRounds));
        }
        break;
    case DivisibleModel::Steady:
        q.period = a.number("period", q.period);
        q.overlap = a.has("overlap");
        break;
    case DivisibleModel::Lifo:
    case DivisibleModel::Fifo:
        break;
    }
    return q;
}

std::string chunkCsv(const DivisibleSchedule& s) {
    std::string out = "method,worker,round,amount,alpha,send_start,send_end,compute_start,"
                      "compute_end,return_start,return_end,idle,makespan\n";
    for (const LoadChunk& ch : s.chunks) {
        out += "\"" + s.method + "\"," +
               (ch.worker < 0 ? std::string("master") : procLabel(ch.worker + 1)) + "," +
               std::to_string(ch.round) + "," + num(ch.amount) + "," + num(ch.amount / s.load) +
               "," + num(ch.sendStart) + "," + num(ch.sendEnd) + "," + num(ch.computeStart) + "," +
               num(ch.computeEnd) + "," + num(ch.returnStart) + "," + num(ch.returnEnd) + "," +
               num(s.idleBeforeReturn(ch)) + "," + num(s.makespan) + "\n";
    }
    return out;
}

std::string ordersCsv(const std::vector<OrderMakespan>& orders) {
    std::string csv = "order,makespan,bandwidth_order\n";
    for (const OrderMakespan& o : orders) {
        std::string name;
        for (int i : o.order) {
            if (!name.empty()) {
                name += ' ';
            }
            name += procLabel(i + 1);
        }
        csv += name + "," + num(o.makespan) + "," + (o.bandwidth ? "yes" : "no") + "\n";
    }
    return csv;
}

std::string steadyShareCsv(const SteadyStateShare& s, const StarPlatform& p) {
    std::string csv = "worker,c,w,latency,rate,alpha_per_period,throughput,period\n";
    for (int i = 0; i < p.workerCount(); ++i) {
        const Worker& wk = p.workers[static_cast<std::size_t>(i)];
        const double r = s.rate[static_cast<std::size_t>(i)];
        csv += procLabel(i + 1) + "," + num(wk.c) + "," + num(wk.w) + "," + num(wk.latency) + "," +
               num(r) + "," + num(r * s.period) + "," + num(s.throughput) + "," + num(s.period) +
               "\n";
    }
    return csv;
}

/// The one option of steady and divisible that draws.
DrawingOptions ganttOption() {
    return {{"gantt"}, "run the same command with a full build of ReduceLab"};
}

} // namespace

int cmdDivisible(const std::vector<std::string>& argv, const CliEnvironment& env) {
    std::vector<OptionSpec> specs{
        {"model", "MODEL",
         "bus | star | lifo | fifo | multiround | steady (default star; bus needs one shared c)"},
        {"workers", "LIST",
         "workers c:w[:d[:latency]],... (time per load unit: send, compute, "
         "return; latency per message)"},
        {"preset", "NAME", "bus, star, returns, fifo or multiround (the seed's examples)"},
        {"master-w", "W", "the master computes too, W per load unit (default: preset, else 0)"},
        {"load", "W", "total load W_total (default " + num(DivisibleStudy::kDefaultLoad) + ")"},
        {"order", "bandwidth|worst|all|I,J,...",
         "bus/star send order: by bandwidth (default), the reverse, every permutation (one "
         "row per order, up to " +
             std::to_string(DivisibleStudy::kMaxAllOrdersWorkers) +
             " workers), or an explicit list of workers 1..p"},
        {"rounds", "M",
         "multiround: exactly M rounds on every worker (default: best up to "
         "--max-rounds, with resource selection)"},
        {"max-rounds", "M",
         "multiround: largest number of rounds tried (default " +
             std::to_string(DivisibleStudy::kDefaultMaxRounds) + ")"},
        {"period", "TP",
         "steady: the period Tp (default " + num(DivisibleStudy::kDefaultPeriod) + ")"},
        {"overlap", "", "steady: workers receive while computing"},
        {"out", "FILE", "write the CSV there (atomically) instead of standard output"},
        {"gantt", "FILE", "also draw the Gantt chart: .png, .svg or .pdf"},
    };
    const auto progress = progressOptions();
    specs.insert(specs.end(), progress.begin(), progress.end());
    const Args a("divisible", argv, specs, 0);
    if (a.helpAsked()) {
        std::cout << usageWithFigures("divisible", "--model MODEL (--workers LIST | --preset NAME)",
                                      specs, ganttOption(), env)
                  << "\nDivisible load on a master-worker bus or star (seed 004): one CSV row "
                     "per chunk\n(method,worker,round,amount,alpha,send/compute/return times,"
                     "idle,makespan);\nsteady: one row per worker (worker,rate,alpha_per_period,"
                     "throughput,period).\n";
        return 0;
    }
    refuseDrawingWithoutFigures(a, "divisible", ganttOption(), env);
    VerbOutputs out(a, {"out", "gantt"});
    const DivisibleStudy study = divisibleStudy(a);
    try {
        study.validate(); // the platform is valid: what remains is the model's own rules
    } catch (const InputError& e) {
        throw InputError(std::string("divisible: ") + e.what());
    }
    ElapsedLine line(a, "divisible", "computing the schedules");
    const auto r = runDivisibleStudy(study);
    const std::shared_ptr<const DivisibleSchedule>& shown = r->schedule;
    const StarPlatform& p = r->platform;
    std::string csv;
    if (study.orderChoice == DivisibleOrder::All && !r->orders.empty()) {
        csv = ordersCsv(r->orders);
    } else if (r->steady) {
        csv = steadyShareCsv(*r->steady, p);
    } else {
        csv = chunkCsv(*shown);
    }
    line.finish("done");
    if (const auto path = a.get("gantt")) {
        out.stage("gantt", env.figures->divisibleGantt(
                               shown, p,
                               shown->method + " — " + (shown->periodic ? "period " : "makespan ") +
                                   formatSignificant(shown->makespan, 5),
                               *path));
    }
    out.commitWith(csv);
    return 0;
}

// --------------------------------------------------------------------------------- steady

namespace {

/// The platform of the options: a graph, or the explorer's fixed costs as a complete graph.
SteadyStudy steadyPlatform(const Args& a) {
    const int sources = (a.has("graph") ? 1 : 0) + (a.has("preset") ? 1 : 0) +
                        (a.has("matrix") ? 1 : 0) + (a.has("fixed-preset") ? 1 : 0);
    if (sources != 1) {
        throw InputError("steady: give exactly one of --graph, --preset, --matrix and "
                         "--fixed-preset");
    }
    SteadyStudy q;
    if (const auto graph = a.get("graph")) {
        q.graph = PlatformGraph::parseCsv(readInputFile(*graph), *graph);
    } else if (const auto preset = a.get("preset")) {
        q.graph = PlatformGraph::preset(*preset);
    } else {
        const auto matrix = a.get("matrix");
        FixedCosts f =
            matrix ? FixedCosts::parseCsv(readInputFile(*matrix), *matrix)
                   : parsePreset(a.get("fixed-preset", ""),
                                 static_cast<int>(a.integer("n", 0, 0, kMaxPresetProcessors)));
        try {
            q = SteadyStudy::onExplorerPlatform(std::move(f));
        } catch (const InputError& e) {
            throw InputError(std::string("steady: ") + e.what());
        }
    }
    q.graph.messageSize = a.number("size", q.graph.messageSize);
    return q;
}

std::string steadyCsv(const SteadyStateResult& r, const PlatformGraph& g, const std::string& what) {
    const int n = g.n;
    std::string out;
    if (what == "summary") {
        out = "problem,n,target,throughput,lp_variables,lp_constraints,patterns,period,"
              "results_per_period,period_exact,period_throughput\n";
        out += std::string(r.scatter ? "scatter" : "reduce") + "," + std::to_string(n) + "," +
               (r.target < 0 ? std::string("any") : std::to_string(r.target)) + "," +
               num(r.throughput) + "," + std::to_string(r.lpVariables) + "," +
               std::to_string(r.lpConstraints) + "," + std::to_string(r.patterns.size()) + "," +
               num(r.schedule.period) + "," + std::to_string(r.schedule.results) + "," +
               (r.schedule.exact ? "yes" : "no") + "," + num(r.schedule.throughput()) + "\n";
    } else if (what == "occupation") {
        out = "resource,from,to,occupation\n";
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) {
                if (g.hasLink(i, j)) {
                    out += "link," + std::to_string(i) + "," + std::to_string(j) + "," +
                           num(r.linkOccupation[static_cast<std::size_t>(i) * n + j]) + "\n";
                }
            }
        }
        for (int i = 0; i < n; ++i) {
            out += "compute," + std::to_string(i) + "," + std::to_string(i) + "," +
                   num(r.computeOccupation[static_cast<std::size_t>(i)]) + "\n";
        }
    } else if (what == "flows") {
        out = "kind,proc_from,proc_to,k,l,m,rate\n";
        for (const FlowTransfer& f : r.transfers) {
            out += "send," + std::to_string(f.from) + "," + std::to_string(f.to) + "," +
                   std::to_string(f.k) + ",," + std::to_string(f.m) + "," + num(f.rate) + "\n";
        }
        for (const FlowTask& f : r.tasks) {
            out += "task," + std::to_string(f.proc) + "," + std::to_string(f.proc) + "," +
                   std::to_string(f.k) + "," + std::to_string(f.l) + "," + std::to_string(f.m) +
                   "," + num(f.rate) + "\n";
        }
    } else if (what == "trees") {
        out = "pattern,weight,target,kind,proc_from,proc_to,k,l,m\n";
        for (std::size_t t = 0; t < r.patterns.size(); ++t) {
            const WeightedPattern& p = r.patterns[t];
            const std::string head =
                std::to_string(t) + "," + num(p.weight) + "," + std::to_string(p.target) + ",";
            for (const FlowTransfer& f : p.transfers) {
                out += head + "send," + std::to_string(f.from) + "," + std::to_string(f.to) + "," +
                       std::to_string(f.k) + ",," + std::to_string(f.m) + "\n";
            }
            for (const FlowTask& f : p.tasks) {
                out += head + "task," + std::to_string(f.proc) + "," + std::to_string(f.proc) +
                       "," + std::to_string(f.k) + "," + std::to_string(f.l) + "," +
                       std::to_string(f.m) + "\n";
            }
        }
    } else if (what == "schedule") {
        out = "kind,proc_from,proc_to,k,l,m,instance,start,end\n";
        for (const PeriodicOp& o : r.schedule.ops) {
            out += std::string(o.isTask ? "task," : "send,") + std::to_string(o.from) + "," +
                   std::to_string(o.to) + "," + std::to_string(o.k) + "," +
                   (o.isTask ? std::to_string(o.l) : std::string()) + "," + std::to_string(o.m) +
                   "," + std::to_string(o.instance) + "," + num(o.start) + "," + num(o.end) + "\n";
        }
    } else {
        throw std::logic_error("steady: no CSV view '" + what + "'");
    }
    return out;
}

/// Shows on the elapsed-time line how close the column generation is: which of the SSRP solves
/// (the comparison solves one per root) and how far its throughput may still be from the
/// optimum (the gap to the best upper bound). Never cancels.
StudyProgress solverProgress(ElapsedLine& line) {
    return [&line](std::uint64_t done, std::uint64_t total) {
        const std::uint64_t solves = total / kSteadyProgressUnits;
        const std::uint64_t current = std::min(done / kSteadyProgressUnits + 1, solves);
        const double reached =
            static_cast<double>(done - (current - 1) * kSteadyProgressUnits) / kSteadyProgressUnits;
        char gap[32];
        std::snprintf(gap, sizeof gap, "%.2g", 100.0 * (1.0 - reached));
        std::string what = solves > 1 ? "solving the linear programs (" + std::to_string(current) +
                                            " of " + std::to_string(solves) + ": "
                                      : std::string("solving the linear program (");
        line.setWhat(what + "throughput within " + gap + " % of the optimum)");
        return true;
    };
}

/// The study's goal for a --what value, which is checked here, before any work.
SteadyGoal steadyGoal(const std::string& what) {
    if (what == "compare") {
        return SteadyGoal::CompareOnly;
    }
    for (const char* view : {"summary", "occupation", "flows", "trees", "schedule"}) {
        if (what == view) {
            return SteadyGoal::Solve;
        }
    }
    throw InputError("steady: --what must be summary, occupation, flows, trees, schedule or "
                     "compare, not '" +
                     what + "'");
}

} // namespace

int cmdSteady(const std::vector<std::string>& argv, const CliEnvironment& env) {
    std::vector<OptionSpec> specs{
        {"problem", "reduce|scatter", "series of reductions (SSRP, default) or scatters (SSSP)"},
        {"graph", "FILE",
         "platform graph: n rows of n link costs c(i,j) ('-' = no link), then a row of n "
         "computation times w"},
        {"preset", "NAME", "scatter-toy, reduce-toy, ring:N or complete:N"},
        {"matrix", "FILE", "the explorer's fixed-cost matrix file, as a complete graph"},
        {"fixed-preset", "SPEC",
         "a fixed-matrix preset (" + presetSyntaxList() + ") as a complete graph (with --n)"},
        {"n", "N", "number of processors for --fixed-preset"},
        {"size", "S", "size of every message (default 1)"},
        {"target", "T|any", "reduce: processor receiving the result (default 0)"},
        {"source", "S", "scatter: the source processor (default 0)"},
        {"targets", "LIST", "scatter: target processors (default: all but the source)"},
        {"what", "WHAT",
         "summary (default), occupation, flows, trees, schedule, or compare (TP against "
         "1/makespan of the explorer's algorithms; needs --matrix or --fixed-preset)"},
        {"out", "FILE", "write the CSV there (atomically) instead of standard output"},
        {"gantt", "FILE", "also draw one period as a Gantt chart: .png, .svg or .pdf"},
    };
    const auto progress = progressOptions();
    specs.insert(specs.end(), progress.begin(), progress.end());
    const Args a("steady", argv, specs, 0);
    if (a.helpAsked()) {
        std::cout << usageWithFigures("steady",
                                      "(--graph FILE | --preset NAME | --matrix FILE | "
                                      "--fixed-preset SPEC) [options]",
                                      specs, ganttOption(), env)
                  << "\nSolves SSRP(G) or SSSP(G) (seed 002) with GLPK and prints the optimal "
                     "throughput,\nthe link occupations, the LP flows, the weighted reduction "
                     "trees or one period\nof the periodic schedule (validated: one-port, "
                     "conservation) as CSV.\n";
        return 0;
    }
    refuseDrawingWithoutFigures(a, "steady", ganttOption(), env);
    VerbOutputs out(a, {"out", "gantt"}, {"graph", "matrix"});
    SteadyStudy study = steadyPlatform(a);
    const PlatformGraph& g = study.graph;
    const std::string problem = a.get("problem", "reduce");
    const std::string what = a.get("what", "summary");
    const SteadyGoal goal = steadyGoal(what);
    if (const std::string why = steadyOutputProblem(goal, a.has("gantt")); !why.empty()) {
        throw InputError("steady: --gantt with --what " + what + ": " + why);
    }
    ElapsedLine line(a, "steady", "solving the linear program");
    if (goal == SteadyGoal::CompareOnly) {
        if (!study.explorerPlatform) {
            throw InputError("steady: --what compare needs the explorer's platform (--matrix or "
                             "--fixed-preset)");
        }
        std::string table = "algorithm,makespan,root,single_throughput,steady_throughput,gain\n";
        const auto compared = runSteadyStudy(study, goal, solverProgress(line));
        for (const PipelineComparison& c : compared->comparisons) {
            table += c.algorithm + "," + num(c.makespan) + "," + std::to_string(c.root) + "," +
                     num(c.singleThroughput) + "," + num(c.steadyThroughput) + "," + num(c.gain()) +
                     "\n";
        }
        line.finish("done");
        out.commitWith(table);
        return 0;
    }
    if (problem == "reduce") {
        if (const auto t = a.get("target")) {
            study.target =
                *t == "any" ? -1 : static_cast<int>(parseInteger(*t, "--target", 0, g.n - 1));
        }
    } else if (problem == "scatter") {
        study.scatter = true;
        study.target = static_cast<int>(a.integer("source", study.target, 0, g.n - 1));
        if (const auto list = a.get("targets")) {
            for (const std::string& f : splitString(*list, ',')) {
                study.scatterTargets.push_back(
                    static_cast<int>(parseInteger(trim(f), "--targets", 0, g.n - 1)));
            }
        }
    } else {
        throw InputError("steady: --problem must be reduce or scatter, not '" + problem + "'");
    }
    const std::shared_ptr<const SteadyStateResult> r = runSteadyStudy(study, goal)->result;
    line.finish("solved: " + std::to_string(r->lpVariables) + " variables, " +
                std::to_string(r->lpConstraints) + " constraints");
    const std::string csv = steadyCsv(*r, g, what);
    if (const auto path = a.get("gantt")) {
        out.stage("gantt",
                  env.figures->steadyGantt(r, g.n,
                                           std::string("one period of the ") +
                                               (r->scatter ? "scatters" : "reductions") + " — TP " +
                                               formatSignificant(r->throughput, 5) + ", period " +
                                               formatSignificant(r->schedule.period, 5) + ", " +
                                               std::to_string(r->schedule.results) + " results",
                                           *path));
    }
    out.commitWith(csv);
    return 0;
}

} // namespace rl::cli
