"""``python -m engine odds``: exact cascade / discover odds for a decklist, as a table.

python -m engine odds --deck deck.txt --cascade "Violent Outburst"
python -m engine odds --deck deck.txt --cascade-mv 4 --instances 2
python -m engine odds --deck deck.txt --discover 3 --decline "Living End" --json

The library is the deck's main section in a random order.  With ``--cascade
NAME`` the spell is in hand, so one copy of it is taken out of the library
(the output says so).  Every castable hit is cast (except ``--decline`` names);
a cast hit's own cascade / discover resolves too (``--no-chain`` to stop that).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from engine.base import limits
from engine.odds.exact import OddsResult, Step, cascade, chain_odds, discover, spell_steps

MAX_FRACTION_CHARS = 16


def _fraction(x: Fraction) -> str:
    """p/q, or a marker when it is too long to read (the percent column has it)."""
    text = str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    return text if len(text) <= MAX_FRACTION_CHARS else "(long)"


def _pct(x: Fraction | float) -> str:
    return f"{float(x) * 100:.3f}%"


def _align(rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ]
        out.append("  ".join(cells).rstrip())
    return out


def format_result(r: OddsResult, *, max_exiled_rows: int = 15) -> str:
    """The hit table, the exiled-count distribution and the summary lines."""
    single = r.is_single
    est = not r.exact
    what = "P(hit)" if single else "E[hits]"
    head = ["Card", what, "%"]
    if not single or r.cast != r.hit:
        head += ["cast" if single else "E[casts]", "%"]
    if est:
        head.append("± s.e.")
    rows = [head]
    frac = _fraction if not est else (lambda x: f"~{float(x):.4f}")
    for row in r.table():
        cells = [row["card"], frac(row["hit"]), _pct(row["hit"])]
        if len(head) > 3 + est:
            cells += [frac(row["cast"]), _pct(row["cast"])]
        if est:
            cells.append(_pct(row.get("stderr_pct", 0.0) / 100))
        rows.append(cells)
    lines = _align(rows, right=set(range(1, len(head))))
    lines.append("")
    ex_rows = [["Cards exiled", "P", "%", "P(at least)"]]
    table = r.exiled_table()
    for row in table[:max_exiled_rows]:
        ex_rows.append(
            [str(row["exiled"]), frac(row["p"]), _pct(row["p"]), f"{row['at_least_pct']:.3f}%"]
        )
    lines += _align(ex_rows, right={0, 1, 2, 3})
    if len(table) > max_exiled_rows:
        rest = sum((row["p"] for row in table[max_exiled_rows:]), Fraction(0))
        lines.append(f"  ... {len(table) - max_exiled_rows} more counts, together {_pct(rest)}")
    lines.append("")
    lines.append(f"Expected cards exiled: {float(r.expected_exiled()):.4f}")
    lines.append(f"Expected cards put on the bottom: {float(r.expected_bottom):.4f}")
    if not single:
        lines.append(f"Expected instances resolved: {float(r.instances):.4f}")
        dist = ", ".join(f"{k}: {_pct(v)}" for k, v in sorted(r.casts.items()))
        lines.append(f"Free spells cast: {dist}")
    if est:
        lines.append(
            f"ESTIMATE ({r.method}, {r.samples} samples): the exact state space was too large; "
            "± is one standard error."
        )
    else:
        lines.append("Exact (fractions sum to exactly 1).")
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m engine odds",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--deck", required=True, help="decklist file (MTGA / MTGO / '4 Name'); '-' = stdin"
    )
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--cascade", metavar="NAME", help="the cascading spell (cast from hand)")
    what.add_argument("--cascade-mv", type=int, metavar="N", help="cascade from a spell of MV N")
    what.add_argument("--discover", type=int, metavar="N", help="discover N")
    p.add_argument(
        "--instances",
        type=int,
        metavar="K",
        help="number of instances (default: the spell's cascade count, else 1)",
    )
    p.add_argument(
        "--decline",
        action="append",
        default=[],
        metavar="NAME",
        help="a card the player never casts (repeatable)",
    )
    p.add_argument(
        "--no-chain", action="store_true", help="don't resolve the hits' own cascade / discover"
    )
    p.add_argument(
        "--max-states",
        type=int,
        default=limits.ODDS_MAX_STATES,
        help="work cap of the exact analysis",
    )
    p.add_argument(
        "--samples", type=int, default=4_000, help="Monte Carlo samples when over the cap"
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="exact fractions and floats as JSON")
    return p


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status (2 for bad input)."""
    args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    from engine.cards.carddb import UnknownCardError, default_pool
    from engine.cards.decklist import DecklistError, parse_decklist

    pool = default_pool()
    try:
        deck = parse_decklist(_read(args.deck), pool)
        library = [pool.get(name) for count, name in deck.main for _ in range(count)]
        spell = pool.get(args.cascade) if args.cascade else None
        decline = [pool.get(n).name for n in args.decline]
    except OSError as e:
        print(f"error: can't read {args.deck}: {e.strerror or e}", file=sys.stderr)
        return 2
    except (DecklistError, UnknownCardError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    notes: list[str] = []
    steps: list[Step]
    if spell is not None:
        for i, c in enumerate(library):
            if c.name == spell.name:
                del library[i]
                notes.append(f"{spell.name} is in hand: one copy taken out of the library.")
                break
        n_inst = args.instances if args.instances is not None else (spell.cascade or 1)
        if not spell.cascade:
            notes.append(f"{spell.name} has no cascade of its own: treated as granted cascade.")
        own = [s for s in spell_steps(spell) if s.kind == "discover"]
        steps = [cascade(spell.mana_value)] * n_inst + own
        title = f"{spell.name} (mana value {spell.mana_value}): " + ", ".join(map(str, steps))
    elif args.cascade_mv is not None:
        steps = [cascade(args.cascade_mv)] * (args.instances or 1)
        title = f"cascade from mana value {args.cascade_mv} x{len(steps)}"
    else:
        steps = [discover(args.discover)] * (args.instances or 1)
        title = f"discover {args.discover} x{len(steps)}"
    if args.instances is not None and args.instances < 1:
        print("error: --instances must be at least 1", file=sys.stderr)
        return 2
    n_engine_ok = (
        spell is not None
        and not args.no_chain
        and (args.instances is None or args.instances == spell.cascade)
    )
    result = chain_odds(
        library,
        steps,
        decline=decline,
        chain=not args.no_chain,
        max_states=args.max_states,
        samples=args.samples,
        seed=args.seed,
        spell=spell if n_engine_ok else None,
    )
    if args.json:
        out: dict[str, Any] = {"title": title, "notes": notes, **result.to_dict()}
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return 0
    print(title)
    print(
        f"Library: {len(library)} cards in a random order ({len({c.name for c in library})} names)."
    )
    for n in notes:
        print(n)
    if decline:
        print("Declined: " + ", ".join(decline))
    print()
    print(format_result(result))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
