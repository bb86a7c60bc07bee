"""A card exiled face down, linked to its source (CR 607.2a, 406.3), that later abilities
of the same object turn face up and put somewhere: The Creation of Avacyn I-III.

- ``search_exile_face_down_linked``: search your library for a card (701.23a; "a card":
  one is found if the library has one), exile it face down (406.3) linked to the source
  (``game.link_exiled``), then shuffle (701.24a).
- ``turn_linked_face_up``: the cards exiled with the source are turned face up; with
  ``lose_life_if_creature``, if at least one is a creature card you lose life equal to
  their total mana value (the Release Notes' reading for two or more).
- ``linked_to_battlefield_or_hand``: if at least one card exiled with the source is a
  creature card, you may put all of them that are permanent cards onto the battlefield;
  the rest go to their owners' hands (a face-down card has no characteristics, 406.3: it
  is no creature card; it is turned face up as it leaves exile).
"""

from __future__ import annotations

from engine.core.events import DecisionKind, EventKind
from engine.lang import filters
from engine.lang.effects import Ctx, op
from engine.rules import op_common as c


def _names(ctx: Ctx, ids: list[int]) -> str:
    return ", ".join(ctx.game.obj(i).name for i in ids) or "nothing"


def _linked(ctx: Ctx) -> list[int]:
    return list(ctx.game.exiled_with(ctx.source)) if ctx.source is not None else []


def _creature_card(ctx: Ctx, oid: int) -> bool:
    """406.3: a face-down card in exile has no characteristics."""
    return not ctx.game.obj(oid).face_down and ctx.game.chars(oid).is_creature


@op("search_exile_face_down_linked")
def search_exile_face_down_linked(ctx: Ctx, o: dict) -> None:
    """701.23a: search your library for a card; exile it face down (406.3), linked to the
    source (607.2a); then shuffle (701.24a)."""
    game = ctx.game
    me = ctx.controller
    found = c.choose_cards(
        ctx,
        list(game.players[me].zones["library"]),
        1,
        DecisionKind.SEARCH,
        f"{ctx.label}: search for a card",
        "701.23a",
        player=me,
        verb="Find",
    )
    for oid in found:
        game.move(oid, "exile", me)
        game.set_face_down(oid, True)
        if ctx.source is not None:
            game.link_exiled(ctx.source, oid)
    ctx.emit(
        EventKind.SEARCH,
        f"{game.verb(me, 'search', 'searches')} {game.poss(me)} "
        f"library: {'finds a card' if found else 'finds nothing'}.",
        "701.23a",
        player=me,
        objects=found,
        amount=len(found),
        data={"library": me},
    )
    if found:
        ctx.emit(
            EventKind.EXILE,
            f"{ctx.label} exiles a card face down.",
            "406.3",
            objects=found,
            amount=1,
            data={"from": "library", "face_down": True, "remember": True},
        )
    game.shuffle_library(me)
    ctx.emit(
        EventKind.SHUFFLE,
        f"{game.verb(me, 'shuffle', 'shuffles')} {game.poss(me)} library.",
        "701.24a",
        player=me,
    )
    ctx.did = bool(found)


@op("turn_linked_face_up")
def turn_linked_face_up(ctx: Ctx, o: dict) -> None:
    """The cards exiled with the source (607.2a) are turned face up; with
    ``lose_life_if_creature``, if one or more is a creature card, you lose life equal to
    their total mana value (119.3; 202.3)."""
    game = ctx.game
    ids = _linked(ctx)
    for oid in ids:
        game.set_face_down(oid, False)
    ctx.emit(
        EventKind.REVEAL,
        f"{ctx.label}: {_names(ctx, ids)} {'is' if len(ids) == 1 else 'are'} turned face up.",
        "406.3",
        objects=ids,
        amount=len(ids),
        data={"from": "exile"},
    )
    ctx.did = bool(ids)
    if o.get("lose_life_if_creature") and any(_creature_card(ctx, i) for i in ids):
        n = sum(int(filters.characteristics(game, i).mana_value or 0) for i in ids)
        game.change_life(ctx.controller, -n)
        ctx.emit(
            EventKind.LIFE,
            f"{game.verb(ctx.controller, 'lose', 'loses')} {n} life "
            f"({ctx.label}); life {game.players[ctx.controller].life}.",
            "119.3",
            amount=-n,
        )


@op("linked_to_battlefield_or_hand")
def linked_to_battlefield_or_hand(ctx: Ctx, o: dict) -> None:
    """If a card exiled with the source is a creature card, you may put every one of them
    that is a permanent card onto the battlefield (400.7; under your control: they are
    yours, 110.2a); the others are put into their owners' hands."""
    game = ctx.game
    me = ctx.controller
    ids = _linked(ctx)
    put: list[int] = []
    if any(_creature_card(ctx, i) for i in ids):
        perms = [
            i for i in ids if not game.obj(i).face_down and game.face(game.obj(i)).is_permanent
        ]
        if c.yes_no(
            ctx,
            DecisionKind.MAY,
            f"{ctx.label}: put {_names(ctx, perms)} onto the battlefield? (you may)",
            "608.2d",
            player=me,
            yes="Put onto the battlefield",
            no="Put into hand",
        ):
            put = perms
    for oid in put:
        c.put_onto_battlefield(ctx, oid, me)
    if put:
        ctx.emit(
            EventKind.TO_BATTLEFIELD,
            f"{ctx.label} puts {_names(ctx, put)} onto the battlefield.",
            "400.7",
            objects=put,
            amount=len(put),
            data={"from": "exile", "tapped": False},
        )
        c.entered(ctx, put)
    rest = [i for i in ids if i not in put]
    for oid in rest:
        game.set_face_down(oid, False)
        game.move(oid, "hand", game.obj(oid).owner)
    if rest:
        ctx.emit(
            EventKind.TO_HAND,
            f"{ctx.label} puts {_names(ctx, rest)} into "
            f"{'its owner’s hand' if len(rest) == 1 else 'their owners’ hands'}.",
            "400.3",
            objects=rest,
            amount=len(rest),
            data={"from": "exile"},
        )
    ctx.did = bool(ids)
