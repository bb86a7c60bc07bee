"""The card pool: name lookup order, face names, search, suggestions, user cards."""

from __future__ import annotations

import pytest

from engine.cards.carddb import CardPool, UnknownCardError, default_pool, normalize_name
from engine.cards.definitions import CardDef


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return default_pool()


def test_default_pool_is_cached_and_complete(pool: CardPool) -> None:
    assert default_pool() is pool
    assert len(pool) == 31442
    assert "Forest" in pool and "Not A Real Card" not in pool
    assert len(pool.names) == len(pool)


def test_get_returns_the_same_cached_card_def(pool: CardPool) -> None:
    assert pool.get("Lightning Bolt") is pool.get("lightning bolt")
    assert pool["Fire // Ice"] is pool.get("fire")


def test_lookup_exact_then_case_insensitive(pool: CardPool) -> None:
    assert pool.get("Fire // Ice").name == "Fire // Ice"
    assert pool.get("fire // ice").name == "Fire // Ice"
    assert pool.get("  LIGHTNING   BOLT ").name == "Lightning Bolt"


@pytest.mark.parametrize(
    "typed, name",
    [
        ("fire", "Fire // Ice"),
        ("Ice", "Fire // Ice"),
        ("Stomp", "Bonecrusher Giant // Stomp"),
        ("bonecrusher giant", "Bonecrusher Giant // Stomp"),
        ("Agadeem, the Undercrypt", "Agadeem's Awakening // Agadeem, the Undercrypt"),
        ("Insectile Aberration", "Delver of Secrets // Insectile Aberration"),
    ],
)
def test_lookup_by_face_name(pool: CardPool, typed: str, name: str) -> None:
    assert pool.get(typed).name == name


@pytest.mark.parametrize(
    "name", ["Lightning Bolt", "Swords to Plowshares", "Brainstorm", "Brisela, Voice of Nightmares"]
)
def test_own_card_name_beats_another_cards_face_name(pool: CardPool, name: str) -> None:
    # README: 27 face names are also card names (2026 prepare spells, meld results).
    assert pool.get(name).name == name
    assert pool.get(name.upper()).name == name


def test_single_slash_and_curly_apostrophes_are_accepted(pool: CardPool) -> None:
    assert pool.get("Fire / Ice").name == "Fire // Ice"
    assert pool.get("Fire//Ice").name == "Fire // Ice"
    assert pool.get("Urza\u2019s Saga").name == "Urza's Saga"
    assert pool.get("Summon: Choco/Mog").name == "Summon: Choco/Mog"  # a real slash survives


def test_accents_are_ignored(pool: CardPool) -> None:
    assert pool.get("Séance").name == "Seance"
    assert pool.get("Æther Vial").name == "Aether Vial"


def test_normalize_name() -> None:
    assert normalize_name(" Fire/Ice ") == "Fire // Ice"
    assert normalize_name("Jace\u2019s  Erasure") == "Jace's Erasure"


def test_unknown_card_error_has_name_and_suggestions(pool: CardPool) -> None:
    with pytest.raises(UnknownCardError) as info:
        pool.get("Lightnig Bolt")
    err = info.value
    assert err.name == "Lightnig Bolt"
    assert err.suggestions[0] == "Lightning Bolt"
    assert str(err).startswith("unknown card 'Lightnig Bolt'; did you mean: Lightning Bolt, ")
    assert isinstance(err, KeyError) and isinstance(err, ValueError)


def test_unknown_card_error_without_suggestions_reads_cleanly() -> None:
    assert str(UnknownCardError("Zzzqx")) == "unknown card 'Zzzqx'"


@pytest.mark.parametrize(
    "typo, expected",
    [
        ("Lightnig Bolt", "Lightning Bolt"),
        ("Bloodbrade Elf", "Bloodbraid Elf"),
        ("Tarmogof", "Tarmogoyf"),
        ("Thoughtsieze", "Thoughtseize"),
        ("Jace the Mind Scultor", "Jace, the Mind Sculptor"),
        ("Ancestral Visions", "Ancestral Vision"),
        ("Bonecrusher Gaint", "Bonecrusher Giant // Stomp"),
    ],
)
def test_suggest_finds_the_intended_card_first(pool: CardPool, typo: str, expected: str) -> None:
    assert pool.suggest(typo)[0] == expected


def test_suggest_respects_n_and_handles_nonsense(pool: CardPool) -> None:
    assert len(pool.suggest("Lightnig Bolt", n=2)) == 2
    assert pool.suggest("") == []
    assert isinstance(pool.suggest("qqqqqqqqqqqqqqqqqqqqqqqqqqqqq"), list)
    assert isinstance(pool.suggest("x" * 100_000), list)  # long input is cut, not slow


def test_search_puts_prefix_matches_first_then_shorter_names(pool: CardPool) -> None:
    hits = pool.search("bolt", limit=50)
    assert "Lightning Bolt" in hits
    prefix = [h for h in hits if h.lower().startswith("bolt")]
    assert hits[: len(prefix)] == prefix
    assert [len(h) for h in prefix] == sorted(len(h) for h in prefix)


def test_search_is_case_insensitive_and_limited(pool: CardPool) -> None:
    assert pool.search("LIGHTNING BOLT", limit=3)[0] == "Lightning Bolt"
    assert len(pool.search("e", limit=7)) == 7
    assert pool.search("") == []
    assert pool.search("zzzzzzzzzzzz") == []


def test_search_finds_cards_by_face_name(pool: CardPool) -> None:
    assert "Bonecrusher Giant // Stomp" in pool.search("stomp", limit=100)
    assert pool.search("Chop Down", limit=5)[0] == "Giant Killer // Chop Down"


def test_funny_and_digital_only_cards_are_kept_and_flagged(pool: CardPool) -> None:
    ach = pool.get('"Ach! Hans, Run!"')
    assert ach.funny is True
    assert pool.get("Lightning Bolt").funny is False
    assert pool.get("Boseiju Pathlighter").digital_only is True  # an Alchemy card


def _user_card(name: str, cost: str = "{1}{G}") -> CardDef:
    return CardDef.from_dict({"name": name, "mana_cost": cost, "type_line": "Creature — Bear"})


def test_with_cards_adds_user_cards(pool: CardPool) -> None:
    extended = pool.with_cards([_user_card("Homebrew Bear")])
    assert extended.get("homebrew bear").name == "Homebrew Bear"
    assert len(extended) == len(pool) + 1
    assert "Homebrew Bear" not in pool
    assert extended.get("Forest") is pool.get("Forest")
    assert extended.search("homebrew") == ["Homebrew Bear"]
    assert extended.suggest("Homebrw Bear")[0] == "Homebrew Bear"


def test_with_cards_shadows_pool_cards_of_the_same_name(pool: CardPool) -> None:
    custom = _user_card("Lightning Bolt", "{5}")
    extended = pool.with_cards([custom])
    assert extended.get("Lightning Bolt") is custom
    assert extended.get("lightning bolt").mana_value == 5
    assert len(extended) == len(pool)
    assert pool.get("Lightning Bolt").mana_value == 1


def test_with_cards_rejects_non_card_defs(pool: CardPool) -> None:
    with pytest.raises(TypeError):
        pool.with_cards([{"name": "x"}])  # type: ignore[list-item]


def test_small_pool_from_dicts() -> None:
    small = CardPool.from_dicts(
        [
            {
                "name": "Fire // Ice",
                "layout": "split",
                "faces": [
                    {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant"},
                    {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant"},
                ],
            }
        ]
    )
    assert len(small) == 1
    assert small.get("ice").mana_value == 4
    with pytest.raises(UnknownCardError):
        small.get("Forest")


def test_effects_are_read_lazily_and_hand_written_entries_win() -> None:
    """The imported effects (scripts/build_card_db.py --xmage) are in the pool; the
    pool loads without decoding them (engine/data/effects.jsonl.gz, read on first use)."""
    from engine.cards import carddb

    fresh = carddb.CardPool(carddb.load_bundled_entries())
    card = fresh.get("Giant Killer")
    assert callable(card.effects_raw)  # not read yet
    entry = card.effects
    assert entry["source"] == "xmage"
    chop = card.effects_for("Chop Down")
    assert chop["targets"] == [{"count": 1, "filter": {"power": [">", 3]}, "what": "creature"}]
    assert card.effects_raw is entry  # decoded once, then kept
    # Hand-written entries (../shared/cards/effects.json) win over the import.
    assert "source" not in fresh.get("Lightning Bolt").effects
    assert fresh.get("Forest").effects is None or "source" in fresh.get("Forest").effects
