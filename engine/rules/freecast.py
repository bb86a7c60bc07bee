"""Casting a card "without paying its mana cost" (CR 118.9, 107.3b), as cascade and discover do.

Shared by both mechanics: which spells the card can become (split halves, adventure,
MDFC faces), which of those meet the mana-value limit, which can actually be cast
(a spell needing a target needs a legal one), and the player's choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import DecisionKind, EventKind
from engine.rules import stack

if TYPE_CHECKING:
    from engine.core.game import Game


def offer(
    game: Game,
    oid: int,
    player: int,
    limit: int,
    *,
    inclusive: bool,
    kind: DecisionKind,
    rule: str,
    mechanic: str,
    allow_hand: bool,
    prompt: str | None = None,
    may_decline: bool = True,
) -> str:
    """Offer the free cast; returns "cast", "declined" or "hand" (discover's alternative).

    ``limit`` is compared with the resulting SPELL's mana value, X being 0 (107.3b):
    cascade needs it strictly less (702.85a), discover at most N (701.57a).
    ``may_decline=False``: the player already chose to cast this card; only which spell.
    """
    obj = game.obj(oid)
    card = obj.card
    relation = "at most" if inclusive else "less than"
    fits = stack.castable_faces(game, obj, limit, inclusive=inclusive)
    notes: list[str] = []
    reasons: list[dict] = []  # the same facts as ``notes``, as fields
    for f in card.spell_faces:
        if f not in fits:
            notes.append(f"{f.name} (mana value {f.mana_value(0)}) is not {relation} {limit}")
            reasons.append({"face": f.name, "why": "mana_value", "mana_value": f.mana_value(0)})
    castable = []
    for f in fits:
        problem = stack.why_not_castable(game, obj, f, player)
        if problem:
            notes.append(f"{problem[1]}, so it can't be cast as that spell")
            reasons.append({"face": f.name, "why": problem[0]})
        else:
            castable.append(f)
    if card.is_land or not card.spell_faces:
        notes.append(f"{card.name} is not a spell")
        reasons.append({"face": card.name, "why": "not_a_spell"})
    if not castable:
        why = "; ".join(notes) or f"{card.name} can't be cast"
        if allow_hand:
            game.move(oid, "hand", player)
            game.emit(
                EventKind.TO_HAND,
                f"{card.name} can't be cast ({why}); it is put into {game.poss(player)} hand.",
                "701.57a",
                player=player,
                data={"mechanic": mechanic, "reasons": reasons},
            )
            return "hand"
        game.emit(
            EventKind.CANT_CAST,
            f"{card.name} is not cast: {why}.",
            rule,
            objects=(oid,),
            player=player,
            data={"mechanic": mechanic, "reasons": reasons},
        )
        return "declined"
    multi = len(card.faces) > 1
    options = [(f"cast:{f.name}" if multi else "cast", f"Cast {f.name}") for f in castable]
    if allow_hand:
        options.append(("hand", "Put it into your hand"))
    elif may_decline:  # else the player already chose to cast this card (only which spell)
        options.append(("decline", "Don't cast"))
    prompt = prompt or (
        f"{card.name} — cast it without paying its mana cost (the spell's mana value must "
        f"be {relation} {limit}; X is 0)?"
    )
    if notes:
        prompt += " " + "; ".join(notes) + "."
    key = game.decide(kind, prompt, options, rule, player=player, subject=card.name, objects=(oid,))
    if key == "decline":
        game.emit(
            EventKind.DECLINE,
            f"{game.verb(player, 'choose', 'chooses')} not to cast {card.name}.",
            rule,
            objects=(oid,),
            player=player,
            data={"mechanic": mechanic},
        )
        return "declined"
    if key == "hand":
        game.move(oid, "hand", player)
        game.emit(
            EventKind.TO_HAND,
            f"{game.verb(player, 'put', 'puts')} {card.name} into {game.poss(player)} hand "
            "instead of casting it.",
            "701.57a",
            player=player,
            data={"mechanic": mechanic},
        )
        return "hand"
    face = castable[0] if key == "cast" else next(f for f in castable if f"cast:{f.name}" == key)
    xnote = " X is 0 (107.3b)." if face.mana_cost is not None and face.mana_cost.has_x else ""
    stack.cast(
        game,
        oid,
        player,
        face,
        x=0,
        free=True,
        rule=f"{rule}, 118.9",
        via=f" ({mechanic}).{xnote}".rstrip("."),
        mechanic=mechanic,
    )
    return "cast"


def castable_free(game: Game, oid: int, player: int, rule: str, mechanic: str) -> bool:
    """Whether ``player`` could cast this card now without paying its mana cost, as some
    spell face: a legal target (601.2c), its modes (700.2), its printed casting restriction
    (601.3) and additional costs (601.2h) allow it. What a "cast a card from your hand for
    free" effect offers: a card that can't be cast is not a choice, and the log says why
    it isn't one (a ``cant_cast`` event with the reasons, as for a cascade hit)."""
    obj = game.obj(oid)
    faces = stack.castable_faces(game, obj)
    problems = [(f, stack.why_not_castable(game, obj, f, player)) for f in faces]
    if faces and any(why is None for _, why in problems):
        return True
    reasons = [{"face": f.name, "why": why[0]} for f, why in problems if why]
    text = "; ".join(why[1] for _, why in problems if why) or f"{obj.card.name} is not a spell"
    game.emit(
        EventKind.CANT_CAST,
        f"{obj.card.name} is not offered: {text}.",
        rule,
        objects=(oid,),
        player=player,
        data={"mechanic": mechanic, "reasons": reasons},
    )
    return False


def whole_library(n: int) -> str:
    """What happened to a library that held no hit: "all 3 cards ... were exiled"."""
    if n == 0:
        return "the library is empty, so nothing is exiled"
    if n == 1:
        return "the library's only card was exiled"
    return f"all {n} cards of the library were exiled"


def exile_until(
    game: Game,
    player: int,
    limit: int,
    *,
    inclusive: bool,
    rule: str,
    hit_kind: EventKind,
    hit_note: str,
) -> tuple[list[int], int | None]:
    """Exile from the top, one card at a time, face up (406.3), until a nonland card whose
    mana value is below ``limit`` (cascade, 702.85a) or at most ``limit`` (discover, 701.57a).

    Returns every exiled id and the hit (None when the whole library went without one).
    """
    exiled: list[int] = []
    relation, miss = ("<=", "is more than") if inclusive else ("<", "is not less than")
    while True:
        top = game.top_of_library(player)
        if top is None:
            return exiled, None
        card = game.obj(top).card
        game.move(top, "exile")
        exiled.append(top)
        mv = card.mana_value
        if not card.is_land and (mv <= limit if inclusive else mv < limit):
            game.emit(
                hit_kind,
                f"{card.name} is exiled face up: a nonland card with mana value "
                f"{mv} {relation} {limit}. {hit_note}",
                rule,
                player=player,
                amount=mv,
                data={"limit": limit, "inclusive": inclusive},
            )
            return exiled, top
        why = "a land" if card.is_land else f"mana value {mv} {miss} {limit}"
        game.emit(
            EventKind.EXILE,
            f"{card.name} is exiled face up ({why}).",
            rule,
            player=player,
            amount=mv,
            data={"limit": limit, "inclusive": inclusive, "land": card.is_land},
        )
