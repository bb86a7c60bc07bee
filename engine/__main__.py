"""Command line: ``python -m engine run|token|odds ...``.

python -m engine run examples/scenarios/basic_cascade.json [--json] [--choose KEY ...]
python -m engine token examples/scenarios/basic_cascade.json
python -m engine token --decode TOKEN [--out FILE]
python -m engine odds --deck deck.txt --cascade "Violent Outburst"
python -m engine coverage [--deck FILE] [--json] [--cards] [--keywords]
python -m engine conformance [--json] [--card NAME] [--failed]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from engine.cards.carddb import UnknownCardError
from engine.cards.decklist import DecklistError
from engine.core.game import GameError
from engine.core.policy import ChoiceError
from engine.odds.exact import StateSpaceTooLarge
from engine.scenario.scenario import Scenario, ScenarioError
from engine.scenario.share_link import TokenError

#: Every error the engine documents for bad input (BudgetExceeded and SchemaError are
#: ScenarioErrors); the CLI prints its message and exits 2, never a traceback.
DOCUMENTED_ERRORS = (
    ScenarioError,
    TokenError,
    DecklistError,
    UnknownCardError,
    StateSpaceTooLarge,
    ChoiceError,
    GameError,
)


def _load(path: str) -> Scenario:
    if path == "-":
        return Scenario.from_json(sys.stdin.read())
    try:
        return Scenario.load(path)
    except OSError as e:
        raise ScenarioError(f"can't read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise ScenarioError(f"can't read {path}: it is not UTF-8 text ({e.reason})") from None


def cmd_run(args: argparse.Namespace) -> int:
    scenario = _load(args.scenario)
    if args.choose:
        scenario = scenario.with_choices([*scenario.choices, *args.choose])
    tl = scenario.run()
    if args.json:
        print(json.dumps(tl.to_json_dict(), indent=2, ensure_ascii=False))
    else:
        print(tl.text())
    return 0


def cmd_token(args: argparse.Namespace) -> int:
    if args.decode:
        scenario = Scenario.from_token(args.decode)
        if args.out:
            scenario.save(args.out)
        else:
            print(scenario.to_json())
        return 0
    if not args.scenario:
        raise ScenarioError("give a scenario file, or --decode TOKEN")
    print(_load(args.scenario).to_token())
    return 0


def cmd_coverage(args: argparse.Namespace) -> int:
    """How much of the pool (or of a decklist's main deck) the engine simulates."""
    from engine.cards.carddb import default_pool
    from engine.cards.decklist import parse_decklist
    from engine.views import coverage

    pool = default_pool()
    if args.keywords:
        return _keywords(pool, args.json)
    if args.deck:
        if args.deck == "-":
            text = sys.stdin.read()
        else:
            try:
                with open(args.deck, encoding="utf-8") as f:
                    text = f.read()
            except OSError as e:
                raise ScenarioError(f"can't read {args.deck}: {e.strerror or e}") from None
            except UnicodeDecodeError:
                raise ScenarioError(f"{args.deck} is not UTF-8 text") from None
        deck = parse_decklist(text, pool)
        rep = coverage.report(coverage.deck_cards(deck.main, pool), scope="deck")
    else:
        rep = coverage.report(pool.get(name) for name in pool.names)
    if args.json:
        print(
            json.dumps(
                rep.to_dict(cards=args.cards or bool(args.deck)), indent=2, ensure_ascii=False
            )
        )
        return 0
    print(rep.text())
    if args.cards or args.deck:
        print("Cards:")
        for cov, n in rep.cards:
            if cov.land:
                continue
            missing = "; ".join(cov.missing)
            print(
                f"  {n:>3} {cov.name}: {cov.status}" + (f" (missing: {missing})" if missing else "")
            )
    return 0


def cmd_conformance(args: argparse.Namespace) -> int:
    """XMage's card tests, translated: passed / failed (by claim) / not translated."""
    from engine import conformance

    rep = conformance.run_suite(card=args.card)
    if args.json:
        print(json.dumps(rep.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(rep.text())
    if args.failed:
        out = sys.stderr if args.json else sys.stdout
        for r in rep.failures():
            print(f"{r.outcome}: {r.id} [{r.kind}] {r.why}", file=out)
    return 0


def _keywords(pool, as_json: bool) -> int:
    """Each keyword of the pool's cards with its card count and what the engine does."""
    from engine.views import keyword_coverage

    rows = keyword_coverage.table(pool.get(name) for name in pool.names)
    if as_json:
        print(json.dumps({"keywords": rows}, indent=2, ensure_ascii=False))
        return 0
    states: dict[str, int] = {}
    for r in rows:
        states[r["state"]] = states.get(r["state"], 0) + 1
    print(f"Keywords: {len(rows)} (" + ", ".join(f"{n} {s}" for s, n in states.items()) + ")")
    print(f"  {'cards':>6}  {'keyword':28} {'state':14} rule      note")
    for r in rows:
        print(f"  {r['cards']:>6,}  {r['keyword']:28} {r['state']:14} {r['rule']:9} {r['note']}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status (2 for bad input, with ``error: ...`` on stderr)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        return _main(argv)
    except DOCUMENTED_ERRORS as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"error: {e.strerror or e}", file=sys.stderr)
        return 2


def _main(argv: list[str]) -> int:
    if argv and argv[0] == "odds":
        from engine.odds.cli import main as odds_main

        return odds_main(argv[1:])
    parser = argparse.ArgumentParser(
        prog="python -m engine",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run", help="print a scenario's timeline")
    run.add_argument("scenario", help="scenario JSON file ('-' for stdin)")
    run.add_argument(
        "--json",
        action="store_true",
        help="events, final zones per player and any pending decision, as JSON",
    )
    run.add_argument(
        "--choose",
        action="append",
        default=[],
        metavar="KEY",
        help="answer the next pending decision with this option key (repeatable)",
    )
    run.set_defaults(func=cmd_run)
    tok = sub.add_parser("token", help="scenario file <-> URL token")
    tok.add_argument("scenario", nargs="?", help="scenario JSON file to encode")
    tok.add_argument("--decode", metavar="TOKEN", help="decode a token to scenario JSON")
    tok.add_argument("--out", help="with --decode: write the scenario to this file")
    tok.set_defaults(func=cmd_token)
    sub.add_parser("odds", help="exact cascade/discover odds (see: python -m engine odds -h)")
    cov = sub.add_parser(
        "coverage", help="how many nonland cards are fully / partly / not simulated"
    )
    cov.add_argument("--deck", metavar="FILE", help="a decklist ('-' = stdin); default: the pool")
    cov.add_argument("--json", action="store_true", help="totals (and cards) as JSON")
    cov.add_argument("--cards", action="store_true", help="list every card with its missing parts")
    cov.add_argument(
        "--keywords", action="store_true", help="each keyword of the pool: its card count and state"
    )
    cov.set_defaults(func=cmd_coverage)
    conf = sub.add_parser("conformance", help="run XMage's translated card tests")
    conf.add_argument("--json", action="store_true", help="the figures as one JSON object")
    conf.add_argument("--card", metavar="NAME", help="only the tests with this card in them")
    conf.add_argument("--failed", action="store_true", help="list each failed test and why")
    conf.set_defaults(func=cmd_conformance)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
