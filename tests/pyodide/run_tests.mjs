// Run the engine's test suite (tests/engine) inside real Pyodide under Node, offline.
//
// Usage: node tests/pyodide/run_tests.mjs [extra pytest args...]
//
// Copies engine/ (with engine/data/), tests/engine/, tests/__init__.py,
// examples/scenarios/, examples/decks/ and pyproject.toml into Pyodide's in-memory file system, installs the pure-Python
// wheels from tests/pyodide/wheels/ (see fetch_wheels.sh), runs pytest there and
// exits with pytest's exit code. The last stdout line is
// `PYODIDE_PYTEST_RESULT {json}` (collected count, outcome counts, timings) so
// tests/test_pyodide_engine.py can compare it with CPython's collection.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..", "..");
const wheelDir = path.join(here, "wheels");
const MOUNT = "/repo";
// What the engine's tests need; the rest of tests/ (browser tests, their
// conftest importing Playwright) cannot run in Pyodide and is left out.
const COPY = ["engine", "tests/__init__.py", "tests/engine", "pyproject.toml", "examples/scenarios", "examples/decks"];
const OPTIONAL = new Set(["tests/__init__.py", "examples/scenarios", "examples/decks"]);
const SKIP_DIRS = new Set(["__pycache__", ".pytest_cache", ".hypothesis"]);

function fail(message) {
  console.error(`run_tests.mjs: ${message}`);
  process.exit(2);
}

/** Copy a file or directory tree into the Pyodide FS; returns the number of files. */
function copyIntoPyodide(FS, hostPath, fsPath) {
  const stat = fs.statSync(hostPath);
  if (stat.isDirectory()) {
    FS.mkdirTree(fsPath);
    let copied = 0;
    for (const entry of fs.readdirSync(hostPath)) {
      if (SKIP_DIRS.has(entry)) continue;
      copied += copyIntoPyodide(FS, path.join(hostPath, entry), `${fsPath}/${entry}`);
    }
    return copied;
  }
  FS.writeFile(fsPath, fs.readFileSync(hostPath));
  return 1;
}

const t0 = performance.now();
const wheels = fs.existsSync(wheelDir)
  ? fs.readdirSync(wheelDir).filter((f) => f.endsWith(".whl"))
  : [];
if (wheels.length === 0) {
  fail(`no wheels in ${wheelDir}; run tests/pyodide/fetch_wheels.sh (make setup does)`);
}

const py = await loadPyodide();
const tBoot = performance.now();

let files = 0;
for (const rel of COPY) {
  const host = path.join(repo, rel);
  if (!fs.existsSync(host)) {
    if (OPTIONAL.has(rel)) continue;
    fail(`missing ${host}`);
  }
  py.FS.mkdirTree(path.posix.dirname(`${MOUNT}/${rel}`));
  files += copyIntoPyodide(py.FS, host, `${MOUNT}/${rel}`);
}

// Pure-Python wheels are zip files: unpacking them into site-packages is a
// complete install, and needs neither micropip nor the network.
py.FS.mkdirTree("/tmp/wheels");
for (const whl of wheels) {
  py.FS.writeFile(`/tmp/wheels/${whl}`, fs.readFileSync(path.join(wheelDir, whl)));
}
await py.runPythonAsync(`
import pathlib, site, zipfile
target = site.getsitepackages()[0]
for whl in sorted(pathlib.Path("/tmp/wheels").glob("*.whl")):
    with zipfile.ZipFile(whl) as zf:
        zf.extractall(target)
`);
const tReady = performance.now();

const args = ["-q", "-p", "no:cacheprovider", "tests/engine", ...process.argv.slice(2)];
py.globals.set("pytest_args", py.toPy(args));
const result = await py.runPythonAsync(`
import json, os, sys, time
os.chdir("${MOUNT}")
sys.path.insert(0, "${MOUNT}")
sys.dont_write_bytecode = True
import pytest

class _Tally:
    """Counts what pytest collected and how each test ended."""

    def __init__(self):
        self.collected = 0
        self.outcomes = {}
        self.skipped = []

    def pytest_collection_finish(self, session):
        self.collected = len(session.items)

    def pytest_runtest_logreport(self, report):
        if report.when == "call" or report.outcome != "passed":
            key = "xfailed" if hasattr(report, "wasxfail") else report.outcome
            if report.when != "call" and report.outcome == "failed":
                key = "error"
            self.outcomes[key] = self.outcomes.get(key, 0) + 1
            if report.skipped and not hasattr(report, "wasxfail"):
                self.skipped.append(report.nodeid)

tally = _Tally()
start = time.perf_counter()
code = int(pytest.main(list(pytest_args), plugins=[tally]))
json.dumps({
    "exit_code": code,
    "collected": tally.collected,
    "outcomes": tally.outcomes,
    "skipped": tally.skipped,
    "python": sys.version.split()[0],
    "platform": sys.platform,
    "pytest_seconds": round(time.perf_counter() - start, 2),
})
`);
const summary = JSON.parse(result);
summary.boot_seconds = +((tBoot - t0) / 1000).toFixed(2);
summary.setup_seconds = +((tReady - tBoot) / 1000).toFixed(2);
summary.files_copied = files;
console.log(`PYODIDE_PYTEST_RESULT ${JSON.stringify(summary)}`);
process.exit(summary.exit_code);
