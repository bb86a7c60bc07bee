"""Import card effects from an XMage snapshot into the project's effect vocabulary.

Reads the XMage card classes as text (``Mage.Sets/src/mage/cards``; nothing is compiled
or run), translates each card's abilities into ops (docs/EFFECTS.md) and writes one
deterministic JSON file keyed by card name, in the effects.json entry format. Prints a
coverage report (and writes it with ``--report-json``).

    python scripts/import_xmage.py --mage /path/to/mage [--commit SHA] \\
        [--cards ../shared/cards/cards.json] [--out data/xmage_effects.json.gz] \\
        [--report-json FILE] [--only NAME ...] [--manual data/saga_chapters_manual.json]

Hand-written Saga chapter abilities (``--manual``, read from the card's own XMage class by
a person; docs/PROVENANCE.md) replace the imported chapter with the same chapter numbers.

``--mage`` is a checkout directory, or a bare git directory together with ``--commit``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

from xmage.framework import Framework  # noqa: E402
from xmage.identity import IdentityReader, base_identity  # noqa: E402
from xmage.source import CARDS_DIR, SETS_DIR, MageSource, SourceError  # noqa: E402
from xmage.translate import CardResult, Translator  # noqa: E402

from engine.lang import vocabulary  # noqa: E402

DEFAULT_CARDS = ROOT.parent / "shared" / "cards" / "cards.json"
DEFAULT_OUT = ROOT / "data" / "xmage_effects.json.gz"
DEFAULT_MANUAL = ROOT / "data" / "saga_chapters_manual.json"
FORMAT_VERSION = 1
_SET_CARD = re.compile(
    r'new\s+SetCardInfo\(\s*"((?:[^"\\]|\\.)*)"\s*,[^;]*?mage\.cards\.([a-z0-9])\.(\w+)\.class'
)


# ---------------------------------------------------------------------- names
def set_names(src: MageSource) -> dict[str, set[str]]:
    """Card class -> the card names the set files give it."""
    out: dict[str, set[str]] = defaultdict(set)
    texts = src.read_many(src.list(SETS_DIR))
    for text in texts.values():
        for name, _letter, cls in _SET_CARD.findall(text):
            out[cls].add(name.replace('\\"', '"'))
    return out


def resolve_names(
    by_class: dict[str, set[str]], cards: list[dict] | None
) -> dict[str, tuple[str, dict | None]]:
    """Card class -> (card name, cards.json record). Without cards.json, the set name."""
    out: dict[str, tuple[str, dict | None]] = {}
    if cards is None:
        for cls, names in by_class.items():
            out[cls] = (sorted(names)[0], None)
        return out
    exact = {c["name"]: c for c in cards}
    front = {}
    for c in cards:
        if c.get("faces"):
            front.setdefault(c["faces"][0]["name"], c)
    for cls, names in sorted(by_class.items()):
        for n in sorted(names):
            rec = exact.get(n) or front.get(n)
            if rec is not None:
                out[cls] = (rec["name"], rec)
                break
    return out


# ------------------------------------------------------------------ the import
def load_manual(path: Path | None) -> dict[str, dict[tuple[int, ...], dict]]:
    """Hand-written chapter abilities: card name -> chapter numbers -> chapter entry.

    Every entry must be valid (vocabulary.validate_entry); a bad file stops the import.
    """
    if path is None or not path.is_file():
        return {}
    raw = json.loads(path.read_text(encoding="utf-8"))
    out: dict[str, dict[tuple[int, ...], dict]] = {}
    for name, rec in sorted(raw.get("cards", {}).items()):
        chapters = rec.get("chapters")
        problems = vocabulary.validate_entry({"chapters": chapters})
        if not isinstance(chapters, list) or problems or not rec.get("source"):
            raise SystemExit(f"{path}: {name}: invalid hand entry: {problems[:3] or rec}")
        by_nums: dict[tuple[int, ...], dict] = {}
        for ch in chapters:
            key = tuple(ch["chapters"])
            if key in by_nums or "untranslated" in ch:
                raise SystemExit(f"{path}: {name}: chapters {list(key)} twice or untranslated")
            by_nums[key] = ch
        out[name] = by_nums
    return out


def run_import(
    src: MageSource,
    cards: list[dict] | None,
    only: set[str] | None = None,
    progress: bool = False,
    manual: dict[str, dict[tuple[int, ...], dict]] | None = None,
    identities: dict[str, str | None] | None = None,
) -> tuple[dict, dict]:
    """Translate every card class named in the set files -> (cards, report). With
    ``identities``, it is filled with the color identities (CR 903.4) that are not just
    the colors and mana costs of the card's faces (``identity.base_identity``, what the
    card-db build derives for every other card read): a WUBRG-ordered string, or None
    where the class builds text this reader can't be sure of (scripts/xmage/identity.py).
    Basic lands are always listed (their classes are not in the card folder)."""
    fw = Framework(src)
    tr = Translator(fw)
    manual = manual or {}
    manual_used: set[str] = set()
    names = resolve_names(set_names(src), cards)
    paths = {p.rsplit("/", 1)[1][:-5]: p for p in src.list(CARDS_DIR)}
    todo = sorted(
        (name, cls, rec)
        for cls, (name, rec) in names.items()
        if cls in paths and (only is None or name in only)
    )
    out: dict[str, dict] = {}
    results: list[tuple[str, dict | None, CardResult]] = []
    reader = IdentityReader(fw.text, lambda c: _card_text(src, paths, c), fw.package_of)
    unknown_identity: Counter = Counter()
    known_identity = 0
    batch = 400
    t0 = time.time()
    for i in range(0, len(todo), batch):
        chunk = todo[i : i + batch]
        texts = src.read_many([paths[cls] for _n, cls, _r in chunk])
        for name, cls, rec in chunk:
            faces = [f["name"] for f in (rec or {}).get("faces") or []]
            tr.manual_chapters = manual.get(name, {})
            res = tr.card(texts[paths[cls]], cls, faces, (rec or {}).get("layout"))
            tr.manual_chapters = {}
            if name in manual:
                if res.chapters_hand != len(manual[name]):
                    raise SystemExit(
                        f"{name}: hand-written chapters {sorted(manual[name])} do not match "
                        "the card's chapter abilities"
                    )
                manual_used.add(name)
            problems = vocabulary.validate_entry(res.entry)
            if problems:
                raise SystemExit(f"{name}: importer produced an invalid entry: {problems[:3]}")
            if name in out:
                continue
            out[name] = res.entry
            results.append((name, rec, res))
            if identities is not None:
                ident, why = reader.identity(texts[paths[cls]], rec)
                if why:
                    unknown_identity[why] += 1
                if ident is None or rec is None or ident != base_identity(rec):
                    identities[name] = ident
                known_identity += ident is not None
        if progress:
            print(
                f"  {min(i + batch, len(todo))}/{len(todo)} cards ({time.time() - t0:.0f} s)",
                file=sys.stderr,
            )
    unused = sorted(set(manual) - manual_used) if only is None else []
    if unused:
        raise SystemExit(f"hand-written chapters for cards the import does not have: {unused}")
    if identities is not None:
        _basic_identities(fw, reader, cards or [], only, identities)
    rep = build_report(results)
    if identities is not None:
        rep["color_identity"] = {
            "known": known_identity,
            "unknown": sum(unknown_identity.values()),
            "beyond_colors_and_costs": sum(v is not None for v in identities.values()),
            "unknown_reasons": dict(unknown_identity.most_common(20)),
        }
    rep["op_sources"] = {op: sorted(cls) for op, cls in sorted(tr.effects.sources.items())}
    rep["importer_errors"] = len(tr.errors)
    rep["importer_error_samples"] = sorted(set(tr.errors))[:40]
    return out, rep


def _card_text(src: MageSource, paths: dict[str, str], cls: str) -> str | None:
    """Another card class's text (a melded back face), or None."""
    return src.read(paths[cls]) if cls in paths else None


def _basic_identities(
    fw: Framework,
    reader: IdentityReader,
    cards: list[dict],
    only: set[str] | None,
    identities: dict[str, str | None],
) -> None:
    """Basic lands are framework classes (mage.cards.basiclands), not in the set files'
    card folder: their one rules-text ability, the mana ability of their type (305.6,
    "{T}: Add {G}."), is read from the class like any other."""
    for rec in cards:
        name = rec.get("name", "")
        if "Basic" not in (rec.get("supertypes") or ()) or name in identities:
            continue
        if only is not None and name not in only:
            continue
        cls = re.sub(r"[^A-Za-z]", "", name)
        if fw.package_of(cls) != "cards.basiclands" or not fw.text(cls):
            continue
        identities[name], _why = reader.identity(fw.text(cls) or "", rec)  # always listed


# ---------------------------------------------------------------------- report
def build_report(results: list) -> dict:
    status = Counter()
    by_type: dict[str, Counter] = defaultdict(Counter)
    by_layout: dict[str, Counter] = defaultdict(Counter)
    cls_cards: dict[str, set] = defaultdict(set)
    cls_ok: dict[str, set] = defaultdict(set)  # cards where the class was translated
    missing_cards: dict[str, set] = defaultdict(set)
    examples: dict[str, list] = defaultdict(list)
    chapters_total = chapters_ok = chapters_hand = sagas = sagas_full = 0
    abilities_total = abilities_ok = 0
    for name, rec, res in results:
        nonland = rec is None or "Land" not in rec.get("types", [])
        st = res.status
        if nonland:
            status[st] += 1
            main_type = _main_type(rec)
            by_type[main_type][st] += 1
            by_layout[(rec or {}).get("layout", "?")][st] += 1
        for a in res.abilities:
            abilities_total += 1
            abilities_ok += a.ok
            for c in a.used:
                cls_cards[c].add(name)
                if a.ok:
                    cls_ok[c].add(name)
            if not a.ok:
                missing_cards[a.missing].add(name)
                if len(examples[a.missing]) < 3:
                    examples[a.missing].append(f"{name} ({a.cls}: {a.detail})"[:160])
                cls_cards[a.missing].add(name)
        if res.chapters_total:
            sagas += 1
            chapters_total += res.chapters_total
            chapters_ok += res.chapters_ok
            chapters_hand += res.chapters_hand
            sagas_full += res.chapters_ok == res.chapters_total
    nonland_total = sum(status.values())
    top_missing = sorted(missing_cards.items(), key=lambda kv: (-len(kv[1]), kv[0]))[:50]
    return {
        "cards": len(results),
        "nonland": {
            "total": nonland_total,
            "full": status["full"],
            "partial": status["partial"],
            "none": status["none"],
            "full_pct": round(100 * status["full"] / nonland_total, 2) if nonland_total else 0,
        },
        "by_type": {k: dict(v) for k, v in sorted(by_type.items())},
        "by_layout": {k: dict(v) for k, v in sorted(by_layout.items())},
        "abilities": {"total": abilities_total, "translated": abilities_ok},
        "sagas": {
            "chapter_abilities": chapters_total,
            "chapter_abilities_translated": chapters_ok,
            "chapter_abilities_hand": chapters_hand,
            "sagas": sagas,
            "sagas_complete": sagas_full,
        },
        "classes": {
            c: {
                "cards": len(v),
                "translated_in": len(cls_ok.get(c, ())),
                "untranslated_in": len(missing_cards.get(c, ())),
            }
            for c, v in sorted(cls_cards.items(), key=lambda kv: (-len(kv[1]), kv[0]))
        },
        "top200": _top200(cls_cards, cls_ok, missing_cards),
        "top_untranslated": [
            {"class": c, "cards": len(v), "examples": examples[c]} for c, v in top_missing
        ],
    }


def _top200(cls_cards: dict, cls_ok: dict, missing: dict) -> dict:
    """The 200 framework classes used by most cards: how many the importer translates."""
    names = [
        c
        for c, v in sorted(cls_cards.items(), key=lambda kv: (-len(kv[1]), kv[0]))
        if not c.startswith(("card-specific", "java ", "importer error")) and "." not in c
    ][:200]
    never = [c for c in names if not cls_ok.get(c)]
    mostly = [c for c in names if cls_ok.get(c) and len(cls_ok[c]) >= len(missing.get(c, ()))]
    return {
        "classes": len(names),
        "translated_somewhere": len(names) - len(never),
        "translated_in_most_cards": len(mostly),
        "never_translated": never,
    }


def _main_type(rec: dict | None) -> str:
    if rec is None:
        return "?"
    for t in (
        "Creature",
        "Planeswalker",
        "Battle",
        "Instant",
        "Sorcery",
        "Artifact",
        "Enchantment",
        "Land",
    ):
        if t in rec.get("types", []):
            return t
    return rec.get("types", ["?"])[0] if rec.get("types") else "?"


def print_report(rep: dict) -> None:
    n = rep["nonland"]
    print(f"cards translated: {rep['cards']:,}")
    if "color_identity" in rep:
        ci = rep["color_identity"]
        print(f"color identity (CR 903.4): {ci['known']:,} known, {ci['unknown']:,} unknown")
    print(
        f"nonland cards: {n['total']:,}: full {n['full']:,} ({n['full_pct']}%), "
        f"partly {n['partial']:,}, not {n['none']:,}"
    )
    s = rep["sagas"]
    print(
        f"Saga chapter abilities translated: {s['chapter_abilities_translated']} of "
        f"{s['chapter_abilities']} ({s.get('chapter_abilities_hand', 0)} hand-written); "
        f"Sagas complete: {s['sagas_complete']} of {s['sagas']}"
    )
    t2 = rep["top200"]
    print(
        f"200 most used classes: {t2['translated_somewhere']} translated (in most of their "
        f"cards: {t2['translated_in_most_cards']}); never: {', '.join(t2['never_translated'])}"
    )
    a = rep["abilities"]
    print(f"abilities translated: {a['translated']:,} of {a['total']:,}")
    print("by type (full/partial/none):")
    for k, v in rep["by_type"].items():
        print(f"  {k:13} {v.get('full', 0):6} {v.get('partial', 0):6} {v.get('none', 0):6}")
    print("by layout (full/partial/none):")
    for k, v in rep["by_layout"].items():
        print(f"  {k:13} {v.get('full', 0):6} {v.get('partial', 0):6} {v.get('none', 0):6}")
    print("50 most common classes not translated (cards):")
    for row in rep["top_untranslated"]:
        print(f"  {row['cards']:6}  {row['class']}")


# ----------------------------------------------------------------------- output
def encode(cards: dict, meta: dict, identities: dict | None = None) -> bytes:
    """Deterministic bytes: sorted keys, compact separators, gzip without a timestamp.
    ``color_identity``: card name -> WUBRG string, or null for unknown (CR 903.4), for the
    cards whose identity is not just their faces' colors and mana costs."""
    payload = {"format": FORMAT_VERSION, "source": meta, "cards": cards}
    if identities is not None:
        payload["color_identity"] = identities
    text = json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return text.encode("utf-8")


def write(path: Path, data: bytes) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix == ".gz":
        data = gzip.compress(data, compresslevel=9, mtime=0)
    path.write_bytes(data)
    return len(data)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mage", type=Path, required=True, help="XMage checkout or bare git dir")
    ap.add_argument("--commit", help="commit to read (bare git dir only)")
    ap.add_argument("--cards", type=Path, default=DEFAULT_CARDS, help="cards.json (names, types)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output .json or .json.gz")
    ap.add_argument("--report-json", type=Path, help="also write the report as JSON")
    ap.add_argument("--only", nargs="*", help="translate only these card names")
    ap.add_argument(
        "--manual", type=Path, default=DEFAULT_MANUAL, help="hand-written chapter abilities"
    )
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    try:
        src = MageSource(args.mage, args.commit)
        commit = src.resolved_commit() or args.commit or "unknown"
    except SourceError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    cards = None
    if args.cards and args.cards.is_file():
        cards = json.loads(args.cards.read_text(encoding="utf-8"))
    elif args.cards != DEFAULT_CARDS:
        print(f"error: no cards.json at {args.cards}", file=sys.stderr)
        return 2
    manual = load_manual(args.manual)
    identities: dict[str, str | None] = {}
    out, rep = run_import(
        src,
        cards,
        set(args.only) if args.only else None,
        progress=not args.quiet,
        manual=manual,
        identities=identities,
    )
    meta = {
        "repository": "magefree/mage",
        "commit": commit,
        "license": "MIT",
        "importer": "scripts/import_xmage.py",
    }
    size = write(args.out, encode(out, meta, identities))
    rep["output"] = {"path": str(args.out), "bytes": size, "cards": len(out)}
    print_report(rep)
    print(f"wrote {args.out} ({size:,} bytes, {len(out):,} cards)")
    if args.report_json:
        args.report_json.parent.mkdir(parents=True, exist_ok=True)
        args.report_json.write_text(json.dumps(rep, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
