#!/usr/bin/env bash
# ReduceLab's one entry point for people and CI, on Debian 12 as root (or with sudo):
#   scripts/dev.sh gui    install what is missing, build, start the GUI with the demo scenario
#   scripts/dev.sh test   install what is missing, build, check formatting, run every test,
#                         then rebuild with AddressSanitizer + UBSan and run every test again
#   scripts/dev.sh build  install and build only
# Safe to run again: installs only missing packages and rebuilds incrementally.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(cmake make g++ clang-format qt6-base-dev qt6-svg-dev libqcustomplot-dev
          libboost-dev libboost-random-dev libglpk-dev libgl-dev xvfb xauth vite pajeng)
JOBS=$(nproc 2>/dev/null || echo 2)

install_missing() {
    local missing=()
    for p in "${PACKAGES[@]}"; do
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

build() { # build DIR [cmake options...]
    local dir=$1
    shift
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DREDUCELAB_WERROR=ON "$@" >/dev/null
    cmake --build "$dir" -j "$JOBS"
}

check_format() {
    echo "== clang-format check"
    git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run --Werror
}

run_tests() { # run_tests DIR
    (cd "$1" && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j "$JOBS")
}

case "${1:-}" in
gui)
    install_missing
    build build
    exec ./build/app/reducelab "${@:2}"
    ;;
build)
    install_missing
    build build
    ;;
test)
    install_missing
    build build
    check_format
    echo "== tests (Release)"
    run_tests build
    echo "== tests (AddressSanitizer + UndefinedBehaviorSanitizer)"
    build build-asan -DREDUCELAB_SANITIZE=ON
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 run_tests build-asan
    ;;
*)
    echo "usage: scripts/dev.sh gui|test|build" >&2
    exit 2
    ;;
esac
