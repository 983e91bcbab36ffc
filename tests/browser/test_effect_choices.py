"""An effect with choices in the builder, in real Chromium (a laptop-sized window): Lightning
Storm is one effect with two choices (README, "An effect with choices"), so the Effect menu offers
each choice under effect 1, and the action added reads "(effect 1, choice 1)" and replays as that
choice: B's Attack Position Vorse Raider is destroyed.

The screenshot is kept in test-output/."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_builder_phone import SCREENSHOTS, TIMEOUT, add, choose, fill, open_part, settle


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_lightning_storm_choice_is_picked_in_the_effect_menu(
    page: Page, live_server, transactional_seeded: None
) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/editor/")
    page.get_by_label("Title").fill("Lightning Storm's first choice")
    page.get_by_label("Turn", exact=True).fill("3")
    open_part(page, "B")
    fill(page, "Player B, Monster Zone 1: card", "Vorse Raider")
    open_part(page, "A")
    fill(page, "Player A Hand: card 1", "Lightning Storm")

    choose(page, "#b-player", "A")
    choose(page, "#b-do", "activate")
    choose(page, "#b-card", "A:Lightning Storm")
    menu = page.locator("#b-effect")
    expect(menu.locator("option")).to_have_text([
        re.compile(r"the one that applies"),
        re.compile(r"^1\. the card's activation, choice 1"),
        re.compile(r"^1\. the card's activation, choice 2"),
    ])  # fmt: skip
    choose(page, "#b-effect", "1.1")
    page.evaluate("document.getElementById('action-builder').scrollIntoView()")
    page.screenshot(path=SCREENSHOTS / "builder-effect-choice.png")
    add(page)
    page.get_by_role("button", name="Insert resolve after action 1").click()
    settle(page)

    expect(page.locator(".action-sentence").first).to_have_text(
        re.compile(r"A activates Lightning Storm \(effect 1, choice 1\)$")
    )
    expect(page.locator("#err-action-0")).not_to_contain_text("Illegal")
    expect(page.locator("#doc-preview")).to_contain_text("mode: 1")
    page.screenshot(path=SCREENSHOTS / "builder-effect-choice-added.png", full_page=True)
