"""The judge's workspace in real Chromium: build a board and a chain with the editor, replay and
step through it, read a glossary summary in place and open its entry, fork at a step and compare,
save as a ruling and open its permalink logged out; on a phone held upright, from an empty board
to a missed-timing explanation and a saved, shared ruling; and a resolution stated in the builder.

Each test keeps screenshots of the screens it passes through in test-output/."""

import re
from pathlib import Path

import pytest
import yaml
from django.contrib.auth import get_user_model
from playwright.sync_api import Locator, Page, expect

from rulings.replays.models import Scenario

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output"
TIMEOUT = 20_000  # ms; the machine running the suite may be busy
expect.set_options(timeout=TIMEOUT)
PASSWORD = "a-long-judge-passphrase-7"


def unfold(page: Page) -> None:
    """Open the folded parts of the mat (each player's half, the Extra Monster Zones); they stay
    open as the form is redrawn."""
    closed = page.locator("details.mat-part:not([open]) > summary")
    for _ in range(closed.count()):
        closed.first.click()
    expect(page.locator("details.mat-part:not([open])")).to_have_count(0)


def fill_zone(page: Page, label: str, name: str, field_label: str = "") -> None:
    """Type a card name into a zone (or a pile's field) and leave it, as a judge would; wait for
    the check to come back (the document it sends back holds the name)."""
    field = page.get_by_label(field_label or f"{label}: card", exact=True)
    field.fill(name)
    field.press("Tab")
    expect(page.locator("#doc-preview")).to_contain_text(name)


def settle(page: Page) -> None:
    """Wait for the htmx requests in flight (a redrawn builder, a button's form) to be swapped in,
    so the next choice is made on what the judge would see."""
    expect(page.locator(".htmx-request")).to_have_count(0)


def choose(page: Page, selector: str, value: str | list[str]) -> None:
    page.locator(selector).select_option(value)
    settle(page)


def press(page: Page, button: Locator) -> None:
    """Press one of the editor's buttons and wait for the form to come back."""
    button.click()
    settle(page)


def tops(page: Page, board: str, selectors: dict[str, str]) -> dict[str, float]:
    """The top edge of the first match of each selector inside a board."""
    out = {}
    for name, selector in selectors.items():
        box = page.locator(f"{board} {selector}").first.bounding_box()
        assert box, f"{name} ({selector}) is not drawn"
        out[name] = box["y"]
    return out


def assert_mat_mirrored(page: Page, board: str) -> None:
    """B's half on top is the opponent's side of the mat: from the top, B's Spell & Trap row, B's
    monster row, the Extra Monster Zones, A's monster row, A's Spell & Trap row."""
    y = tops(page, board, {
        "B S3": ".side-top .st-zone.z3", "B M3": ".side-top .monster-zone.z3", "EMZ": ".emz",
        "A M3": ".side:not(.side-top) .monster-zone.z3", "A S3": ".side:not(.side-top) .st-zone.z3",
    })  # fmt: skip
    assert y["B S3"] < y["B M3"] < y["EMZ"] < y["A M3"] < y["A S3"], y


def log_in(page: Page) -> None:
    page.get_by_label("Username").fill("judge")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).not_to_have_url(re.compile(r"/accounts/login/"))


def see_ruling(page: Page, title: str, notes: str) -> str:
    """On a saved ruling's page, with its title and the judge's notes; returns its permalink."""
    expect(page).to_have_url(re.compile(r"/r/[^/]+/$"))
    expect(page.get_by_role("heading", level=1)).to_contain_text(title)
    expect(page.locator("main")).to_contain_text(notes)
    return page.url


def log_out_and_open(page: Page, url: str) -> None:
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Log in", exact=True)).to_be_visible()
    page.goto(url)


def add_action(page: Page, player: str, verb: str, shot: str = "", **picks: str | list[str]) -> None:
    """Build one action: player and verb (the builder redraws for them), then its cards."""
    choose(page, "#b-player", player)
    choose(page, "#b-do", verb)
    expect(page.locator("#op-add-action")).to_be_visible()
    expect(page.locator("#b-player")).to_have_value(player)  # the builder redrawn for both choices
    if picks.get("card"):
        expect(page.locator(f'#b-card option[value="{picks["card"]}"]')).to_be_attached()
    for field, value in picks.items():
        if isinstance(value, list):  # several cards are ticked (the field may be folded away)
            for ref in value:
                box = page.locator(f'#b-{field} input[value="{ref}"]')
                if not box.is_visible():
                    page.locator(f"details:has(#b-{field}) > summary").click()
                box.check()
        else:
            choose(page, f"#b-{field}", value)
    if shot:
        page.locator("#action-builder").screenshot(path=SCREENSHOTS / shot)
    rows = page.locator(".action-input").count()
    press(page, page.locator("#op-add-action"))
    expect(page.locator(".action-input")).to_have_count(rows + 1)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_build_replay_fork_compare_and_save(page: Page, live_server, transactional_seeded: None) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size({"width": 1280, "height": 900})

    get_user_model().objects.create_user("judge", password=PASSWORD)
    page.goto(f"{live_server.url}/accounts/login/?next=/editor/")
    log_in(page)

    # --- a board from nothing
    page.goto(f"{live_server.url}/editor/")
    unfold(page)
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
    assert_mat_mirrored(page, ".board-edit")
    page.screenshot(path=SCREENSHOTS / "workspace-editor-board.png", full_page=True)

    # --- a chain: A activates the Set Trap, B chains the Counter Trap, then resolve
    add_action(page, "A", "activate", card="A:Compulsory Evacuation Device", targets=["B:Summoned Skull"])
    shot = "workspace-editor-builder.png"
    add_action(page, "B", "activate", shot, card="B:Solemn Judgment", targets=["link:1"])
    expect(page.locator("#f-action-1")).to_have_value(re.compile(r"B:Solemn Judgment"))
    press(page, page.get_by_role("button", name="Insert resolve after action 2"))
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
    assert_mat_mirrored(page, ".step .board")

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
    entry = page.context.new_page()  # the whole entry, where the summary's link leads
    entry.goto(live_server.url + peek.get_by_role("link", name="Read the whole entry").get_attribute("href"))
    expect(entry.get_by_role("heading", level=1)).to_have_text(peek.locator(".peek-term").inner_text())
    entry.close()

    # --- fork at step 2: drop B's answer, resolve instead, and compare
    page.get_by_role("link", name=re.compile(r"^Fork here")).click()
    expect(page).to_have_url(re.compile(rf"/editor/\?from={original}&upto=2$"))
    expect(page.locator(".fork-note")).to_contain_text("What if")
    expect(page.locator(".action-input")).to_have_count(2)
    press(page, page.get_by_role("button", name="Remove action 2"))
    expect(page.locator(".action-input")).to_have_count(1)
    press(page, page.get_by_role("button", name="Insert resolve after action 1"))
    expect(page.locator("#err-action-1")).to_contain_text("Compulsory Evacuation Device")
    page.get_by_role("button", name="Replay", exact=True).click()
    expect(page).to_have_url(re.compile(rf"/s/[0-9a-f]{{12}}/\?vs={original}$"))
    page.get_by_role("link", name="Compare with the original").click()
    expect(page).to_have_url(re.compile(rf"/compare/{original}/[0-9a-f]{{12}}/$"))
    expect(page.locator("tr.differs").first).to_contain_text("B activates Solemn Judgment")
    expect(page.locator("#first-difference")).to_contain_text("2")
    page.screenshot(path=SCREENSHOTS / "workspace-compare.png", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"the comparison scrolls sideways on a phone ({width}px)"
    page.screenshot(path=SCREENSHOTS / "workspace-compare-phone.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})

    # --- save the original, retitled in the editor, as a ruling (the Save form follows the editor)
    page.goto(f"{live_server.url}/editor/?from={original}")
    title = page.get_by_label("Title")
    new_title = "Solemn Judgment negates Compulsory Evacuation Device"
    title.fill(new_title)
    title.press("Tab")
    expect(page.locator("#save-title")).to_have_value(new_title)
    page.get_by_label("Judge's notes").fill("The Counter Trap negates the activation; the Skull stays.")
    page.get_by_role("button", name="Save as ruling").click()
    saved = ("Solemn Judgment negates Compulsory", "The Counter Trap negates the activation")
    permalink = see_ruling(page, *saved)

    # --- anyone opens the permalink, logged out
    log_out_and_open(page, permalink)
    see_ruling(page, *saved)
    expect(page.get_by_role("link", name="Edit")).to_have_count(0)
    page.screenshot(path=SCREENSHOTS / "workspace-ruling-logged-out.png", full_page=True)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_viewer_and_editor_on_a_phone(page: Page, live_server, transactional_seeded: None) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_default_timeout(TIMEOUT)
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
    unfold(page)
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"the editor scrolls sideways on a phone ({width}px)"
    page.screenshot(path=SCREENSHOTS / "workspace-editor-phone.png", full_page=True)
    for name, selector in (("mat", "#editor-board-heading"), ("actions", "#actions-heading")):
        page.evaluate(f"document.querySelector('{selector}').scrollIntoView()")
        page.screenshot(path=SCREENSHOTS / f"workspace-editor-phone-{name}.png")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_on_a_phone_from_an_empty_board_to_a_shared_ruling(
    page: Page, live_server, transactional_seeded: None
) -> None:
    """The corpus's missed timing after a "then" (trigger-when-misses-after-then.yaml), entered
    without YAML on a phone by a judge who logs in only to save."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size({"width": 390, "height": 844})
    get_user_model().objects.create_user("judge", password=PASSWORD)

    page.goto(f"{live_server.url}/editor/")
    unfold(page)
    page.get_by_label("Title").fill("Peten misses the timing after Ring of Destruction")
    page.get_by_label("Turn", exact=True).fill("4")
    page.get_by_label("Turn player").select_option("B")
    fill_zone(page, "Player A, Spell & Trap Zone 1", "Ring of Destruction")
    fill_zone(page, "Player B, Monster Zone 1", "Peten the Dark Clown")
    fill_zone(page, "", "Peten the Dark Clown", field_label="Player B Deck: card 1")
    expect(page.locator("#editor-errors")).to_contain_text("Replays")
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"the editor scrolls sideways on a phone ({width}px)"
    assert_mat_mirrored(page, ".board-edit")
    controls = ".board-edit input[type=text], .board-edit select, .editor-form button"
    for control in page.locator(controls).all():
        box = control.bounding_box()
        if box:  # drawn (not inside a closed "More")
            assert box["height"] >= 44, (control.get_attribute("id") or control.get_attribute("name"), box)
    page.locator("#editor-board-heading").scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / "workspace-phone-board.png")

    add_action(page, "A", "activate", card="A:Ring of Destruction", targets=["B:Peten the Dark Clown"])
    press(page, page.get_by_role("button", name="Insert resolve after action 1"))
    expect(page.locator("#err-action-1")).to_contain_text("Chain Link 1 resolves: Ring of Destruction")
    page.locator("#actions-heading").scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / "workspace-phone-actions.png")
    page.get_by_role("button", name="Replay", exact=True).click()
    expect(page).to_have_url(re.compile(r"/s/[0-9a-f]{12}/$"))

    # Step by step with the Next button, to the trigger that missed the timing.
    for n in (2, 3):
        page.get_by_role("link", name="Next").first.click()
        expect(page).to_have_url(re.compile(rf"/step/{n}/$"))
    explanation = page.locator(".explanation", has_text="misses the timing")
    expect(explanation).to_contain_text('Peten the Dark Clown\'s optional "When ... you can" effect')
    expect(explanation).to_contain_text("Chain Link 1 (A's Ring of Destruction) resolved")
    expect(explanation.locator("a.term", has_text="Missing the timing")).to_be_visible()
    assert_mat_mirrored(page, ".step .board")
    page.screenshot(path=SCREENSHOTS / "workspace-phone-missed-timing.png", full_page=True)

    # Save: logging in on the way keeps the board; the notes are written on the save form.
    page.get_by_role("link", name="open on the mat").click()
    page.get_by_role("button", name="Log in and save as ruling").click()
    expect(page).to_have_url(re.compile(r"/accounts/login/\?next="))
    log_in(page)
    expect(page).to_have_url(re.compile(r"/r/new/\?from=[0-9a-f]{12}"))
    expect(page.get_by_label("Title")).to_have_value("Peten misses the timing after Ring of Destruction")
    page.get_by_label("Notes").fill('Peten\'s trigger is a "When ... you can": the damage came after it.')
    page.get_by_role("button", name="Save the ruling").click()
    permalink = see_ruling(page, "Peten misses the timing after Ring", "the damage came after it")

    log_out_and_open(page, permalink)
    see_ruling(page, "Peten misses the timing after Ring", "the damage came after it")
    expect(page.locator(".verdict")).to_contain_text("7500")
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"the ruling scrolls sideways on a phone ({width}px)"
    page.screenshot(path=SCREENSHOTS / "workspace-phone-ruling.png", full_page=True)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_state_what_a_link_did_in_the_builder(page: Page, live_server, transactional_seeded: None) -> None:
    """Tremendous Fire's two amounts of damage (1000 to the opponent and 500 to its controller, at
    the same time) stated as two rows, the second ticked "at the same time"; the builder says in
    place what is missing, and the rows come back to be changed."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/editor/")
    unfold(page)
    fill_zone(page, "Player A, Spell & Trap Zone 1", "Tremendous Fire")  # Set on an earlier turn
    expect(page.locator("#editor-errors")).to_contain_text("Replays")

    choose(page, "#b-player", "A")
    choose(page, "#b-do", "activate")
    expect(page.locator('#b-card option[value="A:Tremendous Fire"]')).to_be_attached()
    choose(page, "#b-card", "A:Tremendous Fire")
    press(page, page.get_by_role("button", name="+ What happened"))
    choose(page, "#b-res-0-verb", "damage")
    expect(page.locator("#b-res-0-amount")).to_be_visible()
    choose(page, "#b-res-0-player", "B")
    page.locator("#b-res-0-amount").fill("1000")
    press(page, page.get_by_role("button", name="+ What happened"))
    choose(page, "#b-res-1-verb", "damage")
    expect(page.locator("#b-res-1-amount")).to_be_visible()
    choose(page, "#b-res-1-player", "A")
    page.get_by_label("At the same time as the row before").check()
    press(page, page.locator("#op-add-action"))
    expect(page.locator("#err-b-res-1")).to_contain_text("give the amount")  # nothing added yet
    expect(page.locator("#b-res-1-verb")).to_be_focused()
    expect(page.locator(".action-input")).to_have_count(0)
    page.locator("#b-res-1-amount").fill("500")
    page.locator("#action-builder").screenshot(path=SCREENSHOTS / "workspace-builder-resolution.png")
    press(page, page.locator("#op-add-action"))
    stated = re.compile(r"resolution: \[\{damage: \{B: 1000, A: 500\}\}\]")
    expect(page.locator("#f-action-0")).to_have_value(stated)

    # The rows come back in the builder to be changed; nothing is lost on the way.
    press(page, page.get_by_role("button", name="Edit action 1 in the builder"))
    expect(page.locator("#builder-heading")).to_have_text("Change action 1")
    expect(page.locator("#b-res-1-amount")).to_have_value("500")
    expect(page.get_by_label("At the same time as the row before")).to_be_checked()
    press(page, page.get_by_role("button", name="Replace action 1"))
    expect(page.locator("#builder-heading")).to_have_text("Add an action")
    expect(page.locator(".action-input")).to_have_count(1)
    expect(page.locator("#f-action-0")).to_have_value(stated)
    press(page, page.get_by_role("button", name="Insert resolve after action 1"))
    expect(page.locator("#err-action-1")).to_contain_text("Chain Link 1 resolves: Tremendous Fire")

    page.get_by_role("button", name="Replay", exact=True).click()
    expect(page).to_have_url(re.compile(r"/s/[0-9a-f]{12}/$"))
    page.get_by_role("link", name="Next").first.click()
    expect(page).to_have_url(re.compile(r"/step/2/$"))
    expect(page.locator(".explanations")).to_contain_text("resolution is as the judge stated it")
    changes = page.locator(".lp-change")
    expect(changes.filter(has_text="−500")).to_have_count(1)
    expect(changes.filter(has_text="−1000")).to_have_count(1)
    page.screenshot(path=SCREENSHOTS / "workspace-stated-resolution-step.png", full_page=True)
