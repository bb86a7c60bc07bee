"""What happens to players: life (CR 119), mana (106.4), drawing cards (121)."""

from __future__ import annotations

import re

from engine.effects import Ctx, op
from engine.events import EventKind

_SYMBOLS = re.compile(r"(\{[^}]+\})+")
_WHO = "you | each_opponent | target_opponent | target_player | each_player"


@op("gain_life", "lose_life", fields={"n": "number or X", "who": _WHO})
def life(ctx: Ctx, o: dict) -> None:
    """CR 119.3: a player gains or loses life."""
    game = ctx.game
    n = ctx.amount(o, "n", 0)
    sign = 1 if o["op"] == "gain_life" else -1
    for p in ctx.players(o.get("who")):
        game.change_life(p, sign * n)
        verb = game.verb(p, "gain", "gains") if sign > 0 else game.verb(p, "lose", "loses")
        ctx.emit(
            EventKind.LIFE,
            f"{verb} {n} life ({ctx.label}); life {game.life[p]}.",
            "119.3",
            player=p,
            amount=sign * n,
        )


@op(
    "add_mana",
    fields={
        "mana": "mana symbols like {R}{R}, or a word (any_color...)",
        "n": "count",
        "who": _WHO,
    },
)
def add_mana(ctx: Ctx, o: dict) -> None:
    """CR 106.4: mana goes into the pool; it empties between steps and phases (500.4)."""
    mana = o.get("mana", "")
    if not _SYMBOLS.fullmatch(mana or ""):
        n = ctx.amount(o, "n", 1)
        mana = "{*}" * n
        note = f" ({o.get('mana', '').replace('_', ' ')}: the color is not chosen here)"
    else:
        note = ""
    for p in ctx.players(o.get("who")):
        ctx.game.add_mana(p, mana)
        ctx.emit(
            EventKind.MANA,
            f"{ctx.label}: {ctx.game.verb(p, 'add', 'adds')} {mana}{note}; mana pool "
            f"{ctx.game.mana[p]}.",
            "106.4",
            player=p,
            data={"mana": mana},
        )


def _check_draw(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("delayed"):
        return f"draw {o.get('n')} {o['delayed']}"
    return None


@op("draw", fields={"n": "number or X", "who": _WHO}, check=_check_draw)
def draw(ctx: Ctx, o: dict) -> None:
    """CR 121.1: draw the top card; drawing from an empty library loses the game (704.5b)."""
    game = ctx.game
    n = ctx.amount(o, "n", 1)
    for p in ctx.players(o.get("who")):
        for _ in range(n):
            top = game.draw_card(p)  # counted for "cards drawn this turn"
            if top is None:
                # 121.4: the loss is a state-based action (704.5b), after this resolution.
                ctx.emit(
                    EventKind.DRAW_EMPTY,
                    f"{game.pname(p)} can't draw from an empty library and will lose the game "
                    "the next time state-based actions are checked.",
                    "121.4",
                    player=p,
                )
                break
            ctx.emit(
                EventKind.DRAW,
                f"{game.verb(p, 'draw', 'draws')} {game.obj(top).name}.",
                "121.1",
                player=p,
                amount=1,
            )
