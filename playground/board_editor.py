"""The board editor: every zone of both players, and the action list.

A ``pn.viewable.Viewer`` holding the session's one ``PlaygroundModel``: its widgets are
made with ``.from_param`` on the model's (and each action row's) parameters, and its
reactions are ``@param.depends(..., watch=True)``. "Set up board" validates the whole
form and replaces the scenario, or lists the problems next to the form (naming the box
and line, or the action) and keeps both the board and everything typed.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from playground.board_form import (
    ACTION_LABELS,
    FIELDS_OF,
    MAX_LIBRARY_TEXT,
    MAX_ZONE_TEXT,
    ActionRow,
    parse_targets,
    parse_when,
)
from playground.html import esc
from playground.model import PlaygroundModel
from playground.responses import can_respond, point_of
from playground.widgets import errors_pane, submit

__all__ = ["ActionRowEditor", "BoardEditor"]

_HELP = (
    "<div style='font:12px system-ui;color:#57606a'>One card a line: "
    "<code>2 Mountain</code>, <code>Forest [tapped]</code>, "
    "<code>The First Eruption [lore=2]</code>, <code>Bonesplitter [attached=Memnite]</code>, "
    "<code>Delver of Secrets [face=Insectile Aberration]</code>.</div>"
)

_CSS = """
:host { width: 100%; }
.summary { font: 13px/1.35 system-ui, sans-serif; color: #24292f; overflow-wrap: anywhere; }
.summary b { color: #57606a; }
"""
_ROW_CSS = """
:host { border: 1px solid #d0d7de; border-radius: 6px; padding: 2px; width: 100%;
  box-sizing: border-box; }
:host(.pg-new-row) { border-color: #bf8700; box-shadow: 0 0 0 2px #fff8c5; }
"""

_PLACEHOLDERS = {
    "hand": "Bloodbraid Elf",
    "battlefield": "2 Mountain\nThe First Eruption [lore=2]",
    "graveyard": "Street Wraith",
    "exile": "",
    "opp_hand": "Counterspell",
    "opp_battlefield": "2 Island\nGrizzly Bears [+1/+1=1]",
    "opp_graveyard": "",
    "opp_exile": "",
    "opp_library": "4 Island",
}


def _words(row: ActionRow, names: tuple[str, str]) -> str:
    """One line saying what the action does (escaped HTML)."""
    if row.raw:
        return "an action kept as JSON (its fields are edited as text)"
    who = {"0": names[0], "1": names[1]}.get(row.player, "")
    label = ACTION_LABELS.get(row.do, row.do)
    what = label[0].lower() + label[1:]
    parts = [f"{esc(who)}: " if who else "", esc(what)]
    thing = row.with_ if row.do == "counter" else row.card
    if thing.strip():
        parts.append(f" — {esc(thing.strip())}")
    if row.do == "counter" and row.target.strip():
        parts.append(f" countering {esc(row.target.strip())}")
    if row.x.strip():
        parts.append(f", X={esc(row.x.strip())}")
    if row.n.strip():
        parts.append(f", N={esc(row.n.strip())}")
    if row.when.strip():
        when, problem = parse_when(row.when)
        parts.append(
            f", when {esc(row.when.strip())}"
            if problem or not when
            else f", while {esc(_stack_words(when))} is on the stack"
        )
    if row.targets.strip() and not parse_targets(row.targets)[1]:
        parts.append(f", targeting {esc(row.targets.strip())}")
    if row.do == "attack":
        parts.append(
            f" with {esc(row.attackers.strip())}" if row.attackers.strip() else " with no creature"
        )
        blocks = row.blocks.strip()
        parts.append(
            ", the defending player chooses blocks"
            if not blocks
            else ", no blocks"
            if blocks.lower() == "none"
            else f"; blocks: {esc(blocks)}"
        )
    return "".join(parts)


def _stack_words(when: Any) -> str:
    """``{"on_stack": "The First Eruption", "kind": "ability", "chapter": 2}`` ->
    "chapter II of The First Eruption" (plain text; the caller escapes)."""
    if isinstance(when, str):
        return when
    if not isinstance(when, dict):
        return str(when)
    on = str(when.get("on_stack", "?"))
    if when.get("chapter"):
        n = when["chapter"]
        roman = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}.get(n, str(n))
        on = f"chapter {roman} of {on}"
    elif when.get("kind") == "ability":
        on = f"{on}'s ability"
    elif when.get("kind") == "spell":
        on = f"the spell {on}"
    if isinstance(when.get("nth"), int) and when["nth"] > 1:
        on += f" (#{when['nth']})"
    return on + (" (on top)" if when.get("top") else "")


_FIELD_ORDER = (
    "do",
    "player",
    "card",
    "with_",
    "target",
    "x",
    "n",
    "when",
    "targets",
    "attackers",
    "blocks",
    "other",
)


class ActionRowEditor(pn.viewable.Viewer):
    """One action of the list: what it does in words, its fields, and up / down / remove."""

    editor = param.Parameter(doc="The BoardEditor this row belongs to.")
    row = param.ClassSelector(class_=ActionRow)
    index = param.Integer(default=0)
    new = param.Boolean(default=False, doc="Just added by 'Respond here' (highlighted).")
    open = param.Boolean(default=False, label="Edit", doc="Its fields are shown.")
    up = param.Event(label="↑")
    down = param.Event(label="↓")
    remove = param.Event(label="✕")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._fields: dict[str, pn.widgets.Widget] = {}  # made on first use (a row is cheap)
        buttons = [
            pn.widgets.Button.from_param(
                self.param[name],
                name=label,
                width=34,
                margin=(2, 2),
                color="light",
                description=f"{words} this action",
            )
            for name, label, words in (
                ("up", "↑", "Move up"),
                ("down", "↓", "Move down"),
                ("remove", "✕", "Remove"),
            )
        ]
        self._summary = pn.pane.HTML(
            self._summary_html, stylesheets=[_CSS], sizing_mode="stretch_width", margin=(4, 6)
        )
        edit = pn.widgets.Toggle.from_param(self.param.open, width=50, margin=(2, 2))
        head = pn.Row(self._summary, edit, *buttons, sizing_mode="stretch_width", margin=0)
        self._body = pn.FlexBox(flex_wrap="wrap", sizing_mode="stretch_width", margin=0)
        self._layout = pn.Column(
            head, self._body, sizing_mode="stretch_width", stylesheets=[_ROW_CSS], margin=(3, 0)
        )
        self._mark_new()
        self._show_fields()

    def _widget(self, name: str) -> pn.widgets.Widget:
        """The field's widget, made with ``.from_param`` the first time it is shown."""
        if name in self._fields:
            return self._fields[name]
        p = self.row.param
        kw = {"sizing_mode": "stretch_width", "margin": (2, 4)}
        make = {
            "do": lambda: pn.widgets.Select.from_param(p.do, name="Do", min_width=150, **kw),
            "player": lambda: pn.widgets.Select.from_param(
                p.player, name="Who", min_width=120, **kw
            ),
            "card": lambda: pn.widgets.TextInput.from_param(
                p.card, placeholder="Bloodbraid Elf", min_width=150, **kw
            ),
            "with_": lambda: pn.widgets.TextInput.from_param(
                p.with_, placeholder="Counterspell", min_width=130, **kw
            ),
            "target": lambda: pn.widgets.TextInput.from_param(p.target, min_width=130, **kw),
            "x": lambda: pn.widgets.TextInput.from_param(p.x, width=60, margin=(2, 4)),
            "n": lambda: pn.widgets.TextInput.from_param(p.n, width=60, margin=(2, 4)),
            "when": lambda: pn.widgets.TextInput.from_param(
                p.when, placeholder="Blightning [kind=spell, nth=1]", min_width=180, **kw
            ),
            "targets": lambda: pn.widgets.TextInput.from_param(
                p.targets, placeholder="Grizzly Bears [owner=1]; player=1", min_width=180, **kw
            ),
            "attackers": lambda: pn.widgets.TextInput.from_param(
                p.attackers,
                placeholder="Grizzly Bears; Serra Angel -> Jace Beleren",
                min_width=200,
                **kw,
            ),
            "blocks": lambda: pn.widgets.TextInput.from_param(
                p.blocks,
                placeholder="Hill Giant -> Grizzly Bears (empty: decisions)",
                min_width=200,
                **kw,
            ),
            "other": lambda: pn.widgets.TextInput.from_param(
                p.other, placeholder='{"evoke": true}', min_width=150, **kw
            ),
            "json_text": lambda: pn.widgets.TextAreaInput.from_param(
                p.json_text, height=70, max_length=4_000, **kw
            ),
        }[name]
        self._fields[name] = widget = make()
        return widget

    @param.depends("new", watch=True)
    def _mark_new(self) -> None:
        self._layout.css_classes = ["pg-action-row"] + (["pg-new-row"] if self.new else [])

    @param.depends(
        "index",
        "row.do",
        "row.player",
        "row.card",
        "row.with_",
        "row.target",
        "row.x",
        "row.n",
        "row.when",
        "row.targets",
        "row.attackers",
        "row.blocks",
        "row.raw",
    )
    def _summary_html(self) -> str:
        model = self.editor.model
        names = (model.player_name or "You", model.opp_player_name or "Opponent")
        return (
            f"<div class='summary' data-testid='action-summary'><b>{self.index + 1}.</b> "
            f"{_words(self.row, names)}</div>"
        )

    @param.depends("open", "row.do", "row.raw", watch=True)
    def _show_fields(self) -> None:
        """When open: the fields this kind of action uses, and any other that holds
        something (widgets are made on first opening, so a long list loads fast)."""
        row = self.row
        if not self.open:
            names: list[str] = []
        elif row.raw:
            names = ["json_text"]
        else:
            used = set(FIELDS_OF.get(row.do, ())) | {"do", "player", "other"}
            names = [n for n in _FIELD_ORDER if n in used or getattr(row, n)]
        made = [n for n in names if n not in self._fields]
        for name, widget in self._fields.items():  # shown / hidden, never removed: the
            widget.visible = name in names  # widget keeps its view in the page
        if made:
            self._body.objects = [*self._body.objects, *(self._widget(n) for n in made)]

    @param.depends("up", watch=True)
    def _up(self) -> None:
        self.editor.model.move_action(self.index, -1)

    @param.depends("down", watch=True)
    def _down(self) -> None:
        self.editor.model.move_action(self.index, +1)

    @param.depends("remove", watch=True)
    def _remove(self) -> None:
        self.editor.model.remove_action(self.index)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


class BoardEditor(pn.viewable.Viewer):
    """Both players' zones, names, life and spells cast, the turn, and the action list."""

    model = param.ClassSelector(class_=PlaygroundModel, doc="The session's state.")
    add = param.Event(label="Add an action")
    respond = param.Event(label="Respond here")
    apply = param.Event(label="Set up board")
    new_board = param.Event(label="New board")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        m = self.model
        self._new_row: ActionRow | None = None
        self._opened: list[ActionRow] = []  # rows added by hand: shown open
        self._areas = {
            name: self._area(name)
            for name in (
                "hand_text",
                "battlefield_text",
                "graveyard_text",
                "exile_text",
                "opp_hand_text",
                "opp_battlefield_text",
                "opp_graveyard_text",
                "opp_exile_text",
                "opp_library_text",
            )
        }
        small = {"margin": (2, 4), "sizing_mode": "stretch_width", "min_width": 90}
        you = pn.Column(
            pn.FlexBox(
                pn.widgets.TextInput.from_param(m.param.player_name, max_length=40, **small),
                pn.widgets.IntInput.from_param(m.param.life, **small),
                pn.widgets.IntInput.from_param(m.param.spells_cast, **small),
                pn.widgets.IntInput.from_param(m.param.cards_drawn, **small),
                pn.widgets.TextInput.from_param(
                    m.param.commander, max_length=200, placeholder="none", **small
                ),
                flex_wrap="wrap",
                sizing_mode="stretch_width",
                margin=0,
            ),
            *(self._areas[f"{z}_text"] for z in ("hand", "battlefield", "graveyard", "exile")),
            pn.pane.HTML(
                "<div style='font:12px system-ui;color:#57606a'>Your library is "
                "edited in the Library tab.</div>",
                sizing_mode="stretch_width",
            ),
            sizing_mode="stretch_width",
            margin=0,
        )
        opp = pn.Column(
            pn.FlexBox(
                pn.widgets.TextInput.from_param(m.param.opp_player_name, max_length=40, **small),
                pn.widgets.IntInput.from_param(m.param.opp_life, **small),
                pn.widgets.IntInput.from_param(m.param.opp_spells_cast, **small),
                pn.widgets.IntInput.from_param(m.param.opp_cards_drawn, **small),
                pn.widgets.TextInput.from_param(
                    m.param.opp_commander, max_length=200, placeholder="none", **small
                ),
                flex_wrap="wrap",
                sizing_mode="stretch_width",
                margin=0,
            ),
            *(self._areas[f"opp_{z}_text"] for z in ("hand", "battlefield", "graveyard", "exile")),
            self._areas["opp_library_text"],
            pn.widgets.RadioButtonGroup.from_param(m.param.opp_library_order, margin=(2, 4)),
            sizing_mode="stretch_width",
            margin=0,
        )
        self._rows = pn.Column(sizing_mode="stretch_width", margin=0)
        add = pn.widgets.Button.from_param(self.param.add, width=130, margin=(4, 4))
        self._respond = pn.widgets.Button.from_param(
            self.param.respond,
            width=130,
            margin=(4, 4),
            color="warning",
            description="Add an action taken at the shown frame, while the top of the "
            "stack is on the stack",
        )
        self._respond_note = pn.pane.HTML("", sizing_mode="stretch_width", margin=(0, 6))
        apply = pn.widgets.Button.from_param(
            self.param.apply, color="primary", width=140, margin=(8, 4)
        )
        new_board = pn.widgets.Button.from_param(
            self.param.new_board,
            width=120,
            margin=(8, 4),
            description="Empty every zone and the actions (your library stays) and start "
            "a board that pays its costs with lands",
        )
        turn = pn.Row(
            pn.widgets.IntInput.from_param(m.param.turn, width=90, margin=(2, 4)),
            pn.widgets.Checkbox.from_param(
                m.param.pay_mana, margin=(24, 8, 2, 8), css_classes=["pg-pay-mana"]
            ),
            margin=0,
        )
        self._layout = pn.Column(
            pn.pane.HTML(_HELP, sizing_mode="stretch_width"),
            pn.Card(
                you, title="You", sizing_mode="stretch_width", margin=(4, 0), css_classes=["pg-you"]
            ),
            pn.Card(
                opp,
                title="Opponent",
                sizing_mode="stretch_width",
                margin=(4, 0),
                css_classes=["pg-opponent"],
            ),
            pn.Card(
                turn,
                self._rows,
                pn.Row(add, self._respond, margin=0),
                self._respond_note,
                title="Actions, in order",
                sizing_mode="stretch_width",
                margin=(4, 0),
                css_classes=["pg-actions"],
            ),
            pn.Row(apply, new_board, margin=0),
            errors_pane(m, "board_errors", "board-errors"),
            sizing_mode="stretch_width",
            margin=0,
            css_classes=["pg-board-editor"],
        )
        self._draw_rows()
        self._respond_state()

    @staticmethod
    def _cap(name: str) -> int:
        """What the model reads from a box (the browser takes ten times more, so an
        over-long paste is refused whole, never cut mid-line)."""
        return MAX_LIBRARY_TEXT if name == "opp_library_text" else MAX_ZONE_TEXT

    def _area(self, name: str) -> pn.widgets.TextAreaInput:
        zone = name.removesuffix("_text")
        return pn.widgets.TextAreaInput.from_param(
            self.model.param[name],
            height=72,
            placeholder=_PLACEHOLDERS.get(zone, ""),
            max_length=10 * self._cap(name),
            sizing_mode="stretch_width",
            margin=(2, 4),
        )

    @param.depends("model.action_rows", watch=True)
    def _draw_rows(self) -> None:
        new = self._new_row
        known = {id(e.row): e for e in getattr(self, "row_editors", [])}
        editors = []
        for i, row in enumerate(self.model.action_rows):
            ed = known.get(id(row))
            if ed is None or ed.row is not row:
                ed = ActionRowEditor(
                    editor=self,
                    row=row,
                    index=i,
                    new=row is new,
                    open=row is new or row in self._opened,
                )
            else:  # the same row moved: keep its widgets, renumber it
                ed.param.update(
                    index=i, new=row is new, open=ed.open or row is new or row in self._opened
                )
            editors.append(ed)
        self.row_editors = editors
        self._rows.objects = list(self.row_editors) or [
            pn.pane.HTML(
                "<div style='font:12px system-ui;color:#57606a'>No actions: the board "
                "is shown as it is.</div>",
                sizing_mode="stretch_width",
            )
        ]

    @param.depends("model.frame", "model.timeline", watch=True)
    def _respond_state(self) -> None:
        tl, k = self.model.timeline, self.model.frame
        point = point_of(tl, k) if can_respond(tl, k) else None
        self._respond.disabled = point is None
        text = (
            f"Frame {k}: respond while {_stack_words(point[1])} is on the stack."
            if point
            else "To respond, step to a frame where a player gets priority with "
            "something on the stack."
        )
        self._respond_note.object = (
            f"<div data-testid='respond-note' style='font:12px system-ui;color:#57606a'>"
            f"{esc(text)}</div>"
        )

    @param.depends("add", watch=True)
    def _add(self) -> None:
        self._new_row = None
        i = self.model.add_action()
        if i >= 0:
            self._opened = [self.model.action_rows[i]]
            self._draw_rows()

    @param.depends("respond", watch=True)
    def _respond_here(self) -> None:
        at = self.model.respond_here()
        if at >= 0:
            self._new_row = self.model.action_rows[at]
            self._draw_rows()  # highlight the new row

    @param.depends("apply", watch=True)
    def _apply(self) -> None:
        long = []
        for name, widget in self._areas.items():
            text, cap = getattr(self.model, name), self._cap(name)
            if len(text) > cap:  # said as a whole, never parsed (a cut line would name
                plus = "+" if len(text) >= 10 * cap else ""  # a card nobody typed)
                long.append(
                    f"{widget.name} is too long ({len(text):,}{plus} characters; at most {cap:,})."
                )
        if long:
            self.model.board_errors = long
            return
        self._new_row = None
        submit(self.model, self.model.apply_board)

    @param.depends("new_board", watch=True)
    def _new_board(self) -> None:
        self._new_row = None
        self.model.new_board_form()
        self._opened = list(self.model.action_rows)  # its one row, open for its card
        self._draw_rows()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
