"""The full-screen pad driven by Textual's pilot, key by key: the same game as the terminal
test ends with the model's sheet on the screen, and a refusal is shown with the rule."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.widgets import RichLog

from binokel.pad import Pad, dump_pad
from binokel.ui.i18n_pad import PadStrings
from binokel.ui.pad_dialogue import PadDialogue
from binokel.ui.pad_render import sheet_text
from binokel.ui.tui.pad_app import PadApp

from .test_pad_command import GAME, PLAYERS, reference


async def type_line(pilot: Any, text: str) -> None:
    for char in text:
        await pilot.press("space" if char == " " else char)
    await pilot.press("enter")
    await pilot.pause()


def test_a_whole_game_by_keys_in_the_full_screen_pad(tmp_path: Path) -> None:
    saved: list[str] = []

    def save(pad: Pad) -> Path:
        saved.append(dump_pad(pad))
        return tmp_path / "pad.pad"

    talk = PadDialogue(Pad.new("binokel", PLAYERS, first_dealer=2), PadStrings("en"),
                       save=save)
    app = PadApp(talk)
    prompts: list[str] = []

    async def run() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            for question, answer in GAME:
                shown = str(app.query_one("#prompt").render())
                prompts.append(shown)
                assert shown.startswith(question), (question, shown)
                await type_line(pilot, answer)
            sheet = str(app.query_one("#sheet").render())
            assert sheet == sheet_text(reference(), PadStrings("en"))
            log = "\n".join(line.text for line in app.query_one("#log", RichLog).lines)
            assert "bid 405: bids go up by 10 from 150 (bid_step, §3)" in log
            assert "Karle won the game!" in log
            # Each answer stands with its question (issue 44: "> h" alone said nothing).
            assert 'Trumps ♣ ♠ ♥ ♦ (C S H D), durch, or "give up SUIT": > h' in log
            await pilot.press("ctrl+q")

    asyncio.run(run())
    assert talk.pad == reference()
    assert saved[-1] == dump_pad(reference())
    assert talk.finished
