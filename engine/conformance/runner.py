"""Run the translated XMage card tests and sort the outcomes (see the package docstring).

A case runs its scenario with ``XMagePolicy``: each decision the engine asks is answered
from the test's own scripted answers, per player and in order, the way XMage's
TestPlayer consumes them (``addTarget`` for targets and cards to pick, ``setModeChoice``
for modes, ``setChoice`` for the rest; a forced decision, one option, needs none). A
decision the test does not answer fails the case in XMage's strict choose mode; without
it XMage's AI would have chosen, so the case is not translated after all (``ai_choice``).
Then the assertions are checked on the final state (a mid-game check, ``at`` K, on the
state just before the scenario's action K); they alone decide. Answers left
over at the end (XMage's ``assertAllCommandsUsed`` fails on them) are kept with the
result (``answers_unused``): the engine asks no decision that has one option, and a
keyword it doesn't simulate asks nothing, so a leftover is a lead, not a verdict.

It reads the scenario, game and policy modules, plus ``engine.views.coverage`` for what is claimed
fully simulated (one place: ``claimed_full``).
"""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.base import limits
from engine.base.errors import SchemaError
from engine.cards.carddb import UnknownCardError, default_pool
from engine.core.game import GameError
from engine.core.policy import ChoiceError, Policy
from engine.core.state import GameState
from engine.scenario.scenario import Scenario, ScenarioError

DATA = Path(__file__).resolve().parent / "data"
SUITE = DATA / "xmage_tests.json.gz"
REVIEWED = DATA / "reviewed.json"
YES = ("yes", "pay", "cast")
NO = ("no", "decline")


class _Stop(ChoiceError):
    """Raised from the policy to end the run: ``why`` is a failure, or ``ai_choice``."""

    def __init__(self, why: str, ai: str = "") -> None:
        super().__init__(why)
        self.why, self.ai = why, ai  # ai: the not-translated reason, when it is one


def load_suite(path: str | Path | None = None) -> dict:
    with open(path or SUITE, "rb") as f:
        return json.loads(gzip.decompress(f.read()).decode("utf-8"))


def load_reviewed(path: str | Path | None = None) -> dict[str, dict]:
    """Test id -> {"class": "xmage_differs" | "engine", "reason", "rule"?}: failures
    examined by hand. ``xmage_differs``: XMage is wrong, the CR rule decides;
    ``engine``: ours, with its root cause (a known failure until fixed)."""
    p = Path(path or REVIEWED)
    if not p.is_file():
        return {}
    return json.loads(p.read_text(encoding="utf-8")).get("tests", {})


# ------------------------------------------------------------------ answers
class XMagePolicy(Policy):
    def __init__(self, answers: list[dict], strict: bool) -> None:
        self.q = [
            {k: list(v) for k, v in (answers[p] if p < len(answers) else {}).items()}
            for p in (0, 1)
        ]
        self.strict = strict
        self.stopped: _Stop | None = None

    def _stop(self, why: str, ai: str = "") -> _Stop:
        self.stopped = _Stop(why, ai)
        return self.stopped

    def left_over(self) -> list[str]:
        out = []
        for p, q in enumerate(self.q):
            for kind, items in q.items():
                if items:
                    out.append(f"player {p} {kind}: {items[:3]}")
        return out

    def answer(self, decision: Any) -> str | None:
        opts = decision.options
        keys = [o.key for o in opts]
        p = decision.player if decision.player in (0, 1) else 0
        q = self.q[p]
        kind = str(decision.kind)
        if len(opts) == 1:
            # a forced decision needs no answer; XMage's prompt for it may still have
            # consumed one (a single legal target): the matching one is used up
            if kind == "target" and q.get("targets") and _match_ref(q["targets"][0][0], opts):
                refs = q["targets"].pop(0)
                if len(refs) > 1:
                    q["targets"].insert(0, refs[1:])
            return keys[0]
        if kind == "pay_mana":
            # XMage's TestPlayer pays with its own auto-payment, which the test doesn't
            # script: with several ways to pay (601.2g-h), which one it takes isn't mapped
            raise self._stop(f"{kind} ({decision.prompt[:80]})", ai="mana:payment_choice")
        picks_card = any(o.ref for o in opts) or (
            q.get("targets") and not q.get("choices") and _match_ref(q["targets"][0][0], opts)
        )
        if kind == "target" or (picks_card and q.get("targets") and not _yes_no(keys)):
            if q.get("targets"):
                refs = q["targets"][0]
                ref = refs[0] if refs else None
                if len(refs) > 1:
                    q["targets"][0] = refs[1:]
                else:
                    q["targets"].pop(0)
                got = _match_ref(ref, opts)
                if got is None:
                    raise self._stop(
                        f"target {ref} is not an option of {kind}: {[o.label for o in opts][:6]}"
                    )
                return got
        elif kind == "choose_mode" and q.get("modes"):
            mode = q["modes"].pop(0)
            if mode == "[mode_skip]" and "mode:done" in keys:
                return "mode:done"
            # XMage numbers the modes as printed; the engine's labels say "Mode N: ..."
            # (a mode already chosen is no longer offered, so the position can't be used)
            for o in opts:
                m = re.match(r"Mode (\d+)\b", o.label)
                if m and m.group(1) == mode:
                    return o.key
            raise self._stop(f"mode {mode!r} is not an option: {keys}")
        elif q.get("choices"):
            choice = q["choices"].pop(0)
            if kind == "order_triggers" and len({_plain(o.label) for o in opts}) == 1:
                return keys[0]  # the same ability twice: either order is the same (603.3b)
            got = _match_choice(choice, opts, keys)
            if got is None:
                # XMage names its option in its own words (a trigger by its rule text...): when
                # no option of ours reads so, the answer can't be mapped exactly
                labels = [o.label for o in opts][:6]
                why = f"choice {choice!r} is not an option of {kind}: {labels}"
                raise self._stop(why, ai=f"answer_unmatched:{kind}")
            return got
        if not self.strict:
            raise self._stop(f"decision {kind} left to XMage's AI", ai="ai_choice")
        if any(q.get(k) for k in ("targets", "choices", "modes")):
            # the test answers it in another shape (XMage picks the surveilled cards at
            # once, the engine asks card by card): not mapped exactly
            raise self._stop(
                f"{kind} ({decision.prompt[:80]}): the test's answers don't fit it",
                ai=f"answer_unmatched:{kind}",
            )
        raise self._stop(f"the engine asks {kind} ({decision.prompt[:80]}), the test answers none")


def _plain(label: str) -> str:
    """A label without its object id or instance number: "Keep X (o72)" -> "Keep X"."""
    return re.sub(r" \(o\d+\)$| #\d+$", "", label)


def _negative(o: Any) -> bool:
    """The "no" side of a yes/no question (decline, don't kick, take none)."""
    return o.key in NO or o.key in ("no_kick", "card:none") or o.label.startswith(("Don't", "None"))


def _yes_no(keys: list[str]) -> bool:
    return any(k in YES for k in keys) and any(k in NO for k in keys)


def _match_choice(choice: str, opts: Any, keys: list[str]) -> str | None:
    if choice == "[choice_skip]":
        return next((k for k in keys if k in SKIP_KEYS), None)
    if choice in ("Yes", "No"):
        neg = [o.key for o in opts if _negative(o)]
        if len(opts) == 2 and len(neg) == 1:
            return neg[0] if choice == "No" else next(k for k in keys if k != neg[0])
        return None
    if choice.startswith("Cast with alternative cost"):
        # XMage offers the alternative cost as a spell ability of its own (118.9, 601.2b):
        # our decision's alternative option, when there is exactly one
        alts = [k for k in keys if k.startswith("cost:alt")]
        return alts[0] if len(alts) == 1 else None
    if choice.startswith("X="):
        n = choice[2:]
        for o in opts:
            if o.key.rsplit(":", 1)[-1] == n or o.label.strip() == n:
                return o.key
        return None
    low = choice.lower()
    for o in opts:
        if o.label.lower() == low or (o.ref and o.ref.get("card") == choice):
            return o.key
    hits = [o for o in opts if low in o.label.lower()]
    if len({_plain(o.label) for o in hits}) == 1:
        return hits[0].key  # one option, or the same one for several objects of that name
    return None


SKIP_KEYS = ("target:none", "mode:done", "card:none", "none", "skip", "decline")


def _match_ref(ref: dict | None, opts: Any) -> str | None:
    if ref is None:
        return None
    if ref.get("skip"):  # XMage's TARGET_SKIP: stop choosing ("up to" targets)
        return next((o.key for o in opts if o.key in SKIP_KEYS), None)
    for o in opts:
        r = o.ref or {}
        if "player" in ref:
            if r.get("player") == ref["player"] and "card" not in r:
                return o.key
        elif ref.get("card") in (r.get("card"), *(r.get("names") or ())):
            return o.key
    if "card" in ref:  # a card picked by an option without an object ref ("Take X")
        hits = [o for o in opts if not o.ref and ref["card"] in o.label]
        if len({_plain(o.label) for o in hits}) == 1:
            return hits[0].key
    return None


# ------------------------------------------------------------------ checks
def _token_name(name: str) -> str:
    low = name.lower()
    return low[: -len(" token")] if low.endswith(" token") else low


def _named(obj: Any, name: str, permanent: bool = False) -> bool:
    """XMage's name test: the card's name or the face it is now; a token is named
    "Soldier Token" in XMage, "Soldier" (or "Soldier token") in the engine. Off the
    battlefield XMage names an adventurer / MDFC card by its main face, and a permanent
    with no face chosen too; a permanent showing a face has that face's name (a
    transformed one its back face's, 712.8d)."""
    if obj.name == name or obj.card.name == name:
        return True
    if (not permanent or not obj.face) and obj.card.faces[0].name == name:
        return True
    return bool(obj.is_token) and _token_name(obj.name) == _token_name(name)


def _battlefield(state: GameState) -> list[Any]:
    return [state.obj(i) for p in state.players for i in p.battlefield]


def _controller(state: GameState, obj: Any) -> int:
    return state.characteristics(obj.id).controller


def check(state: GameState, e: dict) -> str | None:
    """None when the expectation holds, else what differs."""
    c = e["check"]
    name = e.get("card")
    p = e.get("player")
    if p is None and c in (
        "graveyard_count",
        "hand_count",
        "library_count",
        "life",
        "player_counters",
    ):
        return f"{c}: the expectation names no player"
    pi = int(p) if p is not None else -1  # a player's index where the check needs one
    if c in ("permanent_count", "token_count"):
        got = sum(
            1
            for o in _battlefield(state)
            if _controller(state, o) == p
            and (name is None or _named(o, name, permanent=True))
            and (c == "permanent_count" or o.is_token)
        )
        return (
            None if got == e["n"] else f"{c} {name or ''} of player {p}: {got}, expected {e['n']}"
        )
    if c in ("graveyard_count", "hand_count", "library_count"):
        zone = c.split("_")[0]
        objs = [state.obj(i) for i in state.players[pi].zone(zone)]
        got = sum(1 for o in objs if name is None or _named(o, name))
        return (
            None if got == e["n"] else f"{c} {name or ''} of player {p}: {got}, expected {e['n']}"
        )
    if c == "exile_count":
        objs = [state.obj(i) for pl in state.players for i in pl.exile]
        got = sum(
            1 for o in objs if (p is None or o.owner == p) and (name is None or _named(o, name))
        )
        return None if got == e["n"] else f"exile_count {name or ''} {p}: {got}, expected {e['n']}"
    if c == "life":
        got = state.players[pi].life
        return None if got == e["n"] else f"life of player {p}: {got}, expected {e['n']}"
    if c == "player_counters":
        got = state.players[pi].counters.get(e["counter"], 0)
        return (
            None
            if got == e["n"]
            else f"{e['counter']} counters of player {p}: {got}, expected {e['n']}"
        )
    perms = [o for o in _battlefield(state) if name is not None and _named(o, name, True)]
    if c in ("pt", "keyword", "damage", "attached") or (
        c in ("counters", "type", "subtype", "tapped_count") and p is not None
    ):
        perms = [o for o in perms if _controller(state, o) == p]
    if c == "tapped_count":  # a count: none of that name is 0 of them
        got = sum(1 for o in perms if o.tapped == e["tapped"])
        return (
            None if got == e["n"] else f"{name} with tapped={e['tapped']}: {got}, expected {e['n']}"
        )
    if c == "attached":
        # XMage's assertAttachedTo: some permanent of that name the player controls has an
        # attachment of that name (301.5, 303.4)
        has = any(
            o.attached_to in {x.id for x in perms} and _named(o, e["attachment"], True)
            for o in _battlefield(state)
        )
        return (
            None
            if has == e["has"]
            else f"{e['attachment']} attached to {name} of player {p}: {has}, expected {e['has']}"
        )
    if not perms:
        return f"{c}: no permanent {name}" + (f" of player {p}" if p is not None else "")
    if c == "pt":
        # XMage reads 0/0 off a permanent that has no power or toughness (208.3)
        pts = [
            (state.characteristics(o.id).power or 0, state.characteristics(o.id).toughness or 0)
            for o in perms
        ]
        want = (e["power"], e["toughness"])
        ok = all(x == want for x in pts) if e.get("scope") == "all" else want in pts
        return None if ok else f"P/T of {name}: {pts}, expected {want}"
    if c == "counters":
        got = perms[0].counters.get(e["counter"], 0)
        return (
            None
            if got == e["n"]
            else f"{e['counter']} counters on {name}: {got}, expected {e['n']}"
        )
    if c == "damage":
        # XMage's assertDamageReceived reads one permanent of that name: several that
        # differ can't be matched to it
        marked = sorted({o.damage for o in perms})
        if len(marked) > 1:
            return f"damage on {name}: several permanents marked {marked}, expected {e['n']}"
        return None if marked == [e["n"]] else f"damage on {name}: {marked[0]}, expected {e['n']}"
    if c == "tapped":
        bad = [o for o in perms if o.tapped != e["tapped"]]
        return None if not bad else f"{name} tapped={bad[0].tapped}, expected {e['tapped']}"
    ch = state.characteristics(perms[0].id)
    if c == "type":
        has = e["type"] in ch.types
        return (
            None
            if has == e["has"]
            else f"{name} types {list(ch.types)}: {e['type']} expected {e['has']}"
        )
    if c == "subtype":
        has = e["subtype"] in ch.subtypes
        return (
            None
            if has == e["has"]
            else f"{name} subtypes {list(ch.subtypes)}: {e['subtype']} expected {e['has']}"
        )
    if c == "keyword":
        has = ch.has_keyword(e["keyword"])
        return (
            None
            if has == e["has"]
            else f"{name} keywords {list(ch.keywords)}: {e['keyword']} expected {e['has']}"
        )
    return f"unknown check {c}"


# ------------------------------------------------------------------ cases
@dataclass
class CaseResult:
    id: str
    status: str  # passed | failed | not_translated (ai_choice, answer_unmatched:<kind>)
    why: str = ""  # what differs (failed) or the decision (ai_choice)
    kind: str = ""  # the failure class: expect:<check>, error:<type>, decision, answers
    cards: tuple[str, ...] = ()
    outcome: str = ""  # passed | failed_not_simulated | failed_claimed_full | xmage_differs
    reviewed: dict | None = None


#: what the engine says when an action's targets don't fit the targets it asks for
_TARGET_COUNT = ("names more targets than asked for", "names too few targets")


_ANSWER_KINDS = {"targets": dict, "choices": str, "modes": str}
#: an expectation's fields and their JSON types (``check`` reads them)
_EXPECT_FIELDS: dict[str, tuple[type, ...]] = {
    "check": (str,),
    "card": (str,),
    "scope": (str,),
    "type": (str,),
    "subtype": (str,),
    "attachment": (str,),
    "keyword": (str,),
    "counter": (str,),
    "n": (int,),
    "power": (int,),
    "toughness": (int,),
    "at": (int,),
    "player": (int, type(None)),
    "has": (bool,),
    "tapped": (bool,),
}
_CASE_FIELDS = {"id", "scenario", "cards", "answers", "expect", "strict"}


def case_problem(case: Any) -> SchemaError | None:
    """What makes ``case`` unreadable as a translated test (None when it is readable): the
    shape ``run_case`` reads, checked before any of it runs. The scenario itself is
    checked by ``Scenario.from_dict``; an expectation's own fields by ``check``."""
    if not isinstance(case, dict):
        return SchemaError("", f"a case is an object, not {type(case).__name__}")
    extra = sorted(str(k) for k in case if k not in _CASE_FIELDS)
    if extra:
        return SchemaError(extra[0], f"not a field of a case (fields: {sorted(_CASE_FIELDS)})")
    if not isinstance(case.get("id"), str):
        return SchemaError("id", "the case's id is a string")
    if not isinstance(case.get("scenario"), dict):
        return SchemaError("scenario", "the case's scenario is an object")
    for name, kind in (("cards", list), ("answers", list), ("expect", list)):
        if not isinstance(case.get(name, []), kind):
            return SchemaError(name, f"a list, not {type(case[name]).__name__}")
    if not isinstance(case.get("strict", False), bool):
        return SchemaError("strict", "true or false")
    if not all(isinstance(c, str) for c in case.get("cards", [])):
        return SchemaError("cards", "card names are strings")
    for p, answers in enumerate(case.get("answers", [])):
        if not isinstance(answers, dict):
            return SchemaError(f"answers[{p}]", "one player's answers are an object")
        for kind, items in answers.items():
            want = _ANSWER_KINDS.get(kind)
            if want is None:
                return SchemaError(f"answers[{p}].{kind}", f"answers are {sorted(_ANSWER_KINDS)}")
            if not isinstance(items, list):
                return SchemaError(f"answers[{p}].{kind}", "a list")
            for i, item in enumerate(items):
                ok = (
                    isinstance(item, list) and all(isinstance(r, dict) for r in item)
                    if want is dict
                    else isinstance(item, str)
                )
                if not ok:
                    what = "a list of object references" if want is dict else "a string"
                    return SchemaError(f"answers[{p}].{kind}[{i}]", what)
    for i, e in enumerate(case.get("expect", [])):
        if not isinstance(e, dict) or not isinstance(e.get("check"), str):
            return SchemaError(f"expect[{i}]", "an expectation is an object with a check")
        for key, value in e.items():
            types = _EXPECT_FIELDS.get(key)
            if types is None:
                return SchemaError(f"expect[{i}].{key}", "not a field of an expectation")
            if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
                names = " or ".join("null" if t is type(None) else t.__name__ for t in types)
                return SchemaError(f"expect[{i}].{key}", f"a {names}")
        at = e.get("at")
        if at is not None and (not isinstance(at, int) or isinstance(at, bool) or at < 0):
            return SchemaError(f"expect[{i}].at", "an action's index (0, 1, ...)")
    return None


def run_case(case: dict, pool: Any = None) -> CaseResult:
    """One case under the engine's budgets: a typed error is a failure with its reason.
    A case that isn't shaped as one raises ``SchemaError`` naming the field at fault.
    All the runs one case takes (below) share one run's CPU allowance
    (``limits.cpu_allowance``), so a case keeps the engine's one-input promise.

    XMage's ``castSpell`` target list also answers cost choices, and ``addTarget`` gives
    the targets it leaves out: when the engine finds the action's targets too many or too
    few, the case runs once more with them moved to the front of the player's target
    answers (taken in the order the engine asks)."""
    problem = case_problem(case)
    if problem is not None:
        raise problem
    with limits.cpu_allowance():
        return _run_retargeted(case, pool)


def _run_retargeted(case: dict, pool: Any) -> CaseResult:
    got = _run_case(case, pool)
    if got.kind == "error:ScenarioError" and any(t in got.why for t in _TARGET_COUNT):
        scenario = dict(case["scenario"])
        answers = [{k: list(v) for k, v in a.items()} for a in case.get("answers") or []]
        moved: list[list] = [[], []]
        actions = []
        for a in scenario.get("actions") or ():
            a = dict(a)
            if "targets" in a:
                player = a.get("player")  # the scenario's own check: 0, 1 or absent (null)
                refs = a.pop("targets") or []
                moved[player if player in (0, 1) else 0].extend([ref] for ref in refs)
            actions.append(a)
        for p, refs in enumerate(moved):
            if p < len(answers):
                answers[p]["targets"] = refs + answers[p].get("targets", [])
        scenario["actions"] = actions
        return _run_case({**case, "scenario": scenario, "answers": answers}, pool)
    return got


#: the engine refusing one block of an attack action (engine.rules.combat.check_blocks)
_CANT_BLOCK = re.compile(r"(?:GameError|ScenarioError): (.+?) can't block (.+?): ")


def _drop_refused_block(case: dict, why: str) -> dict | None:
    """XMage's TestPlayer declares each block command through PlayerImpl.declareBlocker,
    which does nothing when its rules say the blocker can't block that attacker
    (CombatGroup.canBlock: evasion, "can block only...", a tapped blocker): the test's
    other blocks stand. So when the engine refuses one block (509.1b), the case runs
    again without it; which blocks are legal is still the engine's call. None when the
    refused block isn't one block of exactly one attack action."""
    m = _CANT_BLOCK.match(why)
    if m is None:
        return None
    blocker, attacker = m.group(1), m.group(2)
    actions = [dict(a) for a in case["scenario"].get("actions", ())]
    hits = []
    for i, a in enumerate(actions):
        for j, b in enumerate(a.get("blocks") or ()):
            atts = b["attacker"] if isinstance(b["attacker"], list) else [b["attacker"]]
            if b["blocker"] == blocker and attacker in atts:
                hits.append((i, j, atts))
    if len(hits) != 1:
        return None
    i, j, atts = hits[0]
    blocks = [dict(b) for b in actions[i]["blocks"]]
    rest = [x for x in atts if x != attacker]
    if rest:
        blocks[j]["attacker"] = rest if len(rest) > 1 else rest[0]
    else:
        del blocks[j]
    actions[i]["blocks"] = blocks
    return {**case, "scenario": {**case["scenario"], "actions": actions}}


def _run_case(case: dict, pool: Any = None) -> CaseResult:
    for _ in range(8):  # at most a few refused blocks
        got = _run_case_once(case, pool)
        again = _drop_refused_block(case, got.why) if got.kind.startswith("error:") else None
        if again is None:
            return got
        case = again
    return got


def _run_case_once(case: dict, pool: Any = None) -> CaseResult:
    pool = pool or default_pool()
    cards = tuple(case.get("cards", ()))
    policy = XMagePolicy(case.get("answers") or [], bool(case.get("strict")))
    try:
        scenario = Scenario.from_dict(case["scenario"], pool=pool)
        tl = scenario.run(pool=pool, policy=policy)
    except (ScenarioError, GameError, UnknownCardError, ChoiceError) as err:
        stop = policy.stopped
        if stop is not None:
            if stop.ai:
                return CaseResult(case["id"], "not_translated", stop.why, stop.ai, cards)
            return CaseResult(case["id"], "failed", stop.why, "decision", cards)
        return CaseResult(
            case["id"],
            "failed",
            f"{type(err).__name__}: {err}"[:300],
            f"error:{type(err).__name__}",
            cards,
        )
    except Exception as err:  # an engine bug: reported as this case's failure, never a crash
        return CaseResult(
            case["id"],
            "failed",
            f"{type(err).__name__}: {err}"[:300],
            f"crash:{type(err).__name__}",
            cards,
        )
    if tl.pending is not None:
        return CaseResult(case["id"], "failed", f"paused at {tl.pending.kind}", "decision", cards)
    n_actions = len(case["scenario"].get("actions") or ())
    for e in case.get("expect", ()):
        if e.get("check") == "playable":
            why = _playable(case, e, pool)
            if why:
                return CaseResult(case["id"], "failed", why, "expect:playable", cards)
            continue
        at_state = _state_at(tl, e.get("at"), n_actions)
        if at_state is None:
            never = f"{e['check']}: the run never reached action {e['at']}, where it is read"
            return CaseResult(case["id"], "failed", never, f"expect:{e['check']}", cards)
        try:
            why = check(at_state, e)
        except (KeyError, IndexError, TypeError, ValueError) as err:
            why = f"check {e.get('check')} can't be read: {err!r}"
        if why:
            return CaseResult(case["id"], "failed", why, f"expect:{e['check']}", cards)
    left = policy.left_over()
    # XMage's assertAllCommandsUsed would fail on answers nobody asked for; here the
    # assertions decide, and the unused answers are kept with the result: the engine
    # asks no decision with one option, and a keyword it doesn't simulate asks nothing
    why = "answers the engine never asked for: " + "; ".join(left) if left else ""
    return CaseResult(case["id"], "passed", why, "answers_unused" if left else "", cards)


class _ProbePolicy(XMagePolicy):
    """The test's answers while they fit; past them (the probe's own choices) any option:
    a cast the engine accepts with some legal choice is castable."""

    def answer(self, decision: Any) -> str | None:
        try:
            return super().answer(decision)
        except _Stop:
            self.stopped = None
            return decision.options[0].key if decision.options else None


def _playable(case: dict, e: dict, pool: Any) -> str | None:
    """XMage's checkPlayableAbility("Cast NAME", must_have): the scenario's actions before
    ``at`` are played again, then the player's cast action of that card is taken there
    (601.2: from hand, its mana paid for real, 601.2h). Accepted: castable; refused by
    the engine (timing 307.1, no legal target 601.2c, a cost it can't pay): not. None when
    that matches ``has``, else what differs."""
    actions = list(case["scenario"].get("actions") or ())
    at = e.get("at")
    at = len(actions) if at is None else at
    probe: dict = {"do": "cast", "card": e["card"]}
    if e.get("player"):
        probe["player"] = e["player"]
    scenario = {**case["scenario"], "actions": [*actions[:at], probe]}
    policy = _ProbePolicy(case.get("answers") or [], bool(case.get("strict")))
    try:
        Scenario.from_dict(scenario, pool=pool).run(pool=pool, policy=policy)
        castable, why = True, ""
    except (ScenarioError, GameError, ChoiceError) as err:
        castable, why = False, str(err)[:160]
    if castable == e["has"]:
        return None
    who = e.get("player")
    return f"playable {e['card']} for player {who}: {castable} ({why}), expected {e['has']}"


def _state_at(tl: Any, at: int | None, n_actions: int) -> GameState | None:
    """The state an expectation reads: the final one, or with ``at`` (a mid-game check)
    the state just before the scenario's action ``at`` is taken (its earlier actions and
    their stack resolved, engine.core.game.Game._take), the final state after the last."""
    if at is None or at >= n_actions:
        return tl.final
    frames = tl.action_frames
    if at >= len(frames):
        return None
    return tl.frames[frames[at]].state


_CLAIMS: dict[str, bool] = {}


def claimed_full(name: str, pool: Any = None) -> bool:
    """What ``engine.views.coverage`` claims: the card is fully simulated. A basic land (no
    effect data, its mana ability is mana the engine assumes paid) counts as full."""
    if name not in _CLAIMS:
        from engine.views import coverage  # the claim per card (not re-exported by engine)

        card = (pool or default_pool()).get(name)
        cov = coverage.card_coverage(card)
        basic = card.is_land and "Basic" in card.front.supertypes and not card.effects
        _CLAIMS[name] = cov.status == "full" or basic
    return _CLAIMS[name]


@dataclass
class Report:
    xmage_commit: str
    tests_total: int
    translated: int
    results: list[CaseResult] = field(default_factory=list)
    not_translated: Counter = field(default_factory=Counter)

    def count(self, outcome: str) -> int:
        return sum(1 for r in self.results if r.outcome == outcome)

    def to_dict(self) -> dict:
        return {
            "xmage_commit": self.xmage_commit,
            "tests_total": self.tests_total,
            "translated": self.translated,
            "passed": self.count("passed"),
            "failed_not_simulated": self.count("failed_not_simulated"),
            "failed_claimed_full": self.count("failed_claimed_full"),
            "xmage_differs": self.count("xmage_differs"),
            "not_translated": dict(
                sorted(self.not_translated.items(), key=lambda kv: (-kv[1], kv[0]))
            ),
        }

    def failures(self) -> list[CaseResult]:
        return [
            r
            for r in self.results
            if r.outcome.startswith("failed") or r.outcome == "xmage_differs"
        ]

    def classes(self, outcome: str = "failed_claimed_full") -> Counter:
        return Counter(r.kind for r in self.results if r.outcome == outcome)

    def text(self) -> str:
        d = self.to_dict()
        run = len(self.results)
        full = sum(
            1
            for r in self.results
            if r.outcome in ("passed", "failed_claimed_full")
            and all(claimed_full(c) for c in r.cards)
        )
        lines = [
            f"XMage card tests at commit {d['xmage_commit']}",
            f"  tests:                 {d['tests_total']:6,}",
            f"  translated:            {d['translated']:6,}"
            + (f" ({run:,} run)" if run != d["translated"] else ""),
            f"  passed:                {d['passed']:6,}",
            f"  failed, a card not fully simulated: {d['failed_not_simulated']:,}",
            f"  failed, every card claimed fully simulated: {d['failed_claimed_full']:,}"
            + (f" (of {full:,} such tests)" if full else ""),
            f"  XMage differs from the CR (reviewed): {d['xmage_differs']:,}",
            f"  not translated:        {sum(self.not_translated.values()):6,}",
        ]
        for reason, n in list(d["not_translated"].items())[:40]:
            lines.append(f"    {n:6,}  {reason}")
        return "\n".join(lines)


def run_suite(
    suite: dict | None = None,
    *,
    card: str | None = None,
    reviewed: dict[str, dict] | None = None,
    pool: Any = None,
    ids: Iterable[str] | None = None,
) -> Report:
    """Run every case (or those with ``card`` in them, or ``ids``) and sort the outcomes."""
    suite = suite if suite is not None else load_suite()
    reviewed = load_reviewed() if reviewed is None else reviewed
    pool = pool or default_pool()
    cases = suite["cases"]
    if card is not None:
        want = pool.get(card).name
        cases = [c for c in cases if want in c.get("cards", ())]
    if ids is not None:
        keep = set(ids)
        cases = [c for c in cases if c["id"] in keep]
    rep = Report(suite.get("xmage_commit") or "", suite["tests_total"], 0)
    rep.not_translated.update(
        s["reason"] for s in suite["not_translated"] if card is None and ids is None
    )
    for case in cases:
        r = run_case(case, pool)
        if r.status == "not_translated":  # found only when run: see XMagePolicy
            rep.not_translated[r.kind] += 1
            continue
        r.reviewed = reviewed.get(r.id)
        if r.status == "passed":
            r.outcome = "passed"
        elif r.reviewed and r.reviewed.get("class") == "xmage_differs":
            r.outcome = "xmage_differs"
        elif all(claimed_full(c, pool) for c in r.cards):
            r.outcome = "failed_claimed_full"
        else:
            r.outcome = "failed_not_simulated"
        rep.results.append(r)
    rep.translated = len(rep.results)
    return rep
