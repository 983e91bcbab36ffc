"""The apps of `rulings/` import each other one way only (see ARCHITECTURE.md, "rulings/").

An app may import the apps of the layers below its own, never one beside or above it; none
imports the project package's own modules (settings, urls). A model an app needs from above
(the card page lists the saved rulings naming the card) is looked up by label, not imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

RULINGS = Path(__file__).parents[1] / "rulings"
# Top to bottom: each app may import those of the later layers.
LAYERS = [("workspace", "api"), ("saved",), ("replays",), ("cards",), ("glossary",)]
LAYER_OF = {app: depth for depth, apps in enumerate(LAYERS) for app in apps}
PROJECT_MODULES = {"__init__", "apps", "settings", "urls", "wsgi", "middleware"}


def _imported_modules(path: Path) -> list[str]:
    """Every module a file imports, `from rulings import x` counted as `rulings.x`."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append(node.module)
            if node.module == "rulings":
                out += [f"rulings.{alias.name}" for alias in node.names]
    return out


def test_apps_import_only_the_layers_below() -> None:
    offenders = []
    for app, depth in LAYER_OF.items():
        for path in (RULINGS / app).rglob("*.py"):
            for module in _imported_modules(path):
                parts = module.split(".")
                if parts[0] != "rulings" or len(parts) < 2 or parts[1] == app:
                    continue
                target = parts[1]
                if target not in LAYER_OF or LAYER_OF[target] <= depth:
                    offenders.append(f"{path.relative_to(RULINGS)}: {module}")
    assert not offenders


def test_every_module_belongs_to_an_app_or_the_project() -> None:
    strays = [path.name for path in RULINGS.glob("*.py") if path.stem not in PROJECT_MODULES]
    apps = {path.name for path in RULINGS.iterdir() if (path / "apps.py").is_file()}
    assert not strays
    assert apps == set(LAYER_OF)
