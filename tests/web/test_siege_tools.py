"""The siege's own tools (``scripts/bench/loadtest.py``, ``siege.py``): finding the server's
workers among its descendants, reading its log phase by phase, giving the garbage probe a
phase of its own, and a seat's rematch."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

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


@pytest.mark.skipif(not Path(f"/proc/{os.getpid()}/task").exists(), reason="needs /proc")
def test_settling_gives_the_garbage_probe_a_phase_of_its_own() -> None:
    args = argparse.Namespace(settle=5.0, seconds=0.3)
    copies: dict[int, float] = {}

    async def probe_later() -> list[Any]:
        async def fork() -> None:
            await asyncio.sleep(0.4)
            copies[12345] = time.monotonic()
        forking = asyncio.ensure_future(fork())
        windows = await siege.settle(os.getpid(), [os.getpid()], copies, args)
        await forking
        return list(windows)

    settling, probe = asyncio.run(probe_later())
    assert settling[0] == "settling" and probe[0] == "probe"
    # The probe's phase begins just before the fork was seen, and lasts a phase's length.
    assert settling[2] == probe[1] == copies[12345] - siege.PROBE_LEAD
    assert probe[2] - probe[1] == pytest.approx(0.3, abs=0.15)
    assert probe[5] == 1 and settling[5] == 0


def test_settling_without_a_probe_ends_at_its_limit() -> None:
    args = argparse.Namespace(settle=0.3, seconds=10.0)
    started = time.monotonic()
    (window,) = asyncio.run(siege.settle(os.getpid(), [os.getpid()], {}, args))
    assert window[0] == "settling" and window[3] == "no probe came"
    assert 0.3 <= time.monotonic() - started < 2


class FakeSocket:
    """A seat's socket that hands out the given messages and keeps what is sent."""

    def __init__(self, messages: list[dict[str, Any]]) -> None:
        self.messages = [json.dumps(m) for m in messages]
        self.sent: list[dict[str, Any]] = []

    async def recv(self) -> str:
        return self.messages.pop(0)

    async def send(self, text: str) -> None:
        self.sent.append(json.loads(text))


def test_a_seat_asks_for_a_rematch_and_moves_on_to_its_table() -> None:
    ended = {"type": "state", "n": 400, "seat": 1, "table": {"status": "finished"}}
    made = {**ended, "table": {"status": "finished", "rematch": {"table": "NEW"}}}
    ws = FakeSocket([ended, ended, made])
    people = siege.People()
    again = asyncio.run(siege.play_seat(ws, "OLD", time.monotonic() + 60, people,
                                        random.Random(1), (0.0, 0.0)))
    assert again == "NEW"
    assert ws.sent == [{"type": "rematch"}]  # asked once, though the end was heard twice
    assert people.finished == {"OLD": 1} and not people.failed
