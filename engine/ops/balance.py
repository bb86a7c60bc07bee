"""Balance (Restore Balance, Balance): every player is cut down to what the player with
the fewest has, lands, cards in hand and creatures in turn.

Oracle: "Each player chooses a number of lands they control equal to the number of lands
controlled by the player who controls the fewest, then sacrifices the rest. Players discard
cards and sacrifice creatures the same way." Each part is its own op so the entry states the
order (608.2c: the instructions are followed in the order written); each part counts the
fewest when it begins, so a land sacrificed first no longer counts as a creature.
"""

from __future__ import annotations

from engine.core.events import DecisionKind, EventKind
from engine.lang import filters
from engine.lang.effects import Ctx, op
from engine.rules import op_common as c
from engine.rules import stack

#: what -> (the permanent type counted, or None for the hand; how one is named)
_WHAT = {"lands": ("Land", "land"), "creatures": ("Creature", "creature"), "hand": (None, "card")}


def _check_balance(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("of") not in _WHAT:
        return f"balance of {str(o.get('of')).replace('_', ' ')}"
    return None


def _owned(ctx: Ctx, p: int, typ: str | None) -> list[int]:
    game = ctx.game
    if typ is None:
        return list(game.players[p].zones["hand"])
    return [q.id for q in game.battlefield(p) if typ in filters.characteristics(game, q.id).types]


@op(
    "balance",
    check=_check_balance,
)
@c.optional_op
def balance(ctx: Ctx, o: dict) -> None:
    """Each player keeps as many as the player with the fewest has (their choice, in APNAP
    order, 101.4), then all the rest are sacrificed (701.21a) or discarded (701.9a) at once."""
    game = ctx.game
    typ, noun = _WHAT[o["of"]]
    players = c.players(ctx, "each_player")
    owned = {p: _owned(ctx, p, typ) for p in players}
    fewest = min((len(v) for v in owned.values()), default=0)
    rest: list[tuple[int, int]] = []
    for p in players:
        keep = c.choose_cards(
            ctx,
            owned[p],
            fewest,
            DecisionKind.DISCARD if typ is None else DecisionKind.SACRIFICE,
            f"{game.pname(p)}: choose a {noun} to keep",
            "608.2c",
            player=p,
            verb="Keep",
        )
        rest += [(p, i) for i in owned[p] if i not in keep]
    ctx.emit(
        EventKind.NOTE,
        f"{ctx.label}: the fewest {noun}s{' in hand' if typ is None else ''} any player has "
        f"is {fewest}; each player keeps {fewest} and "
        f"{'discards' if typ is None else 'sacrifices'} the rest ({len(rest)} in all).",
        "608.2c",
        amount=fewest,
        data={
            "mechanic": "balance",
            "of": o["of"],
            "fewest": fewest,
            "removed": [i for _, i in rest],
        },
    )
    for p, oid in rest:
        if typ is None:
            name = game.obj(oid).name
            game.move(oid, "graveyard", p)
            ctx.emit(
                EventKind.DISCARD,
                f"{game.verb(p, 'discard', 'discards')} {name} ({ctx.label}).",
                "701.9a",
                player=p,
                amount=1,
                objects=(oid,),
            )
        else:
            stack.sacrifice(game, oid, f" ({ctx.label})", "701.21a", source=ctx.source)
    ctx.did = bool(rest)
