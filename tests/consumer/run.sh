#!/usr/bin/env bash
# Installs Trackwright from BUILD_DIR into a temporary prefix, builds tests/consumer out of tree
# against it (find_package, trackwright_bake_tracks) and runs the C++ and the C11 race.
#   bash tests/consumer/run.sh BUILD_DIR TRACK.twtrack
set -euo pipefail
build=$(realpath "$1")
track=$(realpath "$2")
here=$(dirname "$(realpath "$0")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S "$here" -B "$work/build" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" -DTRACK="$track" >/dev/null
cmake --build "$work/build" >/dev/null
"$work/build/race"
"$work/build/race_c"
