#!/usr/bin/env bash
# A build without the GUI (-DREDUCELAB_GUI=OFF): the programs link no Qt, QCustomPlot, FFmpeg
# (libav*, libswscale) or giflib library, directly or through another library.
# Usage: test_headless_links.sh PROGRAM...
set -uo pipefail
fail=0
for program in "$@"; do
    if ! libs=$(ldd "$program"); then
        echo "FAIL: ldd $program"
        fail=1
        continue
    fi
    found=$(echo "$libs" | grep -Ei 'libQt|qcustomplot|libav(codec|format|util|filter|device)|libswscale|libswresample|libgif' || true)
    if [ -n "$found" ]; then
        echo "FAIL: $program links:"
        echo "$found"
        fail=1
    else
        echo "PASS: $program: $(echo "$libs" | wc -l) libraries, none of Qt, QCustomPlot, FFmpeg or giflib"
    fi
done
exit $fail
