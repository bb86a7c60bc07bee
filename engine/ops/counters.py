"""Counters (CR 122): on objects and players, lore counters (714), bolster (701.39),
proliferate (701.34)."""

from __future__ import annotations

from engine.core.events import DecisionKind, EventKind
from engine.keywords import proliferate as proliferate_mod
from engine.lang import refs, values
from engine.lang.effects import Ctx, op
from engine.rules import saga


def _check_lore(o: dict, ctx: Ctx | None) -> str | None:
    if ctx is None:
        return None
    where = ctx.game.zone_of(ctx.source) if ctx.source is not None else None
    if where and where[1] == "battlefield":
        return None
    return "lore counters on another Saga"


@op("lore_counter", check=_check_lore)
def lore_counter(ctx: Ctx, o: dict) -> None:
    """CR 714.3c: put lore counters on this Saga (chapters it passes trigger, 714.2b)."""
    saga.add_lore(
        ctx.game, ctx.source_id(), values.value_of(ctx, o.get("n", 1), 1), "714.3c", ctx.label
    )


def _check_add(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("n") == "divided":
        if o.get("what") not in ("target", "targets"):
            return "counters divided among something other than the targets"
    elif why := refs.value_problem(o.get("n", 1)):
        return why
    if o.get("what") in (None, "self") and o.get("counter") == "lore":
        return None
    if o.get("what") == "chosen":  # one permanent chosen on resolution, not targeted
        if o.get("who") not in (None, "you"):
            return f"counters on a permanent chosen by {o['who']}"
        return refs.filter_problem(o.get("filter"))
    return refs.ref_problem(o, "what")


def _chosen(ctx: Ctx, o: dict) -> list[int]:
    """608.2c: the controller chooses one permanent matching the filter as the effect
    resolves (not a target, so hexproof doesn't stop it); none if none matches."""
    game = ctx.game
    able = refs.select_all(game, o.get("filter") or {}, ctx.controller, ctx.source)
    if len(able) <= 1:
        return able
    key = game.decide(
        DecisionKind.CHOOSE_PERMANENT,
        f"{ctx.label}: choose a permanent to put {o.get('counter', '+1/+1')} counters on",
        [(f"choose:o{i}", f"Choose {game.obj(i).name}") for i in able],
        "608.2c",
        player=ctx.controller,
        subject=ctx.label,
        objects=able,
    )
    return [int(key.split(":o")[1])]


@op(
    "add_counters",
    check=_check_add,
)
def add_counters(ctx: Ctx, o: dict) -> None:
    """CR 122.1: put counters on objects; lore counters on a Saga trigger chapters (714.2b)."""
    game = ctx.game
    kind = o.get("counter", "+1/+1")
    divided = o.get("n") == "divided"  # 601.2d: the amounts were chosen on casting
    n = 0 if divided else values.value_of(ctx, o.get("n", 1), 1)
    ids = _chosen(ctx, o) if o.get("what") == "chosen" else refs.objects(ctx, o, "what")
    if not ids:
        ctx.emit(
            EventKind.COUNTERS,
            f"{ctx.label}: there is nothing to put {kind} counters on.",
            "122.1",
            amount=0,
            counter=kind,
        )
    for oid in ids:
        if divided:
            n = int(ctx.division.get(f"o{oid}", 1))
        if kind == "lore":
            saga.add_lore(game, oid, n, "714.3c", ctx.label)
            continue
        game.add_counters(oid, kind, n)
        ctx.emit(
            EventKind.COUNTERS,
            f"{ctx.label} puts {n} {kind} counter{'s' if n != 1 else ''} on {game.obj(oid).name}.",
            "122.1",
            objects=(oid,),
            amount=n,
            counter=kind,
        )


def _check_remove(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("n") != "all" and (why := refs.value_problem(o.get("n", 1))):
        return why
    return refs.ref_problem(o, "what")


@op(
    "remove_counters",
    check=_check_remove,
)
def remove_counters(ctx: Ctx, o: dict) -> None:
    """CR 122.8 / 122.1: remove counters (as many as there are, at most n; ``n: all``)."""
    game = ctx.game
    kind = o.get("counter", "+1/+1")
    ids = refs.objects(ctx, o, "what")
    if not ids:
        ctx.emit(
            EventKind.COUNTERS,
            f"{ctx.label}: there is nothing to remove {kind} counters from.",
            "122.1",
            amount=0,
            counter=kind,
        )
    for oid in ids:
        have = game.obj(oid).counter(kind)
        n = have if o.get("n") == "all" else min(have, values.value_of(ctx, o.get("n", 1), 1))
        if kind == "lore" and n:
            saga.remove_lore(game, oid, n)
            continue
        if n:
            game.add_counters(oid, kind, -n)
        ctx.emit(
            EventKind.COUNTERS,
            f"{ctx.label} removes {n} {kind} counter{'s' if n != 1 else ''} from "
            f"{game.obj(oid).name}.",
            "122.1",
            objects=(oid,),
            amount=-n,
            counter=kind,
        )


@op(
    "add_player_counters",
)
def add_player_counters(ctx: Ctx, o: dict) -> None:
    """CR 122.1: players get counters (energy, poison, experience...)."""
    game = ctx.game
    kind = o.get("counter", "energy")
    n = values.value_of(ctx, o.get("n", 1), 1)
    for p in ctx.players(o.get("who")):
        _, after = game.add_player_counters(p, kind, n)
        ctx.emit(
            EventKind.PLAYER_COUNTERS,
            f"{game.verb(p, 'get', 'gets')} {n} {kind} counter{'s' if n != 1 else ''} "
            f"({ctx.label}); now {after}.",
            "122.1",
            player=p,
            amount=n,
            counter=kind,
        )


@op("bolster")
def bolster(ctx: Ctx, o: dict) -> None:
    """CR 701.39a: choose a creature you control with the least toughness; put n +1/+1
    counters on it (a tie is the controller's choice)."""
    game = ctx.game
    n = values.value_of(ctx, o.get("n", 1), 1)
    mine = [p.id for p in game.battlefield(ctx.controller) if game.chars(p.id).is_creature]
    if not mine:
        ctx.emit(
            EventKind.COUNTERS,
            f"{ctx.label}: bolster {n} — you control no creature.",
            "701.39a",
            amount=0,
            counter="+1/+1",
        )
        return
    least = min(game.chars(i).toughness or 0 for i in mine)
    tied = [i for i in mine if (game.chars(i).toughness or 0) == least]
    chosen = tied[0]
    if len(tied) > 1:
        key = game.decide(
            DecisionKind.CHOOSE_PERMANENT,
            f"{ctx.label}: bolster {n} — choose a creature with the least toughness ({least}).",
            [(f"bolster:o{i}", f"Bolster {game.obj(i).name}") for i in tied],
            "701.39a",
            player=ctx.controller,
            subject=ctx.label,
            objects=tied,
        )
        chosen = int(key.split(":o")[1])
    game.add_counters(chosen, "+1/+1", n)
    ctx.emit(
        EventKind.COUNTERS,
        f"{ctx.label}: bolster {n} on {game.obj(chosen).name}.",
        "701.39a",
        objects=(chosen,),
        amount=n,
        counter="+1/+1",
    )


@op("proliferate")
def proliferate(ctx: Ctx, o: dict) -> None:
    """CR 701.34a: proliferate (the controller chooses the permanents)."""
    proliferate_mod.proliferate(ctx.game, ctx.controller, ctx.label)
