#!/usr/bin/env bash
# The bake cache's figures (issue 51): 60 tracks (the twelve circuits, each also with wider runoff,
# the 31 TORCS tracks, five of them also under another name: 60 sources, no two alike) baked with
# `build --all --raceline` into an empty cache, again with nothing changed, after `touch`ing every
# source, and after editing one. Prints each run's wall time and what it says it did.
#   bash tools/cache_bench.sh TWBAKE SHARED_TRACKS_DIR WORK_DIR [more twbake build options]
set -euo pipefail
twbake=$(realpath "$1")
shared=$(realpath "$2")
work=$3
shift 3
tracks="$work/tracks" cache="$work/cache" out="$work/out"
rm -rf "$cache" "$out"
mkdir -p "$tracks/wider"
imported() {  # name, import arguments...
  local name=$1
  shift
  [ -f "$tracks/$name.twtrack" ] || "$twbake" import "$@" -o "$tracks/$name.twtrack" >/dev/null 2>&1
}
for csv in "$shared"/*.csv; do
  name=$(basename "$csv" .csv)
  imported "$name" --from tum-csv "$csv"
  imported "wider/$name" --from tum-csv "$csv" --runoff 5
done
n=0
for xml in "$shared"/torcs/{road,oval,dirt}/*.xml; do
  name=$(basename "$xml" .xml)
  imported "$name" --from torcs "$xml"
  # TORCS tracks carry their own widths: the five variants differ by name (a distinct source, a full bake)
  if [ $((n++)) -lt 5 ]; then imported "wider/$name" --from torcs "$xml" --name "$name (variant)"; fi
done
echo "$(find "$tracks" -name '*.twtrack' | wc -l) tracks, $(du -sh "$tracks" | cut -f1) of sources"
run() {  # label
  local start end
  start=$(date +%s.%N)
  "$twbake" build --all "$tracks" -o "$out" --raceline --cache "$cache" "$@" 2>/dev/null | tail -n 1 >"$work/last.txt"
  end=$(date +%s.%N)
  echo "$(echo "$end - $start" | bc)"
}
first=$(run "$@");  echo "first run (empty cache):  ${first} s  $(cat "$work/last.txt")"
second=$(run "$@"); echo "nothing changed:          ${second} s  $(cat "$work/last.txt")"
find "$tracks" -name '*.twtrack' -exec touch {} +
touched=$(run "$@"); echo "every source touched:     ${touched} s  $(cat "$work/last.txt")"
edited=$(find "$tracks" -maxdepth 1 -name '*.twtrack' | sort | head -n 1)
sed -i '0,/"name": *"[^"]*"/s//"name": "edited by cache_bench at '"$(date +%s%N)"'"/' "$edited"
one=$(run "$@");    echo "one source edited:        ${one} s  $(cat "$work/last.txt")"
echo "nothing changed / first: $(echo "scale=1; 100 * $second / $first" | bc) %"
