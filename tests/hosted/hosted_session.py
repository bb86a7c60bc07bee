"""Run the hosted page's Python the way its worker script does, in CPython, offline.

    python tests/hosted/hosted_session.py <site dir> <page URL> [--preset NAME] [--next N]

The converted page's worker (``app.js``) runs two pieces of Python that matter for
share links: the app code (``init_doc()``, the app script, ``write_doc()``), and
the handler of the ``location`` message that the page posts once the first render
is done, carrying ``window.location``. Both are taken verbatim from the built worker
script and executed here, with ``panel.io.pyodide.init_doc`` mirrored (that module
imports the browser-only ``js`` module). The packages come from this interpreter
(the CDN ones cannot be reached offline), the code paths are the page's own.

Between the two, the page renders: components whose browser code touches the address
bar (``window.location`` / ``history``, e.g. the share box keeping ``?s=&f=`` current)
run their own ESM ``render()`` in Node (tests/hosted/esm_render.mjs) with the page's
address, so the location message carries the address as the browser would have it.

Optional actions then use the widgets as a person would (example picker, Next).
Prints one line ``HOSTED {json}``: the share link box, the "Open in notebook" link, the
URL's search string, the title and the frame on screen.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit


def _js_unescape(text: str) -> str:
    """Undo the escapes of a JS template literal (``\\n``, ``\\```, ``\\\\``...)."""
    table = {"n": "\n", "t": "\t", "r": "\r"}
    return re.sub(r"\\(.)", lambda m: table.get(m.group(1), m.group(1)), text, flags=re.S)


def worker_python(worker_js: str) -> tuple[str, str]:
    """(app code, location-message handler code) as the worker script runs them."""
    m = re.search(r"runPythonAsync\(`(.*?init_doc\(\).*?)`\)", worker_js, re.S)
    if m is None:
        raise SystemExit("the worker script does not run init_doc()/write_doc()")
    code = _js_unescape(m.group(1))
    app_code = code.split("init_doc()\n", 1)[1].rsplit("await write_doc()", 1)[0]
    m2 = re.search(r"msg\.type === 'location'\) \{.*?runPythonAsync\(`(.*?)`\)", worker_js, re.S)
    if m2 is None:
        raise SystemExit("the worker script has no 'location' message handler")
    return app_code, textwrap.dedent(_js_unescape(m2.group(1)))


def window_location(href: str) -> dict[str, str]:
    u = urlsplit(href)
    return {
        "href": href,
        "protocol": f"{u.scheme}:",
        "hostname": u.hostname or "",
        "port": str(u.port or ""),
        "pathname": u.path or "/",
        "search": f"?{u.query}" if u.query else "",
        "hash": f"#{u.fragment}" if u.fragment else "",
    }


HERE = Path(__file__).resolve().parent


def url_components(app: Any) -> list[Any]:
    """The app's ESM components whose browser code reads or writes the page address."""
    from panel.custom import JSComponent

    out = []
    for comp in app.select(JSComponent):
        esm = getattr(type(comp), "_esm", "")
        if isinstance(esm, str) and ("window.location" in esm or "history." in esm):
            out.append(comp)
    return out


def render_in_browser(comp: Any, href: str) -> dict[str, Any]:
    """Run ``comp``'s ESM render() in Node with its current properties at ``href``."""
    from panel.custom import JSComponent

    names = [n for n in comp.param if n not in JSComponent.param]
    props = {}
    for n in names:
        value = getattr(comp, n)
        try:
            json.dumps(value)
        except TypeError:
            continue
        props[n] = value
    spec = json.dumps({"esm": type(comp)._esm, "props": props, "href": href})
    proc = subprocess.run(
        ["node", str(HERE / "esm_render.mjs")],
        input=spec,
        capture_output=True,
        text=True,
        timeout=120,
    )
    if proc.returncode != 0:
        raise SystemExit(f"{type(comp).__name__}'s render() failed in Node:\n{proc.stderr}")
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    sets = {k: v for k, v in result["sets"].items() if k in names}
    if sets:  # properties the browser code set flow back to Python
        comp.param.update(**sets)
    return result


# The board's browser code (playground.board_view.BoardView): a constant skeleton whose
# data-frame is only the first frame; render() fills each `data-part` holder with the
# part of the same name and then sets data-frame from the `frame` property.
_BOARD_ESM_STEPS = (
    "root.innerHTML = model.skeleton",
    "holders[k].innerHTML = model[k]",
    "board.dataset.frame = String(model.frame)",
)


def is_skeleton_board(comp: Any) -> bool:
    return 'data-testid="board"' in str(getattr(comp, "skeleton", ""))


def board_on_screen(comp: Any) -> str:
    """The board as its render() draws it: the skeleton with its parts and data-frame.

    Reading the skeleton alone would give the frame it was built at, not the one shown.
    If the component's browser code no longer does what this mirrors, say so loudly.
    """
    esm = type(comp)._esm
    missing = [step for step in _BOARD_ESM_STEPS if step not in esm]
    if missing:
        raise SystemExit(
            f"{type(comp).__name__}'s render() changed (no {missing}): "
            "update board_on_screen in tests/hosted/hosted_session.py"
        )
    html = re.sub(
        r'(data-testid="board"[^>]*?data-frame=")\d*(")',
        lambda m: f"{m.group(1)}{int(comp.frame)}{m.group(2)}",
        comp.skeleton,
    )
    return re.sub(
        r'(<div class="part" data-part="(\w+)">)(</div>)',
        lambda m: m.group(1) + str(getattr(comp, m.group(2))) + m.group(3),
        html,
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("site", type=Path)
    ap.add_argument("href")
    ap.add_argument("--preset", default=None)
    ap.add_argument("--next", type=int, default=0)
    args = ap.parse_args(argv)
    app_code, location_code = worker_python((args.site / "app.js").read_text(encoding="utf-8"))

    import panel as pn
    from bokeh.document import Document
    from bokeh.events import DocumentReady
    from bokeh.io.doc import set_curdoc
    from panel.io.document import MockSessionContext
    from panel.io.state import state

    # Panel takes its Pyodide code paths when `_pyodide` is imported (state._is_pyodide);
    # the one that matters here is state.onload(cb) running cb at once. The worker runs
    # all of its Python inside an asyncio loop (runPythonAsync), so do we.
    type(state)._is_pyodide = property(lambda self: True)

    async def worker() -> Any:
        # panel.io.pyodide.init_doc(), line for line.
        doc = Document()
        set_curdoc(doc)
        doc.hold()
        doc._session_context = lambda: MockSessionContext(document=doc)
        state.curdoc = doc
        exec(compile(app_code, "app.py (from the worker script)", "exec"), {"__name__": "__main__"})
        roots = [v[0] for v in state._views.values()]
        if not roots:
            raise SystemExit("the app code made nothing servable")
        app = roots[0]
        # The page renders the document; the components' browser code runs.
        for comp in url_components(app):
            page["href"] = render_in_browser(comp, page["href"])["href"]
        # Message 'rendered' -> _link_docs_worker(): unhold, DocumentReady.
        doc.unhold()
        doc.on_event("document_ready", functools.partial(state._schedule_on_load, doc))
        doc.callbacks.trigger_event(DocumentReady())
        # Then message 'location', carrying JSON.stringify(window.location).
        loc = json.dumps(window_location(page["href"]))
        exec(compile(location_code, "worker location handler", "exec"), {"location": loc})
        await asyncio.sleep(0)
        return app

    page = {"href": args.href}
    app = asyncio.run(worker())

    def find(kind: type, pred) -> list:
        return [w for w in app.select(kind) if pred(w)]

    if args.preset:
        (picker,) = find(pn.widgets.Select, lambda w: w.label == "Example scenarios")
        picker.value = args.preset
    for _ in range(args.next):
        from panel.custom import JSComponent

        (controls,) = find(JSComponent, lambda c: type(c).__name__ == "StepperControls")
        # What a click on "Next ›" does in the browser: the stepper component's message.
        controls._handle_msg({"step": "next"})

    # What the browser shows now: the components' browser code runs again on the changes.
    links = [w.value for w in app.select(pn.widgets.TextInput) if "?s=" in (w.value or "")]
    notebook_links: list[str] = []
    for comp in url_components(app):
        result = render_in_browser(comp, page["href"])
        page["href"] = result["href"]
        links += [v for v in result["inputs"] if "?s=" in v]
        notebook_links += [v for v in result["links"] if "/open/" in v]
    from panel.custom import JSComponent

    htmls = [str(h.object) for h in app.select(pn.pane.HTML)]
    for c in app.select(JSComponent):
        if is_skeleton_board(c):  # its skeleton holds the first frame, not the one shown
            htmls.append(board_on_screen(c))
        else:
            htmls += [
                v for v in c.param.values().values() if isinstance(v, str) and "data-testid" in v
            ]
    title = next(
        (
            re.search(r'data-testid="title">([^<]*)<', h)
            for h in htmls
            if 'data-testid="title"' in h
        ),
        None,
    )
    tags = [re.search(r'<[^>]*data-testid="board"[^>]*>', h) for h in htmls]
    board = next((re.search(r'data-frame="(\d+)"', t.group(0)) for t in tags if t), None)
    out = {
        "link": links[0] if links else None,
        # the last one the component wrote: its render() sets it again on every update
        "notebook": notebook_links[-1] if notebook_links else None,
        "href": page["href"],
        "search": urlsplit(page["href"]).query and "?" + urlsplit(page["href"]).query,
        "title": title.group(1) if title else None,
        "frame": int(board.group(1)) if board else None,
        "modules": {m: sys.modules[m].__file__ for m in ("engine", "playground", "panel")},
    }
    print("HOSTED " + json.dumps(out))
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
