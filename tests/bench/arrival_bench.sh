#!/usr/bin/env bash
# The late-arrival experiment of docs/validation.md: ranks that reach the reduction at drawn
# times (a gamma law of mean 2 units and CV 0 to 3; CV 0 is every rank at t = 2), Open MPI's
# default tree (ompi-default, the tree Open MPI 4.1 picks for n ranks and 8 bytes) against
# Tree-dyn, each executed over real MPI messages with the drawn costs and arrivals injected
# (reducelab-mpi run --arrival --time-unit) and simulated on the same draws. Prints a Markdown
# table: for each CV the mean measured and simulated makespans of both over K replicates, and
# the gain of Tree-dyn (1 - tree-dyn / ompi-default), measured and predicted.
# Usage: arrival_bench.sh BIN_DIR [N] [K] [MS]   (defaults: 8 ranks, K = 10, 20 ms per unit)
set -euo pipefail
bin=$1
n=${2:-8}
k=${3:-10}
ms=${4:-20}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unit=$(python3 -c "print($ms / 1000)")
laws=(--comm gamma:1:0.5 --comp gamma:0.5:0.5)

echo "| arrival CV | ompi-default measured | simulated | tree-dyn measured | simulated | gain measured | gain predicted |"
echo "|---|---|---|---|---|---|---|"
for cv in 0 0.5 1 2 3; do
    # gamma:MEAN:CV (docs/model.md §2); CV 0: a constant.
    law=$([ "$cv" = 0 ] && echo const:2 || echo "gamma:2:$cv")
    for algo in ompi-default tree-dyn; do
        mpirun --oversubscribe -n "$n" "$bin/reducelab-mpi" run --algo "$algo" \
            --time-unit "$unit" --arrival "$law" --seed 1 --replicates "$k" "${laws[@]}" \
            --out "$work/$algo.csv" 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
    done
    python3 - "$work/ompi-default.csv" "$work/tree-dyn.csv" "$cv" <<'PY'
import csv, sys
def means(path):
    rows = list(csv.DictReader(open(path)))
    return (sum(float(r["measured"]) for r in rows) / len(rows),
            sum(float(r["simulated"]) for r in rows) / len(rows))
om, osim = means(sys.argv[1])
tm, tsim = means(sys.argv[2])
print(f"| {sys.argv[3]} | {om:.3f} | {osim:.3f} | {tm:.3f} | {tsim:.3f} | "
      f"{100 * (1 - tm / om):.1f} % | {100 * (1 - tsim / osim):.1f} % |")
PY
done
