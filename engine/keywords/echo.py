"""Echo (CR 702.30), written to read like the rule.

702.30a  Echo is a triggered ability. "Echo [cost]" means "At the beginning of your
         upkeep, if this permanent came under your control since the beginning of your
         last upkeep, sacrifice it unless you pay [cost]."

What "came under your control since the beginning of your last upkeep" needs is kept in
the lasting slot ``echo.owed``: each time a permanent with echo enters the battlefield or
changes controller, (object, controller, zone changes) is recorded, replacing what was
recorded for that object. At the beginning of a player's upkeep the entries of that player
whose permanent is still that object under their control trigger, and every entry of that
player is spent: the next upkeep only sees what came under their control after this one
began. A permanent a scenario starts with on the battlefield owes nothing (it has been
there since before the game's first upkeep). The "if" is an intervening if (603.4),
checked again as the ability resolves: a permanent that left the battlefield or changed
controller since is not sacrificed. The echo cost is paid with ``triggers.offer_cost``
(mana is assumed paid unless a scenario pays mana for real); a cost that can't be paid
isn't offered and the permanent is sacrificed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import ChangeKind, EventKind
from engine.core.registry import state_slot
from engine.core.state import StackItem
from engine.rules import ability_costs, stack, triggers

if TYPE_CHECKING:
    from engine.core.events import Event
    from engine.core.game import Game

KEYWORD = "echo"
RULE = "702.30a"
#: (object, controller, zone changes) of each permanent with echo that came under that
#: player's control since the beginning of their last upkeep
OWED = state_slot("echo.owed", lambda players: frozenset(), per_turn=False)


def keyword_count(game: Game, oid: int, keyword: str) -> int:
    """How many instances of ``keyword`` the permanent has now (after 613)."""
    chars = game.all_chars().get(oid)
    keywords = chars.keywords if chars is not None else game.face(game.obj(oid)).keywords
    return sum(1 for k in keywords if k.lower() == keyword)


def printed(game: Game, oid: int, keyword: str) -> bool:
    """The card has ``keyword`` printed on one of its faces (a cheap test before 613)."""
    return any(k.lower() == keyword for f in game.obj(oid).card.faces for k in f.keywords)


costs_of = ability_costs.payable_keyword_cost


def _value(entry: object) -> object:
    return ability_costs.keyword_cost_text(entry, "Echo")


def missing(card: object) -> str | None:
    """What of echo on this card the engine can't do (for coverage), or None."""
    value = _value(getattr(card, "effects", None))
    if costs_of(value) is None:
        return f"keyword Echo (its cost {value!r} is not paid)"
    return None


def on_event(game: Game, event: Event) -> None:
    """Record a permanent with echo coming under a player's control (entering, or a change
    of control, 702.30a)."""
    came: list[int] = [m.obj for m in event.moves if m.dst == "battlefield"]
    came += [c.subject for c in event.changes if c.what == ChangeKind.CONTROLLER]
    if not came:
        return
    owed = game.slot(OWED)
    new = set(owed)
    for oid in came:
        if not printed(game, oid, KEYWORD):  # no card grants echo (its cost is printed)
            continue
        loc = game.zone_of(oid)
        if loc is None or loc[1] != "battlefield" or not keyword_count(game, oid, KEYWORD):
            continue
        new = {e for e in new if e[0] != oid}
        new.add((oid, game.obj(oid).controller, game.zone_changes.get(oid, 0)))
    if new != owed:
        game.set_slot(OWED, frozenset(new))


def _still_owed(game: Game, oid: int, controller: int, stamp: int) -> bool:
    loc = game.zone_of(oid)
    return (
        loc is not None
        and loc[1] == "battlefield"
        and game.obj(oid).controller == controller
        and game.zone_changes.get(oid, 0) == stamp
    )


def upkeep(game: Game, active: int) -> bool:
    """702.30a: at the beginning of the active player's upkeep, each permanent with echo that
    came under their control since their last upkeep began triggers."""
    owed = game.slot(OWED)
    mine = sorted(e for e in owed if e[1] == active)
    if not mine:
        return False
    game.set_slot(OWED, frozenset(e for e in owed if e[1] != active))
    fired = False
    for oid, controller, stamp in mine:
        if not _still_owed(game, oid, controller, stamp):
            continue
        n = keyword_count(game, oid, KEYWORD)
        for _ in range(n):
            obj = game.obj(oid)
            item = StackItem(
                id=game.new_id(),
                kind="ability",
                controller=active,
                text=f"Echo of {obj.name}",
                source=oid,
                trigger=KEYWORD,
                data={"stamp": stamp},
            )
            stack.trigger(
                game,
                item,
                f"Echo of {obj.name} triggers: it came under {game.poss(active)} control "
                "since the beginning of their last upkeep.",
                RULE,
                data={"trigger": KEYWORD, "keyword": KEYWORD},
            )
            fired = True
    return fired


def resolve(game: Game, item: StackItem) -> None:
    """Sacrifice it unless its controller pays the echo cost; the intervening if again (603.4)."""
    oid = item.source_id()
    player = item.controller
    if not _still_owed(game, oid, player, int(item.data["stamp"])):
        game.emit(
            EventKind.CONDITION,
            f"{item.text}: it is no longer a permanent {game.pname(player)} controls; "
            "the ability does nothing (603.4).",
            "603.4",
            source=oid,
            player=player,
            data={"holds": False, "when": "resolution", "trigger": KEYWORD},
        )
        return
    costs = costs_of(_value(game.effects(game.obj(oid))))
    if costs is None:  # the card data has no echo cost the engine pays: nothing is guessed
        game.emit(
            EventKind.NOT_SIMULATED,
            f"{item.text}: its echo cost is not in the card data; not simulated.",
            RULE,
            source=oid,
            player=player,
            data={"missing": ["keyword Echo (its cost)"], "ops": []},
        )
        return
    if triggers.offer_cost(game, player, oid, costs, item.text, rule=RULE):
        return
    stack.sacrifice(game, oid, " (echo not paid)", RULE, source=oid)
