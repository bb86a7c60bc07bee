"""Equipment keyword actions beyond equip (permanents.keyword_abilities): living weapon
(CR 702.92a; Kaldra Compleat, Batterskull)."""

from __future__ import annotations

from engine.core.events import EventKind
from engine.lang.effects import Ctx, op
from engine.rules import layers
from engine.rules import op_common as tokens  # token_card / make / entered

_GERM = {
    "token": "Phyrexian Germ",
    "pt": "0/0",
    "types": ["Creature"],
    "subtypes": ["Phyrexian", "Germ"],
    "colors": ["B"],
}


@op("living_weapon", check=lambda o, ctx: None)
def living_weapon(ctx: Ctx, o: dict) -> None:
    """CR 702.92a: "When this Equipment enters, create a 0/0 black Phyrexian Germ creature
    token, then attach this Equipment to it." (The Germ is created even if the Equipment
    has left; then there is nothing to attach, 701.3b.)"""
    game = ctx.game
    src = ctx.source
    [germ] = tokens.make(ctx, tokens.token_card(_GERM), 1)
    ctx.emit(
        EventKind.TOKEN,
        f"{ctx.label} creates a 0/0 black Phyrexian Germ token.",
        "702.92a",
        objects=(germ,),
        amount=1,
        data={"token": "Phyrexian Germ", "pt": "0/0", "tokens": [germ]},
    )
    if src is not None and layers.on_battlefield(game, src) and layers.on_battlefield(game, germ):
        game.attach(src, germ)
        ctx.emit(
            EventKind.ATTACH,
            f"{game.obj(src).name} becomes attached to the Germ.",
            "702.92a",
            objects=(src, germ),
            data={"to": germ},
        )
    else:
        ctx.emit(
            EventKind.ATTACH,
            f"{ctx.label}: the Equipment is gone; nothing is attached.",
            "701.3b",
            amount=0,
        )
    tokens.token_entered(ctx, [germ])
