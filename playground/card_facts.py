"""Card facts on hover / tap, the "not simulated" mark, and the "Show card images" option.

Any element carrying ``data-facts="<card name>"`` (board chips, library rows, odds rows)
shows a small panel with the card's facts when hovered, focused or tapped: mana cost,
type line, P/T or loyalty, and what the engine does for it in words generated from its
effect data (``engine.views.describe``), or "what it does is not simulated". One ``CardFacts``
component per page holds the facts of the cards in play (escaped HTML, built here) and
installs one document-level listener, which finds the card through the event's composed
path, so it works inside every component's shadow DOM.

"Show card images" (off by default, remembered in ``localStorage``) adds the card's image
from Scryfall's public image service; if the image can't be loaded the panel says so and
keeps the text.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

import param
from panel.custom import JSComponent

from engine.views import coverage
from engine.views.board_html import (  # one definition, shared with the board renderer
    MARK_CSS,
    card_status,
    facts_attrs,
    mark_html,
    mark_info,
    marked_status,
)
from engine.views.describe import NOT_SIMULATED, describe
from playground.html import MANA_CSS, esc, mana_html

if TYPE_CHECKING:
    from engine import CardDef, Timeline

__all__ = [
    "MARK_CSS",
    "CardFacts",
    "card_status",
    "facts_attrs",
    "facts_html",
    "facts_map",
    "mark_html",
    "mark_info",
    "marked_status",
]

IMAGES_KEY = "mtg-playground.card-images"
IMAGE_URL = "https://api.scryfall.com/cards/named?format=image&exact="
MAX_FACTS = 2000  # names whose facts one page holds (a 1000-card library fits)


def _numbers(card: CardDef) -> str:
    face = card.front
    if face.power is not None and face.toughness is not None:
        return f"{face.power}/{face.toughness}"
    if face.loyalty is not None:
        return f"Loyalty {face.loyalty}"
    return ""


def facts_html(card: CardDef) -> str:
    """The facts panel's body for one card; every card string escaped."""
    status = card_status(card)
    numbers = _numbers(card)
    lines = describe(card)
    head = (
        f'<div class="cf-head"><b class="cf-name">{esc(card.name)}</b> '
        f"{mana_html(card.mana_cost_text)}</div>"
        f'<div class="cf-type" data-testid="facts-type">{esc(card.type_line)}'
        + (
            f' <span class="cf-pt" data-testid="facts-numbers">{esc(numbers)}</span>'
            if numbers
            else ""
        )
        + "</div>"
    )
    if lines == [NOT_SIMULATED]:
        body = f'<p class="cf-line cf-not">{esc(NOT_SIMULATED)}</p>'
    else:
        body = "".join(f'<p class="cf-line">{esc(line)}</p>' for line in lines)
    label = {
        coverage.FULL: "simulated",
        coverage.PARTLY: "partly simulated",
        coverage.NOT: "not simulated",
    }[status]
    return (
        f'{head}<div class="cf-body" data-testid="facts-lines">{body}</div>'
        f'<div class="cf-status cf-{status}" data-testid="facts-status">{label}</div>'
    )


def facts_map(cards: Any) -> dict[str, str]:
    """{name: facts HTML} for the given cards (each name once, at most MAX_FACTS)."""
    out: dict[str, str] = {}
    for card in cards:
        if card is None or card.name in out:
            continue
        if len(out) >= MAX_FACTS:
            break
        out[card.name] = facts_html(card)
    return out


#: timeline_cards of each timeline still alive: a page asks once per scenario or timeline
#: change (two or three times as a link opens), and a long cascade has 150+ frames to walk.
_TIMELINE_CARDS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def timeline_cards(timeline: Timeline | None) -> list[CardDef]:
    """Every card that appears in any frame of a timeline (tokens included)."""
    if timeline is None:
        return []
    try:
        cached = _TIMELINE_CARDS.get(timeline)
    except TypeError:  # not weakly referable / hashable: just walk it
        return _walk_cards(timeline)
    if cached is None:
        cached = _TIMELINE_CARDS[timeline] = _walk_cards(timeline)
    return list(cached)


def _walk_cards(timeline: Timeline) -> list[CardDef]:
    seen: dict[str, CardDef] = {}
    for fr in timeline:
        for obj in fr.state.objects.values():
            if obj.name not in seen:
                seen[obj.name] = obj.card
    return list(seen.values())


_POPOVER_CSS = """
#mtg-facts { position: fixed; z-index: 10000; max-width: min(340px, calc(100vw - 16px));
  background: #fff; color: #1f2328; border: 1px solid #8c959f; border-radius: 8px;
  box-shadow: 0 6px 20px rgba(0,0,0,.22); padding: 8px 10px;
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; pointer-events: none; }
#mtg-facts[hidden] { display: none; }
#mtg-facts .cf-head { font-size: 14px; }
#mtg-facts .cf-type { color: #57606a; margin: 2px 0 4px; }
#mtg-facts .cf-pt { margin-left: 6px; font-weight: 600; color: #1f2328; }
#mtg-facts .cf-line { margin: 3px 0; }
#mtg-facts .cf-not { color: #a40e26; }
#mtg-facts .cf-status { margin-top: 4px; font-size: 11px; color: #57606a; }
#mtg-facts .cf-status.cf-not, #mtg-facts .cf-status.cf-partly { color: #a40e26; }
#mtg-facts img { display: block; width: 244px; max-width: 100%; aspect-ratio: 488 / 680;
  object-fit: cover; border-radius: 10px; margin: 0 auto 6px; background: #eaeef2; }
#mtg-facts .cf-noimg { font-size: 11px; color: #57606a; margin-bottom: 4px; }
""" + MANA_CSS.replace(".mana", "#mtg-facts .mana").replace(".ms", "#mtg-facts .ms")


class CardFacts(JSComponent):
    """The "Show card images" option and the page's card-facts panel (one per page)."""

    facts = param.Dict(default={}, doc="{card name: facts HTML} (escaped in Python)")

    _esm = """
const KEY = __KEY__, URL = __URL__, CSS = __CSS__;
function install() {
  const g = window.__mtgFacts || (window.__mtgFacts = {facts: {}});
  if (g.installed) return g;
  g.installed = true;
  const style = document.createElement('style'); style.textContent = CSS;
  document.head.appendChild(style);
  const pop = document.createElement('div');
  pop.id = 'mtg-facts'; pop.hidden = true; pop.setAttribute('role', 'tooltip');
  pop.setAttribute('data-testid', 'card-facts');
  document.body.appendChild(pop);
  let current = null;
  const find = (ev) => {
    for (const el of ev.composedPath()) {
      if (el.nodeType === 1 && el.hasAttribute && el.hasAttribute('data-facts')) return el;
    }
    return null;
  };
  const place = (el) => {
    const r = el.getBoundingClientRect();
    const w = pop.offsetWidth, h = pop.offsetHeight;
    let x = Math.min(Math.max(8, r.left), window.innerWidth - w - 8);
    let y = r.bottom + 6;
    if (y + h > window.innerHeight - 8) y = Math.max(8, r.top - h - 6);
    pop.style.left = x + 'px'; pop.style.top = y + 'px';
  };
  const show = (el) => {
    const name = el.getAttribute('data-facts');
    current = el;
    pop.replaceChildren();
    if (localStorage.getItem(KEY) === '1') {
      const img = document.createElement('img');
      img.alt = 'Card image of ' + name;
      img.setAttribute('data-testid', 'card-image');
      img.addEventListener('load', () => { if (current === el) place(el); });
      img.addEventListener('error', () => {
        img.remove();
        const note = document.createElement('div');
        note.className = 'cf-noimg'; note.setAttribute('data-testid', 'card-image-fallback');
        note.textContent = 'The card image could not be loaded; here is what we know.';
        pop.prepend(note);
        if (current === el) place(el);
      });
      img.src = URL + encodeURIComponent(name);
      pop.appendChild(img);
    }
    const body = document.createElement('div');
    const html = g.facts[name];
    if (html) { body.innerHTML = html; }  // built and escaped in Python (card_facts.py)
    else {
      const b = document.createElement('b'); b.textContent = name; body.appendChild(b);
    }
    pop.appendChild(body);
    pop.hidden = false;
    place(el);
  };
  const hide = () => { pop.hidden = true; current = null; };
  g.show = show; g.hide = hide;
  // pointermove as well as pointerover: Chrome does not always send "over" events when
  // the element under a still-moving mouse changes inside a shadow root
  const hover = (ev) => {
    if (ev.pointerType !== 'mouse') return;
    const el = find(ev);
    if (el && el !== current) show(el);
    else if (!el && current && !current.contains(document.activeElement)) hide();
  };
  document.addEventListener('pointerover', hover, true);
  document.addEventListener('pointermove', hover, {capture: true, passive: true});
  document.addEventListener('focusin', (ev) => { const el = find(ev); if (el) show(el); }, true);
  document.addEventListener('focusout', () => hide(), true);
  document.addEventListener('click', (ev) => {  // a tap on a phone
    const el = find(ev);
    if (el && el !== current) show(el); else if (!el && current) hide();
  }, true);
  document.addEventListener('keydown', (ev) => { if (ev.key === 'Escape') hide(); }, true);
  window.addEventListener('scroll', () => hide(), true);
  return g;
}
export function render({ model }) {
  const g = install();
  const sync = () => { g.facts = model.facts || {}; };
  sync();
  model.on('facts', sync);
  const label = document.createElement('label');
  label.className = 'opt';
  const box = document.createElement('input');
  box.type = 'checkbox'; box.setAttribute('data-testid', 'show-images');
  box.checked = localStorage.getItem(KEY) === '1';
  box.addEventListener('change', () => {
    localStorage.setItem(KEY, box.checked ? '1' : '0');
    if (g.hide) g.hide();
  });
  const text = document.createElement('span');
  text.textContent = 'Show card images (from Scryfall)';
  label.append(box, text);
  const hint = document.createElement('span');
  hint.className = 'hint';
  hint.textContent = 'Hover or tap a card for its details.';
  const wrap = document.createElement('div'); wrap.className = 'wrap';
  wrap.append(label, hint);
  return wrap;
}
"""
    _stylesheets = [
        """
.wrap { display: flex; flex-wrap: wrap; gap: 2px 14px; align-items: center;
  font: 13px system-ui, sans-serif; color: #1f2328; }
.opt { display: inline-flex; gap: 6px; align-items: center; cursor: pointer; }
.hint { color: #6e7781; font-size: 12px; }
"""
    ]


def _js(value: str) -> str:
    import json

    return json.dumps(value)


CardFacts._esm = (
    CardFacts._esm.replace("__KEY__", _js(IMAGES_KEY))
    .replace("__URL__", _js(IMAGE_URL))
    .replace("__CSS__", _js(_POPOVER_CSS))
)
