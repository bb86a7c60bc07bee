"""Resolving abilities on the stack: each kind goes to the mechanic that owns it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import cascade, effects
from engine.state import StackItem

if TYPE_CHECKING:
    from engine.game import Game


def resolve(game: Game, item: StackItem) -> None:
    """CR 608.2: an ability whose targets all became illegal doesn't resolve (608.2b)."""
    from engine import targets as targeting

    if item.data and item.data.get("fizzle"):
        return
    stamps = item.data.get("stamps") if item.data else None
    if item.targets and not targeting.any_legal(game, item.targets, stamps=stamps):
        game.emit(
            "fizzle",
            f"{item.text} doesn't resolve: all its targets are illegal.",
            "608.2b",
            objects=(item.source,),
        )
        return
    if item.trigger == "cascade":
        cascade.resolve(game, item)
    else:  # chapters too: they resolve whatever happened to the Saga since (seed 003)
        effects.run_ops(
            game,
            item.ops,
            controller=item.controller,
            source=item.source,
            targets=item.targets,
            x=item.x,
            label=item.text,
            stamps=stamps,
        )
