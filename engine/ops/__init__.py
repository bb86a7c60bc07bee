"""The op families. Importing this package registers every op handler in engine.effects.OPS.

To add a family: write ``engine/ops/<family>.py`` with ``@op(...)`` handlers and add
its name to the import below (one line). See docs/ENGINE_CORE.md.
"""

from engine.ops import (  # noqa: F401  (imported for their registrations)
    balance,
    cards,
    casting,
    choices,
    continuous,
    counters,
    damage,
    doubling,
    draw_statics,
    eachplayer,
    emblems,
    equipment,
    graveyards,
    keywords,
    life,
    linked,
    permanents,
    piles,
    player_grants,
    players,
    restrict,
    reveal,
    ring,
    sagas,
    sagas_more,
    statics,
    structure,
    timed,
    tokens,
    tokens_more,
    values_more,
    warp,
    zonemoves,
    zones,
)
