"""Ward (CR 702.21) on real cards: the importer writes printed Ward [cost] as the triggered
ability the rule says it is, and the engine counters "that spell or ability" unless its
controller pays.

702.21a  "Whenever this permanent becomes the target of a spell or ability an opponent
         controls, counter that spell or ability unless that player pays [cost]."

Pure pytest: runs under Pyodide.
"""

from __future__ import annotations

from engine import default_pool
from engine.core.events import DecisionKind, EventKind
from engine.views.coverage import card_coverage

from boards import answered, board, finished, play, zone

BOLT_THE_AERIALIST = [
    {"do": "cast", "card": "Lightning Bolt", "targets": [{"card": "Waterfall Aerialist"}]}
]


def _ward_decision(tl):
    assert tl.pending is not None and tl.pending.kind == DecisionKind.PAY_COST, tl.text()
    return tl.pending


def test_an_opponents_spell_is_countered_unless_its_controller_pays_cr_702_21a() -> None:
    """Waterfall Aerialist (ward {2}) is the opponent's: your Lightning Bolt targets it,
    ward triggers, and you don't pay: the Bolt is countered (to your graveyard) and the
    Aerialist stays."""
    d = board(
        hand=("Lightning Bolt",),
        opponent_battlefield=("Waterfall Aerialist",),
        actions=BOLT_THE_AERIALIST,
    )
    pending = _ward_decision(play(d))
    assert pending.player == 0  # "that player": the Bolt's controller decides (702.21a)
    tl = answered(d, "decline")
    assert zone(tl, "battlefield", 1) == ["Waterfall Aerialist"]
    assert zone(tl, "graveyard", 0) == ["Lightning Bolt"]
    countered = [e for e in tl.events if e.kind == EventKind.COUNTERED]
    assert len(countered) == 1 and countered[0].player == 0
    ward = [e for e in tl.events if e.kind == EventKind.TRIGGER]
    assert [e.rule for e in ward] == ["702.21a"] and "Ward of Waterfall Aerialist" in ward[0].text


def test_paying_the_ward_cost_lets_the_spell_resolve_cr_702_21a() -> None:
    d = board(
        hand=("Lightning Bolt",),
        opponent_battlefield=("Waterfall Aerialist",),
        actions=BOLT_THE_AERIALIST,
    )
    tl = answered(d, "pay")
    assert zone(tl, "battlefield", 1) == []
    assert zone(tl, "graveyard", 1) == ["Waterfall Aerialist"]
    assert not [e for e in tl.events if e.kind == EventKind.COUNTERED]


def test_your_own_spell_doesnt_trigger_ward_cr_702_21a() -> None:
    """Only a spell or ability an opponent controls: your Giant Growth on your own
    Aerialist resolves with no ward trigger and no decision."""
    d = board(
        hand=("Giant Growth",),
        battlefield=("Waterfall Aerialist",),
        actions=[
            {"do": "cast", "card": "Giant Growth", "targets": [{"card": "Waterfall Aerialist"}]}
        ],
    )
    tl = finished(d)
    assert not [e for e in tl.events if e.kind == EventKind.COUNTERED]
    assert [e for e in tl.events if e.kind == EventKind.TRIGGER] == []


def test_an_activated_ability_that_targets_it_is_countered_cr_702_21a_701_6b() -> None:
    """Ward counters abilities too: Prodigal Pyromancer's {T} ability targeting the
    opponent's Aerialist is countered when you don't pay, and the Aerialist lives."""
    d = board(
        battlefield=("Prodigal Pyromancer",),
        opponent_battlefield=("Waterfall Aerialist",),
        actions=[
            {
                "do": "activate",
                "card": "Prodigal Pyromancer",
                "targets": [{"card": "Waterfall Aerialist"}],
            }
        ],
    )
    tl = answered(d, "decline")
    assert zone(tl, "battlefield", 1) == ["Waterfall Aerialist"]
    countered = [e for e in tl.events if e.kind == EventKind.COUNTERED]
    assert len(countered) == 1 and "Prodigal Pyromancer" in countered[0].text
    assert not tl[-1].state.stack


def test_with_real_mana_a_cost_you_cant_pay_counters_it_cr_702_21a_601_2h() -> None:
    """With mana paid for real and a single Mountain (tapped for the Bolt), ward {2} can't
    be paid: no decision is offered and the Bolt is countered."""
    d = {
        **board(
            hand=("Lightning Bolt",),
            battlefield=("Mountain",),
            opponent_battlefield=("Waterfall Aerialist",),
            actions=BOLT_THE_AERIALIST,
        ),
        "mana": "paid",
    }
    tl = finished(d)
    assert zone(tl, "battlefield", 1) == ["Waterfall Aerialist"]
    assert zone(tl, "graveyard", 0) == ["Lightning Bolt"]


def test_ward_with_a_discard_cost_cr_702_21a() -> None:
    """Spectral Snatcher (ward: discard a card): you pay by discarding your other card,
    and the Bolt resolves."""
    d = board(
        hand=("Lightning Bolt", "Forest"),
        opponent_battlefield=("Spectral Snatcher",),
        actions=[
            {"do": "cast", "card": "Lightning Bolt", "targets": [{"card": "Spectral Snatcher"}]}
        ],
    )
    tl = answered(d, "pay")
    assert sorted(zone(tl, "graveyard", 0)) == ["Forest", "Lightning Bolt"]
    assert not [e for e in tl.events if e.kind == EventKind.COUNTERED]
    assert [e.amount for e in tl.events if e.kind == EventKind.DAMAGE] == [3]
    assert zone(tl, "hand", 0) == []


def test_printed_ward_is_claimed_only_with_its_trigger_in_the_data_cr_702_21a() -> None:
    """The keyword's state is the card data's: a Ward card whose trigger the data holds is
    simulated; the same card without it names Ward as its missing part."""
    pool = default_pool()
    card = pool.get("Waterfall Aerialist")
    assert card_coverage(card).status == "full"
    stripped = card.__class__.from_dict({**card.to_dict(), "effects": {"source": "xmage"}})
    cov = card_coverage(stripped)
    assert cov.status != "full"
    assert any("keyword Ward (702.21a)" in m for m in cov.missing)


def test_a_granted_ward_has_its_cost_too_cr_702_21a_613_1f() -> None:
    """Coppercoat Vanguard gives each other Human you control ward {1} (613.1f): a Bolt at
    the opponent's Champion of the Parish triggers that ward and is countered when you
    don't pay; a Bolt at the Vanguard itself (not an "other" Human) triggers nothing."""
    d = board(
        hand=("Lightning Bolt",),
        opponent_battlefield=("Coppercoat Vanguard", "Champion of the Parish"),
        actions=[
            {
                "do": "cast",
                "card": "Lightning Bolt",
                "targets": [{"card": "Champion of the Parish"}],
            }
        ],
    )
    pending = _ward_decision(play(d))
    assert "{1}" in pending.prompt
    tl = answered(d, "decline")
    assert sorted(zone(tl, "battlefield", 1)) == ["Champion of the Parish", "Coppercoat Vanguard"]
    assert zone(tl, "graveyard", 0) == ["Lightning Bolt"]
    at_vanguard = board(
        hand=("Lightning Bolt",),
        opponent_battlefield=("Coppercoat Vanguard", "Champion of the Parish"),
        actions=[
            {"do": "cast", "card": "Lightning Bolt", "targets": [{"card": "Coppercoat Vanguard"}]}
        ],
    )
    tl = finished(at_vanguard)
    assert "Coppercoat Vanguard" in zone(tl, "graveyard", 1)
    assert not [e for e in tl.events if e.kind == EventKind.COUNTERED]
