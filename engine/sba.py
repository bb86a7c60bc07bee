"""State-based actions (CR 704), checked whenever a player would receive priority."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import saga, stack
from engine.events import EventKind

if TYPE_CHECKING:
    from engine.game import Game


def toughness(game: Game, oid: int) -> int | None:
    """Printed toughness plus +1/+1 and minus -1/-1 counters (CR 613.4c, 122.1a).

    A ``*`` part counts as 0 (characteristic-defining abilities are not run).
    """
    obj = game.obj(oid)
    face = game.face(obj)
    if not face.is_creature or face.toughness is None:
        return None
    text = face.toughness.replace("*", "0")
    try:
        printed = eval_int(text)
    except ValueError:
        printed = 0
    return printed + obj.counter("+1/+1") - obj.counter("-1/-1")


def eval_int(text: str) -> int:
    """A printed number such as ``2``, ``1+0`` or ``-1``."""
    total = 0
    for part in text.replace("-", "+-").split("+"):
        part = part.strip()
        if part:
            total += int(part)
    return total


def check(game: Game) -> bool:
    """Perform every applicable state-based action at once (CR 704.3); True if any happened."""
    acted = False
    losers: list[tuple[int, str, str]] = []
    for player in range(len(game.zones)):
        if player in game.lost:
            continue
        if game.life[player] <= 0:
            losers.append((player, "life total 0 or less", "704.5a"))
        elif player in game.drew_from_empty:
            losers.append((player, "attempted to draw from an empty library", "704.5b"))
    stack.lose_all(game, losers)
    doomed: list[tuple[int, str, str]] = []
    for perm in game.battlefield():
        t = toughness(game, perm.id)
        if t is None:
            continue
        if t <= 0:
            doomed.append((perm.id, "704.5f", "toughness 0 or less"))
        elif perm.damage >= t:
            doomed.append(
                (perm.id, "704.5g", f"lethal damage: {perm.damage} damage, toughness {t}")
            )
    for perm in game.battlefield():
        face = game.face(perm)
        if "Planeswalker" in face.types and perm.counter("loyalty") <= 0:
            doomed.append((perm.id, "704.5i", "no loyalty counters"))
    reasons = {"704.5f": "toughness", "704.5g": "lethal_damage", "704.5i": "no_loyalty"}
    for oid, rule, why in doomed:
        if rule in ("704.5f", "704.5i"):
            obj = game.obj(oid)
            dst = stack.dies_to(game, oid)
            game.move(oid, dst)
            note = stack.token_note(obj)
            where = "put into its owner's graveyard"
            if dst == "exile":
                where = "exiled instead (614.1a)"
            data = {"reason": reasons[rule]}
            if dst == "exile":
                data["replaced"] = "exile"
            game.emit(
                EventKind.SBA,
                f"{obj.name} is {where} ({why}){note}.",
                rule,
                player=obj.controller,
                data=data,
            )
        else:
            stack.destroy(game, oid, why, rule, reason=reasons[rule])
        acted = True
    # CR 704.5d: a token in a zone other than the battlefield ceases to exist.
    for zones in game.zones:
        for zone in ("hand", "graveyard", "exile", "library"):
            for oid in list(zones[zone]):
                if game.obj(oid).is_token:
                    name = game.obj(oid).name
                    game.move(oid, "none")
                    game.emit(
                        EventKind.SBA,
                        f"The token {name} ceases to exist.",
                        "704.5d",
                        objects=(oid,),
                        data={"reason": "token_left_battlefield"},
                    )
                    acted = True
    for oid in saga.to_sacrifice(game):
        obj = game.obj(oid)
        final = saga.final_chapter(obj.card)
        why = (
            f" (it has {obj.counter('lore')} lore counters, at least its final chapter "
            f"{saga.roman(final)}, and no chapter ability of it is waiting or on the stack)"
        )
        stack.sacrifice(
            game, oid, why, "704.5s", reason="saga", lore=obj.counter("lore"), final_chapter=final
        )
        acted = True
    return acted
