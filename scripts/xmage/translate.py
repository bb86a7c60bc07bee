"""One XMage card class -> one effects entry (the effects.json format, extended).

Abilities are translated one by one: an ability that uses anything outside the
vocabulary is left out of the entry and listed under ``untranslated`` with the class
that stopped it, so the card is "partial", never silently complete.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.cards.creature_types import CREATURE_TYPES

from . import cast_only as cast_only_mod
from . import hand_size as _hand_size  # noqa: F401  (registers its effect class)
from . import java as J
from .core import ROMAN, Core, Untranslated, _flat
from .durations import one_shot_durations
from .effects import EffectCtx, Effects, is_protection, protection_quality
from .filters import _name
from .framework import Framework, keyword_name
from .symbolic import CardProxy, Executor, JObj, LambdaVal, Ref

__all__ = ["Translator", "CardResult", "AbilityResult", "TRIGGERS", "cost_text"]


@dataclass
class AbilityResult:
    kind: str  # spell, etb, trigger, activated, static, chapter, keyword, mana, ...
    ok: bool
    cls: str = ""  # the ability class
    missing: str = ""  # the class that stopped the translation
    detail: str = ""
    used: tuple = ()  # framework classes met while translating it
    # an untranslated triggered ability whose event was read: when it would trigger (its
    # ``when`` and the fields that say which events: filter, zone, who, n), so the engine
    # can say "not simulated" at that moment
    event: dict | None = None


@dataclass
class CardResult:
    entry: dict
    abilities: list[AbilityResult] = field(default_factory=list)
    chapters_total: int = 0
    chapters_ok: int = 0
    chapters_hand: int = 0  # of chapters_ok: hand-written (data/saga_chapters_manual.json)
    error: str = ""

    @property
    def status(self) -> str:
        if self.error:
            return "none"
        if not self.abilities:
            return "full"
        ok = sum(1 for a in self.abilities if a.ok)
        if ok == len(self.abilities):
            return "full"
        return "partial" if ok else "none"


# trigger class -> (when id, default pointer kind for setTargetPointer=true)
TRIGGERS: dict[str, tuple[str, str]] = {
    "EntersBattlefieldTriggeredAbility": ("self_enters", "object"),
    "DiesSourceTriggeredAbility": ("self_dies", "object"),
    "LeavesBattlefieldTriggeredAbility": ("self_leaves_battlefield", "object"),
    "AttacksTriggeredAbility": ("self_attacks", "player"),
    "BlocksSourceTriggeredAbility": ("self_blocks", "object"),
    "AttacksOrBlocksTriggeredAbility": ("self_attacks_or_blocks", "object"),
    "EntersBattlefieldOrAttacksSourceTriggeredAbility": ("self_enters_or_attacks", "object"),
    "SpellCastControllerTriggeredAbility": ("you_cast_spell", "object"),
    "SpellCastOpponentTriggeredAbility": ("opponent_casts_spell", "player"),
    "SpellCastAllTriggeredAbility": ("any_player_casts_spell", "player"),
    "DealsCombatDamageToAPlayerTriggeredAbility": ("self_combat_damage_to_player", "player"),
    "DiesCreatureTriggeredAbility": ("creature_dies", "object"),
    "DiesThisOrAnotherTriggeredAbility": ("self_or_other_dies", "object"),
    "EntersBattlefieldControlledTriggeredAbility": ("permanent_enters", "object"),
    "EntersBattlefieldAllTriggeredAbility": ("permanent_enters", "object"),
    # its checkTrigger: the permanent is an opponent's (the filter says so below)
    "EntersBattlefieldOpponentTriggeredAbility": ("permanent_enters", "object"),
    "EntersBattlefieldThisOrAnotherTriggeredAbility": ("self_or_other_enters", "object"),
    "AllyEntersBattlefieldTriggeredAbility": ("permanent_enters", "object"),
    "ConstellationAbility": ("permanent_enters", "object"),
    "LandfallAbility": ("landfall", "object"),
    "AttacksWithCreaturesTriggeredAbility": ("you_attack", "player"),
    "AttacksAllTriggeredAbility": ("creature_attacks", "object"),
    "AttacksCreatureYouControlTriggeredAbility": ("creature_attacks", "object"),
    "BeginningOfUpkeepTriggeredAbility": ("upkeep", "player"),
    "BeginningOfEndStepTriggeredAbility": ("end_step", "player"),
    "BeginningOfCombatTriggeredAbility": ("beginning_of_combat", "player"),
    "BeginningOfDrawTriggeredAbility": ("draw_step", "player"),
    "BeginningOfFirstMainTriggeredAbility": ("precombat_main", "player"),
    "BeginningOfPostcombatMainTriggeredAbility": ("postcombat_main", "player"),
    "SacrificePermanentTriggeredAbility": ("permanent_sacrificed", "object"),
    "DealtDamageToSourceTriggeredAbility": ("self_dealt_damage", "object"),
    "BecomesTappedSourceTriggeredAbility": ("self_becomes_tapped", "object"),
    "BecomesBlockedSourceTriggeredAbility": ("self_becomes_blocked", "object"),
    "BlocksOrBlockedSourceTriggeredAbility": ("self_blocks_or_becomes_blocked", "object"),
    "AttacksAloneSourceTriggeredAbility": ("self_attacks_alone", "player"),
    "DealsDamageToOpponentTriggeredAbility": ("self_damage_to_opponent", "player"),
    "AttacksAloneControlledTriggeredAbility": ("creature_attacks_alone", "object"),
    "AttacksAndIsNotBlockedTriggeredAbility": ("self_attacks_unblocked", "player"),
    "BlocksCreatureTriggeredAbility": ("self_blocks_creature", "object"),
    "BecomesBlockedByCreatureTriggeredAbility": ("self_blocked_by_creature", "object"),
    "BlocksOrBlockedByCreatureSourceTriggeredAbility": (
        "self_blocks_or_blocked_by_creature",
        "object",
    ),
    "PutIntoGraveFromBattlefieldSourceTriggeredAbility": (
        "self_to_graveyard_from_battlefield",
        "object",
    ),
    "OneOrMoreCombatDamagePlayerTriggeredAbility": (
        "one_or_more_combat_damage_to_player",
        "player",
    ),
    "CycleTriggeredAbility": ("self_cycled", "object"),
    "DrawCardControllerTriggeredAbility": ("you_draw", "player"),
    "GainLifeControllerTriggeredAbility": ("you_gain_life", "player"),
    "DiesAttachedTriggeredAbility": ("attached_dies", "object"),
    "AttacksAttachedTriggeredAbility": ("attached_attacks", "object"),
    "DealsDamageToAPlayerAttachedTriggeredAbility": ("attached_damage_to_player", "player"),
    "TurnedFaceUpSourceTriggeredAbility": ("self_turned_face_up", "object"),
    "CastSecondSpellTriggeredAbility": ("you_cast_second_spell_each_turn", "object"),
    "CastSourceTriggeredAbility": ("self_cast", "object"),
    "HeroicAbility": ("self_targeted_by_your_spell", "object"),
    "DiscardCardControllerTriggeredAbility": ("you_discard", "object"),
    "DrawNthCardTriggeredAbility": ("you_draw_nth_card", "player"),
    "BecomesTargetSourceTriggeredAbility": ("self_becomes_target", "object"),
    "BecomesTargetSourceFirstTimeTriggeredAbility": ("self_becomes_target_first_time", "object"),
    "DealsDamageToAPlayerAllTriggeredAbility": ("creature_damage_to_player", "player"),
    "ReflexiveTriggeredAbility": ("reflexive", "object"),
    "PutIntoGraveFromBattlefieldAllTriggeredAbility": (
        "permanent_to_graveyard_from_battlefield",
        "object",
    ),
    "EntersBattlefieldOrDiesSourceTriggeredAbility": ("self_enters_or_dies", "object"),
}
#: trigger classes whose checkTrigger always sets the target pointer (no setTargetPointer
#: argument): the other creature of a block, the defending player of a lone attacker
_ALWAYS_POINTS = {
    "BlocksCreatureTriggeredAbility": "object",
    "BecomesBlockedByCreatureTriggeredAbility": "object",
    "BlocksOrBlockedByCreatureSourceTriggeredAbility": "object",
    "AttacksAloneSourceTriggeredAbility": "player",
}
DELAYED: dict[str, str] = {
    "AtTheBeginOfNextEndStepDelayedTriggeredAbility": "next_end_step",
    "AtTheBeginOfNextUpkeepDelayedTriggeredAbility": "next_upkeep",
    "AtTheEndOfCombatDelayedTriggeredAbility": "end_of_combat",
    "AtTheBeginOfYourNextUpkeepDelayedTriggeredAbility": "your_next_upkeep",
    "AtTheBeginOfYourNextDrawStepDelayedTriggeredAbility": "your_next_draw_step",
}
#: "when you next cast ... this turn" delayed abilities (CastNextSpellDelayedTriggeredAbility):
#: class -> (the default spell filter, what it does to the spell)
NEXT_SPELL: dict[str, tuple[dict, str]] = {
    "CopyNextSpellDelayedTriggeredAbility": ({"types_any": ["Instant", "Sorcery"]}, "copy"),
    "AddCounterNextSpellDelayedTriggeredAbility": ({"types": ["Creature"]}, "counter"),
}
_PHASE_WHO = {
    "YOU": "your_",
    "OPPONENT": "each_opponent_",
    "ANY": "each_",
    "EACH_PLAYER": "each_",
    "CONTROLLER_ATTACHED_TO": "attached_controller_",
    "ENCHANTED": "attached_controller_",
}
_TRIGGER_KNOWN = {
    "effect",
    "optional",
    "filter",
    "setTargetPointer",
    "targetController",
    "zone",
    "another",
    "onlyControlled",
    "minAttackers",
    "sacrificingPlayer",
    "enrage",
    "onlyToControllerGraveyard",
    "attachmentType",
    "attachedDescription",
    "interveningIfClauseCondition",
    "isOptional",
    "thisOr",
    "diesRuleText",
    "condition",
    "attacksYouOrYourPlaneswalker",
    "controller",
    "onlyFromNonHand",
    "cardNumber",
    "onlyCombat",
    "diesText",
}
#: ability calls that only change wording or engine-internal bookkeeping
_ABILITY_TEXT_CALLS = {
    "setTriggerPhrase",
    "withFlavorWord",
    "setAbilityWord",
    "withAbilityWord",
    "addHint",
    "addWatcher",
    "withRuleTextReplacement",
    "setRuleAtTheTop",
    "setRuleVisible",
    "withFirstModeFlavorWord",
    "withCostText",
    "setCostText",
    "addInfo",
    "setLeavesTheBattlefieldTrigger",
    "withShowActivatePrompt",
}
_KEYWORD_COST_NAMES = {
    "CyclingAbility": "Cycling",
    "PlainscyclingAbility": "Plainscycling",
    "IslandcyclingAbility": "Islandcycling",
    "SwampcyclingAbility": "Swampcycling",
    "MountaincyclingAbility": "Mountaincycling",
    "ForestcyclingAbility": "Forestcycling",
    "BasicLandcyclingAbility": "Basic landcycling",
    "KickerAbility": "Kicker",
    "FlashbackAbility": "Flashback",
    "EvokeAbility": "Evoke",
    "EquipAbility": "Equip",
    "UnearthAbility": "Unearth",
    "EscapeAbility": "Escape",
    "MadnessAbility": "Madness",
    "EchoAbility": "Echo",
    "NinjutsuAbility": "Ninjutsu",
    "DashAbility": "Dash",
    "BuybackAbility": "Buyback",
    "EmbalmAbility": "Embalm",
    "EternalizeAbility": "Eternalize",
    "ForetellAbility": "Foretell",
    "MorphAbility": "Morph",
    "DisguiseAbility": "Disguise",
    "BestowAbility": "Bestow",
    "SpectacleAbility": "Spectacle",
    "OverloadAbility": "Overload",
    "EntwineAbility": "Entwine",
    "ReconfigureAbility": "Reconfigure",
    "BlitzAbility": "Blitz",
    "ProwlAbility": "Prowl",
    "SurgeAbility": "Surge",
    "MutateAbility": "Mutate",
    "EmergeAbility": "Emerge",
    "ScavengeAbility": "Scavenge",
    "TransmuteAbility": "Transmute",
    "PlotAbility": "Plot",
    "WarpAbility": "Warp",
    "CumulativeUpkeepAbility": "Cumulative upkeep",
}
#: The constructor parameter holding the cost, where it isn't ``cost`` / ``manaString``.
_KEYWORD_COST_PARAM = {
    "Echo": "echoCost",  # EchoAbility(Cost echoCost)
    "Madness": "madnessCost",  # MadnessAbility(ManaCosts madnessCost[, int lifeCost])
    "Unearth": "costs",  # UnearthAbility(Cost costs)
    "Cumulative upkeep": "cumulativeCost",  # CumulativeUpkeepAbility(Cost cumulativeCost)
}


def _text_types(desc: str) -> set[str]:
    """The creature types a token's description names before "creature" ("1/1 white Bird
    Soldier creature token with flying" -> Bird, Soldier)."""
    head, sep, _ = desc.partition(" creature")
    if not sep:
        return set()
    return {w for w in head.replace(",", " ").split() if w in CREATURE_TYPES}


#: a token description whose P/T has an X ("X/X green Ooze creature token")
_X_PT = re.compile(r"^\s*(X|\*)/|^\s*\d+/X")


class Translator:
    """Translates card classes; one instance per XMage snapshot (it caches tokens)."""

    def __init__(self, fw: Framework) -> None:
        self.fw = fw
        self.core = Core(fw)
        self.core.translator = self
        self.effects = Effects(self.core, self.nested_ability)
        self._local: dict[str, J.TypeDecl] = {}
        self.errors: list[str] = []
        self._fields: dict = {}
        # Hand-written chapter abilities for the card being translated (chapter numbers ->
        # chapter entry), from data/saga_chapters_manual.json; they win over the import.
        self.manual_chapters: dict[tuple[int, ...], dict] = {}

    # ================================================================ cards
    def card(
        self,
        java_text: str,
        class_name: str,
        face_names: list[str] | None = None,
        layout: str | None = None,
    ) -> CardResult:
        """Translate one card class (its source text)."""
        try:
            decls = J.parse_file(java_text)
        except J.JavaError as exc:
            return CardResult({}, error=f"java: {exc}")
        main = next((d for d in decls if d.name == class_name), None)
        if main is None:
            return CardResult({}, error=f"no class {class_name}")
        self._local = {d.name: d for d in decls if d.name != class_name}
        ex = Executor(self._local)
        try:
            ex.init_fields(main)
        except Exception as exc:  # noqa: BLE001 - a field we can't evaluate
            return CardResult({}, error=f"fields: {exc}")
        ctor = next(
            (m for m in main.members if m.kind == "ctor" and len(m.params) == 2),
            None,
        )
        if ctor is None:
            return CardResult({}, error="no card constructor")
        card = CardProxy()
        self._fields = ex.fields
        ex.strict_calls = True
        ex.run(ctor.body, {"this": card})
        res = self._assemble(card, ex, main, face_names or [], layout)
        one_shot_durations(res.entry)  # WhileOnBattlefield on another object: indefinite
        return res

    def _assemble(
        self,
        card: CardProxy,
        ex: Executor,
        main: J.TypeDecl,
        face_names: list[str],
        layout: str | None,
    ) -> CardResult:
        res = CardResult({})
        multi = (
            main.extends
            in (
                "SplitCard",
                "AdventureCard",
                "ModalDoubleFacedCard",
                "TransformingDoubleFacedCard",
                "OmenCard",
                "PrepareCard",
                "RoomCard",
                "MeldCard",
                "FlipCard",
            )
            or len(face_names) > 1
        )
        if ex.unsupported:
            res.abilities.append(
                AbilityResult("card", False, main.name, "java " + ex.unsupported[0], "constructor")
            )
        if main.extends in ("LevelerCard", "ClassCard"):
            res.abilities.append(AbilityResult("card", False, main.extends, main.extends))
        entries: dict[int | None, dict] = {}

        def entry_for(idx: int | None) -> dict:
            if multi and idx is None and main.extends != "SplitCard":
                idx = 0
            return entries.setdefault(idx, {})

        for idx, spell in sorted(
            card.spells.items(), key=lambda kv: (kv[0] is not None, kv[0] or 0)
        ):
            if spell.calls:
                self._spell(spell, entry_for(idx), res)
        for idx, ab in card.abilities:
            self._top_ability(ab, entry_for(idx), res)
        # put it together
        top = entries.pop(None, {})
        if multi and entries:
            names = face_names if len(face_names) >= 2 else [f"face{i}" for i in range(2)]
            faces = {}
            for idx in sorted(entries):
                if idx < len(names) and entries[idx]:
                    faces[names[idx]] = entries[idx]
            if faces:
                top["faces"] = faces
        elif entries:
            for idx in sorted(entries):
                _merge_entry(top, entries[idx])
        untrans = [_untrans_record(a) for a in res.abilities if not a.ok]
        if untrans:
            top["untranslated"] = untrans
        if not top:
            top["vanilla"] = True
        res.entry = top
        return res

    # ============================================================ sections
    def _record(self, res: CardResult, kind: str, cls: str, fn) -> object | None:
        before = set(self.core.used)
        self.core.used = set()
        try:
            out = fn()
        except Untranslated as exc:
            res.abilities.append(
                AbilityResult(
                    kind,
                    False,
                    cls,
                    exc.cls,
                    exc.detail,
                    tuple(sorted(self.core.used)),
                    getattr(exc, "event", None),
                )
            )
            self.core.used = before | self.core.used
            return None
        except (RecursionError, KeyError, TypeError, AttributeError, IndexError, ValueError) as exc:
            # An importer bug or Java shape it does not follow: counted, never hidden.
            self.errors.append(f"{cls}: {type(exc).__name__}: {exc}")
            res.abilities.append(AbilityResult(kind, False, cls, "importer error", str(exc)))
            self.core.used = before | self.core.used
            return None
        res.abilities.append(AbilityResult(kind, True, cls, used=tuple(sorted(self.core.used))))
        self.core.used = before | self.core.used
        return out

    def _spell(self, spell: JObj, entry: dict, res: CardResult) -> None:
        def run() -> dict:
            body = self._ability_body(spell, [], [], allow_costs=True)
            self._finish_targets(body, spell, EffectCtx())
            return body

        body = self._record(res, "spell", "SpellAbility", run)
        if body is None:
            return
        if "modes" in body:
            entry["modes"] = body["modes"]
            entry["choose"] = body["choose"]
            for k in ("choose_min", "mode_targets", "same_mode_repeatable"):
                if k in body:
                    entry[k] = body[k]
        else:
            entry["spell"] = body["ops"]
            if body.get("targets"):
                entry["targets"] = body["targets"]
        if body.get("costs"):
            entry["spell_costs"] = body["costs"]

    def _top_ability(self, ab: object, entry: dict, res: CardResult) -> None:
        if is_protection(ab):
            # a printed protection: its quality goes into the card data (702.16a), which the
            # engine's targeting, damage, attachment and blocking rules read
            quality = self._record(
                res, "keyword", "ProtectionAbility", lambda: protection_quality(self.core, ab)
            )
            if quality is not None:
                entry.setdefault("protection", []).append(quality)
            return
        if not isinstance(ab, JObj):
            res.abilities.append(
                AbilityResult("ability", False, _name(ab), _name(ab), "not an object")
            )
            return
        cls = ab.cls
        kw = self.core.keyword(ab)
        if kw is not None and not ab.local:
            self._keyword(ab, kw, entry, res)
            return
        if cls == "SagaAbility":
            self._saga(ab, entry, res)
            return
        if cls == "EntersBattlefieldTappedAbility" and not ab.calls:
            entry["enters_tapped"] = True
            res.abilities.append(AbilityResult("static", True, cls))
            return
        if cls == "CantBeCounteredSourceAbility" and not ab.calls:
            entry["cant_be_countered"] = True
            res.abilities.append(AbilityResult("static", True, cls))
            return
        if cast_only_mod.is_cast_only(ab):  # 601.3: "Cast this spell only ..."
            cond = self._record(res, "static", cls, lambda: cast_only_mod.condition(self.core, ab))
            entry["cast_only"] = cond if cond is not None else cast_only_mod.words(ab)
            return
        out = self._record(res, _kind_of(cls, self.fw, ab.extends), cls, lambda: self.ability(ab))
        if out is None:
            return
        kind = out.pop("kind")
        if kind == "triggered":
            if out.get("condition") == {"cond": "was_cast"} and out.get("when") == "self_enters":
                del out["condition"]
                cast_only = True
            else:
                cast_only = False
            if out.get("when") == "self_enters" and "etb" not in entry and _plain_etb(out):
                entry["etb"] = out["ops"]
                if cast_only:
                    entry["etb_if_cast"] = True
                if out.get("targets"):
                    entry["etb_targets"] = out["targets"]
                if out.get("optional"):
                    entry["etb_optional"] = True
            else:
                if cast_only:
                    out["condition"] = {"cond": "was_cast"}
                entry.setdefault("triggers", []).append(out)
        elif kind == "activated":
            entry.setdefault("activated", []).append(out)
        elif kind == "static":
            entry.setdefault("static", []).extend(out["ops"])
        elif kind == "flag":
            for k, v in out["flags"].items():
                entry[k] = entry.get(k, []) + v if isinstance(v, list) else v
        elif kind == "keyword":
            pass
        else:  # pragma: no cover - every kind is handled above
            raise AssertionError(kind)

    def _keyword(self, ab: JObj, kw: str, entry: dict, res: CardResult) -> None:
        cls = ab.cls
        if cls == "ChangelingAbility" and ab.args and ab.args[0] is False:
            # "is every creature type" printed as words, not the keyword (Mistform Ultimus,
            # 604.3): the card's keywords don't say it, so the engine can't see it
            res.abilities.append(
                AbilityResult("static", False, cls, cls, "every creature type, not a keyword")
            )
            return
        name = _KEYWORD_COST_NAMES.get(cls)
        if name is None:
            if cls == "WardAbility":  # 702.21a: a triggered ability, written as one
                out = self._record(res, "triggered", cls, lambda: _ward(self, ab))
                if out is not None:
                    entry.setdefault("triggers", []).append(out)
                return
            if cls == "HeroicAbility":  # 207.2c: an ability word; its trigger is the card's data
                out = self._record(res, "triggered", cls, lambda: self.ability(ab))
                if out is not None:
                    out.pop("kind", None)
                    entry.setdefault("triggers", []).append(out)
                return
            if cls in ("BushidoAbility", "SoulshiftAbility"):  # 702.45a, 702.46a: triggers
                make = _bushido if cls == "BushidoAbility" else _soulshift
                outs = self._record(res, "triggered", cls, lambda: make(self, ab))
                if outs is not None:
                    entry.setdefault("triggers", []).extend(outs)
                return
            if cls == "ChannelAbility":
                out = self._record(res, "activated", cls, lambda: self._channel(ab))
                if out is not None:
                    entry.setdefault("activated", []).append(out)
                return
            if cls == "SuspendAbility":
                p = self.fw.bind(ab) or {}
                cost = self.core.cost(p.get("cost")) if p.get("cost") is not None else []
                if isinstance(p.get("suspend"), int) and len(cost) == 1:
                    entry.setdefault("keyword_costs", {})["Suspend"] = {
                        "time": p["suspend"],
                        "cost": cost[0]["mana"],
                    }
            if cls == "CrewAbility":  # Crew N (702.122a): the total power to tap
                p = self.fw.bind(ab) or {}
                if isinstance(p.get("value"), int) and p.get("altCost") is None and not ab.calls:
                    entry.setdefault("keyword_costs", {})["Crew"] = p["value"]
            if cls == "EnchantAbility" and ab.args:
                try:
                    entry["enchant"] = self.core.target(ab.args[0])
                except Untranslated:
                    pass
            res.abilities.append(AbilityResult("keyword", True, cls))
            return
        try:
            p = self.fw.bind(ab) or {}
            costv = p.get("cost", p.get("manaString"))
            if costv is None and name in _KEYWORD_COST_PARAM:
                costv = p.get(_KEYWORD_COST_PARAM[name])
            if name == "Madness" and p.get("lifeCost") not in (None, 0):
                # MadnessAbility(cost, lifeCost): "Madness—{cost}, Pay N life." (702.35a)
                life = p.get("lifeCost")
                costv = None if not isinstance(life, int) else costv
                life_text = f", pay {life} life" if isinstance(life, int) else ""
            else:
                life_text = ""
            if costv is None and name.endswith("cycling"):  # typecycling: (ManaCosts costs)
                costv = p.get("costs")
            if name == "Escape":  # EscapeAbility(card, manaCost, exileCount): the form the
                # engine reads ("{3}{R}{G} + exile 3 other graveyard cards", 702.138a)
                n, mana = p.get("exileCount"), p.get("manaCost")
                if (
                    p.get("additionalCost") is None
                    and p.get("additionalCosts") is None
                    and isinstance(n, int)
                    and isinstance(mana, str)
                ):
                    costv = f"{mana} + exile {n} other graveyard cards"
            if isinstance(costv, str):
                text = costv
            elif isinstance(costv, int):
                text = "{" + str(costv) + "}"
            elif costv is not None:
                text = cost_text(self.core.cost(costv))
            else:
                text = None
            # costs added to the keyword ability after it is built (Deep Analysis: "Flashback
            # {1}{U}, Pay 3 life" is FlashbackAbility(...) then addCost(PayLifeCost(3)))
            extra = [args for call, args in ab.calls if call == "addCost" and args]
            if text and life_text:
                text += life_text
            if text and extra:
                try:
                    more = [c for a in extra for c in self.core.cost(a[0])]
                    text = f"{text}, {cost_text(more)}"
                except Untranslated:
                    text = f"{text}, an additional cost the importer doesn't read"
            if text:
                entry.setdefault("keyword_costs", {})[name] = text
        except Untranslated:
            pass
        res.abilities.append(AbilityResult("keyword", True, cls))

    def _channel(self, ab: JObj) -> dict:
        p = self.core.params(ab)
        self.core.check_known(ab, p, {"manaString", "effect", "timing"})
        if p.get("timing") is not None and getattr(p["timing"], "last", "") != "INSTANT":
            raise Untranslated("ChannelAbility", "timing")
        body = self._ability_body(ab, [p["effect"]], [], allow_costs=True)
        costs = [{"cost": "mana", "mana": p["manaString"]}, {"cost": "discard_self"}]
        costs += body.pop("costs", [])
        out = {"cost": cost_text(costs), "costs": costs, "zone": "hand", **body}
        self._finish_targets(out, ab, EffectCtx())
        return out

    # ================================================================ sagas
    def _saga(self, saga: JObj, entry: dict, res: CardResult) -> None:
        chapters = []
        for name, args in saga.calls:
            if name in _ABILITY_TEXT_CALLS:
                continue
            if name != "addChapterEffect":
                res.abilities.append(
                    AbilityResult("chapter", False, "SagaAbility", f"SagaAbility.{name}")
                )
                continue
            nums = [ROMAN[a.last.split("_")[1]] for a in args if _is_chapter(a)]
            if len(nums) == 2:
                nums = list(range(nums[0], nums[1] + 1))
            res.chapters_total += 1
            hand = self.manual_chapters.get(tuple(nums))
            if hand is not None:
                res.abilities.append(AbilityResult("chapter", True, "SagaAbility", detail="hand"))
                res.chapters_ok += 1
                res.chapters_hand += 1
                chapters.append({**hand, "chapters": nums})
                continue
            out = self._record(res, "chapter", "SagaAbility", lambda args=args: self._chapter(args))
            if out is None:
                missing = res.abilities[-1].missing
                chapters.append({"chapters": nums, "untranslated": missing})
            else:
                res.chapters_ok += 1
                chapters.append({"chapters": nums, **out})
        if chapters:
            entry["chapters"] = chapters

    def _chapter(self, args: tuple) -> dict:
        rest = [a for a in args[1:] if not _is_chapter(a)]
        effects: list = []
        targets: list = []
        optional = False
        lam = None
        for a in rest:
            if isinstance(a, LambdaVal):
                lam = a
            elif isinstance(a, bool):
                optional = a
            elif isinstance(a, JObj) and a.cls == "Effects":
                effects.extend(_effects_members(a))
            elif isinstance(a, JObj) and (a.cls.startswith("Target") or self._is_target(a)):
                targets.append(a)
            elif isinstance(a, list):
                effects.extend(a)
            else:
                effects.append(a)
        holder = JObj("ChapterTriggeredAbility")
        for e in effects:
            holder.calls.append(("addEffect", (e,)))
        for t in targets:
            holder.calls.append(("addTarget", (t,)))
        if lam is not None:
            ex = Executor(self._local)
            ex.fields = self._fields
            missed = ex.run_lambda(lam, (holder,))
            if missed:
                raise Untranslated("java " + missed[0], "chapter lambda")
        body = self._ability_body(holder, [], [])
        if not body.get("ops") and "modes" not in body:
            # A chapter always does something: no op read means its effects were added in
            # code the importer doesn't follow (a local Effects variable, .add() calls);
            # an empty list would resolve as a silent no-op (Chainer's Torment I-II).
            raise Untranslated("EmptyChapterEffects", "no effect read from the chapter")
        self._finish_targets(body, holder, EffectCtx())
        out = (
            {"ops": body["ops"]}
            if "modes" not in body
            else {
                k: body[k]
                for k in ("modes", "choose", "choose_min", "mode_targets", "at_random")
                if k in body
            }
        )
        if body.get("targets"):
            out["targets"] = body["targets"]
        if optional:
            out["optional"] = True
        return out

    def _is_target(self, a: JObj) -> bool:
        return "target" in self.fw.package_of(a.cls).split(".")[:1] or any(
            anc.startswith("Target") for anc in self.fw.ancestors(a.cls)[1:]
        )

    # ============================================================ abilities
    def _next_spell(self, ab: JObj) -> dict:
        """ "When you next cast <filter> this turn, copy it / that creature enters with an
        additional +1/+1 counter" (CastNextSpellDelayedTriggeredAbility: once, this turn,
        603.7c) as a ``lasting_trigger`` with ``once``."""
        p = self.core.params(ab)
        self.core.check_known(ab, p, {"filter", "amount"})
        default, effect = NEXT_SPELL[ab.cls]
        flt = self.core.filters.filter(p["filter"]) if p.get("filter") is not None else default
        amount = p.get("amount", 1)
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            raise Untranslated(ab.cls, "amount")
        if effect == "copy":
            ops = [{"op": "copy_spell", "what": "trigger_object", "new_targets": True}] * amount
        else:
            ops = [
                {
                    "op": "spell_enters_with_counters",
                    "counter": "+1/+1",
                    "n": amount,
                    "what": "trigger_object",
                }
            ]
        return {
            "op": "lasting_trigger",
            "when": "you_cast_spell",
            "duration": "end_of_turn",
            "once": True,
            "filter": dict(flt),
            "effect": [dict(o) for o in ops],
        }

    def nested_ability(self, ab: object, delayed: bool = False, reflexive: bool = False) -> dict:
        """A granted / delayed / reflexive ability as a dict (raises Untranslated)."""
        if not isinstance(ab, JObj):
            raise Untranslated(_name(ab), "ability")
        if delayed and ab.cls in NEXT_SPELL:
            return self._next_spell(ab)
        if delayed:
            when = DELAYED.get(ab.cls)
            if when is None:
                raise Untranslated(ab.cls, "delayed trigger")
            p = self.core.params(ab)
            self.core.check_known(ab, p, {"effect", "targetController", "condition", "optional"})
            tc = p.get("targetController")
            if tc is not None and getattr(tc, "last", "") != "ANY":
                raise Untranslated(ab.cls, "player")
            body = self._ability_body(ab, [p["effect"]], [])
            if "modes" in body:
                raise Untranslated(ab.cls, "modes")
            self._finish_targets(body, ab, EffectCtx(), "object")
            out = {"op": "delayed", "when": when, "ops": body["ops"]}
            if p.get("condition") is not None:
                out["if"] = self.core.condition(p["condition"])
            if p.get("optional"):
                out["optional"] = True
            if body.get("targets"):
                raise Untranslated(ab.cls, "targets in a delayed trigger")
            return out
        if reflexive:
            if ab.cls != "ReflexiveTriggeredAbility":
                raise Untranslated(ab.cls, "reflexive")
            p = self.core.params(ab)
            self.core.check_known(ab, p, {"effect", "optional", "condition"})
            body = self._ability_body(ab, [p["effect"]], [])
            if "modes" in body:
                raise Untranslated(ab.cls, "modes")
            self._finish_targets(body, ab, EffectCtx())
            out = {"op": "reflexive", "ops": body["ops"]}
            if body.get("targets"):
                out["targets"] = body["targets"]
            if p.get("optional"):
                out["optional"] = True
            if p.get("condition") is not None:
                out["if"] = self.core.condition(p["condition"])
            return out
        if ab.cls == "WardAbility":  # a granted ward is its trigger, cost and all (702.21a)
            return {"kind": "triggered", **_ward(self, ab)}
        kw = self.core.keyword(ab)
        if kw is not None:
            if any(not isinstance(x, bool) for x in ab.args) or ab.calls:
                # "has flashback {2}{R}", "has annihilator 2": the granted keyword would
                # arrive without its cost or number, so it is not granted approximately
                raise Untranslated(ab.cls, "granted keyword with a cost or number")
            return {"kind": "keyword", "keyword": kw}
        out = self.ability(ab)
        return out

    def ability(self, ab: JObj) -> dict:
        """A top-level or granted ability -> {kind, ...}."""
        if ab.local:
            raise Untranslated(f"card-specific {ab.extends or 'ability'}", ab.cls)
        cls = ab.cls
        self.core.used.add(cls)
        if cls in TRIGGERS:
            return self._triggered(ab)
        if cls in _ACTIVATED:
            return self._activated(ab)
        if cls in _MANA:
            return self._mana_ability(ab)
        if cls == "AttacksEachCombatStaticAbility" and not ab.args:
            return {
                "kind": "static",
                "ops": [{"op": "must_attack", "what": "self", "duration": "while_on_battlefield"}],
            }
        if cls == "CanBlockOnlyFlyingAbility" and not ab.args:
            return {
                "kind": "static",
                "ops": [
                    {
                        "op": "can_block_only",
                        "what": "self",
                        "filter": {"keyword": "Flying"},
                        "duration": "while_on_battlefield",
                    }
                ],
            }
        if cls in ("SimpleStaticAbility", "SimpleEvasionAbility"):
            p = self.core.params(ab)
            self.core.check_known(ab, p, {"effect", "zone"})
            zone = getattr(p.get("zone"), "last", "BATTLEFIELD")
            if zone not in ("BATTLEFIELD", "ALL"):
                raise Untranslated(cls, f"zone {zone}")
            body = self._ability_body(ab, [p["effect"]], [])
            self._finish_targets(body, ab, EffectCtx())
            if body.get("targets"):
                raise Untranslated(cls, "targets")
            return {"kind": "static", "ops": body["ops"]}
        if cls == "EntersBattlefieldAbility":
            p = self.core.params(ab)
            self.core.check_known(ab, p, {"effect", "optional", "condition"})
            body = self._ability_body(ab, [p["effect"]], [])
            self._finish_targets(body, ab, EffectCtx())
            ops = body["ops"]
            if body.get("targets"):
                raise Untranslated(cls, "targets")
            if not (len(ops) == 1 and ops[0]["op"] == "enters_with_counters"):
                ops = [{"op": "enters_with", "ops": ops}]
            if p.get("condition") is not None:
                ops = [{"op": "if", "cond": self.core.condition(p["condition"]), "then": ops}]
            if p.get("optional"):
                ops = [{"op": "may", "ops": ops}]
            return {"kind": "static", "ops": ops}
        if cls == "EntersBattlefieldWithCountersAbility":
            p = self.core.params(ab)
            self.core.check_known(ab, p, {"counter"})
            ct, n = self.core.counter_instance(p["counter"])
            return {
                "kind": "static",
                "ops": [{"op": "enters_with_counters", "counter": ct, "n": n}],
            }
        if cls == "AsEntersBattlefieldAbility":
            p = self.core.params(ab)
            self.core.check_known(ab, p, {"effect"})
            body = self._ability_body(ab, [p["effect"]], [])
            self._finish_targets(body, ab, EffectCtx())
            if body.get("targets"):
                raise Untranslated(cls, "targets")
            return {"kind": "static", "ops": [{"op": "enters_with", "ops": body["ops"]}]}
        if cls == "EntersBattlefieldTappedUnlessAbility":
            p = self.core.params(ab)
            self.core.check_known(ab, p, {"condition"})
            return {
                "kind": "static",
                "ops": [{"op": "enters_tapped", "unless": self.core.condition(p["condition"])}],
            }
        if cls == "EntersBattlefieldTappedAbility":
            return {"kind": "flag", "flags": {"enters_tapped": True}}
        if cls == "CantBlockAbility":
            return {
                "kind": "static",
                "ops": [{"op": "cant_block", "what": "self", "duration": "while_on_battlefield"}],
            }
        if cls == "CantBeCounteredSourceAbility":
            return {"kind": "flag", "flags": {"cant_be_countered": True}}
        if cls == "LoyaltyAbility":
            return self._loyalty(ab)
        if cls == "OrTriggeredAbility":
            return self._or_trigger(ab)
        if cls == "AlternativeCostSourceAbility":
            return self._alt_cost(ab)
        if cls in ("ProtectionAbility",):
            return {"kind": "keyword", "keyword": "Protection"}
        wrapped = self._unwrap(ab)
        if wrapped is not None:
            return self.ability(wrapped)
        raise Untranslated(cls)

    _WRAP_ROOTS = {
        "ActivatedAbilityImpl": "SimpleActivatedAbility",
        "ActivatedManaAbilityImpl": "SimpleManaAbility",
    }

    def _unwrap(self, ab: JObj) -> JObj | None:
        """A framework ability subclass that only configures a known ability (Treasure's
        ability, EntersBattlefieldAttachToTarget...) -> that known ability, with its calls."""
        if not self.fw.is_framework(ab.cls):
            return None
        stop = (
            set(TRIGGERS)
            | _ACTIVATED
            | set(_MANA)
            | set(self._WRAP_ROOTS)
            | {
                "SimpleStaticAbility",
                "EntersBattlefieldAbility",
                "TriggeredAbilityImpl",
                "StaticAbility",
                "DelayedTriggeredAbility",
                "ZoneChangeTriggeredAbility",
            }
        )
        try:
            root, calls = self.fw.expand(ab, stop=stop)
        except KeyError:
            return None
        if self._overrides_behaviour(ab.cls, root):
            return None  # it does more than configure the known ability: not the same
        if root not in stop or root in (
            "TriggeredAbilityImpl",
            "StaticAbility",
            "DelayedTriggeredAbility",
            "ZoneChangeTriggeredAbility",
        ):
            return None
        rootargs = next((a for n, a in calls if n == "__root_args__"), ())
        out = JObj(self._WRAP_ROOTS.get(root, root), rootargs)
        out.calls = [(n, a) for n, a in calls if n != "__root_args__"]
        self.core.used.add(ab.cls)
        return out

    #: Methods whose override changes what an ability does, not just how it is configured
    #: (BecomesTargetSourceFirstTimeTriggeredAbility's checkTrigger adds "for the first
    #: time each turn" to the ability it extends)
    _BEHAVIOUR = frozenset(
        {
            "checkTrigger",
            "checkEventType",
            "checkInterveningIfClause",
            "checkTriggeredLimit",
            "isInactive",
            "canActivate",
            "activate",
            "resolve",
            "applies",
            "apply",
            "replaceEvent",
        }
    )

    def _overrides_behaviour(self, cls: str, root: str) -> bool:
        """Whether a class between ``cls`` and its known ``root`` overrides a behaviour
        method (then unwrapping it to the root would drop what it adds)."""
        return self.fw.overrides(cls, root, self._BEHAVIOUR)

    def _or_trigger(self, ab: JObj) -> dict:
        """ "When this enters or dies, ...": one trigger entry per event, sharing ops."""
        p = self.core.params(ab)
        self.core.check_known(ab, p, {"zone", "effect", "optional", "abilities"})
        subs = [self.ability(a) for a in _flat((p.get("abilities"),))]
        if not subs or any(s_.get("kind") != "triggered" or s_.get("ops") for s_ in subs):
            raise Untranslated("OrTriggeredAbility", "parts")
        body = self._ability_body(ab, [p["effect"]], [])
        out = {
            "kind": "triggered",
            "when": subs[0]["when"],
            "also": [
                {k: v for k, v in s_.items() if k not in ("kind", "ops", "targets")}
                for s_ in subs[1:]
            ],
        }
        for k in ("filter", "zone", "who"):
            if k in subs[0]:
                out[k] = subs[0][k]
        if p.get("optional"):
            out["optional"] = True
        out.update(body)
        self._finish_targets(out, ab, EffectCtx())
        return out

    def _alt_cost(self, ab: JObj) -> dict:
        p = self.core.params(ab)
        self.core.check_known(ab, p, {"cost", "condition", "conditon"})
        if p.get("cost") is None:
            raise Untranslated("AlternativeCostSourceAbility", "no cost")
        out = {"costs": self.core.cost(p["cost"])}
        cond = p.get("condition", p.get("conditon"))
        if cond is not None:
            out["if"] = self.core.condition(cond)
        for name, args in ab.calls:
            if name == "addCost" and len(args) == 1:  # one more part of the same cost (Force
                out["costs"] += self.core.cost(args[0])  # of Will: 1 life and a blue card)
            elif name not in _ABILITY_TEXT_CALLS:
                raise Untranslated(f"AlternativeCostSourceAbility.{name}")
        return {"kind": "flag", "flags": {"alt_costs": [out]}}

    def _ability_body(
        self, ab: JObj, effects: list, targets: list, allow_costs: bool = False
    ) -> dict:
        """Effects, targets, modes and costs added to an ability object -> ops etc."""
        effects = [e for e in effects if e is not None]
        targets = list(targets)
        modes: list[JObj] = []
        costs: list = []
        cond = None
        minm = maxm = None
        repeat = False
        adjuster = None
        limit = None
        at_random = False
        for name, args in ab.calls:
            if name in _ABILITY_TEXT_CALLS:
                continue
            if name == "addEffect":
                effects.extend(args)
            elif name == "addTarget":
                targets.extend(a for a in args if not isinstance(a, bool))
            elif name == "addMode":
                modes.extend(args)
            elif name == "addCost":
                if not allow_costs:
                    costs.extend(args)
                else:
                    costs.extend(args)
            elif name == "setMinModes":
                minm = args[0]
            elif name == "setMaxModes":
                maxm = args[0]
            elif name == "setMayChooseSameModeMoreThanOnce":
                repeat = bool(args and args[0])
            elif name in ("withInterveningIf", "setInterveningIf", "withCondition"):
                cond = args[0]
            elif name == "setTargetAdjuster":
                adjuster = args[0]
            elif name == "setTriggersLimitEachTurn":
                limit = args[0]
            elif name in ("setOptional",):
                continue
            elif name == "setRandom" and ab.cls == "ChapterTriggeredAbility" and _is_true(args):
                at_random = True  # "choose one at random": the engine reads it for chapters
            else:
                raise Untranslated(f"{ab.cls}.{name}", "ability call")
        ctx = EffectCtx()
        out: dict = {}
        if modes:
            first_t = [self._target(t) for t in targets]
            first = self.effects.ops(effects, ctx)
            allm = [(first, first_t)]
            for m in modes:
                if not isinstance(m, JObj) or m.cls != "Mode":
                    raise Untranslated(_name(m), "mode")
                meff = [a for a in m.args if a is not None]
                mt: list = []
                for name, args in m.calls:
                    if name in ("addEffect",):
                        meff.extend(args)
                    elif name == "addTarget":
                        mt.extend(args)
                    elif name in ("withFlavorWord", "setFlavorWord", "addHint"):
                        continue
                    else:
                        raise Untranslated(f"Mode.{name}", "mode call")
                mctx = EffectCtx()
                mops = self.effects.ops(meff, mctx)
                specs = [self._target(t) for t in mt]
                _check_refs(mctx, specs, "Mode")
                allm.append((mops, specs))
            _check_refs(ctx, first_t, "Mode")
            out["modes"] = [m[0] for m in allm]
            mins = minm if isinstance(minm, int) else 1
            maxs = maxm if isinstance(maxm, int) else (1 if maxm is None else None)
            if maxs is None:
                raise Untranslated("Modes.setMaxModes", "not a number")
            out["choose"] = maxs
            if mins != maxs:
                out["choose_min"] = mins
            if any(m[1] for m in allm):
                out["mode_targets"] = [m[1] for m in allm]
            if repeat:
                out["same_mode_repeatable"] = True
            if at_random:
                out["at_random"] = True
        else:
            if minm is not None or maxm is not None:
                raise Untranslated("Modes", "mode counts without modes")
            if at_random:
                raise Untranslated("Modes.setRandom", "random modes without modes")
            specs = [self._target(t) for t in targets]
            out["ops"] = self.effects.ops(effects, ctx)
            out["targets"] = specs
            out["_ctx"] = ctx
        if adjuster is not None:
            self._adjust(adjuster, out)
        if costs:
            out["costs"] = self.core.costs(costs)
        if cond is not None:
            out["condition"] = self.core.condition(cond)
        if limit is not None:
            if not isinstance(limit, int):
                raise Untranslated("setTriggersLimitEachTurn")
            out["limit"] = limit
        if "_ctx" in out:
            c = out.pop("_ctx")
            out["_refs"] = c.target_refs
        return out

    def _adjust(self, adjuster: object, out: dict) -> None:
        name = getattr(adjuster, "dotted", "") or _name(adjuster)
        if name.startswith("XTargetsCountAdjuster") and out.get("targets"):
            for spec in out["targets"]:
                spec["count"] = "X"
            return
        if (
            isinstance(adjuster, JObj)
            and adjuster.cls == "XTargetsCountAdjuster"
            and out.get("targets")
        ):
            for spec in out["targets"]:
                spec["count"] = "X"
            return
        raise Untranslated(name.split(".")[0] or "TargetAdjuster", "target adjuster")

    def _target(self, t: object) -> dict:
        if isinstance(t, JObj):
            self.core.used.add(t.cls)
        return self.core.target(t)

    def _finish_targets(
        self, out: dict, ab: JObj, ctx: EffectCtx, pointer: str | None = None
    ) -> None:
        """Targets of the ability; effect references to a target it doesn't have are resolved
        to the trigger's event object/player, or make the ability untranslated."""
        specs = out.get("targets") or []
        refs = out.pop("_refs", ctx.target_refs)
        missing = {r for r in refs if r >= len(specs)}
        if missing:
            if pointer is None or specs:
                raise Untranslated(ab.cls, "effect targets something the ability doesn't target")
            _retarget(out, pointer)
        if not specs:
            out.pop("targets", None)

    def _triggered(self, ab: JObj) -> dict:
        cls = ab.cls
        when, pkind = TRIGGERS[cls]
        p = self.core.params(ab)
        self.core.check_known(ab, p, _TRIGGER_KNOWN)
        out: dict = {"kind": "triggered", "when": when}
        zone = getattr(p.get("zone"), "last", None)
        if zone and zone != "BATTLEFIELD":
            if cls == "CycleTriggeredAbility" or zone in ("GRAVEYARD", "HAND", "EXILED", "ALL"):
                out["zone"] = {
                    "GRAVEYARD": "graveyard",
                    "HAND": "hand",
                    "EXILED": "exile",
                    "ALL": "any",
                }.get(zone, zone.lower())
        if cls == "CycleTriggeredAbility":
            out["zone"] = "hand"
        tc = p.get("targetController") or p.get("controller")
        if when in (
            "upkeep",
            "end_step",
            "beginning_of_combat",
            "draw_step",
            "precombat_main",
            "postcombat_main",
        ):
            who = getattr(tc, "last", "YOU") if tc is not None else "YOU"
            prefix = _PHASE_WHO.get(who)
            if prefix is None:
                raise Untranslated(cls, f"TargetController.{who}")
            out["when"] = prefix + when
        filt = None
        if p.get("filter") is not None:
            filt = dict(self.core.filters.filter(p["filter"]))
        if cls == "EntersBattlefieldControlledTriggeredAbility":
            filt = {**(filt or {}), "controller": "you"}
        if cls == "EntersBattlefieldOpponentTriggeredAbility":
            filt = {**(filt or {}), "controller": "opponent"}
        if cls in ("AllyEntersBattlefieldTriggeredAbility",):
            filt = {"subtypes": ["Ally"], "controller": "you"}
        if cls == "ConstellationAbility":
            filt = {"types": ["Enchantment"], "controller": "you"}
        if cls == "LandfallAbility":
            filt = None
        if cls in (
            "AttacksCreatureYouControlTriggeredAbility",
            "AttacksAloneControlledTriggeredAbility",
        ):
            filt = {**(filt or {"types": ["Creature"]}), "controller": "you"}
        if cls == "DiesCreatureTriggeredAbility" and filt is None:
            filt = {"types": ["Creature"]}
        if p.get("another"):
            filt = {**(filt or {"types": ["Creature"]}), "other": True}
        if cls == "EntersBattlefieldThisOrAnotherTriggeredAbility" and p.get("onlyControlled"):
            filt = {**(filt or {}), "controller": "you"}
        if cls == "SpellCastOpponentTriggeredAbility" and p.get("onlyFromNonHand"):
            raise Untranslated(cls, "from anywhere other than hand")
        if cls == "SacrificePermanentTriggeredAbility":
            sp = p.get("sacrificingPlayer")
            if sp is not None and getattr(sp, "last", "") != "YOU":
                out["who"] = self.core.who(sp)
            elif sp is None:
                out["who"] = "you"
        if cls == "AttacksWithCreaturesTriggeredAbility":
            n = p.get("minAttackers", 1)
            if n and n > 1:
                out["min_attackers"] = n
        if cls == "PutIntoGraveFromBattlefieldAllTriggeredAbility" and p.get(
            "onlyToControllerGraveyard"
        ):
            filt = {**(filt or {}), "owner": "controller"}
        if cls == "PutIntoGraveFromBattlefieldSourceTriggeredAbility" and p.get(
            "onlyToControllerGraveyard"
        ):
            out["when"] = "self_to_your_graveyard_from_battlefield"
        if cls == "DealtDamageToSourceTriggeredAbility" and p.get("enrage"):
            pass
        if cls == "DrawNthCardTriggeredAbility":
            who = getattr(p.get("targetController"), "last", "YOU")
            if who not in ("YOU", "OPPONENT", "ANY"):
                raise Untranslated(cls, f"the n-th card of {who}")
            if who != "YOU":
                out["who"] = "opponent" if who == "OPPONENT" else "any"
            n = p.get("cardNumber", 2)
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise Untranslated(cls, f"card number {n!r}")
            out["n"] = n
        if cls == "DealsDamageToOpponentTriggeredAbility" and p.get("onlyCombat"):
            out["combat"] = True
        if cls == "DealsDamageToAPlayerAllTriggeredAbility" and p.get("onlyCombat"):
            out["when"] = "combat_damage_to_player"  # "deals combat damage", once for each
        if cls == "OneOrMoreCombatDamagePlayerTriggeredAbility":  # its onlyControlled is true
            filt = {**(filt or {"types": ["Creature"]}), "controller": "you"}
            stp = p.get("setTargetPointer")
            if isinstance(stp, Ref) and stp.last not in ("PLAYER", "NONE"):
                raise Untranslated(cls, "the creatures that dealt the damage")
        if cls == "AttacksAllTriggeredAbility" and p.get("attacksYouOrYourPlaneswalker"):
            out["attacks_you"] = True
        if filt is not None:
            out["filter"] = filt
        pointer = None
        stp = p.get("setTargetPointer")
        if isinstance(stp, Ref):
            pointer = {"PLAYER": "player", "NONE": None}.get(stp.last, "object")
        elif stp:
            pointer = pkind
        elif cls in ("DealsCombatDamageToAPlayerTriggeredAbility",):
            pointer = "player"  # the damaged player is "that player" (defaults to true)
        elif cls in _ALWAYS_POINTS:
            pointer = _ALWAYS_POINTS[cls]  # its checkTrigger always sets the pointer
        elif cls.startswith("BeginningOf"):
            pointer = "player"  # AtStepTriggeredAbility points at the active player
        if p.get("optional") or p.get("isOptional"):
            out["optional"] = True
        cond = p.get("interveningIfClauseCondition") or p.get("condition")
        effects = [p["effect"]] if p.get("effect") is not None else []
        try:
            body = self._ability_body(ab, effects, [])
        except Untranslated as exc:  # the event is known: say when it would have triggered
            exc.event = {k: v for k, v in out.items() if k in _EVENT_KEYS}  # type: ignore[attr-defined]
            raise
        out.update({k: v for k, v in body.items()})
        if cond is not None:
            out["condition"] = self.core.condition(cond)
        if "costs" in out:
            raise Untranslated(cls, "trigger with a cost")
        ctx = EffectCtx()
        self._finish_targets(out, ab, ctx, pointer)
        return out

    def _activated(self, ab: JObj) -> dict:
        cls = ab.cls
        p = self.core.params(ab)
        self.core.check_known(
            ab, p, {"effect", "cost", "zone", "condition", "maxActivationsPerTurn", "timing"}
        )
        out: dict = {"kind": "activated"}
        zone = getattr(p.get("zone"), "last", "BATTLEFIELD")
        if zone != "BATTLEFIELD":
            z = {"GRAVEYARD": "graveyard", "HAND": "hand", "EXILED": "exile"}.get(zone)
            if z is None:
                raise Untranslated(cls, f"zone {zone}")
            out["zone"] = z
        body = self._ability_body(ab, [p.get("effect")], [], allow_costs=True)
        costs = self.core.cost(p.get("cost")) + body.pop("costs", [])
        if cls == "ActivateAsSorceryActivatedAbility":
            out["sorcery_speed"] = True
        if cls == "LimitedTimesPerTurnActivatedAbility":
            out["limit"] = p.get("maxActivationsPerTurn", 1)
        if cls == "ActivateOncePerTurnActivatedAbility":
            out["limit"] = 1
        if p.get("condition") is not None:
            out["condition"] = self.core.condition(p["condition"])
        out["cost"] = cost_text(costs)
        out["costs"] = costs
        out.update(body)
        self._finish_targets(out, ab, EffectCtx())
        return out

    def _loyalty(self, ab: JObj) -> dict:
        p = self.core.params(ab)
        self.core.check_known(ab, p, {"effect", "loyalty"})
        n = p.get("loyalty")
        if not isinstance(n, int):
            raise Untranslated("LoyaltyAbility", "variable loyalty")
        body = self._ability_body(ab, [p["effect"]], [], allow_costs=True)
        costs = [{"cost": "loyalty", "n": n}] + body.pop("costs", [])
        out = {
            "kind": "activated",
            "cost": cost_text(costs),
            "costs": costs,
            "loyalty": n,
            "sorcery_speed": True,
        }
        out.update(body)
        self._finish_targets(out, ab, EffectCtx())
        return out

    def _mana_ability(self, ab: JObj) -> dict:
        cls = ab.cls
        fixed = _MANA[cls]
        p = self.core.params(ab) if ab.args else {}
        costs = [{"cost": "tap"}]
        if fixed is not None:
            self.core.check_known(ab, p, set())
            ops = [{"op": "add_mana", "mana": fixed}]
        elif cls == "AnyColorManaAbility":
            self.core.check_known(ab, p, {"cost", "netAmount", "setFlag", "zone"})
            if p.get("cost") is not None:
                costs = self.core.cost(p["cost"])
            ops = [{"op": "add_mana", "mana": "any_color"}]
        elif cls == "CommanderColorIdentityManaAbility":
            self.core.check_known(ab, p, {"cost"})
            if p.get("cost") is not None:
                costs = self.core.cost(p["cost"])
            ops = [{"op": "add_mana", "mana": "commander_color_identity"}]
        elif cls == "SimpleManaAbility":
            self.core.check_known(
                ab, p, {"zone", "mana", "cost", "effect", "netAmount", "predictable"}
            )
            costs = self.core.cost(p.get("cost"))
            if p.get("mana") is not None:
                ops = [{"op": "add_mana", "mana": self.core.mana(p["mana"])}]
            else:
                ops = self.effects.ops([p["effect"]], EffectCtx())
        elif cls == "DynamicManaAbility":
            self.core.check_known(ab, p, {"mana", "amount", "cost", "netAmount", "oneChoice"})
            costs = self.core.cost(p.get("cost")) if p.get("cost") is not None else costs
            ops = [
                {
                    "op": "add_mana",
                    "mana": self.core.mana(p["mana"]),
                    "n": self.core.value(p["amount"]),
                }
            ]
        else:  # pragma: no cover
            raise Untranslated(cls)
        extra = self._ability_body(ab, [], [], allow_costs=True)
        costs += extra.pop("costs", [])
        if extra.get("ops") or extra.get("targets"):
            raise Untranslated(cls, "mana ability with more effects")
        out = {
            "kind": "activated",
            "cost": cost_text(costs),
            "costs": costs,
            "ops": ops,
            "mana_ability": True,
        }
        if "condition" in extra:
            out["condition"] = extra["condition"]
        return out

    # ================================================================ tokens
    def token_def(self, t: JObj) -> dict:
        """Read a token class (framework or card-local) into a token definition."""
        decl = self._local.get(t.cls) if t.local else self.fw.decl(t.cls)
        if decl is None:
            raise Untranslated(t.cls, "token class")
        if t.cls in ("CreatureToken",):
            return self._creature_token(t)
        ctor = None
        from .framework import _pick_ctor

        ctor = _pick_ctor(decl, t.args)
        if ctor is None:
            raise Untranslated(t.cls, "token constructor")
        card = CardProxy()
        ex = Executor(self._local if t.local else {})
        # token fields the constructor writes
        env: dict = {
            "this": card,
            "cardType": JObj("__cardType"),
            "subtype": JObj("__subtype"),
            "supertype": JObj("__supertype"),
            "color": JObj("__color"),
            "power": None,
            "toughness": None,
            "manaCost": None,  # a token with a mana cost (a named token): not in the vocabulary
            "abilities": JObj("__abilities"),  # ``abilities.add(X)``: as ``addAbility(X)``
        }
        for (_typ, pname), value in zip(ctor.params, t.args, strict=False):
            env[pname] = value

        def on_super(kind: str, args: tuple) -> None:
            if kind == "this":
                sub = _pick_ctor(decl, args)
                if sub is None:
                    raise Untranslated(t.cls, "token constructor")
                env2 = dict(env)
                for (_typ, pname), value in zip(sub.params, args, strict=False):
                    env2[pname] = value
                ex.run(sub.body, env2)
                env.update({k: env2[k] for k in ("power", "toughness", "manaCost")})
            else:
                card.super_args = args

        ex.on_super = on_super
        ex.fields = {}
        ex.run(ctor.body, env)
        if ex.unsupported:
            raise Untranslated(t.cls, f"token constructor uses {ex.unsupported[0]}")
        name = (
            card.super_args[0] if card.super_args and isinstance(card.super_args[0], str) else None
        )
        if not name:
            raise Untranslated(t.cls, "token name")
        name = name[: -len(" Token")] if name.endswith(" Token") else name
        out: dict = {"token": name}
        # ``subtype.add(SubType.ZOMBIE, SubType.KNIGHT)``: every argument (varargs)
        types = [self.fw.card_type(x) for n, a in env["cardType"].calls if n == "add" for x in a]
        subtypes = [self.fw.subtype(x) for n, a in env["subtype"].calls if n == "add" for x in a]
        supers = [self.fw.supertype(x) for n, a in env["supertype"].calls if n == "add" for x in a]
        if not all(types) or not all(subtypes) or not all(supers):
            raise Untranslated(t.cls, "token types")
        for what in ("cardType", "subtype", "supertype", "abilities"):
            if any(n != "add" for n, _a in env[what].calls):
                raise Untranslated(t.cls, f"token {what}")
        if env.get("manaCost") is not None:
            raise Untranslated(t.cls, "token mana cost")
        desc = card.super_args[1] if len(card.super_args) > 1 else None
        if isinstance(desc, str) and _text_types(desc) - set(subtypes):
            # XMage's text and code disagree ("Robot Warrior" text, SubType.ROBOT only):
            # one of them is wrong, so neither is taken
            raise Untranslated(t.cls, "token subtypes disagree with its text")
        card.abilities.extend((None, a[0]) for n, a in env["abilities"].calls if len(a) == 1)
        colors = []
        for n, a in env["color"].calls:
            letter = {
                "setWhite": "W",
                "setBlue": "U",
                "setBlack": "B",
                "setRed": "R",
                "setGreen": "G",
            }.get(n)
            if letter and a and a[0] is True:
                colors.append(letter)
            elif n != "=" and letter is None:
                raise Untranslated(t.cls, f"token color {n}")
        pw, tg = env.get("power"), env.get("toughness")
        if "Creature" in types:
            pv = pw.args[0] if isinstance(pw, JObj) and pw.cls == "MageInt" and pw.args else None
            tv = tg.args[0] if isinstance(tg, JObj) and tg.cls == "MageInt" and tg.args else None
            if not isinstance(pv, int) or not isinstance(tv, int):
                raise Untranslated(t.cls, "token P/T")
            out["pt"] = f"{pv}/{tv}"
            desc = card.super_args[1] if len(card.super_args) > 1 else None
            if not t.args and isinstance(desc, str) and _X_PT.match(desc):
                # "X/X ... token" made by the no-argument constructor: its P/T is a
                # placeholder that a card-specific effect sets (e.g. SpiritWarriorToken)
                raise Untranslated(t.cls, "token P/T X")
        else:
            out["pt"] = None
        if not types:
            # every token the effects create has a card type (111.4, 111.10); an empty list
            # means the constructor was not read
            raise Untranslated(t.cls, "token types")
        out["types"] = types
        if subtypes:
            out["subtypes"] = subtypes
        if supers:
            out["supertypes"] = supers
        if colors:
            out["colors"] = [c for c in "WUBRG" if c in colors]
        kws: list[str] = []
        abilities: dict = {}
        for _idx, ab in card.abilities:
            kw = self.core.keyword(ab)
            if kw is not None and not ab.args and not ab.calls:
                kws.append(kw)
                continue
            if isinstance(ab, JObj) and ab.cls == "EnchantAbility" and len(ab.args) == 1:
                # an Aura token (a Role, 303.7): "Enchant <target>" as a card's ``enchant``;
                # its addTarget/AttachEffect calls are how XMage attaches a cast Aura
                abilities["enchant"] = self.core.target(ab.args[0])
                continue
            got = self.ability(ab) if isinstance(ab, JObj) else None
            if got is None:
                raise Untranslated(_name(ab), "token ability")
            kind = got.pop("kind")
            if kind == "keyword":
                kws.append(got["keyword"])
            elif kind == "triggered":
                abilities.setdefault("triggers", []).append(got)
            elif kind == "activated":
                abilities.setdefault("activated", []).append(got)
            elif kind == "static":
                abilities.setdefault("static", []).extend(got["ops"])
            else:
                raise Untranslated(_name(ab), "token ability")
        if kws:
            out["keywords"] = kws
        if abilities:
            out["abilities"] = abilities
        return out

    def _creature_token(self, t: JObj) -> dict:
        a = t.args
        if len(a) >= 2 and isinstance(a[0], int) and isinstance(a[1], int):
            out: dict = {"token": "", "pt": f"{a[0]}/{a[1]}", "types": ["Creature"]}
            subs = [self.fw.subtype(x) for x in a[3:] if not isinstance(x, str)]
            if subs and all(subs):
                out["subtypes"] = subs
            elif subs:
                raise Untranslated("CreatureToken", "subtypes")
            kws, colors, types = [], [], ["Creature"]
            for n, args in t.calls:
                if n == "withAbility" and args:
                    kw = self.core.keyword(args[0])
                    if kw is None:
                        raise Untranslated("CreatureToken", "ability")
                    kws.append(kw)
                elif n == "withColor" and args and isinstance(args[0], str):
                    colors.extend(c for c in args[0] if c in "WUBRG")
                elif n == "withType" and args:
                    types.extend(self.fw.card_type(x) for x in args)
                elif n == "withSubType" and args:
                    out.setdefault("subtypes", []).extend(self.fw.subtype(x) for x in args)
                else:
                    raise Untranslated(f"CreatureToken.{n}")
            if not all(types) or not all(out.get("subtypes", [])):
                raise Untranslated("CreatureToken", "types")
            out["types"] = sorted(set(types), key=types.index)
            if kws:
                out["keywords"] = kws
            if colors:
                out["colors"] = [c for c in "WUBRG" if c in colors]
            return out
        raise Untranslated("CreatureToken", "arguments")


_ACTIVATED = {
    "SimpleActivatedAbility",
    "ActivateAsSorceryActivatedAbility",
    "LimitedTimesPerTurnActivatedAbility",
    "ActivateIfConditionActivatedAbility",
    "ActivateOncePerTurnActivatedAbility",
}
_MANA = {
    "WhiteManaAbility": "{W}",
    "BlueManaAbility": "{U}",
    "BlackManaAbility": "{B}",
    "RedManaAbility": "{R}",
    "GreenManaAbility": "{G}",
    "ColorlessManaAbility": "{C}",
    "AnyColorManaAbility": None,
    "SimpleManaAbility": None,
    "DynamicManaAbility": None,
    "CommanderColorIdentityManaAbility": None,  # 903.4: engine/ops/mana.py
}


def _effects_members(a: JObj) -> list:
    """The effects an ``Effects`` list holds: its constructor arguments, then what a local
    variable got with ``.add(...)`` / ``.addAll(...)`` in order (``Effects e = new Effects();
    e.add(...)``, as Of Herbs and Stewed Rabbit I builds its chapter). Any other call on the
    list is a shape the importer does not follow: untranslated, never dropped."""
    out = list(_flat(a.args))
    for name, args in a.calls:
        if name in ("add", "addAll"):
            out.extend(_flat(args))
        else:
            raise Untranslated("Effects", f"Effects.{name}")
    return out


def _is_chapter(a: object) -> bool:
    return isinstance(a, Ref) and (
        a.dotted.startswith("SagaChapter.CHAPTER_") or a.dotted.startswith("CHAPTER_")
    )


#: what the player a ward trigger asks may pay (their mana, life, cards, permanents)
_WARD_COSTS = frozenset({"mana", "mana_generic", "pay_life", "discard", "sacrifice"})


def _ward(t: Translator, ab: JObj) -> dict:
    """Ward [cost] (702.21a): "Whenever this permanent becomes the target of a spell or
    ability an opponent controls, counter that spell or ability unless that player pays
    [cost]." ``WardAbility(cost[, showAbilityHint])``; a cost the targeting player can't
    be asked for in the cost vocabulary leaves the ability untranslated."""
    p = t.fw.bind(ab) or {}
    if ab.calls or p.get("cost") is None:
        raise Untranslated("WardAbility", "cost")
    costs = t.core.cost(p["cost"])
    if not costs or any(c.get("cost") not in _WARD_COSTS for c in costs):
        raise Untranslated("WardAbility", ", ".join(str(c.get("cost")) for c in costs) or "cost")
    return {
        "keyword": "Ward",
        "when": "self_becomes_target",
        "filter": {"controller": "opponent"},
        "ops": [
            {
                "op": "unless",
                "who": "trigger_player",
                "cost": costs,
                "ops": [{"op": "counter_spell", "what": "trigger_object"}],
            }
        ],
    }


def _keyword_number(t: Translator, ab: JObj, name: str, param: str) -> int:
    p = t.fw.bind(ab) or {}
    n = p.get(param)
    if ab.calls or not isinstance(n, int) or isinstance(n, bool):
        raise Untranslated(name, param)  # a dynamic value ("bushido X, where X is ...")
    return n


def _bushido(t: Translator, ab: JObj) -> list[dict]:
    """Bushido N (702.45a): "Whenever this creature blocks or becomes blocked, it gets
    +N/+N until end of turn" -- written as its two trigger events (a creature that blocks
    is never blocked in that combat, so it is the same ability)."""
    n = _keyword_number(t, ab, "BushidoAbility", "value")
    pump = {"op": "pump", "power": n, "toughness": n, "who": "self", "duration": "end_of_turn"}
    return [
        {"keyword": "Bushido", "when": when, "ops": [dict(pump)]}
        for when in ("self_blocks", "self_becomes_blocked")
    ]


def _soulshift(t: Translator, ab: JObj) -> list[dict]:
    """Soulshift N (702.46a): "When this permanent is put into a graveyard from the
    battlefield, you may return target Spirit card with mana value N or less from your
    graveyard to your hand." """
    n = _keyword_number(t, ab, "SoulshiftAbility", "amount")
    return [
        {
            "keyword": "Soulshift",
            "when": "self_dies",
            "optional": True,
            "targets": [
                {
                    "count": 1,
                    "what": "card_in_your_graveyard",
                    "filter": {"subtypes": ["Spirit"], "mv": ["<", n + 1]},
                }
            ],
            "ops": [{"op": "return_from_graveyard", "to": "hand", "what": "target"}],
        }
    ]


def _kind_of(cls: str, fw: Framework | None = None, extends: str = "") -> str:
    """The kind of ability a class is (for the untranslated list): by name, else by what
    it extends in the framework."""
    if cls in TRIGGERS or cls in DELAYED:
        return "trigger"
    if cls in _ACTIVATED or cls == "LoyaltyAbility":
        return "activated"
    if cls in _MANA:
        return "mana"
    for name in [cls, extends, *(fw.ancestors(extends or cls) if fw else [])]:
        if not name:
            continue
        if "ManaAbility" in name:
            return "mana"
        if "Triggered" in name:
            return "trigger"
        if "Activated" in name or name == "LoyaltyAbility":
            return "activated"
    return "static"


def _plain_etb(out: dict) -> bool:
    return set(out) <= {"when", "ops", "targets", "optional"}


def _merge_entry(top: dict, extra: dict) -> None:
    for k, v in extra.items():
        if k in top and isinstance(v, list):
            top[k] = top[k] + v
        elif k in top and isinstance(v, dict):
            top[k] = {**top[k], **v}
        else:
            top[k] = v


#: The fields of a trigger that say which events trigger it (kept on an untranslated one).
_EVENT_KEYS = ("when", "filter", "zone", "who", "n", "attacks_you", "min_attackers")


def _untrans_record(a: AbilityResult) -> dict:
    out = {"ability": a.kind, "class": a.missing}
    if a.kind != a.cls and a.cls and a.cls != a.missing:
        out["in"] = a.cls
    if a.event:
        out["event"] = a.event
    return out


def _check_refs(ctx: EffectCtx, specs: list, where: str) -> None:
    if any(r >= len(specs) for r in ctx.target_refs):
        raise Untranslated(where, "effect targets something the ability doesn't target")


_RETARGET = {
    "object": {
        "target": "trigger_object",
        "targets": "trigger_object",
        "target_player": "controller_of_trigger_object",
        "controller_of_target": "controller_of_trigger_object",
    },
    "player": {
        "target": "trigger_player",
        "targets": "trigger_player",
        "target_player": "trigger_player",
        "controller_of_target": "trigger_player",
    },
}


def _is_true(args: object) -> bool:
    """A call's single argument is the literal ``true``."""
    return isinstance(args, (list, tuple)) and len(args) == 1 and args[0] is True


def _retarget(node: object, kind: str) -> None:
    table = _RETARGET[kind]
    if isinstance(node, dict):
        for k, v in list(node.items()):
            if (
                k in ("what", "who", "to", "controller", "controlled_by", "by")
                and isinstance(v, str)
                and v in table
            ):
                node[k] = table[v]
            elif isinstance(v, dict | list) and k not in (
                "filter",
                "targets",
                "mode_targets",
                "cond",
            ):
                _retarget(v, kind)
    elif isinstance(node, list):
        for x in node:
            _retarget(x, kind)


def cost_text(costs: list[dict]) -> str:
    """The plain-language cost string the engine reads today (``"{4}{R}, {T}, sacrifice this"``)."""
    parts: list[str] = []
    for c in costs:
        k = c["cost"]
        if k == "mana":
            parts.append(c["mana"])
        elif k == "tap":
            parts.append("{T}")
        elif k == "untap":
            parts.append("{Q}")
        elif k == "sacrifice_self":
            parts.append("sacrifice this")
        elif k == "exile_self":
            parts.append("exile this")
        elif k == "discard_self":
            parts.append("discard this")
        elif k == "return_self_to_hand":
            parts.append("return this to its owner's hand")
        elif k == "pay_life":
            parts.append(f"pay {c['n']} life")
        elif k == "pay_energy":
            parts.append(f"pay {c['n']} energy")
        elif k == "loyalty":
            parts.append(f"{'+' if c['n'] > 0 else ''}{c['n']} loyalty")
        elif k == "remove_counters":
            n = c["n"]
            parts.append(
                f"remove {'a' if n == 1 else n} {c['counter']} "
                f"counter{'s' if n != 1 else ''} from this"
            )
        elif k == "put_counters":
            parts.append(f"put {c['n']} {c['counter']} counter(s) on this")
        elif k == "sacrifice":
            parts.append(f"sacrifice {c['n']} {_filter_words(c.get('filter'))}")
        elif k == "discard":
            parts.append(f"discard {c['n']} card(s)")
        elif k == "discard_hand":
            parts.append("discard your hand")
        elif k == "tap_permanents":
            parts.append(f"tap {c['n']} untapped {_filter_words(c.get('filter'))}")
        elif k == "exile_from_graveyard":
            parts.append(f"exile {c['n']} card(s) from your graveyard")
        elif k == "exile_from_hand":
            parts.append(f"exile {c['n']} card(s) from your hand")
        elif k == "reveal_from_hand":
            parts.append(f"reveal {c['n']} card(s) from your hand")
        elif k == "return_to_hand":
            parts.append(f"return {c['n']} {_filter_words(c.get('filter'))} to hand")
        elif k == "one_of":
            parts.append(" or ".join(cost_text(o) for o in c["options"]))
        else:
            parts.append(k.replace("_", " ") + (f" {c['n']}" if "n" in c else ""))
    return ", ".join(parts)


def _filter_words(f: dict | None) -> str:
    if not f:
        return "permanent(s)"
    words = []
    if f.get("other"):
        words.append("other")
    if f.get("token") is False:
        words.append("nontoken")
    words.extend(s for s in f.get("subtypes", []))
    words.extend(t.lower() for t in f.get("types", []))
    if f.get("types_any"):
        words.append(" or ".join(t.lower() for t in f["types_any"]))
    return " ".join(words) or "permanent(s)"


__all__ += ["keyword_name"]
