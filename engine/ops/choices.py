"""Choices made while an effect resolves (not modes, which are chosen on casting, 700.2).

- ``choose_one`` (608.2d): the player picks one of the options the text lists ("put a +1/+1
  counter or a loyalty counter on it"); only that option's ops happen. Each option's ops
  are checked with the parent before anything changes (effects.missing_parts follows
  ``options``), so the choice is simulated whole or not at all.
"""

from __future__ import annotations

from engine.core.events import DecisionKind, EventKind
from engine.lang.effects import Ctx, op, run_nested

_WHO = (None, "you", "controller")


def _options(o: dict) -> list[dict]:
    opts = o.get("options")
    return opts if isinstance(opts, list) else []


def _check_choose_one(o: dict, ctx: Ctx | None) -> str | None:
    if o.get("who") not in _WHO:
        return f"a choice made by {o.get('who')!r}"
    opts = _options(o)
    if len(opts) < 2:
        return "a choice with fewer than two options"
    for opt in opts:
        if not isinstance(opt, dict) or not isinstance(opt.get("ops"), list):
            return "a choice option without ops"
        if not isinstance(opt.get("label"), str):
            return "a choice option without a label"
    return None


@op(
    "choose_one",
    check=_check_choose_one,
)
def choose_one(ctx: Ctx, o: dict) -> None:
    """608.2d: the controller chooses one option as the effect resolves; its ops happen."""
    game = ctx.game
    opts = _options(o)
    key = game.decide(
        DecisionKind.CHOOSE_OPTION,
        f"{ctx.label}: choose one",
        [(f"option:{i + 1}", str(opt["label"])) for i, opt in enumerate(opts)],
        "608.2d",
        player=ctx.controller,
        subject=ctx.label,
        objects=(ctx.source,) if ctx.source else (),
    )
    index = int(key.split(":")[1]) - 1
    chosen = opts[index]
    ctx.emit(
        EventKind.CHOICE,
        f"{game.verb(ctx.controller, 'choose', 'chooses')} {chosen['label']} ({ctx.label}).",
        "608.2d",
        data={"op": "choose_one", "option": index + 1, "label": chosen["label"]},
    )
    run_nested(ctx, chosen["ops"])
