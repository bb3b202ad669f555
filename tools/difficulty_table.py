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

With --mistakes-laps N, the mistakes table: a single car of strength 0.80 making twice the
documented mistakes (`twbake laps --strength 0.8 --mistakes 2 --laps N --seed S`, driver seeds 1-5,
--mistakes-seeds) on every track; each kind's count against its documented rate x the laps driven,
stuck events and teleports.

With --catch-up-seeds N, the catch-up table: the race field above, 10 laps, seeds 1-N, raced with and
without `--catch-up`; the spread of the field at the flag (last finisher's time less the winner's),
the share of driver pairs finishing in order of strength, and the closest two finishers.

--only mistakes|catch-up|strengths runs that table alone.

    python3 tools/difficulty_table.py TWBAKE SHARED_TRACKS_DIR WORK_DIR [--ovals] [--strengths 1,0.95,0.9,0.8] [--race-seeds N]
        [--mistakes-laps N] [--catch-up-seeds N] [--only TABLE]
"""
import argparse
import concurrent.futures
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


# The documented mistakes per lap at strength 1 and mistakes 1 (runtime/traffic/driver_mistakes.h,
# kBaseMistakeRates), and the multiplier a strength's rates carry: 1 + 20 (1 - strength).
MISTAKE_KINDS = {"late-braking": 0.02, "lock-up": 0.01, "missed-apex": 0.03, "slide": 0.01}


def mistakes_table(twbake, tracks, laps, seeds, strength=0.8, multiplier=2.0):
    # Per track: each kind's count over `seeds` runs of `laps` laps (driver seeds 1-N).
    per_track = {}
    for seed in range(1, seeds + 1):
        out = subprocess.run([twbake, "laps", *tracks, "--matrix", "--json", "--laps", str(laps), "--strength", str(strength), "--mistakes",
                              str(multiplier), "--seed", str(seed), "--progress", "none"], capture_output=True, text=True)
        for run in json.loads(out.stdout)["runs"]:
            row = per_track.setdefault(run["track"], {"laps": 0, "stuck": 0, "teleports": 0, **{k: 0 for k in MISTAKE_KINDS}})
            row["laps"] += len(run.get("lap_times_s", []))
            row["stuck"] += run.get("stuck_events", 0)
            row["teleports"] += run.get("teleports", 0)
            for kind in MISTAKE_KINDS:
                row[kind] += run.get("mistakes", {}).get(kind, 0)
    scale = multiplier * (1.0 + 20.0 * (1.0 - strength))
    header = "| track | laps |" + "".join(f" {k} (expected {v * scale * laps * seeds:.0f}) |" for k, v in MISTAKE_KINDS.items()) + " stuck | teleports |"
    print(header)
    print("|---" * (header.count("|") - 1) + "|")
    totals = {k: 0 for k in MISTAKE_KINDS}
    outside, cells_count, stuck, teleports, driven = 0, 0, 0, 0, 0
    for track, row in per_track.items():
        done = row["laps"]
        driven += done
        cells = []
        for kind, rate in MISTAKE_KINDS.items():
            made = row[kind]
            totals[kind] += made
            expected = rate * scale * done
            error = 100.0 * (made / expected - 1.0) if expected > 0 else 0.0
            off = abs(error) > 25.0
            outside += off
            cells_count += 1
            mark = "**" if off else ""
            cells.append(f" {mark}{made} ({error:+.0f} %){mark} |")
        stuck += row["stuck"]
        teleports += row["teleports"]
        print(f"| {track} | {done} |" + "".join(cells) + f" {row['stuck']} | {row['teleports']} |")
    print()
    overall = ", ".join(f"{k} {totals[k]} of {v * scale * driven:.0f} expected ({100.0 * (totals[k] / (v * scale * driven) - 1.0):+.1f} %)"
                        for k, v in MISTAKE_KINDS.items())
    print(f"mistakes over {driven} laps: {overall}; track-kind counts outside ±25 %: {outside} of {cells_count}; "
          f"stuck events {stuck}, teleports {teleports}")


def catch_up_table(twbake, tracks, seeds):
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write("pace,aggression,consistency,reaction_time,seed,strength\n")
        for strength in FIELD:
            f.write(f"1,0.5,1,0.3,0,{strength}\n")
        profiles = f.name
    header = ("| track | spread without (s) | spread with (s) | ratio | pairs in order without | with | closest finish without (s) | with |"
              " contacts a race without | with |")
    print(header)
    print("|---" * (header.count("|") - 1) + "|")
    ratios, orders, closest_all = [], {False: [0, 0], True: [0, 0]}, {False: float("inf"), True: float("inf")}

    def command(track, seed, catch_up):
        return [twbake, "race", track, "--cars", str(len(FIELD)), "--laps", "10", "--grid", "random", "--seed", str(seed),
                "--profiles", profiles, "--json"] + (["--catch-up"] if catch_up else [])

    # Every race at once on all cores; the table reads them in order.
    jobs = [(track, seed, catch_up) for track in tracks for catch_up in (False, True) for seed in range(1, seeds + 1)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count()) as pool:
        outputs = list(pool.map(lambda job: subprocess.run(command(*job), capture_output=True, text=True).stdout, jobs))
    results = {job: json.loads(out) for job, out in zip(jobs, outputs)}
    for track in tracks:
        name = os.path.basename(track)[: -len(".twtrack")]
        row = {}
        for catch_up in (False, True):
            spreads, in_order, pairs, contacts, closest = [], 0, 0, 0, float("inf")
            for seed in range(1, seeds + 1):
                race = results[(track, seed, catch_up)]
                contacts += race["contacts"]
                cars = [c for c in race["results"] if c["finished"]]
                times = sorted(c["finish_time_s"] for c in cars)
                if len(times) >= 2:
                    spreads.append(times[-1] - times[0])
                    closest = min(closest, min(b - a for a, b in zip(times, times[1:])))
                for a in cars:
                    for b in cars:
                        if a["strength"] > b["strength"]:
                            pairs += 1
                            in_order += a["finish"] < b["finish"]
            orders[catch_up][0] += in_order
            orders[catch_up][1] += pairs
            row[catch_up] = (statistics.mean(spreads) if spreads else float("nan"), 100.0 * in_order / max(1, pairs), contacts / seeds, closest)
        ratio = row[True][0] / row[False][0] if row[False][0] > 0 else float("nan")
        ratios.append(ratio)
        for catch_up in (False, True):
            closest_all[catch_up] = min(closest_all[catch_up], row[catch_up][3])
        mark = "**" if not ratio <= 0.5 else ""
        print(f"| {name} | {row[False][0]:.1f} | {row[True][0]:.1f} | {mark}{ratio:.2f}{mark} | {row[False][1]:.0f} % | {row[True][1]:.0f} % | "
              f"{row[False][3]:.2f} | {row[True][3]:.2f} | {row[False][2]:.1f} | {row[True][2]:.1f} |")
    os.unlink(profiles)
    print()
    print(f"catch-up: spread ratio median {statistics.median(ratios):.2f}, worst {max(ratios):.2f}; tracks at most halved "
          f"{sum(r <= 0.5 for r in ratios)} of {len(ratios)}; pairs in order {100.0 * orders[False][0] / max(1, orders[False][1]):.1f} % without, "
          f"{100.0 * orders[True][0] / max(1, orders[True][1]):.1f} % with; closest finish {closest_all[False]:.2f} s without, "
          f"{closest_all[True]:.2f} s with")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("twbake")
    parser.add_argument("shared")
    parser.add_argument("work")
    parser.add_argument("--ovals", action="store_true", help="the TORCS ovals too")
    parser.add_argument("--strengths", default="1,0.95,0.9,0.8")
    parser.add_argument("--laps", type=int, default=3)
    parser.add_argument("--race-seeds", type=int, default=0, help="also race the tracks, seeds 1-N")
    parser.add_argument("--mistakes-laps", type=int, default=0, help="the mistakes table over N laps a track")
    parser.add_argument("--mistakes-seeds", type=int, default=5, help="driver seeds the mistakes table sums over")
    parser.add_argument("--catch-up-seeds", type=int, default=0, help="the catch-up table, seeds 1-N")
    parser.add_argument("--only", choices=["strengths", "mistakes", "catch-up"], help="that table alone")
    args = parser.parse_args()
    strengths = [float(s) for s in args.strengths.split(",")]
    if strengths[0] != 1.0:
        sys.exit("the first strength must be 1: the others are ratios to it")
    tracks = prepared_tracks(os.path.abspath(args.twbake), args.shared, args.work, args.ovals)
    if args.only == "mistakes" or (args.mistakes_laps and not args.only):
        mistakes_table(os.path.abspath(args.twbake), tracks, args.mistakes_laps or 100, args.mistakes_seeds)
        print()
    if args.only == "catch-up" or (args.catch_up_seeds and not args.only):
        catch_up_table(os.path.abspath(args.twbake), tracks, args.catch_up_seeds or 3)
        print()
    if args.only and args.only != "strengths":
        return
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
