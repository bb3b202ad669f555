#!/usr/bin/env bash
# Regenerates docs/results/torcs.md's traffic table: 10 races of 5 laps on each track, 3 trackwright
# cars among 7 TORCS robots (bt 3, berniw 2, inferno 2), the grid shuffled by the seed, then the
# table (race_table.py).
# Usage: integrations/torcs/race_table.sh BUILD_OR_PREFIX OUT_DIR [CAR] [TRACK...]
set -euo pipefail
build=${1:?build folder or install prefix}; out=${2:?a folder for the reports}; car=${3:-car1-trb1}; shift 3 || true
tracks=("$@"); [ ${#tracks[@]} -eq 0 ] && tracks=(road/e-track-1 road/g-track-1)
here=$(cd "$(dirname "$0")" && pwd)
twtorcs="$build/integrations/torcs/twtorcs"; [ -x "$build/bin/twtorcs" ] && twtorcs="$build/bin/twtorcs"
mkdir -p "$out"
for track in "${tracks[@]}"; do for seed in 1 2 3 4 5 6 7 8 9 10; do
  name=$(basename "$track")-$seed
  "$twtorcs" race --track "$track" --car "$car" --field trackwright:3,bt:3,berniw:2,inferno:2 --laps 5 --seed "$seed" --json \
    > "$out/$name.json" 2> "$out/$name.err" || true
  echo "$name" >&2
done; done
python3 "$here/race_table.py" "$out"
