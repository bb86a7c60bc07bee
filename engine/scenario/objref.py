"""Objects named the way a scenario author can know them: by card, owner, zone.

A target option of a decision carries the facts of its object (``Option.ref``:
``{"card", "owner", "zone"}``, or ``{"player"}``); a scenario names a target with a ref
(``{"card": "Grizzly Bears", "owner": 1, "zone": "battlefield", "nth": 1}``, or the text
form ``card=Grizzly Bears,owner=1,zone=battlefield`` in ``choices``). This module matches
the two; it knows nothing of the game (the engine fills the facts).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["describe", "matches", "parse_text", "pick"]

_KEYS = ("card", "owner", "zone", "nth", "player")
_SPLIT = re.compile(r",\s*(?=(?:card|owner|zone|nth|player)\s*=)")


def parse_text(text: str) -> dict[str, Any]:
    """``card=Urza, Lord High Artificer,owner=1`` -> a ref (a card name may hold commas:
    a comma only ends a field when another ``key=`` follows it). ValueError if malformed."""
    out: dict[str, Any] = {}
    for part in _SPLIT.split(text.strip()):
        key, sep, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or key not in _KEYS or not value or key in out or "=" in value:
            raise ValueError(f"{part!r} is not key=value with a key of {', '.join(_KEYS)}")
        if key in ("owner", "nth", "player"):
            if not value.isdigit():
                raise ValueError(f"{key} must be a number, not {value!r}")
            out[key] = int(value)
        else:
            out[key] = value
    if "card" not in out and "player" not in out:
        raise ValueError("a ref names a 'card' (or a 'player')")
    return out


def matches(ref: Mapping[str, Any], facts: Mapping[str, Any] | None) -> bool:
    """Does the object (or player) with these facts fit the ref (nth aside)?"""
    if facts is None:
        return False
    if "player" in ref:
        return facts.get("player") == ref["player"] and "card" not in facts
    if "card" not in facts:
        return False
    names = {str(n).lower() for n in facts.get("names") or (facts["card"],)}
    if str(ref["card"]).lower() not in names:
        return False
    if ref.get("owner") is not None and facts.get("owner") != ref["owner"]:
        return False
    return ref.get("zone") is None or facts.get("zone") == ref["zone"]


def pick(
    ref: Mapping[str, Any], options: Sequence[tuple[str, Mapping[str, Any] | None]]
) -> str | None:
    """The key of the ``nth`` (default 1) option whose facts fit the ref, in option order."""
    nth = int(ref.get("nth") or 1)
    hits = [key for key, facts in options if matches(ref, facts)]
    return hits[nth - 1] if len(hits) >= nth else None


def describe(ref: Mapping[str, Any] | str) -> str:
    """A ref as the error messages show it."""
    if isinstance(ref, str):
        return ref
    if "player" in ref and "card" not in ref:
        return f"player {ref['player']}"
    parts = [str(ref["card"])]
    parts += [f"{k} {ref[k]}" for k in ("owner", "zone", "nth") if ref.get(k) is not None]
    return ", ".join(parts)
