"""Targets (CR 115): which objects and players a spell or ability may target, and the choice.

A target is a reference string: ``p0``/``p1`` for players, ``o12`` for the object
with id 12 (a permanent, a spell on the stack or a card in a graveyard), ``s7`` for the
ability with stack id 7. Target specs are the card data's ``{what, count, min?, filter?,
divided?, chosen?}`` (TARGET_KINDS / TARGET_FIELDS in engine/lang/vocabulary.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.cards import changeling
from engine.core.events import DecisionKind
from engine.core.game import GameError
from engine.lang import filters, protection, spell_filter, target_groups, values
from engine.lang.vocabulary import TARGET_KINDS
from engine.scenario import objref

if TYPE_CHECKING:
    from engine.cards.definitions import Face
    from engine.core.game import Game
    from engine.core.state import CardObject

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


_PERMANENT_KINDS: dict[str, Callable[[frozenset[str]], bool]] = {
    "any": lambda t: bool(t & {"Creature", "Planeswalker", "Battle"}),
    "creature": lambda t: "Creature" in t,
    "creature_or_planeswalker": lambda t: bool(t & {"Creature", "Planeswalker"}),
    "player_or_planeswalker": lambda t: "Planeswalker" in t,
    "opponent_or_planeswalker": lambda t: "Planeswalker" in t,
    "planeswalker": lambda t: "Planeswalker" in t,
    "artifact": lambda t: "Artifact" in t,
    "enchantment": lambda t: "Enchantment" in t,
    "land": lambda t: "Land" in t,
    "permanent": lambda t: True,
    "permanent_or_player": lambda t: True,
    "spell_or_permanent": lambda t: True,
    "nonland_permanent": lambda t: "Land" not in t,
}
_CARD_KINDS: dict[str, str] = {
    "card_in_graveyard": "graveyard",
    "card_in_your_graveyard": "graveyard",
    "card_in_opponents_graveyard": "graveyard",
    "card_in_a_graveyard": "graveyard",
    "card_in_exile": "exile",
    "card_in_hand": "hand",
    "card_in_library": "library",
}
_PLAYER_KINDS = {
    "any": "all",
    "player": "all",
    "player_or_planeswalker": "all",
    "permanent_or_player": "all",
    "opponent": "opponents",
    "opponent_or_planeswalker": "opponents",
}


def target_missing(spec: Mapping) -> str | None:
    """What of a target spec can't be evaluated (its legal targets unknown), or None."""
    what = spec.get("what", "any")
    if what not in TARGET_KINDS:
        return f"target kind {what!r}"
    if "filter" in spec:
        part = filters.filter_missing(spec["filter"])
        if part:
            return f"target restriction: {part}"
    for key in ("count", "min"):
        v = spec.get(key)
        if v is None or v in ("X", "any") or (isinstance(v, int) and not isinstance(v, bool)):
            continue
        return f"target {key} {v!r}"[:80]
    if "divided" in spec:
        part = values.value_missing(spec["divided"])
        if part:
            return f"divided amount: {part}"
    other = spec.get("other_than")
    if other is not None and (not isinstance(other, int) or isinstance(other, bool) or other < 0):
        return f"target other than {other!r}"[:80]
    return target_groups.problem(spec)


def _legal_for(game: Game, oid: int, controller: int, source: int | None) -> bool:
    """CR 702.18a shroud, 702.11b hexproof: who may target this object; 702.16b: not a
    spell with a quality it has protection from, nor an ability whose source has one."""
    kws = {k.lower() for k in filters.characteristics(game, oid).keywords}
    if "shroud" in kws:
        return False
    if "hexproof" in kws and game.obj(oid).controller != controller:
        return False
    return not protection.protected_from(game, oid, source)


def _objects(
    game: Game,
    spec: dict,
    controller: int,
    exclude: Iterable[int],
    source: int | None = None,
) -> list[str]:
    what = spec.get("what", "any")
    constraint = (spec.get("constraint") or "").lower()
    flt = spec.get("filter")
    excluded = set(exclude)
    refs: list[str] = []

    def ok(oid: int) -> bool:
        if flt is not None and not filters.matches(
            game, oid, flt, controller=controller, source=source
        ):
            return False
        return True

    if what in ("spell", "stack_object", "spell_or_permanent"):
        for s in reversed(game.stack):
            if s.kind == "spell" and s.card_id is not None and s.card_id not in excluded:
                if not _spell_matches(game.face(game.obj(s.card_id)), s.mana_value, constraint):
                    continue
                if ok(s.card_id):
                    refs.append(f"o{s.card_id}")
            elif s.kind == "ability" and what == "stack_object" and flt is None:
                refs.append(f"s{s.id}")  # 115.1: an activated or triggered ability
        if what != "spell_or_permanent":
            return refs
    if what in _CARD_KINDS:
        zone = _CARD_KINDS[what]
        n = len(game.players)
        if what in ("card_in_your_graveyard", "card_in_hand", "card_in_library"):
            players: Iterable[int] = [controller]
        elif what == "card_in_opponents_graveyard":
            players = [p for p in range(n) if p != controller]
        else:
            players = range(n)
        kind = re.sub(r"\bcards?\b|any graveyard|all from a single graveyard", "", constraint)
        return [
            f"o{i}"
            for p in players
            for i in game.players[p].zones[zone]
            if i not in excluded
            and _permanent_matches(game.obj(i).card.front, kind)  # "instant or sorcery card"
            and ok(i)
        ]
    kind_ok = _PERMANENT_KINDS.get(what)
    if kind_ok is None:
        return refs
    for perm in game.battlefield():
        if perm.id in excluded or perm.phased_out:  # 702.26b: as though it doesn't exist
            continue
        face = game.face(perm)
        types = frozenset(filters.characteristics(game, perm.id).types)
        if not kind_ok(types):
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
        if not ok(perm.id) or not _legal_for(game, perm.id, controller, source):
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


def candidates(
    game: Game,
    spec: dict,
    controller: int,
    exclude: Iterable[int] = (),
    source: int | None = None,
) -> list[str]:
    """Every legal target for one spec (601.2c), players last."""
    what = spec.get("what", "any")
    refs = _objects(game, spec, controller, exclude, source)
    group = _PLAYER_KINDS.get(what)
    players: list[int] = []
    if group == "all":
        players = list(range(len(game.players)))
    elif group == "opponents":
        players = [p for p in range(len(game.players)) if p != controller]
    flt = spec.get("filter")
    players = [
        p
        for p in players
        if p not in game.lost
        and filters.matches_player(game, p, flt, controller=controller)
        and player_targetable(game, p, controller)
    ]
    return refs + [f"p{p}" for p in players]


def player_targetable(game: Game, player: int, by: int) -> bool:
    """CR 702.11d / 702.18d: a player with hexproof can't be the target of spells or
    abilities an opponent controls; with shroud, of any. Read from the static "You have
    hexproof" of the permanents the player controls (Leyline of Sanctity)."""
    for perm in game.battlefield(player):
        for o in game.effects(perm).get("static") or []:
            if o.get("op") != "grant_player" or o.get("who", "you") != "you":
                continue
            kws = o.get("keywords") or ()
            if "Shroud" in kws or ("Hexproof" in kws and by != player):
                return False
    return True


def bounds(spec: Mapping, x: int = 0) -> tuple[int, int | None]:
    """(minimum, maximum) number of targets of a spec; maximum None = any number.
    ``count`` may be "X" (the X announced, 601.2b) or "any"; ``min: 0`` is "up to"."""
    count = spec.get("count", 1)
    if count == "any":
        hi: int | None = None
    elif count == "X":
        hi = x
    else:
        hi = count if isinstance(count, int) else 1
    lo = spec.get("min")
    if lo is None:
        lo = 0 if hi is None else hi
    elif not isinstance(lo, int):
        lo = x if lo == "X" else 0
    return lo, hi


def has_legal_targets(
    game: Game,
    specs: Sequence[dict],
    controller: int,
    exclude: Iterable[int] = (),
    source: int | None = None,
    x: int = 0,
) -> bool:
    """CR 601.2c: each target spec must have enough legal choices (its minimum). A spec
    chosen on resolution (not targeted) or one the engine can't read restricts nothing
    here (the resolution then says what is not simulated)."""
    exclude = tuple(exclude)
    found: list[tuple[int, list[str]]] = []
    for spec in specs:
        if spec.get("chosen") or target_missing(spec):
            found.append((0, []))
            continue
        lo, _ = bounds(spec, x)
        options = candidates(game, spec, controller, exclude, source)
        found.append((lo, options))
        if lo and len(options) < lo:
            return False
        if target_groups.constrained(spec) and not target_groups.enough(game, spec, options, lo):
            return False
        j = spec.get("other_than")
        if isinstance(j, int) and j < len(found) - 1 and lo:
            # "other target": both minimums need distinct objects (two sets: their union)
            lo_j, options_j = found[j]
            if len(set(options) | set(options_j)) < lo + lo_j:
                return False
    return True


def choose(
    game: Game, specs: Sequence[dict], controller: int, what_for: str, exclude: Iterable[int] = ()
) -> tuple[str, ...] | None:
    """Targets for every spec, flattened (None when a required one has no legal choice)."""
    groups = choose_groups(game, specs, controller, what_for, exclude=exclude)
    return None if groups is None else tuple(r for g in groups for r in g)


def choose_groups(
    game: Game,
    specs: Sequence[dict],
    controller: int,
    what_for: str,
    *,
    exclude: Iterable[int] = (),
    source: int | None = None,
    x: int = 0,
) -> list[tuple[str, ...]] | None:
    """CR 601.2c / 603.3d: choose the targets of each spec, as decisions with the legal
    options. Returns one tuple of refs per spec (None when a spec can't get its minimum).

    The same object may be chosen once per spec ("target", 115.3), not twice in one spec.
    A spec with "min" below its count ("up to") offers "No target" / "No more targets".
    ``card_in_a_graveyard``: the second and later targets come from the first's graveyard.
    Specs chosen on resolution, or that the engine can't read, get no targets here.
    """
    exclude = tuple(exclude)
    groups: list[tuple[str, ...]] = []
    for spec in specs:
        if spec.get("chosen") or target_missing(spec):
            groups.append(())
            continue
        lo, hi = bounds(spec, x)
        options = candidates(game, spec, controller, exclude, source)
        j = spec.get("other_than")
        if isinstance(j, int) and j < len(groups):  # "other target ...": not spec j's (115.3)
            options = [r for r in options if r not in groups[j]]
        if len(options) < lo:
            return None
        if target_groups.constrained(spec) and not target_groups.enough(game, spec, options, lo):
            return None
        picked: list[str] = []
        if (
            hi is not None
            and len(options) <= lo
            and not target_groups.constrained(spec)
            and getattr(game, "given_targets", None) is None
        ):
            picked = options[: max(lo, 0)]  # no choice to make: every legal target is needed
        while hi is None or len(picked) < hi:
            left = [r for r in options if r not in picked]
            if spec.get("what") == "card_in_a_graveyard" and picked:
                owner = game.obj(int(picked[0][1:])).owner
                left = [r for r in left if game.obj(int(r[1:])).owner == owner]
            if target_groups.constrained(spec):  # the group must stay legal (601.2c)
                left = [
                    r for r in left if target_groups.allowed(game, spec, picked, r, options, lo)
                ]
            if not left:
                break
            given = getattr(game, "given_targets", None)
            if given is not None:  # the action named its targets (601.2c)
                if not given:
                    if len(picked) >= lo:
                        break
                    raise GameError(
                        f"'targets' names too few targets: {what_for} needs "
                        f"{lo - len(picked)} more ({', '.join(_legal_list(game, left))})"
                    )
                picked.append(resolve_given(game, given.pop(0), left, what_for))
                continue
            pairs: list[tuple[str, str] | tuple[str, str, dict]] = [
                (f"target:{r}", f"Target {label(game, r)}", facts(game, r)) for r in left
            ]
            if len(picked) >= lo:
                pairs.append(("target:none", "No more targets" if picked else "No target"))
            if len(pairs) == 1:
                key = pairs[0][0]
            else:
                nth = f" ({len(picked) + 1}{_ORD.get(len(picked) + 1, 'th')})" if picked else ""
                key = game.decide(
                    DecisionKind.TARGET,
                    f"Choose a target for {what_for}{nth}.",
                    pairs,
                    "601.2c",
                    player=controller,
                    subject=what_for,
                )
            ref = key.split(":", 1)[1]
            if ref == "none":
                break
            picked.append(ref)
        groups.append(tuple(picked))
    return groups


_ORD = {1: "st", 2: "nd", 3: "rd"}


# ------------------------------------------------------ targets named by card
def facts(game: Game, ref: str) -> dict:
    """What a scenario author can know of a target option (engine.scenario.objref): the card's
    names, owner and zone, or the player."""
    if ref.startswith("p"):
        return {"player": int(ref[1:])}
    if ref.startswith("s"):
        item = game.stack_item(int(ref[1:]))
        oid = item.source if item is not None else None
        zone = "stack"
    else:
        oid = int(ref[1:])
        where = game.zone_of(oid)
        zone = where[1] if where else "none"
    if oid is None or oid not in game.objects:
        return {"card": "", "names": [], "owner": None, "zone": zone}
    obj = game.obj(oid)
    names = list(dict.fromkeys([obj.card.name, obj.name, *(f.name for f in obj.card.faces)]))
    return {"card": obj.card.name, "names": names, "owner": obj.owner, "zone": zone}


def _legal_list(game: Game, options: Sequence[str]) -> list[str]:
    out = []
    for r in options:
        f = facts(game, r)
        out.append(
            f"player {f['player']}"
            if "player" in f
            else f"{f['card']} (owner {f['owner']}, {f['zone']}; {r})"
        )
    return out or ["none"]


def resolve_given(game: Game, ref: Any, options: Sequence[str], what_for: str) -> str:
    """A scenario's target ref ("oN", {"player": N}, {"card", "owner", "zone", "nth"})
    as one of the legal options; a ref naming none of them is an error listing them."""
    if isinstance(ref, str):
        key = ref if ref in options else None
    else:
        key = objref.pick(ref, [(r, facts(game, r)) for r in options])
    if key is None:
        raise GameError(
            f"the target {objref.describe(ref)!r} is not a legal target for {what_for} "
            f"(601.2c); legal targets: {', '.join(_legal_list(game, options))}"
        )
    return key


def divide(
    game: Game, amount: int, refs: Sequence[str], controller: int, what_for: str
) -> dict[str, int]:
    """CR 601.2d: divide an amount among the targets, at least 1 each, as decisions."""
    out: dict[str, int] = {}
    left = amount
    for i, ref in enumerate(refs):
        rest = len(refs) - i - 1
        if rest == 0:
            out[ref] = left
            break
        top = left - rest
        if top <= 1:
            out[ref] = 1
            left -= 1
            continue
        key = game.decide(
            DecisionKind.DIVIDE,
            f"{what_for}: how much of {amount} to {label(game, ref)}?",
            [(f"divide:{n}", f"{n} to {label(game, ref)}") for n in range(1, top + 1)],
            "601.2d",
            player=controller,
            subject=what_for,
        )
        n = int(key.split(":", 1)[1])
        out[ref] = n
        left -= n
    return out


def label(game: Game, ref: str) -> str:
    if ref.startswith("p"):
        return game.pname(int(ref[1:]))
    if ref.startswith("s"):
        item = game.stack_item(int(ref[1:]))
        return f"{item.text} (ability)" if item else "an ability that left the stack"
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
    if ref.startswith("s"):
        return game.stack_item(int(ref[1:])) is not None
    oid = int(ref[1:])
    if oid in set(exclude):
        return False
    if stamps and ref in stamps and game.zone_changes.get(oid, 0) != stamps[ref]:
        return False
    return game.zone_of(oid) is not None


def illegal_targets(game: Game, item: Any, exclude: Iterable[int] = ()) -> frozenset[str]:
    """CR 608.2b: the targets of a spell/ability that are illegal as it begins to resolve:
    gone from their zone (or a new object since, 400.7), or no longer matching their spec
    ("target creature with power 4 or greater" that shrank)."""
    data = item.data or {}
    stamps = data.get("stamps")
    specs = data.get("specs") or []
    groups = data.get("groups") or []
    bad: set[str] = set()
    for ref in item.targets:
        if not is_legal(game, ref, exclude, stamps):
            bad.add(ref)
    source = item.card_id if item.kind == "spell" else item.source
    for spec, group in zip(specs, groups, strict=False):
        if spec.get("chosen") or target_missing(spec):
            continue
        live = [r for r in group if r not in bad]
        if not live:
            continue
        still = set(candidates(game, spec, item.controller, exclude, source))
        bad.update(r for r in live if r not in still)
        live = [r for r in live if r not in bad]
        if target_groups.constrained(spec) and target_groups.broken(game, spec, live):
            bad.update(live)
    return frozenset(bad)


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
    if changeling.is_changeling(face.keywords):  # 702.73a: every creature type
        kinds |= changeling.CREATURE_TYPES_LOWER
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
        if not game.chars(perm.id).is_creature:  # a creature now (613)
            continue
        if players is not None and perm.controller not in players:
            continue
        if without_flying and game.chars(perm.id).has_keyword("flying"):
            continue
        out.append(perm.id)
    return out
