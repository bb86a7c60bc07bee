"""Exact odds for cascade and discover from a randomly ordered library.

Why exact: "how often does Violent Outburst hit Living End?" has a precise
answer, and the playground shows it next to the step-through.  A single
cascade or discover is closed-form (the hit is uniform over the qualifying
cards; the number of cards exiled is negative hypergeometric).  Several
instances and chains need the library state after each instance, which we
model as a sequence of *segments*: the unseen random part on top, then each
instance's bottomed cards (random order among themselves).  Cards that behave
the same under every threshold that can occur are merged into one class.

Two exact methods, both checked against brute force over all orders:
- when enough cards that stop every possible instance sit in the unseen part,
  no instance can ever reach the bottomed cards, and the whole process reads one
  random order card by card (:func:`_stream_chain`; the usual case, fast);
- otherwise a forward recursion over (segments, pending instances) resolves one
  instance at a time (:func:`_exact_chain`).
Both use integer numerators over a common denominator and return Fractions.
When the work exceeds a cap we fall back to a Monte Carlo estimate (the real
engine when it can express the action), labelled as such with standard errors.

Stdlib only (fractions, math, random); runs under Pyodide.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from engine.base import limits

if TYPE_CHECKING:  # pragma: no cover - typing only; odds works on anything CardDef-shaped
    from engine.cards.definitions import CardDef, Face

__all__ = [
    "OddsResult",
    "StateSpaceTooLarge",
    "Step",
    "cascade",
    "cascade_odds",
    "cascade_step",
    "cast_face",
    "chain_odds",
    "discover",
    "discover_odds",
    "discover_step",
    "follow_ups",
    "monte_carlo",
    "spell_odds",
    "spell_steps",
]

Kind = Literal["cascade", "discover"]

#: Discover timings whose discover happens when the card itself is cast and resolves.
CHAIN_DISCOVER_WHEN = frozenset({"etb", "spell"})


class Step(NamedTuple):
    """One instance: ``Step("cascade", spell_mv)`` or ``Step("discover", n)``."""

    kind: Kind
    value: int

    def stops(self, mv: int) -> bool:
        """Whether a nonland card of mana value ``mv`` ends the exiling (702.85a / 701.57a)."""
        return mv < self.value if self.kind == "cascade" else mv <= self.value

    def __str__(self) -> str:
        return f"{self.kind} {self.value}"


def cascade(mv: int) -> Step:
    """A cascade instance from a spell of mana value ``mv``."""
    return Step("cascade", int(mv))


def discover(n: int) -> Step:
    """A discover ``n`` instance."""
    return Step("discover", int(n))


#: Aliases for re-export from ``engine``, where ``cascade`` / ``discover`` are modules.
cascade_step = cascade
discover_step = discover


class StateSpaceTooLarge(RuntimeError):
    """The exact recursion would visit more states than allowed."""


# --------------------------------------------------------------------------- result


def _pct(x: Fraction | float) -> float:
    return round(float(x) * 100, 4)


@dataclass(frozen=True)
class OddsResult:
    """What a cascade/discover action (or a sequence/chain of them) finds.

    For a single instance ``hit``, ``cast`` and ``whiff`` are probabilities;
    for several instances or chains they are expected counts (the expected
    number of times a card with that name is the hit / is cast, the expected
    number of instances that find nothing).  ``exiled`` and ``casts`` are
    distributions (each sums to exactly 1 when ``exact``).
    """

    hit: dict[str, Fraction]
    whiff: Fraction
    exiled: dict[int, Fraction]
    expected_bottom: Fraction
    exact: bool = True
    cast: dict[str, Fraction] = field(default_factory=dict)
    casts: dict[int, Fraction] = field(default_factory=dict)
    instances: Fraction = Fraction(1)
    library_size: int = 0
    steps: tuple[Step, ...] = ()
    method: str = "exact"
    samples: int = 0
    #: standard errors of the estimates (None when exact): keys "hit:<name>",
    #: "cast:<name>", "whiff", "exiled:<k>", "casts:<k>", "expected_bottom".
    stderr: dict[str, float] | None = None
    states: int = 0

    @property
    def is_single(self) -> bool:
        """True when the result describes exactly one instance (no chains)."""
        return self.instances == 1 and len(self.steps) == 1

    def hit_total(self) -> Fraction:
        """Sum of ``hit`` plus ``whiff``: 1 for a single instance, E[instances] otherwise."""
        return sum(self.hit.values(), Fraction(0)) + self.whiff

    def expected_exiled(self) -> Fraction:
        """Mean of the ``exiled`` distribution."""
        return sum((k * p for k, p in self.exiled.items()), Fraction(0))

    def _se(self, key: str) -> float | None:
        return None if self.stderr is None else self.stderr.get(key)

    def table(self) -> list[dict[str, Any]]:
        """Rows for display, most likely first; the last row is the whiff.

        Each row: ``card``, ``hit`` (Fraction), ``hit_pct``, ``cast``, ``cast_pct``
        and, for estimates, ``stderr_pct`` of the hit.
        """
        rows: list[dict[str, Any]] = []
        names = sorted(self.hit, key=lambda n: (-self.hit[n], n))
        for name in names:
            h = self.hit[name]
            c = self.cast.get(name, Fraction(0))
            row: dict[str, Any] = {
                "card": name,
                "hit": h,
                "hit_pct": _pct(h),
                "cast": c,
                "cast_pct": _pct(c),
            }
            se = self._se(f"hit:{name}")
            if se is not None:
                row["stderr_pct"] = _pct(se)
            rows.append(row)
        row = {
            "card": "(nothing: whiff)",
            "hit": self.whiff,
            "hit_pct": _pct(self.whiff),
            "cast": Fraction(0),
            "cast_pct": 0.0,
        }
        se = self._se("whiff")
        if se is not None:
            row["stderr_pct"] = _pct(se)
        rows.append(row)
        return rows

    def exiled_table(self) -> list[dict[str, Any]]:
        """Rows ``exiled`` (count), ``p`` (Fraction), ``pct``, ``at_least_pct``."""
        rows: list[dict[str, Any]] = []
        tail = sum(self.exiled.values(), Fraction(0))
        for k in sorted(self.exiled):
            p = self.exiled[k]
            rows.append({"exiled": k, "p": p, "pct": _pct(p), "at_least_pct": _pct(tail)})
            tail -= p
        return rows

    def as_floats(self) -> dict[str, Any]:
        """The same numbers as floats (for charts and JSON)."""
        return {
            "hit": {k: float(v) for k, v in self.hit.items()},
            "cast": {k: float(v) for k, v in self.cast.items()},
            "whiff": float(self.whiff),
            "exiled": {k: float(v) for k, v in sorted(self.exiled.items())},
            "casts": {k: float(v) for k, v in sorted(self.casts.items())},
            "expected_bottom": float(self.expected_bottom),
            "expected_exiled": float(self.expected_exiled()),
            "instances": float(self.instances),
            "exact": self.exact,
            "method": self.method,
            "samples": self.samples,
            "stderr": dict(self.stderr) if self.stderr is not None else None,
        }

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: exact values as "p/q" strings next to the float views."""

        def fr(x: Fraction) -> str:
            return f"{x.numerator}/{x.denominator}" if x.denominator != 1 else str(x.numerator)

        return {
            "steps": [[s.kind, s.value] for s in self.steps],
            "library_size": self.library_size,
            "exact": self.exact,
            "method": self.method,
            "hit": {k: fr(v) for k, v in self.hit.items()},
            "cast": {k: fr(v) for k, v in self.cast.items()},
            "whiff": fr(self.whiff),
            "exiled": {str(k): fr(v) for k, v in sorted(self.exiled.items())},
            "casts": {str(k): fr(v) for k, v in sorted(self.casts.items())},
            "expected_bottom": fr(self.expected_bottom),
            "instances": fr(self.instances),
            "floats": self.as_floats(),
        }


# --------------------------------------------------------------------------- card behaviour


def _face_mv(face: Face) -> int:
    return int(face.mana_value())


def _is_front(card: CardDef, face: Face) -> bool:
    return face.name == card.front.name


def cast_face(card: CardDef, step: Step) -> Face | None:
    """The face the auto policy casts for this hit, or None if no spell face qualifies.

    Cascade needs the resulting spell's MV < the cascading MV (702.85a; a split
    card may be cast as either qualifying half, an adventurer / MDFC as either
    qualifying face); discover needs MV <= N (701.57a).  Front face first.
    """
    for face in card.spell_faces:
        if step.stops(_face_mv(face)):
            return face
    return None


def follow_ups(card: CardDef, face: Face, *, grant_to_hits: int = 0) -> tuple[Step, ...]:
    """Instances a cast hit adds, in resolution order (its cascade triggers first).

    The hit's cascade triggers go on the stack above it and resolve first; its
    own discover (an ETB or "as this resolves" discover, e.g. Geological
    Appraiser, which needs the card to be cast - it was) happens when it resolves.
    """
    mv = _face_mv(face)
    if _is_front(card, face):
        n_cascade = int(getattr(card, "cascade", 0) or 0)
    else:
        n_cascade = sum(1 for k in (face.keywords or ()) if str(k).lower() == "cascade")
    out = [Step("cascade", mv)] * (n_cascade + grant_to_hits)
    d = getattr(card, "discover", None)
    if isinstance(d, int) and getattr(card, "discover_when", None) in CHAIN_DISCOVER_WHEN:
        if _is_front(card, face):
            out.append(Step("discover", d))
    return tuple(out)


def spell_steps(spell: CardDef, *, extra_cascade: int = 0) -> tuple[Step, ...]:
    """The instances casting ``spell`` from hand produces, in resolution order.

    Its cascade triggers (plus ``extra_cascade`` granted ones, e.g. Maelstrom
    Nexus) resolve before the spell; an ETB/"spell" discover follows when it resolves.
    """
    steps = [Step("cascade", int(spell.mana_value))] * (int(spell.cascade or 0) + extra_cascade)
    d = getattr(spell, "discover", None)
    if isinstance(d, int) and getattr(spell, "discover_when", None) in CHAIN_DISCOVER_WHEN:
        steps.append(Step("discover", d))
    return tuple(steps)


def _as_step(s: Step | tuple[str, int]) -> Step:
    kind, value = s
    if kind not in ("cascade", "discover"):
        raise ValueError(f"unknown step kind {kind!r} (use 'cascade' or 'discover')")
    return Step(kind, int(value))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- single instance


def _group(library: Iterable[CardDef]) -> tuple[Counter[str], dict[str, CardDef]]:
    counts: Counter[str] = Counter()
    cards: dict[str, CardDef] = {}
    for c in library:
        counts[c.name] += 1
        cards.setdefault(c.name, c)
    return counts, cards


def _single(library: Sequence[CardDef], step: Step, decline: frozenset[str]) -> OddsResult:
    """Closed form for one instance.

    The hit is uniform over the qualifying cards; the exiled count is negative
    hypergeometric.
    """
    counts, cards = _group(library)
    n = sum(counts.values())
    stop = {
        name: c
        for name, c in counts.items()
        if not cards[name].is_land and step.stops(int(cards[name].mana_value))
    }
    s = sum(stop.values())
    if s == 0:
        return OddsResult(
            hit={},
            whiff=Fraction(1),
            exiled={n: Fraction(1)},
            expected_bottom=Fraction(n),  # everything exiled goes back under (702.85a)
            cast={},
            casts={0: Fraction(1)},
            library_size=n,
            steps=(step,),
        )
    hit = {name: Fraction(c, s) for name, c in stop.items()}
    cast = {
        name: p
        for name, p in hit.items()
        if name not in decline and cast_face(cards[name], step) is not None
    }
    p_cast = sum(cast.values(), Fraction(0))
    denom = math.comb(n, s)
    exiled = {k: Fraction(math.comb(n - k, s - 1), denom) for k in range(1, n - s + 2)}
    mean_exiled = Fraction(n + 1, s + 1)  # mean of the negative hypergeometric (+ the hit)
    if step.kind == "cascade":
        bottom = mean_exiled - p_cast  # the cast hit leaves; everything else goes under
    else:
        bottom = mean_exiled - 1  # the hit is cast or goes to hand
    casts = {k: v for k, v in ((0, 1 - p_cast), (1, p_cast)) if v}
    return OddsResult(
        hit=hit,
        whiff=Fraction(0),
        exiled=exiled,
        expected_bottom=bottom,
        cast=cast,
        casts=casts,
        library_size=n,
        steps=(step,),
    )


def cascade_odds(
    library: Sequence[CardDef], spell_mv: int, *, decline: Iterable[str] = ()
) -> OddsResult:
    """One cascade from a spell of mana value ``spell_mv`` over a randomly ordered library.

    ``hit[name]`` = P(the first nonland card with MV < spell_mv is that card)
    = count / qualifying cards; ``cast`` = the part of it the auto policy casts
    (a qualifying spell face exists and the name is not declined).

    >>> from engine import cascade_odds, default_pool
    >>> pool = default_pool()
    >>> library = [pool.get("Forest")] * 2 + [pool.get(n) for n in ("Lightning Bolt", "Tarmogoyf")]
    >>> odds = cascade_odds(library, 2)  # only Lightning Bolt has mana value < 2
    >>> odds.hit, odds.whiff
    ({'Lightning Bolt': Fraction(1, 1)}, Fraction(0, 1))
    >>> odds.exiled[4]  # Bolt at the bottom: all four cards are exiled
    Fraction(1, 4)
    """
    return _single(library, cascade(spell_mv), frozenset(decline))


def discover_odds(library: Sequence[CardDef], n: int, *, decline: Iterable[str] = ()) -> OddsResult:
    """One discover ``n`` (stops at nonland MV <= n; the hit is cast or goes to hand).

    >>> from engine import default_pool, discover_odds
    >>> pool = default_pool()
    >>> library = [pool.get(n) for n in ("Forest", "Lightning Bolt", "Tarmogoyf")]
    >>> discover_odds(library, 2).hit  # 701.57a: mana value 2 or less; both qualify
    {'Lightning Bolt': Fraction(1, 2), 'Tarmogoyf': Fraction(1, 2)}
    >>> discover_odds(library, 2, decline=["Tarmogoyf"]).cast  # a declined hit goes to hand
    {'Lightning Bolt': Fraction(1, 2)}
    """
    return _single(library, discover(n), frozenset(decline))


# --------------------------------------------------------------------------- exact chains


@dataclass
class _Model:
    """Cards merged into behaviour classes over every threshold that can occur."""

    thresholds: list[Step]
    class_names: list[dict[str, int]]  # class -> {name: count}
    stop: list[tuple[bool, ...]]  # threshold -> class -> stops
    tasks: list[tuple[tuple[int, ...] | None, ...]]  # threshold -> class -> pushed (None: not cast)
    blank: int | None  # the class that never stops (lands, too expensive everywhere)
    initial: tuple[int, ...]


def _build_model(
    library: Sequence[CardDef],
    steps: Sequence[Step],
    decline: frozenset[str],
    chain: bool,
    grant_to_hits: int,
) -> _Model:
    counts, cards = _group(library)
    # Close the set of thresholds under "a cast hit adds these instances".
    thresholds: list[Step] = []
    index: dict[Step, int] = {}
    work = list(steps)
    pushes: dict[tuple[str, Step], tuple[Step, ...] | None] = {}
    while work:
        th = work.pop()
        if th in index:
            continue
        index[th] = len(thresholds)
        thresholds.append(th)
        for name, card in cards.items():
            if card.is_land or not th.stops(int(card.mana_value)):
                continue
            face = None if name in decline else cast_face(card, th)
            if face is None:
                pushes[(name, th)] = None
                continue
            fu = follow_ups(card, face, grant_to_hits=grant_to_hits) if chain else ()
            pushes[(name, th)] = fu
            work.extend(fu)

    def sig(name: str) -> tuple[Any, ...]:
        card = cards[name]
        out: list[Any] = []
        for th in thresholds:
            if card.is_land or not th.stops(int(card.mana_value)):
                out.append((False, None))
            else:
                fu = pushes[(name, th)]
                out.append((True, None if fu is None else tuple(index[s] for s in fu)))
        return tuple(out)

    by_sig: dict[tuple[Any, ...], dict[str, int]] = {}
    for name in sorted(counts):
        by_sig.setdefault(sig(name), {})[name] = counts[name]
    sigs = list(by_sig)
    blank_sig = tuple((False, None) for _ in thresholds)
    blank = sigs.index(blank_sig) if blank_sig in by_sig else None
    stop = [tuple(s[t][0] for s in sigs) for t in range(len(thresholds))]
    tasks = [tuple(s[t][1] if s[t][0] else None for s in sigs) for t in range(len(thresholds))]
    initial = tuple(sum(by_sig[s].values()) for s in sigs)
    return _Model(thresholds, [by_sig[s] for s in sigs], stop, tasks, blank, initial)


Segs = tuple[tuple[int, ...], ...]


class _Resolution(NamedTuple):
    """Everything one instance can do from one library state, pre-aggregated.

    Probabilities are integers over the common denominator ``N!`` (N = library
    size): the recursion then adds and multiplies plain ints, no gcd per step.
    """

    moves: tuple[tuple[int, Segs, tuple[int, ...], int, int], ...]  # w, segs, push, ex, cast
    hit: tuple[tuple[int, int], ...]  # class -> P(hit) * N!
    cast: tuple[tuple[int, int], ...]  # class -> P(hit and cast) * N!
    whiff: int
    bottom: int  # E[cards put on the bottom] * N!


def _canon(segs: Iterable[tuple[int, ...]], blank: int | None) -> Segs:
    """Drop empty segments and merge neighbouring segments that hold only blank cards."""
    out: list[tuple[int, ...]] = []
    for seg in segs:
        if not any(seg):
            continue
        if out and blank is not None and _only(seg, blank) and _only(out[-1], blank):
            prev = out[-1]
            out[-1] = tuple(a + b for a, b in zip(prev, seg, strict=True))
            continue
        out.append(seg)
    return tuple(out)


def _only(seg: tuple[int, ...], cls: int) -> bool:
    return all(v == 0 for i, v in enumerate(seg) if i != cls)


def _push_coefficients(model: _Model) -> tuple[tuple[bool, ...], tuple[int, ...]]:
    """The "cheap" classes (stop the lowest threshold of the model) and each class's
    weight in the potential psi of :func:`_make_pruner` (stack-independent version)."""
    nth = len(model.thresholds)
    ncls = len(model.initial)
    level = [th.value if th.kind == "cascade" else th.value + 1 for th in model.thresholds]
    cheap = model.stop[min(range(nth), key=lambda i: level[i])]
    maxpush = [max(len(model.tasks[t][c] or ()) for t in range(nth)) for c in range(ncls)]
    coef = tuple((m if cheap[c] else m - 1) if m else 0 for c, m in enumerate(maxpush))
    return cheap, coef


def _make_resolver(
    model: _Model, scale: int, clock: _Clock | None = None
) -> Callable[[Segs, int, int], _Resolution]:
    """Resolution of one instance per (library state, threshold, stack depth), memoised."""
    ncls = len(model.initial)
    blank = model.blank
    fact = math.factorial
    comb = math.comb
    cheap, coef = _push_coefficients(model)

    @cache
    def resolve(segs: Segs, t: int, depth: int) -> _Resolution:
        """Every way one instance with threshold t can resolve from this library.

        P(first j cards are a given composition a, then a card of class h)
        = j! * prod C(c_k, a_k) * c_h * (n - j - 1)! / n!  (n = segment size).
        When the next state provably never reaches the bottom segments (see
        :func:`_make_pruner`) they are dropped here already.
        """
        stop = model.stop[t]
        tasks = model.tasks[t]
        is_cascade = model.thresholds[t].kind == "cascade"
        totals = [sum(seg[c] for seg in segs) for c in range(ncls)]
        psi_cards = sum(totals[c] * coef[c] for c in range(ncls))
        prefix = [0] * ncls  # cards of fully exiled segments (no stop card in them)
        for i, seg in enumerate(segs):
            s = sum(v for c, v in enumerate(seg) if stop[c])
            n = sum(seg)
            if s == 0:
                prefix = [a + b for a, b in zip(prefix, seg, strict=True)]
                continue
            unit = scale // fact(n)
            pre_n = sum(prefix)
            ns_cls = [c for c, v in enumerate(seg) if v and not stop[c]]
            hits = [(c, v) for c, v in enumerate(seg) if v and stop[c]]
            moves: dict[tuple[Segs, tuple[int, ...], int, int], int] = defaultdict(int)
            bottom = 0
            for taken in itertools.product(*(range(seg[c] + 1) for c in ns_cls)):
                if clock is not None:
                    clock.tick()
                j = sum(taken)
                w = fact(j) * fact(n - j - 1) * unit
                rem0 = list(seg)
                bot0 = list(prefix)
                for c, a in zip(ns_cls, taken, strict=True):
                    if a:
                        w *= comb(seg[c], a)
                        rem0[c] -= a
                        bot0[c] += a
                nbot0 = pre_n + j
                cheap0 = sum(v for c, v in enumerate(rem0) if cheap[c]) if i == 0 else -1
                for h, vh in hits:
                    push = tasks[h]
                    rem = list(rem0)
                    rem[h] -= 1
                    wt = w * vh
                    to_bottom = is_cascade and push is None
                    nb = nbot0 + to_bottom
                    bottom += wt * nb
                    psi = depth - 1 + len(push or ()) + psi_cards
                    if not to_bottom:
                        psi -= coef[h]  # the hit left the library
                    if cheap0 - (1 if cheap[h] else 0) >= psi:
                        new: Segs = (tuple(rem),)  # nothing below is ever reached again
                    else:
                        bot = list(bot0)
                        if to_bottom:
                            bot[h] += 1
                        new = _canon((tuple(rem), *segs[i + 1 :], tuple(bot)), blank)
                    key = (new, tuple(reversed(push or ())), pre_n + j + 1, push is not None)
                    moves[key] += wt
            hit = tuple((h, scale // s * vh) for h, vh in hits)
            cast = tuple((h, q) for h, q in hit if tasks[h] is not None)
            return _Resolution(tuple((w, *k) for k, w in moves.items()), hit, cast, 0, bottom)
        # No qualifying card anywhere: the whole library is exiled and put back (702.85a).
        total = sum(prefix)
        whole = _canon((tuple(prefix),), blank)
        return _Resolution(((scale, whole, (), total, 0),), (), (), scale, scale * total)

    return resolve


def _make_pruner(model: _Model) -> Callable[[Segs, tuple[int, ...]], Segs]:
    """Forget bottom segments that no future instance can reach (an exact simplification).

    Stop sets are nested (cascade m stops at MV < m, discover n at MV < n + 1).
    Call "cheap" the cards that stop the lowest threshold still possible: every
    future instance stops at the first cheap card it meets, and only its hit
    leaves the unseen part.  The potential ``psi`` (pending instances, plus the
    extra instances cards still in the library can add) drops by at least one
    per cheap card taken, so while the unseen part holds ``>= psi`` cheap cards
    no instance gets past it and the bottom segments' contents never matter.
    """
    level = [th.value if th.kind == "cascade" else th.value + 1 for th in model.thresholds]
    ncls = len(model.initial)
    maxpush = [max(len(model.tasks[t][c] or ()) for t in range(len(level))) for c in range(ncls)]
    pushed = [
        frozenset(x for t in range(len(level)) for x in (model.tasks[t][c] or ()))
        for c in range(ncls)
    ]
    memo: dict[tuple[Segs, tuple[int, ...]], Segs] = {}

    def prune(segs: Segs, stack: tuple[int, ...]) -> Segs:
        if len(segs) <= 1 or not stack:
            return segs
        key = (segs, stack)
        if key in memo:
            return memo[key]
        totals = [sum(seg[c] for seg in segs) for c in range(ncls)]
        future = set(stack)
        for c in range(ncls):
            if totals[c] and maxpush[c]:
                future |= pushed[c]
        stop = model.stop[min(future, key=lambda i: level[i])]
        psi = len(stack)
        for c in range(ncls):
            if totals[c] and maxpush[c]:
                psi += totals[c] * (maxpush[c] if stop[c] else maxpush[c] - 1)
        cheap = sum(v for c, v in enumerate(segs[0]) if stop[c])
        out = segs[:1] if cheap >= psi else segs
        memo[key] = out
        return out

    return prune


def _per_name(model: _Model, vals: list[Fraction]) -> dict[str, Fraction]:
    """Class totals split over names: cards of one class are exchangeable."""
    out: dict[str, Fraction] = {}
    for cls, names in enumerate(model.class_names):
        if vals[cls] == 0:
            continue
        total = model.initial[cls]
        for name, k in names.items():
            out[name] = vals[cls] * k / total
    return out


class _Clock:
    """The exact analysis's CPU backstop: every 256 ticks it reads ``time.process_time``
    and gives up (``StateSpaceTooLarge``, so the estimate is given instead) past
    ``limits.ODDS_MAX_EXACT_CPU_SECONDS``. The state cap is the deterministic bound; what a
    state costs grows with the library's classes and the numbers' sizes, this bounds it."""

    __slots__ = ("n", "started")

    def __init__(self) -> None:
        self.n = 0
        self.started = time.process_time()

    def tick(self) -> None:
        self.n += 1
        if not self.n & 255 and (
            time.process_time() - self.started > limits.ODDS_MAX_EXACT_CPU_SECONDS
        ):
            raise StateSpaceTooLarge(f"more than {limits.ODDS_MAX_EXACT_CPU_SECONDS:g} s of CPU")


def _stream_chain(
    model: _Model, library: Sequence[CardDef], steps: Sequence[Step], max_states: int
) -> OddsResult | None:
    """Exact analysis when no instance can ever get past the unseen part.

    Then every card exiled is read off one uniformly random order and never seen
    again, so the process is a walk that reads one card at a time: the state is
    (unseen counts per class, pending instances) and a card of class c comes
    next with probability count_c / unseen.  All states after L cards share the
    denominator N (N-1) ... (N-L+1), so the walk adds and multiplies ints only.
    Returns None when the condition does not hold
    (see :func:`_make_pruner`; the condition, once true, stays true).
    """
    cheap, coef = _push_coefficients(model)
    index = {th: i for i, th in enumerate(model.thresholds)}
    stack0 = tuple(index[s] for s in reversed(steps))
    init = model.initial
    ncls = len(init)
    psi = len(stack0) + sum(init[c] * coef[c] for c in range(ncls))
    if sum(init[c] for c in range(ncls) if cheap[c]) < psi:
        return None
    n_total = sum(init)
    hit_f = [Fraction(0)] * ncls
    cast_f = [Fraction(0)] * ncls
    bottom = Fraction(0)
    exiled_dist: dict[int, Fraction] = {}
    casts_dist: dict[int, Fraction] = defaultdict(Fraction)
    pushes = [
        [tuple(reversed(model.tasks[t][c] or ())) for c in range(ncls)]
        for t in range(len(model.thresholds))
    ]
    # The number of free casts so far is not part of the state: each state holds a
    # polynomial sum_k mass_k * 2**(width * k) packed in one int (mass_k = probability
    # of k casts so far, times the level's denominator <= N!), so a cast is a shift.
    width = math.factorial(n_total).bit_length() + 1
    mask = (1 << width) - 1

    def slots(poly: int) -> Iterator[tuple[int, int]]:
        k = 0
        while poly:
            if poly & mask:
                yield k, poly & mask
            poly >>= width
            k += 1

    def total(poly: int) -> int:
        return sum(v for _, v in slots(poly))

    # unseen counts packed into one int: count_c = code // radix[c] % (init[c] + 1)
    radix = [1] * ncls
    for c in range(1, ncls):
        radix[c] = radix[c - 1] * (init[c - 1] + 1)
    places = [(c, radix[c], init[c] + 1) for c in range(ncls) if init[c]]
    code0 = sum(init[c] * radix[c] for c in range(ncls))
    frontier: dict[tuple[int, tuple[int, ...]], int] = {(code0, stack0): 1}
    den = 1  # N (N-1) ... (N-L+1) after L cards
    level = 0
    seen = 0
    clock = _Clock()  # the CPU backstop (limits.ODDS_MAX_EXACT_CPU_SECONDS)
    while frontier:
        n = n_total - level
        nxt: dict[tuple[int, tuple[int, ...]], int] = defaultdict(int)
        l_bottom = 0
        l_hits = [0] * ncls
        l_casts = [0] * ncls
        done = 0
        for (code, stack), p in frontier.items():
            if not stack:
                done += p
                continue
            t = stack[-1]
            stop = model.stop[t]
            tasks = model.tasks[t]
            is_cascade = model.thresholds[t].kind == "cascade"
            for c, r, base in places:
                k = code // r % base
                if not k:
                    continue
                q = p * k
                new = code - r
                if not stop[c]:
                    l_bottom += q  # exiled, not the hit: to the bottom, never seen again
                    nxt[(new, stack)] += q
                    continue
                l_hits[c] += q
                if tasks[c] is None:
                    if is_cascade:
                        l_bottom += q
                    nxt[(new, stack[:-1])] += q
                else:
                    l_casts[c] += q
                    nxt[(new, stack[:-1] + pushes[t][c])] += q << width
            seen += 1
            clock.tick()
        if done:
            mass = 0
            for k, v in slots(done):
                casts_dist[k] += Fraction(v, den)
                mass += v
            exiled_dist[level] = Fraction(mass, den)
        if seen > max_states:
            raise StateSpaceTooLarge(f"more than {max_states} states")
        den_next = den * n if n else den
        bottom += Fraction(total(l_bottom), den_next)
        for c in range(ncls):
            if l_hits[c]:
                hit_f[c] += Fraction(total(l_hits[c]), den_next)
            if l_casts[c]:
                cast_f[c] += Fraction(total(l_casts[c]), den_next)
        frontier = nxt
        den = den_next
        level += 1
    total_hits = sum(hit_f, Fraction(0))
    return OddsResult(
        hit=_per_name(model, hit_f),
        whiff=Fraction(0),  # some qualifying card is always met
        exiled=exiled_dist,
        expected_bottom=bottom,
        cast=_per_name(model, cast_f),
        casts=dict(sorted((k, v) for k, v in casts_dist.items() if v)),
        instances=total_hits,
        library_size=len(library),
        steps=tuple(steps),
        states=seen,
        method="exact (single random order)",
    )


def _exact_chain(
    library: Sequence[CardDef],
    steps: Sequence[Step],
    decline: frozenset[str],
    chain: bool,
    grant_to_hits: int,
    max_states: int,
    stream: bool = True,
) -> OddsResult:
    model = _build_model(library, steps, decline, chain, grant_to_hits)
    streamed = _stream_chain(model, library, steps, max_states) if stream else None
    if streamed is not None:
        return streamed
    index = {th: i for i, th in enumerate(model.thresholds)}
    scale = math.factorial(len(library))
    clock = _Clock()  # the CPU backstop (limits.ODDS_MAX_EXACT_CPU_SECONDS)
    resolve = _make_resolver(model, scale, clock)
    prune = _make_pruner(model)
    ncls = len(model.initial)
    hits = [Fraction(0)] * ncls
    casts_e = [Fraction(0)] * ncls
    whiff = Fraction(0)
    bottom = Fraction(0)
    instances = Fraction(0)
    exiled_dist: dict[int, Fraction] = defaultdict(Fraction)
    casts_dist: dict[int, Fraction] = defaultdict(Fraction)
    stack0 = tuple(index[s] for s in reversed(steps))  # top of the stack is the end
    # state: (segments, pending instances, cards exiled so far, free casts so far);
    # its probability is an int over scale ** depth (depth = instances resolved so far).
    State = tuple[Segs, tuple[int, ...], int, int]
    frontier: dict[State, int] = {
        (prune(_canon((model.initial,), model.blank), stack0), stack0, 0, 0): 1
    }
    den = 1  # scale ** depth
    seen = 0
    while frontier:
        nxt: dict[State, int] = defaultdict(int)
        l_hits = [0] * ncls
        l_casts = [0] * ncls
        l_whiff = l_bottom = l_inst = 0
        l_exiled: dict[int, int] = defaultdict(int)
        l_ncast: dict[int, int] = defaultdict(int)
        for (segs, stack, ex, nc), p in frontier.items():
            if not stack:
                l_exiled[ex] += p
                l_ncast[nc] += p
                continue
            t, rest = stack[-1], stack[:-1]
            res = resolve(segs, t, len(stack))
            l_inst += p
            l_bottom += p * res.bottom
            if res.whiff:
                l_whiff += p * res.whiff
            for c, q in res.hit:
                l_hits[c] += p * q
            for c, q in res.cast:
                l_casts[c] += p * q
            seen += len(res.moves)
            for w, new_segs, push, dex, dc in res.moves:
                clock.tick()
                new_stack = rest + push if push else rest
                nxt[(prune(new_segs, new_stack), new_stack, ex + dex, nc + dc)] += p * w
            if seen > max_states:
                raise StateSpaceTooLarge(f"more than {max_states} transitions")
        # back to exact fractions once per layer
        den_next = den * scale
        instances += Fraction(l_inst, den)
        bottom += Fraction(l_bottom, den_next)
        whiff += Fraction(l_whiff, den_next)
        for c in range(ncls):
            if l_hits[c]:
                hits[c] += Fraction(l_hits[c], den_next)
            if l_casts[c]:
                casts_e[c] += Fraction(l_casts[c], den_next)
        for k, v in l_exiled.items():
            exiled_dist[k] += Fraction(v, den)
        for k, v in l_ncast.items():
            casts_dist[k] += Fraction(v, den)
        frontier = nxt
        den = den_next

    return OddsResult(
        hit=_per_name(model, hits),
        whiff=whiff,
        exiled=dict(sorted((k, v) for k, v in exiled_dist.items() if v)),
        expected_bottom=bottom,
        cast=_per_name(model, casts_e),
        casts=dict(sorted((k, v) for k, v in casts_dist.items() if v)),
        instances=instances,
        library_size=len(library),
        steps=tuple(steps),
        states=seen,
    )


# --------------------------------------------------------------------------- Monte Carlo


def _simulate(
    library: Sequence[CardDef],
    steps: Sequence[Step],
    decline: frozenset[str],
    chain: bool,
    grant_to_hits: int,
    samples: int,
    seed: int,
) -> OddsResult:
    """A faithful stand-alone simulation (shuffle, exile, cast, random bottom), for checks.

    Used when the game engine can't express the action (a bare "cascade from
    MV m" with no spell) or isn't importable.
    """
    names = [c.name for c in library]
    _, cards = _group(library)
    rng = random.Random(seed)
    react: dict[tuple[str, Step], tuple[bool, bool, tuple[Step, ...]]] = {}

    def behaviour(name: str, th: Step) -> tuple[bool, bool, tuple[Step, ...]]:
        key = (name, th)
        if key not in react:
            card = cards[name]
            stops = not card.is_land and th.stops(int(card.mana_value))
            face = None if (not stops or name in decline) else cast_face(card, th)
            fu = follow_ups(card, face, grant_to_hits=grant_to_hits) if (face and chain) else ()
            react[key] = (stops, face is not None, fu)
        return react[key]

    tally = _Tally()
    work = 0  # library positions scanned, shuffled ones x4 (limits.ODDS_MAX_SIM_WORK)
    for _ in range(samples):
        if work > limits.ODDS_MAX_SIM_WORK:
            break  # the samples so far are the estimate (``samples`` says how many)
        lib = list(names)
        rng.shuffle(lib)
        work += 4 * len(lib)
        stack = list(reversed(steps))
        trial = _Trial()
        while stack:
            th = stack.pop()
            trial.instances += 1
            idx = next((i for i, name in enumerate(lib) if behaviour(name, th)[0]), -1)
            work += 5 * len(lib) if idx < 0 else 5 * idx + 1  # the scan, then the shuffle
            if idx < 0:
                trial.whiffs += 1
                trial.exiled += len(lib)
                trial.bottom += len(lib)
                rng.shuffle(lib)
                continue
            exiled, hit, lib = lib[:idx], lib[idx], lib[idx + 1 :]
            trial.exiled += idx + 1
            trial.hits[hit] += 1
            _, castable, fu = behaviour(hit, th)
            if castable:
                trial.casts[hit] += 1
                stack.extend(reversed(fu))
            elif th.kind == "cascade":
                exiled.append(hit)
            rng.shuffle(exiled)
            trial.bottom += len(exiled)
            lib.extend(exiled)
        tally.add(trial)
    return tally.result(library, steps, "monte carlo (stand-alone simulation)")


@dataclass
class _Trial:
    hits: Counter[str] = field(default_factory=Counter)
    casts: Counter[str] = field(default_factory=Counter)
    whiffs: int = 0
    exiled: int = 0
    bottom: int = 0
    instances: int = 0


@dataclass
class _Tally:
    """Sums and sums of squares per quantity, for means and standard errors."""

    n: int = 0
    s1: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    s2: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def _put(self, key: str, v: int) -> None:
        if v:
            self.s1[key] += v
            self.s2[key] += v * v

    def add(self, t: _Trial) -> None:
        self.n += 1
        for k, v in t.hits.items():
            self._put(f"hit:{k}", v)
        for k, v in t.casts.items():
            self._put(f"cast:{k}", v)
        self._put("whiff", t.whiffs)
        self._put("expected_bottom", t.bottom)
        self._put("instances", t.instances)
        self._put(f"exiled:{t.exiled}", 1)
        self._put(f"casts:{sum(t.casts.values())}", 1)

    def mean(self, key: str) -> Fraction:
        return Fraction(self.s1.get(key, 0), self.n)

    def se(self, key: str) -> float:
        n = self.n
        if n < 2:
            return float("inf")
        m = self.s1.get(key, 0) / n
        var = (self.s2.get(key, 0) - n * m * m) / (n - 1)
        return math.sqrt(max(var, 0.0) / n)

    def result(self, library: Sequence[CardDef], steps: Sequence[Step], method: str) -> OddsResult:
        def pick(prefix: str, conv: Callable[[str], Any]) -> dict[Any, Fraction]:
            return {
                conv(k[len(prefix) :]): self.mean(k)
                for k in sorted(self.s1)
                if k.startswith(prefix)
            }

        stderr = {k: self.se(k) for k in self.s1}
        stderr.setdefault("whiff", 0.0)
        return OddsResult(
            hit=pick("hit:", str),
            whiff=self.mean("whiff"),
            exiled=dict(sorted(pick("exiled:", int).items())),
            expected_bottom=self.mean("expected_bottom"),
            exact=False,
            cast=pick("cast:", str),
            casts=dict(sorted(pick("casts:", int).items())),
            instances=self.mean("instances"),
            library_size=len(library),
            steps=tuple(steps),
            method=method,
            samples=self.n,
            stderr=stderr,
        )


def _engine_trial(timeline: Any, owner: int = 0) -> _Trial:
    """Read one finished timeline into the same counters as the stand-alone simulation."""
    t = _Trial()
    for frame in timeline.frames:
        ev = frame.event
        if ev is None:
            continue
        if ev.kind in ("cascade", "discover"):  # an instance starts resolving
            t.instances += 1
        elif ev.kind in ("whiff", "discover_none"):
            t.whiffs += 1
        elif ev.kind in ("cascade_hit", "discover_hit"):
            for mv in ev.moves[-1:]:
                t.hits[_card_name(frame, mv)] += 1
        for mv in ev.moves:
            if mv.owner != owner:
                continue
            if mv.src == "library" and mv.dst == "exile":
                t.exiled += 1
            elif mv.src == "exile" and mv.dst == "library":
                t.bottom += 1
            elif mv.src == "exile" and mv.dst == "stack":
                t.casts[_card_name(frame, mv)] += 1
    return t


def _card_name(frame: Any, move: Any) -> str:
    """The card's name (a cast face is "Stomp"; odds count "Bonecrusher Giant // Stomp")."""
    try:
        return str(frame.state.obj(move.obj).card.name)
    except (KeyError, AttributeError):
        return str(move.name)


def _engine_scenario(
    library: Sequence[CardDef],
    spell: CardDef | None,
    steps: Sequence[Step],
    seed: int,
    battlefield: Sequence[str] = (),
) -> dict[str, Any]:
    counts, _ = _group(library)
    player: dict[str, Any] = {
        "name": "You",
        "life": 20,
        "library": {
            "order": "random",
            "cards": [{"name": n, "count": c} for n, c in counts.items()],
        },
        "hand": [spell.name] if spell is not None else [],
        "battlefield": list(battlefield),
        "graveyard": [],
        "exile": [],
    }
    if spell is not None:
        actions: list[dict[str, Any]] = [{"do": "cast", "card": spell.name, "x": 0}]
    else:
        actions = [{"do": "discover", "n": s.value} for s in steps]
    return {
        "version": 1,
        "title": "odds monte carlo",
        "seed": seed,
        "players": [
            player,
            {
                "name": "Opponent",
                "life": 20,
                "library": {"order": "listed", "cards": []},
                "hand": [],
                "battlefield": [],
            },
        ],
        "actions": actions,
        "choices": [],
    }


def _engine_available() -> bool:
    try:
        import engine.scenario.scenario  # noqa: F401
    except ImportError:
        return False
    return True


def _engine_run(
    library: Sequence[CardDef],
    steps: Sequence[Step],
    spell: CardDef | None,
    decline: frozenset[str],
    samples: int,
    seed: int,
    battlefield: Sequence[str] = (),
) -> OddsResult:
    """Monte Carlo with the real engine: one ``Scenario(...).run()`` per sample (seed + i),
    decisions answered by the engine's AutoPolicy (cast every castable hit not declined)."""
    from engine.core.policy import AutoPolicy
    from engine.scenario.scenario import Scenario

    tally = _Tally()
    started = time.process_time()
    for i in range(samples):
        if i and time.process_time() - started > limits.ODDS_MAX_ENGINE_CPU_SECONDS:
            break  # the samples so far are the estimate (``samples`` says how many)
        scen = Scenario.from_dict(_engine_scenario(library, spell, steps, seed + i, battlefield))
        tl = scen.run(policy=AutoPolicy(decline))
        if not tl.finished:
            raise RuntimeError(f"engine run stopped early: {tl.pending}")
        tally.add(_engine_trial(tl))
    return tally.result(library, steps, "monte carlo (game engine)")


def monte_carlo(
    library: Sequence[CardDef],
    steps: Sequence[Step | tuple[str, int]],
    *,
    decline: Iterable[str] = (),
    chain: bool = True,
    grant_to_hits: int = 0,
    samples: int = 10_000,
    seed: int = 0,
    spell: CardDef | None = None,
    use_engine: bool | None = None,
    battlefield: Sequence[str] = (),
) -> OddsResult:
    """A Monte Carlo estimate (``exact=False``, with ``stderr``).

    With ``spell`` given (and ``use_engine`` not False) each sample is a real
    ``Scenario(...).run()`` casting that spell from hand over a shuffled library;
    otherwise the stand-alone simulation of the same rules runs.  ``use_engine=True``
    insists on the engine; ``battlefield`` names permanents you control in the
    engine run (e.g. ``["Maelstrom Nexus"]`` for a granted cascade).

    >>> from engine import cascade_step, default_pool, monte_carlo
    >>> pool = default_pool()
    >>> library = [pool.get(n) for n in ("Forest", "Lightning Bolt", "Tarmogoyf")]
    >>> est = monte_carlo(library, [cascade_step(4)], samples=200, seed=1)
    >>> est.exact, est.samples, sum(est.hit.values())  # one hit per sample, no whiff
    (False, 200, Fraction(1, 1))
    >>> est == monte_carlo(library, [cascade_step(4)], samples=200, seed=1)  # seeded
    True
    """
    st = [_as_step(s) for s in steps]
    dec = frozenset(decline)
    engine_ok = spell is not None and chain and grant_to_hits == 0
    if use_engine or (use_engine is None and engine_ok and _engine_available()):
        if spell is None:
            raise ValueError("the engine Monte Carlo needs the spell to cast")
        return _engine_run(library, st, spell, dec, samples, seed, battlefield)
    return _simulate(library, st, dec, chain, grant_to_hits, samples, seed)


# --------------------------------------------------------------------------- public chains


def chain_odds(
    library: Sequence[CardDef],
    steps: Sequence[Step | tuple[str, int]],
    *,
    decline: Iterable[str] = (),
    chain: bool = True,
    grant_to_hits: int = 0,
    max_states: int = limits.ODDS_MAX_STATES,
    samples: int = 5_000,
    seed: int = 0,
    spell: CardDef | None = None,
) -> OddsResult:
    """Several instances resolved one after another, with chains, exactly when feasible.

    ``steps`` are the instances in resolution order, e.g. ``[cascade(10)] * 4``
    (Apex Devastator) or ``[cascade(4), cascade(4)]`` (Bloodbraid Elf plus a
    granted cascade).  Each instance's exiled-not-cast cards go to the bottom
    in random order before the next resolves.  With ``chain`` a cast hit's own
    cascade / discover instances resolve before the remaining ones;
    ``grant_to_hits`` adds cascade instances to every cast hit (a static grant).
    ``decline`` names cards the player never casts (a declined discover hit
    goes to hand).  When the exact analysis would visit more than ``max_states``
    states (a work cap: about 1-2 s per 100k) it returns a Monte Carlo estimate
    instead, ``exact=False`` with standard errors (see :func:`monte_carlo`;
    ``spell`` lets it use the real engine, ``samples`` and ``seed`` set it up).

    Two cascades from mana value 4 over Forest, Forest, Lightning Bolt, Tarmogoyf: the first
    hit is cast (it leaves the library, 702.85a), so the second finds the other spell.

    >>> from engine import cascade_step, chain_odds, default_pool
    >>> pool = default_pool()
    >>> library = [pool.get("Forest")] * 2 + [pool.get(n) for n in ("Lightning Bolt", "Tarmogoyf")]
    >>> odds = chain_odds(library, [cascade_step(4)] * 2)
    >>> odds.exact, odds.hit  # expected times each card is the hit
    (True, {'Lightning Bolt': Fraction(1, 1), 'Tarmogoyf': Fraction(1, 1)})
    """
    st = [_as_step(s) for s in steps]
    dec = frozenset(decline)
    if not st:
        raise ValueError("no steps")
    if len(st) == 1:
        single = _single(library, st[0], dec)
        if (
            not chain
            or all(p == 0 for p in single.cast.values())
            or not _any_follow_up(library, st[0], dec, grant_to_hits)
        ):
            return single
    try:
        return _exact_chain(library, st, dec, chain, grant_to_hits, max_states)
    except StateSpaceTooLarge:
        return monte_carlo(
            library,
            st,
            decline=dec,
            chain=chain,
            grant_to_hits=grant_to_hits,
            samples=samples,
            seed=seed,
            # the engine casts the spell itself: only when that is exactly these steps
            spell=spell if spell is not None and spell_steps(spell) == tuple(st) else None,
        )


def _any_follow_up(
    library: Sequence[CardDef], step: Step, decline: frozenset[str], grant_to_hits: int
) -> bool:
    _, cards = _group(library)
    for name, card in cards.items():
        if name in decline or card.is_land or not step.stops(int(card.mana_value)):
            continue
        face = cast_face(card, step)
        if face is not None and follow_ups(card, face, grant_to_hits=grant_to_hits):
            return True
    return False


def spell_odds(
    library: Sequence[CardDef],
    spell: CardDef,
    *,
    extra_cascade: int = 0,
    **kwargs: Any,
) -> OddsResult:
    """Odds for casting ``spell`` from hand: its cascade instances (+ granted ones), then chains.

    >>> from engine import default_pool, spell_odds
    >>> pool = default_pool()
    >>> library = [pool.get("Forest")] * 2 + [pool.get(n) for n in ("Lightning Bolt", "Tarmogoyf")]
    >>> odds = spell_odds(library, pool.get("Bloodbraid Elf"))  # one cascade 4 (702.85a)
    >>> odds.hit["Tarmogoyf"], odds.expected_bottom
    (Fraction(1, 2), Fraction(2, 3))
    >>> spell_odds(library, pool.get("Forest"))
    Traceback (most recent call last):
    ...
    ValueError: Forest neither cascades nor discovers
    """
    steps = spell_steps(spell, extra_cascade=extra_cascade)
    if not steps:
        raise ValueError(f"{spell.name} neither cascades nor discovers")
    return chain_odds(library, steps, spell=spell, **kwargs)
