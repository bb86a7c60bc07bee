"""The Panel playground for the rules engine.

``Playground(scenario)`` in Python and notebooks; ``python -m playground`` to serve it.
"""

from playground.model import PlaygroundModel
from playground.ui import Playground, create_app

__all__ = ["Playground", "PlaygroundModel", "create_app"]
