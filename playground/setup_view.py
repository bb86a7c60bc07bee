"""Board & action form: hand, battlefield (counters in brackets), and what to do.

One card a line ("2 Mountain", "The First Eruption [lore=2]", "Forest [tapped]");
"Set up board" validates everything and replaces the scenario's board, or lists
the problems next to the form and keeps the board as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import panel as pn

from playground.model import ACTIONS
from playground.widgets import bind_value, errors_pane, submit

if TYPE_CHECKING:
    from playground.model import PlaygroundModel

__all__ = ["setup_view"]

_HELP = ("<div style='font:12px system-ui;color:#57606a'>One card a line. "
         "<code>2 Mountain</code> for copies, <code>The First Eruption [lore=2]</code> for "
         "counters, <code>Forest [tapped]</code>.</div>")


ZONE_TEXT = 5000  # characters a zone box may hold
_ZONE_CAP = 10 * ZONE_TEXT  # what the browser takes: an over-long paste is never cut mid-line


def _area(model: PlaygroundModel, name: str, label: str, placeholder: str) -> pn.widgets.Widget:
    return bind_value(pn.widgets.TextAreaInput(label=label, height=90, placeholder=placeholder,
                                               sizing_mode="stretch_width",
                                               max_length=_ZONE_CAP), model, name)


def setup_view(model: PlaygroundModel) -> pn.Column:
    """The board-and-action form column."""
    hand = _area(model, "hand_text", "Your hand", "Bloodbraid Elf")
    field = _area(model, "battlefield_text", "Your battlefield",
                  "2 Mountain\nMaelstrom Nexus\nThe First Eruption [lore=2]")
    opp_hand = _area(model, "opp_hand_text", "Opponent's hand", "Counterspell")
    opp_field = _area(model, "opp_battlefield_text", "Opponent's battlefield", "2 Island")
    action = bind_value(pn.widgets.Select(label="Action", options=list(ACTIONS),
                                          sizing_mode="stretch_width"), model, "action")
    card = bind_value(pn.widgets.TextInput(label="Card (to cast or activate)",
                                           placeholder="Bloodbraid Elf",
                                           sizing_mode="stretch_width"), model, "action_card")
    x = bind_value(pn.widgets.IntInput(label="X", start=0, end=99, width=80), model, "x")
    n = bind_value(pn.widgets.IntInput(label="Discover N", start=0, end=20, width=100),
                   model, "discover_n")
    counter = bind_value(pn.widgets.Checkbox(label="Opponent counters the spell with",
                                             margin=(12, 5, 5, 5)), model, "counter")
    counter_with = bind_value(pn.widgets.TextInput(placeholder="Counterspell", width=170),
                              model, "counter_with")
    apply = pn.widgets.Button(label="Set up board", color="primary", width=140)

    def on_apply(_e: Any) -> None:
        long = [f"{w.label} is too long ({len(w.value):,}{'+' if len(w.value) >= _ZONE_CAP else ''}"
                f" characters; at most {ZONE_TEXT:,})."
                for w in (hand, field, opp_hand, opp_field) if len(w.value) > ZONE_TEXT]
        if long:  # said as a whole, never parsed (a cut line would name a card nobody typed)
            model.board_errors = long
            return
        submit(model, model.apply_board)

    apply.on_click(on_apply)

    def show_fields(*_: Any) -> None:
        do = ACTIONS[model.action]
        card.visible = do in ("cast", "activate")
        x.visible = do == "cast"
        n.visible = do == "discover"

    model.param.watch(show_fields, "action")
    show_fields()
    return pn.Column(
        pn.pane.HTML(_HELP, sizing_mode="stretch_width"),
        hand, field,
        pn.Row(opp_hand, opp_field, sizing_mode="stretch_width"),
        action,
        pn.Row(card, x, n, sizing_mode="stretch_width"),
        pn.Row(counter, counter_with),
        apply,
        errors_pane(model, "board_errors", "board-errors"),
        sizing_mode="stretch_width",
    )
