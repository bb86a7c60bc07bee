"""XMage effect classes -> ops of the vocabulary (docs/EFFECTS.md, engine/lang/vocabulary.py).

One function per class family, registered in ``EFFECTS``. Each reads the bound
constructor parameters (by name, from the framework source) and refuses parameters it
does not understand, so an unusual overload is reported untranslated, never guessed.
"""

from __future__ import annotations

from collections.abc import Callable

from .core import Core, Untranslated, _flat, _spec_filter
from .filters import _name
from .symbolic import JObj, Ref, SCall

__all__ = ["EFFECTS", "EffectCtx", "Effects"]

#: effect method calls that only change wording
_TEXT_CALLS = {
    "setText",
    "concatBy",
    "withTargetDescription",
    "setOutcome",
    "withChooseHint",
    "setStaticText",
    "withDescription",
    "setTargetDescription",
    "withTextOptions",
    "withReminderText",
    "setCanWorksOnStackOnly",
}


#: calls a translator reads itself
_OWN_CALLS = {
    "DoIfCostPaid": ("addEffect", "addOtherwiseEffect"),
    "ConditionalOneShotEffect": ("addEffect", "addOtherwiseEffect"),
    "SpellsCostReductionControllerEffect": ("setDuration",),
}


class EffectCtx:
    """Per-ability state while its effects are translated."""

    def __init__(self) -> None:
        self.target_refs: set[int] = set()


class Effects:
    """Translates effect objects with a Core (values, filters, targets, tokens)."""

    def __init__(self, core: Core, abilities: Callable) -> None:
        self.core = core
        self.fw = core.fw
        self.f = core.filters
        self.ability = abilities  # translate a nested ability (granted abilities, delayed)
        self.sources: dict[str, set[str]] = {}  # op -> XMage classes it was made from

    # --------------------------------------------------------------- entry
    def ops(self, effects: list, ctx: EffectCtx) -> list[dict]:
        out: list[dict] = []
        for e in effects:
            out.extend(self.op(e, ctx))
        return out

    def op(self, e: object, ctx: EffectCtx) -> list[dict]:
        if isinstance(e, list):
            return self.ops(e, ctx)
        if not isinstance(e, JObj):
            raise Untranslated(_name(e), "effect")
        if e.local:
            raise Untranslated(f"card-specific {e.extends or 'effect'}", e.cls)
        self.core.used.add(e.cls)
        fn = EFFECTS.get(e.cls)
        if fn is None:
            raise Untranslated(e.cls)
        pointer = None
        optional = False
        for name, args in e.calls:
            if name in _TEXT_CALLS:
                continue
            if name in _OWN_CALLS.get(e.cls, ()):
                continue
            if name == "setTargetPointer" and args:
                pointer = args[0]
                continue
            if name == "setOptional" and args:
                optional = bool(args[0])
                continue
            raise Untranslated(f"{e.cls}.{name}", "effect call")
        saved = (getattr(self, "_pointer", 0), getattr(self, "_ctx", ctx))
        self._pointer = self.pointer(pointer)
        self._ctx = ctx
        try:
            ops = fn(self, e, self.core.params(e) if _needs_params(e) else {})
        finally:
            self._pointer, self._ctx = saved
        for o in ops:
            self.sources.setdefault(o["op"], set()).add(e.cls)
        if optional:
            ops = [{"op": "may", "ops": ops}]
        return ops

    def pointer(self, p: object) -> object:
        if p is None:
            return 0
        if isinstance(p, JObj):
            idx = {
                "FirstTargetPointer": 0,
                "SecondTargetPointer": 1,
                "ThirdTargetPointer": 2,
                "EachTargetPointer": "all",
            }.get(p.cls)
            if idx is not None:
                return idx
        raise Untranslated(_name(p), "target pointer")

    # ------------------------------------------------------------- helpers
    def tgt(self, key: str = "what", value: str = "target") -> dict:
        """A reference to this effect's target (first one unless the pointer says)."""
        idx = self._pointer
        if idx == "all":
            return {key: value + "s" if value == "target" else value}
        self._ctx.target_refs.add(idx)
        out = {key: value}
        if idx:
            out["target"] = idx
        return out

    def val(self, v: object, default: object = None) -> object:
        if v is None:
            if default is None:
                raise Untranslated("amount", "missing")
            return default
        return self.core.value(v)

    def dur(self, d: object, default: str | None = None) -> str:
        return self.core.duration(d, default)

    def filt(self, v: object) -> dict:
        return self.f.filter(v)

    def known(self, e: JObj, p: dict, names: set[str]) -> None:
        self.core.check_known(e, p, names)


def _needs_params(e: JObj) -> bool:
    return e.cls not in _NO_PARAMS


_NO_PARAMS: set[str] = set()
EFFECTS: dict[str, Callable[[Effects, JObj, dict], list[dict]]] = {}


def reg(*names: str, no_params: bool = False):
    def deco(fn):
        for n in names:
            EFFECTS[n] = fn
            if no_params:
                _NO_PARAMS.add(n)
        return fn

    return deco


def simple(names: list[str], op: dict, target: str | None = None, self_what: bool = False):
    """Register classes whose only parameters are wording: a fixed op."""

    def fn(t: Effects, e: JObj, p: dict) -> list[dict]:
        t.known(e, p, set())
        out = dict(op)
        if target:
            out.update(t.tgt(target))
        return [out]

    for n in names:
        EFFECTS[n] = fn


# ===================================================================== damage
@reg("DamageTargetEffect")
def _damage_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "preventable"})
    out = {"op": "damage", "amount": t.val(p.get("amount"))}
    out.update(t.tgt("to"))
    if p.get("preventable") is False:
        out["unpreventable"] = True
    return [out]


@reg("DamageMultiEffect")
def _damage_multi(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    t.tgt("to")
    return [{"op": "damage", "amount": "divided", "to": "divided"}]


@reg("DamageAllEffect")
def _damage_all(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "filter"})
    return [
        {
            "op": "damage",
            "amount": t.val(p.get("amount")),
            "to": "all",
            "filter": t.filt(p["filter"]),
        }
    ]


@reg("DamageEverythingEffect")
def _damage_everything(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "filter"})
    f = t.filt(p["filter"]) if p.get("filter") is not None else {"types": ["Creature"]}
    return [
        {
            "op": "damage",
            "amount": t.val(p.get("amount")),
            "to": "all",
            "filter": f,
            "players": "each_player",
        }
    ]


@reg("DamagePlayersEffect")
def _damage_players(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "controller"})
    who = t.core.who(p.get("controller"), "each_player")
    return [{"op": "damage", "amount": t.val(p.get("amount")), "to": who}]


@reg("DamageControllerEffect")
def _damage_controller(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "preventable"})
    return [{"op": "damage", "amount": t.val(p.get("amount")), "to": "you"}]


@reg("DamageTargetControllerEffect")
def _damage_target_controller(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "preventable"})
    out = {"op": "damage", "amount": t.val(p.get("amount"))}
    out.update(t.tgt("to", "controller_of_target"))
    return [out]


@reg("DamageAllControlledTargetEffect")
def _damage_all_controlled(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "filter"})
    f = dict(t.filt(p["filter"])) if p.get("filter") is not None else {"types": ["Creature"]}
    out = {"op": "damage", "amount": t.val(p.get("amount")), "to": "all", "filter": f}
    out.update(t.tgt("controlled_by", "target_player"))
    return [out]


@reg("DamageWithPowerFromOneToAnotherTargetEffect")
def _bite(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"multiplier"})
    if p.get("multiplier") not in (None, 1):
        raise Untranslated(e.cls, "multiplier")
    t._ctx.target_refs.update({0, 1})
    return [{"op": "bite", "source": {"target": 0}, "to": {"target": 1}}]


@reg("DamageWithPowerFromSourceToAnotherTargetEffect")
def _bite_self(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "bite", "source": "self"}
    out.update(t.tgt("to"))
    return [out]


@reg("FightTargetsEffect")
def _fight_targets(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    t._ctx.target_refs.update({0, 1})
    return [{"op": "fight", "a": {"target": 0}, "b": {"target": 1}}]


@reg("FightTargetSourceEffect")
def _fight_source(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    ref = t.tgt("b")
    return [{"op": "fight", "a": "self", "b": {"target": ref.get("target", 0)}}]


# ======================================================================= life
@reg("GainLifeEffect")
def _gain_life(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"life"})
    return [{"op": "gain_life", "n": t.val(p.get("life"))}]


@reg("GainLifeTargetEffect")
def _gain_life_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"life"})
    out = {"op": "gain_life", "n": t.val(p.get("life"))}
    out.update(t.tgt("who", "target_player"))
    return [out]


@reg("LoseLifeTargetEffect")
def _lose_life_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount"})
    out = {"op": "lose_life", "n": t.val(p.get("amount"))}
    out.update(t.tgt("who", "target_player"))
    return [out]


@reg("LoseGameTargetPlayerEffect")
def _lose_game_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "lose_game"}
    out.update(t.tgt("who", "target_player"))
    return [out]


@reg("LoseLifeSourceControllerEffect")
def _lose_life_you(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "youLose"})
    return [{"op": "lose_life", "n": t.val(p.get("amount")), "who": "you"}]


@reg("LoseLifeOpponentsEffect")
def _lose_life_opp(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount"})
    return [{"op": "lose_life", "n": t.val(p.get("amount")), "who": "each_opponent"}]


@reg("LoseLifeAllPlayersEffect")
def _lose_life_all(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount"})
    return [{"op": "lose_life", "n": t.val(p.get("amount")), "who": "each_player"}]


@reg("LoseLifeTargetControllerEffect")
def _lose_life_tc(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount"})
    out = {"op": "lose_life", "n": t.val(p.get("amount"))}
    out.update(t.tgt("who", "controller_of_target"))
    return [out]


# ================================================================ draw/discard
@reg("DrawCardSourceControllerEffect")
def _draw(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "youDraw"})
    return [{"op": "draw", "n": t.val(p.get("amount"))}]


@reg("DrawCardTargetEffect")
def _draw_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "optional", "upto"})
    if p.get("upto"):
        raise Untranslated(e.cls, "up to")
    out = {"op": "draw", "n": t.val(p.get("amount"))}
    out.update(t.tgt("who", "target_player"))
    ops = [out]
    return [{"op": "may", "ops": ops, "who": out["who"]}] if p.get("optional") else ops


@reg("DrawCardAllEffect")
def _draw_all(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "targetController"})
    return [
        {
            "op": "draw",
            "n": t.val(p.get("amount")),
            "who": t.core.who(p.get("targetController"), "each_player"),
        }
    ]


@reg("DrawDiscardControllerEffect")
def _loot(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"cardsToDraw", "cardsToDiscard", "optional"})
    ops = [
        {"op": "draw", "n": p.get("cardsToDraw", 1)},
        {"op": "discard", "n": p.get("cardsToDiscard", 1), "who": "you"},
    ]
    return [{"op": "may", "ops": ops}] if p.get("optional") else ops


@reg("DiscardAndDrawThatManyEffect", no_params=True)
def _discard_draw_that_many(t: Effects, e: JObj, p: dict) -> list[dict]:
    """(amount[, plus]): player.discard(0, amount) then drawCards(discarded + plus): up to
    `amount` (any number for Integer.MAX_VALUE), then draw that many (608.2c) plus `plus`.
    Read from the arguments: the overload binder doesn't fit Integer.MAX_VALUE to an int."""
    args = tuple(e.args)
    if len(args) not in (1, 2):
        raise Untranslated(e.cls, f"{len(args)} arguments")
    amount = args[0]
    if isinstance(amount, Ref) and amount.dotted == "Integer.MAX_VALUE":
        n: object = "hand"
    elif isinstance(amount, int) and not isinstance(amount, bool) and amount > 0:
        n = "hand" if amount >= 2**31 - 1 else amount
    else:
        raise Untranslated(e.cls, "amount")
    plus = args[1] if len(args) == 2 else 0
    if not isinstance(plus, int) or isinstance(plus, bool) or plus < 0:
        raise Untranslated(e.cls, "plus")
    draw: object = {"dv": "that_many"}
    if plus:
        draw = {"dv": "sum", "of": [draw, plus]}
    return [
        {"op": "discard", "n": n, "who": "you", "up_to": True},
        {"op": "draw", "n": draw},
    ]


@reg("DiscardTargetEffect")
def _discard_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "randomDiscard"})
    out = {"op": "discard", "n": t.val(p.get("amount"))}
    out.update(t.tgt("who", "target_player"))
    if p.get("randomDiscard"):
        out["random"] = True
    return [out]


@reg("DiscardControllerEffect")
def _discard_you(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "randomDiscard"})
    out = {"op": "discard", "n": t.val(p.get("amount")), "who": "you"}
    if p.get("randomDiscard"):
        out["random"] = True
    return [out]


@reg("DiscardEachPlayerEffect")
def _discard_each(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "randomDiscard", "targetController"})
    out = {
        "op": "discard",
        "n": t.val(p.get("amount"), 1),
        "who": t.core.who(p.get("targetController"), "each_player"),
    }
    if p.get("randomDiscard"):
        out["random"] = True
    return [out]


@reg("DiscardHandControllerEffect")
def _discard_hand(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    return [{"op": "discard", "n": "hand", "who": "you"}]


@reg("DiscardCardYouChooseTargetEffect")
def _discard_choose(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"numberCardsToDiscard", "filter", "numberCardsToReveal"})
    if p.get("numberCardsToReveal") is not None:
        raise Untranslated(e.cls, "reveal only some cards")
    out = {
        "op": "discard",
        "n": t.val(p.get("numberCardsToDiscard"), 1),
        "chooser": "you",
        "reveal": True,
    }
    out.update(t.tgt("who", "target_player"))
    if p.get("filter") is not None:
        out["filter"] = t.filt(p["filter"])
    return [out]


@reg("MillCardsControllerEffect")
def _mill(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"numberCards"})
    return [{"op": "mill", "n": t.val(p.get("numberCards")), "who": "you"}]


@reg("MillCardsTargetEffect")
def _mill_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"numberCards"})
    out = {"op": "mill", "n": t.val(p.get("numberCards"))}
    out.update(t.tgt("who", "target_player"))
    return [out]


@reg("MillCardsEachPlayerEffect")
def _mill_each(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"numberCards", "targetController"})
    return [
        {
            "op": "mill",
            "n": t.val(p.get("numberCards")),
            "who": t.core.who(p.get("targetController"), "each_player"),
        }
    ]


@reg("ScryEffect")
def _scry(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"scryNumber", "amount"})
    return [{"op": "scry", "n": t.val(p.get("scryNumber", p.get("amount")))}]


@reg("SurveilEffect")
def _surveil(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"surveilNumber", "amount"})
    return [{"op": "surveil", "n": t.val(p.get("surveilNumber", p.get("amount")))}]


# ================================================================= destroy etc
@reg("DestroyTargetEffect")
def _destroy_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"noRegen"})
    out = {"op": "destroy"}
    out.update(t.tgt())
    if p.get("noRegen"):
        out["no_regen"] = True
    return [out]


@reg("DestroyAllEffect")
def _destroy_all(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"filter", "noRegen"})
    out = {"op": "destroy", "what": "all", "filter": t.filt(p["filter"])}
    if p.get("noRegen"):
        out["no_regen"] = True
    return [out]


@reg("DestroySourceEffect")
def _destroy_self(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"noRegen"})
    return [{"op": "destroy", "what": "self"}]


@reg("ExileTargetEffect")
def _exile_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "exile"}
    out.update(t.tgt())
    return [out]


@reg("ExileAllEffect")
def _exile_all(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"filter", "forSource"})
    return [{"op": "exile", "what": "all", "filter": t.filt(p["filter"])}]


@reg("ExileSourceEffect")
def _exile_self(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"toUniqueExileZone"})
    return [{"op": "exile", "what": "self"}]


@reg("ExileSpellEffect")
def _exile_spell(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    return [{"op": "exile", "what": "self"}]


@reg("ExileUntilSourceLeavesEffect")
def _exile_until(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "exile", "until": "source_leaves"}
    out.update(t.tgt())
    return [out]


@reg("ExileTargetForSourceEffect")
def _exile_for_source(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "exile", "remember": True}
    out.update(t.tgt())
    return [out]


@reg("ExileGraveyardAllTargetPlayerEffect")
def _exile_gy_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"toUniqueExile"})
    out = {"op": "exile", "what": "graveyard"}
    out.update(t.tgt("who", "target_player"))
    return [out]


@reg("ExileGraveyardAllPlayersEffect")
def _exile_gy_all(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"filter", "targetController"})
    out = {
        "op": "exile",
        "what": "graveyard",
        "who": t.core.who(p.get("targetController"), "each_player"),
    }
    if p.get("filter") is not None:
        out["filter"] = t.filt(p["filter"])
    return [out]


@reg("ExileReturnBattlefieldNextEndStepTargetEffect")
def _flicker_end(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "flicker", "return": "next_end_step"}
    out.update(t.tgt())
    return [out]


@reg("ExileThenReturnTargetEffect")
def _flicker(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"yourControl", "textThatCard", "putCards"})
    out = {"op": "flicker", "return": "now"}
    out.update(t.tgt())
    if p.get("yourControl"):
        out["controller"] = "you"
    pc = p.get("putCards")
    if pc is not None:
        if getattr(pc, "last", "") == "BATTLEFIELD_TAPPED":
            out["tapped"] = True
        elif getattr(pc, "last", "") != "BATTLEFIELD":
            raise Untranslated(e.cls, "putCards")
    return [out]


@reg("ReturnToHandTargetEffect")
def _bounce(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "return_to_hand"}
    out.update(t.tgt())
    return [out]


@reg("ReturnToHandSourceEffect")
def _bounce_self(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"fromBattlefieldOnly", "returnFromNextZone"})
    return [{"op": "return_to_hand", "what": "self"}]


@reg("ReturnToHandFromBattlefieldAllEffect")
def _bounce_all(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"filter"})
    return [{"op": "return_to_hand", "what": "all", "filter": t.filt(p["filter"])}]


@reg("ReturnToHandChosenControlledPermanentEffect")
def _bounce_chosen(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"filter", "number"})
    return [
        {
            "op": "return_to_hand",
            "what": "chosen",
            "who": "you",
            "n": p.get("number", 1),
            "filter": t.filt(p["filter"]),
        }
    ]


@reg("CounterTargetEffect")
def _counter(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "counter_spell"}
    out.update(t.tgt())
    return [out]


@reg("CounterUnlessPaysEffect")
def _counter_unless(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"cost", "genericMana", "exile"})
    out = {"op": "counter_spell"}
    out.update(t.tgt())
    if p.get("cost") is not None:
        costs = t.core.cost(p["cost"])
        if len(costs) == 1 and costs[0]["cost"] == "mana":
            out["unless_pay"] = costs[0]["mana"]
        else:
            out["unless_costs"] = costs
    else:
        out["unless_pay_generic"] = t.val(p.get("genericMana"))
    if p.get("exile"):
        out["destination"] = "exile"
    return [out]


@reg("TapTargetEffect")
def _tap(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "tap"}
    out.update(t.tgt())
    return [out]


@reg("UntapTargetEffect")
def _untap(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "untap"}
    out.update(t.tgt())
    return [out]


simple(["TapSourceEffect"], {"op": "tap", "what": "self"})
simple(["UntapSourceEffect"], {"op": "untap", "what": "self"})
simple(["TapEnchantedEffect"], {"op": "tap", "what": "attached"})


@reg("TapAllEffect")
def _tap_all(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"filter"})
    return [{"op": "tap", "what": "all", "filter": t.filt(p["filter"])}]


@reg("UntapAllEffect", "UntapAllControllerEffect")
def _untap_all(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"filter", "includeSource"})
    f = dict(t.filt(p["filter"]))
    if e.cls == "UntapAllControllerEffect":
        f["controller"] = "you"
        if p.get("includeSource") is False:
            f["other"] = True
    return [{"op": "untap", "what": "all", "filter": f}]


@reg("MayTapOrUntapTargetEffect")
def _tap_or_untap(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "tap_or_untap", "optional": True}
    out.update(t.tgt())
    return [out]


@reg("SacrificeSourceEffect")
def _sac_self(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"controllerSacrifices"})
    return [{"op": "sacrifice", "what": "self"}]


@reg("SacrificeTargetEffect")
def _sac_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "sacrifice"}
    out.update(t.tgt())
    return [out]


@reg("SacrificeEffect")
def _sac_target_player(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"filter", "count"})
    out = {
        "op": "sacrifice",
        "what": "chosen",
        "n": t.val(p.get("count")),
        "filter": t.filt(p["filter"]),
    }
    out.update(t.tgt("who", "target_player"))
    return [out]


@reg("SacrificeControllerEffect")
def _sac_you(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"filter", "count"})
    return [
        {
            "op": "sacrifice",
            "what": "chosen",
            "who": "you",
            "n": t.val(p.get("count")),
            "filter": t.filt(p["filter"]),
        }
    ]


@reg("SacrificeOpponentsEffect")
def _sac_opp(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"filter", "amount"})
    return [
        {
            "op": "sacrifice",
            "what": "chosen",
            "who": "each_opponent",
            "n": t.val(p.get("amount"), 1),
            "filter": t.filt(p["filter"]),
        }
    ]


@reg("SacrificeAllEffect")
def _sac_all(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"filter", "amount"})
    return [
        {
            "op": "sacrifice",
            "what": "chosen",
            "who": "each_player",
            "n": t.val(p.get("amount"), 1),
            "filter": t.filt(p["filter"]),
        }
    ]


@reg("RegenerateSourceEffect")
def _regen_self(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    return [{"op": "regenerate", "what": "self"}]


@reg("RegenerateTargetEffect")
def _regen(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "regenerate"}
    out.update(t.tgt())
    return [out]


@reg("TransformSourceEffect")
def _transform(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"it"})
    return [{"op": "transform"}]


simple(["ExileSagaAndReturnTransformedEffect"], {"op": "exile_and_return_transformed"})
simple(["ExileSourceAndReturnFaceUpEffect"], {"op": "exile_and_return_front"})


@reg("LivingDeathEffect")
def _living_death(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    return [{"op": "living_death", "filter": {"types": ["Creature"]}}]


@reg("DealtDamageToCreatureBySourceDies")
def _exile_instead_dealt(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"duration", "card"})
    return [
        {
            "op": "exile_instead",
            "what": "dealt_damage_by_source",
            "duration": t.dur(p.get("duration"), "end_of_turn"),
        }
    ]


@reg("ExileTargetIfDiesEffect")
def _exile_instead_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "exile_instead", "duration": "end_of_turn"}
    out.update(t.tgt())
    return [out]


# ============================================================= graveyard moves
@reg("ReturnFromGraveyardToHandTargetEffect")
def _gy_to_hand(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "return_from_graveyard", "to": "hand"}
    out.update(t.tgt())
    return [out]


@reg("ReturnFromGraveyardToBattlefieldTargetEffect")
def _gy_to_bf(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"tapped", "attacking"})
    out = {"op": "return_from_graveyard", "to": "battlefield"}
    out.update(t.tgt())
    if p.get("tapped"):
        out["tapped"] = True
    if p.get("attacking"):
        raise Untranslated(e.cls, "attacking")
    return [out]


@reg("ReturnFromGraveyardToBattlefieldWithCounterTargetEffect")
def _gy_to_bf_counter(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"counters", "additional", "tapped"})
    counters = []
    for c in _flat((p.get("counters"),)):
        ct, n = t.core.counter_instance(c)
        counters.append({"counter": ct, "n": n})
    out = {"op": "return_from_graveyard", "to": "battlefield", "with_counters": counters}
    out.update(t.tgt())
    if p.get("tapped"):
        out["tapped"] = True
    return [out]


@reg("ReturnSourceFromGraveyardToHandEffect")
def _self_gy_hand(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    return [{"op": "return_from_graveyard", "what": "self", "to": "hand"}]


@reg("ReturnSourceFromGraveyardToBattlefieldEffect")
def _self_gy_bf(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"tapped", "ownerControl"})
    out = {"op": "return_from_graveyard", "what": "self", "to": "battlefield"}
    if p.get("tapped"):
        out["tapped"] = True
    return [out]


@reg("ReturnFromYourGraveyardToBattlefieldAllEffect")
def _gy_all_bf(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"filter", "tapped"})
    out = {
        "op": "return_from_graveyard",
        "what": "all",
        "to": "battlefield",
        "filter": t.filt(p["filter"]),
    }
    if p.get("tapped"):
        out["tapped"] = True
    return [out]


@reg("ReturnCardChosenFromGraveyardEffect")
def _gy_chosen(t: Effects, e: JObj, p: dict) -> list[dict]:
    """A card of your graveyard matching the filter, chosen on resolution (not targeted;
    optional: a target of 0-1 cards) -> hand / battlefield (tapped)."""
    t.known(e, p, {"optional", "filter", "putCards"})
    to = _put(p.get("putCards"), e.cls)
    if to not in ("hand", "battlefield", "battlefield_tapped"):
        raise Untranslated(e.cls, f"to {to}")
    out = {
        "op": "return_from_graveyard",
        "what": "chosen",
        "to": "hand" if to == "hand" else "battlefield",
        "filter": t.filt(p["filter"]),
    }
    if to == "battlefield_tapped":
        out["tapped"] = True
    if p.get("optional"):
        out["optional"] = True
    return [out]


_UNTIL_TO = {
    "HAND": "hand",
    "BATTLEFIELD": "battlefield",
    "BATTLEFIELD_TAPPED": "battlefield_tapped",
    "GRAVEYARD": "graveyard",
}
_UNTIL_REST = {
    "BOTTOM_RANDOM": "bottom_random",
    "GRAVEYARD": "graveyard",
    "EXILED": "exile",
    "SHUFFLE": "shuffle",
}


@reg("RevealCardsFromLibraryUntilEffect")
def _reveal_until(t: Effects, e: JObj, p: dict) -> list[dict]:
    """Reveal until a card matching the filter: it goes putPickedCard, the other revealed
    cards putRemainingCards (a picked card that can't move stays with them)."""
    t.known(e, p, {"filter", "putPickedCard", "putRemainingCards"})
    picked = getattr(p.get("putPickedCard"), "last", "")
    rest = getattr(p.get("putRemainingCards"), "last", "")
    if picked not in _UNTIL_TO or rest not in _UNTIL_REST:
        raise Untranslated(e.cls, f"PutCards.{picked} / PutCards.{rest}")
    return [
        {
            "op": "reveal_until",
            "filter": t.filt(p["filter"]),
            "to": _UNTIL_TO[picked],
            "rest": _UNTIL_REST[rest],
        }
    ]


@reg("ShuffleYourGraveyardIntoLibraryEffect")
def _shuffle_gy(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    return [{"op": "shuffle_graveyard_into_library", "who": "you"}]


@reg(
    "ReturnToBattlefieldUnderOwnerControlTargetEffect",
    "ReturnToBattlefieldUnderYourControlTargetEffect",
)
def _return_to_bf(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"tapped", "returnFromExileZoneOnly"})
    out = {"op": "put_onto_battlefield", "from": "any"}
    out.update(t.tgt())
    if p.get("tapped"):
        out["tapped"] = True
    out["controller"] = "you" if "Your" in e.cls else "owner"
    return [out]


@reg("PutOnLibraryTargetEffect")
def _put_on_library(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"onTop"})
    out = {"op": "put_on_library", "where": "top" if p.get("onTop") else "bottom"}
    out.update(t.tgt())
    return [out]


@reg("PutOnTopOrBottomLibraryTargetEffect")
def _put_top_or_bottom(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"textOwnerOf", "position"})
    if p.get("position") not in (None, 0, 1):
        raise Untranslated(e.cls, "position")
    out = {"op": "put_on_library", "where": "top_or_bottom"}
    out.update(t.tgt())
    return [out]


@reg("ShuffleIntoLibraryTargetEffect")
def _shuffle_in(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "put_on_library", "where": "shuffle"}
    out.update(t.tgt())
    return [out]


simple(
    ["ShuffleIntoLibrarySourceEffect"], {"op": "put_on_library", "what": "self", "where": "shuffle"}
)


@reg("PutCardFromHandOntoBattlefieldEffect")
def _hand_to_bf(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"filter", "tapped", "useTargetController"})
    out = {"op": "put_onto_battlefield", "what": "chosen", "from": "hand", "optional": True}
    out["filter"] = t.filt(p["filter"]) if p.get("filter") is not None else {"permanent_card": True}
    if p.get("tapped"):
        out["tapped"] = True
    if p.get("useTargetController"):
        out.update(t.tgt("who", "target_player"))
    return [out]


# ================================================================== library
def _search_target(t: Effects, target: object) -> dict:
    spec = t.core.target(target)
    out = {"what": "card", "count": spec["count"]}
    if "min" in spec:
        out["min"] = spec["min"]
    f = spec.get("filter")
    if f:
        out["filter"] = f
    return out


@reg("SearchLibraryPutInHandEffect")
def _tutor(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"target", "reveal", "textThatCard"})
    out = {"op": "search_library", "to": "hand"}
    out.update(_search_target(t, p["target"]))
    if p.get("reveal"):
        out["reveal"] = True
    return [out]


@reg("SearchLibraryPutInPlayEffect")
def _ramp(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"target", "tapped", "textThatCard", "optional"})
    out = {"op": "search_library", "to": "battlefield_tapped" if p.get("tapped") else "battlefield"}
    out.update(_search_target(t, p["target"]))
    if p.get("optional"):
        out["optional"] = True
    return [out]


@reg("SearchLibraryPutInPlayTargetControllerEffect")
def _path(t: Effects, e: JObj, p: dict) -> list[dict]:
    p = t.fw.bind_full(e) or {}
    t.known(e, p, {"tapped", "target", "optional", "whoSearch"})
    if p.get("target") is None:
        raise Untranslated(e.cls, "target")
    out = {
        "op": "search_library",
        "to": "battlefield_tapped" if p.get("tapped") else "battlefield",
        "optional": True,
    }
    out.update(_search_target(t, p["target"]))
    out.update(t.tgt("who", "controller_of_target"))
    return [out]


@reg("SearchLibraryPutOnLibraryEffect")
def _tutor_top(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"target", "reveal"})
    out = {"op": "search_library", "to": "library_top"}
    out.update(_search_target(t, p["target"]))
    if p.get("reveal"):
        out["reveal"] = True
    return [out]


@reg("SearchLibraryGraveyardPutInHandEffect")
def _tutor_gy(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"filter", "forceToSearchBoth", "youMay"})
    return [
        {
            "op": "search_library",
            "to": "hand",
            "what": "card",
            "count": 1,
            "filter": t.filt(p["filter"]),
            "also_graveyard": True,
            "reveal": True,
            "optional": True,
        }
    ]


_PUT = {
    "HAND": "hand",
    "GRAVEYARD": "graveyard",
    "BATTLEFIELD": "battlefield",
    "BATTLEFIELD_TAPPED": "battlefield_tapped",
    "TOP_ANY": "top_any_order",
    "BOTTOM_ANY": "bottom_any_order",
    "BOTTOM_RANDOM": "bottom_random",
    "EXILED": "exile",
    "SHUFFLE": "shuffle",
}


def _put(v: object, cls: str) -> str:
    name = getattr(v, "last", "")
    if name in _PUT:
        return _PUT[name]
    raise Untranslated(cls, f"PutCards.{name}")


@reg("LookLibraryAndPickControllerEffect")
def _look_pick(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(
        e,
        p,
        {
            "numberOfCards",
            "numberToPick",
            "filter",
            "putPickedCards",
            "putLookedCards",
            "upTo",
            "optional",
            "revealPickedCards",
            "anyOrder",
        },
    )
    out = {
        "op": "look_and_pick",
        "n": t.val(p.get("numberOfCards")),
        "pick": p.get("numberToPick", 1),
        "to": _put(p.get("putPickedCards"), e.cls),
        "rest": _put(p.get("putLookedCards"), e.cls),
    }
    if not isinstance(out["pick"], int):
        raise Untranslated(e.cls, "pick")
    if p.get("filter") is not None:
        out["filter"] = t.filt(p["filter"])
    if p.get("upTo") or p.get("optional"):
        out["min"] = 0
    if p.get("revealPickedCards"):
        out["reveal"] = True
    return [out]


@reg("LookLibraryControllerEffect")
def _look(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"numberOfCards", "putLookedCards"})
    rest = _put(p.get("putLookedCards"), e.cls) if p.get("putLookedCards") else "top_any_order"
    return [{"op": "look_and_pick", "n": t.val(p.get("numberOfCards"), 1), "pick": 0, "rest": rest}]


@reg("RevealLibraryPutIntoHandEffect")
def _reveal_put(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amountCards", "filter", "zoneToPutRest", "anyOrder"})
    rest = {"GRAVEYARD": "graveyard", "LIBRARY": "bottom_any_order"}.get(
        getattr(p.get("zoneToPutRest"), "last", "")
    )
    if not rest:
        raise Untranslated(e.cls, "rest zone")
    return [
        {
            "op": "look_and_pick",
            "n": t.val(p.get("amountCards")),
            "pick": "all",
            "filter": t.filt(p["filter"]),
            "to": "hand",
            "rest": rest,
            "reveal": True,
        }
    ]


@reg("MillThenPutInHandEffect")
def _mill_then(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "filter", "optional"})
    return [
        {
            "op": "mill_then_return",
            "n": t.val(p.get("amount")),
            "filter": t.filt(p["filter"]),
            "optional": p.get("optional", True) is not False,
        }
    ]


@reg("ExileTopXMayPlayUntilEffect")
def _impulse(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "chooseOne", "duration"})
    out = {"op": "impulse", "n": t.val(p.get("amount")), "duration": t.dur(p.get("duration"))}
    if p.get("chooseOne"):
        out["choose_one"] = True
    return [out]


# ================================================================== counters
@reg("AddCountersSourceEffect")
def _counters_self(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"counter", "amount", "putOnCard"})
    ct, n = t.core.counter_instance(p.get("counter"))
    if p.get("amount") is not None:
        n = t.val(p["amount"])
    return [{"op": "add_counters", "counter": ct, "n": n, "what": "self"}]


@reg("AddCountersTargetEffect")
def _counters_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"counter", "amount"})
    ct, n = t.core.counter_instance(p.get("counter"))
    if p.get("amount") is not None:
        n = t.val(p["amount"])
    out = {"op": "add_counters", "counter": ct, "n": n}
    out.update(t.tgt())
    return [out]


@reg("AddCountersAllEffect")
def _counters_all(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"counter", "amount", "filter"})
    ct, n = t.core.counter_instance(p.get("counter"))
    if p.get("amount") is not None:
        n = t.val(p["amount"])
    return [
        {"op": "add_counters", "counter": ct, "n": n, "what": "all", "filter": t.filt(p["filter"])}
    ]


@reg("AddCountersAttachedEffect")
def _counters_attached(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"counter", "amount"})
    ct, n = t.core.counter_instance(p.get("counter"))
    if p.get("amount") is not None:
        n = t.val(p["amount"])
    return [{"op": "add_counters", "counter": ct, "n": n, "what": "attached"}]


@reg("AddCountersPlayersEffect")
def _counters_players(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"counter", "amount", "targetController"})
    ct, n = t.core.counter_instance(p.get("counter"))
    if p.get("amount") is not None:
        n = t.val(p["amount"])
    return [
        {
            "op": "add_player_counters",
            "counter": ct,
            "n": n,
            "who": t.core.who(p.get("targetController")),
        }
    ]


@reg("GetEnergyCountersControllerEffect")
def _energy(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"value"})
    return [
        {"op": "add_player_counters", "counter": "energy", "n": t.val(p.get("value")), "who": "you"}
    ]


@reg("RemoveCounterSourceEffect")
def _remove_counter(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"counter"})
    ct, n = t.core.counter_instance(p.get("counter"))
    return [{"op": "remove_counters", "counter": ct, "n": n, "what": "self"}]


@reg("RemoveAllCountersSourceEffect")
def _remove_all_counters(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"counterType"})
    ct = t.fw.counter(p.get("counterType"))
    if not ct:
        raise Untranslated(e.cls, "counter")
    return [{"op": "remove_counters", "counter": ct, "n": "all", "what": "self"}]


@reg("EntersBattlefieldWithXCountersEffect")
def _etb_x_counters(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"counter", "multiplier"})
    ct, _n = t.core.counter_instance(p.get("counter"))
    n = "X" if p.get("multiplier") in (None, 1) else {"dv": "mul", "of": "X", "by": p["multiplier"]}
    return [{"op": "enters_with_counters", "counter": ct, "n": n}]


simple(["ProliferateEffect"], {"op": "proliferate"})


@reg("DistributeCountersEffect")
def _distribute(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"counterType"})
    ct = t.fw.counter(p.get("counterType")) if p.get("counterType") is not None else "+1/+1"
    if not ct:
        raise Untranslated(e.cls, "counter")
    t.tgt()
    return [{"op": "add_counters", "counter": ct, "n": "divided", "what": "targets"}]


@reg("BolsterEffect")
def _bolster(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount"})
    return [{"op": "bolster", "n": t.val(p.get("amount"))}]


# ==================================================================== tokens
@reg("CreateTokenEffect")
def _token(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"token", "amount", "tapped", "attacking"})
    out = {"op": "create_token"}
    out.update(t.core.token(p["token"]))
    out["count"] = t.val(p.get("amount"), 1)
    if p.get("tapped"):
        out["tapped"] = True
    if p.get("attacking"):
        out["attacking"] = True
    return [out]


@reg("CreateTokenTargetEffect", "CreateTokenControllerTargetEffect")
def _token_for_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"token", "amount", "tapped"})
    out = {"op": "create_token"}
    out.update(t.core.token(p["token"]))
    out["count"] = t.val(p.get("amount"), 1)
    if p.get("tapped"):
        out["tapped"] = True
    key = "target_player" if e.cls == "CreateTokenTargetEffect" else "controller_of_target"
    out.update(t.tgt("controller", key))
    return [out]


@reg("SacrificeAllControllerEffect")
def _sacrifice_all_yours(t: Effects, e: JObj, p: dict) -> list[dict]:
    """You sacrifice every permanent you control matching the filter."""
    t.known(e, p, {"filter"})
    return [{"op": "sacrifice", "what": "all", "filter": t.filt(p["filter"])}]


@reg("CreateTokenAllEffect")
def _token_all(t: Effects, e: JObj, p: dict) -> list[dict]:
    """Each player of the group (targetController) creates `amount` tokens (111.2)."""
    t.known(e, p, {"token", "amount", "targetController", "tapped"})
    who = t.core.who(p.get("targetController"))
    if who not in ("each_opponent", "each_player", "you"):
        raise Untranslated(e.cls, f"tokens for {who}")
    out = {"op": "create_token"}
    out.update(t.core.token(p["token"]))
    out["count"] = t.val(p.get("amount"), 1)
    if who != "you":
        out["controller"] = who
    if p.get("tapped"):
        out["tapped"] = True
    return [out]


def _named_token(name: str, types: list[str], subtypes: list[str]) -> Callable:
    def fn(t: Effects, e: JObj, p: dict) -> list[dict]:
        t.known(e, p, {"amount", "tapped"})
        tok = t.core.token(JObj(name + "Token", ()))
        out = {"op": "create_token", **tok, "count": t.val(p.get("amount"), 1)}
        if p.get("tapped"):
            out["tapped"] = True
        return [out]

    return fn


EFFECTS["InvestigateEffect"] = _named_token("ClueArtifact", ["Artifact"], ["Clue"])


@reg("IncubateEffect")
def _incubate(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount"})
    return [{"op": "incubate", "n": t.val(p.get("amount"))}]


@reg("AmassEffect")
def _amass(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "subType", "withReminder"})
    st = t.fw.subtype(p.get("subType"))
    if not st:
        raise Untranslated(e.cls, "subtype")
    return [{"op": "amass", "n": t.val(p.get("amount")), "subtype": st}]


@reg("CreateTokenCopyTargetEffect")
def _token_copy(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"useLKI", "hasHaste", "number", "tapped", "attacking"})
    out = {"op": "create_token_copy", "count": p.get("number", 1)}
    out.update(t.tgt())
    if p.get("hasHaste"):
        out["haste"] = True
    if p.get("tapped"):
        out["tapped"] = True
    if p.get("attacking"):
        out["attacking"] = True
    return [out]


@reg("CreateTokenCopySourceEffect")
def _token_copy_self(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"copies", "tapped"})
    out = {"op": "create_token_copy", "what": "self", "count": p.get("copies", 1)}
    if p.get("tapped"):
        out["tapped"] = True
    return [out]


@reg("PopulateEffect")
def _populate(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    return [{"op": "populate"}]


# ====================================================================== mana
@reg("BasicManaEffect")
def _basic_mana(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"mana", "netAmount"})
    if p.get("netAmount") is not None:
        raise Untranslated(e.cls, "dynamic amount")
    return [{"op": "add_mana", "mana": t.core.mana(p.get("mana"))}]


@reg("AddManaOfAnyColorEffect")
def _any_color(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "setFlag", "netAmount"})
    n = p.get("amount", 1)
    out = {"op": "add_mana", "mana": "any_one_color" if n != 1 else "any_color"}
    if n != 1:
        out["n"] = n
    return [out]


@reg("AddManaInAnyCombinationEffect")
def _any_combo(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "coloredManaSymbols", "netAmount"})
    syms = [getattr(s, "last", "") for s in _flat((p.get("coloredManaSymbols"),)) if s is not None]
    out = {"op": "add_mana", "mana": "any_combination", "n": t.val(p.get("amount"))}
    if syms:
        out["colors"] = syms
    return [out]


@reg("DynamicManaEffect")
def _dyn_mana(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"mana", "amount", "netAmount"})
    sym = t.core.mana(p.get("mana"))
    return [{"op": "add_mana", "mana": sym, "n": t.val(p.get("amount"))}]


# ============================================================ P/T, abilities
@reg("BoostTargetEffect")
def _boost_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"power", "toughness", "duration"})
    out = {
        "op": "pump",
        "power": t.val(p.get("power")),
        "toughness": t.val(p.get("toughness")),
        "duration": t.dur(p.get("duration"), "end_of_turn"),
    }
    out.update(t.tgt("who"))
    return [out]


@reg("BoostSourceEffect")
def _boost_self(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"power", "toughness", "duration"})
    return [
        {
            "op": "pump",
            "power": t.val(p.get("power")),
            "toughness": t.val(p.get("toughness")),
            "who": "self",
            "duration": t.dur(p.get("duration"), "end_of_turn"),
        }
    ]


@reg("BoostControlledEffect", "BoostAllEffect", "BoostOpponentsEffect")
def _boost_group(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"power", "toughness", "duration", "filter", "excludeSource", "lockedIn"})
    if p.get("lockedIn"):
        raise Untranslated(e.cls, "locked in")
    f = dict(t.filt(p["filter"])) if p.get("filter") is not None else {"types": ["Creature"]}
    if e.cls == "BoostControlledEffect":
        f["controller"] = "you"
    elif e.cls == "BoostOpponentsEffect":
        f["controller"] = "opponent"
    if p.get("excludeSource"):
        f["other"] = True
    return [
        {
            "op": "pump",
            "power": t.val(p.get("power")),
            "toughness": t.val(p.get("toughness")),
            "who": "all",
            "filter": f,
            "duration": t.dur(p.get("duration")),
        }
    ]


@reg("BoostEnchantedEffect", "BoostEquippedEffect")
def _boost_attached(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"power", "toughness", "duration"})
    return [
        {
            "op": "pump",
            "power": t.val(p.get("power")),
            "toughness": t.val(p.get("toughness")),
            "who": "attached",
            "duration": t.dur(p.get("duration"), "while_on_battlefield"),
        }
    ]


@reg("SetBasePowerToughnessSourceEffect")
def _set_pt_self(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"power", "toughness", "amount", "duration"})
    if p.get("amount") is not None:
        pw = tg = t.val(p["amount"])
    else:
        pw, tg = t.val(p.get("power")), t.val(p.get("toughness"))
    return [
        {
            "op": "set_base_pt",
            "power": pw,
            "toughness": tg,
            "what": "self",
            "duration": t.dur(p.get("duration"), "while_on_battlefield"),
        }
    ]


@reg("SetBasePowerSourceEffect")
def _set_p_self(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "duration"})
    return [
        {
            "op": "set_base_pt",
            "power": t.val(p.get("amount")),
            "what": "self",
            "duration": t.dur(p.get("duration"), "while_on_battlefield"),
        }
    ]


@reg("SetBasePowerToughnessTargetEffect")
def _set_pt_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"power", "toughness", "duration"})
    out = {
        "op": "set_base_pt",
        "power": t.val(p.get("power")),
        "toughness": t.val(p.get("toughness")),
        "duration": t.dur(p.get("duration")),
    }
    out.update(t.tgt())
    return [out]


@reg("SetBasePowerToughnessAttachedEffect")
def _set_pt_attached(t: Effects, e: JObj, p: dict) -> list[dict]:
    """ "Enchanted creature has base power and toughness P/T" (Cursed Role; layer 7b)."""
    t.known(e, p, {"power", "toughness", "attachmentType"})
    pt = {"power": t.val(p.get("power")), "toughness": t.val(p.get("toughness"))}
    return [{"op": "set_base_pt", "what": "attached", **pt, "duration": "while_on_battlefield"}]


@reg("CreateRoleAttachedTargetEffect")
def _create_role(t: Effects, e: JObj, p: dict) -> list[dict]:
    """ "Create a <Role> Role token attached to target creature" (111.10i, 303.7): the Role
    is the RoleType's token class read like any token (its enchant ability, statics and
    triggers); a Role whose abilities aren't translated leaves the effect untranslated."""
    t.known(e, p, {"roleType"})
    role = p.get("roleType")
    if not isinstance(role, Ref) or not role.dotted.startswith("RoleType."):
        raise Untranslated(e.cls, "role type")
    cls = "".join(w.capitalize() for w in role.last.split("_")) + "RoleToken"
    tok = t.core.token(JObj(cls))
    if "Role" not in (tok.get("subtypes") or ()) or "enchant" not in (tok.get("abilities") or {}):
        raise Untranslated(e.cls, f"{cls} is not a Role Aura")
    for s in (tok.get("abilities") or {}).get("static") or ():
        if (s.get("ability") or {}).get("keyword") == "Ward":  # its cost is not in the data
            raise Untranslated(e.cls, f"{cls}: ward (702.21) is not simulated")
    out = {"op": "create_role", "creates": tok}
    out.update(t.tgt())
    return [out]


@reg("SetBasePowerToughnessAllEffect")
def _set_pt_all(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"power", "toughness", "stats", "duration", "filter"})
    if p.get("stats") is not None:
        pw = tg = t.val(p["stats"])
    else:
        pw, tg = t.val(p.get("power")), t.val(p.get("toughness"))
    f = t.filt(p["filter"]) if p.get("filter") is not None else {"types": ["Creature"]}
    return [
        {
            "op": "set_base_pt",
            "power": pw,
            "toughness": tg,
            "what": "all",
            "filter": f,
            "duration": t.dur(p.get("duration")),
        }
    ]


#: printed protection classes whose quality is a filter: ``new ProtectionAbility(filter)``,
#: and protection from everything (702.16j)
PROTECTION_CLASSES = {"ProtectionAbility", "ProtectionFromEverythingAbility"}


def is_protection(ab: object) -> bool:
    """A protection ability: ``ProtectionAbility.from(colors)`` or one of PROTECTION_CLASSES."""
    if isinstance(ab, SCall):
        return isinstance(ab.recv, Ref) and ab.recv.last == "ProtectionAbility"
    return isinstance(ab, JObj) and ab.cls in PROTECTION_CLASSES


def protection_quality(core: Core, ab: object) -> dict:
    """A protection's quality as a filter (702.16a), printed or granted:
    ``ProtectionAbility.from(colors)`` is "from each of these colors" ({"colors_any": [...]});
    ``new ProtectionAbility(filter)`` the filter's; protection from everything matches every
    object ({}, 702.16j)."""
    if isinstance(ab, SCall):
        if ab.name != "from" or not ab.args:
            raise Untranslated("ProtectionAbility", ab.name)
        colors: list[str] = []
        for c in ab.args:
            got = core.filters._new_predicate(JObj("ColorPredicate", (c,))).get("colors_any")
            if not got:
                raise Untranslated("ProtectionAbility", "a quality that is not a color")
            colors.extend(got)
        return {"colors_any": colors}
    assert isinstance(ab, JObj)
    extra = [name for name, _ in ab.calls if name != "withFlavorWord"]
    if extra:  # setRemovesAuras(false) and the like change what protection does
        raise Untranslated(ab.cls, extra[0])
    if ab.cls == "ProtectionFromEverythingAbility":
        if ab.args:
            raise Untranslated(ab.cls, "arguments")
        return {}
    if len(ab.args) != 1:
        raise Untranslated(ab.cls, f"{len(ab.args)} arguments")
    kind, quality = core.filters.read(ab.args[0])
    if kind not in ("permanent", "card", "object"):  # from spells, abilities, players...
        raise Untranslated(ab.cls, f"a quality of {kind}s")
    if not quality:
        raise Untranslated(ab.cls, "a quality the filter reader reads as everything")
    return quality


def _granted(t: Effects, ability: object) -> dict:
    """A granted ability: a keyword name, or a translated ability entry."""
    kws = []
    prot = None
    for a in _flat((ability,)):
        if is_protection(a):  # "gains protection from <quality>" (702.16a, 613.1f)
            if prot is not None:
                raise Untranslated("ProtectionAbility", "two qualities")
            prot = protection_quality(t.core, a)
            kws.append("Protection")
            continue
        kw = t.core.keyword(a)
        if kw is not None and not _keyword_has_params(a):
            kws.append(kw)
            continue
        if isinstance(a, JObj) and a.cls == "CompoundAbility":
            inner = _granted(t, list(a.args))
            kws.extend(inner.get("keywords", []))
            if "ability" in inner:
                raise Untranslated("CompoundAbility", "non-keyword part")
            continue
        if kws:
            raise Untranslated("granted ability", "mixed")
        return {"ability": t.ability(a)}
    out = {"keywords": kws}
    if prot:
        out["protection_from"] = prot
    return out


def _keyword_has_params(a: JObj) -> bool:
    """Keyword objects built with only wording flags (``MenaceAbility(false)``) are plain."""
    return any(not isinstance(x, bool) for x in a.args) or bool(a.calls)


@reg("GainAbilityTargetEffect")
def _grant_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"ability", "duration", "useOnCard"})
    out = {"op": "grant", "duration": t.dur(p.get("duration"), "end_of_turn")}
    out.update(t.tgt("who"))
    out.update(_granted(t, p["ability"]))
    return [out]


@reg("GainAbilitySourceEffect")
def _grant_self(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"ability", "duration", "onCard"})
    out = {
        "op": "grant",
        "who": "self",
        "duration": t.dur(p.get("duration"), "while_on_battlefield"),
    }
    out.update(_granted(t, p["ability"]))
    return [out]


@reg("GainAbilityControlledEffect", "GainAbilityAllEffect")
def _grant_group(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"ability", "duration", "filter", "excludeSource"})
    f = dict(t.filt(p["filter"])) if p.get("filter") is not None else {"types": ["Creature"]}
    if e.cls == "GainAbilityControlledEffect":
        f["controller"] = "you"
    if p.get("excludeSource"):
        f["other"] = True
    out = {"op": "grant", "who": "all", "filter": f, "duration": t.dur(p.get("duration"))}
    out.update(_granted(t, p["ability"]))
    return [out]


@reg("GainAbilityAttachedEffect")
def _grant_attached(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"ability", "attachmentType", "duration", "targetObjectName"})
    out = {
        "op": "grant",
        "who": "attached",
        "duration": t.dur(p.get("duration"), "while_on_battlefield"),
    }
    out.update(_granted(t, p["ability"]))
    return [out]


@reg("GainAbilityControllerEffect")
def _grant_player(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"ability", "duration"})
    kw = t.core.keyword(p.get("ability"))
    if kw is None:
        raise Untranslated(e.cls, "player ability")
    return [
        {
            "op": "grant_player",
            "who": "you",
            "keywords": [kw],
            "duration": t.dur(p.get("duration"), "while_on_battlefield"),
        }
    ]


@reg("LoseAbilityTargetEffect", "LoseAbilitySourceEffect")
def _lose_ability(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"ability", "duration"})
    kw = t.core.keyword(p.get("ability"))
    if kw is None:
        raise Untranslated(e.cls, "non-keyword ability")
    out = {
        "op": "lose_keywords",
        "keywords": [kw],
        "duration": t.dur(p.get("duration"), "while_on_battlefield"),
    }
    if e.cls == "LoseAbilitySourceEffect":
        out["what"] = "self"
    else:
        out.update(t.tgt())
    return [out]


@reg("GainProtectionFromColorTargetEffect")
def _protection_choice(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"duration", "protectColor"})
    if p.get("protectColor") is not None:
        raise Untranslated(e.cls, "fixed color")
    out = {"op": "protection_from_chosen_color", "duration": t.dur(p.get("duration"))}
    out.update(t.tgt())
    return [out]


@reg("BecomesColorTargetEffect")
def _becomes_color(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"setColor", "duration", "retainColor"})
    c = p.get("setColor")
    if c is None:
        raise Untranslated(e.cls, "chosen color")
    colors = t.f._new_predicate(JObj("ColorPredicate", (c,))).get("colors_any")
    out = {"op": "set_color", "colors": colors, "duration": t.dur(p.get("duration"))}
    if p.get("retainColor"):
        out["add"] = True
    out.update(t.tgt())
    return [out]


@reg("AddCardTypeTargetEffect", "AddCardTypeSourceEffect")
def _add_types(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"duration", "addedCardType"})
    types = [t.fw.card_type(x) for x in _flat((p.get("addedCardType"),))]
    if not types or not all(types):
        raise Untranslated(e.cls, "type")
    out = {"op": "add_types", "types": types, "duration": t.dur(p.get("duration"))}
    if e.cls.endswith("SourceEffect"):
        out["what"] = "self"
    else:
        out.update(t.tgt())
    return [out]


@reg("AddCardSubTypeTargetEffect")
def _add_subtype(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"addedSubType", "duration"})
    st = t.fw.subtype(p.get("addedSubType"))
    if not st:
        raise Untranslated(e.cls, "subtype")
    d = p.get("duration")
    # Duration.Custom: apply() keeps it while the target exists and discards it once the
    # target is gone; that is an effect with no duration (611.2a): permanent (Kyoshi II).
    custom = getattr(d, "last", "") == "Custom"
    out = {"op": "add_types", "subtypes": [st], "duration": "permanent" if custom else t.dur(d)}
    out.update(t.tgt())
    return [out]


def _become_creature(t: Effects, e: JObj, p: dict, what: dict) -> list[dict]:
    tok = t.core.token(p["token"])
    out = {"op": "become_creature", **what, "duration": t.dur(p.get("duration"))}
    for k in ("pt", "types", "subtypes", "colors", "keywords", "abilities"):
        if k in tok:
            out[k] = tok[k]
    return [out]


@reg("BecomesCreatureTargetEffect")
def _become_creature_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(
        e, p, {"token", "loseAllAbilities", "stillALand", "duration", "loseName", "keepAbilities"}
    )
    if p.get("loseAllAbilities") or p.get("loseName"):
        raise Untranslated(e.cls, "loses abilities or name")
    return _become_creature(t, e, p, t.tgt())


@reg("BecomesCreatureSourceEffect")
def _become_creature_self(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"token", "retainType", "duration"})
    rt = getattr(p.get("retainType"), "last", None)
    out = _become_creature(t, e, p, {"what": "self"})
    if rt:
        out[0]["keep_types"] = [t.fw.card_types.get(rt, rt.title())]
    return out


@reg("GainControlTargetEffect")
def _gain_control(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"duration", "fixedControl"})
    d = p.get("duration")
    dur = "permanent" if getattr(d, "last", "") == "Custom" else t.dur(d)
    out = {"op": "gain_control", "duration": dur}
    out.update(t.tgt())
    return [out]


@reg("ControlEnchantedEffect")
def _control_enchanted(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    return [{"op": "gain_control", "what": "attached", "duration": "while_on_battlefield"}]


@reg("ExchangeControlTargetEffect")
def _exchange(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"duration", "withSource", "withSecondTarget"})
    if p.get("withSource"):
        out = {"op": "exchange_control", "a": "self", "b": {"target": 0}}
        t._ctx.target_refs.add(0)
    elif p.get("withSecondTarget"):
        out = {"op": "exchange_control", "a": {"target": 0}, "b": {"target": 1}}
        t._ctx.target_refs.update({0, 1})
    else:  # the first two targets of the first target ("two target creatures")
        out = {"op": "exchange_control", "a": {"target": 0, "nth": 0}, "b": {"target": 0, "nth": 1}}
        t._ctx.target_refs.add(0)
    out["duration"] = t.dur(p.get("duration"))
    return [out]


# ============================================================ combat riders
def _restriction(op: str, what_default: str | None = None):
    def fn(t: Effects, e: JObj, p: dict) -> list[dict]:
        t.known(e, p, {"duration", "filter"})
        out = {
            "op": op,
            "duration": t.dur(
                p.get("duration"), "end_of_turn" if not what_default else "while_on_battlefield"
            ),
        }
        if what_default:
            out["what"] = what_default
        else:
            out.update(t.tgt())
        if p.get("filter") is not None:
            out["by"] = t.filt(p["filter"])
        return [out]

    return fn


EFFECTS["CantBlockTargetEffect"] = _restriction("cant_block")
EFFECTS["CantBeBlockedTargetEffect"] = _restriction("cant_be_blocked")
EFFECTS["CantBeBlockedSourceEffect"] = _restriction("cant_be_blocked", "self")
EFFECTS["CantBeBlockedByCreaturesSourceEffect"] = _restriction("cant_be_blocked", "self")


@reg("GoadTargetEffect")
def _goad_target(t: Effects, e: JObj, p: dict) -> list[dict]:
    """Goad lasts until the goading player's next turn (701.15a; XMage's default too)."""
    t.known(e, p, {"duration"})
    out = {"op": "goad", "duration": t.dur(p.get("duration"), "until_your_next_turn")}
    out.update(t.tgt())
    return [out]


@reg("CantBeBlockedByOneEffect")
def _min_blockers(t: Effects, e: JObj, p: dict) -> list[dict]:
    """ "{this} can't be blocked except by N or more creatures" (Troll of Khazad-dum)."""
    t.known(e, p, {"amount", "duration"})
    n = p.get("amount")
    if not isinstance(n, int) or isinstance(n, bool):
        raise Untranslated("CantBeBlockedByOneEffect", "amount")
    return [
        {
            "op": "min_blockers",
            "what": "self",
            "n": n,
            "duration": t.dur(p.get("duration"), "while_on_battlefield"),
        }
    ]


@reg("CanBlockAdditionalCreatureEffect")
def _block_additional(t: Effects, e: JObj, p: dict) -> list[dict]:
    """ "{this} can block an additional creature each combat" (509.1a); XMage's amount 0 is
    "any number of creatures" (no ``n``)."""
    t.known(e, p, {"amount", "duration"})
    n = p.get("amount", 1)
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise Untranslated(e.cls, "amount")
    out: dict = {
        "op": "can_block_additional",
        "what": "self",
        "duration": t.dur(p.get("duration"), "while_on_battlefield"),
    }
    if n:
        out["n"] = n
    return [out]


@reg("CantBlockAllEffect")
def _cant_block_all(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"filter", "duration"})
    return [
        {
            "op": "cant_block",
            "what": "all",
            "filter": t.filt(p["filter"]),
            "duration": t.dur(p.get("duration")),
        }
    ]


@reg("AttacksIfAbleAllEffect")
def _attacks_all(t: Effects, e: JObj, p: dict) -> list[dict]:
    """Creatures matching the filter attack each combat if able (508.1d), for a duration:
    combat-only, recorded like CantBlockAllEffect (the creatures there as it resolves)."""
    t.known(e, p, {"filter", "duration"})
    duration = t.dur(p.get("duration"), "while_on_battlefield")
    if duration == "end_of_turn":  # "attack this turn if able": not each combat
        raise Untranslated(e.cls, "this turn only")
    return [
        {"op": "must_attack", "what": "all", "filter": t.filt(p["filter"]), "duration": duration}
    ]


@reg("DontUntapInControllersNextUntapStepTargetEffect")
def _dont_untap(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "skip_untap", "duration": "next_untap_step"}
    out.update(t.tgt())
    return [out]


@reg("EarthbendTargetEffect")
def _earthbend(t: Effects, e: JObj, p: dict) -> list[dict]:
    """Earthbend N / X (its amount an int or a dynamic value); ``withReminderText`` is
    wording only. The target (a land you control) is the ability's."""
    t.known(e, p, {"amount", "withReminderText"})
    out = {"op": "earthbend", "n": t.val(p.get("amount"))}
    out.update(t.tgt())
    return [out]


@reg("DontUntapInControllersUntapStepTargetEffect")
def _dont_untap_while(t: Effects, e: JObj, p: dict) -> list[dict]:
    """ "It doesn't untap during its controller's untap step for as long as you control
    <this>" (Time of Ice I-II): skip_untap for the duration (502.3, 611.2b); ``targetName``
    is wording only."""
    t.known(e, p, {"duration", "targetName"})
    out = {"op": "skip_untap", "duration": t.dur(p.get("duration"))}
    out.update(t.tgt())
    return [out]


simple(
    ["DontUntapInControllersUntapStepEnchantedEffect"],
    {"op": "skip_untap", "what": "attached", "duration": "while_on_battlefield"},
)
simple(
    ["DontUntapInControllersUntapStepSourceEffect"],
    {"op": "skip_untap", "what": "self", "duration": "while_on_battlefield"},
)
simple(
    ["CantAttackBlockAttachedEffect"],
    {"op": "cant_attack_or_block", "what": "attached", "duration": "while_on_battlefield"},
)


@reg("PreventDamageToTargetEffect")
def _prevent_to(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"duration", "amount", "onlyCombat"})
    out = {"op": "prevent_damage", "duration": t.dur(p.get("duration"))}
    out.update(t.tgt("to"))
    if p.get("amount") is not None:
        out["amount"] = p["amount"]
    if p.get("onlyCombat"):
        out["combat_only"] = True
    return [out]


@reg("PreventDamageByTargetEffect")
def _prevent_by(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"duration", "amount", "onlyCombat"})
    out = {"op": "prevent_damage", "duration": t.dur(p.get("duration"))}
    out.update(t.tgt("by"))
    if p.get("onlyCombat"):
        out["combat_only"] = True
    return [out]


@reg("PreventAllDamageByAllPermanentsEffect")
def _fog(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"duration", "onlyCombat", "filter"})
    out = {"op": "prevent_damage", "by": "all", "duration": t.dur(p.get("duration"))}
    if p.get("filter") is not None:
        out["filter"] = t.filt(p["filter"])
    if p.get("onlyCombat"):
        out["combat_only"] = True
    return [out]


# ============================================================ cost changes
@reg("SpellsCostReductionControllerEffect")
def _cost_reduction(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"filter", "amount", "manaCostsToReduce", "upTo"})
    if p.get("manaCostsToReduce") is not None:
        raise Untranslated(e.cls, "colored reduction")
    out = {
        "op": "cost_change",
        "spells": t.filt(p["filter"]),
        "who": "you",
        "amount": _neg(t.val(p.get("amount"))),
    }
    for args in e.calls_named("setDuration"):  # "spells you cast this turn cost less"
        out["duration"] = t.dur(args[0] if args else None)
    return [out]


@reg("CastFromHandForFreeEffect")
def _cast_from_hand_free(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"filter"})
    return [{"op": "cast_free", "from": "hand", "filter": t.filt(p["filter"])}]


@reg("SpellCostReductionSourceEffect")
def _cost_reduction_self(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "condition", "manaCostsToReduce"})
    if p.get("manaCostsToReduce") is not None:
        raise Untranslated(e.cls, "colored reduction")
    out = {"op": "cost_change", "spells": "self", "amount": _neg(t.val(p.get("amount")))}
    if p.get("condition") is not None:
        out["if"] = t.core.condition(p["condition"])
    return [out]


@reg("SpellCostReductionForEachSourceEffect")
def _cost_reduction_each(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"reduceGenericMana", "eachAmount"})
    n = p.get("reduceGenericMana")
    if not isinstance(n, int):
        raise Untranslated(e.cls, "colored reduction")
    return [
        {
            "op": "cost_change",
            "spells": "self",
            "amount": {"dv": "mul", "of": t.val(p.get("eachAmount")), "by": -n},
        }
    ]


@reg("SpellsCostIncreasingAllEffect")
def _cost_increase(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"increaseGenericCost", "filter", "targetController"})
    n = p.get("increaseGenericCost")
    if not isinstance(n, int):
        raise Untranslated(e.cls, "colored increase")
    return [
        {
            "op": "cost_change",
            "spells": t.filt(p["filter"]),
            "who": t.core.who(p.get("targetController"), "each_player"),
            "amount": n,
        }
    ]


def _neg(v: object) -> object:
    if isinstance(v, int):
        return -v
    return {"dv": "neg", "of": v}


@reg("ReturnFromExileForSourceEffect")
def _return_exiled(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"zone"})
    to = {"BATTLEFIELD": "battlefield", "HAND": "hand", "GRAVEYARD": "graveyard"}.get(
        getattr(p.get("zone"), "last", "")
    )
    if to is None:
        raise Untranslated(e.cls, "zone")
    return [{"op": "return_exiled", "to": to}]


@reg("AttachEffect")
def _attach(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    out = {"op": "attach", "what": "self"}
    out.update(t.tgt("to"))
    return [out]


simple(["UntapAttachedEffect"], {"op": "untap", "what": "attached"})
simple(["TapAttachedEffect"], {"op": "tap", "what": "attached"})


# ==================================================================== misc
simple(["DiscoverEffect"], {"op": "discover"})  # replaced below (has n)


@reg("DiscoverEffect")
def _discover(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "withReminderText"})
    return [{"op": "discover", "n": t.val(p.get("amount"))}]


simple(["VentureIntoTheDungeonEffect"], {"op": "venture"})
simple(["BecomesMonarchSourceEffect"], {"op": "become_monarch"})
simple(["TakeTheInitiativeEffect"], {"op": "take_initiative"})
simple(["TheRingTemptsYouEffect"], {"op": "ring_tempts"})
simple(["LearnEffect"], {"op": "learn"})
simple(["ConniveSourceEffect"], {"op": "connive", "what": "self"})
simple(["ConniveTargetEffect"], {"op": "connive"}, target="what")
simple(["ExploreTargetEffect"], {"op": "explore"}, target="what")


@reg("ExploreSourceEffect")
def _explore_source(t: Effects, e: JObj, p: dict) -> list[dict]:
    """ "It explores" (once, or N times: Jadelight Ranger "explores, then explores again")."""
    t.known(e, p, {"amount"})
    n = p.get("amount", 1)
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 10:
        raise Untranslated("ExploreSourceEffect", f"explores {n!r} times")
    return [{"op": "explore", "what": "self"} for _ in range(n)]


simple(["AdditionalCombatPhaseEffect"], {"op": "additional_combat"})
simple(["WinGameSourceControllerEffect"], {"op": "win_game"})
simple(["LoseGameSourceControllerEffect"], {"op": "lose_game", "who": "you"})
simple(["PhaseOutTargetEffect"], {"op": "phase_out"}, target="what")
simple(["CopyTargetStackObjectEffect"], {"op": "copy_spell", "new_targets": True}, target="what")
simple(
    ["CopyStackObjectEffect"], {"op": "copy_spell", "new_targets": True, "what": "trigger_object"}
)


@reg("AddExtraTurnControllerEffect")
def _extra_turn(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, set())
    return [{"op": "extra_turn", "who": "you"}]


@reg("PlayAdditionalLandsControllerEffect")
def _extra_lands(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"additionalCards", "duration"})
    return [
        {
            "op": "additional_land_plays",
            "n": p.get("additionalCards"),
            "duration": t.dur(p.get("duration")),
        }
    ]


@reg("ManifestEffect")
def _manifest(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"amount", "isPlural"})
    return [{"op": "manifest", "n": t.val(p.get("amount"))}]


@reg("Effects")
def _effects_list(t: Effects, e: JObj, p: dict) -> list[dict]:
    out = list(_flat(e.args))
    for name, args in e.calls:  # a local ``Effects`` variable filled with .add(...)
        if name not in ("add", "addAll"):
            raise Untranslated("Effects", f"Effects.{name}")
        out.extend(_flat(args))
    return t.ops(out, t._ctx)


_NO_PARAMS.add("Effects")


@reg("InfoEffect")
def _info(t: Effects, e: JObj, p: dict) -> list[dict]:
    raise Untranslated("InfoEffect", "rules text only")


# ========================================================= control flow ops
@reg("ConditionalOneShotEffect")
def _cond_oneshot(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"effect", "otherwiseEffect", "condition"})
    ctx = t._ctx
    extra = [a[0] for n, a in e.calls if n == "addEffect"]
    other = [a[0] for n, a in e.calls if n == "addOtherwiseEffect"]
    then = t.ops([p["effect"], *extra], ctx)
    out = {"op": "if", "cond": t.core.condition(p["condition"]), "then": then}
    if p.get("otherwiseEffect") is not None or other:
        out["else"] = t.ops([p.get("otherwiseEffect"), *other], ctx)
    return [out]


@reg("ConditionalContinuousEffect")
def _cond_cont(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"effect", "otherwiseEffect", "condition"})
    ctx = t._ctx
    out = {"op": "if", "cond": t.core.condition(p["condition"]), "then": t.ops([p["effect"]], ctx)}
    if p.get("otherwiseEffect") is not None:
        out["else"] = t.ops([p["otherwiseEffect"]], ctx)
    return [out]


@reg("DoIfCostPaid")
def _do_if_paid(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"effectOnPaid", "effectOnNotPaid", "cost", "optional"})
    ctx = t._ctx
    extra = [a[0] for n, a in e.calls if n == "addEffect"]
    other = [a[0] for n, a in e.calls if n == "addOtherwiseEffect"]
    out = {
        "op": "pay",
        "cost": t.core.cost(p["cost"]),
        "then": t.ops([p["effectOnPaid"], *extra], ctx),
    }
    if p.get("effectOnNotPaid") is not None or other:
        out["else"] = t.ops([p.get("effectOnNotPaid"), *other], ctx)
    if p.get("optional") is False:
        out["optional"] = False
    return [out]


@reg(
    "DoUnlessTargetPlayerOrTargetsControllerPaysEffect",
    "DoUnlessAnyPlayerPaysEffect",
    "DoUnlessControllerPaysEffect",
)
def _do_unless(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"effect", "cost", "genericMana", "otherwiseEffect"})
    ctx = t._ctx
    who = {
        "DoUnlessTargetPlayerOrTargetsControllerPaysEffect": "target_player_or_controller",
        "DoUnlessAnyPlayerPaysEffect": "any_player",
        "DoUnlessControllerPaysEffect": "you",
    }[e.cls]
    if who == "target_player_or_controller":
        t.tgt()
    out = {"op": "unless", "who": who, "ops": t.ops([p["effect"]], ctx)}
    if p.get("cost") is not None:
        out["cost"] = t.core.cost(p["cost"])
    else:
        out["cost"] = [{"cost": "mana_generic", "n": t.val(p.get("genericMana"))}]
    if p.get("otherwiseEffect") is not None:
        out["else"] = t.ops([p["otherwiseEffect"]], ctx)
    return [out]


@reg("SacrificeSourceUnlessPaysEffect")
def _sac_unless(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"cost", "genericMana"})
    cost = (
        t.core.cost(p["cost"])
        if p.get("cost") is not None
        else [{"cost": "mana_generic", "n": t.val(p.get("genericMana"))}]
    )
    return [
        {"op": "unless", "who": "you", "cost": cost, "ops": [{"op": "sacrifice", "what": "self"}]}
    ]


@reg("TapSourceUnlessPaysEffect")
def _tap_unless(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"cost"})
    return [
        {
            "op": "unless",
            "who": "you",
            "cost": t.core.cost(p["cost"]),
            "ops": [{"op": "tap", "what": "self"}],
        }
    ]


@reg("CreateDelayedTriggeredAbilityEffect")
def _delayed(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"ability", "copyTargets"})
    return [t.ability(p["ability"], delayed=True)]


@reg("DoWhenCostPaid")
def _do_when_paid(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"ability", "cost", "optional"})
    refl = t.ability(p["ability"], reflexive=True)
    out = {"op": "pay", "cost": t.core.cost(p["cost"]), "then": [refl]}
    if p.get("optional") is False:
        out["optional"] = False
    return [out]


@reg("AddContinuousEffectToGame")
def _add_cont(t: Effects, e: JObj, p: dict) -> list[dict]:
    t.known(e, p, {"effects"})
    return t.ops(list(_flat((p.get("effects"),))), t._ctx)


@reg("GainClassAbilitySourceEffect")
def _class_level(t: Effects, e: JObj, p: dict) -> list[dict]:
    raise Untranslated(e.cls, "class levels")


__all__ += ["SCall", "Ref", "_spec_filter"]


# ============================================ reference decks (Jund): classes read in general
@reg("RevealPutInHandLoseLifeEffect")
def _reveal_to_hand_lose_life(t: Effects, e: JObj, p: dict) -> list[dict]:
    """Dark Confidant, Dark Tutelage, Pain Seer: reveal the top card, put it into your hand,
    lose life equal to its mana value (``ifYouDo`` only changes the wording: nothing is
    lost when no card moved)."""
    t.known(e, p, {"ifYouDo"})
    return [{"op": "reveal_top_to_hand", "lose_life": "mana_value"}]


@reg("DestroyAllNamedPermanentsEffect")
def _destroy_named(t: Effects, e: JObj, p: dict) -> list[dict]:
    """Maelstrom Pulse, Wake of Destruction: the target and every other permanent with its name."""
    t.known(e, p, set())
    out = {"op": "destroy", "same_name": True}
    out.update(t.tgt())
    return [out]


@reg("SetBasePowerToughnessPlusOneSourceEffect")
def _set_pt_plus_one(t: Effects, e: JObj, p: dict) -> list[dict]:
    """Tarmogoyf, Lhurgoyf: a characteristic-defining ability (604.3; the engine applies a
    ``set_base_pt`` of ``self`` in layer 7a when the printed P/T has a star), toughness =
    power + 1."""
    t.known(e, p, {"amount"})
    power = t.val(p.get("amount"))
    return [
        {
            "op": "set_base_pt",
            "what": "self",
            "duration": "while_on_battlefield",
            "power": power,
            "toughness": {"dv": "sum", "of": [power, 1]},
        }
    ]
