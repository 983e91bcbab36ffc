"""A card's page on a phone (390 px wide, real Chromium): the reader's reading is a table whose
labels never overlap their values, and nothing is wider than the screen."""

from pathlib import Path

import pytest
from cardfiles import ALL_ROWS, make_cdb
from playwright.sync_api import Page, expect

from rulings.cards.importing import import_cdb
from rulings.cards.models import Card

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output"

OVERLAPS = """() => {
  const bad = [];
  for (const row of document.querySelectorAll('table.read-fields tr')) {
    const boxes = [...row.children].map(cell => cell.getBoundingClientRect())
      .filter(b => b.width && b.height);
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      if (!apart) bad.push(row.innerText);
    }
  }
  return bad;
}"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("name", ["Relay Weaver", "Ash Blossom & Joyous Spring"])  # read, written
def test_a_cards_reading_at_phone_width(
    page: Page, live_server, transactional_seeded: None, tmp_path: Path, name: str
) -> None:
    import_cdb(make_cdb(tmp_path / "cards.cdb", ALL_ROWS))
    card = Card.objects.get(name=name)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/cards/{card.pk}/")
    table = page.locator("table.read-fields").first
    expect(table).to_be_visible()
    expect(table.locator("tbody th").first).to_have_text(
        "Kind" if card.origin == Card.WRITTEN else "Kind of effect"
    )
    assert page.evaluate(OVERLAPS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=SCREENSHOTS / f"card-page-390-{card.origin}.png", full_page=True)
