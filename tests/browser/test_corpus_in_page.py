"""Every replayable corpus scenario, opened in Chromium, shows the outcome its source states:
the verdict of each action it checks, the explanation codes, and the final LP."""

from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Page, expect

import engine
from rulings.replays.models import Scenario

CORPUS = Path(__file__).resolve().parents[1] / "scenarios"
CASES = [
    (path.stem, case)
    for path in sorted(CORPUS.glob("*.yaml"))
    if "errors" not in (case := yaml.safe_load(path.read_text(encoding="utf-8")))["expect"]
]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_every_corpus_scenario_reads_right_in_the_page(
    page: Page, live_server, transactional_seeded: None
) -> None:
    page.set_default_timeout(10_000)
    for name, case in CASES:
        text = yaml.safe_dump(case["scenario"], sort_keys=False)
        scenario = Scenario.objects.create(text=text, fmt="yaml")
        steps = engine.replay(case["scenario"])["steps"]
        expect_ = case["expect"]
        for index, want in (expect_.get("actions") or {}).items():
            n = max(s["n"] for s in steps if s["action"] == int(index))
            page.goto(f"{live_server.url}/s/{scenario.slug}/step/{n}/")
            panel = page.locator("#step-panel, main").first
            if "accepted" in want:
                badge = "Accepted" if want["accepted"] else "Illegal"
                expect(panel.locator(".badge").first, f"{name} action {index}").to_have_text(badge)
            for code in want.get("codes", []):
                mine = [s for s in steps if s["action"] == int(index)]
                step_n = next(s["n"] for s in mine if code in [e["code"] for e in s["explanations"]])
                if step_n != n:
                    page.goto(f"{live_server.url}/s/{scenario.slug}/step/{step_n}/")
                # codes are for tools: in each explanation's closed detail view, not in its words
                code_tag = page.locator("details.detail-view code.code", has_text=code).first
                expect(code_tag, f"{name}: {code}").to_be_attached()
        if expect_.get("lp"):
            page.goto(f"{live_server.url}/s/{scenario.slug}/step/{len(steps)}/")
            lps = page.locator(".lp-card, .lp").all_inner_texts()
            shown = " ".join(lps) or page.inner_text("main")
            for lp in expect_["lp"].values():
                assert str(lp) in shown, f"{name}: LP {lp} not shown"
