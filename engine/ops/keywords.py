"""Keyword actions and grants done by effects: discover N (CR 701.57), "has cascade" (702.85)."""

from __future__ import annotations

from engine.core.events import EventKind
from engine.keywords import discover as discover_mod
from engine.lang.effects import Ctx, op


@op("discover", fields={"n": "number or X"})
def discover(ctx: Ctx, o: dict) -> None:
    """CR 701.57a: discover N now (a keyword action; no stack of its own)."""
    n = ctx.amount(o, "n", 0) if o.get("n") != "X" else ctx.x
    discover_mod.discover(ctx.game, ctx.controller, n, ctx.label, ctx.source)


def _check_grant(o: dict, ctx: Ctx | None) -> str | None:
    scope = o.get("scope")
    if scope == "next_spell":
        return None
    if scope == "spells_you_cast" and o.get("duration") == "this_turn":
        return None  # Yidris: every spell cast (from a zone) for the rest of the turn
    if scope in ("first_spell_each_turn", "spells_you_cast") and not o.get("duration"):
        if ctx is None:
            return None  # a static ability: keywords.cascade reads it while on the battlefield
        return "a lasting cascade grant, which only a permanent's static ability gives"
    return f"a cascade grant to {str(scope).replace('_', ' ')}" + (
        f" ({o['duration']})" if o.get("duration") else "")


@op(
    "cascade_grant",
    fields={
        "scope": "next_spell (one-shot), spells_you_cast with duration this_turn (every spell "
        "for the rest of the turn); a static ability's first_spell_each_turn / spells_you_cast "
        "are read by engine.keywords.cascade while the permanent is on the battlefield",
        "filter": 'which spells ("noncreature", "mana value >= 6")',
        "from": "only spells cast from this zone (hand, exile)",
        "duration": "this_turn (with spells_you_cast)",
        "instances": "how many cascade instances",
        "who": "you",
    },
    check=_check_grant,
)
def cascade_grant(ctx: Ctx, o: dict) -> None:
    """A one-shot "your next (noncreature...) spell this turn has cascade" (Dark Apostle), or
    "as you cast spells from your hand this turn, they gain cascade" (Yidris)."""
    game = ctx.game
    n = int(o.get("instances") or 1)
    if o.get("scope") == "spells_you_cast" and o.get("duration") == "this_turn":
        _turn_grant(ctx, o, n)
        return
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


def _turn_grant(ctx: Ctx, o: dict, n: int) -> None:
    """CR 702.85a, 611.2a: spells cast later this turn (from ``from``) have cascade; the
    grant reaches spells as they are cast, until the turn ends."""
    game = ctx.game
    for p in ctx.players(o.get("who")):
        grant = {"source": ctx.label, "filter": o.get("filter") or "", "instances": n}
        if o.get("from"):
            grant["from"] = o["from"]
        if ctx.source is not None:
            grant["source_id"] = ctx.source
        game.add_turn_cascade_grant(p, grant)
        ctx.emit(
            EventKind.GRANT,
            f"{ctx.label}: spells {game.pname(p)} cast"
            f"{' from ' + o['from'] if o.get('from') else ''} this turn have cascade.",
            "702.85a",
            player=p,
            amount=n,
            data={"filter": o.get("filter") or "", "scope": "this_turn",
                  "from": o.get("from") or ""},  # fmt: skip
        )
