"""The board editor's text formats: zone lines, library lines and action rows.

Every reader here is linear in its input and size-checked first; every writer is
checked against its reader (``write`` then ``read`` must give back the very entry), and
falls back to JSON for what the compact syntax can't say, so nothing a scenario holds
is ever dropped by showing it in the form.

Zone lines: ``2 Mountain``, ``Forest [tapped]``, ``The First Eruption [lore=2]``,
``Bonesplitter [attached=Memnite]``, ``Delver of Secrets [face=Insectile Aberration]``,
or one JSON zone entry (``{"name": ..., "counters": {...}}``) for anything else.
"""

from __future__ import annotations

import json
from typing import Any

import param

from engine import UnknownCardError
from engine.base import limits, schema

__all__ = [
    "ACTION_LABELS",
    "MAX_FORM_ERRORS",
    "MAX_JSON_LINE",
    "MAX_LIBRARY_TEXT",
    "MAX_ZONE_LINE",
    "MAX_ZONE_LINES",
    "MAX_ZONE_TEXT",
    "FIELDS_OF",
    "ActionRow",
    "action_of",
    "library_text",
    "parse_commander",
    "parse_library",
    "parse_zone",
    "row_of",
    "targets_text",
    "parse_attackers",
    "attackers_text",
    "parse_blocks",
    "blocks_text",
    "when_text",
    "zone_counter",
    "zone_line",
    "zone_text",
]

MAX_ZONE_TEXT = 5_000  # characters accepted from one board-form box (its widget's max_length)
MAX_ZONE_LINE = 200  # characters in one board-form line (the longest card name is 141)
MAX_JSON_LINE = 1_000  # characters in one JSON line (a zone entry, an action's JSON)
MAX_ZONE_LINES = 200  # lines read from one board-form box
MAX_LIBRARY_TEXT = limits.DECKLIST_MAX_CHARS  # the opponent's library box (a decklist's cap)
MAX_FORM_ERRORS = 20  # problems listed for the board form before it stops reading
MAX_SUGGESTED = 5  # unknown names in one form that get "did you mean" suggestions
MAX_LINE_COUNT = 60  # copies on one zone line
MAX_ACTION_JSON = 4_000  # characters of an action row's JSON box

# What each action does, in words (the editor's "do" list); an action kind added to the
# engine's schema later shows under its own name.
ACTION_LABELS: dict[str, str] = {
    "cast": "Cast a spell",
    "counter": "Counter a spell",
    "activate": "Activate an ability",
    "cycle": "Cycle a card",
    "suspend": "Suspend a card",
    "discover": "Discover N (no card)",
    "precombat_main": "Begin my next turn's main phase (legacy)",
    "next_main": "Pass to the next precombat main phase",
    "proliferate": "Proliferate",
    "add_lore": "Add lore counters",
    "remove_lore": "Remove lore counters",
    "play_land": "Play a land",
    "attack": "Attack (the combat phase)",
}
PLAYERS = {"(default)": "", "You (player 1)": "0", "Opponent (player 2)": "1"}

# Which fields a kind of action uses (others are shown only when they hold something).
FIELDS_OF: dict[str, tuple[str, ...]] = {
    "cast": ("card", "x", "when", "targets"),
    "counter": ("with_", "target", "when", "targets"),
    "activate": ("card", "when", "targets"),
    "cycle": ("card", "when"),
    "suspend": ("card",),
    "discover": ("n", "when"),
    "precombat_main": (),
    "next_main": (),
    "proliferate": ("when",),
    "add_lore": ("card", "n", "when"),
    "remove_lore": ("card", "n", "when"),
    "play_land": ("card",),
    "attack": ("attackers", "blocks"),
}


def action_kinds() -> dict[str, str]:
    """Label -> action kind, for every kind the engine's schema accepts (its order)."""
    return {ACTION_LABELS.get(do, do): do for do in schema.ACTIONS}


# ------------------------------------------------------------------ zone lines
def zone_line(line: str) -> tuple[int, str, str | None]:
    """(count, name, options) of one stripped board-form line, in one linear pass.

    ``2 Mountain``, ``2x Mountain``, ``Forest [tapped]``: an optional count (digits, then
    an optional ``x``, then whitespace), the name, and an optional ``[...]`` at the very
    end (the last one; its text holds no ``]``). It replaces a regular expression that
    backtracked cubically on runs of spaces (``'a' + ' ' * 2000 + 'x'`` took 14 s).
    """
    count, rest = 1, line
    i = 0
    while i < len(line) and line[i].isdecimal():
        i += 1
    if i:  # digits, then whitespace and/or an "x" followed by whitespace: a count
        j = i
        while j < len(line) and line[j].isspace():
            j += 1
        counted = j > i
        if j + 1 < len(line) and line[j] in "xX" and line[j + 1].isspace():
            j, counted = j + 1, True
        if counted:  # the line is at most MAX_ZONE_LINE long, so int() is cheap
            count, rest = int(line[:i]), line[j:].lstrip()
    opts: str | None = None
    if rest.endswith("]"):
        body = rest[:-1]
        start = body.find("[", body.rfind("]") + 1)
        if start >= 0:
            rest, opts = body[:start].rstrip(), body[start + 1 :]
    return count, rest, opts


def zone_counter(opt: str) -> tuple[str, int] | None:
    """``lore=2`` / ``lore: 2`` / ``lore 2`` -> ("lore", 2); None if it isn't that shape."""
    i = 0
    while i < len(opt) and (opt[i] in "+-/" or "a" <= opt[i] <= "z" or "0" <= opt[i] <= "9"):
        i += 1
    kind, rest = opt[:i], opt[i:].lstrip()
    if not kind:
        return None
    if rest[:1] in ("=", ":"):
        rest = rest[1:].lstrip()
    elif " " not in opt[i : len(opt) - len(rest)]:  # the separator can be a plain space
        return None
    if not rest or not rest.isdecimal():
        return None
    return kind, int(rest)


_NAMED_OPTS = ("face", "attached")


def _named_opt(piece: str) -> tuple[str, str] | None:
    """``face=Name`` / ``attached=Name`` (any case before '=') -> (key, value as typed)."""
    eq = piece.find("=")
    if eq < 0:
        return None
    key = piece[:eq].strip().lower()
    if key == "attached to":
        key = "attached"
    return (key, piece[eq + 1 :].strip()) if key in _NAMED_OPTS else None


def _is_option(piece: str) -> bool:
    low = piece.strip().lower()
    return low == "tapped" or _named_opt(piece) is not None or zone_counter(low) is not None


def read_options(opts: str) -> tuple[dict[str, Any], list[str]]:
    """The ``[...]`` of a zone line -> (entry fields, pieces not understood).

    Pieces are split at commas; a piece that is no option continues the face or
    attached name before it ("attached=Jace, Vryn's Prodigy"). Linear in ``opts``.
    """
    out: dict[str, Any] = {}
    bad: list[str] = []
    last: str | None = None  # the named option a stray piece continues
    for piece in opts.split(","):
        low = piece.strip().lower()
        if not low:
            last = None
            continue
        named = _named_opt(piece)
        if low == "tapped":
            out["tapped"], last = True, None
        elif named is not None:
            key = "attached_to" if named[0] == "attached" else "face"
            out[key], last = named[1], key
        elif (counter := zone_counter(low)) is not None and counter[1] <= 99:
            out.setdefault("counters", {})[counter[0]] = counter[1]
            last = None
        elif last is not None and not _is_option(piece):
            out[last] = f"{out[last]},{piece.rstrip()}"
        else:
            bad.append(piece.strip())
    return out, bad


def _entry_dict(entry: Any) -> dict[str, Any]:
    """A zone entry (name or object) as a dict of its non-default fields."""
    if isinstance(entry, str):
        return {"name": entry}
    out = {k: v for k, v in entry.items() if v not in (None, False, {}, "")}
    if "counters" in out:
        out["counters"] = {k: v for k, v in out["counters"].items() if v}
        if not out["counters"]:
            del out["counters"]
    return out


def _line_of(entry: dict[str, Any]) -> str:
    opts = [f"{k}={v}" for k, v in (entry.get("counters") or {}).items()]
    if entry.get("tapped"):
        opts.append("tapped")
    if entry.get("face"):
        opts.append(f"face={entry['face']}")
    if entry.get("attached_to"):
        opts.append(f"attached={entry['attached_to']}")
    return entry["name"] + (f" [{', '.join(opts)}]" if opts else "")


def _reads_back(line: str, entry: dict[str, Any], count: int) -> bool:
    """True if the zone reader gives back ``count`` x ``entry`` from ``line`` (no pool)."""
    if len(line) > MAX_ZONE_LINE or line != line.strip() or line.startswith(("#", "//", "{")):
        return False
    n, name, opts = zone_line(line)
    if n != count or name != entry["name"]:
        return False
    fields, bad = read_options(opts) if opts is not None else ({}, [])
    return not bad and dict(fields, name=name) == entry


def zone_text(entries: list) -> str:
    """Zone entries back to the one-card-a-line text the board form reads.

    Runs of equal entries become "2 Mountain"; an entry the line syntax can't give back
    exactly (odd counter names, a name starting with a count...) is written as JSON.
    """
    runs: list[tuple[dict[str, Any], int]] = []
    for e in entries:
        d = _entry_dict(e)
        if runs and runs[-1][0] == d and runs[-1][1] < MAX_LINE_COUNT:
            runs[-1] = (d, runs[-1][1] + 1)
        else:
            runs.append((d, 1))
    lines: list[str] = []
    for d, n in runs:
        if not isinstance(d.get("name"), str):
            lines.extend([json.dumps(d, ensure_ascii=False)] * n)
            continue
        line = _line_of(d)
        if n > 1:
            line = f"{n} {line}"
        elif not _reads_back(line, d, 1):
            line = f"1 {line}"
        if _reads_back(line, d, n):
            lines.append(line)
        else:
            lines.extend([json.dumps(d, ensure_ascii=False)] * n)
    return "\n".join(lines)


def _suggest(pool: Any, name: str, errors: list[str]) -> str:
    """'; did you mean: ...' for the first few unknown names (each costs ~10-40 ms)."""
    if sum("unknown card" in e for e in errors) >= MAX_SUGGESTED:
        return ""
    try:
        pool.get(name)
    except UnknownCardError as e:
        return f"; did you mean: {', '.join(e.suggestions)}" if e.suggestions else ""
    return ""


def _json_entry(line: str) -> tuple[dict[str, Any] | None, str]:
    """One JSON zone entry line -> (fields, problem)."""
    if limits.json_too_deep(line):
        return None, "the JSON is nested too deeply"
    try:
        raw = json.loads(line)
    except ValueError as e:
        return None, f"not valid JSON ({e})"
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        return None, 'a JSON line must be an object with a "name"'
    allowed = {"name", "counters", "tapped", "face", "attached_to"}
    extra = sorted(set(raw) - allowed)
    if extra:
        return None, f"unknown field {extra[0][:40]!r} (fields: {', '.join(sorted(allowed))})"
    counters = raw.get("counters") or {}
    if (
        not isinstance(counters, dict)
        or len(counters) > limits.SCENARIO_MAX_COUNTER_KINDS
        or not all(
            isinstance(k, str)
            and len(k) <= 40
            and isinstance(v, int)
            and not isinstance(v, bool)
            and 0 <= v <= 99
            for k, v in counters.items()
        )
    ):
        return None, "'counters' must map counter names to numbers 0-99"
    if not isinstance(raw.get("tapped", False), bool):
        return None, "'tapped' must be true or false"
    for key in ("face", "attached_to"):
        if raw.get(key) is not None and not isinstance(raw[key], str):
            return None, f"'{key}' must be a name"
    return _entry_dict(raw), ""


def parse_commander(text: str, label: str, pool: Any, errors: list[str]) -> str | None:
    """A commander box (CR 903.3: one card name, or empty for none) -> the card's name
    as the pool spells it, or None; an unknown name goes to ``errors`` naming it."""
    name = text.strip()
    if not name:
        return None
    if len(name) > MAX_ZONE_LINE:
        errors.append(f"{label}: {len(name)} characters is too long for a card name")
        return None
    try:
        return pool.get(name).name
    except UnknownCardError as e:
        hint = f"; did you mean: {', '.join(e.suggestions)}" if e.suggestions else ""
        errors.append(f"{label}: unknown card {name!r}{hint}")
        return None


def parse_zone(text: str, label: str, pool: Any, errors: list[str]) -> list:
    """A zone box -> the scenario's zone entries; problems go to ``errors`` naming the line.

    Sizes are checked before any parsing, and each line is read by ``zone_line`` (one
    pass, no regular expression), so a hostile line costs linear time.
    """
    out: list = []
    if len(text) > MAX_ZONE_TEXT:
        errors.append(f"{label}: the box holds {len(text)} characters; at most {MAX_ZONE_TEXT}")
        return out
    battlefield = "battlefield" in label.lower()
    for no, raw in enumerate(text.splitlines()[:MAX_ZONE_LINES], start=1):
        line = raw.strip()
        limit = MAX_JSON_LINE if line.startswith("{") else MAX_ZONE_LINE
        if len(raw) > limit:
            errors.append(f"{label} line {no} is too long ({len(raw)} characters; at most {limit})")
            continue
        if not line or line.startswith(("#", "//")):
            continue
        if len(errors) >= MAX_FORM_ERRORS:
            errors.append(
                f"{label}: lines after {no - 1} were not checked "
                f"(more than {MAX_FORM_ERRORS} problems)"
            )
            break
        where = f"{label} line {no}"
        if line.startswith("{"):
            fields, problem = _json_entry(line)
            if fields is None:
                errors.append(f"{where}: {problem}")
                continue
            count, name = 1, fields.pop("name")
        else:
            count, name, opts = zone_line(line)
            if not 1 <= count <= MAX_LINE_COUNT:
                errors.append(f"{where}: count {count} is out of range (1 to {MAX_LINE_COUNT})")
                continue
            fields, bad = read_options(opts) if opts is not None else ({}, [])
            if bad:
                errors.append(
                    f"{where}: can't read {bad[0][:60]!r} (write e.g. [lore=2], "
                    "[tapped], [face=Name] or [attached=Card])"
                )
                continue
        card = pool.find(name)
        if card is None:
            errors.append(f"{where}: unknown card {name!r}{_suggest(pool, name, errors)}")
            continue
        entry: dict[str, Any] = {"name": card.name, **fields}
        face = fields.get("face")
        if face is not None:
            match = next((f for f in card.face_names if f.lower() == face.lower()), None)
            if match is None:
                errors.append(
                    f"{where}: {card.name} has no face {face!r} (faces: "
                    f"{', '.join(card.face_names) or 'none'})"
                )
                continue
            entry["face"] = match
        attached = fields.get("attached_to")
        if attached is not None:
            if not battlefield:
                errors.append(f"{where}: only a card on the battlefield can be attached")
                continue
            host = pool.find(attached)
            if host is None:
                errors.append(
                    f"{where}: attached to an unknown card {attached!r}"
                    f"{_suggest(pool, attached, errors)}"
                )
                continue
            entry["attached_to"] = host.name
        out.extend([entry if len(entry) > 1 else card.name] * count)
    return out


# --------------------------------------------------------------------- library
def library_text(cards: list[dict]) -> str:
    """Library entries as "N Name" lines (the count always written, so names that start
    with a number read back)."""
    return "\n".join(f"{c['count']} {c['name']}" for c in cards)


def parse_library(text: str, label: str, pool: Any, errors: list[str]) -> list[dict]:
    """ "N Name" lines -> library entries (one per line, in order); problems to ``errors``."""
    out: list[dict] = []
    if len(text) > MAX_LIBRARY_TEXT:
        errors.append(f"{label}: the box holds {len(text)} characters; at most {MAX_LIBRARY_TEXT}")
        return out
    for no, raw in enumerate(text.splitlines()[: limits.SCENARIO_MAX_LIBRARY_ENTRIES], start=1):
        if len(raw) > MAX_ZONE_LINE:
            errors.append(
                f"{label} line {no} is too long ({len(raw)} characters; at most {MAX_ZONE_LINE})"
            )
            continue
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        if len(errors) >= MAX_FORM_ERRORS:
            errors.append(
                f"{label}: lines after {no - 1} were not checked "
                f"(more than {MAX_FORM_ERRORS} problems)"
            )
            break
        count, name, opts = zone_line(line)
        if opts is not None:
            name = f"{name} [{opts}]"  # a library card has no status: the name as typed
        if not 1 <= count <= limits.SCENARIO_MAX_COUNT:
            errors.append(
                f"{label} line {no}: count {count} is out of range "
                f"(1 to {limits.SCENARIO_MAX_COUNT})"
            )
            continue
        card = pool.find(name)
        if card is None:
            errors.append(f"{label} line {no}: unknown card {name!r}{_suggest(pool, name, errors)}")
            continue
        out.append({"name": card.name, "count": count})
    return out


# ------------------------------------------------------------------- when/targets
def _split_opts(text: str) -> tuple[str, str | None]:
    """``Name [a=1, b=2]`` -> ("Name", "a=1, b=2"); no brackets -> (text, None)."""
    text = text.strip()
    if text.endswith("]"):
        body = text[:-1]
        start = body.find("[", body.rfind("]") + 1)
        if start >= 0:
            return body[:start].rstrip(), body[start + 1 :]
    return text, None


def _kv(
    opts: str, ints: tuple[str, ...], texts: tuple[str, ...], bools: tuple[str, ...] = ()
) -> tuple[dict, str]:
    out: dict[str, Any] = {}
    for piece in opts.split(","):
        piece = piece.strip()
        if not piece:
            continue
        key, eq, value = piece.partition("=")
        key, value = key.strip().lower(), value.strip()
        if not eq or key not in ints + texts + bools:
            return {}, f"can't read {piece[:60]!r} (keys: {', '.join(ints + texts + bools)})"
        if key in bools:
            if value.lower() not in ("true", "false"):
                return {}, f"{key} must be true or false, not {value[:20]!r}"
            out[key] = value.lower() == "true"
        elif key in ints:
            if not value.isdecimal() or len(value) > 6:
                return {}, f"{key} must be a whole number, not {value[:20]!r}"
            out[key] = int(value)
        else:
            out[key] = value
    return out, ""


def parse_when(text: str) -> tuple[Any, str]:
    """The "when" box -> (value for the action's ``when``, problem). Empty -> None.

    ``Blightning`` (the shorthand), ``Blightning [kind=spell, nth=1]``,
    ``The First Eruption [kind=ability, chapter=2]``, ``... [top=true]``, or JSON.
    """
    text = text.strip()
    if not text:
        return None, ""
    if text.startswith(("{", '"')):
        return _json_value(text)
    name, opts = _split_opts(text)
    if not name:
        return None, "name the card on the stack"
    if opts is None:
        return name, ""
    fields, problem = _kv(opts, ("nth", "chapter"), ("kind",), ("top",))
    if problem:
        return None, problem
    return {"on_stack": name, **fields}, ""


def when_text(when: Any) -> str:
    """A ``when`` value as the form writes it (JSON if the short form can't say it)."""
    if when is None:
        return ""
    text = _json_text(when)
    if isinstance(when, str):
        text = when
    elif isinstance(when, dict) and isinstance(when.get("on_stack"), str):
        opts = [
            f"{k}={str(when[k]).lower() if k == 'top' else when[k]}"
            for k in ("kind", "chapter", "nth", "top")
            if k in when
        ]
        text = f"{when['on_stack']} [{', '.join(opts)}]"
    return text if parse_when(text) == (when, "") else _json_text(when)


def parse_targets(text: str) -> tuple[Any, str]:
    """The "targets" box -> (list, problem); entries separated by ';'.

    ``Grizzly Bears [owner=1, zone=battlefield]; player=1; o9``, or a JSON list.
    """
    text = text.strip()
    if not text:
        return None, ""
    if text.startswith("["):
        return _json_value(text)
    out: list[Any] = []
    for piece in _pieces(text):
        low = piece.lower()
        if low.startswith("player") and low[6:].strip().startswith("="):
            value = low[6:].strip()[1:].strip()
            if value not in ("0", "1"):
                return None, f"player={value[:10]!r}: a player is 0 (you) or 1 (the opponent)"
            out.append({"player": int(value)})
            continue
        if len(piece) > 1 and piece[0] == "o" and piece[1:].isdecimal() and len(piece) < 12:
            out.append(piece)
            continue
        name, opts = _split_opts(piece)
        ref: dict[str, Any] = {"card": name}
        if opts is not None:
            fields, problem = _kv(opts, ("owner", "nth"), ("zone",))
            if problem:
                return None, f"{name[:60]!r}: {problem}"
            ref.update(fields)
        out.append(ref)
    return out, ""


def targets_text(targets: Any) -> str:
    if targets is None:
        return ""
    parts: list[str] = []
    for t in targets if isinstance(targets, list) else ():
        if isinstance(t, str):
            parts.append(t)
        elif isinstance(t, dict) and set(t) == {"player"}:
            parts.append(f"player={t['player']}")
        elif isinstance(t, dict) and isinstance(t.get("card"), str):
            opts = [f"{k}={t[k]}" for k in ("owner", "zone", "nth") if k in t]
            parts.append(t["card"] + (f" [{', '.join(opts)}]" if opts else ""))
    text = "; ".join(parts)
    return text if text and parse_targets(text) == (targets, "") else _json_text(targets)


# -------------------------------------------------------------- attackers / blocks
def parse_attackers(text: str) -> tuple[Any, str]:
    """The "attackers" box -> (list, problem); entries separated by ';' (CR 508.1).

    ``Grizzly Bears; Serra Angel -> Jace Beleren; Goblin Guide -> player=0``: a creature,
    and after ``->`` what it attacks (a planeswalker or battle by name, or a player);
    without it, the opponent. A JSON list is taken as it is.
    """
    text = text.strip()
    if not text:
        return None, ""
    if text.startswith("["):
        return _json_value(text)
    out: list[Any] = []
    for piece in _pieces(text):
        name, arrow, what = (p.strip() for p in piece.partition("->"))
        if not name:
            return None, f"{piece[:60]!r}: name the attacking creature"
        if not arrow:
            out.append(name)
            continue
        low = what.lower()
        if low.startswith("player") and low[6:].strip().startswith("="):
            value = low[6:].strip()[1:].strip()
            if value not in ("0", "1"):
                return None, f"player={value[:10]!r}: a player is 0 (you) or 1 (the opponent)"
            out.append({"card": name, "attacks": {"player": int(value)}})
        elif what:
            out.append({"card": name, "attacks": {"card": what}})
        else:
            return None, f"{piece[:60]!r}: say what it attacks after '->'"
    return out, ""


def attackers_text(attackers: Any) -> str:
    if attackers is None:
        return ""
    parts: list[str] = []
    for a in attackers if isinstance(attackers, list) else ():
        if isinstance(a, str):
            parts.append(a)
        elif isinstance(a, dict) and isinstance(a.get("card"), str):
            spec = a.get("attacks")
            if isinstance(spec, dict) and set(spec) == {"player"}:
                parts.append(f"{a['card']} -> player={spec['player']}")
            elif isinstance(spec, dict) and isinstance(spec.get("card"), str):
                parts.append(f"{a['card']} -> {spec['card']}")
            else:
                parts.append(a["card"])
    text = "; ".join(parts)
    if attackers == []:
        return "[]"
    return text if text and parse_attackers(text) == (attackers, "") else _json_text(attackers)


def parse_blocks(text: str) -> tuple[Any, str]:
    """The "blocks" box -> (list, problem): ``Hill Giant -> Grizzly Bears; Wall -> Elf``
    (a blocker, then the attacker it blocks, CR 509.1a); ``none`` for no blocks; empty:
    the defending player decides each block (a decision). A JSON list is taken as it is."""
    text = text.strip()
    if not text:
        return None, ""
    if text.lower() == "none":
        return [], ""
    if text.startswith("["):
        return _json_value(text)
    out: list[Any] = []
    for piece in _pieces(text):
        blocker, arrow, attacker = (p.strip() for p in piece.partition("->"))
        if not arrow or not blocker or not attacker:
            return None, f"{piece[:60]!r}: write 'blocker -> attacker'"
        out.append({"blocker": blocker, "attacker": attacker})
    return out, ""


def blocks_text(blocks: Any) -> str:
    if blocks is None:
        return ""
    if blocks == []:
        return "none"
    parts = [
        f"{b['blocker']} -> {b['attacker']}"
        for b in blocks
        if isinstance(b, dict)
        and isinstance(b.get("blocker"), str)
        and isinstance(b.get("attacker"), str)
    ]
    text = "; ".join(parts)
    return text if text and parse_blocks(text) == (blocks, "") else _json_text(blocks)


def _pieces(text: str) -> list[str]:
    """The entries of a ';'-separated box, stripped, empty ones left out."""
    return [piece.strip() for piece in text.split(";") if piece.strip()]


def _json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _json_value(text: str) -> tuple[Any, str]:
    if len(text) > MAX_ACTION_JSON:
        return None, f"the JSON is {len(text):,} characters (at most {MAX_ACTION_JSON:,})"
    if limits.json_too_deep(text):
        return None, "the JSON is nested too deeply"
    try:
        return json.loads(text), ""
    except ValueError as e:
        return None, f"not valid JSON ({e})"


# --------------------------------------------------------------------- actions
class ActionRow(param.Parameterized):
    """One action of the scenario as the editor shows it: a field per key, or its JSON."""

    do = param.Selector(default="cast", objects=action_kinds(), label="Do")
    player = param.Selector(default="", objects=PLAYERS, label="Who")
    card = param.String(default="", label="Card")
    with_ = param.String(default="", label="Countered with")
    target = param.String(default="", label="Spell countered")
    x = param.String(default="", label="X")
    n = param.String(default="", label="N")
    when = param.String(default="", label="When (on the stack)")
    targets = param.String(default="", label="Targets")
    attackers = param.String(default="", label="Attackers (-> what each attacks)")
    blocks = param.String(default="", label="Blocks (blocker -> attacker)")
    other = param.String(default="", label="Other fields (JSON)")
    raw = param.Boolean(default=False, doc="Shown and edited as JSON (fields can't say it).")
    json_text = param.String(default="", label="Action (JSON)")


_FIELD_KEYS = (
    "do",
    "player",
    "card",
    "with",
    "target",
    "x",
    "n",
    "when",
    "targets",
    "attackers",
    "blocks",
)


def row_of(action: dict) -> ActionRow:
    """The editor row for an action; JSON when the fields can't give it back exactly."""
    fields = _fields_of(action)
    if fields is not None:
        row = ActionRow(**fields)
        if action_of(row, 1, []) == action:
            return row
    return ActionRow(raw=True, json_text=_json_text(action), do="cast")


def _fields_of(a: dict) -> dict[str, Any] | None:
    do = a.get("do")
    if do not in schema.ACTIONS:
        return None
    for key in ("card", "with", "target"):
        if key in a and not isinstance(a[key], str):
            return None
    for key in ("x", "n"):
        if key in a and (not isinstance(a[key], int) or isinstance(a[key], bool)):
            return None
    if "player" in a and a["player"] not in (0, 1):
        return None
    other = {k: v for k, v in a.items() if k not in _FIELD_KEYS}
    return {
        "do": do,
        "player": str(a["player"]) if "player" in a else "",
        "card": a.get("card", ""),
        "with_": a.get("with", ""),
        "target": a.get("target", ""),
        "x": str(a["x"]) if "x" in a else "",
        "n": str(a["n"]) if "n" in a else "",
        "when": when_text(a.get("when")),
        "targets": targets_text(a.get("targets")),
        "attackers": attackers_text(a.get("attackers")),
        "blocks": blocks_text(a.get("blocks")),
        "other": _json_text(other) if other else "",
    }


def action_of(row: ActionRow, no: int, errors: list[str]) -> dict | None:
    """The action a row says; problems go to ``errors`` naming the row ("Action 2: ...")."""
    where = f"Action {no}"
    if row.raw:
        value, problem = _json_value(row.json_text.strip() or "{}")
        if problem:
            errors.append(f"{where}: {problem}")
            return None
        if not isinstance(value, dict):
            errors.append(f'{where}: the JSON must be an object like {{"do": "cast", ...}}')
            return None
        return value
    out: dict[str, Any] = {"do": row.do}
    if row.player:
        out["player"] = int(row.player)
    for key, text in (("card", row.card), ("with", row.with_), ("target", row.target)):
        if len(text) > MAX_ZONE_LINE:
            errors.append(f"{where}: the {key} name is too long ({len(text)} characters)")
            return None
        if text.strip():
            out[key] = text.strip()
    for key, text in (("x", row.x), ("n", row.n)):
        text = text.strip()
        if text:
            if not text.isdecimal() or len(text) > 3:
                errors.append(
                    f"{where}: {key.upper()} must be a whole number 0-99, not {text[:20]!r}"
                )
                return None
            out[key] = int(text)
    for key, text, parse in (
        ("when", row.when, parse_when),
        ("targets", row.targets, parse_targets),
        ("attackers", row.attackers, parse_attackers),
        ("blocks", row.blocks, parse_blocks),
    ):
        if len(text) > MAX_ACTION_JSON:
            errors.append(f"{where}: '{key}' is too long ({len(text):,} characters)")
            return None
        value, problem = parse(text)
        if problem:
            errors.append(f"{where}: {key}: {problem}")
            return None
        if value is not None:
            out[key] = value
    if row.other.strip():
        value, problem = _json_value(row.other.strip())
        if problem or not isinstance(value, dict):
            errors.append(f"{where}: other fields: {problem or 'must be a JSON object'}")
            return None
        clash = sorted(set(value) & set(_FIELD_KEYS))
        if clash:
            errors.append(f"{where}: other fields: {clash[0]!r} has its own box")
            return None
        out.update(value)
    return out
