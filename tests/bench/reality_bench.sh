#!/usr/bin/env bash
# The tables of docs/validation.md: reducelab-mpi run against its simulation, and real data
# against Open MPI's own MPI_Reduce. Prints them as Markdown on standard output.
#   1. The four paper algorithms at n = 8, 16, 32 ranks and 5, 20, 50 ms per model unit
#      (--time-unit), K replicates each (--replicates K): mean and maximum relative difference of
#      the makespans, share of measured trees equal to the simulated ones, and the excess of the
#      measured makespan over the simulated one per transfer on the critical path's depth
#      (ceil(log2 n) levels), in ms.
#   2. --payload B (sum of 64-bit integers) for B = 8 B, 64 KiB, 1 MiB at n = 8 and 16: the
#      makespan of each algorithm's real execution (mean over K) against MPI_Reduce's (mean
#      over K calls, tests/bench/mpi_reduce_time.c, built here with mpicc).
# Usage: reality_bench.sh BIN_DIR [K]   (default K = 3; docs/validation.md says which K it shows)
set -euo pipefail
bin=$1
k=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mpi() { mpirun --oversubscribe -n "$@"; }
laws=(--comm gamma:1:0.5 --comp gamma:0.5:0.5)

echo "| algorithm | n | ms per unit | mean rel. diff. | max rel. diff. | same tree | excess per level (ms) |"
echo "|---|---|---|---|---|---|---|"
for algo in binomial fibonacci tree-dyn nctd; do
    for n in 8 16 32; do
        for ms in 5 20 50; do
            unit=$(python3 -c "print($ms / 1000)")
            mpi "$n" "$bin/reducelab-mpi" run --algo "$algo" --time-unit "$unit" \
                --replicates "$k" "${laws[@]}" --out "$work/r.csv" 2>/dev/null
            python3 - "$work/r.csv" "$algo" "$n" "$ms" <<'PY'
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1])))
n, ms = int(sys.argv[3]), float(sys.argv[4])
rel = [abs(float(r["relative_error"])) for r in rows]
excess = [(float(r["measured"]) - float(r["simulated"])) * ms for r in rows]
levels = math.ceil(math.log2(n))
print(f"| {sys.argv[2]} | {n} | {ms:g} | {100 * sum(rel) / len(rel):.2f} % | "
      f"{100 * max(rel):.2f} % | {sum(int(r['same_tree']) for r in rows)}/{len(rows)} | "
      f"{sum(excess) / len(excess) / levels:.3f} |")
PY
        done
    done
done

echo
mpicc -O2 -o "$work/mpi_reduce_time" "$here/mpi_reduce_time.c"
echo "| payload | n | Binomial-stat | Fibonacci-stat | Tree-dyn | Non-Commut-Tree-dyn | MPI_Reduce |"
echo "|---|---|---|---|---|---|---|"
for bytes in 8 65536 1048576; do
    for n in 8 16; do
        line="| $bytes B | $n |"
        for algo in binomial fibonacci tree-dyn nctd; do
            mpi "$n" "$bin/reducelab-mpi" run --algo "$algo" --payload "$bytes" --replicates "$k" \
                --out "$work/r.csv" 2>/dev/null
            mean=$(python3 -c "import csv,sys; r=list(csv.DictReader(open('$work/r.csv'))); print(f'{1e3*sum(float(x[\"measured\"]) for x in r)/len(r):.3f} ms')")
            line="$line $mean |"
        done
        ref=$(mpi "$n" "$work/mpi_reduce_time" "$bytes" "$k")
        line="$line $(python3 -c "print(f'{1e3*$ref:.3f} ms')") |"
        echo "$line"
    done
done
