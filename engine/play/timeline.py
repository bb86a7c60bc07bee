"""The timeline of a run: frame k = (state after event k, event k, decision pending there?).

Our move stack: built by replaying the scenario from its start, so the same
scenario, seed and choices always give the same frames, byte for byte.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import engine.play.wiring  # noqa: F401  (registers every mechanic with the game)
from engine.base import display
from engine.base.records import fast_init
from engine.core.events import Decision, Event
from engine.core.game import Game, GameError
from engine.core.policy import ChoiceError, Policy, ScriptedPolicy
from engine.core.state import GameState
from engine.scenario import scenario as scenario_mod
from engine.scenario.scenario import Scenario, ScenarioError

if TYPE_CHECKING:
    from engine.cards.carddb import CardPool


@fast_init
@dataclass(frozen=True, slots=True)
class Frame:
    index: int
    state: GameState
    event: Event | None
    decision: Decision | None = None

    @property
    def moved(self) -> tuple[int, ...]:
        """Objects that moved (or were touched) in this frame's event: the UI highlights them."""
        return self.event.objects if self.event else ()

    def _repr_html_(self) -> str:
        return display.html("frame", self)


class Timeline:
    """All frames of one run, plus where it paused (if it did).

    A run never guesses: with no answer for a decision it pauses there (``pending``), and
    ``answer`` gives the scenario that continues with that choice.

    >>> from engine import Scenario
    >>> tl = Scenario.from_dict({
    ...     "players": [
    ...         {"name": "You", "hand": ["Bloodbraid Elf"],
    ...          "library": {"order": "listed", "cards": ["Forest", "Lightning Bolt"]}},
    ...         {"name": "Opponent"},
    ...     ],
    ...     "actions": [{"do": "cast", "card": "Bloodbraid Elf"}],
    ... }).run()
    >>> tl.finished, tl.pending.rule, [o.key for o in tl.pending.options]
    (False, '702.85a', ['cast', 'decline'])
    >>> tl = tl.answer("cast").run()  # Lightning Bolt is cast; now it needs a target
    >>> [o.key for o in tl.pending.options]
    ['target:p0', 'target:p1']
    >>> tl = tl.answer("target:p1").run()
    >>> tl.finished, tl.final.players[1].life, [key for _, _, key in tl.answered]
    (True, 17, ['cast', 'target:p1'])
    >>> [tl.final.objects[i].name for i in tl.final.players[0].graveyard]
    ['Lightning Bolt']
    """

    def __init__(
        self,
        scenario: Scenario,
        frames: list[Frame],
        pending: Decision | None,
        decisions: list[tuple[int, Decision, str]],
        finished: bool,
        priority_frames: tuple[int, ...] = (),
        action_frames: tuple[int, ...] = (),
    ) -> None:
        self.scenario = scenario
        # frames where a player would receive priority with something on the
        # stack, and the frame each action was taken at (engine.core.responses.point_of)
        self.priority_frames = tuple(priority_frames)
        self.action_frames = tuple(action_frames)
        self.frames = frames
        self.pending = pending
        self.finished = finished
        self._decisions = decisions
        # where play can go on from (Game.checkpoints) and the pool it ran with, when the
        # run answered the scenario's own choices (continue_with); else empty
        self._checkpoints: list[tuple[int, int, dict]] = []
        self._pool: Any = None

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (a worker's run sent to the page) without its checkpoints: they hold the
        live game's parts (rules, policy); such a timeline's continue_with replays."""
        return {**self.__dict__, "_checkpoints": [], "_pool": None}

    def __len__(self) -> int:
        return len(self.frames)

    def __getitem__(self, k: int) -> Frame:
        return self.frames[k]

    def __iter__(self):
        return iter(self.frames)

    @property
    def events(self) -> list[Event]:
        return [f.event for f in self.frames if f.event is not None]

    @property
    def final(self) -> GameState:
        return self.frames[-1].state

    @property
    def decision_frames(self) -> dict[int, Decision]:
        """Frame index -> the decision answered (or pending) right after that frame."""
        out = {frame: d for frame, d, _ in self._decisions}
        if self.pending is not None:
            out[len(self.frames) - 1] = self.pending
        return out

    @property
    def answered(self) -> list[tuple[int, Decision, str]]:
        """(frame, decision, chosen key) for every decision answered, in order."""
        return list(self._decisions)

    def answer(self, key: str) -> Scenario:
        """The scenario with the pending decision answered (run it again to continue)."""
        if self.pending is None:
            raise ValueError("nothing to answer: the timeline is not waiting for a decision")
        if key not in self.pending.keys():
            raise ValueError(f"{key!r} is not an option; options: {', '.join(self.pending.keys())}")
        choices = list(self.scenario.choices[: self.pending.index]) + [key]
        return self.scenario.with_choices(choices)

    def continue_with(self, key: str) -> Timeline:
        """The pending decision answered and play gone on: the timeline of
        ``answer(key).run()``, frame for frame, played on from the start of the action the
        decision came up in (a checkpoint) instead of replaying the scenario from its start."""
        scenario = self.answer(key)
        assert self.pending is not None  # answer() checked
        index = self.pending.index
        usable = [i for i, (_, answered, _) in enumerate(self._checkpoints) if answered <= index]
        if not usable:
            return run(scenario, self._pool)
        i = usable[-1]
        game = Game.resumed(self._checkpoints[i][2], scenario, ScriptedPolicy(scenario.choices))
        game.checkpoints = self._checkpoints[:i]  # play takes checkpoint i again
        return _played(game, scenario, scripted=True)

    def rewind_answer(self, decision_index: int, key: str) -> Scenario:
        """Answer an earlier decision differently: later answers are dropped (like a new move)."""
        choices = list(self.scenario.choices[:decision_index]) + [key]
        return self.scenario.with_choices(choices)

    def text(self) -> str:
        lines = []
        title = self.scenario.title or "Scenario"
        lines.append(f"# {title}")
        asked: dict[int, list[tuple[Decision, str]]] = {}
        for frame, d, key in self._decisions:
            asked.setdefault(frame, []).append((d, key))
        for f in self.frames:
            if f.event is not None:
                lines.append(f"{f.index:3d}. [{f.event.rule}] {f.event.text}")
            for d, key in asked.get(f.index, []):
                lines.append(f"     ? {d.prompt} -> {d.label_of(key)}")
        if self.pending is not None:
            opts = " | ".join(f"{o.label} [{o.key}]" for o in self.pending.options)
            lines.append(f"     ? WAITING: {self.pending.prompt} Options: {opts}")
        elif self.finished and self.final.lost:
            lost = self.final.lost
            who = " and ".join(self.final.players[p].name for p in lost)
            how = "it is a draw" if len(lost) == len(self.final.players) else f"{who} lost"
            lines.append(f"     (the game is over: {how}; nothing more resolves)")
        elif self.finished:
            lines.append("     (the stack is empty: resolution complete)")
        return "\n".join(lines)

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "title": self.scenario.title,
            "finished": self.finished,
            "events": [dict(f.event.to_dict(), frame=f.index) for f in self.frames if f.event],
            "final": self.final.summary(),
            "pending": self.pending.to_dict() if self.pending else None,
        }

    def fingerprint(self) -> str:
        """A canonical serialisation of every frame: equal timelines give equal strings."""
        return json.dumps(
            [
                {
                    "event": f.event.to_dict() if f.event else None,
                    "state": f.state.summary(),
                    "objects": {str(k): v.to_dict() for k, v in sorted(f.state.objects.items())},
                }
                for f in self.frames
            ],
            sort_keys=True,
        )

    def _repr_html_(self) -> str:
        return display.html("timeline", self)


def run(scenario: Scenario, pool: CardPool | None = None, policy: Policy | None = None) -> Timeline:
    """Play the scenario until it ends or needs an answer it doesn't have."""
    scripted = policy is None
    policy = policy or ScriptedPolicy(scenario.choices)
    game = Game(scenario, scenario.pool(pool), policy)
    return _played(game, scenario, scripted=scripted)


def _played(game: Game, scenario: Scenario, *, scripted: bool) -> Timeline:
    try:
        game.play()
    except (GameError, ChoiceError) as e:
        raise ScenarioError(str(e)) from None
    frames = [Frame(i, state, event) for i, (state, event) in enumerate(game.frames)]
    if game.pending_decision is not None:
        last = frames[-1]
        frames[-1] = Frame(last.index, last.state, last.event, game.pending_decision)
    tl = Timeline(
        scenario,
        frames,
        game.pending_decision,
        game.decisions,
        game.finished,
        tuple(game.priority_frames),
        tuple(game.action_frames),
    )
    if scripted and game.pending_decision is not None and game.checkpoints:
        tl._checkpoints = game.checkpoints  # only a paused run goes on
        tl._pool = game.pool
    return tl


scenario_mod.register_runner(run)  # Scenario.run() (the scenario sits below the runner)
