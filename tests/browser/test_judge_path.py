"""Three disputes a judge is called to, each built from an empty board in the workspace on a phone
held upright (390×844), replayed, and read where the page states the ruling:

- Mirror Force answered by Book of Moon on the attacker: Mirror Force resolves but destroys
  nothing, and the attack ends without damage;
- Dark Hole destroys Sangan and Peten the Dark Clown: both trigger (Peten's "When ... you can"
  does not miss the timing: the destruction was the last thing that happened), Peten summons
  its second copy, Sangan searches;
- Ring of Destruction on a 500 ATK monster at 500 LP each: both players reach 0 at once, a draw.

What the ruling must say is checked in one place, `expect_ruling_shown` (marked VERDICT below):
today it reads the outcome sentences on the steps that state them; once the replay page has its
verdict box, that helper is the one to point at it.

Screenshots of every screen passed through are kept in test-output/ (judge-*.png)."""

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_workspace import add_action, fill_zone, press, unfold

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output"
TIMEOUT = 20_000  # ms; the machine running the suite may be busy
PHONE = {"width": 390, "height": 844}


@dataclass(frozen=True)
class Ruling:
    """What a judge must be told once the dispute is replayed."""

    result: str  # the replay's result line
    lp: dict[str, int]  # each player's LP after the last step
    # (the action the sentence is about, a sentence the engine writes there): the ruling's reasons
    sentences: list[tuple[str, str]] = field(default_factory=list)
    never: list[str] = field(default_factory=list)  # what the engine must not say anywhere


# ---------------------------------------------------------------------------------------------
# VERDICT: what a judge must be told is in the verdict box at the top of the replay page, read on
# the phone's first screen without scrolling; each reason is also checked on its own step.
# ---------------------------------------------------------------------------------------------
def expect_ruling_shown(page: Page, replay_url: str, ruling: Ruling, shot: str) -> None:
    page.goto(replay_url)
    verdict = page.locator(".verdict-box").first
    expect(verdict).to_contain_text(ruling.result)
    for player, lp in ruling.lp.items():
        if "goes on" in ruling.result:  # the verdict gives the LP while the duel goes on
            expect(verdict).to_contain_text(f"{player} has {lp} LP")
    box = verdict.bounding_box()
    assert box is not None and box["y"] < PHONE["height"] / 2, f"the verdict starts at {box}"
    page.screenshot(path=SCREENSHOTS / f"{shot}-verdict.png")  # the first screen, as a judge sees it
    steps = page.locator(".step-list a")
    last = steps.count()
    for heading, sentence in ruling.sentences:
        step = steps.filter(has_text=heading).last
        expect(step, f"no step is {heading!r}").to_have_count(1)
        n = step.locator(".step-n").inner_text()
        page.goto(f"{replay_url}step/{n}/")
        expect(page.locator("#step-heading")).to_contain_text(heading)
        expect(page.locator(".explanations")).to_contain_text(sentence)
    page.goto(f"{replay_url}step/{last}/")
    for player, lp in ruling.lp.items():
        expect(page.locator(".lp-card", has_text=f"Player {player}").locator(".lp-value")).to_have_text(
            str(lp)
        )
    page.screenshot(path=SCREENSHOTS / f"{shot}-last-step.png", full_page=True)
    for text in ruling.never:
        for n in range(1, last + 1):
            page.goto(f"{replay_url}step/{n}/")
            expect(page.locator(".explanations, #step-heading").first).not_to_contain_text(text)


def start(page: Page, live_server, title: str, turn: int, turn_player: str) -> None:
    """An empty board in the workspace, on a phone, with the dispute's title and turn."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_default_timeout(TIMEOUT)
    expect.set_options(timeout=TIMEOUT)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/editor/")
    expect(page.locator(".board-edit .card-input[value]:not([value=''])")).to_have_count(0)  # empty
    page.get_by_label("Title").fill(title)
    page.get_by_label("Turn", exact=True).fill(str(turn))
    page.get_by_label("Turn player").select_option(turn_player)
    unfold(page)  # the board folds per player on a phone


def replay(page: Page, shot: str) -> str:
    """Press Replay, check the replay fits a phone's width, and return its address."""
    page.locator("#actions").screenshot(path=SCREENSHOTS / f"{shot}-actions.png")
    page.get_by_role("button", name="Replay", exact=True).click()
    expect(page).to_have_url(re.compile(r"/s/[0-9a-f]{12}/$"))
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"the replay scrolls sideways on a phone ({width}px)"
    page.screenshot(path=SCREENSHOTS / f"{shot}-replay.png")
    return page.url


def step_through(page: Page, shot: str) -> None:
    """Tap Next to the last step, as a judge reading the replay would; keep each step's picture."""
    total = int(page.locator(".step-count").first.inner_text().rsplit(" ", 1)[-1])
    for n in range(2, total + 1):
        page.get_by_role("link", name="Next").first.click()
        expect(page).to_have_url(re.compile(rf"/step/{n}/$"))
        expect(page.locator("#step-heading")).to_be_focused()
        page.screenshot(path=SCREENSHOTS / f"{shot}-step-{n}.png")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_mirror_force_answered_by_book_of_moon_on_the_attacker(
    page: Page, live_server, transactional_seeded: None
) -> None:
    shot = "judge-mirror-force"
    start(page, live_server, "Book of Moon on the attacker in answer to Mirror Force", 3, "A")
    fill_zone(page, "Player A, Monster Zone 3", "Vorse Raider")
    page.get_by_label("Player A, Monster Zone 3: position").select_option("attack")
    fill_zone(page, "Player A, Spell & Trap Zone 2", "Book of Moon")  # Set on an earlier turn
    fill_zone(page, "Player B, Spell & Trap Zone 3", "Mirror Force")
    expect(page.locator("#editor-errors")).to_contain_text("Replays")
    page.locator(".board-edit").screenshot(path=SCREENSHOTS / f"{shot}-board.png")

    add_action(page, "A", "phase", phase="battle")
    add_action(page, "A", "attack", attacker="A:Vorse Raider", target="direct")
    add_action(page, "B", "activate", card="B:Mirror Force")
    add_action(page, "A", "activate", card="A:Book of Moon", targets=["A:Vorse Raider"])
    press(page, page.get_by_role("button", name="Insert resolve after action 4"))
    expect(page.locator("#err-action-3")).to_contain_text("A activates Book of Moon")
    url = replay(page, shot)
    step_through(page, shot)

    expect_ruling_shown(
        page,
        url,
        Ruling(
            result="The duel goes on after the last step",
            lp={"A": 8000, "B": 8000},
            sentences=[
                (
                    "Chain Link 2 resolves: Book of Moon",
                    "Book of Moon resolves (A's Vorse Raider turned face-down)",
                ),
                ("Chain Link 1 resolves: Mirror Force", "Mirror Force resolves (destroyed: nothing)"),
                ("Chain Link 1 resolves: Mirror Force", "so its attack ends without damage"),
            ],
        ),
        shot,
    )


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_dark_hole_with_sangan_and_peten_the_dark_clown(
    page: Page, live_server, transactional_seeded: None
) -> None:
    shot = "judge-dark-hole"
    start(page, live_server, "Dark Hole destroys Sangan and Peten the Dark Clown", 3, "A")
    fill_zone(page, "", "Dark Hole", field_label="Player A Hand: card 1")
    fill_zone(page, "Player B, Monster Zone 2", "Sangan")
    fill_zone(page, "Player B, Monster Zone 4", "Peten the Dark Clown")
    fill_zone(page, "", "Peten the Dark Clown", field_label="Player B Deck: card 1")
    fill_zone(page, "", "Mystic Tomato", field_label="Player B Deck: card 2")
    expect(page.locator("#editor-errors")).to_contain_text("Replays")
    page.locator(".board-edit").screenshot(path=SCREENSHOTS / f"{shot}-board.png")

    add_action(page, "A", "activate", card="A:Dark Hole")
    press(page, page.get_by_role("button", name="Insert resolve after action 1"))
    expect(page.locator("#err-action-1")).to_contain_text("Chain Link 1 resolves: Dark Hole")
    add_action(page, "B", "activate", card="B:Sangan")
    peten = "B:Peten the Dark Clown"
    add_action(page, "B", "activate", card=peten)  # the builder fills its cost: banish itself from the GY
    press(page, page.get_by_role("button", name="Insert resolve after action 4"))
    expect(page.locator("#err-action-3")).to_contain_text("B activates Peten the Dark Clown")
    url = replay(page, shot)
    step_through(page, shot)

    expect_ruling_shown(
        page,
        url,
        Ruling(
            result="The duel goes on after the last step",
            lp={"A": 8000, "B": 8000},
            sentences=[
                (
                    "Chain Link 1 resolves: Dark Hole",
                    "destroyed: B's Sangan and B's first Peten the Dark Clown",
                ),
                ("Triggers waiting", "B's Sangan (mandatory) and B's first Peten the Dark Clown (optional)"),
                ("B activates Peten the Dark Clown", "goes on the chain as Chain Link 2"),
                (
                    "Chain Link 2 resolves: Peten the Dark Clown",
                    "Special Summons B's second Peten the Dark Clown",
                ),
                ("Chain Link 1 resolves: Sangan", "adds B's Mystic Tomato to the hand"),
            ],
            never=["misses the timing"],
        ),
        shot,
    )


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_ring_of_destruction_at_500_lp_each(page: Page, live_server, transactional_seeded: None) -> None:
    shot = "judge-ring"
    start(page, live_server, "Ring of Destruction with both players at 500 LP", 4, "B")
    fill_zone(page, "Player A, Spell & Trap Zone 3", "Ring of Destruction")
    fill_zone(page, "Player B, Monster Zone 3", "Peten the Dark Clown")  # 500 ATK
    for player in ("A", "B"):
        page.locator(f"#f-{player}-lp").fill("500")
        page.locator(f"#f-{player}-lp").press("Tab")
    expect(page.locator("#doc-preview")).to_contain_text("lp: 500")
    expect(page.locator("#editor-errors")).to_contain_text("Replays")
    page.locator(".board-edit").screenshot(path=SCREENSHOTS / f"{shot}-board.png")

    add_action(page, "A", "activate", card="A:Ring of Destruction", targets=["B:Peten the Dark Clown"])
    press(page, page.get_by_role("button", name="Insert resolve after action 1"))
    expect(page.locator("#err-action-1")).to_contain_text("Chain Link 1 resolves: Ring of Destruction")
    url = replay(page, shot)
    step_through(page, shot)

    expect_ruling_shown(
        page,
        url,
        Ruling(
            result="Both players reached 0 LP at the same time: the duel is a draw",
            lp={"A": 0, "B": 0},
            sentences=[
                ("Chain Link 1 resolves: Ring of Destruction", "A takes 500 damage; B takes 500 damage"),
                ("Chain Link 1 resolves: Ring of Destruction", "Both players reached 0 LP at the same time"),
            ],
        ),
        shot,
    )
