"""Choices a Saga remembers: a noted creature type, a chosen card name, and what its later
abilities do with them.

- ``note_creature_type`` (Long List of the Ents): note a creature type not yet noted for
  this object; "when you next cast a creature spell of that type this turn", ``effect``.
- ``chosen_name_trigger`` (Medomai's Prophecy III, The Clone Saga III): a delayed triggered
  ability (603.7c) about objects with the card name chosen for this object (201.3).
- ``goad_chosen_names`` (Day of the Moon): goad every creature with a name chosen for this
  object (701.15; enforced by combat, 508.1d).
- ``exile_named_from_zones`` (The Rise of Sozin II): search a player's graveyard, hand and
  library for up to N cards with the chosen name, exile them, that player shuffles.

Notes and names are records on the object (a ``ContinuousEffect`` lasting while it is on
the battlefield): a Saga that left and came back is a new object with none (400.7).
"""

from __future__ import annotations

from engine.cards import card_names
from engine.cards.creature_types import CREATURE_TYPES, NONCREATURE_SUBTYPES
from engine.core.continuous import ContinuousEffect
from engine.core.events import DecisionKind, EventKind
from engine.lang import effects, refs
from engine.lang.effects import Ctx, op
from engine.rules import layers, op_common
from engine.rules.restrictions import CHOSEN_NAME

E = EventKind
NOTED_TYPE = "noted_creature_type"


def _records(ctx: Ctx, kind: str, key: str) -> list[str]:
    """The values recorded on this object (this one, 400.7), oldest first."""
    game = ctx.game
    return [
        str(e.data.get(key))
        for e in game.continuous
        if e.kind == kind and e.source == ctx.source and layers.active(game, e)
    ]


def _record(ctx: Ctx, kind: str, data: dict) -> None:
    game, src = ctx.game, ctx.source_id()
    game.add_continuous(
        ContinuousEffect(
            id=game.new_id(),
            kind=kind,
            layer="",
            controller=ctx.controller,
            source=src,
            source_stamp=layers.stamp_of(game, src),
            duration="while_source_on_battlefield",
            turn=game.turn,
            timestamp=game.next_timestamp(),
            objects=(src,),
            stamps=(layers.stamp_of(game, src),),
            data=data,
        )
    )


def chosen_names(ctx: Ctx) -> list[str]:
    """The card names chosen for this object (``choose_card_name``, recorded on it while it
    stays on the battlefield, 400.7), oldest first, and last the one this resolution chose
    (kept even if the source left meanwhile: "choose a card name, then ... that name")."""
    names = _records(ctx, CHOSEN_NAME, "name")
    if ctx.chosen_name is not None:
        names = [n for n in names if n != ctx.chosen_name] + [ctx.chosen_name]
    return names


def creature_types_offered(ctx: Ctx) -> list[str]:
    """Every creature type (engine.cards.creature_types, plus any on a card in this game), those
    of creature cards in the controller's hand first (the ones a spell this turn can have)."""
    game = ctx.game
    in_game: set[str] = set()
    for zones in [pl.zones for pl in game.players]:
        for ids in zones.values():
            for i in ids:
                for f in game.obj(i).card.faces:
                    if "Creature" in f.types or "Kindred" in f.types:
                        in_game.update(f.subtypes)
    known = set(CREATURE_TYPES) | (in_game - NONCREATURE_SUBTYPES)
    hand: list[str] = []
    for i in game.players[ctx.controller].zones["hand"]:
        for f in game.obj(i).card.faces:
            if "Creature" in f.types:
                hand += [t for t in f.subtypes if t in known and t not in hand]
    return hand + sorted(known - set(hand))


def _lasting(ctx: Ctx, o: dict) -> None:
    """Create the delayed triggered ability (603.7c) with the ``lasting_trigger`` handler,
    asked of the op registry (op families don't import each other)."""
    effects.OPS["lasting_trigger"].run(ctx, o)


# ----------------------------------------------------------------- note a creature type
def _check_effect(o: dict, ctx: Ctx | None) -> str | None:
    if not isinstance(o.get("effect"), list) or not o["effect"]:
        return "a delayed trigger without an effect"
    if ctx is not None and ctx.source is None:
        return "a note without a source"
    parts = effects.missing_parts(o["effect"], None)
    return "; ".join(parts) if parts else None


@op(
    "note_creature_type",
    check=_check_effect,
)
def note_creature_type(ctx: Ctx, o: dict) -> None:
    """Note a creature type (205.3m) that hasn't been noted for this object (its notes end
    when it leaves the battlefield, 400.7); then a delayed triggered ability (603.7c): when
    you next cast a creature spell of that type this turn (a changeling is every type,
    702.73a), ``effect``."""
    game = ctx.game
    noted = set(_records(ctx, NOTED_TYPE, "type"))
    options = [t for t in creature_types_offered(ctx) if t not in noted]
    if not options:
        ctx.emit(E.NOTE, f"{ctx.label}: every creature type has been noted.", "205.3m", amount=0)
        return
    key = game.decide(
        DecisionKind.PICK,
        f"{ctx.label}: note a creature type",
        [(f"type:{t}", t) for t in options],
        "205.3m",
        player=ctx.controller,
        subject=ctx.label,
        objects=(ctx.source_id(),),
    )
    kind = key.split(":", 1)[1]
    _record(ctx, NOTED_TYPE, {"type": kind})
    ctx.emit(
        E.NOTE,
        f"{ctx.label}: {game.pname(ctx.controller)} notes {kind}.",
        "205.3m",
        objects=(ctx.source,),
        data={"noted_type": kind, "noted": sorted(noted | {kind})},
    )
    _lasting(
        ctx,
        {
            "op": "lasting_trigger",
            "when": "you_cast_spell",
            "duration": "end_of_turn",
            "once": True,
            "filter": {"types": ["Creature"], "creature_type": kind},
            "effect": list(o["effect"]),
        },
    )


# ------------------------------------------------------------- triggers on a chosen name
_NAME_WHENS = ("you_cast_spell", "combat_damage_to_player")


def _check_name_trigger(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("when") not in _NAME_WHENS:
        return f"a trigger on a chosen name, {o.get('when')!r}"
    if o.get("first_this_turn") and o.get("when") != "you_cast_spell":
        return "'for the first time this turn' on a non-cast trigger"
    lasting = {**o, "op": "lasting_trigger", "filter": {**(o.get("filter") or {}), "has_name": "x"}}
    lasting.pop("first_this_turn", None)
    check = effects.OPS["lasting_trigger"].check
    return check(lasting, ctx) if check is not None else None


@op(
    "chosen_name_trigger",
    check=_check_name_trigger,
)
def chosen_name_trigger(ctx: Ctx, o: dict) -> None:
    """603.7c: a delayed triggered ability about objects with the name chosen for this
    object (the latest choice, 201.3; the name is fixed now, as the ability is created)."""
    game = ctx.game
    names = chosen_names(ctx)
    if not names:
        ctx.emit(
            E.NOTE,
            f"{ctx.label}: no card name was chosen for this object; the ability does nothing.",
            "201.3",
            amount=0,
        )
        return
    name = names[-1]
    if o.get("first_this_turn") and any(
        s["player"] == ctx.controller and name in (s.get("names") or ())
        for s in game.this_turn.spells
    ):
        ctx.emit(
            E.NOTE,
            f"{ctx.label}: a spell named {name} was already cast this turn; it "
            "can't be the first time.",
            "603.7c",
            amount=0,
            data={"chosen_name": name},
        )
        return
    flt = {**(o.get("filter") or {}), "has_name": name}
    lasting = {
        "op": "lasting_trigger",
        "when": o["when"],
        "duration": o["duration"],
        "filter": flt,
        "effect": list(o["effect"]),
        "once": bool(o.get("once") or o.get("first_this_turn")),
    }
    _lasting(ctx, lasting)


# ------------------------------------------------------------------------- goad by name
@op(
    "goad_chosen_names",
    check=lambda o, ctx: refs.filter_problem(o.get("filter") or {}),
)
def goad_chosen_names(ctx: Ctx, o: dict) -> None:
    """701.15a: goad every permanent matching ``filter`` with a name chosen for this object
    (201.2b): until your next turn it attacks each combat if able and attacks a player other
    than you if able; the goad is recorded on each creature and enforced by combat (508.1d)."""
    game = ctx.game
    names = chosen_names(ctx)
    flt = o.get("filter") or {}
    hit = [
        p.id
        for p in game.battlefield()
        if any(card_names.has_name(game, p.id, n) for n in names)
        and op_common.matches(ctx, p.id, flt)
    ]
    if not hit:
        ctx.emit(
            E.NOTE,
            f"{ctx.label}: no creature has a chosen name; nothing is goaded.",
            "701.15a",
            amount=0,
            data={"chosen_names": names},
        )
        return
    op_common.begin(
        ctx,
        {"duration": "until_your_next_turn"},
        "goad",
        "",
        hit,
        {"by": ctx.controller, "combat_only": True},
        "701.15a",
        "goaded: it attacks each combat if able, a player other than the goader if able (701.15b)",
    )


# ------------------------------------------------------------ search zones for a name
def _check_exile_named(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("who") != "target_player":
        return f"a search of {o.get('who')!r}'s zones"
    if not isinstance(o.get("up_to"), int) or o["up_to"] < 1:
        return f"a search for up to {o.get('up_to')!r} cards"
    return op_common.who_problem(o["who"], ctx)


@op(
    "exile_named_from_zones",
    check=_check_exile_named,
)
def exile_named_from_zones(ctx: Ctx, o: dict) -> None:
    """701.23: search the player's graveyard, hand and library for up to ``up_to`` cards
    with the card name chosen for this object (201.2b) and exile them (a search for cards
    with a stated quality may find fewer, 701.23b); then that player shuffles (701.24)."""
    game = ctx.game
    players = op_common.players(ctx, o["who"], o)
    if not players:
        ctx.emit(
            E.NOTE, f"{ctx.label}: the player is no longer a legal target.", "608.2b", amount=0
        )
        return
    pl = players[0]
    names = chosen_names(ctx)
    name = names[-1] if names else ""
    found = {
        z: [i for i in game.players[pl].zones[z] if card_names.has_name(game, i, name)]
        for z in ("graveyard", "hand", "library")
    }
    chosen: list[int] = []
    while len(chosen) < o["up_to"] and any(found.values()):
        options = [
            (f"card:o{ids[0]}", f"Exile {game.obj(ids[0]).name} from {z}")
            for z, ids in found.items()
            if ids
        ]
        options.append(("card:none", "None (stop here)"))
        key = game.decide(
            DecisionKind.PICK,
            f"{ctx.label}: exile a card named {name} ({len(chosen) + 1} of up to {o['up_to']})",
            options,
            "701.23",
            player=ctx.controller,
            subject=ctx.label,
            objects=tuple(ids[0] for ids in found.values() if ids),
        )
        if key == "card:none":
            break
        oid = int(key.split(":o")[1])
        chosen.append(oid)
        for ids in found.values():
            if oid in ids:
                ids.remove(oid)
    for oid in chosen:
        game.move(oid, "exile")
    ctx.emit(
        E.EXILE,
        f"{ctx.label} exiles {len(chosen)} card(s) named {name or '(no name was chosen)'}.",
        "701.23a",
        player=pl,
        objects=tuple(chosen),
        amount=len(chosen),
        data={"chosen_name": name, "from": "zones"},
    )
    game.shuffle_library(pl)
    ctx.emit(
        E.SHUFFLE,
        f"{game.verb(pl, 'shuffle', 'shuffles')} {game.poss(pl)} library.",
        "701.24a",
        player=pl,
    )
    ctx.did = bool(chosen)
