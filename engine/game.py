"""A game: the kernel's state, set up from a scenario, plus decisions and the run loop.

``Game`` is a ``Kernel`` (the state and its primitive operations) that also asks the
policy for decisions and runs the scenario's actions. It imports no mechanic: casting,
the stack, triggers, state-based actions and the actions themselves are registered in
``engine.registry.RULES`` by ``engine.rules`` and called from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.events import Decision, DecisionKind, Event, Option
from engine.kernel import Kernel
from engine.policy import PendingDecision, Policy
from engine.registry import RULES, Rules

if TYPE_CHECKING:
    from engine.scenario import Scenario


class GameError(ValueError):
    """An action the rules or the board do not allow (e.g. casting a card not in hand)."""


class GameOver(Exception):
    """A player lost (CR 704.5a); the game stops there."""


RESPONSES = frozenset({"counter"})


class Game(Kernel):
    """Runs one scenario to its end or to the first unanswered decision."""

    def __init__(
        self, scenario: Scenario, pool, policy: Policy, rules: Rules | None = None
    ) -> None:
        super().__init__(pool, scenario.seed, scenario.turn)
        self.rules = rules or RULES
        self.rules.require()
        self.scenario = scenario
        self.policy = policy
        self.decisions: list[tuple[int, Decision, str]] = []
        self.pending_decision: Decision | None = None
        self.finished = False
        self._in_event_hook = False
        self._setup()

    # ----------------------------------------------------------------- setup
    def _setup(self) -> None:
        attach: list[tuple[int, str]] = []  # (Aura/Equipment, the card it is on) (opsperm)
        for p in self.scenario.players:
            pidx = self.add_player(p.name, p.life, p.spells_cast)
            library = [name for name, count in p.library.cards for _ in range(count)]
            if p.library.order == "random":
                self.rng.shuffle(library)
            for name in library:
                self.create(self.pool.get(name), pidx, "library")
            for zone in ("hand", "battlefield", "graveyard", "exile"):
                for entry in getattr(p, zone):
                    card = self.pool.get(entry.name)
                    status: dict = {}
                    if entry.face:
                        status["face"] = entry.face
                    if entry.tapped:
                        status["tapped"] = True
                    counters = dict(entry.counters)
                    face = card.front
                    if zone == "battlefield" and face.loyalty and "loyalty" not in counters:
                        if face.loyalty.isdigit():  # CR 306.5b: printed loyalty by default
                            counters["loyalty"] = int(face.loyalty)
                    if counters:
                        status["counters"] = counters
                    if zone == "battlefield":
                        status["entered_turn"] = self.turn - 1
                    obj = self.create(card, pidx, zone, **status)
                    if zone == "battlefield" and getattr(entry, "attached_to", None):
                        attach.append((obj.id, entry.attached_to))
        for oid, host in attach:  # CR 303.4, 301.5: it starts attached to that permanent
            low = host.lower()
            hosts = [o.id for o in self.battlefield() if o.id != oid
                     and low in (o.name.lower(), o.card.name.lower())]  # fmt: skip
            if not hosts:
                raise GameError(f"{self.objects[oid].name} is attached to {host!r}, which is "
                                "not on the battlefield")  # fmt: skip
            self.attach(oid, hosts[0])
        self.first_frame()

    # ---------------------------------------------------------------- events
    def emit(self, kind, text, rule, **fields) -> Event:  # type: ignore[override]
        """Record the event (Kernel.emit), then let the registered hooks see it: triggered
        abilities trigger on events (603.2). Events the hooks record are not re-examined."""
        event = super().emit(kind, text, rule, **fields)
        if self.rules.on_event and not self._in_event_hook:
            self._in_event_hook = True
            try:
                for hook in self.rules.on_event:
                    hook(self, event)
            finally:
                self._in_event_hook = False
        return event

    # ------------------------------------------------------------- decisions
    def decide(
        self,
        kind: DecisionKind,
        prompt: str,
        options: Sequence[tuple[str, str]],
        rule: str,
        *,
        player: int = 0,
        subject: str = "",
        objects: Sequence[int] = (),
    ) -> str:
        """Ask the policy; no answer pauses the game at this frame (it never guesses)."""
        decision = Decision(
            kind=kind,
            prompt=prompt,
            options=tuple(Option(k, label) for k, label in options),
            rule=rule,
            index=len(self.decisions),
            player=player,
            subject=subject,
            objects=tuple(objects),
        )
        key = self.policy.answer(decision)
        if key is None:
            self.pending_decision = decision
            raise PendingDecision(decision)
        self.decisions.append((len(self.frames) - 1, decision, key))
        return key

    # ------------------------------------------------------- English helpers
    def pname(self, player: int) -> str:
        return self.names[player]

    def poss(self, player: int) -> str:
        """ "your" for the player called You, else "Name's" (the log reads as English)."""
        name = self.names[player]
        return "your" if name == "You" else f"{name}'s"

    def verb(self, player: int, plain: str, third: str) -> str:
        """Subject and verb that agree: "You cast" / "Opponent casts"."""
        return f"{self.names[player]} {plain if self.names[player] == 'You' else third}"

    # ------------------------------------------------------------- the run
    def play(self) -> None:
        actions = self.scenario.actions
        try:
            self.settle()  # CR 117.5: SBAs before the first player gets priority, too
            for i, action in enumerate(actions):
                self.perform(action)
                nxt = actions[i + 1] if i + 1 < len(actions) else None
                if nxt is not None and nxt.get("do") in RESPONSES:
                    self.settle()
                    continue
                self.resolve_stack()
            self.finished = True
        except PendingDecision:
            pass
        except GameOver:
            self.finished = True

    def perform(self, action: dict) -> None:
        handler = self.rules.actions.get(action.get("do", ""))
        if handler is None:
            raise GameError(f"unknown action {action.get('do')!r}")
        for key in ("when", "targets"):
            if key in action:
                raise GameError(f"'{key}' is not simulated yet in this build")
        handler(self, action)

    def resolve_stack(self) -> None:
        """Resolve the top of the stack until it is empty (both players pass each time)."""
        while True:
            self.settle()
            if not self.stack:
                return
            self.rules.resolve_top(self)

    def settle(self) -> None:
        """CR 117.5: state-based actions, then triggered abilities go on the stack; repeat."""
        while True:
            acted = False
            for check in self.rules.state_based:
                acted = check(self) or acted
            if self.pending:
                self.rules.put_triggers(self)
                continue
            if not acted:
                return

    def timeline_frames(self) -> list:
        return self.frames
