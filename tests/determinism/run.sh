#!/usr/bin/env bash
# The determinism promise, checked: the runtime built runtime-only by gcc at -O3 and at -O1, by
# clang at -O2 and by gcc for a processor with FMA and AVX2 records the same race, bit for bit
# (tests/determinism/record_race.cpp), and its final hashes are the ones pinned in
# tests/determinism/pinned.txt: a change that moves any car by one bit shows here, and is either a
# bug or a change of behaviour whose new hashes are pinned in the same commit.
#   bash tests/determinism/run.sh SOURCE_DIR TRACK.twbake SECONDS RACE_TRACK.twbake
set -euo pipefail
source_dir=$(realpath "$1")
track=$(realpath "$2")
seconds=$3
race_track=$(realpath "$4")
here=$(dirname "$(realpath "$0")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi

record() {  # name, C++ compiler, optimisation flags
  local name=$1 compiler=$2 flags=$3
  # The runtime-only build, proven to need none of the editor's and the bake's libraries.
  cmake -S "$source_dir" -B "$work/$name/runtime" -G Ninja -DTRACKWRIGHT_RUNTIME_ONLY=ON -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_DISABLE_FIND_PACKAGE_Qt6=ON -DCMAKE_DISABLE_FIND_PACKAGE_cereal=ON -DCMAKE_DISABLE_FIND_PACKAGE_CLI11=ON \
      -DCMAKE_DISABLE_FIND_PACKAGE_Eigen3=ON -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON \
      -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_CXX_FLAGS_RELEASE="$flags" "${launcher[@]}" >"$work/$name.log" 2>&1 ||
      { cat "$work/$name.log"; exit 1; }
  cmake --build "$work/$name/runtime" >>"$work/$name.log" 2>&1 || { cat "$work/$name.log"; exit 1; }
  cmake --install "$work/$name/runtime" --prefix "$work/$name/prefix" >/dev/null
  cmake -S "$here" -B "$work/$name/recorder" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$compiler" \
      -DCMAKE_CXX_FLAGS_RELEASE="$flags" -DCMAKE_PREFIX_PATH="$work/$name/prefix" "${launcher[@]}" >>"$work/$name.log" 2>&1 ||
      { cat "$work/$name.log"; exit 1; }
  cmake --build "$work/$name/recorder" >>"$work/$name.log" 2>&1 || { cat "$work/$name.log"; exit 1; }
  "$work/$name/recorder/record_race" "$track" "$seconds" "$race_track" >"$work/$name.race" ||
      { echo "$name: record_race failed"; tail -3 "$work/$name.race"; exit 1; }
  echo "$name ($compiler $flags): $(grep final "$work/$name.race" | tr '\n' ' ')"
}

record gcc-O3 g++ "-O3 -DNDEBUG"
record gcc-O1 g++ "-O1 -DNDEBUG"
record clang-O2 clang++ "-O2 -DNDEBUG"
record gcc-haswell g++ "-O3 -march=haswell -DNDEBUG"   # AVX2 and FMA everywhere: contraction stays off

status=0
for other in gcc-O1 clang-O2 gcc-haswell; do
  if ! cmp -s "$work/gcc-O3.race" "$work/$other.race"; then
    echo "the race recorded by $other differs from gcc-O3's; first difference:"
    diff "$work/gcc-O3.race" "$work/$other.race" | head -5
    status=1
  fi
done
if ! diff <(grep final "$work/gcc-O3.race") "$here/pinned.txt" >/dev/null; then
  echo "the final hashes differ from tests/determinism/pinned.txt:"
  diff <(grep final "$work/gcc-O3.race") "$here/pinned.txt" || true
  echo "a deliberate change of behaviour pins its new hashes there (the lines above marked <)"
  status=1
fi
exit $status
