"""The game as a state machine: actions, casting, the stack, triggers and state-based actions.

The mechanics (cascade, discover, sagas) and the effect vocabulary live in their
own modules and call back into ``Game`` for the primitive moves. Every change of
state goes through ``emit``, which records a frame: (snapshot, event).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from engine import targets as targeting
from engine.events import Decision, Event, Move, Option
from engine.limits import RunBudget
from engine.policy import PendingDecision, Policy
from engine.state import EMPTY, PLAYER_ZONES, CardObject, GameState, PlayerState, StackItem

if TYPE_CHECKING:
    from engine.cards import CardDef, Face
    from engine.scenario import Scenario


class GameError(ValueError):
    """An action the rules or the board do not allow (e.g. casting a card not in hand)."""


class GameOver(Exception):
    """A player lost (CR 704.5a); the game stops there."""


RESPONSES = frozenset({"counter"})


class Game:
    """Runs one scenario to its end or to the first unanswered decision."""

    def __init__(self, scenario: Scenario, pool, policy: Policy) -> None:
        self.scenario = scenario
        self.pool = pool
        self.policy = policy
        self.rng = random.Random(scenario.seed)
        self.objects: dict[int, CardObject] = {}
        self.zones: list[dict[str, list[int]]] = []
        self.names: list[str] = []
        self.life: list[int] = []
        self.mana: list[str] = []
        self.spells_cast: list[int] = []
        self.next_spell_cascade: list[list[dict]] = []
        self.stack: list[StackItem] = []
        self.pending: list[StackItem] = []
        self.lki: dict[int, int] = {}
        self.turn = scenario.turn
        self.phase = "precombat main"
        self.active = 0
        self.lost: list[int] = []
        self.frames: list[tuple[GameState, Event | None]] = []
        self.decisions: list[tuple[int, Decision, str]] = []
        self.pending_decision: Decision | None = None
        self.finished = False
        self._next_id = 1
        self.discovered_this_turn: set[tuple[int, str]] = set()
        # CR 400.7: how many times each object changed zones; a target chosen before a
        # change is a different object now (608.2b), although the id is kept for the UI.
        self.zone_changes: dict[int, int] = {}
        self.drew_from_empty: set[int] = set()  # CR 704.5b, checked with the SBAs
        self.budget = RunBudget()  # issue 10: events, objects, snapshot sizes (engine.limits)
        self._setup()

    # ----------------------------------------------------------------- setup
    def _new_id(self) -> int:
        self.budget.new_object()
        oid = self._next_id
        self._next_id += 1
        return oid

    def _setup(self) -> None:
        for pidx, p in enumerate(self.scenario.players):
            self.names.append(p.name)
            self.life.append(p.life)
            self.mana.append("")
            self.spells_cast.append(p.spells_cast)
            self.next_spell_cascade.append([])
            self.zones.append({z: [] for z in PLAYER_ZONES})
            library = [name for name, count in p.library.cards for _ in range(count)]
            if p.library.order == "random":
                self.rng.shuffle(library)
            for name in library:
                self._create(name, pidx, "library")
            for zone in ("hand", "battlefield", "graveyard", "exile"):
                for entry in getattr(p, zone):
                    obj = self._create(entry.name, pidx, zone)
                    changes: dict = {}
                    if entry.face:
                        changes["face"] = entry.face
                    if entry.tapped:
                        changes["tapped"] = True
                    counters = dict(entry.counters)
                    face = obj.card.front
                    if zone == "battlefield" and face.loyalty and "loyalty" not in counters:
                        if face.loyalty.isdigit():  # CR 306.5b: printed loyalty by default
                            counters["loyalty"] = int(face.loyalty)
                    if counters:
                        changes["counters"] = counters
                    if zone == "battlefield":
                        changes["entered_turn"] = self.turn - 1
                    if changes:
                        self.objects[obj.id] = replace(obj, **changes)
        self.frames.append((self.snapshot(), None))

    def _create(self, name: str, player: int, zone: str) -> CardObject:
        card = self.pool.get(name)
        obj = CardObject(id=self._new_id(), card=card, owner=player, controller=player)
        self.objects[obj.id] = obj
        self.zones[player][zone].append(obj.id)
        return obj

    # -------------------------------------------------------------- recording
    def snapshot(self) -> GameState:
        self.budget.snapshot(len(self.objects))
        players = tuple(
            PlayerState(
                name=self.names[i],
                life=self.life[i],
                mana_pool=self.mana[i],
                library=tuple(z["library"]),
                hand=tuple(z["hand"]),
                battlefield=tuple(z["battlefield"]),
                graveyard=tuple(z["graveyard"]),
                exile=tuple(z["exile"]),
                spells_cast=self.spells_cast[i],
            )
            for i, z in enumerate(self.zones)
        )
        return GameState(
            players=players,
            stack=tuple(self.stack),
            objects=dict(self.objects),
            turn=self.turn,
            phase=self.phase,
            active=self.active,
            lost=tuple(self.lost),
        )

    def emit(
        self,
        kind: str,
        text: str,
        rule: str,
        moves: Sequence[Move] = (),
        objects: Sequence[int] = (),
    ) -> Event:
        self.budget.event()
        touched = tuple(dict.fromkeys([*objects, *(m.obj for m in moves)]))
        event = Event(kind=kind, text=text, rule=rule, moves=tuple(moves), objects=touched)
        self.frames.append((self.snapshot(), event))
        return event

    def decide(
        self,
        kind: str,
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

    # ---------------------------------------------------------------- helpers
    def obj(self, oid: int) -> CardObject:
        return self.objects[oid]

    def pname(self, player: int) -> str:
        return self.names[player]

    def poss(self, player: int) -> str:
        """ "your" for the player called You, else "Name's" (the log reads as English)."""
        name = self.names[player]
        return "your" if name == "You" else f"{name}'s"

    def verb(self, player: int, plain: str, third: str) -> str:
        """Subject and verb that agree: "You cast" / "Opponent casts"."""
        return f"{self.names[player]} {plain if self.names[player] == 'You' else third}"

    def zone_of(self, oid: int) -> tuple[int, str] | None:
        for pidx, zones in enumerate(self.zones):
            for z, ids in zones.items():
                if oid in ids:
                    return pidx, z
        for s in self.stack:
            if s.card_id == oid:
                return s.controller, "stack"
        return None

    def update(self, oid: int, **changes) -> CardObject:
        obj = replace(self.objects[oid], **changes)
        self.objects[oid] = obj
        return obj

    def move(
        self,
        oid: int,
        dst: str,
        player: int | None = None,
        *,
        bottom: bool = False,
        index: int | None = None,
    ) -> Move:
        """Take an object out of wherever it is and put it in ``dst`` (no event)."""
        obj = self.objects[oid]
        loc = self.zone_of(oid)
        src = "none"
        if loc is not None:
            src = loc[1]
            if src == "stack":
                self.stack = [s for s in self.stack if s.card_id != oid]
            else:
                self.zones[loc[0]][src].remove(oid)
        owner = obj.owner
        if dst == "battlefield":
            target_player = obj.controller if player is None else player
        else:
            target_player = owner if player is None else player
        # CR 400.7: an object that changes zones becomes a new object with no memory.
        if src != dst:
            self.zone_changes[oid] = self.zone_changes.get(oid, 0) + 1
        if src == "battlefield" or dst != "battlefield":
            keep = {"face": obj.face if dst in ("stack", "battlefield") else None}
            obj = replace(
                obj,
                counters=EMPTY,
                tapped=False,
                damage=0,
                controller=owner if dst != "battlefield" else target_player,
                read_ahead=0,
                **keep,
            )
            if dst not in ("stack", "battlefield"):
                obj = replace(obj, was_cast=False)
            self.objects[oid] = obj
        if dst == "none":
            return Move(oid, obj.name, owner, src, "none")
        if dst == "stack":
            return Move(oid, obj.name, owner, src, "stack")
        zone = self.zones[target_player][dst]
        if index is not None:
            zone.insert(index, oid)
        elif bottom or dst != "library":
            zone.append(oid)
        else:
            zone.insert(0, oid)
        return Move(oid, obj.name, owner, src, dst)

    def top_of_library(self, player: int) -> int | None:
        lib = self.zones[player]["library"]
        return lib[0] if lib else None

    def battlefield(self, player: int | None = None) -> list[CardObject]:
        players = range(len(self.zones)) if player is None else [player]
        return [self.objects[i] for p in players for i in self.zones[p]["battlefield"]]

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
        card: CardDef = obj.card
        face_name = face_name or obj.face
        entry = None
        if face_name and len(card.faces) > 1:
            entry = card.effects_for(face_name)
        if entry is None:
            entry = card.effects_for(card.front.name) if len(card.faces) > 1 else card.effects
        return entry or {}

    def add_mana(self, player: int, mana: str) -> None:
        self.mana[player] = self.mana[player] + mana

    def bottom_in_random_order(self, player: int, ids: list[int], rule: str, why: str) -> None:
        """CR 702.85a / 701.57a: a random order, which is not a shuffle (no shuffle triggers)."""
        if not ids:
            return
        order = list(ids)
        self.rng.shuffle(order)
        moves = [self.move(oid, "library", player, bottom=True) for oid in order]
        n = len(order)
        self.emit(
            "bottom",
            f"{n} exiled card{'s' if n != 1 else ''} {'go' if n != 1 else 'goes'} to the bottom of "
            f"{self.poss(player)} library in a random order ({why}); this is not a shuffle.",
            rule,
            moves,
        )

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
        from engine import actions as act

        handler: Callable | None = act.HANDLERS.get(action.get("do", ""))
        if handler is None:
            raise GameError(f"unknown action {action.get('do')!r}")
        handler(self, action)

    def resolve_stack(self) -> None:
        """Resolve the top of the stack until it is empty (both players pass each time)."""
        while True:
            self.settle()
            if not self.stack:
                return
            self.resolve_top()

    def settle(self) -> None:
        """CR 117.5: state-based actions, then triggered abilities go on the stack; repeat."""
        from engine import sba

        while True:
            acted = sba.check(self)
            if self.pending:
                self.put_triggers_on_stack()
                continue
            if not acted:
                return

    # ------------------------------------------------------------ triggers
    def trigger(self, item: StackItem, text: str, rule: str) -> None:
        """A triggered ability triggers now and waits to be put on the stack (CR 603.3)."""
        self.pending.append(item)
        self.emit("trigger", text, rule, objects=(item.source,))

    def put_triggers_on_stack(self) -> None:
        """CR 603.3b: APNAP order; a player orders their own simultaneous triggers."""
        pending, self.pending = self.pending, []
        order = [self.active] + [p for p in range(len(self.zones)) if p != self.active]
        for player in order:
            mine = [t for t in pending if t.controller == player]
            while mine:
                if len(mine) > 1 and len({_trigger_identity(t) for t in mine}) > 1:
                    labels = _unique_labels([t.text for t in mine])
                    key = self.decide(
                        "order_triggers",
                        f"{self.pname(player)}: choose which triggered ability to put on the stack "
                        "next (the last one put there resolves first).",
                        [(f"first:{lab}", f"Put first: {lab}") for lab in labels],
                        "603.3b",
                        player=player,
                        objects=[t.source for t in mine],
                    )
                    idx = [f"first:{lab}" for lab in labels].index(key)
                else:
                    idx = 0
                item = mine.pop(idx)
                item = self.choose_ability_targets(item)
                if item.data.get("fizzle"):
                    continue  # 603.3d: removed; it never reaches the stack
                self.stack.append(item)
                self.emit(
                    "stack", f"{item.text} is put on the stack.", "603.3", objects=(item.source,)
                )
                self.say_targets(item, "603.3d")

    def say_targets(self, item: StackItem, rule: str) -> None:
        """The log names what an ability on the stack targets, as it does for spells."""
        if item.targets:
            self.emit(
                "target",
                f"{item.text} targets {targeting.describe(self, item.targets)}.",
                rule,
                objects=(item.source,),
            )

    def choose_ability_targets(self, item: StackItem) -> StackItem:
        """CR 603.3d: targets are chosen as the ability is put on the stack."""
        specs = item.data.get("targets") if item.data else None
        if not specs:
            return item
        chosen = targeting.choose(self, specs, item.controller, item.text, exclude=())
        if chosen is None:
            self.emit(
                "no_target",
                f"{item.text} has no legal target and is removed from the stack.",
                "603.3d",
                objects=(item.source,),
            )
            return replace(item, targets=(), data={**item.data, "fizzle": True})
        stamps = targeting.stamp(self, chosen)
        return replace(item, targets=chosen, data={**item.data, "stamps": stamps})

    # --------------------------------------------------------------- casting
    def new_stack_id(self) -> int:
        return self._new_id()

    def castable_faces(
        self, obj: CardObject, max_mv: int | None = None, *, inclusive: bool = False
    ) -> list[Face]:
        """Faces the card could be cast as now (X = 0 when cast for free), in printed order."""
        faces = []
        for f in obj.card.spell_faces:
            mv = f.mana_value(0)
            if max_mv is not None and (mv > max_mv if inclusive else mv >= max_mv):
                continue
            faces.append(f)
        return faces

    def cast_problem(self, obj: CardObject, face: Face, controller: int) -> str | None:
        """Why this face can't be cast now: a spell that targets needs legal targets (601.2c);
        a mandatory additional cost must be payable (601.2h)."""
        specs = targeting.spell_target_specs(self, obj, face)
        if specs and not targeting.has_legal_targets(self, specs, controller, exclude=(obj.id,)):
            return f"{face.name} has no legal target (601.2c)"
        from engine import costs

        return costs.problem(self, obj, face, controller)

    def cast(
        self,
        oid: int,
        controller: int,
        face: Face,
        *,
        x: int = 0,
        free: bool = False,
        targets: tuple | None = None,
        rule: str = "601.2",
        via: str = "",
    ) -> StackItem:
        """CR 601.2: move the card to the stack, choose targets, pay costs; then it is cast."""
        obj = self.objects[oid]
        src = self.zone_of(oid)
        src_zone = src[1] if src else "none"
        face_name = face.name if len(obj.card.faces) > 1 else None
        # CR 709.3 / 712.11 / 715.3: on the stack only the chosen face exists, so the
        # move onto the stack already names the spell ("Fire", not "Fire // Ice").
        self.update(oid, controller=controller, face=face_name)
        move = self.move(oid, "stack")
        self.update(oid, face=face_name, controller=controller, was_cast=True)
        mv = face.mana_value(x)
        item = StackItem(
            id=self.new_stack_id(),
            kind="spell",
            controller=controller,
            text=face.name,
            source=oid,
            card_id=oid,
            mana_value=mv,
            x=x,
            face=face_name,
            data={"free": True} if free else {},
        )
        self.stack.append(item)
        cost = face.mana_cost.text if face.mana_cost is not None else "no mana cost"
        how = f" without paying its mana cost ({cost}){via}" if free else f" ({cost})"
        xs = f", X = {x}" if face.mana_cost is not None and face.mana_cost.has_x else ""
        self.emit(
            "cast",
            f"{self.verb(controller, 'cast', 'casts')} {face.name} from "
            f"{_zone_phrase(src_zone)}{how}; as a spell its mana value is {mv}{xs}.",
            rule,
            [move],
        )
        from engine import cascade, costs

        kicked = costs.choose_kicker(self, obj, face, controller, free=free)  # 601.2b
        if kicked is not None:
            item = replace(item, data={**item.data, "kicked": kicked})
            self.stack[-1] = item
        specs = targeting.spell_target_specs(self, obj, face)
        if targets is None and specs:
            targets = targeting.choose(self, specs, controller, face.name, exclude=(oid,))
        if targets:
            stamps = targeting.stamp(self, targets)
            item = replace(item, targets=tuple(targets), data={**item.data, "stamps": stamps})
            self.stack[-1] = item
            self.emit(
                "target",
                f"{face.name} targets {targeting.describe(self, targets)}.",
                "601.2c",
                objects=(oid,),
            )
        costs.pay(self, obj, face, controller, free=free)
        self.spells_cast[controller] += 1

        cascade.on_cast(self, item, src_zone)
        return item

    # -------------------------------------------------------------- resolving
    def resolve_top(self) -> None:
        item = self.stack[-1]
        if item.kind == "ability":
            self.stack.pop()
            self.emit("resolve", f"{item.text} resolves.", "608.2", objects=(item.source,))
            from engine import abilities

            abilities.resolve(self, item)
            return
        self.resolve_spell(item)

    def resolve_spell(self, item: StackItem) -> None:
        """CR 608.2-608.3: check targets, then a permanent enters or an instant/sorcery acts."""
        from engine import costs, effects

        obj = self.objects[item.card_id]
        face = self.face(obj)
        stamps = item.data.get("stamps")
        if item.targets and not targeting.any_legal(self, item.targets, (obj.id,), stamps):
            move = self.move(obj.id, "graveyard")
            self.emit(
                "fizzle",
                f"{face.name} doesn't resolve: all its targets are illegal, so it is removed "
                "from the stack and put into its owner's graveyard.",
                "608.2b",
                [move],
            )
            return
        if face.is_permanent:
            move = self.move(obj.id, "battlefield", item.controller)  # from the stack (608.3)
            self.update(obj.id, face=item.face, was_cast=True, entered_turn=self.turn)
            self.emit(
                "resolve", f"{face.name} resolves and enters the battlefield.", "608.3", [move]
            )
            self.entered_battlefield(obj.id, cast=True, x=item.x, free=bool(item.data.get("free")))
            return
        self.emit("resolve", f"{face.name} resolves.", "608.2", objects=(obj.id,))
        entry = self.effects(obj, face.name)
        effects.run_ops(
            self,
            costs.resolve_conditions(entry.get("spell") or [], item.data),
            controller=item.controller,
            source=obj.id,
            targets=item.targets,
            x=item.x,
            label=face.name,
            missing=not entry,
            stamps=stamps,
        )
        if self.zone_of(obj.id) and self.zone_of(obj.id)[1] == "stack":
            if "Adventure" in face.subtypes:
                move = self.move(obj.id, "exile")
                self.emit("exile", f"{face.name} goes to exile on an adventure.", "715.3d", [move])
            else:
                move = self.move(obj.id, "graveyard")
                self.emit(
                    "graveyard", f"{face.name} is put into its owner's graveyard.", "608.2n", [move]
                )

    def counter_item(self, item: StackItem, destination: str = "graveyard", by: str = "") -> None:
        """CR 701.6a: a countered spell leaves the stack; an ability simply ceases to exist."""
        if item.kind == "spell":
            self.lki[item.id] = item.mana_value
            move = self.move(item.card_id, destination)
            self.emit(
                "countered",
                f"{item.text} is countered{by} and put "
                + ("on top of" if destination == "library" else "into")
                + f" its owner's {destination}.",
                "701.6a",
                [move],
            )
        else:
            self.stack = [s for s in self.stack if s.id != item.id]
            self.emit(
                "countered", f"{item.text} is countered{by}.", "701.6a", objects=(item.source,)
            )

    def entered_battlefield(self, oid: int, *, cast: bool, x: int = 0, free: bool = False) -> None:
        """Replacement effects and triggers of a permanent entering (CR 614.12, 603.6a)."""
        from engine import saga

        obj = self.objects[oid]
        face = self.face(obj)
        entry = self.effects(obj)
        if entry.get("enters_tapped"):
            self.update(oid, tapped=True)
        if "Planeswalker" in face.types and face.loyalty:
            # CR 306.5b: a planeswalker enters with its printed loyalty ("X" is the X paid).
            n = x if face.loyalty.strip().upper() == "X" else int(face.loyalty)
            self.update(oid, counters={**self.objects[oid].counters, "loyalty": n})
            self.emit(
                "counters",
                f"{face.name} enters with {n} loyalty counters.",
                "306.5b",
                objects=(oid,),
            )
        for op in entry.get("static") or []:
            if op.get("op") == "enters_with_counters":
                n = x if op.get("n") == "X" else int(op.get("n") or 0)
                self.update(oid, counters={**self.objects[oid].counters, op["counter"]: n})
                self.emit(
                    "counters",
                    f"{face.name} enters with {n} {op['counter']} counter"
                    f"{'s' if n != 1 else ''} (X was {x}).",
                    "107.3b" if free else "107.3m",  # X is 0 when cast for free
                    objects=(oid,),
                )
        if face.is_saga:
            saga.enters(self, oid)
        etb = entry.get("etb")
        if etb:
            if entry.get("etb_if_cast") and not cast:
                self.emit(
                    "no_trigger",
                    f"{face.name}'s enter ability doesn't trigger: it wasn't cast.",
                    "603.4",
                    objects=(oid,),
                )
            else:
                item = StackItem(
                    id=self.new_stack_id(),
                    kind="ability",
                    controller=obj.controller,
                    text=f"{face.name}'s enter-the-battlefield ability",
                    source=oid,
                    trigger="etb",
                    ops=tuple(etb),
                    data={"targets": entry.get("etb_targets") or []},
                )
                self.trigger(
                    item, f"{face.name}'s enter-the-battlefield ability triggers.", "603.6a"
                )

    def destroy(self, oid: int, why: str, rule: str) -> None:
        obj = self.objects[oid]
        move = self.move(oid, "graveyard" if not obj.is_token else "none")
        self.emit("destroy", f"{obj.name} is destroyed ({why}){token_note(obj)}.", rule, [move])

    def sacrifice(self, oid: int, why: str, rule: str) -> None:
        obj = self.objects[oid]
        move = self.move(oid, "graveyard" if not obj.is_token else "none")
        self.emit(
            "sacrifice",
            f"{self.verb(obj.controller, 'sacrifice', 'sacrifices')} {obj.name}{why}"
            f"{token_note(obj)}.",
            rule,
            [move],
        )

    def lose(self, player: int, why: str, rule: str = "704.5a") -> None:
        if player not in self.lost:
            self.lost.append(player)
            self.emit("lose", f"{self.verb(player, 'lose', 'loses')} the game ({why}).", rule)
            raise GameOver()

    def lose_all(self, losers: Sequence[tuple[int, str, str]]) -> None:
        """State-based losses happen at once (CR 704.3): if every player loses, it's a draw
        (104.4a); otherwise each loser loses (104.3), and the game is over."""
        if not losers:
            return
        players = sorted({p for p, _, _ in losers})
        if len(players) < len(self.zones):
            for p, why, rule in losers:
                if p not in self.lost:
                    self.lost.append(p)
                    self.emit("lose", f"{self.verb(p, 'lose', 'loses')} the game ({why}).", rule)
            raise GameOver()
        self.lost.extend(p for p in players if p not in self.lost)
        reasons = "; ".join(f"{self.pname(p)}: {why}" for p, why, _ in losers)
        self.emit(
            "game_draw",
            f"All players lose at the same time ({reasons}): the game is a draw.",
            "104.4a",
        )
        raise GameOver()

    def timeline_frames(self) -> list[tuple[GameState, Event | None]]:
        return self.frames


def token_note(obj: CardObject) -> str:
    """A token that left the battlefield ceases to exist (CR 111.7, 704.5d)."""
    return "; it is a token, so it then ceases to exist (704.5d)" if obj.is_token else ""


def _zone_phrase(zone: str) -> str:
    return {
        "hand": "hand",
        "exile": "exile",
        "library": "the library",
        "graveyard": "the graveyard",
        "battlefield": "the battlefield",
    }.get(zone, zone)


def _trigger_identity(item: StackItem) -> tuple:
    """Triggers that would do exactly the same thing need no ordering (Apex Devastator x4)."""
    return (item.trigger, item.source, item.chapter, repr(item.ops), repr(item.data.get("spell")))


def _unique_labels(texts: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for t in texts:
        seen[t] = seen.get(t, 0) + 1
        out.append(t if seen[t] == 1 else f"{t} #{seen[t]}")
    return out
