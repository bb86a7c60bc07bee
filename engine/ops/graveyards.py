"""Whole graveyards moving at once.

- ``shuffle_graveyard_into_library`` (701.24a): each named player shuffles every card of
  their graveyard into their library (ShuffleYourGraveyardIntoLibraryEffect).
"""

from __future__ import annotations

from engine.core.events import EventKind
from engine.lang.effects import Ctx, op
from engine.rules import op_common as c


def _check_shuffle_gy(o: dict, ctx: Ctx | None) -> str | None:
    part = c.who_problem(o.get("who"), ctx)
    return f"shuffle the graveyard of {part}" if part else None


@op(
    "shuffle_graveyard_into_library",
    check=_check_shuffle_gy,
)
@c.optional_op
def shuffle_graveyard_into_library(ctx: Ctx, o: dict) -> None:
    """701.24a: the player puts all cards from their graveyard into their library, then
    shuffles it (a shuffle even when the graveyard was empty)."""
    game = ctx.game
    for p in c.players(ctx, o.get("who"), o):
        cards = list(game.players[p].zones["graveyard"])
        for oid in cards:
            game.move(oid, "library", p)
        game.shuffle_library(p)
        n = len(cards)
        ctx.emit(
            EventKind.SHUFFLE,
            f"{ctx.label}: {game.pname(p)} {game.verb(p, 'shuffle', 'shuffles')} {n} "
            f"card{'s' if n != 1 else ''} from {game.poss(p)} graveyard into "
            f"{game.poss(p)} library.",
            "701.24a",
            player=p,
            objects=cards,
            amount=n,
            data={"from": "graveyard"},
        )
        ctx.did = True
