"""The filter language (engine/lang/filters.py): every FILTER_KEY is evaluated or named missing."""

from __future__ import annotations

import pytest

from engine.lang import filters
from engine.lang.vocabulary import FILTER_KEYS

from boards import board, game_of, ids

# A sample value for every filter key (the shape docs/EFFECTS.md gives it).
SAMPLE = {
    "types": ["Creature"],
    "types_any": ["Creature", "Artifact"],
    "not_types": ["Land"],
    "subtypes": ["Elf"],
    "subtypes_any": ["Elf", "Bear"],
    "not_subtypes": ["Bear"],
    "supertypes": ["Basic"],
    "not_supertypes": ["Legendary"],
    "colors_any": ["G"],
    "not_colors": ["R"],
    "controller": "you",
    "owner": "you",
    "player": "you",
    "mv": [">=", 2],
    "power": [">=", 2],
    "toughness": ["<=", 2],
    "base_power": ["==", 2],
    "base_toughness": ["==", 2],
    "mv_parity": "odd",
    "keyword": "Flying",
    "not_keyword": "Flying",
    "name": "Grizzly Bears",
    "counter": "+1/+1",
    "or": [{"types": ["Land"]}, {"mv": ["==", 1]}],
    "and": [{"types": ["Creature"]}],
    "not": {"types": ["Land"]},
    "mana_cost_in": ["{0}", "{1}"],
    "name_not_shared": {"token": True},
    "has_name": "Grizzly Bears",
    "creature_type": "Elf",
}


def _board():
    return game_of(
        board(
            battlefield=[
                "Grizzly Bears",
                "Llanowar Elves",
                "Forest",
                "Ornithopter",
                {"name": "Memnite", "counters": {"+1/+1": 2}, "tapped": True},
            ],
            opponent_battlefield=["Serra Angel", "Mountain"],
            graveyard=["Lightning Bolt", "Tarmogoyf"],
        )
    )


@pytest.mark.parametrize("key", sorted(FILTER_KEYS))
def test_every_filter_key_is_evaluated_or_named_missing(key: str) -> None:
    """No key is guessed: either filter_missing names it, or matches() answers for every
    object on a board (and the key changes the answer for some filter)."""
    game = _board()
    flt = {key: SAMPLE.get(key, True)}
    part = filters.filter_missing(flt)
    if part is not None:
        assert isinstance(part, str) and part
        assert key in filters.UNSUPPORTED
        return
    everything = [
        o for p in (0, 1) for z in ("battlefield", "graveyard") for o in game.players[p].zones[z]
    ]
    got = [filters.matches(game, o, flt, controller=0, source=everything[0]) for o in everything]
    assert all(isinstance(g, bool) for g in got)


def test_unknown_key_and_bad_shapes_are_named() -> None:
    assert "frobnicate" in filters.filter_missing({"frobnicate": True})
    assert filters.filter_missing({"mv": ["~", 2]})
    assert filters.filter_missing({"controller": "defending_player"}) is None  # 506.2
    assert filters.filter_missing({"controller": "the_monarch"})
    assert filters.filter_missing({"or": [{"types": ["Creature"]}, {"face_down": True}]})
    assert filters.filter_missing({"types": "Creature"})  # not a list
    assert filters.filter_missing(None) is None and filters.filter_missing({}) is None


def test_types_controller_pt_and_counters() -> None:
    game = _board()
    mine = filters.select(game, {"types": ["Creature"], "controller": "you"}, controller=0)
    names = [game.obj(o).name for o in mine]
    assert names == ["Grizzly Bears", "Llanowar Elves", "Ornithopter", "Memnite"]
    theirs = filters.select(game, {"types": ["Creature"], "controller": "opponent"}, controller=0)
    assert [game.obj(o).name for o in theirs] == ["Serra Angel"]
    # Memnite 1/1 with two +1/+1 counters is 3/3 (613.4c); base power stays 1.
    big = filters.select(game, {"power": [">=", 3], "controller": "you"}, controller=0)
    assert [game.obj(o).name for o in big] == ["Memnite"]
    base = filters.select(game, {"base_power": ["==", 1]}, controller=0)
    assert {game.obj(o).name for o in base} == {"Llanowar Elves", "Memnite"}
    assert [game.obj(o).name for o in filters.select(game, {"tapped": True}, controller=0)] == [
        "Memnite"
    ]
    assert filters.select(game, {"counter": "+1/+1"}, controller=0) == ids(game, "Memnite")
    assert filters.select(game, {"power_greater_than_base": True}, controller=0) == ids(
        game, "Memnite"
    )


def test_other_self_colors_keywords_and_nesting() -> None:
    game = _board()
    bears = ids(game, "Grizzly Bears")[0]
    others = filters.select(
        game,
        {"types": ["Creature"], "other": True, "controller": "you"},
        controller=0,
        source=bears,
    )
    assert bears not in others and len(others) == 3
    assert filters.select(game, {"self": True}, controller=0, source=bears) == [bears]
    green = filters.select(game, {"colors_any": ["G"]}, controller=0)
    assert {game.obj(o).name for o in green} == {"Grizzly Bears", "Llanowar Elves"}
    colorless = filters.select(game, {"colorless": True, "types": ["Creature"]}, controller=0)
    assert {game.obj(o).name for o in colorless} == {"Ornithopter", "Memnite"}
    fliers = filters.select(game, {"keyword": "flying"}, controller=0)
    assert {game.obj(o).name for o in fliers} == {"Ornithopter", "Serra Angel"}
    nested = {"or": [{"types": ["Land"]}, {"not": {"types_any": ["Creature", "Land"]}}]}
    assert {game.obj(o).name for o in filters.select(game, nested, controller=0)} == {
        "Forest",
        "Mountain",
    }


def test_graveyard_zone_and_players() -> None:
    game = _board()
    inst = filters.select(
        game, {"types_any": ["Instant", "Sorcery"]}, zones=("graveyard",), controller=0, players=[0]
    )
    assert [game.obj(o).name for o in inst] == ["Lightning Bolt"]
    perm = filters.select(game, {"permanent_card": True}, zones=("graveyard",), controller=0)
    assert [game.obj(o).name for o in perm] == ["Tarmogoyf"]


def test_combat_keys_are_false_without_combat() -> None:
    """Outside a combat phase nothing attacks or blocks (506.4; engine.rules.combat sets them)."""
    game = _board()
    assert filters.filter_missing({"attacking": True}) is None
    assert filters.select(game, {"attacking": True}, controller=0) == []
    assert len(filters.select(game, {"attacking": False, "types": ["Creature"]}, controller=0)) == 5


def test_dealt_damage_and_entered_this_turn_are_tracked() -> None:
    game = _board()
    bears = ids(game, "Grizzly Bears")[0]
    assert filters.select(game, {"dealt_damage_this_turn": True}, controller=0) == []
    assert filters.select(game, {"entered_this_turn": True}, controller=0) == []
    game.mark_damage(bears, 1)
    assert filters.select(game, {"dealt_damage_this_turn": True}, controller=0) == [bears]


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("nonland", {"not": {"types": ["Land"]}}),
        (
            "noncreature, nonland",
            {"and": [{"not": {"types": ["Creature"]}}, {"not": {"types": ["Land"]}}]},
        ),
        ("instant or sorcery", {"or": [{"types": ["Instant"]}, {"types": ["Sorcery"]}]}),
        ("mana value >= 6", {"mv": [">=", 6]}),
        ("nonland, mv<=3", {"and": [{"not": {"types": ["Land"]}}, {"mv": ["<=", 3]}]}),
        ("permanent card", {"permanent_card": True}),
        ("land card", {"types": ["Land"]}),
        ("colorless card", {"colorless": True}),
    ],
)
def test_hand_written_words(words: str, expected: dict) -> None:
    assert filters.words_to_filter(words) == expected
    assert filters.filter_missing(words) is None


@pytest.mark.parametrize(
    "words", ["has cascade", "mana value <= X", "cast from exile", "creature spell, power >= 5"]
)
def test_words_not_understood_are_missing(words: str) -> None:
    assert filters.words_to_filter(words) is None
    assert words in filters.filter_missing(words)


def test_mana_cost_in_reads_the_printed_cost_not_the_mana_value() -> None:
    """Urza's Saga III's "mana cost {0} or {1}": Memnite ({0}) and Ornithopter ({0}) match,
    a land (no mana cost, mana value 0) and Llanowar Elves ({G}, mana value 1) don't."""
    game = _board()
    flt = {"mana_cost_in": ["{0}", "{1}"]}
    names = {
        game.obj(o).name
        for o in game.players[0].zones["battlefield"]
        if filters.matches(game, o, flt, controller=0)
    }
    assert names == {"Memnite", "Ornithopter"}


def test_each_declared_filter_key_has_one_registered_function() -> None:
    """The vocabulary declares the keys; each is tested by the one function registered for
    it, or is named as needing state the engine doesn't track."""
    assert set(filters.FILTER_KEY) == set(FILTER_KEYS) - set(filters.UNSUPPORTED)


@pytest.mark.parametrize("key", ["controller", "owner", "player"])
def test_a_player_key_holding_a_list_is_named_missing(key: str) -> None:
    """A ``controller``/``owner``/``player`` value must be one of its words; a list there
    (hand-written data) is named as not read, where the check used to fail on it."""
    assert filters.filter_missing({key: ["you"]}) == f"filter {key} ['you']"


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("basic land card", {"supertypes": ["Basic"], "types": ["Land"]}),
        ("Forest card", {"subtypes": ["Forest"]}),
        ("Slivers", {"subtypes": ["Sliver"]}),
        ("card named TARDIS", {"name": "TARDIS"}),
        ("mana value 6 or greater", {"mv": [">=", 6]}),
    ],
)
def test_one_reader_of_words_for_every_filter(words: str, expected: dict) -> None:
    """The supertype/subtype words an op's filter could hold are read by the same reader
    as a card's filter in words, so ``matches`` understands them too."""
    assert filters.words_to_filter(words) == expected
    assert filters.filter_missing(words) is None


def test_target_permanent_card_in_a_graveyard_is_a_permanent_card_cr_110_4b() -> None:
    """A "target permanent card in your graveyard" restriction in words:
    an instant is no permanent card (110.4b), so it is no legal target (601.2c). The spell
    reader used to leave "permanent" unread, and an unread restriction restricts nothing."""
    from engine.lang import targets

    game = game_of(board(graveyard=["Lightning Bolt", "Grizzly Bears"]))
    spec = {"what": "card_in_your_graveyard", "constraint": "permanent card", "count": 1}
    found = targets.candidates(game, spec, 0)
    assert [game.obj(int(r[1:])).name for r in found] == ["Grizzly Bears"]
