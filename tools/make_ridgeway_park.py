#!/usr/bin/env python3
"""Generates app/samples/ridgeway_park.twtrack: an original closed road circuit with a pit lane.

3.2 km, counter-clockwise: a 700 m main straight (start-finish, pit lane beside it on the right)
into a hairpin (18 m radius), a right-hander, a chicane, a fast left and right sweeper, a long
back straight and two corners onto the main straight. The pit lane forks off the main straight,
runs 22 m to its right with 12 boxes, and joins again before the hairpin's braking zone ends; its nodes carry a 16.7 m/s (60 km/h) speed override up to the
end of the box row, the exit road after it none, so a car leaving its box is back to speed at the
join. Racing lines: run `twbake raceline` on the output (as the sample was made):

    python3 tools/make_ridgeway_park.py > /tmp/rp.twtrack
    build/release/bake/twbake raceline /tmp/rp.twtrack -o app/samples/ridgeway_park.twtrack
"""
import json
import math

STEP = 10.0  # m between nodes


def turtle(segments):
    """Points every ~STEP m along straights ('S', length) and arcs ('A', degrees left+, radius)."""
    x, y, h = 0.0, 0.0, 0.0
    pts = [(x, y)]
    tags = [None]
    for seg in segments:
        if seg[0] == 'S':
            n = max(1, round(seg[1] / STEP))
            for i in range(n):
                x += math.cos(h) * seg[1] / n
                y += math.sin(h) * seg[1] / n
                pts.append((x, y))
                tags.append(seg[2] if len(seg) > 2 else None)
        else:
            ang = math.radians(seg[1])
            r = seg[2]
            n = max(2, round(abs(ang) * r / STEP))
            for i in range(n):
                dh = ang / n
                chord = 2 * r * math.sin(abs(dh) / 2)
                x += math.cos(h + dh / 2) * chord
                y += math.sin(h + dh / 2) * chord
                h += dh
                pts.append((x, y))
                tags.append(seg[3] if len(seg) > 3 else None)
    return pts, tags, h


def layout(b, c):
    return [
        ('S', 700.0, 'straight'),      # main straight, east
        ('A', 180, 18.0, 'hairpin'),   # turn 1: hairpin left, back west
        ('S', 150.0),
        ('A', -90, 40.0),              # turn 2: right, north
        ('S', 160.0),
        ('A', -35, 45.0, 'chicane'), ('S', 20.0, 'chicane'), ('A', 70, 45.0, 'chicane'), ('S', 20.0, 'chicane'), ('A', -35, 45.0, 'chicane'),
        ('S', 140.0),
        ('A', 60, 220.0, 'fast'),      # fast left sweeper, heading 150
        ('A', -30, 260.0, 'fast'),     # fast right, heading 120
        ('S', 120.0),
        ('A', 60, 90.0),               # heading 180, west
        ('S', b),                      # back straight, solved for closure in x
        ('A', 90, 50.0),               # heading 270, south
        ('S', c),                      # solved for closure in y
        ('A', 90, 45.0),               # last corner onto the main straight, east
        ('S', 20.0),
    ]


def solve():
    # End position is affine in (b, c), b moving it in x and c in y.
    def end(b, c):
        pts, _, h = turtle(layout(b, c))
        return pts[-1]
    e0 = end(300.0, 300.0)
    return 300.0 + e0[0], 300.0 + e0[1]


def side(track, runoff, wall):
    return {"track": track, "runoff": runoff, "wall": wall}


def main():
    b, c = solve()
    pts, tags, h = turtle(layout(b, c))
    assert abs(pts[-1][0]) < 1e-6 and abs(pts[-1][1]) < 1e-6, pts[-1]
    pts, tags = pts[:-1], tags[:-1]  # closed: the last point is the first
    nodes = []
    for (x, y), tag in zip(pts, tags):
        left, right = side(6.0, 9.0, 11.0), side(6.0, 9.0, 11.0)
        if tag == 'hairpin':
            left = side(5.5, 8.0, 10.0)       # inside of an 18 m hairpin
        if tag == 'straight':
            right = side(6.0, 7.0, 8.0)       # the pit wall side of the main straight
        nodes.append({"x": round(x, 3), "y": round(y, 3), "z": 0.0, "left": left, "right": right})
    main_count = len(nodes)
    # Main straight: nodes 0..70 at x = 0..700, y = 0.
    fork_node, join_node = 8, 56        # x = 80 m and x = 560 m
    pit = []
    # Pit lane: y(x) eases from 0 at the fork to -22 over 110 m, straight, then back over 100 m.
    xs = list(range(90, 551, 10))
    for x in xs:
        if x < 190:
            t = (x - 80) / 110.0
            y = -22.0 * (1 - math.cos(math.pi * min(1.0, t))) / 2
        elif x > 460:
            t = (560 - x) / 100.0
            y = -22.0 * (1 - math.cos(math.pi * min(1.0, t))) / 2
        else:
            y = -22.0
        pit.append((float(x), round(y, 3)))
    limit_end_x = 440  # the speed limit holds up to the end of the box row
    pit_nodes = []
    for x, y in pit:
        n = {"x": x, "y": y, "z": 0.0, "left": side(3.5, 4.0, 5.0), "right": side(6.0, 6.5, 7.5)}
        if x <= limit_end_x:
            n["speed"] = 16.7
            n["tags"] = ["pit"]
        nodes.append(n)
        pit_nodes.append(len(nodes) - 1)
    markers = [{"kind": "start-finish", "node": 40, "label": "Start/Finish"}]
    box = 1
    for idx in pit_nodes:
        x = nodes[idx]["x"]
        if 200 <= x <= 430 and int(x) % 20 == 10:
            markers.append({"kind": "pit-box", "node": idx, "label": "Box %d" % box})
            box += 1
    doc = {
        "format": "trackwright-track",
        "schema": 2,
        "name": "Ridgeway Park",
        "nodes": nodes,
        "routes": [
            {"name": "main", "closed": True, "nodes": list(range(main_count))},
            {"name": "pit lane", "closed": False, "nodes": pit_nodes,
             "fork": {"route": 0, "node": fork_node}, "join": {"route": 0, "node": join_node}},
        ],
        "lines": [],
        "vehicle_classes": [],
        "markers": markers,
        "zones": [{"kind": "overtaking", "from": 2, "to": 60, "sides": "both"}],
        "race": {"yield_side": "right",
                 "grid": {"first_row_gap": 6.0, "row_spacing": 16.0, "stagger": 8.0, "pole": "left"},
                 "pit_stop_time": 4.0},
        "editor": {},
        "crossing_clearance": 4.5,
    }
    print(json.dumps(doc, indent=2))


if __name__ == "__main__":
    main()
