"""Goad (CR 701.15): until the goading player's next turn, the creature attacks each combat
if able and attacks a player other than the goading player if able. The goad is recorded on
the creature (a continuous effect of kind ``goad``, the same record Day of the Moon's
``goad_chosen_names`` makes), shown, read by the ``goaded`` filter and enforced when its
controller declares attackers (engine.rules.combat, 508.1d, 701.15b)."""

from __future__ import annotations

from engine.lang import refs
from engine.lang.effects import Ctx, op
from engine.rules import op_common

#: "until your next turn" is goad's own duration (701.15a); others as the card says
_DURATIONS = ("until_your_next_turn", "end_of_turn")


def _check(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("duration", "until_your_next_turn") not in _DURATIONS:
        return f"goad lasting {o.get('duration')!r}"
    return refs.ref_problem(o, "what")


@op("goad", check=_check)
def goad(ctx: Ctx, o: dict) -> None:
    """CR 701.15a: goad the creatures (combat enforces it, 701.15b)."""
    objs = refs.objects(ctx, o, "what")
    op_common.begin(
        ctx,
        {"duration": o.get("duration", "until_your_next_turn")},
        "goad",
        "",
        objs,
        {"by": ctx.controller, "combat_only": True},
        "701.15a",
        "goaded: it attacks each combat if able, a player other than the goader if able (701.15b)",
    )
