"""Library builder: paste a decklist, search the pool, edit counts, choose the order.

Everything edits the model's scenario through its validating methods; a bad
input shows its problem next to the input and leaves text and library alone.
"""

from __future__ import annotations

import functools
from typing import Any

import panel as pn
import param
from panel.custom import JSComponent

from playground.card_facts import MARK_CSS, mark_info, marked_status
from playground.html import esc, mana_html
from playground.model import MAX_TEXT, PlaygroundModel
from playground.widgets import errors_pane, submit

__all__ = ["LibraryEditor", "LibraryTable"]

PASTE_CAP = 10 * MAX_TEXT  # characters the decklist box takes (the model accepts MAX_TEXT)
_ORDER_OPTIONS = {"Random order with seed": "random", "Exactly as listed, top first": "listed"}


class LibraryTable(JSComponent):
    """The library as a table with editable counts and remove buttons (names via textContent)."""

    rows = param.List(default=[], doc="[{'name', 'count', 'land', 'cost_html'}]")

    _esm = """
export function render({ model }) {
  const table = document.createElement('table');
  table.setAttribute('data-testid', 'library-table');
  function draw() {
    table.replaceChildren();
    const head = document.createElement('tr');
    for (const h of ['#', 'Card', 'Cost', 'Type', '']) {
      const th = document.createElement('th'); th.textContent = h; head.appendChild(th);
    }
    table.appendChild(head);
    for (const row of model.rows) {
      const tr = document.createElement('tr');
      tr.setAttribute('data-testid', 'library-row');
      tr.dataset.name = row.name;
      const c = document.createElement('td');
      const input = document.createElement('input');
      input.type = 'number'; input.min = '0'; input.max = '250'; input.value = String(row.count);
      input.setAttribute('aria-label', 'Count of ' + row.name);
      input.addEventListener('change', () => model.send_msg({set: row.name, count: input.value}));
      c.appendChild(input);
      const n = document.createElement('td'); n.className = 'name';
      const label = document.createElement('span'); label.textContent = row.name;
      label.setAttribute('data-facts', row.name); label.tabIndex = 0;
      n.appendChild(label);
      if (row.mark) {  // fully simulated cards carry no mark
        const m = document.createElement('span');
        m.className = 'sim-mark sim-' + row.mark.status; m.textContent = row.mark.sign;
        m.setAttribute('role', 'img'); m.setAttribute('aria-label', row.mark.label);
        m.title = row.mark.label; m.setAttribute('data-testid', 'sim-mark');
        m.dataset.status = row.mark.status;
        n.appendChild(m);
      }
      const cost = document.createElement('td'); cost.innerHTML = row.cost_html;  // pre-escaped
      const t = document.createElement('td'); t.className = 'type';
      t.textContent = row.land ? 'land' : 'nonland';
      const x = document.createElement('td');
      const rm = document.createElement('button');
      rm.textContent = '✕'; rm.title = 'Remove';
      rm.setAttribute('aria-label', 'Remove ' + row.name);
      rm.addEventListener('click', () => model.send_msg({remove: row.name}));
      x.appendChild(rm);
      tr.append(c, n, cost, t, x);
      table.appendChild(tr);
    }
  }
  draw();
  model.on('rows', draw);
  const wrap = document.createElement('div'); wrap.className = 'wrap'; wrap.appendChild(table);
  return wrap;
}
"""

    _stylesheets = [
        """
.wrap { max-height: 300px; overflow-y: auto; border: 1px solid #d8dee4; border-radius: 6px; }
table { border-collapse: collapse; width: 100%; font: 12.5px/1.3 system-ui, sans-serif; }
th { position: sticky; top: 0; background: #f6f8fa; text-align: left; font-weight: 600;
  color: #57606a; padding: 3px 6px; border-bottom: 1px solid #d8dee4; }
td { padding: 2px 6px; border-bottom: 1px solid #f0f2f4; }
td.name { font-weight: 500; }
td.name [data-facts] { cursor: help; }
td.type { color: #6e7781; font-size: 11px; }
input { width: 48px; font: inherit; padding: 1px 3px; }
button { border: 1px solid #d0d7de; background: #fff; border-radius: 4px; cursor: pointer;
  color: #a40e26; }
button:hover { background: #fff0f1; }
"""
        + MARK_CSS
        + """
.mana { display: inline-flex; gap: 1px; vertical-align: middle; }
"""
    ]

    def __init__(self, model: PlaygroundModel | None = None, **params: Any) -> None:
        super().__init__(**params)
        self._model = model  # not a param: a JSComponent would sync it to the browser

    def _handle_msg(self, msg: Any) -> None:
        m = self._model
        if m is None or not isinstance(msg, dict):
            return
        if "remove" in msg:
            submit(m, m.remove_card, str(msg["remove"]))
        elif "set" in msg:
            submit(m, m.set_count, str(msg["set"]), msg.get("count"), then=self._redraw_if)

    def _redraw_if(self, ok: bool) -> None:
        if not ok:  # redraw: the input shows the kept count again
            self.rows = list(self.rows)
            self.param.trigger("rows")


def library_rows(model: PlaygroundModel) -> list[dict[str, Any]]:
    pool = model.pool
    rows = []
    for entry in model.library_cards:
        card = pool.find(entry["name"])
        rows.append(
            {
                "name": entry["name"],
                "count": entry["count"],
                "land": bool(card is not None and card.is_land),
                "cost_html": mana_html(card.mana_cost_text) if card is not None else "",
                "mark": mark_info(marked_status(card)),
            }
        )
    return rows


class LibraryEditor(pn.viewable.Viewer):
    """The library builder column: decklist, search, counts, order and seed, Scryfall JSON.

    The form fields are the model's parameters (``from_param``); the buttons are this
    panel's events. Every edit is engine work, handed to ``submit`` (a worker process
    when served); a bad input shows its problem next to it and changes nothing.
    """

    model = param.ClassSelector(class_=PlaygroundModel, doc="The session's state.")
    load_deck = param.Event(label="Load decklist")
    add = param.Event(label="Add to library")
    add_scryfall = param.Event(label="Add Scryfall card")
    match = param.Selector(
        default=None,
        objects=[],
        allow_None=True,
        label="Matches",
        doc="The search result picked to add.",
    )
    search_note = param.String(default="", doc="Why the matches are the closest names.")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        mp = self.model.param
        title = pn.widgets.TextInput.from_param(
            mp.title,
            label="Scenario title",
            description=None,
            max_length=200,
            sizing_mode="stretch_width",
        )
        # The box takes far more than the limit, so an over-long paste is never cut mid-line
        # in the browser (which made a half card name); the model then says it is too long.
        deck = pn.widgets.TextAreaInput.from_param(
            mp.library_text,
            label="Decklist (MTGA, MTGO or '4 Card Name' lines)",
            description=None,
            height=150,
            placeholder="4 Lightning Bolt\n4 Fire // Ice\n20 Mountain",
            sizing_mode="stretch_width",
            max_length=PASTE_CAP,
        )
        load = pn.widgets.Button.from_param(self.param.load_deck, color="primary", width=140)
        search = pn.widgets.TextInput.from_param(
            mp.search,
            label="Search cards",
            onkeyup=True,
            description=None,
            placeholder="Type part of a name…",
            sizing_mode="stretch_width",
        )
        results = pn.widgets.Select.from_param(
            self.param.match, size=7, description=None, sizing_mode="stretch_width"
        )
        count = pn.widgets.IntInput.from_param(
            mp.add_count, label="Count", start=1, end=99, description=None, width=80
        )
        add = pn.widgets.Button.from_param(self.param.add, width=130, align="end")
        order = pn.widgets.RadioButtonGroup.from_param(
            mp.order, options=_ORDER_OPTIONS, description=None, name="", sizing_mode="stretch_width"
        )
        seed = pn.widgets.IntInput.from_param(
            mp.seed, label="Seed", start=0, end=2**31 - 1, description=None, width=110
        )
        scry = pn.widgets.TextAreaInput.from_param(
            mp.scryfall_text,
            label="Card JSON from Scryfall",
            height=90,
            description=None,
            sizing_mode="stretch_width",
            max_length=MAX_TEXT,
            placeholder='{"name": "…", "mana_cost": "{1}{G}", "type_line": "Creature — Elf"}',
        )
        scry_add = pn.widgets.Button.from_param(self.param.add_scryfall, width=150)
        scry_card = pn.Card(
            scry,
            scry_add,
            title="Add a card from Scryfall JSON",
            collapsed=True,
            sizing_mode="stretch_width",
            margin=(6, 5),
        )
        self._table = LibraryTable(
            model=self.model, rows=library_rows(self.model), sizing_mode="stretch_width"
        )
        self._layout = pn.Column(
            title,
            deck,
            pn.Row(load, margin=(0, 5)),
            errors_pane(self.model, "library_errors", "library-errors"),
            pn.pane.HTML(
                pn.bind(_note_html, mp.library_note), margin=(0, 5), sizing_mode="stretch_width"
            ),
            pn.Row(search, count, add, sizing_mode="stretch_width"),
            pn.pane.HTML(
                pn.bind(_note_html, self.param.search_note, "search-note"),
                sizing_mode="stretch_width",
                margin=(0, 10),
            ),
            results,
            pn.pane.HTML(
                pn.bind(functools.partial(summary_html, self.model), mp.scenario),
                sizing_mode="stretch_width",
                margin=(4, 5),
            ),
            self._table,
            pn.pane.HTML("<b style='font:13px system-ui'>Library order</b>", margin=(8, 5, 0, 5)),
            order,
            seed,
            scry_card,
            sizing_mode="stretch_width",
        )

    @param.depends("load_deck", watch=True)
    def _load_deck(self) -> None:
        text = self.model.library_text
        if len(text) >= PASTE_CAP:  # the browser stopped taking more: say so, don't parse
            self.model.library_errors = [
                f"The decklist is too long (over {PASTE_CAP:,} characters; at most {MAX_TEXT:,})."
            ]
            return
        submit(self.model, self.model.apply_decklist, text)

    @param.depends("model.search", watch=True)
    def _search(self) -> None:
        m = self.model
        names = m.search_results()
        fragment = (m.search or "").strip()[:100]
        note = ""
        if not names and len(fragment) >= 2:  # nothing contains it: offer the closest names
            names = m.pool.suggest(fragment, 6)
            note = f"No card name contains {fragment!r}. " + (
                "Closest names:" if names else "No close names either."
            )
        self.search_note = note
        self.param.match.objects = names
        self.match = names[0] if names else None

    @param.depends("add", watch=True)
    def _add(self) -> None:
        m = self.model
        name = self.match or (m.search_results() or [None])[0]
        if not name:
            m.library_errors = ["Type part of a card name, then pick a match to add."]
            return
        submit(m, m.add_card, name, m.add_count)

    @param.depends("add_scryfall", watch=True)
    def _add_scryfall(self) -> None:
        submit(self.model, self.model.add_scryfall_card, self.model.scryfall_text)

    @param.depends("model.title", watch=True)
    def _title(self) -> None:
        submit(self.model, self.model.apply_title)

    @param.depends("model.order", "model.seed", watch=True)
    def _order(self) -> None:
        submit(self.model, self.model.apply_order)

    @param.depends("model.scenario", watch=True)
    def _rows(self) -> None:
        self._table.rows = library_rows(self.model)

    def __panel__(self) -> pn.Column:
        return self._layout


def summary_html(model: PlaygroundModel, _scenario: Any = None) -> str:
    """The library's size, lands and order (``_scenario``: what a binding redraws on)."""
    size, lands, nonlands = model.library_summary()
    order = model.scenario["players"][0]["library"]["order"]
    how = (
        f"random order, seed {esc(model.scenario.get('seed', 0))}"
        if order == "random"
        else "exactly as listed, top first"
    )
    return (
        f'<div data-testid="library-summary" style="font:13px system-ui">'
        f"<b>{size}</b> cards in library: <b>{lands}</b> lands, <b>{nonlands}</b> nonland"
        f' <span style="color:#6e7781">({how})</span></div>'
    )


def _note_html(note: str, testid: str = "library-note") -> str:
    """A quiet line (e.g. what the paste held that the library doesn't)."""
    if not note:
        return ""
    return (
        f"<div data-testid='{esc(testid)}' style='font:12px system-ui;color:#57606a'>"
        f"{esc(note)}</div>"
    )
