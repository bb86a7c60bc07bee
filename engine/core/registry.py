"""Where the game finds its mechanics: hook slots the mechanics fill in at import time.

The kernel and ``Game`` import no mechanic (engine modules import downward only).
``engine.play.wiring`` imports every mechanic and registers it here; ``Game`` then calls the
hooks: an action performer per scenario action, the state-based-action checks, what
happens when a spell is cast (cascade) or a permanent enters, how the top of the
stack resolves. Effect ops have their own registry in ``engine.lang.effects``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.core.state import StackItem

ActionFn = Callable[[Any, dict], None]  # (game, action dict)
SbaFn = Callable[[Any], bool]  # (game) -> whether any state-based action happened
CastFn = Callable[[Any, "StackItem", str], None]  # (game, spell item, zone it was cast from)
EnterFn = Callable[..., None]  # (game, oid, *, cast, x, free)
GameFn = Callable[[Any], None]
AbilityFn = Callable[[Any, "StackItem"], None]
EventHookFn = Callable[[Any, Any], None]  # (game, the event just recorded)


class RulesNotLoaded(RuntimeError):
    """A game was started before ``engine.play.wiring`` registered the mechanics."""


_NOT_LOADED = "no mechanics are registered: import engine.play.wiring (importing engine does it)"


def _not_loaded(game: Any) -> None:
    """The stack's slots before engine.play.wiring fills them."""
    raise RulesNotLoaded(_NOT_LOADED)


@dataclass
class Rules:
    """The registered mechanics. One process-wide instance, ``RULES``, filled by
    engine.play.wiring."""

    actions: dict[str, ActionFn] = field(default_factory=dict)
    state_based: list[SbaFn] = field(default_factory=list)
    on_cast: list[CastFn] = field(default_factory=list)
    on_enter: list[EnterFn] = field(default_factory=list)
    ability_resolvers: dict[str, AbilityFn] = field(default_factory=dict)
    on_event: list[EventHookFn] = field(default_factory=list)  # triggers (603.2)
    # (game, active player) -> whether an upkeep ability triggered (suspend, 702.62a)
    on_upkeep: list[Callable[[Any, int], bool]] = field(default_factory=list)
    put_triggers: GameFn = _not_loaded
    resolve_top: GameFn = _not_loaded
    # the layer system (613): (game) -> {object id: Characteristics}
    characteristics: Callable[[Any], Any] | None = None
    # a spell's additional costs from its card data (601.2b, 601.2h): engine.rules.spell_costs
    # (problem(game, obj, face, controller), announce_x(...), pay(..., free=, x_life=))
    spell_costs: Any = None
    # buyback's optional additional cost and its return to hand (702.27a):
    # engine.keywords.buyback (announce, mana_of, pay, resolves_to_hand)
    buyback: Any = None

    def action(self, name: str) -> Callable[[ActionFn], ActionFn]:
        """Decorator: ``@RULES.action("cast")`` registers a scenario action's performer."""

        def register(fn: ActionFn) -> ActionFn:
            if name in self.actions and self.actions[name] is not fn:
                raise ValueError(f"action {name!r} is already registered")
            self.actions[name] = fn
            return fn

        return register

    def require(self) -> None:
        if self.resolve_top is _not_loaded or self.put_triggers is _not_loaded:
            raise RulesNotLoaded(_NOT_LOADED)

    def ability_resolver(self, trigger: str) -> AbilityFn:
        """The resolver of an ability by its trigger kind ("cascade"...), else the default ("")."""
        return self.ability_resolvers.get(trigger) or self.ability_resolvers[""]


RULES = Rules()


@dataclass(frozen=True)
class StateSlot:
    """A mechanic's own piece of the game state, registered by the module that owns it
    (cascade's grants, discover's once-each-turn triggers): read with ``game.slot(name)``,
    written only by the kernel's ``game.set_slot(name, value)``. Values are immutable
    (tuples, frozensets), so a copy of the state shares them. ``per_turn``: it lives in
    the turn's record and starts over with each turn (``fresh``, given the player count)."""

    name: str
    fresh: Callable[[int], Any]
    per_turn: bool


STATE_SLOTS: dict[str, StateSlot] = {}


def state_slot(name: str, fresh: Callable[[int], Any], *, per_turn: bool) -> str:
    """Register a mechanic's piece of state (once per name); returns the name to read it by."""
    known = STATE_SLOTS.get(name)
    if known is not None and (known.fresh is not fresh or known.per_turn != per_turn):
        raise ValueError(f"state slot {name!r} is registered twice")
    STATE_SLOTS[name] = StateSlot(name, fresh, per_turn)
    return name


def describe(rules: Rules = RULES) -> dict[str, list[str]]:
    """What is registered, by slot (for docs and tests)."""

    def name(fn: Any) -> str:
        return f"{fn.__module__}.{fn.__qualname__}"

    return {
        "actions": sorted(rules.actions),
        "state_based": [name(f) for f in rules.state_based],
        "on_cast": [name(f) for f in rules.on_cast],
        "on_enter": [name(f) for f in rules.on_enter],
        "ability_resolvers": sorted(rules.ability_resolvers),
        "on_event": [name(f) for f in rules.on_event],
        "on_upkeep": [name(f) for f in rules.on_upkeep],
        "state_slots": sorted(STATE_SLOTS),
    }
