"""Every Saga in the bundled pool, advanced through all its chapters.

Each Saga starts on the battlefield of "You" without lore counters, on a board where its
chapter abilities have something to act on (creatures and planeswalker-less permanents on
both sides, creature cards in both graveyards, cards in hand and library). Then one
``precombat_main`` per chapter puts a lore counter on it (CR 714.3b), which triggers that
chapter (714.2b); after the final chapter resolves, the Saga is sacrificed (714.4) unless
its chapter III transformed it (Kamigawa sagas, 714.4 doesn't apply to a non-Saga face).
Decisions are answered by ``AutoPolicy``.

Checked on every frame: card conservation (each player owns the same number of cards,
no object in two zones, every card somewhere). Checked at the end: every chapter of the
Saga triggered once, in order, and the Saga is no longer on the battlefield as a Saga.
Chapters whose effect is not simulated still trigger; what they do grows as handlers land.

Reads only the bundled pool (engine/data): runs under Pyodide too. One Saga per board, so
no Saga's chapter removes another before it finished; every Saga is exercised.
"""

from __future__ import annotations

import sys

import pytest

from engine import AutoPolicy, Scenario
from engine.cards.carddb import load_bundled_entries
from engine.core.state import PLAYER_ZONES

from boards import board, of_kind

IN_PYODIDE = sys.platform == "emscripten"


def _sagas() -> dict[str, tuple[int, list[int], str | None]]:
    """Name -> (final chapter, chapter numbers with an ability, the Saga face when it is
    not the front face) of every Saga in the pool."""
    out = {}
    for e in load_bundled_entries():
        ch = e.get("chapters")
        if ch:
            nums = sorted({n for a in ch["abilities"] for n in a["chapters"]})
            faces = e.get("faces") or []
            saga_faces = [f["name"] for f in faces if "Saga" in (f.get("type_line") or "")]
            face = None
            if faces and saga_faces and saga_faces[0] != faces[0]["name"]:
                face = saga_faces[0]
            out[e["name"]] = (int(ch["count"]), nums, face)
    return out


CHAPTERS = _sagas()
SAGAS = sorted((name, final) for name, (final, _n, _f) in CHAPTERS.items())

# Something for every kind of chapter to act on: creatures, an artifact, an enchantment,
# lands, creature cards in graveyards, cards in hands, enough library for draws and mills.
LIBRARY = ["Forest", "Grizzly Bears", "Mountain", "Lightning Bolt", "Island", "Swamp"] * 4
YOUR_BOARD = ["Mountain", "Forest", "Plains", "Island", "Swamp", "Grizzly Bears", "Memnite"]
OPP_BOARD = ["Mountain", "Island", "Serra Angel", "Grizzly Bears", "Llanowar Elves"]
GRAVEYARD = ["Grizzly Bears", "Lightning Bolt", "Serra Angel"]
HAND = ["Lightning Bolt", "Forest", "Shock"]


def _saga_card(name: str) -> dict:
    """The Saga as a zone card, showing its Saga face (a transformed DFC's back face)."""
    face = CHAPTERS[name][2]
    return {"name": name, "counters": {"lore": 0}, **({"face": face} if face else {})}


def _scenario(name: str, final: int) -> Scenario:
    d = board(
        LIBRARY,
        hand=HAND,
        battlefield=[*YOUR_BOARD, _saga_card(name)],
        graveyard=GRAVEYARD,
        opponent_library=LIBRARY,
        opponent_hand=HAND,
        opponent_battlefield=OPP_BOARD,
        actions=[{"do": "precombat_main"} for _ in range(final)],
    )
    d["players"][1]["graveyard"] = list(GRAVEYARD)
    return Scenario.from_dict(d)


def _check_conservation(tl, name: str) -> None:
    start = tl[0].state
    counts = [start.card_count(p) for p in range(len(start.players))]
    for frame in tl:
        state = frame.state
        assert [state.card_count(p) for p in range(len(state.players))] == counts, (
            name,
            frame.index,
        )
        ids = [oid for p in state.players for z in PLAYER_ZONES for oid in p.zone(z)]
        ids += [s.card_id for s in state.stack if s.card_id is not None]
        assert len(ids) == len(set(ids)), f"{name}: an object is in two zones at {frame.index}"
        cards = {oid for oid, obj in state.objects.items() if not obj.is_token}
        assert cards <= set(ids), f"{name}: cards {cards - set(ids)} in no zone at {frame.index}"


def test_the_pool_has_the_sagas() -> None:
    """The loader still finds the Sagas (206 in the pool when this was written)."""
    assert len(SAGAS) >= 200
    assert ("The Eldest Reborn", 3) in SAGAS and ("Urza's Saga", 3) in SAGAS


# Batches of Sagas per test keep the parametrization readable and the run fast.
BATCH = 26
BATCHES = [SAGAS[i : i + BATCH] for i in range(0, len(SAGAS), BATCH)]


@pytest.mark.parametrize("batch", range(len(BATCHES)))
def test_every_saga_advances_through_all_its_chapters_cr_714(batch: int) -> None:
    for name, final in BATCHES[batch]:
        tl = _scenario(name, final).run(policy=AutoPolicy())
        assert tl.finished, name
        _check_conservation(tl, name)
        fired = [
            e.data["chapter"] for e in of_kind(tl, "trigger") if e.data.get("trigger") == "chapter"
        ]
        # 714.2b: each chapter triggers once, as its lore counter is put on (one a turn).
        assert fired == CHAPTERS[name][1], (name, fired)
        # 714.4: with its final chapter resolved the Saga is sacrificed (or it transformed
        # into a non-Saga face and stays as that).
        final_state = tl.final
        for p in final_state.players:
            for oid in p.zone("battlefield"):
                obj = final_state.objects[oid]
                if obj.name == name:
                    assert obj.counter("lore") < final, (name, obj.counter("lore"))
