"""Counters (CR 122): on targets or the source, lore counters (714), proliferate (701.34)."""

from __future__ import annotations

from engine import proliferate as proliferate_mod
from engine import saga
from engine.effects import Ctx, op
from engine.events import EventKind


def _check_lore(o: dict, ctx: Ctx | None) -> str | None:
    if ctx is None:
        return None
    where = ctx.game.zone_of(ctx.source) if ctx.source is not None else None
    if where and where[1] == "battlefield":
        return None
    return "lore counters on another Saga"


@op("lore_counter", fields={"n": "number or X"}, check=_check_lore)
def lore_counter(ctx: Ctx, o: dict) -> None:
    """CR 714.3c: put lore counters on this Saga (chapters it passes trigger, 714.2b)."""
    saga.add_lore(ctx.game, ctx.source, ctx.amount(o, "n", 1), "714.3c", ctx.label)


@op(
    "add_counters",
    fields={"counter": "its kind (default +1/+1)", "n": "number or X", "what": "self | target"},
)
def add_counters(ctx: Ctx, o: dict) -> None:
    """CR 122.1: put counters on the targets or on the source."""
    game = ctx.game
    kind = o.get("counter", "+1/+1")
    n = ctx.amount(o, "n", 1)
    ids = (
        ctx.target_objects()
        if o.get("what") in ("target", "targets")
        else ([ctx.source] if o.get("what") in ("self", None) and ctx.source else [])
    )
    for oid in ids:
        if kind == "lore":
            saga.add_lore(game, oid, n, "714.3c", ctx.label)
            continue
        game.add_counters(oid, kind, n)
        ctx.emit(
            EventKind.COUNTERS,
            f"{ctx.label} puts {n} {kind} counter{'s' if n != 1 else ''} on {game.obj(oid).name}.",
            "122.1",
            objects=(oid,),
            amount=n,
            counter=kind,
        )


@op("proliferate")
def proliferate(ctx: Ctx, o: dict) -> None:
    """CR 701.34a: proliferate (the controller chooses the permanents)."""
    proliferate_mod.proliferate(ctx.game, ctx.controller, ctx.label)
