#include "cli_commands.h"

#include "cli_animation.h"
#include "cli_args.h"
#include "cli_platform.h"
#include "figure_render.h"

#include "algorithms/algorithm_registry.h"
#include "base/file_io.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "schedule/paje_trace.h"
#include "schedule/schedule_csv.h"
#include "studies/run_study.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <iostream>

namespace rl::cli {

namespace {

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

/// The --algo keys, from the registry: "binomial, ..., or on sender-only fixed costs
/// (Liu-Wang) ep, snf, optimum".
std::string algorithmKeys() {
    const auto join = [](std::span<const AlgorithmInfo> infos) {
        std::string keys;
        for (const AlgorithmInfo& info : infos) {
            keys += (keys.empty() ? "" : ", ") + std::string(info.key);
        }
        return keys;
    };
    return join(algorithms()) + ", or on sender-only fixed costs (Liu-Wang) " +
           join(clairvoyantAlgorithms());
}

} // namespace

int cmdRun(const std::vector<std::string>& argv) {
    std::vector<OptionSpec> specs{{"algo", "ALGO", algorithmKeys()}};
    const auto platform = platformOptions();
    specs.insert(specs.end(), platform.begin(), platform.end());
    specs.push_back({"replicate", "R", "which replicate of the seed to draw (default 0)"});
    specs.push_back({"format", "csv|json", "output format (default csv: one row per operation)"});
    specs.push_back({"out", "FILE", "write there (atomically) instead of standard output"});
    specs.push_back({"gantt", "FILE",
                     "also draw the Gantt chart: .png, .svg or .pdf (same drawing as the GUI)"});
    specs.push_back({"tree", "FILE", "also draw the reduction tree: .png, .svg or .pdf"});
    specs.push_back({"paje", "FILE", "also write a Paje trace (for ViTE or pj_dump)"});
    for (const auto& list : {animationOptions(), progressOptions()}) {
        specs.insert(specs.end(), list.begin(), list.end());
    }
    const Args a("run", argv, specs, 0);
    if (a.helpAsked()) {
        std::cout << Args::usage("run", "--algo ALGO --n N [options]", specs)
                  << "\nSimulates one reduction and prints its schedule.\n";
        return 0;
    }
    VerbOutputs out(a, {"out", "gantt", "tree", "paje", "animation"}, {"matrix"});
    const std::optional<AnimationRequest> animation = readAnimationRequest(a);
    if (!a.has("algo")) {
        throw InputError("run: --algo ALGO is required");
    }
    Scenario scenario;
    scenario.algorithms = {parseAlgorithm(*a.get("algo"))};
    static_cast<PlatformSpec&>(scenario) = parsePlatform(a, "run");
    const std::string format = a.get("format", "csv");
    if (format != "csv" && format != "json") {
        throw InputError("run: --format must be csv or json, not '" + format + "'");
    }
    scenario.replicate = static_cast<std::uint64_t>(
        a.integer("replicate", 0, 0, std::numeric_limits<long long>::max()));
    const auto run = runScenario(scenario, RunDetail::Schedules);
    const std::shared_ptr<const Schedule>& shared = run->schedules.front();
    const Schedule& s = *shared;
    if (out.wanted("paje")) {
        out.stage("paje", pajeTrace(s));
    }
    if (out.wanted("gantt") || out.wanted("tree") || animation) {
        const QString title = QStringLiteral("%1 — n = %2, makespan %3")
                                  .arg(QString::fromStdString(s.algorithm))
                                  .arg(s.n)
                                  .arg(s.makespan, 0, 'g', 5);
        if (out.wanted("gantt")) {
            out.stage("gantt", bytesView(renderGantt(shared, run->criticalPaths.front(), title,
                                                     out.path("gantt"))));
        }
        if (out.wanted("tree")) {
            out.stage("tree",
                      bytesView(renderTree(shared, run->criticalPaths.front(), out.path("tree"))));
        }
        if (animation) {
            out.stage("animation",
                      bytesView(renderAnimation(
                          a, {{shared, scenario.algorithms.front(), title, {}, {}}}, *animation)));
        }
    }
    out.stage("out", format == "json" ? scheduleJson(s, scenario.seed, scenario.replicate)
                                      : scheduleCsv(s));
    out.commit();
    return 0;
}

} // namespace rl::cli
