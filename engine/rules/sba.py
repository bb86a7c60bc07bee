"""State-based actions (CR 704), checked whenever a player would receive priority."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.base import limits
from engine.core.continuous import number
from engine.core.events import EventKind
from engine.lang import protection
from engine.rules import layers, saga, stack

if TYPE_CHECKING:
    from engine.core.game import Game


def toughness(game: Game, oid: int) -> int | None:
    """Toughness after every layer (CR 613): printed or set (7a, 7b), then effects and
    +1/+1 / -1/-1 counters (7c); None for a noncreature. A ``*`` part with no
    characteristic-defining ability in the card data counts as 0."""
    computed = game.all_chars().get(oid)
    if computed is not None:
        return computed.toughness
    obj = game.obj(oid)  # nothing modifies it: printed toughness and counters (613.4c)
    face = obj.characteristics
    if not face.is_creature or face.toughness is None:
        return None
    return (number(face.toughness) or 0) + obj.counter("+1/+1") - obj.counter("-1/-1")


def eval_int(text: str) -> int:
    """A printed number such as ``2``, ``1+0`` or ``-1``."""
    total = 0
    for part in text.replace("-", "+-").split("+"):
        part = part.strip()
        if part:
            total += int(part)
    return total


def check(game: Game) -> bool:
    """Perform every applicable state-based action at once (CR 704.3); True if any happened."""
    acted = False
    game.budget.spend(limits.WORK_SBA, game.battlefield_size())
    losers: list[tuple[int, str, str]] = []
    for player in range(len(game.players)):
        if player in game.lost:
            continue
        if game.players[player].life <= 0:
            losers.append((player, "life total 0 or less", "704.5a"))
        elif player in game.drew_from_empty:
            losers.append((player, "attempted to draw from an empty library", "704.5b"))
    stack.lose_all(game, losers)
    acted = apply_control(game)  # layer 2 (613.1b): who controls each permanent now
    acted = annihilate_counters(game) or acted
    doomed: list[tuple[int, str, str]] = []
    walkers: list[tuple[int, str, str]] = []  # 704.5i, after the deathtouch ones below
    for perm in game.battlefield():  # one pass for 704.5f, g and i
        if perm.phased_out:  # 702.26b: treated as though it doesn't exist
            continue
        t = toughness(game, perm.id)
        if t is None:
            pass
        elif t <= 0:
            doomed.append((perm.id, "704.5f", "toughness 0 or less"))
        elif perm.damage >= t and not stack.indestructible(game, perm.id):  # 702.12b
            doomed.append(
                (perm.id, "704.5g", f"lethal damage: {perm.damage} damage, toughness {t}")
            )
        if "Planeswalker" in game.face(perm).types and perm.counter("loyalty") <= 0:
            walkers.append((perm.id, "704.5i", "no loyalty counters"))
    touched = game.take_deathtouched() if game.deathtouched else set()
    dead = {oid for oid, _, _ in doomed}
    for oid in sorted(touched - dead):  # 704.5h: damage from a source with deathtouch
        where = game.zone_of(oid)
        if where is None or where[1] != "battlefield" or toughness(game, oid) is None:
            continue
        if not stack.indestructible(game, oid):  # 702.12b (infect damage counts too)
            doomed.append((oid, "704.5h", "dealt damage by a source with deathtouch"))
    doomed += walkers
    reasons = {
        "704.5f": "toughness",
        "704.5g": "lethal_damage",
        "704.5i": "no_loyalty",
        "704.5h": "deathtouch",
    }
    for oid, rule, why in doomed:
        if rule in ("704.5f", "704.5i"):
            obj = game.obj(oid)
            dst = stack.dies_to(game, oid)
            game.move(oid, dst)
            note = stack.token_note(obj)
            went = "put into its owner's graveyard"
            if dst == "exile":
                went = "exiled instead (614.1a)"
            data = {"reason": reasons[rule]}
            if dst == "exile":
                data["replaced"] = "exile"
            game.emit(
                EventKind.SBA,
                f"{obj.name} is {went} ({why}){note}.",
                rule,
                player=obj.controller,
                data=data,
            )
        else:
            stack.destroy(game, oid, why, rule, reason=reasons[rule])
        acted = True
    acted = attachments(game) or acted
    # CR 704.5d: a token in a zone other than the battlefield ceases to exist (most games
    # create none: then there is nothing to look for).
    for zones in [pl.zones for pl in game.players] if game.tokens_created else ():
        for zone in ("hand", "graveyard", "exile", "library"):
            for oid in list(zones[zone]):
                if game.obj(oid).is_token:
                    name = game.obj(oid).name
                    game.move(oid, "none")
                    game.emit(
                        EventKind.SBA,
                        f"The token {name} ceases to exist.",
                        "704.5d",
                        objects=(oid,),
                        data={"reason": "token_left_battlefield"},
                    )
                    acted = True
    for oid in saga.to_sacrifice(game):
        obj = game.obj(oid)
        final = saga.final_chapter(obj.card)
        why = (
            f" (it has {obj.counter('lore')} lore counters, at least its final chapter "
            f"{saga.roman(final)}, and no chapter ability of it is waiting or on the stack)"
        )
        stack.sacrifice(
            game, oid, why, "704.5s", reason="saga", lore=obj.counter("lore"), final_chapter=final
        )
        acted = True
    return acted


# ------------------------------------------------------- counters, attachments, phasing
def annihilate_counters(game: Game) -> bool:
    """CR 704.5q: a permanent with both +1/+1 and -1/-1 counters loses N of each, N the
    smaller number."""
    acted = False
    for perm in game.battlefield():
        if len(perm.counters) < 2:
            continue
        n = min(perm.counter("+1/+1"), perm.counter("-1/-1"))
        if n <= 0:
            continue
        game.add_counters(perm.id, "+1/+1", -n)
        game.add_counters(perm.id, "-1/-1", -n)
        game.emit(
            EventKind.SBA,
            f"{perm.name} has +1/+1 and -1/-1 counters: {n} of each are removed.",
            "704.5q",
            objects=(perm.id,),
            player=perm.controller,
            amount=n,
            data={"reason": "counters_annihilate"},
        )
        acted = True
    return acted


def attachments(game: Game) -> bool:
    """CR 704.5m: an Aura attached to an illegal object or to nothing goes to its owner's
    graveyard; 704.5n: an Equipment attached to an illegal permanent becomes unattached
    (it stays on the battlefield). A permanent with protection from a quality the Aura or
    Equipment has is an illegal one (702.16c-d)."""
    acted = False
    for perm in game.battlefield():
        face = perm.characteristics
        if perm.attached_to is None and not face.subtypes:
            continue
        aura, equipment = "Aura" in face.subtypes, "Equipment" in face.subtypes
        if not (aura or equipment) or perm.phased_out:
            continue
        host = perm.attached_to
        legal = host is not None and layers.on_battlefield(game, host) and host != perm.id
        if legal and equipment and host is not None:
            legal = game.chars(host).is_creature  # 301.5c: Equipment equips creatures
        if legal and host is not None and protection.protected_from(game, host, perm.id):
            legal = False  # 702.16c-d
        if legal:
            continue
        enchant = game.effects(perm).get("enchant") or {}
        player = perm.enchanted_player
        if aura and host is None and player is not None:
            # 303.4d: attached to a player its enchant ability allows ("enchant opponent")
            if enchant.get("what") == "opponent" and player == perm.controller:
                pass
            elif 0 <= player < len(game.players) and player not in game.lost:
                continue
        if aura:
            game.move(perm.id, "graveyard" if not perm.is_token else "none")
            game.emit(
                EventKind.SBA,
                f"{perm.name} is put into its owner's graveyard: it is attached to nothing "
                "(or to an illegal object).",
                "704.5m",
                player=perm.controller,
                data={"reason": "aura_unattached"},
            )
            acted = True
        elif host is not None:
            game.attach(perm.id, None)
            game.emit(
                EventKind.SBA,
                f"{perm.name} becomes unattached and stays on the battlefield.",
                "704.5n",
                objects=(perm.id,),
                player=perm.controller,
                data={"reason": "equipment_unattached"},
            )
            acted = True
    return acted


def apply_control(game: Game) -> bool:
    """Layer 2 (613.1b): move each permanent to the player a control effect gives it to
    (or back to the one it entered under once the effects end). The engine applies control
    here, before state-based actions, rather than at every instant."""
    acted = False
    effects = [e for e in layers.in_force(game) if e.layer == "2"]
    if not effects and not game.control_changed:
        return False  # no control effect now, and none ever moved a permanent
    wanted: dict[int, int] = {}
    for e in effects:
        targets = e.objects if e.id == 0 else layers.applies_to(game, e)
        for oid in targets:
            to = e.data.get("to")
            wanted[oid] = int(to) if isinstance(to, int) else e.controller
    for perm in game.battlefield():
        base = game.base_controller.get(perm.id, perm.owner)
        player = wanted.get(perm.id, base)
        if player != perm.controller:
            before = perm.controller
            game.set_controller(perm.id, player)
            game.emit(
                EventKind.CONTROL,
                f"{game.pname(player)} now control{'s' if game.pname(player) != 'You' else ''} "
                f"{perm.name}.",
                "613.1b",
                objects=(perm.id,),
                player=player,
                data={"before": before, "after": player},
            )
            acted = True
    return acted
