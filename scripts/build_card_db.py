"""Build the bundled card database ``engine/data/cards.json.gz``.

Reads ``cards.json`` and ``effects.json`` (default: ``../shared/cards`` next to the repo
root), keeps only the fields the engine needs, attaches each card's effects entry by
name (face aliases resolved) and writes gzip'd compact JSON. The output is committed,
so the engine never needs the source files at import time. The gzip header carries no
timestamp, so rebuilding from the same input gives the same bytes.

With ``--xmage FILE`` (the importer's committed output, ``data/xmage_effects.json.gz``)
the imported entries are merged in for every card that has no hand-written entry: the
hand-written entries are the reference (checked against XMage by hand, see
tests/scripts/test_import_xmage.py) and always win. Imported entries carry
``"source": "xmage"`` so coverage and the log can tell them apart.

The effects entries go to a second file, ``effects.jsonl.gz`` next to the pool: line i is
card i's entry as one line of JSON ("" for none). The pool loads without
reading it; the file is read the first time a game asks a card for its effects, and each
line is decoded then (CardDef.effects): decoding ~31k entries eagerly tripled the cold
pool load (goal: < 300 ms).

``data/effects_overrides.json`` corrects hand-written entries (one path each, with its
reason), e.g. Stomp's "damage can't be prevented this turn" as a structured op.

``data/cards_manual/*.json`` holds whole entries written by hand for cards the importer
can't state (one file per card: ``{"card", "source", "entry"}``, ``source`` naming the
XMage class read). They replace the import and the shared hand-written entry for that
card (they exist because those are incomplete) and carry ``"source": "manual"``.

    python scripts/build_card_db.py [--src DIR] [--out FILE] [--xmage FILE] [--overrides F]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from xmage.identity import base_identity  # noqa: E402

from engine.cards.definitions import CardDef  # noqa: E402

DEFAULT_SRC = ROOT.parent / "shared" / "cards"
DEFAULT_OUT = ROOT / "engine" / "data" / "cards.json.gz"
FORMAT_VERSION = 1
EFFECTS_NAME = "effects.jsonl.gz"
DEFAULT_OVERRIDES = ROOT / "data" / "effects_overrides.json"
DEFAULT_MANUAL = ROOT / "data" / "cards_manual"


def attach_effects(cards: list[dict], effects: dict[str, dict]) -> int:
    """Put each effects entry on its card (``card["effects"]``); returns how many.

    Alias keys (``{"face_of": "A // B"}``) only point at the full entry, which the pool
    finds through its face-name index, so they are checked and dropped.
    """
    by_name = {c["name"]: c for c in cards}
    attached = 0
    for key, entry in effects.items():
        if "face_of" in entry:
            target = by_name.get(entry["face_of"])
            if target is None or key not in {f["name"] for f in target.get("faces") or ()}:
                raise SystemExit(f"effects alias {key!r} -> {entry['face_of']!r} is not a face")
            if entry["face_of"] not in effects:
                raise SystemExit(f"effects alias {key!r} points at a card without effects")
            continue
        card = by_name.get(key)
        if card is None:
            raise SystemExit(f"effects entry {key!r} is not a card name in cards.json")
        card["effects"] = entry
        attached += 1
    return attached


def apply_overrides(cards: list[dict], path: Path) -> int:
    """Apply ``data/effects_overrides.json``: each patch sets one path of one card's entry
    (or, with ``"delete": true``, removes it): a correction of the hand-written data, with
    its reason; returns how many."""
    payload = json.loads(path.read_text(encoding="utf-8"))
    if payload.get("format") != 1:
        raise SystemExit(f"{path}: not an overrides file (format 1)")
    by_name = {c["name"]: c for c in cards}
    for patch in payload["patches"]:
        card = by_name.get(patch["card"])
        if card is None or not patch.get("why"):
            raise SystemExit(f"{path}: bad patch for {patch.get('card')!r}")
        node = card.setdefault("effects", {})
        *parents, last = patch["path"]
        for key in parents:
            node = node.setdefault(key, {})
        if patch.get("delete"):  # the path's words are replaced by another path's data
            node.pop(last, None)
        else:
            node[last] = patch["value"]
    return len(payload["patches"])


def apply_manual(cards: list[dict], folder: Path) -> int:
    """Attach ``data/cards_manual/*.json`` (whole entries by hand, winning over the
    shared entry and the import); returns how many. Files are read in name order, and a
    card named twice is an error (the bytes of a rebuild never depend on the file system)."""
    by_name = {c["name"]: c for c in cards}
    seen: dict[str, str] = {}
    for path in sorted(folder.glob("*.json")):
        payload = json.loads(path.read_text(encoding="utf-8"))
        name, entry, source = payload.get("card"), payload.get("entry"), payload.get("source")
        if name not in by_name or not isinstance(entry, dict) or not source:
            raise SystemExit(f"{path}: needs 'card' (a card name), 'entry' and 'source'")
        if name in seen:
            raise SystemExit(f"{path}: {name!r} is already written in {seen[name]}")
        seen[name] = path.name
        by_name[name]["effects"] = {**entry, "source": "manual"}
    return len(seen)


def load_xmage(path: Path) -> dict[str, dict]:
    """The importer's entries by card name (``data/xmage_effects.json[.gz]``)."""
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    payload = json.loads(data.decode("utf-8"))
    if payload.get("format") != 1 or not isinstance(payload.get("cards"), dict):
        raise SystemExit(f"{path}: not an import_xmage output (format 1)")
    return payload["cards"]


def load_identities(path: Path) -> dict[str, str | None]:
    """The importer's color identities by card name (CR 903.4; None: not known)."""
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    found = json.loads(data.decode("utf-8")).get("color_identity") or {}
    if not isinstance(found, dict):
        raise SystemExit(f"{path}: 'color_identity' must be an object")
    return found


def merge_identities(
    cards: list[dict], identities: dict[str, str | None], read: Iterable[str]
) -> int:
    """Give each card the importer read its color identity (903.4): the one it lists, or
    else its faces' colors and mana costs (what it lists only when the rules text adds to
    them). A card listed as null, or not read at all, gets none (not known). Returns how
    many got one."""
    read = set(read) | set(identities)
    merged = 0
    for card in cards:
        name = card["name"]
        if name not in read:
            continue
        ident = identities[name] if name in identities else base_identity(card)
        if ident is not None:
            card["color_identity"] = list(ident)
            merged += 1
    return merged


def merge_xmage(cards: list[dict], imported: dict[str, dict]) -> int:
    """Attach imported entries to cards without a hand-written one; returns how many."""
    merged = 0
    for card in cards:
        if "effects" in card:
            continue  # hand-written wins
        entry = imported.get(card["name"])
        if entry is None:
            continue
        card["effects"] = {**entry, "source": "xmage"}
        merged += 1
    return merged


def compact_card(raw: dict) -> dict:
    """The compact dict stored for one card; checked to rebuild the same CardDef.

    The effect entry is bundled data, checked against the effect vocabulary
    (``vocabulary.validate_entry``, tests/scripts) rather than the input limits of user
    cards (e.g. "up to one hundred targets" is a real card, not a hostile one): it is set
    aside for the card check and stored as it is.
    """
    entry = raw.get("effects")
    raw = {k: v for k, v in raw.items() if k != "effects"}
    card = CardDef.from_dict(raw)
    counted = (raw.get("keyword_counts") or {}).get("cascade")
    if counted is not None and counted != card.cascade:
        raise SystemExit(f"{raw['name']}: cascade {card.cascade} != keyword_counts {counted}")
    if card.mana_value != raw.get("mana_value", card.mana_value):
        raise SystemExit(f"{raw['name']}: mana value {card.mana_value} != {raw['mana_value']}")
    out = card.to_dict(compact=True)
    if CardDef.from_dict(out) != card:
        raise SystemExit(f"{raw['name']}: compact form does not round-trip")
    if entry is not None:
        out["effects"] = entry
    return out


def identity_table(compact: list[dict]) -> dict:
    """Take each card's ``color_identity`` out of its compact dict into one table (a list
    per card would add ~0.7 MB of JSON to every cold pool load): ``unknown`` lists the
    cards without one, ``listed`` [index, letters] those whose identity is more than
    their faces' colors and costs (``CardDef.face_identity``); engine/cards/carddb.py puts the
    identities back as each card is built."""
    unknown: list[int] = []
    listed: list[list] = []
    for i, card in enumerate(compact):
        ident = card.pop("color_identity", None)
        if ident is None:
            unknown.append(i)
        elif tuple(ident) != CardDef.from_dict(_facts(card)).face_identity:
            listed.append([i, "".join(ident)])
    return {"unknown": unknown, "listed": listed}


def _facts(card: dict) -> dict:
    """A compact card without its effects entry (bundled data, checked elsewhere)."""
    return {k: v for k, v in card.items() if k != "effects"}


def build(
    src: Path,
    out: Path,
    xmage: Path | None = None,
    overrides: Path | None = None,
    manual: Path | None = DEFAULT_MANUAL,
) -> tuple[int, int, int]:
    """Write the database; returns (cards, effects attached, bytes written)."""
    cards = json.loads((src / "cards.json").read_text(encoding="utf-8"))
    effects = json.loads((src / "effects.json").read_text(encoding="utf-8"))
    attach_effects(cards, effects)
    if overrides is not None and overrides.exists():
        apply_overrides(cards, overrides)
    if manual is not None and manual.is_dir():
        apply_manual(cards, manual)
    if xmage is not None:
        imported = load_xmage(xmage)
        merge_xmage(cards, imported)
        merge_identities(cards, load_identities(xmage), imported)
    attached = sum(1 for c in cards if "effects" in c)
    compact = [compact_card(c) for c in cards]
    identity = identity_table(compact)
    lines: list[str] = []  # line i: card i's entry, "" for none
    for card in compact:
        entry = card.pop("effects", None)
        lines.append(
            "" if entry is None else json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
        )
    payload = {
        "version": FORMAT_VERSION,
        "count": len(compact),
        "effects_file": EFFECTS_NAME,
        "cards": compact,
        "identity": identity,
    }
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    data = gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)
    fx = gzip.compress("\n".join(lines).encode("utf-8"), compresslevel=9, mtime=0)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    out.with_name(EFFECTS_NAME).write_bytes(fx)
    return len(compact), attached, len(data) + len(fx)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", type=Path, default=DEFAULT_SRC, help="folder with cards.json")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output .json.gz file")
    parser.add_argument(
        "--xmage", type=Path, default=None, help="merge import_xmage output (hand-written wins)"
    )
    parser.add_argument(
        "--overrides",
        type=Path,
        default=DEFAULT_OVERRIDES,
        help="corrections of the hand-written entries (data/effects_overrides.json)",
    )
    args = parser.parse_args(argv)
    n, attached, size = build(args.src, args.out, args.xmage, args.overrides)
    print(
        f"wrote {args.out} and {EFFECTS_NAME} ({size:,} bytes together): {n:,} cards, "
        f"{attached} with effects"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
