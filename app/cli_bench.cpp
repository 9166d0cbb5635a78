#include "cli_commands.h"

#include "cli_args.h"

#include "algorithms/algorithm_registry.h"
#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "experiment/monte_carlo.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <iostream>
#include <thread>

namespace rl::cli {

int cmdBench(const std::vector<std::string>& argv) {
    std::vector<OptionSpec> specs{
        {"seconds", "S", "target duration of each measurement (default 1)"},
        {"n", "N", "number of processors (default 64)"},
        {"large", "", "also time one Tree-dyn run with n = 2^20 (schedule and makespan only)"},
        {"out", "FILE", "write the CSV there instead of standard output"},
    };
    const auto progress = progressOptions();
    specs.insert(specs.end(), progress.begin(), progress.end());
    const Args a("bench", argv, specs, 0);
    if (a.helpAsked()) {
        std::cout << Args::usage("bench", "[options]", specs)
                  << "\nMeasures simulations per second of every algorithm at CV 0.1, 1 and 3 "
                     "(gamma transfers of\n"
                     "mean 1, no reduction cost, as in the paper's Fig. 4), with one thread and "
                     "with all.\n";
        return 0;
    }
    VerbOutputs out(a, {"out"});
    const double seconds = parseNumber(a.get("seconds", "1"), "--seconds");
    if (!(seconds > 0.0 && seconds <= 600.0)) {
        throw InputError("bench: --seconds must be in (0, 600]");
    }
    const int n = static_cast<int>(a.integer("n", 64, 1, kMaxProcessors));
    const int hw = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    const std::vector<int> threadCounts = hw > 1 ? std::vector<int>{1, hw} : std::vector<int>{1};
    const std::uint64_t total = algorithms().size() * 3 * threadCounts.size();
    std::uint64_t done = 0;
    ProgressLine line(a, "bench");
    line(0, total);
    std::string csv =
        "algorithm,n,cv,threads,replicates,seconds,sims_per_second,sims_per_second_per_thread,"
        "sims_per_cpu_second\n";
    for (const AlgorithmInfo& info : algorithms()) {
        for (double cv : {0.1, 1.0, 3.0}) {
            for (int threads : threadCounts) {
                McConfig c;
                c.algorithms = {info.id};
                c.n = n;
                c.costs = CostModel::perOperation(Law::gamma(1.0, cv), Law::constant(0.0));
                c.threads = threads;
                c.quantiles = {};
                // Calibrate on a short run, then measure one of about `seconds`.
                c.replicates = 4096;
                const McResult probe = runMonteCarlo(c);
                c.replicates = static_cast<std::uint64_t>(
                    std::max(4096.0, 4096.0 * seconds / std::max(probe.seconds, 1e-6)));
                // CPU time as well as wall time: on a loaded machine the wall-clock rate
                // measures the neighbours, the rate per CPU second still measures the code.
                const std::clock_t cpu0 = std::clock();
                const McResult r = runMonteCarlo(c);
                const double cpuSeconds =
                    static_cast<double>(std::clock() - cpu0) / static_cast<double>(CLOCKS_PER_SEC);
                const double rate = static_cast<double>(c.replicates) / r.seconds;
                const double cpuRate =
                    static_cast<double>(c.replicates) / std::max(cpuSeconds, 1e-9);
                csv += std::string(info.key) + "," + std::to_string(n) + "," + formatNumber(cv) +
                       "," + std::to_string(threads) + "," + std::to_string(c.replicates) + "," +
                       formatNumber(r.seconds) + "," +
                       std::to_string(static_cast<long long>(rate)) + "," +
                       std::to_string(static_cast<long long>(rate / threads)) + "," +
                       std::to_string(static_cast<long long>(cpuRate)) + "\n";
                line(++done, total);
            }
        }
    }
    line.finish("done (" + std::to_string(total) + " measurements)");
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
        std::cerr << "Tree-dyn n=2^20: schedule " << tSchedule << " s, makespan only " << tMakespan
                  << " s (makespan " << m << ", " << s.transfers.size() << " transfers)\n";
        csv += "# tree-dyn n=1048576 one schedule: " + formatNumber(tSchedule) +
               " s; makespan only: " + formatNumber(tMakespan) + " s\n";
    }
    out.stage("out", csv);
    out.commit();
    return 0;
}

} // namespace rl::cli
