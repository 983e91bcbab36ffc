"""Where a card can be, checked as the board is built: what the engine's reading of a board lets
through but a judge would want said next to the field at once. Problems (an Extra Deck monster in
the hand or the Deck, a Main Deck card in the Extra Deck, a Link Monster in Defense Position) stop
the replay like the engine's own; notes (a Link Monster in a Main Monster Zone no Link Arrow points
to, which it may have reached another way) are only said.

Read off the card files (engine/cards) by name; a card the engine does not know is the engine's
to report."""

from typing import Any

from engine.cards import CardDef
from engine.catalog import load_catalog

ErrorList = list[dict[str, str]]
# A Link Monster's arrows that point from an Extra Monster Zone down to its controller's Main
# Monster Zones (the left EMZ is above zone 2, the right one above zone 4), by arrow.
EMZ_DOWN = {"emz-left": {"bl": 1, "b": 2, "br": 3}, "emz-right": {"bl": 3, "b": 4, "br": 5}}


def _defn(entry: Any) -> CardDef | None:
    name = entry.get("card") if isinstance(entry, dict) else entry
    return load_catalog().get(str(name or "").strip().lower())


def _pointed_to(monsters: list[dict[str, Any]], zone: int) -> bool:
    """A Link Arrow of another of the player's Link Monsters points to Main Monster Zone `zone`."""
    for other in monsters:
        defn = _defn(other)
        if defn is None or "link" not in defn.subtypes or other.get("zone") == zone:
            continue
        where = other.get("zone")
        arrows = set(defn.link_arrows)
        if where in EMZ_DOWN and zone in {EMZ_DOWN[where][a] for a in arrows & set(EMZ_DOWN[where])}:
            return True
        if isinstance(where, int) and (
            ("l" in arrows and where - 1 == zone) or ("r" in arrows and where + 1 == zone)
        ):
            return True
    return False


def zone_checks(doc: dict[str, Any]) -> tuple[ErrorList, ErrorList]:
    """The problems and the notes of a document's board, each with the path of the card."""
    problems: ErrorList = []
    notes: ErrorList = []
    board = doc.get("board") if isinstance(doc.get("board"), dict) else {}
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
            if isinstance(zone, int) and not _pointed_to(monsters, zone):
                message = (
                    f"{defn.name} is a Link Monster: summoned from the Extra Deck it goes to an Extra "
                    "Monster Zone or a zone a Link Arrow points to, and no Link Arrow points here now "
                    "(fine if it got here another way)"
                )
                notes.append({"path": f"{path}.zone", "message": message})
    return problems, notes
