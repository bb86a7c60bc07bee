"""Doubling (701.10): power and toughness, counters.

- ``double``: for each object ``what`` names, ``power_toughness: true`` gives it +X/+Y until
  the duration ends, where X and Y are its power and toughness as the effect begins
  (701.10b-c; a negative value doubles downward): a layer 7c boost, fixed on resolution
  (608.2h). ``counters: true`` puts on it as many more counters of each kind as it has
  (701.10e), or only of ``counter`` when one kind is named.
"""

from __future__ import annotations

from engine.core.events import EventKind
from engine.lang import refs
from engine.lang.effects import Ctx, op
from engine.rules import layers
from engine.rules.op_common import begin


def _check_double(o: dict, ctx: Ctx | None) -> str | None:
    if not (o.get("power_toughness") or o.get("counters")):
        return "double: neither power and toughness nor counters"
    duration = o.get("duration") or "end_of_turn"
    if o.get("power_toughness") and duration not in layers.DURATIONS:
        return f"double power and toughness {o.get('duration')}"
    if o.get("counter") is not None and not isinstance(o.get("counter"), str):
        return f"double counters of kind {o.get('counter')!r}"
    return refs.ref_problem(o, "what")


@op(
    "double",
    check=_check_double,
)
def double(ctx: Ctx, o: dict) -> None:
    """701.10: double power and toughness (+X/+Y) and/or the counters of each kind."""
    game = ctx.game
    objs = refs.objects(ctx, o, "what")
    if o.get("counters"):
        for oid in objs:
            obj = game.obj(oid)
            kinds = [o["counter"]] if o.get("counter") else sorted(obj.counters)
            for kind in kinds:
                n = obj.counter(kind)
                if n <= 0:
                    continue
                game.add_counters(oid, kind, n)
                ctx.emit(
                    EventKind.COUNTERS,
                    f"{ctx.label} doubles the {kind} counters on {obj.name}: {n} more.",
                    "701.10e",
                    objects=(oid,),
                    amount=n,
                    counter=kind,
                )
        if not objs:
            ctx.emit(
                EventKind.COUNTERS,
                f"{ctx.label}: there is nothing to double counters on.",
                "701.10e",
                amount=0,
            )
    if o.get("power_toughness"):
        dur = {**o, "duration": o.get("duration") or "end_of_turn"}
        if not objs:
            begin(ctx, dur, "pump", "7c", [], {}, "701.10b", "doubles power and toughness")
        for oid in objs:
            ch = game.chars(oid)
            p, t = ch.power or 0, ch.toughness or 0  # negative: doubled downward (701.10c)
            begin(
                ctx,
                dur,
                "pump",
                "7c",
                [oid],
                {"power": p, "toughness": t},
                "701.10b",
                f"doubles its power and toughness (+{p}/+{t})",
            )
