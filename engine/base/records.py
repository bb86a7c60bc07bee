"""Cheap construction of the engine's frozen records (card objects, events, frames).

A frozen dataclass's own ``__init__`` sets every field with ``object.__setattr__(self,
"name", value)``, a lookup by name per field: with a record per card at setup and several
per event, that was a large part of a run. ``fast_init`` gives a frozen, slotted
dataclass a generated ``__init__`` with the same signature, defaults and default
factories that stores each field through its slot's own descriptor instead; a class that
declares an ``evolve(**changes)`` (a copy with some fields changed, ``dataclasses.replace``
without its generic per-call work) gets a generated one the same way. The records stay
frozen: only these two write their slots.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_KEEP: Any = object()  # evolve: this field keeps its value


def fast_init(cls: type[T]) -> type[T]:
    """Decorator (above ``@dataclass(frozen=True, slots=True)``): the generated
    ``__init__`` (and ``evolve``, if declared) described in the module docstring."""
    if not dataclasses.is_dataclass(cls) or "__slots__" not in cls.__dict__:
        raise TypeError(f"fast_init needs a slotted dataclass, not {cls.__name__}")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"fast_init: {cls.__name__} has a __post_init__ (not supported)")
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        raise TypeError(f"fast_init: {cls.__name__} has a field that is not in __init__")
    ns: dict[str, Any] = {"_KEEP": _KEEP, "_new": object.__new__, "_cls": cls}
    params, body, evolve_params, evolve_body = [], [], [], []
    for f in fields:
        name = f.name
        ns[f"_set_{name}"] = cls.__dict__[name].__set__  # the slot's member descriptor
        if f.default is not dataclasses.MISSING:
            ns[f"_default_{name}"] = f.default
            params.append(f"{name}=_default_{name}")
        elif f.default_factory is not dataclasses.MISSING:
            ns[f"_factory_{name}"] = f.default_factory
            params.append(f"{name}=_KEEP")
            body.append(f"    if {name} is _KEEP:\n        {name} = _factory_{name}()")
        else:
            params.append(name)
        body.append(f"    _set_{name}(self, {name})")
        evolve_params.append(f"{name}=_KEEP")
        evolve_body.append(f"    _set_{name}(new, self.{name} if {name} is _KEEP else {name})")
    init_src = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body) + "\n"
    evolve_src = (
        f"def evolve(self, *, {', '.join(evolve_params)}, **unknown):\n"
        "    if unknown:\n"
        f"        raise TypeError(f'{cls.__name__} has no field {{sorted(unknown)}}')\n"
        "    new = _new(_cls)\n" + "\n".join(evolve_body) + "\n    return new\n"
    )
    exec(init_src, ns)  # noqa: S102  (source built above from the field names only)
    exec(evolve_src, ns)  # noqa: S102
    init: Callable[..., None] = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    setattr(cls, "__init__", init)  # noqa: B010  (mypy: no method assignment)
    declared = cls.__dict__.get("evolve")
    if declared is not None:  # the class declares it (its signature and docstring)
        evolve = ns["evolve"]
        evolve.__qualname__ = f"{cls.__qualname__}.evolve"
        evolve.__doc__ = declared.__doc__
        setattr(cls, "evolve", evolve)  # noqa: B010
    return cls
