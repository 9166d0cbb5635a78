// pajeTrace(): (a) the structure of the file, read back here (header definitions, no comment
// lines, sorted times, containers, one link per transfer, well-nested states that match the
// schedule's operations); (b) the two reference readers accept it without an error or a
// warning: PajeNG's pj_dump and ViTE (headless SVG export). CI installs both (scripts/dev.sh),
// so a missing tool fails the test instead of skipping it.
#include "algorithms/simulator.h"
#include "schedule/paje_trace.h"

#include "../../test_support.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <set>

using namespace rl;
using rl::test::contains;
using rl::test::formatted;

namespace {

Schedule run(const Algorithm& a, int n, const CostModel& costs, std::uint64_t rep = 0) {
    Simulator sim(a, n, a == AlgorithmId::NonCommutTreeDyn, costs);
    return sim.schedule(11, rep);
}

// Any colours: the caller chooses them (the GUI passes its Gantt chart's).
const PajeColors kColors{{0.9, 0.9, 0.9}, {0.5, 0.75, 0.25}, {1, 0.5, 0}, {0, 0.25, 0.75}};

CostModel gammaCosts() {
    return CostModel::perOperation(Law::gamma(1, 0.5), Law::gamma(0.7, 0.5));
}

// Splits a Paje event line into fields; a double-quoted field may hold blanks.
std::vector<std::string> fields(const std::string& line) {
    std::vector<std::string> out;
    std::string cur;
    bool quoted = false;
    bool any = false;
    for (char c : line) {
        if (c == '"') {
            quoted = !quoted;
            any = true;
        } else if (c == ' ' && !quoted) {
            if (any) {
                out.push_back(cur);
            }
            cur.clear();
            any = false;
        } else {
            cur += c;
            any = true;
        }
    }
    if (any) {
        out.push_back(cur);
    }
    return out;
}

// A trace read back: event definitions, then each event line as a map from field name to value.
struct Trace {
    std::map<std::string, std::vector<std::string>> fieldsOf; // event name -> field names, in order
    std::map<std::string, std::string> colorFieldOf; // event name -> name of a "color" field
    struct Event {
        std::string name;
        std::map<std::string, std::string> f;
    };
    std::vector<Event> events;
    std::vector<std::string> problems;
};

Trace parse(const std::string& text) {
    Trace t;
    std::map<std::string, std::string> nameOfId;
    std::string defining;
    std::string definingId;
    const std::vector<std::string> lines = rl::test::split(text, '\n');
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string& line = lines[i];
        if (line.empty()) {
            if (i != lines.size() - 1) {
                t.problems.push_back(formatted("empty line %1", i + 1));
            }
            continue;
        }
        if (line.starts_with('#')) {
            t.problems.push_back(formatted("comment line %1", i + 1));
            continue;
        }
        if (line.starts_with('%')) {
            if (!t.events.empty()) {
                t.problems.push_back(formatted("definition after events, line %1", i + 1));
            }
            std::vector<std::string> f;
            for (std::string& word : rl::test::split(line.substr(1), ' ')) {
                if (!word.empty()) {
                    f.push_back(std::move(word));
                }
            }
            const std::string first = f.empty() ? std::string() : f[0];
            if (first == "EventDef" && f.size() == 3) {
                defining = f[1];
                definingId = f[2];
                nameOfId[definingId] = defining;
                t.fieldsOf[defining];
            } else if (first == "EndEventDef") {
                defining.clear();
            } else if (f.size() == 2 && !defining.empty()) {
                t.fieldsOf[defining].push_back(f[0]);
                if (f[1] == "color") {
                    t.colorFieldOf[defining] = f[0];
                }
            } else {
                t.problems.push_back(formatted("bad definition line %1: %2", i + 1, line));
            }
            continue;
        }
        const std::vector<std::string> f = fields(line);
        const auto def = nameOfId.find(f.empty() ? std::string() : f[0]);
        if (def == nameOfId.end()) {
            t.problems.push_back(formatted("undefined event line %1: %2", i + 1, line));
            continue;
        }
        const std::vector<std::string>& names = t.fieldsOf[def->second];
        if (f.size() != names.size() + 1) {
            t.problems.push_back(formatted("wrong field count line %1: %2", i + 1, line));
            continue;
        }
        Trace::Event e{def->second, {}};
        for (std::size_t j = 0; j < names.size(); ++j) {
            e.f[names[j]] = f[j + 1];
        }
        t.events.push_back(e);
    }
    return t;
}

// Everything (a) asks of the trace of `s`; returns the problems found.
std::vector<std::string> structureProblems(const Schedule& s) {
    const Trace t = parse(pajeTrace(s, kColors));
    std::vector<std::string> problems = t.problems;
    for (const char* name :
         {"PajeDefineContainerType", "PajeDefineStateType", "PajeDefineEntityValue",
          "PajeDefineLinkType", "PajeCreateContainer", "PajeDestroyContainer", "PajeSetState",
          "PajePushState", "PajePopState", "PajeStartLink", "PajeEndLink"}) {
        if (!t.fieldsOf.count(name)) {
            problems.push_back(formatted("no %EventDef %1", name));
        }
    }
    // Colours are given on entity values only.
    for (const auto& [name, field] : t.colorFieldOf) {
        if (name != "PajeDefineEntityValue") {
            problems.push_back(formatted("a colour field in %1", name));
        }
    }
    std::set<std::string> stateValues;
    for (const auto& e : t.events) {
        if (e.name == "PajeDefineEntityValue") {
            stateValues.insert(e.f.at("Alias"));
            stateValues.insert(e.f.at("Name"));
        }
    }
    for (const char* v : {"Idle", "Receive", "Reduce", "Send"}) {
        if (!stateValues.count(v)) {
            problems.push_back(formatted("no state value %1", v));
        }
    }
    // Each state has the colour it was given, exactly.
    const std::map<std::string, PajeColor> given{{"Idle", kColors.idle},
                                                 {"Receive", kColors.receive},
                                                 {"Reduce", kColors.reduce},
                                                 {"Send", kColors.send}};
    for (const auto& e : t.events) {
        if (e.name == "PajeDefineEntityValue" && given.count(e.f.at("Name"))) {
            const PajeColor& c = given.at(e.f.at("Name"));
            const std::string expected = formatted("%1 %2 %3", c.red, c.green, c.blue);
            if (e.f.at("Color") != expected) {
                problems.push_back(formatted("colour of %1: '%2', not '%3'", e.f.at("Name"),
                                             e.f.at("Color"), expected));
            }
        }
    }

    double last = 0.0;
    std::map<std::string, std::string> aliasOfName; // container name -> alias
    std::set<std::string> created;
    std::set<std::string> destroyed;
    std::map<std::string, int> depth;          // pushes not yet popped, per container
    std::map<std::string, std::size_t> pushes; // per value alias
    std::map<std::string, double> linkStart;   // key -> time
    std::map<std::string, std::string> linkFrom;
    int linkEnds = 0;
    for (const auto& e : t.events) {
        if (e.f.count("Time")) {
            const std::optional<double> parsed = rl::test::parseDouble(e.f.at("Time"));
            const double time = parsed.value_or(0.0);
            if (!parsed || time < last) {
                problems.push_back(formatted("time %1 after %2", e.f.at("Time"), last));
            }
            last = time;
        }
        if (e.name == "PajeCreateContainer") {
            aliasOfName[e.f.at("Name")] = e.f.at("Alias");
            created.insert(e.f.at("Alias"));
        } else if (e.name == "PajeDestroyContainer") {
            const std::string c = e.f.at("Name");
            destroyed.insert(c);
            if (depth[c] != 0) {
                problems.push_back(formatted("%1 destroyed with %2 states pushed", c, depth[c]));
            }
        } else if (e.name == "PajePushState") {
            ++depth[e.f.at("Container")];
            ++pushes[e.f.at("Value")];
        } else if (e.name == "PajePopState") {
            if (--depth[e.f.at("Container")] < 0) {
                problems.push_back(formatted("pop of an empty stack in %1", e.f.at("Container")));
            }
        } else if (e.name == "PajeStartLink") {
            const std::string key = e.f.at("Key");
            if (linkStart.count(key)) {
                problems.push_back(formatted("key %1 started twice", key));
            }
            linkStart[key] = rl::test::toDouble(e.f.at("Time"));
            linkFrom[key] = e.f.at("StartContainer");
        } else if (e.name == "PajeEndLink") {
            ++linkEnds;
            const std::string key = e.f.at("Key");
            const int k = static_cast<int>(rl::test::toLongLong(key.substr(1)));
            if (!linkStart.count(key) || k < 0 || k >= static_cast<int>(s.transfers.size())) {
                problems.push_back(formatted("link %1 ends before it starts", key));
                continue;
            }
            // The link is the transfer: same endpoints, same times, to the bit.
            const TransferOp& op = s.transfers[static_cast<std::size_t>(k)];
            if (linkFrom[key] != aliasOfName[formatted("P%1", op.from)] ||
                e.f.at("EndContainer") != aliasOfName[formatted("P%1", op.to)] ||
                linkStart[key] != op.start || rl::test::toDouble(e.f.at("Time")) != op.end) {
                problems.push_back(formatted("link %1 differs from its transfer", key));
            }
        }
    }
    for (int p = 0; p < s.n; ++p) {
        const std::string name = formatted("P%1", p);
        if (!aliasOfName.count(name)) {
            problems.push_back(formatted("no container %1", name));
        } else if (!destroyed.count(aliasOfName[name])) {
            problems.push_back(formatted("%1 never destroyed", name));
        }
    }
    if (created.size() != static_cast<std::size_t>(s.n) + 1 || destroyed.size() != created.size()) {
        problems.push_back(formatted("%1 containers created, %2 destroyed, for n = %3",
                                     created.size(), destroyed.size(), s.n));
    }
    if (linkStart.size() != s.transfers.size() ||
        linkEnds != static_cast<int>(s.transfers.size())) {
        problems.push_back(formatted("%1 link starts and %2 ends for %3 transfers",
                                     linkStart.size(), linkEnds, s.transfers.size()));
    }
    // Each operation pushes its states at least once (twice for a transfer: send and
    // receive); more pushes only where a reception and a reduction overlap and do not nest.
    if (pushes["V_Send"] != s.transfers.size() || pushes["V_Receive"] < s.transfers.size() ||
        pushes["V_Reduce"] < s.reductions.size()) {
        problems.push_back("the pushed states do not match the operations");
    }
    return problems;
}

struct ToolResult {
    bool finished = false;
    int exitCode = -1;
    std::string output; // stdout then stderr
};

ToolResult runTool(const std::string& program, const std::vector<std::string>& args,
                   const std::string& workDir) {
    rl::test::ProcessOptions options;
    options.timeoutMs = 180000;
    options.environment["QT_QPA_PLATFORM"] = "offscreen";
    options.environment["XDG_RUNTIME_DIR"] = workDir; // else Qt warns that it is not set
    options.workingDirectory = workDir;
    const rl::test::ProcessResult p = rl::test::runProcess(program, args, options);
    return {p.finished, p.exitCode, p.out + p.err};
}

// Lines that mention an error or a warning.
std::vector<std::string> complaints(const std::string& output) {
    std::vector<std::string> out;
    for (const std::string& line : rl::test::lines(output)) {
        std::string lower = line;
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        if (rl::test::contains(lower, "error") || rl::test::contains(lower, "warning")) {
            out.push_back(line);
        }
    }
    return out;
}

} // namespace

struct StructureRow {
    std::string name;
    Algorithm algorithm;
    int n;
    std::string comm;
    std::string comp;
};

std::vector<StructureRow> structureRows() {
    std::vector<StructureRow> rows;
    for (const Algorithm& info : algorithms()) {
        const std::string& name = info.name();
        rows.push_back({name + " n=1", info, 1, "const:1", "const:1"});
        rows.push_back({name + " n=16 gamma", info, 16, "gamma:1:0.5", "gamma:0.7:0.5"});
        rows.push_back({name + " n=33 gamma cv 3", info, 33, "gamma:1:3", "gamma:1:3"});
        // Zero-cost operations: states and links of length 0, ties everywhere.
        rows.push_back({name + " n=20 bernoulli", info, 20, "bernoulli:1:2", "bernoulli:1:1"});
        // Fibonacci-stat receives while it reduces: reductions longer than transfers.
        rows.push_back({name + " n=21 slow reductions", info, 21, "const:1", "const:2.5"});
    }
    return rows;
}

class Structure : public ::testing::TestWithParam<StructureRow> {};

TEST_P(Structure, Row) {
    auto algorithm = GetParam().algorithm;
    auto n = GetParam().n;
    auto comm = GetParam().comm;
    auto comp = GetParam().comp;
    const CostModel costs = CostModel::perOperation(parseLaw(comm), parseLaw(comp));
    for (std::uint64_t rep = 0; rep < 3; ++rep) {
        const Schedule s = run(algorithm, n, costs, rep);
        const std::vector<std::string> problems = structureProblems(s);
        ASSERT_TRUE(problems.empty()) << rl::test::join(problems, "; ");
    }
}
INSTANTIATE_TEST_SUITE_P(PajeTrace, Structure, ::testing::ValuesIn(structureRows()),
                         rl::test::RowName());

// The overlap case exactly: Fibonacci-stat, n = 4, d = 1, c = 2. At 1, P0 starts receiving
// [2,2] (until 2) and reducing [1,1] (until 3): Receive is pushed, then Reduce above it.
// At 2 the reception ends below the reduction: both are popped and Reduce is pushed back.
TEST(PajeTrace, OverlappingStatesStayNested) {
    const Schedule s = run(AlgorithmId::FibonacciStat, 4,
                           CostModel::perOperation(Law::constant(1), Law::constant(2)));
    ASSERT_TRUE(structureProblems(s).empty());
    const std::string trace = pajeTrace(s, kColors);
    ASSERT_TRUE(trace.find("7 1 ST_Activity C_P0 V_Receive\n"
                           "9 1 LT_Transfer C_Platform C_P2 \"[2,2]\" k1\n"
                           "7 1 ST_Activity C_P0 V_Reduce\n") != std::string::npos);
    ASSERT_TRUE(trace.find("8 2 ST_Activity C_P2\n"
                           "8 2 ST_Activity C_P0\n"
                           "8 2 ST_Activity C_P0\n"
                           "7 2 ST_Activity C_P0 V_Reduce\n"
                           "10 2 LT_Transfer C_Platform C_P0 \"[2,2]\" k1\n") != std::string::npos);
}

TEST(PajeTrace, NoCommentLinesAndExactTimes) {
    const Schedule s = run(AlgorithmId::TreeDyn, 16, gammaCosts(), 2);
    const std::string trace = pajeTrace(s, kColors);
    ASSERT_TRUE(trace.find("\n#") == std::string::npos && trace.front() != '#');
    ASSERT_TRUE(trace.find('e') != std::string::npos); // sanity: "PajeDefine..." is there
    // Times are written without exponents and read back to the same doubles.
    const Trace t = parse(trace);
    std::set<double> times;
    for (const auto& e : t.events) {
        if (e.f.count("Time")) {
            ASSERT_TRUE(!rl::test::contains(e.f.at("Time"), 'e')) << e.f.at("Time");
            times.insert(rl::test::toDouble(e.f.at("Time")));
        }
    }
    for (const TransferOp& op : s.transfers) {
        ASSERT_TRUE(times.count(op.start) && times.count(op.end));
    }
    for (const ReductionOp& op : s.reductions) {
        ASSERT_TRUE(times.count(op.start) && times.count(op.end));
    }
}

// (b) The readers: pj_dump (PajeNG) must exit 0 and print no error or warning; ViTE
// exits 0 even on a broken trace, so its own report is what counts: it must say
// "0 errors and 0 warnings were found during parsing.", complain about nothing else,
// write the SVG, and leave no log.txt (where it writes the details of errors).
// ViTE is run as `vite FILE -e OUT` ("[-f] inputfile" in its usage): with -f it loads the
// file all the same but prints "vite: invalid option -- 'f'" first.
TEST(PajeTrace, ReadersAcceptTraces) {
    const std::string pjDump = rl::test::findExecutable("pj_dump");
    const std::string vite = rl::test::findExecutable("vite");
    if (pjDump.empty() || vite.empty()) {
        FAIL() << "pj_dump (package pajeng) and vite (package vite) must be on PATH: "
                  "scripts/dev.sh installs them";
    }
    for (const Algorithm& info : algorithms()) {
        const std::string& name = info.name();
        rl::test::TempDir dir;
        ASSERT_TRUE(dir.isValid());
        const std::string tracePath = dir.filePath("reduction.trace");
        const std::string svgPath = dir.filePath("reduction.svg");
        {
            std::ofstream f(tracePath, std::ios::binary);
            ASSERT_TRUE(f.is_open());
            const std::string trace = pajeTrace(run(info, 16, gammaCosts(), 1), kColors);
            ASSERT_TRUE(f.write(trace.data(), static_cast<std::streamsize>(trace.size())).good());
        }

        const ToolResult dump = runTool(pjDump, {tracePath}, dir.path());
        ASSERT_TRUE(dump.finished) << name + ": pj_dump did not finish";
        ASSERT_TRUE(dump.exitCode == 0) << name + ": pj_dump: " + dump.output;
        ASSERT_TRUE(complaints(dump.output).empty())
            << name + ": pj_dump: " + rl::test::join(complaints(dump.output), " | ");
        ASSERT_TRUE(rl::test::count(dump.output, "\nLink,") +
                        (dump.output.starts_with("Link,") ? 1 : 0) ==
                    15)
            << name + ": pj_dump does not list 15 links";

        const ToolResult view = runTool(vite, {tracePath, "-e", svgPath}, dir.path());
        ASSERT_TRUE(view.finished) << name + ": vite did not finish";
        ASSERT_TRUE(view.exitCode == 0) << name + ": vite: " + view.output;
        const std::string report = "0 errors and 0 warnings were found during parsing.";
        ASSERT_TRUE(rl::test::contains(view.output, report)) << name + ": vite: " + view.output;
        std::string rest = view.output;
        for (std::size_t at = rest.find(report); at != std::string::npos; at = rest.find(report)) {
            rest.erase(at, report.size());
        }
        ASSERT_TRUE(complaints(rest).empty())
            << name + ": vite: " + rl::test::join(complaints(rest), " | ");
        ASSERT_TRUE(rl::test::fileSize(svgPath) > 0) << name + ": no SVG written";
        ASSERT_TRUE(!rl::test::fileExists(dir.filePath("log.txt")))
            << name + ": vite wrote log.txt";
        std::printf("%s: pj_dump exit %d, vite exit %d: %s\n", name.c_str(), dump.exitCode,
                    view.exitCode, report.c_str());
    }
}
