// reducelab-mpi: the mc and sweep verbs of reducelab-cli, with the same options and the same
// output bytes, their Monte Carlo units spread over MPI ranks (mpi/mpi_executor.h). Rank 0
// parses the command line, checks the outputs, prints progress and writes the files; the other
// ranks only compute. And `run`: one reduction executed for real, every rank one processor
// (mpi_run.h, mpi/real_reduction.h), which every rank parses.
#include "cli_commands.h"
#include "figure_renderer.h"
#include "mpi/mpi_executor.h"
#include "mpi_run.h"

#include <mpi.h>

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

int main(int argc, char** argv) {
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    int rank = 0;
    int ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    int code = 0;
    // The algorithms every rank knows: the built-ins.
    const rl::AlgorithmCatalog catalog;
    if (argc > 1 && std::string_view(argv[1]) == "run") {
        std::signal(SIGPIPE, SIG_IGN);
        const auto figures = rl::cli::makeFigureRenderer("reducelab-mpi");
        rl::cli::CliEnvironment env;
        env.program = "reducelab-mpi";
        env.algorithms = catalog;
        env.figures = figures.get();
        code =
            rl::cli::mpiRun(std::vector<std::string>(argv + 2, argv + argc), env, MPI_COMM_WORLD);
        MPI_Finalize();
        return code;
    }
    if (rank == 0) {
        // As reducelab-cli: a reader gone from standard output is an error the writer undoes,
        // not a SIGPIPE in the middle of a commit.
        std::signal(SIGPIPE, SIG_IGN);
        // Rank 0 draws the figures (a full build; none in a build without Qt).
        const auto figures = rl::cli::makeFigureRenderer("reducelab-mpi");
        rl::mpi::MpiExecutor executor(ranks);
        const std::vector<std::string> args(argv + 1, argv + argc);
        rl::cli::CliEnvironment env;
        env.program = "reducelab-mpi";
        env.executor = &executor;
        env.onlyMonteCarloVerbs = true;
        env.extraVerbHelp = "  run       execute one reduction for real, every rank one processor, "
                            "beside its simulation\n";
        env.algorithms = catalog;
        env.figures = figures.get();
        code = rl::cli::runCli(args, env);
        const double cpu = executor.stopWorkers();
        // A measurement aid (docs/cluster.md, the scaling model), outside the CLI's options,
        // which are exactly reducelab-cli's: what rank 0 received and sent, and the CPU time
        // its main thread spent in the jobs (the serial part) against every rank's.
        if (std::getenv("REDUCELAB_MPI_STATS") != nullptr) {
            const auto points = std::max<std::uint64_t>(executor.pointsReceived(), 1);
            std::fprintf(stderr,
                         "reducelab-mpi: %d ranks; rank 0 received %llu bytes (%llu per point) "
                         "in %llu messages, sent %llu; rank 0's main thread %.3f CPU s of %.3f "
                         "in all (%.3f %%)\n",
                         ranks, static_cast<unsigned long long>(executor.bytesReceived()),
                         static_cast<unsigned long long>(executor.bytesReceived() / points),
                         static_cast<unsigned long long>(executor.messagesReceived()),
                         static_cast<unsigned long long>(executor.bytesSent()),
                         executor.serialCpuSeconds(), cpu,
                         100.0 * executor.serialCpuSeconds() / std::max(cpu, 1e-9));
        }
    } else {
        code = rl::mpi::workerLoop(rank, catalog);
    }
    MPI_Finalize();
    return code;
}
