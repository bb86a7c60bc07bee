"""Continuous effects from resolving spells and abilities (CR 611.2, 613): P/T changes,
abilities, types, colors, control, and the restrictions combat reads (engine.rules.combat).

Each handler records a ``ContinuousEffect`` through the kernel (``game.add_continuous``);
the layer system (engine.rules.layers) applies it. The affected objects are locked in on
resolution (611.2c) and every number is fixed then (608.2h). As static abilities of
permanents (``static`` in the card data) the same ops are read by engine.rules.layers directly
while their source is on the battlefield; they never run here.
"""

from __future__ import annotations

from engine.core.events import DecisionKind, EventKind
from engine.lang import refs, values
from engine.lang.effects import Ctx, op
from engine.rules import layers, sba, triggers
from engine.rules.op_common import begin

_COLORS = ("W", "U", "B", "R", "G")
_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _duration(o: dict) -> str:
    return str(o.get("duration") or "end_of_turn")


def _check(o: dict, keys: tuple[str, ...], values: tuple[str, ...] = ()) -> str | None:
    """The common part: duration, reference, filter, amounts."""
    name = str(o.get("op", "?")).replace("_", " ")
    if _duration(o) not in layers.DURATIONS:
        return f"{name} {_duration(o).replace('_', ' ')}"
    why = refs.ref_problem(o, *keys)
    if why:
        return why
    for key in values:
        if key in o and (why := refs.value_problem(o[key])):
            return f"{name}: {why}"
    for key in ("keywords", "types", "subtypes", "supertypes", "colors", "keep_types"):
        v = o.get(key)
        if v is not None and not (isinstance(v, list) and all(isinstance(x, str) for x in v)):
            return f"{name}: {key} {v!r}"
    if any(c not in _COLORS for c in o.get("colors") or ()):
        return f"{name}: colors {o['colors']!r}"
    return None


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


# --------------------------------------------------------------------- layer 7 (P/T)
@op(
    "pump",
    check=lambda o, ctx: _check(o, ("who", "what"), ("power", "toughness")),
)
def pump(ctx: Ctx, o: dict) -> None:
    """CR 613.4c (layer 7c): +N/+M; values fixed on resolution (608.2h)."""
    p = values.value_of(ctx, o.get("power", 0))
    t = values.value_of(ctx, o.get("toughness", 0))
    objs = refs.objects(ctx, o, "who", "what")
    begin(
        ctx,
        o,
        "pump",
        "7c",
        objs,
        {"power": p, "toughness": t},
        "613.4c",
        f"get{'s' if len(objs) == 1 else ''} {_signed(p)}/{_signed(t)}",
    )


@op(
    "set_base_pt",
    check=lambda o, ctx: _check(o, ("what", "who"), ("power", "toughness")),
)
def set_base_pt(ctx: Ctx, o: dict) -> None:
    """CR 613.4b (layer 7b): base power and/or toughness become a number."""
    data: dict = {}
    for key in ("power", "toughness"):
        if o.get(key) is not None:
            data[key] = values.value_of(ctx, o[key])
    objs = refs.objects(ctx, o, "what", "who")
    pt = f"{data.get('power', '—')}/{data.get('toughness', '—')}"
    begin(
        ctx,
        o,
        "set_base_pt",
        "7b",
        objs,
        data,
        "613.4b",
        f"ha{'s' if len(objs) == 1 else 've'} base power and toughness {pt}",
    )


# -------------------------------------------------------------------- layer 6 (abilities)
def _check_grant(o: dict, ctx: Ctx | None) -> str | None:
    why = _check(o, ("who", "what"))
    if why:
        return why
    if o.get("protection_from") is not None:
        return refs.filter_problem(o["protection_from"])
    ability = o.get("ability")
    if ability is not None and not isinstance(ability, dict):
        return f"grant {ability!r}"
    if ability is not None and (why := refs.ability_problem(ability)):
        return why
    if not o.get("keywords") and ability is None and o.get("protection_from") is None:
        return "grant (nothing to grant)"
    return None


@op(
    "grant",
    check=_check_grant,
)
def grant(ctx: Ctx, o: dict) -> None:
    """CR 613.1f (layer 6): gains keywords or an ability."""
    data: dict = {"keywords": list(o.get("keywords") or ())}
    ability = o.get("ability")
    if isinstance(ability, dict) and ability.get("kind") == "keyword":
        data["keywords"].append(str(ability["keyword"]))
    elif ability is not None:  # an activated or a triggered ability (603.2: it triggers)
        data["ability"] = ability
        if ability.get("kind") == "triggered" and triggers.is_combat_only(ability):
            data["combat_only"] = True
    if o.get("protection_from") is not None:
        data["protection_from"] = o["protection_from"]
    objs = refs.objects(ctx, o, "who", "what")
    words = ", ".join(data["keywords"]) or (
        "protection" if "protection_from" in data else "an ability"
    )
    verb = "gains" if len(objs) == 1 else "gain"
    begin(ctx, o, "grant", "6", objs, data, "613.1f", f"{verb} {words}")


@op(
    "lose_keywords",
    check=lambda o, ctx: (
        _check(o, ("what", "who"))
        or (None if o.get("keywords") else "lose keywords (which ones is not in the data)")
    ),
)
def lose_keywords(ctx: Ctx, o: dict) -> None:
    """CR 613.1f (layer 6): loses keywords."""
    objs = refs.objects(ctx, o, "what", "who")
    kw = list(o.get("keywords") or ())
    begin(
        ctx,
        o,
        "lose_keywords",
        "6",
        objs,
        {"keywords": kw},
        "613.1f",
        f"lose{'s' if len(objs) == 1 else ''} {', '.join(kw)}",
    )


@op(
    "protection_from_chosen_color",
    check=lambda o, ctx: _check(o, ("what", "who")),
)
def protection_from_chosen_color(ctx: Ctx, o: dict) -> None:
    """CR 702.16 (layer 6): protection from the color its controller chooses (a decision)."""
    objs = refs.objects(ctx, o, "what", "who")
    if not objs:
        begin(ctx, o, "protection_from_chosen_color", "6", [], {}, "702.16a", "gains protection")
        return
    key = ctx.game.decide(
        DecisionKind.CHOOSE_COLOR,
        f"{ctx.label}: choose a color for protection.",
        [(f"color:{c}", _NAMES[c].capitalize()) for c in _COLORS],
        "702.16a",
        player=ctx.controller,
        subject=ctx.label,
        objects=objs,
    )
    color = key.split(":", 1)[1]
    begin(
        ctx,
        o,
        "protection_from_chosen_color",
        "6",
        objs,
        {"color": _NAMES[color]},
        "702.16a",
        f"gain{'s' if len(objs) == 1 else ''} protection from {_NAMES[color]}",
    )


# --------------------------------------------------------------- layers 4, 5 (types, colors)
@op(
    "set_color",
    check=lambda o, ctx: _check(o, ("what", "who")),
)
def set_color(ctx: Ctx, o: dict) -> None:
    """CR 613.1e (layer 5): becomes the color(s) (or also, with ``add``)."""
    objs = refs.objects(ctx, o, "what", "who")
    colors = list(o.get("colors") or ())
    words = " and ".join(_NAMES[c] for c in colors) or "colorless"
    begin(
        ctx,
        o,
        "set_color",
        "5",
        objs,
        {"colors": colors, "add": bool(o.get("add"))},
        "613.1e",
        f"become{'s' if len(objs) == 1 else ''} {words}",
    )


@op(
    "add_types",
    check=lambda o, ctx: _check(o, ("what", "who")),
)
def add_types(ctx: Ctx, o: dict) -> None:
    """CR 613.1d (layer 4): becomes an additional supertype / card type / subtype."""
    objs = refs.objects(ctx, o, "what", "who")
    data = {"types": list(o.get("types") or ()), "subtypes": list(o.get("subtypes") or ())}
    if o.get("supertypes"):
        data["supertypes"] = list(o["supertypes"])
    words = " ".join(data.get("supertypes", []) + data["subtypes"] + data["types"])
    begin(
        ctx,
        o,
        "add_types",
        "4",
        objs,
        data,
        "613.1d",
        f"become{'s' if len(objs) == 1 else ''} {words} in addition",
    )


def _check_become(o: dict, ctx: Ctx | None) -> str | None:
    why = _check(o, ("what", "who"))
    if why:
        return why
    pt = o.get("pt")
    if pt is not None:
        p, sep, t = str(pt).partition("/")
        if not sep or refs.value_problem(p) or refs.value_problem(t):
            return f"become a {pt} creature"
    if o.get("abilities"):
        return "become a creature with abilities (not simulated)"
    return None


@op(
    "become_creature",
    check=_check_become,
)
def become_creature(ctx: Ctx, o: dict) -> None:
    """Becomes a creature (layers 4, 5, 6 and 7b at one timestamp, 613.1, 613.4b)."""
    objs = refs.objects(ctx, o, "what", "who")
    data = {
        k: o[k]
        for k in ("pt", "types", "subtypes", "colors", "keywords", "keep_types")
        if o.get(k) is not None
    }
    data.setdefault("types", ["Creature"])
    begin(
        ctx,
        o,
        "become_creature",
        "4",
        objs,
        data,
        "613.1d",
        f"become{'s' if len(objs) == 1 else ''} a {o.get('pt', '')} "
        f"{' '.join(data.get('subtypes', []))} creature".replace("  ", " "),
    )


# ------------------------------------------------------------------------ layer 2 (control)
@op(
    "gain_control",
    check=lambda o, ctx: _check(o, ("what",)),
)
def gain_control(ctx: Ctx, o: dict) -> None:
    """CR 613.1b (layer 2): you control it (for the duration)."""
    objs = refs.objects(ctx, o, "what")
    begin(
        ctx,
        o,
        "gain_control",
        "2",
        objs,
        {"to": ctx.controller},
        "613.1b",
        f"come{'s' if len(objs) == 1 else ''} under {ctx.game.poss(ctx.controller)} control",
    )
    sba.apply_control(ctx.game)


@op(
    "exchange_control",
    check=lambda o, ctx: (
        _check({**o, "what": o.get("a")}, ("what",)) or _check({**o, "what": o.get("b")}, ("what",))
    ),
)
def exchange_control(ctx: Ctx, o: dict) -> None:
    """CR 701.12a: exchange control of two permanents; if either can't be exchanged (one is
    gone, or both have the same controller), nothing happens (701.12b)."""
    game = ctx.game
    a = refs.objects(ctx, {"what": o.get("a")}, "what")
    b = refs.objects(ctx, {"what": o.get("b")}, "what")
    if len(a) != 1 or len(b) != 1 or game.obj(a[0]).controller == game.obj(b[0]).controller:
        ctx.emit(
            EventKind.CONTROL,
            f"{ctx.label}: control can't be exchanged; nothing happens.",
            "701.12b",
            objects=a + b,
            amount=0,
        )
        return
    pa, pb = game.obj(a[0]).controller, game.obj(b[0]).controller
    begin(ctx, o, "exchange_control", "2", a, {"to": pb}, "701.12a", "changes controller")
    begin(ctx, o, "exchange_control", "2", b, {"to": pa}, "701.12a", "changes controller")
    sba.apply_control(game)


# ------------------------------------------- combat restrictions (read by engine.rules.combat)
def _combat(name: str, rule: str, words: str) -> None:
    def handler(ctx: Ctx, o: dict) -> None:
        objs = refs.objects(ctx, o, "what", "who")
        data = {k: o[k] for k in ("by", "filter", "n") if o.get(k) is not None}
        data["combat_only"] = True
        begin(ctx, o, name, "", objs, data, rule, words)

    handler.__doc__ = f"CR {rule}: {words} — recorded on the object; engine.rules.combat reads it."
    handler.__name__ = handler.__qualname__ = name
    op(
        name,
        check=lambda o, ctx: (
            _check(o, ("what", "who"))
            or (refs.filter_problem(o["by"]) if o.get("by") is not None else None)
        ),
    )(handler)


_combat("cant_block", "509.1b", "can't block")
_combat("cant_be_blocked", "509.1b", "can't be blocked")
_combat("must_attack", "508.1d", "attacks each combat if able")
_combat("can_block_only", "509.1b", "can block only some creatures")
_combat("cant_attack_or_block", "508.1c", "can't attack or block")
_combat("min_blockers", "509.1b", "can't be blocked except by n or more creatures")
_combat("can_block_additional", "509.1a", "can block additional creatures")
