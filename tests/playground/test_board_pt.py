"""The board shows a creature's computed power/toughness (CR 613), not only the printed one."""

from __future__ import annotations

from engine import Scenario
from playground.board_view import board_html


def test_battlefield_chips_show_computed_power_and_toughness() -> None:
    tl = Scenario.from_dict(
        {
            "version": 1,
            "players": [
                {
                    "name": "You",
                    "library": {"order": "listed", "cards": []},
                    "hand": ["Violent Outburst"],
                    "battlefield": ["Grizzly Bears"],
                },
                {"name": "Opponent", "library": {"order": "listed", "cards": []}},
            ],
            "actions": [{"do": "cast", "card": "Violent Outburst"}],
        }
    ).run()
    first, last = board_html(tl, 0), board_html(tl, len(tl) - 1)
    assert 'data-testid="pt">2/2<' in first
    assert 'data-testid="pt">3/2<' in last
