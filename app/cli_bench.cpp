#include "cli_commands.h"

#include "cli_args.h"
#include "cli_policy.h"

#include "algorithms/algorithm_registry.h"
#include "algorithms/simulator.h"
#include "base/cpu_time.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "experiment/monte_carlo.h"
#include "experiment/time_breakdown.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <thread>

namespace rl::cli {

namespace {

/// One measurement: replicates of `c` calibrated to last about `seconds`, with its wall and
/// CPU time. CPU time as well as wall time: on a loaded machine the wall-clock rate measures
/// the neighbours, the rate per CPU second still measures the code.
struct Measured {
    std::uint64_t replicates = 0;
    double seconds = 0.0;
    double cpuSeconds = 0.0;
};

Measured measure(McConfig c, double seconds) {
    c.quantiles = {};
    // A probe of about 2^18 transfers (4096 replicates at n = 64, 16 at n = 16384), so that
    // large platforms are not run for long before the measurement itself.
    const double probeReplicates =
        std::clamp(std::floor(262144.0 / std::max(c.n, 1)), 16.0, 4096.0);
    c.replicates = static_cast<std::uint64_t>(probeReplicates);
    const McResult probe = runMonteCarlo(c);
    c.replicates = static_cast<std::uint64_t>(
        std::max(probeReplicates, probeReplicates * seconds / std::max(probe.seconds, 1e-6)));
    const double cpu0 = processCpuSeconds();
    const McResult r = runMonteCarlo(c);
    return {c.replicates, r.seconds, std::max(processCpuSeconds() - cpu0, 1e-9)};
}

// Nanoseconds to a tenth: their noise is larger than that.
std::string tenths(double ns) {
    return formatNumber(std::round(ns * 10.0) / 10.0);
}

} // namespace

int cmdBench(const std::vector<std::string>& argv, const CliEnvironment& env) {
    std::vector<OptionSpec> specs{
        {"seconds", "S", "target duration of each measurement (default 1)"},
        {"n", "N", "number of processors (default 64)"},
        {"algo", "LIST", "algorithms to measure (default all)"},
        {"growth", "",
         "instead: nanoseconds per transfer for n = 16, 64, ..., 65536 (CPU time, one thread)"},
        {"breakdown", "",
         "instead: per replicate, nanoseconds of CPU in all, in drawing, and in the run on the "
         "same draws every time (one thread)"},
        {"large", "", "also time one Tree-dyn run with n = 2^20 (schedule and makespan only)"},
        {"out", "FILE", "write the CSV there instead of standard output"},
    };
    addPolicyOption(specs, env);
    const auto progress = progressOptions();
    specs.insert(specs.end(), progress.begin(), progress.end());
    const Args a("bench", argv, specs, 0);
    if (a.helpAsked()) {
        std::cout << Args::usage("bench", "[options]", specs)
                  << "\nMeasures simulations per second of every algorithm at CV 0.1, 1 and 3 "
                     "(gamma transfers of\n"
                     "mean 1, no reduction cost, as in the paper's Fig. 4) and with reductions "
                     "(gamma transfers\n"
                     "and reductions of mean 1 and CV 1), with one thread and with all. "
                     "sims_per_cpu_second\n"
                     "divides by the CPU time of all threads: it measures the code rather than "
                     "the neighbours.\n"
                     "--growth measures how the cost grows with n (CV 1, no reduction cost).\n"
                     "--breakdown splits a replicate's CPU time, in the same four settings: "
                     "total_ns (draws and\n"
                     "run, as Monte Carlo makes them), draw_ns (the draws alone), run_ns (their "
                     "difference) and\n"
                     "run_same_draws_ns (the run repeated on one pair of replicates' draws: its "
                     "branches then\n"
                     "repeat and are predicted, so run_ns - run_same_draws_ns estimates what "
                     "mispredicted\n"
                     "branches cost).\n";
        return 0;
    }
    VerbOutputs out(a, {"out"});
    const double seconds = parseNumber(a.get("seconds", "1"), "--seconds");
    if (!(seconds > 0.0 && seconds <= 600.0)) {
        throw InputError("bench: --seconds must be in (0, 600]");
    }
    const std::vector<Algorithm> algos = parseAlgorithmList(a.get("algo", "all"), env.algorithms);
    ProgressLine line(a, "bench");
    std::string csv;
    // The four settings of the default table and of --breakdown.
    struct Setting {
        double cv;
        Law reduction;
    };
    const std::vector<Setting> settings{{0.1, Law::constant(0.0)},
                                        {1.0, Law::constant(0.0)},
                                        {3.0, Law::constant(0.0)},
                                        {1.0, Law::gamma(1.0, 1.0)}};
    if (a.has("growth") && a.has("breakdown")) {
        throw InputError("bench: --growth and --breakdown are two different tables: choose one");
    }
    if (a.has("breakdown")) {
        const int n = static_cast<int>(a.integer("n", 64, 1, kMaxProcessors));
        const std::uint64_t total = algos.size() * settings.size();
        std::uint64_t done = 0;
        line(0, total);
        csv = "algorithm,n,cv,comp,replicates,total_ns,draw_ns,run_ns,run_same_draws_ns\n";
        for (const Algorithm& id : algos) {
            for (const Setting& s : settings) {
                const TimeBreakdown t = measureTimeBreakdown(
                    id, n, CostModel::perOperation(Law::gamma(1.0, s.cv), s.reduction),
                    seconds / 3.0);
                csv += id.key() + "," + std::to_string(n) + "," + formatNumber(s.cv) + "," +
                       s.reduction.toString() + "," + std::to_string(t.replicates) + "," +
                       tenths(t.totalNs) + "," + tenths(t.drawNs) + "," +
                       tenths(t.totalNs - t.drawNs) + "," + tenths(t.sameDrawsNs) + "\n";
                line(++done, total);
            }
        }
        line.finish("done (" + std::to_string(total) + " measurements)");
    } else if (a.has("growth")) {
        if (a.has("n")) {
            throw InputError("bench: --growth measures its own sizes: drop --n");
        }
        const std::vector<int> sizes{16, 64, 256, 1024, 4096, 16384, 65536};
        const std::uint64_t total = algos.size() * sizes.size();
        std::uint64_t done = 0;
        line(0, total);
        csv = "algorithm,n,cv,replicates,cpu_seconds,ns_per_transfer\n";
        for (const Algorithm& id : algos) {
            for (int n : sizes) {
                McConfig c;
                c.algorithms = {id};
                c.n = n;
                c.costs = CostModel::perOperation(Law::gamma(1.0, 1.0), Law::constant(0.0));
                c.threads = 1;
                const Measured m = measure(c, seconds);
                const double transfers = static_cast<double>(m.replicates) * (n - 1);
                csv += id.key() + "," + std::to_string(n) + ",1," + std::to_string(m.replicates) +
                       "," + formatNumber(m.cpuSeconds) + "," +
                       formatNumber(m.cpuSeconds * 1e9 / transfers) + "\n";
                line(++done, total);
            }
        }
        line.finish("done (" + std::to_string(total) + " measurements)");
    } else {
        const int n = static_cast<int>(a.integer("n", 64, 1, kMaxProcessors));
        const int hw = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
        const std::vector<int> threadCounts =
            hw > 1 ? std::vector<int>{1, hw} : std::vector<int>{1};
        const std::uint64_t total = algos.size() * settings.size() * threadCounts.size();
        std::uint64_t done = 0;
        line(0, total);
        csv = "algorithm,n,cv,comp,threads,replicates,seconds,sims_per_second,"
              "sims_per_second_per_thread,sims_per_cpu_second\n";
        for (const Algorithm& id : algos) {
            for (const Setting& s : settings) {
                for (int threads : threadCounts) {
                    McConfig c;
                    c.algorithms = {id};
                    c.n = n;
                    c.costs = CostModel::perOperation(Law::gamma(1.0, s.cv), s.reduction);
                    c.threads = threads;
                    const Measured m = measure(c, seconds);
                    const double rate = static_cast<double>(m.replicates) / m.seconds;
                    const double cpuRate = static_cast<double>(m.replicates) / m.cpuSeconds;
                    csv += id.key() + "," + std::to_string(n) + "," + formatNumber(s.cv) + "," +
                           s.reduction.toString() + "," + std::to_string(threads) + "," +
                           std::to_string(m.replicates) + "," + formatNumber(m.seconds) + "," +
                           std::to_string(static_cast<long long>(rate)) + "," +
                           std::to_string(static_cast<long long>(rate / threads)) + "," +
                           std::to_string(static_cast<long long>(cpuRate)) + "\n";
                    line(++done, total);
                }
            }
        }
        line.finish("done (" + std::to_string(total) + " measurements)");
    }
    if (a.has("large")) {
        const int big = 1 << 20;
        Simulator sim(AlgorithmId::TreeDyn, big, false,
                      CostModel::perOperation(Law::gamma(1.0, 1.0), Law::constant(0.0)));
        auto t0 = std::chrono::steady_clock::now();
        const Schedule s = sim.schedule(1, 0);
        const double tSchedule =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        t0 = std::chrono::steady_clock::now();
        const double m = sim.makespan(1, 0);
        const double tMakespan =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        line.notice("Tree-dyn n=2^20: schedule " + formatNumber(tSchedule) + " s, makespan only " +
                    formatNumber(tMakespan) + " s (makespan " + formatNumber(m) + ", " +
                    std::to_string(s.transfers.size()) + " transfers)");
        csv += "# tree-dyn n=1048576 one schedule: " + formatNumber(tSchedule) +
               " s; makespan only: " + formatNumber(tMakespan) + " s\n";
    }
    out.stage("out", csv);
    out.commit();
    return 0;
}

} // namespace rl::cli
