"""The board in the app: the engine's board renderer (``engine.views.board_html``, the same one
the notebooks' ``Frame._repr_html_`` uses) drawn by a small component that swaps only the
parts a step changed; ``BoardPanel`` keeps it in step with the model.
"""

from __future__ import annotations

import json
from typing import Any

import panel as pn
import param
from panel.custom import JSComponent

from engine.views.board_html import BOARD_CSS, PARTS, SKELETON, board_html, board_parts, chip
from playground.model import PlaygroundModel

__all__ = ["BOARD_CSS", "PARTS", "BoardPanel", "BoardView", "board_html", "board_parts", "chip"]


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


class BoardPanel(pn.viewable.Viewer):
    """The board of the model's current frame, redrawn (changed parts only) when the
    timeline or the frame changes."""

    model = param.ClassSelector(class_=PlaygroundModel, doc="The session's state.")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        holders = {k: f'<div class="part" data-part="{k}"></div>' for k in PARTS}
        m = self.model
        self._view = BoardView(
            skeleton=SKELETON.format(frame=m.frame, **holders),
            frame=m.frame,
            sizing_mode="stretch_width",
            margin=(0, 5),
            **board_parts(m.timeline, m.frame),
        )

    @param.depends("model.timeline", "model.frame", watch=True)
    def _redraw(self) -> None:
        m = self.model
        self._view.param.update(**board_parts(m.timeline, m.frame), frame=m.frame)

    def __panel__(self) -> BoardView:
        return self._view
