"""Build the wheel and the sdist, check what they carry, and run tests from the unpacked sdist.

Usage: ``python scripts/ops/release_check.py [--all]``.  The distributions go to a temporary
folder.  Checked: one version (``binokel.__version__``) in both file names and in the wheel's
metadata; the LICENSE in both; the sdist carries the tests with the helpers they import; and
a quick subset of the tests (``--all``: the whole suite) passes when run inside the unpacked
sdist with ``binokel`` imported from there, not from the checkout (the compiled cores are not
built there: the pure path runs).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Fast tests that reach the rules, the records, the pad, the docs and the helpers' imports.
QUICK = ["tests/test_rules_1_cards.py", "tests/test_rules_5_melds.py",
         "tests/test_rules_6_tricks.py", "tests/test_rules_7_scoring.py",
         "tests/binocle/test_6_melds.py", "tests/bezique/test_6_winning.py",
         "tests/pad/test_pad_binokel.py", "tests/test_records.py", "tests/test_rulebook.py",
         "tests/test_decisions.py", "tests/test_architecture.py"]
#: Files the sdist must carry for its tests to run.
NEEDED = ["LICENSE", "CHANGELOG.md", "README.md", "MANIFEST.in", "tests/helpers.py",
          "tests/conftest.py", "tests/script_modules.py", "docs/rules/binokel.md",
          "docs/decisions/README.md", "binokel/search/csrc/core.h"]


def version() -> str:
    text = (ROOT / "binokel" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    if found is None:
        raise SystemExit("release_check: no __version__ in binokel/__init__.py")
    return found.group(1)


def run(cmd: list[str], cwd: Path, *, quiet: bool = False) -> None:
    """Run ``cmd``; a quiet one shows its output only if it fails."""
    print("+", " ".join(cmd), flush=True)
    done = subprocess.run(cmd, cwd=cwd, check=False, capture_output=quiet, text=True)
    if done.returncode:
        if quiet:
            print(done.stdout, done.stderr, sep="\n", file=sys.stderr)
        raise SystemExit(f"release_check: {cmd[2] if len(cmd) > 2 else cmd[0]} failed "
                         f"(exit status {done.returncode})")


def main(argv: list[str]) -> int:
    want = version()
    problems: list[str] = []
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    if not re.search(rf"^## {re.escape(want)}\b", changelog, re.MULTILINE):
        problems.append(f"CHANGELOG.md: no section for {want}")
    with tempfile.TemporaryDirectory(prefix="binokel-release-") as tmp:
        dist = Path(tmp) / "dist"
        run([sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", str(dist), "."],
            ROOT, quiet=True)
        wheels = sorted(dist.glob("*.whl"))
        sdists = sorted(dist.glob("*.tar.gz"))
        if len(wheels) != 1 or len(sdists) != 1:
            raise SystemExit(f"release_check: expected one wheel and one sdist, got "
                             f"{[p.name for p in dist.iterdir()]}")
        wheel, sdist = wheels[0], sdists[0]
        for path in (wheel, sdist):
            if f"-{want}" not in path.name:
                problems.append(f"{path.name}: not version {want}")
        with zipfile.ZipFile(wheel) as zf:
            names = zf.namelist()
            meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
            if f"\nVersion: {want}\n" not in zf.read(meta).decode():
                problems.append(f"{wheel.name}: METADATA is not version {want}")
            if not any(n.endswith("LICENSE") for n in names):
                problems.append(f"{wheel.name}: no LICENSE")
        with tarfile.open(sdist) as tf:
            tf.extractall(tmp, filter="data")
        top = Path(tmp) / sdist.name.removesuffix(".tar.gz")
        problems += [f"{sdist.name}: no {name}" for name in NEEDED if not (top / name).exists()]
        tests = sorted((top / "tests").rglob("test_*.py"))
        print(f"release_check: {wheel.name} ({wheel.stat().st_size // 1024} KiB, {len(names)} "
              f"files); {sdist.name} ({sdist.stat().st_size // 1024} KiB, {len(tests)} test "
              f"files)")
        if problems:
            print("\n".join(problems), file=sys.stderr)
            return 1
        where = subprocess.run([sys.executable, "-c", "import binokel; print(binokel.__file__)"],
                               cwd=top, capture_output=True, text=True, check=True).stdout
        if not Path(where.strip()).is_relative_to(top):
            print(f"release_check: binokel imports from {where.strip()}, not the sdist",
                  file=sys.stderr)
            return 1
        print(f"release_check: running tests in {top.name} with binokel from {where.strip()}")
        chosen = ["tests"] if "--all" in argv else QUICK
        run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *chosen], top)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
