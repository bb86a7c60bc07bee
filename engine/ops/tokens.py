"""Tokens (CR 111): created on the battlefield; they are not cards."""

from __future__ import annotations

from engine.cards import CardDef, Face
from engine.effects import Ctx, op
from engine.events import EventKind


@op(
    "create_token",
    fields={
        "token": "its name (and creature type)",
        "count": "number or X",
        "pt": "power/toughness like 2/2 (a creature)",
        "types": "card types (default Creature with pt, else Artifact)",
        "colors": "color letters",
        "keywords": "keyword abilities",
        "tapped": "enters tapped",
    },
)
def create_token(ctx: Ctx, o: dict) -> None:
    """CR 111.1: a token is created on the battlefield; tokens are not cards."""
    game = ctx.game
    count = ctx.amount(o, "count", 1)
    name = o.get("token", "Token")
    pt = o.get("pt")
    power, toughness = (pt.split("/") + [None])[:2] if pt else (None, None)
    types = tuple(o.get("types") or (("Creature",) if pt else ("Artifact",)))
    card = CardDef(
        name=f"{name} token",
        faces=(
            Face(
                name=name,
                type_line=" ".join(types) + " — " + name,
                types=types,
                subtypes=(name,),
                power=power,
                toughness=toughness,
                colors=tuple(o.get("colors") or ()),
                keywords=tuple(o.get("keywords") or ()),
            ),
        ),
    )
    for _ in range(count):
        game.create(
            card,
            ctx.controller,
            "battlefield",
            token=True,
            tapped=bool(o.get("tapped")),
            entered_turn=game.turn,
        )
    desc = f"{count} {pt + ' ' if pt else ''}{name} token{'s' if count != 1 else ''}"
    ctx.emit(
        EventKind.TOKEN,
        f"{ctx.label} creates {desc}.",
        "111.1",
        amount=count,
        data={"token": name, "pt": pt or ""},
    )
