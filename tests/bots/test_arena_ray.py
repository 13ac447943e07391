"""``binokel arena --ray``: the deals as Ray tasks, with the CSV of ``--workers 2``.

One local Ray (two CPUs, no dashboard) is started for the whole module; the tests that need it
are skipped when Ray (the ``[scale]`` extra) is not installed.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from binokel.cli.main import main

BOT = Path(__file__).with_name("external_bot_example.py")


@pytest.fixture(scope="module")
def ray() -> Iterator[Any]:
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'binokel[scale]')")
    # A loaded machine (CI, a shared 2-core box) can take longer than Ray's 60 s to start its
    # node; give it time rather than fail.
    os.environ.setdefault("RAY_raylet_start_wait_time_s", "300")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()


@pytest.mark.parametrize("rules", ["binokel", "binocle"])
def test_ray_gives_the_csv_of_two_workers(ray: Any, rules: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    common = ["arena", "heuristic", "random", "--rules", rules, "--deals", "3",
              "--seed", "ray", "--json", "--no-progress"]
    assert main([*common, "--workers", "2", "--out", str(tmp_path / "workers.csv")]) == 0
    by_workers = json.loads(capsys.readouterr().out)
    assert main([*common, "--ray", "--out", str(tmp_path / "ray.csv")]) == 0
    by_ray = json.loads(capsys.readouterr().out)
    assert by_ray["ray"] == "" and by_workers["ray"] is None  # it did run on Ray
    assert ray.is_initialized()  # the module's Ray was used and left running
    workers_csv = (tmp_path / "workers.csv").read_bytes()
    assert workers_csv.count(b"\n") == 4  # a header and three deals
    assert (tmp_path / "ray.csv").read_bytes() == workers_csv
    assert by_ray["mean_difference"] == by_workers["mean_difference"]


def test_a_bot_that_fails_in_a_ray_task_is_reported_as_itself(
        ray: Any, capsys: pytest.CaptureFixture[str]) -> None:
    bot = f"cmd:{sys.executable} {BOT} crash 2"
    assert main(["arena", bot, "random", "--deals", "2", "--ray", "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert "crashed" in err and "crashing on purpose" in err
    assert "Traceback" not in err


def test_without_ray_the_command_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails, as when not installed
    assert main(["arena", "random", "random", "--deals", "1", "--ray", "--no-progress"]) == 2
    assert "pip install 'binokel[scale]'" in capsys.readouterr().err


def test_ray_and_workers_are_one_or_the_other(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "random", "random", "--deals", "1", "--ray", "--workers", "2",
                 "--no-progress"]) == 2
    assert "--ray and --workers" in capsys.readouterr().err
