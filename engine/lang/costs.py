"""Additional costs paid while casting a spell (CR 601.2f-h), as the card data names them.

A mandatory additional cost must be paid even when the spell is cast "without paying
its mana cost" (cascade, discover; CR 118.9, seed 002); a spell whose cost can't be paid
can't be cast. Mana is paid by engine.rules.payment (or assumed paid: the scenario's "mana"
setting); the costs handled here are the ones that move cards: "discard a card" (Thrill of
Possibility).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import DecisionKind, EventKind

if TYPE_CHECKING:
    from engine.cards.definitions import Face
    from engine.core.game import Game
    from engine.core.state import CardObject

DISCARD = "discard a card"


def _cost(game: Game, obj: CardObject, face: Face) -> str:
    return str(game.effects(obj, face.name).get("additional_cost") or "").strip().lower()


def problem(game: Game, obj: CardObject, face: Face, controller: int) -> str | None:
    """Why the mandatory additional cost can't be paid (CR 601.2h), or None."""
    if _cost(game, obj, face) == DISCARD:
        others = [oid for oid in game.players[controller].zones["hand"] if oid != obj.id]
        if not others:
            return (
                f"{face.name}'s additional cost ({DISCARD}) can't be paid: no other card "
                "in hand (601.2h)"
            )
    return None


def pay(game: Game, obj: CardObject, face: Face, controller: int, *, free: bool = False) -> None:
    """CR 601.2h: pay the additional cost as the spell is cast (after targets, 601.2c)."""
    if _cost(game, obj, face) != DISCARD:
        return
    hand = [oid for oid in game.players[controller].zones["hand"] if oid != obj.id]
    by_name: dict[str, int] = {}
    for oid in hand:
        by_name.setdefault(game.obj(oid).name, oid)
    if len(by_name) > 1:
        key = game.decide(
            DecisionKind.DISCARD_COST,
            f"{face.name}: choose a card to discard (its additional cost).",
            [(f"discard:{name}", f"Discard {name}") for name in by_name],
            "601.2h",
            player=controller,
            subject=face.name,
            objects=tuple(by_name.values()),
        )
        chosen = by_name[key.split(":", 1)[1]]
    else:
        chosen = hand[0]
    game.move(chosen, "graveyard", controller)
    even = " (paid even though the spell is cast without paying its mana cost)" if free else ""
    game.emit(
        EventKind.COST,
        f"{game.verb(controller, 'discard', 'discards')} {game.obj(chosen).name} to pay "
        f"{face.name}'s additional cost{even}.",
        "601.2h",
        source=obj.id,
        player=controller,
        data={"cost": DISCARD, "free": free},
    )


# --------------------------------------------------------------------------- kicker


def kicker_cost(game: Game, obj: CardObject, face: Face) -> str | None:
    """The face's kicker cost from the card data ("Kicker": "{4}"), or None."""
    value = (game.effects(obj, face.name).get("keyword_costs") or {}).get("Kicker")
    return str(value) if value else None


def choose_kicker(
    game: Game, obj: CardObject, face: Face, controller: int, *, free: bool = False
) -> bool | None:
    """CR 601.2b, 702.33a: announce whether the optional kicker cost will be paid.

    It may be paid even when the spell is cast without paying its mana cost (seed 002).
    Returns None for a spell without kicker. (With real mana payment, engine.rules.payment's
    ``choose_kicker`` asks instead.)
    """
    cost = kicker_cost(game, obj, face)
    if cost is None:
        return None
    note = (
        "an additional cost: it may be paid even though the spell is cast without paying its "
        "mana cost"
        if free
        else "an optional additional cost; mana payment isn't simulated"
    )
    key = game.decide(
        DecisionKind.KICKER,
        f"{face.name}: pay its kicker cost {cost} ({note})?",
        [("kick", f"Kick it (pay {cost})"), ("no_kick", "Don't kick it")],
        "702.33a",
        player=controller,
        subject=face.name,
        objects=(obj.id,),
    )
    kicked = key == "kick"
    how = f"kicked: its kicker cost {cost} is paid" if kicked else "not kicked"
    game.emit(
        EventKind.KICKER,
        f"{face.name} is {how}.",
        "601.2b",
        objects=(obj.id,),
        source=obj.id,
        player=controller,
        data={"kicked": kicked, "cost": cost},
    )
    return kicked


def resolve_conditions(ops: list[dict], data) -> list[dict]:
    """Ops that say "if kicked" / "if not kicked" become plain ops or are dropped, once the
    spell's kicked status is known; any other condition is left for the effect runner."""
    if not data or "kicked" not in data:
        return list(ops)
    out = []
    for op in ops:
        cond = str(op.get("if") or "").strip().lower()
        if cond in ("kicked", "not kicked"):
            if (cond == "kicked") == bool(data["kicked"]):
                out.append({k: v for k, v in op.items() if k != "if"})
            continue
        out.append(op)
    return out
