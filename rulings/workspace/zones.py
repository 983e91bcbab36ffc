"""Where a card can be, checked as the board is built: what the engine's reading of a board lets
through but a judge would want said next to the field at once. Problems (an Extra Deck monster in
the hand or the Deck, a Main Deck card in the Extra Deck, a Link Monster in Defense Position) stop
the replay like the engine's own; notes (a Link Monster in a Main Monster Zone no Link Arrow of
either player points to, which it may have reached another way) are only said.

Read off the card files (engine/cards) by name; a card the engine does not know is the engine's
to report."""

from typing import Any

from engine.cards import CardDef
from engine.catalog import load_catalog
from engine.rules.kinds import arrow_zones, place

ErrorList = list[dict[str, str]]
SLOTS = {"emz-left": 6, "emz-right": 7}  # the document's names of the Extra Monster Zones


def _defn(entry: Any) -> CardDef | None:
    name = entry.get("card") if isinstance(entry, dict) else entry
    return load_catalog().get(str(name or "").strip().lower())


def _pointed(board: dict[str, Any]) -> set[tuple[int, int]]:
    """The Monster Zones a face-up Link Monster of either player points to, as the engine places
    them (`engine.rules.kinds`: the same arrows, the same field)."""
    pointed: set[tuple[int, int]] = set()
    for name, player in (board.get("players") or {}).items():
        if name not in ("A", "B") or not isinstance(player, dict):
            continue
        for monster in player.get("monsters") or []:
            defn = _defn(monster)
            slot = SLOTS.get(monster.get("zone"), monster.get("zone")) if isinstance(monster, dict) else None
            if defn is None or "link" not in defn.subtypes or slot not in range(1, 8):
                continue
            if monster.get("position") != "set":
                pointed.update(arrow_zones(place(name, slot), name, defn.link_arrows))
    return pointed


def zone_checks(doc: dict[str, Any]) -> tuple[ErrorList, ErrorList]:
    """The problems and the notes of a document's board, each with the path of the card."""
    problems: ErrorList = []
    notes: ErrorList = []
    board = doc.get("board") if isinstance(doc.get("board"), dict) else {}
    pointed = _pointed(board)
    for name, player in (board.get("players") or {}).items():
        if not isinstance(player, dict):
            continue
        base = f"board.players.{name}"
        deck = player.get("deck")
        piles = {
            "hand": player.get("hand"),
            "deck.cards": deck.get("cards") if isinstance(deck, dict) else None,
        }
        for pile, entries in piles.items():
            for i, entry in enumerate(entries or []):
                defn = _defn(entry)
                if defn is not None and defn.is_extra_deck:
                    where = "the hand" if pile == "hand" else "the Deck"
                    message = (
                        f"{defn.name} is an Extra Deck monster: it is kept in the Extra Deck, not {where}"
                    )
                    problems.append({"path": f"{base}.{pile}[{i}]", "message": message})
        for i, entry in enumerate(player.get("extra_deck") or []):
            defn = _defn(entry)
            if defn is not None and not defn.is_extra_deck and "pendulum" not in defn.subtypes:
                message = f"{defn.name} is not an Extra Deck monster: it belongs in the Main Deck"
                problems.append({"path": f"{base}.extra_deck[{i}]", "message": message})
        monsters = [m for m in player.get("monsters") or [] if isinstance(m, dict)]
        for i, monster in enumerate(monsters):
            defn = _defn(monster)
            if defn is None or "link" not in defn.subtypes:
                continue
            path = f"{base}.monsters[{i}]"
            if monster.get("position") in ("defense", "set"):
                message = f"{defn.name} is a Link Monster: it is always in Attack Position"
                problems.append({"path": f"{path}.position", "message": message})
            zone = monster.get("zone")
            if isinstance(zone, int) and 1 <= zone <= 5 and place(name, zone) not in pointed:
                message = (
                    f"{defn.name} is a Link Monster: summoned from the Extra Deck it goes to an Extra "
                    "Monster Zone or a zone a Link Arrow points to, and no Link Arrow points here now "
                    "(fine if it got here another way)"
                )
                notes.append({"path": f"{path}.zone", "message": message})
    return problems, notes
