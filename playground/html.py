"""HTML helpers: every user-supplied string passes through ``esc`` before it meets markup.

Card names can come from a stranger's Scryfall JSON, decklist or share link, so
nothing here trusts its input: text is escaped, attributes are quoted, and mana
symbols are parsed into a closed vocabulary of spans (never raw braces, never
images from a CDN). The functions are the engine's (``engine.views.board_html``): the app
and the notebook views draw mana symbols with the same one function.
"""

from __future__ import annotations

from engine.views.board_html import MANA_CSS, esc, mana_html, mana_symbol, mana_text

__all__ = ["MANA_CSS", "esc", "mana_html", "mana_symbol", "mana_text"]
