"""Saga ops: "Exile this Saga, then return it to the battlefield transformed under your
control" (the chapter III of the Kamigawa / Fable-style transforming Sagas).

CR 712.14: a transforming double-faced card put onto the battlefield transformed enters
with its back face up; a card that isn't one stays in exile. CR 400.7: what returns is a
new object (no counters, no memory of the Saga), so 714.4 no longer applies to it.
"""

from __future__ import annotations

from engine.core.events import EventKind
from engine.lang.effects import Ctx, op
from engine.rules import op_common as c


def _check(o: dict, ctx: Ctx | None) -> str | None:
    extra = sorted(k for k in o if k not in ("op", "optional", "if", "target", "note"))
    return f"exile and return transformed with {', '.join(extra)}" if extra else None


@op("exile_and_return_transformed", check=_check)
@c.optional_op
def exile_and_return_transformed(ctx: Ctx, o: dict) -> None:
    """Exile the source, then put it onto the battlefield back face up under the ability's
    controller's control (712.14); nothing happens if the source left the battlefield."""
    game = ctx.game
    source = ctx.source
    where = game.zone_of(source) if source is not None else None
    if source is None or not where or where[1] != "battlefield":
        ctx.emit(
            EventKind.EXILE,
            f"{ctx.label}: the Saga is no longer on the battlefield; nothing is exiled.",
            "400.7",
            amount=0,
        )
        ctx.did = False
        return
    obj = game.obj(source)
    game.move(source, "exile" if not obj.is_token else "none")
    ctx.emit(
        EventKind.EXILE,
        f"{ctx.label} exiles {obj.name}.",
        "406.2",
        objects=(source,),
        player=obj.controller,
        data={"from": "board"},
    )
    faces = obj.card.faces
    if obj.is_token or obj.card.layout != "transform" or len(faces) < 2:
        ctx.emit(
            EventKind.EXILE,
            f"{obj.name} isn't a transforming double-faced card: it stays in exile.",
            "712.14",
            objects=(source,) if not obj.is_token else (),
            amount=0,
        )
        ctx.did = True
        return
    back = faces[1].name
    c.put_onto_battlefield(ctx, source, ctx.controller)
    game.set_face(source, back)
    ctx.emit(
        EventKind.TO_BATTLEFIELD,
        f"{ctx.label} returns {obj.card.name} to the battlefield transformed: {back}.",
        "712.14",
        objects=(source,),
        amount=1,
        data={"from": "exile", "face": back, "tapped": False},
    )
    c.entered(ctx, [source])
    ctx.did = True


def _check_front(o: dict, ctx: Ctx | None) -> str | None:
    extra = sorted(k for k in o if k not in ("op", "optional", "if", "target", "note"))
    return f"exile and return front face up with {', '.join(extra)}" if extra else None


@op("exile_and_return_front", check=_check_front)
@c.optional_op
def exile_and_return_front(ctx: Ctx, o: dict) -> None:
    """Exile the source, then return it to the battlefield under your control front face up
    (ExileSourceAndReturnFaceUpEffect: a back-face Saga comes back as its front, 712.14 /
    400.7: a new object); a token ceases to exist in exile (111.7) and doesn't return."""
    game = ctx.game
    source = ctx.source
    where = game.zone_of(source) if source is not None else None
    if source is None or not where or where[1] != "battlefield":
        ctx.emit(
            EventKind.EXILE,
            f"{ctx.label}: it is no longer on the battlefield; nothing is exiled.",
            "400.7",
            amount=0,
        )
        ctx.did = False
        return
    obj = game.obj(source)
    game.move(source, "exile" if not obj.is_token else "none")
    ctx.emit(
        EventKind.EXILE,
        f"{ctx.label} exiles {obj.name}.",
        "406.2",
        objects=(source,),
        player=obj.controller,
        data={"from": "board"},
    )
    if obj.is_token:
        ctx.did = True
        return
    c.put_onto_battlefield(ctx, source, ctx.controller)  # its front face up (a new object)
    front = obj.card.front.name
    ctx.emit(
        EventKind.TO_BATTLEFIELD,
        f"{ctx.label} returns {obj.card.name} to the battlefield front face up: {front}.",
        "400.7",
        objects=(source,),
        amount=1,
        data={"from": "exile", "face": front, "tapped": False},
    )
    c.entered(ctx, [source])
    ctx.did = True
