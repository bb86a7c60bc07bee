"""``max_hand_size`` (CR 402.2): set, remove or change a player's maximum hand size.

As a static op of a permanent it applies while the permanent is on the battlefield
(engine.rules.hand_size reads it there). Resolved ("you have no maximum hand size for as long as
you control this", a Saga chapter) it is recorded as a continuous effect with its duration.
"""

from __future__ import annotations

from engine.core.continuous import ContinuousEffect
from engine.core.events import EventKind
from engine.lang.effects import Ctx, op
from engine.rules import hand_size, layers


def _check(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("who", "you") not in hand_size.WHO:
        return f"maximum hand size of {o.get('who')!r}"
    if ("set" in o) == ("change" in o):
        return "maximum hand size: exactly one of set / change"
    if "set" in o and not (o["set"] == "none" or (isinstance(o["set"], int) and o["set"] >= 0)):
        return f"maximum hand size set to {o['set']!r}"
    if "change" in o and not isinstance(o["change"], int):
        return f"maximum hand size changed by {o['change']!r}"
    if o.get("duration", "while_on_battlefield") not in layers.DURATIONS:
        return f"maximum hand size for {o.get('duration')!r}"
    return None


@op(
    "max_hand_size",
    check=_check,
)
def max_hand_size(ctx: Ctx, o: dict) -> None:
    """Record the change for the players ``who`` names, lasting for its duration (611.2b)."""
    game = ctx.game
    players = tuple(hand_size.players_of(game, o.get("who", "you"), ctx.controller))
    duration = o.get("duration", "while_on_battlefield")
    data = {k: o[k] for k in ("set", "change") if k in o}
    game.add_continuous(
        ContinuousEffect(
            id=game.new_id(),
            kind=hand_size.KIND,
            layer="",
            controller=ctx.controller,
            source=ctx.source,
            source_stamp=layers.stamp_of(game, ctx.source),
            duration=duration,
            turn=game.turn,
            timestamp=game.next_timestamp(),
            players=players,
            data=data,
        )
    )
    what = (
        "no maximum hand size"
        if o.get("set") == "none"
        else f"a maximum hand size of {o['set']}"
        if "set" in o
        else f"a maximum hand size changed by {o['change']:+d}"
    )
    ctx.emit(
        EventKind.NOTE,
        f"{ctx.label}: {', '.join(game.pname(p) for p in players)} "
        f"{'has' if len(players) == 1 and game.pname(players[0]) != 'You' else 'have'} "
        f"{what} ({duration.replace('_', ' ')}).",
        "402.2",
        data={"op": "max_hand_size", **data, "players": list(players)},
    )
