"""Library builder: paste a decklist, search the pool, edit counts, choose the order.

Everything edits the model's scenario through its validating methods; a bad
input shows its problem next to the input and leaves text and library alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import panel as pn
import param
from panel.custom import JSComponent

from playground.html import esc, mana_html
from playground.model import MAX_TEXT
from playground.widgets import bind_value, errors_pane, submit

if TYPE_CHECKING:
    from playground.model import PlaygroundModel

__all__ = ["LibraryTable", "library_view"]

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
      const n = document.createElement('td'); n.className = 'name'; n.textContent = row.name;
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

    _stylesheets = ["""
.wrap { max-height: 300px; overflow-y: auto; border: 1px solid #d8dee4; border-radius: 6px; }
table { border-collapse: collapse; width: 100%; font: 12.5px/1.3 system-ui, sans-serif; }
th { position: sticky; top: 0; background: #f6f8fa; text-align: left; font-weight: 600;
  color: #57606a; padding: 3px 6px; border-bottom: 1px solid #d8dee4; }
td { padding: 2px 6px; border-bottom: 1px solid #f0f2f4; }
td.name { font-weight: 500; }
td.type { color: #6e7781; font-size: 11px; }
input { width: 48px; font: inherit; padding: 1px 3px; }
button { border: 1px solid #d0d7de; background: #fff; border-radius: 4px; cursor: pointer;
  color: #a40e26; }
button:hover { background: #fff0f1; }
""" + """
.mana { display: inline-flex; gap: 1px; vertical-align: middle; }
.ms { display: inline-flex; align-items: center; justify-content: center; width: 14px;
  height: 14px; border-radius: 50%; font: 700 9px/1 system-ui, sans-serif; color: #222;
  box-shadow: 0 1px 0 rgba(0,0,0,.45); margin: 0 1px; }
"""]

    def __init__(self, model: PlaygroundModel | None = None, **params: Any) -> None:
        super().__init__(**params)
        self._model = model

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
        rows.append({"name": entry["name"], "count": entry["count"],
                     "land": bool(card is not None and card.is_land),
                     "cost_html": mana_html(card.mana_cost_text) if card is not None else ""})
    return rows


def summary_html(model: PlaygroundModel) -> str:
    size, lands, nonlands = model.library_summary()
    order = model.scenario["players"][0]["library"]["order"]
    how = (f"random order, seed {esc(model.scenario.get('seed', 0))}" if order == "random"
           else "exactly as listed, top first")
    return (f'<div data-testid="library-summary" style="font:13px system-ui">'
            f'<b>{size}</b> cards in library: <b>{lands}</b> lands, <b>{nonlands}</b> nonland'
            f' <span style="color:#6e7781">({how})</span></div>')


def library_view(model: PlaygroundModel) -> pn.Column:
    """The library builder column."""
    title = bind_value(pn.widgets.TextInput(label="Scenario title", max_length=200,
                                            sizing_mode="stretch_width"), model, "title")
    title.param.watch(lambda _e: submit(model, model.apply_title), "value")

    # The box takes far more than the limit, so an over-long paste is never cut mid-line
    # in the browser (which made a half card name); the model then says it is too long.
    deck = bind_value(pn.widgets.TextAreaInput(
        label="Decklist (MTGA, MTGO or '4 Card Name' lines)", height=150,
        placeholder="4 Lightning Bolt\n4 Fire // Ice\n20 Mountain",
        sizing_mode="stretch_width", max_length=PASTE_CAP), model, "library_text")
    load = pn.widgets.Button(label="Load decklist", color="primary", width=140)

    def on_load(_e: Any) -> None:
        if len(deck.value) >= PASTE_CAP:  # the browser stopped taking more: say so, don't parse
            model.library_errors = [f"The decklist is too long (over {PASTE_CAP:,} characters; "
                                    f"at most {MAX_TEXT:,})."]
            return
        submit(model, model.apply_decklist, deck.value)

    load.on_click(on_load)

    search = pn.widgets.TextInput(label="Search cards", placeholder="Type part of a name…",
                                  sizing_mode="stretch_width")
    results = pn.widgets.Select(label="Matches", options=[], size=7, sizing_mode="stretch_width")
    count = bind_value(pn.widgets.IntInput(label="Count", start=1, end=99, width=80),
                       model, "add_count")
    add = pn.widgets.Button(label="Add to library", width=130, align="end")

    search_note = pn.pane.HTML("", sizing_mode="stretch_width", margin=(0, 10))

    def on_search(event: param.parameterized.Event) -> None:
        model.search = event.new
        names = model.search_results(event.new)
        fragment = (event.new or "").strip()[:100]
        note = ""
        if not names and len(fragment) >= 2:  # nothing contains it: offer the closest names
            names = model.pool.suggest(fragment, 6)
            note = (f"No card name contains {fragment!r}. "
                    + ("Closest names:" if names else "No close names either."))
        search_note.object = _note_html(note, "search-note")
        results.options = names
        results.value = names[0] if names else None

    search.param.watch(on_search, "value_input")

    def on_add(_e: Any) -> None:
        name = results.value or (model.search_results() or [None])[0]
        if not name:
            model.library_errors = ["Type part of a card name, then pick a match to add."]
            return
        submit(model, model.add_card, name, count.value)

    add.on_click(on_add)

    table = LibraryTable(model=model, rows=library_rows(model), sizing_mode="stretch_width")
    summary = pn.pane.HTML(summary_html(model), sizing_mode="stretch_width", margin=(4, 5))

    def on_scenario(*_: Any) -> None:
        table.rows = library_rows(model)
        summary.object = summary_html(model)

    model.param.watch(on_scenario, "scenario")

    order = pn.widgets.RadioButtonGroup(options=_ORDER_OPTIONS, value=model.order,
                                        sizing_mode="stretch_width")
    bind_value(order, model, "order")
    seed = bind_value(pn.widgets.IntInput(label="Seed", start=0, end=2**31 - 1, width=110),
                      model, "seed")
    order.param.watch(lambda _e: submit(model, model.apply_order), "value")
    seed.param.watch(lambda _e: submit(model, model.apply_order), "value")

    scry = bind_value(pn.widgets.TextAreaInput(
        label="Card JSON from Scryfall", height=90, sizing_mode="stretch_width",
        placeholder='{"name": "…", "mana_cost": "{1}{G}", "type_line": "Creature — Elf"}',
        max_length=20_000), model, "scryfall_text")
    scry_add = pn.widgets.Button(label="Add Scryfall card", width=150)
    scry_add.on_click(lambda _e: submit(model, model.add_scryfall_card, scry.value))
    scry_card = pn.Card(scry, scry_add, title="Add a card from Scryfall JSON", collapsed=True,
                        sizing_mode="stretch_width", margin=(6, 5))

    return pn.Column(
        title,
        deck,
        pn.Row(load, margin=(0, 5)),
        errors_pane(model, "library_errors", "library-errors"),
        pn.pane.HTML(pn.bind(_note_html, model.param.library_note), margin=(0, 5),
                     sizing_mode="stretch_width"),
        pn.Row(search, count, add, sizing_mode="stretch_width"),
        search_note,
        results,
        summary,
        table,
        pn.pane.HTML("<b style='font:13px system-ui'>Library order</b>", margin=(8, 5, 0, 5)),
        order,
        seed,
        scry_card,
        sizing_mode="stretch_width",
    )


def _note_html(note: str, testid: str = "library-note") -> str:
    """A quiet line (e.g. what the paste held that the library doesn't)."""
    if not note:
        return ""
    return (f"<div data-testid='{esc(testid)}' style='font:12px system-ui;color:#57606a'>"
            f"{esc(note)}</div>")

