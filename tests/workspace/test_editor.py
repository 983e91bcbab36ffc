"""The judge's workspace: board editor, its live check, action builder, fork and compare."""

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.test import Client

import engine
from rulings.cards.models import Card
from rulings.replays.models import Scenario
from rulings.workspace.document import build_document, form_values

pytestmark = pytest.mark.django_db

CORPUS = Path(__file__).resolve().parents[1] / "scenarios"

# A activates a Set Compulsory Evacuation Device on B's Summoned Skull; B chains Solemn Judgment.
CHAIN = {
    "format": "ygo-scenario/1",
    "title": "Solemn Judgment answers a Trap",
    "board": {
        "turn": 3,
        "turn_player": "A",
        "phase": "main1",
        "players": {
            "A": {
                "lp": 8000,
                "deck": 30,
                "spell_traps": [{"card": "Compulsory Evacuation Device", "zone": 1}],
            },
            "B": {
                "lp": 8000,
                "deck": 30,
                "monsters": [{"card": "Summoned Skull", "zone": 3, "position": "attack"}],
                "spell_traps": [{"card": "Solemn Judgment", "zone": 2, "face": "down"}],
            },
        },
    },
    "actions": [
        {
            "player": "A",
            "do": "activate",
            "card": "A:Compulsory Evacuation Device",
            "targets": ["B:Summoned Skull"],
        },
        {"player": "B", "do": "activate", "card": "B:Solemn Judgment", "targets": ["link:1"]},
        {"do": "resolve"},
    ],
}


def form(doc: dict[str, Any], **changes: str) -> dict[str, str]:
    """The editor's fields for a document, with some fields changed as a judge would."""
    return {**form_values(doc), **changes}


def store(doc: dict[str, Any]) -> Scenario:
    text = yaml.safe_dump(doc, sort_keys=False)
    return Scenario.objects.create(text=text, fmt="yaml")


def slot(html: str, name: str) -> str:
    """The inner HTML of the problem slot `err-<name>` in a response."""
    match = re.search(
        rf'<div class="slot-errors[^"]*" id="err-{re.escape(name)}"[^>]*>(.*?)</div>', html, re.S
    )
    assert match, f"no slot err-{name}"
    return match[1].strip()


def test_blank_editor_draws_the_mat(client: Client, seeded: None) -> None:
    response = client.get("/editor/")
    assert response.status_code == 200
    html = response.content.decode()
    for player in ("A", "B"):
        for zone in range(1, 6):
            assert f'name="{player}-m{zone}-card"' in html
            assert f'name="{player}-s{zone}-card"' in html
        for pile in ("hand", "graveyard", "banished", "extra_deck", "deck"):
            assert f'id="pile-{player}-{pile}"' in html
        assert f'name="{player}-fz-card"' in html and f'name="{player}-deck-unknown"' in html
    assert 'name="emz-left-card"' in html and 'name="emz-right-owner"' in html
    assert html.count('title="Pendulum Zone"') == 4, "S1 and S5 of both players are marked"
    first = Card.objects.order_by("name").first().name  # the list starts with the library's first names
    assert '<datalist id="card-names">' in html and f'<option value="{first}">' in html
    assert 'value="replay"' in html and 'action="/editor/save/"' in html, "logged out: saving keeps the board"
    assert 'hx-post="/editor/validate/"' in html and 'hx-trigger="change, keyup changed delay:400ms"' in html
    assert "https://" not in html.split("<body")[0]


def _piles_in_any_order(board: dict) -> dict:
    """The board with each GY sorted: cards sent there at the same moment (the resolved Traps of a
    chain) are placed in an order their owner chooses; the engine follows the document's order of
    the cards, and the form writes each zone in its own order."""
    players = {
        name: {**half, "graveyard": sorted(half["graveyard"], key=lambda c: c["id"])}
        for name, half in board["players"].items()
    }
    return {**board, "players": players}


def test_every_corpus_board_survives_the_form(seeded: None) -> None:
    """Document → fields → document replays the same, for every replayable corpus scenario."""
    checked = 0
    for path in sorted(CORPUS.glob("*.yaml")):
        case = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "errors" in case["expect"]:
            continue
        doc = case["scenario"]
        rebuilt = build_document(form_values(doc)).doc
        want, got = engine.replay(doc), engine.replay(rebuilt)
        assert [s["summary"] for s in got["steps"]] == [s["summary"] for s in want["steps"]], path.name
        assert _piles_in_any_order(got["final_board"]) == _piles_in_any_order(want["final_board"]), path.name
        assert got["result"] == want["result"], path.name
        checked += 1
    assert checked > 20


def test_problems_are_drawn_next_to_their_fields(client: Client, seeded: None) -> None:
    data = form(
        CHAIN,
        **{
            "B-m3-position": "atk",
            "A-hand-0": "Mirror Forse",
            "A-lp": "lots",
            "action-1": "{player: B, do: activate, card: 'B:Solemn Judgement'}",
        },
    )
    response = client.post("/editor/validate/", data)
    assert response.status_code == 200
    html = response.content.decode()
    position = slot(html, "B-m3")
    assert 'data-field="B-m3-position"' in position and "expected attack, defense or set" in position
    assert "Position:" in position
    hand = slot(html, "A-hand")
    assert 'data-field="A-hand-0"' in hand and "unknown card &#x27;Mirror Forse&#x27;" in hand
    assert "Mirror Force" in hand, "the engine's suggestion is shown"
    assert "expected a whole number" in slot(html, "A-player")
    assert "B:Solemn Judgement" in slot(html, "action-1") and 'data-field="action-1"' in slot(
        html, "action-1"
    )
    assert slot(html, "A-s1") == "" and slot(html, "board") == "", "slots without problems are cleared"
    assert 'hx-swap-oob="true"' in html
    # The same problems, by the same paths, as the API gives for the same document.
    text = build_document(data).text()
    api = client.post("/api/replay", text, content_type="application/yaml").json()["errors"]
    summary = re.search(r'id="editor-errors".*?</div>', html, re.S)[0]
    assert f"{len(api)} problems in this scenario" in summary
    for error in api:
        assert f'<code class="error-path">{error["path"]}</code>' in summary


def test_a_replay_from_the_editor_stores_the_scenario_and_opens_its_steps(
    client: Client, seeded: None
) -> None:
    response = client.post("/editor/", {**form(CHAIN), "op": "replay"})
    assert response.status_code == 302
    slug = re.fullmatch(r"/s/([0-9a-f]{12})/", response["Location"])[1]
    stored = Scenario.objects.get(slug=slug)
    assert engine.replay(yaml.safe_load(stored.text)) == engine.replay(CHAIN)
    step = client.get(f"/s/{slug}/step/2/").content.decode()
    assert "B activates Solemn Judgment" in step
    assert client.post("/editor/", {**form(CHAIN), "op": "replay"})["Location"] == response["Location"]


def test_a_replay_with_problems_stays_in_the_editor(client: Client, seeded: None) -> None:
    response = client.post("/editor/", {**form(CHAIN, **{"turn": "0"}), "op": "replay"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "expected a number &gt;= 1" in slot(html, "board")
    assert Scenario.objects.count() == 0


def test_htmx_replay_redirects_by_header(client: Client, seeded: None) -> None:
    response = client.post("/editor/", {**form(CHAIN), "op": "replay"}, headers={"HX-Request": "true"})
    assert response["HX-Redirect"].startswith("/s/")


def test_action_rows_show_what_the_engine_made_of_them(client: Client, seeded: None) -> None:
    doc = {**CHAIN, "actions": [*CHAIN["actions"], {"player": "A", "do": "phase", "to": "battle"}]}
    doc["board"] = {**CHAIN["board"], "turn": 1}
    html = client.post("/editor/validate/", form(doc)).content.decode()
    notes = slot(html, "action-3")
    assert "Illegal (step" in notes and "Battle Phase" in notes
    assert "Step 1:" in slot(html, "action-0") and "A activates Compulsory Evacuation Device" in html


def test_builder_offers_the_cards_of_the_board_after_the_last_step(client: Client, seeded: None) -> None:
    one_action = {**CHAIN, "actions": CHAIN["actions"][:1]}
    data = {**form(one_action), "b-player": "B", "b-do": "activate"}
    html = client.post("/editor/builder/", data).content.decode()
    assert '<option value="B:Solemn Judgment"' in html
    assert '<option value="link:1"' in html, "the open chain's links can be targeted"
    assert "Chain Link 1: A&#x27;s Compulsory Evacuation Device" in html, (
        "B's builder names A's card by its name"
    )
    assert (
        '<option value="A:Compulsory Evacuation Device"'
        not in html.split('id="b-card"')[1].split("</select>")[0]
    )
    attack = client.post(
        "/editor/builder/", {**form(CHAIN), "b-player": "B", "b-do": "attack"}
    ).content.decode()
    assert 'id="b-attacker"' in attack and '<option value="B:Summoned Skull"' in attack
    assert '<option value="direct"' in attack


def test_builder_adds_the_action_and_it_replays(client: Client, seeded: None) -> None:
    one_action = {**CHAIN, "actions": CHAIN["actions"][:1]}
    data = {
        **form(one_action),
        "op": "add-action",
        "b-player": "B",
        "b-do": "activate",
        "b-card": "B:Solemn Judgment",
        "b-targets": "link:1",
    }
    response = client.post("/editor/", data)
    assert response.status_code == 200
    values = response.context["values"]
    assert yaml.safe_load(values["action-1"]) == CHAIN["actions"][1]
    assert response.context["errors"] == []


def test_builder_offers_what_the_engine_says_is_legal_first(client: Client, seeded: None) -> None:
    doc = {**CHAIN, "actions": CHAIN["actions"][:1]}
    doc["board"] = {**CHAIN["board"], "players": {**CHAIN["board"]["players"]}}
    doc["board"]["players"]["A"] = {**CHAIN["board"]["players"]["A"], "hand": ["Dark Hole"]}
    b = client.post("/editor/builder/", {**form(doc), "b-player": "B", "b-do": "activate"}).content.decode()
    select = b.split('id="b-card"')[1].split("</select>")[0]
    assert select.index("Can be activated now") < select.index('value="B:Solemn Judgment"')
    assert select.count('value="B:Solemn Judgment"') == 1
    a = client.post("/editor/builder/", {**form(doc), "b-player": "A", "b-do": "activate"}).content.decode()
    cannot = a.split('class="wide legal-cannot"')[1].split("</details>")[0]
    assert "Dark Hole (Hand)" in cannot and "Spell Speed" in cannot, "the engine's reason is shown"
    assert "A:Dark Hole" not in cannot, "a card by its name and place, not its id"


@pytest.mark.parametrize(
    ("op", "order"),
    [("up:1", [1, 0, 2]), ("down:0", [1, 0, 2]), ("delete:1", [0, 2]), ("resolve:0", [0, "r", 1, 2])],
)
def test_reorder_delete_and_insert_resolve(client: Client, seeded: None, op: str, order: list) -> None:
    response = client.post("/editor/", {**form(CHAIN), "op": op})
    values = response.context["values"]
    lines = [yaml.safe_load(values[f"action-{i}"]) for i in range(len(order))]
    want = [{"do": "resolve"} if i == "r" else CHAIN["actions"][i] for i in order]
    assert lines == want
    assert f"action-{len(order)}" not in values


def test_more_slots_for_a_pile(client: Client, seeded: None) -> None:
    html = client.post("/editor/", {**form(CHAIN), "op": "more:A-hand"}).content.decode()
    assert 'name="A-hand-4"' in html and 'name="A-hand-5"' not in html


def test_fork_prefills_the_board_and_the_actions_up_to_the_step(client: Client, seeded: None) -> None:
    scenario = store(CHAIN)
    response = client.get(f"/editor/?from={scenario.slug}&upto=2")
    assert response.status_code == 200
    values = response.context["values"]
    assert values["B-m3-card"] == "Summoned Skull" and values["A-s1-card"] == "Compulsory Evacuation Device"
    assert values["B-s2-face"] == "down" and values["turn"] == "3"
    assert [k for k in values if k.startswith("action-")] == ["action-0", "action-1"]
    html = response.content.decode()
    assert f'name="forked_from" value="{scenario.slug}"' in html
    assert "What if" in html
    assert client.get(f"/editor/?from={scenario.slug}&upto=99").status_code == 404
    assert client.get("/editor/?from=000000000000").status_code == 404
    whole = client.get(f"/editor/?from={scenario.slug}").context["values"]
    assert "action-2" in whole


def test_fork_replay_and_compare(client: Client, seeded: None) -> None:
    original = store(CHAIN)
    step = client.get(f"/s/{original.slug}/step/2/").content.decode()
    assert f'href="/editor/?from={original.slug}&amp;upto=2"' in step
    values = client.get(f"/editor/?from={original.slug}&upto=1").context["values"]
    response = client.post("/editor/", {**values, "action-1": "{do: resolve}", "op": "replay"})
    assert response.status_code == 302
    assert response["Location"].endswith(f"?vs={original.slug}")
    fork_slug = response["Location"].split("/")[2]
    viewer = client.get(response["Location"]).content.decode()
    assert f'href="/compare/{original.slug}/{fork_slug}/"' in viewer
    assert f"/s/{fork_slug}/step/2/?vs={original.slug}" in viewer, "step links keep the comparison"

    page = client.get(f"/compare/{original.slug}/{fork_slug}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count("The duel is still going on") == 2
    rows = page.context["rows"]
    assert not rows[0]["differs"] and rows[1]["differs"]
    assert page.context["first_difference"] == 2
    assert 'id="first-difference"' in html and "B activates Solemn Judgment" in html
    assert "Chain Link 1 resolves: Compulsory Evacuation Device" in html
    assert html.count('class="board"') == 2, "both final boards are drawn"
    assert client.get(f"/compare/{original.slug}/000000000000/").status_code == 404


def test_viewer_draws_the_chain_as_a_stack_and_lp_changes(client: Client, seeded: None) -> None:
    scenario = store(CHAIN)
    html = client.get(f"/s/{scenario.slug}/step/2/").content.decode()
    stack = html.split('class="chain-stack"')[1].split("</ol>")[0]
    assert stack.index("CL2") < stack.index("CL1"), "the last link is drawn on top"
    assert "Spell Speed 3" in stack and "Player B" in stack
    assert "−4000" in html and "paid" in html
    assert 'class="peek-button"' in html and "?popup=1" in html


def test_glossary_popup_is_a_small_partial(client: Client, seeded: None) -> None:
    entry = engine.glossary_entry("chain")
    response = client.get("/glossary/chain/?popup=1")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and entry["term"] in html
    assert 'href="/glossary/chain/"' in html


def test_card_names_for_the_datalist(client: Client, seeded: None) -> None:
    html = client.get("/editor/cards/", {"q": "mirr"}).content.decode()
    assert '<option value="Mirror Force">' in html and "Dark Hole" not in html
    typed = client.get("/editor/cards/", {"A-m1-card": "dark"}).content.decode()
    assert '<option value="Dark Hole">' in typed and '<option value="Dark Magician">' in typed


def test_import_a_deck_fills_the_deck_and_extra_deck(client: Client, seeded: None) -> None:
    Card.objects.filter(name="Dark Hole").update(passcode=53129443)
    Card.objects.filter(name="Linkuriboh").update(passcode=41999284)
    ydk = "#created by a deck builder\n#main\n53129443\n53129443\n#extra\n41999284\n!side\n"
    data = {**form(CHAIN), "op": "import-deck", "deck_text": ydk, "deck_player": "B"}
    response = client.post("/editor/", data)
    values = response.context["values"]
    assert [values.get(f"B-deck-{i}") for i in range(3)] == ["Dark Hole", "Dark Hole", None]
    assert values["B-extra_deck-0"] == "Linkuriboh" and values["B-deck-unknown"] == "0"
    html = response.content.decode()
    assert "Player B: 2 Main Deck and 1 Extra Deck cards." in html
    built = build_document(values).doc["board"]["players"]["B"]
    # a deck list says which cards the Deck holds, not their order: the Deck is shuffled
    assert built["deck"] == {"cards": ["Dark Hole", "Dark Hole"], "unknown": 0, "shuffled": True}
    assert 'id="f-B-deck-shuffled" name="B-deck-shuffled" checked' in html
    assert engine.replay(build_document(values).doc)["steps"][0]["accepted"]

    unknown = client.post("/editor/", {**form(CHAIN), "op": "import-deck", "deck_text": "#main\n1\n"})
    assert "Main Deck card 1: passcode 1 is not in the card database." in unknown.content.decode()
    assert unknown.context["values"]["A-deck-unknown"] == "1", "an unknown card is one of the Deck's unknown"
    bad = client.post("/editor/", {**form(CHAIN), "op": "import-deck", "deck_text": "#main\nabc\n"})
    assert "expected a passcode" in bad.content.decode()
    assert bad.context["values"]["A-deck-unknown"] == "30", "the board is left as it was"


# --- the builder says what is wrong in place; a judge-stated resolution without YAML

RING_FILE = CORPUS / "trigger-when-misses-after-then.yaml"
RING = yaml.safe_load(RING_FILE.read_text(encoding="utf-8"))["scenario"]
RING_NO_ACTIONS = {**RING, "actions": []}
STATED = {  # A's Ring of Destruction, its resolution stated as two rows: destroy, then damage
    "op": "add-action",
    "b-player": "A",
    "b-do": "activate",
    "b-card": "A:Ring of Destruction",
    "b-targets": "B:Peten the Dark Clown",
    "b-res-rows": "2",
    "b-res-0-verb": "destroy",
    "b-res-0-cards": "B:Peten the Dark Clown",
    "b-res-1-verb": "damage",
    "b-res-1-player": "B",
    "b-res-1-amount": "500",
}


def problem(html: str, key: str) -> str:
    """The builder's problem list next to its field `key`, as text ("" when there is none)."""
    match = re.search(rf'<ul class="field-problems" id="err-b-{re.escape(key)}"[^>]*>(.*?)</ul>', html, re.S)
    return re.sub(r"<[^>]+>", " ", match[1]) if match else ""


def test_an_action_with_a_problem_stays_in_the_builder(client: Client, seeded: None) -> None:
    data = {**form(RING_NO_ACTIONS), "op": "add-action", "b-player": "A", "b-do": "activate"}
    response = client.post("/editor/", data)
    html = response.content.decode()
    assert "required for activate" in problem(html, "card")
    assert 'aria-invalid="true" aria-describedby="err-b-card"' in html
    assert "action-0" not in response.context["values"], "nothing is added"
    assert response.context["focus"] == "b-card"
    none = client.post("/editor/", {**data, "b-do": ""})
    assert "choose what the player did" in problem(none.content.decode(), "do")


def test_a_stated_resolution_is_built_from_rows(client: Client, seeded: None) -> None:
    response = client.post("/editor/", {**form(RING_NO_ACTIONS), **STATED})
    values = response.context["values"]
    action = yaml.safe_load(values["action-0"])
    assert action["resolution"] == [{"destroy": ["B:Peten the Dark Clown"]}, {"damage": {"B": 500}}]
    doc = build_document({**values, "action-1": "{do: resolve}"}).doc
    assert doc["actions"][0] == action, "the document holds what the rows said"
    replay = engine.replay(doc)
    assert "stated.applied" in [e["code"] for s in replay["steps"] for e in s["explanations"]]
    assert replay["final_board"]["players"]["B"]["lp"] == 7500


def test_same_time_rows_make_one_entry_and_come_back_as_rows() -> None:
    from rulings.workspace.builder import built_resolution, resolution_rows, rows_of

    data = {**STATED, "b-res-1-with": "on"}
    entries = built_resolution(resolution_rows(data))[0]
    assert entries == [{"destroy": ["B:Peten the Dark Clown"], "damage": {"B": 500}}]
    rows = rows_of(entries)
    assert [(r["verb"], r["with"]) for r in rows] == [("destroy", ""), ("damage", "on")]
    both = rows_of([{"damage": {"A": 500, "B": 500}}, {"negate_effect": "link:1"}])
    assert [(r["verb"], r["player"], r["with"]) for r in both] == [
        ("damage", "A", ""), ("damage", "B", "on"), ("negate_effect", "", ""),
    ]  # fmt: skip
    assert rows_of([{"explode": ["A:X"]}]) is None, "what the rows cannot say is not loaded"


def test_change_an_action_in_the_builder(client: Client, seeded: None) -> None:
    values = client.post("/editor/", {**form(RING_NO_ACTIONS), **STATED}).context["values"]
    values = {**values, "action-1": "{do: resolve}"}
    loaded = client.post("/editor/", {**values, "op": "edit:0"})
    builder = loaded.context["builder"]
    assert builder["editing"] == 0 and builder["verb"] == "activate"
    assert [(r["verb"], r["cards"], r["amount"]) for r in builder["res_rows"]] == [
        ("destroy", ["B:Peten the Dark Clown"], ""), ("damage", [], "500"),
    ]  # fmt: skip
    assert "Change action 1" in loaded.content.decode() and "Replace action 1" in loaded.content.decode()
    # The rows are changed (damage to both players) and the action replaced in place.
    changed = {**values, **STATED, "b-edit": "0", "b-res-1-player": "A"}
    response = client.post("/editor/", changed)
    new = response.context["values"]
    assert yaml.safe_load(new["action-0"])["resolution"][1] == {"damage": {"A": 500}}
    assert new["action-1"] == "{do: resolve}" and "action-2" not in new
    # An action the builder cannot show whole is not loaded (its line is changed instead).
    two_choices = "{player: A, do: activate, card: 'A:Ring of Destruction', choices: {add: [a], send: [b]}}"
    odd = {**values, "action-0": two_choices}
    refused = client.post("/editor/", {**odd, "op": "edit:0"})
    assert "cannot show" in problem(refused.content.decode(), "general")


def test_every_corpus_resolution_loads_into_the_builder() -> None:
    from rulings.workspace.builder import builder_data

    loaded = 0
    for path in sorted(CORPUS.glob("*.yaml")):
        case = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "errors" in case["expect"]:
            continue
        for i, action in enumerate(case["scenario"].get("actions") or []):
            if "resolution" in action:
                assert builder_data(action, i) is not None, (path.name, i)
                loaded += 1
    assert loaded >= 3


def test_rows_left_unfinished_and_engine_problems_are_said_at_their_row(client: Client, seeded: None) -> None:
    data = {**form(RING_NO_ACTIONS), **STATED, "b-res-rows": "4", "b-res-0-cards": "", "b-res-1-amount": ""}
    data |= {"b-res-2-verb": "", "b-res-3-verb": "change_atk"}
    html = client.post("/editor/", data).content.decode()
    assert "choose the cards it happened to" in problem(html, "res-0")
    assert "give the amount" in problem(html, "res-1")
    assert "choose what happened" in problem(html, "res-2")
    assert "choose the monster" in problem(html, "res-3")
    bad = {**form(RING_NO_ACTIONS), **STATED, "b-res-1-verb": "change_atk"}
    bad |= {"b-res-1-card": "B:Peten the Dark Clown", "b-res-1-amount": "lots"}
    response = client.post("/editor/", bad)
    said = problem(response.content.decode(), "res-1")
    assert "expected a whole number" in said, "the engine's word, in place"
    assert response.context["focus"] == "b-res-1-verb"


@pytest.mark.parametrize(("op", "rows"), [("res-add", 3), ("res-delete:0", 1)])
def test_add_and_remove_rows(client: Client, seeded: None, op: str, rows: int) -> None:
    response = client.post("/editor/", {**form(RING_NO_ACTIONS), **STATED, "op": op})
    res_rows = response.context["builder"]["res_rows"]
    assert len(res_rows) == rows
    if op == "res-delete:0":
        assert res_rows[0]["verb"] == "damage" and res_rows[0]["amount"] == "500"


def test_form_problems_without_a_document_path(client: Client, seeded: None) -> None:
    data = form(CHAIN, **{"emz-left-card": "Summoned Skull", "title": "x" * 201})
    html = client.post("/editor/validate/", data).content.decode()
    assert "choose whose monster it is" in slot(html, "emz-left")
    assert 'data-field="emz-left-owner"' in slot(html, "emz-left")
    assert "at most 200" in slot(html, "general")
    typo = client.post("/editor/validate/", form(CHAIN, **{"A-s1-equipped_to": "B:Sumoned Skull"}))
    assert "Equipped to: no card &#x27;B:Sumoned Skull&#x27;" in slot(typo.content.decode(), "A-s1")
    assert client.post("/editor/", {**data, "op": "replay"}).status_code == 400


def test_saving_logged_out_keeps_the_board_through_the_login(client: Client, seeded: None) -> None:
    from django.contrib.auth.models import User

    text = build_document(form(CHAIN)).text()
    response = client.post("/editor/save/", {"title": "Solemn answers", "scenario": text})
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/?next=")
    slug = Scenario.objects.get(text=text).slug
    user = User.objects.create_user("judge", password="a-long-pass-phrase-1")
    client.force_login(user)  # logging in is the accounts' test (tests/saved); here, what follows it
    again = client.post("/editor/save/", {"title": "Solemn answers", "scenario": text})
    assert again["Location"] == f"/r/new/?from={slug}&title=Solemn+answers"
    page = client.get(again["Location"]).content.decode()
    assert "Solemn answers" in page and "Compulsory Evacuation Device" in page
    broken = client.post("/editor/save/", {"title": "t", "scenario": text.replace("Summoned Skull", "Skul")})
    assert broken.status_code == 400 and "unknown card" in broken.content.decode()
    assert broken.context["values"]["B-m3-card"] == "Skul", "the board comes back to be fixed"


def test_attributes_without_a_field_are_kept_on_a_round_trip() -> None:
    """What the editor has no field for (a newer attribute, a Field Spell's counters) survives."""
    doc = {**CHAIN, "board": {**CHAIN["board"], "players": {**CHAIN["board"]["players"]}}}
    b = doc["board"]["players"]["B"]
    doc["board"]["players"]["B"] = {
        **b,
        "monsters": [{**b["monsters"][0], "future_flag": True}],
        "spell_traps": [{**b["spell_traps"][0], "future_note": "kept"}],
        "field_spell": {"card": "Yami", "face": "up", "counters": {"Spell Counter": 1}},
    }
    rebuilt = build_document(form_values(doc)).doc["board"]["players"]["B"]
    assert rebuilt["monsters"][0]["future_flag"] is True
    assert rebuilt["spell_traps"][0]["future_note"] == "kept"
    assert rebuilt["field_spell"]["counters"] == {"Spell Counter": 1}
    changed = {**form_values(doc), "B-m3-card": "Dark Magician"}
    assert "future_flag" not in build_document(changed).doc["board"]["players"]["B"]["monsters"][0]


def test_cards_keep_their_ids_when_the_editor_writes_zones_in_order() -> None:
    """Two Dust Tornados listed zone 2 first: `B:Dust Tornado` is the one in zone 2, and stays so
    although the editor writes zone 1 first; where the order does not matter, no id is written."""
    both = [{"card": "Dust Tornado", "zone": z, "face": "down"} for z in (2, 1)]
    doc = {**CHAIN, "board": {**CHAIN["board"], "players": {**CHAIN["board"]["players"]}}}
    doc["board"]["players"]["B"] = {"deck": 30, "spell_traps": both, "graveyard": ["Dust Tornado"]}
    values = form_values(doc)
    assert (values["B-s1-id"], values["B-s2-id"]) == ("B:Dust Tornado#2", "B:Dust Tornado")
    assert "B:Dust Tornado#3" in values["B-graveyard-0-keep"], "later cards of that name keep theirs too"
    assert "id" not in both[0] and "id" not in both[1], "the document itself is untouched"
    in_order = {**doc, "board": {**doc["board"], "players": {**doc["board"]["players"]}}}
    in_order["board"]["players"]["B"] = {"deck": 30, "spell_traps": both[::-1]}
    assert form_values(in_order)["B-s1-id"] == ""


def test_a_once_per_turn_name_that_is_no_card_here_is_said_at_its_field(client: Client, seeded: None) -> None:
    response = client.post("/editor/validate/", form(CHAIN, **{"A-used_this_turn": "Sangn"}))
    player = slot(response.content.decode(), "A-player")
    assert 'data-field="A-used_this_turn"' in player and "no card named &#x27;Sangn&#x27;" in player


def test_a_shuffled_deck_keeps_its_unknown_order_through_the_editor(client: Client, seeded: None) -> None:
    """A Deck whose known cards are in no known order (after a search) stays so when its board is
    edited: the box is ticked, and the document built from the fields says so again."""
    doc = {**CHAIN, "board": {**CHAIN["board"], "players": {**CHAIN["board"]["players"]}}}
    shuffled = {"cards": ["Raigeki", "Dark Hole"], "unknown": 3, "shuffled": True}
    doc["board"]["players"]["A"] = {**doc["board"]["players"]["A"], "deck": shuffled}
    values = form(doc)
    assert values["A-deck-shuffled"] == "on" and not values.get("B-deck-shuffled")
    assert build_document(values).doc["board"]["players"]["A"]["deck"] == shuffled
    html = client.post("/editor/", {**values, "op": "check"}).content.decode()
    assert 'id="f-A-deck-shuffled" name="A-deck-shuffled" checked' in html
    assert "Shuffled: these cards are in the Deck, their order is not known" in html
    unticked = build_document({**values, "A-deck-shuffled": ""}).doc["board"]["players"]["A"]["deck"]
    assert unticked == {"cards": ["Raigeki", "Dark Hole"], "unknown": 3}
