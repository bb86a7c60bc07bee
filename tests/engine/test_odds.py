"""Exact cascade / discover odds (engine/odds/exact.py) against closed forms and brute force.

CR 702.85a (cascade: exile until a nonland card with lesser MV; the rest to the
bottom in a random order), CR 701.57a (discover N: MV <= N; cast or to hand),
CR 709.4 (a split card's MV off the stack is the sum of its halves).

Runs under Pyodide: pytest + hypothesis only, no files written.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards.definitions import CardDef
from engine.odds.exact import (
    OddsResult,
    Step,
    cascade,
    cascade_odds,
    chain_odds,
    discover,
    discover_odds,
    monte_carlo,
    spell_steps,
)

# --------------------------------------------------------------------------- cards


def card(name: str, cost: str, type_line: str = "Instant", **extra: object) -> CardDef:
    return CardDef.from_dict({"name": name, "mana_cost": cost, "type_line": type_line, **extra})


FOREST = card("Forest", "", "Basic Land — Forest")
BOLT = card("Lightning Bolt", "{R}")
GOYF = card("Tarmogoyf", "{1}{G}", "Creature — Lhurgoyf")
SHARDLESS = card("Shardless Agent", "{1}{G}{U}", "Artifact Creature — Human Rogue", cascade=1)
BBE = card("Bloodbraid Elf", "{2}{R}{G}", "Creature — Elf Berserker", cascade=1)
APPRAISER = card(
    "Geological Appraiser",
    "{2}{R}{R}",
    "Creature — Human Artificer",
    discover=3,
    discover_when="etb",
)
WRATH = card("Wrath of God", "{2}{W}{W}", "Sorcery")
TITAN = card("Primeval Titan", "{4}{G}{G}", "Creature — Giant")
FOOTFALLS = card("Crashing Footfalls", "", "Sorcery")  # no mana cost: MV 0
FIRE_ICE = CardDef.from_dict(
    {
        "name": "Fire // Ice",
        "layout": "split",
        "faces": [
            {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant"},
            {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant"},
        ],
    }
)
GIANT_KILLER = CardDef.from_dict(
    {
        "name": "Giant Killer // Chop Down",
        "layout": "adventure",
        "faces": [
            {"name": "Giant Killer", "mana_cost": "{W}", "type_line": "Creature — Human Peasant"},
            {"name": "Chop Down", "mana_cost": "{2}{W}", "type_line": "Instant — Adventure"},
        ],
    }
)

POOL = [FOREST, BOLT, GOYF, SHARDLESS, BBE, APPRAISER, WRATH, TITAN, FOOTFALLS, FIRE_ICE]


def lib(**counts: int) -> list[CardDef]:
    by_key = {
        "forest": FOREST,
        "bolt": BOLT,
        "goyf": GOYF,
        "shardless": SHARDLESS,
        "bbe": BBE,
        "appraiser": APPRAISER,
        "wrath": WRATH,
        "titan": TITAN,
        "footfalls": FOOTFALLS,
        "fire_ice": FIRE_ICE,
        "giant_killer": GIANT_KILLER,
    }
    return [by_key[k] for k, n in counts.items() for _ in range(n)]


def total(d: dict) -> Fraction:
    return sum(d.values(), Fraction(0))


# --------------------------------------------------------------------------- brute force
# An independent, literal reading of the rules: every order of the library is
# equally likely, and every order of each batch of bottomed cards too.


def _qualifies(step: Step, mv: int) -> bool:
    return mv < step.value if step.kind == "cascade" else mv <= step.value


def _brute_castable(c: CardDef, step: Step):
    for f in c.spell_faces:
        if _qualifies(step, f.mana_value()):
            return f
    return None


def _brute_pushes(c: CardDef, face, grant: int = 0) -> list[Step]:
    if face.name != c.front.name:
        return [Step("cascade", face.mana_value())] * grant
    out = [Step("cascade", face.mana_value())] * (c.cascade + grant)
    if isinstance(c.discover, int) and c.discover_when in ("etb", "spell"):
        out.append(Step("discover", c.discover))
    return out


def brute_force(
    library: list[CardDef], steps: list[Step], decline=frozenset(), grant: int = 0
) -> dict:
    """Exact expectations by enumerating every permutation and every bottom order."""
    out = {
        "hit": Counter(),
        "cast": Counter(),
        "whiff": Fraction(0),
        "exiled": Counter(),
        "bottom": Fraction(0),
        "casts": Counter(),
    }

    def run(lib_ids: tuple[int, ...], stack: tuple[Step, ...], w: Fraction, ex: int, nc: int):
        if not stack:
            out["exiled"][ex] += w
            out["casts"][nc] += w
            return
        step, rest = stack[-1], stack[:-1]
        pos = next(
            (
                i
                for i, cid in enumerate(lib_ids)
                if not library[cid].is_land and _qualifies(step, library[cid].mana_value)
            ),
            None,
        )
        if pos is None:
            out["whiff"] += w
            out["bottom"] += w * len(lib_ids)
            orders = list(itertools.permutations(lib_ids))
            for order in orders:
                run(order, rest, w / len(orders), ex + len(lib_ids), nc)
            return
        cid = lib_ids[pos]
        c = library[cid]
        out["hit"][c.name] += w
        face = None if c.name in decline else _brute_castable(c, step)
        below = list(lib_ids[:pos])
        new_stack = rest
        if face is not None:
            out["cast"][c.name] += w
            new_stack = rest + tuple(reversed(_brute_pushes(c, face, grant)))
        elif step.kind == "cascade":
            below.append(cid)
        out["bottom"] += w * len(below)
        orders = list(itertools.permutations(below))
        for order in orders:
            run(
                lib_ids[pos + 1 :] + order,
                new_stack,
                w / len(orders),
                ex + pos + 1,
                nc + (face is not None),
            )

    perms = list(itertools.permutations(range(len(library))))
    for perm in perms:
        run(perm, tuple(reversed(steps)), Fraction(1, len(perms)), 0, 0)
    return out


def assert_matches_brute(r: OddsResult, b: dict) -> None:
    assert r.exact
    assert r.hit == {k: v for k, v in b["hit"].items() if v}
    assert r.cast == {k: v for k, v in b["cast"].items() if v}
    assert r.whiff == b["whiff"]
    assert r.exiled == {k: v for k, v in b["exiled"].items() if v}
    assert r.casts == {k: v for k, v in b["casts"].items() if v}
    assert r.expected_bottom == b["bottom"]


# --------------------------------------------------------------------------- single instance


def test_hit_probability_is_count_over_qualifying_cards():
    """702.85a: the hit is the first qualifying card of a random order: count / qualifying."""
    library = lib(forest=20, bolt=4, goyf=3, shardless=4, wrath=4, titan=2)
    r = cascade_odds(library, 3)  # qualifying: MV < 3 -> Bolt (1), Goyf (2)
    assert r.hit == {"Lightning Bolt": Fraction(4, 7), "Tarmogoyf": Fraction(3, 7)}
    assert r.whiff == 0
    assert r.exact and r.stderr is None
    r4 = cascade_odds(library, 4)  # Shardless Agent (3) now qualifies too
    assert r4.hit["Shardless Agent"] == Fraction(4, 11)


def test_exiled_count_is_negative_hypergeometric():
    """P(exile exactly k) = P(first k-1 cards don't qualify, k-th does)."""
    library = lib(forest=17, wrath=6, bolt=5, goyf=2)
    n, s = len(library), 7
    r = cascade_odds(library, 3)
    for k in range(1, n - s + 2):
        p = Fraction(1)
        for i in range(k - 1):
            p *= Fraction(n - s - i, n - i)
        p *= Fraction(s, n - k + 1)
        assert r.exiled[k] == p
    assert set(r.exiled) == set(range(1, n - s + 2))
    mean = sum(k * p for k, p in r.exiled.items())
    assert mean == Fraction(n + 1, s + 1)  # the negative hypergeometric mean, + the hit
    assert r.expected_exiled() == mean


def test_sums_are_exactly_one():
    r = cascade_odds(lib(forest=24, bolt=4, goyf=4, shardless=4, bbe=4, titan=20), 4)
    assert total(r.hit) + r.whiff == 1
    assert total(r.exiled) == 1
    assert total(r.casts) == 1
    assert all(isinstance(v, Fraction) for v in r.hit.values())


def test_whiff_exiles_the_whole_library():
    """702.85a: nothing qualifies -> the whole library is exiled and goes back to the bottom."""
    library = lib(forest=10, wrath=5, titan=3)
    r = cascade_odds(library, 3)
    assert r.hit == {} and r.whiff == 1
    assert r.exiled == {18: 1}
    assert r.expected_bottom == 18
    assert r.table()[-1]["hit"] == 1


def test_empty_library_whiffs():
    r = cascade_odds([], 4)
    assert r.whiff == 1 and r.exiled == {0: 1} and r.expected_bottom == 0


def test_expected_bottom_is_exiled_minus_the_cast_hit():
    library = lib(forest=20, bolt=4, goyf=4)
    r = cascade_odds(library, 4)
    assert r.expected_bottom == r.expected_exiled() - 1
    declined = cascade_odds(library, 4, decline=["Lightning Bolt"])
    assert declined.cast == {"Tarmogoyf": Fraction(1, 2)}
    assert declined.expected_bottom == r.expected_exiled() - Fraction(1, 2)
    assert declined.casts == {0: Fraction(1, 2), 1: Fraction(1, 2)}


def test_split_card_uses_summed_mv_to_stop_and_either_half_to_cast():
    """709.4 + 702.85a: Fire // Ice is MV 4 in exile: no hit for an MV-4 cascade (though
    Fire alone would qualify); for MV 5 it is a hit, castable as either half."""
    library = lib(forest=5, fire_ice=3, wrath=2)
    four = cascade_odds(library, 4)
    assert four.hit == {} and four.whiff == 1
    five = cascade_odds(library, 5)
    assert five.hit == {"Fire // Ice": Fraction(3, 5), "Wrath of God": Fraction(2, 5)}
    assert five.cast == five.hit  # Fire (or Ice) and Wrath of God (4) are both castable
    assert five.casts == {1: 1}


def test_split_card_cast_with_either_half():
    library = lib(forest=5, fire_ice=3)
    five = cascade_odds(library, 5)
    assert five.hit == {"Fire // Ice": 1} and five.cast == {"Fire // Ice": 1}
    three = cascade_odds(library, 3)
    assert three.whiff == 1  # MV 4 in the library: never a hit for MV 3


def test_adventurer_stops_as_creature():
    """715: Giant Killer is MV 1 in the library (a hit for MV 2); Chop Down isn't castable
    from an MV-3 cascade but Giant Killer is."""
    r = cascade_odds(lib(forest=3, giant_killer=1), 3)
    assert r.hit == {"Giant Killer // Chop Down": 1} and r.cast == r.hit


def test_card_without_mana_cost_is_mv_zero():
    r = cascade_odds(lib(forest=10, footfalls=2, wrath=4), 1)
    assert r.hit == {"Crashing Footfalls": 1}


def test_discover_includes_equal_mana_value():
    """701.57a: discover N stops at MV <= N (cascade N would need < N)."""
    library = lib(forest=10, bolt=2, shardless=3, wrath=4)
    d = discover_odds(library, 3)
    assert d.hit == {"Lightning Bolt": Fraction(2, 5), "Shardless Agent": Fraction(3, 5)}
    c = cascade_odds(library, 3)
    assert c.hit == {"Lightning Bolt": 1}


def test_discover_declined_hit_goes_to_hand_not_bottom():
    """701.57a: not casting the discovered card puts it into hand."""
    library = lib(forest=6, bolt=2)
    d = discover_odds(library, 2, decline=["Lightning Bolt"])
    assert d.cast == {}
    assert d.expected_bottom == d.expected_exiled() - 1
    c = cascade_odds(library, 2, decline=["Lightning Bolt"])
    assert c.expected_bottom == c.expected_exiled()


def test_table_and_floats():
    r = cascade_odds(lib(forest=10, bolt=2, goyf=1), 3)
    rows = r.table()
    assert [row["card"] for row in rows] == ["Lightning Bolt", "Tarmogoyf", "(nothing: whiff)"]
    assert rows[0]["hit"] == Fraction(2, 3) and rows[0]["hit_pct"] == pytest.approx(66.6667)
    f = r.as_floats()
    assert f["hit"]["Tarmogoyf"] == pytest.approx(1 / 3)
    assert sum(f["exiled"].values()) == pytest.approx(1.0)
    assert r.to_dict()["hit"]["Tarmogoyf"] == "1/3"
    ex = r.exiled_table()
    assert ex[0]["at_least_pct"] == 100.0


def test_spell_steps():
    apex = card("Apex Devastator", "{8}{G}{G}", "Creature — Chimera Hydra", cascade=4)
    assert spell_steps(apex) == (cascade(10),) * 4
    assert spell_steps(BBE, extra_cascade=1) == (cascade(4), cascade(4))
    assert spell_steps(APPRAISER) == (discover(3),)


# --------------------------------------------------------------------------- several instances


def test_two_cascades_equal_brute_force_over_all_orders():
    """The second instance sees the first one's cards only after the rest (702.85a)."""
    library = lib(forest=2, bolt=1, goyf=1, wrath=1, titan=1)
    steps = [cascade(3), cascade(3)]
    assert_matches_brute(chain_odds(library, steps), brute_force(library, steps))


def test_two_cascades_reaching_the_bottomed_cards():
    """One qualifying card only: the second cascade must dig through the bottomed cards."""
    library = lib(forest=3, bolt=1, wrath=2)
    steps = [cascade(5), cascade(2)]
    r = chain_odds(library, steps)
    assert_matches_brute(r, brute_force(library, steps))
    assert r.whiff > 0


def test_declined_cards_go_to_the_bottom_and_can_be_hit_again():
    library = lib(forest=2, bolt=1, goyf=1, wrath=1)
    steps = [cascade(3), cascade(3)]
    decline = frozenset({"Lightning Bolt"})
    r = chain_odds(library, steps, decline=decline)
    assert_matches_brute(r, brute_force(library, steps, decline))
    assert r.hit["Lightning Bolt"] > r.cast.get("Lightning Bolt", 0)


def test_chain_cascade_and_discover_equal_brute_force():
    """702.85a + 701.57a: a cast hit with cascade / an ETB discover resolves its own
    instances before the remaining ones."""
    library = lib(forest=1, bolt=1, shardless=1, appraiser=1, wrath=1, goyf=1)
    steps = [cascade(5), cascade(5)]
    r = chain_odds(library, steps)
    assert_matches_brute(r, brute_force(library, steps))
    assert r.cast["Shardless Agent"] > 0 and r.instances > 2


def test_granted_cascade_on_every_cast_hit_equals_brute_force():
    """grant_to_hits: a static grant gives every free spell cascade too (chains of hits)."""
    library = lib(forest=1, bolt=1, goyf=1, wrath=1, footfalls=1)
    steps = [cascade(5)]
    r = chain_odds(library, steps, grant_to_hits=1)
    assert_matches_brute(r, brute_force(library, steps, grant=1))
    assert r.instances > 1


def test_chain_expected_counts_and_distributions():
    library = lib(forest=20, bolt=4, goyf=4, shardless=4, bbe=4, wrath=4)
    r = chain_odds(library, [cascade(4)] * 2)
    assert r.exact
    assert total(r.exiled) == 1 and total(r.casts) == 1
    assert total(r.hit) + r.whiff == r.instances
    # each Shardless Agent cast adds one instance
    assert r.instances == 2 + r.cast["Shardless Agent"]
    assert r.cast["Lightning Bolt"] == r.cast["Tarmogoyf"]  # same behaviour, same counts


def test_apex_devastator_four_instances_exact():
    """Four triggers (702.85c): with no chain cards every instance is one hit."""
    library = lib(forest=24, bolt=4, goyf=4, wrath=4, titan=24)
    r = chain_odds(library, [cascade(10)] * 4)
    assert r.exact
    assert total(r.exiled) == 1 and r.casts == {4: 1}
    assert total(r.hit) + r.whiff == r.instances == 4
    assert r.cast["Primeval Titan"] == 4 * Fraction(24, 36)  # linearity: 4 x count/qualifying


def test_chain_false_ignores_follow_ups():
    library = lib(forest=3, shardless=2, bolt=1)
    r = chain_odds(library, [cascade(4)], chain=False)
    assert r.instances == 1
    assert r.hit == {"Shardless Agent": Fraction(2, 3), "Lightning Bolt": Fraction(1, 3)}


@settings(
    max_examples=100, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    cards=st.lists(st.sampled_from(POOL), min_size=0, max_size=4),
    steps=st.lists(
        st.one_of(st.builds(cascade, st.integers(0, 6)), st.builds(discover, st.integers(0, 5))),
        min_size=1,
        max_size=2,
    ),
    decline=st.sets(st.sampled_from([c.name for c in POOL]), max_size=2),
)
def test_property_exact_equals_brute_force_and_sums_to_one(cards, steps, decline):
    r = chain_odds(cards, steps, decline=frozenset(decline))
    assert total(r.exiled) == 1
    assert total(r.casts) == 1
    assert total(r.hit) + r.whiff == r.instances
    b = brute_force(cards, steps, frozenset(decline))
    assert_matches_brute(r, b)
    from engine.odds.exact import _exact_chain

    for stream in (True, False):  # both exact methods, whichever chain_odds picked
        assert_matches_brute(
            _exact_chain(cards, steps, frozenset(decline), True, 0, 10**6, stream=stream), b
        )


@settings(max_examples=30, deadline=None, database=None)
@given(
    counts=st.lists(st.integers(0, 8), min_size=len(POOL), max_size=len(POOL)),
    mv=st.integers(0, 8),
)
def test_property_single_cascade_sums_to_one(counts, mv):
    library = [c for c, k in zip(POOL, counts, strict=True) for _ in range(k)]
    r = cascade_odds(library, mv)
    assert total(r.hit) + r.whiff == 1
    assert total(r.exiled) == 1
    stops = [c for c in library if not c.is_land and c.mana_value < mv]
    for name, p in r.hit.items():
        assert p == Fraction(sum(c.name == name for c in stops), len(stops))
    if not stops:
        assert r.exiled == {len(library): 1}


# --------------------------------------------------------------------------- Monte Carlo


def _within(est: OddsResult, exact: OddsResult, sigmas: float = 4.0) -> None:
    assert not est.exact and est.samples > 0
    for name, p in exact.cast.items():
        se = est.stderr.get(f"cast:{name}", 0.0)
        assert abs(float(est.cast.get(name, 0)) - float(p)) <= sigmas * se + 1e-9, name
    se = est.stderr.get("expected_bottom", 0.0)
    assert abs(float(est.expected_bottom) - float(exact.expected_bottom)) <= sigmas * se + 1e-9


CHAIN_LIB = dict(forest=16, bolt=4, goyf=3, shardless=4, appraiser=3, wrath=3)


def test_stand_alone_monte_carlo_agrees_with_exact_chain():
    library = lib(**CHAIN_LIB)
    steps = [cascade(5)]
    exact = chain_odds(library, steps)
    assert exact.exact
    est = monte_carlo(library, steps, samples=3000, seed=11, use_engine=False)
    _within(est, exact)


def test_falls_back_to_a_labelled_estimate_over_the_state_cap():
    library = lib(**CHAIN_LIB)
    r = chain_odds(library, [cascade(5)] * 2, max_states=10, samples=500)
    assert not r.exact and r.samples == 500 and r.method.startswith("monte carlo")
    assert r.stderr is not None and "expected_bottom" in r.stderr


def test_engine_monte_carlo_agrees_with_exact_chain():
    """The real engine (Scenario.run with the auto policy) within 4 standard errors."""
    pytest.importorskip("engine.scenario.scenario")
    from engine.cards import carddb

    pool = carddb.default_pool()
    names = {
        "Forest": 14,
        "Lightning Bolt": 4,
        "Tarmogoyf": 3,
        "Shardless Agent": 4,
        "Geological Appraiser": 3,
        "Wrath of God": 2,
        "Bonecrusher Giant // Stomp": 2,  # cast as a face: counted under the card's name
    }
    library = [pool.get(n) for n, k in names.items() for _ in range(k)]
    spell = pool.get("Bloodbraid Elf")
    exact = chain_odds(library, spell_steps(spell))
    assert exact.exact
    est = monte_carlo(library, spell_steps(spell), spell=spell, samples=150, seed=3)
    assert est.method == "monte carlo (game engine)"
    _within(est, exact)


def test_monte_carlo_stderr_shrinks_like_one_over_root_n():
    library = lib(forest=10, bolt=2, goyf=2)
    a = monte_carlo(library, [cascade(3)], samples=400, seed=1, use_engine=False)
    b = monte_carlo(library, [cascade(3)], samples=1600, seed=1, use_engine=False)
    ratio = a.stderr["expected_bottom"] / b.stderr["expected_bottom"]
    assert 1.5 < ratio < 2.7
    assert math.isclose(float(a.hit["Lightning Bolt"] + a.hit["Tarmogoyf"]), 1.0)


@pytest.mark.parametrize(
    "counts,steps",
    [
        (dict(forest=8, bolt=2, goyf=1, shardless=2, bbe=1, wrath=2), [cascade(4)] * 2),
        (dict(forest=6, bolt=2, shardless=2, appraiser=2, fire_ice=1, titan=1), [cascade(5)]),
        (dict(forest=5, bolt=2, goyf=1, wrath=2, shardless=1), [discover(3), cascade(4)]),
    ],
)
def test_both_exact_methods_agree(counts, steps):
    """The one-random-order walk and the segment recursion are independent derivations."""
    from engine.odds.exact import _exact_chain

    library = lib(**counts)
    walk = _exact_chain(library, steps, frozenset(), True, 0, 10**6)
    segments = _exact_chain(library, steps, frozenset(), True, 0, 10**6, stream=False)
    assert walk.method == "exact (single random order)" and segments.method == "exact"
    assert walk.hit == segments.hit and walk.cast == segments.cast
    assert walk.exiled == segments.exiled and walk.casts == segments.casts
    assert walk.expected_bottom == segments.expected_bottom
    assert walk.instances == segments.instances and walk.whiff == segments.whiff


# --------------------------------------------------------------------------- command line

DECK = """4 Violent Outburst
4 Living End
4 Street Wraith
4 Wrath of God
8 Forest
"""


def _cli(monkeypatch, capsys, *argv: str) -> tuple[int, str, str]:
    import io

    from engine.odds.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO(DECK))
    code = main(["--deck", "-", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_cascade_table_takes_the_spell_out_of_the_library(monkeypatch, capsys):
    code, out, _ = _cli(monkeypatch, capsys, "--cascade", "Violent Outburst")
    assert code == 0
    assert "one copy taken out of the library" in out
    assert "Library: 23 cards" in out
    # MV 3: Violent Outburst (3), Street Wraith (5), Wrath (4) don't qualify; Living End (0) does
    line = next(x for x in out.splitlines() if x.startswith("Living End"))
    assert "100.000%" in line
    assert "Exact" in out


def test_cli_discover_json(monkeypatch, capsys):
    import json

    code, out, _ = _cli(monkeypatch, capsys, "--discover", "4", "--json")
    assert code == 0
    d = json.loads(out)
    assert d["exact"] is True and d["library_size"] == 24
    # discover 4: Living End, Violent Outburst (cast -> cascade 3 -> Living End), Wrath
    assert sum(float(Fraction(v)) for v in d["exiled"].values()) == pytest.approx(1.0)


def test_cli_unknown_card_is_a_clear_error(monkeypatch, capsys):
    code, _, err = _cli(monkeypatch, capsys, "--cascade", "Violent Outbrust")
    assert code == 2 and "Violent Outburst" in err


@settings(
    max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    cards=st.lists(st.sampled_from(POOL), min_size=1, max_size=9),
    steps=st.lists(
        st.one_of(st.builds(cascade, st.integers(1, 6)), st.builds(discover, st.integers(0, 5))),
        min_size=1,
        max_size=3,
    ),
)
def test_property_walk_equals_segment_recursion(cards, steps):
    """Larger than brute force allows: the two exact methods agree wherever the walk applies."""
    from engine.odds.exact import _exact_chain

    walk = _exact_chain(cards, steps, frozenset(), True, 0, 10**6)
    if walk.method != "exact (single random order)":
        return  # the walk does not apply; the recursion already answered
    seg = _exact_chain(cards, steps, frozenset(), True, 0, 10**6, stream=False)
    assert (walk.hit, walk.cast, walk.exiled, walk.casts) == (
        seg.hit,
        seg.cast,
        seg.exiled,
        seg.casts,
    )
    assert walk.expected_bottom == seg.expected_bottom and walk.instances == seg.instances
