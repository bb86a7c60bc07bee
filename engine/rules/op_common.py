"""Shared pieces of the card/zone/life/damage op families: references to objects and
players, amounts, filters, putting a card onto the battlefield, choosing cards.

Filters and dynamic values are the runtime's (engine.lang.filters, engine.lang.values); this module
adapts them to the ops: a hand-written filter in words is read by the runtime's one reader
(``filters.words_to_filter``: "nonland, mv<=3", "basic land card", "Forest card"); what it
can't read is named as not simulated by the op's check (all or nothing). Trigger
references read the trigger event (``ctx.event``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from engine.cards.definitions import CardDef, Face, format_type_line
from engine.core.continuous import ContinuousEffect
from engine.core.events import DecisionKind, EventKind
from engine.lang import filters, refs
from engine.lang.effects import Ctx
from engine.lang.refs import nth_target_refs as _nth
from engine.rules import layers

# --------------------------------------------------------------------------- amounts


# --------------------------------------------------------------------------- filters


def as_filter(flt: object) -> dict | None:
    """A filter as a FILTER_KEYS dict ({} matches anything); None if it can't be read.
    Words are read by the one reader of filters in words (``filters.words_to_filter``)."""
    if flt is None:
        return {}
    if isinstance(flt, dict):
        return flt
    if isinstance(flt, str):
        return filters.words_to_filter(flt)
    return None


def filter_problem(flt: object) -> str | None:
    """The part of a filter that is not simulated (None: all of it is)."""
    f = as_filter(flt)
    if f is None:
        return f"the filter {str(flt)!r}"[:80]
    part = filters.filter_missing(f) if f else None
    return f"the {part}" if part else None


def matches(ctx: Ctx, oid: int, flt: object, *, player: int | None = None) -> bool:
    """Whether the object (in any zone) matches the filter; the filter was checked.
    ``player``: whose point of view "you" is (the player who sacrifices or chooses: "each
    opponent sacrifices a creature they control" reads ``controller: you`` as theirs)."""
    f = as_filter(flt) or {}
    if not f:
        return not ctx.game.obj(oid).phased_out  # 702.26b (filters.matches says it too)
    me = ctx.controller if player is None else player
    return filters.matches(ctx.game, oid, f, controller=me, source=ctx.source)


# ----------------------------------------------------------------- references, players

OBJECT_REFS = ("target", "targets", "self", "trigger_object")


def ref_problem(ref: object, ctx: Ctx | None) -> str | None:
    """Why an object reference can't be followed (None: it can)."""
    if isinstance(ref, dict) and isinstance(ref.get("target"), int):
        return None if refs.is_target_ref(ref) else f"reference {ref!r}"
    if ref in ("target", "targets", "self", "moved", None):
        return None
    if ref == "trigger_object":
        return None if _has_event(ctx, "object") else "the object the trigger was about"
    return f"{str(ref).replace('_', ' ')}"


def _has_event(ctx: Ctx | None, key: str) -> bool:
    """Whether the trigger event (``ctx.event``: amount, player, object) has ``key``; without
    a game (coverage) a trigger's event is assumed to carry it."""
    return ctx is None or key in (getattr(ctx, "event", None) or {})


def trigger_object(ctx: Ctx) -> int | None:
    oid = (getattr(ctx, "event", None) or {}).get("object")
    return int(oid) if oid is not None else None


def exiled_with(ctx: Ctx) -> list[int]:
    """The cards exiled with the source (607.2a): by the object that just left the
    battlefield when a leaves-the-battlefield ability resolves (603.10a), else by the source
    as it is now."""
    if ctx.source is None:
        return []
    was = (ctx.event or {}).get("source_left")
    return ctx.game.exiled_with(ctx.source, was if isinstance(was, int) else None)


def trigger_player(ctx: Ctx) -> int | None:
    p = (getattr(ctx, "event", None) or {}).get("player")
    return int(p) if p is not None else None


def target_refs(ctx: Ctx, index: int | None = None) -> list[str]:
    """The still-legal target refs (608.2b) of spec ``index``; with None, what a plain
    "target" means (spec 0 when the ability has several specs, else every target)."""
    if index is None:
        return ctx.target_refs(None)
    return [r for r in ctx.refs(index) if ctx.legal(r)]


def objects(ctx: Ctx, ref: object, o: dict | None = None) -> list[int]:
    """The objects a reference means now (targets still legal; self if it still exists)."""
    o = o or {}
    if isinstance(ref, dict):
        chosen = _nth(ctx, ref) if "nth" in ref else target_refs(ctx, ref["target"])
        return [int(r[1:]) for r in chosen if r.startswith("o")]
    if ref in ("target", None):
        idx = o.get("target")
        refs = target_refs(ctx, idx if isinstance(idx, int) else None)
        return [int(r[1:]) for r in refs if r.startswith("o")]
    if ref == "targets":
        return [int(r[1:]) for r in ctx.targets if r.startswith("o") and ctx.legal(r)]
    if ref == "self":
        return [ctx.source] if ctx.source is not None and ctx.game.zone_of(ctx.source) else []
    if ref == "trigger_object":
        oid = trigger_object(ctx)
        return [oid] if oid is not None and ctx.game.zone_of(oid) else []
    if ref == "moved":  # "it"/"them": what the previous op moved, as the new objects (400.7)
        zc = ctx.game.zone_changes
        return [
            oid
            for oid, n in (ctx.moved or ())
            if zc.get(oid, 0) == n and ctx.game.zone_of(oid) is not None
        ]
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
        "owner_of_target",
        "opponent",
    ):
        return None
    if who == "trigger_player":
        return None if _has_event(ctx, "player") else "the player the trigger was about"
    if who == "controller_of_trigger_object":
        return None if _has_event(ctx, "object") else "the controller of the trigger's object"
    return f"the players {str(who).replace('_', ' ')}"


def players(ctx: Ctx, who: object, o: dict | None = None) -> list[int]:
    """The players a group names, in APNAP order for "each" groups (101.4)."""
    game = ctx.game
    o = o or {}
    n = len(game.players)
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
        if not out:  # the target left: its last known controller (608.2h)
            raw = ctx.refs(idx if isinstance(idx, int) else 0)
            out = [_last_controller(game, int(r[1:])) for r in raw if r.startswith("o")]
        return out
    if who == "owner_of_target":
        idx = o.get("target")
        raw = ctx.refs(idx if isinstance(idx, int) else 0)
        return [game.obj(int(r[1:])).owner for r in raw if r.startswith("o")]
    if who == "trigger_player":
        p = trigger_player(ctx)
        return [p] if p is not None else []
    if who == "controller_of_trigger_object":
        oid = trigger_object(ctx)
        return [game.obj(oid).controller] if oid is not None else []
    return []


def _last_controller(game, oid: int) -> int:
    """Who controlled the object when it was last on the battlefield (608.2h), else its owner."""
    lki = getattr(game, "last_known", {}).get(oid)
    return lki.controller if lki is not None else game.obj(oid).owner


# ------------------------------------------------------------------------- choosing


def pick_one(ctx: Ctx, ids: Sequence[int], prompt: str, rule: str) -> list[int]:
    """The controller picks one of ``ids`` to copy ("Copy <name>" options); no decision
    for one or none. Returns [the pick] or ``ids`` as they are."""
    if len(ids) <= 1:
        return list(ids)
    game = ctx.game
    key = game.decide(
        DecisionKind.PICK,
        f"{ctx.label}: {prompt}",
        [(f"card:o{i}", f"Copy {game.obj(i).name}") for i in ids],
        rule,
        player=ctx.controller,
        subject=ctx.label,
        objects=tuple(ids),
    )
    return [int(key.split(":o")[1])]


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


# ------------------------------------------------------------------ "you may" (optional)


def optional_op(fn: Callable[[Ctx, dict], None]) -> Callable[[Ctx, dict], None]:
    """An op with ``optional: true`` ("you may ...") asks its controller first (608.2d); no:
    nothing of it happens and ``did`` is False ("if you do", 608.2c)."""

    @functools.wraps(fn)
    def run(ctx: Ctx, o: dict) -> None:
        if o.get("optional") is True:
            what = str(o.get("op", "?")).replace("_", " ")
            if not yes_no(
                ctx,
                DecisionKind.MAY,
                f"{ctx.label}: {what}? (you may)",
                "608.2d",
                player=ctx.controller,
                yes="Yes",
                no="No",
            ):
                ctx.emit(
                    EventKind.DECLINE,
                    f"{ctx.game.pname(ctx.controller)} chooses not to ({ctx.label}: {what}).",
                    "608.2d",
                    data={"op": o.get("op")},
                )
                ctx.did = False
                return
        fn(ctx, o)

    return run


# ------------------------------------------------------------------ continuous effects
def begin(
    ctx: Ctx,
    o: dict,
    kind: str,
    layer: str,
    objects: list[int],
    data: dict,
    rule: str,
    what: str,
) -> ContinuousEffect | None:
    """Record one continuous effect on ``objects`` and say so; nothing to affect is said too.
    (Shared by the op families: here, outside engine.ops, so no family imports another.)"""
    game = ctx.game
    duration = str(o.get("duration") or "end_of_turn")
    if duration == "while_on_battlefield":  # from a resolution: while its source stays
        duration = "while_source_on_battlefield"
    if not objects:
        ctx.emit(
            EventKind.EFFECT,
            f"{ctx.label}: {what} — nothing to apply it to.",
            rule,
            amount=0,
            data={"kind": kind, "objects": []},
        )
        return None
    effect = ContinuousEffect(
        id=game.new_id(),
        kind=kind,
        layer=layer,
        controller=ctx.controller,
        source=ctx.source,
        source_stamp=layers.stamp_of(game, ctx.source),
        duration=duration,
        turn=game.turn,
        timestamp=game.next_timestamp(),
        objects=tuple(objects),
        stamps=tuple(layers.stamp_of(game, i) for i in objects),
        data=data,
    )
    game.add_continuous(effect)
    names = ", ".join(game.obj(i).name for i in objects)
    until = {
        "end_of_turn": " until end of turn",
        "this_turn": " this turn",
        "permanent": "",
        "while_source_on_battlefield": " while its source remains",
    }.get(duration, f" ({duration.replace('_', ' ')})")
    ctx.emit(
        EventKind.EFFECT,
        f"{ctx.label}: {names} {what}{until}" + (f" (layer {layer})." if layer else "."),
        rule,
        objects=objects,
        amount=len(objects),
        data={
            "kind": kind,
            "effect": effect.id,
            "layer": layer,
            "duration": duration,
            "objects": list(objects),
            **{k: v for k, v in data.items() if k != "op"},
        },
    )
    return effect


# ------------------------------------------------------------- tokens (CR 111)
# Shared by the token family and any family that makes a token (the Germ of living
# weapon): here, not in engine.ops.tokens, so families never import one another.
def token_card(o: dict) -> CardDef:
    """The CardDef of an inline token definition (111.4: name and subtypes; 111.10 kinds)."""
    name = o.get("token", "Token")
    pt = o.get("pt")
    power, toughness = (str(pt).split("/") + [None])[:2] if pt else (None, None)
    types = tuple(o.get("types") or (("Creature",) if pt else ("Artifact",)))
    subtypes = tuple(o.get("subtypes") or (name,))
    supertypes = tuple(o.get("supertypes") or ())
    return CardDef(
        name=f"{name} token",
        faces=(
            Face(
                name=name,
                type_line=format_type_line(supertypes, types, subtypes),
                supertypes=supertypes,
                types=types,
                subtypes=subtypes,
                power=power,
                toughness=toughness,
                colors=tuple(c for c in "WUBRG" if c in (o.get("colors") or ())),
                keywords=tuple(o.get("keywords") or ()),
            ),
        ),
        effects_raw=dict(o["abilities"]) if isinstance(o.get("abilities"), dict) else None,
    )


def make(
    ctx: Ctx,
    card: CardDef,
    n: int,
    *,
    tapped: bool = False,
    face: str | None = None,
    player: int | None = None,
) -> list[int]:
    """Create ``n`` tokens of ``card`` under the controller's (or ``player``'s) control; they
    enter the battlefield (their enter replacement effects and triggers apply, 111.1)."""
    game = ctx.game
    made = []
    for _ in range(n):
        status: dict = {"tapped": tapped, "entered_turn": game.turn}
        if face:
            status["face"] = face
        obj = game.create(
            card, ctx.controller if player is None else player, "battlefield", token=True, **status
        )
        made.append(obj.id)
    return made


def token_entered(ctx: Ctx, ids: list[int]) -> None:
    """The tokens' enter-the-battlefield hooks (replacement effects, triggers)."""
    game = ctx.game
    for oid in ids:
        for hook in game.rules.on_enter:
            hook(game, oid, cast=False)
