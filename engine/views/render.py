"""HTML views of engine objects for notebooks (``_repr_html_``).

Cards, game states, frames and timelines render as small self-contained HTML
fragments: inline styles only (no ``<style>`` or script, so they survive
notebook sanitisers), explicit light backgrounds (readable under dark notebook
themes too), and every piece of text that comes from a card, a scenario or a
user is passed through :func:`html.escape`.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from engine.base import display
from engine.views.board_html import (
    SKELETON,
    frame_parts,
    inline_styles,
    mana_html,
    state_board,
)

if TYPE_CHECKING:
    from collections.abc import Iterable

    from engine.cards.definitions import CardDef, Face
    from engine.core.events import Decision, Event
    from engine.core.state import GameState
    from engine.play.timeline import Frame, Timeline

__all__ = ["card_html", "frame_html", "mana_html", "state_html", "timeline_html"]

_FONT = (
    "font-family:system-ui,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;"
    "font-size:13px;line-height:1.45"
)
_BOX = (
    f"{_FONT};color:#1f2328;background:#fff;border:1px solid #d0d7de;border-radius:8px;"
    "padding:8px 10px;margin:4px 0;max-width:980px"
)
_MUTED = "color:#59636e"
_BADGE = (
    "display:inline-block;font:11px ui-monospace,SFMono-Regular,Menlo,monospace;"
    "background:#eef1f5;color:#1f2328;border:1px solid #d0d7de;border-radius:4px;"
    "padding:0 4px;margin-right:6px;white-space:nowrap"
)
_CHIP = (
    "display:inline-block;border:1px solid #d0d7de;border-radius:12px;padding:0 8px;"
    "margin:1px 3px 1px 0;background:#f6f8fa;white-space:nowrap"
)


def _rule(rule: str) -> str:
    return f"<span style='{_BADGE}' title='Comprehensive Rules'>CR {escape(rule)}</span>"


# ----- cards ----------------------------------------------------------------------------


def _face_block(face: Face, card: CardDef) -> str:
    pt = ""
    if face.power is not None or face.toughness is not None:
        pt = f"{escape(face.power or '')}/{escape(face.toughness or '')}"
    elif face.loyalty is not None:
        pt = f"loyalty {escape(face.loyalty)}"
    kw = ", ".join(escape(k) for k in face.keywords)
    cost = mana_html(face.mana_cost)
    return (
        "<div style='flex:1 1 200px;border:1px solid #d0d7de;border-radius:6px;padding:6px 8px;"
        "background:#fbfbfc'>"
        "<div style='display:flex;justify-content:space-between;gap:8px'>"
        f"<b>{escape(face.name)}</b><span>{cost}</span></div>"
        f"<div style='{_MUTED}'>{escape(face.type_line) or '&nbsp;'}</div>"
        f"<div style='display:flex;justify-content:space-between;gap:8px;font-size:12px'>"
        f"<span>{kw}</span><span>{pt}</span></div>"
        f"<div style='{_MUTED};font-size:12px'>face mana value {face.mana_value()}</div>"
        "</div>"
    )


def card_html(card: CardDef) -> str:
    """A card's facts: every face (cost pips, type line, P/T), its mana value off the stack
    (CR 202.3; split cards add both halves, 709.4) and the mechanics the engine knows."""
    facts = [f"mana value {card.mana_value} off the stack"]
    if card.layout != "normal":
        facts.append(f"layout {card.layout}")
    if card.cascade:
        facts.append("cascade" if card.cascade == 1 else f"cascade ×{card.cascade}")
    if card.grants_cascade:
        facts.append("gives cascade")
    if card.discover is not None:
        facts.append(f"discover {card.discover}")
    if card.chapters is not None:
        facts.append(f"Saga, {card.chapters.count} chapters")
    if card.read_ahead:
        facts.append("read ahead")
    spell_faces = [f.name for f in card.spell_faces]
    if len(card.faces) > 1:
        facts.append("cast as: " + (" or ".join(spell_faces) if spell_faces else "— (a land)"))
    faces = "".join(_face_block(f, card) for f in card.faces)
    return (
        f"<div style='{_BOX}' data-engine='card'>"
        f"<div style='font-size:15px;font-weight:600;margin-bottom:4px'>{escape(card.name)}</div>"
        f"<div style='display:flex;flex-wrap:wrap;gap:6px'>{faces}</div>"
        f"<div style='{_MUTED};margin-top:4px'>{escape(' · '.join(facts))}</div>"
        "</div>"
    )


# ----- game state -----------------------------------------------------------------------


def state_html(state: GameState, highlight: Iterable[int] = ()) -> str:
    """Every player's zones (library top and bottom), life, mana pool, who is active and who
    lost, and the stack top first, drawn by the app's board renderer
    (``engine.views.board_html.state_board``, its look inlined); objects in ``highlight``
    (what the last event touched) are marked."""
    board = inline_styles(state_board(state, highlight))
    return f"<div style='{_FONT}' data-engine='state'>{board}</div>"


# ----- events, decisions, frames, timelines ---------------------------------------------


def _event_line(ev: Event) -> str:
    return f"{_rule(ev.rule)}{escape(ev.text)}"


def _decision_html(d: Decision, chosen: str | None) -> str:
    if chosen is None:
        opts = "".join(
            f"<span style='{_CHIP};background:#ddf4ff;border-color:#54aeff'>{escape(o.label)}"
            f" <code style='font-size:11px'>{escape(o.key)}</code></span>"
            for o in d.options
        )
        return (
            "<div style='border-left:3px solid #0969da;padding:2px 8px;margin:4px 0;"
            f"background:#f6faff'><b>Waiting for a decision</b> {_rule(d.rule)}"
            f"{escape(d.prompt)}<div>{opts}</div>"
            f"<div style='{_MUTED};font-size:12px'>answer with <code>timeline.answer(key)</code>"
            " and run the returned scenario</div></div>"
        )
    try:
        label = d.label_of(chosen)
    except KeyError:
        label = chosen
    return (
        f"<div style='{_MUTED};padding-left:16px'>? {escape(d.prompt)} → "
        f"<b style='color:#1a7f37'>{escape(label)}</b></div>"
    )


def _answered(tl: Timeline) -> list[tuple[int, Decision, str]]:
    """(frame, decision, chosen key) for every decision the run answered."""
    return [(int(k), d, str(key)) for k, d, key in tl.answered]


def frame_html(frame: Frame, timeline: Timeline | None = None) -> str:
    """One frame as the app draws it (``engine.views.board_html``, the one board renderer, with
    its look inlined): the event that led to it with its rule, every zone with what the
    event touched highlighted; plus any decision asked or answered there."""
    decision = ""
    if timeline is not None:
        decision = "".join(
            _decision_html(d, key) for k, d, key in _answered(timeline) if k == frame.index
        )
    if frame.decision is not None:
        decision += _decision_html(frame.decision, None)
    n = len(timeline) if timeline is not None else None
    board = SKELETON.format(frame=frame.index, **frame_parts(frame, n))
    return f"<div style='{_FONT}' data-engine='frame'>{decision}{inline_styles(board)}</div>"


def timeline_html(tl: Timeline) -> str:
    """The whole run: a header, the event log (rule badges, answered decisions inline),
    the pending decision if the run paused, and the final state."""
    asked: dict[int, list[str]] = {}
    for k, d, key in _answered(tl):
        asked.setdefault(k, []).append(_decision_html(d, key))
    items = []
    for f in tl.frames:
        if f.event is not None:
            items.append(f"<li value='{f.index}' style='margin:1px 0'>{_event_line(f.event)}")
        else:
            items.append(f"<li value='0' style='margin:1px 0;{_MUTED}'>starting state")
        items.extend(asked.get(f.index, []))
        items.append("</li>")
    if tl.pending is not None:
        status = "<span style='color:#0969da'>waiting for a decision</span>"
        tail = _decision_html(tl.pending, None)
    elif tl.finished:
        status = "<span style='color:#1a7f37'>resolution complete</span>"
        tail = ""
    else:
        status = "stopped"
        tail = ""
    title = escape(tl.scenario.title or "Timeline")
    n_events = len(tl) - 1
    return (
        f"<div style='{_BOX}' data-engine='timeline'>"
        f"<div style='font-size:15px;font-weight:600'>{title}</div>"
        f"<div style='{_MUTED}'>{n_events} event{'s' if n_events != 1 else ''} · "
        f"{len(tl)} frames · seed {tl.scenario.seed} · {status}</div>"
        f"<ol style='margin:6px 0;padding-left:28px'>{''.join(items)}</ol>{tail}"
        "<details open><summary style='cursor:pointer'>Final state</summary>"
        f"{state_html(tl.final, tl.frames[-1].moved)}</details>"
        "</div>"
    )


display.register("card", card_html)
display.register("state", state_html)
display.register("frame", frame_html)
display.register("timeline", timeline_html)
