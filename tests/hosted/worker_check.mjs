// Replay, offline, what the hosted page's worker script does with the project's packed
// wheel, in real Pyodide under Node: fetch + unpack the archives it names, install every
// `emfs:` wheel it passes to micropip, then import the engine from that install and run
// scenarios with it. Only the CDN parts (panel, bokeh, param...) are missing offline, so
// `import playground` must fail on exactly those and on nothing of ours.
//
// Usage: node tests/hosted/worker_check.mjs <site dir> <scenarios.json>
//   scenarios.json: {"<token>": "<sha256 of the CPython timeline fingerprint>", ...}
// Prints one line `WORKER_CHECK {json}` and exits 0 when every check passed.

import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "pyodide", "package.json"));
const { loadPyodide } = require("pyodide");

const [siteDir, scenariosFile] = process.argv.slice(2);
if (!siteDir || !scenariosFile) {
  console.error("usage: node worker_check.mjs <site dir> <scenarios.json>");
  process.exit(2);
}
const worker = fs.readFileSync(path.join(siteDir, "app.js"), "utf8");
const archives = JSON.parse(
  (worker.match(/const data_archives = (\[[^\]]*\]);/) || [null, "null"])[1].replace(/'/g, '"'),
);
const install = worker.match(/micropip\.install\((\[[^\]]*\])/);
if (!archives || !install) {
  console.error("worker_check: the worker script has no data_archives / micropip.install list");
  process.exit(1);
}
const requirements = JSON.parse(install[1].replace(/'/g, '"'));
const emfs = requirements.filter((r) => r.startsWith("emfs:")).map((r) => r.slice(5));

const t0 = performance.now();
const py = await loadPyodide();
const tBoot = performance.now();
for (const archive of archives) {
  // The worker: fetch(archive) relative to its own URL, then unpackArchive(..., "zip").
  const buf = fs.readFileSync(path.join(siteDir, archive));
  const zipBinary = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
  py.unpackArchive(zipBinary, "zip"); // an ArrayBuffer, as fetch() gives the worker
}
py.globals.set("EMFS_WHEELS", py.toPy(emfs));
py.globals.set("SCENARIOS", fs.readFileSync(scenariosFile, "utf8"));
const result = await py.runPythonAsync(`
import hashlib, importlib.util, json, os, site, sys, zipfile
out = {"python": sys.version.split()[0], "cwd": os.getcwd(), "wheels": [], "errors": []}
target = site.getsitepackages()[0]
for rel in EMFS_WHEELS:
    # micropip.install("emfs:<path>") reads the wheel from the in-browser file system,
    # relative to the cwd the archive was unpacked into; a pure-Python wheel install is
    # an unzip into site-packages.
    if not os.path.exists(rel):
        out["errors"].append(f"{rel} not found in the Pyodide file system after unpacking")
        continue
    with zipfile.ZipFile(rel) as zf:
        zf.extractall(target)
        out["wheels"].append({"wheel": rel, "files": len(zf.namelist())})
importlib.invalidate_caches()
import engine
from engine import Scenario, default_pool
out["engine_file"] = engine.__file__
if not engine.__file__.startswith(target):
    out["errors"].append(f"engine imported from {engine.__file__}, not from the wheel")
out["cards"] = len(default_pool())
out["scenarios"] = {}
for token, expected in json.loads(SCENARIOS).items():
    tl = Scenario.from_token(token).run()
    got = hashlib.sha256(tl.fingerprint().encode()).hexdigest()
    out["scenarios"][tl.scenario.title] = {"frames": len(tl), "same_as_cpython": got == expected}
    if got != expected:
        out["errors"].append(f"{tl.scenario.title}: timeline differs from CPython's")
spec = importlib.util.find_spec("playground")
out["playground_file"] = spec.origin if spec else None
if spec is None or not spec.origin.startswith(target):
    out["errors"].append("playground is not installed from the wheel")
try:
    import playground.ui  # noqa: F401  (playground itself loads its names lazily)
    out["import_playground"] = "ok"
except ModuleNotFoundError as e:
    # Offline: the packages the worker installs from CDNs are missing, nothing else.
    out["import_playground"] = f"ModuleNotFoundError: {e.name}"
    out["missing"] = e.name
json.dumps(out)
`);
const out = JSON.parse(result);
out.seconds = { boot: +((tBoot - t0) / 1000).toFixed(2), total: +((performance.now() - t0) / 1000).toFixed(2) };
console.log(`WORKER_CHECK ${JSON.stringify(out)}`);
process.exit(out.errors.length ? 1 : 0);
