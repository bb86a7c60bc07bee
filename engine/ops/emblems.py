"""Emblems (CR 114): a player gets an object in the command zone with abilities that last
the game. The abilities an emblem can have here: "<cards> in your graveyard have retrace"
(Wrenn and Six; engine.keywords.retrace)."""

from __future__ import annotations

from engine.core.events import EventKind
from engine.keywords import retrace
from engine.lang.effects import Ctx, op
from engine.rules import op_common as c


def _check_emblem(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("retrace") is None:
        return "an emblem whose abilities are not in the vocabulary"
    part = c.filter_problem(o["retrace"])
    return f"emblem: {part}" if part else None


@op(
    "get_emblem",
    check=_check_emblem,
)
def get_emblem(ctx: Ctx, o: dict) -> None:
    """CR 114.1, 114.4: you get an emblem; its ability works from the command zone for the
    rest of the game."""
    game = ctx.game
    p = ctx.controller
    game.give_player_flag(p, retrace.emblem_flag(o["retrace"]))
    ctx.emit(
        EventKind.DESIGNATION,
        f"{game.pname(p)} {game.verb(p, 'get', 'gets')} an emblem "
        f"({o.get('name') or ctx.label}): matching cards in {game.poss(p)} graveyard "
        "have retrace.",
        "114.1",
        player=p,
        data={"emblem": o.get("name"), "retrace": o["retrace"]},
    )
    ctx.did = True
