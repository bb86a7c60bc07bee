"""Card names as the rules read them: the names an object has (CR 201.2b) and the names a
player may choose (201.3). Used by the name-choosing ops and the ``has_name`` filter key.

A card in the game knows all its faces' names; which of them the object has depends on its
zone: a split card has both halves' names off the stack (709.4); a spell or permanent has
its face's name (a half cast alone, an Adventure, 715.3b, a transformed back face, 712.8);
any other card has its front face's name (712.8a, 715.4). A face-down object has no name
(708.2).

Imports nothing from the engine (a low-level helper: filters and ops both use it).
"""

from __future__ import annotations

from typing import Any

__all__ = ["choosable_names", "has_name", "names_of"]


def names_of(game: Any, oid: int, zone: str | None = None) -> tuple[str, ...]:
    """The names object ``oid`` has now (201.2b: one with two names has each); ``zone``
    when the caller knows it (a spell being cast: "stack"), else it is looked up."""
    obj = game.obj(oid)
    if obj.face_down:
        return ()
    card = obj.card
    if zone is None:
        where = game.zone_of(oid)
        zone = where[1] if where is not None else "stack"
    if obj.face:
        return (
            tuple(obj.face.split(" // "))
            if zone in ("stack", "battlefield")
            else (_off_stack(card))
        )
    if zone in ("stack", "battlefield") and not card.is_split:
        return (card.front.name,)
    return _off_stack(card)


def _off_stack(card: Any) -> tuple[str, ...]:
    if card.is_split:
        return card.face_names  # 709.4
    return (card.front.name,)  # 712.8a, 715.4


def has_name(game: Any, oid: int, name: str) -> bool:
    """201.2a-b: the object has this name (one of its names is it)."""
    return bool(name) and name in names_of(game, oid)


def choosable_names(game: Any, types: tuple[str, ...] = (), card_names: Any = None) -> list[str]:
    """The card names a player may choose here, sorted: each face's name of every card in
    the game, in every zone (201.3b split halves, 201.3c flip, 201.3d back faces, and an
    adventurer's Adventure name), and a token's name when it is also a card's name
    (201.3; ``card_names(name) -> bool`` answers that, default: no token names).

    ``types`` (201.3a, "a creature card name"): only the names whose own face has one of
    these card types (each half or face judged by its own characteristics).
    """
    found: set[str] = set()
    on_stack = [s.card_id for s in game.stack if s.kind == "spell" and s.card_id is not None]
    every = [
        i for zones in [pl.zones for pl in game.players] for ids in zones.values() for i in ids
    ] + on_stack
    for i in every:
        obj = game.obj(i)
        if obj.is_token:  # its name is its face's (a token card is named "X token")
            if card_names is not None and (
                not types or set(types) & set(obj.characteristics.types)
            ):
                found.update(n for n in names_of(game, i) if card_names(n))
            continue
        found.update(f.name for f in obj.card.faces if not types or set(types) & set(f.types))
    return sorted(found)
