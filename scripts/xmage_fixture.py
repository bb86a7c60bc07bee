"""Build the small XMage test tree in tests/fixtures/xmage/ (a developer tool, not a test).

Copies a few real card classes and exactly the framework files the importer reads for
them out of an XMage snapshot (MIT license, attribution kept in every file header and in
tests/fixtures/xmage/NOTICE), so the importer tests run offline on real Java text.
The two large framework files (``SubType.java``, ``StaticFilters.java``) are cut down to
the constants the copied files name; nothing else is edited.

    python scripts/xmage_fixture.py --mage DIR_OR_GIT [--commit SHA] --out tests/fixtures/xmage \
        [--cards ../shared/cards/cards.json]

``cards.json`` in the fixture holds the cards.json records (names, types, faces: facts, no
rules text) of the copied cards, so the tests resolve names without ../shared.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

from xmage.source import CARDS_DIR, SETS_DIR, MageSource  # noqa: E402

#: (card name, class) — one per situation the tests cover
CARDS = [
    ("Lightning Bolt", "LightningBolt"),  # spell + target
    ("Kolaghan's Command", "KolaghansCommand"),  # modal, choose two
    ("Siege Rhino", "SiegeRhino"),  # ETB trigger, two effects
    ("History of Benalia", "HistoryOfBenalia"),  # Saga chapters, a token
    ("Hidden Volcano", "HiddenVolcano"),  # enters tapped, mana, activated with costs
    ("Walking Ballista", "WalkingBallista"),  # X counters, remove-counter cost
    ("Living End", "LivingEnd"),  # Living Death family, suspend cost
    ("Anger of the Gods", "AngerOfTheGods"),  # damage all + exile instead
    ("Giant Killer", "GiantKiller"),  # adventure, power filter
    ("Fire // Ice", "FireIce"),  # split, divided damage
    ("Path to Exile", "PathToExile"),  # exile + search for the target's controller
    ("Llanowar Elves", "LlanowarElves"),  # mana ability
    ("Fable of the Mirror-Breaker", "FableOfTheMirrorBreaker"),  # card-specific -> partial
    ("Thoughtseize", "Thoughtseize"),  # discard you choose + lose life
    ("Blood Artist", "BloodArtist"),  # dies-this-or-another trigger
]
CONST_FILES = {
    "constants/SubType.java": re.compile(r"^    ([A-Z][A-Z0-9_]*)\(", re.M),
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mage", type=Path, required=True)
    ap.add_argument("--commit")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--cards", type=Path, default=ROOT.parent / "shared" / "cards" / "cards.json")
    args = ap.parse_args(argv)
    src = MageSource(args.mage, args.commit)
    commit = src.resolved_commit() or args.commit or "unknown"
    out: Path = args.out
    if out.exists():
        shutil.rmtree(out)
    # the cards
    paths = {p.rsplit("/", 1)[1][:-5]: p for p in src.list(CARDS_DIR)}
    card_paths = [paths[cls] for _n, cls in CARDS]
    texts = src.read_many(card_paths)
    for p, t in texts.items():
        _write(out / p, t)
    # a set file naming them
    lines = [
        f'        cards.add(new SetCardInfo("{n}", 1, Rarity.COMMON, '
        f"mage.cards.{c[0].lower()}.{c}.class));"
        for n, c in CARDS
    ]
    _write(
        out / SETS_DIR / "FixtureSet.java",
        "package mage.sets;\n\n"
        "// Test fixture: the cards copied from XMage for the importer tests.\n"
        "public final class FixtureSet {\n    private FixtureSet() {\n"
        + "\n".join(lines)
        + "\n    }\n}\n",
    )
    # the framework files the importer reads for them
    sys.path.insert(0, str(ROOT / "scripts"))
    from xmage.framework import Framework
    from xmage.translate import Translator

    fw = Framework(src)
    tr = Translator(fw)
    for _name, cls in CARDS:
        tr.card(texts[paths[cls]], cls, [], None)
    tr.core.filters.fw.static_filter("FILTER_X")  # StaticFilters is always read
    used = sorted(
        set(fw._text)
        | {fw.paths[c] for c in fw.looked_up if c in fw.paths}
        | {
            p
            for p in fw.paths.values()
            if p.endswith(("SubType.java", "CardType.java", "SuperType.java", "CounterType.java"))
        }
    )
    framework = src.read_many(used)
    corpus = "\n".join(texts.values()) + "\n".join(
        t for p, t in framework.items() if not p.endswith(("SubType.java", "StaticFilters.java"))
    )
    for p, t in sorted(framework.items()):
        if p.endswith("constants/SubType.java"):
            t = _trim_enum(t, corpus, "SubType")
        elif p.endswith("filter/StaticFilters.java"):
            t = _trim_static_filters(t, corpus)
        _write(out / p, t)
    import json

    wanted = {n for n, _c in CARDS}
    records = [
        c
        for c in json.loads(args.cards.read_text(encoding="utf-8"))
        if c["name"] in wanted or (c.get("faces") and c["faces"][0]["name"] in wanted)
    ]
    (out / "cards.json").write_text(json.dumps(records, indent=0, sort_keys=True), encoding="utf-8")
    (out / "NOTICE").write_text(
        "Files under this folder are copied from XMage (https://github.com/magefree/mage),\n"
        f"commit {commit}, MIT license (Copyright (c) 2010 magefree and contributors).\n"
        "SubType.java and StaticFilters.java are cut down to the constants these files use.\n"
        "Built by scripts/xmage_fixture.py; used only by tests/scripts/test_import_xmage.py.\n",
        encoding="utf-8",
    )
    print(f"wrote {len(texts)} cards and {len(framework)} framework files to {out}")
    return 0


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _trim_enum(text: str, corpus: str, enum: str) -> str:
    used = set(re.findall(enum + r"\.([A-Z][A-Z0-9_]*)", corpus))
    keep = []
    for line in text.splitlines(keepends=True):
        m = re.match(r"^    ([A-Z][A-Z0-9_]*)\(", line)
        if m and m.group(1) not in used:
            continue
        keep.append(line)
    return "".join(keep)


def _trim_static_filters(text: str, corpus: str) -> str:
    used = set(re.findall(r"\b(FILTER_[A-Z0-9_]+)", corpus))
    out = []
    skip = False
    depth = 0
    for line in text.splitlines(keepends=True):
        m = re.match(r"^    public static final \w+(?:<[^>]*>)? (FILTER_\w+)", line)
        if m:
            skip = m.group(1) not in used
        elif re.match(r"^    static \{", line) and skip:
            depth = 1
            continue
        if depth:
            depth += line.count("{") - line.count("}")
            continue
        if skip and line[:1] not in (" ", "\n", ""):
            skip = False  # the class's closing brace
        if skip and (m or not re.match(r"^    (public|static|//|\}|$)", line)):
            continue
        if skip and line.strip() == "":
            continue
        out.append(line)
    return "".join(out)


if __name__ == "__main__":
    raise SystemExit(main())
