"""Ops of combat (CR 500.8, 506-511): "after this phase, there is an additional combat phase".

The combat phase itself is engine.rules.combat (the ``attack`` action); an additional combat
phase is taken by another ``attack`` action in the postcombat main phase that follows."""

from __future__ import annotations

from engine.core.events import EventKind
from engine.lang.effects import Ctx, op


@op("additional_combat")
def additional_combat(ctx: Ctx, o: dict) -> None:
    """CR 500.8: an additional combat phase this turn, after this one (a later ``attack``
    action of the active player's postcombat main phase takes it)."""
    game = ctx.game
    game.add_extra_combat()
    ctx.emit(
        EventKind.NOTE,
        f"{ctx.label}: there is an additional combat phase this turn (500.8).",
        "500.8",
        player=game.active,
        amount=game.this_turn.extra_combats,
        data={"extra_combats": game.this_turn.extra_combats},
    )
