"""The Panel playground for the rules engine.

``Playground(scenario)`` in Python and notebooks; ``python -m playground`` to serve it.
The names load lazily, so a worker process importing ``playground.work`` doesn't
import Panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playground.model import PlaygroundModel
    from playground.ui import Playground, create_app

__all__ = ["Playground", "PlaygroundModel", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "PlaygroundModel":
        from playground.model import PlaygroundModel

        return PlaygroundModel
    if name in ("Playground", "create_app"):
        from playground import ui

        return getattr(ui, name)
    raise AttributeError(f"module 'playground' has no attribute {name!r}")
