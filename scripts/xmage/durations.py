"""XMage's ``Duration.WhileOnBattlefield`` inside a one-shot effect (CR 611.2a).

In a static ability it means what it says (611.3a: the effect exists while the permanent
is on the battlefield). An effect a resolving spell or ability creates is different: XMage
keeps a ``WhileOnBattlefield`` effect for as long as its source object exists in the game
(``ContinuousEffectsList.isInactive``), i.e. indefinitely, and that is what the printed
cards say ("Target creature gets +2/+2 and gains horsemanship" — Riding the Dilu Horse;
"That creature becomes an artifact" — Ashnod's Transmogrant; "(This effect lasts
indefinitely.)" — the Chimeras, Memnarch). Read as "while its source is on the
battlefield" such an effect would end when the spell resolves or the sacrificed source
leaves: wrong. On the source itself both readings are the same (400.7: a permanent that
leaves becomes a new object), so ``what: self`` keeps it.

``one_shot_durations`` rewrites the duration of every op of a one-shot context (spell,
enters, triggered, activated, chapter abilities) that applies to another object to
``permanent``; granted abilities and token definitions keep theirs (their own contexts).
"""

from __future__ import annotations

#: keys holding another context's definitions: never rewritten here
OWN_CONTEXT = ("ability", "abilities", "static")


def _fix_op(o: dict) -> int:
    if o.get("duration") != "while_on_battlefield" or "op" not in o:
        return 0
    ref = o.get("what", o.get("who"))
    if ref is None or ref == "self":
        return 0
    o["duration"] = "permanent"
    return 1


def _walk(v: object) -> int:
    n = 0
    if isinstance(v, list):
        for x in v:
            n += _walk(x)
    elif isinstance(v, dict):
        n += _fix_op(v)
        for k, x in v.items():
            if k in OWN_CONTEXT:
                continue
            n += _walk(x)
    return n


def one_shot_durations(entry: dict) -> int:
    """Rewrite in place; returns how many ops changed."""
    n = 0
    for scope in [entry, *((entry.get("faces") or {}).values())]:
        if not isinstance(scope, dict):
            continue
        for key in ("spell", "etb", "triggers", "activated", "chapters"):
            if key in scope:
                n += _walk(scope[key])
    return n
