"""What a card does, in plain English generated from its effect data (not the printed text).

``describe(card) -> list[str]``: one sentence per ability ("Deals 3 damage to any
target.", "When this enters, draw a card.", "Chapter I: ..."). A part the engine does
not simulate is said so where it is: "(not simulated: scry)", from ``engine.views.coverage``.
The sentences are plain text; views escape them when they render them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards.definitions import CardDef
from engine.rules import cast_only
from engine.views import coverage

__all__ = ["NOT_SIMULATED", "describe", "ops_text"]

NOT_SIMULATED = "What it does is not simulated."
_NUM = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
_WHO = {
    "you": "you",
    "each_opponent": "each opponent",
    "target_opponent": "target opponent",
    "target_player": "target player",
    "each_player": "each player",
    "active_player": "that turn's player",
    "controller_of_target": "its controller",
    "trigger_player": "that player",
    "controller_of_trigger_object": "its controller",
    "controller_of_attached": "its controller",
}
_TARGET = {
    "any": "any target",
    "creature_or_planeswalker": "target creature or planeswalker",
    "player_or_planeswalker": "target player or planeswalker",
    "nonland_permanent": "target nonland permanent",
    "card_in_graveyard": "target card in a graveyard",
    "card_in_your_graveyard": "target card in your graveyard",
    "card_in_opponents_graveyard": "target card in an opponent's graveyard",
    "card_in_exile": "target exiled card",
    "card_in_hand": "a card in your hand",
    "stack_object": "target spell or ability",
    "spell_or_permanent": "target spell or permanent",
    "permanent_or_player": "target permanent or player",
    "opponent_or_planeswalker": "target opponent or planeswalker",
}
_WHEN = {
    "self_dies": "this dies",
    "self_attacks": "this attacks",
    "self_blocks": "this blocks",
    "self_blocks_or_becomes_blocked": "this blocks or becomes blocked",
    "self_attacks_alone": "this attacks alone",
    "self_damage_to_opponent": "this deals damage to an opponent",
    "one_or_more_combat_damage_to_player": "one or more creatures deal combat damage to a player",
    "creature_attacks_alone": "a creature you control attacks alone",
    "self_attacks_unblocked": "this attacks and isn't blocked",
    "self_blocks_creature": "this blocks a creature",
    "self_blocked_by_creature": "this becomes blocked by a creature",
    "self_blocks_or_blocked_by_creature": "this blocks or becomes blocked by a creature",
    "self_enters": "this enters",
    "self_leaves_battlefield": "this leaves the battlefield",
    "landfall": "a land you control enters",
    "your_upkeep": "at the beginning of your upkeep",
    "your_end_step": "at the beginning of your end step",
    "each_upkeep": "at the beginning of each upkeep",
    "you_cast_spell": "you cast a spell",
    "opponent_casts_spell": "an opponent casts a spell",
    "creature_dies": "a creature dies",
    "permanent_enters": "a permanent enters",
    "you_gain_life": "you gain life",
    "you_draw": "you draw a card",
    "you_discard": "you discard a card",
    "you_cascade": "you cascade",
    "you_discover": "you discover",
    "self_combat_damage_to_player": "this deals combat damage to a player",
    "self_combat_damage_to_creature": "this deals combat damage to a creature",
    "your_precombat_main": "at the beginning of your precombat main phase",
    "your_beginning_of_combat": "at the beginning of combat on your turn",
    "self_cycled": "you cycle this card",
}


def _n(v: Any, noun: str = "") -> str:
    """An amount in words: 1 -> "a card", 2 -> "two cards", "X" -> "X cards"."""
    if v == "all":
        return f"all {noun}s".strip()
    if isinstance(v, int):
        word = _NUM.get(v, str(v)) if noun else str(v)
        return f"{word} {noun}{'s' if noun and v != 1 else ''}".strip()
    text = _value(v)
    return f"{text} {noun}s".strip() if noun else text


def _value(v: Any) -> str:
    if isinstance(v, dict) and "dv" in v:
        kind = str(v["dv"])
        if kind == "count":
            return f"the number of {_filter(v.get('filter'), plural=True)}"
        if kind in _VALUE_WORDS:
            return _VALUE_WORDS[kind]
        return "the " + kind.replace("_", " ")
    return str(v)


#: Dynamic values whose id doesn't read as English (the rest: "the " + the id in words).
_VALUE_WORDS = {
    "target_power": "the target's power",
    "spells_cast_this_turn": "the number of spells you've cast this turn",
    "other_spells_mv_this_turn": "the total mana value of the other spells you've cast this turn",
}


def _filter(f: Any, *, plural: bool = False) -> str:
    """A structured filter in a few words ("creatures you control"); words pass through."""
    if isinstance(f, str):
        return f
    if not isinstance(f, dict):
        return "permanents" if plural else "permanent"
    words: list[str] = []
    if f.get("token") is False:
        words.append("nontoken")
    if f.get("tapped") is True:
        words.append("tapped")
    words += [c for c in f.get("subtypes") or []]
    types = [t.lower() for t in f.get("types") or f.get("types_any") or []]
    joiner = " and " if f.get("types") else " or "
    noun = joiner.join(types) if types else "permanent"
    for nt in f.get("not_types") or []:
        words.insert(0, f"non{nt.lower()}")
    if plural:
        noun = noun + ("s" if not noun.endswith("s") else "")
    words.append(noun)
    tail = {
        "you": " you control",
        "opponent": " an opponent controls",
        "not_you": " you don't control",
    }.get(str(f.get("controller")), "")
    for key, label in (("power", "power"), ("toughness", "toughness"), ("mv", "mana value")):
        cmp = f.get(key)
        if isinstance(cmp, list) and len(cmp) == 2:
            tail += f" with {label} {cmp[0]} {cmp[1]}"
    if f.get("other"):
        words.insert(0, "other")
    return " ".join(words) + tail


def _target(spec: Mapping[str, Any] | None) -> str:
    if not spec:
        return "the target"
    what = str(spec.get("what", "any"))
    phrase = _TARGET.get(what) or f"target {what.replace('_', ' ')}"
    if isinstance(spec.get("filter"), dict):
        phrase = "target " + _filter(
            {
                **spec["filter"],
                "types": spec["filter"].get("types")
                or (
                    [what.capitalize()]
                    if what in ("creature", "artifact", "enchantment", "land", "planeswalker")
                    else []
                ),
            }
        )
    count = spec.get("count", 1)
    if count != 1:
        lead = "up to " if spec.get("min") == 0 else ""
        phrase = f"{lead}{_n(count)} " + phrase.replace("target ", "target ", 1) + "s"
    elif spec.get("min") == 0:
        phrase = "up to one " + phrase
    return phrase


def _verb_s(subject: str, verb: str) -> str:
    """ "each creature gets", "creatures you control get"."""
    head = subject.split(" ", 1)[0].lower()
    plural = (
        head.endswith("s")
        and head not in ("this", "its")
        and not subject.startswith(("each ", "target ", "another ", "up to one "))
    )
    return verb if plural else verb + "s"


_ABILITY_WORDS = {
    "trigger": "A triggered ability",
    "static": "A static ability",
    "spell": "The spell",
    "activated": "An activated ability",
    "mana": "A mana ability",
    "card": "The card",
}


class _Say:
    """Phrases for one ability: its target specs name "target" references."""

    def __init__(self, specs: Sequence[Mapping[str, Any]]) -> None:
        self.specs = list(specs or [])

    def ref(self, r: Any, op: Mapping[str, Any]) -> str:
        if r in ("target", "targets", None) or isinstance(r, dict):
            i = int(op.get("target", 0) or 0)
            return _target(self.specs[i] if i < len(self.specs) else None)
        if r == "self":
            return "this"
        if r == "all":
            return "each " + _filter(op.get("filter"))
        if r == "trigger_object":
            return "that object"
        return str(r).replace("_", " ")

    def who(self, op: Mapping[str, Any], key: str = "who") -> str:
        return _WHO.get(str(op.get(key) or "you"), str(op.get(key)).replace("_", " "))

    def op(self, o: Any) -> str:
        if not isinstance(o, dict):
            return str(o)
        name = str(o.get("op", "?"))
        fn = getattr(self, "op_" + name, None)
        text = fn(o) if fn else self.generic(o)
        if o.get("optional"):
            text = "you may " + text
        return text

    @staticmethod
    def verb(who: str, base: str, third: str) -> str:
        return f"{base}" if who == "you" else f"{who} {third}"

    def generic(self, o: Mapping[str, Any]) -> str:
        words = str(o.get("op")).replace("_", " ")
        if o.get("hint"):
            return str(o["hint"])
        bits = [
            f"{k} {self.ref(v, o) if k in ('what', 'to') else _value(v)}"
            for k, v in o.items()
            if k not in ("op", "then", "filter", "if", "note") and isinstance(v, str | int | dict)
        ]
        return words + (f" ({', '.join(bits)})" if bits else "")

    # one method per common op -------------------------------------------------------
    def op_damage(self, o: Mapping[str, Any]) -> str:
        to = o.get("to", "target")
        where = self.ref(to, o) if to in ("target", "all", "self") else self.who({"w": to}, "w")
        return f"deals {_value(o.get('amount', 0))} damage to {where}"

    def op_draw(self, o: Mapping[str, Any]) -> str:
        return self.verb(self.who(o), "draw", "draws") + " " + _n(o.get("n", 1), "card")

    def op_discard(self, o: Mapping[str, Any]) -> str:
        n = o.get("n", 1)
        what = "their hand" if n == "hand" else _n(n, "card")
        return self.verb(self.who(o), "discard", "discards") + " " + what

    def op_mill(self, o: Mapping[str, Any]) -> str:
        return self.verb(self.who(o), "mill", "mills") + " " + _n(o.get("n", 1), "card")

    def op_scry(self, o: Mapping[str, Any]) -> str:
        return f"scry {_value(o.get('n', 1))}"

    def op_surveil(self, o: Mapping[str, Any]) -> str:
        return f"surveil {_value(o.get('n', 1))}"

    def op_gain_life(self, o: Mapping[str, Any]) -> str:
        return self.verb(self.who(o), "gain", "gains") + f" {_value(o.get('n', 0))} life"

    def op_lose_life(self, o: Mapping[str, Any]) -> str:
        return self.verb(self.who(o), "lose", "loses") + f" {_value(o.get('n', 0))} life"

    def op_destroy(self, o: Mapping[str, Any]) -> str:
        return "destroy " + self.ref(o.get("what"), o)

    def op_exile(self, o: Mapping[str, Any]) -> str:
        if o.get("what") == "graveyard":
            return f"exile {self.who(o)}'s graveyard"
        return "exile " + self.ref(o.get("what"), o)

    def op_return_to_hand(self, o: Mapping[str, Any]) -> str:
        return f"return {self.ref(o.get('what'), o)} to its owner's hand"

    def op_return_from_graveyard(self, o: Mapping[str, Any]) -> str:
        where = "the battlefield" if str(o.get("to")).startswith("battlefield") else "your hand"
        return f"return {self.ref(o.get('what', 'target'), o)} to {where}"

    def op_create_token(self, o: Mapping[str, Any]) -> str:
        pt = f"{o['pt']} " if o.get("pt") else ""
        count = o.get("count", 1)
        noun = f"{pt}{o.get('token', '')} token".strip()
        return "create " + (
            _n(count, noun) if isinstance(count, int) else f"{_value(count)} {noun}s"
        )

    def op_earthbend(self, o: Mapping[str, Any]) -> str:
        what = self.ref(o.get("what", "target"), o)
        return (
            f"earthbend {_value(o.get('n', 1))} ({what} becomes a 0/0 creature with haste "
            "that's still a land, with that many +1/+1 counters; when it dies or is "
            "exiled, it returns to the battlefield tapped)"
        )

    def op_create_role(self, o: Mapping[str, Any]) -> str:
        kind = (o.get("creates") or {}).get("token", "")
        return f"create a {kind} Role token attached to {self.ref(o.get('what', 'target'), o)}"

    def op_add_counters(self, o: Mapping[str, Any]) -> str:
        n = o.get("n", 1)
        what = self.ref(o.get("what", "self"), o)
        return f"put {_n(n, str(o.get('counter', '')) + ' counter')} on {what}"

    def op_pump(self, o: Mapping[str, Any]) -> str:
        p, t = _value(o.get("power", 0)), _value(o.get("toughness", 0))
        sign = lambda v: v if str(v).startswith("-") else f"+{v}"  # noqa: E731
        until = " until end of turn" if o.get("duration") == "end_of_turn" else ""
        who = self.ref(o.get("who"), o)
        return f"{who} {_verb_s(who, 'get')} {sign(p)}/{sign(t)}{until}"

    def op_grant(self, o: Mapping[str, Any]) -> str:
        kws = ", ".join(str(k).lower() for k in o.get("keywords") or []) or "an ability"
        until = " until end of turn" if o.get("duration") == "end_of_turn" else ""
        who = self.ref(o.get("who"), o)
        return f"{who} {_verb_s(who, 'gain')} {kws}{until}"

    def op_add_mana(self, o: Mapping[str, Any]) -> str:
        mana = str(o.get("mana", ""))
        return "add " + (mana.replace("_", " ") + " mana" if "{" not in mana else mana)

    def op_search_library(self, o: Mapping[str, Any]) -> str:
        to = str(o.get("to", "hand")).replace("_", " ")
        what = _filter(o.get("filter")) if o.get("filter") else "card"
        return f"search your library for a {what}, put it into your {to}, then shuffle"

    def op_tap(self, o: Mapping[str, Any]) -> str:
        return "tap " + self.ref(o.get("what"), o)

    def op_untap(self, o: Mapping[str, Any]) -> str:
        return "untap " + self.ref(o.get("what"), o)

    def op_sacrifice(self, o: Mapping[str, Any]) -> str:
        what = o.get("what")
        if what == "self":
            return "sacrifice this"
        if what == "chosen" or isinstance(o.get("filter"), dict):
            who = self.who(o)
            return (
                self.verb(who, "sacrifice", "sacrifices")
                + " "
                + _n(o.get("n", 1), _filter(o.get("filter")))
            )
        if isinstance(what, str) and what.startswith("all"):
            return f"sacrifice {what}"
        return f"sacrifice {_n(o.get('n', o.get('count', 1)), str(what or 'permanent'))}"

    def op_counter_spell(self, o: Mapping[str, Any]) -> str:
        unless = f" unless its controller pays {o['unless_pay']}" if o.get("unless_pay") else ""
        return f"counter {self.ref(o.get('what', 'target'), o)}{unless}"

    def op_discover(self, o: Mapping[str, Any]) -> str:
        return f"discover {_value(o.get('n', 0))}"

    def op_lore_counter(self, o: Mapping[str, Any]) -> str:
        return f"put {_n(o.get('n', 1), 'lore counter')} on this Saga"

    def op_proliferate(self, o: Mapping[str, Any]) -> str:
        return "proliferate"

    def op_living_death(self, o: Mapping[str, Any]) -> str:
        f = _filter(o.get("filter"), plural=True)
        return (
            f"each player exiles all {f} cards from their graveyard, then sacrifices all "
            f"{f}, then puts all cards they exiled this way onto the battlefield"
        )

    def op_balance(self, o: Mapping[str, Any]) -> str:
        noun = {
            "lands": "lands they control",
            "creatures": "creatures they control",
            "hand": "cards in hand",
        }.get(str(o.get("of")), str(o.get("of")))
        return (
            f"each player keeps as many {noun} as the player with the fewest and "
            f"{'discards' if o.get('of') == 'hand' else 'sacrifices'} the rest"
        )

    def op_can_block_additional(self, o: Mapping[str, Any]) -> str:
        if o.get("n") is None:
            return "it can block any number of creatures"
        return f"it can block {_n(o.get('n'))} additional creature{'s' if o.get('n') != 1 else ''}"

    def op_min_blockers(self, o: Mapping[str, Any]) -> str:
        return f"it can't be blocked except by {_n(o.get('n'))} or more creatures"

    def op_draw_replacement(self, o: Mapping[str, Any]) -> str:
        return (
            f"as long as you have {_n(o.get('max_hand', 1))} or fewer cards in hand, if you "
            f"would draw one or more cards, you draw that many plus {_n(o.get('extra', 1))} "
            "instead"
        )

    def op_grant_player(self, o: Mapping[str, Any]) -> str:
        return f"you have {', '.join(o.get('keywords') or ()).lower()}"

    def op_may(self, o: Mapping[str, Any]) -> str:
        return "you may " + self.ops(o.get("ops") or [])

    def op_lasting_trigger(self, o: Mapping[str, Any]) -> str:
        how = (
            "until your next turn" if o.get("duration") == "until_your_next_turn" else ("this turn")
        )
        when = _WHEN.get(str(o.get("when"))) or str(o.get("when")).replace("_", " ")
        flt = o.get("filter")
        if flt:
            when += f" ({_filter(flt)})"
        say = _Say(o.get("targets") or [])
        first = "the next time" if o.get("once") else "whenever"
        return f"{how}, {first} {when}, {say.ops(o.get('effect') or [])}"

    def op_if(self, o: Mapping[str, Any]) -> str:
        cond = o.get("cond")
        what = cond.get("cond", "") if isinstance(cond, dict) else cond
        text = f"if {str(what).replace('_', ' ')}, {self.ops(o.get('then') or [])}"
        if o.get("else"):
            text += f"; otherwise, {self.ops(o['else'])}"
        return text

    def ops(self, ops: Sequence[Any]) -> str:
        parts = []
        for o in ops:
            parts.append(self.op(o))
            if isinstance(o, dict) and isinstance(o.get("then"), list) and o["op"] != "if":
                parts.append("then " + self.ops(o["then"]))
        return ", ".join(p for p in parts if p)


def ops_text(ops: Sequence[Any], specs: Sequence[Mapping[str, Any]] = ()) -> str:
    """A list of ops as one sentence ("Deals 3 damage to any target.")."""
    return _sentence(_Say(specs).ops(ops))


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _cost_text(a: Mapping[str, Any]) -> str:
    if a.get("cost"):
        return str(a["cost"])
    parts = []
    for c in a.get("costs") or []:
        if isinstance(c, dict):
            parts.append(
                str(
                    c.get("mana")
                    or {"tap": "{T}"}.get(str(c.get("cost")))
                    or str(c.get("cost", "")).replace("_", " ")
                )
            )
    return ", ".join(parts) or "Activate"


def _when_text(when: Any) -> str:
    text = _WHEN.get(str(when)) or str(when).replace("_", " ").replace("self ", "this ")
    return text[0].upper() + text[1:] if text.startswith("at ") else f"Whenever {text}"


def _ability_text(entry: Mapping[str, Any], a: coverage.AbilityCoverage, idx: dict) -> str:
    """The sentence of one ability, found again in the entry by its kind and order."""
    k = a.kind
    if k in ("spell", "mode"):
        if k == "mode":
            i = idx.setdefault("mode", 0)
            idx["mode"] += 1
            specs = (
                (entry.get("mode_targets") or [])[i]
                if i < len(entry.get("mode_targets") or [])
                else []
            )
            ops = [*(entry.get("spell") or []), *entry["modes"][i]]
            return f"Mode {i + 1}: " + ops_text(ops, [*(entry.get("targets") or []), *specs])
        return ops_text(entry.get("spell") or [], entry.get("targets") or [])
    if k == "etb":
        return "When this enters, " + _lower(ops_text(entry["etb"], entry.get("etb_targets") or []))
    if k == "trigger":
        i = idx.setdefault("trigger", 0)
        idx["trigger"] += 1
        t = entry["triggers"][i]
        return f"{_when_text(t.get('when'))}, " + _lower(
            ops_text(t.get("ops") or [], t.get("targets") or [])
        )
    if k == "activated":
        i = idx.setdefault("activated", 0)
        idx["activated"] += 1
        ab = entry["activated"][i]
        return f"{_cost_text(ab)}: " + ops_text(ab.get("ops") or [], ab.get("targets") or [])
    if k == "static":
        i = idx.setdefault("static", 0)
        idx["static"] += 1
        return ops_text([entry["static"][i]])
    return ""


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def describe(card: CardDef, checks: coverage.Checkers | None = None) -> list[str]:
    """Plain-English sentences for what the engine does with ``card``, one per ability;
    an ability with a part that is not simulated ends "(not simulated: <parts>)"."""
    cov = coverage.card_coverage(card, checks)
    if not cov.has_data:
        return [NOT_SIMULATED]
    entry = card.effects or {}
    faces: dict = entry["faces"] if isinstance(entry.get("faces"), dict) else {}
    chapters: dict[str, dict] = {}
    for ab in coverage.chapter_abilities(card):
        key = "chapter " + ", ".join(_roman(n) for n in ab.get("chapters") or [])
        chapters[key] = ab
    out: list[str] = []
    indexes: dict[str | None, dict] = {}
    for a in cov.abilities:
        sub = entry if a.face is None else faces.get(a.face, {})
        idx = indexes.setdefault(a.face, {})
        if a.kind == "chapter":
            ab = chapters.get(a.label, {})
            body = ops_text(ab.get("ops") or [], ab.get("targets") or []) if ab.get("ops") else ""
            text = f"Chapter {a.label.split(' ', 1)[1]}: {body}".rstrip(": ")
        elif a.kind == "restriction":  # 601.3: the printed words, or the condition's
            cond = sub.get("cast_only")
            text = (
                cond[:1].upper() + cond[1:]
                if isinstance(cond, str)
                else f"Cast this spell only {cast_only.phrase(cond)}."
            )
        elif a.kind == "untranslated":
            text = _ABILITY_WORDS.get(a.label.split(" (")[0], "An ability")
        else:
            text = _ability_text(sub, a, idx)
        if a.kind == "mode" and idx.get("mode") == 1:
            choose = sub.get("choose", 1)
            out.append(
                f"Choose {_NUM.get(choose, choose) if isinstance(choose, int) else choose} —"
            )
        if a.face:
            text = f"{a.face}: {text}"
        if a.missing:
            text = f"{text.rstrip('.')} (not simulated: {'; '.join(a.missing)})."
        elif a.combat_only:
            text = (
                f"{text.rstrip('.')} (only matters in combat, which the playground doesn't have)."
            )
        out.append(text)
    if not out:
        kws = ", ".join(card.keywords)
        out.append(f"Keyword abilities only: {kws}." if kws else "No abilities of its own.")
    return out


def _roman(n: Any) -> str:
    from engine.rules.saga import roman

    return roman(int(n))
