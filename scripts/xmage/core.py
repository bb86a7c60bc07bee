"""Shared translation pieces: values, conditions, durations, costs, targets, tokens.

Everything here maps one XMage object to one piece of the vocabulary (docs/EFFECTS.md)
or raises ``Untranslated`` naming the class; nothing is guessed.
"""

from __future__ import annotations

from .filters import CMP, FilterReader, Untranslated, _name
from .framework import Framework, keyword_name
from .symbolic import JObj, LambdaVal, Opaq, Ref, SCall

__all__ = ["Core", "Untranslated", "ROMAN", "DURATIONS"]

ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7}

DURATIONS = {
    "EndOfTurn": "end_of_turn",
    "WhileOnBattlefield": "while_on_battlefield",
    "EndOfCombat": "end_of_combat",
    "UntilYourNextTurn": "until_your_next_turn",
    "UntilEndOfYourNextTurn": "until_end_of_your_next_turn",
    "EndOfGame": "permanent",
    "UntilSourceLeavesBattlefield": "while_source_on_battlefield",
    "WhileControlled": "while_controlled",
    "OneUse": "one_use",
    "EndOfStep": "end_of_step",
    "UntilYourNextEndStep": "until_your_next_end_step",
    "UntilYourNextUpkeepStep": "until_your_next_upkeep",
    "WhileInGraveyard": "while_in_graveyard",
}

_MAX_SYMBOLS = 20  # Mox Lotus adds {∞}: never write a billion symbols
_MANA_LETTERS = {"W", "U", "B", "R", "G", "C"}
_COLOR_WORDS = {
    "WHITE": "W",
    "BLUE": "U",
    "BLACK": "B",
    "RED": "R",
    "GREEN": "G",
    "W": "W",
    "U": "U",
    "B": "B",
    "R": "R",
    "G": "G",
}
_WHO = {
    "YOU": "you",
    "OPPONENT": "each_opponent",
    "ANY": "each_player",
    "EACH_PLAYER": "each_player",
    "ACTIVE": "active_player",
    "NOT_YOU": "each_opponent",
    "CONTROLLER_ATTACHED_TO": "controller_of_attached",
    "SOURCE_CONTROLLER": "you",
}
#: dynamic values that need no arguments: singleton name -> value
_DV_SINGLETONS = {
    "GetXValue": "X",
    "ManacostVariableValue": "X",
    "ManaSpentToCastCount": {"dv": "mana_spent"},
    "CardsInControllerHandCount": {"dv": "cards_in_hand", "who": "you"},
    "CardsInTargetHandCount": {"dv": "cards_in_hand", "who": "target_player"},
    "ControllerGainedLifeCount": {"dv": "life_gained_this_turn", "who": "you"},
    "DomainValue": {"dv": "domain"},
    "PartyCount": {"dv": "party"},
    "ColorsOfManaSpentToCastCount": {"dv": "colors_of_mana_spent"},
    "OpponentsCount": {"dv": "opponents"},
    "MultikickerCount": {"dv": "times_kicked"},
    "CardsDrawnThisTurnDynamicValue": {"dv": "cards_drawn_this_turn", "who": "you"},
    "AttackingCreatureCount": {
        "dv": "count",
        "filter": {"types": ["Creature"], "attacking": True},
    },
    "CreaturesDiedThisTurnCount": {"dv": "creatures_died_this_turn"},
    "TargetManaValue": {"dv": "target_mv"},
    "ControllerLifeCount": {"dv": "life", "who": "you"},
    "SacrificeCostCreaturesPower": {"dv": "sacrificed_power"},
    "SacrificeCostCreaturesToughness": {"dv": "sacrificed_toughness"},
    "SacrificeCostManaValue": {"dv": "sacrificed_mv"},
    "SourcePermanentToughnessValue": {"dv": "self_toughness"},
    "TargetPermanentPowerCount": {"dv": "target_power"},
    "DescendedThisTurnCount": {"dv": "descended_this_turn"},
    "SavedLifeLossValue": {"dv": "event_amount"},
    "SavedGainedLifeValue": {"dv": "event_amount"},
    "SavedDamageValue": {"dv": "event_amount"},
    "SavedDiscardValue": {"dv": "event_amount"},
    "SourcePermanentPowerValue": {"dv": "self_power"},
    "InstantAndSorceryCastThisTurn": {"dv": "instants_sorceries_cast_this_turn", "who": "you"},
    "OpponentsLostLifeCount": {"dv": "opponents_life_lost_this_turn"},
    "EquipmentAttachedCount": {"dv": "equipment_attached"},
    "AuraAttachedCount": {"dv": "auras_attached"},
    "GreatestCommanderManaValue": {"dv": "greatest_commander_mv"},
    "ParleyCount": {"dv": "parley"},
    "CardTypesInGraveyardCount": {"dv": "card_types_in_graveyard", "who": "you"},
    "CreaturesYouControlCount": {
        "dv": "count",
        "filter": {"types": ["Creature"], "controller": "you"},
    },
    "ArtifactYouControlCount": {
        "dv": "count",
        "filter": {"types": ["Artifact"], "controller": "you"},
    },
    "LandsYouControlCount": {"dv": "count", "filter": {"types": ["Land"], "controller": "you"}},
    "ColorsAmongControlledPermanentsCount": {"dv": "colors_among_permanents", "who": "you"},
    "DifferentlyNamedPermanentCount": None,
    "ShrinesYouControlCount": {
        "dv": "count",
        "filter": {"subtypes": ["Shrine"], "controller": "you"},
    },
    "BlockingCreatureCount": {"dv": "count", "filter": {"types": ["Creature"], "blocking": True}},
}
_DV_ENUM_VARIANTS = {
    ("CardTypesInGraveyardCount", "ALL"): {"dv": "card_types_in_graveyard", "who": "each_player"},
    ("CardTypesInGraveyardCount", "OPPONENTS"): {
        "dv": "card_types_in_graveyard",
        "who": "each_opponent",
    },
    ("CardsInControllerHandCount", "ANY"): {"dv": "cards_in_hand", "who": "you"},
}
#: XMage PhaseStep names -> the engine's step ids (engine.lang.conditions)
STEPS = {
    "UNTAP": "untap",
    "UPKEEP": "upkeep",
    "DRAW": "draw",
    "PRECOMBAT_MAIN": "precombat_main",
    "BEGIN_COMBAT": "beginning_of_combat",
    "DECLARE_ATTACKERS": "declare_attackers",
    "DECLARE_BLOCKERS": "declare_blockers",
    "FIRST_COMBAT_DAMAGE": "combat_damage",
    "COMBAT_DAMAGE": "combat_damage",
    "END_COMBAT": "end_of_combat",
    "POSTCOMBAT_MAIN": "postcombat_main",
    "END_TURN": "end",
    "CLEANUP": "cleanup",
}
#: conditions with no arguments: singleton -> condition
_COND_SINGLETONS = {
    "KickedCondition.ONCE": {"cond": "kicked"},
    "KickedCondition.TWICE": {"cond": "kicked", "times": 2},
    "MyTurnCondition.instance": {"cond": "my_turn"},
    "NotMyTurnCondition.instance": {"cond": "not", "of": {"cond": "my_turn"}},
    "OpponentsTurnCondition.instance": {"cond": "not", "of": {"cond": "my_turn"}},
    "ThresholdCondition.instance": {
        "cond": "cards_in_graveyard",
        "who": "you",
        "cmp": [">=", 7],
    },
    "DeliriumCondition.instance": {"cond": "delirium"},
    "MorbidCondition.instance": {"cond": "morbid"},
    "RaidCondition.instance": {"cond": "raid"},
    "FerociousCondition.instance": {"cond": "ferocious"},
    "MetalcraftCondition.instance": {"cond": "metalcraft"},
    "HellbentCondition.instance": {"cond": "hellbent"},
    "RevoltCondition.instance": {"cond": "revolt"},
    "SpellMasteryCondition.instance": {"cond": "spell_mastery"},
    "FormidableCondition.instance": {"cond": "formidable"},
    "CorruptedCondition.instance": {"cond": "corrupted"},
    "CovenCondition.instance": {"cond": "coven"},
    "DescendCondition.FOUR": {"cond": "descend", "n": 4},
    "DescendCondition.EIGHT": {"cond": "descend", "n": 8},
    "SourceTappedCondition.TAPPED": {"cond": "self_tapped"},
    "SourceTappedCondition.UNTAPPED": {"cond": "not", "of": {"cond": "self_tapped"}},
    "YouGainedLifeCondition.instance": {"cond": "you_gained_life_this_turn"},
    "CastFromHandSourcePermanentCondition.instance": {"cond": "cast_from_hand"},
    "CastFromEverywhereSourceCondition.instance": {"cond": "was_cast"},
    "MyTurnBeforeAttackersDeclaredCondition.instance": {"cond": "my_turn_before_attackers"},
    "MonarchIsSourceControllerCondition.instance": {"cond": "you_are_monarch"},
    "CitysBlessingCondition.instance": {"cond": "citys_blessing"},
    "GiftWasPromisedCondition.TRUE": {"cond": "gift_promised"},
    "GiftWasPromisedCondition.FALSE": {"cond": "not", "of": {"cond": "gift_promised"}},
    "BargainedCondition.instance": {"cond": "bargained"},
    "AdamantCondition.WHITE": {"cond": "adamant", "color": "W"},
    "AdamantCondition.BLUE": {"cond": "adamant", "color": "U"},
    "AdamantCondition.BLACK": {"cond": "adamant", "color": "B"},
    "AdamantCondition.RED": {"cond": "adamant", "color": "R"},
    "AdamantCondition.GREEN": {"cond": "adamant", "color": "G"},
    "ManaWasSpentCondition.WHITE": {"cond": "mana_spent", "color": "W"},
    "ManaWasSpentCondition.BLUE": {"cond": "mana_spent", "color": "U"},
    "ManaWasSpentCondition.BLACK": {"cond": "mana_spent", "color": "B"},
    "ManaWasSpentCondition.RED": {"cond": "mana_spent", "color": "R"},
    "ManaWasSpentCondition.GREEN": {"cond": "mana_spent", "color": "G"},
    "ManaWasSpentCondition.COLORLESS": {"cond": "mana_spent", "color": "C"},
    "TwoOfManaColorSpentCondition.WHITE": {"cond": "mana_spent", "color": "W", "n": 2},
    "TwoOfManaColorSpentCondition.BLUE": {"cond": "mana_spent", "color": "U", "n": 2},
    "TwoOfManaColorSpentCondition.BLACK": {"cond": "mana_spent", "color": "B", "n": 2},
    "TwoOfManaColorSpentCondition.RED": {"cond": "mana_spent", "color": "R", "n": 2},
    "TwoOfManaColorSpentCondition.GREEN": {"cond": "mana_spent", "color": "G", "n": 2},
    "EquippedSourceCondition.instance": {"cond": "self_equipped"},
    "EnchantedSourceCondition.instance": {"cond": "self_enchanted"},
    "SourceAttackingCondition.instance": {"cond": "self_attacking"},
    "ControlACommanderCondition.instance": {"cond": "control_commander"},
    "SourceIsEnchantmentCondition.instance": {"cond": "self_is_enchantment"},
    "CastFromGraveyardSourceCondition.instance": {"cond": "cast_from_graveyard"},
    "CompletedDungeonCondition.instance": {"cond": "completed_dungeon"},
    "HateCondition.instance": {"cond": "hate"},
    "FatefulHourCondition.instance": {"cond": "life", "who": "you", "cmp": ["<=", 5]},
    "AddendumCondition.instance": {"cond": "addendum"},
    "VoidCondition.instance": {"cond": "void"},
    "SourceInGraveyardCondition.instance": {"cond": "self_in_graveyard"},
    "AttackedThisStepCondition.instance": {"cond": "attacked_this_step"},
    "LockedInCondition": None,
    # the turn's progress (casting restrictions, 601.3); the playground has no combat
    "OnOpponentsTurnCondition.instance": {"cond": "not", "of": {"cond": "my_turn"}},
    "BeforeAttackersAreDeclaredCondition.instance": {
        "cond": "or",
        "of": [
            {"cond": "phase", "phase": "beginning"},
            {"cond": "phase", "phase": "precombat_main"},
            {"cond": "step", "step": "beginning_of_combat"},
        ],
    },
    "BeforeBlockersAreDeclaredCondition.instance": {
        "cond": "or",
        "of": [
            {"cond": "phase", "phase": "beginning"},
            {"cond": "phase", "phase": "precombat_main"},
            {"cond": "step", "step": "beginning_of_combat"},
            {"cond": "step", "step": "declare_attackers"},
        ],
    },
    "AfterBlockersAreDeclaredCondition.instance": {
        "cond": "not",
        "of": {
            "cond": "or",
            "of": [
                {"cond": "step", "step": "beginning_of_combat"},
                {"cond": "step", "step": "declare_attackers"},
            ],
        },
    },
    "AfterCombatCondition.instance": {
        "cond": "or",
        "of": [{"cond": "phase", "phase": "postcombat_main"}, {"cond": "phase", "phase": "end"}],
    },
    "AfterUpkeepStepCondtion.instance": {
        "cond": "or",
        "of": [
            {"cond": "step", "step": "draw"},
            {"cond": "phase", "phase": "main"},
            {"cond": "phase", "phase": "combat"},
            {"cond": "phase", "phase": "end"},
        ],
    },
}


class Core:
    """Values, conditions, durations, costs, targets and tokens for one framework."""

    def __init__(self, fw: Framework) -> None:
        self.fw = fw
        self.filters = FilterReader(fw)
        self.token_cache: dict[str, dict | Untranslated] = {}
        self.translator = None  # set by the Translator (tokens carry abilities)
        self.used: set[str] = set()  # framework classes met in the ability being translated

    # ------------------------------------------------------------- helpers
    def params(self, obj: JObj) -> dict:
        p = self.fw.bind(obj)
        if p is None:
            raise Untranslated(obj.cls, f"no constructor for {len(obj.args)} arguments")
        return p

    @staticmethod
    def check_known(obj: JObj, p: dict, known: set[str]) -> None:
        """Parameters outside ``known`` (text-only ones aside) make the class untranslated."""
        for k, v in p.items():
            if k in known or v is None or v is False:
                continue
            low = k.lower()
            if any(
                w in low
                for w in (
                    "text",
                    "rule",
                    "description",
                    "name",
                    "message",
                    "hint",
                    "outcome",
                    "prefix",
                    "suffix",
                    "pronoun",
                    "noun",
                    "reminder",
                    "showeffecthint",
                    "showabilityhint",
                )
            ):
                continue
            raise Untranslated(obj.cls, f"parameter {k}")

    # ------------------------------------------------------------- values
    def value(self, v: object) -> object:
        """An amount: int, "X", or a dynamic value dict."""
        if isinstance(v, bool):
            raise Untranslated("boolean", "as an amount")
        if isinstance(v, int):
            return v
        if isinstance(v, Ref) and self.fw.resolve_static(v) is not None:
            return self.value(self.fw.resolve_static(v))
        if isinstance(v, Ref):
            head = v.dotted.split(".")[0]
            variant = v.dotted.split(".")[-1]
            self.used.add(head)
            if (head, variant) in _DV_ENUM_VARIANTS:
                return dict(_DV_ENUM_VARIANTS[(head, variant)])
            if head in _DV_SINGLETONS and _DV_SINGLETONS[head] is not None:
                out = _DV_SINGLETONS[head]
                return dict(out) if isinstance(out, dict) else out
            if head == "DevotionCount" and variant in _COLOR_WORDS:
                return {"dv": "devotion", "colors": [_COLOR_WORDS[variant]]}
            if head == "DevotionCount":
                letters = [_COLOR_WORDS[c] for c in variant if c in _COLOR_WORDS]
                if letters:
                    return {"dv": "devotion", "colors": letters}
            raise Untranslated(head, "dynamic value")
        if isinstance(v, JObj):
            return self._dv_new(v)
        if isinstance(v, SCall) and v.name == "getInstance" and isinstance(v.recv, Ref):
            return self.value(Ref(v.recv.dotted + ".instance"))
        raise Untranslated(_name(v), "dynamic value")

    def _dv_new(self, v: JObj) -> object:
        cls, a = v.cls, v.args
        self.used.add(cls)
        if v.local:
            raise Untranslated(f"card-specific {v.extends or 'DynamicValue'}", cls)
        if cls == "StaticValue" and len(a) == 1:
            return self.value(a[0])
        if cls == "PermanentsOnBattlefieldCount":
            p = self.params(v)
            self.check_known(v, p, {"filter", "multiplier"})
            out = (
                {"dv": "count", "filter": self.filters.filter(p["filter"])}
                if p.get("filter") is not None
                else {"dv": "count", "filter": {}}
            )
            return _mul(out, p.get("multiplier"))
        if cls == "CountersSourceCount" and len(a) == 1:
            ct = self.fw.counter(a[0])
            if ct:
                return {"dv": "counters_on_self", "counter": ct}
        if cls == "CardsInControllerGraveyardCount":
            p = self.params(v)
            self.check_known(v, p, {"filter", "multiplier"})
            out = {"dv": "cards_in_graveyard", "who": "you"}
            if p.get("filter") is not None:
                out["filter"] = self.filters.filter(p["filter"])
            return _mul(out, p.get("multiplier"))
        if cls == "CardsInAllGraveyardsCount":
            p = self.params(v)
            self.check_known(v, p, {"filter", "multiplier"})
            out = {"dv": "cards_in_graveyard", "who": "each_player"}
            if p.get("filter") is not None:
                out["filter"] = self.filters.filter(p["filter"])
            return out
        if cls == "SignInversionDynamicValue" and a:
            return {"dv": "neg", "of": self.value(a[0])}
        if cls == "MultipliedValue" and len(a) == 2 and isinstance(a[1], int):
            return {"dv": "mul", "of": self.value(a[0]), "by": a[1]}
        if cls in ("IntPlusDynamicValue",) and len(a) == 2:
            return {"dv": "sum", "of": [self.value(a[0]), self.value(a[1])]}
        if cls == "AdditiveDynamicValue":
            return {"dv": "sum", "of": [self.value(x) for x in _flat(a)]}
        if cls == "HalfValue" and len(a) == 2 and isinstance(a[1], bool):
            return {"dv": "half", "of": self.value(a[0]), "round": "up" if a[1] else "down"}
        if cls == "GreatestAmongPermanentsValue":
            p = self.params(v)
            q = p.get("quality")
            key = {
                "Power": "greatest_power",
                "Toughness": "greatest_toughness",
                "ManaValue": "greatest_mv",
            }.get(_name(q) and str(getattr(q, "last", "")))
            if key and p.get("filter") is not None:
                return {"dv": key, "filter": self.filters.filter(p["filter"])}
        if cls == "CountersControllerCount" and len(a) == 1:
            ct = self.fw.counter(a[0])
            if ct:
                return {"dv": "player_counters", "who": "you", "counter": ct}
        if cls == "DevotionCount":
            colors = [_COLOR_WORDS.get(getattr(x, "last", ""), "") for x in _flat(a)]
            if colors and all(colors):
                return {"dv": "devotion", "colors": colors}
        if cls == "PermanentsTargetOpponentControlsCount" and a:
            return {"dv": "count", "filter": self.filters.filter(a[0]), "controller": "target"}
        if cls in _DV_SINGLETONS and _DV_SINGLETONS[cls] is not None and not a:
            return dict(_DV_SINGLETONS[cls]) if isinstance(_DV_SINGLETONS[cls], dict) else "X"
        raise Untranslated(cls, "dynamic value")

    # ---------------------------------------------------------- conditions
    def condition(self, c: object) -> dict:
        if isinstance(c, Ref) and self.fw.resolve_static(c) is not None:
            return self.condition(self.fw.resolve_static(c))
        if isinstance(c, Ref):
            self.used.add(c.dotted.split(".")[0])
            if c.dotted in _COND_SINGLETONS and _COND_SINGLETONS[c.dotted] is not None:
                return dict(_COND_SINGLETONS[c.dotted])
            raise Untranslated(c.dotted.split(".")[0], "condition")
        if isinstance(c, JObj):
            if c.local:
                raise Untranslated(f"card-specific {c.extends or 'Condition'}", c.cls)
            return self._cond_new(c)
        if isinstance(c, SCall) and isinstance(c.recv, Ref) and c.name == "getInstance":
            return self.condition(Ref(c.recv.dotted + ".instance"))
        raise Untranslated(_name(c), "condition")

    def _cond_new(self, c: JObj) -> dict:
        cls, a = c.cls, c.args
        self.used.add(cls)
        if cls == "InvertCondition" and len(a) == 1:
            return {"cond": "not", "of": self.condition(a[0])}
        if cls == "CompoundCondition":
            parts = [x for x in _flat(a) if not isinstance(x, str)]
            kind = "and"
            if (
                parts
                and isinstance(parts[0], Ref)
                and parts[0].dotted.startswith("CompoundCondition.Operator.")
            ):
                kind = parts[0].last.lower()
                parts = parts[1:]
            return {"cond": kind, "of": [self.condition(x) for x in parts]}
        if cls in ("OrCondition",):
            return {"cond": "or", "of": [self.condition(x) for x in _flat(a)]}
        if cls == "PermanentsOnTheBattlefieldCondition":
            p = self.params(c)
            self.check_known(c, p, {"filter", "type", "count", "onlyControlled"})
            f = self.filters.filter(p["filter"])
            cmp = [">=", 1]
            if p.get("type") is not None:
                cmp = [CMP[p["type"].last], p.get("count")]
                if not isinstance(cmp[1], int):
                    raise Untranslated(cls, "count")
            controlled = p.get("onlyControlled", True)
            out = {"cond": "count", "filter": f, "cmp": cmp}
            if controlled is not False and "controller" not in f:
                out["filter"] = {**f, "controller": "you"}
            return out
        if cls == "YouControlPermanentCondition" or cls == "OpponentControlsPermanentCondition":
            p = self.params(c)
            self.check_known(c, p, {"filter", "comparisonType", "count", "type"})
            f = dict(self.filters.filter(p["filter"]))
            f["controller"] = "you" if cls.startswith("You") else "opponent"
            cmp = [">=", 1]
            t = p.get("comparisonType") or p.get("type")
            if t is not None:
                cmp = [CMP[t.last], p.get("count")]
            return {"cond": "count", "filter": f, "cmp": cmp}
        if cls == "SourceHasCounterCondition":
            p = self.params(c)
            self.check_known(c, p, {"counterType", "amount", "from", "to", "count"})
            ct = self.fw.counter(p.get("counterType"))
            if not ct:
                raise Untranslated(cls, "counter")
            lo = p.get("amount", p.get("from", p.get("count", 1)))
            out = {"cond": "self_counters", "counter": ct, "cmp": [">=", lo if lo else 1]}
            if p.get("to") is not None:
                out["max"] = p["to"]
            return out
        if cls == "CardsInControllerGraveyardCondition":
            p = self.params(c)
            self.check_known(c, p, {"value", "filter"})
            out = {"cond": "cards_in_graveyard", "who": "you", "cmp": [">=", p.get("value")]}
            if p.get("filter") is not None:
                out["filter"] = self.filters.filter(p["filter"])
            return out
        if cls == "CardsInHandCondition":
            p = self.params(c)
            self.check_known(c, p, {"type", "count", "targetController"})
            if p.get("type") is None:
                return {"cond": "cards_in_hand", "who": "you", "cmp": ["==", 0]}
            who = p.get("targetController")
            if who is not None and getattr(who, "last", "") != "YOU":
                raise Untranslated(cls, "player")
            return {"cond": "cards_in_hand", "who": "you", "cmp": [CMP[p["type"].last], p["count"]]}
        if cls == "AttachedToMatchesFilterCondition" and len(a) == 1:
            return {"cond": "attached_matches", "filter": self.filters.filter(a[0])}
        if cls == "SourceMatchesFilterCondition":
            filt = [x for x in a if not isinstance(x, str)]
            if len(filt) == 1:
                return {"cond": "self_matches", "filter": self.filters.filter(filt[0])}
        if cls == "ManaWasSpentCondition" and len(a) == 1:
            col = getattr(a[0], "last", "")
            if col in _COLOR_WORDS:
                return {"cond": "mana_spent", "color": _COLOR_WORDS[col]}
        if cls == "LifeCompareCondition":
            p = self.params(c)
            who = _WHO.get(getattr(p.get("targetController"), "last", ""), None)
            if who and p.get("comparisonType") is not None and isinstance(p.get("amount"), int):
                return {
                    "cond": "life",
                    "who": who,
                    "cmp": [CMP[p["comparisonType"].last], p["amount"]],
                }
        if cls == "OpponentsLostLifeCondition":
            p = self.params(c)
            if p.get("comparisonType") is not None:
                return {
                    "cond": "opponents_lost_life_this_turn",
                    "cmp": [CMP[p["comparisonType"].last], p.get("amount")],
                }
        if cls == "IsStepCondition":
            p = self.params(c)
            step = getattr(p.get("phaseStep"), "last", "")
            mine = p.get("onlyDuringYourSteps", True)
            if step:  # "yours": only in your turn; without it, in any player's turn
                out = {"cond": "step", "step": STEPS.get(step, step.lower())}
                return {**out, "yours": True} if mine is not False else out
        if cls == "IsPhaseCondition":
            p = self.params(c)
            phase = getattr(p.get("turnPhase"), "last", "")
            if phase:
                out = {"cond": "phase", "phase": phase.lower()}
                return {**out, "yours": True} if p.get("yourTurn") is True else out
        if cls == "SourceTargetsPermanentCondition" and len(a) == 1:
            return {"cond": "targets_matching", "filter": self.filters.filter(a[0])}
        if cls == "OpponentControlsMoreCondition" and len(a) == 1:
            return {"cond": "opponent_controls_more", "filter": self.filters.filter(a[0])}
        raise Untranslated(cls, "condition")

    # ------------------------------------------------------------ durations
    def duration(self, d: object, default: str | None = None) -> str:
        if d is None:
            if default is None:
                raise Untranslated("Duration", "missing")
            return default
        if isinstance(d, Ref) and d.dotted.startswith("Duration."):
            if d.last in DURATIONS:
                return DURATIONS[d.last]
            if d.last == "Custom" and default == "while_on_battlefield":
                return default
            raise Untranslated("Duration." + d.last)
        raise Untranslated(_name(d), "duration")

    # ---------------------------------------------------------------- mana
    def mana(self, m: object) -> str:
        """A ``Mana`` value as symbols (``Mana.RedMana(2)`` -> ``{R}{R}``)."""
        if isinstance(m, SCall) and isinstance(m.recv, Ref) and m.recv.last == "Mana":
            sym = {
                "WhiteMana": "W",
                "BlueMana": "U",
                "BlackMana": "B",
                "RedMana": "R",
                "GreenMana": "G",
                "ColorlessMana": "C",
                "GenericMana": None,
            }.get(m.name)
            n = m.args[0] if m.args else 1
            if sym and isinstance(n, int) and 0 < n <= _MAX_SYMBOLS:
                return ("{" + sym + "}") * n
        if isinstance(m, JObj) and m.cls == "Mana":
            p = self.params(m)
            order = [
                ("white", "W"),
                ("blue", "U"),
                ("black", "B"),
                ("red", "R"),
                ("green", "G"),
                ("colorless", "C"),
            ]
            vals = {k.lower(): v for k, v in p.items()}
            if all(isinstance(v, int) for v in vals.values()) and set(vals) <= {
                "white",
                "blue",
                "black",
                "red",
                "green",
                "generic",
                "colorless",
                "any",
            }:
                if vals.get("generic") or vals.get("any"):
                    raise Untranslated("Mana", "generic/any")
                if sum(vals.values()) > _MAX_SYMBOLS:
                    raise Untranslated("Mana", "amount too large to write as symbols")
                return "".join(("{" + s + "}") * vals.get(k, 0) for k, s in order)
            if len(m.args) == 1 and isinstance(m.args[0], Ref):  # Mana(ManaType.X)
                letter = {
                    "WHITE": "W",
                    "BLUE": "U",
                    "BLACK": "B",
                    "RED": "R",
                    "GREEN": "G",
                    "COLORLESS": "C",
                }.get(m.args[0].last)
                if letter:
                    return "{" + letter + "}"
        raise Untranslated(_name(m), "mana")

    # ---------------------------------------------------------------- costs
    def costs(self, values: list) -> list[dict]:
        out: list[dict] = []
        for v in values:
            out.extend(self.cost(v))
        return out

    def cost(self, c: object) -> list[dict]:
        if c is None:
            return []
        if isinstance(c, list):
            return self.costs(c)
        if not isinstance(c, JObj):
            raise Untranslated(_name(c), "cost")
        if c.local:
            raise Untranslated(f"card-specific {c.extends or 'Cost'}", c.cls)
        cls, a = c.cls, c.args
        self.used.add(cls)
        for name, _args in c.calls:
            if name not in ("setText", "withText", "setCostText"):
                raise Untranslated(f"{cls}.{name}", "cost call")
        if cls in ("ManaCostsImpl", "ManaCostImpl") and len(a) == 1 and isinstance(a[0], str):
            return [{"cost": "mana", "mana": a[0]}] if a[0] else []
        if cls == "GenericManaCost" and len(a) == 1 and isinstance(a[0], int):
            return [{"cost": "mana", "mana": "{" + str(a[0]) + "}"}]
        if cls == "ColoredManaCost" and len(a) == 1:
            letter = getattr(a[0], "last", "")
            if letter in _MANA_LETTERS:
                return [{"cost": "mana", "mana": "{" + letter + "}"}]
        if cls == "TapSourceCost" and not a:
            return [{"cost": "tap"}]
        if cls == "UntapSourceCost" and not a:
            return [{"cost": "untap"}]
        if cls == "SacrificeSourceCost" and not a:
            return [{"cost": "sacrifice_self"}]
        if cls == "ExileSourceCost" and not a:
            return [{"cost": "exile_self"}]
        if cls == "ExileSourceFromGraveCost" and not a:
            return [{"cost": "exile_self"}]
        if cls == "DiscardSourceCost" and not a:
            return [{"cost": "discard_self"}]
        if cls == "ReturnToHandFromBattlefieldSourceCost" and not a:
            return [{"cost": "return_self_to_hand"}]
        if cls == "DiscardHandCost" and not a:
            return [{"cost": "discard_hand"}]
        if cls == "PayLifeCost" and len(a) == 1 and isinstance(a[0], int):
            return [{"cost": "pay_life", "n": a[0]}]
        if cls == "PayEnergyCost" and len(a) == 1 and isinstance(a[0], int):
            return [{"cost": "pay_energy", "n": a[0]}]
        if (
            cls in ("RemoveCountersSourceCost", "RemoveCounterCost")
            and cls == "RemoveCountersSourceCost"
        ):
            if not a:
                return [{"cost": "remove_counters", "counter": "any", "n": 1}]
            ct, n = self.counter_instance(a[0])
            if ct:
                return [{"cost": "remove_counters", "counter": ct, "n": n}]
        if cls == "RemoveVariableCountersSourceCost" and a:
            ct = self.fw.counter(a[0])
            rest = [x for x in a[1:] if not isinstance(x, str)]
            if ct and not rest:
                return [{"cost": "remove_counters", "counter": ct, "n": "X"}]
        if cls == "PutCountersSourceCost" and len(a) == 1:
            ct, n = self.counter_instance(a[0])
            if ct:
                return [{"cost": "put_counters", "counter": ct, "n": n}]
        if cls == "SacrificeTargetCost":
            p = self.params(c)
            self.check_known(c, p, {"filter", "numToSac", "target", "count"})
            n = p.get("numToSac") or p.get("count") or 1
            if p.get("target") is not None:
                spec = self.target(p["target"])
                return [{"cost": "sacrifice", "n": spec["count"], "filter": _spec_filter(spec)}]
            f = self.filters.filter(p["filter"]) if p.get("filter") is not None else {}
            if not isinstance(n, int):
                raise Untranslated(cls, "count")
            return [{"cost": "sacrifice", "n": n, "filter": f}]
        if cls == "DiscardCardCost":
            p = self.params(c)
            self.check_known(c, p, {"filter", "randomDiscard"})
            out = {"cost": "discard", "n": 1}
            if p.get("filter") is not None:
                out["filter"] = self.filters.filter(p["filter"])
            if p.get("randomDiscard"):
                out["random"] = True
            return [out]
        if cls == "DiscardTargetCost" and a:
            spec = self.target(a[0])
            out = {"cost": "discard", "n": spec["count"]}
            f = _spec_filter(spec)
            if f:
                out["filter"] = f
            return [out]
        if cls in ("TapTargetCost",) and a:
            spec = self.target(a[0])
            return [{"cost": "tap_permanents", "n": spec["count"], "filter": _spec_filter(spec)}]
        if cls == "ExileFromGraveCost" and a:
            spec = self.target(a[0])
            return [
                {"cost": "exile_from_graveyard", "n": spec["count"], "filter": _spec_filter(spec)}
            ]
        if cls == "ExileFromHandCost" and a:
            if len(a) > 1 and a[1] is not False:  # setXFromCMC: X is the exiled card's MV
                raise Untranslated("ExileFromHandCost with X from the exiled card", "cost")
            spec = self.target(a[0])
            return [{"cost": "exile_from_hand", "n": spec["count"], "filter": _spec_filter(spec)}]
        if cls == "RevealTargetFromHandCost" and a:
            spec = self.target(a[0])
            return [{"cost": "reveal_from_hand", "n": spec["count"], "filter": _spec_filter(spec)}]
        if cls == "ReturnToHandChosenControlledPermanentCost" and a:
            spec = self.target(a[0])
            return [{"cost": "return_to_hand", "n": spec["count"], "filter": _spec_filter(spec)}]
        if cls == "OrCost":
            opts = [x for x in _flat(a) if not isinstance(x, str)]
            return [{"cost": "one_of", "options": [self.cost(x) for x in opts]}]
        if cls == "CompositeCost":
            parts = [x for x in _flat(a) if not isinstance(x, str)]
            return [x for part in parts for x in self.cost(part)]
        if cls == "CostsImpl":
            return [x for part in _flat(a) for x in self.cost(part)]
        if cls == "ExertSourceCost" and not a:
            return [{"cost": "exert"}]
        if cls == "CollectEvidenceCost" and len(a) == 1 and isinstance(a[0], int):
            return [{"cost": "collect_evidence", "n": a[0]}]
        if cls == "MillCardsCost" and len(a) == 1 and isinstance(a[0], int):
            return [{"cost": "mill", "n": a[0]}]
        raise Untranslated(cls, "cost")

    def counter_instance(self, v: object) -> tuple[str | None, object]:
        """``CounterType.P1P1.createInstance(2)`` -> ("+1/+1", 2)."""
        if isinstance(v, SCall) and v.name == "createInstance":
            ct = self.fw.counter(v.recv)
            n = v.args[0] if v.args else 1
            if ct and isinstance(n, int):
                return ct, n
            if ct:
                return ct, self.value(n)
        raise Untranslated(_name(v), "counter")

    # --------------------------------------------------------------- targets
    _TARGET_ROOTS = {
        "TargetPermanent": "permanent",
        "TargetPlayer": "player",
        "TargetOpponent": "opponent",
        "TargetAnyTarget": "any",
        "TargetSpell": "spell",
        "TargetStackObject": "stack_object",
        "TargetCardInYourGraveyard": "card_in_your_graveyard",
        "TargetCardInGraveyard": "card_in_graveyard",
        "TargetCardInOpponentsGraveyard": "card_in_opponents_graveyard",
        "TargetCardInASingleGraveyard": "card_in_a_graveyard",
        "TargetCardInExile": "card_in_exile",
        "TargetCardInHand": "card_in_hand",
        "TargetCardInLibrary": "card_in_library",
        "TargetCreatureOrPlaneswalker": "creature_or_planeswalker",
        "TargetPlayerOrPlaneswalker": "player_or_planeswalker",
        "TargetOpponentOrPlaneswalker": "opponent_or_planeswalker",
        "TargetPermanentOrPlayer": "permanent_or_player",
        "TargetCreaturePermanentAmount": "creature",
        "TargetAnyTargetAmount": "any",
        "TargetPermanentAmount": "permanent",
        "TargetCreatureOrPlaneswalkerAmount": "creature_or_planeswalker",
        "TargetSacrifice": "permanent",
        "TargetDiscard": "card_in_hand",
        "TargetSpellOrPermanent": "spell_or_permanent",
        "TargetCard": "card",
    }
    #: Methods whose override changes which targets are legal
    _TARGET_BEHAVIOUR = frozenset(
        {"canTarget", "possibleTargets", "canChoose", "isLegal", "chooseTarget"}
    )
    _KIND_BY_TYPE = {
        "Creature": "creature",
        "Artifact": "artifact",
        "Enchantment": "enchantment",
        "Land": "land",
        "Planeswalker": "planeswalker",
    }

    def target(self, t: object) -> dict:
        """A Target object -> target spec ``{what, count, min?, filter?, divided?}``."""
        if not isinstance(t, JObj):
            raise Untranslated(_name(t), "target")
        if t.local:
            raise Untranslated(f"card-specific {t.extends or 'Target'}", t.cls)
        root = t.cls
        args = t.args
        if root not in self._TARGET_ROOTS:
            try:
                root, calls = self.fw.expand(t, stop=set(self._TARGET_ROOTS))
            except KeyError as exc:
                raise Untranslated(t.cls, f"target constructor: {exc}") from None
            rootargs = [c for c in calls if c[0] == "__root_args__"]
            if root not in self._TARGET_ROOTS or not rootargs:
                raise Untranslated(t.cls, "target family")
            if self.fw.overrides(t.cls, root, self._TARGET_BEHAVIOUR):
                # TargetCardInYourGraveyardOrExile: its own legality (the exile too), not
                # the graveyard target its constructor configures
                raise Untranslated(t.cls, "target with its own legality")
            args = rootargs[0][1]
        p = self.fw.bind_full(JObj(root, args))
        if p is None:  # TargetPlayer(0, Integer.MAX_VALUE, false): the binder wants an int
            big = tuple(
                2**31 - 1 if isinstance(a, Ref) and a.dotted == "Integer.MAX_VALUE" else a
                for a in args
            )
            p = self.fw.bind_full(JObj(root, big)) if big != tuple(args) else None
        if p is None:
            raise Untranslated(t.cls, "target constructor")
        what = self._TARGET_ROOTS[root]
        lo = p.get("minNumTargets", p.get("minNumTarget", p.get("minNumberOfTargets")))
        hi = p.get("maxNumTargets", p.get("maxNumberOfTargets", p.get("numTargets")))
        if hi is None:
            hi = 1
        if lo is None:
            lo = hi
        spec: dict = {"what": what, "count": _count(hi)}
        if lo != hi:
            spec["min"] = _count(lo)
        f = p.get("filter")
        if f is not None:
            kind, filt = self.filters.read(f)
            filt = dict(filt)
            if what == "permanent" and list(filt.get("types", [])) and len(filt["types"]) == 1:
                k = self._KIND_BY_TYPE.get(filt["types"][0])
                if k:
                    what = k
                    spec["what"] = k
                    del filt["types"]
            if what == "card" and "zone" in p:
                pass
            if filt:
                spec["filter"] = filt
        if what == "card":
            zone = getattr(p.get("zone"), "last", "")
            z = {
                "GRAVEYARD": "card_in_graveyard",
                "HAND": "card_in_hand",
                "LIBRARY": "card_in_library",
                "EXILED": "card_in_exile",
            }.get(zone)
            if not z:
                raise Untranslated(t.cls, f"zone {zone}")
            spec["what"] = z
        if root == "TargetOpponentsCreaturePermanent":
            spec.setdefault("filter", {})["controller"] = "opponent"
        if "amount" in p and p["amount"] is not None:
            spec["divided"] = self.value(p["amount"])
        if p.get("notTarget"):
            spec["chosen"] = True
        for name, cargs in t.calls:
            if name in ("withChooseHint", "withTargetName", "setTargetName"):
                continue
            if name == "setRequired" and cargs and cargs[0] is False:
                spec["min"] = 0
                continue
            if name == "setNotTarget" and cargs:
                if cargs[0]:
                    spec["chosen"] = True
                continue
            raise Untranslated(f"{t.cls}.{name}", "target call")
        return spec

    # --------------------------------------------------------------- tokens
    def token(self, t: object) -> dict:
        """A Token object -> ``{token, pt, types, subtypes, colors, keywords, ...}``."""
        if not isinstance(t, JObj):
            raise Untranslated(_name(t), "token")
        key = t.cls + repr(t.args)
        cached = self.token_cache.get(key)
        if isinstance(cached, Untranslated):
            raise cached
        if cached is not None:
            return dict(cached)
        try:
            out = self.translator.token_def(t)
        except Untranslated as exc:
            self.token_cache[key] = exc
            raise
        self.token_cache[key] = out
        return dict(out)

    # -------------------------------------------------------------- players
    @staticmethod
    def who(tc: object, default: str = "you") -> str:
        if tc is None:
            return default
        if isinstance(tc, Ref) and tc.dotted.startswith("TargetController."):
            w = _WHO.get(tc.last)
            if w:
                return w
        raise Untranslated("TargetController." + getattr(tc, "last", _name(tc)))

    def keyword(self, ability: object) -> str | None:
        """A keyword ability object -> its keyword name (None: not a plain keyword)."""
        if isinstance(ability, JObj) and self.fw.package_of(ability.cls) == "abilities.keyword":
            return keyword_name(ability.cls)
        return None


def _count(n: object) -> object:
    if isinstance(n, int):
        return "any" if n >= 2**31 - 1 or n == 2147483647 else n
    if isinstance(n, Ref) and n.dotted == "Integer.MAX_VALUE":
        return "any"
    raise Untranslated("target count", str(n))


def _spec_filter(spec: dict) -> dict:
    f = dict(spec.get("filter") or {})
    kind = spec["what"]
    t = {
        "creature": "Creature",
        "artifact": "Artifact",
        "enchantment": "Enchantment",
        "land": "Land",
        "planeswalker": "Planeswalker",
    }.get(kind)
    if t:
        f["types"] = sorted(set(f.get("types", [])) | {t})
    return f


def _mul(out: dict, m: object) -> dict:
    if m is None or m == 1:
        return out
    if isinstance(m, int):
        return {"dv": "mul", "of": out, "by": m}
    raise Untranslated("multiplier")


def _flat(args: tuple) -> list:
    out = []
    for a in args:
        if isinstance(a, list):
            out.extend(a)
        else:
            out.append(a)
    return out


__all__ += ["_flat", "_spec_filter", "LambdaVal", "Opaq"]
