"""The builder on a phone held upright (390×844), in real Chromium: a judge builds the Dark Hole +
Sangan + Peten the Dark Clown dispute without YAML. The board folds per player, so the editor
above the action list is at most two screens tall; the actions read as sentences; Peten's banish
cost (its card file: banish 1, itself from the GY) is offered and filled in; several targets are
ticked, not Ctrl-clicked.

Screenshots of each screen are kept in test-output/."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output"
TIMEOUT = 20_000  # ms; the machine running the suite may be busy
PHONE = {"width": 390, "height": 844}
expect.set_options(timeout=TIMEOUT)


def settle(page: Page) -> None:
    """Wait until htmx has swapped in what it asked for."""
    expect(page.locator(".htmx-request")).to_have_count(0)


def open_part(page: Page, key: str) -> None:
    """Unfold a part of the mat (a player's half) by its summary, as a thumb would."""
    part = page.locator(f"details.mat-part-{key}")
    if part.get_attribute("open") is None:
        part.locator("> summary").click()
    expect(part).to_have_attribute("open", "")


def fill(page: Page, label: str, name: str) -> None:
    field = page.get_by_label(label, exact=True)
    field.fill(name)
    field.press("Tab")
    expect(page.locator("#doc-preview")).to_contain_text(name)


def choose(page: Page, selector: str, value: str) -> None:
    page.locator(selector).select_option(value)
    settle(page)


def add(page: Page) -> None:
    rows = page.locator(".action-sentence").count()
    page.locator("#op-add-action").click()
    settle(page)
    expect(page.locator(".action-sentence")).to_have_count(rows + 1)


def editor_height(page: Page) -> float:
    """How far down the page the action list starts: the editor a judge scrolls through first."""
    return page.evaluate("document.getElementById('actions').getBoundingClientRect().top + window.scrollY")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_dark_hole_sangan_and_peten_built_on_a_phone(
    page: Page, live_server, transactional_seeded: None
) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/editor/")
    page.get_by_label("Title").fill("Dark Hole with Sangan and Peten the Dark Clown")
    page.get_by_label("Turn", exact=True).fill("3")

    # --- the board, one folded half at a time
    open_part(page, "B")
    fill(page, "Player B, Monster Zone 1: card", "Sangan")
    fill(page, "Player B, Monster Zone 2: card", "Peten the Dark Clown")
    fill(page, "Player B Deck: card 1", "Peten the Dark Clown")
    fill(page, "Player B Deck: card 2", "Mystic Tomato")
    open_part(page, "A")
    fill(page, "Player A Hand: card 1", "Accesscode Talker")  # a slip: said next to the field at once
    expect(page.locator("#err-A-hand")).to_contain_text("Accesscode Talker is an Extra Deck monster")
    expect(page.locator("#part-A")).to_contain_text("1 problem")
    page.locator("#pile-A-hand").screenshot(path=SCREENSHOTS / "builder-phone-zone-problem.png")
    fill(page, "Player A Hand: card 1", "Dark Hole")
    expect(page.locator("#err-A-hand")).to_be_empty()
    expect(page.locator("#editor-errors")).to_contain_text("Replays")
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"the editor scrolls sideways on a phone ({width}px)"
    page.screenshot(path=SCREENSHOTS / "builder-phone-board-open.png", full_page=True)
    for key in ("B", "A"):
        page.locator(f"details.mat-part-{key}").scroll_into_view_if_needed()
        page.evaluate(f"document.querySelector('details.mat-part-{key}').scrollIntoView()")
        page.screenshot(path=SCREENSHOTS / f"builder-phone-half-{key}.png")
    for key in ("A", "B"):  # folded again: the halves say what they hold
        page.locator(f"details.mat-part-{key} > summary").click()
    expect(page.locator("#part-B")).to_contain_text("on the field: Sangan, Peten the Dark Clown")

    # --- the actions, with the builder
    choose(page, "#b-player", "A")
    choose(page, "#b-do", "activate")
    choose(page, "#b-card", "A:Dark Hole")
    add(page)
    page.get_by_role("button", name="Insert resolve after action 1").click()
    settle(page)
    choose(page, "#b-player", "B")
    choose(page, "#b-do", "activate")
    choose(page, "#b-card", "B:Sangan")
    add(page)
    choose(page, "#b-card", "B:Peten the Dark Clown")
    cost = page.locator("#b-cost-banish")
    expect(cost).to_contain_text("only this can pay it")
    expect(cost.get_by_label("Peten the Dark Clown (GY)")).to_be_checked()
    page.evaluate("document.getElementById('action-builder').scrollIntoView()")
    page.screenshot(path=SCREENSHOTS / "builder-phone-peten-cost.png")
    add(page)

    sentences = page.locator(".action-sentence")
    expect(sentences).to_have_text([
        re.compile(r"A activates Dark Hole$"),
        re.compile(r"Both players pass: the chain resolves$"),
        re.compile(r"B activates Sangan$"),
        re.compile(r"B activates Peten the Dark Clown, banishing Peten the Dark Clown$"),
    ])  # fmt: skip
    expect(page.locator("#err-action-3")).to_contain_text("Step")
    expect(page.locator("#err-action-3")).not_to_contain_text("Illegal")
    expect(page.locator("#action-text")).not_to_have_attribute("open", "")  # the YAML folded away

    # --- the editor above the action list: at most two screens
    height = editor_height(page)
    page.screenshot(path=SCREENSHOTS / "builder-phone-editor.png", full_page=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=SCREENSHOTS / "builder-phone-top.png")
    page.evaluate("document.getElementById('actions').scrollIntoView()")
    page.screenshot(path=SCREENSHOTS / "builder-phone-actions.png")
    print(f"the editor above the action list: {height:.0f}px")
    assert height <= 2 * PHONE["height"], f"the editor above the action list is {height:.0f}px tall"

    page.get_by_role("button", name="Replay", exact=True).click()
    expect(page).to_have_url(re.compile(r"/s/[0-9a-f]{12}/$"))
