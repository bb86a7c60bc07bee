"""The card pool: look cards up by name, search and suggest names.

The bundled database (``engine/data/cards.json.gz``, built by
``scripts/build_card_db.py``) is read once, lazily; ``CardDef`` objects are built only
when a card is asked for, then cached, so loading the ~31k-card pool stays cheap in
Pyodide. The effects entries (``engine/data/effects.jsonl.gz``, line i = card i) are read
the first time a card's effects are asked for, and each entry decoded only then. Name
lookup forgives case, a single slash for ``//``, curly quotes, accents and face names
("Stomp" -> "Bonecrusher Giant // Stomp").
"""

from __future__ import annotations

import bisect
import difflib
import functools
import gzip
import json
import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from engine.cards.definitions import CardDef

__all__ = ["CardPool", "UnknownCardError", "default_pool", "normalize_name"]

_DATA_FILE = "cards.json.gz"
_SLASH = re.compile(r"\s*/{1,2}\s*")
_SPACES = re.compile(r"\s+")
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u00b4": "'"})


class UnknownCardError(KeyError, ValueError):
    """No card has this name. ``.suggestions`` holds the closest names (best first)."""

    def __init__(self, name: str, suggestions: Iterable[str] = ()) -> None:
        self.name = name
        self.suggestions: tuple[str, ...] = tuple(suggestions)
        super().__init__(name)

    def __str__(self) -> str:  # KeyError would quote the whole message
        msg = f"unknown card {self.name!r}"
        if self.suggestions:
            msg += "; did you mean: " + ", ".join(self.suggestions)
        return msg


def normalize_name(name: str) -> str:
    """Tidy a typed name: trim, single spaces, straight quotes, ``" // "`` between faces."""
    name = _SPACES.sub(" ", name.translate(_QUOTES)).strip()
    if "/" in name:
        name = _SLASH.sub(" // ", name)
    return name


def _fold(name: str) -> str:
    """Case- and accent-insensitive key ("Séance" -> "seance", "Æther" -> "aether")."""
    if name.isascii():  # every bundled name: the fast path
        return name.lower()
    name = name.replace("Æ", "Ae").replace("æ", "ae")
    name = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return name.lower()


class _Layer:
    """Names and entries of one set of cards (the bundled pool, or user cards on top)."""

    def __init__(
        self,
        entries: list[dict[str, Any] | CardDef],
        effects: _EffectsFile | None = None,
        identity: _Identity | None = None,
    ) -> None:
        self.entries = entries
        self.effects = effects
        self.identity = identity
        self.cache: dict[int, CardDef] = {}
        self.names: list[str] = []
        self.exact: dict[str, int] = {}
        self.lower: dict[str, int] = {}
        self.faces: dict[str, int] = {}
        for i, e in enumerate(entries):
            if isinstance(e, CardDef):
                name, faces = e.name, e.face_names if len(e.faces) > 1 else ()
                self.cache[i] = e
            else:
                name, raw_faces = e["name"], e.get("faces")
                faces = tuple(f["name"] for f in raw_faces) if raw_faces else ()
            self.names.append(name)
            self.exact.setdefault(name, i)
            self.lower.setdefault(_fold(name), i)
            for face in faces:
                if face != name:
                    self.faces.setdefault(_fold(face), i)
        self._keys: list[str] | None = None

    def card(self, i: int) -> CardDef:
        card = self.cache.get(i)
        if card is None:
            entry = self.entries[i]
            if self.effects is not None:  # the bundled pool: effects read on first use
                entry = {**entry, "effects": functools.partial(self.effects.line, i)}  # type: ignore[dict-item]
            card = CardDef.from_dict(entry)  # type: ignore[arg-type]
            if self.identity is not None:  # the bundled pool's table (903.4), not user data
                object.__setattr__(card, "color_identity", self.identity.of(i, card))
            self.cache[i] = card
        return card

    def find(self, name: str) -> int | None:
        i = self.exact.get(name)
        if i is None:
            i = self.lower.get(_fold(name))
        return i

    # search keys: every card name and face name, folded; key_owner maps key -> card index
    def search_keys(self) -> tuple[list[str], list[int], list[tuple[str, int]], str, list[int]]:
        if self._keys is None:
            keys = [_fold(n) for n in self.names]
            owners = list(range(len(keys)))
            for face, i in self.faces.items():
                keys.append(face)
                owners.append(i)
            by_key = sorted(zip(keys, owners, strict=True))
            joined = "\n".join(keys)
            starts, pos = [], 0
            for k in keys:
                starts.append(pos)
                pos += len(k) + 1
            self._keys = keys
            self._search = (keys, owners, by_key, joined, starts)
        return self._search


class CardPool:
    """A set of cards by name. ``default_pool()`` is the bundled one; ``with_cards`` adds
    user cards on top (they shadow pool cards of the same name).

    >>> from engine import CardDef, default_pool
    >>> pool = default_pool()
    >>> elf = pool.get("Bloodbraid Elf")
    >>> elf.mana_value, elf.cascade, pool.resolve("bloodbraid elf")
    (4, 1, 'Bloodbraid Elf')
    >>> pool.get("Bloodbrayd Elf")
    Traceback (most recent call last):
    ...
    engine.cards.carddb.UnknownCardError: unknown card 'Bloodbrayd Elf'; did you mean: ...
    >>> bear = CardDef.from_dict({"name": "Test Bear", "mana_cost": "{1}{G}",
    ...                           "type_line": "Creature — Bear", "power": "2", "toughness": "2"})
    >>> mine = pool.with_cards([bear])
    >>> mine.get("Test Bear").mana_value, pool.find("Test Bear"), mine.get("Forest").name
    (2, None, 'Forest')
    """

    def __init__(
        self,
        cards: Iterable[CardDef | dict[str, Any]] = (),
        *,
        _below: CardPool | None = None,
    ) -> None:
        self._layer = _Layer(
            list(cards), getattr(cards, "effects_store", None), getattr(cards, "identity", None)
        )
        self._below = _below
        self._names: tuple[str, ...] | None = None

    @classmethod
    def from_dicts(cls, dicts: Iterable[dict[str, Any]]) -> CardPool:
        """A pool over card dicts (cards.json / ``CardDef.to_dict`` shape), built lazily."""
        return cls(dicts)

    # ----- lookup ------------------------------------------------------------------------

    def _layers(self) -> Iterator[_Layer]:
        pool: CardPool | None = self
        while pool is not None:
            yield pool._layer
            pool = pool._below

    def _locate(self, name: str) -> tuple[_Layer, int] | None:
        """Exact name, then case/accent-insensitive name, then face name, top layer first;
        a card's own name always beats another card's face of that name."""
        if not isinstance(name, str):
            return None
        layers = list(self._layers())
        for layer in layers:  # the common case, an exact name: the loop below's first try
            i = layer.exact.get(name)
            if i is not None:
                return layer, i
        candidates = [name]
        tidy = normalize_name(name)
        if tidy != name:
            candidates.append(tidy)
        # Exact name first, then case/accent-folded name, then face name: the order wins.
        for index, key in (("exact", str), ("lower", _fold), ("faces", _fold)):
            for cand in candidates:
                k = key(cand)
                for layer in layers:
                    i = getattr(layer, index).get(k)
                    if i is not None:
                        return layer, i
        return None

    def find(self, name: str) -> CardDef | None:
        """The card called ``name`` (see :meth:`get`), or None."""
        hit = self._locate(name)
        return None if hit is None else hit[0].card(hit[1])

    def resolve(self, name: str) -> str:
        """The canonical card name for ``name``, without building the CardDef."""
        hit = self._locate(name)
        if hit is None:
            raise UnknownCardError(name, self.suggest(name))
        return hit[0].names[hit[1]]

    def get(self, name: str) -> CardDef:
        """Look a card up: exact name, case-insensitive name, then face name ("fire",
        "Stomp"). Raises :class:`UnknownCardError` with suggestions."""
        hit = self._locate(name)
        if hit is None:
            raise UnknownCardError(
                str(name), self.suggest(str(name)) if isinstance(name, str) else ()
            )
        return hit[0].card(hit[1])

    def __getitem__(self, name: str) -> CardDef:
        return self.get(name)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self._locate(name) is not None

    @property
    def names(self) -> tuple[str, ...]:
        """Every card name (user cards first), each once."""
        if self._names is None:
            seen: set[str] = set()
            out: list[str] = []
            for layer in self._layers():
                for n in layer.names:
                    if n not in seen:
                        seen.add(n)
                        out.append(n)
            self._names = tuple(out)
        return self._names

    def __len__(self) -> int:
        if self._below is None:
            return len(self._layer.exact)
        return len(self.names)

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __repr__(self) -> str:
        return f"<CardPool of {len(self)} cards>"

    def with_cards(self, cards: Iterable[CardDef]) -> CardPool:
        """A new pool with ``cards`` on top of this one (they shadow same-named cards)."""
        cards = list(cards)
        for c in cards:
            if not isinstance(c, CardDef):
                raise TypeError(f"with_cards takes CardDef objects, not {type(c).__name__}")
        return CardPool(cards, _below=self)

    # ----- search / suggest -----------------------------------------------------------------

    def search(self, fragment: str, limit: int = 20) -> list[str]:
        """Card names containing ``fragment`` (also via a face name), case-insensitive;
        names starting with it first, then word starts, then shorter names."""
        frag = _fold(normalize_name(fragment)) if isinstance(fragment, str) else ""
        if not frag or limit <= 0:
            return []
        best: dict[str, tuple[int, int, str]] = {}
        for layer in self._layers():
            for name, score in _search_layer(layer, frag, limit):
                if name not in best or score < best[name]:
                    best[name] = score
        ranked = sorted(best.items(), key=lambda kv: kv[1])
        return [name for name, _ in ranked[:limit]]

    def suggest(self, name: str, n: int = 5) -> list[str]:
        """The closest card names to a misspelt ``name`` (best first)."""
        query = _fold(normalize_name(name)) if isinstance(name, str) else ""
        if not query or n <= 0:
            return []
        query = query[:100]  # names are at most ~60 characters
        scored: dict[str, float] = {}
        for layer in self._layers():
            for cand, score in _suggest_layer(layer, query):
                if score > scored.get(cand, 0.0):
                    scored[cand] = score
        ranked = sorted(scored.items(), key=lambda kv: (-kv[1], len(kv[0]), kv[0]))
        out = [name for name, _ in ranked[:n]]
        if len(out) < n:  # a fragment like "bolt": fill with substring matches
            for extra in self.search(query, n):
                if extra not in out:
                    out.append(extra)
                if len(out) >= n:
                    break
        return out


def _search_layer(layer: _Layer, frag: str, limit: int) -> list[tuple[str, tuple[int, int, str]]]:
    keys, owners, by_key, _, _ = layer.search_keys()
    names = layer.names
    lo = bisect.bisect_left(by_key, (frag, -1))
    hi = bisect.bisect_left(by_key, (frag + "\uffff", -1))
    hits: dict[int, int] = {}
    for _, owner in by_key[lo:hi]:
        hits[owner] = 0
    if len(hits) < limit:  # not enough prefix matches: scan for substrings
        word = " " + frag
        for idx, key in enumerate(keys):
            if frag in key:
                owner = owners[idx]
                if owner not in hits:
                    hits[owner] = 0 if key.startswith(frag) else (1 if word in key else 2)
    return [(names[i], (tier, len(names[i]), names[i])) for i, tier in hits.items()]


def _suggest_layer(layer: _Layer, query: str) -> list[tuple[str, float]]:
    """Close matches: a trigram prefilter picks ~200 candidates, difflib ranks them."""
    keys, owners, _, joined, starts = layer.search_keys()
    if len(keys) <= 300:
        pool: Sequence[int] = range(len(keys))
    else:
        # Rarest trigrams first (str.count runs in C); stop once enough postings are read.
        # Every other trigram still covers the whole name; a typo spoils at most two.
        grams = {query[i : i + 3] for i in range(0, len(query) - 2, 2)} or {query}
        ranked = sorted((joined.count(g), g) for g in grams)
        counts: dict[int, int] = {}
        budget = 2500
        for total, gram in ranked:
            if total == 0:
                continue
            if budget <= 0:
                break
            budget -= total
            pos = joined.find(gram)
            while pos != -1:
                k = bisect.bisect_right(starts, pos) - 1
                counts[k] = counts.get(k, 0) + 1
                pos = joined.find(gram, pos + 1)
        pool = sorted(counts, key=counts.__getitem__, reverse=True)[:60]
    matcher = difflib.SequenceMatcher(autojunk=False)
    matcher.set_seq2(query)
    out: list[tuple[str, float]] = []
    for k in pool:
        matcher.set_seq1(keys[k])
        if matcher.real_quick_ratio() >= 0.6 and matcher.quick_ratio() >= 0.6:
            ratio = matcher.ratio()
            if owners[k] != k:  # matched through a face name: rank below own names
                ratio *= 0.95
            if ratio >= 0.6:
                out.append((layer.names[owners[k]], ratio))
    return out


_DEFAULT: CardPool | None = None


class _EffectsFile:
    """The bundled effects entries, one JSON line per entry (``effects.jsonl.gz``): read
    and split on the first request, each line decoded only by the card that asks for it
    (CardDef.effects). The cold pool load never touches it."""

    def __init__(self, name: str, count: int) -> None:
        self.name = name
        self.count = count
        self._lines: list[str] | None = None

    def line(self, n: int) -> str | None:
        """Card ``n``'s entry as JSON text, or None (no entry)."""
        if self._lines is None:
            data = _bundled_bytes(self.name)
            lines = gzip.decompress(data).decode("utf-8").split("\n")
            if len(lines) != self.count:
                raise RuntimeError(f"{self.name}: {len(lines)} lines for {self.count} cards")
            self._lines = lines
        return self._lines[n] or None


def _bundled_bytes(name: str) -> bytes:
    """A file of engine/data. importlib.resources is imported here, on first use: it
    brings tempfile, shutil and more, a tenth of ``import engine`` otherwise."""
    from importlib import resources

    return resources.files("engine").joinpath("data", name).read_bytes()


def load_bundled_entries() -> list[dict[str, Any]]:
    """The raw card dicts of the bundled database (decompressed and parsed once per call).
    A card's ``"effects"`` is then its entry's JSON text, read when first used."""
    data = _bundled_bytes(_DATA_FILE)
    payload = json.loads(gzip.decompress(data))
    if payload.get("version") != 1:
        raise RuntimeError(f"unsupported card database version {payload.get('version')!r}")
    cards = _Entries(payload["cards"])
    fx_name = payload.get("effects_file")
    if fx_name:  # line i of the effects file is card i's entry, attached as a card is built
        cards.effects_store = _EffectsFile(fx_name, len(cards))
    if payload.get("identity") is not None:
        cards.identity = _Identity(payload["identity"])
    return cards


class _Identity:
    """Color identities of the bundled cards (CR 903.4), stored apart and compactly: a
    card's identity is its faces' colors and costs (``CardDef.face_identity``) unless the
    table lists it (the rules text adds colors) or marks it unknown (not read for sure)."""

    def __init__(self, table: dict[str, Any]) -> None:
        self.unknown = frozenset(table.get("unknown") or ())
        self.listed = {int(i): tuple(letters) for i, letters in table.get("listed") or ()}

    def of(self, i: int, card: CardDef) -> tuple[str, ...] | None:
        if i in self.unknown:
            return None
        listed = self.listed.get(i)
        return listed if listed is not None else card.face_identity


class _Entries(list):
    """The bundled card dicts, with the effects file their entries are read from."""

    effects_store: _EffectsFile | None = None
    identity: _Identity | None = None


def default_pool() -> CardPool:
    """The bundled ~31k-card pool, loaded on first use and shared afterwards."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = CardPool(load_bundled_entries())
    return _DEFAULT
