"""Compare the importer's entries with the hand-written reference (effects.json).

Both are reduced to a *signature*: for each part of a card (spell, each mode, etb,
triggers, activated abilities, static, chapters; per face) the sorted list of op names,
with the control-flow ops (may/if/pay/unless/delayed/reflexive) looked through and a few
synonyms mapped to one name. Parts the importer lists as untranslated are left out of
the comparison (the importer already says it can't do them).
"""

from __future__ import annotations

#: the same meaning, two spellings: op name -> the names it is compared as
SYNONYMS = {
    "each_player_discard_hand_draw": "discard+draw",  # hand-written wheel
    "lore_counter": "add_counters",
    "flicker": "exile+put_onto_battlefield",  # imported: one op for exile-and-return
}
_WRAPPERS = ("may", "if", "pay", "unless", "delayed", "reflexive")
_NESTED = ("ops", "then", "else")


def op_names(ops: list) -> list[str]:
    """Sorted distinct op names (repeats don't count: one grant of two keywords and two
    grants of one keyword mean the same)."""
    out: list[str] = []
    for op in ops or []:
        name = op.get("op", "?")
        if name in _WRAPPERS:
            for key in _NESTED:
                out.extend(op_names(op.get(key) or []))
            continue
        name = SYNONYMS.get(name, name)
        out.extend(name.split("+"))
    return sorted(set(out))


def signature(entry: dict) -> dict:
    """{part: sorted op names}; parts are spell, mode0.., etb, trigger, activated, static,
    chapter, with a face prefix for multi-face cards."""
    sig: dict[str, list[str]] = {}
    faces = entry.get("faces")
    if faces:
        for name, sub in sorted(faces.items()):
            for k, v in signature(sub).items():
                sig[f"{name}/{k}"] = v
    if "spell" in entry:
        sig["spell"] = op_names(entry["spell"])
    for i, mode in enumerate(entry.get("modes") or []):
        sig[f"mode{i}"] = op_names(mode)
    if "etb" in entry:
        sig["etb"] = op_names(entry["etb"])
    trig = {n for t in entry.get("triggers") or [] for n in op_names(t.get("ops"))}
    if trig:
        sig["trigger"] = sorted(trig)
    act = {n for a in entry.get("activated") or [] for n in op_names(a.get("ops"))}
    if act:
        sig["activated"] = sorted(act)
    if entry.get("static"):
        sig["static"] = op_names(entry["static"])
    return sig


_UNTRANS_PART = {
    "spell": ("spell", "mode"),
    "trigger": ("etb", "trigger"),
    "activated": ("activated",),
    "mana": ("activated",),
    "static": ("static",),
    "card": ("",),  # the constructor itself couldn't be followed: nothing is comparable
}


def compare(hand: dict, imported: dict) -> list[str]:
    """Parts whose op names differ, ignoring parts the importer marks untranslated."""
    hs, xs = signature(hand), signature(imported)
    skip: set[str] = set()
    for u in imported.get("untranslated") or []:
        skip.update(_UNTRANS_PART.get(u.get("ability"), ()))
    out = []
    for part in sorted(set(hs) | set(xs)):
        base = part.split("/")[-1]
        if any(base.startswith(p) for p in skip):
            continue
        if hs.get(part, []) != xs.get(part, []):
            out.append(f"{part}: hand-written {hs.get(part, [])} vs imported {xs.get(part, [])}")
    return out
