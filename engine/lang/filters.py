"""The filter language of the card data (FILTER_KEYS in engine/lang/vocabulary.py).

A filter is a dict whose keys are all ANDed ("or"/"and"/"not" nest); comparisons are
``[op, n]``. ``filter_missing`` names what can't be evaluated BEFORE anything changes
(all or nothing), ``matches`` answers for one object, ``select`` lists the matching
objects of some zones. A hand-written filter in words ("nonland, mv<=3") is read by
``words_to_filter``; words it doesn't know make the filter missing, never a guess.

Characteristics (types, colors, P/T, keywords) come from ``characteristics(game, oid)``:
printed values plus counters today; the layer system (CR 613) registers its own with
``set_characteristics`` so every filter sees the computed values.

The combat keys (attacking, blocking, blocked, unblocked, attacked this turn, blocking or
blocked by the source) read the combat the kernel records (``game.combat``, engine.rules.combat);
outside a combat phase nothing is attacking or blocking.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from engine.base import limits
from engine.cards import card_names, changeling
from engine.core.continuous import Characteristics as Chars  # the one record (CR 109.3, 613)
from engine.core.continuous import counter_keywords
from engine.lang.vocabulary import FILTER_KEYS

__all__ = [
    "Chars",
    "attached_objects",
    "chars_or_last_known",
    "LastKnown",
    "characteristics",
    "compare",
    "filter_missing",
    "matches",
    "matches_player",
    "select",
    "set_characteristics",
    "words_to_filter",
]

#: Filter keys that need state the engine does not track yet (attachments, the command
#: zone, face-down objects...). The branch that adds the state removes the key here.
UNSUPPORTED: dict[str, str] = {
    "commander": "commanders (no command zone)",
    "face_down": "face-down objects",
    "attached_to_controlled": "attachments (attached to something its controller controls)",
    "saddled": "saddle",
    "renowned": "renown",
    "suspected": "suspect",
}
#: Keys combat sets (engine.rules.combat keeps who attacks and blocks in ``game.combat``).
COMBAT_ONLY = frozenset(
    {
        "attacking",
        "blocking",
        "blocked",
        "unblocked",
        "attacked_this_turn",
        "blocking_source",
        "blocked_by_source",
        "blocking_or_blocked_by_source",
    }
)
_CONTROLLERS = frozenset({"you", "opponent", "not_you", "active", "defending_player"})
_OWNERS = frozenset({"you", "opponent", "not_you", "controller"})
_CMP_KEYS = ("mv", "power", "toughness", "base_power", "base_toughness")
_OPS: dict[str, Callable[[int, int], bool]] = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    "==": lambda a, b: a == b,
    "=": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    ">=": lambda a, b: a >= b,
    ">": lambda a, b: a > b,
}
_LIST_KEYS = (
    "types",
    "types_any",
    "not_types",
    "subtypes",
    "subtypes_any",
    "not_subtypes",
    "supertypes",
    "not_supertypes",
    "colors_any",
    "not_colors",
)
_BOOL_KEYS = frozenset(
    {
        "colorless",
        "multicolored",
        "monocolored",
        "tapped",
        "token",
        "other",
        "self",
        "has_counters",
        "historic",
        "permanent_card",
        "summoning_sick",
        "entered_this_turn",
        "dealt_damage_this_turn",
        "transformed",
        "no_abilities",
        "toughness_greater_than_power",
        "power_greater_than_base",
        "kicked",
        "adventure",
        "x_in_cost",
        "no_mana_spent",
        "greatest_power_controlled",
        "greatest_power",
        "ring_bearer",
        "equipped",
        "enchanted",
        "modified",
        "goaded",
        "power_less_than_source",
        *COMBAT_ONLY,
        *UNSUPPORTED,
    }
)
_STR_KEYS = ("keyword", "not_keyword", "name", "counter", "has_name", "creature_type")


def _no_mana_spent(game: Any, obj: Any) -> bool:
    """No mana was spent to cast this spell (Lavinia): it was cast without paying its mana
    cost (cascade, discover, 118.9), or with an evoke cost or another alternative cost that
    has no mana (Force of Will's 1 life and a blue card), or its mana
    cost with its X is {0} and it wasn't kicked. The playground assumes every cost that
    includes mana paid as printed (cost reductions are noted, not applied: 601.2f)."""
    info = (getattr(game, "cast_info", None) or {}).get(obj.id)
    if info is None or game.zone_of(obj.id) is None or game.zone_of(obj.id)[1] != "stack":
        return False
    if info.get("free"):
        return True
    if info.get("mana_spent") is not None:  # real mana payment recorded it (601.2h)
        return not info["mana_spent"].get("amount")
    if info.get("evoked"):
        evoke = (game.effects(obj).get("keyword_costs") or {}).get("Evoke")
        return isinstance(evoke, str) and "{" not in evoke
    if info.get("kicked"):
        return False
    if info.get("alt_cost") is not None:  # a printed alternative cost (118.9): Force of Will
        return not info.get("alt_mana")
    face = game.face(obj)
    return face.mana_cost is None or face.mana_value(int(info.get("x") or 0)) == 0


def _num(text: str | None) -> int | None:
    """Printed P/T: "*" counts 0 (as the state-based actions read it), "1+*" is 1."""
    if text is None:
        return None
    total = 0
    for part in text.replace("*", "0").replace("−", "-").split("+"):
        try:
            total += int(part)
        except ValueError:
            return 0
    return total


def printed_characteristics(game: Any, oid: int) -> Chars:
    """The face's printed values plus +1/+1 and -1/-1 counters (CR 613.4c, 122.1a)."""
    obj = game.obj(oid)
    card = obj.card
    if obj.face is None and card.is_split:  # 709.4: a split card off the stack has both
        faces = card.faces
        face = card.front
        types = tuple(dict.fromkeys(t for f in faces for t in f.types))
        subtypes = tuple(dict.fromkeys(t for f in faces for t in f.subtypes))
        supertypes = tuple(dict.fromkeys(t for f in faces for t in f.supertypes))
        colors = tuple(dict.fromkeys(c for f in faces for c in f.colors))
        mv = card.mana_value
    else:
        face = obj.characteristics
        types, subtypes, supertypes = face.types, face.subtypes, face.supertypes
        colors = face.colors
        mv = face.mana_value(0)
        item = _spell_item(game, oid)
        if item is not None:
            mv = item.mana_value  # 202.3e: X counts on the stack
    bp, bt = _num(face.power), _num(face.toughness)
    plus = obj.counter("+1/+1") - obj.counter("-1/-1")
    return Chars(
        name=obj.name,
        types=types,
        subtypes=subtypes,
        supertypes=supertypes,
        colors=colors,
        keywords=counter_keywords(  # 122.1b: keyword counters
            obj, tuple(face.keywords) + tuple(k for k in card.keywords if k not in face.keywords)
        ),
        mana_value=mv,
        power=None if bp is None else bp + plus,
        toughness=None if bt is None else bt + plus,
        base_power=bp,
        base_toughness=bt,
        controller=obj.controller,
    )


_CHARS: list[Callable[[Any, int], Chars]] = [printed_characteristics]


def set_characteristics(fn: Callable[[Any, int], Chars]) -> None:
    """The layer system (CR 613) registers how characteristics are computed."""
    _CHARS[0] = fn


def characteristics(game: Any, oid: int) -> Chars:
    return _CHARS[0](game, oid)


def _spell_item(game: Any, oid: int) -> Any:
    for s in game.stack:
        if s.card_id == oid:
            return s
    return None


def compare(a: int, cmp: Sequence) -> bool:
    """``[op, n]``: ``a op n``."""
    return _OPS[str(cmp[0])](a, int(cmp[1]))


# ------------------------------------------------------------------- checking
def _cmp_ok(v: object) -> bool:
    return (
        isinstance(v, (list, tuple))
        and len(v) == 2
        and v[0] in _OPS
        and isinstance(v[1], int)
        and not isinstance(v[1], bool)
    )


def filter_missing(flt: object) -> str | None:
    """What of a filter can't be evaluated (a short phrase), or None. Changes nothing."""
    if flt is None:
        return None
    if isinstance(flt, str):
        return None if words_to_filter(flt) is not None else f'filter "{flt}" (words)'
    if not isinstance(flt, Mapping):
        return f"filter {flt!r}"[:80]
    for k, v in flt.items():
        if k not in FILTER_KEYS:
            return f"filter key {k!r}"
        if k in UNSUPPORTED:
            return f"filter on {UNSUPPORTED[k]}"
        if k in ("or", "and"):
            if not isinstance(v, list):
                return f"filter {k}: not a list"
            for sub in v:
                part = filter_missing(sub)
                if part:
                    return part
        elif k in ("not", "name_not_shared"):
            part = filter_missing(v)
            if part:
                return part
        elif k in _CMP_KEYS:
            if not _cmp_ok(v):
                return f"filter {k} {v!r}"[:80]
        elif k == "mv_parity":
            if v not in ("odd", "even"):
                return f"filter mv_parity {v!r}"
        elif k == "mana_cost_in":
            if not (isinstance(v, list) and all(isinstance(s, str) for s in v)):
                return f"filter mana_cost_in {v!r}"[:80]
        elif k == "controller":
            if v not in _CONTROLLERS:
                return f"filter controller {v!r}"
        elif k == "owner":
            if v not in _OWNERS:
                return f"filter owner {v!r}"
        elif k == "player":
            if v not in ("you", "opponent", "not_you"):
                return f"filter player {v!r}"
        elif k in _LIST_KEYS:
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                return f"filter {k} {v!r}"[:80]
        elif k in _STR_KEYS:
            if not isinstance(v, str):
                return f"filter {k} {v!r}"[:80]
        elif k in _BOOL_KEYS and not isinstance(v, bool):
            return f"filter {k} {v!r}"[:80]
    return None


# ------------------------------------------------------------------- matching
def attached_objects(game: Any, oid: int, subtype: str | None = None) -> list[int]:
    """The permanents attached to ``oid`` (Auras 303.4, Equipment 301.5, Fortifications),
    those with ``subtype`` only when given (read from their computed characteristics, so an
    Equipment that became a creature is still one until it is unattached, 301.5c)."""
    out = []
    for p in game.battlefield():
        if p.attached_to == oid and not p.phased_out:
            if subtype is None or subtype in characteristics(game, p.id).subtypes:
                out.append(p.id)
    return out


def _type_keywords(game: Any, obj: Any, ch: Chars) -> tuple[str, ...]:
    """The keywords that can give creature types: the computed ones, plus the face's own
    printed ones. A printed changeling is a characteristic-defining ability (702.73a), and
    those apply first, in layer 4 (613.3), before an effect that removes abilities in layer
    6 (Humility) could take it away: such a creature keeps every creature type."""
    face = obj.characteristics if not obj.face_down else None
    return (*ch.keywords, *(face.keywords if face is not None else ()))


def _modified(game: Any, obj: Any) -> bool:
    """CR 700.9: a permanent is modified if it has one or more counters on it, if it's
    equipped, or if it's enchanted by an Aura controlled by its controller."""
    if any(n > 0 for n in obj.counters.values()):
        return True
    if attached_objects(game, obj.id, "Equipment"):
        return True
    return any(
        game.obj(a).controller == obj.controller for a in attached_objects(game, obj.id, "Aura")
    )


def _player_rel(player: int, rel: str, controller: int, game: Any) -> bool:
    if rel == "you":
        return player == controller
    if rel in ("opponent", "not_you"):
        return player != controller
    if rel == "active":
        return player == game.active
    if rel == "defending_player":  # 506.2: only during combat
        return game.combat is not None and player == game.combat["defending"]
    return False


def _has_abilities(game: Any, obj: Any, ch: Any = None) -> bool:
    """Whether the object has an ability (113.1): printed, or given by an effect in layer
    6 (Rancor's trample: "creatures with no abilities" then leaves it out, 613.1f)."""
    if ch is not None and (ch.keywords or getattr(ch, "abilities", ())):
        return True
    entry = game.effects(obj)
    if entry.get("vanilla"):
        return bool(obj.card.keywords or obj.characteristics.keywords)
    return bool(entry) or bool(obj.card.keywords or obj.characteristics.keywords)


def matches(
    game: Any,
    oid: int,
    flt: str | Mapping[str, Any] | None,
    *,
    controller: int,
    source: int | None = None,
) -> bool:
    """Whether object ``oid`` matches ``flt`` for an ability controlled by ``controller``
    whose source is ``source``. Check ``filter_missing`` first: a key it names raises.
    A phased-out permanent matches nothing: it is treated as though it doesn't exist
    (702.26b)."""
    budget = getattr(game, "budget", None)  # a run's work budget (engine.base.limits)
    if budget is not None:
        budget.spend(limits.WORK_MATCH)
    if game.obj(oid).phased_out:
        return False
    if flt is None:
        return True
    if isinstance(flt, str):
        words = words_to_filter(flt)
        if words is None:
            raise ValueError(f'filter "{flt}" can\'t be evaluated (check filter_missing first)')
        flt = words
    obj = game.obj(oid)
    ch: Chars | None = None
    for k, v in flt.items():
        if k in (
            "types",
            "types_any",
            "not_types",
            "subtypes",
            "subtypes_any",
            "not_subtypes",
            "supertypes",
            "not_supertypes",
            "colors_any",
            "not_colors",
            "colorless",
            "multicolored",
            "monocolored",
            "mv",
            "power",
            "toughness",
            "base_power",
            "base_toughness",
            "mv_parity",
            "keyword",
            "not_keyword",
            "name",
            "historic",
            "toughness_greater_than_power",
            "power_greater_than_base",
            "no_abilities",
            "permanent_card",
            "greatest_power_controlled",
            "greatest_power",
            "creature_type",
            "power_less_than_source",
        ):
            if ch is None:
                ch = characteristics(game, oid)
        if not _key(game, obj, ch, k, v, controller, source):
            return False
    return True


def _key(game, obj, ch, k, v, controller, source) -> bool:  # noqa: C901 - one branch per key
    if k == "types":
        return set(v) <= set(ch.types)
    if k == "types_any":
        return bool(set(v) & set(ch.types))
    if k == "not_types":
        return not (set(v) & set(ch.types))
    if k == "subtypes":  # a changeling has every creature type (702.73a)
        return all(changeling.has_subtype(ch.subtypes, _type_keywords(game, obj, ch), t) for t in v)
    if k == "subtypes_any":
        return any(changeling.has_subtype(ch.subtypes, _type_keywords(game, obj, ch), t) for t in v)
    if k == "not_subtypes":
        return not any(
            changeling.has_subtype(ch.subtypes, _type_keywords(game, obj, ch), t) for t in v
        )
    if k == "supertypes":
        return set(v) <= set(ch.supertypes)
    if k == "not_supertypes":
        return not (set(v) & set(ch.supertypes))
    if k == "colors_any":
        return bool(set(v) & set(ch.colors))
    if k == "not_colors":
        return not (set(v) & set(ch.colors))
    if k == "colorless":
        return (not ch.colors) == v
    if k == "multicolored":
        return (len(ch.colors) > 1) == v
    if k == "monocolored":
        return (len(ch.colors) == 1) == v
    if k == "controller":
        return _player_rel(obj.controller, v, controller, game)
    if k == "owner":
        if v == "controller":
            return obj.owner == obj.controller
        return _player_rel(obj.owner, v, controller, game)
    if k == "player":
        return True  # a player filter key; objects ignore it (matches_player reads it)
    if k == "mv":
        return compare(ch.mana_value, v)
    if k in ("power", "toughness", "base_power", "base_toughness"):
        n = getattr(ch, k)
        return n is not None and compare(n, v)
    if k == "mv_parity":
        return (ch.mana_value % 2 == 1) == (v == "odd")
    if k == "mana_cost_in":  # the printed symbols, not the mana value (202.1; {X} isn't {0})
        cost = obj.characteristics.mana_cost
        return cost is not None and cost.text in v
    if k == "tapped":
        return obj.tapped == v
    if k == "token":
        return obj.is_token == v
    if k == "other":
        return (obj.id != source) == v
    if k == "self":
        return (obj.id == source) == v
    if k in COMBAT_ONLY:
        return _in_combat(game, obj.id, k, source) == v
    if k == "keyword":
        return any(kw.lower() == v.lower() for kw in ch.keywords)
    if k == "not_keyword":
        return not any(kw.lower() == v.lower() for kw in ch.keywords)
    if k == "name":
        return ch.name == v or obj.card.name == v
    if k == "has_name":  # 201.2b: any of its names (a split card off the stack has two)
        return card_names.has_name(game, obj.id, v)
    if k == "creature_type":  # 205.3m; a changeling is every creature type (702.73a)
        return v in ch.subtypes or any(kw.lower() == "changeling" for kw in ch.keywords)
    if k == "name_not_shared":  # 201.2: same name = same English name; a face-down one has none
        mine = characteristics(game, obj.id).name
        return not mine or not any(
            p.id != obj.id
            and not p.face_down
            and characteristics(game, p.id).name == mine
            and matches(game, p.id, v, controller=controller, source=source)
            for p in game.battlefield()
        )
    if k == "equipped":  # 301.5: an Equipment is attached to it
        return bool(attached_objects(game, obj.id, "Equipment")) == v
    if k == "enchanted":  # 303.4d: an Aura is attached to it
        return bool(attached_objects(game, obj.id, "Aura")) == v
    if k == "modified":
        return _modified(game, obj) == v
    if k == "goaded":  # 701.15a: a goad recorded on this object (400.7) still in force
        stamp = game.zone_changes.get(obj.id, 0)
        goaded = any(
            e.kind == "goad" and (obj.id, stamp) in zip(e.objects, e.stamps, strict=False)
            for e in game.continuous
        )
        return goaded == v
    if k == "counter":
        return obj.counter(v) > 0
    if k == "has_counters":
        return bool(obj.counters) == v
    if k == "historic":
        hist = "Artifact" in ch.types or "Legendary" in ch.supertypes or "Saga" in ch.subtypes
        return hist == v
    if k == "permanent_card":
        perm = bool(
            set(ch.types)
            & {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
        )
        return perm == v
    if k == "summoning_sick":
        sick = obj.entered_turn >= game.turn  # 302.6: not controlled since its turn began
        return sick == v
    if k == "entered_this_turn":
        return (obj.entered_turn == game.turn) == v
    if k == "dealt_damage_this_turn":
        hit = (obj.id, game.zone_changes.get(obj.id, 0)) in game.this_turn.damaged
        return hit == v
    if k == "transformed":
        card = obj.card
        back = card.layout in ("transform", "modal_dfc") and obj.face not in (None, card.front.name)
        return back == v
    if k == "no_abilities":
        return (not _has_abilities(game, obj, ch)) == v
    if k == "toughness_greater_than_power":
        ok = ch.power is not None and ch.toughness is not None and ch.toughness > ch.power
        return ok == v
    if k == "power_greater_than_base":
        ok = ch.power is not None and ch.base_power is not None and ch.power > ch.base_power
        return ok == v
    if k == "ring_bearer":  # 701.54c: the last chosen, while its chooser controls it
        return _is_ring_bearer(game, obj) == v
    if k == "power_less_than_source":  # "with power less than this creature's power"
        theirs = _source_power(game, source)
        ok = ch.power is not None and theirs is not None and ch.power < theirs
        return ok == v
    if k == "greatest_power_controlled":
        return _greatest_power(game, obj, ch) == v
    if k == "greatest_power":
        return _greatest_power(game, obj, ch, anyone=True) == v
    if k == "kicked":
        item = _spell_item(game, obj.id)
        kicked = bool(item.data.get("kicked")) if item is not None and item.data else False
        return kicked == v
    if k == "no_mana_spent":
        return _no_mana_spent(game, obj) == v
    if k == "adventure":
        return (obj.card.layout == "adventure") == v
    if k == "x_in_cost":
        return obj.card.has_x == v
    if k == "or":
        return any(matches(game, obj.id, f, controller=controller, source=source) for f in v)
    if k == "and":
        return all(matches(game, obj.id, f, controller=controller, source=source) for f in v)
    if k == "not":
        return not matches(game, obj.id, v, controller=controller, source=source)
    raise ValueError(f"filter key {k!r} can't be evaluated (check filter_missing first)")


def _is_ring_bearer(game: Any, obj: Any) -> bool:
    """Whether the object is its controller's Ring-bearer (the ``ring_bearer`` effect the
    Ring tempting them recorded last, on this same object, 400.7)."""
    for e in reversed(game.continuous):
        if e.kind == "ring_bearer" and e.controller == obj.controller:
            return e.objects[0] == obj.id and e.stamps[0] == game.zone_changes.get(obj.id, 0)
    return False


class LastKnown:
    """A view of the game where one object is as it last existed (608.2h)."""

    def __init__(self, game: Any, obj: Any) -> None:
        self._game = game
        self._obj = obj

    def obj(self, oid: int) -> Any:
        return self._obj if oid == self._obj.id else self._game.obj(oid)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def chars_or_last_known(game: Any, oid: int) -> Chars:
    """Characteristics now; for an object that left the battlefield, as it last existed
    there (608.2h: "its power" of a creature that died)."""
    where = game.zone_of(oid)
    if (where is None or where[1] not in ("battlefield", "stack")) and oid in game.last_known:
        return characteristics(LastKnown(game, game.last_known[oid]), oid)
    return characteristics(game, oid)


def _source_power(game: Any, source: int | None) -> int | None:
    """The source's power now; if it has left the battlefield, as it last existed there
    (608.2h: "this creature's power" of an ability whose creature is gone)."""
    if source is None:
        return None
    where = game.zone_of(source)
    if not (where and where[1] == "battlefield") and source not in game.last_known:
        return None
    return chars_or_last_known(game, source).power


def _greatest_power(game: Any, obj: Any, ch: Chars, anyone: bool = False) -> bool:
    """A creature whose power is the greatest (ties included) among the creatures its
    controller controls (GreatestPowerControlledPredicate: "with the greatest power"), or
    with ``anyone`` among all creatures (ControlsCreatureGreatestPowerCondition)."""
    where = game.zone_of(obj.id)
    if not where or where[1] != "battlefield":
        return _greatest_power_before(game, obj.id, anyone)
    if ch.power is None:
        return False
    players = range(len(game.players)) if anyone else (where[0],)
    powers = [
        characteristics(game, o).power
        for p in players
        for o in game.players[p].zones["battlefield"]
        if (anyone or game.obj(o).controller == obj.controller)
        and "Creature" in characteristics(game, o).types
    ]
    return ch.power >= max((n for n in powers if n is not None), default=ch.power)


def _greatest_power_before(game: Any, oid: int, anyone: bool) -> bool:
    """The same test for a creature the latest event took off the battlefield ("whenever a
    creature ... with the greatest power ... dies"): it looks back (603.10a) at the frame
    just before that event, its power and the creatures then."""
    frames: list[Any] = list(getattr(game, "frames", ())[-2:])
    if len(frames) < 2 or frames[1][1] is None:
        return False
    if not any(m.obj == oid and m.src == "battlefield" for m in frames[1][1].moves):
        return False
    before = frames[0][0]
    if oid not in before.objects:
        return False
    ch = before.characteristics(oid)
    if ch.power is None:
        return False
    ctrl = before.obj(oid).controller  # control (layer 2) is kept on the object
    powers = [
        c.power
        for p in before.players
        for o in p.battlefield
        for c in (before.characteristics(o),)
        if (anyone or before.obj(o).controller == ctrl) and "Creature" in c.types
    ]
    return ch.power >= max((n for n in powers if n is not None), default=ch.power)


def matches_player(game: Any, player: int, flt: object, *, controller: int) -> bool:
    """A player filter (``player: you | opponent | not_you``); other keys don't apply."""
    if not isinstance(flt, Mapping) or "player" not in flt:
        return True
    return _player_rel(player, flt["player"], controller, game)


def select(
    game: Any,
    flt: str | Mapping[str, Any] | None,
    *,
    zones: Iterable[str] = ("battlefield",),
    controller: int,
    source: int | None = None,
    players: Iterable[int] | None = None,
) -> list[int]:
    """Every object in ``zones`` (of ``players``, default all) matching ``flt``, in zone order;
    zone "stack" lists the spells on the stack, top first."""
    who = list(range(len(game.players))) if players is None else list(players)
    out: list[int] = []
    for zone in zones:
        if zone == "stack":
            for s in reversed(game.stack):
                if s.kind == "spell" and s.card_id is not None and s.controller in who:
                    if matches(game, s.card_id, flt, controller=controller, source=source):
                        out.append(s.card_id)
            continue
        for p in who:
            for oid in game.players[p].zones[zone]:
                if matches(game, oid, flt, controller=controller, source=source):
                    out.append(oid)
    return out


# ---------------------------------------------------------- hand-written words
_TYPE_WORDS = {
    "artifact",
    "battle",
    "creature",
    "enchantment",
    "instant",
    "land",
    "planeswalker",
    "sorcery",
    "kindred",
}
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_MV_WORDS = re.compile(r"^(?:mana value|mv)\s*(<=|>=|==|=|<|>)\s*(\d+)$")


def _word_term(term: str) -> dict | None:
    term = term.strip().lower()
    for suffix in (" cards", " card", " spells", " spell", " permanents", " permanent"):
        if term.endswith(suffix) and term != suffix.strip():
            term = term[: -len(suffix)]
            break
    m = _MV_WORDS.match(term)
    if m:
        op = "==" if m.group(1) == "=" else m.group(1)
        return {"mv": [op, int(m.group(2))]}
    if " or " in term:
        parts = [_word_term(p) for p in term.split(" or ")]
        return None if None in parts else {"or": parts}
    if term in ("permanent", "card", "spell"):
        return {"permanent_card": True} if term == "permanent" else {}
    if term.startswith("non"):
        inner = _word_term(term[3:].lstrip("-"))
        return None if inner is None else {"not": inner}
    word = "sorcery" if term == "sorceries" else term.rstrip("s")
    if word in _TYPE_WORDS:
        return {"types": [word.capitalize()]}
    if term == "colorless":
        return {"colorless": True}
    if term in _COLOR_WORDS:
        return {"colors_any": [_COLOR_WORDS[term]]}
    return None


def words_to_filter(text: str) -> dict | None:
    """A hand-written filter in words ("nonland, mv<=3", "instant or sorcery", "permanent
    card") as a filter dict; None when a word is not understood. Commas mean AND."""
    terms = [t for t in (text or "").split(",") if t.strip()]
    out: list[dict] = []
    for t in terms:
        f = _word_term(t)
        if f is None:
            return None
        if f:
            out.append(f)
    if not out:
        return {}
    return out[0] if len(out) == 1 else {"and": out}


def _in_combat(game: Any, oid: int, key: str, source: int | None) -> bool:
    """The combat filter keys (506.4: attacking, blocking, blocked, unblocked creatures)."""
    if key == "attacked_this_turn":
        return oid in game.this_turn.attacked
    c = game.combat
    if c is None:
        return False
    attacking = oid in c["attackers"]
    if key == "attacking":
        return attacking
    if key == "blocking":
        return oid in c["blockers"]
    if key == "blocked":
        return attacking and oid in c["blocked"]
    if key == "unblocked":  # 509.1h: an attacker no creature blocked
        return attacking and oid not in c["blocked"] and game.phase != "declare attackers"
    blocks_source = source is not None and source in c["blockers"].get(oid, ())
    blocked_by_source = source is not None and oid in c["blockers"].get(source, ())
    if key == "blocking_source":
        return blocks_source
    if key == "blocked_by_source":
        return blocked_by_source
    return blocks_source or blocked_by_source  # blocking_or_blocked_by_source
