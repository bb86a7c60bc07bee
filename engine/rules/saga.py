"""Sagas (CR 714) and read ahead (CR 702.155).

714.2b  A chapter ability triggers when lore counters put on the Saga make their
        number go from less than its chapter number to at least that number.
714.3a  As a Saga enters, its controller puts a lore counter on it.
714.3b  As its controller's precombat main phase begins, they put a lore counter
        on each Saga with a chapter ability they control (turn-based, no stack).
714.4   A Saga whose lore counters reach its final chapter number is sacrificed
        once no chapter ability of it that triggered is still waiting or on the
        stack (state-based action 704.5s). A Saga with no chapter abilities isn't.
702.155a Read ahead: "Chapter abilities of this Saga can't trigger the turn it entered
        the battlefield unless it has exactly the number of lore counters on it
        specified in the chapter symbol of that ability."
702.155b As it enters, its controller chooses a number from 1 to its final chapter
        number; it enters with that many lore counters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import DecisionKind, EventKind
from engine.core.state import StackItem
from engine.rules import stack

if TYPE_CHECKING:
    from engine.cards.definitions import CardDef
    from engine.core.game import Game

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII"}

# Chapter texts the card data only approximates, written out exactly (seed 003:
# "you must sacrifice one Mountain if able; you can't sacrifice several").
OVERRIDES: dict[tuple[str, int], tuple[dict, ...]] = {
    ("The First Eruption", 3): (
        {
            "op": "sacrifice",
            "what": "Mountain",
            "count": 1,
            "then": [{"op": "damage", "amount": 3, "to": "each_creature"}],
        },
    ),
}


def roman(n: int) -> str:
    return ROMAN.get(n, str(n))


def chapters(card: CardDef) -> list[tuple[int, tuple[dict, ...]]]:
    """(chapter number, ops) for every chapter; "I, II —" counts as two abilities (714.2c)."""
    if card.chapters is None:
        return []
    out = []
    for ability in card.chapters.abilities:
        for n in ability.chapters:
            ops = OVERRIDES.get((card.name, n), tuple(ability.ops))
            out.append((n, ops))
    return sorted(out, key=lambda t: t[0])


def final_chapter(card: CardDef) -> int:
    """714.2d: the greatest chapter number (0 when the Saga has no chapter abilities)."""
    numbers = [n for n, _ in chapters(card)]
    return max(numbers) if numbers else 0


def enters(game: Game, oid: int) -> None:
    """714.3a (or 702.155b with read ahead): the lore counters it enters with, then chapters."""
    obj = game.obj(oid)
    final = final_chapter(obj.card)
    if obj.card.read_ahead and final:
        key = game.decide(
            DecisionKind.READ_AHEAD,
            f"Read ahead: choose the chapter {obj.name} starts at (it enters with that many "
            "lore counters; earlier chapters don't trigger).",
            [(f"chapter:{n}", f"Chapter {roman(n)}") for n in range(1, final + 1)],
            "702.155b",
            player=obj.controller,
            subject=obj.name,
            objects=(oid,),
        )
        n = int(key.split(":")[1])
        game.set_status(oid, read_ahead=n)
        rule, why = "702.155b", f"read ahead: chapter {roman(n)} chosen"
    else:
        n, rule, why = 1, "714.3a", "as a Saga enters"
    _put(game, oid, n, rule, why)


def add_lore(game: Game, oid: int, n: int, rule: str, why: str) -> None:
    """Put lore counters on a Saga (effects, proliferate, the precombat main phase)."""
    _put(game, oid, n, rule, why)


def remove_lore(game: Game, oid: int, n: int) -> None:
    """Removing counters triggers nothing, but lets passed chapters trigger again (seed 003)."""
    obj = game.obj(oid)
    before, after = game.add_counters(oid, "lore", -min(n, obj.counter("lore")))
    game.emit(
        EventKind.LORE,
        f"{before - after} lore counter{'s' if before - after != 1 else ''} removed "
        f"from {obj.name} ({before} -> {after}); no chapter triggers for that.",
        "714.2b",
        objects=(oid,),
        player=obj.controller,
        amount=after - before,
        counter="lore",
        data={"before": before, "after": after},
    )


def _put(game: Game, oid: int, n: int, rule: str, why: str) -> None:
    obj = game.obj(oid)
    before, after = game.add_counters(oid, "lore", n)
    game.emit(
        EventKind.LORE,
        f"{obj.name} gets {n} lore counter{'s' if n != 1 else ''} ({why}): {before} -> {after}.",
        rule,
        objects=(oid,),
        player=obj.controller,
        amount=n,
        counter="lore",
        data={"before": before, "after": after},
    )
    fire(game, oid, before, after)


def fire(game: Game, oid: int, before: int, after: int) -> None:
    """714.2b: each chapter crossed by this one event triggers, lowest first."""
    obj = game.obj(oid)
    for n, ops in chapters(obj.card):
        if not before < n <= after:
            continue
        if obj.card.read_ahead and obj.entered_turn == game.turn and after != n:
            # 702.155a: the turn it entered, only the chapter it has EXACTLY n counters for.
            game.emit(
                EventKind.NO_TRIGGER,
                f"Chapter {roman(n)} of {obj.name} doesn't trigger: read ahead lets a "
                f"chapter trigger the turn the Saga entered only if it has exactly {n} lore "
                f"counter{'s' if n != 1 else ''}, and it has {after}.",
                "702.155a",
                objects=(oid,),
                source=oid,
                player=obj.controller,
                data={"chapter": n, "lore": after},
            )
            continue
        ability = None if (obj.card.name, n) in OVERRIDES else structured(game.effects(obj), n)
        if ability is None:
            item_ops, data = tuple(ops), {"targets": _target_specs(ops)}
        else:
            item_ops, data = _from_data(ability)
        item = StackItem(
            id=game.new_id(),
            kind="ability",
            controller=obj.controller,
            text=f"Chapter {roman(n)} of {obj.name}",
            source=oid,
            trigger="chapter",
            chapter=n,
            ops=item_ops,
            data=data,
        )
        stack.trigger(
            game,
            item,
            f"Chapter {roman(n)} of {obj.name} triggers: lore counters went from "
            f"{before} to {after}, reaching {n}.",
            "714.2b",
            data={"trigger": "chapter", "chapter": n, "before": before, "after": after},
        )


MODAL_KEYS = ("modes", "choose", "choose_min", "mode_targets", "same_mode_repeatable", "at_random")


def chapter_abilities(card: CardDef) -> list[tuple[int, tuple[dict, ...], list | None, str | None]]:
    """(chapter number, ops, target specs or None, untranslated part or None) for each
    chapter, lowest first: what :func:`fire` puts on the stack for it (an override, the
    effect entry's chapter, or the card facts' summary), for coverage and views. A modal
    chapter lists the ops of all its modes; "I, II —" shares one ops tuple."""
    entry = card.effects_for(saga_face(card)) if card.effects is not None else None
    rows: list[tuple[int, tuple[dict, ...], list | None, str | None]] = []
    made: dict[int, tuple[tuple[dict, ...], list | None, str | None]] = {}
    for n, ops in chapters(card):
        ability = None if (card.name, n) in OVERRIDES else structured(entry or {}, n)
        if ability is None:
            rows.append((n, tuple(ops), None, None))
            continue
        if id(ability) not in made:
            item_ops, data = _from_data(ability)
            modal = data.get("modal") or {}
            if modal:
                item_ops = tuple(o for mode in modal.get("modes") or () for o in mode)
            missing = "; ".join(data.get("untranslated") or ()) or None
            made[id(ability)] = (item_ops, data.get("targets") or None, missing)
        rows.append((n, *made[id(ability)]))
    return rows


def saga_face(card: CardDef) -> str:
    """The name of the card's Saga face: its front, or the back face of a transforming card
    whose back is the Saga (Elesh Norn // The Argent Etchings); that face's chapters are
    the ones ``fire`` runs, through the permanent's face (``game.effects``)."""
    for face in card.faces:
        if "Saga" in face.subtypes:
            return face.name
    return card.front.name


def structured(entry: dict, n: int) -> dict | None:
    """The card data's chapter ability for chapter ``n`` (the effects entry's ``chapters``:
    ops, target specs, modes, or ``untranslated``), or None when the data has none and
    the chapter summary is used."""
    for ability in entry.get("chapters") or ():
        numbers = ability.get("chapters") if isinstance(ability, dict) else None
        if (
            isinstance(numbers, list)
            and n in numbers
            and any(k in ability for k in ("ops", "modes", "untranslated"))
        ):
            return ability
    return None


def _from_data(ability: dict) -> tuple[tuple[dict, ...], dict]:
    """(ops, stack item data) of a chapter ability from the card data: its targets are
    chosen as it goes on the stack (603.3d), its modes too (603.3c); "optional" is a "may"
    on resolution (603.5); an untranslated chapter changes nothing and names its class."""
    if "untranslated" in ability:
        return (), {"targets": [], "untranslated": [f"{ability['untranslated']} (not translated)"]}
    ops = tuple(dict(o) for o in ability.get("ops") or ())
    data: dict = {"targets": [dict(t) for t in ability.get("targets") or ()]}
    if "modes" in ability:
        if ability.get("optional"):
            return (), {"targets": [], "untranslated": ["an optional modal chapter"]}
        data["modal"] = {k: ability[k] for k in MODAL_KEYS if k in ability}
    elif ability.get("optional"):
        ops = ({"op": "may", "ops": list(ops)},)
    return ops, data


def _target_specs(ops: tuple[dict, ...]) -> list[dict]:
    """603.3d: a chapter ability that targets gets its target as it goes on the stack.

    The chapter summaries don't say what kind of target; damage may target anything
    that can be dealt damage, other ops a permanent (an op may give its own "targets").
    """
    for op in ops:
        if op.get("to") == "target" or op.get("what") in ("target", "targets"):
            default = {"what": "any" if op.get("op") == "damage" else "permanent", "count": 1}
            return [dict(spec) for spec in op.get("targets") or [default]]
    return []


def precombat_main(game: Game, player: int) -> None:
    """714.3b: a turn-based action as the precombat main phase begins; it doesn't use the stack."""
    sagas = [p for p in game.battlefield(player) if game.face(p).is_saga and chapters(p.card)]
    if not sagas:
        game.emit(
            EventKind.LORE,
            "No Saga with chapter abilities: no lore counters to add.",
            "714.3b",
            player=player,
            amount=0,
            counter="lore",
        )
    for perm in sagas:
        _put(game, perm.id, 1, "714.3b", "precombat main phase, a turn-based action")


def to_sacrifice(game: Game) -> list[int]:
    """714.4 / 704.5s: final chapter reached, no chapter ability of it waiting or on the stack."""
    waiting = {s.source for s in [*game.stack, *game.pending] if s.trigger == "chapter"}
    doomed = []
    for perm in game.battlefield():
        final = final_chapter(perm.card) if game.face(perm).is_saga else 0
        if final and perm.counter("lore") >= final and perm.id not in waiting:
            doomed.append(perm.id)
    return doomed
