"""The engine is a library on its own: nothing under engine/ imports Django or the app."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).parents[2] / "engine"
FORBIDDEN = ("django", "rest_framework", "rulings", "drf_spectacular", "django_htmx")


def test_engine_imports_no_web_code() -> None:
    offenders = []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert not offenders
