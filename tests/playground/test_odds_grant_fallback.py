"""The Odds tab's fallback reading of static cascade grants on the board (no timeline yet):
the action casts from hand, so a grant only to spells cast from exile doesn't count."""

from __future__ import annotations

from engine import default_pool
from playground import odds_view as ov


def test_board_fallback_ignores_a_grant_to_spells_cast_from_exile_cr_702_85a() -> None:
    pool = default_pool()
    first = {"players": [{"battlefield": ["Wild-Magic Sorcerer", "Maelstrom Nexus"]}]}
    assert ov._granted_from_board(first, pool, 0) == ("Maelstrom Nexus",)
    later = {
        "players": [{"battlefield": ["Wild-Magic Sorcerer", "Maelstrom Nexus"], "spells_cast": 1}]
    }
    assert ov._granted_from_board(later, pool, 0) == ()
