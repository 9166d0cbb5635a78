// Run-time policies (algorithms/runtime_policy.h, #31): rules written against the virtual
// interface run in the same engine as the built-ins and give their makespans to the bit (draws
// in start order); every action is checked against the model and a broken rule is a
// PolicyError raised in the offending call; a run that ends with values unreduced is one too;
// hooks a policy does not override are not called; the narration takes the policy's words; Monte
// Carlo runs them beside the built-ins, whatever the thread count.
#include "algorithms/runtime_policy.h"
#include "algorithms/simulator.h"
#include "base/rng.h"
#include "engine/narration.h"
#include "experiment/monte_carlo.h"
#include "platform/fixed_costs.h"
#include "schedule/schedule_validator.h"
#include "studies/scenario.h"

#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <vector>

using namespace rl;

namespace {

/// Tree-dyn (docs/model.md §4.2) through the virtual interface, with the narration's words of
/// the built-in one.
class TreeDyn : public RuntimePolicy {
  public:
    void reset(int /*n*/) override { m_slot = -1; }
    void onIdle(PolicyEngine& e, int p) override {
        if (m_slot < 0) {
            m_slot = p;
            return;
        }
        m_to = m_slot;
        m_slot = -1;
        e.startTransfer(p, m_to);
    }
    std::optional<std::string> describe(PolicyEngine& /*e*/, int p) override {
        if (m_slot == p) {
            return "is idle and enters the empty slot";
        }
        return "is idle; the slot holds " + narrationProcessor(m_to);
    }

  protected:
    int m_slot = -1; // the processor waiting in the slot
    int m_to = -1;   // the receiver of the last transfer
};

/// Non-Commut-Tree-dyn through the virtual interface: the neighbours found from value() alone.
class NonCommutTreeDyn : public RuntimePolicy {
  public:
    void onIdle(PolicyEngine& e, int p) override {
        const std::vector<IndexRange> mine = e.value(p);
        const int lo = mine.front().lo;
        const int hi = mine.back().hi;
        int right = -1;
        for (int q = 0; q < e.n(); ++q) {
            if (q == p || !e.isIdle(q)) {
                continue;
            }
            const std::vector<IndexRange> v = e.value(q);
            if (v.back().hi + 1 == lo) {
                e.startTransfer(p, q); // the left neighbour first
                return;
            }
            if (v.front().lo == hi + 1) {
                right = q;
            }
        }
        if (right >= 0) {
            e.startTransfer(p, right);
        }
    }
};

RuntimePolicyInfo info(const std::string& name) {
    RuntimePolicyInfo i;
    i.name = name;
    return i;
}

template <class P> Algorithm algorithm(const std::string& name, bool commutativeOnly = false) {
    RuntimePolicyInfo i = info(name);
    i.commutativeOnly = commutativeOnly;
    return runtimeAlgorithm(i, [] { return std::make_unique<P>(); });
}

/// A policy made of a lambda per hook, for the rule tests.
class Scripted : public RuntimePolicy {
  public:
    using Hook = std::function<void(PolicyEngine&, int)>;
    explicit Scripted(Hook idle, Hook transferEnd = {}) : m_idle(std::move(idle)) {
        if (transferEnd) {
            m_transferEnd = std::move(transferEnd);
        } else {
            declareAbsent(kTransferEndHook);
        }
    }
    void onIdle(PolicyEngine& e, int p) override { m_idle(e, p); }
    void onTransferEnd(PolicyEngine& e, int r) override { m_transferEnd(e, r); }

  private:
    Hook m_idle;
    Hook m_transferEnd;
};

Algorithm scripted(const std::string& name, Scripted::Hook idle, Scripted::Hook transferEnd = {},
                   bool clairvoyant = false) {
    RuntimePolicyInfo i = info(name);
    i.clairvoyant = clairvoyant;
    return runtimeAlgorithm(i, [=] { return std::make_unique<Scripted>(idle, transferEnd); });
}

CostModel costsOf(const Law& transfer, const Law& reduction) {
    return CostModel::perOperation(transfer, reduction);
}

// The message of the PolicyError that running `a` raises (empty: none).
std::string errorOf(const Algorithm& a, int n, const CostModel& costs, bool nc = false) {
    try {
        Simulator sim(a, n, nc, costs);
        sim.schedule(1, 0);
    } catch (const PolicyError& e) {
        return e.what();
    }
    return {};
}

} // namespace

// The run-time Tree-dyn gives the built-in's makespans to the bit on 1,000 replicates: gamma
// costs, constant ones (every event ties: the FIFO order decides) and Bernoulli ones (zero
// costs), with and without reduction costs; the schedules are valid.
TEST(RuntimePolicy, TreeDynEqualsTheBuiltIn) {
    const Algorithm mine = algorithm<TreeDyn>("my-tree-dyn");
    const std::vector<CostModel> models{
        costsOf(Law::gamma(1, 1), Law::constant(0)),
        costsOf(Law::gamma(1, 0.5), Law::gamma(0.5, 2)),
        costsOf(Law::constant(1), Law::constant(0)),
        costsOf(Law::constant(1), Law::constant(1)),
        costsOf(Law::bernoulli(1, 1), Law::constant(0)),
        costsOf(Law::bernoulli(1, 2), Law::bernoulli(0.5, 1)),
    };
    for (const CostModel& costs : models) {
        for (const int n : {1, 2, 7, 64}) {
            Simulator a(mine, n, false, costs);
            Simulator b(AlgorithmId::TreeDyn, n, false, costs);
            for (std::uint64_t rep = 0; rep < 1000; ++rep) {
                ASSERT_EQ(a.makespan(3, rep), b.engineMakespan(3, rep))
                    << costs.transfer.toString() << " n=" << n << " rep=" << rep;
            }
            EXPECT_TRUE(validateSchedule(a.schedule(3, 5)).empty());
        }
    }
}

// value() is what the processor holds: Non-Commut-Tree-dyn written from value() alone equals
// the built-in one in non-commutative mode.
TEST(RuntimePolicy, NonCommutTreeDynFromValuesEqualsTheBuiltIn) {
    const Algorithm mine = algorithm<NonCommutTreeDyn>("my-nctd");
    for (const CostModel& costs :
         {costsOf(Law::gamma(1, 1), Law::gamma(1, 1)), costsOf(Law::constant(1), Law::constant(1)),
          costsOf(Law::bernoulli(1, 1), Law::bernoulli(1, 1))}) {
        Simulator a(mine, 33, true, costs);
        Simulator b(AlgorithmId::NonCommutTreeDyn, 33, true, costs);
        for (std::uint64_t rep = 0; rep < 300; ++rep) {
            ASSERT_EQ(a.makespan(2, rep), b.engineMakespan(2, rep)) << rep;
        }
    }
}

// value(p) while p is idle: its own index and everything sent to it (all merged by then), as
// runs; checked against what the policy knows of its own sends, on commutative Tree-dyn runs
// whose values are scattered sets, with reduction costs (values wait) and ties.
TEST(RuntimePolicy, ValueIsWhatTheProcessorHolds) {
    struct Checking : TreeDyn {
        std::vector<std::set<int>> held; // what each processor holds once its receptions merge
        int* checked = nullptr;
        void reset(int n) override {
            TreeDyn::reset(n);
            held.assign(static_cast<std::size_t>(n), {});
            for (int p = 0; p < n; ++p) {
                held[static_cast<std::size_t>(p)] = {p};
            }
        }
        void onIdle(PolicyEngine& e, int p) override {
            std::set<int> got;
            for (const IndexRange& r : e.value(p)) {
                for (int i = r.lo; i <= r.hi; ++i) {
                    got.insert(i);
                }
            }
            EXPECT_EQ(got, held[static_cast<std::size_t>(p)]) << "P" << p << " at " << e.time();
            ++*checked;
            const int slot = m_slot;
            TreeDyn::onIdle(e, p);
            if (slot >= 0) { // p sent its final value to the processor that was in the slot
                const auto& mine = held[static_cast<std::size_t>(p)];
                held[static_cast<std::size_t>(slot)].insert(mine.begin(), mine.end());
            }
        }
    };
    int checked = 0;
    const Algorithm a = runtimeAlgorithm(info("checking"), [&checked] {
        auto c = std::make_unique<Checking>();
        c->checked = &checked;
        return c;
    });
    for (const CostModel& costs : {costsOf(Law::gamma(1, 1), Law::gamma(1, 1)),
                                   costsOf(Law::constant(1), Law::constant(2))}) {
        Simulator sim(a, 29, false, costs);
        for (std::uint64_t rep = 0; rep < 20; ++rep) {
            sim.makespan(7, rep);
        }
    }
    EXPECT_GT(checked, 40 * 28);
}

// value(p) while p is busy (a transfer into it ended, a reduction of it ended and another
// value waits): every value whose reduction on p has started, checked against the schedule
// (the value right after p's last reduction started by then; continuous costs: no ties).
TEST(RuntimePolicy, ValueWhileBusyCountsTheReductionsStarted) {
    struct Seen {
        int p;
        double time;
        std::vector<IndexRange> value;
    };
    struct Recording : TreeDyn {
        std::vector<Seen>* seen = nullptr;
        void onTransferEnd(PolicyEngine& e, int r) override {
            seen->push_back({r, e.time(), e.value(r)});
        }
        void onReductionEnd(PolicyEngine& e, int p) override {
            seen->push_back({p, e.time(), e.value(p)});
        }
    };
    std::vector<Seen> seen;
    const Algorithm a = runtimeAlgorithm(info("recording"), [&seen] {
        auto r = std::make_unique<Recording>();
        r->seen = &seen;
        return r;
    });
    Simulator sim(a, 24, false, costsOf(Law::gamma(1, 1), Law::gamma(2, 1)));
    std::size_t busy = 0;
    for (std::uint64_t rep = 0; rep < 30; ++rep) {
        seen.clear();
        const Schedule s = sim.schedule(5, rep);
        for (const Seen& x : seen) {
            std::vector<IndexRange> expected{{x.p, x.p}};
            for (std::size_t k = 0; k < s.reductions.size(); ++k) {
                if (s.reductions[k].proc == x.p && s.reductions[k].start <= x.time) {
                    expected = s.reductionValue(static_cast<int>(k));
                }
            }
            ASSERT_EQ(x.value, expected) << "P" << x.p << " at " << x.time << ", rep " << rep;
        }
        busy += seen.size();
    }
    EXPECT_EQ(busy, 30U * 23U); // every transfer end (Tree-dyn never leaves a value waiting)
}

// Each rule of the model, broken once: a PolicyError in the offending call naming the rule.
TEST(RuntimePolicy, EveryBrokenRuleIsAPolicyError) {
    const CostModel costs = costsOf(Law::constant(1), Law::constant(1));
    struct Case {
        const char* rule;
        Scripted::Hook idle;
        Scripted::Hook transferEnd;
        bool nc;
    };
    const std::vector<Case> cases{
        {"there is no such processor",
         [](PolicyEngine& e, int p) { e.startTransfer(p, 9); },
         {},
         false},
        {"a processor cannot send to itself",
         [](PolicyEngine& e, int p) { e.startTransfer(p, p); },
         {},
         false},
        // P0 starts first: P1 has not.
        {"P1 has not started yet",
         [](PolicyEngine& e, int p) {
             if (p == 0) {
                 e.startTransfer(0, 1);
             }
         },
         {},
         false},
        {"P1 has not started yet",
         [](PolicyEngine& e, int p) {
             if (p == 0) {
                 e.startTransfer(1, 0);
             }
         },
         {},
         false},
        // P1 sends to P0, then (P1 idle again? no: sent) tries to send once more when P2 starts.
        {"P1 has already sent",
         [](PolicyEngine& e, int p) {
             if (p == 1) {
                 e.startTransfer(1, 0);
             } else if (p == 2) {
                 e.startTransfer(1, 2);
             }
         },
         {},
         false},
        // P0 receives from P1; when P2 starts, P0 (receiving) is made to send.
        {"P0 is not idle",
         [](PolicyEngine& e, int p) {
             if (p == 1) {
                 e.startTransfer(1, 0);
             } else if (p == 2) {
                 e.startTransfer(0, 2);
             }
         },
         {},
         false},
        // P1 sent to P0; P2 then sends to P1.
        {"P1 has already sent its value",
         [](PolicyEngine& e, int p) {
             if (p == 1) {
                 e.startTransfer(1, 0);
             } else if (p == 2) {
                 e.startTransfer(2, 1);
             }
         },
         {},
         false},
        // P1 sends to P0; P2 sends to P0 too while P1's value arrives.
        {"P0 is already receiving (one port",
         [](PolicyEngine& e, int p) {
             if (p == 1 || p == 2) {
                 e.startTransfer(p, 0);
             }
         },
         {},
         false},
        // Non-commutative: P2 sends [2,2] to P0, which holds [0,0].
        {"is not next to P0's [0,0]",
         [](PolicyEngine& e, int p) {
             if (p == 2) {
                 e.startTransfer(2, 0);
             }
         },
         {},
         true},
        // Non-commutative: P1 sends to P0 (fine), then P3 to P0, whose [0,1] once merged is not
        // next to [3,3]: checked when the transfer starts, with the values sent to P0 so far.
        {"P3's value [3,3] is not next to P0's [0,1]",
         [](PolicyEngine& e, int p) {
             if (p == 1) {
                 e.startTransfer(1, 0);
             }
         },
         [](PolicyEngine& e, int r) {
             if (r == 0) {
                 e.startTransfer(3, 0);
             }
         },
         true},
    };
    for (const Case& c : cases) {
        const std::string message =
            errorOf(scripted("rules", c.idle, c.transferEnd), 4, costs, c.nc);
        EXPECT_NE(message.find(c.rule), std::string::npos) << c.rule << " / got: " << message;
        EXPECT_NE(message.find("policy 'rules' broke a rule at t = "), std::string::npos)
            << message;
    }
}

// A refused action starts nothing: a policy that catches the error and goes on gives a valid
// run, the same as if it had never tried.
TEST(RuntimePolicy, ARefusedActionChangesNothing) {
    struct Trying : TreeDyn {
        int refused = 0;
        void onIdle(PolicyEngine& e, int p) override {
            try {
                e.startTransfer(p, p);
            } catch (const PolicyError&) {
                ++refused;
            }
            TreeDyn::onIdle(e, p);
        }
    };
    const CostModel costs = costsOf(Law::gamma(1, 1), Law::gamma(1, 1));
    Simulator a(runtimeAlgorithm(info("trying"), [] { return std::make_unique<Trying>(); }), 20,
                false, costs);
    Simulator b(AlgorithmId::TreeDyn, 20, false, costs);
    for (std::uint64_t rep = 0; rep < 50; ++rep) {
        EXPECT_EQ(a.makespan(1, rep), b.engineMakespan(1, rep));
    }
}

// A policy that stops early (here: never sends) ends the run with a PolicyError naming the
// processors left holding values.
TEST(RuntimePolicy, AnUnfinishedRunIsAPolicyError) {
    const std::string m = errorOf(scripted("lazy", [](PolicyEngine&, int) {}), 3,
                                  costsOf(Law::constant(1), Law::constant(0)));
    EXPECT_NE(m.find("policy 'lazy' left the reduction unfinished: no event is left after 0 of 2 "
                     "transfers, and P0, P1 and P2 still hold parts of the result"),
              std::string::npos)
        << m;
    // n = 1 needs no transfer.
    EXPECT_EQ(errorOf(scripted("lazy", [](PolicyEngine&, int) {}), 1,
                      costsOf(Law::constant(1), Law::constant(0))),
              "");
}

// Hooks a policy does not override are not called once known absent; overridden ones are
// called at each event.
TEST(RuntimePolicy, AbsentHooksAreNotCalled) {
    struct Counting : TreeDyn {
        int transferEnds = 0;
        void onTransferEnd(PolicyEngine& /*e*/, int /*r*/) override { ++transferEnds; }
    };
    const CostModel costs = costsOf(Law::gamma(1, 1), Law::constant(0));
    const auto counting = std::make_shared<Counting>();
    // A factory handing out one shared policy, to read its counters afterwards.
    struct Shared : RuntimePolicy {
        std::shared_ptr<Counting> c;
        explicit Shared(std::shared_ptr<Counting> p) : c(std::move(p)) {}
        void reset(int n) override { c->reset(n); }
        void onIdle(PolicyEngine& e, int p) override { c->onIdle(e, p); }
        void onTransferEnd(PolicyEngine& e, int r) override { c->onTransferEnd(e, r); }
    };
    Simulator sim(runtimeAlgorithm(info("counting"),
                                   [counting] { return std::make_unique<Shared>(counting); }),
                  16, false, costs);
    sim.makespan(1, 0);
    sim.makespan(1, 1);
    EXPECT_EQ(counting->transferEnds, 30);
    EXPECT_TRUE(counting->hasHook(RuntimePolicy::kTransferEndHook));

    TreeDyn plain;
    EXPECT_TRUE(plain.hasHook(RuntimePolicy::kReductionEndHook)); // not known yet
    class NullEngine final : public PolicyEngine {
        double time() const override { return 0; }
        int n() const override { return 1; }
        bool nonCommutative() const override { return false; }
        std::vector<IndexRange> value(int) const override { return {}; }
        bool isIdle(int) const override { return false; }
        bool hasSent(int) const override { return false; }
        bool hasStarted(int) const override { return false; }
        bool isReceiving(int) const override { return false; }
        double transferCost(int, int) const override { return 0; }
        double reductionCost(int) const override { return 0; }
        void startTransfer(int, int) override {}
        std::uint64_t replicate() const override { return 0; }
        double random() override { return 0; }
    } engine;
    plain.onReductionEnd(engine, 0); // the default: declares itself absent
    EXPECT_FALSE(plain.hasHook(RuntimePolicy::kReductionEndHook));
}

// The narration takes the policy's describe(): the run-time Tree-dyn that says what the
// built-in says tells the same story, word for word; without describe(), the generic sentences.
TEST(RuntimePolicy, NarrationTakesThePolicysWords) {
    const CostModel costs = costsOf(Law::gamma(1, 1), Law::gamma(0.5, 1));
    Simulator mine(algorithm<TreeDyn>("my-tree-dyn"), 9, false, costs);
    Simulator builtIn(AlgorithmId::TreeDyn, 9, false, costs);
    for (std::uint64_t rep = 0; rep < 20; ++rep) {
        Narration a;
        Narration b;
        mine.narratedSchedule(4, rep, a);
        builtIn.narratedSchedule(4, rep, b);
        ASSERT_EQ(narrationText(a), narrationText(b)) << rep;
    }
    struct Silent : TreeDyn {
        std::optional<std::string> describe(PolicyEngine& e, int p) override {
            return RuntimePolicy::describe(e, p);
        }
    };
    Simulator silent(runtimeAlgorithm(info("silent"), [] { return std::make_unique<Silent>(); }), 4,
                     false, costsOf(Law::constant(1), Law::constant(1)));
    Narration n;
    silent.narratedSchedule(1, 0, n);
    EXPECT_EQ(n[0].text, "t = 0.00: P0 is idle and waits");
    EXPECT_EQ(n[1].text, "t = 0.00: P1 is idle and sends [1,1] to P0");
    // describe() may read, not act.
    struct Acting : TreeDyn {
        std::optional<std::string> describe(PolicyEngine& e, int p) override {
            e.startTransfer(p, 0);
            return std::nullopt;
        }
    };
    Simulator acting(runtimeAlgorithm(info("acting"), [] { return std::make_unique<Acting>(); }), 4,
                     false, costsOf(Law::constant(1), Law::constant(1)));
    EXPECT_THROW(acting.narratedSchedule(1, 0, n), PolicyError);
    EXPECT_NO_THROW(acting.schedule(1, 0)); // not narrated: describe() is not called
}

// Costs: a clairvoyant policy reads the fixed matrix; a policy that does not say it is
// clairvoyant may not; costs drawn per operation are not known in advance (refused before any
// run, and by the scenario's validation).
TEST(RuntimePolicy, OnlyAClairvoyantPolicyReadsFixedCosts) {
    const FixedCosts f = FixedCosts::worstCase(4, 1, 5, 0.5);
    double seen = -1;
    auto reading = [&seen](PolicyEngine& e, int p) {
        seen = e.transferCost(3, 0) + e.reductionCost(2);
        if (p > 0 && e.isIdle(0) && !e.isReceiving(0)) {
            e.startTransfer(p, 0);
        }
    };
    // Sequential sends into P0: P1, then P2 and P3 when P0 is free again (onTransferEnd).
    auto next = [](PolicyEngine& e, int r) {
        for (int q = 1; q < e.n(); ++q) {
            if (r == 0 && e.isIdle(q)) {
                e.startTransfer(q, 0);
                return;
            }
        }
    };
    const Algorithm clairvoyant = scripted("reader", reading, next, true);
    EXPECT_TRUE(clairvoyant.clairvoyant());
    // Its cost rule is a clairvoyant policy's (any fixed costs), not Liu-Wang's sender-only one.
    ASSERT_TRUE(clairvoyant.descriptor().checkCosts);
    EXPECT_NO_THROW(clairvoyant.descriptor().checkCosts(CostModel::fixedMatrix(f), 4));
    Simulator sim(clairvoyant, 4, false, CostModel::fixedMatrix(f));
    EXPECT_NO_THROW(sim.schedule(1, 0));
    EXPECT_EQ(seen, 5 + 0.5);
    const std::string m = errorOf(scripted("peeker", reading, next), 4, CostModel::fixedMatrix(f));
    EXPECT_NE(m.find("only a clairvoyant policy reads the costs"), std::string::npos) << m;
    EXPECT_THROW(Simulator(clairvoyant, 4, false, costsOf(Law::gamma(1, 1), Law::constant(0))),
                 InputError);
    Scenario s;
    s.algorithms = {clairvoyant};
    s.n = 4;
    EXPECT_THROW(s.validate(), InputError); // per-operation costs
    s.costMode = CostMode::FixedMatrix;
    s.matrix = f; // not sender-only: fine for a run-time clairvoyant policy
    EXPECT_NO_THROW(s.validate());
}

// Monte Carlo runs a run-time algorithm beside a built-in on common random numbers, with the
// same samples for every thread count.
TEST(RuntimePolicy, MonteCarloWhateverTheThreads) {
    McConfig c;
    c.algorithms = {algorithm<TreeDyn>("my-tree-dyn"), AlgorithmId::TreeDyn};
    c.n = 40;
    c.costs = costsOf(Law::gamma(1, 0.8), Law::bernoulli(0.5, 1));
    c.replicates = 3000;
    c.keepSamples = true;
    c.threads = 1;
    const McResult one = runMonteCarlo(c);
    c.threads = 3;
    const McResult three = runMonteCarlo(c);
    EXPECT_EQ(*one.summaries[0].samples, *one.summaries[1].samples);
    EXPECT_EQ(*one.summaries[0].samples, *three.summaries[0].samples);
    EXPECT_EQ(one.summaries[0].mean, three.summaries[0].mean);
}

/// Two slots or one, as a coin decides at each idle event: a processor waits while a slot is
/// free and another can still come, else sends to the one that has waited longest.
class CoinSlots : public RuntimePolicy {
  public:
    void reset(int n) override {
        m_waiting.clear();
        m_unsent = n;
    }
    void onIdle(PolicyEngine& e, int p) override {
        const std::size_t slots = e.random() < 0.5 ? 2 : 1;
        if (m_waiting.size() < slots && m_unsent > static_cast<int>(m_waiting.size()) + 1) {
            m_waiting.push_back(p);
        } else if (!m_waiting.empty()) {
            const int to = m_waiting.front();
            m_waiting.erase(m_waiting.begin());
            e.startTransfer(p, to);
            --m_unsent;
        }
    }

  private:
    std::vector<int> m_waiting;
    int m_unsent = 0;
};

// A policy's random numbers are its replicate's policy stream (Stream::Policy, seeded from the
// seed and the replicate alone): the same for every thread count and in a replay of one
// replicate, and read by no built-in (the cost draws do not move); describe() may not draw.
TEST(RuntimePolicy, RandomNumbersAreTheReplicatesOwn) {
    McConfig c;
    c.algorithms = {algorithm<CoinSlots>("coin"), AlgorithmId::TreeDyn};
    c.n = 24;
    c.costs = costsOf(Law::gamma(1, 0.8), Law::constant(0));
    c.replicates = 500;
    c.keepSamples = true;
    c.threads = 1;
    const McResult one = runMonteCarlo(c);
    c.threads = 3;
    const McResult three = runMonteCarlo(c);
    EXPECT_EQ(*one.summaries[0].samples, *three.summaries[0].samples);
    EXPECT_NE(*one.summaries[0].samples, *one.summaries[1].samples); // the coin plays a part
    Simulator replay(algorithm<CoinSlots>("coin"), c.n, false, c.costs);
    EXPECT_EQ(replay.makespan(c.seed, 17), (*one.summaries[0].samples)[17]);

    struct Reader : TreeDyn {
        std::uint64_t* seen = nullptr;
        double* first = nullptr;
        void onIdle(PolicyEngine& e, int p) override {
            if (*first < 0) { // the first draw of the run
                *seen = e.replicate();
                *first = e.random();
            }
            TreeDyn::onIdle(e, p);
        }
    };
    std::uint64_t seen = 0;
    double first = -1;
    Simulator reader(runtimeAlgorithm(info("reader"),
                                      [&] {
                                          auto r = std::make_unique<Reader>();
                                          r->seen = &seen;
                                          r->first = &first;
                                          return r;
                                      }),
                     4, false, c.costs);
    reader.makespan(9, 5);
    EXPECT_EQ(seen, 5U);
    EXPECT_EQ(first, Rng(9, 5, Stream::Policy).uniform53());
    EXPECT_GE(first, 0.0);
    EXPECT_LT(first, 1.0);

    struct Drawing : TreeDyn {
        std::optional<std::string> describe(PolicyEngine& e, int /*p*/) override {
            e.random();
            return std::nullopt;
        }
    };
    Simulator narrated(algorithm<Drawing>("drawing"), 4, false, c.costs);
    Narration story;
    EXPECT_THROW(narrated.narratedSchedule(1, 0, story), PolicyError);
}

// A commutative-only policy is refused on a non-commutative operation; names are --algo keys.
TEST(RuntimePolicy, NamesAndModes) {
    EXPECT_THROW(Simulator(algorithm<TreeDyn>("td", true), 4, true,
                           costsOf(Law::constant(1), Law::constant(0))),
                 InputError);
    for (const char* bad : {"", "all", "-x", "with space", "a,b", "é"}) {
        EXPECT_THROW(checkPolicyName(bad), InputError) << bad;
    }
    for (const char* good : {"x", "my-tree-dyn", "TreeDyn2", "a.b_c"}) {
        EXPECT_NO_THROW(checkPolicyName(good)) << good;
    }
    EXPECT_THROW(checkPolicyName(std::string(41, 'a')), InputError);
}
