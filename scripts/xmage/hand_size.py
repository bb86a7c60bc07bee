"""XMage's ``MaximumHandSizeControllerEffect`` -> the ``max_hand_size`` op (CR 402.2).

``(handSize, duration, HandSizeModification SET | INCREASE | REDUCE, TargetController?)``:
SET with ``Integer.MAX_VALUE`` is "no maximum hand size" (``set: "none"``), SET with a number
sets it, INCREASE / REDUCE change it. The controller is YOU (default), OPPONENT or ANY.
"""

from __future__ import annotations

from .core import Untranslated
from .effects import Effects, reg
from .symbolic import JObj, Ref

_WHO = {"YOU": "you", "OPPONENT": "each_opponent", "ANY": "each_player"}
_INT_MAX = 2**31 - 1


def _no_maximum(v: object) -> bool:
    return (isinstance(v, Ref) and v.dotted.endswith("MAX_VALUE")) or v == _INT_MAX


@reg("MaximumHandSizeControllerEffect", no_params=True)
def _max_hand_size(t: Effects, e: JObj, _p: dict) -> list[dict]:
    # read by position: the framework's constructor picker can't type Integer.MAX_VALUE
    if not 3 <= len(e.args) <= 4:
        raise Untranslated(e.cls, f"{len(e.args)} arguments")
    names = ("handSize", "duration", "handSizeModification", "targetController")
    p = dict(zip(names, e.args, strict=False))
    size = p.get("handSize")
    if isinstance(size, JObj) and size.cls == "StaticValue" and len(size.args) == 1:
        size = size.args[0]  # StaticValue.get(2)
    mod = getattr(p.get("handSizeModification"), "last", "")
    who = _WHO.get(getattr(p.get("targetController"), "last", "YOU"))
    if who is None:
        raise Untranslated(e.cls, f"players {p.get('targetController')}")
    out: dict = {"op": "max_hand_size"}
    if who != "you":
        out["who"] = who
    if mod == "SET" and _no_maximum(size):
        out["set"] = "none"
    elif (
        isinstance(size, int)
        and not isinstance(size, bool)
        and mod in ("SET", "INCREASE", "REDUCE")
    ):
        if mod == "SET":
            out["set"] = size
        else:
            out["change"] = size if mod == "INCREASE" else -size
    else:
        raise Untranslated(e.cls, f"hand size {size!r} ({mod or 'no modification'})")
    out["duration"] = t.dur(p.get("duration"), "while_on_battlefield")
    return [out]
