"""Proliferate (CR 701.34): choose any number of permanents and players with counters; each
gets one more counter of each kind it already has. Lore counters added this way trigger
chapter abilities like any other (714.2b)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game


def proliferate(game: Game, player: int, source: str) -> None:
    from engine import saga

    # 701.34a: only permanents that HAVE a counter (a kind recorded at 0 is no counter).
    candidates = [p for p in game.battlefield() if _kinds(p)]
    if not candidates:
        game.emit(
            "proliferate",
            f"{game.verb(player, 'proliferate', 'proliferates')} ({source}): nothing has counters.",
            "701.34a",
        )
        return
    game.emit(
        "proliferate",
        f"{game.verb(player, 'proliferate', 'proliferates')} ({source}): choose which "
        "permanents get another counter of each kind.",
        "701.34a",
        objects=[p.id for p in candidates],
    )
    for perm in candidates:
        kinds = ", ".join(f"{k} ({perm.counter(k)})" for k in _kinds(perm))
        key = game.decide(
            "proliferate",
            f"Proliferate: add one more of each counter on {perm.name} ({kinds})?",
            [("add", f"Add to {perm.name}"), ("skip", f"Skip {perm.name}")],
            "701.34a",
            player=player,
            subject=perm.name,
            objects=(perm.id,),
        )
        if key == "skip":
            continue
        for kind in _kinds(game.obj(perm.id)):
            if kind == "lore":
                saga.add_lore(game, perm.id, 1, "701.34a", "proliferate")
            else:
                obj = game.obj(perm.id)
                game.update(
                    perm.id, counters=obj.with_counters(kind, obj.counter(kind) + 1).counters
                )
                game.emit(
                    "counters",
                    f"{perm.name} gets another {kind} counter.",
                    "701.34a",
                    objects=(perm.id,),
                )


def _kinds(perm) -> list[str]:
    """The kinds of counters the permanent has (at least one of each), sorted."""
    return sorted(k for k, n in perm.counters.items() if n > 0)
