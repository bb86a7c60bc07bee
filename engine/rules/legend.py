"""The legend rule (CR 704.5j), a state-based action.

If a player controls two or more legendary permanents with the same name, that player
chooses one of them, and the rest are put into their owners' graveyards. This is neither
destruction nor sacrifice (indestructible doesn't stop it), but they do go from the
battlefield to a graveyard, so a "dies" replacement (614.1a, exile instead) applies. A
face-down permanent has no name (708.2) and a phased-out one is treated as though it
doesn't exist (702.26b): neither counts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import DecisionKind, EventKind
from engine.rules import stack

if TYPE_CHECKING:
    from engine.core.game import Game


def groups(game: Game) -> list[tuple[int, str, list[int]]]:
    """(controller, name, ids) for every set of two or more same-named legendary permanents
    one player controls, in battlefield order."""
    seen: dict[tuple[int, str], list[int]] = {}
    computed = game.all_chars()  # empty when nothing modifies any permanent (then: printed)
    for perm in game.battlefield():
        if perm.phased_out or perm.face_down:
            continue
        ch = computed.get(perm.id)
        if ch is None:
            if "Legendary" not in perm.characteristics.supertypes:
                continue  # the fast path: printed, and not legendary
            ch = game.chars(perm.id)
        if "Legendary" in ch.supertypes and ch.name:
            seen.setdefault((ch.controller, ch.name), []).append(perm.id)
    return [(who, name, ids) for (who, name), ids in seen.items() if len(ids) > 1]


def check(game: Game) -> bool:
    """704.5j for every player and name at once (704.3); True if anything moved."""
    acted = False
    for player, name, ids in groups(game):
        key = game.decide(
            DecisionKind.CHOOSE_PERMANENT,
            f"Legend rule: {game.pname(player)} controls {len(ids)} legendary permanents "
            f"named {name}; choose the one to keep (the rest go to the graveyard).",
            [(f"keep:o{oid}", f"Keep {name} (o{oid})") for oid in ids],
            "704.5j",
            player=player,
            subject=name,
            objects=tuple(ids),
        )
        kept = int(key.split(":o", 1)[1])
        for oid in ids:
            if oid == kept:
                continue
            obj = game.obj(oid)
            dst = stack.dies_to(game, oid)
            game.move(oid, dst)
            where = "put into its owner's graveyard"
            if dst == "exile":
                where = "exiled instead (614.1a)"
            data: dict = {"reason": "legend_rule", "kept": kept}
            if dst == "exile":
                data["replaced"] = "exile"
            game.emit(
                EventKind.SBA,
                f"{name} is {where}: {game.pname(player)} kept another {name} "
                f"(legend rule){stack.token_note(obj)}.",
                "704.5j",
                objects=(oid,),
                player=player,
                data=data,
            )
            acted = True
    return acted
