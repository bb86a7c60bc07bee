"""Replacement effects on drawing (CR 614.1a, 121.2): "if you would draw one or more cards,
you draw that many cards plus one instead" while you have few cards in hand (Quantum
Riddler). Read from the static abilities of the permanents the drawing player controls,
by every place that draws (the draw op and the draw step)."""

from __future__ import annotations

from typing import Any

from engine.core.events import EventKind

#: The static op this module reads (engine/lang/vocabulary.py: draw_replacement).
OP = "draw_replacement"


def how_many(game: Any, player: int, n: int, why: str) -> int:
    """How many cards ``player`` draws for a draw of ``n`` (614.1a: each such replacement
    applies once to the event, 614.5; the player's hand is looked at as it would happen).
    Logs each replacement that applies."""
    if n <= 0:
        return n
    hand = len(game.players[player].zones["hand"])
    for perm in game.battlefield(player):
        for o in game.effects(perm).get("static") or []:
            if o.get("op") != OP or hand > int(o.get("max_hand", 1)):
                continue
            extra = int(o.get("extra", 1))
            game.emit(
                EventKind.NOTE,
                f"{perm.name}: {game.pname(player)} would draw {n} ({why}) with {hand} "
                f"card{'s' if hand != 1 else ''} in hand, and draws {n + extra} instead.",
                "614.1a",
                objects=(perm.id,),
                source=perm.id,
                player=player,
                amount=n + extra,
                data={"replaced": "draw", "from": n, "to": n + extra},
            )
            n += extra
    return n
