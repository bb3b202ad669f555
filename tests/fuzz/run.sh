#!/usr/bin/env bash
# Runs every libFuzzer target of the `fuzz` preset, each seeded from the samples:
#   bash tests/fuzz/run.sh [RUNS|--seconds S] [TARGET...]
# RUNS executions per target (default 10 million), or --seconds of fuzzing per target (CI).
# Exits non-zero on the first crash, leak, hang or sanitizer report; the reproducer is left in
# build/fuzz/findings/.
set -euo pipefail
cd "$(dirname "$0")/../.."
limit=(-runs=10000000)
# A time-bounded run (CI) uses a fixed seed, so its mutations are the same run to run.
if [ "${1:-}" = "--seconds" ]; then limit=(-max_total_time="$2" -seed=1); shift 2
elif [[ "${1:-}" =~ ^[0-9]+$ ]]; then limit=(-runs="$1"); shift; fi
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz_track_json fuzz_baked_track fuzz_tum_csv fuzz_waypoints fuzz_torcs_xml fuzz_ac3d)

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target "${targets[@]}"
# Seeds for the baked loader come from the release twbake (the samples and every tests/data track
# that bakes), so they are real files.
if [ ! -x build/release/bake/twbake ]; then cmake --preset release >/dev/null && cmake --build --preset release --target twbake; fi

corpus=build/fuzz/corpus
findings=build/fuzz/findings
mkdir -p "$findings"
for t in "${targets[@]}"; do mkdir -p "$corpus/$t"; done
cp app/samples/*.twtrack "$corpus/fuzz_track_json/"
find tests/data -name "*.twtrack" -exec cp {} "$corpus/fuzz_track_json/" \;
for s in app/samples/*.twtrack $(find tests/data -name "*.twtrack"); do
  build/release/bake/twbake build "$s" -o "$corpus/fuzz_baked_track/$(basename "$s" .twtrack).twbake" --no-cache >/dev/null 2>&1 || true
done
# One with a roster: the drivers section to mutate.
build/release/bake/twbake build app/samples/kart.twtrack -o "$corpus/fuzz_baked_track/kart_roster.twbake" --roster docs/examples/roster.json --no-cache >/dev/null
for csv in ../shared/tracks/*.csv; do head -c 4000 "$csv" > "$corpus/fuzz_tum_csv/$(basename "$csv")"; done
# TORCS tracks: the small ones whole (ovals, dirt; versions 3 and 4), each once with the default surfaces after it.
for xml in $(find ../shared/tracks/torcs -name "*.xml" -size -12k ! -path "*/data/*"); do
  cp "$xml" "$corpus/fuzz_torcs_xml/$(basename "$xml")"
done
# AC3D: the head of TORCS's own track meshes (objects, texture layers, triangle strips), cut at an object.
for acc in /usr/share/games/torcs/tracks/road/g-track-1/g-track-1.acc /usr/share/games/torcs/tracks/oval/e-speedway/e-speedway.ac; do
  [ -f "$acc" ] && head -c 6000 "$acc" | sed '$d' > "$corpus/fuzz_ac3d/$(basename "$acc")"
done
for csv in ../shared/tracks/racelines/*.csv; do head -c 2000 "$csv" | awk -F, 'NR<100 {print $1","$2}' > "$corpus/fuzz_waypoints/$(basename "$csv")"; done

# Inputs are capped in size: small documents reach the same code as large ones, many times faster.
# The caps hold the small seeds whole (tests/data's tracks) or a hundred rows of a CSV: the validator's
# self-intersection check grows with the square of the rows that share a grid cell, and fuzzed
# coordinates put them all in one.
declare -A max_len=([fuzz_track_json]=16384 [fuzz_baked_track]=32768 [fuzz_tum_csv]=4096 [fuzz_waypoints]=2048 [fuzz_torcs_xml]=16384 [fuzz_ac3d]=8192)

fuzz_one() {
  local t=$1 log="build/fuzz/$1.log"
  build/fuzz/tests/fuzz/"$t" "${limit[@]}" -timeout=60 -rss_limit_mb=2048 -max_len="${max_len[$t]}" -print_final_stats=1 \
    -artifact_prefix="$findings/$t-" "$corpus/$t" > "$log" 2>&1
}

# Targets run side by side, one per core: a time-bounded CI run takes the time of one target per core.
jobs=$(nproc)
declare -A pid_of=()
report() {
  local t=$1 status=0
  wait "${pid_of[$t]}" || status=$?
  echo "== $t ${limit[*]}"
  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|Done )' "build/fuzz/$t.log" || true
  if [ $status -ne 0 ]; then
    tail -40 "build/fuzz/$t.log"; echo "$t failed: see build/fuzz/$t.log and $findings"
    kill "${pid_of[@]}" 2>/dev/null || true
    exit $status
  fi
}
running=()
for t in "${targets[@]}"; do
  fuzz_one "$t" & pid_of[$t]=$!
  running+=("$t")
  if [ ${#running[@]} -ge "$jobs" ]; then report "${running[0]}"; running=("${running[@]:1}"); fi
done
for t in "${running[@]}"; do report "$t"; done
