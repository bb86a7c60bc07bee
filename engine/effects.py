"""The small effect vocabulary that resolves spells, chapters and abilities.

Ops come from the card data (``effects.json`` and the Saga chapter summaries).
An op outside the vocabulary is shown as "effect not simulated", never faked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from engine.cards import CardDef, Face
from engine.game import token_note

if TYPE_CHECKING:
    from engine.game import Game

_SYMBOLS = re.compile(r"(\{[^}]+\})+")


class Ctx:
    """Where an op runs: who controls it, its source, its targets, the value of X."""

    def __init__(
        self,
        game: Game,
        controller: int,
        source: int | None,
        targets: Sequence[str],
        x: int,
        label: str,
        stamps: Mapping[str, int] | None = None,
    ) -> None:
        self.game = game
        self.controller = controller
        self.source = source
        self.targets = tuple(targets)
        self.x = x
        self.label = label
        self.stamps = stamps  # zone changes of each target when chosen (CR 400.7, 608.2b)

    def amount(self, op: dict, key: str = "amount", default: int = 0) -> int:
        value = op.get(key, default)
        if isinstance(value, int):
            return value
        text = str(value).replace(" ", "")
        if text.startswith("X"):
            return self.x + (int(text[1:]) if len(text) > 1 else 0)
        if text == "-X":
            return -self.x
        try:
            return int(text)
        except ValueError:
            return default

    def opponents(self) -> list[int]:
        return [p for p in range(len(self.game.zones)) if p != self.controller]

    def players(self, who: str | None) -> list[int]:
        who = who or "you"
        if who == "you":
            return [self.controller]
        if who in ("each_opponent", "target_opponent") and not self._target_players():
            return self.opponents()
        if who in ("target_player", "target_opponent"):
            return self._target_players() or self.opponents()
        if who == "each_player":
            return list(range(len(self.game.zones)))
        return [self.controller]

    def _target_players(self) -> list[int]:
        return [int(t[1:]) for t in self.targets if t.startswith("p")]

    def target_objects(self) -> list[int]:
        from engine.targets import is_legal

        return [
            int(t[1:])
            for t in self.targets
            if t.startswith("o") and is_legal(self.game, t, stamps=self.stamps)
        ]


def run_ops(
    game: Game,
    ops: Iterable[dict],
    *,
    controller: int,
    source: int | None,
    targets: Sequence[str] = (),
    x: int = 0,
    label: str = "",
    missing: bool = False,
    stamps: Mapping[str, int] | None = None,
) -> None:
    """Execute ops in order; unknown ones become a visible "not simulated" event."""
    if missing:
        game.emit(
            "not_simulated",
            f"What {label} does is not in the card data: effect not simulated.",
            "608.2",
            objects=(source,) if source else (),
        )
        return
    ctx = Ctx(game, controller, source, targets, x, label, stamps)
    for op in ops:
        if op.get("if"):
            game.emit(
                "not_simulated",
                f'{label}: "{op.get("op")}" only if {op["if"]}: that '
                "condition is not simulated, so this part is skipped.",
                "608.2",
                objects=(source,) if source else (),
            )
            continue
        if _x_from_text(op):
            what = str(op.get("op", "?")).replace("_", " ")
            not_simulated(ctx, {"hint": f"{what}, where X is the {op['x']}"})
            continue
        handler = HANDLERS.get(op.get("op", ""))
        if handler is None:
            not_simulated(ctx, op)
        else:
            handler(ctx, op)


def _x_from_text(op: dict) -> bool:
    """An amount "X" that the card text defines ("X is the mana value of that card") is not
    the X paid for the spell: using the spell's X (usually 0) would log a false number."""
    x = op.get("x")
    if not isinstance(x, str) or x.strip().lower() in ("x", "the x paid", "x paid"):
        return False
    amounts = [op.get(k) for k in ("amount", "n", "count")]
    return any(
        isinstance(a, str) and a.replace(" ", "").lstrip("-").startswith("X") for a in amounts
    )


def not_simulated(ctx: Ctx, op: dict) -> None:
    what = op.get("hint") or op.get("op", "?").replace("_", " ")
    ctx.game.emit(
        "not_simulated",
        f"{ctx.label}: {what} — effect not simulated.",
        "608.2",
        objects=(ctx.source,) if ctx.source else (),
    )


# ----------------------------------------------------------------------- damage
def _creatures(
    game: Game, *, players: Iterable[int] | None = None, without_flying: bool = False
) -> list[int]:
    out = []
    for perm in game.battlefield():
        face = game.face(perm)
        if not face.is_creature:
            continue
        if players is not None and perm.controller not in players:
            continue
        if without_flying and any(k.lower() == "flying" for k in face.keywords):
            continue
        out.append(perm.id)
    return out


def _damage_object(game: Game, oid: int, n: int) -> str:
    obj = game.obj(oid)
    face = game.face(obj)
    if face.is_creature:
        game.update(oid, damage=obj.damage + n)
        return f"{obj.name} ({n})"
    if "Planeswalker" in face.types:
        loyalty = obj.counter("loyalty")
        game.update(oid, counters=obj.with_counters("loyalty", loyalty - n).counters)
        removed = min(n, loyalty)  # CR 120.3c: that many loyalty counters, as many as it has
        return (
            f"{obj.name} ({n} damage, {removed} loyalty counter{'s' if removed != 1 else ''} "
            "removed)"
        )
    return f"{obj.name} (no effect)"


def damage(ctx: Ctx, op: dict) -> None:
    """CR 120.3: damage to a creature is marked on it; to a player, it loses that much life."""
    game = ctx.game
    to = op.get("to", "target")
    if op.get("amount") is None:
        # "damage equal to ..." with no number in the card data: show it, never fake a 0.
        not_simulated(ctx, {"hint": f"damage to {to.replace('_', ' ')} (the amount is not known)"})
        return
    n = ctx.amount(op)
    hit: list[str] = []
    objs: list[int] = []
    if to in ("target", "divided", "divided_evenly"):
        for ref in ctx.targets:
            from engine.targets import is_legal

            if not is_legal(game, ref, stamps=ctx.stamps):
                continue
            if ref.startswith("p"):
                p = int(ref[1:])
                game.life[p] -= n
                hit.append(f"{game.pname(p)} ({n}; life {game.life[p]})")
            else:
                hit.append(_damage_object(game, int(ref[1:]), n))
                objs.append(int(ref[1:]))
    elif to.startswith("each_creature"):
        players = ctx.opponents() if "opponents_control" in to else None
        for oid in _creatures(game, players=players, without_flying=to.endswith("without_flying")):
            hit.append(_damage_object(game, oid, n))
            objs.append(oid)
        if "planeswalker" in to:
            for perm in game.battlefield():
                if perm.controller in ctx.opponents() and "Planeswalker" in game.face(perm).types:
                    hit.append(_damage_object(game, perm.id, n))
                    objs.append(perm.id)
    elif to in ("each_opponent", "each_player"):
        players = ctx.opponents() if to == "each_opponent" else range(len(game.zones))
        for p in players:
            game.life[p] -= n
            hit.append(f"{game.pname(p)} ({n}; life {game.life[p]})")
    else:
        not_simulated(ctx, {"hint": f"damage to {to.replace('_', ' ')}"})
        return
    what = ", ".join(hit) if hit else "nothing (no such creature or player)"
    game.emit("damage", f"{ctx.label} deals {n} damage: {what}.", "120.3", objects=objs)


# ------------------------------------------------------------------------ mana
def add_mana(ctx: Ctx, op: dict) -> None:
    """CR 106.4: mana goes into the pool; it empties between steps and phases (500.4)."""
    mana = op.get("mana", "")
    if not _SYMBOLS.fullmatch(mana or ""):
        n = ctx.amount(op, "n", 1)
        mana = "{*}" * n
        note = f" ({op.get('mana', '').replace('_', ' ')}: the color is not chosen here)"
    else:
        note = ""
    for p in ctx.players(op.get("who")):
        ctx.game.add_mana(p, mana)
        ctx.game.emit(
            "mana",
            f"{ctx.label}: {ctx.game.verb(p, 'add', 'adds')} {mana}{note}; mana pool "
            f"{ctx.game.mana[p]}.",
            "106.4",
        )


# ---------------------------------------------------------------------- tokens
def create_token(ctx: Ctx, op: dict) -> None:
    """CR 111.1: a token is created on the battlefield; tokens are not cards."""
    game = ctx.game
    count = ctx.amount(op, "count", 1)
    name = op.get("token", "Token")
    pt = op.get("pt")
    power, toughness = (pt.split("/") + [None])[:2] if pt else (None, None)
    types = tuple(op.get("types") or (("Creature",) if pt else ("Artifact",)))
    card = CardDef(
        name=f"{name} token",
        faces=(
            Face(
                name=name,
                type_line=" ".join(types) + " — " + name,
                types=types,
                subtypes=(name,),
                power=power,
                toughness=toughness,
                colors=tuple(op.get("colors") or ()),
                keywords=tuple(op.get("keywords") or ()),
            ),
        ),
    )
    controller = ctx.controller
    made = []
    from engine.state import CardObject

    for _ in range(count):
        obj = CardObject(
            id=game.new_stack_id(),
            card=card,
            owner=controller,
            controller=controller,
            is_token=True,
            tapped=bool(op.get("tapped")),
            entered_turn=game.turn,
        )
        game.objects[obj.id] = obj
        game.zones[controller]["battlefield"].append(obj.id)
        made.append(obj.id)
    from engine.events import Move

    moves = [Move(i, name, controller, "none", "battlefield") for i in made]
    desc = f"{count} {pt + ' ' if pt else ''}{name} token{'s' if count != 1 else ''}"
    game.emit("token", f"{ctx.label} creates {desc}.", "111.1", moves)


# -------------------------------------------------------------- card movement
def draw(ctx: Ctx, op: dict) -> None:
    """CR 121.1: draw the top card; drawing from an empty library loses the game (704.5b)."""
    game = ctx.game
    if op.get("delayed"):
        not_simulated(ctx, {"hint": f"draw {op.get('n')} {op['delayed']}"})
        return
    n = ctx.amount(op, "n", 1)
    for p in ctx.players(op.get("who")):
        for _ in range(n):
            top = game.top_of_library(p)
            if top is None:
                # 121.4: the loss is a state-based action (704.5b), after this resolution.
                game.drew_from_empty.add(p)
                game.emit(
                    "draw_empty",
                    f"{game.pname(p)} can't draw from an empty library and will lose the game "
                    "the next time state-based actions are checked.",
                    "121.4",
                )
                break
            move = game.move(top, "hand", p)
            game.emit(
                "draw", f"{game.verb(p, 'draw', 'draws')} {game.obj(top).name}.", "121.1", [move]
            )


def _matches(game: Game, oid: int, what: str) -> bool:
    face = game.face(game.obj(oid))
    words = {w.strip(".,").lower() for w in what.replace("_", " ").split()}
    kinds = {t.lower() for t in (*face.types, *face.subtypes)}
    if "nonland" in words and "land" in kinds:
        return False
    wanted = {w.rstrip("s") for w in words} | words
    return bool(kinds & wanted) or "permanent" in words or "permanents" in words


def sacrifice(ctx: Ctx, op: dict) -> None:
    """CR 701.21: sacrifice one permanent you control that matches, if able; then maybe more ops."""
    game = ctx.game
    what = op.get("what") or ""
    if not what:
        not_simulated(ctx, {"hint": "sacrifice (which permanent is not in the card data)"})
        return
    if "all" in what.split():
        players = ctx.players(op.get("who"))
        doomed = [
            p.id
            for p in game.battlefield()
            if p.controller in players and _matches(game, p.id, what.replace("all", ""))
        ]
        for oid in doomed:
            game.sacrifice(oid, f" ({ctx.label})", "701.21a")
        if not doomed:
            game.emit("sacrifice", f"{ctx.label}: nothing to sacrifice ({what}).", "701.21a")
        return
    mine = [p for p in game.battlefield(ctx.controller) if _matches(game, p.id, what)]
    if not mine:
        game.emit(
            "sacrifice",
            f"{game.verb(ctx.controller, 'control', 'controls')} no {what} and "
            f"{'sacrifice' if game.pname(ctx.controller) == 'You' else 'sacrifices'} nothing; "
            "what depends on it doesn't happen.",
            "701.21a",
        )
        return
    distinct = {(p.name, p.tapped, tuple(sorted(p.counters.items())), p.damage) for p in mine}
    if len(distinct) > 1:
        from engine.targets import label

        key = game.decide(
            "choose_permanent",
            f"{ctx.label}: choose a {what} to sacrifice (exactly one).",
            [
                (
                    f"sacrifice:o{p.id}",
                    f"Sacrifice {label(game, f'o{p.id}')}" + (" (tapped)" if p.tapped else ""),
                )
                for p in mine
            ],
            "701.21a",
            player=ctx.controller,
            subject=what,
        )
        chosen = int(key.split(":o")[1])
    else:
        chosen = mine[0].id
    game.sacrifice(chosen, f" ({ctx.label}; exactly one, never more)", "701.21a")
    if op.get("then"):
        run_ops(
            game,
            op["then"],
            controller=ctx.controller,
            source=ctx.source,
            targets=ctx.targets,
            x=ctx.x,
            label=ctx.label,
            stamps=ctx.stamps,
        )


def destroy(ctx: Ctx, op: dict) -> None:
    """CR 701.8: destroy moves a permanent to its owner's graveyard."""
    game = ctx.game
    what = op.get("what", "target")
    if what in ("target", "targets"):
        ids = ctx.target_objects()
    elif what == "all_creatures":
        ids = _creatures(game)
    else:
        not_simulated(ctx, {"hint": f"destroy {what.replace('_', ' ')}"})
        return
    for oid in ids:
        game.destroy(oid, ctx.label, "701.8a")


def exile(ctx: Ctx, op: dict) -> None:
    game = ctx.game
    if op.get("what") not in ("target", "targets"):
        not_simulated(ctx, {"hint": f"exile {op.get('what', '')}"})
        return
    for oid in ctx.target_objects():
        obj = game.obj(oid)
        move = game.move(oid, "exile" if not obj.is_token else "none")
        game.emit("exile", f"{ctx.label} exiles {obj.name}{token_note(obj)}.", "406.2", [move])


def return_to_hand(ctx: Ctx, op: dict) -> None:
    """Bounce: the permanent (or spell) goes to its owner's hand; a token ceases to exist."""
    game = ctx.game
    if op.get("what") not in ("target", "targets"):
        not_simulated(ctx, {"hint": f"return {op.get('what', '')} to hand"})
        return
    for oid in ctx.target_objects():
        obj = game.obj(oid)
        for s in list(game.stack):
            if s.card_id == oid:
                game.lki[s.id] = s.mana_value
        move = game.move(oid, "hand" if not obj.is_token else "none")
        game.emit(
            "bounce",
            f"{ctx.label} returns {obj.name} to its owner's hand{token_note(obj)}.",
            "400.7",
            [move],
        )


def counter_spell(ctx: Ctx, op: dict) -> None:
    """CR 701.6a: counter the target spell; it goes to its owner's graveyard (or elsewhere)."""
    game = ctx.game
    if op.get("unless_pay"):
        game.emit(
            "not_simulated",
            f"{ctx.label}: its controller could pay {op['unless_pay']}; "
            "paying is not simulated, so they don't.",
            "701.6a",
        )
    dest = {"exile": "exile", "hand": "hand", "library_top": "library"}.get(
        op.get("destination", ""), "graveyard"
    )
    for oid in ctx.target_objects():
        item = next((s for s in game.stack if s.card_id == oid), None)
        if item is not None:
            game.counter_item(item, dest, by=f" by {ctx.label}")


def tap(ctx: Ctx, op: dict) -> None:
    game = ctx.game
    for oid in ctx.target_objects():
        game.update(oid, tapped=True)
        game.emit("tap", f"{ctx.label} taps {game.obj(oid).name}.", "701.26a", objects=(oid,))


def life(ctx: Ctx, op: dict) -> None:
    game = ctx.game
    n = ctx.amount(op, "n", 0)
    sign = 1 if op["op"] == "gain_life" else -1
    for p in ctx.players(op.get("who")):
        game.life[p] += sign * n
        verb = game.verb(p, "gain", "gains") if sign > 0 else game.verb(p, "lose", "loses")
        game.emit("life", f"{verb} {n} life ({ctx.label}); life {game.life[p]}.", "119.3")


def discover_op(ctx: Ctx, op: dict) -> None:
    from engine import discover

    n = ctx.amount(op, "n", 0) if op.get("n") != "X" else ctx.x
    discover.discover(ctx.game, ctx.controller, n, ctx.label, ctx.source)


def proliferate_op(ctx: Ctx, op: dict) -> None:
    from engine import proliferate

    proliferate.proliferate(ctx.game, ctx.controller, ctx.label)


def lore_counter(ctx: Ctx, op: dict) -> None:
    from engine import saga

    n = ctx.amount(op, "n", 1)
    if (
        ctx.source is not None
        and ctx.game.zone_of(ctx.source)
        and ctx.game.zone_of(ctx.source)[1] == "battlefield"
    ):
        saga.add_lore(ctx.game, ctx.source, n, "714.3c", ctx.label)
    else:
        not_simulated(ctx, {"hint": "lore counters on another Saga"})


def add_counters(ctx: Ctx, op: dict) -> None:
    from engine import saga

    game = ctx.game
    kind = op.get("counter", "+1/+1")
    n = ctx.amount(op, "n", 1)
    ids = (
        ctx.target_objects()
        if op.get("what") in ("target", "targets")
        else ([ctx.source] if op.get("what") in ("self", None) and ctx.source else [])
    )
    for oid in ids:
        if kind == "lore":
            saga.add_lore(game, oid, n, "714.3c", ctx.label)
            continue
        obj = game.obj(oid)
        game.update(oid, counters=obj.with_counters(kind, obj.counter(kind) + n).counters)
        game.emit(
            "counters",
            f"{ctx.label} puts {n} {kind} counter{'s' if n != 1 else ''} on {obj.name}.",
            "122.1",
            objects=(oid,),
        )


def cascade_grant(ctx: Ctx, op: dict) -> None:
    """A one-shot "your next (noncreature...) spell this turn has cascade" (Dark Apostle)."""
    if op.get("scope") == "next_spell":
        for p in ctx.players(op.get("who")):
            grant = {"source": ctx.label, "filter": op.get("filter") or ""}
            ctx.game.next_spell_cascade[p] += [grant] * int(op.get("instances") or 1)
            kind = f"{op['filter']} " if op.get("filter") else ""
            ctx.game.emit(
                "grant",
                f"{ctx.label}: the next {kind}spell "
                f"{ctx.game.verb(p, 'cast', 'casts').replace('You cast', 'you cast')} this "
                "turn has cascade.",
                "702.85a",
            )
    else:
        not_simulated(ctx, {"hint": "a lasting cascade grant (works while on the battlefield)"})


HANDLERS: dict[str, Callable[[Ctx, dict], None]] = {
    "damage": damage,
    "add_mana": add_mana,
    "create_token": create_token,
    "draw": draw,
    "sacrifice": sacrifice,
    "destroy": destroy,
    "exile": exile,
    "return_to_hand": return_to_hand,
    "counter_spell": counter_spell,
    "tap": tap,
    "gain_life": life,
    "lose_life": life,
    "discover": discover_op,
    "proliferate": proliferate_op,
    "lore_counter": lore_counter,
    "add_counters": add_counters,
    "cascade_grant": cascade_grant,
}
