"""The Ring tempts you (CR 701.54).

- ``ring_tempts``: you choose a creature you control as your Ring-bearer (701.54a; the
  same one again is allowed, none if you control no creature), then your emblem, The Ring,
  gains its next ability (up to four, 701.54b). The Ring-bearer is a designation recorded as
  a continuous effect of kind ``ring_bearer`` (layer 4: "your Ring-bearer is legendary" while
  you control it, 701.54c); the emblem is a rules effect ``ring_emblem`` with its level.
  Its level 2-4 abilities trigger only in combat, which the playground doesn't have: they
  are recorded with the level and never trigger.
"""

from __future__ import annotations

from engine.core.continuous import ContinuousEffect
from engine.core.events import DecisionKind, EventKind
from engine.lang.effects import Ctx, op
from engine.rules import layers

#: The Ring's abilities by level (701.54b); levels 2-4 are combat triggers.
RING_ABILITIES = (
    "Your Ring-bearer is legendary and can't be blocked by creatures with greater power.",
    "Whenever your Ring-bearer attacks, draw a card, then discard a card.",
    "Whenever your Ring-bearer becomes blocked by a creature, that creature's controller "
    "sacrifices it at end of combat.",
    "Whenever your Ring-bearer deals combat damage to a player, each opponent loses 3 life.",
)


def ring_level(game, player: int) -> int:
    """How many abilities the player's emblem The Ring has (0: never tempted)."""
    for e in game.continuous:
        if e.kind == "ring_emblem" and e.controller == player:
            return int(e.data.get("level", 0))
    return 0


def ring_bearer(game, player: int) -> int | None:
    """The player's Ring-bearer now: the last creature chosen, while it is the same object
    on the battlefield under that player's control (701.54c)."""
    for e in reversed(game.continuous):
        if e.kind == "ring_bearer" and e.controller == player:
            oid, stamp = e.objects[0], e.stamps[0]
            ok = layers.on_battlefield(game, oid, stamp) and game.obj(oid).controller == player
            return oid if ok else None
    return None


def _effect(
    game, kind: str, layer: str, player: int, objects: tuple[int, ...], data: dict
) -> ContinuousEffect:
    return ContinuousEffect(
        id=game.new_id(),
        kind=kind,
        layer=layer,
        controller=player,
        source=None,
        source_stamp=0,
        duration="permanent",
        turn=game.turn,
        timestamp=game.next_timestamp(),
        objects=objects,
        stamps=tuple(layers.stamp_of(game, i) for i in objects),
        data=data,
    )


@op("ring_tempts")
def ring_tempts(ctx: Ctx, o: dict) -> None:
    """701.54a: the Ring tempts you: choose your Ring-bearer, then The Ring gains an ability."""
    game = ctx.game
    me = ctx.controller
    mine = [p.id for p in game.battlefield(me) if game.chars(p.id).is_creature]
    chosen = None
    if len(mine) == 1:
        chosen = mine[0]
    elif mine:
        key = game.decide(
            DecisionKind.CHOOSE_PERMANENT,
            f"{ctx.label}: the Ring tempts you — choose your Ring-bearer.",
            [(f"ring:o{i}", f"{game.obj(i).name} becomes your Ring-bearer") for i in mine],
            "701.54a",
            player=me,
            subject=ctx.label,
            objects=mine,
        )
        chosen = int(key.split(":o")[1])
    old = [
        e.id
        for e in game.continuous
        if e.kind in ("ring_bearer", "ring_emblem") and e.controller == me
    ]
    level = min(ring_level(game, me) + 1, len(RING_ABILITIES))
    game.end_continuous(old)
    game.add_continuous(_effect(game, "ring_emblem", "", me, (), {"level": level}))
    if chosen is not None:
        game.add_continuous(
            _effect(game, "ring_bearer", "4", me, (chosen,), {"supertypes": ["Legendary"]})
        )
    who = game.obj(chosen).name if chosen is not None else "no creature"
    ctx.emit(
        EventKind.DESIGNATION,
        f"The Ring tempts {game.pname(me)} ({ctx.label}): {who} is the Ring-bearer; "
        f"The Ring has {level} abilit{'ies' if level != 1 else 'y'}.",
        "701.54a",
        objects=(chosen,) if chosen is not None else (),
        data={
            "designation": "ring_bearer",
            "bearer": chosen,
            "level": level,
            "abilities": list(RING_ABILITIES[:level]),
        },
    )
