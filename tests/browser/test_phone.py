"""The site on a phone held upright (390×844): a one-row header whose Menu button opens the links,
toggles that look like toggles, and the site's icon. Screenshots in test-output/ (phone-*.png)."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output"
TIMEOUT = 20_000  # ms
PHONE = {"width": 390, "height": 844}
IN_MENU = ("New scenario", "Build a board", "Glossary", "Cards", "Read a card", "Rulings", "Sign up")
LINKS = (*IN_MENU, "Log in")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_header_is_one_row_with_a_menu_on_a_phone(
    page: Page, live_server, transactional_seeded: None
) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/glossary/")
    header = page.locator(".site-header")
    button = page.get_by_role("button", name="Menu")
    box = header.bounding_box()
    assert box and box["height"] <= 0.08 * PHONE["height"], f"the header takes {box} of the first screen"
    expect(button).to_have_attribute("aria-expanded", "false")
    for name in IN_MENU:
        expect(header.get_by_role("link", name=name, exact=True)).to_be_hidden()
    expect(header.get_by_role("link", name="Log in", exact=True)).to_be_visible()  # in the row
    page.screenshot(path=SCREENSHOTS / "phone-header.png")
    page.set_viewport_size({"width": 360, "height": 780})  # a smaller phone: still one row
    box = header.bounding_box()
    assert box and box["height"] <= 64, f"the header wraps at 360px: {box}"
    page.set_viewport_size(PHONE)

    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    for name in LINKS:
        link = header.get_by_role("link", name=name, exact=True)
        expect(link).to_be_visible()
        link_box = link.bounding_box()
        assert link_box and link_box["height"] >= 44, (name, link_box)
    page.screenshot(path=SCREENSHOTS / "phone-menu-open.png")
    page.keyboard.press("Escape")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(button).to_be_focused()
    expect(header.get_by_role("link", name="Cards", exact=True)).to_be_hidden()

    # By keyboard: Enter opens the menu and Tab reaches its first link, with a visible focus ring.
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    first = header.get_by_role("link", name="New scenario", exact=True)
    expect(first).to_be_focused()
    assert first.evaluate("el => getComputedStyle(el).outlineStyle") != "none"
    first.click()
    expect(page).to_have_url(f"{live_server.url}/")
    expect(page.get_by_role("button", name="Menu")).to_have_attribute("aria-expanded", "false")

    # On a laptop the links are in the header's row and the Menu button is not drawn.
    page.set_viewport_size({"width": 1280, "height": 900})
    expect(page.get_by_role("button", name="Menu")).to_be_hidden()
    for name in LINKS:
        expect(header.get_by_role("link", name=name, exact=True)).to_be_visible()
    box = header.bounding_box()
    assert box and box["height"] <= 64, f"the laptop header wraps: {box}"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_header_links_show_without_script(browser, live_server, transactional_seeded: None) -> None:
    """Without JavaScript there is no Menu button to press: the links show, wrapped."""
    context = browser.new_context(java_script_enabled=False, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/")
        expect(page.locator(".menu-button")).to_be_hidden()
        expect(page.locator(".site-header").get_by_role("link", name="Glossary", exact=True)).to_be_visible()
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_toggles_look_like_toggles(page: Page, live_server, transactional_seeded: None) -> None:
    """Each <summary> (Legal now, a zone's More, the scenario text) shows a disclosure triangle
    that turns when it opens, is a 44px target, and shows where the keyboard focus is."""
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/editor/")
    page.locator(".mat-part > summary").first.click()  # the board folds per player on a phone
    summary = page.locator(".zone-more summary:visible").first

    def triangle() -> dict[str, str]:
        return summary.evaluate(
            """el => { const s = getComputedStyle(el, '::before');
                       return {border: s.borderLeftWidth, transform: s.transform}; }"""
        )

    closed = triangle()
    assert closed["border"] not in ("", "0px"), closed
    box = summary.bounding_box()
    assert box and box["height"] >= 44, box
    summary.focus()
    page.keyboard.press("Enter")
    expect(summary.locator("xpath=..")).to_have_attribute("open", "")
    assert summary.evaluate("el => getComputedStyle(el).outlineStyle") != "none"
    page.wait_for_timeout(200)  # the triangle turns in 120 ms
    assert triangle()["transform"] != closed["transform"], "the triangle should turn when open"
    summary.screenshot(path=SCREENSHOTS / "phone-toggle-open.png")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_site_has_an_icon(page: Page, live_server, transactional_seeded: None) -> None:
    page.goto(f"{live_server.url}/")
    href = page.locator('link[rel="icon"]').get_attribute("href")
    assert href and href.endswith(".svg")
    response = page.request.get(live_server.url + href)
    assert response.ok and response.headers["content-type"].startswith("image/svg+xml")
    assert b"<svg" in response.body()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_logged_in_judge_logs_out_from_the_row(page: Page, live_server, transactional_seeded: None) -> None:
    """Logged in on a phone: Log out stays in the header's row; the name is under Menu."""
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user("judge", password="a-long-judge-passphrase-7")
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/accounts/login/?next=/glossary/")
    page.get_by_label("Username").fill("judge")
    page.get_by_label("Password").fill("a-long-judge-passphrase-7")
    page.locator("main").get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{live_server.url}/glossary/")
    header = page.locator(".site-header")
    expect(header.locator(".account-name")).to_be_hidden()
    box = header.bounding_box()
    assert box and box["height"] <= 64, f"the header wraps when logged in: {box}"
    page.get_by_role("button", name="Menu").click()
    expect(header.locator(".account-name")).to_have_text("judge")
    page.screenshot(path=SCREENSHOTS / "phone-menu-logged-in.png")
    page.get_by_role("button", name="Log out").click()
    expect(header.get_by_role("link", name="Log in", exact=True)).to_be_visible()
