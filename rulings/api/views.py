"""The JSON API: replay a scenario, read the glossary and the card catalog.

Error bodies are the same everywhere: `400 {"errors": [{"path", "message"}]}` for anything
wrong with a request (413, the same shape, for a body over the size limit), `404 {"detail":
"..."}` for something that does not exist. Every body is read within the engine's limits
(`engine.limits`, README "Limits"; `rulings.api.parsers`).
"""

from typing import Any

import yaml
from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponse
from django.middleware.gzip import GZipMiddleware, re_accepts_gzip
from django.utils.cache import patch_vary_headers
from django.utils.text import compress_string
from django.views.decorators.gzip import gzip_page
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.authentication import BasicAuthentication, SessionAuthentication
from rest_framework.decorators import api_view, permission_classes, throttle_classes
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from engine import REPLAY_OPTIONS, textreader
from rulings.api.parsers import read_body, too_large
from rulings.api.renderers import JSONRenderer, to_json
from rulings.api.saved_serializers import (
    ConflictSerializer,
    NewRulingSerializer,
    RulingEditSerializer,
    SavedRulingSerializer,
)
from rulings.api.serializers import (
    CardSerializer,
    DeckRequestSerializer,
    DeckSerializer,
    DetailSerializer,
    ErrorListSerializer,
    GlossaryEntrySerializer,
    ReplaySerializer,
    ScenarioSerializer,
    as_errors,
)
from rulings.api.throttles import costly
from rulings.cards import search
from rulings.cards.decks import DeckProblem, parse_ydk, parse_ydke, resolve
from rulings.cards.models import Card
from rulings.cards.search import STATUSES, SearchProblem, find_card, load_cards, search_ids
from rulings.glossary.models import GlossaryEntry
from rulings.replays.scenarios import (
    ScenarioRejected,
    detect_format,
    format_for_content_type,
    normalize_text,
    replay_bytes,
)
from rulings.saved import store
from rulings.saved.models import SavedRuling

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


JSON_EXAMPLE = yaml.safe_load(YAML_EXAMPLE)


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
        "A document that cannot be replayed is answered 400 with every problem by path; one over a "
        "limit (see the API's description) 400 naming the limit, or 413 for a body that is too large."
    ),
    request={"application/json": ScenarioSerializer, "application/yaml": OpenApiTypes.STR},
    parameters=[
        OpenApiParameter(
            "boards",
            str,
            enum=list(REPLAY_OPTIONS["boards"]),
            default="every",
            description="every: each step carries the whole board; changes: the first step carries "
            "the board and each later one `changes`, a JSON Patch from the step before; final: no "
            "step boards, `final_board` only.",
        ),
        OpenApiParameter(
            "legal",
            str,
            enum=list(REPLAY_OPTIONS["legal"]),
            default="every",
            description="every: each step carries `legal`; last: only the last step; none: no step.",
        ),
    ],
    responses={200: ReplaySerializer, 400: ErrorListSerializer, 413: ErrorListSerializer},
    examples=[
        OpenApiExample("YAML scenario", value=YAML_EXAMPLE, media_type="application/yaml", request_only=True),
        OpenApiExample("JSON scenario", value=JSON_EXAMPLE, media_type="application/json", request_only=True),
    ],
)
@gzip_page  # a long replay is mostly repeated keys: gzip makes it about a tenth as large
@api_view(["POST"])
@throttle_classes(costly("replay"))
def replay(request: Request) -> Response:
    """Read the raw body ourselves: the engine parses it, so its errors carry real paths."""
    options = {name: request.query_params.get(name, "every") for name in ("boards", "legal")}
    wrong = [
        {"path": name, "message": f"expected one of {', '.join(allowed)}"}
        for name, allowed in REPLAY_OPTIONS.items()
        if options[name] not in allowed
    ]
    if wrong:
        return Response(as_errors(wrong), status=status.HTTP_400_BAD_REQUEST)
    raw = read_body(request.stream, request.META.get("CONTENT_LENGTH"))  # TooLarge: 413
    try:
        text = normalize_text(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return _document_error("The body is not UTF-8 text.")
    fmt = format_for_content_type(request.content_type or "") or detect_format(text)
    gzipped = bool(re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", "")))
    try:
        body = replay_bytes(text, fmt, **options, encode=to_json, compress=gzip_json if gzipped else None)
    except ScenarioRejected as rejected:
        return Response(as_errors(rejected.errors), status=rejected.status)
    # DRF has negotiated JSON (else a 406 before this view); the bytes are what its renderer and
    # `gzip_page` would make of the replay, kept by the replay cache as they are sent
    response = HttpResponse(body, content_type=JSONRenderer.media_type)
    patch_vary_headers(response, ["Accept-Encoding"])
    if body.startswith(GZIP_MAGIC):  # gzip_page leaves an encoded answer as it is
        response.headers["Content-Encoding"] = "gzip"
    return response


GZIP_MAGIC = b"\x1f\x8b"  # a JSON text never starts so


def gzip_json(body: bytes) -> bytes:
    """The answer as `gzip_page` compresses it (Django's GZipMiddleware: level 6, a random-length
    file name against BREACH), or the body itself when that is no shorter."""
    if len(body) < 200:
        return body
    packed = compress_string(body, max_random_bytes=GZipMiddleware.max_random_bytes)
    return packed if len(packed) < len(body) else body


class GlossaryList(GenericAPIView):
    """Every glossary entry, by term, a page at a time."""

    queryset = GlossaryEntry.objects.all()
    serializer_class = GlossaryEntrySerializer

    @extend_schema(
        summary="All glossary entries",
        responses={200: GlossaryEntrySerializer(many=True), 400: ErrorListSerializer},  # 400: a bad page
    )
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(GlossaryEntrySerializer(page, many=True).data)


glossary_list = GlossaryList.as_view()


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


def _whole_number(low: int, high: int) -> dict[str, Any]:
    """A query parameter's schema: a whole number the search accepts (rulings/cards/search.py)."""
    return {"type": "integer", "minimum": low, "maximum": high}


class CardList(GenericAPIView):
    """Card search (rulings/cards/search.py), a page at a time."""

    serializer_class = CardSerializer

    @extend_schema(
        summary="Search the card catalog",
        description=(
            "Every card, by name, or those matching the parameters, the best match first: `q` is a "
            "name as a judge types it (case, accents, spaces and punctuation do not matter, a typo "
            "still finds it: `blue eyes`, `maxx c`, `number 39 utopia`) or a passcode of any artwork; "
            "`text` words of the card's text. Paged: `limit` and `offset`."
        ),
        parameters=[
            OpenApiParameter("q", str, description="A name as typed, or a passcode."),
            OpenApiParameter(
                "text", str, description="Words of the card text (imported cards), all of them."
            ),
            OpenApiParameter(
                "type",
                str,
                enum=[*search.CARD_TYPES, *search.SUBTYPES],
                description="monster, spell, trap, or a subtype (xyz, quick-play...).",
            ),
            OpenApiParameter(
                "attribute", str, enum=list(search.ATTRIBUTES), description="The card's Attribute."
            ),
            *(
                OpenApiParameter(
                    name, _whole_number(low, high), description=f"{name.title()} ({low}-{high})."
                )
                for name, _column, low, high in search.NUMBER_FILTERS
            ),
            OpenApiParameter(
                "origin",
                str,
                enum=[Card.WRITTEN, Card.READ, Card.FACTS],
                description="written (engine card file), read (imported) or facts (printed facts only).",
            ),
            OpenApiParameter(
                "legality",
                str,
                enum=["legal", *STATUSES],
                description="The current TCG Forbidden & Limited status; legal: any status a deck may play.",
            ),
        ],
        responses={200: CardSerializer(many=True), 400: ErrorListSerializer},
    )
    def get(self, request: Request) -> Response:
        try:
            ids = search_ids(request.query_params)
        except SearchProblem as problem:
            errors = [{"path": problem.path, "message": problem.message}]
            return Response(as_errors(errors), status=status.HTTP_400_BAD_REQUEST)
        page = self.paginate_queryset(ids)
        return self.get_paginated_response(CardSerializer(load_cards(page), many=True).data)


card_list = CardList.as_view()


# A scenario card id: owner, colon, name, and "#n" for a second copy ("A:Sangan#2").
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


@extend_schema(
    summary="Read a deck (.ydk text or ydke:// link): its cards and its TCG legality",
    description=(
        'Send `{"ydk": "..."}` (the text of a .ydk file) or `{"ydke": "ydke://..."}`. Every '
        "artwork's passcode resolves to its card; a passcode the card database does not know is "
        "listed in `unknown` (its card has no name in `cards`) and the rest of the deck still reads. "
        "`deck` fits a scenario player's `deck: {cards: [...], unknown: 0, shuffled: true}` (a deck "
        "list names the cards, not their order), `extra_deck` its "
        "`extra_deck`. `legality` checks the deck rules (Main Deck 40-60, Extra and Side Deck at "
        "most 15, at most 3 copies of a name) and the current TCG Forbidden & Limited statuses."
    ),
    request=DeckRequestSerializer,
    responses={200: DeckSerializer, 400: ErrorListSerializer, 413: ErrorListSerializer},
)
@api_view(["POST"])
@throttle_classes(costly("decks"))
def deck_read(request: Request) -> Response:
    data = request.data if isinstance(request.data, dict) else None
    given = [key for key in ("ydk", "ydke") if data and key in data]
    if data is None or len(given) != 1:
        message = 'Expected a JSON object with exactly one of "ydk" (.ydk text) or "ydke" (a ydke:// link).'
        return _document_error(message)
    key = given[0]
    if not isinstance(data[key], str):
        errors = [{"path": key, "message": f"Expected text; got {type(data[key]).__name__}."}]
        return Response(as_errors(errors), status=status.HTTP_400_BAD_REQUEST)
    try:
        deck = resolve(parse_ydke(data[key]) if key == "ydke" else parse_ydk(data[key]))
    except DeckProblem as problem:
        errors = [{"path": problem.path, "message": problem.message}]
        return Response(as_errors(errors), status=status.HTTP_400_BAD_REQUEST)
    return Response(deck.as_dict())


# --- the card-text reader (engine/textreader.py)


_SUBTYPE_NAME = {"type": "string", "enum": list(textreader.ALL_SUBTYPES)}


@extend_schema_field({"oneOf": [_SUBTYPE_NAME, {"type": "array", "items": _SUBTYPE_NAME, "minItems": 1}]})
class SubtypeField(serializers.JSONField):
    """A subtype name or a list of them; which fit the kind is the reader's check (a 400 naming them)."""


class ClassifyRequestSerializer(serializers.Serializer):
    """A card's text and type line, for the card-text reader."""

    text = serializers.CharField(
        max_length=textreader.MAX_TEXT,
        help_text="The card's text: monster effects, or the Spell/Trap's text.",
    )
    pendulum_text = serializers.CharField(
        required=False,
        allow_null=True,
        max_length=textreader.MAX_TEXT,
        help_text="Pendulum Monsters only: the Pendulum Effect text.",
    )
    kind = serializers.ChoiceField(choices=list(textreader.KINDS))
    subtype = SubtypeField(help_text=f"One subtype or a list of them: {', '.join(textreader.ALL_SUBTYPES)}.")


class ReasonSerializer(serializers.Serializer):
    rule = serializers.CharField(help_text="The grammar rule's id, or judge-override.")
    explanation = serializers.CharField()
    glossary = serializers.CharField(help_text="Glossary slug.")


class ReadEffectSerializer(serializers.Serializer):
    """One effect as the reader read it; `reasons` has the deciding rule for each field."""

    text = serializers.CharField()
    kind = serializers.ChoiceField(choices=list(textreader.EFFECT_KINDS))
    spell_speed = serializers.ChoiceField(choices=[1, 2, 3], allow_null=True)
    optional = serializers.BooleanField(allow_null=True)
    wording = serializers.ChoiceField(choices=list(textreader.WORDINGS), allow_null=True)
    can_miss_timing = serializers.BooleanField()
    targets = serializers.BooleanField()
    cost = serializers.CharField(allow_null=True)
    condition = serializers.CharField(allow_null=True)
    once_per_turn = serializers.ChoiceField(choices=list(textreader.ONCE_PER_TURN))
    quick_effect = serializers.BooleanField()
    cannot_be_negated = serializers.BooleanField()
    conjunctions = serializers.ListField(child=serializers.ChoiceField(choices=list(textreader.CONJUNCTIONS)))
    part = serializers.ChoiceField(choices=list(textreader.PARTS))
    reasons = serializers.DictField(child=ReasonSerializer())


class ClassifyResponseSerializer(serializers.Serializer):
    effects = ReadEffectSerializer(many=True)


CLASSIFY_FIELDS = ("text", "pendulum_text", "kind", "subtype")


@extend_schema(
    operation_id="cards_classify",
    summary="Read a card's text: its effects and their properties",
    description=(
        "Splits the text into effects (Pendulum Effects first; material lines, flavour text and "
        "card-wide once-per-turn clauses are not effects) and derives each effect's kind, Spell Speed, "
        "timing and parts from the card-text grammar, with the rule that decided each field."
    ),
    request=ClassifyRequestSerializer,
    responses={200: ClassifyResponseSerializer, 400: ErrorListSerializer, 413: ErrorListSerializer},
    examples=[
        OpenApiExample(
            "A trigger effect",
            value={
                "text": "When this card is sent to the GY: You can draw 1 card.",
                "kind": "monster",
                "subtype": "effect",
            },
            request_only=True,
        )
    ],
)
@api_view(["POST"])
@throttle_classes(costly("classify"))
def card_classify(request: Request) -> Response:
    data = request.data
    if not isinstance(data, dict):
        return _document_error('Expected a JSON object with "text", "kind" and "subtype".')
    errors = [{"path": key, "message": "required"} for key in ("text", "kind", "subtype") if key not in data]
    errors += [
        {"path": key[:40], "message": f"unknown field; expected {', '.join(CLASSIFY_FIELDS)}"}
        for key in data
        if key not in CLASSIFY_FIELDS
    ]
    if errors:
        return Response(as_errors(errors), status=status.HTTP_400_BAD_REQUEST)
    try:
        effects = textreader.classify(
            data["text"], kind=data["kind"], subtype=data["subtype"], pendulum_text=data.get("pendulum_text")
        )
    except textreader.ReaderError as error:
        errors = [{"path": error.field, "message": error.message}]
        return Response(as_errors(errors), status=status.HTTP_400_BAD_REQUEST)
    return Response({"effects": effects})


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
    """DRF's handler, with every 400 and 413 body in the `{"errors": [...]}` shape; a body over
    Django's DATA_UPLOAD_MAX_MEMORY_SIZE (RequestDataTooBig, which Django answers 400) is a 413."""
    if isinstance(exc, RequestDataTooBig):
        exc = too_large()
    response = drf_exception_handler(exc, context)
    if response is not None and response.status_code in (400, 413):
        response.data = as_errors(_flatten_errors(response.data))
    return response


# --- saved rulings (rulings/saved/store.py holds what a save does; the pages are in rulings/saved/views.py)


def _new_ruling_errors(data: Any) -> tuple[str, str, str, list[dict[str, str]]]:
    """Title, notes, scenario text from a POST body, and every problem with the body's shape."""
    if not isinstance(data, dict):
        message = "Expected a JSON object with title, notes and scenario."
        return "", "", "", [{"path": "(document)", "message": message}]
    errors = []
    for key in ("title", "notes"):
        if data.get(key) is not None and not isinstance(data[key], str):
            errors.append({"path": key, "message": f"Expected text; got {type(data[key]).__name__}."})
    scenario = data.get("scenario")
    if isinstance(scenario, dict):
        text = store.dump_yaml(scenario)
    elif isinstance(scenario, str):
        text = scenario
    else:
        got = "nothing" if scenario is None else type(scenario).__name__
        message = f"Expected a ygo-scenario/1 document (an object, or its YAML/JSON text); got {got}."
        errors.append({"path": "scenario", "message": message})
        text = ""
    title = data.get("title") if isinstance(data.get("title"), str) else ""
    notes = data.get("notes") if isinstance(data.get("notes"), str) else ""
    return title, notes, text, errors


class RulingList(GenericAPIView):
    """Saved rulings, newest first, a page at a time; a signed-in judge saves a new one."""

    serializer_class = SavedRulingSerializer
    authentication_classes = [SessionAuthentication, BasicAuthentication]
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="List saved rulings",
        description=(
            "Rulings, newest first, filtered by `q` (title and notes), `card` (part of a card name) "
            "and `topic` (glossary slug or term)."
        ),
        parameters=[
            OpenApiParameter("q", str, description="Words in the title or notes."),
            OpenApiParameter("card", str, description="Part of the name of a card on the board."),
            OpenApiParameter("topic", str, description="A glossary slug or term the replay cites."),
        ],
        responses={200: SavedRulingSerializer(many=True), 400: ErrorListSerializer},  # 400: a bad page
    )
    def get(self, request: Request) -> Response:
        filters = {key: request.query_params.get(key, "") for key in ("q", "card", "topic")}
        rulings = store.search(SavedRuling.objects.select_related("author"), **filters)
        page = self.paginate_queryset(rulings)
        context = {"request": request}
        return self.get_paginated_response(SavedRulingSerializer(page, many=True, context=context).data)

    @extend_schema(
        summary="Save a ruling",
        description=(
            "Saves a new ruling for the authenticated user (session or HTTP Basic): the scenario is "
            "replayed first, and a document that does not replay is answered 400 with every problem by path. "
            "Without a signed-in judge (or with wrong credentials) the answer is 403."
        ),
        request=NewRulingSerializer,
        responses={
            201: SavedRulingSerializer,
            400: ErrorListSerializer,
            403: DetailSerializer,
            413: ErrorListSerializer,
        },
        examples=[
            OpenApiExample(
                "A ruling",
                value={"title": "Sangan summoned", "notes": "", "scenario": JSON_EXAMPLE},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        title, notes, snap, errors = _ruling_fields(request.data)
        if errors or snap is None:
            return Response(as_errors(errors), status=status.HTTP_400_BAD_REQUEST)
        ruling = store.save_version(None, title=title, notes=notes, snap=snap, author=request.user)
        data = SavedRulingSerializer(ruling, context={"request": request}).data
        return Response(data, status=status.HTTP_201_CREATED, headers={"Location": data["permalink"]})


ruling_list = RulingList.as_view()


def _ruling_fields(data: Any) -> tuple[str, str, store.Snapshot | None, list[dict[str, str]]]:
    """Title, notes and the replayed scenario of a POST or PUT body, or every problem with it."""
    title, notes, text, errors = _new_ruling_errors(data)
    snap = None
    try:
        notes = store.check_notes(notes)
    except ScenarioRejected as rejected:
        errors += rejected.errors
    if text:
        try:
            snap = store.snapshot(text)
            title = store.choose_title(title, snap)
        except ScenarioRejected as rejected:
            own = [e for e in rejected.errors if e["path"] in ("title", "notes")]
            errors += own + store.prefix_errors([e for e in rejected.errors if e not in own], "scenario")
    return title, notes, snap, errors


@extend_schema(
    methods=["GET"],
    summary="One saved ruling, by slug",
    responses={200: SavedRulingSerializer, 404: DetailSerializer},
)
@extend_schema(
    methods=["PUT"],
    summary="Save a new version of a ruling (its author only)",
    description=(
        "PUT saves a new version for the ruling's author. `version` names the version the edit "
        "started from: if a newer one was saved since, the answer is 409 with the ruling as it "
        "stands (`current`) and nothing is saved; the client shows both and sends again with "
        "`version` set to the newest, if it still wants its edit."
    ),
    request=RulingEditSerializer,
    responses={
        200: SavedRulingSerializer,
        400: ErrorListSerializer,
        413: ErrorListSerializer,
        403: DetailSerializer,
        404: DetailSerializer,
        409: ConflictSerializer,
    },
)
@api_view(["GET", "PUT"])
@permission_classes([IsAuthenticatedOrReadOnly])
def ruling_detail(request: Request, slug: str) -> Response:
    ruling = SavedRuling.objects.select_related("author").filter(slug=slug).first()
    if ruling is None:
        raise NotFound(f"No saved ruling '{slug}'.")
    context = {"request": request}
    if request.method == "GET":
        return Response(SavedRulingSerializer(ruling, context=context).data)
    if ruling.author_id != request.user.pk:
        raise PermissionDenied("Only the ruling's author saves new versions of it.")
    title, notes, snap, errors = _ruling_fields(request.data)
    based_on = request.data.get("version") if isinstance(request.data, dict) else None
    if not isinstance(based_on, int) or isinstance(based_on, bool) or based_on < 1:
        errors.append({"path": "version", "message": "Expected the version this edit started from."})
    if errors or snap is None:
        return Response(as_errors(errors), status=status.HTTP_400_BAD_REQUEST)
    try:
        ruling = store.save_version(
            ruling, title=title, notes=notes, snap=snap, author=request.user, based_on=based_on
        )
    except store.Conflict as conflict:
        current = conflict.current
        message = f"Version {current.version} was saved since version {based_on}; nothing was saved."
        body = {**as_errors([{"path": "version", "message": message}])}
        body["current"] = SavedRulingSerializer(current, context=context).data
        return Response(body, status=status.HTTP_409_CONFLICT)
    return Response(SavedRulingSerializer(ruling, context=context).data)
