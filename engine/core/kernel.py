"""The kernel: the mutable game state and the only code that changes it.

Every mechanic and every effect changes the game through the primitives below (move
an object, create one, tap/untap, counters, damage, life, mana, the stack, the turn).
Each primitive records what it changed (a ``Move`` or a ``Change``); the next ``emit``
attaches those records to its event, so an event carries every state change it
reports and a frame never changes state that no event names. Fields are public for
reading; writing them outside this module is not allowed (tests/engine/
test_architecture.py checks the mechanics for it).
"""

from __future__ import annotations

import copy
import random
import re
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.base.limits import RunBudget
from engine.cards import card_names
from engine.core.continuous import Characteristics, ContinuousEffect, printed
from engine.core.events import Change, ChangeKind, Event, EventKind, Move
from engine.core.registry import RULES, STATE_SLOTS
from engine.core.state import (
    EMPTY,
    NO_CHARS,
    CardObject,
    GameState,
    Player,
    PlayerState,
    StackItem,
    Turn,
)

if TYPE_CHECKING:
    from engine.cards.definitions import CardDef, Face

_SYMBOL = re.compile(r"\{([^{}]*)\}")  # one mana symbol of a pool
# Status fields that are bookkeeping (no rules event of their own): set with ``set_status``.
_UNSET = object()  # a state slot not set yet (slot)
_STATUS = frozenset({"face", "controller", "was_cast", "entered_turn", "read_ahead"})


class Kernel:
    """Game state (zones, objects, players, stack, turn) plus its primitive operations."""

    def __init__(self, pool, seed: int, turn: int) -> None:
        self.pool = pool
        self.rng = random.Random(seed)
        self.objects: dict[int, CardObject] = {}
        self.players: list[Player] = []  # zones, life, mana... one record each (add_player)
        # what the last snapshot made of the objects and of each player, shared by the next
        # frames until a primitive changes them (None: changed since; snapshot rebuilds it)
        self._view_objects: dict[int, CardObject] | None = None
        self._view_players: list[PlayerState | None] = []
        # what happened this turn ("this turn" conditions, storm, raid): a fresh record
        # each turn (begin_turn)
        self.this_turn = Turn()
        # the mechanics' own lasting state, by registered name (slot / set_slot)
        self.slots: dict[str, Any] = {}
        self.stack: list[StackItem] = []
        self.pending: list[StackItem] = []
        self.lki: dict[int, int] = {}
        self.turn = turn
        self.phase = "precombat main"
        self.active = 0
        self.lost: list[int] = []
        self.frames: list[tuple[GameState, Event | None]] = []
        # CR 400.7: how many times each object changed zones; a target chosen before a
        # change is a different object now (608.2b), although the id is kept for the UI.
        self.zone_changes: dict[int, int] = {}
        self.drew_from_empty: set[int] = set()  # CR 704.5b, checked with the SBAs
        self._derived: dict[str, dict[Any, Any]] = {}  # derived(): caches, not state
        self.tokens_created = 0  # tokens ever created here: 0 means none can be anywhere
        self._next_id = 1
        self._changes: list[Move | Change] = []
        # branch structure: delayed triggered abilities waiting for their moment (603.7),
        # and abilities limited to once each turn that were used this turn (keys).
        self.delayed: list[dict] = []
        # continuous effects (611, 613), timestamps (613.7)
        self.continuous: list[ContinuousEffect] = []
        self.timestamps: dict[int, int] = {}
        self.base_controller: dict[int, int] = {}  # who it entered under (before layer 2)
        self._clock = 0
        self._recorded = 0  # changes recorded before the last event (the state's version)
        self._chars: tuple[tuple, Mapping[int, Characteristics]] = ((), NO_CHARS)
        self._computing = False
        self.control_changed = False  # set_controller ever moved a permanent (layer 2)
        self.face_changes = 0  # transform / face-down changes (layers cache static sources)
        # changes of the battlefield zones (objects in or out, control): a cheap key for
        # what the layers derive from the battlefield's objects (engine.rules.layers)
        self.battlefield_changes = 0
        # battlefield(): (objects view, battlefield_changes, the permanents) while neither
        # changed (the SBAs, the legend rule, triggers... ask ~60 times a run)
        self._battlefield: tuple[object, int, tuple[CardObject, ...]] = (None, -1, ())
        self.budget = RunBudget()  # events, objects, snapshot sizes (engine.base.limits)
        # ---- runtime branch: game history and player facts (filters, values, conditions)
        # Per turn: ``this_turn`` above. Lasting facts:
        self.last_known: dict[int, CardObject] = {}  # the object as it last was on the bf
        self.cast_info: dict[int, dict] = {}  # oid -> how it was cast; cleared by 400.7
        self.sacrificed_lki: dict[int, CardObject] = {}  # source -> what it sacrificed
        self.designations: dict[str, int] = {}  # "monarch", "initiative" -> player
        # --- what effects remember (see the primitives of linked objects below)
        # (source, its zone-change count) -> [(card, its zone-change count)] exiled with it
        self.linked_exile: dict[tuple[int, int], list[tuple[int, int]]] = {}
        # (creature, its zone-change count) -> turn: "if it would die this turn, exile it
        # instead" (614.1a)
        self.exile_if_dies: dict[tuple[int, int], int] = {}
        # (source, its zone-change count) -> [(card, its count)]: exiled "until the source
        # leaves the battlefield" (610.3)
        self.exiled_until: dict[tuple[int, int], list[tuple[int, int]]] = {}
        # (card, its count) -> (player, duration, turn): "you may play it" from exile
        self.play_permissions: dict[tuple[int, int], tuple[int, str, int]] = {}
        self.turn_history: list[tuple[int, int]] = []  # (turn, active player) begun
        # --- combat (506-511, engine.rules.combat): None outside a combat phase
        self.combat: dict | None = None
        self.deathtouched: set[int] = set()  # dealt damage by deathtouch since the last SBA

    # ---------------------------------------------------------------- checkpoints
    #: how a checkpoint copies each attribute of the game (``vars(game)``): containers of
    #: immutable items get a new container; the rest below by hand. An attribute in none
    #: of these sets makes ``checkpoint`` fail (a new field must say how it is copied).
    _COPY_CONTAINER = frozenset(
        {
            "objects", "stack", "pending", "lki", "lost", "zone_changes", "drew_from_empty",
            "_changes", "delayed", "continuous", "timestamps", "base_controller",
            "last_known", "cast_info", "sacrificed_lki", "designations", "exile_if_dies",
            "play_permissions", "turn_history", "deathtouched", "slots", "_view_players",
            # Game's
            "decisions", "stack_seen", "_seen_ids", "priority_frames", "action_frames",
        }
    )  # fmt: skip
    _COPY_SHARED = frozenset(  # immutable values, or what the game runs with (not state)
        {
            "pool", "turn", "phase", "active", "tokens_created", "_next_id", "_clock",
            "_recorded", "_chars", "_computing", "control_changed", "face_changes",
            "battlefield_changes", "_battlefield",
            "_view_objects",
            # Game's
            "rules", "scenario", "policy", "pending_decision", "finished", "_in_event_hook",
            "response_item", "given_targets", "_next", "_resuming", "_resolving",
            "_top_level",
        }
    )  # fmt: skip
    _COPY_BY_HAND = frozenset(
        {
            "rng", "players", "this_turn", "linked_exile", "exiled_until", "combat",
            "budget", "_derived", "frames", "checkpoints",
        }
    )  # fmt: skip

    def checkpoint(self) -> dict[str, Any]:
        """Everything play needs to go on from here, copied: ``restore`` on a new game
        continues exactly as this one would (same frames, same random draws). Frames are
        shared (they are only ever appended): the checkpoint keeps how many there were."""
        out = _copied(vars(self), self._COPY_CONTAINER, self._COPY_SHARED | self._COPY_BY_HAND)
        out["frames"] = (self.frames, len(self.frames))
        return out

    def restore(self, checkpoint: Mapping[str, Any]) -> None:
        """This game becomes the checkpointed one (copied again: a checkpoint can be
        restored any number of times). Derived caches start empty (they are keyed by a
        version another run may reach with a different state)."""
        state = _copied(checkpoint, self._COPY_CONTAINER, self._COPY_SHARED | self._COPY_BY_HAND)
        frames, n = checkpoint["frames"]
        for name, value in state.items():
            setattr(self, name, value)
        self.frames = frames[:n]
        self._derived = {}
        self.budget.started = time.process_time()  # its CPU allowance is this run's

    def derived(self, name: str) -> dict[Any, Any]:
        """A cache of values the rules derive from this game (engine.rules.layers: the
        static ops per card, the effects in force per version). Not state: never written
        into a frame, and never shared with another game (a server runs many at once)."""
        got = self._derived.get(name)
        if got is None:
            got = self._derived[name] = {}
        return got

    # ------------------------------------------------------------------ recording
    def snapshot(self) -> GameState:
        """The state now, as a frame holds it. The parts no primitive changed since the last
        snapshot (the objects, each player) are the last frame's, shared (read-only)."""
        self.budget.snapshot(len(self.objects))
        objects = self._view_objects
        if objects is None:
            objects = self._view_objects = dict(self.objects)
        views = self._view_players
        players: list[PlayerState] = []
        for i, view in enumerate(views):
            if view is None:
                view = views[i] = self._player_view(i)
            players.append(view)
        return GameState(  # by position, in GameState's field order
            tuple(players),
            tuple(self.stack),
            objects,
            self.turn,
            self.phase,
            self.active,
            tuple(self.lost),
            tuple(self.continuous),
            self.all_chars(),
            self._combat_view() if self.combat is not None else EMPTY,
        )

    def _player_view(self, i: int) -> PlayerState:
        pl = self.players[i]
        z = pl.zones
        return PlayerState(  # by position, in PlayerState's field order
            pl.name,
            pl.life,
            pl.mana,
            tuple(z["library"]),
            tuple(z["hand"]),
            tuple(z["battlefield"]),
            tuple(z["graveyard"]),
            tuple(z["exile"]),
            self.this_turn.spells_cast[i],
            dict(pl.counters),
            tuple(sorted(pl.flags)) if pl.flags else (),
            pl.commander,
        )

    def _combat_view(self) -> Mapping[str, object]:
        c = self.combat
        if c is None:
            return EMPTY
        return {
            "attackers": dict(c["attackers"]),
            "blockers": {k: tuple(v) for k, v in c["blockers"].items()},
            "blocked": tuple(c["blocked"]),
            "defending": c["defending"],
        }

    def emit(
        self,
        kind: EventKind,
        text: str,
        rule: str,
        *,
        objects: Sequence[int] = (),
        source: int | None = None,
        player: int | None = None,
        amount: int | None = None,
        counter: str | None = None,
        instance: int | None = None,
        instances: int | None = None,
        data: Mapping[str, object] | None = None,
    ) -> Event:
        """Record a frame: the state now and the event that says what changed since the last."""
        self.budget.event()
        moves: tuple[Move, ...] = ()
        changes: tuple[Change, ...] = ()
        if self._changes:
            recorded, self._changes = self._changes, []
            self._recorded += len(recorded)
            moves = tuple(c for c in recorded if type(c) is Move)
            if len(moves) != len(recorded):
                changes = tuple(c for c in recorded if type(c) is Change)
        if moves:
            touched = tuple(
                dict.fromkeys([*(o for o in objects if o is not None), *(m.obj for m in moves)])
            )
        else:
            touched = tuple(dict.fromkeys(o for o in objects if o is not None)) if objects else ()
        event = Event(  # by position, in Event's field order (the cheaper call)
            kind,
            text,
            rule,
            moves,
            touched,
            source,
            player,
            amount,
            counter,
            instance,
            instances,
            changes,
            data or EMPTY,  # a fresh dict from the caller; read-only by convention
        )
        self.frames.append((self.snapshot(), event))
        return event

    def first_frame(self) -> None:
        """The frame before anything happens (no event); setup changes are not reported."""
        self._changes.clear()
        self.frames.append((self.snapshot(), None))

    # -------------------------------------------------------------------- queries
    def obj(self, oid: int) -> CardObject:
        return self.objects[oid]

    def zone_of(self, oid: int) -> tuple[int, str] | None:
        for pidx, pl in enumerate(self.players):
            for z, ids in pl.zones.items():
                if oid in ids:
                    return pidx, z
        for s in self.stack:
            if s.card_id == oid:
                return s.controller, "stack"
        return None

    def top_of_library(self, player: int) -> int | None:
        lib = self.players[player].zones["library"]
        return lib[0] if lib else None

    def battlefield(self, player: int | None = None) -> list[CardObject]:
        objects = self.objects
        if player is not None:
            return [objects[i] for i in self.players[player].zones["battlefield"]]
        # Every primitive that changes an object drops the objects view (until the next
        # snapshot) and every change of a battlefield zone is counted: while the view is
        # the same dict and the count the same, so are the permanents.
        view, changes, permanents = self._battlefield
        if view is not self._view_objects or changes != self.battlefield_changes:
            permanents = tuple(objects[i] for pl in self.players for i in pl.zones["battlefield"])
            if self._view_objects is not None:
                self._battlefield = (self._view_objects, self.battlefield_changes, permanents)
        return list(permanents)

    def battlefield_size(self) -> int:
        """How many permanents there are (what ``len(battlefield())`` is, without the list)."""
        return sum(len(pl.zones["battlefield"]) for pl in self.players)

    def spell_items(self) -> list[StackItem]:
        return [s for s in self.stack if s.kind == "spell"]

    def stack_item(self, item_id: int) -> StackItem | None:
        for s in self.stack:
            if s.id == item_id:
                return s
        return None

    def face(self, obj: CardObject, name: str | None = None) -> Face:
        name = name or obj.face
        if name:
            for f in obj.card.faces:
                if f.name == name:
                    return f
        return obj.card.front

    def effects(self, obj: CardObject, face_name: str | None = None) -> dict:
        """The card data's effect entry for the object's (or the named) face."""
        card: CardDef = obj.card
        face_name = face_name or obj.face
        entry = None
        if face_name and len(card.faces) > 1:
            entry = card.effects_for(face_name)
        if entry is None:
            entry = card.effects_for(card.front.name) if len(card.faces) > 1 else card.effects
        return entry or {}

    # ------------------------------------------------------- primitives: players
    def add_player(
        self,
        name: str,
        life: int,
        spells_cast: int,
        *,
        commander: str | None = None,
        cards_drawn: int = 0,
    ) -> int:
        """A player joins at setup; ``commander`` is in the command zone (903.6),
        ``cards_drawn`` the cards drawn this turn before the scenario began (121)."""
        self.players.append(Player(name=name, life=life, commander=commander))
        self.battlefield_changes += 1
        self._view_players.append(None)
        self.this_turn.add_player(spells_cast, cards_drawn)
        return len(self.players) - 1

    def change_life(self, player: int, delta: int) -> int:
        """CR 119.3: gain or lose life (damage to a player is life loss, 120.3a)."""
        before = self.players[player].life
        self.players[player].life = before + delta
        self._view_players[player] = None
        if delta > 0:
            self.this_turn.life_gained[player] += delta
        elif delta < 0:
            self.this_turn.life_lost[player] -= delta
        self._changes.append(Change(ChangeKind.LIFE, player, before, self.players[player].life))
        return self.players[player].life

    def add_mana(self, player: int, mana: str, source: int | None = None, only: Any = None) -> str:
        """CR 106.4: mana goes into the pool (``source``: the object whose ability made it;
        ``only``: a spell filter it may only be spent on, 106.6)."""
        before = self.players[player].mana
        self.players[player].mana = before + mana
        self._view_players[player] = None
        self.players[player].mana_units.extend((sym, source, only) for sym in _SYMBOL.findall(mana))
        self._changes.append(Change(ChangeKind.MANA, player, before, self.players[player].mana))
        return self.players[player].mana

    def spend_mana(self, player: int, indexes: Sequence[int]) -> list[tuple[str, int | None, Any]]:
        """CR 106.4a, 601.2h: the pool's mana at these positions is spent (leaves the pool);
        returns it as (symbol, source, restriction) triples."""
        units = self.players[player].mana_units
        chosen = set(indexes)
        if len(chosen) != len(indexes) or not all(0 <= i < len(units) for i in chosen):
            raise ValueError(f"no such mana in the pool: {list(indexes)} of {len(units)}")
        spent = [units[i] for i in sorted(chosen)]
        self.players[player].mana_units = [u for i, u in enumerate(units) if i not in chosen]
        self._view_players[player] = None
        before = self.players[player].mana
        self.players[player].mana = "".join(
            "{" + u[0] + "}" for u in self.players[player].mana_units
        )
        self._changes.append(Change(ChangeKind.MANA, player, before, self.players[player].mana))
        return spent

    def empty_pools(self) -> None:
        """CR 500.4: unused mana empties from each pool as a step or phase ends."""
        for p, pl in enumerate(self.players):
            if pl.mana:
                self._changes.append(Change(ChangeKind.MANA, p, pl.mana, ""))
                pl.mana = ""
                self._view_players[p] = None
            pl.mana_units = []

    def mark_lost(self, player: int) -> None:
        if player not in self.lost:
            self.lost.append(player)
            self._changes.append(Change(ChangeKind.LOST, player, False, True))

    def note_drew_from_empty(self, player: int) -> None:
        """CR 121.4: the loss is a state-based action (704.5b), checked later."""
        self.drew_from_empty.add(player)

    def count_spell_cast(self, player: int) -> None:
        self.this_turn.spells_cast[player] += 1
        self._view_players[player] = None

    def slot(self, name: str) -> Any:
        """A mechanic's registered piece of state (engine.core.registry.state_slot): this
        turn's for a per-turn slot, else the game's; its fresh value until first set."""
        spec = STATE_SLOTS[name]
        store = self.this_turn.slots if spec.per_turn else self.slots
        got = store.get(name, _UNSET)
        if got is _UNSET:
            got = store[name] = spec.fresh(len(self.players))
        return got

    def set_slot(self, name: str, value: Any) -> None:
        """A mechanic's piece of state takes a new (immutable) value."""
        spec = STATE_SLOTS[name]
        (self.this_turn.slots if spec.per_turn else self.slots)[name] = value

    def begin_turn(self, player: int) -> None:
        """A new turn: "this turn" counts and grants end, mana pools empty (500.4)."""
        self.turn += 1
        self.active = player
        self.this_turn = Turn.fresh(len(self.players))  # every "this turn" fact starts over
        self._view_players = [None] * len(self.players)  # spells cast this turn: 0 again
        self.turn_history.append((self.turn, player))  # "your next turn"
        self.empty_pools()

    def set_phase(self, phase: str) -> None:
        """A step or phase begins; the one before it ended, and with it its mana (500.4)."""
        if phase != self.phase:
            self.empty_pools()
        self.phase = phase

    # ------------------------------------------------------- primitives: objects
    def new_id(self) -> int:
        """A fresh id for an object or a stack item."""
        self.budget.new_object()
        oid = self._next_id
        self._next_id += 1
        return oid

    def create_cards(self, cards: Sequence[CardDef], player: int, zone: str) -> None:
        """Setup's cards of one zone, in order, at once: what ``create`` does for each, less
        its per-object work (no status, nothing reported before the first frame, no
        battlefield bookkeeping: a library holds most of a game's objects)."""
        if self.frames or zone == "battlefield":
            raise ValueError("create_cards is for setup, outside the battlefield")
        if not cards:
            return
        self.budget.new_object(len(cards))
        first = self._next_id
        self._next_id += len(cards)
        objects = self.objects
        ids = self.players[player].zones[zone]
        for oid, card in enumerate(cards, first):
            objects[oid] = CardObject(oid, card, player, player)
            ids.append(oid)
        self._view_objects = None
        self._view_players[player] = None

    def create(
        self, card: CardDef, player: int, zone: str, *, token: bool = False, **status
    ) -> CardObject:
        """A new object in a zone (setup, or a token created on the battlefield, 111.1)."""
        obj = CardObject(
            id=self.new_id(), card=card, owner=player, controller=player, is_token=token, **status
        )
        self.objects[obj.id] = obj
        self._view_objects = None
        self.players[player].zones[zone].append(obj.id)
        self._view_players[player] = None
        if token:
            self.tokens_created += 1
        if self.frames:  # setup (before the first frame) is not reported
            # A token's move is named as its creation names it ("Knight"), as the log did.
            name = card.front.name if token else obj.name
            self._changes.append(Move(obj.id, name, player, "none", zone))
        if zone == "battlefield":
            self.battlefield_changes += 1
            self.timestamps[obj.id] = self.next_timestamp()  # 613.7d
            self.base_controller[obj.id] = player
        return obj

    def uncreate(self, oid: int) -> None:
        """Take back a token ``create`` just made, before any event saw it: a token that
        can't exist as created isn't created (303.4g: an Aura token with nothing it can
        legally enchant). Only the newest object, with nothing recorded since."""
        obj = self.objects[oid]
        if not obj.is_token or oid != self._next_id - 1:
            raise ValueError(f"uncreate: object {oid} is not the token just created")
        for pl in self.players:
            for ids in pl.zones.values():
                if oid in ids:
                    ids.remove(oid)
        self.battlefield_changes += 1
        self._view_players = [None] * len(self.players)
        del self.objects[oid]
        self._view_objects = None
        self.timestamps.pop(oid, None)
        self.base_controller.pop(oid, None)
        self._changes = [m for m in self._changes if not (isinstance(m, Move) and m.obj == oid)]

    def move(
        self,
        oid: int,
        dst: str,
        player: int | None = None,
        *,
        bottom: bool = False,
        index: int | None = None,
    ) -> Move:
        """Take an object out of wherever it is and put it in ``dst`` ("none": it ceases to
        exist). Library: on top unless ``bottom`` or ``index``."""
        obj = self.objects[oid]
        loc = self.zone_of(oid)
        src = "none"
        if loc is not None:
            src = loc[1]
            if src == "stack":
                self.stack = [s for s in self.stack if s.card_id != oid]
            else:
                self.players[loc[0]].zones[src].remove(oid)
                self._view_players[loc[0]] = None
                if src == "battlefield":
                    self.battlefield_changes += 1
        owner = obj.owner
        if dst == "battlefield":
            target_player = obj.controller if player is None else player
        else:
            target_player = owner if player is None else player
        # CR 400.7: an object that changes zones becomes a new object with no memory.
        if src != dst:
            self.zone_changes[oid] = self.zone_changes.get(oid, 0) + 1
            self._note_move(obj, src, dst, owner if player is None else player)
            if src == "battlefield" and self.combat is not None:
                self.remove_from_combat(oid)  # 506.4: it leaves combat as it leaves
        if src == "battlefield" or dst != "battlefield":
            obj = obj.evolve(
                counters=EMPTY,
                tapped=False,
                damage=0,
                controller=owner if dst != "battlefield" else target_player,
                read_ahead=0,
                attached_to=None,
                enchanted_player=None,
                phased_out=False,
                face_down=False,
                face=obj.face if dst in ("stack", "battlefield") else None,
                was_cast=obj.was_cast if dst in ("stack", "battlefield") else False,
            )
            self.objects[oid] = obj
            self._view_objects = None
        if dst in ("none", "stack"):
            move = Move(oid, obj.name, owner, src, dst)
        else:
            zone = self.players[target_player].zones[dst]
            self._view_players[target_player] = None
            if dst == "battlefield":
                self.battlefield_changes += 1
            if index is not None:
                zone.insert(index, oid)
            elif bottom or dst != "library":
                zone.append(oid)
            else:
                zone.insert(0, oid)
            move = Move(oid, obj.name, owner, src, dst)
        self._changes.append(move)
        if dst == "battlefield" and src != dst:
            self.timestamps[oid] = self.next_timestamp()  # 613.7d
            self.base_controller[oid] = target_player
        return move

    def set_status(self, oid: int, **fields) -> CardObject:
        """Bookkeeping of an object: its face, controller, was-cast, entered-turn, read ahead."""
        if not _STATUS.issuperset(fields):
            unknown = sorted(set(fields) - _STATUS)
            raise TypeError(f"set_status can't set {unknown}: use its primitive")
        obj = self.objects[oid].evolve(**fields)
        self.objects[oid] = obj
        self._view_objects = None
        return obj

    def set_tapped(self, oid: int, tapped: bool) -> None:
        """Tap (701.26a) or untap an object."""
        obj = self.objects[oid]
        if obj.tapped != tapped:
            self.objects[oid] = obj.evolve(tapped=tapped)
            self._view_objects = None
            self._changes.append(Change(ChangeKind.TAPPED, oid, obj.tapped, tapped))

    def tap(self, oid: int) -> None:
        self.set_tapped(oid, True)

    def untap(self, oid: int) -> None:
        self.set_tapped(oid, False)

    def add_counters(self, oid: int, kind: str, n: int) -> tuple[int, int]:
        """Put ``n`` counters of ``kind`` on an object (``n`` < 0 removes; none left: no counter).

        Returns (before, after)."""
        obj = self.objects[oid]
        before = obj.counter(kind)
        self.objects[oid] = obj.with_counters(kind, before + n)
        self._view_objects = None
        after = max(0, before + n)
        self._changes.append(Change(ChangeKind.COUNTERS, oid, before, after, kind))
        return before, after

    def set_counters(self, oid: int, kind: str, n: int) -> None:
        """An object enters with exactly ``n`` counters of ``kind`` (306.5b, 107.3m); 0 is kept."""
        obj = self.objects[oid]
        before = obj.counter(kind)
        self.objects[oid] = obj.evolve(counters={**obj.counters, kind: n})
        self._view_objects = None
        self._changes.append(Change(ChangeKind.COUNTERS, oid, before, n, kind))

    def mark_damage(self, oid: int, n: int) -> None:
        """CR 120.3e: damage dealt to a creature is marked on it."""
        obj = self.objects[oid]
        self.objects[oid] = obj.evolve(damage=obj.damage + n)
        self._view_objects = None
        self._changes.append(Change(ChangeKind.DAMAGE, oid, obj.damage, obj.damage + n))
        if n > 0:
            self.this_turn.damaged.add((oid, self.zone_changes.get(oid, 0)))

    def clear_damage(self, oid: int) -> None:
        """CR 514.2: damage wears off in the cleanup step."""
        obj = self.objects[oid]
        if obj.damage:
            self.objects[oid] = obj.evolve(damage=0)
            self._view_objects = None
            self._changes.append(Change(ChangeKind.DAMAGE, oid, obj.damage, 0))

    def remember_lki(self, item_id: int, mana_value: int) -> None:
        """Last known information (CR 608.2h): a spell that left the stack keeps its mana value."""
        self.lki[item_id] = mana_value

    # --------------------------------------------------------- primitives: stack
    def push(self, item: StackItem) -> None:
        """Put a spell or ability on top of the stack (its card, if any, moved there first)."""
        self.stack.append(item)

    def set_top(self, item: StackItem) -> None:
        """The top of the stack gets its choices (kicker, targets) as casting goes on (601.2)."""
        self.stack[-1] = item

    def pop_top(self) -> StackItem:
        return self.stack.pop()

    def remove_from_stack(self, item_id: int) -> None:
        """An ability ceases to exist (countered, 701.6a)."""
        self.stack = [s for s in self.stack if s.id != item_id]

    def add_pending(self, item: StackItem) -> None:
        """A triggered ability waits to be put on the stack (CR 603.3)."""
        self.pending.append(item)

    def take_pending(self) -> list[StackItem]:
        pending, self.pending = self.pending, []
        return pending

    # ------------------------------------ branch structure: delayed triggers, limits, notes
    def add_delayed(self, delayed: dict) -> None:
        """A delayed triggered ability is created (603.7a); it waits for its event."""
        self.delayed.append(delayed)

    def remove_delayed(self, delayed: dict) -> None:
        """A delayed ability that triggered once is done (603.7c)."""
        self.delayed = [d for d in self.delayed if d is not delayed]

    def note_used(self, key: tuple) -> None:
        """An ability limited to once each turn triggered / was activated this turn."""
        self.this_turn.used.add(key)

    # ======================================================================================
    # continuous effects (CR 611, 613), attachments (301.5, 303.4), control (layer
    # 2), phasing (702.26), face-down (708), transforming (701.28).
    # ======================================================================================
    def version(self) -> tuple:
        """Changes so far (every primitive records one), plus turn and phase: computed
        characteristics are cached per version."""
        # spells cast this turn are noted without a Change (note_cast): counted here
        return (
            self._recorded + len(self._changes),
            self.turn,
            self.phase,
            self.active,
            len(self.this_turn.cast),
        )

    def all_chars(self) -> Mapping[int, Characteristics]:
        """Every battlefield object's characteristics after the layers (613), cached per
        version; empty when nothing modifies any (then they are the printed ones)."""
        key = (  # version(), inlined: the snapshot, the SBAs and the filters all ask
            self._recorded + len(self._changes),
            self.turn,
            self.phase,
            self.active,
            len(self.this_turn.cast),
        )
        if self._chars[0] != key:
            compute = RULES.characteristics
            if compute is None or self._computing:
                return NO_CHARS
            self._computing = True
            try:
                self._chars = (key, compute(self))
            finally:
                self._computing = False
        return self._chars[1]

    def chars(self, oid: int) -> Characteristics:
        """One object's characteristics now (613). While the layer system itself is
        computing, printed ones are answered here; the filters it asks read the
        characteristics so far instead (engine.rules.layers, 613.6, 613.8)."""
        got = self.all_chars().get(oid)
        return got if got is not None else printed(self.objects[oid])

    def next_timestamp(self) -> int:
        """CR 613.7: timestamps order effects within a layer."""
        self._clock += 1
        return self._clock

    def add_continuous(self, effect: ContinuousEffect) -> ContinuousEffect:
        """A continuous effect begins (611.2, with its timestamp 613.7b)."""
        self.continuous.append(effect)
        self._changes.append(Change(ChangeKind.EFFECT, effect.id, None, effect.kind, effect.layer))
        return effect

    def end_continuous(self, ids: Sequence[int]) -> list[ContinuousEffect]:
        """Continuous effects end (514.2 "until end of turn", a used shield, 611.2b)."""
        gone = set(ids)
        ended = [e for e in self.continuous if e.id in gone]
        self.continuous = [e for e in self.continuous if e.id not in gone]
        for e in ended:
            self._changes.append(Change(ChangeKind.EFFECT, e.id, e.kind, None, e.layer))
        return ended

    def update_continuous(self, effect: ContinuousEffect) -> None:
        """A lasting effect changes (a prevention shield with some damage left, 615.7)."""
        for i, e in enumerate(self.continuous):
            if e.id == effect.id:
                self.continuous[i] = effect
                self._changes.append(Change(ChangeKind.EFFECT, e.id, e.kind, effect.kind, e.layer))
                return

    def attach(self, oid: int, to: int | None) -> None:
        """Attach an Aura/Equipment to a permanent (701.3a), or unattach it (None); being
        attached anew gives it a new timestamp (613.7e)."""
        obj = self.objects[oid]
        self.objects[oid] = obj.evolve(attached_to=to)
        self._view_objects = None
        self._changes.append(Change(ChangeKind.ATTACHED, oid, obj.attached_to, to))
        if to is not None:
            self.timestamps[oid] = self.next_timestamp()

    def attach_to_player(self, oid: int, player: int | None) -> None:
        """An Aura with "enchant player" becomes attached to a player (303.4a, 303.4f), or
        stops being attached (None); a new timestamp as for a permanent (613.7e)."""
        obj = self.objects[oid]
        self.objects[oid] = obj.evolve(enchanted_player=player, attached_to=None)
        self._view_objects = None
        self._changes.append(
            Change(ChangeKind.ATTACHED, oid, obj.enchanted_player, player, key="player")
        )
        if player is not None:
            self.timestamps[oid] = self.next_timestamp()

    def set_controller(self, oid: int, player: int) -> None:
        """Control changes (layer 2): the permanent stays on the battlefield (not a zone
        change, 400.7 doesn't apply) under another player's control."""
        obj = self.objects[oid]
        if obj.controller == player:
            return
        loc = self.zone_of(oid)
        if loc is not None and loc[1] == "battlefield":
            self.players[loc[0]].zones["battlefield"].remove(oid)
            self.players[player].zones["battlefield"].append(oid)
            self._view_players[loc[0]] = self._view_players[player] = None
            self.battlefield_changes += 1
        # 302.6: it has not been under its new controller's control since the turn began
        self.objects[oid] = obj.evolve(controller=player, entered_turn=self.turn)
        self._view_objects = None
        if self.combat is not None:
            self.remove_from_combat(oid)  # 506.4: a change of control removes it from combat
        self.control_changed = True
        self._changes.append(Change(ChangeKind.CONTROLLER, oid, obj.controller, player))

    def set_phased(self, oid: int, out: bool) -> None:
        """Phasing (702.26): a phased-out permanent is treated as though it doesn't exist."""
        obj = self.objects[oid]
        if obj.phased_out != out:
            self.objects[oid] = obj.evolve(phased_out=out)
            self._view_objects = None
            self._changes.append(Change(ChangeKind.PHASED, oid, obj.phased_out, out))

    def set_face_down(self, oid: int, down: bool) -> None:
        """A face-down 2/2 (manifest 701.40, 708.2) or turned face up."""
        obj = self.objects[oid]
        if obj.face_down != down:
            self.objects[oid] = obj.evolve(face_down=down)
            self._view_objects = None
            self.face_changes += 1
            self._changes.append(Change(ChangeKind.FACE, oid, obj.face_down, down, "face_down"))

    def set_face(self, oid: int, face: str | None) -> None:
        """Transform (701.28): the other face up; it is the same object (712.18)."""
        obj = self.objects[oid]
        if obj.face != face:
            self.objects[oid] = obj.evolve(face=face)
            self._view_objects = None
            self.face_changes += 1
            self._changes.append(Change(ChangeKind.FACE, oid, obj.face, face, "face"))

    # ------------------------------------ runtime branch: game history, player facts
    # What the filters, dynamic values and conditions read (engine/lang/filters.py, values.py,
    # conditions.py). Zone moves, life changes and damage are recorded by the primitives
    # above (``_note_move``, ``change_life``, ``mark_damage``); the rest through these.
    def _note_move(self, obj: CardObject, src: str, dst: str, to_player: int) -> None:
        """History a zone change makes: dies (700.4), leaves the battlefield, descends."""
        if src == "battlefield":
            self.last_known[obj.id] = obj  # LKI (608.2h): as it last existed there
            self.this_turn.left_battlefield.append(obj.id)
            if dst == "graveyard" and "Creature" in obj.characteristics.types:
                self.this_turn.died.append(obj.id)
        if dst == "graveyard" and not obj.is_token and obj.card.front.is_permanent:
            self.this_turn.descended[to_player] += 1  # "descended" (700.11)
        if dst not in ("stack", "battlefield"):
            self.cast_info.pop(obj.id, None)  # 400.7: a new object was never cast

    def draw_card(self, player: int) -> int | None:
        """CR 121.2: the top card of the library into the hand; None (and a 704.5b note)
        when the library is empty. Counted for "cards drawn this turn"."""
        top = self.top_of_library(player)
        if top is None:
            self.note_drew_from_empty(player)
            return None
        self.move(top, "hand", player)
        self.this_turn.drawn[player] += 1
        return top

    def note_land_played(self, player: int) -> None:
        """CR 305.2: a land play of this turn is used."""
        self.this_turn.lands_played[player] += 1

    def add_land_plays(self, player: int, n: int) -> None:
        """CR 305.2: "you may play N additional lands this turn"."""
        self.this_turn.extra_land_plays[player] += n

    def note_cast(self, player: int, oid: int, types: Sequence[str], info: Mapping) -> None:
        """A spell was cast (601.2i): its types for "spells cast this turn", and how it was
        cast (``info``: from, kicked, turn, phase...) for the permanent it becomes."""
        self.this_turn.cast.append((player, tuple(types)))
        names = card_names.names_of(self, oid, "stack")  # "a spell with the chosen name"
        self.this_turn.spells.append(
            {
                "player": player,
                "object": oid,
                "from": info.get("from"),
                "mv": info.get("mv"),
                "names": names,
            }
        )
        self.cast_info[oid] = {
            "player": player,
            "turn": self.turn,
            "phase": self.phase,
            "active": self.active,
            **info,
        }

    def update_cast_info(self, oid: int, **info) -> None:
        """A choice made later in casting (kicked, 601.2b) joins the object's cast facts."""
        if oid in self.cast_info:
            self.cast_info[oid] = {**self.cast_info[oid], **info}
        if info.get("warped"):  # "a spell was warped this turn" (void, 702.185)
            for i in range(len(self.this_turn.spells) - 1, -1, -1):
                if self.this_turn.spells[i]["object"] == oid:
                    self.this_turn.spells[i] = {**self.this_turn.spells[i], "warped": True}
                    break

    def note_sacrificed(self, oid: int, by: int | None) -> None:
        """The object ``by``'s cost or effect sacrificed, as it last existed (608.2h):
        "the sacrificed creature's power". Call before moving it."""
        if by is not None:
            self.sacrificed_lki[by] = self.objects[oid]

    def add_player_counters(self, player: int, kind: str, n: int) -> tuple[int, int]:
        """Counters on a player (122.1: poison, energy, experience...); n < 0 removes."""
        before = self.players[player].counters.get(kind, 0)
        self._view_players[player] = None
        after = max(0, before + n)
        if after:
            self.players[player].counters[kind] = after
        else:
            self.players[player].counters.pop(kind, None)
        self._changes.append(Change(ChangeKind.PLAYER_COUNTERS, player, before, after, kind))
        return before, after

    def set_designation(self, name: str, player: int | None) -> None:
        """A designation only one player has (the monarch 724, the initiative 725)."""
        before = self.designations.get(name)
        holder = player if player is not None else before
        if before == player or holder is None:  # no change (both None is no change too)
            return
        if player is None:
            self.designations.pop(name, None)
        else:
            self.designations[name] = player
        self._changes.append(Change(ChangeKind.DESIGNATION, holder, before, player, name))

    def give_player_flag(self, player: int, flag: str) -> None:
        """A player designation that lasts the game (the city's blessing, 702.131c)."""
        if flag not in self.players[player].flags:
            self.players[player].flags.add(flag)
            self._view_players[player] = None
            self._changes.append(Change(ChangeKind.DESIGNATION, player, False, True, flag))

    # ----------------- primitives: linked and exiled objects, play permissions, damage history
    def stamp_of(self, oid: int) -> tuple[int, int]:
        """An object as it is now: its id and zone-change count (CR 400.7: a new object
        after each zone change, although the id is kept)."""
        return oid, self.zone_changes.get(oid, 0)

    def shuffle_library(self, player: int) -> None:
        """CR 701.24a: randomize the library (recorded as a library-order change)."""
        lib = self.players[player].zones["library"]
        self._view_players[player] = None
        before = tuple(lib)
        self.rng.shuffle(lib)
        self._changes.append(Change(ChangeKind.LIBRARY_ORDER, player, before, tuple(lib)))

    def link_exiled(self, source: int, oid: int) -> None:
        """Remember a card exiled by an effect of ``source`` ("exiled with", 607.2a); call
        after the move, so the card's stamp is the exiled object's."""
        key = self.stamp_of(source)
        self.linked_exile.setdefault(key, []).append(self.stamp_of(oid))

    def exile_until_leaves(self, source: int, oid: int) -> None:
        """The card (just exiled) returns when this object of ``source`` leaves the
        battlefield (610.3a)."""
        self.exiled_until.setdefault(self.stamp_of(source), []).append(self.stamp_of(oid))

    def take_returning(self) -> list[tuple[int, list[int]]]:
        """Sources that left the battlefield, with the cards exiled until then still in exile
        (the same objects); forgotten once taken (610.3a)."""
        out = []
        for key in list(self.exiled_until):
            src, n = key
            where = self.zone_of(src)
            if where and where[1] == "battlefield" and self.zone_changes.get(src, 0) == n:
                continue
            cards = [
                oid
                for oid, m in self.exiled_until.pop(key)
                if self.zone_changes.get(oid, 0) == m
                and (self.zone_of(oid) or (0, ""))[1] == "exile"
            ]
            out.append((src, cards))
        return out

    def grant_play(self, oid: int, player: int, duration: str) -> None:
        """``player`` may play this card (as it is now, in exile) until ``duration`` ends:
        "end_of_turn" or "until_end_of_your_next_turn" (impulse draw), "after_this_turn"
        (warp), "adventure" (715.4: the creature, while it stays exiled on an adventure)."""
        self.play_permissions[self.stamp_of(oid)] = (player, duration, self.turn)

    def on_adventure(self, oid: int) -> bool:
        """Whether the card is in exile on an adventure (715.3d), the same object since."""
        perm = self.play_permissions.get(self.stamp_of(oid))
        where = self.zone_of(oid)
        return perm is not None and perm[1] == "adventure" and bool(where and where[1] == "exile")

    def may_play(self, oid: int, player: int) -> bool:
        """Whether ``player`` may play the card now under a permission (it must still be the
        same object: a zone change ends it, 400.7)."""
        perm = self.play_permissions.get(self.stamp_of(oid))
        if perm is None or perm[0] != player:
            return False
        _, duration, turn = perm
        if duration == "adventure":  # 715.4: as long as it stays exiled on its adventure
            return True
        if duration == "after_this_turn":  # warp (702.185a): on any later turn
            return self.turn > turn
        if self.turn == turn:
            return True
        if duration != "until_end_of_your_next_turn":
            return False
        later = [t for t, p in self.turn_history if t > turn and p == player]
        return len(later) == 1 and self.turn == later[0]

    def exiled_with(self, source: int, was: int | None = None) -> list[int]:
        """The cards exiled with ``source`` (this object of it, or the object it was with
        zone-change count ``was``) still in exile as then."""
        out = []
        key = self.stamp_of(source) if was is None else (source, was)
        for oid, n in self.linked_exile.get(key, []):
            where = self.zone_of(oid)
            if where and where[1] == "exile" and self.zone_changes.get(oid, 0) == n:
                out.append(oid)
        return out

    def note_damage_by(self, source: int | None, oid: int) -> None:
        """Damage from ``source`` was dealt to the object this turn."""
        if source is not None:
            self.this_turn.damaged_by.setdefault(source, set()).add(self.stamp_of(oid))

    def dealt_damage_by(self, source: int) -> list[int]:
        """Objects (still the same objects) dealt damage by ``source`` this turn."""
        return sorted(
            oid
            for oid, n in self.this_turn.damaged_by.get(source, ())
            if self.zone_changes.get(oid, 0) == n
        )

    def add_exile_if_dies(self, oid: int) -> None:
        """Replacement (614.1a): if this object would die this turn, it is exiled instead."""
        self.exile_if_dies[self.stamp_of(oid)] = self.turn

    def dies_to(self, oid: int) -> str:
        """Where a permanent that dies goes: its owner's graveyard, or exile when an
        "exile it instead" replacement (614.1a) applies to it this turn."""
        if self.exile_if_dies.get(self.stamp_of(oid)) == self.turn:
            return "exile"
        return "graveyard"

    # ------------------------------------------------- primitives: combat (506-511)
    # engine.rules.combat runs the steps; these record who attacks, blocks and is blocked.
    def begin_combat(self, defending: int) -> None:
        """A combat phase with attackers begins (506.1): nothing is in combat yet."""
        self.combat = {"attackers": {}, "blockers": {}, "blocked": [], "defending": defending}
        self.this_turn.combat_phases += 1
        self._changes.append(Change(ChangeKind.COMBAT, self.active, False, True, "phase"))

    def add_extra_combat(self) -> None:
        """CR 500.8: an additional combat phase this turn."""
        self._changes.append(
            Change(
                ChangeKind.COMBAT,
                self.active,
                self.this_turn.extra_combats,
                self.this_turn.extra_combats + 1,
                "extra",
            )
        )
        self.this_turn.extra_combats += 1

    def use_extra_combat(self) -> None:
        """An additional combat phase begins (500.8)."""
        self._changes.append(
            Change(
                ChangeKind.COMBAT,
                self.active,
                self.this_turn.extra_combats,
                self.this_turn.extra_combats - 1,
                "extra",
            )
        )
        self.this_turn.extra_combats -= 1

    def note_combat_phase(self) -> None:
        """A combat phase with no attackers took place (508.8): it still counts as one."""
        self.this_turn.combat_phases += 1

    def declare_attacker(self, oid: int, attacks: str, *, declared: bool = True) -> None:
        """CR 508.1: the creature attacks ``attacks`` ("p1": a player, "o12": a planeswalker
        or battle); it attacked this turn (raid). ``declared=False``: put onto the
        battlefield attacking (508.4), it never attacked."""
        assert self.combat is not None
        self.combat["attackers"][oid] = attacks
        if declared:
            self.this_turn.attacked.append(oid)
        self._changes.append(Change(ChangeKind.COMBAT, oid, None, attacks, "attacking"))

    def declare_blocker(self, oid: int, attackers: Sequence[int]) -> None:
        """CR 509.1: the creature blocks these attackers; each becomes blocked (509.1h)."""
        assert self.combat is not None
        self.combat["blockers"][oid] = list(attackers)
        self._changes.append(Change(ChangeKind.COMBAT, oid, None, tuple(attackers), "blocking"))
        for a in attackers:
            self.set_blocked(a)

    def set_blocked(self, oid: int) -> None:
        """The attacker is blocked (509.1h): it stays blocked for the rest of combat, even
        when every creature blocking it leaves (506.4)."""
        assert self.combat is not None
        if oid not in self.combat["blocked"]:
            self.combat["blocked"].append(oid)
            self._changes.append(Change(ChangeKind.COMBAT, oid, False, True, "blocked"))

    def remove_from_combat(self, oid: int) -> bool:
        """CR 506.4: the object stops being an attacking, blocking or blocked creature."""
        c = self.combat
        if c is None:
            return False
        hit = False
        if oid in c["attackers"]:
            before = c["attackers"].pop(oid)
            self._changes.append(Change(ChangeKind.COMBAT, oid, before, None, "attacking"))
            hit = True
        if oid in c["blockers"]:
            before = tuple(c["blockers"].pop(oid))
            self._changes.append(Change(ChangeKind.COMBAT, oid, before, None, "blocking"))
            hit = True
        if oid in c["blocked"]:
            c["blocked"].remove(oid)
            self._changes.append(Change(ChangeKind.COMBAT, oid, True, False, "blocked"))
        for blocker, attackers in c["blockers"].items():
            if oid in attackers:
                before = tuple(attackers)
                attackers.remove(oid)
                self._changes.append(
                    Change(ChangeKind.COMBAT, blocker, before, tuple(attackers), "blocking")
                )
        return hit

    def end_combat(self) -> None:
        """CR 511.3: as the end of combat step ends, everything is removed from combat."""
        if self.combat is not None:
            self.combat = None
            self._changes.append(Change(ChangeKind.COMBAT, self.active, True, False, "phase"))

    def note_combat_damage_taken(self, player: int, n: int) -> None:
        """A player was dealt ``n`` combat damage this turn ("hate" counts other damage)."""
        self.this_turn.combat_damage_taken[player] += n

    def note_deathtouch(self, oid: int) -> None:
        """CR 704.5h: the creature was dealt damage by a source with deathtouch."""
        self.deathtouched.add(oid)

    def take_deathtouched(self) -> set[int]:
        """The creatures dealt deathtouch damage since the last check (704.5h), forgotten."""
        got, self.deathtouched = self.deathtouched, set()
        return got


# the frames (shared, append-only: a checkpoint keeps their count), caches, and the
# checkpoints themselves
_NOT_COPIED = frozenset({"frames", "_derived", "checkpoints"})


def _copied(src: Mapping[str, Any], containers: frozenset, known: frozenset) -> dict[str, Any]:
    """A checkpoint's copy of a game's attributes (Kernel.checkpoint / restore)."""
    out: dict[str, Any] = {}
    for name, value in src.items():
        if name in _NOT_COPIED:
            continue
        if name in containers:
            out[name] = value.copy()
        elif name not in known:
            raise TypeError(f"checkpoint: no copy rule for the game's field {name!r}")
        else:
            out[name] = value
    rng = random.Random()
    rng.setstate(src["rng"].getstate())
    out["rng"] = rng
    out["players"] = [pl.copy() for pl in src["players"]]
    out["this_turn"] = src["this_turn"].copy()
    out["linked_exile"] = {k: list(v) for k, v in src["linked_exile"].items()}
    out["exiled_until"] = {k: list(v) for k, v in src["exiled_until"].items()}
    c = src["combat"]
    if c is not None:
        out["combat"] = {
            "attackers": dict(c["attackers"]),
            "blockers": {k: list(v) for k, v in c["blockers"].items()},
            "blocked": list(c["blocked"]),
            "defending": c["defending"],
        }
    budget = copy.copy(src["budget"])
    budget.counts = list(budget.counts)
    out["budget"] = budget
    return out
