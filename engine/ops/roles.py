"""Role tokens (CR 111.10, 303.7; XMage CreateRoleAttachedTargetEffect): "create a <kind>
Role token attached to target creature".

A Role is an Aura token (Enchantment — Aura Role) created already attached to the creature:
it isn't cast and doesn't target (303.4f does not apply). What it does is its own data, as
the importer reads the Role's token class (its ``enchant`` spec, statics on the enchanted
creature, triggers), in ``creates``; the op is simulated only when all of that is.

State-based action 704.5y: if a permanent has more than one Role controlled by the same
player attached to it, each of them but the one with the latest timestamp (613.7e) is put
into its owner's graveyard (a token there ceases to exist, 111.7, after "put into a
graveyard" triggers see it, 603.6c / 603.10a).
"""

from __future__ import annotations

from engine.core.events import EventKind
from engine.lang import protection, refs
from engine.lang.effects import Ctx, op
from engine.rules import layers
from engine.rules import op_common as c


def _check_role(o: dict, ctx: Ctx | None) -> str | None:
    tok = o.get("creates")
    if not isinstance(tok, dict) or "Role" not in (tok.get("subtypes") or ()):
        return "a Role token without its definition"
    name = f"a {tok.get('token', '?')} Role"
    abilities = tok.get("abilities") or {}
    if not isinstance(abilities, dict) or not isinstance(abilities.get("enchant"), dict):
        return f"{name} without its enchant ability"
    extra = sorted(set(abilities) - {"enchant", "static", "triggers"})
    if extra:
        return f"{name}: {', '.join(extra)}"
    for s in abilities.get("static") or []:
        why = refs.static_problem(s) if isinstance(s, dict) else "a static ability"
        if not why and s.get("what", s.get("who")) != "attached":
            why = "a static ability not on the enchanted creature"
        if why:
            return f"{name}: {why}"
    for trig in abilities.get("triggers") or []:
        why = refs.ability_problem({**trig, "kind": "triggered"})
        if why:
            return f"{name}: {why}"
    if tok.get("pt") or "Creature" in (tok.get("types") or ()):
        return f"{name} that is a creature"
    return refs.ref_problem(o, "what")


@op(
    "create_role",
    check=_check_role,
)
def create_role(ctx: Ctx, o: dict) -> None:
    """CR 111.10, 303.7: a Role token is created attached to each still-legal target; a
    second Role of yours on it makes the older one go (704.5y, the next state-based
    check)."""
    game = ctx.game
    tok = o["creates"]
    card = c.token_card({**tok, "token": f"{tok['token']} Role"})  # its name: "Cursed Role"
    hosts = [i for i in refs.objects(ctx, o, "what") if layers.on_battlefield(game, i)]
    made: list[int] = []
    kept: list[int] = []
    for host in hosts:
        [role] = c.make(ctx, card, 1)
        if protection.protected_from(game, host, role):
            # 303.4g: an Aura token that can't legally enchant the object isn't created
            # (protection from its quality, 702.16c)
            game.uncreate(role)
            ctx.emit(
                EventKind.NOTE,
                f"{ctx.label}: no {tok['token']} Role is created on {game.obj(host).name}: it "
                "has protection from a quality the Role has.",
                "303.4g",
                objects=(host,),
                amount=0,
            )
            continue
        game.attach(role, host)
        made.append(role)
        kept.append(host)
    hosts = kept
    names = ", ".join(game.obj(h).name for h in hosts) or "nothing"
    ctx.emit(
        EventKind.TOKEN,
        f"{ctx.label} creates {len(made)} {tok['token']} Role token"
        f"{'s' if len(made) != 1 else ''} attached to {names}.",
        "303.7",
        objects=made,
        amount=len(made),
        data={"token": f"{tok['token']} Role", "tokens": made, "attached_to": hosts},
    )
    c.token_entered(ctx, made)
    ctx.did = bool(made)


def one_role_each(game) -> bool:
    """CR 704.5y: of the Roles one player controls attached to the same permanent, all but
    the newest (latest timestamp, 613.7e) go to their owners' graveyards."""
    groups: dict[tuple[int, int], list[int]] = {}
    for perm in game.battlefield():
        if perm.attached_to is None or perm.phased_out:
            continue
        if "Role" not in game.chars(perm.id).subtypes:
            continue
        groups.setdefault((perm.attached_to, perm.controller), []).append(perm.id)
    acted = False
    for (host, player), roles in sorted(groups.items()):
        if len(roles) < 2:
            continue
        newest = max(roles, key=lambda r: game.timestamps.get(r, 0))
        for r in roles:
            if r == newest:
                continue
            obj = game.obj(r)
            game.move(r, "none" if obj.is_token else "graveyard")
            game.emit(
                EventKind.SBA,
                f"{obj.name} is put into its owner's graveyard: {game.obj(host).name} has a "
                f"newer Role controlled by {game.pname(player)}.",
                "704.5y",
                objects=(host,),
                player=player,
                data={"reason": "role_replaced", "role": r, "kept": newest},
            )
            acted = True
    return acted
