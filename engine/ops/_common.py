"""Shared pieces of the card/zone/life/damage op families: references to objects and
players, amounts, filters, putting a card onto the battlefield, choosing cards.

Filters, dynamic values and conditions are the runtime's (engine.filters, engine.values);
this module adapts them to the ops: a hand-written filter in words ("basic land card")
is read into the FILTER_KEYS language first, and anything either can't read is named as
not simulated by the op's check (all or nothing).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine import targets as targeting
from engine.effects import Ctx
from engine.events import DecisionKind

# --------------------------------------------------------------------------- amounts

_EXPR = re.compile(r"^-?X([+-]\d+)?$|^-?\d+$")


def value_problem(v: object) -> str | None:
    """Why an amount can't be computed (None: it can): ints, "X", "X+1", {"dv": ...}."""
    if isinstance(v, bool):
        return f"the amount {v!r}"
    if isinstance(v, int):
        return None
    if isinstance(v, str):
        return None if _EXPR.match(v.replace(" ", "")) else f"the amount {v.replace('_', ' ')}"
    if isinstance(v, dict) and "dv" in v:
        return _values_missing(v)
    return f"the amount {v!r}"[:80]


def value(ctx: Ctx, v: object, default: int = 0) -> int:
    """The number an amount stands for now (never negative for a count of things)."""
    if v is None:
        return default
    if isinstance(v, dict):
        return _value_of(ctx, v)
    return ctx.amount({"n": v}, "n", default)


def _values_missing(v: dict) -> str | None:
    return f"the amount ({v.get('dv')})"  # RUNTIME: values.value_missing


def _value_of(ctx: Ctx, v: dict) -> int:
    raise AssertionError("checked: no dynamic value is simulated yet")  # RUNTIME: values.value_of


# --------------------------------------------------------------------------- filters

_TYPES = (
    "Artifact",
    "Battle",
    "Creature",
    "Enchantment",
    "Instant",
    "Land",
    "Planeswalker",
    "Sorcery",
    "Kindred",
)
_SUPER = ("Basic", "Legendary", "Snow")


def words_filter(text: str) -> dict | None:
    """A hand-written filter in words read into FILTER_KEYS ("basic land card" ->
    {"supertypes": ["Basic"], "types": ["Land"]}); None if the words aren't all understood."""
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
            out["mv"] = [
                m.group(1).replace("=", "==") if m.group(1) == "=" else m.group(1),
                int(m.group(2)),
            ]
            continue
        if "/" in part:  # "Plains/Island/Swamp/Mountain": any of these subtypes
            out.setdefault("subtypes_any", []).extend(w.strip().title() for w in part.split("/"))
            continue
        words = part.split()
        for w in words:
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
            elif w[:1].isalpha() and not neg and text.find(w) >= 0 and _is_subtype_word(text, w):
                out.setdefault("subtypes", []).append(w.title())
            else:
                return None
    return out


def _is_subtype_word(text: str, word: str) -> bool:
    """A capitalised word in the original text is a subtype ("Forest card", "Equipment card")."""
    return bool(re.search(rf"\b{re.escape(word.title())}\b", text))


def as_filter(flt: object) -> dict | None:
    """A filter as a FILTER_KEYS dict ({} matches anything); None if it can't be read."""
    if flt is None:
        return {}
    if isinstance(flt, dict):
        return flt
    if isinstance(flt, str):
        return words_filter(flt)
    return None


def filter_problem(flt: object) -> str | None:
    """The part of a filter that is not simulated (None: all of it is)."""
    f = as_filter(flt)
    if f is None:
        return f"the filter {str(flt)!r}"[:80]
    if not f:
        return None
    return _local_problem(f)  # RUNTIME: filters.filter_missing


def matches(ctx: Ctx, oid: int, flt: object) -> bool:
    """Whether the object (in any zone) matches the filter; the filter was checked."""
    f = as_filter(flt) or {}
    if not f:
        return True
    return _local_matches(ctx, oid, f)  # RUNTIME: filters.matches


_LOCAL = {
    "types",
    "types_any",
    "not_types",
    "subtypes",
    "subtypes_any",
    "supertypes",
    "not_supertypes",
    "name",
    "colorless",
    "permanent_card",
    "controller",
    "other",
    "token",
    "mv",
}


def _local_problem(f: dict) -> str | None:
    unknown = sorted(set(f) - _LOCAL)
    return f"the filter ({', '.join(unknown)})" if unknown else None


def _local_matches(ctx: Ctx, oid: int, f: dict) -> bool:
    game = ctx.game
    obj = game.obj(oid)
    face = game.face(obj)
    types, subs, sups = set(face.types), set(face.subtypes), set(face.supertypes)
    checks = {
        "types": lambda v: set(v) <= types,
        "types_any": lambda v: bool(set(v) & types),
        "not_types": lambda v: not set(v) & types,
        "subtypes": lambda v: set(v) <= subs,
        "subtypes_any": lambda v: bool(set(v) & subs),
        "supertypes": lambda v: set(v) <= sups,
        "not_supertypes": lambda v: not set(v) & sups,
        "name": lambda v: obj.card.name == v or face.name == v,
        "colorless": lambda v: (not face.colors) == bool(v),
        "permanent_card": lambda v: face.is_permanent == bool(v),
        "controller": lambda v: (obj.controller == ctx.controller) == (v == "you"),
        "other": lambda v: (oid != ctx.source) == bool(v),
        "token": lambda v: obj.is_token == bool(v),
        "mv": lambda v: targeting._compare(face.mana_value(0), v[0], int(v[1])),
    }
    return all(checks[k](v) for k, v in f.items())


# ----------------------------------------------------------------- references, players

OBJECT_REFS = ("target", "targets", "self", "trigger_object")


def ref_problem(ref: object, ctx: Ctx | None) -> str | None:
    """Why an object reference can't be followed (None: it can)."""
    if isinstance(ref, dict) and isinstance(ref.get("target"), int):
        return None
    if ref in ("target", "targets", "self", None):
        return None
    if ref == "trigger_object":
        return None if _has(ctx, "trigger_object") else "the object the trigger was about"
    return f"{str(ref).replace('_', ' ')}"


def _has(ctx: Ctx | None, attr: str) -> bool:
    return hasattr(Ctx, attr) or (ctx is not None and hasattr(ctx, attr))


def target_refs(ctx: Ctx, index: int | None = None) -> list[str]:
    """The still-legal target refs of spec ``index`` (all specs when None, 608.2b)."""
    groups = getattr(ctx, "target_groups", None)
    if index is None:
        refs: Sequence[str] = ctx.targets
    elif groups is not None:
        refs = groups[index] if index < len(groups) else ()
    else:  # one target per spec (what targets.choose gives): spec n is the n-th target
        refs = ctx.targets[index : index + 1] if index < len(ctx.targets) else ()
    return [r for r in refs if targeting.is_legal(ctx.game, r, stamps=ctx.stamps)]


def objects(ctx: Ctx, ref: object, o: dict | None = None) -> list[int]:
    """The objects a reference means now (targets still legal; self if it still exists)."""
    o = o or {}
    if isinstance(ref, dict):
        return [int(r[1:]) for r in target_refs(ctx, ref["target"]) if r.startswith("o")]
    if ref in ("target", None):
        idx = o.get("target")
        refs = target_refs(ctx, idx if isinstance(idx, int) else None)
        return [int(r[1:]) for r in refs if r.startswith("o")]
    if ref == "targets":
        return [int(r[1:]) for r in target_refs(ctx) if r.startswith("o")]
    if ref == "self":
        return [ctx.source] if ctx.source is not None and ctx.game.zone_of(ctx.source) else []
    if ref == "trigger_object":
        oid = getattr(ctx, "trigger_object", None)
        return [oid] if oid is not None and ctx.game.zone_of(oid) else []
    return []


WHO = (
    "you",
    "each_opponent",
    "target_opponent",
    "target_player",
    "each_player",
    "active_player",
    "controller_of_target",
    "trigger_player",
    "controller_of_trigger_object",
    "opponent",
)


def who_problem(who: object, ctx: Ctx | None) -> str | None:
    """Why a player group can't be followed (None: it can)."""
    if who is None or who in (
        "you",
        "each_opponent",
        "target_opponent",
        "target_player",
        "each_player",
        "active_player",
        "controller_of_target",
        "opponent",
    ):
        return None
    if who == "trigger_player":
        return None if _has(ctx, "trigger_player") else "the player the trigger was about"
    if who == "controller_of_trigger_object":
        return None if _has(ctx, "trigger_object") else "the controller of the trigger's object"
    return f"the players {str(who).replace('_', ' ')}"


def players(ctx: Ctx, who: object, o: dict | None = None) -> list[int]:
    """The players a group names, in APNAP order for "each" groups (101.4)."""
    game = ctx.game
    o = o or {}
    n = len(game.zones)
    alive = [p for p in range(n) if p not in game.lost]
    apnap = [p for p in [game.active, *range(n)] if p in alive]
    apnap = list(dict.fromkeys(apnap))
    if who in (None, "you"):
        return [ctx.controller]
    if who == "each_player":
        return apnap
    if who in ("each_opponent", "opponent"):
        return [p for p in apnap if p != ctx.controller]
    if who in ("target_player", "target_opponent"):
        idx = o.get("target")
        refs = target_refs(ctx, idx if isinstance(idx, int) else None)
        return [int(r[1:]) for r in refs if r.startswith("p")]
    if who == "active_player":
        return [game.active]
    if who == "controller_of_target":
        idx = o.get("target")
        refs = target_refs(ctx, idx if isinstance(idx, int) else None)
        out = [game.obj(int(r[1:])).controller for r in refs if r.startswith("o")]
        if not out:  # the target left: its last known controller (608.2h) is its owner here
            raw = ctx.targets[idx or 0 : (idx or 0) + 1] if ctx.targets else ()
            out = [game.obj(int(r[1:])).owner for r in raw if r.startswith("o")]
        return out
    if who == "trigger_player":
        p = getattr(ctx, "trigger_player", None)
        return [p] if p is not None else []
    if who == "controller_of_trigger_object":
        oid = getattr(ctx, "trigger_object", None)
        return [game.obj(oid).controller] if oid is not None else []
    return []


# ------------------------------------------------------------------------- choosing


def choose_cards(
    ctx: Ctx,
    ids: Sequence[int],
    n: int,
    kind: DecisionKind,
    prompt: str,
    rule: str,
    *,
    player: int,
    may_stop: bool = False,
    verb: str = "Choose",
) -> list[int]:
    """``player`` chooses up to ``n`` of ``ids`` one at a time (exactly min(n, len) unless
    ``may_stop``). Cards with the same name are interchangeable: one option each; no
    decision when the choice can't matter."""
    game = ctx.game
    left = list(ids)
    chosen: list[int] = []
    while left and len(chosen) < n:
        by_name: dict[str, int] = {}
        for i in left:
            by_name.setdefault(game.obj(i).name, i)
        if not may_stop and (len(by_name) == 1 or len(left) <= n - len(chosen)):
            take = left[: n - len(chosen)]
            chosen += take
            break
        options = [(f"card:o{i}", f"{verb} {game.obj(i).name}") for i in by_name.values()]
        if may_stop:
            options.append(("card:none", "None (stop here)"))
        key = game.decide(
            kind,
            f"{prompt} ({len(chosen) + 1} of {'up to ' if may_stop else ''}{n})",
            options,
            rule,
            player=player,
            subject=ctx.label,
            objects=list(by_name.values()),
        )
        if key == "card:none":
            break
        oid = int(key.split(":o")[1])
        chosen.append(oid)
        left.remove(oid)
    return chosen


def order_cards(ctx: Ctx, ids: Sequence[int], prompt: str, rule: str, *, player: int) -> list[int]:
    """``player`` puts the cards in an order (first chosen = first in the result); cards
    with the same name need no order between them."""
    game = ctx.game
    left = list(ids)
    out: list[int] = []
    while left:
        names = {game.obj(i).name for i in left}
        if len(names) <= 1:
            out += left
            break
        by_name: dict[str, int] = {}
        for i in left:
            by_name.setdefault(game.obj(i).name, i)
        key = game.decide(
            DecisionKind.ORDER_CARDS,
            prompt,
            [(f"first:o{i}", f"Next: {game.obj(i).name}") for i in by_name.values()],
            rule,
            player=player,
            subject=ctx.label,
            objects=list(by_name.values()),
        )
        oid = int(key.split(":o")[1])
        out.append(oid)
        left.remove(oid)
    return out


def yes_no(
    ctx: Ctx,
    kind: DecisionKind,
    prompt: str,
    rule: str,
    *,
    player: int,
    yes: str = "Yes",
    no: str = "No",
) -> bool:
    """A yes/no decision (the first option, what an automatic player takes, is yes)."""
    key = ctx.game.decide(
        kind, prompt, [("yes", yes), ("no", no)], rule, player=player, subject=ctx.label
    )
    return key == "yes"


# ----------------------------------------------------------------- onto the battlefield


def put_onto_battlefield(
    ctx: Ctx, oid: int, controller: int, *, tapped: bool = False, counters: Sequence[dict] = ()
) -> None:
    """A card is put onto the battlefield (not cast): it enters as a new object under
    ``controller``'s control (400.7, 110.2a); its replacement effects and enter triggers
    apply (614.12, 603.6a)."""
    game = ctx.game
    game.move(oid, "battlefield", controller)
    game.set_status(oid, controller=controller, entered_turn=game.turn, was_cast=False)
    if tapped:
        game.tap(oid)
    for c in counters:
        game.add_counters(oid, str(c.get("counter")), int(c.get("n") or 1))


def entered(ctx: Ctx, ids: Sequence[int]) -> None:
    """Enter hooks for permanents put onto the battlefield together (after their event)."""
    game = ctx.game
    for oid in ids:
        where = game.zone_of(oid)
        if where and where[1] == "battlefield":
            for hook in game.rules.on_enter:
                hook(game, oid, cast=False, x=0, free=False)
