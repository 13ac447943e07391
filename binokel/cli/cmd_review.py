"""``binokel review RECORD``: every decision of a seat weighed by the expert, the costly ones
marked (docs/review.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from ..record_text import RecordError
from ..review.game import (
    DEFAULT_BOT,
    THRESHOLDS,
    Decision,
    GameReview,
    review_game,
    review_json,
)
from ..review.game import summary_json as _summary
from ..review.judge import JUDGE_SEED
from .common import add_game_option, add_lang_option, fail, pick_game, read_text, strings_from_args

if TYPE_CHECKING:
    from ..ui.i18n import Strings


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "review", help="weigh every decision of a game: points lost, the costly ones marked",
        description="Replay a game record (Binokel, Binocle or Bézique; a file, or - for "
                    "standard input) and ask the expert, from the seat's own view at each "
                    "moment, what every candidate of each decision the seat made was worth "
                    "(its expected hand score against the others' mean). Prints the points "
                    "lost per decision, classed "
                    + ", ".join(f"{n} >= {t:g}" for n, t in THRESHOLDS)
                    + ", a summary per hand and per game, and the hand scores with the "
                    "expert's choices on the real deal (hindsight: it knows the cards).")
    parser.add_argument("record", metavar="RECORD", help="a game record file, or - for stdin")
    add_game_option(parser)
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, default=0, metavar="N",
                     help="the seat whose decisions are reviewed (default 0)")
    who.add_argument("--all", action="store_true", help="review every seat")
    parser.add_argument("--bot", default=DEFAULT_BOT, metavar="SPEC",
                        help=f"the reviewer and its budget (default: {DEFAULT_BOT}; e.g. "
                             "expert:samples=32 for a slower, steadier review)")
    parser.add_argument("--seed", default=JUDGE_SEED,
                        help=f"seed of the sampling (default: {JUDGE_SEED}, as `binokel hint` "
                             f"and the table's hints, so they agree)")
    parser.add_argument("--no-hindsight", action="store_true",
                        help="skip the hindsight replay of each hand (faster)")
    parser.add_argument("--json", action="store_true",
                        help="print the review as JSON (fields: docs/review.md)")
    parser.add_argument("--plot", metavar="FILE",
                        help="draw the seat's expected hand score decision by decision to FILE "
                             "(.png, .svg, .pdf; needs binokel[plot])")
    add_lang_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..games import game_of, load_records, replay

    try:
        records = load_records(read_text(args.record))
    except OSError as exc:
        return fail(f"cannot read {args.record}: {exc.strerror or exc}")
    except UnicodeDecodeError as exc:
        return fail(f"cannot read {args.record}: {exc}")
    except RecordError as exc:
        return fail(f"{args.record}: {exc}", status=1)
    try:
        number = pick_game(records, args.game, args.record)
    except ValueError as exc:
        return fail(str(exc))
    try:
        state = replay(records[number - 1])
    except RecordError as exc:
        return fail(f"{args.record}: game {number}: {exc}", status=1)
    game = game_of(state)
    players = game.seats(state.rules)
    if not args.all and not 0 <= args.seat < players:
        return fail(f"--seat {args.seat}: a game of {game.title} ({state.rules.name}) has "
                    f"seats 0 to {players - 1}")
    seats = None if args.all else (args.seat,)
    tr = strings_from_args(args)
    try:
        review = review_game(state, seats=seats, bot=args.bot, seed=args.seed,
                             hindsight=not args.no_hindsight,
                             progress=_progress_bar(tr("cli_review_progress")))
    except ValueError as exc:
        return fail(str(exc))
    if args.plot:
        from ..review.plot import plot_review

        try:
            plot_review(review, args.plot, title=f"{game.title}: review")
        except (RuntimeError, OSError, ValueError) as exc:
            return fail(str(exc))
    names = list(getattr(records[number - 1], "players", ()))
    if args.json:
        print(json.dumps(review_json(review, names, complete=state.is_over), ensure_ascii=False))
    else:
        print_review(review, names, title=game.title, complete=state.is_over, tr=tr)
    return 0


def _progress_bar(word: str = "reviewing") -> Any:
    """A bar on standard error while a long review runs (none when it is not a terminal)."""
    if not sys.stderr.isatty():
        return None
    width = 30

    def show(done: int, total: int) -> None:
        filled = width * done // max(total, 1)
        end = "\n" if done == total else ""
        print(f"\r{word} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}", end=end,
              file=sys.stderr, flush=True)

    return show


# --- output ------------------------------------------------------------------------------------

_MARK = {"blunder": "??", "mistake": "?", "inaccuracy": "?!", "good": "", "unvalued": "-"}


class _Words:
    """The review's words in one language: kinds, grades and actions (German: ``passe``,
    ``O♠``); English keeps the engine's notation, as the review always printed it."""

    def __init__(self, game: str, tr: Strings) -> None:
        from ..games import find_game

        self.tr = tr
        self.game = find_game(game)

    def kind(self, kind: str) -> str:
        if self.tr.lang == "en":
            return kind
        try:
            return self.tr(f"kind_{kind}")
        except KeyError:  # a kind without words of its own: the engine's
            return kind

    def grade(self, grade: str) -> str:
        return grade if self.tr.lang == "en" else self.tr(f"cli_grade_{grade}")

    def action(self, notation: str) -> str:
        if self.tr.lang == "en":
            return notation
        return self.tr.cards(self.tr.action(self.game.parse_action(notation)))


def _line(d: Decision, words: _Words) -> str:
    tr = words.tr
    chosen = tr("cli_review_not_valued") if d.chosen_value is None else f"{d.chosen_value:+8.1f}"
    loss = "" if d.loss is None else f"{d.loss:7.1f}"
    better = "" if d.chosen == d.best else \
        tr("cli_review_best", best=words.action(d.best), value=f"{d.best_value:+.1f}")
    grade = words.grade(d.grade) if d.grade not in ("good", "unvalued") else ""
    seat = tr("cli_review_seat_short", seat=d.seat)
    return (f"  {d.number:>4} {seat} {words.kind(d.kind):<9} {words.action(d.chosen):<14} "
            f"{chosen} {loss} {_MARK[d.grade]:<2} {grade}{better}").rstrip()


def print_review(review: GameReview, players: list[str], *, title: str, complete: bool,
                 tr: Strings | None = None) -> None:
    """The review as text (in ``tr``'s language, English by default): each hand's decisions,
    then the summaries."""
    if tr is None:
        from ..ui.i18n import Strings

        tr = Strings("en")
    words = _Words(review.game, tr)
    who = ", ".join(tr("cli_review_seat", seat=s) + (f" ({players[s]})" if s < len(players)
                                                     else "")
                    for s in sorted({h.seat for h in review.hands}))
    print(tr("cli_review_head", title=title, who=who or tr("cli_review_no_seat"),
             bot=review.reviewer) + ("" if complete else tr("cli_review_incomplete")))
    print(tr("cli_review_values"))
    for h in review.hands:
        print(tr("cli_review_hand", hand=h.hand, seat=h.seat, n=len(h.decisions)))
        print(tr("cli_review_columns"))
        for d in h.decisions:
            print(_line(d, words))
        worst = ", ".join(f"#{d.number} {words.action(d.chosen)} (-{d.loss:.0f})"
                          for d in h.costliest())
        per = h.lost / len(h.decisions) if h.decisions else 0.0
        print(tr("cli_review_lost", lost=f"{h.lost:.1f}", per=f"{per:.1f}",
                 worst=worst or tr("cli_review_none")))
        if h.actual is not None:
            sight = "" if h.hindsight is None else \
                tr("cli_review_sight", hindsight=h.hindsight)
            print(tr("cli_review_scored", actual=h.actual) + sight)
    s = _summary(review)
    print(tr("cli_review_game", n=s["decisions"], lost=f"{s['lost']:.1f}",
             per=f"{s['lost_per_decision']:.1f}")
          + ", ".join(f"{words.grade(n)} {c}" for n, c in sorted(s["grades"].items())))
    for d in review.costliest():
        print(tr("cli_review_costliest", hand=d.hand, number=d.number, seat=d.seat,
                 kind=words.kind(d.kind), chosen=words.action(d.chosen),
                 best=words.action(d.best), loss=f"{d.loss:.1f}", grade=words.grade(d.grade)))
    hindsight = any(h.hindsight is not None for h in review.hands)
    for seat in s["actual"]:
        print(tr("cli_review_seat_scored", seat=seat, actual=s["actual"][seat])
              + (tr("cli_review_seat_sight", hindsight=s["hindsight"][seat]) if hindsight
                 else ""))
    print(tr("cli_review_time", seconds=f"{review.seconds:.1f}",
             per=f"{s['seconds_per_decision']:.2f}"))
