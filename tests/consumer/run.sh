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
# A game's include path gets one product-named folder, and no writer or private header in it.
if [ "$(ls "$work/prefix/include")" != trackwright ]; then
  echo "installed include/ holds more than trackwright/: $(ls "$work/prefix/include")"; exit 1
fi
if grep -rlE 'writeBakedTrack|BakedTrackData|#include "(runtime|formats|bake|editor)/' "$work/prefix/include"; then
  echo "the installed headers above hold the baked writer or include a private header"; exit 1
fi
# A sanitized Trackwright (the debug-asan preset) needs its runtime linked into the game too.
linker_flags=$(sed -n 's/^CMAKE_EXE_LINKER_FLAGS:STRING=//p' "$build/CMakeCache.txt")
cmake -S "$here" -B "$work/build" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" -DTRACK="$track" \
    -DCMAKE_EXE_LINKER_FLAGS="$linker_flags" >/dev/null
cmake --build "$work/build" >"$work/build.log" || { cat "$work/build.log"; exit 1; }
"$work/build/race"
"$work/build/race_c"
