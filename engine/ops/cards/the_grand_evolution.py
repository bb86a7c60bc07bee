"""Mill, then put cards from among the milled cards onto the battlefield (Vorinclex // The
Grand Evolution I: "mill ten cards, put up to two creature cards from among the milled cards
onto the battlefield").

- ``mill_then_put``: you mill ``n`` (701.17a), then choose up to ``count`` of the milled
  cards that match ``filter`` and are still in your graveyard, and put them onto the
  battlefield at once under your control (not cast: new objects, 400.7; their enter
  triggers and replacement effects apply, 603.6a, 614.12).
"""

from __future__ import annotations

from engine.core.events import DecisionKind, EventKind
from engine.lang.effects import Ctx, execute, op
from engine.rules import op_common as c


def _check(o: dict, ctx: Ctx | None) -> str | None:
    n = o.get("n")
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        return f"mill {n!r} then put cards onto the battlefield"
    count = o.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        return f"mill then put up to {count!r} cards onto the battlefield"
    part = c.filter_problem(o.get("filter"))
    return f"mill then put onto the battlefield: {part}" if part else None


@op(
    "mill_then_put",
    check=_check,
)
def mill_then_put(ctx: Ctx, o: dict) -> None:
    """Mill ``n``; choose up to ``count`` milled cards matching ``filter`` still in your
    graveyard; they enter the battlefield together under your control (400.7)."""
    game = ctx.game
    me = ctx.controller
    top = list(game.players[me].zones["library"][: int(o["n"])])
    execute(ctx, [{"op": "mill", "n": int(o["n"])}])  # 701.17a, its own event
    milled = [i for i in top if game.zone_of(i) == (me, "graveyard")]
    able = [
        i
        for i in milled
        if game.zone_of(i) == (me, "graveyard")
        and game.face(game.obj(i)).is_permanent
        and c.matches(ctx, i, o.get("filter"))
    ]
    chosen = c.choose_cards(
        ctx,
        able,
        int(o["count"]),
        DecisionKind.PUT_ONTO_BATTLEFIELD,
        f"{ctx.label}: choose a milled card to put onto the battlefield",
        "400.7",
        player=me,
        may_stop=True,
        verb="Put",
    )
    for oid in chosen:
        c.put_onto_battlefield(ctx, oid, me)
    names = ", ".join(game.obj(i).name for i in chosen) or "no card"
    ctx.emit(
        EventKind.TO_BATTLEFIELD,
        f"{ctx.label} puts {names} onto the battlefield.",
        "400.7",
        objects=chosen,
        amount=len(chosen),
        data={"from": "graveyard", "tapped": False},
    )
    c.entered(ctx, chosen)
    ctx.did = bool(chosen)
