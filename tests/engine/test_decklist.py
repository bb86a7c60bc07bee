"""Decklist parsing: the formats people paste, merged lines, and errors that help."""

from __future__ import annotations

import time

import pytest

from engine.cards.carddb import default_pool
from engine.cards.decklist import Decklist, DecklistError, LineError, parse_decklist


def test_plain_counts_and_x_forms() -> None:
    deck = parse_decklist("4 Lightning Bolt\n3x Counterspell\n2 x Forest\n1X Island\n")
    assert deck.main == [(4, "Lightning Bolt"), (3, "Counterspell"), (2, "Forest"), (1, "Island")]
    assert deck.sideboard == []
    assert deck.total == 10


def test_bare_name_counts_one() -> None:
    assert parse_decklist("Living End").main == [(1, "Living End")]


def test_names_are_canonicalised() -> None:
    deck = parse_decklist("4 fire / ice\n2 Stomp\n1 urza\u2019s saga")
    assert deck.main == [(4, "Fire // Ice"), (2, "Bonecrusher Giant // Stomp"), (1, "Urza's Saga")]


def test_duplicate_lines_merge_at_first_position() -> None:
    deck = parse_decklist("2 Lightning Bolt\n4 Forest\n2 lightning bolt\n")
    assert deck.main == [(4, "Lightning Bolt"), (4, "Forest")]


def test_duplicate_via_face_name_merges() -> None:
    deck = parse_decklist("2 Fire // Ice\n2 Fire")
    assert deck.main == [(4, "Fire // Ice")]


def test_arena_export_with_set_codes_and_about_block() -> None:
    text = """About
Name Living End

Deck
4 Shardless Agent (PLST) ARB-88
4 Violent Outburst (ARB) 71
3 Living End (TSR) 113 *F*
4 Fire // Ice (MH2) 290

Sideboard
2 Force of Vigor (MH2) 164
"""
    deck = parse_decklist(text)
    assert deck.main == [
        (4, "Shardless Agent"),
        (4, "Violent Outburst"),
        (3, "Living End"),
        (4, "Fire // Ice"),
    ]
    assert deck.sideboard == [(2, "Force of Vigor")]
    assert deck.total == 17


def test_mtgo_blank_line_starts_the_sideboard() -> None:
    deck = parse_decklist("\n4 Bloodbraid Elf\n20 Mountain\n\n\n3 Ancestral Vision\n")
    assert deck.main == [(4, "Bloodbraid Elf"), (20, "Mountain")]
    assert deck.sideboard == [(3, "Ancestral Vision")]


def test_moxfield_sections_commander_companion_maybeboard() -> None:
    text = """Commander
1 Imoti, Celebrant of Bounty

Companion
1 Lurrus of the Dream-Den

Deck
1 Maelstrom Nexus

1 Apex Devastator

SIDEBOARD:
1 Counterspell

Maybeboard
1 Lightning Bolt
"""
    deck = parse_decklist(text)
    assert deck.commander == [(1, "Imoti, Celebrant of Bounty")]
    assert deck.companion == [(1, "Lurrus of the Dream-Den")]
    assert deck.main == [(1, "Maelstrom Nexus"), (1, "Apex Devastator")]  # blank kept in Deck
    assert deck.sideboard == [(1, "Counterspell")]
    assert deck.maybeboard == [(1, "Lightning Bolt")]
    assert deck.total == 5  # the maybeboard is not part of the deck


def test_comment_headers_and_sb_prefix() -> None:
    text = "# my deck\n// Main\n4 Forest\n// Sideboard\n2 Island\nSB: 1 Swamp\n"
    deck = parse_decklist(text)
    assert deck.main == [(4, "Forest")]
    assert deck.sideboard == [(2, "Island"), (1, "Swamp")]


def test_sideboard_header_with_count() -> None:
    deck = parse_decklist("4 Forest\nSideboard (15)\n2 Island")
    assert deck.sideboard == [(2, "Island")]


def test_to_text_round_trips() -> None:
    deck = parse_decklist(
        "Commander\n1 Imoti, Celebrant of Bounty\nDeck\n4 Forest\nSideboard\n1 Island"
    )
    assert parse_decklist(deck.to_text()) == deck


def test_empty_input_gives_an_empty_deck() -> None:
    assert parse_decklist("") == Decklist()
    assert parse_decklist("\n# nothing\n").total == 0


def test_unknown_card_names_line_text_and_suggestions() -> None:
    with pytest.raises(DecklistError) as info:
        parse_decklist("4 Forest\n4 Lightnig Bolt (M11) 146\n")
    (err,) = info.value.errors
    assert isinstance(err, LineError)
    assert err.line_no == 2
    assert err.text == "4 Lightnig Bolt (M11) 146"
    assert "Lightnig Bolt" in err.message
    assert err.suggestions[0] == "Lightning Bolt"
    assert "line 2" in str(info.value) and "did you mean: Lightning Bolt" in str(info.value)


def test_all_line_errors_are_collected_in_one_error() -> None:
    text = "4 Lightnig Bolt\n0 Forest\n-2 Island\n4 Tarmogof\n1000000 Mountain\n"
    with pytest.raises(DecklistError) as info:
        parse_decklist(text)
    errors = info.value.errors
    assert [e.line_no for e in errors] == [1, 2, 3, 4, 5]
    assert "count 0" in errors[1].message
    assert "count -2" in errors[2].message
    assert errors[4].message == "count 1000000 on line 5 is too large (max 250)"
    assert str(info.value).count("\n") == 5  # a header line plus one line per problem


def test_huge_count_digits_do_not_overflow() -> None:
    with pytest.raises(DecklistError, match="too large"):
        parse_decklist("9" * 150 + " Forest")


def test_count_of_250_is_allowed_251_is_not() -> None:
    assert parse_decklist("250 Forest").total == 250
    with pytest.raises(DecklistError, match=r"count 251 on line 1 is too large \(max 250\)"):
        parse_decklist("251 Forest")


def test_total_over_1000_cards_is_an_error() -> None:
    with pytest.raises(DecklistError, match="1000") as info:
        parse_decklist("250 Forest\n" * 4 + "1 Island\n")
    assert info.value.errors[0].line_no == 5


def test_input_over_the_cap_fails_before_any_line_is_read() -> None:
    """The engine's cap is the page's (one number, engine.base.limits): a ~10 MB paste is
    refused as a whole, before any line is parsed (one error, on no line)."""
    from engine.base import limits

    assert limits.DECKLIST_MAX_CHARS == 20_000
    text = "4 Lightning Bolt\n" * 600_000  # ~10 MB
    with pytest.raises(DecklistError, match="the limit is 20,000") as info:
        parse_decklist(text)
    assert [e.line_no for e in info.value.errors] == [0]
    fits = "4 Lightning Bolt" + "\n" * (limits.DECKLIST_MAX_CHARS - 16)  # at the cap: read
    assert len(fits) == limits.DECKLIST_MAX_CHARS and parse_decklist(fits).total == 4


def test_garbage_paste_stops_early_and_stays_fast() -> None:
    default_pool()  # load outside the timing
    start = time.perf_counter()
    with pytest.raises(DecklistError) as info:
        parse_decklist("not a card at all\n" * 1100)  # under the 20,000 cap
    assert time.perf_counter() - start < 5
    assert 1 < len(info.value.errors) <= 51
    assert "stopped" in info.value.errors[-1].message


def test_very_long_line_is_rejected_without_suggestions() -> None:
    with pytest.raises(DecklistError, match="too long") as info:
        parse_decklist("4 " + "a" * 10_000)
    assert info.value.errors[0].suggestions == ()


def test_custom_pool_is_used() -> None:
    small = default_pool().with_cards([])
    assert parse_decklist("2 Forest", pool=small).main == [(2, "Forest")]


def test_non_string_input_is_a_decklist_error() -> None:
    with pytest.raises(DecklistError):
        parse_decklist(None)  # type: ignore[arg-type]
