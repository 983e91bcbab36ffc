"""The JSON API: replay a scenario, read the glossary and the card catalog.

Error bodies are the same everywhere: `400 {"errors": [{"path", "message"}]}` for anything
wrong with a request, `404 {"detail": "..."}` for something that does not exist.
"""

import re
from typing import Any

from django.core.exceptions import RequestDataTooBig
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from rulings.models import Card, GlossaryEntry
from rulings.scenarios import (
    ScenarioRejected,
    detect_format,
    format_for_content_type,
    normalize_text,
    replay_text,
)
from rulings.serializers import (
    CardSerializer,
    DetailSerializer,
    ErrorListSerializer,
    GlossaryEntrySerializer,
    ReplaySerializer,
    ScenarioSerializer,
    as_errors,
)

YAML_EXAMPLE = """format: ygo-scenario/1
board:
  turn: 2
  turn_player: A
  phase: main1
  players:
    A: {hand: [Sangan], deck: 30, monsters: [], spell_traps: []}
    B: {hand: [], deck: 30, monsters: [], spell_traps: []}
actions:
  - {player: A, do: normal_summon, card: "A:Sangan", position: attack}
"""


def _document_error(message: str) -> Response:
    return Response(
        as_errors([{"path": "(document)", "message": message}]), status=status.HTTP_400_BAD_REQUEST
    )


@extend_schema(
    operation_id="replay",
    summary="Replay a scenario",
    description=(
        "Send a ygo-scenario/1 document as JSON (`application/json`) or YAML "
        "(`application/yaml`, `text/yaml`, `application/x-yaml`). Without one of those "
        "Content-Types the body is read as JSON if it starts with `{`, else as YAML. "
        "A document that cannot be replayed is answered 400 with every problem by path."
    ),
    request={"application/json": ScenarioSerializer, "application/yaml": OpenApiTypes.STR},
    responses={200: ReplaySerializer, 400: ErrorListSerializer},
    examples=[OpenApiExample("YAML scenario", value=YAML_EXAMPLE, media_type="application/yaml")],
)
@api_view(["POST"])
def replay(request: Request) -> Response:
    """Read the raw body ourselves: the engine parses it, so its errors carry real paths."""
    try:
        raw = request.body
    except RequestDataTooBig:
        return _document_error("The scenario is too large.")
    try:
        text = normalize_text(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return _document_error("The body is not UTF-8 text.")
    fmt = format_for_content_type(request.content_type or "") or detect_format(text)
    try:
        result = replay_text(text, fmt)
    except ScenarioRejected as rejected:
        return Response(as_errors(rejected.errors), status=status.HTTP_400_BAD_REQUEST)
    return Response(result)


@extend_schema(summary="All glossary entries", responses={200: GlossaryEntrySerializer(many=True)})
@api_view(["GET"])
def glossary_list(request: Request) -> Response:
    entries = GlossaryEntry.objects.all()
    return Response(GlossaryEntrySerializer(entries, many=True).data)


@extend_schema(
    summary="One glossary entry, by slug",
    responses={200: GlossaryEntrySerializer, 404: DetailSerializer},
)
@api_view(["GET"])
def glossary_detail(request: Request, slug: str) -> Response:
    entry = GlossaryEntry.objects.filter(slug=slug).first()
    if entry is None:
        raise NotFound(f"No glossary entry with slug '{slug}'.")
    return Response(GlossaryEntrySerializer(entry).data)


@extend_schema(
    summary="Search the card catalog",
    parameters=[OpenApiParameter("q", str, description="Part of a card name (case-insensitive).")],
    responses={200: CardSerializer(many=True)},
)
@api_view(["GET"])
def card_list(request: Request) -> Response:
    cards = Card.objects.all()
    query = request.query_params.get("q", "").strip()
    if query:
        cards = cards.filter(name__icontains=query)
    return Response(CardSerializer(cards, many=True).data)


# A scenario card id: owner, colon, name, and "#n" for a second copy ("A:Sangan#2").
SCENARIO_ID = re.compile(r"[AB]:(?P<name>.+?)(?:#\d+)?")


def find_card(key: str) -> Card | None:
    """A card by database id, by name (any case), or by a scenario id such as `A:Sangan#2`."""
    if key.isdigit() and (card := Card.objects.filter(pk=int(key)).first()):
        return card
    names = [key]
    if match := SCENARIO_ID.fullmatch(key):
        names.append(match["name"])
    for name in names:
        if card := Card.objects.filter(name__iexact=name).first():
            return card
    return None


@extend_schema(
    summary="One card, by name, id or scenario id",
    responses={200: CardSerializer, 404: DetailSerializer},
)
@api_view(["GET"])
def card_detail(request: Request, key: str) -> Response:
    card = find_card(key)
    if card is None:
        raise NotFound(f"No card named '{key}'.")
    return Response(CardSerializer(card).data)


@extend_schema(exclude=True)
@api_view(["GET", "POST", "PUT", "PATCH", "DELETE"])
def no_such_endpoint(request: Request) -> Response:
    raise NotFound(f"No API endpoint at {request.path}.")


def _flatten_errors(data: Any, path: str = "") -> list[dict[str, str]]:
    """DRF's nested error details as the API's flat `{"path", "message"}` list."""
    if isinstance(data, dict):
        if set(data) == {"detail"}:
            return _flatten_errors(data["detail"], path)
        return [
            error
            for key, value in data.items()
            for error in _flatten_errors(value, f"{path}.{key}" if path else str(key))
        ]
    if isinstance(data, list):
        errors: list[dict[str, str]] = []
        for index, item in enumerate(data):
            item_path = path if isinstance(item, str) else f"{path}[{index}]"
            errors.extend(_flatten_errors(item, item_path))
        return errors
    return [{"path": path or "(document)", "message": str(data)}]


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, with every 400 body rewritten to the `{"errors": [...]}` shape."""
    response = drf_exception_handler(exc, context)
    if response is not None and response.status_code == status.HTTP_400_BAD_REQUEST:
        response.data = as_errors(_flatten_errors(response.data))
    return response
