"""Earthbend N (Avatar: The Last Airbender; XMage EarthbendTargetEffect): "Target land you
control becomes a 0/0 creature with haste that's still a land. Put N +1/+1 counters on it.
When it dies or is exiled, return it to the battlefield tapped."

- The land becomes a creature for the rest of the game (611.2a, no duration: the effect ends
  only when that object leaves the battlefield, 400.7). It is one ``become_creature``
  effect: the Creature type in layer 4 (613.1d, keeping its land types), haste in layer 6
  (613.1f) and base power and toughness 0/0 in layer 7b (613.4b); the +1/+1 counters apply
  in layer 7c (613.4c). Like XMage, the counters are put on after it became a creature.
- "When it dies or is exiled" is a delayed triggered ability (603.7a) about that object
  (603.7c: it triggers once). It waits in ``game.delayed`` (``kind: earthbend``) with the
  object's zone-change count; ``on_event`` (wired in engine.play.wiring) fires it when that very
  object goes from the battlefield to a graveyard or exile (a token: ceases to exist there,
  111.7), and forgets it when the object leaves any other way (400.7: it is a new object).
- The trigger resolves with ``earthbend_return``: the card, if it is still the object that
  went to that zone (400.7, 603.7c), returns to the battlefield tapped under its owner's
  control; a token can't return (111.8) and nothing happens.
"""

from __future__ import annotations

from engine.core.events import EventKind
from engine.core.state import StackItem
from engine.lang import refs, values
from engine.lang.effects import Ctx, op
from engine.rules import layers, stack
from engine.rules import op_common as c

_DIED = (EventKind.DESTROY, EventKind.SACRIFICE, EventKind.SBA)


def _check_earthbend(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("what", "target") not in ("target", "targets") and not isinstance(o.get("what"), dict):
        return f"earthbend {str(o.get('what')).replace('_', ' ')}"
    return refs.value_problem(o.get("n", 1)) or refs.ref_problem(o, "what")


@op(
    "earthbend",
    check=_check_earthbend,
)
def earthbend(ctx: Ctx, o: dict) -> None:
    """Earthbend N: the target land becomes a 0/0 creature with haste that's still a land
    (layers 4, 6, 7b), gets N +1/+1 counters (7c), and a delayed "when it dies or is exiled,
    return it to the battlefield tapped" waits for it (603.7a)."""
    game = ctx.game
    n = max(0, values.value_of(ctx, o.get("n", 1), 1))
    objs = [
        i
        # the op's own target spec ("target": n): Dai Li Agents earthbends each of two
        for i in refs.objects(ctx, {**o, "what": o.get("what", "target")}, "what")
        if layers.on_battlefield(game, i)
    ]
    c.begin(
        ctx,
        {"duration": "permanent"},
        "become_creature",
        "4",
        objs,
        {"pt": "0/0", "types": ["Creature"], "keywords": ["Haste"]},
        "613.1d",
        "becomes a 0/0 creature with haste that's still a land",
    )
    for oid in objs:
        game.add_counters(oid, "+1/+1", n)
        ctx.emit(
            EventKind.COUNTERS,
            f"{ctx.label} puts {n} +1/+1 counter{'s' if n != 1 else ''} on {game.obj(oid).name}.",
            "122.1",
            objects=(oid,),
            amount=n,
            counter="+1/+1",
        )
        game.add_delayed(
            {
                "kind": "earthbend",
                "obj": oid,
                "zc": game.zone_changes.get(oid, 0),
                "controller": ctx.controller,
                "source": ctx.source,
                "label": ctx.label,
                "turn": game.turn,
            }
        )
        ctx.emit(
            EventKind.DELAYED,
            f"{ctx.label}: when {game.obj(oid).name} dies or is exiled, it returns to the "
            "battlefield tapped.",
            "603.7a",
            objects=(oid,),
            data={"when": "earthbend_dies_or_exiled"},
        )
    ctx.did = bool(objs)


def on_event(game, event) -> None:
    """Registered for every event: an earthbent object that left the battlefield. To a
    graveyard or exile (a token dying or exiled: it ceases to exist, 111.7), its delayed
    ability triggers (603.7c, once); leaving any other way, the ability is forgotten (the
    object it waits for no longer exists, 400.7)."""
    if not event.moves:
        return
    watches = [d for d in game.delayed if d.get("kind") == "earthbend"]
    for d in watches:
        oid = d["obj"]
        now = game.zone_changes.get(oid, 0)
        if now == d["zc"]:
            continue  # still that object on the battlefield
        game.remove_delayed(d)  # that object is gone, whatever happens next (400.7)
        left = [m for m in event.moves if m.obj == oid and m.src == "battlefield"]
        if not left or now != d["zc"] + 1:
            continue  # it left in an event this hook didn't see: it can't trigger now
        m = left[0]
        gone = m.dst == "none" and event.kind in (*_DIED, EventKind.EXILE)
        if m.dst not in ("graveyard", "exile") and not gone:
            continue
        exiled = m.dst == "exile" or (gone and event.kind == EventKind.EXILE)
        _fire(game, d, oid, "is exiled" if exiled else "dies")


def _fire(game, d: dict, oid: int, where: str) -> None:
    item = StackItem(
        id=game.new_id(),
        kind="ability",
        controller=d["controller"],
        text=f"{d['label']} (delayed: when {game.obj(oid).name} dies or is exiled)",
        source=d["source"],
        trigger="triggered",
        ops=({"op": "earthbend_return"},),
        data={
            "when": "earthbend_dies_or_exiled",
            "delayed": True,
            "event": {"object": oid, "player": game.obj(oid).owner},
            "moved": [[oid, d["zc"] + 1]],
        },
    )
    stack.trigger(
        game,
        item,
        f"{item.text} triggers: {game.obj(oid).name} {where}.",
        "603.7c",
        data={"trigger": "earthbend_dies_or_exiled", "delayed": True},
    )


@op("earthbend_return")
def earthbend_return(ctx: Ctx, o: dict) -> None:
    """Earthbend's delayed ability resolves: the card that died or was exiled, still that
    object in that zone (400.7, 603.7c), returns to the battlefield tapped under its owner's
    control; anything else (a token, 111.8; a card that moved on) stays where it is."""
    game = ctx.game
    ids = [
        oid
        for oid in c.objects(ctx, "moved")
        if (game.zone_of(oid) or (0, ""))[1] in ("graveyard", "exile")
    ]
    if not ids:
        ctx.emit(
            EventKind.TO_BATTLEFIELD,
            f"{ctx.label}: it is no longer where it went, so nothing returns.",
            "603.7c",
            amount=0,
        )
        ctx.did = False
        return
    for oid in ids:
        c.put_onto_battlefield(ctx, oid, game.obj(oid).owner, tapped=True)
    ctx.emit(
        EventKind.TO_BATTLEFIELD,
        f"{ctx.label} returns {', '.join(game.obj(i).name for i in ids)} to the battlefield "
        "tapped.",
        "603.7c",
        objects=ids,
        amount=len(ids),
        data={"from": "graveyard_or_exile", "tapped": True},
    )
    c.entered(ctx, ids)
    ctx.did = True
