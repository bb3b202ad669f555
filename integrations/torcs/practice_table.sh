#!/usr/bin/env bash
# Regenerates docs/results/torcs.md's practice table: on every shared TORCS road and oval track,
# 5-lap practices of trackwright (the car's own class, the module's default) with bt and berniw in
# the same run, and of trackwright alone on the car preset's hints (--preset-hints), one twtorcs
# invocation per track and mode, then the table (practice_table.py).
# Usage: integrations/torcs/practice_table.sh BUILD_DIR OUT_DIR [CAR]
set -euo pipefail
build=${1:?build folder, e.g. build/release}; out=${2:?a folder for the reports}; car=${3:-car1-stock1}
here=$(cd "$(dirname "$0")" && pwd); tracks="$here/../../../shared/tracks/torcs"
mkdir -p "$out"
for f in "$tracks"/road/*.xml "$tracks"/oval/*.xml; do
  category=$(basename "$(dirname "$f")"); name=$(basename "$f" .xml)
  "$build/integrations/torcs/twtorcs" practice --track "$category/$name" --car "$car" --driver trackwright,bt,berniw --laps 5 --json \
    > "$out/$name.json" 2> "$out/$name.err" || true
  "$build/integrations/torcs/twtorcs" practice --track "$category/$name" --car "$car" --driver trackwright --laps 5 --preset-hints --json \
    > "$out/$name-preset.json" 2> "$out/$name-preset.err" || true
  echo "$name" >&2
done
python3 "$here/practice_table.py" "$out"
