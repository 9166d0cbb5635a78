// The parameters of Open MPI's trees (algorithms/ompi_parameters.h): ompi-chain's fan-out and
// ompi-default's message size, as keys read and written back, their limits (one-line
// InputErrors naming the setting), their defaults (the registry's rows themselves) and what the
// parameterised algorithms run (the plan of the fan-out, the pick for the message size).
#include "algorithms/algorithm_registry.h"
#include "algorithms/ompi_parameters.h"
#include "algorithms/ompi_trees.h"
#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "schedule/schedule_validator.h"

#include "../../test_support.h"
#include "reception_order.h"

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

using namespace rl;
using rl::test::receptionOrder;

namespace {

Algorithm builtin(const std::string& key) {
    return *findAlgorithm(allAlgorithms(), key);
}

/// The message of the InputError `f` throws ("" when it throws none, or another exception).
template <class F> std::string inputError(F f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    } catch (...) {
        return "(another exception)";
    }
    return "";
}

/// Expects `f` to throw an InputError of one line that contains `part`.
template <class F> void expectRefused(F f, const std::string& part) {
    const std::string what = inputError(f);
    EXPECT_NE(what.find(part), std::string::npos) << "'" << what << "' lacks '" << part << "'";
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
}

std::vector<std::vector<int>> planned(const StaticPlan& plan) {
    std::vector<std::vector<int>> out;
    for (int p = 0; p < plan.n; ++p) {
        out.emplace_back(plan.sources.begin() + plan.offset[static_cast<std::size_t>(p)],
                         plan.sources.begin() + plan.offset[static_cast<std::size_t>(p) + 1]);
    }
    return out;
}

Schedule simulate(const Algorithm& a, int n, bool nonCommutative = false) {
    const CostModel costs = CostModel::perOperation(Law::gamma(1.0, 1.0), Law::gamma(0.5, 1.0));
    return Simulator(a, n, nonCommutative, costs).schedule(3, static_cast<std::uint64_t>(n));
}

} // namespace

TEST(OmpiParameters, TheDefaultsAreTheRegistrysRows) {
    EXPECT_EQ(ompiChainAlgorithm(kOmpiChainFanout), builtin("ompi-chain"));
    EXPECT_EQ(ompiDefaultAlgorithm(kOmpiDefaultMessageBytes), builtin("ompi-default"));
    EXPECT_EQ(ompiChainAlgorithm(kOmpiChainFanout).key(), "ompi-chain");
    EXPECT_EQ(ompiDefaultAlgorithm(kOmpiDefaultMessageBytes).key(), "ompi-default");
    // A key that spells the default out reads as the row, and is written back as the row's key.
    EXPECT_EQ(ompiParameterisedAlgorithm("ompi-chain:" + std::to_string(kOmpiChainFanout)),
              builtin("ompi-chain"));
    EXPECT_EQ(
        ompiParameterisedAlgorithm("ompi-default:" + std::to_string(kOmpiDefaultMessageBytes)),
        builtin("ompi-default"));
    EXPECT_EQ(ompiDefaultBytes(builtin("ompi-default")), kOmpiDefaultMessageBytes);
    EXPECT_EQ(ompiChainFanout(builtin("ompi-chain")), kOmpiChainFanout);
    // No parameter, or the defaults: the list itself, the registry's rows.
    const std::vector<Algorithm> list{builtin("tree-dyn"), builtin("ompi-chain"),
                                      builtin("ompi-default")};
    EXPECT_EQ(applyOmpiParameters(list, {}), list);
    EXPECT_EQ(applyOmpiParameters(list, {kOmpiChainFanout, kOmpiDefaultMessageBytes}), list);
}

TEST(OmpiParameters, KeysAreReadAndWrittenBack) {
    for (long long k = 1; k <= kOmpiMaxFanout; ++k) {
        SCOPED_TRACE(k);
        const Algorithm a = ompiChainAlgorithm(k);
        // Made once: the same handle for the same fan-out, whichever way it is asked for.
        EXPECT_EQ(ompiChainAlgorithm(k), a);
        EXPECT_EQ(findAlgorithm(allAlgorithms(), a.key()), a);
        EXPECT_EQ(AlgorithmCatalog().find("ompi-chain:" + std::to_string(k)), a);
        EXPECT_EQ(ompiChainFanout(a), k);
        EXPECT_EQ(ompiDefaultBytes(a), std::nullopt);
        if (k != kOmpiChainFanout) {
            EXPECT_EQ(a.key(), "ompi-chain:" + std::to_string(k));
            EXPECT_NE(a.name().find("fan-out " + std::to_string(k)), std::string::npos) << a.name();
            EXPECT_NE(a, builtin("ompi-chain"));
        }
        EXPECT_TRUE(a.mpiLibrary());
        EXPECT_TRUE(a.isStatic());
    }
    for (long long b : {1LL, 7LL, 9LL, 4096LL, 65536LL, 1LL << 20, kOmpiMaxMessageBytes}) {
        SCOPED_TRACE(b);
        const Algorithm a = ompiDefaultAlgorithm(b);
        EXPECT_EQ(a.key(), "ompi-default:" + std::to_string(b));
        EXPECT_EQ(ompiParameterisedAlgorithm(a.key()), a);
        EXPECT_EQ(findAlgorithm(allAlgorithms(), a.key()), a);
        EXPECT_EQ(ompiDefaultBytes(a), b);
        EXPECT_EQ(ompiChainFanout(a), std::nullopt);
        EXPECT_NE(a.name().find(std::to_string(b) + " bytes"), std::string::npos) << a.name();
    }
    // Other keys are none of these.
    for (const char* key : {"ompi-chain", "ompi-default", "ompi-chain:", "ompi-chainx:2",
                            "ompi-binary:2", "tree-dyn", "ompi-default"}) {
        EXPECT_EQ(ompiParameterisedAlgorithm(key), std::nullopt) << key;
    }
    EXPECT_EQ(ompiChainFanout(builtin("ompi-pipeline")), std::nullopt);
    EXPECT_EQ(ompiDefaultBytes(builtin("ompi-binary")), std::nullopt);
}

TEST(OmpiParameters, TheSameHandleInEveryThread) {
    constexpr int kThreads = 8;
    std::vector<Algorithm> made(kThreads, builtin("tree-dyn"));
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back(
            [&made, t] { made[static_cast<std::size_t>(t)] = ompiChainAlgorithm(29); });
    }
    for (std::thread& t : threads) {
        t.join();
    }
    for (const Algorithm& a : made) {
        EXPECT_EQ(a, ompiChainAlgorithm(29));
    }
}

TEST(OmpiParameters, LimitsAreRefusedInOneLineNamingTheSetting) {
    // The bounds themselves are accepted.
    EXPECT_EQ(inputError([] { ompiChainAlgorithm(1); }), "");
    EXPECT_EQ(inputError([] { ompiChainAlgorithm(kOmpiMaxFanout); }), "");
    EXPECT_EQ(inputError([] { ompiDefaultAlgorithm(1); }), "");
    EXPECT_EQ(inputError([] { ompiDefaultAlgorithm(kOmpiMaxMessageBytes); }), "");
    const std::string maxFanout = std::to_string(kOmpiMaxFanout);
    const std::string maxBytes = std::to_string(kOmpiMaxMessageBytes);
    expectRefused([] { ompiChainAlgorithm(0); }, "--fanout 0:");
    expectRefused([] { ompiChainAlgorithm(-3); }, "--fanout -3:");
    expectRefused([] { ompiChainAlgorithm(kOmpiMaxFanout + 1); },
                  "--fanout " + std::to_string(kOmpiMaxFanout + 1) + ":");
    expectRefused([] { ompiChainAlgorithm(0); }, "1 to " + maxFanout);
    expectRefused([] { ompiDefaultAlgorithm(0); },
                  "--message-bytes 0: a message of 1 to " + maxBytes + " bytes");
    expectRefused([] { ompiDefaultAlgorithm(kOmpiMaxMessageBytes + 1); },
                  "--message-bytes " + std::to_string(kOmpiMaxMessageBytes + 1) + ":");
    // In a key: the key, the setting, and why.
    expectRefused([] { ompiParameterisedAlgorithm("ompi-chain:0"); },
                  "algorithm 'ompi-chain:0': fan-out 0:");
    expectRefused(
        [] { ompiParameterisedAlgorithm("ompi-chain:" + std::to_string(kOmpiMaxFanout + 1)); },
        "fan-out " + std::to_string(kOmpiMaxFanout + 1) + ": Open MPI's chains");
    expectRefused([] { ompiParameterisedAlgorithm("ompi-default:0"); },
                  "algorithm 'ompi-default:0': message size 0:");
    expectRefused([] { ompiParameterisedAlgorithm("ompi-chain:four"); },
                  "algorithm 'ompi-chain:four': 'four' is not an integer");
    expectRefused([] { ompiParameterisedAlgorithm("ompi-default:8k"); }, "'8k' is not an integer");
    expectRefused([] { ompiParameterisedAlgorithm("ompi-chain: 2"); }, "is not an integer");
    // Through a catalog, as every reader of keys asks.
    expectRefused([] { AlgorithmCatalog().find("ompi-chain:99"); }, "fan-out 99");
}

TEST(OmpiParameters, ApplyReplacesInPlaceOrRefusesNamingTheOption) {
    const std::vector<Algorithm> list{builtin("ompi-default"), builtin("tree-dyn"),
                                      builtin("ompi-chain")};
    const std::vector<Algorithm> both = applyOmpiParameters(list, {2, 65536});
    const std::vector<Algorithm> expected{ompiDefaultAlgorithm(65536), builtin("tree-dyn"),
                                          ompiChainAlgorithm(2)};
    EXPECT_EQ(both, expected);
    const std::vector<Algorithm> chainOnly = applyOmpiParameters(list, {8, std::nullopt});
    EXPECT_EQ(chainOnly[0], builtin("ompi-default"));
    EXPECT_EQ(chainOnly[2], ompiChainAlgorithm(8));
    EXPECT_EQ(chainOnly[2].key(), "ompi-chain:8");

    const std::vector<Algorithm> noOmpi{builtin("tree-dyn"), builtin("binomial")};
    expectRefused(
        [&] {
            applyOmpiParameters(noOmpi, {2, std::nullopt});
        },
        "--fanout applies to ompi-chain: add ompi-chain to --algo");
    expectRefused(
        [&] {
            applyOmpiParameters(noOmpi, {std::nullopt, 64});
        },
        "--message-bytes applies to ompi-default: add ompi-default to --algo");
    expectRefused([&] { applyOmpiParameters(list, {0, std::nullopt}); }, "--fanout 0:");
    expectRefused([&] { applyOmpiParameters(list, {std::nullopt, -1}); }, "--message-bytes -1:");
    // Another front end's words (Python's keywords).
    const OmpiSpelling python{"fanout", "message_bytes", "the algorithms"};
    expectRefused(
        [&] {
            applyOmpiParameters(noOmpi, {2, std::nullopt}, python);
        },
        "fanout applies to ompi-chain: add ompi-chain to the algorithms");
    expectRefused(
        [&] {
            applyOmpiParameters(list, {std::nullopt, 0}, python);
        },
        "message_bytes 0: a message of 1 to");
    EXPECT_EQ(inputError([&] {
                  applyOmpiParameters(list, {0, std::nullopt}, python);
              }).rfind("fanout 0: Open MPI's chains", 0),
              0u);
    // The row beside its parameterised self would be the same algorithm twice.
    const std::vector<Algorithm> twice{builtin("ompi-chain"), ompiChainAlgorithm(8)};
    expectRefused(
        [&] {
            applyOmpiParameters(twice, {8, std::nullopt});
        },
        "algorithm 'ompi-chain:8' is listed twice");
}

TEST(OmpiParameters, TheChainOfFanoutKRunsThatPlan) {
    for (int k : {1, 2, 3, 7, kOmpiMaxFanout}) {
        for (int n : {2, 5, 9, 40}) {
            SCOPED_TRACE("fan-out " + std::to_string(k) + " n=" + std::to_string(n));
            const Schedule s = simulate(ompiChainAlgorithm(k), n);
            EXPECT_EQ(rl::test::join(validateSchedule(s), "; "), "");
            EXPECT_EQ(receptionOrder(s), planned(ompiStaticPlan(OmpiTree::Chain, n, false, k)));
            // The root receives the heads of min(K, n-1) chains.
            EXPECT_EQ(receptionOrder(s).front().size(),
                      static_cast<std::size_t>(std::min(k, n - 1)));
        }
    }
}

TEST(OmpiParameters, DefaultOfBBytesRunsItsPickForB) {
    for (long long b : {1LL, 4096LL, 65536LL, 1LL << 20}) {
        for (int n : {3, 8, 17, 40}) {
            for (bool nc : {false, true}) {
                SCOPED_TRACE(std::to_string(b) + " bytes n=" + std::to_string(n) +
                             (nc ? " nc" : ""));
                const OmpiDecision d = ompiDefaultDecision(n, b, !nc);
                const Schedule s = simulate(ompiDefaultAlgorithm(b), n, nc);
                EXPECT_EQ(receptionOrder(s), planned(ompiStaticPlan(d.tree, n, nc, d.fanout)));
                const std::string text = ompiDefaultPickText(n, b, !nc);
                EXPECT_NE(text.find(ompiAlgorithmName(d.algorithm) + " (algorithm " +
                                    std::to_string(d.algorithm) + ")"),
                          std::string::npos)
                    << text;
                EXPECT_NE(text.find("n = " + std::to_string(n) + ", " + std::to_string(b) +
                                    (b == 1 ? " byte, " : " bytes, ")),
                          std::string::npos)
                    << text;
                EXPECT_EQ(text.find("Rabenseifner") != std::string::npos, d.algorithm == 7) << text;
            }
        }
    }
}
