"""Ops the Saga chapters asked for beyond the other families: a player losing the game
because an effect says so (CR 104.3e)."""

from __future__ import annotations

from engine.lang.effects import Ctx, op
from engine.rules import op_common as c
from engine.rules import stack


def _check_lose(o: dict, ctx: Ctx | None) -> str | None:
    part = c.who_problem(o.get("who", "target_player"), ctx)
    return f"lose game: {part}" if part else None


@op("lose_game", check=_check_lose)
@c.optional_op
def lose_game(ctx: Ctx, o: dict) -> None:
    """CR 104.3e: an effect states that a player loses the game; losses at once (104.4a:
    all remaining players losing at once is a draw), and a two-player game is over."""
    game = ctx.game
    losers = [
        (p, f"{ctx.label}: an effect says so", "104.3e")
        for p in c.players(ctx, o.get("who", "target_player"), o)
        if p not in game.lost
    ]
    stack.lose_all(game, losers)
