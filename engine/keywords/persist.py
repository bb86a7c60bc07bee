"""Persist (CR 702.79), written to read like the rule; and the "dies, return it with a
counter" shape that undying (702.93, engine.keywords.undying) shares.

702.79a  Persist is a triggered ability. "Persist" means "When this permanent is put
         into a graveyard from the battlefield, if it had no -1/-1 counters on it,
         return it to the battlefield under its owner's control with a -1/-1 counter
         on it."

The ability looks back in time (603.10a): whether the permanent had persist and how many
-1/-1 counters it had are read as it last existed on the battlefield (608.2h). The "if"
is an intervening if (603.4): with a -1/-1 counter it doesn't trigger at all. On
resolution the card returns only if it is still the same card in the graveyard (400.7:
a card that left it is a new object); a token has ceased to exist by then (704.5d). The
returned permanent is a new object that enters with the counter on it (614.1c) and was
not cast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import EventKind
from engine.core.state import StackItem
from engine.rules import stack

if TYPE_CHECKING:
    from engine.core.events import Event
    from engine.core.game import Game

KEYWORD = "persist"


def keywords_before(game: Game, oid: int) -> set[str]:
    """The keywords the object had on the battlefield just before this event (603.10a)."""
    before = game.frames[-2][0] if len(game.frames) > 1 else None
    if before is None or oid not in before.objects:
        return set()
    return {k.lower() for k in before.characteristics(oid).keywords}


def died(event: Event) -> list[int]:
    """The objects this event put into a graveyard from the battlefield (700.4)."""
    return [m.obj for m in event.moves if m.src == "battlefield" and m.dst == "graveyard"]


def trigger_on_death(
    game: Game, event: Event, keyword: str, counter: str, rule: str, name: str
) -> None:
    """ "When this dies, if it had no ``counter`` counters on it, return it with one"."""
    for oid in died(event):
        if keyword not in keywords_before(game, oid):
            continue
        lki = game.last_known.get(oid)
        if lki is None:
            continue
        obj = game.obj(oid)
        if lki.counter(counter):  # 603.4: the intervening if is false, it doesn't trigger
            game.emit(
                EventKind.NO_TRIGGER,
                f"{name} of {obj.name} doesn't trigger: it had {lki.counter(counter)} "
                f"{counter} counter(s) on it.",
                "603.4",
                objects=(oid,),
                source=oid,
                player=lki.controller,
                data={"trigger": keyword, "condition": False},
            )
            continue
        ability = StackItem(
            id=game.new_id(),
            kind="ability",
            controller=lki.controller,
            text=f"{name} of {obj.name}",
            source=oid,
            trigger=keyword,
            data={
                "keyword": keyword,
                "counter": counter,
                "rule": rule,
                "zone_changes": game.zone_changes.get(oid, 0),
            },
        )
        stack.trigger(
            game,
            ability,
            f"{name} of {obj.name} triggers: it died with no {counter} counter on it.",
            rule,
            data={"keyword": keyword, "trigger": keyword},
        )


def return_with_counter(game: Game, ability: StackItem) -> None:
    """Return the card from the graveyard under its owner's control with the counter."""
    oid = ability.source_id()
    data = ability.data
    obj = game.obj(oid)
    where = game.zone_of(oid)
    same = game.zone_changes.get(oid, 0) == data["zone_changes"]
    if not (same and where is not None and where[1] == "graveyard"):
        game.emit(
            EventKind.TO_BATTLEFIELD,
            f"{ability.text}: {obj.name} is no longer in the graveyard, so nothing returns "
            "(400.7).",
            str(data["rule"]),
            objects=(),
            source=oid,
            player=ability.controller,
            amount=0,
            data={"from": "graveyard", "tapped": False},
        )
        return
    owner = obj.owner
    counter = str(data["counter"])
    game.move(oid, "battlefield", owner)
    game.set_status(oid, controller=owner, entered_turn=game.turn, was_cast=False)
    game.add_counters(oid, counter, 1)  # it enters with the counter (614.1c)
    game.emit(
        EventKind.TO_BATTLEFIELD,
        f"{ability.text} returns {obj.name} to the battlefield under its owner's control "
        f"with a {counter} counter on it.",
        str(data["rule"]),
        objects=(oid,),
        source=oid,
        player=owner,
        amount=1,
        data={"from": "graveyard", "tapped": False},
    )
    for hook in game.rules.on_enter:
        hook(game, oid, cast=False, x=0, free=False)


def on_event(game: Game, event: Event) -> None:
    """702.79a: a permanent with persist died."""
    if event.moves:
        trigger_on_death(game, event, KEYWORD, "-1/-1", "702.79a", "Persist")


def resolve(game: Game, ability: StackItem) -> None:
    return_with_counter(game, ability)
