"""Suspend (CR 702.62): exile a card from your hand with N time counters; at the beginning
of your upkeep remove one; when the last is removed, you may cast it without paying its
mana cost.

702.62a "Suspend N—[cost]" means "If you could begin to cast this card by putting it onto
        the stack from your hand, you may pay [cost] and exile it with N time counters
        on it. This action doesn't use the stack," and "At the beginning of your upkeep,
        if this card is suspended, remove a time counter from it," and "When the last
        time counter is removed from this card, if it's exiled, you may play it without
        paying its mana cost if able. If you don't, it remains exiled. If you cast a
        creature spell this way, it gains haste until you lose control of the spell or
        the permanent it becomes."
702.62b A card is "suspended" if it's in exile, has suspend, and has a time counter on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import ChangeKind, DecisionKind, EventKind
from engine.core.game import GameError
from engine.core.state import StackItem
from engine.rules import freecast, stack

if TYPE_CHECKING:
    from engine.core.game import Game

E = EventKind


def suspend_cost(game: Game, oid: int) -> dict | None:
    """The card's ``{time, cost}`` from ``keyword_costs.Suspend``, or None."""
    value = (game.effects(game.obj(oid)).get("keyword_costs") or {}).get("Suspend")
    if isinstance(value, dict) and isinstance(value.get("time"), int):
        return value
    return None


def is_suspended(game: Game, oid: int) -> bool:
    """702.62b: in exile, has suspend, has a time counter."""
    loc = game.zone_of(oid)
    return (
        loc is not None
        and loc[1] == "exile"
        and suspend_cost(game, oid) is not None
        and game.obj(oid).counter("time") > 0
    )


def suspend(game: Game, action: dict) -> None:
    """The scenario action: suspend a card from hand (a special action, 116.2f)."""
    player = int(action.get("player", 0))
    name = str(action["card"]).lower()
    oid = next(
        (i for i in game.players[player].zones["hand"] if game.obj(i).card.name.lower() == name),
        None,
    )
    if oid is None:
        raise GameError(f"{action['card']!r} is not in {game.poss(player)} hand")
    obj = game.obj(oid)
    value = suspend_cost(game, oid)
    if value is None:
        raise GameError(f"{obj.name} has no suspend cost in its card data (702.62a)")
    face = obj.card.front
    instant = face.is_instant or any(k.lower() == "flash" for k in face.keywords)
    if not instant and (game.stack or game.active != player or "main" not in game.phase):
        raise GameError(
            f"can't suspend {obj.name} now: only when it could be cast (a sorcery: your main "
            "phase, empty stack; 702.62a)"
        )
    n = int(value["time"])
    game.move(oid, "exile", player)
    game.add_counters(oid, "time", n)
    game.emit(
        E.SUSPEND,
        f"{game.verb(player, 'suspend', 'suspends')} {obj.name}: it is exiled with {n} time "
        f"counters (cost {value.get('cost')}; mana payment isn't simulated). This special "
        "action doesn't use the stack.",
        "702.62a",
        objects=(oid,),
        source=oid,
        player=player,
        amount=n,
        counter="time",
        data={"cost": value.get("cost")},
    )
    game.settle()


def upkeep(game: Game, active: int) -> bool:
    """702.62a: at the beginning of its owner's upkeep, each suspended card's first trigger."""
    fired = False
    for oid in list(game.players[active].zones["exile"]):
        if not is_suspended(game, oid):
            continue
        obj = game.obj(oid)
        item = StackItem(
            id=game.new_id(),
            kind="ability",
            controller=active,
            text=f"Suspend of {obj.name} (remove a time counter)",
            source=oid,
            trigger="suspend",
        )
        stack.trigger(game, item, f"{item.text} triggers.", "702.62a", data={"trigger": "suspend"})
        fired = True
    return fired


def resolve(game: Game, item: StackItem) -> None:
    """Remove a time counter (if it is still suspended); the last one triggers the cast."""
    oid = item.source_id()
    if not is_suspended(game, oid):
        game.emit(
            E.COUNTERS,
            f"{item.text}: it is no longer suspended; nothing happens.",
            "702.62a",
            source=oid,
            player=item.controller,
            amount=0,
            counter="time",
        )
        return
    obj = game.obj(oid)
    before, after = game.add_counters(oid, "time", -1)
    game.emit(
        E.COUNTERS,
        f"A time counter is removed from {obj.name} ({before} -> {after}).",
        "702.62a",
        objects=(oid,),
        source=oid,
        player=item.controller,
        amount=-1,
        counter="time",
    )
    # the last counter: on_event (below) sees the change and the cast triggers


def on_event(game: Game, event) -> None:
    """702.62a: "When the last time counter is removed from this card, if it's exiled", by
    whatever removed it: its own upkeep trigger, or Greater Gargadon's ability."""
    for change in event.changes:
        if (
            change.what != ChangeKind.COUNTERS
            or change.key != "time"
            or not (isinstance(change.before, int) and change.before > 0)
            or change.after != 0
        ):
            continue
        oid = change.subject
        loc = game.zone_of(oid)
        if loc is None or loc[1] != "exile" or suspend_cost(game, oid) is None:
            continue
        obj = game.obj(oid)
        cast = StackItem(
            id=game.new_id(),
            kind="ability",
            controller=obj.owner,
            text=f"Suspend of {obj.name} (the last time counter was removed)",
            source=oid,
            trigger="suspend_cast",
        )
        stack.trigger(
            game, cast, f"{cast.text} triggers.", "702.62a", data={"trigger": "suspend_cast"}
        )


def resolve_cast(game: Game, item: StackItem) -> None:
    """702.62a: if it's still exiled, its owner may cast it without paying its mana cost;
    otherwise it remains exiled. A creature spell cast this way gains haste."""
    oid = item.source_id()
    loc = game.zone_of(oid)
    if loc is None or loc[1] != "exile":
        game.emit(
            E.CANT_CAST,
            f"{item.text}: the card is no longer in exile.",
            "702.62a",
            source=oid,
            player=item.controller,
            data={"mechanic": "suspend"},
        )
        return
    name = game.obj(oid).name
    result = freecast.offer(
        game,
        oid,
        item.controller,
        10**6,
        inclusive=True,
        kind=DecisionKind.SUSPEND_CAST,
        rule="702.62a",
        mechanic="suspend",
        allow_hand=False,
        prompt=f"{name} — cast it without paying its mana cost (suspend)? If you don't, "
        "it remains exiled.",
    )
    if result == "cast":
        game.update_cast_info(oid, suspended=True)  # a creature spell gains haste (702.62a)
