#!/usr/bin/env bash
# ReduceLab's one entry point for people and CI, on Debian 12 as root (or with sudo):
#   scripts/dev.sh gui [ARGS]   install what building and running the GUI needs, build the GUI alone
#                               (no tests), start it
#   scripts/dev.sh test         install what the tests need too, build, build the programs
#                               again without the GUI (-DREDUCELAB_GUI=OFF: no Qt, FFmpeg or
#                               giflib linked), check formatting and clang-tidy, run every test,
#                               and the programs' tests of the build without the GUI;
#                               rebuild with clang, AddressSanitizer + UBSan and libFuzzer, run
#                               every test again and fuzz each target briefly
#   scripts/dev.sh fuzz [SECONDS]  run every fuzz target for SECONDS (default 60) each; a
#                               finding is copied into tests/fuzz/corpus/<target>/ and fails
#   scripts/dev.sh build        install the GUI's packages and build only
# Safe to run again: installs only missing packages and rebuilds incrementally.
set -euo pipefail
cd "$(dirname "$0")/.."

# Building and running the GUI and the CLI.
GUI_PACKAGES=(cmake make g++ pkg-config qt6-base-dev qt6-svg-dev libqcustomplot-dev libboost-dev
              libboost-random-dev libglpk-dev libgl-dev libgif-dev libavcodec-dev libavformat-dev
              libswscale-dev libavutil-dev nlohmann-json3-dev pybind11-dev python3-dev python3-numpy)
# What configuring the tests needs: GoogleTest (the tests of the core and the command-line
# programs; tests/CMakeLists.txt finds it whenever the tests are part of the build).
TEST_BUILD_PACKAGES=(libgtest-dev)
# The tests on top: GoogleTest, formatting, clang-tidy, the clang sanitizer/fuzzer build, real
# windows (Xvfb; openbox and xprop: layout tests under a window manager,
# tests/ui/shell/run_under_wm.sh), Paje readers, Open MPI (reducelab-mpi is built when it is
# found, and tested with 1 to 3 ranks), ffprobe (the ffmpeg package) to read the exported
# animations back, a real browser for the web pages (chromium driven by chromium-driver through
# python3-selenium; python3-pil reads its screenshots), tqdm (the Python module's progress
# bars), nbclient and ipykernel (the example notebook, executed headlessly), libotf2 (--otf2
# is built when it is found) and otf2-print to read the archives back. ccache: the build
# without the GUI reuses the full build's objects of the core.
TEST_PACKAGES=("${TEST_BUILD_PACKAGES[@]}" clang-format clang-tidy-22 clang libclang-rt-14-dev xvfb
               xauth openbox x11-utils vite pajeng help2man desktop-file-utils appstream dpkg-dev
               libopenmpi-dev openmpi-bin ffmpeg chromium chromium-driver python3-selenium
               python3-pil python3-pytest python3-pandas python3-matplotlib python3-tqdm
               python3-nbclient python3-ipykernel ccache
               libopen-trace-format2-dev otf2-tools)
JOBS=$(nproc 2>/dev/null || echo 2)
# Seconds each fuzz target runs in `test` (10 targets, as many at once as there are cores: about
# 1.5 minutes in all on two).
CI_FUZZ_SECONDS=${CI_FUZZ_SECONDS:-20}

install_missing() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if ((${#missing[@]})); then
        echo "== installing: ${missing[*]}"
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
}

configure() { # configure DIR [cmake options...]
    local dir=$1
    shift
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DREDUCELAB_WERROR=ON "$@" >/dev/null
}

build() { # build DIR [cmake options...]: everything, the tests included
    configure "$@"
    cmake --build "$1" -j "$JOBS"
}

# The sanitizer build: clang with AddressSanitizer, UBSan and libFuzzer's coverage
# instrumentation, so the same build runs the whole suite and the fuzz targets. At -O1, the
# level AddressSanitizer's documentation suggests: measured on the 2 CI cores, the build
# takes 6.3 instead of 7.5 minutes and its tests 131 instead of 119 s (a minute saved).
build_sanitized() {
    CC=clang CXX=clang++ build build-asan -DREDUCELAB_SANITIZE=ON -DREDUCELAB_FUZZ=ON \
        -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG"
}

# `test` compiles through ccache, its cache in the build area: the build without the GUI then
# compiles only what differs from the full build (the core's targets get the same flags in
# both). Paths are hashed relative to the repository, so the two build folders share entries.
use_ccache() {
    export CCACHE_DIR=${CCACHE_DIR:-$PWD/build-ccache} CCACHE_BASEDIR=$PWD
    CCACHE_LAUNCHER=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
}
CCACHE_LAUNCHER=()

# The build of a cluster node: no Qt, QCustomPlot, FFmpeg or giflib looked for (as on a machine
# without them). Only what differs from the full build is built and tested: the programs and
# the tests of tests/app (label "programs": the verbs with and without figures, the refusals,
# the golden outputs, the MPI program, ldd of both programs); the core and its tests are the
# full build's, compiled from the same sources with the same flags.
build_headless() {
    configure build-headless "${CCACHE_LAUNCHER[@]}" -DREDUCELAB_GUI=OFF \
        -DCMAKE_DISABLE_FIND_PACKAGE_Qt6=ON -DCMAKE_DISABLE_FIND_PACKAGE_QCustomPlotQt6=ON \
        -DCMAKE_DISABLE_FIND_PACKAGE_GIF=ON -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON
    # The folders' own targets and what they need (Makefiles: each folder has its "all").
    make -C build-headless/app -j "$JOBS" --no-print-directory
    make -C build-headless/tests/app -j "$JOBS" --no-print-directory
}

check_format() {
    echo "== clang-format check"
    git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run --Werror
}

# clang-tidy (.clang-tidy: bugprone, performance and a few others, every finding an error) on
# every source of core/, ui/ and app/ and the headers they include. Version 22 (Debian 12's
# clang-tidy-22) no longer analyses the code of system headers, so Qt's headers cost little:
# the whole tree takes less time than core/ alone did with clang-tidy 14. Its compile commands
# come from a tree only configured, with clang and without precompiled headers (clang-tidy 22
# cannot read clang 14's). libstdc++ 12 calls its own get_temporary_buffer, which clang 22
# reports as deprecated inside the system header: that one warning is off (the -Werror builds
# still report any deprecated call of ours).
check_tidy() {
    echo "== clang-tidy (core, ui, app)"
    CC=clang CXX=clang++ cmake -S . -B build-tidy -DCMAKE_BUILD_TYPE=Release -DREDUCELAB_PCH=OFF \
        -DREDUCELAB_BUILD_TESTS=OFF >/dev/null
    local log
    log=$(mktemp)
    if run-clang-tidy-22 -p build-tidy -quiet -j "$JOBS" -extra-arg=-Wno-deprecated-declarations \
        "^$PWD/(core|ui|app)/" >"$log" 2>&1; then
        echo "no finding in $(git ls-files 'core/*.cpp' 'ui/*.cpp' 'app/*.cpp' | wc -l) files"
    else
        grep -E -A3 '(error|warning): ' "$log" | grep -v 'warnings generated' | head -60
        rm -f "$log"
        return 1
    fi
    rm -f "$log"
}

# The installed files validate, and the Debian package installs and runs (then is removed, so
# the machine stays as it was).
check_package() {
    echo "== install and package"
    local dest
    dest=$(mktemp -d)
    DESTDIR="$dest" cmake --install build --prefix /usr >/dev/null
    desktop-file-validate "$dest"/usr/share/applications/*.desktop
    appstreamcli validate --no-net "$dest"/usr/share/metainfo/*.metainfo.xml
    [ -s "$dest/usr/share/man/man1/reducelab-cli.1" ] && [ -s "$dest/usr/share/man/man1/reducelab.1" ]
    [ -s "$dest/usr/share/man/man1/reducelab-mpi.1" ] && [ -x "$dest/usr/bin/reducelab-mpi" ]
    # The PMPI library (docs/mpi-library.md), its libraries found.
    [ -s "$dest/usr/lib/reducelab/libreducelab_mpi_reduce.so" ]
    ! ldd "$dest/usr/lib/reducelab/libreducelab_mpi_reduce.so" | grep -q 'not found'
    # The Python module in Debian's path, the example policies beside the scenarios.
    ls "$dest"/usr/lib/python3/dist-packages/reducelab/_reducelab.*.so >/dev/null
    [ -s "$dest/usr/lib/python3/dist-packages/reducelab/__init__.py" ]
    # Its typing (PEP 561): the marker and the extension's stub.
    [ -e "$dest/usr/lib/python3/dist-packages/reducelab/py.typed" ]
    [ -s "$dest/usr/lib/python3/dist-packages/reducelab/_reducelab.pyi" ]
    [ -s "$dest/usr/share/reducelab/policies/tree_dyn.py" ]
    rm -rf "$dest"
    (cd build && rm -f reducelab_*.deb && cpack -G DEB >/dev/null)
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq ./build/reducelab_*.deb >/dev/null
    /usr/bin/reducelab-cli --version
    /usr/bin/reducelab-mpi --version
    env -u DISPLAY -u WAYLAND_DISPLAY /usr/bin/reducelab --version
    /usr/bin/reducelab-cli run --algo tree-dyn --n 8 >/dev/null
    # The installed module and --policy with a shipped example: the Python Tree-dyn's numbers
    # are the built-in's (the CSV rows equal but for the name).
    (cd / && /usr/bin/python3 -c 'import reducelab; assert reducelab.simulate("tree-dyn", n=8).makespan > 0')
    local mc
    mc=$(/usr/bin/reducelab-cli mc --policy /usr/share/reducelab/policies/tree_dyn.py \
        --algo tree-dyn,tree-dyn-py --n 64 --replicates 1000 --quiet | tail -n 2 | cut -d, -f2-)
    [ "$(echo "$mc" | wc -l)" -eq 2 ] && [ "$(echo "$mc" | sort -u | wc -l)" -eq 1 ]
    # The installed GUI starts (a real window under Xvfb) on an installed example scenario.
    local shot
    shot=$(mktemp --suffix=.png)
    xvfb-run -a -s "-screen 0 1280x720x24" /usr/bin/reducelab \
        /usr/share/reducelab/examples/demo.json --screenshot "$shot" 2>/dev/null
    [ -s "$shot" ] && rm -f "$shot"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get remove -y -qq reducelab >/dev/null
    echo "package $(ls build/reducelab_*.deb): installed, ran and removed"
}

run_tests() { # run_tests DIR
    (cd "$1" && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j "$JOBS")
}

# fuzz_one BIN SECONDS SEED SCRATCH: one target, its log and findings in SCRATCH; its status
# in SCRATCH/NAME.status.
fuzz_one() {
    local bin=$1 seconds=$2 seed=$3 scratch=$4
    local name=${bin##*/fuzz_}
    mkdir -p "$scratch/$name" "$scratch/$name-findings"
    local status=0
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        QT_QPA_PLATFORM=offscreen "$bin" -max_total_time="$seconds" -max_len=4096 -timeout=20 \
        -rss_limit_mb=3072 -print_final_stats=1 -seed="$seed" \
        -artifact_prefix="$scratch/$name-findings/" \
        "$scratch/$name" "tests/fuzz/corpus/$name" >"$scratch/$name.log" 2>&1 || status=$?
    echo "$status" >"$scratch/$name.status"
}

# fuzz SECONDS [SEED]: every target for SECONDS, as many at once as there are cores, new inputs
# kept in a scratch corpus; on a finding the input is copied into tests/fuzz/corpus/<target>/
# (commit it: it becomes a regression input that every build replays) and the function fails.
fuzz() {
    local seconds=$1 seed=${2:-0} failed=0 scratch running=0
    scratch=$(mktemp -d)
    local names=()
    for bin in build-asan/tests/fuzz/fuzz_*; do
        case "$bin" in *fuzz_replay_* | *_autogen) continue ;; esac
        [ -f "$bin" ] && [ -x "$bin" ] || continue
        if ((running >= JOBS)); then
            wait -n || true
            running=$((running - 1))
        fi
        fuzz_one "$bin" "$seconds" "$seed" "$scratch" &
        running=$((running + 1))
        names+=("${bin##*/fuzz_}")
    done
    wait
    for name in "${names[@]}"; do
        local log="$scratch/$name.log"
        if [ "$(cat "$scratch/$name.status")" = 0 ]; then
            echo "== fuzz $name: $(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$') executions, no finding"
        else
            failed=1
            echo "== fuzz $name: FINDING"
            tail -40 "$log"
            for f in "$scratch/$name-findings"/*; do
                [ -f "$f" ] && cp "$f" "tests/fuzz/corpus/$name/" && echo "   kept as tests/fuzz/corpus/$name/${f##*/}"
            done
        fi
    done
    rm -rf "$scratch"
    return $failed
}

case "${1:-}" in
gui)
    install_missing "${GUI_PACKAGES[@]}" "${TEST_BUILD_PACKAGES[@]}"
    # Only what the window needs: the tests are built by `test`.
    configure build
    cmake --build build -j "$JOBS" --target reducelab
    exec ./build/app/reducelab "${@:2}"
    ;;
build)
    install_missing "${GUI_PACKAGES[@]}" "${TEST_BUILD_PACKAGES[@]}"
    build build
    ;;
test)
    install_missing "${GUI_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
    use_ccache
    build build "${CCACHE_LAUNCHER[@]}"
    build_headless
    check_format
    check_tidy
    echo "== tests (Release)"
    run_tests build
    echo "== tests of the programs (Release, without the GUI)"
    (cd build-headless && ctest --output-on-failure -j "$JOBS" -L programs)
    check_package
    echo "== tests (clang: AddressSanitizer + UndefinedBehaviorSanitizer)"
    build_sanitized
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 run_tests build-asan
    # A fixed seed: CI's run is reproducible (a finding replays with the same seed);
    # `scripts/dev.sh fuzz` explores with a random one.
    echo "== fuzzing (${CI_FUZZ_SECONDS} s per target, seed 1)"
    fuzz "$CI_FUZZ_SECONDS" 1
    ;;
fuzz)
    install_missing "${GUI_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
    build_sanitized
    fuzz "${2:-60}"
    ;;
*)
    echo "usage: scripts/dev.sh gui|test|fuzz [SECONDS]|build" >&2
    exit 2
    ;;
esac
