"""Reading YAML: libyaml's C parser when PyYAML was built with it, else PyYAML's own.

`load` is for the engine's own files (card files, the glossary, examples): the safe loader,
fully in C where it can be, about eight times faster than PyYAML's own. `load_document` is for
text from outside: the same safe constructor, but a composer that refuses an anchor or alias
and nesting past the depth limit as it meets them, before anything is built (a few hundred bytes
of nested aliases otherwise build a structure whose printing or checking takes gigabytes). Only
the composing moves to Python; it costs about a quarter more than the C loader.
"""

from __future__ import annotations

import re
import sys
from types import ModuleType
from typing import IO, Any

# What PyYAML's pure-Python reader compiles as its class is made: a pattern over all of Unicode
_NON_PRINTABLE = "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"


class _LazyPattern:
    """A pattern compiled when first used."""

    def __init__(self, pattern: str, flags: int) -> None:
        self._args = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:
            self._compiled = re.compile(*self._args)
        return getattr(self._compiled, name)


def _import_yaml() -> ModuleType:
    """PyYAML, without compiling up front the one pattern only its pure-Python reader uses.

    Importing PyYAML makes all its pure-Python classes, and the body of its `Reader` compiles a
    pattern over all of Unicode (`NON_PRINTABLE`): about a tenth of a cold `python -m engine
    replay`. The C loaders this module uses never read it. While PyYAML is imported, that one
    pattern (compared whole) is made lazy; every other `re.compile` is the real one, and the pure-
    Python reader (`yaml.safe_load`) compiles it when first it reads."""
    if "yaml" in sys.modules:
        return sys.modules["yaml"]
    compile_ = re.compile

    def compile_lazily(pattern: Any, flags: int = 0) -> Any:
        if pattern == _NON_PRINTABLE and not flags:
            return _LazyPattern(pattern, flags)
        return compile_(pattern, flags)

    re.compile = compile_lazily  # type: ignore[assignment]
    try:
        import yaml
    finally:
        re.compile = compile_
    return yaml


yaml = _import_yaml()

from yaml.composer import Composer  # noqa: E402
from yaml.constructor import SafeConstructor  # noqa: E402
from yaml.events import AliasEvent, MappingStartEvent, SequenceStartEvent  # noqa: E402
from yaml.nodes import MappingNode, Node, SequenceNode  # noqa: E402
from yaml.resolver import Resolver  # noqa: E402

SafeLoader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
try:
    from yaml.cyaml import CParser as _Parser  # libyaml's parser, when PyYAML was built with it
except ImportError:  # pragma: no cover - PyYAML without libyaml: its own (a full loader)
    _Parser = yaml.SafeLoader


def load(text: str | bytes | IO[str] | IO[bytes]) -> Any:
    """`yaml.safe_load`, through the fastest safe loader at hand (trusted files only)."""
    return yaml.load(text, Loader=SafeLoader)  # noqa: S506 - a safe loader, C or Python


class _PlainDumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """Writes a value shared by two places twice, never as an anchor and alias: what this
    project writes, `load_document` must read back."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def dump(data: Any, **options: Any) -> str:
    """`yaml.safe_dump` without anchors or aliases (plain data: no cycles)."""
    return yaml.dump(data, Dumper=_PlainDumper, **options)


class Refused(yaml.YAMLError):
    """Text that is valid YAML but asks for what a document may not have; `limit` names which."""

    def __init__(self, message: str, limit: str, mark: Any = None) -> None:
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
        super().__init__(message + where)
        self.limit = limit


class _DocumentLoader(_Parser, Composer, SafeConstructor, Resolver):  # type: ignore[misc, valid-type]
    """The C parser's events, composed here so each node is checked before it is built."""

    max_depth = 32

    def __init__(self, stream: str) -> None:
        _Parser.__init__(self, stream)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self.depth = 0

    # the C parser has its own composer; these take precedence over it (Composer's, checked)
    get_single_node = Composer.get_single_node
    compose_document = Composer.compose_document

    def compose_node(self, parent: Node | None, index: Any) -> Node:
        event = self.peek_event()
        if isinstance(event, AliasEvent) or event.anchor is not None:
            raise Refused(
                "YAML anchors and aliases (&name, *name) are not accepted: a scenario never needs "
                "them; write each value out",
                "aliases",
                event.start_mark,
            )
        if not isinstance(event, (MappingStartEvent, SequenceStartEvent)):
            return Composer.compose_node(self, parent, index)
        self.depth += 1
        if self.depth > self.max_depth:
            raise Refused(
                f"nested deeper than the limit of {self.max_depth} levels (depth)", "depth", event.start_mark
            )
        node = Composer.compose_node(self, parent, index)
        self.depth -= 1
        return node


def load_document(text: str, max_depth: int) -> Any:
    """A document from outside: plain data only, no anchors or aliases, at most `max_depth`
    levels of lists and mappings. Raises `Refused`, or another `yaml.YAMLError` for bad YAML.

    Text with no `&` and no `*` anywhere can hold no anchor or alias: it is composed by libyaml
    (in C, with its own bound of 1,000 levels), its depth checked on the nodes, then built; the
    rest is composed here, each node checked before it is made (`_DocumentLoader`). Both give the
    same data and the same refusals."""
    plain = (b"&" if isinstance(text, bytes) else "&") not in text and (
        (b"*" if isinstance(text, bytes) else "*") not in text
    )
    loader = SafeLoader(text) if plain and SafeLoader is not yaml.SafeLoader else _DocumentLoader(text)
    loader.max_depth = max_depth
    try:
        if isinstance(loader, _DocumentLoader):
            return loader.get_single_data()
        node = loader.get_single_node()
        if node is None:
            return None
        _check_depth(node, max_depth)
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as err:  # libyaml's own bound (1,000 levels), met reading ahead
        if "nesting depth" not in str(err.problem):
            raise
        message = f"nested deeper than the limit of {max_depth} levels (depth)"
        raise Refused(message, "depth", err.problem_mark) from None
    finally:
        loader.dispose()


def _check_depth(root: Node, max_depth: int) -> None:
    """Refuse the first list or mapping, in document order, nested past `max_depth` levels (as
    `_DocumentLoader` does while composing)."""
    stack: list[tuple[Node, int]] = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, SequenceNode):
            children = node.value
        elif isinstance(node, MappingNode):
            children = [part for pair in node.value for part in pair]
        else:
            continue
        depth += 1
        if depth > max_depth:
            raise Refused(
                f"nested deeper than the limit of {max_depth} levels (depth)", "depth", node.start_mark
            )
        stack.extend((child, depth) for child in reversed(children))
