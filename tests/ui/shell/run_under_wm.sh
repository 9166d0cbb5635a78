#!/bin/sh
# Runs a test under a real window manager, as a person's desktop has one: Xvfb with a screen of
# SIZE (WxH), openbox framing the windows (title bars), Qt's xcb platform.
#   run_under_wm.sh 1280x720 ./test_lecture_hall
# Exits 77 (CTest: skipped, with the reason) when xvfb-run, openbox or xprop is missing;
# scripts/dev.sh test installs them.
size=$1
shift
for tool in xvfb-run openbox xprop; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "run_under_wm.sh: $tool not found (scripts/dev.sh test installs it)" >&2
        exit 77
    fi
done
# The test starts once openbox manages the screen (it names itself on the root window).
exec xvfb-run -a -s "-screen 0 ${size}x24" sh -c '
    openbox --sm-disable >/dev/null 2>&1 &
    wm=$!
    for i in $(seq 100); do
        xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q "window id" && break
        sleep 0.1
    done
    QT_QPA_PLATFORM=xcb "$@"
    status=$?
    kill "$wm" 2>/dev/null
    exit "$status"' run_under_wm "$@"
