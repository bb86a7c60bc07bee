"""Pick one real card per translated XMage effect class, for the per-class scenario test.

Issue 8, item 7 asks for "a scenario test for each translated effect class". The import
report (data/xmage_report.json, ``op_sources``) says which XMage classes each op was
translated from, but not from which card. This script finds, for every such class, a card
of the bundled pool that (a) is fully simulated, (b) runs the op where a scenario can
reach it (an instant's or sorcery's spell ops, a permanent's enters-the-battlefield ops,
a non-mana activated ability, or an "at the beginning of your upkeep / end step"
trigger of a permanent), and (c) really had the op translated from that class
(the card's Java class is translated again and the translator's record is read). The
simplest such card wins (spells first, then the shortest entry, then the name), so the
choice is stable. A class with no such card is written with the reason.

Output: tests/engine/effect_class_cases.json (a build input of the test, like the pool;
the test reads only it and the bundled pool, so it runs inside Pyodide too).

    python scripts/gen_effect_class_cases.py --mage /work/.mirror/magefree+mage/repo \
        --commit bb9895f947872753145ecbc2a7af9da2d9e6b0cd
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

from import_xmage import DEFAULT_CARDS, resolve_names, set_names  # noqa: E402
from xmage.framework import Framework  # noqa: E402
from xmage.source import CARDS_DIR, MageSource  # noqa: E402
from xmage.translate import Translator  # noqa: E402

sys.path.insert(0, str(ROOT / "tests" / "engine"))
from test_effect_classes import check_case  # noqa: E402

from engine import default_pool  # noqa: E402
from engine.views.coverage import FULL, card_coverage  # noqa: E402

REPORT = ROOT / "data" / "xmage_report.json"
OUT = ROOT / "tests" / "engine" / "effect_class_cases.json"
TRIES = 12  # candidates tried per class before giving up


# Keys whose ops don't run when the op around them resolves: abilities given to objects or
# tokens, and delayed triggers.
_LATER = ("ability", "abilities", "triggers", "activated")


def _ops_in(ops: object) -> set[str]:
    """Every op name the resolution of an op list runs, nested ones too ("may", "if",
    "unless"...), not the ones of granted abilities or delayed triggers."""
    out: set[str] = set()
    stack = [ops]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            if isinstance(x.get("op"), str):
                out.add(x["op"])
                if x["op"] == "delayed":
                    continue
            stack.extend(v for k, v in x.items() if k not in _LATER)
        elif isinstance(x, list):
            stack.extend(x)
    return out


def runnable(card) -> tuple[int, str, set[str]] | None:
    """(rank, how to run it, its ops) for a card a scenario can resolve, else None."""
    e = card.effects or {}
    if e.get("modes") or e.get("faces"):
        return None  # a mode or a face is one more choice: other cards show the class
    if {"Instant", "Sorcery"} & set(card.front.types):
        if not e.get("spell"):
            return None
        spell_target = any(
            t.get("what") in ("spell", "stack_object") for t in e.get("targets") or ()
        )
        return (0, "counter" if spell_target else "cast", _ops_in(e.get("spell")))
    if e.get("etb") and not e.get("etb_modes"):
        return (1, "cast", _ops_in(e.get("etb")))
    acts = [
        a
        for a in e.get("activated") or []
        if not a.get("mana_ability")
        and a.get("loyalty") is None
        and (a.get("zone") or "battlefield") == "battlefield"
    ]
    if len(acts) == 1 and not acts[0].get("modes"):
        return (2, "activate", _ops_in(acts[0].get("ops")))
    trigs = e.get("triggers") or []
    if len(trigs) == 1 and not trigs[0].get("modes") and not trigs[0].get("also"):
        when = trigs[0].get("when")
        step = {
            "your_end_step": "end_step",
            "each_end_step": "end_step",
            "your_upkeep": "upkeep",
            "each_upkeep": "upkeep",
        }.get(when)
        if step and not card.front.is_aura:
            where = trigs[0].get("zone") or "battlefield"  # Squee: from the graveyard
            how = step if where == "battlefield" else f"{step}:{where}"
            return (
                (3, how, _ops_in(trigs[0].get("ops")))
                if where in ("battlefield", "graveyard")
                else None
            )
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mage", type=Path, required=True)
    ap.add_argument("--commit", required=True)
    ap.add_argument("--cards", type=Path, default=DEFAULT_CARDS)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)

    report = json.loads(REPORT.read_text(encoding="utf-8"))
    class_ops: dict[str, set[str]] = {}
    for op_name, classes in report["op_sources"].items():
        for cls in classes:
            class_ops.setdefault(cls, set()).add(op_name)
    src = MageSource(args.mage, args.commit)
    cards = json.loads(args.cards.read_text(encoding="utf-8"))
    names = resolve_names(set_names(src), cards)
    paths = {p.rsplit("/", 1)[1][:-5]: p for p in src.list(CARDS_DIR)}
    todo = sorted((n, c) for c, (n, _r) in names.items() if c in paths)
    texts = src.read_many([paths[c] for _n, c in todo])
    pool = default_pool()
    known = set(pool.names)

    # candidate cards per class: fully simulated, runnable, the op where it runs
    runs: dict[str, tuple] = {}
    candidates: dict[str, list[tuple]] = {cls: [] for cls in class_ops}
    words = re.compile(r"\bnew\s+(\w+)\s*\(")
    for name, java_cls in todo:
        card = pool.get(name) if name in known else None
        if card is None or card.is_land or card.effects is None:
            continue
        how = runnable(card)
        if how is None or card_coverage(card).status != FULL:
            continue
        used = set(words.findall(texts[paths[java_cls]]))
        for cls in used & set(class_ops):
            if class_ops[cls] & how[2]:
                size = len(json.dumps(card.effects, sort_keys=True))
                candidates[cls].append((how[0], size, name, java_cls, how[1]))
        runs[name] = how

    fw = Framework(src)
    tr = Translator(fw)
    out: list[dict] = []
    for cls in sorted(class_ops):
        found = None
        failed: list[str] = []
        for _rank, _size, name, java_cls, how in sorted(candidates[cls])[:TRIES]:
            tr.effects.sources = {}
            tr.card(texts[paths[java_cls]], java_cls)
            made = {op for op, classes in tr.effects.sources.items() if cls in classes}
            ops = sorted(made & runs[name][2])
            if not ops:
                continue
            for pick in ("first", "last"):
                case = {"class": cls, "card": name, "how": how, "ops": ops, "pick": pick}
                why = check_case(case)  # the test's own board: can the op act on it?
                if why is None:
                    found = case
                    break
            if found is not None:
                break
            failed.append(f"{name}: {why}")
        if found is None:
            if failed:
                why = "on the test board, every candidate failed: " + " | ".join(failed[:3])
            elif candidates[cls]:
                why = "the candidates' op came from another class"
            else:
                why = (
                    "no fully simulated card runs it from a spell, an enters-the-battlefield "
                    "ability or an activated ability"
                )
            found = {"class": cls, "card": None, "ops": sorted(class_ops[cls]), "why": why}
        out.append(found)
    doc = {
        "about": "One real card per translated XMage effect class (scripts/"
        "gen_effect_class_cases.py); read by tests/engine/test_effect_classes.py.",
        "xmage_commit": args.commit,
        "cases": out,
    }
    args.out.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    have = sum(1 for c in out if c["card"])
    print(f"wrote {args.out}: {have} of {len(out)} classes have a card")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
