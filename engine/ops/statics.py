"""Static abilities that are not layer effects: replacement effects on entering the
battlefield (CR 614.1c, 614.12) and cost changes (601.2f).

These ops live in the ``static`` list of an entry; they never resolve. The mechanics read
them where they apply (engine.rules.permanents: as the permanent enters); the handlers here are
what a resolution does with them if one ever lists them, and their checks are what
coverage asks.
"""

from __future__ import annotations

from engine.core.events import EventKind
from engine.lang import effects, refs, values
from engine.lang.effects import Ctx, op


def _check_counters(o: dict, ctx: Ctx | None) -> str | None:
    if not o.get("counter"):
        return "enters with counters (which kind is not in the data)"
    return refs.value_problem(o.get("n", 1))


@op("enters_with_counters", check=_check_counters)
def enters_with_counters(ctx: Ctx, o: dict) -> None:
    """CR 614.1c: it enters with counters (applied by engine.rules.permanents as it enters)."""
    game = ctx.game
    n = values.value_of(ctx, o.get("n", 1), 1)
    if ctx.source is not None:
        game.set_counters(ctx.source, o["counter"], n)
        ctx.emit(
            EventKind.COUNTERS,
            f"{game.obj(ctx.source).name} has {n} {o['counter']} counters.",
            "614.1c",
            objects=(ctx.source,),
            amount=n,
            counter=o["counter"],
        )


def _check_tapped(o: dict, ctx: Ctx | None) -> str | None:
    return refs.condition_problem(o["unless"]) if o.get("unless") else None


@op("enters_tapped", check=_check_tapped)
def enters_tapped(ctx: Ctx, o: dict) -> None:
    """CR 614.1c: it enters tapped unless the condition holds (applied as it enters)."""
    if ctx.source is None:
        return
    if o.get("unless") and refs.condition_holds(ctx.game, o["unless"], ctx.controller, ctx.source):
        ctx.emit(
            EventKind.NOTE,
            f"{ctx.game.obj(ctx.source).name} enters untapped (its condition holds).",
            "614.1c",
            objects=(ctx.source,),
        )
        return
    ctx.game.tap(ctx.source)
    ctx.emit(
        EventKind.TAP,
        f"{ctx.game.obj(ctx.source).name} enters tapped.",
        "614.1c",
        objects=(ctx.source,),
    )


def _check_with(o: dict, ctx: Ctx | None) -> str | None:
    """Only the op's own shape: its nested ``ops`` are walked by ``effects.missing_parts``
    (NESTED), and coverage hands this check the op without them (a required field the
    build's ``validate_entry`` already insists on)."""
    if "ops" in o and (not isinstance(o["ops"], list) or not o["ops"]):
        return "enters with (nothing in the data)"
    return None


@op("enters_with", check=_check_with)
def enters_with(ctx: Ctx, o: dict) -> None:
    """CR 614.1c: as this permanent enters, the ops apply to it (counters, a choice...)."""
    effects.run_nested(ctx.sub(), o["ops"])


def _check_cost(o: dict, ctx: Ctx | None) -> str | None:
    spells = o.get("spells")
    if spells != "self" and not isinstance(spells, dict):
        return f"a cost change for {spells!r}"
    if isinstance(spells, dict) and (why := refs.filter_problem(spells)):
        return why
    if o.get("duration") not in COST_DURATIONS:
        return f"a cost change lasting {o['duration']!r}"
    return refs.value_problem(o.get("amount", 0))


#: how long a cost change from a resolving spell or ability lasts (611.2a); none: static
COST_DURATIONS = (None, "end_of_turn", "until_your_next_turn")


@op("cost_change", check=_check_cost)
def cost_change(ctx: Ctx, o: dict) -> None:
    """CR 601.2f: spells cost more or less. The playground does not pay mana (casting
    assumes the cost paid), so a cost change changes nothing here: it is noted (with how
    long it lasts, 611.2a, when a resolving spell or ability makes it)."""
    data = {"cost_change": o.get("amount"), "noted": True}
    if o.get("duration"):
        data["duration"] = o["duration"]
    if o.get("once"):
        data["once"] = True
    ctx.emit(
        EventKind.NOTE,
        f"{ctx.label}: a cost change ({o.get('amount')} generic) — mana "
        "payment is not simulated, so it changes nothing.",
        "611.2a" if o.get("duration") else "601.2f",
        data=data,
    )
