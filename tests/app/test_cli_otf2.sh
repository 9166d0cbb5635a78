#!/usr/bin/env bash
# reducelab-cli run --otf2 DIR: otf2-print reads the archive; it holds, per transfer, a "send"
# region and an MPI send record on the sender and a "receive" region and an MPI receive record on
# the receiver, per reduction a "reduce" region, at the schedule's times in nanoseconds; run
# --from a JSON schedule writes the same archive; a target that exists or whose folder is missing,
# and a CSV read back (no scenario), are refused with exit 2 and one line before anything is
# written; a refused command leaves no archive nor temporary folder.
# Usage: test_cli_otf2.sh BIN_DIR OTF2_PRINT
set -uo pipefail
bin=$1
otf2print=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
check() { # check NAME COMMAND...
    if "$@"; then echo "PASS: $name"; else echo "FAIL: $name"; fail=1; fi
}
cli="$bin/reducelab-cli"
draw=(--algo fibonacci --n 6 --seed 4 --comm gamma:1:0.5 --comp gamma:0.5:0.5)

name="run --otf2 writes an archive otf2-print reads"
check "$cli" run "${draw[@]}" --out "$work/s.csv" --otf2 "$work/a"
"$otf2print" "$work/a/traces.otf2" >"$work/a.txt" 2>"$work/a.err"
check test $? -eq 0 -a ! -s "$work/a.err"

name="one region and one message record per operation, at the schedule's times"
check python3 - "$work/s.csv" "$work/a.txt" <<'PY'
import csv, re, sys
rows = list(csv.DictReader(open(sys.argv[1])))
ns = lambda t: round(float(t) * 1e9)
want = {"send": [], "receive": [], "reduce": [], "MPI_SEND": [], "MPI_RECV": []}
for r in rows:
    if r["kind"] == "transfer":
        want["send"].append((ns(r["start"]), ns(r["end"])))
        want["receive"].append((ns(r["start"]), ns(r["end"])))
        want["MPI_SEND"].append(ns(r["start"]))
        want["MPI_RECV"].append(ns(r["end"]))
    else:
        want["reduce"].append((ns(r["start"]), ns(r["end"])))
got = {k: [] for k in want}
open_at = {}
for line in open(sys.argv[2]):
    m = re.match(r"(ENTER|LEAVE|MPI_SEND|MPI_RECV)\s+(\d+)\s+(\d+)\s+(.*)", line)
    if not m:
        continue
    kind, loc, t, rest = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
    if kind in ("MPI_SEND", "MPI_RECV"):
        got[kind].append(t)
        continue
    region = re.search(r'Region: "(\w+)"', rest).group(1)
    if kind == "ENTER":
        if loc in open_at:
            sys.exit(f"location {loc} enters {region} inside {open_at[loc][0]}")
        open_at[loc] = (region, t)
    else:
        entered = open_at.pop(loc)
        if entered[0] != region:
            sys.exit(f"location {loc} leaves {region} after entering {entered[0]}")
        got[region].append((entered[1], t))
for k in want:
    if sorted(want[k]) != sorted(got[k]):
        sys.exit(f"{k}: {sorted(got[k])} in the archive, {sorted(want[k])} in the schedule")
if open_at:
    sys.exit("regions never left")
PY

name="run --from a JSON schedule writes the same archive"
"$cli" run "${draw[@]}" --format json --out "$work/s.json"
check "$cli" run --from "$work/s.json" --otf2 "$work/b" --out /dev/null
check cmp -s <("$otf2print" "$work/b/traces.otf2") "$work/a.txt"

refused() { # refused WHAT ARGS...: exit 2, one line, no new archive or temporary folder
    name="refused: $1"
    shift
    local before
    before=$(ls -A "$work" | sort)
    "$cli" run "$@" >/dev/null 2>"$work/err"
    local code=$?
    check test "$code" -eq 2 -a "$(wc -l <"$work/err")" -eq 1 -a "$(ls -A "$work" | grep -v '^err$' | sort)" = "$(echo "$before" | grep -v '^err$')"
}
refused "an archive that exists" "${draw[@]}" --otf2 "$work/a" --out /dev/null
refused "a folder that does not exist" "${draw[@]}" --otf2 "$work/no/such" --out /dev/null
refused "a CSV read back has no scenario" --from "$work/s.csv" --otf2 "$work/c"
refused "with several algorithms" --algo binomial,fibonacci --n 4 --otf2 "$work/c" \
    --html "$work/p.html"
refused "the same path as --out" "${draw[@]}" --otf2 "$work/d" --out "$work/d"
exit $fail
