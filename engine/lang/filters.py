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
from engine.base.handlers import Handlers
from engine.cards import card_names, changeling
from engine.cards.creature_types import CREATURE_TYPES
from engine.core.continuous import Characteristics as Chars  # the one record (CR 109.3, 613)
from engine.core.continuous import counter_keywords
from engine.lang.vocabulary import FILTER_KEYS

__all__ = [
    "FILTER_KEY",
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
_OPS: dict[str, Callable[[int, int], bool]] = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    "==": lambda a, b: a == b,
    "=": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    ">=": lambda a, b: a >= b,
    ">": lambda a, b: a > b,
}
KeyFn = Callable[..., bool]  # (game, obj, chars or None, value, controller, source)
KeyCheck = Callable[[str, Any], "str | None"]  # (key, value) -> what of it can't be read
#: key -> the function that tests it (and its check): one registered function per key.
FILTER_KEY: Handlers[KeyFn, KeyCheck] = Handlers("filter key", FILTER_KEYS)
_RUN = FILTER_KEY.run
_READS_CHARS: set[str] = set()  # the keys whose function reads the characteristics


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
        if k not in FILTER_KEY:
            return f"filter key {k!r}"
        check = FILTER_KEY.check.get(k)
        part = check(k, v) if check is not None else None
        if part:
            return part
    return None


def _filters_missing(k: str, v: Any) -> str | None:
    if not isinstance(v, list):
        return f"filter {k}: not a list"
    for sub in v:
        part = filter_missing(sub)
        if part:
            return part
    return None


def _sub_filter_missing(k: str, v: Any) -> str | None:
    return filter_missing(v)


def _cmp_missing(k: str, v: Any) -> str | None:
    return None if _cmp_ok(v) else f"filter {k} {v!r}"[:80]


def _strs_missing(k: str, v: Any) -> str | None:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        return f"filter {k} {v!r}"[:80]
    return None


def _str_missing(k: str, v: Any) -> str | None:
    return None if isinstance(v, str) else f"filter {k} {v!r}"[:80]


def _bool_missing(k: str, v: Any) -> str | None:
    return None if isinstance(v, bool) else f"filter {k} {v!r}"[:80]


def _one_of(*allowed: str) -> KeyCheck:
    def check(k: str, v: Any) -> str | None:
        return None if v in allowed else f"filter {k} {v!r}"

    return check


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
        fn = _RUN.get(k)
        if fn is None:
            raise ValueError(f"filter key {k!r} can't be evaluated (check filter_missing first)")
        if ch is None and k in _READS_CHARS:
            ch = characteristics(game, oid)
        if not fn(game, obj, ch, v, controller, source):
            return False
    return True


# --------------------------------------------------------------------------- the keys
# One registered function per filter key: (game, obj, its characteristics or None, the
# key's value, the ability's controller, its source) -> whether the object passes; its
# check (of the value's shape) beside it. ``chars=True``: the function reads the
# characteristics (computed once per object and filter, only if a key needs them).


def _key(
    *names: str, check: KeyCheck | None = None, chars: bool = False
) -> Callable[[KeyFn], KeyFn]:
    if chars:
        _READS_CHARS.update(names)
    return FILTER_KEY(*names, check=check)


@_key("types", check=_strs_missing, chars=True)
def _types(game, obj, ch, v, controller, source) -> bool:
    return set(v) <= set(ch.types)


@_key("types_any", check=_strs_missing, chars=True)
def _types_any(game, obj, ch, v, controller, source) -> bool:
    return bool(set(v) & set(ch.types))


@_key("not_types", check=_strs_missing, chars=True)
def _not_types(game, obj, ch, v, controller, source) -> bool:
    return not (set(v) & set(ch.types))


def _has_subtype(game: Any, obj: Any, ch: Chars, t: str) -> bool:
    """A changeling has every creature type (702.73a)."""
    return changeling.has_subtype(ch.subtypes, _type_keywords(game, obj, ch), t)


@_key("subtypes", check=_strs_missing, chars=True)
def _subtypes(game, obj, ch, v, controller, source) -> bool:
    return all(_has_subtype(game, obj, ch, t) for t in v)


@_key("subtypes_any", check=_strs_missing, chars=True)
def _subtypes_any(game, obj, ch, v, controller, source) -> bool:
    return any(_has_subtype(game, obj, ch, t) for t in v)


@_key("not_subtypes", check=_strs_missing, chars=True)
def _not_subtypes(game, obj, ch, v, controller, source) -> bool:
    return not any(_has_subtype(game, obj, ch, t) for t in v)


@_key("supertypes", check=_strs_missing, chars=True)
def _supertypes(game, obj, ch, v, controller, source) -> bool:
    return set(v) <= set(ch.supertypes)


@_key("not_supertypes", check=_strs_missing, chars=True)
def _not_supertypes(game, obj, ch, v, controller, source) -> bool:
    return not (set(v) & set(ch.supertypes))


@_key("colors_any", check=_strs_missing, chars=True)
def _colors_any(game, obj, ch, v, controller, source) -> bool:
    return bool(set(v) & set(ch.colors))


@_key("not_colors", check=_strs_missing, chars=True)
def _not_colors(game, obj, ch, v, controller, source) -> bool:
    return not (set(v) & set(ch.colors))


@_key("colorless", check=_bool_missing, chars=True)
def _colorless(game, obj, ch, v, controller, source) -> bool:
    return (not ch.colors) == v


@_key("multicolored", check=_bool_missing, chars=True)
def _multicolored(game, obj, ch, v, controller, source) -> bool:
    return (len(ch.colors) > 1) == v


@_key("monocolored", check=_bool_missing, chars=True)
def _monocolored(game, obj, ch, v, controller, source) -> bool:
    return (len(ch.colors) == 1) == v


@_key("controller", check=_one_of("you", "opponent", "not_you", "active", "defending_player"))
def _controller(game, obj, ch, v, controller, source) -> bool:
    return _player_rel(obj.controller, v, controller, game)


@_key("owner", check=_one_of("you", "opponent", "not_you", "controller"))
def _owner(game, obj, ch, v, controller, source) -> bool:
    if v == "controller":
        return obj.owner == obj.controller
    return _player_rel(obj.owner, v, controller, game)


@_key("player", check=_one_of("you", "opponent", "not_you"))
def _player(game, obj, ch, v, controller, source) -> bool:
    return True  # a player filter key; objects ignore it (matches_player reads it)


@_key("mv", check=_cmp_missing, chars=True)
def _mv(game, obj, ch, v, controller, source) -> bool:
    return compare(ch.mana_value, v)


def _pt_key(attr: str) -> KeyFn:
    def pt(game, obj, ch, v, controller, source) -> bool:
        n = getattr(ch, attr)
        return n is not None and compare(n, v)

    return pt


for _attr in ("power", "toughness", "base_power", "base_toughness"):
    _key(_attr, check=_cmp_missing, chars=True)(_pt_key(_attr))


@_key("mv_parity", check=_one_of("odd", "even"), chars=True)
def _mv_parity(game, obj, ch, v, controller, source) -> bool:
    return (ch.mana_value % 2 == 1) == (v == "odd")


def _mana_costs_missing(k: str, v: Any) -> str | None:
    if not (isinstance(v, list) and all(isinstance(s, str) for s in v)):
        return f"filter mana_cost_in {v!r}"[:80]
    return None


@_key("mana_cost_in", check=_mana_costs_missing)
def _mana_cost_in(game, obj, ch, v, controller, source) -> bool:
    """The printed symbols, not the mana value (202.1; {X} isn't {0})."""
    cost = obj.characteristics.mana_cost
    return cost is not None and cost.text in v


@_key("tapped", check=_bool_missing)
def _tapped(game, obj, ch, v, controller, source) -> bool:
    return obj.tapped == v


@_key("token", check=_bool_missing)
def _token(game, obj, ch, v, controller, source) -> bool:
    return obj.is_token == v


@_key("other", check=_bool_missing)
def _other(game, obj, ch, v, controller, source) -> bool:
    return (obj.id != source) == v


@_key("self", check=_bool_missing)
def _self(game, obj, ch, v, controller, source) -> bool:
    return (obj.id == source) == v


def _combat_key(k: str) -> KeyFn:
    def in_combat(game, obj, ch, v, controller, source) -> bool:
        return _in_combat(game, obj.id, k, source) == v

    return in_combat


for _k in sorted(COMBAT_ONLY):
    _key(_k, check=_bool_missing)(_combat_key(_k))


@_key("keyword", check=_str_missing, chars=True)
def _keyword(game, obj, ch, v, controller, source) -> bool:
    return any(kw.lower() == v.lower() for kw in ch.keywords)


@_key("not_keyword", check=_str_missing, chars=True)
def _not_keyword(game, obj, ch, v, controller, source) -> bool:
    return not any(kw.lower() == v.lower() for kw in ch.keywords)


@_key("name", check=_str_missing, chars=True)
def _name(game, obj, ch, v, controller, source) -> bool:
    return ch.name == v or obj.card.name == v


@_key("has_name", check=_str_missing)
def _has_name(game, obj, ch, v, controller, source) -> bool:
    """201.2b: any of its names (a split card off the stack has two)."""
    return card_names.has_name(game, obj.id, v)


@_key("creature_type", check=_str_missing, chars=True)
def _creature_type(game, obj, ch, v, controller, source) -> bool:
    """205.3m; a changeling is every creature type (702.73a)."""
    return v in ch.subtypes or any(kw.lower() == "changeling" for kw in ch.keywords)


@_key("name_not_shared", check=_sub_filter_missing)
def _name_not_shared(game, obj, ch, v, controller, source) -> bool:
    """201.2: same name = same English name; a face-down one has none."""
    mine = characteristics(game, obj.id).name
    return not mine or not any(
        p.id != obj.id
        and not p.face_down
        and characteristics(game, p.id).name == mine
        and matches(game, p.id, v, controller=controller, source=source)
        for p in game.battlefield()
    )


@_key("equipped", check=_bool_missing)
def _equipped(game, obj, ch, v, controller, source) -> bool:
    """301.5: an Equipment is attached to it."""
    return bool(attached_objects(game, obj.id, "Equipment")) == v


@_key("enchanted", check=_bool_missing)
def _enchanted(game, obj, ch, v, controller, source) -> bool:
    """303.4d: an Aura is attached to it."""
    return bool(attached_objects(game, obj.id, "Aura")) == v


@_key("modified", check=_bool_missing)
def _modified_key(game, obj, ch, v, controller, source) -> bool:
    return _modified(game, obj) == v


@_key("goaded", check=_bool_missing)
def _goaded(game, obj, ch, v, controller, source) -> bool:
    """701.15a: a goad recorded on this object (400.7) still in force."""
    stamp = game.zone_changes.get(obj.id, 0)
    goaded = any(
        e.kind == "goad" and (obj.id, stamp) in zip(e.objects, e.stamps, strict=False)
        for e in game.continuous
    )
    return goaded == v


@_key("counter", check=_str_missing)
def _counter(game, obj, ch, v, controller, source) -> bool:
    return obj.counter(v) > 0


@_key("has_counters", check=_bool_missing)
def _has_counters(game, obj, ch, v, controller, source) -> bool:
    return bool(obj.counters) == v


@_key("historic", check=_bool_missing, chars=True)
def _historic(game, obj, ch, v, controller, source) -> bool:
    hist = "Artifact" in ch.types or "Legendary" in ch.supertypes or "Saga" in ch.subtypes
    return hist == v


_PERMANENT_TYPES = frozenset(
    {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
)


@_key("permanent_card", check=_bool_missing, chars=True)
def _permanent_card(game, obj, ch, v, controller, source) -> bool:
    return bool(set(ch.types) & _PERMANENT_TYPES) == v


@_key("summoning_sick", check=_bool_missing)
def _summoning_sick(game, obj, ch, v, controller, source) -> bool:
    sick = obj.entered_turn >= game.turn  # 302.6: not controlled since its turn began
    return sick == v


@_key("entered_this_turn", check=_bool_missing)
def _entered_this_turn(game, obj, ch, v, controller, source) -> bool:
    return (obj.entered_turn == game.turn) == v


@_key("dealt_damage_this_turn", check=_bool_missing)
def _dealt_damage_this_turn(game, obj, ch, v, controller, source) -> bool:
    hit = (obj.id, game.zone_changes.get(obj.id, 0)) in game.this_turn.damaged
    return hit == v


@_key("transformed", check=_bool_missing)
def _transformed(game, obj, ch, v, controller, source) -> bool:
    card = obj.card
    back = card.layout in ("transform", "modal_dfc") and obj.face not in (None, card.front.name)
    return back == v


@_key("no_abilities", check=_bool_missing, chars=True)
def _no_abilities(game, obj, ch, v, controller, source) -> bool:
    return (not _has_abilities(game, obj, ch)) == v


@_key("toughness_greater_than_power", check=_bool_missing, chars=True)
def _toughness_greater_than_power(game, obj, ch, v, controller, source) -> bool:
    ok = ch.power is not None and ch.toughness is not None and ch.toughness > ch.power
    return ok == v


@_key("power_greater_than_base", check=_bool_missing, chars=True)
def _power_greater_than_base(game, obj, ch, v, controller, source) -> bool:
    ok = ch.power is not None and ch.base_power is not None and ch.power > ch.base_power
    return ok == v


@_key("ring_bearer", check=_bool_missing)
def _ring_bearer(game, obj, ch, v, controller, source) -> bool:
    """701.54c: the last chosen, while its chooser controls it."""
    return _is_ring_bearer(game, obj) == v


@_key("power_less_than_source", check=_bool_missing, chars=True)
def _power_less_than_source(game, obj, ch, v, controller, source) -> bool:
    """ "With power less than this creature's power"."""
    theirs = _source_power(game, source)
    ok = ch.power is not None and theirs is not None and ch.power < theirs
    return ok == v


@_key("greatest_power_controlled", check=_bool_missing, chars=True)
def _greatest_power_controlled(game, obj, ch, v, controller, source) -> bool:
    return _greatest_power(game, obj, ch) == v


@_key("greatest_power", check=_bool_missing, chars=True)
def _greatest_power_key(game, obj, ch, v, controller, source) -> bool:
    return _greatest_power(game, obj, ch, anyone=True) == v


@_key("kicked", check=_bool_missing)
def _kicked(game, obj, ch, v, controller, source) -> bool:
    item = _spell_item(game, obj.id)
    kicked = bool(item.data.get("kicked")) if item is not None and item.data else False
    return kicked == v


@_key("no_mana_spent", check=_bool_missing)
def _no_mana_spent_key(game, obj, ch, v, controller, source) -> bool:
    return _no_mana_spent(game, obj) == v


@_key("adventure", check=_bool_missing)
def _adventure(game, obj, ch, v, controller, source) -> bool:
    return (obj.card.layout == "adventure") == v


@_key("x_in_cost", check=_bool_missing)
def _x_in_cost(game, obj, ch, v, controller, source) -> bool:
    return obj.card.has_x == v


@_key("or", check=_filters_missing)
def _or(game, obj, ch, v, controller, source) -> bool:
    return any(matches(game, obj.id, f, controller=controller, source=source) for f in v)


@_key("and", check=_filters_missing)
def _and(game, obj, ch, v, controller, source) -> bool:
    return all(matches(game, obj.id, f, controller=controller, source=source) for f in v)


@_key("not", check=_sub_filter_missing)
def _not(game, obj, ch, v, controller, source) -> bool:
    return not matches(game, obj.id, v, controller=controller, source=source)


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
# The one reader of a filter in words, for every user of one (op filters, costs, target
# restrictions, cascade grants): type/color/mana-value terms joined by commas ("nonland,
# mv<=3", "instant or sorcery"), else words of supertypes and subtypes ("basic land card",
# "Forest card", "card named X"). Words it doesn't know make the whole filter None (not
# simulated), never a guess.
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
_MV_OR = re.compile(r"^mana value (\d+) or (greater|more|less)$")  # "mana value 6 or greater"
_OR_WORDS = {"greater": ">=", "more": ">=", "less": "<="}


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
    m = _MV_OR.match(term)
    if m:
        return {"mv": [_OR_WORDS[m.group(2)], int(m.group(1))]}
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
    """A hand-written filter in words as a filter dict ({} matches anything); None when a
    word is not understood. Type, color and mana-value terms, commas meaning AND ("nonland,
    mv<=3", "instant or sorcery", "permanent card", "mana value 6 or greater"); else the
    supertype and subtype words of the bundled data ("basic land card" -> {"supertypes":
    ["Basic"], "types": ["Land"]}, "Forest card", "Plains/Island card", "card named X")."""
    terms = [t for t in (text or "").split(",") if t.strip()]
    out: list[dict] = []
    for t in terms:
        f = _word_term(t)
        if f is None:
            return _typed_words(text or "")
        if f:
            out.append(f)
    if not out:
        return {}
    return out[0] if len(out) == 1 else {"and": out}


_TYPES = tuple(w.capitalize() for w in sorted(_TYPE_WORDS))
_SUPER = ("Basic", "Legendary", "Snow")
_CREATURE_TYPES = frozenset(CREATURE_TYPES)
_BASIC = ["Plains", "Island", "Swamp", "Mountain", "Forest"]


def _typed_words(text: str) -> dict | None:  # noqa: C901 - one branch per word form
    """The supertype/subtype words ("basic land card" -> {"supertypes": ["Basic"], "types":
    ["Land"]}); a capitalised word in the text is a subtype ("Forest card", "Sliver")."""
    named = re.fullmatch(r"\s*(?:an?\s+)?card named (.+?)\s*", text)
    if named:
        return {"name": named.group(1)}
    if re.fullmatch(r"\s*(?:an?\s+)?land (?:card )?having a basic land type\s*", text.lower()):
        return {"types": ["Land"], "subtypes_any": list(_BASIC)}
    t = text.strip().lower().replace("cards", "card")
    t = re.sub(r"^(an?|any|the)\s+", "", t)
    t = re.sub(r"\s+card$|^card$", "", t).strip()
    if not t:
        return {}
    out: dict = {}
    parts = [p.strip() for p in re.split(r",\s*|\s+and\s+", t) if p.strip()]
    for part in parts:
        m = re.fullmatch(r"mv\s*(<=|>=|==|<|>|=)\s*(\d+)", part)
        if m:
            out["mv"] = ["==" if m.group(1) == "=" else m.group(1), int(m.group(2))]
            continue
        if "/" in part:  # "Plains/Island/Swamp/Mountain": any of these (sub)types
            alts = [w.strip().title() for w in part.split("/")]
            key = "types_any" if all(a in _TYPES for a in alts) else "subtypes_any"
            if key == "subtypes_any" and any(a in _TYPES for a in alts):
                return None  # a mix of types and subtypes: not one filter key
            out.setdefault(key, []).extend(alts)
            continue
        for w in part.split():
            neg = w.startswith("non")
            base = w[3:].lstrip("-") if neg else w
            if base.title() in _TYPES:
                out.setdefault("not_types" if neg else "types", []).append(base.title())
            elif base.title() in _SUPER and not neg:
                out.setdefault("supertypes", []).append(base.title())
            elif base == "permanent" and not neg:
                out["permanent_card"] = True
            elif base == "colorless" and not neg:
                out["colorless"] = True
            elif w[:1].isalpha() and not neg and _is_subtype_word(text, w):
                out.setdefault("subtypes", []).append(_singular(w.title()))
            else:
                return None
    return out


def _singular(subtype: str) -> str:
    """ "Slivers" is the creature type Sliver (205.3m); a word that is a type as it is stays."""
    if subtype.endswith("s") and subtype not in _CREATURE_TYPES and subtype[:-1] in _CREATURE_TYPES:
        return subtype[:-1]
    return subtype


def _is_subtype_word(text: str, word: str) -> bool:
    """A capitalised word in the original text is a subtype ("Forest card", "Equipment card")."""
    return bool(re.search(rf"\b{re.escape(word.title())}\b", text))


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
