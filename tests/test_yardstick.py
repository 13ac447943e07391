"""``scripts/bench/yardstick.py`` freezes a commit's players and serves them over the bot protocol.

A temporary repository gets two commits: this checkout's package, then a commit whose package
cannot be imported.  The yardstick of the first must serve a bot that plays legal moves from
the frozen tree (not from the installed package); the second must be refused with a clear
error, and nothing half-made may stay in the cache.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest

from binokel import new_game
from binokel.bots import ExternalBot, ask, make_bot
from tests.script_modules import SCRIPTS, load_script

yardstick = load_script("yardstick")
PACKAGE = SCRIPTS.parent / "binokel"

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c",
                           "user.email=t@example.invalid", *args], check=True,
                          capture_output=True, text=True).stdout.strip()


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    """A repository with a good commit and a broken one after it."""
    repo = tmp_path_factory.mktemp("repo")
    git(repo, "init", "-q")
    shutil.copytree(PACKAGE, repo / "binokel",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "good")
    good = git(repo, "rev-parse", "HEAD")
    init = repo / "binokel" / "__init__.py"
    init.write_text("raise ImportError('the broken commit')\n" + init.read_text())
    git(repo, "commit", "-q", "-am", "broken")
    return repo, good, git(repo, "rev-parse", "HEAD")


def test_a_yardstick_serves_legal_moves_from_the_frozen_tree(
        repo: tuple[Path, str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, good, _ = repo
    cache = tmp_path / "cache"
    args = ["--cache", str(cache), "--repo", str(path)]
    assert yardstick.main([*args, "setup", good[:7], "heuristic:level=medium", "--no-build"]) == 0
    spec = capsys.readouterr().out.strip()
    place = cache / good
    assert spec.startswith("cmd:env PYTHONPATH=") and str(place / "src") in spec
    assert (place / "src" / "binokel" / "__init__.py").exists()
    # The tree is the commit's: the broken edit came later and is not in it.
    assert "broken" not in (place / "src" / "binokel" / "__init__.py").read_text()
    # `spec` prints it again; `list` names it.
    assert yardstick.main([*args, "spec", good, "heuristic:level=medium"]) == 0
    assert capsys.readouterr().out.strip() == spec
    assert yardstick.main([*args, "list"]) == 0
    assert capsys.readouterr().out.startswith(good[:12])

    served = make_bot(spec, time_limit=60.0)
    state = new_game(seed=5, dealer=2)
    decisions = 0
    try:
        while not state.results:
            view = state.view(state.to_move)
            if state.to_move == 0:
                action = ask(served, view, random.Random(0))
                assert action in view.legal_actions
                decisions += 1
            else:
                action = view.legal_actions[0]
            state = state.apply(action)
        assert isinstance(served, ExternalBot)
        assert served.bot_name == "heuristic:level=medium (protocol)"
    finally:
        served.close()
    assert decisions >= 10


def test_a_commit_whose_package_does_not_import_is_refused(
        repo: tuple[Path, str, str], tmp_path: Path) -> None:
    path, _, broken = repo
    cache = tmp_path / "cache"
    with pytest.raises(SystemExit, match="not the one imported"):
        yardstick.main(["--cache", str(cache), "--repo", str(path), "setup", broken,
                        "--no-build"])
    assert not any(cache.iterdir())  # nothing half-made is left


def test_unknown_commits_and_missing_yardsticks_are_clear_errors(
        repo: tuple[Path, str, str], tmp_path: Path) -> None:
    path, good, _ = repo
    args = ["--cache", str(tmp_path), "--repo", str(path)]
    with pytest.raises(SystemExit, match="'nosuch' is not a commit"):
        yardstick.main([*args, "setup", "nosuch"])
    with pytest.raises(SystemExit, match="is not set up"):
        yardstick.main([*args, "spec", good, "expert"])
