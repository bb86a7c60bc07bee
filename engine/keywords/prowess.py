"""Prowess (CR 702.108), written to read like the rule.

702.108a  Prowess is a triggered ability. "Prowess" means "Whenever you cast a noncreature
          spell, this creature gets +1/+1 until end of turn."
702.108b  If a creature has multiple instances of prowess, each triggers separately.

The creatures are the ones with prowess (after continuous effects, 613) that the caster
controls when the spell becomes cast (601.2i); a copy isn't cast and triggers nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.state import StackItem
from engine.rules import stack

if TYPE_CHECKING:
    from engine.core.game import Game

KEYWORD = "prowess"
PUMP = ({"op": "pump", "power": 1, "toughness": 1, "who": "self", "duration": "end_of_turn"},)


def on_cast(game: Game, item: StackItem, from_zone: str) -> None:
    """702.108a: each creature with prowess of the caster triggers on a noncreature spell."""
    face = game.face(game.obj(item.card()))
    if face.is_creature:
        return
    computed = game.all_chars()  # battlefield objects that continuous effects change (613)
    for perm in game.battlefield(item.controller):
        chars = computed.get(perm.id)
        face = game.face(perm)
        keywords = chars.keywords if chars is not None else face.keywords
        n = sum(1 for k in keywords if k.lower() == KEYWORD)
        if not n or not (chars.is_creature if chars is not None else face.is_creature):
            continue
        for i in range(1, n + 1):
            nth = f" (instance {i} of {n})" if n > 1 else ""
            ability = StackItem(
                id=game.new_id(),
                kind="ability",
                controller=item.controller,
                text=f"Prowess of {perm.name}{nth}",
                source=perm.id,
                ops=PUMP,
            )
            stack.trigger(
                game,
                ability,
                f"Prowess of {perm.name} triggers: {face.name} is a noncreature spell{nth}.",
                "702.108b" if n > 1 else "702.108a",
                data={"keyword": KEYWORD, "spell": face.name},
            )
