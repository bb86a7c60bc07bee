"""HTML helpers: every user-supplied string passes through ``esc`` before it meets markup.

Card names can come from a stranger's Scryfall JSON, decklist or share link, so
nothing here trusts its input: text is escaped, attributes are quoted, and mana
symbols are parsed into a closed vocabulary of spans (never raw braces, never
images from a CDN).
"""

from __future__ import annotations

import html
import re

__all__ = ["MANA_CSS", "esc", "mana_html", "mana_text"]

_SYMBOL = re.compile(r"\{([^{}]{1,8})\}")

# Colours of the five mana symbols, colourless and generic (drawn offline as CSS circles).
_COLOURS = {
    "W": "#f8f3d0", "U": "#a9cde8", "B": "#c9c1bd", "R": "#f2a488", "G": "#9fcf9f",
    "C": "#d8d4d0", "S": "#e4ecf2",
}
_GENERIC = "#cfcac6"


def esc(value: object) -> str:
    """Escape any value for HTML text or a double-quoted attribute."""
    return html.escape(str(value), quote=True)


def _symbol_span(sym: str) -> str:
    """One mana symbol as a coloured circle; hybrid symbols get a two-colour split."""
    parts = sym.upper().split("/")
    title = esc("{" + sym + "}")
    if len(parts) == 2 and parts[1] == "P":  # Phyrexian: colour with a phi mark
        bg = _COLOURS.get(parts[0], _GENERIC)
        return f'<span class="ms" title="{title}" style="background:{bg}">\u03a6</span>'
    if len(parts) == 2:
        a = _COLOURS.get(parts[0], _GENERIC)
        b = _COLOURS.get(parts[1], _GENERIC)
        style = f"background:linear-gradient(135deg,{a} 50%,{b} 50%)"
        label = esc(parts[0] + parts[1])
        return f'<span class="ms ms-hybrid" title="{title}" style="{style}">{label}</span>'
    s = parts[0]
    bg = _COLOURS.get(s, _GENERIC)
    if s == "T":
        return f'<span class="ms" title="{title}" style="background:{_GENERIC}">\u21b7</span>'
    return f'<span class="ms" title="{title}" style="background:{bg}">{esc(s)}</span>'


def mana_html(cost: str | None) -> str:
    """Render a cost such as ``{X}{2/W}{G}`` as symbol spans; unknown text is escaped."""
    if not cost:
        return ""
    out: list[str] = []
    pos = 0
    for m in _SYMBOL.finditer(cost):
        if m.start() > pos:
            out.append(esc(cost[pos:m.start()]))
        out.append(_symbol_span(m.group(1)))
        pos = m.end()
    if pos < len(cost):
        out.append(esc(cost[pos:]))
    return f'<span class="mana" aria-label="{esc(cost)}">{"".join(out)}</span>'


def mana_text(text: str) -> str:
    """Escape a sentence and draw any ``{..}`` mana symbols inside it as symbols."""
    out: list[str] = []
    pos = 0
    for m in _SYMBOL.finditer(text):
        out.append(esc(text[pos:m.start()]))
        out.append(_symbol_span(m.group(1)))
        pos = m.end()
    out.append(esc(text[pos:]))
    return "".join(out)


MANA_CSS = """
.mana { display: inline-flex; gap: 1px; vertical-align: middle; }
.ms {
  display: inline-flex; align-items: center; justify-content: center;
  width: 15px; height: 15px; border-radius: 50%; font: 700 9.5px/1 system-ui, sans-serif;
  color: #222; box-shadow: 0 1px 0 rgba(0,0,0,.45); margin: 0 1px; vertical-align: middle;
}
.ms-hybrid { font-size: 7px; letter-spacing: -0.5px; }
"""
