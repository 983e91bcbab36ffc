"""`legal` is cheap and says exactly what a full activation says, reasons included."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
import yaml
from corpus_fingerprint import replayable

from engine import replay
from engine.document import ActionEntry
from engine.errors import Illegal
from engine.rules import chain as chain_rules
from engine.rules import legal
from engine.state import Game
from engine.tx import Tx

driver = importlib.import_module("engine.replay")


def _full_try(game: Game, player: str, card: Any, number: int, effect: Any) -> str | None:
    """The try as it was before it was made cheap: a whole activation, Chain Link and all."""
    action = ActionEntry.model_construct(do="activate", player=player, card=card.id, effect=number,
                                         targets=chain_rules.first_targets(game, card.id, player, effect),
                                         cost=legal._auto_cost(game, card, effect), choices={},
                                         at=None, responds_to=None)  # fmt: skip
    try:
        chain_rules.activate(Tx(game), action)
    except Illegal as err:
        return err.explanation.text
    except (KeyError, ValueError) as err:
        return f"the engine cannot try this effect here ({err})"
    return None


def test_every_try_of_the_corpus_says_what_a_full_activation_says(monkeypatch: pytest.MonkeyPatch) -> None:
    games: list[Game] = []
    monkeypatch.setattr(driver, "legal_now", lambda game, names=None: games.append(game) or {})
    for path in replayable():
        replay(yaml.safe_load(path.read_text(encoding="utf-8"))["scenario"])
    tried = 0
    for game in games:
        if game.result is not None:
            continue
        for player in ("A", "B"):
            for card in legal._in_reach(game, player):
                defn = game.board.define(card.id)
                for number, effect in enumerate(defn.effects, start=1):
                    if effect.kind in legal.ACTIVATED and legal._works_here(card, defn, effect):
                        fast = legal._try(game, player, card, number, effect, None)
                        assert fast == _full_try(game, player, card, number, effect), (card.id, number)
                        tried += 1
    assert tried > 2000
