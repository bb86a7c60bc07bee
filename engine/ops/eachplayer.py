"""Each player chooses, then the chosen (or the others) go.

- ``each_player_chooses``: starting with you, each player chooses ``n`` permanents matching
  ``filter`` (``up_to``: up to n; fewer if fewer match; not targeted, 115.1), from their
  own point of view ("they control") or, with ``relative: you``, from yours ("permanents
  your opponents control"). Then ``result``: ``destroy_chosen`` / ``exile_chosen`` every
  chosen permanent, or ``destroy_others``: destroy every permanent matching ``others`` that
  no player chose (608.2c; The Horus Heresy III, The Legend of Yangchen I, Fall of the First
  Civilization III).
"""

from __future__ import annotations

from engine.core.events import DecisionKind, EventKind
from engine.lang import refs
from engine.lang.effects import Ctx, op
from engine.rules import stack

_THEN = ("destroy_chosen", "exile_chosen", "destroy_others")


def _check(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("who") not in (None, "each_player"):
        return f"each player chooses: by {o.get('who')!r}"
    if o.get("result") not in _THEN:
        return f"each player chooses, then {o.get('result')!r}"
    if o.get("relative") not in (None, "chooser", "you"):
        return f"each player chooses relative to {o.get('relative')!r}"
    if not isinstance(o.get("n", 1), int) or isinstance(o.get("n", 1), bool) or o.get("n", 1) < 1:
        return f"each player chooses {o.get('n')!r}"
    part = refs.filter_problem(o.get("filter")) or (
        refs.filter_problem(o.get("others")) if o["result"] == "destroy_others" else None
    )
    if o["result"] == "destroy_others" and not isinstance(o.get("others"), dict):
        return "each player chooses: destroy which others"
    return f"each player chooses: {part}" if part else None


def _choose(ctx: Ctx, player: int, able: list[int], n: int, up_to: bool) -> list[int]:
    game = ctx.game
    chosen: list[int] = []
    left = list(able)
    while left and len(chosen) < n:
        if not up_to and len(left) <= n - len(chosen):
            chosen += left
            break
        options = [(f"choose:o{i}", f"Choose {game.obj(i).name}") for i in left]
        if up_to:
            options.append(("choose:none", "No more"))
        key = game.decide(
            DecisionKind.CHOOSE_PERMANENT,
            f"{ctx.label}: {game.pname(player)} chooses a permanent "
            f"({len(chosen) + 1} of {'up to ' if up_to else ''}{n})",
            options,
            "608.2c",
            player=player,
            subject=ctx.label,
            objects=left,
        )
        if key == "choose:none":
            break
        oid = int(key.split(":o")[1])
        chosen.append(oid)
        left.remove(oid)
    return chosen


@op(
    "each_player_chooses",
    check=_check,
)
def each_player_chooses(ctx: Ctx, o: dict) -> None:
    """608.2c: starting with you, each player chooses; then the chosen or the others go."""
    game = ctx.game
    me = ctx.controller
    n_players = len(game.players)
    order = [(me + i) % n_players for i in range(n_players)]
    order = [p for p in order if p not in game.lost]
    chosen: list[int] = []
    for p in order:
        view = me if o.get("relative") == "you" else p
        able = refs.select_all(game, o.get("filter") or {}, view, ctx.source)
        mine = _choose(ctx, p, able, int(o.get("n", 1)), bool(o.get("up_to")))
        ctx.emit(
            EventKind.CHOICE,
            f"{game.pname(p)} {'chooses' if p != me else 'choose'} "
            f"{', '.join(game.obj(i).name for i in mine) or 'nothing'} ({ctx.label}).",
            "608.2c",
            player=p,
            objects=mine,
            amount=len(mine),
            data={"op": "each_player_chooses", "chosen": mine},
        )
        chosen += [i for i in mine if i not in chosen]
    then = o["result"]
    if then == "destroy_others":
        spared = set(chosen)
        doomed = [i for i in refs.select_all(game, o["others"], me, ctx.source) if i not in spared]
    else:
        doomed = chosen
    for oid in doomed:
        where = game.zone_of(oid)
        if not where or where[1] != "battlefield":
            continue
        if then == "exile_chosen":
            obj = game.obj(oid)
            game.move(oid, "exile" if not obj.is_token else "none")
            ctx.emit(
                EventKind.EXILE,
                f"{ctx.label} exiles {obj.name}.",
                "406.2",
                objects=(oid,),
                amount=1,
                data={"from": "board"},
            )
        else:
            stack.destroy(game, oid, ctx.label, "701.8a", source=ctx.source)
    if not doomed:
        ctx.emit(
            EventKind.DESTROY if then != "exile_chosen" else EventKind.EXILE,
            f"{ctx.label}: nothing to {then.split('_')[0]}.",
            "608.2c",
            amount=0,
        )
    ctx.did = bool(doomed)
