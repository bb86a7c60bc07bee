"""Tokens (CR 111): created on the battlefield; they are not cards. Inline definitions,
copies (707.2), populate (701.36), amass (701.47), incubate (701.53), manifest (701.40).

A token's definition (name, P/T, types, subtypes, colors, keywords, other abilities as an
entry with triggers/static/activated) becomes its own ``CardDef``; a copy uses the copied
object's card definition, i.e. its copiable values (707.2): not its counters, status or
the effects on it.
"""

from __future__ import annotations

from engine.cards.definitions import CardDef, Face
from engine.core.events import DecisionKind, EventKind
from engine.lang import refs, values
from engine.lang.effects import Ctx, op
from engine.rules import combat
from engine.rules.op_common import begin, make, pick_one, players, token_card
from engine.rules.op_common import token_entered as entered


def _check_token(o: dict, ctx: Ctx | None) -> str | None:
    pt = o.get("pt")
    if pt is not None:
        p, sep, t = str(pt).partition("/")
        if not sep or refs.value_problem(p) or refs.value_problem(t):
            return f"a {pt} token"
    for key in ("types", "subtypes", "supertypes", "colors", "keywords"):
        v = o.get(key)
        if v is not None and not (isinstance(v, list) and all(isinstance(x, str) for x in v)):
            return f"token {key} {v!r}"
    abilities = o.get("abilities")
    if abilities is not None:
        if not isinstance(abilities, dict):
            return f"token abilities {abilities!r}"
        if abilities.get("untranslated"):
            return "a token ability that is not translated"
    if o.get("controller") not in (
        None,
        "you",
        "controller_of_target",
        "target_player",
        "trigger_player",
        *_GROUPS,
    ):
        return f"a token under the control of {o['controller']}"
    return None


# Player groups each of whom creates the tokens (111.2; CreateTokenAllEffect), APNAP order.
_GROUPS = ("each_opponent", "each_player")


def _controllers(ctx: Ctx, o: dict) -> list[int]:
    """Who gets tokens: one player, or each player of a group (101.4 APNAP order)."""
    who = o.get("controller")
    if who in _GROUPS:
        game = ctx.game
        n = len(game.players)
        order = [(game.active + i) % n for i in range(n)]
        return [
            p for p in order if p not in game.lost and (who == "each_player" or p != ctx.controller)
        ]
    return [_controller(ctx, o)]


def _controller(ctx: Ctx, o: dict) -> int:
    """Who gets the tokens (111.2: the player the effect says, else its controller)."""
    who = o.get("controller")
    if who == "trigger_player" and isinstance((ctx.event or {}).get("player"), int):
        return int(ctx.event["player"])
    if who in ("controller_of_target", "target_player"):
        for ref in ctx.target_refs(o):
            if ref.startswith("p"):
                return int(ref[1:])
    if who == "controller_of_target":
        # "its controller creates": the target's controller, or its last known controller
        # once an earlier part of the effect moved it (exiled, countered: 608.2h)
        for p in players(ctx, who, o):
            return p
    return ctx.controller


@op(
    "create_token",
    check=_check_token,
)
def create_token(ctx: Ctx, o: dict) -> None:
    """CR 111.1: a token is created on the battlefield; tokens are not cards."""
    count = values.value_of(ctx, o.get("count", 1), 1)
    name = o.get("token", "Token")
    pt = o.get("pt")
    card = token_card(o)
    made = []
    for player in _controllers(ctx, o):
        made += make(
            ctx, card, count, tapped=bool(o.get("tapped") or o.get("attacking")), player=player
        )
    desc = f"{count} {pt + ' ' if pt else ''}{name} token{'s' if count != 1 else ''}"
    data = {"token": name, "pt": pt or "", "tokens": made}
    attacking = combat.enter_attacking(ctx.game, made) if o.get("attacking") else []
    if o.get("attacking"):
        data["attacking"] = attacking if attacking else "not in combat: it enters tapped"
    # 111.2: the player who creates a token owns and controls it ("each opponent creates")
    rule = "111.2" if o.get("controller") in _GROUPS else "111.1"
    ctx.emit(
        EventKind.TOKEN, f"{ctx.label} creates {desc}.", rule, objects=made, amount=count, data=data
    )
    entered(ctx, made)


def _check_copy(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("what") == "chosen":  # "a copy of a <filter> you control" (chosen, not targeted)
        return (
            refs.filter_problem(o["filter"])
            if o.get("filter") is not None
            else ("a token copy of a chosen permanent without a filter")
        )
    return refs.ref_problem(o, "what")


def _chosen_original(ctx: Ctx, o: dict) -> list[int]:
    """The permanent you control matching the op's filter that you choose to copy (none if
    there is none)."""
    game = ctx.game
    able = [
        oid
        for oid in refs.select_all(game, o["filter"], ctx.controller, ctx.source)
        if game.obj(oid).controller == ctx.controller
    ]
    return pick_one(ctx, able, "choose a permanent to copy", "707.2")


@op(
    "create_token_copy",
    check=_check_copy,
)
def create_token_copy(ctx: Ctx, o: dict) -> None:
    """CR 707.2, 111.10: tokens that copy the copiable values of an object (its card)."""
    game = ctx.game
    count = values.value_of(ctx, o.get("count", 1), 1)
    if o.get("what") == "chosen":
        originals = _chosen_original(ctx, o)
    else:
        originals = refs.objects(ctx, o, "what")
    if not originals and o.get("what") == "self" and ctx.source is not None:
        originals = [ctx.source]  # 707.4 / 608.2h: last known information of the source
    made: list[int] = []
    for oid in originals:
        obj = game.obj(oid)
        made += make(
            ctx, obj.card, count, tapped=bool(o.get("tapped") or o.get("attacking")), face=obj.face
        )
    if o.get("attacking"):
        combat.enter_attacking(game, made)  # 508.4
    ctx.emit(
        EventKind.TOKEN,
        f"{ctx.label} creates {len(made)} token cop{'ies' if len(made) != 1 else 'y'}"
        + (f" of {', '.join(game.obj(i).name for i in originals)}" if originals else "")
        + ".",
        "707.2",
        objects=made,
        amount=len(made),
        data={"copy_of": originals, "tokens": made},
    )
    if o.get("haste") and made:
        begin(
            ctx,
            {"duration": "permanent"},
            "grant",
            "6",
            made,
            {"keywords": ["Haste"]},
            "702.10",
            "gain haste",
        )
    entered(ctx, made)


@op("populate")
def populate(ctx: Ctx, o: dict) -> None:
    """CR 701.36a: create a token that's a copy of a creature token you control."""
    game = ctx.game
    mine = [
        p.id
        for p in game.battlefield(ctx.controller)
        if p.is_token and game.chars(p.id).is_creature
    ]
    if not mine:
        ctx.emit(
            EventKind.TOKEN,
            f"{ctx.label}: populate — you control no creature token.",
            "701.36a",
            amount=0,
        )
        return
    chosen = mine[0]
    if len({game.obj(i).card.name for i in mine}) > 1:
        key = game.decide(
            DecisionKind.CHOOSE_TOKEN,
            f"{ctx.label}: populate — choose a creature token to copy.",
            [(f"populate:o{i}", f"Copy {game.obj(i).name}") for i in mine],
            "701.36a",
            player=ctx.controller,
            subject=ctx.label,
            objects=mine,
        )
        chosen = int(key.split(":o")[1])
    made = make(ctx, game.obj(chosen).card, 1, face=game.obj(chosen).face)
    ctx.emit(
        EventKind.TOKEN,
        f"{ctx.label}: populate — a copy of {game.obj(chosen).name}.",
        "701.36a",
        objects=made,
        amount=1,
        data={"copy_of": [chosen], "tokens": made},
    )
    entered(ctx, made)


@op("amass")
def amass(ctx: Ctx, o: dict) -> None:
    """CR 701.47a: if you control no Army, create a 0/0 black <subtype> Army token; put n
    +1/+1 counters on an Army you control; it becomes a <subtype> too (701.47a)."""
    game = ctx.game
    n = values.value_of(ctx, o.get("n", 1), 1)
    sub = o.get("subtype") or "Zombie"
    armies = [p.id for p in game.battlefield(ctx.controller) if "Army" in game.chars(p.id).subtypes]
    made: list[int] = []
    if not armies:
        card = token_card(
            {
                "token": f"{sub} Army",
                "pt": "0/0",
                "types": ["Creature"],
                "subtypes": [sub, "Army"],
                "colors": ["B"],
            }
        )
        made = make(ctx, card, 1)
        armies = made
        ctx.emit(
            EventKind.TOKEN,
            f"{ctx.label}: amass — creates a 0/0 {sub} Army token.",
            "701.47a",
            objects=made,
            amount=1,
            data={"tokens": made},
        )
    army = armies[0]
    if len(armies) > 1:
        key = game.decide(
            DecisionKind.CHOOSE_PERMANENT,
            f"{ctx.label}: amass {n} — choose an Army.",
            [(f"army:o{i}", f"{game.obj(i).name}") for i in armies],
            "701.47a",
            player=ctx.controller,
            subject=ctx.label,
            objects=armies,
        )
        army = int(key.split(":o")[1])
    game.add_counters(army, "+1/+1", n)
    ctx.emit(
        EventKind.COUNTERS,
        f"{ctx.label}: amass {n} — {n} +1/+1 counters on {game.obj(army).name}.",
        "701.47a",
        objects=(army,),
        amount=n,
        counter="+1/+1",
    )
    if sub not in game.chars(army).subtypes:
        begin(
            ctx,
            {"duration": "permanent"},
            "add_types",
            "4",
            [army],
            {"subtypes": [sub]},
            "701.47a",
            f"becomes a {sub}",
        )
    entered(ctx, made)


INCUBATOR = CardDef(
    name="Incubator token",
    layout="transform",
    faces=(
        Face(
            name="Incubator",
            type_line="Artifact — Incubator",
            types=("Artifact",),
            subtypes=("Incubator",),
        ),
        Face(
            name="Phyrexian Token",
            type_line="Artifact Creature — Phyrexian",
            types=("Artifact", "Creature"),
            subtypes=("Phyrexian",),
            power="0",
            toughness="0",
        ),
    ),
    effects_raw={
        "faces": {
            "Incubator": {
                "activated": [
                    {
                        "cost": "{2}",
                        "costs": [{"cost": "mana", "mana": "{2}"}],
                        "ops": [{"op": "transform", "what": "self"}],
                    }
                ]
            },
            "Phyrexian Token": {},
        }
    },
)


@op("incubate")
def incubate(ctx: Ctx, o: dict) -> None:
    """CR 701.53a: create an Incubator token with n +1/+1 counters ("{2}: Transform this
    artifact"; its back face is a 0/0 Phyrexian artifact creature)."""
    n = values.value_of(ctx, o.get("n", 1), 1)
    made = make(ctx, INCUBATOR, 1, face="Incubator")
    ctx.emit(
        EventKind.TOKEN,
        f"{ctx.label}: incubate {n}.",
        "701.53a",
        objects=made,
        amount=1,
        data={"tokens": made},
    )
    if n:
        ctx.game.add_counters(made[0], "+1/+1", n)
        ctx.emit(
            EventKind.COUNTERS,
            f"The Incubator enters with {n} +1/+1 counters.",
            "701.53a",
            objects=made,
            amount=n,
            counter="+1/+1",
        )
    entered(ctx, made)


@op("manifest")
def manifest(ctx: Ctx, o: dict) -> None:
    """CR 701.40a: the top n cards of your library go onto the battlefield face down as 2/2
    creatures (708.2a); turning them face up is not simulated."""
    game = ctx.game
    n = values.value_of(ctx, o.get("n", 1), 1)
    made = []
    for _ in range(n):
        top = game.top_of_library(ctx.controller)
        if top is None:
            break
        game.move(top, "battlefield", ctx.controller)
        game.set_face_down(top, True)
        made.append(top)
    ctx.emit(
        EventKind.TOKEN,
        f"{ctx.label}: manifests {len(made)} card"
        f"{'s' if len(made) != 1 else ''} (face-down 2/2 creatures).",
        "701.40a",
        objects=made,
        amount=len(made),
        data={"manifested": made},
    )
