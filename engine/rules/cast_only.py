"""Restrictions printed on a card about when or whether it can be cast (CR 601.3):
"Cast this spell only during combat", "only if a creature died this turn", "only if
you've cast another spell this turn".

An effects entry's ``cast_only`` is a condition (the engine.lang.conditions vocabulary) that must
hold for the caster as the spell would be cast. It applies to EVERY cast, free ones included:
an effect that casts a card during its resolution (cascade 702.85a, discover 701.57a,
``cast_free``) lets the player ignore only the timing permissions based on the card's type
(608.2g; 117.1a, 307.1), never a restriction printed on the card. "During combat" holds
in the steps of a combat phase (the `attack` action, engine.rules.combat, 506.1).

A restriction the engine can't evaluate (a condition in words: the importer could not read
it) is never guessed: the card is not cast, and the reason says the restriction is not
simulated. Where a part that CAN be evaluated already forbids the cast ("during combat, and
only if you've been attacked this step"), that part decides: the cast is forbidden.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.lang import conditions, effects

if TYPE_CHECKING:
    from engine.cards.definitions import Face
    from engine.core.game import Game
    from engine.core.state import CardObject

NOT_MET = "cast_restriction"  # the reason code when the restriction forbids the cast
NOT_SIMULATED = "cast_restriction_not_simulated"  # the restriction can't be evaluated


def restriction(game: Game, obj: CardObject, face: Face) -> object | None:
    """The face's ``cast_only`` condition (or the card's, for a one-entry card), or None."""
    entry = game.effects(obj, face.name)
    if "cast_only" in entry:
        return entry["cast_only"]
    top = obj.card.effects if isinstance(obj.card.effects, Mapping) else {}
    return top.get("cast_only")


def verdict(ctx: Any, cond: object) -> bool | None:
    """True/False whether ``cond`` holds now; None when it can't be told. An ``and`` with one
    part known false is false; an ``or`` with one part known true is true (the rest unread)."""
    if (
        isinstance(cond, Mapping)
        and cond.get("cond") in ("and", "or")
        and isinstance(cond.get("of"), list)
    ):
        parts = [verdict(ctx, c) for c in cond["of"]]
        decisive = cond["cond"] == "or"  # the value that decides at once
        if decisive in parts:
            return decisive
        return None if None in parts else not decisive
    if not isinstance(cond, (str, Mapping)) or conditions.condition_missing(cond, ctx) is not None:
        return None
    return bool(conditions.holds(ctx, cond))


def problem(game: Game, obj: CardObject, face: Face, player: int) -> tuple[str, str] | None:
    """(code, sentence) when the printed restriction forbids casting this face now (601.3),
    or can't be evaluated; None when there is none or it is met."""
    cond = restriction(game, obj, face)
    if cond is None:
        return None
    ctx = effects.Ctx(game, player, obj.id, (), 0, face.name)
    ok = verdict(ctx, cond)
    if ok:
        return None
    words = phrase(cond)
    if ok is None:
        return NOT_SIMULATED, (
            f"{face.name}'s casting restriction ({words}) is not simulated, so the playground "
            "does not cast it (601.3)"
        )
    return NOT_MET, f"{face.name} can be cast only {words}, which is not the case now (601.3)"


_STEP_WORDS = {
    "end": "end step",
    "precombat_main": "precombat main phase",
    "postcombat_main": "postcombat main phase",
}


def phrase(cond: object) -> str:
    """A short English phrase for a restriction (for the log; tests never read it)."""
    if isinstance(cond, str):
        return cond
    if not isinstance(cond, Mapping):
        return "a restriction"
    kind = cond.get("cond")
    if kind == "and":
        return ", ".join(phrase(c) for c in cond.get("of") or [])
    if kind == "or":
        return " or ".join(phrase(c) for c in cond.get("of") or [])
    if kind == "not" and isinstance(cond.get("of"), Mapping):
        if cond["of"].get("cond") == "my_turn":
            return "during an opponent's turn"
        return f"unless {phrase(cond['of'])}"
    if kind == "my_turn":
        return "during your turn"
    if kind == "phase":
        return f"during {str(cond.get('phase')).replace('_', ' ')}"
    if kind == "step":
        step = str(cond.get("step"))
        return f"during the {_STEP_WORDS.get(step, step.replace('_', ' ') + ' step')}"
    if kind == "cast_spell_this_turn":
        return "if you've cast another spell this turn"
    return f"if {str(kind).replace('_', ' ')}"
