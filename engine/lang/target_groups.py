"""Constraints on a target spec's chosen objects taken together (601.2c, 115.1): "two
target permanents that share a card type" (205.2a: The Trickster-God's Heist II) and
"target creature cards with total mana value 8 or less" (202.3: The War in Heaven III;
Phoenix, Warden of Fire III).

A spec carries ``share_type: true`` (exactly two targets) or ``total_mv_max: n``. While
targets are chosen one at a time (``engine.lang.targets.choose_groups``) an option is offered
only if the group can still end legal with it; ``enough`` says whether a group of the
minimum size exists at all (601.2c: otherwise the ability can't get its targets).
Imports only ``engine.lang.filters`` (downward).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from engine.lang import filters

KEYS = ("share_type", "total_mv_max")


def problem(spec: Mapping) -> str | None:
    """What of a spec's group constraint can't be evaluated, or None."""
    if "share_type" in spec:
        if spec["share_type"] is not True or spec.get("count") != 2:
            return "targets that share a card type (other than exactly two)"
    if "total_mv_max" in spec:
        n = spec["total_mv_max"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            return f"targets with total mana value {n!r} or less"
    return None


def _oid(ref: str) -> int | None:
    return int(ref[1:]) if ref.startswith("o") else None


def _types(game: Any, ref: str) -> set[str]:
    oid = _oid(ref)
    return set(filters.characteristics(game, oid).types) if oid is not None else set()


def _mv(game: Any, ref: str) -> int:
    oid = _oid(ref)
    return int(filters.characteristics(game, oid).mana_value or 0) if oid is not None else 0


def allowed(
    game: Any, spec: Mapping, picked: Sequence[str], ref: str, options: Sequence[str], lo: int
) -> bool:
    """Whether ``ref`` may join the targets already ``picked`` for this spec, and the
    group can still reach its minimum ``lo`` from the other ``options``."""
    group = [*picked, ref]
    rest = [r for r in options if r not in group]
    need = max(lo - len(group), 0)
    if spec.get("share_type"):
        if not all(_types(game, ref) & _types(game, r) for r in picked):
            return False
        if need and not any(_types(game, ref) & _types(game, r) for r in rest):
            return False
    cap = spec.get("total_mv_max")
    if isinstance(cap, int):
        least = sorted(_mv(game, r) for r in rest)[:need]
        if len(least) < need or sum(_mv(game, r) for r in group) + sum(least) > cap:
            return False
    return True


def constrained(spec: Mapping) -> bool:
    return any(k in spec for k in KEYS)


def enough(game: Any, spec: Mapping, options: Sequence[str], lo: int) -> bool:
    """Whether ``lo`` of ``options`` form a legal group (601.2c)."""
    if lo <= 0:
        return True
    if len(options) < lo:
        return False
    cap = spec.get("total_mv_max")
    if isinstance(cap, int) and sum(sorted(_mv(game, r) for r in options)[:lo]) > cap:
        return False
    if spec.get("share_type") and lo >= 2:
        return any(_types(game, a) & _types(game, b) for a, b in combinations(options, 2))
    return True


def broken(game: Any, spec: Mapping, live: Sequence[str]) -> bool:
    """608.2b: the group no longer meets its constraint as the ability resolves (a target
    changed its card types): then none of them is a legal target together."""
    if spec.get("share_type") and len(live) == 2:
        return not (_types(game, live[0]) & _types(game, live[1]))
    cap = spec.get("total_mv_max")
    return isinstance(cap, int) and sum(_mv(game, r) for r in live) > cap
