"""The engine's layers import one way: base, then card definitions and their vocabularies, then
the rules, then the replay driver, then the public API. Each module imports only its own layer
or lower ones, and no module imports another that (at any depth) imports it back.

The graph is read from the source with `ast`: module-level and function-level imports both
count; imports under `if TYPE_CHECKING:` (type hints only) do not."""

from __future__ import annotations

import ast
from fnmatch import fnmatch
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "engine"

# Lowest first. A pattern names a module or, with `*`, the modules of a package.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    # what everything reads: errors and explanation codes, the game state, the document's shape
    ("base", ("engine.errors", "engine.explain", "engine.state", "engine.document", "engine.yamlio",
              "engine.limits", "engine.catalog_cache", "engine.shapes")),
    # the card-file schema, the registries of the words a card file names, the card-text reader
    ("definitions", ("engine.cards", "engine.vocabulary", "engine.textreader", "engine.textreader.*")),
    # the rules and the vocabularies' implementations (registered into the registries)
    ("rules", ("engine.tx", "engine.refs", "engine.rules", "engine.rules.*",
               "engine.operations", "engine.operations.*")),
    # a document into a first Game, the fold of actions, a board back out, the checked catalog
    ("driver", ("engine.scenario", "engine.replay", "engine.verdict", "engine.serialize", "engine.changes",
                "engine.catalog", "engine.fork")),
    ("public", ("engine", "engine.api", "engine.__main__")),
]  # fmt: skip


def _modules() -> dict[str, Path]:
    found = {}
    for path in ENGINE.rglob("*.py"):
        parts = path.relative_to(ENGINE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = _modules()


def _layer(module: str) -> int | None:
    for rank, (_name, patterns) in enumerate(LAYERS):
        if any(fnmatch(module, p) for p in patterns):
            return rank
    return None


def _resolve(name: str) -> str | None:
    """The engine module an imported name belongs to (`engine.rules.chain.activate` -> the module)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports(module: str, path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for inner in ast.walk(node)
    }
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*parent, *([node.module] if node.module else [])])
            names = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for name in names:
            target = _resolve(name) if name.split(".")[0] == "engine" else None
            # `from engine.rules import chain` names both; the package itself counts only if
            # nothing more precise was named (a submodule's own package is not an import)
            if target and target != module and not module.startswith(target + "."):
                found.add(target)
    return found


GRAPH = {module: _imports(module, path) for module, path in MODULES.items()}


def test_every_engine_module_has_a_layer() -> None:
    assert [m for m in sorted(MODULES) if _layer(m) is None] == []


def test_no_import_cycle() -> None:
    try:
        tuple(TopologicalSorter(GRAPH).static_order())
    except CycleError as err:
        pytest.fail(f"import cycle: {' -> '.join(err.args[1])}")


def test_each_module_imports_its_own_layer_or_lower() -> None:
    upward = [
        f"{module} ({LAYERS[_layer(module) or 0][0]}) imports {target} ({LAYERS[_layer(target) or 0][0]})"
        for module, targets in sorted(GRAPH.items())
        for target in sorted(targets)
        if (_layer(target) or 0) > (_layer(module) or 0)
    ]
    assert upward == []


def test_the_graph_sees_function_level_imports() -> None:
    """The reader itself: a function-level import counts, a TYPE_CHECKING one does not."""
    assert "engine.rules.duel" in GRAPH["engine.rules.lasting_moments"]  # imported inside functions
    assert "engine.tx" not in GRAPH["engine.rules.chain"]  # only under TYPE_CHECKING
