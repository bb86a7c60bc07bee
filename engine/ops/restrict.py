"""Static abilities that forbid or permit casting and activating, and the card-name choice
they read (engine.rules.restrictions applies them; these handlers only run as enters-with choices
or note a static ability where a resolution would run it)."""

from __future__ import annotations

from engine.cards import card_names, carddb
from engine.core.continuous import ContinuousEffect
from engine.core.events import DecisionKind, EventKind
from engine.lang import refs
from engine.lang.effects import Ctx, op
from engine.rules import layers
from engine.rules.restrictions import CHOSEN_NAME

_WHO = ("each_opponent", "you", "each_player")


def _note(ctx: Ctx, o: dict) -> None:
    """A static ability does its work while its permanent is on the battlefield
    (engine.rules.restrictions reads it there); run as a resolution it only says so."""
    ctx.emit(
        EventKind.NOTE,
        f"{ctx.label}: {o['op'].replace('_', ' ')} is a static ability; "
        "it applies while its permanent is on the battlefield.",
        "604.1",
        data={"op": o["op"], "noted": True},
    )


def _check_cant_cast(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("who", "each_opponent") not in _WHO:
        return f"can't cast, for {o.get('who')!r}"
    return refs.filter_problem(o.get("filter") or {})


@op("cant_cast", check=_check_cant_cast)
def cant_cast(ctx: Ctx, o: dict) -> None:
    """CR 101.2: a "can't cast" restriction (applied by engine.rules.restrictions.cast_problem)."""
    _note(ctx, o)


@op("flash_permission", check=lambda o, ctx: refs.filter_problem(o.get("filter") or {}))
def flash_permission(ctx: Ctx, o: dict) -> None:
    """CR 702.8a: cast as though it had flash (engine.rules.restrictions.timing_problem)."""
    _note(ctx, o)


@op(
    "cant_activate",
    check=lambda o, ctx: (
        None if o.get("named") == "chosen" else f"can't activate abilities of {o.get('named')!r}"
    ),
)
def cant_activate(ctx: Ctx, o: dict) -> None:
    """CR 101.2, 605.1a: can't be activated unless mana abilities (restrictions)."""
    _note(ctx, o)


def _names_in_game(ctx: Ctx, types: tuple[str, ...] = ()) -> list[str]:
    """The names a player may choose here (engine.cards.card_names.choosable_names): every face
    name of every card in the game, in any zone or on the stack, and a token's name when a
    card of the pool has it too (201.3). Why that is exact: a name matters only through an
    object that has it, and in the playground every card is in the game from the start (no
    outside-the-game zone), so any other name would match nothing; the one case left out is
    a token created later whose name is a card's name no card in this game has."""
    pool = carddb.default_pool()
    return card_names.choosable_names(ctx.game, types, card_names=pool.__contains__)


def _check_choose_name(o: dict, ctx: Ctx | None) -> str | None:
    types = o.get("types", [])
    if not isinstance(types, list) or not all(isinstance(t, str) for t in types):
        return f"a card name with card types {types!r}"
    return None


@op("choose_card_name", check=_check_choose_name)
def choose_card_name(ctx: Ctx, o: dict) -> None:
    """CR 201.3: its controller chooses a card name (as it enters, 614.12, or as a chapter
    ability resolves); the choice lasts while this object is on the battlefield (400.7)."""
    game = ctx.game
    src = ctx.source
    names = _names_in_game(ctx, tuple(o.get("types") or ()))
    if src is None or not names:
        ctx.emit(EventKind.NOTE, f"{ctx.label}: no card name to choose.", "201.3", amount=0)
        return
    key = game.decide(
        DecisionKind.PICK,
        f"{ctx.label}: choose a card name",
        [(f"name:{n}", n) for n in names],
        "201.3",
        player=ctx.controller,
        subject=ctx.label,
        objects=(src,),
    )
    name = key.split(":", 1)[1]
    ctx.chosen_name = name
    game.add_continuous(
        ContinuousEffect(
            id=game.new_id(),
            kind=CHOSEN_NAME,
            layer="",
            controller=ctx.controller,
            source=src,
            source_stamp=layers.stamp_of(game, src),
            duration="while_source_on_battlefield",
            turn=game.turn,
            timestamp=game.next_timestamp(),
            objects=(src,),
            stamps=(layers.stamp_of(game, src),),
            data={"name": name},
        )
    )
    ctx.emit(
        EventKind.NOTE,
        f"{game.obj(src).name}: {game.pname(ctx.controller)} chooses {name}.",
        "201.3",
        objects=(src,),
        data={"chosen_name": name},
    )
