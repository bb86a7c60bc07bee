"""Mana (CR 106.4). Life is in engine/ops/life.py, drawing cards in engine/ops/library.py."""

from __future__ import annotations

import re

from engine.core.events import DecisionKind, EventKind
from engine.lang import filters, values
from engine.lang.effects import Ctx, op

_SYMBOLS = re.compile(r"(\{[^}]+\})+")


_MANA_WORDS = ("any_color", "any_one_color", "any_combination", "one_of")
_COMMANDER = "commander_color_identity"  # Arcane Signet, Command Tower (903.4)
_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _check_mana(o: dict, ctx: Ctx | None) -> str | None:
    mana = o.get("mana", "")
    if o.get("spend_only") is not None:
        part = filters.filter_missing(o["spend_only"])
        if part:
            return f"mana spent only on {part}"
    if o.get("delayed"):
        return f"add mana {o['delayed']}"
    if _SYMBOLS.fullmatch(mana or ""):
        return None
    if mana == _COMMANDER:
        return _check_commander(o, ctx)
    if mana in _MANA_WORDS:
        colors = o.get("colors")
        if colors is not None and not (
            isinstance(colors, list) and colors and all(c in _COLOR_NAMES for c in colors)
        ):
            return f"mana of the colors {colors!r}"
        return None
    return f"add {str(mana).replace('_', ' ') or 'mana'}"


def _choose_color(ctx: Ctx, p: int, colors: list[str], what: str) -> str:
    """A color choice while resolving (106.4, 605.3b: the player chooses)."""
    if len(colors) == 1:
        return colors[0]
    key = ctx.game.decide(
        DecisionKind.CHOOSE_COLOR,
        f"{ctx.label}: choose the color of {what}.",
        [(f"color:{c}", f"{{{c}}} ({_COLOR_NAMES[c]})") for c in colors],
        "106.4",
        player=p,
        subject=ctx.label,
    )
    return key.split(":", 1)[1]


@op(
    "add_mana",
    check=_check_mana,
)
def add_mana(ctx: Ctx, o: dict) -> None:
    """CR 106.4: mana goes into the pool; it empties between steps and phases (500.4). The
    color of "any color" mana is the player's choice (a decision)."""
    mana = o.get("mana", "")
    for p in ctx.players(o.get("who")):
        if mana == _COMMANDER:
            _commander_mana(ctx, p, values.value_of(ctx, o.get("n", 1), 1))
            continue
        if _SYMBOLS.fullmatch(mana or ""):
            got = (
                mana * max(0, values.value_of(ctx, o.get("n", 1), 1))
                if o.get("n") is not None
                else mana
            )
        else:
            n = values.value_of(ctx, o.get("n", 1), 1)
            colors = list(o.get("colors") or "WUBRG")
            if mana in ("any_one_color", "one_of") or len(colors) == 1:
                got = "{" + _choose_color(ctx, p, colors, f"{n} mana") + "}" if n > 0 else ""
                got = got * n if n > 0 else ""
            else:  # any_color / any_combination: each mana's color is chosen
                got = "".join(
                    "{" + _choose_color(ctx, p, colors, f"mana {i + 1} of {n}") + "}"
                    for i in range(n)
                )
        ctx.game.add_mana(p, got, source=ctx.source, only=o.get("spend_only"))
        ctx.emit(
            EventKind.MANA,
            f"{ctx.label}: {ctx.game.verb(p, 'add', 'adds')} {got or 'no mana'}; mana pool "
            f"{ctx.game.players[p].mana}.",
            "106.4",
            player=p,
            data={"mana": got},
        )


# ------------------------------------------- your commander's color identity (903.4)
def _commander_identity(ctx: Ctx, p: int) -> tuple[str | None, tuple[str, ...] | None]:
    """(player p's commander or None, its color identity or None when the card data
    doesn't know it). The scenario names the commander (903.3); the identity is the
    card's (CardDef.color_identity, built from every mana symbol of the card)."""
    name = ctx.game.players[p].commander
    if name is None:
        return None, ()
    return name, ctx.game.pool.get(name).color_identity


def _check_commander(o: dict, ctx: Ctx | None) -> str | None:
    """Not simulated only for a commander whose identity is unknown: never guessed.
    Without a game (coverage) the mana word itself is simulated."""
    if ctx is None:
        return None
    for p in ctx.players(o.get("who")):
        name, identity = _commander_identity(ctx, p)
        if name is not None and identity is None:
            return f"mana of {name}'s color identity (not known in the card data)"
    return None


def _commander_mana(ctx: Ctx, p: int, n: int) -> None:
    """CR 903.4: each mana is of a color in the commander's color identity (the player
    chooses, 106.4); 903.4f: with no commander the identity is undefined and no mana is
    added; a colorless identity offers no color, so no mana either (106.5: mana of an
    undefined type is not produced)."""
    name, identity = _commander_identity(ctx, p)
    colors = list(identity or ())
    if not colors or n <= 0:
        if name is None:
            why, rule = "no commander", "903.4f"
        elif not colors:
            why, rule = f"{name}'s color identity is colorless", "106.5"
        else:
            why, rule = "no mana to add", "106.4"
        ctx.emit(
            EventKind.MANA,
            f"{ctx.label}: {why}, so {ctx.game.verb(p, 'add', 'adds')} no mana.",
            rule,
            player=p,
            data={"mana": "", "commander": name},
        )
        return
    got = "".join(
        "{"
        + _choose_color(
            ctx,
            p,
            colors,
            f"mana {i + 1} of {n} ({name}'s color identity)"
            if n > 1
            else f"the mana ({name}'s color identity)",
        )
        + "}"
        for i in range(n)
    )
    ctx.game.add_mana(p, got, source=ctx.source)
    ctx.emit(
        EventKind.MANA,
        f"{ctx.label}: {ctx.game.verb(p, 'add', 'adds')} {got} ({name}'s color identity); "
        f"mana pool {ctx.game.players[p].mana}.",
        "903.4",
        player=p,
        data={"mana": got, "commander": name},
    )
