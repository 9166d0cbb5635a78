// Reading schedules back (schedule/schedule_reader.h, studies/schedule_file.h): what run writes
// as CSV, JSON, a Chrome trace and a Paje trace reads back as the schedule written, for every
// built-in algorithm, with costs of zero and positive length, simulated and measured; a foreign
// or malformed file is refused with one line naming its first problem.
#include "base/input_error.h"
#include "schedule/paje_trace.h"
#include "schedule/schedule_csv.h"
#include "schedule/schedule_reader.h"
#include "studies/chrome_trace.h"
#include "studies/run_study.h"
#include "studies/schedule_file.h"
#include "studies/schedule_json.h"

#include "../../test_support.h"

#include <algorithm>
#include <tuple>

using namespace rl;

namespace {

std::vector<Scenario> scenarios() {
    std::vector<Scenario> out;
    const AlgorithmCatalog catalog;
    for (const Algorithm& a : catalog.all()) {
        if (a.clairvoyant()) {
            continue; // sender-only fixed costs: the same schedules as the others
        }
        for (const int n : {1, 2, 7, 16}) {
            for (const bool zeroReductions : {false, true}) {
                for (const bool nc : {false, true}) {
                    if (nc && !a.validNonCommutative()) {
                        continue;
                    }
                    Scenario s;
                    s.algorithms = {a};
                    s.n = n;
                    s.nonCommutative = nc;
                    s.seed = 11;
                    s.transfer = Law::gamma(1, 0.5);
                    s.reduction = zeroReductions ? Law::constant(0) : Law::gamma(0.6, 0.7);
                    out.push_back(s);
                }
            }
        }
    }
    return out;
}

using Op = std::tuple<int, int, double, double>;

std::vector<Op> transfers(const Schedule& s) {
    std::vector<Op> out;
    for (const TransferOp& t : s.transfers) {
        out.emplace_back(t.from, t.to, t.start, t.end);
    }
    return out;
}

// A reduction by what it merges (the sender) rather than the index of its transfer.
std::vector<Op> reductions(const Schedule& s) {
    std::vector<Op> out;
    for (const ReductionOp& r : s.reductions) {
        out.emplace_back(r.proc, s.transfers[static_cast<std::size_t>(r.transfer)].from, r.start,
                         r.end);
    }
    return out;
}

void expectSameOperations(const Schedule& read, const Schedule& written) {
    EXPECT_EQ(read.n, written.n);
    EXPECT_EQ(read.root, written.root);
    EXPECT_EQ(read.parent, written.parent);
    EXPECT_EQ(read.makespan, written.makespan);
    EXPECT_EQ(transfers(read), transfers(written));
    EXPECT_EQ(reductions(read), reductions(written));
}

void expectSameSchedule(const Schedule& read, const Schedule& written) {
    expectSameOperations(read, written);
    EXPECT_EQ(read.algorithm, written.algorithm);
    EXPECT_EQ(read.nonCommutative, written.nonCommutative);
    for (std::size_t k = 0; k < std::min(read.reductions.size(), written.reductions.size()); ++k) {
        EXPECT_EQ(read.reductions[k].transfer, written.reductions[k].transfer);
    }
}

std::string refusal(std::string_view text) {
    try {
        parseScheduleFile(text, AlgorithmCatalog());
    } catch (const InputError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.find('\n'), std::string::npos) << what;
        return what;
    }
    ADD_FAILURE() << "accepted: " << text.substr(0, 200);
    return "";
}

Schedule demoSchedule() {
    Scenario s = scenarios()[10];
    return *runScenario(s, RunDetail::Schedules)->schedules.front();
}

} // namespace

TEST(ScheduleReader, EveryFormatReadsBackTheScheduleWritten) {
    const AlgorithmCatalog catalog;
    for (const Scenario& scenario : scenarios()) {
        const Schedule s = *runScenario(scenario, RunDetail::Schedules)->schedules.front();
        SCOPED_TRACE(s.algorithm + " n=" + std::to_string(s.n) +
                     (scenario.nonCommutative ? " nc" : "") +
                     " c=" + scenario.reduction.toString());
        {
            const ScheduleFile f = parseScheduleFile(scheduleCsv(s), catalog);
            EXPECT_EQ(f.format, "csv");
            expectSameOperations(f.schedule, s);
            EXPECT_FALSE(f.scenario.has_value());
            EXPECT_EQ(scheduleCsv(f.schedule), scheduleCsv(s));
        }
        for (const ScheduleOrigin origin :
             {ScheduleOrigin{}, ScheduleOrigin{true, 0.02}, ScheduleOrigin{true, 0.0}}) {
            const ScheduleFile json =
                parseScheduleFile(scheduleJson(s, scenario, "test", origin), catalog);
            EXPECT_EQ(json.format, "json");
            expectSameSchedule(json.schedule, s);
            EXPECT_EQ(json.origin, origin);
            ASSERT_TRUE(json.scenario.has_value());
            EXPECT_EQ(*json.scenario, scenario);
            const ScheduleFile chrome =
                parseScheduleFile(chromeTrace(s, scenario, "test", origin), catalog);
            EXPECT_EQ(chrome.format, "chrome-trace");
            expectSameSchedule(chrome.schedule, s);
            EXPECT_EQ(chrome.origin, origin);
            ASSERT_TRUE(chrome.scenario.has_value());
            EXPECT_EQ(*chrome.scenario, scenario);
        }
        for (const bool dark : {false, true}) {
            const ScheduleFile paje = parseScheduleFile(pajeTrace(s, pajeColors(dark)), catalog);
            EXPECT_EQ(paje.format, "paje");
            EXPECT_EQ(paje.schedule.algorithm, s.algorithm);
            expectSameOperations(paje.schedule, s);
            // Written again, the same trace: nothing of what the trace says was lost.
            EXPECT_EQ(pajeTrace(paje.schedule, pajeColors(dark)), pajeTrace(s, pajeColors(dark)));
        }
    }
}

TEST(ScheduleReader, AFileOnDiskNamesItsPathInRefusals) {
    test::TempDir dir;
    const std::string path = dir.filePath("s.csv");
    test::writeFile(path, scheduleCsv(demoSchedule()));
    EXPECT_EQ(readScheduleFile(path, AlgorithmCatalog()).schedule.n, demoSchedule().n);
    test::writeFile(path, "kind,processor,peer,start,end,duration,value\ntransfer,0\n");
    try {
        readScheduleFile(path, AlgorithmCatalog());
        ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("s.csv': line 2: 7 fields expected"),
                  std::string::npos)
            << e.what();
    }
}

TEST(ScheduleReader, ForeignOrMalformedFilesAreRefusedNamingTheFirstProblem) {
    const Schedule s = demoSchedule();
    const std::string csv = scheduleCsv(s);
    const std::string header = "kind,processor,peer,start,end,duration,value\n";
    auto replaced = [](std::string text, const std::string& from, const std::string& to) {
        const std::size_t at = text.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        return at == std::string::npos ? text : text.replace(at, from.size(), to);
    };
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"", "not a schedule ReduceLab reads"},
        {"a,b,c\n1,2,3\n", "not a schedule ReduceLab reads"},
        {"kind,processor,peer,start\n", "line 1: not a schedule CSV"},
        {header + "move,0,1,0,1,1,\"[0,0]\"\n", "line 2: the kind must be transfer or reduction"},
        {header + "transfer,1,0,0,inf,inf,\"[1,1]\"\n", "line 2 has the time inf"},
        {header + "transfer,1,0,0,nan,nan,\"[1,1]\"\n", "line 2"},
        {header + "transfer,1,0,0,1,2,\"[1,1]\"\n", "the duration 2 is not end - start"},
        {header + "transfer,1,0,0,1,1,[1,1]\n", "the value must be one quoted field"},
        {header + "transfer,1,0,0,1,1,\"[1,1]\"\ntransfer,1,0,1,2,1,\"[1,1]\"\n",
         "line 3: P1 sends a second time"},
        {header + "transfer,1,0,0,1,1,\"[1,1]\"\nreduction,0,2,1,1,0,\"[0,1]\"\n",
         "line 3: the reduction merges P2's value, which no transfer sends"},
        {header + "transfer,1,0,0,1,1,\"[1,1]\"\nreduction,0,1,0.5,1,0.5,\"[0,1]\"\n",
         "not a valid schedule: reduction on P0 starts at"},
        {header + "transfer,1,0,0,1,1,\"[0,1]\"\nreduction,0,1,1,1,0,\"[0,1]\"\n",
         "transfer 0 carries '[0,1]' but its tree gives '[1,1]'"},
        {header + "transfer,1,0,0,1e300,1e300,\"[1,1]\"\n", "magnitude at most 1e100"},
        {header + "transfer,99999999,0,0,1,1,\"[1,1]\"\n", "line 2: processor"},
        {replaced(csv, "\n", "\n\n") + "transfer,1,0,0,1,1,\"[1,1]\"\n", "P1 sends a second"},
        {"{\"traceEvents\": []}", "a trace-event file that ReduceLab did not write"},
        {"{\"traceEvents\": [], \"otherData\": {\"format\": \"other\"}}",
         "ReduceLab did not write"},
        {"{\"a\": 1}", "a JSON object that is not a schedule"},
        {"{\"transfers\": [], \"reductions\": [", "not valid JSON"},
        {replaced(scheduleJson(s, Scenario::demo(), "t"), "\"n\": " + std::to_string(s.n),
                  "\"n\": 1e400"),
         "not valid JSON"},
        {replaced(chromeTrace(s, Scenario::demo(), "t"), "\"cat\": \"reduction\"",
                  "\"cat\": \"gpu\""),
         "a complete event of category 'gpu'"},
        {replaced(chromeTrace(s, Scenario::demo(), "t"), "\"transfer\": 0,", "\"transfer\": 5,"),
         "transfer"},
        {replaced(pajeTrace(s, pajeColors(false)), "%EventDef PajePushState 7",
                  "%EventDef PajeSetVariable 7"),
         "PajeSetVariable is not an event of ReduceLab's traces"},
        {replaced(pajeTrace(s, pajeColors(false)), "V_Reduce\n", "V_Compute\n"),
         "the state 'V_Compute'"},
        {replaced(pajeTrace(s, pajeColors(false)), "k0\n", "k9\n"), "link"},
        {pajeTrace(s, pajeColors(false)).substr(0, 3000), ""},
        {"%EventDef PajeCreateContainer 4\n% Time date\n", "does not end"},
    };
    for (const auto& [text, expected] : cases) {
        const std::string why = refusal(text);
        EXPECT_NE(why.find(expected), std::string::npos)
            << "refused as: " << why << "\nexpected: " << expected;
    }
}
