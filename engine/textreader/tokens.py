"""The tokenizer: a text box cut into sentences, each with the places the card-text grammar cuts.

One pass of one pattern over each line finds the pieces that matter: a card name in quotes kept
whole, even one with quotes of its own (`"Maxx "C""`); a parenthesised aside kept whole (a period,
colon or semicolon inside either cuts nothing); a sentence's end (a period before a space or the
line's end); bullets; and `:` and `;`. Only the first colon and the first semicolon of a sentence
are the grammar's (`[condition ':'] [cost or target ';'] resolution`); later ones (`apply this
effect: …`) are plain text. An aside that is a sentence of its own ("(This card is always treated
as …)") is one. Names and asides are blanked in `masked`, so markers are never found inside them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PIECE = re.compile(
    r'(?P<quoted>"(?:[^"\n]|"[^"\n]*?")*?"(?=[\s.,;:\'")!?\-/]|$))'
    r"|(?P<paren>\((?:[^()\n]|\([^()\n]*\))*\))"
    r"|(?P<end>\.(?=\s|$))"
    r"|(?P<colon>:)|(?P<semi>;)"
    r"|(?P<bullet>[●•■])"
    r'|[^"().:;●•■\n]+|.'
)
_FULL_ASIDE = re.compile(r"^\([^()]*\.\)$")
_SPACES = re.compile(r"[ \t\u00a0]+")
_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'", "\u00a0": " "})


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence: its text, the text with names and asides blanked (same length), whether it
    starts a line or a bullet, and where the grammar's colon and semicolon are (-1 for none)."""

    text: str
    masked: str
    new_line: bool
    bullet: bool
    colon: int
    semi: int


def normalize(text: str) -> str:
    """Straight quotes, one space, no blank lines: the form every pattern is written for."""
    text = text.translate(_QUOTES).replace("\r\n", "\n").replace("\r", "\n")
    if "  " in text or "\t" in text:
        text = _SPACES.sub(" ", text)
    return "\n".join(line for line in (x.strip() for x in text.split("\n")) if line)


def logical_lines(text: str) -> list[str]:
    """Lines, with a line that was only wrapped (no end punctuation, next starts lower-case) rejoined."""
    lines: list[str] = []
    for line in text.split("\n"):
        if lines and not lines[-1].endswith((".", ")", ":")) and line[0].islower():
            lines[-1] += " " + line
        elif line:
            lines.append(line)
    return lines


def _line_sentences(line: str) -> list[Sentence]:
    out: list[Sentence] = []
    start = 0
    colon = semi = -1
    bullet = False
    masked: list[str] = []

    def close(end: int) -> None:
        nonlocal start, colon, semi, bullet, masked
        raw = line[start:end]
        text = raw.strip()
        if text and text not in ".●•■":
            lead = len(raw) - len(raw.lstrip())
            shift = start + lead
            out.append(
                Sentence(
                    text,
                    "".join(masked)[lead : lead + len(text)],
                    not out,
                    bullet,
                    colon - shift if colon >= 0 else -1,
                    semi - shift if semi >= 0 else -1,
                )
            )
        start, colon, semi, bullet, masked = end, -1, -1, False, []

    for match in _PIECE.finditer(line):
        kind = match.lastgroup
        piece = raw = match.group()
        if kind == "quoted" or kind == "paren":
            if len(piece) > 2:
                piece = piece[0] + "x" * (len(piece) - 2) + piece[-1]
            masked.append(piece)
            if kind == "paren" and not line[start : match.start()].strip() and _FULL_ASIDE.match(raw):
                close(match.end())
            continue
        masked.append(piece)
        if kind == "end":
            close(match.end())
        elif kind == "colon" and colon < 0 and semi < 0:
            colon = match.start()
        elif kind == "semi" and semi < 0:
            semi = match.start()
        elif kind == "bullet" and not line[start : match.start()].strip():
            bullet = True
    close(len(line))
    return out


def sentences(text: str) -> list[Sentence]:
    """A normalized text box's sentences in order."""
    return [s for line in logical_lines(text) for s in _line_sentences(line)]


def mask(text: str) -> str:
    """The text with quoted names and parenthesised asides blanked, same length, for marker search."""
    if '"' not in text and "(" not in text:
        return text
    out: list[str] = []
    for match in _PIECE.finditer(text):
        piece = match.group()
        if match.lastgroup in ("quoted", "paren") and len(piece) > 2:
            piece = piece[0] + "x" * (len(piece) - 2) + piece[-1]
        out.append(piece)
    return "".join(out)
