"""Targets (CR 115): which objects and players a spell or ability may target, and the choice.

A target is a reference string: ``p0``/``p1`` for players, ``o12`` for the object
with id 12 (a permanent, a spell on the stack or a card in a graveyard).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from engine import spell_filter
from engine.events import DecisionKind

if TYPE_CHECKING:
    from engine.cards import Face
    from engine.game import Game
    from engine.state import CardObject

_MV_RE = re.compile(r"mv\s*(<=|>=|==|<|>|=)\s*(\d+)")


def spell_target_specs(game: Game, obj: CardObject, face: Face) -> list[dict]:
    """The target specs of a spell: from the card's effects, or "enchant" for an Aura (303.4a)."""
    entry = game.effects(obj, face.name)
    specs = list(entry.get("targets") or [])
    if face.is_aura and not specs:
        note = (entry.get("notes") or "").lower()
        what = "creature"
        for word in ("artifact", "land", "permanent", "planeswalker", "player"):
            if f"enchant {word}" in note:
                what = word
        specs = [{"what": what, "count": 1}]
    if entry.get("modes") and not specs:
        return []
    return specs


def _objects(game: Game, spec: dict, controller: int, exclude: Iterable[int]) -> list[str]:
    what = spec.get("what", "any")
    constraint = (spec.get("constraint") or "").lower()
    excluded = set(exclude)
    refs: list[str] = []
    if what == "spell":
        for s in reversed(game.stack):
            if s.kind == "spell" and s.card_id not in excluded:
                if not _spell_matches(game.face(game.obj(s.card_id)), s.mana_value, constraint):
                    continue
                refs.append(f"o{s.card_id}")
        return refs
    if what in ("card_in_graveyard", "card_in_your_graveyard"):
        players = [controller] if what == "card_in_your_graveyard" else range(len(game.zones))
        kind = re.sub(r"\bcards?\b|any graveyard|all from a single graveyard", "", constraint)
        return [
            f"o{i}"
            for p in players
            for i in game.zones[p]["graveyard"]
            if _permanent_matches(game.obj(i).card.front, kind)  # "instant or sorcery card"
        ]
    for perm in game.battlefield():
        if perm.id in excluded:
            continue
        face = game.face(perm)
        types = set(game.chars(perm.id).types)  # types after the layers (613.1d) (opsperm)
        ok = {
            "any": bool(types & {"Creature", "Planeswalker", "Battle"}),
            "creature": "Creature" in types,
            "creature_or_planeswalker": bool(types & {"Creature", "Planeswalker"}),
            "player_or_planeswalker": "Planeswalker" in types,
            "planeswalker": "Planeswalker" in types,
            "artifact": "Artifact" in types,
            "enchantment": "Enchantment" in types,
            "land": "Land" in types,
            "permanent": True,
            "nonland_permanent": "Land" not in types,
        }.get(what, False)
        if not ok:
            continue
        if "opponent controls" in constraint and perm.controller == controller:
            continue
        if (
            "you control" in constraint
            and "don't" not in constraint
            and perm.controller != controller
        ):
            continue
        if "don't control" in constraint and perm.controller == controller:
            continue
        m = _MV_RE.search(constraint)
        if m and not _compare(face.mana_value(0), m.group(1), int(m.group(2))):
            continue
        if not _permanent_matches(face, constraint):
            continue
        refs.append(f"o{perm.id}")
    return refs


_WHO = re.compile(
    r"an opponent controls|opponent controls|you don't control|you control|opponent's|"
    r"other than this|another"
)


def _permanent_matches(face: Face, constraint: str) -> bool:
    """Type and color words of a target restriction: "nonblack", "artifact or enchantment",
    "artifact, enchantment, or land", "without flying" (CR 601.2c: only legal targets).

    Who controls it and mana value are checked by the caller; words the filter reader
    doesn't understand restrict nothing.
    """
    if "without flying" in constraint:
        if any(k.lower() == "flying" for k in face.keywords):
            return False
        constraint = constraint.replace("without flying", "")
    text = _MV_RE.sub("", _WHO.sub("", constraint)).replace(" with ", " ")
    text = re.sub(r"\s+", " ", text).strip(" ,")
    if " or " in text:  # "artifact, enchantment, or land": a list of alternatives
        text = re.sub(r",\s*(or\s+)?", " or ", text)
    if not text:
        return True
    return spell_filter.matches(face, face.mana_value(0), text) is not False


def _spell_matches(face: Face, mana_value: int, constraint: str) -> bool:
    """Spell target constraints: "creature spell", "noncreature spell", "mv==2".

    A constraint the filter reader doesn't understand restricts nothing (as before).
    """
    text = _MV_RE.sub(lambda m: f"mana value {m.group(1)} {m.group(2)}", constraint)
    text = text.replace("mana value ==", "mana value =")
    return spell_filter.matches(face, mana_value, text) is not False


def _compare(a: int, op: str, b: int) -> bool:
    return {"<=": a <= b, ">=": a >= b, "<": a < b, ">": a > b, "=": a == b, "==": a == b}[op]


def candidates(game: Game, spec: dict, controller: int, exclude: Iterable[int] = ()) -> list[str]:
    """Every legal target for one spec, players last."""
    what = spec.get("what", "any")
    refs = _objects(game, spec, controller, exclude)
    players: list[int] = []
    if what in ("any", "player", "player_or_planeswalker"):
        players = list(range(len(game.zones)))
    elif what == "opponent":
        players = [p for p in range(len(game.zones)) if p != controller]
    return refs + [f"p{p}" for p in players]


def has_legal_targets(
    game: Game, specs: Sequence[dict], controller: int, exclude: Iterable[int] = ()
) -> bool:
    """CR 601.2c: each required target must have a legal choice."""
    exclude = tuple(exclude)
    for spec in specs:
        if spec.get("min") == 0:
            continue
        if not candidates(game, spec, controller, exclude):
            return False
    return True


def label(game: Game, ref: str) -> str:
    if ref.startswith("p"):
        return game.pname(int(ref[1:]))
    obj = game.obj(int(ref[1:]))
    where = game.zone_of(obj.id)
    zone = where[1] if where else "none"
    who = game.pname(obj.controller)
    whose = "yours" if who == "You" else f"{who}'s"  # not "You's"
    if zone == "battlefield":
        return f"{obj.name} ({whose})"
    if zone == "stack":
        return f"{obj.name} (spell, {whose})"
    return f"{obj.name} ({game.poss(obj.controller)} {zone})"


def describe(game: Game, refs: Iterable[str]) -> str:
    return ", ".join(label(game, r) for r in refs)


def choose(
    game: Game, specs: Sequence[dict], controller: int, what_for: str, exclude: Iterable[int] = ()
) -> tuple[str, ...] | None:
    """Ask for one target per required spec (None when a required one has no legal choice).

    A spec that takes several targets ("up to two", "divided") gets one target here:
    always a legal choice, and the one the playground needs; dividing among several
    targets is not offered.
    """
    exclude = tuple(exclude)
    chosen: list[str] = []
    for spec in specs:
        options = [r for r in candidates(game, spec, controller, exclude) if r not in chosen]
        optional = spec.get("min") == 0
        if not options:
            if optional:
                continue
            return None
        pairs = [(f"target:{r}", f"Target {label(game, r)}") for r in options]
        if optional:
            pairs.append(("target:none", "No target"))
        if len(pairs) == 1:
            key = pairs[0][0]
        else:
            key = game.decide(
                DecisionKind.TARGET,
                f"Choose a target for {what_for}.",
                pairs,
                "601.2c",
                player=controller,
                subject=what_for,
            )
        ref = key.split(":", 1)[1]
        if ref != "none":
            chosen.append(ref)
    return tuple(chosen)


def stamp(game: Game, refs: Iterable[str]) -> dict[str, int]:
    """How many zone changes each targeted object had when it was targeted (CR 400.7)."""
    return {r: game.zone_changes.get(int(r[1:]), 0) for r in refs if r.startswith("o")}


def is_legal(
    game: Game, ref: str, exclude: Iterable[int] = (), stamps: Mapping[str, int] | None = None
) -> bool:
    """CR 608.2b: a target is illegal once it has left the zone it was chosen in; having
    changed zones since, it is a new object (400.7) even if it is back in that zone."""
    if ref.startswith("p"):
        return int(ref[1:]) not in game.lost
    oid = int(ref[1:])
    if oid in set(exclude):
        return False
    if stamps and ref in stamps and game.zone_changes.get(oid, 0) != stamps[ref]:
        return False
    return game.zone_of(oid) is not None


def any_legal(
    game: Game,
    refs: Iterable[str],
    exclude: Iterable[int] = (),
    stamps: Mapping[str, int] | None = None,
) -> bool:
    return any(is_legal(game, r, exclude, stamps) for r in refs)


def matches_words(game: Game, oid: int, what: str) -> bool:
    """Card-data words like "creature", "Mountain", "nonland permanent", "artifacts" against a
    permanent's types and subtypes (sacrifice effects and costs)."""
    face = game.face(game.obj(oid))
    words = {w.strip(".,").lower() for w in what.replace("_", " ").split()}
    kinds = {t.lower() for t in (*face.types, *face.subtypes)}
    if "nonland" in words and "land" in kinds:
        return False
    wanted = {w.rstrip("s") for w in words} | words
    return bool(kinds & wanted) or "permanent" in words or "permanents" in words


def creatures(
    game: Game, *, players: Iterable[int] | None = None, without_flying: bool = False
) -> list[int]:
    """Creatures on the battlefield (of ``players``; without flying), in battlefield order."""
    out = []
    for perm in game.battlefield():
        if not game.chars(perm.id).is_creature:  # a creature now (613) (opsperm)
            continue
        if players is not None and perm.controller not in players:
            continue
        if without_flying and game.chars(perm.id).has_keyword("flying"):
            continue
        out.append(perm.id)
    return out
