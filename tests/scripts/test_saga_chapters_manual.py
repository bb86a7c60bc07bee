"""data/saga_chapters_manual.json: Saga chapter abilities written by hand from XMage's Java.

Each entry is read from the card's own class (the chapter's card-specific effect, its
``apply``); these tests check that every entry stays inside the vocabulary of
engine/lang/vocabulary.py (no free text: nothing a handler would have to guess), that the
importer merges them with the hand entry winning, and that the committed import holds
exactly these entries.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import import_xmage
import pytest
from xmage import effects as xmage_effects
from xmage.source import MageSource

from engine.lang import vocabulary

ROOT = Path(__file__).resolve().parents[2]
MANUAL = ROOT / "data" / "saga_chapters_manual.json"
DATA = ROOT / "data" / "xmage_effects.json.gz"
REPORT = ROOT / "data" / "xmage_report.json"
FIXTURE = ROOT / "tests" / "fixtures" / "xmage"

# Op fields whose string values are references / player groups / durations.
REF_FIELDS = {"what", "to", "who", "a", "b", "source", "controlled_by", "by"}
# Op-specific words that docs/EFFECTS.md defines in the op's own row.
OP_WORDS = {
    ("unless", "who"): {"you", "target_player_or_controller", "any_player"},
    ("return_from_graveyard", "to"): {"hand", "battlefield"},
    ("search_library", "what"): {"card"},  # what the import writes for every search
    ("search_library", "to"): {"hand", "battlefield"},
    ("return_exiled", "to"): {"battlefield", "hand", "graveyard"},
}


def _manual() -> dict[str, dict]:
    return json.loads(MANUAL.read_text(encoding="utf-8"))["cards"]


def _strict(node: object, path: str, out: list[str]) -> None:
    """Stricter than validate_entry: every word is one the vocabulary defines."""
    if isinstance(node, list):
        for i, x in enumerate(node):
            _strict(x, f"{path}[{i}]", out)
        return
    if not isinstance(node, dict):
        return
    if "op" in node:
        if node["op"] in ("other",):
            out.append(f"{path}: op 'other' is free text")
        for f in REF_FIELDS & node.keys():
            v = node[f]
            known = OP_WORDS.get((node["op"], f), set())
            if (
                isinstance(v, str)
                and v not in vocabulary.REFS
                and v not in vocabulary.PLAYER_GROUPS
                and v not in known
            ):
                out.append(f"{path}.{f}: unknown reference {v!r}")
        dur = node.get("duration")
        if dur is not None and dur not in vocabulary.DURATIONS:
            out.append(f"{path}.duration: unknown {dur!r}")
        for f in ("filter", "if", "cond"):
            if isinstance(node.get(f), str):
                out.append(f"{path}.{f}: free text")
    if "dv" in node and node["dv"] not in vocabulary.DYNAMIC_VALUES:
        out.append(f"{path}: unknown dynamic value {node['dv']!r}")
    if "cond" in node and isinstance(node["cond"], str):
        if node["cond"] not in vocabulary.CONDITIONS:
            out.append(f"{path}: unknown condition {node['cond']!r}")
    for k, v in node.items():
        if k == "filter" and isinstance(v, dict):
            bad = [key for key in v if key not in vocabulary.FILTER_KEYS]
            out += [f"{path}.filter.{key}: unknown filter key" for key in bad]
        _strict(v, f"{path}.{k}", out)


def test_every_hand_entry_validates_and_names_its_source() -> None:
    manual = _manual()
    assert len(manual) >= 30
    for name, rec in manual.items():
        assert rec["source"].startswith("hand, from XMage ") and ".java" in rec["source"], name
        assert vocabulary.validate_entry({"chapters": rec["chapters"]}) == [], name
        problems: list[str] = []
        _strict(rec["chapters"], name, problems)
        assert problems == [], problems
        for ch in rec["chapters"]:
            assert "untranslated" not in ch and ch.get("ops") or ch.get("modes"), name
            assert ch["chapters"] == sorted(set(ch["chapters"])) and ch["chapters"][0] >= 1


def test_the_committed_import_holds_every_hand_entry_as_written() -> None:
    cards = json.loads(gzip.decompress(DATA.read_bytes()))["cards"]
    for name, rec in _manual().items():
        entry = cards[name]
        places = [entry] + list((entry.get("faces") or {}).values())
        chapters = [c for p in places for c in p.get("chapters", [])]
        for hand in rec["chapters"]:
            assert hand in chapters, (name, hand["chapters"])
    report = json.loads(REPORT.read_text(encoding="utf-8"))["sagas"]
    assert report["chapter_abilities_hand"] == sum(len(r["chapters"]) for r in _manual().values())
    assert report["chapter_abilities_translated"] >= report["chapter_abilities_hand"]


# ------------------------------------------------------------------ the merge
FABLE = "Fable of the Mirror-Breaker // Reflection of Kiki-Jiki"
HAND_II = {"chapters": [2], "ops": [{"op": "draw", "n": 1}]}  # a stand-in, for the merge only


def _fixture_cards() -> list[dict]:
    return json.loads((FIXTURE / "cards.json").read_text(encoding="utf-8"))


def _fable_chapters(cards: dict) -> list[dict]:
    entry = cards[FABLE]
    return (entry.get("faces") or {}).get("Fable of the Mirror-Breaker", entry).get("chapters")


def test_hand_chapter_wins_and_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    # Fable II's class is translated now (DiscardAndDrawThatManyEffect): take its translator
    # away here so the fixture has an untranslated chapter for the hand entry to fill.
    monkeypatch.delitem(xmage_effects.EFFECTS, "DiscardAndDrawThatManyEffect")
    src = MageSource(FIXTURE)
    plain, rep0 = import_xmage.run_import(src, _fixture_cards())
    assert {"chapters": [2], "untranslated": "DiscardAndDrawThatManyEffect"} in _fable_chapters(
        plain
    )
    manual = {FABLE: {(2,): HAND_II}}
    cards, rep = import_xmage.run_import(src, _fixture_cards(), manual=manual)
    ch = _fable_chapters(cards)
    assert HAND_II in ch and not any("untranslated" in c for c in ch)
    assert [c["chapters"] for c in ch] == [[1], [2], [3]]
    s0, s1 = rep0["sagas"], rep["sagas"]
    assert s1["chapter_abilities_translated"] == s0["chapter_abilities_translated"] + 1
    assert s1["chapter_abilities_hand"] == 1 and s0["chapter_abilities_hand"] == 0
    assert s1["sagas_complete"] == s0["sagas_complete"] + 1
    # the card's untranslated list no longer names the chapter
    assert all(u.get("ability") != "chapter" for u in cards[FABLE].get("untranslated", []))
    # the rest of the card is the import's
    assert [c for c in ch if c["chapters"] != [2]] == [
        c for c in _fable_chapters(plain) if c["chapters"] != [2]
    ]


def test_hand_chapters_that_match_nothing_stop_the_import() -> None:
    src = MageSource(FIXTURE)
    with pytest.raises(SystemExit, match="do not match"):
        import_xmage.run_import(src, _fixture_cards(), manual={FABLE: {(4,): HAND_II}})
    with pytest.raises(SystemExit, match="does not have"):
        import_xmage.run_import(src, _fixture_cards(), manual={"No Such Saga": {(1,): HAND_II}})


def test_an_invalid_hand_file_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "m.json"
    bad.write_text(
        json.dumps(
            {
                "cards": {
                    FABLE: {
                        "source": "hand",
                        "chapters": [{"chapters": [2], "ops": [{"op": "nope"}]}],
                    }
                }
            }
        )
    )
    with pytest.raises(SystemExit, match="invalid hand entry"):
        import_xmage.load_manual(bad)
    good = tmp_path / "g.json"
    good.write_text(json.dumps({"cards": {FABLE: {"source": "hand", "chapters": [HAND_II]}}}))
    assert import_xmage.load_manual(good) == {FABLE: {(2,): HAND_II}}
    assert import_xmage.load_manual(tmp_path / "absent.json") == {}


# ------------------------------------------------------- what is left, and why
UNTRANSLATED = ROOT / "data" / "saga_chapters_untranslated.json"


def test_every_untranslated_chapter_is_listed_with_its_class_and_why() -> None:
    """data/saga_chapters_untranslated.json is exactly the import's untranslated chapters."""
    cards = json.loads(gzip.decompress(DATA.read_bytes()))["cards"]
    left = []
    for name, entry in sorted(cards.items()):
        for place in [entry, *(entry.get("faces") or {}).values()]:
            for ch in place.get("chapters", []):
                if "untranslated" in ch:
                    left.append((name, ch["chapters"], ch["untranslated"]))
    listed = json.loads(UNTRANSLATED.read_text(encoding="utf-8"))["cards"]
    rows = [(n, r["chapters"], r["class"]) for n, rs in sorted(listed.items()) for r in rs]
    assert sorted(rows) == sorted(left)
    assert all(len(r["why"]) > 20 for rs in listed.values() for r in rs)
    report = json.loads(REPORT.read_text(encoding="utf-8"))["sagas"]
    assert report["chapter_abilities"] - report["chapter_abilities_translated"] == len(left)
    hand = {(n, tuple(c["chapters"])) for n, r in _manual().items() for c in r["chapters"]}
    assert not hand & {(n, tuple(ch)) for n, ch, _cls in rows}
