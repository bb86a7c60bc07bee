"""A scenario for each translated XMage effect class (board before/after).

tests/engine/effect_class_cases.json (scripts/gen_effect_class_cases.py) names, for every
XMage effect class the importer translates, a real card of the bundled pool whose op came
from that class, and how a scenario reaches it (cast it, or activate its ability). Each
case puts the card on one rich board (both players have creatures, an artifact, an
enchantment, tapped and untapped permanents, counters, cards in hand, graveyard and
library), runs it with every decision answered by AutoPolicy (the first legal option:
"yes" to "you may", your own permanents first), and then checks what the op family says
must have changed on the board: zones, counters, life, computed P/T and abilities, tapped
state, mana, continuous effects, designations. A case also fails when any part of the
resolution is "not simulated", or when the card can't be cast on the board.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from engine import Scenario, ScenarioError, default_pool
from engine.core.policy import AutoPolicy

from boards import board

CASES = Path(__file__).with_name("effect_class_cases.json")


@cache
def cases() -> list[dict]:
    return json.loads(CASES.read_text(encoding="utf-8"))["cases"]


LIBRARY = [
    "Forest",
    "Grizzly Bears",
    "Island",
    "Lightning Bolt",
    "Plains",
    "Serra Angel",
    "Swamp",
    "Mountain",
    "Llanowar Elves",
    "Opt",
    "Sol Ring",
    "Forest",
]


def scenario(case: dict) -> dict:
    """The board: the card in hand (or on the battlefield, to activate it or to pass the
    turn to its "your end step"/"your upkeep" trigger), and something for every kind of op
    to act on. AutoPolicy takes the first legal option, so tapped
    permanents and ones with counters come first (an "untap target permanent" finds one
    tapped)."""
    card = case["card"]
    mine = [
        {"name": "Llanowar Elves", "tapped": True},
        {"name": "Walking Ballista", "counters": {"+1/+1": 2}},
        "Grizzly Bears",
        "Forest",
        "Island",
        "Mountain",
        "Plains",
        "Swamp",
        "Sol Ring",
    ]
    hand = ["Opt", "Grizzly Bears"]
    graveyard = ["Grizzly Bears", "Lightning Bolt", "Forest", "Serra Angel"]
    actions: list[dict] = []
    if case["how"] == "activate":
        subtypes = default_pool().get(card).front.subtypes
        attached = "Aura" in subtypes or "Equipment" in subtypes
        mine.append({"name": card, "attached_to": "Grizzly Bears"} if attached else card)
        actions.append({"do": "activate", "card": card})
    elif case["how"].split(":")[0] in ("end_step", "upkeep"):  # a step trigger: turns pass
        if case["how"].endswith(":graveyard"):
            graveyard.append(card)
        else:
            mine.append(card)
        actions.append({"do": "precombat_main", "player": 1, "draw": False})  # your end step
        if case["how"].startswith("upkeep"):
            actions.append({"do": "precombat_main", "player": 0, "draw": False})
    elif case["how"] == "counter":  # a counterspell: the opponent's Shock is on the stack
        hand.insert(0, card)
        actions += [
            {"do": "cast", "card": "Shock", "player": 1},
            {"do": "counter", "player": 0, "with": card},
        ]
    else:
        hand.insert(0, card)
        actions.append({"do": "cast", "card": card})
    d = board(
        LIBRARY,
        hand=hand,
        battlefield=mine,
        graveyard=graveyard,
        opponent_library=list(reversed(LIBRARY)),
        opponent_hand=["Shock", "Memnite", "Island"],
        opponent_battlefield=[
            {"name": "Grizzly Bears", "tapped": True},
            {"name": "Tarmogoyf", "counters": {"+1/+1": 1}},
            "Serra Angel",
            "Island",
            "Glorious Anthem",
            "Sol Ring",
        ],
        actions=actions,
        life=15,
        opponent_life=15,
    )
    d["players"][1]["graveyard"] = ["Memnite", "Shock", "Birds of Paradise"]
    return d


def run(d: dict, pick: str = "first"):
    """Run it, every decision answered with its first legal option (AutoPolicy) or, with
    ``pick="last"``, its last one (the opponent's permanents, "don't pay")."""
    tl = Scenario.from_dict(d).run()
    policy = AutoPolicy()
    for _ in range(60):
        if tl.pending is None:
            break
        key = policy.answer(tl.pending) if pick == "first" else tl.pending.keys()[-1]
        tl = tl.answer(key).run()
    assert tl.pending is None and tl.finished
    return tl


# ------------------------------------------------------------------- what a board is
def board_of(state, skip: int | None, events=()) -> dict:
    """Every field an op can change, per player and per battlefield object; the card the
    case plays (``skip``) is left out of the zones: casting it moves it anyway. The
    designations (monarch, initiative) are the game's, read from the events' fields."""
    out: dict = {}
    for p, ps in enumerate(state.players):
        zones = {}
        for z in ("library", "hand", "battlefield", "graveyard", "exile"):
            ids = [o for o in ps.zone(z) if o != skip]
            zones[z] = ids if z == "library" else sorted(ids)
        out[f"zones{p}"] = zones
        out[f"life{p}"] = ps.life
        out[f"mana{p}"] = ps.mana_pool
        out[f"player_counters{p}"] = dict(getattr(ps, "counters", {}) or {})
    perms = {}
    for ps in state.players:
        for oid in ps.battlefield:
            o = state.objects[oid]
            ch = state.characteristics(oid)
            perms[oid] = {
                "tapped": o.tapped,
                "counters": dict(o.counters),
                "damage": o.damage,
                "pt": ch.pt,
                "keywords": sorted(ch.keywords),
                "types": (ch.types, ch.subtypes, ch.colors),
                "controller": ch.controller,
                "attached": (o.attached_to, o.phased_out, o.face_down, o.face),
                "rules": ch.rules,
                "abilities": len(ch.abilities),
            }
    out["permanents"] = perms
    out["continuous"] = len(state.continuous)
    out["lost"] = tuple(state.lost)
    out["designations"] = {
        e.data["designation"]: e.player for e in events if e.kind == "designation"
    }
    # the objects that changed zones (a flicker leaves the zones as they were)
    out["moved"] = sorted({m.obj for e in events for m in e.moves if m.obj != skip})
    return out


def changed(before: dict, after: dict, *keys: str) -> bool:
    return any(before.get(k) != after.get(k) for k in keys)


def zones_changed(b: dict, a: dict) -> bool:
    return changed(b, a, "zones0", "zones1", "moved")


# What a permanent that wasn't there before (the card itself entering) is compared with.
NEW = {"counters": {}, "damage": 0, "tapped": False}


def perm_field(name: str) -> Callable[[dict, dict], bool]:
    def check(b: dict, a: dict) -> bool:
        return any(
            b["permanents"].get(o, NEW).get(name, v.get(name)) != v.get(name)
            for o, v in a["permanents"].items()
        )

    return check


def chars_changed(b: dict, a: dict) -> bool:
    return any(
        perm_field(k)(b, a) for k in ("pt", "keywords", "types", "controller", "rules", "abilities")
    )


def life_changed(b: dict, a: dict) -> bool:
    return changed(b, a, "life0", "life1")


def effect_recorded(b: dict, a: dict) -> bool:
    return a["continuous"] > b["continuous"]


# What each op must have changed (the op family's field). An op absent here (the structure
# ops "if", "unless", "pay", "delayed", "copy_spell": what they run is another op) must
# change something on the board at least (any field).
ZONES = (
    "destroy",
    "exile",
    "return_to_hand",
    "draw",
    "discard",
    "mill",
    "sacrifice",
    "search_library",
    "return_from_graveyard",
    "put_onto_battlefield",
    "create_token",
    "create_token_copy",
    "amass",
    "incubate",
    "populate",
    "living_death",
    "impulse",
    "look_and_pick",
    "put_on_library",
    "mill_then_return",
    "manifest",
    "flicker",
    "surveil",
    "counter_spell",
    "discover",
    "return_exiled",
)
EXPECT: dict[str, Callable[[dict, dict], bool]] = {
    **{op: zones_changed for op in ZONES},
    "add_counters": perm_field("counters"),
    "remove_counters": perm_field("counters"),
    "proliferate": perm_field("counters"),
    "bolster": perm_field("counters"),
    "enters_with_counters": perm_field("counters"),
    "add_player_counters": lambda b, a: changed(b, a, "player_counters0", "player_counters1"),
    "gain_life": life_changed,
    "lose_life": life_changed,
    **{
        op: lambda b, a: life_changed(b, a) or perm_field("damage")(b, a) or zones_changed(b, a)
        for op in ("damage", "fight", "bite")
    },
    "tap": perm_field("tapped"),
    "untap": perm_field("tapped"),
    "tap_or_untap": perm_field("tapped"),
    "add_mana": lambda b, a: changed(b, a, "mana0", "mana1"),
    "attach": perm_field("attached"),
    "phase_out": perm_field("attached"),
    "transform": perm_field("attached"),
    **{
        op: lambda b, a: chars_changed(b, a) or effect_recorded(b, a)
        for op in (
            "pump",
            "set_base_pt",
            "grant",
            "lose_keywords",
            "add_types",
            "set_color",
            "become_creature",
            "gain_control",
            "exchange_control",
            "cant_block",
            "cant_be_blocked",
            "protection_from_chosen_color",
            "goad",
        )
    },
    **{
        op: effect_recorded for op in ("prevent_damage", "regenerate", "skip_untap", "grant_player")
    },
    "exile_instead": lambda b, a: effect_recorded(b, a) or zones_changed(b, a),
    "scry": zones_changed,  # the library's order is part of the zones
    "win_game": lambda b, a: changed(b, a, "lost"),
    "become_monarch": lambda b, a: changed(b, a, "designations"),
    "take_initiative": lambda b, a: changed(b, a, "designations"),
}


def check_case(case: dict) -> str | None:
    """Why the case fails (None: the board changed as each of its ops says)."""
    d = scenario(case)
    try:
        tl = run(d, case.get("pick", "first"))
    except (ScenarioError, AssertionError) as e:
        return f"{type(e).__name__}: {e}"[:200]
    card_id = next((oid for oid, o in tl.final.objects.items() if o.name == case["card"]), None)
    missing = [e for e in tl.events if e.kind == "not_simulated"]
    if missing:
        return f"not simulated: {missing[0].data.get('missing')}"
    start = tl[0]
    if case["how"].split(":")[0] in ("end_step", "upkeep"):
        # the turn passing changes the board too: compare from the moment it triggers
        start = next(
            (
                f
                for f in tl
                if f.event is not None and f.event.kind == "trigger" and f.event.source == card_id
            ),
            None,
        )
        if start is None:
            return "its trigger did not trigger"
    before = board_of(start.state, card_id)
    after = board_of(tl.final, card_id, tl.events[start.index :])
    for op in case["ops"]:
        if not EXPECT.get(op, lambda b, a: b != a)(before, after):
            return f"{op}: the board did not change as the op says"
    return None


def _runnable() -> list[dict]:
    return [c for c in cases() if c["card"]]


@pytest.mark.parametrize("case", _runnable(), ids=lambda c: c["class"])
def test_each_translated_effect_class_changes_the_board_as_its_op_says(case: dict) -> None:
    assert check_case(case) is None


def test_the_cases_cover_the_translated_classes_and_say_why_not() -> None:
    """Every class the import report lists has a case; one without a card says why."""
    assert len(cases()) >= 190
    assert len({c["class"] for c in cases()}) == len(cases())
    assert all(c["card"] or c.get("why") for c in cases())
    assert len(_runnable()) >= 150


def test_the_checks_can_fail() -> None:
    """A board that didn't change fails every op's check."""
    d = scenario({"card": "Opt", "how": "cast"})
    state = Scenario.from_dict({**d, "actions": []}).run().final
    same = board_of(state, None)
    for op, check in EXPECT.items():
        assert not check(same, same), op
