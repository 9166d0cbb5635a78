#!/usr/bin/env bash
# libreducelab_mpi_reduce.so in a real MPI program (test_mpi_reduce.c): preloaded under mpirun
# with 2 to 8 ranks, every REDUCELAB_REDUCE algorithm at some size, the program's results equal
# PMPI_Reduce's and the serial product (the program checks them and exits 1 otherwise); the
# digest of every result equals the same program's without the library; rank 0's statistics
# line counts exactly the calls the program made that the library takes over (and it is the
# only line the library writes); invalid settings stop the program at MPI_Init with one line.
# Usage: test_mpi_reduce.sh PROGRAM LIBRARY MPIEXEC
set -uo pipefail
program=$1
library=$2
mpiexec=$3
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Shared memory and loopback only; waiting ranks yield the cores the others need.
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_mpi_yield_when_idle=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
pass() { echo "PASS: $*"; }
failed() { echo "FAIL: $*"; fail=1; }

# run N OUT ERR [VAR=VALUE...]: the program on N ranks, the library preloaded as the docs say
# (LD_PRELOAD on mpirun's command line: the ranks inherit it).
run() { # run N OUT ERR [VAR=VALUE...] [PROGRAM ARGS...]
    local n=$1 out=$2 err=$3
    shift 3
    local vars=()
    while [ $# -gt 0 ] && [[ $1 == *=* ]]; do
        vars+=("$1")
        shift
    done
    [ $# -gt 0 ] || set -- "$program"
    env LD_PRELOAD="$library" "${vars[@]}" timeout 120 "$mpiexec" --oversubscribe -n "$n" "$@" \
        >"$out" 2>"$err"
}
plain() { # plain N OUT: without the library
    timeout 120 "$mpiexec" --oversubscribe -n "$1" "$program" >"$2" 2>"$work/plain.err"
}

declare -A digest_plain
for n in 2 5 8; do
    if plain "$n" "$work/plain$n.out"; then
        digest_plain[$n]=$(grep '^digest ' "$work/plain$n.out")
    else
        failed "without the library, $n ranks: $(tail -3 "$work/plain.err")"
    fi
done

# Every size with auto; each named algorithm at one size too.
cases=("2 auto" "3 auto" "4 auto" "5 auto" "6 auto" "7 auto" "8 auto"
       "3 binomial" "4 fibonacci" "5 tree-dyn" "6 nctd" "5 ompi-binary" "8 ompi-default"
       "6 ompi-chain:2")
for c in "${cases[@]}"; do
    read -r n algo <<<"$c"
    name="$algo, $n ranks"
    out=$work/out
    err=$work/err
    if ! run "$n" "$out" "$err" REDUCELAB_REDUCE="$algo" REDUCELAB_REDUCE_STATS=1; then
        failed "$name: exit status; $(grep -m3 FAIL "$err")"
        continue
    fi
    calls=$(sed -n 's/^calls //p' "$out")
    lines=$(grep -c '^reducelab: ' "$err")
    stats=$(grep '^reducelab: ' "$err")
    if [ "$algo" = tree-dyn ] || [ "$algo" = ompi-binary ] || [ "$algo" = ompi-chain:2 ]; then
        # Tree-dyn and Open MPI's binary tree and chain are for commutative operations: the program's
        # non-commutative calls go to the MPI library, so fewer are taken over.
        intercepted=$(echo "$stats" | sed -n "s/^reducelab: \([0-9]*\) MPI_Reduce calls intercepted ($algo)\$/\1/p")
        [ "$lines" = 1 ] && [ -n "$intercepted" ] && [ "$intercepted" -gt 0 ] &&
            [ "$intercepted" -lt "$calls" ] && pass "$name: $intercepted of $calls calls" ||
            failed "$name: statistics '$stats' for $calls calls"
    else
        [ "$lines" = 1 ] && [ "$stats" = "reducelab: $calls MPI_Reduce calls intercepted ($algo)" ] &&
            pass "$name: $stats" || failed "$name: statistics '$stats' for $calls calls"
    fi
    if [ -n "${digest_plain[$n]:-}" ]; then
        [ "$(grep '^digest ' "$out")" = "${digest_plain[$n]}" ] && pass "$name: results as without the library" ||
            failed "$name: digest $(grep '^digest ' "$out") without the library ${digest_plain[$n]}"
    fi
    grep -q '^threads multiple$' "$out" || echo "note: $name ran without MPI_THREAD_MULTIPLE (no two-thread case)"
done

# REDUCELAB_TRACE: each call's measured schedule at its root, reduce-<world rank>-<call>.csv,
# with n - 1 transfers on n ranks (the program's trace mode: on MPI_COMM_WORLD at rank 0, the
# matrix product at rank 4, then the even ranks at rank 0 and the odd ones at rank 1).
mkdir "$work/trace"
if run 5 "$work/out" "$work/err" REDUCELAB_TRACE="$work/trace" "$program" trace; then
    traced=ok
    for f in "0-000001 4 [0,4]" "4-000001 4 [0,4]" "0-000002 2 [0,2]" "1-000001 1 [0,1]"; do
        read -r file transfers value <<<"$f"
        csv=$work/trace/reduce-$file.csv
        if [ ! -s "$csv" ] || [ "$(head -1 "$csv")" != "kind,processor,peer,start,end,duration,value" ] ||
            [ "$(grep -c '^transfer,' "$csv")" != "$transfers" ] ||
            [ "$(grep '^reduction,' "$csv" | grep -cF "\"$value\"")" != 1 ]; then
            traced="reduce-$file.csv: $(head -c 300 "$csv" 2>/dev/null)"
        fi
    done
    [ "$(ls "$work/trace" | wc -l)" = 4 ] || traced="files: $(ls "$work/trace" | tr '\n' ' ')"
    [ "$traced" = ok ] && pass "REDUCELAB_TRACE: four measured schedules" || failed "REDUCELAB_TRACE: $traced"
else
    failed "REDUCELAB_TRACE run: $(tail -3 "$work/err")"
fi

# Without REDUCELAB_REDUCE_STATS the library writes nothing.
if run 2 "$work/out" "$work/err" && ! grep -q reducelab "$work/err"; then
    pass "no statistics line unless asked"
else
    failed "without REDUCELAB_REDUCE_STATS: $(head -2 "$work/err")"
fi

# Invalid settings: the program stops at MPI_Init (no result line), one line names the problem.
refused() { # refused EXPECTED-LINE-PREFIX VAR=VALUE...
    local expected=$1
    shift
    if run 3 "$work/out" "$work/err" "$@"; then
        failed "$*: accepted"
        return
    fi
    local lines
    lines=$(grep -c '^reducelab: ' "$work/err")
    if [ "$lines" = 1 ] && grep -q "^reducelab: $expected" "$work/err" && ! grep -q '^calls' "$work/out"; then
        pass "$* refused: $(grep '^reducelab: ' "$work/err")"
    else
        failed "$*: $lines lines, $(grep '^reducelab' "$work/err" | head -3)"
    fi
}
refused "REDUCELAB_REDUCE='bogus': unknown algorithm (known: auto, " REDUCELAB_REDUCE=bogus
refused "REDUCELAB_REDUCE='ep': no real execution" REDUCELAB_REDUCE=ep
refused "REDUCELAB_REDUCE='ompi-chain:33': algorithm 'ompi-chain:33': fan-out 33: " \
    REDUCELAB_REDUCE=ompi-chain:33
refused "REDUCELAB_REDUCE_STATS='2': 0 or 1 expected" REDUCELAB_REDUCE_STATS=2
refused "REDUCELAB_TRACE='$work/missing': not a writable folder" REDUCELAB_TRACE="$work/missing"
exit $fail
