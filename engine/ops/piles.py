"""Piles (CR 700.3): one player separates objects into two piles, another chooses one
(Liliana of the Veil's -6: "Separate all permanents target player controls into two piles.
That player sacrifices all permanents in the pile of their choice")."""

from __future__ import annotations

from engine.core.events import DecisionKind, EventKind
from engine.lang.effects import Ctx, op
from engine.rules import op_common as c
from engine.rules import stack


def _check_piles(o: dict, ctx: Ctx | None) -> str | None:
    part = c.who_problem(o.get("who"), ctx)
    return f"separate into piles: {part}" if part else None


@op(
    "sacrifice_pile",
    check=_check_piles,
)
def sacrifice_pile(ctx: Ctx, o: dict) -> None:
    """CR 700.3a: you separate all permanents the player controls into two piles (a pile
    may be empty, 700.3c... every permanent goes into exactly one); that player chooses a
    pile and sacrifices all permanents in it at once (701.21a)."""
    game = ctx.game
    me = ctx.controller
    for p in c.players(ctx, o.get("who"), o):
        left = [perm.id for perm in game.battlefield(p)]
        first: list[int] = []
        while left:  # one permanent at a time into pile 1; the rest make pile 2
            options = [(f"pile1:o{i}", f"Put {game.obj(i).name} into pile 1") for i in left]
            options.append(("pile1:done", "Done: the rest go into pile 2"))
            key = game.decide(
                DecisionKind.CHOOSE_PERMANENT,
                f"{ctx.label}: separate {game.poss(p)} permanents into two piles "
                f"(pile 1 has {len(first)})",
                options,
                "700.3a",
                player=me,
                subject=ctx.label,
                objects=tuple(left),
            )
            if key == "pile1:done":
                break
            oid = int(key.split(":o")[1])
            first.append(oid)
            left.remove(oid)
        piles = (first, left)
        names = [", ".join(game.obj(i).name for i in pile) or "nothing" for pile in piles]
        key = game.decide(
            DecisionKind.PICK,
            f"{game.pname(p)}: choose a pile to sacrifice",
            [("pile:1", f"Pile 1: {names[0]}"), ("pile:2", f"Pile 2: {names[1]}")],
            "700.3a",
            player=p,
            subject=ctx.label,
            objects=tuple(first + left),
        )
        chosen = piles[0] if key == "pile:1" else piles[1]
        ctx.emit(
            EventKind.SACRIFICE,
            f"{ctx.label}: {game.pname(p)} chooses pile "
            f"{key[-1]} ({names[0 if key == 'pile:1' else 1]}).",
            "700.3a",
            player=p,
            objects=tuple(chosen),
            amount=len(chosen),
            data={"piles": [list(first), list(left)], "chosen": int(key[-1])},
        )
        for oid in chosen:
            if (where := game.zone_of(oid)) is not None and where[1] == "battlefield":
                stack.sacrifice(game, oid, f" ({ctx.label})", "701.21a", source=ctx.source)
        ctx.did = bool(chosen)
