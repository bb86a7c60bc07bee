"""Storm (CR 702.40), written to read like the rule.

702.40a  Storm is a triggered ability that functions on the stack. "Storm" means "When
         you cast this spell, copy it for each other spell that was cast before it this
         turn. If the spell has any targets, you may choose new targets for any of the
         copies."
702.40b  If a spell has multiple instances of storm, each triggers separately.

The count is every player's spells cast before it this turn (the scenario's
``spells_cast`` included), fixed when the spell is cast: a spell cast after it doesn't
count. The copies are put on the stack, not cast (707.10): they trigger no "whenever you
cast" ability and aren't counted by a later storm. If the spell has left the stack when
the storm ability resolves, it is still copied, as it last existed there (608.2h; the
card data of its face, its X, targets and kicked status). A copy of a permanent spell
becomes a token (707.10f) and a copy of a modal spell copies its modes: neither is
simulated, and coverage names them (``missing``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import DecisionKind, EventKind
from engine.core.state import StackItem
from engine.lang import costs
from engine.lang import targets as targeting
from engine.rules import stack

if TYPE_CHECKING:
    from engine.cards.definitions import CardDef, Face
    from engine.core.game import Game

KEYWORD = "storm"


def instances(face: Face) -> int:
    """How many times the face has storm (702.40b)."""
    return sum(1 for k in face.keywords if k.lower() == KEYWORD)


def missing(card: CardDef) -> str | None:
    """What of storm on this card the engine can't do (for coverage), or None."""
    for face in card.spell_faces:
        if not instances(face):
            continue
        if face.is_permanent:
            return "storm: a copy of a permanent spell becomes a token (707.10f)"
        entry = card.effects_for(face.name) or {}
        if entry.get("modes"):
            return "storm: copying a modal spell (707.10: the modes are copied)"
    return None


def on_cast(game: Game, item: StackItem, from_zone: str) -> None:
    """702.40a: storm triggers when the spell is cast; the count is fixed now."""
    obj = game.obj(item.card())
    face = game.face(obj)
    n = instances(face)
    if not n:
        return
    before = sum(game.this_turn.spells_cast) - 1  # this spell is counted already (601.2i)
    for i in range(1, n + 1):
        nth = f" (instance {i} of {n})" if n > 1 else ""
        ability = StackItem(
            id=game.new_id(),
            kind="ability",
            controller=item.controller,
            text=f"Storm of {face.name}{nth}",
            source=obj.id,
            trigger=KEYWORD,
            data={
                "spell": item.id,
                "count": before,
                "name": face.name,
                "x": item.x,
                "spell_targets": list(item.targets),
                "stamps": dict(item.data.get("stamps") or {}),
                "kicked": item.data.get("kicked"),
            },
        )
        stack.trigger(
            game,
            ability,
            f"Storm triggers on casting {face.name}{nth}: {before} other spell"
            f"{'s were' if before != 1 else ' was'} cast before it this turn.",
            "702.40b" if n > 1 else "702.40a",
            instance=i,
            instances=n,
            amount=before,
            data={"keyword": KEYWORD, "spell": face.name, "count": before},
        )


def _new_targets(game: Game, player: int, label: str, targets: tuple) -> bool:
    """707.10c: the copy's controller may choose new targets for it (keeping is first)."""
    key = game.decide(
        DecisionKind.MAY,
        f"{label}: choose new targets for the copy? (you may; otherwise it keeps "
        f"{targeting.describe(game, targets)})",
        [("keep", "Keep its targets"), ("new", "Choose new targets")],
        "707.10c",
        player=player,
        subject=label,
    )
    return key == "new"


def resolve(game: Game, ability: StackItem) -> None:
    """702.40a: one copy per spell cast before it; each may get new targets (707.10c)."""
    data = ability.data
    spell = game.stack_item(data["spell"])
    obj = game.obj(ability.source_id())
    face = next(f for f in obj.card.spell_faces if f.name == data["name"])
    entry = game.effects(obj, face.name)
    count = int(data["count"])
    targets = tuple(spell.targets) if spell is not None else tuple(data["spell_targets"])
    stamps = dict(spell.data.get("stamps") or {}) if spell is not None else dict(data["stamps"])
    kicked = spell.data.get("kicked") if spell is not None else data.get("kicked")
    gone = "" if spell is not None else " (it has left the stack: copied as it last existed)"
    if count == 0:
        game.emit(
            EventKind.COPY,
            f"Storm: no other spell was cast before {face.name} this turn, so there is no copy.",
            "702.40a",
            objects=(obj.id,),
            source=obj.id,
            player=ability.controller,
            amount=0,
            data={"spell": face.name, "keyword": KEYWORD},
        )
    ops = costs.resolve_conditions(
        list(entry.get("spell") or ()), {"kicked": kicked} if kicked is not None else None
    )
    specs = list(entry.get("targets") or ())
    for i in range(1, count + 1):
        label = f"Copy {i} of {face.name}"
        chosen, marks = targets, stamps
        if specs and targets and _new_targets(game, ability.controller, label, targets):
            new = targeting.choose(game, specs, ability.controller, f"{label} (storm)")
            if new is not None:
                chosen, marks = new, targeting.stamp(game, new)
        copy = StackItem(
            id=game.new_id(),
            kind="ability",
            controller=ability.controller,
            text=label,
            source=obj.id,
            x=int(data.get("x") or 0),
            trigger="copy",
            ops=tuple(ops),
            targets=tuple(chosen),
            data={
                "stamps": marks,
                "copy_of": data["spell"],
                "spell": face.name,
                "missing": not entry,
            },
        )
        game.push(copy)
        game.emit(
            EventKind.COPY,
            f"Storm: copy {i} of {count} of {face.name} is put on the stack (not cast, "
            f"707.10){gone}.",
            "702.40a",
            objects=(obj.id,),
            source=obj.id,
            player=ability.controller,
            amount=1,
            data={"spell": face.name, "targets": list(chosen), "keyword": KEYWORD},
        )
