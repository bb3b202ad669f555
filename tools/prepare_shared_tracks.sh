#!/usr/bin/env bash
# Every circuit of ../shared/tracks and every TORCS road and oval track, imported and their racing
# and alternate lines optimised (`twbake raceline`): the tracks the traffic and difficulty tables
# race. The circuits' own lines as the peer drew them are not raced: on Norisring it runs 1.3 m
# beyond the tarmac, where the cars left the road. Prints one prepared .twtrack a line (circuits,
# TORCS road, TORCS oval); WORK_DIR keeps them, so a second run prepares nothing.
#   bash tools/prepare_shared_tracks.sh TWBAKE SHARED_TRACKS_DIR WORK_DIR [road]
# "road" leaves the ovals out.
set -euo pipefail
twbake=$(realpath "$1")
shared=$(realpath "$2")
work=$3
only=${4:-}
mkdir -p "$work"
prepare() {  # name, import arguments...
  local name=$1 out="$work/$1.twtrack"
  shift
  if [ ! -f "$out" ]; then
    "$twbake" import "$@" -o "$work/$name.imported.twtrack" 2>/dev/null >/dev/null
    "$twbake" raceline "$work/$name.imported.twtrack" -o "$out" 2>/dev/null >/dev/null
    rm -f "$work/$name.imported.twtrack"
  fi
  echo "$out"
}
for csv in "$shared"/*.csv; do prepare "$(basename "$csv" .csv)" --from tum-csv "$csv"; done
for xml in "$shared"/torcs/road/*.xml; do prepare "$(basename "$xml" .xml)" --from torcs "$xml"; done
if [ "$only" != road ]; then
  for xml in "$shared"/torcs/oval/*.xml; do prepare "$(basename "$xml" .xml)" --from torcs "$xml"; done
fi
