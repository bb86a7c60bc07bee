"""data/cards_manual/: whole card entries written by hand from XMage's Java.

Every file names its card and the XMage class it was read from, stays inside the
vocabulary (the same strict check as the hand-written Saga chapters: no free text), and
the bundled pool carries it as written (rebuilt with ``make card-db-xmage``).
"""

from __future__ import annotations

import json
from pathlib import Path

import build_card_db
import pytest
from test_saga_chapters_manual import _strict

from engine.cards.carddb import default_pool
from engine.lang import vocabulary

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "data" / "cards_manual"
FILES = sorted(FOLDER.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_each_file_validates_and_is_in_the_pool(path: Path) -> None:
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert set(rec) == {"card", "source", "entry"}, path.name
    assert rec["source"].startswith("hand, from XMage ") and ".java" in rec["source"]
    assert vocabulary.validate_entry(rec["entry"]) == [], path.name
    problems: list[str] = []
    _strict(rec["entry"], rec["card"], problems)
    assert problems == [], problems
    bundled = default_pool().get(rec["card"]).effects
    assert bundled == {**rec["entry"], "source": "manual"}, "rebuild: make card-db-xmage"


def test_a_card_written_twice_is_refused(tmp_path: Path) -> None:
    for i in (1, 2):
        (tmp_path / f"{i}.json").write_text(
            json.dumps(
                {"card": "A", "source": "hand, from XMage A.java", "entry": {"vanilla": True}}
            )
        )
    with pytest.raises(SystemExit, match="already written"):
        build_card_db.apply_manual([{"name": "A"}], tmp_path)


def test_the_manual_entry_wins_over_the_shared_one(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(
        json.dumps({"card": "A", "source": "hand, from XMage A.java", "entry": {"spell": []}})
    )
    cards = [{"name": "A", "effects": {"spell": [{"op": "other", "text": "x"}]}}, {"name": "B"}]
    assert build_card_db.apply_manual(cards, tmp_path) == 1
    assert cards[0]["effects"] == {"spell": [], "source": "manual"} and "effects" not in cards[1]
