"""How every browser test and benchmark drives Chromium here: which executable, which flags.

`playwright install chromium` can't download a browser on these machines, so we use
Debian's (`apt-get install chromium`), or $PLAYWRIGHT_CHROMIUM, or Playwright's own.
"""

from __future__ import annotations

import os
import shutil
import socket
from pathlib import Path

# Headless as root, offline: without the networking flags Chromium keeps trying to reach
# Google's services and logs refused connections at every start.
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def chromium_executable() -> str | None:
    """The Chromium to drive: env override, then the system one; None = Playwright's own."""
    env = os.environ.get("PLAYWRIGHT_CHROMIUM")
    if env:
        return env
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if Path(candidate).exists():
            return candidate
    return shutil.which("chromium")


def launch_args(base: dict | None = None) -> dict:
    """Playwright launch options: headless, our flags, and the executable when we have one."""
    args = {**(base or {}), "headless": True, "args": LAUNCH_ARGS}
    exe = chromium_executable()
    if exe:
        args["executable_path"] = exe
    return args


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
