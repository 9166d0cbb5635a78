#!/usr/bin/env bash
# reducelab-mpi against reducelab-cli: for 1, 2 and 3 ranks (oversubscribed) and 1 or 2
# threads, reduced `sweep fig4`, `sweep fig5` (with its figure), `sweep fig6` and `mc --algo all`
# (exact and streaming quantiles) give the same bytes, also with units handed out through a group
# leader; rank 0 receives a few kB per point; a checkpointed sweep killed after some points and
# resumed gives the same bytes; a failing rank ends the job with a message and no output; a
# refused command exits 2 with one line. A build without figures refuses the figure before any
# computation, and its results are redrawn as a web page.
# Usage: test_mpi.sh BIN_DIR MPIEXEC figures|no-figures
set -uo pipefail
bin=$1
mpiexec=$2
figures=${3:-figures}
# As root (CI, containers), Open MPI refuses to start without these.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export QT_QPA_PLATFORM=offscreen
# Without a network, Open MPI's TCP transport may look for interfaces; loopback and shared
# memory are all a one-machine test needs.
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
check() { # check NAME COMMAND...: 0 or report
    if "$@"; then echo "PASS: $name"; else echo "FAIL: $name"; fail=1; fi
}
mpi() { # mpi RANKS ARGS...
    local n=$1
    shift
    "$mpiexec" --oversubscribe -n "$n" "$bin/reducelab-mpi" "$@"
}

cases=(
    "sweep fig4 --n 24 --replicates 2100 --cv 0.05:5:5"
    "sweep fig5 --n 16 --replicates 1500 --cv 0.1:3:4 --ratio 0.5:2:3"
    "sweep fig6 --n 12 --replicates 1100 --cv 0.05:0.5:3 --ratio 0.3:3:3 --family uniform"
    "mc --algo all --n 20 --replicates 5000 --comm gamma:1:2 --comp uniform:0.5:0.3"
    "mc --algo binomial,tree-dyn --n 9 --replicates 4000 --exact-limit 1000 --comm exp:2"
    "mc --algo all --preset worstcase:1:3:0.5 --n 8 --replicates 1500"
)
for k in "${!cases[@]}"; do
    read -r -a args <<<"${cases[$k]}"
    "$bin/reducelab-cli" "${args[@]}" --out "$work/cli$k.csv" --quiet
    # Each case on ranks 1, 2, 3 with 1 or 2 threads, rotating with the case: each of the six
    # (ranks, threads) pairs is met three times, at half the mpiruns of the full grid.
    for n in 1 2 3; do
        t=$(((n + k) % 2 + 1))
        name="ranks=$n threads=$t: ${cases[$k]}"
        mpi "$n" "${args[@]}" --threads "$t" --quiet --out "$work/mpi.csv" &&
            check cmp -s "$work/cli$k.csv" "$work/mpi.csv"
        [ -s "$work/mpi.csv" ] || { echo "FAIL: $name (no output)"; fail=1; }
        rm -f "$work/mpi.csv"
    done
done

# Units handed out through a group leader (rank 1 serves rank 2 and asks rank 0 for ranges of
# units, as beyond 64 ranks), and rank 0 running no unit (as beyond 16 ranks), give the same
# bytes too.
for k in 1 3; do
    name="ranks=3 in a group of 2 (a leader dispenses units), rank 0 runs none: ${cases[$k]}"
    read -r -a args <<<"${cases[$k]}"
    REDUCELAB_MPI_GROUP=2 REDUCELAB_MPI_RANK0_UNITS=0 mpi 3 "${args[@]}" --threads 2 --quiet \
        --out "$work/mpi.csv" && check cmp -s "$work/cli$k.csv" "$work/mpi.csv"
    [ -s "$work/mpi.csv" ] || { echo "FAIL: $name (no output)"; fail=1; }
    rm -f "$work/mpi.csv"
done

# Rank 0 receives each point's summary and analysis, not its makespans: a point of 20 blocks
# (320 kB of makespans) brings rank 0 about 1 kB.
name="rank 0 receives at most 8 kB per point"
REDUCELAB_MPI_STATS=1 mpi 3 sweep fig5 --n 12 --replicates 20000 --cv 0.1:1:2 --ratio 1 \
    --quiet --out "$work/stats.csv" 2>"$work/stats.err"
per_point=$(grep -o '([0-9]* per point)' "$work/stats.err" | grep -o '[0-9]*')
echo "   $(cat "$work/stats.err")"
check test -n "$per_point" -a "${per_point:-99999}" -le 8192
"$bin/reducelab-cli" sweep fig5 --n 12 --replicates 20000 --cv 0.1:1:2 --ratio 1 --quiet \
    --out "$work/stats-cli.csv"
name="... with the same bytes"
check cmp -s "$work/stats-cli.csv" "$work/stats.csv"

fig=(sweep fig5 --n 10 --replicates 1200 --cv 0.1:3:3 --ratio 0.5:2:3 --quiet)
if [ "$figures" = figures ]; then
    # The figure drawn by rank 0 is the one reducelab-cli draws.
    "$bin/reducelab-cli" "${fig[@]}" --svg "$work/cli.svg" --out "$work/cli-fig.csv"
    mpi 2 "${fig[@]}" --svg "$work/mpi.svg" --out "$work/mpi-fig.csv"
    name="fig5 figure (SVG) and CSV from 2 ranks"
    check cmp -s "$work/cli.svg" "$work/mpi.svg"
    check cmp -s "$work/cli-fig.csv" "$work/mpi-fig.csv"
    name="fig5 results sidecar from 2 ranks (what plot and the GUI reopen)"
    check cmp -s "$work/cli-fig.csv.json" "$work/mpi-fig.csv.json"
    name="plot redraws the cluster's figure from its results"
    check "$bin/reducelab-cli" plot "$work/mpi-fig.csv" --svg "$work/replot.svg"
    check cmp -s "$work/cli.svg" "$work/replot.svg"
else
    # Without figures: refused at once (exit 2, one line naming the way to the figure), nothing
    # written; the results and their web page are the same as reducelab-cli's.
    name="a figure is refused before any computation, with one line"
    mpi 2 "${fig[@]}" --svg "$work/mpi.svg" --out "$work/mpi-fig.csv" 2>"$work/nofig.err"
    code=$?
    check test "$code" -eq 2 -a ! -e "$work/mpi.svg" -a ! -e "$work/mpi-fig.csv"
    check test "$(grep -c "reducelab-mpi: error:" "$work/nofig.err")" -eq 1
    check grep -q "reducelab-mpi: error: sweep: --svg: this build of reducelab-mpi draws no figures (built without Qt): .*reducelab-cli plot FILE.csv" "$work/nofig.err"
    "$bin/reducelab-cli" "${fig[@]}" --html "$work/cli.html" --out "$work/cli-fig.csv"
    mpi 2 "${fig[@]}" --html "$work/mpi.html" --out "$work/mpi-fig.csv"
    name="fig5 web page, CSV and sidecar from 2 ranks"
    check test -s "$work/mpi.html"
    check cmp -s "$work/cli-fig.csv" "$work/mpi-fig.csv"
    check cmp -s "$work/cli-fig.csv.json" "$work/mpi-fig.csv.json"
    name="plot redraws the cluster's results as reducelab-cli's web page"
    check "$bin/reducelab-cli" plot "$work/mpi-fig.csv" --html "$work/replot.html"
    check cmp -s "$work/cli.html" "$work/replot.html"
fi

# Checkpoint: kill the job (SIGKILL, as a batch system does at its time limit) once some points
# are recorded, resume, and compare with an uninterrupted run.
job=(sweep fig5 --n 512 --replicates 4000 --cv 0.1:3:8 --ratio 0.5:2:5 --threads 1)
"$bin/reducelab-cli" "${job[@]}" --quiet --out "$work/straight.csv"
setsid "$mpiexec" --oversubscribe -n 2 "$bin/reducelab-mpi" "${job[@]}" --quiet \
    --checkpoint "$work/job.ckpt" --out "$work/resumed.csv" &
pid=$!
for _ in $(seq 1 600); do
    # A checkpoint of no point is 55 bytes (first line, job, count, checksum): more means some
    # points are recorded.
    [ -f "$work/job.ckpt" ] && [ "$(stat -c %s "$work/job.ckpt")" -gt 55 ] && break
    sleep 0.05
done
kill -KILL -- -"$pid" 2>/dev/null
wait "$pid" 2>/dev/null
name="killed job left no output and a checkpoint"
check test ! -e "$work/resumed.csv" -a -s "$work/job.ckpt"
# --progress: the resume notice comes with the progress report.
mpi 2 "${job[@]}" --progress --checkpoint "$work/job.ckpt" --out "$work/resumed.csv" \
    2>"$work/resume.err"
resumed=$(grep -o 'resuming from .*: [0-9]* of [0-9]* points done' "$work/resume.err")
echo "   $resumed"
done_points=$(echo "$resumed" | grep -o ': [0-9]* of' | grep -o '[0-9]*')
name="resumed after some points (0 < done < 40)"
check test -n "$done_points" -a "${done_points:-0}" -gt 0 -a "${done_points:-40}" -lt 40
name="resumed job gives the uninterrupted bytes"
check cmp -s "$work/straight.csv" "$work/resumed.csv"
name="checkpoint removed at the end"
check test ! -e "$work/job.ckpt"
name="a checkpoint of another job is refused with exit 2"
other=(sweep fig4 --n 8 --replicates 3000 --quiet --checkpoint "$work/other.ckpt")
# A command that fails at its commit keeps its checkpoint: one of a job with another grid.
"$bin/reducelab-cli" "${other[@]}" --cv 0.1:1:2 --out /dev/full 2>/dev/null
mpi 1 "${other[@]}" --cv 0.1:1:3 --out "$work/o2.csv" 2>"$work/other.err"
code=$?
check test "$code" -eq 2 -a ! -e "$work/o2.csv"
name="... naming the problem"
check grep -q "belongs to another job" "$work/other.err"

# A failing rank ends the job: a message naming it, a non-zero exit, no output file.
name="a failing rank ends the job without output"
REDUCELAB_MPI_FAIL_RANK=2 mpi 3 sweep fig4 --n 8 --replicates 3000 --quiet \
    --out "$work/failed.csv" 2>"$work/failed.err"
code=$?
check test "$code" -ne 0 -a ! -e "$work/failed.csv"
name="... and says which rank failed"
check grep -q "reducelab-mpi: error: rank 2 failed" "$work/failed.err"

# Refusals on rank 0 are those of reducelab-cli: exit 2, one line, nothing computed.
name="refused command: exit 2 and one line"
mpi 2 sweep fig5 --replicates 0 2>"$work/refused.err" >/dev/null
code=$?
check test "$code" -eq 2 -a "$(grep -c 'reducelab-mpi: error:' "$work/refused.err")" -eq 1
name="--version"
check test "$(mpi 2 --version)" = "$("$bin/reducelab-cli" --version | sed 's/reducelab-cli/reducelab-mpi/')"
exit $fail
