"""Reveal-and-take effects whose cost is read off the card they move (XMage
RevealPutInHandLoseLifeEffect: Dark Confidant, Dark Tutelage)."""

from __future__ import annotations

from engine.effects import Ctx, op
from engine.events import EventKind


def _check_reveal_top(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("lose_life") not in (None, "mana_value"):
        return f"reveal the top card: lose life equal to its {o['lose_life']}"
    return None


@op(
    "reveal_top_to_hand",
    fields={"lose_life": "mana_value: you lose life equal to the card's mana value"},
    check=_check_reveal_top,
)
def reveal_top_to_hand(ctx: Ctx, o: dict) -> None:
    """Reveal the top card of your library and put it into your hand (701.20a; not a draw,
    121.1); with ``lose_life: mana_value`` you lose life equal to its mana value (202.3:
    a split card's is the sum of its halves, a card's {X} counts 0)."""
    game = ctx.game
    p = ctx.controller
    top = list(game.zones[p]["library"][:1])
    if not top:
        ctx.emit(EventKind.REVEAL, f"{ctx.label}: {game.poss(p)} library is empty; nothing "
                 "is revealed.", "701.20a", amount=0)  # fmt: skip
        return
    oid = top[0]
    mv = game.obj(oid).card.mana_value
    name = game.obj(oid).name
    ctx.emit(EventKind.REVEAL, f"{ctx.label}: {game.pname(p)} reveals {name} from the top of "
             f"{game.poss(p)} library.", "701.20a", objects=(oid,), amount=1,
             data={"from": "library", "mana_value": mv})  # fmt: skip
    game.move(oid, "hand", p)
    ctx.emit(EventKind.TO_HAND, f"{name} is put into {game.poss(p)} hand.", "400.3",
             objects=(oid,), amount=1, data={"from": "library"})  # fmt: skip
    if o.get("lose_life") == "mana_value":
        game.change_life(p, -mv)
        ctx.emit(EventKind.LIFE, f"{game.verb(p, 'lose', 'loses')} {mv} life ({ctx.label}); "
                 f"life {game.life[p]}.", "119.3", player=p, amount=-mv)  # fmt: skip
    ctx.did = True


