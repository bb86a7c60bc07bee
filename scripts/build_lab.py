"""Build a JupyterLite site (JupyterLab in the browser, Pyodide kernel) that runs offline.

    python scripts/build_lab.py --wheel dist/<project>.whl [--out site/lab]

``scripts/build_site.py`` calls :func:`build_lab` after the app page, into ``site/lab/``.

- **Kernel**: ``jupyterlite-pyodide-kernel`` with Pyodide from the npm package
  (``tests/pyodide/node_modules/pyodide``, installed by ``make setup``) copied into the
  lab's ``static/pyodide``, so nothing is fetched from a CDN.
- **Wheels**: the npm Pyodide has no package wheels. The kernel loads micropip, ipython,
  jedi, comm and their pure-Python dependencies when it starts; they are downloaded once by
  ``make setup`` (``scripts/lite/requirements.txt`` -> ``build/lite-wheels``), copied next
  to Pyodide and written into its ``pyodide-lock.json`` with the sha256 of the files
  actually served (Pyodide checks it). The project's wheel goes in the same way and is
  named in ``loadPyodideOptions.packages``: ``import engine`` works in a fresh kernel.
- **Files**: the example notebooks (``examples/notebooks``) and scenarios
  (``examples/scenarios``) keep their repository layout, so the notebooks' own way of
  finding the scenarios (a parent folder with ``examples/scenarios``) works unchanged.
- **Open a share link as a notebook**: ``open/index.html?s=<token>&f=<frame>`` (our
  page, ``scripts/lab_open/``) writes a notebook holding the token into the lab's browser
  storage and opens it (``notebooks/index.html?path=links/...``).

Panel, Bokeh, numpy and pandas are not served: they need WebAssembly wheels that only
Pyodide's CDN has. The example notebooks check for Panel before using it and say so.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_NPM = ROOT / "tests" / "pyodide" / "node_modules" / "pyodide"
KERNEL_WHEELS = ROOT / "build" / "lite-wheels"
KERNEL_REQUIREMENTS = Path(__file__).resolve().parent / "lite" / "requirements.txt"
OPEN_PAGE_DIR = Path(__file__).resolve().parent / "lab_open"
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
KERNEL_PLUGIN = f"{KERNEL_EXTENSION}:kernel"
#: The lab's browser storage (IndexedDB) name: fixed, so open/index.html can write to it.
STORAGE_NAME = "cascade-playground lab"
#: Where a share link's notebook is written in the lab's file browser.
LINKS_DIR = "links"
# The npm package's files the runtime needs (no sourcemaps, consoles, typings).
PYODIDE_CORE = (
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
)
# 2000-01-01: the lab's files get the same timestamps on every build.
SOURCE_DATE_EPOCH = 946684800


class LabBuildError(RuntimeError):
    """The lab could not be built; the message says which step failed and what to do."""


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _wheel_meta(wheel: Path) -> tuple[str, str, list[str]]:
    """(distribution name, version, top-level import names) of a wheel."""
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        info = next((n for n in names if n.endswith(".dist-info/METADATA")), None)
        if info is None:
            raise LabBuildError(f"{wheel.name} has no METADATA")
        meta = zf.read(info).decode("utf-8")
        top = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        tops = zf.read(top).decode("utf-8").split() if top else []
    name = re.search(r"^Name: (.+)$", meta, re.M)
    version = re.search(r"^Version: (.+)$", meta, re.M)
    if name is None or version is None:
        raise LabBuildError(f"{wheel.name}: METADATA has no Name or Version")
    if not tops:  # top-level packages and modules, from the archive's layout
        tops = sorted(
            {
                n.split("/", 1)[0].removesuffix(".py")
                for n in names
                if not n.split("/", 1)[0].endswith((".dist-info", ".data"))
            }
        )
    return name.group(1).strip(), version.group(1).strip(), tops


def kernel_wheels(
    wheel_dir: Path = KERNEL_WHEELS, requirements: Path = KERNEL_REQUIREMENTS
) -> list[Path]:
    """The pinned kernel wheels, one per requirement; a clear error names what is missing."""
    reqs = [
        line.split("==")
        for line in requirements.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    found, missing = [], []
    for name, version in reqs:
        pattern = f"{re.sub(r'[-.]', '_', name)}-{version}-*.whl"
        hits = sorted(
            p
            for p in wheel_dir.glob("*.whl")
            if p.name.lower().startswith(f"{re.sub(r'[-.]', '_', name)}-{version}-".lower())
        )
        (found.append(hits[0]) if hits else missing.append(pattern))
    if missing:
        raise LabBuildError(
            f"kernel wheels missing from {wheel_dir}: {', '.join(missing)}. Run `make setup` "
            f"(it runs REQUIREMENTS={requirements.relative_to(ROOT)} WHEELS="
            f"{wheel_dir.relative_to(ROOT) if wheel_dir.is_relative_to(ROOT) else wheel_dir} "
            "tests/pyodide/fetch_wheels.sh)"
        )
    return found


def pyodide_lock(npm_lock: dict[str, Any], wheels: list[tuple[Path, bool]]) -> dict[str, Any]:
    """The npm lock with an entry for each served wheel: its file name and real sha256.

    ``wheels`` is (wheel, preinstalled?): a preinstalled wheel (the project's) gets no
    dependencies, so loading it fetches nothing else. Entries already in the lock keep
    their dependencies; a wheel the lock lacks (comm) gets a new entry.
    """
    lock = json.loads(json.dumps(npm_lock))
    packages: dict[str, Any] = lock["packages"]
    by_norm = {_norm(k): k for k in packages}
    for wheel, _pre in wheels:
        name, version, imports = _wheel_meta(wheel)
        key = by_norm.get(_norm(name), _norm(name))
        entry = packages.get(
            key,
            {
                "name": name,
                "depends": [],
                "imports": imports,
                "install_dir": "site",
                "package_type": "package",
                "unvendored_tests": False,
                "tool": {},
            },
        )
        entry.update(
            file_name=wheel.name,
            version=version,
            sha256=hashlib.sha256(wheel.read_bytes()).hexdigest(),
        )
        packages[key] = entry
    return lock


def _lite_config(project_package: str) -> dict[str, Any]:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Cascade rules playground lab",
            "contentsStorageName": STORAGE_NAME,
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    "loadPyodideOptions": {"packages": [project_package]},
                    "disablePyPIFallback": True,
                },
            },
        },
    }


def _contents(dest: Path) -> list[str]:
    """The example notebooks and scenarios in their repository layout; returns their paths."""
    out = []
    for sub, pattern in (("examples/notebooks", "*.ipynb"), ("examples/scenarios", "*.json")):
        for src in sorted((ROOT / sub).glob(pattern)):
            target = dest / sub / src.name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, target)
            out.append(f"{sub}/{src.name}")
    return out


def _add_open_page(out: Path) -> Path:
    """Our "open a share link" page, told the storage name and the links folder."""
    page = out / "open" / "index.html"
    page.parent.mkdir(parents=True, exist_ok=True)
    html = (OPEN_PAGE_DIR / "index.html").read_text(encoding="utf-8")
    script = (OPEN_PAGE_DIR / "open.js").read_text(encoding="utf-8")
    settings = json.dumps({"storageName": STORAGE_NAME, "linksDir": LINKS_DIR})
    html = html.replace("/*SETTINGS*/", f"const LAB = {settings};").replace("/*SCRIPT*/", script)
    page.write_text(html, encoding="utf-8")
    return page


def build_lab(
    out: Path, wheel: Path, *, pyodide: Path = PYODIDE_NPM, wheel_dir: Path = KERNEL_WHEELS
) -> dict[str, Any]:
    """Build the lab into ``out`` (emptied first); returns its paths, contents and time."""
    t0 = time.perf_counter()
    if not (pyodide / "pyodide.mjs").is_file() or not (pyodide / "pyodide-lock.json").is_file():
        raise LabBuildError(f"no Pyodide at {pyodide}: run `make setup` (npm ci in tests/pyodide)")
    wheels = [(w, False) for w in kernel_wheels(wheel_dir)] + [(wheel, True)]
    project_name, _version, _imports = _wheel_meta(wheel)
    if out.exists():
        shutil.rmtree(out)
    with tempfile.TemporaryDirectory(prefix="build_lab_") as scratch:
        lite_dir = Path(scratch) / "lite"
        static = lite_dir / "static" / "pyodide"
        static.mkdir(parents=True)
        for name in PYODIDE_CORE:
            if (pyodide / name).is_file():
                shutil.copyfile(pyodide / name, static / name)
        for w, _pre in wheels:
            shutil.copyfile(w, static / w.name)
        npm_lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
        (static / "pyodide-lock.json").write_text(
            json.dumps(pyodide_lock(npm_lock, wheels), separators=(",", ":")), encoding="utf-8"
        )
        (lite_dir / "jupyter-lite.json").write_text(
            json.dumps(_lite_config(_norm(project_name)), indent=2), encoding="utf-8"
        )
        # Only the kernel's extension: not every labextension of this environment (Panel's
        # pyviz one would come along and fail to activate in the lab).
        ext = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / KERNEL_EXTENSION
        if not (ext / "package.json").is_file():
            raise LabBuildError(
                f"no {KERNEL_EXTENSION} at {ext}: run `make setup` (the project's [lite] extra)"
            )
        labext = Path(scratch) / "labextensions"
        shutil.copytree(ext, labext / KERNEL_EXTENSION)
        (lite_dir / "jupyter_lite_config.json").write_text(
            json.dumps({"FederatedExtensionAddon": {"extra_labextensions_path": [str(labext)]}}),
            encoding="utf-8",
        )
        files = Path(scratch) / "files"
        contents = _contents(files)
        cmd = [
            sys.executable,
            "-m",
            "jupyterlite_core",
            "build",
            "--lite-dir",
            str(lite_dir),
            "--output-dir",
            str(out),
            "--contents",
            str(files),
            "--no-sourcemaps",
            "--no-unused-shared-packages",
            "--ignore-sys-prefix",
            "--source-date-epoch",
            str(SOURCE_DATE_EPOCH),
        ]
        proc = subprocess.run(cmd, cwd=scratch, capture_output=True, text=True, timeout=600)
        if proc.returncode != 0 or not (out / "jupyter-lite.json").is_file():
            raise LabBuildError(
                f"jupyter lite build failed (exit {proc.returncode}):\n"
                f"{(proc.stdout + proc.stderr)[-6000:]}"
            )
    # The lab's own caches and the build log are not part of the site.
    for stray in (".jupyterlite.doit.db", ".cache"):
        p = out / stray
        if p.is_dir():
            shutil.rmtree(p)
        elif p.exists():
            p.unlink()
    config = json.loads((out / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    if settings.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        raise LabBuildError(f"the kernel does not load the lab's own Pyodide: {settings}")
    page = _add_open_page(out)
    return {
        "out": str(out),
        "contents": contents,
        "open_page": str(page),
        "wheels": [w.name for w, _ in wheels],
        "seconds": round(time.perf_counter() - t0, 2),
    }


def lab_size_report(out: Path) -> dict[str, Any]:
    """The lab's files by part, bytes and gzip'd (as a static host that compresses sends
    them). A visit fetches less than all of it: the app's code is split in chunks."""
    import gzip

    groups: dict[str, dict[str, int]] = {}
    for f in out.rglob("*"):
        if not f.is_file():
            continue
        rel = f.relative_to(out).as_posix()
        data = f.read_bytes()
        if rel.startswith("static/pyodide/") and rel.endswith(".whl"):
            group = "Python wheels (kernel + ours)"
        elif rel.startswith("static/pyodide/"):
            group = "Pyodide runtime"
        elif rel.startswith(("files/", "api/")):
            group = "notebooks and scenarios"
        elif rel.startswith("extensions/"):
            group = "kernel extension"
        else:
            group = "JupyterLab/JupyterLite app"
        g = groups.setdefault(group, {"bytes": 0, "gzip": 0, "files": 0})
        g["bytes"] += len(data)
        # wheels and zips are compressed already: a host sends them as they are
        g["gzip"] += (
            len(data)
            if rel.endswith((".whl", ".zip", ".png"))
            else len(gzip.compress(data, compresslevel=6, mtime=0))
        )
        g["files"] += 1
    ordered = dict(sorted(groups.items(), key=lambda kv: -kv[1]["bytes"]))
    return {
        "bytes": sum(g["bytes"] for g in groups.values()),
        "gzip": sum(g["gzip"] for g in groups.values()),
        "files": sum(g["files"] for g in groups.values()),
        "groups": ordered,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--wheel", type=Path, required=True, help="the project's wheel")
    ap.add_argument("--out", type=Path, default=ROOT / "site" / "lab")
    args = ap.parse_args(argv)
    try:
        result = build_lab(args.out.resolve(), args.wheel.resolve())
    except LabBuildError as e:
        print(f"build_lab: {e}", file=sys.stderr)
        return 1
    print(json.dumps({**result, "size": lab_size_report(args.out)}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
