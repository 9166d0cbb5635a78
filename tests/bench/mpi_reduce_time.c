/* Open MPI's own MPI_Reduce, timed as reducelab-mpi run --payload times its real execution: the
 * ranks leave a barrier, and the time until the root holds the result, on the root's clock.
 * Prints the mean over REPEATS calls of uint64 sums of BYTES per rank (tests/bench/reality_bench.sh).
 * Usage: mpirun -n N mpi_reduce_time BYTES REPEATS */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const long bytes = argc > 1 ? atol(argv[1]) : 8;
    const int repeats = argc > 2 ? atoi(argv[2]) : 3;
    const long count = bytes / 8;
    uint64_t* in = malloc((size_t)count * 8);
    uint64_t* out = malloc((size_t)count * 8);
    for (long k = 0; k < count; ++k) {
        in[k] = (uint64_t)(rank + 1) * (uint64_t)(k + 1);
    }
    double total = 0.0;
    for (int r = 0; r < repeats; ++r) {
        MPI_Barrier(MPI_COMM_WORLD);
        const double start = MPI_Wtime();
        MPI_Reduce(in, out, (int)count, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
        total += MPI_Wtime() - start;
    }
    if (rank == 0) {
        printf("%.9g\n", total / repeats);
    }
    free(in);
    free(out);
    MPI_Finalize();
    return 0;
}
