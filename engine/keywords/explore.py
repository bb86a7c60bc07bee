"""Explore (CR 701.44) and connive (701.50): a permanent's controller acts on cards, and
the permanent gets +1/+1 counters for what they turned up or threw away.

Both happen even when the permanent has left the battlefield before the effect (701.44c,
701.50c): its controller still reveals, or draws and discards, using its last known
information; only the counter has nowhere to go.
"""

from __future__ import annotations

from engine.core.events import DecisionKind, EventKind
from engine.lang import refs, values
from engine.lang.effects import Ctx, op
from engine.rules import draws
from engine.rules import op_common as c


def _check(o: dict, ctx: Ctx | None) -> str | None:
    if "n" in o and (why := refs.value_problem(o["n"])):
        return why
    return refs.ref_problem(o, "what")


def _actors(ctx: Ctx, o: dict) -> list[tuple[int | None, int]]:
    """(the permanent, its controller): the permanents the op names that are still on the
    battlefield, or, for "this" or the trigger's object when it has left, no permanent
    and its controller as it last existed (701.44c / 701.50c)."""
    game = ctx.game
    ids = refs.objects(ctx, o, "what")
    out: list[tuple[int | None, int]] = []
    for oid in ids:
        where = game.zone_of(oid)
        on_bf = where is not None and where[1] == "battlefield"
        out.append((oid if on_bf else None, game.obj(oid).controller if on_bf else ctx.controller))
    if not out and (o.get("what") in (None, "self")) and ctx.source is not None:
        out.append((None, ctx.controller))
    gone = (ctx.event or {}).get("object")
    if not out and o.get("what") == "trigger_object" and isinstance(gone, int):
        # "whenever a creature you control enters, it explores" (Path of Discovery): the
        # creature left first; it still explores, its controller as it last existed
        last = game.last_known.get(gone)
        out.append((None, last.controller if last is not None else ctx.controller))
    return out


def _counter(ctx: Ctx, oid: int | None, n: int, rule: str, verb: str) -> None:
    game = ctx.game
    if n <= 0:
        return
    if oid is None:
        ctx.emit(
            EventKind.COUNTERS,
            f"{ctx.label}: the permanent that {verb} has left the "
            "battlefield, so no +1/+1 counter is put on anything.",
            rule,
            amount=0,
            counter="+1/+1",
        )
        return
    game.add_counters(oid, "+1/+1", n)
    ctx.emit(
        EventKind.COUNTERS,
        f"{game.obj(oid).name} gets {n} +1/+1 counter{'s' if n != 1 else ''} ({verb}).",
        rule,
        objects=(oid,),
        amount=n,
        counter="+1/+1",
    )


@op("explore", check=_check)
def explore(ctx: Ctx, o: dict) -> None:
    """CR 701.44a: reveal the top card of your library; a land card goes to your hand,
    otherwise the explorer gets a +1/+1 counter and you may put the card into your
    graveyard. With an empty library nothing is revealed, which is not a land card, so
    the counter is still put (the Ixalan release ruling)."""
    game = ctx.game
    for oid, p in _actors(ctx, o):
        top = game.top_of_library(p)
        name = game.obj(oid).name if oid is not None else ctx.label
        if top is None:
            ctx.emit(
                EventKind.REVEAL,
                f"{name} explores: {game.poss(p)} library is empty, so no card is revealed.",
                "701.44a",
                player=p,
                amount=0,
            )
            _counter(ctx, oid, 1, "701.44a", "explored")
            continue
        card = game.obj(top)
        ctx.emit(
            EventKind.REVEAL,
            f"{name} explores: {game.verb(p, 'reveal', 'reveals')} {card.name}.",
            "701.44a",
            player=p,
            objects=(top,),
            amount=1,
        )
        if game.face(card).is_land:
            game.move(top, "hand", p)
            ctx.emit(
                EventKind.TO_HAND,
                f"{card.name} is a land card: it goes to {game.poss(p)} hand.",
                "701.44a",
                player=p,
                objects=(top,),
            )
            continue
        _counter(ctx, oid, 1, "701.44a", "explored")
        if c.yes_no(
            ctx,
            DecisionKind.MAY,
            f"{game.pname(p)}: put {card.name} into {game.poss(p)} graveyard?",
            "701.44a",
            player=p,
            yes=f"Put {card.name} into the graveyard",
            no=f"Leave {card.name} on top",
        ):
            game.move(top, "graveyard", p)
            ctx.emit(
                EventKind.GRAVEYARD,
                f"{card.name} goes to {game.poss(p)} graveyard.",
                "701.44a",
                player=p,
                objects=(top,),
            )


@op("connive", check=_check)
def connive(ctx: Ctx, o: dict) -> None:
    """CR 701.50a, 701.50e: draw N cards, then discard N cards; the permanent gets a +1/+1
    counter for each nonland card discarded this way. Drawing from an empty library is
    noted for the state-based action (704.5b) and the discard still happens."""
    game = ctx.game
    n = values.value_of(ctx, o.get("n", 1), 1)
    for oid, p in _actors(ctx, o):
        name = game.obj(oid).name if oid is not None else ctx.label
        for _ in range(draws.how_many(game, p, n, ctx.label)):  # 614.1a replacements
            top = game.draw_card(p)
            if top is None:
                ctx.emit(
                    EventKind.DRAW_EMPTY,
                    f"{game.pname(p)} can't draw from an empty "
                    "library and will lose the game the next time state-based actions "
                    "are checked.",
                    "121.4",
                    player=p,
                )
                break
            ctx.emit(
                EventKind.DRAW,
                f"{name} connives: {game.verb(p, 'draw', 'draws')} {game.obj(top).name}.",
                "701.50a",
                player=p,
                amount=1,
            )
        chosen = c.choose_cards(
            ctx,
            list(game.players[p].zones["hand"]),
            n,
            DecisionKind.DISCARD,
            f"{game.pname(p)}: choose a card to discard ({name} connives)",
            "701.50a",
            player=p,
            verb="Discard",
        )
        for card in chosen:
            game.move(card, "graveyard", p)
        ctx.emit(
            EventKind.DISCARD,
            f"{game.verb(p, 'discard', 'discards')} "
            f"{', '.join(game.obj(i).name for i in chosen) or 'nothing'} ({name} "
            "connives).",
            "701.50a",
            player=p,
            objects=tuple(chosen),
            amount=len(chosen),
            data={"random": False, "asked": n},
        )
        nonland = sum(1 for card in chosen if not game.face(game.obj(card)).is_land)
        _counter(ctx, oid, nonland, "701.50a", "connived")
