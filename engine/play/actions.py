"""The actions a scenario can take: cast, counter, activate, discover, begin a main phase...

Each handler checks the board first and raises ``GameError`` with a sentence that
names the problem, so a bad scenario is a clear message, not a crash.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.core.events import DecisionKind, EventKind
from engine.core.game import GameError
from engine.core.state import StackItem
from engine.keywords import crew as crew_mod
from engine.keywords import discover as discover_mod
from engine.keywords import escape as escape_mod
from engine.keywords import evoke as evoke_mod
from engine.keywords import flashback as flashback_mod
from engine.keywords import proliferate as proliferate_mod
from engine.keywords import retrace
from engine.keywords import suspend as suspend_mod
from engine.keywords import warp as warp_mod
from engine.lang import conditions, effects
from engine.lang import targets as targeting
from engine.rules import (
    ability_costs,
    alternative_costs,
    cast_only,
    combat,
    hand_size,
    land_play,
    layers,
    payment,
    permanents,
    restrictions,
    saga,
    stack,
    stun,
    triggers,
)
from engine.rules import draws as draws_mod
from engine.scenario import objref

if TYPE_CHECKING:
    from engine.cards.definitions import Face
    from engine.core.game import Game

_MV_RANGE = 11  # X choices offered when a scenario leaves X open: 0..10


def _find(game: Game, player: int, zone: str, name: str) -> int:
    low = name.lower()
    for oid in game.players[player].zones[zone]:
        obj = game.obj(oid)
        names = {obj.card.name.lower(), obj.name.lower(), *(f.name.lower() for f in obj.card.faces)}
        if low in names:
            return oid
    have = sorted({game.obj(i).card.name for i in game.players[player].zones[zone]})
    raise GameError(
        f"{name!r} is not in {game.poss(player)} {zone}"
        + (f" (it holds: {', '.join(have)})" if have else f" (the {zone} is empty)")
    )


def _find_castable(game: Game, player: int, name: str) -> int:
    """The card in hand, else one in exile the player may play now (an impulse draw's
    permission)."""
    try:
        return _find(game, player, "hand", name)
    except GameError:
        low = name.lower()
        for zones in [pl.zones for pl in game.players]:
            for oid in zones["exile"]:
                obj = game.obj(oid)
                names = {obj.card.name.lower(), *(f.name.lower() for f in obj.card.faces)}
                if low in names and game.may_play(oid, player):
                    return oid
        raise


def _find_castable_or_retrace(game: Game, player: int, action: dict) -> tuple[int, bool]:
    """The card to cast and whether it is cast with retrace (702.81a): from the graveyard
    when the action says ``"from": "graveyard"``, or when it is not in hand (nor playable
    from exile) and has retrace there."""
    if action.get("from") != "graveyard":
        try:
            return _find_castable(game, player, action["card"]), False
        except GameError:
            oid = retrace.castable(game, player, action["card"])
            if oid is None:
                raise
            return oid, True
    oid = retrace.castable(game, player, action["card"])
    if oid is None:
        raise GameError(
            f"{action['card']!r} can't be cast from {game.poss(player)} graveyard: "
            "no card of that name there has retrace (702.81a)"
        )
    return oid, True


def _choose_face(game: Game, oid: int, player: int, wanted: str | None) -> Face:
    obj = game.obj(oid)
    faces = list(obj.card.spell_faces)
    if game.on_adventure(oid):  # 715.4: from exile, only as the creature
        faces = [f for f in faces if "Adventure" not in f.subtypes]
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
    escaped = bool(action.get("escape"))
    flashed = bool(action.get("flashback"))
    if escaped or flashed:  # 702.138a / 702.34a: from the graveyard, for that cost
        mod, kw, rule = (
            (escape_mod, "escape", "702.138a")
            if escaped
            else (flashback_mod, "flashback", "702.34a")
        )
        oid, retraced = mod.castable(game, player, action["card"]), False
        if oid is None:
            raise GameError(
                f"{action['card']!r} can't be cast with {kw}: no card of that name "
                f"in {game.poss(player)} graveyard has {kw} ({rule})"
            )
    else:
        oid, retraced = _find_castable_or_retrace(game, player, action)
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
    timing_check(game, face, player, oid)  # 307.1; 702.8a: as though it had flash
    specs = targeting.spell_target_specs(game, game.obj(oid), face)
    if x and not targeting.has_legal_targets(game, specs, player, (oid,), oid, x=x):
        # 601.2c: "X targets" with X announced larger than the legal targets
        raise GameError(f"can't cast {face.name} with X = {x}: not enough legal targets (601.2c)")
    evoked = bool(action.get("evoke"))
    if evoked:
        evoke_mod.check(game, oid, player)  # 601.2h: the alternative cost must be payable
    if retraced:
        retrace.check(game, oid, player)  # 601.2h: a land card to discard
    if escaped:
        escape_mod.check(game, oid, player)  # 601.2h: the other cards to exile are there
    if flashed:
        flashback_mod.check(game, oid, player)  # 702.34a, 601.2h
    warped = bool(action.get("warp"))
    if warped:
        warp_mod.check(game, oid, player)  # 702.185a: from hand, for its warp cost
    # 601.2b, 118.9a: a printed alternative cost, unless another one is already paid
    alt = alternative_costs.choose(
        game,
        oid,
        face,
        player,
        action.get("alt_cost"),
        allowed=not (evoked or warped or escaped or flashed),
    )
    mana_cost = alt.mana if alt is not None else _alternative_mana(game, oid, action)
    with given_targets(game, action):
        stack.cast(
            game,
            oid,
            player,
            face,
            x=x,
            mana_cost=mana_cost,
            pay_others=alternative_costs.payer(game, oid, player, alt),
        )
    if evoked:
        evoke_mod.pay(game, oid, player)
    if retraced:
        retrace.pay(game, oid, player)
    if warped:
        warp_mod.pay(game, oid, player)
    if escaped:
        escape_mod.pay(game, oid, player)
    if flashed:
        flashback_mod.pay(game, oid, player)
    game.settle()


def _alternative_mana(game: Game, oid: int, action: dict) -> str | None:
    """The mana an alternative cost pays instead of the mana cost (118.9: evoke 702.74a,
    warp 702.185a, flashback 702.34a, escape 702.138a), for real payment; None: the mana
    cost."""
    if action.get("evoke"):
        return "".join(
            str(c.get("mana")) for c in evoke_mod.evoke_costs(game, oid) if c.get("cost") == "mana"
        )
    if action.get("warp"):
        return warp_mod.warp_cost(game, oid)
    if action.get("flashback"):  # 702.34a: the flashback cost instead of the mana cost
        return flashback_mod.mana(game, oid)
    if action.get("escape"):  # 702.138a
        return escape_mod.mana(game, oid)
    return None


def timing_check(game: Game, face: Face, player: int, oid: int | None = None) -> None:
    """CR 307.1, 301.1, 117.1a: a player casts a spell that is not an instant and has no
    flash only in their own main phase with an empty stack. (Free casts during a
    resolution, cascade and discover, follow their own rules and don't come here.) A
    permission to cast it as though it had flash (702.8a, Sigarda's Aid) lifts that."""
    if face.is_instant or any(k.lower() == "flash" for k in face.keywords):
        return
    if oid is not None and restrictions.may_cast_as_flash(game, oid, face, player):
        return
    if game.stack or game.active != player or "main" not in game.phase:
        where = (
            "the stack is not empty"
            if game.stack
            else f"it is {game.poss(game.active)} {game.phase}"
        )
        raise GameError(
            f"{game.pname(player)} can't cast {face.name} now: a spell that isn't an instant "
            f"and has no flash is cast only in its controller's main phase with an empty "
            f"stack ({where}; 307.1, 117.1a)"
        )


class given_targets:  # noqa: N801  (a context manager used as a phrase)
    """While an action's 'targets' answer the target choice (601.2c): set on the game for
    the cast or activation, every named target must be used."""

    def __init__(self, game: Game, action: dict) -> None:
        self.game, self.refs = game, action.get("targets")

    def __enter__(self) -> None:
        if self.refs is not None:
            self.game.given_targets = list(self.refs)

    def __exit__(self, kind, value, tb) -> None:
        left = self.game.given_targets
        self.game.given_targets = None
        if kind is None and self.refs is not None and left:
            raise GameError(
                f"'targets' names more targets than asked for: "
                f"{', '.join(objref.describe(r) for r in left)} left over (601.2c)"
            )


def counter(game: Game, action: dict) -> None:
    """The opponent responds: casts a counterspell from hand targeting the named spell
    (``target`` by name, ``targets`` by ref, or with ``when`` the spell responded to)."""
    player = int(action.get("player", 1))
    with_name = action.get("with") or "Counterspell"
    oid = _find(game, player, "hand", with_name)
    if action.get("targets") is not None or (
        action.get("when") is not None and not action.get("target")
    ):
        _counter_chosen(game, action, player, oid)
        return
    target_name = (action.get("target") or "").lower()
    spells = [s for s in reversed(game.stack) if s.kind == "spell"]
    target = next(
        (
            s
            for s in spells
            if not target_name
            or s.text.lower() == target_name
            or game.obj(s.card()).card.name.lower() == target_name
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
    _cast_counter(game, action, player, oid, face, ref)


def _cast_counter(game: Game, action: dict, player: int, oid: int, face: Face, ref: str) -> None:
    """Cast the counterspell at its chosen target: its printed restriction (601.3), its
    timing, an alternative cost (601.2b, 118.9), then the cast (601.2)."""
    printed = cast_only.problem(game, game.obj(oid), face, player)  # 601.3
    if printed:
        raise GameError(f"can't cast {face.name}: {printed[1]}")
    timing_check(game, face, player)
    alt = alternative_costs.choose(game, oid, face, player, action.get("alt_cost"))  # 601.2b
    stack.cast(
        game,
        oid,
        player,
        face,
        targets=(ref,),
        rule="601.2",
        mana_cost=alt.mana if alt is not None else None,
        pay_others=alternative_costs.payer(game, oid, player, alt),
    )
    game.settle()


def _counter_chosen(game: Game, action: dict, player: int, oid: int) -> None:
    """A counter whose target is given by ``targets`` or is the spell its ``when`` names."""
    face = _choose_face(game, oid, player, action.get("face"))
    specs = targeting.spell_target_specs(game, game.obj(oid), face)
    if not specs:
        raise GameError(f"{face.name} has no target to choose (it isn't a counterspell)")
    options = targeting.candidates(game, specs[0], player, exclude=(oid,))
    refs = action.get("targets")
    if refs is not None:
        if len(refs) != 1:
            raise GameError(f"'counter' takes one target; 'targets' names {len(refs)}")
        ref = targeting.resolve_given(game, refs[0], options, face.name)
    else:
        item = game.stack_item(game.response_item) if game.response_item else None
        if item is None or item.kind != "spell":
            raise GameError(
                "'counter' with 'when' on an ability needs 'targets' (a counterspell "
                "targets a spell, 701.6a)"
            )
        ref = f"o{item.card_id}"
        if ref not in options:
            raise GameError(f"{face.name} can't target {item.text}: it isn't a legal target")
    _cast_counter(game, action, player, oid, face, ref)


def _ability_zone(ability: dict) -> str:
    return ability.get("zone") or "battlefield"


def _activated_abilities(game: Game, oid: int) -> list[dict]:
    """Its printed activated abilities, its keyword ones (equip, crew from ``keyword_costs``)
    and the ones continuous effects give it (layer 6), in that order."""
    entry = game.effects(game.obj(oid))
    granted = []
    if (where := game.zone_of(oid)) is not None and where[1] == "battlefield":
        granted = [a for a in game.chars(oid).abilities if a.get("kind") == "activated"]
    keyworded = [*permanents.keyword_abilities(entry), *crew_mod.abilities(entry)]  # 702.122a
    return [*(entry.get("activated") or []), *keyworded, *granted, *_intrinsic_mana(game, oid)]


def _intrinsic_mana(game: Game, oid: int) -> list[dict]:
    """A land's intrinsic mana abilities (305.6: "{T}: Add {G}" for a Forest...), one for
    each basic land type it has now (its layered characteristics), after its other ones."""
    where = game.zone_of(oid)
    if where is None or where[1] != "battlefield" or "Land" not in game.chars(oid).types:
        return []
    return [
        {
            "cost": "{T}",
            "ops": [{"op": "add_mana", "mana": "{" + color + "}"}],
            "mana_ability": True,
        }
        for sub, color in payment.BASIC_MANA.items()
        if sub in game.chars(oid).subtypes
    ]


def _taps(ability: dict) -> bool:
    return any(c.get("cost") == "tap" for c in ability_costs.of_ability(ability, ""))


def _untapped_twin(game: Game, player: int, oid: int) -> int | None:
    """Another permanent of the player's with the same card as ``oid``, untapped."""
    name = game.obj(oid).card.name
    for other in game.players[player].zones["battlefield"]:
        o = game.obj(other)
        if other != oid and o.card.name == name and not o.tapped and o.face == game.obj(oid).face:
            return other
    return None


def _find_ability(game: Game, player: int, action: dict) -> tuple[int, dict]:
    """The object and the activated ability the action names (602.2).

    ``ability`` indexes the object's abilities that are not mana abilities (as scenarios
    always did); ``"mana": true`` picks among its mana abilities (605) instead. Without an
    index, a discover ability is preferred (Hidden Volcano), else the first one. The object
    is looked for on the battlefield, then in the zones its abilities work from (hand:
    Trumpeting Carnosaur; graveyard).
    """
    errors: list[str] = []
    for zone in ("battlefield", "hand", "graveyard", "exile"):
        try:
            oid = _find(game, player, zone, action["card"])
        except GameError as err:
            errors.append(str(err))
            continue
        obj = game.obj(oid)
        every = _activated_abilities(game, oid)
        want_mana = bool(action.get("mana"))
        abilities = [a for a in every if bool(a.get("mana_ability")) == want_mana]
        if action.get("ability") is not None:
            i = int(action["ability"])
            abilities = abilities[i : i + 1]
        else:
            with_discover = [
                a for a in abilities if any(o.get("op") == "discover" for o in a.get("ops") or [])
            ]
            abilities = with_discover or abilities
        abilities = [a for a in abilities if _ability_zone(a) == zone]
        if abilities and zone == "battlefield" and obj.tapped and _taps(abilities[0]):
            # several permanents of that name: one that is untapped can pay {T} (602.2b)
            oid = _untapped_twin(game, player, oid) or oid
        if abilities:
            return oid, abilities[0]
        if zone == "battlefield":
            raise GameError(f"{obj.name} has no activated ability to activate here")
    raise GameError(errors[0])


def activate(game: Game, action: dict) -> None:
    """CR 602.2: announce, choose targets, pay the costs (602.2b, 601.2g-h), then the ability
    is on the stack. Costs are structured (ability_costs); one that can't be paid means the
    ability can't be activated, and nothing is paid (never half-paid). Mana is assumed paid
    and the log says so. A mana ability (605) doesn't use the stack: it resolves at once."""
    player = int(action.get("player", 0))
    oid, ability = _find_ability(game, player, action)
    obj = game.obj(oid)
    costs = ability_costs.of_ability(ability, obj.name)
    cost_text = ability.get("cost") or ability_costs.describe(costs)
    specs = ability.get("targets") or []
    if specs and not targeting.has_legal_targets(game, specs, player, source=oid):
        # CR 602.2b, 601.2c: an ability with no legal target can't be activated at all.
        raise GameError(f"can't activate {obj.name}: its ability has no legal target (601.2c)")
    loyalty = ability.get("loyalty") is not None or any(c.get("cost") == "loyalty" for c in costs)
    if ability.get("sorcery_speed") or loyalty:
        # 602.5d / 606.3: only in your main phase with an empty stack.
        if game.stack or game.active != player or "main" not in game.phase:
            raise GameError(
                f"can't activate {obj.name}: only as a sorcery (your main phase, empty stack; "
                + ("606.3)" if loyalty else "602.5d)")
            )
    forbidden = restrictions.activate_problem(game, oid, ability, player)  # Pithing Needle
    if forbidden:
        raise GameError(f"can't activate {obj.name}: {forbidden}")
    index = next(i for i, a in enumerate(_activated_abilities(game, oid)) if a == ability)
    key = (oid, game.zone_changes.get(oid, 0), "loyalty" if loyalty else f"activated:{index}")
    if loyalty and ability_costs.uses_this_turn(game, key):
        raise GameError(
            f"can't activate {obj.name}: a loyalty ability of it was activated this turn (606.3)"
        )
    limit = ability_costs.times_per_turn(ability.get("limit"))
    if limit is not None and ability_costs.uses_this_turn(game, key) >= limit:
        raise GameError(
            f"can't activate {obj.name}: only {limit} time{'s' if limit != 1 else ''} each "
            "turn (602.5b)"
        )
    if ability.get("limit") is not None and limit is None:
        raise GameError(
            f"can't activate {obj.name}: its limit {ability['limit']!r} is not simulated"
        )
    if ability.get("condition") is not None:
        cond = ability["condition"]
        part = conditions.condition_missing(cond)
        if part:
            raise GameError(f"can't activate {obj.name}: its condition ({part}) is not simulated")
        ctx = effects.Ctx(game, player, oid, (), 0, obj.name)
        if not conditions.holds(ctx, cond):
            raise GameError(f"can't activate {obj.name}: its condition is false (602.5b)")
    x = 0
    bound = ability_costs.x_bound(game, oid, costs)
    if bound is not None:  # 601.2b via 602.2b: the value of X is announced
        if action.get("x") is not None:
            x = int(action["x"])
            if not 0 <= x <= bound:
                raise GameError(f"can't activate {obj.name}: X must be 0 to {bound}, not {x}")
        else:
            answer = game.decide(
                DecisionKind.X_VALUE,
                f"Choose the value of X for {obj.name}'s ability.",
                [(f"x:{n}", f"X = {n}") for n in range(bound + 1)],
                "107.3a",
                player=player,
                subject=obj.name,
                objects=(oid,),
            )
            x = int(answer.split(":")[1])
        costs = ability_costs.with_x(costs, x)
    why = ability_costs.problem(game, player, oid, costs)
    if why:
        raise GameError(f"can't activate {obj.name}: {why}")
    real_mana = _ability_mana(game, costs)
    if real_mana:  # 602.2b -> 601.2h: the mana part must be payable too (engine.rules.payment)
        unpayable = payment.problem(game, player, real_mana, x, exclude=_taps_itself(oid, costs))
        if unpayable is not None:
            raise payment.ManaUnpayable(
                f"can't activate {obj.name}: {unpayable}",
                why=unpayable.why,
                cost=unpayable.cost,
                missing=unpayable.missing,
            )
    mana_ability = bool(ability.get("mana_ability"))
    item = StackItem(
        id=game.new_id(),
        kind="ability",
        controller=player,
        text=f"{obj.name}'s ability ({cost_text})",
        source=oid,
        trigger="activated",
        x=x,
        ops=tuple(ability.get("ops") or ()),
        data={"targets": specs, **triggers.modal_section(ability)},
    )
    mana = [
        str(c.get("mana") or f"{{{c.get('n')}}}")
        for c in costs
        if c.get("cost") in ("mana", "mana_generic")
    ]
    game.emit(
        EventKind.ACTIVATE,
        f"{game.verb(player, 'activate', 'activates')} {obj.name}: cost {cost_text}"
        + (" (mana payment isn't simulated)." if mana and not real_mana else "."),
        "605.3a" if mana_ability else "602.2",
        objects=(oid,),
        source=oid,
        player=player,
        data={
            "cost": cost_text,
            "costs": costs,
            "mana": mana,
            "not_paid": [],
            "mana_ability": mana_ability,
        },
    )
    if loyalty or limit is not None:
        ability_costs.note_use(game, key)
    with given_targets(game, action):
        item = stack.choose_ability_targets(game, item)  # 602.2b -> 601.2c
    paid = ability_costs.pay(game, player, oid, costs, obj.name, "602.2b")  # 601.2g-h
    if real_mana:
        payment.pay(
            game, player, real_mana, f"{obj.name}'s ability", x=x, source=oid, rule="602.2b"
        )
    if paid.sacrificed:
        item = replace(item, data={**item.data, "sacrificed": list(paid.sacrificed)})
    if mana_ability:
        # 605.3a: a mana ability doesn't use the stack; it resolves immediately.
        effects.run_ops(game, item.ops, controller=player, source=oid, x=x, label=item.text)
        game.settle()
        return
    item = _from_other_zone(game, item, oid)
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


def _ability_mana(game: Game, costs: list[dict]) -> str:
    """The mana an ability's costs ask for, when the game pays mana for real ("" when it
    assumes it paid, or there is none)."""
    if not payment.real(game):
        return ""
    return "".join(
        str(c.get("mana") or f"{{{c.get('n')}}}")
        for c in costs
        if c.get("cost") in ("mana", "mana_generic")
    )


def _taps_itself(oid: int, costs: list[dict]) -> tuple[int, ...]:
    """An ability with {T} in its cost doesn't tap its source for its own mana."""
    return (oid,) if any(c.get("cost") == "tap" for c in costs) else ()


def _from_other_zone(game: Game, item: StackItem, oid: int) -> StackItem:
    """An ability activated from exile or a graveyard (Greater Gargadon) names its card there:
    "this" is that card while it stays in that zone as the same object (113.6, 400.7); the
    zone and its zone-change count ride on the item for engine.lang.refs."""
    where = game.zone_of(oid)
    if where is None or where[1] == "battlefield":
        return item
    here = {"source_zone": where[1], "source_stamp": game.zone_changes.get(oid, 0)}
    return replace(item, data={**item.data, "event": {**(item.data.get("event") or {}), **here}})


#: Typecycling (702.29e): "[Type]cycling [cost]" means "[Cost], Discard this card: Search
#: your library for a [type] card, reveal it, put it into your hand. Then shuffle."
TYPECYCLING: dict[str, dict] = {
    f"{t}cycling": {"types": ["Land"], "subtypes": [t]}
    for t in ("Plains", "Island", "Swamp", "Mountain", "Forest")
}
TYPECYCLING["Basic landcycling"] = {"types": ["Land"], "supertypes": ["Basic"]}


def _cycling_of(kw: dict) -> tuple[str | None, tuple[dict, ...]]:
    """The cycling ability in the keyword costs and what it does (702.29a, 702.29e)."""
    if "Cycling" in kw:
        return "Cycling", ({"op": "draw", "n": 1},)
    for name, flt in TYPECYCLING.items():
        if name in kw:
            return name, ({"op": "search_library", "to": "hand", "filter": flt, "reveal": True},)
    return None, ()


def cycle(game: Game, action: dict) -> None:
    """Cycling (702.29a): "[Cost], Discard this card: Draw a card." An activated ability from
    the hand; "when you cycle" triggers on activating it (702.29c)."""
    player = int(action.get("player", 0))
    oid = _find(game, player, "hand", action["card"])
    obj = game.obj(oid)
    kw = game.effects(obj).get("keyword_costs") or {}
    name, ops = _cycling_of(kw)
    if name is None:
        raise GameError(f"{obj.name} has no cycling cost in its card data (702.29a)")
    costs = [*ability_costs.of_keyword(kw[name]), {"cost": "discard_self"}]
    why = ability_costs.problem(game, player, oid, costs)
    if why:
        raise GameError(f"can't cycle {obj.name}: {why}")
    text = f"{name} of {obj.name}"
    game.emit(
        EventKind.ACTIVATE,
        f"{game.verb(player, 'cycle', 'cycles')} {obj.name}: cost {kw[name]}, discard it.",
        "702.29a" if name == "Cycling" else "702.29e",
        objects=(oid,),
        source=oid,
        player=player,
        data={"cost": str(kw[name]), "costs": costs, "keyword": name.lower()},
    )
    ability_costs.pay(game, player, oid, costs, text, "702.29a")
    game.emit(
        EventKind.CYCLE,
        f"{game.verb(player, 'have', 'has')} cycled {obj.name}.",
        "702.29c",
        objects=(oid,),
        source=oid,
        player=player,
    )
    item = StackItem(
        id=game.new_id(),
        kind="ability",
        controller=player,
        text=text,
        source=oid,
        trigger="activated",
        ops=ops,
    )
    game.push(item)
    game.emit(
        EventKind.STACK,
        f"{text} is put on the stack.",
        "602.2a",
        objects=(oid,),
        source=oid,
        player=player,
    )
    game.settle()


def discover(game: Game, action: dict) -> None:
    """A bare "discover N" (as an effect would tell you to), for teaching the action itself."""
    player = int(action.get("player", 0))
    n = int(action["n"])
    if n < 0:
        raise GameError(f"discover N needs N >= 0, not {n}")
    discover_mod.discover(game, player, n, action.get("source") or "an effect")


PHASES = {
    "beginning_of_combat": "beginning of combat",
    "end_of_combat": "end of combat",
    "postcombat_main": "postcombat main",
    "end_step": "end step",
    "upkeep": "upkeep",
    "draw_step": "draw step",
}


def _step(game: Game, step: str, active: int) -> None:
    """A step or phase begins: its "at the beginning of" triggers (and delayed ones) go on
    the stack and resolve while the players pass in that step (117.3, 500.2)."""
    game.set_phase(PHASES[step])
    if triggers.begin_step(game, step, active):
        game.resolve_stack()


def precombat_main(game: Game, action: dict) -> None:
    """Pass the rest of this turn, then begin the next turn up to its precombat main phase.

    The rest of the current turn: beginning of combat (no attackers in the playground,
    so the combat steps in between are skipped, 508.8), end of combat, postcombat main,
    end step (513); their triggers resolve in them. Then the next turn: untap (502.3),
    upkeep (503), draw (504), precombat main (505) with its lore counters (714.3b) and
    "at the beginning of your precombat main phase" triggers.
    """
    player = int(action.get("player", 0))
    if game.stack:
        raise GameError("the stack must be empty before the turn can move on")
    _rest_of_turn(game)
    _begin_turn(game, player, bool(action.get("draw", True)))


REST_OF_TURN = ("beginning_of_combat", "end_of_combat", "postcombat_main", "end_step")


def _rest_of_turn(game: Game) -> None:
    """After the precombat main phase: beginning of combat (no attackers in the playground,
    so the combat steps in between are skipped, 508.8), end of combat, postcombat main,
    end step (513); their triggers resolve in them."""
    ending = game.active
    # after an `attack` action the combat phase is over and the postcombat main phase began
    steps = REST_OF_TURN if game.phase != "postcombat main" else ("end_step",)
    for step in steps:
        _step(game, step, ending)


def _begin_turn(game: Game, player: int, draw: bool) -> None:
    """The cleanup step (514.2) ends the turn; ``player``'s turn begins: untap (502.3),
    upkeep (503), draw (504; 121.4 and 704.5b from an empty library), precombat main (505)
    with its lore counters (714.3b) and "at the beginning of your precombat main phase"
    triggers (put on the stack, not resolved)."""
    game.set_phase("cleanup")  # 514: the ending turn's cleanup step
    hand_size.cleanup_discard(game, game.active)  # 514.1: discard to maximum hand size
    layers.cleanup(game, player)  # 514.2: "until end of turn" effects end
    triggers.end_lasting(game, player)  # 603.7c: delayed abilities with a duration end
    game.begin_turn(player)  # "this turn" counts and grants end, mana pools empty
    to_untap = [
        p.id for p in game.battlefield(player) if p.tapped and not layers.doesnt_untap(game, p.id)
    ]
    # 122.1d: a stun counter is removed instead (logged by stun.untap)
    untapped = [oid for oid in to_untap if stun.untap(game, oid, "untap step")]
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
    layers.untap_step_done(game, player)  # 702.26a phasing, 502.3 "doesn't untap"
    _step(game, "upkeep", player)
    game.set_phase("draw step")  # 504.1: the draw is the draw step's first event
    for _ in range(draws_mod.how_many(game, player, 1, "the draw step") if draw else 0):
        top = game.draw_card(player)  # CR 504.1 (614.1a: a replacement may make it more)
        if top is None:
            game.emit(
                EventKind.DRAW_EMPTY,
                f"Draw step: {game.pname(player)} can't draw from an empty library.",
                "121.4",
                player=player,
            )
            game.settle()  # 704.5b: checked before anyone gets priority in the draw step
            break
        else:
            game.emit(
                EventKind.DRAW,
                f"Draw step: {game.verb(player, 'draw', 'draws')} {game.obj(top).name}.",
                "504.1",
                player=player,
                amount=1,
            )
    if triggers.begin_step(game, "draw_step", player):  # 504.2, after the draw
        game.resolve_stack()
    game.set_phase("precombat main")
    saga.precombat_main(game, player)
    triggers.begin_step(game, "precombat_main", player)
    game.settle()


def next_main(game: Game, action: dict) -> None:
    """Pass to ``player``'s next precombat main phase through the real turn structure
    (500.1): the rest of this turn, then each following turn in order, the players
    alternating (real turn numbers: the opponent's turn comes between two of yours).

    In a turn that is not ``player``'s, its active player untaps, draws (704.5b: an empty
    library loses the game), gets lore counters on THEIR Sagas in their precombat main
    (714.3b) and their chapter abilities resolve (their decisions asked of them); nobody
    casts anything, so the turn passes on (117.4). It stops once ``player``'s precombat
    main phase has begun: its lore counters and "at the beginning of your precombat main
    phase" triggers are on the stack, resolved after the action as always."""
    player = int(action.get("player", 0))
    if game.stack:
        raise GameError("the stack must be empty before the turn can move on")
    count = len(game.players)
    _rest_of_turn(game)
    while True:
        nxt = (game.active + 1) % count
        _begin_turn(game, nxt, True)
        if nxt == player:
            return
        game.resolve_stack()  # the active player's main phase: their chapter abilities
        _rest_of_turn(game)


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


def _pick(
    game: Game,
    player: int,
    name: str,
    taken: set[int],
    what: str,
    test: Callable[[int], bool] = lambda oid: True,
) -> int:
    """The first permanent of ``player`` named ``name`` not already ``taken`` (a name listed
    twice names two creatures)."""
    low = name.lower()
    found = [
        p.id
        for p in game.battlefield(player)
        if low in (p.name.lower(), p.card.name.lower()) and test(p.id)
    ]
    for oid in found:
        if oid not in taken:
            taken.add(oid)
            return oid
    have = sorted({p.name for p in game.battlefield(player) if test(p.id)})
    more = " more" if found else ""
    raise GameError(
        f"{what}: no{more} {name!r} on {game.poss(player)} battlefield"
        + (f" (there: {', '.join(have)})" if have else "")
    )


def _attack_target(game: Game, player: int, entry: dict) -> str:
    """What an attacker attacks: ``{"player": n}``, ``{"card": name}`` (a planeswalker or a
    battle), or by default the opponent (508.1b)."""
    options = combat.attack_options(game, player)
    if not options:
        raise GameError(f"{game.pname(player)} has no opponent to attack (508.1b)")
    spec = entry.get("attacks")
    if spec is None:
        return next(o for o in options if o.startswith("p"))
    if not isinstance(spec, dict):
        raise GameError(f'attacks {spec!r}: give {{"player": n}} or {{"card": name}}')
    if "player" in spec:
        return f"p{int(spec['player'])}"
    name = str(spec.get("card", "")).lower()
    for o in options:
        if o.startswith("o") and name in (
            game.obj(int(o[1:])).name.lower(),
            game.obj(int(o[1:])).card.name.lower(),
        ):
            return o
    names = [combat.ref_name(game, o) for o in options]
    raise GameError(
        f"{spec.get('card')!r} can't be attacked (508.1b); it can attack: " + ", ".join(names)
    )


def attack(game: Game, action: dict) -> None:
    """The combat phase of ``player``'s turn (506-511), taken in their precombat main phase
    with an empty stack: ``attackers`` (names, or ``{"card", "attacks"}``), and ``blocks``
    (``[{"blocker", "attacker"}]``; absent: the defending player decides each block).
    The game is in the postcombat main phase afterwards."""
    player = int(action.get("player", 0))
    if game.active != player:
        raise GameError(
            f"{game.pname(player)} attacks only in {game.poss(player)} own turn "
            f"(506.1); it is {game.poss(game.active)} turn"
        )
    if game.stack:
        raise GameError("the stack must be empty before the combat phase begins (500.2)")
    extra = game.phase == "postcombat main" and game.this_turn.extra_combats > 0  # 500.8
    if not extra and (game.phase != "precombat main" or game.this_turn.combat_phases):
        raise GameError(
            "attack is taken in the precombat main phase, once a turn (or again "
            "after an effect adds a combat phase, 500.8): this turn's combat "
            "phase is over (506.1)"
        )
    taken: set[int] = set()
    declared: list[tuple[int, str]] = []
    for entry in action.get("attackers") or []:
        entry = {"card": entry} if isinstance(entry, str) else dict(entry)
        oid = _pick(game, player, str(entry.get("card", "")), taken, "attack")
        declared.append((oid, _attack_target(game, player, entry)))
    blocks: dict[int, list[int]] | None = None
    if action.get("blocks") is not None:
        defenders = {combat.defender_of(game, t) for _, t in declared} or {(player + 1) % 2}
        defending = min(defenders)
        used: set[int] = set()
        blocks = {}
        for b in action["blocks"]:
            blocker = _pick(game, defending, str(b.get("blocker", "")), used, "block")
            wanted = b.get("attacker")  # one name, or several (509.1a: "additional creatures")
            for i, att in enumerate(wanted if isinstance(wanted, list) else [wanted]):
                att_name = str(att).lower()
                hits = [
                    o
                    for o, _ in declared
                    if att_name in (game.obj(o).name.lower(), game.obj(o).card.name.lower())
                ]
                nth = int(b.get("attacker_nth", 1)) if i == 0 else 1
                if len(hits) < nth:
                    names = ", ".join(game.obj(o).name for o, _ in declared) or "nothing"
                    raise GameError(f"block: {att!r} is not attacking (attacking: {names})")
                blocks.setdefault(blocker, []).append(hits[nth - 1])
    if extra:
        game.use_extra_combat()
    combat.combat_phase(game, player, declared, blocks)


HANDLERS: dict[str, Callable[[Game, dict], None]] = {
    "cast": cast,
    "counter": counter,
    "activate": activate,
    "cycle": cycle,
    "suspend": suspend_mod.suspend,
    "discover": discover,
    "precombat_main": precombat_main,
    "proliferate": proliferate,
    "add_lore": add_lore,
    "remove_lore": remove_lore,
    "next_main": next_main,
    "play_land": land_play.play_land,  # 305.1: a special action
    "attack": attack,  # the combat phase (506-511)
}
