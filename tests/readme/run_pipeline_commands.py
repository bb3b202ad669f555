#!/usr/bin/env python3
"""Runs the shell commands of README.md's "For the pipeline engineer" section as they are written,
in a fresh folder laid out as the README assumes (a checkout with `build/release/bake/twbake` after
`.ci/demo`, `../shared` beside it), one bash script with `set -e`: a README command that no longer
runs, or exits non-zero, fails the test (issue 51: the README's commands had names that did not
exist and a folder nothing made).
    run_pipeline_commands.py README.md TWBAKE_DIR SHARED_DIR"""
import os
import pathlib
import re
import subprocess
import sys
import tempfile

readme, twbake_dir, shared = (pathlib.Path(p).resolve() for p in sys.argv[1:4])
text = readme.read_text(encoding="utf-8")
section = re.search(r"^## For the pipeline engineer\n(.*?)(?=^## )", text, re.S | re.M)
if not section:
    sys.exit(f"{readme}: no '## For the pipeline engineer' section")
blocks = re.findall(r"^```sh\n(.*?)^```", section.group(1), re.S | re.M)
if not blocks:
    sys.exit(f"{readme}: the pipeline engineer's section has no ```sh block")
if not (shared / "tracks").is_dir():
    sys.exit(f"{shared}/tracks is missing: the README's commands read ../shared/tracks beside the checkout")

with tempfile.TemporaryDirectory(prefix="readme_pipeline_") as work:
    root = pathlib.Path(work)
    checkout = root / "checkout"
    (checkout / "build" / "release").mkdir(parents=True)
    (checkout / "build" / "release" / "bake").symlink_to(twbake_dir, target_is_directory=True)
    (root / "shared").symlink_to(shared, target_is_directory=True)
    script = "set -euo pipefail\n" + "\n".join(blocks)
    environment = dict(os.environ, TRACKWRIGHT_CACHE_DIR=str(root / "cache"), PATH=os.environ.get("PATH", "/usr/bin:/bin"))
    print(script, flush=True)
    result = subprocess.run(["bash", "-c", script], cwd=checkout, env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(result.stdout[-6000:])
    if result.returncode != 0:
        sys.exit(f"a command of README.md's pipeline section failed (exit {result.returncode}): see above")
    for made in ("tracks/monza.twtrack", "tracks/e1.twtrack", "baked/monza.twbake", "baked/e1.twbake", "alpine.twtrack"):
        if not (checkout / made).is_file():
            sys.exit(f"the README's commands did not make {made}")
print("README.md's pipeline commands run as written")
