#!/usr/bin/env bash
# The traffic table of docs/results/traffic.md (issue 48): every circuit of ../shared/tracks and
# every TORCS road and oval track, prepared by tools/prepare_shared_tracks.sh, raced with
# `twbake race --matrix` at 10 seeds, 10 laps, 10 cars, the shuffled grid and the default spread of
# drivers. Prints the matrix (text, or JSON with --json); WORK_DIR keeps the prepared tracks.
#   bash tools/traffic_table.sh TWBAKE SHARED_TRACKS_DIR WORK_DIR [--json] [more twbake race options]
set -euo pipefail
twbake=$1
shared=$2
work=$3
shift 3
mapfile -t inputs < <(bash "$(dirname "$0")/prepare_shared_tracks.sh" "$twbake" "$shared" "$work")
exec "$(realpath "$twbake")" race "${inputs[@]}" --matrix --seeds 10 --laps 10 --cars 10 --grid random "$@"
