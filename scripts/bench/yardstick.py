#!/usr/bin/env python3
"""Frozen yardsticks: the players of a pinned commit, served over the bot protocol.

A change to a player is best measured against an opponent that did not move with it.  This
tool freezes the players of one commit and prints the ``binokel arena`` player to use::

    scripts/bench/yardstick.py setup 54f30d0                # the hard of 54f30d0 (and expert)
    binokel arena heuristic:level=hard \
        "$(scripts/bench/yardstick.py spec 54f30d0 heuristic:level=hard)"

``setup COMMIT [PLAYER ...]`` exports the commit's tree (``git archive``) into a cache
directory (``$BINOKEL_YARDSTICKS``, else ``~/.cache/binokel/yardsticks``), one directory per
full commit id, copies this checkout's ``protocol_bot.py`` beside it, builds the optional C
extensions in place when a compiler is present (``--no-build`` skips it: the pure-Python search
plays the same moves, slower), checks that the frozen package is the one that gets imported,
and prints one arena player spec per PLAYER (default: ``heuristic:level=hard`` and
``expert``).  A finished yardstick is never rebuilt; ``spec`` prints the spec of one again.

The served program runs with ``PYTHONPATH`` set to the frozen tree, so the interpreter (this
one, ``sys.executable``, unless ``--python`` says otherwise) imports the old package and not
the installed one.  ``protocol_bot.py`` only serves Binokel (docs/bot-protocol.md).
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_PLAYERS = ("heuristic:level=hard", "expert")
DONE = "YARDSTICK"


def cache_root() -> Path:
    """Where yardsticks live: ``$BINOKEL_YARDSTICKS`` or ``~/.cache/binokel/yardsticks``."""
    env = os.environ.get("BINOKEL_YARDSTICKS")
    return Path(env) if env else Path.home() / ".cache" / "binokel" / "yardsticks"


def resolve(repo: Path, commit: str) -> str:
    """The full id of ``commit`` in ``repo`` (a clear error if it is not a commit there)."""
    result = subprocess.run(["git", "-C", str(repo), "rev-parse", "--verify", "--quiet",
                             f"{commit}^{{commit}}"], capture_output=True, text=True)
    if result.returncode:
        raise SystemExit(f"yardstick: {commit!r} is not a commit in {repo}")
    return result.stdout.strip()


def directory(root: Path, sha: str) -> Path:
    return root / sha


def spec(place: Path, player: str, python: str) -> str:
    """The arena player that serves ``player`` of the frozen tree at ``place``."""
    return "cmd:" + shlex.join(["env", f"PYTHONPATH={place / 'src'}", python,
                                str(place / "protocol_bot.py"), player])


def recorded_python(place: Path) -> str:
    """The interpreter the yardstick was set up with (and checked against)."""
    for line in (place / DONE).read_text().splitlines():
        if line.startswith("python "):
            return line.removeprefix("python ")
    return sys.executable


def _build(src: Path, python: str) -> str:
    """Build the optional C extensions in place; says what happened (never fails the setup)."""
    if not (src / "setup.py").exists():
        return "no C extensions at this commit"
    if shutil.which(os.environ.get("CC", "cc")) is None:
        return "no C compiler: the pure-Python search will be used"
    result = subprocess.run([python, "setup.py", "-q", "build_ext", "--inplace"], cwd=src,
                            capture_output=True, text=True)
    if result.returncode:
        return "the C extensions did not build: the pure-Python search will be used"
    return "C extensions built"


def setup(repo: Path, commit: str, root: Path, python: str, build: bool) -> Path:
    """Freeze ``commit`` of ``repo`` under ``root``; the yardstick's directory."""
    sha = resolve(repo, commit)
    place = directory(root, sha)
    if (place / DONE).exists():
        return place
    root.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{sha[:12]}-", dir=root))
    try:
        src = work / "src"
        src.mkdir()
        with tempfile.TemporaryFile() as archive:
            subprocess.run(["git", "-C", str(repo), "archive", "--format=tar", sha],
                           stdout=archive, check=True)
            archive.seek(0)
            with tarfile.open(fileobj=archive) as tar:
                tar.extractall(src, filter="data")
        if not (src / "binokel" / "__init__.py").exists():
            raise SystemExit(f"yardstick: commit {sha[:12]} has no binokel package")
        shutil.copy2(HERE / "protocol_bot.py", work / "protocol_bot.py")
        built = _build(src, python) if build else "not built (--no-build)"
        env = {**os.environ, "PYTHONPATH": str(src)}
        found = subprocess.run([python, "-c", "import binokel; print(binokel.__file__)"],
                               env=env, cwd=work, capture_output=True, text=True)
        if found.returncode or not Path(found.stdout.strip()).is_relative_to(src):
            raise SystemExit("yardstick: the frozen package is not the one imported "
                             f"({found.stdout.strip() or found.stderr.strip()})")
        # The served script must start with this package: it answers the protocol's hello.
        hello = subprocess.run([python, str(work / "protocol_bot.py"), "random"], env=env,
                               cwd=work, input='{"type": "hello"}\n{"type": "quit"}\n',
                               capture_output=True, text=True, timeout=120)
        if '"ready"' not in hello.stdout:
            raise SystemExit("yardstick: protocol_bot.py does not start with the package of "
                             f"{sha[:12]}: {hello.stderr.strip()[-500:]}")
        (work / DONE).write_text(f"commit {sha}\nrepository {repo}\npython {python}\n"
                                 f"{built}\n")
        if place.exists():  # a half-made directory of an interrupted setup
            shutil.rmtree(place)
        work.rename(place)
    finally:
        if work.exists():
            shutil.rmtree(work)
    return place


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=None,
                        help="where yardsticks live (default $BINOKEL_YARDSTICKS or "
                             "~/.cache/binokel/yardsticks)")
    parser.add_argument("--repo", type=Path, default=HERE.parents[1],
                        help="the git repository holding the commit (default: this checkout)")
    parser.add_argument("--python", default=None,
                        help="the interpreter that serves the frozen players (default: the "
                             "one that ran setup, else this one)")
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("setup", help="freeze a commit and print its arena players")
    make.add_argument("commit")
    make.add_argument("players", nargs="*", default=list(DEFAULT_PLAYERS))
    make.add_argument("--no-build", action="store_true", help="skip the C extensions")
    show = commands.add_parser("spec", help="print the arena player of a frozen commit")
    show.add_argument("commit")
    show.add_argument("player")
    commands.add_parser("list", help="the frozen commits in the cache")
    args = parser.parse_args(argv)
    root = (args.cache or cache_root()).resolve()
    if args.command == "list":
        for done in sorted(root.glob(f"*/{DONE}")):
            print(done.parent.name[:12], done.read_text().splitlines()[-1])
        return 0
    if args.command == "spec":
        place = directory(root, resolve(args.repo, args.commit))
        if not (place / DONE).exists():
            raise SystemExit(f"yardstick: {args.commit} is not set up; run "
                             f"scripts/bench/yardstick.py setup {args.commit}")
        print(spec(place, args.player, args.python or recorded_python(place)))
        return 0
    python = args.python or sys.executable
    place = setup(args.repo.resolve(), args.commit, root, python, not args.no_build)
    python = args.python or recorded_python(place)
    print(f"# {(place / DONE).read_text().splitlines()[-1]}; frozen in {place}",
          file=sys.stderr)
    for player in args.players:
        print(spec(place, player, python))
    return 0


if __name__ == "__main__":
    sys.exit(main())
