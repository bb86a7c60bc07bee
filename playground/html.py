"""HTML helpers: every user-supplied string passes through ``esc`` before it meets markup.

Card names can come from a stranger's Scryfall JSON, decklist or share link, so
nothing here trusts its input: text is escaped, attributes are quoted, and mana
symbols are parsed into a closed vocabulary of spans (never raw braces, never
images from a CDN). The functions are the engine's (``engine.views.board_html``): the app
and the notebook views draw mana symbols with the same one function.
"""

from __future__ import annotations

from engine.views.board_html import MANA_CSS, esc, mana_html, mana_symbol, mana_text

__all__ = ["HEADING_JS", "MANA_CSS", "SECTION_CSS", "esc", "mana_html", "mana_symbol", "mana_text"]

#: A section's small uppercase heading ("Event log", "Share"), drawn by the component under
#: it (``HEADING_JS``) rather than as an HTML pane of its own: one Bokeh model fewer each.
SECTION_CSS = (
    "h3.pg-section{font:600 13px system-ui;margin:10px 0 2px 5px;color:#57606a;"
    "text-transform:uppercase;letter-spacing:.04em}"
)
#: ``withHeading(text, el)``: ``el`` under an ``h3`` of ``text`` (set as text, never markup).
HEADING_JS = """
function withHeading(text, el) {
  if (!text) return el;
  const out = document.createElement('div');
  const h = document.createElement('h3');
  h.className = 'pg-section'; h.textContent = text;
  out.append(h, el);
  return out;
}
"""
