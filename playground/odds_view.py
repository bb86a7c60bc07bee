"""Odds tab (reserved): exact cascade / discover odds from ``engine.odds`` as Bokeh charts.

Kept separate from the resolution views so the charts can land without
touching them; until then the tab says what it will show.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import panel as pn

if TYPE_CHECKING:
    from playground.model import PlaygroundModel

__all__ = ["odds_view"]


def odds_view(model: PlaygroundModel) -> pn.viewable.Viewable:
    """Placeholder until the odds charts are implemented."""
    return pn.pane.HTML(
        "<p style='font:13px system-ui;color:#57606a' data-testid='odds'>"
        "Exact odds for the current library and action (chance of each hit, of whiffing, "
        "and of how many cards get exiled) will appear here.</p>",
        sizing_mode="stretch_width")
