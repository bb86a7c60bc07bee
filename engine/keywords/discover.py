"""Discover N (CR 701.57), a keyword action done while its spell or ability resolves.

701.57a "Discover N" means "Exile cards from the top of your library until you exile
        a nonland card with mana value N or less. You may cast that card without
        paying its mana cost if the resulting spell's mana value is less than or
        equal to N. If you don't cast it, put that card into your hand. Put the
        remaining exiled cards on the bottom of your library in a random order."
701.57b A player has "discovered" after the process is complete, even if no card
        was exiled or cast.
701.57c The "discovered card" is the last card exiled with mana value N or less.
(The seed document calls this rule 701.55; the current CR numbers it 701.57.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import DecisionKind, EventKind
from engine.core.registry import state_slot
from engine.core.state import StackItem
from engine.lang import values
from engine.lang.effects import Ctx, op
from engine.rules import freecast, stack

if TYPE_CHECKING:
    from engine.core.game import Game


def _none_yet(players: int) -> frozenset[tuple[int, str]]:
    return frozenset()


#: the "once each turn" discover triggers that triggered this turn: (permanent, trigger)
TRIGGERED = state_slot("discover.triggered_this_turn", _none_yet, per_turn=True)


def discover(
    game: Game, player: int, n: int, source: str, source_id: int | None = None
) -> int | None:
    """Do the whole action now (no stack of its own); returns the discovered card's id."""
    game.emit(
        EventKind.DISCOVER,
        f"{game.verb(player, 'discover', 'discovers')} {n} ({source}): exile cards from the "
        f"top until a nonland card with mana value {n} or less is exiled. This is a keyword "
        "action: it doesn't use the stack.",
        "701.57a",
        objects=(source_id,) if source_id else (),
        source=source_id,
        player=player,
        amount=n,
    )
    exiled, hit = freecast.exile_until(
        game,
        player,
        n,
        inclusive=True,
        rule="701.57a",
        hit_kind=EventKind.DISCOVER_HIT,
        hit_note="It is the discovered card (701.57c).",
    )
    if hit is None:
        game.emit(
            EventKind.DISCOVER_NONE,
            f"No card qualifies: {freecast.whole_library(len(exiled))}. "
            f"{game.verb(player, 'have', 'has')} still discovered (701.57b).",
            "701.57b",
            objects=tuple(exiled),
            source=source_id,
            player=player,
            amount=len(exiled),
        )
    else:
        freecast.offer(
            game,
            hit,
            player,
            n,
            inclusive=True,
            kind=DecisionKind.DISCOVER_CAST,
            rule="701.57a",
            mechanic=f"discover {n}",
            allow_hand=True,
        )
        exiled.remove(hit)
    rest = [oid for oid in exiled if game.zone_of(oid) == (player, "exile")]
    stack.bottom_in_random_order(game, player, rest, "701.57a", "discover")
    game.emit(
        EventKind.DISCOVERED,
        f"{game.verb(player, 'have', 'has')} discovered {n}.",
        "701.57b",
        source=source_id,
        player=player,
        amount=n,
    )
    _after_discover(game, player, n)
    return hit


def _after_discover(game: Game, player: int, n: int) -> None:
    """Abilities that trigger "whenever you discover" (Curator of Sun's Creation)."""
    for perm in game.battlefield(player):
        entry = game.effects(perm)
        for trig in entry.get("triggers") or []:
            if trig.get("when") != "you_discover":
                continue
            key = (perm.id, "you_discover")
            if trig.get("limit") == "once each turn":
                if key in game.slot(TRIGGERED):
                    continue
                game.set_slot(TRIGGERED, game.slot(TRIGGERED) | {key})
            ops = tuple(
                {**op, "n": n} if op.get("op") == "discover" and op.get("n") == "X" else op
                for op in trig.get("ops") or []
            )
            item = StackItem(
                id=game.new_id(),
                kind="ability",
                controller=player,
                text=f"{perm.name}'s discover trigger",
                source=perm.id,
                trigger="triggered",
                ops=ops,
            )
            stack.trigger(
                game,
                item,
                f"{perm.name} triggers: {game.pname(player)} discovered {n}.",
                "603.2",
                amount=n,
                data={"trigger": "you_discover"},
            )


# ------------------------------------------------------------------- the op (701.57a)
@op("discover")
def discover_op(ctx: Ctx, o: dict) -> None:
    """CR 701.57a: discover N now (a keyword action; no stack of its own)."""
    n = values.value_of(ctx, o.get("n", 0), 0) if o.get("n") != "X" else ctx.x
    discover(ctx.game, ctx.controller, n, ctx.label, ctx.source)
