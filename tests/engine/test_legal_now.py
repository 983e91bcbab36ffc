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
from engine.explain import Card, JudgeNames, Phrase, render
from engine.rules import chain as chain_rules
from engine.rules import legal
from engine.state import Game
from engine.tx import Tx

driver = importlib.import_module("engine.replay")


def _full_try(game: Game, player: str, card: Any, number: int, effect: Any) -> str | None:
    """The try as it was before it was made cheap: a whole activation, Chain Link and all (the
    effect as a judge names it: its number as the text counts them, and which of its choices)."""
    shown, mode = game.board.define(card.id).numbered(number)
    action = ActionEntry.model_construct(do="activate", player=player, card=card.id, effect=shown,
                                         targets=chain_rules.first_targets(game, card.id, player, effect),
                                         cost=legal._auto_cost(game, card, effect),
                                         choices={} if mode is None else {"mode": mode},
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


def _games(document: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> list[Game]:
    games: list[Game] = []
    monkeypatch.setattr(driver, "legal_now", lambda game, names=None: games.append(game) or {})
    replay(document)
    return games


def test_a_remembered_place_and_timing_follow_the_moment(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same Quick-Play Spell in the hand (the very same card state) can be activated in its
    controller's turn and not in the opponent's: what a try remembers of a card's place and timing
    is per moment, and each try still says what a full activation says."""
    document = {
        "format": "ygo-scenario/1",
        "title": "A Quick-Play Spell held through both turns",
        "board": {
            "turn": 2,
            "turn_player": "A",
            "phase": "main1",
            "players": {
                "A": {"hand": ["Mystical Space Typhoon"], "deck": 5},
                "B": {"deck": 5, "spell_traps": [{"card": "Threatening Roar", "zone": 1, "face": "down"}]},
            },
        },
        "actions": [{"player": "A", "do": "end_turn"}, {"player": "B", "do": "end_turn"}],
    }
    games = _games(document, monkeypatch)
    seen: dict[str, list[str | None]] = {}
    held = {game.board.cards["A:Mystical Space Typhoon"] for game in games}
    assert len(held) == 1  # one card state throughout: only the moment changes
    for game in [*games, *games]:  # twice: the second time, every place and timing is remembered
        card = game.board.cards["A:Mystical Space Typhoon"]
        effect = game.board.define(card.id).effects[0]
        fast = legal._try(game, "A", card, 1, effect, None)
        assert fast == _full_try(game, "A", card, 1, effect)
        seen.setdefault(game.board.turn_player, []).append(fast)
    assert set(seen["A"]) == {None}
    assert all(reason and "Quick-Play" in reason for reason in seen["B"])


def test_a_reason_is_rendered_with_the_namer_asked() -> None:
    """A reason kept for one namer is not the reason given with another."""
    why = Phrase("damage_step_refused.not_a_kind_allowed")
    err = Illegal("activate.damage_step", card=Card("A:Waboku", "Waboku"), why=why)
    judge = JudgeNames([("A:Waboku", "A", "Waboku")])
    assert legal._reason(err.explanation, None, legal._rendered(None)) == err.explanation.text
    named = legal._reason(err.explanation, judge, legal._rendered(judge))
    assert named == render(err.explanation, judge) != err.explanation.text
    assert legal._reason(err.explanation, None, legal._rendered(None)) == err.explanation.text
