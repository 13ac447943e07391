"""Shared fixtures of the web tests: a live server on 127.0.0.1 in a child process."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from binokel.web.app import create_app
from binokel.web.guard import Allowed
from binokel.web.store import Store

from .pgcluster import PostgresCluster, find_binaries


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


START_SECONDS = 60
"""How long a server gets to listen on its port before the test gives up on it: a hang guard
(a server resuming a dozen seeded tables took over 20 s at a load of 40 on two cores)."""


class LiveServer:
    """``binokel serve`` run as a user would, on a free loopback port and a temporary db."""

    def __init__(self, db: Path, *, bot_delay: float = 0.0, options: Sequence[str] = (),
                 database: str | None = None) -> None:
        self.db = db
        self.database = database
        """A ``postgresql://`` address to serve instead of the SQLite file ``db`` (whose
        name then only names the log)."""
        self.options = list(options)
        """More ``binokel serve`` options (limits, say)."""
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.bot_delay = bot_delay
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        # The log goes to a file: an unread pipe would fill up and stall the server.
        self.log = self.db.with_suffix(".log")
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "binokel", "serve", "--port", str(self.port), "--db",
                 self.database or str(self.db), "--bot-delay", str(self.bot_delay),
                 "--log-level", "warning", "--bot-workers", "1", *self.options],
                stdout=log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log.read_text()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        # Not listening in time: kill it, or it would outlive the test (and hold its port).
        self.kill()
        raise RuntimeError(f"the server did not start in {START_SECONDS} s: {self.log.read_text()}")

    def kill(self) -> None:
        """Stop the server the hard way (SIGKILL): no shutdown code runs."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
        self.process = None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


TESTSERVER = Allowed.of(hosts=["testserver"])
"""The host name of Starlette's test client, allowed."""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The web app over a new store, in Starlette's test client: computers move at once, an
    address may have 2 tables in play."""
    store = Store(tmp_path / "web.sqlite3")
    app = create_app(store, bot_delay=0, allowed=TESTSERVER, per_client=2)
    with TestClient(app) as test_client:
        yield test_client
    store.close()


def new_table(client: TestClient, **body: Any) -> dict[str, Any]:
    """A table made over HTTP (Anna at seat 0 of three, two open seats); the answer."""
    response = client.post("/api/tables", json={"rules": "binokel",
                                                "seats": ["human", "open", "open"], "take": 0,
                                                "name": "Anna", **body})
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


async def computers_done(table: Any) -> None:
    """Until the computer players' task ends: each task they start is awaited to its end
    (they think in a thread; 60 s is a hang guard on a loaded machine)."""
    while (task := table.bot_task) is not None and not task.done():
        done, _ = await asyncio.wait({task}, timeout=60)
        assert done, "the computer players did not stop"


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path / "web.sqlite3")
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """One throwaway PostgreSQL cluster for the whole run (each test takes a new database)."""
    pytest.importorskip("psycopg", reason="psycopg is not installed (pip install '.[postgres]')")
    binaries, why = find_binaries()
    if binaries is None:
        pytest.skip(why)
    cluster = PostgresCluster(binaries)
    try:
        cluster.start()
    except Exception as exc:  # a machine where PostgreSQL cannot start: say why, do not fail
        cluster.stop()
        pytest.skip(f"could not start a throwaway PostgreSQL: {exc}")
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster: PostgresCluster) -> str:
    """The address of a new, empty PostgreSQL database."""
    return postgres_cluster.new_database()
