"""Build the API reference from the docstrings with pdoc, and fail on any warning.

Usage: ``python scripts/ops/api_docs.py [OUT]`` (default ``build/api``; not committed).  The
reference covers the public API that docs/api-stability.md lists; pdoc prints a line starting
``Warn`` for every annotation or docstring it cannot read, and each such line fails the build.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

#: The modules of the public API (docs/api-stability.md); pdoc adds their documented submodules.
MODULES = ("binokel", "binokel.cards", "binokel.errors", "binokel.games",
           "binokel.games.protocol", "binokel.games.binokel", "binokel.games.binocle",
           "binokel.bots", "binokel.pad", "binokel.env", "binokel.search")


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "build/api")
    done = subprocess.run([sys.executable, "-m", "pdoc", "--output-directory", str(out),
                           *MODULES], capture_output=True, text=True, check=False)
    text = done.stdout + done.stderr
    warnings = [line for line in text.splitlines() if line.lstrip().lower().startswith("warn")]
    pages = sorted(out.rglob("*.html"))
    for line in warnings:
        print(line, file=sys.stderr)
    print(f"api_docs: {len(pages)} pages in {out}, {len(warnings)} warnings, "
          f"pdoc exit status {done.returncode}")
    if done.returncode != 0 and not warnings:
        print(text, file=sys.stderr)
    return 1 if done.returncode or warnings or not pages else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
