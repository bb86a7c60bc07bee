"""Modal spells and abilities (CR 700.2): the modes are chosen while casting (601.2b) or as
a triggered ability is put on the stack (603.3c), as decisions with their legal options.

A section of card data (a spell entry, a trigger, an activated ability, a chapter) is
modal when it has ``modes``: ``choose`` of them (at least ``choose_min``, default
``choose``), each mode once unless ``same_mode_repeatable``; ``mode_targets[i]`` are mode
i's target specs. A mode whose required targets have no legal choice can't be chosen
(700.2a with 601.2c); a spell that can't get its minimum of modes can't be cast.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from engine.core.events import DecisionKind
from engine.lang import targets as targeting

if TYPE_CHECKING:
    from engine.core.game import Game


def is_modal(section: Mapping | None) -> bool:
    return bool(section and section.get("modes"))


def bounds(section: Mapping) -> tuple[int, int]:
    """(minimum, maximum) number of modes to choose."""
    n_modes = len(section.get("modes") or [])
    hi = section.get("choose", 1)
    hi = hi if isinstance(hi, int) else n_modes
    lo = section.get("choose_min")
    lo = hi if not isinstance(lo, int) else lo
    if not section.get("same_mode_repeatable"):
        hi = min(hi, n_modes)
    return min(lo, hi), hi


def mode_specs(section: Mapping, i: int) -> list[dict]:
    mt = section.get("mode_targets") or []
    return list(mt[i]) if i < len(mt) and mt[i] else []


def available(
    game: Game,
    section: Mapping,
    controller: int,
    *,
    exclude: Iterable[int] = (),
    source: int | None = None,
    x: int = 0,
) -> list[int]:
    """The modes that can be chosen now: every required target has a legal choice."""
    exclude = tuple(exclude)
    return [
        i
        for i in range(len(section.get("modes") or []))
        if targeting.has_legal_targets(game, mode_specs(section, i), controller, exclude, source, x)
    ]


def can_choose(game: Game, section: Mapping, controller: int, **kw) -> bool:
    """Whether the minimum number of modes can be chosen (601.2c for modal spells)."""
    lo, _ = bounds(section)
    avail = available(game, section, controller, **kw)
    if section.get("same_mode_repeatable"):
        return lo == 0 or bool(avail)
    return len(avail) >= lo


def label(section: Mapping, i: int) -> str:
    """A mode's name in a decision: its printed text when the data has it, else its ops."""
    texts = section.get("mode_texts") or []
    if i < len(texts) and texts[i]:
        return f"Mode {i + 1}: {texts[i]}"
    ops = (section.get("modes") or [])[i]
    words = []
    for o in ops:
        word = str(o.get("op", "?")).replace("_", " ")
        for key in ("amount", "n"):
            if isinstance(o.get(key), (int, str)):
                word += f" {o[key]}"
        words.append(word)
    return f"Mode {i + 1}: {', '.join(words) or 'nothing'}"


def choose(
    game: Game,
    section: Mapping,
    controller: int,
    what_for: str,
    *,
    exclude: Iterable[int] = (),
    source: int | None = None,
    x: int = 0,
) -> list[int] | None:
    """CR 601.2b / 700.2: choose the modes (indexes, in printed order: 700.2b... the modes
    are performed in the order written). None when the minimum can't be chosen."""
    lo, hi = bounds(section)
    avail = available(game, section, controller, exclude=exclude, source=source, x=x)
    if section.get("at_random"):
        return _at_random(game, avail, lo, hi)
    repeat = bool(section.get("same_mode_repeatable"))
    if (not avail and lo > 0) or (not repeat and len(avail) < lo):
        return None
    picked: list[int] = []
    if not repeat and len(avail) == lo == min(hi, len(avail)):
        return list(avail)  # no choice: every available mode is needed
    while len(picked) < hi:
        options = [i for i in avail if repeat or i not in picked]
        if not options:
            break
        pairs = [(f"mode:{i + 1}", label(section, i)) for i in options]
        if len(picked) >= lo:
            pairs.append(("mode:done", "No more modes" if picked else "No mode"))
        if len(pairs) == 1:
            key = pairs[0][0]
        else:
            key = game.decide(
                DecisionKind.CHOOSE_MODE,
                f"{what_for}: choose a mode ({len(picked) + 1} of {'up to ' if lo < hi else ''}"
                f"{hi}).",
                pairs,
                "601.2b",
                player=controller,
                subject=what_for,
            )
        choice = key.split(":", 1)[1]
        if choice == "done":
            break
        picked.append(int(choice) - 1)
    return sorted(picked)


def _at_random(game: Game, avail: list[int], lo: int, hi: int) -> list[int] | None:
    """A mode chosen "at random" (700.2, 603.3c): nobody chooses; the modes (as many as it
    may choose, each once) are picked by the game's seeded random generator among those
    that can be chosen (a mode without a legal target can't be, 700.2a), so a replay picks
    the same ones."""
    n = min(hi, len(avail))
    if n < lo or (n == 0 and lo > 0):
        return None
    return sorted(game.rng.sample(avail, n))


def chosen_specs(section: Mapping, chosen: Sequence[int]) -> list[dict]:
    """The target specs of the chosen modes, in order (601.2c)."""
    return [spec for i in chosen for spec in mode_specs(section, i)]


def split_groups(
    section: Mapping, chosen: Sequence[int], groups: Sequence[Sequence[str]]
) -> list[list[tuple[str, ...]]]:
    """The target groups of ``chosen_specs``, back per mode."""
    out: list[list[tuple[str, ...]]] = []
    at = 0
    for i in chosen:
        n = len(mode_specs(section, i))
        out.append([tuple(g) for g in groups[at : at + n]])
        at += n
    return out
