"""Debian's chromium for the browser tests, driven by Playwright and launched directly
(``playwright install`` cannot download browsers here): headless, no sandbox (CI runs as
root), background networking off.  Skips the calling test module when either is missing
(scripts/test installs chromium)."""

from __future__ import annotations

import shutil
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}


def playwright_or_skip() -> Any:
    """Playwright's sync API; call at module level (it skips the whole module)."""
    api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    if not shutil.which(CHROMIUM):
        pytest.skip("chromium is not installed (scripts/test installs it)",
                    allow_module_level=True)
    return api
