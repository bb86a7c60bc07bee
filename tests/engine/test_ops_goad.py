"""Goad (CR 701.15a): recorded on the creature until the goading player's next turn, read by
the ``goaded`` filter; combat-only (the playground has no combat), so nothing else of it
applies. Real card: Besmirch."""

from __future__ import annotations

from engine.cards.carddb import default_pool
from engine.lang import effects, filters

from boards import board, finished, game_of


def _goads(state) -> list:
    return [e for e in state.continuous if e.kind == "goad"]


def test_besmirch_goads_until_your_next_turn_cr_701_15a() -> None:
    d = board(
        ["Island", "Island"],
        hand=["Besmirch"],
        opponent_battlefield=["Grizzly Bears"],
        opponent_library=["Mountain"],
    )
    tl = finished(d)
    [goad] = _goads(tl.final)
    assert goad.duration == "until_your_next_turn" and goad.data["combat_only"]
    assert [tl.final.objects[o].name for o in goad.objects] == ["Grizzly Bears"]
    # the opponent's turn passes; at the start of your next turn the goad ends (611.2b)
    tl = finished({**d, "actions": [*d["actions"], {"do": "next_main"}]})
    assert not _goads(tl.final)


def test_the_goaded_filter_reads_the_goad_cr_701_15a() -> None:
    game = game_of(board([], opponent_battlefield=["Grizzly Bears", "Llanowar Elves"]))
    bears, elves = game.players[1].zones["battlefield"]
    ctx = effects.Ctx(game, 0, None, (f"o{bears}",), 0, "test")
    effects.execute(ctx, [{"op": "goad", "what": "target", "duration": "until_your_next_turn"}])
    assert filters.matches(game, bears, {"goaded": True}, controller=0)
    assert filters.matches(game, elves, {"goaded": False}, controller=0)


def test_goad_data_lasts_until_your_next_turn() -> None:
    """The importer read XMage's GoadTargetEffect as "until end of turn"; goad lasts until
    the goading player's next turn (701.15a), XMage's default too."""
    entry = default_pool().get("Besmirch").effects
    [goad] = [o for o in entry["spell"] if o["op"] == "goad"]
    assert goad["duration"] == "until_your_next_turn"
