"""The static site: `make site` (scripts/build_site.py) builds a page that runs the
playground entirely in the browser, with the project's own wheel packed in.

What can be proven offline is proven here: the build succeeds and writes the page,
the worker script and the packed wheel; the wheel holds the engine, its card pool
and the playground and nothing else; the worker installs exactly that wheel and runs
the app script; the app code taken from the worker runs against the packed wheel
alone (CPython); and the worker's install steps replayed in real Pyodide (Node) give
an engine that loads the card pool and plays scenarios exactly as CPython does. Only
the CDN parts (Pyodide's numpy/pandas, bokeh, panel) are out of reach here; the
browser test of the page itself is tests/hosted/test_hosted_page.py.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from engine import Scenario

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
# Bytes the browser fetches from the site itself (page+worker+wheel); goal: < 3 MB.
OWN_BUDGET = 3_000_000


def _wheel_zip(site: dict[str, Any]) -> zipfile.ZipFile:
    return zipfile.ZipFile(site["wheel"])


def test_build_writes_page_worker_and_packed_wheel(site: dict[str, Any]) -> None:
    out = site["out"]
    page, worker, resources = Path(site["page"]), Path(site["worker"]), Path(site["resources"])
    assert page == out / "index.html" and page.stat().st_size > 0
    assert worker == out / "app.js" and worker.stat().st_size > 0
    assert resources == out / "app.resources.zip"
    wheel = Path(site["wheel"])
    assert site["packed_wheels"] == {wheel.name: wheel.stat().st_size}
    with zipfile.ZipFile(resources) as zf:
        assert zf.read(f"packed_wheels/{wheel.name}") == wheel.read_bytes()
    html = page.read_text(encoding="utf-8")
    assert 'new Worker("./app.js")' in html  # the page starts the worker next to it
    assert "<title>Cascade rules playground</title>" in html
    print(f"\nsite build: {site['build_seconds']} s ({site['seconds']})")
    # CI budget for the app page's build, part of `make test` (the lab's build, the rest of
    # build_seconds, is printed with the lab's tests: tests/hosted/test_lab.py).
    assert site["seconds"]["wheel"] + site["seconds"]["convert"] < 120


def test_wheel_holds_engine_card_pool_and_playground_only(site: dict[str, Any]) -> None:
    with _wheel_zip(site) as zf:
        names = zf.namelist()
        tops = {n.split("/", 1)[0] for n in names}
        assert tops == {"engine", "playground", "cascade_playground-0.1.0.dist-info"}
        for module in (
            "engine/__init__.py",
            "engine/cards/carddb.py",
            "engine/views/render.py",
            "playground/__init__.py",
            "playground/app.py",
            "playground/share.py",
        ):
            assert module in names
        # Every module of both packages, as in the source tree (subpackages included).
        for pkg in ("engine", "playground"):
            for py in (ROOT / pkg).rglob("*.py"):
                assert py.relative_to(ROOT).as_posix() in names
        assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
        for data in ("cards.json.gz", "effects.jsonl.gz"):  # the pool and its effects
            pool = zf.getinfo(f"engine/data/{data}")
            assert pool.file_size == (ROOT / "engine/data" / data).stat().st_size
            assert pool.compress_type == zipfile.ZIP_STORED  # already gzip'd: not deflated twice
        assert zf.getinfo("engine/core/game.py").compress_type == zipfile.ZIP_DEFLATED
        # RECORD lists every file with its sha256 (installers may check it).
        info = "cascade_playground-0.1.0.dist-info"
        rows = list(csv.reader(io.StringIO(zf.read(f"{info}/RECORD").decode())))
        recorded = {r[0]: r[1] for r in rows}
        assert set(recorded) == set(names)
        for name, digest in recorded.items():
            if name.endswith("RECORD"):
                continue
            want = base64.urlsafe_b64encode(hashlib.sha256(zf.read(name)).digest()).rstrip(b"=")
            assert digest == "sha256=" + want.decode(), name
        meta = zf.read(f"{info}/METADATA").decode()
        assert "Name: cascade-playground" in meta and "Requires-Dist" not in meta
        assert "Tag: py3-none-any" in zf.read(f"{info}/WHEEL").decode()


def test_wheel_build_is_reproducible(build_site, tmp_path: Path) -> None:
    first = build_site.build_wheel(ROOT, tmp_path / "a").read_bytes()
    assert build_site.build_wheel(ROOT, tmp_path / "b").read_bytes() == first


def test_worker_installs_the_packed_wheel_and_runs_the_app(site: dict[str, Any]) -> None:
    js = Path(site["worker"]).read_text(encoding="utf-8")
    wheel = Path(site["wheel"]).name
    pyodide_js = r'importScripts\("https://cdn\.jsdelivr\.net/pyodide/v[\d.]+/full/pyodide\.js"\)'
    assert re.search(pyodide_js, js)
    # 1. fetch the packed archive next to the worker and unpack it into the in-browser FS
    assert "const data_archives = ['app.resources.zip'];" in js
    assert 'self.pyodide.unpackArchive(zipBinary, "zip")' in js
    # 2. micropip installs the wheel from that FS (plus panel/bokeh from the CDN)
    install = re.search(r"await micropip\.install\((\[.*?\])\);", js)
    assert install is not None
    reqs = json.loads(install.group(1).replace("'", '"'))
    assert f"emfs:packed_wheels/{wheel}" in reqs
    assert any(r.endswith(".whl") and "/panel-" in r for r in reqs)
    # 3. it then runs the app script verbatim between init_doc() and write_doc()
    sys.path.insert(0, str(HERE))
    try:
        from hosted_session import worker_python
    finally:
        sys.path.remove(str(HERE))
    app_code, location_code = worker_python(js)
    app_source = (ROOT / "playground" / "app.py").read_text(encoding="utf-8")
    assert app_code.strip() == app_source.strip()
    assert "from playground" in app_code and ".servable(" in app_code
    compile(app_code, "app.py", "exec")
    # 4. and listens for the page's URL (share links) after rendering
    assert "state.location.param.update" in location_code
    assert js.index("micropip.install") < js.index("init_doc()")


def test_app_code_from_the_worker_runs_on_the_packed_wheel_alone(
    site: dict[str, Any], tmp_path: Path
) -> None:
    """Install the packed wheel the way micropip does (unzip into a fresh directory), put
    it first on the path, and run the worker's own Python: app code, then the location
    message. The engine and playground must come from the wheel, not the source tree."""
    target = tmp_path / "site-packages"
    with zipfile.ZipFile(Path(site["resources"])) as zf:
        (member,) = [n for n in zf.namelist() if n.endswith(".whl")]
        (tmp_path / "w.whl").write_bytes(zf.read(member))
    with zipfile.ZipFile(tmp_path / "w.whl") as zf:
        zf.extractall(target)
    env = {**os.environ, "PYTHONPATH": str(target)}
    proc = subprocess.run(
        [
            sys.executable,
            str(HERE / "hosted_session.py"),
            str(site["out"]),
            "http://static.example/index.html",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1].removeprefix("HOSTED "))
    assert out["modules"]["engine"].startswith(str(target))
    assert out["modules"]["playground"].startswith(str(target))
    assert out["title"] == "Bloodbraid Elf cascades" and out["frame"] == 0


FINGERPRINTS = """
import hashlib, json, sys
import engine
from engine import Scenario
assert "site-packages" in engine.__file__, engine.__file__
print(json.dumps({t: hashlib.sha256(Scenario.from_token(t).run().fingerprint().encode()).hexdigest()
                  for t in json.loads(sys.argv[1])}))
"""


def test_worker_install_replayed_in_real_pyodide(site: dict[str, Any], tmp_path: Path) -> None:
    """tests/hosted/worker_check.mjs: the worker's unpack + install steps in Pyodide (Node),
    then the engine from the installed wheel plays scenarios exactly as CPython does."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: this check needs Node.js >= 18 (make setup)")
    if not (ROOT / "tests/pyodide/node_modules/pyodide").is_dir():
        pytest.fail("tests/pyodide/node_modules is missing: run `make setup`")
    # The CPython side runs the same wheel's engine (not the source tree, which may have
    # moved on since the session's build).
    target = tmp_path / "site-packages"
    with zipfile.ZipFile(site["wheel"]) as zf:
        zf.extractall(target)
    tokens = [
        Scenario.load(ROOT / "examples" / "scenarios" / f"{name}.json").to_token()
        for name in ("basic_cascade", "first_eruption", "cascade_split_card")
    ]
    expected = subprocess.run(
        [sys.executable, "-c", FINGERPRINTS, json.dumps(tokens)],
        env={**os.environ, "PYTHONPATH": str(target)},
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert expected.returncode == 0, expected.stderr[-3000:]
    spec = tmp_path / "scenarios.json"
    spec.write_text(expected.stdout, encoding="utf-8")
    proc = subprocess.run(
        [node, str(HERE / "worker_check.mjs"), str(site["out"]), str(spec)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    line = next((ln for ln in proc.stdout.splitlines() if ln.startswith("WORKER_CHECK ")), None)
    assert line is not None, (proc.stdout[-3000:], proc.stderr[-3000:])
    out = json.loads(line.removeprefix("WORKER_CHECK "))
    print(f"\nPyodide {out['python']}: {out['seconds']}")
    assert proc.returncode == 0 and out["errors"] == [], out
    assert out["wheels"][0]["wheel"] == f"packed_wheels/{Path(site['wheel']).name}"
    assert out["engine_file"].startswith("/lib/python") and "site-packages" in out["engine_file"]
    assert out["cards"] > 30_000
    assert len(out["scenarios"]) == 3
    assert all(v["same_as_cpython"] for v in out["scenarios"].values())
    # Importing the playground gets as far as the first package the page installs from a
    # CDN (param / panel / bokeh), never to a module of ours.
    assert out["missing"] in {"param", "panel", "bokeh", "numpy", "pandas"}


def test_size_of_the_projects_own_part(build_site, site: dict[str, Any]) -> None:
    rep = build_site.size_report(site["out"], cdn=False)
    sizes = {s["file"]: s["bytes"] for s in rep["site"]}
    print("\nsite folder:", json.dumps(sizes), "total", rep["site_bytes"])
    assert set(sizes) == {"index.html", "app.js", "app.resources.zip"}
    assert rep["site_bytes"] < OWN_BUDGET
    # The card pool is most of it, and is shipped as the compact gzip'd JSON, stored as is.
    # (The card effects are a second gzip'd file next to it, read on first use.)
    pool = sum(
        (ROOT / "engine/data" / f).stat().st_size for f in ("cards.json.gz", "effects.jsonl.gz")
    )
    assert pool / rep["site_bytes"] > 0.5
    # Besides the pool, the wheel is our code (about 480 kB compressed with the effect
    # the effect vocabulary as it grew): nothing else large (data, fixtures)
    # may ride along.
    assert Path(site["wheel"]).stat().st_size < pool + 650_000
    urls = rep["urls"]
    assert any("cdn.jsdelivr.net/pyodide/" in u for u in urls)
