"""``binokel bench-search``: how fast the open-card solver and the expert player are."""

from __future__ import annotations

import argparse
import json
import os
from types import ModuleType

from .common import RulesError, add_rules_options, fail, rules_from_args


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "bench-search", help="measure the solver (by tricks left) and the expert (per decision)",
        description="Median CPU time of the open-card solver on endgames of real deals with "
                    "4, 6, 8 and 12 tricks left, and the expert's CPU time per decision "
                    "(median and 95th percentile) over hands it plays in every seat. "
                    "Figures are printed, never asserted.")
    add_rules_options(parser)
    parser.add_argument("--tricks", default="4,6,8,12", metavar="N,N,...",
                        help="tricks left in the solver's positions (default 4,6,8,12)")
    parser.add_argument("--positions", type=int, default=9, metavar="N",
                        help="positions per figure below 10 tricks left (default 9)")
    parser.add_argument("--big-positions", type=int, default=9, metavar="N",
                        help="positions per figure from 10 tricks left (default 9)")
    parser.add_argument("--bot", default="expert", metavar="NAME",
                        help="the expert and its budget to time (default: expert)")
    parser.add_argument("--hands", type=int, default=4, metavar="N",
                        help="hands the expert plays in every seat (default 4; 0: skip)")
    parser.add_argument("--binocle-hands", type=int, default=2, metavar="N",
                        help="Binocle hands the expert plays in both seats (default 2; 0: skip)")
    parser.add_argument("--playout-worlds", type=int, default=1000, metavar="N",
                        help="sampled worlds per deal for the playout figures (8 deals; "
                             "default 1000; 0: skip)")
    parser.add_argument("--runs", type=int, default=5, metavar="N",
                        help="runs of the playout figures, the median is shown (default 5)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..search import native
    from ..tools.search_bench import (
        bench_expert,
        bench_expert_binocle,
        bench_playouts,
        bench_solver,
        percentile,
    )

    try:
        rules = rules_from_args(args, game="binokel")  # the solver's figures are Binokel's
        tricks = tuple(int(t) for t in args.tricks.split(",") if t.strip())
    except (RulesError, ValueError) as exc:
        return fail(str(exc))
    if any(not 1 <= t <= rules.hand_size for t in tricks):
        return fail(f"--tricks must be between 1 and {rules.hand_size}")
    if args.positions < 1 or args.big_positions < 1 or args.hands < 0 or args.binocle_hands < 0:
        return fail("--positions and --big-positions must be at least 1, --hands and "
                    "--binocle-hands at least 0")
    if args.playout_worlds < 0 or args.runs < 1:
        return fail("--playout-worlds must be at least 0 and --runs at least 1")
    show = not args.quiet and not args.json
    load_before = _load()
    if not args.json:
        print(f"search core           {_path_line(native)}", flush=True)
    solver = bench_solver(rules, tricks=tricks, positions=args.positions,
                          big_positions=args.big_positions, progress=show)
    playouts = None
    if args.playout_worlds and rules.players <= 4:
        playouts = bench_playouts(rules, worlds=args.playout_worlds, runs=args.runs)
    expert = None
    if args.hands:
        try:
            expert = bench_expert(rules, bot=args.bot, hands=args.hands, progress=show)
        except ValueError as exc:
            return fail(str(exc))
    binocle = None
    if args.binocle_hands:
        try:
            binocle = bench_expert_binocle(bot=args.bot, hands=args.binocle_hands, progress=show)
        except ValueError as exc:
            return fail(str(exc))
    load = (load_before, _load())
    if args.json:
        out: dict[str, object] = {
            "rules": rules.name,
            "path": native.PATH,
            "load_1min": {"before": load[0], "after": load[1]},
            "solver": {str(f.tricks_left): {"median_s": round(f.median, 6),
                                            "median_ms": round(f.median * 1000, 3),
                                            "positions": len(f.times),
                                            "median_nodes": sorted(f.nodes)[len(f.nodes) // 2],
                                            "times_ms": [round(t * 1000, 3) for t in f.times]}
                       for f in solver},
        }
        if playouts is not None:
            m = playouts.median_of
            out["playouts"] = {
                "runs": len(playouts.greedy_one),
                "threads": playouts.threads,
                "greedy_per_s_one_thread": round(m(playouts.greedy_one)),
                "greedy_per_s_all_threads": round(m(playouts.greedy_all)),
                "greedy_per_cpu_s_one_thread": round(m(playouts.greedy_one_cpu)),
                "greedy_per_cpu_s_all_threads": round(m(playouts.greedy_all_cpu)),
                "greedy_speedup_all_threads": round(m(playouts.speedup), 3),
                "greedy_per_s_all_threads_tuples": (round(m(playouts.greedy_all_listed))
                                                    if playouts.greedy_all_listed else None),
                "random_per_cpu_s_one_thread": round(m(playouts.random_one_cpu)),
                # Run by run (each pair back to back): wall and CPU figures and their ratio.
                "greedy_by_run": [
                    {"one_thread": round(one), "all_threads": round(every),
                     "speedup": round(every / one, 3), "one_thread_per_cpu_s": round(one_cpu),
                     "all_threads_per_cpu_s": round(every_cpu)}
                    for one, every, one_cpu, every_cpu in zip(
                        playouts.greedy_one, playouts.greedy_all, playouts.greedy_one_cpu,
                        playouts.greedy_all_cpu, strict=True)],
            }
        if expert is not None:
            out["expert"] = {"bot": args.bot, "decisions": len(expert.times),
                             "median_s": round(expert.median, 4),
                             "p95_s": round(expert.p95, 4),
                             "by_phase": {k: {"decisions": len(v),
                                              "median_s": round(sorted(v)[len(v) // 2], 4),
                                              "p95_s": round(percentile(v, 0.95), 4)}
                                          for k, v in expert.by_phase.items()}}
        if binocle is not None:
            out["expert_binocle"] = {"bot": args.bot, "decisions": len(binocle.times),
                                     "median_s": round(binocle.median, 4),
                                     "p95_s": round(binocle.p95, 4)}
        print(json.dumps(out))
        return 0
    print(f"rules                 {rules.name}   (CPU seconds of one process)")
    for f in solver:
        nodes = sorted(f.nodes)[len(f.nodes) // 2]
        print(f"solver {f.tricks_left:2d} tricks left  median {f.median:10.6f} s   "
              f"({len(f.times)} positions, median {nodes} nodes, "
              f"max {max(f.times):.3f} s)")
    if playouts is not None:
        m = playouts.median_of
        print(f"greedy playouts/s     one thread {m(playouts.greedy_one):10.0f}   "
              f"{playouts.threads} threads {m(playouts.greedy_all):10.0f}   (wall time, "
              f"median of {len(playouts.greedy_one)} runs)")
        print(f"  per CPU second      one thread {m(playouts.greedy_one_cpu):10.0f}   "
              f"{playouts.threads} threads {m(playouts.greedy_all_cpu):10.0f}")
        print(f"  {playouts.threads} threads against one  {m(playouts.speedup):.2f}x   "
              f"(median of the runs' ratios, wall time; starts packed once)")
        print("  run by run          " + "  ".join(f"{r:.2f}x" for r in playouts.speedup))
        if playouts.greedy_all_listed:
            print(f"  as Python tuples    {playouts.threads} threads "
                  f"{m(playouts.greedy_all_listed):10.0f}   (wall time, native.rollouts)")
        print(f"random playouts/s     {m(playouts.random_one_cpu):10.0f}   "
              f"(per CPU second, one thread)")
    if expert is not None:
        print(f"{args.bot:<21} median {expert.median:8.4f} s   p95 {expert.p95:.4f} s   "
              f"({len(expert.times)} decisions with a choice)")
        for phase, values in expert.by_phase.items():
            print(f"  {phase:<19} median {sorted(values)[len(values) // 2]:8.4f} s   "
                  f"p95 {percentile(values, 0.95):.4f} s   ({len(values)} decisions)")
    if binocle is not None:
        print(f"{args.bot + ' (Binocle)':<21} median {binocle.median:8.4f} s   "
              f"p95 {binocle.p95:.4f} s   ({len(binocle.times)} decisions with a choice)")
        for phase, values in binocle.by_phase.items():
            print(f"  {phase:<19} median {sorted(values)[len(values) // 2]:8.4f} s   "
                  f"p95 {percentile(values, 0.95):.4f} s   ({len(values)} decisions)")
    print(f"load (1 min)           {load[0]:.2f} before, {load[1]:.2f} after   "
          f"({native.THREADS} cores)")
    return 0


def _load() -> float:
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:  # not on every system
        return -1.0


def _path_line(native: ModuleType) -> str:
    if native.PATH == "native":
        return "native (the compiled core, binokel/search/csrc/)"
    if os.environ.get("BINOKEL_PURE", "").strip() not in ("", "0"):
        return "pure Python (BINOKEL_PURE is set)"
    return "pure Python (the compiled core is not built: no C compiler at install?)"
