"""The rules as wired together: every mechanic registered with the game (engine.core.registry).

This is the one place that knows all mechanics. It sits above them and is imported by
the runner (engine.play.timeline) and by ``engine`` itself, so a ``Game`` always finds its
mechanics without the kernel importing any. Effect ops register themselves in
engine.lang.effects.OPS when ``engine.ops`` is imported here.
"""

from __future__ import annotations

import engine.ops  # noqa: F401  (imports every op family: they register their handlers)
from engine.core.registry import RULES
from engine.keywords import (
    buyback,
    cascade,
    cumulative_upkeep,
    echo,
    evoke,
    persist,
    prowess,
    storm,
    suspend,
    undying,
    warp,
)
from engine.lang import effects, filters, refs
from engine.ops import earthbend as op_earthbend
from engine.ops import roles as op_roles
from engine.ops import structure
from engine.ops import zones as op_zones
from engine.play import actions
from engine.rules import layers, legend, permanents, sba, spell_costs, stack, triggers


def _wire() -> None:
    for name, performer in actions.HANDLERS.items():
        RULES.action(name)(performer)
    # CR 704.3: every state-based action of a check happens at once. The legend rule's
    # choice goes first, so it is made among all the same-named legends, one that another
    # state-based action is about to put into the graveyard included (keeping that one
    # loses both); the other checks of the pass then apply to what is left.
    if legend.check not in RULES.state_based:
        RULES.state_based.append(legend.check)  # CR 704.5j: the legend rule
    if sba.check not in RULES.state_based:
        RULES.state_based.append(sba.check)  # CR 704
    if op_zones.return_exiled_until not in RULES.state_based:
        RULES.state_based.append(op_zones.return_exiled_until)  # CR 610.3a
    if op_roles.one_role_each not in RULES.state_based:
        RULES.state_based.append(op_roles.one_role_each)  # CR 704.5y: one Role per player
    if cascade.on_cast not in RULES.on_cast:
        RULES.on_cast.append(cascade.on_cast)  # CR 702.85a: cascade triggers on casting
    if permanents.entered_battlefield not in RULES.on_enter:
        RULES.on_enter.append(permanents.entered_battlefield)  # CR 614.12, 603.6a, 714.3a
    if triggers.on_cast not in RULES.on_cast:
        RULES.on_cast.append(triggers.on_cast)  # "whenever you cast" (603.2)
    if storm.on_cast not in RULES.on_cast:
        RULES.on_cast.append(storm.on_cast)  # CR 702.40a: storm triggers on casting
    if prowess.on_cast not in RULES.on_cast:
        RULES.on_cast.append(prowess.on_cast)  # CR 702.108a
    if evoke.on_enter not in RULES.on_enter:
        RULES.on_enter.append(evoke.on_enter)  # CR 702.74a
    if warp.on_enter not in RULES.on_enter:
        RULES.on_enter.append(warp.on_enter)  # CR 702.185a
    if triggers.on_enter not in RULES.on_enter:
        RULES.on_enter.append(triggers.on_enter)  # triggers the card data can't say (603.2)
    if triggers.on_event not in RULES.on_event:
        RULES.on_event.append(triggers.on_event)  # triggers on events (603.2)
    if op_zones.return_when_source_leaves not in RULES.on_event:
        RULES.on_event.append(op_zones.return_when_source_leaves)  # CR 610.3a, at once
    for keyword in (persist, undying):  # CR 702.79a, 702.93a: "when this dies, return it"
        if keyword.on_event not in RULES.on_event:
            RULES.on_event.append(keyword.on_event)
    if suspend.on_event not in RULES.on_event:
        RULES.on_event.append(suspend.on_event)  # CR 702.62a: the last time counter removed
    if suspend.upkeep not in RULES.on_upkeep:
        RULES.on_upkeep.append(suspend.upkeep)  # CR 702.62a: remove a time counter
    if echo.on_event not in RULES.on_event:
        RULES.on_event.append(echo.on_event)  # CR 702.30a: came under a player's control
    if echo.upkeep not in RULES.on_upkeep:
        RULES.on_upkeep.append(echo.upkeep)  # CR 702.30a: pay echo or sacrifice it
    if cumulative_upkeep.upkeep not in RULES.on_upkeep:
        RULES.on_upkeep.append(cumulative_upkeep.upkeep)  # CR 702.24a: an age counter, pay
    if op_earthbend.on_event not in RULES.on_event:
        RULES.on_event.append(op_earthbend.on_event)  # earthbend: "when it dies or is exiled"
    RULES.ability_resolvers[""] = effects.resolve_ability  # an ability's ops (608.2)
    RULES.ability_resolvers["etb"] = triggers.resolve  # "may" / intervening if (603.4-5)
    RULES.ability_resolvers["triggered"] = triggers.resolve  # the card data's triggers
    RULES.ability_resolvers["evoke"] = evoke.resolve  # CR 702.74a
    RULES.ability_resolvers["suspend"] = suspend.resolve  # CR 702.62a
    RULES.ability_resolvers["suspend_cast"] = suspend.resolve_cast  # CR 702.62a
    RULES.ability_resolvers["copy"] = structure.resolve_copy  # a copy of a spell (707.10)
    RULES.ability_resolvers["cascade"] = cascade.resolve  # CR 702.85a
    RULES.ability_resolvers["storm"] = storm.resolve  # CR 702.40a
    RULES.ability_resolvers["persist"] = persist.resolve  # CR 702.79a
    RULES.ability_resolvers["undying"] = undying.resolve  # CR 702.93a
    RULES.ability_resolvers["echo"] = echo.resolve  # CR 702.30a
    RULES.ability_resolvers["cumulative_upkeep"] = cumulative_upkeep.resolve  # CR 702.24a
    RULES.spell_costs = spell_costs  # a spell's additional costs (601.2b, 601.2h, 118.9)
    RULES.buyback = buyback  # CR 702.27a: an optional additional cost; back to hand
    RULES.put_triggers = stack.put_triggers_on_stack  # CR 603.3b
    RULES.resolve_top = stack.resolve_top  # CR 608
    RULES.characteristics = layers.compute_all  # CR 613
    filters.set_characteristics(layers.filter_chars)  # filters read the computed values
    refs.set_trigger_check(triggers.trigger_missing)  # granted triggered abilities (613.1f)


_wire()
