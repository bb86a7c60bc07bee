"""The board: every zone of one frame drawn as escaped HTML with ``data-testid`` hooks.

A pure function of (timeline, frame) so stepping only swaps one HTML string;
the moved / touched objects of the frame's event get the ``moved`` class.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import param
from panel.custom import JSComponent

from playground.html import MANA_CSS, esc, mana_html, mana_text

if TYPE_CHECKING:
    from engine import CardObject, GameState, Timeline
    from playground.model import PlaygroundModel

__all__ = ["BOARD_CSS", "PARTS", "BoardView", "board_html", "board_parts", "board_view"]

LIBRARY_TOP = 7  # library cards shown from the top
LIBRARY_BOTTOM = 4  # ... and from the bottom (cascade puts cards there)

_ZONE_TITLES = {
    "library": "Library", "hand": "Hand", "battlefield": "Battlefield",
    "graveyard": "Graveyard", "exile": "Exile",
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


def chip(obj: CardObject, moved: set[int], moves: dict[int, tuple[str, str]],
         *, extra: str = "") -> str:
    """One card object as a chip: name, mana symbols, counters, status; escaped throughout."""
    classes = ["chip", _colour_class(obj)]
    title = obj.card.type_line or obj.card.name
    if obj.id in moved:
        classes.append("moved")
    if obj.id in moves:
        src, dst = moves[obj.id]
        title = f"{title} — moved {src} → {dst}"
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
        badges.append(f'<span class="badge">{obj.damage} damage</span>')
    return (
        f'<span class="{" ".join(classes)}" data-testid="card" data-id="{obj.id}"'
        f' data-name="{esc(obj.name)}" title="{esc(title)}">'
        f'<span class="cname">{esc(obj.name)}</span>{mana_html(_cost_of(obj))}'
        f'{extra}{"".join(badges)}</span>'
    )


def _pt(state: GameState, oid: int) -> str:
    """A creature's computed power/toughness (after continuous effects, CR 613)."""
    pt = state.characteristics(oid).pt
    return f'<span class="badge" data-testid="pt">{esc(pt)}</span>' if pt else ""


def _zone(testid: str, title: str, body: str, count: int | None = None,
          cls: str = "") -> str:
    n = f'<span class="count">{count}</span>' if count is not None else ""
    empty = body or '<span class="empty">empty</span>'
    return (f'<section class="zone {cls}" data-testid="{testid}">'
            f'<h4>{esc(title)}{n}</h4><div class="cards">{empty}</div></section>')


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
            body = chip(state.objects[item.card_id], moved, moves, extra=extra)
            label = "spell"
        else:
            source = state.objects.get(item.source)
            src = f'<span class="src">{esc(source.name)}</span> ' if source else ""
            hot = " moved" if item.id in moved or item.source in moved else ""
            body = (f'<span class="ability{hot}" data-testid="ability">{src}'
                    f'{mana_text(item.text)}</span>')
            label = "ability"
        who = "" if item.controller == 0 else '<span class="badge muted">opponent</span>'
        items.append(f'<div class="stack-item" data-testid="stack-item">{pos}'
                     f'<span class="kind">{label}</span>{body}{who}</div>')
    return "".join(items)


def _player_head(state: GameState, p: int) -> str:
    ps = state.players[p]
    pool = (f' <span class="pool">mana pool {mana_html(ps.mana_pool)}</span>'
            if ps.mana_pool else "")
    return f'<b>{esc(ps.name)}</b> <span class="life">{ps.life} life</span>{pool}'


def _player_zone(state: GameState, p: int, z: str, moved: set[int], moves: dict,
                 *, you: bool) -> str:
    ps = state.players[p]
    if z == "library":
        body = _library(state, p, moved, moves)
    else:
        body = "".join(chip(state.objects[i], moved, moves,
                            extra=_pt(state, i) if z == "battlefield" else "")
                       for i in ps.zone(z))
    prefix = "" if you else "opp-"
    return _zone(f"{prefix}zone-{z}", _ZONE_TITLES[z], body, len(ps.zone(z)), cls=f"z-{z}")


_YOU_ZONES = ("library", "hand", "exile", "battlefield", "graveyard")
_OPP_ZONES = ("hand", "battlefield", "graveyard", "exile", "library")


def _opponent(state: GameState, moved: set[int], moves: dict) -> str:
    if len(state.players) < 2:
        return ""
    zones = "".join(_player_zone(state, 1, z, moved, moves, you=False) for z in _OPP_ZONES)
    return (f'<div class="player opp" data-testid="player-opp"><div class="phead">'
            f'{_player_head(state, 1)}</div><div class="zones">{zones}</div></div>')


# The board is a fixed skeleton with named parts; a step re-sends only the parts that
# changed (usually the event line, the library and one other zone).
PARTS = ("head", "opp", "stack", "you_head", *(f"you_{z}" for z in _YOU_ZONES))
SKELETON = (
    '<div class="board" data-testid="board" data-frame="{frame}">{head}<div class="table">'
    '{opp}<div class="mid">{stack}</div><div class="player you" data-testid="player-you">'
    '<div class="phead">{you_head}</div><div class="zones">'
    + "".join(f"{{you_{z}}}" for z in _YOU_ZONES) + "</div></div></div></div>"
)


def board_parts(timeline: Timeline | None, frame: int, error: str = "") -> dict[str, str]:
    """The board of frame ``frame`` as named HTML parts (everything escaped)."""
    parts = dict.fromkeys(PARTS, "")
    if timeline is None:
        parts["head"] = f'<p>{esc(error or "No scenario")}</p>'
        return parts
    frame = max(0, min(frame, len(timeline) - 1))
    fr = timeline[frame]
    state = fr.state
    event = fr.event
    moved = set(event.objects) if event else set()
    moves: dict[int, tuple[str, str]] = {}
    if event:
        for m in event.moves:
            moved.add(m.obj)
            moves[m.obj] = (m.src, m.dst)
    if event is None:
        text = "The starting position. Press Next (or →) to step through the resolution."
        head = (f'<div class="event" data-testid="event"><span class="step">Start</span>'
                f'<span class="etext">{esc(text)}</span></div>')
    else:
        move_txt = "".join(
            f'<span class="move">{esc(m.name)}: {esc(m.src)} → {esc(m.dst)}</span>'
            for m in event.moves)
        head = (f'<div class="event" data-testid="event"><span class="step">Step {frame}'
                f'</span><span class="etext" data-testid="event-text">{mana_text(event.text)}'
                f'</span><span class="rule" data-testid="rule">CR {esc(event.rule)}</span>'
                f'{move_txt}</div>')
    parts["head"] = head + (f'<div class="phase">Turn {state.turn} · {esc(state.phase)} · '
                            f'frame {frame} of {len(timeline) - 1}</div>')
    parts["stack"] = _zone("zone-stack", "Stack (top first)", _stack(state, moved, moves),
                           len(state.stack), cls="z-stack")
    parts["opp"] = _opponent(state, moved, moves)
    parts["you_head"] = _player_head(state, 0)
    for z in _YOU_ZONES:
        parts[f"you_{z}"] = _player_zone(state, 0, z, moved, moves, you=True)
    return parts


def board_html(timeline: Timeline | None, frame: int, error: str = "") -> str:
    """The whole board for frame ``frame`` of ``timeline`` as one escaped HTML string."""
    parts = board_parts(timeline, frame, error)
    return SKELETON.format(frame=frame, **parts)


BOARD_CSS = MANA_CSS + """
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
.zones { display: grid; gap: 6px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 210px), 1fr)); }
@media (max-width: 520px) {
  .zones { grid-template-columns: repeat(auto-fit, minmax(min(100%, 150px), 1fr)); }
}
.player.you .z-library { grid-column: 1 / -1; }
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
 }
.chip .cname { font-weight: 500; }
.chip.tapped { opacity: .75; font-style: italic; }
.c-W { border-left-color: #e8dca0; } .c-U { border-left-color: #4a90d9; }
.c-B { border-left-color: #4a4a4a; } .c-R { border-left-color: #d9534f; }
.c-G { border-left-color: #3c9a4a; } .c-multi { border-left-color: #c9a227; }
.c-none { border-left-color: #a0a7ae; } .c-land { border-left-color: #a77b4f; background: #fbf8f4; }
.chip.moved, .ability.moved { background: #fff3b0; border-color: #e0a800;
  box-shadow: 0 0 0 2px #ffd33d, 0 1px 4px rgba(224,168,0,.5); }
.badge { font-size: 10px; background: #ddf4ff; color: #0a3069; border-radius: 8px; padding: 0 5px; }
.badge.muted { background: #eaeef2; color: #57606a; }
.stack-item { display: flex; align-items: center; gap: 6px; margin: 2px 0; }
.stack-item .kind { font-size: 10px; color: #57606a; width: 40px; text-transform: uppercase; }
.ability { display: inline-block; padding: 2px 7px; border: 1px dashed #8c959f; border-radius: 5px;
  background: #fff; }
.ability .src { font-weight: 600; }
"""


def _part_params() -> dict[str, param.String]:
    return {k: param.String(default="") for k in PARTS}


class BoardView(JSComponent):
    """The board in the browser: a fixed skeleton whose parts are swapped in place.

    A step sends only the parts whose HTML changed, and the browser re-parses only
    those; ``data-frame`` is set after the parts, so it marks a finished redraw.
    Every part is built by ``board_parts``, which escapes all user-supplied text.
    """

    skeleton = param.String(default="", constant=True)
    frame = param.Integer(default=0)
    head = param.String(default="")
    opp = param.String(default="")
    stack = param.String(default="")
    you_head = param.String(default="")
    you_library = param.String(default="")
    you_hand = param.String(default="")
    you_exile = param.String(default="")
    you_battlefield = param.String(default="")
    you_graveyard = param.String(default="")

    _esm = """
const PARTS = __PARTS__;
export function render({ model }) {
  const root = document.createElement('div');
  root.innerHTML = model.skeleton;
  const board = root.firstElementChild;
  const holders = {};
  for (const k of PARTS) holders[k] = root.querySelector('[data-part="' + k + '"]');
  const shown = {};
  let queued = false;
  const sync = () => {
    queued = false;
    for (const k of PARTS) {
      if (shown[k] !== model[k]) { holders[k].innerHTML = model[k]; shown[k] = model[k]; }
    }
    board.dataset.frame = String(model.frame);
  };
  const later = () => { if (!queued) { queued = true; queueMicrotask(sync); } };
  sync();
  for (const k of PARTS.concat(['frame'])) model.on(k, later);
  return root;
}
""".replace("__PARTS__", json.dumps(list(PARTS)))
    _stylesheets = [BOARD_CSS + ".part { display: contents; }"]


def board_view(model: PlaygroundModel) -> BoardView:
    """The board, redrawn (changed parts only) when the model's timeline or frame changes."""
    holders = {k: f'<div class="part" data-part="{k}"></div>' for k in PARTS}
    view = BoardView(skeleton=SKELETON.format(frame=model.frame, **holders),
                     frame=model.frame, sizing_mode="stretch_width", margin=(0, 5),
                     **board_parts(model.timeline, model.frame))

    def redraw(*_: object) -> None:
        view.param.update(**board_parts(model.timeline, model.frame), frame=model.frame)

    model.param.watch(redraw, ["timeline", "frame"])
    return view
