#!/usr/bin/env bash
# Regenerates docs/results/torcs.md's practice table: on every shared TORCS road and oval track,
# 5-lap practices of trackwright (the car's own class, the module's default) with bt and berniw in
# the same run, and of trackwright alone on the car preset's hints (--preset-hints), one twtorcs
# invocation per track and mode, then the table (practice_table.py).
# Usage: integrations/torcs/practice_table.sh BUILD_OR_PREFIX OUT_DIR [CAR]   (a build folder, or an
# install prefix — cmake --install — so a rebuild while it runs changes nothing it runs)
set -euo pipefail
build=${1:?build folder or install prefix, e.g. build/release}; out=${2:?a folder for the reports}; car=${3:-car1-stock1}
here=$(cd "$(dirname "$0")" && pwd); tracks="$here/../../../shared/tracks/torcs"
twtorcs="$build/integrations/torcs/twtorcs"; [ -x "$build/bin/twtorcs" ] && twtorcs="$build/bin/twtorcs"
mkdir -p "$out"
for f in "$tracks"/road/*.xml "$tracks"/oval/*.xml; do
  category=$(basename "$(dirname "$f")"); name=$(basename "$f" .xml)
  "$twtorcs" practice --track "$category/$name" --car "$car" --driver trackwright,bt,berniw --laps 5 --json \
    > "$out/$name.json" 2> "$out/$name.err" || true
  "$twtorcs" practice --track "$category/$name" --car "$car" --driver trackwright --laps 5 --preset-hints --json \
    > "$out/$name-preset.json" 2> "$out/$name-preset.err" || true
  echo "$name" >&2
done
python3 "$here/practice_table.py" "$out"
