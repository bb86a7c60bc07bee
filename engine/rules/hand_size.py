"""Maximum hand size (CR 402.2) and the cleanup step's discard (514.1).

Each player's maximum hand size is seven (402.2). ``max_hand_size`` effects change it:
``set`` a number, or ``"none"`` for no maximum hand size; ``change`` adds to it (negative
reduces). They come from static abilities of permanents on the battlefield (their ``static``
ops, while the permanent is there, 611.3a) and from resolved effects recorded as continuous
effects ("you have no maximum hand size for as long as you control this", 611.2b). All of
them apply in timestamp order (613.7), a static ability with its permanent's timestamp
(613.7d): a limit that enters after "no maximum hand size" resolved wins.

In the cleanup step the active player discards down to their maximum hand size, choosing
the cards (514.1); a player with no maximum hand size discards nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.events import DecisionKind, EventKind
from engine.lang import effects
from engine.rules import layers, op_common

if TYPE_CHECKING:
    from engine.core.game import Game

DEFAULT = 7  # CR 402.2
KIND = "max_hand_size"
WHO = ("you", "each_opponent", "each_player")


def players_of(game: Game, who: object, controller: int) -> list[int]:
    """The players an effect's ``who`` covers, from its controller's point of view."""
    if who == "each_player":
        return list(range(len(game.players)))
    if who == "each_opponent":
        return [p for p in range(len(game.players)) if p != controller]
    return [controller]


def _apply(size: int | None, data: Any) -> int | None:
    if "set" in data:
        return None if data["set"] == "none" else int(data["set"])
    if size is not None and "change" in data:
        return max(0, size + int(data["change"]))
    return size


def maximum(game: Game, player: int) -> int | None:
    """The player's maximum hand size now; None: no maximum hand size (402.2)."""
    found: list[tuple[int, int, Any]] = []  # (timestamp, order found, the change)
    for perm in game.battlefield():
        if perm.phased_out or perm.face_down:
            continue
        ops = layers.unwrap(game, perm, layers.statics_of(game, perm))
        for o in ops:
            if o.get("op") == KIND and player in players_of(
                game, o.get("who"), game.chars(perm.id).controller
            ):  # a static ability has its permanent's timestamp (613.7d)
                found.append((game.timestamps.get(perm.id, 0), len(found), o))
    for e in game.continuous:
        if e.kind == KIND and player in e.players and layers.active(game, e):
            found.append((e.timestamp, len(found), e.data))
    size: int | None = DEFAULT
    for _, _, data in sorted(found, key=lambda f: (f[0], f[1])):  # timestamp order (613.7)
        size = _apply(size, data)
    return size


def cleanup_discard(game: Game, player: int) -> None:
    """514.1: the active player discards down to their maximum hand size (their choice)."""
    limit = maximum(game, player)
    hand = list(game.players[player].zones["hand"])
    if limit is None or len(hand) <= limit:
        return
    n = len(hand) - limit
    ctx = effects.Ctx(game, player, None, (), 0, "Cleanup step")
    chosen = op_common.choose_cards(
        ctx,
        hand,
        n,
        DecisionKind.DISCARD,
        f"Cleanup step: {game.pname(player)} has {len(hand)} cards in hand, more than the "
        f"maximum hand size of {limit}; choose a card to discard",
        "514.1",
        player=player,
        verb="Discard",
    )
    for oid in chosen:
        game.move(oid, "graveyard", player)
    game.emit(
        EventKind.DISCARD,
        f"Cleanup step: {game.verb(player, 'discard', 'discards')} "
        f"{', '.join(game.obj(i).name for i in chosen)} down to {limit} cards "
        "(maximum hand size).",
        "514.1",
        objects=tuple(chosen),
        player=player,
        amount=len(chosen),
        data={"reason": "hand_size", "max": limit},
    )
