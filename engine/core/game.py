"""A game: the kernel's state, set up from a scenario, plus decisions and the run loop.

``Game`` is a ``Kernel`` (the state and its primitive operations) that also asks the
policy for decisions and runs the scenario's actions. It imports no mechanic: casting,
the stack, triggers, state-based actions and the actions themselves are registered in
``engine.core.registry.RULES`` by ``engine.play.wiring`` and called from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.core import responses
from engine.core.events import Decision, DecisionKind, Event, Option
from engine.core.kernel import Kernel
from engine.core.policy import PendingDecision, Policy
from engine.core.registry import RULES, Rules
from engine.core.state import StackItem

if TYPE_CHECKING:
    from engine.scenario.scenario import Scenario


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
        # response points. Every stack item in the order it was put on the stack
        # (with its identity, engine.core.responses), the frames where a player would receive
        # priority with something on the stack, the frame each action was taken at, and
        # the next action to take (play's cursor).
        self.stack_seen: list[tuple[int, tuple]] = []
        self._seen_ids: set[int] = set()
        self.priority_frames: list[int] = []
        self.action_frames: list[int] = []
        self.response_item: int | None = None  # the item a `when` action responds to
        self.given_targets: list | None = None  # an action's `targets`, answering 601.2c
        self._resuming = False  # play goes on from a checkpoint (its SBAs were checked)
        self._next = 0
        # (frame count, decisions answered, checkpoint) at the start of each action of the
        # run and before each resolution of the top-level stack, where play can go on from
        # (Game.resumed): answering a decision plays on from the last one before it
        # instead of replaying from the start. None when the policy never pauses.
        self.checkpoints: list[tuple[int, int, dict]] | None = (
            [] if getattr(policy, "pauses", True) else None
        )
        # where a checkpoint was taken: None (an action's start), else resolving the
        # stack at the top level, after the action at this index began (play's loop)
        self._resolving: int | None = None
        # while play's own resolve_stack runs (not an action's): the index it began after
        self._top_level: int | None = None
        self._setup()

    @classmethod
    def resumed(
        cls,
        checkpoint: dict,
        scenario: Scenario,
        policy: Policy,
        rules: Rules | None = None,
    ) -> Game:
        """A game that goes on from a checkpoint of a run of the same scenario (its
        choices may differ after the decisions answered by then), with its card pool:
        ``play`` continues with the action it was about to take."""
        game = cls.__new__(cls)
        game.restore(checkpoint)
        game.rules = rules or RULES
        game.scenario = scenario
        game.policy = policy
        game.checkpoints = []
        game._resuming = True
        return game

    # ----------------------------------------------------------------- setup
    def _setup(self) -> None:
        attach: list[tuple[int, str]] = []  # (Aura/Equipment, the card it is on)
        for p in self.scenario.players:
            pidx = self.add_player(
                p.name, p.life, p.spells_cast, commander=p.commander, cards_drawn=p.cards_drawn
            )
            library = [name for name, count in p.library.cards for _ in range(count)]
            if p.library.order == "random":
                self.rng.shuffle(library)
            cards = {name: self.pool.get(name) for name, _ in p.library.cards}  # one lookup a name
            self.create_cards([cards[name] for name in library], pidx, "library")
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
                    if zone == "battlefield" and not entry.counters:
                        counters.update(_printed_counters(card))  # 614.1c, by default
                    if counters:
                        status["counters"] = counters
                    if zone == "battlefield":
                        status["entered_turn"] = self.turn - 1
                    obj = self.create(card, pidx, zone, **status)
                    if zone == "battlefield" and getattr(entry, "attached_to", None):
                        attach.append((obj.id, entry.attached_to))
        for oid, host in attach:  # CR 303.4, 301.5: it starts attached to that permanent
            low = host.lower()
            hosts = [
                o.id
                for o in self.battlefield()
                if o.id != oid and low in (o.name.lower(), o.card.name.lower())
            ]
            if not hosts:
                raise GameError(
                    f"{self.objects[oid].name} is attached to {host!r}, which is "
                    "not on the battlefield"
                )
            self.attach(oid, hosts[0])
        self.first_frame()

    # ---------------------------------------------------------------- events
    def emit(self, kind, text, rule, **fields) -> Event:
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
        options: Sequence[tuple[str, str] | tuple[str, str, dict]],
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
            options=tuple(Option(*o) for o in options),  # (key, label[, ref])
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
        return self.players[player].name

    def poss(self, player: int) -> str:
        """ "your" for the player called You, else "Name's" (the log reads as English)."""
        name = self.players[player].name
        return "your" if name == "You" else f"{name}'s"

    def verb(self, player: int, plain: str, third: str) -> str:
        """Subject and verb that agree: "You cast" / "Opponent casts"."""
        return (
            f"{self.players[player].name} {plain if self.players[player].name == 'You' else third}"
        )

    # ------------------------------------------------------------- the run
    def play(self) -> None:
        """Take the actions in order. An action without ``when`` is taken once the stack
        has resolved (the legacy ``counter`` right after the action before it); one with
        ``when`` at its response point, found while the stack resolves (``_priority``)."""
        actions = self.scenario.actions
        try:
            if not self._resuming:
                self.settle()  # CR 117.5: SBAs before the first player gets priority, too
            elif self._resolving is not None:  # resumed inside the stack's resolution
                began, self._resolving = self._resolving, None
                self._play_resolve(began)
                if self._next == began:  # a `when` action whose point never came
                    self._never_came(self._next, "the stack is empty")
            self._resuming = False
            while self._next < len(actions):
                self._checkpoint(None)
                action = actions[self._next]
                if action.get("when") is not None:
                    began = self._next
                    self._play_resolve(began)  # takes it at its point, if that point comes
                    if self._next == began:
                        self._never_came(self._next, "the stack is empty")
                    continue
                self._next += 1
                self._take(action)
                if self._legacy_response_next():
                    self.settle()
                    self._note_priority()
                    continue
                self._play_resolve(self._next - 1)
            self.finished = True
        except PendingDecision:
            pass
        except GameOver:
            self.finished = True
            if self._next < len(actions) and actions[self._next].get("when") is not None:
                self._never_came(self._next, "the game ended")

    def _checkpoint(self, resolving: int | None) -> None:
        """Remember the state here, to play on from (Game.resumed)."""
        if self.checkpoints is not None:
            self._resolving = resolving
            self.checkpoints.append((len(self.frames), len(self.decisions), self.checkpoint()))
            self._resolving = None

    def _play_resolve(self, began: int) -> None:
        """play's own resolve_stack, after the action at index ``began`` began: a
        checkpoint before each resolution."""
        self._top_level = began
        try:
            self.resolve_stack()
        finally:
            self._top_level = None

    def _take(self, action: dict) -> None:
        self.action_frames.append(len(self.frames) - 1)
        self.perform(action)

    def _legacy_response_next(self) -> bool:
        """The next action is a ``counter`` without ``when``: it answers the spell cast by
        the action just before it (as scenarios always meant)."""
        actions = self.scenario.actions
        nxt = actions[self._next] if self._next < len(actions) else None
        return nxt is not None and nxt.get("do") in RESPONSES and nxt.get("when") is None

    def _never_came(self, index: int, why: str) -> None:
        action = self.scenario.actions[index]
        raise GameError(
            f"action {index + 1}: the response point {responses.label(action['when'])!r} never "
            f"came: {why} before it (117.3)"
        )

    def _priority(self) -> bool:
        """A player would receive priority now (117.3b-d; the SBAs and triggers are done,
        117.5) with something on the stack: take the next action if this is its response
        point (and the legacy counters right after it). True if an action was taken."""
        self._note_priority()
        actions = self.scenario.actions
        if self._next >= len(actions) or actions[self._next].get("when") is None:
            return False
        action = actions[self._next]
        point = responses.parse(action["when"])
        item_id = responses.target_id(point, self.stack_seen)
        if not responses.reached(point, self.stack, item_id):
            return False
        self._next += 1
        self.response_item = item_id
        try:
            self._take(action)
        finally:
            self.response_item = None
        while self._legacy_response_next():
            self.settle()
            self._note_priority()
            self._next += 1
            self._take(actions[self._next - 1])
        return True

    def _note_priority(self) -> None:
        """Remember this frame as one where a player would receive priority (for a UI's
        "Respond here", engine.core.responses.point_of), if something is on the stack."""
        frame = len(self.frames) - 1
        if self.stack and (not self.priority_frames or self.priority_frames[-1] != frame):
            self.priority_frames.append(frame)

    def push(self, item: StackItem) -> None:
        """Kernel.push, noting the item for response points (nth counts from the run's start)."""
        super().push(item)
        if item.id not in self._seen_ids:
            self._seen_ids.add(item.id)
            self.stack_seen.append((item.id, responses.identity(item, self.objects)))

    def perform(self, action: dict) -> None:
        handler = self.rules.actions.get(action.get("do", ""))
        if handler is None:
            raise GameError(f"unknown action {action.get('do')!r}")
        handler(self, action)

    def resolve_stack(self) -> None:
        """Resolve the top of the stack until it is empty (both players pass each time,
        117.4), unless the next action responds at this moment (``_priority``)."""
        top, self._top_level = self._top_level, None  # an action's own: no checkpoint
        try:
            self._resolve_stack(top)
        finally:
            self._top_level = top

    def _resolve_stack(self, top: int | None) -> None:
        while True:
            if top is not None:
                self._checkpoint(top)
            self.settle()
            if not self.stack:
                return
            if self._priority():
                continue
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


def _printed_counters(card) -> dict[str, int]:
    """The counters a permanent set on the battlefield at setup has when the scenario gives
    none: those it always enters with (614.1c, "enters with a shield counter"), a fixed
    number and no condition, as a planeswalker has its printed loyalty (306.5b)."""
    out: dict[str, int] = {}
    for o in (card.effects or {}).get("static") or ():
        if (
            isinstance(o, dict)
            and o.get("op") == "enters_with_counters"
            and isinstance(o.get("counter"), str)
            and type(o.get("n", 1)) is int
        ):
            out[o["counter"]] = out.get(o["counter"], 0) + int(o.get("n", 1))
    return out
