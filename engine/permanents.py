"""A permanent entering the battlefield: replacement effects and enter triggers (CR 614.12,
603.6a), planeswalker loyalty (306.5b), Sagas' first lore counter (714.3a)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import saga, stack
from engine.events import EventKind
from engine.state import StackItem

if TYPE_CHECKING:
    from engine.game import Game

E = EventKind


def entered_battlefield(
    game: Game, oid: int, *, cast: bool, x: int = 0, free: bool = False
) -> None:
    """Replacement effects and triggers of a permanent entering (CR 614.12, 603.6a)."""
    obj = game.obj(oid)
    face = game.face(obj)
    entry = game.effects(obj)
    if entry.get("enters_tapped"):
        game.tap(oid)
    if "Planeswalker" in face.types and face.loyalty:
        # CR 306.5b: a planeswalker enters with its printed loyalty ("X" is the X paid).
        n = x if face.loyalty.strip().upper() == "X" else int(face.loyalty)
        game.set_counters(oid, "loyalty", n)
        game.emit(
            E.COUNTERS,
            f"{face.name} enters with {n} loyalty counters.",
            "306.5b",
            objects=(oid,),
            source=oid,
            amount=n,
            counter="loyalty",
        )
    for op in entry.get("static") or []:
        if op.get("op") == "enters_with_counters":
            n = x if op.get("n") == "X" else int(op.get("n") or 0)
            game.set_counters(oid, op["counter"], n)
            game.emit(
                E.COUNTERS,
                f"{face.name} enters with {n} {op['counter']} counter"
                f"{'s' if n != 1 else ''} (X was {x}).",
                "107.3b" if free else "107.3m",  # X is 0 when cast for free
                objects=(oid,),
                source=oid,
                amount=n,
                counter=op["counter"],
                data={"x": x},
            )
    if face.is_saga:
        saga.enters(game, oid)
    etb = entry.get("etb")
    if etb:
        if entry.get("etb_if_cast") and not cast:
            game.emit(
                E.NO_TRIGGER,
                f"{face.name}'s enter ability doesn't trigger: it wasn't cast.",
                "603.4",
                objects=(oid,),
                source=oid,
            )
        else:
            item = StackItem(
                id=game.new_id(),
                kind="ability",
                controller=obj.controller,
                text=f"{face.name}'s enter-the-battlefield ability",
                source=oid,
                trigger="etb",
                ops=tuple(etb),
                data={"targets": entry.get("etb_targets") or [],
                      "optional": bool(entry.get("etb_optional")),
                      "event": {"object": oid, "player": obj.controller, "when": "etb"}},
            )
            stack.trigger(
                game, item, f"{face.name}'s enter-the-battlefield ability triggers.", "603.6a",
                data={"trigger": "etb"},
            )  # fmt: skip
