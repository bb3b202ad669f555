#!/usr/bin/env bash
# The tables of docs/results/verification-laps.md: `twbake laps --follower runner --vehicle car
# --laps 3 --json` on every circuit of ../shared/tracks (imported with its racing line) and every
# TORCS track (imported as it is), printed as the document's Markdown rows.
#   bash tools/verification_laps_table.sh TWBAKE SHARED_TRACKS_DIR
set -euo pipefail
twbake=$(realpath "$1")
shared=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
row() {  # name, kind ("" for a circuit), track file
  "$twbake" laps "$3" --follower runner --vehicle car --laps 3 --json | python3 -c '
import json, sys
name, kind = sys.argv[1], sys.argv[2]
r = json.load(sys.stdin)["runs"][0]
laps = ", ".join("%.1f" % t for t in r["lap_times_s"])
cells = [name] + ([kind] if kind else []) + [laps, "%.1f" % r["ideal_lap_time_s"], "%.3f" % r["ideal_ratio"], str(r["stuck_events"]),
         "%.1f %%" % r["inside_corridor_pct"]] + ([] if kind else ["%.2f / %.2f" % (r["cte_mean_m"], r["cte_max_m"])])
print("| " + " | ".join(cells) + " |")' "$1" "$2"
}
echo "| circuit | lap times (s) | ideal (s) | ideal_ratio | stuck | on tarmac | CTE mean / max (m) |"
echo "|---|---|---|---|---|---|---|"
for csv in "$shared"/*.csv; do
  name=$(basename "$csv" .csv)
  "$twbake" import --from tum-csv "$csv" --raceline "$shared/racelines/$name.csv" -o "$work/$name.twtrack" >/dev/null 2>&1
  row "$name" "" "$work/$name.twtrack"
done
echo
echo "| track | kind | lap times (s) | ideal (s) | ideal_ratio | stuck | on tarmac |"
echo "|---|---|---|---|---|---|---|"
for kind in road oval dirt; do
  for xml in "$shared"/torcs/$kind/*.xml; do
    name=$(basename "$xml" .xml)
    "$twbake" import --from torcs "$xml" -o "$work/$name.twtrack" >/dev/null 2>&1
    row "$name" "$kind" "$work/$name.twtrack"
  done
done
