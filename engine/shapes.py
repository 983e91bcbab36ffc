"""The shapes of what the engine reads from outside (scenario documents, card files), each
declared once as a msgspec Struct (`Shape`), and `read`, the one way data becomes one.

Two libraries, each where it is best:
- **msgspec** reads: it imports in a few milliseconds and checks a card or an action in
  microseconds, strictly (only the exact types: a number is an int, never "5").
- **pydantic** words the problems: when msgspec refuses, the same data is validated by a pydantic
  model derived from the Struct (`_model`), which lists every problem with its path and its
  words, as the documents' and card files' errors have always been worded (the tests and the
  API's 400s pin them). pydantic is imported only then: a replay of a good document never loads it.

What msgspec's strict mode accepts, pydantic's lax mode accepts too, as the same value, so the fast
pass never lets through what pydantic would refuse. pydantic also accepts a little more ("5" for
a number, `true` given as "yes"): such data is read through pydantic's result, as before.

A Shape may give `before` (the long form a short one stands for: a bare card name for
`{card: name}`), applied before either library checks it, and `check` (a rule across fields,
raising ValueError), run after both. The few parts of pydantic's model API that the rules call
(`model_construct`, `model_copy`, `model_validate`) are kept on `Shape`.
"""

from __future__ import annotations

import functools
import types
import typing
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

import msgspec

S = TypeVar("S", bound="Shape")


class ShapeError(ValueError):
    """Data that does not fit its shape; `errors()` lists every problem as pydantic's
    `ValidationError.errors()` does (type, loc, msg, input, ctx)."""

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__("; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in errors))
        self._errors = errors

    def errors(self) -> list[dict[str, Any]]:
        return self._errors


class Shape(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A shape: frozen, unknown keys refused. Each subclass says `kw_only=True` (msgspec does not
    pass it on), so required fields may follow optional ones, as the documents list them."""

    @classmethod
    def before(cls, value: Any) -> Any:
        """The long form of a short one, applied to the raw data before it is checked."""
        return value

    @classmethod
    def model_construct(cls: type[S], **fields: Any) -> S:
        """Built from fields the engine made, not checked (pydantic's name, which the rules use)."""
        return cls(**fields)

    def model_copy(self: S, *, update: dict[str, Any]) -> S:
        """A copy with some fields changed, not checked again."""
        return msgspec.structs.replace(self, **update)

    @classmethod
    def model_validate(cls: type[S], data: Any) -> S:
        """`read(cls, data)`: raises ShapeError."""
        return read(cls, data)


def read(shape: type[S], data: Any) -> S:
    """`data` as a `shape`, or ShapeError listing every problem."""
    try:
        return msgspec.convert(_prepared(shape, data), shape)
    except msgspec.ValidationError:
        pass
    import pydantic  # only now: the problems' words (module docstring)

    try:
        model = _model(shape).model_validate(data)
    except pydantic.ValidationError as err:
        raise ShapeError(err.errors()) from None
    # pydantic accepted what msgspec did not ("5" for 5): its result, in exact types
    return msgspec.convert(model.model_dump(by_alias=True), shape)


def to_data(value: Any) -> Any:
    """A shape as plain data, by its document keys (`def`, not `def_`), leaving out the fields
    that are None (as pydantic's `model_dump(by_alias=True, exclude_none=True)`)."""
    if isinstance(value, Shape):
        out = {}
        for name, key in _keys(type(value)):
            item = getattr(value, name)
            if item is not None:
                out[key] = to_data(item)
        return out
    if isinstance(value, (list, tuple)):
        return [to_data(item) for item in value]
    if isinstance(value, dict):
        return {key: to_data(item) for key, item in value.items()}
    return value


@functools.cache
def _keys(shape: type[Shape]) -> tuple[tuple[str, str], ...]:
    return tuple((f.name, f.encode_name) for f in msgspec.structs.fields(shape))


# --------------------------------------------------------------------------- short forms
@functools.cache
def _has_before(shape: type[Shape]) -> bool:
    return shape.before.__func__ is not Shape.before.__func__  # type: ignore[attr-defined]


@functools.cache
def _plan(shape: type[Shape]) -> tuple[tuple[str, bool, type[Shape]], ...]:
    """The fields whose value holds a shape with a `before` (at any depth): (key, is a list,
    the shape). Such a shape may stand alone, optional, or in a list; anything else is refused
    here, when the shape is first read, rather than read wrongly."""
    out = []
    for f in msgspec.structs.fields(shape):
        found = _shapes_in(f.type)
        needing = [s for s in found if _has_before(s) or _plan(s)]
        if not needing:
            continue
        inner, many = _unwrapped(f.type)
        if inner not in needing or len(found) > 1:
            raise TypeError(f"{shape.__name__}.{f.name}: a shape with a short form must stand alone, "
                            "optional, or in a list")  # fmt: skip
        out.append((f.encode_name, many, inner))
    return tuple(out)


def _prepared(shape: type[Shape], data: Any) -> Any:
    """`data` with each short form of `shape` and its parts written out."""
    if _has_before(shape):
        data = shape.before(data)
    plan = _plan(shape)
    if not plan or not isinstance(data, dict):
        return data
    out = data
    for key, many, inner in plan:
        value = data.get(key)
        if value is None:
            continue
        if many:
            if not isinstance(value, list):
                continue
            value = [_prepared(inner, item) for item in value]
        else:
            value = _prepared(inner, value)
        if out is data:
            out = dict(data)
        out[key] = value
    return out


def _shapes_in(kind: Any) -> list[type[Shape]]:
    if isinstance(kind, type) and issubclass(kind, Shape):
        return [kind]
    return [s for arg in get_args(kind) for s in _shapes_in(arg)]


def _unwrapped(kind: Any) -> tuple[Any, bool]:
    """X, X | None -> (X, False); list[X] -> (X, True)."""
    if get_origin(kind) is list:
        return get_args(kind)[0], True
    if _is_union(kind):
        members = [arg for arg in get_args(kind) if arg is not type(None)]
        if len(members) == 1:
            return members[0], False
    return kind, False


def _is_union(kind: Any) -> bool:
    return get_origin(kind) in (Union, types.UnionType)


# --------------------------------------------------------------------------- pydantic's words
@functools.cache
def _model(shape: type[Shape]) -> Any:
    """The pydantic model of a shape: same name (pydantic's messages name it), fields, keys,
    defaults, bounds, `before` and `check`, so it words a problem as a hand-written one did."""
    import pydantic

    namespace: dict[str, Any] = {
        "__module__": shape.__module__,
        "__doc__": shape.__doc__,
        "__annotations__": {},
        "model_config": pydantic.ConfigDict(extra="forbid", populate_by_name=True, defer_build=True),
    }
    for f in msgspec.structs.fields(shape):
        kind, bounds = _bounds(f.type)
        options: dict[str, Any] = dict(bounds)
        if f.encode_name != f.name:
            options["alias"] = f.encode_name
        if f.default is not msgspec.NODEFAULT:
            options["default"] = f.default
        elif f.default_factory is not msgspec.NODEFAULT:
            factory = f.default_factory
            options["default_factory"] = _model(factory) if _is_shape(factory) else factory
        namespace["__annotations__"][f.name] = _pydantic_type(kind)
        namespace[f.name] = pydantic.Field(**options)
    if _has_before(shape):
        namespace["_before"] = pydantic.model_validator(mode="before")(
            classmethod(lambda cls, value: shape.before(value))
        )
    check = getattr(shape, "check", None)
    if check is not None:

        def _check(self: Any) -> Any:
            check(self)
            return self

        namespace["_check"] = pydantic.model_validator(mode="after")(_check)
    return types.new_class(shape.__name__, (pydantic.BaseModel,), {}, lambda ns: ns.update(namespace))


def _is_shape(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, Shape)


def _bounds(kind: Any) -> tuple[Any, dict[str, Any]]:
    """A field's type without its bounds (msgspec.Meta), and the bounds, which pydantic takes on
    the field (`Field(ge=0)`), where its own declarations had them."""
    if get_origin(kind) is Annotated:
        inner, *metas = get_args(kind)
        return inner, _meta(metas)
    if _is_union(kind):
        bounds: dict[str, Any] = {}
        members = []
        for arg in get_args(kind):
            if get_origin(arg) is Annotated:
                inner, *metas = get_args(arg)
                bounds.update(_meta(metas))
                arg = inner
            members.append(arg)
        return Union[tuple(members)], bounds  # noqa: UP007 - built from a list
    return kind, {}


def _meta(metas: list[Any]) -> dict[str, Any]:
    out = {}
    for meta in metas:
        for name in ("ge", "le", "min_length"):
            value = getattr(meta, name, None)
            if value is not None:
                out[name] = value
    return out


def _pydantic_type(kind: Any) -> Any:
    """A msgspec type for pydantic: each shape by its model."""
    if _is_shape(kind):
        return _model(kind)
    origin = get_origin(kind)
    if origin is None or origin is Literal:
        return kind
    args = tuple(_pydantic_type(arg) for arg in get_args(kind))
    if origin in (Union, types.UnionType):
        return Union[args]  # noqa: UP007 - built from a tuple
    if origin is Annotated:
        import pydantic

        return Annotated[args[0], pydantic.Field(**_meta(list(get_args(kind)[1:])))]
    return typing.cast(Any, origin)[args if len(args) > 1 else args[0]]
