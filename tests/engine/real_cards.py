"""Every real card text, read from the shared card data (never copied into the project), and the
Japanese text's independent checks of how the reader splits a text and limits it per turn.

The data file is found at `$DUEL_ARBITER_CARD_DATA` or `../shared/data/cards.jsonl.gz` beside the
project; `CARD_DATA` is None when neither exists (tests then skip, naming why).
"""

from __future__ import annotations

import gzip
import itertools
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
    f"(?P<scope>[{_NUMBERS}][{_NUMBERS}と～]*)の(?:方法による特殊召喚|(?P<part>Ｐ|モンスター)?効果)は{_LIMITED}"
)
_HARD_ALL = re.compile(f"(?:このカード名|「[^」]+」)の(?P<part>Ｐ|モンスター)?効果は{_LIMITED}")
# An effect's own "once per turn" (soft): "１ターンに１度、…", "自分・相手ターンに１度、…" (once in each
# player's turn), "相手メインフェイズに１度、…", "（１ターンに１度のみ）", "１ターンに１度だけ" (the English
# "The first time … each turn", which the reader reads as soft too); on an activated effect or a
# continuous one ("Once per turn, if … would be destroyed, you can … instead"). Not "このターンに１度だけ"
# ("only once this turn", what an effect does). Looked for before the effect's bullets ("●"): a
# bullet is an effect the card grants, not a limit on the effect itself.
_SOFT = re.compile("(?<!この)(?:ターン|フェイズ)に１度(?:、|のみ|だけ)")
# Whether a numbered effect is activated: "発動できる" (optional) or "発動する" (mandatory).
_ACTIVATED = re.compile("発動(?:でき|す)る")


def _scope_numbers(scope: str) -> list[int]:
    """The effects a clause names: "①③" is ① and ③, "①～④" is ① to ④ (the Dragon Rulers')."""
    out: list[int] = []
    for part in scope.split("と"):
        ends = [_NUMBERS.index(c) for c in part if c in _NUMBERS]
        if "～" in part and len(ends) == 2:
            out += list(range(ends[0], ends[1] + 1))
        else:
            out += ends
    return out


def ja_effect_numbers(ja: str) -> list[int]:
    """The numbers ①②③… that start an effect in one Japanese text box, in order."""
    return sorted({_NUMBERS.index(m.group(1)) for m in _NUMBERED.finditer(ja)})


def ja_effect_bodies(ja: str) -> dict[int, str]:
    """Each numbered effect's text in one Japanese text box, by its number's index (① -> 0)."""
    starts = [(m.start(), _NUMBERS.index(m.group(1))) for m in _NUMBERED.finditer(ja)]
    ends = [start for start, _ in starts[1:]] + [len(ja)]
    bodies: dict[int, str] = {}
    for (start, index), end in zip(starts, ends[: len(starts)], strict=True):
        bodies.setdefault(index, ja[start:end])
    return bodies


def ja_activated(card: RealCard) -> list[bool]:
    """Per numbered effect (Pendulum box first): whether the Japanese text says it is activated."""
    out: list[bool] = []
    for ja in (card.ja_pendulum_text, card.ja_text):
        bodies = ja_effect_bodies(ja)
        out += [bool(_ACTIVATED.search(bodies.get(index, ""))) for index in ja_effect_numbers(ja)]
    return out


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
        for index, body in ja_effect_bodies(ja).items():
            if _SOFT.search(body.split("●", 1)[0]) and index < len(values):
                found = True
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
                limited = _scope_numbers(match.groupdict().get("scope") or "")
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
    """The entries the Japanese text numbers ①②③.

    Not a maintenance cost, and not a Continuous, Equip or Field card's activation when nothing
    resolves with it: the bare "(card activation)" entry, an Equip Spell's "Equip only to …", an
    "Activate this card by paying …" (the Japanese writes "…にのみ装備可能", "…てこのカードを発動できる"
    before ①). Of the rules for Summoning the card (kind
    summoning_condition) only a procedure (a way to Summon it from the hand, or without Tributing): the
    Japanese text writes the others before ① (Summoning and material conditions, the Ritual Spell
    line "…により降臨", another way to Xyz Summon it "…の上に重ねてＸ召喚する事もできる", its
    Tributes, its own materials). A clause binding the card and the monster its activation Special
    Summoned or equipped ("When this card leaves the field, destroy that monster") is an entry of its
    own (it does not resolve with the activation), but the Japanese writes it in the activation's ①:
    printed right after the activation (or another such clause), it is not numbered apart.
    """
    out: list[dict[str, Any]] = []
    after_activation = False
    for e in effects:
        rule = e["reasons"]["kind"]["rule"]
        bound = rule == "bound-clause" and after_activation
        after_activation = e["kind"] == "activation" or bound
        if (
            e["text"] != PLACEHOLDER
            and e["kind"] != "maintenance"
            and rule not in ("equip-only", "activation-requirement")
            and (e["kind"] != "summoning_condition" or rule == "summoning-procedure")
            and not bound
        ):
            out.append(e)
    return out


_ACTIVATED_KINDS = frozenset({"activation", "ignition", "trigger", "quick", "flip"})

# What an effect is about, in words both languages have: (concept, English pattern, Japanese
# pattern). Used only to pair the English effects with the Japanese ①②③ when the English prints
# them in another order; never a once-per-turn word, so the pairing cannot favour agreement.
_CONCEPTS: tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...] = tuple(
    (name, re.compile(en, re.I), re.compile(ja))
    for name, en, ja in (
        ("draw", r"\bdraws?\b", "ドロー"),
        ("destroy", r"\bdestr(?:oy|oyed|uction)\b", "破壊"),
        ("banish", r"\bbanish", "除外"),
        ("special-summon", r"\bSpecial Summon", "特殊召喚"),
        ("ritual", r"\bRitual\b", "儀式"),
        ("fusion", r"\bFusion\b", "融合"),
        ("synchro", r"\bSynchro\b", "Ｓ召喚|Ｓモンスター|Ｓ素材|シンクロ"),
        ("xyz", r"\bXyz\b|\bmaterials?\b", "Ｘ召喚|Ｘモンスター|Ｘ素材|エクシーズ|素材"),
        ("link", r"\bLink\b", "リンク"),
        ("pendulum", r"\bPendulum\b", "Ｐゾーン|Ｐ召喚|Ｐモンスター|Ｐスケール|ペンデュラム"),
        ("gy", r"\b(?:GY|Graveyard)\b", "墓地"),
        ("hand", r"\bhand\b", "手札"),
        ("deck", r"\bDeck\b", "デッキ"),
        ("extra-deck", r"\bExtra Deck\b", "ＥＸデッキ|エクストラデッキ"),
        ("target", r"\btarget", "対象"),
        ("negate", r"\bnegate", "無効"),
        ("atk", r"\bATK\b", "攻撃力"),
        ("def", r"\bDEF\b", "守備力"),
        ("lp", r"\bLP\b|\bLife Points\b", "ＬＰ|ライフ"),
        ("damage", r"\bdamage\b", "ダメージ"),
        ("equip", r"\bequip", "装備"),
        ("discard", r"\bdiscard", "捨て"),
        ("tribute", r"\bTribut", "リリース"),
        ("set", r"\bSet\b", "セット"),
        ("battle", r"\bbattle", "戦闘"),
        ("attack", r"\battack", "攻撃"),
        ("counter", r"\bcounters?\b", "カウンター"),
        ("standby", r"\bStandby Phase", "スタンバイフェイズ"),
        ("end-phase", r"\bEnd Phase", "エンドフェイズ"),
        ("main-phase", r"\bMain Phase", "メインフェイズ"),
        ("battle-phase", r"\bBattle Phase", "バトルフェイズ"),
        ("damage-step", r"\bDamage Step|\bdamage calculation", "ダメージステップ|ダメージ計算"),
        ("face-down", r"\bface-down\b", "裏側"),
        ("position", r"\bPosition\b", "表示形式|攻撃表示|守備表示"),
        ("level", r"\bLevels?\b", "レベル"),
        ("control", r"\bcontrol of\b|\btake control\b", "コントロール"),
        ("return", r"\breturn", "戻"),
        ("shuffle", r"\bshuffle", "デッキに戻"),
        ("add", r"\badd\b", "手札に加え"),
        ("spell-trap", r"\bSpell|\bTrap", "魔法|罠"),
        ("token", r"\bTokens?\b", "トークン"),
        ("win", r"\bwin the Duel\b", "勝利"),
        ("chance", r"\bcoin|\bdie\b|\bdice\b", "コイン|サイコロ"),
        ("unaffected", r"\bunaffected\b", "受けない"),
        ("name", r"\bname\b", "カード名"),
        ("attribute", r"\bAttribute", "属性"),
        ("type", r"\bType\b|\bWarrior|\bDragon|\bSpellcaster|\bFiend|\bMachine|\bZombie", "族"),
        ("reveal", r"\breveal", "見せ|公開"),
        ("excavate", r"\bexcavate", "めくる|めくり"),
        ("flip", r"\bFLIP\b|\bflip", "リバース|反転"),
    )
)
_FULL_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")
_EN_NUMBER = re.compile(r"\b\d{3,}\b")
_JA_NUMBER = re.compile(r"\d{3,}")


def _en_about(text: str) -> frozenset[str]:
    found = {name for name, en, _ in _CONCEPTS if en.search(text)}
    return frozenset(found | set(_EN_NUMBER.findall(text)))


def _ja_about(body: str) -> frozenset[str]:
    found = {name for name, _, ja in _CONCEPTS if ja.search(body)}
    return frozenset(found | set(_JA_NUMBER.findall(body.translate(_FULL_DIGITS))))


def _likeness(en: frozenset[str], ja: frozenset[str], same_class: bool) -> float:
    union = en | ja
    return (len(en & ja) / len(union) if union else 0.0) + (0.5 if same_class else 0.0)


def ja_bodies(card: RealCard) -> list[str]:
    """Each numbered effect's Japanese text (Pendulum box first), in ①②③ order."""
    out: list[str] = []
    for ja in (card.ja_pendulum_text, card.ja_text):
        bodies = ja_effect_bodies(ja)
        out += [bodies.get(index, "") for index in ja_effect_numbers(ja)]
    return out


def ja_pairs(card: RealCard, mine: list[dict[str, Any]]) -> list[tuple[int, int]] | None:
    """Which Japanese numbered effect each numbered English entry is, as (entry index, effect index):
    the pairing most alike in what the effects are about (the concepts above, numbers, activated or
    not), the printed order where two pairings are as alike. Each text box is paired on its own.

    With as many entries as effects, any order (the English sometimes prints them in another order
    than ①②③); with more entries, in printed order, each effect paired with one or more neighbouring
    entries (the English prints "Cannot be destroyed by battle. You take no battle damage …" as two
    sentences the Japanese numbers as one effect), and the other way round with fewer. None when a
    text box has entries but no numbered effects or the other way round.
    """
    japanese, activated = ja_bodies(card), ja_activated(card)
    sizes = [len(ja_effect_numbers(card.ja_pendulum_text)), len(ja_effect_numbers(card.ja_text))]
    pairs: list[tuple[int, int]] = []
    start = 0
    for pendulum, size in zip((True, False), sizes, strict=True):
        english = [i for i, e in enumerate(mine) if (e["part"] == "pendulum") is pendulum]
        numbers = list(range(start, start + size))
        start += size
        if not english and not numbers:
            continue
        if not english or not numbers:
            return None
        scores = [
            [
                _likeness(
                    _en_about(mine[i]["text"]),
                    _ja_about(japanese[j]),
                    (mine[i]["kind"] in _ACTIVATED_KINDS) is activated[j],
                )
                for j in numbers
            ]
            for i in english
        ]
        if len(english) == len(numbers):
            order = _best_order(scores)
            pairs += [(english[a], numbers[b]) for a, b in enumerate(order)]
        else:
            pairs += [(english[a], numbers[b]) for a, b in _best_run(scores)]
    return pairs


def _best_order(scores: list[list[float]]) -> list[int]:
    """The permutation of most total likeness; printed order on a tie, or past 7 effects."""
    n = len(scores)
    best, best_score = list(range(n)), sum(scores[i][i] for i in range(n))
    if n > 7:
        return best
    for perm in itertools.permutations(range(n)):
        score = sum(scores[i][perm[i]] for i in range(n))
        if score > best_score + 1e-9:
            best, best_score = list(perm), score
    return best


def _best_run(scores: list[list[float]]) -> list[tuple[int, int]]:
    """Entries and effects paired in printed order, each of the longer list with one of the shorter,
    every one of the shorter with at least one: the pairing of most total likeness."""
    flip = len(scores) < len(scores[0])
    table = [list(row) for row in zip(*scores, strict=True)] if flip else scores
    n, m = len(table), len(table[0])
    worst = float("-inf")
    best = [[worst] * m for _ in range(n)]
    best[0][0] = table[0][0]
    for i in range(1, n):
        for j in range(m):
            before = max(best[i - 1][j], best[i - 1][j - 1] if j else worst)
            if before > worst:
                best[i][j] = before + table[i][j]
    pairs, j = [], m - 1
    for i in range(n - 1, -1, -1):
        pairs.append((j, i) if flip else (i, j))
        if i and j and best[i - 1][j - 1] >= best[i - 1][j]:
            j -= 1
    return pairs[::-1]


def read_once_per_turn(numbered_effects: list[dict[str, Any]]) -> list[str]:
    """The reader's once-per-turn values as the Japanese text can say them (a limit on activating
    the card itself is no limit on an effect: none)."""
    return [
        e["once_per_turn"] if e["once_per_turn"] != "card_activation" else "none" for e in numbered_effects
    ]


def once_per_turn_agrees(
    card: RealCard, effects: list[dict[str, Any]], *, in_order: bool = False
) -> bool | None:
    """Whether the reader limits each numbered effect as the Japanese text does (None: it says nothing).

    Each English entry is compared with the Japanese effect it is (`ja_pairs`): the English text
    sometimes prints the effects in another order than ①②③ (L Magi Mergy's ATK gain, its ②, printed
    first), or one effect as two sentences, and a comparison place by place counts a right reading
    of every limit wrong. `in_order`: place by place, as many entries as effects (the stricter
    figure the benchmark prints beside it).
    """
    want = ja_once_per_turn(card)
    if want is None:
        return None
    mine = numbered(effects)
    have = read_once_per_turn(mine)
    if in_order:
        return have == want
    pairs = ja_pairs(card, mine)
    if pairs is None:
        return False
    bodies = ja_bodies(card)
    return all(have[i] == want[j] or _same_at_a_phase(mine[i], have[i], want[j], bodies[j]) for i, j in pairs)


# A trigger at a phase of the turn ("自分スタンバイフェイズに発動する", "During your Standby Phase:").
_JA_PHASE = re.compile("(?:スタンバイ|エンド|ドロー)フェイズ|バトルフェイズ終了時")


def _same_at_a_phase(effect: dict[str, Any], have: str, want: str, body: str) -> bool:
    """A trigger at a phase activates at most once a turn, since the phase comes once a turn: the
    English often prints "Once per turn, during your Standby Phase: …" where the Japanese says no
    limit (or says "１ターンに１度" where the English does not), and the two limits are the same.
    Only soft against none, for a trigger both texts set at a phase (the reader's trigger-phase
    rule, a phase in the Japanese condition)."""
    return (
        {have, want} == {"soft", "none"}
        and effect["reasons"]["kind"]["rule"] == "trigger-phase"
        and bool(_JA_PHASE.search(body.split("。", 1)[0]))
    )
