"""Status of permanents: tapping (CR 701.26), "doesn't untap" (502.3), attaching (701.3),
regeneration (701.19), damage prevention (615), transforming (701.28), phasing (702.26)."""

from __future__ import annotations

from engine.core.continuous import ContinuousEffect
from engine.core.events import DecisionKind, EventKind
from engine.lang import refs
from engine.lang.effects import Ctx, op
from engine.rules import layers, stun
from engine.rules.op_common import begin


def _check_ref(o: dict, ctx: Ctx | None) -> str | None:
    return refs.ref_problem(o, "what")


@op("tap", check=_check_ref)
def tap(ctx: Ctx, o: dict) -> None:
    """CR 701.26a: tap the permanents."""
    game = ctx.game
    ids = refs.objects(ctx, o, "what")
    if not ids:
        ctx.emit(EventKind.TAP, f"{ctx.label}: nothing to tap.", "701.26a", amount=0)
    for oid in ids:
        game.tap(oid)
        ctx.emit(
            EventKind.TAP, f"{ctx.label} taps {game.obj(oid).name}.", "701.26a", objects=(oid,)
        )


@op("untap", check=_check_ref)
def untap(ctx: Ctx, o: dict) -> None:
    """CR 701.26b: untap the permanents."""
    game = ctx.game
    ids = refs.objects(ctx, o, "what")
    if not ids:
        ctx.emit(EventKind.UNTAP, f"{ctx.label}: nothing to untap.", "701.26b", amount=0)
    for oid in ids:
        if game.obj(oid).tapped and not stun.untap(game, oid, ctx.label):
            continue  # 122.1d: a stun counter was removed instead (stun logs it)
        game.untap(oid)
        ctx.emit(
            EventKind.UNTAP, f"{ctx.label} untaps {game.obj(oid).name}.", "701.26b", objects=(oid,)
        )


@op("tap_or_untap", check=_check_ref)
def tap_or_untap(ctx: Ctx, o: dict) -> None:
    """Tap or untap it: the controller of the effect chooses (a decision); "you may" adds
    "neither"."""
    game = ctx.game
    ids = refs.objects(ctx, o, "what")
    if not ids:
        ctx.emit(EventKind.TAP, f"{ctx.label}: nothing to tap or untap.", "701.26", amount=0)
    for oid in ids:
        name = game.obj(oid).name
        options = [("tap", f"Tap {name}"), ("untap", f"Untap {name}")]
        if o.get("optional"):
            options.append(("neither", "Neither"))
        key = game.decide(
            DecisionKind.TAP_OR_UNTAP,
            f"{ctx.label}: tap or untap {name}?",
            options,
            "701.26",
            player=ctx.controller,
            subject=ctx.label,
            objects=(oid,),
        )
        if key == "neither":
            continue
        if key == "untap" and game.obj(oid).tapped and not stun.untap(game, oid, ctx.label):
            continue  # 122.1d: a stun counter was removed instead (stun logs it)
        game.set_tapped(oid, key == "tap")
        ctx.emit(
            EventKind.TAP if key == "tap" else EventKind.UNTAP,
            f"{ctx.label} {key}s {name}.",
            "701.26a" if key == "tap" else "701.26b",
            objects=(oid,),
        )


def _check_skip(o: dict, ctx: Ctx | None) -> str | None:
    d = o.get("duration") or "next_untap_step"
    if d != "next_untap_step" and d not in layers.DURATIONS:
        return f"doesn't untap {d.replace('_', ' ')}"
    return refs.ref_problem(o, "what")


@op("skip_untap", check=_check_skip)
def skip_untap(ctx: Ctx, o: dict) -> None:
    """CR 502.3: it doesn't untap during its controller's (next) untap step."""
    d = o.get("duration") or "next_untap_step"
    objs = refs.objects(ctx, o, "what")
    begin(
        ctx,
        {**o, "duration": d},
        "skip_untap",
        "",
        objs,
        {},
        "502.3",
        "doesn't untap during its controller's "
        + ("next untap step" if d == "next_untap_step" else "untap step"),
    )


def _check_attach(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("what", "self") not in ("self", "trigger_object"):
        return f"attach {o.get('what')}"
    return refs.ref_problem(o, "to", allowed=("target", "targets", "trigger_object"))


@op("attach", check=_check_attach)
def attach(ctx: Ctx, o: dict) -> None:
    """CR 701.3a: attach the Aura/Equipment to the object (an Equipment only to a creature,
    301.5c; an Aura spell resolving attaches itself instead, 303.4f)."""
    game = ctx.game
    src = ctx.source
    if o.get("what") == "trigger_object":  # "attach it" (Sigarda's Aid: the Equipment)
        src = ctx.event.get("object") if isinstance(ctx.event.get("object"), int) else None
    hosts = refs.objects(ctx, o, "to")
    if src is None or not layers.on_battlefield(game, src):
        # An Aura spell's own "attach" is how it enters (engine.rules.stack.attach_aura, 303.4f);
        # an Aura or Equipment that left the battlefield attaches to nothing.
        ctx.emit(
            EventKind.ATTACH,
            f"{ctx.label}: it is not on the battlefield, so it attaches to nothing.",
            "701.3b",
            amount=0,
        )
        return
    if not hosts or hosts[0] == src:
        ctx.emit(EventKind.ATTACH, f"{ctx.label}: nothing to attach it to.", "701.3b", amount=0)
        return
    host = hosts[0]
    if "Equipment" in game.face(game.obj(src)).subtypes and not game.chars(host).is_creature:
        ctx.emit(
            EventKind.ATTACH,
            f"{ctx.label}: an Equipment attaches only to a creature.",
            "301.5c",
            amount=0,
        )
        return
    game.attach(src, host)
    ctx.emit(
        EventKind.ATTACH,
        f"{game.obj(src).name} becomes attached to {game.obj(host).name}.",
        "701.3a",
        objects=(src, host),
        data={"to": host},
    )


@op("regenerate", check=_check_ref)
def regenerate(ctx: Ctx, o: dict) -> None:
    """CR 701.19a: a regeneration shield: the next time it would be destroyed this turn,
    instead tap it and remove all damage from it."""
    objs = refs.objects(ctx, o, "what")
    begin(
        ctx,
        {"duration": "end_of_turn"},
        "regenerate",
        "",
        objs,
        {},
        "701.19a",
        "gets a regeneration shield",
    )


def _check_prevent(o: dict, ctx: Ctx | None) -> str | None:
    d = o.get("duration") or "end_of_turn"
    if d not in layers.DURATIONS:
        return f"prevent damage {d.replace('_', ' ')}"
    if o.get("filter") is not None:
        if o.get("by") != "all":
            return "prevent damage to permanents matching a filter"
        return refs.filter_problem(o["filter"])
    if o.get("by") is not None:
        return refs.ref_problem({"op": "prevent_damage", "what": o["by"]}, "what")
    to = o.get("to")
    if to in ("you", "each_player", "target_player"):
        return None
    return refs.ref_problem({"op": "prevent_damage", "what": to}, "what")


@op(
    "prevent_damage",
    check=_check_prevent,
)
def prevent_damage(ctx: Ctx, o: dict) -> None:
    """CR 615.1: prevent damage to / by (the next ``amount``, or all) for the duration."""
    data = {k: o[k] for k in ("amount", "combat_only", "filter") if o.get(k) is not None}
    if o.get("by") is not None:
        data["by"] = o["by"] if o["by"] == "all" else "object"
        objs = [] if o["by"] == "all" else refs.objects(ctx, {"what": o["by"]}, "what")
        what = "prevent damage dealt by " + ("anything" if o["by"] == "all" else "it")
        if o["by"] == "all":
            _record_all(ctx, o, data, what)
            return
        begin(ctx, o, "prevent_damage", "", objs, data, "615.1", what)
        return
    to = o.get("to") or "target"
    if to in ("you", "each_player", "target_player"):
        players = ctx.players(to)
        _record_all(
            ctx,
            o,
            data,
            "damage to " + ", ".join(ctx.game.pname(p) for p in players) + " is prevented",
            players=tuple(players),
        )
        return
    begin(
        ctx,
        o,
        "prevent_damage",
        "",
        refs.objects(ctx, {"what": to}, "what"),
        data,
        "615.1",
        "damage to it is prevented" + (f" (the next {o['amount']})" if o.get("amount") else ""),
    )


def _record_all(
    ctx: Ctx, o: dict, data: dict, what: str, players: tuple = (), kind: str = "prevent_damage"
) -> None:
    """A prevention effect that names no object (all damage, or damage to players)."""
    game = ctx.game
    e = ContinuousEffect(
        id=game.new_id(),
        kind=kind,
        layer="",
        controller=ctx.controller,
        source=ctx.source,
        source_stamp=layers.stamp_of(game, ctx.source),
        duration=str(o.get("duration") or "end_of_turn"),
        turn=game.turn,
        timestamp=game.next_timestamp(),
        players=players,
        data=data,
    )
    game.add_continuous(e)
    ctx.emit(
        EventKind.EFFECT,
        f"{ctx.label}: {what}.",
        "615.1",
        amount=1,
        data={"kind": kind, "effect": e.id, **data},
    )


@op("damage_cant_be_prevented")
def damage_cant_be_prevented(ctx: Ctx, o: dict) -> None:
    """CR 615.12: damage can't be prevented this turn (Stomp): prevention effects don't
    apply to any damage while this lasts."""
    _record_all(
        ctx,
        {**o, "duration": o.get("duration") or "end_of_turn"},
        {},
        "damage can't be prevented this turn",
        kind="damage_cant_be_prevented",
    )


def _check_transform(o: dict, ctx: Ctx | None) -> str | None:
    return refs.ref_problem(o, "what", allowed=("self", "target", "targets"))


@op("transform", check=_check_transform)
def transform(ctx: Ctx, o: dict) -> None:
    """CR 701.28a: a double-faced permanent turns over; it is the same object (712.18). A
    permanent with one face can't transform (701.28c): nothing happens."""
    game = ctx.game
    ids = refs.objects(ctx, o, "what")
    if not ids:
        ctx.emit(EventKind.TRANSFORM, f"{ctx.label}: nothing to transform.", "701.28a", amount=0)
    for oid in ids:
        obj = game.obj(oid)
        faces = obj.card.faces
        if obj.card.layout not in ("transform", "modal_dfc", "meld") or len(faces) < 2:
            ctx.emit(
                EventKind.TRANSFORM,
                f"{obj.name} can't transform: it has no back face.",
                "701.28c",
                objects=(oid,),
                amount=0,
            )
            continue
        now = obj.face or faces[0].name
        other = faces[1].name if now == faces[0].name else faces[0].name
        game.set_face(oid, other)
        ctx.emit(
            EventKind.TRANSFORM,
            f"{now} transforms into {other}.",
            "701.28a",
            objects=(oid,),
            data={"from": now, "to": other},
        )


def _check_phase(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("duration") not in (None, "while_controlled"):
        return f"phased out {str(o['duration']).replace('_', ' ')}"
    return refs.ref_problem(o, "what")


@op("phase_out", check=_check_phase)
def phase_out(ctx: Ctx, o: dict) -> None:
    """CR 702.26b: it phases out (treated as though it doesn't exist) until its controller's
    next untap step, when it phases in (702.26a); what's attached phases out with it. With
    ``duration: while_controlled`` it can't phase in while you control the source (611.2b)."""
    game = ctx.game
    ids = refs.objects(ctx, o, "what")
    if not ids:
        ctx.emit(EventKind.PHASE, f"{ctx.label}: nothing phases out.", "702.26b", amount=0)
    for oid in ids:
        attached = [p.id for p in game.battlefield() if p.attached_to == oid]
        for i in (oid, *attached):
            game.set_phased(i, True)
        ctx.emit(
            EventKind.PHASE,
            f"{game.obj(oid).name} phases out.",
            "702.26b",
            objects=(oid, *attached),
            data={"phased_out": [oid, *attached]},
        )
    if ids and o.get("duration") == "while_controlled":
        begin(
            ctx,
            o,
            "no_phase_in",
            "",
            ids,
            {},
            "611.2b",
            "can't phase in for as long as you control the source",
        )
