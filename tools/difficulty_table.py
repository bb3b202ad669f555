#!/usr/bin/env python3
"""The strength table of docs/results/difficulty.md (issue 50).

Every circuit of ../shared/tracks and every TORCS road track (tools/prepare_shared_tracks.sh: imported,
lines optimised), a single car of the track's default car on its racing line, 3 laps from a standing
start at strengths 1.00, 0.95, 0.90 and 0.80 (`twbake laps --matrix --json --strength S`). A clean lap
is a flying lap (laps 2 and 3, the faster); the table gives each strength's clean lap over the
strength-1.00 clean lap against the documented mapping 1/S, and whether the laps slow monotonically.

    python3 tools/difficulty_table.py TWBAKE SHARED_TRACKS_DIR WORK_DIR [--ovals] [--strengths 1,0.95,0.9,0.8]
"""
import argparse
import json
import os
import subprocess
import sys


def prepared_tracks(twbake, shared, work, ovals):
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "prepare_shared_tracks.sh")
    out = subprocess.run(["bash", script, twbake, shared, work] + ([] if ovals else ["road"]), check=True, capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if line]


def clean_laps(twbake, tracks, strength, laps):
    out = subprocess.run([twbake, "laps", *tracks, "--matrix", "--json", "--laps", str(laps), "--strength", str(strength), "--progress", "none"],
                         capture_output=True, text=True)
    runs = json.loads(out.stdout)["runs"]
    result = {}
    for run in runs:
        flying = run.get("lap_times_s", [])[1:]
        result[run["track"]] = (min(flying) if flying and run.get("completed") else None, run.get("stuck_events", 0))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("twbake")
    parser.add_argument("shared")
    parser.add_argument("work")
    parser.add_argument("--ovals", action="store_true", help="the TORCS ovals too")
    parser.add_argument("--strengths", default="1,0.95,0.9,0.8")
    parser.add_argument("--laps", type=int, default=3)
    args = parser.parse_args()
    strengths = [float(s) for s in args.strengths.split(",")]
    if strengths[0] != 1.0:
        sys.exit("the first strength must be 1: the others are ratios to it")
    tracks = prepared_tracks(os.path.abspath(args.twbake), args.shared, args.work, args.ovals)
    laps = {s: clean_laps(os.path.abspath(args.twbake), tracks, s, args.laps) for s in strengths}
    names = [os.path.basename(t)[: -len(".twtrack")] for t in tracks]
    header = "| track | clean lap at 1.00 |" + "".join(f" {s:.2f}: ratio (error) |" for s in strengths[1:]) + " monotonic | stuck |"
    print(header)
    print("|---" * (header.count("|") - 1) + "|")
    worst, outside, not_monotonic = 0.0, 0, []
    for name in names:
        one = laps[1.0][name][0]
        if one is None:
            print(f"| {name} | did not complete |" + " |" * (len(strengths) + 1))
            continue
        cells, times, stuck = [], [one], sum(laps[s][name][1] for s in strengths)
        for s in strengths[1:]:
            t = laps[s][name][0]
            if t is None:
                cells.append(" did not complete |")
                times.append(float("inf"))
                continue
            ratio = t / one
            error = 100.0 * (ratio * s - 1.0)
            worst = max(worst, abs(error))
            outside += abs(error) > 0.5
            mark = "**" if abs(error) > 0.5 else ""
            cells.append(f" {mark}{ratio:.4f} ({error:+.2f} %){mark} |")
            times.append(t)
        monotonic = all(a < b for a, b in zip(times, times[1:]))
        if not monotonic:
            not_monotonic.append(name)
        print(f"| {name} | {one:.2f} s |" + "".join(cells) + f" {'yes' if monotonic else '**no**'} | {stuck} |")
    print()
    print(f"worst error {worst:.2f} %; runs outside ±0.5 %: {outside} of {len(names) * (len(strengths) - 1)}; "
          f"not monotonic: {', '.join(not_monotonic) if not_monotonic else 'none'}")


if __name__ == "__main__":
    main()
