"""Where the terminal game keeps its records, and how a session is written and read back.

Games are saved as ordinary game records (:mod:`binokel.games.binokel.records`; Binocle games as
Binocle
records) in the user's data folder,
``platformdirs.user_data_dir("binokel")/games/`` (``$BINOKEL_DATA_DIR/games/`` when that variable
is set), after every action, so a closed terminal loses nothing.  The record's tags say which
seat is the person and which computer player sits where, so ``--resume`` restores the table.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ..games import PlayState
from .session import BaseSession, Player

#: Environment variable that moves the data folder (tests, portable installs).
DATA_DIR_ENV = "BINOKEL_DATA_DIR"
RECORD_SUFFIX = ".binokel"
_BOT_TAG = "Bot{seat}"
_LANG_TAG = "Language"


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The folder for binokel's data: ``$BINOKEL_DATA_DIR`` or the platform's user data dir."""
    env = os.environ if environ is None else environ
    if env.get(DATA_DIR_ENV):
        return Path(env[DATA_DIR_ENV]).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("binokel", appauthor=False))


def games_dir(environ: Mapping[str, str] | None = None) -> Path:
    return data_dir(environ) / "games"


def new_record_path(seed: int | str, now: datetime | None = None,
                    environ: Mapping[str, str] | None = None) -> Path:
    """A fresh file for a new game's record, e.g. ``games/2025-03-01-183005-seed42.binokel``."""
    stamp = (now or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in str(seed))[:40]
    folder = games_dir(environ)
    path = folder / f"{stamp}-seed{safe}{RECORD_SUFFIX}"
    n = 2
    while path.exists():
        path = folder / f"{stamp}-seed{safe}-{n}{RECORD_SUFFIX}"
        n += 1
    return path


def latest_record(environ: Mapping[str, str] | None = None) -> Path | None:
    """The most recently saved game that is not over, or None."""
    folder = games_dir(environ)
    if not folder.is_dir():
        return None
    candidates = sorted(folder.glob(f"*{RECORD_SUFFIX}"), key=lambda p: p.stat().st_mtime,
                        reverse=True)
    for path in candidates:
        try:
            saved = load_game(path)
        except (OSError, ValueError):
            continue
        if not saved.state.is_over:
            return path
    return None


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` so that a crash leaves either the old file or the new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def record_text(session: BaseSession[Any], *, lang: str | None = None) -> str:
    """The session as a game record (partial while the game goes on)."""
    from ..games import dump_record

    tags = {_BOT_TAG.format(seat=seat): p.bot for seat, p in enumerate(session.players)
            if p.bot is not None}
    if lang:
        tags[_LANG_TAG] = lang
    return dump_record(session.state, players=list(session.names), tags=tags)


def save_session(session: BaseSession[Any], path: Path, *, lang: str | None = None) -> None:
    write_atomically(path, record_text(session, lang=lang))


@dataclass(frozen=True, slots=True)
class SavedGame:
    state: PlayState
    players: tuple[Player, ...]
    lang: str | None


def load_game(path: Path) -> SavedGame:
    """A saved game: the state at the end of its record and who sits where.

    Raises ``OSError`` for a missing file and ``ValueError`` (``RecordError``) for a broken one.
    """
    from ..games import load_record, replay, seats_of

    record = load_record(path.read_text(encoding="utf-8"))
    state = replay(record)
    tags: Mapping[str, str] = getattr(record, "tags", {}) or {}
    names = list(getattr(record, "players", ()) or ())
    seats = seats_of(state.rules)
    players = []
    for seat in range(seats):
        name = names[seat] if seat < len(names) else f"Seat {seat}"
        players.append(Player(name, tags.get(_BOT_TAG.format(seat=seat))))
    if sum(p.is_person for p in players) != 1:
        raise ValueError(f"{path}: not a game of one person against computer players "
                         f"(its tags name no {_BOT_TAG.format(seat='N')} seats)")
    return SavedGame(state, tuple(players), tags.get(_LANG_TAG))


__all__ = [
    "DATA_DIR_ENV", "RECORD_SUFFIX", "SavedGame", "data_dir", "games_dir", "latest_record",
    "load_game", "new_record_path", "record_text", "save_session", "write_atomically",
]
