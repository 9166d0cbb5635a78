// chromeTrace() (studies/chrome_trace.h): the document parses as JSON; it holds one complete
// event per operation (a reception per transfer, a send per transfer, a reduction per
// reduction) whose times and endpoints are the schedule's; a flow joins each send to its
// reception; each processor's threads are named; slices on one thread never overlap (so they
// nest strictly, as Perfetto requires); the scenario is in the metadata.
#include "studies/chrome_trace.h"
#include "studies/run_study.h"
#include "studies/scenario_json.h"

#include "../../test_support.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <set>

using namespace rl;
using nlohmann::json;

namespace {

Scenario scenarioOf(AlgorithmId id, int n, bool nonCommutative = false) {
    Scenario s;
    s.algorithms = {id};
    s.n = n;
    s.nonCommutative = nonCommutative;
    s.seed = 7;
    s.transfer = Law::gamma(1, 0.5);
    s.reduction = Law::gamma(0.7, 0.5);
    return s;
}

// Slices [ts, ts + dur) of one thread must be disjoint or nested; in these traces, disjoint.
void expectNested(std::vector<std::pair<double, double>> slices, const std::string& where) {
    std::sort(slices.begin(), slices.end());
    std::vector<double> open; // ends of the enclosing slices
    for (const auto& [start, end] : slices) {
        while (!open.empty() && open.back() <= start) {
            open.pop_back();
        }
        if (!open.empty()) {
            EXPECT_LE(end, open.back()) << where << ": slices overlap without nesting";
        }
        open.push_back(end);
    }
}

} // namespace

TEST(ChromeTrace, OneCompleteEventPerOperationOnNonOverlappingTracks) {
    for (const auto& [id, nc] :
         {std::pair{AlgorithmId::BinomialStat, false}, std::pair{AlgorithmId::FibonacciStat, false},
          std::pair{AlgorithmId::TreeDyn, false}, std::pair{AlgorithmId::NonCommutTreeDyn, true}}) {
        for (const int n : {1, 2, 9, 33}) {
            const Scenario scenario = scenarioOf(id, n, nc);
            const auto run = runScenario(scenario, RunDetail::Schedules);
            const Schedule& s = *run->schedules.front();
            SCOPED_TRACE(s.algorithm + " n=" + std::to_string(n));
            const json doc = json::parse(chromeTrace(s, scenario, "test"));
            EXPECT_EQ(doc["otherData"]["format"], kChromeTraceFormat);
            EXPECT_EQ(doc["otherData"]["n"], n);
            EXPECT_EQ(doc["otherData"]["algorithm"], s.algorithm);
            EXPECT_EQ(scenarioFromJson(doc["otherData"]["scenario"], AlgorithmCatalog()), scenario);
            std::map<std::string, std::vector<const json*>> byCat;
            std::map<std::pair<int, int>, std::vector<std::pair<double, double>>> threads;
            std::set<std::pair<int, int>> named;
            std::map<int, std::string> processNames;
            std::map<std::pair<char, long long>, std::pair<int, int>> flows; // (ph, id) -> thread
            for (const json& e : doc["traceEvents"]) {
                const std::string ph = e["ph"];
                const std::pair<int, int> thread{e["pid"], e["tid"]};
                if (ph == "M") {
                    if (e["name"] == "thread_name") {
                        named.insert(thread);
                    } else if (e["name"] == "process_name") {
                        processNames[thread.first] = e["args"]["name"];
                    }
                } else if (ph == "X") {
                    byCat[e["cat"]].push_back(&e);
                    // As Perfetto reads them: whole nanoseconds.
                    const double ts = std::round(e["ts"].get<double>() * 1e3);
                    threads[thread].emplace_back(ts, ts + std::round(e["dur"].get<double>() * 1e3));
                } else {
                    ASSERT_TRUE(ph == "s" || ph == "f") << ph;
                    EXPECT_TRUE(
                        flows.emplace(std::pair{ph[0], e["id"].get<long long>()}, thread).second);
                }
            }
            ASSERT_EQ(byCat["transfer"].size(), s.transfers.size());
            ASSERT_EQ(byCat["send"].size(), s.transfers.size());
            ASSERT_EQ(byCat["reduction"].size(), s.reductions.size());
            ASSERT_EQ(processNames.size(), static_cast<std::size_t>(n));
            for (int p = 0; p < n; ++p) {
                EXPECT_EQ(processNames[p + 1], "P" + std::to_string(p));
            }
            for (const json* e : byCat["transfer"]) {
                const TransferOp& t = s.transfers[(*e)["args"]["transfer"].get<std::size_t>()];
                EXPECT_EQ((*e)["pid"], t.to + 1);
                EXPECT_EQ((*e)["args"]["from"], t.from);
                EXPECT_EQ((*e)["args"]["start"].get<double>(), t.start);
                EXPECT_EQ((*e)["args"]["end"].get<double>(), t.end);
                EXPECT_NEAR((*e)["ts"].get<double>(), t.start * 1e6, 5e-4);
                EXPECT_NEAR((*e)["dur"].get<double>(), (t.end - t.start) * 1e6, 1e-3);
                const long long k = (*e)["args"]["transfer"];
                const std::pair<char, long long> fKey{'f', k};
                const std::pair<char, long long> sKey{'s', k};
                const std::pair<int, int> receiver{t.to + 1, (*e)["tid"].get<int>()};
                // The message's flow: from the sender's send to this reception.
                ASSERT_EQ(flows.count(fKey), 1U);
                EXPECT_EQ(flows[fKey], receiver);
                ASSERT_EQ(flows.count(sKey), 1U);
                EXPECT_EQ(flows[sKey].first, t.from + 1);
            }
            for (const json* e : byCat["send"]) {
                const TransferOp& t = s.transfers[(*e)["args"]["transfer"].get<std::size_t>()];
                EXPECT_EQ((*e)["pid"], t.from + 1);
            }
            for (const json* e : byCat["reduction"]) {
                const ReductionOp& r = s.reductions[(*e)["args"]["reduction"].get<std::size_t>()];
                EXPECT_EQ((*e)["pid"], r.proc + 1);
                EXPECT_EQ((*e)["args"]["transfer"], r.transfer);
                EXPECT_EQ((*e)["args"]["start"].get<double>(), r.start);
                EXPECT_EQ((*e)["args"]["end"].get<double>(), r.end);
            }
            for (const auto& [thread, slices] : threads) {
                EXPECT_EQ(named.count(thread), 1U) << "an unnamed thread";
                // A valid schedule needs two threads per processor.
                EXPECT_TRUE(thread.second == 1 || thread.second == 2) << thread.second;
                expectNested(slices, "pid " + std::to_string(thread.first));
            }
        }
    }
}

TEST(ChromeTrace, OverlappingMeasuredOperationsGoToFurtherThreads) {
    // Two receptions that overlap on P0 (a measured run need not keep one-port exactly).
    Schedule s;
    s.n = 3;
    s.algorithm = "measured";
    s.transfers = {{1, 0, 0.0, 2.0}, {2, 0, 1.0, 3.0}};
    s.reductions = {{0, 0, 2.0, 2.5}, {0, 1, 3.0, 3.5}};
    s.parent = {-1, 0, 0};
    s.makespan = 3.5;
    const json doc = json::parse(chromeTrace(s, Scenario::demo(), "test", {true, 0.0}));
    EXPECT_EQ(doc["otherData"]["measured"]["time_unit"], "seconds");
    std::set<int> p0Transfers;
    bool named = false;
    for (const json& e : doc["traceEvents"]) {
        if (e["ph"] == "X" && e["cat"] == "transfer") {
            p0Transfers.insert(e["tid"].get<int>());
        }
        named = named || (e["ph"] == "M" && e["pid"] == 1 && e["tid"] == 3 &&
                          e["args"]["name"] == "transfers 2");
    }
    EXPECT_EQ(p0Transfers, (std::set<int>{1, 3}));
    EXPECT_TRUE(named);
}
