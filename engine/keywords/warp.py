"""Warp (CR 702.185): "You may cast this card from your hand by paying [cost] rather than
its mana cost" and "If this spell's warp cost was paid, exile the permanent this spell
becomes at the beginning of the next end step. Its owner may cast this card after the
current turn has ended for as long as it remains exiled."

Casting for the warp cost is the scenario action ``{"do": "cast", "warp": true}`` (mana
payment isn't simulated: the log names the cost). The permanent's delayed trigger is the
``warp_exile`` op below, which exiles it and grants the later cast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import EventKind
from engine.core.game import GameError
from engine.lang.effects import Ctx, op
from engine.rules import payment

if TYPE_CHECKING:
    from engine.core.game import Game


def warp_cost(game: Game, oid: int) -> str | None:
    cost = (game.effects(game.obj(oid)).get("keyword_costs") or {}).get("Warp")
    return cost if isinstance(cost, str) else None


def check(game: Game, oid: int, player: int) -> None:
    """Before casting: the card has warp and is cast from its owner's hand (702.185a)."""
    obj = game.obj(oid)
    if warp_cost(game, oid) is None:
        raise GameError(f"{obj.name} has no warp cost in its card data (702.185a)")
    where = game.zone_of(oid)
    if where is None or where[1] != "hand":
        raise GameError(f"{obj.name} can be cast for its warp cost only from a hand (702.185a)")


def pay(game: Game, oid: int, player: int) -> None:
    """The alternative cost (118.9) is paid while casting; remember it for the permanent."""
    game.update_cast_info(oid, warped=True)
    game.emit(
        EventKind.COST,
        f"{game.obj(oid).name} is cast for its warp cost {warp_cost(game, oid)} (an "
        + (
            "alternative cost, paid)."
            if payment.real(game)
            else "alternative cost; mana payment isn't simulated)."
        ),
        "702.185a",
        objects=(oid,),
        source=oid,
        player=player,
        data={"keyword": "warp", "cost": warp_cost(game, oid)},
    )


def on_enter(game: Game, oid: int, *, cast: bool, x: int = 0, free: bool = False) -> None:
    """702.185a: the permanent a warped spell became gets exiled at the next end step (a
    delayed triggered ability, 603.7), if it is still this object then (400.7)."""
    if not cast or not (game.cast_info.get(oid) or {}).get("warped"):
        return
    obj = game.obj(oid)
    game.add_delayed(
        {
            "when": "next_end_step",
            "ops": [{"op": "warp_exile", "stamp": game.zone_changes.get(oid, 0)}],
            "controller": obj.controller,
            "source": oid,
            "targets": [],
            "stamps": {},
            "label": f"Warp of {obj.name}",
            "turn": game.turn,
            "phase": game.phase.replace(" ", "_"),
        }
    )
    game.emit(
        EventKind.DELAYED,
        f"{obj.name} was warped: it will be exiled at the beginning of the next end step.",
        "702.185a",
        objects=(oid,),
        source=oid,
        player=obj.controller,
        data={"when": "next_end_step", "keyword": "warp"},
    )


# ------------------------------------------------------------- the delayed trigger (702.185a)


def _check(o: dict, ctx: Ctx | None) -> str | None:
    if not isinstance(o.get("stamp"), int) or isinstance(o.get("stamp"), bool):
        return "warp exile (which object is not in the data)"
    return None


@op("warp_exile", check=_check)
def warp_exile(ctx: Ctx, o: dict) -> None:
    """Exile the warped permanent if it is still the same object, then grant its owner the
    cast from exile on later turns (702.185a)."""
    game = ctx.game
    oid = ctx.source
    where = game.zone_of(oid) if oid is not None else None
    if (
        oid is None
        or where is None
        or where[1] != "battlefield"
        or game.zone_changes.get(oid, 0) != o["stamp"]
    ):
        ctx.emit(
            EventKind.EXILE,
            f"{ctx.label}: the warped permanent already left the battlefield; nothing is exiled.",
            "702.185a",
            amount=0,
        )
        return
    owner = game.obj(oid).owner
    game.move(oid, "exile", owner)
    game.grant_play(oid, owner, "after_this_turn")
    ctx.emit(
        EventKind.EXILE,
        f"{ctx.label}: {game.obj(oid).name} is exiled; its owner may "
        "cast it after this turn while it remains exiled.",
        "702.185a",
        objects=(oid,),
        player=owner,
        amount=1,
        data={"keyword": "warp"},
    )
