"""Every example plays frame for frame as recorded (backward compatibility).

tests/engine/example_fingerprints.json holds a sha256 of each example's
``Timeline.fingerprint()``; a change of any frame (state, event, field or wording) of an
example fails here. If the change is intended, regenerate with
``python scripts/gen_example_fingerprints.py`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from engine import Scenario

HERE = Path(__file__).resolve().parent
EXAMPLES = sorted((HERE.parents[1] / "examples" / "scenarios").glob("*.json"))
GOLDEN = json.loads((HERE / "example_fingerprints.json").read_text(encoding="utf-8"))


def test_every_example_has_a_recorded_fingerprint() -> None:
    assert sorted(GOLDEN) == [p.name for p in EXAMPLES]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_plays_the_same_frames_as_recorded(path: Path) -> None:
    got = hashlib.sha256(Scenario.load(path).run().fingerprint().encode()).hexdigest()
    assert got == GOLDEN.get(path.name), (
        f"{path.name} no longer plays the same frames; if intended, run "
        "scripts/gen_example_fingerprints.py"
    )
