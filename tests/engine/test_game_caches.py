"""What the rules cache they cache per game (``Kernel.derived(name)``), never per process: a
server runs many games in one process, so no module-level cache may keep a game alive,
grow with every game, or answer one game with another's data."""

from __future__ import annotations

import gc
import sys
import weakref

from engine import AutoPolicy, Scenario
from engine.core.game import Game
from engine.rules import layers


def _game(mine: list[str], theirs: list[str]) -> Game:
    s = Scenario.from_dict(
        {"players": [{"name": "You", "battlefield": mine}, {"name": "Them", "battlefield": theirs}]}
    )
    game = Game(s, s.pool(), AutoPolicy())
    game.play()
    return game


def _powers(game: Game, name: str) -> list[int | None]:
    return [game.chars(p.id).power for p in game.battlefield() if p.name == name]


def test_static_ability_caches_belong_to_their_game_613_1() -> None:
    """613.4c: Glorious Anthem pumps its controller's creatures; the static ops it read are
    cached in that game only."""
    anthem = _game(["Glorious Anthem", "Grizzly Bears"], ["Grizzly Bears"])
    plain = _game(["Grizzly Bears"], [])
    assert _powers(anthem, "Grizzly Bears") == [3, 2]
    assert _powers(plain, "Grizzly Bears") == [2]
    cached = {card.name for card, _ops in anthem.derived("statics").values()}
    assert "Glorious Anthem" in cached
    assert "Glorious Anthem" not in {c.name for c, _ in plain.derived("statics").values()}


def test_no_module_keeps_a_finished_game_alive() -> None:
    game = _game(["Glorious Anthem", "Grizzly Bears"], [])
    assert _powers(game, "Grizzly Bears") == [3]
    ref = weakref.ref(game)
    del game
    gc.collect()
    assert ref() is None, "a module-level cache still holds the game"


def _module_containers() -> dict[str, int]:
    """Size of every dict / list / set at module level in the engine's loaded modules."""
    out = {}
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] != "engine":
            continue
        for attr, value in vars(module).items():
            if isinstance(value, (dict, list, set)) and not attr.startswith("__"):
                out[f"{name}.{attr}"] = len(value)
    return out


def test_no_module_level_container_grows_with_games() -> None:
    """Once warm, more games (other cards, static abilities, 613) leave every module-level
    dict, list and set of the engine as it was: nothing per game is kept per process."""
    _powers(_game(["Glorious Anthem", "Grizzly Bears"], ["Llanowar Elves"]), "Grizzly Bears")
    before = _module_containers()
    for mine in (["Glorious Anthem", "Tarmogoyf"], ["Elvish Archdruid", "Llanowar Elves"]):
        game = _game(mine, ["Grizzly Bears"])
        assert all(p is not None for p in _powers(game, mine[1]))
    after = _module_containers()
    grown = {k: (before.get(k), n) for k, n in after.items() if before.get(k) != n}
    assert grown == {}, f"module-level containers that grew with games: {grown}"


def test_layers_keeps_its_caches_in_the_game() -> None:
    assert not hasattr(layers, "_STATICS") and not hasattr(layers, "_IN_FORCE")
