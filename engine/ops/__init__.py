"""The op families. Importing this package registers every op handler in engine.lang.effects.OPS.

To add a family: write ``engine/ops/<family>.py`` with ``@op(...)`` handlers and add
its name to the import below (one line). A keyword's own ops live in its module of
engine/keywords, imported here too. See docs/ENGINE_CORE.md.
"""

from engine.keywords import explore, warp  # noqa: F401  (imported for their registrations)
from engine.ops import (  # noqa: F401  (imported for their registrations)
    balance,
    cards,
    cast_many,
    casting,
    choices,
    continuous,
    counters,
    damage,
    doubling,
    draw_statics,
    eachplayer,
    earthbend,
    emblems,
    equipment,
    goad,
    graveyards,
    hand_put_x,
    hand_size,
    keywords,
    land_plays,
    life,
    linked,
    linked_face_down,
    mill_put,
    named,
    permanents,
    piles,
    player_grants,
    players,
    restrict,
    reveal,
    ring,
    roles,
    sagas,
    sagas_chosen,
    sagas_more,
    statics,
    structure,
    timed,
    tokens,
    tokens_more,
    values_more,
    zonemoves,
    zones,
)
