#!/usr/bin/env python3
"""The drape table of docs/results/drape.md (issue 49).

Every TORCS road and oval track of ../shared/tracks/torcs: imported from its XML (heights, banking
and widths as TORCS's segments give them), then the same track with its heights, banking and
widths cleared, draped with `twbake drape --widths` on TORCS's own mesh of the track
(/usr/share/games/torcs/tracks/CAT/NAME/NAME.acc), and the two compared node by node.

The road materials are what the track's own XML names as its road: the textures of the surfaces
its main track and its segments are paved with (the side strips' and the pit's surfaces are not
road), looked up in the XML's own surfaces or in TORCS's surfaces.xml. A designer names them the
same way, from the level they built.

    python3 tools/drape_table.py TWBAKE SHARED_TRACKS_DIR WORK_DIR [--torcs-tracks DIR]
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET


def parse_torcs_xml(path, fragment=False):
    text = open(path, encoding="latin-1").read()
    text = re.sub(r"<!DOCTYPE.*?\]>", "", text, flags=re.S)
    text = re.sub(r"<!DOCTYPE[^>]*>", "", text)
    text = re.sub(r"&[A-Za-z0-9_-]+;", "", text)
    text = re.sub(r"<\?xml[^>]*\?>", "", text)
    return ET.fromstring("<fragment>" + text + "</fragment>" if fragment else text)


def direct_attstr(section, name):
    for child in section:
        if child.tag == "attstr" and child.get("name") == name:
            return child.get("val")
    return None


def road_surfaces(root):
    """Surface names the main track is paved with: the Main Track's and each segment's own."""
    surfaces = set()
    for section in root.iter("section"):
        if section.get("name") == "Main Track":
            s = direct_attstr(section, "surface")
            if s:
                surfaces.add(s)
            for segments in section:
                if segments.tag == "section" and (segments.get("name") or "").lower() in ("track segments", "segments"):
                    for seg in segments:
                        s = direct_attstr(seg, "surface")
                        if s:
                            surfaces.add(s)
    return surfaces


def surface_textures(root):
    """Each surface section's texture, wherever it is (a track's own Surfaces, TORCS's surfaces.xml)."""
    textures = {}
    for section in root.iter("section"):
        t = direct_attstr(section, "texture name")
        if t:
            textures[section.get("name")] = t
    return textures


def mesh_textures(path):
    """The texture names an AC3D file paints with, lower case."""
    names = set()
    with open(path, encoding="latin-1") as f:
        for line in f:
            if line.startswith("texture "):
                names.add(line.split()[1].strip('"').lower())
    return names


def quantile(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("twbake")
    parser.add_argument("shared")
    parser.add_argument("work")
    parser.add_argument("--torcs-tracks", default="/usr/share/games/torcs/tracks")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    default_textures = surface_textures(parse_torcs_xml(os.path.join(args.shared, "torcs", "data", "surfaces.xml"), fragment=True))

    print("| track | nodes | height, cm: p95 / worst | banking, °: p95 / worst | pit lane banking, °: worst | nodes on road | tarmac width a side, cm: p95 / worst | "
          "tarmac edge to edge, cm: p95 / worst | road textures |")
    print("|---|---|---|---|---|---|---|---|---|")
    failures = []
    for category in ("road", "oval"):
        folder = os.path.join(args.shared, "torcs", category)
        for xml in sorted(os.listdir(folder)):
            name = xml[:-4]
            mesh_dir = os.path.join(args.torcs_tracks, category, name)
            mesh = next((os.path.join(mesh_dir, name + ext) for ext in (".acc", ".ac") if os.path.exists(os.path.join(mesh_dir, name + ext))), None)
            if mesh is None:
                print(f"| {name} | no TORCS mesh in {mesh_dir} | | | | | | | |")
                continue
            root = parse_torcs_xml(os.path.join(folder, xml))
            textures = dict(default_textures)
            textures.update(surface_textures(root))
            named = {textures[s] for s in road_surfaces(root) if s in textures}
            # A mesh not made by TORCS's trackgen may paint the road with textures of other names:
            # then the mesh does not mark the road, and only heights and banking are draped.
            in_mesh = mesh_textures(mesh)
            road = sorted(t for t in named if t.lower() in in_mesh)
            imported = os.path.join(args.work, name + ".twtrack")
            cleared = os.path.join(args.work, name + ".cleared.twtrack")
            draped = os.path.join(args.work, name + ".draped.twtrack")
            subprocess.run([args.twbake, "import", "--from", "torcs", os.path.join(folder, xml), "-o", imported],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            doc = json.load(open(imported))
            main_route = set(doc["routes"][0]["nodes"])
            for i, node in enumerate(doc["nodes"]):
                node["z"] = 0.0
                node.pop("banking", None)
                # The pit lane's surface is not the main track's: its widths stay as imported.
                if road and i in main_route:
                    for side in ("left", "right"):
                        node[side] = {"track": 0.0, "runoff": 0.0, "wall": 0.0}
            json.dump(doc, open(cleared, "w"))
            # Heights and banking everywhere, then the main route's widths from its road's edges (a
            # pit lane is paved like the road around it: the road materials do not mark it).
            materials = [a for texture in road for a in ("--road-material", texture)]
            result = subprocess.run([args.twbake, "drape", cleared, "--mesh", mesh, "--json", "-o", draped] + materials, capture_output=True, text=True)
            if result.returncode == 0 and road:
                main_name = doc["routes"][0]["name"]
                result = subprocess.run([args.twbake, "drape", draped, "--mesh", mesh, "--route", main_name, "--widths", "--json", "-o", draped] + materials,
                                        capture_output=True, text=True)
            if result.returncode != 0:
                reason = result.stderr.strip().splitlines()
                print(f"| {name} | drape failed (exit {result.returncode}): {reason[-1] if reason else ''} | | | | | | | |")
                failures.append(name)
                continue
            report = json.loads(result.stdout)
            off_road = set(report["off_road"])
            original = json.load(open(imported))["nodes"]
            out = json.load(open(draped))["nodes"]
            heights, banking, pit_banking, sides, totals = [], [], [], [], []
            for i, (a, b) in enumerate(zip(original, out)):
                heights.append(abs(a["z"] - b["z"]) * 100.0)
                (banking if i in main_route else pit_banking).append(abs(a.get("banking", 0.0) - b.get("banking", 0.0)) * 180.0 / math.pi)
                if road and i in main_route and i not in off_road:
                    for side in ("left", "right"):
                        sides.append(abs(a[side]["track"] - b[side]["track"]) * 100.0)
                    totals.append(abs(a["left"]["track"] + a["right"]["track"] - b["left"]["track"] - b["right"]["track"]) * 100.0)
            pit = f"{max(pit_banking):.2f}" if pit_banking else "–"
            row = f"| {name} | {len(out)} | {quantile(heights, 0.95):.1f} / {max(heights):.1f} | {quantile(banking, 0.95):.2f} / {max(banking):.2f} | {pit} | "
            if sides:
                row += (f"{len(main_route) - len(off_road & main_route)} | {quantile(sides, 0.95):.1f} / {max(sides):.1f} | "
                        f"{quantile(totals, 0.95):.1f} / {max(totals):.1f} | {', '.join(road)} |")
            else:
                row += f"– | – | – | the mesh paints with none of {', '.join(sorted(named))} |"
            print(row, flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
