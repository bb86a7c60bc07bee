"""The actions a scenario can take: cast, counter, activate, discover, begin a main phase...

Each handler checks the board first and raises ``GameError`` with a sentence that
names the problem, so a bad scenario is a clear message, not a crash.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine import discover as discover_mod
from engine import layers, permanents, saga, stack
from engine import proliferate as proliferate_mod
from engine import targets as targeting
from engine.events import DecisionKind, EventKind
from engine.game import GameError
from engine.state import StackItem

if TYPE_CHECKING:
    from engine.cards import Face
    from engine.game import Game

_MV_RANGE = 11  # X choices offered when a scenario leaves X open: 0..10


def _find(game: Game, player: int, zone: str, name: str) -> int:
    low = name.lower()
    for oid in game.zones[player][zone]:
        obj = game.obj(oid)
        names = {obj.card.name.lower(), obj.name.lower(), *(f.name.lower() for f in obj.card.faces)}
        if low in names:
            return oid
    have = sorted({game.obj(i).card.name for i in game.zones[player][zone]})
    raise GameError(
        f"{name!r} is not in {game.poss(player)} {zone}"
        + (f" (it holds: {', '.join(have)})" if have else f" (the {zone} is empty)")
    )


def _find_castable(game: Game, player: int, name: str) -> int:
    """The card in hand, else one in exile the player may play now (an impulse draw's
    permission, opscards)."""
    try:
        return _find(game, player, "hand", name)
    except GameError:
        low = name.lower()
        for zones in game.zones:
            for oid in zones["exile"]:
                obj = game.obj(oid)
                names = {obj.card.name.lower(), *(f.name.lower() for f in obj.card.faces)}
                if low in names and game.may_play(oid, player):
                    return oid
        raise


def _choose_face(game: Game, oid: int, player: int, wanted: str | None) -> Face:
    obj = game.obj(oid)
    faces = list(obj.card.spell_faces)
    if not faces:
        raise GameError(f"{obj.card.name} is a land: it is played, not cast (CR 305.1)")
    if wanted:
        for f in faces:
            if f.name.lower() == wanted.lower():
                return f
        raise GameError(
            f"{obj.card.name} can't be cast as {wanted!r}; it can be cast as: "
            + ", ".join(f.name for f in faces)
        )
    if len(faces) == 1:
        return faces[0]
    rule = {"split": "709.3", "modal_dfc": "712.11"}.get(obj.card.layout, "715.3")
    key = game.decide(
        DecisionKind.CHOOSE_FACE,
        f"Cast {obj.card.name} as which spell?",
        [(f"face:{f.name}", f"Cast {f.name}") for f in faces],
        rule,
        player=player,
        subject=obj.card.name,
        objects=(oid,),
    )
    return next(f for f in faces if f"face:{f.name}" == key)


def cast(game: Game, action: dict) -> None:
    """CR 601.2 from hand; X from the action (or asked), costs are assumed paid."""
    player = int(action.get("player", 0))
    oid = _find_castable(game, player, action["card"])
    face = _choose_face(game, oid, player, action.get("face"))
    x = action.get("x")
    if face.mana_cost is not None and face.mana_cost.has_x:
        if x is None:
            key = game.decide(
                DecisionKind.X_VALUE,
                f"Choose the value of X for {face.name}.",
                [(f"x:{n}", f"X = {n}") for n in range(_MV_RANGE)],
                "107.3a",
                player=player,
                subject=face.name,
                objects=(oid,),
            )
            x = int(key.split(":")[1])
    else:
        x = 0  # CR 107.3: no {X} in this spell's mana cost, so there is no X to choose
    x = int(x or 0)
    if x < 0:
        raise GameError(f"X must be 0 or more, not {x}")
    problem = stack.cast_problem(game, game.obj(oid), face, player)
    if problem:
        raise GameError(f"can't cast {face.name}: {problem}")
    stack.cast(game, oid, player, face, x=x)
    game.settle()


def counter(game: Game, action: dict) -> None:
    """The opponent responds: casts a counterspell from hand targeting the named spell."""
    player = int(action.get("player", 1))
    with_name = action.get("with") or "Counterspell"
    oid = _find(game, player, "hand", with_name)
    target_name = (action.get("target") or "").lower()
    spells = [s for s in reversed(game.stack) if s.kind == "spell"]
    target = next(
        (
            s
            for s in spells
            if not target_name
            or s.text.lower() == target_name
            or game.obj(s.card_id).card.name.lower() == target_name
        ),
        None,
    )
    if target is None:
        raise GameError(f"there is no spell {action.get('target')!r} on the stack to counter")
    face = _choose_face(game, oid, player, action.get("face"))
    ref = f"o{target.card_id}"
    specs = targeting.spell_target_specs(game, game.obj(oid), face)
    if not specs or ref not in targeting.candidates(game, specs[0], player, exclude=(oid,)):
        # CR 601.2c: only a legal target may be chosen ("target creature spell" ...).
        raise GameError(f"{face.name} can't target {target.text}: it isn't a legal target")
    stack.cast(game, oid, player, face, targets=(ref,), rule="601.2")
    game.settle()


def activate(game: Game, action: dict) -> None:
    """CR 602.2: pay the costs (tap, sacrifice; mana assumed paid); the ability is stacked."""
    player = int(action.get("player", 0))
    oid = _find(game, player, "battlefield", action["card"])
    obj = game.obj(oid)
    entry = game.effects(obj)
    abilities = [
        a
        for a in [*(entry.get("activated") or []), *permanents.keyword_abilities(entry),
                  *(a for a in game.chars(oid).abilities if a.get("kind") == "activated")]
        if not a.get("mana_ability")
    ]
    if action.get("ability") is not None:
        abilities = abilities[int(action["ability"]) : int(action["ability"]) + 1]
    else:
        with_discover = [a for a in abilities if any(o.get("op") == "discover" for o in a["ops"])]
        abilities = with_discover or abilities
    if not abilities or abilities[0].get("zone") not in (None, "battlefield"):
        raise GameError(f"{obj.name} has no activated ability to activate here")
    ability = abilities[0]
    cost = ability.get("cost", "").lower()
    specs = ability.get("targets") or []
    if specs and not targeting.has_legal_targets(game, specs, player):
        # CR 602.2b, 601.2c: an ability with no legal target can't be activated at all.
        raise GameError(f"can't activate {obj.name}: its ability has no legal target (601.2c)")
    if "{t}" in cost:
        if obj.tapped:
            raise GameError(f"{obj.name} is tapped: its {{T}} ability can't be activated")
        now = game.chars(oid)  # after continuous effects (613): granted haste, animated lands
        haste = now.has_keyword("haste") or any(k.lower() == "haste" for k in obj.card.keywords)
        if now.is_creature and obj.entered_turn >= game.turn and not haste:
            raise GameError(
                f"{obj.name} came under your control this turn: its {{T}} ability can't be "
                "activated (summoning sickness, 302.6)"
            )
        game.tap(oid)
    remove = _counter_cost(cost, obj.name)
    if remove is not None and obj.counter(remove[1]) < remove[0]:
        raise GameError(
            f"{obj.name} has {obj.counter(remove[1])} {remove[1]} counters: its cost can't be "
            "paid (601.2h)"
        )
    sac = _sacrifice_cost(cost)
    sac_ids: list[int] = []
    if sac is not None:
        another, what = sac
        sac_ids = [
            p.id
            for p in game.battlefield(player)
            if targeting.matches_words(game, p.id, what.replace("/", " "))
            and not (another and p.id == oid)
        ]
        if not sac_ids:
            raise GameError(f"can't activate {obj.name}: no {what} to sacrifice (601.2h)")
    unsimulated = _unsimulated_cost_parts(cost, obj.name)
    item = StackItem(
        id=game.new_id(),
        kind="ability",
        controller=player,
        text=f"{obj.name}'s ability ({ability.get('cost', '')})",
        source=oid,
        trigger="activated",
        ops=tuple(ability["ops"]),
        data={"targets": ability.get("targets") or []},
    )
    game.emit(
        EventKind.ACTIVATE,
        f"{game.verb(player, 'activate', 'activates')} {obj.name}: cost "
        f"{ability.get('cost', '')} is paid (mana payment isn't simulated"
        + "".join(f'; "{part}" isn\'t simulated either' for part in unsimulated)
        + ").",
        "602.2",
        objects=(oid,),
        source=oid,
        player=player,
        data={"cost": ability.get("cost", ""), "not_paid": unsimulated},
    )
    if remove is not None:
        n, kind = remove
        game.add_counters(oid, kind, -n)
        game.emit(
            EventKind.COST,
            f"{game.verb(player, 'remove', 'removes')} {n} {kind} counter{'s' if n != 1 else ''} "
            f"from {obj.name} to pay the cost.",
            "601.2h",
            objects=(oid,),
            source=oid,
            player=player,
            amount=n,
            counter=kind,
        )
    if sac_ids:
        chosen = sac_ids[0]
        if len(sac_ids) > 1:
            key = game.decide(
                DecisionKind.CHOOSE_PERMANENT,
                f"{obj.name}: choose a {sac[1]} to sacrifice (part of the cost).",
                [
                    (f"sacrifice:o{i}", f"Sacrifice {targeting.label(game, f'o{i}')}")
                    for i in sac_ids
                ],
                "601.2h",
                player=player,
                subject=sac[1],
                objects=sac_ids,
            )
            chosen = int(key.split(":o")[1])
        stack.sacrifice(game, chosen, " to pay the cost", "601.2h", source=oid)
    if "sacrifice this" in cost or "sacrifice " + obj.name.lower() in cost:
        stack.sacrifice(game, oid, " to pay the cost", "602.2b", source=oid)
    item = stack.choose_ability_targets(game, item)
    game.push(item)
    game.emit(
        EventKind.STACK,
        f"{item.text} is put on the stack.",
        "602.2a",
        objects=(oid,),
        source=oid,
        player=player,
    )
    stack.say_targets(game, item, "602.2b")
    game.settle()


_SACRIFICE = re.compile(r"sacrifice (a|an|another) ([a-z/ -]+)")
_PAID = re.compile(
    r"^(\{[^}]+\})+$|^\{t\}$|^sacrifice (this|a |an |another )|^remove \w+ \S+ counters? from"
)


def _sacrifice_cost(cost: str) -> tuple[bool, str] | None:
    """Cost text "sacrifice a creature" -> (False, "creature"); "another" -> True."""
    m = _SACRIFICE.search(cost)
    if not m:
        return None
    return m.group(1) == "another", m.group(2).split(",")[0].strip()


def _unsimulated_cost_parts(cost: str, name: str) -> list[str]:
    """Parts of an activation cost the engine doesn't pay (so the log doesn't claim it)."""
    parts = [p.strip() for p in cost.split(",") if p.strip()]
    return [p for p in parts if not _PAID.search(p) and p != f"sacrifice {name.lower()}"]


_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _counter_cost(cost: str, name: str) -> tuple[int, str] | None:
    """Cost text "remove a +1/+1 counter from this" -> (1, "+1/+1"); None if there is none."""
    m = re.search(
        r"remove (\w+) (\S+) counters? from (this|it|" + re.escape(name.lower()) + ")", cost
    )
    if not m:
        return None
    n = _NUMBERS.get(m.group(1), int(m.group(1)) if m.group(1).isdigit() else 1)
    return n, m.group(2)


def discover(game: Game, action: dict) -> None:
    """A bare "discover N" (as an effect would tell you to), for teaching the action itself."""
    player = int(action.get("player", 0))
    n = int(action["n"])
    if n < 0:
        raise GameError(f"discover N needs N >= 0, not {n}")
    discover_mod.discover(game, player, n, action.get("source") or "an effect")


def precombat_main(game: Game, action: dict) -> None:
    """Begin the next turn up to its precombat main phase: untap, draw, then 714.3b."""
    player = int(action.get("player", 0))
    if game.stack:
        raise GameError("the stack must be empty before the turn can move on")
    layers.cleanup(game, player)  # 514.2: "until end of turn" effects end (opsperm)
    game.begin_turn(player)  # "this turn" counts and grants end, mana pools empty
    untapped = [
        p.id for p in game.battlefield(player) if p.tapped and not layers.doesnt_untap(game, p.id)
    ]
    for oid in untapped:
        game.untap(oid)
    for perm in game.battlefield():
        game.clear_damage(perm.id)
    game.set_phase("beginning")
    game.emit(
        EventKind.TURN,
        f"Turn {game.turn} begins: {game.verb(player, 'untap', 'untaps')} "
        f"{len(untapped)} permanent{'s' if len(untapped) != 1 else ''}; damage wore off "
        "in the cleanup step and mana pools emptied.",
        "502.3",
        objects=untapped,
        player=player,
        amount=game.turn,
    )
    layers.untap_step_done(game, player)  # 702.26a phasing, 502.3 "doesn't untap" (opsperm)
    if action.get("draw", True):
        top = game.draw_card(player)  # CR 504.1
        if top is None:
            game.emit(
                EventKind.DRAW_EMPTY,
                f"Draw step: {game.pname(player)} can't draw from an empty library.",
                "121.4",
                player=player,
            )
            game.settle()  # 704.5b: checked before anyone gets priority in the draw step
        else:
            game.emit(
                EventKind.DRAW,
                f"Draw step: {game.verb(player, 'draw', 'draws')} {game.obj(top).name}.",
                "504.1",
                player=player,
                amount=1,
            )
    game.set_phase("precombat main")
    saga.precombat_main(game, player)
    game.settle()


def proliferate(game: Game, action: dict) -> None:
    proliferate_mod.proliferate(game, int(action.get("player", 0)), "an effect")
    game.settle()


def add_lore(game: Game, action: dict) -> None:
    player = int(action.get("player", 0))
    oid = _find(game, player, "battlefield", action["card"])
    saga.add_lore(game, oid, int(action.get("n", 1)), "714.3c", "an effect")
    game.settle()


def remove_lore(game: Game, action: dict) -> None:
    player = int(action.get("player", 0))
    oid = _find(game, player, "battlefield", action["card"])
    saga.remove_lore(game, oid, int(action.get("n", 1)))
    game.settle()


HANDLERS: dict[str, Callable[[Game, dict], None]] = {
    "cast": cast,
    "counter": counter,
    "activate": activate,
    "discover": discover,
    "precombat_main": precombat_main,
    "proliferate": proliferate,
    "add_lore": add_lore,
    "remove_lore": remove_lore,
}
