"""HTML views of engine objects for notebooks (``_repr_html_``); every name is escaped."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from engine.state import PLAYER_ZONES

if TYPE_CHECKING:
    from engine.cards import CardDef
    from engine.state import GameState
    from engine.timeline import Timeline

_STYLE = "font-family:system-ui,sans-serif;font-size:13px;border-collapse:collapse;margin:4px 0"


def card_html(card: CardDef) -> str:
    faces = "".join(
        f"<tr><td><b>{escape(f.name)}</b></td><td>{escape(f.mana_cost.text if f.mana_cost else '')}"
        f"</td><td>{escape(f.type_line)}</td><td>MV {f.mana_value()}</td></tr>"
        for f in card.faces
    )
    extra = []
    if card.cascade:
        extra.append(f"cascade x{card.cascade}")
    if card.discover is not None:
        extra.append(f"discover {card.discover}")
    if card.chapters is not None:
        extra.append(f"Saga, {card.chapters.count} chapters")
    return (
        f"<table style='{_STYLE}'><caption style='text-align:left'><b>{escape(card.name)}"
        f"</b> — {escape(card.layout)}, mana value {card.mana_value} off the stack"
        f"{escape('; ' + ', '.join(extra)) if extra else ''}</caption>{faces}</table>"
    )


def state_html(state: GameState) -> str:
    rows = []
    for p in state.players:
        for zone in PLAYER_ZONES:
            names = [state.objects[i].name for i in p.zone(zone)]
            if zone == "library" and len(names) > 10:
                shown = ", ".join(escape(n) for n in names[:10]) + f", … ({len(names)} cards)"
            else:
                shown = ", ".join(escape(n) for n in names) or "—"
            rows.append(f"<tr><td>{escape(p.name)}</td><td>{zone}</td><td>{shown}</td></tr>")
    stack = ", ".join(escape(s.text) for s in state.stack_top_first) or "—"
    rows.append(f"<tr><td colspan=2>stack (top first)</td><td>{stack}</td></tr>")
    return (
        f"<table style='{_STYLE}'><caption style='text-align:left'>Turn {state.turn}, "
        f"{escape(state.phase)}</caption>{''.join(rows)}</table>"
    )


def timeline_html(tl: Timeline) -> str:
    items = "".join(
        f"<li><code>{escape(f.event.rule)}</code> {escape(f.event.text)}</li>"
        for f in tl.frames
        if f.event
    )
    tail = ""
    if tl.pending is not None:
        opts = " / ".join(escape(o.label) for o in tl.pending.options)
        tail = f"<p><b>Waiting for a decision:</b> {escape(tl.pending.prompt)} ({opts})</p>"
    title = escape(tl.scenario.title or "Timeline")
    return (
        f"<div style='font-family:system-ui,sans-serif'><b>{title}</b> — {len(tl)} frames"
        f"<ol start=1>{items}</ol>{tail}{state_html(tl.final)}</div>"
    )
