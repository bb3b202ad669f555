#!/usr/bin/env python3
"""The strength table of docs/results/difficulty.md (issue 50).

Every circuit of ../shared/tracks and every TORCS road track (tools/prepare_shared_tracks.sh: imported,
lines optimised), a single car of the track's default car on its racing line, 3 laps from a standing
start at strengths 1.00, 0.95, 0.90 and 0.80 (`twbake laps --matrix --json --strength S`). A clean lap
is a flying lap (laps 2 and 3, the faster); the table gives each strength's clean lap over the
strength-1.00 clean lap against the documented mapping 1/S, and whether the laps slow monotonically.

With --race-seeds N, the same tracks raced too: ten drivers of strengths 0.80-1.00 (FIELD; pace 1,
consistency 1), 10 laps, shuffled grid, seeds 1-N (`twbake race --json --profiles`). Each strength's
median clean lap in the races (clean_laps_s: no car near, no contact, no pit stop) over the
strength-1.00 driver's, against 1/S; and the share of driver pairs that finish in order of strength.

    python3 tools/difficulty_table.py TWBAKE SHARED_TRACKS_DIR WORK_DIR [--ovals] [--strengths 1,0.95,0.9,0.8] [--race-seeds N]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

# The race field: the table's strengths and six more, ten in all, 0.80-1.00.
FIELD = [1.0, 0.95, 0.9, 0.8, 0.98, 0.93, 0.88, 0.85, 0.83, 0.97]


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


def race_table(twbake, tracks, strengths, seeds):
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write("pace,aggression,consistency,reaction_time,seed,strength\n")
        for strength in FIELD:
            f.write(f"1,0.5,1,0.3,0,{strength}\n")
        profiles = f.name
    header = "| track | clean laps at 1.00 |" + "".join(f" {s:.2f}: ratio (error) |" for s in strengths[1:]) + " pairs in order | contacts a race |"
    print(header)
    print("|---" * (header.count("|") - 1) + "|")
    worst, outside, runs, in_order, pairs = 0.0, 0, 0, 0, 0
    for track in tracks:
        name = os.path.basename(track)[: -len(".twtrack")]
        clean = {s: [] for s in FIELD}
        contacts = 0
        track_pairs = track_in_order = 0
        for seed in range(1, seeds + 1):
            out = subprocess.run([twbake, "race", track, "--cars", str(len(FIELD)), "--laps", "10", "--grid", "random", "--seed", str(seed),
                                  "--profiles", profiles, "--json"], capture_output=True, text=True)
            race = json.loads(out.stdout)
            contacts += race["contacts"]
            cars = race["results"]
            for car in cars:
                clean[round(car["strength"], 2)].extend(car["clean_laps_s"])
            for a in cars:
                for b in cars:
                    if a["strength"] > b["strength"]:
                        track_pairs += 1
                        track_in_order += a["finish"] < b["finish"]
        pairs += track_pairs
        in_order += track_in_order
        one = statistics.median(clean[1.0]) if clean[1.0] else None
        cells = []
        for s in strengths[1:]:
            if one is None or not clean[s]:
                cells.append(" no clean lap |")
                continue
            ratio = statistics.median(clean[s]) / one
            error = 100.0 * (ratio * s - 1.0)
            worst = max(worst, abs(error))
            outside += abs(error) > 0.5
            runs += 1
            mark = "**" if abs(error) > 0.5 else ""
            cells.append(f" {mark}{ratio:.4f} ({error:+.2f} %){mark} |")
        share = 100.0 * track_in_order / track_pairs if track_pairs else 0.0
        print(f"| {name} | {len(clean[1.0])} |" + "".join(cells) + f" {share:.0f} % | {contacts / seeds:.1f} |")
    os.unlink(profiles)
    print()
    print(f"races: worst error {worst:.2f} %; outside ±0.5 %: {outside} of {runs}; pairs finishing in order of strength: "
          f"{100.0 * in_order / max(1, pairs):.1f} %")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("twbake")
    parser.add_argument("shared")
    parser.add_argument("work")
    parser.add_argument("--ovals", action="store_true", help="the TORCS ovals too")
    parser.add_argument("--strengths", default="1,0.95,0.9,0.8")
    parser.add_argument("--laps", type=int, default=3)
    parser.add_argument("--race-seeds", type=int, default=0, help="also race the tracks, seeds 1-N")
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
    if args.race_seeds > 0:
        print()
        race_table(os.path.abspath(args.twbake), tracks, strengths, args.race_seeds)


if __name__ == "__main__":
    main()
