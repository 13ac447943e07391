"""The package the offline app ships (``binokel app build``: the pure Python zipped) runs the
table with nothing but the standard library: no starlette, no orjson, no uvicorn, none of the
modules it leaves out.  A fast stand-in for Pyodide, in CPython: a module the zip lacks, or a
server-only import creeping into the table, fails here before the browser test."""

from __future__ import annotations

import io
import json
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

from binokel.web.appbuild import APP_FILES, LEFT_OUT, STATIC, package_zip

BLOCKED = ("starlette", "uvicorn", "orjson", "psycopg", "numpy", "segno", "platformdirs")

PLAY = """
import sys
for name in {blocked!r}:
    sys.modules[name] = None  # an import of it raises ImportError, as in the worker
sys.path.insert(0, {folder!r})
import asyncio, json
from binokel.web.offline import OfflineHost

async def main():
    host = OfflineHost(bot_delay=0)
    status, body = await host.request("POST", "/api/tables", json.dumps(
        {{"rules": "bezique", "seats": ["bot:random", "bot:heuristic:level=hard"],
          "seed": "zip"}}))
    assert status == 201, body
    table = json.loads(body)["id"]
    while (await host.request("GET", "/api/tables/" + table))[1].find('"playing"') >= 0:
        await asyncio.sleep(0.01)
    status, record = await host.request("GET", "/api/tables/" + table + "/record")
    print(status, record.count("\\n") > 50, sorted(m for m in sys.modules
          if m.split(".")[0] in {blocked!r} and sys.modules[m] is not None))

asyncio.run(main())
"""


def test_the_zipped_package_plays_with_the_standard_library_only(tmp_path: Path) -> None:
    with zipfile.ZipFile(io.BytesIO(package_zip())) as archive:
        names = archive.namelist()
        archive.extractall(tmp_path)
    assert "binokel/web/offline.py" in names
    assert not [n for n in names if n.startswith(LEFT_OUT)]
    run = subprocess.run([sys.executable, "-I", "-c", PLAY.format(
        blocked=BLOCKED, folder=str(tmp_path))], capture_output=True, text=True, timeout=300,
        cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.split() == ["200", "True", "[]"], run.stdout


def test_an_offline_host_leaves_the_servers_players_as_they_were() -> None:
    """The app offers an expert with a phone's budget in place of the full one; once its host
    closes, a server in the same process offers every player again (a doctest of the host
    once left a later table unable to seat ``bot:expert``)."""
    import asyncio

    from binokel.games import find_game
    from binokel.web.offline import OFFLINE_EXPERT, OfflineHost
    from binokel.web.players import available_bots

    game = find_game("binokel")

    async def host_and_close() -> list[str]:
        host = OfflineHost(bot_delay=0)
        offered = available_bots(game)
        await host.close()
        return offered

    assert OFFLINE_EXPERT in asyncio.run(host_and_close())
    after = available_bots(game)
    assert "expert" in after and OFFLINE_EXPERT not in after


def test_the_manifest_lists_png_icons_of_their_sizes() -> None:
    """Install prompts want PNG icons of 192 and 512 px: the manifest lists them, the build
    ships them (and so the service worker keeps them), and each PNG is the size it says."""
    manifest = json.loads((STATIC / "app" / "manifest.webmanifest").read_text(encoding="utf-8"))
    pngs = {icon["sizes"]: icon["src"] for icon in manifest["icons"]
            if icon["type"] == "image/png"}
    assert set(pngs) == {"192x192", "512x512"}
    for icon in manifest["icons"]:
        assert icon["src"] in APP_FILES
    for sizes, src in pngs.items():
        data = (STATIC / "app" / src).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
        width, height = struct.unpack(">II", data[16:24])
        assert f"{width}x{height}" == sizes
