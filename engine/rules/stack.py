"""Casting (CR 601.2), the stack, triggers (603.3) and resolution (608), on the kernel.

What happens when a spell is cast (cascade), when a permanent enters and how a given
kind of ability resolves are hooks in ``game.rules`` (filled by engine.play.wiring), so this
module depends on none of those mechanics.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.core.events import DecisionKind, EventKind
from engine.core.game import GameOver
from engine.core.state import CardObject, StackItem
from engine.lang import costs, effects, mana_spent, modes
from engine.lang import targets as targeting
from engine.rules import cast_only, payment, restrictions, shields

if TYPE_CHECKING:
    from engine.cards.definitions import Face
    from engine.core.game import Game

E = EventKind


def token_note(obj: CardObject) -> str:
    """A token that left the battlefield ceases to exist (CR 111.7, 704.5d)."""
    return "; it is a token, so it then ceases to exist (704.5d)" if obj.is_token else ""


# ----------------------------------------------------------------------------- casting
def castable_faces(
    game: Game, obj: CardObject, max_mv: int | None = None, *, inclusive: bool = False
) -> list[Face]:
    """Faces the card could be cast as now (X = 0 when cast for free), in printed order."""
    faces = []
    for f in obj.card.spell_faces:
        mv = f.mana_value(0)
        if max_mv is not None and (mv > max_mv if inclusive else mv >= max_mv):
            continue
        faces.append(f)
    return faces


def cast_problem(
    game: Game, obj: CardObject, face: Face, controller: int, x: int = 0
) -> str | None:
    """Why this face can't be cast now: a spell that targets needs legal targets (601.2c);
    a modal spell needs its minimum of modes (700.2); a mandatory additional cost must be
    payable (601.2h)."""
    why = why_not_castable(game, obj, face, controller, x)
    return why[1] if why else None


def why_not_castable(
    game: Game, obj: CardObject, face: Face, controller: int, x: int = 0
) -> tuple[str, str] | None:
    """(code, sentence) of ``cast_problem``: "no_legal_target", "unpayable_cost",
    "forbidden", or a printed casting restriction (engine.rules.cast_only, 601.3)."""
    printed = cast_only.problem(game, obj, face, controller)  # every cast, free ones too
    if printed:
        return printed
    entry = game.effects(obj, face.name)
    where: dict[str, Any] = {"exclude": (obj.id,), "source": obj.id, "x": x}
    if modes.is_modal(entry):
        if not modes.can_choose(game, entry, controller, **where):
            return "no_legal_target", (
                f"{face.name} can't get its {modes.bounds(entry)[0]} mode(s): not enough modes "
                "with legal targets (601.2c, 700.2)"
            )
    else:
        specs = targeting.spell_target_specs(game, obj, face)
        if specs and not targeting.has_legal_targets(game, specs, controller, **where):
            return "no_legal_target", f"{face.name} has no legal target (601.2c)"
    problem = costs.problem(game, obj, face, controller)
    if problem is None and game.rules.spell_costs is not None:  # the card data's costs
        problem = game.rules.spell_costs.problem(game, obj, face, controller)
    if problem:
        return "unpayable_cost", problem
    forbidden = restrictions.cast_problem(game, obj.id, face, controller)  # Lavinia
    return ("forbidden", forbidden) if forbidden else None


def choose_section(
    game: Game,
    section: dict,
    specs: list[dict],
    controller: int,
    what_for: str,
    *,
    exclude: tuple = (),
    source: int | None = None,
    x: int = 0,
    rule: str = "601.2b",
) -> dict | None:
    """The choices made as a spell is cast (601.2b-d) or an ability is put on the stack
    (603.3c-d): its modes, then targets per spec, then how a divided amount is divided.

    Returns the item's data ({"modes", "groups", "specs", "division", "stamps"}) and the
    flat "targets"; None when a required choice has no legal option."""
    chosen: list[int] = []
    if modes.is_modal(section):
        picked = modes.choose(
            game, section, controller, what_for, exclude=exclude, source=source, x=x
        )
        if picked is None:
            return None
        chosen = picked
        specs = modes.chosen_specs(section, chosen)
        game.emit(
            E.MODES,
            f"{what_for}: chosen modes "
            f"{', '.join(modes.label(section, i) for i in chosen) or 'none'}.",
            rule,
            objects=(source,) if source is not None else (),
            source=source,
            player=controller,
            data={"modes": list(chosen)},
        )
    groups = targeting.choose_groups(
        game, specs, controller, what_for, exclude=exclude, source=source, x=x
    )
    if groups is None:
        return None
    flat = tuple(r for g in groups for r in g)
    out: dict = {"targets": flat, "groups": [list(g) for g in groups], "specs": specs}
    if modes.is_modal(section):
        out["modes"] = chosen
    division: dict[str, int] = {}
    for spec, group in zip(specs, groups, strict=True):
        if "divided" in spec and group:
            amount = spec["divided"]
            total = x if amount == "X" else amount if isinstance(amount, int) else None
            if total is None:
                continue  # a dynamic amount: divided on resolution (the op says if it can't)
            division.update(targeting.divide(game, total, group, controller, what_for))
    if division:
        out["division"] = division
    if flat:
        out["stamps"] = targeting.stamp(game, flat)
    unreadable = [p for p in (targeting.target_missing(sp) for sp in specs) if p]
    if unreadable:
        out["unsimulated"] = unreadable
    return out


def cast(
    game: Game,
    oid: int,
    controller: int,
    face: Face,
    *,
    x: int = 0,
    free: bool = False,
    targets: tuple | None = None,
    rule: str = "601.2",
    via: str = "",
    mechanic: str = "",
    mana_cost: str | None = None,
    pay_others: Callable[[], None] | None = None,
) -> StackItem:
    """CR 601.2: move the card to the stack, choose targets, pay costs; then it is cast.

    ``pay_others`` pays the non-mana parts of an alternative cost (118.9, 601.2h) with the
    rest of the total cost, before the spell becomes cast (601.2i) and its cast triggers see
    it ("if no mana was spent to cast it", Lavinia).

    With real mana payment (engine.rules.payment) the total cost (601.2f: ``mana_cost``, an
    alternative cost such as evoke's, else the face's mana cost; plus the kicker if
    kicked) is paid at 601.2g-h, and a spell whose cost can't be paid is refused before
    anything moves (``payment.ManaUnpayable``). A free spell pays no mana cost."""
    obj = game.obj(oid)
    real = payment.real(game)
    to_pay = (
        None
        if free
        else (
            mana_cost
            if mana_cost is not None
            else face.mana_cost.text
            if face.mana_cost is not None
            else None
        )
    )
    if real and to_pay:
        unpayable = payment.problem(game, controller, to_pay, x, spell=oid)
        if unpayable is not None:
            raise type(unpayable)(
                f"can't cast {face.name}: {unpayable}",
                why=unpayable.why,
                cost=unpayable.cost,
                missing=unpayable.missing,
            )
    src = game.zone_of(oid)
    src_zone = src[1] if src else "none"
    face_name = face.name if len(obj.card.faces) > 1 else None
    # CR 709.3 / 712.11 / 715.3: on the stack only the chosen face exists, so the
    # move onto the stack already names the spell ("Fire", not "Fire // Ice").
    game.set_status(oid, controller=controller, face=face_name)
    game.move(oid, "stack")
    game.set_status(oid, face=face_name, controller=controller, was_cast=True)
    mv = face.mana_value(x)
    item = StackItem(
        id=game.new_id(),
        kind="spell",
        controller=controller,
        text=face.name,
        source=oid,
        card_id=oid,
        mana_value=mv,
        x=x,
        face=face_name,
        data={"free": True} if free else {},
    )
    game.push(item)
    cost = face.mana_cost.text if face.mana_cost is not None else "no mana cost"
    how = f" without paying its mana cost ({cost}){via}" if free else f" ({cost})"
    xs = f", X = {x}" if face.mana_cost is not None and face.mana_cost.has_x else ""
    game.emit(
        E.CAST,
        f"{game.verb(controller, 'cast', 'casts')} {face.name} from "
        f"{_zone_phrase(src_zone)}{how}; as a spell its mana value is {mv}{xs}.",
        rule,
        source=oid,
        player=controller,
        amount=mv,
        data={
            "from": src_zone,
            "free": free,
            "x": x,
            "has_x": bool(face.mana_cost is not None and face.mana_cost.has_x),
            "mana_cost": face.mana_cost.text if face.mana_cost is not None else None,
            "face": face.name,
            "by": mechanic,
        },
    )
    kick_cost = costs.kicker_cost(game, obj, face) if real else None
    if kick_cost is not None:  # 601.2b: offered only when the total cost can be paid
        kicked: bool | None = payment.choose_kicker(
            game, obj, face, controller, kick_cost, to_pay or "", x
        )
    else:
        kicked = costs.choose_kicker(game, obj, face, controller, free=free)  # 601.2b
    if kicked is not None:
        item = replace(item, data={**item.data, "kicked": kicked})
        game.set_top(item)
    bb = game.rules.buyback
    bought = (
        bb.announce(
            game,
            obj,
            face,
            controller,
            total=(to_pay or "") + (costs.kicker_cost(game, obj, face) or "" if kicked else ""),
            x=x,
        )
        if bb is not None
        else None
    )  # 601.2b, 702.27a
    if bought:
        item = replace(item, data={**item.data, "buyback": True})
        game.set_top(item)
    extra = game.rules.spell_costs
    x_life = extra.announce_x(game, obj, face, controller) if extra is not None else None
    if x_life is not None:  # 601.2b: X of "pay X life", announced with the other choices
        x = x_life
        item = replace(item, x=x, data={**item.data, "x_life": x})
        game.set_top(item)
    if targets is not None:  # chosen by the action (a counterspell's named target)
        choice: dict | None = {
            "targets": tuple(targets),
            "groups": [list(targets)],
            "stamps": targeting.stamp(game, targets),
        }
    else:
        entry = game.effects(obj, face.name)
        choice = choose_section(
            game,
            entry,
            targeting.spell_target_specs(game, obj, face),
            controller,
            face.name,
            exclude=(oid,),
            source=oid,
            x=x,
        )
    if choice is None:  # checked by cast_problem before casting; never half-cast
        raise ValueError(f"{face.name} has no legal choice for its modes/targets (601.2c)")
    chosen_targets = choice.pop("targets")
    if chosen_targets or choice.get("modes") is not None or choice.get("unsimulated"):
        item = replace(item, targets=tuple(chosen_targets), data={**item.data, **choice})
        game.set_top(item)
    if chosen_targets:
        game.emit(
            E.TARGET,
            f"{face.name} targets {targeting.describe(game, chosen_targets)}.",
            "601.2c",
            objects=(oid,),
            source=oid,
            player=controller,
            data={
                "targets": list(chosen_targets),
                "groups": choice.get("groups"),
                "division": choice.get("division"),
            },
        )
    spent = None
    if real:  # 601.2g-h: the total cost, mana cost (or alternative) plus kicker (601.2f)
        total = (to_pay or "") + (costs.kicker_cost(game, obj, face) or "" if kicked else "")
        if bought:  # 601.2f: the buyback cost's mana joins the total cost
            total += bb.mana_of(game, obj, face)
        reads = mana_spent.reads_spent(game.effects(obj, face.name))
        on_item = [item]

        def record(summary: dict) -> None:  # on the spell before the payment's event
            on_item[0] = replace(on_item[0], data={**on_item[0].data, "mana_spent": summary})
            game.set_top(on_item[0])

        record(payment.spent_summary([]))  # a free spell spends nothing (118.9)
        if total:
            payment.pay(
                game,
                controller,
                total,
                face.name,
                x=x,
                source=oid,
                colors_matter=reads,
                on_spent=record,
                spell=oid,
            )
        item = on_item[0]
        spent = item.data["mana_spent"]
    costs.pay(game, obj, face, controller, free=free)
    if extra is not None:  # 601.2h, 118.9: paid on a free cast too
        extra.pay(game, obj, face, controller, free=free, x_life=x_life)
    game.count_spell_cast(controller)
    game.note_cast(
        controller,
        oid,
        face.types,
        {
            "from": src_zone,
            "free": free,
            "x": x,
            "kicked": bool(kicked),
            "face": face.name,
            "mv": mv,
            **({"mana_spent": spent} if real else {}),
        },
    )
    if bought:  # 601.2h: the buyback cost's other parts
        bb.pay(game, obj, face, controller)
    if pay_others is not None:
        pay_others()
    for hook in game.rules.on_cast:  # cascade (702.85a) triggers on casting
        hook(game, item, src_zone)
    return item


# ---------------------------------------------------------------------------- triggers
def trigger(game: Game, item: StackItem, text: str, rule: str, **payload) -> None:
    """A triggered ability triggers now and waits to be put on the stack (CR 603.3)."""
    game.add_pending(item)
    game.emit(
        E.TRIGGER,
        text,
        rule,
        objects=(item.source,),
        source=item.source,
        player=item.controller,
        **payload,
    )


def put_triggers_on_stack(game: Game) -> None:
    """CR 603.3b: APNAP order; a player orders their own simultaneous triggers."""
    pending = game.take_pending()
    order = [game.active] + [p for p in range(len(game.players)) if p != game.active]
    for player in order:
        mine = [t for t in pending if t.controller == player]
        while mine:
            if len(mine) > 1 and len({_trigger_identity(t) for t in mine}) > 1:
                labels = _unique_labels([t.text for t in mine])
                key = game.decide(
                    DecisionKind.ORDER_TRIGGERS,
                    f"{game.pname(player)}: choose which triggered ability to put on the stack "
                    "next (the last one put there resolves first).",
                    [(f"first:{lab}", f"Put first: {lab}") for lab in labels],
                    "603.3b",
                    player=player,
                    objects=[t.source for t in mine if t.source is not None],
                )
                idx = [f"first:{lab}" for lab in labels].index(key)
            else:
                idx = 0
            item = mine.pop(idx)
            item = choose_ability_targets(game, item)
            if item.data.get("fizzle"):
                continue  # 603.3d: removed; it never reaches the stack
            game.push(item)
            game.emit(
                E.STACK,
                f"{item.text} is put on the stack.",
                "603.3",
                objects=(item.source,),
                source=item.source,
                player=item.controller,
                data=_ability_data(item),
            )
            say_targets(game, item, "603.3d")


def say_targets(game: Game, item: StackItem, rule: str) -> None:
    """The log names what an ability on the stack targets, as it does for spells."""
    if item.targets:
        game.emit(
            E.TARGET,
            f"{item.text} targets {targeting.describe(game, item.targets)}.",
            rule,
            objects=(item.source,),
            source=item.source,
            player=item.controller,
            data={"targets": list(item.targets)},
        )


def choose_ability_targets(game: Game, item: StackItem) -> StackItem:
    """CR 603.3c-d: modes and targets are chosen as the ability is put on the stack.

    ``item.data["targets"]`` are its target specs; ``item.data["modal"]`` a modal
    section ({modes, choose, choose_min?, mode_targets, same_mode_repeatable?}): the
    chosen modes then replace ``item.ops`` (each mode's ops, with its targets)."""
    data = item.data or {}
    specs = data.get("targets")
    section = data.get("modal")
    if not specs and not section:
        return item
    choice = choose_section(
        game,
        section or {},
        list(specs or []),
        item.controller,
        item.text,
        source=item.source,
        x=item.x,
        rule="603.3c",
    )
    if choice is None:
        game.emit(
            E.NO_TARGET,
            f"{item.text} has no legal target and is removed from the stack.",
            "603.3d",
            objects=(item.source,),
            source=item.source,
            player=item.controller,
        )
        return replace(item, targets=(), data={**data, "fizzle": True})
    chosen = choice.pop("targets")
    return replace(item, targets=chosen, data={**data, **choice})


# --------------------------------------------------------------------------- resolving
def resolve_top(game: Game) -> None:
    """Resolve the top object of the stack (both players passed in succession, 608.1)."""
    item = game.stack[-1]
    if item.kind == "ability":
        game.pop_top()
        game.emit(
            E.RESOLVE,
            f"{item.text} resolves.",
            "608.2",
            objects=(item.source,),
            source=item.source,
            player=item.controller,
            data=_ability_data(item),
        )
        resolve_ability(game, item)
        return
    resolve_spell(game, item)


def resolve_ability(game: Game, item: StackItem) -> None:
    """CR 608.2: an ability whose targets all became illegal doesn't resolve (608.2b)."""
    if item.data and item.data.get("fizzle"):
        return
    if item.targets and targeting.illegal_targets(game, item) >= set(item.targets):
        game.emit(
            E.FIZZLE,
            f"{item.text} doesn't resolve: all its targets are illegal.",
            "608.2b",
            objects=(item.source,),
            source=item.source,
            player=item.controller,
        )
        return
    # Chapters too resolve whatever happened to the Saga since (seed 003).
    game.rules.ability_resolver(item.trigger)(game, item)


def resolve_spell(game: Game, item: StackItem) -> None:
    """CR 608.2-608.3: check targets, then a permanent enters or an instant/sorcery acts."""
    obj = game.obj(item.card())
    face = game.face(obj)
    who = {"source": obj.id, "player": item.controller}
    illegal = targeting.illegal_targets(game, item, exclude=(obj.id,))
    if item.targets and len(illegal) == len(set(item.targets)):
        dst = leaves_stack_to(game, obj.id, "graveyard")
        game.move(obj.id, dst)
        game.emit(
            E.FIZZLE,
            f"{face.name} doesn't resolve: all its targets are illegal, so it is removed "
            "from the stack and put into its owner's graveyard"
            + (" (exiled instead: flashback, 702.34a)." if dst == "exile" else "."),
            "608.2b",
            **who,
        )
        return
    if face.is_permanent:
        game.move(obj.id, "battlefield", item.controller)  # from the stack (608.3)
        game.set_status(obj.id, face=item.face, was_cast=True, entered_turn=game.turn)
        game.emit(
            E.RESOLVE,
            f"{face.name} resolves and enters the battlefield.",
            "608.3",
            data={"item": "spell", "spell": face.name},
            **who,
        )
        if face.is_aura:  # 303.4f, 608.3c: an Aura spell enters attached to its target
            attach_aura(game, obj.id, [t for t in item.targets if t not in illegal])
        if not game.effects(obj, face.name):  # no card data: its abilities are unknown
            game.emit(
                E.NOT_SIMULATED,
                f"What {face.name} does is not in the card data: its abilities are not simulated.",
                "608.3",
                objects=(obj.id,),
                data={"missing": ["card data"], "ops": []},
                **who,
            )
        for hook in game.rules.on_enter:
            hook(game, obj.id, cast=True, x=item.x, free=bool(item.data.get("free")))
        return
    game.emit(
        E.RESOLVE,
        f"{face.name} resolves.",
        "608.2",
        objects=(obj.id,),
        data={"item": "spell", "spell": face.name},
        **who,
    )
    entry = game.effects(obj, face.name)
    effects.run_item(
        game, item, entry, label=face.name, source=obj.id, missing=not entry, illegal=illegal
    )
    where = game.zone_of(obj.id)
    if where and where[1] == "stack":
        if "Adventure" in face.subtypes:
            game.move(obj.id, "exile")
            game.grant_play(obj.id, obj.owner, "adventure")  # 715.4: its creature, later
            game.emit(
                E.EXILE,
                f"{face.name} goes to exile on an adventure.",
                "715.3d",
                data={"adventure": True},
                **who,
            )
        elif "Omen" in face.subtypes and leaves_stack_to(game, obj.id, "graveyard") == "graveyard":
            # An Omen spell that resolves is shuffled into its owner's library instead of
            # going to the graveyard (the Omen exception to 608.2n); countered or fizzled,
            # it goes to the graveyard as any spell does
            game.move(obj.id, "library", obj.owner)
            game.shuffle_library(obj.owner)
            game.emit(
                E.SHUFFLE,
                f"{face.name} is an Omen: it is shuffled into its owner's library instead "
                "of going to the graveyard.",
                "608.2n",
                objects=(obj.id,),
                data={"omen": True},
                **who,
            )
        elif leaves_stack_to(game, obj.id, "graveyard") == "exile":
            game.move(obj.id, "exile")
            game.emit(
                E.EXILE,
                f"{face.name} was cast with flashback: it is exiled instead of going to the "
                "graveyard.",
                "702.34a",
                data={"flashback": True},
                **who,
            )
        elif game.rules.buyback is not None and game.rules.buyback.resolves_to_hand(game, obj.id):
            game.move(obj.id, "hand", obj.owner)
            game.emit(
                E.TO_HAND,
                f"{face.name}'s buyback cost was paid: it is put into its owner's hand instead "
                "of their graveyard.",
                "702.27a",
                objects=(obj.id,),
                data={"buyback": True},
                **who,
            )
        else:
            game.move(obj.id, "graveyard")
            game.emit(
                E.GRAVEYARD, f"{face.name} is put into its owner's graveyard.", "608.2n", **who
            )


def attach_aura(game: Game, oid: int, refs: Sequence[str]) -> None:
    """CR 303.4f: the resolving Aura becomes attached to the object or player it targets
    (a player: an Aura with "enchant player", 303.4)."""
    for ref in refs:
        if ref.startswith("p") and ref[1:].isdigit():
            player = int(ref[1:])
            game.attach_to_player(oid, player)
            game.emit(
                E.ATTACH,
                f"{game.obj(oid).name} enters attached to {game.pname(player)}.",
                "303.4f",
                objects=(oid,),
                source=oid,
                player=game.obj(oid).controller,
                data={"to_player": player},
            )
            return
        if ref.startswith("o") and ref != f"o{oid}":
            host = int(ref[1:])
            game.attach(oid, host)
            game.emit(
                E.ATTACH,
                f"{game.obj(oid).name} enters attached to {game.obj(host).name}.",
                "303.4f",
                objects=(oid, host),
                source=oid,
                player=game.obj(oid).controller,
                data={"to": host},
            )
            return


def counter_item(
    game: Game,
    item: StackItem,
    destination: str = "graveyard",
    by: str = "",
    source: int | None = None,
) -> None:
    """CR 701.6a: a countered spell leaves the stack; an ability simply ceases to exist."""
    if item.kind == "spell":
        game.remember_lki(item.id, item.mana_value)
        destination = leaves_stack_to(game, item.card(), destination)
        game.move(item.card(), destination)
        game.emit(
            E.COUNTERED,
            f"{item.text} is countered{by} and put "
            + ("on top of" if destination == "library" else "into")
            + f" its owner's {destination}.",
            "701.6a",
            source=source,
            player=item.controller,
            data={"spell": item.text, "destination": destination},
        )
    else:
        game.remove_from_stack(item.id)
        game.emit(
            E.COUNTERED,
            f"{item.text} is countered{by}.",
            "701.6a",
            objects=(item.source,),
            source=source,
            player=item.controller,
        )


def leaves_stack_to(game: Game, oid: int, dst: str) -> str:
    """Where a spell leaving the stack goes: exile when its flashback cost was paid
    (702.34a: "exile this card instead of putting it anywhere else"), else ``dst``."""
    return "exile" if (game.cast_info.get(oid) or {}).get("flashback") else dst


# ------------------------------------------------------------------ leaving play, losing
def dies_to(game: Game, oid: int) -> str:
    """Where a dying permanent goes: "none" for a token (111.7), else its owner's graveyard
    unless "exile it instead" applies (614.1a, Anger of the Gods) or it has a finality
    counter ("if it would be put into a graveyard from the battlefield, exile it instead")."""
    obj = game.obj(oid)
    if obj.is_token:
        return "none"
    if obj.counter("finality") > 0:  # a finality counter: exiled instead (122.1, 614.1a)
        return "exile"
    return game.dies_to(oid)


def _instead(dst: str) -> str:
    return "; it is exiled instead (614.1a)" if dst == "exile" else ""


def indestructible(game: Game, oid: int) -> bool:
    """702.12b: an indestructible permanent isn't destroyed (by an effect, lethal damage or
    deathtouch); its characteristics as the layers have them now (613)."""
    return "Indestructible" in game.chars(oid).keywords


def destroy(game: Game, oid: int, why: str, rule: str, source: int | None = None, **data) -> None:
    """CR 701.8a: destroy moves a permanent to its owner's graveyard (a token ceases to be);
    an indestructible one stays (702.12b); a regeneration shield replaces it (701.19a)
    unless it "can't be regenerated"."""
    obj = game.obj(oid)
    if indestructible(game, oid):
        data.pop("no_regen", None)
        game.emit(
            E.DESTROY,
            f"{obj.name} is indestructible: it isn't destroyed ({why}).",
            "702.12b",
            objects=(oid,),
            source=source,
            player=obj.controller,
            amount=0,
            data={**data, "indestructible": True},
        )
        return
    if shields.shield_counter_instead(game, oid, "destroyed", source):
        data.pop("no_regen", None)
        return
    if not data.pop("no_regen", False) and shields.regenerate_instead(game, oid):
        return
    dst = dies_to(game, oid)
    game.move(oid, dst)
    if dst == "exile":
        data = {**data, "replaced": "exile"}
    game.emit(
        E.DESTROY,
        f"{obj.name} is destroyed ({why}){token_note(obj)}{_instead(dst)}.",
        rule,
        source=source,
        player=obj.controller,
        data=data,
    )


def sacrifice(game: Game, oid: int, why: str, rule: str, source: int | None = None, **data) -> None:
    """CR 701.21a: its controller moves it to its owner's graveyard."""
    obj = game.obj(oid)
    dst = dies_to(game, oid)
    game.move(oid, dst)
    if dst == "exile":
        data = {**data, "replaced": "exile"}
    game.emit(
        E.SACRIFICE,
        f"{game.verb(obj.controller, 'sacrifice', 'sacrifices')} {obj.name}{why}"
        f"{token_note(obj)}{_instead(dst)}.",
        rule,
        source=source,
        player=obj.controller,
        data=data,
    )


def bottom_in_random_order(game: Game, player: int, ids: list[int], rule: str, why: str) -> None:
    """CR 702.85a / 701.57a: a random order, which is not a shuffle (no shuffle triggers)."""
    if not ids:
        return
    order = list(ids)
    game.rng.shuffle(order)
    for oid in order:
        game.move(oid, "library", player, bottom=True)
    n = len(order)
    game.emit(
        E.BOTTOM,
        f"{n} exiled card{'s' if n != 1 else ''} {'go' if n != 1 else 'goes'} to the bottom of "
        f"{game.poss(player)} library in a random order ({why}); this is not a shuffle.",
        rule,
        player=player,
        amount=n,
        data={"mechanic": why, "order": "random"},
    )


def lose_all(game: Game, losers: Sequence[tuple[int, str, str]]) -> None:
    """State-based losses happen at once (CR 704.3): if every player loses, it's a draw
    (104.4a); otherwise each loser loses (104.3), and the game is over."""
    if not losers:
        return
    players = sorted({p for p, _, _ in losers})
    if len(players) < len(game.players):
        for p, why, rule in losers:
            if p not in game.lost:
                game.mark_lost(p)
                game.emit(
                    E.LOSE, f"{game.verb(p, 'lose', 'loses')} the game ({why}).", rule, player=p
                )
        raise GameOver()
    for p in players:
        game.mark_lost(p)
    reasons = "; ".join(f"{game.pname(p)}: {why}" for p, why, _ in losers)
    game.emit(
        E.GAME_DRAW,
        f"All players lose at the same time ({reasons}): the game is a draw.",
        "104.4a",
        data={"players": players},
    )
    raise GameOver()


def _ability_data(item: StackItem) -> dict:
    """What an ability event says about the ability: its trigger kind, chapter, keyword instance."""
    data: dict = {"item": "ability", "trigger": item.trigger}
    if item.chapter:
        data["chapter"] = item.chapter
    return data


def _zone_phrase(zone: str) -> str:
    return {
        "hand": "hand",
        "exile": "exile",
        "library": "the library",
        "graveyard": "the graveyard",
        "battlefield": "the battlefield",
    }.get(zone, zone)


def _trigger_identity(item: StackItem) -> tuple:
    """Triggers that would do exactly the same thing need no ordering (Apex Devastator x4)."""
    return (item.trigger, item.source, item.chapter, repr(item.ops), repr(item.data.get("spell")))


def _unique_labels(texts: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for t in texts:
        seen[t] = seen.get(t, 0) + 1
        out.append(t if seen[t] == 1 else f"{t} #{seen[t]}")
    return out
