"""Driving a real terminal program from a test: a pseudo-terminal from the standard library.

The program sees a terminal (colours, screen clearing, line editing), and the test reads what it
prints and types lines as a person would.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import termios
import time
from collections.abc import Mapping, Sequence

_ESCAPES = re.compile(
    r"\x1b\[[0-9;?]*[ -/]*[@-~]"  # colours, cursor movement, screen clearing
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # window titles
    r"|\x1b[()=>][0-9A-Za-z]?")  # character sets and keypad modes


def strip_escapes(text: str) -> str:
    """The text a person reads: colour and cursor sequences removed, line ends normalised."""
    return _ESCAPES.sub("", text).replace("\r\n", "\n").replace("\r", "")


class TerminalProgram:
    """A program running in a pseudo-terminal of a fixed size."""

    def __init__(self, argv: Sequence[str], *, env: Mapping[str, str], cols: int = 120,
                 rows: int = 60) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.process = subprocess.Popen(list(argv), stdin=slave, stdout=slave, stderr=slave,
                                        env=dict(env), start_new_session=True, close_fds=True)
        os.close(slave)
        self.fd = master
        self.raw = ""
        self.seen = 0  # how much of the output earlier waits have consumed
        self.last = ""  # the text the last wait read, escapes removed

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the program has ended and the terminal is closed
            return False
        if not data:
            return False
        self.raw += data.decode("utf-8", errors="replace")
        return True

    def expect(self, pattern: str, timeout: float = 20.0) -> re.Match[str]:
        """Wait until the output since the last match shows ``pattern``; return the match."""
        regex = re.compile(pattern, re.MULTILINE)
        deadline = time.monotonic() + timeout
        while True:
            text = strip_escapes(self.raw[self.seen:])
            found = regex.search(text)
            if found:
                self.seen = len(self.raw)
                self.last = text
                return found
            if time.monotonic() > deadline:
                raise TimeoutError(f"no {pattern!r} on the screen; it shows:\n{text[-3000:]}")
            if not self._read(0.2) and not regex.search(strip_escapes(self.raw[self.seen:])):
                raise EOFError(f"the program ended without {pattern!r}; it showed:\n"
                               f"{strip_escapes(self.raw[self.seen:])[-3000:]}")

    def type(self, line: str) -> None:
        """Type a line and press Enter, as a person would."""
        os.write(self.fd, (line + "\r").encode())

    def wait(self, timeout: float = 20.0) -> int:
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self._read(0.1)
        return self.process.wait(timeout=max(0.1, deadline - time.monotonic()))

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.fd)
