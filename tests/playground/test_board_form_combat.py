"""The board editor's attack rows without a browser (CR 508.1, 509.1a): the attackers and
blocks boxes read and write back exactly, and bad text is a problem naming the piece."""

from __future__ import annotations

import pytest

from playground.board_form import (
    action_of,
    attackers_text,
    blocks_text,
    parse_attackers,
    parse_blocks,
    row_of,
)

ATTACKS = [
    {"do": "attack", "attackers": ["Grizzly Bears", "Serra Angel"]},
    {
        "do": "attack",
        "attackers": [{"card": "Grizzly Bears", "attacks": {"card": "Jace Beleren"}}],
        "blocks": [],
    },
    {
        "do": "attack",
        "player": 1,
        "attackers": [{"card": "Hill Giant", "attacks": {"player": 0}}],
        "blocks": [{"blocker": "Grizzly Bears", "attacker": "Hill Giant"}],
    },
    {
        "do": "attack",
        "attackers": ["Grizzly Bears"],
        "blocks": [{"blocker": "Wide Blocker", "attacker": ["Grizzly Bears", "Hill Giant"]}],
    },
    {"do": "attack", "attackers": []},
]


@pytest.mark.parametrize("action", ATTACKS)
def test_an_attack_row_gives_back_the_action_it_was_made_from_cr_508_1(action: dict) -> None:
    row = row_of(action)
    assert not row.raw and action_of(row, 1, []) == action


def test_the_attackers_box_reads_what_each_creature_attacks_cr_508_1b() -> None:
    value, problem = parse_attackers("Grizzly Bears; Serra Angel -> Jace Beleren; Elf -> player=0")
    assert problem == "" and value == [
        "Grizzly Bears",
        {"card": "Serra Angel", "attacks": {"card": "Jace Beleren"}},
        {"card": "Elf", "attacks": {"player": 0}},
    ]
    assert attackers_text(value) == "Grizzly Bears; Serra Angel -> Jace Beleren; Elf -> player=0"
    assert parse_attackers("Bears -> player=7")[1].startswith("player='7'")
    assert "say what it attacks" in parse_attackers("Bears ->")[1]
    assert parse_attackers("") == (None, "")


def test_the_blocks_box_reads_blocker_and_attacker_none_or_empty_cr_509_1a() -> None:
    assert parse_blocks("Hill Giant -> Grizzly Bears") == (
        [{"blocker": "Hill Giant", "attacker": "Grizzly Bears"}],
        "",
    )
    assert parse_blocks("none") == ([], "") and blocks_text([]) == "none"
    assert parse_blocks("") == (None, "")  # the defending player decides (a decision)
    assert "blocker -> attacker" in parse_blocks("Hill Giant")[1]
    assert blocks_text([{"blocker": "A", "attacker": "B"}]) == "A -> B"
