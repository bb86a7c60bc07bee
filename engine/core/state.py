"""Game state as plain data: card objects in zones, the stack, players.

A frame of the timeline holds a ``GameState``. Card objects and stack items are
frozen, so a snapshot only copies the zone lists and the id -> object map; the
objects themselves are shared between frames. That keeps stepping cheap and
makes "back then forward" return the identical state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.base import display
from engine.base.records import fast_init
from engine.core.continuous import Characteristics, ContinuousEffect, printed

if TYPE_CHECKING:
    from engine.cards.definitions import CardDef, Face

EMPTY: Mapping[str, int] = MappingProxyType({})
NO_CHARS: Mapping[int, Characteristics] = MappingProxyType({})
PLAYER_ZONES = ("library", "hand", "battlefield", "graveyard", "exile")


@fast_init
@dataclass(frozen=True, slots=True)
class CardObject:
    """A card (or token) in a zone: its own id, owner and status, apart from its definition."""

    id: int
    card: CardDef
    owner: int
    controller: int
    face: str | None = None
    counters: Mapping[str, int] = field(default_factory=lambda: EMPTY)
    tapped: bool = False
    damage: int = 0
    is_token: bool = False
    was_cast: bool = False
    entered_turn: int = -1
    read_ahead: int = 0
    # attachment (301.5, 303.4), phasing (702.26), face-down (708, manifest)
    attached_to: int | None = None
    phased_out: bool = False
    face_down: bool = False
    enchanted_player: int | None = None  # an Aura with "enchant player" (303.4)

    @property
    def name(self) -> str:
        return self.face or self.card.name

    @property
    def characteristics(self) -> Face:
        """The face whose characteristics the object has now (CR 709.4, 712.8, 715.4)."""
        if self.face:
            for f in self.card.faces:
                if f.name == self.face:
                    return f
        return self.card.front

    def counter(self, kind: str) -> int:
        return self.counters.get(kind, 0)

    def with_counters(self, kind: str, n: int) -> CardObject:
        counters = dict(self.counters)
        if n <= 0:
            counters.pop(kind, None)
        else:
            counters[kind] = n
        return self.evolve(counters=MappingProxyType(counters))

    def evolve(self, **changes: Any) -> CardObject:
        """A copy with these fields changed: ``dataclasses.replace`` without its generic
        per-call work (the kernel makes one at every tap, move and counter). fast_init
        replaces this body with a generated one that does the same, field by field."""
        if not _CARD_FIELDS.issuperset(changes):
            raise TypeError(f"CardObject has no field {sorted(set(changes) - _CARD_FIELDS)}")
        return replace(self, **changes)

    def to_dict(self) -> dict:
        d: dict = {"id": self.id, "name": self.name, "owner": self.owner}
        if self.controller != self.owner:
            d["controller"] = self.controller
        if self.counters:
            d["counters"] = dict(self.counters)
        if self.tapped:
            d["tapped"] = True
        if self.damage:
            d["damage"] = self.damage
        if self.is_token:
            d["token"] = True
        if self.attached_to is not None:
            d["attached_to"] = self.attached_to
        if self.phased_out:
            d["phased_out"] = True
        if self.face_down:
            d["face_down"] = True
        if self.enchanted_player is not None:
            d["enchanted_player"] = self.enchanted_player
        return d


_CARD_FIELDS = frozenset(f.name for f in fields(CardObject))


@fast_init
@dataclass(frozen=True, slots=True)
class StackItem:
    """A spell or an ability on the stack (CR 405, 113.7)."""

    id: int
    kind: str  # "spell" | "ability"
    controller: int
    text: str
    source: int | None  # None: a rule's own triggered ability (the monarch's draw, 724.2)
    card_id: int | None = None
    mana_value: int = 0
    x: int = 0
    face: str | None = None
    targets: tuple = ()
    trigger: str = ""  # "cascade", "chapter", "etb", "activated", ...
    chapter: int = 0
    ops: tuple = ()
    data: Mapping[str, Any] = field(default_factory=lambda: EMPTY)

    def card(self) -> int:
        """The card object a spell is (112.1a); only a copy or an ability has none."""
        if self.card_id is None:
            raise ValueError(f"stack item {self.id} ({self.text}) is not a card")
        return self.card_id

    def source_id(self) -> int:
        """The object an ability came from (113.7); only a rule's own trigger has none."""
        if self.source is None:
            raise ValueError(f"stack item {self.id} ({self.text}) has no source object")
        return self.source


@dataclass(slots=True)
class Player:
    """One player's part of the live game state (the kernel's, mutable; a frame holds a
    ``PlayerState``): zones (lists of object ids, library top first), life, mana pool."""

    name: str
    life: int
    zones: dict[str, list[int]] = field(default_factory=lambda: {z: [] for z in PLAYER_ZONES})
    mana: str = ""
    # the pool's mana one by one, beside its text: (symbol, the source that made it or
    # None, what it may be spent on or None: "spend this mana only to cast a creature
    # spell", 106.6); what payment spends (engine.rules.payment) and records as spent (601.2h)
    mana_units: list[tuple[str, int | None, Any]] = field(default_factory=list)
    counters: dict[str, int] = field(default_factory=dict)  # poison, energy... (122.1)
    flags: set[str] = field(default_factory=set)  # "citys_blessing"... (702.131c)
    commander: str | None = None  # the player's commander (903.3), a name

    def copy(self) -> Player:
        """An independent copy (a checkpoint): the containers are new, their items shared
        (ids, strings, mana tuples are immutable)."""
        return Player(
            self.name,
            self.life,
            {z: list(ids) for z, ids in self.zones.items()},
            self.mana,
            list(self.mana_units),
            dict(self.counters),
            set(self.flags),
            self.commander,
        )


@dataclass(slots=True)
class Turn:
    """What happened this turn: the "this turn" facts the filters, values and conditions
    read. A turn starts with a fresh one (``Kernel.begin_turn``); per-player counts are
    lists indexed by player."""

    spells_cast: list[int] = field(default_factory=list)  # per player (storm, 702.40)
    life_gained: list[int] = field(default_factory=list)  # per player (119.9)
    life_lost: list[int] = field(default_factory=list)  # per player
    drawn: list[int] = field(default_factory=list)  # per player (121)
    lands_played: list[int] = field(default_factory=list)  # per player (305.2)
    extra_land_plays: list[int] = field(default_factory=list)  # per player grants (305.2)
    descended: list[int] = field(default_factory=list)  # permanent cards into your graveyard
    combat_damage_taken: list[int] = field(default_factory=list)  # per player
    died: list[int] = field(default_factory=list)  # creatures put into a graveyard (700.4)
    left_battlefield: list[int] = field(default_factory=list)  # any permanent (revolt, void)
    cast: list[tuple[int, tuple[str, ...]]] = field(default_factory=list)  # (player, types)
    # each spell cast this turn, in order: {player, object, from, mv, names} ("the first
    # spell you cast from exile each turn", "total mana value of other spells you've cast")
    spells: list[dict] = field(default_factory=list)
    damaged: set[tuple[int, int]] = field(default_factory=set)  # (object, zone-change count)
    attacked: list[int] = field(default_factory=list)  # creatures that attacked (raid)
    used: set[tuple] = field(default_factory=set)  # abilities limited to once each turn
    # source -> {(creature, its zone-change count)} dealt damage by it this turn
    damaged_by: dict[int, set[tuple[int, int]]] = field(default_factory=dict)
    combat_phases: int = 0  # combat phases begun this turn (500.8 adds more)
    extra_combats: int = 0  # additional combat phases still to come this turn (500.8)
    # the mechanics' own "this turn" state, by the name each registered it under
    # (engine.core.registry.state_slot: cascade's grants, discover's triggers)
    slots: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def fresh(cls, players: int) -> Turn:
        """A new turn's record for ``players`` players: every count at zero."""
        return cls(
            spells_cast=[0] * players,
            life_gained=[0] * players,
            life_lost=[0] * players,
            drawn=[0] * players,
            lands_played=[0] * players,
            extra_land_plays=[0] * players,
            descended=[0] * players,
            combat_damage_taken=[0] * players,
        )

    def copy(self) -> Turn:
        """An independent copy (a checkpoint): new containers, shared immutable items."""
        return Turn(
            list(self.spells_cast),
            list(self.life_gained),
            list(self.life_lost),
            list(self.drawn),
            list(self.lands_played),
            list(self.extra_land_plays),
            list(self.descended),
            list(self.combat_damage_taken),
            list(self.died),
            list(self.left_battlefield),
            list(self.cast),
            list(self.spells),
            set(self.damaged),
            list(self.attacked),
            set(self.used),
            {k: set(v) for k, v in self.damaged_by.items()},
            self.combat_phases,
            self.extra_combats,
            dict(self.slots),
        )

    def add_player(self, spells_cast: int, drawn: int) -> None:
        """A player joins at setup, with what they did this turn before the scenario."""
        for counts in (
            self.life_gained,
            self.life_lost,
            self.lands_played,
            self.extra_land_plays,
            self.descended,
            self.combat_damage_taken,
        ):
            counts.append(0)
        self.spells_cast.append(spells_cast)
        self.drawn.append(drawn)


@fast_init
@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player's zones (tuples of object ids; library top first), life and mana."""

    name: str
    life: int
    mana_pool: str
    library: tuple[int, ...]
    hand: tuple[int, ...]
    battlefield: tuple[int, ...]
    graveyard: tuple[int, ...]
    exile: tuple[int, ...]
    spells_cast: int = 0
    counters: Mapping[str, int] = field(default_factory=lambda: EMPTY)  # poison, energy (122.1)
    #: game-long player flags: the city's blessing (702.131c), emblems (114; keywords.retrace)
    flags: tuple[str, ...] = ()
    #: the player's commander (903.3), a card name, in the command zone (903.6)
    commander: str | None = None

    def zone(self, zone: str) -> tuple[int, ...]:
        return getattr(self, zone)


@fast_init
@dataclass(frozen=True, slots=True)
class GameState:
    """Everything visible at one frame; read-only, shared parts between frames."""

    players: tuple[PlayerState, ...]
    stack: tuple[StackItem, ...]
    objects: Mapping[int, CardObject]
    turn: int = 1
    phase: str = "precombat main"
    active: int = 0
    lost: tuple[int, ...] = field(default=())
    # continuous effects in force (611) and the characteristics the layer
    # system computed for the battlefield at this frame (613); empty when nothing
    # modifies anything (then an object's characteristics are its printed ones).
    continuous: tuple[ContinuousEffect, ...] = field(default=())
    chars: Mapping[int, Characteristics] = field(default_factory=lambda: NO_CHARS)
    # combat (506-511): empty outside a combat phase; during one {"attackers": {object:
    # what it attacks, "p1" or "o12"}, "blockers": {object: (the attackers it blocks)},
    # "blocked": (attackers that became blocked, 509.1h), "defending": player}
    combat: Mapping[str, Any] = field(default_factory=lambda: EMPTY)

    def attacking(self, oid: int) -> str | None:
        """What the object attacks in this frame ("p1", "o12"), None when it isn't attacking."""
        return (self.combat.get("attackers") or {}).get(oid) if self.combat else None

    def blocking(self, oid: int) -> tuple[int, ...]:
        """The attackers the object blocks in this frame (empty when it isn't blocking)."""
        return tuple((self.combat.get("blockers") or {}).get(oid) or ()) if self.combat else ()

    def obj(self, oid: int) -> CardObject:
        return self.objects[oid]

    def characteristics(self, oid: int) -> Characteristics:
        """An object's characteristics at this frame after every layer (613): computed
        power/toughness, keywords, types, colors, controller (what views should show)."""
        got = self.chars.get(oid)
        return got if got is not None else printed(self.objects[oid])

    def zone(self, player: int, zone: str) -> list[CardObject]:
        """Objects of ``player`` in ``zone`` ("stack" gives the spells they control, top first)."""
        if zone == "stack":
            return [
                self.objects[s.card_id]
                for s in self.stack_top_first
                if s.card_id is not None and s.controller == player
            ]
        return [self.objects[i] for i in self.players[player].zone(zone)]

    @property
    def stack_top_first(self) -> tuple[StackItem, ...]:
        return tuple(reversed(self.stack))

    def card_count(self, player: int) -> int:
        """Cards ``player`` owns in every zone, the stack included; tokens are not cards."""
        n = 0
        for p in self.players:
            for z in PLAYER_ZONES:
                n += sum(
                    1
                    for i in p.zone(z)
                    if self.objects[i].owner == player and not self.objects[i].is_token
                )
        n += sum(
            1
            for s in self.stack
            if s.card_id is not None
            and self.objects[s.card_id].owner == player
            and not self.objects[s.card_id].is_token
        )
        return n

    def where(self, oid: int) -> str:
        """The zone an object is in, or "none" (a token that ceased to exist)."""
        for p in self.players:
            for z in PLAYER_ZONES:
                if oid in p.zone(z):
                    return z
        if any(s.card_id == oid for s in self.stack):
            return "stack"
        return "none"

    def summary(self) -> dict:
        """Zones per player as card names (library top first), for JSON output and tests."""
        out = []
        for idx, p in enumerate(self.players):
            d = {"name": p.name, "life": p.life, "mana_pool": p.mana_pool}
            if p.commander is not None:  # only then: older timelines keep their fingerprint
                d["commander"] = p.commander
            for z in PLAYER_ZONES:
                d[z] = [self.objects[i].name for i in p.zone(z)]
            d["stack"] = [s.text for s in self.stack_top_first if s.controller == idx]
            out.append(d)
        d = {
            "turn": self.turn,
            "phase": self.phase,
            "players": out,
            "stack": [s.text for s in self.stack_top_first],
        }
        if self.combat:  # only then: timelines without combat keep their fingerprint
            d["combat"] = {
                "attackers": {str(k): v for k, v in (self.combat.get("attackers") or {}).items()},
                "blockers": {
                    str(k): list(v) for k, v in (self.combat.get("blockers") or {}).items()
                },
                "blocked": list(self.combat.get("blocked") or ()),
            }
        return d

    def _repr_html_(self) -> str:
        return display.html("state", self)
