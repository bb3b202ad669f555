#!/usr/bin/env python3
"""The practice table of docs/results/torcs.md from twtorcs's JSON reports.

Usage: practice_table.py DIR   (DIR holds TRACK.json — trackwright,bt,berniw on the preset's hints —
and TRACK-class.json — trackwright on the car's own class — as integrations/torcs/practice_table.sh writes them)."""
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
rows, ratios, classRatios = [], [], []
for report in sorted(folder.glob("*.json")):
    if report.stem.endswith("-class"):
        continue
    preset, own = cars(report), cars(folder / (report.stem + "-class.json"))
    robots = [preset[m]["best_lap_s"] for m in ("bt", "berniw") if m in preset and preset[m]["best_lap_s"]]
    best = min(robots) if robots else None
    ours, ourClass = preset.get("trackwright"), own.get("trackwright")
    ratio = lambda car: car["best_lap_s"] / best if car and car["best_lap_s"] and best else None
    r, rc = ratio(ours), ratio(ourClass)
    if r: ratios.append(r)
    if rc: classRatios.append(rc)
    rows.append("| %s | %s | %s | %s | %s | %s | %s |" % (report.stem, cell(ours), "%.3f" % r if r else "—", cell(ourClass), "%.3f" % rc if rc else "—",
                                                 cell(preset.get("bt")), cell(preset.get("berniw"))))
print("| track | trackwright (preset hints) | ÷ best robot | trackwright (car's class) | ÷ best robot | bt | berniw |")
print("|---|---|---|---|---|---|---|")
print("\n".join(rows))
if ratios:
    print("\nBest lap ÷ the best of bt and berniw: preset hints median %.3f, worst %.3f; the car's class median %.3f, worst %.3f (%d tracks)." %
          (statistics.median(ratios), max(ratios), statistics.median(classRatios) if classRatios else 0, max(classRatios) if classRatios else 0, len(rows)))
