"""A judge saves a ruling in real Chromium; a reader opens its permalink logged out and prints it."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_sign_up_save_a_ruling_and_read_it_logged_out(
    page: Page, browser: Browser, live_server, transactional_seeded: None, scenario_yaml: str
) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_default_timeout(10_000)

    # Sign up, then come back to the paste form.
    page.goto(f"{live_server.url}/accounts/signup/?next=/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password", exact=True).fill("pink-ocean-walrus-9")
    page.get_by_label("Password confirmation").fill("pink-ocean-walrus-9")
    page.get_by_role("button", name="Sign up").click()
    expect(page).to_have_url(f"{live_server.url}/")
    expect(page.locator(".account-name")).to_have_text("alice")

    # Replay a scenario, then save it as a ruling from its scenario slug.
    page.get_by_label("Scenario", exact=True).fill(scenario_yaml)
    page.get_by_role("button", name="Replay", exact=True).click()
    expect(page).to_have_url(re.compile(r"/s/[0-9a-f]{12}/$"))
    scenario_slug = page.url.rstrip("/").rsplit("/", 1)[-1]
    page.goto(f"{live_server.url}/r/new/?from={scenario_slug}")
    expect(page.get_by_label("Title")).to_have_value("Summon and attack")
    page.get_by_label("Title").fill("Direct attack on an empty field")
    page.get_by_label("Notes").fill("B controls no monsters, so Celtic Guardian may attack directly.")
    page.get_by_role("button", name="Save the ruling").click()

    expect(page).to_have_url(re.compile(r"/r/[a-z0-9]{8}/$"))
    permalink = page.url
    expect(page.get_by_role("heading", level=1)).to_have_text("Direct attack on an empty field")
    expect(page.locator(".messages")).to_contain_text("version 1")
    expect(page.get_by_role("link", name="Edit")).to_be_visible()
    page.screenshot(path=SCREENSHOTS / "ruling-permalink.png", full_page=True)
    step_total = int(page.locator(".step-count").first.inner_text().rsplit(" ", 1)[-1])

    # The ruling's steps swap in place, with their own URLs.
    page.get_by_role("link", name="Next").first.click()
    expect(page).to_have_url(re.compile(r"/r/[a-z0-9]{8}/step/2/$"))
    expect(page.locator(".step-count").first).to_have_text(re.compile(r"^Step 2 of \d+$"))

    # A reader in a fresh browser, logged out, on a phone.
    reader = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        other = reader.new_page()
        other.set_default_timeout(10_000)
        other.goto(permalink)
        expect(other.get_by_role("heading", level=1)).to_have_text("Direct attack on an empty field")
        expect(other.locator(".verdict")).to_contain_text("B 6600")
        expect(other.get_by_text("B controls no monsters")).to_be_visible()
        expect(other.get_by_role("link", name="Edit")).to_have_count(0)
        expect(other.get_by_role("link", name="Log in")).to_be_visible()
        other.screenshot(path=SCREENSHOTS / "ruling-phone.png", full_page=True)
        other.screenshot(path=SCREENSHOTS / "ruling-phone-viewport.png")

        # Search finds it live by card.
        other.goto(f"{live_server.url}/r/")
        other.get_by_label("Card").fill("celtic")
        expect(other).to_have_url(re.compile(r"/r/\?.*card=celtic"))
        expect(other.locator("#results-heading")).to_have_text("1 matching ruling")
        expect(other.locator(".ruling-title")).to_have_text("Direct attack on an empty field")
        other.screenshot(path=SCREENSHOTS / "ruling-search-phone.png", full_page=True)

        # The print view: one page, no navigation, the board and every step.
        other.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
        other.goto(f"{permalink}print/")
        other.emulate_media(media="print")
        expect(other.get_by_role("heading", name="The board at the start")).to_be_visible()
        expect(other.locator(".screen-only")).to_be_hidden()
        expect(other.locator(".print-steps > li")).to_have_count(step_total)
        other.screenshot(path=SCREENSHOTS / "ruling-print.png", full_page=True)
        for paper in ("A4", "Letter"):
            pdf = other.pdf(format=paper)
            pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
            assert pages == 1, f"the print view fills {pages} {paper} pages"
    finally:
        reader.close()
