"""Shields: regeneration (CR 701.19) and damage prevention (615), as continuous-effect records.

A regeneration shield is used up the next time its permanent would be destroyed this turn:
instead it is tapped and all damage is removed from it (701.19a, 701.19c: the shield lasts
until used or until the cleanup step). Prevention effects (615.1) reduce damage before it
is dealt, unless damage "can't be prevented" (615.12, Stomp) — a rules effect recorded the
same way (``damage_cant_be_prevented``) or a flag of the damage itself.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.core.events import EventKind
from engine.lang import filters
from engine.rules import layers

if TYPE_CHECKING:
    from engine.core.game import Game


def _shields(game: Game, kind: str) -> list:
    return [e for e in game.continuous if e.kind == kind and layers.active(game, e)]


def regenerate_instead(game: Game, oid: int) -> bool:
    """CR 701.19a: if the permanent has a regeneration shield, use it instead of destroying
    it: tap it, remove all damage (it would be removed from combat: there is none)."""
    for e in _shields(game, "regenerate"):
        if oid in layers.applies_to(game, e):
            obj = game.obj(oid)
            game.end_continuous([e.id])
            game.tap(oid)
            game.clear_damage(oid)
            game.emit(
                EventKind.REGENERATE,
                f"{obj.name} regenerates instead of being destroyed: it is tapped and all "
                "damage is removed from it.",
                "701.19a",
                objects=(oid,),
                source=e.source,
                player=obj.controller,
                data={"effect": e.id},
            )
            return True
    return False


#: The shield counter (122.1c): "If a permanent with a shield counter on it would be dealt
#: damage or destroyed, instead remove a shield counter from it."
SHIELD = "shield"


def shield_counter_instead(game: Game, oid: int, would: str, source: int | None = None) -> bool:
    """CR 122.1c: a permanent with a shield counter that would be dealt damage or destroyed
    loses a shield counter instead (a replacement, not prevention: damage that can't be
    prevented is replaced too). Returns whether it did."""
    obj = game.obj(oid)
    if obj.counter(SHIELD) <= 0:
        return False
    game.add_counters(oid, SHIELD, -1)
    game.emit(
        EventKind.COUNTERS,
        f"{obj.name} would be {would}: a shield counter is removed from it instead.",
        "122.1c",
        objects=(oid,),
        source=source,
        player=obj.controller,
        amount=-1,
        counter=SHIELD,
        data={"shield": would},
    )
    return True


def cant_be_prevented(game: Game) -> bool:
    """A "damage can't be prevented this turn" effect is in force (615.12)."""
    return bool(_shields(game, "damage_cant_be_prevented"))


def prevent(
    game: Game,
    amount: int,
    *,
    source: int | None,
    to_object: int | None = None,
    to_player: int | None = None,
    unpreventable: bool = False,
    combat: bool = False,
) -> int:
    """How much of ``amount`` damage is still dealt after prevention shields (615.1, 615.7);
    shields with an amount are reduced by what they prevent. Emits what was prevented.
    A shield counter on the permanent replaces the damage first (122.1c)."""
    if amount > 0 and to_object is not None:
        if shield_counter_instead(game, to_object, "dealt damage", source):
            return 0
    if amount <= 0 or unpreventable or cant_be_prevented(game):
        return amount
    left = amount
    for e in _shields(game, "prevent_damage"):
        if left <= 0:
            break
        if e.data.get("combat_only") and not combat:
            continue
        if not _covers(game, e, source, to_object, to_player):
            continue
        cap = e.data.get("amount")
        stopped = left if cap is None else min(left, int(cap))
        if stopped <= 0:
            continue
        left -= stopped
        if cap is not None:
            rest = int(cap) - stopped
            if rest <= 0:
                game.end_continuous([e.id])
            else:
                game.update_continuous(replace(e, data={**e.data, "amount": rest}))
        game.emit(
            EventKind.PREVENT,
            f"{stopped} damage is prevented.",
            "615.1",
            objects=(to_object,) if to_object is not None else (),
            source=e.source,
            player=to_player,
            amount=stopped,
            data={"effect": e.id},
        )
    return left


def _covers(
    game: Game, e, source: int | None, to_object: int | None, to_player: int | None
) -> bool:
    """Whether a prevention effect covers damage from ``source`` to this object/player."""
    d = e.data
    if d.get("by") is not None:
        if d["by"] != "all" and (source is None or source not in e.objects):
            return False
        if d.get("filter") is not None:  # "damage dealt by <creatures matching>"
            return source is not None and filters.matches(
                game, source, d["filter"], controller=e.controller, source=e.source
            )
        return True
    if to_object is not None:
        return to_object in layers.applies_to(game, e)
    return to_player is not None and to_player in e.players
