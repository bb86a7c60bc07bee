"""The op families. Importing this package registers every op handler in engine.lang.effects.OPS.

To add a family: write ``engine/ops/<family>.py`` (named by what its ops do; an op shaped
to one card goes in ``engine/ops/cards/<card>.py``) with ``@op(...)`` handlers and add its
name to the import below (one line). A keyword's own ops live in its module of
engine/keywords, imported here too. See docs/ENGINE_CORE.md.
"""

from engine.keywords import (  # noqa: F401  (imported for their registrations)
    cascade,
    discover,
    explore,
    warp,
)
from engine.ops import (  # noqa: F401  (imported for their registrations)
    balance,
    casting,
    choices,
    chosen_on_resolution,
    continuous,
    counters,
    damage,
    doubling,
    draw_statics,
    eachplayer,
    earthbend,
    emblems,
    equipment,
    exile_and_return,
    goad,
    graveyards,
    hand_size,
    land_plays,
    library,
    life,
    linked,
    lose_game,
    mana,
    named,
    per_player,
    permanents,
    piles,
    player_grants,
    restrict,
    reveal,
    ring,
    roles,
    statics,
    structure,
    timed,
    token_variants,
    tokens,
    zonemoves,
    zones,
)
from engine.ops.cards import (  # noqa: F401  (imported for their registrations)
    the_creation_of_avacyn,
    the_first_tyrannic_war,
    the_grand_evolution,
    the_great_synthesis,
)
