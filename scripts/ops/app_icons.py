"""Draw the installable app's PNG icons from its SVG one, with Debian's chromium (headless,
through Playwright): ``binokel/web/static/app/icon-192.png`` and ``icon-512.png``, which the
manifest lists beside ``icon.svg``.  Run it after changing ``icon.svg`` and commit the PNGs.

Usage: ``python scripts/ops/app_icons.py``
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.web.browsing import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

APP = ROOT / "binokel" / "web" / "static" / "app"
SIZES = (192, 512)


def main() -> int:
    from playwright.sync_api import sync_playwright

    svg = (APP / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size},
                                    device_scale_factor=1)
            page.set_content("<!doctype html><style>html, body {margin: 0; background: "
                             "transparent} svg {display: block; width: 100vw; height: 100vh}"
                             f"</style>{svg}")
            out = APP / f"icon-{size}.png"
            page.screenshot(path=str(out), omit_background=True)
            print(f"{out.relative_to(ROOT)}: {out.stat().st_size} bytes")
            page.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
