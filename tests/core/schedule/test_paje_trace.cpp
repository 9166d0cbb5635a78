// pajeTrace(): (a) the structure of the file, read back here (header definitions, no comment
// lines, sorted times, containers, one link per transfer, well-nested states that match the
// schedule's operations); (b) the two reference readers accept it without an error or a
// warning: PajeNG's pj_dump and ViTE (headless SVG export). CI installs both (scripts/dev.sh),
// so a missing tool fails the test instead of skipping it.
#include "algorithms/simulator.h"
#include "schedule/paje_trace.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <map>
#include <set>

using namespace rl;

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
QStringList fields(const QString& line) {
    QStringList out;
    QString cur;
    bool quoted = false;
    bool any = false;
    for (QChar c : line) {
        if (c == '"') {
            quoted = !quoted;
            any = true;
        } else if (c == ' ' && !quoted) {
            if (any) {
                out << cur;
            }
            cur.clear();
            any = false;
        } else {
            cur += c;
            any = true;
        }
    }
    if (any) {
        out << cur;
    }
    return out;
}

// A trace read back: event definitions, then each event line as a map from field name to value.
struct Trace {
    std::map<QString, QStringList> fieldsOf; // event name -> field names, in order
    std::map<QString, QString> colorFieldOf; // event name -> name of a "color" field
    struct Event {
        QString name;
        std::map<QString, QString> f;
    };
    std::vector<Event> events;
    QStringList problems;
};

Trace parse(const std::string& text) {
    Trace t;
    std::map<QString, QString> nameOfId;
    QString defining;
    QString definingId;
    const QStringList lines = QString::fromStdString(text).split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString& line = lines[i];
        if (line.isEmpty()) {
            if (i != lines.size() - 1) {
                t.problems << QString("empty line %1").arg(i + 1);
            }
            continue;
        }
        if (line.startsWith('#')) {
            t.problems << QString("comment line %1").arg(i + 1);
            continue;
        }
        if (line.startsWith('%')) {
            if (!t.events.empty()) {
                t.problems << QString("definition after events, line %1").arg(i + 1);
            }
            const QStringList f = line.mid(1).split(' ', Qt::SkipEmptyParts);
            if (f.value(0) == "EventDef" && f.size() == 3) {
                defining = f[1];
                definingId = f[2];
                nameOfId[definingId] = defining;
                t.fieldsOf[defining];
            } else if (f.value(0) == "EndEventDef") {
                defining.clear();
            } else if (f.size() == 2 && !defining.isEmpty()) {
                t.fieldsOf[defining] << f[0];
                if (f[1] == "color") {
                    t.colorFieldOf[defining] = f[0];
                }
            } else {
                t.problems << QString("bad definition line %1: %2").arg(i + 1).arg(line);
            }
            continue;
        }
        const QStringList f = fields(line);
        const auto def = nameOfId.find(f.value(0));
        if (def == nameOfId.end()) {
            t.problems << QString("undefined event line %1: %2").arg(i + 1).arg(line);
            continue;
        }
        const QStringList& names = t.fieldsOf[def->second];
        if (f.size() != names.size() + 1) {
            t.problems << QString("wrong field count line %1: %2").arg(i + 1).arg(line);
            continue;
        }
        Trace::Event e{def->second, {}};
        for (qsizetype j = 0; j < names.size(); ++j) {
            e.f[names[j]] = f[j + 1];
        }
        t.events.push_back(e);
    }
    return t;
}

// Everything (a) asks of the trace of `s`; returns the problems found.
QStringList structureProblems(const Schedule& s) {
    const Trace t = parse(pajeTrace(s, kColors));
    QStringList problems = t.problems;
    for (const char* name :
         {"PajeDefineContainerType", "PajeDefineStateType", "PajeDefineEntityValue",
          "PajeDefineLinkType", "PajeCreateContainer", "PajeDestroyContainer", "PajeSetState",
          "PajePushState", "PajePopState", "PajeStartLink", "PajeEndLink"}) {
        if (!t.fieldsOf.count(name)) {
            problems << QString("no %EventDef %1").arg(name);
        }
    }
    // Colours are given on entity values only.
    for (const auto& [name, field] : t.colorFieldOf) {
        if (name != "PajeDefineEntityValue") {
            problems << QString("a colour field in %1").arg(name);
        }
    }
    std::set<QString> stateValues;
    for (const auto& e : t.events) {
        if (e.name == "PajeDefineEntityValue") {
            stateValues.insert(e.f.at("Alias"));
            stateValues.insert(e.f.at("Name"));
        }
    }
    for (const char* v : {"Idle", "Receive", "Reduce", "Send"}) {
        if (!stateValues.count(v)) {
            problems << QString("no state value %1").arg(v);
        }
    }
    // Each state has the colour it was given, exactly.
    const std::map<QString, PajeColor> given{{"Idle", kColors.idle},
                                             {"Receive", kColors.receive},
                                             {"Reduce", kColors.reduce},
                                             {"Send", kColors.send}};
    for (const auto& e : t.events) {
        if (e.name == "PajeDefineEntityValue" && given.count(e.f.at("Name"))) {
            const PajeColor& c = given.at(e.f.at("Name"));
            const QString expected = QString("%1 %2 %3").arg(c.red).arg(c.green).arg(c.blue);
            if (e.f.at("Color") != expected) {
                problems << QString("colour of %1: '%2', not '%3'")
                                .arg(e.f.at("Name"), e.f.at("Color"), expected);
            }
        }
    }

    double last = 0.0;
    std::map<QString, QString> aliasOfName; // container name -> alias
    std::set<QString> created;
    std::set<QString> destroyed;
    std::map<QString, int> depth;          // pushes not yet popped, per container
    std::map<QString, std::size_t> pushes; // per value alias
    std::map<QString, double> linkStart;   // key -> time
    std::map<QString, QString> linkFrom;
    int linkEnds = 0;
    for (const auto& e : t.events) {
        if (e.f.count("Time")) {
            bool ok = false;
            const double time = e.f.at("Time").toDouble(&ok);
            if (!ok || time < last) {
                problems << QString("time %1 after %2").arg(e.f.at("Time")).arg(last);
            }
            last = time;
        }
        if (e.name == "PajeCreateContainer") {
            aliasOfName[e.f.at("Name")] = e.f.at("Alias");
            created.insert(e.f.at("Alias"));
        } else if (e.name == "PajeDestroyContainer") {
            const QString c = e.f.at("Name");
            destroyed.insert(c);
            if (depth[c] != 0) {
                problems << QString("%1 destroyed with %2 states pushed").arg(c).arg(depth[c]);
            }
        } else if (e.name == "PajePushState") {
            ++depth[e.f.at("Container")];
            ++pushes[e.f.at("Value")];
        } else if (e.name == "PajePopState") {
            if (--depth[e.f.at("Container")] < 0) {
                problems << QString("pop of an empty stack in %1").arg(e.f.at("Container"));
            }
        } else if (e.name == "PajeStartLink") {
            const QString key = e.f.at("Key");
            if (linkStart.count(key)) {
                problems << QString("key %1 started twice").arg(key);
            }
            linkStart[key] = e.f.at("Time").toDouble();
            linkFrom[key] = e.f.at("StartContainer");
        } else if (e.name == "PajeEndLink") {
            ++linkEnds;
            const QString key = e.f.at("Key");
            const int k = key.mid(1).toInt();
            if (!linkStart.count(key) || k < 0 || k >= static_cast<int>(s.transfers.size())) {
                problems << QString("link %1 ends before it starts").arg(key);
                continue;
            }
            // The link is the transfer: same endpoints, same times, to the bit.
            const TransferOp& op = s.transfers[static_cast<std::size_t>(k)];
            if (linkFrom[key] != aliasOfName[QString("P%1").arg(op.from)] ||
                e.f.at("EndContainer") != aliasOfName[QString("P%1").arg(op.to)] ||
                linkStart[key] != op.start || e.f.at("Time").toDouble() != op.end) {
                problems << QString("link %1 differs from its transfer").arg(key);
            }
        }
    }
    for (int p = 0; p < s.n; ++p) {
        const QString name = QString("P%1").arg(p);
        if (!aliasOfName.count(name)) {
            problems << QString("no container %1").arg(name);
        } else if (!destroyed.count(aliasOfName[name])) {
            problems << QString("%1 never destroyed").arg(name);
        }
    }
    if (created.size() != static_cast<std::size_t>(s.n) + 1 || destroyed.size() != created.size()) {
        problems << QString("%1 containers created, %2 destroyed, for n = %3")
                        .arg(created.size())
                        .arg(destroyed.size())
                        .arg(s.n);
    }
    if (linkStart.size() != s.transfers.size() ||
        linkEnds != static_cast<int>(s.transfers.size())) {
        problems << QString("%1 link starts and %2 ends for %3 transfers")
                        .arg(linkStart.size())
                        .arg(linkEnds)
                        .arg(s.transfers.size());
    }
    // Each operation pushes its states at least once (twice for a transfer: send and
    // receive); more pushes only where a reception and a reduction overlap and do not nest.
    if (pushes["V_Send"] != s.transfers.size() || pushes["V_Receive"] < s.transfers.size() ||
        pushes["V_Reduce"] < s.reductions.size()) {
        problems << "the pushed states do not match the operations";
    }
    return problems;
}

struct ToolResult {
    bool finished = false;
    int exitCode = -1;
    QString output; // stdout then stderr
};

ToolResult runTool(const QString& program, const QStringList& args, const QString& workDir) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    env.insert("XDG_RUNTIME_DIR", workDir); // else Qt warns that it is not set
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(workDir);
    p.start(program, args);
    ToolResult r;
    r.finished = p.waitForFinished(180000) && p.exitStatus() == QProcess::NormalExit;
    if (!r.finished) {
        p.kill();
        p.waitForFinished();
    }
    r.exitCode = p.exitCode();
    r.output = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
    return r;
}

// Lines that mention an error or a warning.
QStringList complaints(const QString& output) {
    QStringList out;
    for (const QString& line : output.split('\n', Qt::SkipEmptyParts)) {
        if (line.contains("error", Qt::CaseInsensitive) ||
            line.contains("warning", Qt::CaseInsensitive)) {
            out << line;
        }
    }
    return out;
}

} // namespace

class TestPajeTrace : public QObject {
    Q_OBJECT
  private slots:
    void structure_data() {
        QTest::addColumn<int>("algo");
        QTest::addColumn<int>("n");
        QTest::addColumn<QString>("comm");
        QTest::addColumn<QString>("comp");
        for (const Algorithm& info : algorithms()) {
            const QString name = QString::fromUtf8(info.name().data(), info.name().size());
            const int id = static_cast<int>(&info - algorithms().data()); // its AlgorithmId
            QTest::newRow(qPrintable(name + " n=1")) << id << 1 << "const:1"
                                                     << "const:1";
            QTest::newRow(qPrintable(name + " n=16 gamma")) << id << 16 << "gamma:1:0.5"
                                                            << "gamma:0.7:0.5";
            QTest::newRow(qPrintable(name + " n=33 gamma cv 3")) << id << 33 << "gamma:1:3"
                                                                 << "gamma:1:3";
            // Zero-cost operations: states and links of length 0, ties everywhere.
            QTest::newRow(qPrintable(name + " n=20 bernoulli")) << id << 20 << "bernoulli:1:2"
                                                                << "bernoulli:1:1";
            // Fibonacci-stat receives while it reduces: reductions longer than transfers.
            QTest::newRow(qPrintable(name + " n=21 slow reductions")) << id << 21 << "const:1"
                                                                      << "const:2.5";
        }
    }
    void structure() {
        QFETCH(int, algo);
        QFETCH(int, n);
        QFETCH(QString, comm);
        QFETCH(QString, comp);
        const CostModel costs =
            CostModel::perOperation(parseLaw(comm.toStdString()), parseLaw(comp.toStdString()));
        for (std::uint64_t rep = 0; rep < 3; ++rep) {
            const Schedule s = run(static_cast<AlgorithmId>(algo), n, costs, rep);
            const QStringList problems = structureProblems(s);
            QVERIFY2(problems.isEmpty(), qPrintable(problems.join("; ")));
        }
    }

    // The overlap case exactly: Fibonacci-stat, n = 4, d = 1, c = 2. At 1, P0 starts receiving
    // [2,2] (until 2) and reducing [1,1] (until 3): Receive is pushed, then Reduce above it.
    // At 2 the reception ends below the reduction: both are popped and Reduce is pushed back.
    void overlappingStatesStayNested() {
        const Schedule s = run(AlgorithmId::FibonacciStat, 4,
                               CostModel::perOperation(Law::constant(1), Law::constant(2)));
        QVERIFY(structureProblems(s).isEmpty());
        const std::string trace = pajeTrace(s, kColors);
        QVERIFY(trace.find("7 1 ST_Activity C_P0 V_Receive\n"
                           "9 1 LT_Transfer C_Platform C_P2 \"[2,2]\" k1\n"
                           "7 1 ST_Activity C_P0 V_Reduce\n") != std::string::npos);
        QVERIFY(trace.find("8 2 ST_Activity C_P2\n"
                           "8 2 ST_Activity C_P0\n"
                           "8 2 ST_Activity C_P0\n"
                           "7 2 ST_Activity C_P0 V_Reduce\n"
                           "10 2 LT_Transfer C_Platform C_P0 \"[2,2]\" k1\n") != std::string::npos);
    }

    void noCommentLinesAndExactTimes() {
        const Schedule s = run(AlgorithmId::TreeDyn, 16, gammaCosts(), 2);
        const std::string trace = pajeTrace(s, kColors);
        QVERIFY(trace.find("\n#") == std::string::npos && trace.front() != '#');
        QVERIFY(trace.find('e') != std::string::npos); // sanity: "PajeDefine..." is there
        // Times are written without exponents and read back to the same doubles.
        const Trace t = parse(trace);
        std::set<double> times;
        for (const auto& e : t.events) {
            if (e.f.count("Time")) {
                QVERIFY2(!e.f.at("Time").contains('e'), qPrintable(e.f.at("Time")));
                times.insert(e.f.at("Time").toDouble());
            }
        }
        for (const TransferOp& op : s.transfers) {
            QVERIFY(times.count(op.start) && times.count(op.end));
        }
        for (const ReductionOp& op : s.reductions) {
            QVERIFY(times.count(op.start) && times.count(op.end));
        }
    }

    // (b) The readers: pj_dump (PajeNG) must exit 0 and print no error or warning; ViTE
    // exits 0 even on a broken trace, so its own report is what counts: it must say
    // "0 errors and 0 warnings were found during parsing.", complain about nothing else,
    // write the SVG, and leave no log.txt (where it writes the details of errors).
    // ViTE is run as `vite FILE -e OUT` ("[-f] inputfile" in its usage): with -f it loads the
    // file all the same but prints "vite: invalid option -- 'f'" first.
    void readersAcceptTraces() {
        const QString pjDump = QStandardPaths::findExecutable("pj_dump");
        const QString vite = QStandardPaths::findExecutable("vite");
        if (pjDump.isEmpty() || vite.isEmpty()) {
            QFAIL("pj_dump (package pajeng) and vite (package vite) must be on PATH: "
                  "scripts/dev.sh installs them");
        }
        for (const Algorithm& info : algorithms()) {
            const QString name = QString::fromUtf8(info.name().data(), info.name().size());
            QTemporaryDir dir;
            QVERIFY(dir.isValid());
            const QString tracePath = dir.filePath("reduction.trace");
            const QString svgPath = dir.filePath("reduction.svg");
            {
                QFile f(tracePath);
                QVERIFY(f.open(QIODevice::WriteOnly));
                const std::string trace = pajeTrace(run(info, 16, gammaCosts(), 1), kColors);
                QVERIFY(f.write(trace.data(), static_cast<qint64>(trace.size())) ==
                        static_cast<qint64>(trace.size()));
            }

            const ToolResult dump = runTool(pjDump, {tracePath}, dir.path());
            QVERIFY2(dump.finished, qPrintable(name + ": pj_dump did not finish"));
            QVERIFY2(dump.exitCode == 0, qPrintable(name + ": pj_dump: " + dump.output));
            QVERIFY2(complaints(dump.output).isEmpty(),
                     qPrintable(name + ": pj_dump: " + complaints(dump.output).join(" | ")));
            QVERIFY2(dump.output.count("\nLink,") + dump.output.startsWith("Link,") == 15,
                     qPrintable(name + ": pj_dump does not list 15 links"));

            const ToolResult view = runTool(vite, {tracePath, "-e", svgPath}, dir.path());
            QVERIFY2(view.finished, qPrintable(name + ": vite did not finish"));
            QVERIFY2(view.exitCode == 0, qPrintable(name + ": vite: " + view.output));
            const QString report = "0 errors and 0 warnings were found during parsing.";
            QVERIFY2(view.output.contains(report), qPrintable(name + ": vite: " + view.output));
            QString rest = view.output;
            rest.remove(report);
            QVERIFY2(complaints(rest).isEmpty(),
                     qPrintable(name + ": vite: " + complaints(rest).join(" | ")));
            QVERIFY2(QFileInfo(svgPath).size() > 0, qPrintable(name + ": no SVG written"));
            QVERIFY2(!QFile::exists(dir.filePath("log.txt")),
                     qPrintable(name + ": vite wrote log.txt"));
            qInfo("%s: pj_dump exit %d, vite exit %d: %s", qPrintable(name), dump.exitCode,
                  view.exitCode, qPrintable(report));
        }
    }
};

QTEST_APPLESS_MAIN(TestPajeTrace)
#include "test_paje_trace.moc"
