"""Structure ops: choices, conditions, costs inside effects, delayed and reflexive triggers,
copying a spell.

- ``may`` (608.2d): the player chooses whether the nested ops happen ("you may").
- ``if`` (608.2c): ``then`` when the condition holds, else ``else``.
- ``pay`` (118.12, "you may pay <cost>. If you do, <then>"): a decision for the payer; a
  cost that can't be paid is not offered.
- ``unless`` (118.12): ``ops`` happen unless ``who`` pays the cost (a decision for the
  paying player; "any player" asks each in APNAP order until one pays).
- ``delayed`` (603.7): a delayed triggered ability waits in ``game.delayed``.
- ``reflexive`` (603.12): "when you do" triggers now, with its own targets.
- ``copy_spell`` (707.10): a copy of an instant or sorcery spell is put on the stack.

Nested op lists (``ops``, ``then``, ``else``) are checked with their parent before
anything changes (effects.NESTED), so a structure op is simulated whole or not at all.
"""

from __future__ import annotations

from engine.core.events import DecisionKind, EventKind
from engine.core.state import StackItem
from engine.lang import conditions, effects, values
from engine.lang import targets as targeting
from engine.lang.effects import Ctx, op, run_nested
from engine.rules import ability_costs, stack, triggers

E = EventKind


def _payer(ctx: Ctx, who: object) -> list[int] | None:
    """The players a "who" names for a choice or a payment; None if not understood."""
    if who in (None, "you", "controller"):
        return [ctx.controller]
    if who in ("target_player", "target_opponent", "each_opponent", "each_player"):
        return ctx.players(str(who))
    if who == "any_player":
        return [ctx.game.active] + [
            p for p in range(len(ctx.game.players)) if p != ctx.game.active
        ]  # APNAP (101.4)
    if who in ("target_player_or_controller", "controller_of_target"):
        for t in ctx.targets:
            if t.startswith("p"):
                return [int(t[1:])]
            if t.startswith("o") and ctx.game.zone_of(int(t[1:])) is not None:
                return [ctx.game.obj(int(t[1:])).controller]
        return []
    if who == "trigger_player":
        p = ctx.event.get("player")
        return [int(p)] if isinstance(p, int) else []
    return None


_WHO = (
    "you",
    "controller",
    "target_player",
    "target_opponent",
    "each_opponent",
    "each_player",
    "any_player",
    "target_player_or_controller",
    "controller_of_target",
    "trigger_player",
    None,
)


def _check_who(o: dict, ctx: Ctx | None) -> str | None:
    who = o.get("who")
    return None if who in _WHO else f"{o['op']} by {who!r}"


def _costs(o: dict) -> list:
    cost = o.get("cost")
    if isinstance(cost, list):
        return cost
    return ability_costs.of_keyword(cost)


def _amounts_fixed(ctx: Ctx, costs: list) -> list:
    """Generic mana amounts given as dynamic values ("{X}, where X is its power": Esper
    Sentinel) become numbers as the payment is offered (608.2h)."""
    out = []
    for c in costs:
        if isinstance(c, dict) and c.get("cost") == "mana_generic" and isinstance(c.get("n"), dict):
            c = {**c, "n": values.value_of(ctx, c.get("n", 0), 0)}
        out.append(c)
    return out


def _check_costs(o: dict, ctx: Ctx | None) -> str | None:
    part = _check_who(o, ctx)
    if part:
        return part
    if not o.get("cost"):
        return f"{o['op']}: no cost in the data"
    return ability_costs.missing(_costs(o))


def _decide(ctx: Ctx, player: int, prompt: str, rule: str) -> bool:
    key = ctx.game.decide(
        DecisionKind.MAY,
        prompt,
        [("yes", "Yes"), ("no", "No")],
        rule,
        player=player,
        subject=ctx.label,
        objects=(ctx.source,) if ctx.source else (),
    )
    return key == "yes"


def _check_may(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("who") not in (
        None,
        "you",
        "controller",
        "target_player",
        "target_opponent",
        "trigger_player",
        "target_player_or_controller",
    ):
        return f"may by {o.get('who')!r}"
    return None


@op("may", check=_check_may)
def may(ctx: Ctx, o: dict) -> None:
    """608.2d: "you may ..." -- the player chooses; the nested ops happen only if they do."""
    players = _payer(ctx, o.get("who")) or [ctx.controller]
    player = players[0]
    yes = _decide(ctx, player, f'{ctx.label}: do it? ("you may")', "608.2d")
    ctx.did = yes
    if not yes:
        ctx.emit(
            E.DECLINE,
            f"{ctx.game.verb(player, 'choose', 'chooses')} not to ({ctx.label}).",
            "608.2d",
            player=player,
            data={"op": "may"},
        )
        return
    run_nested(ctx, o.get("ops") or [])


@op("if")
def if_(ctx: Ctx, o: dict) -> None:
    """608.2c: the condition decides which ops happen."""
    holds = conditions.holds(ctx, o["cond"])
    ctx.emit(
        E.CONDITION,
        f"{ctx.label}: the condition is {'true' if holds else 'false'}.",
        "608.2c",
        data={"holds": holds, "op": "if"},
    )
    run_nested(ctx, (o.get("then") if holds else o.get("else")) or [])


@op(
    "pay",
    check=_check_costs,
)
def pay(ctx: Ctx, o: dict) -> None:
    """118.12: "[you may] pay <cost>. If you do, <then>" -- a decision for the payer."""
    players = _payer(ctx, o.get("who")) or []
    paid = False
    for p in players[:1]:
        paid = triggers.offer_cost(
            ctx.game,
            p,
            ctx.source or 0,
            _costs(o),
            ctx.label,
            optional=o.get("optional", True) is not False,
        )
    ctx.did = paid
    run_nested(ctx, (o.get("then") if paid else o.get("else")) or [])


@op(
    "unless",
    check=_check_costs,
)
def unless(ctx: Ctx, o: dict) -> None:
    """118.12: the ops happen unless a player pays; each player named may pay, in turn."""
    paid_by = None
    costs = _amounts_fixed(ctx, _costs(o))
    for p in _payer(ctx, o.get("who")) or []:
        if triggers.offer_cost(ctx.game, p, ctx.source or 0, costs, ctx.label):
            paid_by = p
            break
    ctx.did = paid_by is None
    if paid_by is None:
        run_nested(ctx, o.get("ops") or [])
    else:
        run_nested(ctx, o.get("else") or [])


def _check_delayed(o: dict, ctx: Ctx | None) -> str | None:
    return None if o.get("when") in triggers.DELAYED_WHEN else f"delayed until {o.get('when')!r}"


@op(
    "delayed",
    check=_check_delayed,
)
def delayed(ctx: Ctx, o: dict) -> None:
    """603.7a: a delayed triggered ability is created; it triggers once, at its moment."""
    game = ctx.game
    game.add_delayed(
        {
            "when": o["when"],
            "ops": list(o.get("ops") or []),
            "controller": ctx.controller,
            "source": ctx.source,
            "targets": list(ctx.targets),
            "stamps": dict(ctx.stamps or {}),
            "label": ctx.label,
            "turn": game.turn,
            "phase": game.phase.replace(" ", "_"),
            # "sacrifice it": what the op before this one moved or created (400.7)
            **(
                {"moved": [list(m) for m in ctx.moved]}
                if ctx.moved is not None and effects.uses_linked(o.get("ops"))
                else {}
            ),
        }
    )
    ctx.emit(
        E.DELAYED,
        f"{ctx.label}: a delayed triggered ability waits for the {o['when'].replace('_', ' ')}.",
        "603.7a",
        data={"when": o["when"]},
    )


@op("reflexive")
def reflexive(ctx: Ctx, o: dict) -> None:
    """603.12: "when you do, ..." -- a reflexive triggered ability triggers now; it is put
    on the stack (with its own targets, 603.3d) the next time a player would get priority."""
    item = StackItem(
        id=ctx.game.new_id(),
        kind="ability",
        controller=ctx.controller,
        text=f"{ctx.label} (reflexive)",
        source=ctx.source or 0,
        trigger="triggered",
        ops=tuple(o.get("ops") or ()),
        targets=() if o.get("targets") else ctx.targets,
        data={
            "targets": list(o.get("targets") or []),
            "when": "reflexive",
            "event": dict(ctx.event),
            "stamps": dict(ctx.stamps or {}),
        },
    )
    stack.trigger(ctx.game, item, f"{item.text} triggers.", "603.12", data={"trigger": "reflexive"})


def _check_copy(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("what") not in ("target", "trigger_object"):
        return f"copy {o.get('what')!r}"
    if ctx is None:
        return None
    item = _spell(ctx, o)
    if item is None:
        return None  # nothing to copy: the op logs it
    face = ctx.game.face(ctx.game.obj(item.card()))
    if face.is_permanent:
        return "copying a permanent spell (707.10f: it becomes a token)"
    entry = ctx.game.effects(ctx.game.obj(item.card()), face.name)
    if entry.get("modes"):
        return "copying a modal spell (707.10: the modes are copied)"
    return None


def _spell(ctx: Ctx, o: dict) -> StackItem | None:
    if o.get("what") == "trigger_object":
        refs = [f"o{ctx.event.get('object')}"] if ctx.event.get("object") is not None else []
    else:
        refs = list(ctx.targets)
    for ref in refs:
        if not ref.startswith("o"):
            continue
        oid = int(ref[1:])
        for s in ctx.game.stack:
            if s.kind == "spell" and s.card_id == oid:
                return s
    return None


@op(
    "copy_spell",
    check=_check_copy,
)
def copy_spell(ctx: Ctx, o: dict) -> None:
    """707.10: put a copy of the spell on the stack (controlled by you, 707.10a); it has the
    original's choices (X, targets) unless new targets may be chosen (707.10c). The copy
    isn't cast (no cast triggers) and ceases to exist when it leaves the stack (707.10a)."""
    game = ctx.game
    item = _spell(ctx, o)
    if item is None:
        ctx.emit(E.COPY, f"{ctx.label}: there is no spell to copy.", "707.10", amount=0)
        return
    obj = game.obj(item.card())
    face = game.face(obj)
    entry = game.effects(obj, face.name)
    copy = StackItem(
        id=game.new_id(),
        kind="ability",
        controller=ctx.controller,
        text=f"Copy of {face.name}",
        source=obj.id,
        x=item.x,
        trigger="copy",
        ops=tuple(entry.get("spell") or ()),
        targets=item.targets,
        data={
            "stamps": dict(item.data.get("stamps") or {}),
            "copy_of": item.id,
            "spell": face.name,
            "missing": not entry,
        },
    )
    if o.get("new_targets") and entry.get("targets"):
        chosen = targeting.choose(game, entry["targets"], ctx.controller, copy.text)
        if chosen:
            copy = StackItem(
                **{
                    **_fields(copy),
                    "targets": chosen,
                    "data": {**copy.data, "stamps": targeting.stamp(game, chosen)},
                }
            )
    game.push(copy)
    ctx.emit(
        E.COPY,
        f"{ctx.label}: a copy of {face.name} is put on the stack.",
        "707.10",
        objects=(obj.id,),
        data={"spell": face.name, "targets": list(copy.targets)},
    )


def _fields(item: StackItem) -> dict:
    return {f: getattr(item, f) for f in item.__dataclass_fields__}


def resolve_copy(game, item: StackItem) -> None:
    """A copy of an instant or sorcery resolves like the spell (608.2) and then ceases to
    exist (707.10a): only its effect happens; no card moves."""
    effects.run_ops(
        game,
        item.ops,
        controller=item.controller,
        source=item.source,
        targets=item.targets,
        x=item.x,
        label=item.text,
        missing=bool(item.data.get("missing")),
        stamps=item.data.get("stamps"),
    )
