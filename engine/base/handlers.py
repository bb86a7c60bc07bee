"""A table of named handlers filled by decorators at import time.

The card data's small languages (dynamic values, conditions, filter keys, costs) each have
one: a kind is carried out by the one function registered for it, so adding a kind is
adding one registered function (beside its line in the vocabulary), and the checks, the
coverage and the docs list the registered names from the table. Looking a kind up is one
dict access, where a chain of ``if kind == ...`` tests them one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from typing import Any, Generic, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
C = TypeVar("C", bound=Callable[..., Any])


class Handlers(Generic[F, C]):
    """name -> handler (and an optional check of the same kind: what of it this game can't
    evaluate). ``declared``: the names the vocabulary declares; registering another is an
    error, so a handler can't exist for a kind the validator and the docs don't know."""

    def __init__(self, what: str, declared: Collection[str] | None = None) -> None:
        self.what = what
        self.declared = declared
        self.run: dict[str, F] = {}
        self.check: dict[str, C] = {}

    def __call__(self, *names: str, check: C | None = None) -> Callable[[F], F]:
        """Decorator: ``@TABLE("name", "other", check=fn)`` registers ``fn`` for each name."""

        def register(fn: F) -> F:
            for name in names:
                if name in self.run:
                    raise ValueError(f"{self.what} {name!r} is already registered")
                if self.declared is not None and name not in self.declared:
                    raise ValueError(f"{self.what} {name!r} is not declared in the vocabulary")
                self.run[name] = fn
                if check is not None:
                    self.check[name] = check
            return fn

        return register

    def __contains__(self, name: object) -> bool:
        return name in self.run

    def __iter__(self) -> Iterator[str]:
        return iter(self.run)

    def __len__(self) -> int:
        return len(self.run)
