"""Damage (CR 120): to targets, to each creature (with filters), to players."""

from __future__ import annotations

from engine import shields
from engine import targets as targeting
from engine.effects import Ctx, op
from engine.events import EventKind
from engine.game import Game

_TO_KNOWN = ("target", "divided", "divided_evenly", "each_opponent", "each_player")


def _check(o: dict, ctx: Ctx | None) -> str | None:
    to = o.get("to", "target")
    if o.get("amount") is None:
        # "damage equal to ..." with no number in the card data: show it, never fake a 0.
        return f"damage to {to.replace('_', ' ')} (the amount is not known)"
    if to in _TO_KNOWN or to.startswith("each_creature"):
        return None
    return f"damage to {to.replace('_', ' ')}"


def _damage_object(game: Game, oid: int, n: int, hits: list[dict], source: int | None = None,
                   unpreventable: bool = False) -> str:  # fmt: skip
    obj = game.obj(oid)
    face = game.face(obj)
    # CR 615: prevention shields first (unless damage can't be prevented, 615.12) (opsperm)
    n = shields.prevent(game, n, source=source, to_object=oid, unpreventable=unpreventable)
    if game.chars(oid).is_creature:  # a creature now (613), e.g. an animated land
        game.mark_damage(oid, n)
        hits.append({"obj": oid, "damage": n})
        return f"{obj.name} ({n})"
    if "Planeswalker" in face.types:
        loyalty = obj.counter("loyalty")
        game.add_counters(oid, "loyalty", -n)
        removed = min(n, loyalty)  # CR 120.3c: that many loyalty counters, as many as it has
        hits.append({"obj": oid, "damage": n, "loyalty_removed": removed})
        return (
            f"{obj.name} ({n} damage, {removed} loyalty counter{'s' if removed != 1 else ''} "
            "removed)"
        )
    hits.append({"obj": oid, "damage": 0})
    return f"{obj.name} (no effect)"


@op(
    "damage",
    fields={
        "amount": "number, or X / X+1 (X paid)",
        "to": "target | divided | divided_evenly | each_creature[_you_dont_control]"
        "[_without_flying][_and_planeswalker...] | each_opponent | each_player",
    },
    check=_check,
)
def damage(ctx: Ctx, o: dict) -> None:
    """CR 120.3: damage to a creature is marked on it; to a player, it loses that much life."""
    game = ctx.game
    to = o.get("to", "target")
    n = ctx.amount(o)
    hit: list[str] = []
    objs: list[int] = []
    players_hit: list[int] = []
    hits: list[dict] = []  # per object: {"obj", "damage", "loyalty_removed"}
    how = (ctx.source, bool(o.get("unpreventable")))  # prevention (615) needs these
    if to in ("target", "divided", "divided_evenly"):
        for ref in ctx.targets:
            if not targeting.is_legal(game, ref, stamps=ctx.stamps):
                continue
            if ref.startswith("p"):
                p = int(ref[1:])
                dealt = shields.prevent(game, n, source=ctx.source, to_player=p,
                                        unpreventable=how[1])  # fmt: skip
                game.change_life(p, -dealt)
                players_hit.append(p)
                hit.append(f"{game.pname(p)} ({dealt}; life {game.life[p]})")
            else:
                hit.append(_damage_object(game, int(ref[1:]), n, hits, *how))
                objs.append(int(ref[1:]))
    elif to.startswith("each_creature"):
        players = ctx.opponents() if "opponents_control" in to else None
        without = to.endswith("without_flying")
        for oid in targeting.creatures(game, players=players, without_flying=without):
            hit.append(_damage_object(game, oid, n, hits, *how))
            objs.append(oid)
        if "planeswalker" in to:
            for perm in game.battlefield():
                if perm.controller in ctx.opponents() and "Planeswalker" in game.face(perm).types:
                    hit.append(_damage_object(game, perm.id, n, hits, *how))
                    objs.append(perm.id)
    else:  # each_opponent / each_player
        players = ctx.opponents() if to == "each_opponent" else range(len(game.zones))
        for p in players:
            dealt = shields.prevent(game, n, source=ctx.source, to_player=p, unpreventable=how[1])
            game.change_life(p, -dealt)
            players_hit.append(p)
            hit.append(f"{game.pname(p)} ({dealt}; life {game.life[p]})")
    what = ", ".join(hit) if hit else "nothing (no such creature or player)"
    ctx.emit(
        EventKind.DAMAGE,
        f"{ctx.label} deals {n} damage: {what}.",
        "120.3",
        objects=objs,
        amount=n,
        data={"players": players_hit, "hits": hits},
    )
