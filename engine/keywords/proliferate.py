"""Proliferate (CR 701.34): choose any number of permanents and players with counters; each
gets one more counter of each kind it already has. Lore counters added this way trigger
chapter abilities like any other (714.2b)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import DecisionKind, EventKind
from engine.rules import saga

if TYPE_CHECKING:
    from engine.core.game import Game


def proliferate(game: Game, player: int, source: str) -> None:
    # 701.34a: only permanents that HAVE a counter (a kind recorded at 0 is no counter).
    candidates = [p for p in game.battlefield() if _kinds(p)]
    players = [p for p in range(len(game.players)) if any(game.players[p].counters.values())]
    if not candidates and not players:
        game.emit(
            EventKind.PROLIFERATE,
            f"{game.verb(player, 'proliferate', 'proliferates')} ({source}): nothing has counters.",
            "701.34a",
            player=player,
        )
        return
    game.emit(
        EventKind.PROLIFERATE,
        f"{game.verb(player, 'proliferate', 'proliferates')} ({source}): choose which "
        "permanents get another counter of each kind.",
        "701.34a",
        objects=[p.id for p in candidates],
        player=player,
    )
    for perm in candidates:
        kinds = ", ".join(f"{k} ({perm.counter(k)})" for k in _kinds(perm))
        key = game.decide(
            DecisionKind.PROLIFERATE,
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
                game.add_counters(perm.id, kind, 1)
                game.emit(
                    EventKind.COUNTERS,
                    f"{perm.name} gets another {kind} counter.",
                    "701.34a",
                    objects=(perm.id,),
                    player=player,
                    amount=1,
                    counter=kind,
                )

    _players(game, player, players)


def _kinds(perm) -> list[str]:
    """The kinds of counters the permanent has (at least one of each), sorted."""
    return sorted(k for k, n in perm.counters.items() if n > 0)


def _players(game: Game, player: int, players: list[int]) -> None:
    """701.34a: players with counters (poison, energy...) can be chosen too."""
    for p in players:
        kinds = sorted(k for k, n in game.players[p].counters.items() if n > 0)
        key = game.decide(
            DecisionKind.PROLIFERATE,
            f"Proliferate: give {game.pname(p)} one more of each counter "
            f"({', '.join(f'{k} ({game.players[p].counters[k]})' for k in kinds)})?",
            [("add", f"Add to {game.pname(p)}"), ("skip", f"Skip {game.pname(p)}")],
            "701.34a",
            player=player,
            subject=game.pname(p),
        )
        if key == "skip":
            continue
        for kind in kinds:
            game.add_player_counters(p, kind, 1)
            game.emit(
                EventKind.PLAYER_COUNTERS,
                f"{game.pname(p)} gets another {kind} counter.",
                "701.34a",
                player=p,
                amount=1,
                counter=kind,
            )
