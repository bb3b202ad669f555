#!/usr/bin/env python3
"""The practice table of docs/results/torcs.md from twtorcs's JSON reports.

Usage: practice_table.py DIR   (DIR holds TRACK.json — trackwright on the car's own class, bt and berniw
in one run — and TRACK-preset.json — trackwright alone on the car preset's hints — as
integrations/torcs/practice_table.sh writes them)."""
import json, statistics, sys
from pathlib import Path

def cars(path):
    try:
        return {c["module"]: c for c in json.loads(Path(path).read_text())["cars"]}
    except (OSError, ValueError, KeyError):
        return {}

def cell(car):
    if not car:
        return "—"
    best = car["best_lap_s"]
    off = car["off_track_s"]
    return "%s, %d/5, %d, %s s" % ("%.2f s" % best if best else "—", car["laps"], car["damage"], "%.1f" % off if off is not None else "?")

folder = Path(sys.argv[1])
rows, ratios, presetRatios, clean = [], [], [], 0
for report in sorted(folder.glob("*.json")):
    if report.stem.endswith("-preset"):
        continue
    run, preset = cars(report), cars(folder / (report.stem + "-preset.json"))
    robots = [run[m]["best_lap_s"] for m in ("bt", "berniw") if m in run and run[m]["best_lap_s"]]
    best = min(robots) if robots else None
    ours, ourPreset = run.get("trackwright"), preset.get("trackwright")
    ratio = lambda car: car["best_lap_s"] / best if car and car["best_lap_s"] and best else None
    r, rp = ratio(ours), ratio(ourPreset)
    if r: ratios.append(r)
    if rp: presetRatios.append(rp)
    # Clean: every lap, no damage beyond the start's (the speedways' grid wall: every car's 3), ≤ 1 s off a lap.
    if ours and ours["laps"] >= 5 and ours["damage"] <= min([run[m]["damage"] for m in ("bt", "berniw") if m in run] + [ours["damage"]]) \
            and (ours["off_track_s"] or 0) <= 5.0:
        clean += 1
    rows.append("| %s | %s | %s | %s | %s | %s | %s |" % (report.stem, cell(ours), "%.3f" % r if r else "—", cell(ourPreset), "%.3f" % rp if rp else "—",
                                                 cell(run.get("bt")), cell(run.get("berniw"))))
print("| track | trackwright (car's class) | ÷ best robot | trackwright (preset hints) | ÷ best robot | bt | berniw |")
print("|---|---|---|---|---|---|---|")
print("\n".join(rows))
if ratios:
    print("\nBest lap ÷ the best of bt and berniw in the same run: the car's class median %.3f, worst %.3f; preset hints median %.3f, worst %.3f "
          "(%d tracks); clean (5/5 laps, damage no more than the robots', ≤ 1 s a lap off) on the car's class: %d." %
          (statistics.median(ratios), max(ratios), statistics.median(presetRatios) if presetRatios else 0, max(presetRatios) if presetRatios else 0,
           len(rows), clean))
