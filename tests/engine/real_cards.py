"""Every real card text, read from the shared card data (never copied into the project), and the
Japanese text's independent checks of how the reader splits a text and limits it per turn.

The data file is found at `$DUEL_ARBITER_CARD_DATA` or `../shared/data/cards.jsonl.gz` beside the
project; `CARD_DATA` is None when neither exists (tests then skip, naming why).
"""

from __future__ import annotations

import gzip
import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _data_file() -> Path | None:
    candidates = [os.environ.get("DUEL_ARBITER_CARD_DATA", "")]
    candidates += [str(ROOT.parent / "shared" / "data" / "cards.jsonl.gz")]
    for candidate in candidates:
        path = Path(candidate) if candidate else None
        if path and path.is_dir():
            path = path / "cards.jsonl.gz"
        if path and path.is_file():
            return path
    return None


CARD_DATA = _data_file()
MISSING = "no real card data: set DUEL_ARBITER_CARD_DATA or put cards.jsonl.gz in ../shared/data"
_PROPERTY = {"quickplay": "quick-play"}


@dataclass(frozen=True)
class RealCard:
    """One printed card as the reader takes it, with its Japanese text for the checks."""

    name: str
    kind: str
    subtype: tuple[str, ...]
    text: str
    pendulum_text: str | None
    ja_text: str
    ja_pendulum_text: str

    def args(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "kind": self.kind,
            "subtype": list(self.subtype),
            "pendulum_text": self.pendulum_text,
        }


def _subtype(card: dict[str, Any]) -> tuple[str, ...]:
    if card["cardType"] != "monster":
        return (_PROPERTY.get(card.get("property") or "normal", card.get("property") or "normal"),)
    names = [*card.get("monsterCardTypes", []), *card.get("classifications", []), *card.get("abilities", [])]
    if "effect" in names and "normal" in names:  # a few Effect Monsters are also listed as normal
        names.remove("normal")
    return tuple(dict.fromkeys(names)) or ("effect",)


def real_cards() -> Iterator[RealCard]:
    """Every Monster, Spell and Trap with an English text (Tokens and Skills are not cards one reads)."""
    assert CARD_DATA is not None, MISSING
    with gzip.open(CARD_DATA, "rt", encoding="utf-8") as lines:
        for line in lines:
            card = json.loads(line)
            if card["cardType"] not in ("monster", "spell", "trap") or not (card.get("text") or "").strip():
                continue
            if card["cardType"] == "trap" and not card.get("property"):
                continue
            yield RealCard(
                card["name"],
                card["cardType"],
                _subtype(card),
                card["text"],
                card.get("pendulum_text") or None,
                card.get("ja_text") or "",
                card.get("ja_pendulum_text") or "",
            )


# --- what the Japanese text says

_NUMBERS = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫"
_NUMBERED = re.compile(f"([{_NUMBERS}])：")
# A name-wide limit: "このカード名の①②の効果はそれぞれ１ターンに１度…", "①の方法による特殊召喚は１ターンに
# １度…" (a Summoning procedure), "…デュエル中に１度…"; without numbers, every effect of the box.
_LIMITED = "(?:、)?(?:それぞれ)?(?:１ターンに１度|デュエル中に１度)"
_HARD = re.compile(
    f"(?P<scope>[{_NUMBERS}][{_NUMBERS}と]*)の(?:方法による特殊召喚|(?P<part>Ｐ|モンスター)?効果)は{_LIMITED}"
)
_HARD_ALL = re.compile(f"(?:このカード名|「[^」]+」)の(?P<part>Ｐ|モンスター)?効果は{_LIMITED}")
_SOFT = re.compile(f"([{_NUMBERS}])：[^。：]*?１ターンに１度、[^。]*発動")


def ja_effect_numbers(ja: str) -> list[int]:
    """The numbers ①②③… that start an effect in one Japanese text box, in order."""
    return sorted({_NUMBERS.index(m.group(1)) for m in _NUMBERED.finditer(ja)})


def ja_effect_count(card: RealCard) -> int | None:
    """How many effects the Japanese text numbers (both boxes), or None if it numbers none."""
    counts = [len(ja_effect_numbers(t)) for t in (card.ja_pendulum_text, card.ja_text)]
    return sum(counts) if any(counts) else None


def ja_once_per_turn(card: RealCard) -> list[str] | None:
    """Per numbered effect (Pendulum box first): hard, soft or none, as the Japanese text limits it;
    None when it states no '１ターンに１度' for numbered effects (or numbers none)."""
    out: list[str] = []
    found = False
    boxes = [("pendulum", card.ja_pendulum_text), ("monster", card.ja_text)]
    for box, ja in boxes:
        numbers = ja_effect_numbers(ja)
        values = ["none"] * len(numbers)
        for match in _SOFT.finditer(ja):
            found = True
            index = _NUMBERS.index(match.group(1))
            if index < len(values):
                values[index] = "soft"
        for sentence_box, sentence in [(b, s) for b, t in boxes for s in t.split("。")]:
            if "このカード名" not in sentence and "」の" not in sentence:
                continue
            for match in [*_HARD.finditer(sentence), *_HARD_ALL.finditer(sentence)]:
                part = {"Ｐ": "pendulum", "モンスター": "monster"}.get(
                    match.group("part") or "", sentence_box
                )
                if part != box:
                    continue
                found = True
                scope = match.groupdict().get("scope") or ""
                limited = [_NUMBERS.index(c) for c in scope if c in _NUMBERS]
                for index in limited or range(len(values)):
                    if index < len(values):
                        values[index] = "hard"
        out += values
    return out if found and out else None


# --- sentences that only restrict another effect (never an entry of their own)

_SENTENCE = re.compile(r'(?:[^."]|"[^"]*")+(?:\.|$)')
_CLAUSE = re.compile(
    r"^\s*(?:\(.*\)\s*)?(?:"
    r"You can only (?:use|activate|Special Summon|Normal Summon|Summon|control)\b"
    r".*(?:once per|per turn|per Duel)"
    r"|(?:You|Neither player|This card|Your opponent) cannot\b"
    r".*\bthe turn you activate (?:this|that|either)\b"
    r"|(?:This card is )?(?:also )?always treated as\b"
    r"|[^.]*\bmust (?:also )?be face-up (?:on the field )?to (?:activate|resolve)\b"
    r"|[^.]*\bto activate and to resolve this effect\b"
    r")",
    re.I,
)


def restriction_only(text: str) -> bool:
    """Whether every sentence of an entry's text is a clause that restricts another effect."""
    sentences = [s.strip() for s in _SENTENCE.findall(text) if s.strip() and s.strip() != "."]
    return bool(sentences) and all(_CLAUSE.match(s) for s in sentences)


PLACEHOLDER = "(card activation)"  # the entry of a card's activation when nothing resolves with it


def numbered(effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries the Japanese text numbers ①②③: not Summoning or material conditions or
    maintenance costs (written before ①), not a bare card activation; a Summoning procedure is
    numbered."""
    return [
        e
        for e in effects
        if e["text"] != PLACEHOLDER
        and e["kind"] != "maintenance"
        and e["reasons"]["kind"]["rule"] not in ("summoning-condition", "material-condition")
    ]
