#include "cli_commands.h"

#include "cli_args.h"
#include "cli_commands.h"

#include "algorithms/ep_optimum.h"
#include "algorithms/ep_schedule.h"
#include "algorithms/snf.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "experiment/monte_carlo.h"
#include "platform/fixed_costs.h"
#include "schedule/schedule_csv.h"
#include "theory/tree_dyn_markov.h"
#include "theory/worst_case_ratios.h"

#include <cmath>
#include <iostream>

namespace rl::cli {

namespace {

const char* const kTheoryHelp =
    "usage: reducelab-cli theory SUBCOMMAND [options]   (theory SUBCOMMAND --help for each)\n"
    "\n"
    "subcommands:\n"
    "  markov   Tree-dyn's Markov chain (exponential costs): mean and variance, optionally\n"
    "           against a Monte Carlo simulation (CSV)\n"
    "  ratios   RR Table 1: each theorem's bound, measured on its worst-case instance (CSV)\n"
    "  snf      Liu-Wang's slowest-node-first schedule of a sender-only cluster\n"
    "  optimum  the exact optimum (best EP schedule, exhaustive search, small clusters)\n";

double number(const Args& a, const std::string& name, double fallback) {
    const auto v = a.get(name);
    return v ? parseNumber(*v, "--" + name) : fallback;
}

int theoryMarkov(const std::vector<std::string>& argv) {
    const std::vector<OptionSpec> specs{
        {"n", "N[,N...]", "numbers of processors (required)"},
        {"comm-mean", "MU", "mean of the exponential transfers (default 1)"},
        {"comp-mean", "MU", "mean of the exponential reductions (default 0: none, closed form)"},
        {"replicates", "R", "also simulate R replicates and compare (default 0: chain only)"},
        {"seed", "S", "random seed of the simulation (default 1)"},
        {"threads", "T", "simulation threads (default 0: all)"},
        {"out", "FILE", "write there (atomically) instead of standard output"}};
    const Args a("theory markov", argv, specs, 0);
    if (a.helpAsked()) {
        std::cout << Args::usage("theory markov", "--n N[,N...] [options]", specs)
                  << "\nExpected makespan and variance of Tree-dyn with exponential transfers "
                     "(RR §5, every n)\nand, with --comp-mean, exponential reductions "
                     "(first-step analysis). Columns:\nn,comm_mean,comp_mean,chain_mean,"
                     "chain_variance and with --replicates also\nsim_mean,sim_stderr,"
                     "sim_variance,z (z = (sim_mean - chain_mean) / sim_stderr).\n";
        return 0;
    }
    VerbOutputs out(a, {"out"});
    if (!a.has("n")) {
        throw InputError("theory markov: --n N is required");
    }
    const double muD = number(a, "comm-mean", 1.0);
    const double muC = number(a, "comp-mean", 0.0);
    const auto replicates = static_cast<std::uint64_t>(a.integer("replicates", 0, 0, 1000000000LL));
    std::vector<int> ns;
    for (const std::string& f : splitString(*a.get("n"), ',')) {
        ns.push_back(static_cast<int>(parseInteger(f, "--n", 1, kMaxMarkovProcessors)));
    }
    std::string csv = "n,comm_mean,comp_mean,chain_mean,chain_variance";
    csv += replicates > 0 ? ",sim_mean,sim_stderr,sim_variance,z\n" : "\n";
    for (int n : ns) {
        const MeanVariance m = treeDynMarkov(n, muD, muC);
        csv += std::to_string(n) + "," + formatNumber(muD) + "," + formatNumber(muC) + "," +
               formatNumber(m.mean) + "," + formatNumber(m.variance);
        if (replicates > 0) {
            McConfig c;
            c.algorithms = {AlgorithmId::TreeDyn};
            c.n = n;
            c.costs = CostModel::perOperation(Law::exponential(muD),
                                              muC > 0 ? Law::exponential(muC) : Law::constant(0.0));
            c.replicates = replicates;
            c.seed = static_cast<std::uint64_t>(a.integer("seed", 1, 0, 1LL << 62));
            c.threads = static_cast<int>(a.integer("threads", 0, 0, 1024));
            const McSummary s = runMonteCarlo(c).summaries.front();
            const double z = s.stdError > 0 ? (s.mean - m.mean) / s.stdError : 0.0;
            csv += "," + formatNumber(s.mean) + "," + formatNumber(s.stdError) + "," +
                   formatNumber(s.variance) + "," + formatNumber(z);
        }
        csv += "\n";
    }
    out.commitWith(csv);
    return 0;
}

int theoryRatios(const std::vector<std::string>& argv) {
    const std::vector<OptionSpec> specs{
        {"n", "N", "number of processors (required, >= 2)"},
        {"d", "d", "small transfer cost, for i < j (default 1)"},
        {"D", "D", "large transfer cost, for i > j (default 2)"},
        {"c", "c", "reduction cost of the middle column of Table 1 (default 0.5)"},
        {"out", "FILE", "write there (atomically) instead of standard output"}};
    const Args a("theory ratios", argv, specs, 0);
    if (a.helpAsked()) {
        std::cout
            << Args::usage("theory ratios", "--n N [--d d --D D --c c]", specs)
            << "\nRR §4 Table 1 on the instance d[i][j] = d (i < j), D (i > j): for each "
               "theorem and\nalgorithm, the bound, the measured makespan, the ceil(log2 n)·min d "
               "lower bound, the optimum\nof the instance, their ratio and whether the "
               "bound is reached (CSV).\n";
        return 0;
    }
    VerbOutputs out(a, {"out"});
    if (!a.has("n")) {
        throw InputError("theory ratios: --n N is required");
    }
    const int n = static_cast<int>(a.integer("n", 0, 2, 1 << 20));
    out.commitWith(ratiosCsv(
        worstCaseRatios(n, number(a, "d", 1.0), number(a, "D", 2.0), number(a, "c", 0.5))));
    return 0;
}

std::vector<double> clusterTimes(const Args& a, const std::string& verb) {
    if (a.has("times") == a.has("preset")) {
        throw InputError(verb + ": give exactly one of --times t0,t1,... and --preset SPEC");
    }
    if (a.has("times")) {
        std::vector<double> t;
        for (const std::string& f : splitString(*a.get("times"), ',')) {
            const double v = parseNumber(f, "--times");
            if (!std::isfinite(v) || v < 0.0) {
                throw InputError(verb + ": transmission time " + f + " must be finite and >= 0");
            }
            t.push_back(v);
        }
        if (t.empty()) {
            throw InputError(verb + ": --times is empty");
        }
        return t;
    }
    const FixedCosts f = parsePreset(*a.get("preset"), 0);
    const std::string why = senderOnlyViolation(f);
    if (!why.empty()) {
        throw InputError(verb + ": preset '" + *a.get("preset") +
                         "' is not a Liu-Wang cluster: " + why);
    }
    return senderTimes(f);
}

int theorySchedule(const std::vector<std::string>& argv, bool optimum) {
    const std::string verb = optimum ? "theory optimum" : "theory snf";
    const std::vector<OptionSpec> specs{
        {"times", "t0,t1,...", "transmission time of each processor (sender-only costs)"},
        {"preset", "SPEC", "or a Liu-Wang preset: liuwang-fig1, liuwang-fig8:X, senderonly:..."},
        {"out", "FILE", "write there (atomically) instead of standard output"}};
    const Args a(verb, argv, specs, 0);
    if (a.helpAsked()) {
        std::cout << Args::usage(verb, "--times t0,t1,... | --preset SPEC", specs)
                  << (optimum ? "\nThe exact optimum of a Liu-Wang cluster: the best EP "
                                "schedule over every sender order\n(at most " +
                                    std::to_string(kMaxOptimumSequences) +
                                    " distinct orders; equal times count once)."
                              : "\nLiu-Wang's slowest-node-first schedule: the n - 1 fastest "
                                "processors, slowest first,\nstart as early as possible (EP).")
                  << "\nPrints the schedule as CSV (kind,processor,peer,start,end,duration,value), "
                     "then a\nline 'senders P..' and a last line 'makespan VALUE'.\n";
        return 0;
    }
    VerbOutputs out(a, {"out"});
    const std::vector<double> t = clusterTimes(a, verb);
    std::vector<int> senders;
    if (optimum) {
        senders = epOptimum(t).senders;
    } else {
        senders = snfSenders(t);
    }
    Schedule s = epSchedule(t, senders);
    s.algorithm = optimum ? "Optimum" : "SNF";
    std::string csv = scheduleCsv(s);
    csv += "senders";
    for (int p : senders) {
        csv += " P" + std::to_string(p);
    }
    csv += "\nmakespan " + formatNumber(s.makespan) + "\n";
    out.commitWith(csv);
    return 0;
}

} // namespace

int cmdTheory(const std::vector<std::string>& argv) {
    if (argv.empty()) {
        std::cout << kTheoryHelp;
        throw InputError("theory: a subcommand is required (markov, ratios, snf, optimum)");
    }
    const std::string sub = argv[0];
    const std::vector<std::string> rest(argv.begin() + 1, argv.end());
    if (sub == "--help" || sub == "-h") {
        std::cout << kTheoryHelp;
        return 0;
    }
    if (sub == "markov") {
        return theoryMarkov(rest);
    }
    if (sub == "ratios") {
        return theoryRatios(rest);
    }
    if (sub == "snf" || sub == "optimum") {
        return theorySchedule(rest, sub == "optimum");
    }
    throw InputError("theory: unknown subcommand '" + sub +
                     "' (known: markov, ratios, snf, optimum)");
}

} // namespace rl::cli
