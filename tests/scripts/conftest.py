"""The importer tests: scripts/ (not a package) and this folder go on sys.path.

They read only files in the repository: the XMage fixture tree in tests/fixtures/xmage
(real card and framework classes, MIT, see its NOTICE), the committed importer output
data/xmage_effects.json.gz and the bundled card pool. Never ../shared or a mirror.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT / "scripts", Path(__file__).resolve().parent):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

FIXTURE = ROOT / "tests" / "fixtures" / "xmage"


@pytest.fixture(scope="session")
def fixture_import():
    """(cards, report) of the importer run over the fixture tree, once per session."""
    import json

    import import_xmage
    from xmage.source import MageSource

    cards = json.loads((FIXTURE / "cards.json").read_text(encoding="utf-8"))
    return import_xmage.run_import(MageSource(FIXTURE), cards)
