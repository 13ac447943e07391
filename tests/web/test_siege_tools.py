"""The siege's own tools (``scripts/bench/loadtest.py``, ``siege.py``): finding the server's
workers among its descendants, and reading its log phase by phase."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.script_modules import load_script

loadtest = load_script("loadtest")
siege = load_script("siege")


@pytest.mark.skipif(not Path(f"/proc/{os.getpid()}/task").exists(), reason="needs /proc")
def test_descendants_are_found_below_children() -> None:
    # A child that starts a grandchild (as a fork server starts the workers) and says its pid.
    child = subprocess.Popen(
        [sys.executable, "-c", "import subprocess, sys, time\n"
         "g = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
         "print(g.pid, flush=True)\ntime.sleep(60)"], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        grandchild = int(child.stdout.readline())
        assert child.pid in loadtest.children(os.getpid())
        assert grandchild not in loadtest.children(os.getpid())
        assert {child.pid, grandchild} <= set(loadtest.descendants(os.getpid()))
    finally:
        subprocess.run(["pkill", "-P", str(child.pid)], check=False)
        child.kill()
        child.wait()


def test_the_log_is_read_a_complete_line_at_a_time(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    log.write_text("before the phases\n")
    tail = siege.LogTail(log)
    assert tail.new() == []  # what was there before it is not the phases'
    with open(log, "a") as file:
        file.write("WARNING:  a sweep\n\nERROR:    a worker lost")
    assert tail.new() == ["WARNING:  a sweep"]  # the half-written line waits
    with open(log, "a") as file:
        file.write(" its pipe\n")
    assert tail.new() == ["ERROR:    a worker lost its pipe"]
    assert tail.new() == []
