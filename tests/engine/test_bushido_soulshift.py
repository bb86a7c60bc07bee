"""Bushido N (CR 702.45a): "Whenever this creature blocks or becomes blocked, it gets +N/+N
until end of turn." Soulshift N (CR 702.46a): "When this permanent is put into a graveyard
from the battlefield, you may return target Spirit card with mana value N or less from your
graveyard to your hand." Both are triggered abilities the importer writes into the card
data; coverage claims them only with those triggers there."""

from __future__ import annotations

from engine.cards import carddb
from engine.views import coverage, keyword_coverage

from boards import answered, board, finished, of_kind, opp, you

LIB = ["Forest"] * 3


def _attack(attacker: str, blocker: str | None = None, player: int = 0) -> dict:
    a: dict = {"do": "attack", "attackers": [attacker], "player": player}
    if blocker is not None:
        a["blocks"] = [{"blocker": blocker, "attacker": attacker}]
    return a


def test_bushido_when_it_becomes_blocked_cr_702_45a() -> None:
    """Devoted Retainer (1/1, bushido 1) attacks and is blocked by a 2/2: as a 2/2 it
    trades with Grizzly Bears."""
    d = board(
        LIB,
        battlefield=("Devoted Retainer",),
        opponent_battlefield=("Grizzly Bears",),
        opponent_library=LIB,
        actions=[_attack("Devoted Retainer", "Grizzly Bears")],
    )
    tl = finished(d)
    assert you(tl)["graveyard"] == ["Devoted Retainer"]
    assert opp(tl)["graveyard"] == ["Grizzly Bears"]
    assert not [e for e in of_kind(tl, "not_simulated") if "Bushido" in str(e.data)]


def test_bushido_when_it_blocks_cr_702_45a() -> None:
    """Devoted Retainer blocks the opponent's 2/2: it gets +1/+1 and both die; unblocked it
    deals no damage (it didn't block: no trigger)."""
    d = board(
        LIB,
        battlefield=("Devoted Retainer",),
        opponent_battlefield=("Grizzly Bears",),
        opponent_library=LIB,
        actions=[
            {"do": "precombat_main", "player": 1},
            _attack("Grizzly Bears", "Devoted Retainer", player=1),
        ],
    )
    tl = finished(d)
    assert you(tl)["graveyard"] == ["Devoted Retainer"]
    assert opp(tl)["graveyard"] == ["Grizzly Bears"]
    assert you(tl)["life"] == 20


def test_bushido_doesnt_trigger_unblocked_cr_702_45a() -> None:
    d = board(
        LIB,
        battlefield=("Devoted Retainer",),
        opponent_library=LIB,
        actions=[_attack("Devoted Retainer")],
    )
    tl = finished(d)
    assert opp(tl)["life"] == 19  # still a 1/1
    assert you(tl)["battlefield"] == ["Devoted Retainer"]


def test_soulshift_returns_a_spirit_with_mana_value_n_or_less_cr_702_46a() -> None:
    """Body of Jukai (soulshift 8) dies to Murder: Kami of the Waning Moon (a Spirit, mana
    value 3) returns to hand; the Grizzly Bears (not a Spirit) can't be chosen."""
    d = board(
        LIB,
        hand=("Murder",),
        battlefield=("Body of Jukai",),
        graveyard=("Kami of the Waning Moon", "Grizzly Bears"),
    )
    tl = answered(d, "yes")
    assert sorted(you(tl)["hand"]) == ["Kami of the Waning Moon"]
    assert sorted(you(tl)["graveyard"]) == ["Body of Jukai", "Grizzly Bears", "Murder"]


def test_soulshift_and_bushido_are_claimed_only_with_their_triggers_cr_702_45a_702_46a() -> None:
    pool = carddb.default_pool()
    for name in ("Body of Jukai", "Devoted Retainer"):
        card = pool.get(name)
        assert coverage.card_coverage(card).status == coverage.FULL, name
        bare = type(card).from_dict({**card.to_dict(), "effects": {"vanilla": True}})
        assert keyword_coverage.missing(bare), name
    # a "when this dies" trigger that isn't soulshift's doesn't count
    card = pool.get("Body of Jukai")
    other = {"triggers": [{"when": "self_dies", "ops": [{"op": "draw", "n": 1}]}]}
    assert keyword_coverage.missing(type(card).from_dict({**card.to_dict(), "effects": other}))
