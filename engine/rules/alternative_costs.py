"""Alternative costs printed on a spell (CR 118.9): "You may [cost] rather than pay this
spell's mana cost" (Force of Will), "If it's not your turn, you may exile a blue card from
your hand rather than pay this spell's mana cost" (Force of Negation).

118.9   Some spells have alternative costs. An alternative cost is a cost listed in a
        spell's text, or applied to it from another effect, that its controller may pay
        rather than paying the spell's mana cost.
118.9a  Only one alternative cost can be applied to any one spell as it's being cast.
118.9c  An alternative cost doesn't change a spell's mana cost, only what its controller
        has to pay to cast it. Spells and abilities that ask for that spell's mana cost
        still see the original value.
118.9d  If an alternative cost is being paid to cast a spell, any additional costs, cost
        increases, and cost reductions that affect that spell are applied to that
        alternative cost.

The card data writes them as ``alt_costs``: ``[{"costs": [cost objects], "if": condition}]``
(the importer reads XMage's AlternativeCostSourceAbility). The player announces the choice
as the spell is cast (601.2b): a decision between the mana cost and each alternative cost
whose condition holds and which can be paid now; a scenario's cast action pre-answers it
with ``"alt_cost"`` (true, false, or the index of the card's alternative cost). The non-mana
parts are really paid (601.2h: the exiled card moves from hand to exile, life is paid); a
mana part replaces the mana cost in the total cost (601.2f), so real payment pays it and
kicker is added to it (118.9d). The mana value is the printed one (118.9c): the spell on
the stack keeps its face's mana cost.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.events import DecisionKind, EventKind
from engine.core.game import GameError
from engine.lang import conditions, effects
from engine.rules import ability_costs, cast_only, payment

if TYPE_CHECKING:
    from engine.cards.definitions import Face
    from engine.core.game import Game

RULE = "118.9"
#: where each cost kind's cards come from (two parts from one place aren't checked jointly)
_POOLS = {
    "discard": "hand",
    "exile_from_hand": "hand",
    "reveal_from_hand": "hand",
    "sacrifice": "battlefield",
    "tap_permanents": "battlefield",
    "return_to_hand": "battlefield",
    "exile_permanents": "battlefield",
    "exile_from_graveyard": "graveyard",
}


@dataclass(frozen=True)
class Choice:
    """The alternative cost chosen for one cast: its index in the card's ``alt_costs``, the
    mana part (what is paid instead of the mana cost) and the other parts."""

    index: int
    mana: str
    others: tuple[dict, ...]

    @property
    def costs(self) -> list[dict]:
        return [*([{"cost": "mana", "mana": self.mana}] if self.mana else []), *self.others]


def of_entry(entry: Mapping[str, Any] | None) -> list[dict]:
    """The entry's alternative costs (``alt_costs``); [] when it has none."""
    value = (entry or {}).get("alt_costs")
    return [a for a in value if isinstance(a, dict)] if isinstance(value, list) else []


def missing(entry: Mapping[str, Any]) -> str | None:
    """What of the entry's alternative costs the engine can't do (for coverage), or None.

    A cost in words (``alt_cost``, a string) is never read; a structured one needs every
    cost part payable by engine.rules.ability_costs and its condition readable."""
    alts = of_entry(entry)
    if entry.get("alt_cost") and not alts:
        return "alternative cost (118.9): in words, not read"
    if "alt_costs" in entry and len(alts) != len(entry.get("alt_costs") or ()):
        return "alternative cost (118.9): not a cost list"
    for alt in alts:
        costs = alt.get("costs")
        if not isinstance(costs, list) or not costs:
            return "alternative cost (118.9) without its costs"
        part = ability_costs.missing(costs)
        if part:
            return f"alternative cost (118.9): {part}"
        if any(c.get("cost") in ("tap", "untap") for c in costs):
            return "alternative cost (118.9): a {T} cost of a spell"
        if sum(1 for c in costs if c.get("cost") in ("mana", "mana_generic")) > 1:
            return "alternative cost (118.9): two mana parts"
        if any(c.get("cost") == "mana_generic" for c in costs):
            return "alternative cost (118.9): a generic mana amount"
        pools = [_POOLS.get(str(c.get("cost"))) for c in costs]
        if any(p is not None and pools.count(p) > 1 for p in pools):
            # "discard an Island card and another card" (Foil): the parts aren't checked
            # jointly, so a hand that pays each alone but not both would be half-paid
            return "alternative cost (118.9): two parts paid from the same cards"
        cond = alt.get("if")
        if cond is not None:
            why = conditions.condition_missing(cond)
            if why:
                return f"alternative cost (118.9) condition: {why}"
    return None


def _split(costs: Sequence[dict]) -> tuple[str, tuple[dict, ...]]:
    mana = "".join(str(c.get("mana") or "") for c in costs if c.get("cost") == "mana")
    return mana, tuple(c for c in costs if c.get("cost") != "mana")


def why_not(game: Game, oid: int, face: Face, player: int, alt: dict) -> str | None:
    """Why this alternative cost can't be chosen now (its condition, 118.9; or a part that
    can't be paid, 601.2h), or None."""
    if missing({"alt_costs": [alt]}):
        return "it is not simulated"
    cond = alt.get("if")
    if cond is not None:
        ctx = effects.Ctx(game, player, oid, (), 0, face.name)
        ok = cast_only.verdict(ctx, cond)
        if ok is None:
            return "its condition can't be evaluated"
        if not ok:
            return f"its condition does not hold ({cast_only.phrase(cond)})"
    mana, others = _split(alt["costs"])
    why = ability_costs.problem(game, player, oid, list(others))
    if why:
        return why
    if mana and payment.real(game):
        unpaid = payment.problem(game, player, mana, 0, spell=oid)
        if unpaid is not None:
            return str(unpaid)
    return None


def offered(game: Game, oid: int, face: Face, player: int) -> list[Choice]:
    """The alternative costs the player may choose for this cast now, in card order."""
    entry = game.effects(game.obj(oid), face.name)
    if missing(entry) is not None:
        return []
    out = []
    for i, alt in enumerate(of_entry(entry)):
        if why_not(game, oid, face, player, alt) is None:
            mana, others = _split(alt["costs"])
            out.append(Choice(i, mana, others))
    return out


def choose(
    game: Game, oid: int, face: Face, player: int, wanted: object, *, allowed: bool = True
) -> Choice | None:
    """601.2b: the player announces whether an alternative cost is paid, and which; None:
    the mana cost. ``wanted`` is the action's ``alt_cost`` (None: ask when there is a
    choice). ``allowed`` is False when another alternative cost (evoke, flashback...) is
    already being paid: only one applies (118.9a)."""
    name = face.name
    if not allowed:
        if wanted not in (None, False):
            raise GameError(
                f"can't cast {name} for its alternative cost: another alternative cost is "
                "already being paid, and only one can be applied (118.9a)"
            )
        return None
    alts = of_entry(game.effects(game.obj(oid), face.name))
    if wanted is False:
        return None
    if wanted is not None and not alts:
        raise GameError(f"{name} has no alternative cost in its card data (118.9)")
    options = offered(game, oid, face, player)
    if wanted is True and options:  # an alternative cost, the player's pick of those offered
        if len(options) == 1:
            return options[0]
        return _ask(game, oid, face, player, options, with_mana=False)
    if wanted is not None:
        index = 0 if wanted is True else int(wanted)  # type: ignore[call-overload]
        if not 0 <= index < len(alts):
            raise GameError(f"{name} has no alternative cost {index} (it has {len(alts)})")
        hit = next((c for c in options if c.index == index), None)
        if hit is None:
            why = why_not(game, oid, face, player, alts[index]) or "it can't be chosen"
            raise GameError(f"can't cast {name} for its alternative cost: {why} (118.9)")
        return hit
    if not options:
        return None
    mana_ok = face.mana_cost is not None and (
        not payment.real(game)
        or payment.problem(game, player, face.mana_cost.text, 0, spell=oid) is None
    )
    if not mana_ok and len(options) == 1:
        return options[0]  # the mana cost can't be paid: the alternative is the only way
    return _ask(game, oid, face, player, options, with_mana=mana_ok)


def _ask(
    game: Game, oid: int, face: Face, player: int, options: list[Choice], *, with_mana: bool
) -> Choice | None:
    keys = []
    if with_mana:
        cost = face.mana_cost.text if face.mana_cost is not None else ""
        keys.append(("cost:mana", f"Don't pay an alternative cost: pay its mana cost {cost}"))
    keys += [(f"cost:alt{c.index}", f"Instead: {ability_costs.describe(c.costs)}") for c in options]
    key = game.decide(
        DecisionKind.CHOOSE_COST,
        f"Cast {face.name} paying its mana cost or an alternative cost?",
        keys,
        "601.2b",
        player=player,
        subject=face.name,
        objects=(oid,),
    )
    if key == "cost:mana":
        return None
    return next(c for c in options if f"cost:alt{c.index}" == key)


def payer(game: Game, oid: int, player: int, choice: Choice | None) -> Callable[[], None] | None:
    """What ``stack.cast`` calls to pay the chosen alternative cost (None: no choice)."""
    if choice is None:
        return None
    return lambda: pay(game, oid, player, choice)


def pay(game: Game, oid: int, player: int, choice: Choice) -> None:
    """601.2h: pay the alternative cost's other parts (its mana part was paid as the total
    cost, or is assumed paid); remember which alternative cost was paid."""
    name = game.obj(oid).name
    paid = ability_costs.pay(
        game, player, oid, list(choice.others), f"alternative cost of {name}", "601.2h"
    )
    game.update_cast_info(oid, alt_cost=choice.index, alt_mana=choice.mana)  # no mana: Lavinia
    mana_note = "" if not choice.mana or payment.real(game) else "; mana payment isn't simulated"
    game.emit(
        EventKind.COST,
        f"{name} is cast for its alternative cost ({ability_costs.describe(choice.costs)}) "
        f"rather than its mana cost{mana_note}.",
        RULE,
        objects=(oid,),
        source=oid,
        player=player,
        data={
            "cost": "alternative",
            "alternative": choice.index,
            "costs": choice.costs,
            "exiled": paid.exiled,
            "life": paid.life,
        },
    )
