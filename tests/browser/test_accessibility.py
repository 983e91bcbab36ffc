"""axe-core in Chromium over every main page of the site, at a phone's width and a laptop's: no
serious or critical violation (contrast, names, labels, landmarks, ...).

Each page is checked as a judge would open it fully: every <details> opened and, on the phone,
the site menu opened, so what is folded away is checked too. axe (tests/browser/vendor/, a test
asset, never served) is evaluated in the page through the browser's debugging protocol, so the
site's Content-Security-Policy stays as it is. A screenshot of each page is kept in test-output/
(a11y-*.png)."""

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.core.management import call_command
from playwright.sync_api import Page, expect

from rulings.replays.models import Scenario

HERE = Path(__file__).resolve().parent
AXE = (HERE / "vendor" / "axe.min.js").read_text(encoding="utf-8")
CORPUS = HERE.parent / "scenarios"
SCREENSHOTS = HERE.parents[1] / "test-output"
TIMEOUT = 20_000  # ms; the machine running the suite may be busy
BLOCKING = ("serious", "critical")
WIDTHS = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 900}}
# A replay with a chain, Legal now and a full board; a worked example with a rulebook source.
REPLAYED = "chain-rulebook-example-heavy-storm.yaml"
WORKED = "chain-ring-of-destruction-both-zero-draw.yaml"

RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => n.target.join(" ") + ": " + n.failureSummary.replace(/\\s+/g, " ")),
  }));
}"""


def main_pages(live_url: str, tmp_path: Path) -> dict[str, str]:
    """Every main page by name: a stored corpus scenario, its replay, the same on the mat, and a
    seeded worked example for the saved ruling."""
    case = yaml.safe_load((CORPUS / REPLAYED).read_text(encoding="utf-8"))
    document = {"title": case["title"], **case["scenario"]}
    scenario = Scenario.objects.create(text=yaml.safe_dump(document, sort_keys=False), fmt="yaml")
    shutil.copy(CORPUS / WORKED, tmp_path / WORKED)
    call_command("seed_rulings", corpus=tmp_path, verbosity=0)
    return {
        "home": "/",
        "replay": f"/s/{scenario.slug}/step/2/",
        "workspace": f"/editor/?from={scenario.slug}",
        "card-search": "/cards/?q=dragon",
        "card": "/cards/Sangan/",
        "glossary": "/glossary/",
        "glossary-entry": "/glossary/missing-the-timing/",
        "saved-ruling": f"/r/{Path(WORKED).stem}/",
        "login": "/accounts/login/",
        "not-found": "/glossary/no-such-term/",
    }


def open_everything(page: Page) -> None:
    """Unfold what a judge can unfold: every <details>, a glossary summary shown in place, and the
    site menu where it is folded."""
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    peek = page.locator(".peek-button").first
    if peek.count():
        peek.click()
        expect(page.locator(".peek:not([hidden])").first).to_contain_text("Read the whole entry")
    menu = page.locator(".menu-button")
    if menu.is_visible():
        menu.click()
        expect(page.locator("#site-menu")).to_be_visible()


def blocking_violations(page: Page) -> list[dict[str, Any]]:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE)
    return [v for v in page.evaluate(RUN_AXE) if v["impact"] in BLOCKING]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", WIDTHS)
def test_main_pages_have_no_serious_accessibility_violations(
    page: Page, live_server, transactional_seeded: None, tmp_path: Path, width: str
) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size(WIDTHS[width])
    found = []
    for name, path in main_pages(live_server.url, tmp_path).items():
        response = page.goto(live_server.url + path)
        assert response is not None
        assert response.status == (404 if name == "not-found" else 200), (name, response.status)
        page.screenshot(path=SCREENSHOTS / f"a11y-{name}-{width}.png")
        open_everything(page)
        found += [f"{name} ({path}): [{v['impact']}] {v['id']}: {v['help']}\n  " + "\n  ".join(v["nodes"][:5])
                  for v in blocking_violations(page)]  # fmt: skip
    assert not found, f"axe at {width} width:\n" + "\n".join(found)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_axe_finds_what_it_should(page: Page, live_server, transactional_seeded: None) -> None:
    """The check itself can fail: an unlabelled field and grey-on-grey text are caught."""
    page.goto(f"{live_server.url}/")
    page.evaluate(
        """() => {
            const main = document.querySelector('main');
            const field = document.createElement('input');
            field.type = 'text';
            main.append(field);
            const faint = document.createElement('p');
            faint.textContent = 'Faint words';
            faint.style.color = '#bbb';
            main.append(faint);
        }"""
    )
    assert {v["id"] for v in blocking_violations(page)} >= {"label", "color-contrast"}
