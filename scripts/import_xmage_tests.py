"""Translate XMage's card tests into the bundled conformance suite.

Reads ``Mage.Tests/src/test/java`` of an XMage snapshot (a checkout, or a bare git
directory with ``--commit``) as text, with the card classes and the framework for the
facts the translator checks (scripts/xmage/tests_translate.py); nothing is compiled or
run. Writes engine/conformance/data/xmage_tests.json.gz: every ``@Test`` method, either a
case (scenario + XMage's answers + expectations) or not translated with its reason.
The output is deterministic (sorted, compact JSON, gzip with mtime=0): the same commit
and the same card pool give the same bytes.

    python scripts/import_xmage_tests.py --mage /path/to/mage.git --commit bb9895f9
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from xmage.framework import keyword_name  # noqa: E402
from xmage.source import CARDS_DIR, FRAMEWORK_DIR, SETS_DIR  # noqa: E402
from xmage.tests_source import TestSource  # noqa: E402
from xmage.tests_translate import CardFacts, find_test_methods, translate_file  # noqa: E402

DEFAULT_OUT = ROOT / "engine" / "conformance" / "data" / "xmage_tests.json.gz"
FORMAT_VERSION = 1
_SET_CARD = re.compile(
    r'new\s+SetCardInfo\(\s*"((?:[^"\\]|\\.)*)"\s*,[^;]*?mage\.cards\.([a-z0-9])\.(\w+)\.class'
)
_ENUM = re.compile(r"^\s{4}([A-Z][A-Z0-9_]*)\s*\(\s*\"([^\"]*)\"", re.M)
#: framework classes a card names whose own text may hold a trigger: abilities and tokens
_REFERENCED = re.compile(r"\b([A-Z]\w*(?:Ability|Token))\b")


class PoolFacts:
    """CardFacts from the bundled pool (names, lands, activated abilities) and XMage's
    classes (text for the phase-trigger guard, counter and subtype names)."""

    def __init__(self, src, pool) -> None:
        self.src, self.pool = src, pool
        self.by_name: dict[str, str] = {}
        sets = src.read_many(src.list(SETS_DIR))
        for text in sets.values():
            for name, letter, cls in _SET_CARD.findall(text):
                self.by_name.setdefault(name.replace('\\"', '"'), f"{letter}/{cls}")
        self.framework = {p.rsplit("/", 1)[1][:-5]: p for p in src.list(FRAMEWORK_DIR)}
        self._text: dict[str, str] = {}
        self._fw: dict[str, str] = {}
        self.counters = dict(_ENUM.findall(src.read(f"{FRAMEWORK_DIR}/counters/CounterType.java")))
        self.subtypes = dict(_ENUM.findall(src.read(f"{FRAMEWORK_DIR}/constants/SubType.java")))

    def facts(self) -> CardFacts:
        return CardFacts(
            canonical=self.canonical,
            face_of=self.face_of,
            is_land=lambda n: self.pool.get(n).is_land,
            text=self.text,
            activated=self.activated,
            counter=self.counters.get,
            subtype=self.subtypes.get,
            keyword=lambda cls: keyword_name(cls) if cls.endswith("Ability") else None,
            is_transforming=lambda n: self.pool.get(n).layout in ("transform", "modal_dfc"),
            has_equip=self.has_equip,
            keyword_cost=self.keyword_cost,
        )

    def _card(self, name: str):
        try:
            card = self.pool.get(name)
        except (KeyError, ValueError):
            return None
        if name == card.name or name in [f.name for f in card.faces]:
            return card
        return None

    def canonical(self, name: str) -> str | None:
        card = self._card(name)
        return None if card is None else card.name

    def face_of(self, name: str) -> str | None:
        card = self._card(name)
        if card is None or name == card.name or len(card.faces) < 2:
            return None
        return name

    def has_equip(self, name: str) -> bool:
        card = self._card(name)
        entry = (card.effects_for(card.front.name) if card else None) or {}
        return isinstance((entry.get("keyword_costs") or {}).get("Equip"), str)

    def keyword_cost(self, name: str, kw: str) -> bool:
        card = self._card(name)
        entry = (card.effects_for(card.front.name) if card else None) or {}
        return isinstance((entry.get("keyword_costs") or {}).get(kw), str)

    def activated(self, name: str) -> list[tuple[str, bool, str]]:
        card = self._card(name)
        entry = (card.effects_for(card.front.name) if card else None) or {}
        printed = [
            (a.get("cost") or "", bool(a.get("mana_ability")), _adds(a))
            for a in entry.get("activated") or []
        ]
        # a land's intrinsic mana abilities come after (305.6; engine.play.actions)
        front = card.front if card else None
        if front is None or "Land" not in front.types:
            return printed
        return printed + [("{T}", True, "{" + c + "}") for b, c in BASIC if b in front.subtypes]

    def text(self, name: str) -> str:
        """The card's XMage class text and the framework classes it names (one level)."""
        if name in self._text:
            return self._text[name]
        card = self._card(name)
        names = [name] + ([f.name for f in card.faces] if card else [])
        cls = next((self.by_name[n] for n in names if n in self.by_name), None)
        text = ""
        if cls is not None:
            path = f"{CARDS_DIR}/{cls}.java"
            if self.src.exists(path):
                text = self.src.read(path)
                for ref in sorted(set(_REFERENCED.findall(text))):
                    text += "\n" + self._framework(ref)
        self._text[name] = text
        return text

    def _framework(self, cls: str) -> str:
        if cls not in self._fw:
            path = self.framework.get(cls)
            self._fw[cls] = self.src.read(path) if path else ""
        return self._fw[cls]


BASIC = (("Plains", "W"), ("Island", "U"), ("Swamp", "B"), ("Mountain", "R"), ("Forest", "G"))


def _adds(ability: dict) -> str:
    """The mana a mana ability adds when it is one fixed text ("{G}", "{C}{C}"), else ""."""
    ops = ability.get("ops") or []
    if not ability.get("mana_ability") or len(ops) != 1 or ops[0].get("op") != "add_mana":
        return ""
    mana = ops[0].get("mana")
    return mana if isinstance(mana, str) and mana.startswith("{") else ""


def run(src, facts: CardFacts, only: str | None = None) -> dict:
    """Every test file -> the suite (cases and not translated, sorted by id)."""
    paths = [p for p in src.tests() if only is None or only in p]
    cases: list[dict] = []
    skipped: list[dict] = []
    total = 0
    texts = src.read_many(paths)
    for path in paths:
        text = texts[path]
        total += len(find_test_methods(text))
        c, s = translate_file(path, text, facts)
        cases += c
        skipped += s
    cases.sort(key=lambda c: c["id"])
    skipped.sort(key=lambda c: c["id"])
    return {"tests_total": total, "cases": cases, "not_translated": skipped}


def encode(suite: dict, commit: str | None) -> bytes:
    payload = {
        "format": FORMAT_VERSION,
        "xmage_commit": commit,
        "license": "XMage (github.com/magefree/mage) is MIT-licensed; these are "
        "translations of its Mage.Tests card tests (docs/PROVENANCE.md)",
        **suite,
    }
    text = json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mage", required=True, type=Path, help="XMage checkout or bare git dir")
    ap.add_argument("--commit", help="commit (for a bare git directory)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--only", help="only test files whose path contains this")
    args = ap.parse_args(argv)
    from engine import default_pool

    src = TestSource(args.mage, args.commit)
    facts = PoolFacts(src, default_pool()).facts()
    suite = run(src, facts, args.only)
    data = encode(suite, src.resolved_commit())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    reasons = Counter(s["reason"] for s in suite["not_translated"])
    print(
        f"{suite['tests_total']} tests: {len(suite['cases'])} translated, "
        f"{len(suite['not_translated'])} not ({len(data):,} bytes -> {args.out})"
    )
    for r, n in reasons.most_common():
        print(f"  {n:6} {r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
