"""A card from your hand onto the battlefield, with counters if its mana cost contains {X}
(The First Tyrannic War I: "you may put a creature card from your hand onto the
battlefield. If its mana cost contains {X}, it enters with a number of +1/+1 counters on it
equal to the number of lands you control").

- ``put_from_hand_x_counters``: you may choose a permanent card matching ``filter`` in your
  hand and put it onto the battlefield (not cast: {X} is 0 there, 107.3b; a new object,
  400.7). If its printed mana cost contains {X} (202.1), it enters with ``n`` (a value,
  counted as it resolves) ``counter`` counters on it (614.1c). None chosen: ``did`` is False.
"""

from __future__ import annotations

from engine.core.events import DecisionKind, EventKind
from engine.lang import refs, values
from engine.lang.effects import Ctx, op
from engine.rules import op_common as c


def _check(o: dict, ctx: Ctx | None) -> str | None:
    if not isinstance(o.get("counter"), str) or not o["counter"]:
        return f"put from hand with {o.get('counter')!r} counters"
    part = refs.value_problem(o.get("n"), ctx)
    if part:
        return f"put from hand with counters: {part}"
    part = c.filter_problem(o.get("filter"))
    return f"put from hand with counters: {part}" if part else None


def _has_x(ctx: Ctx, oid: int) -> bool:
    cost = ctx.game.face(ctx.game.obj(oid)).mana_cost
    return cost is not None and "{X}" in cost.text


@op(
    "put_from_hand_x_counters",
    check=_check,
)
def put_from_hand_x_counters(ctx: Ctx, o: dict) -> None:
    """You may put a card matching ``filter`` from your hand onto the battlefield; if its
    mana cost contains {X}, it enters with ``n`` ``counter`` counters (614.1c)."""
    game = ctx.game
    me = ctx.controller
    able = [
        i
        for i in game.players[me].zones["hand"]
        if c.matches(ctx, i, o.get("filter")) and game.face(game.obj(i)).is_permanent
    ]
    chosen = c.choose_cards(
        ctx,
        able,
        1,
        DecisionKind.PUT_ONTO_BATTLEFIELD,
        f"{ctx.label}: choose a card to put onto the battlefield",
        "400.7",
        player=me,
        may_stop=True,
        verb="Put",
    )
    if not chosen:
        ctx.emit(
            EventKind.TO_BATTLEFIELD,
            f"{ctx.label}: no card is put onto the battlefield.",
            "400.7",
            objects=[],
            amount=0,
            data={"from": "hand", "tapped": False},
        )
        ctx.did = False
        return
    (oid,) = chosen
    n = values.value_of(ctx, o.get("n"), 0) if _has_x(ctx, oid) else 0
    c.put_onto_battlefield(ctx, oid, me)
    ctx.emit(
        EventKind.TO_BATTLEFIELD,
        f"{ctx.label} puts {game.obj(oid).name} onto the battlefield.",
        "400.7",
        objects=[oid],
        amount=1,
        data={"from": "hand", "tapped": False},
    )
    c.entered(ctx, [oid])
    # 616.1: its own "enters with X counters" (X is 0, 107.3b) and this one both apply; the
    # engine's enter hook sets its own count exactly, so these are added after it, still
    # within this resolution (no state-based action in between, 704.3).
    if n > 0 and game.zone_of(oid) == (me, "battlefield"):
        game.add_counters(oid, o["counter"], n)
        ctx.emit(
            EventKind.COUNTERS,
            f"{game.obj(oid).name} enters with {n} {o['counter']} counters.",
            "614.1c",
            objects=[oid],
            amount=n,
            source=ctx.source,
            counter=o["counter"],
        )
    ctx.did = True
