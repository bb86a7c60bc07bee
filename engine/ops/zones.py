"""Ops that move permanents and spells out of play: destroy (CR 701.8), exile (406, 701.13),
bounce (return to hand), sacrifice (701.21), counter a spell (701.6).

Which objects an op means: a reference (``target``, ``targets``, ``{"target": n}``,
``self``, ``trigger_object``), ``all`` permanents matching a ``filter``, or — in the
hand-written card data — a few phrases in words, read into the same filters. Anything
else is named by the op's check as not simulated, before anything changes.
"""

from __future__ import annotations

import re

from engine.core.events import DecisionKind, EventKind
from engine.core.state import StackItem
from engine.lang import refs, values
from engine.lang import targets as targeting
from engine.lang.effects import Ctx, op, run_nested
from engine.rules import op_common as c
from engine.rules import payment, stack

# Hand-written "what" words of the bundled card data, as filters of permanents.
_ALL_WORDS: dict[str, dict] = {
    "all_creatures": {"types": ["Creature"]},
    "all_artifacts_you_dont_control": {"types": ["Artifact"], "controller": "opponent"},
    "all_nonland_permanents_you_dont_control": {"not_types": ["Land"], "controller": "opponent"},
}


def _what_filter(o: dict) -> dict | None:
    """The filter of an ``all`` op (what: all + filter, or a hand-written phrase)."""
    what = o.get("what")
    if what == "all":
        return c.as_filter(o.get("filter"))
    if isinstance(what, str) and what in _ALL_WORDS:
        return _ALL_WORDS[what]
    return None


def _what_problem(o: dict, ctx: Ctx | None, verb: str) -> str | None:
    what = o.get("what", "target")
    if what == "all" or what in _ALL_WORDS:
        if what == "all" and "filter" not in o:
            return f"{verb} all (no filter in the card data)"
        part = c.filter_problem(_what_filter(o))
        return f"{verb} all: {part}" if part else None
    part = c.ref_problem(what, ctx)
    return f"{verb} {part}" if part else None


def _targets_of(ctx: Ctx, o: dict) -> list[int]:
    """The permanents (or, for bounce, spells) the op means now."""
    flt = _what_filter(o)
    if flt is not None:
        return [p.id for p in ctx.game.battlefield() if c.matches(ctx, p.id, flt)]
    return c.objects(ctx, o.get("what", "target"), o)


def _on_battlefield(ctx: Ctx, oid: int) -> bool:
    where = ctx.game.zone_of(oid)
    return bool(where and where[1] == "battlefield")


# --------------------------------------------------------------------------- destroy


def _same_name(ctx: Ctx, ids: list[int]) -> list[int]:
    """The other permanents with the same name as these (Maelstrom Pulse; XMage
    DestroyAllNamedPermanentsEffect): names as they are now (a face-down permanent has
    none, 708.2a, so it shares no name)."""
    game = ctx.game
    names = {game.chars(i).name for i in ids if not game.obj(i).face_down}
    return [
        p.id
        for p in game.battlefield()
        if p.id not in ids and not p.face_down and game.chars(p.id).name in names
    ]


def _check_destroy(o: dict, ctx: Ctx | None) -> str | None:
    what = o.get("what", "target")
    if isinstance(what, str) and what.startswith("all_") and what not in _ALL_WORDS:
        return f"destroy {what.replace('_', ' ')}"
    return _what_problem(o, ctx, "destroy")


@op(
    "destroy",
    check=_check_destroy,
)
@c.optional_op
def destroy(ctx: Ctx, o: dict) -> None:
    """CR 701.8a: destroy moves a permanent to its owner's graveyard (all at once for "all")."""
    ids = [i for i in _targets_of(ctx, o) if _on_battlefield(ctx, i)]
    if o.get("same_name"):
        ids += _same_name(ctx, ids)
    extra = {"no_regen": True} if o.get("no_regen") else {}
    for oid in ids:
        stack.destroy(ctx.game, oid, ctx.label, "701.8a", source=ctx.source, **extra)
    if not ids and o.get("what") not in ("target", "targets", None):
        ctx.emit(EventKind.DESTROY, f"{ctx.label}: nothing to destroy.", "701.8a", amount=0)
    ctx.did = bool(ids)


# ----------------------------------------------------------------------------- exile

_GRAVEYARD_WORDS = re.compile(
    r"^all (?P<what>.+?) in their graveyards?$|^(?P<whose>each opponent's|target player's|"
    r"your|each player's) graveyard$"
)


def _exile_spec(o: dict) -> tuple[str, object, str | None] | None:
    """("graveyard", filter, who) for a graveyard exile, ("board", ...) otherwise; None if
    the hand-written words aren't understood."""
    what = o.get("what", "target")
    if what == "graveyard":
        return "graveyard", o.get("filter"), o.get("who", "you")
    if isinstance(what, str) and " " in what:
        m = _GRAVEYARD_WORDS.match(what)
        if not m:
            return None
        if m.group("what"):
            return "graveyard", m.group("what"), o.get("who", "you")
        who = {
            "each opponent's": "each_opponent",
            "target player's": "target_player",
            "your": "you",
            "each player's": "each_player",
        }[m.group("whose")]
        return "graveyard", o.get("filter"), who
    return "board", None, None


def _check_exile(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("until") not in (None, "source_leaves"):
        return f"exile until {str(o['until']).replace('_', ' ')}"
    if o.get("playable") not in (None, "end_of_turn", "until_end_of_your_next_turn"):
        return f"play the exiled cards until {str(o['playable']).replace('_', ' ')}"
    spec = _exile_spec(o)
    if spec is None:
        return f"exile {o.get('what')}"
    if spec[0] == "graveyard":
        part = c.filter_problem(spec[1]) or c.who_problem(spec[2], ctx)
        return f"exile from graveyards: {part}" if part else None
    return _what_problem(o, ctx, "exile")


@op(
    "exile",
    check=_check_exile,
)
@c.optional_op
def exile(ctx: Ctx, o: dict) -> None:
    """CR 406.2 / 701.13a: the objects go to exile (a token ceases to exist, 111.7)."""
    game = ctx.game
    kind, flt, who = _exile_spec(o) or ("board", None, None)
    until = o.get("until") == "source_leaves"
    if until and not _on_battlefield(ctx, ctx.source if ctx.source is not None else -1):
        # 610.3c: the source already left the battlefield: nothing is exiled.
        ctx.emit(
            EventKind.EXILE,
            f"{ctx.label}: its source has left the battlefield, so nothing is exiled.",
            "610.3c",
            amount=0,
            data={"until": "source_leaves"},
        )
        ctx.did = False
        return
    if kind == "graveyard":
        ids = [
            i
            for p in c.players(ctx, who, o)
            for i in game.players[p].zones["graveyard"]
            if c.matches(ctx, i, flt)
        ]
    else:
        ids = [i for i in _targets_of(ctx, o) if game.zone_of(i)]
    names = []
    for oid in ids:
        obj = game.obj(oid)
        gone = obj.is_token
        game.move(oid, "exile" if not gone else "none")
        if o.get("remember") and not gone and ctx.source is not None:
            game.link_exiled(ctx.source, oid)
        if until and not gone and ctx.source is not None:
            game.exile_until_leaves(ctx.source, oid)
        if o.get("playable") and not gone:  # "you may cast it this turn"
            game.grant_play(oid, ctx.controller, o["playable"])
        names.append(f"{obj.name}{stack.token_note(obj)}")
    ctx.emit(
        EventKind.EXILE,
        f"{ctx.label} exiles {', '.join(names) or 'nothing'}.",
        "406.2",
        amount=len(ids),
        player=game.obj(ids[0]).owner if len(ids) == 1 else ctx.controller,
        data={
            "from": kind,
            "remember": bool(o.get("remember")),
            "until": o.get("until"),
            **({"playable": o["playable"]} if o.get("playable") else {}),
        },
    )
    ctx.did = bool(ids)


# ------------------------------------------------------------------ return to hand


def _check_bounce(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("what") == "chosen":
        return (
            c.filter_problem(o.get("filter"))
            or c.who_problem(o.get("who"), ctx)
            or refs.value_problem(o.get("n", 1), ctx)
        )
    return _what_problem(o, ctx, "return to hand")


@op(
    "return_to_hand",
    check=_check_bounce,
)
@c.optional_op
def return_to_hand(ctx: Ctx, o: dict) -> None:
    """Bounce: the permanent (or spell) goes to its owner's hand; a token ceases to exist."""
    game = ctx.game
    if o.get("what") == "chosen":
        ids: list[int] = []
        for p in c.players(ctx, o.get("who"), o):
            mine = [
                q.id for q in game.battlefield(p) if c.matches(ctx, q.id, o.get("filter"), player=p)
            ]
            ids += c.choose_cards(
                ctx,
                mine,
                values.value_of(ctx, o.get("n", 1), 1),
                DecisionKind.CHOOSE_PERMANENT,
                f"{game.pname(p)}: choose a permanent to return to hand",
                "608.2c",
                player=p,
                verb="Return",
            )
    else:
        ids = _targets_of(ctx, o)
    for oid in ids:
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
    ctx.did = bool(ids)


# ------------------------------------------------------------------------- sacrifice


def _check_sacrifice(o: dict, ctx: Ctx | None) -> str | None:
    what = o.get("what")
    if not what:
        return "sacrifice (which permanent is not in the card data)"
    if o.get("keep"):
        return f"sacrifice all but the {o['keep']}"
    if what == "all" and isinstance(o.get("filter"), dict):  # all you control matching it
        if o.get("who") not in (None, "you"):
            return f"sacrifice all matching permanents by {o['who']}"
        part = c.filter_problem(o["filter"])
        return f"sacrifice all: {part}" if part else None
    if what == "chosen":
        part = (
            c.filter_problem(o.get("filter"))
            or c.who_problem(o.get("who"), ctx)
            or refs.value_problem(o.get("n", 1), ctx)
        )
        return f"sacrifice: {part}" if part else None
    if what in ("self", "target", "targets", "trigger_object", "moved") or isinstance(what, dict):
        part = c.ref_problem(what, ctx)
        return f"sacrifice {part}" if part else None
    if isinstance(what, str) and "filter" not in o:
        return None  # hand-written words ("creature", "all creatures they control")
    return f"sacrifice {what}"


def _sacrifice_all_matching(ctx: Ctx, o: dict) -> None:
    """701.21a: you sacrifice every permanent you control that matches the filter
    (SacrificeAllControllerEffect)."""
    game = ctx.game
    ids = [p.id for p in game.battlefield(ctx.controller) if c.matches(ctx, p.id, o["filter"])]
    for oid in ids:
        stack.sacrifice(game, oid, f" ({ctx.label})", "701.21a", source=ctx.source)
    if not ids:
        ctx.emit(
            EventKind.SACRIFICE,
            f"{ctx.label}: you control nothing to sacrifice.",
            "701.21a",
            amount=0,
            data={"what": "all"},
        )
    ctx.did = bool(ids)


@op(
    "sacrifice",
    check=_check_sacrifice,
)
@c.optional_op
def sacrifice(ctx: Ctx, o: dict) -> None:
    """CR 701.21a: a player moves a permanent they control to its owner's graveyard."""
    game = ctx.game
    what = o.get("what") or ""
    if what == "chosen":
        _sacrifice_chosen(ctx, o)
    elif what == "all" and isinstance(o.get("filter"), dict):
        _sacrifice_all_matching(ctx, o)
    elif what in ("self", "target", "targets", "trigger_object", "moved") or isinstance(what, dict):
        ids = [i for i in c.objects(ctx, what, o) if _on_battlefield(ctx, i)]
        for oid in ids:
            stack.sacrifice(game, oid, f" ({ctx.label})", "701.21a", source=ctx.source)
        if not ids:
            ctx.emit(
                EventKind.SACRIFICE,
                f"{ctx.label}: it is no longer on the battlefield, so it isn't sacrificed.",
                "701.21a",
                amount=0,
                data={"what": str(what)},
            )
        ctx.did = bool(ids)
    elif "all" in what.split():
        _sacrifice_all_words(ctx, o, what)
        return
    else:
        _sacrifice_one_word(ctx, o, what)
    if ctx.did and o.get("then"):
        run_nested(ctx.sub(), o["then"])


@c.optional_op
def _sacrifice_chosen(ctx: Ctx, o: dict) -> None:
    """Each player in ``who`` chooses n permanents they control that match (APNAP order,
    101.4), then all are sacrificed at once."""
    game = ctx.game
    n = values.value_of(ctx, o.get("n", 1), 1)
    doomed: list[int] = []
    for p in c.players(ctx, o.get("who"), o):
        mine = [
            q.id for q in game.battlefield(p) if c.matches(ctx, q.id, o.get("filter"), player=p)
        ]
        doomed += c.choose_cards(
            ctx,
            mine,
            n,
            DecisionKind.SACRIFICE,
            f"{game.pname(p)}: choose a permanent to sacrifice",
            "701.21a",
            player=p,
            verb="Sacrifice",
        )
    for oid in doomed:
        stack.sacrifice(game, oid, f" ({ctx.label})", "701.21a", source=ctx.source)
    if not doomed:
        ctx.emit(
            EventKind.SACRIFICE,
            f"{ctx.label}: nothing to sacrifice.",
            "701.21a",
            amount=0,
            data={"what": "chosen"},
        )
    ctx.did = bool(doomed)


def _sacrifice_all_words(ctx: Ctx, o: dict, what: str) -> None:
    game = ctx.game
    players = c.players(ctx, o.get("who"), o)
    doomed = [
        p.id
        for p in game.battlefield()
        if p.controller in players and targeting.matches_words(game, p.id, what.replace("all", ""))
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


def _sacrifice_one_word(ctx: Ctx, o: dict, what: str) -> None:
    """Hand-written "sacrifice a creature": exactly one, the controller's choice."""
    game = ctx.game
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


# ----------------------------------------------------------------------- counter_spell


def _check_counter(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("unless_costs"):
        return "counter unless its controller pays a cost other than mana"
    if o.get("unless_pay_generic") is not None:
        part = refs.value_problem(o["unless_pay_generic"], ctx)
        if part:
            return f"counter unless its controller pays {part}"
    if o.get("destination", "graveyard") not in ("graveyard", "exile", "hand", "library_top"):
        return f"counter it into {o['destination']}"
    part = c.ref_problem(o.get("what", "target"), ctx)
    return f"counter {part}" if part else None


@op(
    "counter_spell",
    check=_check_counter,
)
@c.optional_op
def counter_spell(ctx: Ctx, o: dict) -> None:
    """CR 701.6a: counter the target spell; it goes to its owner's graveyard (or elsewhere).
    "Unless its controller pays": that player decides (608.2c)."""
    game = ctx.game
    dest = {"exile": "exile", "hand": "hand", "library_top": "library"}.get(
        o.get("destination", ""), "graveyard"
    )
    cost = o.get("unless_pay")
    if cost is None and o.get("unless_pay_generic") is not None:
        cost = "{" + str(values.value_of(ctx, o["unless_pay_generic"], 0)) + "}"
    countered = False
    for item in _items(ctx, o):
        if cost and payment.real(game):  # 608.2c with real mana payment (601.2g-h)
            if _pays_for_real(ctx, item.controller, cost, item.text):
                continue
        elif cost and _pays(ctx, item.controller, cost, item.text):
            ctx.emit(
                EventKind.COST,
                f"{game.verb(item.controller, 'pay', 'pays')} {cost}, so "
                f"{item.text} isn't countered (mana payment isn't simulated).",
                "608.2c",
                player=item.controller,
                data={"paid": cost},
            )
            continue
        stack.counter_item(game, item, dest, by=f" by {ctx.label}", source=ctx.source)
        countered = True
    ctx.did = countered


def _items(ctx: Ctx, o: dict) -> list[StackItem]:
    """The spells (or, for "that spell or ability" of a target trigger, the ability) the op
    counters, still on the stack. A target trigger's event names the stack item that
    targeted (triggers.Fact.item): an ability has no card to look up (701.6b, 702.21a)."""
    game = ctx.game
    item_id = ctx.event.get("item") if o.get("what") == "trigger_object" else None
    if isinstance(item_id, int):
        return [s for s in game.stack if s.id == item_id]
    out = []
    for oid in c.objects(ctx, o.get("what", "target"), o):
        item = next((s for s in game.stack if s.card_id == oid), None)
        if item is not None:
            out.append(item)
    return out


def _pays_for_real(ctx: Ctx, player: int, cost: str, spell: str) -> bool:
    """ "Unless its controller pays": offered only when it can be paid (601.2h), then paid
    with the player's mana sources (engine.rules.payment). Whether it was paid."""
    game = ctx.game
    unpayable = payment.problem(game, player, cost)
    if unpayable is not None:
        ctx.emit(
            EventKind.COST,
            f"{game.pname(player)} can't pay {cost} for {spell} ({unpayable}).",
            "608.2c",
            player=player,
            data={"paid": False, "cost": cost, "why": unpayable.why, "missing": unpayable.missing},
        )
        return False
    key = game.decide(
        DecisionKind.UNLESS_PAY,
        f"{game.pname(player)}: pay {cost} so {spell} isn't countered?",
        [("decline", "Don't pay"), ("pay", f"Pay {cost}")],
        "608.2c",
        player=player,
        subject=ctx.label,
    )
    if key != "pay":
        return False
    payment.pay(game, player, cost, f"{spell} (so it isn't countered)", rule="608.2c")
    return True


def _pays(ctx: Ctx, player: int, cost: str, spell: str) -> bool:
    key = ctx.game.decide(
        DecisionKind.UNLESS_PAY,
        f"{ctx.game.pname(player)}: pay {cost} so {spell} isn't countered?",
        [("decline", "Don't pay"), ("pay", f"Pay {cost} (mana payment isn't simulated)")],
        "608.2c",
        player=player,
        subject=ctx.label,
    )
    return key == "pay"


def return_when_source_leaves(game, event) -> None:
    """Registered for every event: CR 610.3a, the cards exiled "until <source> leaves the
    battlefield" return immediately after the event that moved the source (in the middle
    of a resolution too), not at the next priority. The return's own event goes to the
    other event hooks (triggers: "whenever a creature enters")."""
    if not event.moves or not game.exiled_until:
        return
    sources = {src for src, _ in game.exiled_until}
    if not any(m.obj in sources for m in event.moves):
        return
    for back in return_exiled_until(game, events=True) or ():
        for hook in game.rules.on_event:
            if hook is not return_when_source_leaves:
                hook(game, back)


def return_exiled_until(game, events: bool = False):
    """CR 610.3a: cards exiled "until <source> leaves the battlefield" return to the
    battlefield under their owners' control once it has left. Immediately after the event
    (``return_when_source_leaves``); checked again each time a player would receive
    priority (wired in engine.play.wiring) for a source that left without an event. True if
    anything returned (with ``events``: the return events)."""
    acted = False
    emitted = []
    for source, cards in game.take_returning():
        for oid in cards:
            owner = game.obj(oid).owner
            game.move(oid, "battlefield", owner)
            game.set_status(oid, controller=owner, entered_turn=game.turn, was_cast=False)
        emitted.append(
            game.emit(
                EventKind.TO_BATTLEFIELD,
                f"{game.obj(source).name} has left the battlefield: "
                f"{', '.join(game.obj(i).name for i in cards) or 'nothing'} returns from exile.",
                "610.3a",
                objects=cards,
                source=source,
                amount=len(cards),
                data={"from": "exile", "until": "source_leaves"},
            )
        )
        for oid in cards:
            for hook in game.rules.on_enter:
                hook(game, oid, cast=False, x=0, free=False)
        acted = True
    return emitted if events else acted
