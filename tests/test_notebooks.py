"""Every notebook in examples/notebooks runs top to bottom in a real Jupyter kernel.

The kernel is this virtual environment's Python (a kernel spec written to a temp dir
points at ``sys.executable``), started by nbclient like any notebook front end does.
Any cell that raises fails the test, naming the notebook and the cell. The rich
outputs are checked too: timelines, states and cards render as escaped HTML.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "examples" / "notebooks").glob("*.ipynb"))
CELL_TIMEOUT = 180  # seconds per cell (loading the card pool, Panel's first import)
KERNEL = "cascade-playground-venv"
# Set NOTEBOOK_OUTPUT_DIR to keep the executed notebooks (with outputs) for a look.
SAVE_DIR = Path(os.environ["NOTEBOOK_OUTPUT_DIR"]) if os.getenv("NOTEBOOK_OUTPUT_DIR") else None


@pytest.fixture(scope="module")
def kernel_specs(tmp_path_factory: pytest.TempPathFactory) -> KernelSpecManager:
    """A kernel spec for this interpreter, so the notebooks see the installed project."""
    kdir = tmp_path_factory.mktemp("kernels") / KERNEL
    kdir.mkdir()
    spec = {
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python (cascade playground venv)",
        "language": "python",
        "env": {"PYDEVD_DISABLE_FILE_VALIDATION": "1"},
    }
    (kdir / "kernel.json").write_text(json.dumps(spec), encoding="utf-8")
    ksm = KernelSpecManager()
    ksm.kernel_dirs = [str(kdir.parent)]
    return ksm


def test_there_are_notebooks() -> None:
    names = {p.name for p in NOTEBOOKS}
    assert {"quick_start.ipynb", "rules_tour.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_top_to_bottom(path: Path, kernel_specs: KernelSpecManager) -> None:
    nb = nbformat.read(path, as_version=4)
    km = KernelManager(kernel_name=KERNEL, kernel_spec_manager=kernel_specs)
    client = NotebookClient(
        nb,
        km=km,
        timeout=CELL_TIMEOUT,
        allow_errors=False,
        resources={"metadata": {"path": str(path.parent)}},
    )
    t0 = time.perf_counter()
    try:
        client.execute()
    except CellExecutionError as e:
        pytest.fail(f"{path.name}: a cell raised\n{e}")
    finally:
        if km.has_kernel:
            km.shutdown_kernel(now=True)
    if SAVE_DIR:
        SAVE_DIR.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, SAVE_DIR / path.name)
    print(f"\n{path.name}: {len(nb.cells)} cells in {time.perf_counter() - t0:.1f} s")
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    stderr = "".join(o.get("text", "") for o in outputs if o.get("name") == "stderr")
    assert "Traceback" not in stderr
    html = "\n".join(o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {}))
    # Engine objects render as HTML (timeline, state or frame, card).
    for view in ("data-engine='timeline'", "data-engine='card'"):
        assert view in html, f"{path.name}: no {view} output"
    assert "data-engine='state'" in html or "data-engine='frame'" in html
