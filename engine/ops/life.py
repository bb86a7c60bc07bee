"""Life (CR 119), winning the game (104.2a) and player designations (the monarch, 724)."""

from __future__ import annotations

from engine.core.events import EventKind
from engine.lang import refs, values
from engine.lang.effects import Ctx, op
from engine.rules import op_common as c
from engine.rules import stack


def _check_life(o: dict, ctx: Ctx | None) -> str | None:
    part = refs.value_problem(o.get("n", 0), ctx) or c.who_problem(o.get("who"), ctx)
    return f"{o['op'].replace('_', ' ')}: {part}" if part else None


@op(
    "gain_life",
    "lose_life",
    check=_check_life,
)
@c.optional_op
def life(ctx: Ctx, o: dict) -> None:
    """CR 119.3: a player gains or loses life."""
    game = ctx.game
    n = values.value_of(ctx, o.get("n", 0), 0)
    sign = 1 if o["op"] == "gain_life" else -1
    for p in c.players(ctx, o.get("who"), o):
        game.change_life(p, sign * n)
        verb = game.verb(p, "gain", "gains") if sign > 0 else game.verb(p, "lose", "loses")
        ctx.emit(
            EventKind.LIFE,
            f"{verb} {n} life ({ctx.label}); life {game.players[p].life}.",
            "119.3",
            player=p,
            amount=sign * n,
        )


@op("win_game")
@c.optional_op
def win_game(ctx: Ctx, o: dict) -> None:
    """CR 104.2b: an effect says "you win the game": every opponent loses, the game is over."""
    game = ctx.game
    ctx.emit(
        EventKind.WIN,
        f"{game.verb(ctx.controller, 'win', 'wins')} the game ({ctx.label}).",
        "104.2b",
    )
    losers = [
        (p, f"{ctx.label}: an opponent won the game", "104.2b")
        for p in range(len(game.players))
        if p != ctx.controller and p not in game.lost
    ]
    stack.lose_all(game, losers)


@op("become_monarch")
@c.optional_op
def become_monarch(ctx: Ctx, o: dict) -> None:
    """CR 724.1-724.3: the controller becomes the monarch (one player at a time). The
    monarch's end-step draw (724.2) triggers in their end step (engine.rules.triggers)."""
    game = ctx.game
    before = game.designations.get("monarch")
    game.set_designation("monarch", ctx.controller)
    ctx.emit(
        EventKind.DESIGNATION,
        f"{game.verb(ctx.controller, 'become', 'becomes')} the monarch ({ctx.label}).",
        "724.3",
        data={"designation": "monarch", "before": before},
    )
