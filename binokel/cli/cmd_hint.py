"""``binokel hint RECORD``: the expert's choice after a record's last action, with the value
of every candidate."""

from __future__ import annotations

import argparse
import json

from ..review.judge import JUDGE, JUDGE_SEED
from .common import add_game_option, add_lang_option


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "hint", help="the expert's choice for the position after a record's last action",
        description="Replay a game record of Binokel, Binocle or Bézique (a file, or - for "
                    "standard input) and ask the expert what the player to move should do. Every "
                    "candidate is listed with its expected value: the seat's score for the hand "
                    "against the others' mean (Binocle and Bézique: its hand score against the "
                    "other's), "
                    "averaged over the sampled deals the seat could be facing.")
    parser.add_argument("record", metavar="RECORD", help="a game record file, or - for stdin")
    add_game_option(parser)
    parser.add_argument("--bot", default=JUDGE, metavar="NAME",
                        help=f"the expert and its budget (default: {JUDGE}; e.g. "
                             "expert:samples=60 or expert:time=2)")
    parser.add_argument("--seed", default=JUDGE_SEED,
                        help=f"seed of the sampling (default: {JUDGE_SEED}, as `binokel review` "
                             f"and the table's hints)")
    parser.add_argument("--json", action="store_true", help="print the hint as JSON")
    add_lang_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..cards import format_cards
    from ..games import game_of, load_records, replay
    from ..games.binokel.records import RecordError
    from ..review.judge import judge, timeline_of
    from ..ui.i18n_cli import PHASES_DE
    from .common import fail, pick_game, read_text, strings_from_args

    try:
        records = load_records(read_text(args.record))
    except OSError as exc:
        return fail(f"cannot read {args.record}: {exc.strerror or exc}")
    except (RecordError, ValueError) as exc:
        return fail(str(exc))
    try:
        number = pick_game(records, args.game, args.record)
    except ValueError as exc:
        return fail(str(exc))
    try:
        state = replay(records[number - 1])
    except (RecordError, ValueError) as exc:
        return fail(str(exc))
    if state.is_over:
        return fail("the game in this record is over: there is nothing to decide")
    try:
        found = judge(timeline_of(state), bot=args.bot, seed=args.seed)
    except ValueError as exc:
        return fail(str(exc))
    seat = state.to_move
    view = state.view(seat)
    candidates = list(found.values)
    best = found.best  # the best value: what the expert recommends (decision search-24)
    if args.json:
        print(json.dumps({
            "seat": seat, "phase": view.phase.value, "choice": str(best),
            "candidates": [{"action": str(a), "value": round(v, 1), "worlds": n}
                           for a, v, n in candidates],
        }, ensure_ascii=False))
        return 0
    tr = strings_from_args(args)
    game = game_of(view)

    def act(action: object) -> str:  # an action as this language's player types it
        return tr.cards(tr.action(action))

    which = tr("cli_hint_which", number=number, games=len(records)) if len(records) > 1 else ""
    phase = view.phase.value if tr.lang == "en" else PHASES_DE.get(view.phase.value,
                                                                    view.phase.value)
    print(tr("cli_hint_head", title=game.title, which=which, hand=view.hand_no + 1,
             phase=phase, seat=seat))
    print(tr.cards(tr("cli_hint_cards", cards=format_cards(view.hand))))
    if view.trick:
        print(tr.cards(tr("cli_hint_trick", trick=", ".join(f"{s} {c}" for s, c in view.trick))))
    print(tr("cli_hint_plays", bot=args.bot, best=act(best)))
    if len(candidates) > 1:
        print(tr("cli_hint_values"))
        for action, value, worlds in candidates:
            mark = "*" if action == best else " "
            print(f" {mark} {act(action):<24} {value:+9.1f}   "
                  + tr("cli_hint_worlds", worlds=worlds))
    else:
        print(tr("cli_hint_only"))
    return 0
