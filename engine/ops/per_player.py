"""Saga chapters with a process of their own: a mill loop, each player's own
return or control change, and "each player discards or pays a penalty".

- ``mill_while_shared_type``: mill two; if the two share a card type (205.2a), draw a card
  and repeat (The Tale of Tamiyo I-III). Each pass takes three cards from the library, so
  the loop ends (and it stops when fewer than two are milled).
- ``each_player_returns``: starting with the active player (101.4), each player chooses
  ``n`` cards matching ``filter`` in their own graveyard; then all are put onto the
  battlefield at once under their owners' control (Fall of the Thran II-III). A player
  with fewer returns what they have (609.3: as much as possible).
- ``each_player_gains_control_owned``: each player gains control of every permanent they
  own (layer 2, 613.1b; indefinite: The Fall of Lord Konda II).
- ``each_player_discard_or``: each player in ``who`` (APNAP, 101.4) may discard a card;
  the discards happen at once, then each who didn't loses ``lose_life`` life or sacrifices a
  permanent matching ``sacrifice`` (The Death of Gwen Stacy II; The Long Reach of Night
  I-II's "each opponent sacrifices a creature unless they discard a card", 118.12).
- ``reveal_top_take_if`` (701.20a; a miss stays on top), ``look_at_top_each_player``
  (701.16a), ``shuffle_chosen_from_each_graveyard`` (701.24a).
- Votes (701.38a): ``vote`` (starting with you; ``more`` must get more votes) and
  ``vote_destroy_most``; ``exiled_until_to_bottom`` for the cards exiled with the source;
  ``each_chooses_greatest_to_hand`` (Summon: Valefor I).
"""

from __future__ import annotations

from engine.core.events import DecisionKind, EventKind
from engine.lang import filters
from engine.lang.effects import Ctx, op, run_nested
from engine.rules import draws, sba, stack
from engine.rules import op_common as c


def _names(ctx: Ctx, ids: list[int]) -> str:
    return ", ".join(ctx.game.obj(i).name for i in ids) or "nothing"


def _draw_one(ctx: Ctx, p: int) -> bool:
    """``p`` draws a card (121.1; a draw replacement applies, 614.1a). False: the library
    was empty (121.4: the loss waits for state-based actions, 704.5b)."""
    game = ctx.game
    for _ in range(draws.how_many(game, p, 1, ctx.label)):
        top = game.draw_card(p)
        if top is None:
            ctx.emit(
                EventKind.DRAW_EMPTY,
                f"{game.pname(p)} can't draw from an empty library "
                "and will lose the game the next time state-based actions are checked.",
                "121.4",
                player=p,
            )
            return False
        ctx.emit(
            EventKind.DRAW,
            f"{game.verb(p, 'draw', 'draws')} {game.obj(top).name}.",
            "121.1",
            player=p,
            amount=1,
        )
    return True


# ------------------------------------------------------------------ the mill loop


def _check_mill_loop(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("n", 2) != 2:
        return f"mill {o.get('n')!r} while they share a card type"
    if o.get("who") not in (None, "you"):
        return f"mill loop for {o.get('who')!r}"
    return None


def _share_type(ctx: Ctx, a: int, b: int) -> bool:
    ta = set(filters.characteristics(ctx.game, a).types)
    return any(t in ta for t in filters.characteristics(ctx.game, b).types)


@op(
    "mill_while_shared_type",
    check=_check_mill_loop,
)
def mill_while_shared_type(ctx: Ctx, o: dict) -> None:
    """CR 701.17a mill two; if two cards that share a card type (205.2a) were milled this
    way, draw a card (121.1) and repeat the process."""
    game = ctx.game
    p = ctx.controller
    while True:
        milled: list[int] = []
        for _ in range(2):
            top = game.top_of_library(p)
            if top is None:
                break
            game.move(top, "graveyard", p)
            milled.append(top)
        share = len(milled) == 2 and _share_type(ctx, *milled)
        ctx.emit(
            EventKind.MILL,
            f"{game.verb(p, 'mill', 'mills')} {len(milled)} card"
            f"{'s' if len(milled) != 1 else ''}: {_names(ctx, milled)}"
            f"{' (they share a card type)' if share else ''} ({ctx.label}).",
            "701.17a",
            player=p,
            amount=len(milled),
            objects=milled,
            data={"shared_type": share},
        )
        if not share or not _draw_one(ctx, p):
            return


# ------------------------------------------------ each player returns from their graveyard


def _check_each_returns(o: dict, ctx: Ctx | None) -> str | None:
    n = o.get("n", 1)
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        return f"each player returns {n!r} cards"
    if o.get("to", "battlefield") != "battlefield":
        return f"each player returns cards to {o.get('to')!r}"
    if o.get("who") not in (None, "each_player"):
        return f"each player returns: by {o.get('who')!r}"
    part = c.filter_problem(o.get("filter"))
    return f"each player returns: {part}" if part else None


@op(
    "each_player_returns",
    check=_check_each_returns,
)
def each_player_returns(ctx: Ctx, o: dict) -> None:
    """101.4: each player chooses in APNAP order, then every chosen card is put onto the
    battlefield at once under its owner's control (400.7 new objects); 609.3: fewer if a
    player has fewer."""
    game = ctx.game
    n = int(o.get("n", 1))
    ids: list[int] = []
    for p in c.players(ctx, "each_player", o):
        able = [
            i
            for i in game.players[p].zones["graveyard"]
            if c.matches(ctx, i, o.get("filter"), player=p) and game.face(game.obj(i)).is_permanent
        ]
        ids += c.choose_cards(
            ctx,
            able,
            n,
            DecisionKind.PUT_ONTO_BATTLEFIELD,
            f"{game.pname(p)}: choose a card to return to the battlefield",
            "101.4",
            player=p,
            verb="Return",
        )
    for oid in ids:
        c.put_onto_battlefield(ctx, oid, game.obj(oid).owner)
    ctx.emit(
        EventKind.TO_BATTLEFIELD,
        f"{ctx.label} returns {_names(ctx, ids)} to the battlefield.",
        "101.4",
        objects=ids,
        amount=len(ids),
        data={"from": "graveyard", "tapped": False},
    )
    c.entered(ctx, ids)
    ctx.did = bool(ids)


# ---------------------------------------------------- each player gains control of their own


def _check_owned(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("duration", "permanent") != "permanent":
        return f"each player gains control of what they own {o.get('duration')!r}"
    return None


@op("each_player_gains_control_owned", check=_check_owned)
def each_player_gains_control_owned(ctx: Ctx, o: dict) -> None:
    """613.1b (layer 2), 611.2c: each player gains control of every permanent they own at
    resolution, for as long as the game lasts."""
    game = ctx.game
    for p in c.players(ctx, "each_player", o):
        owned = [
            q.id for pl in range(len(game.players)) for q in game.battlefield(pl) if q.owner == p
        ]
        if owned:
            c.begin(
                ctx,
                {**o, "duration": "permanent"},
                "gain_control",
                "2",
                owned,
                {"to": p},
                "613.1b",
                f"come{'s' if len(owned) == 1 else ''} under {game.poss(p)} control",
            )
    sba.apply_control(game)


# ------------------------------------------------- each player discards or a penalty


def _check_discard_or(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("who") not in ("each_player", "each_opponent"):
        return f"discard or a penalty for {o.get('who')!r}"
    life, sac = o.get("lose_life"), o.get("sacrifice")
    if (life is None) == (sac is None):
        return "discard or a penalty: exactly one of lose_life / sacrifice"
    if life is not None and (not isinstance(life, int) or isinstance(life, bool) or life < 1):
        return f"discard or lose {life!r} life"
    if sac is not None:
        part = c.filter_problem(sac)
        if part or not isinstance(sac, dict):
            return f"discard or sacrifice: {part or sac!r}"
    return None


@op(
    "each_player_discard_or",
    check=_check_discard_or,
)
def each_player_discard_or(ctx: Ctx, o: dict) -> None:
    """101.4: in APNAP order each player chooses a card to discard or none; the discards
    happen at once (701.9a); then each who didn't loses life (119.3) or chooses and
    sacrifices (701.21a), the sacrifices at once."""
    game = ctx.game
    who = c.players(ctx, o.get("who"), o)
    picks: dict[int, list[int]] = {}
    for p in who:
        picks[p] = c.choose_cards(
            ctx,
            list(game.players[p].zones["hand"]),
            1,
            DecisionKind.DISCARD,
            f"{game.pname(p)}: discard a card, or not ({ctx.label})",
            "101.4",
            player=p,
            may_stop=True,
            verb="Discard",
        )
    for p in who:
        for oid in picks[p]:
            game.move(oid, "graveyard", p)
        if picks[p]:
            ctx.emit(
                EventKind.DISCARD,
                f"{game.verb(p, 'discard', 'discards')} {_names(ctx, picks[p])} ({ctx.label}).",
                "701.9a",
                player=p,
                amount=len(picks[p]),
                data={"random": False, "asked": 1},
            )
    others = [p for p in who if not picks[p]]
    if o.get("lose_life") is not None:
        for p in others:
            game.change_life(p, -int(o["lose_life"]))
            ctx.emit(
                EventKind.LIFE,
                f"{game.verb(p, 'lose', 'loses')} {o['lose_life']} life "
                f"({ctx.label}); life {game.players[p].life}.",
                "119.3",
                player=p,
                amount=-int(o["lose_life"]),
            )
        return
    doomed: list[int] = []
    for p in others:
        mine = [q.id for q in game.battlefield(p) if c.matches(ctx, q.id, o["sacrifice"], player=p)]
        doomed += c.choose_cards(
            ctx,
            mine,
            1,
            DecisionKind.SACRIFICE,
            f"{game.pname(p)}: choose a permanent to sacrifice",
            "701.21a",
            player=p,
            verb="Sacrifice",
        )
    for oid in doomed:
        stack.sacrifice(game, oid, f" ({ctx.label})", "701.21a", source=ctx.source)


# ----------------------------------------- reveal the top card, take it if it matches


def _check_reveal_take(o: dict, ctx: Ctx | None) -> str | None:
    if not isinstance(o.get("filter"), dict):
        return "reveal the top card: take it if what"
    part = c.filter_problem(o.get("filter"))
    return f"reveal the top card: {part}" if part else None


@op(
    "reveal_top_take_if",
    check=_check_reveal_take,
)
@c.optional_op
def reveal_top_take_if(ctx: Ctx, o: dict) -> None:
    """701.20a: reveal the top card of your library; if it matches, put it into your hand
    (not a draw, 121.1). A miss is not moved: it stays on top, now known to every player
    (the printed text moves only a match; XMage's revealCards then moveCards likewise)."""
    game = ctx.game
    p = ctx.controller
    top = game.top_of_library(p)
    if top is None:
        ctx.emit(
            EventKind.REVEAL,
            f"{ctx.label}: {game.poss(p)} library is empty; nothing is revealed.",
            "701.20a",
            amount=0,
        )
        ctx.did = False
        return
    name = game.obj(top).name
    hit = c.matches(ctx, top, o["filter"])
    ctx.emit(
        EventKind.REVEAL,
        f"{ctx.label}: {game.pname(p)} reveals {name} from the top of {game.poss(p)} library.",
        "701.20a",
        objects=(top,),
        amount=1,
        data={"from": "library", "match": hit},
    )
    if hit:
        game.move(top, "hand", p)
        ctx.emit(
            EventKind.TO_HAND,
            f"{name} is put into {game.poss(p)} hand.",
            "400.3",
            objects=(top,),
            amount=1,
            data={"from": "library"},
        )
    ctx.did = hit


# ------------------------------------- choose cards in each graveyard, owners shuffle them


def _check_each_gy(o: dict, ctx: Ctx | None) -> str | None:
    n = o.get("n")
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        return f"choose {n!r} cards in each graveyard"
    return None


@op(
    "shuffle_chosen_from_each_graveyard",
    check=_check_each_gy,
)
def shuffle_chosen_from_each_graveyard(ctx: Ctx, o: dict) -> None:
    """You choose ``n`` (``up_to``: up to n) cards in each graveyard, not targeted (115.1);
    each owner shuffles those cards into their library (701.24a; The Three Seasons III)."""
    game = ctx.game
    n = int(o["n"])
    picked: dict[int, list[int]] = {}
    for p in c.players(ctx, "each_player", o):
        picked[p] = c.choose_cards(
            ctx,
            list(game.players[p].zones["graveyard"]),
            n,
            DecisionKind.RETURN_CHOICE,
            f"{ctx.label}: choose a card in {game.poss(p)} graveyard",
            "701.24a",
            player=ctx.controller,
            may_stop=bool(o.get("up_to")),
            verb="Shuffle",
        )
    for p, ids in picked.items():
        for oid in ids:
            game.move(oid, "library", p)
        game.shuffle_library(p)
        ctx.emit(
            EventKind.SHUFFLE,
            f"{ctx.label}: {game.pname(p)} "
            f"{game.verb(p, 'shuffle', 'shuffles')} {_names(ctx, ids)} into "
            f"{game.poss(p)} library.",
            "701.24a",
            player=p,
            objects=ids,
            amount=len(ids),
            data={"from": "graveyard"},
        )


# ----------------------------------------------- look at the top card of each library


@op("look_at_top_each_player")
def look_at_top_each_player(ctx: Ctx, o: dict) -> None:
    """You look at the top card of each player's library (701.16a: only you see them; the
    cards stay where they are). Medomai's Prophecy IV."""
    game = ctx.game
    me = ctx.controller
    for p in c.players(ctx, "each_player", o):
        top = game.top_of_library(p)
        seen = [top] if top is not None else []
        ctx.emit(
            EventKind.LOOK,
            f"{game.verb(me, 'look', 'looks')} at the top card of "
            f"{game.poss(p)} library: {_names(ctx, seen)}.",
            "701.16a",
            player=me,
            objects=seen,
            amount=len(seen),
            data={"library_of": p},
        )


# ------------------------------------------------------------------- voting (701.38)


def _order_from_you(ctx: Ctx) -> list[int]:
    """701.38a: starting with you, the players in turn order."""
    game = ctx.game
    n = len(game.players)
    return [(ctx.controller + i) % n for i in range(n) if (ctx.controller + i) % n not in game.lost]


def _check_vote(o: dict, ctx: Ctx | None) -> str | None:
    opts = o.get("options")
    if not isinstance(opts, list) or len(opts) < 2 or not all(isinstance(x, str) for x in opts):
        return "vote: the options (a list of two or more words)"
    if len(set(opts)) != len(opts):
        return "vote: the options repeat"
    if o.get("more") not in opts:
        return f"vote: if {o.get('more')!r} gets more votes"
    if "ops" in o and not isinstance(o["ops"], list):  # (coverage walks nested lists apart)
        return "vote: what happens then"
    return None


@op(
    "vote",
    check=_check_vote,
)
def vote(ctx: Ctx, o: dict) -> None:
    """701.38a: starting with you, each player votes for one option, in turn order; if
    ``more`` got more votes than every other option, ``ops`` happen (608.2c)."""
    game = ctx.game
    tally = {opt: 0 for opt in o["options"]}
    for p in _order_from_you(ctx):
        key = game.decide(
            DecisionKind.CHOOSE_OPTION,
            f"{ctx.label}: {game.pname(p)} votes",
            [(f"vote:{opt}", f"Vote for {opt}") for opt in o["options"]],
            "701.38a",
            player=p,
            subject=ctx.label,
        )
        choice = key.split(":", 1)[1]
        tally[choice] += 1
        ctx.emit(
            EventKind.NOTE,
            f"{game.pname(p)} votes for {choice} ({ctx.label}).",
            "701.38a",
            player=p,
            data={"vote": choice},
        )
    won = all(tally[o["more"]] > n for opt, n in tally.items() if opt != o["more"])
    ctx.emit(
        EventKind.CONDITION,
        f"{ctx.label}: votes {tally}; {o['more']} {'gets' if won else 'does not get'} more votes.",
        "701.38a",
        data={"holds": won, "op": "vote", "votes": dict(tally)},
    )
    ctx.did = won
    if won:
        run_nested(ctx, o.get("ops") or [])


def _check_exiled_bottom(o: dict, ctx: Ctx | None) -> str | None:
    n = o.get("return_n", 0)
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        return f"return {n!r} of the cards exiled with it"
    return None


@op(
    "exiled_until_to_bottom",
    check=_check_exiled_bottom,
)
def exiled_until_to_bottom(ctx: Ctx, o: dict) -> None:
    """The cards exiled with the source (exiled "until it leaves", 610.3a, or linked,
    607.2a): with ``return_n`` you choose that many to return to the battlefield under their
    owners' control first (Vault 13 III); each owner puts the rest on the bottom of their
    library (401.4: the owner orders them; Trial of a Time Lord IV). New objects (400.7):
    they no longer return when the source leaves."""
    game = ctx.game
    if ctx.source is None:
        ids: list[int] = []
    else:
        ids = list(game.exiled_with(ctx.source))
        for oid, n in game.exiled_until.get(game.stamp_of(ctx.source), []):
            where = game.zone_of(oid)
            if where and where[1] == "exile" and game.zone_changes.get(oid, 0) == n:
                ids.append(oid)
        ids = list(dict.fromkeys(ids))
    back = c.choose_cards(
        ctx,
        ids,
        int(o.get("return_n", 0)),
        DecisionKind.PUT_ONTO_BATTLEFIELD,
        f"{ctx.label}: choose a card to return to the battlefield",
        "610.3a",
        player=ctx.controller,
        verb="Return",
    )
    if o.get("return_n"):
        for oid in back:
            c.put_onto_battlefield(ctx, oid, game.obj(oid).owner)
        ctx.emit(
            EventKind.TO_BATTLEFIELD,
            f"{ctx.label} returns {_names(ctx, back)} to the battlefield.",
            "400.7",
            objects=back,
            amount=len(back),
            data={"from": "exile", "tapped": False},
        )
        c.entered(ctx, back)
    rest = [i for i in ids if i not in back]
    for p in c.players(ctx, "each_player", o):
        mine = [i for i in rest if game.obj(i).owner == p]
        prompt = f"{game.pname(p)}: order the cards for the bottom (first = higher)"
        for oid in c.order_cards(ctx, mine, prompt, "401.4", player=p):
            game.move(oid, "library", p, bottom=True)
        ctx.emit(
            EventKind.TO_LIBRARY,
            f"{ctx.label}: {game.pname(p)} puts {_names(ctx, mine)} "
            f"on the bottom of {game.poss(p)} library.",
            "401.4",
            player=p,
            objects=mine,
            amount=len(mine),
            data={"from": "exile", "where": "bottom"},
        )
    ctx.did = bool(ids)


@op("vote_destroy_most", check=lambda o, ctx: c.filter_problem(o.get("filter")))
def vote_destroy_most(ctx: Ctx, o: dict) -> None:
    """701.38a, 701.38c: each player secretly votes for up to one permanent matching
    ``filter`` (the votes are shown together afterwards); if nothing got a vote each player
    draws a card (121.1), else each permanent with the most votes or tied is destroyed
    (701.8a). Vault 11: Voter's Dilemma II-III."""
    game = ctx.game
    able = [
        q.id
        for pl in range(len(game.players))
        for q in game.battlefield(pl)
        if c.matches(ctx, q.id, o.get("filter"))
    ]
    votes: dict[int, int | None] = {}
    for p in _order_from_you(ctx):
        options = [
            (f"vote:o{i}", f"Vote for {game.obj(i).name} ({game.pname(game.obj(i).controller)})")
            for i in able
        ]
        options.append(("vote:none", "No vote"))
        key = game.decide(
            DecisionKind.CHOOSE_PERMANENT,
            f"{ctx.label}: {game.pname(p)} votes secretly for up to one",
            options,
            "701.38a",
            player=p,
            subject=ctx.label,
            objects=able,
        )
        votes[p] = None if key == "vote:none" else int(key.split(":o")[1])
    tally: dict[int, int] = {}
    for p, oid in votes.items():
        ctx.emit(
            EventKind.NOTE,
            f"{game.pname(p)} voted for "
            f"{game.obj(oid).name if oid is not None else 'nothing'} ({ctx.label}).",
            "701.38a",
            player=p,
            objects=[oid] if oid is not None else [],
            data={"vote": oid},
        )
        if oid is not None:
            tally[oid] = tally.get(oid, 0) + 1
    if not tally:
        for p in c.players(ctx, "each_player", o):
            _draw_one(ctx, p)
        return
    most = max(tally.values())
    for oid in [i for i, n in tally.items() if n == most]:
        if (where := game.zone_of(oid)) is not None and where[1] == "battlefield":
            stack.destroy(game, oid, f" ({ctx.label})", "701.8a", source=ctx.source)


# ------------------------------- each chooses their greatest, those return (Summon: Valefor I)

_BY = {"mana_value": "mana value", "power": "power"}


def _check_greatest(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("who") not in ("each_player", "each_opponent"):
        return f"each chooses the greatest: by {o.get('who')!r}"
    if o.get("greatest") not in _BY:
        return f"the greatest {o.get('greatest')!r}"
    part = c.filter_problem(o.get("filter"))
    return f"each chooses the greatest: {part}" if part else None


def _amount(ctx: Ctx, oid: int, by: str) -> int:
    ch = filters.characteristics(ctx.game, oid)
    return int((ch.mana_value if by == "mana_value" else ch.power) or 0)


@op(
    "each_chooses_greatest_to_hand",
    check=_check_greatest,
)
def each_chooses_greatest_to_hand(ctx: Ctx, o: dict) -> None:
    """101.4: each player in ``who`` (APNAP) chooses a permanent they control matching
    ``filter`` with the greatest ``greatest`` (ties: their choice); the chosen return
    to their owners' hands at once."""
    game = ctx.game
    chosen: list[int] = []
    for p in c.players(ctx, o.get("who"), o):
        mine = [
            q.id for q in game.battlefield(p) if c.matches(ctx, q.id, o.get("filter"), player=p)
        ]
        if not mine:
            continue
        top = max(_amount(ctx, i, o["greatest"]) for i in mine)
        able = [i for i in mine if _amount(ctx, i, o["greatest"]) == top]
        prompt = f"{game.pname(p)}: choose one with the greatest {_BY[o['greatest']]}"
        chosen += c.choose_cards(
            ctx, able, 1, DecisionKind.CHOOSE_PERMANENT, prompt, "101.4", player=p
        )
    for oid in chosen:  # a token ceases to exist (111.7)
        game.move(oid, "hand" if not game.obj(oid).is_token else "none")
    ctx.emit(
        EventKind.BOUNCE,
        f"{ctx.label}: {_names(ctx, chosen)} return to their owners' hands.",
        "400.3",
        objects=chosen,
        amount=len(chosen),
    )
    ctx.did = bool(chosen)
