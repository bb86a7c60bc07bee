"""Effects that last for a stated time: delayed triggered abilities with a duration.

- ``lasting_trigger`` (603.7c): "whenever you cast a spell this turn, ...", "until your
  next turn, whenever ...", and "when you next cast ... this turn" (``once``). The ability
  waits in ``game.delayed`` (``kind: lasting``); engine/rules/triggers.py fires it on the events
  and casts it names and ends it in the cleanup step (514.2) or as its controller's next
  turn begins (611.2b).

- ``spell_enters_with_counters`` (614.1c): the spell that triggered it ("when you next cast
  a creature spell this turn, that creature enters with an additional +1/+1 counter")
  enters with more counters; engine/rules/permanents.py adds them as it enters.

Its ``effect`` ops run later, when the ability resolves, in that resolution's context (the
spell that was cast is the trigger object): they are checked without a game when the
ability is created, and again, whole, when it resolves (all or nothing).
"""

from __future__ import annotations

from engine.core.events import EventKind
from engine.lang import effects
from engine.lang.effects import Ctx, op
from engine.rules import triggers

E = EventKind

#: the op's fields that make up its trigger object (engine/rules/triggers.py)
TRIGGER_KEYS = ("when", "filter", "targets", "condition", "optional", "attacks_you")


def trigger_of(o: dict) -> dict:
    """The trigger object a ``lasting_trigger`` op creates."""
    trig = {k: o[k] for k in TRIGGER_KEYS if k in o}
    trig["ops"] = list(o.get("effect") or [])
    return trig


def _check_lasting(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("duration") not in triggers.LASTING_DURATIONS:
        return f"a delayed trigger lasting {o.get('duration')!r}"
    if not isinstance(o.get("effect"), list) or not o["effect"]:
        return "a delayed trigger without an effect"
    if ctx is not None and ctx.source is None:
        return "a delayed trigger without a source"
    part = triggers.lasting_missing(trigger_of(o))
    if part:
        return part
    parts = effects.missing_parts(o["effect"], None)  # they run later, in their own context
    return "; ".join(parts) if parts else None


@op(
    "lasting_trigger",
    check=_check_lasting,
)
def lasting_trigger(ctx: Ctx, o: dict) -> None:
    """603.7c: a delayed triggered ability with a stated duration is created; it triggers
    each time its event happens (once, for "when you next ..."), until the duration ends."""
    game = ctx.game
    duration = o["duration"]
    game.add_delayed(
        {
            "kind": "lasting",
            "when": o["when"],
            "trigger": trigger_of(o),
            "duration": duration,
            "once": bool(o.get("once")),
            "controller": ctx.controller,
            "source": ctx.source,
            "label": ctx.label,
            "turn": game.turn,
        }
    )
    how = "until your next turn" if duration == "until_your_next_turn" else "this turn"
    ctx.emit(
        E.DELAYED,
        f"{ctx.label}: a delayed triggered ability ({o['when'].replace('_', ' ')}) lasts {how}.",
        "603.7c",
        data={"when": o["when"], "duration": duration, "once": bool(o.get("once"))},
    )


def _check_spell_counters(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("what", "trigger_object") != "trigger_object":
        return f"a spell entering with counters: {o.get('what')!r}"
    if not isinstance(o.get("n", 1), int) or not isinstance(o.get("counter"), str):
        return "a spell entering with counters (the kind or number is not fixed)"
    return None


@op(
    "spell_enters_with_counters",
    check=_check_spell_counters,
)
def spell_enters_with_counters(ctx: Ctx, o: dict) -> None:
    """614.1c: the permanent this spell becomes enters with additional counters (a
    replacement set up now, applied as it enters; a spell that doesn't resolve gets none)."""
    game = ctx.game
    oid = (ctx.event or {}).get("object")
    spell = isinstance(oid, int) and any(s.kind == "spell" and s.card_id == oid for s in game.stack)
    n = int(o.get("n", 1))
    if not spell or oid not in game.cast_info:
        ctx.emit(E.NOTE, f"{ctx.label}: the spell is no longer on the stack.", "614.1c", amount=0)
        return
    more = [*game.cast_info[oid].get("enters_with", ()), (o["counter"], n)]
    game.update_cast_info(oid, enters_with=tuple(more))
    ctx.emit(
        E.NOTE,
        f"{ctx.label}: {game.obj(oid).name} will enter with {n} additional {o['counter']} "
        f"counter{'s' if n != 1 else ''}.",
        "614.1c",
        objects=(oid,),
        amount=n,
        data={"enters_with": {o["counter"]: n}},
    )
