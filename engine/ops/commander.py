"""Mana of the commander's color identity (CR 903.4): Arcane Signet, Command Tower.

The player's commander is named by the scenario (``players[i].commander``, 903.3); its
color identity is the card's (``CardDef.color_identity``, computed by the card-data build
from every mana symbol of the card). With no commander, or a commander whose identity is
colorless, the ability adds no mana (903.4f; 106.5: mana of an undefined type is not
produced). A commander whose identity the card data does not know is not simulated: the
colors are never guessed.
"""

from __future__ import annotations

from engine.effects import Ctx, op
from engine.events import DecisionKind, EventKind

_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _identity(ctx: Ctx) -> tuple[str | None, tuple[str, ...] | None]:
    """(the controller's commander or None, its color identity or None when unknown)."""
    name = ctx.game.commanders[ctx.controller]
    if name is None:
        return None, ()
    return name, ctx.game.pool.get(name).color_identity


def _check(o: dict, ctx: Ctx | None) -> str | None:
    if ctx is None:  # coverage: the op itself is simulated; the commander is the game's
        return None
    name, identity = _identity(ctx)
    if name is not None and identity is None:
        return f"mana of {name}'s color identity (not known in the card data)"
    return None


@op("commander_color_identity", fields={}, check=_check)
def commander_color_identity(ctx: Ctx, o: dict) -> None:
    """Add one mana of any color in your commander's color identity (903.4); none with
    no commander or a colorless one (903.4f, 106.5)."""
    p = ctx.controller
    name, identity = _identity(ctx)
    colors = list(identity or ())
    if not colors:
        why = "you have no commander" if name is None else f"{name}'s color identity is colorless"
        ctx.emit(
            EventKind.MANA,
            f"{ctx.label}: {why}, so no mana is added.",
            "903.4f",
            player=p,
            data={"mana": "", "commander": name},
        )
        return
    color = colors[0]
    if len(colors) > 1:
        key = ctx.game.decide(
            DecisionKind.CHOOSE_COLOR,
            f"{ctx.label}: choose a color in {name}'s color identity.",
            [(f"color:{c}", f"{{{c}}} ({_COLOR_NAMES[c]})") for c in colors],
            "903.4",
            player=p,
            subject=ctx.label,
        )
        color = key.split(":", 1)[1]
    got = "{" + color + "}"
    ctx.game.add_mana(p, got)
    ctx.emit(
        EventKind.MANA,
        f"{ctx.label}: {ctx.game.verb(p, 'add', 'adds')} {got} ({name}'s color identity); "
        f"mana pool {ctx.game.mana[p]}.",
        "903.4",
        player=p,
        data={"mana": got, "commander": name},
    )
