"""The replay page a judge scans: the verdict first, marked steps, step permalinks, and no
internal codes or ids in what the page shows (issue 16).

Codes and ids stay in the optional detail views (a closed `<details class="detail-view">` under
each explanation, and the scenario's own text, `<details class="source">`): the check leaves
those out, and reads everything else a browser would show.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from django.contrib.auth.models import User
from django.test import Client

from rulings.replays.models import Scenario
from rulings.saved import store

pytestmark = pytest.mark.django_db

CORPUS = Path(__file__).parents[1] / "scenarios"
DISPUTES = {
    "mirror": "verdict-mirror-force-book-of-moon-on-attacker",
    "dark_hole": "verdict-dark-hole-sangan-and-peten",
    "ring": "verdict-ring-of-destruction-500-lp-each",
}
# What must never show outside a detail view, each with what it catches.
INTERNAL = {
    "a code": re.compile(r"\b[a-z][a-z_]+\.[a-z][a-z_]+\b"),  # timing.missed, chain.link_resolved
    "a card id": re.compile(r"\b[AB]:[A-Za-z0-9]|#\d"),  # B:Peten the Dark Clown#2
    "a snake_case word": re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b"),  # both_zero_lp
    "an arrow": re.compile(r"->"),  # "A:Vorse Raider -> direct"
    "a ? placeholder": re.compile(r"\?\s*→|→\s*\?|Turn \?|\?'s turn|:\s*\?(\s|$)"),  # "? → set"
    'an empty "ids:"': re.compile(r"ids:\s*($|[.;,)])"),
}


class _Visible(HTMLParser):
    """The text a page shows: no script, style or title, no detail view, no attribute."""

    HIDDEN = {"script", "style", "title", "template"}

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip: list[str] = []  # the open elements whose text is not shown

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        hidden = (
            self._skip or tag in self.HIDDEN or (tag == "details" and {"detail-view", "source"} & classes)
        )
        if hidden and tag not in ("br", "img", "input", "link", "meta", "hr", "source", "wbr"):
            self._skip.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self._skip and self._skip[-1] == tag:
            self._skip.pop()

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    return re.sub(r"\s+", " ", " ".join(parser.parts))


def _store(stem: str) -> str:
    case = yaml.safe_load((CORPUS / f"{stem}.yaml").read_text(encoding="utf-8"))
    return Scenario.keep(yaml.safe_dump(case["scenario"], sort_keys=False), "yaml").slug


def _replayable() -> list[str]:
    stems = []
    for path in sorted(CORPUS.glob("*.yaml")):
        if "errors" not in yaml.safe_load(path.read_text(encoding="utf-8"))["expect"]:
            stems.append(path.stem)
    return stems


def _internal(text: str) -> list[str]:
    return [f"{what}: {m.group(0)!r} in …{text[max(0, m.start() - 60) : m.end() + 60]}…"
            for what, pattern in INTERNAL.items() for m in [pattern.search(text)] if m]  # fmt: skip


def test_the_check_sees_what_it_must_and_skips_the_detail_view() -> None:
    shown = visible_text(
        "<p>Peten misses the timing</p><details class='detail-view'><summary>x</summary>"
        "<code>timing.missed</code> B:Peten the Dark Clown#2</details><script>a_b.c_d</script>"
    )
    assert shown.strip() == "Peten misses the timing"
    for bad in (
        "timing.missed",
        "B:Peten the Dark Clown#2",
        "(both_zero_lp)",
        "A -> direct",
        "? → set",
        "ids: .",
    ):
        assert _internal(bad), bad


@pytest.mark.parametrize("stem", _replayable())
def test_no_replay_page_shows_a_code_or_an_id(client: Client, stem: str) -> None:
    """Every step page of every corpus scenario (its first and last steps, and every step the
    list marks: illegal, missed timing, negated, a chain resolving)."""
    slug = _store(stem)
    first = client.get(f"/s/{slug}/")
    assert first.status_code == 200
    steps = first.context["step_list"]
    wanted = {1, len(steps)} | {s["n"] for s in steps if s["marks"]}
    for n in sorted(wanted - {0}):
        page = first if n == 1 else client.get(f"/s/{slug}/step/{n}/")
        assert page.status_code == 200
        assert _internal(visible_text(page.content.decode())) == [], f"step {n}"


def test_the_verdict_opens_the_page_above_the_steps_each_sentence_linking_its_step(client: Client) -> None:
    slug = _store(DISPUTES["ring"])
    html = client.get(f"/s/{slug}/").content.decode()
    shown = visible_text(html)
    verdict = shown.index("Verdict")
    assert verdict < shown.index("All steps") and verdict < shown.index("Why")
    assert "The duel is over. Both players reached 0 LP at the same time: the duel is a draw." in shown
    assert "still going on" not in shown
    assert f'href="/s/{slug}/step/3/#step-3">The duel is over.' in html
    assert f'href="/s/{slug}/step/1/#step-1">Illegal: A activates A&#x27;s Ring of Destruction.' in html


def test_the_step_list_marks_steps_in_words(client: Client) -> None:
    slug = _store(DISPUTES["mirror"])
    response = client.get(f"/s/{slug}/")
    marked = {s["n"]: [m["label"] for m in s["marks"]] for s in response.context["step_list"]}
    assert marked[4] == ["Chain resolves"] and marked[5] == ["Chain resolves"]
    assert marked[6] == ["Illegal"]
    html = response.content.decode()
    assert (
        '<span class="mark mark-illegal"><span class="mark-icon" aria-hidden="true">✕</span> Illegal</span>'
        in html
    )
    assert "Illegal: A attacks directly with A's Vorse Raider" in visible_text(html)


def test_a_missed_timing_and_a_negation_are_marked() -> None:
    from rulings.replays.display import step_marks

    missed = {"accepted": True, "kind": "triggers", "events": [], "explanations": [{"code": "timing.missed"}]}
    events = [{"type": "no_effect", "reason": "activation negated", "chain_link": 1}]
    negated = {"accepted": True, "kind": "chain_link_resolves", "explanations": [], "events": events}
    assert [m["label"] for m in step_marks(missed)] == ["Misses the timing"]
    assert [m["label"] for m in step_marks(negated)] == ["Negated", "Chain resolves"]


def test_the_missed_timing_step_is_titled_so(client: Client) -> None:
    slug = _store("timing-tributed-for-summon-peten-misses-sangan-does-not")
    response = client.get(f"/s/{slug}/step/2/")
    shown = visible_text(response.content.decode())
    assert (
        "A's first Peten the Dark Clown misses the timing; triggers waiting: A's Sangan (mandatory)" in shown
    )
    assert "Misses the timing" in shown


def test_a_step_permalink_opens_at_that_step_scrolled_to_it(client: Client) -> None:
    slug = _store(DISPUTES["dark_hole"])
    response = client.get(f"/s/{slug}/", {"step": 6})
    assert response.status_code == 302 and response["Location"] == f"/s/{slug}/step/6/#step-6"
    html = client.get(f"/s/{slug}/step/6/").content.decode()
    assert '<article class="step" id="step-6"' in html  # the anchor `#step-6` scrolls to
    assert "verdict.js" in html  # `/s/<slug>/#step-6` goes to step 6's page (the fragment is the browser's)


def test_on_a_phone_the_explanation_comes_before_the_board(client: Client) -> None:
    """The step panel is one column below the wide layout: the page's order is the reading order."""
    slug = _store(DISPUTES["mirror"])
    shown = visible_text(client.get(f"/s/{slug}/step/5/").content.decode())
    assert shown.index("Why") < shown.index("Board after this step")


def test_cards_are_named_as_a_judge_says_them_in_events_and_the_chain(client: Client) -> None:
    slug = _store(DISPUTES["dark_hole"])
    shown = visible_text(client.get(f"/s/{slug}/step/5/").content.decode())
    assert "B's first Peten the Dark Clown" in shown  # the chain's Chain Link 2
    shown = visible_text(client.get(f"/s/{slug}/step/6/").content.decode())
    assert "B's second Peten the Dark Clown is Special Summoned from the Deck, by B's first" in shown


def test_the_saved_ruling_page_and_its_print_view_show_the_same_verdict(
    client: Client, django_user_model: type[User]
) -> None:
    case = yaml.safe_load((CORPUS / f"{DISPUTES['ring']}.yaml").read_text(encoding="utf-8"))
    author = django_user_model.objects.create_user("alice", password="a-long-pass-phrase-1")
    snap = store.snapshot(yaml.safe_dump(case["scenario"], sort_keys=False))
    ruling = store.save_version(None, title="Ring at 500 LP each", notes="", snap=snap, author=author)
    sentence = "The duel is over. Both players reached 0 LP at the same time: the duel is a draw."
    for url in (f"/r/{ruling.slug}/", f"/r/{ruling.slug}/print/"):
        html = client.get(url).content.decode()
        assert sentence in visible_text(html), url
        assert f'href="/r/{ruling.slug}/step/3/#step-3">The duel is over.' in html, url
