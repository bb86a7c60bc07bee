"""Build the playground as a static site that runs entirely in the browser (Pyodide).

    python scripts/build_site.py [--out site] [--app playground/app.py] [--json FILE] [--no-lab]

1. Packs the project's own wheel (``engine`` with its bundled card pool, and
   ``playground``) into ``dist/`` with the standard library only: no ``build``,
   no ``wheel`` package, no network. Python sources are deflated at level 9;
   already-compressed data (the gzip'd card pool) is stored, not re-deflated.
2. Runs ``panel convert <app> --to pyodide-worker --requirements <wheel>``. Panel
   packs the wheel into ``<app>.resources.zip``; the worker script fetches it,
   unpacks it into the in-browser file system and ``micropip.install``s it from
   ``emfs:packed_wheels/...``, then runs the app's code.
3. Renames the page to ``index.html`` (so any static host serves it at the
   folder's root; the worker stays ``app.js``) and adds a loading panel that shows
   from the first paint what is loading, with progress, and says clearly what failed
   and what to try when a CDN can't be reached (``scripts/site_boot/``). Prints a
   size report: the
   folder's files exactly, and the parts the page fetches from CDNs at run time
   (Pyodide, numpy/pandas/bokeh/panel..., Bokeh and Panel JS/CSS), measured from
   the same files installed locally where possible, estimated otherwise.

4. Builds the JupyterLite lab into ``<out>/lab`` (``scripts/build_lab.py``): JupyterLab
   with a Pyodide kernel, Pyodide and its kernel wheels served from the site, the project's
   wheel preinstalled, the example notebooks and scenarios in its file browser, and
   ``lab/open/?s=<token>&f=<frame>``, which the app's "Open in notebook" link opens.

Publish the output folder as is on any static host (GitHub Pages, S3, nginx,
``python -m http.server``): it needs no server-side code.
"""

from __future__ import annotations

import argparse
import base64
import csv
import fnmatch
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_APP = ROOT / "playground" / "app.py"
DEFAULT_OUT = ROOT / "site"
DEFAULT_DIST = ROOT / "dist"
PAGE = "index.html"
#: The JupyterLite lab's folder in the site (scripts/build_lab.py); the app links to it.
LAB_DIR = "lab"
TITLE = "Cascade rules playground"
# 1980-01-01, the earliest zip timestamp: rebuilding the same sources gives the same bytes.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
STORED_SUFFIXES = (".gz", ".zip", ".png", ".jpg", ".jpeg", ".webp", ".woff2", ".whl")
SKIP_DIRS = {"__pycache__", ".ipynb_checkpoints"}


class BuildError(RuntimeError):
    """The site could not be built; the message says which step failed and why."""


# ----- 1. the project's wheel ----------------------------------------------------------------


def _project_config(root: Path) -> dict[str, Any]:
    with open(root / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


def _dist_name(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _package_files(root: Path, config: dict[str, Any]) -> list[tuple[Path, str]]:
    """(file, archive name) for every package file setuptools would put in the wheel:
    ``packages.find.include`` packages' modules plus their ``package-data`` globs."""
    st = config.get("tool", {}).get("setuptools", {})
    include = st.get("packages", {}).get("find", {}).get("include", ["*"])
    package_data: dict[str, list[str]] = st.get("package-data", {})
    files: dict[str, Path] = {}
    pkg_dirs = []
    for top in sorted(root.iterdir()):  # top-level packages, then their subpackages
        if not (top / "__init__.py").is_file() or top.name.startswith("."):
            continue
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
            if "__init__.py" in filenames:
                pkg_dirs.append(Path(dirpath))
    for pkg_dir in pkg_dirs:
        rel = pkg_dir.relative_to(root)
        dotted = ".".join(rel.parts)
        if not any(fnmatch.fnmatchcase(dotted, pat) for pat in include):
            continue
        for py in sorted(pkg_dir.glob("*.py")):
            files[py.relative_to(root).as_posix()] = py
        for pattern in package_data.get(dotted, []) + package_data.get("*", []):
            for data in sorted(pkg_dir.glob(pattern)):
                if data.is_file() and not (SKIP_DIRS & set(data.relative_to(root).parts)):
                    files[data.relative_to(root).as_posix()] = data
    return [(path, arc) for arc, path in sorted(files.items())]


def _metadata(project: dict[str, Any]) -> str:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
    ]
    if project.get("description"):
        lines.append(f"Summary: {project['description']}")
    if project.get("requires-python"):
        lines.append(f"Requires-Python: {project['requires-python']}")
    license_text = (project.get("license") or {}).get("text")
    if license_text:
        lines.append(f"License: {license_text}")
    # Only the core dependencies (none: the engine is stdlib only). The app's own
    # dependencies (panel, bokeh, param) are installed by the converted page itself.
    lines += [f"Requires-Dist: {dep}" for dep in project.get("dependencies", [])]
    return "\n".join(lines) + "\n"


def _record_line(arcname: str, data: bytes) -> list[str]:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return [arcname, f"sha256={digest}", str(len(data))]


def build_wheel(root: Path = ROOT, dist_dir: Path = DEFAULT_DIST) -> Path:
    """Write ``<name>-<version>-py3-none-any.whl`` into ``dist_dir``; returns its path."""
    config = _project_config(root)
    project = config["project"]
    name, version = _dist_name(project["name"]), project["version"]
    dist_info = f"{name}-{version}.dist-info"
    files = _package_files(root, config)
    if not files:
        raise BuildError(f"no package files found under {root}")
    top_level = sorted({arc.split("/", 1)[0] for _, arc in files})
    scripts = project.get("scripts", {})
    meta: dict[str, str] = {
        f"{dist_info}/METADATA": _metadata(project),
        f"{dist_info}/WHEEL": (
            "Wheel-Version: 1.0\nGenerator: cascade-playground scripts/build_site.py\n"
            "Root-Is-Purelib: true\nTag: py3-none-any\n"
        ),
        f"{dist_info}/top_level.txt": "".join(f"{t}\n" for t in top_level),
    }
    if scripts:
        meta[f"{dist_info}/entry_points.txt"] = "[console_scripts]\n" + "".join(
            f"{k} = {v}\n" for k, v in scripts.items()
        )
    dist_dir.mkdir(parents=True, exist_ok=True)
    wheel = dist_dir / f"{name}-{version}-py3-none-any.whl"
    record: list[list[str]] = []
    tmp = wheel.with_suffix(".whl.tmp")
    with zipfile.ZipFile(tmp, "w") as zf:

        def add(arcname: str, data: bytes) -> None:
            stored = arcname.endswith(STORED_SUFFIXES)
            info = zipfile.ZipInfo(arcname, ZIP_EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
            zf.writestr(info, data, compresslevel=None if stored else 9)
            record.append(_record_line(arcname, data))

        for path, arcname in files:
            add(arcname, path.read_bytes())
        for arcname, text in meta.items():
            add(arcname, text.encode("utf-8"))
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerows(record)
        writer.writerow([f"{dist_info}/RECORD", "", ""])
        info = zipfile.ZipInfo(f"{dist_info}/RECORD", ZIP_EPOCH)
        info.external_attr = 0o644 << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        zf.writestr(info, buf.getvalue(), compresslevel=9)
    os.replace(tmp, wheel)
    return wheel


# ----- 2. panel convert -----------------------------------------------------------------------


def convert(app: Path, out: Path, wheel: Path, title: str = TITLE) -> dict[str, Path]:
    """``panel convert`` into ``out``; returns the page, worker and packed resources."""
    out.mkdir(parents=True, exist_ok=True)
    name = app.stem
    for stale in (out / PAGE, out / f"{name}.html", out / f"{name}.js"):
        stale.unlink(missing_ok=True)
    cmd = [
        sys.executable,
        "-m",
        "panel",
        "convert",
        str(app),
        "--to",
        "pyodide-worker",
        "--out",
        str(out),
        "--title",
        title,
        "--requirements",
        str(wheel.resolve()),
    ]
    # Run from a scratch directory: panel resolves relative paths against the cwd,
    # and importing the app must pick up the installed project, not stray files.
    with tempfile.TemporaryDirectory(prefix="build_site_") as scratch:
        proc = subprocess.run(cmd, cwd=scratch, capture_output=True, text=True, timeout=600)
    output = (proc.stdout + proc.stderr).strip()
    page, worker = out / f"{name}.html", out / f"{name}.js"
    resources = out / f"{name}.resources.zip"
    # panel convert prints "Failed to convert ..." and still exits 0 when the app raises.
    if proc.returncode != 0 or "Successfully converted" not in output or not page.exists():
        raise BuildError(f"panel convert failed (exit {proc.returncode}):\n{output}")
    if not worker.exists() or not resources.exists():
        raise BuildError(f"panel convert wrote no worker script or packed wheel:\n{output}")
    page.replace(out / PAGE)
    add_loading_panel(out / PAGE, worker)
    return {"page": out / PAGE, "worker": worker, "resources": resources}


def packed_wheels(resources: Path) -> dict[str, int]:
    """Wheel name -> size, for the wheels packed into ``<app>.resources.zip``."""
    with zipfile.ZipFile(resources) as zf:
        return {
            i.filename.rsplit("/", 1)[-1]: i.file_size
            for i in zf.infolist()
            if i.filename.endswith(".whl")
        }


# ----- 2b. the loading panel ------------------------------------------------------------------

BOOT_DIR = Path(__file__).resolve().parent / "site_boot"
_CDN_SCRIPT = re.compile(r'<script type="text/javascript" src="(https://[^"]+)"></script>')
_CDN_STYLE = re.compile(r'<link rel="stylesheet" href="(https://[^"]+)" type="text/css" />')
_LOG_LEVEL = re.compile(
    r'<script type="text/javascript">\s*Bokeh\.set_log_level\("(\w+)"\);\s*'
    r"</script>"
)
_IMPORT_PYODIDE = re.compile(r'^importScripts\("(https://[^"]+/pyodide\.js)"\);$', re.M)
_INSTALL_FAILED = re.compile(
    r"console\.log\(e\)\s*self\.postMessage\(\{\s*type: 'status',\s*"
    r"msg: `Error while installing packages`\s*\}\);"
)
# The worker's first line, importScripts(<Pyodide>), with its start and failure reported.
_IMPORT_REPORTED = """try {
  self.postMessage({type: "boot-fetch", url: "__URL__", state: "start"});
  importScripts("__URL__");
  self.postMessage({type: "boot-fetch", url: "__URL__", state: "done"});
} catch (e) {
  self.postMessage({type: "boot-error", stage: "runtime", url: "__URL__",
                    message: "Could not load __URL__: " + e});
  throw e;
}"""
_WORKER_HOOK = """<script>
/* Added by scripts/build_site.py: the worker's messages also go to the loading panel. */
(function () {
  const panelHandler = pyodideWorker.onmessage;
  pyodideWorker.onmessage = function (event) {
    const msg = event.data || {};
    PGBoot.worker(msg);
    if (msg.type === "boot-fetch" || msg.type === "boot-error") return;
    const done = panelHandler.call(this, event);
    if (msg.type === "render") {
      Promise.resolve(done).then(() => PGBoot.ready(), (e) => PGBoot.renderFailed(e));
    }
    return done;
  };
  pyodideWorker.addEventListener("error", (ev) => PGBoot.workerError(ev));
})();
</script>"""


def _replace_once(text: str, old: str | re.Pattern, new: Any, what: str) -> str:
    """Replace exactly one match, or fail the build: a Panel upgrade that changes the
    converted page must not silently drop the loading panel."""
    if isinstance(old, re.Pattern):
        out, n = old.subn(new, text, count=1)
    else:
        n = text.count(old)
        out = text.replace(old, new, 1)
    if n != 1:
        raise BuildError(
            f"loading panel: {what} not found exactly once in the converted page "
            f"({n} matches); panel convert's output changed"
        )
    return out


def cdn_hosts(page: str, worker: str) -> list[str]:
    """The hosts the page needs at run time (what a firewall must let through)."""
    hosts = {re.sub(r"^https?://([^/]+).*$", r"\1", u) for u in _URL.findall(page + worker)}
    install = re.search(r"micropip\.install\((\[.*?\])\)", worker, re.S)
    if install and any(
        not r.strip("'\" ").startswith(("http", "emfs:"))
        for r in install.group(1).strip("[]").split(",")
    ):
        hosts |= {"pypi.org", "files.pythonhosted.org"}  # bare names come from PyPI
    return sorted(h for h in hosts if h)


def add_loading_panel(page: Path, worker: Path) -> None:
    """Post-process the converted page and worker so the page is never blank.

    The page shows a loading panel from its first paint (the CDN scripts are deferred
    and the CDN stylesheet made non-blocking, so nothing on a slow or blocked CDN can
    hold the first paint back); the panel lists the steps with progress, and names what
    failed with what to try. The worker reports its downloads and failures to it.
    """
    html = page.read_text(encoding="utf-8")
    js = worker.read_text(encoding="utf-8")
    config = json.dumps({"hosts": cdn_hosts(html, js)})
    boot_js = (BOOT_DIR / "boot.js").read_text(encoding="utf-8")
    boot_js = boot_js.replace("__PG_BOOT_CONFIG__", config)
    head = (
        f"\n<!-- pg-boot: the loading panel (scripts/build_site.py) -->\n"
        f"<style>\n{(BOOT_DIR / 'boot.css').read_text(encoding='utf-8')}</style>\n"
        f"<script>\n{boot_js}</script>\n"
    )
    html = _replace_once(html, "</title>", "</title>" + head, "the <title>")
    track = 'data-pg-asset onload="PGBoot.asset(this, true)" onerror="PGBoot.asset(this, false)"'
    html, n_js = _CDN_SCRIPT.subn(
        lambda m: f'<script type="text/javascript" src="{m.group(1)}" defer {track}></script>', html
    )
    if n_js == 0:
        raise BuildError("loading panel: the converted page loads no CDN scripts")
    # A stylesheet blocks the first paint until it loads: load it as "print", then switch.
    html = _CDN_STYLE.sub(
        lambda m: (
            f'<link rel="stylesheet" href="{m.group(1)}" type="text/css" media="print" '
            f"data-pg-asset onload=\"this.media='all'; PGBoot.asset(this, true)\" "
            f'onerror="PGBoot.asset(this, false)" />'
        ),
        html,
    )
    # Bokeh now loads deferred: set its log level once it is there.
    html = _replace_once(
        html,
        _LOG_LEVEL,
        lambda m: (
            '<script type="text/javascript">\n  document.addEventListener('
            '"DOMContentLoaded", function () { if (window.Bokeh) '
            f'Bokeh.set_log_level("{m.group(1)}"); }});\n</script>'
        ),
        "Bokeh.set_log_level",
    )
    body = re.search(r"<body[^>]*>", html)
    if body is None:
        raise BuildError("loading panel: the converted page has no <body>")
    panel = (BOOT_DIR / "boot.html").read_text(encoding="utf-8")
    html = html[: body.end()] + "\n" + panel + html[body.end() :]
    start = html.find('const pyodideWorker = new Worker("./app.js");')
    end = html.find("</script>", start)
    if start < 0 or end < 0:
        raise BuildError("loading panel: the converted page starts no worker")
    end += len("</script>")
    html = html[:end] + "\n" + _WORKER_HOOK + html[end:]
    page.write_text(html, encoding="utf-8")

    prelude = (BOOT_DIR / "worker_prelude.js").read_text(encoding="utf-8")
    js = _replace_once(
        js,
        _IMPORT_PYODIDE,
        lambda m: _IMPORT_REPORTED.replace("__URL__", m.group(1)),
        "importScripts(pyodide.js)",
    )
    js = _replace_once(
        js,
        "self.pyodide = await loadPyodide();",
        'self.pyodide = await loadPyodide();\n  self.__pgStage = "packages";',
        "loadPyodide()",
    )
    js = _replace_once(
        js,
        "self.postMessage({type: 'status', msg: 'Executing code'})",
        "self.__pgStage = \"app\";\n  self.postMessage({type: 'status', msg: 'Executing code'})",
        "the 'Executing code' status",
    )
    # Panel logs a failed install and carries on into an ImportError: stop and say why.
    js = _replace_once(
        js, _INSTALL_FAILED, "console.log(e)\n    throw e;", "the micropip error handler"
    )
    js = _replace_once(
        js,
        re.compile(r"^startApplication\(\)\s*$", re.M),
        (
            "startApplication().catch((e) => {\n"
            '  self.postMessage({type: "boot-error", stage: self.__pgStage,\n'
            "                    message: String((e && e.message) || e)});\n"
            "});\n"
        ),
        "startApplication()",
    )
    worker.write_text(prelude + "\n" + js, encoding="utf-8")


# ----- 3. size report -------------------------------------------------------------------------

_URL = re.compile(r"""https?://[^\s"'`<>()\\]+""")


def _gzip_size(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6, mtime=0))


def _site_packages() -> Path:
    import bokeh  # the app's dependency: installed with the project's [app] extra

    return Path(bokeh.__file__).resolve().parent.parent


def _local_asset(url: str, sp: Path) -> Path | None:
    """The installed file that a Bokeh/Panel CDN URL serves (same release, same bytes)."""
    m = re.match(r"https://cdn\.bokeh\.org/bokeh/release/(bokeh[\w-]*?)-\d[\w.]*?(\.min\.js)$", url)
    if m:
        return sp / "bokeh" / "server" / "static" / "js" / (m.group(1) + m.group(2))
    m = re.match(r"https://cdn\.holoviz\.org/panel/[^/]+/dist/(.+)$", url)
    if m:
        return sp / "panel" / "dist" / m.group(1)
    return None


def _pyodide_dist() -> Path | None:
    p = ROOT / "tests" / "pyodide" / "node_modules" / "pyodide"
    return p if (p / "pyodide-lock.json").exists() else None


def _runtime_packages() -> list[tuple[str, str]]:
    """(name, version) of what micropip installs for bokeh + panel in Pyodide: the
    installed distributions' requirements, with markers evaluated for emscripten."""
    from importlib.metadata import PackageNotFoundError, distribution

    from packaging.markers import default_environment
    from packaging.requirements import Requirement

    env = dict(default_environment())
    env.update(sys_platform="emscripten", platform_system="Emscripten", platform_machine="wasm32")
    env["extra"] = ""
    seen: dict[str, str] = {}

    def walk(name: str) -> None:
        key = re.sub(r"[-_.]+", "-", name).lower()
        if key in seen:
            return
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            seen[key] = "?"
            return
        seen[key] = dist.version
        for raw in dist.requires or []:
            req = Requirement(raw)
            if req.marker is None or req.marker.evaluate(env):
                walk(req.name)

    for root in ("bokeh", "panel", "pyodide-http"):
        walk(root)
    return sorted(seen.items())


def _dist_zip_size(name: str, skip: Any = None) -> int | None:
    """Size of a zip (deflate 6) of an installed distribution's files: a wheel-size estimate."""
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        dist = distribution(name)
    except PackageNotFoundError:
        return None
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        for f in dist.files or []:
            s = str(f)
            if "__pycache__" in s or s.endswith(".pyc") or ".dist-info/" in s or s.startswith(".."):
                continue
            # Pyodide's wheels leave out bundled native libraries (*.libs/) and test suites.
            if ".libs/" in s or "/tests/" in s or "/testing/" in s:
                continue
            if skip is not None and skip(s):
                continue
            path = Path(dist.locate_file(f))
            if path.is_file():
                zf.write(path, s)
    return buf.tell()


def _bokeh_cdn_skip(s: str) -> bool:  # what Panel's build strips from its CDN bokeh wheel
    return not s.startswith("bokeh/core/_templates") and (
        s.endswith(("bokeh.json", ".js", ".d.ts", ".tsbuildinfo"))
    )


def _panel_lite_skip(s: str) -> bool:  # the PANEL_LITE wheel leaves out the bundled JS assets
    return s.startswith("panel/dist/") and not s.startswith("panel/dist/css/")


def size_report(out: Path, cdn: bool = True) -> dict[str, Any]:
    """Everything the app page fetches: the site's files (exact; the lab in ``lab/`` has its
    own report, scripts/build_lab.py ``lab_size_report``) and, with ``cdn``, the CDN
    parts (measured from the same locally installed files where possible, else estimated;
    this reads every installed dependency, so it takes several seconds)."""
    site = []
    for f in sorted(
        p for p in out.rglob("*") if p.is_file() and p.relative_to(out).parts[0] != LAB_DIR
    ):
        data = f.read_bytes()
        site.append(
            {"file": f.relative_to(out).as_posix(), "bytes": len(data), "gzip": _gzip_size(data)}
        )
    page_text = (out / PAGE).read_text(encoding="utf-8")
    worker = next((p for p in out.glob("*.js")), None)
    worker_text = worker.read_text(encoding="utf-8") if worker else ""
    urls = sorted(set(_URL.findall(page_text)) | set(_URL.findall(worker_text)))
    if not cdn:
        return {
            "site": site,
            "site_bytes": sum(s["bytes"] for s in site),
            "site_gzip": sum(s["gzip"] for s in site),
            "urls": urls,
        }
    return _with_cdn_parts(site, urls)


def _with_cdn_parts(site: list[dict[str, Any]], urls: list[str]) -> dict[str, Any]:
    sp = _site_packages()
    cdn: list[dict[str, Any]] = []

    # (a) JS / CSS the page itself loads: the same files are installed with bokeh and panel.
    for url in urls:
        if url.endswith(".whl") or "pyodide" in url:
            continue
        local = _local_asset(url, sp)
        if local is not None and local.is_file():
            data = local.read_bytes()
            cdn.append(
                {
                    "part": url,
                    "group": "Bokeh/Panel JS+CSS",
                    "bytes": len(data),
                    "gzip": _gzip_size(data),
                    "how": "measured (installed copy)",
                }
            )
        else:
            cdn.append(
                {"part": url, "group": "other", "bytes": None, "gzip": None, "how": "unknown"}
            )

    # (b) Pyodide itself: the worker's importScripts URL; sizes from the npm package (a newer
    # release than the page's, same layout) when tests/pyodide has been set up.
    pyodide_url = next((u for u in urls if re.search(r"/full/pyodide\.js$", u)), None)
    pdist = _pyodide_dist()
    if pyodide_url:
        base = pyodide_url.rsplit("/", 1)[0]
        for fname in (
            "pyodide.js",
            "pyodide.asm.js",
            "pyodide.asm.wasm",
            "python_stdlib.zip",
            "pyodide-lock.json",
        ):
            local = None
            if pdist is not None:
                cand = pdist / fname
                local = cand if cand.exists() else pdist / fname.replace(".asm.js", ".asm.mjs")
            if local is not None and local.exists():
                data = local.read_bytes()
                how = f"estimated: npm pyodide {_pyodide_version(pdist)}"
                cdn.append(
                    {
                        "part": f"{base}/{fname}",
                        "group": "Pyodide core",
                        "bytes": len(data),
                        "gzip": _gzip_size(data),
                        "how": how,
                    }
                )
            else:
                cdn.append(
                    {
                        "part": f"{base}/{fname}",
                        "group": "Pyodide core",
                        "bytes": None,
                        "gzip": None,
                        "how": "not measured (run make setup)",
                    }
                )

    # (c) Python packages micropip installs (bokeh + panel and their dependencies).
    lock_names: set[str] = set()
    if pdist is not None:
        lock = json.loads((pdist / "pyodide-lock.json").read_text(encoding="utf-8"))
        lock_names = {re.sub(r"[-_.]+", "-", k).lower() for k in lock["packages"]}
    for name, version in _runtime_packages():
        if name in ("bokeh", "panel"):
            source = "cdn.holoviz.org"
            skip = _bokeh_cdn_skip if name == "bokeh" else _panel_lite_skip
        else:
            source = "Pyodide CDN" if name in lock_names else "PyPI"
            skip = None
        size = _dist_zip_size(name, skip)
        native = False
        try:
            from importlib.metadata import distribution

            native = any(str(f).endswith((".so", ".pyd")) for f in distribution(name).files or [])
        except Exception:
            pass
        how = "estimated: zip of the installed files"
        if native:
            how += " (native build as a proxy for the WebAssembly wheel)"
        cdn.append(
            {
                "part": f"{name} {version}",
                "group": f"Python packages ({source})",
                "bytes": size,
                "gzip": size,
                "how": how,
            }
        )

    own = sum(s["bytes"] for s in site)
    cdn_total = sum(c["bytes"] or 0 for c in cdn)
    cdn_wire = sum(c["gzip"] or 0 for c in cdn)
    groups: dict[str, int] = {}
    for c in cdn:
        groups[c["group"]] = groups.get(c["group"], 0) + (c["gzip"] or 0)
    return {
        "site": site,
        "site_bytes": own,
        "site_gzip": sum(s["gzip"] for s in site),
        "cdn": cdn,
        "cdn_bytes": cdn_total,
        "cdn_wire_bytes": cdn_wire,
        "cdn_groups_wire": dict(sorted(groups.items(), key=lambda kv: -kv[1])),
        "total_wire_bytes": sum(s["gzip"] for s in site) + cdn_wire,
        "urls": urls,
    }


def _pyodide_version(pdist: Path) -> str:
    try:
        return json.loads((pdist / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        return "?"


def _mb(n: int | None) -> str:
    return "?" if n is None else f"{n / 1e6:8.2f} MB" if n >= 100_000 else f"{n / 1e3:8.1f} kB"


def format_report(rep: dict[str, Any], wheel: Path) -> str:
    lines = ["", "Site folder (what your static host serves; exact):"]
    lines.append(f"  {'file':<44} {'bytes':>11} {'gzip':>11}")
    for s in rep["site"]:
        lines.append(f"  {s['file']:<44} {_mb(s['bytes'])} {_mb(s['gzip'])}")
    lines.append(f"  {'total':<44} {_mb(rep['site_bytes'])} {_mb(rep['site_gzip'])}")
    lines.append(f"  the project's wheel ({wheel.name}): {_mb(wheel.stat().st_size).strip()}")
    lines.append("")
    lines.append("Fetched from CDNs / PyPI at run time (transfer size, gzip'd where served so):")
    for group, n in rep["cdn_groups_wire"].items():
        lines.append(f"  {group:<44} {_mb(n)}")
    lines.append(f"  {'CDN total':<44} {_mb(rep['cdn_wire_bytes'])}")
    lines.append("")
    lines.append(
        f"Total download for one cold visit: ~{rep['total_wire_bytes'] / 1e6:.1f} MB, "
        f"of which the project's own part is {rep['site_gzip'] / 1e6:.2f} MB "
        f"({100 * rep['site_gzip'] / max(rep['total_wire_bytes'], 1):.1f}%)."
    )
    top = sorted((c for c in rep["cdn"] if c["gzip"]), key=lambda c: -c["gzip"])[:6]
    biggest = ", ".join(f"{c['part'].rsplit('/', 1)[-1]} {_mb(c['gzip']).strip()}" for c in top)
    lines.append("Largest parts: " + biggest)
    return "\n".join(lines)


# ----- command line ---------------------------------------------------------------------------


def load_build_lab() -> Any:
    """scripts/build_lab.py as a module (scripts/ is not a package)."""
    import importlib.util

    path = Path(__file__).resolve().parent / "build_lab.py"
    spec = importlib.util.spec_from_file_location("build_lab", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build(
    app: Path = DEFAULT_APP,
    out: Path = DEFAULT_OUT,
    dist: Path = DEFAULT_DIST,
    report: bool = True,
    lab: bool = True,
) -> dict[str, Any]:
    """Wheel + convert (+ the JupyterLite lab in ``out/lab``) (+ size report); returns paths,
    timings and the report."""
    if not app.exists():
        raise BuildError(f"no app at {app}")
    t0 = time.perf_counter()
    wheel = build_wheel(ROOT, dist)
    t1 = time.perf_counter()
    paths = convert(app, out, wheel)
    t2 = time.perf_counter()
    result: dict[str, Any] = {
        "wheel": str(wheel),
        "wheel_bytes": wheel.stat().st_size,
        "page": str(paths["page"]),
        "worker": str(paths["worker"]),
        "resources": str(paths["resources"]),
        "packed_wheels": packed_wheels(paths["resources"]),
        "seconds": {"wheel": round(t1 - t0, 2), "convert": round(t2 - t1, 2)},
    }
    if lab:
        build_lab = load_build_lab()
        try:
            result["lab"] = build_lab.build_lab(out / LAB_DIR, wheel)
        except build_lab.LabBuildError as e:
            raise BuildError(f"the JupyterLite lab: {e}") from e
        result["seconds"]["lab"] = result["lab"]["seconds"]
        if report:
            result["lab_report"] = build_lab.lab_size_report(out / LAB_DIR)
    if report:
        result["report"] = size_report(out)
    return result


def format_lab_report(rep: dict[str, Any]) -> str:
    lines = [
        "",
        f"JupyterLite lab ({LAB_DIR}/: JupyterLab and Pyodide served by the site itself; "
        "nothing from a CDN):",
    ]
    lines.append(f"  {'part':<38} {'files':>5} {'bytes':>11} {'gzip':>11}")
    for group, g in rep["groups"].items():
        lines.append(f"  {group:<38} {g['files']:>5} {_mb(g['bytes'])} {_mb(g['gzip'])}")
    lines.append(f"  {'total':<38} {rep['files']:>5} {_mb(rep['bytes'])} {_mb(rep['gzip'])}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--app", type=Path, default=DEFAULT_APP, help="the Panel app script")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: site/)")
    ap.add_argument("--dist", type=Path, default=DEFAULT_DIST, help="where the wheel goes")
    ap.add_argument("--json", type=Path, help="also write the build result and sizes as JSON")
    ap.add_argument("--clean", action="store_true", help="empty the output folder first")
    ap.add_argument("--no-lab", action="store_true", help="leave out the JupyterLite lab")
    args = ap.parse_args(argv)
    if args.clean and args.out.exists():
        shutil.rmtree(args.out)
    try:
        result = build(
            args.app.resolve(), args.out.resolve(), args.dist.resolve(), lab=not args.no_lab
        )
    except BuildError as e:
        print(f"build_site: {e}", file=sys.stderr)
        return 1
    print(f"wheel   {result['wheel']} ({result['wheel_bytes']:,} bytes)")
    print(f"page    {result['page']}")
    print(f"worker  {result['worker']}")
    print(f"packed  {result['resources']}: {', '.join(result['packed_wheels'])}")
    if "lab" in result:
        print(
            f"lab     {result['lab']['out']}: {len(result['lab']['contents'])} files in its "
            f"file browser, open a share link at {LAB_DIR}/open/?s=<token>&f=<frame>"
        )
    print(
        f"time    wheel {result['seconds']['wheel']} s, panel convert "
        f"{result['seconds']['convert']} s, lab {result['seconds'].get('lab', '-')} s"
    )
    print(format_report(result["report"], Path(result["wheel"])))
    if "lab_report" in result:
        print(format_lab_report(result["lab_report"]))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2), encoding="utf-8")
    print(
        f"\nServe it locally: python -m http.server -d {args.out} 8000  "
        "(then open http://localhost:8000/, and the lab at http://localhost:8000/lab/)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
