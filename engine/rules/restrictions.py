"""Static abilities that forbid or permit casting and activating (CR 101.2, 604.1):

- ``cant_cast`` (Lavinia, Azorius Renegade): players in ``who`` can't cast spells matching
  ``filter``; with ``mv_above_their_lands`` only those whose mana value is greater than the
  number of lands the caster controls (checked as the spell would be cast: 601.2, 601.3);
- ``flash_permission`` (Sigarda's Aid): you may cast spells matching ``filter`` as though
  they had flash (702.8a);
- ``cant_activate`` (Pithing Needle): activated abilities of sources with the name chosen as
  it entered (``choose_card_name``, kept as a "chosen_name" record) can't be activated unless
  they're mana abilities (605.1a).

``may_cast_as_flash`` is asked by the cast action's timing rule (engine.play.actions.timing_check,
307.1): a spell that isn't an instant and has no flash is cast only in its controller's
main phase with an empty stack, unless a permission lets it be cast as though it had flash.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.lang import filters
from engine.rules import layers

if TYPE_CHECKING:
    from engine.cards.definitions import Face
    from engine.core.game import Game

CHOSEN_NAME = "chosen_name"


def statics_of_kind(game: Game, kind: str) -> list[tuple[Any, dict]]:
    """(permanent, op) for every static op of this kind on the battlefield now (611.3a)."""
    out = []
    for perm in game.battlefield():
        if perm.phased_out or perm.face_down:
            continue
        for o in layers.unwrap(game, perm, layers.statics_of(game, perm)):
            if o.get("op") == kind:
                out.append((perm, o))
    return out


def _applies_to(game: Game, perm: Any, who: object, player: int) -> bool:
    ctrl = game.chars(perm.id).controller
    if who in ("each_opponent", "opponent"):
        return player != ctrl
    if who in (None, "you"):
        return player == ctrl
    return who == "each_player"


def cast_problem(game: Game, oid: int, face: Face, player: int) -> str | None:
    """Why a ``cant_cast`` static forbids ``player`` casting this face now, or None."""
    for perm, o in statics_of_kind(game, "cant_cast"):
        if not _applies_to(game, perm, o.get("who"), player):
            continue
        if not filters.matches(
            game, oid, o.get("filter") or {}, controller=perm.controller, source=perm.id
        ):
            continue
        if o.get("mv_above_their_lands"):
            lands = sum(1 for p in game.battlefield(player) if "Land" in game.chars(p.id).types)
            if face.mana_value() <= lands:
                continue
            return (
                f"{game.obj(perm.id).name} forbids it: its mana value "
                f"{face.mana_value()} is greater than the {lands} lands "
                f"{game.pname(player)} controls (101.2)"
            )
        return f"{game.obj(perm.id).name} forbids casting it (101.2)"
    return None


def may_cast_as_flash(game: Game, oid: int, face: Face, player: int) -> bool:
    """The spell may be cast any time its player could cast an instant (702.8a): it is an
    instant, has flash, or a ``flash_permission`` of a permanent ``player`` controls covers it."""
    if face.is_instant or any(k.lower() == "flash" for k in face.keywords):
        return True
    for perm, o in statics_of_kind(game, "flash_permission"):
        if game.chars(perm.id).controller == player and filters.matches(
            game, oid, o.get("filter") or {}, controller=player, source=perm.id
        ):
            return True
    return False


def chosen_name(game: Game, source: int) -> str | None:
    """The card name chosen as this permanent entered (this object of it, 400.7)."""
    for e in game.continuous:
        if e.kind == CHOSEN_NAME and e.source == source and layers.active(game, e):
            return str(e.data.get("name"))
    return None


def activate_problem(game: Game, oid: int, ability: dict, player: int) -> str | None:
    """Why a ``cant_activate`` static forbids activating this ability now, or None."""
    if ability.get("mana_ability"):
        return None  # 605.1a: "unless they're mana abilities"
    where = game.zone_of(oid)
    on_battlefield = where is not None and where[1] == "battlefield"
    name = game.chars(oid).name if on_battlefield else game.obj(oid).card.name
    for perm, o in statics_of_kind(game, "cant_activate"):
        if o.get("named") != "chosen":
            continue
        chosen = chosen_name(game, perm.id)
        if chosen is not None and chosen == name and not game.obj(oid).face_down:
            return (
                f"{game.obj(perm.id).name} names {chosen}: its activated abilities "
                "that aren't mana abilities can't be activated"
            )
    return None
