"""A Scenario: the setup, the actions, the answers given so far and the seed.

It round-trips JSON file <-> Python object <-> URL token (``engine.scenario.share_link``). Every
problem in user input becomes a ``ScenarioError`` naming the field and the fix.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from engine.base import limits, schema
from engine.base.errors import BudgetExceeded, ScenarioError, SchemaError
from engine.cards.carddb import UnknownCardError, default_pool
from engine.cards.definitions import CardDef

if TYPE_CHECKING:
    from pathlib import Path

    from engine.cards.carddb import CardPool

__all__ = ["BudgetExceeded", "Scenario", "ScenarioError", "SchemaError"]

VERSION = 1
MAX_COUNT = limits.SCENARIO_MAX_COUNT
MAX_LIBRARY = limits.SCENARIO_MAX_LIBRARY
MAX_ZONE = limits.SCENARIO_MAX_ZONE
MAX_ACTIONS = limits.SCENARIO_MAX_ACTIONS
MAX_CHOICES = limits.SCENARIO_MAX_CHOICES
MAX_USER_CARDS = limits.SCENARIO_MAX_USER_CARDS
MAX_JSON_CHARS = limits.SCENARIO_MAX_JSON_CHARS
ZONES = ("hand", "battlefield", "graveyard", "exile")
ACTIONS = schema.ACTIONS
#: How costs are paid (the scenario's "mana" setting): "assumed" (every cost is assumed
#: paid and the log says so; the default, so scenarios and share links made before mana
#: was paid for real play exactly as they did) or "paid" (601.2g-h, engine.rules.payment).
MANA_ASSUMED = "assumed"
MANA_PAID = "paid"
MANA_SETTINGS = (MANA_ASSUMED, MANA_PAID)


@dataclass(frozen=True)
class ZoneCard:
    """A card placed in a zone at the start, with its status."""

    name: str
    counters: Mapping[str, int] = field(default_factory=dict)
    tapped: bool = False
    face: str | None = None
    attached_to: str | None = None  # an Aura/Equipment: the battlefield card it is on

    def to_json(self) -> str | dict:
        if not self.counters and not self.tapped and not self.face and not self.attached_to:
            return self.name
        d: dict[str, Any] = {"name": self.name}
        if self.counters:
            d["counters"] = dict(self.counters)
        if self.tapped:
            d["tapped"] = True
        if self.face:
            d["face"] = self.face
        if self.attached_to:
            d["attached_to"] = self.attached_to
        return d


@dataclass(frozen=True)
class Library:
    """The library: "random" (shuffled with the seed) or "listed" (top first, as written)."""

    order: str = "random"
    cards: tuple[tuple[str, int], ...] = ()

    @property
    def size(self) -> int:
        return sum(c for _, c in self.cards)


@dataclass(frozen=True)
class PlayerSetup:
    name: str = "You"
    life: int = 20
    library: Library = field(default_factory=Library)
    hand: tuple[ZoneCard, ...] = ()
    battlefield: tuple[ZoneCard, ...] = ()
    graveyard: tuple[ZoneCard, ...] = ()
    exile: tuple[ZoneCard, ...] = ()
    spells_cast: int = 0
    #: Cards the player drew this turn before the scenario began (121: "your second card
    #: each turn", "cards drawn this turn"); 0 unless the scenario says so.
    cards_drawn: int = 0
    #: The player's commander (CR 903.3), a card name: it starts in the command zone
    #: (903.6). Casting it from there (903.8) is not simulated; what reads it is its color
    #: identity (903.4: Arcane Signet, Command Tower).
    commander: str | None = None


@dataclass(frozen=True)
class Scenario:
    """Everything needed to reproduce a resolution exactly (our FEN).

    Players and their zones, the actions to take, the answers to the decisions
    (``choices``) and a seed; it round-trips through JSON and share tokens.

    >>> from engine import Scenario
    >>> s = Scenario.from_dict({
    ...     "players": [
    ...         {"name": "You", "hand": ["Bloodbraid Elf"],
    ...          "library": {"order": "listed", "cards": ["Forest", "Lightning Bolt"]}},
    ...         {"name": "Opponent"},
    ...     ],
    ...     "actions": [{"do": "cast", "card": "Bloodbraid Elf"}],
    ...     "choices": ["cast", "target:p1"],
    ... })
    >>> tl = s.run()  # cascade exiles Forest, then hits Lightning Bolt (702.85a)
    >>> tl.finished, tl.final.players[1].life
    (True, 17)
    >>> Scenario.from_token(s.to_token()) == s, Scenario.from_json(s.to_json()) == s
    (True, True)
    >>> Scenario.from_dict({"players": [{"name": "You", "hand": ["Bloodbrayd Elf"]}]})
    Traceback (most recent call last):
    ...
    engine.base.errors.ScenarioError: player 1 hand card 1: unknown card 'Bloodbrayd Elf'; ...
    """

    players: tuple[PlayerSetup, ...]
    actions: tuple[dict, ...] = ()
    choices: tuple[str, ...] = ()
    seed: int = 0
    title: str = ""
    description: str = ""
    turn: int = 1
    cards: tuple[CardDef, ...] = ()
    mana: str = MANA_ASSUMED

    # ------------------------------------------------------------------ build
    @classmethod
    def from_dict(cls, d: Mapping[str, Any], pool: CardPool | None = None) -> Scenario:
        """Validate and build; card names are checked against the pool (plus ``cards``)."""
        if not isinstance(d, Mapping):
            raise ScenarioError("a scenario must be a JSON object")
        version = d.get("version", VERSION)
        if version != VERSION or isinstance(version, bool):
            shown = repr(version) if isinstance(version, int | str) else type(version).__name__
            raise ScenarioError(
                f"scenario version {shown[:40]} is not supported (this build reads "
                f"version {VERSION})"
            )
        schema.check(schema.SCENARIO, d)  # types, ranges and sizes, naming the field
        user_cards = _user_cards(d.get("cards") or [])
        base = pool or default_pool()
        pool = base.with_cards(user_cards) if user_cards else base
        raw_players = d.get("players")
        if not isinstance(raw_players, list) or not 1 <= len(raw_players) <= 2:
            raise ScenarioError("'players' must be a list of one or two players")
        players = [_player(p, i, pool) for i, p in enumerate(raw_players)]
        if len(players) == 1:
            players.append(PlayerSetup(name="Opponent"))
        actions = d.get("actions") or []
        if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
            raise ScenarioError(f"'actions' must be a list of at most {MAX_ACTIONS} actions")
        checked = tuple(_action(a, i, pool) for i, a in enumerate(actions))
        choices = d.get("choices") or []
        if (
            not isinstance(choices, list)
            or len(choices) > MAX_CHOICES
            or not all(isinstance(c, str) and len(c) <= 200 for c in choices)
        ):
            raise ScenarioError(f"'choices' must be a list of at most {MAX_CHOICES} strings")
        seed = d.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise ScenarioError(f"'seed' must be a whole number from 0 to 2^63-1, not {seed!r}")
        turn = d.get("turn", 1)
        if not isinstance(turn, int) or not 1 <= turn <= 1000:
            raise ScenarioError(f"'turn' must be a whole number from 1 to 1000, not {turn!r}")
        title = d.get("title", "")
        description = d.get("description", "")
        if not isinstance(title, str) or len(title) > 200:
            raise ScenarioError("'title' must be text of at most 200 characters")
        if not isinstance(description, str) or len(description) > 5000:
            raise ScenarioError("'description' must be text of at most 5000 characters")
        mana = d.get("mana") or MANA_ASSUMED
        if mana not in MANA_SETTINGS:
            raise ScenarioError(f"'mana' must be one of {', '.join(MANA_SETTINGS)}, not {mana!r}")
        return cls(
            players=tuple(players),
            actions=checked,
            choices=tuple(choices),
            seed=seed,
            title=title,
            description=description,
            turn=turn,
            cards=tuple(user_cards),
            mana=mana,
        )

    @classmethod
    def from_json(cls, text: str, pool: CardPool | None = None) -> Scenario:
        if not isinstance(text, str):
            raise ScenarioError(f"scenario JSON must be text, not {type(text).__name__}")
        if len(text) > MAX_JSON_CHARS:
            raise ScenarioError(
                f"the scenario is {len(text):,} characters of JSON (limit {MAX_JSON_CHARS:,})"
            )
        if limits.json_too_deep(text):  # before json.loads, which recurses
            raise ScenarioError(
                f"the scenario JSON is nested more than {limits.JSON_MAX_DEPTH} levels deep"
            )
        try:
            data = json.loads(text, parse_constant=_refuse_constant)
        except (json.JSONDecodeError, ValueError, RecursionError) as e:
            raise ScenarioError(f"the scenario is not valid JSON: {e}") from None
        return cls.from_dict(data, pool)

    @classmethod
    def load(cls, path: str | Path, pool: CardPool | None = None) -> Scenario:
        from pathlib import Path  # here: pathlib is a tenth of ``import engine``

        with Path(path).open(encoding="utf-8") as f:
            text = f.read(MAX_JSON_CHARS + 1)  # never more than the cap into memory
        if len(text) > MAX_JSON_CHARS:
            raise ScenarioError(
                f"the scenario file {Path(path).name} is over "
                f"{MAX_JSON_CHARS:,} characters of JSON (the limit)"
            )
        return cls.from_json(text, pool)

    @classmethod
    def from_token(cls, token: str, pool: CardPool | None = None) -> Scenario:
        from engine.scenario.share_link import decode_token

        return cls.from_dict(decode_token(token), pool)

    # ----------------------------------------------------------------- output
    def to_dict(self) -> dict[str, Any]:
        players = []
        for p in self.players:
            pd: dict[str, Any] = {
                "name": p.name,
                "life": p.life,
                "library": {
                    "order": p.library.order,
                    "cards": [{"name": n, "count": c} for n, c in p.library.cards],
                },
            }
            for z in ZONES:
                pd[z] = [c.to_json() for c in getattr(p, z)]
            if p.spells_cast:
                pd["spells_cast"] = p.spells_cast
            if p.cards_drawn:
                pd["cards_drawn"] = p.cards_drawn
            if p.commander is not None:
                pd["commander"] = p.commander
            players.append(pd)
        d: dict[str, Any] = {"version": VERSION, "title": self.title, "seed": self.seed}
        if self.description:
            d["description"] = self.description
        if self.turn != 1:
            d["turn"] = self.turn
        if self.mana != MANA_ASSUMED:  # absent = assumed: old scenarios keep their bytes
            d["mana"] = self.mana
        d["players"] = players
        d["actions"] = [dict(a) for a in self.actions]
        d["choices"] = list(self.choices)
        if self.cards:
            d["cards"] = [c.to_dict(compact=True) for c in self.cards]
        return d

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        from pathlib import Path

        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    def to_token(self) -> str:
        from engine.scenario.share_link import encode_token

        return encode_token(self.to_dict())

    def with_choices(self, choices: Iterable[str]) -> Scenario:
        return replace(self, choices=tuple(choices))

    def replace(self, **changes: Any) -> Scenario:
        return replace(self, **changes)

    def pool(self, base: CardPool | None = None) -> CardPool:
        base = base or default_pool()
        return base.with_cards(self.cards) if self.cards else base

    def run(self, pool: CardPool | None = None, policy=None) -> Any:
        """Play it; returns an ``engine.play.timeline.Timeline``. The runner sits above this
        module in the layers, so ``engine.play.timeline`` registers it (``import engine`` does)."""
        if _RUNNER is None:
            raise RuntimeError("no runner registered: import engine (engine.play.timeline does it)")
        return _RUNNER(self, pool=pool, policy=policy)


_RUNNER: Callable[..., Any] | None = None


def register_runner(fn: Callable[..., Any]) -> None:
    """Called by engine.play.timeline at import: what ``Scenario.run`` runs."""
    global _RUNNER
    _RUNNER = fn


# ---------------------------------------------------------------- validation
def _refuse_constant(name: str) -> None:
    """NaN and Infinity are not JSON."""
    raise ValueError(f"{name} is not valid JSON")


def _name(value: Any, where: str, pool: CardPool) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ScenarioError(f"{where}: a card name must be non-empty text, not {value!r}")
    if len(value) > 200:
        raise ScenarioError(f"{where}: a card name of {len(value)} characters is too long")
    try:
        return pool.get(value.strip()).name
    except UnknownCardError as e:
        hint = f"; did you mean: {', '.join(e.suggestions)}" if e.suggestions else ""
        raise ScenarioError(f"{where}: unknown card {value!r}{hint}") from None


def _count(value: Any, where: str, limit: int = MAX_COUNT) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError(f"{where}: the count must be a whole number, not {value!r}")
    if value < 1 or value > limit:
        raise ScenarioError(f"{where}: count {value} is out of range (1 to {limit})")
    return value


def _zone_card(entry: Any, where: str, pool: CardPool) -> ZoneCard:
    if isinstance(entry, str):
        return ZoneCard(_name(entry, where, pool))
    if not isinstance(entry, Mapping):
        raise ScenarioError(f"{where}: expected a card name or an object with 'name'")
    name = _name(entry.get("name"), where, pool)
    counters = entry.get("counters") or {}
    if not isinstance(counters, Mapping) or not all(
        isinstance(k, str) and isinstance(v, int) and 0 <= v <= 99 for k, v in counters.items()
    ):
        raise ScenarioError(f"{where}: 'counters' must map counter names to numbers 0-99")
    face = entry.get("face")
    if face is not None:
        card = pool.get(name)
        if face not in card.face_names:
            raise ScenarioError(
                f"{where}: {name} has no face {face!r} (faces: {', '.join(card.face_names)})"
            )
    attached = entry.get("attached_to")
    if attached is not None:
        if "battlefield" not in where.split():
            raise ScenarioError(f"{where}: only a card on the battlefield can be attached")
        attached = _name(attached, f"{where}.attached_to", pool)
    return ZoneCard(
        name, {k: v for k, v in counters.items() if v}, bool(entry.get("tapped")), face, attached
    )


def _player(p: Any, i: int, pool: CardPool) -> PlayerSetup:
    who = f"player {i + 1}"
    if not isinstance(p, Mapping):
        raise ScenarioError(f"{who}: expected an object")
    name = p.get("name", "You" if i == 0 else "Opponent")
    if not isinstance(name, str) or not name.strip() or len(name) > 40:
        raise ScenarioError(f"{who}: 'name' must be 1-40 characters of text")
    life = p.get("life", 20)
    if not isinstance(life, int) or not -999 <= life <= 9999:
        raise ScenarioError(f"{who}: 'life' must be a whole number")
    lib = p.get("library") or {}
    if isinstance(lib, list):
        lib = {"order": "listed", "cards": lib}
    order = lib.get("order", "random")
    if order not in ("random", "listed"):
        raise ScenarioError(f"{who}: library order must be 'random' or 'listed', not {order!r}")
    cards: list[tuple[str, int]] = []
    for j, entry in enumerate(lib.get("cards") or []):
        where = f"{who} library entry {j + 1}"
        if isinstance(entry, str):
            cards.append((_name(entry, where, pool), 1))
        elif isinstance(entry, Mapping):
            cards.append(
                (_name(entry.get("name"), where, pool), _count(entry.get("count", 1), where))
            )
        else:
            raise ScenarioError(f"{where}: expected a name or {{'name', 'count'}}")
    size = sum(c for _, c in cards)
    if size > MAX_LIBRARY:
        raise ScenarioError(f"{who}: a library of {size} cards is too big (max {MAX_LIBRARY})")
    zones = {}
    for z in ZONES:
        entries = p.get(z) or []
        if not isinstance(entries, list) or len(entries) > MAX_ZONE:
            raise ScenarioError(f"{who}: '{z}' must be a list of at most {MAX_ZONE} cards")
        zones[z] = tuple(
            _zone_card(e, f"{who} {z} card {k + 1}", pool) for k, e in enumerate(entries)
        )
    spells_cast = p.get("spells_cast", 0)
    if not isinstance(spells_cast, int) or not 0 <= spells_cast <= 100:
        raise ScenarioError(f"{who}: 'spells_cast' must be 0-100")
    cards_drawn = p.get("cards_drawn", 0)
    if (
        not isinstance(cards_drawn, int)
        or isinstance(cards_drawn, bool)
        or not (0 <= cards_drawn <= 100)
    ):
        raise ScenarioError(f"{who}: 'cards_drawn' must be 0-100")
    commander = p.get("commander")
    if commander is not None:
        commander = _name(commander, f"{who} commander", pool)
    return PlayerSetup(
        name=name.strip(),
        life=life,
        library=Library(order, tuple(cards)),
        spells_cast=spells_cast,
        cards_drawn=cards_drawn,
        commander=commander,
        **zones,
    )


def _action(a: Any, i: int, pool: CardPool) -> dict:
    where = f"action {i + 1}"
    if not isinstance(a, Mapping):
        raise ScenarioError(f"{where}: expected an object with 'do'")
    do = a.get("do")
    if do not in ACTIONS:
        raise ScenarioError(f"{where}: unknown action {do!r} (one of: {', '.join(ACTIONS)})")
    out: dict[str, Any] = {"do": do}
    for key in ("card", "with", "target"):
        if a.get(key) is not None:
            out[key] = (
                _name(a[key], f"{where} '{key}'", pool)
                if key != "target"
                else _name(a[key], f"{where} 'target'", pool)
            )
    needs_card = ("cast", "activate", "cycle", "suspend", "add_lore", "remove_lore", "play_land")
    if do in needs_card and "card" not in out:
        raise ScenarioError(f"{where}: '{do}' needs a 'card'")
    for key, lo, hi in (("x", 0, 99), ("n", 0, 99), ("player", 0, 1), ("ability", 0, 9)):
        if a.get(key) is not None:
            v = a[key]
            if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
                raise ScenarioError(f"{where}: '{key}' must be a whole number {lo}-{hi}, not {v!r}")
            out[key] = v
    if do == "discover" and "n" not in out:
        raise ScenarioError(f"{where}: 'discover' needs 'n'")
    if a.get("face") is not None:
        if not isinstance(a["face"], str):
            raise ScenarioError(f"{where}: 'face' must be a face name")
        out["face"] = a["face"]
    if a.get("draw") is not None:
        out["draw"] = bool(a["draw"])
    # cast with evoke (702.74a), warp (702.185a), escape (702.138a), flashback (702.34a);
    # a mana ability (605)
    for key in ("evoke", "mana", "warp", "escape", "flashback"):
        if a.get(key) is not None:
            if not isinstance(a[key], bool):
                raise ScenarioError(f"{where}: '{key}' must be true or false, not {a[key]!r}")
            out[key] = a[key]
    if a.get("alt_cost") is not None:  # 601.2b: an alternative cost (118.9), or not
        v = a["alt_cost"]
        if do not in ("cast", "counter") or not (
            isinstance(v, bool) or (isinstance(v, int) and 0 <= v <= 9)
        ):
            raise ScenarioError(
                f"{where}: 'alt_cost' (of a cast or counter) must be true, false or 0-9, not {v!r}"
            )
        out["alt_cost"] = v
    if a.get("when") is not None:
        if do not in WHEN_ACTIONS:
            raise ScenarioError(
                f"{where}: '{do}' can't have 'when' (only {', '.join(WHEN_ACTIONS)} can)"
            )
        out["when"] = _when(a["when"], f"{where} 'when'", pool)
    if a.get("targets") is not None:
        if do not in TARGET_ACTIONS:
            raise ScenarioError(
                f"{where}: '{do}' can't have 'targets' (only {', '.join(TARGET_ACTIONS)} can)"
            )
        out["targets"] = _targets(a["targets"], f"{where} 'targets'", pool)
    if a.get("from") is not None:  # cast from the graveyard with retrace (702.81a)
        if a["from"] not in ("hand", "graveyard"):
            raise ScenarioError(f"{where}: 'from' must be hand or graveyard, not {a['from']!r}")
        out["from"] = a["from"]
    for key in ("attackers", "blocks"):
        if a.get(key) is not None and do != "attack":
            raise ScenarioError(f"{where}: '{key}' belongs to an 'attack' action")
    if do == "attack":
        out["attackers"] = _attackers(a.get("attackers"), f"{where} 'attackers'", pool)
        if a.get("blocks") is not None:
            out["blocks"] = _blocks(a["blocks"], f"{where} 'blocks'", pool)
    if do == "next_main" and "draw" in out:
        raise ScenarioError(
            f"{where}: 'next_main' plays every draw step (504.1); 'draw' is only for "
            "'precombat_main'"
        )
    return out


def _attackers(value: Any, where: str, pool: CardPool) -> list:
    """An attack's attackers (508.1a): card names, or ``{"card", "attacks"}`` where
    ``attacks`` is ``{"player": n}`` or ``{"card": name}`` (a planeswalker or battle)."""
    if not isinstance(value, list) or len(value) > 50:
        raise ScenarioError(f"{where}: expected a list of at most 50 attackers")
    out: list = []
    for i, entry in enumerate(value):
        at = f"{where}[{i}]"
        if isinstance(entry, str):
            out.append(_name(entry, at, pool))
            continue
        if not isinstance(entry, Mapping) or "card" not in entry:
            raise ScenarioError(f'{at}: expected a card name or {{"card", "attacks"}}')
        item: dict[str, Any] = {"card": _name(entry["card"], f"{at} 'card'", pool)}
        spec = entry.get("attacks")
        if spec is not None:
            if (
                not isinstance(spec, Mapping)
                or len([k for k in ("player", "card") if spec.get(k) is not None]) != 1
            ):
                raise ScenarioError(
                    f"{at} 'attacks': give {{\"player\": 0|1}} or "
                    '{"card": a planeswalker or battle}'
                )
            if spec.get("player") is not None:
                item["attacks"] = {"player": _whole(spec["player"], f"{at} 'attacks.player'", 0, 1)}
            else:
                item["attacks"] = {"card": _name(spec["card"], f"{at} 'attacks.card'", pool)}
        out.append(item)
    return out


def _blocks(value: Any, where: str, pool: CardPool) -> list:
    """An attack's blocks (509.1a): ``[{"blocker", "attacker", "attacker_nth"?}]``."""
    if not isinstance(value, list) or len(value) > 50:
        raise ScenarioError(f"{where}: expected a list of at most 50 blocks")
    out = []
    for i, entry in enumerate(value):
        at = f"{where}[{i}]"
        if not isinstance(entry, Mapping) or "blocker" not in entry or "attacker" not in entry:
            raise ScenarioError(f'{at}: expected {{"blocker": name, "attacker": name}}')
        att = entry["attacker"]
        if isinstance(att, list):  # one creature blocking several (509.1a)
            if not 1 <= len(att) <= 50:
                raise ScenarioError(f"{at} 'attacker': expected 1 to 50 names")
            attacker: Any = [_name(a, f"{at} 'attacker'[{j}]", pool) for j, a in enumerate(att)]
        else:
            attacker = _name(att, f"{at} 'attacker'", pool)
        item = {"blocker": _name(entry["blocker"], f"{at} 'blocker'", pool), "attacker": attacker}
        if entry.get("attacker_nth") is not None:
            item["attacker_nth"] = _whole(entry["attacker_nth"], f"{at} 'attacker_nth'", 1, 50)
        out.append(item)
    return out


# the actions a response point can be given to, and those that name targets.
WHEN_ACTIONS = (
    "cast",
    "counter",
    "activate",
    "cycle",
    "proliferate",
    "add_lore",
    "remove_lore",
    "discover",
)
TARGET_ACTIONS = ("cast", "activate", "counter")
WHEN_KEYS = ("on_stack", "kind", "chapter", "nth", "top")
REF_KEYS = ("card", "owner", "zone", "nth")


def _stack_name(value: Any, where: str, pool: CardPool) -> str:
    """A stack item's name: a card name or the name of one of its faces (a split card's
    half, an adventure), spelled as the card data spells it."""
    name = _name(value, where, pool)
    low = value.strip().lower()
    for face in pool.get(name).faces:
        if face.name.lower() == low:
            return face.name
    return name


def _whole(value: Any, where: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ScenarioError(f"{where} must be a whole number {lo}-{hi}, not {value!r}")
    return value


def _when(value: Any, where: str, pool: CardPool) -> str | dict:
    """A response point: a stack item's name, or {on_stack, kind, chapter, nth} (kept in
    the shape it was written, so a scenario round-trips unchanged)."""
    if isinstance(value, str):
        return _stack_name(value, where, pool)
    if not isinstance(value, Mapping):
        raise ScenarioError(f"{where}: expected a name or an object with 'on_stack'")
    unknown = sorted(k for k in value if k not in WHEN_KEYS)
    if unknown:
        raise ScenarioError(
            f"{where}: unknown field {unknown[0]!r} (fields: {', '.join(WHEN_KEYS)})"
        )
    if value.get("on_stack") is None:
        raise ScenarioError(f"{where}: needs 'on_stack' (the name of the spell or ability)")
    out: dict[str, Any] = {"on_stack": _stack_name(value["on_stack"], f"{where}.on_stack", pool)}
    if value.get("kind") is not None:
        kind = value["kind"]
        if kind not in schema.STACK_KINDS:
            raise ScenarioError(
                f"{where}.kind: {kind!r} is not one of {', '.join(schema.STACK_KINDS)}"
            )
        out["kind"] = kind
    if value.get("chapter") is not None:
        out["chapter"] = _whole(value["chapter"], f"{where}.chapter", 1, 99)
        if out.get("kind") == "spell":
            raise ScenarioError(f"{where}: a chapter ability is an ability, not a spell (714.2b)")
    if value.get("nth") is not None:
        out["nth"] = _whole(value["nth"], f"{where}.nth", 1, 999)
    if value.get("top") is not None:
        if not isinstance(value["top"], bool):
            raise ScenarioError(f"{where}.top must be true or false, not {value['top']!r}")
        out["top"] = value["top"]
    return out


def _targets(value: Any, where: str, pool: CardPool) -> list:
    """Target refs in the order the spell or ability asks for them (601.2c): "oN", a
    player {"player": 0|1} or a card {"card", "owner", "zone", "nth"}."""
    if not isinstance(value, list) or len(value) > 20:
        raise ScenarioError(f"{where}: expected a list of at most 20 targets")
    out: list = []
    for k, ref in enumerate(value):
        at = f"{where}[{k}]"
        if isinstance(ref, str):
            if not re.fullmatch(r"o[0-9]{1,9}", ref):
                raise ScenarioError(
                    f"{at}: {ref[:40]!r} is not an object id like 'o9' (name a card with "
                    '{"card": ..., "owner": ..., "zone": ...})'
                )
            out.append(ref)
        elif isinstance(ref, Mapping) and "player" in ref:
            if len(ref) != 1:
                raise ScenarioError(f'{at}: a player target is just {{"player": 0 or 1}}')
            out.append({"player": _whole(ref["player"], f"{at}.player", 0, 1)})
        elif isinstance(ref, Mapping):
            unknown = sorted(k for k in ref if k not in REF_KEYS)
            if unknown:
                raise ScenarioError(
                    f"{at}: unknown field {unknown[0]!r} (fields: {', '.join(REF_KEYS)}, "
                    "or just 'player')"
                )
            if ref.get("card") is None:
                raise ScenarioError(f"{at}: a card target needs 'card' (its name)")
            d: dict[str, Any] = {"card": _stack_name(ref["card"], f"{at}.card", pool)}
            if ref.get("owner") is not None:
                d["owner"] = _whole(ref["owner"], f"{at}.owner", 0, 1)
            if ref.get("zone") is not None:
                if ref["zone"] not in schema.REF_ZONES:
                    raise ScenarioError(
                        f"{at}.zone: {ref['zone']!r} is not one of {', '.join(schema.REF_ZONES)}"
                    )
                d["zone"] = ref["zone"]
            if ref.get("nth") is not None:
                d["nth"] = _whole(ref["nth"], f"{at}.nth", 1, 999)
            out.append(d)
        else:
            raise ScenarioError(f'{at}: expected \'oN\', {{"player": N}} or {{"card": ...}}')
    return out


def _user_cards(raw: Any) -> list[CardDef]:
    if not isinstance(raw, list) or len(raw) > MAX_USER_CARDS:
        raise ScenarioError(f"'cards' must be a list of at most {MAX_USER_CARDS} card objects")
    out = []
    for i, c in enumerate(raw):
        try:
            card = CardDef.from_dict(c)
            _ = card.effects  # effects given as JSON text: decode (and check) now
            out.append(card)
        except (ValueError, TypeError, KeyError) as e:
            raise ScenarioError(f"user card {i + 1}: {e}") from None
    return out
