"""Revealing cards from a library.

- ``reveal_top_to_hand``: reveal the top card and put it into your hand, with a cost read
  off the card (XMage RevealPutInHandLoseLifeEffect: Dark Confidant, Dark Tutelage).
- ``reveal_until`` (701.20a): reveal cards from the top of your library until you reveal a
  card matching ``filter``; put that card ``to`` (hand, battlefield, graveyard, exile) and
  the other revealed cards ``rest`` (bottom in a random order, graveyard, exile, or shuffle
  the library). With no match every revealed card goes ``rest``
  (RevealCardsFromLibraryUntilEffect).
"""

from __future__ import annotations

from engine.core.events import EventKind
from engine.lang.effects import Ctx, op
from engine.rules import op_common as c

_TO = ("hand", "battlefield", "battlefield_tapped", "graveyard", "exile")
_REST = ("bottom_random", "graveyard", "exile", "shuffle")


def _check_reveal_until(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("to") not in _TO:
        return f"reveal until, then put the card {o.get('to')}"
    if o.get("rest") not in _REST:
        return f"reveal until, then the rest {str(o.get('rest')).replace('_', ' ')}"
    if o.get("who") not in (None, "you"):
        return f"reveal until from the library of {o.get('who')}"
    part = c.filter_problem(o.get("filter"))
    return f"reveal until: {part}" if part else None


@op(
    "reveal_until",
    check=_check_reveal_until,
)
@c.optional_op
def reveal_until(ctx: Ctx, o: dict) -> None:
    """701.20a: reveal from the top until a matching card; it goes ``to``, the rest ``rest``."""
    game = ctx.game
    me = ctx.controller
    library = list(game.players[me].zones["library"])  # top first
    revealed: list[int] = []
    found = None
    for oid in library:
        revealed.append(oid)
        if c.matches(ctx, oid, o.get("filter")):
            found = oid
            break
    ctx.emit(
        EventKind.REVEAL,
        f"{game.verb(me, 'reveal', 'reveals')} "
        f"{', '.join(game.obj(i).name for i in revealed) or 'nothing (the library is empty)'}"
        f"{'' if found is not None else ' without finding a match'} ({ctx.label}).",
        "701.20a",
        player=me,
        objects=revealed,
        amount=len(revealed),
        data={"found": found},
    )
    to = o["to"]
    if found is not None and to.startswith("battlefield"):
        if game.face(game.obj(found)).is_permanent:
            c.put_onto_battlefield(ctx, found, me, tapped=to == "battlefield_tapped")
            ctx.emit(
                EventKind.TO_BATTLEFIELD,
                f"{ctx.label} puts {game.obj(found).name} onto the battlefield.",
                "400.7",
                objects=(found,),
                amount=1,
                data={"from": "library"},
            )
            c.entered(ctx, [found])
        else:
            found = None  # not a permanent card: it can't enter (stays with the rest)
    elif found is not None:
        game.move(found, to, me)
        kind = {
            "hand": EventKind.TO_HAND,
            "graveyard": EventKind.GRAVEYARD,
            "exile": EventKind.EXILE,
        }[to]
        ctx.emit(
            kind,
            f"{ctx.label} puts {game.obj(found).name} into {to}.",
            "701.20a",
            objects=(found,),
            amount=1,
            data={"from": "library"},
        )
    rest = [i for i in revealed if i != found and game.zone_of(i) == (me, "library")]
    _rest(ctx, rest, o["rest"])
    ctx.did = found is not None


def _rest(ctx: Ctx, ids: list[int], rest: str) -> None:
    game = ctx.game
    me = ctx.controller
    if rest == "shuffle":
        game.shuffle_library(me)
        ctx.emit(
            EventKind.SHUFFLE,
            f"{game.verb(me, 'shuffle', 'shuffles')} the library.",
            "701.24a",
            player=me,
            amount=len(ids),
        )
        return
    if rest == "bottom_random":
        order = list(ids)
        game.rng.shuffle(order)
        for oid in order:
            game.move(oid, "library", me, bottom=True)
        ctx.emit(
            EventKind.BOTTOM,
            f"{ctx.label}: {len(order)} revealed card"
            f"{'s' if len(order) != 1 else ''} go to the bottom in a random order.",
            "701.20a",
            player=me,
            objects=order,
            amount=len(order),
            data={"order": "random"},
        )
        return
    for oid in ids:
        game.move(oid, rest, me)
    kind = EventKind.GRAVEYARD if rest == "graveyard" else EventKind.EXILE
    ctx.emit(
        kind,
        f"{ctx.label}: the other revealed cards go to {rest}.",
        "701.20a",
        player=me,
        objects=ids,
        amount=len(ids),
    )


def _check_reveal_top(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("lose_life") not in (None, "mana_value"):
        return f"reveal the top card: lose life equal to its {o['lose_life']}"
    return None


@op(
    "reveal_top_to_hand",
    check=_check_reveal_top,
)
def reveal_top_to_hand(ctx: Ctx, o: dict) -> None:
    """Reveal the top card of your library and put it into your hand (701.20a; not a draw,
    121.1); with ``lose_life: mana_value`` you lose life equal to its mana value (202.3:
    a split card's is the sum of its halves, a card's {X} counts 0)."""
    game = ctx.game
    p = ctx.controller
    top = list(game.players[p].zones["library"][:1])
    if not top:
        ctx.emit(
            EventKind.REVEAL,
            f"{ctx.label}: {game.poss(p)} library is empty; nothing is revealed.",
            "701.20a",
            amount=0,
        )
        return
    oid = top[0]
    mv = game.obj(oid).card.mana_value
    name = game.obj(oid).name
    ctx.emit(
        EventKind.REVEAL,
        f"{ctx.label}: {game.pname(p)} reveals {name} from the top of {game.poss(p)} library.",
        "701.20a",
        objects=(oid,),
        amount=1,
        data={"from": "library", "mana_value": mv},
    )
    game.move(oid, "hand", p)
    ctx.emit(
        EventKind.TO_HAND,
        f"{name} is put into {game.poss(p)} hand.",
        "400.3",
        objects=(oid,),
        amount=1,
        data={"from": "library"},
    )
    if o.get("lose_life") == "mana_value":
        game.change_life(p, -mv)
        ctx.emit(
            EventKind.LIFE,
            f"{game.verb(p, 'lose', 'loses')} {mv} life ({ctx.label}); "
            f"life {game.players[p].life}.",
            "119.3",
            player=p,
            amount=-mv,
        )
    ctx.did = True
