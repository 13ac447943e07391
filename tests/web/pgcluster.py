"""A throwaway PostgreSQL cluster for the tests: Debian's ``postgresql`` binaries, ``initdb`` in
a temporary folder, a free loopback port, stopped at the end.

``initdb`` and ``postgres`` refuse to run as root; as root they run as the ``postgres`` system
user (``runuser``) in a folder that user owns.  Without the binaries (or that user, as root)
:func:`find_binaries` says why, and the tests that need the cluster skip with that reason.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def find_binaries() -> tuple[Path | None, str]:
    """The folder of ``initdb``, ``pg_ctl`` and ``postgres``, or None and why not."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    if found:
        folder = Path(found[-1]).parent
    elif (initdb := shutil.which("initdb")) is not None:
        folder = Path(initdb).resolve().parent
    else:
        return None, ("PostgreSQL is not installed (Debian's postgresql package; scripts/test "
                      "installs it when run as root)")
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return None, "running as root, and there is no postgres user to run PostgreSQL as"
    return folder, ""


class PostgresCluster:
    """``initdb`` + ``pg_ctl start`` on 127.0.0.1 and a free port; :meth:`stop` removes it."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="binokel-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self._as: list[str] = []
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.folder, user.pw_uid, user.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]
        self._created = 0

    def _run(self, *command: str) -> None:
        subprocess.run([*self._as, *command], check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        self._run(str(self.binaries / "initdb"), "-D", str(self.data), "-U", "postgres",
                  "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions")
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                   "-c max_connections=200")
        self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-l",
                  str(self.folder / "log"), "-o", options, "-w", "-t", "60", "start")

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def new_database(self) -> str:
        """A fresh empty database on the cluster; its address."""
        import psycopg

        self._created += 1
        name = f"t{os.getpid()}_{self._created}"
        with psycopg.connect(self.url, autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                      "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)
