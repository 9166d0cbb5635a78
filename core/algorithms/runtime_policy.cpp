#include "algorithms/runtime_policy.h"

#include "engine/narration.h"

#include <algorithm>
#include <cctype>

namespace rl {

namespace {

std::string processorList(const std::vector<int>& ps) {
    // At most eight named: a message stays one line.
    constexpr std::size_t kNamed = 8;
    std::string out;
    for (std::size_t i = 0; i < ps.size() && i < kNamed; ++i) {
        out += i == 0 ? "" : (i + 1 == ps.size() ? " and " : ", ");
        out += narrationProcessor(ps[i]);
    }
    if (ps.size() > kNamed) {
        out += " and " + std::to_string(ps.size() - kNamed) + " more";
    }
    return out;
}

} // namespace

void checkPolicyName(const std::string& name) {
    constexpr std::size_t kMaxName = 40;
    const auto valid = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_' || c == '.';
    };
    if (name.empty() || name.size() > kMaxName ||
        std::isalnum(static_cast<unsigned char>(name.front())) == 0 ||
        !std::all_of(name.begin(), name.end(), valid) || name == "all") {
        throw InputError("policy name '" + name +
                         "' is not valid: 1 to 40 letters, digits, '-', '_' or '.', starting with "
                         "a letter or a digit (it is the --algo key), and not 'all'");
    }
}

void checkKnownCosts(const std::string& name, const CostModel& costs) {
    if (costs.mode == CostMode::PerOperation) {
        throw InputError(name + " is clairvoyant: it reads the costs in advance, and costs drawn "
                                "as operations start are not known (use fixed costs: a matrix, a "
                                "preset or a matrix drawn per replicate)");
    }
}

AlgorithmDescriptor runtimeAlgorithmDescriptor(const RuntimePolicyInfo& info,
                                               RuntimePolicyFactory factory) {
    checkPolicyName(info.name);
    AlgorithmDescriptor d;
    d.key = info.name;
    d.name = info.name;
    d.summary = info.summary.empty() ? "a run-time policy" : info.summary;
    d.validNonCommutative = !info.commutativeOnly;
    d.isStatic = false;
    d.clairvoyant = info.clairvoyant;
    if (info.clairvoyant) {
        d.checkCosts = [name = info.name](const CostModel& costs, int /*n*/) {
            checkKnownCosts(name, costs);
        };
    }
    d.policyFile = info.file;
    d.policyClass = info.className;
    d.makeKernel = [info, factory = std::move(factory)](
                       int n, bool nonCommutative,
                       const CostModel& costs) -> std::unique_ptr<KernelBase> {
        if (info.clairvoyant) {
            checkKnownCosts(info.name, costs);
        }
        return std::make_unique<Kernel<RuntimePolicyAdapter>>(RuntimePolicyAdapter(factory(), info),
                                                              n, nonCommutative, costs);
    };
    return d;
}

Algorithm runtimeAlgorithm(const RuntimePolicyInfo& info, RuntimePolicyFactory factory) {
    return Algorithm(std::make_shared<const AlgorithmDescriptor>(
        runtimeAlgorithmDescriptor(info, std::move(factory))));
}

void RuntimeRunState::reset(int n) {
    const auto nn = static_cast<std::size_t>(n);
    m_n = n;
    m_transfers = 0;
    m_firstChild.assign(nn, -1);
    m_lastChild.assign(nn, -1);
    m_nextSibling.assign(nn, -1);
    m_lo.resize(nn);
    m_hi.resize(nn);
    for (int p = 0; p < n; ++p) {
        m_lo[static_cast<std::size_t>(p)] = p;
        m_hi[static_cast<std::size_t>(p)] = p;
    }
}

void RuntimeRunState::record(int from, int to) {
    const auto f = static_cast<std::size_t>(from);
    const auto t = static_cast<std::size_t>(to);
    if (m_lastChild[t] < 0) {
        m_firstChild[t] = from;
    } else {
        m_nextSibling[static_cast<std::size_t>(m_lastChild[t])] = from;
    }
    m_lastChild[t] = from;
    // The interval hull: exact in non-commutative mode, where check() kept the values adjacent.
    m_lo[t] = std::min(m_lo[t], m_lo[f]);
    m_hi[t] = std::max(m_hi[t], m_hi[f]);
    ++m_transfers;
}

std::vector<IndexRange> RuntimeRunState::valueOf(int p, int merged) const {
    // p's own index, the senders of its first `merged` receptions (in order: one port) and
    // everything those held when they sent (all their receptions were merged: they were idle).
    std::vector<int> indices{p};
    std::vector<int> stack;
    for (int c = m_firstChild[static_cast<std::size_t>(p)]; c >= 0 && merged > 0;
         c = m_nextSibling[static_cast<std::size_t>(c)], --merged) {
        stack.push_back(c);
    }
    while (!stack.empty()) {
        const int q = stack.back();
        stack.pop_back();
        indices.push_back(q);
        for (int c = m_firstChild[static_cast<std::size_t>(q)]; c >= 0;
             c = m_nextSibling[static_cast<std::size_t>(c)]) {
            stack.push_back(c);
        }
    }
    std::sort(indices.begin(), indices.end());
    std::vector<IndexRange> runs;
    for (const int i : indices) {
        if (!runs.empty() && runs.back().hi + 1 == i) {
            runs.back().hi = i;
        } else {
            runs.push_back({i, i});
        }
    }
    return runs;
}

void RuntimeRunState::violation(Rule rule, int from, int to, double time) const {
    const std::string s = narrationProcessor(from);
    const std::string r = narrationProcessor(to);
    std::string why;
    switch (rule) {
    case Rule::NoProcessor:
        why = "there is no such processor (n = " + std::to_string(m_n) + ": P0 to P" +
              std::to_string(m_n - 1) + ")";
        break;
    case Rule::Self:
        why = "a processor cannot send to itself";
        break;
    case Rule::SenderNotStarted:
        why = s + " has not started yet (processors start at time 0 in index order)";
        break;
    case Rule::SenderSent:
        why = s + " has already sent (each processor sends once)";
        break;
    case Rule::SenderBusy:
        why = s + " is not idle (it is receiving, or a reduction runs or waits on it): a "
                  "processor sends only when idle";
        break;
    case Rule::ReceiverNotStarted:
        why = r + " has not started yet (processors start at time 0 in index order)";
        break;
    case Rule::ReceiverSent:
        why = r + " has already sent its value and takes no further part";
        break;
    case Rule::ReceiverReceiving:
        why = r + " is already receiving (one port: a processor receives one value at a time)";
        break;
    case Rule::NotAdjacent: {
        const auto f = static_cast<std::size_t>(from);
        const auto t = static_cast<std::size_t>(to);
        why = "the operation is not commutative and " + s + "'s value " +
              formatRuns({{m_lo[f], m_hi[f]}}) + " is not next to " + r + "'s " +
              formatRuns({{m_lo[t], m_hi[t]}}) +
              " (with the values sent to it): a merge joins neighbouring intervals";
        break;
    }
    }
    throw PolicyError("policy '" + m_policy + "' broke a rule at t = " + formatNarrationTime(time) +
                      ": transfer " + s + " -> " + r + ": " + why);
}

void RuntimePolicyAdapter::throwUnfinished(const std::vector<int>& holding) const {
    throw PolicyError("policy '" + m_state.m_policy + "' left the reduction unfinished: no event " +
                      "is left after " + std::to_string(m_state.transfers()) + " of " +
                      std::to_string(m_state.m_n - 1) + " transfers, and " +
                      processorList(holding) +
                      " still hold parts of the result (every processor but one must send)");
}

void RuntimePolicyAdapter::throwCostRead(const char* what, bool fixed) const {
    throw PolicyError("policy '" + m_state.m_policy + "': " + what + ": " +
                      (fixed ? "only a clairvoyant policy reads the costs (it says so: "
                               "clairvoyant = True)"
                             : "the costs are drawn as operations start; only fixed costs (a "
                               "matrix, a preset, a matrix drawn per replicate) are known in "
                               "advance"));
}

void RuntimePolicyAdapter::throwNoProcessor(const char* what, int p, int n) const {
    throw PolicyError("policy '" + m_state.m_policy + "': " + what + ": there is no processor P" +
                      std::to_string(p) + " (n = " + std::to_string(n) + ")");
}

void RuntimePolicyAdapter::throwActionInDescribe() const {
    throw PolicyError("policy '" + m_state.m_policy +
                      "': describe() tells what happened; it may not start transfers");
}

void RuntimePolicyAdapter::throwRandomInDescribe() const {
    throw PolicyError("policy '" + m_state.m_policy +
                      "': describe() tells what happened; it may not draw random numbers (a "
                      "narrated run would differ from the others)");
}

} // namespace rl
