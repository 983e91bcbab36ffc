"""The judge's workspace in real Chromium: build a board and a chain with the editor, replay and
step through it, read a glossary summary in place, fork at a step and compare, save as a ruling,
and the viewer on a phone held upright."""

import re
from pathlib import Path

import pytest
import yaml
from django.contrib.auth import get_user_model
from django.urls import NoReverseMatch, reverse
from playwright.sync_api import Page, expect

from rulings.models import Scenario

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output"
PASSWORD = "a-long-judge-passphrase-7"


def route_exists(name: str) -> bool:
    try:
        reverse(name)
    except NoReverseMatch:
        return False
    return True


def fill_zone(page: Page, label: str, name: str) -> None:
    """Type a card name into a zone and leave the field, as a judge would (the check runs)."""
    field = page.get_by_label(f"{label}: card", exact=True)
    field.fill(name)
    field.press("Tab")


def choose(page: Page, selector: str, value: str | list[str]) -> None:
    page.locator(selector).select_option(value)


def add_action(page: Page, player: str, verb: str, shot: str = "", **picks: str | list[str]) -> None:
    """Build one action: player and verb (the builder redraws for them), then its cards."""
    choose(page, "#b-player", player)
    choose(page, "#b-do", verb)
    expect(page.locator("#op-add-action")).to_be_visible()
    if picks.get("card"):
        expect(page.locator(f'#b-card option[value="{picks["card"]}"]')).to_be_attached()
    for field, value in picks.items():
        choose(page, f"#b-{field}", value)
    if shot:
        page.locator("#action-builder").screenshot(path=SCREENSHOTS / shot)
    rows = page.locator(".action-input").count()
    page.locator("#op-add-action").click()
    expect(page.locator(".action-input")).to_have_count(rows + 1)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_build_replay_fork_compare_and_save(page: Page, live_server, transactional_seeded: None) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_default_timeout(10_000)
    page.set_viewport_size({"width": 1280, "height": 900})

    if route_exists("login"):
        get_user_model().objects.create_user("judge", password=PASSWORD)
        page.goto(f"{live_server.url}/accounts/login/?next=/editor/")
        page.get_by_label("Username").fill("judge")
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        expect(page).not_to_have_url(re.compile(r"/accounts/login/"))

    # --- a board from nothing
    page.goto(f"{live_server.url}/editor/")
    page.get_by_label("Turn", exact=True).fill("3")
    page.get_by_label("Title").fill("Solemn Judgment answers a Trap")
    fill_zone(page, "Player A, Spell & Trap Zone 1", "Compulsory Evacuation Device")
    fill_zone(page, "Player B, Monster Zone 3", "Summoned Skul")  # a typo: the check says so next to it
    expect(page.locator("#err-B-m3")).to_contain_text("unknown card 'Summoned Skul'")
    expect(page.locator("#err-B-m3")).to_contain_text("Summoned Skull")  # the engine's suggestion
    expect(page.locator("#f-B-m3-card")).to_have_attribute("aria-invalid", "true")
    fill_zone(page, "Player B, Monster Zone 3", "Summoned Skull")
    expect(page.locator("#err-B-m3")).to_be_empty()
    page.get_by_label("Player B, Monster Zone 3: position").select_option("attack")
    fill_zone(page, "Player B, Spell & Trap Zone 2", "Solemn Judgment")
    expect(page.locator("#editor-errors")).to_contain_text("Replays")
    page.screenshot(path=SCREENSHOTS / "workspace-editor-board.png", full_page=True)

    # --- a chain: A activates the Set Trap, B chains the Counter Trap, then resolve
    add_action(page, "A", "activate", card="A:Compulsory Evacuation Device", targets=["B:Summoned Skull"])
    shot = "workspace-editor-builder.png"
    add_action(page, "B", "activate", shot, card="B:Solemn Judgment", targets=["link:1"])
    expect(page.locator("#f-action-1")).to_have_value(re.compile(r"B:Solemn Judgment"))
    page.get_by_role("button", name="Insert resolve after action 2").click()
    expect(page.locator("#f-action-2")).to_have_value("{do: resolve}")
    expect(page.locator("#editor-errors")).to_contain_text(re.compile(r"Replays\s*4 steps"))
    expect(page.locator("#err-action-1")).to_contain_text("B activates Solemn Judgment")
    expect(page.locator("#err-action-2")).to_contain_text("Chain Link 2 resolves: Solemn Judgment")
    page.locator("#actions").screenshot(path=SCREENSHOTS / "workspace-editor-actions.png")
    page.screenshot(path=SCREENSHOTS / "workspace-editor-full.png", full_page=True)

    # --- replay and step through
    page.get_by_role("button", name="Replay", exact=True).click()
    expect(page).to_have_url(re.compile(r"/s/[0-9a-f]{12}/$"))
    original = page.url.split("/")[-2]
    page.wait_for_load_state("domcontentloaded")  # the step keys are wired by a deferred script
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"/step/2/$"))
    heading = page.locator("#step-heading")
    expect(heading).to_be_focused()
    expect(heading).to_contain_text("B activates Solemn Judgment")
    stack = page.locator(".chain-stack .chain-card")
    expect(stack).to_have_count(2)
    expect(stack.first).to_contain_text("CL2")
    expect(stack.first).to_contain_text("Spell Speed 3")
    expect(page.locator(".lp-change").first).to_contain_text("−4000")

    # --- a glossary summary in place, by keyboard and by hover
    button = page.locator(".peek-button").first
    button.focus()
    page.keyboard.press("Enter")
    peek = page.locator(".peek").first
    expect(peek).to_be_visible()
    expect(peek.locator(".peek-summary")).not_to_be_empty()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(page).to_have_url(re.compile(r"/step/2/$"))
    page.screenshot(path=SCREENSHOTS / "workspace-viewer-step.png", full_page=True)
    page.keyboard.press("Escape")
    expect(peek).to_be_hidden()
    expect(button).to_be_focused()
    page.locator(".explanation a.term").first.hover()
    expect(peek).to_be_visible()

    # --- fork at step 2: drop B's answer, resolve instead, and compare
    page.get_by_role("link", name=re.compile(r"^Fork here")).click()
    expect(page).to_have_url(re.compile(rf"/editor/\?from={original}&upto=2$"))
    expect(page.locator(".fork-note")).to_contain_text("What if")
    expect(page.locator(".action-input")).to_have_count(2)
    page.get_by_role("button", name="Delete action 2").click()
    expect(page.locator(".action-input")).to_have_count(1)
    page.get_by_role("button", name="Insert resolve after action 1").click()
    expect(page.locator("#err-action-1")).to_contain_text("Compulsory Evacuation Device")
    page.get_by_role("button", name="Replay", exact=True).click()
    expect(page).to_have_url(re.compile(rf"/s/[0-9a-f]{{12}}/\?vs={original}$"))
    page.get_by_role("link", name="Compare with the original").click()
    expect(page).to_have_url(re.compile(rf"/compare/{original}/[0-9a-f]{{12}}/$"))
    expect(page.locator("tr.differs").first).to_contain_text("B activates Solemn Judgment")
    expect(page.locator("#first-difference")).to_contain_text("2")
    page.screenshot(path=SCREENSHOTS / "workspace-compare.png", full_page=True)

    # --- save the original, retitled in the editor, as a ruling (the Save form follows the editor)
    if route_exists("ruling-new") and route_exists("login"):
        page.goto(f"{live_server.url}/editor/?from={original}")
        title = page.get_by_label("Title")
        new_title = "Solemn Judgment negates Compulsory Evacuation Device"
        title.fill(new_title)
        title.press("Tab")
        expect(page.locator("#save-title")).to_have_value(new_title)
        page.get_by_label("Judge's notes").fill("The Counter Trap negates the activation; the Skull stays.")
        page.get_by_role("button", name="Save as ruling").click()
        expect(page).to_have_url(re.compile(r"/r/[^/]+/$"))
        expect(page.get_by_role("heading", level=1)).to_contain_text("Solemn Judgment negates Compulsory")
        expect(page.locator("main")).to_contain_text("The Counter Trap negates the activation")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_viewer_and_editor_on_a_phone(page: Page, live_server, transactional_seeded: None) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_default_timeout(10_000)
    corpus = Path(__file__).resolve().parents[1] / "scenarios"
    text = (corpus / "chain-rulebook-example-heavy-storm.yaml").read_text(encoding="utf-8")
    scenario = Scenario.objects.create(text=yaml.safe_dump(yaml.safe_load(text)["scenario"]), fmt="yaml")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/s/{scenario.slug}/step/2/")
    expect(page.locator("#step-heading")).to_be_visible()
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width}px)"
    for zone in page.locator(".board .zone").all():
        box = zone.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
    page.screenshot(path=SCREENSHOTS / "workspace-viewer-phone.png", full_page=True)

    # A swipe to the left shows the next step, to the right the previous one.
    def swipe(dx: int) -> None:
        page.evaluate(
            """dx => {
                const el = document.querySelector('#step-heading');
                const at = (x) => [new Touch({identifier: 1, target: el, clientX: x, clientY: 300})];
                const start = {touches: at(200), changedTouches: at(200), bubbles: true};
                el.dispatchEvent(new TouchEvent('touchstart', start));
                const end = {touches: [], changedTouches: at(200 + dx), bubbles: true};
                el.dispatchEvent(new TouchEvent('touchend', end));
            }""",
            dx,
        )

    swipe(-150)
    expect(page).to_have_url(re.compile(r"/step/3/$"))
    expect(page.locator("#step-heading")).to_be_focused()
    swipe(150)
    expect(page).to_have_url(re.compile(r"/step/2/$"))

    page.goto(f"{live_server.url}/editor/?from={scenario.slug}")
    expect(page.locator("#editor-form")).to_be_visible()
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"the editor scrolls sideways on a phone ({width}px)"
    page.screenshot(path=SCREENSHOTS / "workspace-editor-phone.png", full_page=True)
    for name, selector in (("mat", "#editor-board-heading"), ("actions", "#actions-heading")):
        page.evaluate(f"document.querySelector('{selector}').scrollIntoView()")
        page.screenshot(path=SCREENSHOTS / f"workspace-editor-phone-{name}.png")
