#pragma once

#include "algorithms/algorithm.h"
#include "base/input_error.h"
#include "base/rng.h"
#include "engine/kernel.h"
#include "schedule/schedule.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace rl {

/// A rule of the model (docs/model.md §1) broken by a run-time policy, raised in the offending
/// call (startTransfer, a cost read it may not make) or at the end of a run that left values
/// unreduced; also a policy file that cannot be loaded. An InputError: a user's policy is the
/// program's input (the CLI exits with 2 and one line). `details()`: longer text for a front
/// end that can show it (a Python traceback).
class PolicyError : public InputError {
  public:
    explicit PolicyError(const std::string& what, std::string details = {})
        : InputError(what), m_details(std::move(details)) {}
    const std::string& details() const { return m_details; }

  private:
    std::string m_details;
};

/// The engine as a run-time policy sees it during one of its hooks (docs/engine.md, "Run-time
/// policies"): what it may read, and its one action. Valid only during the hook it is given to.
class PolicyEngine {
  public:
    PolicyEngine() = default;
    PolicyEngine(const PolicyEngine&) = delete;
    PolicyEngine& operator=(const PolicyEngine&) = delete;

    /// The current time.
    virtual double time() const = 0;
    virtual int n() const = 0;
    virtual bool nonCommutative() const = 0;
    /// The initial indices p holds now, as sorted maximal runs: its own and every value whose
    /// reduction on p has started (a value is merged as its reduction starts, docs/model.md §3).
    virtual std::vector<IndexRange> value(int p) const = 0;
    /// Started, not sent, not receiving, no reduction running or waiting (docs/model.md §4.2).
    virtual bool isIdle(int p) const = 0;
    virtual bool hasSent(int p) const = 0;
    /// Processors start at time 0 in index order: p's start has been handled.
    virtual bool hasStarted(int p) const = 0;
    virtual bool isReceiving(int p) const = 0;
    /// The fixed cost of transfer from -> to and of a reduction on p, for a clairvoyant policy
    /// on fixed costs (a matrix, a preset, a matrix drawn per replicate); PolicyError otherwise.
    virtual double transferCost(int from, int to) const = 0;
    virtual double reductionCost(int p) const = 0;
    /// Starts transfer sender -> receiver now; PolicyError naming the broken rule when the
    /// model does not allow it (nothing is started then).
    virtual void startTransfer(int sender, int receiver) = 0;
    /// The replicate being run (with the seed, it names the run: a front end replays it).
    virtual std::uint64_t replicate() const = 0;
    /// The policy's own random number, uniform on [0, 1): the next draw of the replicate's
    /// policy stream (Stream::Policy, seeded from the seed and the replicate alone, which no
    /// cost draw reads), so a policy's results depend on neither the thread nor the other
    /// replicates. Not in describe() (PolicyError): a narrated run would differ.
    virtual double random() = 0;

  protected:
    ~PolicyEngine() = default;
};

/// An algorithm's rule written at run time (a C++ class given to the program, a Python policy):
/// the engine's policy interface (docs/engine.md) behind virtual calls. The engine calls it
/// through an adapter that checks every action against the model. Hooks a policy does not
/// override cost nothing after their first call: their default implementations declare them
/// absent (so an override must not call them), and the adapter no longer calls them.
class RuntimePolicy {
  public:
    RuntimePolicy() = default;
    virtual ~RuntimePolicy() = default;
    RuntimePolicy(const RuntimePolicy&) = default;
    RuntimePolicy& operator=(const RuntimePolicy&) = default;

    /// Before each run.
    virtual void reset(int /*n*/) {}
    /// p became idle (its start, or the end of a reduction that leaves it idle).
    virtual void onIdle(PolicyEngine& e, int p) = 0;
    /// A transfer into r ended (its reduction started or waits).
    virtual void onTransferEnd(PolicyEngine& /*e*/, int /*r*/) { declareAbsent(kTransferEndHook); }
    /// A reduction of p ended and p is not idle.
    virtual void onReductionEnd(PolicyEngine& /*e*/, int /*p*/) {
        declareAbsent(kReductionEndHook);
    }
    /// In narrated runs only, after onIdle(p) returned: what p did, as words after "Pp " ("is
    /// idle and enters the empty slot"; for a transfer p took part in, its reason: "is idle;
    /// the slot holds P2", told "P3 is idle; the slot holds P2, so P3 sends [3,3] to P2").
    /// None: the generic sentences. It may read the engine, not act.
    virtual std::optional<std::string> describe(PolicyEngine& /*e*/, int /*p*/) {
        declareAbsent(kDescribeHook);
        return std::nullopt;
    }

    enum Hook : unsigned { kTransferEndHook = 1U, kReductionEndHook = 2U, kDescribeHook = 4U };
    /// False once the hook is known to be the default one (it does nothing).
    bool hasHook(Hook h) const { return (m_absent & h) == 0; }

  protected:
    /// For adapters that know which hooks their policy has (a Python class): these are
    /// not called.
    void declareAbsent(unsigned hooks) { m_absent |= hooks; }

  private:
    unsigned m_absent = 0;
};

/// What the program knows of a run-time policy before running it.
struct RuntimePolicyInfo {
    /// The --algo key and display name: 1 to 40 letters, digits, '-', '_' or '.', starting
    /// with a letter or a digit (checkPolicyName).
    std::string name;
    std::string summary; ///< one sentence for --help and tooltips
    /// Reads the costs in advance (transferCost, reductionCost): valid on fixed costs only.
    bool clairvoyant = false;
    /// Pairs processors regardless of their values: refused on a non-commutative operation
    /// (otherwise the engine checks every merge there).
    bool commutativeOnly = false;
    std::string file;      ///< the policy file, if any (AlgorithmDescriptor::policyFile)
    std::string className; ///< the policy's class in it
};

/// Throws InputError when `name` is not a valid policy name (RuntimePolicyInfo::name).
void checkPolicyName(const std::string& name);

/// Throws InputError when the clairvoyant run-time policy `name` cannot run on `costs`: costs
/// drawn as operations start are not known in advance.
void checkKnownCosts(const std::string& name, const CostModel& costs);

/// Makes one policy for one kernel, i.e. one thread: called once per kernel, possibly from
/// several threads at once.
using RuntimePolicyFactory = std::function<std::unique_ptr<RuntimePolicy>()>;

/// The algorithm whose rule `factory`'s policies follow, described by `info` (checked: an
/// invalid name is an InputError). Its kernels run the generic engine with every action
/// checked (RuntimePolicyAdapter); no fast path. The descriptor is returned as a value so that
/// a front end can wrap its kernel factory (e.g. to hold an interpreter's lock around runs).
AlgorithmDescriptor runtimeAlgorithmDescriptor(const RuntimePolicyInfo& info,
                                               RuntimePolicyFactory factory);
/// runtimeAlgorithmDescriptor() as a handle.
Algorithm runtimeAlgorithm(const RuntimePolicyInfo& info, RuntimePolicyFactory factory);

/// The rules a run-time policy's actions are checked against, and what it reads that the
/// engine does not keep, over one run: the transfers into each processor in order (its value),
/// and in non-commutative mode the interval each processor holds once the values sent to it
/// are merged.
class RuntimeRunState {
  public:
    void reset(int n);
    int transfers() const { return m_transfers; }

    /// Throws PolicyError naming the rule when sender -> receiver may not start now.
    template <class E> void check(const E& e, int from, int to) const;
    /// Records a transfer just started.
    void record(int from, int to);
    /// What p holds now (PolicyEngine::value).
    template <class E> std::vector<IndexRange> value(const E& e, int p) const {
        return valueOf(p, e.reductionsEnded(p) + (e.reducing(p) ? 1 : 0));
    }

  private:
    enum class Rule {
        NoProcessor,
        Self,
        SenderNotStarted,
        SenderSent,
        SenderBusy,
        ReceiverNotStarted,
        ReceiverSent,
        ReceiverReceiving,
        NotAdjacent
    };
    [[noreturn]] void violation(Rule rule, int from, int to, double time) const;
    std::vector<IndexRange> valueOf(int p, int merged) const;

    int m_n = 0;
    int m_transfers = 0;
    std::vector<int> m_firstChild; // per processor: its first sender, -1 when none
    std::vector<int> m_lastChild;
    std::vector<int> m_nextSibling; // per sender: the next sender to the same receiver
    std::vector<int> m_lo;          // the interval a processor holds once merged (non-commutative)
    std::vector<int> m_hi;

    friend class RuntimePolicyAdapter;
    std::string m_policy; // its name, for messages
};

template <class E> void RuntimeRunState::check(const E& e, int from, int to) const {
    const int n = e.n();
    if (from < 0 || from >= n || to < 0 || to >= n) {
        violation(Rule::NoProcessor, from, to, e.now());
    }
    if (from == to) {
        violation(Rule::Self, from, to, e.now());
    }
    if (!e.started(from)) {
        violation(Rule::SenderNotStarted, from, to, e.now());
    }
    if (e.sent(from)) {
        violation(Rule::SenderSent, from, to, e.now());
    }
    if (!e.isIdle(from)) {
        violation(Rule::SenderBusy, from, to, e.now());
    }
    if (!e.started(to)) {
        violation(Rule::ReceiverNotStarted, from, to, e.now());
    }
    if (e.sent(to)) {
        violation(Rule::ReceiverSent, from, to, e.now());
    }
    if (e.receiving(to)) {
        violation(Rule::ReceiverReceiving, from, to, e.now());
    }
    // The sender is idle, so its value is final; the receiver will hold its own and every value
    // sent to it so far when this one's reduction starts (one port, reductions in order).
    if (e.nonCommutative() &&
        m_hi[static_cast<std::size_t>(from)] + 1 != m_lo[static_cast<std::size_t>(to)] &&
        m_hi[static_cast<std::size_t>(to)] + 1 != m_lo[static_cast<std::size_t>(from)]) {
        violation(Rule::NotAdjacent, from, to, e.now());
    }
}

/// A run-time policy as the generic engine's policy (Engine<RuntimePolicyAdapter, ...>): each
/// hook hands the policy a PolicyEngine over the engine, whose startTransfer checks the action
/// first; the end of a run checks that it made n - 1 transfers (PolicyError otherwise).
class RuntimePolicyAdapter {
  public:
    static constexpr bool kUsesIntervals = false;

    RuntimePolicyAdapter(std::unique_ptr<RuntimePolicy> policy, const RuntimePolicyInfo& info)
        : m_policy(std::move(policy)), m_clairvoyant(info.clairvoyant) {
        m_state.m_policy = info.name;
    }

    /// Before reset(): the replicate about to run (Kernel::beginReplicate).
    void beginReplicate(std::uint64_t seed, std::uint64_t replicate) {
        m_seed = seed;
        m_replicate = replicate;
        m_rngReady = false; // seeded on the first random() of the run
    }
    void reset(int n) {
        m_state.reset(n);
        m_policy->reset(n);
    }
    template <class E> void onIdle(E& e, int p) {
        View<E> view(e, *this);
        m_policy->onIdle(view, p);
    }
    template <class E> void onTransferEnd(E& e, int r) {
        if (m_policy->hasHook(RuntimePolicy::kTransferEndHook)) {
            View<E> view(e, *this);
            m_policy->onTransferEnd(view, r);
        }
    }
    template <class E> void onReductionEnd(E& e, int p) {
        if (m_policy->hasHook(RuntimePolicy::kReductionEndHook)) {
            View<E> view(e, *this);
            m_policy->onReductionEnd(view, p);
        }
    }
    template <class E> void onRunEnd(const E& e) const {
        if (m_state.transfers() != e.n() - 1) {
            std::vector<int> holding;
            for (int p = 0; p < e.n(); ++p) {
                if (!e.sent(p)) {
                    holding.push_back(p);
                }
            }
            throwUnfinished(holding);
        }
    }
    /// The narration's hook (engine/narration.h): the policy's describe(), if it has one.
    template <class E> std::optional<std::string> describeIdle(const E& e, int p) const {
        if (!m_policy->hasHook(RuntimePolicy::kDescribeHook)) {
            return std::nullopt;
        }
        // describe() only reads: its view refuses actions (a const engine).
        View<const E> view(e, const_cast<RuntimePolicyAdapter&>(*this));
        return m_policy->describe(view, p);
    }

  private:
    [[noreturn]] void throwUnfinished(const std::vector<int>& holding) const;
    [[noreturn]] void throwCostRead(const char* what, bool fixed) const;
    [[noreturn]] void throwNoProcessor(const char* what, int p, int n) const;
    [[noreturn]] void throwActionInDescribe() const;
    [[noreturn]] void throwRandomInDescribe() const;

    template <class E> class View final : public PolicyEngine {
      public:
        View(E& e, RuntimePolicyAdapter& a) : m_e(e), m_a(a) {}
        double time() const override { return m_e.now(); }
        int n() const override { return m_e.n(); }
        bool nonCommutative() const override { return m_e.nonCommutative(); }
        std::vector<IndexRange> value(int p) const override {
            checkIndex("value", p);
            return m_a.m_state.value(m_e, p);
        }
        bool isIdle(int p) const override {
            checkIndex("is_idle", p);
            return m_e.isIdle(p);
        }
        bool hasSent(int p) const override {
            checkIndex("has_sent", p);
            return m_e.sent(p);
        }
        bool hasStarted(int p) const override {
            checkIndex("has_started", p);
            return m_e.started(p);
        }
        bool isReceiving(int p) const override {
            checkIndex("is_receiving", p);
            return m_e.receiving(p);
        }
        double transferCost(int from, int to) const override {
            const auto* fixed = matrix("transfer_cost");
            checkIndex("transfer_cost", from);
            checkIndex("transfer_cost", to);
            return fixed->transfer(from, to);
        }
        double reductionCost(int p) const override {
            const auto* fixed = matrix("reduction_cost");
            checkIndex("reduction_cost", p);
            return fixed->reduction(p);
        }
        void startTransfer(int sender, int receiver) override {
            if constexpr (std::is_const_v<E>) {
                m_a.throwActionInDescribe();
            } else {
                m_a.m_state.check(m_e, sender, receiver);
                m_e.startTransfer(sender, receiver);
                m_a.m_state.record(sender, receiver);
            }
        }
        std::uint64_t replicate() const override { return m_a.m_replicate; }
        double random() override {
            if constexpr (std::is_const_v<E>) {
                m_a.throwRandomInDescribe();
            } else {
                if (!m_a.m_rngReady) {
                    m_a.m_rng.reseed(m_a.m_seed, m_a.m_replicate, Stream::Policy);
                    m_a.m_rngReady = true;
                }
                return m_a.m_rng.uniform53();
            }
        }

      private:
        void checkIndex(const char* what, int p) const {
            if (p < 0 || p >= m_e.n()) {
                m_a.throwNoProcessor(what, p, m_e.n());
            }
        }
        const MatrixCosts* matrix(const char* what) const {
            using Costs = std::remove_cvref_t<decltype(m_e.costs())>;
            if constexpr (std::is_same_v<Costs, MatrixCosts>) {
                if (m_a.m_clairvoyant) {
                    return &m_e.costs();
                }
                m_a.throwCostRead(what, true);
            } else {
                m_a.throwCostRead(what, false);
            }
        }

        E& m_e;
        RuntimePolicyAdapter& m_a;
    };

    std::unique_ptr<RuntimePolicy> m_policy;
    RuntimeRunState m_state;
    bool m_clairvoyant = false;
    std::uint64_t m_seed = 0;
    std::uint64_t m_replicate = 0;
    Rng m_rng; // the policy stream of (m_seed, m_replicate), once m_rngReady
    bool m_rngReady = false;
};

} // namespace rl
