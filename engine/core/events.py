"""What the engine says happened (events) and what it needs to be told (decisions).

Events and decisions are plain frozen data so that the UI, the text log and the
JSON output all render the very same thing. An event's ``kind`` (an ``EventKind``)
and its structured fields are what programs read; ``text`` is the English view of
the same facts, for people.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from engine.base.records import fast_init

ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack")
_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class EventKind(StrEnum):
    """What kind of thing happened. The values are the strings the JSON log has always used."""

    ACTIVATE = "activate"
    AS_YOU_CASCADE = "as_you_cascade"
    BOTTOM = "bottom"
    BOUNCE = "bounce"
    CANT_CAST = "cant_cast"
    CASCADE = "cascade"
    CASCADE_HIT = "cascade_hit"
    CAST = "cast"
    COST = "cost"
    COUNTERED = "countered"
    CONDITION_FALSE = "condition_false"
    COUNTERS = "counters"
    DAMAGE = "damage"
    DECLINE = "decline"
    DESTROY = "destroy"
    DISCOVER = "discover"
    DISCOVER_HIT = "discover_hit"
    DISCOVER_NONE = "discover_none"
    DISCOVERED = "discovered"
    DRAW = "draw"
    DRAW_EMPTY = "draw_empty"
    EXILE = "exile"
    FIZZLE = "fizzle"
    GAME_DRAW = "game_draw"
    GRANT = "grant"
    GRAVEYARD = "graveyard"
    BUYBACK = "buyback"
    KICKER = "kicker"
    LIFE = "life"
    LORE = "lore"
    LOSE = "lose"
    MANA = "mana"
    MODES = "modes"
    NO_TARGET = "no_target"
    NO_TRIGGER = "no_trigger"
    NOT_SIMULATED = "not_simulated"
    PROLIFERATE = "proliferate"
    RESOLVE = "resolve"
    SACRIFICE = "sacrifice"
    SBA = "sba"
    STACK = "stack"
    TAP = "tap"
    TARGET = "target"
    TO_HAND = "to_hand"
    TOKEN = "token"
    TRIGGER = "trigger"
    TURN = "turn"
    WHIFF = "whiff"
    # branch structure: triggers, costs, structure ops
    CONDITION = "condition"  # an intervening "if" / an "if" op was checked (603.4, 608.2c)
    CYCLE = "cycle"  # a card was cycled (702.29a)
    DELAYED = "delayed"  # a delayed triggered ability was created (603.7a)
    STEP = "step"  # a step or phase of the turn begins (500-514), when something triggers
    EVOKE = "evoke"  # the evoke cost was paid (702.74a)
    COPY = "copy"  # a spell was copied (707.10)
    SUSPEND = "suspend"  # a card was suspended: exiled with time counters (702.62a)
    # continuous effects and permanents
    EFFECT = "effect"  # a continuous effect begins (data: effect)
    EFFECT_ENDS = "effect_ends"  # continuous effects end (514.2...)
    ATTACH = "attach"
    CONTROL = "control"
    UNTAP = "untap"
    REGENERATE = "regenerate"
    PREVENT = "prevent"
    TRANSFORM = "transform"
    PHASE = "phase"
    PLAYER_COUNTERS = "player_counters"
    NOTE = "note"  # a recorded static with no effect in the playground (combat-only, costs)
    # --- cards, zones, life, damage
    DISCARD = "discard"
    MILL = "mill"
    SCRY = "scry"
    SURVEIL = "surveil"
    SEARCH = "search"
    SHUFFLE = "shuffle"
    LOOK = "look"
    REVEAL = "reveal"
    TO_BATTLEFIELD = "to_battlefield"
    TO_LIBRARY = "to_library"
    REPLACEMENT = "replacement"
    FIGHT = "fight"
    WIN = "win"
    DESIGNATION = "designation"
    CHOICE = "choice"  # an option chosen while an effect resolved (608.2d; data: option, label)
    PLAY_LAND = "play_land"  # a land is played: a special action (305.1, 116.2a)
    ATTACK = "attack"  # attackers are declared (508.1; data: attackers [{obj, attacks}])
    BLOCK = "block"  # blockers are declared (509.1; data: blocks [{obj, blocking}])
    COMBAT_DAMAGE = "combat_damage"  # combat damage is dealt (510.2; data: hits, players)
    REMOVED_FROM_COMBAT = "removed_from_combat"  # 506.4 / 511.3


class DecisionKind(StrEnum):
    """What a decision asks. The values are the strings scenarios and the UI have always used."""

    AS_YOU_CASCADE = "as_you_cascade"
    CASCADE_CAST = "cascade_cast"
    CHOOSE_FACE = "choose_face"
    CHOOSE_PERMANENT = "choose_permanent"
    DISCARD_COST = "discard_cost"
    DIVIDE = "divide"
    CHOOSE_MODE = "choose_mode"
    DISCOVER_CAST = "discover_cast"
    BUYBACK = "buyback"
    KICKER = "kicker"
    ORDER_TRIGGERS = "order_triggers"
    PROLIFERATE = "proliferate"
    READ_AHEAD = "read_ahead"
    TARGET = "target"
    X_VALUE = "x_value"
    # branch structure
    MAY = "may"  # an optional ("you may") ability or op (603.5, 608.2d)
    PAY_COST = "pay_cost"  # pay a cost or not ("if you do", "unless", 118.12)
    CHOOSE_COST = "choose_cost"  # which of several costs / which card pays it (601.2h)
    SUSPEND_CAST = "suspend_cast"  # cast the suspended card without paying its cost (702.62a)
    # choices of the status and continuous-effect ops
    CHOOSE_COLOR = "choose_color"  # mana of any color, protection from a color
    TAP_OR_UNTAP = "tap_or_untap"
    CHOOSE_TOKEN = "choose_token"  # populate: which creature token to copy
    # --- choices made while an effect resolves
    DISCARD = "discard"
    SCRY = "scry"
    SURVEIL = "surveil"
    ORDER_CARDS = "order_cards"
    SEARCH = "search"
    PICK = "pick"
    SACRIFICE = "sacrifice"
    RETURN_CHOICE = "return_choice"
    PUT_ONTO_BATTLEFIELD = "put_onto_battlefield"
    TOP_OR_BOTTOM = "top_or_bottom"
    UNLESS_PAY = "unless_pay"
    CHOOSE_OPTION = "choose_option"  # one of the options an effect lists, on resolution (608.2d)
    DECLARE_BLOCKER = "declare_blocker"  # which attacker a creature blocks (509.1a)
    ASSIGN_DAMAGE = "assign_damage"  # how much combat damage goes to a recipient (510.1c-d)
    PAY_MANA = "pay_mana"  # which sources pay a mana cost, and for what color (601.2g-h)


class ChangeKind(StrEnum):
    """A primitive change other than a zone move (those are ``Move``)."""

    COUNTERS = "counters"  # subject: object; key: the counter kind
    DAMAGE = "damage"  # subject: object (damage marked on it)
    TAPPED = "tapped"  # subject: object
    LIFE = "life"  # subject: player
    MANA = "mana"  # subject: player (the mana pool as text)
    LOST = "lost"  # subject: player
    # continuous effects and permanents
    EFFECT = "effect"  # subject: continuous effect id; before/after: its kind (None: absent)
    ATTACHED = "attached"  # subject: Aura/Equipment; before/after: object id or None
    CONTROLLER = "controller"  # subject: object; before/after: player
    PHASED = "phased"  # subject: object; after True = phased out
    FACE = "face"  # subject: object; key "face" (transform) or "face_down"
    LIBRARY_ORDER = "library_order"  # subject: player (a shuffle: before/after id tuples)
    PLAYER_COUNTERS = "player_counters"  # subject: player; key: the counter kind
    DESIGNATION = "designation"  # subject: a designation name, or a player (key: the flag)
    # combat (506-511): subject: object; key "attacking" (after: what it attacks, "p1" /
    # "o12"), "blocking" (after: the attackers it blocks), "blocked"; "phase" (subject: the
    # active player; after: True while a combat phase is in progress)
    COMBAT = "combat"


@fast_init
@dataclass(frozen=True, slots=True)
class Move:
    """One object changing zones; ``src``/``dst`` are zone names ("none" for tokens)."""

    obj: int
    name: str
    owner: int
    src: str
    dst: str

    def to_dict(self) -> dict:
        return {
            "obj": self.obj,
            "name": self.name,
            "owner": self.owner,
            "from": self.src,
            "to": self.dst,
        }


@fast_init
@dataclass(frozen=True, slots=True)
class Change:
    """One primitive change of an object or a player, as the kernel made it (before -> after)."""

    what: ChangeKind
    subject: int
    before: object
    after: object
    key: str = ""

    def to_dict(self) -> dict:
        d = {"what": str(self.what), "subject": self.subject, "before": self.before}
        d["after"] = self.after
        if self.key:
            d["key"] = self.key
        return d


@fast_init
@dataclass(frozen=True, slots=True)
class Event:
    """One rules event: a kind, the facts (fields), a human sentence and the CR rule it follows.

    ``moves`` and ``changes`` are every primitive state change the event reports (filled by
    the kernel); ``source`` is the object whose spell/ability/effect did it; ``player`` the
    player it is about; ``amount`` its number (damage, life, counters, cards, N of discover,
    mana value limit of cascade); ``counter`` the counter kind; ``instance``/``instances``
    which instance of a keyword this is (cascade 2 of 4); ``data`` any further kind-specific
    fields (documented in docs/ENGINE_CORE.md).
    """

    kind: EventKind
    text: str
    rule: str
    moves: tuple[Move, ...] = ()
    objects: tuple[int, ...] = ()
    source: int | None = None
    player: int | None = None
    amount: int | None = None
    counter: str | None = None
    instance: int | None = None
    instances: int | None = None
    changes: tuple[Change, ...] = ()
    data: Mapping[str, Any] = field(default_factory=lambda: _NO_DATA)

    def to_dict(self) -> dict:
        d: dict = {
            "kind": str(self.kind),
            "text": self.text,
            "rule": self.rule,
            "moves": [m.to_dict() for m in self.moves],
            "objects": list(self.objects),
        }
        # Added fields appear only when set, so older readers see exactly what they saw.
        for key in ("source", "player", "amount", "counter", "instance", "instances"):
            value = getattr(self, key)
            if value is not None:
                d[key] = value
        if self.changes:
            d["changes"] = [c.to_dict() for c in self.changes]
        if self.data:
            d["data"] = dict(self.data)
        return d


@fast_init
@dataclass(frozen=True, slots=True)
class Option:
    """One answer to a decision; ``key`` is what a scenario records in ``choices``."""

    key: str
    label: str
    # for a target option, its object's facts ({"card", "names", "owner", "zone"}
    # or {"player"}), so a scenario can name the target by card (engine.scenario.objref)
    ref: Mapping[str, Any] | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the rules give a player; the engine pauses here rather than guess."""

    kind: DecisionKind
    prompt: str
    options: tuple[Option, ...]
    rule: str
    index: int = 0
    player: int = 0
    objects: tuple[int, ...] = field(default=())
    subject: str = ""  # the card the decision is about (for policies and the UI)

    def keys(self) -> list[str]:
        return [o.key for o in self.options]

    def label_of(self, key: str) -> str:
        for o in self.options:
            if o.key == key:
                return o.label
        raise KeyError(key)

    def to_dict(self) -> dict:
        return {
            "kind": str(self.kind),
            "prompt": self.prompt,
            "rule": self.rule,
            "index": self.index,
            "player": self.player,
            "subject": self.subject,
            "options": [
                {"key": o.key, "label": o.label, **({"ref": dict(o.ref)} if o.ref else {})}
                for o in self.options
            ],
        }
