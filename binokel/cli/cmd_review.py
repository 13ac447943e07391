"""``binokel review RECORD``: every decision of a seat weighed by the expert, the costly ones
marked (docs/review.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

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
from .common import add_game_option, fail, pick_game, read_text


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
    try:
        review = review_game(state, seats=seats, bot=args.bot, seed=args.seed,
                             hindsight=not args.no_hindsight, progress=_progress_bar())
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
        print_review(review, names, title=game.title, complete=state.is_over)
    return 0


def _progress_bar() -> Any:
    """A bar on standard error while a long review runs (none when it is not a terminal)."""
    if not sys.stderr.isatty():
        return None
    width = 30

    def show(done: int, total: int) -> None:
        filled = width * done // max(total, 1)
        end = "\n" if done == total else ""
        print(f"\rreviewing [{'#' * filled}{'.' * (width - filled)}] {done}/{total}", end=end,
              file=sys.stderr, flush=True)

    return show


# --- output ------------------------------------------------------------------------------------

_MARK = {"blunder": "??", "mistake": "?", "inaccuracy": "?!", "good": "", "unvalued": "-"}


def _line(d: Decision) -> str:
    chosen = "  (not valued)" if d.chosen_value is None else f"{d.chosen_value:+8.1f}"
    loss = "" if d.loss is None else f"{d.loss:7.1f}"
    better = "" if d.chosen == d.best else f"  best {d.best} {d.best_value:+.1f}"
    return (f"  {d.number:>4} s{d.seat} {d.kind:<9} {d.chosen:<14} {chosen} {loss} "
            f"{_MARK[d.grade]:<2} {d.grade if d.grade not in ('good', 'unvalued') else ''}"
            f"{better}").rstrip()


def print_review(review: GameReview, players: list[str], *, title: str, complete: bool) -> None:
    """The review as text: each hand's decisions, then the summaries."""
    who = ", ".join(f"seat {s}" + (f" ({players[s]})" if s < len(players) else "")
                    for s in sorted({h.seat for h in review.hands}))
    print(f"{title} review of {who or 'no seat'} by {review.reviewer}"
          + ("" if complete else " (the record ends before the game is over)"))
    print("values: the seat's expected hand score against the others' mean, from its view")
    for h in review.hands:
        print(f"hand {h.hand}, seat {h.seat}: {len(h.decisions)} decisions")
        print("     # seat kind     chosen            value    lost")
        for d in h.decisions:
            print(_line(d))
        worst = ", ".join(f"#{d.number} {d.chosen} (-{d.loss:.0f})" for d in h.costliest())
        per = h.lost / len(h.decisions) if h.decisions else 0.0
        print(f"  lost {h.lost:.1f} ({per:.1f} per decision); costliest: {worst or 'none'}")
        if h.actual is not None:
            sight = "" if h.hindsight is None else \
                f"; with the expert's choices (hindsight, it knows the cards): {h.hindsight}"
            print(f"  scored {h.actual}{sight}")
    s = _summary(review)
    print(f"game: {s['decisions']} decisions, lost {s['lost']:.1f} "
          f"({s['lost_per_decision']:.1f} per decision); "
          + ", ".join(f"{n} {c}" for n, c in sorted(s["grades"].items())))
    for d in review.costliest():
        print(f"  costliest: hand {d.hand} #{d.number} seat {d.seat} {d.kind} {d.chosen} "
              f"instead of {d.best}: -{d.loss:.1f} ({d.grade})")
    for seat in s["actual"]:
        print(f"  seat {seat} scored {s['actual'][seat]}"
              + ("" if not any(h.hindsight is not None for h in review.hands) else
                 f"; hindsight with the expert's choices: {s['hindsight'][seat]}"))
    print(f"reviewed in {review.seconds:.1f} s ({s['seconds_per_decision']:.2f} s per decision)")
