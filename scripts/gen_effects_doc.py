# ruff: noqa: E501 (markdown table rows are single lines)
"""Write docs/EFFECTS.md from engine/lang/vocabulary.py and the importer report.

The vocabulary lives in one place (engine/lang/vocabulary.py); this renders it, with the XMage
classes each op was translated from (data/xmage_report.json, ``op_sources``). A test
checks the committed file equals a fresh rendering.

    python scripts/gen_effects_doc.py [--check]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.lang import vocabulary as S  # noqa: E402
from engine.rules import ability_costs, triggers  # noqa: E402

OUT = ROOT / "docs" / "EFFECTS.md"
REPORT = ROOT / "data" / "xmage_report.json"

#: ops made by ability classes rather than effect classes (not in op_sources)
ABILITY_SOURCES = {
    "add_mana": [
        "WhiteManaAbility",
        "BlueManaAbility",
        "BlackManaAbility",
        "RedManaAbility",
        "GreenManaAbility",
        "ColorlessManaAbility",
        "AnyColorManaAbility",
        "SimpleManaAbility",
        "DynamicManaAbility",
        "TreasureAbility",
    ],
    "enters_with_counters": ["EntersBattlefieldWithCountersAbility"],
    "cant_block": ["CantBlockAbility"],
    "enters_tapped": ["EntersBattlefieldTappedUnlessAbility"],
    "enters_with": ["EntersBattlefieldAbility", "AsEntersBattlefieldAbility"],
    "delayed": [
        "AtTheBeginOfNextEndStepDelayedTriggeredAbility",
        "AtTheBeginOfNextUpkeepDelayedTriggeredAbility",
        "AtTheEndOfCombatDelayedTriggeredAbility",
    ],
    "reflexive": ["ReflexiveTriggeredAbility"],
    "may": ["(any effect with optional = true)"],
}

GROUPS = [
    (
        "Damage and life",
        ["damage", "bite", "fight", "gain_life", "lose_life", "each_deals_power_damage"],
    ),
    (
        "Cards: draw, discard, library",
        [
            "draw",
            "discard",
            "mill",
            "mill_then_return",
            "scry",
            "surveil",
            "search_library",
            "look_and_pick",
            "impulse",
            "reveal_until",
        ],
    ),
    (
        "Zone moves",
        [
            "destroy",
            "exile",
            "flicker",
            "return_to_hand",
            "return_from_graveyard",
            "put_onto_battlefield",
            "put_on_library",
            "counter_spell",
            "sacrifice",
            "living_death",
            "balance",
            "warp_exile",
            "exile_instead",
            "return_exiled",
            "attach",
            "shuffle_graveyard_into_library",
            "each_player_chooses",
        ],
    ),
    (
        "Tokens",
        [
            "create_token",
            "create_token_copy",
            "populate",
            "amass",
            "incubate",
            "manifest",
            "create_token_x",
            "destroy_then_tokens",
            "owner_creates_token",
            "create_token_copy_except",
            "transform_all",
            "copy_each_chosen_different_names",
        ],
    ),
    (
        "Counters",
        [
            "add_counters",
            "remove_counters",
            "add_player_counters",
            "enters_with_counters",
            "proliferate",
            "lore_counter",
            "bolster",
            "double",
        ],
    ),
    (
        "Tap, control, misc",
        [
            "tap",
            "untap",
            "tap_or_untap",
            "skip_untap",
            "gain_control",
            "exchange_control",
            "regenerate",
            "prevent_damage",
            "damage_cant_be_prevented",
            "transform",
            "exile_and_return_transformed",
            "exile_and_return_front",
            "phase_out",
            "goad",
            "explore",
            "connive",
            "venture",
            "learn",
            "become_monarch",
            "take_initiative",
            "ring_tempts",
            "discover",
            "cascade_grant",
            "copy_spell",
            "extra_turn",
            "additional_combat",
            "additional_land_plays",
            "win_game",
            "lose_game",
            "each_player_discard_hand_draw",
            "other",
        ],
    ),
    (
        "Continuous effects (CR 613 layers)",
        [
            "pump",
            "set_base_pt",
            "grant",
            "grant_player",
            "lose_keywords",
            "protection_from_chosen_color",
            "set_color",
            "add_types",
            "become_creature",
            "cant_block",
            "cant_be_blocked",
            "cant_attack_or_block",
            "must_attack",
            "can_block_only",
            "min_blockers",
            "can_block_additional",
            "draw_replacement",
            "cost_change",
            "enters_with",
            "enters_tapped",
        ],
    ),
    ("Mana", ["add_mana"]),
    (
        "Structure: choices, conditions, costs, delayed triggers",
        [
            "may",
            "if",
            "pay",
            "unless",
            "delayed",
            "reflexive",
            "choose_one",
            "lasting_trigger",
            "exile_linked",
            "spell_enters_with_counters",
            "play_linked",
            "cast_free",
        ],
    ),
    (
        "Reference decks: reveal, piles, emblems, living weapon, casting and activating",
        [
            "reveal_top_to_hand",
            "sacrifice_pile",
            "get_emblem",
            "living_weapon",
            "choose_card_name",
            "cant_cast",
            "flash_permission",
            "cant_activate",
        ],
    ),
    (
        "Saga processes: mill loop, each player's own cards, reveal, votes",
        [
            "mill_while_shared_type",
            "each_player_returns",
            "each_player_gains_control_owned",
            "each_player_discard_or",
            "reveal_top_take_if",
            "shuffle_chosen_from_each_graveyard",
            "look_at_top_each_player",
            "vote",
            "exiled_until_to_bottom",
            "vote_destroy_most",
            "each_chooses_greatest_to_hand",
        ],
    ),
    ("Earthbend and Role tokens", ["earthbend", "earthbend_return", "create_role"]),
    (
        "What a Saga notes or names: creature types, card names",
        [
            "note_creature_type",
            "chosen_name_trigger",
            "goad_chosen_names",
            "exile_named_from_zones",
        ],
    ),
    ("Players' rules: maximum hand size", ["max_hand_size"]),
    (
        "Saga choices on resolution: any number, up to n, the greatest, this way",
        [
            "reflexive_this_way",
            "tap_any_number",
            "sacrifice_any_then_search",
            "put_from_hand_up_to",
            "exile_greatest_power",
            "another_counter_of_a_kind",
            "token_copy_until",
            "put_one_then_attach_equipment",
            "search_exile_face_down_linked",
            "turn_linked_face_up",
            "linked_to_battlefield_or_hand",
        ],
    ),
    (
        "Saga chapters (sagaD): milled cards or a card from hand onto the battlefield",
        ["mill_then_put", "put_from_hand_x_counters", "cast_any_free"],
    ),
]

INTRO = """# Effect vocabulary (ops)

What a card *does* is data: a list of **ops** per ability, in the entry format of
`effects.json` (hand-written, the reference) and `data/xmage_effects.json.gz` (imported
from XMage by `scripts/import_xmage.py`, see docs/PROVENANCE.md). The machine-readable
version of this page is `engine/lang/vocabulary.py` (`OPS`, `FILTER_KEYS`, `TRIGGER_WHEN`, `COSTS`,
`CONDITIONS`, `DYNAMIC_VALUES`, `validate_entry`); this file is generated from it by
`python scripts/gen_effects_doc.py` and a test keeps the two equal.

Rules for handler writers:

- Every op is executable as written: no field is free text except in hand-written legacy
  data (`x`, `hint`, string `if`/`what`), which is never counted as translated.
- An entry lists what the importer could not translate under `untranslated`
  (`[{ability, class, in?}]`); such a card is partly simulated, and an ability with an
  untranslated part must not run at all (all or nothing).
- `target: n` on an op selects target spec *n* for `"target"` references; without it, spec 0.

## Entry format

| field | meaning |
|---|---|
| `spell` + `targets` | ops of an instant/sorcery (or a face) and its target specs |
| `modes`, `choose`, `choose_min?`, `mode_targets`, `same_mode_repeatable?` | modal spells: choose `choose` (at least `choose_min`) of `modes`; `mode_targets[i]` are mode *i*'s targets |
| `spell_costs` | additional costs of the spell (cost objects) |
| `etb`, `etb_targets`, `etb_optional`, `etb_if_cast` | the enters-the-battlefield trigger |
| `triggers` | `[{when, ops, filter?, condition?, optional?, targets?, zone?, who?, limit?, min_attackers?, also?, do_once_each_turn?, first_each_turn?, keyword?, modes...}]`; `keyword` names the keyword ability the trigger is (`Ward`, 702.21a) for the log; `also` lists more events that trigger the same ability (OR-triggers); `do_once_each_turn`: it triggers every time but does nothing once done this turn (not when declined); `first_each_turn` (cast triggers): only for the caster's first spell matching `filter` (card types) this turn |
| `activated` | `[{cost, costs, ops, targets?, zone?, sorcery_speed?, mana_ability?, loyalty?, limit?, condition?}]`; `cost` is the plain string the engine reads today, `costs` the structured list |
| `static` | ops that apply while the permanent is on the battlefield (continuous effects, replacement effects, cost changes) |
| `chapters` | Saga chapter abilities `[{chapters:[n...], ops, targets?, optional?}]` or `{chapters, untranslated: class}` |
| `faces` | `{face name: entry}` for multi-face cards |
| `keyword_costs` | costs of keyword abilities (`Cycling`, `Kicker`, `Suspend: {time, cost}`, ...) |
| `alt_costs` | alternative costs `[{costs, if?}]` |
| `enchant` | an Aura's enchant restriction (a target spec) |
| `enters_tapped`, `cant_be_countered`, `vanilla`, `keywords_only` | flags |
| `cast_only` | a printed casting restriction ("Cast this spell only during combat on your turn"): a condition that must hold for every cast, free casts too (601.3); a string (words the importer could not read) is never evaluated, and the card is then not cast |
| `untranslated` | what the importer left out, and the XMage class that stopped it |
| `source` | `"xmage"` on imported entries merged into the pool |
"""


def _table(d: dict, head: tuple[str, str]) -> list[str]:
    out = [f"| {head[0]} | {head[1]} |", "|---|---|"]
    for k, v in d.items():
        out.append(f"| `{k}` | {v} |")
    return out


def render(report: dict | None) -> str:
    sources = dict((report or {}).get("op_sources") or {})
    lines = [INTRO]
    lines += [
        "## Target specs",
        "",
        '`{what, count, min?, filter?, divided?, chosen?}`: `count` is a number, `"X"` or '
        '`"any"`; `min: 0` is "up to"; `divided` is an amount divided among the '
        "targets (601.2d); `chosen: true` when picked on resolution, not targeted.",
        "",
    ]
    lines += _table(S.TARGET_KINDS, ("what", "meaning")) + [""]
    lines += ["## References (`what`, `to`, `who`...)", ""]
    lines += _table(S.REFS, ("ref", "meaning")) + [""]
    lines += _table(S.PLAYER_GROUPS, ("player group", "meaning")) + [""]
    lines += ["## Durations", ""] + _table(S.DURATIONS, ("duration", "meaning")) + [""]
    lines += [
        "## Filters",
        "",
        "A filter is an object whose keys are all ANDed (`or`/`and`/`not` nest). "
        "Comparisons are `[op, n]`.",
        "",
    ]
    lines += _table(S.FILTER_KEYS, ("key", "meaning")) + [""]
    lines += [
        "## Values",
        "",
        'An amount is an int, `"X"` (the X paid), or a dynamic value `{"dv": kind, ...}`:',
        "",
    ]
    lines += _table(S.DYNAMIC_VALUES, ("dv", "fields / meaning")) + [""]
    lines += ["## Conditions", "", '`{"cond": kind, ...}` (`cmp` is `[op, n]`):', ""]
    lines += _table(S.CONDITIONS, ("cond", "fields / meaning")) + [""]
    lines += [
        "## Costs",
        "",
        '`{"cost": kind, ...}`. Paid by `engine/rules/ability_costs.py` (activated abilities 602.2b, '
        '"pay ... if you do" / "unless" 118.12, optional trigger costs, cycling, evoke): a '
        "cost list is checked whole before anything is paid, and one that can't be paid "
        "means the ability can't be activated (601.2h, never half-paid). Mana is assumed "
        "paid and the log says so.",
        "",
        "| cost | fields / meaning | in the playground |",
        "|---|---|---|",
    ]
    for k, v in S.COSTS.items():
        how = "paid" if k in ability_costs.COST else ability_costs.UNSUPPORTED.get(k, "-")
        lines.append(f"| `{k}` | {v} | {how} |")
    lines += [
        "",
        "## Trigger `when` ids",
        "",
        "How each id is simulated (`engine/rules/triggers.py`): **event** fires on the game event "
        "(enters, dies 700.4, leaves, sacrificed, cast, drawn, discarded, cycled, life gained, "
        "tapped, targeted, dealt damage); **cast** when a spell becomes cast (601.2i); "
        "**step** at the beginning of that step or phase as the `precombat_main` action "
        "passes the turn (beginning of combat, postcombat main, end step, then the next "
        "turn's upkeep, draw step and precombat main); **mechanic** by its mechanic's "
        "module. **combat**: the combat phase fires them (`engine/rules/combat.py`, the `attack` "
        "action: attacks 508.3a, blocks and becomes blocked 509.3, combat damage 510.3a). "
        "**not simulated**: the engine lacks the state (attachments, face-down cards), and "
        "the log names it. `condition` is an intervening if (603.4, checked on trigger and "
        'on resolution), `optional` a decision (603.5), `limit: "once each turn"` counted '
        "per object. Delayed triggers (`delayed` op, 603.7): "
        + ", ".join(f"`{w}`" for w in triggers.DELAYED_WHEN)
        + ".",
        "",
        "| when | meaning | in the playground |",
        "|---|---|---|",
    ]
    kinds = {
        "event": "event",
        "cast": "cast",
        "step": "step",
        "mechanic": "mechanic",
        "combat": "combat",
        "unsupported": "not simulated",
        "structural": "op",
    }
    for k, v in S.TRIGGER_WHEN.items():
        info = triggers.WHEN.get(k)
        how = kinds[info.kind] if info else "-"
        if info and info.kind in ("unsupported", "mechanic", "structural") and info.note:
            how += f": {info.note}"
        lines.append(f"| `{k}` | {v} | {how} |")
    lines += [""]
    lines += [
        "## Ops",
        "",
        "Fields: `name: type`, `?` optional. Every op may also carry `if` (a condition), "
        "`target` (which target spec) and `optional`. Layer: the CR 613 layer of a "
        "continuous effect.",
        "",
    ]
    seen: set[str] = set()
    for title, names in GROUPS:
        lines += [
            f"### {title}",
            "",
            "| op | fields | layer | meaning | XMage classes |",
            "|---|---|---|---|---|",
        ]
        for name in names:
            spec = S.OPS[name]
            seen.add(name)
            fields = " ".join(
                f"`{f}{'' if req else '?'}: {typ}`" for f, (typ, req) in spec["fields"].items()
            )
            classes = sorted(set(sources.get(name, [])) | set(ABILITY_SOURCES.get(name, [])))
            cls = ", ".join(classes) if classes else "(hand-written only)"
            lines.append(
                f"| `{name}` | {fields or '-'} | {spec.get('layer', '')} | "
                f"{spec['doc'].replace('|', '/')} | {cls} |"
            )
        lines.append("")
    missing = sorted(set(S.OPS) - seen)
    if missing:
        raise SystemExit(f"ops not in any group: {missing}")
    if report:
        n, s = report["nonland"], report["sagas"]
        lines += [
            "## Coverage of the committed import",
            "",
            f"- Nonland cards fully translated: {n['full']:,} of {n['total']:,} "
            f"({n['full_pct']}%); partly {n['partial']:,}; not at all {n['none']:,}.",
            f"- Saga chapter abilities translated: {s['chapter_abilities_translated']} of "
            f"{s['chapter_abilities']}; Sagas complete: {s['sagas_complete']} of "
            f"{s['sagas']}.",
            "- The most common classes not translated are in `data/xmage_report.json` "
            "(`top_untranslated`, with example cards).",
            "",
        ]
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="fail if docs/EFFECTS.md is stale")
    args = ap.parse_args(argv)
    report = json.loads(REPORT.read_text(encoding="utf-8")) if REPORT.exists() else None
    text = render(report)
    if args.check:
        if OUT.read_text(encoding="utf-8") != text:
            print("docs/EFFECTS.md is stale: run python scripts/gen_effects_doc.py")
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
