"""Library builder: paste a decklist, search the pool, edit counts, choose the order.

Everything edits the model's scenario through its validating methods; a bad
input shows its problem next to the input and leaves text and library alone.

The whole panel is one browser component (``LibraryForm``): built as some thirty Bokeh
widgets it cost the server ~55 ms of every new session; as one component it is one
model whose inputs are drawn in the browser. All user text reaches the page through
``textContent`` / input values; only the mana symbols are HTML, escaped in Python.
"""

from __future__ import annotations

import json
from typing import Any

import panel as pn
import param
from panel.custom import JSComponent

from playground.card_facts import MARK_CSS, mark_info, marked_status
from playground.html import mana_html
from playground.model import MAX_TEXT, PlaygroundModel
from playground.widgets import ERROR_CSS, submit

__all__ = ["LibraryEditor", "LibraryForm"]

PASTE_CAP = 10 * MAX_TEXT  # characters the decklist box takes (the model accepts MAX_TEXT)
_ORDER_OPTIONS = {"Random order with seed": "random", "Exactly as listed, top first": "listed"}
SEED_MAX = 2**31 - 1
# the form's fields that mirror the model's parameters (form name -> model name)
_MIRRORED = {
    "title_text": "title",
    "library_text": "library_text",
    "search": "search",
    "add_count": "add_count",
    "order": "order",
    "seed": "seed",
    "scryfall_text": "scryfall_text",
}


class LibraryForm(JSComponent):
    """The library builder drawn in the browser: its inputs mirror the model's form
    parameters (both ways); its buttons and the table's edits come back as messages,
    each carrying the inputs it acts on (so a click never races the input's own sync)."""

    title_text = param.String(default="", doc="The scenario title box.")
    library_text = param.String(default="", doc="The decklist box.")
    search = param.String(default="", doc="The search box (synced as you type).")
    add_count = param.Integer(default=1, bounds=(1, 99))
    order = param.Selector(default="random", objects=list(_ORDER_OPTIONS.values()))
    seed = param.Integer(default=7, bounds=(0, SEED_MAX))
    scryfall_text = param.String(default="", doc="The Scryfall JSON box.")
    matches = param.List(default=[], doc="The search's matches (or closest names).")
    match = param.String(default="", doc="The picked match ('' for none).")
    search_note = param.String(default="", doc="Why the matches are the closest names.")
    errors = param.List(default=[], doc="The library inputs' problems (shown as text).")
    note = param.String(default="", doc="What a pasted decklist left out.")
    summary = param.Dict(default={}, doc="{'size', 'lands', 'nonlands', 'order', 'seed'}")
    rows = param.List(default=[], doc="[{'name', 'count', 'land', 'cost_html', 'mark'}]")
    redraws = param.Integer(default=0, doc="Bumped to redraw the table (a refused count).")

    _esm = (
        """
const PASTE_CAP = __PASTE_CAP__, MAX_TEXT = __MAX_TEXT__, SEED_MAX = __SEED_MAX__;
const ORDERS = __ORDERS__;
function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}
function whole(value, lo, hi) {  // a typed number, kept in range (null: not a number)
  if (String(value).trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  return Math.min(hi, Math.max(lo, Math.trunc(n)));
}
export function render({ model }) {
  const root = el('div', {class: 'lib'});
  let uid = 0;
  function field(label, control, cls) {
    const id = 'lib-' + (uid++);
    control.id = id;
    const box = el('div', {class: 'field' + (cls ? ' ' + cls : '')});
    box.append(el('label', {for: id}, label), control);
    return box;
  }
  function mirror(input, prop) {  // the model's value into the box, unless it holds it
    const put = () => { const v = String(model[prop]); if (input.value !== v) input.value = v; };
    put();
    model.on(prop, put);
  }
  function numberBox(prop, lo, hi) {
    const input = el('input', {type: 'number', min: String(lo), max: String(hi), step: '1'});
    mirror(input, prop);
    input.addEventListener('change', () => {
      const n = whole(input.value, lo, hi);
      input.value = String(n === null ? model[prop] : n);
      if (n !== null) model[prop] = n;
    });
    return input;
  }
  function button(text, cls) {
    const b = el('button', {type: 'button', class: 'btn' + (cls ? ' ' + cls : '')}, text);
    return b;
  }

  const title = el('input', {type: 'text', maxlength: '200'});
  mirror(title, 'title_text');
  title.addEventListener('change', () => { model.title_text = title.value; });

  const deck = el('textarea', {maxlength: String(PASTE_CAP), class: 'deck',
    placeholder: '4 Lightning Bolt\\n4 Fire // Ice\\n20 Mountain'});
  mirror(deck, 'library_text');
  deck.addEventListener('change', () => { model.library_text = deck.value; });
  const load = button('Load decklist', 'primary');
  load.addEventListener('click', () => {
    model.library_text = deck.value;
    model.send_msg({do: 'load', text: deck.value});
  });

  const errors = el('div', {'data-testid': 'library-errors'});
  function drawErrors() {
    errors.replaceChildren();
    const list = model.errors || [];
    if (!list.length) { errors.className = ''; errors.removeAttribute('role'); return; }
    errors.className = 'errors'; errors.setAttribute('role', 'alert');
    const ul = el('ul');
    for (const e of list) ul.appendChild(el('li', {}, String(e)));
    errors.appendChild(ul);
  }
  const note = el('div', {class: 'quiet'});
  function quiet(box, text, testid) {  // a quiet line, there only while it has text
    box.replaceChildren();
    if (text) box.appendChild(el('div', {'data-testid': testid}, text));
  }

  const search = el('input', {type: 'text', placeholder: 'Type part of a name\u2026'});
  mirror(search, 'search');
  search.addEventListener('input', () => { model.search = search.value; });
  const count = numberBox('add_count', 1, 99);
  const add = button('Add to library');
  add.addEventListener('click', () => {
    const n = whole(count.value, 1, 99);
    model.send_msg({do: 'add', search: search.value, match: results.value || '',
                    count: n === null ? model.add_count : n});
  });
  const searchNote = el('div', {class: 'quiet'});
  const results = el('select', {size: '7', class: 'matches'});
  function drawMatches() {
    results.replaceChildren();
    for (const name of model.matches || []) {
      const o = el('option', {}, name); o.value = name; results.appendChild(o);
    }
    results.value = model.match || '';
  }
  results.addEventListener('change', () => { model.match = results.value || ''; });
  model.on('match', () => { if (results.value !== model.match) results.value = model.match; });

  const summary = el('div', {'data-testid': 'library-summary', class: 'summary'});
  function drawSummary() {
    const s = model.summary || {};
    const how = s.order === 'random' ? 'random order, seed ' + s.seed
      : 'exactly as listed, top first';
    summary.replaceChildren(
      el('b', {}, String(s.size)), ' cards in library: ', el('b', {}, String(s.lands)),
      ' lands, ', el('b', {}, String(s.nonlands)), ' nonland ',
      el('span', {class: 'how'}, '(' + how + ')'));
  }

  const table = el('table', {'data-testid': 'library-table'});
  function drawRows() {
    table.replaceChildren();
    const head = el('tr');
    for (const h of ['#', 'Card', 'Cost', 'Type', '']) head.appendChild(el('th', {}, h));
    table.appendChild(head);
    for (const row of model.rows || []) {
      const tr = el('tr', {'data-testid': 'library-row'});
      tr.dataset.name = row.name;
      const c = el('td');
      const input = el('input', {type: 'number', min: '0', max: '250',
        'aria-label': 'Count of ' + row.name});
      input.value = String(row.count);
      input.addEventListener('change',
        () => model.send_msg({do: 'set', name: row.name, count: input.value}));
      c.appendChild(input);
      const n = el('td', {class: 'name'});
      const label = el('span', {'data-facts': row.name, tabindex: '0'}, row.name);
      n.appendChild(label);
      if (row.mark) {  // fully simulated cards carry no mark
        const m = el('span', {class: 'sim-mark sim-' + row.mark.status, role: 'img',
          'aria-label': row.mark.label, title: row.mark.label, 'data-testid': 'sim-mark'},
          row.mark.sign);
        m.dataset.status = row.mark.status;
        n.appendChild(m);
      }
      const cost = el('td'); cost.innerHTML = row.cost_html;  // mana symbols, escaped in Python
      const t = el('td', {class: 'type'}, row.land ? 'land' : 'nonland');
      const x = el('td');
      const rm = el('button', {type: 'button', class: 'rm', title: 'Remove',
        'aria-label': 'Remove ' + row.name}, '\u2715');
      rm.addEventListener('click', () => model.send_msg({do: 'remove', name: row.name}));
      x.appendChild(rm);
      tr.append(c, n, cost, t, x);
      table.appendChild(tr);
    }
  }
  const wrap = el('div', {class: 'wrap'}); wrap.appendChild(table);

  const orders = el('div', {class: 'orders', role: 'group', 'aria-label': 'Library order'});
  const orderButtons = [];
  for (const [label, value] of Object.entries(ORDERS)) {
    const b = button(label);
    b.dataset.value = value;
    b.addEventListener('click', () => { model.order = value; drawOrder(); });
    orderButtons.push(b); orders.appendChild(b);
  }
  function drawOrder() {
    for (const b of orderButtons) {
      const on = b.dataset.value === model.order;
      b.classList.toggle('active', on); b.setAttribute('aria-pressed', String(on));
    }
  }
  const seed = numberBox('seed', 0, SEED_MAX);

  const scry = el('textarea', {maxlength: String(MAX_TEXT), class: 'scry',
    placeholder: '{"name": "\u2026", "mana_cost": "{1}{G}", "type_line": "Creature \u2014 Elf"}'});
  mirror(scry, 'scryfall_text');
  scry.addEventListener('change', () => { model.scryfall_text = scry.value; });
  const scryAdd = button('Add Scryfall card');
  scryAdd.addEventListener('click', () => {
    model.scryfall_text = scry.value;
    model.send_msg({do: 'scryfall', text: scry.value});
  });
  const card = el('details', {class: 'card'});
  card.append(el('summary', {}, 'Add a card from Scryfall JSON'),
              field('Card JSON from Scryfall', scry), el('div', {class: 'line'}));
  card.lastChild.appendChild(scryAdd);

  const searchLine = el('div', {class: 'line search'});
  searchLine.append(field('Search cards', search, 'grow'), field('Count', count, 'count'),
                    el('div', {class: 'field end'}));
  searchLine.lastChild.appendChild(add);
  const loadLine = el('div', {class: 'line'}); loadLine.appendChild(load);
  root.append(
    field('Scenario title', title),
    field("Decklist (MTGA, MTGO or '4 Card Name' lines)", deck),
    loadLine, errors, note, searchLine, searchNote, field('Matches', results),
    summary, wrap, el('div', {class: 'heading'}, 'Library order'), orders,
    field('Seed', seed, 'seed'), card);

  drawErrors();
  quiet(note, model.note, 'library-note');
  quiet(searchNote, model.search_note, 'search-note');
  drawMatches(); drawSummary(); drawRows(); drawOrder();
  model.on('errors', drawErrors);
  model.on('note', () => quiet(note, model.note, 'library-note'));
  model.on('search_note', () => quiet(searchNote, model.search_note, 'search-note'));
  model.on('matches', drawMatches);
  model.on('summary', drawSummary);
  model.on('rows', drawRows);
  model.on('redraws', drawRows);
  model.on('order', drawOrder);
  return root;
}
""".replace("__PASTE_CAP__", str(PASTE_CAP))
        .replace("__MAX_TEXT__", str(MAX_TEXT))
        .replace("__SEED_MAX__", str(SEED_MAX))
        .replace("__ORDERS__", json.dumps(_ORDER_OPTIONS))
    )

    _stylesheets = [
        ERROR_CSS
        + """
.lib { display: flex; flex-direction: column; gap: 6px; font: 12px/1.3 system-ui, sans-serif;
  color: #1f2328; padding: 5px 10px; box-sizing: border-box; }
.field { display: flex; flex-direction: column; gap: 3px; min-width: 0; }
.field label { color: #1f2328; }
input[type=text], input[type=number], textarea, select { font: inherit; padding: 6px 8px;
  border: 1px solid #d0d7de; border-radius: 4px; background: #fff; color: inherit;
  box-sizing: border-box; width: 100%; min-width: 0; }
input:focus-visible, textarea:focus-visible, select:focus-visible, button:focus-visible,
summary:focus-visible, [data-facts]:focus-visible { outline: 2px solid #0969da;
  outline-offset: 1px; }
textarea.deck { height: 150px; resize: vertical; }
textarea.scry { height: 90px; resize: vertical; }
select.matches { padding: 2px; }
.line { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-end; }
.line .grow { flex: 1 1 150px; }
.line .count { flex: 0 0 80px; }
.field.seed { width: 110px; }
.btn { font: inherit; padding: 5px 12px; border: 1px solid #d0d7de; border-radius: 4px;
  background: #f6f8fa; color: #1f2328; cursor: pointer; min-height: 31px; }
.btn:hover { background: #eaeef2; }
.btn.primary { background: #0072b5; border-color: #0072b5; color: #fff; min-width: 140px; }
.btn.primary:hover { background: #005f96; }
.orders { display: flex; }
.orders .btn { flex: 1 1 0; border-radius: 0; margin-left: -1px; padding: 5px 6px;
  font-size: 12px; }
.orders .btn:first-child { border-radius: 4px 0 0 4px; margin-left: 0; }
.orders .btn:last-child { border-radius: 0 4px 4px 0; }
.orders .btn.active { background: #dde1e6; box-shadow: inset 0 2px 3px rgba(0, 0, 0, 0.15); }
.quiet:empty { display: none; }
.quiet > div { font-size: 12px; color: #57606a; }
.summary .how { color: #6e7781; }
.heading { font-weight: 700; margin-top: 4px; }
.card { border: 1px solid #d0d7de; border-radius: 6px; padding: 0 8px; }
.card[open] { padding-bottom: 8px; }
.card summary { cursor: pointer; padding: 6px 0; font-weight: 500; }
.card .line { margin-top: 6px; }
.wrap { max-height: 300px; overflow-y: auto; border: 1px solid #d8dee4; border-radius: 6px; }
.wrap, .summary { margin: 0 -5px; }  /* the table as wide as it can be */
table { border-collapse: collapse; width: 100%; font: 12.5px/1.3 system-ui, sans-serif; }
th { position: sticky; top: 0; background: #f6f8fa; text-align: left; font-weight: 600;
  color: #57606a; padding: 3px 6px; border-bottom: 1px solid #d8dee4; }
td { padding: 2px 6px; border-bottom: 1px solid #f0f2f4; }
td.name { font-weight: 500; }
td.name [data-facts] { cursor: help; }
td.type { color: #6e7781; font-size: 11px; }
td input[type=number] { width: 48px; padding: 1px 3px; font-size: 12.5px; }
button.rm { border: 1px solid #d0d7de; background: #fff; border-radius: 4px; cursor: pointer;
  color: #a40e26; font: inherit; }
button.rm:hover { background: #fff0f1; }
"""
        + MARK_CSS
        + """
.mana { display: inline-flex; gap: 1px; vertical-align: middle; }
"""
    ]

    def __init__(self, owner: LibraryEditor | None = None, **params: Any) -> None:
        super().__init__(**params)
        self._owner = owner  # not a param: a JSComponent would sync it to the browser

    def _handle_msg(self, msg: Any) -> None:
        if self._owner is not None and isinstance(msg, dict):
            self._owner.on_message(msg)


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


def library_summary(model: PlaygroundModel) -> dict[str, Any]:
    """The library's size, lands and order, as the form shows them (as text)."""
    size, lands, nonlands = model.library_summary()
    order = model.scenario["players"][0]["library"]["order"]
    return {
        "size": size,
        "lands": lands,
        "nonlands": nonlands,
        "order": order,
        "seed": model.scenario.get("seed", 0),
    }


def _whole(value: Any, lo: int, hi: int) -> int | None:
    """A count from the browser as a whole number in range (None if it is not one)."""
    try:
        n = int(value)
    except (TypeError, ValueError):
        return None
    return min(hi, max(lo, n))


class LibraryEditor(pn.viewable.Viewer):
    """The library builder column: decklist, search, counts, order and seed, Scryfall JSON.

    The form's fields mirror the model's parameters; its buttons are this panel's
    events. Every edit is engine work, handed to ``submit`` (a worker process when
    served); a bad input shows its problem next to it and changes nothing.
    """

    model = param.ClassSelector(class_=PlaygroundModel, doc="The session's state.")
    form = param.ClassSelector(class_=LibraryForm, precedence=-1, doc="The form in the page.")
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
        m = self.model
        self.form = LibraryForm(
            owner=self,
            **{f: getattr(m, name) for f, name in _MIRRORED.items()},
            errors=list(m.library_errors),
            note=m.library_note,
            summary=library_summary(m),
            rows=library_rows(m),
            sizing_mode="stretch_width",
            margin=0,
        )

    # ------------------------------------------------------------ the form's messages
    def on_message(self, msg: dict[str, Any]) -> None:
        """A button or a table edit in the page; the inputs it acts on come with it."""
        m = self.model
        do = msg.get("do")
        if do == "load":
            m.library_text = str(msg.get("text", ""))
            self.param.trigger("load_deck")
        elif do == "add":
            m.search = str(msg.get("search", ""))
            picked = msg.get("match")
            if picked and picked in self.param.match.objects:
                self.match = picked
            count = _whole(msg.get("count"), 1, 99)
            if count is not None:
                m.add_count = count
            self.param.trigger("add")
        elif do == "scryfall":
            m.scryfall_text = str(msg.get("text", ""))
            self.param.trigger("add_scryfall")
        elif do == "remove":
            submit(m, m.remove_card, str(msg.get("name", "")))
        elif do == "set":
            submit(m, m.set_count, str(msg.get("name", "")), msg.get("count"), then=self._kept)

    def _kept(self, ok: bool) -> None:
        if not ok:  # redraw: the box shows the kept count again
            self.form.redraws += 1

    # ------------------------------------------------------------ form <-> model
    @param.depends(*(f"model.{name}" for name in _MIRRORED.values()), watch=True)
    def _model_to_form(self) -> None:
        m = self.model
        self.form.param.update(**{f: getattr(m, name) for f, name in _MIRRORED.items()})

    @param.depends(*(f"form.{f}" for f in _MIRRORED), watch=True)
    def _form_to_model(self) -> None:
        f = self.form
        self.model.param.update(**{name: getattr(f, k) for k, name in _MIRRORED.items()})

    @param.depends("form.match", watch=True)
    def _picked(self) -> None:
        picked = self.form.match
        self.match = picked if picked in self.param.match.objects else None

    @param.depends("model.library_errors", watch=True)
    def _errors(self) -> None:
        self.form.errors = list(self.model.library_errors)

    @param.depends("model.library_note", watch=True)
    def _note(self) -> None:
        self.form.note = self.model.library_note

    @param.depends("model.scenario", watch=True)
    def _rows(self) -> None:
        m = self.model
        self.form.param.update(rows=library_rows(m), summary=library_summary(m))

    # ------------------------------------------------------------ the panel's reactions
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
        self.form.param.update(matches=names, match=self.match or "", search_note=note)

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

    def __panel__(self) -> LibraryForm:
        return self.form
