"""Reading a card in real Chromium: type a text, the reading appears in place (htmx), by keyboard."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output"
TEXT = (
    "When this card is sent to the GY: You can banish 1 card from your hand; Special Summon 1 monster "
    'from your Deck. You can only use this effect of "Test Lantern" once per turn.'
)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_type_a_card_and_read_it(page: Page, live_server, transactional_seeded: None) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Read a card").click()
    expect(page).to_have_url(re.compile(r"/cards/read/$"))
    page.evaluate("window.__sameDocument = true")

    page.get_by_label("Card text").fill(TEXT)
    page.get_by_role("radio", name="Monster", exact=True).check()
    effect_box = page.get_by_role("checkbox", name="effect", exact=True)
    effect_box.check()
    effect_box.press("Enter")  # submit by keyboard

    heading = page.locator("#reading-heading")
    expect(heading).to_have_text("1 effect")
    expect(heading).to_be_focused()
    effect = page.locator(".reader-effect").first
    expect(effect.get_by_role("heading", level=3)).to_contain_text("Effect 1: Trigger Effect")
    expect(effect.locator(".part-condition")).to_contain_text("When this card is sent to the GY:")
    expect(effect.locator(".part-cost")).to_contain_text("You can banish 1 card from your hand;")
    timing = effect.locator(".reader-field", has_text="Missing the timing")
    expect(timing).to_contain_text("Can miss the timing")
    expect(effect.locator(".reader-field", has_text="Once per turn")).to_contain_text("all copies")
    assert page.evaluate("window.__sameDocument === true"), "the reading is swapped in, not a new page"
    page.screenshot(path=SCREENSHOTS / "read-card.png", full_page=True)

    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=SCREENSHOTS / "read-card-phone.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scroll"

    timing.get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/glossary/missing-the-timing/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Missing the timing")
