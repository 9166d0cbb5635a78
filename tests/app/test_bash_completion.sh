#!/usr/bin/env bash
# The installed bash completion of reducelab-cli: verbs, figure names, each verb's options as
# its --help lists them (a build without figures: not the options it lacks).
# Usage: test_bash_completion.sh COMPLETION_FILE CLI_DIR figures|no-figures
set -euo pipefail
source "$1"
PATH="$2:$PATH"
figures=${3:-figures}
# --policy is offered where this build runs Python policies (its --help lists it).
policy=""
if reducelab-cli sweep --help | grep -q -- "--policy FILE"; then policy="--policy "; fi
fail=0
expect() { # expect "words..." cword "wanted reply"
    local -a words
    read -r -a words <<<"$1"
    COMP_WORDS=("${words[@]}")
    COMP_CWORD=$2
    COMPREPLY=()
    _reducelab_cli || true # compgen fails when nothing matches (an empty reply)
    if [ "${COMPREPLY[*]}" != "$3" ]; then
        echo "FAIL: '$1' (word $2): got '${COMPREPLY[*]}', want '$3'"
        fail=1
    else
        echo "PASS: '$1' -> '$3'"
    fi
}
expect "reducelab-cli sw" 1 "sweep"
expect "reducelab-cli sweep f" 2 "fig4 fig5 fig6"
expect "reducelab-cli mc --th" 2 "--threads"
expect "reducelab-cli theory markov --c" 3 "--comm-mean --comp-mean"
expect "reducelab-cli run --algo binomial --for" 4 "--format"
expect "reducelab-cli mc --che" 2 "--checkpoint"
expect "reducelab-cli p" 1 "plot"
if [ "$figures" = figures ]; then
    expect "reducelab-cli run --algo binomial --wi" 4 "--width-mm"
    expect "reducelab-cli run --fi" 2 "--figure"
    expect "reducelab-cli run --ani" 2 "--animation"
    expect "reducelab-cli run --animation a.gif --pre" 4 "--presentation --preset"
    expect "reducelab-cli plot r.csv --s" 3 "--svg"
    expect "reducelab-cli sweep fig5 --p" 3 "--pdf --png ${policy}--progress"
else
    # The options that draw are not offered: this build refuses them.
    expect "reducelab-cli run --algo binomial --wi" 4 ""
    expect "reducelab-cli run --fi" 2 ""
    expect "reducelab-cli run --ani" 2 ""
    expect "reducelab-cli run --pre" 2 "--preset"
    expect "reducelab-cli plot r.csv --s" 3 ""
    expect "reducelab-cli sweep fig5 --p" 3 "${policy}--progress"
    expect "reducelab-cli steady --g" 2 "--graph"
fi
# A file name after --animation (the completion's own folder listing, so any existing file).
expect "reducelab-cli run --animation $1" 3 "$1"
expect "reducelab-cli run --algo tree-dyn --ht" 4 "--html"
expect "reducelab-cli run --sc" 2 "--scenario"
expect "reducelab-cli sweep fig4 --ht" 3 "--html"
expect "reducelab-cli plot r.csv --ht" 3 "--html"
if [ -x "$2/reducelab-mpi" ]; then
    expect "reducelab-mpi s" 1 "sweep"
    expect "reducelab-mpi m" 1 "mc"
    expect "reducelab-mpi sweep fig5 --che" 3 "--checkpoint"
    expect "reducelab-mpi r" 1 "run"
    expect "reducelab-mpi run --algo nctd --time" 4 "--time-unit"
fi
echo "fail=$fail"
exit $fail
