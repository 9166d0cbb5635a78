// reducelab-mpi: the mc and sweep verbs of reducelab-cli, with the same options and the same
// output bytes, their Monte Carlo units spread over MPI ranks (mpi_executor.h). Rank 0 parses
// the command line, checks the outputs, prints progress and writes the files; the other ranks
// only compute.
#include "cli_commands.h"
#include "figure_render.h"
#include "mpi_executor.h"

#include "common/qt_messages.h"

#include <mpi.h>

#include <cstdio>
#include <cstdlib>

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
    if (rank == 0) {
        rl::installQtMessageHandler("reducelab-mpi");
        const auto app = rl::cli::makeCliApplication(argc, argv);
        rl::mpi::MpiExecutor executor(ranks);
        const std::vector<std::string> args(argv + 1, argv + argc);
        code = rl::cli::runCli(args, {"reducelab-mpi", &executor, true, catalog});
        executor.stopWorkers();
        // A measurement aid (README, MPI: communication volume), outside the CLI's options,
        // which are exactly reducelab-cli's.
        if (std::getenv("REDUCELAB_MPI_STATS") != nullptr) {
            std::fprintf(stderr, "reducelab-mpi: %d ranks; rank 0 received %llu bytes, sent %llu\n",
                         ranks, static_cast<unsigned long long>(executor.bytesReceived()),
                         static_cast<unsigned long long>(executor.bytesSent()));
        }
    } else {
        code = rl::mpi::workerLoop(rank, catalog);
    }
    MPI_Finalize();
    return code;
}
