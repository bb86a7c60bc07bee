"""Rules the engine got wrong or left out until now, one section per rule: dependency in
the layer system (613.6, 613.8), granted triggered abilities (613.1f, 603.2), Auras that
enchant a player (303.4), phasing (702.26b), equip's timing (702.6a), the monarch (724)
and "return it at the beginning of the next end step" (610.3a, 603.7).

Boards before/after: zones, computed characteristics, fields; never log wording.
"""

from __future__ import annotations

from boards import board, finished, game_of, ids


def card(name: str, type_line: str, effects: dict, *, pt: str | None = None,
         cost: str = "{1}") -> dict:  # fmt: skip
    d: dict = {"name": name, "mana_cost": cost, "type_line": type_line, "effects": effects}
    if pt:
        d["power"], d["toughness"] = pt.split("/")
    return d


def chars(tl, name: str, player: int = 0):
    state = tl.final
    [oid] = [o for o in state.players[player].battlefield if state.objects[o].name == name]
    return state.characteristics(oid)


def _static(op: str, flt: dict, **kw) -> dict:
    return {"op": op, "who": "all", "filter": flt, "duration": "while_on_battlefield", **kw}


# ------------------------------------------------------------ 613.6 and 613.8 dependency
GOBLIN_LORD = card("Test Goblin Lord", "Enchantment", {"static": [
    _static("pump", {"subtypes": ["Goblin"]}, power=1, toughness=1)]})  # fmt: skip
GOBLINIZE = card("Goblinize", "Instant", {"targets": [{"what": "creature", "count": 1}],
                 "spell": [{"op": "add_types", "what": "target", "subtypes": ["Goblin"],
                            "duration": "end_of_turn"}]})  # fmt: skip
# A (earlier timestamp): creatures with flying have first strike. B: all creatures have flying.
FLYERS_STRIKE = card("Test Strike Banner", "Enchantment", {"static": [
    _static("grant", {"types": ["Creature"], "keyword": "Flying"}, keywords=["First strike"])]})
ALL_FLY = card("Test Wind Banner", "Enchantment", {"static": [
    _static("grant", {"types": ["Creature"]}, keywords=["Flying"])]})  # fmt: skip


def test_an_anthem_finds_what_earlier_layers_made_match_cr_613_6() -> None:
    d = board([], hand=["Goblinize"], battlefield=["Test Goblin Lord", "Grizzly Bears"],
              cards=(GOBLIN_LORD, GOBLINIZE))  # fmt: skip
    before = finished({**d, "actions": []})
    assert chars(before, "Grizzly Bears").pt == "2/2"
    bears = ids(game_of(d), "Grizzly Bears")[0]
    tl = finished({**d, "choices": [f"target:o{bears}"]})
    c = chars(tl, "Grizzly Bears")
    assert "Goblin" in c.subtypes and c.pt == "3/3"  # layer 4 made it a Goblin, 7c pumps it


def test_an_effect_waits_for_the_one_it_depends_on_in_its_layer_cr_613_8a() -> None:
    # The first-strike banner has the earlier timestamp, but giving every creature flying
    # changes what it applies to: it depends on the wind banner and applies after it.
    d = board([], battlefield=["Test Strike Banner", "Test Wind Banner", "Grizzly Bears"],
              cards=(FLYERS_STRIKE, ALL_FLY))  # fmt: skip
    c = chars(finished(d), "Grizzly Bears")
    assert c.has_keyword("Flying") and c.has_keyword("First strike")


def test_without_dependency_timestamp_order_stands_cr_613_7() -> None:
    # Only the strike banner: the Bears never fly, so no first strike either.
    d = board([], battlefield=["Test Strike Banner", "Grizzly Bears"], cards=(FLYERS_STRIKE,))
    c = chars(finished(d), "Grizzly Bears")
    assert not c.has_keyword("Flying") and not c.has_keyword("First strike")
