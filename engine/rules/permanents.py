"""A permanent entering the battlefield: replacement effects and enter triggers (CR 614.12,
603.6a), planeswalker loyalty (306.5b), Sagas' first lore counter (714.3a)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import DecisionKind, EventKind
from engine.core.state import StackItem
from engine.lang import effects, values
from engine.lang import targets as targeting
from engine.lang.effects import Ctx
from engine.rules import ability_costs, layers, saga, stack

if TYPE_CHECKING:
    from engine.core.game import Game

E = EventKind


def entered_battlefield(
    game: Game, oid: int, *, cast: bool, x: int = 0, free: bool = False
) -> None:
    """Replacement effects and triggers of a permanent entering (CR 614.12, 603.6a)."""
    obj = game.obj(oid)
    face = game.face(obj)
    entry = game.effects(obj)
    if entry.get("enters_tapped"):
        game.tap(oid)  # 614.1c: recorded as its own event, so the state shows it tapped
        game.emit(
            E.TAP, f"{face.name} enters tapped.", "614.1c", objects=(oid,), player=obj.controller
        )
    if face.is_aura and not cast and obj.attached_to is None:
        _aura_enters(game, oid, entry)  # 303.4a
    _enter_replacements(game, oid, entry, x)  # 614.1c statics
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
    for op in layers.unwrap(game, obj, entry.get("static") or []):
        if op.get("op") == "enters_with_counters":
            n = (
                x
                if op.get("n") == "X"
                else values.value_of(Ctx(game, obj.controller, oid, (), x, ""), op.get("n") or 0)
            )
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
    for kind, n in (game.cast_info.get(oid) or {}).get("enters_with", ()) if cast else ():
        # 614.1c: "that creature enters with an additional counter" (set up as it was cast)
        game.set_counters(oid, kind, game.obj(oid).counter(kind) + n)
        game.emit(
            E.COUNTERS,
            f"{face.name} enters with {n} additional {kind} counter{'s' if n != 1 else ''}.",
            "614.1c",
            objects=(oid,),
            source=oid,
            amount=n,
            counter=kind,
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
                data={
                    "targets": entry.get("etb_targets") or [],
                    "optional": bool(entry.get("etb_optional")),
                    "event": {"object": oid, "player": obj.controller, "when": "etb"},
                },
            )
            stack.trigger(
                game,
                item,
                f"{face.name}'s enter-the-battlefield ability triggers.",
                "603.6a",
                data={"trigger": "etb"},
            )


def _enter_replacements(game: Game, oid: int, entry: dict, x: int) -> None:
    """CR 614.1c, 614.12: "enters tapped (unless ...)" and "enters with ..." statics apply
    as the permanent enters (before anything can see it untapped or without them)."""
    obj = game.obj(oid)
    statics = [
        o
        for o in layers.unwrap(game, obj, entry.get("static") or [])  # "if kicked, ..." too
        if o.get("op") in ("enters_tapped", "enters_with", "choose_card_name")
    ]
    if not statics:
        return
    effects.run_ops(
        game, statics, controller=obj.controller, source=oid, x=x, label=game.face(obj).name
    )


def keyword_abilities(entry: dict) -> list[dict]:
    """Activated abilities that keywords stand for: Equip [cost] (702.6a):
    "[Cost]: Attach this to target creature you control. Equip only as a sorcery."."""
    cost = (entry.get("keyword_costs") or {}).get("Equip")
    if not isinstance(cost, str):
        return []
    return [
        {
            "cost": cost,
            "costs": ability_costs.of_keyword(cost),  # "{2}, pay 2 life" (My Precious)
            "ops": [{"op": "attach", "what": "self", "to": "target"}],
            "targets": [{"what": "creature", "count": 1, "filter": {"controller": "you"}}],
            "sorcery_speed": True,
            "keyword": "Equip",
        }
    ]


def _aura_hosts(game: Game, oid: int, entry: dict, controller: int) -> list[str]:
    """What an Aura entering without being cast could enter attached to (303.4a): what its
    enchant ability could target (an object with hexproof is left out, though it doesn't
    target), refs "oN" / "pN"."""
    spec = dict(entry.get("enchant") or {"what": "creature", "count": 1})
    to_player = spec.get("what") in ("player", "opponent")  # "enchant player" (303.4a)
    return [
        r
        for r in targeting.candidates(game, spec, controller, exclude=(oid,))
        if r.startswith("p" if to_player else "o")
    ]


def aura_stays(game: Game, oid: int, controller: int) -> bool:
    """CR 303.4g: an Aura card about to be put onto the battlefield (not cast) with nothing
    it could enchant stays in its zone instead of entering."""
    obj = game.obj(oid)
    face = obj.card.front
    if not face.is_aura:
        return False
    return not _aura_hosts(game, oid, game.effects(obj), controller)


def _aura_enters(game: Game, oid: int, entry: dict) -> None:
    """CR 303.4a: an Aura put onto the battlefield without being cast: the player putting it
    there chooses what it enters attached to (the options are what its enchant ability
    could target; an object with hexproof is left out, though 303.4a doesn't target). The
    ops that put cards onto the battlefield together leave an Aura with nothing to enchant
    where it was (``aura_stays``, 303.4g); one that still enters so goes to the graveyard
    with the SBAs (704.5m)."""
    obj = game.obj(oid)
    spec = dict(entry.get("enchant") or {"what": "creature", "count": 1})
    to_player = spec.get("what") in ("player", "opponent")  # "enchant player" (303.4a)
    options = _aura_hosts(game, oid, entry, obj.controller)
    if not options:
        return
    key = options[0]
    if len(options) > 1:
        key = game.decide(
            DecisionKind.CHOOSE_PERMANENT,
            f"{obj.name} enters the battlefield: choose what it is attached to.",
            [(f"attach:{r}", f"Attach to {targeting.label(game, r)}") for r in options],
            "303.4a",
            player=obj.controller,
            subject=obj.name,
            objects=(oid,),
        ).split(":", 1)[1]
    if to_player:
        player = int(key[1:])
        game.attach_to_player(oid, player)
        game.emit(
            E.ATTACH,
            f"{obj.name} enters attached to {game.pname(player)}.",
            "303.4a",
            objects=(oid,),
            source=oid,
            player=obj.controller,
            data={"to_player": player},
        )
        return
    host = int(key[1:])
    game.attach(oid, host)
    game.emit(
        E.ATTACH,
        f"{obj.name} enters attached to {game.obj(host).name}.",
        "303.4a",
        objects=(oid, host),
        source=oid,
        player=obj.controller,
        data={"to": host},
    )
