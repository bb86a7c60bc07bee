"""The combat phase (CR 506-511): beginning of combat, declare attackers, declare blockers,
combat damage (with a first-strike step when needed), end of combat.

The scenario's ``attack`` action (engine.actions) names the attackers and what each attacks;
the blocks are given in the action or asked of the defending player, one decision per
creature that could block (``declare_blocker``: ``block:none`` / ``block:o<id>``). Combat
damage is assigned by the rules where nothing is left to choose; where the attacking (or
the defending) player divides a creature's damage among several creatures, or a trampler's
between its blockers and what it attacks, each amount is a decision (``assign_damage``:
``damage:N``). The current rule (510.1c-d): a creature blocked by (or blocking) two or more
creatures divides its combat damage among them as its controller chooses; there is no
damage assignment order any more. Trample (702.19b-c): every blocker must be assigned
lethal damage (1 from a deathtouch source, 702.2c) before the rest may go to the player,
planeswalker or battle.

The kernel keeps who attacks what, who blocks whom and which attackers are blocked
(``game.combat``); this module checks the rules and records the events. What combat reads
of the continuous effects: ``cant_block``, ``cant_be_blocked`` (``by``), ``can_block_only``
(``filter``), ``cant_attack_or_block``, ``must_attack``, ``min_blockers`` (``n``) and goad
(701.15b), from resolved spells and abilities and from static abilities.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.events import DecisionKind, EventKind
from engine.core.game import GameError
from engine.lang import filters, protection, refs
from engine.rules import layers, shields, triggers
from engine.rules.triggers import Fact

if TYPE_CHECKING:
    from engine.core.game import Game

E = EventKind

#: continuous effects combat reads (recorded by engine.ops.continuous / goad, or statics)
RULE_KINDS = (
    "cant_block",
    "cant_be_blocked",
    "must_attack",
    "can_block_only",
    "cant_attack_or_block",
    "min_blockers",
    "goad",
    "can_block_additional",
)
#: keyword abilities of combat that the engine does not simulate: a creature in combat with
#: one of them is named in the log (never silently ignored)
UNSIMULATED_KEYWORDS = (
    "Banding",
    "Bands with other",
    "Flanking",
    "Bushido",
    "Rampage",
    "Annihilator",
    "Afflict",
    "Myriad",
    "Melee",
    "Dethrone",
    "Provoke",
    "Training",
    "Mentor",
    "Enlist",
    "Frenzy",
    "Toxic",
    "Poisonous",
    "Ingest",
    "Renown",
    "Daunt",
)
#: keyword triggers of combat the engine writes as card data (702.91a battle cry, 702.83a
#: exalted): they trigger like the card's own (603.2)
BATTLE_CRY = {
    "when": "self_attacks",
    "ops": [
        {
            "op": "pump",
            "power": 1,
            "toughness": 0,
            "who": "all",
            "duration": "end_of_turn",
            "filter": {"attacking": True, "other": True, "types": ["Creature"]},
        }
    ],
}
EXALTED = {
    "when": "you_attack",
    "ops": [
        {
            "op": "pump",
            "power": 1,
            "toughness": 1,
            "who": "trigger_object",
            "duration": "end_of_turn",
        }
    ],
}
_LANDWALK = {
    "Plainswalk": "Plains",
    "Islandwalk": "Island",
    "Swampwalk": "Swamp",
    "Mountainwalk": "Mountain",
    "Forestwalk": "Forest",
}


def unapplied_op(name: str) -> bool:
    """Coverage asks: is this op recorded but never applied? No combat op is any more."""
    return False


# ----------------------------------------------------------------------------- reading
def has(game: Game, oid: int, keyword: str) -> bool:
    """The creature has the keyword now (613: granted ones and keyword counters too)."""
    return game.chars(oid).has_keyword(keyword)


def _power(game: Game, oid: int) -> int:
    return game.chars(oid).power or 0


def _toughness(game: Game, oid: int) -> int:
    return game.chars(oid).toughness or 0


def _objects_of(game: Game, e: Any) -> list[int]:
    """The objects a combat rule applies to now: a static ability's (611.3a) by its
    reference, a resolved effect's locked-in objects still there (611.2c, 400.7)."""
    if e.id == 0:
        ref = e.data.get("who") if e.data.get("who") is not None else e.data.get("what")
        if ref == "all":
            return refs.select_all(game, e.data.get("filter") or {}, e.controller, e.source)
        return list(e.objects)
    return layers.applies_to(game, e)


def rules_of(game: Game, oid: int) -> list[Any]:
    """The combat rules (continuous effects of RULE_KINDS) that apply to ``oid`` now."""
    out = []
    for e in layers.in_force(game):
        if e.kind in RULE_KINDS and oid in _objects_of(game, e):
            out.append(e)
    return out


def _selector_filter(e: Any) -> bool:
    """Whether the effect's ``filter`` chooses WHAT it applies to (``who: all``)."""
    ref = e.data.get("who") if e.data.get("who") is not None else e.data.get("what")
    return ref == "all"


def goaded_by(game: Game, oid: int) -> list[int]:
    """The players who goaded this creature, while the goad lasts (701.15a)."""
    return [int(e.data.get("by", e.controller)) for e in rules_of(game, oid) if e.kind == "goad"]


def summoning_sick(game: Game, oid: int) -> bool:
    """CR 302.6: a creature its controller hasn't controlled continuously since their most
    recent turn began can't attack, unless it has haste (702.10b)."""
    return game.obj(oid).entered_turn >= game.turn and not has(game, oid, "Haste")


def cant_attack_why(game: Game, oid: int, player: int) -> str | None:
    """Why ``oid`` can't attack for ``player`` now (508.1a, 302.6, 702.3b, 508.1c), or None."""
    obj = game.obj(oid)
    where = game.zone_of(oid)
    if where is None or where[1] != "battlefield" or obj.controller != player:
        return f"{obj.name} is not a permanent {game.pname(player)} controls"
    if obj.phased_out:
        return f"{obj.name} is phased out (702.26b)"
    if not game.chars(oid).is_creature:
        return f"{obj.name} is not a creature (508.1a)"
    if obj.tapped:
        return f"{obj.name} is tapped (508.1a: only untapped creatures attack)"
    if summoning_sick(game, oid):
        return (
            f"{obj.name} has summoning sickness: it came under {game.poss(player)} control "
            "this turn and has no haste (302.6)"
        )
    if has(game, oid, "Defender"):
        return f"{obj.name} has defender (702.3b)"
    for e in rules_of(game, oid):
        if e.kind == "cant_attack_or_block":
            return f"{obj.name} can't attack (508.1c: an effect says it can't attack or block)"
    return None


def attack_options(game: Game, player: int) -> list[str]:
    """What ``player``'s creatures may attack (508.1b): each opponent, the planeswalkers
    they control, and the battles they protect (310.8: a Siege's protector is the opponent
    its controller chose; with two players, that is the other player)."""
    out = []
    for p in range(len(game.players)):
        if p == player or p in game.lost:
            continue
        out.append(f"p{p}")
        for perm in game.battlefield(p):
            if "Planeswalker" in game.chars(perm.id).types:
                out.append(f"o{perm.id}")
    for perm in game.battlefield():
        if "Battle" in game.chars(perm.id).types and protector(game, perm.id) != player:
            out.append(f"o{perm.id}")
    return out


def protector(game: Game, oid: int) -> int:
    """CR 310.8, 310.11a: a battle's protector (a Siege's: the opponent its controller chose;
    with two players the other player)."""
    ctrl = game.obj(oid).controller
    return (ctrl + 1) % len(game.players) if len(game.players) > 1 else ctrl


def defender_of(game: Game, target: str) -> int:
    """The defending player for an attack on ``target`` (506.2, 506.3)."""
    if target.startswith("p"):
        return int(target[1:])
    oid = int(target[1:])
    if "Battle" in game.chars(oid).types:
        return protector(game, oid)
    return game.obj(oid).controller


def ref_name(game: Game, ref: str) -> str:
    return game.pname(int(ref[1:])) if ref.startswith("p") else game.obj(int(ref[1:])).name


def _safe_name(game: Game, ref: str) -> str:
    """A ref's name for a message, also for a ref that names nothing."""
    if ref.startswith("p") and ref[1:].isdigit() and int(ref[1:]) < len(game.players):
        return game.pname(int(ref[1:]))
    if ref.startswith("o") and ref[1:].isdigit() and int(ref[1:]) in game.objects:
        return game.obj(int(ref[1:])).name
    return repr(ref)


# ---------------------------------------------------------------------- declare attackers
def check_attack(game: Game, player: int, declared: Sequence[tuple[int, str]]) -> None:
    """CR 508.1a-d: every declared attacker can attack what it attacks, and the declaration
    obeys as many requirements as it can without breaking a restriction (508.1d): each
    creature that must attack (``must_attack``, goad 701.15b) and can, attacks, and a goaded
    one attacks a player other than its goader if it can."""
    seen: set[int] = set()
    options = attack_options(game, player)
    for oid, target in declared:
        if oid in seen:
            raise GameError(f"{game.obj(oid).name} is declared as an attacker twice (508.1a)")
        seen.add(oid)
        why = cant_attack_why(game, oid, player)
        if why:
            raise GameError(f"{why}, so it can't attack")
        if target not in options:
            raise GameError(
                f"{game.obj(oid).name} can't attack {_safe_name(game, target)}"
                f" (508.1b: it attacks an opponent, a planeswalker an opponent controls or a "
                f"battle an opponent protects; here: "
                f"{', '.join(ref_name(game, o) for o in options) or 'nothing'})"
            )
    for perm in game.battlefield(player):
        oid = perm.id
        rules = rules_of(game, oid)
        must = any(e.kind == "must_attack" for e in rules)
        goaders = goaded_by(game, oid)
        if not (must or goaders) or cant_attack_why(game, oid, player):
            continue
        if oid not in seen:
            why = "it is goaded (701.15b)" if goaders else "it attacks each combat if able"
            raise GameError(f"{perm.name} must attack: {why} (508.1d)")
        target = dict(declared)[oid]
        others = [o for o in options if o.startswith("p") and int(o[1:]) not in goaders]
        if goaders and others and (not target.startswith("p") or int(target[1:]) in goaders):
            raise GameError(
                f"{perm.name} is goaded: it must attack a player other than the "
                "player who goaded it if able (701.15b)"
            )


def declare_attackers(game: Game, player: int, declared: Sequence[tuple[int, str]]) -> None:
    """CR 508.1: the attackers are declared; those without vigilance become tapped
    (508.1f, 702.20b); the attack triggers trigger (508.3a)."""
    defenders = sorted({defender_of(game, t) for _, t in declared})
    game.begin_combat(defenders[0] if defenders else (player + 1) % len(game.players))
    for oid, target in declared:
        if not has(game, oid, "Vigilance"):
            game.tap(oid)
        game.declare_attacker(oid, target)
    listed = ", ".join(f"{game.obj(o).name} → {ref_name(game, t)}" for o, t in declared)
    game.emit(
        E.ATTACK,
        f"Declare attackers: {game.verb(player, 'attack', 'attacks')} with {listed}.",
        "508.1",
        objects=[o for o, _ in declared],
        player=player,
        amount=len(declared),
        data={"attackers": [{"obj": o, "attacks": t} for o, t in declared]},
    )
    _name_unsimulated(game, [o for o, _ in declared])
    found = [Fact("attack", None, player, len(declared), group=tuple(o for o, _ in declared))]
    for p in sorted({int(t[1:]) for _, t in declared if t.startswith("p")}):
        found.append(Fact("attack_player", None, player, by=p))
    found += [Fact("attacks", o, defender_of(game, t), target=t) for o, t in declared]
    if len(declared) == 1:  # 506.5: the only creature declared as an attacker attacks alone
        alone, target = declared[0]
        found.append(Fact("attacks_alone", alone, defender_of(game, target), target=target))
    triggers.on_combat(game, found)
    _keyword_triggers(game, player, declared)


def _keyword_triggers(game: Game, player: int, declared: Sequence[tuple[int, str]]) -> None:
    """Battle cry (702.91a): each other attacking creature gets +1/+0; exalted (702.83a):
    a creature attacking alone gets +1/+1 for each instance among its controller's
    permanents. Both trigger as attackers are declared (508.3a)."""
    for oid, target in declared:
        if has(game, oid, "Battle cry"):
            fact = Fact("attacks", oid, defender_of(game, target), target=target)
            triggers.fire(
                game,
                oid,
                player,
                -2,
                BATTLE_CRY,
                fact,
                label=f"Battle cry of {game.obj(oid).name}",
                rule="702.91a",
            )
    if len(declared) != 1:
        return
    alone, target = declared[0]
    for perm in game.battlefield(player):
        n = sum(1 for k in game.chars(perm.id).keywords if k.lower() == "exalted")
        for _ in range(n):
            fact = Fact("attacks", alone, defender_of(game, target), target=target)
            triggers.fire(
                game,
                perm.id,
                player,
                -3,
                EXALTED,
                fact,
                label=f"Exalted of {perm.name}",
                rule="702.83a",
            )


def _has_keyword_trigger(game: Game, oid: int, keyword: str) -> bool:
    """The object's card data writes this keyword as its triggered ability (the importer's
    Bushido N: "whenever this blocks or becomes blocked", 702.45a)."""
    trigs = game.effects(game.obj(oid)).get("triggers") or ()
    return any(isinstance(t, dict) and t.get("keyword") == keyword for t in trigs)


def _name_unsimulated(game: Game, objs: Iterable[int]) -> None:
    """A creature in combat with a combat keyword the engine doesn't simulate: say so."""
    for oid in objs:
        kws = game.chars(oid).keywords
        bad = [k for k in kws if any(k.lower().startswith(u.lower()) for u in UNSIMULATED_KEYWORDS)]
        if any(k.lower() == "bushido" for k in bad) and _has_keyword_trigger(game, oid, "Bushido"):
            bad = [k for k in bad if k.lower() != "bushido"]  # 702.45a: its triggers, in the data
        if protection.unknown(game, oid):
            bad.append("Protection (its quality is not in the card data)")
        if bad:
            game.emit(
                E.NOT_SIMULATED,
                f"{game.obj(oid).name}: {', '.join(bad)} — not simulated in combat.",
                "506.1",
                objects=(oid,),
                source=oid,
                player=game.obj(oid).controller,
                data={"missing": bad},
            )


def enter_attacking(game: Game, oids: Iterable[int]) -> list[int]:
    """CR 508.4: creatures put onto the battlefield attacking during combat attack what
    their controller chooses among what the attackers may attack (here: the defending
    player); they were never declared as attackers, so nothing triggers on their attack.
    Outside combat they just enter (tapped). Returns those now attacking."""
    if game.combat is None:
        return []
    out = []
    for oid in oids:
        if game.obj(oid).controller == game.active and game.chars(oid).is_creature:
            game.declare_attacker(oid, f"p{game.combat['defending']}", declared=False)
            out.append(oid)
    return out


# ----------------------------------------------------------------------- declare blockers
def attackers(game: Game) -> dict[int, str]:
    return dict(game.combat["attackers"]) if game.combat else {}


def blockers_of(game: Game, attacker: int) -> list[int]:
    """The creatures blocking ``attacker`` now, in the order they were declared."""
    if not game.combat:
        return []
    return [b for b, atts in game.combat["blockers"].items() if attacker in atts]


def cant_block_why(game: Game, blocker: int, attacker: int, defending: int) -> str | None:
    """Why ``blocker`` can't block ``attacker`` (509.1a-b, 702.9b, 702.17b, 702.16f, 702.28b,
    702.36b, 702.13b, 702.14c), or None."""
    b, a = game.obj(blocker), game.obj(attacker)
    where = game.zone_of(blocker)
    if where is None or where[1] != "battlefield" or b.controller != defending:
        return f"{b.name} is not a permanent the defending player controls"
    if b.phased_out or not game.chars(blocker).is_creature:
        return f"{b.name} is not a creature (509.1a)"
    if b.tapped:
        return f"{b.name} is tapped (509.1a: only untapped creatures block)"
    for e in rules_of(game, blocker):
        if e.kind in ("cant_block", "cant_attack_or_block"):
            return f"{b.name} can't block (509.1b)"
        if e.kind == "can_block_only" and not _selector_filter(e):
            flt = e.data.get("filter")
            if flt is not None and not filters.matches(
                game, attacker, flt, controller=e.controller, source=blocker
            ):
                return f"{b.name} can block only some creatures, not {a.name} (509.1b)"
    for e in rules_of(game, attacker):
        if e.kind == "cant_be_blocked":
            by = e.data.get("by")
            if by is None or filters.matches(
                game, blocker, by, controller=e.controller, source=attacker
            ):
                return (
                    f"{a.name} can't be blocked"
                    + (" by such creatures" if by else "")
                    + " (509.1b)"
                )
    if has(game, attacker, "Flying") and not (
        has(game, blocker, "Flying") or has(game, blocker, "Reach")
    ):
        return f"{a.name} has flying: only a creature with flying or reach blocks it (702.9b)"
    if has(game, attacker, "Shadow") != has(game, blocker, "Shadow"):
        return "shadow: creatures with shadow block and are blocked only by shadow (702.28b)"
    bc = game.chars(blocker)
    if has(game, attacker, "Fear") and not ("Artifact" in bc.types or "B" in bc.colors):
        return f"{a.name} has fear: only artifact or black creatures block it (702.36b)"
    if has(game, attacker, "Intimidate") and not (
        "Artifact" in bc.types or set(bc.colors) & set(game.chars(attacker).colors)
    ):
        return (
            f"{a.name} has intimidate: only artifact creatures and creatures sharing a "
            "color with it block it (702.13b)"
        )
    for kw, land in _LANDWALK.items():
        if has(game, attacker, kw) and any(
            land in game.chars(p.id).subtypes for p in game.battlefield(defending)
        ):
            return f"{a.name} has {kw.lower()}: it can't be blocked (702.14c)"
    if has(game, attacker, "Horsemanship") and not has(game, blocker, "Horsemanship"):
        return f"{a.name} has horsemanship: only horsemanship blocks it (702.31b)"
    if has(game, attacker, "Skulk") and _power(game, blocker) > _power(game, attacker):
        return f"{a.name} has skulk: no creature with greater power blocks it (702.118b)"
    if protection.protected_from(game, attacker, blocker):
        return f"{a.name} has protection from {b.name}: it can't be blocked by it (702.16f)"
    return None


def _min_blockers(game: Game, attacker: int) -> int:
    """Menace (702.111b) and "can't be blocked except by N or more creatures" (509.1b)."""
    n = 2 if has(game, attacker, "Menace") else 1
    for e in rules_of(game, attacker):
        if e.kind == "min_blockers":
            n = max(n, int(e.data.get("n") or 2))
    return n


def capacity(game: Game, oid: int) -> int:
    """How many attackers a creature may block (509.1a: one; "can block an additional
    creature" adds; "any number" is as many as attack)."""
    n = 1
    for e in rules_of(game, oid):
        if e.kind == "can_block_additional":
            if e.data.get("n") is None:
                return 10**6
            n += int(e.data["n"])
    return n


def check_blocks(game: Game, blocks: Mapping[int, Sequence[int]], defending: int) -> None:
    """CR 509.1a-c: every block is legal, each blocker blocks one attacker (509.1a; an
    effect may allow more), and no restriction on the number of blockers is broken."""
    for blocker, atts in blocks.items():
        if not atts or len(atts) > capacity(game, blocker) or len(set(atts)) != len(atts):
            raise GameError(
                f"{game.obj(blocker).name} blocks {len(atts)} creatures; it can "
                f"block {min(capacity(game, blocker), 99)} (509.1a)"
            )
        for a in atts:
            if a not in attackers(game):
                raise GameError(f"{game.obj(a).name} is not attacking")
            why = cant_block_why(game, blocker, a, defending)
            if why:
                raise GameError(f"{game.obj(blocker).name} can't block {game.obj(a).name}: {why}")
    count: dict[int, int] = {}
    for atts in blocks.values():
        for a in atts:
            count[a] = count.get(a, 0) + 1
    for a, n in count.items():
        need = _min_blockers(game, a)
        if n < need:
            why = "menace (702.111b)" if has(game, a, "Menace") else "509.1b"
            raise GameError(
                f"{game.obj(a).name} can't be blocked except by {need} or more "
                f"creatures ({why}); {n} block it"
            )


def ask_blocks(game: Game, defending: int) -> dict[int, list[int]]:
    """The defending player declares blockers (509.1a): for each untapped creature that can
    block an attacker, a decision ``declare_blocker`` (``block:none`` first)."""
    out: dict[int, list[int]] = {}
    atts = list(attackers(game))
    for perm in game.battlefield(defending):
        legal = [a for a in atts if cant_block_why(game, perm.id, a, defending) is None]
        if not legal:
            continue
        options = [("block:none", f"{perm.name} doesn't block")]
        options += [(f"block:o{a}", f"{perm.name} blocks {game.obj(a).name}") for a in legal]
        key = game.decide(
            DecisionKind.DECLARE_BLOCKER,
            f"Declare blockers: does {perm.name} block?",
            options,
            "509.1a",
            player=defending,
            subject=perm.name,
            objects=(perm.id, *legal),
        )
        if key == "block:none":
            continue
        out[perm.id] = [int(key.removeprefix("block:o"))]
        while len(out[perm.id]) < capacity(game, perm.id):  # 509.1a: "an additional creature"
            more = [a for a in legal if a not in out[perm.id]]
            if not more:
                break
            key = game.decide(
                DecisionKind.DECLARE_BLOCKER,
                f"Declare blockers: does {perm.name} block another attacker too?",
                [("block:done", f"{perm.name} blocks no more")]
                + [(f"block:o{a}", f"{perm.name} also blocks {game.obj(a).name}") for a in more],
                "509.1a",
                player=defending,
                subject=perm.name,
                objects=(perm.id, *more),
            )
            if key == "block:done":
                break
            out[perm.id].append(int(key.removeprefix("block:o")))
    return out


def declare_blockers(game: Game, blocks: Mapping[int, Sequence[int]], defending: int) -> None:
    """CR 509.1: the blockers are declared; the block triggers trigger (509.3a-d)."""
    check_blocks(game, blocks, defending)
    for blocker, atts in blocks.items():
        game.declare_blocker(blocker, atts)
    listed = (
        ", ".join(
            f"{game.obj(b).name} blocks {', '.join(game.obj(a).name for a in atts)}"
            for b, atts in blocks.items()
        )
        or "no blocks"
    )
    game.emit(
        E.BLOCK,
        f"Declare blockers: {game.pname(defending)}: {listed}.",
        "509.1",
        objects=[*blocks],
        player=defending,
        amount=len(blocks),
        data={"blocks": [{"obj": b, "blocking": list(a)} for b, a in blocks.items()]},
    )
    _name_unsimulated(game, blocks)
    found = [Fact("blocks", b, game.active, len(a), group=tuple(a)) for b, a in blocks.items()]
    for b, atts in blocks.items():  # 509.3b: "blocks a creature", once for each attacker;
        for a in atts:  # 509.3d: "becomes blocked by a creature", once for each blocker
            found.append(Fact("blocks_creature", a, game.obj(a).controller, by=b))
            found.append(Fact("blocked_by_creature", b, game.obj(b).controller, by=a))
    for a, target in attackers(game).items():
        n = len(blockers_of(game, a))
        if n:
            found.append(Fact("becomes_blocked", a, defending, n))  # 509.3c: once
        else:  # 509.3g: "attacks and isn't blocked" (also one put onto the battlefield attacking)
            found.append(Fact("unblocked", a, defender_of(game, target), target=target))
    triggers.on_combat(game, found)


# -------------------------------------------------------------------------- combat damage
def _strikes_first(game: Game, oid: int) -> bool:
    return has(game, oid, "First strike") or has(game, oid, "Double strike")


def in_combat(game: Game) -> list[int]:
    if not game.combat:
        return []
    return [*game.combat["attackers"], *game.combat["blockers"]]


def _lethal(game: Game, oid: int, source: int, pending: Mapping[int, int]) -> int:
    """Lethal damage for assignment (702.19b, 702.2c): toughness minus damage already marked
    and assigned this step; any amount from a source with deathtouch."""
    if has(game, source, "Deathtouch"):
        return 0 if pending.get(oid, 0) > 0 else 1
    return max(0, _toughness(game, oid) - game.obj(oid).damage - pending.get(oid, 0))


def _divide(
    game: Game, source: int, total: int, among: list[int], rest: str | None, pending: dict[int, int]
) -> list[tuple[str, int]]:
    """Divide ``total`` damage of ``source`` among creatures (510.1c-d, as its controller
    chooses) and, with trample, ``rest`` (702.19b: only once every blocker is assigned
    lethal damage). One decision per creature where the amount is open."""
    ctrl = game.obj(source).controller
    out: list[tuple[str, int]] = []
    left = total
    for i, r in enumerate(among):
        last = i == len(among) - 1 and rest is None
        if last or left == 0:
            out.append((f"o{r}", left))
            left = 0
            continue
        lethal = min(_lethal(game, r, source, pending), left)
        low = lethal if rest is not None else 0
        amounts = [lethal, *[n for n in range(low, left + 1) if n != lethal]]
        where = ref_name(game, rest) if rest is not None else "the others"
        key = game.decide(
            DecisionKind.ASSIGN_DAMAGE,
            f"{game.obj(source).name} assigns {left} combat damage: how much to "
            f"{game.obj(r).name} (lethal: {lethal}; the rest to {where})?",
            [(f"damage:{n}", f"{n} to {game.obj(r).name}") for n in amounts],
            "702.19b" if rest is not None else "510.1c",
            player=ctrl,
            subject=game.obj(source).name,
            objects=(source, r),
        )
        n = int(key.removeprefix("damage:"))
        out.append((f"o{r}", n))
        pending[r] = pending.get(r, 0) + n
        left -= n
    if rest is not None and left > 0:
        out.append((rest, left))
    return out


def _assign(game: Game, oid: int, pending: dict[int, int]) -> list[tuple[str, int]]:
    """How one creature assigns its combat damage (510.1a-d, 702.19)."""
    power = _power(game, oid)
    if power <= 0:
        return []  # 510.1a
    combat = game.combat or {}
    if oid in combat.get("attackers", {}):
        target = combat["attackers"][oid]
        if target.startswith("o") and not _still_attackable(game, int(target[1:])):
            target = ""  # 510.1b: what it attacked left: no damage (506.4)
        if oid not in combat["blocked"]:
            return [(target, power)] if target else []
        blockers = blockers_of(game, oid)
        trample = has(game, oid, "Trample")
        if not blockers:  # 509.1h: blocked, its blockers gone
            return [(target, power)] if trample and target else []  # 702.19e
        if len(blockers) == 1 and not trample:
            return [(f"o{blockers[0]}", power)]  # 510.1c
        return _divide(game, oid, power, blockers, target if trample and target else None, pending)
    blocking = [a for a in combat.get("blockers", {}).get(oid, ()) if a in combat["attackers"]]
    if not blocking:
        return []  # 510.1d
    if len(blocking) == 1:
        return [(f"o{blocking[0]}", power)]
    return _divide(game, oid, power, blocking, None, pending)


def _still_attackable(game: Game, oid: int) -> bool:
    where = game.zone_of(oid)
    types = game.chars(oid).types if where and where[1] == "battlefield" else ()
    return "Planeswalker" in types or "Battle" in types


def damage_step(
    game: Game, first: bool | None, strikers: frozenset[int] | set[int] = frozenset()
) -> None:
    """One combat damage step (510.1-510.2): ``first`` True is the first-strike step (510.4:
    only creatures with first strike or double strike deal damage), False the regular step
    after it (the creatures that had neither as the first step began, ``strikers`` being
    those that had, and those with double strike), None the only step."""
    dealt = strikers
    pending: dict[int, int] = {}
    plan: list[tuple[int, list[tuple[str, int]]]] = []
    attackers_first = [*game.combat["attackers"]] if game.combat else []
    blockers_then = [*game.combat["blockers"]] if game.combat else []
    for oid in [*attackers_first, *blockers_then]:  # 510.1: attackers, then blockers
        if first is True and not _strikes_first(game, oid):
            continue
        if first is False and oid in dealt and not has(game, oid, "Double strike"):
            continue
        got = _assign(game, oid, pending)
        if got:
            plan.append((oid, got))
    _deal(game, plan, first)


def _deal(game: Game, plan: list[tuple[int, list[tuple[str, int]]]], first: bool | None) -> None:
    """CR 510.2: all the assigned combat damage is dealt at once; then the triggers
    (510.3a) and, once a player would get priority, the state-based actions (704.3)."""
    found: list[Fact] = []
    batches: dict[int, list[tuple[int, int]]] = {}  # damaged player -> (source, damage)
    for source, parts in plan:
        hits: list[dict] = []
        players: list[int] = []
        total = 0
        words = []
        for ref, n in parts:
            got = _damage_one(game, source, ref, n, hits, players)
            total += got
            words.append(f"{ref_name(game, ref)} {got}")
            if got > 0 and ref.startswith("p"):
                found.append(Fact("combat_damage_player", source, int(ref[1:]), got))
                batches.setdefault(int(ref[1:]), []).append((source, got))
            elif got > 0:
                found.append(
                    Fact(
                        "combat_damage_creature",
                        int(ref[1:]),
                        game.obj(int(ref[1:])).controller,
                        got,
                        by=source,
                    )
                )
        if has(game, source, "Lifelink") and total > 0:  # 702.15b: as part of the damage event
            game.change_life(game.obj(source).controller, total)
        step = " (first strike)" if first else ""
        game.emit(
            E.DAMAGE,
            f"Combat damage{step}: {game.obj(source).name} deals {total}: {', '.join(words)}"
            + (
                f"; {game.pname(game.obj(source).controller)} gains {total} life (lifelink)"
                if has(game, source, "Lifelink") and total > 0
                else ""
            )
            + ".",
            "510.2",
            objects=[int(r[1:]) for r, _ in parts if r.startswith("o")],
            source=source,
            amount=total,
            data={"combat": True, "players": players, "hits": hits, "first_strike": bool(first)},
        )
    for p, dealt in batches.items():  # "one or more creatures deal combat damage to a
        found.append(  # player": once for each player, whatever the number of creatures
            Fact(
                "combat_damage_batch",
                None,
                p,
                sum(n for _, n in dealt),
                group=tuple(o for o, _ in dealt),
                amounts=tuple(n for _, n in dealt),
            )
        )
    triggers.on_combat(game, found)


def _damage_one(
    game: Game, source: int, ref: str, n: int, hits: list[dict], players: list[int]
) -> int:
    """Deal ``n`` combat damage from ``source`` to a player or permanent (120.3): prevention
    first (protection 702.16e, shields 615); infect and wither as counters (702.90b,
    702.80a); deathtouch noted for 704.5h. Returns the damage dealt."""
    if n <= 0:
        return 0
    if ref.startswith("p"):
        p = int(ref[1:])
        got = shields.prevent(game, n, source=source, to_player=p, combat=True)
        if got > 0:
            if has(game, source, "Infect"):
                game.add_player_counters(p, "poison", got)  # 702.90b
            else:
                game.change_life(p, -got)  # 120.3a
                game.note_combat_damage_taken(p, got)
            players.append(p)
        return got
    oid = int(ref[1:])
    where = game.zone_of(oid)
    if where is None or where[1] != "battlefield":
        return 0  # it left: the damage assigned to it isn't dealt
    if protection.protected_from(game, oid, source):
        game.emit(
            E.PREVENT,
            f"{n} damage to {game.obj(oid).name} is prevented (protection).",
            "702.16e",
            objects=(oid,),
            source=source,
            amount=n,
        )
        return 0
    got = shields.prevent(game, n, source=source, to_object=oid, combat=True)
    if got <= 0:
        return 0
    ch = game.chars(oid)
    if ch.is_creature:
        if has(game, source, "Infect") or has(game, source, "Wither"):
            game.add_counters(oid, "-1/-1", got)  # 702.90b, 702.80a
        else:
            game.mark_damage(oid, got)  # 120.3e
        game.note_damage_by(source, oid)
        if has(game, source, "Deathtouch"):
            game.note_deathtouch(oid)  # 704.5h
        hits.append({"obj": oid, "damage": got})
    elif "Planeswalker" in ch.types or "Battle" in ch.types:
        kind = "loyalty" if "Planeswalker" in ch.types else "defense"
        have = game.obj(oid).counter(kind)
        game.add_counters(oid, kind, -got)  # 120.3c, 120.3h
        game.note_damage_by(source, oid)
        hits.append({"obj": oid, "damage": got, f"{kind}_removed": min(got, have)})
    return got


# ----------------------------------------------------------------------------- the phase
def _begin(game: Game, phase: str, step: str | None, active: int) -> None:
    """A step begins: its "at the beginning of" triggers, then the players pass (117.3)."""
    game.set_phase(phase)
    if step is not None and triggers.begin_step(game, step, active):
        game.resolve_stack()


def _announce(game: Game, player: int, name: str, rule: str) -> None:
    """A step of the combat phase begins (the stepper shows each with its rule)."""
    game.emit(
        E.STEP,
        f"The {name} of {game.poss(player)} turn begins.",
        rule,
        player=player,
        data={"step": name},
    )


def combat_phase(
    game: Game,
    player: int,
    declared: Sequence[tuple[int, str]] | None,
    blocks: Mapping[int, Sequence[int]] | None,
) -> None:
    """The whole combat phase (506.1) of ``player``'s turn: beginning of combat (507),
    declare attackers (508), declare blockers (509), combat damage (510: a first-strike
    step first when an attacking or blocking creature has first or double strike, 510.4),
    end of combat (511); then the postcombat main phase begins (505.1)."""
    game.set_phase("beginning of combat")
    _announce(game, player, "beginning of combat step", "507.1")
    if triggers.begin_step(game, "beginning_of_combat", player, announced=True):
        game.resolve_stack()
    game.set_phase("declare attackers")
    gone = [o for o, _ in declared or () if (game.zone_of(o) or (0, ""))[1] != "battlefield"]
    if gone:  # a beginning-of-combat ability removed it: it can't be declared (508.1a)
        game.emit(
            E.NOTE,
            f"{', '.join(game.obj(o).name for o in gone)} left the battlefield "
            "before attackers were declared: not declared (508.1a).",
            "508.1a",
            objects=gone,
            player=player,
            data={"not_declared": gone},
        )
    declared = [(o, t) for o, t in declared or () if o not in gone]
    check_attack(game, player, declared)
    if declared:
        declare_attackers(game, player, declared)
        game.resolve_stack()  # 508.2-508.4: triggers, then priority
    else:
        game.note_combat_phase()
        game.emit(
            E.STEP,
            "No attackers are declared: the declare blockers and combat damage "
            "steps are skipped (508.8).",
            "508.8",
            player=player,
            data={"step": "declare attackers"},
        )
    if declared and attackers(game):
        defending = (game.combat or {})["defending"]
        game.set_phase("declare blockers")
        chosen = dict(blocks) if blocks is not None else ask_blocks(game, defending)
        declare_blockers(game, chosen, defending)
        game.resolve_stack()
        game.set_phase("combat damage")
        strikers = {o for o in in_combat(game) if _strikes_first(game, o)}
        if strikers:
            damage_step(game, True)
            game.resolve_stack()  # 510.3-510.4: SBAs, triggers, priority; then the next step
            game.set_phase("combat damage")
            damage_step(game, False, strikers)
        else:
            damage_step(game, None)
        game.resolve_stack()
    _end_of_combat(game, player)


def _end_of_combat(game: Game, player: int) -> None:
    """CR 511: "at end of combat" triggers; as the step ends, "until end of combat" effects
    end and every creature is removed from combat (511.3)."""
    _begin(game, "end of combat", "end_of_combat", player)
    ending = [e.id for e in game.continuous if e.duration == "end_of_combat"]
    was = [*in_combat(game)]
    if ending:
        game.end_continuous(ending)
    game.end_combat()
    if True:
        game.emit(
            E.REMOVED_FROM_COMBAT,
            "End of combat step: every creature is removed from combat"
            + (
                f'; {len(ending)} "until end of combat" effect{"s" if len(ending) != 1 else ""} end'
                if ending
                else ""
            )
            + ".",
            "511.3",
            objects=[o for o in was if o in game.objects],
            player=player,
            data={"effects": ending},
        )
    game.set_phase("postcombat main")
    _announce(game, player, "postcombat main phase", "505.1")
    triggers.begin_step(game, "postcombat_main", player, announced=True)
    game.settle()


__all__ = ["attack_options", "cant_attack_why", "cant_block_why", "combat_phase", "rules_of"]
