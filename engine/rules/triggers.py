"""Triggered abilities of the card data (CR 603): the `when` ids, the events that fire them.

Every id in ``vocabulary.TRIGGER_WHEN`` has an entry in ``WHEN`` saying how it is
simulated:

- ``event``: a game event fires it. ``on_event`` is called for every event the kernel
  records and reads its structured facts (zone moves, life/tap/damage changes, draws,
  targets): enters, dies (700.4: battlefield -> graveyard), leaves, sacrificed, landfall,
  life gained, card drawn / discarded / cycled, becomes tapped / the target / dealt
  damage. Leaves-the-battlefield abilities "look back in time" (603.10a): they are found
  on the permanents that were on the battlefield just before the event.
- ``cast``: casting a spell (``on_cast``, after 601.2i: the spell became cast).
- ``step``: the beginning of a step or phase (``begin_step``, called by the turn actions).
- ``mechanic``: fired by the mechanic it belongs to (discover, cascade).
- ``combat``: combat produces it (engine.rules.combat, 508.3a, 509.3, 510.3a): attacks,
  blocks, becomes blocked, deals combat damage; ``on_combat`` fires them.
- ``unsupported``: needs state the engine does not track; the ability is not simulated.

A trigger object ``{when, ops, filter?, condition?, optional?, optional_cost?, limit?,
zone?, targets?, also?}`` becomes a ``StackItem`` (trigger="triggered") that waits in
``game.pending`` until a player would receive priority; then APNAP order and the
controller's order apply (603.3b, ``stack.put_triggers_on_stack``). ``condition`` is an
intervening "if" (603.4): checked when the event happens and again on resolution.
``optional`` is "you may" (603.5): a decision on resolution. ``limit`` ("once each turn"
or N) counts triggers per object per turn. ``also`` lists partial trigger objects for more
events that trigger the same ability (``variants``). Modes are chosen as it is put on the
stack (603.3c, ``modal_section``).

Delayed triggered abilities (603.7) created by the ``delayed`` op wait in
``game.delayed`` for ``next_end_step``, ``next_upkeep``, ``your_next_upkeep``,
``your_next_draw_step`` or ``end_of_combat``; each triggers once (603.7c).

Delayed triggered abilities with a stated duration ("whenever you cast a spell this turn",
"until your next turn, whenever ...", 603.7c), created by the ``lasting_trigger`` op, wait
in ``game.delayed`` too (``kind: lasting``) with a trigger object; ``on_event`` and
``on_cast`` fire them like a permanent's triggers, any number of times (``once``: only the
next time, "when you next cast"), until ``end_lasting`` ends them (514.2 / 611.2b).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from engine.base import limits
from engine.cards import changeling
from engine.core.events import ChangeKind, DecisionKind, Event, EventKind
from engine.core.registry import RULES
from engine.core.state import StackItem
from engine.lang import conditions, effects, filters
from engine.lang.vocabulary import TRIGGER_WHEN
from engine.rules import ability_costs, payment, stack

if TYPE_CHECKING:
    from engine.core.game import Game

E = EventKind

STEPS = (
    "upkeep",
    "draw_step",
    "precombat_main",
    "beginning_of_combat",
    "postcombat_main",
    "end_step",
)
STEP_NAMES = {
    "upkeep": ("upkeep", "503.1"),
    "draw_step": ("draw step", "504.2"),
    "precombat_main": ("precombat main phase", "505.4"),
    "beginning_of_combat": ("beginning of combat step", "507.1"),
    "end_of_combat": ("end of combat step", "511.2"),
    "postcombat_main": ("postcombat main phase", "505.4"),
    "end_step": ("end step", "513.1"),
}


@dataclass(frozen=True)
class When:
    """How one trigger id is simulated (see the module doc)."""

    kind: str  # event | cast | step | mechanic | combat | unsupported | structural
    note: str = ""


def _build() -> dict[str, When]:
    w: dict[str, When] = {}
    event = When("event")
    for k in (
        "self_dies",
        "self_leaves_battlefield",
        "self_to_graveyard_from_battlefield",
        "self_to_your_graveyard_from_battlefield",
        "self_or_your_dinosaur_enters",
        "landfall",
        "self_enters",
        "creature_dies",
        "self_or_other_dies",
        "permanent_enters",
        "self_or_other_enters",
        "permanent_sacrificed",
        "self_dealt_damage",
        "self_becomes_tapped",
        "self_becomes_target",
        "self_becomes_target_first_time",
        "self_targeted_by_spell",
        "self_targeted_by_your_spell",
        "self_cycled",
        "you_draw",
        "you_gain_life",
        "you_discard",
        "you_cycle_or_discard_other",
        "permanent_to_graveyard_from_battlefield",
        "self_enters_or_dies",
        "self_enters_or_attacks",
        "creature_damage_to_player",
        "self_damage_to_opponent",
    ):
        w[k] = event
    for k in (
        "you_cast_spell",
        "opponent_casts_spell",
        "any_player_casts_spell",
        "you_cast_second_spell_each_turn",
        "self_cast",
    ):
        w[k] = When("cast")
    for who in ("your_", "each_", "each_opponent_"):
        for step in STEPS:
            w[who + step] = When("step")
    for step in STEPS:  # the enchanted player's, or the enchanted/equipped permanent's controller's
        w["attached_controller_" + step] = When("step")
    combat = When("combat", "combat produces this event (engine.rules.combat)")
    for k in (
        "self_attacks",
        "self_blocks",
        "self_attacks_or_blocks",
        "self_becomes_blocked",
        "self_combat_damage_to_player",
        "you_attack",
        "you_attack_a_player",
        "you_attack_with_artifact_creatures",
        "creature_attacks",
        "combat_damage_to_player",
        "attached_attacks",
        "attached_damage_to_player",
        "self_combat_damage_to_creature",
        "self_attacks_alone",
        "creature_attacks_alone",
        "self_attacks_unblocked",
        "self_blocks_creature",
        "self_blocked_by_creature",
        "self_blocks_or_blocked_by_creature",
        "self_blocks_or_becomes_blocked",
        "one_or_more_combat_damage_to_player",
    ):
        w[k] = combat
    w["you_discover"] = When("mechanic", "engine.keywords.discover")
    w["you_cascade"] = When("mechanic", "engine.keywords.cascade (as you cascade, 702.85b)")
    w["attached_dies"] = event  # 603.10a: the Aura/Equipment looks back at what it was on
    w["self_turned_face_up"] = When("unsupported", "face-down permanents (morph, 702.37)")
    w["you_draw_nth_card"] = event  # "your second card each turn" (n, default 2)
    w["reflexive"] = When("structural", "the reflexive op (603.12)")
    return w


WHEN: dict[str, When] = _build()
DELAYED_WHEN = (
    "next_end_step",
    "next_upkeep",
    "your_next_upkeep",
    "your_next_draw_step",
    "end_of_combat",
    "your_next_end_step",
)
LEAVES = {"leaves", "dies", "to_graveyard", "sacrificed"}


def variants(trig: Mapping) -> list[dict]:
    """The trigger and its OR-variants: ``also`` lists more events (each a partial trigger
    object: ``when`` and its own ``zone``, ``optional``, ``filter``...) that trigger the same
    ability."""
    base = {k: v for k, v in trig.items() if k != "also"}
    out = [base]
    for extra in trig.get("also") or []:
        if isinstance(extra, Mapping):
            out.append({**base, **extra})
        else:
            out.append({**base, "when": extra})
    return out


def trigger_missing(trig: Mapping) -> str | None:
    """What of a trigger object is not simulated (None: it is, or it is combat-only)."""
    for v in variants(trig):
        part = _variant_missing(v)
        if part:
            return part
    return None


def _variant_missing(trig: Mapping) -> str | None:
    if trig.get("untranslated"):  # its event was read, its effect not (untranslated_triggers)
        return str(trig["untranslated"])
    when = trig.get("when")
    info = WHEN.get(str(when))
    if info is None:
        return f"trigger {when!r}" + ("" if when in TRIGGER_WHEN else " (unknown id)")
    if info.kind == "unsupported":
        return f"trigger {when}: {info.note}"
    if when == "you_draw_nth_card" and not (
        isinstance(trig.get("n", 2), int)
        and not isinstance(trig.get("n", 2), bool)
        and trig.get("n", 2) >= 1
    ):
        return f"trigger you_draw_nth_card: the {trig.get('n')!r}th card"
    if when == "you_draw_nth_card" and trig.get("who", "you") not in ("you", "opponent", "any"):
        return f"trigger you_draw_nth_card of {trig.get('who')!r}"
    flt = trig.get("filter")
    if flt is not None:
        part = filters.filter_missing(flt)
        if part:
            return part
    cond = trig.get("condition")
    if cond is not None:
        part = conditions.condition_missing(cond)
        if part:
            return part
    if trig.get("limit") is not None and ability_costs.times_per_turn(trig["limit"]) is None:
        return f"limit {trig['limit']!r}"
    if trig.get("first_each_turn") and (
        WHEN.get(str(when), When("?")).kind != "cast"
        or set(trig.get("filter") or {}) - set(_TYPE_KEYS)
    ):
        return "first spell each turn (only for cast triggers, by card types)"
    cost = trig.get("optional_cost")
    if cost is not None:
        part = ability_costs.missing(ability_costs.of_keyword(cost))
        if part:
            return part
    if info.kind == "cast" and _copies_the_spell(trig.get("ops")) and not _only_nonpermanent(flt):
        # the copy op refuses a permanent spell when it resolves (707.10f: its copy becomes a
        # token), so a cast trigger that may copy one is not simulated whole
        return "copying a permanent spell (707.10f: it becomes a token)"
    return None


def _copies_the_spell(ops: object) -> bool:
    """ "Copy it": a copy_spell op on the trigger's own spell, anywhere in the ops."""
    if isinstance(ops, Mapping):
        if ops.get("op") == "copy_spell" and ops.get("what") == "trigger_object":
            return True
        return any(_copies_the_spell(v) for v in ops.values())
    if isinstance(ops, list):
        return any(_copies_the_spell(v) for v in ops)
    return False


def _only_nonpermanent(flt: object) -> bool:
    """A cast filter that only instant and sorcery spells match (110.4a: the others are
    permanent spells)."""
    if not isinstance(flt, Mapping) or flt.get("permanent_card"):
        return False
    for key in ("types", "types_any"):
        types = flt.get(key)
        if isinstance(types, list) and types and set(types) <= {"Instant", "Sorcery"}:
            return True
    return False


def is_combat_only(trig: Mapping) -> bool:
    """Whether the trigger is recorded and never fires (coverage's "combat-only"): no
    longer the case for any trigger, since combat (engine.rules.combat) fires the combat ones."""
    return False


# ----------------------------------------------------------------------- facts
@dataclass(frozen=True)
class Fact:
    """One thing that happened, as triggers read it."""

    what: str  # enters, leaves, dies, to_graveyard, sacrificed, draw, discard, life,
    # tapped, damaged, targeted, cycled, cast, damage_to_player
    obj: int | None = None
    player: int | None = None
    amount: int = 0
    by: int | None = None
    spell: bool = False  # targeted by a spell; cast: the n-th spell this turn in amount
    nth: int = 0  # draw: which card of the turn this is for its player (121)
    # combat facts (engine.rules.combat): what the attacker attacks ("p1", "o12"); the attackers
    # of an "attack" fact (``you_attack``)
    target: str = ""
    group: tuple[int, ...] = ()
    # targeted: the stack item (spell or ability) that targets, "that spell or ability"
    item: int | None = None
    # combat_damage_batch: the damage each creature of ``group`` dealt that player
    amounts: tuple[int, ...] = ()


def facts(game: Game, event: Event, before) -> list[Fact]:
    """The trigger facts of one recorded event (``before``: the state just before it)."""
    out: list[Fact] = []
    kind = event.kind
    for m in event.moves:
        if m.src == m.dst:
            continue
        if m.dst == "battlefield":
            out.append(Fact("enters", m.obj, game.obj(m.obj).controller))
        if m.src == "battlefield":
            old = before.objects.get(m.obj) if before is not None else None
            ctrl = old.controller if old is not None else m.owner
            out.append(Fact("leaves", m.obj, ctrl))
            token_died = m.dst == "none" and kind in (E.DESTROY, E.SACRIFICE, E.SBA)
            if m.dst == "graveyard" or token_died:
                out.append(Fact("to_graveyard", m.obj, ctrl))
                face = game.face(old) if old is not None else game.obj(m.obj).card.front
                if face.is_creature:
                    out.append(Fact("dies", m.obj, ctrl))  # 700.4
            if kind == E.SACRIFICE:
                out.append(Fact("sacrificed", m.obj, ctrl))
        if m.src == "hand" and m.dst == "graveyard":
            out.append(Fact("discard", m.obj, m.owner))  # 701.9
        if m.src == "library" and m.dst == "hand" and kind == E.DRAW:
            rest = event.moves[event.moves.index(m) + 1 :]
            later = sum(
                1 for n in rest if n.owner == m.owner and n.src == "library" and n.dst == "hand"
            )
            out.append(Fact("draw", m.obj, m.owner, nth=game.this_turn.drawn[m.owner] - later))
    for c in event.changes:
        gain = c.after - c.before if isinstance(c.after, int) and isinstance(c.before, int) else 0
        if c.what == ChangeKind.LIFE and gain > 0:
            out.append(Fact("life", None, c.subject, gain))
        elif c.what == ChangeKind.TAPPED and c.after and not c.before:
            out.append(Fact("tapped", c.subject, game.obj(c.subject).controller))
        elif c.what == ChangeKind.DAMAGE and gain > 0:
            out.append(
                Fact(
                    "damaged",
                    c.subject,
                    game.obj(c.subject).controller,
                    gain,
                    by=event.source,
                )
            )
    if kind == E.TARGET:
        spell = any(s.kind == "spell" and s.card_id == event.source for s in game.stack)
        item = _targeting_item(game, event, spell)
        # an object a spell targets several times (once per instance of "target") becomes
        # its target once: one event, one trigger (603.2c, 700.1; Angelic Cub, Kira rulings)
        for ref in dict.fromkeys(event.data.get("targets") or []):
            if str(ref).startswith("o"):
                out.append(
                    Fact(
                        "targeted",
                        int(ref[1:]),
                        event.player,
                        by=event.source,
                        spell=spell,
                        item=item,
                    )
                )
    elif kind == E.CYCLE:
        out.append(Fact("cycled", event.source, event.player))
    elif kind == E.DAMAGE and event.source is not None and event.data.get("players"):
        src = game.objects.get(event.source)
        if src is not None and game.face(src).is_creature:
            for p in event.data["players"]:
                out.append(Fact("damage_to_player", event.source, int(p), event.amount or 0))
        if not event.data.get("combat"):  # combat's own facts say how much each player got
            for p in event.data["players"]:  # any source: "whenever ~ deals damage to ..."
                out.append(Fact("damaged_player", event.source, int(p), event.amount or 0))
    return out


def _matches(game: Game, oid: int | None, trig: Mapping, ctrl: int, src: int) -> bool:
    flt = trig.get("filter")
    if flt is None:
        return True
    if filters.filter_missing(flt):
        return True  # can't tell: ``fire`` names the filter as not simulated (never a guess)
    if oid is None:
        return False
    return filters.matches(game, oid, flt, controller=ctrl, source=src)


#: the facts of damage dealt to a player: combat (engine.rules.combat) and any other
_DAMAGED_PLAYER = ("combat_damage_player", "damaged_player")
#: trigger ids that both combat and other events fire (on_combat asks them too)
_COMBAT_TOO = ("self_enters_or_attacks", "self_damage_to_opponent")


def fired_by(game: Game, when: str, fact: Fact, trig: Mapping, src: int, ctrl: int) -> bool:
    """Whether a fact fires the trigger id ``when`` of object ``src`` controlled by ``ctrl``."""
    w, o = fact.what, fact.obj
    mine = fact.player == ctrl
    if when in ("self_dies", "self_enters_or_dies") and w == "dies" and o == src:
        return True
    if when in ("self_enters", "self_enters_or_dies", "self_enters_or_attacks"):
        return w == "enters" and o == src
    if when == "self_leaves_battlefield":
        return w == "leaves" and o == src
    if when == "self_to_graveyard_from_battlefield":
        return w == "to_graveyard" and o == src
    if when == "self_to_your_graveyard_from_battlefield":
        return w == "to_graveyard" and o == src and game.obj(src).owner == ctrl
    if when == "self_or_your_dinosaur_enters":
        return (
            w == "enters"
            and o is not None
            and (o == src or (mine and _is_a(game.face(game.obj(o)), "Dinosaur")))
        )
    if when == "landfall":
        return w == "enters" and mine and o is not None and game.face(game.obj(o)).is_land
    if when == "creature_dies":
        return w == "dies" and _matches(game, o, trig, ctrl, src)
    if when == "self_or_other_dies":
        return w == "dies" and (o == src or _matches(game, o, trig, ctrl, src))
    if when == "permanent_enters":
        return w == "enters" and _matches(game, o, trig, ctrl, src)
    if when == "self_or_other_enters":
        return w == "enters" and (o == src or _matches(game, o, trig, ctrl, src))
    if when == "permanent_to_graveyard_from_battlefield":
        if w != "to_graveyard" or not _matches(game, o, trig, ctrl, src):
            return False
        owner_ok = o is not None and game.obj(o).owner == fact.player
        return trig.get("owner") != "controller" or owner_ok
    if when == "permanent_sacrificed":
        if w != "sacrificed" or not _matches(game, o, trig, ctrl, src):
            return False
        who = trig.get("who") or "any"
        return who in ("any", "any_player") or (who == "you") == mine
    if when == "attached_dies":
        return w == "dies" and o is not None and attached_before(game, src) == o
    if when == "self_dealt_damage":
        return w == "damaged" and o == src
    if when == "self_becomes_tapped":
        return w == "tapped" and o == src
    if when == "self_becomes_target":
        return w == "targeted" and o == src and _matches_by(game, fact, trig, ctrl, src)
    if when == "self_becomes_target_first_time":
        return (
            w == "targeted"
            and o == src
            and _matches_by(game, fact, trig, ctrl, src)
            and times_targeted_this_turn(game, src) == 1
        )
    if when == "self_targeted_by_spell":
        return w == "targeted" and o == src and fact.spell
    if when == "self_targeted_by_your_spell":
        return w == "targeted" and o == src and fact.spell and mine
    if when == "self_cycled":
        return w == "cycled" and o == src
    if when == "you_cycle_or_discard_other":
        return w == "discard" and mine and o != src  # cycling discards: one trigger
    if when == "you_draw":
        return w == "draw" and mine
    if when == "you_draw_nth_card":  # "whenever you (an opponent) draw(s) your second card"
        whose = trig.get("who") or "you"
        drew = mine if whose == "you" else (not mine if whose == "opponent" else True)
        return w == "draw" and drew and fact.nth == int(trig.get("n", 2))
    if when == "you_gain_life":
        return w == "life" and mine
    if when == "you_discard":
        return w == "discard" and mine and _matches(game, o, trig, ctrl, src)
    if when == "creature_damage_to_player":
        return w == "damage_to_player" and _matches(game, o, trig, ctrl, src)
    if when == "self_damage_to_opponent":  # "whenever ~ deals (combat) damage to an opponent"
        kinds = ("combat_damage_player",) if trig.get("combat") else _DAMAGED_PLAYER
        return w in kinds and o == src and fact.player != ctrl
    if WHEN.get(when, When("?")).kind == "combat" or when == "self_enters_or_attacks":
        return _combat_fires(game, when, fact, trig, src, ctrl)
    return False


def _combat_fires(game: Game, when: str, fact: Fact, trig: Mapping, src: int, ctrl: int) -> bool:
    """The combat trigger ids (508.3a attacks, 509.3 blocks / becomes blocked, 510.3a combat
    damage) on the facts engine.rules.combat reports."""
    w, o = fact.what, fact.obj
    mine = fact.player == ctrl
    if when in ("self_attacks", "self_enters_or_attacks"):
        return w == "attacks" and o == src
    if when == "self_blocks":
        return w == "blocks" and o == src
    if when == "self_attacks_or_blocks":
        return w in ("attacks", "blocks") and o == src
    if when == "self_becomes_blocked":
        return w == "becomes_blocked" and o == src
    if when == "self_blocks_or_becomes_blocked":  # 509.3a, 509.3c: once each combat
        return w in ("blocks", "becomes_blocked") and o == src
    if when == "self_attacks_alone":  # 506.5; "that player": the defending player
        return w == "attacks_alone" and o == src
    if when == "creature_attacks_alone":  # "whenever a creature you control attacks alone"
        return w == "attacks_alone" and _matches(game, o, trig, ctrl, src)
    if when == "self_attacks_unblocked":  # 509.3g
        return w == "unblocked" and o == src
    # 509.3b, 509.3d: once for each creature blocked / blocking; "that creature" is the other
    if when == "self_blocks_creature":
        return w == "blocks_creature" and fact.by == src and _matches(game, o, trig, ctrl, src)
    if when == "self_blocked_by_creature":
        return w == "blocked_by_creature" and fact.by == src and _matches(game, o, trig, ctrl, src)
    if when == "self_blocks_or_blocked_by_creature":
        return (
            w in ("blocks_creature", "blocked_by_creature")
            and fact.by == src
            and _matches(game, o, trig, ctrl, src)
        )
    if when == "self_combat_damage_to_player":
        return w == "combat_damage_player" and o == src
    if when == "self_combat_damage_to_creature":
        return w == "combat_damage_creature" and fact.by == src
    if when == "creature_attacks":  # "whenever a <filter> attacks (you)"
        if w != "attacks" or not _matches(game, o, trig, ctrl, src):
            return False
        return not trig.get("attacks_you") or fact.target == f"p{ctrl}"
    if when == "attached_attacks":
        return w == "attacks" and o is not None and game.obj(src).attached_to == o
    if when == "attached_damage_to_player":
        return w == "combat_damage_player" and o is not None and game.obj(src).attached_to == o
    if when == "combat_damage_to_player":
        return w == "combat_damage_player" and _matches(game, o, trig, ctrl, src)
    if when == "one_or_more_combat_damage_to_player":  # once for each player (510.3a)
        return w == "combat_damage_batch" and any(
            _matches(game, a, trig, ctrl, src) for a in fact.group
        )
    if when == "you_attack":  # "whenever you attack (with N or more <filter>)"
        if w != "attack" or not mine:
            return False
        flt = trig.get("filter")
        group = [a for a in fact.group if flt is None or _matches(game, a, trig, ctrl, src)]
        return len(group) >= int(trig.get("min_attackers") or 1)
    if when == "you_attack_a_player":  # once for each player attacked
        return w == "attack_player" and mine
    if when == "you_attack_with_artifact_creatures":
        return (
            w == "attack"
            and mine
            and any(
                {"Artifact", "Creature"} <= set(filters.characteristics(game, a).types)
                for a in fact.group
            )
        )
    return False


def on_combat(game: Game, found: Iterable[Fact]) -> None:
    """engine.rules.combat reports what happened in a combat step: the combat triggers of every
    object that sees it trigger (603.2), and delayed ones with a duration (603.7c)."""
    for fact in found:
        for oid, ctrl in _listeners(game, fact, None, {}):
            trigs = triggers_of(game, oid)
            for i, trig in enumerate(trigs or ()):
                for v in variants(trig):
                    w = str(v.get("when"))
                    if WHEN.get(w, When("?")).kind != "combat" and w not in _COMBAT_TOO:
                        continue
                    if _zone(game, oid) == (v.get("zone") or "battlefield") and fired_by(
                        game, w, fact, v, oid, ctrl
                    ):
                        fire(game, oid, ctrl, i, v, _batch_part(game, fact, v, ctrl, oid))
                        break
        _fire_lasting(game, fact, "combat")


def _batch_part(game: Game, fact: Fact, trig: Mapping, ctrl: int, src: int) -> Fact:
    """A batch of combat damage as one trigger sees it: only the creatures its filter takes,
    and the damage they dealt ("that much", the creatures that dealt it)."""
    if fact.what != "combat_damage_batch":
        return fact
    part = [
        (a, n)
        for a, n in zip(fact.group, fact.amounts, strict=True)
        if _matches(game, a, trig, ctrl, src)
    ]
    return replace(
        fact,
        amount=sum(n for _, n in part),
        group=tuple(a for a, _ in part),
        amounts=tuple(n for _, n in part),
    )


def _targeting_item(game: Game, event: Event, spell: bool) -> int | None:
    """The stack item a target event is about (601.2c, 603.3d): the spell whose card is the
    event's source, or the newest ability of that source with those targets (it was just
    put on the stack). Ward and "counter that spell or ability" counter this item."""
    targets = tuple(event.data.get("targets") or ())
    for s in reversed(game.stack):
        if spell and s.kind == "spell" and s.card_id == event.source:
            return s.id
        if not spell and s.kind != "spell" and s.source == event.source and s.targets == targets:
            return s.id
    return None


def _matches_by(game: Game, fact: Fact, trig: Mapping, ctrl: int, src: int) -> bool:
    """ "becomes the target of a spell or ability an opponent controls" (filter on the source)."""
    flt = trig.get("filter")
    if flt is not None and filters.filter_missing(flt):
        return True  # ``fire`` names it as not simulated
    if flt is None or fact.by is None:
        return flt is None
    return filters.matches(game, fact.by, flt, controller=ctrl, source=src)


def attached_before(game: Game, oid: int) -> int | None:
    """What ``oid`` (an Aura or Equipment) was attached to the last time it was on the
    battlefield before this event: "whenever enchanted/equipped creature dies" looks back
    in time (603.10a), also when both left in one batch (left_together)."""
    for i in range(len(game.frames) - 2, max(-1, len(game.frames) - 2 - _LOOK_BACK), -1):
        state = game.frames[i][0]
        obj = state.objects.get(oid)
        if obj is not None and any(oid in p.battlefield for p in state.players):
            return obj.attached_to
    return None


def times_targeted_this_turn(game: Game, oid: int) -> int:
    """How many spells and abilities made this object (the same object: since it last
    changed zones, 400.7) their target this turn, the event just recorded included: each
    targeting event once, however many times it names the object. Read from the game's
    recorded frames, newest first, back to the turn's start."""
    ref = f"o{oid}"
    n = 0
    for i in range(len(game.frames) - 1, -1, -1):
        state, event = game.frames[i]
        if state.turn != game.turn or event is None:
            break
        game.budget.spend(limits.WORK_LISTENER)
        if any(m.obj == oid for m in event.moves):
            break  # it became a new object here
        if event.kind == E.TARGET and ref in (event.data.get("targets") or ()):
            n += 1
    return n


#: how many frames a look-back walks at most (one batch of leave events is far shorter)
_LOOK_BACK = 200


# ------------------------------------------------------------------- listeners
SELF_MOVING = {
    "self_dies",
    "self_enters_or_dies",
    "self_leaves_battlefield",
    "self_to_graveyard_from_battlefield",
    "self_to_your_graveyard_from_battlefield",
    "self_cycled",
}


LEAVE_KINDS = frozenset({E.DESTROY, E.SACRIFICE, E.SBA, E.EXILE, E.BOUNCE, E.GRAVEYARD})
QUIET_KINDS = frozenset({E.TRIGGER, E.NO_TRIGGER, E.NOT_SIMULATED, E.CONDITION})


def left_together(game: Game) -> dict[int, int]:
    """Permanents that left the battlefield in the run of leave events ending with this one
    (object -> its controller then): one effect destroying or sacrificing several, or the
    state-based actions of one check (704.3), happen at once, so each "whenever a creature
    dies" among them sees the others die (603.10a), although the log has an event each."""
    out: dict[int, int] = {}
    for i in range(len(game.frames) - 1, 0, -1):
        event = game.frames[i][1]
        if event is None:
            break
        if event.kind in QUIET_KINDS:
            continue
        gone = [m for m in event.moves if m.src == "battlefield"]
        if event.kind not in LEAVE_KINDS or not gone:
            break
        prev = game.frames[i - 1][0]
        for m in gone:
            old = prev.objects.get(m.obj)
            out.setdefault(m.obj, old.controller if old is not None else m.owner)
    return out


def _listeners(
    game: Game, fact: Fact, before, together: Mapping[int, int]
) -> Iterable[tuple[int, int]]:
    """(object id, controller) of every object whose triggers may see this fact."""
    seen: set[int] = set()
    if fact.what in LEAVES and before is not None:
        for p in before.players:
            for oid in p.battlefield:
                if oid not in seen:
                    seen.add(oid)
                    yield oid, before.objects[oid].controller
        for oid, ctrl in together.items():
            if oid not in seen:
                seen.add(oid)
                yield oid, ctrl
    for perm in game.battlefield():
        if perm.id not in seen:
            seen.add(perm.id)
            yield perm.id, perm.controller
    for p, zones in enumerate([pl.zones for pl in game.players]):
        for zone in ("graveyard", "hand", "exile"):
            for oid in zones[zone]:
                if oid not in seen:
                    seen.add(oid)
                    yield oid, p


def untranslated_triggers(entry: Mapping) -> list[dict]:
    """The triggered abilities the importer read the event of but not the effect
    (``untranslated`` records with an ``event``): as triggers that are not simulated, so
    the log says so when one would have triggered."""
    out = []
    for u in entry.get("untranslated") or ():
        event = u.get("event") if isinstance(u, Mapping) else None
        if u.get("ability") == "trigger" and isinstance(event, Mapping) and event.get("when"):
            out.append({**event, "untranslated": f"{u.get('class', '?')} (not translated)"})
    return out


def unreadable_triggers(entry: Mapping) -> list[str]:
    """The classes of the triggered abilities the importer couldn't read at all (no event)."""
    return [
        str(u.get("in") or u.get("class") or "?")
        for u in entry.get("untranslated") or ()
        if isinstance(u, Mapping) and u.get("ability") == "trigger" and not u.get("event")
    ]


def on_enter(game: Game, oid: int, *, cast: bool = False, x: int = 0, free: bool = False) -> None:
    """A permanent whose triggered abilities the importer couldn't read enters: the engine
    can't know when they would trigger, so it says now that they never will (not simulated)."""
    unread = unreadable_triggers(game.effects(game.obj(oid)))
    if not unread:
        return
    obj = game.obj(oid)
    game.emit(
        E.NOT_SIMULATED,
        f"{obj.name} has {len(unread)} triggered abilit{'y' if len(unread) == 1 else 'ies'} "
        f"the card data doesn't hold ({', '.join(unread)}): not simulated, "
        f"{'it never triggers' if len(unread) == 1 else 'they never trigger'}.",
        "603.2",
        objects=(oid,),
        source=oid,
        player=obj.controller,
        data={"missing": [f"{c} (not translated)" for c in unread], "ops": []},
    )


def triggers_of(game: Game, oid: int, before=None) -> list:
    """An object's triggered abilities: its card data's, then on the battlefield the ones
    continuous effects give it (layer 6, 613.1f), which trigger like its own (603.2).
    ``before`` (the frame before a leaves-the-battlefield event): an object that just left
    has the abilities it had then (603.10a, "look back in time")."""
    own = _own_triggers(game, game.obj(oid))
    computed = game.all_chars().get(oid)  # only battlefield objects with effects have one
    if computed is None and before is not None:
        computed = before.chars.get(oid)
    if computed is None or not computed.abilities:
        return own
    granted = [a for a in computed.abilities if a.get("kind") == "triggered"]
    return [*own, *granted] if granted else own


def _own_triggers(game: Game, obj: Any) -> list:
    """The card data's triggered abilities of an object's card and face, then the
    untranslated ones (they "trigger" only to say they are not simulated, ``fire``).
    Cached per game, card and face: every event asks for every object that may listen,
    and the card data doesn't change (the entry holds the card, so its ``id`` is not
    reused while cached). Read-only: callers take ``variants`` of them."""
    cache = game.derived("own_triggers")
    key = (id(obj.card), obj.face)
    got = cache.get(key)
    if got is None or got[0] is not obj.card:
        entry = game.effects(obj)
        own = entry.get("triggers") or []
        unread = untranslated_triggers(entry)
        got = (obj.card, [*own, *unread] if unread else own)
        cache[key] = got
    return got[1]


def _zone(game: Game, oid: int) -> str:
    loc = game.zone_of(oid)
    return loc[1] if loc else "none"


def on_event(game: Game, event: Event) -> None:
    """Registered with the game: every recorded event may fire triggers (603.2)."""
    if event.kind in (E.TRIGGER, E.STACK, E.NO_TRIGGER, E.CAST) or not (
        event.moves or event.changes or event.kind in (E.TARGET, E.CYCLE, E.DAMAGE)
    ):
        return
    before = game.frames[-2][0] if len(game.frames) > 1 else None
    found = facts(game, event, before)
    together = left_together(game) if any(f.what in LEAVES for f in found) else {}
    spend = game.budget.spend
    for fact in found:
        back = before if fact.what in LEAVES else None
        for oid, ctrl in _listeners(game, fact, before, together):
            spend(limits.WORK_LISTENER)
            trigs = triggers_of(game, oid, back)
            if not trigs:
                continue
            for i, trig in enumerate(trigs):
                for v in variants(trig):  # one trigger per ability per event
                    w = str(v.get("when"))
                    if WHEN.get(w, When("?")).kind != "event":
                        continue
                    if _in_zone(game, oid, v, [w], fact, together) and fired_by(
                        game, w, fact, v, oid, ctrl
                    ):
                        fire(game, oid, ctrl, i, v, fact)
                        break
        _fire_lasting(game, fact, "event")


def _in_zone(
    game: Game, oid: int, trig: Mapping, whens: list, fact: Fact, together: Mapping[int, int]
) -> bool:
    """The ability works from its zone (battlefield unless ``zone``); abilities about the
    object leaving or being cycled look at the object itself (603.10a)."""
    if fact.obj == oid and any(w in SELF_MOVING for w in whens):
        return True
    zone = _zone(game, oid)
    wanted = trig.get("zone") or "battlefield"
    if fact.what in LEAVES and zone != "battlefield" and wanted == "battlefield":
        # it was on the battlefield just before (it left in the same event): look back
        return _was_on_battlefield(game, oid) or oid in together
    return zone == wanted


def _was_on_battlefield(game: Game, oid: int) -> bool:
    before = game.frames[-2][0] if len(game.frames) > 1 else None
    return before is not None and any(oid in p.battlefield for p in before.players)


def on_cast(game: Game, item: StackItem, from_zone: str) -> None:
    """Registered with the game: "whenever you cast" triggers (601.2i, 603.2)."""
    player = item.controller
    spell = item.card()
    nth = game.this_turn.spells_cast[player]
    fact = Fact("cast", spell, player, nth)
    candidates = [(p.id, p.controller) for p in game.battlefield()]
    for p, zones in enumerate([pl.zones for pl in game.players]):
        for zone in ("graveyard", "hand", "exile"):
            candidates += [(oid, p) for oid in zones[zone]]
    candidates.append((spell, player))
    for oid, ctrl in candidates:
        trigs = triggers_of(game, oid)
        if not trigs:
            continue
        for i, trig in enumerate(trigs):
            for v in variants(trig):
                if _cast_fires(game, v, oid, ctrl, spell, player, nth):
                    fire(game, oid, ctrl, i, v, fact)
                    break
    _fire_lasting(game, fact, "cast")


def _cast_fires(
    game: Game, trig: Mapping, oid: int, ctrl: int, spell: int, player: int, nth: int
) -> bool:
    when = trig.get("when")
    if WHEN.get(str(when), When("?")).kind != "cast":
        return False
    if when == "self_cast":
        return oid == spell
    if oid == spell or _zone(game, oid) != (trig.get("zone") or "battlefield"):
        return False
    if trig.get("first_each_turn") and not _first_each_turn(game, trig, player):
        return False
    return _matches(game, spell, trig, ctrl, oid) and (
        (when == "you_cast_spell" and player == ctrl)
        or (when == "opponent_casts_spell" and player != ctrl)
        or when == "any_player_casts_spell"
        or (when == "you_cast_second_spell_each_turn" and player == ctrl and nth == 2)
    )


_TYPE_KEYS = ("types", "not_types", "types_any")


def _types_match(flt: Mapping, types: tuple[str, ...]) -> bool:
    return (
        all(t in types for t in flt.get("types") or ())
        and not any(t in types for t in flt.get("not_types") or ())
        and (not flt.get("types_any") or any(t in types for t in flt["types_any"]))
    )


def _first_each_turn(game: Game, trig: Mapping, player: int) -> bool:
    """ "Their first <filter> spell each turn" (Esper Sentinel): the spell just cast is the
    caster's only spell this turn whose card types match the filter (601.2i)."""
    flt = trig.get("filter") or {}
    return (
        sum(1 for p, types in game.this_turn.cast if p == player and _types_match(flt, types)) == 1
    )


def begin_step(game: Game, step: str, active: int, *, announced: bool = False) -> bool:
    """A step or phase begins: "at the beginning of" triggers and delayed ones (603.7).
    Returns whether anything triggered. ``announced``: the caller already recorded the step's
    beginning (the combat steps, engine.rules.combat), so it isn't announced again."""
    fired = False
    name, rule = STEP_NAMES[step]
    fact = Fact("step", None, active)
    holders = [(p.id, p.controller, "battlefield") for p in game.battlefield()]
    for p, zones in enumerate(
        [pl.zones for pl in game.players]
    ):  # "if this card is in your graveyard" (Ichorid)
        holders += [(oid, p, z) for z in ("graveyard", "hand", "exile") for oid in zones[z]]
    for oid, ctrl, zone in holders:
        trigs = triggers_of(game, oid)
        for i, trig in enumerate(trigs or []):
            v = next(
                (v for v in variants(trig) if _step_fires(v, step, ctrl, active, zone, game, oid)),
                None,
            )
            if v is None:
                continue
            if not fired and not announced:
                _announce(game, name, rule, active)
            fired = fire(game, oid, ctrl, i, v, fact) or fired
    if step == "end_step" and game.designations.get("monarch") == active:
        if not fired and not announced:
            _announce(game, name, rule, active)
        fired = _monarch_draws(game, active) or fired
    if step == "upkeep":
        from_hooks = False
        for hook in RULES.on_upkeep:  # suspend's time counters (702.62a)
            from_hooks = hook(game, active) or from_hooks
        if from_hooks and not fired and not announced:
            _announce(game, name, rule, active)
        fired = fired or from_hooks
    for d in list(game.delayed):
        # a delayed ability with a ``kind`` (lasting, earthbend) fires on events, not steps
        if d.get("kind") or not _delayed_due(d, step, active, game):
            continue
        if not fired and not announced:
            _announce(game, name, rule, active)
        game.remove_delayed(d)
        item = StackItem(
            id=game.new_id(),
            kind="ability",
            controller=d["controller"],
            text=f"{d['label']} (delayed, {d['when'].replace('_', ' ')})",
            source=d["source"],
            trigger="triggered",
            ops=tuple(d["ops"]),
            targets=tuple(d.get("targets") or ()),
            data={
                "when": d["when"],
                "stamps": d.get("stamps") or {},
                "delayed": True,
                "event": {"player": active, "when": d["when"]},
                **({"moved": d["moved"]} if "moved" in d else {}),
            },
        )
        stack.trigger(
            game,
            item,
            f"{item.text} triggers at the beginning of the {name}.",
            "603.7a",
            data={"trigger": d["when"], "delayed": True},
        )
        fired = True
    return fired


def _monarch_draws(game: Game, player: int) -> bool:
    """CR 724.2: "At the beginning of the monarch's end step, that player draws a card" (a
    triggered ability of the rules, with no source object)."""
    item = StackItem(
        id=game.new_id(),
        kind="ability",
        controller=player,
        text="The monarch's triggered ability (end step)",
        source=None,
        trigger="triggered",
        ops=({"op": "draw", "n": 1},),
        data={"when": "monarch_end_step", "event": {"player": player, "when": "end_step"}},
    )
    stack.trigger(
        game,
        item,
        f"{item.text} triggers.",
        "724.2",
        data={"trigger": "monarch_end_step", "designation": "monarch"},
    )
    return True


def _step_fires(
    trig: Mapping, step: str, ctrl: int, active: int, zone: str, game: Game, oid: int
) -> bool:
    when = str(trig.get("when"))
    if WHEN.get(when, When("?")).kind != "step" or not when.endswith(step):
        return False
    if (trig.get("zone") or "battlefield") != zone:
        return False
    whose = when[: -len(step)]
    return (
        (whose == "your_" and ctrl == active)
        or whose == "each_"
        or (whose == "each_opponent_" and ctrl != active)
        or (whose == "attached_controller_" and attached_player(game, oid) == active)
    )


def attached_player(game: Game, oid: int) -> int | None:
    """ "Enchanted player" (an Aura with enchant player, 303.4d) or the controller of the
    permanent this Aura/Equipment is attached to; None when it is attached to nothing."""
    obj = game.obj(oid)
    if obj.enchanted_player is not None:
        return obj.enchanted_player
    if obj.attached_to is not None:
        return game.obj(obj.attached_to).controller
    return None


def _announce(game: Game, name: str, rule: str, active: int) -> None:
    game.emit(
        E.STEP,
        f"The {name} of {game.poss(active)} turn begins.",
        rule,
        player=active,
        data={"step": name},
    )


def _delayed_due(d: Mapping, step: str, active: int, game: Game) -> bool:
    when = d["when"]
    if d.get("turn") == game.turn and d.get("phase") == step:
        return False  # created during this very step: "next" means a later one
    if when == "next_end_step":
        return step == "end_step"
    if when == "next_upkeep":
        return step == "upkeep"
    if when == "your_next_upkeep":
        return step == "upkeep" and active == d["controller"]
    if when == "your_next_draw_step":
        return step == "draw_step" and active == d["controller"]
    if when == "end_of_combat":
        return step == "end_of_combat"
    if when == "your_next_end_step":  # "at the beginning of your next end step" (513.1)
        return step == "end_step" and active == d["controller"]
    return False


# ---------------------------------------------------------------------- firing
#: Facts of a permanent leaving the battlefield (each one zone change of that object)
_LEFT_BATTLEFIELD = frozenset({"leaves", "to_graveyard", "dies", "sacrificed"})


#: keyword abilities the card data writes as triggers (a trigger's ``keyword``): the log
#: names the keyword and cites its rule
KEYWORD_TRIGGERS = {"Ward": "702.21a"}


def fire(
    game: Game,
    oid: int,
    ctrl: int,
    index: int,
    trig: Mapping,
    fact: Fact,
    *,
    label: str | None = None,
    rule: str = "603.2",
) -> bool:
    """The trigger triggers (603.2): checks its limit and intervening "if" (603.4), then it
    waits to be put on the stack. Returns whether it triggered. ``label``/``rule``: a
    delayed triggered ability's name and rule (603.7c)."""
    obj = game.obj(oid)
    when = str(trig.get("when"))
    keyword = trig.get("keyword")
    if label is None and keyword in KEYWORD_TRIGGERS:  # a keyword that is a trigger
        label, rule = f"{keyword} of {obj.name}", KEYWORD_TRIGGERS[str(keyword)]
    label = label or f"{obj.name}'s triggered ability ({when.replace('_', ' ')})"
    # "that spell" of "whenever this becomes the target of a spell" is the targeting
    # spell or ability (its source), and "that spell's controller" the trigger's player
    obj_ref = fact.by if fact.what == "targeted" else fact.obj
    event = {"object": obj_ref, "player": fact.player, "amount": fact.amount, "when": when}
    if fact.what == "targeted" and fact.item is not None:
        event["item"] = fact.item  # "that spell or ability" (702.21a, 701.6a)
    was = game.zone_changes.get(oid, 0) - 1
    if fact.obj == oid and fact.what in _LEFT_BATTLEFIELD and (oid, was) in game.linked_exile:
        # 603.10a / 607.2a: a leaves-the-battlefield ability looks back; "the exiled card"
        # is what this source exiled while it was on the battlefield, the object that just
        # left (one zone change ago, 400.7), not the new object it became
        event["source_left"] = was
    missing = trigger_missing(trig)
    if missing:
        game.emit(
            E.NOT_SIMULATED,
            f"{label}: {missing} — not simulated, so it does nothing.",
            "603.2",
            objects=(oid,),
            source=oid,
            player=ctrl,
            data={"missing": [missing], "trigger": when},
        )
        return False
    key = (oid, game.zone_changes.get(oid, 0), index)
    limit = ability_costs.times_per_turn(trig.get("limit"))
    if limit is not None and ability_costs.uses_this_turn(game, key) >= limit:
        return False
    cond = trig.get("condition")
    if cond is not None:
        ctx = effects.Ctx(game, ctrl, oid, (), 0, label, event=event)
        if not conditions.holds(ctx, cond):
            game.emit(
                E.NO_TRIGGER,
                f"{label} doesn't trigger: its condition is false (603.4).",
                "603.4",
                objects=(oid,),
                source=oid,
                player=ctrl,
                data={"trigger": when, "condition": False},
            )
            return False
    if limit is not None:
        ability_costs.note_use(game, key)
    item = StackItem(
        id=game.new_id(),
        kind="ability",
        controller=ctrl,
        text=label,
        source=oid,
        trigger="triggered",
        ops=tuple(trig.get("ops") or ()),
        data={
            "targets": list(trig.get("targets") or []),
            "when": when,
            "event": event,
            "condition": cond,
            "optional": bool(trig.get("optional")),
            "optional_cost": trig.get("optional_cost"),
            **({"do_once": ["done", *key]} if trig.get("do_once_each_turn") else {}),
            **modal_section(trig),
        },
    )
    stack.trigger(
        game, item, f"{label} triggers.", rule, data={"trigger": when, "event": dict(event)}
    )
    return True


MODAL_KEYS = ("modes", "choose", "choose_min", "mode_targets", "same_mode_repeatable")


def modal_section(ability: Mapping) -> dict:
    """A modal ability's section for stack.choose_ability_targets (603.3c), if it has modes."""
    if not ability.get("modes"):
        return {}
    return {"modal": {k: ability[k] for k in MODAL_KEYS if k in ability}}


def resolve(game: Game, item: StackItem) -> None:
    """A triggered ability of the card data resolves (608.2): intervening "if" again
    (603.4), "you may" (603.5), an optional cost ("you may pay ... if you do"), then its ops."""
    data = item.data or {}
    event = data.get("event") or {}
    cond = data.get("condition")
    if cond is not None:
        ctx = effects.Ctx(
            game, item.controller, item.source, item.targets, 0, item.text, event=event
        )
        holds = conditions.holds(ctx, cond)
        game.emit(
            E.CONDITION,
            f"{item.text}: its condition is "
            f"{'still true' if holds else 'false now, so it does nothing'} (603.4).",
            "603.4",
            objects=(item.source,),
            source=item.source,
            player=item.controller,
            data={"holds": holds, "when": "resolution"},
        )
        if not holds:
            return
    if data.get("do_once") and _done_this_turn(game, item):
        return
    if data.get("optional"):
        key = game.decide(
            DecisionKind.MAY,
            f'{item.text}: use it? ("you may")',
            [("yes", "Yes"), ("no", "No")],
            "603.5",
            player=item.controller,
            subject=game.obj(item.source_id()).name,
            objects=(item.source_id(),),
        )
        if key == "no":
            game.emit(
                E.DECLINE,
                f"{game.verb(item.controller, 'choose', 'chooses')} not to use {item.text}.",
                "603.5",
                objects=(item.source,),
                source=item.source,
                player=item.controller,
            )
            return
    cost = data.get("optional_cost")
    if cost is not None:
        costs = ability_costs.of_keyword(cost)
        if not offer_cost(game, item.controller, item.source_id(), costs, item.text):
            return
    if data.get("do_once"):
        ability_costs.note_use(game, tuple(data["do_once"]))
    # the ops (or each chosen mode's ops with its own targets, 603.3c), checked as one
    effects.run_item(game, item, dict(data.get("modal") or {}), label=item.text, source=item.source)


def _done_this_turn(game: Game, item: StackItem) -> bool:
    """ "Do this only once each turn" (XMage ``setDoOnlyOnceEachTurn``, Pantlaza): the ability
    triggers every time, but once it was done this turn (not declined) it does nothing."""
    key = tuple(item.data["do_once"])
    if not ability_costs.uses_this_turn(game, key):
        return False
    game.emit(
        E.CONDITION,
        f"{item.text}: it was already done this turn, so it does nothing.",
        "603.4",
        objects=(item.source,),
        source=item.source,
        player=item.controller,
        data={"holds": False, "when": "resolution", "done_this_turn": True},
    )
    return True


def offer_cost(
    game: Game,
    player: int,
    source: int,
    costs: list,
    label: str,
    *,
    optional: bool = True,
    rule: str = "118.12",
) -> bool:
    """ "You may pay <cost>": the player decides; a cost that can't be paid isn't offered.
    Returns whether it was paid (mana is paid for real in a scenario with "mana": "paid",
    else assumed paid and logged as such)."""
    why = ability_costs.problem(game, player, source, costs, summoning_sick=False)
    text = ability_costs.describe(costs)
    real = (
        "".join(
            str(c.get("mana") or f"{{{c.get('n')}}}")
            for c in costs
            if c.get("cost") in ("mana", "mana_generic")
        )
        if payment.real(game)
        else ""
    )
    if not why and real:  # 601.2h with real mana payment: the mana must be payable too
        unpayable = payment.problem(game, player, real)
        why = str(unpayable) if unpayable is not None else None
    if why:
        game.emit(
            E.COST,
            f"{label}: {text} can't be paid ({why}).",
            rule,
            source=source,
            player=player,
            data={"paid": False, "reason": why},
        )
        return False
    if optional:
        key = game.decide(
            DecisionKind.PAY_COST,
            f"{label}: {text if text.startswith('pay ') else 'pay ' + text}?",
            [("pay", f"Pay: {text}"), ("decline", "Don't pay")],
            rule,
            player=player,
            subject=game.obj(source).name,
            objects=(source,),
        )
        if key == "decline":
            game.emit(
                E.DECLINE,
                f"{game.verb(player, 'do', 'does')} not pay {text}.",
                rule,
                source=source,
                player=player,
                data={"paid": False},
            )
            return False
    paid = ability_costs.pay(game, player, source, costs, label, rule)
    if real:
        payment.pay(game, player, real, label, source=source, rule=rule)
    elif paid.mana:
        game.emit(
            E.COST,
            f"{game.verb(player, 'pay', 'pays')} {''.join(paid.mana)} (mana "
            "payment isn't simulated).",
            rule,
            source=source,
            player=player,
            data={"paid": True, "mana": paid.mana},
        )
    return True


# ------------------------------------------------ delayed abilities with a duration
#: how long a ``lasting_trigger`` lasts: this turn (514.2) or until your next turn (611.2b)
LASTING_DURATIONS = ("end_of_turn", "until_your_next_turn")


def lasting_missing(trig: Mapping) -> str | None:
    """What of a delayed triggered ability with a duration is not simulated (None: all).
    Its trigger ids: events and casts about other objects (a delayed ability has no
    "self"), and combat ones (recorded; the playground has no combat)."""
    when = str(trig.get("when"))
    info = WHEN.get(when)
    if info is None or info.kind not in ("event", "cast", "combat") or when.startswith("self"):
        return f"a delayed trigger on {when!r}"
    return trigger_missing(trig)


def _lasting(game: Game) -> list[dict]:
    return [d for d in game.delayed if d.get("kind") == "lasting"]


def _fire_lasting(game: Game, fact: Fact, kind: str) -> None:
    """603.7c: delayed triggered abilities with a duration see every event until they end."""
    for d in _lasting(game):
        trig, src, ctrl = d["trigger"], d["source"], d["controller"]
        w = str(trig.get("when"))
        if WHEN.get(w, When("?")).kind != kind:
            continue
        if kind == "cast":
            spell, player, nth = fact.obj, fact.player, fact.amount
            hit = (
                spell is not None
                and _matches(game, spell, trig, ctrl, src)
                and (
                    (w == "you_cast_spell" and player == ctrl)
                    or (w == "opponent_casts_spell" and player != ctrl)
                    or w == "any_player_casts_spell"
                    or (w == "you_cast_second_spell_each_turn" and player == ctrl and nth == 2)
                )
            )
        else:
            hit = fired_by(game, w, fact, trig, src, ctrl)
        if not hit:
            continue
        label = f"{d['label']} (delayed: {w.replace('_', ' ')})"
        if fire(game, src, ctrl, -1, trig, fact, label=label, rule="603.7c") and d.get("once"):
            game.remove_delayed(d)  # "when you next ...": it triggers only once (603.7c)


def end_lasting(game: Game, next_player: int) -> None:
    """The turn passes to ``next_player``: "this turn" delayed abilities end in the cleanup
    step (514.2); "until your next turn" ones end as their controller's turn begins (611.2b,
    603.7c)."""
    ending = [
        d
        for d in _lasting(game)
        if d["duration"] == "end_of_turn"
        or (d["duration"] == "until_your_next_turn" and d["controller"] == next_player)
    ]
    for d in ending:
        game.remove_delayed(d)
    if ending:
        game.emit(
            E.EFFECT_ENDS,
            f"{len(ending)} delayed triggered abilit{'ies' if len(ending) != 1 else 'y'} "
            "with a duration end.",
            "603.7c",
            objects=tuple(dict.fromkeys(d["source"] for d in ending if d["source"])),
            amount=len(ending),
            data={"delayed": [d["label"] for d in ending]},
        )


def _is_a(face: object, subtype: str) -> bool:
    """The face has the subtype; a changeling has every creature type (702.73a)."""
    return changeling.has_subtype(face.subtypes, face.keywords, subtype)  # type: ignore[attr-defined]
