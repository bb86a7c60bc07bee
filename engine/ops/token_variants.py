"""More tokens (CR 111): tokens whose size is a value fixed on resolution, and tokens
created by the controllers of the permanents an effect destroyed.

"Destroy ... For each creature destroyed this way, its controller creates a token" (The
Curse of Fenric I, The Phasing of Zhalfir III) needs the controller each permanent had
as it was destroyed (last known information, 608.2h): by the time the tokens are made the
cards are in their owners' graveyards. "Create an X/X token, where X is ..." (Chainer's
Torment III) fixes X once, as the effect resolves (608.2h; 107.1b: never below zero).
"""

from __future__ import annotations

import dataclasses

from engine.cards.definitions import CardDef, format_type_line
from engine.core.events import DecisionKind, EventKind
from engine.lang import effects, refs, values
from engine.lang.effects import Ctx, op
from engine.rules import op_common as c
from engine.rules import stack

# Fields of an inline token definition that these ops pass on to create_token's check.
_DEF_KEYS = (
    "token",
    "pt",
    "types",
    "subtypes",
    "supertypes",
    "colors",
    "keywords",
    "abilities",
    "tapped",
)


def _token_problem(tok: object, ctx: Ctx | None) -> str | None:
    """The part of an inline token definition the engine can't make (create_token's check)."""
    if not isinstance(tok, dict) or not isinstance(tok.get("token"), str):
        return f"a token definition {tok!r}"[:80]
    extra = sorted(set(tok) - set(_DEF_KEYS))
    if extra:
        return f"token fields {', '.join(extra)}"
    return effects.problem({"op": "create_token", **tok}, ctx)


def _made(ctx: Ctx, tok: dict, n: int, player: int) -> list[int]:
    return c.make(ctx, c.token_card(tok), n, tapped=bool(tok.get("tapped")), player=player)


# ------------------------------------------------------------ destroyed -> their tokens


def _check_destroy_tokens(o: dict, ctx: Ctx | None) -> str | None:
    what = o.get("what", "target")
    if what == "all":
        if o.get("filter") is None:
            return "destroy all without a filter"
        part = c.filter_problem(o["filter"])
    elif what in ("target", "targets"):
        part = None
    else:
        return f"destroy {str(what).replace('_', ' ')} then tokens"
    return part or refs.value_problem(o.get("count", 1)) or _token_problem(o.get("creates"), ctx)


def _victims(ctx: Ctx, o: dict) -> list[int]:
    game = ctx.game
    if o.get("what") == "all":
        return [p.id for p in game.battlefield() if c.matches(ctx, p.id, o["filter"])]
    return [
        i
        for i in c.objects(ctx, o.get("what", "target"), o)
        if (game.zone_of(i) or ("", ""))[1] == "battlefield"
    ]


@op(
    "destroy_then_tokens",
    check=_check_destroy_tokens,
)
def destroy_then_tokens(ctx: Ctx, o: dict) -> None:
    """CR 701.8a then 111.2: destroy the permanents; for each one destroyed this way (a
    regenerated or indestructible one is not, 701.19a / 702.12b), the player who
    controlled it as it was destroyed (608.2h) creates the token. The tokens are created
    after all the destroying, in APNAP order of their controllers (101.4)."""
    game = ctx.game
    per = max(0, values.value_of(ctx, o.get("count", 1), 1))
    owed: dict[int, int] = {}
    for oid in _victims(ctx, o):
        controller = game.obj(oid).controller
        before = game.zone_changes.get(oid, 0)
        stack.destroy(game, oid, ctx.label, "701.8a", source=ctx.source)
        if game.zone_changes.get(oid, 0) != before:  # it left the battlefield: destroyed
            owed[controller] = owed.get(controller, 0) + per
    n = len(game.players)
    made: list[int] = []
    tok = o["creates"]
    for player in [(game.active + i) % n for i in range(n)]:
        if owed.get(player) and player not in game.lost:
            made += _made(ctx, tok, owed[player], player)
    ctx.emit(
        EventKind.TOKEN,
        f"{ctx.label}: the controllers of the permanents destroyed this way create "
        f"{len(made)} {tok['token']} token{'s' if len(made) != 1 else ''}.",
        "111.2",
        objects=made,
        amount=len(made),
        data={
            "token": tok["token"],
            "tokens": made,
            "per_player": {str(p): k for p, k in owed.items()},
        },
    )
    c.token_entered(ctx, made)
    ctx.did = bool(owed)


# ----------------------------------------------------------------- X/X tokens


def _check_token_x(o: dict, ctx: Ctx | None) -> str | None:
    tok = o.get("creates")
    if isinstance(tok, dict) and tok.get("pt") not in ("X/X",):
        return f"a {tok.get('pt')} token with an X"
    if isinstance(tok, dict):
        tok = {**tok, "pt": "0/0"}
    return (
        (refs.value_problem(o.get("size")) if o.get("size") is not None else "an X with no value")
        or refs.value_problem(o.get("count", 1))
        or _token_problem(tok, ctx)
    )


@op(
    "create_token_x",
    check=_check_token_x,
)
def create_token_x(ctx: Ctx, o: dict) -> None:
    """CR 111.1, 608.2h: create X/X tokens, X computed once as the effect resolves (107.1b:
    a negative result counts as 0)."""
    x = max(0, values.value_of(ctx, o["size"]))
    count = max(0, values.value_of(ctx, o.get("count", 1), 1))
    tok = {**o["creates"], "pt": f"{x}/{x}"}
    made = _made(ctx, tok, count, ctx.controller)
    ctx.emit(
        EventKind.TOKEN,
        f"{ctx.label} creates {count} {x}/{x} {tok['token']} token"
        f"{'s' if count != 1 else ''} (X = {x}).",
        "111.1",
        objects=made,
        amount=count,
        data={"token": tok["token"], "pt": tok["pt"], "x": x, "tokens": made},
    )
    c.token_entered(ctx, made)


# ------------------------------------------------------- the moved card's owner's tokens


def _check_owner_token(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("what") != "moved":
        return f"tokens for the owner of {str(o.get('what')).replace('_', ' ')}"
    return refs.value_problem(o.get("count", 1)) or _token_problem(o.get("creates"), ctx)


@op(
    "owner_creates_token",
    check=_check_owner_token,
)
def owner_creates_token(ctx: Ctx, o: dict) -> None:
    """CR 111.2: "its owner shuffles it into their library, then investigates" (Blink): the
    owner of each card (or token, 111.7) the previous op moved creates the tokens; ownership
    does not change as a card moves (108.3), so the owner is known wherever it went."""
    game = ctx.game
    count = max(0, values.value_of(ctx, o.get("count", 1), 1))
    tok = o["creates"]
    owners = [game.obj(oid).owner for oid, _ in (ctx.moved or ())]
    made: list[int] = []
    for player in owners:
        if player not in game.lost:
            made += _made(ctx, tok, count, player)
    ctx.emit(
        EventKind.TOKEN,
        f"{ctx.label}: {', '.join(game.pname(p) for p in owners) or 'no one'} "
        f"{'creates' if len(owners) == 1 else 'create'} {len(made)} {tok['token']} "
        f"token{'s' if len(made) != 1 else ''}.",
        "111.2",
        objects=made,
        amount=len(made),
        data={"token": tok["token"], "tokens": made, "owners": owners},
    )
    c.token_entered(ctx, made)


# ------------------------------------------------------------- copies with exceptions

# The subtypes that are not creature types (205.3g artifact, 205.3h enchantment, 205.3i
# land, 205.3q battle types; a creature's other subtypes are creature types, 205.3m):
# "except it's an Alien" replaces only the creature types.
_NONCREATURE_SUBTYPES = frozenset(
    # artifact types (205.3g)
    "Attraction Blood Bobblehead Clue Contraption Equipment Food Fortification Gold Incubator "
    "Infinity Junk Lander Map Mutagen Powerstone Spacecraft Stone Treasure Vehicle "
    # enchantment types (205.3h)
    "Aura Background Cartouche Case Class Curse Role Room Rune Saga Shard Shrine "
    # land types (205.3i)
    "Cave Desert Forest Gate Island Lair Locus Mine Mountain Plains Planet Power-Plant "
    "Sphere Swamp Tower Town Urza's "
    # battle types (205.3q)
    "Siege".split()
)
_EXCEPT_KEYS = ("name", "not_legendary", "supertypes", "subtypes", "creature_types", "keywords")
_COPY_WHAT = ("target", "moved", "exiled_with")


def _check_copy_except(o: dict, ctx: Ctx | None) -> str | None:
    what = o.get("what", "target")
    if what not in _COPY_WHAT:
        return f"a token copy of {str(what).replace('_', ' ')}"
    exc = o.get("except")
    if not isinstance(exc, dict) or not exc:
        return "a token copy without its exceptions"
    extra = sorted(set(exc) - set(_EXCEPT_KEYS))
    if extra:
        return f"a token copy except {', '.join(extra)}"[:80]
    for key in ("supertypes", "subtypes", "creature_types", "keywords"):
        v = exc.get(key)
        if v is not None and not (isinstance(v, list) and all(isinstance(x, str) for x in v)):
            return f"a token copy except {key} {v!r}"[:80]
    if exc.get("name") is not None and not isinstance(exc["name"], str):
        return f"a token copy named {exc['name']!r}"[:80]
    return refs.value_problem(o.get("count", 1))


def _excepted(card: CardDef, face_name: str | None, exc: dict) -> tuple[CardDef, str | None]:
    """The copiable values with the exceptions written in (707.9b): a new card definition
    whose copied face is changed; the face to make the token with."""
    face = next((f for f in card.faces if f.name == face_name), card.front)
    supers = [s for s in face.supertypes if not (exc.get("not_legendary") and s == "Legendary")]
    supers += [s for s in exc.get("supertypes") or () if s not in supers]
    subs = list(face.subtypes)
    if exc.get("creature_types") is not None:
        subs = [s for s in subs if s in _NONCREATURE_SUBTYPES] + list(exc["creature_types"])
    subs += [s for s in exc.get("subtypes") or () if s not in subs]
    kws = list(face.keywords) + [k for k in exc.get("keywords") or () if k not in face.keywords]
    name = exc.get("name") or face.name
    new_face = dataclasses.replace(
        face,
        name=name,
        supertypes=tuple(supers),
        subtypes=tuple(subs),
        keywords=tuple(kws),
        type_line=format_type_line(tuple(supers), face.types, tuple(subs)),
    )
    faces = tuple(new_face if f is face else f for f in card.faces)
    effects_raw = card.effects
    if (
        name != face.name
        and isinstance(effects_raw, dict)
        and face.name in (effects_raw.get("faces") or {})
    ):  # effects of a multi-face card are keyed by face name
        keyed = effects_raw["faces"]
        effects_raw = {
            **effects_raw,
            "faces": {(name if k == face.name else k): v for k, v in keyed.items()},
        }
    one = len(card.faces) == 1
    new = dataclasses.replace(
        card, name=name if one else card.name, faces=faces, effects_raw=effects_raw
    )
    return new, (None if one else name)


def _copy_originals(ctx: Ctx, o: dict) -> list[int]:
    """What to copy: the target / what moved / one card exiled with the source (chosen)."""
    what = o.get("what", "target")
    if what != "exiled_with":
        return c.objects(ctx, what, o)
    able = c.exiled_with(ctx)
    return c.pick_one(ctx, able, "choose a card exiled with it to copy", "707.2")


@op(
    "create_token_copy_except",
    check=_check_copy_except,
)
def create_token_copy_except(ctx: Ctx, o: dict) -> None:
    """CR 707.2, 707.9b, 111.10: tokens copying an object's copiable values (its card:
    not its counters, status or the effects on it) except as the op says; the exceptions
    are part of the token's copiable values (707.9b). The face copied is the one the
    object has (a card off the battlefield: its front face)."""
    game = ctx.game
    count = max(0, values.value_of(ctx, o.get("count", 1), 1))
    originals = _copy_originals(ctx, o)
    made: list[int] = []
    for oid in originals:
        obj = game.obj(oid)
        card, face = _excepted(obj.card, obj.face, o["except"])
        made += c.make(ctx, card, count, face=face)
    ctx.emit(
        EventKind.TOKEN,
        f"{ctx.label} creates {len(made)} token cop{'ies' if len(made) != 1 else 'y'}"
        + (f" of {', '.join(game.obj(i).name for i in originals)}" if originals else "")
        + " with exceptions.",
        "707.9b",
        objects=made,
        amount=len(made),
        data={"copy_of": originals, "tokens": made, "except": dict(o["except"])},
    )
    c.token_entered(ctx, made)


# ------------------------------------------------------------------ transform them all


def _check_transform_all(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("filter") is None:
        return "transform all without a filter"
    return c.filter_problem(o["filter"])


@op(
    "transform_all",
    check=_check_transform_all,
)
def transform_all(ctx: Ctx, o: dict) -> None:
    """CR 701.28a: each double-faced permanent matching the filter turns over (the same
    object, 712.18); one with no back face can't transform (701.28c) and is left as is."""
    game = ctx.game
    ids = [p.id for p in game.battlefield() if c.matches(ctx, p.id, o["filter"])]
    turned = []
    for oid in ids:
        obj = game.obj(oid)
        faces = obj.card.faces
        if obj.card.layout not in ("transform", "modal_dfc", "meld") or len(faces) < 2:
            continue
        now = obj.face or faces[0].name
        game.set_face(oid, faces[1].name if now == faces[0].name else faces[0].name)
        turned.append(oid)
    ctx.emit(
        EventKind.TRANSFORM,
        f"{ctx.label}: {len(turned)} permanent{'s' if len(turned) != 1 else ''} transform.",
        "701.28a",
        objects=turned,
        amount=len(turned),
        data={"transformed": turned},
    )


# ------------------------------------------- copy any number with different names


def _check_copy_names(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("filter") is None:
        return "copies of chosen permanents without a filter"
    return c.filter_problem(o["filter"])


@op(
    "copy_each_chosen_different_names",
    check=_check_copy_names,
)
def copy_each_chosen_different_names(ctx: Ctx, o: dict) -> None:
    """CR 707.2, 111.10 (Battle for Bretagard III): you choose any number of permanents you
    control matching the filter, no two with the same name (201.2), then create a token
    copy of each. The choice is made name by name: one of that name, or none."""
    game = ctx.game
    able = [p.id for p in game.battlefield(ctx.controller) if c.matches(ctx, p.id, o["filter"])]
    groups: dict[str, list[int]] = {}
    for oid in able:  # a face-down permanent has no name (708.2a): it shares it with none
        name = "" if game.obj(oid).face_down else game.chars(oid).name
        groups.setdefault(name or f"#{oid}", []).append(oid)
    chosen: list[int] = []
    for ids in groups.values():
        shown = game.obj(ids[0]).name
        key = game.decide(
            DecisionKind.PICK,
            f"{ctx.label}: copy a permanent named {shown}?",
            [
                *((f"card:o{i}", f"Copy {game.obj(i).name} (o{i})") for i in ids),
                ("none", f"Copy no {shown}"),
            ],
            "707.2",
            player=ctx.controller,
            subject=ctx.label,
            objects=tuple(ids),
        )
        if key != "none":
            chosen.append(int(key.split(":o")[1]))
    made: list[int] = []
    for oid in chosen:
        obj = game.obj(oid)
        made += c.make(ctx, obj.card, 1, face=obj.face)
    ctx.emit(
        EventKind.TOKEN,
        f"{ctx.label} creates {len(made)} token cop{'ies' if len(made) != 1 else 'y'}.",
        "707.2",
        objects=made,
        amount=len(made),
        data={"copy_of": chosen, "tokens": made},
    )
    c.token_entered(ctx, made)
