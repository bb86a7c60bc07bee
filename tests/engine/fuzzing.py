"""Structured input mutators for the fuzz tests and ``make fuzz``.

Every generator takes a ``random.Random``: the suite feeds it from hypothesis
(``st.randoms()``, so examples are reproducible and shrink), scripts/fuzz.py from a
seeded ``Random`` (fast enough for 100,000 inputs per entry point). Inputs start from
VALID ones (the example scenarios, real cards with effects and chapters, a decklist,
Scryfall-shaped cards, tokens of those) and get mutated the way a careless user or an
attacker would: wrong types, huge numbers, deep nesting, long strings, random keys,
long whitespace runs. ``guarded`` runs one call and reports what escaped and its cost.

Stdlib + engine only: it also runs under Pyodide.
"""

from __future__ import annotations

import copy
import json
import random
import time
import zlib
from base64 import urlsafe_b64encode
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import (
    CardDef,
    DecklistError,
    GameError,
    Scenario,
    ScenarioError,
    StateSpaceTooLarge,
    TokenError,
    UnknownCardError,
    default_pool,
)
from engine.core.policy import ChoiceError

#: What an entry point may raise for bad input (docs/ENGINE_API.md, "Errors").
DOCUMENTED = (
    ScenarioError,  # includes SchemaError and BudgetExceeded
    TokenError,
    DecklistError,
    UnknownCardError,
    ChoiceError,
    GameError,
    StateSpaceTooLarge,
)
#: CardDef.from_dict / from_scryfall document ValueError (SchemaError is one).
CARD_DOCUMENTED = (ValueError,)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "scenarios"


# --------------------------------------------------------------------- templates
def example_scenarios() -> list[dict]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("*.json"))]


def _effect_cards() -> list[dict]:
    """Real cards whose data has effects or chapters, as user-card dicts (their own names)."""
    pool = default_pool()
    names = [
        "Lightning Bolt",
        "Fire // Ice",
        "The First Eruption",
        "History of Benalia",
        "Geological Appraiser",
        "Hidden Volcano",
        "Apex Devastator",
        "Bloodbraid Elf",
        "Maelstrom Nexus",
        "Dark Apostle",
        "Counterspell",
        "Fireball",
        "Walking Ballista",
        "Averna, the Chaos Bloom",
        "Imoti, Celebrant of Bounty",
        "Thragtusk",
        "Summon: G.F. Ifrit",
        "The Elder Dragon War",
        "Trumpeting Carnosaur",
    ]
    out = []
    for n in names:
        try:
            out.append(pool.get(n).to_dict(compact=True))
        except (KeyError, ValueError):
            continue
    return out


_CARDS: list[dict] | None = None
_SCENARIOS: list[dict] | None = None


def card_templates() -> list[dict]:
    global _CARDS
    if _CARDS is None:
        _CARDS = _effect_cards()
    return _CARDS


def scenario_templates() -> list[dict]:
    """The examples, plus one scenario per effect card: cast it (or activate it) as a user card."""
    global _SCENARIOS
    if _SCENARIOS is None:
        out = example_scenarios()
        for card in card_templates():
            c = CardDef.from_dict(card)
            permanent = c.front.is_permanent and not c.front.is_land
            if c.is_land or (permanent and (c.effects or {}).get("activated")):
                action = {"do": "activate", "card": c.name}
                player = {"battlefield": [c.name, "Mountain"], "hand": []}
            else:
                action = {"do": "cast", "card": c.name}
                player = {"battlefield": ["Mountain", "Forest"], "hand": [c.name]}
            out.append(
                {
                    "version": 1,
                    "seed": 3,
                    "players": [
                        {
                            "library": [
                                {"name": "Forest", "count": 5},
                                "Lightning Bolt",
                                "Grizzly Bears",
                            ],
                            **player,
                        },
                        {"battlefield": ["Serra Angel"], "hand": ["Counterspell"]},
                    ],
                    "actions": [action],
                    "cards": [card],
                }
            )
        _SCENARIOS = out
    return _SCENARIOS


DECKLIST = """Deck
4 Bloodbraid Elf
4x Lightning Bolt
2 x Fire // Ice
1 Apex Devastator (IKO) 176 *F*
20 Forest
SB: 2 Counterspell

Sideboard (15):
3 Shock
// Maybeboard
1 Serra Angel
"""


_SCRYFALL: list[dict] = []


def scryfall_templates() -> list[dict]:
    """Scryfall-shaped JSON for a few real cards (the fields from_scryfall reads), built
    once (``mutate`` copies before it changes anything)."""
    if _SCRYFALL:
        return _SCRYFALL
    out = _SCRYFALL
    for card in card_templates():
        c = CardDef.from_dict(card)
        faces = [
            {
                "name": f.name,
                "mana_cost": f.mana_cost.text if f.mana_cost else "",
                "type_line": f.type_line,
                "oracle_text": "",
                **({"power": f.power, "toughness": f.toughness} if f.power else {}),
            }
            for f in c.faces
        ]
        obj: dict[str, Any] = {
            "name": c.name,
            "layout": c.layout,
            "cmc": float(c.mana_value),
            "keywords": list(c.keywords),
            "type_line": c.type_line,
            "oracle_text": ", ".join(["Cascade"] * c.cascade)
            + (f"\nDiscover {c.discover}." if c.discover is not None else ""),
        }
        if len(faces) > 1:
            obj["card_faces"] = faces
            obj["mana_cost"] = c.mana_cost_text
        else:
            obj.update({k: v for k, v in faces[0].items() if k != "oracle_text"})
        out.append(obj)
    return out


# ---------------------------------------------------------------------- mutation
def deep(depth: int, leaf: Any = 1) -> Any:
    """Nested lists/objects ``depth`` levels deep, built without recursion."""
    value = leaf
    for i in range(depth):
        value = [value] if i % 2 else {"a": value}
    return value


def _weird(rng: random.Random) -> Any:
    """A value of a surprising type or size."""
    k = rng.randrange(16)
    if k == 0:
        return rng.choice([None, True, False])
    if k == 1:
        return rng.choice([0, -1, 1, 2, 7, 99, 100, 250, 251, 1000, 1001])
    if k == 2:
        return rng.choice([1, -1]) * 10 ** rng.randint(2, 40)
    if k == 3:
        return rng.choice([0.5, -2.5, 1e300, 3.0])
    if k == 4:
        return rng.choice(["", "x", "X", "X+1", "-X", "any", "target", "Forest", "{R}"])
    if k == 5:
        return rng.choice([" ", "a", "(", "*", "{", "\t", "é", "//"]) * rng.choice(
            [10, 201, 1001, 20_000]
        )
    if k == 6:
        return []
    if k == 7:
        return {}
    if k == 8:
        return [rng.choice([1, "x", None, {}, []])] * rng.choice([1, 3, 300, 5000])
    if k == 9:
        return {"op": rng.choice([5, "damage", "create_token", "", None]), "n": _weird(rng)}
    if k == 10:
        return deep(rng.choice([3, 20, 40, 120, 250]))  # deeper: see token()
    if k == 11:
        return {f"k{i}": i for i in range(rng.choice([1, 50, 2000]))}
    if k == 12:
        return rng.choice(["cast", "Cascade", "Creature", "Saga", "Lightning Bolt", "W"])
    if k == 13:
        return {"name": "Forest", "count": rng.choice([1, 250, 251, 10**6])}
    if k == 14:
        return rng.choice(
            [{"op": "damage", "amount": 3, "to": "target"}, {"op": "draw", "n": 10**6}]
        )
    return rng.choice([[1], ["a"], [[]], [{}], "Island", 10**6])


def _slots(value: Any, limit: int = 4000) -> list[tuple[Any, Any]]:
    """(container, key) for every place in a JSON tree, breadth first, capped."""
    out: list[tuple[Any, Any]] = []
    todo = [value]
    while todo and len(out) < limit:
        node = todo.pop()
        if isinstance(node, dict):
            for k, v in node.items():
                out.append((node, k))
                todo.append(v)
        elif isinstance(node, list):
            for i, v in enumerate(node[:50]):
                out.append((node, i))
                todo.append(v)
    return out


_VOCAB: list[Any] = [
    0,
    1,
    2,
    3,
    5,
    20,
    99,
    True,
    False,
    None,
    [],
    "X",
    "X+1",
    "-X",
    "any",
    "target",
    "targets",
    "self",
    "you",
    "each_opponent",
    "each_player",
    "target_player",
    "each_creature",
    "all_creatures",
    "creature",
    "land",
    "Mountain",
    "lore",
    "+1/+1",
    "next_spell",
    "spells_you_cast",
    "first_spell_each_turn",
    "you_cascade",
    "you_discover",
    "{R}",
    "{T}",
    "{T}, Sacrifice a creature",
    "remove a lore counter from this",
    "2/2",
    "Goblin",
    "kicked",
    "hand",
    "exile",
    "battlefield",
    "graveyard",
    "damage",
    "draw",
    "create_token",
    "add_counters",
    "lore_counter",
    "cascade_grant",
    "discover",
    "sacrifice",
    "destroy",
    "exile",
    "return_to_hand",
    "counter_spell",
    "tap",
    "gain_life",
    "add_mana",
    "proliferate",
    "put_onto_battlefield",
    "enters_with_counters",
    "Lightning Bolt",
    "Forest",
    "Grizzly Bears",
    "Serra Angel",
    "Counterspell",
    "cast",
    "decline",
    {"op": "damage", "amount": 2, "to": "target"},
    {"what": "creature", "count": 1},
    [{"op": "draw", "n": 1}],
    [{"op": "create_token", "token": "Goblin", "pt": "1/1"}],
]


def _mild(rng: random.Random, old: Any = None) -> Any:
    """A value that usually still fits the schema: the engine's own vocabulary, of the
    same JSON kind as the value it replaces."""
    same = [v for v in _VOCAB if type(v) is type(old)]
    return copy.deepcopy(rng.choice(same or _VOCAB))


def mutate(rng: random.Random, value: Any, rounds: int | None = None, *, mild: bool = False) -> Any:
    """A mutated deep copy of a JSON tree: 1-4 structured changes (``mild``: values from
    the engine's vocabulary, so more inputs pass validation and reach the rules)."""
    value = copy.deepcopy(value)
    for _ in range(rounds or rng.randint(1, 4)):
        slots = _slots(value)
        if not slots:
            return _weird(rng)
        if mild and isinstance(value, dict) and value.get("cards") and rng.random() < 0.7:
            slots = _slots(value["cards"]) or slots  # user cards: where the ops are
        node, key = rng.choice(slots)
        k = rng.randrange(9)
        old = node[key]
        if k <= 3:
            node[key] = _mild(rng, old) if mild else _weird(rng)
        elif k == 4 and isinstance(old, int) and not isinstance(old, bool):
            node[key] = rng.choice([old + 1, old - 1, -old, old * 1000, 10**7, 2**63, -(2**63)])
        elif k == 5 and isinstance(node, dict):
            new = rng.choice(["zzz", "op", "count", "n", "x", "what", "to", "then", "targets"])
            node[new] = _mild(rng) if mild else _weird(rng)
        elif k == 6:
            if isinstance(node, dict):
                del node[key]
            else:
                node.pop(key)
        elif k == 7 and isinstance(old, list) and old:
            node[key] = old * rng.choice([2, 30, 300])
        else:  # type confusion with another real value from the same tree
            other, okey = rng.choice(slots)
            try:
                node[key] = copy.deepcopy(other[okey]) if other is not node else _weird(rng)
            except RecursionError:  # a deep subtree: copy.deepcopy recurses
                node[key] = _weird(rng)
    return value


def scenario_dict(rng: random.Random, *, mild: bool = False) -> dict:
    return mutate(rng, rng.choice(scenario_templates()), mild=mild)


def card_dict(rng: random.Random) -> Any:
    card = rng.choice(card_templates())
    return mutate(rng, card) if rng.random() < 0.9 else card


def scryfall_dict(rng: random.Random) -> Any:
    return mutate(rng, rng.choice(scryfall_templates()))


def _raw_token(text: str) -> str:
    body = urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).rstrip(b"=").decode()
    return "v1." + body


def token(rng: random.Random) -> str:
    """A token of a mutated scenario, a deeply nested one, or a damaged valid token."""
    k = rng.randrange(4)
    if k == 0:  # deep nesting written as text (json.dumps itself would recurse)
        n = rng.choice([30, 33, 500, 993, 5000, 50_000])
        return _raw_token('{"players":' + "[" * n + "]" * n + "}")
    d = scenario_dict(rng)
    try:
        text = json.dumps(d, sort_keys=True, separators=(",", ":"))
    except (ValueError, RecursionError):
        text = "{}"
    tok = _raw_token(text)
    if k == 1:  # damage the text: flip, cut, insert
        chars = list(tok)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(chars))
            op = rng.randrange(3)
            if op == 0:
                chars[i] = rng.choice("AZaz09-_.%=+/ ")
            elif op == 1:
                del chars[i:]
                if not chars:
                    chars = ["v"]
            else:
                chars.insert(i, rng.choice("A%."))
        return "".join(chars)
    return tok


def decklist(rng: random.Random) -> str:
    """The template decklist with lines changed, added or blown up."""
    lines = DECKLIST.splitlines()
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(lines) + 1)
        k = rng.randrange(8)
        ws = rng.choice([" ", "\t", " \t"]) * rng.choice([3, 199, 1000, 5000])
        if k == 0:
            lines.insert(i, "a" + ws + "!")
        elif k == 1:
            lines.insert(i, "// Sideboard" + ws + "x")
        elif k == 2:
            lines.insert(i, f"{rng.choice(['4', '-1', '99999999', '4x', '1 x'])}{ws}Forest")
        elif k == 3:
            lines.insert(i, "Forest" + ws + "(IKO)" + ws + "1" + ws + "*F*" * rng.randint(1, 50))
        elif k == 4:
            lines.insert(i, "Sideboard" + ws + rng.choice(["(15)", ":", "(1" + "5" * 50, ""]))
        elif k == 5:
            lines.insert(i, rng.choice(["SB:", "#", "//", "Deck", "About", ""]) + ws)
        elif k == 6:
            lines = lines * rng.choice([2, 50])
        else:
            lines.insert(i, "".join(rng.choice("aZ 0(x)*/:\u00e9\u200b") for _ in range(300)))
    return "\n".join(lines)


# ------------------------------------------------------------------------- odds
_ODDS_NAMES: dict[str, list[str]] = {}
LANDS = ["Forest", "Mountain", "Island", "Plains", "Swamp"]


def _odds_names() -> dict[str, list[str]]:
    """Names from the real pool: the spells that cascade or discover (what an odds action
    casts), and a spread of the rest (every ~80th name) as the deck's other cards."""
    if not _ODDS_NAMES:
        from engine.odds.exact import spell_steps

        pool = default_pool()
        names = sorted(pool.names)
        _ODDS_NAMES["actions"] = [n for n in names if spell_steps(pool.get(n))]
        _ODDS_NAMES["cascaders"] = [
            n for n in names if "Cascade" in (pool.get(n).faces[0].keywords or ())
        ]
        _ODDS_NAMES["others"] = names[:: max(1, len(names) // 400)]
    return _ODDS_NAMES


def odds_deck(rng: random.Random) -> dict:
    """What the Odds tab sends for a real deck: the library left after the opening hand
    of a 40-, 60- or 100-card deck (or any size up to 100), ~40 % basic lands, 1-4 copies
    of each spell, cascade cards among them in one deck of three (so hits chain), and the
    instances of one real cascade / discover spell (``spell_steps``: 1, 2 or 4 cascades
    or a discover; sometimes one granted cascade more, Maelstrom Nexus), chained."""
    from engine.odds.exact import spell_steps

    names = _odds_names()
    size = rng.choice([33, 53, 53, 53, 93, rng.randint(1, 100)])
    counts: dict[str, int] = {}
    for land in rng.sample(LANDS, rng.randint(1, 3)):
        counts[land] = 0
    lands = list(counts)
    for _ in range(round(size * rng.uniform(0.3, 0.45))):
        counts[rng.choice(lands)] += 1
    cascade_deck = rng.random() < 0.3
    while sum(counts.values()) < size:
        pick = names["cascaders"] if cascade_deck and rng.random() < 0.25 else names["others"]
        name = rng.choice(pick)
        counts[name] = min(counts.get(name, 0) + rng.randint(1, 4), 4)
    action = default_pool().get(rng.choice(names["actions"]))
    steps = spell_steps(action, extra_cascade=1 if rng.random() < 0.1 else 0)
    if not steps:  # a discover spell whose discover does not chain: cascade from it
        steps = spell_steps(action, extra_cascade=1)
    return {
        "library": sorted((n, k) for n, k in counts.items() if k),
        "steps": [[s.kind, s.value] for s in steps],
        "chain": rng.random() < 0.95,
    }


def odds_wild(rng: random.Random) -> dict:
    """A library no deck has (1 to 1,000 cards of up to 60 names, cascade cards among
    them) and 1-4 arbitrary cascade / discover instances: what drives the exact analysis
    to its state and CPU caps (the Monte Carlo estimate is given instead)."""
    names = _odds_names()
    pool_names = names["cascaders"] + names["others"]
    size = rng.choice([1, 10, 40, 60, 100, 250, 1000])
    picked = rng.sample(pool_names, min(rng.randrange(1, 60), len(pool_names)))
    counts: dict[str, int] = {}
    for _ in range(size):
        n = rng.choice(picked) if rng.random() < 0.6 else rng.choice(LANDS)
        counts[n] = counts.get(n, 0) + 1
    steps = [
        [rng.choice(["cascade", "discover"]), rng.randrange(0, 17)]
        for _ in range(rng.randrange(1, 5))
    ]
    return {"library": sorted(counts.items()), "steps": steps, "chain": rng.random() < 0.8}


DECKS = Path(__file__).resolve().parents[2] / "examples" / "decks"
_DECKS: list[list[str]] = []


def odds_example_deck(rng: random.Random) -> dict:
    """What the Odds tab computes for one of the example decks (examples/decks: 60-card
    cascade and discover decks, a 100-card Maelstrom Nexus deck full of cascade cards):
    the library after a 7-card hand and 0-10 draws, one deck in five with 1-5 cards
    swapped for others, and the instances of one of the deck's cascade / discover
    spells (or, one time in five, any real one), sometimes with a granted cascade."""
    from engine import parse_decklist
    from engine.odds.exact import spell_steps

    if not _DECKS:
        for p in sorted(DECKS.glob("*.txt")):
            dl = parse_decklist(p.read_text(encoding="utf-8"))
            _DECKS.append([n for k, n in [*dl.main, *(dl.commander or [])] for _ in range(k)])
    names = _odds_names()
    cards = list(rng.choice(_DECKS))
    rng.shuffle(cards)
    library = cards[7 + rng.randint(0, 10) :]
    if rng.random() < 0.2:
        for _ in range(rng.randint(1, 5)):
            library[rng.randrange(len(library))] = rng.choice(
                names["cascaders"] if rng.random() < 0.3 else names["others"]
            )
    pool = default_pool()
    own = sorted({n for n in cards if spell_steps(pool.get(n))})
    action = pool.get(rng.choice(own if own and rng.random() < 0.8 else names["actions"]))
    steps = spell_steps(action, extra_cascade=1 if rng.random() < 0.1 else 0)
    counts: dict[str, int] = {}
    for n in library:
        counts[n] = counts.get(n, 0) + 1
    return {
        "library": sorted(counts.items()),
        "steps": [[s.kind, s.value] for s in steps],
        "chain": True,
    }


#: Shares of the odds inputs: the example decks (``odds_example_deck``), made-up decks
#: (``odds_deck``), wild libraries built to reach the caps (``odds_wild``).
ODDS_MIX = (0.9, 0.05, 0.05)


def odds_input(rng: random.Random, mix: tuple[float, float, float] = ODDS_MIX) -> dict:
    """An input for ``chain_odds``, drawn from the three families in ``mix``. As JSON:
    library [[name, count]], steps [[kind, n]], chain."""
    x = rng.random()
    if x < mix[0]:
        return odds_example_deck(rng)
    return odds_deck(rng) if x < mix[0] + mix[1] else odds_wild(rng)


def run_odds(d: dict) -> Any:
    """``chain_odds`` over an ``odds_input`` (the cards from the default pool)."""
    from engine.odds.exact import Step, chain_odds

    pool = default_pool()
    cards = [c for name, n in d["library"] for c in [pool.get(name)] * n]
    return chain_odds(cards, [Step(kind, n) for kind, n in d["steps"]], chain=d["chain"])


# ------------------------------------------------------------- conformance cases
_CASES: list[dict] = []


def conformance_cases() -> list[dict]:
    """The bundled translated XMage tests (engine/conformance/data), read once."""
    if not _CASES:
        from engine.conformance.runner import load_suite

        _CASES.extend(load_suite()["cases"])
    return _CASES


def conformance_case(rng: random.Random) -> Any:
    """A translated XMage test as ``run_case`` reads it: one in five as translated, the
    rest mutated (half mildly: names, numbers and answers swapped for others of the suite)."""
    case = rng.choice(conformance_cases())
    x = rng.random()
    if x < 0.2:
        return copy.deepcopy(case)
    return mutate(rng, case, mild=x < 0.6)


def run_conformance_case(case: Any) -> Any:
    """``run_case``; a case the runner reports as an engine crash (``crash:<type>``, the
    runner's net for exceptions the engine should never raise) is an untyped error here."""
    from engine.conformance.runner import run_case

    result = run_case(case)
    if result.kind.startswith("crash:"):
        raise RuntimeError(f"{result.kind}: {result.why}")
    return result


# --------------------------------------------------------------------- measuring
@dataclass
class Outcome:
    accepted: bool
    error: BaseException | None  # an exception that is NOT one of the allowed types
    cpu: float
    peak: int  # bytes, 0 when not measured
    typed: BaseException | None = None


def guarded(
    fn: Callable[[], Any], allowed: tuple[type[BaseException], ...], *, memory: bool = True
) -> Outcome:
    """Run ``fn``; an exception outside ``allowed`` is returned, never raised."""
    if memory:
        import tracemalloc  # here: only where memory is measured (not under Pyodide)

        tracemalloc.start()
    t0 = time.process_time()
    accepted, error, typed = False, None, None
    try:
        fn()
        accepted = True
    except allowed as e:
        typed = e
    except Exception as e:  # noqa: BLE001 - what the fuzzers look for
        error = e
    cpu = time.process_time() - t0
    peak = 0
    if memory:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return Outcome(accepted, error, cpu, peak, typed)


def run_and_answer(scenario: Scenario, rng: random.Random, answers: int = 4) -> None:
    """Run, then answer pending decisions with random options (Timeline.answer), re-running."""
    tl = scenario.run()
    for _ in range(answers):
        if tl.pending is None:
            return
        tl = tl.answer(rng.choice(tl.pending.keys())).run()
