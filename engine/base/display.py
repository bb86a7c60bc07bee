"""How objects show themselves in notebooks (``_repr_html_``) without importing the views.

Cards, states, frames and timelines sit below ``engine.views.render`` in the layers, so they
can't import it; render registers its functions here when it is imported. ``import engine``
doesn't import it (the views cost import time nobody needs outside a notebook): it sets a
loader that imports them the first time an object is shown. Without a view (and no loader)
an object shows as escaped text.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

_VIEWS: dict[str, Callable[..., str]] = {}
_LOADER: list[Callable[[], object]] = []  # at most one: what registers the views


def set_loader(load: Callable[[], object]) -> None:
    """What to call, once, when an object is shown before any view is registered."""
    _LOADER[:] = [load]


def register(kind: str, fn: Callable[..., str]) -> None:
    """``kind``: "card", "state", "frame" or "timeline"."""
    _VIEWS[kind] = fn


def html(kind: str, obj: object) -> str:
    fn = _VIEWS.get(kind)
    if fn is None and _LOADER:
        _LOADER.pop()()
        fn = _VIEWS.get(kind)
    if fn is None:
        return f"<pre>{escape(repr(obj))}</pre>"
    return fn(obj)
