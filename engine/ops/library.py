"""Cards between library, hand and graveyard: draw (CR 121), discard (701.9), mill
(701.17), scry (701.22), surveil (701.25), search (701.23, then shuffle 701.24), look at
the top cards and pick (impulse-style "look at the top N"), put on a library.

Every choice a player makes while these resolve is a decision (``game.decide``): which
card to discard, what to keep on top, the order of cards, what a search finds. The
automatic player takes the first option; scenarios record the answers in ``choices``.

CR numbers follow the rules the project cites (701.6 counter, 701.8 destroy, 701.21
sacrifice, 701.26 tap): in that numbering, the current one, mill is 701.17.
"""

from __future__ import annotations

from engine.core.events import DecisionKind, EventKind
from engine.lang import values
from engine.lang.effects import Ctx, op
from engine.lang.refs import value_problem
from engine.rules import draws
from engine.rules import op_common as c


def _problems(o: dict, ctx: Ctx | None, *, amounts=(), who=(), flt=(), refs=()) -> str | None:
    """The first part of an op that is not simulated: amounts, player groups, filters, refs."""
    for key in amounts:
        if key in o:
            part = value_problem(o[key], ctx)
            if part:
                return f"{o['op'].replace('_', ' ')}: {part}"
    for key in who:
        part = c.who_problem(o.get(key), ctx)
        if part:
            return f"{o['op'].replace('_', ' ')} for {part}"
    for key in flt:
        part = c.filter_problem(o.get(key))
        if part:
            return f"{o['op'].replace('_', ' ')}: {part}"
    for key in refs:
        part = c.ref_problem(o.get(key), ctx)
        if part:
            return f"{o['op'].replace('_', ' ')} {part}"
    return None


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


# ------------------------------------------------------------------------------ draw


def _check_draw(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("delayed"):
        return f"draw {o.get('n')} {o['delayed']}"
    return _problems(o, ctx, amounts=("n",), who=("who",))


@op(
    "draw",
    check=_check_draw,
)
@c.optional_op
def draw(ctx: Ctx, o: dict) -> None:
    """CR 121.1: draw the top card; drawing from an empty library loses the game (704.5b)."""
    game = ctx.game
    n = values.value_of(ctx, o.get("n", 1), 1)
    for p in c.players(ctx, o.get("who"), o):
        for _ in range(draws.how_many(game, p, n, ctx.label)):  # 614.1a (Quantum Riddler)
            top = game.draw_card(p)  # counted for "cards drawn this turn"
            if top is None:
                # 121.4: the loss is a state-based action (704.5b), after this resolution.
                ctx.emit(
                    EventKind.DRAW_EMPTY,
                    f"{game.pname(p)} can't draw from an empty library and will lose the game "
                    "the next time state-based actions are checked.",
                    "121.4",
                    player=p,
                )
                break
            ctx.emit(
                EventKind.DRAW,
                f"{game.verb(p, 'draw', 'draws')} {game.obj(top).name}.",
                "121.1",
                player=p,
                amount=1,
            )


# --------------------------------------------------------------------------- discard


def _check_discard(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("keep"):
        return f"discard down to {str(o['keep'])}"
    if o.get("chooser") not in (None, "you", "player"):
        return f"discard chosen by {o['chooser']}"
    if o.get("up_to") and o.get("random"):
        return "discard up to n cards at random"
    if o.get("n") == "hand":
        return _problems(o, ctx, who=("who",), flt=("filter",))
    return _problems(o, ctx, amounts=("n",), who=("who",), flt=("filter",))


@op(
    "discard",
    check=_check_discard,
    words=[("n", "hand")],  # the whole hand
)
@c.optional_op
def discard(ctx: Ctx, o: dict) -> None:
    """CR 701.9a: the player moves cards from hand to graveyard; who picks them is a decision."""
    game = ctx.game
    for p in c.players(ctx, o.get("who"), o):
        hand = list(game.players[p].zones["hand"])
        if o.get("reveal") or o.get("chooser") == "you":
            ctx.emit(
                EventKind.REVEAL,
                f"{game.verb(p, 'reveal', 'reveals')} {game.poss(p)} hand: "
                f"{', '.join(game.obj(i).name for i in hand) or 'no cards'}.",
                "701.20a",
                player=p,
                objects=hand,
                amount=len(hand),
            )
        able = [i for i in hand if c.matches(ctx, i, o.get("filter"))]
        n = len(hand) if o.get("n") == "hand" else values.value_of(ctx, o.get("n", 1), 1)
        if o.get("random"):
            pool = list(able)
            game.rng.shuffle(pool)
            chosen = pool[:n]
        else:
            chooser = ctx.controller if o.get("chooser") == "you" else p
            chosen = c.choose_cards(
                ctx,
                able,
                n,
                DecisionKind.DISCARD,
                f"{game.pname(chooser)}: choose a card "
                + ("to discard" if chooser == p else game.verb(p, "discard", "discards")),
                "701.9a",
                player=chooser,
                verb="Discard",
                may_stop=bool(o.get("up_to")),
            )
        for oid in chosen:
            game.move(oid, "graveyard", p)
        names = ", ".join(game.obj(i).name for i in chosen) or "nothing"
        ctx.emit(
            EventKind.DISCARD,
            f"{game.verb(p, 'discard', 'discards')} {names} ({ctx.label}).",
            "701.9b" if o.get("random") else "701.9a",
            player=p,
            amount=len(chosen),
            data={"random": bool(o.get("random")), "asked": n},
        )
        ctx.did = bool(chosen)


# ------------------------------------------------------------------------------ mill


def _mill(ctx: Ctx, p: int, n: int) -> list[int]:
    game = ctx.game
    milled = []
    for _ in range(n):
        top = game.top_of_library(p)
        if top is None:
            break
        game.move(top, "graveyard", p)
        milled.append(top)
    ctx.emit(
        EventKind.MILL,
        f"{game.verb(p, 'mill', 'mills')} {_plural(len(milled), 'card')}"
        f"{': ' + ', '.join(game.obj(i).name for i in milled) if milled else ''}.",
        "701.17a",
        player=p,
        amount=len(milled),
    )
    return milled


def _check_mill(o: dict, ctx: Ctx | None) -> str | None:
    return _problems(o, ctx, amounts=("n",), who=("who",))


@op("mill", check=_check_mill)
@c.optional_op
def mill(ctx: Ctx, o: dict) -> None:
    """CR 701.17a: the top N cards of the library go to the graveyard (fewer if it runs out)."""
    for p in c.players(ctx, o.get("who"), o):
        _mill(ctx, p, values.value_of(ctx, o.get("n", 1), 1))


def _check_mtr(o: dict, ctx: Ctx | None) -> str | None:
    return _problems(o, ctx, amounts=("n",), flt=("filter",))


@op(
    "mill_then_return",
    check=_check_mtr,
)
def mill_then_return(ctx: Ctx, o: dict) -> None:
    """Mill N, then (you may) return a card milled this way that matches to your hand."""
    game = ctx.game
    milled = _mill(ctx, ctx.controller, values.value_of(ctx, o.get("n", 1), 1))
    able = [i for i in milled if c.matches(ctx, i, o.get("filter"))]
    chosen = c.choose_cards(
        ctx,
        able,
        1,
        DecisionKind.RETURN_CHOICE,
        "Return a card milled this way to your hand",
        "608.2c",
        player=ctx.controller,
        may_stop=o.get("optional", True) is not False,
        verb="Return",
    )
    for oid in chosen:
        game.move(oid, "hand", ctx.controller)
    ctx.emit(
        EventKind.TO_HAND,
        f"{ctx.label}: {game.obj(chosen[0]).name} returns to hand."
        if chosen
        else f"{ctx.label}: no card is returned to hand.",
        "608.2c",
        amount=len(chosen),
        data={"from": "graveyard"},
    )
    ctx.did = bool(chosen)


# ---------------------------------------------------------------------- scry, surveil


def _check_n(o: dict, ctx: Ctx | None) -> str | None:
    return _problems(o, ctx, amounts=("n",))


def _top(game, p: int, n: int) -> list[int]:
    return list(game.players[p].zones["library"][:n])


def _put_top(ctx: Ctx, p: int, ids: list[int], prompt: str, rule: str) -> None:
    """Put ``ids`` on top of the library in the order the player chooses (first = top)."""
    order = c.order_cards(ctx, ids, prompt, rule, player=p)
    for i, oid in enumerate(order):
        ctx.game.move(oid, "library", p, index=i)


@op("scry", check=_check_n)
@c.optional_op
def scry(ctx: Ctx, o: dict) -> None:
    """CR 701.22a: look at the top N, put any number on the bottom and the rest on top, each
    group in any order (one decision per card, then the orders)."""
    game = ctx.game
    p = ctx.controller
    cards = _top(game, p, values.value_of(ctx, o.get("n", 1), 1))
    top: list[int] = []
    bottom: list[int] = []
    for oid in cards:
        key = game.decide(
            DecisionKind.SCRY,
            f"Scry: keep {game.obj(oid).name} on top or put it on the bottom?",
            [("scry:top", "Keep on top"), ("scry:bottom", "Put on the bottom")],
            "701.22a",
            player=p,
            subject=ctx.label,
            objects=(oid,),
        )
        (top if key == "scry:top" else bottom).append(oid)
    _put_top(ctx, p, top, "Scry: which card goes on top first?", "701.22a")
    for oid in c.order_cards(
        ctx, bottom, "Scry: which card goes to the bottom first?", "701.22a", player=p
    ):
        game.move(oid, "library", p, bottom=True)
    ctx.emit(
        EventKind.SCRY,
        f"{game.verb(p, 'scry', 'scries')} {len(cards)}: {_plural(len(top), 'card')} on top, "
        f"{len(bottom)} on the bottom.",
        "701.22a",
        player=p,
        amount=len(cards),
        data={"top": len(top), "bottom": len(bottom)},
    )


@op("surveil", check=_check_n)
@c.optional_op
def surveil(ctx: Ctx, o: dict) -> None:
    """CR 701.25a: look at the top N, put any number into the graveyard, the rest on top in
    any order."""
    game = ctx.game
    p = ctx.controller
    cards = _top(game, p, values.value_of(ctx, o.get("n", 1), 1))
    top: list[int] = []
    yard: list[int] = []
    for oid in cards:
        key = game.decide(
            DecisionKind.SURVEIL,
            f"Surveil: keep {game.obj(oid).name} on top or put it into your graveyard?",
            [("surveil:top", "Keep on top"), ("surveil:graveyard", "Put into the graveyard")],
            "701.25a",
            player=p,
            subject=ctx.label,
            objects=(oid,),
        )
        (top if key == "surveil:top" else yard).append(oid)
    for oid in yard:
        game.move(oid, "graveyard", p)
    _put_top(ctx, p, top, "Surveil: which card goes on top first?", "701.25a")
    ctx.emit(
        EventKind.SURVEIL,
        f"{game.verb(p, 'surveil', 'surveils')} {len(cards)}: {_plural(len(top), 'card')} on "
        f"top, {len(yard)} into the graveyard.",
        "701.25a",
        player=p,
        amount=len(cards),
        data={"top": len(top), "graveyard": len(yard)},
    )


# --------------------------------------------------------------------- search library

_SEARCH_TO = ("hand", "battlefield", "battlefield_tapped", "library_top", "graveyard", "split")


def _search_filter(o: dict) -> object:
    what = o.get("what")
    if "filter" in o:
        return o["filter"]
    if what in (None, "card", "any card"):
        return None
    return what  # hand-written words: "basic land card"


def _check_search(o: dict, ctx: Ctx | None) -> str | None:
    to = o.get("to")
    if to not in _SEARCH_TO:
        return f"search a library and put the card {str(to).replace('_', ' ')}"
    if to == "split":
        split = o.get("split")
        if not isinstance(split, dict) or not set(split) <= set(_SEARCH_TO) - {"split"}:
            return f"search a library, split {split!r}"
    if o.get("controller") not in (None, "you", "owner"):
        return f"search: under the control of {o['controller']}"
    if "filter" in o and o.get("what") not in (None, "card", "any card"):
        return f"search for {o['what']} with a filter"
    who = _problems(o, ctx, amounts=("count", "min"), who=("who", "whose"))
    if who:
        return who
    part = c.filter_problem(_search_filter(o))
    return f"search for {part}" if part else None


@op(
    "search_library",
    check=_check_search,
)
def search_library(ctx: Ctx, o: dict) -> None:
    """CR 701.23a: search a library for cards (a search for cards with a stated quality may
    find nothing, 701.23b), put them where the effect says, then shuffle (701.24a)."""
    game = ctx.game
    flt = _search_filter(o)
    count = values.value_of(ctx, o.get("count", 1), 1)
    if o.get("split"):
        count = sum(int(v) for v in o["split"].values())
    for searcher in c.players(ctx, o.get("who"), o):
        whose = c.players(ctx, o["whose"], o) if o.get("whose") else [searcher]
        for lib_owner in whose:
            if o.get("optional") and not c.yes_no(
                ctx,
                DecisionKind.MAY,
                f"{ctx.label}: search the library?",
                "608.2c",
                player=searcher,
                yes="Search",
                no="Don't search",
            ):
                ctx.emit(
                    EventKind.DECLINE,
                    f"{game.pname(searcher)} doesn't search.",
                    "608.2c",
                    player=searcher,
                )
                ctx.did = False
                continue
            _search_one(ctx, o, searcher, lib_owner, flt, count)


def _search_one(ctx: Ctx, o: dict, searcher: int, owner: int, flt: object, count: int) -> None:
    game = ctx.game
    pool = [i for i in game.players[owner].zones["library"] if c.matches(ctx, i, flt)]
    if o.get("also_graveyard"):
        pool += [i for i in game.players[owner].zones["graveyard"] if c.matches(ctx, i, flt)]
    # 701.23b: a search for cards with a stated quality may fail to find; "a card" must find.
    may_stop = bool(c.as_filter(flt)) or o.get("min") == 0
    found = c.choose_cards(
        ctx,
        pool,
        count,
        DecisionKind.SEARCH,
        f"{ctx.label}: search for a card",
        "701.23a",
        player=searcher,
        may_stop=may_stop,
        verb="Find",
    )
    dests = _destinations(ctx, o, found, searcher)
    controller = searcher if o.get("controller") == "you" else owner
    entering = []
    for oid, dest in zip(found, dests, strict=True):
        if dest.startswith("battlefield"):
            c.put_onto_battlefield(ctx, oid, controller, tapped=dest == "battlefield_tapped")
            entering.append(oid)
        elif dest == "library_top":
            continue  # put on top after the shuffle (701.23: "shuffle, then put it on top")
        else:
            game.move(oid, dest, owner)
    names = ", ".join(
        f"{game.obj(i).name} ({d.replace('_', ' ')})" for i, d in zip(found, dests, strict=True)
    )
    ctx.emit(
        EventKind.SEARCH,
        f"{game.verb(searcher, 'search', 'searches')} {game.poss(owner)} library"
        f"{' and graveyard' if o.get('also_graveyard') else ''}: "
        f"{'finds ' + names if found else 'finds nothing'}.",
        "701.23a",
        player=searcher,
        objects=found,
        amount=len(found),
        data={"library": owner, "revealed": bool(o.get("reveal"))},
    )
    game.shuffle_library(owner)
    ctx.emit(
        EventKind.SHUFFLE,
        f"{game.verb(owner, 'shuffle', 'shuffles')} "
        f"{game.poss(owner).replace('your', 'your')} library.",
        "701.24a",
        player=owner,
    )
    tops = [i for i, d in zip(found, dests, strict=True) if d == "library_top"]
    for oid in tops:
        game.move(oid, "library", owner)
    if tops:
        ctx.emit(
            EventKind.TO_LIBRARY,
            f"{game.obj(tops[0]).name} is put on top of {game.poss(owner)} library.",
            "701.23a",
            player=owner,
        )
    c.entered(ctx, entering)
    ctx.did = bool(found)


def _destinations(ctx: Ctx, o: dict, found: list[int], player: int) -> list[str]:
    """Where each found card goes; with a split, the player chooses which goes where."""
    if o.get("to") != "split":
        return [o["to"]] * len(found)
    split = {k: int(v) for k, v in o["split"].items()}
    first = next(iter(split))
    picked = set(
        c.choose_cards(
            ctx,
            found,
            split[first],
            DecisionKind.PICK,
            f"{ctx.label}: choose the card put {first.replace('_', ' ')}",
            "608.2c",
            player=player,
            verb="Put there:",
        )
    )
    rest = [k for k in split if k != first]
    return [first if i in picked else (rest[0] if rest else first) for i in found]


# ---------------------------------------------------------------- look at top N, pick

_REST = (
    "bottom_any_order",
    "bottom_random",
    "bottom",
    "top_any_order",
    "top",
    "graveyard",
    "hand",
    "exile",
    "shuffle",
)
_PICK_TO = (
    "hand",
    "battlefield",
    "battlefield_tapped",
    "graveyard",
    "top_any_order",
    "library_top",
    "exile",
)


def _check_look(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("rest") not in _REST:
        return f"look at the top cards; the rest {str(o.get('rest'))}"
    if o.get("to", "hand") not in _PICK_TO:
        return f"look at the top cards; put them {o.get('to')}"
    if o.get("controller") not in (None, "owner"):
        return f"look at the top cards; put them under the control of {o['controller']}"
    pick = o.get("pick", 1)
    if pick != "all" and value_problem(pick, ctx):
        return f"look at the top cards and pick {pick}"
    whose = o.get("whose")
    if whose not in (
        None,
        "you",
        "target_player",
        "target_opponent",
        "each_opponent",
        "controller_of_target",
        "owner_of_target",
    ):
        return f"look at the top of the library of {str(whose).replace('_', ' ')}"
    return _problems(o, ctx, amounts=("n", "min"), flt=("filter",))


@op(
    "look_and_pick",
    check=_check_look,
    words=[("pick", "all")],  # every match
)
@c.optional_op
def look_and_pick(ctx: Ctx, o: dict) -> None:
    """Look at the top N cards (a hidden zone seen by one player), take some that match, put
    the rest where the effect says (CR 608.2c; the orders are the player's decisions)."""
    p = ctx.controller
    owners = c.players(ctx, o["whose"], o) if o.get("whose") not in (None, "you") else [p]
    for owner in owners:
        _look_one(ctx, o, p, owner)


def _look_one(ctx: Ctx, o: dict, p: int, owner: int) -> None:
    game = ctx.game
    cards = _top(game, owner, values.value_of(ctx, o.get("n", 1), 1))
    able = [i for i in cards if c.matches(ctx, i, o.get("filter"))]
    pick = o.get("pick", 1)
    n_pick = len(able) if pick == "all" else values.value_of(ctx, pick, 1)
    may_stop = o.get("min") == 0 or bool(c.as_filter(o.get("filter")))
    picked = (
        c.choose_cards(
            ctx,
            able,
            n_pick,
            DecisionKind.PICK,
            f"{ctx.label}: choose a card to take",
            "608.2c",
            player=p,
            may_stop=may_stop and pick != "all",
            verb="Take",
        )
        if n_pick
        else []
    )
    rest = [i for i in cards if i not in picked]
    to = o.get("to", "hand")
    entering = []
    if to in ("top_any_order", "library_top"):
        _put_top(ctx, owner, picked, "Which card goes on top first?", "608.2c")
    else:
        for oid in picked:
            if to.startswith("battlefield"):
                under = owner if o.get("controller") == "owner" else p  # 110.2a
                c.put_onto_battlefield(ctx, oid, under, tapped=to == "battlefield_tapped")
                entering.append(oid)
            else:
                game.move(oid, to, p if to == "hand" else None)
    _rest(ctx, o["rest"], owner, rest, p)
    ctx.emit(
        EventKind.LOOK,
        f"{game.verb(p, 'look', 'looks')} at the top {_plural(len(cards), 'card')} of "
        f"{game.poss(owner)} library: "
        + (f"takes {', '.join(game.obj(i).name for i in picked)}" if picked else "takes none")
        + f"; the rest: {o['rest'].replace('_', ' ')}.",
        "608.2c",
        player=p,
        objects=picked,
        amount=len(picked),
        data={"library": owner, "looked": len(cards), "to": to, "rest": o["rest"]},
    )
    if o.get("may_shuffle") and c.yes_no(
        ctx,
        DecisionKind.MAY,
        "Shuffle that library?",
        "701.24a",
        player=owner,
        yes="Shuffle",
        no="Don't shuffle",
    ):
        game.shuffle_library(owner)
        ctx.emit(
            EventKind.SHUFFLE,
            f"{game.pname(owner)}'s library is shuffled.",
            "701.24a",
            player=owner,
        )
    c.entered(ctx, entering)
    ctx.did = bool(picked)


def _rest(ctx: Ctx, rest: str, owner: int, ids: list[int], p: int) -> None:
    game = ctx.game
    if not ids:
        return
    if rest in ("top_any_order", "top"):
        _put_top(ctx, owner, ids, "Which card goes on top first?", "608.2c")
    elif rest in ("bottom_any_order", "bottom"):
        for oid in c.order_cards(
            ctx, ids, "Which card goes to the bottom first?", "608.2c", player=p
        ):
            game.move(oid, "library", owner, bottom=True)
    elif rest == "bottom_random":
        order = list(ids)
        game.rng.shuffle(order)
        for oid in order:
            game.move(oid, "library", owner, bottom=True)
    elif rest == "shuffle":
        game.shuffle_library(owner)
    else:  # graveyard, hand, exile
        for oid in ids:
            game.move(oid, rest, owner if rest != "hand" else p)


# ----------------------------------------------------------------- put on a library

_WHERE = ("top", "bottom", "top_or_bottom", "shuffle")
#: "Nth from the top" (Enigma Sphinx: third): the library index it goes to (401.4; with
#: fewer cards above, it goes to the bottom).
_NTH_FROM_TOP = {"second_from_top": 1, "third_from_top": 2}
#: Endurance: "up to one target player puts all the cards from their graveyard on the
#: bottom of their library in a random order" (the hand-written entry's words).
_GRAVEYARD_OF_TARGET = "all cards in target player's graveyard"


def _check_put_lib(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("what") == _GRAVEYARD_OF_TARGET and o.get("where") == "bottom_random":
        return None
    if o.get("where") not in _WHERE and o.get("where") not in _NTH_FROM_TOP:
        return f"put on the library {str(o.get('where')).replace('_', ' ')}"
    if o.get("from") not in (None, "battlefield", "graveyard", "hand", "stack"):
        return f"put on the library from {o['from']}"
    if o.get("from") == "hand":
        if not isinstance(o.get("n"), int) or o.get("where") not in ("top", "bottom"):
            return f"put {o.get('what')} ({o.get('n')}) from hand on the library"
        return None
    if o.get("n") is not None:
        return f"put {o.get('n')} of {o.get('what')} on the library"
    if o.get("chooser") not in (None, "owner"):
        return f"put on the library, chosen by {o['chooser']}"
    return _problems(o, ctx, refs=("what",))


def _graveyard_to_bottom(ctx: Ctx) -> None:
    """Each target player puts every card of their graveyard on the bottom of their library
    in a random order: the card says so, overriding the owner's choice of order (401.4);
    a random order is not a shuffle (no shuffle triggers)."""
    game = ctx.game
    players = [int(r[1:]) for r in c.target_refs(ctx, None) if r.startswith("p")]
    if not players:
        ctx.emit(
            EventKind.BOTTOM,
            f"{ctx.label}: no player was targeted, so nothing happens.",
            "608.2b",
            amount=0,
            data={"mechanic": "put_on_library", "order": "random"},
        )
        return
    for player in players:
        cards = list(game.players[player].zones["graveyard"])
        game.rng.shuffle(cards)
        for oid in cards:
            game.move(oid, "library", player, bottom=True)
        n = len(cards)
        ctx.emit(
            EventKind.BOTTOM,
            f"{ctx.label}: {game.pname(player)} {game.verb(player, 'put', 'puts')} "
            f"{n} card{'s' if n != 1 else ''} from {game.poss(player)} graveyard on the bottom "
            f"of {game.poss(player)} library in a random order"
            f"{'' if n else ' (the graveyard is empty: nothing moves)'}.",
            "608.2c",
            player=player,
            amount=n,
            data={"mechanic": "put_on_library", "order": "random"},
        )


@op(
    "put_on_library",
    check=_check_put_lib,
)
@c.optional_op
def put_on_library(ctx: Ctx, o: dict) -> None:
    """Put the object on top or bottom of its owner's library, or shuffle it in (701.24a);
    a token ceases to exist (111.7)."""
    game = ctx.game
    where = o["where"]
    if o.get("from") == "hand":
        _hand_to_library(ctx, o)
        return
    if o.get("what") == _GRAVEYARD_OF_TARGET:
        _graveyard_to_bottom(ctx)
        return
    for oid in c.objects(ctx, o.get("what"), o):
        obj = game.obj(oid)
        owner = obj.owner
        w = where
        if where == "top_or_bottom":
            w = (
                "top"
                if c.yes_no(
                    ctx,
                    DecisionKind.TOP_OR_BOTTOM,
                    f"Put {obj.name} on top of or on the bottom of the library?",
                    "608.2c",
                    player=owner,
                    yes="Top",
                    no="Bottom",
                )
                else "bottom"
            )
        if obj.is_token:
            game.move(oid, "none")
        elif w in _NTH_FROM_TOP:
            game.move(oid, "library", owner, index=_NTH_FROM_TOP[w])
        else:
            game.move(oid, "library", owner, bottom=w == "bottom")
            if w == "shuffle":
                game.shuffle_library(owner)
        ctx.emit(
            EventKind.TO_LIBRARY,
            f"{ctx.label} puts {obj.name} "
            + (
                "into its owner's library, which is shuffled"
                if w == "shuffle"
                else f"into its owner's library {w.replace('_', ' ')}"
                if w in _NTH_FROM_TOP
                else f"on the {w} of its owner's library"
            )
            + f"{' (a token: it ceases to exist)' if obj.is_token else ''}.",
            "701.24a" if w == "shuffle" else "608.2c",
            player=owner,
            data={"where": w},
        )


def _hand_to_library(ctx: Ctx, o: dict) -> None:
    """Put n cards from your hand on top (in the order you choose) or on the bottom of your
    library (Brainstorm's second half)."""
    game = ctx.game
    p = ctx.controller
    chosen = c.choose_cards(
        ctx,
        list(game.players[p].zones["hand"]),
        int(o["n"]),
        DecisionKind.PICK,
        f"{ctx.label}: choose a card to put from your hand on the library",
        "608.2c",
        player=p,
        verb="Put back",
    )
    if o["where"] == "top":
        _put_top(ctx, p, chosen, "Which card goes on top first?", "608.2c")
    else:
        for oid in chosen:
            game.move(oid, "library", p, bottom=True)
    ctx.emit(
        EventKind.TO_LIBRARY,
        f"{game.verb(p, 'put', 'puts')} {_plural(len(chosen), 'card')} "
        f"from hand on the {o['where']} of the library.",
        "608.2c",
        player=p,
        amount=len(chosen),
        data={"where": o["where"], "from": "hand"},
    )


# --------------------------------------------------------------------------- impulse

_PLAY_UNTIL = ("end_of_turn", "until_end_of_your_next_turn")


def _check_impulse(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("duration") not in _PLAY_UNTIL:
        return f"play the exiled cards until {str(o.get('duration')).replace('_', ' ')}"
    if o.get("from") not in (None, "you", "target_player", "target_opponent"):
        return f"exile the top cards of the library of {o['from']!r}"
    return _problems(o, ctx, amounts=("n",))


def _impulse_library(ctx: Ctx, o: dict) -> int:
    """Whose library the cards come from: yours, or the targeted player's."""
    if o.get("from") in ("target_player", "target_opponent"):
        chosen = [int(t[1:]) for t in ctx.target_refs(o) if t.startswith("p")]
        if chosen:
            return chosen[0]
    return ctx.controller


@op(
    "impulse",
    check=_check_impulse,
)
@c.optional_op
def impulse(ctx: Ctx, o: dict) -> None:
    """Exile the top N cards of your library (or the targeted player's); you may play them
    (or the chosen one) until the duration ends (601.2: cast from exile with the "cast"
    action; a land can't be played in the playground, from any zone)."""
    game = ctx.game
    p = ctx.controller
    owner = _impulse_library(ctx, o)
    cards = _top(game, owner, values.value_of(ctx, o.get("n", 1), 1))
    for oid in cards:
        game.move(oid, "exile", owner)
    # "if you exiled a land card this way" (conditions: exiled_this_way), after later ops too
    ctx.exiled_this_way = tuple((oid, game.zone_changes.get(oid, 0)) for oid in cards)
    playable = cards
    if o.get("choose_one"):
        playable = c.choose_cards(
            ctx,
            cards,
            1,
            DecisionKind.PICK,
            f"{ctx.label}: choose the card you may play",
            "608.2c",
            player=p,
            verb="Choose",
        )
    for oid in playable:
        game.grant_play(oid, p, o["duration"])
    ctx.emit(
        EventKind.EXILE,
        f"{ctx.label} exiles {', '.join(game.obj(i).name for i in cards) or 'nothing'} from "
        f"the top of {game.poss(owner)} library; {game.pname(p)} may play "
        f"{', '.join(game.obj(i).name for i in playable) or 'nothing'} until "
        f"{o['duration'].replace('_', ' ')}.",
        "406.2",
        player=p,
        amount=len(cards),
        data={"from": "library", "playable": list(playable), "until": o["duration"]},
    )
    ctx.did = bool(cards)
