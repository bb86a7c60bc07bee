"""Command line: ``python -m engine run|token|odds ...``.

python -m engine run examples/scenarios/basic_cascade.json [--json] [--choose KEY ...]
python -m engine token examples/scenarios/basic_cascade.json
python -m engine token --decode TOKEN [--out FILE]
python -m engine odds --deck deck.txt --cascade "Violent Outburst"
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from engine.carddb import UnknownCardError
from engine.decklist import DecklistError
from engine.game import GameError
from engine.odds import StateSpaceTooLarge
from engine.policy import ChoiceError
from engine.scenario import Scenario, ScenarioError
from engine.token import TokenError

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
        from engine.odds_cli import main as odds_main

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
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
