"""Ops that move objects between zones: destroy, exile, bounce, sacrifice, counter a spell."""

from __future__ import annotations

from engine import stack
from engine import targets as targeting
from engine.effects import Ctx, op, run_nested
from engine.events import DecisionKind, EventKind

_TARGET = ("target", "targets")


def _check_destroy(o: dict, ctx: Ctx | None) -> str | None:
    what = o.get("what", "target")
    if what in (*_TARGET, "all_creatures"):
        return None
    return f"destroy {what.replace('_', ' ')}"


@op("destroy", fields={"what": "target | targets | all_creatures"}, check=_check_destroy)
def destroy(ctx: Ctx, o: dict) -> None:
    """CR 701.8: destroy moves a permanent to its owner's graveyard."""
    what = o.get("what", "target")
    ids = ctx.target_objects() if what in _TARGET else targeting.creatures(ctx.game)
    for oid in ids:
        stack.destroy(ctx.game, oid, ctx.label, "701.8a", source=ctx.source)


def _check_exile(o: dict, ctx: Ctx | None) -> str | None:
    return None if o.get("what") in _TARGET else f"exile {o.get('what', '')}"


@op("exile", fields={"what": "target | targets"}, check=_check_exile)
def exile(ctx: Ctx, o: dict) -> None:
    """CR 406.2: the targets go to exile (a token ceases to exist, 111.7)."""
    game = ctx.game
    for oid in ctx.target_objects():
        obj = game.obj(oid)
        game.move(oid, "exile" if not obj.is_token else "none")
        ctx.emit(
            EventKind.EXILE,
            f"{ctx.label} exiles {obj.name}{stack.token_note(obj)}.",
            "406.2",
            player=obj.controller,
        )


def _check_bounce(o: dict, ctx: Ctx | None) -> str | None:
    return None if o.get("what") in _TARGET else f"return {o.get('what', '')} to hand"


@op("return_to_hand", fields={"what": "target | targets"}, check=_check_bounce)
def return_to_hand(ctx: Ctx, o: dict) -> None:
    """Bounce: the permanent (or spell) goes to its owner's hand; a token ceases to exist."""
    game = ctx.game
    for oid in ctx.target_objects():
        obj = game.obj(oid)
        for s in list(game.stack):
            if s.card_id == oid:
                game.remember_lki(s.id, s.mana_value)
        game.move(oid, "hand" if not obj.is_token else "none")
        ctx.emit(
            EventKind.BOUNCE,
            f"{ctx.label} returns {obj.name} to its owner's hand{stack.token_note(obj)}.",
            "400.7",
            player=obj.controller,
        )


def _check_sacrifice(o: dict, ctx: Ctx | None) -> str | None:
    if not o.get("what"):
        return "sacrifice (which permanent is not in the card data)"
    return None


@op(
    "sacrifice",
    fields={
        "what": 'words like "creature", "Mountain", "all creatures"',
        "who": "you | each_opponent | each_player (with all)",
        "count": "1 (exactly one)",
        "then": "ops done after the sacrifice",
    },
    check=_check_sacrifice,
)
def sacrifice(ctx: Ctx, o: dict) -> None:
    """CR 701.21: sacrifice one permanent you control that matches, if able; then maybe more ops."""
    game = ctx.game
    what = o.get("what") or ""
    if "all" in what.split():
        players = ctx.players(o.get("who"))
        doomed = [
            p.id
            for p in game.battlefield()
            if p.controller in players
            and targeting.matches_words(game, p.id, what.replace("all", ""))
        ]
        for oid in doomed:
            stack.sacrifice(game, oid, f" ({ctx.label})", "701.21a", source=ctx.source)
        if not doomed:
            ctx.emit(
                EventKind.SACRIFICE,
                f"{ctx.label}: nothing to sacrifice ({what}).",
                "701.21a",
                amount=0,
                data={"what": what},
            )
        ctx.did = bool(doomed)
        return
    mine = [
        p for p in game.battlefield(ctx.controller) if targeting.matches_words(game, p.id, what)
    ]
    if not mine:
        ctx.emit(
            EventKind.SACRIFICE,
            f"{game.verb(ctx.controller, 'control', 'controls')} no {what} and "
            f"{'sacrifice' if game.pname(ctx.controller) == 'You' else 'sacrifices'} nothing; "
            "what depends on it doesn't happen.",
            "701.21a",
            amount=0,
            data={"what": what},
        )
        ctx.did = False
        return
    distinct = {(p.name, p.tapped, tuple(sorted(p.counters.items())), p.damage) for p in mine}
    if len(distinct) > 1:
        key = game.decide(
            DecisionKind.CHOOSE_PERMANENT,
            f"{ctx.label}: choose a {what} to sacrifice (exactly one).",
            [
                (
                    f"sacrifice:o{p.id}",
                    f"Sacrifice {targeting.label(game, f'o{p.id}')}"
                    + (" (tapped)" if p.tapped else ""),
                )
                for p in mine
            ],
            "701.21a",
            player=ctx.controller,
            subject=what,
        )
        chosen = int(key.split(":o")[1])
    else:
        chosen = mine[0].id
    stack.sacrifice(
        game, chosen, f" ({ctx.label}; exactly one, never more)", "701.21a", source=ctx.source
    )
    ctx.did = True
    if o.get("then"):
        run_nested(ctx.sub(), o["then"])


def _note_unless(ctx: Ctx, o: dict) -> None:
    ctx.emit(
        EventKind.NOT_SIMULATED,
        f"{ctx.label}: its controller could pay {o['unless_pay']}; "
        "paying is not simulated, so they don't.",
        "701.6a",
        source=None,
        player=None,
        data={"missing": [f"paying {o['unless_pay']}"]},
    )


@op(
    "counter_spell",
    fields={
        "destination": "graveyard (default) | exile | hand | library_top",
        "unless_pay": "a cost its controller could pay (not simulated: they don't)",
    },
)
def counter_spell(ctx: Ctx, o: dict) -> None:
    """CR 701.6a: counter the target spell; it goes to its owner's graveyard (or elsewhere)."""
    game = ctx.game
    if o.get("unless_pay"):
        _note_unless(ctx, o)
    dest = {"exile": "exile", "hand": "hand", "library_top": "library"}.get(
        o.get("destination", ""), "graveyard"
    )
    for oid in ctx.target_objects():
        item = next((s for s in game.stack if s.card_id == oid), None)
        if item is not None:
            stack.counter_item(game, item, dest, by=f" by {ctx.label}", source=ctx.source)
