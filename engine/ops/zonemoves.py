"""Cards coming back: return from a graveyard, put onto the battlefield, flicker, return the
cards exiled with a source, Living Death / Living End, and the "exile it instead"
replacement (CR 614.1a).

A card put onto the battlefield is a new object (400.7) that was not cast: its enter
replacement effects and triggers apply (614.12, 603.6a) after the move's event.
"""

from __future__ import annotations

from engine.core.events import DecisionKind, EventKind
from engine.lang.effects import Ctx, op
from engine.rules import op_common as c
from engine.rules import permanents, stack

_CONTROLLER = ("owner", "you", None)


def _names(ctx: Ctx, ids: list[int]) -> str:
    return ", ".join(ctx.game.obj(i).name for i in ids) or "nothing"


def _in_zone(ctx: Ctx, oid: int, zone: str) -> bool:
    where = ctx.game.zone_of(oid)
    return bool(where and where[1] == zone)


def _enter_all(
    ctx: Ctx,
    ids: list[int],
    o: dict,
    rule: str,
    why: str,
    *,
    from_zone: str,
    default: str = "owner",
) -> None:
    """Put the cards onto the battlefield together, say so, then their enter hooks run.
    ``controller`` "you" / "owner" says under whose control; without it, ``default``."""
    game = ctx.game
    under = o.get("controller") or default
    stays = [
        oid
        for oid in ids
        if permanents.aura_stays(
            game, oid, ctx.controller if under == "you" else game.obj(oid).owner
        )
    ]
    if stays:  # 303.4g: an Aura with nothing it could enchant stays where it is
        ids = [oid for oid in ids if oid not in stays]
        ctx.emit(
            EventKind.NOTE,
            f"{_names(ctx, stays)} can't enter the battlefield: an Aura with nothing it could "
            f"enchant stays in its {from_zone}.",
            "303.4g",
            objects=stays,
            amount=len(stays),
            data={"stays": from_zone},
        )
    for oid in ids:
        controller = ctx.controller if under == "you" else game.obj(oid).owner
        c.put_onto_battlefield(
            ctx,
            oid,
            controller,
            tapped=bool(o.get("tapped")),
            counters=o.get("with_counters") or (),
        )
    ctx.emit(
        EventKind.TO_BATTLEFIELD,
        f"{ctx.label} puts {_names(ctx, ids)} onto the battlefield{why}.",
        rule,
        objects=ids,
        amount=len(ids),
        data={"from": from_zone, "tapped": bool(o.get("tapped"))},
    )
    c.entered(ctx, ids)
    ctx.did = bool(ids)


# -------------------------------------------------------------- return from graveyard


def _check_rfg(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("to") not in ("hand", "battlefield"):
        return f"return from the graveyard to {o.get('to')}"
    if o.get("controller") not in _CONTROLLER:
        return f"return under the control of {o['controller']}"
    wc = o.get("with_counters")
    if wc is not None and not (
        isinstance(wc, list)
        and all(
            isinstance(x, dict) and x.get("counter") and isinstance(x.get("n", 1), int) for x in wc
        )
    ):
        return f"return with counters {wc!r}"
    what = o.get("what", "target")
    if o.get("whose") is not None and (what != "all" or c.who_problem(o["whose"], ctx)):
        return f"return cards from the graveyards of {o['whose']}"
    if what in ("all", "chosen"):
        part = c.filter_problem(o.get("filter"))
        return f"return {what} cards from your graveyard: {part}" if part else None
    part = c.ref_problem(what, ctx)
    if part:
        return f"return {part} from the graveyard"
    return None


@op(
    "return_from_graveyard",
    check=_check_rfg,
)
@c.optional_op
def return_from_graveyard(ctx: Ctx, o: dict) -> None:
    """Cards go from a graveyard to their owner's hand or onto the battlefield (400.7)."""
    game = ctx.game
    what = o.get("what", "target")
    if what == "all":
        whose = c.players(ctx, o["whose"], o) if o.get("whose") else [ctx.controller]
        ids = [
            i
            for p in whose
            for i in game.players[p].zones["graveyard"]
            if c.matches(ctx, i, o.get("filter"))
        ]
    elif what == "chosen":  # chosen as it resolves, not targeted (608.2c, 115.1)
        able = [
            i
            for i in game.players[ctx.controller].zones["graveyard"]
            if c.matches(ctx, i, o.get("filter"))
        ]
        ids = c.choose_cards(
            ctx,
            able,
            1,
            DecisionKind.RETURN_CHOICE,
            f"{game.pname(ctx.controller)}: choose a card to return",
            "608.2c",
            player=ctx.controller,
            verb="Return",
        )
    else:
        ids = [i for i in c.objects(ctx, what, o) if _in_zone(ctx, i, "graveyard")]
    if o["to"] == "battlefield":
        # 110.2a: the player who puts it there controls it unless the effect says otherwise
        # ("return target card from a graveyard to the battlefield" is under your control)
        _enter_all(
            ctx,
            ids,
            o,
            "400.7, 110.2a",
            " from the graveyard",
            from_zone="graveyard",
            default="you",
        )
        return
    for oid in ids:
        game.move(oid, "hand")
    ctx.emit(
        EventKind.TO_HAND,
        f"{ctx.label} returns {_names(ctx, ids)} from the graveyard to its owner's hand.",
        "400.7",
        objects=ids,
        amount=len(ids),
        data={"from": "graveyard"},
    )
    ctx.did = bool(ids)


# ------------------------------------------------------------------ put onto battlefield

_LINKED_WORDS = (
    "the cards each player exiled this way",
    "the cards exiled this way",
    "the exiled card",
    "the exiled cards",
)


def _chosen_filter(o: dict) -> object:
    what = o.get("what")
    if what == "chosen":
        return o.get("filter")
    return what  # hand-written words: "a land card"


def _check_potb(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("repeat"):
        return f"put onto the battlefield, repeated ({o['repeat']})"
    if o.get("controller") not in _CONTROLLER:
        return f"put onto the battlefield under {o['controller']}'s control"
    what = o.get("what")
    if what in _LINKED_WORDS:
        return None if o.get("from", "exile") == "exile" else f"put {what} from {o['from']}"
    if what in ("trigger_object", "target", "targets", "self") or isinstance(what, dict):
        part = c.ref_problem(what, ctx)
        return f"put {part} onto the battlefield" if part else None
    if o.get("from") not in ("hand", "graveyard"):
        return f"put a chosen card from {o.get('from')} onto the battlefield"
    part = c.filter_problem(_chosen_filter(o)) or c.who_problem(o.get("who"), ctx)
    return f"put a card onto the battlefield: {part}" if part else None


@op(
    "put_onto_battlefield",
    check=_check_potb,
)
def put_onto_battlefield(ctx: Ctx, o: dict) -> None:
    """Put cards onto the battlefield without casting them (they enter as new objects)."""
    game = ctx.game
    what = o.get("what")
    if what in _LINKED_WORDS:
        ids = c.exiled_with(ctx)
        # 608.2c: "the exiled card" is also what the op just before exiled, linked or not
        ids += [
            oid
            for oid, n in ctx.moved or ()
            if oid not in ids and _in_zone(ctx, oid, "exile") and game.zone_changes.get(oid, 0) == n
        ]
        _enter_all(ctx, ids, o, "406.3", " (the cards exiled this way)", from_zone="exile")
        return
    if what in ("trigger_object", "target", "targets", "self") or isinstance(what, dict):
        ids = [
            i
            for i in c.objects(ctx, what, o)
            if not _in_zone(ctx, i, "battlefield") and not _in_zone(ctx, i, "library")
        ]
        _enter_all(ctx, ids, o, "400.7", "", from_zone=str(o.get("from", "any")))
        return
    zone = o.get("from", "hand")
    ids = []
    for p in c.players(ctx, o.get("who"), o):
        able = [
            i
            for i in game.players[p].zones[zone]
            if c.matches(ctx, i, _chosen_filter(o), player=p)
            and game.face(game.obj(i)).is_permanent
        ]
        many = bool(o.get("any_number"))  # "any number of": none up to all of them
        ids += c.choose_cards(
            ctx,
            able,
            len(able) if many else 1,
            DecisionKind.PUT_ONTO_BATTLEFIELD,
            f"{game.pname(p)}: choose a card to put onto the battlefield",
            "608.2c",
            player=p,
            may_stop=bool(o.get("optional")) or many,
            verb="Put",
        )
    _enter_all(ctx, ids, o, "400.7", f" from {zone}", from_zone=zone)


# ---------------------------------------------------------------------------- flicker


def _check_flicker(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("return") != "now":
        return f"exile, then return it {str(o.get('return')).replace('_', ' ')}"
    if o.get("controller") not in _CONTROLLER:
        return f"return under {o['controller']}'s control"
    part = c.ref_problem(o.get("what", "target"), ctx)
    return f"flicker {part}" if part else None


@op(
    "flicker",
    check=_check_flicker,
)
@c.optional_op
def flicker(ctx: Ctx, o: dict) -> None:
    """Exile the permanent, then return it to the battlefield: a new object (400.7); a token
    ceases to exist in exile (111.7) and doesn't return."""
    game = ctx.game
    back = []
    for oid in c.objects(ctx, o.get("what", "target"), o):
        if not _in_zone(ctx, oid, "battlefield"):
            continue
        obj = game.obj(oid)
        game.move(oid, "exile" if not obj.is_token else "none")
        ctx.emit(
            EventKind.EXILE,
            f"{ctx.label} exiles {obj.name}{stack.token_note(obj)}.",
            "406.2",
            player=obj.controller,
            data={"from": "board"},
        )
        if not obj.is_token:
            back.append(oid)
    _enter_all(ctx, back, o, "400.7", " (returned from exile)", from_zone="exile")


# ------------------------------------------------------------------------ return_exiled


def _check_return_exiled(o: dict, ctx: Ctx | None) -> str | None:
    return (
        None
        if o.get("to") in ("battlefield", "hand", "graveyard")
        else (f"return the exiled cards to {o.get('to')}")
    )


@op(
    "return_exiled",
    check=_check_return_exiled,
)
@c.optional_op
def return_exiled(ctx: Ctx, o: dict) -> None:
    """The cards exiled with this source (607.2a) return (to the battlefield: new objects)."""
    game = ctx.game
    ids = c.exiled_with(ctx)
    if o["to"] == "battlefield":
        _enter_all(ctx, ids, {}, "607.2a", " (the cards exiled with it)", from_zone="exile")
        return
    for oid in ids:
        game.move(oid, o["to"])
    ctx.emit(
        EventKind.TO_HAND if o["to"] == "hand" else EventKind.GRAVEYARD,
        f"{ctx.label} returns {_names(ctx, ids)} from exile to its owner's {o['to']}.",
        "607.2a",
        objects=ids,
        amount=len(ids),
        data={"from": "exile"},
    )
    ctx.did = bool(ids)


# ------------------------------------------------------------------------ living death


def _check_living_death(o: dict, ctx: Ctx | None) -> str | None:
    part = c.filter_problem(o.get("filter"))
    return f"Living Death: {part}" if part else None


@op(
    "living_death",
    check=_check_living_death,
)
@c.optional_op
def living_death(ctx: Ctx, o: dict) -> None:
    """Living Death / Living End: each player exiles all matching cards from their graveyard,
    then sacrifices all matching permanents they control, then puts all cards they exiled
    this way onto the battlefield (608.2c: in that order, as one op so the three steps are
    done whole or not at all)."""
    game = ctx.game
    flt = o.get("filter")
    everyone = c.players(ctx, "each_player")
    exiled: list[int] = []
    for p in everyone:
        for oid in [i for i in game.players[p].zones["graveyard"] if c.matches(ctx, i, flt)]:
            game.move(oid, "exile")
            exiled.append(oid)
    stamps = [game.stamp_of(i) for i in exiled]
    ctx.emit(
        EventKind.EXILE,
        f"{ctx.label}: each player exiles the matching cards from their graveyard: "
        f"{_names(ctx, exiled)}.",
        "608.2c",
        amount=len(exiled),
        data={"from": "graveyard", "step": 1},
    )
    doomed = [
        q.id for q in game.battlefield() if q.controller in everyone and c.matches(ctx, q.id, flt)
    ]
    for oid in doomed:
        stack.sacrifice(game, oid, f" ({ctx.label})", "701.21a", source=ctx.source, step=2)
    if not doomed:
        ctx.emit(
            EventKind.SACRIFICE,
            f"{ctx.label}: no player controls a matching permanent to sacrifice.",
            "701.21a",
            amount=0,
            data={"what": "all", "step": 2},
        )
    back = [
        i
        for i, st in zip(exiled, stamps, strict=True)
        if game.stamp_of(i) == st and _in_zone(ctx, i, "exile")
    ]
    _enter_all(
        ctx,
        back,
        {},
        "608.2c",
        " (the cards exiled this way, under their owners' control)",
        from_zone="exile",
    )


# ---------------------------------------------------------------------- exile_instead


def _check_exile_instead(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("duration", "end_of_turn") not in ("end_of_turn", "this_turn"):
        return f"exile it instead if it would die, {str(o['duration']).replace('_', ' ')}"
    what = o.get("what", "target")
    if what == "dealt_damage_by_source":
        return None
    part = c.ref_problem(what, ctx)
    return f"exile {part} instead if it would die" if part else None


@op(
    "exile_instead",
    check=_check_exile_instead,
)
@c.optional_op
def exile_instead(ctx: Ctx, o: dict) -> None:
    """CR 614.1a: "if it would die this turn, exile it instead" — a replacement effect the
    kernel applies wherever a permanent dies (destroy, sacrifice, state-based actions)."""
    game = ctx.game
    what = o.get("what", "target")
    if what == "dealt_damage_by_source":
        ids = game.dealt_damage_by(ctx.source) if ctx.source is not None else []
        ids = [i for i in ids if _in_zone(ctx, i, "battlefield")]
    else:
        ids = [i for i in c.objects(ctx, what, o) if _in_zone(ctx, i, "battlefield")]
    for oid in ids:
        game.add_exile_if_dies(oid)
    ctx.emit(
        EventKind.REPLACEMENT,
        f"{ctx.label}: if {_names(ctx, ids)} would die this turn, "
        f"{'it is' if len(ids) == 1 else 'they are'} exiled instead.",
        "614.1a",
        objects=ids,
        amount=len(ids),
        data={"replacement": "exile_if_dies", "duration": "end_of_turn"},
    )
