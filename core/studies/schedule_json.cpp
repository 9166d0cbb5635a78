#include "studies/schedule_json.h"

#include "algorithms/ompi_parameters.h"
#include "algorithms/ompi_trees.h"
#include "studies/json_text.h"
#include "studies/scenario_json.h"

#include <nlohmann/json.hpp>

namespace rl {

nlohmann::json scheduleOriginJson(const ScheduleOrigin& origin) {
    if (!origin.measured) {
        return nullptr;
    }
    return {{"time_unit", origin.inSeconds() ? "seconds" : "model"},
            {"seconds_per_unit",
             origin.inSeconds() ? nlohmann::json(nullptr) : jsonNumber(origin.secondsPerUnit)}};
}

std::string scheduleJson(const Schedule& s, const Scenario& scenario, std::string_view program) {
    return scheduleJson(s, scenario, program, ScheduleOrigin{});
}

std::string scheduleJson(const Schedule& s, const Scenario& scenario, std::string_view program,
                         const ScheduleOrigin& origin) {
    using nlohmann::json;
    const Schedule::Values values = s.allValues();
    json transfers = json::array();
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        const TransferOp& t = s.transfers[k];
        transfers.push_back({{"from", t.from},
                             {"to", t.to},
                             {"start", jsonNumber(t.start)},
                             {"end", jsonNumber(t.end)},
                             {"value", formatRuns(values.transfers[k])}});
    }
    json reductions = json::array();
    for (std::size_t k = 0; k < s.reductions.size(); ++k) {
        const ReductionOp& r = s.reductions[k];
        reductions.push_back({{"processor", r.proc},
                              {"transfer", r.transfer},
                              {"from", s.transfers[static_cast<std::size_t>(r.transfer)].from},
                              {"start", jsonNumber(r.start)},
                              {"end", jsonNumber(r.end)},
                              {"value", formatRuns(values.reductions[k])}});
    }
    json parent = json::array();
    std::vector<json> kids(static_cast<std::size_t>(s.n), json::array());
    for (const TransferOp& t : s.transfers) {
        kids[static_cast<std::size_t>(t.to)].push_back(t.from);
    }
    json children = json::array();
    for (int p = 0; p < s.n; ++p) {
        parent.push_back(s.parent[static_cast<std::size_t>(p)]);
        children.push_back(std::move(kids[static_cast<std::size_t>(p)]));
    }
    json busy = json::array();
    for (const ProcessorTime& pt : s.processorTimes()) {
        busy.push_back({{"sending", jsonNumber(pt.sending)},
                        {"receiving", jsonNumber(pt.receiving)},
                        {"reducing", jsonNumber(pt.reducing)},
                        {"busy", jsonNumber(pt.busy)},
                        {"idle", jsonNumber(pt.idle)}});
    }
    json root = {{"algorithm", s.algorithm},
                 {"n", s.n},
                 {"noncommutative", s.nonCommutative},
                 {"seed", std::to_string(scenario.seed)},
                 {"replicate", std::to_string(scenario.replicate)},
                 {"makespan", jsonNumber(s.makespan)},
                 {"root", s.root},
                 {"transfers", transfers},
                 {"reductions", reductions},
                 {"tree", {{"parent", parent}, {"children", children}}},
                 {"processors", busy},
                 {"scenario", scenarioProvenanceJson(scenario, program)}};
    if (!s.arrivals.empty()) { // late arrivals: when each processor entered (docs/model.md §1)
        json arrivals = json::array();
        for (const double a : s.arrivals) {
            arrivals.push_back(jsonNumber(a));
        }
        root["arrivals"] = std::move(arrivals);
    }
    if (scenario.algorithms.size() == 1) {
        if (const auto bytes = ompiDefaultBytes(scenario.algorithms.front())) {
            // What Open MPI's fixed decision picks, and what ReduceLab runs for it.
            const OmpiDecision d = ompiDefaultDecision(s.n, *bytes, !s.nonCommutative);
            root["ompi_default"] = {
                {"algorithm", d.algorithm},
                {"pick", ompiAlgorithmName(d.algorithm)},
                {"runs",
                 ompiKey(d.tree == OmpiTree::Chain && d.fanout == 1 ? OmpiTree::Pipeline : d.tree)},
                {"message_bytes", *bytes},
                {"text", ompiDefaultPickText(s.n, *bytes, !s.nonCommutative)}};
        }
    }
    if (origin.measured) { // keys are sorted: where it goes needs no care
        root["measured"] = scheduleOriginJson(origin);
    }
    return jsonText(root);
}

} // namespace rl
