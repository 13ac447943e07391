"""External bots: a program in any language sits at the table through a line-based JSON protocol.

The bot name ``cmd:PROGRAM ARGS`` starts ``PROGRAM ARGS`` (split like a shell would, no shell
run) and talks to it over its standard input and output, one JSON object per line, in the spirit
of chess's UCI (docs/bot-protocol.md)::

    → {"type":"hello","protocol":"binokel-bot","version":1}
    ← {"type":"ready","name":"my bot"}
    → {"type":"decide","id":1,"time_limit":5.0,"view":{...,"legal_actions":["pass","160"]}}
    ← {"type":"action","id":1,"action":"160"}
    → {"type":"quit"}

Whatever the program writes to standard error is kept (the last lines) for error reports.  A
program that exits, misses the time limit or answers something that is not one of the legal
actions raises :class:`~binokel.bots.base.BotError` naming the bot, the seat and the problem; the
program is then stopped and the game state is left as it was.
"""

from __future__ import annotations

import collections
import contextlib
import json
import queue
import random
import shlex
import subprocess
import threading
import time
from typing import IO, Any

from ...errors import NotationError
from ...games.binokel.actions import parse_action
from ..base import ActionT, BaseBot, BotError, TableView
from .wire import decide_message, encode, hello_message, quit_message

DEFAULT_TIME_LIMIT = 5.0
_EOF = object()


class ExternalBot(BaseBot):
    """A bot played by an external program (see the module docstring)."""

    def __init__(self, command: str | list[str], *, name: str | None = None,
                 time_limit: float = DEFAULT_TIME_LIMIT) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise ValueError("cmd: needs a program to run, e.g. cmd:python3 mybot.py")
        super().__init__(name or "cmd:" + shlex.join(argv))
        self.argv = argv
        self.time_limit = time_limit
        self.bot_name: str | None = None
        """The name the program gave in its ``ready`` message."""
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[object] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=20)
        self._number = 0
        self._dead: str | None = None
        self._stderr_reader: threading.Thread | None = None

    # --- the protocol ---------------------------------------------------------------------------

    def choose(self, view: TableView[ActionT], rng: random.Random) -> ActionT:
        seat = view.seat
        self._start(seat)
        self._number += 1
        legal = list(view.legal_actions)
        self._send(decide_message(view, self._number, self.time_limit), seat)
        line = self._receive(seat, f"decision {self._number}")
        text = self._action_text(line, seat)
        return self._match(text, legal, seat)

    def close(self) -> None:
        process = self._process
        if process is None:
            return
        self._process = None
        try:
            if process.poll() is None and process.stdin is not None:
                process.stdin.write(encode(quit_message()) + "\n")
                process.stdin.flush()
                process.stdin.close()
        except OSError:
            pass
        try:
            process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        _close_pipes(process)

    # --- process handling -----------------------------------------------------------------------

    def _start(self, seat: int) -> None:
        if self._dead is not None:
            raise BotError(self.name, seat, f"is no longer running ({self._dead})")
        if self._process is not None:
            return
        try:
            process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, encoding="utf-8", bufsize=1)
        except OSError as exc:
            self._dead = f"could not start: {exc}"
            raise BotError(self.name, seat, f"could not be started: {exc}") from exc
        self._process = process
        assert process.stdout is not None and process.stderr is not None
        threading.Thread(target=_pump, args=(process.stdout, self._lines), daemon=True).start()
        self._stderr_reader = threading.Thread(target=_drain, args=(process.stderr, self._stderr),
                                               daemon=True)
        self._stderr_reader.start()
        self._send(hello_message(), seat)
        line = self._receive(seat, "the handshake")
        try:
            reply = json.loads(line)
        except ValueError:
            reply = None
        if not isinstance(reply, dict) or reply.get("type") != "ready":
            self._fail(seat, f"answered the handshake with {_quote(line)} instead of "
                             '{"type":"ready",...}')
        self.bot_name = str(reply.get("name", "")) or None

    def _send(self, message: dict[str, Any], seat: int) -> None:
        process = self._process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(encode(message) + "\n")
            process.stdin.flush()
        except OSError:
            self._fail(seat, self._exit_story("stopped reading its input"))

    def _receive(self, seat: int, what: str) -> str:
        deadline = time.monotonic() + self.time_limit
        while True:
            left = deadline - time.monotonic()
            try:
                item = self._lines.get(timeout=max(0.0, left))
            except queue.Empty:
                self._fail(seat, f"did not answer {what} within the time limit of "
                                 f"{self.time_limit:g} s")
            if item is _EOF:
                self._fail(seat, self._exit_story(f"closed its output during {what}"))
            line = str(item).strip()
            if line:
                return line

    def _action_text(self, line: str, seat: int) -> str:
        if line.startswith("{"):
            try:
                reply = json.loads(line)
            except ValueError:
                self._fail(seat, f"answered with broken JSON: {_quote(line)}")
            if not isinstance(reply, dict) or not isinstance(reply.get("action"), str):
                self._fail(seat, f'answered {_quote(line)} without an "action" text')
            if reply.get("id", self._number) != self._number:
                self._fail(seat, f"answered decision {reply.get('id')!r} while asked for "
                                 f"{self._number}")
            return str(reply["action"])
        return line

    def _match(self, text: str, legal: list[ActionT], seat: int) -> ActionT:
        for action in legal:
            if str(action) == text:
                return action
        try:
            parsed: object = parse_action(text)
        except NotationError:
            parsed = None
        for action in legal:
            if parsed is not None and action == parsed:
                return action
        shown = " ".join(str(a) for a in legal)
        self._fail(seat, f"answered {_quote(text)}, which is not a legal action here "
                         f"(legal: {shown})")
        raise AssertionError  # pragma: no cover - _fail raises

    def _fail(self, seat: int, problem: str) -> Any:
        """Stop the program and raise the error (the bot is unusable afterwards)."""
        self._dead = problem
        process = self._process
        self._process = None
        if process is not None:
            if process.poll() is None:
                process.kill()
            process.wait()
            if self._stderr_reader is not None:  # let it read the program's last words
                self._stderr_reader.join(timeout=1.0)
            _close_pipes(process)
        tail = " | ".join(self._stderr)
        if tail:
            problem += f"; its stderr ends: {tail}"
        raise BotError(self.name, seat, problem)

    def _exit_story(self, what: str) -> str:
        process = self._process
        if process is None:
            return what
        try:
            code = process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return what
        return f"crashed: {what} (exit status {code})"


def _pump(stream: IO[str], lines: queue.Queue[object]) -> None:
    try:
        for line in stream:
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(_EOF)


def _drain(stream: IO[str], keep: collections.deque[str]) -> None:
    try:
        for line in stream:
            if line.strip():
                keep.append(line.strip())
    except (OSError, ValueError):
        pass


def _close_pipes(process: subprocess.Popen[str]) -> None:
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()


def _quote(text: str, limit: int = 80) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "…")


__all__ = ["DEFAULT_TIME_LIMIT", "ExternalBot"]
