"""``binokel app build DIR``: the installable app as static files, for any static web host."""

from __future__ import annotations

import argparse
from pathlib import Path

from .common import fail


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "app", help="build the installable app that plays the computer with no server",
        description="Write the web table as an installable app: the page, the package's pure "
                    "Python and the Pyodide runtime (from npm: run `npm ci` in the repository "
                    "first), with a service worker that keeps them for offline play. Any "
                    "static web host can serve the folder; `binokel serve --app DIR` offers "
                    "it at /app/ (docs/offline.md).")
    actions = parser.add_subparsers(dest="app_command", metavar="ACTION", required=True)
    build = actions.add_parser("build", help="write the app's files into a folder")
    build.add_argument("dir", metavar="DIR", help="the folder to write (made if missing)")
    build.add_argument("--pyodide", default=None, metavar="DIR",
                       help="the pyodide npm package's folder (default: node_modules/pyodide "
                            "of the working folder or the repository)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..web.appbuild import AppBuildError, build_app

    try:
        sizes = build_app(Path(args.dir), None if args.pyodide is None else Path(args.pyodide))
    except (AppBuildError, OSError) as exc:
        return fail(f"cannot build the app: {exc}")
    total = sum(sizes.values())
    runtime = sum(size for name, size in sizes.items() if name.startswith("pyodide/"))
    print(f"binokel: wrote the app to {args.dir}: {len(sizes)} files, {total / 1e6:.1f} MB "
          f"(the Pyodide runtime {runtime / 1e6:.1f} MB, the package "
          f"{sizes['binokel.zip'] / 1e6:.2f} MB); the service worker keeps all of them")
    return 0
