#!/usr/bin/env bash
# The traffic table of docs/results/traffic.md (issue 48): every circuit of ../shared/tracks and
# every TORCS road and oval track, imported, their racing and alternate lines optimised, raced with
# `twbake race --matrix` at 10 seeds, 10 laps, 10 cars, the shuffled grid and the default spread of
# drivers. Prints the matrix (text, or JSON with --json); WORK_DIR keeps the prepared tracks.
#   bash tools/traffic_table.sh TWBAKE SHARED_TRACKS_DIR WORK_DIR [--json] [more twbake race options]
set -euo pipefail
twbake=$(realpath "$1")
shared=$(realpath "$2")
work=$3
shift 3
mkdir -p "$work"
inputs=()
# Each track imported, then its lines optimised (`twbake raceline`: the racing line and the
# alternate lines race craft passes on); the circuits' own lines as the peer drew them are not raced:
# on Norisring it runs 1.3 m beyond the tarmac, where the cars left the road.
prepare() {  # name, import arguments...
  local name=$1 out="$work/$1.twtrack"
  shift
  if [ ! -f "$out" ]; then
    "$twbake" import "$@" -o "$work/$name.imported.twtrack" 2>/dev/null >/dev/null
    "$twbake" raceline "$work/$name.imported.twtrack" -o "$out" 2>/dev/null >/dev/null
    rm -f "$work/$name.imported.twtrack"
  fi
  inputs+=("$out")
}
for csv in "$shared"/*.csv; do prepare "$(basename "$csv" .csv)" --from tum-csv "$csv"; done
for xml in "$shared"/torcs/road/*.xml "$shared"/torcs/oval/*.xml; do prepare "$(basename "$xml" .xml)" --from torcs "$xml"; done
exec "$twbake" race "${inputs[@]}" --matrix --seeds 10 --laps 10 --cars 10 --grid random "$@"
