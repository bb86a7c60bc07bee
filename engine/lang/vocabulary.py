"""The effect vocabulary as data: every op, its fields and their types; filters, values,
conditions, costs, target specs and trigger ids. Used by validators, coverage and docs.

This module imports nothing from the engine (it is data plus a small validator), so
build scripts, the importer and runtime code can all read it. docs/EFFECTS.md is the
prose version; ``tests/scripts/test_vocabulary.py`` keeps the two in step.

Field type names: ``int``, ``bool``, ``str``, ``value`` (an amount: int, ``"X"``, a short
expression such as ``"X+1"``, or a dynamic value ``{"dv": ...}``), ``ref`` (an object or
player reference such as ``"target"``, ``"self"``, ``"trigger_object"``, or ``{"target": n}``;
``{"target": n, "nth": i}`` is the i-th object chosen for spec n, 0-based: "two target
creatures" exchanged),
``who`` (a player group), ``filter``, ``cond``, ``ops`` (a nested op list), ``costs`` (a
list of cost objects), ``targets`` (a list of target specs), ``duration``, ``mana``,
``token`` pieces, ``options`` (a choice's [{label, ops}]), ``list`` and ``dict``. ``?``
marks an optional field.
"""

from __future__ import annotations

__all__ = [
    "OPS",
    "LAYERS",
    "TRIGGER_WHEN",
    "COSTS",
    "CONDITIONS",
    "DYNAMIC_VALUES",
    "FILTER_KEYS",
    "TARGET_KINDS",
    "REFS",
    "PLAYER_GROUPS",
    "DURATIONS",
    "ENTRY_FIELDS",
    "TRIGGER_FIELDS",
    "ACTIVATED_FIELDS",
    "TARGET_FIELDS",
    "CHAPTER_FIELDS",
    "validate_entry",
    "validate_ops",
    "op_names",
]


def _op(fields: str, doc: str, layer: str | None = None) -> dict:
    """``fields`` is ``"name:type name?:type ..."``."""
    spec: dict[str, tuple[str, bool]] = {}
    for part in fields.split():
        name, _, typ = part.partition(":")
        optional = name.endswith("?")
        spec[name.rstrip("?")] = (typ or "any", not optional)
    out = {"fields": spec, "doc": doc}
    if layer:
        out["layer"] = layer
    return out


# Common optional fields every op may carry.
COMMON_FIELDS = {
    "if": ("cond", False),  # a condition for this op (a dict; text only in hand-written data)
    "target": ("int", False),  # which target spec a "target" reference means (default 0)
    "x": ("str", False),  # hand-written: what X means, in words
    "optional": ("bool", False),  # "you may"
    "note": ("str", False),  # hand-written remark
}

OPS: dict[str, dict] = {
    # ------------------------------------------------------------- damage/life
    "damage": _op(
        "amount:value to:ref filter?:filter players?:who source?:ref controlled_by?:ref "
        "unpreventable?:bool no_regen?:bool exile_if_dies?:bool rounding?:str",
        "Deal damage (CR 120). `to`: a ref (`target`, `divided` for a divided amount, "
        "`you`, `each_opponent`, `each_player`, `controller_of_target`, `trigger_player`...), "
        "or `all` = every permanent matching `filter` (plus the players in `players`). "
        "`controlled_by` narrows `all` to one player's permanents.",
    ),
    "bite": _op(
        "source:ref to:ref",
        "The `source` creature deals damage equal to its power to `to` (one-sided fight).",
    ),
    "each_deals_power_damage": _op(
        "filter:filter to:ref",
        "Each creature matching `filter` deals damage equal to its power to `to` (`itself` or "
        "a target), each the source of its own damage (120.3).",
    ),
    "fight": _op(
        "a:ref b:ref", "`a` and `b` each deal damage equal to their power to the other (701.14)."
    ),
    "gain_life": _op("n:value who?:who", "`who` (default you) gains n life (119.3)."),
    "lose_life": _op("n:value who?:who", "`who` loses n life (119.3)."),
    # ----------------------------------------------------------- card movement
    "draw": _op("n:value who?:who delayed?:str", "`who` draws n cards (121)."),
    "discard": _op(
        "n:value who?:who chooser?:str reveal?:bool filter?:filter random?:bool keep?:str "
        "up_to?:bool",
        '`who` discards n cards (`"hand"`: the whole hand); `chooser: you` when the '
        "caster picks from the revealed hand; `random` for a random discard (701.9); "
        '`up_to`: up to n (with n `"hand"`: any number).',
    ),
    "mill": _op("n:value who?:who", "`who` mills n cards (701.17)."),
    "mill_then_return": _op(
        "n:value filter:filter",
        "Mill n, then you may return a card matching `filter` milled this way to hand.",
    ),
    "scry": _op("n:value", "Scry n (701.22)."),
    "surveil": _op("n:value", "Surveil n (701.25)."),
    "search_library": _op(
        "to:str what?:str filter?:filter count?:value min?:value reveal?:bool whose?:who "
        "who?:who controller?:str split?:dict also_graveyard?:bool",
        "Search a library for `count` cards matching `filter`, put them `to` (`hand`, "
        "`battlefield`, `battlefield_tapped`, `library_top`, `split`), then shuffle (701.23).",
    ),
    "look_and_pick": _op(
        "n:value pick:value rest:str to?:str min?:value filter?:filter reveal?:bool "
        "whose?:who may_shuffle?:bool controller?:str",
        "Look at the top n cards, take `pick` (`all` = every match) matching `filter` to "
        "`to`; the rest go `rest` (`bottom_any_order`, `bottom_random`, `top_any_order`, "
        "`graveyard`, `hand`, `exile`, `shuffle`). `pick: 0` only reorders. `controller: owner`: "
        "a card put onto the battlefield enters under its owner's control (who looked, else).",
    ),
    "impulse": _op(
        "n:value duration:duration choose_one?:bool from?:who",
        "Exile the top n cards of your library (`from: target_player`: the targeted player's); "
        "you may play them (or one of them) until `duration` ends.",
    ),
    "destroy": _op(
        "what:ref filter?:filter no_regen?:bool same_name?:bool",
        "Destroy (701.8). `what: all` uses `filter`; `same_name`: and all other permanents "
        "with the same name as that permanent (Maelstrom Pulse).",
    ),
    "exile": _op(
        "what:ref filter?:filter who?:who until?:str remember?:bool playable?:str",
        "Exile (406). `what`: a ref, `all` (permanents matching `filter`), or `graveyard` "
        "(the graveyards of `who`, cards matching `filter`). `until: source_leaves` returns "
        "the card when the source leaves the battlefield (610.3). `playable: end_of_turn`: "
        "you may play (cast) the exiled cards this turn.",
    ),
    "flicker": _op(
        "what:ref return:str tapped?:bool controller?:str",
        "Exile then return to the battlefield, `return: now` or `next_end_step` (a delayed "
        "trigger), under its owner's (or `controller: you`) control.",
    ),
    "return_to_hand": _op(
        "what:ref filter?:filter who?:who n?:value",
        "Return to the owner's hand. `what: all` + `filter`; `what: chosen`: `who` returns "
        "n permanents they control matching `filter`.",
    ),
    "return_from_graveyard": _op(
        "to:str what?:ref filter?:filter controller?:str tapped?:bool with_counters?:list "
        "whose?:who",
        "Graveyard -> `hand` or `battlefield` (default `what: target`; `self`; `all` + filter "
        "for every matching card in your graveyard, or in the graveyards of `whose`; `chosen` "
        "+ filter: one matching card of your graveyard chosen on resolution, not targeted).",
    ),
    "sacrifice_pile": _op(
        "who:who",
        "You separate all permanents `who` controls into two piles (700.3); that player "
        "sacrifices all permanents in the pile of their choice (Liliana of the Veil).",
    ),
    "get_emblem": _op(
        "name?:str retrace:filter",
        'You get an emblem (114) with "<cards matching `retrace`> in your graveyard have '
        'retrace" (702.81; Wrenn and Six).',
    ),
    "cant_cast": _op(
        "who?:who filter?:filter mv_above_their_lands?:bool",
        "Static: players in `who` (default each opponent) can't cast spells matching `filter`; "
        "with `mv_above_their_lands` only those with mana value greater than the number of "
        "lands the caster controls (Lavinia, Azorius Renegade).",
    ),
    "flash_permission": _op(
        "filter:filter",
        "Static: you may cast spells matching `filter` as though they had flash (702.8a; "
        "Sigarda's Aid).",
    ),
    "cant_activate": _op(
        "named:str",
        "Static: activated abilities of sources with the chosen name (`named: chosen`, "
        "`choose_card_name` as it entered) can't be activated unless they're mana abilities "
        "(Pithing Needle).",
    ),
    "choose_card_name": _op(
        "types?:list",
        "Its controller chooses a card name (201.3), as it enters (614.12) or as a chapter "
        "ability resolves; `types`: only names of cards with one of these card types (201.3a). "
        "Offered: every face name of the cards in the game and token names that are card "
        "names; the choice lasts while this object is on the battlefield (400.7).",
    ),
    "living_weapon": _op(
        "",
        "Living weapon (702.92a): create a 0/0 black Phyrexian Germ creature token, then "
        "attach this Equipment to it.",
    ),
    "reveal_top_to_hand": _op(
        "lose_life?:str",
        "Reveal the top card of your library and put it into your hand (not a draw); "
        "`lose_life: mana_value`: you lose life equal to its mana value (Dark Confidant).",
    ),
    "put_onto_battlefield": _op(
        "what:ref from:str filter?:filter tapped?:bool optional?:bool who?:who "
        "controller?:str repeat?:bool any_number?:bool",
        "Put cards onto the battlefield from `hand`, `exile` or `any` zone; `what: chosen` "
        "means `who` chooses a card matching `filter` (`any_number`: any number of them, "
        "one at a time, stopping when they like).",
    ),
    "put_on_library": _op(
        "what:ref where:str n?:value from?:str chooser?:str",
        "Put on the owner's library: `where` `top`, `bottom`, `top_or_bottom`, `shuffle`...",
    ),
    "counter_spell": _op(
        "what?:ref unless_pay?:str unless_costs?:costs unless_pay_generic?:value destination?:str",
        "Counter the target spell (701.6); `unless_pay` a mana cost its controller may pay; "
        "`destination` `exile`/`hand`/`library_top` instead of the graveyard.",
    ),
    "sacrifice": _op(
        "what:ref who?:who n?:value filter?:filter keep?:str then?:ops",
        "Sacrifice (701.21). `what: self`, a ref (its controller sacrifices it), or `chosen`: "
        "each player in `who` sacrifices n permanents matching `filter`.",
    ),
    "living_death": _op(
        "filter:filter",
        "Each player exiles all cards matching `filter` from their graveyard, then sacrifices "
        "all permanents matching it, then puts all cards they exiled this way onto the "
        "battlefield (Living Death / Living End): one op so it is done whole or not at all.",
    ),
    "return_exiled": _op(
        "to:str",
        "Return the cards exiled with this source (by an `exile` op with `remember`) to "
        "`to` (`battlefield` under their owners' control, `hand`, `graveyard`).",
    ),
    "exile_instead": _op(
        "what:ref duration:duration",
        "Replacement (614.1a): if a matching creature would die this turn, exile it instead. "
        "`what: dealt_damage_by_source` means creatures dealt damage by the source this turn.",
    ),
    # ------------------------------------------------------------------ tokens
    "create_token": _op(
        "token:str pt:str count?:value types?:list subtypes?:list supertypes?:list "
        "colors?:list keywords?:list abilities?:dict tapped?:bool attacking?:bool "
        "controller?:ref",
        "Create `count` tokens (111). The definition is inline: name, P/T (null for "
        "noncreatures), types, subtypes, colors, keywords, other abilities (an entry "
        "with triggers/static/activated).",
    ),
    "create_token_copy": _op(
        "what:ref count?:value haste?:bool tapped?:bool attacking?:bool filter?:filter",
        "Create tokens that are copies of `what` (707.2, 111.10); `what: chosen`: a "
        "permanent you control matching `filter` that you choose (not targeted).",
    ),
    "populate": _op("", "Create a token that's a copy of a creature token you control (701.30)."),
    "amass": _op("n:value subtype:str", "Amass (701.44)."),
    "incubate": _op("n:value", "Incubate n (701.53)."),
    "manifest": _op("n:value", "Manifest the top n cards (701.34)."),
    # ----------------------------------------------------------- counters
    "add_counters": _op(
        "counter:str n:any what:ref filter?:filter",
        "Put n counters of the kind on `what` (122). `n: divided` distributes among targets.",
    ),
    "remove_counters": _op(
        "counter:str n:any what:ref", "Remove counters (`n`: a value or `all`)."
    ),
    "add_player_counters": _op(
        "counter:str n:value who?:who", "Give players counters (energy, poison, experience)."
    ),
    "enters_with_counters": _op(
        "counter:str n:value", "Replacement: the permanent enters with counters (614.1c)."
    ),
    "proliferate": _op("n?:value", "Proliferate (701.27)."),
    "lore_counter": _op("n?:value", "Add lore counters to this Saga (714.3c)."),
    "double": _op(
        "what:ref filter?:filter power_toughness?:bool counters?:bool counter?:str "
        "duration?:duration",
        "Double (701.10): `power_toughness` gives each object +X/+Y (its power and toughness as it "
        "resolves) until `duration` (default end of turn); `counters` doubles the counters of "
        "each kind on it (or only `counter`).",
    ),
    "bolster": _op("n:value", "Bolster n (701.39)."),
    # ------------------------------------------------------ tap, control, misc
    "tap": _op(
        "what:ref filter?:filter controlled_by?:who",
        "Tap (701.26). `controlled_by` narrows `all` to one player's permanents.",
    ),
    "untap": _op("what:ref filter?:filter", "Untap (701.26)."),
    "tap_or_untap": _op("what:ref", "Tap or untap (the controller chooses)."),
    "skip_untap": _op(
        "what:ref duration:str filter?:filter controlled_by?:who",
        "It doesn't untap during its controller's untap step (`next_untap_step` or a duration).",
    ),
    "gain_control": _op("what:ref duration:duration", "Gain control (layer 2).", layer="2"),
    "exchange_control": _op(
        "a:ref b:ref duration:duration", "Exchange control of a and b (701.12).", layer="2"
    ),
    "regenerate": _op("what:ref", "Regeneration shield (701.19)."),
    "prevent_damage": _op(
        "duration:duration to?:ref by?:ref filter?:filter amount?:int combat_only?:bool",
        "Prevent damage dealt to / by (`all` + filter) (615).",
    ),
    "damage_cant_be_prevented": _op(
        "duration?:duration", "Damage can't be prevented (this turn) (615.12; Stomp)."
    ),
    "transform": _op("what?:ref", "Transform (701.28)."),
    "exile_and_return_transformed": _op(
        "", "Exile this Saga, then return it transformed under your control (Fable)."
    ),
    "exile_and_return_front": _op(
        "",
        "Exile the source, then return it to the battlefield under your control front face up "
        "(a back-face Saga returns as its front; a new object, 400.7).",
    ),
    "phase_out": _op(
        "what:ref duration?:duration",
        "Phase out (702.26); `duration: while_controlled`: it can't phase in for as long as "
        "you control the source.",
    ),
    "goad": _op("what:ref duration:duration", "Goad (701.15)."),
    "explore": _op(
        "what:ref",
        "Explore (701.44): reveal the top card; a land card to hand, else a +1/+1 counter "
        "and maybe the graveyard.",
    ),
    "connive": _op(
        "what:ref n?:value",
        "Connive (701.50): draw N, discard N, a +1/+1 counter per nonland card discarded.",
    ),
    "venture": _op("", "Venture into the dungeon (701.46)."),
    "learn": _op("", "Learn (701.48)."),
    "become_monarch": _op("", "You become the monarch (724)."),
    "take_initiative": _op("", "You take the initiative (725)."),
    "ring_tempts": _op("", "The Ring tempts you (701.54)."),
    "discover": _op("n:value x?:str who?:who", "Discover N (701.57)."),
    "cascade_grant": _op(
        "scope:str filter?:str from?:str duration?:str instances?:int who?:who",
        "Give cascade to spells (hand-written; see effects.json README).",
    ),
    "copy_spell": _op(
        "what:ref new_targets?:bool", "Copy a spell (707.10); may choose new targets."
    ),
    "extra_turn": _op("who:who", "Take an extra turn (500.7)."),
    "additional_combat": _op("", "An additional combat phase after this one (500.8)."),
    "additional_land_plays": _op("n:int duration:duration", "You may play n more lands (305.2)."),
    "win_game": _op("", "You win the game (104.2)."),
    "lose_game": _op(
        "who?:who",
        '`who` (default the target player; `trigger_player`: "that player") loses the game '
        "(104.3e).",
    ),
    "each_player_discard_hand_draw": _op("n:value x?:str", "Wheel (hand-written)."),
    "other": _op(
        "hint:str", "Hand-written only: an effect outside the vocabulary (never translated)."
    ),
    # ---------------------------------------------- continuous effects (613)
    "pump": _op(
        "power:value toughness:value who:ref duration:duration filter?:filter",
        "P/T +power/+toughness (layer 7c). `who`: a ref, `attached`, or `all` + filter.",
        layer="7c",
    ),
    "set_base_pt": _op(
        "what:ref duration:duration power?:value toughness?:value filter?:filter",
        "Set base power and/or toughness (layer 7b).",
        layer="7b",
    ),
    "grant": _op(
        "who:ref duration:duration keywords?:list ability?:dict filter?:filter "
        "protection_from?:filter",
        "Give keywords or an ability (layer 6). `ability` is {kind, ...} as in an entry.",
        layer="6",
    ),
    "grant_player": _op(
        "who:who keywords:list duration:duration", "Give a player hexproof/shroud..."
    ),
    "lose_keywords": _op(
        "what:ref keywords:list duration:duration filter?:filter",
        "Lose keywords (layer 6); `what: all` + `filter` for every matching permanent.",
        layer="6",
    ),
    "protection_from_chosen_color": _op(
        "what:ref duration:duration",
        "Protection from the color of your choice (layer 6).",
        layer="6",
    ),
    "set_color": _op(
        "what:ref colors:list duration:duration add?:bool",
        "Becomes the color(s) (layer 5).",
        layer="5",
    ),
    "add_types": _op(
        "what:ref duration:duration types?:list subtypes?:list supertypes?:list filter?:filter",
        "Becomes an additional supertype/type/subtype (layer 4); `what: all` + `filter`: every "
        "permanent matching it as the effect begins (611.2c).",
        layer="4",
    ),
    "become_creature": _op(
        "what:ref duration:duration pt?:str types?:list subtypes?:list colors?:list "
        "keywords?:list abilities?:dict keep_types?:list",
        "Becomes a creature with the given characteristics (layers 4, 5, 6, 7b).",
        layer="4,5,6,7b",
    ),
    "cant_block": _op("what:ref duration:duration filter?:filter", "Can't block (509.1b)."),
    "cant_be_blocked": _op("what:ref duration:duration by?:filter", "Can't be blocked (by `by`)."),
    "must_attack": _op(
        "what:ref duration:duration filter?:filter", "Attacks each combat if able (508.1d)."
    ),
    "can_block_only": _op(
        "what:ref filter:filter duration:duration",
        "Can block only creatures matching `filter` (509.1b).",
    ),
    "cant_attack_or_block": _op("what:ref duration:duration", "Can't attack or block."),
    "can_block_additional": _op(
        "what:ref duration:duration n?:int",
        "Can block `n` additional creatures each combat; no `n`: any number (509.1a).",
    ),
    "cost_change": _op(
        "spells:any amount:value who?:who if?:cond duration?:duration once?:bool",
        "Static: spells matching `spells` (a filter, or `self`) cost `amount` more (negative: "
        "less) generic mana (601.2f); with `duration` (`end_of_turn`, `until_your_next_turn`) "
        "made by a resolving spell or ability (611.2a); `once`: only the next matching spell. "
        "Noted: mana payment is not simulated.",
    ),
    "enters_with": _op(
        "ops:ops", "Replacement (614.1c): as this permanent enters, `ops` apply to it."
    ),
    "enters_tapped": _op("unless:cond", "It enters tapped unless the condition holds (614.1c)."),
    "add_mana": _op(
        "mana:str n?:value who?:who delayed?:str colors?:list spend_only?:filter",
        "Add mana (106.4): exact symbols, `any_color`, `any_one_color`, `any_combination`..."
        "; `commander_color_identity`: each mana of a color in your commander's color identity "
        "(903.4, the scenario's `commander`), none with no commander or a colorless one "
        "(903.4f), not simulated when the card data does not know the identity. "
        "`spend_only`: a filter; the mana may be spent only to cast a spell matching it "
        '(106.6, "spend this mana only to cast a creature spell"; with real mana payment).',
    ),
    "attach": _op(
        "what:ref to:ref",
        "Attach `what` (the Aura or Equipment, `self`) to `to` (701.3); an Aura spell "
        "resolving attaches itself this way (303.4f).",
    ),
    # ---------------------------------------------------- structure / control
    "may": _op("ops:ops who?:who", '"You may": the player chooses whether `ops` happen.'),
    "if": _op(
        "cond:cond then:ops else?:ops", "Do `then` if the condition is true, else `else` (608.2c)."
    ),
    "pay": _op(
        "cost:costs then:ops else?:ops who?:who",
        '"You may pay <cost>. If you do, <then>" (DoIfCostPaid); `optional: false` when it '
        "must be paid if able.",
    ),
    "unless": _op(
        "who:str cost:costs ops:ops else?:ops",
        "`ops` happen unless `who` (`you`, `target_player_or_controller`, `any_player`) pays.",
    ),
    "delayed": _op(
        "when:str ops:ops if?:cond",
        "A delayed triggered ability (603.7): `when` `next_end_step`, `next_upkeep`, "
        "`end_of_combat`, `your_next_upkeep`, `your_next_draw_step`, `your_next_end_step`.",
    ),
    "reflexive": _op(
        "ops:ops targets?:targets if?:cond",
        'A reflexive triggered ability ("when you do", 603.12) with its own targets.',
    ),
    "cast_free": _op(
        "from:str filter?:filter",
        "You may cast a card matching `filter` from your hand (`from: hand`) without paying "
        "its mana cost, now (118.9, 608.2g).",
    ),
    "play_linked": _op(
        "duration:str",
        "Until `duration` ends (`end_of_turn`), you may cast the cards exiled with the source "
        "(607.2a).",
    ),
    "spell_enters_with_counters": _op(
        "counter:str n:int what?:ref",
        "The spell that triggered it (`trigger_object`) enters the battlefield with n "
        'additional counters (614.1c; "when you next cast a creature spell this turn").',
    ),
    "exile_linked": _op(
        "from:str filter?:filter who?:who with_it?:ops up_to?:bool",
        "Exile a card you choose (not targeted) from your graveyard (`from: each_graveyard`: "
        "one from each; `up_to`: or none), linked to the source "
        "(607.2a: `return_exiled`, `exiled_with_mv` find it later); `with_it` ops are about it "
        "(its `trigger_object`).",
    ),
    "lasting_trigger": _op(
        "when:str effect:ops duration:str filter?:filter targets?:targets condition?:cond "
        "optional?:bool once?:bool attacks_you?:bool",
        "A delayed triggered ability with a duration (603.7c): `when` a trigger id (an event "
        'or a cast, not `self_...`), `duration` `end_of_turn` ("this turn") or '
        "`until_your_next_turn`; `effect` runs each time it triggers (the spell or object is "
        '`trigger_object`); `once`: "when you next ...", only the next time.',
    ),
    "reveal_until": _op(
        "filter:filter to:str rest:str who?:who",
        "Reveal cards from the top of your library until one matches `filter` (701.20a); it "
        "goes `to` (`hand`, `battlefield`, `battlefield_tapped`, `graveyard`, `exile`), the "
        "other revealed cards `rest` (`bottom_random`, `graveyard`, `exile`, `shuffle`).",
    ),
    "each_player_chooses": _op(
        "result:str n?:int up_to?:bool filter?:filter relative?:str who?:who others?:filter",
        "Starting with you, each player chooses `n` permanents matching `filter` (from their "
        "own view, or `relative: you`); `result`: `destroy_chosen`, `exile_chosen`, or "
        "`destroy_others` (every `others` permanent nobody chose).",
    ),
    "shuffle_graveyard_into_library": _op(
        "who?:who",
        "`who` (default you) shuffles every card of their graveyard into their library (701.24a).",
    ),
    "choose_one": _op(
        "options:options who?:who",
        "A choice made on resolution (608.2d), not a mode: `who` (you) picks one of "
        "`options` ([{label, ops}]) and only its ops happen.",
    ),
    # -------------------------------------- names and creature types a Saga chooses (named)
    "note_creature_type": _op(
        "effect:ops",
        "Note a creature type not yet noted for this object (205.3m; notes end when it leaves "
        "the battlefield, 400.7); when you next cast a creature spell of that type this turn "
        "(a changeling is every type), `effect` (its spell is `trigger_object`; Long List of "
        "the Ents).",
    ),
    "chosen_name_trigger": _op(
        "when:str effect:ops duration:str filter?:filter once?:bool first_this_turn?:bool",
        "A delayed triggered ability (603.7c, as `lasting_trigger`) about objects with the "
        "card name last chosen for this object (`choose_card_name`); `when`: "
        "`you_cast_spell` or `combat_damage_to_player` (510.3a); `first_this_turn`: "
        '"when you cast a spell with the chosen name for the first time this turn".',
    ),
    "goad_chosen_names": _op(
        "filter?:filter",
        "Goad (701.15a; combat enforces it, 701.15b) every permanent matching `filter` with a name "
        "chosen for this object (Day of the Moon).",
    ),
    "exile_named_from_zones": _op(
        "who:who up_to:int",
        "Search the target player's (`who: target_player`) graveyard, hand and library for "
        "up to `up_to` cards with the card name chosen for this object and exile them; that "
        "player shuffles (701.23).",
    ),
}

# Reference decks (decks2): Restore Balance, Greater Gargadon, Enigma Sphinx.
OPS["min_blockers"] = _op(
    "what:ref n:int duration:duration",
    "Can't be blocked except by `n` or more creatures (509.1b).",
)
OPS["draw_replacement"] = _op(
    "extra?:int max_hand?:int",
    "Static: while you have at most `max_hand` cards in hand, if you would draw one or more "
    "cards, you draw that many plus `extra` instead (614.1a; Quantum Riddler).",
)
OPS["warp_exile"] = _op(
    "stamp:int",
    "Warp's delayed trigger: exile the permanent (if still the same object), then its owner "
    "may cast it after this turn (702.185a).",
)
OPS["balance"] = _op(
    "of:str",
    "Each player keeps as many `of` (`lands`, `creatures`, `hand`) as the player with the "
    "fewest and sacrifices / discards the rest (Balance, Restore Balance).",
)

# More tokens (saga3): engine/ops/token_variants.py.
OPS["destroy_then_tokens"] = _op(
    "what?:ref filter?:filter creates:dict count?:value",
    "Destroy `what` (`target`, `targets`, or `all` matching `filter`); for each permanent "
    "destroyed this way, the player who controlled it creates `count` of `creates` (an inline "
    "create_token definition), APNAP order (701.8a, 111.2, 608.2h).",
)
OPS["create_token_x"] = _op(
    "creates:dict size:value count?:value",
    "Create `count` X/X tokens of the inline definition `creates` (pt `X/X`), X = `size` fixed as "
    "it resolves, never below 0 (608.2h, 107.1b).",
)
OPS["owner_creates_token"] = _op(
    "what:ref creates:dict count?:value",
    "`what: moved`: the owner of each object the op just before it moved creates `count` of "
    '`creates` ("its owner shuffles it into their library, then investigates"; 111.2, 108.3).',
)
OPS["create_token_copy_except"] = _op(
    "what:ref except:dict count?:value",
    "Create `count` token copies of `what` (`target`, `moved`, or `exiled_with`: a card exiled "
    "with the source, chosen) except as `except` says: `name`, `not_legendary`, `supertypes` / "
    "`subtypes` / `keywords` added, `creature_types` replacing its creature types; the "
    "exceptions are copiable values (707.2, 707.9b).",
)
OPS["transform_all"] = _op(
    "filter:filter",
    "Every double-faced permanent matching `filter` transforms (701.28a); one with no back "
    "face can't (701.28c).",
)
OPS["copy_each_chosen_different_names"] = _op(
    "filter:filter",
    "You choose any number of permanents you control matching `filter` with different names "
    "(201.2), one name at a time, then create a token copy of each (707.2).",
)

# Saga chapters with a process of their own (engine/ops/per_player.py).
OPS["mill_while_shared_type"] = _op(
    "n?:int who?:who",
    "Mill two (701.17a); if the two share a card type (205.2a), draw a card and repeat "
    "(The Tale of Tamiyo).",
)
OPS["each_player_returns"] = _op(
    "n?:int filter?:filter to?:str who?:who",
    "In APNAP order (101.4) each player chooses `n` cards matching `filter` in their own "
    "graveyard; all go onto the battlefield at once under their owners' control (fewer if "
    "fewer, 609.3).",
)
OPS["each_player_gains_control_owned"] = _op(
    "duration?:duration",
    "Each player gains control of every permanent they own (layer 2, 613.1b; indefinite).",
)
OPS["each_player_discard_or"] = _op(
    "who:who lose_life?:int sacrifice?:filter",
    "Each player in `who` may discard a card (choices in APNAP order, 101.4; discards at "
    "once); each who didn't loses `lose_life` life or sacrifices a permanent matching "
    "`sacrifice` (118.12).",
)

OPS["reveal_top_take_if"] = _op(
    "filter:filter",
    "Reveal the top card of your library (701.20a); if it matches `filter` put it into your "
    "hand, else it stays on top (revealed).",
)
OPS["shuffle_chosen_from_each_graveyard"] = _op(
    "n:int up_to?:bool",
    "You choose `n` (`up_to`: up to n) cards in each graveyard (not targeted); their owners "
    "shuffle them into their libraries (701.24a).",
)

OPS["look_at_top_each_player"] = _op(
    "", "You look at the top card of each player's library (701.16a; nothing moves)."
)
OPS["vote"] = _op(
    "options:list more:str ops:ops",
    "Starting with you, each player votes for one of `options` (701.38a); if `more` gets "
    "more votes than each other option, `ops` happen.",
)
OPS["exiled_until_to_bottom"] = _op(
    "return_n?:int",
    "The cards exiled with the source (610.3a, 607.2a): you return `return_n` (default 0) "
    "of them to the battlefield under their owners' control; each owner puts the rest on "
    "the bottom of their library (401.4).",
)
OPS["vote_destroy_most"] = _op(
    "filter?:filter",
    "Each player secretly votes for up to one permanent matching `filter` (701.38a); none "
    "voted: each player draws a card; else destroy each with the most votes or tied.",
)

OPS["each_chooses_greatest_to_hand"] = _op(
    "who:who greatest:str filter?:filter",
    "Each player in `who` chooses a permanent they control matching `filter` with the "
    "greatest `greatest` (`mana_value`, `power`) among them; the chosen return to their owners' "
    "hands (Summon: Valefor I).",
)
OPS["max_hand_size"] = _op(
    "who?:who set?:any change?:int duration?:str",
    'Maximum hand size (402.2): `set` a number or `"none"` (no maximum hand size), or '
    "`change` it by a number, for the players `who` names (you, each_opponent, each_player). "
    "Static on a permanent: while it is on the battlefield; resolved: for `duration` "
    "(default while_on_battlefield). The cleanup step discards down to it (514.1).",
)

OPS["earthbend"] = _op(
    "n:value what?:ref",
    "Earthbend n: the target land you control becomes a 0/0 creature with haste that's still "
    "a land for the rest of the game (layers 4, 6, 7b at one timestamp, 613.1d, 613.4b), then "
    "gets n +1/+1 counters (7c); when it dies or is exiled, it returns to the battlefield "
    "tapped (a delayed trigger about that object, 603.7c).",
    layer="4,6,7b",
)
OPS["earthbend_return"] = _op(
    "",
    "Earthbend's delayed trigger resolving: the card that died or was exiled returns to the "
    "battlefield tapped under its owner's control, if it is still that object (400.7).",
)

OPS["create_role"] = _op(
    "creates:dict what?:ref",
    "Create the Role token `creates` (an Aura token: create_token fields with `abilities` "
    "holding its `enchant` spec, statics on the enchanted creature and triggers) attached to "
    "each target creature (111.10, 303.7); a player's older Role on the same permanent goes "
    "to the graveyard (state-based action 704.5y).",
)

# engine/ops/chosen_on_resolution.py: amounts and objects chosen on resolution
OPS["reflexive_this_way"] = _op(
    "what:ref of?:str ops:ops targets?:targets",
    'Right after an op that moved cards (`what: moved`): "when you <verb> a card this way" '
    "(603.12a), a "
    "reflexive ability whose `{dv: that_many}` amounts are fixed as it triggers: the number "
    "of cards moved (`of: count`) or their total mana value (`of: mana_value`); none "
    "moved: it doesn't trigger (Summon: Kujata III).",
)
OPS["tap_any_number"] = _op(
    "filter:filter reflexive_ops:list reflexive_targets?:list",
    "Tap any number of untapped permanents you control matching `filter` (701.26a); if "
    "one or more were tapped, `reflexive_ops` trigger (603.12) with the amount "
    '`"that_many"` = the number tapped, and `reflexive_targets` (Yotia Declares War II).',
)
OPS["sacrifice_any_then_search"] = _op(
    "filter:filter search:filter to?:str",
    "Sacrifice any number of permanents matching `filter` (701.21a); search your library "
    "and/or graveyard for a card matching `search` with mana value at most the number "
    "sacrificed, put it onto the battlefield; shuffle if the library was searched "
    "(The Hunger Tide Rises IV).",
)
OPS["put_from_hand_up_to"] = _op(
    "n:int filter?:filter",
    "Put up to `n` permanent cards matching `filter` from your hand onto the battlefield "
    "at once (The World Spell III).",
)
OPS["exile_greatest_power"] = _op(
    "who?:who filter?:filter",
    "Exile a permanent matching `filter` with the greatest power among those `who` "
    "(`target_player`: the target opponent) controls, your choice among ties (Fall of the "
    "Impostor III).",
)
OPS["another_counter_of_a_kind"] = _op(
    "filter?:filter",
    "For each permanent matching `filter`, choose a kind of counter on it; you may put "
    "another counter of that kind on it (The Caves of Androzani II-III).",
)
OPS["token_copy_until"] = _op(
    "what:ref haste?:bool lore_up_to?:int sacrifice_at:str",
    "Create a token that's a copy of the target (it gains haste with `haste`); if it's a "
    "Saga, put up to `lore_up_to` lore counters on it (your choice); sacrifice it at "
    "`sacrifice_at` (`your_next_end_step`, a delayed trigger, 603.7) (Esper Terra I-III).",
)
OPS["put_one_then_attach_equipment"] = _op(
    "zones:list filter?:filter",
    "You may put a card matching `filter` from your `zones` (`hand`, `graveyard`) "
    "onto the battlefield; if it is an Equipment, you may attach it to a creature you "
    "control (701.3a) (Vault 101: Birthday Party II-III).",
)
# engine/ops/cards/the_creation_of_avacyn.py: a card exiled face down, linked
OPS["search_exile_face_down_linked"] = _op(
    "",
    "Search your library for a card, exile it face down (406.3) linked to the source "
    "(607.2a), then shuffle.",
)
OPS["turn_linked_face_up"] = _op(
    "lose_life_if_creature?:bool",
    "Turn the cards exiled with the source face up; with `lose_life_if_creature`, if one "
    "is a creature card you lose life equal to their total mana value.",
)
OPS["linked_to_battlefield_or_hand"] = _op(
    "",
    "If a card exiled with the source is a creature card, you may put those that are "
    "permanent cards onto the battlefield; the rest go to their owners' hands.",
)
# engine/ops/cards/the_grand_evolution.py: mill, then milled cards onto the battlefield
OPS["mill_then_put"] = _op(
    "n:int count:int filter?:filter",
    "Mill n (701.17a), then put up to `count` cards matching `filter` from among the milled "
    "cards (still in your graveyard) onto the battlefield at once (400.7) (Vorinclex // The "
    "Grand Evolution I).",
)
# engine/ops/cards/the_first_tyrannic_war.py: from hand, counters if its mana cost contains {X}
OPS["put_from_hand_x_counters"] = _op(
    "counter:str n:value filter?:filter",
    "You may put a card matching `filter` from your hand onto the battlefield; if its mana "
    "cost contains {X}, it enters with n `counter` counters (614.1c) (The First Tyrannic "
    "War I).",
)
# engine/ops/cards/the_great_synthesis.py: any number of spells from hand for free
OPS["cast_any_free"] = _op(
    "from?:str filter?:filter",
    "Cast any number of nonland cards matching `filter` from your hand without paying their "
    "mana costs, one at a time, while this resolves (118.9, 608.2g); each card is offered "
    "once (Jin-Gitaxias // The Great Synthesis III).",
)

LAYERS = {name: spec["layer"] for name, spec in OPS.items() if "layer" in spec}

#: a reference to an object or player inside an op
REFS = {
    "target": "the objects/players chosen for target spec 0 (or spec `target: n`)",
    "targets": "everything chosen for every target spec",
    "self": "the source (the card or permanent with the ability)",
    "attached": "the permanent this Aura/Equipment is attached to",
    "all": "every permanent matching the op's `filter`",
    "chosen": "chosen on resolution (not targeted) by `who`, matching `filter`",
    "trigger_object": 'the object the trigger event was about ("it", "that creature")',
    "trigger_player": 'the player the trigger event was about ("that player")',
    "controller_of_target": "the controller of target spec 0 / `target: n`",
    "controller_of_trigger_object": "the controller of the trigger's object",
    "divided": "damage divided among the targets as chosen when cast (601.2d)",
    "graveyard": "exile: the graveyards of `who`",
    "dealt_damage_by_source": "creatures dealt damage by the source this turn",
    "itself": "each_deals_power_damage: each creature deals the damage to itself",
    "moved": '"it"/"them": what the op just before it moved (discarded, returned, created...), '
    "as the new objects the cards became (400.7); only right after such an op",
    "exiled_with": "a card exiled with the source and still in exile (607.2a), chosen if "
    "several (create_token_copy_except)",
}
PLAYER_GROUPS = {
    "you": "the controller of the ability",
    "target_player": "the player chosen for target spec 0 / `target: n`",
    "each_player": "every player, in APNAP order",
    "each_opponent": "every opponent",
    "active_player": "the player whose turn it is",
    "controller_of_target": "the controller of the target",
    "controller_of_attached": "the controller of the enchanted/equipped permanent",
    "trigger_player": "the player the trigger was about",
    "controller_of_trigger_object": "the controller of the trigger's object",
}
DURATIONS = {
    "end_of_turn": "until end of turn (514.2)",
    "while_on_battlefield": "as long as the source is on the battlefield (static)",
    "while_source_on_battlefield": "until the source leaves the battlefield",
    "end_of_combat": "until end of combat",
    "until_your_next_turn": "until your next turn",
    "until_end_of_your_next_turn": "until the end of your next turn",
    "while_controlled": "for as long as you control the source",
    "permanent": "for the rest of the game",
    "one_use": "the next time it would apply",
    "end_of_step": "until the end of this step",
    "until_your_next_end_step": "until your next end step",
    "until_your_next_upkeep": "until your next upkeep",
    "next_untap_step": "during its controller's next untap step (skip_untap, 502.3)",
    "while_in_graveyard": "while the source is in a graveyard",
    "this_turn": "this turn (hand-written synonym of end_of_turn)",
    "while_attached": "while attached (hand-written)",
}
TARGET_KINDS = {
    "any": "creature, player, planeswalker or battle (115.4)",
    "creature": "creature permanent",
    "artifact": "artifact permanent",
    "enchantment": "enchantment permanent",
    "land": "land permanent",
    "planeswalker": "planeswalker permanent",
    "permanent": "any permanent (narrowed by `filter`)",
    "nonland_permanent": "nonland permanent (hand-written)",
    "player": "a player",
    "opponent": "an opponent",
    "spell": "a spell on the stack",
    "stack_object": "a spell or ability on the stack",
    "creature_or_planeswalker": "creature or planeswalker",
    "player_or_planeswalker": "player or planeswalker",
    "opponent_or_planeswalker": "opponent or planeswalker",
    "permanent_or_player": "a permanent or a player",
    "spell_or_permanent": "a spell or a permanent",
    "card_in_graveyard": "a card in any graveyard",
    "card_in_your_graveyard": "a card in your graveyard",
    "card_in_opponents_graveyard": "a card in an opponent's graveyard",
    "card_in_a_graveyard": "cards in one single graveyard",
    "card_in_exile": "a card in exile",
    "card_in_hand": "a card in your hand",
    "card_in_library": "a card in your library (search effects)",
}
TARGET_FIELDS = {
    "what": ("str", True),
    "count": ("value", True),
    "min": ("value", False),
    "filter": ("filter", False),
    "constraint": ("str", False),  # hand-written, words
    "divided": ("value", False),
    "chosen": ("bool", False),  # chosen on resolution, not targeted
    "other_than": ("int", False),  # "other target ...": not what spec n (an earlier one) got
    "share_type": ("bool", False),  # the two targets share a card type (205.2a)
    "total_mv_max": ("int", False),  # the targets' total mana value is at most this (202.3)
}
#: filter keys: all ANDed
FILTER_KEYS = {
    "types": "list: has all these card types",
    "types_any": "list: has at least one of these card types",
    "not_types": "list: has none of these card types",
    "subtypes": "list: has all these subtypes",
    "subtypes_any": "list: has at least one of these subtypes",
    "not_subtypes": "list: has none of these subtypes",
    "supertypes": "list: has all these supertypes (Basic, Legendary, Snow)",
    "not_supertypes": "list: has none of these supertypes",
    "colors_any": "list of WUBRG: is at least one of these colors",
    "not_colors": "list of WUBRG: is none of these colors",
    "colorless": "bool",
    "multicolored": "bool",
    "monocolored": "bool",
    "controller": "you | opponent | not_you | active | defending_player",
    "owner": "you | opponent | not_you | controller (the same player as its controller)",
    "player": "for player filters: you | opponent | not_you",
    "mv": "[op, n]: mana value comparison, op in < <= == != >= >",
    "mana_cost_in": 'list of printed mana costs, e.g. ["{0}", "{1}"]: the card\'s printed '
    "mana cost is one of them (a card with no mana cost matches none; Urza's Saga III)",
    "power": "[op, n]",
    "toughness": "[op, n]",
    "base_power": "[op, n]",
    "base_toughness": "[op, n]",
    "mv_parity": "odd | even",
    "tapped": "bool: tapped (true) / untapped (false)",
    "token": "bool: token (true) / nontoken (false)",
    "other": 'bool: not the source ("another")',
    "self": "bool: is the source",
    "attacking": "bool",
    "blocking": "bool",
    "blocked": "bool",
    "unblocked": "bool",
    "keyword": "str: has this keyword",
    "not_keyword": "str: doesn't have this keyword",
    "name": "str: has this name",
    "counter": "str: has a counter of this kind",
    "has_counters": "bool: has any counter",
    "historic": "bool: artifact, legendary or Saga",
    "modified": "bool: equipped, enchanted by you, or has counters",
    "commander": "bool",
    "face_down": "bool",
    "equipped": "bool",
    "enchanted": "bool",
    "permanent_card": "bool: a permanent card (cards in zones)",
    "summoning_sick": "bool",
    "entered_this_turn": "bool",
    "dealt_damage_this_turn": "bool",
    "attacked_this_turn": "bool",
    "transformed": "bool",
    "goaded": "bool",
    "saddled": "bool",
    "no_abilities": "bool",
    "toughness_greater_than_power": "bool",
    "greatest_power_controlled": "bool: its power is the greatest (ties too) among the "
    "creatures its controller controls",
    "greatest_power": "bool: its power is the greatest (ties too) among all creatures",
    "power_greater_than_base": "bool",
    "kicked": "bool (spells)",
    "blocking_source": "bool: blocking the source",
    "blocked_by_source": "bool: blocked by the source",
    "blocking_or_blocked_by_source": "bool",
    "adventure": "bool: has an Adventure",
    "renowned": "bool",
    "suspected": "bool",
    "ring_bearer": "bool",
    "attached_to_controlled": "bool",
    "x_in_cost": "bool",
    "no_mana_spent": "bool (spells): no mana was spent to cast it (cast without paying its "
    "mana cost, or its cost is {0}; Lavinia)",
    "or": "list of filters: matches at least one",
    "and": "list of filters: matches all",
    "not": "filter: doesn't match",
    "name_not_shared": 'filter: no other permanent matching it has the same name ("that '
    "doesn't have the same name as a token you control\", 201.2)",
    "has_name": "str: one of its names is this (201.2b: a split card off the stack has both "
    "halves' names; a double-faced card its front face's unless it is transformed)",
    "creature_type": "str: has this creature type (205.3m; a changeling has every one, 702.73a)",
    "power_less_than_source": "bool: its power is less than the source's power (608.2h: "
    "as the source last existed on the battlefield if it left; Firja's Retribution)",
}
DYNAMIC_VALUES = {
    "count": "{filter}: number of permanents matching filter",
    "cards_in_graveyard": "{who, filter?}",
    "cards_in_hand": "{who}",
    "counters_on_self": "{counter}",
    "player_counters": "{who, counter}",
    "self_power": "the source's power",
    "self_toughness": "the source's toughness",
    "target_power": "power of target 0",
    "target_mv": "mana value of target 0",
    "event_amount": "the amount from the trigger event (damage dealt, life gained...)",
    "trigger_object_power": "the power of the object the trigger was about (last known)",
    "trigger_object_toughness": "the toughness of the object the trigger was about (last known)",
    "card_types_in_graveyard": "{who}",
    "greatest_power": "{filter}",
    "greatest_toughness": "{filter}",
    "greatest_mv": "{filter}",
    "life": "{who}",
    "life_gained_this_turn": "{who}",
    "devotion": "{colors}",
    "domain": "basic land types among lands you control",
    "party": "party size",
    "colors_of_mana_spent": "",
    "mana_spent": "",
    "opponents": "number of opponents",
    "times_kicked": "",
    "cards_drawn_this_turn": "{who}",
    "creatures_died_this_turn": "",
    "sacrificed_power": "power of the sacrificed creature (cost)",
    "sacrificed_toughness": "",
    "sacrificed_mv": "",
    "descended_this_turn": "",
    "instants_sorceries_cast_this_turn": "{who}",
    "opponents_life_lost_this_turn": "",
    "equipment_attached": "",
    "auras_attached": "",
    "greatest_commander_mv": "",
    "parley": "",
    "colors_among_permanents": "{who}",
    "spells_cast_this_turn": "{who}: spells cast this turn, this one included",
    "other_spells_mv_this_turn": "{who}: total mana value of the other spells cast this turn",
    "neg": "{of}: minus the value",
    "mul": "{of, by}",
    "sum": "{of: [values]}",
    "half": "{of, round: up|down}",
    "max": '{of: [values]}: the greatest of them ("the difference" floored at 0, 107.1b)',
    "trigger_object_mv": "mana value of the trigger's object (\"that spell's mana value\")",
    "exiled_with_mv": "total mana value of the cards exiled with the source, still in exile "
    '("the exiled card", 607.2a)',
    "that_many": "{filter?}: the number of cards/objects the op just before it moved: "
    "discarded, milled, sacrificed, exiled, returned... 'this way' (608.2c), or of those "
    "matching `filter` where they went; only right after such an op",
    "total_mv": "{filter}: the total mana value of the permanents matching filter (202.3; "
    "Summon: Bahamut)",
    "opponents_controlling": "{filter}: the number of opponents (still in the game) who "
    "control a permanent matching filter (Summon: Yojimbo)",
    "opponents_controlling_fewer": "{filter}: the number of opponents (still in the game) who "
    "control fewer permanents matching filter than you (Birth of the Imperium)",
    "greatest_power_in_graveyard": "{who?, filter?}: the greatest power among the cards "
    "matching filter in the graveyards of who (default yours; 0 if none: Kraven's Last Hunt)",
}
CONDITIONS = {
    "kicked": "the spell was kicked (`times` for multikicker)",
    "my_turn": "it is your turn",
    "count": "{filter, cmp}: the number of permanents matching compares",
    "cards_in_graveyard": "{who, cmp, filter?}",
    "cards_in_hand": "{who, cmp}",
    "life": "{who, cmp}",
    "self_counters": "{counter, cmp, max?}",
    "self_tapped": "",
    "self_matches": "{filter}",
    "attached_matches": "{filter}",
    "delirium": "4+ card types in your graveyard",
    "morbid": "a creature died this turn",
    "raid": "you attacked this turn",
    "ferocious": "you control a creature with power 4+",
    "metalcraft": "you control 3+ artifacts",
    "hellbent": "you have no cards in hand",
    "revolt": "a permanent you controlled left the battlefield this turn",
    "spell_mastery": "2+ instants/sorceries in your graveyard",
    "formidable": "creatures you control have total power 8+",
    "corrupted": "an opponent has 3+ poison counters",
    "coven": "3+ different powers among your creatures",
    "descend": "{n}: n+ permanent cards in your graveyard",
    "you_gained_life_this_turn": "",
    "cast_from_hand": "the permanent was cast from hand",
    "cast_from_graveyard": "",
    "was_cast": "",
    "my_turn_before_attackers": "",
    "you_are_monarch": "",
    "citys_blessing": "",
    "gift_promised": "",
    "bargained": "",
    "adamant": "{color}: 3+ mana of one color spent",
    "self_equipped": "",
    "self_enchanted": "",
    "self_attacking": "",
    "control_commander": "",
    "self_is_enchantment": "",
    "completed_dungeon": "",
    "hate": "an opponent lost life from a source other than combat damage this turn",
    "addendum": "cast during your main phase",
    "void": "a nonland permanent left the battlefield or a spell was warped this turn",
    "self_in_graveyard": "",
    "attacked_this_step": "",
    "mana_spent": "{color, n}: at least n (default 1) mana of that color was spent to cast it",
    "opponents_lost_life_this_turn": "{cmp}",
    "step": "{step, yours}",
    "phase": "{phase, yours}",
    "opponent_controls_more": "{filter}",
    "targets_matching": "{filter}: the spell targets a permanent matching filter",
    "compare": "{a, cmp, b}: value a compared with value b, cmp one of < <= == != >= > "
    "(converge: the target's mana value <= the colors of mana spent)",
    "exiled_this_way": "{filter}: a card the ability exiled this way (impulse) matches filter",
    "not": "{of}",
    "and": "{of: [conds]}",
    "or": "{of: [conds]}",
    "cast_spell_this_turn": "you have cast a spell this turn (a casting restriction is checked "
    "before the spell is cast, so: another spell, 601.3)",
}
COSTS = {
    "mana": "{mana}: pay these mana symbols",
    "mana_generic": "{n: value}: pay that much generic mana",
    "tap": "{T}: tap this",
    "untap": "{Q}: untap this",
    "sacrifice_self": "sacrifice this",
    "sacrifice": "{n, filter}: sacrifice n permanents you control matching filter",
    "exile_self": "exile this (from its zone)",
    "discard_self": "discard this card",
    "return_self_to_hand": "return this to its owner's hand",
    "discard": "{n, filter?, random?}: discard n cards",
    "discard_hand": "discard your hand",
    "crew": "{n}: tap other untapped creatures you control with total power n or more (702.122a)",
    "pay_life": "{n}",
    "pay_energy": "{n}",
    "remove_counters": "{counter, n}: from this",
    "put_counters": "{counter, n}: on this",
    "tap_permanents": "{n, filter}: tap n untapped permanents you control",
    "exile_from_graveyard": "{n, filter}",
    "exile_from_hand": "{n, filter}",
    "reveal_from_hand": "{n, filter}",
    "return_to_hand": "{n, filter}: return permanents you control to hand",
    "loyalty": "{n}: planeswalker loyalty (+/-)",
    "exert": "exert this",
    "collect_evidence": "{n}",
    "mill": "{n}",
    "one_of": "{options: [[costs], ...]}: pay one of these",
    "exile_permanents": "{n, filter}: exile n permanents you control matching filter "
    "(ExileTargetCost; one such part per cost list)",
}
#: trigger `when` ids (hand-written ones first)
TRIGGER_WHEN = {
    "self_dies": "this dies (700.4)",
    "self_attacks": "this attacks",
    "self_enters_or_attacks": "this enters or attacks",
    "self_leaves_battlefield": "this leaves the battlefield",
    "self_targeted_by_spell": "hand-written",
    "self_combat_damage_to_player": "this deals combat damage to a player (trigger_player)",
    "self_combat_damage_to_creature": "this deals combat damage to a creature (trigger_object)",
    "self_to_graveyard_from_battlefield": "this is put into a graveyard from the battlefield",
    "self_to_your_graveyard_from_battlefield": "... into your graveyard",
    "self_or_your_dinosaur_enters": "hand-written",
    "you_cast_spell": "you cast a spell matching `filter`",
    "you_cascade": "hand-written",
    "you_discover": "hand-written",
    "you_cycle_or_discard_other": "hand-written",
    "you_attack_a_player": "hand-written",
    "you_attack_with_artifact_creatures": "hand-written",
    "landfall": "a land enters under your control",
    "your_upkeep": "at the beginning of your upkeep",
    "your_beginning_of_combat": "at the beginning of combat on your turn",
    "your_end_step": "at the beginning of your end step",
    "self_enters": "this enters (when not in `etb`)",
    "self_blocks": "this blocks",
    "self_blocks_or_becomes_blocked": "this blocks or becomes blocked (once each combat)",
    "self_attacks_alone": "this attacks alone (506.5; trigger_player: the defending player)",
    "creature_attacks_alone": "a creature matching `filter` attacks alone (trigger_object)",
    "self_attacks_unblocked": "this attacks and isn't blocked (509.3g)",
    "self_blocks_creature": "this blocks a creature matching `filter`, once for each "
    "(trigger_object: the attacker, 509.3b)",
    "self_blocked_by_creature": "this becomes blocked by a creature matching `filter`, once "
    "for each (trigger_object: the blocker, 509.3d)",
    "self_blocks_or_blocked_by_creature": "this blocks or becomes blocked by a creature "
    "matching `filter` (trigger_object: that creature)",
    "self_attacks_or_blocks": "this attacks or blocks",
    "opponent_casts_spell": "an opponent casts a spell matching `filter`",
    "any_player_casts_spell": "a player casts a spell matching `filter`",
    "creature_dies": "a creature matching `filter` dies",
    "self_or_other_dies": "this or a permanent matching `filter` dies",
    "permanent_enters": "a permanent matching `filter` enters",
    "self_or_other_enters": "this or a permanent matching `filter` enters",
    "you_attack": "you attack with `min_attackers`+ creatures",
    "creature_attacks": "a creature matching `filter` attacks",
    "each_upkeep": "each player's upkeep",
    "each_opponent_upkeep": "each opponent's upkeep",
    "attached_controller_upkeep": "upkeep of the enchanted permanent's controller",
    "each_end_step": "each end step",
    "each_opponent_end_step": "each opponent's end step",
    "attached_controller_end_step": "",
    "each_beginning_of_combat": "",
    "each_opponent_beginning_of_combat": "",
    "your_draw_step": "",
    "each_draw_step": "",
    "each_opponent_draw_step": "",
    "your_precombat_main": "",
    "each_precombat_main": "",
    "your_postcombat_main": "",
    "permanent_sacrificed": "`who` sacrifices a permanent matching `filter`",
    "self_dealt_damage": "this is dealt damage",
    "self_becomes_tapped": "",
    "self_becomes_blocked": "",
    "self_becomes_target": "",
    "self_becomes_target_first_time": "this becomes the target of a spell or ability for the"
    " first time each turn",
    "combat_damage_to_player": "a creature matching `filter` deals combat damage to a player "
    "(once for each creature)",
    "one_or_more_combat_damage_to_player": "one or more creatures matching `filter` deal combat "
    "damage to a player: once for each player (trigger_player), event_amount the damage they "
    "dealt",
    "creature_damage_to_player": "a creature matching `filter` deals damage to a player",
    "self_damage_to_opponent": "this deals damage to an opponent (`combat`: combat damage; "
    "trigger_player: that opponent, event_amount: the damage)",
    "self_cycled": "you cycle this card (zone hand)",
    "you_draw": "you draw a card",
    "you_draw_nth_card": "you draw your n-th card this turn (`n`, default 2)",
    "you_gain_life": "you gain life",
    "you_discard": "you discard a card",
    "attached_dies": "the enchanted/equipped creature dies",
    "attached_attacks": "",
    "attached_damage_to_player": "",
    "self_turned_face_up": "",
    "you_cast_second_spell_each_turn": "",
    "self_cast": "you cast this spell",
    "permanent_to_graveyard_from_battlefield": "a permanent matching `filter` is put into a "
    "graveyard from the battlefield (`owner: controller`: into its controller's graveyard)",
    "self_enters_or_dies": "this enters or dies",
    "self_targeted_by_your_spell": "heroic",
    "reflexive": "",
}
for _who, _whose in (
    ("your_", "your"),
    ("each_", "each player's"),
    ("each_opponent_", "each opponent's"),
    ("attached_controller_", "the enchanted/equipped permanent's controller's"),
):
    for _step in (
        "upkeep",
        "end_step",
        "beginning_of_combat",
        "draw_step",
        "precombat_main",
        "postcombat_main",
    ):
        TRIGGER_WHEN.setdefault(
            _who + _step,
            f"at the beginning of {_whose} {_step.replace('_', ' ')} "
            "(trigger_player: the active player)",
        )

ENTRY_FIELDS = {
    "spell",
    "targets",
    "modes",
    "choose",
    "choose_min",
    "mode_targets",
    "same_mode_repeatable",
    "spell_costs",
    "etb",
    "etb_targets",
    "etb_optional",
    "etb_if_cast",
    "triggers",
    "static",
    "activated",
    "faces",
    "face_of",
    "keyword_costs",
    "alt_cost",
    "additional_cost",
    "cost_note",
    "overload",
    "cant_be_countered",
    "enters_tapped",
    "protection",  # the printed Protection's qualities (702.16a, engine.lang.protection)
    "vanilla",
    "keywords_only",
    "notes",
    "chapters",
    "enchant",
    "untranslated",
    "alt_costs",
    "source",
    "cast_only",  # a condition: the printed "cast this spell only ..." (601.3), rules.cast_only
}
TRIGGER_FIELDS = {
    "when",
    "filter",
    "condition",
    "optional",
    "optional_cost",
    "limit",
    "zone",
    "targets",
    "ops",
    "modes",
    "choose",
    "choose_min",
    "mode_targets",
    "who",
    "min_attackers",
    "attacks_you",
    "same_mode_repeatable",
    "also",
    "do_once_each_turn",
    "first_each_turn",
    "n",  # you_draw_nth_card: which card of the turn (default 2)
    "keyword",  # the keyword ability this trigger is ("Ward", 702.21a): the log names it
    "combat",  # self_damage_to_opponent: combat damage only
}
ACTIVATED_FIELDS = {
    "cost",
    "costs",
    "ops",
    "targets",
    "zone",
    "sorcery_speed",
    "mana_ability",
    "loyalty",
    "note",
    "limit",
    "condition",
    "modes",
    "choose",
    "choose_min",
    "mode_targets",
    "same_mode_repeatable",
}
CHAPTER_FIELDS = {
    "chapters",
    "ops",
    "targets",
    "optional",
    "untranslated",
    "modes",
    "choose",
    "choose_min",
    "mode_targets",
    "at_random",
}


def op_names() -> list[str]:
    return sorted(OPS)


# ------------------------------------------------------------------ validator
def validate_entry(entry: object, path: str = "") -> list[str]:
    """Problems with one effects entry (empty list: valid). Bounded by the entry's size."""
    out: list[str] = []
    if not isinstance(entry, dict):
        return [f"{path or 'entry'}: not an object"]
    for k, v in entry.items():
        p = f"{path}.{k}" if path else k
        if k not in ENTRY_FIELDS:
            out.append(f"{p}: unknown entry field")
        elif k in ("spell", "etb", "static"):
            out += validate_ops(v, p)
        elif k in ("targets", "etb_targets"):
            out += _targets(v, p)
        elif k == "modes":
            if not isinstance(v, list):
                out.append(f"{p}: not a list")
            else:
                for i, m in enumerate(v):
                    out += validate_ops(m, f"{p}[{i}]")
        elif k == "mode_targets":
            for i, m in enumerate(v if isinstance(v, list) else []):
                out += _targets(m, f"{p}[{i}]")
        elif k == "triggers":
            for i, t in enumerate(v if isinstance(v, list) else []):
                out += _ability(t, f"{p}[{i}]", TRIGGER_FIELDS)
        elif k == "activated":
            for i, a in enumerate(v if isinstance(v, list) else []):
                out += _ability(a, f"{p}[{i}]", ACTIVATED_FIELDS)
        elif k == "chapters":
            for i, c in enumerate(v if isinstance(v, list) else []):
                out += _ability(c, f"{p}[{i}]", CHAPTER_FIELDS)
        elif k == "faces":
            if not isinstance(v, dict):
                out.append(f"{p}: not an object")
            else:
                for name, sub in v.items():
                    out += validate_entry(sub, f"{p}[{name}]")
        elif k in ("spell_costs",):
            out += _costs(v, p)
        elif k == "cast_only":
            out += _cond(v, p)
    return out


def _ability(a: object, path: str, allowed: set[str]) -> list[str]:
    if not isinstance(a, dict):
        return [f"{path}: not an object"]
    out = [f"{path}.{k}: unknown field" for k in a if k not in allowed]
    if "ops" in a:
        out += validate_ops(a["ops"], path + ".ops")
    if "modes" in a:
        for i, m in enumerate(a["modes"]):
            out += validate_ops(m, f"{path}.modes[{i}]")
    if "targets" in a:
        out += _targets(a["targets"], path + ".targets")
    if "costs" in a:
        out += _costs(a["costs"], path + ".costs")
    if "when" in a and a["when"] not in TRIGGER_WHEN:
        out.append(f"{path}.when: unknown trigger id {a['when']!r}")
    return out


def _targets(v: object, path: str) -> list[str]:
    if not isinstance(v, list):
        return [f"{path}: not a list"]
    out = []
    for i, t in enumerate(v):
        if not isinstance(t, dict):
            out.append(f"{path}[{i}]: not an object")
            continue
        for k in t:
            if k not in TARGET_FIELDS:
                out.append(f"{path}[{i}].{k}: unknown target field")
        if t.get("what") not in TARGET_KINDS:
            out.append(f"{path}[{i}].what: unknown target kind {t.get('what')!r}")
        if "filter" in t:
            out += _filter(t["filter"], f"{path}[{i}].filter")
    return out


def _costs(v: object, path: str) -> list[str]:
    if not isinstance(v, list):
        return [f"{path}: not a list"]
    out = []
    for i, c in enumerate(v):
        if not isinstance(c, dict) or c.get("cost") not in COSTS:
            out.append(f"{path}[{i}]: unknown cost {c!r}"[:200])
        elif c["cost"] == "one_of":
            for j, opt in enumerate(c.get("options", [])):
                out += _costs(opt, f"{path}[{i}].options[{j}]")
    return out


def _filter(f: object, path: str) -> list[str]:
    if isinstance(f, str):
        return []  # hand-written words ("nonland"): never counted as translated
    if not isinstance(f, dict):
        return [f"{path}: not an object"]
    out = []
    for k, v in f.items():
        if k not in FILTER_KEYS:
            out.append(f"{path}.{k}: unknown filter key")
        elif k in ("or", "and"):
            for i, sub in enumerate(v):
                out += _filter(sub, f"{path}.{k}[{i}]")
        elif k == "not":
            out += _filter(v, f"{path}.not")
    return out


def _cond(c: object, path: str) -> list[str]:
    if isinstance(c, str):
        return []  # hand-written words: never simulated, never counted as translated
    if not isinstance(c, dict) or c.get("cond") not in CONDITIONS:
        return [f"{path}: unknown condition {c!r}"[:200]]
    out = []
    if c["cond"] in ("and", "or"):
        for i, sub in enumerate(c.get("of", [])):
            out += _cond(sub, f"{path}.of[{i}]")
    elif c["cond"] == "not":
        out += _cond(c.get("of"), f"{path}.of")
    if "filter" in c:
        out += _filter(c["filter"], path + ".filter")
    return out


def validate_ops(ops: object, path: str = "ops") -> list[str]:
    """Problems with an op list: unknown ops, missing or unknown fields, nested lists."""
    if not isinstance(ops, list):
        return [f"{path}: not a list"]
    out: list[str] = []
    for i, op in enumerate(ops):
        p = f"{path}[{i}]"
        if not isinstance(op, dict):
            out.append(f"{p}: not an object")
            continue
        name = op.get("op")
        spec = OPS.get(name) if isinstance(name, str) else None
        if spec is None:
            out.append(f"{p}: unknown op {name!r}")
            continue
        fields = spec["fields"]
        for f, (_typ, required) in fields.items():
            if required and f not in op:
                out.append(f"{p}.{f}: missing (op {name})")
        for f, v in op.items():
            if f == "op":
                continue
            typ = fields.get(f, COMMON_FIELDS.get(f, (None,)))[0]
            if typ is None:
                out.append(f"{p}.{f}: unknown field of op {name}")
            elif typ == "ops":
                out += validate_ops(v, f"{p}.{f}")
            elif typ == "filter":
                out += _filter(v, f"{p}.{f}")
            elif typ == "cond":
                out += _cond(v, f"{p}.{f}")
            elif typ == "costs":
                out += _costs(v, f"{p}.{f}")
            elif typ == "targets":
                out += _targets(v, f"{p}.{f}")
            elif typ == "options":
                out += _options(v, f"{p}.{f}")
    return out


def _options(v: object, path: str) -> list[str]:
    """A choice's options: [{label: str, ops: [...]}], at least two."""
    if not isinstance(v, list) or len(v) < 2:
        return [f"{path}: a list of at least two options"]
    out: list[str] = []
    for i, opt in enumerate(v):
        p = f"{path}[{i}]"
        if not isinstance(opt, dict) or set(opt) - {"label", "ops"}:
            out.append(f"{p}: an option is {{label, ops}}")
            continue
        if not isinstance(opt.get("label"), str):
            out.append(f"{p}.label: missing")
        out += validate_ops(opt.get("ops"), f"{p}.ops")
    return out
