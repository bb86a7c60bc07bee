"""Mana (CR 106.4). Life is in engine/ops/life.py, drawing cards in engine/ops/cards.py."""

from __future__ import annotations

import re

from engine.effects import Ctx, op
from engine.events import EventKind

_SYMBOLS = re.compile(r"(\{[^}]+\})+")
_WHO = "you | each_opponent | target_opponent | target_player | each_player"


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
