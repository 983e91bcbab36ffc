"""Saved rulings without HTTP: what a save records, versions, stale checks, export and import.

A saved ruling keeps the verdict the engine gave when it was saved (result, one line in words,
and a digest of every step). Opening it replays the text again; if the engine now says
something else, `compare` lists what changed, so a judge sees both and can decide.
"""

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet

from engine import yamlio
from engine.errors import DocumentError
from engine.limits import TooLarge
from engine.scenario import load_scenario, read_data
from engine.serialize import board_to_dict
from rulings.cards.plain_text import control_character
from rulings.glossary.models import GlossaryEntry
from rulings.replays.cache import ReplayCache
from rulings.replays.display import result_text
from rulings.replays.scenarios import ErrorList, ScenarioRejected, detect_format, normalize_text, replay_text
from rulings.saved.models import RulingVersion, SavedRuling

RULING_FORMAT = "duel-arbiter-ruling/1"
SCENARIO_FORMAT = "ygo-scenario/1"
WRAPPER_KEYS = {"format", "title", "notes", "cards", "topics", "verdict", "scenario"}
MAX_TITLE = 200
MAX_NOTES = 20_000


@dataclass
class Snapshot:
    """A scenario text with everything a save stores about its replay."""

    text: str
    fmt: str
    result: dict[str, Any]
    verdict: str
    steps: list[dict[str, Any]]
    cards: list[str]
    topics: list[str]
    title: str | None = None  # the document's own title, a fallback for the ruling's

    def fields(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "fmt": self.fmt,
            "result": self.result,
            "verdict": self.verdict,
            "steps": self.steps,
            "cards": self.cards,
            "topics": self.topics,
        }


def step_digest(replay: dict[str, Any]) -> list[dict[str, Any]]:
    """Each step's number, accepted flag, summary and explanation codes: what a verdict is."""
    return [
        {
            "n": step.get("n"),
            "accepted": bool(step.get("accepted", True)),
            "summary": str(step.get("summary") or ""),
            "codes": [str(e.get("code")) for e in step.get("explanations") or []],
        }
        for step in replay.get("steps") or []
    ]


def verdict_line(replay: dict[str, Any]) -> str:
    """The outcome in one line: who won (if anyone), the final LP, and which steps were illegal."""
    result = replay.get("result") or {}
    head = (
        result_text(result).rstrip(".") if result.get("winner") or result.get("draw") else "The duel goes on"
    )
    players = (replay.get("final_board") or {}).get("players") or {}
    lp = ", ".join(f"{name} {players[name].get('lp')}" for name in ("A", "B") if name in players)
    steps = replay.get("steps") or []
    line = f"{head}: LP {lp} after {len(steps)} step{'' if len(steps) == 1 else 's'}"
    illegal = [str(s.get("n")) for s in steps if not s.get("accepted", True)]
    if illegal:
        line += f"; illegal: step{'' if len(illegal) == 1 else 's'} {', '.join(illegal)}"
    return line + "."


def _unique(values: list[str]) -> list[str]:
    return list(dict.fromkeys(v for v in values if v))


def _names(node: Any) -> list[str]:
    """Every `card` name in a serialized board, in board order."""
    if isinstance(node, dict):
        own = [node["card"]] if isinstance(node.get("card"), str) else []
        return own + [name for value in node.values() for name in _names(value)]
    if isinstance(node, list):
        return [name for item in node for name in _names(item)]
    return []


def start_board(document: dict[str, Any]) -> dict[str, Any]:
    """The board as the document sets it up, every card as an object with its id (imported cards
    included: their definitions come from the database, as in a replay)."""
    from rulings.cards.importing import add_imported_cards

    return board_to_dict(load_scenario(add_imported_cards(document)).game.board)


def snapshot(text: str, fmt: str | None = None, with_cards: bool = True) -> Snapshot:
    """Replay a scenario text and record its verdict; raises ScenarioRejected if it cannot."""
    text = normalize_text(text)
    fmt = fmt or detect_format(text)
    replay = replay_text(text, fmt)
    cards = _names(start_board(document_of(text, fmt)).get("players")) if with_cards else []
    topics = [s for step in replay.get("steps") or [] for e in step.get("explanations") or []
              for s in e.get("glossary") or []]  # fmt: skip
    return Snapshot(
        text=text,
        fmt=fmt,
        result=dict(replay.get("result") or {}),
        verdict=verdict_line(replay),
        steps=step_digest(replay),
        cards=_unique(cards),
        topics=_unique(topics),
        title=replay.get("title"),
    )


def choose_title(title: str, snap: Snapshot) -> str:
    """The judge's title, else the document's own; ScenarioRejected (path `title`) if neither."""
    title = " ".join(title.split()) or " ".join(str(snap.title or "").split())
    if not title:
        raise ScenarioRejected([{"path": "title", "message": "Give the ruling a title."}])
    if len(title) > MAX_TITLE:
        message = f"The title has {len(title)} characters; at most {MAX_TITLE} are allowed."
        raise ScenarioRejected([{"path": "title", "message": message}])
    if problem := control_character(title):
        raise ScenarioRejected([{"path": "title", "message": f"The title {problem}."}])
    return title


def check_notes(notes: str) -> str:
    notes = normalize_text(notes).strip()
    if len(notes) > MAX_NOTES:
        message = f"The notes have {len(notes)} characters; at most {MAX_NOTES} are allowed."
        raise ScenarioRejected([{"path": "notes", "message": message}])
    if problem := control_character(notes):
        raise ScenarioRejected([{"path": "notes", "message": f"The notes {problem}."}])
    return notes


class Conflict(Exception):
    """A save based on an older version than the newest: nothing was saved. `current` is the ruling
    as it stands (its newest version), so the judge can see both and choose."""

    def __init__(self, current: SavedRuling, based_on: int | None) -> None:
        super().__init__(f"{current.slug}: version {current.version} is newer than {based_on}")
        self.current = current
        self.based_on = based_on


@transaction.atomic  # IMMEDIATE (settings): holds the write lock from here, so saves queue
def save_version(
    ruling: SavedRuling | None,
    *,
    title: str,
    notes: str,
    snap: Snapshot,
    author: Any,
    origin: str = SavedRuling.JUDGE,
    slug: str | None = None,
    based_on: int | None = None,
) -> SavedRuling:
    """Create the ruling (version 1) or make this save its next version; nothing is overwritten
    in the history: the ruling row mirrors the newest version.

    `based_on` is the version the judge's edit started from; if a newer one was saved since, this
    raises Conflict and saves nothing. Only the seeding of worked examples passes None (no check).
    """
    content = {"title": title, "notes": notes, **snap.fields()}
    if ruling is None:
        ruling = SavedRuling(origin=origin, author=author, **content)
        if slug:
            ruling.slug = slug
        ruling.save()
    else:
        ruling = SavedRuling.objects.select_for_update().get(pk=ruling.pk)
        if based_on is not None and based_on != ruling.version:
            raise Conflict(ruling, based_on)
        for name, value in content.items():
            setattr(ruling, name, value)
        ruling.version += 1
        ruling.save()
    RulingVersion.objects.create(ruling=ruling, number=ruling.version, author=author, **content)
    return ruling


def unchanged(ruling: SavedRuling, title: str, notes: str, text: str) -> bool:
    return (ruling.title, ruling.notes, ruling.text) == (title, notes, normalize_text(text))


# --- stale rulings


@dataclass
class Comparison:
    """The stored verdict against today's replay of the same text."""

    errors: ErrorList = field(default_factory=list)  # today's replay failed: why
    verdict: str = ""
    result: dict[str, Any] = field(default_factory=dict)
    result_changed: bool = False
    changed_steps: list[dict[str, Any]] = field(default_factory=list)

    @property
    def broken(self) -> bool:
        return bool(self.errors)

    @property
    def changed(self) -> bool:
        return self.broken or self.result_changed or bool(self.changed_steps)


# what a step decided: its title is wording, and a change of wording is not a change of ruling
STEP_FIELDS = (("accepted", "accepted"), ("codes", "codes"))


def compare_steps(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The steps whose accepted flag or codes differ, and steps only one side has."""
    by_n_old = {s.get("n"): s for s in old}
    by_n_new = {s.get("n"): s for s in new}
    changed = []
    for n in sorted(set(by_n_old) | set(by_n_new), key=lambda v: (v is None, v)):
        before, after = by_n_old.get(n), by_n_new.get(n)
        if before is None or after is None:
            changed.append({"n": n, "old": before, "new": after, "fields": ["step"]})
            continue
        fields = [label for key, label in STEP_FIELDS if before.get(key) != after.get(key)]
        if fields:
            changed.append({"n": n, "old": before, "new": after, "fields": fields})
    return changed


def compare(ruling: SavedRuling) -> Comparison:
    """Replay the stored text now and say what differs from the stored verdict."""
    try:
        now = snapshot(ruling.text, ruling.fmt, with_cards=False)
    except ScenarioRejected as rejected:
        return Comparison(errors=rejected.errors)
    return Comparison(
        verdict=now.verdict,
        result=now.result,
        result_changed=now.result != ruling.result,
        changed_steps=compare_steps(ruling.steps, now.steps),
    )


# --- search


def search(rulings: QuerySet[SavedRuling], q: str = "", card: str = "", topic: str = "") -> QuerySet:
    """Rulings matching all the filters given: free text in title and notes, part of a card's
    name, and a topic by glossary slug or term."""
    if q := q.strip():
        rulings = rulings.filter(Q(title__icontains=q) | Q(notes__icontains=q))
    if card := card.strip():
        rulings = rulings.filter(card_index__icontains=card)
    if topic := topic.strip():
        slugs = topic_slugs(topic)
        match = Q(pk__in=[])
        for slug in slugs:
            match |= Q(topic_index__contains=f"|{slug}|")
        rulings = rulings.filter(match)
    return rulings


def topic_slugs(topic: str) -> list[str]:
    """Glossary slugs a topic query means: an exact slug or term, else terms that contain it."""
    exact = GlossaryEntry.objects.filter(Q(slug__iexact=topic) | Q(term__iexact=topic))
    slugs = list(exact.values_list("slug", flat=True))
    if not slugs:
        slugs = list(GlossaryEntry.objects.filter(term__icontains=topic).values_list("slug", flat=True))
    return slugs or [topic.lower()]


# --- export and import


# YAML texts read before, as their documents, pickled: `GET /api/rulings` reads 100 texts a page
# and YAML's constructor (pure Python even over libyaml) was 70 % of such a request; unpickling is
# C. Bounded by bytes, and a hit is a fresh copy no caller can change for the others.
_DOCUMENTS = ReplayCache(max_bytes=16 * 2**20)


def document_of(text: str, fmt: str) -> dict[str, Any]:
    """A stored scenario text as the document it is (it replayed when it was saved). libyaml's
    loader where there is one: `GET /api/rulings` reads every ruling's text, and the Python
    loader took 2 s per request for the 277 worked rulings."""
    if fmt != "yaml":
        return json.loads(text)
    key = hashlib.blake2b(text.encode(), digest_size=20).digest()
    return _DOCUMENTS.get_or_compute(key, lambda: yamlio.load(text))


def export_wrapper(ruling: SavedRuling) -> dict[str, Any]:
    """The portable form of a ruling; the scenario inside stays a plain ygo-scenario/1 document."""
    return {
        "format": RULING_FORMAT,
        "title": ruling.title,
        "notes": ruling.notes,
        "cards": list(ruling.cards),
        "topics": list(ruling.topics),
        "verdict": {"summary": ruling.verdict, "result": ruling.result, "steps": ruling.steps},
        "scenario": document_of(ruling.text, ruling.fmt),
    }


def dump_yaml(data: Any) -> str:
    return yamlio.dump(data, sort_keys=False, allow_unicode=True, width=100)


def dump_json(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


@dataclass
class Imported:
    """What an imported file gives: the scenario text to save and any title and notes."""

    text: str
    fmt: str
    title: str = ""
    notes: str = ""
    wrapped: bool = False  # from an exported ruling: scenario errors get the `scenario.` prefix


def _parse_mapping(text: str) -> tuple[dict[str, Any], str]:
    """The imported file's data, read within the engine's limits (size, nesting, no YAML alias)."""
    fmt = detect_format(text)
    try:
        data = read_data(text, fmt)
    except DocumentError as err:
        kind = "JSON" if fmt == "json" else "YAML"
        errors = [
            {
                "path": "(document)",
                "message": p.message.replace(f"malformed {kind}", f"This is not valid {kind}"),
            }
            for p in err.problems
        ]
        raise ScenarioRejected(errors, 413 if isinstance(err, TooLarge) else 400) from None
    if not isinstance(data, dict):
        message = f"Expected a {RULING_FORMAT} or {SCENARIO_FORMAT} document (a mapping with `format`)."
        raise ScenarioRejected([{"path": "(document)", "message": message}])
    return data, fmt


def read_import(text: str) -> Imported:
    """An exported ruling or a bare scenario document, YAML or JSON, as what to save.

    Raises ScenarioRejected naming each wrong field; the scenario itself is checked later by
    replaying it, like any other save.
    """
    text = normalize_text(text)
    if not text.strip():
        raise ScenarioRejected([{"path": "(document)", "message": "The file is empty."}])
    data, fmt = _parse_mapping(text)
    kind = data.get("format")
    if kind != RULING_FORMAT:
        if kind is None and "scenario" in data:
            message = f"Missing; a file with a `scenario` key needs `format: {RULING_FORMAT}`."
            raise ScenarioRejected([{"path": "format", "message": message}])
        if kind not in (SCENARIO_FORMAT, None):
            message = f"Expected {RULING_FORMAT} or {SCENARIO_FORMAT}; got {kind!r}."
            raise ScenarioRejected([{"path": "format", "message": message}])
        return Imported(text=text, fmt=fmt)  # a bare scenario: kept exactly as written
    errors: ErrorList = []
    unknown = sorted(set(data) - WRAPPER_KEYS)
    if unknown:
        expected = ", ".join(sorted(WRAPPER_KEYS))
        errors += [{"path": key, "message": f"Unknown key; expected one of {expected}."} for key in unknown]
    for key in ("title", "notes"):
        if data.get(key) is not None and not isinstance(data[key], str):
            errors.append({"path": key, "message": f"Expected text; got {type(data[key]).__name__}."})
    scenario = data.get("scenario")
    if not isinstance(scenario, dict):
        got = "nothing" if scenario is None else type(scenario).__name__
        message = f"Expected the scenario document (a mapping with format, board, actions); got {got}."
        errors.append({"path": "scenario", "message": message})
    if errors:
        raise ScenarioRejected(errors)
    body = dump_yaml(scenario) if fmt == "yaml" else dump_json(scenario)
    title, notes = data.get("title") or "", data.get("notes") or ""
    return Imported(text=body, fmt=fmt, title=title, notes=notes, wrapped=True)


def prefix_errors(errors: ErrorList, prefix: str) -> ErrorList:
    """Errors inside the wrapper's scenario, with paths from the top of the imported file."""
    return [
        {**e, "path": f"{prefix}.{e['path']}" if e["path"] and not e["path"].startswith("(") else prefix}
        for e in errors
    ]
