"""XMage's printed casting restrictions -> an entry's ``cast_only`` condition (CR 601.3).

``CastOnlyDuringPhaseStepSourceAbility(turnPhase?, phaseStep?, condition?, text?)``,
``CastOnlyIfConditionIsTrueAbility(condition, text?)`` and a static
``CastOnlyIfYouHaveCastAnotherSpellEffect`` become one condition in the engine's vocabulary
(engine.lang.conditions): the parts given are ANDed. A part the importer can't read raises
``Untranslated``; the caller then records the ability as untranslated AND puts the printed
words in ``cast_only`` so the engine refuses the cast honestly (engine.rules.cast_only) instead of
casting a card the rules may forbid.
"""

from __future__ import annotations

from .core import STEPS, Core, Untranslated
from .symbolic import JObj, Ref

CLASSES = ("CastOnlyDuringPhaseStepSourceAbility", "CastOnlyIfConditionIsTrueAbility")
ANOTHER_SPELL = "CastOnlyIfYouHaveCastAnotherSpellEffect"

_TURN_PHASES = {
    "BEGINNING": "beginning",
    "PRECOMBAT_MAIN": "precombat_main",
    "COMBAT": "combat",
    "POSTCOMBAT_MAIN": "postcombat_main",
    "END": "end",
}
_STEPS = STEPS


def is_cast_only(ab: object) -> bool:
    """A top-level ability that is a printed casting restriction."""
    if not isinstance(ab, JObj) or ab.local:
        return False
    if ab.cls in CLASSES:
        return True
    return ab.cls == "SimpleStaticAbility" and any(
        isinstance(a, JObj) and a.cls == ANOTHER_SPELL for a in ab.args
    )


def words(ab: JObj) -> str:
    """The restriction's printed words (the card's text argument), or a description."""
    text = next((a for a in ab.args if isinstance(a, str)), None)
    return text or f"a casting restriction (XMage {ab.cls}, not translated)"


def condition(core: Core, ab: JObj) -> dict:
    """The restriction as one condition; raises Untranslated for a part it can't read."""
    if ab.cls == "SimpleStaticAbility":
        core.used.add(ANOTHER_SPELL)
        return {"cond": "cast_spell_this_turn"}
    core.used.add(ab.cls)
    parts: list[dict] = []
    for a in ab.args:
        if a is None or isinstance(a, str):
            continue
        if isinstance(a, Ref) and a.dotted.startswith("TurnPhase."):
            if a.last not in _TURN_PHASES:
                raise Untranslated(ab.cls, f"turn phase {a.last}")
            parts.append({"cond": "phase", "phase": _TURN_PHASES[a.last]})
        elif isinstance(a, Ref) and a.dotted.startswith("PhaseStep."):
            if a.last not in _STEPS:
                raise Untranslated(ab.cls, f"step {a.last}")
            parts.append({"cond": "step", "step": _STEPS[a.last]})
        else:
            parts.append(core.condition(a))
    if not parts:
        raise Untranslated(ab.cls, "no restriction read")
    return parts[0] if len(parts) == 1 else {"cond": "and", "of": parts}
