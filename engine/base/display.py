"""How objects show themselves in notebooks (``_repr_html_``) without importing the views.

Cards, states, frames and timelines sit below ``engine.views.render`` in the layers, so they
can't import it; render registers its functions here when it is imported (``import
engine`` does that). Without a registered view an object shows as escaped text.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

_VIEWS: dict[str, Callable[..., str]] = {}


def register(kind: str, fn: Callable[..., str]) -> None:
    """``kind``: "card", "state", "frame" or "timeline"."""
    _VIEWS[kind] = fn


def html(kind: str, obj: object) -> str:
    fn = _VIEWS.get(kind)
    if fn is None:
        return f"<pre>{escape(repr(obj))}</pre>"
    return fn(obj)
