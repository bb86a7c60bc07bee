"""The card data's small languages: how long one filter match, amount, condition, filter
check and cost check takes on a small board (engine/lang: filters, values, conditions;
engine/rules/ability_costs), where every effect, target and static spends its time asking.

    python benchmarks/bench_languages.py [--repeats N] [--against REV] [--rounds N]

Each figure is the median CPU time of one call (microseconds) over ``--repeats`` batches of
the same mixed calls. ``--against REV`` (default none) also measures that revision of the
engine (``git archive``) in alternating child processes, medians of the rounds side by
side with their ratio, as benchmarks/bench_engine.py does. Nothing is asserted (shared,
noisy machine).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import side_by_side  # noqa: E402  (benchmarks/ is the script folder)

BOARD: dict = {
    "version": 1,
    "seed": 0,
    "players": [
        {
            "name": "You",
            "library": ["Forest"] * 5,
            "hand": ["Lightning Bolt", "Island"],
            "battlefield": [
                "Grizzly Bears",
                "Llanowar Elves",
                "Forest",
                "Memnite",
                "Serra Angel",
            ],
            "graveyard": ["Lightning Bolt", "Tarmogoyf"],
        },
        {"name": "Opponent", "battlefield": ["Tarmogoyf", "Mountain"]},
    ],
    "actions": [],
}
FILTERS = [
    {"types": ["Creature"], "controller": "you"},
    {"not_types": ["Land"], "tapped": False, "power": [">=", 2]},
    {"or": [{"types": ["Artifact"]}, {"colors_any": ["G"]}]},
    {"token": False, "other": True, "subtypes": ["Bear"]},
    "nonland, mv<=3",
]
VALUES = [
    {"dv": "count", "filter": {"types": ["Creature"]}},
    {"dv": "life", "who": "you"},
    {"dv": "sum", "of": [1, {"dv": "cards_in_hand", "who": "you"}]},
    {"dv": "domain"},
    {"dv": "greatest_power", "filter": {"controller": "you"}},
    "X+1",
    3,
]
CONDITIONS = [
    {"cond": "my_turn"},
    {"cond": "ferocious"},
    {"cond": "and", "of": [{"cond": "morbid"}, {"cond": "hellbent"}]},
    {"cond": "life", "who": "you", "cmp": [">=", 10]},
    {"cond": "count", "filter": {"types": ["Land"]}, "cmp": [">=", 1]},
]
COSTS = [
    [{"cost": "tap"}],
    [{"cost": "pay_life", "n": 2}, {"cost": "sacrifice", "n": 1, "filter": {"types": ["Land"]}}],
    [{"cost": "discard", "n": 1}, {"cost": "remove_counters", "counter": "+1/+1", "n": 1}],
]


def _median_us(fn: Any, calls: int, repeats: int) -> float:
    """Median CPU time of one call, over ``repeats`` batches of ``fn`` (``calls`` calls)."""
    times = []
    for _ in range(repeats):
        c0 = time.process_time()
        fn()
        times.append(time.process_time() - c0)
    return statistics.median(times) / calls * 1e6


def measure(repeats: int) -> dict[str, float]:
    """The figures of whichever engine is on the path (the same public calls in each)."""
    from engine.core.game import Game
    from engine.core.policy import ScriptedPolicy
    from engine.lang import conditions, filters, values
    from engine.lang.effects import Ctx
    from engine.rules import ability_costs
    from engine.scenario.scenario import Scenario

    sc = Scenario.from_dict(BOARD)
    game = Game(sc, sc.pool(None), ScriptedPolicy(sc.choices))
    objs = [o for p in (0, 1) for o in game.players[p].zones["battlefield"]]
    ctx = Ctx(game, 0, objs[0], (), 2, "")
    source = objs[0]

    def match() -> None:
        for f in FILTERS:
            for o in objs:
                filters.matches(game, o, f, controller=0, source=source)

    def value() -> None:
        for v in VALUES:
            values.value_of(ctx, v)

    def hold() -> None:
        for c in CONDITIONS:
            conditions.holds(ctx, c)

    def check() -> None:
        for f in FILTERS:
            filters.filter_missing(f)
        for v in VALUES:
            values.value_missing(v, ctx)
        for c in CONDITIONS:
            conditions.condition_missing(c, ctx)

    def cost() -> None:
        for c in COSTS:
            ability_costs.problem(game, 0, objs[3], c, summoning_sick=False)

    for fn in (match, value, hold, check, cost):  # warm caches (characteristics, cards)
        fn()
    return {
        "matches": _median_us(match, len(FILTERS) * len(objs), repeats),
        "value_of": _median_us(value, len(VALUES), repeats),
        "holds": _median_us(hold, len(CONDITIONS), repeats),
        "checks": _median_us(check, len(FILTERS) + len(VALUES) + len(CONDITIONS), repeats),
        "cost problem": _median_us(cost, len(COSTS), repeats),
    }


def against(rev: str, rounds: int, repeats: int) -> None:
    """This version and ``rev`` side by side: alternating child processes, medians, ratio."""
    runs = side_by_side(Path(__file__).resolve(), ROOT, rev, rounds, repeats)
    med = {k: {f: statistics.median(r[f] for r in v) for f in v[0]} for k, v in runs.items()}
    print(
        f"This version against {rev}: {rounds} alternating rounds of child processes, "
        f"CPU medians of {repeats} batches each (median of the rounds), µs per call"
    )
    print(f"{'measurement':16} {'this':>9} {rev:>9} {'ratio':>7}")
    for field in med["this"]:
        a, b = med["this"][field], med[rev][field]
        print(f"{field:16} {a:9.3f} {b:9.3f} {a / b:6.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeats", type=int, default=200)
    ap.add_argument("--against", default="none", help="a git revision, or 'none'")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(measure(args.repeats)))
        return
    sys.path.insert(0, str(ROOT))
    figures = measure(args.repeats)
    print(f"Card-data languages: CPU medians of {args.repeats} batches, µs per call")
    for field, us in figures.items():
        print(f"{field:16} {us:9.3f}")
    if args.against != "none":
        print()
        against(args.against, args.rounds, args.repeats)


if __name__ == "__main__":
    main()
