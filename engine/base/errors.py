"""The error types raised for bad input, at the bottom of the import graph.

``ScenarioError`` lives here (and is re-exported by ``engine.scenario.scenario``) so that the
limits and the schema, which sit below ``scenario.py``, can raise it too.
"""

from __future__ import annotations

__all__ = ["BudgetExceeded", "ScenarioError", "SchemaError"]


class ScenarioError(ValueError):
    """A scenario that can't be run, with a sentence that names the problem."""


class SchemaError(ScenarioError):
    """Input that does not fit the scenario format; ``path`` names the field at fault
    (``players[0].library``), the message says what was expected and what was found."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        super().__init__(f"{path}: {message}" if path else message)


class BudgetExceeded(ScenarioError):
    """A run stopped because it needed more work than one run may do.

    ``budget`` names the counter (``"events"``, ``"objects"``, ``"state_cells"``,
    ``"work"``, ``"cpu_seconds"``) and ``limit`` its value (see ``engine.base.limits``); the
    message says both.
    """

    def __init__(self, budget: str, limit: float, what: str) -> None:
        self.budget = budget
        self.limit = limit
        super().__init__(
            f"the run was stopped: it needs more than {limit:,} {what} (work budget "
            f"'{budget}', engine.base.limits); make the scenario smaller (fewer cards in the "
            "library, fewer spells or triggers)"
        )
