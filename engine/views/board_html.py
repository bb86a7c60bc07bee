"""The one renderer of a game state as HTML (every player's zones, life, mana pool, who is
active and who lost, the stack), and the one mana-symbol function: the playground app's
board, and the notebook views of a frame, a state and a timeline (``Frame._repr_html_``,
``GameState._repr_html_``, ``Timeline._repr_html_`` via ``engine.views.render``).

A frame's board is a fixed skeleton with named parts (``board_parts``), so the app can
re-send only the parts a step changed; a state alone (``state_board``) is the same table
under its phase line. Markup carries classes; the app styles them
with ``BOARD_CSS``, and ``inline_styles`` writes the same look into ``style``
attributes for notebooks (whose sanitisers drop ``<style>``). Every string from a
card, a scenario or a user passes through ``esc``. Stdlib only (runs in Pyodide).
"""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any

from engine.views import coverage

if TYPE_CHECKING:
    from collections.abc import Iterable

    from engine.core.events import Event
    from engine.core.state import CardObject, GameState
    from engine.play.timeline import Frame, Timeline

__all__ = [
    "BOARD_CSS",
    "MANA_CSS",
    "MARK_CSS",
    "PARTS",
    "SKELETON",
    "STATE_PARTS",
    "TABLE",
    "board_html",
    "board_parts",
    "card_status",
    "esc",
    "facts_attrs",
    "frame_parts",
    "inline_styles",
    "mana_html",
    "mana_symbol",
    "mana_text",
    "mark_html",
    "mark_info",
    "marked_status",
    "state_board",
    "state_parts",
]

LIBRARY_TOP = 7  # library cards shown from the top
LIBRARY_BOTTOM = 4  # ... and from the bottom (cascade puts cards there)


def esc(value: object) -> str:
    """Escape any value for HTML text or a double-quoted attribute."""
    return html.escape(str(value), quote=True)


# ----- mana symbols ---------------------------------------------------------------------

_SYMBOL = re.compile(r"\{([^{}]{1,8})\}")
# Colours of the five mana symbols, colourless and generic (drawn offline as CSS circles).
_COLOURS = {
    "W": "#f8f3d0",
    "U": "#a9cde8",
    "B": "#c9c1bd",
    "R": "#f2a488",
    "G": "#9fcf9f",
    "C": "#d8d4d0",
    "S": "#e4ecf2",
}
_GENERIC = "#cfcac6"
# Inline, so a symbol looks the same in a notebook (no stylesheet) and in the app.
_MS = (
    "display:inline-flex;align-items:center;justify-content:center;min-width:15px;"
    "height:15px;border-radius:8px;font:700 9.5px/1 system-ui,sans-serif;color:#222;"
    "box-shadow:0 1px 0 rgba(0,0,0,.45);margin:0 1px;vertical-align:middle;"
)


def mana_symbol(sym: str) -> str:
    """One mana symbol (``R``, ``2/W``, ``G/P``, ``T``...) as a coloured circle; hybrid
    symbols get a two-colour split. The only place a mana symbol is drawn."""
    parts = sym.upper().split("/")
    title = esc("{" + sym + "}")
    if len(parts) == 2 and parts[1] == "P":  # Phyrexian: colour with a phi mark
        bg, label, cls = _COLOURS.get(parts[0], _GENERIC), "\u03a6", "ms"
    elif len(parts) == 2:
        a = _COLOURS.get(parts[0], _GENERIC)
        b = _COLOURS.get(parts[1], _GENERIC)
        bg = f"linear-gradient(135deg,{a} 50%,{b} 50%)"
        label, cls = esc(parts[0] + parts[1]), "ms ms-hybrid"
    elif parts[0] == "T":
        bg, label, cls = _GENERIC, "\u21b7", "ms"
    else:
        bg, label, cls = _COLOURS.get(parts[0], _GENERIC), esc(parts[0]), "ms"
    small = "font-size:7px;letter-spacing:-0.5px;" if cls != "ms" else ""
    return f'<span class="{cls}" title="{title}" style="{_MS}{small}background:{bg}">{label}</span>'


def mana_html(cost: Any) -> str:
    """A cost such as ``{X}{2/W}{G}`` (text or an ``engine.cards.mana.ManaCost``) as symbols;
    unknown text is escaped; "" for no cost (CR 202.1a)."""
    if cost is not None and not isinstance(cost, str):
        cost = cost.text
    if not cost:
        return ""
    return f'<span class="mana" aria-label="{esc(cost)}">{mana_text(cost)}</span>'


def mana_text(text: str) -> str:
    """Escape a sentence and draw any ``{..}`` mana symbols inside it as symbols."""
    out: list[str] = []
    pos = 0
    for m in _SYMBOL.finditer(text):
        out.append(esc(text[pos : m.start()]))
        out.append(mana_symbol(m.group(1)))
        pos = m.end()
    out.append(esc(text[pos:]))
    return "".join(out)


MANA_CSS = """
.mana { display: inline-flex; gap: 1px; vertical-align: middle; }
"""

# ----- the "not simulated" mark and card facts hooks --------------------------------------

_LABELS = {
    coverage.NOT: ("!", "what it does is not simulated"),
    coverage.PARTLY: ("≈", "partly simulated"),
}
MARK_CSS = """
.sim-mark { display: inline-flex; align-items: center; justify-content: center;
  min-width: 14px; height: 14px; border-radius: 7px; padding: 0 3px; margin-left: 3px;
  font: 700 10px/1 system-ui, sans-serif; vertical-align: middle; cursor: help; }
.sim-not { background: #ffebe9; color: #a40e26; border: 1px solid #ff8182; }
.sim-partly { background: #fff8c5; color: #7d4e00; border: 1px solid #d4a72c; }
"""
# card -> status: frozen CardDefs are shared by every copy, so the identity is the key
_STATUS: dict[int, tuple[Any, str]] = {}


def card_status(card: Any) -> str:
    """full / partly / not for one card (computed once per CardDef object)."""
    hit = _STATUS.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    if len(_STATUS) > 50_000:
        _STATUS.clear()
    status = coverage.card_coverage(card).status
    _STATUS[id(card)] = (card, status)
    return status


def marked_status(card: Any) -> str:
    """The status a mark shows: coverage counts nonland cards, so a land shows none."""
    if card is None or card.is_land:
        return coverage.FULL
    return card_status(card)


def mark_html(status: str) -> str:
    """The small mark of a card that is not (or partly) simulated; "" when fully simulated."""
    if status not in _LABELS:
        return ""
    sign, label = _LABELS[status]
    return (
        f'<span class="sim-mark sim-{status}" role="img" aria-label="{label}" '
        f'title="{label}" data-testid="sim-mark" data-status="{status}">{sign}</span>'
    )


def mark_info(status: str) -> dict[str, str] | None:
    """The mark as data, for views that draw it in the browser (the library table)."""
    if status not in _LABELS:
        return None
    sign, label = _LABELS[status]
    return {"status": status, "sign": sign, "label": label}


def facts_attrs(name: str) -> str:
    """Attributes that make an element show ``name``'s facts on hover, focus and tap
    (the playground's card facts panel reads them; a notebook ignores them)."""
    return f' data-facts="{esc(name)}" tabindex="0"'


# ----- the board --------------------------------------------------------------------------

_ZONE_TITLES = {
    "library": "Library",
    "hand": "Hand",
    "battlefield": "Battlefield",
    "graveyard": "Graveyard",
    "exile": "Exile",
}


def _cost_of(obj: CardObject) -> str:
    card = obj.card
    if obj.face and obj.face != card.name:
        try:
            face = card.face(obj.face)
            return face.mana_cost.text if face.mana_cost else ""
        except KeyError:
            pass
    return card.mana_cost_text


def _colour_class(obj: CardObject) -> str:
    card = obj.card
    if card.is_land:
        return "c-land"
    colours = card.colors
    if len(colours) > 1:
        return "c-multi"
    return f"c-{colours[0]}" if colours else "c-none"


def chip(
    obj: CardObject,
    moved: set[int],
    moves: dict[int, tuple[str, str]],
    *,
    extra: str = "",
    wrap: bool = False,
    host: str | None = None,
) -> str:
    """One card object as a chip: name, mana symbols, counters, status; escaped throughout.
    ``wrap``: its badges may go on a second line (a creature in combat says what it does);
    ``host``: the name of what it is attached to (301.5, 303.4)."""
    classes = ["chip", _colour_class(obj), *(["wrap"] if wrap else [])]
    move = ""
    if obj.id in moved:
        classes.append("moved")
    if obj.id in moves:
        src, dst = moves[obj.id]
        move = f' data-move="{esc(src)} → {esc(dst)}"'
    if obj.tapped:
        classes.append("tapped")
    badges = []
    for kind, n in sorted(obj.counters.items()):
        badges.append(f'<span class="badge" data-testid="counter">{esc(kind)} {n}</span>')
    if obj.tapped:
        badges.append('<span class="badge muted">tapped</span>')
    if obj.is_token:
        badges.append('<span class="badge muted">token</span>')
    if obj.damage:
        badges.append(f'<span class="badge" data-testid="damage">{obj.damage} damage</span>')
    if obj.attached_to is not None or obj.phased_out or obj.face_down:
        badges.extend(_status_badges(obj, host))
    return (
        f'<span class="{" ".join(classes)}" data-testid="card" data-id="{obj.id}"'
        f' data-name="{esc(obj.name)}"{move}{facts_attrs(obj.name)}>'
        f"{esc(obj.name)}{mark_html(marked_status(obj.card))}"
        f"{mana_html(_cost_of(obj))}{extra}{''.join(badges)}</span>"
    )


def _status_badges(obj: CardObject, host: str | None) -> list[str]:
    """Attached (301.5, 303.4), phased out (702.26) and face down (708.2): rare states,
    each a muted badge."""
    out = []
    if obj.attached_to is not None:
        what = esc(host) if host is not None else f"#{obj.attached_to}"
        out.append(f'<span class="badge muted" data-testid="attached">attached to {what}</span>')
    if obj.phased_out:
        out.append('<span class="badge muted" data-testid="phased-out">phased out</span>')
    if obj.face_down:
        out.append('<span class="badge muted" data-testid="face-down">face down</span>')
    return out


def _host(state: GameState, attached_to: int) -> str | None:
    """The name of the object something is attached to, if it is still there."""
    host = state.objects.get(attached_to)
    return host.name if host is not None else None


def _combat(state: GameState, oid: int) -> str:
    """What a creature does in this frame's combat (506-511): attacking what, blocking whom,
    blocked; escaped like every name."""
    if not state.combat:
        return ""
    out = []
    attacks = state.attacking(oid)
    if attacks is not None:
        what = (
            state.players[int(attacks[1:])].name
            if attacks.startswith("p")
            else state.objects[int(attacks[1:])].name
        )
        blocked = " (blocked)" if oid in (state.combat.get("blocked") or ()) else ""
        out.append(
            f'<span class="badge combat" data-testid="combat">attacking {esc(what)}{blocked}</span>'
        )
    blocking = state.blocking(oid)
    if blocking:
        names = ", ".join(state.objects[a].name for a in blocking)
        out.append(f'<span class="badge combat" data-testid="combat">blocking {esc(names)}</span>')
    return "".join(out)


def _pt(state: GameState, oid: int) -> str:
    """A creature's computed power/toughness (after continuous effects, CR 613)."""
    pt = state.characteristics(oid).pt
    return f'<span class="badge" data-testid="pt">{esc(pt)}</span>' if pt else ""


def _zone(testid: str, title: str, body: str, count: int | None = None, cls: str = "") -> str:
    n = f'<span class="count">{count}</span>' if count is not None else ""
    empty = body or '<span class="empty">empty</span>'
    return (
        f'<section class="zone {cls}" data-testid="{testid}">'
        f'<h4>{esc(title)}{n}</h4><div class="cards">{empty}</div></section>'
    )


def _library(state: GameState, p: int, moved: set[int], moves: dict) -> str:
    ids = state.players[p].library
    objs = state.objects
    if len(ids) <= LIBRARY_TOP + LIBRARY_BOTTOM + 1:
        parts = [chip(objs[i], moved, moves) for i in ids]
    else:
        top = [chip(objs[i], moved, moves) for i in ids[:LIBRARY_TOP]]
        hidden = len(ids) - LIBRARY_TOP - LIBRARY_BOTTOM
        bottom = [chip(objs[i], moved, moves) for i in ids[-LIBRARY_BOTTOM:]]
        parts = [*top, f'<span class="more">… {hidden} more …</span>', *bottom]
    if parts:
        parts[0] = '<span class="edge">top</span>' + parts[0]
        if len(ids) > 1:
            parts[-1] = parts[-1] + '<span class="edge">bottom</span>'
    return "".join(parts)


def _stack(state: GameState, moved: set[int], moves: dict) -> str:
    items = []
    for k, item in enumerate(state.stack_top_first):
        pos = '<span class="edge">top</span>' if k == 0 else ""
        if item.card_id is not None and item.card_id in state.objects:
            extra = f'<span class="badge">X={item.x}</span>' if item.x else ""
            extra += _spent_badge(state, (item.data or {}).get("mana_spent"))
            body = chip(state.objects[item.card_id], moved, moves, extra=extra)
            label = "spell"
        else:
            source = state.objects.get(item.source) if item.source is not None else None
            src = f'<span class="src">{esc(source.name)}</span> ' if source else ""
            hot = " moved" if item.id in moved or item.source in moved else ""
            body = (
                f'<span class="ability{hot}" data-testid="ability">{src}'
                f"{mana_text(item.text)}</span>"
            )
            label = "ability"
        who = _controller_badge(state, item.controller)
        items.append(
            f'<div class="stack-item" data-testid="stack-item">{pos}'
            f'<span class="kind">{label}</span>{body}{who}</div>'
        )
    return "".join(items)


def _controller_badge(state: GameState, controller: int) -> str:
    """Whose a stack item is, unless it is the first player's: "opponent" in a two-player
    game, the player's name with more players."""
    if controller == 0:
        return ""
    if len(state.players) == 2:
        name = "opponent"
    elif 0 <= controller < len(state.players):
        name = state.players[controller].name
    else:
        name = "?"
    return f'<span class="badge muted">{esc(name)}</span>'


def _spent_badge(state: GameState, spent: object) -> str:
    """What a spell's cost was paid with (real mana payment, 601.2h), and from where."""
    if not isinstance(spent, dict) or not spent.get("amount"):
        return ""
    names = [state.objects[o].name for o in spent.get("sources") or () if o in state.objects]
    where = f' title="from {esc(", ".join(names))}"' if names else ""
    return (
        f'<span class="badge" data-testid="mana-spent"{where}>paid '
        f"{mana_html(str(spent.get('mana', '')))}</span>"
    )


def _player_head(state: GameState, p: int) -> str:
    ps = state.players[p]
    pool = (
        f' <span class="pool" data-testid="mana-pool">mana pool {mana_html(ps.mana_pool)}</span>'
        if ps.mana_pool
        else ""
    )
    # CR 903.6: the commander starts in the command zone (casting it from there, 903.8,
    # is not simulated); shown by name, as it is only there to be read (903.4).
    cmd = (
        f' <span class="commander" data-testid="commander" title="command zone (CR 903.6)">'
        f'Commander: <span class="cmd-name"{facts_attrs(ps.commander)}>{esc(ps.commander)}'
        f"</span></span>"
        if ps.commander
        else ""
    )
    active = (
        ' <span class="badge muted" data-testid="active" title="whose turn it is (CR 102.1)">'
        "active</span>"
        if p == state.active
        else ""
    )
    lost = (
        ' <span class="badge lost" data-testid="lost" title="lost the game (CR 104.3)">lost</span>'
        if p in state.lost
        else ""
    )
    return (
        f'<b>{esc(ps.name)}</b> <span class="life">{ps.life} life</span>{active}{lost}{pool}{cmd}'
    )


def _prefix(p: int) -> str:
    """The test id prefix of player ``p``'s zones: none for the first player, ``opp-`` for
    the second, ``p<n>-`` for any further one."""
    return "" if p == 0 else "opp-" if p == 1 else f"p{p}-"


def _player_zone(state: GameState, p: int, z: str, moved: set[int], moves: dict) -> str:
    ps = state.players[p]
    if z == "library":
        body = _library(state, p, moved, moves)
    else:
        parts = []
        for i in ps.zone(z):
            obj = state.objects[i]
            if z == "battlefield":
                fight = _combat(state, i)
                extra = _pt(state, i) + fight
                host = _host(state, obj.attached_to) if obj.attached_to is not None else None
                parts.append(chip(obj, moved, moves, wrap=bool(fight), extra=extra, host=host))
            else:
                parts.append(chip(obj, moved, moves))
        body = "".join(parts)
    wide = " z-wide" if p == 0 and z == "library" else ""
    testid = f"{_prefix(p)}zone-{z}"
    return _zone(testid, _ZONE_TITLES[z], body, len(ps.zone(z)), cls=f"z-{z}{wide}")


_YOU_ZONES = ("library", "hand", "exile", "battlefield", "graveyard")
_OPP_ZONES = ("hand", "battlefield", "graveyard", "exile", "library")


def _opponents(state: GameState, moved: set[int], moves: dict) -> str:
    """Every player after the first, in turn order, above the stack (the first player's
    side is below it)."""
    out = []
    for p in range(1, len(state.players)):
        testid = "player-opp" if p == 1 else f"player-{p}"
        zones = "".join(_player_zone(state, p, z, moved, moves) for z in _OPP_ZONES)
        out.append(
            f'<div class="player opp" data-testid="{testid}"><div class="phead">'
            f'{_player_head(state, p)}</div><div class="zones">{zones}</div></div>'
        )
    return "".join(out)


# A step re-sends only the parts that changed (usually the event line, the library and one
# other zone). STATE_PARTS draw a game state; a frame's board adds its event line (head).
STATE_PARTS = ("opp", "stack", "you_head", *(f"you_{z}" for z in _YOU_ZONES))
PARTS = ("head", *STATE_PARTS)
TABLE = (
    '<div class="table">{opp}<div class="mid">{stack}</div>'
    '<div class="player you" data-testid="player-you">'
    '<div class="phead">{you_head}</div><div class="zones">'
    + "".join(f"{{you_{z}}}" for z in _YOU_ZONES)
    + "</div></div></div>"
)
SKELETON = '<div class="board" data-testid="board" data-frame="{frame}">{head}' + TABLE + "</div>"


def _phase(state: GameState, suffix: str = "") -> str:
    return f'<div class="phase">Turn {state.turn} · {esc(state.phase)}{suffix}</div>'


def _head(index: int, event: Event | None, state: GameState, n_frames: int | None) -> str:
    if event is None:
        text = "The starting position. Press Next (or →) to step through the resolution."
        head = (
            f'<div class="event" data-testid="event"><span class="step">Start</span>'
            f'<span class="etext">{esc(text)}</span></div>'
        )
    else:
        move_txt = "".join(
            f'<span class="move">{esc(m.name)}: {esc(m.src)} → {esc(m.dst)}</span>'
            for m in event.moves
        )
        head = (
            f'<div class="event" data-testid="event"><span class="step">Step {index}'
            f'</span><span class="etext" data-testid="event-text">{mana_text(event.text)}'
            f'</span><span class="rule" data-testid="rule">CR {esc(event.rule)}</span>'
            f"{move_txt}</div>"
        )
    of = f" of {n_frames - 1}" if n_frames is not None else ""
    return head + _phase(state, f" · frame {index}{of}")


def state_parts(
    state: GameState, moved: set[int], moves: dict[int, tuple[str, str]] | None = None
) -> dict[str, str]:
    """A game state as the named parts of ``TABLE`` (everything escaped): every player's
    zones and head, and the stack top first; objects in ``moved`` are highlighted, and
    ``moves`` (object -> from, to) says where they went."""
    moves = moves or {}
    parts = {
        "opp": _opponents(state, moved, moves),
        "stack": _zone(
            "zone-stack",
            "Stack (top first)",
            _stack(state, moved, moves),
            len(state.stack),
            cls="z-stack",
        ),
        "you_head": _player_head(state, 0),
    }
    for z in _YOU_ZONES:
        parts[f"you_{z}"] = _player_zone(state, 0, z, moved, moves)
    return parts


def state_board(state: GameState, highlight: Iterable[int] = ()) -> str:
    """A game state alone (no event): its phase line over the same table a frame's board
    draws, with the objects in ``highlight`` marked."""
    table = TABLE.format(**state_parts(state, set(highlight)))
    return f'<div class="board">{_phase(state)}{table}</div>'


def frame_parts(fr: Frame, n_frames: int | None = None) -> dict[str, str]:
    """The board of one frame as named HTML parts (everything escaped); ``n_frames``
    (the timeline's length) adds "of N" to the frame number."""
    state = fr.state
    event = fr.event
    moved = set(event.objects) if event else set()
    moves: dict[int, tuple[str, str]] = {}
    if event:
        for m in event.moves:
            moved.add(m.obj)
            moves[m.obj] = (m.src, m.dst)
    return {"head": _head(fr.index, event, state, n_frames), **state_parts(state, moved, moves)}


def board_parts(timeline: Timeline | None, frame: int, error: str = "") -> dict[str, str]:
    """The board of frame ``frame`` of ``timeline`` (clamped) as named HTML parts."""
    if timeline is None:
        parts = dict.fromkeys(PARTS, "")
        parts["head"] = f"<p>{esc(error or 'No scenario')}</p>"
        return parts
    frame = max(0, min(frame, len(timeline) - 1))
    return frame_parts(timeline[frame], len(timeline))


def board_html(timeline: Timeline | None, frame: int, error: str = "") -> str:
    """The whole board for frame ``frame`` of ``timeline`` as one escaped HTML string."""
    return SKELETON.format(frame=frame, **board_parts(timeline, frame, error))


BOARD_CSS = (
    MANA_CSS
    + MARK_CSS
    + """
:host { width: 100%; }
.board { font: 13px/1.35 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328; }
.event { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 10px 12px;
  background: #fff8e1; border: 1px solid #f0d58a; border-radius: 8px; min-height: 24px; }
.event .step { font-weight: 700; color: #8a6100; }
.event .etext { font-size: 14px; }
.event .rule { background: #3d4b5c; color: #fff; border-radius: 10px; padding: 1px 8px;
  font: 600 11px/1.6 ui-monospace, monospace; }
.event .move { background: #fff; border: 1px solid #e6cf8c; border-radius: 4px; padding: 0 5px;
  font-size: 11px; color: #6b5a1f; }
.phase { color: #667; font-size: 11px; margin: 4px 2px 8px; }
.table { display: flex; flex-direction: column; gap: 8px; }
.player { border: 1px solid #d8dee4; border-radius: 8px; padding: 6px 8px 8px;
  background: #fafbfc; }
.player.opp { background: #f6f4fb; }
.phead { margin-bottom: 4px; }
.phead .life { color: #57606a; margin-left: 6px; }
.phead .commander { color: #57606a; margin-left: 8px; font-size: 12px; }
.phead .cmd-name { font-weight: 600; color: #24292f; }
.zones { display: grid; gap: 6px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 210px), 1fr)); }
@media (max-width: 520px) {
  .zones { grid-template-columns: repeat(auto-fit, minmax(min(100%, 150px), 1fr)); }
}
.z-wide { grid-column: 1 / -1; }
.zone { background: #fff; border: 1px solid #e1e4e8; border-radius: 6px; padding: 4px 6px 6px;
  min-height: 44px; }
.zone h4 { margin: 0 0 4px; font: 600 11px/1.4 system-ui, sans-serif; text-transform: uppercase;
  letter-spacing: .04em; color: #57606a; }
.zone h4 .count { margin-left: 6px; background: #eaeef2; border-radius: 8px; padding: 0 6px;
  color: #24292f; font-weight: 600; }
.z-stack { background: #f0f6ff; border-color: #b6d4fe; }
.cards { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.empty { color: #9aa1a9; font-style: italic; font-size: 12px; }
.more { color: #6e7781; font-size: 12px; padding: 0 4px; }
.edge { font: 600 9px/1 system-ui; text-transform: uppercase; color: #8c959f; margin: 0 3px; }
.chip { display: inline-flex; align-items: center; gap: 4px; padding: 2px 7px 2px 6px;
  border: 1px solid #c9d1d9; border-left-width: 4px; border-radius: 5px; background: #fff;
  white-space: nowrap; max-width: 100%; overflow: hidden; text-overflow: ellipsis;
  font-weight: 500; }
.chip[data-facts] { cursor: help; }
.chip:focus-visible { outline: 2px solid #0969da; outline-offset: 1px; }
.chip.tapped { opacity: .75; font-style: italic; }
.chip.wrap { white-space: normal; flex-wrap: wrap; }
.c-W { border-left-color: #e8dca0; } .c-U { border-left-color: #4a90d9; }
.c-B { border-left-color: #4a4a4a; } .c-R { border-left-color: #d9534f; }
.c-G { border-left-color: #3c9a4a; } .c-multi { border-left-color: #c9a227; }
.c-none { border-left-color: #a0a7ae; } .c-land { border-left-color: #a77b4f; background: #fbf8f4; }
.chip.moved, .ability.moved { background: #fff8c5; border-color: #e0a800;
  box-shadow: 0 0 0 2px #ffd33d, 0 1px 4px rgba(224,168,0,.5); }
.badge { font-size: 10px; background: #ddf4ff; color: #0a3069; border-radius: 8px; padding: 0 5px;
  font-weight: 400; }
.badge.muted { background: #eaeef2; color: #57606a; }
.badge.combat { background: #ffebe9; color: #a40e26; font-weight: 600; }
.badge.lost { background: #cf222e; color: #fff; font-weight: 600; }
.stack-item { display: flex; align-items: center; gap: 6px; margin: 2px 0; }
.stack-item .kind { font-size: 10px; color: #57606a; width: 40px; text-transform: uppercase; }
.ability { display: inline-block; padding: 2px 7px; border: 1px dashed #8c959f; border-radius: 5px;
  background: #fff; }
.ability .src { font-weight: 600; }
"""
)

# ----- the same look as style attributes, for notebooks -----------------------------------

# BOARD_CSS is the one description of the board's look. For notebooks each class's
# declarations are read out of it (descendant and compound rules such as ``.phead .life``
# or ``.chip.moved`` folded into the class they end with, ``.zone h4`` into ``h4``; pseudo-
# class, attribute and @media rules left to the app) and an element gets its classes'
# declarations in order. A notebook's board also gets a white ground and a width limit.
_MEDIA = re.compile(r"@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}")
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_NOTEBOOK = {"board": "background:#fff;max-width:980px"}


def _declarations(body: str) -> str:
    """A rule's body as a style attribute's value (single quotes: it goes in double ones)."""
    return re.sub(r"\s*([:;,])\s*", r"\1", body.strip()).rstrip(";").replace('"', "'")


def _inline_rules(css: str) -> dict[str, str]:
    """Class (or ``h4``) -> the declarations ``css`` gives it, in the order they appear."""
    found: dict[str, list[str]] = {}
    for selectors, body in _RULE.findall(_MEDIA.sub("", css)):
        decl = _declarations(body)
        for selector in selectors.split(","):
            selector = selector.strip()
            if not selector.startswith(".") or ":" in selector or "[" in selector:
                continue
            key = selector.split()[-1].rsplit(".", 1)[-1]
            decls = found.setdefault(key, [])
            if decl not in decls:
                decls.append(decl)
    for key, decl in _NOTEBOOK.items():
        found.setdefault(key, []).append(decl)
    return {key: ";".join(decls) for key, decls in found.items()}


_INLINE = _inline_rules(BOARD_CSS)
_HEADING = _INLINE.pop("h4")
# Only our own markup has class="..." (user text is escaped: it holds no raw quote).
_CLASS_ATTR = re.compile(r' class="([^"]*)"(?! style=)')


def inline_styles(markup: str) -> str:
    """``markup`` (from this module) with each element's classes also written as a
    ``style`` attribute: the board's look where no stylesheet survives (notebooks)."""

    def add(m: re.Match[str]) -> str:
        style = ";".join(_INLINE[c] for c in m.group(1).split() if c in _INLINE)
        return f'{m.group(0)} style="{style}"' if style else m.group(0)

    return _CLASS_ATTR.sub(add, markup).replace("<h4>", f'<h4 style="{_HEADING}">')
