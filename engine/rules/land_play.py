"""Playing a land (CR 305): a special action, not a spell (116.2a). It doesn't use the
stack, so nothing can respond to it; the land simply enters, and its enter triggers
(landfall) and a Saga land's first lore counter (714.3a) follow.

A player may play a land in a main phase of their own turn while the stack is empty
(305.1, 505.6b), once a turn plus whatever additional land plays effects give (305.2).
The scenario counts lands played from the moment it starts: one played before it began
is not known, as with spells cast (``spells_cast`` covers those).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import DecisionKind, EventKind
from engine.core.game import Game, GameError
from engine.rules import restrictions

if TYPE_CHECKING:
    from engine.cards.definitions import Face

__all__ = ["land_plays_allowed", "play_land"]

#: land plays from statics that last "for the turn" vs. while the permanent is there
TURN_DURATIONS = ("end_of_turn", "this_turn")


def land_plays_allowed(game: Game, player: int) -> int:
    """CR 305.2: one land a turn, plus "you may play N additional lands" statics of
    permanents the player controls (on each of their turns) and this turn's grants."""
    extra = sum(
        int(o.get("n") or 0)
        for perm, o in restrictions.statics_of_kind(game, "additional_land_plays")
        if game.chars(perm.id).controller == player and o.get("duration") not in TURN_DURATIONS
    )
    return 1 + extra + game.this_turn.extra_land_plays[player]


def _land_in_hand(game: Game, player: int, name: str) -> int:
    low = name.lower()
    for oid in game.players[player].zones["hand"]:
        card = game.obj(oid).card
        if low in {card.name.lower(), *(f.name.lower() for f in card.faces)}:
            return oid
    have = sorted({game.obj(i).card.name for i in game.players[player].zones["hand"]})
    held = f" (it holds: {', '.join(have)})" if have else " (the hand is empty)"
    raise GameError(f"{name!r} is not in {game.poss(player)} hand{held}")


def _land_face(game: Game, oid: int, player: int, wanted: str | None) -> Face:
    """The face it is played as: the front, or for a modal double-faced card either face
    that is a land (the player chooses when both are)."""
    card = game.obj(oid).card
    faces = card.faces if card.layout == "modal_dfc" else card.faces[:1]
    lands = [f for f in faces if f.is_land]
    if not lands:
        raise GameError(f"{card.name} is not a land card: it is cast, not played (CR 305.1)")
    if wanted:
        for f in lands:
            if f.name.lower() == wanted.lower():
                return f
        raise GameError(
            f"{card.name} can't be played as {wanted!r}; it can be played as: "
            + ", ".join(f.name for f in lands)
        )
    if len(lands) == 1:
        return lands[0]
    key = game.decide(
        DecisionKind.CHOOSE_FACE,
        f"Play {card.name} as which land?",
        [(f"face:{f.name}", f"Play {f.name}") for f in lands],
        "305.1",
        player=player,
        subject=card.name,
        objects=(oid,),
    )
    return next(f for f in lands if f"face:{f.name}" == key)


def play_land(game: Game, action: dict) -> None:
    """The ``play_land`` action: CR 305.1-305.2, 116.2a."""
    player = int(action.get("player", 0))
    oid = _land_in_hand(game, player, str(action["card"]))
    face = _land_face(game, oid, player, action.get("face"))
    if game.stack or game.active != player or "main" not in game.phase:
        raise GameError(
            f"{game.pname(player)} can't play {face.name} now: a land is played only in a main "
            "phase of its player's own turn while the stack is empty (CR 305.1, 505.6b)"
        )
    allowed = land_plays_allowed(game, player)
    if game.this_turn.lands_played[player] >= allowed:
        raise GameError(
            f"{game.pname(player)} can't play {face.name}: "
            f"{game.this_turn.lands_played[player]} of {allowed} "
            f"land play{'s' if allowed != 1 else ''} this turn already used (CR 305.2)"
        )
    game.note_land_played(player)
    game.move(oid, "battlefield", player)
    back = face.name != game.obj(oid).card.front.name
    game.set_status(
        oid,
        controller=player,
        entered_turn=game.turn,
        was_cast=False,
        **({"face": face.name} if back else {}),
    )
    game.emit(
        EventKind.PLAY_LAND,
        f"{game.verb(player, 'play', 'plays')} {face.name} (a land play: a special action "
        "that doesn't use the stack).",
        "305.1",
        player=player,
        objects=(oid,),
        data={"land_plays": game.this_turn.lands_played[player], "allowed": allowed},
    )
    for hook in game.rules.on_enter:
        hook(game, oid, cast=False, x=0, free=False)
    game.settle()
