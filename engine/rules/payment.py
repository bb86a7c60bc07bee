"""Paying mana for real (CR 106, 107.4, 601.2g-h, 605): pools, mana sources, paying a cost.

A scenario says how costs are paid (its ``"mana"`` setting, engine.scenario.scenario): "assumed"
(every scenario made before this existed: costs are assumed paid and the log says so) or
"paid", read by :func:`real`. With "paid":

- **Sources** (:func:`sources`): the untapped permanents a player controls whose mana
  ability costs only {T} (605.1a) and adds a fixed mana, or one mana of a color they
  choose: the card data's mana abilities, and a land's intrinsic ability for each basic
  land type it has (305.6: Plains {W}, Island {U}, Swamp {B}, Mountain {R}, Forest {G}).
  A creature that came under its controller's control this turn can't {T} (302.6).
  Other mana abilities ("{1}, {T}: add {B}{R}", "sacrifice this: add...") are activated
  by the scenario's ``activate`` action with ``"mana": true``; their mana waits in the pool.
- **Paying** (:func:`pay`, 601.2g-h): the player activates mana abilities, then pays the
  whole cost from the pool. The ways to pay are the least sets of sources to tap (and the
  pool's mana to spend) that cover the cost; sources with the same name and abilities are
  one choice. One way: it is paid without asking. Several: a ``pay_mana`` decision (keys
  ``mana:<the taps>``; the first option taps the fewest sources and spends the pool's
  mana first). Nothing is paid unless everything can be (:func:`problem` first; a cost
  that can't be paid refuses the spell or ability with :class:`ManaUnpayable`, naming the
  symbols missing).
- **What was spent** (:func:`spent_summary`) is recorded on the spell (its item's data
  and the cast facts its permanent keeps, ``cast_info["mana_spent"]``): the mana, the
  amount, the amount of each color, the sources. Converge, sunburst ("colors of mana
  spent"), adamant ("three mana of one color") and "if {R} was spent" read it
  (engine.lang.values, engine.lang.conditions).
- Pools empty as each step and phase ends (500.4: ``Kernel.set_phase``).

Symbols paid: {W}{U}{B}{R}{G}, {C} (only colorless mana, 107.4c), generic, X (its
announced value, 107.3), hybrid {W/U} and {C/W} (either half), {2/W} (the color, or two
mana), Phyrexian {G/P} (the color, or 2 life: a choice, and only with that much life,
107.4f, 119.4). Snow {S} (107.4h) is not paid for real: such a cost is refused with the
reason ``mana_not_simulated``.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.mana import COLORS, ManaCost, parse_mana_cost
from engine.core.events import DecisionKind, EventKind
from engine.core.game import GameError
from engine.lang import filters
from engine.lang.mana_spent import real

if TYPE_CHECKING:
    from engine.core.game import Game

__all__ = [
    "ManaUnpayable",
    "Source",
    "WAYS_LIMIT",
    "needs_of",
    "pay",
    "problem",
    "real",
    "sources",
    "spent_summary",
]

#: CR 305.6: the basic land types and the mana their intrinsic ability adds.
BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
#: the most ways to pay offered in one decision, and the most search steps to find them
WAYS_LIMIT = 40
_SEARCH_LIMIT = 20_000
_SYM = re.compile(r"\{([^{}]*)\}")
_ANY = frozenset((*COLORS, "C"))


class ManaUnpayable(GameError):
    """A cost the player can't pay now (601.2h): ``why`` is the typed reason, in the style
    of the ``cant_cast`` reasons (``unpayable_mana``: not enough mana of the right kinds;
    ``mana_not_simulated``: a symbol real payment doesn't
    pay), ``missing`` the symbols left unpaid, ``cost`` the cost."""

    def __init__(self, message: str, *, why: str, cost: str, missing: str = "") -> None:
        super().__init__(message)
        self.why, self.cost, self.missing = why, cost, missing


# ------------------------------------------------------------------------ the cost
@dataclass(frozen=True)
class Need:
    """One symbol to pay: the mana symbols that pay it (``accepts``; "*" = any mana) and,
    for {2/W}, the other way (``or_generic`` generic mana, 107.4e)."""

    text: str
    accepts: frozenset[str]
    or_generic: int = 0
    life: int = 0  # a Phyrexian symbol: or this much life (107.4f)


def needs_of(cost: ManaCost | str, x: int = 0) -> tuple[list[Need], int, list[str]]:
    """The cost as (symbols to match, generic amount, symbols not paid for real)."""
    if isinstance(cost, str):
        cost = parse_mana_cost(cost)
    needs: list[Need] = []
    generic = 0
    unpaid: list[str] = []
    for s in cost.symbols:
        if s.isdigit():
            generic += int(s)
        elif s == "X":
            generic += x  # 107.3: the announced value
        elif s in ("Y", "Z"):
            unpaid.append("{" + s + "}")
        elif s in COLORS or s == "C":
            needs.append(Need("{" + s + "}", frozenset({s})))
        elif s.endswith("/P"):  # {G/P}, {W/U/P}: the color(s), or 2 life (107.4f)
            needs.append(Need("{" + s + "}", frozenset(s.split("/")[:-1]), life=2))
        elif s == "S":
            unpaid.append("{" + s + "}")
        elif s.startswith("2/"):
            needs.append(Need("{" + s + "}", frozenset({s[2:]}), or_generic=2))
        else:  # hybrid {W/U}, {C/W} (107.4e)
            needs.append(Need("{" + s + "}", frozenset(s.split("/"))))
    return needs, generic, unpaid


# --------------------------------------------------------------------- the sources
@dataclass(frozen=True)
class Source:
    """A permanent that can {T} for mana now: ``outputs`` are the mana each of its {T}
    abilities can add (one tuple of symbols per way: ("R",), ("C", "C"), one per color
    of an "any color" ability); ``group`` says which sources are the same choice."""

    oid: int
    name: str
    outputs: tuple[tuple[str, ...], ...]
    #: (output, spell filter) for mana that may be spent only on such spells (106.6)
    only: tuple[tuple[tuple[str, ...], Any], ...] = ()

    def restriction(self, out: tuple[str, ...]) -> Any:
        return next((flt for o, flt in self.only if o == out), None)

    @property
    def group(self) -> tuple:
        return (self.name, self.outputs)


def _output_of(ops: Sequence[dict]) -> tuple[tuple[str, ...], ...] | None:
    """The mana one add_mana op adds with no decision but its color, or None."""
    if len(ops) != 1 or ops[0].get("op") != "add_mana" or ops[0].get("who") not in (None, "you"):
        return None
    o = ops[0]
    mana = o.get("mana", "")
    n = o.get("n")
    if n not in (None, 1) or o.get("x") is not None:
        return None
    syms = tuple(_SYM.findall(str(mana)))
    if syms and "".join("{" + s + "}" for s in syms) == mana and all(s in _ANY for s in syms):
        return (syms,)
    if mana in ("any_color", "any_one_color", "one_of", "any_combination"):
        colors = [c for c in COLORS if c in (o.get("colors") or COLORS)]
        return tuple((c,) for c in colors) or None
    return None


def _tap_only(ability: dict) -> bool:
    """The ability's whole cost is {T} (structured costs, or the cost text "{T}")."""
    costs = ability.get("costs")
    if costs is not None:
        return [c.get("cost") for c in costs] == ["tap"]
    return str(ability.get("cost") or "").strip().upper() == "{T}"


def _summoning_sick(game: Game, oid: int) -> bool:
    """CR 302.6: a creature's {T} abilities can't be activated unless it has been under
    its controller's control since their most recent turn began (or it has haste)."""
    obj = game.obj(oid)
    now = game.chars(oid)
    if not now.is_creature or obj.entered_turn < game.turn:
        return False
    haste = now.has_keyword("haste") or any(k.lower() == "haste" for k in obj.card.keywords)
    return not (haste or bool((game.cast_info.get(oid) or {}).get("suspended")))


def _abilities(game: Game, oid: int) -> list[dict]:
    obj = game.obj(oid)
    printed = game.effects(obj).get("activated") or []
    granted = [a for a in game.chars(oid).abilities if a.get("kind") == "activated"]
    return [a for a in (*printed, *granted) if a.get("mana_ability")]


def allowed(game: Game, only: Any, spell: int | None, player: int) -> bool:
    """Whether mana with this restriction may be spent on ``spell`` (106.6: "spend this
    mana only to cast a creature spell"; abilities: only unrestricted mana)."""
    if only is None:
        return True
    return spell is not None and filters.matches(game, spell, only, controller=player)


def source_of(game: Game, oid: int, player: int, spell: int | None = None) -> Source | None:
    """The permanent as a source of mana for ``player`` now, or None (tapped, no {T} mana
    ability the payment can use, summoning sick; mana it may only spend on other spells)."""
    obj = game.obj(oid)
    where = game.zone_of(oid)
    if where is None or where[1] != "battlefield" or obj.tapped or obj.phased_out:
        return None
    if _summoning_sick(game, oid):
        return None
    outs: list[tuple[str, ...]] = []
    only: list[tuple[tuple[str, ...], Any]] = []
    for ability in _abilities(game, oid):
        if _tap_only(ability):
            restricted = (ability.get("ops") or [{}])[0].get("spend_only")
            if not allowed(game, restricted, spell, player):
                continue
            got = _output_of(ability.get("ops") or [])
            for out in got or ():
                if out not in outs:
                    outs.append(out)
                    if restricted is not None:
                        only.append((out, restricted))
    for sub in game.chars(oid).subtypes:  # 305.6: intrinsic mana abilities
        basic = (BASIC_MANA[sub],) if sub in BASIC_MANA else None
        if basic and basic not in outs and "Land" in game.chars(oid).types:
            outs.append(basic)
    return Source(oid, obj.name, tuple(outs), tuple(only)) if outs else None


def sources(
    game: Game, player: int, exclude: Sequence[int] = (), spell: int | None = None
) -> list[Source]:
    """Every source of mana ``player`` could tap now to pay for ``spell`` (None: an
    ability) (see the module docstring), but the ``exclude`` ones (an ability whose own
    cost taps its source)."""
    out = []
    for perm in game.battlefield(player):
        if perm.id in exclude:
            continue
        src = source_of(game, perm.id, player, spell)
        if src is not None:
            out.append(src)
    return out


def _unusable(game: Game, player: int) -> list[str]:
    """Untapped permanents whose mana abilities payment can't activate by itself (named
    when a cost can't be paid)."""
    names = []
    for perm in game.battlefield(player):
        if perm.tapped:
            continue
        entry = game.effects(perm)
        untranslated = any(u.get("ability") == "mana" for u in entry.get("untranslated") or [])
        if (_abilities(game, perm.id) or untranslated) and source_of(game, perm.id, player) is None:
            names.append(perm.name)
    return sorted(set(names))


# --------------------------------------------------------------------------- paying
def _assign(units: Sequence[str], needs: Sequence[Need], generic: int) -> list[int] | None:
    """Which units pay the cost (their indexes), or None: every need gets one unit it
    accepts (or, for {2/W}, two more generic), then ``generic`` more units of any kind."""
    order = sorted(range(len(needs)), key=lambda i: (len(needs[i].accepts), needs[i].or_generic))
    used: list[int] = []

    def go(k: int, extra: int) -> bool:
        if k == len(order):
            free = [i for i in range(len(units)) if i not in used]
            if len(free) < generic + extra:
                return False
            used.extend(free[: generic + extra])
            return True
        need = needs[order[k]]
        tried: set[str] = set()
        for i, u in enumerate(units):
            if i in used or u not in need.accepts or u in tried:
                continue
            tried.add(u)
            used.append(i)
            if go(k + 1, extra):
                return True
            used.pop()
        return bool(need.or_generic) and go(k + 1, extra + need.or_generic)

    return sorted(used) if go(0, 0) else None


@dataclass(frozen=True)
class Way:
    """One way to pay: the pool's mana spent first (indexes), the sources tapped with the
    mana each adds, and which of all that mana pays the cost (``spend``: indexes into the
    pool after the taps)."""

    pool: tuple[int, ...]
    taps: tuple[tuple[Source, tuple[str, ...]], ...]
    spend: tuple[int, ...]
    life: tuple[str, ...] = ()  # the Phyrexian symbols paid with 2 life each (107.4f)

    def key(self, game: Game) -> str:
        parts = [f"{src.name}={''.join(out)}" for src, out in self.taps]
        life = f";life={2 * len(self.life)}" if self.life else ""
        return "mana:" + (",".join(sorted(parts)) or ("pool" if self.spend else "none")) + life

    def outcome(self, pool_units: Sequence[str], colors_matter: bool) -> tuple:
        """What the choice changes: the sources tapped, the mana left in the pool and,
        when the spell reads the mana spent to cast it (converge, adamant...), the kinds
        of mana spent. Ways with the same outcome are one choice (601.2g)."""
        units = [*pool_units, *(s for _, out in self.taps for s in out)]
        spent = sorted(units[i] for i in self.spend)
        left = sorted(u for i, u in enumerate(units) if i not in self.spend)
        return (
            tuple(sorted(src.name for src, _ in self.taps)),
            tuple(left),
            tuple(spent) if colors_matter else (),
            self.life,
        )

    def label(self, game: Game, player: int) -> str:
        life = f"pay {2 * len(self.life)} life for {''.join(self.life)}" if self.life else ""
        if not self.taps:
            mana = "pay with the mana in your pool" if self.spend else ""
            return " and ".join(p for p in (mana, life) if p).capitalize()
        counts = Counter(
            f"{src.name} ({''.join('{' + s + '}' for s in out)})" for src, out in self.taps
        )
        taps = ", ".join(k + (f" ×{n}" if n > 1 else "") for k, n in sorted(counts.items()))
        return (
            f"Tap {taps}"
            + (" and spend the pool's mana" if self.pool else "")
            + (f", {life}" if life else "")
        )


def _usable_pool(game: Game, player: int, spell: int | None) -> tuple[list[int], list[str]]:
    """The pool's mana that may pay for ``spell`` (106.6): its positions and symbols."""
    units = game.players[player].mana_units
    at = [i for i, u in enumerate(units) if allowed(game, u[2], spell, player)]
    return at, [units[i][0] for i in at]


def _ways(
    game: Game,
    player: int,
    needs: list[Need],
    generic: int,
    exclude: Sequence[int] = (),
    colors_matter: bool = False,
    spell: int | None = None,
) -> list[Way]:
    """The least ways to pay (module docstring), paying every Phyrexian symbol with mana
    first, then with 2 life for some of them (107.4f; only with that much life, 119.4)."""
    phyrexian = [i for i, n in enumerate(needs) if n.life]
    out: list[Way] = []
    seen: set[tuple[str, ...]] = set()
    for r in range(len(phyrexian) + 1):
        for combo in itertools.combinations(phyrexian, r):
            paid = tuple(sorted(needs[i].text for i in combo))
            if paid in seen or sum(needs[i].life for i in combo) > max(
                game.players[player].life, 0
            ):
                continue
            seen.add(paid)
            rest = [n for i, n in enumerate(needs) if i not in combo]
            if not rest and not generic:
                out.append(Way((), (), (), paid))
                continue
            for way in _mana_ways(game, player, rest, generic, exclude, colors_matter, spell):
                out.append(Way(way.pool, way.taps, way.spend, paid))
    return out


def _mana_ways(
    game: Game,
    player: int,
    needs: list[Need],
    generic: int,
    exclude: Sequence[int],
    colors_matter: bool,
    spell: int | None,
) -> list[Way]:
    """The least ways to pay with mana, fewest taps first; GameError when there are too
    many to list (tap some sources first with the ``activate`` action). Pool positions in
    a way are positions among the pool's usable mana (``_usable_pool``)."""
    pool_units = _usable_pool(game, player, spell)[1]
    pool_pick = _assign(pool_units, needs, generic)
    if pool_pick is not None:  # the pool alone pays it: nothing to tap (605.3a is optional)
        return [Way(tuple(pool_pick), (), tuple(pool_pick))]
    groups: dict[tuple, list[Source]] = {}
    for src in sources(game, player, exclude, spell):
        groups.setdefault(src.group, []).append(src)
    keys = list(groups)
    total = len(needs) + generic + sum(n.or_generic for n in needs)
    found: list[Way] = []
    steps = 0

    def search(gi: int, chosen: list[tuple[Source, tuple[str, ...]]]) -> None:
        nonlocal steps
        steps += 1
        if steps > _SEARCH_LIMIT or len(found) > WAYS_LIMIT:
            return
        units = pool_units + [s for _, out in chosen for s in out]
        if chosen and _assign(units, needs, generic) is not None:
            found.append(_way(pool_units, chosen, needs, generic))
            return  # adding more taps to a way that pays is never a least way
        if gi == len(keys) or len(chosen) >= total:
            return
        srcs = groups[keys[gi]]
        outputs = srcs[0].outputs
        for k in range(min(len(srcs), total - len(chosen)), -1, -1):
            for outs in itertools.combinations_with_replacement(outputs, k):
                search(gi + 1, chosen + [(srcs[i], o) for i, o in enumerate(outs)])

    search(0, [])
    if steps > _SEARCH_LIMIT or len(found) > WAYS_LIMIT:
        raise GameError(
            f"there are more than {WAYS_LIMIT} ways to pay this cost: tap some sources first "
            "(the 'activate' action with \"mana\": true) so fewer are left (601.2g)"
        )
    least = [w for w in found if _least(w, pool_units, needs, generic)]
    unique: dict[tuple, Way] = {}
    for w in sorted(least, key=lambda w: (len(w.taps), -len(w.pool))):
        unique.setdefault(w.outcome(pool_units, colors_matter), w)
    return list(unique.values())


def _way(pool_units: list[str], chosen, needs, generic) -> Way:
    units = pool_units + [s for _, out in chosen for s in out]
    spend = _assign(units, needs, generic) or []
    return Way(tuple(i for i in spend if i < len(pool_units)), tuple(chosen), tuple(spend))


def _least(way: Way, pool_units: list[str], needs, generic) -> bool:
    """No tapped source could be left untapped (a way that taps more than it needs isn't
    offered: the rest would only empty from the pool)."""
    for i in range(len(way.taps)):
        rest = [t for j, t in enumerate(way.taps) if j != i]
        units = pool_units + [s for _, out in rest for s in out]
        if _assign(units, needs, generic) is not None:
            return False
    return True


def _shortfall(
    game: Game,
    player: int,
    needs: list[Need],
    generic: int,
    exclude: Sequence[int],
    spell: int | None,
) -> str:
    """The symbols left unpaid when every source is tapped for its best mana (a greedy
    account for the message: what is missing)."""
    units = _usable_pool(game, player, spell)[1]
    for src in sources(game, player, exclude, spell):
        units.append("?" + ",".join("".join(o) for o in src.outputs))
    missing: list[str] = []
    left = list(units)
    for need in sorted(needs, key=lambda n: len(n.accepts)):
        pick = next((u for u in left if u in need.accepts), None)
        if pick is None:
            pick = next(
                (
                    u
                    for u in left
                    if u.startswith("?")
                    and any(
                        set(o.split(",")[0]) <= need.accepts or o in need.accepts
                        for o in u[1:].split(",")
                    )
                ),
                None,
            )
        if pick is None:
            missing.append(need.text)
        else:
            left.remove(pick)
    if len(left) < generic:
        missing.append("{" + str(generic - len(left)) + "}")
    return "".join(missing)


def problem(
    game: Game,
    player: int,
    cost: ManaCost | str,
    x: int = 0,
    exclude: Sequence[int] = (),
    spell: int | None = None,
) -> ManaUnpayable | None:
    """Why ``player`` can't pay this mana cost now, or None (changes nothing); the
    ``exclude`` permanents are not tapped for it; ``spell``: the spell it is for (mana
    that may be spent only on some spells, 106.6)."""
    text = cost if isinstance(cost, str) else cost.text
    needs, generic, unpaid = needs_of(cost, x)
    if unpaid:
        return ManaUnpayable(
            f"its cost {text} has {''.join(unpaid)}, which real mana payment doesn't pay "
            "(107.4f Phyrexian mana, 107.4h snow mana; not simulated)",
            why="mana_not_simulated",
            cost=text,
            missing="".join(unpaid),
        )
    if not needs and not generic:
        return None
    if _ways(game, player, needs, generic, exclude, spell=spell):
        return None
    missing = _shortfall(game, player, needs, generic, exclude, spell) or text
    others = _unusable(game, player)
    also = (
        (
            f"; untapped but not used by payment: {', '.join(others)} (activate their mana "
            "abilities first)"
        )
        if others
        else ""
    )
    pool = game.players[player].mana
    n = len(sources(game, player, exclude, spell))
    return ManaUnpayable(
        f"its cost {text}{f' (X = {x})' if x else ''} can't be paid: {missing} missing "
        f"(pool {pool or 'empty'}, {n} untapped mana source{'s' if n != 1 else ''}{also}; "
        "601.2h)",
        why="unpayable_mana",
        cost=text,
        missing=missing,
    )


def pay(
    game: Game,
    player: int,
    cost: ManaCost | str,
    label: str,
    *,
    x: int = 0,
    source: int | None = None,
    rule: str = "601.2h",
    exclude: Sequence[int] = (),
    colors_matter: bool = False,
    spell: int | None = None,
    on_spent: Callable[[dict], None] | None = None,
) -> list[tuple]:
    """601.2g-h: activate the mana abilities of a way to pay (a decision when there are
    several; the colors a source could make are a choice only when they change the
    outcome: ``colors_matter`` when the spell reads the mana spent, or when mana is left
    in the pool), then spend the mana. Returns the mana spent as (symbol, source) pairs;
    ``on_spent(summary)`` records it (on the spell) before the payment's event.
    Raises :class:`ManaUnpayable` before anything changes when it can't be paid."""
    why = problem(game, player, cost, x, exclude, spell)
    if why is not None:
        raise why
    text = cost if isinstance(cost, str) else cost.text
    needs, generic, _ = needs_of(cost, x)
    if not needs and not generic:
        return []
    ways = _ways(game, player, needs, generic, exclude, colors_matter, spell)
    way = ways[0]
    if len(ways) > 1:
        key = game.decide(
            DecisionKind.PAY_MANA,
            f"{label}: how do you pay {text}{f' (X = {x})' if x else ''}?",
            [(w.key(game), w.label(game, player)) for w in ways],
            "601.2g",
            player=player,
            subject=label,
            objects=tuple(sorted({src.oid for w in ways for src, _ in w.taps})),
        )
        way = next(w for w in ways if w.key(game) == key)
    usable, pool_units = _usable_pool(game, player, spell)
    base = len(game.players[player].mana_units)
    if way.taps:
        for src, out in way.taps:  # 605.3a: each mana ability resolves at once
            game.tap(src.oid)
            game.add_mana(
                player,
                "".join("{" + s + "}" for s in out),
                source=src.oid,
                only=src.restriction(out),
            )
        tapped = [src.oid for src, _ in way.taps]
        made = "".join("{" + s + "}" for _, out in way.taps for s in out)
        game.emit(
            EventKind.MANA,
            f"{game.verb(player, 'tap', 'taps')} "
            f"{', '.join(game.obj(o).name for o in tapped)} for {made} (mana abilities, "
            f"for {label}); mana pool {game.players[player].mana}.",
            "605.3a",
            objects=tuple(tapped),
            player=player,
            data={"mana": made, "tapped": tapped, "for": label},
        )
    at = [usable[i] if i < len(pool_units) else base + i - len(pool_units) for i in way.spend]
    spent = game.spend_mana(player, at) if at else []
    summary = spent_summary(spent)
    if on_spent is not None:
        on_spent(summary)
    if way.life:  # 107.4f: 2 life for each Phyrexian symbol paid that way (not mana spent)
        life = 2 * len(way.life)
        game.change_life(player, -life)
        game.emit(
            EventKind.COST,
            f"{game.verb(player, 'pay', 'pays')} {life} life for {''.join(way.life)} of "
            f"{label}'s cost (life {game.players[player].life}).",
            "107.4f",
            source=source,
            player=player,
            amount=life,
            data={"cost": "life", "amount": life, "for": list(way.life)},
        )
        if not spent:
            return spent
    game.emit(
        EventKind.COST,
        f"{game.verb(player, 'pay', 'pays')} {text}{f' (X = {x})' if x else ''} for {label} "
        f"with {summary['mana']}"
        + (f"; mana pool {game.players[player].mana}." if game.players[player].mana else "."),
        rule,
        objects=tuple(summary["sources"]),
        source=source,
        player=player,
        data={"cost": "mana", "mana": text, "x": x, "spent": summary},
    )
    return spent


def spent_summary(spent: Sequence[tuple]) -> dict[str, Any]:
    """What was spent, as the spell records it: the mana, its amount, the amount of each
    kind (WUBRG and C) and the sources it came from."""
    by = Counter(u[0] for u in spent)
    return {
        "mana": "".join("{" + u[0] + "}" for u in spent),
        "amount": len(spent),
        "by_color": {k: by[k] for k in (*COLORS, "C") if by[k]},
        "colors": [c for c in COLORS if by[c]],
        "sources": sorted({u[1] for u in spent if u[1] is not None}),
    }


def choose_kicker(
    game: Game, obj: Any, face: Any, controller: int, cost: str, base: str, x: int
) -> bool:
    """601.2b, 702.33a with real payment: the kicker is offered when the total cost (``base``,
    the mana cost or an alternative one, plus the kicker, 601.2f) can be paid; it is paid
    with the rest of the cost (601.2h). Whether it was kicked."""
    unpayable = problem(game, controller, base + cost, x, spell=obj.id)
    if unpayable is None:
        key = game.decide(
            DecisionKind.KICKER,
            f"{face.name}: pay its kicker cost {cost} as well?",
            [("kick", f"Kick it (pay {cost})"), ("no_kick", "Don't kick it")],
            "702.33a",
            player=controller,
            subject=face.name,
            objects=(obj.id,),
        )
        kicked = key == "kick"
    else:
        kicked = False
    how = (
        f"kicked: its kicker cost {cost} is paid with the rest of its cost"
        if kicked
        else "not kicked"
        + (f" (its kicker cost {cost} can't be paid too)" if unpayable is not None else "")
    )
    game.emit(
        EventKind.KICKER,
        f"{face.name} is {how}.",
        "601.2b",
        objects=(obj.id,),
        source=obj.id,
        player=controller,
        data={"kicked": kicked, "cost": cost},
    )
    return kicked
