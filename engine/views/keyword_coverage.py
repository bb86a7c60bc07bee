"""Keywords of the card pool (the cards' ``keywords`` field) and what the engine does with each.

The importer records a keyword ability as a keyword, not as effect ops (XMage's
``abilities.keyword`` classes: Heroic, Flashback, Prowess, Ward...), so the card's effect
data says nothing about it; coverage asks this table instead. Every keyword has a state:

- ``implemented``: the engine carries out its rule (the rule cited, with its tests);
- ``combat``: the combat rules carry it out (engine.rules.combat: declaring attackers and
  blockers, combat damage, 506-511); the combat keywords they don't carry out
  (``UNSIMULATED_KEYWORDS`` there, exert, ninjutsu...) are ``not simulated``;
- ``effects``: a keyword action or ability word whose instructions are the card's own
  effect data (Scry, Investigate...): the ops there are checked like any other;
- ``mana``: a way to pay or reduce a mana cost (Convoke, Delve, Affinity...): mana
  payment is assumed, never simulated (601.2f-h), so there is nothing more to do;
- ``pregame``: deck construction or the opening hand (Partner, Leyline): nothing of it
  happens once a game has begun, and a scenario begins with its zones given;
- ``not simulated``: everything else. A card with such a keyword is at best partly
  simulated, and coverage names the keyword as its missing part.

A keyword the table doesn't know is ``not simulated``: a new keyword never counts as done.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

IMPLEMENTED, COMBAT, EFFECTS, MANA, PREGAME, NOT = (
    "implemented",
    "combat",
    "effects",
    "mana",
    "pregame",
    "not simulated",
)
STATES = (IMPLEMENTED, COMBAT, EFFECTS, MANA, PREGAME, NOT)
#: States that leave a card's claim as its effect data makes it.
COUNTED = frozenset({IMPLEMENTED, COMBAT, EFFECTS, MANA, PREGAME})

#: keyword (lowercase) -> (state, CR rule, where / why)
TABLE: dict[str, tuple[str, str, str]] = {
    # ---------------------------------------------------------------- implemented
    "enchant": (IMPLEMENTED, "303.4a", "Aura targets and attachment (702.5a)"),
    "equip": (IMPLEMENTED, "702.6a", "the activate action (permanents.keyword_abilities)"),
    "flash": (IMPLEMENTED, "702.8a", "casting timing (actions.timing_check)"),
    "haste": (IMPLEMENTED, "702.10", "summoning sickness of {T} abilities (302.6)"),
    "indestructible": (IMPLEMENTED, "702.12b", "destroy and lethal damage (sba)"),
    "hexproof": (IMPLEMENTED, "702.11b", "targeting (engine.lang.targets)"),
    "shroud": (IMPLEMENTED, "702.18a", "targeting (engine.lang.targets)"),
    "lifelink": (IMPLEMENTED, "702.15b", "damage (ops.damage)"),
    "changeling": (IMPLEMENTED, "702.73a", "every creature type (engine.cards.changeling)"),
    "cycling": (IMPLEMENTED, "702.29a", "the cycle action"),
    "basic landcycling": (IMPLEMENTED, "702.29e", "the cycle action (typecycling)"),
    "plainscycling": (IMPLEMENTED, "702.29e", "the cycle action (typecycling)"),
    "islandcycling": (IMPLEMENTED, "702.29e", "the cycle action (typecycling)"),
    "swampcycling": (IMPLEMENTED, "702.29e", "the cycle action (typecycling)"),
    "mountaincycling": (IMPLEMENTED, "702.29e", "the cycle action (typecycling)"),
    "forestcycling": (IMPLEMENTED, "702.29e", "the cycle action (typecycling)"),
    "kicker": (IMPLEMENTED, "702.33a", "an optional additional cost (engine.lang.costs)"),
    "cascade": (IMPLEMENTED, "702.85a", "engine.keywords.cascade"),
    "suspend": (IMPLEMENTED, "702.62a", "the suspend action (engine.keywords.suspend)"),
    "evoke": (IMPLEMENTED, "702.74a", "cast with evoke (engine.keywords.evoke)"),
    "warp": (IMPLEMENTED, "702.185a", "cast with warp (engine.keywords.warp)"),
    "retrace": (IMPLEMENTED, "702.81a", "cast from the graveyard (engine.keywords.retrace)"),
    "escape": (IMPLEMENTED, "702.138a", "cast from the graveyard (engine.keywords.escape)"),
    "crew": (IMPLEMENTED, "702.122a", "an activated ability of the Vehicle (engine.keywords.crew)"),
    "flashback": (IMPLEMENTED, "702.34a", "cast from the graveyard (engine.keywords.flashback)"),
    "storm": (IMPLEMENTED, "702.40a", "engine.keywords.storm"),
    "persist": (IMPLEMENTED, "702.79a", "engine.keywords.persist"),
    "undying": (IMPLEMENTED, "702.93a", "engine.keywords.undying"),
    "prowess": (IMPLEMENTED, "702.108a", "engine.keywords.prowess"),
    "buyback": (
        IMPLEMENTED,
        "702.27a",
        "an optional additional cost; back to hand as it resolves (engine.keywords.buyback)",
    ),
    "echo": (IMPLEMENTED, "702.30a", "an upkeep trigger (engine.keywords.echo)"),
    "cumulative upkeep": (
        IMPLEMENTED,
        "702.24a",
        "an upkeep trigger: age counters, a mana or life cost (engine.keywords.cumulative_upkeep)",
    ),
    "phasing": (IMPLEMENTED, "702.26a", "the untap step (layers.untap_step_done)"),
    "devoid": (IMPLEMENTED, "702.114a", "the card's colors are colorless in the card data"),
    "living weapon": (IMPLEMENTED, "702.92a", "the living_weapon op of the card's data"),
    "protection": (
        IMPLEMENTED,
        "702.16a",
        "targeting, damage, attachments and blocks (engine.lang.protection); its quality "
        "is the card data's protection list",
    ),
    # ------------------------------------------- carried out by the combat rules (506-511)
    **{
        k: (COMBAT, rule, "engine.rules.combat")
        for k, rule in (
            ("flying", "702.9b"),
            ("trample", "702.19b"),
            ("vigilance", "702.20b"),
            ("reach", "702.17b"),
            ("first strike", "702.7b"),
            ("double strike", "702.4b"),
            ("menace", "702.111b"),
            ("defender", "702.3b"),
            ("deathtouch", "702.2b"),
            ("fear", "702.36b"),
            ("intimidate", "702.13b"),
            ("shadow", "702.28b"),
            ("horsemanship", "702.31b"),
            ("skulk", "702.118b"),
            ("landwalk", "702.14c"),
            ("swampwalk", "702.14c"),
            ("islandwalk", "702.14c"),
            ("forestwalk", "702.14c"),
            ("mountainwalk", "702.14c"),
            ("plainswalk", "702.14c"),
            ("infect", "702.90b"),
            ("wither", "702.80a"),
            ("exalted", "702.83a"),
            ("battle cry", "702.91a"),
        )
    },
    # ----------------------------- ability words of combat: their triggers are the card's data
    **{
        k: (EFFECTS, rule, "an ability word: the card's effect data holds its trigger")
        for k, rule in (("battalion", "207.2c"), ("pack tactics", "207.2c"), ("heroic", "207.2c"))
    },
    # ------------------------------------------------ combat keywords the engine doesn't carry
    # out: engine.rules.combat.UNSIMULATED_KEYWORDS names them in the log when they'd
    # matter; the others are never offered (exert as it attacks, saddle, ninjutsu...)
    **{
        k: (NOT, rule, "not simulated by the combat rules")
        for k, rule in (
            ("flanking", "702.25a"),
            ("annihilator", "702.86a"),
            ("melee", "702.121a"),
            ("rampage", "702.23a"),
            ("provoke", "702.39a"),
            ("banding", "702.22a"),
            ("bands with other", "702.22c"),
            ("dethrone", "702.105a"),
            ("myriad", "702.116a"),
            ("afflict", "702.130a"),
            ("training", "702.149a"),
            ("mentor", "702.134a"),
            ("enlist", "702.154a"),
            ("frenzy", "702.68a"),
            ("poisonous", "702.70a"),
            ("ingest", "702.115a"),
            ("mobilize", "702.181a"),
            ("exert", "701.43a"),
            ("ninjutsu", "702.49a"),
            ("toxic", "702.164b"),
            ("saddle", "702.171a"),
            ("decayed", "702.147a"),
            ("renown", "702.112a"),
            ("daunt", "702.163a"),
            ("firebending", "702.189a"),
        )
    },
    # ---------------------------------------------- keyword actions: the card's effect ops
    **{
        k: (EFFECTS, rule, "a keyword action: the card's effect data holds its ops")
        for k, rule in (
            ("scry", "701.22a"),
            ("surveil", "701.25a"),
            ("investigate", "701.16a"),
            ("proliferate", "701.34a"),
            ("amass", "701.47a"),
            ("goad", "701.15a"),
            ("connive", "701.50a"),
            ("venture into the dungeon", "701.49a"),
            ("explore", "701.44a"),
            ("manifest", "701.40a"),
            ("incubate", "701.53a"),
            ("discover", "701.57a"),
            ("populate", "701.36a"),
            ("manifest dread", "701.62a"),
            ("initiative", "725.1"),
            ("bolster", "701.39a"),
            ("learn", "701.48a"),
            ("suspect", "701.60a"),
            ("endure", "701.63a"),
            ("time travel", "701.55a"),
            ("forage", "701.61a"),
            ("fateseal", "701.29a"),
        )
    },
    # Ward [cost] is a triggered ability (702.21a): the importer writes it into the card data
    # ("whenever this becomes the target of a spell or ability an opponent controls, counter
    # it unless that player pays"), whose ops are checked like any other (NEEDS_TRIGGER)
    "ward": (EFFECTS, "702.21a", "a triggered ability: the card's effect data holds it"),
    # Bushido N and soulshift N (702.45a, 702.46a) are triggered abilities the importer writes
    # into the card data ("whenever this blocks or becomes blocked, it gets +N/+N until end
    # of turn"; "when this dies, you may return target Spirit card with mana value N or less
    # from your graveyard to your hand"): claimed only with those triggers (NEEDS_TRIGGER)
    "bushido": (EFFECTS, "702.45a", "a triggered ability: the card's effect data holds it"),
    "soulshift": (EFFECTS, "702.46a", "a triggered ability: the card's effect data holds it"),
    # Channel is read into an activated ability of the card in hand (the importer's _channel)
    "channel": (EFFECTS, "207.2c", "an ability word: the card's activated ability in hand"),
    # --------------------------------------------------------- ways to pay mana costs
    **{
        k: (MANA, rule, "mana payment is assumed, not simulated")
        for k, rule in (
            ("convoke", "702.51a"),
            ("delve", "702.66a"),
            ("affinity", "702.41a"),
            ("improvise", "702.126a"),
            ("assist", "702.132a"),
        )
    },
    # ------------------------------------------------------------ before the game
    "partner": (PREGAME, "702.124a", "deck construction"),
    "doctor's companion": (PREGAME, "702.124k", "deck construction"),
    "leyline": (PREGAME, "103.6a", "the opening hand: a scenario gives the battlefield"),
}

#: The card data op an implemented keyword needs on the card itself (or it is not simulated).
NEEDS_OP: Mapping[str, str] = {"living weapon": "living_weapon"}
#: The card data field an implemented keyword needs filled (or it is not simulated): a
#: printed Protection whose quality the data doesn't give can't be applied (702.16a).
NEEDS_FIELD: Mapping[str, str] = {"protection": "protection"}
#: The trigger (its ``when``) a keyword that is a triggered ability needs in the card data:
#: a card whose Ward the data doesn't hold (granted, or a cost not translated) isn't claimed.
NEEDS_TRIGGER: Mapping[str, str] = {
    "ward": "self_becomes_target",
    "heroic": "self_targeted_by_your_spell",  # 207.2c: "whenever you cast a spell that targets"
    "bushido": "self_becomes_blocked",  # 702.45a (with self_blocks)
    "soulshift": "self_dies",  # 702.46a
}
#: Keywords whose trigger must also say it is that keyword's (the importer writes
#: ``"keyword": "Bushido"``): another "when this dies" trigger of the card is not soulshift.
NEEDS_KEYWORD_TRIGGER: Mapping[str, str] = {
    "bushido": "Bushido",
    "soulshift": "Soulshift",
}


def state_of(keyword: str) -> tuple[str, str, str]:
    """(state, CR rule, note) of a keyword; an unknown one is not simulated."""
    return TABLE.get(keyword.lower(), (NOT, "", "not simulated"))


def _has_op(entry: Any, name: str) -> bool:
    if isinstance(entry, Mapping):
        return entry.get("op") == name or any(_has_op(v, name) for v in entry.values())
    if isinstance(entry, list):
        return any(_has_op(v, name) for v in entry)
    return False


def _has_field(entry: Any, name: str) -> bool:
    """The card's effect entry (or one of its faces') has ``name`` filled."""
    if not isinstance(entry, Mapping):
        return False
    if entry.get(name):
        return True
    faces = entry.get("faces")
    return isinstance(faces, Mapping) and any(_has_field(f, name) for f in faces.values())


def _has_trigger(entry: Any, when: str, keyword: str | None = None) -> bool:
    """The card's effect entry (or one of its faces') has a trigger on ``when`` (written as
    ``keyword``'s, when given)."""
    if not isinstance(entry, Mapping):
        return False
    triggers = entry.get("triggers")
    if isinstance(triggers, list) and any(
        isinstance(t, Mapping)
        and t.get("when") == when
        and (keyword is None or t.get("keyword") == keyword)
        for t in triggers
    ):
        return True
    faces = entry.get("faces")
    return isinstance(faces, Mapping) and any(
        _has_trigger(f, when, keyword) for f in faces.values()
    )


def card_keywords(card: Any) -> list[str]:
    """The card's keywords over its faces, each once, in printed order."""
    out: list[str] = []
    for face in card.faces:
        for k in face.keywords:
            if k not in out:
                out.append(k)
    return out


def missing(card: Any, extra: Iterable[tuple[str, Any]] = ()) -> list[tuple[str, str]]:
    """(keyword, missing part) for each keyword of the card the engine doesn't simulate.
    ``extra``: (keyword, check(card) -> missing part or None) for implemented keywords whose
    module knows limits of its own (storm on a permanent spell)."""
    out: list[tuple[str, str]] = []
    checks = dict(extra)
    for k in card_keywords(card):
        state, rule, _ = state_of(k)
        low = k.lower()
        if state == NOT:
            out.append((k, f"keyword {k}"))
        elif low in NEEDS_OP and not _has_op(card.effects, NEEDS_OP[low]):
            out.append((k, f"keyword {k} ({rule}): not in the card's effect data"))
        elif low in NEEDS_FIELD and not _has_field(card.effects, NEEDS_FIELD[low]):
            out.append((k, f"keyword {k} ({rule}): its quality is not in the card's data"))
        elif low in NEEDS_TRIGGER and not _has_trigger(
            card.effects, NEEDS_TRIGGER[low], NEEDS_KEYWORD_TRIGGER.get(low)
        ):
            out.append((k, f"keyword {k} ({rule}): not in the card's effect data"))
        elif low in checks:
            part = checks[low](card)
            if part:
                out.append((k, part))
    return out


def table(cards: Iterable[Any]) -> list[dict[str, Any]]:
    """Every keyword of these cards: {keyword, cards (names having it), state, rule, note},
    most cards first (the pool's list for ``python -m engine coverage --keywords``)."""
    counts: dict[str, int] = {}
    for card in cards:
        for k in card_keywords(card):
            counts[k] = counts.get(k, 0) + 1
    rows = []
    for k, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        state, rule, note = state_of(k)
        rows.append({"keyword": k, "cards": n, "state": state, "rule": rule, "note": note})
    return rows
