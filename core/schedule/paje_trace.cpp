#include "schedule/paje_trace.h"

#include "base/theme_colours.h"

#include <algorithm>
#include <charconv>

namespace rl {

namespace {

// Event ids of the header below.
enum EventId {
    DefineContainerType,
    DefineStateType,
    DefineLinkType,
    DefineEntityValue,
    CreateContainer,
    DestroyContainer,
    SetState,
    PushState,
    PopState,
    StartLink,
    EndLink,
};

constexpr const char* kHeader = "%EventDef PajeDefineContainerType 0\n"
                                "% Alias string\n"
                                "% Type string\n"
                                "% Name string\n"
                                "%EndEventDef\n"
                                "%EventDef PajeDefineStateType 1\n"
                                "% Alias string\n"
                                "% Type string\n"
                                "% Name string\n"
                                "%EndEventDef\n"
                                "%EventDef PajeDefineLinkType 2\n"
                                "% Alias string\n"
                                "% Type string\n"
                                "% StartContainerType string\n"
                                "% EndContainerType string\n"
                                "% Name string\n"
                                "%EndEventDef\n"
                                "%EventDef PajeDefineEntityValue 3\n"
                                "% Alias string\n"
                                "% Type string\n"
                                "% Name string\n"
                                "% Color color\n"
                                "%EndEventDef\n"
                                "%EventDef PajeCreateContainer 4\n"
                                "% Time date\n"
                                "% Alias string\n"
                                "% Type string\n"
                                "% Container string\n"
                                "% Name string\n"
                                "%EndEventDef\n"
                                "%EventDef PajeDestroyContainer 5\n"
                                "% Time date\n"
                                "% Type string\n"
                                "% Name string\n"
                                "%EndEventDef\n"
                                "%EventDef PajeSetState 6\n"
                                "% Time date\n"
                                "% Type string\n"
                                "% Container string\n"
                                "% Value string\n"
                                "%EndEventDef\n"
                                "%EventDef PajePushState 7\n"
                                "% Time date\n"
                                "% Type string\n"
                                "% Container string\n"
                                "% Value string\n"
                                "%EndEventDef\n"
                                "%EventDef PajePopState 8\n"
                                "% Time date\n"
                                "% Type string\n"
                                "% Container string\n"
                                "%EndEventDef\n"
                                "%EventDef PajeStartLink 9\n"
                                "% Time date\n"
                                "% Type string\n"
                                "% Container string\n"
                                "% StartContainer string\n"
                                "% Value string\n"
                                "% Key string\n"
                                "%EndEventDef\n"
                                "%EventDef PajeEndLink 10\n"
                                "% Time date\n"
                                "% Type string\n"
                                "% Container string\n"
                                "% EndContainer string\n"
                                "% Value string\n"
                                "% Key string\n"
                                "%EndEventDef\n";

// The type hierarchy: processors inside a platform, an activity state per processor, links
// between processors drawn in the platform. Colours (RGB in [0, 1]) are on the values only.
// A link's value is the data it carries ("[2,3]"), which readers define on first use: ViTE
// accepts entity values of state types only (it complains "EntityType class is 1 instead of
// 0" about one defined for a link type).
constexpr const char* kTypes = "0 CT_Platform 0 \"Platform\"\n"
                               "0 CT_Proc CT_Platform \"Processor\"\n"
                               "1 ST_Activity CT_Proc \"Activity\"\n"
                               "2 LT_Transfer CT_Platform CT_Proc CT_Proc \"Transfer\"\n";

// "3 V_Idle ST_Activity "Idle" "0.85 0.85 0.85"": a state value with its colour, each
// component the shortest decimal that reads back to the same double.
std::string stateValue(const char* alias, const char* name, const PajeColor& c) {
    std::string out = "3 ";
    out += alias;
    out += " ST_Activity \"";
    out += name;
    out += "\" \"";
    const double rgb[] = {c.red, c.green, c.blue};
    for (int i = 0; i < 3; ++i) {
        char buf[32];
        const auto res = std::to_chars(buf, buf + sizeof buf, std::clamp(rgb[i], 0.0, 1.0));
        out.append(buf, res.ptr);
        out += i < 2 ? " " : "\"\n";
    }
    return out;
}

enum class Activity { Receive, Reduce, Send };

const char* valueAlias(Activity a) {
    switch (a) {
    case Activity::Receive:
        return "V_Receive";
    case Activity::Reduce:
        return "V_Reduce";
    case Activity::Send:
        return "V_Send";
    }
    return "V_Idle";
}

// Shortest fixed-point text that reads back to the same double: exact, and sorted text times
// stay sorted. No exponent, which not every Paje reader parses.
std::string formatTime(double t) {
    char buf[400]; // a double has at most 309 integer digits, plus its 17 significant ones
    const auto res = std::to_chars(buf, buf + sizeof buf, t, std::chars_format::fixed);
    return std::string(buf, res.ptr);
}

// One change of the trace, before formatting. Ties at one time are broken by `phase`: what
// ends at t is popped before what starts at t is pushed (a processor that ends its reduction
// and sends at t shows Reduce then Send, not Send above a finished Reduce); an operation of
// length 0 comes in between, its start right before its end (insertion order, kept by the
// stable sort), since the timeline's "ends first" order would pop it before its push.
struct Change {
    enum Kind { Start, End };
    double time = 0.0;
    int phase = 0; // 0 end of a positive-length op, 1 zero-length op, 2 start of a positive one
    Kind kind = Start;
    bool isTransfer = false;
    int op = 0;
};

// Replaces the quote that would end a Paje string field.
std::string sanitized(const std::string& name) {
    std::string out = name;
    std::replace(out.begin(), out.end(), '"', '\'');
    return out;
}

class Writer {
  public:
    Writer(const Schedule& s, const PajeColors& colors)
        : m_s(s), m_colors(colors), m_values(s.allValues()),
          m_stacks(static_cast<std::size_t>(s.n)) {}

    std::string run();

  private:
    struct Entry {
        Activity activity;
        bool isTransfer;
        int op;
    };

    void line(EventId id, double t, const std::string& rest) {
        m_out += std::to_string(static_cast<int>(id));
        m_out += ' ';
        m_out += formatTime(t);
        m_out += ' ';
        m_out += rest;
        m_out += '\n';
    }
    static std::string container(int p) {
        std::string out = "C_P";
        out += std::to_string(p);
        return out;
    }
    void push(double t, int p, Activity a, bool isTransfer, int op) {
        std::string rest = "ST_Activity ";
        rest += container(p);
        rest += ' ';
        rest += valueAlias(a);
        line(PushState, t, rest);
        m_stacks[static_cast<std::size_t>(p)].push_back({a, isTransfer, op});
    }
    // Pops p's state of operation (isTransfer, op), popping what lies above it first and
    // pushing that back at once, so the stack stays well nested.
    void pop(double t, int p, bool isTransfer, int op) {
        auto& stack = m_stacks[static_cast<std::size_t>(p)];
        auto it = std::find_if(stack.begin(), stack.end(), [&](const Entry& e) {
            return e.isTransfer == isTransfer && e.op == op;
        });
        if (it == stack.end()) {
            return;
        }
        const std::vector<Entry> above(it + 1, stack.end());
        const std::size_t popCount = above.size() + 1;
        std::string rest = "ST_Activity ";
        rest += container(p);
        for (std::size_t i = 0; i < popCount; ++i) {
            line(PopState, t, rest);
        }
        stack.erase(it, stack.end());
        for (const Entry& e : above) {
            push(t, p, e.activity, e.isTransfer, e.op);
        }
    }
    void apply(const Change& c);

    const Schedule& m_s;
    PajeColors m_colors;
    Schedule::Values m_values;
    std::vector<std::vector<Entry>> m_stacks;
    std::string m_out;
};

void Writer::apply(const Change& c) {
    if (c.isTransfer) {
        const TransferOp& t = m_s.transfers[static_cast<std::size_t>(c.op)];
        // Value then key, the last two fields of both link events.
        std::string valueKey = " \"";
        valueKey += formatRuns(m_values.transfers[static_cast<std::size_t>(c.op)]);
        valueKey += "\" k";
        valueKey += std::to_string(c.op);
        if (c.kind == Change::Start) {
            push(t.start, t.from, Activity::Send, true, c.op);
            push(t.start, t.to, Activity::Receive, true, c.op);
            std::string rest = "LT_Transfer C_Platform ";
            rest += container(t.from);
            rest += valueKey;
            line(StartLink, t.start, rest);
        } else {
            pop(t.end, t.from, true, c.op);
            pop(t.end, t.to, true, c.op);
            std::string rest = "LT_Transfer C_Platform ";
            rest += container(t.to);
            rest += valueKey;
            line(EndLink, t.end, rest);
        }
        return;
    }
    const ReductionOp& r = m_s.reductions[static_cast<std::size_t>(c.op)];
    if (c.kind == Change::Start) {
        push(r.start, r.proc, Activity::Reduce, false, c.op);
    } else {
        pop(r.end, r.proc, false, c.op);
    }
}

std::string Writer::run() {
    m_out = kHeader;
    m_out += kTypes;
    m_out += stateValue("V_Idle", "Idle", m_colors.idle);
    m_out += stateValue("V_Receive", "Receive", m_colors.receive);
    m_out += stateValue("V_Reduce", "Reduce", m_colors.reduce);
    m_out += stateValue("V_Send", "Send", m_colors.send);
    std::string rootName = m_s.algorithm.empty() ? "Platform" : sanitized(m_s.algorithm);
    {
        std::string rest = "C_Platform CT_Platform 0 \"";
        rest += rootName;
        rest += '"';
        line(CreateContainer, 0.0, rest);
    }
    for (int p = 0; p < m_s.n; ++p) {
        std::string rest = container(p);
        rest += " CT_Proc C_Platform \"P";
        rest += std::to_string(p);
        rest += '"';
        line(CreateContainer, 0.0, rest);
        std::string state = "ST_Activity ";
        state += container(p);
        state += " V_Idle";
        line(SetState, 0.0, state);
    }

    std::vector<Change> changes;
    changes.reserve(2 * (m_s.transfers.size() + m_s.reductions.size()));
    auto add = [&](bool isTransfer, int op, double start, double end) {
        if (start == end) {
            changes.push_back({start, 1, Change::Start, isTransfer, op});
            changes.push_back({end, 1, Change::End, isTransfer, op});
        } else {
            changes.push_back({start, 2, Change::Start, isTransfer, op});
            changes.push_back({end, 0, Change::End, isTransfer, op});
        }
    };
    for (std::size_t k = 0; k < m_s.transfers.size(); ++k) {
        add(true, static_cast<int>(k), m_s.transfers[k].start, m_s.transfers[k].end);
    }
    for (std::size_t k = 0; k < m_s.reductions.size(); ++k) {
        add(false, static_cast<int>(k), m_s.reductions[k].start, m_s.reductions[k].end);
    }
    std::stable_sort(changes.begin(), changes.end(), [](const Change& a, const Change& b) {
        return a.time != b.time ? a.time < b.time : a.phase < b.phase;
    });
    for (const Change& c : changes) {
        apply(c);
    }

    // Containers live until the makespan (or the last event, should a schedule disagree).
    double end = m_s.makespan;
    if (!changes.empty()) {
        end = std::max(end, changes.back().time);
    }
    for (int p = 0; p < m_s.n; ++p) {
        std::string rest = "CT_Proc ";
        rest += container(p);
        line(DestroyContainer, end, rest);
    }
    line(DestroyContainer, end, "CT_Platform C_Platform");
    return m_out;
}

} // namespace

std::string pajeTrace(const Schedule& s, const PajeColors& colors) {
    return Writer(s, colors).run();
}

PajeColors pajeColors(bool dark) {
    const ViewColours& c = viewColours(dark);
    const auto paje = [](Rgb rgb) {
        return PajeColor{rgb.r / 255.0, rgb.g / 255.0, rgb.b / 255.0};
    };
    return {paje(c.idle), paje(ColourRules::receptionBar(c.transfer, dark)), paje(c.reduction),
            paje(c.transfer)};
}

} // namespace rl
