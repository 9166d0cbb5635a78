#!/usr/bin/env bash
# Takes the README's screenshots of the real window under Xvfb (run after scripts/dev.sh build).
set -euo pipefail
cd "$(dirname "$0")/.."
out=resources/screenshots
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scenario() { # name n algorithms... : a scenario file with gamma costs
    local name=$1 n=$2
    shift 2
    local algos
    algos=$(printf '"%s",' "$@")
    cat >"$tmp/$name.json" <<JSON
{"format": "reducelab-scenario", "version": 1, "n": $n, "algorithms": [${algos%,}],
 "noncommutative": false, "costMode": "per-operation", "transfer": "gamma:1:0.5",
 "reduction": "gamma:0.5:0.5", "seed": "7", "replicate": "0"}
JSON
}
shoot() { xvfb-run -a -s "-screen 0 1700x1050x24" ./build/app/reducelab --size 1600x980 "$@"; }
# The lecture hall: a 1280x720 projector, and a 1920x1080 screen.
hall() { xvfb-run -a -s "-screen 0 1280x720x24" ./build/app/reducelab --size 1280x720 "$@"; }
hall --at 0.6 --screenshot "$out/hall_normal.png"
hall --at 0.6 --presentation --screenshot "$out/hall_presentation.png"
hall --at 0.6 --presentation --dark --screenshot "$out/hall_presentation_dark.png"
hall --at 0.6 --presentation --fullscreen --screenshot "$out/hall_fullscreen.png"
hall --presentation --tab "CV sweep" --screenshot "$out/hall_cv_sweep.png"
hall --presentation --tab "Ratio map" --screenshot "$out/hall_ratio_map.png"
hall --presentation --tab "Best method" --screenshot "$out/hall_best_method.png"
xvfb-run -a -s "-screen 0 1920x1080x24" ./build/app/reducelab --size 1920x1080 --at 0.6 \
    --screenshot "$out/screen_1920.png"
shoot --screenshot "$out/demo.png"
shoot --screenshot "$out/paused.png" --at 0.45
scenario compare4 16 binomial fibonacci tree-dyn nctd
shoot "$tmp/compare4.json" --screenshot "$out/compare4.png" --at 0.6
scenario large 1024 tree-dyn
shoot "$tmp/large.json" --screenshot "$out/n1024.png" --at 1
# Liu-Wang Fig. 8 (x = 1.25): SNF beside the exact optimum, the optimum marked on both charts.
{
    printf '{"format": "reducelab-scenario", "version": 1, "n": 12, "algorithms": ["snf", "optimum"],\n'
    printf ' "noncommutative": false, "costMode": "fixed-matrix", "transfer": "const:1",\n'
    printf ' "reduction": "const:0", "seed": "1", "replicate": "0", "matrix": "'
    python3 -c 'import sys
t=[1.25]*4+[1]*8
rows=[",".join("0" if i==j else str(t[i]) for j in range(12)) for i in range(12)]
sys.stdout.write("\\n".join(rows)+"\\n"+",".join(["0"]*12)+"\\n")'
    printf '"}\n'
} >"$tmp/fig8.json"
shoot "$tmp/fig8.json" --screenshot "$out/liuwang_fig8.png" --at 1
shoot --tab Theory --screenshot "$out/theory.png"
# The related models at their presets.
shoot --tab "Steady state" --screenshot "$out/steady_state.png"
shoot --tab "Divisible load" --screenshot "$out/divisible_load.png"
# The analysis panels at their defaults (each waits for its complete picture).
shoot --tab "CV sweep" --screenshot "$out/panel_cv_sweep.png"
shoot --tab "Ratio map" --screenshot "$out/panel_ratio_map.png"
shoot --tab "Best method" --screenshot "$out/panel_best_method.png"
# The paper's three figures at their defaults, headless, by the same plotting code.
./build/app/reducelab-cli sweep fig4 --png "$out/fig4_cv_sweep.png" --out /dev/null
./build/app/reducelab-cli sweep fig5 --png "$out/fig5_ratio_map.png" --out /dev/null
./build/app/reducelab-cli sweep fig6 --png "$out/fig6_best_method.png" --out /dev/null
