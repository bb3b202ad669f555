#!/usr/bin/env bash
# The traffic table of docs/results/traffic.md (issue 48): every circuit of ../shared/tracks (with
# its racing line) and every TORCS road and oval track (imported, then `twbake raceline`: racing and
# alternate lines optimised), raced with `twbake race --matrix` at 10 seeds, 10 laps, 10 cars, the
# shuffled grid and the default spread of drivers. Prints the matrix (text, or JSON with --json).
#   bash tools/traffic_table.sh TWBAKE SHARED_TRACKS_DIR WORK_DIR [--json] [more twbake race options]
set -euo pipefail
twbake=$(realpath "$1")
shared=$(realpath "$2")
work=$3
shift 3
mkdir -p "$work"
inputs=()
for csv in "$shared"/*.csv; do
  name=$(basename "$csv" .csv)
  out="$work/$name.twtrack"
  [ -f "$out" ] || "$twbake" import --from tum-csv "$csv" --raceline "$shared/racelines/$name.csv" -o "$out" >/dev/null
  inputs+=("$out")
done
for xml in "$shared"/torcs/road/*.xml "$shared"/torcs/oval/*.xml; do
  name=$(basename "$xml" .xml)
  out="$work/$name.twtrack"
  if [ ! -f "$out" ]; then
    "$twbake" import --from torcs "$xml" -o "$work/$name.imported.twtrack" >/dev/null
    "$twbake" raceline "$work/$name.imported.twtrack" -o "$out" >/dev/null
    rm -f "$work/$name.imported.twtrack"
  fi
  inputs+=("$out")
done
exec "$twbake" race "${inputs[@]}" --matrix --seeds 10 --laps 10 --cars 10 --grid random "$@"
