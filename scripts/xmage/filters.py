"""XMage filters and predicates -> the structured filter language of docs/EFFECTS.md.

A filter is a dict whose keys are all ANDed: ``types`` (all of), ``types_any``,
``not_types``, ``subtypes``/``subtypes_any``/``not_subtypes``, ``supertypes``/
``not_supertypes``, ``colors_any``/``not_colors``, ``colorless``, ``multicolored``,
``monocolored``, ``controller``/``owner`` (``you``, ``opponent``, ``not_you``, ``active``),
``mv``/``power``/``toughness`` comparisons ``[op, n]``, ``tapped``, ``token``, ``other``,
``attacking``, ``blocking``, ``keyword``/``not_keyword``, ``name``, ``counter``, ... plus
``or``/``and``/``not`` for anything else. Unknown predicates raise ``Untranslated``.
"""

from __future__ import annotations

from .framework import Framework, keyword_name
from .symbolic import JObj, Ref, SCall

__all__ = ["Untranslated", "FilterReader", "CMP"]


class Untranslated(Exception):
    """A class (or construct) outside what the importer translates; ``cls`` names it."""

    def __init__(self, cls: str, detail: str = "") -> None:
        super().__init__(cls + (f": {detail}" if detail else ""))
        self.cls = cls
        self.detail = detail


CMP = {
    "FEWER_THAN": "<",
    "OR_LESS": "<=",
    "EQUAL_TO": "==",
    "MORE_THAN": ">",
    "OR_GREATER": ">=",
}
_INVERT_CMP = {"<": ">=", "<=": ">", "==": "!=", ">": "<=", ">=": "<", "!=": "=="}
_CONTROLLERS = {
    "YOU": "you",
    "OPPONENT": "opponent",
    "NOT_YOU": "not_you",
    "ACTIVE": "active",
    "ANY": None,
    "EACH_PLAYER": None,
    "SOURCE_CONTROLLER": "you",
}
_COLORS = {"W": "W", "U": "U", "B": "B", "R": "R", "G": "G"}
_OBJECT_COLOR = {
    "WHITE": "W",
    "BLUE": "U",
    "BLACK": "B",
    "RED": "R",
    "GREEN": "G",
}

#: flag predicates: enum/singleton name -> filter entry
_FLAGS: dict[str, dict] = {
    "AnotherPredicate.instance": {"other": True},
    "TokenPredicate.TRUE": {"token": True},
    "TokenPredicate.FALSE": {"token": False},
    "TappedPredicate.TAPPED": {"tapped": True},
    "TappedPredicate.UNTAPPED": {"tapped": False},
    "AttackingPredicate.instance": {"attacking": True},
    "BlockingPredicate.instance": {"blocking": True},
    "BlockedPredicate.instance": {"blocked": True},
    "UnblockedPredicate.instance": {"unblocked": True},
    "ColorlessPredicate.instance": {"colorless": True},
    "MulticoloredPredicate.instance": {"multicolored": True},
    "MonocoloredPredicate.instance": {"monocolored": True},
    "CounterAnyPredicate.instance": {"has_counters": True},
    "HistoricPredicate.instance": {"historic": True},
    "ModifiedPredicate.instance": {"modified": True},
    "CommanderPredicate.instance": {"commander": True},
    "FaceDownPredicate.instance": {"face_down": True},
    "EquippedPredicate.instance": {"equipped": True},
    "EnchantedPredicate.instance": {"enchanted": True},
    "PermanentPredicate.instance": {"permanent_card": True},
    "SummoningSicknessPredicate.instance": {"summoning_sick": True},
    "EnteredThisTurnPredicate.instance": {"entered_this_turn": True},
    "WasDealtDamageThisTurnPredicate.instance": {"dealt_damage_this_turn": True},
    "AttackedThisTurnPredicate.instance": {"attacked_this_turn": True},
    "OutlawPredicate.instance": {
        "subtypes_any": ["Assassin", "Mercenary", "Pirate", "Rogue", "Warlock"]
    },
    "TransformedPredicate.instance": {"transformed": True},
    "GoadedPredicate.instance": {"goaded": True},
    "SaddledPredicate.instance": {"saddled": True},
    "NoAbilityPredicate.instance": {"no_abilities": True},
    "ToughnessGreaterThanPowerPredicate.instance": {"toughness_greater_than_power": True},
    "GreatestPowerControlledPredicate.instance": {"greatest_power_controlled": True},
    "PowerGreaterThanBasePowerPredicate.instance": {"power_greater_than_base": True},
    "KickedSpellPredicate.instance": {"kicked": True},
    "DefendingPlayerControlsSourceAttackingPredicate.instance": {"controller": "defending_player"},
    "BlockingOrBlockedBySourcePredicate.BLOCKING": {"blocking_source": True},
    "BlockingOrBlockedBySourcePredicate.BLOCKED_BY": {"blocked_by_source": True},
    "BlockingOrBlockedBySourcePredicate.EITHER": {"blocking_or_blocked_by_source": True},
    "ControllerIsActivePlayerPredicate.instance": {"controller": "active"},
    "AdventurePredicate.instance": {"adventure": True},
    "RenownedPredicate.instance": {"renowned": True},
    "SuspectedPredicate.instance": {"suspected": True},
    "RingBearerPredicate.instance": {"ring_bearer": True},
    "AttachedToControlledPermanentPredicate.instance": {"attached_to_controlled": True},
    "VariableManaCostPredicate.instance": {"x_in_cost": True},
}


class FilterReader:
    """Turns filter objects into structured dicts, with the framework for class chains."""

    def __init__(self, fw: Framework) -> None:
        self.fw = fw
        self._cache: dict[int, tuple] = {}

    # ---------------------------------------------------------------- entry
    def read(self, value: object) -> tuple[str, dict]:
        """(kind, filter) for a filter value; kind is permanent/card/spell/player/object/..."""
        if isinstance(value, Ref) and value.dotted.startswith("FILTER_"):
            value = Ref("StaticFilters." + value.dotted)
        if isinstance(value, Ref) and value.dotted.startswith("StaticFilters."):
            obj = self.fw.static_filter(value.last)
            if obj is None:
                raise Untranslated("StaticFilters", value.last)
            return self.read(obj)
        if isinstance(value, SCall) and value.name == "copy":
            return self.read(value.recv)
        if not isinstance(value, JObj):
            raise Untranslated(_name(value), "not a filter")
        if value.local:
            raise Untranslated(f"card-specific {value.extends or 'filter'}", value.cls)
        try:
            root, calls = self.fw.expand(value)
        except KeyError as exc:
            raise Untranslated(value.cls, f"filter constructor: {exc}") from None
        kind = _ROOT_KIND.get(root)
        if kind is None:
            raise Untranslated(root, "filter family")
        out: dict = {}
        for name, args in calls:
            if name in ("add", "addAll") and args:
                for a in args:
                    self._merge(out, self.predicate(a))
            elif name == "__root_args__":
                if args and not isinstance(args[0], str | type(None)):
                    # FilterPermanent(SubType, name) and friends
                    for a in args:
                        st = self.fw.subtype(a)
                        if st:
                            self._merge(out, {"subtypes": [st]})
            elif name in ("setLockedFilter", "setMessage", "withMessage"):
                continue
            else:
                raise Untranslated(f"{value.cls}.{name}", "filter call")
        return kind, out

    def filter(self, value: object) -> dict:
        return self.read(value)[1]

    # ----------------------------------------------------------- predicates
    def predicate(self, p: object) -> dict:
        fw = self.fw
        if isinstance(p, Ref):
            if p.dotted in _FLAGS:
                return dict(_FLAGS[p.dotted])
            raise Untranslated(p.dotted.split(".")[0], "predicate")
        if isinstance(p, SCall):
            recv = p.recv
            if isinstance(recv, Ref) and p.name == "getPredicate":
                t = fw.card_type(recv)
                if t:
                    return {"types": [t]}
                st = fw.subtype(recv)
                if st:
                    return {"subtypes": [st]}
                sup = fw.supertype(recv)
                if sup:
                    return {"supertypes": [sup]}
                ct = fw.counter(recv)
                if ct:
                    return {"counter": ct}
            if isinstance(recv, Ref) and recv.dotted.startswith("TargetController."):
                who = _CONTROLLERS.get(recv.last, "?")
                if who == "?":
                    raise Untranslated("TargetController." + recv.last, "predicate")
                if p.name == "getControllerPredicate":
                    return {"controller": who} if who else {}
                if p.name == "getOwnerPredicate":
                    return {"owner": who} if who else {}
                if p.name == "getPlayerPredicate":
                    return {"player": who} if who else {}
            if isinstance(recv, Ref) and recv.last == "Predicates":
                parts = [self.predicate(a) for a in _flatten(p.args)]
                if p.name == "not" and len(parts) == 1:
                    return _negate(parts[0])
                if p.name == "or":
                    return _disjoin(parts)
                if p.name == "and":
                    out: dict = {}
                    for part in parts:
                        self._merge(out, part)
                    return out
            if isinstance(recv, Ref) and p.name == "getFilterPredicate":
                raise Untranslated(recv.dotted, "predicate")
            raise Untranslated(_name(p), "predicate")
        if isinstance(p, JObj):
            if p.local:
                raise Untranslated(f"card-specific {p.extends or 'predicate'}", p.cls)
            return self._new_predicate(p)
        raise Untranslated(_name(p), "predicate")

    def _new_predicate(self, p: JObj) -> dict:
        cls, a = p.cls, p.args
        if cls in ("ManaValuePredicate", "PowerPredicate", "ToughnessPredicate") and len(a) == 2:
            key = {"ManaValuePredicate": "mv", "PowerPredicate": "power"}.get(cls, "toughness")
            op = _cmp(a[0])
            if isinstance(a[1], int):
                return {key: [op, a[1]]}
        if cls in ("BasePowerPredicate", "BaseToughnessPredicate") and len(a) == 2:
            key = "base_power" if cls == "BasePowerPredicate" else "base_toughness"
            if isinstance(a[1], int):
                return {key: [_cmp(a[0]), a[1]]}
        if cls == "ColorPredicate" and len(a) == 1:
            colors = _object_colors(a[0])
            if colors:
                return {"colors_any": colors}
        if cls == "NamePredicate" and len(a) == 1 and isinstance(a[0], str):
            return {"name": a[0]}
        if cls == "AbilityPredicate" and len(a) == 1:
            cls_name = _class_literal(a[0])
            if cls_name:
                return {"keyword": keyword_name(cls_name)}
        if cls == "CounterPredicate" and len(a) == 1:
            ct = self.fw.counter(a[0])
            if ct:
                return {"counter": ct}
        if cls == "SubtypePredicate" and len(a) == 1:
            st = self.fw.subtype(a[0])
            if st:
                return {"subtypes": [st]}
        if cls == "CardTypePredicate" and len(a) == 1:
            t = self.fw.card_type(a[0])
            if t:
                return {"types": [t]}
        if cls == "ControllerPredicate" and len(a) == 1 and isinstance(a[0], Ref):
            who = _CONTROLLERS.get(a[0].last, "?")
            if who != "?":
                return {"controller": who} if who else {}
        if cls == "ManaValueParityPredicate" and a:
            return {"mv_parity": str(_name(a[0])).split(".")[-1].lower()}
        raise Untranslated(cls, "predicate")

    # --------------------------------------------------------------- merge
    @staticmethod
    def _merge(out: dict, part: dict) -> None:
        for k, v in part.items():
            if k not in out:
                out[k] = v
            elif k in (
                "types",
                "subtypes",
                "supertypes",
                "not_types",
                "not_subtypes",
                "not_supertypes",
                "not_colors",
                "and",
            ):
                out[k] = sorted(set(out[k]) | set(v)) if k != "and" else out[k] + v
            elif out[k] == v:
                continue
            else:
                out.setdefault("and", []).append({k: v})


_ROOT_KIND = {
    "FilterPermanent": "permanent",
    "FilterCard": "card",
    "FilterSpell": "spell",
    "FilterStackObject": "stack_object",
    "FilterPlayer": "player",
    "FilterObject": "object",
    "FilterImpl": "object",
    "FilterPermanentOrPlayer": "permanent_or_player",
    "FilterCreatureOrPlayer": "permanent_or_player",
    "FilterSource": "object",
    "FilterInPlay": "permanent",
}


def _flatten(args: tuple) -> list:
    out = []
    for a in args:
        if isinstance(a, list):
            out.extend(a)
        else:
            out.append(a)
    return out


def _negate(f: dict) -> dict:
    if len(f) == 1:
        ((k, v),) = f.items()
        if k in ("types", "subtypes", "supertypes"):
            return {"not_" + k: v}
        if k in ("types_any", "subtypes_any"):
            return {"not_" + k[:-4]: v}
        if k == "colors_any":
            return {"not_colors": v}
        if k == "keyword":
            return {"not_keyword": v}
        if k in (
            "token",
            "tapped",
            "other",
            "attacking",
            "blocking",
            "colorless",
            "multicolored",
            "monocolored",
            "has_counters",
            "historic",
            "modified",
            "commander",
            "face_down",
            "equipped",
            "enchanted",
            "permanent_card",
            "summoning_sick",
            "kicked",
            "entered_this_turn",
            "dealt_damage_this_turn",
            "attacked_this_turn",
            "transformed",
            "goaded",
            "blocked",
            "unblocked",
            "no_abilities",
        ):
            if k == "other" and v:
                return {"self": True}
            return {k: not v}
        if k in ("mv", "power", "toughness") and isinstance(v, list):
            return {k: [_INVERT_CMP[v[0]], v[1]]}
    return {"not": f}


def _disjoin(parts: list[dict]) -> dict:
    for key, anykey in (
        ("types", "types_any"),
        ("subtypes", "subtypes_any"),
        ("colors_any", "colors_any"),
    ):
        vals = []
        ok = True
        for p in parts:
            if set(p) == {key}:
                vals.extend(p[key])
            elif set(p) == {anykey}:
                vals.extend(p[anykey])
            else:
                ok = False
                break
        if ok and parts:
            return {anykey: sorted(set(vals), key=vals.index)}
    return {"or": parts}


def _cmp(ref: object) -> str:
    if isinstance(ref, Ref) and ref.last in CMP:
        return CMP[ref.last]
    raise Untranslated("ComparisonType", _name(ref))


def _object_colors(v: object) -> list[str] | None:
    if isinstance(v, Ref) and v.dotted.startswith("ObjectColor."):
        c = _OBJECT_COLOR.get(v.last)
        return [c] if c else None
    if isinstance(v, JObj) and v.cls == "ObjectColor" and v.args and isinstance(v.args[0], str):
        letters = [ch for ch in v.args[0] if ch in _COLORS]
        return letters or None
    return None


def _class_literal(v: object) -> str | None:
    if isinstance(v, Ref) and v.dotted.endswith(".class"):
        return v.dotted.split(".")[-2]
    return None


def _name(v: object) -> str:
    if isinstance(v, JObj):
        return v.cls
    if isinstance(v, Ref):
        return v.dotted.split(".")[0]
    if isinstance(v, SCall):
        base = v.recv
        while isinstance(base, SCall):
            base = base.recv
        head = _name(base) if base is not None else ""
        return f"{head}.{v.name}" if head else v.name
    return type(v).__name__
