#!/usr/bin/env bash
# Installs Trackwright from BUILD_DIR into a temporary prefix, builds tests/consumer out of tree
# against it (find_package, trackwright_bake_tracks) and runs the race as a C++17 game, a C11 game
# on the static runtime, a pure-C project on the shared C library, and Python over it with ctypes.
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
# A studio's folder of tracks: one name in two folders, a dotted name; baked with --raceline.
mkdir -p "$work/tracks/club" "$work/tracks/national"
cp "$track" "$work/tracks/club/kart.twtrack"
cp "$track" "$work/tracks/national/kart.twtrack"
cp "$track" "$work/tracks/kart.v2.twtrack"
more="$work/tracks/club/kart.twtrack;$work/tracks/national/kart.twtrack;$work/tracks/kart.v2.twtrack"
mkdir -p "$work/cars"
cp "$here/../data/cars/test-gt.json" "$work/cars/"
cmake -S "$here" -B "$work/build" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" -DTRACK="$track" \
    -DMORE_TRACKS="$more" -DMORE_TRACKS_BASE="$work/tracks" -DMORE_TRACKS_CLASSES="$work/cars" -DMORE_TRACKS_CACHE="$work/cache" \
    -DCMAKE_EXE_LINKER_FLAGS="$linker_flags" >/dev/null
cmake --build "$work/build" >"$work/build.log" || { cat "$work/build.log"; exit 1; }
for baked_more in club/kart national/kart kart.v2; do
  [ -f "$work/build/more_tracks/$baked_more.twbake" ] || { echo "trackwright_bake_tracks did not bake more_tracks/$baked_more.twbake"; exit 1; }
done
grep -q -- "--raceline" "$work/build/build.ninja" || { echo "trackwright_bake_tracks did not pass OPTIONS to twbake build"; exit 1; }
for report in club/kart national/kart kart.v2; do
  grep -q "<testsuite" "$work/build/reports/$report.xml" || { echo "trackwright_bake_tracks wrote no report reports/$report.xml"; exit 1; }
done
grep -q "test-gt" "$work/build/more_tracks/club/kart.twbake" || { echo "trackwright_bake_tracks did not put CLASSES into the tracks"; exit 1; }
# A touched track is baked again from the shared cache, and its unchanged output keeps its time.
before=$(stat -c %Y "$work/build/more_tracks/club/kart.twbake")
sleep 1
touch "$work/tracks/club/kart.twtrack"
cmake --build "$work/build" >"$work/rebuild.log" || { cat "$work/rebuild.log"; exit 1; }
grep -q "(from the cache)" "$work/rebuild.log" || { echo "a touched track was baked again, not taken from the cache:"; cat "$work/rebuild.log"; exit 1; }
[ "$(stat -c %Y "$work/build/more_tracks/club/kart.twbake")" = "$before" ] || { echo "an unchanged bake was rewritten"; exit 1; }
# A changed class re-bakes the tracks that hold it.
sed -i 's/"mass": 1200.0/"mass": 1250.0/' "$work/cars/test-gt.json"
cmake --build "$work/build" >"$work/reclass.log" || { cat "$work/reclass.log"; exit 1; }
grep -q "Baking kart.twtrack" "$work/reclass.log" || { echo "a changed class did not re-bake its tracks:"; cat "$work/reclass.log"; exit 1; }
"$work/build/race"
"$work/build/race_c"
baked=$(ls "$work"/build/game_tracks/*.twbake | head -1)
# A sanitized build's shared library needs the sanitizer runtime loaded first; the pure-C and the
# Python races run on a plain (Release) build's library only.
if ! grep -q fsanitize "$build/CMakeCache.txt"; then
  cmake -S "$here/pure_c" -B "$work/pure_c" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" -DBAKED="$baked" >/dev/null
  cmake --build "$work/pure_c" >"$work/pure_c.log" || { cat "$work/pure_c.log"; exit 1; }
  "$work/pure_c/race_pure_c"
  "$work/build/race_cpp17"
  # Only the C API leaves the shared library: no function, object, typeinfo or unique symbol.
  if nm -D --defined-only "$work/prefix/lib/libtrackwright_c.so" | awk '$3 !~ /^tw_/' | grep .; then
    echo "libtrackwright_c.so exports symbols beyond the C API (above)"; exit 1
  fi
  # A plugin unloads it to hot-reload: after dlclose it is gone from the process.
  python3 - "$work/prefix/lib/libtrackwright_c.so" <<'PY'
import ctypes, _ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
lib.tw_version.restype = ctypes.c_char_p
assert lib.tw_version()
_ctypes.dlclose(lib._handle)
if any("libtrackwright_c" in line for line in open("/proc/self/maps")):
    sys.exit("libtrackwright_c.so is still mapped after dlclose: it cannot be unloaded")
print("libtrackwright_c.so unloads")
PY
  python3 "$here/race.py" "$work/prefix/lib/libtrackwright_c.so" "$baked"
fi
