"""Who answers decisions: the scenario's recorded choices, or an automatic player.

A decision nobody answers pauses the game (``PendingDecision``); the engine never
guesses on a player's behalf.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from engine.core.events import Decision
from engine.scenario import objref


class PendingDecision(Exception):
    """Raised inside the game when a decision has no answer yet: the timeline stops here."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.prompt)
        self.decision = decision


class ChoiceError(ValueError):
    """A recorded answer that is not one of the decision's options."""


class Policy:
    """Answers decisions; returning None means "ask the user" (the game pauses)."""

    #: whether it may return None (a run keeps checkpoints to go on from only then)
    pauses = True

    def answer(self, decision: Decision) -> str | None:  # pragma: no cover - interface
        raise NotImplementedError


class ScriptedPolicy(Policy):
    """Answers the n-th decision with the n-th recorded choice (like a move list)."""

    def __init__(self, choices: Sequence[str], fallback: Policy | None = None) -> None:
        self.choices = list(choices)
        self.fallback = fallback
        self.pauses = fallback is None or fallback.pauses

    def answer(self, decision: Decision) -> str | None:
        if decision.index < len(self.choices):
            key = self.choices[decision.index]
            if key not in decision.keys() and key.startswith("target:") and "=" in key:
                key = self._named_target(decision, key)
            if key not in decision.keys():
                raise ChoiceError(
                    f"choice #{decision.index + 1} {key!r} is not an option for "
                    f"{decision.prompt!r}; options: {', '.join(decision.keys())}"
                )
            return key
        if self.fallback is not None:
            return self.fallback.answer(decision)
        return None

    @staticmethod
    def _named_target(decision: Decision, key: str) -> str:
        """``target:card=Grizzly Bears,owner=1,zone=battlefield``: the option whose
        object fits (engine.scenario.objref), else a ChoiceError naming the options."""
        try:
            ref = objref.parse_text(key.split(":", 1)[1])
        except ValueError as e:
            raise ChoiceError(f"choice #{decision.index + 1} {key!r}: {e}") from None
        got = objref.pick(ref, [(o.key, o.ref) for o in decision.options])
        if got is None:
            raise ChoiceError(
                f"choice #{decision.index + 1} {key!r} names no option of {decision.prompt!r}; "
                f"options: {', '.join(o.label for o in decision.options)}"
            )
        return got


class AutoPolicy(Policy):
    """Casts every castable hit (unless its name is declined) and takes the first option otherwise.

    Used for odds and Monte Carlo: "the player casts everything they can".
    """

    pauses = False

    def __init__(
        self, decline: Iterable[str] = (), prefer: Callable[[Decision], str] | None = None
    ):
        self.decline = frozenset(decline)
        self.prefer = prefer

    def answer(self, decision: Decision) -> str | None:
        if self.prefer is not None:
            return self.prefer(decision)
        keys = decision.keys()
        if decision.kind in ("cascade_cast", "discover_cast"):
            if decision.subject in self.decline:
                return "decline" if "decline" in keys else "hand"
            for k in keys:
                if k.startswith("cast"):
                    return k
        return keys[0]
