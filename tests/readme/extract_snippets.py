#!/usr/bin/env python3
"""Turns the runtime snippets of README.md's "For the game programmer" section into programs, as they
stand: the snippet's #include lines at file scope, the rest as the body of main() after a prelude
that provides what the prose assumes (`bytes`, `size`, `dt`).
    extract_snippets.py README.md OUT_DIR   -> OUT_DIR/readme_snippet.cpp, OUT_DIR/readme_snippet.c"""
import pathlib
import re
import sys

readme, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
text = readme.read_text(encoding="utf-8")
section = re.search(r"^## For the game programmer\n(.*?)(?=^## )", text, re.S | re.M)
if not section:
    sys.exit(f"{readme}: no '## For the game programmer' section")
blocks = dict(re.findall(r"^```(cpp|c)\n(.*?)^```", section.group(1), re.S | re.M))
for language in ("cpp", "c"):
    if language not in blocks:
        sys.exit(f"{readme}: the game programmer's section has no ```{language} snippet")

PRELUDE = {
    "cpp": ('#include "tests/readme/snippet_context.h"\n\nint main() {\n'
            "    const tw::snippet::Context context;  // the baked kart sample\n"
            "    const std::span<const std::byte> bytes = context.bytes();\n"
            "    const float dt = 1.0f / 60.0f;\n"),
    "c": ('#include "tests/readme/snippet_context_c.h"\n\nint main(void) {\n'
          "    size_t size = 0;\n"
          "    const void* bytes = snippet_track_bytes(&size);  /* the baked kart sample */\n"
          "    const float dt = 1.0f / 60.0f;\n"),
}
# What the snippet promised: after its tick the car on the grid is under way.
EPILOGUE = {
    "cpp": "    return body.state.speed > 0.0f ? 0 : 2;\n}\n",
    "c": "    return body.state.speed > 0.0f ? 0 : 2;\n}\n",
}
out.mkdir(parents=True, exist_ok=True)
for language, code in blocks.items():
    lines = code.splitlines()
    includes = [line for line in lines if line.startswith("#include")]
    body = [line for line in lines if not line.startswith("#include")]
    program = (f"/* Generated from {readme.name} by tests/readme/extract_snippets.py: edit the README. */\n"
               + "\n".join(includes) + "\n" + PRELUDE[language]
               + "".join(f"    {line}\n" if line else "\n" for line in body) + EPILOGUE[language])
    target = out / f"readme_snippet.{language}"
    if not target.exists() or target.read_text() != program:
        target.write_text(program)
