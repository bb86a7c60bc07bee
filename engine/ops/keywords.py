"""Keyword actions and grants done by effects: discover N (CR 701.57), "has cascade" (702.85)."""

from __future__ import annotations

from engine import discover as discover_mod
from engine.effects import Ctx, op
from engine.events import EventKind


@op("discover", fields={"n": "number or X"})
def discover(ctx: Ctx, o: dict) -> None:
    """CR 701.57a: discover N now (a keyword action; no stack of its own)."""
    n = ctx.amount(o, "n", 0) if o.get("n") != "X" else ctx.x
    discover_mod.discover(ctx.game, ctx.controller, n, ctx.label, ctx.source)


def _check_grant(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("scope") == "next_spell":
        return None
    return "a lasting cascade grant (works while on the battlefield)"


@op(
    "cascade_grant",
    fields={
        "scope": "next_spell (one-shot; static grants are read by engine.cascade)",
        "filter": 'which spells ("noncreature", "mana value >= 6")',
        "instances": "how many cascade instances",
        "who": "you",
    },
    check=_check_grant,
)
def cascade_grant(ctx: Ctx, o: dict) -> None:
    """A one-shot "your next (noncreature...) spell this turn has cascade" (Dark Apostle)."""
    game = ctx.game
    n = int(o.get("instances") or 1)
    for p in ctx.players(o.get("who")):
        grant = {"source": ctx.label, "filter": o.get("filter") or ""}
        if ctx.source is not None:
            grant["source_id"] = ctx.source
        game.add_cascade_grants(p, [grant] * n)
        kind = f"{o['filter']} " if o.get("filter") else ""
        ctx.emit(
            EventKind.GRANT,
            f"{ctx.label}: the next {kind}spell "
            f"{game.verb(p, 'cast', 'casts').replace('You cast', 'you cast')} this "
            "turn has cascade.",
            "702.85a",
            player=p,
            amount=n,
            data={"filter": o.get("filter") or "", "scope": "next_spell"},
        )
