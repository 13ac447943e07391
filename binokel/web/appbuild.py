"""Write the installable app as static files: the page, the package's pure Python zipped, the
Pyodide runtime (only the files it loads) and a service worker that keeps them all
(``binokel app build DIR``; ``binokel serve --app DIR`` offers the result at ``/app/``).

The runtime comes from the npm package ``pyodide`` at the version pinned in the repository's
``package.json`` (``npm ci`` installs it into ``node_modules``, checked against
``package-lock.json``); it is never committed.  docs/offline.md says how to build and host.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import zipfile
from pathlib import Path

__all__ = ["APP_FILES", "PYODIDE_FILES", "PYODIDE_VERSION", "AppBuildError", "build_app",
           "find_pyodide", "package_zip"]

#: The Pyodide version the app is built and tested with (package.json pins the same).
PYODIDE_VERSION = "314.0.8"

#: The runtime files the worker loads; the rest of the npm package (consoles, type
#: declarations, source maps) is not shipped.
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")

PACKAGE = Path(__file__).resolve().parent.parent
STATIC = Path(__file__).resolve().parent / "static"

#: The page's scripts and styles the app ships (the server's own pages, the pad's, stay out).
STATIC_FILES = ("transport.js", "gamewords.js", "words.js", "cards.js", "deadend.js", "table.js",
                "felt.js", "hand.js", "summary.js", "review.js", "appshell.js", "app.js",
                "worker.js", "style.css", "appshell.css")

#: The app's own files (binokel/web/static/app/; the service worker is written from sw.js).
#: The PNG icons are icon.svg drawn at 192 and 512 px (scripts/ops/app_icons.py) and committed:
#: some browsers' install prompts want PNGs of those sizes in the manifest.
APP_FILES = ("index.html", "manifest.webmanifest", "icon.svg", "icon-192.png", "icon-512.png")

#: Parts of the package the worker never imports: the terminal, the command line, the
#: research environments, the server's own modules and the C sources.
LEFT_OUT = ("binokel/cli/", "binokel/ui/", "binokel/env/", "binokel/tools/",
            "binokel/review/", "binokel/web/static/", "binokel/web/clubroutes.py",
            "binokel/web/app.py", "binokel/web/cluster.py", "binokel/web/store_pg.py",
            "binokel/web/padroutes.py", "binokel/web/reviews.py", "binokel/web/guard.py",
            "binokel/web/slowheaders.py", "binokel/web/appbuild.py")


class AppBuildError(RuntimeError):
    """The app cannot be built here; the text says what is missing."""


def find_pyodide(start: Path | None = None) -> Path:
    """``node_modules/pyodide`` in the working folder, the repository, or a folder above;
    its version must be :data:`PYODIDE_VERSION`."""
    places = [Path.cwd() if start is None else start, PACKAGE.parent]
    for place in places:
        for folder in (place, *place.parents):
            candidate = folder / "node_modules" / "pyodide"
            if (candidate / "package.json").is_file():
                return check_pyodide(candidate)
    raise AppBuildError("the Pyodide runtime is not installed: run `npm ci` in the binokel "
                        "repository (it pins pyodide " + PYODIDE_VERSION + "), or give "
                        "--pyodide DIR")


def check_pyodide(folder: Path) -> Path:
    try:
        version = json.loads((folder / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        raise AppBuildError(f"{folder} is not the pyodide npm package (no package.json with "
                            "a version)") from None
    if version != PYODIDE_VERSION:
        raise AppBuildError(f"{folder} holds pyodide {version}; the app needs "
                            f"{PYODIDE_VERSION} (npm ci installs the pinned one)")
    missing = [name for name in PYODIDE_FILES if not (folder / name).is_file()]
    if missing:
        raise AppBuildError(f"{folder} lacks {', '.join(missing)}")
    return folder


def package_zip() -> bytes:
    """The package's pure Python as a zip (what the worker unpacks and imports)."""
    buffer = io.BytesIO()
    root = PACKAGE.parent
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(PACKAGE.rglob("*.py")):
            name = path.relative_to(root).as_posix()
            if "__pycache__" in name or name.startswith(LEFT_OUT):
                continue
            # A fixed date: the same sources make the same zip (and the same cache version).
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def build_app(out: Path, pyodide: Path | None = None) -> dict[str, int]:
    """Write the app into ``out`` (made if missing; files of an earlier build are replaced).
    Returns each written file's size in bytes, by its path in ``out``."""
    runtime = check_pyodide(pyodide) if pyodide is not None else find_pyodide()
    out.mkdir(parents=True, exist_ok=True)
    files: dict[str, bytes] = {}
    for name in APP_FILES:
        files[name] = (STATIC / "app" / name).read_bytes()
    for name in STATIC_FILES:
        files[f"static/{name}"] = (STATIC / name).read_bytes()
    files["binokel.zip"] = package_zip()
    sizes = {name: len(data) for name, data in files.items()}
    for name in PYODIDE_FILES:
        sizes[f"pyodide/{name}"] = (runtime / name).stat().st_size
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + files[name])
    for name in PYODIDE_FILES:
        digest.update(f"pyodide/{name}:{sizes[f'pyodide/{name}']}".encode())
    cached = ["./", *sorted(n for n in sizes if n != "index.html")]
    worker = (STATIC / "app" / "sw.js").read_text()
    worker = worker.replace("@VERSION@", digest.hexdigest()[:16]).replace(
        "@FILES@", json.dumps(cached, indent=2))
    files["sw.js"] = worker.encode()
    sizes["sw.js"] = len(files["sw.js"])
    for name, data in files.items():
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    (out / "pyodide").mkdir(exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(runtime / name, out / "pyodide" / name)
    return sizes
