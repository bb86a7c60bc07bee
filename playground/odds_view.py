"""Odds tab: exact cascade / discover odds for the scenario's library and action.

One direction of flow, each step a plain function that the tests call directly::

    scenario (+ timeline)  ->  odds_key()      the library multiset and the action, hashable
    odds_key               ->  compute_odds()  engine.odds.exact, cached by (library, instances)
    OddsResult             ->  hit_rows() / exiled_rows() / compare_rows()
    rows                   ->  Bokeh figures and escaped HTML tables

The view only recomputes when the key changes (editing the library or the action), not
when a decision is answered or the title edited; the cache makes going back to an
earlier library instant. Every card name is escaped (HTML) or drawn as text (Bokeh).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import sys
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import panel as pn
import param
from bokeh.models import ColumnDataSource, FactorRange, HoverTool, LabelSet, Whisker
from bokeh.plotting import figure

from engine import UnknownCardError
from engine.odds.exact import OddsResult, Step, discover, spell_steps
from playground import offload
from playground.card_facts import MARK_CSS, facts_attrs, mark_html, marked_status
from playground.html import esc
from playground.model import PlaygroundModel
from playground.work import odds_for, odds_of

if TYPE_CHECKING:
    from engine import CardPool, Scenario, Timeline

__all__ = [
    "OddsAction",
    "OddsPanel",
    "OddsKey",
    "compare_rows",
    "compute_odds",
    "compute_odds_async",
    "exiled_rows",
    "hit_rows",
    "odds_action",
    "odds_key",
    "odds_view",
]

#: The exact analysis runs up to engine.odds.exact's work cap, then falls back to a Monte Carlo
#: estimate (labelled, with standard errors). Measured here: the default Bloodbraid Elf
#: scenario takes milliseconds; Apex Devastator over the 57-card sample library is exact
#: in ~3 s (314k states). It runs in a worker thread, so the page stays responsive.
MAX_STATES: int | None = None  # exact-analysis work cap; None: engine.odds.exact's default
SAMPLES: int | None = None  # Monte Carlo samples past the cap; None: engine.odds.exact's default
CACHE_SIZE = 64
DEBOUNCE = 0.05  # seconds between an edit and the computation it starts
MAX_BARS = 24  # bars in the hit chart; the table lists every card
WHIFF = "(nothing: whiff)"

_HIT = "#0969da"
_HIT_NOCAST = "#8fbff5"
_WHIFF = "#8c959f"
_EXILED = "#bf8700"


# --------------------------------------------------------------------------- the action


@dataclass(frozen=True)
class OddsAction:
    """What the scenario's action does that has odds: the cascade / discover instances."""

    kind: str  # "spell" (a cast), "discover" (activate / discover N) or "none"
    text: str  # one sentence a person reads
    card: str = ""
    steps: tuple[Step, ...] = ()
    granted_by: tuple[str, ...] = ()  # one source per granted cascade instance

    @property
    def has_odds(self) -> bool:
        return bool(self.steps)


@dataclass(frozen=True)
class OddsKey:
    """Everything the odds depend on (hashable; equal keys give the same odds)."""

    library: tuple[tuple[str, int], ...]  # (name, count), sorted by name
    action: OddsAction
    user_cards: str = ""  # the scenario's own card definitions (they define some names)
    order: str = "random"  # shown as a note: the odds are for a shuffled library

    def with_count(self, name: str, delta: int) -> OddsKey:
        """The same key with one more / one fewer copy of ``name`` in the library."""
        counts = dict(self.library)
        n = counts.get(name, 0) + delta
        if n > 0:
            counts[name] = n
        else:
            counts.pop(name, None)
        return OddsKey(tuple(sorted(counts.items())), self.action, self.user_cards, self.order)

    @property
    def size(self) -> int:
        return sum(c for _, c in self.library)


def _granted_from_timeline(timeline: Timeline | None, player: int) -> tuple[str, ...] | None:
    """The granted cascade instances the engine put on the stack when the spell was cast.

    The engine is the authority on grants (Maelstrom Nexus only for the first spell in a
    turn, Imoti's mana value filter, conditions it can't check...). None when the
    timeline has no cast yet (it paused on a decision before casting).
    """
    if timeline is None:
        return None
    events = [f.event for f in timeline.frames if f.event is not None]
    for i, ev in enumerate(events):
        if ev.kind != "cast" or not any(m.owner == player for m in ev.moves):
            continue
        granted: list[str] = []
        for later in events[i + 1 :]:
            if later.kind in ("stack", "resolve", "cast"):
                break
            if later.kind == "trigger" and later.data.get("keyword") == "cascade":
                if later.data.get("granted_by"):
                    granted.append(later.data["granted_by"])
        return tuple(granted)
    return None


def _granted_from_board(scenario: dict, pool: CardPool, player: int) -> tuple[str, ...]:
    """Fallback: static grants on the battlefield (Maelstrom Nexus if no spell was cast yet)."""
    you = scenario["players"][player]
    first_spell = int(you.get("spells_cast", 0) or 0) == 0
    out: list[str] = []
    for entry in you.get("battlefield", []):
        name = entry if isinstance(entry, str) else entry.get("name", "")
        card = pool.find(name)
        if card is None or not card.grants_cascade:
            continue
        for op in (card.effects or {}).get("static") or []:
            if op.get("op") != "cascade_grant" or op.get("if") or op.get("filter"):
                continue
            scope = op.get("scope")
            if op.get("from") not in (None, "hand"):
                continue  # the action casts from hand (Wild-Magic Sorcerer: from exile only)
            if (scope == "first_spell_each_turn" and first_spell) or scope == "spells_you_cast":
                out += [card.name] * int(op.get("instances") or 1)
    return tuple(out)


def _describe(steps: Sequence[Step]) -> str:
    parts: list[str] = []
    for s in dict.fromkeys(steps):
        n = sum(1 for t in steps if t == s)
        what = (
            f"cascade (cards with mana value less than {s.value})"
            if s.kind == "cascade"
            else f"discover {s.value}"
        )
        parts.append(f"{n} × {what}" if n > 1 else what)
    return " then ".join(parts)


def odds_action(scenario: dict, pool: CardPool, timeline: Timeline | None = None) -> OddsAction:
    """The cascade / discover instances of the scenario's first cast / activate / discover."""
    actions = scenario.get("actions") or []
    main = next((a for a in actions if a.get("do") in ("cast", "activate", "discover")), None)
    if main is None:
        what = actions[0].get("do", "?").replace("_", " ") if actions else "no action"
        return OddsAction(
            "none",
            f"The action ({what}) neither cascades nor discovers, so there are no odds to show.",
        )
    do = main["do"]
    player = int(main.get("player", 0) or 0)
    if do == "discover":
        n = int(main["n"])
        return OddsAction("discover", f"Discover {n}", steps=(discover(n),))
    try:
        card = pool.get(main["card"])
    except UnknownCardError:
        return OddsAction("none", f"Unknown card {main['card']!r}: no odds.", card=main["card"])
    # "discover X": X is decided in the game, so the odds need a number from the person
    x_discover = isinstance(card.discover, str) and card.discover_when in (
        "activated" if do == "activate" else "etb",
        "spell",
    )
    x_note = (
        f"{card.name} discovers X, a number decided in the game: to see those odds, "
        "choose the action 'Discover N (no card)' with that number."
    )
    if do == "activate":
        if isinstance(card.discover, int) and card.discover_when == "activated":
            n = card.discover
            return OddsAction(
                "discover",
                f"Activate {card.name}: discover {n}",
                card=card.name,
                steps=(discover(n),),
            )
        if x_discover:
            return OddsAction("none", x_note, card=card.name)
        return OddsAction(
            "none",
            f"Activating {card.name} neither cascades nor discovers, so there are no odds to show.",
            card=card.name,
        )
    granted = _granted_from_timeline(timeline, player)
    if granted is None:
        granted = _granted_from_board(scenario, pool, player)
    steps = spell_steps(card, extra_cascade=len(granted))
    x = int(main.get("x", 0) or 0)
    if x and card.has_x:  # cascade uses the spell's mana value on the stack, X included
        mv = card.front.mana_value(x)
        steps = tuple(Step("cascade", mv) if s.kind == "cascade" else s for s in steps)
    if not steps:
        if x_discover:
            return OddsAction("none", x_note, card=card.name)
        return OddsAction(
            "none",
            f"Casting {card.name} neither cascades nor discovers "
            "(and nothing on the battlefield gives it cascade), "
            "so there are no odds to show.",
            card=card.name,
        )
    text = f"Cast {card.name}: {_describe(steps)}"
    if granted:
        srcs = ", ".join(dict.fromkeys(granted))
        text += f" (cascade given by {srcs})"
    if x and card.has_x:
        text += f" with X = {x}"
    if x_discover:
        text += f". Not included: {x_note}"
    return OddsAction("spell", text, card=card.name, steps=steps, granted_by=granted)


def odds_key(scenario: dict, pool: CardPool, timeline: Timeline | None = None) -> OddsKey:
    """The library multiset of the acting player and the action, from the scenario."""
    action = odds_action(scenario, pool, timeline)
    player = next(
        (
            int(a.get("player", 0) or 0)
            for a in scenario.get("actions") or []
            if a.get("do") in ("cast", "activate", "discover")
        ),
        0,
    )
    lib = scenario["players"][player]["library"]
    counts: dict[str, int] = {}
    for entry in lib.get("cards", []):
        counts[entry["name"]] = counts.get(entry["name"], 0) + int(entry["count"])
    user = json.dumps(scenario.get("cards") or [], sort_keys=True)
    return OddsKey(
        tuple(sorted(counts.items())),
        action,
        user if user != "[]" else "",
        lib.get("order", "random"),
    )


# --------------------------------------------------------------------------- computing

_CACHE: OrderedDict[tuple, OddsResult] = OrderedDict()
_LOCK = threading.RLock()


def _cache_key(key: OddsKey) -> tuple:
    return (key.library, key.action.steps, key.user_cards, MAX_STATES, SAMPLES)


def compute_odds(key: OddsKey, pool: CardPool) -> OddsResult | None:
    """The odds for ``key`` (None when the action has none), cached by (library, instances).

    ``chain_odds`` over the action's instances is what ``spell_odds`` / ``discover_odds``
    compute (one instance without follow-ups is their closed form, and ``spell_odds`` is
    ``chain_odds(spell_steps(spell, extra_cascade=...))``). Calling it without ``spell``
    makes the fallback past the work cap the fast stand-alone Monte Carlo instead of
    one engine run per sample.
    """
    if not key.action.steps:
        return None
    ck = _cache_key(key)
    with _LOCK:
        hit = _CACHE.get(ck)
        if hit is not None:
            _CACHE.move_to_end(ck)
            return hit
    result = odds_of(key.library, key.action.steps, pool, ck[3], ck[4])
    with _LOCK:
        _CACHE[ck] = result
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    return result


def is_cached(key: OddsKey) -> bool:
    """True when ``compute_odds(key)`` answers at once (cached, or no odds to compute)."""
    if not key.action.steps:
        return True
    with _LOCK:
        return _cache_key(key) in _CACHE


_EXECUTOR: concurrent.futures.ThreadPoolExecutor | None = None
_INFLIGHT: dict[tuple, concurrent.futures.Future] = {}


async def compute_odds_async(
    key: OddsKey, pool: CardPool, scenario: Scenario | None = None
) -> OddsResult | None:
    """``compute_odds`` off the event loop, so a session stays responsive while a big chain
    is analysed; one computation per key even when several views ask.

    Served (``playground.offload`` enabled and ``scenario`` given, whose pool is ``pool``):
    in a worker process, so the analysis neither holds the GIL the other sessions need
    nor runs past the worker's time and memory limits. Otherwise in a worker thread;
    under Pyodide (no threads) inline."""
    if not key.action.steps:
        return None
    ck = _cache_key(key)
    with _LOCK:
        cached = ck in _CACHE
    if cached or sys.platform == "emscripten":
        return compute_odds(key, pool)
    global _EXECUTOR
    with _LOCK:
        fut = _INFLIGHT.get(ck)
        if fut is None:
            if scenario is not None and offload.enabled():
                fut = offload.get_odds_pool().submit(
                    odds_for, key.library, key.action.steps, scenario, ck[3], ck[4]
                )
                fut.add_done_callback(lambda f: _remember(ck, f))
            else:
                if _EXECUTOR is None:
                    _EXECUTOR = concurrent.futures.ThreadPoolExecutor(2, thread_name_prefix="odds")
                fut = _EXECUTOR.submit(compute_odds, key, pool)
            _INFLIGHT[ck] = fut
            fut.add_done_callback(lambda _f: _INFLIGHT.pop(ck, None))
    return await asyncio.wrap_future(fut)


def _remember(ck: tuple, fut: concurrent.futures.Future) -> None:
    """Keep a worker process's result in this process's cache too."""
    if fut.cancelled() or fut.exception() is not None:
        return
    with _LOCK:
        _CACHE[ck] = fut.result()
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)


def clear_cache() -> None:
    with _LOCK:
        _CACHE.clear()


# --------------------------------------------------------------------------- rows


def fraction_text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def pct_text(x: Fraction | float) -> str:
    v = float(x) * 100
    if v == 0:
        return "0%"
    if v < 0.005:
        return "<0.01%"
    return f"{v:.2f}%"


def count_text(x: Fraction | float) -> str:
    v = float(x)
    return "0" if v == 0 else ("<0.001" if v < 0.0005 else f"{v:.3f}")


def is_single(result: OddsResult) -> bool:
    """One instance, no chain: hits are probabilities (else expected counts per cast)."""
    return result.is_single and result.exact


def value_text(result: OddsResult, x: Fraction | float) -> str:
    return pct_text(x) if is_single(result) else count_text(x)


def _se_text(result: OddsResult, key: str) -> str:
    if result.stderr is None:
        return ""
    se = result.stderr.get(key)
    if se is None:
        return ""
    return f"± {se * 100:.2f}%" if is_single(result) else f"± {se:.3f}"


def hit_rows(result: OddsResult) -> list[dict[str, Any]]:
    """One row per card that can be hit, most likely first; the whiff row last."""
    rows: list[dict[str, Any]] = []
    table = result.table()
    for i, r in enumerate(table):
        whiff = i == len(table) - 1  # OddsResult.table(): the whiff row is always last
        rows.append(
            {
                "card": r["card"],
                "whiff": whiff,
                "hit": r["hit"],
                "cast": r["cast"],
                "hit_text": value_text(result, r["hit"]),
                "cast_text": value_text(result, r["cast"]),
                "fraction": fraction_text(r["hit"]) if result.exact else "",
                "cast_fraction": fraction_text(r["cast"]) if result.exact else "",
                "stderr": _se_text(result, "whiff" if whiff else f"hit:{r['card']}"),
                "cast_stderr": "" if whiff else _se_text(result, f"cast:{r['card']}"),
            }
        )
    return rows


def exiled_rows(result: OddsResult) -> list[dict[str, Any]]:
    """P(exactly k cards exiled) and P(at least k), with exact fractions when exact."""
    rows = []
    for r in result.exiled_table():
        rows.append(
            {
                "exiled": r["exiled"],
                "p": r["p"],
                "pct_text": pct_text(r["p"]),
                "fraction": fraction_text(r["p"]) if result.exact else "",
                "at_least_text": f"{r['at_least_pct']:.2f}%",
            }
        )
    return rows


def _delta_text(d: Fraction | float | None, single: bool) -> str:
    if d is None:
        return "—"
    v = float(d) * (100 if single else 1)
    if abs(v) < (0.005 if single else 0.0005):
        return "±0"
    return f"{v:+.2f} pp" if single else f"{v:+.3f}"


def compare_rows(
    base: OddsResult, minus: OddsResult | None, plus: OddsResult | None
) -> list[dict[str, Any]]:
    """Key numbers now, and their change with one copy fewer / more of the chosen card.

    Rows: every card any of the three can hit (most likely now first), the whiff, and the
    expected cards to the bottom. Changes are percentage points when all three results
    are single-instance probabilities, else changes of the expected count per cast.
    """
    results = [r for r in (base, minus, plus) if r is not None]
    single = all(is_single(r) for r in results)
    names = [n for n in sorted(base.hit, key=lambda n: (-base.hit[n], n))]
    for r in results[1:]:
        names += [n for n in sorted(r.hit) if n not in names]

    def val(r: OddsResult | None, get) -> Fraction | None:
        return None if r is None else Fraction(get(r))

    def row(label: str, get, kind: str, fmt=None) -> dict[str, Any]:
        now = Fraction(get(base))
        m, p = val(minus, get), val(plus, get)
        fmt = fmt or (lambda x: pct_text(x) if single else count_text(x))
        return {
            "card": label,
            "kind": kind,
            "now": now,
            "now_text": fmt(now),
            "minus": None if m is None else m - now,
            "plus": None if p is None else p - now,
            "minus_text": _delta_text(None if m is None else m - now, single and kind != "bottom"),
            "plus_text": _delta_text(None if p is None else p - now, single and kind != "bottom"),
        }

    rows = [row(n, lambda r, n=n: r.hit.get(n, 0), "card") for n in names]
    rows.append(row(WHIFF, lambda r: r.whiff, "whiff"))
    rows.append(
        row(
            "Expected cards put on the bottom",
            lambda r: r.expected_bottom,
            "bottom",
            fmt=lambda x: f"{float(x):.2f}",
        )
    )
    for r in rows:
        if r["kind"] == "bottom":
            for k in ("minus", "plus"):
                d = r[k]
                r[f"{k}_text"] = (
                    "—" if d is None else ("±0" if abs(d) < 0.005 else f"{float(d):+.2f}")
                )
    return rows


# --------------------------------------------------------------------------- charts


def _unique(labels: Iterable[str]) -> list[str]:
    """Bokeh factors must be unique; a user card could be called like the whiff row."""
    out: list[str] = []
    for lab in labels:
        while lab in out:
            lab += " "
        out.append(lab)
    return out


def hit_figure(result: OddsResult) -> figure:
    """Horizontal bars: chance (or expected hits per cast) of each card, whiff in grey."""
    single = is_single(result)
    rows = hit_rows(result)
    cards = [r for r in rows if not r["whiff"]][:MAX_BARS]
    if rows[-1]["hit"]:
        cards.append(rows[-1])
    cards = list(reversed(cards))  # the most likely at the top
    scale = 100 if single else 1
    values = [float(r["hit"]) * scale for r in cards]
    labels = _unique(r["card"] for r in cards)
    se = [
        ((result.stderr or {}).get("whiff" if r["whiff"] else f"hit:{r['card']}") or 0.0) * scale
        for r in cards
    ]
    source = ColumnDataSource(
        {
            "card": labels,
            "value": values,
            "label": [r["hit_text"] for r in cards],
            "fraction": [r["fraction"] or "estimate" for r in cards],
            "cast": [r["cast_text"] for r in cards],
            "stderr": [r["stderr"] or "-" for r in cards],
            "lo": [v - s for v, s in zip(values, se, strict=True)],
            "hi": [v + s for v, s in zip(values, se, strict=True)],
            "color": [
                _WHIFF if r["whiff"] else (_HIT if r["cast"] == r["hit"] else _HIT_NOCAST)
                for r in cards
            ],
        }
    )
    top = max(values + [1e-9])
    fig = figure(
        y_range=FactorRange(*labels),
        x_range=(0, top * 1.22),
        height=max(140, 46 + 24 * len(cards)),
        sizing_mode="stretch_width",
        toolbar_location=None,
        tools="",
        title="Chance of each hit" if single else "Expected hits per cast (chains included)",
        x_axis_label="chance (%)" if single else "expected number of hits",
    )
    fig.hbar(y="card", right="value", height=0.72, color="color", source=source)
    fig.add_layout(
        LabelSet(
            x="value",
            y="card",
            text="label",
            source=source,
            x_offset=4,
            y_offset=-6,
            text_font_size="11px",
            text_color="#24292f",
        )
    )
    if result.stderr is not None:
        fig.add_layout(
            Whisker(
                source=source,
                base="card",
                lower="lo",
                upper="hi",
                dimension="width",
                line_color="#24292f",
            )
        )
    tips = [
        ("card", "@card"),
        ("chance" if single else "expected hits", "@label"),
        ("exact" if result.exact else "± stderr", "@fraction" if result.exact else "@stderr"),
        ("cast", "@cast"),
    ]
    fig.add_tools(HoverTool(tooltips=tips, mode="hline" if len(cards) > 1 else "mouse"))
    _style(fig)
    fig.ygrid.grid_line_color = None
    return fig


def exiled_figure(result: OddsResult) -> figure:
    """Vertical bars: P(exactly k cards exiled), hover with the exact fraction."""
    rows = exiled_rows(result)
    source = ColumnDataSource(
        {
            "k": [r["exiled"] for r in rows],
            "pct": [float(r["p"]) * 100 for r in rows],
            "label": [r["pct_text"] for r in rows],
            "fraction": [r["fraction"] or "estimate" for r in rows],
            "at_least": [r["at_least_text"] for r in rows],
        }
    )
    single = result.is_single
    fig = figure(
        height=260,
        sizing_mode="stretch_width",
        toolbar_location=None,
        tools="",
        title="Cards exiled (the hit included)" if single else "Cards exiled in total",
        x_axis_label="cards exiled",
        y_axis_label="chance (%)",
    )
    fig.vbar(x="k", top="pct", width=0.8, color=_EXILED, source=source)
    tips = [("exiled", "@k"), ("chance", "@label"), ("at least this many", "@at_least")]
    if result.exact:
        tips.insert(2, ("exact", "@fraction"))
    fig.add_tools(HoverTool(tooltips=tips, mode="vline"))
    fig.y_range.start = 0
    # show the bulk of the distribution; the far tail stays in the data (hover) and table
    tail = Fraction(1)
    last = rows[-1]["exiled"] if rows else 1
    for r in rows:
        tail -= r["p"]
        if tail < Fraction(1, 500):
            last = r["exiled"]
            break
    fig.x_range.start = min((r["exiled"] for r in rows), default=0) - 0.6
    fig.x_range.end = last + 0.6
    _style(fig)
    fig.xgrid.grid_line_color = None
    return fig


def _style(fig: figure) -> None:
    fig.title.text_font_size = "13px"
    fig.title.text_color = "#24292f"
    fig.outline_line_color = None
    fig.axis.axis_label_text_font_style = "normal"
    fig.axis.axis_label_text_color = "#57606a"
    fig.axis.major_label_text_font_size = "11px"
    fig.min_border_left = 10


# --------------------------------------------------------------------------- HTML

_CSS = """
:host { width: 100%; }
.odds { font: 13px/1.4 system-ui, sans-serif; color: #24292f; }
.summary { padding: 8px 12px; border: 1px solid #d8dee4; border-radius: 8px; background: #f6f8fa; }
.summary .action { font-size: 15px; font-weight: 600; margin-bottom: 4px; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 11.5px;
  font-weight: 600; margin-left: 6px; vertical-align: 1px; }
.badge.exact { background: #dafbe1; color: #116329; border: 1px solid #aceebb; }
.badge.estimate { background: #fff8c5; color: #7d4e00; border: 1px solid #eac54f; }
.stats { display: flex; gap: 18px; flex-wrap: wrap; margin-top: 4px; }
.stats b { font-size: 15px; }
.stats span { color: #57606a; }
.note { color: #57606a; font-size: 12px; margin-top: 4px; }
table { border-collapse: collapse; width: 100%; }
th { text-align: left; font-weight: 600; color: #57606a; background: #f6f8fa; padding: 4px 8px;
  border-bottom: 1px solid #d8dee4; position: sticky; top: 0; }
td { padding: 3px 8px; border-bottom: 1px solid #f0f2f4; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.frac { color: #57606a; font-variant-numeric: tabular-nums; max-width: 180px;
  overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
tr.whiff td { color: #57606a; font-style: italic; }
tr.bottom td { color: #57606a; border-top: 1px solid #d8dee4; }
.scroll { max-height: 420px; overflow-y: auto; border: 1px solid #d8dee4; border-radius: 6px; }
.up { color: #116329; } .down { color: #a40e26; }
h4 { margin: 2px 0 6px; font-size: 13px; color: #57606a; text-transform: uppercase;
  letter-spacing: .04em; }
.none { padding: 14px; border: 1px dashed #d0d7de; border-radius: 8px; color: #57606a; }
"""


def _method_badge(result: OddsResult) -> str:
    if result.exact:
        return '<span class="badge exact" data-testid="odds-method">exact</span>'
    return (
        f'<span class="badge estimate" data-testid="odds-method">estimate ± stderr '
        f"({esc(result.method)}, {result.samples:,} samples)</span>"
    )


def statuses(result: OddsResult | None, pool: CardPool) -> dict[str, str]:
    """Each card the action can hit -> full / partly / not simulated (lands: full)."""
    if result is None:
        return {}
    out = {}
    for r in hit_rows(result):
        if not r["whiff"]:
            out[r["card"]] = marked_status(pool.find(r["card"]))
    return out


def simulation_html(result: OddsResult, marks: dict[str, str]) -> str:
    """How many of the possible hits would resolve "not simulated" (and how likely)."""
    rows = [r for r in hit_rows(result) if not r["whiff"] and r["hit"] > 0]
    if not rows or not marks:
        return ""
    nots = [r for r in rows if marks.get(r["card"]) == "not"]
    partly = [r for r in rows if marks.get(r["card"]) == "partly"]
    cast = (
        sum((r["cast"] for r in nots), Fraction(0))
        if result.exact
        else sum(float(r["cast"]) for r in nots)
    )
    text = (
        f"{len(nots)} of the {len(rows)} cards it can hit would resolve "
        f"\u201cnot simulated\u201d" + (f", {len(partly)} partly" if partly else "") + "."
    )
    if nots:
        chance = (
            f" Chance the cast hit is one of them: {pct_text(cast)}."
            if is_single(result)
            else f" Expected casts of them per cast: {count_text(cast)}."
        )
        text += chance
    return (
        f'<div class="note sim" data-testid="odds-not-simulated" data-count="{len(nots)}" '
        f'data-partly="{len(partly)}" data-hits="{len(rows)}">{esc(text)}</div>'
    )


def summary_html(key: OddsKey, result: OddsResult | None, sim: str = "") -> str:
    """The action, the library, whether the numbers are exact, and the headline numbers;
    ``sim`` is ``simulation_html`` (how many hits would resolve "not simulated")."""
    a = key.action
    if result is None:
        return (
            f'<div class="odds"><div class="none" data-testid="odds-none">{esc(a.text)}</div></div>'
        )
    single = is_single(result)
    whiff_label = "chance to whiff" if single else "expected whiffs per cast"
    stats = [
        (value_text(result, result.whiff), whiff_label, "odds-whiff-value"),
        (f"{float(result.expected_exiled()):.2f}", "cards exiled on average", "odds-exiled"),
        (f"{float(result.expected_bottom):.2f}", "cards to the bottom on average", "odds-bottom"),
    ]
    if not single:
        stats.insert(
            0,
            (
                f"{float(result.instances):.3f}",
                "cascade / discover instances per cast",
                "odds-instances",
            ),
        )
    stat_html = "".join(
        f'<div><b data-testid="{t}">{esc(v)}</b> <span>{esc(lab)}</span></div>'
        for v, lab, t in stats
    )
    notes = [f"Library: {key.size} cards, in a random order."]
    if key.order == "listed":
        notes = [
            f"Library: {key.size} cards. The scenario lists them in a fixed order; these "
            "odds are for the same cards shuffled."
        ]
    if not single:
        notes.append(
            "Several instances or chains (a cast hit that cascades or discovers): "
            "numbers are expected counts per cast of the spell, so they can add up "
            "to more than 1."
        )
    if not result.exact:
        notes.append(
            "Too many states for the exact calculation: a Monte Carlo estimate; "
            "± is one standard error."
        )
    return (
        f'<div class="odds"><div class="summary" data-testid="odds-summary">'
        f'<div class="action" data-testid="odds-action">{esc(a.text)}{_method_badge(result)}'
        f'</div><div class="stats">{stat_html}</div>'
        + sim
        + "".join(f'<div class="note">{esc(n)}</div>' for n in notes)
        + "</div></div>"
    )


def table_html(result: OddsResult, marks: dict[str, str] | None = None) -> str:
    """Every card that can be hit, then the whiff: chance (or expected), cast, exact fraction;
    a card that is not fully simulated carries the mark (``marks``: name -> status)."""
    marks = marks or {}
    single = is_single(result)
    rows = hit_rows(result)
    head = ("Chance", "Cast") if single else ("Expected hits", "Expected casts")
    third = "Exact fraction" if result.exact else "Hits ± stderr"
    out = [
        f'<div class="odds"><h4>Hits</h4><div class="scroll"><table data-testid="odds-table">'
        f"<tr><th>Card</th><th>{head[0]}</th><th>{head[1]}</th><th>{third}</th></tr>"
    ]
    for r in rows:
        tid = "odds-whiff" if r["whiff"] else "odds-row"
        cls = ' class="whiff"' if r["whiff"] else ""
        frac = r["fraction"] if result.exact else r["stderr"]
        cast = r["cast_text"] + (f" {r['cast_stderr']}" if r["cast_stderr"] else "")
        out.append(
            f'<tr{cls} data-testid="{tid}" data-card="{esc(r["card"])}" '
            f'data-fraction="{esc(r["fraction"])}"><td>'
            + (
                esc(r["card"])
                if r["whiff"]
                else f"<span{facts_attrs(r['card'])}>{esc(r['card'])}</span>"
                f"{mark_html(marks.get(r['card'], ''))}"
            )
            + "</td>"
            f'<td class="num" title="{esc(r["fraction"] or r["stderr"])}">{esc(r["hit_text"])}</td>'
            f'<td class="num" title="{esc(r["cast_fraction"])}">{esc(cast)}</td>'
            f'<td class="frac" title="{esc(frac)}">{esc(frac)}</td></tr>'
        )
    out.append("</table></div></div>")
    return "".join(out)


def compare_html(
    card: str,
    counts: dict[str, int],
    rows: list[dict[str, Any]] | None,
    error: str = "",
    note: str = "",
) -> str:
    if error:
        return (
            f'<div class="odds"><div class="none" data-testid="odds-compare">{esc(error)}'
            "</div></div>"
        )
    if not card or rows is None:
        return (
            '<div class="odds"><div class="none" data-testid="odds-compare">Choose a card '
            "to see what one copy more or fewer changes.</div></div>"
        )
    n = counts.get(card, 0)
    out = [
        f'<div class="odds"><div class="scroll"><table data-testid="odds-compare" '
        f'data-card="{esc(card)}"><tr><th>Card</th><th>Now</th>'
        f"<th>−1 {esc(card)} ({n - 1 if n else '—'})</th>"
        f"<th>+1 {esc(card)} ({n + 1})</th></tr>"
    ]
    for r in rows:
        cls = {"whiff": ' class="whiff"', "bottom": ' class="bottom"'}.get(r["kind"], "")
        cells = []
        for k in ("minus", "plus"):
            d = r[k]
            tone = ""
            if d and r["kind"] != "bottom":  # more of a card is "up"; more whiffing is "down"
                tone = " up" if (d > 0) == (r["kind"] == "card") else " down"
            tip = "" if d is None else esc(fraction_text(Fraction(d)))
            cells.append(
                f'<td class="num{tone}" data-testid="compare-{k}" title="{tip}">'
                f"{esc(r[k + '_text'])}</td>"
            )
        out.append(
            f'<tr{cls} data-testid="compare-row" data-card="{esc(r["card"])}">'
            + (
                f"<td><span{facts_attrs(r['card'])}>{esc(r['card'])}</span></td>"
                if r["kind"] == "card"
                else f"<td>{esc(r['card'])}</td>"
            )
            + f'<td class="num">{esc(r["now_text"])}</td>'
            f"{''.join(cells)}</tr>"
        )
    out.append("</table></div>")
    if note:
        out.append(f'<div class="note" data-testid="compare-note">{esc(note)}</div>')
    out.append("</div>")
    return "".join(out)


def noise_note(results: Iterable[OddsResult | None]) -> str:
    """For estimates: how big a change has to be before it means something."""
    ses = [
        v
        for r in results
        if r is not None and r.stderr is not None
        for k, v in r.stderr.items()
        if k.startswith("hit:")
    ]
    if not ses:
        return ""
    return (
        f"Some of these are Monte Carlo estimates (each ± up to {max(ses):.3f}); a change "
        f"smaller than about {2 * max(ses):.3f} is within the noise."
    )


# --------------------------------------------------------------------------- the view


@contextlib.asynccontextmanager
async def _busy(box: pn.layout.ListPanel, keys: Iterable[OddsKey]) -> AsyncIterator[None]:
    """Show Panel's loading spinner over ``box`` (its previous content stays underneath)
    while ``keys`` are computed; cached keys answer at once and show no spinner. Only the
    latest computation for a box clears the spinner."""
    if all(is_cached(k) for k in keys):
        yield
        return
    token = object()
    _BUSY[id(box)] = token
    box.loading = True
    try:
        yield
    finally:
        if _BUSY.get(id(box)) is token:
            _BUSY.pop(id(box), None)
            box.loading = False


_BUSY: dict[int, object] = {}


def _html(obj: str, **kw: Any) -> pn.pane.HTML:
    return pn.pane.HTML(obj, stylesheets=[_CSS, MARK_CSS], sizing_mode="stretch_width", **kw)


class OddsPanel(pn.viewable.Viewer):
    """The Odds tab: summary, hit and exiled charts, the table and the +1 / -1 comparison.

    ``key`` changes only with the library / action (so answering a decision or editing
    the title recomputes nothing); ``compare`` is the card chosen for the comparison (not
    part of the scenario). The computations run off the event loop (worker pool when
    served, ``compute_odds_async``), drawn by async functions bound to these parameters.
    """

    model = param.ClassSelector(class_=PlaygroundModel, doc="The session's state.")
    key = param.Parameter(default=None, doc="The OddsKey of the model's scenario.")
    compare = param.String(default="", doc="The card of the one-copy comparison.")
    compare_error = param.String(default="", doc="Why a typed card can't be compared.")
    pick = param.Selector(
        default="", objects=[""], label="What changes if I add / remove one copy of"
    )
    other = param.String(default="", label="…or a card not in the library")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._refresh()
        self._key_changed()
        select = pn.widgets.Select.from_param(self.param.pick, sizing_mode="stretch_width")
        other = pn.widgets.TextInput.from_param(
            self.param.other, placeholder="Card name, then Enter", sizing_mode="stretch_width"
        )
        fn = dict(lazy=True, sizing_mode="stretch_width")
        self._compare_box = pn.Column(
            pn.param.ParamFunction(
                pn.bind(
                    self._compare_view, self.param.key, self.param.compare, self.param.compare_error
                ),
                **fn,
            ),
            sizing_mode="stretch_width",
            margin=0,
        )
        self._table_box = pn.Column(
            pn.param.ParamFunction(pn.bind(self._table_view, self.param.key), **fn),
            sizing_mode="stretch_width",
            margin=0,
            styles={"flex": "1 1 420px", "min-width": "0"},
        )
        self._main_box = pn.Column(
            pn.param.ParamFunction(pn.bind(self._main_view, self.param.key), **fn),
            sizing_mode="stretch_width",
            margin=0,
        )
        right = pn.Column(
            _html("<div class='odds'><h4>One copy more or fewer</h4></div>", margin=(5, 5, 0, 5)),
            select,
            other,
            self._compare_box,
            sizing_mode="stretch_width",
            styles={"flex": "1 1 320px", "min-width": "0"},
        )
        self._layout = pn.Column(
            self._main_box,
            pn.FlexBox(
                self._table_box, right, flex_wrap="wrap", sizing_mode="stretch_width", margin=0
            ),
            sizing_mode="stretch_width",
            margin=(5, 5),
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # ----------------------------------------------------------------- reactions
    @param.depends("model.scenario", "model.timeline", watch=True)
    def _refresh(self) -> None:
        m = self.model
        key = odds_key(m.scenario, m.pool, m.timeline)
        if key != self.key:
            self.key = key

    def _options(self) -> list[str]:
        names = [n for n, _ in self.key.library]
        if self.compare and self.compare not in names:
            names.append(self.compare)
        return ["", *names]

    @param.depends("key", watch=True)
    def _key_changed(self) -> None:
        self.param.pick.objects = self._options()
        if self.pick != self.compare:
            self.pick = self.compare

    @param.depends("pick", watch=True)
    def _picked(self) -> None:
        self.compare_error = ""
        self.compare = self.pick or ""

    @param.depends("other", watch=True)
    def _typed(self) -> None:
        text = (self.other or "").strip()
        if not text:
            return
        try:
            name = self.model.pool.get(text[:200]).name
        except UnknownCardError as e:
            hint = f"; did you mean: {', '.join(e.suggestions)}" if e.suggestions else ""
            self.compare_error = f"Unknown card {text!r}{hint}"
            return
        self.compare_error = ""
        # the select first, then the comparison: the page shows them in that order
        names = [n for n, _ in self.key.library]
        self.param.pick.objects = ["", *names, *([name] if name not in names else [])]
        self.pick = name  # -> _picked sets compare
        self.compare = name
        self.other = ""  # the select now holds the card

    # ------------------------------------------------------ drawn off the event loop
    async def _main_view(self, key: OddsKey) -> pn.viewable.Viewable:
        m = self.model
        try:
            async with _busy(self._main_box, [key]):
                await asyncio.sleep(DEBOUNCE)  # the edit reaches the page first
                result = await compute_odds_async(key, m.pool, m.scenario_obj)
        except Exception as e:  # never break the page: say what went wrong
            return _html(
                f'<div class="odds"><div class="none" data-testid="odds-none">'
                f"The odds could not be computed: {esc(e)}</div></div>"
            )
        sim = simulation_html(result, statuses(result, m.pool)) if result else ""
        summary = _html(summary_html(key, result, sim), margin=(5, 5, 10, 5))
        if result is None:
            return summary
        # Side by side where there is room, one under the other on a phone.
        charts = pn.FlexBox(
            pn.Column(
                pn.pane.Bokeh(hit_figure(result), sizing_mode="stretch_width"),
                css_classes=["odds-hit-chart"],
                sizing_mode="stretch_width",
                styles={"flex": "1 1 380px", "min-width": "0"},
            ),
            pn.Column(
                pn.pane.Bokeh(exiled_figure(result), sizing_mode="stretch_width"),
                css_classes=["odds-exiled-chart"],
                sizing_mode="stretch_width",
                styles={"flex": "1 1 300px", "min-width": "0"},
            ),
            flex_wrap="wrap",
            sizing_mode="stretch_width",
            margin=0,
        )
        return pn.Column(summary, charts, sizing_mode="stretch_width")

    async def _table_view(self, key: OddsKey) -> pn.viewable.Viewable:
        m = self.model
        try:
            async with _busy(self._table_box, [key]):
                await asyncio.sleep(DEBOUNCE)
                result = await compute_odds_async(key, m.pool, m.scenario_obj)
        except Exception:  # _main_view shows the message
            return pn.Spacer(height=0)
        if result is None:
            return pn.Spacer(height=0)
        return _html(table_html(result, statuses(result, m.pool)))

    async def _compare_view(self, key: OddsKey, card: str, error: str) -> pn.viewable.Viewable:
        counts = dict(key.library)
        if error or not card or not key.action.has_odds:
            return _html(compare_html(card if key.action.has_odds else "", counts, None, error))
        keys = [key, key.with_count(card, +1)]
        if counts.get(card):
            keys.append(key.with_count(card, -1))
        m = self.model
        try:
            async with _busy(self._compare_box, keys):
                await asyncio.sleep(DEBOUNCE)
                pool = m.pool
                base = await compute_odds_async(key, pool, m.scenario_obj)
                plus = await compute_odds_async(keys[1], pool, m.scenario_obj)
                minus = (
                    await compute_odds_async(keys[2], pool, m.scenario_obj)
                    if len(keys) > 2
                    else None
                )
        except Exception as e:
            return _html(compare_html(card, counts, None, f"Could not compare: {e}"))
        assert base is not None and plus is not None
        return _html(
            compare_html(
                card, counts, compare_rows(base, minus, plus), note=noise_note((base, minus, plus))
            )
        )


def odds_view(model: PlaygroundModel) -> OddsPanel:
    """The Odds tab of ``model`` (what the page builds on the tab's first visit)."""
    return OddsPanel(model=model)
