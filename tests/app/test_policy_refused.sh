#!/usr/bin/env bash
# --policy where no Python runs: a reducelab-cli built without Python (REDUCELAB_PYTHON off, or
# the sanitized build) and reducelab-mpi refuse it with exit 2 and one line naming the reason.
# (With Python, tests/python/test_cli_policy.py runs it.)
# Usage: test_policy_refused.sh CLI_DIR WITH_PYTHON(ON|OFF)
set -uo pipefail
dir=$1
with_python=$2
fail=0
policy=$(mktemp --suffix=.py)
trap 'rm -f "$policy"' EXIT
printf 'import reducelab\nclass P(reducelab.Policy):\n    def on_idle(self, e, p):\n        pass\n' >"$policy"
refused() { # refused "expected words" program args...
    local want=$1
    shift
    local err code
    err=$("$@" 2>&1 >/dev/null)
    code=$?
    if [ "$code" -ne 2 ] || [ "$(printf '%s\n' "$err" | wc -l)" -ne 1 ] || [[ "$err" != *"$want"* ]]; then
        echo "FAIL: $* -> exit $code: $err"
        fail=1
    else
        echo "PASS: $* -> $err"
    fi
}
if [ "$with_python" = OFF ]; then
    for verb in run mc sweep bench; do
        refused "built without Python" "$dir/reducelab-cli" "$verb" --policy "$policy" --algo P
    done
fi
if [ -x "$dir/reducelab-mpi" ]; then
    refused "runs no Python" "$dir/reducelab-mpi" mc --policy "$policy" --algo P --n 4 --replicates 10
fi
exit $fail
