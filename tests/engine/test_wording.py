"""Explanations are a code and parameters; their words live in `engine.explain` only.

Every code has a sentence, every phrase a rule names exists, every corpus explanation renders
again from its JSON `params`, and no engine module hands `say`/`Illegal`/`explain` free text.
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest
import yaml
from corpus_fingerprint import replayable

from engine import replay
from engine.explain import (
    CODES,
    PHRASES,
    SENTENCES,
    Card,
    Phrase,
    article,
    explain,
    from_dict,
    render,
    render_phrase,
)
from engine.replay import judge_names
from engine.scenario import load_scenario

ENGINE = Path(__file__).parents[2] / "engine"
SOURCES = {p: p.read_text(encoding="utf-8") for p in sorted(ENGINE.rglob("*.py")) if p.name != "explain.py"}
SAYING = ("say", "Illegal", "explain", "Phrase")


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_every_code_has_a_sentence_and_every_sentence_a_code() -> None:
    assert not [c for c in CODES if not CODES[c].template]
    assert set(SENTENCES) == set(CODES)


def test_every_template_parses_with_named_fields() -> None:
    for key, template in {**SENTENCES, **PHRASES}.items():
        fields = _fields(template)
        assert all(f.isidentifier() for f in fields), (key, fields)


def _calls() -> list[tuple[str, ast.Call]]:
    out = []
    for path, src in SOURCES.items():
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.Call):
                f = node.func
                if (f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)) in SAYING:
                    out.append((f"{path.relative_to(ENGINE.parent)}:{node.lineno}", node))
    return out


def test_no_rule_writes_words() -> None:
    """`say`, `Illegal`, `explain` and `Phrase` take the code (or key) and keyword parameters:
    no f-string anywhere in the call, no string literal as a parameter (words belong in
    `engine.explain`)."""
    bad = []
    for where, call in _calls():
        if len(call.args) != 1 or any(isinstance(a, ast.Starred) for a in call.args):
            bad.append(f"{where}: only the code is positional")
        if any(isinstance(n, ast.JoinedStr) for n in ast.walk(call)):
            bad.append(f"{where}: an f-string")
        for k in call.keywords:
            if isinstance(k.value, ast.Constant) and isinstance(k.value.value, str):
                bad.append(f"{where}: {k.arg} is a string literal")
    assert not bad, "\n".join(bad)


def test_every_phrase_named_exists_and_every_phrase_is_named() -> None:
    named, prefixes = set(), set()
    for _, call in _calls():
        f = call.func
        if (f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)) != "Phrase":
            continue
        key = call.args[0]
        if isinstance(key, ast.Constant):
            named.add(key.value)
        elif isinstance(key, ast.BinOp) and isinstance(key.left, ast.Constant):  # "window." + name
            prefixes.add(key.left.value)
    text = "\n".join(SOURCES.values())
    named |= {k for k in PHRASES if re.search(rf"\"{re.escape(k)}\"", text)}  # keys chosen in a rule
    assert not sorted(named - set(PHRASES))
    assert not [k for k in PHRASES if k not in named and not k.startswith(tuple(prefixes))]


def test_every_call_gives_exactly_its_template_fields() -> None:
    """A code's (or phrase's) parameters are its template's fields, checked at every call with a
    literal code or key, so a path no scenario takes still renders."""
    bad = []
    for where, call in _calls():
        f = call.func
        kind = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
        key = call.args[0] if call.args else None
        keys = (
            [key]
            if isinstance(key, ast.Constant)
            else [key.body, key.orelse]
            if isinstance(key, ast.IfExp)
            else []
        )
        if not all(isinstance(k, ast.Constant) for k in keys) or any(k.arg is None for k in call.keywords):
            continue  # a code chosen at run time, or parameters passed as a mapping
        table = PHRASES if kind == "Phrase" else SENTENCES
        given = {k.arg for k in call.keywords if k.arg != "cards" or kind == "Phrase"}
        for k in keys:
            if given != _fields(table[k.value]):
                bad.append(
                    f"{where}: {k.value} takes {sorted(_fields(table[k.value]))}, given {sorted(given)}"
                )
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("path", replayable(), ids=lambda p: p.stem)
def test_every_corpus_explanation_renders_again_from_its_params(path: Path) -> None:
    """Rendering a replay's explanation from its JSON with another namer raises nothing (every
    field is given); with the judge's namer of its scenario it gives the same text."""
    document = yaml.safe_load(path.read_text(encoding="utf-8"))["scenario"]
    result = replay(document)
    names = judge_names(load_scenario(document))
    for step in result["steps"]:
        for e in step["explanations"]:
            again = from_dict(e)
            render(again, lambda i: f"<{i}>")
            assert render(again, names) == e["text"], (step["n"], e["code"])


def test_no_template_writes_an_article_before_a_field_itself() -> None:
    """ "a {method} Monster" would read "a Xyz Monster": an article before a field is the field's
    `a` spec (`{method:a}`), which picks "a" or "an" by the word it gets."""
    bare = re.compile(r"(?:^|[^\w'])[aA]n? \{")
    assert not [key for key, template in {**SENTENCES, **PHRASES}.items() if bare.search(template)]


@pytest.mark.parametrize(
    ("word", "expected"),
    [("Xyz", "an"), ("X-Head Cannon", "an"), ("EARTH", "an"), ("Ignition", "an"), ("Honest", "an"),
     ("Ultimate Offering", "an"), ("Link", "a"), ("Synchro", "a"), ("Union", "a"), ("one", "a"),
     ('"Elemental HERO"', "an"), ("Token", "a")],
)  # fmt: skip
def test_the_article_follows_the_sound_of_the_word(word: str, expected: str) -> None:
    assert article(word) == expected


def test_an_article_spec_renders_the_right_article() -> None:
    reason = Phrase("procedure_not_met.not_monster", card=Card("A:Sangan", "Sangan"), method="Xyz")
    assert render(explain("summon.procedure_not_met", reason=reason)) == "Sangan is not an Xyz Monster."
    said = render_phrase(
        Phrase("cost_missing.monster_already_paid_for", attribute="EARTH", card=Card("x", "X"))
    )
    assert said.startswith("An EARTH monster already paid for X's effect")
    assert render_phrase(Phrase("done.summon_after", method="Link")) == "a Link Summon follows its resolution"


def test_every_lasting_effect_kind_has_words() -> None:
    """A lasting effect a board names (`Lasting.what`) is said in words on the step pages: each
    kind has its phrase."""
    from engine.state import LASTING_EFFECTS

    assert not [kind for kind in LASTING_EFFECTS if f"lasting_kind.{kind}" not in PHRASES]


# Functions whose returned text is not a sentence of a replay: a selector's words (a value a
# phrase names), and legal's note that the engine itself failed on a half-described card.
_RETURNS_TEXT = {"describe_selector", "_try"}


def test_no_rule_returns_words() -> None:
    """A rule's step title, reason or "done" part is a phrase (a key and parameters), never an
    f-string or a sentence returned as text: the replay's words are all in `engine.explain`."""
    bad = []
    for path, src in SOURCES.items():
        rel = path.relative_to(ENGINE)
        if rel.parts[0] not in ("rules", "operations") and rel.name not in ("replay.py", "verdict.py"):
            continue
        for func in ast.walk(ast.parse(src)):
            if not isinstance(func, ast.FunctionDef) or func.name in _RETURNS_TEXT:
                continue
            for node in ast.walk(func):
                value = node.value if isinstance(node, ast.Return) else None
                words = (
                    isinstance(value, ast.Constant) and isinstance(value.value, str) and " " in value.value
                )
                if isinstance(value, ast.JoinedStr) or words:
                    bad.append(f"{rel}:{node.lineno} ({func.name})")
    assert not bad, "\n".join(sorted(set(bad)))


def test_a_step_title_names_the_moment_players_pass_until() -> None:
    """`at` on an action: the title says the moment in words, never the action's key."""
    case = yaml.safe_load(
        (
            ENGINE.parent / "tests/scenarios/battle-damage-step-damage-calculation-only-its-own.yaml"
        ).read_text()
    )
    titles = [step["summary"] for step in replay(case["scenario"], boards="final", legal="none")["steps"]]
    assert "Both players pass until damage calculation" in titles, titles
    assert not [t for t in titles if "pass until" in t and "_" in t]
