"""The full-screen game of ``binokel play`` on a terminal, built on Textual (see
:mod:`binokel.ui.tui.app`); the line mode (:mod:`binokel.ui.terminal`) stays for pipes, screen
readers and ``--plain``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..i18n import Strings
from ..session import BaseSession


def run_app(session: BaseSession[Any], tr: Strings, *, record_path: Path,
            save: Callable[[BaseSession[Any], Path], None], mono: bool = False) -> int:
    """Play the session full-screen until it ends or the person quits; the exit status."""
    from ..terminal import presenter_for
    from .app import PlayApp

    app = PlayApp(session, tr, record_path=record_path, save=save,
                  presenter=presenter_for(session), mono=mono)
    status = app.run()
    over = session.state.is_over
    print(tr("record_at" if over else "bye", path=record_path))
    return 0 if status is None else status


__all__ = ["run_app"]
