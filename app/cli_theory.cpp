#include "cli_commands.h"

#include "cli_args.h"

#include "algorithms/ep_optimum.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "experiment/monte_carlo.h"
#include "schedule/schedule_csv.h"
#include "studies/theory_study.h"

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

int theoryMarkov(const std::vector<std::string>& argv) {
    const std::vector<OptionSpec> specs{
        {"n", "N[,N...]", "numbers of processors (required)"},
        {"comm-mean", "MU",
         "mean of the exponential transfers (default " + formatNumber(MarkovStudy{}.transferMean) +
             ")"},
        {"comp-mean", "MU", "mean of the exponential reductions (default 0: none, closed form)"},
        {"replicates", "R", "also simulate R replicates and compare (default 0: chain only)"},
        {"seed", "S",
         "random seed of the simulation (default " + std::to_string(MarkovStudy{}.seed) + ")"},
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
    const std::string sizes = a.required("n", "N");
    MarkovStudy study;
    study.transferMean = a.number("comm-mean", study.transferMean);
    study.reductionMean = a.number("comp-mean", study.reductionMean);
    study.replicates = static_cast<std::uint64_t>(
        a.integer("replicates", 0, 0, static_cast<long long>(MarkovStudy::kMaxReplicates)));
    for (const std::string& f : splitString(sizes, ',')) {
        study.sizes.push_back(static_cast<int>(parseInteger(f, "--n", 1, kMaxMarkovProcessors)));
    }
    study.seed = static_cast<std::uint64_t>(
        a.integer("seed", static_cast<long long>(study.seed), 0, 1LL << 62));
    study.threads = static_cast<int>(a.integer("threads", 0, 0, kMaxThreads));
    const auto rows = runMarkovStudy(study);
    std::string csv = "n,comm_mean,comp_mean,chain_mean,chain_variance";
    csv += study.replicates > 0 ? ",sim_mean,sim_stderr,sim_variance,z\n" : "\n";
    // Field by field (GCC 12 warns falsely on long chains of string concatenation).
    const auto field = [&csv](double v) {
        csv += ',';
        csv += formatNumber(v);
    };
    for (const MarkovCheck& m : *rows) {
        csv += std::to_string(m.n);
        for (double v : {study.transferMean, study.reductionMean, m.chain.mean, m.chain.variance}) {
            field(v);
        }
        if (study.replicates > 0) {
            for (double v : {m.simMean, m.simStdError, m.simVariance, m.z()}) {
                field(v);
            }
        }
        csv += '\n';
    }
    out.commitWith(csv);
    return 0;
}

int theoryRatios(const std::vector<std::string>& argv) {
    const std::vector<OptionSpec> specs{
        {"n", "N", "number of processors (required, >= 2)"},
        {"d", "d",
         "small transfer cost, for i < j (default " + formatNumber(RatiosStudy{}.d) + ")"},
        {"D", "D",
         "large transfer cost, for i > j (default " + formatNumber(RatiosStudy{}.bigD) + ")"},
        {"c", "c",
         "reduction cost of the middle column of Table 1 (default " +
             formatNumber(RatiosStudy{}.c) + ")"},
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
    RatiosStudy study;
    study.n = static_cast<int>(a.integer("n", 0, RatiosStudy::kMinN, RatiosStudy::kMaxN));
    study.d = a.number("d", study.d);
    study.bigD = a.number("D", study.bigD);
    study.c = a.number("c", study.c);
    out.commitWith(ratiosCsv(*runRatiosStudy(study)));
    return 0;
}

std::vector<double> clusterTimes(const Args& a, const std::string& verb) {
    const auto times = a.get("times");
    const auto preset = a.get("preset");
    if (times.has_value() == preset.has_value()) {
        throw InputError(verb + ": give exactly one of --times t0,t1,... and --preset SPEC");
    }
    return times ? parseClusterTimes(*times, "--times", verb + ": ")
                 : clusterPresetTimes(*preset, verb + ": ");
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
    const ClusterSchedule c = clusterSchedule(clusterTimes(a, verb), optimum);
    std::string csv = scheduleCsv(c.schedule);
    csv += "senders";
    for (int p : c.senders) {
        csv += " P" + std::to_string(p);
    }
    csv += "\nmakespan " + formatNumber(c.schedule.makespan) + "\n";
    out.commitWith(csv);
    return 0;
}

} // namespace

int cmdTheory(const std::vector<std::string>& argv) {
    if (argv.empty()) {
        std::cout << kTheoryHelp;
        throw InputError("theory: a subcommand is required (markov, ratios, snf, optimum)");
    }
    const std::string& sub = argv[0];
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
