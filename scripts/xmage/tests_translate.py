"""XMage card tests (``CardTestPlayerBase`` methods) -> scenarios with expectations.

One test method becomes a case: the project's scenario (players' zones, actions with
``when`` response points, ``next_main`` to walk the turns), XMage's scripted answers
(``setChoice`` / ``setModeChoice`` / ``addTarget``, per player, in order) and the
assertions as expectations. What the scenario format can't say EXACTLY is not
translated, with a reason code; nothing is approximated. What "exactly" rests on:

- XMage's test game (``CardTestPlayerBase``): two players, playerA starts (turn 1, 3...
  are A's, 103.8a: A skips the turn-1 draw); no opening hands in test mode; each library
  is "RB Aggro.dck" (71 Mountains) with the test's library cards put on top (the last
  added on top) and then shuffled, unless ``skipInitShuffling()``; life 20.
- The engine's scenario begins in turn 1's precombat main phase, so a test is translated
  only when nothing of its cards happens in a step the scenario doesn't play as XMage
  does (their XMage classes are read as text: ``phase_trigger``). The engine plays the
  upkeep, draw, combat and end steps as ``next_main`` walks the turns, so a card that
  triggers at one of them is followed when it isn't there when the game begins (turn
  1's upkeep is not played: ``phase_trigger:on_turn_1``) and the stop doesn't come after
  a step the scenario ends before (``phase_trigger:end_step_at_the_stop``...). Then an
  action at (T, PRECOMBAT_MAIN) or (T, POSTCOMBAT_MAIN) is an action in turn T's main
  phase, and a stop at (T, PRECOMBAT_MAIN .. END_TURN) is the state once turn T's main
  phase actions are done (``setStopAt`` stops AFTER the step is played).
- Combat: a turn's ``attack`` / ``block`` commands are the scenario's ``attack`` action
  of that turn (506-511: the attackers, what each attacks, the blocks; no block command:
  no blocks), taken after the turn's precombat main actions and before its postcombat
  ones; a stop at COMBAT_DAMAGE of that turn is the state after it. A stop or an action
  inside the combat phase is not said (``combat:stop_inside_combat``, ``action_step``).
- Mid-game checks (``checkLife``, ``checkPermanentCount``... at a turn and step) are
  expectations with ``at``: read just before the scenario action that follows them in
  XMage's priority order, with the stack resolved (one read with a spell still on the
  stack is not said: ``mid_game_check:stack_not_empty``).
- XMage pays mana with the lands on the battlefield; the scenario assumes mana paid
  unless it says ``"mana": "paid"`` (engine.rules.payment). A test whose outcome rests on
  the payment is played with mana paid for real: an ``assertTapped`` /
  ``assertTappedCount`` on a land or on a permanent with a mana ability, a card that
  reads the mana spent (``MANA_SPENT``). When the engine then finds several ways to pay,
  XMage's auto-payment would choose: the runner reports ``mana:payment_choice``.
- ``checkPlayableAbility("Cast NAME", has)`` in a main phase is a ``playable``
  expectation: the runner takes the cast action at that point (mana paid for real) and
  reads whether the engine accepts it. Other texts, cards with another way to be cast
  (``CAST_VARIANT``) and tests with cost changes or mana the real payment doesn't tap
  (``PLAYABLE_MANA``) are not translated (``playable_check...``).
- Priority (TestPlayer.priority): each player takes its actions of a step in order, at
  its first priority, holding priority after each (117.3c) until a
  ``waitStackResolved``; ``spellOnStack=X`` waits for X on the stack. The non-active
  player's first priority in a step comes when the active player passes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from . import java as J

__all__ = ["CardFacts", "Untranslatable", "translate_file", "find_test_methods", "STEPS"]

STEPS = (
    "UNTAP",
    "UPKEEP",
    "DRAW",
    "PRECOMBAT_MAIN",
    "BEGIN_COMBAT",
    "DECLARE_ATTACKERS",
    "DECLARE_BLOCKERS",
    "FIRST_COMBAT_DAMAGE",
    "COMBAT_DAMAGE",
    "END_COMBAT",
    "POSTCOMBAT_MAIN",
    "END_TURN",
    "CLEANUP",
)
STEP_INDEX = {s: i for i, s in enumerate(STEPS)}
ACTION_STEPS = ("PRECOMBAT_MAIN", "POSTCOMBAT_MAIN")
#: stops whose state is the state once the main phase's actions are done (given the
#: phase-trigger guard): setStopAt stops after the step is played
MAIN_STOPS = ("PRECOMBAT_MAIN", "BEGIN_COMBAT", "END_COMBAT", "POSTCOMBAT_MAIN", "END_TURN")
DECK_MOUNTAINS = 71  # Mage.Tests/RB Aggro.dck: "71 [SOM:242] Mountain"
#: XMage bases translated: the two-player test game; WithAIHelps differs only in the AI
#: that chooses what a non-strict test leaves open (the runner reports that as ai_choice)
BASES = ("CardTestPlayerBase", "CardTestPlayerBaseWithAIHelps")

#: XMage class text that makes something happen outside the main phases (a beginning
#: phase, combat or end step trigger, a delayed trigger, a Saga's lore counter, keyword
#: abilities built on those): such a test can't start at turn 1's precombat main or stop
#: after it exactly
PHASE_TRIGGER = re.compile(
    r"BeginningOf|AtTheBeginOf|AtTheEndOf|EndOfCombat|EndStep|END_TURN_STEP|UPKEEP_STEP|"
    r"DRAW_STEP|PRECOMBAT_MAIN|POSTCOMBAT_MAIN|COMBAT_PHASE|BEGIN_COMBAT|END_COMBAT|"
    r"UNTAP_STEP|END_PHASE|CLEANUP_STEP|SagaAbility|Upkeep|"
    r"Suspend|Vanishing|Fading|EchoAbility|DashAbility|Unearth|Blitz|Phasing|Decayed|"
    r"Encore|ReadAhead|DayboundAbility|Daybound|Nightbound|Monarch|Initiative|Dungeon|"
    r"AttacksEachCombat|AttacksIfAble|BlocksIfAble|MustBeBlocked|MustAttack"
)
MANA_ABILITY = re.compile(r"ManaAbility|AddMana|ManaEffect")
#: the card reads which mana paid for a spell: the engine assumes mana paid (no sources)
MANA_SPENT = re.compile(
    r"ManaSpent|ManaWasSpent|SpentToCast|ConditionalMana|TreasureSpent|"
    r"ManaPaid|AdamantCondition|SunburstAbility|ConvergeCondition"
)

#: XMage class text of a card that has a way to be cast other than from its owner's hand
#: for its mana cost (an alternative or additional cost variant, another zone): XMage
#: lists each as a playable "Cast NAME ..." ability of its own
CAST_VARIANT = re.compile(
    r"Flashback|Escape|Retrace|Disturb|JumpStart|Foretell|Plot|Adventure|Madness|Suspend|"
    r"Evoke|Overload|Kicker|Bestow|Prowl|Spectacle|Surge|Emerge|Dash|Blitz|AlternativeCost|"
    r"Morph|Disguise|Mutate|Harmonize|Warp|Offspring|Impending|Cleave|Buyback|Replicate|"
    r"Entwine|Miracle|Ninjutsu|Awaken|Spree|Split|ModalDoubleFaced|Transform|Omen|Freerunning|"
    r"Sneak|CastFrom|MayCast|PlayFrom|WithoutPaying|Convoke|Delve|Improvise|Affinity|"
    r"CostReduction|CostIncrease|SpellsCost|CostsLess|CostsMore|Assist|Casualty|Bargain"
)

PLAYABLE_MANA = re.compile(
    r"CostReduction|CostIncrease|SpellsCost|CostsLess|CostsMore|CostModification|Affinity|"
    r"Convoke|Delve|Improvise|Treasure|SacrificeSourceCost\(\)[^;]*Mana|"
    r"Conditional\w*Mana|AddManaInAnyCombination|DynamicManaAbility"
)

#: calls that are not setup, actions, answers or assertions we read, by reason
REASONS = {
    # combat read at the stop is only what the scenario's final state shows: whether a
    # permanent is attacking is gone once the attack action's combat phase is over
    "combat:assert_attacking": ("assertAttacking",),
    "combat:mid_combat_check": ("checkAttackers", "checkBlockers", "checkMayAttackDefender"),
    "mid_game_check": (),  # check*(...) at a turn and step
    "custom_java": (
        "runCode",
        "addCustomCardWithAbility",
        "addCustomEffect_TargetDestroy",
        "addCustomEffect_BlinkTarget",
        "addCustomEffect_DestroyTarget",
        "addCustomEffect_ReturnFromAnyToHand",
    ),
    "ai_player": ("aiPlayPriority", "aiPlayStep"),
    "random_result": ("setFlipCoinResult", "setDieRollResult"),
    "mana": (
        "assertManaOptions",
        "assertManaPool",
        "disableManaAutoPayment",
        "checkManaPool",
        "showAvailableMana",
    ),
    "rollback": ("rollbackTurns", "rollbackAfterActionsStart", "rollbackAfterActionsEnd"),
    "emblem_plane": ("addEmblem", "addPlane"),
    "deck": ("setDecknamePlayerA", "setDecknamePlayerB"),
    "game_result": (
        "assertWonTheGame",
        "assertLostTheGame",
        "assertHasNotWonTheGame",
        "assertHasNotLostTheGame",
        "assertResult",
        "concede",
        "checkPlayerInGame",
    ),
}
_REASON_OF = {name: r for r, names in REASONS.items() for name in names}
#: debugging output: no effect on the game
SHOW = (
    "showLibrary",
    "showHand",
    "showCommand",
    "showBattlefield",
    "showGraveyard",
    "showExile",
    "showAvailableAbilities",
    "showAliases",
    "showStack",
)

COUNTERS = {
    "P1P1": "+1/+1",
    "M1M1": "-1/-1",
    "P1P0": "+1/+0",
    "P0P1": "+0/+1",
    "P2P2": "+2/+2",
    "M0M1": "-0/-1",
    "M1M0": "-1/-0",
    "M2M2": "-2/-2",
    "P0P2": "+0/+2",
    "P1P2": "+1/+2",
    "M0M2": "-0/-2",
}
CARD_TYPES = {
    "ARTIFACT": "Artifact",
    "BATTLE": "Battle",
    "CREATURE": "Creature",
    "ENCHANTMENT": "Enchantment",
    "INSTANT": "Instant",
    "KINDRED": "Kindred",
    "LAND": "Land",
    "PLANESWALKER": "Planeswalker",
    "SORCERY": "Sorcery",
    "TRIBAL": "Kindred",
}


#: XMage's "stop choosing" answers (TestPlayer): stored as these texts; the runner picks
#: the engine's "No more targets" / "No more modes" / stop option for them
SKIPS = {
    "TestPlayer.TARGET_SKIP": "[target_skip]",
    "TestPlayer.CHOICE_SKIP": "[choice_skip]",
    "TestPlayer.MODE_SKIP": "[mode_skip]",
}


class Untranslatable(Exception):
    """A test the scenario format can't say exactly: ``reason`` (a code), ``detail``."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason, self.detail = reason, detail[:200]


@dataclass
class CardFacts:
    """What the translator asks about a card name (from the pool and XMage's classes).

    ``canonical(name)`` -> the pool's name or None; ``face_of(name)`` -> the face name
    when ``name`` names a face other than the whole card; ``is_land``; ``text(name)`` ->
    the XMage class text (and the framework classes it names), "" when unknown;
    ``activated(name)`` -> the card's activated abilities as the engine indexes them
    ([(cost text, is_mana)]); ``counter(enum)``, ``subtype(enum)``, ``keyword(cls)``."""

    canonical: Callable[[str], str | None]
    face_of: Callable[[str], str | None]
    is_land: Callable[[str], bool]
    text: Callable[[str], str]
    #: (cost text, is a mana ability, the mana it adds when that is one fixed text or "")
    activated: Callable[[str], list[tuple[str, bool, str]]]
    counter: Callable[[str], str | None]
    subtype: Callable[[str], str | None]
    keyword: Callable[[str], str | None]
    is_transforming: Callable[[str], bool] = lambda name: False
    has_equip: Callable[[str], bool] = lambda name: False  # keyword_costs["Equip"] (702.6a)
    #: the card's keyword cost of that keyword is one the engine reads (a text)
    keyword_cost: Callable[[str, str], bool] = lambda name, kw: False


_TEST_METHOD = re.compile(
    r"@Test\b(\s*\([^)]*\))?((?:\s*@\w+(?:\s*\([^)]*\))?)*)"
    r"\s*(?:(?:public|protected|private|static|final)\s+)*void\s+(\w+)\s*\("
)


_COMMENT = re.compile(r'("(?:[^"\\\n]|\\.)*")|//[^\n]*|/\*.*?\*/', re.S)


def find_test_methods(text: str) -> list[tuple[str, bool]]:
    """(name, ignored) of each ``@Test`` method, in file order (``@Ignore`` -> ignored)."""
    out = []
    text = _COMMENT.sub(lambda m: m.group(1) or " ", text)
    for m in _TEST_METHOD.finditer(text):
        before = text[max(0, m.start() - 200) : m.start()]
        ignored = "@Ignore" in (m.group(2) or "") or bool(re.search(r"@Ignore\b[^;{}]*$", before))
        out.append((m.group(3), ignored))
    return out


# ------------------------------------------------------------------ values
@dataclass(frozen=True)
class Player:
    index: int


@dataclass(frozen=True)
class Enum:
    kind: str  # PhaseStep, Zone, CounterType, CardType, SubType, ability
    name: str


class _Env:
    def __init__(self, consts: dict[str, object]) -> None:
        self.consts = dict(consts)

    def value(self, node: object) -> object:
        if isinstance(node, J.Lit):
            return node.value
        if isinstance(node, J.Name):
            d = node.dotted
            if d in ("playerA", "playerB"):
                return Player(0 if d == "playerA" else 1)
            if d in ("playerC", "playerD"):
                raise Untranslatable("multiplayer", d)
            if d in self.consts:
                return self.consts[d]
            if d.endswith(".class") and d.count(".") == 1:  # checkAbility's ability class
                return Enum("ability", d[: -len(".class")])
            head, _, tail = d.rpartition(".")
            if head in ("PhaseStep", "Zone", "CounterType", "CardType", "SubType"):
                return Enum(head, tail)
            if head.endswith("Filter.ComparisonScope") or head == "ComparisonScope":
                return Enum("Scope", tail)
            if head == "StackClause":
                return Enum("StackClause", tail)
            if d == "TestPlayer.NO_TARGET":
                return Enum("NoTarget", "")
            if d in SKIPS:
                return SKIPS[d]
            raise Untranslatable("custom_java", f"name {d}")
        if isinstance(node, J.Binary) and node.op == "+":
            a, b = self.value(node.left), self.value(node.right)
            if isinstance(a, str) or isinstance(b, str):
                if isinstance(a, Player | Enum) or isinstance(b, Player | Enum):
                    raise Untranslatable("custom_java", "string of a player")
                return f"{a}{b}"
            if isinstance(a, int) and isinstance(b, int):
                return a + b
        if isinstance(node, J.Binary) and node.op in ("-", "*"):
            a, b = self.value(node.left), self.value(node.right)
            if isinstance(a, int) and isinstance(b, int) and not isinstance(a, bool):
                return a - b if node.op == "-" else a * b
        if isinstance(node, J.Unary) and node.op == "-":
            v = self.value(node.expr)
            if isinstance(v, int):
                return -v
        if isinstance(node, J.Call) and node.name == "getInstance" and node.args == ():
            if isinstance(node.recv, J.Name):
                return Enum("ability", node.recv.dotted)
        if isinstance(node, J.New) and not node.args and not node.anon_body:
            if node.cls.endswith("Ability"):
                return Enum("ability", node.cls)
        what = type(node).__name__
        if isinstance(node, J.Call | J.New):
            what += f" {getattr(node, 'name', None) or getattr(node, 'cls', '')}"
        raise Untranslatable("custom_java", f"expression {what}")


def class_constants(decl: J.TypeDecl) -> dict[str, object]:
    """``static final`` fields with a literal value (strings, numbers, concatenations)."""
    env = _Env({})
    out: dict[str, object] = {}
    for m in decl.members:
        if m.kind == "field" and m.init is not None:  # a test class never reassigns them
            try:
                v = env.value(m.init)
            except Untranslatable:
                continue
            if isinstance(v, str | int | bool):
                out[m.name] = v
                env.consts[m.name] = v
    return out


# ------------------------------------------------------------ test state
@dataclass
class _Act:
    turn: int
    step: str
    player: int
    kind: str  # cast, activate, play_land, cycle, wait, attack, attack_skip, block, block_skip
    card: str = ""
    face: str | None = None
    ability: int | None = None
    targets: list = field(default_factory=list)
    on_stack: str | None = None
    on_top: bool = False
    chain: _Act | None = None  # the action whose object this one responds to
    attacks: dict | None = None  # attack: what it attacks ({"player": n} / {"card": name})
    blocked: str = ""  # block: the attacker it blocks
    flags: dict = field(default_factory=dict)  # evoke / warp: the alternative cost paid


@dataclass
class _Test:
    zones: dict = field(default_factory=dict)  # (player, zone) -> list of entries
    life: dict = field(default_factory=dict)
    actions: list = field(default_factory=list)
    answers: list = field(default_factory=lambda: [_answers(), _answers()])
    expect: list = field(default_factory=list)
    stop: tuple[int, str] = (2, "UNTAP")
    strict: bool = False
    shuffle: bool = True
    clear_library: set = field(default_factory=set)
    executed: int = 0
    names: set = field(default_factory=set)
    paid: str = ""  # why the test needs mana paid for real ("" : assumed paid)


def _answers() -> dict:
    return {"choices": [], "modes": [], "targets": []}


ZONES = {
    "BATTLEFIELD": "battlefield",
    "HAND": "hand",
    "GRAVEYARD": "graveyard",
    "EXILED": "exile",
    "LIBRARY": "library",
}


class _Method:
    def __init__(self, facts: CardFacts, consts: dict, helpers: dict[str, J.Member]) -> None:
        self.facts, self.env, self.helpers = facts, _Env(consts), helpers
        self.t = _Test()
        self.depth = 0

    # ---- helpers
    def card(self, name: object, what: str = "card") -> str:
        if not isinstance(name, str) or not name:
            raise Untranslatable("custom_java", f"{what} is not a text")
        if "@" in name:
            raise Untranslatable("alias", name)
        if re.match(r"^[A-Z0-9]{2,5}[-:]", name):
            raise Untranslatable("set_code", name)
        canon = self.facts.canonical(name)
        if canon is None:
            raise Untranslatable("card_not_in_pool", name)
        self.t.names.add(canon)
        return canon

    def player(self, v: object) -> int:
        if not isinstance(v, Player):
            raise Untranslatable("custom_java", "player is not playerA/playerB")
        return v.index

    def step(self, v: object) -> str:
        if not isinstance(v, Enum) or v.kind != "PhaseStep" or v.name not in STEP_INDEX:
            raise Untranslatable("custom_java", "step is not a PhaseStep")
        return v.name

    def int_(self, v: object) -> int:
        if not isinstance(v, int) or isinstance(v, bool):
            raise Untranslatable("custom_java", "a number is not a literal")
        return v

    def target_refs(self, text: object) -> list:
        if text is None or isinstance(text, Enum) and text.kind == "NoTarget":
            return []
        if isinstance(text, Player):
            return [{"player": text.index}]
        if not isinstance(text, str):
            raise Untranslatable("custom_java", "target is not a text")
        if text == "[target_skip]":
            return [{"skip": True}]
        out = []
        for part in text.split("^"):
            if part.startswith("targetPlayer="):
                who = part.split("=", 1)[1]
                if who not in ("PlayerA", "PlayerB"):
                    raise Untranslatable("multiplayer", who)
                out.append({"player": 0 if who == "PlayerA" else 1})
            elif part.startswith("target=") or "=" in part or part.startswith("-"):
                raise Untranslatable("target_syntax", part)
            elif part.startswith("X=") or "[" in part:
                raise Untranslatable("target_syntax", part)
            else:
                if self.facts.canonical(part) is None:
                    raise Untranslatable("target_not_a_card", part)
                out.append({"card": part})
        return out

    # ---- statements
    def run(self, body: J.Block) -> None:
        for st in body.stmts:
            if isinstance(st, J.Decl):
                if st.init is None:
                    raise Untranslatable("custom_java", f"local {st.name}")
                v = self.env.value(st.init)
                self.env.consts[st.name] = v
                continue
            if isinstance(st, J.Block):
                self.run(st)
                continue
            if not isinstance(st, J.ExprStmt):
                raise Untranslatable("custom_java", type(st).__name__)
            e = st.expr
            if not isinstance(e, J.Call) or e.recv is not None:
                what = e.name if isinstance(e, J.Call) else type(e).__name__
                raise Untranslatable("custom_java", f"statement {what}")
            if e.name in self.helpers:
                self.inline(self.helpers[e.name], [self.env.value(a) for a in e.args])
                continue
            self.call(e.name, [self.env.value(a) for a in e.args])

    def inline(self, m: J.Member, args: list) -> None:
        """A helper method of the test class, called with values: its body runs with
        its parameters bound (one overload, no varargs, no recursion)."""
        if m.body is None or self.depth >= 3 or any(t.endswith("...") for t, _ in m.params):
            raise Untranslatable("helper_method", m.name)
        if len(m.params) != len(args) or m.name in self.overloaded:
            raise Untranslatable("helper_method", f"{m.name}: overloads")
        saved = dict(self.env.consts)
        self.env.consts.update({name: v for (_t, name), v in zip(m.params, args, strict=True)})
        self.depth += 1
        try:
            self.run(m.body)
        finally:
            self.depth -= 1
            self.env.consts = saved

    def call(self, name: str, a: list) -> None:
        if self.t.executed and not name.startswith("assert"):
            raise Untranslatable("after_execute", name)
        if name in SHOW:
            return
        if name in _REASON_OF:
            raise Untranslatable(_REASON_OF[name], name)
        handler = getattr(self, "c_" + name, None)
        if name.startswith("check") and handler is None:
            raise Untranslatable("mid_game_check", name)
        if handler is None:
            raise Untranslatable("call", name)
        handler(a)

    # setup
    def c_addCard(self, a: list) -> None:
        if len(a) < 3 or not isinstance(a[0], Enum) or a[0].kind != "Zone":
            raise Untranslatable("custom_java", "addCard arguments")
        zone = ZONES.get(a[0].name)
        if zone is None:
            raise Untranslatable("zone", a[0].name)
        p = self.player(a[1])
        name = self.card(a[2])
        count = self.int_(a[3]) if len(a) > 3 else 1
        tapped = a[4] if len(a) > 4 else False
        if not isinstance(tapped, bool) or count < 1:
            raise Untranslatable("custom_java", "addCard count/tapped")
        face = self.facts.face_of(a[2])
        entry: object = name
        if zone == "battlefield":
            # XMage puts a double-faced card's named back face onto the battlefield
            if face is not None and not self.facts.is_transforming(name):
                raise Untranslatable("face_on_battlefield", a[2])
            if face is not None or tapped:
                entry = {"name": name}
                if face is not None:
                    entry["face"] = face
                if tapped:
                    entry["tapped"] = True
        self.t.zones.setdefault((p, zone), []).extend([entry] * count)

    def c_setLife(self, a: list) -> None:
        self.t.life[self.player(a[0])] = self.int_(a[1])

    def c_skipInitShuffling(self, a: list) -> None:
        self.t.shuffle = False

    def c_removeAllCardsFromLibrary(self, a: list) -> None:
        self.t.clear_library.add(self.player(a[0]))

    def c_removeAllCardsFromHand(self, a: list) -> None:
        pass  # test mode deals no opening hand: the hand is empty before cards are added

    def c_setStrictChooseMode(self, a: list) -> None:
        self.t.strict = a[0] is True

    def c_setStopAt(self, a: list) -> None:
        self.t.stop = (self.int_(a[0]), self.step(a[1]))

    def c_setStopOnTurn(self, a: list) -> None:
        self.t.stop = (self.int_(a[0]), "UNTAP")

    def c_execute(self, a: list) -> None:
        self.t.executed += 1

    def c_assertAllCommandsUsed(self, a: list) -> None:
        pass  # execute() already asserts it

    # actions
    def _action(self, a: list, kind: str) -> _Act:
        turn, step, p = self.int_(a[0]), self.step(a[1]), self.player(a[2])
        return _Act(turn, step, p, kind)

    def c_castSpell(self, a: list) -> None:
        act = self._action(a, "cast")
        raw = a[3]
        act.card = self.card(raw, "spell")
        face = self.facts.face_of(raw)
        if face:
            act.face = face
        rest = a[4:]
        if rest and isinstance(rest[-1], bool):
            wait = rest[-1]
            rest = rest[:-1]
        else:
            wait = False
        if rest and isinstance(rest[0], int) and not isinstance(rest[0], bool):
            raise Untranslatable("mana", "manaInPool")
        if rest:
            act.targets = self.target_refs(rest[0])
        if len(rest) >= 2:
            if isinstance(rest[-1], Enum) and rest[-1].kind == "StackClause":
                if rest[-1].name != "WHILE_ON_STACK":
                    raise Untranslatable("stack_clause", rest[-1].name)
                rest = rest[:-1]
        if len(rest) >= 2 and rest[1] is not None:
            act.on_stack = self.stack_name(rest[1])
        if len(rest) >= 3 and rest[2] is not None:
            if act.on_stack is not None:
                raise Untranslatable("stack_clause", "on stack and on top")
            act.on_stack, act.on_top = self.stack_name(rest[2]), True
        self.t.actions.append(act)
        if wait:
            self.t.actions.append(_Act(act.turn, act.step, act.player, "wait"))

    def stack_name(self, v: object) -> str:
        if not isinstance(v, str) or self.facts.canonical(v) is None:
            raise Untranslatable("stack_condition", str(v))
        return v

    def c_playLand(self, a: list) -> None:
        act = self._action(a, "play_land")
        act.card = self.card(a[3], "land")
        face = self.facts.face_of(a[3])
        if face:
            act.face = face
        self.t.actions.append(act)

    def c_activateAbility(self, a: list) -> None:
        act = self._action(a, "activate")
        text = a[3]
        if not isinstance(text, str):
            raise Untranslatable("custom_java", "ability text")
        rest = a[4:]
        if rest and isinstance(rest[-1], Enum) and rest[-1].kind == "StackClause":
            if rest[-1].name != "WHILE_ON_STACK":
                raise Untranslatable("stack_clause", rest[-1].name)
            rest = rest[:-1]
        if len(rest) == 2 and all(isinstance(r, str | Enum) or r is None for r in rest):
            act.targets = self.target_refs(rest[0])
            if rest[1] is not None:
                act.on_stack = self.stack_name(rest[1])
        else:
            refs = []
            for r in rest:
                refs += self.target_refs(r)
            act.targets = refs
        self.resolve_ability(act, text)
        self.t.actions.append(act)

    def resolve_ability(self, act: _Act, text: str, mana_only: bool = False) -> None:
        """The card and the engine's ability index of XMage's ability text (its cost
        before ": "), among the player's cards in the test: exactly one must fit."""
        m = re.match(r"^(Cycling|Basic landcycling|Landcycling)\b", text)
        if m and m.group(1) == "Cycling":
            act.kind = "cycle"
            act.card = ""
            return
        m = re.match(r"^(Flashback|Escape)(?: (?:\{[^}]+\})+)?$", text.strip())
        if m:
            # XMage's cast from the graveyard for that cost (702.34a, 702.138a): the
            # engine's cast action with "flashback" / "escape" names the card
            kw = m.group(1)
            own = sorted(
                {
                    n
                    for (p, _z), es in self.t.zones.items()
                    if p == act.player
                    for n in (e if isinstance(e, str) else e["name"] for e in es)
                }
            )
            fits = [n for n in own if self.facts.keyword_cost(n, kw)]
            if len(fits) != 1:
                raise Untranslatable("ability_keyword", f"{kw}: {len(fits)} cards")
            act.kind, act.card = "cast", fits[0]
            act.flags[kw.lower()] = True
            return
        if re.match(r"^Equip\b", text) and ":" not in text:
            # the engine lists Equip after the printed activated abilities (702.6a)
            mine = self.t.zones.get((act.player, "battlefield"), [])
            own = sorted({e if isinstance(e, str) else e["name"] for e in mine})
            fits = [n for n in own if self.facts.has_equip(n)]
            if len(fits) != 1:
                raise Untranslatable("ability_keyword", text)
            act.card = fits[0]
            act.ability = sum(1 for _c, mana, _m in self.facts.activated(fits[0]) if not mana)
            return
        prefix = ":" not in text  # the text is a prefix of the ability's cost
        cost_word = re.match(r"^(Sacrifice|Discard|Exile|Pay|Remove|Tap|Untap|Return)\b", text)
        if (
            prefix
            and not text.startswith("{")
            and not re.match(r"^[+-]?\d", text)
            and not cost_word
        ):
            raise Untranslatable("ability_keyword", text)
        cost = _norm_cost(text.split(":", 1)[0])
        # XMage matches the ability's whole text: a mana ability's effect reads "Add ..."
        # (605.1a), so the text after the cost says which kind it is, and which mana
        effect = text.split(":", 1)[1].strip() if not prefix else ""
        adds = re.match(r"Add ((?:\{[WUBRGC]\})+)\.?$", effect)
        loyalty = re.match(r"^[+-−]?\d", text) is not None  # never a mana ability (605.1a)
        wants_mana = mana_only or (effect.startswith("Add ") and not loyalty)
        fits = []
        own = sorted(
            {
                n
                for (p, _z), es in self.t.zones.items()
                if p == act.player
                for n in (e if isinstance(e, str) else e["name"] for e in es)
            }
        )
        for name in own:
            idx = mana_idx = 0
            for c, is_mana, mana in self.facts.activated(name):
                nc = _norm_cost(c)
                fit = nc.startswith(cost) if prefix else nc == cost
                if is_mana:
                    if adds and mana and mana != adds.group(1):
                        fit = False
                    if fit and (wants_mana or prefix):
                        fits.append((name, mana_idx, True))
                    mana_idx += 1
                    continue
                if fit and not wants_mana:
                    fits.append((name, idx, False))
                idx += 1
        if not fits and mana_only:
            # a basic land's intrinsic ability (305.6) is no activated ability in the data
            raise Untranslatable("mana:ability_not_found", text)
        if not fits:
            raise Untranslatable("ability_not_found", text)
        if len(fits) > 1:
            raise Untranslatable("ability_ambiguous", text)
        name, idx, is_mana = fits[0]
        act.card, act.ability = name, idx
        if is_mana:
            # a mana ability (605): the engine's activate action with "mana": true indexes
            # the card's mana abilities; its mana waits in the pool, so mana is paid for real
            act.flags["mana"] = True
            self.t.paid = self.t.paid or f"mana ability {text}"

    def c_activateManaAbility(self, a: list) -> None:
        """TestPlayer's ACTIVATE_MANA: the player's mana ability whose text starts so, at
        its priority in that step (605.3a), ``times`` times."""
        if len(a) not in (4, 5) or not isinstance(a[3], str):
            raise Untranslatable("custom_java", "activateManaAbility arguments")
        times = self.int_(a[4]) if len(a) == 5 else 1
        for _ in range(times):
            act = self._action(a, "activate")
            self.resolve_ability(act, a[3], mana_only=True)
            self.t.actions.append(act)

    def c_waitStackResolved(self, a: list) -> None:
        turn, step = self.int_(a[0]), self.step(a[1])
        rest = a[2:]
        if rest and isinstance(rest[0], Player):
            players = [rest[0].index]
            rest = rest[1:]
        else:
            players = [0, 1]
        if rest and rest[0] is not False:
            raise Untranslatable("wait_partial", "waitStackResolved of one object")
        for p in players:
            self.t.actions.append(_Act(turn, step, p, "wait"))

    # combat: XMage's TestPlayer declares a turn's attack commands in its declare attackers
    # step and the block commands in the declare blockers step (selectAttackers /
    # selectBlockers); with no block command the defending player blocks with nothing
    def c_attack(self, a: list) -> None:
        if len(a) not in (3, 4):
            raise Untranslatable("custom_java", "attack arguments")
        act = _Act(self.int_(a[0]), "DECLARE_ATTACKERS", self.player(a[1]), "attack")
        act.card = self.combat_name(a[2], "attacker")
        if len(a) == 4:
            if isinstance(a[3], Player):
                act.attacks = {"player": a[3].index}
            else:
                act.attacks = {"card": self.combat_name(a[3], "attacked permanent")}
        self.t.actions.append(act)

    def c_attackSkip(self, a: list) -> None:
        self.t.actions.append(
            _Act(self.int_(a[0]), "DECLARE_ATTACKERS", self.player(a[1]), "attack_skip")
        )

    def c_block(self, a: list) -> None:
        if len(a) != 4:
            raise Untranslatable("custom_java", "block arguments")
        act = _Act(self.int_(a[0]), "DECLARE_BLOCKERS", self.player(a[1]), "block")
        act.card = self.combat_name(a[2], "blocker")
        act.blocked = self.combat_name(a[3], "blocked attacker")
        self.t.actions.append(act)

    def c_blockSkip(self, a: list) -> None:
        self.t.actions.append(
            _Act(self.int_(a[0]), "DECLARE_BLOCKERS", self.player(a[1]), "block_skip")
        )

    def combat_name(self, v: object, what: str) -> str:
        """A creature named in a combat command: a card of the pool (XMage finds the first
        permanent of that name; ``Name:N`` indexes and tokens are not said here)."""
        if not isinstance(v, str) or not v:
            raise Untranslatable("custom_java", f"{what} is not a text")
        if "@" in v or re.search(r":\d+$", v):
            raise Untranslatable("combat:indexed_name", v)
        canon = self.facts.canonical(v)
        if canon is None and v.endswith(" Token"):
            # the scenario's attack action names cards of the pool only
            raise Untranslatable("combat:token", f"{what} {v}")
        if canon is None:
            raise Untranslatable("combat:not_a_card", f"{what} {v}")
        self.t.names.add(canon)
        return canon

    # mid-game checks: XMage's check commands are actions of the player at (turn, step),
    # taken in its priority order like any other (TestPlayer.priority); each becomes an
    # expectation on the state where the scenario reaches that point ("at": the index of
    # the scenario action before which it is read)
    def _check(self, a: list, check: str, **kw: object) -> None:
        turn, step, p = self.int_(a[1]), self.step(a[2]), self.player(a[3])
        act = _Act(turn, step, p, "check")
        act.flags = {"check": check, **kw}
        self.t.actions.append(act)

    def c_checkPlayableAbility(self, a: list) -> None:
        """TestPlayer's playable check, "Cast NAME" only: whether the player could cast the
        card now (its playable abilities' texts start so), read with mana paid for real by
        the runner's probe: the cast action taken at that point, accepted or refused (601.2,
        601.2h). A card that has another way to be cast (its own alternative cost or a
        cast from another zone: a text of its own that XMage's "Cast NAME ..." would also
        match) or a check outside the main phases (timing, 307.1) is not said."""
        if len(a) != 6 or not isinstance(a[4], str) or not isinstance(a[5], bool):
            raise Untranslatable("playable_check", "arguments")
        m = re.fullmatch(r"Cast (.+)", a[4])
        canon = self.facts.canonical(m.group(1)) if m else None
        if m is None or canon is None or canon != m.group(1):
            raise Untranslatable("playable_check", a[4][:60])
        if self.step(a[2]) not in ACTION_STEPS:
            raise Untranslatable("playable_check:step", a[2].name)
        hit = CAST_VARIANT.search(self.facts.text(canon))
        if hit:
            raise Untranslatable("playable_check:cast_variant", f"{canon}: {hit.group(0)}")
        self.t.names.add(canon)
        self.t.paid = self.t.paid or "playable check"
        self._check(a, "playable", player=self.player(a[3]), card=canon, has=a[5])

    def c_checkLife(self, a: list) -> None:
        self._check(a, "life", player=self.player(a[3]), n=self.int_(a[4]))

    def c_checkPermanentCount(self, a: list) -> None:
        if len(a) == 6:
            self._check(
                a,
                "permanent_count",
                player=self.player(a[3]),
                card=self.name_of(a[4]),
                n=self.int_(a[5]),
            )
        elif len(a) == 7:
            self._check(
                a,
                "permanent_count",
                player=self.player(a[4]),
                card=self.name_of(a[5]),
                n=self.int_(a[6]),
            )
        else:
            raise Untranslatable("custom_java", "checkPermanentCount arguments")

    def c_checkHandCount(self, a: list) -> None:
        self._check(a, "hand_count", player=self.player(a[3]), n=self.int_(a[4]))

    def c_checkHandCardCount(self, a: list) -> None:
        self._check(
            a, "hand_count", player=self.player(a[3]), card=self.name_of(a[4]), n=self.int_(a[5])
        )

    def c_checkGraveyardCount(self, a: list) -> None:
        self._check(
            a,
            "graveyard_count",
            player=self.player(a[3]),
            card=self.name_of(a[4]),
            n=self.int_(a[5]),
        )

    def c_checkLibraryCount(self, a: list) -> None:
        self._check(
            a,
            "library_count",
            player=self.player(a[3]),
            card=self.name_of(a[4]),
            n=self.int_(a[5]),
        )

    def c_checkExileCount(self, a: list) -> None:
        self._check(a, "exile_count", card=self.name_of(a[4]), n=self.int_(a[5]))

    def c_checkPermanentTapped(self, a: list) -> None:
        # (name, turn, step, player, [target player], permanent, tapped, count)
        rest = a[4:] if len(a) == 7 else a[5:] if len(a) == 8 else None
        if rest is None or not isinstance(rest[1], bool):
            raise Untranslatable("custom_java", "checkPermanentTapped arguments")
        target = self.player(a[3] if len(a) == 7 else a[4])
        self.tapped_ok(rest[0])
        self._check(
            a,
            "tapped_count",
            player=target,
            card=self.name_of(rest[0]),
            tapped=rest[1],
            n=self.int_(rest[2]),
        )

    def c_checkPT(self, a: list) -> None:
        # TestPlayer.assertPT reads the first permanent of that name the player controls:
        # every one of them must have it for the check to say the same
        self._check(
            a,
            "pt",
            player=self.player(a[3]),
            card=self.name_of(a[4]),
            power=self.int_(a[5]),
            toughness=self.int_(a[6]),
            scope="all",
        )

    def c_checkDamage(self, a: list) -> None:
        self._check(
            a, "damage", player=self.player(a[3]), card=self.name_of(a[4]), n=self.int_(a[5])
        )

    def c_checkPermanentCounters(self, a: list) -> None:
        self._check(
            a,
            "counters",
            player=self.player(a[3]),
            card=self.name_of(a[4]),
            counter=self.counter_name(a[5]),
            n=self.int_(a[6]),
        )

    def c_checkType(self, a: list) -> None:
        typ = CARD_TYPES.get(a[5].name) if isinstance(a[5], Enum) else None
        if typ is None or not isinstance(a[6], bool):
            raise Untranslatable("custom_java", "checkType arguments")
        self._check(
            a, "type", player=self.player(a[3]), card=self.name_of(a[4]), type=typ, has=a[6]
        )

    def c_checkSubType(self, a: list) -> None:
        if not isinstance(a[6], bool):
            raise Untranslatable("custom_java", "checkSubType arguments")
        self._check(
            a,
            "subtype",
            player=self.player(a[3]),
            card=self.name_of(a[4]),
            subtype=self.subtype(a[5]),
            has=a[6],
        )

    def c_checkAbility(self, a: list) -> None:
        if len(a) != 7 or not isinstance(a[5], Enum) or a[5].kind != "ability":
            raise Untranslatable("ability_object", "checkAbility arguments")
        kw = self.facts.keyword(a[5].name)
        if kw is None or not isinstance(a[6], bool):
            raise Untranslatable("ability_object", a[5].name)
        self._check(
            a, "keyword", player=self.player(a[3]), card=self.name_of(a[4]), keyword=kw, has=a[6]
        )

    # answers
    def c_setChoice(self, a: list) -> None:
        p = self.player(a[0])
        v = a[1]
        times = self.int_(a[2]) if len(a) > 2 else 1
        if isinstance(v, bool):
            v = "Yes" if v else "No"
        if not isinstance(v, str):
            raise Untranslatable("custom_java", "choice")
        alt = re.match(r"^Cast with (\w+) alternative cost", v)
        if alt:
            # an alternative cost is chosen while casting: the cast action says it
            flag = {"Evoke": "evoke", "Warp": "warp"}.get(alt.group(1))
            casts = [x for x in self.t.actions if x.kind == "cast" and x.player == p]
            if flag is None or not casts or times != 1:
                raise Untranslatable("alternative_cost", v)
            casts[-1].flags[flag] = True
            return
        self.t.answers[p]["choices"].extend([v] * times)

    def c_setChoiceAmount(self, a: list) -> None:
        p = self.player(a[0])
        for n in a[1:]:
            self.t.answers[p]["choices"].append(f"X={self.int_(n)}")

    def c_setModeChoice(self, a: list) -> None:
        p = self.player(a[0])
        if not isinstance(a[1], str):
            raise Untranslatable("custom_java", "mode")
        self.t.answers[p]["modes"].append(a[1])

    def c_addTarget(self, a: list) -> None:
        p = self.player(a[0])
        times = self.int_(a[2]) if len(a) > 2 else 1
        # one entry per target prompt: the refs it picks ("A^B": two at one prompt)
        entry = [{"player": a[1].index}] if isinstance(a[1], Player) else self.target_refs(a[1])
        if not entry:
            raise Untranslatable("target_syntax", "no target")
        self.t.answers[p]["targets"].extend([entry] * times)

    # assertions
    def _e(self, check: str, **kw: object) -> None:
        if not self.t.executed:
            raise Untranslatable("assert_before_execute", check)
        self.t.expect.append({"check": check, **kw})

    def _count_assert(self, check: str, a: list, player_first: bool = True) -> None:
        if len(a) == 2:
            self._e(check, player=self.player(a[0]), n=self.int_(a[1]))
        elif len(a) == 3:
            self._e(check, player=self.player(a[0]), card=self.name_of(a[1]), n=self.int_(a[2]))
        else:
            raise Untranslatable("custom_java", f"{check} arguments")

    def name_of(self, v: object) -> str:
        if not isinstance(v, str) or not v:
            raise Untranslatable("custom_java", "name")
        if "@" in v:
            raise Untranslatable("alias", v)
        return v

    def c_assertPermanentCount(self, a: list) -> None:
        self._count_assert("permanent_count", a)

    def c_assertGraveyardCount(self, a: list) -> None:
        self._count_assert("graveyard_count", a)

    def c_assertHandCount(self, a: list) -> None:
        self._count_assert("hand_count", a)

    def c_assertLibraryCount(self, a: list) -> None:
        self._count_assert("library_count", a)

    def c_assertExileCount(self, a: list) -> None:
        if len(a) == 2 and isinstance(a[0], str):
            self._e("exile_count", card=self.name_of(a[0]), n=self.int_(a[1]))
        else:
            self._count_assert("exile_count", a)

    def c_assertTokenCount(self, a: list) -> None:
        self._e("token_count", player=self.player(a[0]), card=self.name_of(a[1]), n=self.int_(a[2]))

    def c_assertLife(self, a: list) -> None:
        self._e("life", player=self.player(a[0]), n=self.int_(a[1]))

    def c_assertPowerToughness(self, a: list) -> None:
        scope = "any"
        if len(a) >= 5:
            if not isinstance(a[4], Enum) or a[4].kind != "Scope":
                raise Untranslatable("custom_java", "scope")
            scope = a[4].name.lower()
        if len(a) >= 6 and a[5] is not False:
            raise Untranslatable("base_pt", "base values")
        self._e(
            "pt",
            player=self.player(a[0]),
            card=self.name_of(a[1]),
            power=self.int_(a[2]),
            toughness=self.int_(a[3]),
            scope=scope,
        )

    def c_assertAttachedTo(self, a: list) -> None:
        if len(a) != 4 or not isinstance(a[3], bool):
            raise Untranslatable("custom_java", "assertAttachedTo arguments")
        self._e(
            "attached",
            player=self.player(a[0]),
            attachment=self.name_of(a[1]),
            card=self.name_of(a[2]),
            has=a[3],
        )

    def c_assertDamageReceived(self, a: list) -> None:
        if len(a) != 3:
            raise Untranslatable("custom_java", "assertDamageReceived arguments")
        self._e("damage", player=self.player(a[0]), card=self.name_of(a[1]), n=self.int_(a[2]))

    def counter_name(self, v: object) -> str:
        if isinstance(v, Enum) and v.kind == "CounterType":
            got = self.facts.counter(v.name) or COUNTERS.get(v.name)
            if got is None:
                raise Untranslatable("counter_kind", v.name)
            return got
        if isinstance(v, str):
            return v
        raise Untranslatable("custom_java", "counter type")

    def c_assertCounterCount(self, a: list) -> None:
        if len(a) == 3 and isinstance(a[0], str):
            self._e(
                "counters",
                player=None,
                card=self.name_of(a[0]),
                counter=self.counter_name(a[1]),
                n=self.int_(a[2]),
            )
        elif len(a) == 3:
            self._e(
                "player_counters",
                player=self.player(a[0]),
                counter=self.counter_name(a[1]),
                n=self.int_(a[2]),
            )
        elif len(a) == 4:
            p = None if a[0] is None else self.player(a[0])
            self._e(
                "counters",
                player=p,
                card=self.name_of(a[1]),
                counter=self.counter_name(a[2]),
                n=self.int_(a[3]),
            )
        else:
            raise Untranslatable("custom_java", "assertCounterCount arguments")

    def c_assertTapped(self, a: list) -> None:
        self.tapped_ok(a[0])
        self._e("tapped", card=self.name_of(a[0]), tapped=bool(a[1]))

    def c_assertTappedCount(self, a: list) -> None:
        self.tapped_ok(a[0])
        self._e("tapped_count", card=self.name_of(a[0]), tapped=bool(a[1]), n=self.int_(a[2]))

    def tapped_ok(self, name: object) -> None:
        n = self.name_of(name)
        canon = self.facts.canonical(n)
        if canon is None:
            return  # a token: no mana payment taps it unless it has a mana ability
        if self.facts.is_land(canon) or MANA_ABILITY.search(self.facts.text(canon)):
            # a mana source tapped or not depends on the payment: paid for real (601.2g-h)
            self.t.paid = self.t.paid or f"tapped_mana_source {n}"

    def c_assertType(self, a: list) -> None:
        if len(a) != 3 or not isinstance(a[1], Enum) or a[1].kind != "CardType":
            raise Untranslatable("custom_java", "assertType arguments")
        typ = CARD_TYPES.get(a[1].name)
        if typ is None:
            raise Untranslatable("custom_java", a[1].name)
        if isinstance(a[2], bool):
            self._e("type", card=self.name_of(a[0]), type=typ, has=a[2])
        elif isinstance(a[2], Enum) and a[2].kind == "SubType":
            self._e("type", card=self.name_of(a[0]), type=typ, has=True)
            self._e("subtype", card=self.name_of(a[0]), subtype=self.subtype(a[2]), has=True)
        else:
            raise Untranslatable("custom_java", "assertType arguments")

    def c_assertNotType(self, a: list) -> None:
        typ = CARD_TYPES.get(a[1].name) if isinstance(a[1], Enum) else None
        if typ is None:
            raise Untranslatable("custom_java", "assertNotType arguments")
        self._e("type", card=self.name_of(a[0]), type=typ, has=False)

    def subtype(self, v: object) -> str:
        if not isinstance(v, Enum) or v.kind != "SubType":
            raise Untranslatable("custom_java", "subtype")
        got = self.facts.subtype(v.name)
        if got is None:
            raise Untranslatable("subtype_kind", v.name)
        return got

    def c_assertSubtype(self, a: list) -> None:
        self._e("subtype", card=self.name_of(a[0]), subtype=self.subtype(a[1]), has=True)

    def c_assertNotSubtype(self, a: list) -> None:
        self._e("subtype", card=self.name_of(a[0]), subtype=self.subtype(a[1]), has=False)

    def c_assertAbility(self, a: list) -> None:
        if len(a) != 4 or not isinstance(a[2], Enum) or a[2].kind != "ability":
            raise Untranslatable("ability_object", "assertAbility arguments")
        kw = self.facts.keyword(a[2].name)
        if kw is None:
            raise Untranslatable("ability_object", a[2].name)
        self._e(
            "keyword", player=self.player(a[0]), card=self.name_of(a[1]), keyword=kw, has=bool(a[3])
        )


def _norm_cost(text: str) -> str:
    t = text.strip().replace("−", "-")
    m = re.fullmatch(r"([+-]?\d+)(?: loyalty)?", t)
    if m:
        n = int(m.group(1))
        return f"{'+' if n > 0 and m.group(1).startswith('+') else ''}{n} loyalty"
    return re.sub(r"\s+", " ", t).lower()


# ------------------------------------------------------------------ build
def _active(turn: int) -> int:
    return 0 if turn % 2 else 1


def build_case(t: _Test, facts: CardFacts) -> tuple[dict, list]:
    """The scenario and the notes of a parsed test; Untranslatable when not exact."""
    if t.executed != 1:
        raise Untranslatable("execute_count", str(t.executed))
    # the phase-trigger guard: the scenario starts in turn 1's precombat main
    step_kinds: dict[str, str] = {}  # kind of step trigger -> a card that has one
    upkeep_cards: set[str] = set()  # the cards with an upkeep or draw step trigger
    for name in sorted(t.names):
        text = facts.text(name)
        for hit in PHASE_TRIGGER.finditer(text):
            word = _word_at(text, hit.start(), hit.end())
            kind = _step_trigger_kind(hit.group(0), word)
            if kind is None:
                raise Untranslatable("phase_trigger", f"{name}: {hit.group(0)}")
            step_kinds.setdefault(kind, f"{name}: {word}")
            if kind == "upkeep":
                upkeep_cards.add(name)
        hit = MANA_SPENT.search(text)
        if hit:  # the card reads the mana spent: paid for real (601.2h)
            t.paid = t.paid or f"mana_payment {name}: {hit.group(0)}"
    if step_kinds:
        _step_triggers_said(t, step_kinds, upkeep_cards)
    if any(x.kind == "check" and x.flags.get("check") == "playable" for x in t.actions):
        # what the runner's probe can pay: the engine's real payment doesn't apply cost
        # changes (601.2f) nor count mana abilities other than {T}-only ones as sources
        for name in sorted(t.names):
            hit = PLAYABLE_MANA.search(facts.text(name))
            if hit:
                raise Untranslatable("playable_check:mana", f"{name}: {hit.group(0)}")
    stop_turn, stop_step = t.stop
    acts = [x for x in t.actions if x.kind not in COMBAT_KINDS]
    for x in t.actions:
        if x.turn < 1:
            raise Untranslatable("custom_java", "turn")
    vigilance = any("Vigilance" in facts.text(n) for n in sorted(t.names))
    attacks = _combat_actions([x for x in t.actions if x.kind in COMBAT_KINDS], vigilance)
    if "combat" in step_kinds:
        for turn in sorted(_combat_turns(t) - set(attacks)):
            empty: dict = {"do": "attack"}
            if _active(turn):
                empty["player"] = _active(turn)
            attacks[turn] = {**empty, "attackers": [], "blocks": []}
    # a check outside the main phases: read where the scenario is at that step
    between = [x for x in acts if x.kind == "check" and x.step not in ACTION_STEPS]
    acts = [x for x in acts if not (x.kind == "check" and x.step not in ACTION_STEPS)]
    for x in between:
        x.step = _check_step(x, attacks)
    for x in acts:
        if x.step not in ACTION_STEPS:
            raise Untranslatable("action_step", x.step)
    last_turn = max([x.turn for x in acts + between] + list(attacks), default=1)
    if stop_step in COMBAT_STOPS:
        # the attack action plays the whole combat phase: a stop inside it is not said
        if stop_turn in attacks and stop_step != "COMBAT_DAMAGE":
            raise Untranslatable("combat:stop_inside_combat", f"{stop_turn} {stop_step}")
        if stop_turn not in attacks and stop_step != "DECLARE_ATTACKERS":
            # no attackers: the declare blockers and damage steps are skipped (508.8) and
            # XMage's stop comes in a later turn's combat
            raise Untranslatable(f"stop:{stop_step}", f"{stop_turn}: no attack that turn")
        if stop_turn < last_turn or any(
            x.turn == stop_turn and x.step == "POSTCOMBAT_MAIN" for x in acts
        ):
            raise Untranslatable("stop_before_action", f"{stop_turn}")
    elif stop_step in MAIN_STOPS:
        if stop_turn in attacks and stop_step in ("PRECOMBAT_MAIN", "BEGIN_COMBAT"):
            raise Untranslatable("stop_before_action", f"{stop_turn} {stop_step}: an attack")
        if stop_turn < last_turn:
            raise Untranslatable("stop_before_action", f"{stop_turn}")
    elif stop_step == "DRAW" or stop_step in ("UNTAP", "UPKEEP") and stop_turn == 1:
        if any(x.turn >= stop_turn for x in acts) or any(n >= stop_turn for n in attacks):
            raise Untranslatable("stop_before_action", f"{stop_turn} {stop_step}")
        if stop_step != "DRAW" and stop_turn != 1:
            raise Untranslatable(f"stop:{stop_step}", str(stop_turn))
    else:
        raise Untranslatable(f"stop:{stop_step}", str(stop_turn))
    # groups of one (turn, main phase), in order
    groups: dict[tuple[int, int], list[_Act]] = {}
    for x in acts:
        groups.setdefault((x.turn, STEP_INDEX[x.step]), []).append(x)
    for a_turn in attacks:  # between the turn's precombat and postcombat main actions
        groups[(a_turn, STEP_INDEX["DECLARE_ATTACKERS"])] = []
    for x in between:
        groups.setdefault((x.turn, STEP_INDEX[x.step]), []).append(x)
    actions: list[dict] = []
    checks: list[dict] = []
    turn = 1
    counts: dict[tuple[str, str], int] = {}

    def walk_to(target: int) -> None:
        nonlocal turn
        while turn < target:
            turn += 1
            actions.append({"do": "next_main", "player": _active(turn)})

    for (g_turn, _step), items in sorted(groups.items()):
        walk_to(g_turn)
        if _step == STEP_INDEX["DECLARE_ATTACKERS"] and g_turn in attacks:
            actions.append(attacks[g_turn])
            continue
        order = items if _step not in ACTION_INDEXES else _priority_order(items, _active(g_turn))
        for a in order:
            if a.kind == "check":
                checks.append({**a.flags, "at": len(actions)})
            else:
                actions.append(_emit(a, counts))
    if stop_step in MAIN_STOPS or stop_step in COMBAT_STOPS or stop_step == "DRAW":
        walk_to(stop_turn)
    if len(actions) > 50:
        raise Untranslatable("too_many_actions", str(len(actions)))
    for c in checks:
        if c["at"] < len(actions) and "when" in actions[c["at"]]:
            raise Untranslatable("mid_game_check:before_a_response", c["check"])
    players = []
    for p in (0, 1):
        lib = [e if isinstance(e, str) else e["name"] for e in t.zones.get((p, "library"), [])]
        top_first = list(reversed(lib))  # putOnTop one by one: the last added is on top
        cards = [] if p in t.clear_library else [("Mountain", DECK_MOUNTAINS)]
        if t.shuffle:
            listed = _merge([(n, 1) for n in sorted(top_first)] + cards)
            library = {"order": "random", "cards": [{"name": n, "count": c} for n, c in listed]}
        else:
            listed = _merge([(n, 1) for n in top_first] + cards)
            library = {"order": "listed", "cards": [{"name": n, "count": c} for n, c in listed]}
        pl: dict = {
            "name": ("PlayerA", "PlayerB")[p],
            "life": t.life.get(p, 20),
            "library": library,
        }
        for z in ("hand", "battlefield", "graveyard", "exile"):
            if t.zones.get((p, z)):
                pl[z] = t.zones[(p, z)]
        players.append(pl)
    for pl in players:
        for z in ("hand", "battlefield", "graveyard", "exile"):
            if len(pl.get(z, ())) > 200:  # engine.base.limits.SCENARIO_MAX_ZONE
                raise Untranslatable("scenario_limit", f"{len(pl[z])} cards in a {z}")
    scenario = {"version": 1, "seed": 1, "players": players, "actions": actions}
    if t.paid:
        scenario["mana"] = "paid"
    return scenario, checks


#: step triggers the engine plays while it walks the turns (next_main: the rest of the
#: turn, then untap, upkeep, draw, precombat main; the attack action's combat steps),
#: read off the identifier a phase-trigger hit is part of
_STEP_WORDS = (
    ("combat", re.compile(r"Combat|COMBAT")),
    ("end", re.compile(r"EndStep|END_TURN_STEP|AtTheEndOf")),
    ("upkeep", re.compile(r"Upkeep|UPKEEP|BeginningOfDraw|DRAW_STEP")),
)
#: hits that are other mechanics (a Saga, suspend, attack requirements...) or other steps
_NOT_A_STEP_TRIGGER = re.compile(
    r"Saga|Suspend|Vanishing|Fading|Echo|Dash|Unearth|Blitz|Phasing|Decayed|Encore|"
    r"ReadAhead|Daybound|Nightbound|Monarch|Initiative|Dungeon|AttacksEachCombat|"
    r"AttacksIfAble|BlocksIfAble|MustBeBlocked|MustAttack|UNTAP|CLEANUP|Cleanup|END_PHASE|"
    r"PRECOMBAT_MAIN|POSTCOMBAT_MAIN|Main|Cumulative"
)


def _word_at(text: str, start: int, end: int) -> str:
    """The whole identifier (dotted) around ``text[start:end]``."""
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_."):
        start -= 1
    while end < len(text) and (text[end].isalnum() or text[end] in "_."):
        end += 1
    return text[start:end]


def _step_trigger_kind(hit: str, word: str) -> str | None:
    """The kind of step a phase-trigger hit triggers at, when the scenario walks that step
    (upkeep and draw, the combat steps, the end step), or None (not translated)."""
    if _NOT_A_STEP_TRIGGER.search(word):
        return None
    for kind, pat in _STEP_WORDS:
        if pat.search(word):
            return kind
    return None


def _step_triggers_said(t: _Test, kinds: dict[str, str], upkeep_cards: set[str]) -> None:
    """A test whose cards trigger at the beginning of a step is exact when the scenario
    plays every such step XMage plays, and no other: the engine plays them as it walks
    the turns, but the scenario begins in turn 1's precombat main (turn 1's upkeep and
    draw step are not played: no card with an upkeep or draw step trigger may be on the
    battlefield, in a graveyard or in exile when the game begins; turn 1's combat and end
    step are played) and ends where the last turn's main
    phase actions end (XMage's stop at END_TURN has played the end step; one at the
    beginning of combat has played that step). Combat-step triggers also need the
    turn's postcombat main actions to come after a combat phase (an attack action)."""
    where = sorted(kinds.values())[0]
    for (_p, zone), entries in t.zones.items():
        if zone in ("battlefield", "graveyard", "exile"):
            for e in entries:
                n = e if isinstance(e, str) else e["name"]
                if n in upkeep_cards:
                    raise Untranslatable("phase_trigger:on_turn_1", f"{n} at the start")
    stop_turn, stop_step = t.stop
    if "end" in kinds and stop_step not in (
        "PRECOMBAT_MAIN",
        "BEGIN_COMBAT",
        "END_COMBAT",
        "POSTCOMBAT_MAIN",
        *COMBAT_STOPS,
    ):
        raise Untranslatable("phase_trigger:end_step_at_the_stop", f"{where}; {stop_step}")
    for x in t.actions:
        # XMage reads a check at its first priority in the step: the step's triggers are
        # on the stack then, not resolved
        if x.kind == "check" and x.step not in ACTION_STEPS:
            raise Untranslatable("mid_game_check:step_trigger", f"{where}; {x.step}")
    if "combat" in kinds and stop_step not in (
        "PRECOMBAT_MAIN",
        "END_COMBAT",
        "POSTCOMBAT_MAIN",
        "END_TURN",
    ):
        raise Untranslatable("phase_trigger:combat_step_at_the_stop", f"{where}")


def _combat_turns(t: _Test) -> set[int]:
    """The turns whose combat phase comes before something the test reads: the turns
    with postcombat main actions, and the stop's turn when it stops after combat. With
    a combat-step trigger each gets an attack action (declaring no attackers, 508.8)
    where the test has none, so the beginning and end of combat come between the
    turn's precombat and postcombat main actions as in XMage."""
    turns = {x.turn for x in t.actions if x.step == "POSTCOMBAT_MAIN"}
    if t.stop[1] in ("END_COMBAT", "POSTCOMBAT_MAIN", "END_TURN"):
        turns.add(t.stop[0])
    return turns


COMBAT_KINDS = ("attack", "attack_skip", "block", "block_skip")
ACTION_INDEXES = tuple(STEP_INDEX[s] for s in ACTION_STEPS)


def _check_step(x: _Act, attacks: dict) -> str:
    """Where a check outside the main phases reads the state, as a step the scenario has
    a point for: the beginning of the turn's main phase after its draw (the phase-trigger
    guard: nothing happens from the draw to the main phase), before the attack, after
    it, or after the turn's main phase actions. A step inside an attack, or one that
    doesn't come (no attackers: 508.8), is not translated."""
    s, attacked = x.step, x.turn in attacks
    if s == "DRAW" and x.turn > 1 or s in ("UNTAP", "UPKEEP", "DRAW") and x.turn == 1:
        return "DRAW"
    if s == "BEGIN_COMBAT" or s == "DECLARE_ATTACKERS" and not attacked:
        return "BEGIN_COMBAT"
    if s == "COMBAT_DAMAGE" and attacked or s == "END_COMBAT":
        return "END_COMBAT"
    if s == "END_TURN":
        return "END_TURN"
    raise Untranslatable("mid_game_check:step", f"{s} of turn {x.turn}")


#: stops in the combat phase (MAIN_STOPS has the beginning and end of combat)
COMBAT_STOPS = ("DECLARE_ATTACKERS", "DECLARE_BLOCKERS", "FIRST_COMBAT_DAMAGE", "COMBAT_DAMAGE")


def _combat_actions(items: list[_Act], vigilance: bool = False) -> dict[int, dict]:
    """Turn -> the scenario's ``attack`` action of the combat commands of that turn.

    XMage (TestPlayer.selectAttackers / selectBlockers): the active player's attack
    commands of the turn are declared together, each attacker the first untapped
    permanent of that name (Combat.declareAttacker taps it at once, so a name given twice
    is the next one; with vigilance in the test it would be the same one again: not
    translated), attacking the permanent named or the defending player; the
    defending player's block commands of the turn are declared together (one blocker
    named for several attackers blocks each of them); no block command: no blocks. A
    turn's combat is the attack action taken after the precombat main actions, and the
    postcombat main actions follow it. What that can't say exactly is not translated."""
    turns: dict[int, list[_Act]] = {}
    for x in items:
        turns.setdefault(x.turn, []).append(x)
    out: dict[int, dict] = {}
    for turn, xs in sorted(turns.items()):
        active = _active(turn)
        att = [x for x in xs if x.kind == "attack"]
        blk = [x for x in xs if x.kind == "block"]
        if any(x.player != active for x in xs if x.kind.startswith("attack")):
            raise Untranslatable("combat:attack_out_of_turn", f"turn {turn}")
        if any(x.player == active for x in xs if x.kind.startswith("block")):
            raise Untranslatable("combat:block_by_the_attacker", f"turn {turn}")
        if any(x.kind == "attack_skip" for x in xs) and att:
            raise Untranslatable("combat:skip_and_attack", f"turn {turn}")
        if any(x.kind == "block_skip" for x in xs) and blk:
            raise Untranslatable("combat:skip_and_block", f"turn {turn}")
        if not att:
            if blk:
                raise Untranslatable("combat:block_without_attack", f"turn {turn}")
            continue  # attackSkip / blockSkip alone: no attackers (508.8), as any turn
        names = [x.card for x in att]
        if len(set(names)) != len(names) and vigilance:
            # an untapped attacker is found again by its name (TestPlayer, XMage #3038)
            raise Untranslatable("combat:one_name_attacks_twice", f"turn {turn}: vigilance")
        attackers: list = []
        for x in att:
            if x.attacks is None:
                attackers.append(x.card)
            elif "player" in x.attacks:
                if x.attacks["player"] == active:
                    raise Untranslatable("combat:attacks_own_player", f"turn {turn}")
                attackers.append(x.card)  # the opponent: the attack action's default
            else:
                attackers.append({"card": x.card, "attacks": dict(x.attacks)})
        blocks: list[dict] = []
        by_blocker: dict[str, list[str]] = {}
        for x in blk:
            if x.blocked not in names:
                raise Untranslatable("combat:blocks_a_non_attacker", f"{x.card} {x.blocked}")
            if x.blocked in by_blocker.get(x.card, []):
                raise Untranslatable("combat:same_block_twice", f"{x.card} {x.blocked}")
            if x.card not in by_blocker:
                by_blocker[x.card] = []
                blocks.append({"blocker": x.card, "attacker": by_blocker[x.card]})
            by_blocker[x.card].append(x.blocked)
        for b in blocks:
            if len(b["attacker"]) == 1:
                b["attacker"] = b["attacker"][0]
        d: dict = {"do": "attack"}
        if active:
            d["player"] = active
        d["attackers"] = attackers
        d["blocks"] = blocks
        out[turn] = d
    return out


def _merge(items: list[tuple[str, int]]) -> list[tuple[str, int]]:
    out: list[list] = []
    for n, c in items:
        if out and out[-1][0] == n:
            out[-1][1] += c
        else:
            out.append([n, c])
    return [(n, c) for n, c in out]


def _priority_order(items: list[_Act], active: int) -> list[_Act]:
    """XMage's order of one step's actions (TestPlayer.priority), each with the object it
    responds to. A player with priority takes its next action at once while it can: an
    action with no condition, or one whose ``spellOnStack`` object is on the stack; it
    holds priority after each (117.3c) and passes at a ``waitStackResolved`` (until the
    stack is empty), at a condition not met yet, or when it has none left. The active
    player has priority first (117.3a); then the other; when both pass in succession the
    stack resolves (taken here as a whole: the objects cast in this step leave it) and the
    active player has priority again. An action taken with something on the stack and no
    condition of its own responds to the last object put there (``chain``)."""
    queues: dict[int, list[_Act]] = {p: [x for x in items if x.player == p] for p in (0, 1)}
    stack: list[_Act] = []
    order: list[_Act] = []
    player, passes = active, 0
    for _ in range(4 * len(items) + 8):
        q = queues[player]
        acted = False
        while q:
            x = q[0]
            if x.kind == "wait":
                if stack:
                    break
                q.pop(0)
                continue
            if x.kind == "check":
                # XMage reads it at once, whatever is on the stack; the scenario is read
                # only between its actions, with the stack resolved
                if stack:
                    raise Untranslatable("mid_game_check:stack_not_empty", x.flags["check"])
                q.pop(0)
                order.append(x)
                continue
            if x.on_stack is not None and x.on_stack not in [s.card for s in stack]:
                break
            q.pop(0)
            if x.on_stack is None and stack:
                last = stack[-1]
                if last.kind not in ("cast", "activate"):
                    raise Untranslatable("priority_order", f"a response to {last.kind}")
                x.on_stack, x.chain = last.card, last
            order.append(x)
            if x.kind in ("cast", "activate") and not x.flags.get("mana"):
                stack.append(x)  # a mana ability doesn't use the stack (605.3a)
            acted = True
        if not queues[0] and not queues[1]:
            return order
        passes = 0 if acted else passes + 1
        if passes >= 2:
            if not stack:
                raise Untranslatable("priority_order", "a condition that never holds")
            stack.clear()  # both passed: the stack resolves
            player, passes = active, 0
            continue
        player = 1 - player
    raise Untranslatable("priority_order", "no order found")


def _emit(a: _Act, counts: dict) -> dict:
    if a.kind == "cycle":
        raise Untranslatable("ability_keyword", "cycling: which card")
    d: dict = {"do": a.kind, "card": a.card}
    if a.face:
        d["face"] = a.face
    if a.ability is not None:
        d["ability"] = a.ability
    if a.player:
        d["player"] = a.player
    if a.targets:
        d["targets"] = a.targets
    d.update(sorted(a.flags.items()))
    if a.on_stack is not None:
        prev = a.chain
        if prev is not None:
            kind = "ability" if prev.kind == "activate" else "spell"
            when: dict = {"on_stack": prev.card, "kind": kind, "nth": counts[(prev.card, kind)]}
        else:
            when = {"on_stack": a.on_stack, "kind": "any"}
        if a.on_top:
            when["top"] = True
        d["when"] = when
    if a.kind in ("cast", "activate") and not a.flags.get("mana"):  # nth: an earlier item
        key = (a.card, "ability" if a.kind == "activate" else "spell")
        counts[key] = counts.get(key, 0) + 1
    return d


# ------------------------------------------------------------------ files
def translate_file(path: str, text: str, facts: CardFacts) -> tuple[list[dict], list[dict]]:
    """(cases, not translated) of one test file: one entry per ``@Test`` method."""
    base_id = path.split("src/test/java/", 1)[-1][:-5].replace("/", ".")
    for prefix in ("org.mage.test.",):
        if base_id.startswith(prefix):
            base_id = base_id[len(prefix) :]
    methods = find_test_methods(text)
    if not methods:
        return [], []
    cases: list[dict] = []
    skipped: list[dict] = []
    try:
        decls = J.parse_file(text)
    except J.JavaError as e:
        for name, _ig in methods:
            skipped.append(
                {"id": f"{base_id}.{name}", "reason": "java_parse", "detail": str(e)[:200]}
            )
        return cases, skipped
    top = decls[0] if decls else None
    extends = top.extends if top else ""
    bodies = {m.name: m for d in decls for m in d.members if m.kind == "method"}
    names = [m.name for d in decls for m in d.members if m.kind == "method"]
    overloaded = {n for n in names if names.count(n) > 1}
    helpers = {n: m for n, m in bodies.items() if n not in {t for t, _ in methods}}
    consts: dict = {}
    for d in decls:
        consts.update(class_constants(d))
    overrides = {m.name for d in decls for m in d.members if m.kind == "method"} & {
        "createNewGameAndPlayers",
        "reset",
        "init",
        "initGame",
    }
    for name, ignored in methods:
        tid = f"{base_id}.{name}"
        try:
            if ignored:
                raise Untranslatable("ignored", "@Ignore")
            if extends not in BASES:
                raise Untranslatable("base_class", extends or "none")
            if len(decls) > 1 and any(d.extends == extends for d in decls[1:]):
                raise Untranslatable("nested_class", "")
            if overrides:
                raise Untranslatable("custom_setup", ",".join(sorted(overrides)))
            m = bodies.get(name)
            if m is None or m.body is None:
                raise Untranslatable("java_parse", "method body")
            run = _Method(facts, consts, helpers)
            run.overloaded = overloaded
            run.run(m.body)
            if not run.t.strict:
                # choices left to XMage's AI are only seen when the engine asks one: the
                # runner reports such a case as not translated (ai_choice)
                pass
            scenario, checks = build_case(run.t, facts)
            case = {
                "id": tid,
                "scenario": scenario,
                "answers": run.t.answers,
                "expect": checks + run.t.expect,
                "cards": sorted(run.t.names),
                "strict": run.t.strict,
            }
            if not run.t.expect:
                raise Untranslatable("no_assertion", "")
            cases.append(case)
        except Untranslatable as e:
            skipped.append({"id": tid, "reason": e.reason, "detail": e.detail})
        except (J.JavaError, RecursionError) as e:
            skipped.append({"id": tid, "reason": "java_parse", "detail": str(e)[:200]})
    return cases, skipped
