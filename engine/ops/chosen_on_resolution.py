"""Saga chapters whose amount or object is chosen on resolution: "tap any number
... when you do, that much damage", "when you discard a card this way, damage equal to its
mana value", "sacrifice any number ... mana value less than or equal to the number
sacrificed", "up to two permanent cards from your hand", "a creature with the greatest
power among creatures target opponent controls", "for each permanent, choose a counter on
it; you may put another of that kind".

- ``reflexive_this_way`` (603.12): right after an op that moved cards (``what: moved``), a
  reflexive trigger whose ``{"dv": "that_many"}`` amounts are fixed as it triggers: the
  number of the cards moved this way (``of: count``) or their total mana value (``of:
  mana_value``). No card moved: it doesn't trigger ("when you do", 603.12a). Summon:
  Kujata III; Kraven's Last Hunt I (mill, then damage counted as the reflexive resolves).
- ``tap_any_number`` (701.26a): you choose any number of untapped permanents matching
  ``filter`` and tap them; if you tapped at least one, ``reflexive_ops`` trigger with the
  amount ``"that_many"`` = the number tapped (Yotia Declares War II).
- ``sacrifice_any_then_search`` (701.21a, 701.23a): sacrifice any number of permanents
  matching ``filter``; search your library and/or graveyard for a card matching ``search``
  with mana value at most the number sacrificed, put it onto the battlefield; shuffle only
  if the library was searched (The Hunger Tide Rises IV).
- ``put_from_hand_up_to``: up to ``n`` cards matching ``filter`` from your hand onto the
  battlefield at once (The World Spell III).
- ``exile_greatest_power``: you choose a permanent matching ``filter`` that the player
  ``who`` (target opponent) controls with the greatest power (ties: your choice) and exile
  it (Fall of the Impostor III).
- ``another_counter_of_a_kind``: for each permanent matching ``filter``, you choose a kind
  of counter on it and may put one more of that kind on it (122.1; The Caves of
  Androzani II-III).
"""

from __future__ import annotations

import copy
from typing import Any

from engine.core.events import DecisionKind, EventKind
from engine.lang import filters
from engine.lang import targets as targeting
from engine.lang.effects import Ctx, execute, op, problem
from engine.rules import op_common as c
from engine.rules import saga, stack, triggers


def _names(ctx: Ctx, ids: list[int]) -> str:
    return ", ".join(ctx.game.obj(i).name for i in ids) or "nothing"


def _fix(v: Any, n: int) -> Any:
    """A copy of nested ops with every ``{"dv": "that_many"}`` amount (and, in
    ``tap_any_number``'s ``reflexive_ops``, every ``"that_many"`` word) replaced by ``n``."""
    if v == "that_many":
        return n
    if isinstance(v, dict):
        if v.get("dv") == "that_many":
            return n
        return {k: _fix(x, n) for k, x in v.items()}
    if isinstance(v, list):
        return [_fix(x, n) for x in v]
    return copy.copy(v)


def _ops_problem(ops: object, targets: object, what: str) -> str | None:
    """The part of a reflexive's ops (with that_many fixed) or targets that is not simulated."""
    if not isinstance(ops, list) or not ops or not all(isinstance(o, dict) for o in ops):
        return f"{what}: the reflexive ability's ops"
    if targets is not None and (
        not isinstance(targets, list) or not all(isinstance(t, dict) for t in targets)
    ):
        return f"{what}: the reflexive ability's targets"
    for spec in targets or []:
        part = targeting.target_missing(spec)
        if part:
            return f"{what}: {part}"
    for o in ops:
        part = problem(_fix(o, 1))
        if part:
            return f"{what}: {part}"
    return None


def _trigger(ctx: Ctx, ops: list, targets: list | None, n: int) -> None:
    """603.12: the reflexive ability triggers now with its amounts fixed at ``n``."""
    sub: dict = {"op": "reflexive", "ops": _fix(ops, n)}
    if targets:
        sub["targets"] = list(targets)
    execute(ctx, [sub])


# ----------------------------------------------------------- reflexive "this way" (Kujata)

_OF = ("count", "mana_value")


def _check_reflexive(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("of", "count") not in _OF:
        return f"when you do: an amount of {o.get('of')!r}"
    if o.get("what") != "moved":  # "this way": the cards the op right before it moved
        return f"when you do: about {o.get('what')!r}"
    t = o.get("targets")
    if t is not None and (not isinstance(t, list) or not all(isinstance(s, dict) for s in t)):
        return "when you do: the targets"
    for spec in t or []:
        part = targeting.target_missing(spec)
        if part:
            return f"when you do: {part}"
    return None


@op(
    "reflexive_this_way",
    check=_check_reflexive,
)
def reflexive_this_way(ctx: Ctx, o: dict) -> None:
    """603.12a: "when you <verb> a card this way": the cards the op just before it moved
    (608.2c); none: it doesn't trigger. Its amounts are fixed now (the discarded card's
    mana value as it is in the graveyard, 202.3)."""
    game = ctx.game
    moved = [oid for oid, _n in (ctx.moved or ())]
    if not moved:
        ctx.emit(
            EventKind.CONDITION_FALSE,
            f"{ctx.label}: nothing was moved this way, so the reflexive ability doesn't trigger.",
            "603.12a",
            data={"op": "reflexive_this_way"},
        )
        ctx.did = False
        return
    if o.get("of") == "mana_value":
        n = sum(int(filters.characteristics(game, i).mana_value or 0) for i in moved)
    else:
        n = len(moved)
    _trigger(ctx, list(o.get("ops") or []), o.get("targets"), n)
    ctx.did = True


# ------------------------------------------------------------- tap any number (Yotia II)


def _check_tap_any(o: dict, ctx: Ctx | None) -> str | None:
    part = c.filter_problem(o.get("filter"))
    if part or not isinstance(o.get("filter"), dict):
        return f"tap any number of: {part or o.get('filter')!r}"
    return _ops_problem(o.get("reflexive_ops"), o.get("reflexive_targets"), "when you do")


@op(
    "tap_any_number",
    check=_check_tap_any,
)
def tap_any_number(ctx: Ctx, o: dict) -> None:
    """701.26a: you choose any number of untapped permanents you control matching
    ``filter`` (not targeted) and tap them; if you tapped one or more, the reflexive ability
    triggers (603.12) with "that much" fixed to the number tapped."""
    game = ctx.game
    me = ctx.controller
    able = [
        q.id for q in game.battlefield(me) if not q.tapped and c.matches(ctx, q.id, o["filter"])
    ]
    chosen = c.choose_cards(
        ctx,
        able,
        len(able),
        DecisionKind.TAP_OR_UNTAP,
        f"{ctx.label}: choose a permanent to tap",
        "701.26a",
        player=me,
        may_stop=True,
        verb="Tap",
    )
    for oid in chosen:
        game.tap(oid)
    ctx.emit(
        EventKind.TAP,
        f"{ctx.label}: {game.pname(me)} taps {_names(ctx, chosen)}.",
        "701.26a",
        objects=chosen,
        amount=len(chosen),
    )
    ctx.did = bool(chosen)
    if chosen:
        _trigger(ctx, list(o["reflexive_ops"]), o.get("reflexive_targets"), len(chosen))


# --------------------------------------------- sacrifice any number, then search (Hunger Tide)


def _check_sac_search(o: dict, ctx: Ctx | None) -> str | None:
    for key in ("filter", "search"):
        part = c.filter_problem(o.get(key))
        if part or not isinstance(o.get(key), dict):
            return f"sacrifice any number, then search: {part or key}"
    if o.get("to", "battlefield") != "battlefield":
        return f"sacrifice any number, then search: put it {o.get('to')!r}"
    return None


@op(
    "sacrifice_any_then_search",
    check=_check_sac_search,
)
def sacrifice_any_then_search(ctx: Ctx, o: dict) -> None:
    """701.21a: sacrifice any number of permanents matching ``filter`` (at once); then
    search your library and/or graveyard (701.23a) for a card matching ``search`` with mana
    value at most the number sacrificed (202.3), put it onto the battlefield; 701.23: "if
    you search your library this way, shuffle" (a graveyard-only search doesn't)."""
    game = ctx.game
    me = ctx.controller
    able = [q.id for q in game.battlefield(me) if c.matches(ctx, q.id, o["filter"])]
    doomed = c.choose_cards(
        ctx,
        able,
        len(able),
        DecisionKind.SACRIFICE,
        f"{game.pname(me)}: choose a permanent to sacrifice",
        "701.21a",
        player=me,
        may_stop=True,
        verb="Sacrifice",
    )
    for oid in doomed:
        stack.sacrifice(game, oid, f" ({ctx.label})", "701.21a", source=ctx.source)
    n = len(doomed)
    ctx.emit(
        EventKind.NOTE,
        f"{ctx.label}: {n} sacrificed this way; a card with mana value {n} or less may be found.",
        "608.2c",
        amount=n,
        data={"sacrificed": n},
    )
    flt = {**o["search"], "mv": ["<=", n]}
    where = {"both": "library and graveyard", "library": "library", "graveyard": "graveyard"}
    key = game.decide(
        DecisionKind.CHOOSE_OPTION,
        f"{ctx.label}: search where?",
        [(f"search:{w}", f"Search your {words}") for w, words in where.items()],
        "701.23a",
        player=me,
        subject=ctx.label,
    )
    zones = {
        "library": ("library",),
        "graveyard": ("graveyard",),
        "both": ("library", "graveyard"),
    }[key.split(":", 1)[1]]
    pool = [i for z in zones for i in game.players[me].zones[z] if c.matches(ctx, i, flt)]
    found = c.choose_cards(
        ctx,
        pool,
        1,
        DecisionKind.SEARCH,
        f"{ctx.label}: search for a card",
        "701.23a",
        player=me,
        may_stop=True,
        verb="Find",
    )
    for oid in found:
        c.put_onto_battlefield(ctx, oid, me)
    ctx.emit(
        EventKind.SEARCH,
        f"{game.verb(me, 'search', 'searches')} "
        f"{' and '.join(zones)}: {'finds ' + _names(ctx, found) if found else 'finds nothing'}"
        ".",
        "701.23a",
        player=me,
        objects=found,
        amount=len(found),
        data={"library": me, "zones": list(zones)},
    )
    if found:
        ctx.emit(
            EventKind.TO_BATTLEFIELD,
            f"{ctx.label} puts {_names(ctx, found)} onto the battlefield.",
            "701.23a",
            objects=found,
            amount=len(found),
            data={"from": "search", "tapped": False},
        )
        c.entered(ctx, found)
    if "library" in zones:
        game.shuffle_library(me)
        ctx.emit(
            EventKind.SHUFFLE,
            f"{game.verb(me, 'shuffle', 'shuffles')} {game.poss(me)} library.",
            "701.24a",
            player=me,
        )
    ctx.did = bool(found)


# ------------------------------------------------------ up to n from hand (The World Spell)


def _check_up_to(o: dict, ctx: Ctx | None) -> str | None:
    n = o.get("n")
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        return f"put up to {n!r} cards from your hand onto the battlefield"
    part = c.filter_problem(o.get("filter"))
    return f"put up to {n} cards from your hand: {part}" if part else None


@op(
    "put_from_hand_up_to",
    check=_check_up_to,
)
def put_from_hand_up_to(ctx: Ctx, o: dict) -> None:
    """You choose up to ``n`` permanent cards matching ``filter`` in your hand and put them
    onto the battlefield at once (not cast, 400.7; an Aura's object is chosen as it enters,
    303.4a)."""
    game = ctx.game
    me = ctx.controller
    able = [
        i
        for i in game.players[me].zones["hand"]
        if c.matches(ctx, i, o.get("filter")) and game.face(game.obj(i)).is_permanent
    ]
    chosen = c.choose_cards(
        ctx,
        able,
        int(o["n"]),
        DecisionKind.PUT_ONTO_BATTLEFIELD,
        f"{ctx.label}: choose a card to put onto the battlefield",
        "400.7",
        player=me,
        may_stop=True,
        verb="Put",
    )
    for oid in chosen:
        c.put_onto_battlefield(ctx, oid, me)
    ctx.emit(
        EventKind.TO_BATTLEFIELD,
        f"{ctx.label} puts {_names(ctx, chosen)} onto the battlefield.",
        "400.7",
        objects=chosen,
        amount=len(chosen),
        data={"from": "hand", "tapped": False},
    )
    c.entered(ctx, chosen)
    ctx.did = bool(chosen)


# -------------------------------------- the greatest power among theirs (Fall of the Impostor)


def _check_greatest(o: dict, ctx: Ctx | None) -> str | None:
    part = c.who_problem(o.get("who", "target_player"), ctx)
    if part:
        return f"exile the greatest power: {part}"
    part = c.filter_problem(o.get("filter"))
    return f"exile the greatest power: {part}" if part else None


@op(
    "exile_greatest_power",
    check=_check_greatest,
)
def exile_greatest_power(ctx: Ctx, o: dict) -> None:
    """You choose one permanent matching ``filter`` controlled by ``who`` with the greatest
    power among them (a tie: your choice; not targeted, 115.1) and exile it (406.2; a token
    ceases to exist, 111.7)."""
    game = ctx.game
    chosen: list[int] = []
    for p in c.players(ctx, o.get("who", "target_player"), o):
        theirs = [q.id for q in game.battlefield(p) if c.matches(ctx, q.id, o.get("filter"))]
        if not theirs:
            continue
        power = {i: int(filters.characteristics(game, i).power or 0) for i in theirs}
        top = max(power.values())
        able = [i for i in theirs if power[i] == top]
        chosen += c.choose_cards(
            ctx,
            able,
            1,
            DecisionKind.CHOOSE_PERMANENT,
            f"{ctx.label}: choose one with the greatest power",
            "406.2",
            player=ctx.controller,
            verb="Exile",
        )
    for oid in chosen:
        game.move(oid, "exile" if not game.obj(oid).is_token else "none")
    ctx.emit(
        EventKind.EXILE,
        f"{ctx.label} exiles {_names(ctx, chosen)}.",
        "406.2",
        objects=chosen,
        amount=len(chosen),
        data={"from": "battlefield"},
    )
    ctx.did = bool(chosen)


# --------------------------------- one more counter of a kind on each (The Caves of Androzani)


@op(
    "another_counter_of_a_kind",
    check=lambda o, ctx: c.filter_problem(o.get("filter")),
)
def another_counter_of_a_kind(ctx: Ctx, o: dict) -> None:
    """For each permanent matching ``filter`` with a counter on it, you choose a kind of
    counter on it and may put one more counter of that kind on it (one decision per
    permanent: a kind, or none); then the counters are put (122.1; lore: 714.2b)."""
    game = ctx.game
    me = ctx.controller
    picks: list[tuple[int, str]] = []
    for perm in [q for pl in range(len(game.players)) for q in game.battlefield(pl)]:
        if not c.matches(ctx, perm.id, o.get("filter")):
            continue
        kinds = sorted(k for k, n in perm.counters.items() if n > 0)
        if not kinds:
            continue
        options = [(f"counter:{k}", f"Put another {k} counter on {perm.name}") for k in kinds]
        options.append(("counter:none", f"No counter on {perm.name}"))
        key = game.decide(
            DecisionKind.CHOOSE_OPTION,
            f"{ctx.label}: choose a counter on {perm.name}; you may put another of that kind",
            options,
            "122.1",
            player=me,
            subject=ctx.label,
            objects=[perm.id],
        )
        kind = key.split(":", 1)[1]
        if kind != "none":
            picks.append((perm.id, kind))
    for oid, kind in picks:
        if kind == "lore":
            saga.add_lore(game, oid, 1, "714.3c", ctx.label)
            continue
        game.add_counters(oid, kind, 1)
        ctx.emit(
            EventKind.COUNTERS,
            f"{ctx.label} puts a {kind} counter on {game.obj(oid).name}.",
            "122.1",
            objects=(oid,),
            amount=1,
            counter=kind,
        )
    if not picks:
        ctx.emit(EventKind.COUNTERS, f"{ctx.label}: no counter is put.", "122.1", amount=0)
    ctx.did = bool(picks)


# ------------------------------------- a token copy for one turn, Sagas read on (Esper Terra)


def _check_temp_copy(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("what", "target") != "target":
        return f"a token copy of {o.get('what')!r}"
    n = o.get("lore_up_to", 0)
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        return f"up to {n!r} lore counters on the token"
    if o.get("sacrifice_at") not in triggers.DELAYED_WHEN:
        return f"sacrifice it at {o.get('sacrifice_at')!r}"
    return None


@op(
    "token_copy_until",
    check=_check_temp_copy,
)
def token_copy_until(ctx: Ctx, o: dict) -> None:
    """707.2, 111.10: create a token that's a copy of the target (``haste``: it gains haste,
    layer 6); if the token is a Saga you choose 0 to ``lore_up_to`` and put that many lore
    counters on it (122.1; each chapter it passes triggers, 714.2b); a delayed triggered
    ability sacrifices it at ``sacrifice_at`` (603.7a; a new object by then, 400.7, is not
    sacrificed). Esper Terra I-III."""
    game = ctx.game
    known = set(game.objects)
    execute(ctx, [{"op": "create_token_copy", "what": "target", "haste": bool(o.get("haste"))}])
    made = [oid for oid in game.objects if oid not in known and game.zone_of(oid)]
    n_max = int(o.get("lore_up_to", 0))
    for tok in made:
        if not n_max or "Saga" not in filters.characteristics(game, tok).subtypes:
            continue
        key = game.decide(
            DecisionKind.CHOOSE_OPTION,
            f"{ctx.label}: how many lore counters on {game.obj(tok).name}?",
            [
                (f"lore:{k}", f"{k} lore counter{'s' if k != 1 else ''}")
                for k in range(n_max, -1, -1)
            ],
            "122.1",
            player=ctx.controller,
            subject=ctx.label,
            objects=[tok],
        )
        k = int(key.split(":", 1)[1])
        if k:
            saga.add_lore(game, tok, k, "714.3c", ctx.label)
    if not made:
        ctx.did = False
        return
    game.add_delayed(
        {
            "when": o["sacrifice_at"],
            "ops": [{"op": "sacrifice", "what": "moved"}],
            "controller": ctx.controller,
            "source": ctx.source,
            "targets": [],
            "stamps": {},
            "label": ctx.label,
            "turn": game.turn,
            "phase": game.phase.replace(" ", "_"),
            "moved": [[tok, game.zone_changes.get(tok, 0)] for tok in made],
        }
    )
    ctx.emit(
        EventKind.DELAYED,
        f"{ctx.label}: a delayed triggered ability will sacrifice "
        f"{_names(ctx, made)} at the beginning of "
        f"{o['sacrifice_at'].replace('_', ' ')}.",
        "603.7a",
        data={"when": o["sacrifice_at"]},
    )
    ctx.did = True


# ------------------------------- an Aura or Equipment from hand or graveyard (Vault 101 II)

_FROM_ZONES = ("hand", "graveyard")


def _check_put_attach(o: dict, ctx: Ctx | None) -> str | None:
    zones = o.get("zones")
    if not isinstance(zones, list) or not zones or not set(zones) <= set(_FROM_ZONES):
        return f"put a card onto the battlefield from {zones!r}"
    part = c.filter_problem(o.get("filter"))
    return f"put a card onto the battlefield: {part}" if part else None


@op(
    "put_one_then_attach_equipment",
    check=_check_put_attach,
)
def put_one_then_attach_equipment(ctx: Ctx, o: dict) -> None:
    """You may put a card matching ``filter`` from your hand or graveyard onto the
    battlefield (an Aura chooses what it enters attached to, 303.4a); if an Equipment was
    put onto the battlefield this way, you may attach it to a creature you control
    (701.3a)."""
    game = ctx.game
    me = ctx.controller
    # one option per name and zone: a copy in hand and one in the graveyard differ
    able: dict[tuple[str, str], int] = {}
    for z in o["zones"]:
        for i in game.players[me].zones[z]:
            if c.matches(ctx, i, o.get("filter")):
                able.setdefault((game.obj(i).name, z), i)
    chosen: list[int] = []
    if able:
        options = [(f"card:o{i}", f"Put {name} (from your {z})") for (name, z), i in able.items()]
        options.append(("card:none", "None"))
        key = game.decide(
            DecisionKind.PUT_ONTO_BATTLEFIELD,
            f"{ctx.label}: you may put a card onto the battlefield",
            options,
            "400.7",
            player=me,
            subject=ctx.label,
            objects=list(able.values()),
        )
        chosen = [] if key == "card:none" else [int(key.split(":o")[1])]
    ctx.did = bool(chosen)
    if not chosen:
        ctx.emit(
            EventKind.DECLINE,
            f"{game.pname(me)} puts nothing onto the battlefield ({ctx.label}).",
            "608.2d",
            data={"op": o.get("op")},
        )
        return
    (oid,) = chosen
    loc = game.zone_of(oid)  # a card of yours in hand or graveyard (able)
    from_zone = loc[1] if loc is not None else ""
    c.put_onto_battlefield(ctx, oid, me)
    ctx.emit(
        EventKind.TO_BATTLEFIELD,
        f"{ctx.label} puts {game.obj(oid).name} onto the battlefield.",
        "400.7",
        objects=[oid],
        amount=1,
        data={"from": from_zone, "tapped": False},
    )
    c.entered(ctx, [oid])
    where = game.zone_of(oid)
    if not where or where[1] != "battlefield":
        return
    if "Equipment" not in filters.characteristics(game, oid).subtypes:
        return
    hosts = [q.id for q in game.battlefield(me) if q.id != oid and game.chars(q.id).is_creature]
    picked = c.choose_cards(
        ctx,
        hosts,
        1,
        DecisionKind.CHOOSE_PERMANENT,
        f"{ctx.label}: you may attach {game.obj(oid).name} to a creature you control",
        "701.3a",
        player=me,
        may_stop=True,
        verb="Attach to",
    )
    if picked:
        game.attach(oid, picked[0])
        ctx.emit(
            EventKind.ATTACH,
            f"{game.obj(oid).name} becomes attached to {game.obj(picked[0]).name}.",
            "701.3a",
            objects=(oid, picked[0]),
            data={"to": picked[0]},
        )
