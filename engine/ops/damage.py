"""Damage (CR 120): to targets, to every permanent matching a filter, to players; bite and
fight (701.14); "if it would die this turn, exile it instead" riders (614.1a).

Damage to a creature is marked on it (120.3e), to a planeswalker removes loyalty
(120.3c), to a player is life loss (120.3a). A source with lifelink makes its
controller gain that much life (702.15b). Deathtouch, infect and wither change what
damage does (702.2b, 702.90b, 702.80a); the engine doesn't model them, so damage from
such a source is named as not simulated. The kernel remembers which source dealt damage
to which object this turn (for "dealt damage this way", Anger of the Gods).
"""

from __future__ import annotations

from engine.core.events import EventKind
from engine.core.game import Game
from engine.lang import filters, protection, refs, values
from engine.lang import targets as targeting
from engine.lang.effects import Ctx, op
from engine.rules import op_common as c
from engine.rules import shields
from engine.rules.sba import eval_int

_PLAYER_TO = (
    "you",
    "each_opponent",
    "each_player",
    "controller_of_target",
    "trigger_player",
    "controller_of_trigger_object",
    "target_player",
    "active_player",
)
_TARGETED = ("target", "targets", "divided", "divided_evenly")
_UNMODELLED = ("deathtouch", "infect", "wither")
# Hand-written refs with the meaning of a schema ref.
# "that spell's controller" (Bonecrusher Giant): the player whose spell targeted it, the
# trigger's player (its event's object is the targeting spell, 603.2).
_TO_ALIASES = {"spell_controller": "trigger_player"}


def _to_problem(to: object, ctx: Ctx | None) -> str | None:
    if isinstance(to, dict) and isinstance(to.get("target"), int):
        return None
    if not isinstance(to, str):
        return f"damage to {to!r}"
    if to in _TARGETED or to == "all" or to.startswith("each_creature"):
        return None
    if to == "each_planeswalker_opponents_control":
        return None
    if to in _PLAYER_TO:
        part = c.who_problem(to, ctx)
        return f"damage to {part}" if part else None
    if to in ("self", "trigger_object"):
        part = c.ref_problem(to, ctx)
        return f"damage to {part}" if part else None
    return f"damage to {to.replace('_', ' ')}"


def _check(o: dict, ctx: Ctx | None) -> str | None:
    to = _TO_ALIASES.get(o.get("to", "target"), o.get("to", "target"))
    if o.get("amount") is None:
        # "damage equal to ..." with no number in the card data: show it, never fake a 0.
        return f"damage to {str(to).replace('_', ' ')} (the amount is not known)"
    if o["amount"] == "divided":  # the split was chosen with the targets (601.2d)
        if ctx is not None and not ctx.division:
            return "damage divided among the targets (no division was chosen)"
    else:
        part = refs.value_problem(o["amount"], ctx)
        if part:
            return f"damage: {part}"
    part = _to_problem(to, ctx)
    if part:
        return part
    if to == "divided" and ctx is not None and not ctx.division and len(ctx.targets) > 1:
        return "damage divided among the targets (no division was chosen)"
    if o.get("rounding") not in (None, "down", "up"):
        return f"damage rounded {o['rounding']}"
    if to == "all" or "filter" in o:
        part = c.filter_problem(o.get("filter"))
        if part:
            return f"damage to each permanent: {part}"
    if o.get("players") not in (None, "each_player", "each_opponent", "you"):
        return f"damage to the players {o['players']}"
    if o.get("players") and not (to == "all" or str(to).startswith("each_creature")):
        return f"damage to {to} and to the players {o['players']}"
    if o.get("controlled_by") is not None:
        part = c.who_problem(o["controlled_by"], ctx)
        if part:
            return f"damage to permanents of {part}"
    if o.get("source") not in (None, "self"):
        part = c.ref_problem(o["source"], ctx)
        if part:
            return f"damage dealt by {part}"
    if ctx is not None:
        for src in _sources(ctx, o):
            bad = sorted(keywords_of(ctx.game, src) & set(_UNMODELLED))
            if bad:
                return f"damage from a source with {', '.join(bad)}"
    return None


def keywords_of(game: Game, oid: int) -> set[str]:
    """An object's keyword abilities, lowercase: computed on the battlefield (613: granted
    ones, keyword counters 122.1b), else its card's."""
    where = game.zone_of(oid)
    if where and where[1] == "battlefield":
        return {k.lower() for k in filters.characteristics(game, oid).keywords}
    return {k.lower() for k in game.face(game.obj(oid)).keywords}


def _sources(ctx: Ctx, o: dict) -> list[int]:
    """The damage's source object: the op's ``source`` ref, else the ability's source."""
    src = o.get("source")
    if src in (None, "self"):
        return [ctx.source] if ctx.source is not None else []
    return c.objects(ctx, src, o)[:1]


def damage_object(
    game: Game, oid: int, n: int, hits: list[dict], source: int | None, unpreventable: bool = False
) -> str:
    """Deal ``n`` damage to a permanent (120.3); returns the log's words for it."""
    obj = game.obj(oid)
    face = game.face(obj)
    if not unpreventable and protection.protected_from(game, oid, source):
        game.emit(  # 702.16e: damage from a source with the quality is prevented
            EventKind.PREVENT,
            f"{n} damage to {obj.name} is prevented (protection).",
            "702.16e",
            objects=(oid,),
            source=source,
            amount=n,
        )
        hits.append({"obj": oid, "damage": 0})
        return f"{obj.name} (0, protection)"
    # CR 615: prevention shields first, unless the damage can't be prevented (615.12)
    n = shields.prevent(game, n, source=source, to_object=oid, unpreventable=unpreventable)
    if n <= 0:  # 120.8: 0 damage is no damage dealt
        hits.append({"obj": oid, "damage": 0})
        return f"{obj.name} (0)"
    if game.chars(oid).is_creature:  # a creature now (613): an animated land too
        game.mark_damage(oid, n)
        game.note_damage_by(source, oid)
        hits.append({"obj": oid, "damage": n})
        return f"{obj.name} ({n})"
    if "Planeswalker" in face.types or "Battle" in face.types:
        kind = "loyalty" if "Planeswalker" in face.types else "defense"
        have = obj.counter(kind)
        game.add_counters(oid, kind, -n)
        game.note_damage_by(source, oid)
        removed = min(n, have)  # CR 120.3c/h: that many counters, as many as it has
        hits.append({"obj": oid, "damage": n, f"{kind}_removed": removed})
        counters = f"{removed} {kind} counter{'s' if removed != 1 else ''}"
        return f"{obj.name} ({n} damage, {counters} removed)"
    hits.append({"obj": oid, "damage": 0})
    return f"{obj.name} (no effect)"


def _all_objects(ctx: Ctx, o: dict) -> list[int]:
    """The permanents an "each ..." damage hits, in battlefield order."""
    game = ctx.game
    to = str(o.get("to") or "")
    if to == "all":
        owners = None
        if o.get("controlled_by"):
            owners = set(c.players(ctx, o["controlled_by"], o))
        return [
            p.id
            for p in game.battlefield()
            if (owners is None or p.controller in owners) and c.matches(ctx, p.id, o.get("filter"))
        ]
    if to == "each_planeswalker_opponents_control":
        return [
            p.id
            for p in game.battlefield()
            if p.controller in ctx.opponents() and "Planeswalker" in game.face(p).types
        ]
    # hand-written each_creature[_you_dont_control|_opponents_control][_without_flying]
    # [_and_planeswalker...]
    players = ctx.opponents() if "opponents_control" in to or "dont_control" in to else None
    ids = targeting.creatures(game, players=players, without_flying=to.endswith("without_flying"))
    if "filter" in o:
        ids = [i for i in ids if c.matches(ctx, i, o["filter"])]
    if "planeswalker" in to:
        ids += [
            p.id
            for p in game.battlefield()
            if p.controller in ctx.opponents() and "Planeswalker" in game.face(p).types
        ]
    return ids


@op(
    "damage",
    check=_check,
    words=[("amount", "divided")],  # as divided while casting (601.2d)
)
@c.optional_op
def damage(ctx: Ctx, o: dict) -> None:
    """CR 120.3: damage to a creature is marked on it; to a player, it loses that much life."""
    game = ctx.game
    to = _TO_ALIASES.get(o.get("to", "target"), o.get("to", "target"))
    n = 0 if o.get("amount") == "divided" else values.value_of(ctx, o.get("amount"), 0)
    sources = _sources(ctx, o)
    source = sources[0] if sources else None
    if o.get("source") not in (None, "self") and source is None:
        ctx.emit(
            EventKind.DAMAGE,
            f"{ctx.label}: the creature that would deal the damage is gone, so no damage is dealt.",
            "608.2b",
            amount=0,
            data={"players": [], "hits": []},
        )
        return
    hit: list[str] = []
    objs: list[int] = []
    players_hit: list[int] = []
    hits: list[dict] = []  # per object: {"obj", "damage", "loyalty_removed"}
    dealt: list[int] = []  # every amount dealt (lifelink: their sum, 702.15b)

    unpreventable = bool(o.get("unpreventable"))

    def to_player(p: int) -> None:
        got = shields.prevent(game, n, source=source, to_player=p, unpreventable=unpreventable)
        game.change_life(p, -got)
        players_hit.append(p)
        dealt.append(got)
        hit.append(f"{game.pname(p)} ({got}; life {game.players[p].life})")

    def to_object(oid: int) -> None:
        hit.append(damage_object(game, oid, n, hits, source, unpreventable))
        dealt.append(hits[-1]["damage"])
        objs.append(oid)

    if isinstance(to, dict) or to in _TARGETED:
        if isinstance(to, dict):
            refs = c.target_refs(ctx, to["target"])
        elif to == "targets":
            refs = [r for r in ctx.targets if ctx.legal(r)]
        else:
            idx = o.get("target")
            refs = c.target_refs(ctx, idx if isinstance(idx, int) else None)
        base = n
        if to == "divided_evenly" and refs:  # hand-written: X divided evenly, rounded
            q, r = divmod(n, len(refs))
            base = q + (1 if r and o.get("rounding") == "up" else 0)
        for ref in refs:
            # 601.2d: a divided amount was split among the targets as the spell was cast.
            split = o.get("amount") == "divided" or to == "divided"
            n = ctx.division.get(ref, base) if split else base
            if ref.startswith("p"):
                to_player(int(ref[1:]))
            else:
                to_object(int(ref[1:]))
        n = base
    elif to in ("self", "trigger_object"):
        for oid in c.objects(ctx, to, o):
            to_object(oid)
    elif to in _PLAYER_TO:
        for p in c.players(ctx, to, o):
            to_player(p)
    else:
        for oid in _all_objects(ctx, o):
            to_object(oid)
        if o.get("players"):
            for p in c.players(ctx, o["players"], o):
                to_player(p)
    if o.get("exile_if_dies"):
        for h in hits:
            if h["damage"] > 0 and game.face(game.obj(h["obj"])).is_creature:
                game.add_exile_if_dies(h["obj"])
    total = sum(dealt)
    what = ", ".join(hit) if hit else "nothing (no such creature or player)"
    ctx.emit(
        EventKind.DAMAGE,
        f"{ctx.label} deals {n if o.get('amount') != 'divided' else total} damage: {what}.",
        "120.3",
        objects=objs,
        amount=n if o.get("amount") != "divided" else total,
        source=source,
        data={
            "players": players_hit,
            "hits": hits,
            "unpreventable": bool(o.get("unpreventable")),
            "exile_if_dies": bool(o.get("exile_if_dies")),
        },
    )
    _lifelink(ctx, source, total)


def _lifelink(ctx: Ctx, source: int | None, total: int) -> None:
    """CR 702.15b: damage dealt by a source with lifelink makes its controller gain that much."""
    game = ctx.game
    if source is None or total <= 0:
        return
    obj = game.obj(source)
    if "lifelink" not in keywords_of(game, source):  # its abilities now (613, 122.1b)
        return
    game.change_life(obj.controller, total)
    ctx.emit(
        EventKind.LIFE,
        f"{game.verb(obj.controller, 'gain', 'gains')} {total} life "
        f"(lifelink); life {game.players[obj.controller].life}.",
        "702.15b",
        player=obj.controller,
        amount=total,
    )


# ------------------------------------------------------------------------- bite, fight


def power(game: Game, oid: int) -> int:
    """A creature's power now (613: continuous effects and counters, 613.4c); ``*`` is 0."""
    where = game.zone_of(oid)
    if where and where[1] == "battlefield":
        got = game.chars(oid).power
        if got is not None:
            return got
    obj = game.obj(oid)
    face = game.face(obj)
    try:
        printed = eval_int((face.power or "0").replace("*", "0"))
    except ValueError:
        printed = 0
    return printed + obj.counter("+1/+1") - obj.counter("-1/-1")


def _on_battlefield_creature(game: Game, oid: int) -> bool:
    where = game.zone_of(oid)
    return bool(where and where[1] == "battlefield" and game.face(game.obj(oid)).is_creature)


def _check_pair(keys: tuple[str, str]):
    def check(o: dict, ctx: Ctx | None) -> str | None:
        for k in keys:
            part = c.ref_problem(o.get(k), ctx)
            if part or o.get(k) is None:
                return f"{o['op']}: {part or 'which creature'}"
        if ctx is not None:
            for k in keys:
                for src in c.objects(ctx, o.get(k), o):
                    bad = sorted(keywords_of(ctx.game, src) & set(_UNMODELLED))
                    if bad:
                        return f"{o['op']}: damage from a creature with {', '.join(bad)}"
        return None

    return check


def _one(ctx: Ctx, ref: object, o: dict) -> int | None:
    ids = c.objects(ctx, ref if ref != "target" else {"target": 0}, o)
    return ids[0] if ids else None


@op(
    "bite",
    check=_check_pair(("source", "to")),
)
@c.optional_op
def bite(ctx: Ctx, o: dict) -> None:
    """One creature deals damage equal to its power to another (a one-sided fight, 120.3)."""
    game = ctx.game
    src, dst = _one(ctx, o["source"], o), _one(ctx, o["to"], o)
    hits: list[dict] = []
    if src is None or dst is None or not _on_battlefield_creature(game, src):
        ctx.emit(
            EventKind.FIGHT,
            f"{ctx.label}: no damage is dealt (a creature is gone).",
            "608.2b",
            amount=0,
            data={"hits": hits},
        )
        return
    n = max(0, power(game, src))
    words = damage_object(game, dst, n, hits, src)
    ctx.emit(
        EventKind.DAMAGE,
        f"{ctx.label}: {game.obj(src).name} deals {n} to {words}.",
        "120.3",
        objects=(dst,),
        source=src,
        amount=n,
        data={"players": [], "hits": hits},
    )
    _lifelink(ctx, src, n)


@op(
    "fight",
    check=_check_pair(("a", "b")),
)
@c.optional_op
def fight(ctx: Ctx, o: dict) -> None:
    """CR 701.14a: each deals damage equal to its power to the other; if either is no longer
    a creature on the battlefield, no damage is dealt (701.14b)."""
    game = ctx.game
    a, b = _one(ctx, o["a"], o), _one(ctx, o["b"], o)
    hits: list[dict] = []
    if a is None or b is None or not all(_on_battlefield_creature(game, i) for i in (a, b)):
        ctx.emit(
            EventKind.FIGHT,
            f"{ctx.label}: no fight (a creature is gone).",
            "701.14b",
            amount=0,
            data={"hits": hits},
        )
        return
    pa, pb = max(0, power(game, a)), max(0, power(game, b))
    words_a = damage_object(game, b, pa, hits, a)
    words_b = damage_object(game, a, pb, hits, b)
    ctx.emit(
        EventKind.FIGHT,
        f"{game.obj(a).name} and {game.obj(b).name} fight: {words_a}; {words_b}.",
        "701.14a",
        objects=(a, b),
        data={"hits": hits},
    )
    _lifelink(ctx, a, pa)
    _lifelink(ctx, b, pb)


# ------------------------------------------------- each of a group deals its power
_EACH_TO = ("itself", "target")


def _check_each_power(o: dict, ctx: Ctx | None) -> str | None:
    to = o.get("to")
    if to not in _EACH_TO and not (isinstance(to, dict) and isinstance(to.get("target"), int)):
        return f"each deals damage to {to!r}"
    part = c.filter_problem(o.get("filter"))
    if part:
        return f"each deals damage: {part}"
    if ctx is not None:
        for src in filters.select(
            ctx.game, o.get("filter") or {}, controller=ctx.controller, source=ctx.source
        ):
            bad = sorted(keywords_of(ctx.game, src) & set(_UNMODELLED))
            if bad:
                return f"damage from a creature with {', '.join(bad)}"
    return None


@op(
    "each_deals_power_damage",
    check=_check_each_power,
)
def each_deals_power_damage(ctx: Ctx, o: dict) -> None:
    """120.3: each creature matching the filter deals damage equal to its power (613, fixed
    as the effect resolves) to itself or to the target; each is that damage's source."""
    game = ctx.game
    group = [
        i
        for i in filters.select(
            game, o.get("filter") or {}, controller=ctx.controller, source=ctx.source
        )
        if game.chars(i).is_creature
    ]
    amounts = {i: max(0, power(game, i)) for i in group}
    to = o.get("to")
    dst = None if to == "itself" else _one(ctx, to, o)
    hits: list[dict] = []
    for src in group:
        victim = src if to == "itself" else dst
        if victim is None or game.zone_of(victim) is None:
            continue
        n = amounts[src]
        words = damage_object(game, victim, n, hits, src)
        ctx.emit(
            EventKind.DAMAGE,
            f"{ctx.label}: {game.obj(src).name} deals {n} to {words}.",
            "120.3",
            objects=(victim,),
            source=src,
            amount=n,
            data={"players": [], "hits": hits[-1:]},
        )
        _lifelink(ctx, src, n)
    if not group or (to != "itself" and dst is None):
        ctx.emit(
            EventKind.DAMAGE,
            f"{ctx.label}: no damage is dealt.",
            "120.3",
            amount=0,
            data={"players": [], "hits": []},
        )
