"""``python -m playground`` / ``playground``: serve the playground (default http://localhost:5006)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from pathlib import Path


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="playground", description=__doc__)
    p.add_argument("--port", type=int, default=5006, help="port to listen on (default 5006)")
    p.add_argument(
        "--address",
        default="localhost",
        help="address to bind (default localhost; 0.0.0.0 for all interfaces)",
    )
    p.add_argument("--show", action="store_true", help="open a browser tab")
    p.add_argument(
        "--allow-websocket-origin",
        action="append",
        default=None,
        metavar="HOST[:PORT]",
        help="extra host allowed to open the websocket (repeatable)",
    )
    p.add_argument(
        "--lab",
        default=None,
        metavar="DIR",
        help='a built JupyterLite lab to serve at /lab/ for "Open in notebook" '
        "(default: site/lab when `make site` has built it; 'none': no lab)",
    )
    p.add_argument(
        "--num-procs",
        type=int,
        default=1,
        metavar="N",
        help="fork N server processes sharing the port (0: one per CPU); "
        "behind a proxy, use sticky sessions (see the README)",
    )
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    """Serve one fresh app per browser session at the root URL."""
    args = parse_args(argv)
    import panel as pn

    from engine import default_pool
    from playground.serve import serve
    from playground.ui import APP_TITLE, create_app

    default_pool()  # load the card pool once (before forking), not when a visitor waits
    lab = _lab_dir(args.lab)
    origins = [f"localhost:{args.port}", f"127.0.0.1:{args.port}"]
    if args.address not in ("localhost", "127.0.0.1", "0.0.0.0", "::", ""):
        origins.append(f"{args.address}:{args.port}")
    if args.address in ("0.0.0.0", "::"):
        origins = ["*"]
    origins += args.allow_websocket_origin or []
    pn.extension(notifications=False)
    serve(
        {"/": create_app},
        port=args.port,
        address=args.address,
        show=args.show,
        websocket_origin=origins,
        title=APP_TITLE,
        num_procs=args.num_procs,
        lab_dir=lab,
    )


def _lab_dir(option: str | None) -> Path | None:
    """The lab folder to serve: the option's, else site/lab of the current folder if built.

    With $PLAYGROUND_LAB_URL set (a lab hosted elsewhere), nothing is served by default.
    """
    from playground.share import LAB_URL_ENV

    if option is not None:
        if option.lower() == "none":
            return None
        if not (Path(option) / "jupyter-lite.json").is_file():
            raise SystemExit(f"--lab {option}: no JupyterLite lab there (build it: make site)")
        return Path(option)
    default = Path("site") / "lab"
    if os.environ.get(LAB_URL_ENV) or not (default / "jupyter-lite.json").is_file():
        return None
    return default


if __name__ == "__main__":
    main()
