"""Buyback (CR 702.27a): "You may pay an additional [cost] as you cast this spell" and "If
the buyback cost was paid, put this spell into its owner's hand instead of into that
player's graveyard as it resolves"; paid as an additional cost (601.2b, 601.2f-h)."""

from __future__ import annotations

from engine.cards import carddb
from engine.keywords import buyback
from engine.views import coverage

from boards import answered, board, of_kind, opp, you


def _capsize(*answers: str):
    d = board(
        [],
        hand=("Capsize",),
        opponent_battlefield=("Grizzly Bears",),
    )
    return answered(d, *answers)


def test_buyback_paid_puts_the_spell_back_into_your_hand_cr_702_27a() -> None:
    tl = _capsize("buyback")
    assert you(tl)["hand"] == ["Capsize"]
    assert you(tl)["graveyard"] == []
    assert opp(tl)["hand"] == ["Grizzly Bears"]
    (announce,) = of_kind(tl, "buyback")
    assert announce.rule == "601.2b" and announce.data["buyback"] is True


def test_buyback_not_paid_goes_to_the_graveyard_cr_702_27a_608_2n() -> None:
    tl = _capsize("no_buyback")
    assert you(tl)["hand"] == []
    assert you(tl)["graveyard"] == ["Capsize"]
    assert opp(tl)["hand"] == ["Grizzly Bears"]


def test_a_countered_buyback_spell_goes_to_the_graveyard_cr_702_27a_701_6a() -> None:
    """Only a spell that resolves returns to its owner's hand: countered, Capsize goes to
    the graveyard though its buyback cost was paid."""
    d = board(
        [],
        hand=("Capsize",),
        opponent_battlefield=("Grizzly Bears",),
        opponent_hand=("Counterspell",),
        actions=[
            {"do": "cast", "card": "Capsize"},
            {"do": "counter", "target": "Capsize", "with": "Counterspell"},
        ],
    )
    tl = answered(d, "buyback")
    assert you(tl)["graveyard"] == ["Capsize"] and you(tl)["hand"] == []
    assert opp(tl)["battlefield"] == ["Grizzly Bears"]


def test_a_non_mana_buyback_cost_is_really_paid_cr_702_27a_601_2h() -> None:
    """Slaughter (buyback—pay 4 life): destroy target nonblack creature; paying buyback
    pays 4 life as it is cast and returns Slaughter to hand."""
    d = board([], hand=("Slaughter",), opponent_battlefield=("Grizzly Bears",))
    tl = answered(d, "buyback")
    assert you(tl)["life"] == 16
    assert you(tl)["hand"] == ["Slaughter"]
    assert opp(tl)["graveyard"] == ["Grizzly Bears"]


def test_a_buyback_cost_that_cant_be_paid_is_not_offered_cr_702_27a_601_2h() -> None:
    """Slaughter (buyback—pay 4 life) with 3 life: the buyback cost isn't offered."""
    d = board(
        [],
        hand=("Slaughter",),
        opponent_battlefield=("Grizzly Bears",),
        life=3,
    )
    tl = answered(d)  # pay 4 life with 3: no buyback decision
    (announce,) = of_kind(tl, "buyback")
    assert announce.data["buyback"] is False
    assert you(tl)["life"] == 3 and you(tl)["graveyard"] == ["Slaughter"]


def test_coverage_claims_buyback_only_with_a_cost_it_pays_cr_702_27a() -> None:
    pool = carddb.default_pool()
    assert coverage.card_coverage(pool.get("Capsize")).status == coverage.FULL
    assert buyback.missing(pool.get("Walk the Aeons"))  # "sacrifice three Islands" as text


def test_with_real_mana_payment_the_buyback_mana_joins_the_total_cost_cr_601_2f_702_27a() -> None:
    """Capsize ({1}{U}{U}, buyback {3}) with six Islands: all six are tapped; with three,
    buyback isn't offered (the total cost can't be paid, 601.2h)."""

    def run(islands: int, *answers: str):
        d = board([], hand=("Capsize",), battlefield=("Island",) * islands)
        d["players"][1]["battlefield"] = ["Grizzly Bears"]
        return answered({**d, "mana": "paid"}, *answers)

    six = run(6, "buyback", "target:o8")
    state = six.final
    tapped = [o for o in state.players[0].battlefield if state.objects[o].tapped]
    assert len(tapped) == 6 and you(six)["hand"] == ["Capsize"]
    three = run(3, "target:o5")
    (announce,) = of_kind(three, "buyback")
    assert announce.data["buyback"] is False and you(three)["graveyard"] == ["Capsize"]
