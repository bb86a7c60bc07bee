"""Cascade (CR 702.85), written to read like the rule.

702.85a  Cascade is a triggered ability that functions only while the spell with
         cascade is on the stack. "When you cast this spell, exile cards from the
         top of your library until you exile a nonland card whose mana value is
         less than this spell's mana value. You may cast that card without paying
         its mana cost if the resulting spell's mana value is less than this
         spell's mana value. Then put all cards exiled this way that weren't cast
         on the bottom of your library in a random order."
702.85b  An action taken "as you cascade" (Averna, the Chaos Bloom) happens after the
         exiling is finished and before the cast decision (or, with no hit, before the
         exiled cards go to the bottom).
702.85c  If a spell has multiple instances of cascade, each triggers separately.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import DecisionKind, EventKind
from engine.core.registry import state_slot
from engine.core.state import StackItem
from engine.lang import effects, spell_filter
from engine.lang.effects import Ctx
from engine.rules import freecast, permanents, stack

if TYPE_CHECKING:
    from engine.cards.definitions import CardDef, Face
    from engine.core.game import Game


def _no_grants(players: int) -> tuple[tuple[dict, ...], ...]:
    return ((),) * players


#: cascade's state this turn, per player (a tuple of grants each; fresh each turn):
#: one-shot "your next spell this turn has cascade" grants (Dark Apostle), and grants to
#: every spell cast for the rest of the turn ("as you cast spells from your hand this
#: turn, they gain cascade", Yidris)
NEXT_SPELL = state_slot("cascade.next_spell", _no_grants, per_turn=True)
THIS_TURN = state_slot("cascade.this_turn", _no_grants, per_turn=True)


def _grants(game: Game, slot: str, player: int) -> tuple[dict, ...]:
    return game.slot(slot)[player]


def _set_grants(game: Game, slot: str, player: int, grants: tuple[dict, ...]) -> None:
    per_player = game.slot(slot)
    game.set_slot(slot, (*per_player[:player], grants, *per_player[player + 1 :]))


def own_instances(card: CardDef, face: Face) -> int:
    """How many times the spell itself has cascade (Apex Devastator: 4)."""
    if face.name == card.front.name or len(card.faces) == 1:
        if card.cascade:
            return card.cascade
    return sum(1 for k in face.keywords if k.lower() == "cascade")


def granted_instances(game: Game, item: StackItem, from_zone: str) -> list[tuple[str, int | None]]:
    """Cascade given by permanents and one-shot effects (Maelstrom Nexus, Imoti, Dark Apostle):
    (the grant's source name, its object id if known), one per instance.

    A grant whose condition the card data states in words we can't read is not applied,
    and the log says so.
    """
    out: list[tuple[str, int | None]] = []
    player = item.controller
    face = game.face(game.obj(item.card()))
    for perm in game.battlefield(player):
        for op in game.effects(perm).get("static") or []:
            if op.get("op") != "cascade_grant":
                continue
            if not _static_reaches(game, perm.name, op, item, from_zone):
                continue
            if _applies(game, perm.name, face, item, op):
                out += [(perm.name, perm.id)] * int(op.get("instances") or 1)
    for grant in _grants(game, THIS_TURN, player):
        if grant.get("from") and grant["from"] != from_zone:
            continue
        if _applies(game, grant["source"], face, item, grant):
            out += [(grant["source"], grant.get("source_id"))] * int(grant.get("instances") or 1)
    for grant in _grants(game, NEXT_SPELL, player):
        if _applies(game, grant["source"], face, item, grant):
            out.append((grant["source"], grant.get("source_id")))
            left = list(_grants(game, NEXT_SPELL, player))
            left.remove(grant)  # used up (the first equal one)
            _set_grants(game, NEXT_SPELL, player, tuple(left))
    return out


#: Scopes of a static grant that this module reads (the rest are refused by the op's check).
STATIC_SCOPES = ("first_spell_each_turn", "spells_you_cast")


def _static_reaches(game: Game, source: str, op: dict, item: StackItem, from_zone: str) -> bool:
    """Whether a permanent's lasting grant reaches this spell, by the order it was cast in
    and the zone it was cast from (counted when it became cast, 601.2i).

    "The first spell you cast each turn" (Maelstrom Nexus) is the spell that made this
    turn's count one. "The first spell you cast from exile each turn" (Wild-Magic Sorcerer)
    is the first one cast from exile, whatever came before it from other zones; spells a
    scenario counts as already cast (``spells_cast``) have no known zone, so then the grant
    is not applied and the log says why.
    """
    player = item.controller
    scope = op.get("scope")
    if scope not in STATIC_SCOPES:
        return False
    zone = op.get("from")
    if zone and zone != from_zone:
        return False
    if scope == "spells_you_cast":
        return True
    if not zone:
        return game.this_turn.spells_cast[player] == 1
    mine = [s for s in game.this_turn.spells if s["player"] == player]
    if game.this_turn.spells_cast[player] > len(mine):
        game.emit(
            EventKind.NOT_SIMULATED,
            f"{source} gives cascade to the first spell cast from {zone} each turn: the "
            "scenario counts spells cast earlier this turn without saying from where, so it "
            "doesn't apply here.",
            "702.85a",
            player=player,
            data={
                "missing": [
                    f"zones of the {game.this_turn.spells_cast[player] - len(mine)} spells "
                    "counted as cast before the scenario"
                ],
                "grant_source": source,
            },
        )
        return False
    earlier = [s for s in mine if s["from"] == zone and s["object"] != item.card_id]
    return not earlier


def _applies(game: Game, source: str, face: Face, item: StackItem, op: dict) -> bool:
    if op.get("if"):
        game.emit(
            EventKind.NOT_SIMULATED,
            f"{source}'s cascade grant applies only {op['if']}: that "
            "condition is not simulated, so it doesn't apply here.",
            "702.85a",
            player=item.controller,
            data={"missing": [f"cascade grant condition: {op['if']}"], "grant_source": source},
        )
        return False
    ok = spell_filter.matches(face, item.mana_value, op.get("filter") or "")
    if ok is None:
        game.emit(
            EventKind.NOT_SIMULATED,
            f"{source} gives cascade only to spells matching "
            f'"{op["filter"]}": not simulated, so it doesn\'t apply here.',
            "702.85a",
            player=item.controller,
            data={"missing": [f"spell filter: {op['filter']}"], "grant_source": source},
        )
        return False
    return ok


def on_cast(game: Game, item: StackItem, from_zone: str) -> None:
    """702.85a/c: each instance triggers when the spell is CAST (not copied, not put there)."""
    obj = game.obj(item.card())
    face = game.face(obj)
    sources: list[tuple[str, str | None, int | None]] = [
        ("its own cascade", None, None)
    ] * own_instances(obj.card, face)
    sources += [
        (f"cascade from {name}", name, sid)
        for name, sid in granted_instances(game, item, from_zone)
    ]
    total = len(sources)
    for i, (src, granted_by, granted_id) in enumerate(sources, 1):
        nth = f" (instance {i} of {total})" if total > 1 else ""
        ability = StackItem(
            id=game.new_id(),
            kind="ability",
            controller=item.controller,
            text=f"Cascade of {face.name}{nth}",
            source=obj.id,
            trigger="cascade",
            data={"spell": item.id, "mv": item.mana_value, "name": face.name},
        )
        grant = {"granted_by": granted_by, "granted_by_id": granted_id}
        stack.trigger(
            game,
            ability,
            f"Cascade triggers on casting {face.name} ({src}){nth}: the "
            "trigger goes on the stack above the spell and resolves first.",
            "702.85c" if total > 1 else "702.85a",
            instance=i,
            instances=total,
            amount=item.mana_value,
            data={"keyword": "cascade", "spell": face.name, **grant},
        )


def resolve(game: Game, ability: StackItem) -> None:
    """Exile until a hit, offer it, then bottom the rest in a random order."""
    player = ability.controller
    spell = game.stack_item(ability.data["spell"])
    if spell is not None:
        mv = spell.mana_value
        lki = ""
    else:
        mv = game.lki.get(ability.data["spell"], ability.data["mv"])
        lki = f" {ability.data['name']} has left the stack, so its last known mana value is used"
    game.emit(
        EventKind.CASCADE,
        f"Cascade resolves: exile cards from the top of "
        f"{game.poss(player)} library until a nonland card with mana value less than "
        f"{mv} is exiled.{lki and lki + '.'}",
        "702.85a",
        objects=(ability.source,),
        source=ability.source,
        player=player,
        amount=mv,
        data={"last_known": bool(lki)},
    )
    exiled, hit = freecast.exile_until(
        game,
        player,
        mv,
        inclusive=False,
        rule="702.85a",
        hit_kind=EventKind.CASCADE_HIT,
        hit_note="It is the hit.",
    )
    as_you_cascade(game, player, exiled)
    if hit is None:
        game.emit(
            EventKind.WHIFF,
            f"No card qualifies: {freecast.whole_library(len(exiled))} and nothing is cast. "
            "Nobody loses for this: no card was drawn.",
            "702.85a",
            objects=tuple(exiled),
            source=ability.source,
            player=player,
            amount=len(exiled),
        )
    else:
        if (
            freecast.offer(
                game,
                hit,
                player,
                mv,
                inclusive=False,
                kind=DecisionKind.CASCADE_CAST,
                rule="702.85a",
                mechanic="cascade",
                allow_hand=False,
            )
            == "cast"
        ):
            exiled.remove(hit)
    rest = [oid for oid in exiled if game.zone_of(oid) == (player, "exile")]
    stack.bottom_in_random_order(game, player, rest, "702.85a", "cascade")


def as_you_cascade(game: Game, player: int, exiled: list[int]) -> None:
    """702.85b: "as you cascade" actions, after exiling and before the cast decision."""
    for perm in game.battlefield(player):
        for trig in game.effects(perm).get("triggers") or []:
            if trig.get("when") != "you_cascade":
                continue
            for op in trig.get("ops") or []:
                what = (op.get("what") or "").lower()
                if op.get("op") == "put_onto_battlefield" and "land" in what:
                    _put_exiled_land(game, perm.name, player, exiled, bool(op.get("tapped")), trig)
                else:
                    game.emit(
                        EventKind.NOT_SIMULATED,
                        f"{perm.name}: as you cascade, {op.get('hint') or op.get('op')} — "
                        "effect not simulated.",
                        "702.85b",
                        objects=(perm.id,),
                        source=perm.id,
                        player=player,
                        data={"missing": [str(op.get("hint") or op.get("op"))]},
                    )


def _put_exiled_land(
    game: Game, source: str, player: int, exiled: list[int], tapped: bool, trig: dict
) -> None:
    """Averna: "you may put a land card from among the exiled cards onto the battlefield"."""
    lands = [
        oid
        for oid in exiled
        if game.zone_of(oid) == (player, "exile") and game.obj(oid).card.is_land
    ]
    how = " tapped" if tapped else ""
    if not lands:
        game.emit(
            EventKind.AS_YOU_CASCADE,
            f"{source}: as you cascade, no land card was exiled, so none is put onto the "
            "battlefield.",
            "702.85b",
            player=player,
            data={"by": source, "land": None, "lands_exiled": 0},
        )
        return
    by_name: dict[str, int] = {}
    for oid in lands:
        by_name.setdefault(game.obj(oid).name, oid)
    options = [(f"land:{name}", f"Put {name} onto the battlefield{how}") for name in by_name]
    if trig.get("optional", True):
        options.append(("none", "Don't put a land onto the battlefield"))
    key = game.decide(
        DecisionKind.AS_YOU_CASCADE,
        f"{source}: as you cascade, you may put a land card from among the exiled cards onto "
        f"the battlefield{how} (before deciding whether to cast the hit).",
        options,
        "702.85b",
        player=player,
        subject=source,
        objects=tuple(lands),
    )
    if key == "none":
        game.emit(
            EventKind.AS_YOU_CASCADE,
            f"{game.verb(player, 'choose', 'chooses')} not to put a land onto the battlefield "
            f"with {source}.",
            "702.85b",
            player=player,
            data={"by": source, "land": None, "declined": True},
        )
        return
    oid = by_name[key.split(":", 1)[1]]
    game.move(oid, "battlefield", player)
    game.set_tapped(oid, tapped)
    game.set_status(oid, entered_turn=game.turn)
    game.emit(
        EventKind.AS_YOU_CASCADE,
        f"{game.verb(player, 'put', 'puts')} {game.obj(oid).name} from among the exiled cards "
        f'onto the battlefield{how} ({source}: "as you cascade").',
        "702.85b",
        player=player,
        data={"by": source, "land": game.obj(oid).name, "tapped": tapped},
    )
    permanents.entered_battlefield(game, oid, cast=False)


# --------------------------------------------------- the ops granting cascade (702.85a)
def _check_grant(o: dict, ctx: Ctx | None) -> str | None:
    scope = o.get("scope")
    if scope == "next_spell":
        return None
    if scope == "spells_you_cast" and o.get("duration") == "this_turn":
        return None  # Yidris: every spell cast (from a zone) for the rest of the turn
    if scope in ("first_spell_each_turn", "spells_you_cast") and not o.get("duration"):
        if ctx is None:
            return None  # a static ability: keywords.cascade reads it while on the battlefield
        return "a lasting cascade grant, which only a permanent's static ability gives"
    return f"a cascade grant to {str(scope).replace('_', ' ')}" + (
        f" ({o['duration']})" if o.get("duration") else ""
    )


@effects.op(
    "cascade_grant",
    check=_check_grant,
)
def cascade_grant(ctx: Ctx, o: dict) -> None:
    """A one-shot "your next (noncreature...) spell this turn has cascade" (Dark Apostle), or
    "as you cast spells from your hand this turn, they gain cascade" (Yidris)."""
    game = ctx.game
    n = int(o.get("instances") or 1)
    if o.get("scope") == "spells_you_cast" and o.get("duration") == "this_turn":
        _turn_grant(ctx, o, n)
        return
    for p in ctx.players(o.get("who")):
        grant = {"source": ctx.label, "filter": o.get("filter") or ""}
        if ctx.source is not None:
            grant["source_id"] = ctx.source
        _set_grants(game, NEXT_SPELL, p, _grants(game, NEXT_SPELL, p) + (grant,) * n)
        kind = f"{o['filter']} " if o.get("filter") else ""
        ctx.emit(
            EventKind.GRANT,
            f"{ctx.label}: the next {kind}spell "
            f"{game.verb(p, 'cast', 'casts').replace('You cast', 'you cast')} this "
            "turn has cascade.",
            "702.85a",
            player=p,
            amount=n,
            data={"filter": o.get("filter") or "", "scope": "next_spell"},
        )


def _turn_grant(ctx: Ctx, o: dict, n: int) -> None:
    """CR 702.85a, 611.2a: spells cast later this turn (from ``from``) have cascade; the
    grant reaches spells as they are cast, until the turn ends."""
    game = ctx.game
    for p in ctx.players(o.get("who")):
        grant = {"source": ctx.label, "filter": o.get("filter") or "", "instances": n}
        if o.get("from"):
            grant["from"] = o["from"]
        if ctx.source is not None:
            grant["source_id"] = ctx.source
        _set_grants(game, THIS_TURN, p, (*_grants(game, THIS_TURN, p), grant))
        ctx.emit(
            EventKind.GRANT,
            f"{ctx.label}: spells {game.pname(p)} cast"
            f"{' from ' + o['from'] if o.get('from') else ''} this turn have cascade.",
            "702.85a",
            player=p,
            amount=n,
            data={
                "filter": o.get("filter") or "",
                "scope": "this_turn",
                "from": o.get("from") or "",
            },
        )
