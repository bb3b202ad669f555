#!/usr/bin/env python3
"""The traffic table of docs/results/torcs.md from twtorcs race reports (race_table.sh).

Usage: race_table.py DIR   (DIR holds TRACK-SEED.json)."""
import json, statistics, sys
from collections import defaultdict
from pathlib import Path

folder = Path(sys.argv[1])
by_track = defaultdict(list)
for report in sorted(folder.glob("*.json")):
    track, _, seed = report.stem.rpartition("-")
    try:
        by_track[track].append((int(seed), json.loads(report.read_text())))
    except ValueError:
        by_track[track].append((int(seed), None))

print("| track | races | trackwright cars at the flag (a lap down) | mean damage: trackwright / robots | mean car contacts: trackwright / robots | "
      "trackwright's places | races where a trackwright car stopped short |")
print("|---|---|---|---|---|---|---|")
for track, races in sorted(by_track.items()):
    ours_damage, robots_damage, ours_contacts, robots_contacts, places = [], [], [], [], []
    finished = total = short = lapped = 0
    failed = 0
    for seed, doc in sorted(races):
        if not doc:
            failed += 1
            continue
        laps = max(c["laps"] for c in doc["cars"])
        stopped = False
        for c in doc["cars"]:
            if c["module"] == "trackwright":
                total += 1
                # At the flag: the leader's laps, or one fewer (lapped: the race ends for it at the
                # leader's flag); fewer is a car that stopped.
                done = c["laps"] >= laps - 1 and c.get("finish") is not None
                finished += done
                lapped += done and c["laps"] < laps
                stopped = stopped or not done
                ours_damage.append(c["damage"])
                ours_contacts.append(c["car_contacts"] or 0)
                if c.get("finish"): places.append(c["finish"])
            else:
                robots_damage.append(c["damage"])
                robots_contacts.append(c["car_contacts"] or 0)
        short += stopped
    mean = lambda xs: statistics.mean(xs) if xs else float("nan")
    print("| %s | %d%s | %d / %d (%d) | %.0f / %.0f | %.2f / %.2f | %s | %d |" % (
        track, len(races) - failed, " (%d failed to run)" % failed if failed else "", finished, total, lapped, mean(ours_damage), mean(robots_damage),
        mean(ours_contacts), mean(robots_contacts), "median %g of 10" % statistics.median(places) if places else "—", short))
